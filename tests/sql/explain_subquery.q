# explain_subquery.q - subqueries planned as Flink plans them: IN / EXISTS /
# NOT IN / NOT EXISTS as semi and anti joins, scalar subqueries as joins with
# aggregates, correlated subqueries decorrelated (rules_subquery.c). Each case
# names the test case of Flink's planner tests it reproduces
# (flink-table-planner src/test/resources/org/apache/flink/table/planner/plan/
# stream/sql/join/SemiAntiJoinTest.xml, batch/sql/join/SemiAntiJoinTest.xml,
# rules/logical/subquery/SubqueryCorrelateVariablesValidationTest.xml). Flink's
# tests read legacy TestTableSources (LegacyTableSourceScan(table=[[...,
# source: [TestTableSource(a, b, c)]]])); eddy's tables are datagen ones and print
# TableSourceScan: every other line is Flink's. The join operators do not run
# yet: 'eddy.explain.show-unsupported' lets EXPLAIN print the plans.

SET 'eddy.explain.show-unsupported' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE l (a INT, b BIGINT, c STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE r (d INT, e BIGINT, f STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE t (i INT, j BIGINT, k STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

# ---- streaming: stream/sql/join/SemiAntiJoinTest.xml ----

# testInWithUncorrelated_SimpleCondition1
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithUncorrelated_SimpleCondition2
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE e < 100) AND b > 10;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[<($1, 100)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}), >($1, 10))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Calc(select=[a, b, c], where=[>(b, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d], where=[<(e, 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Calc(select=[a, b, c], where=[(b > 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d], where=[(e < 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithUncorrelated_SimpleCondition3
EXPLAIN SELECT * FROM l WHERE a + 1 IN (SELECT d FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN(+($0, 1), {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftSemiJoin], where=[=($f3, d)], select=[a, b, c, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f3]])
   :  +- Calc(select=[a, b, c, +(a, 1) AS $f3])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d]])
      +- Calc(select=[d])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftSemiJoin], where=[($f3 = d)], select=[a, b, c, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f3]])
   :  +- Calc(select=[a, b, c, (a + 1) AS $f3])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d]])
      +- Calc(select=[d])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithUncorrelated_AggInSubQuery1
EXPLAIN SELECT a FROM l WHERE b IN (SELECT MAX(e) FROM r WHERE d < 3 GROUP BY f);
== Abstract Syntax Tree ==
LogicalProject(a=[$0])
+- LogicalFilter(condition=[IN($1, {
LogicalProject(EXPR$0=[$1])
  LogicalAggregate(group=[{0}], EXPR$0=[MAX($1)])
    LogicalProject(f=[$2], e=[$1])
      LogicalFilter(condition=[<($0, 3)])
        LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a])
+- Join(joinType=[LeftSemiJoin], where=[=(b, EXPR$0)], select=[a, b], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[b]])
   :  +- Calc(select=[a, b])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[EXPR$0]])
      +- Calc(select=[EXPR$0])
         +- GroupAggregate(groupBy=[f], select=[f, MAX(e) AS EXPR$0])
            +- Exchange(distribution=[hash[f]])
               +- Calc(select=[f, e], where=[<(d, 3)])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a])
+- Join(joinType=[LeftSemiJoin], where=[(b = EXPR$0)], select=[a, b], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[b]])
   :  +- Calc(select=[a, b])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[EXPR$0]])
      +- Calc(select=[EXPR$0])
         +- GroupAggregate(groupBy=[f], select=[f, MAX(e) AS EXPR$0])
            +- Exchange(distribution=[hash[f]])
               +- Calc(select=[f, e], where=[(d < 3)])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithUncorrelated_AggInSubQuery2
EXPLAIN SELECT * FROM l WHERE (a, b) IN(SELECT d, COUNT(*) FROM r GROUP BY d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, $1, {
LogicalAggregate(group=[{0}], EXPR$1=[COUNT()])
  LogicalProject(d=[$0])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(b, EXPR$1))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, EXPR$1]])
   +- GroupAggregate(groupBy=[d], select=[d, COUNT(*) AS EXPR$1])
      +- Exchange(distribution=[hash[d]])
         +- Calc(select=[d])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((a = d) AND (b = EXPR$1))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, EXPR$1]])
   +- GroupAggregate(groupBy=[d], select=[d, COUNT(*) AS EXPR$1])
      +- Exchange(distribution=[hash[d]])
         +- Calc(select=[d])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithUncorrelated_ComplexCondition2
