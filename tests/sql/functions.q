# functions.q - the built-in scalar functions, one family per section, as the
# SQL client prints them (batch results: widths from the content).

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SET 'table.local-time-zone' = 'UTC';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# comparison, logic and conditionals
# ==========================================================================

SELECT 1 < 2, 'a' <> 'b', NULL IS NULL, 1 IS DISTINCT FROM NULL, TRUE AND NULL, FALSE AND NULL, TRUE OR NULL, NOT UNKNOWN;
+--------+--------+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 | EXPR$7 |
+--------+--------+--------+--------+--------+--------+--------+--------+
|   TRUE |   TRUE |   TRUE |   TRUE | <NULL> |  FALSE |   TRUE | <NULL> |
+--------+--------+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT 3 BETWEEN 1 AND 5, 3 NOT BETWEEN 4 AND 1, 'b' IN ('a', 'b'), 5 IN (1, 2, NULL), 'abc' LIKE 'a_c', 'a%c' LIKE 'a\%c' ESCAPE '\';
+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 |
+--------+--------+--------+--------+--------+--------+
|   TRUE |   TRUE |   TRUE | <NULL> |   TRUE |   TRUE |
+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT CASE WHEN 1 > 2 THEN 'x' WHEN 2 > 1 THEN 'y' END, CASE 3 WHEN 1 THEN 'one' ELSE 'other' END, COALESCE(NULL, 2, 3), NULLIF(1, 1), IF(1 < 2, 'yes', 'no'), IFNULL(CAST(NULL AS INT), 7);
+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 |
+--------+--------+--------+--------+--------+--------+
|      y |  other |      2 | <NULL> |    yes |      7 |
+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT GREATEST(1, 5, 3), LEAST('b', 'a', 'c'), GREATEST(1, CAST(NULL AS INT)), 'abc' SIMILAR TO '(a|b)+c', 'x' NOT SIMILAR TO 'y';
+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 |
+--------+--------+--------+--------+--------+
|      5 |      a | <NULL> |   TRUE |   TRUE |
+--------+--------+--------+--------+--------+
1 row in set
!ok

# ==========================================================================
# arithmetic and math
# ==========================================================================

SELECT 7 / 2, 7 % 3, -7 / 2.0, 1.5 * 2, CAST(1 AS TINYINT) + CAST(2 AS BIGINT), 10 / 4.0, MOD(-7, 3), ABS(-2.5);
+--------+--------+-----------+--------+--------+----------+--------+--------+
| EXPR$0 | EXPR$1 |    EXPR$2 | EXPR$3 | EXPR$4 |   EXPR$5 | EXPR$6 | EXPR$7 |
+--------+--------+-----------+--------+--------+----------+--------+--------+
|      3 |      1 | -3.500000 |    3.0 |      3 | 2.500000 |     -1 |    2.5 |
+--------+--------+-----------+--------+--------+----------+--------+--------+
1 row in set
!ok

SELECT POWER(2, 10), SQRT(16), EXP(0), LN(1), LOG10(1000), LOG2(8), LOG(2, 8), CEIL(1.2), FLOOR(-1.2), ROUND(2.567, 2), TRUNCATE(2.567, 1), SIGN(-3);
+--------+--------+--------+--------+--------+--------+--------+--------+--------+--------+---------+---------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 | EXPR$7 | EXPR$8 | EXPR$9 | EXPR$10 | EXPR$11 |
+--------+--------+--------+--------+--------+--------+--------+--------+--------+--------+---------+---------+
| 1024.0 |    4.0 |    1.0 |    0.0 |    3.0 |    3.0 |    3.0 |      2 |     -2 |   2.57 |     2.5 |      -1 |
+--------+--------+--------+--------+--------+--------+--------+--------+--------+--------+---------+---------+
1 row in set
!ok

SELECT CAST(0.1 AS DECIMAL(10, 2)) + CAST(0.2 AS DECIMAL(10, 3)), CAST(10 AS DECIMAL(5, 0)) / CAST(3 AS DECIMAL(5, 0)), 1e0 / 3, PI() > 3.14, DEGREES(PI()), SIN(0), COS(0);
+--------+----------+--------------------+--------+--------+--------+--------+
| EXPR$0 |   EXPR$1 |             EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+--------+----------+--------------------+--------+--------+--------+--------+
|  0.300 | 3.333333 | 0.3333333333333333 |   TRUE |  180.0 |    0.0 |    1.0 |
+--------+----------+--------------------+--------+--------+--------+--------+
1 row in set
!ok

