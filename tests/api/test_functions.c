/*
 * test_functions.c -- the built-in scalar function library end to end:
 * SQL through eddy_tenv_sql_query + eddy_table_execute + eddy_result_collect
 * with exact expected rows, for the string, regex, hash/encoding, temporal,
 * collection, conditional and JSON functions: normal values, NULLs, empty
 * strings, Unicode, negative positions, leap years, time zones, and the
 * validation and run-time errors.
 *
 * Functions reached through special syntax (EXTRACT, FLOOR/CEIL .. TO,
 * TIMESTAMPADD/DIFF, SIMILAR TO, the JSON clauses) go through the binder's
 * mapping of that syntax onto their call layouts.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;
static int skipped;

static void setup(eddy_runtime_mode mode) {
    env = new_env(1);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    eddy_tenv_set_option(tenv, "table.local-time-zone", "UTC");
    eddy_stream *ds = eddy_from_values(env, "ROW<id INT, s STRING, n INT>",
                                       "(1, 'a,b', 2), (2, NULL, NULL), (3, '', -1), (4, '日本語', 0)");
    eddy_tenv_create_temporary_view_from_stream(tenv, "T", ds, NULL);
}

/* Executes sql; its rows one Row.toString per line, or "ERROR: ...". */
static char *run_rows(const char *sql) { return sql_query_lines(tenv, sql); }

/* The schema of sql's result ("(\n  `a` INT\n)"), or the error. */
static char *schema_of(const char *sql) {
    eddy_table *t = eddy_tenv_sql_query(tenv, sql);
    if (!t) return env_error_text(env);
    return strdup(eddy_table_schema_string(t));
}

#define ASSERT_ROWS(sql, expected) ASSERT_TEXT(run_rows(sql), expected)

/* Asserts that sql fails and the message contains text. */
#define ASSERT_FAILS(sql, text)                          \
    do {                                                 \
        char *got_ = run_rows(sql);                      \
        if (strncmp(got_, "ERROR: ", 7) || !strstr(got_, (text))) { \
            TEST_FAIL_HERE();                            \
            fprintf(stderr, "expected an error with \"%s\", got:\n%s\n", (text), got_); \
            free(got_);                                  \
            return;                                      \
        }                                                \
        free(got_);                                      \
    } while (0)

/* ---- strings ------------------------------------------------------------------------------------ */

TEST(string_functions) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT OVERLAY('xxxxxtest' PLACING 'xxxx' FROM 6), OVERLAY('xxxxxtest' PLACING 'xxxx' FROM 6 FOR 2), "
                "OVERLAY('abc' PLACING 'X' FROM 2 FOR 0), OVERLAY('abc' PLACING 'XY' FROM 5), "
                "OVERLAY('日本語' PLACING 'x' FROM 2), OVERLAY('abc' PLACING 'X' FROM 0)",
                "+I[xxxxxxxxx, xxxxxxxxxst, aX, abc, 日x語, abc]\n");
    ASSERT_ROWS("SELECT INSTR('abcabc', 'c'), INSTR('abcabc', 'c', 4), INSTR('abcabc', 'c', -1), "
                "INSTR('abcabc', 'c', 1, 2), INSTR('abc', ''), INSTR('日本語本', '本', 3), INSTR('abc', 'x')",
                "+I[3, 6, 6, 6, 1, 4, 0]\n");
    ASSERT_ROWS("SELECT ELT(2, 'a', 'b'), ELT(3, 'a', 'b'), ELT(0, 'a'), ELT(CAST(NULL AS INT), 'a'), "
                "ELT(1, CAST(NULL AS STRING), 'b')",
                "+I[b, null, null, null, null]\n");
    /* Flink's documented example; unmatched characters of fromStr are removed */
    ASSERT_ROWS("SELECT TRANSLATE('www.apache.org', 'wapcheorg', ' APCHEcom'), TRANSLATE('abc', 'ab', 'x'), "
                "TRANSLATE(CAST(NULL AS STRING), 'a', 'b')",
                "+I[   .APACHE.com, xc, null]\n");
    ASSERT_ROWS("SELECT BTRIM('  x  '), BTRIM('xxaxx', 'x'), BTRIM('', 'x'), BTRIM('ééaé', 'é'), "
                "STARTSWITH('abc', 'ab'), STARTSWITH('abc', ''), STARTSWITH('ab', 'abc'), ENDSWITH('abc', 'bc'), "
                "ENDSWITH('abc', 'b'), STARTSWITH(X'0102', X'01')",
                "+I[x, a, , a, true, true, false, true, false, true]\n");
    ASSERT_ROWS("SELECT SPLIT('a,b,,c', ','), SPLIT('', ','), SPLIT('abc', ''), SPLIT(',a,', ','), SPLIT('abc', 'x'), "
                "SPLIT('a--b', '--'), SPLIT('日本', '')",
                "+I[[a, b, , c], [], [a, b, c], [, a, ], [abc], [a, b], [日, 本]]\n");
    ASSERT_ROWS("SELECT id, SPLIT(s, ','), BTRIM(s), INSTR(s, 'b') FROM T",
                "+I[1, [a, b], a,b, 3]\n+I[2, null, null, null]\n+I[3, [], , 0]\n+I[4, [日本語], 日本語, 0]\n");
    /* the 0 flag pads hex and octal too; %#x puts 0x before the zeros */
    ASSERT_ROWS("SELECT PRINTF('%08X|%05o|%#010x|%-6x|', 255, 8, 255, 255)", "+I[000000FF|00010|0x000000ff|ff    |]\n");
    ASSERT_ROWS("SELECT PRINTF('%s-%d-%5.2f|%-5s|%05d|%x|%X|%,d|%%|%b|%n', 'a', 42, 3.14159, 'ab', 42, 255, 255, "
                "1234567, TRUE)",
                "+I[a-42- 3.14|ab   |00042|ff|FF|1,234,567|%|true|\n]\n");
    ASSERT_ROWS("SELECT PRINTF('%.2f %.1f %e %.3e %g %s %d %s', 0.125, 0.05, 1234.5, 0.000123456, 0.0001, "
                "CAST(NULL AS STRING), CAST(NULL AS INT), ARRAY[1, 2]), PRINTF('%2$s %1$s', 'a', 'b'), "
                "PRINTF(CAST(NULL AS STRING), 1), PRINTF('%x %+d %(d', -1, 5, -5)",
                "+I[0.13 0.1 1.234500e+03 1.235e-04 0.000100000 null null [1, 2], b a, null, ffffffff +5 (5)]\n");
    ASSERT_FAILS("SELECT PRINTF('%d', 'x')", "java.util.IllegalFormatConversionException: d != ");
    ASSERT_FAILS("SELECT PRINTF('%s %s', 'a')", "java.util.MissingFormatArgumentException: Format specifier '%s'");
    ASSERT_FAILS("SELECT PRINTF('%q', 'a')", "java.util.UnknownFormatConversionException: Conversion = 'q'");
    ASSERT_FAILS("SELECT OVERLAY(1 PLACING 'x' FROM 1)", "Cannot apply 'OVERLAY' to arguments of type");
    ASSERT_FAILS("SELECT STARTSWITH('a', 1)", "Invalid function call:\nSTARTSWITH(CHAR(1) NOT NULL, INT NOT NULL)");
    eddy_env_free(env);
}

