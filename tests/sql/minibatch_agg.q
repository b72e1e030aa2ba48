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

# an aggregate over the two-phase one: its input updates (one phase, COUNT_RETRACT); the batch
# (-U Bob 1, +U Bob 2, -U Alice 2) leaves count 2 as it was: nothing sent for it
SELECT c, COUNT(*) FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
+----+----------------------+----------------------+
| op |                    c |               EXPR$1 |
+----+----------------------+----------------------+
| +I |                    2 |                    1 |
| +I |                    1 |                    2 |
| -U |                    1 |                    2 |
| +U |                    1 |                    1 |
| +I |                    3 |                    1 |
+----+----------------------+----------------------+
Received a total of 5 rows
!ok

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