SELECT 2147483647 + 1, CAST(9223372036854775807 AS BIGINT), BIN(12), HEX(255), HEX('abc');
+-------------+---------------------+--------+--------+--------+
|      EXPR$0 |              EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 |
+-------------+---------------------+--------+--------+--------+
| -2147483648 | 9223372036854775807 |   1100 |     FF | 616263 |
+-------------+---------------------+--------+--------+--------+
1 row in set
!ok

# ==========================================================================
# strings
# ==========================================================================

SELECT UPPER('straße'), LOWER('ÄBC'), INITCAP('hello world'), CHAR_LENGTH('日本語'), CONCAT('a', 'b', 'c'), 'x' || 'y', CONCAT_WS('-', 'a', CAST(NULL AS STRING), 'c');
+---------+--------+-------------+--------+--------+--------+--------+
|  EXPR$0 | EXPR$1 |      EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+---------+--------+-------------+--------+--------+--------+--------+
| STRASSE |    äbc | Hello World |      3 |    abc |     xy |    a-c |
+---------+--------+-------------+--------+--------+--------+--------+
1 row in set
!ok

SELECT SUBSTRING('hello' FROM 2 FOR 3), SUBSTR('hello', -3), TRIM('  x  '), LTRIM('  x'), RTRIM('x  '), TRIM(LEADING 'x' FROM 'xxaxx'), REPLACE('banana', 'a', 'o');
+--------+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+--------+--------+--------+--------+--------+--------+--------+
|    ell |    llo |      x |      x |      x |    axx | bonono |
+--------+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT POSITION('lo' IN 'hello'), LOCATE('l', 'hello', 4), INSTR('abcabc', 'c', 1, 2), OVERLAY('xxxxxtest' PLACING 'xxxx' FROM 6), LPAD('7', 3, '0'), RPAD('ab', 5, '.'), REPEAT('ab', 3), REVERSE('abc');
+--------+--------+--------+-----------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 |    EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 | EXPR$7 |
+--------+--------+--------+-----------+--------+--------+--------+--------+
|      4 |      4 |      6 | xxxxxxxxx |    007 |  ab... | ababab |    cba |
+--------+--------+--------+-----------+--------+--------+--------+--------+
1 row in set
!ok

SELECT SPLIT_INDEX('a,b,c', ',', 1), SPLIT('a,b,,c', ','), TRANSLATE('www.apache.org', 'wapcheorg', ' APCHEcom'), ELT(2, 'a', 'b'), BTRIM('xxaxx', 'x'), STARTSWITH('abc', 'ab'), ENDSWITH('abc', 'b');
+--------+-------------+----------------+--------+--------+--------+--------+
| EXPR$0 |      EXPR$1 |         EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+--------+-------------+----------------+--------+--------+--------+--------+
|      b | [a, b, , c] |    .APACHE.com |      b |      a |   TRUE |  FALSE |
+--------+-------------+----------------+--------+--------+--------+--------+
1 row in set
!ok

SELECT TO_BASE64('hello'), FROM_BASE64('aGVsbG8='), MD5('abc'), SHA1('abc'), SHA2('abc', 224);
+----------+--------+--------------------------------+--------------------------------+--------------------------------+
|   EXPR$0 | EXPR$1 |                         EXPR$2 |                         EXPR$3 |                         EXPR$4 |
+----------+--------+--------------------------------+--------------------------------+--------------------------------+
| aGVsbG8= |  hello | 900150983cd24fb0d6963f7d28e... | a9993e364706816aba3e2571785... | 23097d223405d8228642a477bda... |
+----------+--------+--------------------------------+--------------------------------+--------------------------------+
1 row in set
!ok

