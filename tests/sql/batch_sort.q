# batch_sort.q - BATCH ORDER BY (Sort, SortLimit) and Top-N (Rank:
# ROW_NUMBER / RANK / DENSE_RANK with a rank filter, over a sorted input).
# Sorts are stable: ties keep their arrival order.

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW S AS SELECT * FROM (VALUES ('a', 1, 10), ('b', 2, 20), ('a', 3, 30), ('c', 4, 40), ('b', 5, 20), ('a', 6, 30), ('b', 7, CAST(NULL AS INT))) AS T(k, id, v);
[INFO] Execute statement succeeded.
!info

SELECT * FROM S ORDER BY v DESC, id;
+---+----+--------+
| k | id |      v |
+---+----+--------+
| c |  4 |     40 |
| a |  3 |     30 |
| a |  6 |     30 |
| b |  2 |     20 |
| b |  5 |     20 |
| a |  1 |     10 |
| b |  7 | <NULL> |
+---+----+--------+
7 rows in set
!ok

SELECT * FROM S ORDER BY v NULLS FIRST LIMIT 3;
+---+----+--------+
| k | id |      v |
+---+----+--------+
| b |  7 | <NULL> |
| a |  1 |     10 |
| b |  2 |     20 |
+---+----+--------+
3 rows in set
!ok

SELECT * FROM S ORDER BY k, v DESC OFFSET 2 ROWS FETCH NEXT 3 ROWS ONLY;
+---+----+----+
| k | id |  v |
+---+----+----+
| a |  1 | 10 |
| b |  2 | 20 |
| b |  5 | 20 |
+---+----+----+
3 rows in set
!ok

# Top-N per partition
SELECT * FROM (SELECT k, id, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM S) WHERE rn <= 2;
+---+----+----+----+
| k | id |  v | rn |
+---+----+----+----+
| a |  3 | 30 |  1 |
| a |  6 | 30 |  2 |
| b |  2 | 20 |  1 |
| b |  5 | 20 |  2 |
| c |  4 | 40 |  1 |
+---+----+----+----+
5 rows in set
!ok

SELECT * FROM (SELECT k, id, v, RANK() OVER (PARTITION BY k ORDER BY v) AS r FROM S) WHERE r <= 2;
+---+----+--------+---+
| k | id |      v | r |
+---+----+--------+---+
| a |  1 |     10 | 1 |
| a |  3 |     30 | 2 |
| a |  6 |     30 | 2 |
| b |  7 | <NULL> | 1 |
| b |  2 |     20 | 2 |
| b |  5 |     20 | 2 |
| c |  4 |     40 | 1 |
+---+----+--------+---+
7 rows in set
!ok

SELECT * FROM (SELECT k, id, v, DENSE_RANK() OVER (PARTITION BY k ORDER BY v) AS r FROM S) WHERE r <= 2;
+---+----+--------+---+
| k | id |      v | r |
+---+----+--------+---+
| a |  1 |     10 | 1 |
| a |  3 |     30 | 2 |
| a |  6 |     30 | 2 |
| b |  7 | <NULL> | 1 |
| b |  2 |     20 | 2 |
| b |  5 |     20 | 2 |
| c |  4 |     40 | 1 |
+---+----+--------+---+
7 rows in set
!ok

# ROW_NUMBER <= n keeps each partition's first n rows while sorting: a tie
# keeps the earlier row, the NULL partition sorts first, NULLs last in DESC
CREATE TEMPORARY VIEW S2 AS SELECT * FROM (VALUES ('a', 1, 10), (CAST(NULL AS STRING), 2, 5), ('a', 3, 30), ('b', 4, CAST(NULL AS INT)), ('a', 5, 30), (CAST(NULL AS STRING), 6, 7), ('b', 7, 1)) AS T(k, id, v);
[INFO] Execute statement succeeded.
!info

SELECT * FROM (SELECT k, id, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM S2) WHERE rn = 1;
+--------+----+----+----+
|      k | id |  v | rn |
+--------+----+----+----+
| <NULL> |  6 |  7 |  1 |
|      a |  3 | 30 |  1 |
|      b |  7 |  1 |  1 |
+--------+----+----+----+
3 rows in set
!ok

SELECT k, id FROM (SELECT k, id, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM S2) WHERE rn <= 2;
+--------+----+
|      k | id |
+--------+----+
| <NULL> |  6 |
| <NULL> |  2 |
|      a |  3 |
|      a |  5 |
|      b |  7 |
|      b |  4 |
+--------+----+
6 rows in set
!ok

# without the rank column, and over all rows
SELECT k, id FROM (SELECT k, id, ROW_NUMBER() OVER (PARTITION BY k ORDER BY id DESC) AS rn FROM S) WHERE rn = 1;
+---+----+
| k | id |
+---+----+
| a |  6 |
| b |  7 |
| c |  4 |
+---+----+
3 rows in set
!ok

SELECT id, v FROM (SELECT id, v, ROW_NUMBER() OVER (ORDER BY v DESC, id) AS rn FROM S) WHERE rn BETWEEN 2 AND 3;
+----+----+
| id |  v |
+----+----+
|  3 | 30 |
|  6 | 30 |
+----+----+
2 rows in set
!ok
