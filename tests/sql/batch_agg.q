# batch_agg.q - BATCH aggregation (HashAggregate, LocalHashAggregate,
# SortAggregate): final rows at the end of input, insert-only. Without an
# ORDER BY a HashAggregate's rows come in its hash table's order (the seed's
# changelog example prints +I[Bob, 10], +I[Alice, 112] in BATCH mode); a
# SortAggregate's in key order.

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW InputTable AS SELECT * FROM (VALUES ('Alice', 12), ('Bob', 10), ('Alice', 100)) AS T(name, score);
[INFO] Execute statement succeeded.
!info

# the seed: SELECT name, SUM(score) FROM InputTable GROUP BY name in BATCH mode
SELECT name, SUM(score) FROM InputTable GROUP BY name;
+-------+--------+
|  name | EXPR$1 |
+-------+--------+
|   Bob |     10 |
| Alice |    112 |
+-------+--------+
2 rows in set
!ok

CREATE TEMPORARY VIEW S AS SELECT * FROM (VALUES ('a', 1, 1.5, TRUE), ('b', 2, 2.5, FALSE), ('a', 3, CAST(NULL AS DOUBLE), TRUE), ('c', CAST(NULL AS INT), 4.0, FALSE), ('b', 2, 0.5, TRUE)) AS T(k, v, d, f);
[INFO] Execute statement succeeded.
!info

# every fixed-size aggregate, two-phase (local accumulators merged globally)
SELECT k, COUNT(*), COUNT(v), SUM(v), SUM(d), AVG(v), MIN(v), MAX(d) FROM S GROUP BY k ORDER BY k;
+---+--------+--------+--------+--------+--------+--------+--------+
| k | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 | EXPR$5 | EXPR$6 | EXPR$7 |
+---+--------+--------+--------+--------+--------+--------+--------+
| a |      2 |      2 |      4 |    1.5 |      2 |      1 |    1.5 |
| b |      2 |      2 |      4 |    3.0 |      2 |      2 |    2.5 |
| c |      1 |      0 | <NULL> |    4.0 | <NULL> | <NULL> |    4.0 |
+---+--------+--------+--------+--------+--------+--------+--------+
3 rows in set
!ok

# without keys: one row, also for an empty input
SELECT COUNT(*), SUM(v), AVG(d), MIN(k), MAX(k) FROM S;
+--------+--------+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 |
+--------+--------+--------+--------+--------+
|      5 |      8 |  2.125 |      a |      c |
+--------+--------+--------+--------+--------+
1 row in set
!ok

# verify: skip a global aggregate over no rows: one row in BATCH, none in STREAMING (as in Flink)
SELECT COUNT(*), SUM(v), MAX(k) FROM S WHERE v > 100;
+--------+--------+--------+
| EXPR$0 | EXPR$1 | EXPR$2 |
+--------+--------+--------+
|      0 | <NULL> | <NULL> |
+--------+--------+--------+
1 row in set
!ok

SELECT k, COUNT(*) FROM S WHERE v > 100 GROUP BY k;
Empty set
!ok

# DISTINCT and FILTER
SELECT k, COUNT(DISTINCT v), SUM(DISTINCT v), COUNT(*) FILTER (WHERE f) FROM S GROUP BY k ORDER BY k;
+---+--------+--------+--------+
| k | EXPR$1 | EXPR$2 | EXPR$3 |
+---+--------+--------+--------+
| a |      2 |      4 |      2 |
| b |      1 |      2 |      1 |
| c |      0 | <NULL> |      0 |
+---+--------+--------+--------+
3 rows in set
!ok

SELECT COUNT(DISTINCT k), COUNT(DISTINCT v) FROM S;
+--------+--------+
| EXPR$0 | EXPR$1 |
+--------+--------+
|      3 |      3 |
+--------+--------+
1 row in set
!ok

# variable-length accumulators: SortAggregate
SELECT k, LISTAGG(CAST(v AS STRING)), MIN(CAST(d AS STRING)), FIRST_VALUE(v), LAST_VALUE(v) FROM S GROUP BY k;
+---+--------+--------+--------+--------+
| k | EXPR$1 | EXPR$2 | EXPR$3 | EXPR$4 |
+---+--------+--------+--------+--------+
| a |    1,3 |    1.5 |      1 |      3 |
| b |    2,2 |    0.5 |      2 |      2 |
| c | <NULL> |    4.0 | <NULL> | <NULL> |
+---+--------+--------+--------+--------+
3 rows in set
!ok

SELECT k, COLLECT(v), ARRAY_AGG(v) FROM S GROUP BY k ORDER BY k;
+---+------------+--------+
| k |     EXPR$1 | EXPR$2 |
+---+------------+--------+
| a | {1=1, 3=1} | [1, 3] |
| b |      {2=2} | [2, 2] |
| c |         {} | [null] |
+---+------------+--------+
3 rows in set
!ok