TEST(encoding_and_hash_functions) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT TO_BASE64('hello world'), FROM_BASE64('aGVsbG8gd29ybGQ='), TO_BASE64(''), FROM_BASE64(''), "
                "TO_BASE64('日'), FROM_BASE64('5pel'), FROM_BASE64('YQ'), TO_BASE64(X'00FF')",
                "+I[aGVsbG8gd29ybGQ=, hello world, , , 5pel, 日, a, AP8=]\n");
    ASSERT_FAILS("SELECT FROM_BASE64('a-b=')", "java.lang.IllegalArgumentException: Illegal base64 character 2d");
    ASSERT_FAILS("SELECT FROM_BASE64('abcde')", "Last unit does not have enough valid bits");
    ASSERT_ROWS("SELECT ENCODE('é', 'UTF-16BE'), DECODE(ENCODE('héllo', 'ISO-8859-1'), 'ISO-8859-1'), "
                "DECODE(X'616263', 'UTF-8'), ENCODE('a€', 'US-ASCII'), DECODE(ENCODE('a😀', 'UTF-16'), 'UTF-16'), "
                "ENCODE('é', 'utf-8'), DECODE(X'E9', 'UTF-8')",
                "+I[[0, -23], héllo, abc, [97, 63], a😀, [-61, -87], \xef\xbf\xbd]\n");
    ASSERT_FAILS("SELECT ENCODE('a', 'xyz')", "java.nio.charset.UnsupportedCharsetException: xyz");
    ASSERT_ROWS("SELECT MD5('abc'), MD5(''), SHA1('abc'), SHA256('')",
                "+I[900150983cd24fb0d6963f7d28e17f72, d41d8cd98f00b204e9800998ecf8427e, "
                "a9993e364706816aba3e25717850c26c9cd0d89d, "
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855]\n");
    ASSERT_ROWS("SELECT SHA224('abc'), SHA384('abc')",
                "+I[23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7, "
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7]\n");
    ASSERT_ROWS("SELECT SHA512(''), SHA2('abc', 256), SHA256(REPEAT('a', 1000)), MD5(CAST(NULL AS STRING))",
                "+I[cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b9"
                "31bd47417a81a538327af927da3e, ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad, "
                "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3, null]\n");
    ASSERT_FAILS("SELECT SHA2('abc', 7)", "Unsupported algorithm: SHA-7");
    ASSERT_ROWS("SELECT BIN(12), BIN(0), BIN(-1), HEX(255), HEX(-1), HEX('hello,world'), HEX(''), UNHEX('616263'), "
                "UNHEX('ABC'), UNHEX('zz'), UNHEX('')",
                "+I[1100, 0, 1111111111111111111111111111111111111111111111111111111111111111, FF, FFFFFFFFFFFFFFFF, "
                "68656C6C6F2C776F726C64, , [97, 98, 99], [0, -68], null, []]\n");
    ASSERT_ROWS("SELECT URL_ENCODE('a b&c=d/é*'), URL_DECODE('a+b%26c%3Dd%2F%C3%A9'), URL_DECODE('%zz'), "
                "URL_ENCODE(''), CHAR_LENGTH(UUID()), SUBSTRING(UUID(), 15, 1)",
                "+I[a+b%26c%3Dd%2F%C3%A9*, a b&c=d/é, null, , 36, 4]\n");
    const char *url = "'http://user:pw@facebook.com:8080/path1/p.php?k1=v1&k2=v2#Ref1'";
    char sql[1024];
    snprintf(sql, sizeof sql,
             "SELECT PARSE_URL(%s, 'HOST'), PARSE_URL(%s, 'PATH'), PARSE_URL(%s, 'QUERY'), PARSE_URL(%s, 'REF'), "
             "PARSE_URL(%s, 'PROTOCOL'), PARSE_URL(%s, 'AUTHORITY'), PARSE_URL(%s, 'FILE'), PARSE_URL(%s, 'USERINFO'), "
             "PARSE_URL(%s, 'QUERY', 'k2'), PARSE_URL(%s, 'QUERY', 'k3'), PARSE_URL(%s, 'HOST', 'k1')",
             url, url, url, url, url, url, url, url, url, url, url);
    ASSERT_ROWS(sql, "+I[facebook.com, /path1/p.php, k1=v1&k2=v2, Ref1, http, user:pw@facebook.com:8080, "
                     "/path1/p.php?k1=v1&k2=v2, user:pw, v2, null, null]\n");
    ASSERT_ROWS("SELECT PARSE_URL('not a url', 'HOST'), PARSE_URL('http://a.com', 'PATH'), PARSE_URL('http://a.com', "
                "'QUERY'), PARSE_URL('http://a.com:x/', 'HOST'), PARSE_URL('http://a.com/p', 'NOPE')",
                "+I[null, , null, null, null]\n");
    eddy_env_free(env);
}

/* ---- regular expressions ---------------------------------------------------------------------------- */

