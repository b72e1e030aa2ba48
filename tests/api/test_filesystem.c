/*
 * test_filesystem.c -- the filesystem connector and its formats (csv, json,
 * raw) through SQL DDL and DML, as a user drives them: the exact bytes
 * written for every type and option, the rows read back, partitioned
 * writes and reads, INSERT OVERWRITE, static partitions, commit when the
 * job finishes (nothing visible after a failure or a cancel), malformed
 * input failing with file and line or counted when ignored, both runtime
 * modes, and the errors for bad options. Every test works in its own
 * temporary directory.
 */
#include <dirent.h>
#include <errno.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>

#include "fs_check.h"

/* A batch-mode table env (parallelism 1) and a temporary directory. */
typedef struct Fx {
    eddy_env *env;
    eddy_tenv *t;
    char *dir;
    char sql[8192];
} Fx;

static Fx fx_new(eddy_runtime_mode mode) {
    Fx fx = {0};
    fx.env = new_env(1);
    fx.t = eddy_tenv_new_in_mode(fx.env, mode);
    fx.dir = tmpdir();
    return fx;
}

static void fx_free(Fx *fx) {
    eddy_env_free(fx->env);
    rmtree(fx->dir);
    free(fx->dir);
}

/* CREATE TABLE <name> (<cols>) [PARTITIONED BY] WITH ('connector' = 'filesystem',
 * 'path' = '<dir>/<name>', <more options>) */
static char *create(Fx *fx, const char *name, const char *cols, const char *more) {
    snprintf(fx->sql, sizeof fx->sql,
             "CREATE TABLE %s (%s) WITH ('connector' = 'filesystem', 'path' = '%s/%s'%s%s)", name, cols, fx->dir, name,
             more && *more ? ", " : "", more ? more : "");
    return run(fx->t, fx->sql);
}

static char *create_partitioned(Fx *fx, const char *name, const char *cols, const char *keys, const char *more) {
    snprintf(fx->sql, sizeof fx->sql,
             "CREATE TABLE %s (%s) PARTITIONED BY (%s) WITH ('connector' = 'filesystem', 'path' = '%s/%s'%s%s)", name,
             cols, keys, fx->dir, name, more && *more ? ", " : "", more ? more : "");
    return run(fx->t, fx->sql);
}

/* The visible files of table `name` with their contents. */
static char *files_of(Fx *fx, const char *name) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", fx->dir, name);
    return tree(p, false, true);
}

/* Everything below the table's directory, hidden files included, names only. */
static char *all_files_of(Fx *fx, const char *name) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", fx->dir, name);
    return tree(p, true, false);
}

static void put(Fx *fx, const char *rel, const char *content) { write_file(fx->dir, rel, content); }

/* A case of a format's write options: table `name` with options `opts`,
 * and the files an INSERT leaves in it. */
typedef struct WriteCase {
    const char *name, *opts, *file;
} WriteCase;

/* For each case: creates the table (columns `cols`), runs the INSERT
 * `vals` (a format whose %s is the table name) and compares its files. */
static void check_writes(Fx *fx, const char *cols, const char *vals, const WriteCase *cases, size_t n) {
    for (size_t k = 0; k < n; k++) {
        ASSERT_TEXT(create(fx, cases[k].name, cols, cases[k].opts), "OK");
        snprintf(fx->sql, sizeof fx->sql, vals, cases[k].name);
        RUN_OK(fx->t, fx->sql);
        ASSERT_TEXT(files_of(fx, cases[k].name), cases[k].file);
    }
}

/* An error message with the test's directory replaced by "DIR". */
static char *undir(Fx *fx, char *s) {
    size_t dl = strlen(fx->dir);
    for (char *p = strstr(s, fx->dir); p; p = strstr(p, fx->dir)) {
        memcpy(p, "DIR", 3);
        memmove(p + 3, p + dl, strlen(p + dl) + 1);
    }
    return s;
}

static const char *ALL_TYPES = "b BOOLEAN, ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE, "
                               "dc DECIMAL(10, 3), s STRING, bin BYTES, dt DATE, tm TIME(3), ts TIMESTAMP(3), "
                               "lt TIMESTAMP_LTZ(3), arr ARRAY<INT>, r ROW<a STRING, b INT>";

static const char *ALL_VALUES =
    "(true, CAST(1 AS TINYINT), CAST(2 AS SMALLINT), 3, CAST(4 AS BIGINT), CAST(1.5 AS FLOAT), 0.1, 12.300, "
    "'Hello, World', X'6b030b', DATE '2018-10-12', TIME '12:12:12.232', TIMESTAMP '2018-10-12 12:12:12.5', "
    "TO_TIMESTAMP_LTZ(1539346332500, 3), ARRAY[12, 4], ROW('Hello', 42)), "
    "(false, CAST(-1 AS TINYINT), CAST(-2 AS SMALLINT), -3, CAST(-4 AS BIGINT), CAST(-0.25 AS FLOAT), 1e10, "
    "-0.5, 'x', X'', DATE '1969-12-31', TIME '00:00:00', TIMESTAMP '1969-12-31 23:59:59', "
    "TO_TIMESTAMP_LTZ(0, 3), ARRAY[1], ROW('a b', -1))";

static const char *ALL_ROWS =
    "+I[true, 1, 2, 3, 4, 1.5, 0.1, 12.300, Hello, World, [107, 3, 11], 2018-10-12, 12:12:12.232, "
    "2018-10-12T12:12:12.500, 2018-10-12T12:12:12.500Z, [12, 4], +I[Hello, 42]]\n"
    "+I[false, -1, -2, -3, -4, -0.25, 1.0E10, -0.500, x, [], 1969-12-31, 00:00, 1969-12-31T23:59:59, "
    "1970-01-01T00:00:00Z, [1], +I[a b, -1]]\n";

/* ---- csv ------------------------------------------------------------------------------ */

TEST(csv_every_type_round_trip) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", ALL_TYPES, "'format' = 'csv'"), "OK");
    snprintf(fx.sql, sizeof fx.sql, "INSERT INTO t VALUES %s", ALL_VALUES);
    RUN_OK(fx.t, fx.sql);
    ASSERT_TEXT(files_of(&fx, "t"),
                "part-*-0-0:\n"
                "true,1,2,3,4,1.5,0.1,12.3,\"Hello, World\",awML,2018-10-12,12:12:12.232,\"2018-10-12 12:12:12.5\","
                "\"2018-10-12 12:12:12.5Z\",12;4,Hello;42\n"
                "false,-1,-2,-3,-4,-0.25,1.0E10,-0.5,x,,1969-12-31,00:00:00,\"1969-12-31 23:59:59\","
                "\"1970-01-01 00:00:00Z\",1,\"a b;-1\"\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"), ALL_ROWS);
    /* the same in streaming mode */
    RUN_OK(fx.t, "SET 'execution.runtime-mode' = 'streaming'");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"), ALL_ROWS);
    fx_free(&fx);
}

TEST(csv_nulls_and_null_literal) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "s STRING, i INT, arr ARRAY<STRING>, r ROW<a INT, b INT>", "'format' = 'csv'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO t VALUES (CAST(NULL AS STRING), CAST(NULL AS INT), ARRAY['a', CAST(NULL AS STRING)], "
                 "CAST(NULL AS ROW<a INT, b INT>))");
    ASSERT_TEXT(files_of(&fx, "t"), "part-*-0-0:\n,,a;,\n");
    /* without a null literal an empty INT is no number, as in Flink */
    char *got = undir(&fx, rows(fx.t, "SELECT * FROM t"));
    ASSERT_STR_CONTAINS(got, "ERROR: DIR/t/part-");
    ASSERT_STR_CONTAINS(got, "-0-0:1: For input string: \"\"");
    free(got);
    ASSERT_TEXT(create(&fx, "n", "s STRING, i INT, arr ARRAY<STRING>", "'format' = 'csv', 'csv.null-literal' = 'N/A'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO n VALUES (CAST(NULL AS STRING), CAST(NULL AS INT), ARRAY['a', CAST(NULL AS STRING)]), "
                 "('N/A', 1, ARRAY['x']), ('', 2, CAST(NULL AS ARRAY<STRING>))");
    ASSERT_TEXT(files_of(&fx, "n"), "part-*-0-0:\nN/A,N/A,a;N/A\nN/A,1,x\n,2,N/A\n");
    /* the literal reads back as NULL, also for a string that was the
     * literal; a NULL array written as the literal comes back as [null], as
     * Jackson's array columns make of it in Flink */
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM n"), "+I[null, null, [a, null]]\n+I[null, 1, [x]]\n+I[, 2, [null]]\n");
    /* a NULL nested row written as the literal reads back as a row of one
     * field: Flink fails on it the same way */
    ASSERT_TEXT(create(&fx, "r", "r ROW<a INT, b INT>", "'format' = 'csv', 'csv.null-literal' = 'N/A'"), "OK");
    RUN_OK(fx.t, "INSERT INTO r VALUES (CAST(NULL AS ROW<a INT, b INT>)), (ROW(1, CAST(NULL AS INT)))");
    ASSERT_TEXT(files_of(&fx, "r"), "part-*-0-0:\nN/A\n1;N/A\n");
    got = undir(&fx, rows(fx.t, "SELECT * FROM r"));
    ASSERT_STR_CONTAINS(got, "ERROR: DIR/r/part-");
    ASSERT_STR_CONTAINS(got, "-0-0:1: Row length mismatch. 2 fields expected but was 1.");
    free(got);
    fx_free(&fx);
}

