# minibatch_agg.q - mini-batch aggregation (table.exec.mini-batch.*): the
# GroupAggregate buffers table.exec.mini-batch.size rows (or what arrives
# within allow-latency: the MiniBatchAssigner's interval) and sends one
# change per key per batch; with the phase strategy AUTO (or TWO_PHASE) a
# LocalGroupAggregate folds each batch before the exchange and a
# GlobalGroupAggregate merges. Over VALUES (no MiniBatchAssigner) at
# parallelism 1 the batches are the size's, so the changelog is fixed; over
# a table source with an assigner, the final table ('table' mode) is.

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW scores AS SELECT * FROM (VALUES ('Alice', 12, 'Berlin'), ('Bob', 10, CAST(NULL AS STRING)), ('Alice', 100, 'Paris'), ('Carol', CAST(NULL AS INT), 'Paris'), ('Bob', 10, 'Berlin'), ('Alice', 3, 'Rome')) AS T(name, score, city);
[INFO] Execute statement succeeded.
!info

SET 'table.exec.mini-batch.enabled' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'table.exec.mini-batch.allow-latency' = '1 h';
[INFO] Execute statement succeeded.
!info

SET 'table.exec.mini-batch.size' = '3';
[INFO] Execute statement succeeded.
!info

# one phase: batches (Alice Bob Alice) (Carol Bob Alice)
SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
[INFO] Execute statement succeeded.
!info

SELECT name, SUM(score) FROM scores GROUP BY name;
+----+--------------------------------+-------------+
| op |                           name |      EXPR$1 |
+----+--------------------------------+-------------+
| +I |                          Alice |         112 |
| +I |                            Bob |          10 |
| +I |                          Carol |      <NULL> |
| -U |                            Bob |          10 |
| +U |                            Bob |          20 |
| -U |                          Alice |         112 |
| +U |                          Alice |         115 |
+----+--------------------------------+-------------+
Received a total of 7 rows
!ok

SELECT name, COUNT(*) AS c, COUNT(score) AS cs, MIN(score) AS mn, MAX(score) AS mx, AVG(score) AS av, LISTAGG(city) AS cities, COUNT(DISTINCT city) AS dc FROM scores GROUP BY name;
+----+--------------------------------+----------------------+----------------------+-------------+-------------+-------------+--------------------------------+----------------------+
| op |                           name |                    c |                   cs |          mn |          mx |          av |                         cities |                   dc |
+----+--------------------------------+----------------------+----------------------+-------------+-------------+-------------+--------------------------------+----------------------+
| +I |                          Alice |                    2 |                    2 |          12 |         100 |          56 |                   Berlin,Paris |                    2 |
| +I |                            Bob |                    1 |                    1 |          10 |          10 |          10 |                         <NULL> |                    0 |
| +I |                          Carol |                    1 |                    0 |      <NULL> |      <NULL> |      <NULL> |                          Paris |                    1 |
| -U |                            Bob |                    1 |                    1 |          10 |          10 |          10 |                         <NULL> |                    0 |
| +U |                            Bob |                    2 |                    2 |          10 |          10 |          10 |                         Berlin |                    1 |
| -U |                          Alice |                    2 |                    2 |          12 |         100 |          56 |                   Berlin,Paris |                    2 |
| +U |                          Alice |                    3 |                    3 |           3 |         100 |          38 |              Berlin,Paris,Rome |                    3 |
+----+--------------------------------+----------------------+----------------------+-------------+-------------+-------------+--------------------------------+----------------------+
Received a total of 7 rows
!ok

# retractions in: the counts per name counted again
SELECT c, COUNT(*) AS n, MAX(name) AS mx FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
+----+----------------------+----------------------+--------------------------------+
| op |                    c |                    n |                             mx |
+----+----------------------+----------------------+--------------------------------+
| +I |                    2 |                    1 |                          Alice |
| +I |                    1 |                    2 |                          Carol |
| -U |                    1 |                    2 |                          Carol |
| +U |                    1 |                    1 |                          Carol |
| -U |                    2 |                    1 |                          Alice |
| +U |                    2 |                    1 |                            Bob |
| +I |                    3 |                    1 |                          Alice |
+----+----------------------+----------------------+--------------------------------+
Received a total of 7 rows
!ok