SELECT k, STDDEV_POP(v), VAR_SAMP(v) FROM S GROUP BY k ORDER BY k;
+---+--------+--------+
| k | EXPR$1 | EXPR$2 |
+---+--------+--------+
| a |      1 |      2 |
| b |      0 |      0 |
| c | <NULL> | <NULL> |
+---+--------+--------+
3 rows in set
!ok

# HAVING and an aggregate over an aggregate
SELECT k, SUM(v) AS s FROM S GROUP BY k HAVING COUNT(*) > 1 ORDER BY k;
+---+---+
| k | s |
+---+---+
| a | 4 |
| b | 4 |
+---+---+
2 rows in set
!ok

SELECT COUNT(*), SUM(c) FROM (SELECT k, COUNT(*) AS c FROM S GROUP BY k);
+--------+--------+
| EXPR$0 | EXPR$1 |
+--------+--------+
|      3 |      5 |
+--------+--------+
1 row in set
!ok

# NULL keys form one group
SELECT v, COUNT(*) FROM S GROUP BY v ORDER BY v;
+--------+--------+
|      v | EXPR$1 |
+--------+--------+
| <NULL> |      1 |
|      1 |      1 |
|      2 |      2 |
|      3 |      1 |
+--------+--------+
4 rows in set
!ok

SELECT DISTINCT k FROM S ORDER BY k;
+---+
| k |
+---+
| a |
| b |
| c |
+---+
3 rows in set
!ok

# one phase
SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
[INFO] Execute statement succeeded.
!info

SELECT k, SUM(v), AVG(d) FROM S GROUP BY k ORDER BY k;
+---+--------+--------+
| k | EXPR$1 | EXPR$2 |
+---+--------+--------+
| a |      4 |    1.5 |
| b |      4 |    1.5 |
| c | <NULL> |    4.0 |
+---+--------+--------+
3 rows in set
!ok

RESET 'table.optimizer.agg-phase-strategy';
[INFO] Execute statement succeeded.
!info

# SortAggregate when HashAgg is disabled
SET 'table.exec.disabled-operators' = 'HashAgg';
[INFO] Execute statement succeeded.
!info

SELECT k, COUNT(*), SUM(v) FROM S GROUP BY k;
+---+--------+--------+
| k | EXPR$1 | EXPR$2 |
+---+--------+--------+
| a |      2 |      4 |
| b |      2 |      4 |
| c |      1 | <NULL> |
+---+--------+--------+
3 rows in set
!ok

RESET 'table.exec.disabled-operators';
[INFO] Execute statement succeeded.
!info

# DISTINCT calls over one argument share one map (one count per call), with
# their own FILTERs
SELECT k, COUNT(DISTINCT who) AS d, COUNT(DISTINCT who) FILTER (WHERE price < 10) AS lo, COUNT(DISTINCT who) FILTER (WHERE price >= 10) AS hi, SUM(DISTINCT price) FILTER (WHERE price > 6) AS sp FROM (VALUES (1, 'a', 5), (1, 'b', 50), (1, 'a', 7), (2, 'a', 500), (1, 'c', 70), (1, 'b', 60)) AS T(k, who, price) GROUP BY k ORDER BY k;
+---+---+----+----+-----+
| k | d | lo | hi |  sp |
+---+---+----+----+-----+
| 1 | 3 |  1 |  2 | 187 |
| 2 | 1 |  0 |  1 | 500 |
+---+---+----+----+-----+
2 rows in set
!ok

SET 'parallelism.default' = '4';
[INFO] Execute statement succeeded.
!info

SELECT k, COUNT(*), SUM(v), LISTAGG(k) FROM S GROUP BY k ORDER BY k;
+---+--------+--------+--------+
| k | EXPR$1 | EXPR$2 | EXPR$3 |
+---+--------+--------+--------+
| a |      2 |      4 |    a,a |
| b |      2 |      4 |    b,b |
| c |      1 | <NULL> |      c |
+---+--------+--------+--------+
3 rows in set
!ok

# an aggregate over an aggregate: the sort between the local and the global
# sort aggregate passes the local phase's own row layout on
SELECT cnt, MIN(k) AS mn, MAX(k) AS mx FROM (SELECT k, COUNT(*) AS cnt FROM S GROUP BY k) GROUP BY cnt ORDER BY cnt;
+-----+----+----+
| cnt | mn | mx |
+-----+----+----+
|   1 |  c |  c |
|   2 |  a |  b |
+-----+----+----+
2 rows in set
!ok