TEST(regex_functions) {
    setup(EDDY_BATCH);
    char *probe = run_rows("SELECT REGEXP('a', 'a')");
    bool no_pcre = strstr(probe, "PCRE2") != NULL;
    free(probe);
    if (no_pcre) {
        /* built without PCRE2: the functions bind, and fail when they run */
        fprintf(stderr, "skipped: regular expressions (built without PCRE2)\n");
        skipped++;
        ASSERT_FAILS("SELECT REGEXP_REPLACE('a', 'a', 'b')", "REGEXP functions need PCRE2; eddy was built without it");
        ASSERT_FAILS("SELECT REGEXP_EXTRACT_ALL('a', 'a', 0)", "REGEXP functions need PCRE2; eddy was built without it");
        ASSERT_ROWS("SELECT STR_TO_MAP('k1=v1,k2=v2')", "+I[{k1=v1, k2=v2}]\n");
        eddy_env_free(env);
        return;
    }
    ASSERT_ROWS("SELECT REGEXP('abc', 'b'), REGEXP('abc', '^b'), REGEXP('abc', ''), REGEXP('abc', '['), "
                "REGEXP('日本', '本$'), REGEXP(CAST(NULL AS STRING), 'a')",
                "+I[true, false, false, false, true, null]\n");
    ASSERT_ROWS("SELECT REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 2), REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)'), "
                "REGEXP_EXTRACT('abc', 'x'), REGEXP_EXTRACT('abc', '(', 1), REGEXP_EXTRACT('abc', '(a)', 5), "
                "REGEXP_EXTRACT('ab', '(x)?b', 1)",
                "+I[bar, foothebar, null, null, null, null]\n");
    ASSERT_ROWS("SELECT REGEXP_REPLACE('foobar', 'oo|ar', ''), REGEXP_REPLACE('111222333', '(\\d{3})\\d*(\\d{3})', "
                "'$1***$2'), REGEXP_REPLACE('abc', '', '-'), REGEXP_REPLACE('a.b', '.', 'x'), "
                "REGEXP_REPLACE('abc', '(', 'x'), REGEXP_REPLACE('日本日', '日', 'x')",
                "+I[fb, $1***$2, -a-b-c-, xxx, null, x本x]\n");
    ASSERT_ROWS("SELECT REGEXP_COUNT('aaa', 'a*'), REGEXP_COUNT('baaa', 'a*'), REGEXP_COUNT('abcabc', 'bc'), "
                "REGEXP_COUNT('abc', '['), REGEXP_INSTR('日本abc', 'b'), REGEXP_INSTR('abc', 'x'), "
                "REGEXP_SUBSTR('abc123def456', '[0-9]+'), REGEXP_SUBSTR('abc', '[0-9]+')",
                "+I[2, 3, 2, null, 4, 0, 123, null]\n");
    ASSERT_ROWS("SELECT REGEXP_EXTRACT_ALL('1a 2b 14m', '(\\d+)([a-z]+)', 2), REGEXP_EXTRACT_ALL('1a 2b', '(\\d)'), "
                "REGEXP_EXTRACT_ALL('1a 2b', '\\d', 0), REGEXP_EXTRACT_ALL('xyz', '(\\d)'), "
                "REGEXP_EXTRACT_ALL('ab', '(x)?b', 1)",
                "+I[[a, b, m], [1, 2], [1, 2], [], [null]]\n");
    ASSERT_FAILS("SELECT REGEXP_EXTRACT_ALL('1a 2b', '\\d')", "Extract group index 1 is out of range [0, 0].");
    ASSERT_FAILS("SELECT REGEXP_EXTRACT_ALL('a', '(')", "java.util.regex.PatternSyntaxException");
    ASSERT_ROWS("SELECT id, REGEXP_REPLACE(s, ',', ';'), REGEXP_COUNT(s, '[a-z]') FROM T",
                "+I[1, a;b, 2]\n+I[2, null, null]\n+I[3, , 0]\n+I[4, 日本語, 0]\n");
    /* STR_TO_MAP: delimiters are regular expressions; entries in java.util.HashMap order */
    ASSERT_ROWS("SELECT STR_TO_MAP('k1=v1,k2=v2'), STR_TO_MAP('a:1;b:2;c', ';', ':'), STR_TO_MAP(''), "
                "STR_TO_MAP('x=1,x=2,,y'), STR_TO_MAP('a=1|b=2', '\\|', '='), STR_TO_MAP('k=v=w')",
                "+I[{k1=v1, k2=v2}, {a=1, b=2, c=null}, {}, {x=2, =null, y=null}, {a=1, b=2}, {k=v=w}]\n");
    ASSERT_FAILS("SELECT REGEXP(1, 'a')", "Cannot apply 'REGEXP' to arguments of type 'REGEXP(<INTEGER>, <CHAR(1)>)'");
    ASSERT_FAILS("SELECT REGEXP_COUNT('a', 1)", "Invalid function call:\nREGEXP_COUNT(CHAR(1) NOT NULL, INT NOT NULL)");
    {
        ASSERT_ROWS("SELECT 'abc' SIMILAR TO 'a%', 'abc' SIMILAR TO '(a|b)c%', 'abd' SIMILAR TO 'a[bc]d', "
                    "'a%c' SIMILAR TO 'a!%c' ESCAPE '!', 'a$c' SIMILAR TO 'a$c', 'abc' NOT SIMILAR TO '_b_', "
                    "'ab' SIMILAR TO 'a', CAST(NULL AS STRING) SIMILAR TO 'a'",
                    "+I[true, false, true, true, true, false, false, null]\n");
    }
    eddy_env_free(env);
}

/* ---- conditional, type and collection functions -------------------------------------------------------- */

TEST(conditional_and_type_functions) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT GREATEST(1, 5, 3), LEAST('b', 'a', 'c'), GREATEST(1, CAST(NULL AS INT)), LEAST(1.5, 2), "
                "GREATEST(DATE '2021-01-01', DATE '2020-01-01'), LEAST(-1, -2.5E0)",
                "+I[5, a, null, 1.5, 2021-01-01, -2.5]\n");
    ASSERT_ROWS("SELECT id, GREATEST(n, 1), LEAST(n, id) FROM T",
                "+I[1, 2, 1]\n+I[2, null, null]\n+I[3, 1, -1]\n+I[4, 1, 0]\n");
    ASSERT_FAILS("SELECT GREATEST(1, 'a', DATE '2020-01-01')", "Cannot apply 'GREATEST'");
    ASSERT_ROWS("SELECT TYPEOF(1), TYPEOF('ab'), TYPEOF(ARRAY[1]), TYPEOF('x', TRUE), TYPEOF(CAST('x' AS STRING)), "
                "TYPEOF(CAST('x' AS STRING), TRUE), TYPEOF(NULL), TYPEOF(TIMESTAMP '2021-01-01 00:00:00'), TYPEOF(n) "
                "FROM T WHERE id = 1",
                "+I[INT NOT NULL, CHAR(2) NOT NULL, ARRAY<INT NOT NULL> NOT NULL, CHAR(1) NOT NULL, STRING NOT NULL, "
                "VARCHAR(2147483647) NOT NULL, NULL, TIMESTAMP(0) NOT NULL, INT]\n");
    char *schema = schema_of("SELECT GREATEST(n, 1) AS g, TYPEOF(n) AS t, SPLIT('a', ',') AS sp FROM T");
    ASSERT_TEXT(schema, "(\n  `g` INT, \n  `t` STRING NOT NULL, \n  `sp` ARRAY<STRING> NOT NULL\n)");
    eddy_env_free(env);
}

