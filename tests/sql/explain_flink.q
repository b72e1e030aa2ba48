# explain_flink.q - plans of updating queries, as Flink's planner tests print
# them (flink-table-planner src/test/resources/org/apache/flink/table/planner/
# plan/**/*.xml); each case names the test case it reproduces. Flink's tests
# read 'values' tables; eddy's read datagen ones, which print the same scan.
# Where a line differs from Flink's file, the case says why. The operators of
# most of these plans do not run yet: 'eddy.explain.show-unsupported' lets
# EXPLAIN print them (without it, EXPLAIN fails with "not supported yet").

SET 'eddy.explain.show-unsupported' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE T (a INT, b BIGINT, c STRING, d BOOLEAN) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

# stream/sql/agg/AggregateTest.xml testAggWithFilterClause
EXPLAIN SELECT a, SUM(b) FILTER (WHERE c = 'A'), COUNT(DISTINCT c) FILTER (WHERE d is true), MAX(b) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[SUM($1) FILTER $2], EXPR$2=[COUNT(DISTINCT $3) FILTER $4], EXPR$3=[MAX($1)])
+- LogicalProject(a=[$0], b=[$1], $f2=[IS TRUE(=($2, _UTF-16LE'A'))], c=[$2], $f4=[IS TRUE($3)])
   +- LogicalTableScan(table=[[default_catalog, default_database, T]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], select=[a, SUM(b) FILTER $f2 AS EXPR$1, COUNT(DISTINCT c) FILTER $f4 AS EXPR$2, MAX(b) AS EXPR$3])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, b, IS TRUE(=(c, _UTF-16LE'A')) AS $f2, c, IS TRUE(d) AS $f4])
      +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], select=[a, SUM(b) FILTER $f2 AS EXPR$1, COUNT(DISTINCT c) FILTER $f4 AS EXPR$2, MAX(b) AS EXPR$3])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, b, (c = 'A') IS TRUE AS $f2, c, d IS TRUE AS $f4])
      +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])
!ok

# stream/sql/agg/AggregateTest.xml testAvgWithRetract: an aggregate over an updating
# aggregate consumes retractions (AVG_RETRACT) and needs -U; the root takes upserts
EXPLAIN CHANGELOG_MODE SELECT AVG(a) FROM (SELECT AVG(a) AS a FROM T GROUP BY b);
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[AVG($0)])
+- LogicalProject(a=[$1])
   +- LogicalAggregate(group=[{0}], a=[AVG($1)])
      +- LogicalProject(b=[$1], a=[$0])
         +- LogicalTableScan(table=[[default_catalog, default_database, T]])

== Optimized Physical Plan ==
GroupAggregate(select=[AVG_RETRACT(a) AS EXPR$0], changelogMode=[I,UA,D])
+- Exchange(distribution=[single], changelogMode=[I,UB,UA])
   +- Calc(select=[a], changelogMode=[I,UB,UA])
      +- GroupAggregate(groupBy=[b], select=[b, AVG(a) AS a], changelogMode=[I,UB,UA])
         +- Exchange(distribution=[hash[b]], changelogMode=[I])
            +- Calc(select=[b, a], changelogMode=[I])
               +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d], changelogMode=[I])

== Optimized Execution Plan ==
GroupAggregate(select=[AVG_RETRACT(a) AS EXPR$0])
+- Exchange(distribution=[single])
   +- Calc(select=[a])
      +- GroupAggregate(groupBy=[b], select=[b, AVG(a) AS a])
         +- Exchange(distribution=[hash[b]])
            +- Calc(select=[b, a])
               +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])
!ok

# stream/sql/agg/AggregateTest.xml testCountStartWithHaving (Flink's source takes the
# projection: its scan reads only one column, eddy's reads all)
EXPLAIN SELECT COUNT(*) FROM T HAVING COUNT(*) > 1;
== Abstract Syntax Tree ==
LogicalFilter(condition=[>($0, 1)])
+- LogicalAggregate(group=[{}], EXPR$0=[COUNT()])
   +- LogicalTableScan(table=[[default_catalog, default_database, T]])

== Optimized Physical Plan ==
Calc(select=[EXPR$0], where=[>(EXPR$0, 1)])
+- GroupAggregate(select=[COUNT(*) AS EXPR$0])
   +- Exchange(distribution=[single])
      +- Calc(select=[0 AS $f0])
         +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])

== Optimized Execution Plan ==
Calc(select=[EXPR$0], where=[(EXPR$0 > 1)])
+- GroupAggregate(select=[COUNT(*) AS EXPR$0])
   +- Exchange(distribution=[single])
      +- Calc(select=[0 AS $f0])
         +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])
!ok

# stream/sql/agg/AggregateTest.xml testAggWithFilterClauseWithLocalGlobal: mini-batch
# and the two-phase aggregation, the DISTINCT views
SET 'table.exec.mini-batch.enabled' = 'true';
[INFO] Execute statement succeeded.
!info

# Flink's checks of the mini-batch options
EXPLAIN SELECT a, COUNT(*) FROM T GROUP BY a;
[ERROR] Could not execute SQL statement. Reason:
MiniBatch Latency must be greater than 0 ms.
!error

SET 'table.exec.mini-batch.allow-latency' = 'soon';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'soon' for key 'table.exec.mini-batch.allow-latency'.
!error

SET 'table.exec.mini-batch.allow-latency' = '1 s';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, COUNT(*) FROM T GROUP BY a;
[ERROR] Could not execute SQL statement. Reason:
Key: 'table.exec.mini-batch.size' , default: -1 (fallback keys: []) must be > 0.
!error

