# topn.q - streaming Top-N (Rank, SortLimit) at parallelism 1: ROW_NUMBER
# with a rank filter, with and without the rank column, rank ranges with an
# offset, ORDER BY ... LIMIT. The first cases replay the inputs of Flink's
# TopNFunctionTestBase (partition by category, order by price ASC, the
# AppendFast strategy over an insert-only input) and print the changelog its
# expected outputs list.
SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

CREATE VIEW shop AS SELECT * FROM (VALUES ('book', CAST(1 AS BIGINT), 12), ('book', CAST(2 AS BIGINT), 19), ('book', CAST(4 AS BIGINT), 11), ('book', CAST(5 AS BIGINT), 11), ('fruit', CAST(4 AS BIGINT), 33), ('fruit', CAST(3 AS BIGINT), 44), ('fruit', CAST(5 AS BIGINT), 22)) AS T(category, id, price);
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# Flink's testOutputRankNumberWithConstantRankRange: the rank column, rn <= 2
# ==========================================================================
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop) WHERE rn <= 2;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   rn |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |
| +I |                           book |                    2 |          19 |                    2 |
| -U |                           book |                    1 |          12 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |
| -U |                           book |                    2 |          19 |                    2 |
| +U |                           book |                    1 |          12 |                    2 |
| -U |                           book |                    1 |          12 |                    2 |
| +U |                           book |                    5 |          11 |                    2 |
| +I |                          fruit |                    4 |          33 |                    1 |
| +I |                          fruit |                    3 |          44 |                    2 |
| -U |                          fruit |                    4 |          33 |                    1 |
| +U |                          fruit |                    5 |          22 |                    1 |
| -U |                          fruit |                    3 |          44 |                    2 |
| +U |                          fruit |                    4 |          33 |                    2 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 14 rows
!ok

# ==========================================================================
# testConstantRankRangeWithOffset: rank 2 only, without the rank column
# ==========================================================================
SELECT category, id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop WHERE NOT (category = 'book' AND id = 5)) WHERE rn = 2;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    2 |          19 |
| -U |                           book |                    2 |          19 |
| +U |                           book |                    1 |          12 |
| +I |                          fruit |                    3 |          44 |
| -U |                          fruit |                    3 |          44 |
| +U |                          fruit |                    4 |          33 |
+----+--------------------------------+----------------------+-------------+
Received a total of 6 rows
!ok

# ==========================================================================
# testConstantRankRangeWithoutOffset: rn <= 2 without the rank column: -D / +I
# ==========================================================================
SELECT category, id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop WHERE NOT (category = 'book' AND id = 5)) WHERE rn <= 2;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| +I |                           book |                    2 |          19 |
| -D |                           book |                    2 |          19 |
| +I |                           book |                    4 |          11 |
| +I |                          fruit |                    4 |          33 |
| +I |                          fruit |                    3 |          44 |
| -D |                          fruit |                    3 |          44 |
| +I |                          fruit |                    5 |          22 |
+----+--------------------------------+----------------------+-------------+
Received a total of 8 rows
!ok

# ==========================================================================
# Top-1 (Flink's FastTop1Function, FastTop1FunctionTest): the partition key is
# a unique key of the result, so a better row updates it (-U / +U); a row
# no better than the kept one (book 5 ties with book 4) changes nothing
# ==========================================================================
SELECT category, id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop) WHERE rn <= 1;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| -U |                           book |                    1 |          12 |
| +U |                           book |                    4 |          11 |
| +I |                          fruit |                    4 |          33 |
| -U |                          fruit |                    4 |          33 |
| +U |                          fruit |                    5 |          22 |
+----+--------------------------------+----------------------+-------------+
Received a total of 6 rows
!ok

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop) WHERE rn = 1;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   rn |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |
| -U |                           book |                    1 |          12 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |
| +I |                          fruit |                    4 |          33 |                    1 |
| -U |                          fruit |                    4 |          33 |                    1 |
| +U |                          fruit |                    5 |          22 |                    1 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 6 rows
!ok

