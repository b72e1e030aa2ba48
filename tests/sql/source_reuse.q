# source_reuse.q - the scans of one table in a query share one source operator
# (table.optimizer.reuse-source-enabled, default true): a self-join reads its
# table once, each side filtering the same rows; the physical execution plan
# shows one source feeding both sides' Calcs, and two sources once the option
# is off. The rows are the same either way. The optimized execution plan
# prints Flink's sub-plan reuse: the first of identical subtrees ends its line
# with (reuse_id=[n]), the others are Reused(reference_id=[n]) (a source only
# with source reuse on; nothing with table.optimizer.reuse-sub-plan-enabled
# off). At run time only the sources are shared.

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '4', 'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '4', 'fields.b.kind' = 'sequence', 'fields.b.start' = '10', 'fields.b.end' = '13');
[INFO] Execute statement succeeded.
!info

# one DataGenSource, its rows going to both sides' Calcs
EXPLAIN JSON_EXECUTION_PLAN SELECT x.a, y.b FROM (SELECT a, b FROM t WHERE a > 1) x JOIN (SELECT a, b FROM t WHERE a < 4) y ON x.a = y.a;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$3])
+- LogicalJoin(condition=[=($0, $2)], joinType=[inner])
   :- LogicalProject(a=[$0], b=[$1])
   :  +- LogicalFilter(condition=[>($0, 1)])
   :     +- LogicalTableScan(table=[[default_catalog, default_database, t]])
   +- LogicalProject(a=[$0], b=[$1])
      +- LogicalFilter(condition=[<($0, 4)])
         +- LogicalTableScan(table=[[default_catalog, default_database, t]])

== Optimized Physical Plan ==
Calc(select=[a, b0 AS b])
+- Join(joinType=[InnerJoin], where=[=(a, a0)], select=[a, a0, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a]])
   :  +- Calc(select=[a], where=[>(a, 1)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b], where=[<(a, 4)])
         +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])

== Optimized Execution Plan ==
Calc(select=[a, b0 AS b])
+- Join(joinType=[InnerJoin], where=[(a = a0)], select=[a, a0, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a]])
   :  +- Calc(select=[a], where=[(a > 1)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])(reuse_id=[1])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b], where=[(a < 4)])
         +- Reused(reference_id=[1])

== Physical Execution Plan ==
{
  "nodes" : [ {
    "id" : 1,
    "type" : "Source: DataGenSource",
    "pact" : "Data Source",
    "contents" : "Source: DataGenSource",
    "parallelism" : 1
  }, {
    "id" : 2,
    "type" : "Calc",
    "pact" : "Operator",
    "contents" : "Calc",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 1,
      "ship_strategy" : "FORWARD",
      "side" : "second"
    } ]
  }, {
    "id" : 3,
    "type" : "Calc",
    "pact" : "Operator",
    "contents" : "Calc",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 1,
      "ship_strategy" : "FORWARD",
      "side" : "second"
    } ]
  }, {
    "id" : 4,
    "type" : "Join",
    "pact" : "Operator",
    "contents" : "Join",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 2,
      "ship_strategy" : "HASH",
      "side" : "second"
    }, {
      "id" : 3,
      "ship_strategy" : "HASH",
      "side" : "second"
    } ]
  }, {
    "id" : 5,
    "type" : "Calc",
    "pact" : "Operator",
    "contents" : "Calc",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 4,
      "ship_strategy" : "FORWARD",
      "side" : "second"
    } ]
  } ]
}
!ok

# the join of the shared source's rows
SELECT x.a, y.b FROM (SELECT a, b FROM t WHERE a > 1) x JOIN (SELECT a, b FROM t WHERE a < 4) y ON x.a = y.a;
+----+-------------+--------------------------------+
| op |           a |                              b |
+----+-------------+--------------------------------+
| +I |           2 |                             11 |
| +I |           3 |                             12 |
+----+-------------+--------------------------------+
Received a total of 2 rows
!ok

