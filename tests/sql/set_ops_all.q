# set_ops_all.q - INTERSECT ALL and EXCEPT ALL, rewritten as Flink's planner
# rewrites them: a UNION ALL of the inputs with a marker column per side, a
# GROUP BY the whole row counting (INTERSECT ALL: COUNT of each side's
# marker) or summing (EXCEPT ALL: +1 / -1) the markers, the rows kept
# (both counts >= 1 / a positive sum), and the Correlate of the built-in
# ReplicateRows table function giving each row min(left, right) / left -
# right times. EXPLAIN prints Flink's plans (stream/sql and batch/sql
# SetOperatorsTest.xml testIntersectAll / testMinusAll). In streaming mode
# each update of a row's count retracts and re-sends its copies, and the
# changelog depends on the order the two inputs arrive in: the streaming
# queries here are those whose changelog is the same in every order; the
# batch queries (duplicates, NULL matching NULL) give the final rows, and
# `eddy --verify` checks each against its streaming changelog.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

CREATE TABLE T1 (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE T2 (d INT, e BIGINT, f STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT c FROM T1 INTERSECT ALL SELECT f FROM T2;
== Abstract Syntax Tree ==
LogicalIntersect(all=[true])
:- LogicalProject(c=[$2])
:  +- LogicalTableScan(table=[[default_catalog, default_database, T1]])
+- LogicalProject(f=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, T2]])

== Optimized Physical Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1($f0,c))], select=[$f0,c,c0], rowType=[RecordType(BIGINT $f0, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[IF(>(vcol_left_cnt, vcol_right_cnt), vcol_right_cnt, vcol_left_cnt) AS $f0, c], where=[AND(>=(vcol_left_cnt, 1), >=(vcol_right_cnt, 1))])
      +- GroupAggregate(groupBy=[c], select=[c, COUNT(vcol_left_marker) AS vcol_left_cnt, COUNT(vcol_right_marker) AS vcol_right_cnt])
         +- Exchange(distribution=[hash[c]])
            +- Union(all=[true], union=[c, vcol_left_marker, vcol_right_marker])
               :- Calc(select=[c, true AS vcol_left_marker, null:BOOLEAN AS vcol_right_marker])
               :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
               +- Calc(select=[f, null:BOOLEAN AS vcol_left_marker, true AS vcol_right_marker])
                  +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1($f0,c))], select=[$f0,c,c0], rowType=[RecordType(BIGINT $f0, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[IF((vcol_left_cnt > vcol_right_cnt), vcol_right_cnt, vcol_left_cnt) AS $f0, c], where=[((vcol_left_cnt >= 1) AND (vcol_right_cnt >= 1))])
      +- GroupAggregate(groupBy=[c], select=[c, COUNT(vcol_left_marker) AS vcol_left_cnt, COUNT(vcol_right_marker) AS vcol_right_cnt])
         +- Exchange(distribution=[hash[c]])
            +- Union(all=[true], union=[c, vcol_left_marker, vcol_right_marker])
               :- Calc(select=[c, true AS vcol_left_marker, null:BOOLEAN AS vcol_right_marker])
               :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
               +- Calc(select=[f, null:BOOLEAN AS vcol_left_marker, true AS vcol_right_marker])
                  +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])
!ok

EXPLAIN SELECT c FROM T1 EXCEPT ALL SELECT f FROM T2;
== Abstract Syntax Tree ==
LogicalMinus(all=[true])
:- LogicalProject(c=[$2])
:  +- LogicalTableScan(table=[[default_catalog, default_database, T1]])
+- LogicalProject(f=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, T2]])

