# batch_join.q - BATCH joins (HashJoin build / probe, NestedLoopJoin for
# conditions without equalities, semi / anti joins for IN / EXISTS) and the
# set operations the planner rewrites into them. At parallelism 1 rows come
# in the probe side's order, each with its matches in build order; the
# unmatched rows of an outer build side last.

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW L AS SELECT * FROM (VALUES ('Alice', 1), ('Bob', 2), ('Carol', 3), (CAST(NULL AS STRING), 4)) AS T(name, a);
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW R AS SELECT * FROM (VALUES ('Alice', 10), ('Alice', 11), ('Dave', 12), (CAST(NULL AS STRING), 13)) AS T(name, b);
[INFO] Execute statement succeeded.
!info

# inner, outer, semi and anti joins; NULL keys never match with =
SELECT * FROM L JOIN R ON L.name = R.name;
+-------+---+-------+----+
|  name | a | name0 |  b |
+-------+---+-------+----+
| Alice | 1 | Alice | 10 |
| Alice | 1 | Alice | 11 |
+-------+---+-------+----+
2 rows in set
!ok

SELECT * FROM L LEFT JOIN R ON L.name = R.name;
+--------+---+--------+--------+
|   name | a |  name0 |      b |
+--------+---+--------+--------+
|  Alice | 1 |  Alice |     10 |
|  Alice | 1 |  Alice |     11 |
|    Bob | 2 | <NULL> | <NULL> |
|  Carol | 3 | <NULL> | <NULL> |
| <NULL> | 4 | <NULL> | <NULL> |
+--------+---+--------+--------+
5 rows in set
!ok

SELECT * FROM L RIGHT JOIN R ON L.name = R.name;
+--------+--------+--------+----+
|   name |      a |  name0 |  b |
+--------+--------+--------+----+
|  Alice |      1 |  Alice | 10 |
|  Alice |      1 |  Alice | 11 |
| <NULL> | <NULL> |   Dave | 12 |
| <NULL> | <NULL> | <NULL> | 13 |
+--------+--------+--------+----+
4 rows in set
!ok

SELECT * FROM L FULL JOIN R ON L.name = R.name;
+--------+--------+--------+--------+
|   name |      a |  name0 |      b |
+--------+--------+--------+--------+
|  Alice |      1 |  Alice |     10 |
|  Alice |      1 |  Alice |     11 |
|    Bob |      2 | <NULL> | <NULL> |
|  Carol |      3 | <NULL> | <NULL> |
| <NULL> |      4 | <NULL> | <NULL> |
| <NULL> | <NULL> |   Dave |     12 |
| <NULL> | <NULL> | <NULL> |     13 |
+--------+--------+--------+--------+
7 rows in set
!ok

SELECT * FROM L WHERE name IN (SELECT name FROM R);
+-------+---+
|  name | a |
+-------+---+
| Alice | 1 |
+-------+---+
1 row in set
!ok

SELECT * FROM L WHERE name NOT IN (SELECT name FROM R);
Empty set
!ok

SELECT * FROM L WHERE NOT EXISTS (SELECT * FROM R WHERE R.name = L.name);
+--------+---+
|   name | a |
+--------+---+
|    Bob | 2 |
|  Carol | 3 |
| <NULL> | 4 |
+--------+---+
3 rows in set
!ok

# no equi-key: NestedLoopJoin; a residual condition with keys
SELECT * FROM L JOIN R ON L.a < R.b - 10;
+-------+---+--------+----+
|  name | a |  name0 |  b |
+-------+---+--------+----+
| Alice | 1 |   Dave | 12 |
| Alice | 1 | <NULL> | 13 |
|   Bob | 2 | <NULL> | 13 |
+-------+---+--------+----+
3 rows in set
!ok

SELECT * FROM L JOIN R ON L.name = R.name AND L.a + 9 < R.b;
+-------+---+-------+----+
|  name | a | name0 |  b |
+-------+---+-------+----+
| Alice | 1 | Alice | 11 |
+-------+---+-------+----+
1 row in set
!ok

# set operations: NULLs are equal here
SELECT name FROM L INTERSECT SELECT name FROM R;
+--------+
|   name |
+--------+
|  Alice |
| <NULL> |
+--------+
2 rows in set
!ok

SELECT name FROM L EXCEPT SELECT name FROM R;
+-------+
|  name |
+-------+
|   Bob |
| Carol |
+-------+
2 rows in set
!ok

SELECT name FROM L UNION SELECT name FROM R;
+--------+
|   name |
+--------+
|    Bob |
|   Dave |
|  Alice |
| <NULL> |
|  Carol |
+--------+
5 rows in set
!ok

