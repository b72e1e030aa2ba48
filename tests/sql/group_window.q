# group_window.q - the legacy group windows GROUP BY TUMBLE / HOP (..) with
# their _START / _END / _ROWTIME properties, on the Bid table of
# window_tvf.q: the same windows as the TUMBLE / HOP table functions give,
# one final row per window (and key), in both modes; late rows dropped.
SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE bid_files (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO bid_files VALUES (TIMESTAMP '2020-04-15 08:05:00', 4.00, 'C', 'supplier1'), (TIMESTAMP '2020-04-15 08:07:00', 2.00, 'A', 'supplier1'), (TIMESTAMP '2020-04-15 08:09:00', 5.00, 'D', 'supplier2'), (TIMESTAMP '2020-04-15 08:11:00', 3.00, 'B', 'supplier2'), (TIMESTAMP '2020-04-15 08:13:00', 1.00, 'E', 'supplier1'), (TIMESTAMP '2020-04-15 08:17:00', 6.00, 'F', 'supplier2');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE Bid (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING, WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT TUMBLE_START(bidtime, INTERVAL '10' MINUTE) AS ws, TUMBLE_END(bidtime, INTERVAL '10' MINUTE) AS we, TUMBLE_ROWTIME(bidtime, INTERVAL '10' MINUTE) AS rt, SUM(price) AS s FROM Bid GROUP BY TUMBLE(bidtime, INTERVAL '10' MINUTE);
+----+-------------------------+-------------------------+-------------------------+------------------------------------------+
| op |                      ws |                      we |                      rt |                                        s |
+----+-------------------------+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                                    11.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                                    10.00 |
+----+-------------------------+-------------------------+-------------------------+------------------------------------------+
Received a total of 2 rows
!ok

# a global window aggregate without properties
SELECT COUNT(*) AS n FROM Bid GROUP BY TUMBLE(bidtime, INTERVAL '10' MINUTE);
+----+----------------------+
| op |                    n |
+----+----------------------+
| +I |                    3 |
| +I |                    3 |
+----+----------------------+
Received a total of 2 rows
!ok

SELECT supplier_id, HOP_START(bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE) AS ws, HOP_END(bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE) AS we, COUNT(*) AS c, SUM(price) AS s FROM Bid GROUP BY supplier_id, HOP(bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE);
+----+--------------------------------+-------------------------+-------------------------+----------------------+------------------------------------------+
| op |                    supplier_id |                      ws |                      we |                    c |                                        s |
+----+--------------------------------+-------------------------+-------------------------+----------------------+------------------------------------------+
| +I |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                    2 |                                     6.00 |
| +I |                      supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                    1 |                                     5.00 |
| +I |                      supplier1 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                    3 |                                     7.00 |
| +I |                      supplier2 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                    2 |                                     8.00 |
| +I |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    2 |                                     9.00 |
| +I |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    1 |                                     1.00 |
| +I |                      supplier2 | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |                    1 |                                     6.00 |
+----+--------------------------------+-------------------------+-------------------------+----------------------+------------------------------------------+
Received a total of 7 rows
!ok

# keys after the window in GROUP BY, AVG and MIN, a WHERE below
SELECT TUMBLE_END(bidtime, INTERVAL '5' MINUTE) AS we, supplier_id, AVG(price) AS av, MIN(price) AS mn FROM Bid WHERE price > 1 GROUP BY TUMBLE(bidtime, INTERVAL '5' MINUTE), supplier_id;
+----+-------------------------+--------------------------------+------------------------------------------+--------------+
| op |                      we |                    supplier_id |                                       av |           mn |
+----+-------------------------+--------------------------------+------------------------------------------+--------------+
| +I | 2020-04-15 08:10:00.000 |                      supplier1 |                                 3.000000 |         2.00 |
| +I | 2020-04-15 08:10:00.000 |                      supplier2 |                                 5.000000 |         5.00 |
| +I | 2020-04-15 08:15:00.000 |                      supplier2 |                                 3.000000 |         3.00 |
| +I | 2020-04-15 08:20:00.000 |                      supplier2 |                                 6.000000 |         6.00 |
+----+-------------------------+--------------------------------+------------------------------------------+--------------+
Received a total of 4 rows
!ok

EXPLAIN SELECT TUMBLE_START(bidtime, INTERVAL '10' MINUTE) AS ws, SUM(price) AS s FROM Bid GROUP BY TUMBLE(bidtime, INTERVAL '10' MINUTE);
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                      result |
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(ws=[$1], s=[$0])
+- LogicalAggregate(group=[{}], s=[SUM($1)])
   +- LogicalProject(bidtime=[$0], price=[$1])
      +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
         +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[w$start AS ws, s])
+- GroupWindowAggregate(window=[TumblingGroupWindow('w$, bidtime, 600000)], properties=[w$start], select=[SUM(price) AS s, start('w$) AS w$start])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime, price])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[w$start AS ws, s])
+- GroupWindowAggregate(window=[TumblingGroupWindow('w$, bidtime, 600000)], properties=[w$start], select=[SUM(price) AS s, start('w$) AS w$start])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime, price])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
 |
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# SESSION: the bids are at most 4 minutes apart, one session (session_window.q has more)
SELECT SESSION_START(bidtime, INTERVAL '5' MINUTE) AS ws, COUNT(*) AS n FROM Bid GROUP BY SESSION(bidtime, INTERVAL '5' MINUTE);
+----+-------------------------+----------------------+
| op |                      ws |                    n |
+----+-------------------------+----------------------+
| +I | 2020-04-15 08:05:00.000 |                    6 |
+----+-------------------------+----------------------+
Received a total of 1 row
!ok

# late rows: 08:09 comes after the watermark passed 08:20:59
CREATE TABLE late_files (ts TIMESTAMP(3), v INT, p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO late_files VALUES (TIMESTAMP '2020-04-15 08:05:00', 1, 'p1'), (TIMESTAMP '2020-04-15 08:01:00', 2, 'p1'), (TIMESTAMP '2020-04-15 08:21:00', 4, 'p1'), (TIMESTAMP '2020-04-15 08:09:00', 8, 'p2'), (TIMESTAMP '2020-04-15 08:22:00', 16, 'p2');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE late_rows (ts TIMESTAMP(3), v INT, p STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# verify: skip late rows are dropped in STREAMING only
SELECT TUMBLE_START(ts, INTERVAL '10' MINUTE) AS ws, SUM(v) AS s FROM late_rows GROUP BY TUMBLE(ts, INTERVAL '10' MINUTE);
+----+-------------------------+-------------+
| op |                      ws |           s |
+----+-------------------------+-------------+
| +I | 2020-04-15 08:00:00.000 |           3 |
| +I | 2020-04-15 08:20:00.000 |          20 |
+----+-------------------------+-------------+
Received a total of 2 rows
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT supplier_id, HOP_START(bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE) AS ws, HOP_END(bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE) AS we, COUNT(*) AS c, SUM(price) AS s FROM Bid GROUP BY supplier_id, HOP(bidtime, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE);
+-------------+-------------------------+-------------------------+---+------+
| supplier_id |                      ws |                      we | c |    s |
+-------------+-------------------------+-------------------------+---+------+
|   supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2 | 6.00 |
|   supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 1 | 5.00 |
|   supplier1 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 3 | 7.00 |
|   supplier2 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 2 | 8.00 |
|   supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2 | 9.00 |
|   supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 1 | 1.00 |
|   supplier2 | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 | 1 | 6.00 |
+-------------+-------------------------+-------------------------+---+------+
7 rows in set
!ok
