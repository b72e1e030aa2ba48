# gateway_jobs.q - statement sets, INSERTs and queries in the SQL gateway's result layout
# (blocks end in '!output'): BEGIN STATEMENT SET, an INSERT added to the set and an empty END
# print the "result | OK" table; an INSERT, CREATE TABLE AS and a non-empty END print the job's
# id ("Job ID:", tagged !info), with table.dml-sync as without; a query prints all its rows at
# the end with widths from the content, the op column in streaming mode (for a statement that
# begins with SELECT), NULL as an empty cell and "N rows in set". Blocks after Flink's
# begin_statement_set.q, insert.q and repeated_dql.q (gateway).

SET 'table.dml-sync' = 'true';
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH',
  'format' = 'csv'
);
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

BEGIN STATEMENT SET;
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

BEGIN STATEMENT SET;
!output
Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'));
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

END;
!output
Job ID:
!info

SELECT * FROM StreamingTable;
!output
+----+----+-------------+
| op | id |         str |
+----+----+-------------+
| +I |  1 | Hello World |
| +I |  2 |          Hi |
| +I |  2 |          Hi |
+----+----+-------------+
3 rows in set
!ok

# an empty statement set
BEGIN STATEMENT SET;
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

END;
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

INSERT INTO StreamingTable VALUES (3, CAST(NULL AS STRING));
!output
Job ID:
!info

# (two files now: read in either order, so one row is asked for)
SELECT id, str FROM StreamingTable WHERE id = 3;
!output
+----+----+-----+
| op | id | str |
+----+----+-----+
| +I |  3 |     |
+----+----+-----+
1 row in set
!ok

SELECT * FROM StreamingTable WHERE id > 5;
!output
Empty set
!ok

# Flink's gateway tests print the op column only for a statement that begins with SELECT
EXECUTE SELECT id, str FROM StreamingTable WHERE id = 3;
!output
+----+-----+
| id | str |
+----+-----+
|  3 |     |
+----+-----+
1 row in set
!ok

WITH t AS (SELECT id FROM StreamingTable WHERE id = 3) SELECT * FROM t;
!output
+----+
| id |
+----+
|  3 |
+----+
1 row in set
!ok

SET 'table.dml-sync' = 'false';
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

CREATE TABLE CtasTable WITH ('connector' = 'blackhole') AS SELECT * FROM StreamingTable;
!output
Job ID:
!info

SET 'execution.runtime-mode' = 'batch';
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

# batch: no op column
SELECT id, str FROM StreamingTable WHERE id = 1;
!output
+----+-------------+
| id |         str |
+----+-------------+
|  1 | Hello World |
+----+-------------+
1 row in set
!ok
