# group_agg.q - the streaming group aggregation (GroupAggregate) as the SQL
# client prints its changelog at parallelism 1: +I for a new group, -U / +U
# when its values change, nothing when they do not, -D when its last row is
# retracted; retractions from an updating input (an aggregate over an
# aggregate); COUNT / SUM / MIN / MAX / AVG, DISTINCT and FILTER, HAVING,
# SELECT DISTINCT, a global aggregate (nothing for an empty input), the
# collection, ordered and JSON aggregates, GROUPING SETS / ROLLUP / CUBE
# through Expand, and table.exec.state.ttl (updates sent even when equal).

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
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

SELECT name, COUNT(*) AS c, COUNT(score) AS cs, SUM(score) AS s, MIN(score) AS mn, MAX(score) AS mx, AVG(score) AS av FROM scores GROUP BY name;
+----+--------------------------------+----------------------+----------------------+-------------+-------------+-------------+-------------+
| op |                           name |                    c |                   cs |           s |          mn |          mx |          av |
+----+--------------------------------+----------------------+----------------------+-------------+-------------+-------------+-------------+
| +I |                          Alice |                    1 |                    1 |          12 |          12 |          12 |          12 |
| +I |                            Bob |                    1 |                    1 |          10 |          10 |          10 |          10 |
| -U |                          Alice |                    1 |                    1 |          12 |          12 |          12 |          12 |
| +U |                          Alice |                    2 |                    2 |         112 |          12 |         100 |          56 |
| +I |                          Carol |                    1 |                    0 |      <NULL> |      <NULL> |      <NULL> |      <NULL> |
| -U |                            Bob |                    1 |                    1 |          10 |          10 |          10 |          10 |
| +U |                            Bob |                    2 |                    2 |          20 |          10 |          10 |          10 |
+----+--------------------------------+----------------------+----------------------+-------------+-------------+-------------+-------------+
Received a total of 7 rows
!ok

SELECT c, COUNT(*) AS n, SUM(c) AS s, MAX(name) AS mx FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) GROUP BY c;
+----+----------------------+----------------------+----------------------+--------------------------------+
| op |                    c |                    n |                    s |                             mx |
+----+----------------------+----------------------+----------------------+--------------------------------+
| +I |                    1 |                    1 |                    1 |                          Alice |
| -U |                    1 |                    1 |                    1 |                          Alice |
| +U |                    1 |                    2 |                    2 |                            Bob |
| -U |                    1 |                    2 |                    2 |                            Bob |
| +U |                    1 |                    1 |                    1 |                            Bob |
| +I |                    2 |                    1 |                    2 |                          Alice |
| -U |                    1 |                    1 |                    1 |                            Bob |
| +U |                    1 |                    2 |                    2 |                          Carol |
| -U |                    1 |                    2 |                    2 |                          Carol |
| +U |                    1 |                    1 |                    1 |                          Carol |
| -U |                    2 |                    1 |                    2 |                          Alice |
| +U |                    2 |                    2 |                    4 |                            Bob |
+----+----------------------+----------------------+----------------------+--------------------------------+
Received a total of 12 rows
!ok

SELECT cnt, MIN(name) AS mn, MAX(name) AS mx FROM (SELECT name, COUNT(*) AS cnt FROM scores GROUP BY name) GROUP BY cnt;
+----+----------------------+--------------------------------+--------------------------------+
| op |                  cnt |                             mn |                             mx |
+----+----------------------+--------------------------------+--------------------------------+
| +I |                    1 |                          Alice |                          Alice |
| -U |                    1 |                          Alice |                          Alice |
| +U |                    1 |                          Alice |                            Bob |
| -U |                    1 |                          Alice |                            Bob |
| +U |                    1 |                            Bob |                            Bob |
| +I |                    2 |                          Alice |                          Alice |
| -U |                    1 |                            Bob |                            Bob |
| +U |                    1 |                            Bob |                          Carol |
| -U |                    1 |                            Bob |                          Carol |
| +U |                    1 |                          Carol |                          Carol |
| -U |                    2 |                          Alice |                          Alice |
| +U |                    2 |                          Alice |                            Bob |
+----+----------------------+--------------------------------+--------------------------------+
Received a total of 12 rows
!ok