SET 'table.exec.mini-batch.size' = '3';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, SUM(b) FILTER (WHERE c = 'A'), COUNT(DISTINCT c) FILTER (WHERE d is true), COUNT(DISTINCT c) FILTER (WHERE b = 1), MAX(b) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[SUM($1) FILTER $2], EXPR$2=[COUNT(DISTINCT $3) FILTER $4], EXPR$3=[COUNT(DISTINCT $3) FILTER $5], EXPR$4=[MAX($1)])
+- LogicalProject(a=[$0], b=[$1], $f2=[IS TRUE(=($2, _UTF-16LE'A'))], c=[$2], $f4=[IS TRUE($3)], $f5=[IS TRUE(=($1, 1))])
   +- LogicalTableScan(table=[[default_catalog, default_database, T]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[a], select=[a, SUM(sum$0) AS EXPR$1, COUNT(distinct$0 count$1) AS EXPR$2, COUNT(distinct$0 count$2) AS EXPR$3, MAX(max$3) AS EXPR$4])
+- Exchange(distribution=[hash[a]])
   +- LocalGroupAggregate(groupBy=[a], select=[a, SUM(b) FILTER $f2 AS sum$0, COUNT(distinct$0 c) FILTER $f4 AS count$1, COUNT(distinct$0 c) FILTER $f5 AS count$2, MAX(b) AS max$3, DISTINCT(c) AS distinct$0])
      +- Calc(select=[a, b, IS TRUE(=(c, _UTF-16LE'A')) AS $f2, c, IS TRUE(d) AS $f4, IS TRUE(=(b, 1)) AS $f5])
         +- MiniBatchAssigner(interval=[1000ms], mode=[ProcTime])
            +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[a], select=[a, SUM(sum$0) AS EXPR$1, COUNT(distinct$0 count$1) AS EXPR$2, COUNT(distinct$0 count$2) AS EXPR$3, MAX(max$3) AS EXPR$4])
+- Exchange(distribution=[hash[a]])
   +- LocalGroupAggregate(groupBy=[a], select=[a, SUM(b) FILTER $f2 AS sum$0, COUNT(distinct$0 c) FILTER $f4 AS count$1, COUNT(distinct$0 c) FILTER $f5 AS count$2, MAX(b) AS max$3, DISTINCT(c) AS distinct$0])
      +- Calc(select=[a, b, (c = 'A') IS TRUE AS $f2, c, d IS TRUE AS $f4, (b = 1) IS TRUE AS $f5])
         +- MiniBatchAssigner(interval=[1000ms], mode=[ProcTime])
            +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])
!ok

SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, COUNT(*) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[COUNT()])
+- LogicalProject(a=[$0])
   +- LogicalTableScan(table=[[default_catalog, default_database, T]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], select=[a, COUNT(*) AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a])
      +- MiniBatchAssigner(interval=[1000ms], mode=[ProcTime])
         +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], select=[a, COUNT(*) AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a])
      +- MiniBatchAssigner(interval=[1000ms], mode=[ProcTime])
         +- TableSourceScan(table=[[default_catalog, default_database, T]], fields=[a, b, c, d])
!ok

RESET 'table.optimizer.agg-phase-strategy';
[INFO] Execute statement succeeded.
!info

RESET 'table.exec.mini-batch.enabled';
[INFO] Execute statement succeeded.
!info

SET 'table.optimizer.agg-phase-strategy' = 'SOMETIMES';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'SOMETIMES' for key 'table.optimizer.agg-phase-strategy'.
!error

CREATE TABLE A (a1 INT, a2 BIGINT, a3 BIGINT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE B (b1 INT, b2 BIGINT, b3 BIGINT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

# stream/sql/join/JoinTest.xml testInnerJoin
EXPLAIN SELECT a1, b1 FROM A JOIN B ON a1 = b1;
== Abstract Syntax Tree ==
LogicalProject(a1=[$0], b1=[$3])
+- LogicalJoin(condition=[=($0, $3)], joinType=[inner])
   :- LogicalTableScan(table=[[default_catalog, default_database, A]])
   +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
Join(joinType=[InnerJoin], where=[=(a1, b1)], select=[a1, b1], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a1]])
:  +- Calc(select=[a1])
:     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
+- Exchange(distribution=[hash[b1]])
   +- Calc(select=[b1])
      +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])

== Optimized Execution Plan ==
Join(joinType=[InnerJoin], where=[(a1 = b1)], select=[a1, b1], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a1]])
:  +- Calc(select=[a1])
:     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
+- Exchange(distribution=[hash[b1]])
   +- Calc(select=[b1])
      +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

# stream/sql/join/JoinTest.xml testFullJoin
EXPLAIN CHANGELOG_MODE SELECT a1, b1 FROM A FULL JOIN B ON a1 = b1;
== Abstract Syntax Tree ==
LogicalProject(a1=[$0], b1=[$3])
+- LogicalJoin(condition=[=($0, $3)], joinType=[full])
   :- LogicalTableScan(table=[[default_catalog, default_database, A]])
   +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
Join(joinType=[FullOuterJoin], where=[=(a1, b1)], select=[a1, b1], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey], changelogMode=[I,UA,D])
:- Exchange(distribution=[hash[a1]], changelogMode=[I])
:  +- Calc(select=[a1], changelogMode=[I])
:     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3], changelogMode=[I])
+- Exchange(distribution=[hash[b1]], changelogMode=[I])
   +- Calc(select=[b1], changelogMode=[I])
      +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3], changelogMode=[I])

