# select.q - queries in both runtime modes, as the SQL client prints them.
# Adapted from Flink's sql-client select.q: tableau results (streaming:
# the op column, widths from the types, "Received a total of N rows";
# batch: widths from the content, "N rows in set"), TIMESTAMP and
# TIMESTAMP_LTZ display per time zone, the column width options, and the
# changelog result mode. Flink's GROUP BY cases are left out: eddy does not
# run aggregations yet.

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# test stream query with tableau result mode
# ==========================================================================

SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi')) as T(id, str);
+----+-------------+--------------------------------+
| op |          id |                            str |
+----+-------------+--------------------------------+
| +I |           1 |                    Hello World |
| +I |           2 |                             Hi |
| +I |           2 |                             Hi |
+----+-------------+--------------------------------+
Received a total of 3 rows
!ok

# an empty result prints the header and no closing border
SELECT * FROM (VALUES (1, 'Hello World')) as T(id, str) WHERE id > 5;
+----+-------------+--------------------------------+
| op |          id |                            str |
+----+-------------+--------------------------------+
Received a total of 0 row
!ok

# NULL prints as <NULL>
SELECT id, CASE WHEN id = 1 THEN CAST(NULL AS STRING) ELSE str END AS str, CAST(NULL AS INT) AS nothing
FROM (VALUES (1, 'a'), (2, 'b')) as T(id, str);
+----+-------------+--------------------------------+-------------+
| op |          id |                            str |     nothing |
+----+-------------+--------------------------------+-------------+
| +I |           1 |                         <NULL> |      <NULL> |
| +I |           2 |                              b |      <NULL> |
+----+-------------+--------------------------------+-------------+
Received a total of 2 rows
!ok

# widths come from the types in streaming mode
SELECT CAST(1 AS TINYINT) AS t, CAST(2 AS SMALLINT) AS s, CAST(3 AS BIGINT) AS b, TRUE AS bool,
  CAST(1.5 AS DECIMAL(5, 2)) AS d, DATE '2021-04-13' AS dt, 1.25e0 AS dbl;
+----+--------+--------+----------------------+--------+---------+------------+--------------------------------+
| op |      t |      s |                    b |   bool |       d |         dt |                            dbl |
+----+--------+--------+----------------------+--------+---------+------------+--------------------------------+
| +I |      1 |      2 |                    3 |   TRUE |    1.50 | 2021-04-13 |                           1.25 |
+----+--------+--------+----------------------+--------+---------+------------+--------------------------------+
Received a total of 1 row
!ok

# ==========================================================================
# test TIMESTAMP and TIMESTAMP_LTZ type display with tableau result mode
# ==========================================================================

SET 'table.local-time-zone' = 'Asia/Shanghai';
[INFO] Execute statement succeeded.
!info

SELECT TIME '20:12:11' as time0,
 ts0, ts3, ts9,
 TO_TIMESTAMP_LTZ(1, 0) AS ts_ltz0,
 TO_TIMESTAMP_LTZ(1, 3) AS ts_ltz3,
 CAST(ts9 as TIMESTAMP_LTZ(9)) AS ts_ltz9
FROM (VALUES
  (1, TIMESTAMP '2021-04-13 20:12:11', TIMESTAMP '2021-04-13 20:12:11.123', TIMESTAMP '2021-04-13 20:12:11.123456789'),
  (2, TIMESTAMP '2021-04-13 21:12:11', TIMESTAMP '2021-04-13 21:12:11.001', TIMESTAMP '2021-04-13 21:12:11.1'))
   as T(id, ts0, ts3, ts9);
+----+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
| op |    time0 |                 ts0 |                     ts3 |                           ts9 |                 ts_ltz0 |                 ts_ltz3 |                       ts_ltz9 |
+----+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
| +I | 20:12:11 | 2021-04-13 20:12:11 | 2021-04-13 20:12:11.123 | 2021-04-13 20:12:11.123456789 | 1970-01-01 08:00:01.000 | 1970-01-01 08:00:00.001 | 2021-04-13 20:12:11.123456789 |
| +I | 20:12:11 | 2021-04-13 21:12:11 | 2021-04-13 21:12:11.001 | 2021-04-13 21:12:11.100000000 | 1970-01-01 08:00:01.000 | 1970-01-01 08:00:00.001 | 2021-04-13 21:12:11.100000000 |
+----+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
Received a total of 2 rows
!ok

SET 'table.local-time-zone' = 'UTC';
[INFO] Execute statement succeeded.
!info