TEST(csv_write_options) {
    Fx fx = fx_new(EDDY_BATCH);
    const char *cols = "s STRING, i INT, dc DECIMAL(12, 2), arr ARRAY<STRING>";
    const char *vals = "INSERT INTO %s VALUES ('a b', 1, 100000.00, ARRAY['x', 'y z']), "
                       "('it''s \"q\"', 2, 0.10, ARRAY['p|q']), ('plain', 3, 0.00, ARRAY['*'])";
    const WriteCase cases[] = {
        {"dflt", "'format' = 'csv'",
         "part-*-0-0:\n\"a b\",1,\"1E+5\",\"x;y z\"\n\"it's \"\"q\"\"\",2,0.1,p|q\nplain,3,0,\"*\"\n"},
        /* Java escapes in the delimiter; every character below '|' + 1 asks for quotes */
        {"tab", "'format' = 'csv', 'csv.field-delimiter' = '\\t'",
         "part-*-0-0:\n\"a b\"\t1\t1E+5\t\"x;y z\"\n\"it's \"\"q\"\"\"\t2\t0.1\tp|q\nplain\t3\t0\t*\n"},
        {"pipe", "'format' = 'csv', 'csv.field-delimiter' = '|'",
         "part-*-0-0:\n\"a b\"|1|\"1E+5\"|\"x;y z\"\n\"it's \"\"q\"\"\"|2|\"0.1\"|\"p|q\"\n\"plain\"|3|\"0\"|\"*\"\n"},
        {"quote", "'format' = 'csv', 'csv.quote-character' = ''''",
         "part-*-0-0:\n'a b',1,'1E+5','x;y z'\n'it''s \"q\"',2,0.1,p|q\nplain,3,0,'*'\n"},
        {"noquote", "'format' = 'csv', 'csv.disable-quote-character' = 'true'",
         "part-*-0-0:\na b,1,1E+5,x;y z\nit's \"q\",2,0.1,p|q\nplain,3,0,*\n"},
        /* the escape character forces quotes and is doubled inside them */
        {"esc", "'format' = 'csv', 'csv.escape-character' = '*'",
         "part-*-0-0:\n\"a b\",1,\"1E+5\",\"x;y z\"\n\"it's \"\"q\"\"\",2,0.1,p|q\nplain,3,0,\"**\"\n"},
        {"arrays", "'format' = 'csv', 'csv.array-element-delimiter' = '|'",
         "part-*-0-0:\n\"a b\",1,\"1E+5\",\"x|y z\"\n\"it's \"\"q\"\"\",2,0.1,p|q\nplain,3,0,\"*\"\n"},
        {"plain", "'format' = 'csv', 'csv.write-bigdecimal-in-scientific-notation' = 'false'",
         "part-*-0-0:\n\"a b\",1,100000,\"x;y z\"\n\"it's \"\"q\"\"\",2,0.1,p|q\nplain,3,0,\"*\"\n"},
    };
    check_writes(&fx, cols, vals, cases, sizeof cases / sizeof cases[0]);
    /* what is written reads back (the array delimiter splits 'p|q' when it is '|') */
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM quote"),
                "+I[a b, 1, 100000.00, [x, y z]]\n+I[it's \"q\", 2, 0.10, [p|q]]\n+I[plain, 3, 0.00, [*]]\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM esc"),
                "+I[a b, 1, 100000.00, [x, y z]]\n+I[it's \"q\", 2, 0.10, [p|q]]\n+I[plain, 3, 0.00, [*]]\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM arrays"),
                "+I[a b, 1, 100000.00, [x, y z]]\n+I[it's \"q\", 2, 0.10, [p, q]]\n+I[plain, 3, 0.00, [*]]\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM tab"),
                "+I[a b, 1, 100000.00, [x, y z]]\n+I[it's \"q\", 2, 0.10, [p|q]]\n+I[plain, 3, 0.00, [*]]\n");
    fx_free(&fx);
}

TEST(csv_read_rules) {
    Fx fx = fx_new(EDDY_BATCH);
    /* quoting, doubled quotes, line breaks inside quotes, CRLF, one empty
     * value too many, spaces kept, numbers and booleans trimmed */
    put(&fx, "t/data.csv",
        "a,1,true\r\n"
        "\"b,c\",2, TRUE \n"
        "\"multi\nline\",3,yes\n"
        "\"say \"\"hi\"\"\"  ,  4  ,false,\n"
        " x ,5,\n");
    ASSERT_TEXT(create(&fx, "t", "s STRING, i INT, b BOOLEAN", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"),
                "+I[a, 1, true]\n+I[b,c, 2, true]\n+I[multi\nline, 3, false]\n+I[say \"hi\", 4, false]\n"
                "+I[ x , 5, false]\n");
    /* comments: '#' lines, blank lines and leading blanks are skipped */
    put(&fx, "c/data.csv", "# a comment\n\n   a,1\n#b,2\nc,3");
    ASSERT_TEXT(create(&fx, "c", "s STRING, i INT", "'format' = 'csv', 'csv.allow-comments' = 'true'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM c"), "+I[a, 1]\n+I[c, 3]\n");
    /* without it '#' is data */
    put(&fx, "nc/data.csv", "#x,1\n");
    ASSERT_TEXT(create(&fx, "nc", "s STRING, i INT", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM nc"), "+I[#x, 1]\n");
    /* the escape character, in and out of quotes */
    put(&fx, "e/data.csv", "a\\,b,\"c\\\"d\",e\\nf\n");
    ASSERT_TEXT(create(&fx, "e", "x STRING, y STRING, z STRING", "'format' = 'csv', 'csv.escape-character' = '\\'"),
                "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM e"), "+I[a,b, c\"d, e\nf]\n");
    /* numbers: Java's forms */
    put(&fx, "n/data.csv", "+7,-0.5e1,1d,NaN,0x1p4,12.345\n");
    ASSERT_TEXT(create(&fx, "n", "i INT, d DOUBLE, f FLOAT, g DOUBLE, h DOUBLE, dc DECIMAL(4, 2)", "'format' = 'csv'"),
                "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM n"), "+I[7, -5.0, 1.0, NaN, 16.0, 12.35]\n");
    /* a DECIMAL too large for its type is NULL (no error), as in Flink */
    put(&fx, "o/data.csv", "123456\n");
    ASSERT_TEXT(create(&fx, "o", "dc DECIMAL(4, 2)", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM o"), "+I[null]\n");
    fx_free(&fx);
}

TEST(csv_malformed_input_fails_with_file_and_line) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "s STRING, i INT", "'format' = 'csv'"), "OK");
    struct {
        const char *data, *error;
    } cases[] = {
        {"a,1\nb,x\n", "DIR/t/data.csv:2: For input string: \"x\""},
        {"a,1\n\"b\nc\",99999999999\n", "DIR/t/data.csv:2: For input string: \"99999999999\""},
        {"a,1\nb,2,3\n", "DIR/t/data.csv:2: Too many entries: expected at most 2 (value #2 (1 chars) \"3\")"},
        {"a,1\nb\n", "DIR/t/data.csv:2: Row length mismatch. 2 fields expected but was 1."},
        {"a,1\n\n", "DIR/t/data.csv:2: Row length mismatch. 2 fields expected but was 1."},
        {"a,1\n\"b\"x,2\n",
         "DIR/t/data.csv:2: Unexpected character ('x' (code 120)): Expected column separator character (',' (code 44)) "
         "or end-of-line"},
        {"a,1\n\"b,2\n", "DIR/t/data.csv:2: Missing closing quote for value"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        put(&fx, "t/data.csv", cases[k].data);
        char *got = undir(&fx, rows(fx.t, "SELECT * FROM t"));
        char want[512];
        snprintf(want, sizeof want, "ERROR: %s", cases[k].error);
        ASSERT_TEXT(got, want);
    }
    /* the types' own messages */
    ASSERT_TEXT(create(&fx, "ty", "ti TINYINT, dc DECIMAL(5, 2), dt DATE, tm TIME, ts TIMESTAMP, lt TIMESTAMP_LTZ, b BYTES",
                       "'format' = 'csv'"),
                "OK");
    struct {
        const char *data, *error;
    } types[] = {
        {"300,1,2021-01-01,10:00,2021-01-01 10:00:00,2021-01-01 10:00:00Z,AA==\n",
         "Value out of range. Value:\"300\" Radix:10"},
        {"1,1x,2021-01-01,10:00,2021-01-01 10:00:00,2021-01-01 10:00:00Z,AA==\n",
         "Character x is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark."},
        {"1,1,2021-13-01,10:00,2021-01-01 10:00:00,2021-01-01 10:00:00Z,AA==\n",
         "Cannot parse '2021-13-01' as a DATE: java.sql.Date.valueOf expects yyyy-[m]m-[d]d"},
        {"1,1,2021-01-01,25:00,2021-01-01 10:00:00,2021-01-01 10:00:00Z,AA==\n",
         "Text '25:00' could not be parsed: Invalid value for HourOfDay (valid values 0 - 23): 25"},
        {"1,1,2021-01-01,10:00,2021-01-01T10:00:00,2021-01-01 10:00:00Z,AA==\n",
         "Text '2021-01-01T10:00:00' could not be parsed at index 10"},
        {"1,1,2021-01-01,10:00,2021-01-01 10:00,2021-01-01 10:00:00Z,AA==\n",
         "Text '2021-01-01 10:00' could not be parsed at index 16"},
        {"1,1,2021-01-01,10:00,2021-01-01 10:00:00,2021-01-01 10:00:00,AA==\n",
         "Text '2021-01-01 10:00:00' could not be parsed at index 19"},
        {"1,1,2021-01-01,10:00,2021-01-01 10:00:00,2021-01-01 10:00:00Z,A*A\n", "Unable to deserialize byte array."},
    };
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        put(&fx, "ty/data.csv", types[k].data);
        char *got = undir(&fx, rows(fx.t, "SELECT * FROM ty"));
        char want[512];
        snprintf(want, sizeof want, "ERROR: DIR/ty/data.csv:1: %s", types[k].error);
        ASSERT_TEXT(got, want);
    }
    put(&fx, "ty/data.csv", " 12 ,1.5,2021-1-5,10:00:01.5,2021-01-31 10:00:00.123456789,2021-02-30 24:00:00Z,AAE=\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM ty"),
                "+I[12, 1.50, 2021-01-05, 10:00:01, 2021-01-31T10:00:00.123456789, 2021-03-01T00:00:00Z, [0, 1]]\n");
    fx_free(&fx);
}