# a global aggregate: one change per batch
SELECT COUNT(*), SUM(score), MAX(city) FROM scores;
+----+----------------------+-------------+--------------------------------+
| op |               EXPR$0 |      EXPR$1 |                         EXPR$2 |
+----+----------------------+-------------+--------------------------------+
| +I |                    3 |         122 |                          Paris |
| -U |                    3 |         122 |                          Paris |
| +U |                    6 |         135 |                           Rome |
+----+----------------------+-------------+--------------------------------+
Received a total of 3 rows
!ok

# two phases (AUTO with mini-batch on): the local phase folds each batch of 3 rows; the global one
# buffers 3 of its rows
RESET 'table.optimizer.agg-phase-strategy';
[INFO] Execute statement succeeded.
!info

SELECT name, SUM(score) FROM scores GROUP BY name;
+----+--------------------------------+-------------+
| op |                           name |      EXPR$1 |
+----+--------------------------------+-------------+
| +I |                          Alice |         112 |
| +I |                            Bob |          10 |
| +I |                          Carol |      <NULL> |
| -U |                            Bob |          10 |
| +U |                            Bob |          20 |
| -U |                          Alice |         112 |
| +U |                          Alice |         115 |
+----+--------------------------------+-------------+
Received a total of 7 rows
!ok

EXPLAIN SELECT name, SUM(score), AVG(score), COUNT(*) FROM scores GROUP BY name;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[SUM($1)], EXPR$2=[AVG($1)], EXPR$3=[COUNT()])
+- LogicalProject(name=[$0], score=[$1])
   +- LogicalProject(name=[$0], score=[$1], city=[$2])
      +- LogicalValues(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[name], select=[name, SUM(sum$0) AS EXPR$1, AVG((sum$1, count$2)) AS EXPR$2, COUNT(count1$3) AS EXPR$3])
+- Exchange(distribution=[hash[name]])
   +- LocalGroupAggregate(groupBy=[name], select=[name, SUM(score) AS sum$0, AVG(score) AS (sum$1, count$2), COUNT(*) AS count1$3])
      +- Calc(select=[EXPR$0 AS name, EXPR$1 AS score])
         +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]], values=[EXPR$0, EXPR$1, EXPR$2])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[name], select=[name, SUM(sum$0) AS EXPR$1, AVG((sum$1, count$2)) AS EXPR$2, COUNT(count1$3) AS EXPR$3])
+- Exchange(distribution=[hash[name]])
   +- LocalGroupAggregate(groupBy=[name], select=[name, SUM(score) AS sum$0, AVG(score) AS (sum$1, count$2), COUNT(*) AS count1$3])
      +- Calc(select=[EXPR$0 AS name, EXPR$1 AS score])
         +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])
!ok

# SELECT DISTINCT: a group without calls; the local phase sends its count
SELECT DISTINCT name FROM scores;
+----+--------------------------------+
| op |                           name |
+----+--------------------------------+
| +I |                          Alice |
| +I |                            Bob |
| +I |                          Carol |
+----+--------------------------------+
Received a total of 3 rows
!ok

# calls with views (DISTINCT, LISTAGG) travel as rows through the local phase
SELECT name, COUNT(DISTINCT city), LISTAGG(city) FROM scores GROUP BY name;
+----+--------------------------------+----------------------+--------------------------------+
| op |                           name |               EXPR$1 |                         EXPR$2 |
+----+--------------------------------+----------------------+--------------------------------+
| +I |                          Alice |                    2 |                   Berlin,Paris |
| +I |                            Bob |                    0 |                         <NULL> |
| +I |                          Carol |                    1 |                          Paris |
| -U |                            Bob |                    0 |                         <NULL> |
| +U |                            Bob |                    1 |                         Berlin |
| -U |                          Alice |                    2 |                   Berlin,Paris |
| +U |                          Alice |                    3 |              Berlin,Paris,Rome |
+----+--------------------------------+----------------------+--------------------------------+
Received a total of 7 rows
!ok