SET 'table.optimizer.reuse-source-enabled' = 'false';
[INFO] Execute statement succeeded.
!info

# reuse off: a source per scan
EXPLAIN JSON_EXECUTION_PLAN SELECT x.a, y.b FROM (SELECT a, b FROM t WHERE a > 1) x JOIN (SELECT a, b FROM t WHERE a < 4) y ON x.a = y.a;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$3])
+- LogicalJoin(condition=[=($0, $2)], joinType=[inner])
   :- LogicalProject(a=[$0], b=[$1])
   :  +- LogicalFilter(condition=[>($0, 1)])
   :     +- LogicalTableScan(table=[[default_catalog, default_database, t]])
   +- LogicalProject(a=[$0], b=[$1])
      +- LogicalFilter(condition=[<($0, 4)])
         +- LogicalTableScan(table=[[default_catalog, default_database, t]])

== Optimized Physical Plan ==
Calc(select=[a, b0 AS b])
+- Join(joinType=[InnerJoin], where=[=(a, a0)], select=[a, a0, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a]])
   :  +- Calc(select=[a], where=[>(a, 1)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b], where=[<(a, 4)])
         +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])

== Optimized Execution Plan ==
Calc(select=[a, b0 AS b])
+- Join(joinType=[InnerJoin], where=[(a = a0)], select=[a, a0, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a]])
   :  +- Calc(select=[a], where=[(a > 1)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, b], where=[(a < 4)])
         +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])

== Physical Execution Plan ==
{
  "nodes" : [ {
    "id" : 1,
    "type" : "Source: DataGenSource",
    "pact" : "Data Source",
    "contents" : "Source: DataGenSource",
    "parallelism" : 1
  }, {
    "id" : 2,
    "type" : "Calc",
    "pact" : "Operator",
    "contents" : "Calc",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 1,
      "ship_strategy" : "FORWARD",
      "side" : "second"
    } ]
  }, {
    "id" : 3,
    "type" : "Source: DataGenSource",
    "pact" : "Data Source",
    "contents" : "Source: DataGenSource",
    "parallelism" : 1
  }, {
    "id" : 4,
    "type" : "Calc",
    "pact" : "Operator",
    "contents" : "Calc",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 3,
      "ship_strategy" : "FORWARD",
      "side" : "second"
    } ]
  }, {
    "id" : 5,
    "type" : "Join",
    "pact" : "Operator",
    "contents" : "Join",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 2,
      "ship_strategy" : "HASH",
      "side" : "second"
    }, {
      "id" : 4,
      "ship_strategy" : "HASH",
      "side" : "second"
    } ]
  }, {
    "id" : 6,
    "type" : "Calc",
    "pact" : "Operator",
    "contents" : "Calc",
    "parallelism" : 1,
    "predecessors" : [ {
      "id" : 5,
      "ship_strategy" : "FORWARD",
      "side" : "second"
    } ]
  } ]
}
!ok

# the same rows
SELECT x.a, y.b FROM (SELECT a, b FROM t WHERE a > 1) x JOIN (SELECT a, b FROM t WHERE a < 4) y ON x.a = y.a;
+----+-------------+--------------------------------+
| op |           a |                              b |
+----+-------------+--------------------------------+
| +I |           2 |                             11 |
| +I |           3 |                             12 |
+----+-------------+--------------------------------+
Received a total of 2 rows
!ok

# source reuse off, sub-plan reuse on: the whole identical branch is reused, its scan included
EXPLAIN SELECT a FROM t WHERE a > 1 UNION ALL SELECT a FROM t WHERE a > 1;
== Abstract Syntax Tree ==
LogicalUnion(all=[true])
:- LogicalProject(a=[$0])
:  +- LogicalFilter(condition=[>($0, 1)])
:     +- LogicalTableScan(table=[[default_catalog, default_database, t]])
+- LogicalProject(a=[$0])
   +- LogicalFilter(condition=[>($0, 1)])
      +- LogicalTableScan(table=[[default_catalog, default_database, t]])

