# over.q - OVER aggregations (Flink's OverAggregate): ROWS and RANGE frames,
# bounded and unbounded preceding, on event time (rows wait for the
# watermark; late rows are dropped where Flink drops them) and processing
# time in STREAMING mode, and the sort-based operator in BATCH mode.
SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info


# ==========================================================================
# event time with out-of-order and late rows. The table is partitioned, so
# each partition directory (p1, p2, p3, read in that order) is one batch and
# the watermark (ts - 1 s) moves between them: 00:00:02 after p1, 00:00:04
# after p2, 00:00:08 after p3, then the end of input.
# ==========================================================================
CREATE TABLE ev_files (k STRING, v INT, ts TIMESTAMP(3), p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO ev_files VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01', 'p1'), ('a', 2, TIMESTAMP '2024-01-01 00:00:03', 'p1'), ('b', 10, TIMESTAMP '2024-01-01 00:00:02', 'p1'), ('a', 3, TIMESTAMP '2024-01-01 00:00:02', 'p2'), ('a', 4, TIMESTAMP '2024-01-01 00:00:05', 'p2'), ('b', 20, TIMESTAMP '2024-01-01 00:00:05', 'p2'), ('b', 25, TIMESTAMP '2024-01-01 00:00:05', 'p2'), ('c', 7, TIMESTAMP '2024-01-01 00:00:01', 'p2'), ('a', 5, TIMESTAMP '2024-01-01 00:00:04', 'p3'), ('b', 30, TIMESTAMP '2024-01-01 00:00:09', 'p3'), ('a', 6, TIMESTAMP '2024-01-01 00:00:01', 'p3');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE ev (k STRING, v INT, ts TIMESTAMP(3), p STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info


# bounded ROWS, several aggregates over one (named) window. A bounded frame
# drops a row whose timestamp is not past the last one its key processed
# (RowTimeRowsBoundedPrecedingFunction): a@00:00:02 of p2 is kept (a had
# processed 00:00:01 only, the watermark 00:00:02 notwithstanding), so is
# c@00:00:01 (c had processed nothing); a@00:00:01 of p3 is dropped (a had
# processed 00:00:03). Rows of one timestamp come out in arrival order.
# verify: skip late rows are dropped in STREAMING only
SELECT k, v, ts, SUM(v) OVER w AS s, COUNT(v) OVER w AS c, MIN(v) OVER w AS mn, MAX(v) OVER w AS mx FROM ev WINDOW w AS (PARTITION BY k ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW);
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+-------------+-------------+
| op |                              k |           v |                      ts |           s |                    c |          mn |          mx |
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+-------------+-------------+
| +I |                              a |           1 | 2024-01-01 00:00:01.000 |           1 |                    1 |           1 |           1 |
| +I |                              b |          10 | 2024-01-01 00:00:02.000 |          10 |                    1 |          10 |          10 |
| +I |                              c |           7 | 2024-01-01 00:00:01.000 |           7 |                    1 |           7 |           7 |
| +I |                              a |           3 | 2024-01-01 00:00:02.000 |           4 |                    2 |           1 |           3 |
| +I |                              a |           2 | 2024-01-01 00:00:03.000 |           5 |                    2 |           2 |           3 |
| +I |                              a |           5 | 2024-01-01 00:00:04.000 |           7 |                    2 |           2 |           5 |
| +I |                              a |           4 | 2024-01-01 00:00:05.000 |           9 |                    2 |           4 |           5 |
| +I |                              b |          20 | 2024-01-01 00:00:05.000 |          30 |                    2 |          10 |          20 |
| +I |                              b |          25 | 2024-01-01 00:00:05.000 |          45 |                    2 |          20 |          25 |
| +I |                              b |          30 | 2024-01-01 00:00:09.000 |          55 |                    2 |          25 |          30 |
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+-------------+-------------+
Received a total of 10 rows
[WARNING] 1 late record dropped by OverAggregate (behind the watermark)
!ok


# unbounded ROWS: a row not past the current watermark is late
# (RowTimeRowsUnboundedPrecedingFunction): a@00:00:02 and c@00:00:01 of p2
# (watermark 00:00:02), a@00:00:04 and a@00:00:01 of p3 (watermark 00:00:04)
# verify: skip late rows are dropped in STREAMING only
SELECT k, v, ts, SUM(v) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS s, COUNT(*) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS c FROM ev;
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+
| op |                              k |           v |                      ts |           s |                    c |
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+
| +I |                              a |           1 | 2024-01-01 00:00:01.000 |           1 |                    1 |
| +I |                              b |          10 | 2024-01-01 00:00:02.000 |          10 |                    1 |
| +I |                              a |           2 | 2024-01-01 00:00:03.000 |           3 |                    2 |
| +I |                              a |           4 | 2024-01-01 00:00:05.000 |           7 |                    3 |
| +I |                              b |          20 | 2024-01-01 00:00:05.000 |          30 |                    2 |
| +I |                              b |          25 | 2024-01-01 00:00:05.000 |          55 |                    3 |
| +I |                              b |          30 | 2024-01-01 00:00:09.000 |          85 |                    4 |
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+
Received a total of 7 rows
[WARNING] 4 late records dropped by OverAggregate (behind the watermark)
!ok


# unbounded RANGE (the default frame of ORDER BY alone): rows of one
# timestamp are peers and share their value (b@00:00:05)
# verify: skip late rows are dropped in STREAMING only
SELECT k, v, ts, SUM(v) OVER (PARTITION BY k ORDER BY ts) AS s, COUNT(*) OVER (PARTITION BY k ORDER BY ts) AS c FROM ev;
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+
| op |                              k |           v |                      ts |           s |                    c |
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+
| +I |                              a |           1 | 2024-01-01 00:00:01.000 |           1 |                    1 |
| +I |                              b |          10 | 2024-01-01 00:00:02.000 |          10 |                    1 |
| +I |                              a |           2 | 2024-01-01 00:00:03.000 |           3 |                    2 |
| +I |                              a |           4 | 2024-01-01 00:00:05.000 |           7 |                    3 |
| +I |                              b |          20 | 2024-01-01 00:00:05.000 |          55 |                    3 |
| +I |                              b |          25 | 2024-01-01 00:00:05.000 |          55 |                    3 |
| +I |                              b |          30 | 2024-01-01 00:00:09.000 |          85 |                    4 |
+----+--------------------------------+-------------+-------------------------+-------------+----------------------+
Received a total of 7 rows
[WARNING] 4 late records dropped by OverAggregate (behind the watermark)
!ok


# bounded RANGE without PARTITION BY (one subtask): the frame holds the rows
# of the last 2 seconds, both ends included; AVG of INT is an INT
# verify: skip late rows are dropped in STREAMING only
SELECT k, v, ts, SUM(v) OVER (ORDER BY ts RANGE BETWEEN INTERVAL '2' SECOND PRECEDING AND CURRENT ROW) AS s, AVG(v) OVER (ORDER BY ts RANGE BETWEEN INTERVAL '2' SECOND PRECEDING AND CURRENT ROW) AS av FROM ev;
+----+--------------------------------+-------------+-------------------------+-------------+-------------+
| op |                              k |           v |                      ts |           s |          av |
+----+--------------------------------+-------------+-------------------------+-------------+-------------+
| +I |                              a |           1 | 2024-01-01 00:00:01.000 |           1 |           1 |
| +I |                              b |          10 | 2024-01-01 00:00:02.000 |          11 |           5 |
| +I |                              a |           2 | 2024-01-01 00:00:03.000 |          13 |           4 |
| +I |                              a |           5 | 2024-01-01 00:00:04.000 |          17 |           5 |
| +I |                              a |           4 | 2024-01-01 00:00:05.000 |          56 |          11 |
| +I |                              b |          20 | 2024-01-01 00:00:05.000 |          56 |          11 |
| +I |                              b |          25 | 2024-01-01 00:00:05.000 |          56 |          11 |
| +I |                              b |          30 | 2024-01-01 00:00:09.000 |          30 |          30 |
+----+--------------------------------+-------------+-------------------------+-------------+-------------+
Received a total of 8 rows
[WARNING] 3 late records dropped by OverAggregate (behind the watermark)
!ok


# verify: skip late rows are dropped in STREAMING only
SELECT k, v, ts, COUNT(*) OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL '1' SECOND PRECEDING AND CURRENT ROW) AS c FROM ev;
+----+--------------------------------+-------------+-------------------------+----------------------+
| op |                              k |           v |                      ts |                    c |
+----+--------------------------------+-------------+-------------------------+----------------------+
| +I |                              a |           1 | 2024-01-01 00:00:01.000 |                    1 |
| +I |                              b |          10 | 2024-01-01 00:00:02.000 |                    1 |
| +I |                              c |           7 | 2024-01-01 00:00:01.000 |                    1 |
| +I |                              a |           3 | 2024-01-01 00:00:02.000 |                    2 |
| +I |                              a |           2 | 2024-01-01 00:00:03.000 |                    2 |
| +I |                              a |           5 | 2024-01-01 00:00:04.000 |                    2 |
| +I |                              a |           4 | 2024-01-01 00:00:05.000 |                    2 |
| +I |                              b |          20 | 2024-01-01 00:00:05.000 |                    2 |
| +I |                              b |          25 | 2024-01-01 00:00:05.000 |                    2 |
| +I |                              b |          30 | 2024-01-01 00:00:09.000 |                    1 |
+----+--------------------------------+-------------+-------------------------+----------------------+
Received a total of 10 rows
[WARNING] 1 late record dropped by OverAggregate (behind the watermark)
!ok