# an aggregate over the two-phase one: its input updates, and it runs in two phases too (Flink's
# plan: the local phase retracts into its accumulators, SUM_RETRACT keeps (sum, count), and the
# record counter count1 goes along unless a call is COUNT(*)). The inner global phase sends
# +I(2 Alice) +I(1 Bob) +I(1 Carol), then -U(1 Bob) +U(2 Bob) -U(2 Alice) +U(3 Alice); the outer
# local phase folds them by 3: (c=2: 1, c=1: 2), (c=1: -1, c=2: +1 -1), (c=3: 1); its global
# phase merges the first two batches into one change per key
SELECT c, COUNT(*) FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
+----+----------------------+----------------------+
| op |                    c |               EXPR$1 |
+----+----------------------+----------------------+
| +I |                    2 |                    1 |
| +I |                    1 |                    1 |
| +I |                    3 |                    1 |
+----+----------------------+----------------------+
Received a total of 3 rows
!ok

EXPLAIN CHANGELOG_MODE SELECT c, COUNT(*) FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[COUNT()])
+- LogicalProject(c=[$1])
   +- LogicalAggregate(group=[{0}], c=[COUNT()])
      +- LogicalProject(name=[$0])
         +- LogicalProject(name=[$0], score=[$1], city=[$2])
            +- LogicalValues(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[c], select=[c, COUNT_RETRACT(count1$0) AS EXPR$1], changelogMode=[I,UA,D])
+- Exchange(distribution=[hash[c]], changelogMode=[I])
   +- LocalGroupAggregate(groupBy=[c], select=[c, COUNT_RETRACT(*) AS count1$0], changelogMode=[I])
      +- Calc(select=[c], changelogMode=[I,UB,UA])
         +- GlobalGroupAggregate(groupBy=[name], select=[name, COUNT(count1$0) AS c], changelogMode=[I,UB,UA])
            +- Exchange(distribution=[hash[name]], changelogMode=[I])
               +- LocalGroupAggregate(groupBy=[name], select=[name, COUNT(*) AS count1$0], changelogMode=[I])
                  +- Calc(select=[EXPR$0 AS name], changelogMode=[I])
                     +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]], values=[EXPR$0, EXPR$1, EXPR$2], changelogMode=[I])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[c], select=[c, COUNT_RETRACT(count1$0) AS EXPR$1])
+- Exchange(distribution=[hash[c]])
   +- LocalGroupAggregate(groupBy=[c], select=[c, COUNT_RETRACT(*) AS count1$0])
      +- Calc(select=[c])
         +- GlobalGroupAggregate(groupBy=[name], select=[name, COUNT(count1$0) AS c])
            +- Exchange(distribution=[hash[name]])
               +- LocalGroupAggregate(groupBy=[name], select=[name, COUNT(*) AS count1$0])
                  +- Calc(select=[EXPR$0 AS name])
                     +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])
!ok

SELECT c, SUM(s) AS s, COUNT(s) AS n, AVG(s) AS a FROM (SELECT name, COUNT(*) AS c, SUM(score) AS s FROM scores GROUP BY name) GROUP BY c;
+----+----------------------+-------------+----------------------+-------------+
| op |                    c |           s |                    n |           a |
+----+----------------------+-------------+----------------------+-------------+
| +I |                    2 |         112 |                    1 |         112 |
| +I |                    1 |      <NULL> |                    0 |      <NULL> |
| -U |                    2 |         112 |                    1 |         112 |
| +U |                    2 |          20 |                    1 |          20 |
| +I |                    3 |         115 |                    1 |         115 |
+----+----------------------+-------------+----------------------+-------------+
Received a total of 5 rows
!ok