# ==========================================================================
# rank ranges with an offset, with the rank column; DESC; ties keep arrival order
# ==========================================================================
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn FROM shop) WHERE rn BETWEEN 2 AND 3;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   rn |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    2 |
| +I |                           book |                    4 |          11 |                    3 |
| +I |                          fruit |                    4 |          33 |                    2 |
| +I |                          fruit |                    5 |          22 |                    3 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 4 rows
!ok

SELECT * FROM (SELECT category, id, price, ROW_NUMBER() OVER (ORDER BY price DESC, id) AS rn FROM shop) WHERE rn <= 3;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   rn |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |
| -U |                           book |                    1 |          12 |                    1 |
| +U |                           book |                    2 |          19 |                    1 |
| +I |                           book |                    1 |          12 |                    2 |
| +I |                           book |                    4 |          11 |                    3 |
| -U |                           book |                    2 |          19 |                    1 |
| +U |                          fruit |                    4 |          33 |                    1 |
| -U |                           book |                    1 |          12 |                    2 |
| +U |                           book |                    2 |          19 |                    2 |
| -U |                           book |                    4 |          11 |                    3 |
| +U |                           book |                    1 |          12 |                    3 |
| -U |                          fruit |                    4 |          33 |                    1 |
| +U |                          fruit |                    3 |          44 |                    1 |
| -U |                           book |                    2 |          19 |                    2 |
| +U |                          fruit |                    4 |          33 |                    2 |
| -U |                           book |                    1 |          12 |                    3 |
| +U |                           book |                    2 |          19 |                    3 |
| -U |                           book |                    2 |          19 |                    3 |
| +U |                          fruit |                    5 |          22 |                    3 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 19 rows
!ok

# NULLs: first in ascending order, last in descending order
SELECT * FROM (SELECT k, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v) AS rn FROM (VALUES ('a', 3), ('a', CAST(NULL AS INT)), ('a', 1), ('b', CAST(NULL AS INT))) AS T(k, v)) WHERE rn <= 2;
+----+--------------------------------+-------------+----------------------+
| op |                              k |           v |                   rn |
+----+--------------------------------+-------------+----------------------+
| +I |                              a |           3 |                    1 |
| -U |                              a |           3 |                    1 |
| +U |                              a |      <NULL> |                    1 |
| +I |                              a |           3 |                    2 |
| -U |                              a |           3 |                    2 |
| +U |                              a |           1 |                    2 |
| +I |                              b |      <NULL> |                    1 |
+----+--------------------------------+-------------+----------------------+
Received a total of 7 rows
!ok

SELECT * FROM (SELECT k, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM (VALUES ('a', 3), ('a', CAST(NULL AS INT)), ('a', 1), ('b', CAST(NULL AS INT))) AS T(k, v)) WHERE rn <= 2;
+----+--------------------------------+-------------+----------------------+
| op |                              k |           v |                   rn |
+----+--------------------------------+-------------+----------------------+
| +I |                              a |           3 |                    1 |
| +I |                              a |      <NULL> |                    2 |
| -U |                              a |      <NULL> |                    2 |
| +U |                              a |           1 |                    2 |
| +I |                              b |      <NULL> |                    1 |
+----+--------------------------------+-------------+----------------------+
Received a total of 5 rows
!ok

# strings order bytewise; a partition key of two columns
SELECT * FROM (SELECT a, b, s, ROW_NUMBER() OVER (PARTITION BY a, b ORDER BY s DESC) AS rn FROM (VALUES (1, 'x', 'pear'), (1, 'x', 'apple'), (1, 'y', 'fig'), (1, 'x', 'zucchini'), (1, 'x', 'Zebra'), (1, 'y', 'date')) AS T(a, b, s)) WHERE rn <= 2;
+----+-------------+--------------------------------+--------------------------------+----------------------+
| op |           a |                              b |                              s |                   rn |
+----+-------------+--------------------------------+--------------------------------+----------------------+
| +I |           1 |                              x |                           pear |                    1 |
| +I |           1 |                              x |                          apple |                    2 |
| +I |           1 |                              y |                            fig |                    1 |
| -U |           1 |                              x |                           pear |                    1 |
| +U |           1 |                              x |                       zucchini |                    1 |
| -U |           1 |                              x |                          apple |                    2 |
| +U |           1 |                              x |                           pear |                    2 |
| +I |           1 |                              y |                           date |                    2 |
+----+-------------+--------------------------------+--------------------------------+----------------------+
Received a total of 8 rows
!ok