== Optimized Physical Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1(sum_vcol_marker,c))], select=[sum_vcol_marker,c,c0], rowType=[RecordType(BIGINT sum_vcol_marker, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[sum_vcol_marker, c], where=[>(sum_vcol_marker, 0)])
      +- GroupAggregate(groupBy=[c], select=[c, SUM(vcol_marker) AS sum_vcol_marker])
         +- Exchange(distribution=[hash[c]])
            +- Union(all=[true], union=[c, vcol_marker])
               :- Calc(select=[c, 1:BIGINT AS vcol_marker])
               :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
               +- Calc(select=[f, -1:BIGINT AS vcol_marker])
                  +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1(sum_vcol_marker,c))], select=[sum_vcol_marker,c,c0], rowType=[RecordType(BIGINT sum_vcol_marker, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[sum_vcol_marker, c], where=[(sum_vcol_marker > 0)])
      +- GroupAggregate(groupBy=[c], select=[c, SUM(vcol_marker) AS sum_vcol_marker])
         +- Exchange(distribution=[hash[c]])
            +- Union(all=[true], union=[c, vcol_marker])
               :- Calc(select=[c, 1 AS vcol_marker])
               :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
               +- Calc(select=[f, -1 AS vcol_marker])
                  +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])
!ok

CREATE TEMPORARY VIEW l AS SELECT * FROM (VALUES (1, 'a'), (1, 'a'), (1, 'a'), (2, 'b'), (CAST(NULL AS INT), 'n'), (CAST(NULL AS INT), 'n')) AS T(x, y);
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW r AS SELECT * FROM (VALUES (1, 'a'), (1, 'a'), (3, 'c'), (CAST(NULL AS INT), 'n')) AS T(x, y);
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (CAST(NULL AS INT), 'n')) AS L(x, y) INTERSECT ALL SELECT * FROM (VALUES (1, 'a'), (3, 'c'), (CAST(NULL AS INT), 'n')) AS R(x, y);
+----+-------------+--------------------------------+
| op |           x |                              y |
+----+-------------+--------------------------------+
| +U |           1 |                              a |
| +U |      <NULL> |                              n |
+----+-------------+--------------------------------+
Received a total of 2 rows
!ok

SELECT * FROM l EXCEPT ALL SELECT * FROM (VALUES (3, 'c'), (4, 'd')) AS R(x, y);
+----+-------------+--------------------------------+
| op |           x |                              y |
+----+-------------+--------------------------------+
| +I |           1 |                              a |
| -U |           1 |                              a |
| +U |           1 |                              a |
| +U |           1 |                              a |
| -U |           1 |                              a |
| -U |           1 |                              a |
| +U |           1 |                              a |
| +U |           1 |                              a |
| +U |           1 |                              a |
| +I |           2 |                              b |
| +I |      <NULL> |                              n |
| -U |      <NULL> |                              n |
| +U |      <NULL> |                              n |
| +U |      <NULL> |                              n |
+----+-------------+--------------------------------+
Received a total of 14 rows
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT * FROM l INTERSECT ALL SELECT * FROM r;
+--------+---+
|      x | y |
+--------+---+
|      1 | a |
|      1 | a |
| <NULL> | n |
+--------+---+
3 rows in set
!ok

SELECT * FROM l EXCEPT ALL SELECT * FROM r;
+--------+---+
|      x | y |
+--------+---+
|      2 | b |
|      1 | a |
| <NULL> | n |
+--------+---+
3 rows in set
!ok

SELECT * FROM r EXCEPT ALL SELECT * FROM l;
+---+---+
| x | y |
+---+---+
| 3 | c |
+---+---+
1 row in set
!ok

SELECT x FROM l INTERSECT ALL SELECT x FROM r WHERE x IS NULL;
+--------+
|      x |
+--------+
| <NULL> |
+--------+
1 row in set
!ok

SELECT y FROM l WHERE x > 1 INTERSECT ALL SELECT y FROM r;
Empty set
!ok

SELECT x FROM l EXCEPT ALL SELECT x FROM l;
Empty set
!ok

EXPLAIN SELECT c FROM T1 INTERSECT ALL SELECT f FROM T2;
== Abstract Syntax Tree ==
LogicalIntersect(all=[true])
:- LogicalProject(c=[$2])
:  +- LogicalTableScan(table=[[default_catalog, default_database, T1]])
+- LogicalProject(f=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, T2]])