# ranking over event time: rows of one timestamp are peers
# verify: skip late rows are dropped in STREAMING only
SELECT k, v, ts, ROW_NUMBER() OVER w AS rn, RANK() OVER w AS rk, DENSE_RANK() OVER w AS dr FROM ev WINDOW w AS (PARTITION BY k ORDER BY ts);
+----+--------------------------------+-------------+-------------------------+----------------------+----------------------+----------------------+
| op |                              k |           v |                      ts |                   rn |                   rk |                   dr |
+----+--------------------------------+-------------+-------------------------+----------------------+----------------------+----------------------+
| +I |                              a |           1 | 2024-01-01 00:00:01.000 |                    1 |                    1 |                    1 |
| +I |                              b |          10 | 2024-01-01 00:00:02.000 |                    1 |                    1 |                    1 |
| +I |                              a |           2 | 2024-01-01 00:00:03.000 |                    2 |                    2 |                    2 |
| +I |                              a |           4 | 2024-01-01 00:00:05.000 |                    3 |                    3 |                    3 |
| +I |                              b |          20 | 2024-01-01 00:00:05.000 |                    2 |                    2 |                    2 |
| +I |                              b |          25 | 2024-01-01 00:00:05.000 |                    3 |                    2 |                    2 |
| +I |                              b |          30 | 2024-01-01 00:00:09.000 |                    4 |                    4 |                    3 |
+----+--------------------------------+-------------+-------------------------+----------------------+----------------------+----------------------+
Received a total of 7 rows
[WARNING] 4 late records dropped by OverAggregate (behind the watermark)
!ok