TEST(array_and_map_functions) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT ARRAY_CONTAINS(ARRAY[1,2,3], 2), ARRAY_CONTAINS(ARRAY[1,2], CAST(NULL AS INT)), "
                "ARRAY_CONTAINS(ARRAY[1,CAST(NULL AS INT)], CAST(NULL AS INT)), ARRAY_CONTAINS(ARRAY[1.5, 2], 2), "
                "ARRAY_POSITION(ARRAY[1,2,3,2], 2), ARRAY_POSITION(ARRAY[1], 5), "
                "ARRAY_POSITION(ARRAY[1], CAST(NULL AS INT))",
                "+I[true, false, true, true, 2, 0, null]\n");
    ASSERT_ROWS("SELECT ARRAY_DISTINCT(ARRAY[1,2,1,3,2]), ARRAY_REMOVE(ARRAY[1,2,1], 1), "
                "ARRAY_REMOVE(ARRAY[1,CAST(NULL AS INT)], CAST(NULL AS INT)), ARRAY_REVERSE(ARRAY['a','b']), "
                "ARRAY_DISTINCT(ARRAY[CAST(NULL AS INT), NULL, 1])",
                "+I[[1, 2, 3], [2], [1], [b, a], [null, 1]]\n");
    ASSERT_ROWS("SELECT ARRAY_SLICE(ARRAY[1,2,3,4,5], 2, 4), ARRAY_SLICE(ARRAY[1,2,3,4,5], -2), "
                "ARRAY_SLICE(ARRAY[1,2,3], 0, 0), ARRAY_SLICE(ARRAY[1,2,3], 3, 1), ARRAY_SLICE(ARRAY[1,2,3], -5, 10), "
                "ARRAY_SLICE(ARRAY[1,2,3], 2, CAST(NULL AS INT))",
                "+I[[2, 3, 4], [4, 5], [1], [], [1, 2, 3], null]\n");
    ASSERT_ROWS("SELECT ARRAY_UNION(ARRAY[1,2], ARRAY[2,3]), ARRAY_CONCAT(ARRAY[1], ARRAY[2,3], ARRAY[1]), "
                "ARRAY_EXCEPT(ARRAY[1,2,2,3], ARRAY[2]), ARRAY_INTERSECT(ARRAY[1,2,2,3], ARRAY[2,3,4]), "
                "ARRAY_APPEND(ARRAY[1], 2), ARRAY_PREPEND(ARRAY[1], CAST(NULL AS INT)), "
                "ARRAY_UNION(ARRAY[1], ARRAY[1.5])",
                "+I[[1, 2, 3], [1, 2, 3, 1], [1, 3], [2, 3], [1, 2], [null, 1], [1.0, 1.5]]\n");
    ASSERT_ROWS("SELECT ARRAY_MAX(ARRAY[1,5,3]), ARRAY_MIN(ARRAY['b','a']), ARRAY_MAX(ARRAY[CAST(NULL AS INT)]), "
                "ARRAY_JOIN(ARRAY['a', CAST(NULL AS STRING), 'b'], '-'), "
                "ARRAY_JOIN(ARRAY['a', CAST(NULL AS STRING), 'b'], '-', 'N'), "
                "ARRAY_SORT(ARRAY[3,1,CAST(NULL AS INT),2]), ARRAY_SORT(ARRAY[3,1,CAST(NULL AS INT),2], FALSE), "
                "ARRAY_SORT(ARRAY[3,1,CAST(NULL AS INT),2], TRUE, FALSE)",
                "+I[5, a, null, a-b, a-N-b, [null, 1, 2, 3], [3, 2, 1, null], [1, 2, 3, null]]\n");
    ASSERT_ROWS("SELECT ELEMENT(ARRAY[5]), ELEMENT(ARRAY_REMOVE(ARRAY[1], 1)), MAP_KEYS(MAP['a',1,'b',2]), "
                "MAP_VALUES(MAP['a',1,'b',2]), MAP_ENTRIES(MAP['a',1]), "
                "MAP_FROM_ARRAYS(ARRAY['x','y','x'], ARRAY[1,2,3]), MAP_UNION(MAP['a',1], MAP['a',2,'b',3])",
                "+I[5, null, [a, b], [1, 2], [+I[a, 1]], {x=3, y=2}, {a=2, b=3}]\n");
    ASSERT_FAILS("SELECT ELEMENT(ARRAY[5, 6])", "Array has more than one element.");
    ASSERT_FAILS("SELECT MAP_FROM_ARRAYS(ARRAY['x'], ARRAY[1,2])",
                 "The length of the keys array 1 is not equal to the length of the values array 2");
    ASSERT_FAILS("SELECT ARRAY_CONTAINS(1, 1)", "Invalid function call:\nARRAY_CONTAINS(INT NOT NULL, INT NOT NULL)");
    ASSERT_FAILS("SELECT MAP_KEYS(ARRAY[1])", "Invalid function call:\nMAP_KEYS(ARRAY<INT NOT NULL> NOT NULL)");
    eddy_env_free(env);
}

/* ---- temporal functions --------------------------------------------------------------------------------- */

TEST(date_parts_and_floor) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT YEAR(DATE '1994-09-27'), QUARTER(DATE '1994-09-27'), MONTH(DATE '1994-09-27'), "
                "WEEK(DATE '1994-09-27'), DAYOFYEAR(DATE '1994-09-27'), DAYOFMONTH(DATE '1994-09-27'), "
                "DAYOFWEEK(DATE '1994-09-27'), HOUR(TIMESTAMP '1994-09-27 13:14:15'), "
                "MINUTE(TIMESTAMP '1994-09-27 13:14:15'), SECOND(TIMESTAMP '1994-09-27 13:14:15')",
                "+I[1994, 3, 9, 39, 270, 27, 3, 13, 14, 15]\n");
    /* leap years, ISO weeks across the year end, times before 1970 */
    ASSERT_ROWS("SELECT DAYOFYEAR(DATE '2020-12-31'), DAYOFYEAR(DATE '2021-12-31'), WEEK(DATE '2021-01-01'), "
                "WEEK(DATE '2020-12-31'), DAYOFWEEK(DATE '2021-08-22'), HOUR(TIMESTAMP '1969-12-31 23:00:00'), "
                "MINUTE(TIME '10:11:12'), YEAR(TIMESTAMP '2021-12-31 23:59:59.999')",
                "+I[366, 365, 53, 53, 1, 23, 11, 2021]\n");
    ASSERT_FAILS("SELECT YEAR(TIME '10:00:00')", "unit YEAR can not be applied to time variable");
    ASSERT_FAILS("SELECT HOUR(DATE '2021-01-01')", "Cannot apply 'EXTRACT' to arguments of type 'EXTRACT(<INTERVAL HOUR> FROM <DATE>)'");
    ASSERT_FAILS("SELECT MONTH('2021-01-01')", "Cannot apply 'MONTH' to arguments of type 'MONTH(<CHAR(10)>)'");
    ASSERT_ROWS("SELECT FLOOR_TO('YEAR', TIMESTAMP '2021-08-21 13:05:09'), CEIL_TO('MONTH', TIMESTAMP '2021-08-21 "
                "13:05:09'), FLOOR_TO('WEEK', DATE '2021-08-21'), CEIL_TO('WEEK', DATE '2021-08-22'), "
                "FLOOR_TO('MINUTE', TIME '12:44:31'), CEIL_TO('MINUTE', TIME '12:44:31'), "
                "CEIL_TO('HOUR', TIMESTAMP '2021-08-21 13:00:00'), FLOOR_TO('DECADE', DATE '2021-08-21'), "
                "FLOOR_TO('CENTURY', DATE '2021-08-21'), FLOOR_TO('MILLENNIUM', DATE '2021-08-21'), "
                "FLOOR_TO('QUARTER', DATE '2021-08-21'), FLOOR_TO('DAY', DATE '2021-08-21')",
                "+I[2021-01-01T00:00, 2021-09-01T00:00, 2021-08-15, 2021-08-22, 12:44, 12:45, 2021-08-21T13:00, "
                "2020-01-01, 2001-01-01, 2001-01-01, 2021-07-01, 2021-08-21]\n");
    ASSERT_ROWS("SELECT FLOOR_TO('SECOND', TIMESTAMP '2021-08-21 13:05:09.987'), CEIL_TO('SECOND', TIMESTAMP "
                "'2021-08-21 13:05:09.987'), FLOOR_TO('MILLISECOND', TIMESTAMP '2021-08-21 13:05:09.987654'), "
                "CEIL_TO('DAY', TIMESTAMP '2021-12-31 00:00:01'), FLOOR_TO('HOUR', TIMESTAMP '1969-12-31 23:30:00')",
                "+I[2021-08-21T13:05:09, 2021-08-21T13:05:10, 2021-08-21T13:05:09.987, 2022-01-01T00:00, "
                "1969-12-31T23:00]\n");
    /* TIMESTAMP_LTZ rounds days in the session zone */
    eddy_tenv_set_option(tenv, "table.local-time-zone", "Asia/Shanghai");
    ASSERT_ROWS("SELECT FLOOR_TO('DAY', TO_TIMESTAMP_LTZ(0, 3)), CEIL_TO('DAY', TO_TIMESTAMP_LTZ(0, 3)), "
                "FLOOR_TO('MINUTE', TO_TIMESTAMP_LTZ(90500, 3))",
                "+I[1969-12-31T16:00:00Z, 1970-01-01T16:00:00Z, 1970-01-01T00:01:00Z]\n");
    ASSERT_FAILS("SELECT FLOOR_TO('HOUR', DATE '2021-08-21')",
                 "Cannot apply 'FLOOR' to arguments of type 'FLOOR(<DATE>, <INTERVAL HOUR>)'");
    ASSERT_FAILS("SELECT FLOOR_TO('YEAR', TIME '10:00:00')", "Cannot apply 'FLOOR'");
    eddy_env_free(env);
}