TEST(csv_ignore_parse_errors_counts_what_it_ignores) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "s STRING, i INT, d DATE", "'format' = 'csv', 'csv.ignore-parse-errors' = 'true'"),
                "OK");
    put(&fx, "t/a.csv", "a,1,2021-01-01\nb,x,2021-01-02\nc,3,bad\n\"d\"e,4,2021-01-04\nf,5,2021-01-05,extra\ng\n");
    put(&fx, "t/b.csv", "h,8,2021-01-08\n");
    char *mal = NULL;
    char *got = rows_m(fx.t, "SELECT * FROM t", &mal);
    /* fields that do not parse are NULL, a short row gets NULLs, rows that
     * cannot be read are skipped */
    ASSERT_TEXT(got, "+I[a, 1, 2021-01-01]\n+I[b, null, 2021-01-02]\n+I[c, 3, null]\n+I[g, null, null]\n"
                     "+I[h, 8, 2021-01-08]\n");
    ASSERT_TEXT(undir(&fx, mal),
                "5\n5 malformed records in DIR/t/a.csv (2 skipped, 3 with fields set to NULL); first at line 2: For "
                "input string: \"x\"\n");
    /* 'false' is the default */
    ASSERT_TEXT(create(&fx, "f", "s STRING, i INT", "'format' = 'csv', 'csv.ignore-parse-errors' = 'false'"), "OK");
    put(&fx, "f/a.csv", "a,x\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM f")), "ERROR: DIR/f/a.csv:1: For input string: \"x\"");
    fx_free(&fx);
}

static const char *JSON_TYPES = "b BOOLEAN, ti TINYINT, i INT, bi BIGINT, f FLOAT, d DOUBLE, dc DECIMAL(10, 3), "
                                "s STRING, bin BYTES, dt DATE, tm TIME(3), ts TIMESTAMP(3), lt TIMESTAMP_LTZ(3), "
                                "arr ARRAY<INT>, m MAP<STRING, INT>, r ROW<a STRING, b INT>";

TEST(json_every_type_round_trip) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", JSON_TYPES, "'format' = 'json'"), "OK");
    RUN_OK(fx.t, "INSERT INTO t VALUES (true, CAST(1 AS TINYINT), 3, CAST(4 AS BIGINT), CAST(1.5 AS FLOAT), "
                 "CAST('NaN' AS DOUBLE), 100.000, 'say \"hi\"\n\tbye', X'6b030b', DATE '2018-10-12', "
                 "TIME '12:12:12.232', TIMESTAMP '2018-10-12 12:12:12.5', TO_TIMESTAMP_LTZ(1539346332500, 3), "
                 "ARRAY[12, CAST(NULL AS INT)], MAP['k', 1, 'l', CAST(NULL AS INT)], ROW('Hello', CAST(NULL AS INT))), "
                 "(false, CAST(-1 AS TINYINT), -3, CAST(-4 AS BIGINT), CAST(-0.25 AS FLOAT), 1e10, 0.000, '', X'', "
                 "DATE '1969-12-31', TIME '00:00:00', TIMESTAMP '1969-12-31 23:59:59', TO_TIMESTAMP_LTZ(0, 3), "
                 "ARRAY[1], MAP['x', 2], CAST(NULL AS ROW<a STRING, b INT>))");
    ASSERT_TEXT(files_of(&fx, "t"),
                "part-*-0-0:\n"
                "{\"b\":true,\"ti\":1,\"i\":3,\"bi\":4,\"f\":1.5,\"d\":\"NaN\",\"dc\":1E+2,\"s\":\"say \\\"hi\\\"\\n\\tbye\","
                "\"bin\":\"awML\",\"dt\":\"2018-10-12\",\"tm\":\"12:12:12\",\"ts\":\"2018-10-12 12:12:12.5\","
                "\"lt\":\"2018-10-12 12:12:12.5Z\",\"arr\":[12,null],\"m\":{\"k\":1,\"l\":null},"
                "\"r\":{\"a\":\"Hello\",\"b\":null}}\n"
                "{\"b\":false,\"ti\":-1,\"i\":-3,\"bi\":-4,\"f\":-0.25,\"d\":1.0E10,\"dc\":0,\"s\":\"\",\"bin\":\"\","
                "\"dt\":\"1969-12-31\",\"tm\":\"00:00:00\",\"ts\":\"1969-12-31 23:59:59\",\"lt\":\"1970-01-01 00:00:00Z\","
                "\"arr\":[1],\"m\":{\"x\":2},\"r\":null}\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"),
                "+I[true, 1, 3, 4, 1.5, NaN, 100.000, say \"hi\"\n\tbye, [107, 3, 11], 2018-10-12, 12:12:12, "
                "2018-10-12T12:12:12.500, 2018-10-12T12:12:12.500Z, [12, null], {k=1, l=null}, "
                "+I[Hello, null]]\n"
                "+I[false, -1, -3, -4, -0.25, 1.0E10, 0.000, , [], 1969-12-31, 00:00, 1969-12-31T23:59:59, "
                "1970-01-01T00:00:00Z, [1], {x=2}, null]\n");
    /* MULTISET: an object of counts */
    ASSERT_TEXT(create(&fx, "ms", "ms MULTISET<STRING>", "'format' = 'json'"), "OK");
    put(&fx, "ms/a.json", "{\"ms\": {\"a\": 2, \"b\": 1}}\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM ms"), "+I[{a=2, b=1}]\n");
    ASSERT_TEXT(create(&fx, "ms2", "ms MULTISET<STRING>", "'format' = 'json'"), "OK");
    RUN_OK(fx.t, "INSERT INTO ms2 SELECT * FROM ms");
    ASSERT_TEXT(files_of(&fx, "ms2"), "part-*-0-0:\n{\"ms\":{\"a\":2,\"b\":1}}\n");
    fx_free(&fx);
}

TEST(json_options) {
    Fx fx = fx_new(EDDY_BATCH);
    const char *cols = "ts TIMESTAMP(3), lt TIMESTAMP_LTZ(3), dc DECIMAL(10, 2), s STRING, m MAP<STRING, INT>";
    const char *vals = "INSERT INTO %s VALUES (TIMESTAMP '2021-08-21 13:00:05', TO_TIMESTAMP_LTZ(1000, 3), 1200.00, "
                       "CAST(NULL AS STRING), MAP[CAST(NULL AS STRING), 1, 'a', 2])";
    const WriteCase cases[] = {
        {"iso", "'format' = 'json', 'json.timestamp-format.standard' = 'ISO-8601', 'json.map-null-key.mode' = 'drop'",
         "part-*-0-0:\n{\"ts\":\"2021-08-21T13:00:05\",\"lt\":\"1970-01-01T00:00:01Z\",\"dc\":1.2E+3,\"s\":null,"
         "\"m\":{\"a\":2}}\n"},
        {"lit",
         "'format' = 'json', 'json.map-null-key.mode' = 'LITERAL', 'json.map-null-key.literal' = 'nil', "
         "'json.encode.decimal-as-plain-number' = 'true', 'json.encode.ignore-null-fields' = 'true'",
         "part-*-0-0:\n{\"ts\":\"2021-08-21 13:00:05\",\"lt\":\"1970-01-01 00:00:01Z\",\"dc\":1200,"
         "\"m\":{\"nil\":1,\"a\":2}}\n"},
    };
    check_writes(&fx, cols, vals, cases, sizeof cases / sizeof cases[0]);
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM iso"),
                "+I[2021-08-21T13:00:05, 1970-01-01T00:00:01Z, 1200.00, null, {a=2}]\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM lit"),
                "+I[2021-08-21T13:00:05, 1970-01-01T00:00:01Z, 1200.00, null, {nil=1, a=2}]\n");
    /* a NULL map key fails by default, with Flink's message */
    ASSERT_TEXT(create(&fx, "fail", cols, "'format' = 'json'"), "OK");
    snprintf(fx.sql, sizeof fx.sql, vals, "fail");
    ASSERT_TEXT(run(fx.t, fx.sql),
                "ERROR: JSON format doesn't support to serialize map data with null keys. You can drop null key "
                "entries or encode null in literals by specifying map-null-key.mode option.");
    ASSERT_TEXT(all_files_of(&fx, "fail"), "");
    fx_free(&fx);
}