EXPLAIN SELECT * FROM l WHERE (a IN (SELECT d FROM r)) IS TRUE;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IS TRUE(IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithUncorrelated_ComplexCondition4
EXPLAIN SELECT a FROM l WHERE (SELECT MAX(e) FROM r WHERE d > 0) IN (SELECT j FROM t);
== Abstract Syntax Tree ==
LogicalProject(a=[$0])
+- LogicalFilter(condition=[IN($SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[MAX($0)])
  LogicalProject(e=[$1])
    LogicalFilter(condition=[>($0, 0)])
      LogicalTableScan(table=[[default_catalog, default_database, r]])
}), {
LogicalProject(j=[$1])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a])
+- Join(joinType=[LeftSemiJoin], where=[=(EXPR$0, j)], select=[a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[EXPR$0]])
   :  +- Join(joinType=[LeftOuterJoin], where=[true], select=[a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :     :- Exchange(distribution=[single])
   :     :  +- Calc(select=[a])
   :     :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   :     +- Exchange(distribution=[single])
   :        +- GroupAggregate(select=[MAX(e) AS EXPR$0])
   :           +- Exchange(distribution=[single])
   :              +- Calc(select=[e], where=[>(d, 0)])
   :                 +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   +- Exchange(distribution=[hash[j]])
      +- Calc(select=[j])
         +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Calc(select=[a])
+- Join(joinType=[LeftSemiJoin], where=[(EXPR$0 = j)], select=[a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[EXPR$0]])
   :  +- Join(joinType=[LeftOuterJoin], where=[true], select=[a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :     :- Exchange(distribution=[single])
   :     :  +- Calc(select=[a])
   :     :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   :     +- Exchange(distribution=[single])
   :        +- GroupAggregate(select=[MAX(e) AS EXPR$0])
   :           +- Exchange(distribution=[single])
   :              +- Calc(select=[e], where=[(d > 0)])
   :                 +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   +- Exchange(distribution=[hash[j]])
      +- Calc(select=[j])
         +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testInWithUncorrelated_Having
EXPLAIN SELECT SUM(a) AS s FROM l GROUP BY b HAVING COUNT(*) > 2 AND MAX(b) IN (SELECT e FROM r);
== Abstract Syntax Tree ==
LogicalProject(s=[$1])
+- LogicalFilter(condition=[AND(>($2, 2), IN($3, {
LogicalProject(e=[$1])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalAggregate(group=[{0}], s=[SUM($1)], agg#1=[COUNT()], agg#2=[MAX($0)])
      +- LogicalProject(b=[$1], a=[$0])
         +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[s])
+- Join(joinType=[LeftSemiJoin], where=[=($f3, e)], select=[s, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f3]])
   :  +- Calc(select=[s, $f3], where=[>($f2, 2)])
   :     +- GroupAggregate(groupBy=[b], select=[b, SUM(a) AS s, COUNT(*) AS $f2, MAX(b) AS $f3])
   :        +- Exchange(distribution=[hash[b]])
   :           +- Calc(select=[b, a])
   :              +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[e]])
      +- Calc(select=[e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[s])
+- Join(joinType=[LeftSemiJoin], where=[($f3 = e)], select=[s, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f3]])
   :  +- Calc(select=[s, $f3], where=[($f2 > 2)])
   :     +- GroupAggregate(groupBy=[b], select=[b, SUM(a) AS s, COUNT(*) AS $f2, MAX(b) AS $f3])
   :        +- Exchange(distribution=[hash[b]])
   :           +- Calc(select=[b, a])
   :              +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[e]])
      +- Calc(select=[e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_SimpleCondition1
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE l.b = r.e);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[=($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, e]])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((a = d) AND (b = e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, e]])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_SimpleCondition2
EXPLAIN SELECT * FROM l WHERE b > 1 AND a IN (SELECT d FROM r WHERE l.b = r.e AND r.d > 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(>($1, 1), IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[AND(=($cor0.b, $1), >($0, 10))])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- Calc(select=[a, b, c], where=[>(b, 1)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, e]])
   +- Calc(select=[d, e], where=[>(d, 10)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((a = d) AND (b = e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- Calc(select=[a, b, c], where=[(b > 1)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, e]])
   +- Calc(select=[d, e], where=[(d > 10)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_SimpleCondition3
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r where CAST(l.b AS INTEGER) = r.d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[=(CAST($cor0.b):INTEGER, $0)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(b0, d))], select=[a, b, c, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a, b0]])
   :  +- Calc(select=[a, b, c, CAST(b AS INTEGER) AS b0])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d, d]])
      +- Calc(select=[d])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftSemiJoin], where=[((a = d) AND (b0 = d))], select=[a, b, c, b0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a, b0]])
   :  +- Calc(select=[a, b, c, CAST(b AS INTEGER) AS b0])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d, d]])
      +- Calc(select=[d])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_NonEquiCondition1
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE l.b > r.e);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[>($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), >(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((a = d) AND (b > e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_NonEquiCondition2
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE l.b > 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[>($cor0.b, 10)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Calc(select=[a, b, c], where=[>(b, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Calc(select=[a, b, c], where=[(b > 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_AggInSubQuery1
EXPLAIN SELECT * FROM l WHERE b IN (SELECT MAX(r.e) FROM r WHERE l.c = r.f AND r.d < 3 GROUP BY r.f);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($1, {
LogicalProject(EXPR$0=[$1])
  LogicalAggregate(group=[{0}], EXPR$0=[MAX($1)])
    LogicalProject(f=[$2], e=[$1])
      LogicalFilter(condition=[AND(=($cor0.c, $2), <($0, 3))])
        LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(b, EXPR$0), =(c, f))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[hash[b, c]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[EXPR$0, f]])
   +- Calc(select=[EXPR$0, f])
      +- GroupAggregate(groupBy=[f], select=[f, MAX(e) AS EXPR$0])
         +- Exchange(distribution=[hash[f]])
            +- Calc(select=[f, e], where=[<(d, 3)])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((b = EXPR$0) AND (c = f))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[hash[b, c]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[EXPR$0, f]])
   +- Calc(select=[EXPR$0, f])
      +- GroupAggregate(groupBy=[f], select=[f, MAX(e) AS EXPR$0])
         +- Exchange(distribution=[hash[f]])
            +- Calc(select=[f, e], where=[(d < 3)])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_AggInSubQuery2
EXPLAIN SELECT * FROM l WHERE (b, a) IN (SELECT COUNT(*), d FROM r WHERE l.c = r.f GROUP BY d, true, e, 1);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($1, $0, {
LogicalProject(EXPR$0=[$4], d=[$0])
  LogicalAggregate(group=[{0, 1, 2, 3}], EXPR$0=[COUNT()])
    LogicalProject(d=[$0], $f1=[true], e=[$1], $f3=[1])
      LogicalFilter(condition=[=($cor0.c, $2)])
        LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(b, EXPR$0), =(a, d), =(c, f))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b, a, c]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[EXPR$0, d, f]])
   +- Calc(select=[EXPR$0, d, f])
      +- GroupAggregate(groupBy=[d, e, f], select=[d, e, f, COUNT(*) AS EXPR$0])
         +- Exchange(distribution=[hash[d, e, f]])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((b = EXPR$0) AND (a = d) AND (c = f))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b, a, c]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[EXPR$0, d, f]])
   +- Calc(select=[EXPR$0, d, f])
      +- GroupAggregate(groupBy=[d, e, f], select=[d, e, f, COUNT(*) AS EXPR$0])
         +- Exchange(distribution=[hash[d, e, f]])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_ComplexCondition1 (the abstract syntax tree keeps NOT(NOT(..)),
# which Calcite's converter folds; the plans are Flink's)
EXPLAIN SELECT a + 10, c FROM l WHERE NOT(NOT(substring(c, 1, 5) IN (SELECT substring(f, 1, 5) FROM r WHERE l.b + 1 = r.e)));
== Abstract Syntax Tree ==
LogicalProject(EXPR$0=[+($0, 10)], c=[$2])
+- LogicalFilter(condition=[NOT(NOT(IN(SUBSTRING($2, 1, 5), {
LogicalProject(EXPR$0=[SUBSTRING($2, 1, 5)])
  LogicalFilter(condition=[=(+($cor0.b, 1), $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[+(a, 10) AS EXPR$0, c])
+- Join(joinType=[LeftSemiJoin], where=[AND(=($f3, EXPR$0), =($f4, e))], select=[a, c, $f3, $f4], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f3, $f4]])
   :  +- Calc(select=[a, c, SUBSTRING(c, 1, 5) AS $f3, +(b, 1) AS $f4])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[EXPR$0, e]])
      +- Calc(select=[SUBSTRING(f, 1, 5) AS EXPR$0, e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[(a + 10) AS EXPR$0, c])
+- Join(joinType=[LeftSemiJoin], where=[(($f3 = EXPR$0) AND ($f4 = e))], select=[a, c, $f3, $f4], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f3, $f4]])
   :  +- Calc(select=[a, c, SUBSTRING(c, 1, 5) AS $f3, (b + 1) AS $f4])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[EXPR$0, e]])
      +- Calc(select=[SUBSTRING(f, 1, 5) AS EXPR$0, e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInWithCorrelated_JoinInSubQuery1
EXPLAIN SELECT c FROM l WHERE b IN (WITH r1 AS (SELECT e FROM r WHERE l.a = r.d AND r.e < 50) SELECT e FROM r1 INNER JOIN (SELECT j FROM t WHERE l.c = t.k AND i > 10) t2 ON r1.e = t2.j);
== Abstract Syntax Tree ==
LogicalProject(c=[$2])
+- LogicalFilter(condition=[IN($1, {
LogicalProject(e=[$0])
  LogicalJoin(condition=[=($0, $1)], joinType=[inner])
    LogicalProject(e=[$1])
      LogicalFilter(condition=[AND(=($cor0.a, $0), <($1, 50))])
        LogicalTableScan(table=[[default_catalog, default_database, r]])
    LogicalProject(j=[$1])
      LogicalFilter(condition=[AND(=($cor0.c, $2), >($0, 10))])
        LogicalTableScan(table=[[default_catalog, default_database, t]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[c])
+- Join(joinType=[LeftSemiJoin], where=[AND(=(b, e), =(a, d), =(c, k))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[b, a, c]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[e, d, k]])
      +- Calc(select=[e, d, k])
         +- Join(joinType=[InnerJoin], where=[=(e, j)], select=[e, d, j, k], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
            :- Exchange(distribution=[hash[e]])
            :  +- Calc(select=[e, d], where=[<(e, 50)])
            :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
            +- Exchange(distribution=[hash[j]])
               +- Calc(select=[j, k], where=[>(i, 10)])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Calc(select=[c])
+- Join(joinType=[LeftSemiJoin], where=[((b = e) AND (a = d) AND (c = k))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[b, a, c]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[e, d, k]])
      +- Calc(select=[e, d, k])
         +- Join(joinType=[InnerJoin], where=[(e = j)], select=[e, d, j, k], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
            :- Exchange(distribution=[hash[e]])
            :  +- Calc(select=[e, d], where=[(e < 50)])
            :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
            +- Exchange(distribution=[hash[j]])
               +- Calc(select=[j, k], where=[(i > 10)])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testInWithCorrelated_JoinInSubQuery2
EXPLAIN SELECT c FROM l WHERE b IN (WITH r1 AS (SELECT e, f FROM r WHERE l.a = r.d AND r.e < 50) SELECT t.j FROM r1 LEFT JOIN t ON r1.f = t.k);
== Abstract Syntax Tree ==
LogicalProject(c=[$2])
+- LogicalFilter(condition=[IN($1, {
LogicalProject(j=[$3])
  LogicalJoin(condition=[=($1, $4)], joinType=[left])
    LogicalProject(e=[$1], f=[$2])
      LogicalFilter(condition=[AND(=($cor0.a, $0), <($1, 50))])
        LogicalTableScan(table=[[default_catalog, default_database, r]])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[c])
+- Join(joinType=[LeftSemiJoin], where=[AND(=(b, j), =(a, d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[b, a]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[j, d]])
      +- Calc(select=[j, d])
         +- Join(joinType=[LeftOuterJoin], where=[=(f, k)], select=[f, d, j, k], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
            :- Exchange(distribution=[hash[f]])
            :  +- Calc(select=[f, d], where=[<(e, 50)])
            :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
            +- Exchange(distribution=[hash[k]])
               +- Calc(select=[j, k])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Calc(select=[c])
+- Join(joinType=[LeftSemiJoin], where=[((b = j) AND (a = d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[b, a]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[j, d]])
      +- Calc(select=[j, d])
         +- Join(joinType=[LeftOuterJoin], where=[(f = k)], select=[f, d, j, k], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
            :- Exchange(distribution=[hash[f]])
            :  +- Calc(select=[f, d], where=[(e < 50)])
            :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
            +- Exchange(distribution=[hash[k]])
               +- Calc(select=[j, k])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testInWithCorrelated_JoinInSubQuery3
EXPLAIN SELECT c FROM l WHERE a IN (SELECT d FROM r RIGHT JOIN (SELECT i FROM t WHERE l.c = t.k AND i > 10) t2 ON r.d = t2.i);
== Abstract Syntax Tree ==
LogicalProject(c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalJoin(condition=[=($0, $3)], joinType=[right])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
    LogicalProject(i=[$0])
      LogicalFilter(condition=[AND(=($cor0.c, $2), >($0, 10))])
        LogicalTableScan(table=[[default_catalog, default_database, t]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[c])
+- Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(c, k))], select=[a, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a, c]])
   :  +- Calc(select=[a, c])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d, k]])
      +- Calc(select=[d, k])
         +- Join(joinType=[RightOuterJoin], where=[=(d, i)], select=[d, i, k], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
            :- Exchange(distribution=[hash[d]])
            :  +- Calc(select=[d])
            :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
            +- Exchange(distribution=[hash[i]])
               +- Calc(select=[i, k], where=[>(i, 10)])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Calc(select=[c])
+- Join(joinType=[LeftSemiJoin], where=[((a = d) AND (c = k))], select=[a, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a, c]])
   :  +- Calc(select=[a, c])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d, k]])
      +- Calc(select=[d, k])
         +- Join(joinType=[RightOuterJoin], where=[(d = i)], select=[d, i, k], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
            :- Exchange(distribution=[hash[d]])
            :  +- Calc(select=[d])
            :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
            +- Exchange(distribution=[hash[i]])
               +- Calc(select=[i, k], where=[(i > 10)])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testInWithCorrelated_MultiFields
EXPLAIN SELECT * FROM l WHERE (a, SUBSTRING(c, 1, 5)) IN (SELECT d, SUBSTRING(f, 1, 5) FROM r WHERE l.b = r.e);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, SUBSTRING($2, 1, 5), {
LogicalProject(d=[$0], EXPR$1=[SUBSTRING($2, 1, 5)])
  LogicalFilter(condition=[=($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =($f3, EXPR$1), =(b, e))], select=[a, b, c, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a, $f3, b]])
   :  +- Calc(select=[a, b, c, SUBSTRING(c, 1, 5) AS $f3])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d, EXPR$1, e]])
      +- Calc(select=[d, SUBSTRING(f, 1, 5) AS EXPR$1, e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftSemiJoin], where=[((a = d) AND ($f3 = EXPR$1) AND (b = e))], select=[a, b, c, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[a, $f3, b]])
   :  +- Calc(select=[a, b, c, SUBSTRING(c, 1, 5) AS $f3])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[d, EXPR$1, e]])
      +- Calc(select=[d, SUBSTRING(f, 1, 5) AS EXPR$1, e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithCorrelated_SimpleCondition
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE a = d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[=($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithCorrelated_NonEquiCondition1
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE l.a < r.d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[<($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[<(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a < d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithCorrelated_NonEquiCondition2
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE l.a < 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[<($cor0.a, 10)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[<(a, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[(a < 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithUncorrelated_SimpleCondition1
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[], where=[IS NOT NULL(m)])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[], where=[m IS NOT NULL])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithUncorrelated_SimpleCondition2
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r) AND b > 10;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
}), >($1, 10))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[>(b, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[], where=[IS NOT NULL(m)])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[(b > 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[], where=[m IS NOT NULL])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithUncorrelated_ComplexCondition
EXPLAIN SELECT a + 10, c FROM l WHERE b > 10 AND NOT (c like 'abc' OR NOT EXISTS (SELECT d FROM r));
== Abstract Syntax Tree ==
LogicalProject(EXPR$0=[+($0, 10)], c=[$2])
+- LogicalFilter(condition=[AND(>($1, 10), NOT(OR(LIKE($2, _UTF-16LE'abc'), NOT(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
})))))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[+(a, 10) AS EXPR$0, c])
+- Join(joinType=[LeftSemiJoin], where=[true], select=[a, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[a, c], where=[AND(>(b, 10), NOT(LIKE(c, _UTF-16LE'abc')))])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[single])
      +- Calc(select=[], where=[IS NOT NULL(m)])
         +- GroupAggregate(select=[MIN(i) AS m])
            +- Exchange(distribution=[single])
               +- Calc(select=[true AS i])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[(a + 10) AS EXPR$0, c])
+- Join(joinType=[LeftSemiJoin], where=[true], select=[a, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[a, c], where=[((b > 10) AND NOT(LIKE(c, 'abc')))])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[single])
      +- Calc(select=[], where=[m IS NOT NULL])
         +- GroupAggregate(select=[MIN(i) AS m])
            +- Exchange(distribution=[single])
               +- Calc(select=[true AS i])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testInExists1
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE l.a = r.d) AND a IN (SELECT i FROM t WHERE l.b = t.j);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(EXISTS({
LogicalFilter(condition=[=($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}), IN($0, {
LogicalProject(i=[$0])
  LogicalFilter(condition=[=($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(a, i), =(b, j))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[i, j]])
   +- Calc(select=[i, j])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((a = i) AND (b = j))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[i, j]])
   +- Calc(select=[i, j])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testInExists2
EXPLAIN SELECT * FROM l WHERE b IN (SELECT j FROM t)  AND EXISTS (SELECT * FROM r WHERE l.a = r.d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(IN($1, {
LogicalProject(j=[$1])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
}), EXISTS({
LogicalFilter(condition=[=($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Join(joinType=[LeftSemiJoin], where=[=(b, j)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[b]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[j]])
:        +- Calc(select=[j])
:           +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Join(joinType=[LeftSemiJoin], where=[(b = j)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[b]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[j]])
:        +- Calc(select=[j])
:           +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsAndNotExists
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r) AND NOT EXISTS (SELECT * FROM t WHERE l.a = t.i AND t.j < 100);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(NOT(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
})), NOT(EXISTS({
LogicalFilter(condition=[AND(=($cor0.a, $0), <($1, 100))])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
})))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[=(a, i)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Join(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[single])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[single])
:        +- Calc(select=[IS NOT NULL(m) AS $f0])
:           +- GroupAggregate(select=[MIN(i) AS m])
:              +- Exchange(distribution=[single])
:                 +- Calc(select=[true AS i])
:                    +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[i]])
   +- Calc(select=[i], where=[<(j, 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a = i)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- Join(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[single])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[single])
:        +- Calc(select=[m IS NOT NULL AS $f0])
:           +- GroupAggregate(select=[MIN(i) AS m])
:              +- Exchange(distribution=[single])
:                 +- Calc(select=[true AS i])
:                    +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[i]])
   +- Calc(select=[i], where=[(j < 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiInWithCorrelated1
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE c = f) AND b IN (SELECT j FROM t WHERE a = i AND k <> 'test');
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[=($cor0.c, $2)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}), IN($1, {
LogicalProject(j=[$1])
  LogicalFilter(condition=[AND(=($cor0.a, $0), <>($2, _UTF-16LE'test'))])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(b, j), =(a, i))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b, a]])
:  +- Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(c, f))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a, c]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d, f]])
:        +- Calc(select=[d, f])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j, i]])
   +- Calc(select=[j, i], where=[<>(k, _UTF-16LE'test')])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((b = j) AND (a = i))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b, a]])
:  +- Join(joinType=[LeftSemiJoin], where=[((a = d) AND (c = f))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a, c]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d, f]])
:        +- Calc(select=[d, f])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j, i]])
   +- Calc(select=[j, i], where=[(k <> 'test')])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiInWithCorrelated2
EXPLAIN SELECT * FROM l WHERE a IN (SELECT r.d FROM r WHERE l.b = r.e AND r.f IN (SELECT t.k FROM t WHERE r.e = t.j));
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[AND(=($cor0.b, $1), IN($2, {
LogicalProject(k=[$2])
  LogicalFilter(condition=[=($cor1.e, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
}))], variablesSet=[[$cor1]])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(a, d), =(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, e]])
   +- Calc(select=[d, e])
      +- Join(joinType=[LeftSemiJoin], where=[AND(=(f, k), =(e, j))], select=[d, e, f], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
         :- Exchange(distribution=[hash[f, e]])
         :  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
         +- Exchange(distribution=[hash[k, j]])
            +- Calc(select=[k, j])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((a = d) AND (b = e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a, b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d, e]])
   +- Calc(select=[d, e])
      +- Join(joinType=[LeftSemiJoin], where=[((f = k) AND (e = j))], select=[d, e, f], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
         :- Exchange(distribution=[hash[f, e]])
         :  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
         +- Exchange(distribution=[hash[k, j]])
            +- Calc(select=[k, j])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiInWithCorrelated3
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r) AND b IN (SELECT j FROM t WHERE t.k = l.c);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}), IN($1, {
LogicalProject(j=[$1])
  LogicalFilter(condition=[=($2, $cor0.c)])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[AND(=(b, j), =(k, c))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b, c]])
:  +- Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j, k]])
   +- Calc(select=[j, k])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[((b = j) AND (k = c))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b, c]])