== Optimized Execution Plan ==
Join(joinType=[FullOuterJoin], where=[(a1 = b1)], select=[a1, b1], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a1]])
:  +- Calc(select=[a1])
:     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
+- Exchange(distribution=[hash[b1]])
   +- Calc(select=[b1])
      +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

# stream/sql/join/JoinTest.xml testFullJoinNonEqui
EXPLAIN CHANGELOG_MODE SELECT a1, b1 FROM A FULL JOIN B ON a1 = b1 AND a2 > b2;
== Abstract Syntax Tree ==
LogicalProject(a1=[$0], b1=[$3])
+- LogicalJoin(condition=[AND(=($0, $3), >($1, $4))], joinType=[full])
   :- LogicalTableScan(table=[[default_catalog, default_database, A]])
   +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
Calc(select=[a1, b1], changelogMode=[I,UA,D])
+- Join(joinType=[FullOuterJoin], where=[AND(=(a1, b1), >(a2, b2))], select=[a1, a2, b1, b2], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey], changelogMode=[I,UA,D])
   :- Exchange(distribution=[hash[a1]], changelogMode=[I])
   :  +- Calc(select=[a1, a2], changelogMode=[I])
   :     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3], changelogMode=[I])
   +- Exchange(distribution=[hash[b1]], changelogMode=[I])
      +- Calc(select=[b1, b2], changelogMode=[I])
         +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3], changelogMode=[I])

== Optimized Execution Plan ==
Calc(select=[a1, b1])
+- Join(joinType=[FullOuterJoin], where=[((a1 = b1) AND (a2 > b2))], select=[a1, a2, b1, b2], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a1]])
   :  +- Calc(select=[a1, a2])
   :     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
   +- Exchange(distribution=[hash[b1]])
      +- Calc(select=[b1, b2])
         +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

# stream/sql/join/JoinTest.xml testInnerJoinWithPk: the inputs' upsert keys (HasUniqueKey)
EXPLAIN CHANGELOG_MODE SELECT a1, a2, b1, b2 FROM (SELECT SUM(a2) AS a2, a1 FROM A GROUP BY a1) JOIN (SELECT SUM(b2) AS b2, b1 FROM B GROUP BY b1) ON a2 = b2;
== Abstract Syntax Tree ==
LogicalProject(a1=[$1], a2=[$0], b1=[$3], b2=[$2])
+- LogicalJoin(condition=[=($0, $2)], joinType=[inner])
   :- LogicalProject(a2=[$1], a1=[$0])
   :  +- LogicalAggregate(group=[{0}], a2=[SUM($1)])
   :     +- LogicalProject(a1=[$0], a2=[$1])
   :        +- LogicalTableScan(table=[[default_catalog, default_database, A]])
   +- LogicalProject(b2=[$1], b1=[$0])
      +- LogicalAggregate(group=[{0}], b2=[SUM($1)])
         +- LogicalProject(b1=[$0], b2=[$1])
            +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
Calc(select=[a1, a2, b1, b2], changelogMode=[I,UB,UA])
+- Join(joinType=[InnerJoin], where=[=(a2, b2)], select=[a2, a1, b2, b1], leftInputSpec=[HasUniqueKey], rightInputSpec=[HasUniqueKey], changelogMode=[I,UB,UA])
   :- Exchange(distribution=[hash[a2]], changelogMode=[I,UB,UA])
   :  +- Calc(select=[a2, a1], changelogMode=[I,UB,UA])
   :     +- GroupAggregate(groupBy=[a1], select=[a1, SUM(a2) AS a2], changelogMode=[I,UB,UA])
   :        +- Exchange(distribution=[hash[a1]], changelogMode=[I])
   :           +- Calc(select=[a1, a2], changelogMode=[I])
   :              +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3], changelogMode=[I])
   +- Exchange(distribution=[hash[b2]], changelogMode=[I,UB,UA])
      +- Calc(select=[b2, b1], changelogMode=[I,UB,UA])
         +- GroupAggregate(groupBy=[b1], select=[b1, SUM(b2) AS b2], changelogMode=[I,UB,UA])
            +- Exchange(distribution=[hash[b1]], changelogMode=[I])
               +- Calc(select=[b1, b2], changelogMode=[I])
                  +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3], changelogMode=[I])

== Optimized Execution Plan ==
Calc(select=[a1, a2, b1, b2])
+- Join(joinType=[InnerJoin], where=[(a2 = b2)], select=[a2, a1, b2, b1], leftInputSpec=[HasUniqueKey], rightInputSpec=[HasUniqueKey])
   :- Exchange(distribution=[hash[a2]])
   :  +- Calc(select=[a2, a1])
   :     +- GroupAggregate(groupBy=[a1], select=[a1, SUM(a2) AS a2])
   :        +- Exchange(distribution=[hash[a1]])
   :           +- Calc(select=[a1, a2])
   :              +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
   +- Exchange(distribution=[hash[b2]])
      +- Calc(select=[b2, b1])
         +- GroupAggregate(groupBy=[b1], select=[b1, SUM(b2) AS b2])
            +- Exchange(distribution=[hash[b1]])
               +- Calc(select=[b1, b2])
                  +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