# ==========================================================================
# ORDER BY ... LIMIT in streaming mode: a Top-N without partition (SortLimit)
# ==========================================================================
SELECT category, id, price FROM shop ORDER BY price DESC LIMIT 2;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| +I |                           book |                    2 |          19 |
| -D |                           book |                    1 |          12 |
| +I |                          fruit |                    4 |          33 |
| -D |                           book |                    2 |          19 |
| +I |                          fruit |                    3 |          44 |
+----+--------------------------------+----------------------+-------------+
Received a total of 6 rows
!ok

SELECT category, id, price FROM shop ORDER BY price OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    2 |          19 |
| -U |                           book |                    2 |          19 |
| +U |                           book |                    1 |          12 |
| +I |                           book |                    2 |          19 |
| -U |                           book |                    1 |          12 |
| +U |                           book |                    5 |          11 |
| -U |                           book |                    2 |          19 |
| +U |                           book |                    1 |          12 |
+----+--------------------------------+----------------------+-------------+
Received a total of 8 rows
!ok

SELECT category, id, price FROM shop ORDER BY price LIMIT 1;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| -U |                           book |                    1 |          12 |
| +U |                           book |                    4 |          11 |
+----+--------------------------------+----------------------+-------------+
Received a total of 3 rows
!ok

# an ORDER BY with an OFFSET but no FETCH would keep every row (Flink's message)
SELECT category, id, price FROM shop ORDER BY price OFFSET 2 ROWS;
[ERROR] Could not execute SQL statement. Reason:
FETCH is missed, which on streaming table is not supported currently
!error

# ==========================================================================
# first rows on processing time (Flink's AppendOnlyFirstNFunction): a count
# per partition, inserts only
# ==========================================================================
CREATE VIEW clicks AS SELECT u, url, PROCTIME() AS pt FROM (VALUES ('Mary', './home'), ('Bob', './cart'), ('Mary', './prod?id=1'), ('Liz', './home'), ('Bob', './prod?id=3'), ('Mary', './prod?id=7')) AS T(u, url);
[INFO] Execute statement succeeded.
!info

SELECT u, url, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY u ORDER BY pt) AS rn FROM clicks) WHERE rn <= 2;
+----+--------------------------------+--------------------------------+----------------------+
| op |                              u |                            url |                   rn |
+----+--------------------------------+--------------------------------+----------------------+
| +I |                           Mary |                         ./home |                    1 |
| +I |                            Bob |                         ./cart |                    1 |
| +I |                           Mary |                    ./prod?id=1 |                    2 |
| +I |                            Liz |                         ./home |                    1 |
| +I |                            Bob |                    ./prod?id=3 |                    2 |
+----+--------------------------------+--------------------------------+----------------------+
Received a total of 5 rows
!ok

SELECT u, url FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY u ORDER BY pt) AS rn FROM clicks) WHERE rn BETWEEN 2 AND 3;
+----+--------------------------------+--------------------------------+
| op |                              u |                            url |
+----+--------------------------------+--------------------------------+
| +I |                           Mary |                    ./prod?id=1 |
| +I |                            Bob |                    ./prod?id=3 |
| +I |                           Mary |                    ./prod?id=7 |
+----+--------------------------------+--------------------------------+
Received a total of 3 rows
!ok

# ==========================================================================
# a Top-N over an updating input without a unique key (RetractStrategy,
# Flink's RetractableTopNFunction): every row is kept, a retraction brings
# the next row back into the Top-N
# ==========================================================================
CREATE VIEW cheapest2 AS SELECT category, id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop) WHERE rn <= 2;
[INFO] Execute statement succeeded.
!info