SELECT TIME '20:12:11' as time0,
 ts0, ts3, ts9,
 TO_TIMESTAMP_LTZ(1, 0) AS ts_ltz0,
 TO_TIMESTAMP_LTZ(1, 3) AS ts_ltz3,
 CAST(ts9 as TIMESTAMP_LTZ(9)) AS ts_ltz9
FROM (VALUES
  (1, TIMESTAMP '2021-04-13 20:12:11', TIMESTAMP '2021-04-13 20:12:11.123', TIMESTAMP '2021-04-13 20:12:11.123456789'),
  (2, TIMESTAMP '2021-04-13 21:12:11', TIMESTAMP '2021-04-13 21:12:11.001', TIMESTAMP '2021-04-13 21:12:11.1'))
   as T(id, ts0, ts3, ts9);
+----+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
| op |    time0 |                 ts0 |                     ts3 |                           ts9 |                 ts_ltz0 |                 ts_ltz3 |                       ts_ltz9 |
+----+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
| +I | 20:12:11 | 2021-04-13 20:12:11 | 2021-04-13 20:12:11.123 | 2021-04-13 20:12:11.123456789 | 1970-01-01 00:00:01.000 | 1970-01-01 00:00:00.001 | 2021-04-13 20:12:11.123456789 |
| +I | 20:12:11 | 2021-04-13 21:12:11 | 2021-04-13 21:12:11.001 | 2021-04-13 21:12:11.100000000 | 1970-01-01 00:00:01.000 | 1970-01-01 00:00:00.001 | 2021-04-13 21:12:11.100000000 |
+----+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
Received a total of 2 rows
!ok

# ==========================================================================
# Testing behavior of sql-client.display.max-column-width
# Only variable width columns are impacted at the moment => STRING, but not TIMESTAMP nor BOOLEAN
# ==========================================================================

CREATE TEMPORARY VIEW
  testUserData(name, dob, isHappy)
AS (VALUES
  ('30b5c1bb-0ac0-43d3-b812-fcb649fd2b07', TIMESTAMP '2001-01-13 20:11:11.123', true),
  ('91170c98-2cc5-4935-9ea6-12b72d32fb3c', TIMESTAMP '1994-02-14 21:12:11.123', true),
  ('8b012d93-6ece-48ad-a2ea-aa75ef7b1d60', TIMESTAMP '1979-03-15 22:13:11.123', false),
  ('09969d9e-d584-11eb-b8bc-0242ac130003', TIMESTAMP '1985-04-16 23:14:11.123', true)
);
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+----+--------------------------------+-------------------------+---------+
| op |                           name |                     dob | isHappy |
+----+--------------------------------+-------------------------+---------+
| +I | 30b5c1bb-0ac0-43d3-b812-fcb... | 2001-01-13 20:11:11.123 |    TRUE |
| +I | 91170c98-2cc5-4935-9ea6-12b... | 1994-02-14 21:12:11.123 |    TRUE |
| +I | 8b012d93-6ece-48ad-a2ea-aa7... | 1979-03-15 22:13:11.123 |   FALSE |
| +I | 09969d9e-d584-11eb-b8bc-024... | 1985-04-16 23:14:11.123 |    TRUE |
+----+--------------------------------+-------------------------+---------+
Received a total of 4 rows
!ok

# test fallback config option key

SET 'table.display.max-column-width' = '10';
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+----+------------+-------------------------+---------+
| op |       name |                     dob | isHappy |
+----+------------+-------------------------+---------+
| +I | 30b5c1b... | 2001-01-13 20:11:11.123 |    TRUE |
| +I | 91170c9... | 1994-02-14 21:12:11.123 |    TRUE |
| +I | 8b012d9... | 1979-03-15 22:13:11.123 |   FALSE |
| +I | 09969d9... | 1985-04-16 23:14:11.123 |    TRUE |
+----+------------+-------------------------+---------+
Received a total of 4 rows
!ok

SET 'table.display.max-column-width' = '40';
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+----+------------------------------------------+-------------------------+---------+
| op |                                     name |                     dob | isHappy |
+----+------------------------------------------+-------------------------+---------+
| +I |     30b5c1bb-0ac0-43d3-b812-fcb649fd2b07 | 2001-01-13 20:11:11.123 |    TRUE |
| +I |     91170c98-2cc5-4935-9ea6-12b72d32fb3c | 1994-02-14 21:12:11.123 |    TRUE |
| +I |     8b012d93-6ece-48ad-a2ea-aa75ef7b1d60 | 1979-03-15 22:13:11.123 |   FALSE |
| +I |     09969d9e-d584-11eb-b8bc-0242ac130003 | 1985-04-16 23:14:11.123 |    TRUE |
+----+------------------------------------------+-------------------------+---------+
Received a total of 4 rows
!ok