# stream/sql/join/JoinTest.xml testFullJoinWithPk
EXPLAIN CHANGELOG_MODE SELECT a1, a2, b1, b2 FROM (SELECT SUM(a2) AS a2, a1 FROM A GROUP BY a1) FULL JOIN (SELECT SUM(b2) AS b2, b1 FROM B GROUP BY b1) ON a2 = b2;
== Abstract Syntax Tree ==
LogicalProject(a1=[$1], a2=[$0], b1=[$3], b2=[$2])
+- LogicalJoin(condition=[=($0, $2)], joinType=[full])
   :- LogicalProject(a2=[$1], a1=[$0])
   :  +- LogicalAggregate(group=[{0}], a2=[SUM($1)])
   :     +- LogicalProject(a1=[$0], a2=[$1])
   :        +- LogicalTableScan(table=[[default_catalog, default_database, A]])
   +- LogicalProject(b2=[$1], b1=[$0])
      +- LogicalAggregate(group=[{0}], b2=[SUM($1)])
         +- LogicalProject(b1=[$0], b2=[$1])
            +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
Calc(select=[a1, a2, b1, b2], changelogMode=[I,UB,UA,D])
+- Join(joinType=[FullOuterJoin], where=[=(a2, b2)], select=[a2, a1, b2, b1], leftInputSpec=[HasUniqueKey], rightInputSpec=[HasUniqueKey], changelogMode=[I,UB,UA,D])
   :- Exchange(distribution=[hash[a2]], changelogMode=[I,UB,UA])
   :  +- Calc(select=[a2, a1], changelogMode=[I,UB,UA])
   :     +- GroupAggregate(groupBy=[a1], select=[a1, SUM(a2) AS a2], changelogMode=[I,UB,UA])
   :        +- Exchange(distribution=[hash[a1]], changelogMode=[I])
   :           +- Calc(select=[a1, a2], changelogMode=[I])
   :              +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3], changelogMode=[I])
   +- Exchange(distribution=[hash[b2]], changelogMode=[I,UB,UA])
      +- Calc(select=[b2, b1], changelogMode=[I,UB,UA])
         +- GroupAggregate(groupBy=[b1], select=[b1, SUM(b2) AS b2], changelogMode=[I,UB,UA])
            +- Exchange(distribution=[hash[b1]], changelogMode=[I])
               +- Calc(select=[b1, b2], changelogMode=[I])
                  +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3], changelogMode=[I])

== Optimized Execution Plan ==
Calc(select=[a1, a2, b1, b2])
+- Join(joinType=[FullOuterJoin], where=[(a2 = b2)], select=[a2, a1, b2, b1], leftInputSpec=[HasUniqueKey], rightInputSpec=[HasUniqueKey])
   :- Exchange(distribution=[hash[a2]])
   :  +- Calc(select=[a2, a1])
   :     +- GroupAggregate(groupBy=[a1], select=[a1, SUM(a2) AS a2])
   :        +- Exchange(distribution=[hash[a1]])
   :           +- Calc(select=[a1, a2])
   :              +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
   +- Exchange(distribution=[hash[b2]])
      +- Calc(select=[b2, b1])
         +- GroupAggregate(groupBy=[b1], select=[b1, SUM(b2) AS b2])
            +- Exchange(distribution=[hash[b1]])
               +- Calc(select=[b1, b2])
                  +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

# a comma join: the WHERE condition over both sides becomes the join's
EXPLAIN SELECT * FROM A, B WHERE a1 = b1 AND a2 > 10;
== Abstract Syntax Tree ==
LogicalProject(a1=[$0], a2=[$1], a3=[$2], b1=[$3], b2=[$4], b3=[$5])
+- LogicalFilter(condition=[AND(=($0, $3), >($1, 10))])
   +- LogicalJoin(condition=[true], joinType=[inner])
      :- LogicalTableScan(table=[[default_catalog, default_database, A]])
      +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
Join(joinType=[InnerJoin], where=[=(a1, b1)], select=[a1, a2, a3, b1, b2, b3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a1]])
:  +- Calc(select=[a1, a2, a3], where=[>(a2, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
+- Exchange(distribution=[hash[b1]])
   +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])

== Optimized Execution Plan ==
Join(joinType=[InnerJoin], where=[(a1 = b1)], select=[a1, a2, a3, b1, b2, b3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a1]])
:  +- Calc(select=[a1, a2, a3], where=[(a2 > 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
+- Exchange(distribution=[hash[b1]])
   +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

CREATE TABLE test_source (name STRING, eat STRING, age BIGINT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE sink (name STRING, eat STRING, cnt BIGINT) WITH ('connector' = 'print');
[INFO] Execute statement succeeded.
!info

# stream/sql/RankTest.xml testCreateViewWithRowNumber: Top-N over an updating input
CREATE VIEW view1 AS SELECT name, eat, SUM(age) AS cnt FROM test_source GROUP BY name, eat;
[INFO] Execute statement succeeded.
!info

CREATE VIEW view2 AS SELECT name, eat, cnt, ROW_NUMBER() OVER (PARTITION BY name ORDER BY cnt DESC) AS row_num FROM view1;
[INFO] Execute statement succeeded.
!info

EXPLAIN INSERT INTO sink SELECT name, eat, cnt FROM view2 WHERE row_num <= 3;
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.sink], fields=[name, eat, cnt])
+- LogicalProject(name=[$0], eat=[$1], cnt=[$2])
   +- LogicalFilter(condition=[<=($3, 3)])
      +- LogicalProject(name=[$0], eat=[$1], cnt=[$2], row_num=[ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $2 DESC NULLS LAST)])
         +- LogicalAggregate(group=[{0, 1}], cnt=[SUM($2)])
            +- LogicalTableScan(table=[[default_catalog, default_database, test_source]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.sink], fields=[name, eat, cnt])
+- Rank(strategy=[RetractStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[name], orderBy=[cnt DESC], select=[name, eat, cnt])
   +- Exchange(distribution=[hash[name]])
      +- GroupAggregate(groupBy=[name, eat], select=[name, eat, SUM(age) AS cnt])
         +- Exchange(distribution=[hash[name, eat]])
            +- TableSourceScan(table=[[default_catalog, default_database, test_source]], fields=[name, eat, age])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.sink], fields=[name, eat, cnt])
