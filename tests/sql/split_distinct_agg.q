# split_distinct_agg.q - the split of distinct aggregates
# (table.optimizer.distinct-agg.split.enabled, bucket-num 1024 by default):
# a PARTIAL GroupAggregate by the keys and a bucket MOD(HASH_CODE(x), 1024)
# of each DISTINCT argument, then a FINAL one by the keys merging the
# partial values (COUNT -> $SUM0, SUM -> SUM); an Expand (a set per bucket,
# filters $g_<id> over $e) when the calls need more than one bucket. The
# partial phase sends updates, so the final one retracts: at parallelism 1
# the changelog shows each partial change retracted and accumulated. The
# final table is the one without the split (eddy --verify runs BATCH, which
# does not split).

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW T AS SELECT a, b, c FROM (VALUES (0, 1, 1, 10), (0, 1, 2, 20), (0, 2, 1, 10), (0, 1, 2, 30), (0, 2, 5, 10), (0, 1, 1025, 20)) AS V(x, a, b, c);
[INFO] Execute statement succeeded.
!info

SET 'table.optimizer.distinct-agg.split.enabled' = 'true';
[INFO] Execute statement succeeded.
!info

# one DISTINCT argument, no keys: buckets of c (10 -> 10, 20 -> 20, 30 -> 30)
EXPLAIN SELECT COUNT(DISTINCT c) FROM T;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT(DISTINCT $0)])
+- LogicalProject(c=[$3])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f1_0) AS $f0])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f1], partialFinalType=[PARTIAL], select=[$f1, COUNT(DISTINCT c) AS $f1_0])
      +- Exchange(distribution=[hash[$f1]])
         +- Calc(select=[EXPR$3 AS c, MOD(HASH_CODE(EXPR$3), 1024) AS $f1])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f1_0) AS $f0])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f1], partialFinalType=[PARTIAL], select=[$f1, COUNT(DISTINCT c) AS $f1_0])
      +- Exchange(distribution=[hash[$f1]])
         +- Calc(select=[EXPR$3 AS c, MOD(HASH_CODE(EXPR$3), 1024) AS $f1])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT COUNT(DISTINCT c) FROM T;
+----+----------------------+
| op |               EXPR$0 |
+----+----------------------+
| +I |                    1 |
| -U |                    1 |
| +U |                    2 |
| -U |                    2 |
| +U |                    3 |
+----+----------------------+
Received a total of 5 rows
!ok

# keys, FILTER, and calls that are not DISTINCT: one bucket column (b's; 1 and 1025 share bucket 1)
EXPLAIN SELECT a, COUNT(DISTINCT b) FILTER (WHERE b > 1) AS cd, SUM(b) FILTER (WHERE c > 10) AS s, COUNT(*) AS n FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], cd=[COUNT(DISTINCT $1) FILTER $2], s=[SUM($1) FILTER $3], n=[COUNT()])
+- LogicalProject(a=[$1], b=[$2], $f2=[>($2, 1)], $f3=[>($3, 10)])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2) AS $f1, SUM_RETRACT($f3) AS $f2, $SUM0_RETRACT($f4_0) AS $f3])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f4], partialFinalType=[PARTIAL], select=[a, $f4, COUNT(DISTINCT b) FILTER $f2 AS $f2, SUM(b) FILTER $f3 AS $f3, COUNT(*) AS $f4_0])
      +- Exchange(distribution=[hash[a, $f4]])
         +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, >(EXPR$2, 1) AS $f2, >(EXPR$3, 10) AS $f3, MOD(HASH_CODE(EXPR$2), 1024) AS $f4])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2) AS $f1, SUM_RETRACT($f3) AS $f2, $SUM0_RETRACT($f4_0) AS $f3])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f4], partialFinalType=[PARTIAL], select=[a, $f4, COUNT(DISTINCT b) FILTER $f2 AS $f2, SUM(b) FILTER $f3 AS $f3, COUNT(*) AS $f4_0])
      +- Exchange(distribution=[hash[a, $f4]])
         +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, (EXPR$2 > 1) AS $f2, (EXPR$3 > 10) AS $f3, MOD(HASH_CODE(EXPR$2), 1024) AS $f4])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT a, COUNT(DISTINCT b) FILTER (WHERE b > 1) AS cd, SUM(b) FILTER (WHERE c > 10) AS s, COUNT(*) AS n FROM T GROUP BY a;
+----+-------------+----------------------+-------------+----------------------+
| op |           a |                   cd |           s |                    n |
+----+-------------+----------------------+-------------+----------------------+
| +I |           1 |                    0 |      <NULL> |                    1 |
| -U |           1 |                    0 |      <NULL> |                    1 |
| +U |           1 |                    1 |           2 |                    2 |
| +I |           2 |                    0 |      <NULL> |                    1 |
| -U |           1 |                    1 |           2 |                    2 |
| +U |           1 |                    0 |      <NULL> |                    1 |
| -U |           1 |                    0 |      <NULL> |                    1 |
| +U |           1 |                    1 |           4 |                    3 |
| -U |           2 |                    0 |      <NULL> |                    1 |
| +U |           2 |                    1 |      <NULL> |                    2 |
| -U |           1 |                    1 |           4 |                    3 |
| +U |           1 |                    1 |           4 |                    2 |
| -U |           1 |                    1 |           4 |                    2 |
| +U |           1 |                    2 |        1029 |                    4 |
+----+-------------+----------------------+-------------+----------------------+
Received a total of 14 rows
!ok