TEST(special_syntax_temporal) {
    setup(EDDY_BATCH);
    {
        ASSERT_ROWS("SELECT EXTRACT(YEAR FROM TIMESTAMP '2021-08-21 13:05:09.123'), EXTRACT(DOW FROM DATE "
                    "'2021-08-21'), EXTRACT(ISODOW FROM DATE '2021-08-22'), EXTRACT(WEEK FROM DATE '2021-01-01'), "
                    "EXTRACT(ISOYEAR FROM DATE '2021-01-01'), EXTRACT(MILLISECOND FROM TIMESTAMP '2021-08-21 "
                    "13:05:09.123456789'), EXTRACT(MICROSECOND FROM TIMESTAMP '2021-08-21 13:05:09.123456789'), "
                    "EXTRACT(NANOSECOND FROM TIMESTAMP '2021-08-21 13:05:09.123456789')",
                    "+I[2021, 7, 7, 53, 2020, 123, 123456, 123456789]\n");
        ASSERT_ROWS("SELECT EXTRACT(EPOCH FROM TIMESTAMP '1970-01-02 00:00:01'), EXTRACT(EPOCH FROM DATE '1970-01-02'), "
                    "EXTRACT(CENTURY FROM DATE '2000-12-31'), EXTRACT(MILLENNIUM FROM DATE '2001-01-01'), "
                    "EXTRACT(DECADE FROM DATE '2021-01-01'), EXTRACT(DOY FROM DATE '2020-12-31'), "
                    "EXTRACT(DAY FROM INTERVAL '3 04:05:06' DAY TO SECOND), EXTRACT(MONTH FROM INTERVAL '1-5' YEAR TO "
                    "MONTH), EXTRACT(HOUR FROM TIME '10:11:12')",
                    "+I[86401, 86400, 20, 3, 202, 366, 3, 5, 10]\n");
        ASSERT_FAILS("SELECT EXTRACT(HOUR FROM DATE '2021-01-01')",
                     "Cannot apply 'EXTRACT' to arguments of type 'EXTRACT(<INTERVAL HOUR> FROM <DATE>)'");
        ASSERT_FAILS("SELECT EXTRACT(MICROSECOND FROM TIME '10:00:00')",
                     "unit MICROSECOND can not be applied to TIME(0) NOT NULL variable");
    }
    {
        ASSERT_ROWS("SELECT FLOOR(TIME '12:44:31' TO MINUTE), CEIL(TIME '12:44:31' TO MINUTE), "
                    "FLOOR(TIMESTAMP '2021-08-21 13:05:09' TO QUARTER), CEIL(DATE '2021-08-21' TO YEAR)",
                    "+I[12:44, 12:45, 2021-07-01T00:00, 2022-01-01]\n");
    }
    {
        ASSERT_ROWS("SELECT TIMESTAMPADD(MONTH, 1, DATE '2021-01-31'), TIMESTAMPADD(YEAR, 1, DATE '2020-02-29'), "
                    "TIMESTAMPADD(HOUR, 25, DATE '2021-01-31'), TIMESTAMPADD(WEEK, -1, TIMESTAMP '2021-01-31 "
                    "10:00:00'), TIMESTAMPADD(QUARTER, 1, TIMESTAMP '2021-11-30 10:00:00'), TIMESTAMPADD(MINUTE, 90, "
                    "TIME '23:00:00'), TIMESTAMPADD(DAY, CAST(NULL AS INT), DATE '2021-01-01')",
                    "+I[2021-02-28, 2021-02-28, 2021-02-01T01:00, 2021-01-24T10:00, 2022-02-28T10:00, 00:30, null]\n");
    }
    {
        ASSERT_ROWS("SELECT TIMESTAMPDIFF(DAY, TIMESTAMP '2003-01-02 10:00:00', TIMESTAMP '2003-01-03 10:00:00'), "
                    "TIMESTAMPDIFF(MONTH, DATE '2021-01-31', DATE '2021-02-28'), TIMESTAMPDIFF(YEAR, DATE "
                    "'2022-01-01', DATE '2020-06-01'), TIMESTAMPDIFF(MONTH, TIMESTAMP '2021-01-01 12:00:00', "
                    "TIMESTAMP '2021-02-01 10:00:00'), TIMESTAMPDIFF(HOUR, TIMESTAMP '2021-01-01 12:00:00', DATE "
                    "'2021-01-01'), TIMESTAMPDIFF(SECOND, DATE '2020-02-28', DATE '2020-03-01')",
                    "+I[1, 1, -1, 0, -12, 172800]\n");
        ASSERT_FAILS("SELECT TIMESTAMPDIFF(MICROSECOND, DATE '2021-01-01', DATE '2021-01-01')",
                     "Unit 'MICROSECOND' can not be applied to the timestamp difference function.");
    }
    eddy_env_free(env);
}