SELECT SHA256('abc'), ENCODE('é', 'UTF-16BE'), DECODE(X'00E9', 'UTF-16BE'), URL_ENCODE('a b&c'), URL_DECODE('a%20b'), PARSE_URL('http://x.org/p?q=1&r=2', 'QUERY', 'r');
+--------------------------------+---------+--------+---------+--------+--------+
|                         EXPR$0 |  EXPR$1 | EXPR$2 |  EXPR$3 | EXPR$4 | EXPR$5 |
+--------------------------------+---------+--------+---------+--------+--------+
| ba7816bf8f01cfea414140de5da... | x'00e9' |      é | a+b%26c |    a b |      2 |
+--------------------------------+---------+--------+---------+--------+--------+
1 row in set
!ok

SELECT PRINTF('%5.2f|%-4d|%s|%08X', 3.14159, 42, 'str', 255), CHAR_LENGTH(UUID()), ASCII('A'), CHR(66);
+-------------------------+--------+--------+--------+
|                  EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 |
+-------------------------+--------+--------+--------+
|  3.14|42  |str|000000FF |     36 |     65 |      B |
+-------------------------+--------+--------+--------+
1 row in set
!ok

# ==========================================================================
# regular expressions
# ==========================================================================

SELECT REGEXP('abc', 'b'), REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 2), REGEXP_REPLACE('foobar', 'oo|ar', ''), REGEXP_EXTRACT_ALL('a1b22c333', '(\d+)', 1), REGEXP_COUNT('ababab', 'ab'), REGEXP_INSTR('xxab', 'ab');
+--------+--------+--------+--------------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 |       EXPR$3 | EXPR$4 | EXPR$5 |
+--------+--------+--------+--------------+--------+--------+
|   TRUE |    bar |     fb | [1, 22, 333] |      3 |      3 |
+--------+--------+--------+--------------+--------+--------+
1 row in set
!ok

SELECT STR_TO_MAP('k1=v1,k2=v2'), REGEXP_SUBSTR('abc123def', '[0-9]+'), REGEXP('abc', '[');
+----------------+--------+--------+
|         EXPR$0 | EXPR$1 | EXPR$2 |
+----------------+--------+--------+
| {k1=v1, k2=v2} |    123 |  FALSE |
+----------------+--------+--------+
1 row in set
!ok

# ==========================================================================
# dates, times and time zones
# ==========================================================================

SELECT EXTRACT(YEAR FROM DATE '2021-08-21'), EXTRACT(DOW FROM DATE '2021-08-21'), EXTRACT(EPOCH FROM TIMESTAMP '1970-01-02 00:00:00'), YEAR(DATE '2020-02-29'), QUARTER(DATE '2021-08-21'), DAYOFYEAR(DATE '2020-12-31'), HOUR(TIMESTAMP '2021-08-21 13:45:00');
+--------+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+--------+--------+--------+--------+--------+--------+--------+
|   2021 |      7 |  86400 |   2020 |      3 |    366 |     13 |
+--------+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT FLOOR(TIMESTAMP '2021-08-21 13:45:12' TO HOUR), CEIL(DATE '2021-08-21' TO MONTH), TIMESTAMPADD(DAY, 10, DATE '2021-02-25'), TIMESTAMPADD(MINUTE, 90, TIMESTAMP '2021-08-21 23:00:00'), TIMESTAMPDIFF(DAY, DATE '2021-01-01', DATE '2021-03-01');
+---------------------+------------+------------+---------------------+--------+
|              EXPR$0 |     EXPR$1 |     EXPR$2 |              EXPR$3 | EXPR$4 |
+---------------------+------------+------------+---------------------+--------+
| 2021-08-21 13:00:00 | 2021-09-01 | 2021-03-07 | 2021-08-22 00:30:00 |     59 |
+---------------------+------------+------------+---------------------+--------+
1 row in set
!ok

SELECT DATE '2021-08-21' + INTERVAL '3' DAY, TIMESTAMP '2021-08-21 00:00:00' - INTERVAL '1' HOUR, DATE '2021-01-31' + INTERVAL '1' MONTH, INTERVAL '2' YEAR + INTERVAL '3' MONTH, INTERVAL '1 02:03' DAY TO MINUTE;
+------------+---------------------+------------+--------+-----------------+
|     EXPR$0 |              EXPR$1 |     EXPR$2 | EXPR$3 |          EXPR$4 |
+------------+---------------------+------------+--------+-----------------+
| 2021-08-24 | 2021-08-20 23:00:00 | 2021-02-28 |  +2-03 | +1 02:03:00.000 |
+------------+---------------------+------------+--------+-----------------+
1 row in set
!ok