# two DISTINCT arguments: an Expand with a set per bucket, and one for the plain calls
EXPLAIN SELECT a, COUNT(DISTINCT b) AS db, SUM(DISTINCT c) AS dc, COUNT(c) AS n FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], db=[COUNT(DISTINCT $1)], dc=[SUM(DISTINCT $2)], n=[COUNT($2)])
+- LogicalProject(a=[$1], b=[$2], c=[$3])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f3_0) AS $f1, SUM_RETRACT($f4_0) AS $f2, $SUM0_RETRACT($f5) AS $f3])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3, $f4], partialFinalType=[PARTIAL], select=[a, $f3, $f4, COUNT(DISTINCT b) FILTER $g_1 AS $f3_0, SUM(DISTINCT c) FILTER $g_2 AS $f4_0, COUNT(c) FILTER $g_3 AS $f5])
      +- Exchange(distribution=[hash[a, $f3, $f4]])
         +- Calc(select=[a, b, c, $f3, $f4, =($e, 1) AS $g_1, =($e, 2) AS $g_2, =($e, 3) AS $g_3])
            +- Expand(projects=[{a, b, c, $f3, null AS $f4, 1 AS $e}, {a, b, c, null AS $f3, $f4, 2 AS $e}, {a, b, c, null AS $f3, null AS $f4, 3 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, EXPR$3 AS c, MOD(HASH_CODE(EXPR$2), 1024) AS $f3, MOD(HASH_CODE(EXPR$3), 1024) AS $f4])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f3_0) AS $f1, SUM_RETRACT($f4_0) AS $f2, $SUM0_RETRACT($f5) AS $f3])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3, $f4], partialFinalType=[PARTIAL], select=[a, $f3, $f4, COUNT(DISTINCT b) FILTER $g_1 AS $f3_0, SUM(DISTINCT c) FILTER $g_2 AS $f4_0, COUNT(c) FILTER $g_3 AS $f5])
      +- Exchange(distribution=[hash[a, $f3, $f4]])
         +- Calc(select=[a, b, c, $f3, $f4, ($e = 1) AS $g_1, ($e = 2) AS $g_2, ($e = 3) AS $g_3])
            +- Expand(projects=[{a, b, c, $f3, null AS $f4, 1 AS $e}, {a, b, c, null AS $f3, $f4, 2 AS $e}, {a, b, c, null AS $f3, null AS $f4, 3 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, EXPR$3 AS c, MOD(HASH_CODE(EXPR$2), 1024) AS $f3, MOD(HASH_CODE(EXPR$3), 1024) AS $f4])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT a, COUNT(DISTINCT b) AS db, SUM(DISTINCT c) AS dc, COUNT(c) AS n FROM T GROUP BY a;
+----+-------------+----------------------+-------------+----------------------+
| op |           a |                   db |          dc |                    n |
+----+-------------+----------------------+-------------+----------------------+
| +I |           1 |                    1 |      <NULL> |                    0 |
| -U |           1 |                    1 |      <NULL> |                    0 |
| +U |           1 |                    1 |          10 |                    0 |
| -U |           1 |                    1 |          10 |                    0 |
| +U |           1 |                    1 |          10 |                    1 |
| -U |           1 |                    1 |          10 |                    1 |
| +U |           1 |                    2 |          10 |                    1 |
| -U |           1 |                    2 |          10 |                    1 |
| +U |           1 |                    2 |          30 |                    1 |
| -U |           1 |                    2 |          30 |                    1 |
| +U |           1 |                    2 |          30 |                    0 |
| -U |           1 |                    2 |          30 |                    0 |
| +U |           1 |                    2 |          30 |                    2 |
| +I |           2 |                    1 |      <NULL> |                    0 |
| -U |           2 |                    1 |      <NULL> |                    0 |
| +U |           2 |                    1 |          10 |                    0 |
| -U |           2 |                    1 |          10 |                    0 |
| +U |           2 |                    1 |          10 |                    1 |
| -U |           1 |                    2 |          30 |                    2 |
| +U |           1 |                    2 |          60 |                    2 |
| -U |           1 |                    2 |          60 |                    2 |
| +U |           1 |                    2 |          60 |                    0 |
| -U |           1 |                    2 |          60 |                    0 |
| +U |           1 |                    2 |          60 |                    3 |
| -U |           2 |                    1 |          10 |                    1 |
| +U |           2 |                    2 |          10 |                    1 |
| -U |           2 |                    2 |          10 |                    1 |
| +U |           2 |                    2 |          10 |                    0 |
| -U |           2 |                    2 |          10 |                    0 |
| +U |           2 |                    2 |          10 |                    2 |
| -U |           1 |                    2 |          60 |                    3 |
| +U |           1 |                    1 |          60 |                    3 |
| -U |           1 |                    1 |          60 |                    3 |
| +U |           1 |                    3 |          60 |                    3 |
| -U |           1 |                    3 |          60 |                    3 |
| +U |           1 |                    3 |          60 |                    0 |
| -U |           1 |                    3 |          60 |                    0 |
| +U |           1 |                    3 |          60 |                    4 |
+----+-------------+----------------------+-------------+----------------------+
Received a total of 38 rows
!ok

EXPLAIN SELECT COUNT(DISTINCT a), SUM(DISTINCT b) FROM T;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT(DISTINCT $0)], EXPR$1=[SUM(DISTINCT $1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f2_0) AS $f0, SUM_RETRACT($f3_0) AS $f1])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(DISTINCT a) FILTER $g_1 AS $f2_0, SUM(DISTINCT b) FILTER $g_2 AS $f3_0])
      +- Exchange(distribution=[hash[$f2, $f3]])
         +- Calc(select=[a, b, $f2, $f3, =($e, 1) AS $g_1, =($e, 2) AS $g_2])
            +- Expand(projects=[{a, b, $f2, null AS $f3, 1 AS $e}, {a, b, null AS $f2, $f3, 2 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f2_0) AS $f0, SUM_RETRACT($f3_0) AS $f1])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(DISTINCT a) FILTER $g_1 AS $f2_0, SUM(DISTINCT b) FILTER $g_2 AS $f3_0])
      +- Exchange(distribution=[hash[$f2, $f3]])
         +- Calc(select=[a, b, $f2, $f3, ($e = 1) AS $g_1, ($e = 2) AS $g_2])
            +- Expand(projects=[{a, b, $f2, null AS $f3, 1 AS $e}, {a, b, null AS $f2, $f3, 2 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT COUNT(DISTINCT a), SUM(DISTINCT b) FROM T;
+----+----------------------+-------------+
| op |               EXPR$0 |      EXPR$1 |
+----+----------------------+-------------+
| +I |                    1 |      <NULL> |
| -U |                    1 |      <NULL> |
| +U |                    1 |           1 |
| -U |                    1 |           1 |
| +U |                    1 |           3 |
| -U |                    1 |           3 |
| +U |                    2 |           3 |
| -U |                    2 |           3 |
| +U |                    2 |           8 |
| -U |                    2 |           8 |
| +U |                    2 |           7 |
| -U |                    2 |           7 |
| +U |                    2 |        1033 |
+----+----------------------+-------------+
Received a total of 13 rows
!ok

# a DISTINCT argument that is a key needs no bucket
EXPLAIN SELECT a, COUNT(DISTINCT a) AS da, COUNT(DISTINCT b) AS db FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], da=[COUNT(DISTINCT $0)], db=[COUNT(DISTINCT $1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2_0) AS $f1, $SUM0_RETRACT($f3) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(DISTINCT a) FILTER $g_1 AS $f2_0, COUNT(DISTINCT b) FILTER $g_0 AS $f3])
      +- Exchange(distribution=[hash[a, $f2]])
         +- Calc(select=[a, b, $f2, =($e, 1) AS $g_1, =($e, 0) AS $g_0])
            +- Expand(projects=[{a, b, $f2, 0 AS $e}, {a, b, null AS $f2, 1 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2_0) AS $f1, $SUM0_RETRACT($f3) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(DISTINCT a) FILTER $g_1 AS $f2_0, COUNT(DISTINCT b) FILTER $g_0 AS $f3])
      +- Exchange(distribution=[hash[a, $f2]])
         +- Calc(select=[a, b, $f2, ($e = 1) AS $g_1, ($e = 0) AS $g_0])
            +- Expand(projects=[{a, b, $f2, 0 AS $e}, {a, b, null AS $f2, 1 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

# over an updating input: the partial phase retracts
EXPLAIN SELECT n, COUNT(DISTINCT a) AS da FROM (SELECT a, COUNT(*) AS n FROM T GROUP BY a) GROUP BY n;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], da=[COUNT(DISTINCT $1)])
+- LogicalProject(n=[$1], a=[$0])
   +- LogicalAggregate(group=[{0}], n=[COUNT()])
      +- LogicalProject(a=[$1])
         +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
            +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[n], partialFinalType=[FINAL], select=[n, $SUM0_RETRACT($f2_0) AS $f1])
+- Exchange(distribution=[hash[n]])
   +- GroupAggregate(groupBy=[n, $f2], partialFinalType=[PARTIAL], select=[n, $f2, COUNT_RETRACT(DISTINCT a) AS $f2_0])
      +- Exchange(distribution=[hash[n, $f2]])
         +- Calc(select=[n, a, MOD(HASH_CODE(a), 1024) AS $f2])
            +- GroupAggregate(groupBy=[a], select=[a, COUNT(*) AS n])
               +- Exchange(distribution=[hash[a]])
                  +- Calc(select=[EXPR$1 AS a])
                     +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[n], partialFinalType=[FINAL], select=[n, $SUM0_RETRACT($f2_0) AS $f1])