# ==========================================================================
# in-order event time: the same rows in STREAMING and BATCH mode. The query
# of Flink's "Over Aggregation" page (the amount of the product in the hour
# up to each order).
# ==========================================================================
CREATE TABLE orders_files (order_id INT, product STRING, amount INT, order_time TIMESTAMP(3)) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO orders_files VALUES (1, 'apple', 10, TIMESTAMP '2024-01-01 10:00:00'), (2, 'pear', 5, TIMESTAMP '2024-01-01 10:20:00'), (3, 'apple', 20, TIMESTAMP '2024-01-01 10:40:00'), (4, 'apple', 30, TIMESTAMP '2024-01-01 11:00:00'), (5, 'pear', 15, TIMESTAMP '2024-01-01 11:30:00'), (6, 'apple', 40, TIMESTAMP '2024-01-01 11:30:00'), (7, 'apple', 50, TIMESTAMP '2024-01-01 12:45:00');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE Orders (order_id INT, product STRING, amount INT, order_time TIMESTAMP(3), WATERMARK FOR order_time AS order_time - INTERVAL '1' MINUTE) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT order_id, order_time, amount, SUM(amount) OVER (PARTITION BY product ORDER BY order_time RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS one_hour_prod_amount_sum FROM Orders;
+----+-------------+-------------------------+-------------+--------------------------+
| op |    order_id |              order_time |      amount | one_hour_prod_amount_sum |
+----+-------------+-------------------------+-------------+--------------------------+
| +I |           1 | 2024-01-01 10:00:00.000 |          10 |                       10 |
| +I |           2 | 2024-01-01 10:20:00.000 |           5 |                        5 |
| +I |           3 | 2024-01-01 10:40:00.000 |          20 |                       30 |
| +I |           4 | 2024-01-01 11:00:00.000 |          30 |                       60 |
| +I |           5 | 2024-01-01 11:30:00.000 |          15 |                       15 |
| +I |           6 | 2024-01-01 11:30:00.000 |          40 |                       90 |
| +I |           7 | 2024-01-01 12:45:00.000 |          50 |                       50 |
+----+-------------+-------------------------+-------------+--------------------------+
Received a total of 7 rows
!ok

SELECT product, order_time, amount, MAX(amount) OVER (PARTITION BY product ORDER BY order_time ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS max_amount, COUNT(*) OVER (PARTITION BY product ORDER BY order_time ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS cnt FROM Orders;
+----+--------------------------------+-------------------------+-------------+-------------+----------------------+
| op |                        product |              order_time |      amount |  max_amount |                  cnt |
+----+--------------------------------+-------------------------+-------------+-------------+----------------------+
| +I |                          apple | 2024-01-01 10:00:00.000 |          10 |          10 |                    1 |
| +I |                           pear | 2024-01-01 10:20:00.000 |           5 |           5 |                    1 |
| +I |                          apple | 2024-01-01 10:40:00.000 |          20 |          20 |                    2 |
| +I |                          apple | 2024-01-01 11:00:00.000 |          30 |          30 |                    3 |
| +I |                           pear | 2024-01-01 11:30:00.000 |          15 |          15 |                    2 |
| +I |                          apple | 2024-01-01 11:30:00.000 |          40 |          40 |                    3 |
| +I |                          apple | 2024-01-01 12:45:00.000 |          50 |          50 |                    3 |
+----+--------------------------------+-------------------------+-------------+-------------+----------------------+
Received a total of 7 rows
!ok

SELECT order_id, product, ROW_NUMBER() OVER w AS rn, RANK() OVER w AS rk, SUM(amount) OVER w AS run_total, MIN(amount) OVER w AS mn FROM Orders WINDOW w AS (PARTITION BY product ORDER BY order_time);
+----+-------------+--------------------------------+----------------------+----------------------+-------------+-------------+
| op |    order_id |                        product |                   rn |                   rk |   run_total |          mn |
+----+-------------+--------------------------------+----------------------+----------------------+-------------+-------------+
| +I |           1 |                          apple |                    1 |                    1 |          10 |          10 |
| +I |           2 |                           pear |                    1 |                    1 |           5 |           5 |
| +I |           3 |                          apple |                    2 |                    2 |          30 |          10 |
| +I |           4 |                          apple |                    3 |                    3 |          60 |          10 |
| +I |           5 |                           pear |                    2 |                    2 |          20 |           5 |
| +I |           6 |                          apple |                    4 |                    4 |         100 |          10 |
| +I |           7 |                          apple |                    5 |                    5 |         150 |          10 |
+----+-------------+--------------------------------+----------------------+----------------------+-------------+-------------+
Received a total of 7 rows
!ok

SELECT order_id, COUNT(*) OVER (ORDER BY order_time ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS n, AVG(amount) OVER (ORDER BY order_time ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS av FROM Orders;
+----+-------------+----------------------+-------------+
| op |    order_id |                    n |          av |
+----+-------------+----------------------+-------------+
| +I |           1 |                    1 |          10 |
| +I |           2 |                    2 |           7 |
| +I |           3 |                    3 |          11 |
| +I |           4 |                    4 |          16 |
| +I |           5 |                    5 |          16 |
| +I |           6 |                    6 |          20 |
| +I |           7 |                    7 |          24 |
+----+-------------+----------------------+-------------+
Received a total of 7 rows
!ok

EXPLAIN SELECT order_id, SUM(amount) OVER (PARTITION BY product ORDER BY order_time RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS s FROM Orders;
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                         result |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(order_id=[$0], s=[CASE(>(COUNT($2) OVER (PARTITION BY $1 ORDER BY $3 NULLS FIRST RANGE 3600000:INTERVAL HOUR PRECEDING), 0), SUM($2) OVER (PARTITION BY $1 ORDER BY $3 NULLS FIRST RANGE 3600000:INTERVAL HOUR PRECEDING), null:INTEGER)])
+- LogicalWatermarkAssigner(rowtime=[order_time], watermark=[-($3, 60000:INTERVAL MINUTE)])
   +- LogicalTableScan(table=[[default_catalog, default_database, Orders]])

== Optimized Physical Plan ==
Calc(select=[order_id, CASE(>(w0$o0, 0), w0$o1, null:INTEGER) AS s])
+- OverAggregate(partitionBy=[product], orderBy=[order_time ASC], window=[ RANGE BETWEEN 3600000 PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, COUNT(amount) AS w0$o0, SUM(amount) AS w0$o1])
   +- Exchange(distribution=[hash[product]])
      +- WatermarkAssigner(rowtime=[order_time], watermark=[-(order_time, 60000:INTERVAL MINUTE)])
         +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[order_id, product, amount, order_time])

== Optimized Execution Plan ==
Calc(select=[order_id, CASE((w0$o0 > 0), w0$o1, null:INTEGER) AS s])
+- OverAggregate(partitionBy=[product], orderBy=[order_time ASC], window=[ RANGE BETWEEN 3600000 PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, COUNT(amount) AS w0$o0, SUM(amount) AS w0$o1])
   +- Exchange(distribution=[hash[product]])
      +- WatermarkAssigner(rowtime=[order_time], watermark=[(order_time - 60000:INTERVAL MINUTE)])
         +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[order_id, product, amount, order_time])
 |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

EXPLAIN SELECT product, COUNT(*) OVER (ORDER BY order_time ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS c FROM Orders;
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                     result |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(product=[$1], c=[COUNT() OVER (ORDER BY $3 NULLS FIRST ROWS 2 PRECEDING)])
+- LogicalWatermarkAssigner(rowtime=[order_time], watermark=[-($3, 60000:INTERVAL MINUTE)])
   +- LogicalTableScan(table=[[default_catalog, default_database, Orders]])

== Optimized Physical Plan ==
Calc(select=[product, w0$o0 AS c])
+- OverAggregate(orderBy=[order_time ASC], window=[ ROWS BETWEEN 2 PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, COUNT(*) AS w0$o0])
   +- Exchange(distribution=[single])
      +- WatermarkAssigner(rowtime=[order_time], watermark=[-(order_time, 60000:INTERVAL MINUTE)])
         +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[order_id, product, amount, order_time])

== Optimized Execution Plan ==
Calc(select=[product, w0$o0 AS c])
+- OverAggregate(orderBy=[order_time ASC], window=[ ROWS BETWEEN 2 PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, COUNT(*) AS w0$o0])
   +- Exchange(distribution=[single])
      +- WatermarkAssigner(rowtime=[order_time], watermark=[(order_time - 60000:INTERVAL MINUTE)])
         +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[order_id, product, amount, order_time])
 |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok


# ==========================================================================
# processing time: rows are processed as they come (one subtask per key
# here, so the counts are deterministic)
# ==========================================================================
CREATE VIEW clicks AS SELECT u, url, PROCTIME() AS pt FROM (VALUES ('Mary', './home'), ('Bob', './cart'), ('Mary', './prod?id=1'), ('Liz', './home'), ('Bob', './prod?id=3'), ('Mary', './prod?id=7')) AS T(u, url);
[INFO] Execute statement succeeded.
!info

# verify: skip BATCH has no processing time: the PROCTIME() values tie and the order is the sort's
SELECT u, url, COUNT(*) OVER (PARTITION BY u ORDER BY pt ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS n FROM clicks;
+----+--------------------------------+--------------------------------+----------------------+
| op |                              u |                            url |                    n |
+----+--------------------------------+--------------------------------+----------------------+
| +I |                           Mary |                         ./home |                    1 |
| +I |                            Bob |                         ./cart |                    1 |
| +I |                           Mary |                    ./prod?id=1 |                    2 |
| +I |                            Liz |                         ./home |                    1 |
| +I |                            Bob |                    ./prod?id=3 |                    2 |
| +I |                           Mary |                    ./prod?id=7 |                    3 |
+----+--------------------------------+--------------------------------+----------------------+
Received a total of 6 rows
!ok

# verify: skip BATCH has no processing time: the PROCTIME() values tie and the order is the sort's
SELECT u, url, COUNT(*) OVER (PARTITION BY u ORDER BY pt ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS n FROM clicks;
+----+--------------------------------+--------------------------------+----------------------+
| op |                              u |                            url |                    n |
+----+--------------------------------+--------------------------------+----------------------+
| +I |                           Mary |                         ./home |                    1 |
| +I |                            Bob |                         ./cart |                    1 |
| +I |                           Mary |                    ./prod?id=1 |                    2 |
| +I |                            Liz |                         ./home |                    1 |
| +I |                            Bob |                    ./prod?id=3 |                    2 |
| +I |                           Mary |                    ./prod?id=7 |                    2 |
+----+--------------------------------+--------------------------------+----------------------+
Received a total of 6 rows
!ok


# ==========================================================================
# what STREAMING mode refuses, with Flink's messages
# ==========================================================================

# the order key must be a time attribute
SELECT product, SUM(amount) OVER (PARTITION BY product ORDER BY amount ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM Orders;
[ERROR] Could not execute SQL statement. Reason:
OVER windows' ordering in stream mode must be defined on a time attribute.
!error

SELECT product, COUNT(*) OVER (PARTITION BY product ORDER BY order_time DESC) FROM Orders;
[ERROR] Could not execute SQL statement. Reason:
The window can only be ordered in ASCENDING mode.
!error

SELECT product, COUNT(*) OVER (PARTITION BY product) FROM Orders;
[ERROR] Could not execute SQL statement. Reason:
The window can only be ordered by a single time column.
!error

SELECT product, COUNT(*) OVER (PARTITION BY product ORDER BY order_time ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM Orders;
[ERROR] Could not execute SQL statement. Reason:
OVER RANGE FOLLOWING windows are not supported yet.
!error

SELECT product, CUME_DIST() OVER (PARTITION BY product ORDER BY order_time) FROM Orders;
[ERROR] Could not execute SQL statement. Reason:
CUME_DIST Function is not supported in stream mode.
!error

# all aggregates of a query over one window (EXPLAIN fails too)
# verify: skip STREAMING only
EXPLAIN SELECT product, COUNT(*) OVER (PARTITION BY product ORDER BY order_time), SUM(amount) OVER (ORDER BY order_time) FROM Orders;
[ERROR] Could not execute SQL statement. Reason:
Over Agg: Unsupported use of OVER windows. All aggregates must be computed on the same window. please re-check the over window statement.
!error

# ==========================================================================
# BATCH: the input sorted by the partition and order keys, any order key,
# frames with FOLLOWING, several windows in one query
# ==========================================================================
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

# verify: skip BATCH keeps the late rows
SELECT k, v, ts, SUM(v) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS s, COUNT(*) OVER (PARTITION BY k ORDER BY ts) AS c FROM ev;
+---+----+-------------------------+----+---+
| k |  v |                      ts |  s | c |
+---+----+-------------------------+----+---+
| a |  1 | 2024-01-01 00:00:01.000 |  1 | 2 |
| a |  6 | 2024-01-01 00:00:01.000 |  7 | 2 |
| a |  3 | 2024-01-01 00:00:02.000 |  9 | 3 |
| a |  2 | 2024-01-01 00:00:03.000 |  5 | 4 |
| a |  5 | 2024-01-01 00:00:04.000 |  7 | 5 |
| a |  4 | 2024-01-01 00:00:05.000 |  9 | 6 |
| b | 10 | 2024-01-01 00:00:02.000 | 10 | 1 |
| b | 20 | 2024-01-01 00:00:05.000 | 30 | 3 |
| b | 25 | 2024-01-01 00:00:05.000 | 45 | 3 |
| b | 30 | 2024-01-01 00:00:09.000 | 55 | 4 |
| c |  7 | 2024-01-01 00:00:01.000 |  7 | 1 |
+---+----+-------------------------+----+---+
11 rows in set
!ok

# verify: skip BATCH only: ORDER BY a column that is no time attribute, FOLLOWING
SELECT product, amount, SUM(amount) OVER (PARTITION BY product ORDER BY amount ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS s3, SUM(amount) OVER (PARTITION BY product ORDER BY amount RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) AS r10, COUNT(*) OVER (PARTITION BY product ORDER BY amount RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS n, MAX(amount) OVER (PARTITION BY product ORDER BY amount ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS mx FROM Orders;
+---------+--------+-----+-----+---+----+
| product | amount |  s3 | r10 | n | mx |
+---------+--------+-----+-----+---+----+
|   apple |     10 |  30 |  10 | 5 | 50 |
|   apple |     20 |  60 |  30 | 5 | 50 |
|   apple |     30 |  90 |  50 | 5 | 50 |
|   apple |     40 | 120 |  70 | 5 | 50 |
|   apple |     50 |  90 |  90 | 5 | 50 |
|    pear |      5 |  20 |   5 | 2 | 15 |
|    pear |     15 |  20 |  20 | 2 | 15 |
+---------+--------+-----+-----+---+----+
7 rows in set
!ok

# verify: skip BATCH only: windows with different keys in one query
SELECT order_id, amount, SUM(amount) OVER (ORDER BY amount DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS run_sum, COUNT(*) OVER () AS total, MAX(amount) OVER (ORDER BY amount DESC ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS m FROM Orders;
+----------+--------+---------+-------+----+
| order_id | amount | run_sum | total |  m |
+----------+--------+---------+-------+----+
|        7 |     50 |      50 |     7 | 50 |
|        6 |     40 |      90 |     7 | 50 |
|        4 |     30 |     120 |     7 | 40 |
|        3 |     20 |     140 |     7 | 30 |
|        5 |     15 |     155 |     7 | 20 |
|        1 |     10 |     165 |     7 | 15 |
|        2 |      5 |     170 |     7 | 10 |
+----------+--------+---------+-------+----+
7 rows in set
!ok

# window functions: ranks, LAG / LEAD (offset, default), NTILE, CUME_DIST, PERCENT_RANK
SELECT order_id, product, order_time, ROW_NUMBER() OVER w AS rn, RANK() OVER w AS rk, DENSE_RANK() OVER w AS dr, LAG(amount) OVER w AS lg, LEAD(amount, 2, 0) OVER w AS ld, NTILE(2) OVER w AS nt, CUME_DIST() OVER w AS cd, PERCENT_RANK() OVER w AS pr FROM Orders WINDOW w AS (PARTITION BY product ORDER BY order_time);
+----------+---------+-------------------------+----+----+----+--------+----+----+-----+------+
| order_id | product |              order_time | rn | rk | dr |     lg | ld | nt |  cd |   pr |
+----------+---------+-------------------------+----+----+----+--------+----+----+-----+------+
|        1 |   apple | 2024-01-01 10:00:00.000 |  1 |  1 |  1 | <NULL> | 30 |  1 | 0.2 |  0.0 |
|        3 |   apple | 2024-01-01 10:40:00.000 |  2 |  2 |  2 |     10 | 40 |  1 | 0.4 | 0.25 |
|        4 |   apple | 2024-01-01 11:00:00.000 |  3 |  3 |  3 |     20 | 50 |  1 | 0.6 |  0.5 |
|        6 |   apple | 2024-01-01 11:30:00.000 |  4 |  4 |  4 |     30 |  0 |  2 | 0.8 | 0.75 |
|        7 |   apple | 2024-01-01 12:45:00.000 |  5 |  5 |  5 |     40 |  0 |  2 | 1.0 |  1.0 |
|        2 |    pear | 2024-01-01 10:20:00.000 |  1 |  1 |  1 | <NULL> |  0 |  1 | 0.5 |  0.0 |
|        5 |    pear | 2024-01-01 11:30:00.000 |  2 |  2 |  2 |      5 |  0 |  2 | 1.0 |  1.0 |
+----------+---------+-------------------------+----+----+----+--------+----+----+-----+------+
7 rows in set
!ok

# verify: skip BATCH only: ORDER BY a column that is no time attribute
SELECT product, RANK() OVER (ORDER BY product) AS rk, DENSE_RANK() OVER (ORDER BY product) AS dr, ROW_NUMBER() OVER (ORDER BY product, order_id DESC) AS rn, order_id FROM Orders;
+---------+----+----+----+----------+
| product | rk | dr | rn | order_id |
+---------+----+----+----+----------+
|   apple |  1 |  1 |  1 |        7 |
|   apple |  1 |  1 |  2 |        6 |
|   apple |  1 |  1 |  3 |        4 |
|   apple |  1 |  1 |  4 |        3 |
|   apple |  1 |  1 |  5 |        1 |
|    pear |  6 |  2 |  6 |        5 |
|    pear |  6 |  2 |  7 |        2 |
+---------+----+----+----+----------+
7 rows in set
!ok

# verify: skip BATCH only: windows with different keys in one query
EXPLAIN SELECT order_id, amount, SUM(amount) OVER (ORDER BY amount DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS run_sum, COUNT(*) OVER () AS total, MAX(amount) OVER (ORDER BY amount DESC ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS m FROM Orders;
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                               result |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(order_id=[$0], amount=[$2], run_sum=[CASE(>(COUNT($2) OVER (ORDER BY $2 DESC NULLS LAST ROWS UNBOUNDED PRECEDING), 0), SUM($2) OVER (ORDER BY $2 DESC NULLS LAST ROWS UNBOUNDED PRECEDING), null:INTEGER)], total=[COUNT() OVER ()], m=[MAX($2) OVER (ORDER BY $2 DESC NULLS LAST ROWS 1 PRECEDING)])
+- LogicalTableScan(table=[[default_catalog, default_database, Orders]])

== Optimized Physical Plan ==
Calc(select=[order_id, amount, CASE(>(w0$o0, 0), w0$o1, null:INTEGER) AS run_sum, w1$o0 AS total, w2$o0 AS m])
+- OverAggregate(orderBy=[amount DESC], window#0=[MAX(amount) AS w2$o0 ROWS BETWEEN 1 PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, w0$o0, w0$o1, w1$o0, w2$o0])
   +- Sort(orderBy=[amount DESC])
      +- Exchange(distribution=[single])
         +- OverAggregate(window#0=[COUNT(*) AS w1$o0 RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING], select=[order_id, product, amount, order_time, w0$o0, w0$o1, w1$o0])
            +- Exchange(distribution=[single])
               +- OverAggregate(orderBy=[amount DESC], window#0=[COUNT(amount) AS w0$o0, SUM(amount) AS w0$o1 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, w0$o0, w0$o1])
                  +- Sort(orderBy=[amount DESC])
                     +- Exchange(distribution=[single])
                        +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[order_id, product, amount, order_time])

== Optimized Execution Plan ==
Calc(select=[order_id, amount, CASE((w0$o0 > 0), w0$o1, null:INTEGER) AS run_sum, w1$o0 AS total, w2$o0 AS m])
+- OverAggregate(orderBy=[amount DESC], window#0=[MAX(amount) AS w2$o0 ROWS BETWEEN 1 PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, w0$o0, w0$o1, w1$o0, w2$o0])
   +- Sort(orderBy=[amount DESC])
      +- Exchange(distribution=[single])
         +- OverAggregate(window#0=[COUNT(*) AS w1$o0 RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING], select=[order_id, product, amount, order_time, w0$o0, w0$o1, w1$o0])
            +- Exchange(distribution=[single])
               +- OverAggregate(orderBy=[amount DESC], window#0=[COUNT(amount) AS w0$o0, SUM(amount) AS w0$o1 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW], select=[order_id, product, amount, order_time, w0$o0, w0$o1])
                  +- Sort(orderBy=[amount DESC])
                     +- Exchange(distribution=[single])
                        +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[order_id, product, amount, order_time])
 |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