SELECT COUNT(*) AS c, SUM(score) AS s FROM scores;
+----+----------------------+-------------+
| op |                    c |           s |
+----+----------------------+-------------+
| +I |                    1 |          12 |
| -U |                    1 |          12 |
| +U |                    2 |          22 |
| -U |                    2 |          22 |
| +U |                    3 |         122 |
| -U |                    3 |         122 |
| +U |                    4 |         122 |
| -U |                    4 |         122 |
| +U |                    5 |         132 |
+----+----------------------+-------------+
Received a total of 9 rows
!ok

# verify: skip a global aggregate over no rows: one row in BATCH, none in STREAMING (as in Flink)
SELECT COUNT(*) FROM scores WHERE score > 1000;
+----+----------------------+
| op |               EXPR$0 |
+----+----------------------+
Received a total of 0 row
!ok

SELECT name, COUNT(DISTINCT city) AS dc, SUM(DISTINCT score) AS ds, COUNT(*) FILTER (WHERE score > 10) AS big FROM scores GROUP BY name;
+----+--------------------------------+----------------------+-------------+----------------------+
| op |                           name |                   dc |          ds |                  big |
+----+--------------------------------+----------------------+-------------+----------------------+
| +I |                          Alice |                    1 |          12 |                    1 |
| +I |                            Bob |                    0 |          10 |                    0 |
| -U |                          Alice |                    1 |          12 |                    1 |
| +U |                          Alice |                    2 |         112 |                    2 |
| +I |                          Carol |                    1 |      <NULL> |                    0 |
| -U |                            Bob |                    0 |          10 |                    0 |
| +U |                            Bob |                    1 |          10 |                    0 |
+----+--------------------------------+----------------------+-------------+----------------------+
Received a total of 7 rows
!ok

SELECT name FROM scores GROUP BY name HAVING SUM(score) > 15;
+----+--------------------------------+
| op |                           name |
+----+--------------------------------+
| +U |                          Alice |
| +U |                            Bob |
+----+--------------------------------+
Received a total of 2 rows
!ok

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

SELECT city, LISTAGG(name) AS l, LISTAGG(name, ';') AS l2, FIRST_VALUE(name) AS f, LAST_VALUE(name) AS la FROM scores GROUP BY city;
+----+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
| op |                           city |                              l |                             l2 |                              f |                             la |
+----+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
| +I |                         Berlin |                          Alice |                          Alice |                          Alice |                          Alice |
| +I |                         <NULL> |                            Bob |                            Bob |                            Bob |                            Bob |
| +I |                          Paris |                          Alice |                          Alice |                          Alice |                          Alice |
| -U |                          Paris |                          Alice |                          Alice |                          Alice |                          Alice |
| +U |                          Paris |                    Alice,Carol |                    Alice;Carol |                          Alice |                          Carol |
| -U |                         Berlin |                          Alice |                          Alice |                          Alice |                          Alice |
| +U |                         Berlin |                      Alice,Bob |                      Alice;Bob |                          Alice |                            Bob |
+----+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
Received a total of 7 rows
!ok

SELECT city, COLLECT(name) AS c, ARRAY_AGG(score) AS a FROM scores GROUP BY city;
+----+--------------------------------+--------------------------------+--------------------------------+
| op |                           city |                              c |                              a |
+----+--------------------------------+--------------------------------+--------------------------------+
| +I |                         Berlin |                      {Alice=1} |                           [12] |
| +I |                         <NULL> |                        {Bob=1} |                           [10] |
| +I |                          Paris |                      {Alice=1} |                          [100] |
| -U |                          Paris |                      {Alice=1} |                          [100] |
| +U |                          Paris |             {Alice=1, Carol=1} |                    [100, null] |
| -U |                         Berlin |                      {Alice=1} |                           [12] |
| +U |                         Berlin |               {Alice=1, Bob=1} |                       [12, 10] |
+----+--------------------------------+--------------------------------+--------------------------------+
Received a total of 7 rows
!ok

SELECT name, STDDEV_POP(score) AS sp, VAR_SAMP(score) AS vs FROM scores GROUP BY name;
+----+--------------------------------+-------------+-------------+
| op |                           name |          sp |          vs |
+----+--------------------------------+-------------+-------------+
| +I |                          Alice |           0 |      <NULL> |
| +I |                            Bob |           0 |      <NULL> |
| -U |                          Alice |           0 |      <NULL> |
| +U |                          Alice |          44 |        3872 |
| +I |                          Carol |      <NULL> |      <NULL> |
| -U |                            Bob |           0 |      <NULL> |
| +U |                            Bob |           0 |           0 |
+----+--------------------------------+-------------+-------------+
Received a total of 7 rows
!ok