TEST(formatting_and_parsing) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT DATE_FORMAT(TIMESTAMP '2021-08-21 13:05:09.123', 'yyyy-MM-dd HH:mm:ss.SSS EEE MMM a hh D w'), "
                "DATE_FORMAT(TIMESTAMP '2021-08-21 13:05:09.123456', 'yy/M/d H:m:s SSSSSS EEEE MMMM'), "
                "DATE_FORMAT('2021-08-21 13:05:09', 'yyyy/MM/dd'), DATE_FORMAT('bad', 'yyyy'), "
                "DATE_FORMAT(DATE '2021-01-02', 'dd.MM.yyyy'), DATE_FORMAT(TIMESTAMP '2021-01-02 00:00:00', "
                "'''week'' w, ''''yy')",
                "+I[2021-08-21 13:05:09.123 Sat Aug PM 01 233 34, 21/8/21 13:5:9 123456 Saturday August, 2021/08/21, "
                "null, 02.01.2021, week 1, '21]\n");
    ASSERT_FAILS("SELECT DATE_FORMAT(TIMESTAMP '2021-08-21 13:05:09', 'yyyy Z')", "Unsupported field: OffsetSeconds");
    ASSERT_FAILS("SELECT DATE_FORMAT(TIMESTAMP '2021-08-21 13:05:09', 'yyyy b')",
                 "java.lang.IllegalArgumentException: Unknown pattern letter: b");
    ASSERT_ROWS("SELECT TO_DATE('2021-08-21'), TO_DATE('2021-8-1 10:00:00'), TO_DATE('20210821', 'yyyyMMdd'), "
                "TO_DATE('x'), TO_DATE('2021-13-45', 'yyyy-MM-dd'), TO_DATE('2020-02-29'), TO_DATE('2021-02-29')",
                "+I[2021-08-21, 2021-08-01, 2021-08-21, null, 2022-02-14, 2020-02-29, null]\n");
    ASSERT_ROWS("SELECT TO_TIMESTAMP('2021-08-21 13:05:09.123456'), TO_TIMESTAMP('2021-08-21'), "
                "TO_TIMESTAMP('21/08/2021 13:05', 'dd/MM/yyyy HH:mm'), TO_TIMESTAMP('2021-02-30 00:00:00', "
                "'yyyy-MM-dd HH:mm:ss'), TO_TIMESTAMP('1999-9-10 05:20:10', 'yyyy-MM-dd HH:mm:ss'), "
                "TO_TIMESTAMP('x', 'yyyy'), TO_TIMESTAMP('20210821130509', 'yyyyMMddHHmmss'), "
                "TO_TIMESTAMP('2021-08-21 13:05:09.5', 'yyyy-MM-dd HH:mm:ss.S'), TO_TIMESTAMP('Aug 21 2021', 'MMM dd yyyy')",
                "+I[2021-08-21T13:05:09.123, 2021-08-21T00:00, 2021-08-21T13:05, 2021-02-28T00:00, 1999-09-10T05:20:10, "
                "null, 2021-08-21T13:05:09, 2021-08-21T13:05:09.500, 2021-08-21T00:00]\n");
    char *schema = schema_of("SELECT TO_TIMESTAMP('2021-01-01') AS t, TO_DATE('2021-01-01') AS d, "
                             "DATE_FORMAT(TIMESTAMP '2021-01-01 00:00:00', 'yyyy') AS f, UNIX_TIMESTAMP() AS u");
    ASSERT_TEXT(schema, "(\n  `t` TIMESTAMP(3), \n  `d` DATE, \n  `f` STRING, \n  `u` BIGINT NOT NULL\n)");
    /* UNIX_TIMESTAMP / FROM_UNIXTIME in the session zone (examples of Flink's documentation) */
    eddy_tenv_set_option(tenv, "table.local-time-zone", "Europe/Berlin");
    ASSERT_ROWS("SELECT UNIX_TIMESTAMP('1970-01-01 08:00:01.001', 'yyyy-MM-dd HH:mm:ss.SSS'), "
                "UNIX_TIMESTAMP('1970-01-01 08:00:01.001 +0800', 'yyyy-MM-dd HH:mm:ss.SSS X'), "
                "UNIX_TIMESTAMP('1970-01-01 08:00:01.001 +0800', 'yyyy-MM-dd HH:mm:ss.SSS'), "
                "UNIX_TIMESTAMP('1970-01-01 08:00:01.001', 'yyyy-MM-dd HH:mm:ss.SSS X'), "
                "UNIX_TIMESTAMP('1970-01-01 00:00:10'), UNIX_TIMESTAMP(CAST(NULL AS STRING))",
                "+I[25201, 1, 25201, -9223372036854775808, -3590, null]\n");
    eddy_tenv_set_option(tenv, "table.local-time-zone", "Asia/Shanghai");
    ASSERT_ROWS("SELECT FROM_UNIXTIME(44), FROM_UNIXTIME(1629550000, 'yyyy-MM-dd HH:mm:ss Z'), "
                "FROM_UNIXTIME(0, 'EEE, d MMM yyyy hh:mm a'), FROM_UNIXTIME(-86400), FROM_UNIXTIME(CAST(NULL AS INT)), "
                "DATE_FORMAT(TO_TIMESTAMP_LTZ(0, 3), 'yyyy-MM-dd HH:mm')",
                "+I[1970-01-01 08:00:44, 2021-08-21 20:46:40 +0800, Thu, 1 Jan 1970 08:00 AM, 1969-12-31 08:00:00, "
                "null, 1970-01-01 08:00]\n");
    ASSERT_ROWS("SELECT TO_TIMESTAMP_LTZ(1000, 3), TO_TIMESTAMP_LTZ(1, 0), TO_TIMESTAMP_LTZ('2021-08-21 12:00:00'), "
                "TO_TIMESTAMP_LTZ('21.08.2021', 'dd.MM.yyyy', 'UTC'), TO_TIMESTAMP_LTZ('bad')",
                "+I[1970-01-01T00:00:01Z, 1970-01-01T00:00:01Z, 2021-08-21T04:00:00Z, 2021-08-21T00:00:00Z, null]\n");
    eddy_tenv_set_option(tenv, "table.local-time-zone", "UTC");
    ASSERT_ROWS("SELECT FROM_UNIXTIME(44), CONVERT_TZ('1970-01-01 00:00:00', 'UTC', 'America/Los_Angeles'), "
                "CONVERT_TZ('2021-08-21 12:00:00', 'Asia/Shanghai', 'GMT-08:00'), "
                "CONVERT_TZ('2021-08-21 12:00:00', 'PST', 'XYZ'), CONVERT_TZ('bad', 'UTC', 'UTC')",
                "+I[1970-01-01 00:00:44, 1969-12-31 16:00:00, 2021-08-20 20:00:00, 2021-08-21 19:00:00, null]\n");
    ASSERT_FAILS("SELECT TO_TIMESTAMP_LTZ(1, 2)", "The precision value of TO_TIMESTAMP_LTZ must be the literal 0");
    ASSERT_FAILS("SELECT TO_DATE(1)", "Cannot apply 'TO_DATE' to arguments of type 'TO_DATE(<INTEGER>)'");
    eddy_env_free(env);
}

/* ---- JSON ---------------------------------------------------------------------------------------------- */