+- Exchange(distribution=[hash[n]])
   +- GroupAggregate(groupBy=[n, $f2], partialFinalType=[PARTIAL], select=[n, $f2, COUNT_RETRACT(DISTINCT a) AS $f2_0])
      +- Exchange(distribution=[hash[n, $f2]])
         +- Calc(select=[n, a, MOD(HASH_CODE(a), 1024) AS $f2])
            +- GroupAggregate(groupBy=[a], select=[a, COUNT(*) AS n])
               +- Exchange(distribution=[hash[a]])
                  +- Calc(select=[EXPR$1 AS a])
                     +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT n, COUNT(DISTINCT a) AS da FROM (SELECT a, COUNT(*) AS n FROM T GROUP BY a) GROUP BY n;
+----+----------------------+----------------------+
| op |                    n |                   da |
+----+----------------------+----------------------+
| +I |                    1 |                    1 |
| -D |                    1 |                    1 |
| +I |                    2 |                    1 |
| +I |                    1 |                    1 |
| -D |                    2 |                    1 |
| +I |                    3 |                    1 |
| -D |                    1 |                    1 |
| +I |                    2 |                    1 |
| -D |                    3 |                    1 |
| +I |                    4 |                    1 |
+----+----------------------+----------------------+
Received a total of 10 rows
!ok

# HASH_CODE is Java's hashCode for booleans and numbers (a bucket is MOD of it, sign kept)
SELECT HASH_CODE(7) AS i, HASH_CODE(CAST(-5 AS BIGINT)) AS l, HASH_CODE(TRUE) AS t, HASH_CODE(FALSE) AS f, HASH_CODE(1.5E0) AS d, HASH_CODE(CAST(NULL AS INT)) AS n, MOD(HASH_CODE(-3), 4) AS m;
+----+-------------+-------------+-------------+-------------+-------------+-------------+-------------+
| op |           i |           l |           t |           f |           d |           n |           m |
+----+-------------+-------------+-------------+-------------+-------------+-------------+-------------+
| +I |           7 |           4 |        1231 |        1237 |  1073217536 |      <NULL> |          -3 |
+----+-------------+-------------+-------------+-------------+-------------+-------------+-------------+
Received a total of 1 row
!ok

# another bucket count
SET 'table.optimizer.distinct-agg.split.bucket-num' = '4';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT COUNT(DISTINCT b) FROM T;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT(DISTINCT $0)])
+- LogicalProject(b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f1_0) AS $f0])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f1], partialFinalType=[PARTIAL], select=[$f1, COUNT(DISTINCT b) AS $f1_0])
      +- Exchange(distribution=[hash[$f1]])
         +- Calc(select=[EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 4) AS $f1])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f1_0) AS $f0])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f1], partialFinalType=[PARTIAL], select=[$f1, COUNT(DISTINCT b) AS $f1_0])
      +- Exchange(distribution=[hash[$f1]])
         +- Calc(select=[EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 4) AS $f1])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT COUNT(DISTINCT b) FROM T;
+----+----------------------+
| op |               EXPR$0 |
+----+----------------------+
| +I |                    1 |
| -U |                    1 |
| +U |                    2 |
| -U |                    2 |
| +U |                    1 |
| -U |                    1 |
| +U |                    3 |
| -U |                    3 |
| +U |                    1 |
| -U |                    1 |
| +U |                    4 |
+----+----------------------+
Received a total of 11 rows
!ok

SET 'table.optimizer.distinct-agg.split.bucket-num' = '0';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(DISTINCT b) FROM T;
[ERROR] Could not execute SQL statement. Reason:
table.optimizer.distinct-agg.split.bucket-num must be a positive number, got '0'.
!error

SET 'table.optimizer.distinct-agg.split.bucket-num' = 'many';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'many' for key 'table.optimizer.distinct-agg.split.bucket-num'.
!error

RESET 'table.optimizer.distinct-agg.split.bucket-num';
[INFO] Execute statement succeeded.
!info

SET 'table.optimizer.distinct-agg.split.enabled' = 'yes';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'yes' for key 'table.optimizer.distinct-agg.split.enabled'.
!error

# calls without a partial and a final function: not split (as in Flink)
EXPLAIN SELECT a, COUNT(DISTINCT b), STDDEV_POP(c) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[COUNT(DISTINCT $1)], EXPR$2=[STDDEV_POP($2)])
+- LogicalProject(a=[$1], b=[$2], c=[$3])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], select=[a, COUNT(DISTINCT b) AS EXPR$1, STDDEV_POP(c) AS EXPR$2])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, EXPR$3 AS c])
      +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], select=[a, COUNT(DISTINCT b) AS EXPR$1, STDDEV_POP(c) AS EXPR$2])
+- Exchange(distribution=[hash[a]])
   +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, EXPR$3 AS c])
      +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

# MIN / MAX / FIRST_VALUE / LAST_VALUE hash their arguments too (a set of
# their own); AVG is split into $SUM0 and COUNT and computed from them on top
SELECT a, COUNT(DISTINCT b), MAX(c) FROM T GROUP BY a;
+----+-------------+----------------------+-------------+
| op |           a |               EXPR$1 |      EXPR$2 |
+----+-------------+----------------------+-------------+
| +I |           1 |                    1 |      <NULL> |
| -U |           1 |                    1 |      <NULL> |
| +U |           1 |                    1 |          10 |
| -U |           1 |                    1 |          10 |
| +U |           1 |                    2 |          10 |
| -U |           1 |                    2 |          10 |
| +U |           1 |                    2 |          20 |
| +I |           2 |                    1 |      <NULL> |
| -U |           2 |                    1 |      <NULL> |
| +U |           2 |                    1 |          10 |
| -U |           1 |                    2 |          20 |
| +U |           1 |                    2 |          30 |
| -U |           2 |                    1 |          10 |
| +U |           2 |                    2 |          10 |
| -U |           1 |                    2 |          30 |
| +U |           1 |                    1 |          30 |
| -U |           1 |                    1 |          30 |
| +U |           1 |                    3 |          30 |
+----+-------------+----------------------+-------------+
Received a total of 18 rows
!ok