TEST(json_read_rules_and_malformed_input) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "i INT, s STRING, d DOUBLE, b BOOLEAN, r ROW<x INT>", "'format' = 'json'"), "OK");
    /* numbers from text and text from numbers, containers as JSON text,
     * members in any order, unknown members ignored, blank lines and null
     * skipped, text after the value ignored */
    put(&fx, "t/a.json",
        "{\"i\": \"12\", \"s\": 1.50, \"d\": \"2.5\", \"b\": \"TRUE\", \"r\": {\"x\": 1.9}}\n"
        "\n"
        "null\n"
        "{\"s\": {\"k\": [1, \"v\", 2e2]}, \"zzz\": 1, \"i\": 7.8} trailing\r\n"
        "{}\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"),
                "+I[12, 1.5, 2.5, true, +I[1]]\n+I[7, {\"k\":[1,\"v\",200.0]}, null, null, null]\n"
                "+I[null, null, null, null, null]\n");
    /* malformed: the line that fails, with Jackson's reason */
    put(&fx, "t/a.json", "{\"i\": 1}\n{\"i\": x}\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: DIR/t/a.json:2: Failed to deserialize JSON '{\"i\": x}': Unrecognized token 'x': was expecting "
                "(JSON String, Number, Array, Object or token 'null', 'true' or 'false') (column 7)");
    put(&fx, "t/a.json", "{\"i\": \"abc\"}\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: DIR/t/a.json:1: Failed to deserialize JSON '{\"i\": \"abc\"}': For input string: \"abc\"");
    put(&fx, "t/a.json", "[1, 2]\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: DIR/t/a.json:1: Failed to deserialize JSON '[1, 2]': Expected an object but was an array");
    /* fail-on-missing-field */
    ASSERT_TEXT(create(&fx, "m", "i INT, s STRING", "'format' = 'json', 'json.fail-on-missing-field' = 'true'"), "OK");
    put(&fx, "m/a.json", "{\"i\": 1, \"s\": null}\n{\"i\": 2}\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM m")),
                "ERROR: DIR/m/a.json:2: Failed to deserialize JSON '{\"i\": 2}': Could not find field with name 's'.");
    /* ignore-parse-errors: NULL fields, skipped lines, all counted */
    ASSERT_TEXT(create(&fx, "g", "i INT, s STRING", "'format' = 'json', 'json.ignore-parse-errors' = 'true'"), "OK");
    put(&fx, "g/a.json", "{\"i\": 1, \"s\": \"a\"}\n{\"i\": \"x\", \"s\": \"b\"}\n{oops\n[3]\n{\"i\": 4}\n");
    char *mal = NULL;
    ASSERT_TEXT(rows_m(fx.t, "SELECT * FROM g", &mal), "+I[1, a]\n+I[null, b]\n+I[4, null]\n");
    ASSERT_TEXT(undir(&fx, mal), "3\n3 malformed records in DIR/g/a.json (2 skipped, 1 with fields set to NULL); "
                                 "first at line 2: For input string: \"x\"\n");
    fx_free(&fx);
}

TEST(raw_format) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "line STRING", "'format' = 'raw'"), "OK");
    RUN_OK(fx.t, "INSERT INTO t VALUES ('a,b \"c\"'), (''), ('caf\u00e9')");
    ASSERT_TEXT(files_of(&fx, "t"), "part-*-0-0:\na,b \"c\"\n\ncafé\n");
    put(&fx, "t/more.txt", "x\r\ny");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"), "+I[x]\n+I[y]\n+I[a,b \"c\"]\n+I[]\n+I[café]\n");
    /* another charset */
    ASSERT_TEXT(create(&fx, "l", "line STRING", "'format' = 'raw', 'raw.charset' = 'ISO-8859-1'"), "OK");
    RUN_OK(fx.t, "INSERT INTO l VALUES ('caf\u00e9')");
    ASSERT_TEXT(files_of(&fx, "l"), "part-*-0-0:\ncaf\xe9\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM l"), "+I[café]\n");
    /* numbers in their binary form, in either byte order */
    ASSERT_TEXT(create(&fx, "be", "v INT", "'format' = 'raw'"), "OK");
    ASSERT_TEXT(create(&fx, "le", "v INT", "'format' = 'raw', 'raw.endianness' = 'little-endian'"), "OK");
    RUN_OK(fx.t, "INSERT INTO be VALUES (1094861636)");
    RUN_OK(fx.t, "INSERT INTO le VALUES (1094861636)");
    ASSERT_TEXT(files_of(&fx, "be"), "part-*-0-0:\nABCD\n");
    ASSERT_TEXT(files_of(&fx, "le"), "part-*-0-0:\nDCBA\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM le"), "+I[1094861636]\n");
    put(&fx, "be/short.bin", "AB\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM be")),
                "+I[1094861636]\nERROR: DIR/be/short.bin:1: Size of data received for deserializing INT type is not 4.");
    /* a NULL cannot be a line */
    ASSERT_TEXT(run(fx.t, "INSERT INTO t VALUES (CAST(NULL AS STRING))"),
                "ERROR: Cannot write a NULL value of column 'line' in the 'raw' format: a record of a file cannot be "
                "NULL.");
    /* Flink's errors */
    ASSERT_TEXT(create(&fx, "two", "a STRING, b STRING", "'format' = 'raw'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM two"),
                "ERROR: The 'raw' format only supports single physical column. However the defined schema contains "
                "multiple physical columns: [`a` STRING, `b` STRING]");
    ASSERT_TEXT(create(&fx, "dt", "d DATE", "'format' = 'raw'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM dt"), "ERROR: The 'raw' format doesn't supports 'DATE' as column type.");
    ASSERT_TEXT(create(&fx, "en", "v INT", "'format' = 'raw', 'raw.endianness' = 'middle'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM en"),
                "ERROR: Unsupported endianness name: middle. Valid values of 'raw.endianness' option are 'big-endian' "
                "and 'little-endian'.");
    ASSERT_TEXT(create(&fx, "cs", "v STRING", "'format' = 'raw', 'raw.charset' = 'NO-SUCH-CHARSET'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM cs"), "ERROR: Unsupported 'raw.charset' name: NO-SUCH-CHARSET.");
    fx_free(&fx);
}

TEST(partitioned_writes_and_reads) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create_partitioned(&fx, "t", "id INT, name STRING, dt DATE, p STRING", "dt, p", "'format' = 'csv'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO t VALUES (1, 'a', DATE '2021-08-21', 'x'), (2, 'b', DATE '2021-08-21', 'y'), "
                 "(3, 'c', DATE '2021-08-22', 'x'), (4, 'd', CAST(NULL AS DATE), ''), (5, 'e', DATE '2021-08-21', 'a/b=c')");
    /* the directories are the partition values (escaped); the files hold the other columns */
    ASSERT_TEXT(files_of(&fx, "t"),
                "dt=2021-08-21/p=a%2Fb%3Dc/part-*-0-4:\n5,e\n"
                "dt=2021-08-21/p=x/part-*-0-0:\n1,a\n"
                "dt=2021-08-21/p=y/part-*-0-1:\n2,b\n"
                "dt=2021-08-22/p=x/part-*-0-2:\n3,c\n"
                "dt=__DEFAULT_PARTITION__/p=__DEFAULT_PARTITION__/part-*-0-3:\n4,d\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"),
                "+I[5, e, 2021-08-21, a/b=c]\n+I[1, a, 2021-08-21, x]\n+I[2, b, 2021-08-21, y]\n"
                "+I[3, c, 2021-08-22, x]\n+I[4, d, null, null]\n");
    /* INSERT INTO adds files */
    RUN_OK(fx.t, "INSERT INTO t VALUES (6, 'f', DATE '2021-08-22', 'x')");
    ASSERT_TEXT(sorted_lines(rows(fx.t, "SELECT id FROM t WHERE dt = DATE '2021-08-22'")), "+I[3]\n+I[6]\n");
    /* a typed partition column, its own default name, files the layout does not have */
    ASSERT_TEXT(create_partitioned(&fx, "n", "v STRING, k INT", "k",
                                   "'format' = 'json', 'partition.default-name' = 'none'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO n VALUES ('a', 1), ('b', CAST(NULL AS INT)), ('c', -7)");
    put(&fx, "n/stray.json", "{\"v\": \"not in a partition\"}\n");
    ASSERT_TEXT(all_files_of(&fx, "n"), "k=-7/part-*-0-2\nk=1/part-*-0-0\nk=none/part-*-0-1\nstray.json\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM n"), "+I[c, -7]\n+I[a, 1]\n+I[b, null]\n");
    put(&fx, "n/k=oops/x.json", "{\"v\": \"d\"}\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM n")), "+I[c, -7]\n+I[a, 1]\n+I[b, null]\nERROR: DIR/n/k=oops: For input string: \"oops\"");
    fx_free(&fx);
}