SELECT * FROM cheapest2;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| +I |                           book |                    2 |          19 |
| -D |                           book |                    2 |          19 |
| +I |                           book |                    4 |          11 |
| -D |                           book |                    1 |          12 |
| +I |                           book |                    5 |          11 |
| +I |                          fruit |                    4 |          33 |
| +I |                          fruit |                    3 |          44 |
| -D |                          fruit |                    3 |          44 |
| +I |                          fruit |                    5 |          22 |
+----+--------------------------------+----------------------+-------------+
Received a total of 10 rows
!ok

SELECT category, id, price FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY price DESC) AS r2 FROM cheapest2) WHERE r2 <= 2;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| +I |                           book |                    2 |          19 |
| -D |                           book |                    2 |          19 |
| +I |                           book |                    4 |          11 |
| -D |                           book |                    1 |          12 |
| +I |                           book |                    5 |          11 |
| -D |                           book |                    5 |          11 |
| +I |                          fruit |                    4 |          33 |
| -D |                           book |                    4 |          11 |
| +I |                          fruit |                    3 |          44 |
| -D |                          fruit |                    3 |          44 |
| +I |                           book |                    4 |          11 |
| -D |                           book |                    4 |          11 |
| +I |                          fruit |                    5 |          22 |
+----+--------------------------------+----------------------+-------------+
Received a total of 14 rows
!ok

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY price DESC) AS r2 FROM cheapest2) WHERE r2 <= 2;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   r2 |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |
| -U |                           book |                    1 |          12 |                    1 |
| +U |                           book |                    2 |          19 |                    1 |
| +I |                           book |                    1 |          12 |                    2 |
| -U |                           book |                    2 |          19 |                    1 |
| +U |                           book |                    1 |          12 |                    1 |
| -D |                           book |                    1 |          12 |                    2 |
| +I |                           book |                    4 |          11 |                    2 |
| -U |                           book |                    1 |          12 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |
| -D |                           book |                    4 |          11 |                    2 |
| +I |                           book |                    5 |          11 |                    2 |
| -U |                           book |                    4 |          11 |                    1 |
| +U |                          fruit |                    4 |          33 |                    1 |
| -U |                           book |                    5 |          11 |                    2 |
| +U |                           book |                    4 |          11 |                    2 |
| -U |                          fruit |                    4 |          33 |                    1 |
| +U |                          fruit |                    3 |          44 |                    1 |
| -U |                           book |                    4 |          11 |                    2 |
| +U |                          fruit |                    4 |          33 |                    2 |
| -U |                          fruit |                    3 |          44 |                    1 |
| +U |                          fruit |                    4 |          33 |                    1 |
| -U |                          fruit |                    4 |          33 |                    2 |
| +U |                           book |                    4 |          11 |                    2 |
| -U |                           book |                    4 |          11 |                    2 |
| +U |                          fruit |                    5 |          22 |                    2 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 26 rows
!ok

# LIMIT without ORDER BY over an updating input: a Top-N without sort key
# (Flink's RetractableTopNFunction): the first rows of the current table in
# arrival order, a retraction letting the next row in
SELECT * FROM cheapest2 LIMIT 2;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    1 |          12 |
| +I |                           book |                    2 |          19 |
| -D |                           book |                    2 |          19 |
| +I |                           book |                    4 |          11 |
| -D |                           book |                    1 |          12 |
| +I |                           book |                    5 |          11 |
+----+--------------------------------+----------------------+-------------+
Received a total of 6 rows
!ok

# verify: skip LIMIT without ORDER BY: which rows is up to each mode
SELECT * FROM cheapest2 LIMIT 2 OFFSET 1;
+----+--------------------------------+----------------------+-------------+
| op |                       category |                   id |       price |
+----+--------------------------------+----------------------+-------------+
| +I |                           book |                    2 |          19 |
| -D |                           book |                    2 |          19 |
| +I |                           book |                    4 |          11 |
| -D |                           book |                    4 |          11 |
| +I |                           book |                    5 |          11 |
| +I |                          fruit |                    4 |          33 |
+----+--------------------------------+----------------------+-------------+
Received a total of 6 rows
!ok

