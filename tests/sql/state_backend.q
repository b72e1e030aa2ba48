# state_backend.q - the same streaming GROUP BY and join on the RocksDB state
# backend (SET 'state.backend.type' = 'rocksdb') as on the heap: the rows of
# group_agg.q's and join.q's first queries; and the option's error.

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'state.backend.type' = 'rocksdb';
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW scores AS SELECT * FROM (VALUES ('Alice', 12, 'Berlin'), ('Bob', 10, CAST(NULL AS STRING)), ('Alice', 100, 'Paris'), ('Carol', CAST(NULL AS INT), 'Paris'), ('Bob', 10, 'Berlin')) AS T(name, score, city);
[INFO] Execute statement succeeded.
!info

SELECT name, SUM(score) FROM scores GROUP BY name;
+----+--------------------------------+-------------+
| op |                           name |      EXPR$1 |
+----+--------------------------------+-------------+
| +I |                          Alice |          12 |
| +I |                            Bob |          10 |
| -U |                          Alice |          12 |
| +U |                          Alice |         112 |
| +I |                          Carol |      <NULL> |
| -U |                            Bob |          10 |
| +U |                            Bob |          20 |
+----+--------------------------------+-------------+
Received a total of 7 rows
!ok

SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS L(k, v) JOIN (VALUES (1, 'x'), (3, 'y'), (4, 'z')) AS R(k2, w) ON k = k2;
+----+-------------+--------------------------------+-------------+--------------------------------+
| op |           k |                              v |          k2 |                              w |
+----+-------------+--------------------------------+-------------+--------------------------------+
| +I |           1 |                              a |           1 |                              x |
| +I |           3 |                              c |           3 |                              y |
+----+-------------+--------------------------------+-------------+--------------------------------+
Received a total of 2 rows
!ok

SET 'state.backend.type' = 'leveldb';
[ERROR] Could not execute SQL statement. Reason:
Cannot find configured state backend factory class: leveldb ('state.backend.type' is 'hashmap' or 'rocksdb').
!error

SET 'state.backend.type' = 'hashmap';
[INFO] Execute statement succeeded.
!info

SELECT name, COUNT(*) FROM scores GROUP BY name;
+----+--------------------------------+----------------------+
| op |                           name |               EXPR$1 |
+----+--------------------------------+----------------------+
| +I |                          Alice |                    1 |
| +I |                            Bob |                    1 |
| -U |                          Alice |                    1 |
| +U |                          Alice |                    2 |
| +I |                          Carol |                    1 |
| -U |                            Bob |                    1 |
| +U |                            Bob |                    2 |
+----+--------------------------------+----------------------+
Received a total of 7 rows
!ok