TEST(insert_overwrite) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create_partitioned(&fx, "p", "v INT, k STRING", "k", "'format' = 'csv'"), "OK");
    RUN_OK(fx.t, "INSERT INTO p VALUES (1, 'a'), (2, 'b')");
    RUN_OK(fx.t, "INSERT INTO p VALUES (3, 'a')");
    put(&fx, "p/k=a/_SUCCESS", "");
    /* only the partitions written are replaced; hidden files stay */
    RUN_OK(fx.t, "INSERT OVERWRITE p VALUES (10, 'a'), (11, 'c')");
    ASSERT_TEXT(files_of(&fx, "p"), "k=a/part-*-0-0:\n10\nk=b/part-*-0-1:\n2\nk=c/part-*-0-1:\n11\n");
    ASSERT_TEXT(all_files_of(&fx, "p"), "k=a/_SUCCESS\nk=a/part-*-0-0\nk=b/part-*-0-1\nk=c/part-*-0-1\n");
    /* static partitions arrive as constants */
    RUN_OK(fx.t, "INSERT OVERWRITE p PARTITION (k = 'b') SELECT 20");
    RUN_OK(fx.t, "INSERT INTO p PARTITION (k = 'd') VALUES (30), (31)");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM p"), "+I[10, a]\n+I[20, b]\n+I[11, c]\n+I[30, d]\n+I[31, d]\n");
    /* a table without partitions is replaced whole, even by nothing */
    ASSERT_TEXT(create(&fx, "u", "v INT", "'format' = 'csv'"), "OK");
    RUN_OK(fx.t, "INSERT INTO u VALUES (1)");
    put(&fx, "u/sub/old.csv", "2\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM u"), "+I[1]\n+I[2]\n");
    RUN_OK(fx.t, "INSERT OVERWRITE u VALUES (3)");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM u"), "+I[3]\n");
    RUN_OK(fx.t, "INSERT OVERWRITE u SELECT v FROM u WHERE v > 100");
    ASSERT_TEXT(all_files_of(&fx, "u"), "");
    /* streaming mode cannot overwrite: Flink's error */
    RUN_OK(fx.t, "SET 'execution.runtime-mode' = 'streaming'");
    ASSERT_TEXT(run(fx.t, "INSERT OVERWRITE u VALUES (4)"), "ERROR: Streaming mode not support overwrite.");
    fx_free(&fx);
}

TEST(files_appear_only_when_the_job_succeeds) {
    Fx fx = fx_new(EDDY_BATCH);
    /* a source that fails after thousands of good rows */
    ASSERT_TEXT(create(&fx, "src", "i INT", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(create_partitioned(&fx, "dst", "i INT, p INT", "p", "'format' = 'csv'"), "OK");
    char *data = malloc(3000 * 8 + 16);
    size_t n = 0;
    for (int i = 0; i < 3000; i++) n += (size_t)sprintf(data + n, "%d\n", i);
    strcpy(data + n, "oops\n");
    put(&fx, "src/data.csv", data);
    free(data);
    char *got = undir(&fx, run(fx.t, "INSERT INTO dst SELECT i, i % 3 FROM src"));
    ASSERT_TEXT(got, "ERROR: DIR/src/data.csv:3001: For input string: \"oops\"");
    /* nothing of the failed job is left, not even its staging files */
    ASSERT_TEXT(all_files_of(&fx, "dst"), "");
    /* the same job without the bad line commits everything */
    put(&fx, "src/data.csv", "1\n2\n3\n");
    RUN_OK(fx.t, "INSERT INTO dst SELECT i, i % 3 FROM src");
    ASSERT_TEXT(all_files_of(&fx, "dst"), "p=0/part-*-0-2\np=1/part-*-0-0\np=2/part-*-0-1\n");
    fx_free(&fx);
}

/* Waits (up to 5 s) until the table's staging holds `files` part files. */
static bool wait_for_staged(Fx *fx, const char *name, int files) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", fx->dir, name) < 0) abort();
    for (int k = 0; k < 500; k++) {
        char *all = tree(path, true, false);
        int n = 0;
        for (const char *p = strstr(all, "/part-"); p; p = strstr(p + 1, "/part-")) n++;
        free(all);
        if (n >= files) return true;
        struct timespec ts = {0, 10 * 1000000};
        nanosleep(&ts, NULL);
    }
    return false;
}

/* Starts INSERT INTO dst SELECT * FROM gen in streaming mode (gen: datagen
 * with the options `gen`; dst: csv files rolling at 1 kb), waits until it
 * has staged three files and cancels it. Returns what was seen: "staged,
 * none visible" (or what went otherwise), then the job's status message. */
static char *insert_then_cancel(Fx *fx, const char *gen) {
    snprintf(fx->sql, sizeof fx->sql,
             "CREATE TABLE gen (i INT) WITH ('connector' = 'datagen', 'rows-per-second' = '20000', %s)", gen);
    free(run(fx->t, fx->sql));
    free(create(fx, "dst", "i INT", "'format' = 'csv', 'sink.rolling-policy.file-size' = '1kb'"));
    eddy_result *r = eddy_tenv_execute_sql(fx->t, "INSERT INTO dst SELECT * FROM gen");
    bool staged = r && wait_for_staged(fx, "dst", 3);
    char *visible = files_of(fx, "dst");
    eddy_result_cancel(r);
    char *msg = eddy_result_await(r) == EDDY_E_CANCELLED ? env_error_text(fx->env) : strdup("(not cancelled)");
    eddy_result_free(r);
    char *out = malloc(strlen(msg) + 64);
    sprintf(out, "%s, %s\n%s", staged ? "staged" : "nothing staged", *visible ? "some visible" : "none visible", msg);
    free(visible);
    free(msg);
    return out;
}

TEST(cancelling_an_unbounded_streaming_insert_commits_its_files) {
    Fx fx = fx_new(EDDY_STREAMING);
    ASSERT_TEXT(insert_then_cancel(&fx, "'fields.i.min' = '0', 'fields.i.max' = '9'"),
                "staged, none visible\nERROR: The job was cancelled.");
    /* the cancel is a final checkpoint: the finished files and the one in
     * progress are committed, nothing stays staged */
    char *names = all_files_of(&fx, "dst");
    ASSERT_TRUE(count_lines(names) >= 3);
    ASSERT_TRUE(strstr(names, ".staging_") == NULL && strstr(names, ".commit_") == NULL);
    free(names);
    /* every file holds whole records (one digit a line), and they read back */
    char *content = files_of(&fx, "dst");
    int nrows = 0;
    for (char *line = strtok(content, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "part-", 5)) continue;
        ASSERT_TRUE(strlen(line) == 1 && line[0] >= '0' && line[0] <= '9');
        nrows++;
    }
    free(content);
    RUN_OK(fx.t, "SET 'execution.runtime-mode' = 'batch'");
    char *back = rows(fx.t, "SELECT * FROM dst");
    ASSERT_TRUE(strstr(back, "ERROR") == NULL);
    ASSERT_EQ_INT(count_lines(back), nrows);
    free(back);
    fx_free(&fx);
}

TEST(cancelling_a_bounded_insert_commits_nothing) {
    Fx fx = fx_new(EDDY_STREAMING);
    /* a sequence is bounded: the job would end by itself, all or nothing */
    ASSERT_TEXT(insert_then_cancel(&fx, "'fields.i.kind' = 'sequence', 'fields.i.start' = '1', "
                                        "'fields.i.end' = '100000000'"),
                "staged, none visible\nERROR: The job was cancelled.");
    ASSERT_TEXT(all_files_of(&fx, "dst"), "");
    fx_free(&fx);
}

/* A partition directory blocked by a file: INSERT INTO and INSERT
 * OVERWRITE of partitions a, m and z fail before anything is visible -- no
 * new file in a or m, the old ones still there -- and once the way is clear
 * the retry writes every row once. */