:  +- Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j, k]])
   +- Calc(select=[j, k])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiInWithUncorrelated1
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r) AND b IN (SELECT j FROM t);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}), IN($1, {
LogicalProject(j=[$1])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(b, j)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j]])
   +- Calc(select=[j])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(b = j)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j]])
   +- Calc(select=[j])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiInWithUncorrelated2
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE e IN (SELECT j FROM t));
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[IN($1, {
LogicalProject(j=[$1])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
})])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- Join(joinType=[LeftSemiJoin], where=[=(e, j)], select=[d, e], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
         :- Exchange(distribution=[hash[e]])
         :  +- Calc(select=[d, e])
         :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
         +- Exchange(distribution=[hash[j]])
            +- Calc(select=[j])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- Join(joinType=[LeftSemiJoin], where=[(e = j)], select=[d, e], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
         :- Exchange(distribution=[hash[e]])
         :  +- Calc(select=[d, e])
         :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
         +- Exchange(distribution=[hash[j]])
            +- Calc(select=[j])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiExistsWithCorrelate1
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE l.a <> r.d) AND EXISTS (SELECT * FROM t WHERE j < 100);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(EXISTS({
LogicalFilter(condition=[<>($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}), EXISTS({
LogicalFilter(condition=[<($1, 100)])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Join(joinType=[LeftSemiJoin], where=[<>(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[single])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[single])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[single])
   +- Calc(select=[], where=[IS NOT NULL(m)])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i], where=[<(j, 100)])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Join(joinType=[LeftSemiJoin], where=[(a <> d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[single])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[single])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[single])
   +- Calc(select=[], where=[m IS NOT NULL])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i], where=[(j < 100)])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiExistsWithCorrelate2
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE EXISTS (SELECT * FROM t) AND l.a = r.d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[AND(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, t]])
}), =($cor0.a, $0))])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Join(joinType=[LeftSemiJoin], where=[true], select=[d], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
      :- Exchange(distribution=[single])
      :  +- Calc(select=[d])
      :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
      +- Exchange(distribution=[single])
         +- Calc(select=[], where=[IS NOT NULL(m)])
            +- GroupAggregate(select=[MIN(i) AS m])
               +- Exchange(distribution=[single])
                  +- Calc(select=[true AS i])
                     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Join(joinType=[LeftSemiJoin], where=[true], select=[d], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
      :- Exchange(distribution=[single])
      :  +- Calc(select=[d])
      :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
      +- Exchange(distribution=[single])
         +- Calc(select=[], where=[m IS NOT NULL])
            +- GroupAggregate(select=[MIN(i) AS m])
               +- Exchange(distribution=[single])
                  +- Calc(select=[true AS i])
                     +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testMultiNotInWithCorrelated
EXPLAIN SELECT * FROM l WHERE a NOT IN (SELECT d FROM r WHERE e NOT IN (SELECT j FROM t WHERE t.i = r.d));
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[NOT(IN($1, {
LogicalProject(j=[$1])
  LogicalFilter(condition=[=($0, $cor0.d)])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
}))], variablesSet=[[$cor0]])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[OR(IS NULL(a), IS NULL(d), =(a, d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(e), IS NULL(j), =(e, j)), =(i, d))], select=[d, e], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
         :- Exchange(distribution=[hash[d]])
         :  +- Calc(select=[d, e])
         :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
         +- Exchange(distribution=[hash[i]])
            +- Calc(select=[j, i])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a IS NULL OR d IS NULL OR (a = d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- Join(joinType=[LeftAntiJoin], where=[((e IS NULL OR j IS NULL OR (e = j)) AND (i = d))], select=[d, e], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
         :- Exchange(distribution=[hash[d]])
         :  +- Calc(select=[d, e])
         :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
         +- Exchange(distribution=[hash[i]])
            +- Calc(select=[j, i])
               +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testNotExistsWithCorrelated_SimpleCondition
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r WHERE a = d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(EXISTS({
LogicalFilter(condition=[=($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotExistsWithCorrelated_NonEquiCondition1
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r WHERE l.a < r.d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(EXISTS({
LogicalFilter(condition=[<($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[<(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a < d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotExistsWithCorrelated_NonEquiCondition2
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r WHERE l.a < 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(EXISTS({
LogicalFilter(condition=[<($cor0.a, 10)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftAntiJoin], where=[$f3], select=[a, b, c, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[a, b, c, <(a, 10) AS $f3])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[single])
      +- Calc(select=[])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, b, c])
+- Join(joinType=[LeftAntiJoin], where=[$f3], select=[a, b, c, $f3], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[a, b, c, (a < 10) AS $f3])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[single])
      +- Calc(select=[])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotExistsWithUncorrelated_SimpleCondition1
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[IS NOT NULL(m) AS $f0])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[m IS NOT NULL AS $f0])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotExistsWithUncorrelated_SimpleCondition2
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r) AND b > 10;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(NOT(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
})), >($1, 10))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[>(b, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[IS NOT NULL(m) AS $f0])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[(b > 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[m IS NOT NULL AS $f0])
      +- GroupAggregate(select=[MIN(i) AS m])
         +- Exchange(distribution=[single])
            +- Calc(select=[true AS i])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInNotExists
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r WHERE l.a = r.d) AND a NOT IN (SELECT i FROM t WHERE l.b = t.j);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(NOT(EXISTS({
LogicalFilter(condition=[=($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})), NOT(IN($0, {
LogicalProject(i=[$0])
  LogicalFilter(condition=[=($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, t]])
})))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(i), =(a, i)), =(b, j))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- Join(joinType=[LeftAntiJoin], where=[=(a, d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j]])
   +- Calc(select=[i, j])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR i IS NULL OR (a = i)) AND (b = j))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- Join(joinType=[LeftAntiJoin], where=[(a = d)], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:     :- Exchange(distribution=[hash[a]])
:     :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[hash[d]])
:        +- Calc(select=[d])
:           +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[j]])
   +- Calc(select=[i, j])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testNotInWithCorrelated_ComplexCondition1 (the abstract syntax tree keeps NOT(NOT(..)),
# which Calcite's converter folds; the plans are Flink's)
EXPLAIN SELECT a + 10, c FROM l WHERE NOT(NOT(substring(c, 1, 5) NOT IN (SELECT substring(f, 1, 5) FROM r WHERE l.b + 1 = r.e)));
== Abstract Syntax Tree ==
LogicalProject(EXPR$0=[+($0, 10)], c=[$2])
+- LogicalFilter(condition=[NOT(NOT(NOT(IN(SUBSTRING($2, 1, 5), {
LogicalProject(EXPR$0=[SUBSTRING($2, 1, 5)])
  LogicalFilter(condition=[=(+($cor0.b, 1), $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[+(a, 10) AS EXPR$0, c])
+- Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL($f3), IS NULL(EXPR$0), =($f3, EXPR$0)), =($f4, e))], select=[a, c, $f3, $f4], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f4]])
   :  +- Calc(select=[a, c, SUBSTRING(c, 1, 5) AS $f3, +(b, 1) AS $f4])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[e]])
      +- Calc(select=[SUBSTRING(f, 1, 5) AS EXPR$0, e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[(a + 10) AS EXPR$0, c])
+- Join(joinType=[LeftAntiJoin], where=[(($f3 IS NULL OR EXPR$0 IS NULL OR ($f3 = EXPR$0)) AND ($f4 = e))], select=[a, c, $f3, $f4], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[$f4]])
   :  +- Calc(select=[a, c, SUBSTRING(c, 1, 5) AS $f3, (b + 1) AS $f4])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[e]])
      +- Calc(select=[SUBSTRING(f, 1, 5) AS EXPR$0, e])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithCorrelated_MultiFields
EXPLAIN SELECT * FROM l WHERE (a, c) NOT IN (SELECT d, f FROM r WHERE l.b = r.e);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, $2, {
LogicalProject(d=[$0], f=[$2])
  LogicalFilter(condition=[=($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(d), =(a, d)), OR(IS NULL(c), IS NULL(f), =(c, f)), =(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e]])
   +- Calc(select=[d, f, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR d IS NULL OR (a = d)) AND (c IS NULL OR f IS NULL OR (c = f)) AND (b = e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e]])
   +- Calc(select=[d, f, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithCorrelated_NonEquiCondition1
EXPLAIN SELECT * FROM l WHERE a NOT IN (SELECT d FROM r WHERE l.b > r.e);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[>($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(d), =(a, d)), >(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR d IS NULL OR (a = d)) AND (b > e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithCorrelated_NonEquiCondition2
EXPLAIN SELECT * FROM l WHERE a NOT IN (SELECT d FROM r WHERE l.b > 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[>($cor0.b, 10)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(d), =(a, d)), >(b, 10))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR d IS NULL OR (a = d)) AND (b > 10))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithCorrelated_SimpleCondition1
EXPLAIN SELECT * FROM l WHERE a NOT IN (SELECT d FROM r WHERE l.b = r.e);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[=($cor0.b, $1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(d), =(a, d)), =(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e]])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR d IS NULL OR (a = d)) AND (b = e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e]])
   +- Calc(select=[d, e])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithCorrelated_SimpleCondition2
EXPLAIN SELECT * FROM l WHERE b > 1 AND a NOT IN (SELECT d FROM r WHERE l.b = r.e AND r.d > 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(>($1, 1), NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[AND(=($cor0.b, $1), >($0, 10))])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(d), =(a, d)), =(b, e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- Calc(select=[a, b, c], where=[>(b, 1)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e]])
   +- Calc(select=[d, e], where=[>(d, 10)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR d IS NULL OR (a = d)) AND (b = e))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[hash[b]])
:  +- Calc(select=[a, b, c], where=[(b > 1)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e]])
   +- Calc(select=[d, e], where=[(d > 10)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithUncorrelated_ComplexCondition2 (the abstract syntax tree nests the AND,
# which Calcite's converter flattens; the plans are Flink's)
EXPLAIN SELECT * FROM l WHERE b > 10 AND (c like 'abc' AND a NOT IN (SELECT d FROM r));
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(>($1, 10), AND(LIKE($2, _UTF-16LE'abc'), NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[OR(IS NULL(a), IS NULL(d), =(a, d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[AND(>(b, 10), LIKE(c, _UTF-16LE'abc'))])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a IS NULL OR d IS NULL OR (a = d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[((b > 10) AND LIKE(c, 'abc'))])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithUncorrelated_MultiFields
EXPLAIN SELECT * FROM l WHERE (a, c) NOT IN (SELECT d, f FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, $2, {
LogicalProject(d=[$0], f=[$2])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[AND(OR(IS NULL(a), IS NULL(d), =(a, d)), OR(IS NULL(c), IS NULL(f), =(c, f)))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d, f])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[((a IS NULL OR d IS NULL OR (a = d)) AND (c IS NULL OR f IS NULL OR (c = f)))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d, f])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithUncorrelated_SimpleCondition1
EXPLAIN SELECT * FROM l WHERE a NOT IN (SELECT d FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[OR(IS NULL(a), IS NULL(d), =(a, d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a IS NULL OR d IS NULL OR (a = d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testNotInWithUncorrelated_SimpleCondition2
EXPLAIN SELECT * FROM l WHERE a NOT IN (SELECT d FROM r WHERE e < 100) AND b > 10;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(NOT(IN($0, {
LogicalProject(d=[$0])
  LogicalFilter(condition=[<($1, 100)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})), >($1, 10))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftAntiJoin], where=[OR(IS NULL(a), IS NULL(d), =(a, d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[>(b, 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d], where=[<(e, 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftAntiJoin], where=[(a IS NULL OR d IS NULL OR (a = d))], select=[a, b, c], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a, b, c], where=[(b > 10)])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- Calc(select=[d], where=[(e < 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# ---- forms Flink's planner cannot decorrelate: its error ----

# a correlated condition other than an equality below an aggregate
EXPLAIN SELECT * FROM l WHERE b IN (SELECT MIN(e) FROM r WHERE l.c > r.f);
[ERROR] Could not execute SQL statement. Reason:
unexpected correlate variable $cor0 in the plan
!error

# a correlated condition under OR
EXPLAIN SELECT * FROM l WHERE a IN (SELECT d FROM r WHERE l.b = r.e OR r.d > 10);
[ERROR] Could not execute SQL statement. Reason:
unexpected correlate variable $cor0 in the plan
!error

# a correlated UNION
EXPLAIN SELECT a FROM l WHERE b IN (SELECT r1.e FROM r r1 WHERE l.a = r1.d UNION SELECT r2.e FROM r r2);
[ERROR] Could not execute SQL statement. Reason:
unexpected correlate variable $cor0 in the plan
!error

# ---- scalar subqueries, IN / EXISTS outside the WHERE conjuncts, LATERAL ----

# SubqueryCorrelateVariablesValidationTest.xml testWithProjectFilterCorrelate: two
# correlated scalar subqueries, each a left join with its aggregate grouped by the
# correlation column (keys filtered IS NOT NULL), as that test's optimized plan
CREATE TABLE t1 (t1a STRING, t1b SMALLINT, t1c INT, t1d BIGINT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE t2 (t2a STRING, t2b SMALLINT, t2c INT, t2h BIGINT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE TABLE t3 (t3a STRING, t3b SMALLINT, t3c INT, t3d BIGINT) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT (SELECT min(t3d) FROM t3 WHERE t3.t3a = t1.t1a) min_t3d, (SELECT max(t2h) FROM t2 WHERE t2.t2a = t1.t1a) max_t2h FROM t1 WHERE t1a = 'test';
== Abstract Syntax Tree ==
LogicalProject(variablesSet=[[$cor0]], min_t3d=[$SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[MIN($0)])
  LogicalProject(t3d=[$3])
    LogicalFilter(condition=[=($0, $cor0.t1a)])
      LogicalTableScan(table=[[default_catalog, default_database, t3]])
})], max_t2h=[$SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[MAX($0)])
  LogicalProject(t2h=[$3])
    LogicalFilter(condition=[=($0, $cor0.t1a)])
      LogicalTableScan(table=[[default_catalog, default_database, t2]])
})])
+- LogicalFilter(condition=[=($0, _UTF-16LE'test')])
   +- LogicalTableScan(table=[[default_catalog, default_database, t1]])

== Optimized Physical Plan ==
Calc(select=[EXPR$0 AS min_t3d, EXPR$00 AS max_t2h])
+- Join(joinType=[LeftOuterJoin], where=[=(t2a, t1a)], select=[t1a, EXPR$0, t2a, EXPR$00], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[t1a]])
   :  +- Calc(select=[t1a, EXPR$0])
   :     +- Join(joinType=[LeftOuterJoin], where=[=(t3a, t1a)], select=[t1a, t3a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :        :- Exchange(distribution=[hash[t1a]])
   :        :  +- Calc(select=[t1a], where=[=(t1a, _UTF-16LE'test')])
   :        :     +- TableSourceScan(table=[[default_catalog, default_database, t1]], fields=[t1a, t1b, t1c, t1d])
   :        +- Exchange(distribution=[hash[t3a]])
   :           +- GroupAggregate(groupBy=[t3a], select=[t3a, MIN(t3d) AS EXPR$0])
   :              +- Exchange(distribution=[hash[t3a]])
   :                 +- Calc(select=[t3a, t3d], where=[IS NOT NULL(t3a)])
   :                    +- TableSourceScan(table=[[default_catalog, default_database, t3]], fields=[t3a, t3b, t3c, t3d])
   +- Exchange(distribution=[hash[t2a]])
      +- GroupAggregate(groupBy=[t2a], select=[t2a, MAX(t2h) AS EXPR$0])
         +- Exchange(distribution=[hash[t2a]])
            +- Calc(select=[t2a, t2h], where=[IS NOT NULL(t2a)])
               +- TableSourceScan(table=[[default_catalog, default_database, t2]], fields=[t2a, t2b, t2c, t2h])

== Optimized Execution Plan ==
Calc(select=[EXPR$0 AS min_t3d, EXPR$00 AS max_t2h])
+- Join(joinType=[LeftOuterJoin], where=[(t2a = t1a)], select=[t1a, EXPR$0, t2a, EXPR$00], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[t1a]])
   :  +- Calc(select=[t1a, EXPR$0])
   :     +- Join(joinType=[LeftOuterJoin], where=[(t3a = t1a)], select=[t1a, t3a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :        :- Exchange(distribution=[hash[t1a]])
   :        :  +- Calc(select=[t1a], where=[(t1a = 'test')])
   :        :     +- TableSourceScan(table=[[default_catalog, default_database, t1]], fields=[t1a, t1b, t1c, t1d])
   :        +- Exchange(distribution=[hash[t3a]])
   :           +- GroupAggregate(groupBy=[t3a], select=[t3a, MIN(t3d) AS EXPR$0])
   :              +- Exchange(distribution=[hash[t3a]])
   :                 +- Calc(select=[t3a, t3d], where=[t3a IS NOT NULL])
   :                    +- TableSourceScan(table=[[default_catalog, default_database, t3]], fields=[t3a, t3b, t3c, t3d])
   +- Exchange(distribution=[hash[t2a]])
      +- GroupAggregate(groupBy=[t2a], select=[t2a, MAX(t2h) AS EXPR$0])
         +- Exchange(distribution=[hash[t2a]])
            +- Calc(select=[t2a, t2h], where=[t2a IS NOT NULL])
               +- TableSourceScan(table=[[default_catalog, default_database, t2]], fields=[t2a, t2b, t2c, t2h])
!ok

# an uncorrelated scalar subquery of an aggregate: a left join on true (no
# SINGLE_VALUE: the aggregate gives one row), inner under a condition a NULL fails
EXPLAIN SELECT a, (SELECT MAX(e) FROM r) AS m FROM l;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], m=[$SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[MAX($0)])
  LogicalProject(e=[$1])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
+- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftOuterJoin], where=[true], select=[a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- GroupAggregate(select=[MAX(e) AS EXPR$0])
      +- Exchange(distribution=[single])
         +- Calc(select=[e])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftOuterJoin], where=[true], select=[a, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- GroupAggregate(select=[MAX(e) AS EXPR$0])
      +- Exchange(distribution=[single])
         +- Calc(select=[e])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

EXPLAIN SELECT a FROM l WHERE b > (SELECT MAX(e) FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0])
+- LogicalFilter(condition=[>($1, $SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[MAX($0)])
  LogicalProject(e=[$1])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a])
+- Join(joinType=[InnerJoin], where=[>(b, EXPR$0)], select=[a, b, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[a, b])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[single])
      +- GroupAggregate(select=[MAX(e) AS EXPR$0])
         +- Exchange(distribution=[single])
            +- Calc(select=[e])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a])
+- Join(joinType=[InnerJoin], where=[(b > EXPR$0)], select=[a, b, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[a, b])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[single])
      +- GroupAggregate(select=[MAX(e) AS EXPR$0])
         +- Exchange(distribution=[single])
            +- Calc(select=[e])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# a scalar subquery that may give more rows: SINGLE_VALUE (in Flink the job fails
# at a second row with "SingleValueAggFunction received more than one element.";
# eddy's aggregate library has no SINGLE_VALUE yet)
EXPLAIN SELECT a, (SELECT e FROM r WHERE d = 1) AS x FROM l;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], x=[$SCALAR_QUERY({
LogicalProject(e=[$1])
  LogicalFilter(condition=[=($0, 1)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
+- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Join(joinType=[LeftOuterJoin], where=[true], select=[a, $f0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- GroupAggregate(select=[SINGLE_VALUE(e) AS $f0])
      +- Exchange(distribution=[single])
         +- Calc(select=[e], where=[=(d, 1)])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Join(joinType=[LeftOuterJoin], where=[true], select=[a, $f0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
:- Exchange(distribution=[single])
:  +- Calc(select=[a])
:     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[single])
   +- GroupAggregate(select=[SINGLE_VALUE(e) AS $f0])
      +- Exchange(distribution=[single])
         +- Calc(select=[e], where=[(d = 1)])
            +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# correlated COUNT: a missing group counts 0
EXPLAIN SELECT a, (SELECT COUNT(*) FROM r WHERE r.f = l.c) AS n FROM l;
== Abstract Syntax Tree ==
LogicalProject(variablesSet=[[$cor0]], a=[$0], n=[$SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[COUNT()])
  LogicalFilter(condition=[=($2, $cor0.c)])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
})])
+- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a, CASE(IS NULL(EXPR$0), 0:BIGINT, EXPR$0) AS n])
+- Join(joinType=[LeftOuterJoin], where=[=(f, c)], select=[a, c, f, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[c]])
   :  +- Calc(select=[a, c])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[f]])
      +- GroupAggregate(groupBy=[f], select=[f, COUNT(*) AS EXPR$0])
         +- Exchange(distribution=[hash[f]])
            +- Calc(select=[f], where=[IS NOT NULL(f)])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, CASE(EXPR$0 IS NULL, 0, EXPR$0) AS n])
+- Join(joinType=[LeftOuterJoin], where=[(f = c)], select=[a, c, f, EXPR$0], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[c]])
   :  +- Calc(select=[a, c])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[f]])
      +- GroupAggregate(groupBy=[f], select=[f, COUNT(*) AS EXPR$0])
         +- Exchange(distribution=[hash[f]])
            +- Calc(select=[f], where=[f IS NOT NULL])
               +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# IN and EXISTS in the select list: left joins with the query's distinct rows
# marked true AS i (and, for IN, the query's COUNT(*) and COUNT(x))
EXPLAIN SELECT a, a IN (SELECT d FROM r) AS x, EXISTS (SELECT * FROM t WHERE t.i = l.a) AS y FROM l;
== Abstract Syntax Tree ==
LogicalProject(variablesSet=[[$cor0]], a=[$0], x=[IN($0, {
LogicalProject(d=[$0])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], y=[EXISTS({
LogicalFilter(condition=[=($0, $cor0.a)])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
})])
+- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a, CASE(=(c0, 0:BIGINT), false, IS NOT NULL(i), true, IS NULL(a), null:BOOLEAN, <(ck, c0), null:BOOLEAN, false) AS x, IS NOT NULL(i00) AS y])
+- Join(joinType=[LeftOuterJoin], where=[=(i0, a)], select=[a, c0, ck, i, i0, i00], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[a]])
   :  +- Calc(select=[a, c0, ck, i])
   :     +- Join(joinType=[LeftOuterJoin], where=[=(a, d)], select=[a, c0, ck, d, i], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :        :- Exchange(distribution=[hash[a]])
   :        :  +- Join(joinType=[InnerJoin], where=[true], select=[a, c0, ck], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :        :     :- Exchange(distribution=[single])
   :        :     :  +- Calc(select=[a])
   :        :     :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   :        :     +- Exchange(distribution=[single])
   :        :        +- GroupAggregate(select=[COUNT(*) AS c, COUNT(d) AS ck])
   :        :           +- Exchange(distribution=[single])
   :        :              +- Calc(select=[d])
   :        :                 +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   :        +- Exchange(distribution=[hash[d]])
   :           +- Calc(select=[d, true AS i])
   :              +- GroupAggregate(groupBy=[d], select=[d])
   :                 +- Exchange(distribution=[hash[d]])
   :                    +- Calc(select=[d])
   :                       +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   +- Exchange(distribution=[hash[i]])
      +- Calc(select=[i, true AS i0])
         +- GroupAggregate(groupBy=[i], select=[i])
            +- Exchange(distribution=[hash[i]])
               +- Calc(select=[i])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
Calc(select=[a, CASE((c0 = 0), false, i IS NOT NULL, true, a IS NULL, null:BOOLEAN, (ck < c0), null:BOOLEAN, false) AS x, i00 IS NOT NULL AS y])
+- Join(joinType=[LeftOuterJoin], where=[(i0 = a)], select=[a, c0, ck, i, i0, i00], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[a]])
   :  +- Calc(select=[a, c0, ck, i])
   :     +- Join(joinType=[LeftOuterJoin], where=[(a = d)], select=[a, c0, ck, d, i], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :        :- Exchange(distribution=[hash[a]])
   :        :  +- Join(joinType=[InnerJoin], where=[true], select=[a, c0, ck], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :        :     :- Exchange(distribution=[single])
   :        :     :  +- Calc(select=[a])
   :        :     :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   :        :     +- Exchange(distribution=[single])
   :        :        +- GroupAggregate(select=[COUNT(*) AS c, COUNT(d) AS ck])
   :        :           +- Exchange(distribution=[single])
   :        :              +- Calc(select=[d])(reuse_id=[1])
   :        :                 +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   :        +- Exchange(distribution=[hash[d]])
   :           +- Calc(select=[d, true AS i])
   :              +- GroupAggregate(groupBy=[d], select=[d])
   :                 +- Exchange(distribution=[hash[d]])
   :                    +- Reused(reference_id=[1])
   +- Exchange(distribution=[hash[i]])
      +- Calc(select=[i, true AS i0])
         +- GroupAggregate(groupBy=[i], select=[i])
            +- Exchange(distribution=[hash[i]])
               +- Calc(select=[i])
                  +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# IN under OR
EXPLAIN SELECT a FROM l WHERE a > 10 OR b IN (SELECT e FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0])
+- LogicalFilter(condition=[OR(>($0, 10), IN($1, {
LogicalProject(e=[$1])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a], where=[OR(>(a, 10), CASE(=(c0, 0:BIGINT), false, IS NOT NULL(i), true, IS NULL(b), null:BOOLEAN, <(ck, c0), null:BOOLEAN, false))])
+- Join(joinType=[LeftOuterJoin], where=[=(b, e)], select=[a, b, c0, ck, e, i], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[b]])
   :  +- Join(joinType=[InnerJoin], where=[true], select=[a, b, c0, ck], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :     :- Exchange(distribution=[single])
   :     :  +- Calc(select=[a, b])
   :     :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   :     +- Exchange(distribution=[single])
   :        +- GroupAggregate(select=[COUNT(*) AS c, COUNT(e) AS ck])
   :           +- Exchange(distribution=[single])
   :              +- Calc(select=[e])
   :                 +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   +- Exchange(distribution=[hash[e]])
      +- Calc(select=[e, true AS i])
         +- GroupAggregate(groupBy=[e], select=[e])
            +- Exchange(distribution=[hash[e]])
               +- Calc(select=[e])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a], where=[((a > 10) OR CASE((c0 = 0), false, i IS NOT NULL, true, b IS NULL, null:BOOLEAN, (ck < c0), null:BOOLEAN, false))])
+- Join(joinType=[LeftOuterJoin], where=[(b = e)], select=[a, b, c0, ck, e, i], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[b]])
   :  +- Join(joinType=[InnerJoin], where=[true], select=[a, b, c0, ck], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :     :- Exchange(distribution=[single])
   :     :  +- Calc(select=[a, b])
   :     :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   :     +- Exchange(distribution=[single])
   :        +- GroupAggregate(select=[COUNT(*) AS c, COUNT(e) AS ck])
   :           +- Exchange(distribution=[single])
   :              +- Calc(select=[e])(reuse_id=[1])
   :                 +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
   +- Exchange(distribution=[hash[e]])
      +- Calc(select=[e, true AS i])
         +- GroupAggregate(groupBy=[e], select=[e])
            +- Exchange(distribution=[hash[e]])
               +- Reused(reference_id=[1])
!ok

# LATERAL (query): a join on the decorrelated conditions
EXPLAIN SELECT * FROM l, LATERAL (SELECT d, e FROM r WHERE r.f = l.c) AS x;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2], d=[$3], e=[$4])
+- LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{2}])
   :- LogicalTableScan(table=[[default_catalog, default_database, l]])
   +- LogicalProject(d=[$0], e=[$1])
      +- LogicalFilter(condition=[=($2, $cor0.c)])
         +- LogicalTableScan(table=[[default_catalog, default_database, r]])

== Optimized Physical Plan ==
Calc(select=[a, b, c, d, e])
+- Join(joinType=[InnerJoin], where=[=(f, c)], select=[a, b, c, d, e, f], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[c]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[f]])
      +- Calc(select=[d, e, f], where=[IS NOT NULL(f)])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, b, c, d, e])
+- Join(joinType=[InnerJoin], where=[(f = c)], select=[a, b, c, d, e, f], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])
   :- Exchange(distribution=[hash[c]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[f]])
      +- Calc(select=[d, e, f], where=[f IS NOT NULL])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

EXPLAIN SELECT * FROM l LEFT JOIN LATERAL (SELECT MAX(d) AS md FROM r WHERE r.f = l.c) AS x ON TRUE;
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2], md=[$3])
+- LogicalCorrelate(correlation=[$cor0], joinType=[left], requiredColumns=[{2}])
   :- LogicalTableScan(table=[[default_catalog, default_database, l]])
   +- LogicalAggregate(group=[{}], md=[MAX($0)])
      +- LogicalProject(d=[$0])
         +- LogicalFilter(condition=[=($2, $cor0.c)])
            +- LogicalTableScan(table=[[default_catalog, default_database, r]])

== Optimized Physical Plan ==
Calc(select=[a, b, c, md])
+- Join(joinType=[LeftOuterJoin], where=[=(f, c)], select=[a, b, c, md, f], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[c]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[f]])
      +- Calc(select=[md, f])
         +- GroupAggregate(groupBy=[f], select=[f, MAX(d) AS md])
            +- Exchange(distribution=[hash[f]])
               +- Calc(select=[f, d], where=[IS NOT NULL(f)])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a, b, c, md])
+- Join(joinType=[LeftOuterJoin], where=[(f = c)], select=[a, b, c, md, f], leftInputSpec=[NoUniqueKey], rightInputSpec=[JoinKeyContainsUniqueKey])
   :- Exchange(distribution=[hash[c]])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[hash[f]])
      +- Calc(select=[md, f])
         +- GroupAggregate(groupBy=[f], select=[f, MAX(d) AS md])
            +- Exchange(distribution=[hash[f]])
               +- Calc(select=[f, d], where=[f IS NOT NULL])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# ---- batch: batch/sql/join/SemiAntiJoinTest.xml ----

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

# testExistsAndNotExists
EXPLAIN SELECT * FROM l WHERE NOT EXISTS (SELECT * FROM r) AND NOT EXISTS (SELECT * FROM t WHERE l.a = t.i AND t.j < 100);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[AND(NOT(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
})), NOT(EXISTS({
LogicalFilter(condition=[AND(=($cor0.a, $0), <($1, 100))])
  LogicalTableScan(table=[[default_catalog, default_database, t]])
})))], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
HashJoin(joinType=[LeftAntiJoin], where=[=(a, i)], select=[a, b, c], build=[right])
:- Exchange(distribution=[hash[a]])
:  +- NestedLoopJoin(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], build=[right], singleRowJoin=[true])
:     :- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[broadcast])
:        +- Calc(select=[IS NOT NULL(m) AS $f0])
:           +- HashAggregate(isMerge=[true], select=[Final_MIN(min$0) AS m])
:              +- Exchange(distribution=[single])
:                 +- LocalHashAggregate(select=[Partial_MIN(i) AS min$0])
:                    +- Calc(select=[true AS i])
:                       +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[i]])
   +- Calc(select=[i], where=[<(j, 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
HashJoin(joinType=[LeftAntiJoin], where=[(a = i)], select=[a, b, c], build=[right])
:- Exchange(distribution=[hash[a]])
:  +- NestedLoopJoin(joinType=[LeftAntiJoin], where=[$f0], select=[a, b, c], build=[right], singleRowJoin=[true])
:     :- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
:     +- Exchange(distribution=[broadcast])
:        +- Calc(select=[m IS NOT NULL AS $f0])
:           +- HashAggregate(isMerge=[true], select=[Final_MIN(min$0) AS m])
:              +- Exchange(distribution=[single])
:                 +- LocalHashAggregate(select=[Partial_MIN(i) AS min$0])
:                    +- Calc(select=[true AS i])
:                       +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
+- Exchange(distribution=[hash[i]])
   +- Calc(select=[i], where=[(j < 100)])
      +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# testExistsWithCorrelated_AggInSubQuery
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT MAX(e) FROM r WHERE l.b = r.e AND d < 100 AND l.c = r.f GROUP BY d, true, f, 1);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalAggregate(group=[{0, 1, 2, 3}], EXPR$0=[MAX($4)])
  LogicalProject(d=[$0], $f1=[true], f=[$2], $f3=[1], e=[$1])
    LogicalFilter(condition=[AND(=($cor0.b, $1), <($0, 100), =($cor0.c, $2))])
      LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
HashJoin(joinType=[LeftSemiJoin], where=[AND(=(b, e), =(c, f))], select=[a, b, c], build=[right])
:- Exchange(distribution=[hash[b, c]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e, f]])
   +- Calc(select=[f, e])
      +- HashAggregate(isMerge=[true], groupBy=[d, e, f], select=[d, e, f])
         +- Exchange(distribution=[hash[d, e, f]])
            +- LocalHashAggregate(groupBy=[d, e, f], select=[d, e, f])
               +- Calc(select=[d, e, f], where=[<(d, 100)])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
HashJoin(joinType=[LeftSemiJoin], where=[((b = e) AND (c = f))], select=[a, b, c], build=[right])
:- Exchange(distribution=[hash[b, c]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[e, f]])
   +- Calc(select=[f, e])
      +- HashAggregate(isMerge=[true], groupBy=[d, e, f], select=[d, e, f])
         +- Exchange(distribution=[hash[d, e, f]])
            +- LocalHashAggregate(groupBy=[d, e, f], select=[d, e, f])
               +- Calc(select=[d, e, f], where=[(d < 100)])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithCorrelated_NonEquiCondition1
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE l.a < r.d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[<($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
NestedLoopJoin(joinType=[LeftSemiJoin], where=[<(a, d)], select=[a, b, c], build=[right])
:- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[broadcast])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
NestedLoopJoin(joinType=[LeftSemiJoin], where=[(a < d)], select=[a, b, c], build=[right])
:- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[broadcast])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithCorrelated_NonEquiCondition2
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE l.a < 10);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[<($cor0.a, 10)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
NestedLoopJoin(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], build=[right])
:- Calc(select=[a, b, c], where=[<(a, 10)])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[broadcast])
   +- LocalHashAggregate(select=[])
      +- Calc(select=[])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