TEST(json_functions) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT JSON_VALUE('{\"a\": true}', '$.a'), JSON_VALUE('{\"a.b\": [0.998,0.996]}','$.[\"a.b\"][0]'), "
                "JSON_VALUE('{\"contains blank\": \"right\"}', 'strict $.[''contains blank'']'), "
                "JSON_VALUE('{\"a\": 1e2}', '$.a'), JSON_VALUE('{\"a\":{\"b\":1}}', '$.a'), JSON_VALUE('bad', '$.a'), "
                "JSON_VALUE('{\"a\": \"日本\"}', '$.a'), JSON_VALUE(CAST(NULL AS STRING), '$')",
                "+I[true, 0.998, right, 1E+2, null, null, 日本, null]\n");
    ASSERT_ROWS("SELECT JSON_QUERY('{\"a\":[{\"c\":\"c1\"},{\"c\":\"c2\"}]}', 'lax $.a[*].c'), "
                "JSON_QUERY('{ \"a\": { \"b\": 1 } }', '$.a'), JSON_QUERY('[1, 2]', '$'), JSON_QUERY('1', '$'), "
                "JSON_QUERY('{\"b\":1,\"a\":{\"z\":1.50,\"y\":1e2}}', '$'), JSON_QUERY(CAST(NULL AS STRING), '$')",
                "+I[[\"c1\",\"c2\"], {\"b\":1}, [1,2], null, {\"a\":{\"y\":1E+2,\"z\":1.50},\"b\":1}, null]\n");
    ASSERT_ROWS("SELECT JSON_EXISTS('{\"a\": true}', '$.a'), JSON_EXISTS('{\"a\": true}', '$.b'), "
                "JSON_EXISTS('{\"a\": [{ \"b\": 1 }]}', '$.a[0].b'), JSON_EXISTS('{\"a\": null}', '$.a'), "
                "JSON_EXISTS('{\"a\": []}', '$.a[*]'), JSON_EXISTS('x', 'lax $')",
                "+I[true, false, true, false, true, false]\n");
    ASSERT_ROWS("SELECT '1' IS JSON, '[]' IS JSON, '{}' IS JSON, '\"abc\"' IS JSON, 'abc' IS JSON, "
                "CAST(NULL AS STRING) IS JSON, '1' IS JSON SCALAR, '1' IS JSON ARRAY, '{}' IS JSON OBJECT, "
                "'{}' IS NOT JSON OBJECT, '{}' IS JSON SCALAR, '' IS JSON, '{} x' IS JSON",
                "+I[true, true, true, true, false, false, true, false, true, false, false, false, true]\n");
    ASSERT_ROWS("SELECT id, JSON_VALUE(CONCAT('{\"s\":\"', s, '\"}'), '$.s'), CONCAT('[', s, ']') IS JSON FROM T",
                "+I[1, a,b, false]\n+I[2, null, false]\n+I[3, , true]\n+I[4, 日本語, false]\n");
    /* constructors: sorted keys, nested constructors inserted as JSON */
    ASSERT_ROWS("SELECT JSON_OBJECT('b' VALUE 1, 'a' VALUE JSON_ARRAY(1, 'x', CAST(NULL AS INT)), "
                "'c' VALUE CAST(NULL AS STRING)), JSON_OBJECT(), JSON_ARRAY(), JSON_ARRAY(JSON_ARRAY(1)), "
                "JSON_OBJECT('K1' VALUE 'V1', 'K2' VALUE 'V2'), JSON_OBJECT('k' VALUE JSON_OBJECT('x' VALUE TRUE))",
                "+I[{\"a\":[1,\"x\"],\"b\":1,\"c\":null}, {}, [], [[1]], {\"K1\":\"V1\",\"K2\":\"V2\"}, "
                "{\"k\":{\"x\":true}}]\n");
    ASSERT_ROWS("SELECT JSON_STRING(ARRAY[1,2]), JSON_STRING('Hello, World!'), JSON_STRING(CAST(NULL AS INT)), "
                "JSON_STRING(1.50), JSON_STRING(TRUE), JSON_STRING(1.5E10), JSON_STRING(MAP['b', 1, 'a', 2]), "
                "JSON_STRING(ROW(1, 'x')), JSON_STRING(TIMESTAMP '2021-01-02 03:04:05.100'), JSON_STRING('q\"\\')",
                "+I[[1,2], \"Hello, World!\", null, 1.50, true, 1.5E10, {\"a\":2,\"b\":1}, {\"EXPR$0\":1,\"EXPR$1\":\"x\"}, "
                "\"2021-01-02T03:04:05.1\", \"q\\\"\\\\\"]\n");
    ASSERT_FAILS("SELECT JSON_STRING(DATE '2021-01-01')", "Type 'DATE' is not scalar or cannot be converted into JSON.");
    ASSERT_FAILS("SELECT 1 IS JSON", "Cannot apply 'IS JSON VALUE' to arguments of type '<INTEGER> IS JSON VALUE'");
    ASSERT_FAILS("SELECT JSON_VALUE(1, '$')", "Cannot apply 'JSON_VALUE' to arguments of type");
    {
        ASSERT_ROWS("SELECT JSON_VALUE('{\"a\": true}', 'lax $.b' DEFAULT FALSE ON EMPTY), "
                    "JSON_VALUE('{\"a\": true}', 'strict $.b' DEFAULT FALSE ON ERROR), "
                    "JSON_VALUE('{\"a\": true}', '$.a' RETURNING BOOLEAN), "
                    "JSON_VALUE('{\"a\": 1}', '$.a' RETURNING DOUBLE), "
                    "JSON_VALUE('{\"a\": 1.5}', '$.a' RETURNING INT DEFAULT -1 ON ERROR), "
                    "JSON_VALUE('{\"contains blank\": \"right\"}', 'strict $.[''contains blank'']' NULL ON EMPTY "
                    "DEFAULT 'wrong' ON ERROR)",
                    "+I[false, false, true, 1.0, -1, right]\n");
        ASSERT_FAILS("SELECT JSON_VALUE('{\"a\": true}', 'strict $.b' ERROR ON ERROR)", "No results for path: $['b']");
        ASSERT_FAILS("SELECT JSON_VALUE('{\"a\": true}', 'lax $.b' ERROR ON EMPTY)",
                     "Empty result of JSON_VALUE function is not allowed");
        ASSERT_ROWS("SELECT JSON_QUERY('{}', '$' WITH CONDITIONAL ARRAY WRAPPER), "
                    "JSON_QUERY('[1, 2]', '$' WITH CONDITIONAL ARRAY WRAPPER), "
                    "JSON_QUERY('[1, 2]', '$' WITH UNCONDITIONAL ARRAY WRAPPER), "
                    "JSON_QUERY('1', '$' WITH CONDITIONAL ARRAY WRAPPER), "
                    "JSON_QUERY('{}', 'lax $.invalid' EMPTY OBJECT ON EMPTY), "
                    "JSON_QUERY('{}', 'strict $.invalid' EMPTY ARRAY ON ERROR), "
                    "JSON_QUERY('{\"a\":[{\"c\":\"c1\"},{\"c\":\"c2\"}]}', 'lax $.a[*].c' RETURNING ARRAY<STRING>)",
                    "+I[[{}], [1,2], [[1,2]], [1], {}, [], [c1, c2]]\n");
        ASSERT_ROWS("SELECT JSON_EXISTS('{\"a\": true}', 'strict $.b' TRUE ON ERROR), "
                    "JSON_EXISTS('{\"a\": true}', 'strict $.b' FALSE ON ERROR), "
                    "JSON_EXISTS('{\"a\": true}', 'strict $.b' UNKNOWN ON ERROR)",
                    "+I[true, false, null]\n");
        ASSERT_ROWS("SELECT JSON_OBJECT(KEY 'K1' VALUE CAST(NULL AS STRING) NULL ON NULL), "
                    "JSON_OBJECT(KEY 'K1' VALUE CAST(NULL AS STRING) ABSENT ON NULL), "
                    "JSON_ARRAY(CAST(NULL AS STRING) NULL ON NULL), JSON_ARRAY(CAST(NULL AS STRING) ABSENT ON NULL)",
                    "+I[{\"K1\":null}, {}, [null], []]\n");
    }
    eddy_env_free(env);
}