# a scalar subquery: a single-row nested loop
SELECT a, (SELECT COUNT(*) FROM R) FROM L;
+---+--------+
| a | EXPR$1 |
+---+--------+
| 1 |      4 |
| 2 |      4 |
| 3 |      4 |
| 4 |      4 |
+---+--------+
4 rows in set
!ok

SELECT * FROM L JOIN R ON L.name IS NOT DISTINCT FROM R.name;
+--------+---+--------+----+
|   name | a |  name0 |  b |
+--------+---+--------+----+
|  Alice | 1 |  Alice | 10 |
|  Alice | 1 |  Alice | 11 |
| <NULL> | 4 | <NULL> | 13 |
+--------+---+--------+----+
3 rows in set
!ok

SELECT L.name, COUNT(*) AS c, SUM(b) FROM L JOIN R ON L.name = R.name GROUP BY L.name;
+-------+---+--------+
|  name | c | EXPR$2 |
+-------+---+--------+
| Alice | 2 |     21 |
+-------+---+--------+
1 row in set
!ok

SET 'table.exec.disabled-operators' = 'HashJoin';
[INFO] Execute statement succeeded.
!info

SELECT * FROM L FULL JOIN R ON L.name = R.name;
+--------+--------+--------+--------+
|   name |      a |  name0 |      b |
+--------+--------+--------+--------+
|  Alice |      1 |  Alice |     10 |
|  Alice |      1 |  Alice |     11 |
|    Bob |      2 | <NULL> | <NULL> |
|  Carol |      3 | <NULL> | <NULL> |
| <NULL> |      4 | <NULL> | <NULL> |
| <NULL> | <NULL> |   Dave |     12 |
| <NULL> | <NULL> | <NULL> |     13 |
+--------+--------+--------+--------+
7 rows in set
!ok

RESET 'table.exec.disabled-operators';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '4';
[INFO] Execute statement succeeded.
!info

SELECT * FROM L FULL JOIN R ON L.name = R.name ORDER BY a, b;
+--------+--------+--------+--------+
|   name |      a |  name0 |      b |
+--------+--------+--------+--------+
| <NULL> | <NULL> |   Dave |     12 |
| <NULL> | <NULL> | <NULL> |     13 |
|  Alice |      1 |  Alice |     10 |
|  Alice |      1 |  Alice |     11 |
|    Bob |      2 | <NULL> | <NULL> |
|  Carol |      3 | <NULL> | <NULL> |
| <NULL> |      4 | <NULL> | <NULL> |
+--------+--------+--------+--------+
7 rows in set
!ok

# FULL joins as nested loops (a side of one row, or no equality) run as
# one instance: a broadcast side would bring its unmatched rows from every
# instance
SELECT * FROM L FULL JOIN (SELECT SUM(b) AS s FROM R WHERE b > 100) AS S ON L.a = S.s ORDER BY a;
+--------+--------+--------+
|   name |      a |      s |
+--------+--------+--------+
| <NULL> | <NULL> | <NULL> |
|  Alice |      1 | <NULL> |
|    Bob |      2 | <NULL> |
|  Carol |      3 | <NULL> |
| <NULL> |      4 | <NULL> |
+--------+--------+--------+
5 rows in set
!ok

SELECT * FROM (SELECT SUM(b) AS s FROM R WHERE b > 100) AS S FULL JOIN L ON L.a = S.s ORDER BY a;
+--------+--------+--------+
|      s |   name |      a |
+--------+--------+--------+
| <NULL> | <NULL> | <NULL> |
| <NULL> |  Alice |      1 |
| <NULL> |    Bob |      2 |
| <NULL> |  Carol |      3 |
| <NULL> | <NULL> |      4 |
+--------+--------+--------+
5 rows in set
!ok

SELECT * FROM L FULL JOIN R ON L.a > R.b ORDER BY a, b;
+--------+--------+--------+--------+
|   name |      a |  name0 |      b |
+--------+--------+--------+--------+
| <NULL> | <NULL> |  Alice |     10 |
| <NULL> | <NULL> |  Alice |     11 |
| <NULL> | <NULL> |   Dave |     12 |
| <NULL> | <NULL> | <NULL> |     13 |
|  Alice |      1 | <NULL> | <NULL> |
|    Bob |      2 | <NULL> | <NULL> |
|  Carol |      3 | <NULL> | <NULL> |
| <NULL> |      4 | <NULL> | <NULL> |
+--------+--------+--------+--------+
8 rows in set
!ok

SELECT c FROM (SELECT COUNT(*) AS c FROM L) ORDER BY c;
+---+
| c |
+---+
| 4 |
+---+
1 row in set
!ok