# ==========================================================================
# a Top-N over an updating input with a unique key (UpdateFastStrategy on
# (category, rn), Flink's UpdatableTopNFunction) when its sort key moves
# the way it sorts: the inner Top-N's prices only go down in a rank, and
# the outer one sorts ascending. An update of a key in the Top-N replaces
# its row (-U / +U); fruit's prices never reach the top 2
# ==========================================================================
CREATE VIEW ranked2 AS SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price) AS rn FROM shop) WHERE rn <= 2;
[INFO] Execute statement succeeded.
!info

SELECT category, id, price, rn FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY price) AS r2 FROM ranked2) WHERE r2 <= 2;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   rn |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |
| +I |                           book |                    2 |          19 |                    2 |
| -U |                           book |                    1 |          12 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |
| -U |                           book |                    2 |          19 |                    2 |
| +U |                           book |                    1 |          12 |                    2 |
| -U |                           book |                    1 |          12 |                    2 |
| +U |                           book |                    5 |          11 |                    2 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 8 rows
!ok

# sorted descending, the prices go the other way: RetractStrategy (a row
# leaving the top 2 is deleted and the next one inserted)

SELECT category, id, price, rn FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY price DESC) AS r2 FROM ranked2) WHERE r2 <= 2;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                       category |                   id |       price |                   rn |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |
| +I |                           book |                    2 |          19 |                    2 |
| -D |                           book |                    1 |          12 |                    1 |
| +I |                           book |                    4 |          11 |                    1 |
| -D |                           book |                    2 |          19 |                    2 |
| +I |                           book |                    1 |          12 |                    2 |
| -D |                           book |                    1 |          12 |                    2 |
| +I |                           book |                    5 |          11 |                    2 |
| -D |                           book |                    5 |          11 |                    2 |
| +I |                          fruit |                    4 |          33 |                    1 |
| -D |                           book |                    4 |          11 |                    1 |
| +I |                          fruit |                    3 |          44 |                    2 |
| -D |                          fruit |                    4 |          33 |                    1 |
| +I |                           book |                    4 |          11 |                    1 |
| -D |                           book |                    4 |          11 |                    1 |
| +I |                          fruit |                    5 |          22 |                    1 |
| -D |                          fruit |                    3 |          44 |                    2 |
| +I |                           book |                    4 |          11 |                    1 |
| -D |                           book |                    4 |          11 |                    1 |
| +I |                          fruit |                    4 |          33 |                    2 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 20 rows
!ok