/* A function whose result grows with an argument refuses a result past
 * 1 GiB before it allocates it, whichever function it is. */
TEST(results_past_the_size_cap) {
    setup(EDDY_BATCH);
    ASSERT_ROWS("SELECT LPAD('a', 2147483647, 'b')", "ERROR: LPAD result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT RPAD('a', 1073741825, 'xy')", "ERROR: RPAD result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT LPAD('a', 5, 'xy'), RPAD('a', 4, 'é')", "+I[xyxya, aééé]\n");
    ASSERT_ROWS("SELECT REPEAT('ab', 536870913)", "ERROR: REPEAT result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT REPEAT('a', 2147483647)", "ERROR: REPEAT result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT CAST('a' AS CHAR(2000000000))", "ERROR: CAST result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT CAST(s AS CHAR(2000000000)) FROM T WHERE id = 1",
                "ERROR: CAST result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT CAST(X'01' AS BINARY(2000000000))", "ERROR: CAST result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT CHAR_LENGTH(CAST('a' AS CHAR(100000)))", "+I[100000]\n");
    ASSERT_ROWS("SELECT REPLACE(REPEAT('a', 100000), 'a', REPEAT('b', 100000))",
                "ERROR: REPLACE result too large (more than 1073741824 bytes)");
    ASSERT_ROWS("SELECT CHAR_LENGTH(REPLACE(REPEAT('ab', 1000), 'b', 'xyz'))", "+I[4000]\n");
    eddy_env_free(env);
}

/* Boundary values give Flink's result -- its error, or Java's wrapped long --
 * never undefined behaviour (test_boundaries sweeps every function). */
TEST(boundary_values) {
    setup(EDDY_BATCH);
    /* Flink's cast rules refuse casts between numbers and timestamps */
    ASSERT_ROWS("SELECT CAST(9223372036854775807 AS TIMESTAMP(3))",
                "ERROR: The cast from NUMERIC type to TIMESTAMP type is not allowed. It's recommended to use "
                "TO_TIMESTAMP(FROM_UNIXTIME(numeric_col)) instead, note the numeric is in seconds.");
    ASSERT_ROWS("SELECT TRY_CAST(n AS TIMESTAMP_LTZ(3)) FROM T",
                "ERROR: The cast from NUMERIC type to TIMESTAMP_LTZ type is not allowed. It's recommended to use "
                "TO_TIMESTAMP_LTZ(numeric_col, precision) instead.");
    ASSERT_ROWS("SELECT CAST(TIMESTAMP '2000-01-01 00:00:00' AS BIGINT)",
                "ERROR: The cast from TIMESTAMP type to NUMERIC type is not allowed. It's recommended to use "
                "UNIX_TIMESTAMP(CAST(timestamp_col AS STRING)) instead.");
    ASSERT_ROWS("SELECT CAST(CAST(TIMESTAMP '2000-01-01 00:00:00' AS TIMESTAMP_LTZ(3)) AS DOUBLE)",
                "ERROR: The cast from TIMESTAMP_LTZ type to NUMERIC type is not allowed.");
    /* interval literals within Calcite's precisions (a day count past a long's milliseconds overflowed) */
    ASSERT_ROWS("SELECT TIMESTAMP '2000-01-01 00:00:00' + INTERVAL '106751991167' DAY",
                "ERROR: SQL validation failed. From line 1, column 42 to line 1, column 68: Interval field value "
                "106,751,991,167 exceeds precision of DAY(2) field");
    ASSERT_ROWS("SELECT INTERVAL '100' SECOND",
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 28: Interval field value 100 "
                "exceeds precision of SECOND(2) field");
    ASSERT_ROWS("SELECT INTERVAL '-2147483648' YEAR(10)",
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 38: Interval field value "
                "-2,147,483,648 exceeds precision of YEAR(10) field");
    ASSERT_ROWS("SELECT INTERVAL '2147483647' YEAR(10)",
                "ERROR: Decimal '25769803764' can not be converted to interval of months.");
    ASSERT_ROWS("SELECT INTERVAL '1' DAY(11)",
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 27: Interval leading field "
                "precision '11' out of range for INTERVAL DAY(11)");
    ASSERT_ROWS("SELECT INTERVAL '1' SECOND(2, 10)",
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 33: Interval fractional second "
                "precision '10' out of range for INTERVAL SECOND(2, 10)");
    ASSERT_ROWS("SELECT INTERVAL '1 24' DAY(3) TO HOUR",
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 37: Illegal interval literal "
                "format '1 24' for INTERVAL DAY(3) TO HOUR");
    ASSERT_ROWS("SELECT INTERVAL '1-12' YEAR TO MONTH",
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 36: Illegal interval literal "
                "format '1-12' for INTERVAL YEAR TO MONTH");
    ASSERT_ROWS("SELECT INTERVAL '2147483647' DAY(10), INTERVAL '0099' DAY, INTERVAL '99-11' YEAR TO MONTH",
                "+I[PT51539607528H, PT2376H, P99Y11M]\n");
    /* BigDecimal.longValue() keeps the low 64 bits of a rounded long */
    ASSERT_ROWS("SELECT ROUND(9223372036854775807, -1), ROUND(CAST(-9223372036854775808 AS BIGINT), -19), "
                "ROUND(123, -2147483648)",
                "+I[-9223372036854775806, 8446744073709551616, 0]\n");
    /* positions past either end, Long.MIN included, find nothing */
    ASSERT_ROWS("SELECT INSTR('abc', 'b', CAST(-9223372036854775808 AS BIGINT)), INSTR('abcb', 'b', -1), "
                "INSTR('abcb', 'b', 9223372036854775807)",
                "+I[0, 4, 0]\n");
    eddy_env_free(env);
}

/* The same functions in a streaming job over a view, with NULL rows. */
TEST(streaming_mode) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(sorted_lines(run_rows("SELECT id, MD5(s), SPLIT(s, ','), OVERLAY(s PLACING 'X' FROM 1), "
                                      "JSON_STRING(s), GREATEST(n, 0) FROM T")),
                "+I[1, b345e1dc09f20fdefdea469f09167892, [a, b], X,b, \"a,b\", 2]\n"
                "+I[2, null, null, null, null, null]\n"
                "+I[3, d41d8cd98f00b204e9800998ecf8427e, [], , \"\", 0]\n"
                "+I[4, 00110af8b4393ef3f72c50be5b332bec, [日本語], X本語, \"日本語\", 0]\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(string_functions);
    RUN(encoding_and_hash_functions);
    RUN(regex_functions);
    RUN(conditional_and_type_functions);
    RUN(array_and_map_functions);
    RUN(date_parts_and_floor);
    RUN(special_syntax_temporal);
    RUN(formatting_and_parsing);
    RUN(json_functions);
    RUN(results_past_the_size_cap);
    RUN(boundary_values);
    RUN(streaming_mode);
    if (skipped) fprintf(stderr, "%d groups skipped (see above)\n", skipped);
    return test_report();
}