+- Rank(strategy=[RetractStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[name], orderBy=[cnt DESC], select=[name, eat, cnt])
   +- Exchange(distribution=[hash[name]])
      +- GroupAggregate(groupBy=[name, eat], select=[name, eat, SUM(age) AS cnt])
         +- Exchange(distribution=[hash[name, eat]])
            +- TableSourceScan(table=[[default_catalog, default_database, test_source]], fields=[name, eat, age])
!ok

CREATE TABLE MyTable (a INT, b STRING, c BIGINT, proctime AS PROCTIME(), rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE sink_pk (a INT, b STRING, c BIGINT, PRIMARY KEY (a) NOT ENFORCED) WITH ('connector' = 'print');
[INFO] Execute statement succeeded.
!info

# stream/sql/RankTest.xml testRankOutputUpsertKeyNotMatchSinkPk: the upsert key is not
# the sink's key: the sink materializes (Flink's MyTable is a DataStream with
# proctime and rowtime fields; eddy's computes them below the Rank's exchange)
EXPLAIN CHANGELOG_MODE INSERT INTO sink_pk SELECT a, b, c FROM (SELECT a, b, c, ROW_NUMBER() OVER (PARTITION BY b ORDER BY c DESC) AS rn FROM MyTable) WHERE rn <= 100;
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c])
+- LogicalProject(a=[$0], b=[$1], c=[$2])
   +- LogicalFilter(condition=[<=($3, 100)])
      +- LogicalProject(a=[$0], b=[$1], c=[$2], rn=[ROW_NUMBER() OVER (PARTITION BY $1 ORDER BY $2 DESC NULLS LAST)])
         +- LogicalWatermarkAssigner(rowtime=[rowtime], watermark=[$4])
            +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[PROCTIME()], rowtime=[$3])
               +- LogicalTableScan(table=[[default_catalog, default_database, MyTable]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c], upsertMaterialize=[true], changelogMode=[NONE])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=100], partitionBy=[b], orderBy=[c DESC], select=[a, b, c], changelogMode=[I,UB,UA,D])
   +- Exchange(distribution=[hash[b]], changelogMode=[I])
      +- Calc(select=[a, b, c], changelogMode=[I])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime], changelogMode=[I])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime], changelogMode=[I])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime], changelogMode=[I])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c], upsertMaterialize=[true])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=100], partitionBy=[b], orderBy=[c DESC], select=[a, b, c])
   +- Exchange(distribution=[hash[b]])
      +- Calc(select=[a, b, c])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])
!ok

# the same with table.exec.sink.upsert-materialize NONE
SET 'table.exec.sink.upsert-materialize' = 'NONE';
[INFO] Execute statement succeeded.
!info

EXPLAIN INSERT INTO sink_pk SELECT a, b, c FROM (SELECT a, b, c, ROW_NUMBER() OVER (PARTITION BY b ORDER BY c DESC) AS rn FROM MyTable) WHERE rn <= 100;
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c])
+- LogicalProject(a=[$0], b=[$1], c=[$2])
   +- LogicalFilter(condition=[<=($3, 100)])
      +- LogicalProject(a=[$0], b=[$1], c=[$2], rn=[ROW_NUMBER() OVER (PARTITION BY $1 ORDER BY $2 DESC NULLS LAST)])
         +- LogicalWatermarkAssigner(rowtime=[rowtime], watermark=[$4])
            +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[PROCTIME()], rowtime=[$3])
               +- LogicalTableScan(table=[[default_catalog, default_database, MyTable]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=100], partitionBy=[b], orderBy=[c DESC], select=[a, b, c])
   +- Exchange(distribution=[hash[b]])
      +- Calc(select=[a, b, c])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=100], partitionBy=[b], orderBy=[c DESC], select=[a, b, c])
   +- Exchange(distribution=[hash[b]])
      +- Calc(select=[a, b, c])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])
!ok

RESET 'table.exec.sink.upsert-materialize';
[INFO] Execute statement succeeded.
!info

# an aggregate keyed as the sink: no materializer, and the sink takes upserts
EXPLAIN CHANGELOG_MODE INSERT INTO sink_pk SELECT a, MAX(b), COUNT(*) FROM MyTable GROUP BY a;
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c])
+- LogicalAggregate(group=[{0}], EXPR$1=[MAX($1)], EXPR$2=[COUNT()])
   +- LogicalProject(a=[$0], b=[$1])
      +- LogicalWatermarkAssigner(rowtime=[rowtime], watermark=[$4])
         +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[PROCTIME()], rowtime=[$3])
            +- LogicalTableScan(table=[[default_catalog, default_database, MyTable]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c], changelogMode=[NONE])
+- GroupAggregate(groupBy=[a], select=[a, MAX(b) AS EXPR$1, COUNT(*) AS EXPR$2], changelogMode=[I,UB,UA])
   +- Exchange(distribution=[hash[a]], changelogMode=[I])
      +- Calc(select=[a, b], changelogMode=[I])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime], changelogMode=[I])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime], changelogMode=[I])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime], changelogMode=[I])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.sink_pk], fields=[a, b, c])