EXPLAIN SELECT c, SUM(s) AS s, COUNT(s) AS n, AVG(s) AS a FROM (SELECT name, COUNT(*) AS c, SUM(score) AS s FROM scores GROUP BY name) GROUP BY c;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], s=[SUM($1)], n=[COUNT($1)], a=[AVG($1)])
+- LogicalProject(c=[$1], s=[$2])
   +- LogicalAggregate(group=[{0}], c=[COUNT()], s=[SUM($1)])
      +- LogicalProject(name=[$0], score=[$1])
         +- LogicalProject(name=[$0], score=[$1], city=[$2])
            +- LogicalValues(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[c], select=[c, SUM_RETRACT((sum$0, count$1)) AS s, COUNT_RETRACT(count$2) AS n, AVG_RETRACT((sum$3, count$4)) AS a])
+- Exchange(distribution=[hash[c]])
   +- LocalGroupAggregate(groupBy=[c], select=[c, SUM_RETRACT(s) AS (sum$0, count$1), COUNT_RETRACT(s) AS count$2, AVG_RETRACT(s) AS (sum$3, count$4), COUNT_RETRACT(*) AS count1$5])
      +- Calc(select=[c, s])
         +- GlobalGroupAggregate(groupBy=[name], select=[name, COUNT(count1$0) AS c, SUM(sum$1) AS s])
            +- Exchange(distribution=[hash[name]])
               +- LocalGroupAggregate(groupBy=[name], select=[name, COUNT(*) AS count1$0, SUM(score) AS sum$1])
                  +- Calc(select=[EXPR$0 AS name, EXPR$1 AS score])
                     +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]], values=[EXPR$0, EXPR$1, EXPR$2])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[c], select=[c, SUM_RETRACT((sum$0, count$1)) AS s, COUNT_RETRACT(count$2) AS n, AVG_RETRACT((sum$3, count$4)) AS a])
+- Exchange(distribution=[hash[c]])
   +- LocalGroupAggregate(groupBy=[c], select=[c, SUM_RETRACT(s) AS (sum$0, count$1), COUNT_RETRACT(s) AS count$2, AVG_RETRACT(s) AS (sum$3, count$4), COUNT_RETRACT(*) AS count1$5])
      +- Calc(select=[c, s])
         +- GlobalGroupAggregate(groupBy=[name], select=[name, COUNT(count1$0) AS c, SUM(sum$1) AS s])
            +- Exchange(distribution=[hash[name]])
               +- LocalGroupAggregate(groupBy=[name], select=[name, COUNT(*) AS count1$0, SUM(score) AS sum$1])
                  +- Calc(select=[EXPR$0 AS name, EXPR$1 AS score])
                     +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])
!ok

# retractable MIN / MAX keep views: their rows travel through the local phase as they are
SELECT c, MIN(name) AS mn, MAX(name) AS mx, COUNT(*) AS n FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
+----+----------------------+--------------------------------+--------------------------------+----------------------+
| op |                    c |                             mn |                             mx |                    n |
+----+----------------------+--------------------------------+--------------------------------+----------------------+
| +I |                    2 |                          Alice |                          Alice |                    1 |
| +I |                    1 |                            Bob |                          Carol |                    2 |
| -U |                    1 |                            Bob |                          Carol |                    2 |
| +U |                    1 |                          Carol |                          Carol |                    1 |
| -U |                    2 |                          Alice |                          Alice |                    1 |
| +U |                    2 |                            Bob |                            Bob |                    1 |
| +I |                    3 |                          Alice |                          Alice |                    1 |
+----+----------------------+--------------------------------+--------------------------------+----------------------+
Received a total of 7 rows
!ok

EXPLAIN SELECT c, MIN(name) AS mn, MAX(name) AS mx, COUNT(*) AS n FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], mn=[MIN($1)], mx=[MAX($1)], n=[COUNT()])
+- LogicalProject(c=[$1], name=[$0])
   +- LogicalAggregate(group=[{0}], c=[COUNT()])
      +- LogicalProject(name=[$0])
         +- LogicalProject(name=[$0], score=[$1], city=[$2])
            +- LogicalValues(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])