SELECT DATE_FORMAT(TIMESTAMP '2021-08-21 13:45:12', 'yyyy/MM/dd HH:mm'), TO_DATE('2021-08-21'), TO_DATE('21.08.2021', 'dd.MM.yyyy'), TO_TIMESTAMP('2021-08-21 13:45:12'), TO_TIMESTAMP('21/08/2021 13', 'dd/MM/yyyy HH');
+------------------+------------+------------+-------------------------+-------------------------+
|           EXPR$0 |     EXPR$1 |     EXPR$2 |                  EXPR$3 |                  EXPR$4 |
+------------------+------------+------------+-------------------------+-------------------------+
| 2021/08/21 13:45 | 2021-08-21 | 2021-08-21 | 2021-08-21 13:45:12.000 | 2021-08-21 13:00:00.000 |
+------------------+------------+------------+-------------------------+-------------------------+
1 row in set
!ok

SELECT TO_TIMESTAMP_LTZ(0, 0), TO_TIMESTAMP_LTZ(1500, 3), UNIX_TIMESTAMP('1970-01-01 00:00:10'), FROM_UNIXTIME(86400), FROM_UNIXTIME(0, 'yyyy-MM-dd'), CONVERT_TZ('1970-01-01 00:00:00', 'UTC', 'Asia/Shanghai');
+-------------------------+-------------------------+--------+---------------------+------------+---------------------+
|                  EXPR$0 |                  EXPR$1 | EXPR$2 |              EXPR$3 |     EXPR$4 |              EXPR$5 |
+-------------------------+-------------------------+--------+---------------------+------------+---------------------+
| 1970-01-01 00:00:00.000 | 1970-01-01 00:00:01.500 |     10 | 1970-01-02 00:00:00 | 1970-01-01 | 1970-01-01 08:00:00 |
+-------------------------+-------------------------+--------+---------------------+------------+---------------------+
1 row in set
!ok

SET 'table.local-time-zone' = 'Europe/Berlin';
[INFO] Execute statement succeeded.
!info

# TIMESTAMP_LTZ follows the session time zone; TIMESTAMP does not
SELECT TO_TIMESTAMP_LTZ(0, 0), CAST(TO_TIMESTAMP_LTZ(0, 0) AS TIMESTAMP(3)), CAST(TIMESTAMP '1970-01-01 00:00:00' AS TIMESTAMP_LTZ(3)), UNIX_TIMESTAMP('1970-01-01 08:00:01'), FROM_UNIXTIME(0);
+-------------------------+-------------------------+-------------------------+--------+---------------------+
|                  EXPR$0 |                  EXPR$1 |                  EXPR$2 | EXPR$3 |              EXPR$4 |
+-------------------------+-------------------------+-------------------------+--------+---------------------+
| 1970-01-01 01:00:00.000 | 1970-01-01 01:00:00.000 | 1970-01-01 00:00:00.000 |  25201 | 1970-01-01 01:00:00 |
+-------------------------+-------------------------+-------------------------+--------+---------------------+
1 row in set
!ok

SET 'table.local-time-zone' = 'UTC';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# collections and rows
# ==========================================================================

SELECT ARRAY[1, 2, 3], ARRAY[1, 2][2], CARDINALITY(ARRAY['a', 'b']), ELEMENT(ARRAY[5]), MAP['a', 1, 'b', 2], MAP['a', 1]['a'], ROW(1, 'x');
+-----------+--------+--------+--------+------------+--------+--------+
|    EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 |     EXPR$4 | EXPR$5 | EXPR$6 |
+-----------+--------+--------+--------+------------+--------+--------+
| [1, 2, 3] |      2 |      2 |      5 | {a=1, b=2} |      1 | (1, x) |
+-----------+--------+--------+--------+------------+--------+--------+
1 row in set
!ok

