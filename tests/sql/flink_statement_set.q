# flink_statement_set.q - Flink's own statement_set.q (the SQL gateway's client
# layout, with !output lines), run as it is: BEGIN STATEMENT SET / END with
# filesystem sinks in both runtime modes. The 'values' table is only created,
# never read, so it stays. The one change: Flink's sources say "succeed.", the
# client prints "succeeded.".

SET 'sql-client.execution.result-mode' = 'tableau';
!output
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
!output
[INFO] Execute statement succeeded.
!info

create table src (
  id int,
  str string
) with (
  'connector' = 'values'
);
!output
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# test statement set with streaming insert
# ==========================================================================

SET 'execution.runtime-mode' = 'streaming';
!output
[INFO] Execute statement succeeded.
!info

create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH',
  'format' = 'csv'
);
!output
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
!output
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
!output
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.gateway.service.utils.SqlExecutionException: Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

create table src (
  id int,
  str string
) with (
  'connector' = 'values'
);
!output
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.gateway.service.utils.SqlExecutionException: Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

SELECT id, str FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi')) as T(id, str);
!output
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.gateway.service.utils.SqlExecutionException: Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
!output
[INFO] Execute statement succeeded.
!info

END;
!output
[INFO] Complete execution of the SQL update statement.
!info

END;
!output
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.gateway.service.utils.SqlExecutionException: No Statement Set to submit. 'END' statement should be used after 'BEGIN STATEMENT SET'.
!error

SELECT * FROM StreamingTable;
!output
+----+-------------+--------------------------------+
| op |          id |                            str |
+----+-------------+--------------------------------+
| +I |           1 |                    Hello World |
| +I |           2 |                             Hi |
| +I |           2 |                             Hi |
| +I |           3 |                          Hello |
| +I |           3 |                          World |
| +I |           4 |                            ADD |
| +I |           5 |                           LINE |
+----+-------------+--------------------------------+
Received a total of 7 rows
!ok

# ==========================================================================
# test statement set with batch inserts
# ==========================================================================

SET 'execution.runtime-mode' = 'batch';
!output
[INFO] Execute statement succeeded.
!info

create table BatchTable (
id int,
str string
) with (
'connector' = 'filesystem',
'path' = '$VAR_BATCH_PATH',
'format' = 'csv'
);
!output
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
!output
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
!output
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.gateway.service.utils.SqlExecutionException: Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

INSERT INTO BatchTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
!output
[INFO] Execute statement succeeded.
!info

END;
!output
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM BatchTable;
!output
+----+-------------+
| id |         str |
+----+-------------+
|  1 | Hello World |
|  2 |          Hi |
|  2 |          Hi |
|  3 |       Hello |
|  3 |       World |
|  4 |         ADD |
|  5 |        LINE |
+----+-------------+
7 rows in set
!ok

BEGIN STATEMENT SET;
!output
[INFO] Execute statement succeeded.
!info

END;
!output
[INFO] Execute statement succeeded.
!info