NestedLoopJoin(joinType=[LeftSemiJoin], where=[true], select=[a, b, c], build=[right])
:- Calc(select=[a, b, c], where=[(a < 10)])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[broadcast])
   +- LocalHashAggregate(select=[])
      +- Calc(select=[])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithCorrelated_SimpleCondition
EXPLAIN SELECT * FROM l WHERE EXISTS (SELECT * FROM r WHERE a = d);
== Abstract Syntax Tree ==
LogicalProject(a=[$0], b=[$1], c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[=($cor0.a, $0)])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
})], variablesSet=[[$cor0]])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
HashJoin(joinType=[LeftSemiJoin], where=[=(a, d)], select=[a, b, c], build=[right])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
HashJoin(joinType=[LeftSemiJoin], where=[(a = d)], select=[a, b, c], build=[right])
:- Exchange(distribution=[hash[a]])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[hash[d]])
   +- Calc(select=[d])
      +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithUncorrelated_ComplexCondition
EXPLAIN SELECT a + 10, c FROM l WHERE b > 10 AND NOT (c like 'abc' OR NOT EXISTS (SELECT d FROM r));
== Abstract Syntax Tree ==
LogicalProject(EXPR$0=[+($0, 10)], c=[$2])
+- LogicalFilter(condition=[AND(>($1, 10), NOT(OR(LIKE($2, _UTF-16LE'abc'), NOT(EXISTS({
LogicalTableScan(table=[[default_catalog, default_database, r]])
})))))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[+(a, 10) AS EXPR$0, c])
+- NestedLoopJoin(joinType=[LeftSemiJoin], where=[true], select=[a, c], build=[right], singleRowJoin=[true])
   :- Calc(select=[a, c], where=[AND(>(b, 10), NOT(LIKE(c, _UTF-16LE'abc')))])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[broadcast])
      +- Calc(select=[], where=[IS NOT NULL(m)])
         +- HashAggregate(isMerge=[true], select=[Final_MIN(min$0) AS m])
            +- Exchange(distribution=[single])
               +- LocalHashAggregate(select=[Partial_MIN(i) AS min$0])
                  +- Calc(select=[true AS i])
                     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[(a + 10) AS EXPR$0, c])