# test original config option key

SET 'sql-client.display.max-column-width' = '10';
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+----+------------+-------------------------+---------+
| op |       name |                     dob | isHappy |
+----+------------+-------------------------+---------+
| +I | 30b5c1b... | 2001-01-13 20:11:11.123 |    TRUE |
| +I | 91170c9... | 1994-02-14 21:12:11.123 |    TRUE |
| +I | 8b012d9... | 1979-03-15 22:13:11.123 |   FALSE |
| +I | 09969d9... | 1985-04-16 23:14:11.123 |    TRUE |
+----+------------+-------------------------+---------+
Received a total of 4 rows
!ok

SET 'sql-client.display.max-column-width' = '40';
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+----+------------------------------------------+-------------------------+---------+
| op |                                     name |                     dob | isHappy |
+----+------------------------------------------+-------------------------+---------+
| +I |     30b5c1bb-0ac0-43d3-b812-fcb649fd2b07 | 2001-01-13 20:11:11.123 |    TRUE |
| +I |     91170c98-2cc5-4935-9ea6-12b72d32fb3c | 1994-02-14 21:12:11.123 |    TRUE |
| +I |     8b012d93-6ece-48ad-a2ea-aa75ef7b1d60 | 1979-03-15 22:13:11.123 |   FALSE |
| +I |     09969d9e-d584-11eb-b8bc-0242ac130003 | 1985-04-16 23:14:11.123 |    TRUE |
+----+------------------------------------------+-------------------------+---------+
Received a total of 4 rows
!ok

SET 'sql-client.display.max-column-width' = '30';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# test changelog result mode: one Row.toString line per change
# ==========================================================================

SET 'sql-client.execution.result-mode' = 'changelog';
[INFO] Execute statement succeeded.
!info

SELECT name, isHappy FROM testUserData WHERE isHappy;
+I[30b5c1bb-0ac0-43d3-b812-fcb649fd2b07, true]
+I[91170c98-2cc5-4935-9ea6-12b72d32fb3c, true]
+I[09969d9e-d584-11eb-b8bc-0242ac130003, true]
!ok

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# datagen: a bounded sequence source
# ==========================================================================

CREATE TABLE seq (id INT, tag STRING) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5',
  'fields.tag.length' = '4'
);
[INFO] Execute statement succeeded.
!info

SELECT id, id * id AS square FROM seq WHERE id % 2 = 1;
+----+-------------+-------------+
| op |          id |      square |
+----+-------------+-------------+
| +I |           1 |           1 |
| +I |           3 |           9 |
| +I |           5 |          25 |
+----+-------------+-------------+
Received a total of 3 rows
!ok

# ==========================================================================
# errors name the position in the statement
# ==========================================================================

SELECT no_such_column FROM seq;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 21: Column 'no_such_column' not found in any table
!error

SELECT id FROM
  seq WHERE
  id > 'x' AND nothing = 1;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 3, column 16 to line 3, column 22: Column 'nothing' not found in any table
!error

SELECT id,, tag FROM seq;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. Encountered "," at line 1, column 11.
Was expecting one of:
    "CASE" ...
    "CAST" ...
    "EXISTS" ...
    "FALSE" ...
    "INTERVAL" ...
    "NOT" ...
    "NULL" ...
    "TRUE" ...
    <UNSIGNED_INTEGER_LITERAL> ...
    <QUOTED_STRING> ...
    "(" ...
    "+" ...
    "-" ...
    "*" ...
    <BRACKET_QUOTED_IDENTIFIER> ...
    <QUOTED_IDENTIFIER> ...
    <BACK_QUOTED_IDENTIFIER> ...
    <BIG_QUERY_BACK_QUOTED_IDENTIFIER> ...
    <HYPHENATED_IDENTIFIER> ...
    <IDENTIFIER> ...
    <UNICODE_QUOTED_IDENTIFIER> ...
!error

SELECT * FROM no_such_table;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 15 to line 1, column 27: Object 'no_such_table' not found
!error

SELECT *;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 8: SELECT * requires a FROM clause
!error

SELECT 1, *;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 11 to line 1, column 11: SELECT * requires a FROM clause
!error

# ==========================================================================
# test batch query
# ==========================================================================

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi')) as T(id, str);
+----+-------------+
| id |         str |
+----+-------------+
|  1 | Hello World |
|  2 |          Hi |
|  2 |          Hi |
+----+-------------+
3 rows in set
!ok

SELECT * FROM (VALUES (1, 'Hello World')) as T(id, str) WHERE id > 5;
Empty set
!ok