EXPLAIN SELECT a, COUNT(DISTINCT b), SUM(b), AVG(b) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[COUNT(DISTINCT $1)], EXPR$2=[SUM($1)], EXPR$3=[AVG($1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
Calc(select=[a, $f1, $f2, CAST(IF(=($f4, 0), null:INTEGER, /(CAST($f3 AS BIGINT NOT NULL), $f4)) AS INTEGER) AS $f3])
+- GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2_0) AS $f1, SUM_RETRACT($f3) AS $f2, $SUM0_RETRACT($f4) AS $f3, $SUM0_RETRACT($f5) AS $f4])
   +- Exchange(distribution=[hash[a]])
      +- GroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(DISTINCT b) AS $f2_0, SUM(b) AS $f3, $SUM0(b) AS $f4, COUNT(b) AS $f5])
         +- Exchange(distribution=[hash[a, $f2]])
            +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
               +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
Calc(select=[a, $f1, $f2, CAST(IF(($f4 = 0), null:INTEGER, (CAST($f3 AS BIGINT) / $f4)) AS INTEGER) AS $f3])
+- GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2_0) AS $f1, SUM_RETRACT($f3) AS $f2, $SUM0_RETRACT($f4) AS $f3, $SUM0_RETRACT($f5) AS $f4])
   +- Exchange(distribution=[hash[a]])
      +- GroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(DISTINCT b) AS $f2_0, SUM(b) AS $f3, $SUM0(b) AS $f4, COUNT(b) AS $f5])
         +- Exchange(distribution=[hash[a, $f2]])
            +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
               +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT a, COUNT(DISTINCT b), SUM(b), AVG(b) FROM T GROUP BY a;
+----+-------------+----------------------+-------------+-------------+
| op |           a |               EXPR$1 |      EXPR$2 |      EXPR$3 |
+----+-------------+----------------------+-------------+-------------+
| +I |           1 |                    1 |           1 |           1 |
| -U |           1 |                    1 |           1 |           1 |
| +U |           1 |                    2 |           3 |           1 |
| +I |           2 |                    1 |           1 |           1 |
| -U |           1 |                    2 |           3 |           1 |
| +U |           1 |                    1 |           1 |           1 |
| -U |           1 |                    1 |           1 |           1 |
| +U |           1 |                    2 |           5 |           1 |
| -U |           2 |                    1 |           1 |           1 |
| +U |           2 |                    2 |           6 |           3 |
| -U |           1 |                    2 |           5 |           1 |
| +U |           1 |                    1 |           4 |           2 |
| -U |           1 |                    1 |           4 |           2 |
| +U |           1 |                    3 |        1030 |         257 |
+----+-------------+----------------------+-------------+-------------+
Received a total of 14 rows
!ok

SELECT a, AVG(DISTINCT b) FROM T GROUP BY a;
+----+-------------+-------------+
| op |           a |      EXPR$1 |
+----+-------------+-------------+
| +I |           1 |           1 |
| -U |           1 |           1 |
| +U |           1 |           1 |
| +I |           2 |           1 |
| -U |           2 |           1 |
| +U |           2 |           3 |
| -U |           1 |           1 |
| +U |           1 |           2 |
| -U |           1 |           2 |
| +U |           1 |         342 |
+----+-------------+-------------+
Received a total of 10 rows
!ok