SELECT ARRAY_CONTAINS(ARRAY[1, 2], 2), ARRAY_POSITION(ARRAY[7, 8, 9], 9), ARRAY_REMOVE(ARRAY[1, 2, 1], 1), ARRAY_APPEND(ARRAY[1], 2), ARRAY_DISTINCT(ARRAY[1, 1, 2]), ARRAY_REVERSE(ARRAY[1, 2, 3]), ARRAY_SLICE(ARRAY[1, 2, 3, 4], 2, 3);
+--------+--------+--------+--------+--------+-----------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 |    EXPR$5 | EXPR$6 |
+--------+--------+--------+--------+--------+-----------+--------+
|   TRUE |      3 |    [2] | [1, 2] | [1, 2] | [3, 2, 1] | [2, 3] |
+--------+--------+--------+--------+--------+-----------+--------+
1 row in set
!ok

SELECT ARRAY_SORT(ARRAY[3, 1, 2]), ARRAY_UNION(ARRAY[1, 2], ARRAY[2, 3]), ARRAY_JOIN(ARRAY['a', 'b'], '+'), ARRAY_MAX(ARRAY[1, 9, 4]), MAP_KEYS(MAP['a', 1, 'b', 2]), MAP_VALUES(MAP['a', 1]), MAP_FROM_ARRAYS(ARRAY['x', 'y'], ARRAY[1, 2]);
+-----------+-----------+--------+--------+--------+--------+------------+
|    EXPR$0 |    EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 |     EXPR$6 |
+-----------+-----------+--------+--------+--------+--------+------------+
| [1, 2, 3] | [1, 2, 3] |    a+b |      9 | [a, b] |    [1] | {x=1, y=2} |
+-----------+-----------+--------+--------+--------+--------+------------+
1 row in set
!ok

# ==========================================================================
# JSON
# ==========================================================================

SELECT JSON_VALUE('{"a": {"b": 1}}', '$.a.b'), JSON_VALUE('{"a": 1}', '$.x' DEFAULT 'none' ON EMPTY), JSON_VALUE('{"a": "2"}', '$.a' RETURNING INT), JSON_EXISTS('{"a": [1]}', '$.a[0]'), JSON_EXISTS('{"a": 1}', 'strict $.b' FALSE ON ERROR);
+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 |
+--------+--------+--------+--------+--------+
|      1 | <NULL> |      2 |   TRUE |  FALSE |
+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT JSON_QUERY('{"a": [1, 2]}', '$.a'), JSON_QUERY('{"a": 1}', '$.a' WITH CONDITIONAL ARRAY WRAPPER), JSON_QUERY('{"a": 1}', '$.b' EMPTY ARRAY ON EMPTY), '{"x": 1}' IS JSON, '[1' IS JSON, '1' IS JSON SCALAR;
+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 |
+--------+--------+--------+--------+--------+--------+
|  [1,2] |    [1] | <NULL> |   TRUE |  FALSE |   TRUE |
+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT JSON_OBJECT('k' VALUE 1, 'n' VALUE CAST(NULL AS INT)), JSON_OBJECT('k' VALUE 1, 'n' VALUE CAST(NULL AS INT) ABSENT ON NULL), JSON_ARRAY(1, 'two', TRUE), JSON_STRING(ARRAY[1, 2]);
+------------------+---------+----------------+--------+
|           EXPR$0 |  EXPR$1 |         EXPR$2 | EXPR$3 |
+------------------+---------+----------------+--------+
| {"k":1,"n":null} | {"k":1} | [1,"two",true] |  [1,2] |
+------------------+---------+----------------+--------+
1 row in set
!ok

# ==========================================================================
# CAST and TRY_CAST
# ==========================================================================

SELECT CAST('42' AS INT), CAST(42 AS STRING), CAST('2021-08-21' AS DATE), CAST(1.999 AS DECIMAL(3, 2)), CAST(TRUE AS INT), CAST('1.5e2' AS DOUBLE), CAST(3.7 AS INT);
+--------+--------+------------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 |     EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+--------+--------+------------+--------+--------+--------+--------+
|     42 |     42 | 2021-08-21 |   2.00 |      1 |  150.0 |      3 |
+--------+--------+------------+--------+--------+--------+--------+
1 row in set
!ok

