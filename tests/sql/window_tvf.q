# window_tvf.q - window table functions TUMBLE / HOP / CUMULATE and the
# window aggregation over them, on the Bid table of Flink's "Windowing TVF"
# and "Window Aggregation" pages (their results, with TIMESTAMP(3) printed
# in full), event time from the table's WATERMARK; out-of-order input and
# late rows.
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

# ==========================================================================
# the window TVFs alone: one row per (row, window)
# ==========================================================================
SELECT * FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES));
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |        price |                           item |                    supplier_id |            window_start |              window_end |             window_time |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              C |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:07:00.000 |         2.00 |                              A |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              D |                      supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 6 rows
!ok

# named parameters (DATA first)
SELECT bidtime, item, window_start, window_end FROM TABLE(TUMBLE(DATA => TABLE Bid, TIMECOL => DESCRIPTOR(bidtime), SIZE => INTERVAL '10' MINUTES));
+----+-------------------------+--------------------------------+-------------------------+-------------------------+
| op |                 bidtime |                           item |            window_start |              window_end |
+----+-------------------------+--------------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:05:00.000 |                              C | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:07:00.000 |                              A | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:09:00.000 |                              D | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:11:00.000 |                              B | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| +I | 2020-04-15 08:13:00.000 |                              E | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| +I | 2020-04-15 08:17:00.000 |                              F | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
+----+-------------------------+--------------------------------+-------------------------+-------------------------+
Received a total of 6 rows
!ok

SELECT * FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES));
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |        price |                           item |                    supplier_id |            window_start |              window_end |             window_time |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              C |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              C |                      supplier1 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 2020-04-15 08:14:59.999 |
| +I | 2020-04-15 08:07:00.000 |         2.00 |                              A |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:07:00.000 |         2.00 |                              A |                      supplier1 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 2020-04-15 08:14:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              D |                      supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              D |                      supplier2 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 2020-04-15 08:14:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 2020-04-15 08:14:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 | 2020-04-15 08:14:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier2 | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 | 2020-04-15 08:24:59.999 |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 12 rows
!ok

SELECT * FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES));
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |        price |                           item |                    supplier_id |            window_start |              window_end |             window_time |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              C |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:06:00.000 | 2020-04-15 08:05:59.999 |
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              C |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:08:00.000 | 2020-04-15 08:07:59.999 |
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              C |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:07:00.000 |         2.00 |                              A |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:08:00.000 | 2020-04-15 08:07:59.999 |
| +I | 2020-04-15 08:07:00.000 |         2.00 |                              A |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              D |                      supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:12:00.000 | 2020-04-15 08:11:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:16:00.000 | 2020-04-15 08:15:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:18:00.000 | 2020-04-15 08:17:59.999 |
| +I | 2020-04-15 08:11:00.000 |         3.00 |                              B |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:16:00.000 | 2020-04-15 08:15:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:18:00.000 | 2020-04-15 08:17:59.999 |
| +I | 2020-04-15 08:13:00.000 |         1.00 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:18:00.000 | 2020-04-15 08:17:59.999 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 17 rows
!ok

# an offset shifts the window starts
SELECT bidtime, window_start, window_end FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES, INTERVAL '1' MINUTES));
+----+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |            window_start |              window_end |
+----+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:01:00.000 | 2020-04-15 08:11:00.000 |
| +I | 2020-04-15 08:07:00.000 | 2020-04-15 08:01:00.000 | 2020-04-15 08:11:00.000 |
| +I | 2020-04-15 08:09:00.000 | 2020-04-15 08:01:00.000 | 2020-04-15 08:11:00.000 |
| +I | 2020-04-15 08:11:00.000 | 2020-04-15 08:11:00.000 | 2020-04-15 08:21:00.000 |
| +I | 2020-04-15 08:13:00.000 | 2020-04-15 08:11:00.000 | 2020-04-15 08:21:00.000 |
| +I | 2020-04-15 08:17:00.000 | 2020-04-15 08:11:00.000 | 2020-04-15 08:21:00.000 |
+----+-------------------------+-------------------------+-------------------------+
Received a total of 6 rows
!ok