== Optimized Physical Plan ==
GlobalGroupAggregate(groupBy=[c], select=[c, MIN_RETRACT(min$0) AS mn, MAX_RETRACT(max$1) AS mx, COUNT_RETRACT(count1$2) AS n])
+- Exchange(distribution=[hash[c]])
   +- LocalGroupAggregate(groupBy=[c], select=[c, MIN_RETRACT(name) AS min$0, MAX_RETRACT(name) AS max$1, COUNT_RETRACT(*) AS count1$2])
      +- Calc(select=[c, name])
         +- GlobalGroupAggregate(groupBy=[name], select=[name, COUNT(count1$0) AS c])
            +- Exchange(distribution=[hash[name]])
               +- LocalGroupAggregate(groupBy=[name], select=[name, COUNT(*) AS count1$0])
                  +- Calc(select=[EXPR$0 AS name])
                     +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]], values=[EXPR$0, EXPR$1, EXPR$2])

== Optimized Execution Plan ==
GlobalGroupAggregate(groupBy=[c], select=[c, MIN_RETRACT(min$0) AS mn, MAX_RETRACT(max$1) AS mx, COUNT_RETRACT(count1$2) AS n])
+- Exchange(distribution=[hash[c]])
   +- LocalGroupAggregate(groupBy=[c], select=[c, MIN_RETRACT(name) AS min$0, MAX_RETRACT(name) AS max$1, COUNT_RETRACT(*) AS count1$2])
      +- Calc(select=[c, name])
         +- GlobalGroupAggregate(groupBy=[name], select=[name, COUNT(count1$0) AS c])
            +- Exchange(distribution=[hash[name]])
               +- LocalGroupAggregate(groupBy=[name], select=[name, COUNT(*) AS count1$0])
                  +- Calc(select=[EXPR$0 AS name])
                     +- Values(tuples=[[{ _UTF-16LE'Alice', 12, _UTF-16LE'Berlin' }, { _UTF-16LE'Bob', 10, null }, { _UTF-16LE'Alice', 100, _UTF-16LE'Paris' }, { _UTF-16LE'Carol', null:INTEGER, _UTF-16LE'Paris' }, { _UTF-16LE'Bob', 10, _UTF-16LE'Berlin' }, { _UTF-16LE'Alice', 3, _UTF-16LE'Rome' }]])
!ok

# batches of one row: a group whose rows are all retracted goes away (-D), with keys or without
SET 'table.exec.mini-batch.size' = '1';
[INFO] Execute statement succeeded.
!info

SELECT c, COUNT(*) AS n FROM (SELECT name, COUNT(*) AS c FROM scores WHERE name <> 'Carol' GROUP BY name) GROUP BY c;
+----+----------------------+----------------------+
| op |                    c |                    n |
+----+----------------------+----------------------+
| +I |                    1 |                    1 |
| -U |                    1 |                    1 |
| +U |                    1 |                    2 |
| -U |                    1 |                    2 |
| +U |                    1 |                    1 |
| +I |                    2 |                    1 |
| -D |                    1 |                    1 |
| -U |                    2 |                    1 |
| +U |                    2 |                    2 |
| -U |                    2 |                    2 |
| +U |                    2 |                    1 |
| +I |                    3 |                    1 |
+----+----------------------+----------------------+
Received a total of 12 rows
!ok

# verify: skip a global aggregate over no rows: STREAMING retracts its row, BATCH has [0, NULL]
SELECT COUNT(*) AS n, SUM(c) AS s FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) WHERE c = 1 AND name = 'Bob';
+----+----------------------+----------------------+
| op |                    n |                    s |
+----+----------------------+----------------------+
| +I |                    1 |                    1 |
| -D |                    1 |                    1 |
+----+----------------------+----------------------+
Received a total of 2 rows
!ok