SELECT TRY_CAST('abc' AS INT), TRY_CAST('2021-13-01' AS DATE), CAST(CAST(1 AS TINYINT) AS STRING), CAST(ARRAY[1, 2] AS ARRAY<STRING>), TYPEOF(1.5), TYPEOF(CAST(NULL AS BIGINT));
+--------+--------+--------+--------+------------------------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 |                 EXPR$4 | EXPR$5 |
+--------+--------+--------+--------+------------------------+--------+
| <NULL> | <NULL> |      1 | [1, 2] | DECIMAL(2, 1) NOT NULL | BIGINT |
+--------+--------+--------+--------+------------------------+--------+
1 row in set
!ok

SELECT CAST('abc' AS INT);
[ERROR] Could not execute SQL statement. Reason:
Cannot cast 'abc' to INT: not a number of that type.
!error

# DATE_FORMAT over many rows: rows of one day (one minute) share the text,
# the next day / minute / pattern gets its own, times before 1970 too
SELECT t, DATE_FORMAT(t, 'yyyy-MM-dd') AS d, DATE_FORMAT(t, 'HH:mm') AS m, DATE_FORMAT(t, f) AS v FROM (VALUES (TIMESTAMP '2021-08-21 13:05:09', 'yyyy-MM-dd'), (TIMESTAMP '2021-08-21 13:05:59', 'yyyy-MM-dd'), (TIMESTAMP '2021-08-21 13:06:00', 'HH:mm:ss'), (TIMESTAMP '2021-08-22 00:00:00', 'HH:mm:ss'), (TIMESTAMP '1969-12-31 23:59:59', 'yyyy-MM-dd'), (TIMESTAMP '1970-01-01 00:00:00', 'yyyy-MM-dd')) AS T(t, f);
+---------------------+------------+-------+------------+
|                   t |          d |     m |          v |
+---------------------+------------+-------+------------+
| 2021-08-21 13:05:09 | 2021-08-21 | 13:05 | 2021-08-21 |
| 2021-08-21 13:05:59 | 2021-08-21 | 13:05 | 2021-08-21 |
| 2021-08-21 13:06:00 | 2021-08-21 | 13:06 |   13:06:00 |
| 2021-08-22 00:00:00 | 2021-08-22 | 00:00 |   00:00:00 |
| 1969-12-31 23:59:59 | 1969-12-31 | 23:59 | 1969-12-31 |
| 1970-01-01 00:00:00 | 1970-01-01 | 00:00 | 1970-01-01 |
+---------------------+------------+-------+------------+
6 rows in set
!ok

# ==========================================================================
# errors at validation carry the position
# ==========================================================================

SELECT UPPER(1, 2);
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 18: Invalid number of arguments to function 'UPPER'. Was expecting 1 arguments
!error

SELECT NO_SUCH_FUNCTION(1);
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 26: No match found for function signature NO_SUCH_FUNCTION(<NUMERIC>)
!error

# ==========================================================================
# INET_ATON / INET_NTOA (MySQL's short forms: a.b is a.0.0.b), JSON_QUOTE / JSON_UNQUOTE,
# IS_VALID_UTF8 / MAKE_VALID_UTF8 (a malformed sequence becomes one U+FFFD)
# ==========================================================================