SELECT name, city, COUNT(*) AS c FROM scores GROUP BY ROLLUP (name, city);
+----+--------------------------------+--------------------------------+----------------------+
| op |                           name |                           city |                    c |
+----+--------------------------------+--------------------------------+----------------------+
| +I |                          Alice |                         Berlin |                    1 |
| +I |                          Alice |                         <NULL> |                    1 |
| +I |                         <NULL> |                         <NULL> |                    1 |
| +I |                            Bob |                         <NULL> |                    1 |
| +I |                            Bob |                         <NULL> |                    1 |
| -U |                         <NULL> |                         <NULL> |                    1 |
| +U |                         <NULL> |                         <NULL> |                    2 |
| +I |                          Alice |                          Paris |                    1 |
| -U |                          Alice |                         <NULL> |                    1 |
| +U |                          Alice |                         <NULL> |                    2 |
| -U |                         <NULL> |                         <NULL> |                    2 |
| +U |                         <NULL> |                         <NULL> |                    3 |
| +I |                          Carol |                          Paris |                    1 |
| +I |                          Carol |                         <NULL> |                    1 |
| -U |                         <NULL> |                         <NULL> |                    3 |
| +U |                         <NULL> |                         <NULL> |                    4 |
| +I |                            Bob |                         Berlin |                    1 |
| -U |                            Bob |                         <NULL> |                    1 |
| +U |                            Bob |                         <NULL> |                    2 |
| -U |                         <NULL> |                         <NULL> |                    4 |
| +U |                         <NULL> |                         <NULL> |                    5 |
+----+--------------------------------+--------------------------------+----------------------+
Received a total of 21 rows
!ok

SELECT city, SUM(score) AS s, GROUPING(city) AS g FROM scores GROUP BY CUBE (city);
+----+--------------------------------+-------------+----------------------+
| op |                           city |           s |                    g |
+----+--------------------------------+-------------+----------------------+
| +I |                         Berlin |          12 |                    0 |
| +I |                         <NULL> |          12 |                    1 |
| +I |                         <NULL> |          10 |                    0 |
| -U |                         <NULL> |          12 |                    1 |
| +U |                         <NULL> |          22 |                    1 |
| +I |                          Paris |         100 |                    0 |
| -U |                         <NULL> |          22 |                    1 |
| +U |                         <NULL> |         122 |                    1 |
| -U |                         Berlin |          12 |                    0 |
| +U |                         Berlin |          22 |                    0 |
| -U |                         <NULL> |         122 |                    1 |
| +U |                         <NULL> |         132 |                    1 |
+----+--------------------------------+-------------+----------------------+
Received a total of 12 rows
!ok

SELECT name, JSON_ARRAYAGG(score) AS j, JSON_OBJECTAGG(KEY city VALUE score) AS o FROM scores WHERE city IS NOT NULL GROUP BY name;
+----+--------------------------------+--------------------------------+--------------------------------+
| op |                           name |                              j |                              o |
+----+--------------------------------+--------------------------------+--------------------------------+
| +I |                          Alice |                           [12] |                  {"Berlin":12} |
| -U |                          Alice |                           [12] |                  {"Berlin":12} |
| +U |                          Alice |                       [12,100] |      {"Berlin":12,"Paris":100} |
| +I |                          Carol |                             [] |                 {"Paris":null} |
| +I |                            Bob |                           [10] |                  {"Berlin":10} |
+----+--------------------------------+--------------------------------+--------------------------------+
Received a total of 5 rows
!ok

SET 'table.exec.state.ttl' = '1 h';
[INFO] Execute statement succeeded.
!info

SELECT name, MAX(score) AS mx FROM scores GROUP BY name;
+----+--------------------------------+-------------+
| op |                           name |          mx |
+----+--------------------------------+-------------+
| +I |                          Alice |          12 |
| +I |                            Bob |          10 |
| -U |                          Alice |          12 |
| +U |                          Alice |         100 |
| +I |                          Carol |      <NULL> |
| -U |                            Bob |          10 |
| +U |                            Bob |          10 |
+----+--------------------------------+-------------+
Received a total of 7 rows
!ok

# a group whose state expired starts again: its next row is the group's
# first (+I), as Flink's GroupAggFunction does (the rows come 100 ms apart,
# the state lives 1 ms)
CREATE TABLE paced (v INT) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'number-of-rows' = '3', 'fields.v.kind' = 'sequence', 'fields.v.start' = '1', 'fields.v.end' = '3');
[INFO] Execute statement succeeded.
!info