SELECT TIME '20:12:11' as time0,
 ts0, ts3, ts9,
 TO_TIMESTAMP_LTZ(1, 0) AS ts_ltz0,
 TO_TIMESTAMP_LTZ(1, 3) AS ts_ltz3,
 CAST(ts9 as TIMESTAMP_LTZ(9)) AS ts_ltz9
FROM (VALUES
  (1, TIMESTAMP '2021-04-13 20:12:11', TIMESTAMP '2021-04-13 20:12:11.123', TIMESTAMP '2021-04-13 20:12:11.123456789'),
  (2, TIMESTAMP '2021-04-13 21:12:11', TIMESTAMP '2021-04-13 21:12:11.001', TIMESTAMP '2021-04-13 21:12:11.1'))
   as T(id, ts0, ts3, ts9);
+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
|    time0 |                 ts0 |                     ts3 |                           ts9 |                 ts_ltz0 |                 ts_ltz3 |                       ts_ltz9 |
+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
| 20:12:11 | 2021-04-13 20:12:11 | 2021-04-13 20:12:11.123 | 2021-04-13 20:12:11.123456789 | 1970-01-01 00:00:01.000 | 1970-01-01 00:00:00.001 | 2021-04-13 20:12:11.123456789 |
| 20:12:11 | 2021-04-13 21:12:11 | 2021-04-13 21:12:11.001 | 2021-04-13 21:12:11.100000000 | 1970-01-01 00:00:01.000 | 1970-01-01 00:00:00.001 | 2021-04-13 21:12:11.100000000 |
+----------+---------------------+-------------------------+-------------------------------+-------------------------+-------------------------+-------------------------------+
2 rows in set
!ok

SELECT * from testUserData;
+--------------------------------+-------------------------+---------+
|                           name |                     dob | isHappy |
+--------------------------------+-------------------------+---------+
| 30b5c1bb-0ac0-43d3-b812-fcb... | 2001-01-13 20:11:11.123 |    TRUE |
| 91170c98-2cc5-4935-9ea6-12b... | 1994-02-14 21:12:11.123 |    TRUE |
| 8b012d93-6ece-48ad-a2ea-aa7... | 1979-03-15 22:13:11.123 |   FALSE |
| 09969d9e-d584-11eb-b8bc-024... | 1985-04-16 23:14:11.123 |    TRUE |
+--------------------------------+-------------------------+---------+
4 rows in set
!ok

SET 'sql-client.display.max-column-width' = '10';
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+------------+------------+---------+
|       name |        dob | isHappy |
+------------+------------+---------+
| 30b5c1b... | 2001-01... |    TRUE |
| 91170c9... | 1994-02... |    TRUE |
| 8b012d9... | 1979-03... |   FALSE |
| 09969d9... | 1985-04... |    TRUE |
+------------+------------+---------+
4 rows in set
!ok

SET 'sql-client.display.max-column-width' = '40';
[INFO] Execute statement succeeded.
!info

SELECT * from testUserData;
+--------------------------------------+-------------------------+---------+
|                                 name |                     dob | isHappy |
+--------------------------------------+-------------------------+---------+
| 30b5c1bb-0ac0-43d3-b812-fcb649fd2b07 | 2001-01-13 20:11:11.123 |    TRUE |
| 91170c98-2cc5-4935-9ea6-12b72d32fb3c | 1994-02-14 21:12:11.123 |    TRUE |
| 8b012d93-6ece-48ad-a2ea-aa75ef7b1d60 | 1979-03-15 22:13:11.123 |   FALSE |
| 09969d9e-d584-11eb-b8bc-0242ac130003 | 1985-04-16 23:14:11.123 |    TRUE |
+--------------------------------------+-------------------------+---------+
4 rows in set
!ok

# a source is bounded when it has a row count or only sequence fields; the
# random tag field makes seq unbounded, which batch mode refuses
SELECT id, id * id AS square FROM seq WHERE id % 2 = 1;
[ERROR] Could not execute SQL statement. Reason:
Querying an unbounded table 'default_catalog.default_database.seq' in batch mode is not allowed. The table source is unbounded.
!error

CREATE TABLE seq5 (id INT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '5',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5'
);
[INFO] Execute statement succeeded.
!info

SELECT id, id * id AS square FROM seq5 WHERE id % 2 = 1;
+----+--------+
| id | square |
+----+--------+
|  1 |      1 |
|  3 |      9 |
|  5 |     25 |
+----+--------+
3 rows in set
!ok

SET 'sql-client.execution.result-mode' = 'changelog';
[INFO] Execute statement succeeded.
!info

SELECT id, id * id AS square FROM seq5 WHERE id % 2 = 1;
+I[1, 1]
+I[3, 9]
+I[5, 25]
!ok