EXPLAIN SELECT a, FIRST_VALUE(c), LAST_VALUE(c), COUNT(DISTINCT b) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[FIRST_VALUE($1)], EXPR$2=[LAST_VALUE($1)], EXPR$3=[COUNT(DISTINCT $2)])
+- LogicalProject(a=[$1], c=[$3], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, FIRST_VALUE_RETRACT($f3_0) AS $f1, LAST_VALUE_RETRACT($f4_0) AS $f2, $SUM0_RETRACT($f5) AS $f3])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3, $f4], partialFinalType=[PARTIAL], select=[a, $f3, $f4, FIRST_VALUE(c) FILTER $g_1 AS $f3_0, LAST_VALUE(c) FILTER $g_1 AS $f4_0, COUNT(DISTINCT b) FILTER $g_2 AS $f5])
      +- Exchange(distribution=[hash[a, $f3, $f4]])
         +- Calc(select=[a, c, b, $f3, $f4, =($e, 1) AS $g_1, =($e, 2) AS $g_2])
            +- Expand(projects=[{a, c, b, $f3, null AS $f4, 1 AS $e}, {a, c, b, null AS $f3, $f4, 2 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$3 AS c, EXPR$2 AS b, MOD(HASH_CODE(EXPR$3), 1024) AS $f3, MOD(HASH_CODE(EXPR$2), 1024) AS $f4])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, FIRST_VALUE_RETRACT($f3_0) AS $f1, LAST_VALUE_RETRACT($f4_0) AS $f2, $SUM0_RETRACT($f5) AS $f3])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3, $f4], partialFinalType=[PARTIAL], select=[a, $f3, $f4, FIRST_VALUE(c) FILTER $g_1 AS $f3_0, LAST_VALUE(c) FILTER $g_1 AS $f4_0, COUNT(DISTINCT b) FILTER $g_2 AS $f5])
      +- Exchange(distribution=[hash[a, $f3, $f4]])
         +- Calc(select=[a, c, b, $f3, $f4, ($e = 1) AS $g_1, ($e = 2) AS $g_2])
            +- Expand(projects=[{a, c, b, $f3, null AS $f4, 1 AS $e}, {a, c, b, null AS $f3, $f4, 2 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$3 AS c, EXPR$2 AS b, MOD(HASH_CODE(EXPR$3), 1024) AS $f3, MOD(HASH_CODE(EXPR$2), 1024) AS $f4])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

# (LAST_VALUE is the last value the partial phase changed, not the last row's: it is only explained)
SELECT a, FIRST_VALUE(c), COUNT(DISTINCT b) FROM T GROUP BY a;
+----+-------------+-------------+----------------------+
| op |           a |      EXPR$1 |               EXPR$2 |
+----+-------------+-------------+----------------------+
| +I |           1 |          10 |                    0 |
| -U |           1 |          10 |                    0 |
| +U |           1 |          10 |                    1 |
| -U |           1 |          10 |                    1 |
| +U |           1 |          10 |                    2 |
| +I |           2 |          10 |                    0 |
| -U |           2 |          10 |                    0 |
| +U |           2 |          10 |                    1 |
| -U |           2 |          10 |                    1 |
| +U |           2 |          10 |                    2 |
| -U |           1 |          10 |                    2 |
| +U |           1 |          10 |                    1 |
| -U |           1 |          10 |                    1 |
| +U |           1 |          10 |                    3 |
+----+-------------+-------------+----------------------+
Received a total of 14 rows
!ok

# LISTAGG and SINGLE_VALUE keep the keys' set
EXPLAIN SELECT a, LISTAGG(CAST(c AS STRING)), COUNT(DISTINCT b) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[LISTAGG($1)], EXPR$2=[COUNT(DISTINCT $2)])
+- LogicalProject(a=[$1], $f1=[CAST($3):VARCHAR(2147483647) CHARACTER SET "UTF-16LE" NOT NULL], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, LISTAGG_RETRACT($f2) AS $f1, $SUM0_RETRACT($f3_0) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3], partialFinalType=[PARTIAL], select=[a, $f3, LISTAGG($f1) AS $f2, COUNT(DISTINCT b) AS $f3_0])
      +- Exchange(distribution=[hash[a, $f3]])
         +- Calc(select=[EXPR$1 AS a, CAST(EXPR$3 AS VARCHAR(2147483647) CHARACTER SET "UTF-16LE" NOT NULL) AS $f1, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, LISTAGG_RETRACT($f2) AS $f1, $SUM0_RETRACT($f3_0) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3], partialFinalType=[PARTIAL], select=[a, $f3, LISTAGG($f1) AS $f2, COUNT(DISTINCT b) AS $f3_0])
      +- Exchange(distribution=[hash[a, $f3]])
         +- Calc(select=[EXPR$1 AS a, CAST(EXPR$3 AS VARCHAR(2147483647)) AS $f1, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

# three sets in Calcite's order: (a, $f3), (a, $f4), then (a) alone
EXPLAIN SELECT a, MIN(b), MAX(b), SUM(b), COUNT(*), COUNT(DISTINCT c) FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[MIN($1)], EXPR$2=[MAX($1)], EXPR$3=[SUM($1)], EXPR$4=[COUNT()], EXPR$5=[COUNT(DISTINCT $2)])
+- LogicalProject(a=[$1], b=[$2], c=[$3])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, MIN_RETRACT($f3_0) AS $f1, MAX_RETRACT($f4_0) AS $f2, SUM_RETRACT($f5) AS $f3, $SUM0_RETRACT($f6) AS $f4, $SUM0_RETRACT($f7) AS $f5])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3, $f4], partialFinalType=[PARTIAL], select=[a, $f3, $f4, MIN(b) FILTER $g_1 AS $f3_0, MAX(b) FILTER $g_1 AS $f4_0, SUM(b) FILTER $g_3 AS $f5, COUNT(*) FILTER $g_3 AS $f6, COUNT(DISTINCT c) FILTER $g_2 AS $f7])
      +- Exchange(distribution=[hash[a, $f3, $f4]])
         +- Calc(select=[a, b, c, $f3, $f4, =($e, 1) AS $g_1, =($e, 3) AS $g_3, =($e, 2) AS $g_2])
            +- Expand(projects=[{a, b, c, $f3, null AS $f4, 1 AS $e}, {a, b, c, null AS $f3, $f4, 2 AS $e}, {a, b, c, null AS $f3, null AS $f4, 3 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, EXPR$3 AS c, MOD(HASH_CODE(EXPR$2), 1024) AS $f3, MOD(HASH_CODE(EXPR$3), 1024) AS $f4])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, MIN_RETRACT($f3_0) AS $f1, MAX_RETRACT($f4_0) AS $f2, SUM_RETRACT($f5) AS $f3, $SUM0_RETRACT($f6) AS $f4, $SUM0_RETRACT($f7) AS $f5])
+- Exchange(distribution=[hash[a]])
   +- GroupAggregate(groupBy=[a, $f3, $f4], partialFinalType=[PARTIAL], select=[a, $f3, $f4, MIN(b) FILTER $g_1 AS $f3_0, MAX(b) FILTER $g_1 AS $f4_0, SUM(b) FILTER $g_3 AS $f5, COUNT(*) FILTER $g_3 AS $f6, COUNT(DISTINCT c) FILTER $g_2 AS $f7])
      +- Exchange(distribution=[hash[a, $f3, $f4]])
         +- Calc(select=[a, b, c, $f3, $f4, ($e = 1) AS $g_1, ($e = 3) AS $g_3, ($e = 2) AS $g_2])
            +- Expand(projects=[{a, b, c, $f3, null AS $f4, 1 AS $e}, {a, b, c, null AS $f3, $f4, 2 AS $e}, {a, b, c, null AS $f3, null AS $f4, 3 AS $e}])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, EXPR$3 AS c, MOD(HASH_CODE(EXPR$2), 1024) AS $f3, MOD(HASH_CODE(EXPR$3), 1024) AS $f4])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT a, MIN(b), MAX(b), SUM(b), COUNT(*), COUNT(DISTINCT c) FROM T GROUP BY a;
+----+-------------+-------------+-------------+-------------+----------------------+----------------------+
| op |           a |      EXPR$1 |      EXPR$2 |      EXPR$3 |               EXPR$4 |               EXPR$5 |
+----+-------------+-------------+-------------+-------------+----------------------+----------------------+
| +I |           1 |           1 |           1 |      <NULL> |                    0 |                    0 |
| -U |           1 |           1 |           1 |      <NULL> |                    0 |                    0 |
| +U |           1 |           1 |           1 |      <NULL> |                    0 |                    1 |
| -U |           1 |           1 |           1 |      <NULL> |                    0 |                    1 |
| +U |           1 |           1 |           1 |           1 |                    1 |                    1 |
| -U |           1 |           1 |           1 |           1 |                    1 |                    1 |
| +U |           1 |           1 |           2 |           1 |                    1 |                    1 |
| -U |           1 |           1 |           2 |           1 |                    1 |                    1 |
| +U |           1 |           1 |           2 |           1 |                    1 |                    2 |
| -U |           1 |           1 |           2 |           1 |                    1 |                    2 |
| +U |           1 |           1 |           2 |      <NULL> |                    0 |                    2 |
| -U |           1 |           1 |           2 |      <NULL> |                    0 |                    2 |
| +U |           1 |           1 |           2 |           3 |                    2 |                    2 |
| +I |           2 |           1 |           1 |      <NULL> |                    0 |                    0 |
| -U |           2 |           1 |           1 |      <NULL> |                    0 |                    0 |
| +U |           2 |           1 |           1 |      <NULL> |                    0 |                    1 |
| -U |           2 |           1 |           1 |      <NULL> |                    0 |                    1 |
| +U |           2 |           1 |           1 |           1 |                    1 |                    1 |
| -U |           1 |           1 |           2 |           3 |                    2 |                    2 |
| +U |           1 |           1 |           2 |           3 |                    2 |                    3 |
| -U |           1 |           1 |           2 |           3 |                    2 |                    3 |
| +U |           1 |           1 |           2 |      <NULL> |                    0 |                    3 |
| -U |           1 |           1 |           2 |      <NULL> |                    0 |                    3 |
| +U |           1 |           1 |           2 |           5 |                    3 |                    3 |
| -U |           2 |           1 |           1 |           1 |                    1 |                    1 |
| +U |           2 |           1 |           5 |           1 |                    1 |                    1 |
| -U |           2 |           1 |           5 |           1 |                    1 |                    1 |
| +U |           2 |           1 |           5 |      <NULL> |                    0 |                    1 |
| -U |           2 |           1 |           5 |      <NULL> |                    0 |                    1 |
| +U |           2 |           1 |           5 |           6 |                    2 |                    1 |
| -U |           1 |           1 |           2 |           5 |                    3 |                    3 |
| +U |           1 |           2 |           2 |           5 |                    3 |                    3 |
| -U |           1 |           2 |           2 |           5 |                    3 |                    3 |
| +U |           1 |           1 |        1025 |           5 |                    3 |                    3 |
| -U |           1 |           1 |        1025 |           5 |                    3 |                    3 |
| +U |           1 |           1 |        1025 |      <NULL> |                    0 |                    3 |
| -U |           1 |           1 |        1025 |      <NULL> |                    0 |                    3 |
| +U |           1 |           1 |        1025 |        1030 |                    4 |                    3 |
+----+-------------+-------------+-------------+-------------+----------------------+----------------------+
Received a total of 38 rows
!ok