SET 'table.exec.state.ttl' = '1 ms';
[INFO] Execute statement succeeded.
!info

# verify: skip BATCH mode keeps no state between rows: the one group counts all three
SELECT COUNT(*) AS c, SUM(v) AS s FROM paced;
+----+----------------------+-------------+
| op |                    c |           s |
+----+----------------------+-------------+
| +I |                    1 |           1 |
| +I |                    1 |           2 |
| +I |                    1 |           3 |
+----+----------------------+-------------+
Received a total of 3 rows
!ok

RESET 'table.exec.state.ttl';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(*) AS c, SUM(v) AS s FROM paced;
+----+----------------------+-------------+
| op |                    c |           s |
+----+----------------------+-------------+
| +I |                    1 |           1 |
| -U |                    1 |           1 |
| +U |                    2 |           3 |
| -U |                    2 |           3 |
| +U |                    3 |           6 |
+----+----------------------+-------------+
Received a total of 5 rows
!ok

SET 'sql-client.execution.result-mode' = 'changelog';
[INFO] Execute statement succeeded.
!info

SELECT name, MAX(score) AS mx FROM scores GROUP BY name;
+I[Alice, 12]
+I[Bob, 10]
-U[Alice, 12]
+U[Alice, 100]
+I[Carol, null]
!ok

SELECT COUNT(*) FROM (SELECT c FROM (SELECT name, COUNT(*) AS c FROM scores GROUP BY name) WHERE c < 2);
+I[1]
-U[1]
+U[2]
-U[2]
+U[1]
-U[1]
+U[2]
-U[2]
+U[1]
!ok

# the group of a count empties: -D
SELECT c, COUNT(*) AS n FROM (SELECT name, COUNT(*) AS c FROM (VALUES ('a'), ('b'), ('a'), ('c'), ('a')) AS T(name) GROUP BY name) GROUP BY c;
+I[1, 1]
-U[1, 1]
+U[1, 2]
-U[1, 2]
+U[1, 1]
+I[2, 1]
-U[1, 1]
+U[1, 2]
-D[2, 1]
+I[3, 1]
!ok

SELECT c, LISTAGG(name) AS names FROM (SELECT name, COUNT(*) AS c FROM (VALUES ('a'), ('b'), ('a'), ('c'), ('a')) AS T(name) GROUP BY name) GROUP BY c;
+I[1, a]
-U[1, a]
+U[1, a,b]
-U[1, a,b]
+U[1, b]
+I[2, a]
-U[1, b]
+U[1, b,c]
-D[2, a]
+I[3, a]
!ok


# DISTINCT calls over one argument share one map (one count per call): the
# FILTERs count separately, a value reaches each call once
SELECT k, COUNT(DISTINCT who) AS d, COUNT(DISTINCT who) FILTER (WHERE price < 10) AS lo, COUNT(DISTINCT who) FILTER (WHERE price >= 10) AS hi, SUM(DISTINCT price) FILTER (WHERE price > 6) AS sp FROM (VALUES (1, 'a', 5), (1, 'b', 50), (1, 'a', 7), (2, 'a', 500), (1, 'c', 70), (1, 'b', 60)) AS T(k, who, price) GROUP BY k;
+I[1, 1, 1, 0, null]
-U[1, 1, 1, 0, null]
+U[1, 2, 1, 1, 50]
-U[1, 2, 1, 1, 50]
+U[1, 2, 1, 1, 57]
+I[2, 1, 0, 1, 500]
-U[1, 2, 1, 1, 57]
+U[1, 3, 1, 2, 127]
-U[1, 3, 1, 2, 127]
+U[1, 3, 1, 2, 187]
!ok

# ... and retract: a value leaves a call when its own count drops to 0
SELECT c, COUNT(DISTINCT name) AS d, COUNT(DISTINCT name) FILTER (WHERE name <> 'a') AS na FROM (SELECT name, COUNT(*) AS c FROM (VALUES ('a'), ('b'), ('a'), ('a'), ('c'), ('b')) AS T(name) GROUP BY name) GROUP BY c;
+I[1, 1, 0]
-U[1, 1, 0]
+U[1, 2, 1]
-U[1, 2, 1]
+U[1, 1, 1]
+I[2, 1, 0]
-D[2, 1, 0]
+I[3, 1, 0]
-U[1, 1, 1]
+U[1, 2, 2]
-U[1, 2, 2]
+U[1, 1, 1]
+I[2, 1, 1]
!ok
