# join.q - streaming regular joins as the SQL client prints them (tableau,
# the op column). The two inputs of a join arrive in either order, so these
# are queries whose changelog is the same in every order; the exact
# changelogs of outer, semi and anti joins row by row, and of joins over
# updating inputs, are in tests/api/test_join.c.

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

# an inner equi-join: one row per key on each side
SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS L(k, v) JOIN (VALUES (1, 'x'), (3, 'y'), (4, 'z')) AS R(k2, w) ON k = k2;
+----+-------------+--------------------------------+-------------+--------------------------------+
| op |           k |                              v |          k2 |                              w |
+----+-------------+--------------------------------+-------------+--------------------------------+
| +I |           1 |                              a |           1 |                              x |
| +I |           3 |                              c |           3 |                              y |
+----+-------------+--------------------------------+-------------+--------------------------------+
Received a total of 2 rows
!ok

# a residual condition, evaluated on the pairs of equal keys
SELECT v, w FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS L(k, v) JOIN (VALUES (1, 'x'), (2, 'a'), (3, 'y')) AS R(k2, w) ON k = k2 AND v < w;
+----+--------------------------------+--------------------------------+
| op |                              v |                              w |
+----+--------------------------------+--------------------------------+
| +I |                              a |                              x |
| +I |                              c |                              y |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

# '=' never matches NULL keys
SELECT v, w FROM (VALUES (1, 'a'), (CAST(NULL AS INT), 'n')) AS L(k, v) JOIN (VALUES (1, 'x'), (CAST(NULL AS INT), 'm')) AS R(k2, w) ON k = k2;
+----+--------------------------------+--------------------------------+
| op |                              v |                              w |
+----+--------------------------------+--------------------------------+
| +I |                              a |                              x |
+----+--------------------------------+--------------------------------+
Received a total of 1 row
!ok

# IS NOT DISTINCT FROM does
SELECT v, w FROM (VALUES (1, 'a'), (CAST(NULL AS INT), 'n')) AS L(k, v) JOIN (VALUES (1, 'x'), (CAST(NULL AS INT), 'm')) AS R(k2, w) ON k IS NOT DISTINCT FROM k2;
+----+--------------------------------+--------------------------------+
| op |                              v |                              w |
+----+--------------------------------+--------------------------------+
| +I |                              a |                              x |
| +I |                              n |                              m |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

# a LEFT JOIN whose rows find no match: padded with NULLs
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS L(k, v) LEFT JOIN (VALUES (5, 'x')) AS R(k2, w) ON k = k2;
+----+-------------+--------------------------------+-------------+--------------------------------+
| op |           k |                              v |          k2 |                              w |
+----+-------------+--------------------------------+-------------+--------------------------------+
| +I |           1 |                              a |      <NULL> |                         <NULL> |
| +I |           2 |                              b |      <NULL> |                         <NULL> |
+----+-------------+--------------------------------+-------------+--------------------------------+
Received a total of 2 rows
!ok

# a self-join
SELECT a.name, b.city FROM (VALUES ('Alice', 'Berlin'), ('Bob', 'Paris')) AS a(name, city) JOIN (VALUES ('Alice', 'Berlin'), ('Bob', 'Paris')) AS b(name, city) ON a.name = b.name;
+----+--------------------------------+--------------------------------+
| op |                           name |                           city |
+----+--------------------------------+--------------------------------+
| +I |                          Alice |                         Berlin |
| +I |                            Bob |                          Paris |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

# a semi join from IN
SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS L(k, v) WHERE k IN (SELECT k2 FROM (VALUES (1, 'x'), (3, 'y'), (4, 'z')) AS R(k2, w));
+----+-------------+--------------------------------+
| op |           k |                              v |
+----+-------------+--------------------------------+
| +I |           1 |                              a |
| +I |           3 |                              c |
+----+-------------+--------------------------------+
Received a total of 2 rows
!ok

# a semi join from a correlated EXISTS
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS L(k, v) WHERE EXISTS (SELECT * FROM (VALUES (2, 'y')) AS R(k2, w) WHERE k2 = k);
+----+-------------+--------------------------------+
| op |           k |                              v |
+----+-------------+--------------------------------+
| +I |           2 |                              b |
+----+-------------+--------------------------------+
Received a total of 1 row
!ok

# an anti join from NOT EXISTS, nothing matching
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS L(k, v) WHERE NOT EXISTS (SELECT * FROM (VALUES (5, 'y')) AS R(k2, w) WHERE k2 = k);
+----+-------------+--------------------------------+
| op |           k |                              v |
+----+-------------+--------------------------------+
| +I |           1 |                              a |
| +I |           2 |                              b |
+----+-------------+--------------------------------+
Received a total of 2 rows
!ok

# a join without an equi-join key runs on one subtask
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS L(k, v) JOIN (VALUES (1, 'x')) AS R(k2, w) ON k >= k2;
+----+-------------+--------------------------------+-------------+--------------------------------+
| op |           k |                              v |          k2 |                              w |
+----+-------------+--------------------------------+-------------+--------------------------------+
| +I |           1 |                              a |           1 |                              x |
| +I |           2 |                              b |           1 |                              x |
+----+-------------+--------------------------------+-------------+--------------------------------+
Received a total of 2 rows
!ok