# with the rank column: the rows between a key's new and old rank move down
# one; the sort key of a key that gets worse (the inner Top-N's rn = 2 row
# can be cheaper than before) is taken as Flink does, with the rows between
# moving up
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY price) AS r2 FROM ranked2) WHERE r2 <= 2;
+----+--------------------------------+----------------------+-------------+----------------------+----------------------+
| op |                       category |                   id |       price |                   rn |                   r2 |
+----+--------------------------------+----------------------+-------------+----------------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |                    1 |
| +I |                           book |                    2 |          19 |                    2 |                    2 |
| -U |                           book |                    1 |          12 |                    1 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |                    1 |
| -U |                           book |                    2 |          19 |                    2 |                    2 |
| +U |                           book |                    1 |          12 |                    2 |                    2 |
| -U |                           book |                    1 |          12 |                    2 |                    2 |
| +U |                           book |                    5 |          11 |                    2 |                    2 |
+----+--------------------------------+----------------------+-------------+----------------------+----------------------+
Received a total of 8 rows
!ok

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY price DESC) AS r2 FROM ranked2) WHERE r2 <= 2;
+----+--------------------------------+----------------------+-------------+----------------------+----------------------+
| op |                       category |                   id |       price |                   rn |                   r2 |
+----+--------------------------------+----------------------+-------------+----------------------+----------------------+
| +I |                           book |                    1 |          12 |                    1 |                    1 |
| -U |                           book |                    1 |          12 |                    1 |                    1 |
| +U |                           book |                    2 |          19 |                    2 |                    1 |
| +I |                           book |                    1 |          12 |                    1 |                    2 |
| -D |                           book |                    1 |          12 |                    1 |                    2 |
| +I |                           book |                    4 |          11 |                    1 |                    2 |
| -U |                           book |                    2 |          19 |                    2 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |                    1 |
| -D |                           book |                    4 |          11 |                    1 |                    2 |
| -U |                           book |                    4 |          11 |                    1 |                    1 |
| +U |                           book |                    1 |          12 |                    2 |                    1 |
| +I |                           book |                    4 |          11 |                    1 |                    2 |
| -U |                           book |                    1 |          12 |                    2 |                    1 |
| +U |                           book |                    4 |          11 |                    1 |                    1 |
| -D |                           book |                    4 |          11 |                    1 |                    2 |
| +I |                           book |                    5 |          11 |                    2 |                    2 |
| -U |                           book |                    4 |          11 |                    1 |                    1 |
| +U |                          fruit |                    4 |          33 |                    1 |                    1 |
| -U |                           book |                    5 |          11 |                    2 |                    2 |
| +U |                           book |                    4 |          11 |                    1 |                    2 |
| -U |                          fruit |                    4 |          33 |                    1 |                    1 |
| +U |                          fruit |                    3 |          44 |                    2 |                    1 |
| -U |                           book |                    4 |          11 |                    1 |                    2 |
| +U |                          fruit |                    4 |          33 |                    1 |                    2 |
| -U |                          fruit |                    4 |          33 |                    1 |                    2 |
| +U |                           book |                    4 |          11 |                    1 |                    2 |
| -U |                           book |                    4 |          11 |                    1 |                    2 |
| +U |                          fruit |                    5 |          22 |                    1 |                    2 |
| -U |                          fruit |                    3 |          44 |                    2 |                    1 |
| +U |                          fruit |                    5 |          22 |                    1 |                    1 |
| -U |                          fruit |                    5 |          22 |                    1 |                    2 |
| +U |                           book |                    4 |          11 |                    1 |                    2 |
| -U |                          fruit |                    5 |          22 |                    1 |                    1 |
| +U |                          fruit |                    4 |          33 |                    2 |                    1 |
| -U |                           book |                    4 |          11 |                    1 |                    2 |
| +U |                          fruit |                    5 |          22 |                    1 |                    2 |
+----+--------------------------------+----------------------+-------------+----------------------+----------------------+
Received a total of 36 rows
!ok

# ==========================================================================
# RANK and DENSE_RANK are not supported on streaming tables (as in Flink)
# ==========================================================================
SELECT * FROM (SELECT *, RANK() OVER (PARTITION BY category ORDER BY price) AS rk FROM shop) WHERE rk <= 2;
[ERROR] Could not execute SQL statement. Reason:
RANK() on streaming table is not supported currently
!error

SELECT * FROM (SELECT *, DENSE_RANK() OVER (PARTITION BY category ORDER BY price) AS rk FROM shop) WHERE rk <= 2;
[ERROR] Could not execute SQL statement. Reason:
DENSE_RANK() on streaming table is not supported currently
!error


# ==========================================================================
# A Top-N over a Top-N: the inner one drops rows out of its range, so the
# outer sort key changes any way (only the inner's first sort key keeps its
# direction) and the outer one retracts: z leaves the inner top 2 when x
# and y count twice, and the outer top 1 follows
CREATE TEMPORARY VIEW sold AS SELECT * FROM (VALUES ('a', 'z', 9), ('a', 'x', 5), ('a', 'x', 5), ('a', 'y', 3), ('a', 'y', 3)) AS T(cat, item, price);
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW top2 AS SELECT cat, item, cnt, mx FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY cnt DESC) AS rn FROM (SELECT cat, item, COUNT(*) AS cnt, MAX(price) AS mx FROM sold GROUP BY cat, item)) WHERE rn <= 2;
[INFO] Execute statement succeeded.
!info

SELECT cat, item, mx FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY mx DESC) AS rn FROM top2) WHERE rn <= 1;
+----+--------------------------------+--------------------------------+-------------+
| op |                            cat |                           item |          mx |
+----+--------------------------------+--------------------------------+-------------+
| +I |                              a |                              z |           9 |
| -D |                              a |                              z |           9 |
| +I |                              a |                              x |           5 |
+----+--------------------------------+--------------------------------+-------------+
Received a total of 3 rows
!ok