== Optimized Physical Plan ==
Union(all=[true], union=[a])
:- Calc(select=[a], where=[>(a, 1)])
:  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
+- Calc(select=[a], where=[>(a, 1)])
   +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])

== Optimized Execution Plan ==
Union(all=[true], union=[a])
:- Calc(select=[a], where=[(a > 1)])(reuse_id=[1])
:  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
+- Reused(reference_id=[1])
!ok

SET 'table.optimizer.reuse-source-enabled' = 'true';
[INFO] Execute statement succeeded.
!info

# two reused sub-plans, ids in the order of their first reuse
EXPLAIN SELECT x.a, y.b FROM (SELECT a, b FROM t WHERE a > 1) x JOIN (SELECT a, b FROM t WHERE a > 1) y ON x.a = y.a UNION ALL SELECT a, b FROM t WHERE a > 1;
== Abstract Syntax Tree ==
LogicalUnion(all=[true])
:- LogicalProject(a=[$0], b=[$3])
:  +- LogicalJoin(condition=[=($0, $2)], joinType=[inner])
:     :- LogicalProject(a=[$0], b=[$1])
:     :  +- LogicalFilter(condition=[>($0, 1)])
:     :     +- LogicalTableScan(table=[[default_catalog, default_database, t]])
:     +- LogicalProject(a=[$0], b=[$1])
:        +- LogicalFilter(condition=[>($0, 1)])
:           +- LogicalTableScan(table=[[default_catalog, default_database, t]])
+- LogicalProject(a=[$0], b=[$1])
   +- LogicalFilter(condition=[>($0, 1)])
      +- LogicalTableScan(table=[[default_catalog, default_database, t]])

== Optimized Physical Plan ==
Union(all=[true], union=[a, b])
:- Calc(select=[a, b0 AS b])
:  +- Join(joinType=[InnerJoin], where=[=(a, a0)], select=[a, a0, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- Calc(select=[a], where=[>(a, 1)])
:     :     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
:     +- Exchange(distribution=[hash[a]])
:        +- Calc(select=[a, b], where=[>(a, 1)])
:           +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
+- Calc(select=[a, b], where=[>(a, 1)])
   +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])

== Optimized Execution Plan ==
Union(all=[true], union=[a, b])
:- Calc(select=[a, b0 AS b])
:  +- Join(joinType=[InnerJoin], where=[(a = a0)], select=[a, a0, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- Calc(select=[a], where=[(a > 1)])
:     :     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])(reuse_id=[1])
:     +- Exchange(distribution=[hash[a]])
:        +- Calc(select=[a, b], where=[(a > 1)])(reuse_id=[2])
:           +- Reused(reference_id=[1])
+- Reused(reference_id=[2])
!ok

SET 'table.optimizer.reuse-sub-plan-enabled' = 'false';
[INFO] Execute statement succeeded.
!info

# no sub-plan reuse: nothing is shown reused
EXPLAIN SELECT a FROM t WHERE a > 1 UNION ALL SELECT a FROM t WHERE a > 1;
== Abstract Syntax Tree ==
LogicalUnion(all=[true])
:- LogicalProject(a=[$0])
:  +- LogicalFilter(condition=[>($0, 1)])
:     +- LogicalTableScan(table=[[default_catalog, default_database, t]])
+- LogicalProject(a=[$0])
   +- LogicalFilter(condition=[>($0, 1)])
      +- LogicalTableScan(table=[[default_catalog, default_database, t]])

== Optimized Physical Plan ==
Union(all=[true], union=[a])
:- Calc(select=[a], where=[>(a, 1)])
:  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
+- Calc(select=[a], where=[>(a, 1)])
   +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])

== Optimized Execution Plan ==
Union(all=[true], union=[a])
:- Calc(select=[a], where=[(a > 1)])
:  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
+- Calc(select=[a], where=[(a > 1)])
   +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[a, b])
!ok