TEST(a_commit_that_cannot_write_a_partition_changes_nothing) {
    static const struct {
        const char *stmt, *after;
    } cases[] = {
        {"INSERT INTO t VALUES (3, 'a'), (4, 'm'), (5, 'z')", "+I[1, a]\n+I[2, m]\n+I[3, a]\n+I[4, m]\n+I[5, z]\n"},
        {"INSERT OVERWRITE t VALUES (3, 'a'), (4, 'm'), (5, 'z')", "+I[3, a]\n+I[4, m]\n+I[5, z]\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Fx fx = fx_new(EDDY_BATCH);
        ASSERT_TEXT(create_partitioned(&fx, "t", "v INT, p STRING", "p", "'format' = 'csv'"), "OK");
        RUN_OK(fx.t, "INSERT INTO t VALUES (1, 'a'), (2, 'm')");
        put(&fx, "t/p=z", "not a directory\n");
        ASSERT_TEXT(undir(&fx, run(fx.t, cases[k].stmt)),
                    "ERROR: Could not create the directory DIR/t/p=z: a file of that name is in the way");
        ASSERT_TEXT(files_of(&fx, "t"), "p=a/part-*-0-0:\n1\np=m/part-*-0-1:\n2\np=z:\nnot a directory\n");
        ASSERT_TEXT(all_files_of(&fx, "t"), "p=a/part-*-0-0\np=m/part-*-0-1\np=z\n");
        char path[4096];
        snprintf(path, sizeof path, "%s/t/p=z", fx.dir);
        unlink(path);
        RUN_OK(fx.t, cases[k].stmt);
        ASSERT_TEXT(sorted_lines(rows(fx.t, "SELECT * FROM t")), cases[k].after);
        fx_free(&fx);
    }
}

/* A staging directory and a commit record left by a job that died are
 * rolled back by the next reader, and never read as table data. */
TEST(a_dead_jobs_staging_is_rolled_back_and_never_read) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create_partitioned(&fx, "t", "v INT, p STRING", "p", "'format' = 'csv'"), "OK");
    RUN_OK(fx.t, "INSERT INTO t VALUES (1, 'a')");
    put(&fx, "t/.staging_0b0c6e0e-7d1e-4a55-9c1a-1d8d2b9a0f00/0/p=a/part-0b0c6e0e-7d1e-4a55-9c1a-1d8d2b9a0f00-0-0",
        "2\n");
    put(&fx, "t/.commit_0b0c6e0e-7d1e-4a55-9c1a-1d8d2b9a0f00.tmp", "eddy-commit 1\n");
    /* a job not of eddy's (a name without a uuid) is left alone */
    put(&fx, "t/.staging_1700000000000/x", "3\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"), "+I[1, a]\n");
    ASSERT_TEXT(all_files_of(&fx, "t"), ".staging_1700000000000/x\np=a/part-*-0-0\n");
    fx_free(&fx);
}

TEST(streaming_mode_rolls_files) {
    Fx fx = fx_new(EDDY_STREAMING);
    RUN_OK(fx.t, "CREATE TABLE gen (i INT) WITH ('connector' = 'datagen', 'number-of-rows' = '40', "
                 "'fields.i.kind' = 'sequence', 'fields.i.start' = '1000', 'fields.i.end' = '1039')");
    ASSERT_TEXT(create(&fx, "dst", "i INT", "'format' = 'csv', 'sink.rolling-policy.file-size' = '50 b'"), "OK");
    RUN_OK(fx.t, "INSERT INTO dst SELECT * FROM gen");
    /* a file rolls once it holds more than 50 bytes: 11 records of 5 bytes */
    ASSERT_TEXT(all_files_of(&fx, "dst"), "part-*-0-0\npart-*-0-1\npart-*-0-2\npart-*-0-3\n");
    char want[1024];
    size_t n = 0;
    for (int f = 0, i = 1000; f < 4; f++) {
        n += (size_t)sprintf(want + n, "part-*-0-%d:\n", f);
        for (int k = 0; k < 11 && i < 1040; k++) n += (size_t)sprintf(want + n, "%d\n", i++);
    }
    ASSERT_TEXT(files_of(&fx, "dst"), want);
    /* reading in streaming mode gives inserts */
    char *got = rows(fx.t, "SELECT i FROM dst WHERE i < 1002");
    ASSERT_TEXT(sorted_lines(got), "+I[1000]\n+I[1001]\n");
    fx_free(&fx);
}

/* The error reading table `name` gives (its options are checked when it is used). */
static char *use_error(Fx *fx, const char *name) {
    char q[256];
    snprintf(q, sizeof q, "SELECT * FROM %s", name);
    return undir(fx, rows(fx->t, q));
}