# ==========================================================================
# window aggregation: one final row per window (and key) when the
# watermark passes the window's end
# ==========================================================================
SELECT window_start, window_end, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+
| op |            window_start |              window_end |                                    price |
+----+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                                    11.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                                    10.00 |
+----+-------------------------+-------------------------+------------------------------------------+
Received a total of 2 rows
!ok

SELECT window_start, window_end, SUM(price) AS price FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+
| op |            window_start |              window_end |                                    price |
+----+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                                    11.00 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                                    15.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                                    10.00 |
| +I | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |                                     6.00 |
+----+-------------------------+-------------------------+------------------------------------------+
Received a total of 4 rows
!ok

SELECT window_start, window_end, SUM(price) AS price FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+
| op |            window_start |              window_end |                                    price |
+----+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:06:00.000 |                                     4.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:08:00.000 |                                     6.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                                    11.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:12:00.000 |                                     3.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:14:00.000 |                                     4.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:16:00.000 |                                     4.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:18:00.000 |                                    10.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                                    10.00 |
+----+-------------------------+-------------------------+------------------------------------------+
Received a total of 8 rows
!ok

# keys besides the window, several aggregates, a FILTER, a WHERE below
SELECT window_start, window_end, supplier_id, SUM(price) AS price, COUNT(*) AS cnt, MAX(price) AS mx, COUNT(*) FILTER (WHERE price > 2) AS big FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) WHERE item <> 'B' GROUP BY window_start, window_end, supplier_id;
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+--------------+----------------------+
| op |            window_start |              window_end |                    supplier_id |                                    price |                  cnt |           mx |                  big |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+--------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                                     6.00 |                    2 |         4.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier2 |                                     5.00 |                    1 |         5.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier1 |                                     1.00 |                    1 |         1.00 |                    0 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier2 |                                     6.00 |                    1 |         6.00 |                    1 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+--------------+----------------------+
Received a total of 4 rows
!ok

# the window columns in any order of the GROUP BY and the select list
SELECT SUM(price) AS total, AVG(price) AS av, window_end, window_start FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES, INTERVAL '20' MINUTES)) GROUP BY window_end, window_start;
+----+------------------------------------------+------------------------------------------+-------------------------+-------------------------+
| op |                                    total |                                       av |              window_end |            window_start |
+----+------------------------------------------+------------------------------------------+-------------------------+-------------------------+
| +I |                                    11.00 |                                 3.666667 | 2020-04-15 08:10:00.000 | 2020-04-15 07:50:00.000 |
| +I |                                    21.00 |                                 3.500000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:00:00.000 |
| +I |                                    10.00 |                                 3.333333 | 2020-04-15 08:30:00.000 | 2020-04-15 08:10:00.000 |
+----+------------------------------------------+------------------------------------------+-------------------------+-------------------------+
Received a total of 3 rows
!ok

# GROUPING SETS / ROLLUP / CUBE with the window columns in every set
SELECT window_start, window_end, supplier_id, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, GROUPING SETS ((supplier_id), ());
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| op |            window_start |              window_end |                    supplier_id |                                    price |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                                     6.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier2 |                                     5.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                         <NULL> |                                    11.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier2 |                                     9.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier1 |                                     1.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                         <NULL> |                                    10.00 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
Received a total of 6 rows
!ok

SELECT window_start, window_end, supplier_id, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, ROLLUP (supplier_id);
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| op |            window_start |              window_end |                    supplier_id |                                    price |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                                     6.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier2 |                                     5.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                         <NULL> |                                    11.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier2 |                                     9.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier1 |                                     1.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                         <NULL> |                                    10.00 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
Received a total of 6 rows
!ok

