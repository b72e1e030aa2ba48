# aggregate_remove.q - a GROUP BY whose input is unique on its keys (a
# primary key, the keys of an aggregate below, VALUES with a column of
# distinct values) and whose calls are all SUM / MIN / MAX of one column
# without FILTER is a projection of the keys and the arguments (cast to the
# calls' types), as Flink's FlinkAggregateRemoveRule plans it
# (rules/logical/FlinkAggregateRemoveRuleTest.xml): DISTINCT changes nothing
# over unique rows, COUNT / AVG / FILTER keep the aggregate, and so does a
# table without a key. Both modes.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

CREATE TABLE MyTable1 (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE MyTable2 (a INT, b BIGINT, c STRING, d DECIMAL(10, 2), PRIMARY KEY (a) NOT ENFORCED) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, SUM(DISTINCT b), MAX(DISTINCT b), MIN(DISTINCT c) FROM MyTable2 GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[SUM(DISTINCT $1)], EXPR$2=[MAX(DISTINCT $1)], EXPR$3=[MIN(DISTINCT $2)])
+- LogicalProject(a=[$0], b=[$1], c=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
Calc(select=[a, b AS EXPR$1, b AS EXPR$2, c AS EXPR$3])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
Calc(select=[a, b AS EXPR$1, b AS EXPR$2, c AS EXPR$3])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

EXPLAIN SELECT a, SUM(d) AS s FROM MyTable2 GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], s=[SUM($1)])
+- LogicalProject(a=[$0], d=[$3])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
Calc(select=[a, CAST(d AS DECIMAL(38, 2)) AS s])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
Calc(select=[a, CAST(d AS DECIMAL(38, 2)) AS s])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

EXPLAIN SELECT a, b FROM MyTable2 GROUP BY a, b;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}])
+- LogicalProject(a=[$0], b=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
Calc(select=[a, b])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
Calc(select=[a, b])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

EXPLAIN SELECT DISTINCT c, a FROM MyTable2;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}])
+- LogicalProject(c=[$2], a=[$0])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
Calc(select=[c, a])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
Calc(select=[c, a])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

EXPLAIN SELECT a, COUNT(c) FROM MyTable2 GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[COUNT($1)])
+- LogicalProject(a=[$0], c=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], select=[a, COUNT(c) AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, c])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], select=[a, COUNT(c) AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, c])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

EXPLAIN SELECT a, MAX(b) FILTER (WHERE b > 0) FROM MyTable2 GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[MAX($1) FILTER $2])
+- LogicalProject(a=[$0], b=[$1], $f2=[IS TRUE(>($1, 0))])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], select=[a, MAX(b) FILTER $f2 AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, b, IS TRUE(>(b, 0)) AS $f2])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], select=[a, MAX(b) FILTER $f2 AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, b, (b > 0) IS TRUE AS $f2])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

EXPLAIN SELECT a, MAX(c) FROM MyTable1 GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[MAX($1)])
+- LogicalProject(a=[$0], c=[$2])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], select=[a, MAX(c) AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, c])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[a, b, c])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], select=[a, MAX(c) AS EXPR$1])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[a, c])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[a, b, c])
!ok

EXPLAIN SELECT b, SUM(n) FROM (SELECT b, COUNT(*) AS n FROM MyTable1 GROUP BY b) GROUP BY b;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[SUM($1)])
+- LogicalAggregate(group=[{0}], n=[COUNT()])
   +- LogicalProject(b=[$1])
      +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[b], select=[b, COUNT(*) AS n])
+- Exchange(distribution=[hash[b]])
   +- Calc(select=[b])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[a, b, c])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[b], select=[b, COUNT(*) AS n])
+- Exchange(distribution=[hash[b]])
   +- Calc(select=[b])
      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[a, b, c])
!ok

CREATE TEMPORARY VIEW v AS SELECT * FROM (VALUES ('Alice', 12), ('Bob', 10), ('Carol', CAST(NULL AS INT))) AS T(name, score);
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT name, MIN(score) FROM v GROUP BY name;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[MIN($1)])
+- LogicalProject(name=[$0], score=[$1])
   +- LogicalProject(name=[$0], score=[$1])
      +- LogicalValues(tuples=[[{ _UTF-16LE'Alice', 12 }, { _UTF-16LE'Bob', 10 }, { _UTF-16LE'Carol', null:INTEGER }]])

== Optimized Physical Plan ==
Values(tuples=[[{ _UTF-16LE'Alice', 12 }, { _UTF-16LE'Bob', 10 }, { _UTF-16LE'Carol', null:INTEGER }]], values=[EXPR$0, EXPR$1])

== Optimized Execution Plan ==
Values(tuples=[[{ _UTF-16LE'Alice', 12 }, { _UTF-16LE'Bob', 10 }, { _UTF-16LE'Carol', null:INTEGER }]])
!ok

SELECT name, MIN(score) AS m, MAX(score) + 1 AS x FROM v GROUP BY name;
+----+--------------------------------+-------------+-------------+
| op |                           name |           m |           x |
+----+--------------------------------+-------------+-------------+
| +I |                          Alice |          12 |          13 |
| +I |                            Bob |          10 |          11 |
| +I |                          Carol |      <NULL> |      <NULL> |
+----+--------------------------------+-------------+-------------+
Received a total of 3 rows
!ok

SELECT score, MAX(name) FROM v WHERE name <> 'Bob' GROUP BY score;
+----+-------------+--------------------------------+
| op |       score |                         EXPR$1 |
+----+-------------+--------------------------------+
| +I |          12 |                          Alice |
| +I |      <NULL> |                          Carol |
+----+-------------+--------------------------------+
Received a total of 2 rows
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, SUM(d) AS s FROM MyTable2 GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], s=[SUM($1)])
+- LogicalProject(a=[$0], d=[$3])
   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])

== Optimized Physical Plan ==
Calc(select=[a, CAST(d AS DECIMAL(38, 2)) AS s])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])

== Optimized Execution Plan ==
Calc(select=[a, CAST(d AS DECIMAL(38, 2)) AS s])
+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[a, b, c, d])
!ok

SELECT name, MIN(score) AS m, MAX(score) + 1 AS x FROM v GROUP BY name;
+-------+--------+--------+
|  name |      m |      x |
+-------+--------+--------+
| Alice |     12 |     13 |
|   Bob |     10 |     11 |
| Carol | <NULL> | <NULL> |
+-------+--------+--------+
3 rows in set
!ok

SELECT score, MAX(name) FROM v WHERE name <> 'Bob' GROUP BY score;
+--------+--------+
|  score | EXPR$1 |
+--------+--------+
|     12 |  Alice |
| <NULL> |  Carol |
+--------+--------+
2 rows in set
!ok