SET 'table.exec.mini-batch.size' = '3';
[INFO] Execute statement succeeded.
!info

# a table source: MiniBatchAssigners above it; processing time may end a batch early, so the
# final table only
CREATE TABLE gen (k INT, v INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1000', 'fields.k.min' = '1', 'fields.k.max' = '5', 'fields.v.min' = '2', 'fields.v.max' = '2');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT COUNT(*), SUM(v) FROM gen;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], EXPR$0=[COUNT()], EXPR$1=[SUM($0)])
+- LogicalProject(v=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, gen]])

== Optimized Physical Plan ==
GlobalGroupAggregate(select=[COUNT(count1$0) AS EXPR$0, SUM(sum$1) AS EXPR$1])
+- Exchange(distribution=[single])
   +- LocalGroupAggregate(select=[COUNT(*) AS count1$0, SUM(v) AS sum$1])
      +- Calc(select=[v])
         +- MiniBatchAssigner(interval=[3600000ms], mode=[ProcTime])
            +- TableSourceScan(table=[[default_catalog, default_database, gen]], fields=[k, v])

== Optimized Execution Plan ==
GlobalGroupAggregate(select=[COUNT(count1$0) AS EXPR$0, SUM(sum$1) AS EXPR$1])
+- Exchange(distribution=[single])
   +- LocalGroupAggregate(select=[COUNT(*) AS count1$0, SUM(v) AS sum$1])
      +- Calc(select=[v])
         +- MiniBatchAssigner(interval=[3600000ms], mode=[ProcTime])
            +- TableSourceScan(table=[[default_catalog, default_database, gen]], fields=[k, v])
!ok

SET 'sql-client.execution.result-mode' = 'table';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '2';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(*), SUM(v), MIN(v), MAX(v) FROM gen;
+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 |
+--------+--------+--------+--------+
|   1000 |   2000 |      2 |      2 |
+--------+--------+--------+--------+
1 row in set
!ok

SELECT n, COUNT(*) FROM (SELECT v, COUNT(*) AS n FROM gen GROUP BY v) GROUP BY n;
+------+--------+
|    n | EXPR$1 |
+------+--------+
| 1000 |      1 |
+------+--------+
1 row in set
!ok

# two phases over updating inputs at parallelism 4: the same final table
SET 'parallelism.default' = '4';
[INFO] Execute statement succeeded.
!info

CREATE TABLE seq (k INT) WITH ('connector' = 'datagen', 'fields.k.kind' = 'sequence', 'fields.k.start' = '1', 'fields.k.end' = '1000');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT COUNT(*) AS sizes, SUM(g) AS keys, MIN(n) AS mn, MAX(n) AS mx, AVG(n) AS av FROM (SELECT n, COUNT(*) AS g FROM (SELECT k % 7 AS m, COUNT(*) AS n FROM seq GROUP BY k % 7) GROUP BY n);
== Abstract Syntax Tree ==
LogicalAggregate(group=[{}], sizes=[COUNT()], keys=[SUM($0)], mn=[MIN($1)], mx=[MAX($1)], av=[AVG($1)])
+- LogicalProject(g=[$1], n=[$0])
   +- LogicalAggregate(group=[{0}], g=[COUNT()])
      +- LogicalProject(n=[$1])
         +- LogicalAggregate(group=[{0}], n=[COUNT()])
            +- LogicalProject($f0=[MOD($0, 7)])
               +- LogicalTableScan(table=[[default_catalog, default_database, seq]])