# an AVG over an empty FILTER is NULL (its count is 0)
SELECT a, COUNT(DISTINCT b), AVG(c) FILTER (WHERE c > 100) FROM T GROUP BY a;
+----+-------------+----------------------+-------------+
| op |           a |               EXPR$1 |      EXPR$2 |
+----+-------------+----------------------+-------------+
| +I |           1 |                    1 |      <NULL> |
| -U |           1 |                    1 |      <NULL> |
| +U |           1 |                    2 |      <NULL> |
| +I |           2 |                    1 |      <NULL> |
| -U |           2 |                    1 |      <NULL> |
| +U |           2 |                    2 |      <NULL> |
| -U |           1 |                    2 |      <NULL> |
| +U |           1 |                    1 |      <NULL> |
| -U |           1 |                    1 |      <NULL> |
| +U |           1 |                    3 |      <NULL> |
+----+-------------+----------------------+-------------+
Received a total of 10 rows
!ok

# a multi-argument DISTINCT hashes each argument; COUNT of two columns is not supported (as without the split)
EXPLAIN SELECT COUNT(DISTINCT a, b) FROM T;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT(DISTINCT $0, $1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f2_0) AS $f0])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(DISTINCT a, b) AS $f2_0])
      +- Exchange(distribution=[hash[$f2, $f3]])
         +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f2_0) AS $f0])
+- Exchange(distribution=[single])
   +- GroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(DISTINCT a, b) AS $f2_0])
      +- Exchange(distribution=[hash[$f2, $f3]])
         +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
            +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT COUNT(DISTINCT a, b) FROM T;
[ERROR] Could not execute SQL statement. Reason:
We now only support the count of one field.
!error

# mini-batch, one phase: each phase buffers 3 rows
SET 'table.exec.mini-batch.enabled' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'table.exec.mini-batch.allow-latency' = '1 h';
[INFO] Execute statement succeeded.
!info

SET 'table.exec.mini-batch.size' = '3';
[INFO] Execute statement succeeded.
!info

SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
[INFO] Execute statement succeeded.
!info

SELECT a, COUNT(DISTINCT b) AS db, SUM(b) AS s FROM T GROUP BY a;
+----+-------------+----------------------+-------------+
| op |           a |                   db |           s |
+----+-------------+----------------------+-------------+
| +I |           1 |                    2 |           3 |
| +I |           2 |                    1 |           1 |
| -U |           1 |                    2 |           3 |
| +U |           1 |                    2 |           5 |
| -U |           2 |                    1 |           1 |
| +U |           2 |                    2 |           6 |
| -U |           1 |                    2 |           5 |
| +U |           1 |                    3 |        1030 |
+----+-------------+----------------------+-------------+
Received a total of 8 rows
!ok

# two phases: the final local phase and the partial global one merge into an
# IncrementalGroupAggregate (by the partial keys' buckets, emitting per final key and
# mini-batch the accumulators the final GlobalGroupAggregate merges; its output inserts
# only, so the final phase does not retract). Mini-batches of 3: the buckets of rows 1-3
# go out as one change per key, the final phase folds the first 3 of those 4 changes
# (the final values of a = 1), then the last.
RESET 'table.optimizer.agg-phase-strategy';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, COUNT(DISTINCT b) AS db, SUM(b) AS s FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], db=[COUNT(DISTINCT $1)], s=[SUM($1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0(count$0) AS $f1, SUM(sum$1) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- IncrementalGroupAggregate(partialAggGrouping=[a, $f2], finalAggGrouping=[a], select=[a, COUNT(distinct$0 count$0) AS count$0, SUM(sum$1) AS sum$1])
      +- Exchange(distribution=[hash[a, $f2]])
         +- LocalGroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(distinct$0 b) AS count$0, SUM(b) AS sum$1, DISTINCT(b) AS distinct$0])
            +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
               +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0(count$0) AS $f1, SUM(sum$1) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- IncrementalGroupAggregate(partialAggGrouping=[a, $f2], finalAggGrouping=[a], select=[a, COUNT(distinct$0 count$0) AS count$0, SUM(sum$1) AS sum$1])
      +- Exchange(distribution=[hash[a, $f2]])
         +- LocalGroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(distinct$0 b) AS count$0, SUM(b) AS sum$1, DISTINCT(b) AS distinct$0])
            +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
               +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT a, COUNT(DISTINCT b) AS db, SUM(b) AS s FROM T GROUP BY a;
+----+-------------+----------------------+-------------+
| op |           a |                   db |           s |
+----+-------------+----------------------+-------------+
| +I |           1 |                    3 |        1030 |
| +I |           2 |                    1 |           1 |
| -U |           2 |                    1 |           1 |
| +U |           2 |                    2 |           6 |
+----+-------------+----------------------+-------------+
Received a total of 4 rows
!ok