SELECT window_start, window_end, item, supplier_id, SUM(price) AS price, GROUPING(supplier_id) AS g FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, CUBE (supplier_id, item);
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+------------------------------------------+----------------------+
| op |            window_start |              window_end |                           item |                    supplier_id |                                    price |                    g |
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+------------------------------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              C |                      supplier1 |                                     4.00 |                    0 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                         <NULL> |                      supplier1 |                                     6.00 |                    0 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              A |                      supplier1 |                                     2.00 |                    0 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              D |                      supplier2 |                                     5.00 |                    0 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                         <NULL> |                      supplier2 |                                     5.00 |                    0 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              C |                         <NULL> |                                     4.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              A |                         <NULL> |                                     2.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              D |                         <NULL> |                                     5.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                         <NULL> |                         <NULL> |                                    11.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              B |                      supplier2 |                                     3.00 |                    0 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                         <NULL> |                      supplier2 |                                     9.00 |                    0 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              E |                      supplier1 |                                     1.00 |                    0 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              B |                         <NULL> |                                     3.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              E |                         <NULL> |                                     1.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              F |                         <NULL> |                                     6.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                         <NULL> |                         <NULL> |                                    10.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                         <NULL> |                      supplier1 |                                     1.00 |                    0 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              F |                      supplier2 |                                     6.00 |                    0 |
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+------------------------------------------+----------------------+
Received a total of 18 rows
!ok

# aggregates that keep views in state (DISTINCT, MAX / MIN of strings, LISTAGG)
SELECT window_start, window_end, MAX(item) AS mx, MIN(item) AS mn, COUNT(DISTINCT supplier_id) AS ns, LISTAGG(item) AS items FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+----------------------+--------------------------------+
| op |            window_start |              window_end |                             mx |                             mn |                   ns |                          items |
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+----------------------+--------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                              D |                              A |                    2 |                          C,A,D |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                              E |                              A |                    2 |                      C,A,D,B,E |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                              F |                              B |                    2 |                          B,E,F |
| +I | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |                              F |                              F |                    1 |                              F |
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+----------------------+--------------------------------+
Received a total of 4 rows
!ok

# a window aggregation over a view
CREATE VIEW cheap AS SELECT * FROM Bid WHERE price < 5;
[INFO] Execute statement succeeded.
!info

SELECT window_start, window_end, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE cheap, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+----------------------+
| op |            window_start |              window_end |                    n |
+----+-------------------------+-------------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                    2 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    2 |
+----+-------------------------+-------------------------+----------------------+
Received a total of 2 rows
!ok

# cascading window aggregation (the Window Aggregation page): window_time
# stays a rowtime attribute, a 10-minute window over 5-minute ones
CREATE VIEW window1 AS SELECT window_start AS window_5mintumble_start, window_end AS window_5mintumble_end, window_time AS rowtime, SUM(price) AS partial_price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY supplier_id, window_start, window_end, window_time;
[INFO] Execute statement succeeded.
!info

DESCRIBE window1;
+-------------------------+------------------------+-------+-----+--------+-----------+
|                    name |                   type |  null | key | extras | watermark |
+-------------------------+------------------------+-------+-----+--------+-----------+
| window_5mintumble_start |           TIMESTAMP(3) | FALSE |     |        |           |
|   window_5mintumble_end |           TIMESTAMP(3) | FALSE |     |        |           |
|                 rowtime | TIMESTAMP(3) *ROWTIME* | FALSE |     |        |           |
|           partial_price |         DECIMAL(38, 2) |  TRUE |     |        |           |
+-------------------------+------------------------+-------+-----+--------+-----------+
4 rows in set
!ok

SELECT window_start, window_end, SUM(partial_price) AS total_price FROM TABLE(TUMBLE(TABLE window1, DESCRIPTOR(rowtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+
| op |            window_start |              window_end |                              total_price |
+----+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                                    11.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                                    10.00 |
+----+-------------------------+-------------------------+------------------------------------------+
Received a total of 2 rows
!ok

# ==========================================================================
# plans: the window TVF merges into the WindowAggregate, which assigns the
# windows itself and groups by the other keys; the TVF alone is a
# WindowTableFunction
# ==========================================================================
EXPLAIN SELECT window_start, window_end, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}], price=[SUM($2)])
+- LogicalProject(window_start=[$4], window_end=[$5], price=[$1])
   +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
      +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
         +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[window_start, window_end, price])