== Optimized Physical Plan ==
GlobalGroupAggregate(select=[COUNT_RETRACT(count1$0) AS sizes, SUM_RETRACT((sum$1, count$2)) AS keys, MIN_RETRACT(min$3) AS mn, MAX_RETRACT(max$4) AS mx, AVG_RETRACT((sum$5, count$6)) AS av])
+- Exchange(distribution=[single])
   +- LocalGroupAggregate(select=[COUNT_RETRACT(*) AS count1$0, SUM_RETRACT(g) AS (sum$1, count$2), MIN_RETRACT(n) AS min$3, MAX_RETRACT(n) AS max$4, AVG_RETRACT(n) AS (sum$5, count$6)])
      +- Calc(select=[g, n])
         +- GlobalGroupAggregate(groupBy=[n], select=[n, COUNT_RETRACT(count1$0) AS g])
            +- Exchange(distribution=[hash[n]])
               +- LocalGroupAggregate(groupBy=[n], select=[n, COUNT_RETRACT(*) AS count1$0])
                  +- Calc(select=[n])
                     +- GlobalGroupAggregate(groupBy=[$f0], select=[$f0, COUNT(count1$0) AS n])
                        +- Exchange(distribution=[hash[$f0]])
                           +- LocalGroupAggregate(groupBy=[$f0], select=[$f0, COUNT(*) AS count1$0])
                              +- Calc(select=[MOD(k, 7) AS $f0])
                                 +- MiniBatchAssigner(interval=[3600000ms], mode=[ProcTime])
                                    +- TableSourceScan(table=[[default_catalog, default_database, seq]], fields=[k])

== Optimized Execution Plan ==
GlobalGroupAggregate(select=[COUNT_RETRACT(count1$0) AS sizes, SUM_RETRACT((sum$1, count$2)) AS keys, MIN_RETRACT(min$3) AS mn, MAX_RETRACT(max$4) AS mx, AVG_RETRACT((sum$5, count$6)) AS av])
+- Exchange(distribution=[single])
   +- LocalGroupAggregate(select=[COUNT_RETRACT(*) AS count1$0, SUM_RETRACT(g) AS (sum$1, count$2), MIN_RETRACT(n) AS min$3, MAX_RETRACT(n) AS max$4, AVG_RETRACT(n) AS (sum$5, count$6)])
      +- Calc(select=[g, n])
         +- GlobalGroupAggregate(groupBy=[n], select=[n, COUNT_RETRACT(count1$0) AS g])
            +- Exchange(distribution=[hash[n]])
               +- LocalGroupAggregate(groupBy=[n], select=[n, COUNT_RETRACT(*) AS count1$0])
                  +- Calc(select=[n])
                     +- GlobalGroupAggregate(groupBy=[$f0], select=[$f0, COUNT(count1$0) AS n])
                        +- Exchange(distribution=[hash[$f0]])
                           +- LocalGroupAggregate(groupBy=[$f0], select=[$f0, COUNT(*) AS count1$0])
                              +- Calc(select=[MOD(k, 7) AS $f0])
                                 +- MiniBatchAssigner(interval=[3600000ms], mode=[ProcTime])
                                    +- TableSourceScan(table=[[default_catalog, default_database, seq]], fields=[k])
!ok

SELECT COUNT(*) AS sizes, SUM(g) AS keys, MIN(n) AS mn, MAX(n) AS mx, AVG(n) AS av FROM (SELECT n, COUNT(*) AS g FROM (SELECT k % 7 AS m, COUNT(*) AS n FROM seq GROUP BY k % 7) GROUP BY n);
+-------+------+-----+-----+-----+
| sizes | keys |  mn |  mx |  av |
+-------+------+-----+-----+-----+
|     2 |    7 | 142 | 143 | 142 |
+-------+------+-----+-----+-----+
1 row in set
!ok

SELECT c, COUNT(*) AS n, SUM(s) AS s FROM (SELECT name, COUNT(*) AS c, SUM(score) AS s FROM scores GROUP BY name) GROUP BY c HAVING c = 3;
+---+---+-----+
| c | n |   s |
+---+---+-----+
| 3 | 1 | 115 |
+---+---+-----+
1 row in set
!ok

SET 'parallelism.default' = '2';
[INFO] Execute statement succeeded.
!info

SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(*), SUM(v), MIN(v), MAX(v) FROM gen;
+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 |
+--------+--------+--------+--------+
|   1000 |   2000 |      2 |      2 |
+--------+--------+--------+--------+
1 row in set
!ok