TEST(option_errors) {
    Fx fx = fx_new(EDDY_BATCH);
    struct {
        const char *cols, *opts, *error;
    } cases[] = {
        {"a INT", "'format' = 'csv', 'path' = ''", "ERROR: Could not parse value '' for key 'path'."},
        {"a INT", "'format' = 'orc'", "ERROR: Could not find any format factory for identifier 'orc' in the classpath."},
        {"a INT", "'format' = 'csv', 'csv.allow-comments' = 'maybe'",
         "ERROR: Could not parse value 'maybe' for key 'csv.allow-comments'."},
        {"a INT", "'format' = 'csv', 'csv.field-delimiter' = ';;'",
         "ERROR: Option 'csv.field-delimiter' must be a string with single character, but was: ;;"},
        {"a INT", "'format' = 'csv', 'csv.quote-character' = '''', 'csv.disable-quote-character' = 'true'",
         "ERROR: Format cannot define a quote character and disabled quote character at the same time."},
        {"m MAP<STRING, INT>", "'format' = 'csv'", "ERROR: Unsupported type 'MAP<STRING, INT>' for field 'm'."},
        {"a ARRAY<ARRAY<INT>>", "'format' = 'csv'",
         "ERROR: Only simple types are supported in the second level nesting of fields 'a' but was: ARRAY<INT>"},
        {"t TIME(6)", "'format' = 'csv'",
         "ERROR: Csv does not support TIME type with precision: 6, it only supports precision 0 ~ 3."},
        {"a INT", "'format' = 'json', 'json.fail-on-missing-field' = 'true', 'json.ignore-parse-errors' = 'true'",
         "ERROR: fail-on-missing-field and ignore-parse-errors shouldn't both be true."},
        {"a INT", "'format' = 'json', 'json.timestamp-format.standard' = 'RFC'",
         "ERROR: Unsupported value 'RFC' for timestamp-format.standard. Supported values are [SQL, ISO-8601]."},
        {"m MAP<INT, STRING>", "'format' = 'json'",
         "ERROR: JSON format doesn't support non-string as key type of map. The type is: MAP<INT, STRING>"},
        {"a INT", "'format' = 'csv', 'source.monitor-interval' = '1 s'",
         "ERROR: not supported yet: monitoring a path for new files ('source.monitor-interval'); without it the path "
         "is read once"},
        {"a INT", "'format' = 'csv', 'source.path.regex-pattern' = '('",
         "ERROR: Invalid 'source.path.regex-pattern' '(': Unmatched ( or \\("},
        {"a INT", "'format' = 'csv', 'path' = 'hdfs://nn/x'",
         "ERROR: not supported yet: the file system of 'hdfs://nn/x' (only local paths)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char name[16];
        snprintf(name, sizeof name, "t%zu", k);
        /* a 'path' in the options replaces the default one */
        if (strstr(cases[k].opts, "'path'")) {
            snprintf(fx.sql, sizeof fx.sql, "CREATE TABLE %s (%s) WITH ('connector' = 'filesystem', %s)", name,
                     cases[k].cols, cases[k].opts);
            RUN_OK(fx.t, fx.sql);
        } else {
            ASSERT_TEXT(create(&fx, name, cases[k].cols, cases[k].opts), "OK");
        }
        ASSERT_TEXT(use_error(&fx, name), cases[k].error);
    }
    /* missing and unsupported options, with the supported ones of the chosen format */
    RUN_OK(fx.t, "CREATE TABLE np (a INT) WITH ('connector' = 'filesystem', 'format' = 'csv')");
    ASSERT_TEXT(use_error(&fx, "np"), "ERROR: One or more required options are missing.\n\n"
                                      "Missing required options are:\n\npath");
    ASSERT_TEXT(create(&fx, "nf", "a INT", ""), "OK");
    ASSERT_TEXT(use_error(&fx, "nf"), "ERROR: One or more required options are missing.\n\n"
                                      "Missing required options are:\n\nformat");
    ASSERT_TEXT(create(&fx, "bad", "a INT", "'format' = 'csv', 'csv.feld-delimiter' = ';', 'json.ignore-parse-errors' = 'true', 'foo' = 'x'"),
                "OK");
    ASSERT_TEXT(use_error(&fx, "bad"),
                "ERROR: Unsupported options found for 'filesystem'.\n\n"
                "Unsupported options:\n\ncsv.feld-delimiter\nfoo\njson.ignore-parse-errors\n\n"
                "Supported options:\n\n"
                "auto-compaction\ncompaction.file-size\nconnector\n"
                "csv.allow-comments\ncsv.array-element-delimiter\ncsv.disable-quote-character\ncsv.escape-character\n"
                "csv.field-delimiter\ncsv.ignore-parse-errors\ncsv.null-literal\ncsv.quote-character\n"
                "csv.write-bigdecimal-in-scientific-notation\nformat\npartition.default-name\n"
                "partition.time-extractor.class\npartition.time-extractor.kind\n"
                "partition.time-extractor.timestamp-formatter\npartition.time-extractor.timestamp-pattern\npath\n"
                "sink.parallelism\nsink.partition-commit.delay\nsink.partition-commit.policy.class\n"
                "sink.partition-commit.policy.class.parameters\nsink.partition-commit.policy.kind\n"
                "sink.partition-commit.success-file.name\nsink.partition-commit.trigger\n"
                "sink.partition-commit.watermark-time-zone\nsink.rolling-policy.check-interval\n"
                "sink.rolling-policy.file-size\nsink.rolling-policy.inactivity-interval\n"
                "sink.rolling-policy.rollover-interval\nsink.shuffle-by-partition.enable\n"
                "source.monitor-interval\nsource.path.regex-pattern\nsource.report-statistics");
    /* the sink's options */
    struct {
        const char *opts, *error;
    } sinks[] = {
        {"'sink.rolling-policy.file-size' = 'lots'",
         "ERROR: Could not parse value 'lots' for key 'sink.rolling-policy.file-size'."},
        {"'sink.rolling-policy.rollover-interval' = '5 fortnights'",
         "ERROR: Could not parse value '5 fortnights' for key 'sink.rolling-policy.rollover-interval'."},
        {"'sink.parallelism' = '-1'", "ERROR: Invalid configured parallelism -1 for sink."},
        {"'sink.partition-commit.policy.kind' = 'success-file,bogus'", "ERROR: Unsupported policy: bogus"},
        {"'sink.partition-commit.trigger' = 'never'",
         "ERROR: Could not parse value 'never' for key 'sink.partition-commit.trigger'."},
        {"'sink.partition-commit.watermark-time-zone' = 'Mars/Olympus'",
         "ERROR: Invalid time zone for 'sink.partition-commit.watermark-time-zone'. The value should be a Time Zone "
         "Database (TZDB) ID such as 'America/Los_Angeles' to include daylight saving time. Fixed offsets are "
         "supported using 'GMT-03:00' or 'GMT+03:00'. Or use 'UTC' without time zone and daylight saving time."},
        {"'json.map-null-key.mode' = 'keep'",
         "ERROR: Unsupported value 'keep' for option map-null-key.mode. Supported values are [LITERAL, FAIL, DROP]."},
    };
    for (size_t k = 0; k < sizeof sinks / sizeof sinks[0]; k++) {
        char name[16], opts[512];
        snprintf(name, sizeof name, "s%zu", k);
        snprintf(opts, sizeof opts, "'format' = '%s', %s", strstr(sinks[k].opts, "json.") ? "json" : "csv",
                 sinks[k].opts);
        ASSERT_TEXT(create(&fx, name, "a INT", opts), "OK");
        snprintf(fx.sql, sizeof fx.sql, "INSERT INTO %s VALUES (1)", name);
        ASSERT_TEXT(run(fx.t, fx.sql), sinks[k].error);
    }
    /* reading a path that does not exist */
    ASSERT_TEXT(create(&fx, "absent", "a INT", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(use_error(&fx, "absent"),
                "ERROR: File DIR/absent does not exist or the user running eddy has insufficient permissions to access it.");
    fx_free(&fx);
}

TEST(files_paths_and_metadata) {
    Fx fx = fx_new(EDDY_BATCH);
    put(&fx, "t/a.csv", "1\n");
    put(&fx, "t/sub/deep/b.csv", "2\n3\n");
    put(&fx, "t/.hidden.csv", "9\n");
    put(&fx, "t/_tmp.csv", "9\n");
    put(&fx, "t/.dir/x.csv", "9\n");
    put(&fx, "t/_dir/y.csv", "9\n");
    put(&fx, "t/_SUCCESS", "");
    ASSERT_TEXT(create(&fx, "t",
                       "v INT, fname STRING NOT NULL METADATA FROM 'file.name' VIRTUAL, "
                       "fsize BIGINT NOT NULL METADATA FROM 'file.size' VIRTUAL, "
                       "fpath STRING NOT NULL METADATA FROM 'file.path' VIRTUAL, "
                       "mtime TIMESTAMP_LTZ(3) NOT NULL METADATA FROM 'file.modification-time' VIRTUAL",
                       "'format' = 'csv'"),
                "OK");
    /* hidden files and directories ('.', '_') are skipped; directories are read recursively */
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT v, fname, fsize, fpath, mtime IS NOT NULL FROM t")),
                "+I[1, a.csv, 2, DIR/t/a.csv, true]\n+I[2, b.csv, 4, DIR/t/sub/deep/b.csv, true]\n"
                "+I[3, b.csv, 4, DIR/t/sub/deep/b.csv, true]\n");
    /* a path may name a single file */
    snprintf(fx.sql, sizeof fx.sql,
             "CREATE TABLE single (v INT) WITH ('connector' = 'filesystem', 'format' = 'csv', 'path' = 'file://%s/t/sub/deep/b.csv')",
             fx.dir);
    RUN_OK(fx.t, fx.sql);
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM single"), "+I[2]\n+I[3]\n");
    /* an unknown metadata key */
    ASSERT_TEXT(create(&fx, "m", "v INT, x STRING METADATA FROM 'file.owner' VIRTUAL", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM m")),
                "ERROR: Invalid metadata key 'file.owner' in column 'x' of table 'default_catalog.default_database.m'. "
                "The connector 'filesystem' supports the following metadata keys for reading:\nfile.path\nfile.name\n"
                "file.size\nfile.modification-time");
    /* source.path.regex-pattern: the whole path must match */
    put(&fx, "r/a.csv", "1\n");
    put(&fx, "r/b.txt", "2\n");
    put(&fx, "r/sub/c.csv", "3\n");
    char opts[512];
    snprintf(opts, sizeof opts, "'format' = 'csv', 'source.path.regex-pattern' = '%s/r/[^/]*\\.csv'", fx.dir);
    ASSERT_TEXT(create(&fx, "r", "v INT", opts), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM r"), "+I[1]\n");
    fx_free(&fx);
}

TEST(success_files) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create_partitioned(&fx, "p", "v INT, k STRING", "k",
                                   "'format' = 'csv', 'sink.partition-commit.policy.kind' = 'metastore,success-file'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO p VALUES (1, 'a'), (2, 'b')");
    ASSERT_TEXT(all_files_of(&fx, "p"), "k=a/_SUCCESS\nk=a/part-*-0-0\nk=b/_SUCCESS\nk=b/part-*-0-1\n");
    ASSERT_TEXT(create(&fx, "u", "v INT",
                       "'format' = 'csv', 'sink.partition-commit.policy.kind' = 'success-file', "
                       "'sink.partition-commit.success-file.name' = '_DONE'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO u VALUES (1)");
    ASSERT_TEXT(all_files_of(&fx, "u"), "_DONE\npart-*-0-0\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM u"), "+I[1]\n");
    fx_free(&fx);
}

/* A sink counting the rows it gets. */
static eddy_status count_rows(void *ctx, const eddy_row *in) {
    (void)in;
    (*(int *)ctx)++;
    return EDDY_OK;
}

TEST(malformed_counts_on_every_path) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "g", "i INT", "'format' = 'csv', 'csv.ignore-parse-errors' = 'true'"), "OK");
    put(&fx, "g/a.csv", "1\nx\n3\n");
    put(&fx, "g/b.csv", "4,5\n");
    const char *report;
    /* an INSERT's result, once awaited */
    ASSERT_TEXT(create(&fx, "copy", "i INT", "'format' = 'json'"), "OK");
    eddy_result *r = eddy_tenv_execute_sql(fx.t, "INSERT INTO copy SELECT * FROM g");
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    ASSERT_EQ_INT(eddy_result_malformed_records(r, &report), 2);
    /* malformed records are not late ones */
    const char *late;
    ASSERT_EQ_INT(eddy_result_late_records(r, &late), 0);
    ASSERT_STR_EQ(late, "");
    ASSERT_TEXT(undir(&fx, strdup(report)),
                "1 malformed record in DIR/g/a.csv (1 with fields set to NULL); first at line 2: For input string: "
                "\"x\"\n1 malformed record in DIR/g/b.csv (1 skipped); first at line 1: Too many entries: expected at "
                "most 1 (value #1 (1 chars) \"5\")\n");
    eddy_result_free(r);
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM copy"), "+I[1]\n+I[null]\n+I[3]\n");
    /* an iterator from collect(), once drained */
    r = eddy_tenv_execute_sql(fx.t, "SELECT * FROM g");
    eddy_iter *it = eddy_result_collect(r);
    ASSERT_TEXT(iter_lines(it == NULL ? NULL : it), "+I[1]\n+I[null]\n+I[3]\n");
    eddy_result_free(r);
    it = eddy_result_collect(r = eddy_tenv_execute_sql(fx.t, "SELECT * FROM g"));
    const eddy_row *row;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
    }
    ASSERT_EQ_INT(eddy_iter_malformed_records(it, &report), 2);
    ASSERT_STR_CONTAINS(report, "1 malformed record in ");
    ASSERT_EQ_INT(eddy_iter_late_records(it, &late), 0);
    eddy_iter_free(it);
    eddy_result_free(r);
    /* a DataStream job */
    int n = 0;
    eddy_stream *s = eddy_tenv_to_datastream(fx.t, eddy_tenv_sql_query(fx.t, "SELECT * FROM g"));
    ASSERT_EQ_INT(eddy_stream_add_sink(s, count_rows, &n, NULL, 1), EDDY_OK);
    ASSERT_EQ_INT(eddy_env_execute(fx.env, "job"), EDDY_OK);
    ASSERT_EQ_INT(n, 3);
    ASSERT_EQ_INT(eddy_env_malformed_records(fx.env, &report), 2);
    ASSERT_STR_CONTAINS(report, "(1 skipped); first at line 1: Too many entries");
    ASSERT_EQ_INT(eddy_env_late_records(fx.env, &late), 0);
    ASSERT_STR_EQ(late, "");
    /* nothing malformed: 0 and "" */
    put(&fx, "g/b.csv", "4\n");
    put(&fx, "g/a.csv", "1\n");
    char *mal;
    ASSERT_TEXT(rows_m(fx.t, "SELECT * FROM g", &mal), "+I[1]\n+I[4]\n");
    ASSERT_TEXT(mal, "0\n");
    fx_free(&fx);
}