+- WindowAggregate(window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime, price])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[window_start, window_end, price])
+- WindowAggregate(window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime, price])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT window_start, window_end, supplier_id, SUM(price) AS price FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) WHERE item <> 'B' GROUP BY window_start, window_end, supplier_id;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1, 2}], price=[SUM($3)])
+- LogicalProject(window_start=[$4], window_end=[$5], supplier_id=[$3], price=[$1])
   +- LogicalFilter(condition=[<>($2, _UTF-16LE'B')])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[window_start, window_end, supplier_id, price])
+- WindowAggregate(groupBy=[supplier_id], window=[HOP(time_col=[bidtime], size=[10 min], slide=[5 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[supplier_id]])
      +- Calc(select=[bidtime, price, supplier_id], where=[<>(item, _UTF-16LE'B')])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[window_start, window_end, supplier_id, price])
+- WindowAggregate(groupBy=[supplier_id], window=[HOP(time_col=[bidtime], size=[10 min], slide=[5 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[supplier_id]])
      +- Calc(select=[bidtime, price, supplier_id], where=[(item <> 'B')])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT window_start, window_end, window_time, COUNT(*) AS n FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES, INTERVAL '1' MINUTES)) GROUP BY window_start, window_end, window_time;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1, 2}], n=[COUNT()])
+- LogicalProject(window_start=[$4], window_end=[$5], window_time=[$6])
   +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
      +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
         +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[window_start, window_end, window_time, n])
+- WindowAggregate(window=[CUMULATE(time_col=[bidtime], max_size=[10 min], step=[2 min], offset=[1 min])], select=[COUNT(*) AS n, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[window_start, window_end, window_time, n])
+- WindowAggregate(window=[CUMULATE(time_col=[bidtime], max_size=[10 min], step=[2 min], offset=[1 min])], select=[COUNT(*) AS n, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT * FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES));
== Abstract Syntax Tree ==
LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6])
+- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
   +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
      +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
+- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
   +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
+- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
   +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

# window_time grouped and selected; a CUMULATE offset
SELECT window_start, window_end, window_time, COUNT(*) AS n FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES, INTERVAL '1' MINUTES)) GROUP BY window_start, window_end, window_time;
+----+-------------------------+-------------------------+-------------------------+----------------------+
| op |            window_start |              window_end |             window_time |                    n |
+----+-------------------------+-------------------------+-------------------------+----------------------+
| +I | 2020-04-15 08:01:00.000 | 2020-04-15 08:07:00.000 | 2020-04-15 08:06:59.999 |                    1 |
| +I | 2020-04-15 08:01:00.000 | 2020-04-15 08:09:00.000 | 2020-04-15 08:08:59.999 |                    2 |
| +I | 2020-04-15 08:01:00.000 | 2020-04-15 08:11:00.000 | 2020-04-15 08:10:59.999 |                    3 |
| +I | 2020-04-15 08:11:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |                    1 |
| +I | 2020-04-15 08:11:00.000 | 2020-04-15 08:15:00.000 | 2020-04-15 08:14:59.999 |                    2 |
| +I | 2020-04-15 08:11:00.000 | 2020-04-15 08:17:00.000 | 2020-04-15 08:16:59.999 |                    2 |
| +I | 2020-04-15 08:11:00.000 | 2020-04-15 08:19:00.000 | 2020-04-15 08:18:59.999 |                    3 |
| +I | 2020-04-15 08:11:00.000 | 2020-04-15 08:21:00.000 | 2020-04-15 08:20:59.999 |                    3 |
+----+-------------------------+-------------------------+-------------------------+----------------------+
Received a total of 8 rows
!ok