EXPLAIN SELECT COUNT(DISTINCT a), SUM(DISTINCT b) FROM T;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT(DISTINCT $0)], EXPR$1=[SUM(DISTINCT $1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(partialFinalType=[FINAL], select=[$SUM0(count$0) AS $f0, SUM(sum$1) AS $f1])
+- Exchange(distribution=[single])
   +- IncrementalGroupAggregate(partialAggGrouping=[$f2, $f3], finalAggGrouping=[], select=[COUNT(distinct$0 count$0) AS count$0, SUM(distinct$1 sum$1) AS sum$1])
      +- Exchange(distribution=[hash[$f2, $f3]])
         +- LocalGroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(distinct$0 a) FILTER $g_1 AS count$0, SUM(distinct$1 b) FILTER $g_2 AS sum$1, DISTINCT(a) AS distinct$0, DISTINCT(b) AS distinct$1])
            +- Calc(select=[a, b, $f2, $f3, =($e, 1) AS $g_1, =($e, 2) AS $g_2])
               +- Expand(projects=[{a, b, $f2, null AS $f3, 1 AS $e}, {a, b, null AS $f2, $f3, 2 AS $e}])
                  +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
                     +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GlobalGroupAggregate(partialFinalType=[FINAL], select=[$SUM0(count$0) AS $f0, SUM(sum$1) AS $f1])
+- Exchange(distribution=[single])
   +- IncrementalGroupAggregate(partialAggGrouping=[$f2, $f3], finalAggGrouping=[], select=[COUNT(distinct$0 count$0) AS count$0, SUM(distinct$1 sum$1) AS sum$1])
      +- Exchange(distribution=[hash[$f2, $f3]])
         +- LocalGroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(distinct$0 a) FILTER $g_1 AS count$0, SUM(distinct$1 b) FILTER $g_2 AS sum$1, DISTINCT(a) AS distinct$0, DISTINCT(b) AS distinct$1])
            +- Calc(select=[a, b, $f2, $f3, ($e = 1) AS $g_1, ($e = 2) AS $g_2])
               +- Expand(projects=[{a, b, $f2, null AS $f3, 1 AS $e}, {a, b, null AS $f2, $f3, 2 AS $e}])
                  +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
                     +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT COUNT(DISTINCT a), SUM(DISTINCT b) FROM T;
+----+----------------------+-------------+
| op |               EXPR$0 |      EXPR$1 |
+----+----------------------+-------------+
| +I |                    2 |        1033 |
+----+----------------------+-------------+
Received a total of 1 row
!ok

# over an updating input the local phase retracts and counts records, and
# the incremental phase passes its counter on (COUNT_RETRACT(count1$n))
EXPLAIN SELECT n, COUNT(DISTINCT a) AS da FROM (SELECT a, COUNT(*) AS n FROM T GROUP BY a) GROUP BY n;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], da=[COUNT(DISTINCT $1)])
+- LogicalProject(n=[$1], a=[$0])
   +- LogicalAggregate(group=[{0}], n=[COUNT()])
      +- LogicalProject(a=[$1])
         +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
            +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[n], partialFinalType=[FINAL], select=[n, $SUM0_RETRACT(count$0) AS $f1])
+- Exchange(distribution=[hash[n]])
   +- IncrementalGroupAggregate(partialAggGrouping=[n, $f2], finalAggGrouping=[n], select=[n, COUNT_RETRACT(distinct$0 count$0) AS count$0, COUNT_RETRACT(count1$1) AS count1$1])
      +- Exchange(distribution=[hash[n, $f2]])
         +- LocalGroupAggregate(groupBy=[n, $f2], partialFinalType=[PARTIAL], select=[n, $f2, COUNT_RETRACT(distinct$0 a) AS count$0, COUNT_RETRACT(*) AS count1$1, DISTINCT(a) AS distinct$0])
            +- Calc(select=[n, a, MOD(HASH_CODE(a), 1024) AS $f2])
               +- GlobalGroupAggregate(groupBy=[a], select=[a, COUNT(count1$0) AS n])
                  +- Exchange(distribution=[hash[a]])
                     +- LocalGroupAggregate(groupBy=[a], select=[a, COUNT(*) AS count1$0])
                        +- Calc(select=[EXPR$1 AS a])
                           +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[n], partialFinalType=[FINAL], select=[n, $SUM0_RETRACT(count$0) AS $f1])
+- Exchange(distribution=[hash[n]])
   +- IncrementalGroupAggregate(partialAggGrouping=[n, $f2], finalAggGrouping=[n], select=[n, COUNT_RETRACT(distinct$0 count$0) AS count$0, COUNT_RETRACT(count1$1) AS count1$1])
      +- Exchange(distribution=[hash[n, $f2]])
         +- LocalGroupAggregate(groupBy=[n, $f2], partialFinalType=[PARTIAL], select=[n, $f2, COUNT_RETRACT(distinct$0 a) AS count$0, COUNT_RETRACT(*) AS count1$1, DISTINCT(a) AS distinct$0])
            +- Calc(select=[n, a, MOD(HASH_CODE(a), 1024) AS $f2])
               +- GlobalGroupAggregate(groupBy=[a], select=[a, COUNT(count1$0) AS n])
                  +- Exchange(distribution=[hash[a]])
                     +- LocalGroupAggregate(groupBy=[a], select=[a, COUNT(*) AS count1$0])
                        +- Calc(select=[EXPR$1 AS a])
                           +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT n, COUNT(DISTINCT a) AS da FROM (SELECT a, COUNT(*) AS n FROM T GROUP BY a) GROUP BY n;
+----+----------------------+----------------------+
| op |                    n |                   da |
+----+----------------------+----------------------+
| +I |                    4 |                    1 |
| +I |                    2 |                    1 |
+----+----------------------+----------------------+
Received a total of 2 rows
!ok

# without it, four phases

SET 'table.optimizer.incremental-agg-enabled' = 'false';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, COUNT(DISTINCT b) AS db, SUM(b) AS s FROM T GROUP BY a;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], db=[COUNT(DISTINCT $1)], s=[SUM($1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT(sum$0) AS $f1, SUM_RETRACT((sum$1, count$2)) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- LocalGroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2_0) AS sum$0, SUM_RETRACT($f3) AS (sum$1, count$2), COUNT_RETRACT(*) AS count1$3])
      +- GlobalGroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(distinct$0 count$0) AS $f2_0, SUM(sum$1) AS $f3])
         +- Exchange(distribution=[hash[a, $f2]])
            +- LocalGroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(distinct$0 b) AS count$0, SUM(b) AS sum$1, DISTINCT(b) AS distinct$0])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT(sum$0) AS $f1, SUM_RETRACT((sum$1, count$2)) AS $f2])
+- Exchange(distribution=[hash[a]])
   +- LocalGroupAggregate(groupBy=[a], partialFinalType=[FINAL], select=[a, $SUM0_RETRACT($f2_0) AS sum$0, SUM_RETRACT($f3) AS (sum$1, count$2), COUNT_RETRACT(*) AS count1$3])
      +- GlobalGroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(distinct$0 count$0) AS $f2_0, SUM(sum$1) AS $f3])
         +- Exchange(distribution=[hash[a, $f2]])
            +- LocalGroupAggregate(groupBy=[a, $f2], partialFinalType=[PARTIAL], select=[a, $f2, COUNT(distinct$0 b) AS count$0, SUM(b) AS sum$1, DISTINCT(b) AS distinct$0])
               +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$2), 1024) AS $f2])
                  +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT a, COUNT(DISTINCT b) AS db, SUM(b) AS s FROM T GROUP BY a;