TEST(parallel_reads_and_writes) {
    Fx fx = fx_new(EDDY_BATCH);
    eddy_env_set_parallelism(fx.env, 2);
    for (int f = 0; f < 4; f++) {
        char rel[64], data[64];
        snprintf(rel, sizeof rel, "src/f%d.csv", f);
        snprintf(data, sizeof data, "%d\n%d\n", f * 10, f * 10 + 1);
        put(&fx, rel, data);
    }
    ASSERT_TEXT(create(&fx, "src", "v INT", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(create(&fx, "dst", "v INT", "'format' = 'json'"), "OK");
    RUN_OK(fx.t, "INSERT INTO dst SELECT * FROM src");
    /* each subtask wrote its own file */
    ASSERT_TEXT(all_files_of(&fx, "dst"), "part-*-0-0\npart-*-1-0\n");
    ASSERT_TEXT(sorted_lines(rows(fx.t, "SELECT * FROM dst")),
                "+I[0]\n+I[10]\n+I[11]\n+I[1]\n+I[20]\n+I[21]\n+I[30]\n+I[31]\n");
    /* sink.parallelism */
    ASSERT_TEXT(create(&fx, "solo", "v INT", "'format' = 'csv', 'sink.parallelism' = '1'"), "OK");
    RUN_OK(fx.t, "INSERT INTO solo SELECT * FROM src");
    ASSERT_TEXT(all_files_of(&fx, "solo"), "part-*-0-0\n");
    fx_free(&fx);
}

TEST(large_files_cross_read_chunks) {
    Fx fx = fx_new(EDDY_BATCH);
    /* about 4 MB: records (some spanning lines) cross the reader's 1 MB chunks */
    size_t cap = 100000 * 48, n = 0;
    char *data = malloc(cap);
    for (int i = 0; i < 100000; i++)
        n += (size_t)snprintf(data + n, cap - n, "%d,\"line\nbreak \"\"q\"\" %d\",%d.5\n", i, i, i);
    put(&fx, "big/data.csv", data);
    ASSERT_TEXT(create(&fx, "big", "i INT, s STRING, d DOUBLE", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM big WHERE i % 25000 = 0"),
                "+I[0, line\nbreak \"q\" 0, 0.5]\n+I[25000, line\nbreak \"q\" 25000, 25000.5]\n"
                "+I[50000, line\nbreak \"q\" 50000, 50000.5]\n+I[75000, line\nbreak \"q\" 75000, 75000.5]\n");
    /* an error far into the file names its line */
    strcpy(data + n, "oops,\"x\",1\n");
    put(&fx, "big/data.csv", data);
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM big WHERE i < 0")),
                "ERROR: DIR/big/data.csv:200001: For input string: \"oops\"");
    data[n] = 0;
    put(&fx, "big/data.csv", data);
    /* written back the same way */
    ASSERT_TEXT(create(&fx, "copy", "i INT, s STRING, d DOUBLE", "'format' = 'csv'"), "OK");
    RUN_OK(fx.t, "INSERT INTO copy SELECT * FROM big");
    char path[4096];
    snprintf(path, sizeof path, "%s/copy", fx.dir);
    char *names = tree(path, false, false);
    ASSERT_STR_EQ(names, "part-*-0-0\n");
    free(names);
    DIR *d = opendir(path);
    struct dirent *e;
    char file[8192] = "";
    while ((e = readdir(d)))
        if (e->d_name[0] == 'p') snprintf(file, sizeof file, "%s/%s", path, e->d_name);
    closedir(d);
    char *copy = read_all(file);
    ASSERT_TRUE(strcmp(copy, data) == 0);
    free(copy);
    free(data);
    fx_free(&fx);
}

TEST(an_empty_table_directory_has_no_rows) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "v INT", "'format' = 'csv'"), "OK");
    ASSERT_TEXT(create_partitioned(&fx, "p", "v INT, k STRING", "k", "'format' = 'csv'"), "OK");
    char path[4096];
    snprintf(path, sizeof path, "%s/t", fx.dir);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/p", fx.dir);
    mkdir(path, 0777);
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"), "");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM p"), "");
    fx_free(&fx);
}

/* The path of rel below the test's directory (a static buffer). */
static const char *at(Fx *fx, const char *rel) {
    static char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", fx->dir, rel) < 0) abort();
    return path;
}

TEST(listing_stops_at_cycles_dangling_links_and_special_files) {
    Fx fx = fx_new(EDDY_BATCH);
    ASSERT_TEXT(create(&fx, "t", "v INT", "'format' = 'csv'"), "OK");
    put(&fx, "t/a/data.csv", "1\n");
    /* a link to a directory that is no parent is read as a directory */
    ASSERT_TRUE(symlink("a", at(&fx, "t/b")) == 0);
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM t"), "+I[1]\n+I[1]\n");
    unlink(at(&fx, "t/b"));
    /* a link back to a directory above is a cycle: an error, not 41 reads */
    ASSERT_TRUE(symlink("..", at(&fx, "t/a/up")) == 0);
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: Could not read the table directory DIR/t: DIR/t/a/up is the directory DIR/t again (a cycle "
                "through a symbolic link)");
    /* two of them: an error, not a listing without end */
    mkdirs(at(&fx, "t/a/sub"));
    ASSERT_TRUE(symlink("../..", at(&fx, "t/a/sub/up2")) == 0);
    char *two = undir(&fx, rows(fx.t, "SELECT * FROM t"));
    ASSERT_STR_CONTAINS(two, "is the directory DIR/t again (a cycle through a symbolic link)");
    free(two);
    rmtree(at(&fx, "t/a/sub"));
    unlink(at(&fx, "t/a/up"));
    /* a link to nothing */
    ASSERT_TRUE(symlink("gone.csv", at(&fx, "t/a/lost.csv")) == 0);
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: Could not read the table directory DIR/t: DIR/t/a/lost.csv is a symbolic link to 'gone.csv', "
                "which does not exist");
    unlink(at(&fx, "t/a/lost.csv"));
    /* a FIFO would block the reader; a socket cannot be read */
    ASSERT_TRUE(mkfifo(at(&fx, "t/a/pipe"), 0666) == 0);
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: Could not read the table directory DIR/t: DIR/t/a/pipe is a FIFO, not a regular file");
    unlink(at(&fx, "t/a/pipe"));
    int sock = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", at(&fx, "t/s.sock"));
    ASSERT_TRUE(bind(sock, (struct sockaddr *)&sa, sizeof sa) == 0);
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM t")),
                "ERROR: Could not read the table directory DIR/t: DIR/t/s.sock is a socket, not a regular file");
    close(sock);
    unlink(at(&fx, "t/s.sock"));
    /* hidden names are skipped whatever they are; so are files a regex leaves out */
    ASSERT_TRUE(mkfifo(at(&fx, "t/.pipe"), 0666) == 0 && mkfifo(at(&fx, "t/a/pipe.txt"), 0666) == 0);
    snprintf(fx.sql, sizeof fx.sql,
             "CREATE TABLE r (v INT) WITH ('connector' = 'filesystem', 'path' = '%s', 'format' = 'csv', "
             "'source.path.regex-pattern' = '.*\\.csv')",
             at(&fx, "t"));
    RUN_OK(fx.t, fx.sql);
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM r"), "+I[1]\n");
    fx_free(&fx);
}

int main(void) {
    RUN(csv_every_type_round_trip);
    RUN(csv_nulls_and_null_literal);
    RUN(csv_write_options);
    RUN(csv_read_rules);
    RUN(csv_malformed_input_fails_with_file_and_line);
    RUN(csv_ignore_parse_errors_counts_what_it_ignores);
    RUN(json_every_type_round_trip);
    RUN(json_options);
    RUN(json_read_rules_and_malformed_input);
    RUN(raw_format);
    RUN(partitioned_writes_and_reads);
    RUN(insert_overwrite);
    RUN(files_appear_only_when_the_job_succeeds);
    RUN(cancelling_an_unbounded_streaming_insert_commits_its_files);
    RUN(cancelling_a_bounded_insert_commits_nothing);
    RUN(a_commit_that_cannot_write_a_partition_changes_nothing);
    RUN(a_dead_jobs_staging_is_rolled_back_and_never_read);
    RUN(streaming_mode_rolls_files);
    RUN(option_errors);
    RUN(files_paths_and_metadata);
    RUN(success_files);
    RUN(malformed_counts_on_every_path);
    RUN(parallel_reads_and_writes);
    RUN(large_files_cross_read_chunks);
    RUN(an_empty_table_directory_has_no_rows);
    RUN(listing_stops_at_cycles_dangling_links_and_special_files);
    return test_report();
}