SELECT INET_ATON('127.0.0.1'), INET_ATON('127.1'), INET_ATON('10.1.2'), INET_ATON('1'), INET_ATON('256.1.1.1'), INET_ATON(''), INET_ATON('1..2'), INET_ATON('1.2.3.4.5'), INET_ATON(' 1'), INET_ATON(CAST(NULL AS STRING));
+------------+------------+-----------+--------+--------+--------+--------+--------+--------+--------+
|     EXPR$0 |     EXPR$1 |    EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 | EXPR$7 | EXPR$8 | EXPR$9 |
+------------+------------+-----------+--------+--------+--------+--------+--------+--------+--------+
| 2130706433 | 2130706433 | 167837698 |      1 | <NULL> | <NULL> | <NULL> | <NULL> | <NULL> | <NULL> |
+------------+------------+-----------+--------+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT INET_NTOA(2130706433), INET_NTOA(0), INET_NTOA(4294967295), INET_NTOA(4294967296), INET_NTOA(-1), INET_NTOA(CAST(3 AS TINYINT)), INET_NTOA(INET_ATON('192.168.1'));
+-----------+---------+-----------------+--------+--------+---------+-------------+
|    EXPR$0 |  EXPR$1 |          EXPR$2 | EXPR$3 | EXPR$4 |  EXPR$5 |      EXPR$6 |
+-----------+---------+-----------------+--------+--------+---------+-------------+
| 127.0.0.1 | 0.0.0.0 | 255.255.255.255 | <NULL> | <NULL> | 0.0.0.3 | 192.168.0.1 |
+-----------+---------+-----------------+--------+--------+---------+-------------+
1 row in set
!ok

SELECT INET_ATON(1);
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 19: Invalid function call:
INET_ATON(INT NOT NULL)
!error

SELECT INET_NTOA('1');
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 21: Invalid function call:
INET_NTOA(CHAR(1) NOT NULL)
!error

SELECT JSON_QUOTE('a"b\c/d'), JSON_QUOTE('ü€😀'), JSON_QUOTE(''), JSON_QUOTE('[1, 2]'), JSON_QUOTE(CAST(NULL AS STRING));
+--------------+-----------------------------+--------+----------+--------+
|       EXPR$0 |                      EXPR$1 | EXPR$2 |   EXPR$3 | EXPR$4 |
+--------------+-----------------------------+--------+----------+--------+
| "a\"b\\c\/d" | "\u00fc\u20ac\u1f600\ude00" |     "" | "[1, 2]" | <NULL> |
+--------------+-----------------------------+--------+----------+--------+
1 row in set
!ok

SELECT JSON_UNQUOTE('"a\"b\\c\/d"'), JSON_UNQUOTE('"\u00fc\ud83d\ude00"'), JSON_UNQUOTE('[1, 2]'), JSON_UNQUOTE('"abc'), JSON_UNQUOTE('abc'), JSON_UNQUOTE('"\x"'), JSON_UNQUOTE(JSON_QUOTE('ü"'));
+---------+--------+--------+--------+--------+--------+--------+
|  EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+---------+--------+--------+--------+--------+--------+--------+
| a"b\c/d |    ü😀 | [1, 2] |   "abc |    abc |   "\x" |     ü" |
+---------+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT IS_VALID_UTF8(X'61C3BC'), IS_VALID_UTF8(X'61FF'), IS_VALID_UTF8(X'C0AF'), IS_VALID_UTF8(X'EDA080'), IS_VALID_UTF8(X'F4908080'), IS_VALID_UTF8(X''), IS_VALID_UTF8(CAST(NULL AS BYTES));
+--------+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 |
+--------+--------+--------+--------+--------+--------+--------+
|   TRUE |  FALSE |  FALSE |  FALSE |  FALSE |   TRUE | <NULL> |
+--------+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT MAKE_VALID_UTF8(X'61C3BC'), MAKE_VALID_UTF8(X'61FF62'), MAKE_VALID_UTF8(X'E282'), MAKE_VALID_UTF8(X'E28241'), MAKE_VALID_UTF8(X'F0908080'), MAKE_VALID_UTF8(X'EDA080');
+--------+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 |
+--------+--------+--------+--------+--------+--------+
|     aü |    a�b |      � |     �A |      𐀀 |      � |
+--------+--------+--------+--------+--------+--------+
1 row in set
!ok

SELECT IS_VALID_UTF8('abc');
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 27: Invalid function call:
IS_VALID_UTF8(CHAR(3) NOT NULL)
!error