+----+-------------+----------------------+-------------+
| op |           a |                   db |           s |
+----+-------------+----------------------+-------------+
| +I |           1 |                    2 |           5 |
| +I |           2 |                    1 |           1 |
| -U |           2 |                    1 |           1 |
| +U |           2 |                    2 |           6 |
| -U |           1 |                    2 |           5 |
| +U |           1 |                    3 |        1030 |
+----+-------------+----------------------+-------------+
Received a total of 6 rows
!ok

EXPLAIN SELECT COUNT(DISTINCT a), SUM(DISTINCT b) FROM T;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT(DISTINCT $0)], EXPR$1=[SUM(DISTINCT $1)])
+- LogicalProject(a=[$1], b=[$2])
   +- LogicalProject(x=[$0], a=[$1], b=[$2], c=[$3])
      +- LogicalValues(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT(sum$0) AS $f0, SUM_RETRACT((sum$1, count$2)) AS $f1])
+- Exchange(distribution=[single])
   +- LocalGroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f2_0) AS sum$0, SUM_RETRACT($f3_0) AS (sum$1, count$2), COUNT_RETRACT(*) AS count1$3])
      +- GlobalGroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(distinct$0 count$0) AS $f2_0, SUM(distinct$1 sum$1) AS $f3_0])
         +- Exchange(distribution=[hash[$f2, $f3]])
            +- LocalGroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(distinct$0 a) FILTER $g_1 AS count$0, SUM(distinct$1 b) FILTER $g_2 AS sum$1, DISTINCT(a) AS distinct$0, DISTINCT(b) AS distinct$1])
               +- Calc(select=[a, b, $f2, $f3, =($e, 1) AS $g_1, =($e, 2) AS $g_2])
                  +- Expand(projects=[{a, b, $f2, null AS $f3, 1 AS $e}, {a, b, null AS $f2, $f3, 2 AS $e}])
                     +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
                        +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]], values=[EXPR$0, EXPR$1, EXPR$2, EXPR$3])

== Optimized Execution Plan ==
GlobalGroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT(sum$0) AS $f0, SUM_RETRACT((sum$1, count$2)) AS $f1])
+- Exchange(distribution=[single])
   +- LocalGroupAggregate(partialFinalType=[FINAL], select=[$SUM0_RETRACT($f2_0) AS sum$0, SUM_RETRACT($f3_0) AS (sum$1, count$2), COUNT_RETRACT(*) AS count1$3])
      +- GlobalGroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(distinct$0 count$0) AS $f2_0, SUM(distinct$1 sum$1) AS $f3_0])
         +- Exchange(distribution=[hash[$f2, $f3]])
            +- LocalGroupAggregate(groupBy=[$f2, $f3], partialFinalType=[PARTIAL], select=[$f2, $f3, COUNT(distinct$0 a) FILTER $g_1 AS count$0, SUM(distinct$1 b) FILTER $g_2 AS sum$1, DISTINCT(a) AS distinct$0, DISTINCT(b) AS distinct$1])
               +- Calc(select=[a, b, $f2, $f3, ($e = 1) AS $g_1, ($e = 2) AS $g_2])
                  +- Expand(projects=[{a, b, $f2, null AS $f3, 1 AS $e}, {a, b, null AS $f2, $f3, 2 AS $e}])
                     +- Calc(select=[EXPR$1 AS a, EXPR$2 AS b, MOD(HASH_CODE(EXPR$1), 1024) AS $f2, MOD(HASH_CODE(EXPR$2), 1024) AS $f3])
                        +- Values(tuples=[[{ 0, 1, 1, 10 }, { 0, 1, 2, 20 }, { 0, 2, 1, 10 }, { 0, 1, 2, 30 }, { 0, 2, 5, 10 }, { 0, 1, 1025, 20 }]])
!ok

SELECT COUNT(DISTINCT a), SUM(DISTINCT b) FROM T;
+----+----------------------+-------------+
| op |               EXPR$0 |      EXPR$1 |
+----+----------------------+-------------+
| +I |                    2 |        1033 |
+----+----------------------+-------------+
Received a total of 1 row
!ok

# parallelism 4: the final tables
SET 'sql-client.execution.result-mode' = 'table';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '4';
[INFO] Execute statement succeeded.
!info

CREATE TABLE seq (k INT) WITH ('connector' = 'datagen', 'fields.k.kind' = 'sequence', 'fields.k.start' = '1', 'fields.k.end' = '3000');
[INFO] Execute statement succeeded.
!info

SELECT COUNT(DISTINCT k % 100) AS d, SUM(DISTINCT k % 10) AS s, COUNT(*) AS n FROM seq;
+-----+----+------+
|   d |  s |    n |
+-----+----+------+
| 100 | 45 | 3000 |
+-----+----+------+
1 row in set
!ok

SELECT COUNT(*) AS g, SUM(d) AS d, MIN(d) AS mn, MAX(d) AS mx FROM (SELECT k % 7 AS m, COUNT(DISTINCT k % 50) AS d FROM seq GROUP BY k % 7);
+---+-----+----+----+
| g |   d | mn | mx |
+---+-----+----+----+
| 7 | 350 | 50 | 50 |
+---+-----+----+----+
1 row in set
!ok

# the incremental phase gives the four phases' final tables
RESET 'table.optimizer.incremental-agg-enabled';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(DISTINCT k % 100) AS d, SUM(DISTINCT k % 10) AS s, COUNT(*) AS n FROM seq;
+-----+----+------+
|   d |  s |    n |
+-----+----+------+
| 100 | 45 | 3000 |
+-----+----+------+
1 row in set
!ok

SELECT COUNT(*) AS g, SUM(d) AS d, MIN(d) AS mn, MAX(d) AS mx FROM (SELECT k % 7 AS m, COUNT(DISTINCT k % 50) AS d FROM seq GROUP BY k % 7);
+---+-----+----+----+
| g |   d | mn | mx |
+---+-----+----+----+
| 7 | 350 | 50 | 50 |
+---+-----+----+----+
1 row in set
!ok

SET 'table.exec.mini-batch.enabled' = 'false';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(DISTINCT k % 100) AS d, SUM(DISTINCT k % 10) AS s, COUNT(*) AS n FROM seq;
+-----+----+------+
|   d |  s |    n |
+-----+----+------+
| 100 | 45 | 3000 |
+-----+----+------+
1 row in set
!ok

SELECT COUNT(*) AS g, SUM(d) AS d, MIN(d) AS mn, MAX(d) AS mx FROM (SELECT k % 7 AS m, COUNT(DISTINCT k % 50) AS d FROM seq GROUP BY k % 7);
+---+-----+----+----+
| g |   d | mn | mx |
+---+-----+----+----+
| 7 | 350 | 50 | 50 |
+---+-----+----+----+
1 row in set
!ok
