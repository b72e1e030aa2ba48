# stream_sort.q - ORDER BY in streaming mode. Led by an ascending time
# attribute it is a TemporalSort; with LIMIT a Top-N (SortLimit); otherwise
# the planner plans a Sort over one single exchange (EXPLAIN prints it) and
# the job is refused when it is built, with Flink's TableException. Batch
# mode sorts on any column.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW scores AS SELECT * FROM (VALUES ('Alice', 12), ('Bob', 10), ('Carol', CAST(NULL AS INT)), ('Dave', 7)) AS T(name, score);
[INFO] Execute statement succeeded.
!info

CREATE TABLE T1 (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT c FROM T1 ORDER BY a;
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                       result |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(c=[$0])
+- LogicalSort(sort0=[$1], dir0=[ASC-nulls-first])
   +- LogicalProject(c=[$2], a=[$0])
      +- LogicalTableScan(table=[[default_catalog, default_database, T1]])

== Optimized Physical Plan ==
Calc(select=[c])
+- Sort(orderBy=[a ASC])
   +- Exchange(distribution=[single])
      +- Calc(select=[c, a])
         +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])

== Optimized Execution Plan ==
Calc(select=[c])
+- Sort(orderBy=[a ASC])
   +- Exchange(distribution=[single])
      +- Calc(select=[c, a])
         +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
 |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

SELECT name FROM scores ORDER BY score;
[ERROR] Could not execute SQL statement. Reason:
Sort on a non-time-attribute field is not supported.
!error

SELECT name, score FROM scores ORDER BY score DESC, name;
[ERROR] Could not execute SQL statement. Reason:
Sort on a non-time-attribute field is not supported.
!error

SELECT name, score FROM scores ORDER BY score DESC LIMIT 2;
+----+--------------------------------+-------------+
| op |                           name |       score |
+----+--------------------------------+-------------+
| +I |                          Alice |          12 |
| +I |                            Bob |          10 |
+----+--------------------------------+-------------+
Received a total of 2 rows
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT name, score FROM scores ORDER BY score DESC, name;
+-------+--------+
|  name |  score |
+-------+--------+
| Alice |     12 |
|   Bob |     10 |
|  Dave |      7 |
| Carol | <NULL> |
+-------+--------+
4 rows in set
!ok