# JSON(value): pre-formatted JSON inserted as it is by JSON_OBJECT and
# JSON_ARRAY (parsed and written again; blank text is NULL); anywhere else
# Flink's error
SELECT JSON_OBJECT('K1' VALUE JSON('{"nested_json": {"value": 42}}')) AS a, JSON_OBJECT('K' VALUE JSON('{"K2":{"K3":42}}')) AS b, JSON_OBJECT('K' VALUE JSON('')) AS c;
+--------------------------------+------------------------+------------+
|                              a |                      b |          c |
+--------------------------------+------------------------+------------+
| {"K1":{"nested_json":{"valu... | {"K":{"K2":{"K3":42}}} | {"K":null} |
+--------------------------------+------------------------+------------+
1 row in set
!ok

SELECT JSON_ARRAY(JSON('{"K2": 42}')) AS a, JSON_ARRAY(JSON('{"K":{"K1":42}}'), JSON('{"K":{"K1":87}}')) AS b, JSON_ARRAY(JSON('') NULL ON NULL) AS c, JSON_ARRAY(JSON('')) AS d, JSON_ARRAY(JSON(' [1, 2.50, "x"] ')) AS e;
+-------------+--------------------------------+--------+----+----------------+
|           a |                              b |      c |  d |              e |
+-------------+--------------------------------+--------+----+----------------+
| [{"K2":42}] | [{"K":{"K1":42}},{"K":{"K1"... | [null] | [] | [[1,2.50,"x"]] |
+-------------+--------------------------------+--------+----+----------------+
1 row in set
!ok

SELECT JSON_OBJECT('a' VALUE JSON(s)) AS j FROM (VALUES ('{"b": [true, null], "a": 1}'), (CAST(NULL AS STRING)), ('  ')) AS t(s);
+-------------------------------+
|                             j |
+-------------------------------+
| {"a":{"a":1,"b":[true,null]}} |
|                    {"a":null} |
|                    {"a":null} |
+-------------------------------+
3 rows in set
!ok

SELECT JSON('{"value": 42}');
[ERROR] Could not execute SQL statement. Reason:
The JSON() function is currently only supported inside JSON_ARRAY() or as the VALUE param of JSON_OBJECT(). Example: JSON_OBJECT('a', JSON('{"key": "value"}')) or JSON_ARRAY(JSON('{"key": "value"}')).
!error

SELECT JSON_OBJECT(JSON('"k"') VALUE 1);
[ERROR] Could not execute SQL statement. Reason:
The JSON() function is currently only supported inside JSON_ARRAY() or as the VALUE param of JSON_OBJECT(). Example: JSON_OBJECT('a', JSON('{"key": "value"}')) or JSON_ARRAY(JSON('{"key": "value"}')).
!error

SELECT JSON_STRING(JSON('1'));
[ERROR] Could not execute SQL statement. Reason:
The JSON() function is currently only supported inside JSON_ARRAY() or as the VALUE param of JSON_OBJECT(). Example: JSON_OBJECT('a', JSON('{"key": "value"}')) or JSON_ARRAY(JSON('{"key": "value"}')).
!error

SELECT JSON_OBJECT('a' VALUE JSON('{bad'));
[ERROR] Could not execute SQL statement. Reason:
Invalid JSON string in JSON(value) function: "{bad". Error: Unexpected character ('b' (code 98)): was expecting double-quote to start field name
!error

SELECT JSON(1);
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 14: Invalid function call:
JSON(INT NOT NULL)
!error

# CURRENT_DATABASE(): the session's database when the statement is planned
SELECT CURRENT_DATABASE();
+------------------+
|           EXPR$0 |
+------------------+
| default_database |
+------------------+
1 row in set
!ok

CREATE DATABASE fn_db;
[INFO] Execute statement succeeded.
!info

USE fn_db;
[INFO] Execute statement succeeded.
!info

SELECT CURRENT_DATABASE() AS d, UPPER(CURRENT_DATABASE()) AS u;
+-------+-------+
|     d |     u |
+-------+-------+
| fn_db | FN_DB |
+-------+-------+
1 row in set
!ok

USE default_database;
[INFO] Execute statement succeeded.
!info

DROP DATABASE fn_db;
[INFO] Execute statement succeeded.
!info

SHOW FUNCTIONS LIKE 'currentD%';
+-----------------+
|   function name |
+-----------------+
| currentDatabase |
|     currentDate |
+-----------------+
2 rows in set
!ok

SELECT CURRENT_DATABASE(1);
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 26: Invalid number of arguments to function 'CURRENT_DATABASE'. Was expecting 0 arguments
!error