+- GroupAggregate(groupBy=[a], select=[a, MAX(b) AS EXPR$1, COUNT(*) AS EXPR$2])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])
!ok

# stream/sql/DeduplicateTest.xml testSimpleFirstRowOnProctime (scan as above)
EXPLAIN SELECT a, b, c FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY a ORDER BY proctime ASC) as rank_num FROM MyTable) WHERE rank_num = 1;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[=($5, 1)])
   +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[$3], rowtime=[$4], rank_num=[ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $3 NULLS FIRST)])
      +- LogicalWatermarkAssigner(rowtime=[rowtime], watermark=[$4])
         +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[PROCTIME()], rowtime=[$3])
            +- LogicalTableScan(table=[[default_catalog, default_database, MyTable]])

== Optimized Physical Plan ==
Calc(select=[a, b, c])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[a], orderBy=[proctime ASC], select=[a, b, c, proctime])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b, c, proctime])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])

== Optimized Execution Plan ==
Calc(select=[a, b, c])
+- Deduplicate(keep=[FirstRow], key=[a], order=[PROCTIME])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b, c, proctime])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])
!ok

# stream/sql/DeduplicateTest.xml testSimpleLastRowOnRowtime (scan as above)
EXPLAIN CHANGELOG_MODE SELECT a, b, c FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY a ORDER BY rowtime DESC) as rank_num FROM MyTable) WHERE rank_num = 1;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[=($5, 1)])
   +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[$3], rowtime=[$4], rank_num=[ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $4 DESC NULLS LAST)])
      +- LogicalWatermarkAssigner(rowtime=[rowtime], watermark=[$4])
         +- LogicalProject(a=[$0], b=[$1], c=[$2], proctime=[PROCTIME()], rowtime=[$3])
            +- LogicalTableScan(table=[[default_catalog, default_database, MyTable]])

== Optimized Physical Plan ==
Calc(select=[a, b, c], changelogMode=[I,UA,D])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[a], orderBy=[ROWTIME rowtime DESC], select=[a, b, c, rowtime], changelogMode=[I,UA,D])
   +- Exchange(distribution=[hash[a]], changelogMode=[I])
      +- Calc(select=[a, b, c, rowtime], changelogMode=[I])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime], changelogMode=[I])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime], changelogMode=[I])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime], changelogMode=[I])

== Optimized Execution Plan ==
Calc(select=[a, b, c])
+- Deduplicate(keep=[LastRow], key=[a], order=[ROWTIME])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b, c, rowtime])
         +- WatermarkAssigner(rowtime=[rowtime], watermark=[rowtime])
            +- Calc(select=[a, b, c, PROCTIME() AS proctime, rowtime])
               +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, rowtime])
!ok

# UNION (distinct): an aggregate of every column over UNION ALL
EXPLAIN SELECT a1, a2 FROM A UNION SELECT b1, b2 FROM B;
== Abstract Syntax Tree ==
LogicalUnion(all=[false])
:- LogicalProject(a1=[$0], a2=[$1])
:  +- LogicalTableScan(table=[[default_catalog, default_database, A]])
+- LogicalProject(b1=[$0], b2=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, B]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a1, a2], select=[a1, a2])
+- Exchange(distribution=[hash[a1, a2]])
   +- Union(all=[true], union=[a1, a2])
      :- Calc(select=[a1, a2])
      :  +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
      +- Calc(select=[b1, b2])
         +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a1, a2], select=[a1, a2])
+- Exchange(distribution=[hash[a1, a2]])
   +- Union(all=[true], union=[a1, a2])
      :- Calc(select=[a1, a2])
      :  +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
      +- Calc(select=[b1, b2])
         +- TableSourceScan(table=[[default_catalog, default_database, B]], fields=[b1, b2, b3])
!ok

# ORDER BY ... LIMIT in streaming mode: SortLimit on one subtask
EXPLAIN CHANGELOG_MODE SELECT a1 FROM A ORDER BY a2 DESC LIMIT 3;
== Abstract Syntax Tree ==
LogicalProject(a1=[$0])
+- LogicalSort(sort0=[$1], dir0=[DESC-nulls-last], fetch=[3])
   +- LogicalProject(a1=[$0], a2=[$1])
      +- LogicalTableScan(table=[[default_catalog, default_database, A]])

== Optimized Physical Plan ==
Calc(select=[a1], changelogMode=[I,UA,D])
+- SortLimit(orderBy=[a2 DESC], offset=[0], fetch=[3], strategy=[AppendFastStrategy], changelogMode=[I,UA,D])
   +- Exchange(distribution=[single], changelogMode=[I])
      +- Calc(select=[a1, a2], changelogMode=[I])
         +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3], changelogMode=[I])

== Optimized Execution Plan ==
Calc(select=[a1])
+- SortLimit(orderBy=[a2 DESC], offset=[0], fetch=[3], strategy=[AppendFastStrategy])
   +- Exchange(distribution=[single])
      +- Calc(select=[a1, a2])
         +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
!ok

# GROUPING SETS: Expand, then the aggregate keyed by $e too
EXPLAIN SELECT a1, a2, COUNT(*) AS c FROM A GROUP BY GROUPING SETS ((a1, a2), (a1), ());
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}], groups=[[{0, 1}, {0}, {}]], c=[COUNT()])
+- LogicalProject(a1=[$0], a2=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, A]])