+- NestedLoopJoin(joinType=[LeftSemiJoin], where=[true], select=[a, c], build=[right], singleRowJoin=[true])
   :- Calc(select=[a, c], where=[((b > 10) AND NOT(LIKE(c, 'abc')))])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[broadcast])
      +- Calc(select=[], where=[m IS NOT NULL])
         +- HashAggregate(isMerge=[true], select=[Final_MIN(min$0) AS m])
            +- Exchange(distribution=[single])
               +- LocalHashAggregate(select=[Partial_MIN(i) AS min$0])
                  +- Calc(select=[true AS i])
                     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok

# testExistsWithUncorrelated_JoinInSubQuery
EXPLAIN SELECT c FROM l WHERE EXISTS (SELECT d, j + 1 FROM r FULL JOIN (SELECT j FROM t WHERE i > 10) t2 ON r.e = t2.j);
== Abstract Syntax Tree ==
LogicalProject(c=[$2])
+- LogicalFilter(condition=[EXISTS({
LogicalJoin(condition=[=($1, $3)], joinType=[full])
  LogicalTableScan(table=[[default_catalog, default_database, r]])
  LogicalProject(j=[$1])
    LogicalFilter(condition=[>($0, 10)])
      LogicalTableScan(table=[[default_catalog, default_database, t]])
})])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
NestedLoopJoin(joinType=[LeftSemiJoin], where=[true], select=[c], build=[right], singleRowJoin=[true])
:- Calc(select=[c])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[broadcast])
   +- Calc(select=[], where=[IS NOT NULL(m)])
      +- HashAggregate(isMerge=[true], select=[Final_MIN(min$0) AS m])
         +- Exchange(distribution=[single])
            +- LocalHashAggregate(select=[Partial_MIN(i) AS min$0])
               +- Calc(select=[true AS i])
                  +- HashJoin(joinType=[FullOuterJoin], where=[=(e, j)], select=[e, j], build=[right])
                     :- Exchange(distribution=[hash[e]])
                     :  +- Calc(select=[e])
                     :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
                     +- Exchange(distribution=[hash[j]])
                        +- Calc(select=[j], where=[>(i, 10)])
                           +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])