== Optimized Physical Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1($f0,c))], select=[$f0,c,c0], rowType=[RecordType(BIGINT $f0, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[IF(>(vcol_left_cnt, vcol_right_cnt), vcol_right_cnt, vcol_left_cnt) AS $f0, c], where=[AND(>=(vcol_left_cnt, 1), >=(vcol_right_cnt, 1))])
      +- HashAggregate(isMerge=[true], groupBy=[c], select=[c, Final_COUNT(count$0) AS vcol_left_cnt, Final_COUNT(count$1) AS vcol_right_cnt])
         +- Exchange(distribution=[hash[c]])
            +- LocalHashAggregate(groupBy=[c], select=[c, Partial_COUNT(vcol_left_marker) AS count$0, Partial_COUNT(vcol_right_marker) AS count$1])
               +- Union(all=[true], union=[c, vcol_left_marker, vcol_right_marker])
                  :- Calc(select=[c, true AS vcol_left_marker, null:BOOLEAN AS vcol_right_marker])
                  :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
                  +- Calc(select=[f, null:BOOLEAN AS vcol_left_marker, true AS vcol_right_marker])
                     +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1($f0,c))], select=[$f0,c,c0], rowType=[RecordType(BIGINT $f0, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[IF((vcol_left_cnt > vcol_right_cnt), vcol_right_cnt, vcol_left_cnt) AS $f0, c], where=[((vcol_left_cnt >= 1) AND (vcol_right_cnt >= 1))])
      +- HashAggregate(isMerge=[true], groupBy=[c], select=[c, Final_COUNT(count$0) AS vcol_left_cnt, Final_COUNT(count$1) AS vcol_right_cnt])
         +- Exchange(distribution=[hash[c]])
            +- LocalHashAggregate(groupBy=[c], select=[c, Partial_COUNT(vcol_left_marker) AS count$0, Partial_COUNT(vcol_right_marker) AS count$1])
               +- Union(all=[true], union=[c, vcol_left_marker, vcol_right_marker])
                  :- Calc(select=[c, true AS vcol_left_marker, null:BOOLEAN AS vcol_right_marker])
                  :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
                  +- Calc(select=[f, null:BOOLEAN AS vcol_left_marker, true AS vcol_right_marker])
                     +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])
!ok

EXPLAIN SELECT c FROM T1 EXCEPT ALL SELECT f FROM T2;
== Abstract Syntax Tree ==
LogicalMinus(all=[true])
:- LogicalProject(c=[$2])
:  +- LogicalTableScan(table=[[default_catalog, default_database, T1]])
+- LogicalProject(f=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, T2]])

== Optimized Physical Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1(sum_vcol_marker,c))], select=[sum_vcol_marker,c,c0], rowType=[RecordType(BIGINT sum_vcol_marker, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[sum_vcol_marker, c], where=[>(sum_vcol_marker, 0)])
      +- HashAggregate(isMerge=[true], groupBy=[c], select=[c, Final_SUM(sum$0) AS sum_vcol_marker])
         +- Exchange(distribution=[hash[c]])
            +- LocalHashAggregate(groupBy=[c], select=[c, Partial_SUM(vcol_marker) AS sum$0])
               +- Union(all=[true], union=[c, vcol_marker])
                  :- Calc(select=[c, 1:BIGINT AS vcol_marker])
                  :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
                  +- Calc(select=[f, -1:BIGINT AS vcol_marker])
                     +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[c0 AS c])
+- Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1(sum_vcol_marker,c))], select=[sum_vcol_marker,c,c0], rowType=[RecordType(BIGINT sum_vcol_marker, VARCHAR(2147483647) c, VARCHAR(2147483647) c0)], joinType=[INNER])
   +- Calc(select=[sum_vcol_marker, c], where=[(sum_vcol_marker > 0)])
      +- HashAggregate(isMerge=[true], groupBy=[c], select=[c, Final_SUM(sum$0) AS sum_vcol_marker])
         +- Exchange(distribution=[hash[c]])
            +- LocalHashAggregate(groupBy=[c], select=[c, Partial_SUM(vcol_marker) AS sum$0])
               +- Union(all=[true], union=[c, vcol_marker])
                  :- Calc(select=[c, 1 AS vcol_marker])
                  :  +- TableSourceScan(table=[[default_catalog, default_database, T1]], fields=[a, b, c])
                  +- Calc(select=[f, -1 AS vcol_marker])
                     +- TableSourceScan(table=[[default_catalog, default_database, T2]], fields=[d, e, f])
!ok

