# statements.q - the statement kinds not covered elsewhere: CREATE TABLE ...
# LIKE, CREATE TABLE ... AS SELECT, CREATE / DROP FUNCTION (eddy runs C
# functions a program registers; the shell registers none), and query forms
# that run (UNNEST, batch ORDER BY / LIMIT) or type-check and then fail at
# planning because their operators do not exist yet.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

CREATE TABLE base (
  id INT,
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3'
);
[INFO] Execute statement succeeded.
!info

# LIKE: the source's columns, watermark and options, overwritten by the new ones
CREATE TABLE derived (extra INT) WITH ('number-of-rows' = '2') LIKE base;
[INFO] Execute statement succeeded.
!info

SHOW CREATE TABLE derived;
+-----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                              result |
+-----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TABLE `default_catalog`.`default_database`.`derived` (
  `id` INT,
  `name` VARCHAR(2147483647),
  `ts` TIMESTAMP(3),
  `extra` INT,
  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND
)
WITH (
  'connector' = 'datagen',
  'fields.id.end' = '3',
  'fields.id.kind' = 'sequence',
  'fields.id.start' = '1',
  'number-of-rows' = '2'
)
 |
+-----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

CREATE TABLE derived2 WITH ('connector' = 'blackhole') LIKE base (EXCLUDING OPTIONS EXCLUDING WATERMARKS);
[INFO] Execute statement succeeded.
!info

SHOW CREATE TABLE derived2;
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                               result |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TABLE `default_catalog`.`default_database`.`derived2` (
  `id` INT,
  `name` VARCHAR(2147483647),
  `ts` TIMESTAMP(3)
)
WITH (
  'connector' = 'blackhole'
)
 |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# A table without columns is accepted, as in Flink (its parser makes the
# column list optional); SHOW CREATE TABLE prints Flink's empty parentheses
CREATE TABLE nocols WITH ('connector' = 'blackhole');
[INFO] Execute statement succeeded.
!info

CREATE TABLE nocols2;
[INFO] Execute statement succeeded.
!info

SHOW CREATE TABLE nocols;
+-------------------------------------------------------------------------------------------------------+
|                                                                                                result |
+-------------------------------------------------------------------------------------------------------+
| CREATE TABLE `default_catalog`.`default_database`.`nocols` (

)
WITH (
  'connector' = 'blackhole'
)
 |
+-------------------------------------------------------------------------------------------------------+
1 row in set
!ok

DESCRIBE nocols;
Empty set
!ok

CREATE TABLE clash (id INT) LIKE base;
[ERROR] Could not execute SQL statement. Reason:
A column named 'id' already exists in the base table.
!error

CREATE TABLE twice WITH ('number-of-rows' = '1') LIKE base (INCLUDING OPTIONS);
[ERROR] Could not execute SQL statement. Reason:
There already exists an option ['number-of-rows' -> '3']  in the base table. You might want to specify EXCLUDING OPTIONS or OVERWRITING OPTIONS.
!error

# CREATE TABLE ... AS SELECT: the query's columns, then the INSERT
CREATE TABLE copy WITH ('connector' = 'filesystem', 'path' = '$VAR_BATCH_PATH', 'format' = 'json') AS SELECT id, UPPER(name) IS NOT NULL AS named FROM base;
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM copy;
+----+-------+
| id | named |
+----+-------+
|  1 |  TRUE |
|  2 |  TRUE |
|  3 |  TRUE |
+----+-------+
3 rows in set
!ok

REPLACE TABLE nothing_here WITH ('connector' = 'blackhole') AS SELECT 1 AS x;
[ERROR] Could not execute SQL statement. Reason:
The table `default_catalog`.`default_database`.`nothing_here` to be replaced doesn't exist. You can try to use CREATE TABLE AS statement or CREATE OR REPLACE TABLE AS statement.
!error

# functions: only C implementations a program registered
CREATE FUNCTION f AS 'com.example.Upper';
[ERROR] Could not execute SQL statement. Reason:
Function implementation 'com.example.Upper' is not registered: register it with eddy_tenv_register_function_impl before CREATE FUNCTION.
!error

CREATE FUNCTION f AS 'com.example.Upper' LANGUAGE JAVA;
[ERROR] Could not execute SQL statement. Reason:
not supported yet: functions in LANGUAGE JAVA (eddy runs C functions registered with eddy_tenv_register_function_impl)
!error

DROP FUNCTION IF EXISTS f;
[INFO] Execute statement succeeded.
!info

DROP TEMPORARY SYSTEM FUNCTION f;
[ERROR] Could not execute SQL statement. Reason:
Temporary system function f doesn't exist
!error

SHOW USER FUNCTIONS;
Empty set
!ok

# Flink's names: the upper-case SQL ones beside the camelCase ones of the expression DSL; LIKE
# is case-sensitive, ILIKE is not
SHOW FUNCTIONS LIKE 'json_%';
Empty set
!ok

SHOW FUNCTIONS ILIKE 'json_%';
+-------------------------------+
|                 function name |
+-------------------------------+
|                    JSON_ARRAY |
|  JSON_ARRAYAGG_ABSENT_ON_NULL |
|    JSON_ARRAYAGG_NULL_ON_NULL |
|                   JSON_EXISTS |
|                   JSON_OBJECT |
| JSON_OBJECTAGG_ABSENT_ON_NULL |
|   JSON_OBJECTAGG_NULL_ON_NULL |
|                    JSON_QUERY |
|                    JSON_QUOTE |
|                   JSON_STRING |
|                  JSON_UNQUOTE |
|                    JSON_VALUE |
+-------------------------------+
12 rows in set
!ok

SHOW FUNCTIONS LIKE 'is%';
+---------------+
| function name |
+---------------+
|       isFalse |
|    isNotFalse |
|     isNotNull |
|     isNotTrue |
|        isNull |
|        isTrue |
+---------------+
6 rows in set
!ok

# runs: UNNEST, ORDER BY / LIMIT in batch mode
SELECT id, x FROM (VALUES (1, ARRAY['a', 'b']), (2, ARRAY['c'])) AS T(id, arr) CROSS JOIN UNNEST(arr) AS U(x);
+----+---+
| id | x |
+----+---+
|  1 | a |
|  1 | b |
|  2 | c |
+----+---+
3 rows in set
!ok

SELECT id, name IS NOT NULL AS named FROM base ORDER BY id DESC LIMIT 2;
+----+-------+
| id | named |
+----+-------+
|  3 |  TRUE |
|  2 |  TRUE |
+----+-------+
2 rows in set
!ok

# batch aggregations and joins run (batch_agg.q, batch_join.q)
SELECT COUNT(*), MIN(id), MAX(id) FROM base;
+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 |
+--------+--------+--------+
|      3 |      1 |      3 |
+--------+--------+--------+
1 row in set
!ok

SELECT a.id FROM base a JOIN derived b ON a.id = b.id;
+----+
| id |
+----+
|  1 |
|  2 |
+----+
2 rows in set
!ok

# an OVER aggregate in BATCH mode (tests/sql/over.q has the rest)
SELECT id, SUM(id) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM base;
+----+--------+
| id | EXPR$1 |
+----+--------+
|  1 |      1 |
|  2 |      3 |
|  3 |      5 |
+----+--------+
3 rows in set
!ok

# type-check, then wait for their operators

SELECT DISTINCT id FROM base ORDER BY id;
+----+
| id |
+----+
|  1 |
|  2 |
|  3 |
+----+
3 rows in set
!ok

# and a type error is still found first
SELECT name, COUNT(*) FROM base GROUP BY id;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 8 to line 1, column 11: Expression 'name' is not being grouped
!error