== Optimized Execution Plan ==
NestedLoopJoin(joinType=[LeftSemiJoin], where=[true], select=[c], build=[right], singleRowJoin=[true])
:- Calc(select=[c])
:  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
+- Exchange(distribution=[broadcast])
   +- Calc(select=[], where=[m IS NOT NULL])
      +- HashAggregate(isMerge=[true], select=[Final_MIN(min$0) AS m])
         +- Exchange(distribution=[single])
            +- LocalHashAggregate(select=[Partial_MIN(i) AS min$0])
               +- Calc(select=[true AS i])
                  +- HashJoin(joinType=[FullOuterJoin], where=[(e = j)], select=[e, j], build=[right])
                     :- Exchange(distribution=[hash[e]])
                     :  +- Calc(select=[e])
                     :     +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
                     +- Exchange(distribution=[hash[j]])
                        +- Calc(select=[j], where=[(i > 10)])
                           +- TableSourceScan(table=[[default_catalog, default_database, t]], fields=[i, j, k])
!ok

# a scalar subquery in batch: the single-row join
EXPLAIN SELECT a FROM l WHERE b > (SELECT MAX(e) FROM r);
== Abstract Syntax Tree ==
LogicalProject(a=[$0])
+- LogicalFilter(condition=[>($1, $SCALAR_QUERY({
LogicalAggregate(group=[{}], EXPR$0=[MAX($0)])
  LogicalProject(e=[$1])
    LogicalTableScan(table=[[default_catalog, default_database, r]])
}))])
   +- LogicalTableScan(table=[[default_catalog, default_database, l]])

== Optimized Physical Plan ==
Calc(select=[a])
+- NestedLoopJoin(joinType=[InnerJoin], where=[>(b, EXPR$0)], select=[a, b, EXPR$0], build=[right], singleRowJoin=[true])
   :- Calc(select=[a, b])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[broadcast])
      +- HashAggregate(isMerge=[true], select=[Final_MAX(max$0) AS EXPR$0])
         +- Exchange(distribution=[single])
            +- LocalHashAggregate(select=[Partial_MAX(e) AS max$0])
               +- Calc(select=[e])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])

== Optimized Execution Plan ==
Calc(select=[a])
+- NestedLoopJoin(joinType=[InnerJoin], where=[(b > EXPR$0)], select=[a, b, EXPR$0], build=[right], singleRowJoin=[true])
   :- Calc(select=[a, b])
   :  +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[a, b, c])
   +- Exchange(distribution=[broadcast])
      +- HashAggregate(isMerge=[true], select=[Final_MAX(max$0) AS EXPR$0])
         +- Exchange(distribution=[single])
            +- LocalHashAggregate(select=[Partial_MAX(e) AS max$0])
               +- Calc(select=[e])
                  +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[d, e, f])
!ok