# ==========================================================================
# out-of-order input and late rows: each partition directory is read as
# one batch with the watermark after it; rows of windows that fired
# already are dropped (08:09 after the watermark reached 08:20:59; the
# 08:19:59.500 row after 08:21:59), earlier out-of-order rows are kept
# ==========================================================================
CREATE TABLE late_files (ts TIMESTAMP(3), v INT, p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO late_files VALUES (TIMESTAMP '2020-04-15 08:05:00', 1, 'p1'), (TIMESTAMP '2020-04-15 08:01:00', 2, 'p1'), (TIMESTAMP '2020-04-15 08:21:00', 4, 'p1'), (TIMESTAMP '2020-04-15 08:09:00', 8, 'p2'), (TIMESTAMP '2020-04-15 08:22:00', 16, 'p2'), (TIMESTAMP '2020-04-15 08:25:00', 32, 'p3'), (TIMESTAMP '2020-04-15 08:19:59.500', 64, 'p3');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE late_rows (ts TIMESTAMP(3), v INT, p STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# verify: skip late rows are dropped in STREAMING only (BATCH sees every row before its one watermark)
SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+-------------+----------------------+
| op |            window_start |              window_end |           s |                    c |
+----+-------------------------+-------------------------+-------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |           3 |                    2 |
| +I | 2020-04-15 08:20:00.000 | 2020-04-15 08:30:00.000 |          52 |                    3 |
+----+-------------------------+-------------------------+-------------+----------------------+
Received a total of 2 rows
!ok

# HOP: a late row still counts in the later windows that have not fired
# verify: skip late rows are dropped in STREAMING only
SELECT window_start, window_end, SUM(v) AS s FROM TABLE(HOP(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+-------------+
| op |            window_start |              window_end |           s |
+----+-------------------------+-------------------------+-------------+
| +I | 2020-04-15 07:55:00.000 | 2020-04-15 08:05:00.000 |           2 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |           3 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |           1 |
| +I | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |          84 |
| +I | 2020-04-15 08:20:00.000 | 2020-04-15 08:30:00.000 |          52 |
| +I | 2020-04-15 08:25:00.000 | 2020-04-15 08:35:00.000 |          32 |
+----+-------------------------+-------------------------+-------------+
Received a total of 6 rows
!ok

# the window TVF alone drops nothing
SELECT v, window_start, window_end FROM TABLE(TUMBLE(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '10' MINUTES));
+----+-------------+-------------------------+-------------------------+
| op |           v |            window_start |              window_end |
+----+-------------+-------------------------+-------------------------+
| +I |           1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I |           2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I |           4 | 2020-04-15 08:20:00.000 | 2020-04-15 08:30:00.000 |
| +I |           8 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I |          16 | 2020-04-15 08:20:00.000 | 2020-04-15 08:30:00.000 |
| +I |          32 | 2020-04-15 08:20:00.000 | 2020-04-15 08:30:00.000 |
| +I |          64 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
+----+-------------+-------------------------+-------------------------+
Received a total of 7 rows
!ok

# ==========================================================================
# BATCH: the same insert-only rows
# ==========================================================================
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT window_start, window_end, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+-------------------------+-------------------------+-------+
|            window_start |              window_end | price |
+-------------------------+-------------------------+-------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 11.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 10.00 |
+-------------------------+-------------------------+-------+
2 rows in set
!ok

SELECT window_start, window_end, supplier_id, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, ROLLUP (supplier_id);
+-------------------------+-------------------------+-------------+-------+
|            window_start |              window_end | supplier_id | price |
+-------------------------+-------------------------+-------------+-------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier1 |  6.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier2 |  5.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |      <NULL> | 11.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier2 |  9.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier1 |  1.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |      <NULL> | 10.00 |
+-------------------------+-------------------------+-------------+-------+
6 rows in set
!ok

SELECT window_start, window_end, SUM(price) AS price FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+-------------------------+-------------------------+-------+
|            window_start |              window_end | price |
+-------------------------+-------------------------+-------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:06:00.000 |  4.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:08:00.000 |  6.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 11.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:12:00.000 |  3.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:14:00.000 |  4.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:16:00.000 |  4.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:18:00.000 | 10.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 10.00 |
+-------------------------+-------------------------+-------+
8 rows in set
!ok

# every row counts in BATCH (verify: this query's STREAMING run drops late rows)
# verify: skip late rows are dropped in STREAMING only
SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;
+-------------------------+-------------------------+----+---+
|            window_start |              window_end |  s | c |
+-------------------------+-------------------------+----+---+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 11 | 3 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 64 | 1 |
| 2020-04-15 08:20:00.000 | 2020-04-15 08:30:00.000 | 52 | 3 |
+-------------------------+-------------------------+----+---+
3 rows in set
!ok