== Optimized Physical Plan ==
Calc(select=[a1, a2, c])
+- GroupAggregate(groupBy=[a1, a2, $e], select=[a1, a2, $e, COUNT(*) AS c])
   +- Exchange(distribution=[hash[a1, a2, $e]])
      +- Expand(projects=[{a1, a2, 0 AS $e}, {a1, null AS a2, 1 AS $e}, {null AS a1, null AS a2, 3 AS $e}])
         +- Calc(select=[a1, a2])
            +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])

== Optimized Execution Plan ==
Calc(select=[a1, a2, c])
+- GroupAggregate(groupBy=[a1, a2, $e], select=[a1, a2, $e, COUNT(*) AS c])
   +- Exchange(distribution=[hash[a1, a2, $e]])
      +- Expand(projects=[{a1, a2, 0 AS $e}, {a1, null AS a2, 1 AS $e}, {null AS a1, null AS a2, 3 AS $e}])
         +- Calc(select=[a1, a2])
            +- TableSourceScan(table=[[default_catalog, default_database, A]], fields=[a1, a2, a3])
!ok

# stream/sql/agg/GroupingSetsTest.xml testCube: GROUPING() and GROUP_ID() from $e, the
# top Calc as Flink's (its AST has GROUP_ID() as the literal 0 over the aggregate, and
# its Expand reads the scan's columns in their order)
CREATE TABLE G (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT b, c, AVG(a) AS a, GROUP_ID() AS g, GROUPING(b) AS gb, GROUPING(c) AS gc, GROUPING_ID(b) AS gib, GROUPING_ID(c) AS gic, GROUPING_ID(b, c) AS gid FROM G GROUP BY CUBE (b, c);
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}], groups=[[{0, 1}, {0}, {1}, {}]], a=[AVG($2)], g=[GROUP_ID()], gb=[GROUPING($0)], gc=[GROUPING($1)], gib=[GROUPING_ID($0)], gic=[GROUPING_ID($1)], gid=[GROUPING_ID($0, $1)])
+- LogicalProject(b=[$1], c=[$2], a=[$0])
   +- LogicalTableScan(table=[[default_catalog, default_database, G]])

== Optimized Physical Plan ==
Calc(select=[b, c, a, 0:BIGINT AS g, CASE(SEARCH($e, Sarg[0, 1]), 0:BIGINT, 1:BIGINT) AS gb, CASE(=($e, 0:BIGINT), 0:BIGINT, =($e, 1:BIGINT), 1:BIGINT, =($e, 2:BIGINT), 0:BIGINT, 1:BIGINT) AS gc, CASE(SEARCH($e, Sarg[0, 1]), 0:BIGINT, 1:BIGINT) AS gib, CASE(=($e, 0:BIGINT), 0:BIGINT, =($e, 1:BIGINT), 1:BIGINT, =($e, 2:BIGINT), 0:BIGINT, 1:BIGINT) AS gic, CASE(=($e, 0:BIGINT), 0:BIGINT, =($e, 1:BIGINT), 1:BIGINT, =($e, 2:BIGINT), 2:BIGINT, 3:BIGINT) AS gid])
+- GroupAggregate(groupBy=[b, c, $e], select=[b, c, $e, AVG(a) AS a])
   +- Exchange(distribution=[hash[b, c, $e]])
      +- Expand(projects=[{b, c, a, 0 AS $e}, {b, null AS c, a, 1 AS $e}, {null AS b, c, a, 2 AS $e}, {null AS b, null AS c, a, 3 AS $e}])
         +- Calc(select=[b, c, a])
            +- TableSourceScan(table=[[default_catalog, default_database, G]], fields=[a, b, c])

== Optimized Execution Plan ==
Calc(select=[b, c, a, 0 AS g, CASE(SEARCH($e, Sarg[0, 1]), 0, 1) AS gb, CASE(($e = 0), 0, ($e = 1), 1, ($e = 2), 0, 1) AS gc, CASE(SEARCH($e, Sarg[0, 1]), 0, 1) AS gib, CASE(($e = 0), 0, ($e = 1), 1, ($e = 2), 0, 1) AS gic, CASE(($e = 0), 0, ($e = 1), 1, ($e = 2), 2, 3) AS gid])
+- GroupAggregate(groupBy=[b, c, $e], select=[b, c, $e, AVG(a) AS a])
   +- Exchange(distribution=[hash[b, c, $e]])
      +- Expand(projects=[{b, c, a, 0 AS $e}, {b, null AS c, a, 1 AS $e}, {null AS b, c, a, 2 AS $e}, {null AS b, null AS c, a, 3 AS $e}])
         +- Calc(select=[b, c, a])
            +- TableSourceScan(table=[[default_catalog, default_database, G]], fields=[a, b, c])
!ok

# a sink that takes inserts only (Flink's message; the node as its execution plan prints it)
CREATE TABLE fs_sink (a INT, cnt BIGINT) WITH ('connector' = 'filesystem', 'path' = '/tmp/eddy_explain_flink_fs', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

EXPLAIN INSERT INTO fs_sink SELECT a, COUNT(*) FROM T GROUP BY a;
[ERROR] Could not execute SQL statement. Reason:
Table sink 'default_catalog.default_database.fs_sink' doesn't support consuming update changes which is produced by node GroupAggregate(groupBy=[a], select=[a, COUNT(*) AS EXPR$1])
!error

INSERT INTO fs_sink SELECT a1, a2 FROM A FULL JOIN B ON a1 = b1;
[ERROR] Could not execute SQL statement. Reason:
Table sink 'default_catalog.default_database.fs_sink' doesn't support consuming update and delete changes which is produced by node Join(joinType=[FullOuterJoin], where=[(a1 = b1)], select=[a1, a2, b1], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
!error

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

CREATE TABLE x (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10');
[INFO] Execute statement succeeded.
!info

CREATE TABLE y (d INT, e BIGINT, f STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10');
[INFO] Execute statement succeeded.
!info

# batch: the two-phase HashAggregate of the SubplanReuse example (batch/.../ReusableSubplan docs)
EXPLAIN SELECT a, COUNT(*) AS cnt1 FROM x GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], cnt1=[COUNT()])
+- LogicalProject(a=[$0])
   +- LogicalTableScan(table=[[default_catalog, default_database, x]])

== Optimized Physical Plan ==
HashAggregate(isMerge=[true], groupBy=[a], select=[a, Final_COUNT(count1$0) AS cnt1])
+- Exchange(distribution=[hash[a]])
   +- LocalHashAggregate(groupBy=[a], select=[a, Partial_COUNT(*) AS count1$0])
      +- Calc(select=[a])
         +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])

== Optimized Execution Plan ==
HashAggregate(isMerge=[true], groupBy=[a], select=[a, Final_COUNT(count1$0) AS cnt1])
+- Exchange(distribution=[hash[a]])
   +- LocalHashAggregate(groupBy=[a], select=[a, Partial_COUNT(*) AS count1$0])
      +- Calc(select=[a])
         +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
!ok

# batch: a SortAggregate for accumulators of variable length
EXPLAIN SELECT a, MAX(c) FROM x GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[MAX($1)])
+- LogicalProject(a=[$0], c=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, x]])

== Optimized Physical Plan ==
SortAggregate(isMerge=[true], groupBy=[a], select=[a, Final_MAX(max$0) AS EXPR$1])
+- Sort(orderBy=[a ASC])
   +- Exchange(distribution=[hash[a]])
      +- LocalSortAggregate(groupBy=[a], select=[a, Partial_MAX(c) AS max$0])
         +- Sort(orderBy=[a ASC])
            +- Calc(select=[a, c])
               +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])

== Optimized Execution Plan ==
SortAggregate(isMerge=[true], groupBy=[a], select=[a, Final_MAX(max$0) AS EXPR$1])
+- Sort(orderBy=[a ASC])
   +- Exchange(distribution=[hash[a]])
      +- LocalSortAggregate(groupBy=[a], select=[a, Partial_MAX(c) AS max$0])
         +- Sort(orderBy=[a ASC])
            +- Calc(select=[a, c])
               +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
!ok

# batch: HashJoin on the equi-join keys, NestedLoopJoin without any
EXPLAIN SELECT * FROM x LEFT JOIN y ON a = d;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2], d=[$3], e=[$4], f=[$5])
+- LogicalJoin(condition=[=($0, $3)], joinType=[left])
   :- LogicalTableScan(table=[[default_catalog, default_database, x]])
   +- LogicalTableScan(table=[[default_catalog, default_database, y]])

== Optimized Physical Plan ==
HashJoin(joinType=[LeftOuterJoin], where=[=(a, d)], select=[a, b, c, d, e, f], build=[right])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- TableSourceScan(table=[[default_catalog, default_database, y]], fields=[d, e, f])

== Optimized Execution Plan ==
HashJoin(joinType=[LeftOuterJoin], where=[(a = d)], select=[a, b, c, d, e, f], build=[right])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- TableSourceScan(table=[[default_catalog, default_database, y]], fields=[d, e, f])
!ok

EXPLAIN SELECT a, e FROM x, y WHERE b > e;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], e=[$4])
+- LogicalFilter(condition=[>($1, $4)])
   +- LogicalJoin(condition=[true], joinType=[inner])
      :- LogicalTableScan(table=[[default_catalog, default_database, x]])
      +- LogicalTableScan(table=[[default_catalog, default_database, y]])

== Optimized Physical Plan ==
Calc(select=[a, e])
+- NestedLoopJoin(joinType=[InnerJoin], where=[>(b, e)], select=[a, b, e], build=[right])
   :- Calc(select=[a, b])
   :  +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
   +- Exchange(distribution=[broadcast])
      +- Calc(select=[e])
         +- TableSourceScan(table=[[default_catalog, default_database, y]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, e])
+- NestedLoopJoin(joinType=[InnerJoin], where=[(b > e)], select=[a, b, e], build=[right])
   :- Calc(select=[a, b])
   :  +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
   +- Exchange(distribution=[broadcast])
      +- Calc(select=[e])
         +- TableSourceScan(table=[[default_catalog, default_database, y]], fields=[d, e, f])
!ok

# batch: Top-N sorts each partition
EXPLAIN SELECT * FROM (SELECT a, b, ROW_NUMBER() OVER (PARTITION BY a ORDER BY b DESC) AS rn FROM x) WHERE rn <= 2;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], rn=[$2])
+- LogicalFilter(condition=[<=($2, 2)])
   +- LogicalProject(a=[$0], b=[$1], rn=[ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $1 DESC NULLS LAST)])
      +- LogicalTableScan(table=[[default_catalog, default_database, x]])

== Optimized Physical Plan ==
Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2], partitionBy=[a], orderBy=[b DESC], global=[true], select=[a, b, w0$o0])
+- Sort(orderBy=[a ASC, b DESC])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b])
         +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])

== Optimized Execution Plan ==
Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2], partitionBy=[a], orderBy=[b DESC], global=[true], select=[a, b, w0$o0])
+- Sort(orderBy=[a ASC, b DESC])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b])
         +- TableSourceScan(table=[[default_catalog, default_database, x]], fields=[a, b, c])
!ok
