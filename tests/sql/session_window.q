# session_window.q - SESSION windows: the window table function under a
# window aggregation (GROUP BY window_start, window_end [, keys]), the legacy
# GROUP BY SESSION(ts, gap) with SESSION_START / SESSION_END /
# SESSION_ROWTIME, on the Bid table of Flink's "Windowing TVF" page (its
# SESSION example and results, TIMESTAMP(3) printed in full); sessions
# merging when a row bridges them, late rows, errors.
SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE bid_files (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO bid_files VALUES (TIMESTAMP '2020-04-15 08:07:00', 4.00, 'A'), (TIMESTAMP '2020-04-15 08:06:00', 2.00, 'A'), (TIMESTAMP '2020-04-15 08:09:00', 5.00, 'B'), (TIMESTAMP '2020-04-15 08:08:00', 3.00, 'A'), (TIMESTAMP '2020-04-15 08:17:00', 1.00, 'B');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE Bid (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# SESSION alone: each row once its session closes, with the session's bounds
# ==========================================================================
SELECT * FROM TABLE(SESSION(TABLE Bid PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES));
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |        price |                           item |            window_start |              window_end |             window_time |
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:07:00.000 |         4.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |
| +I | 2020-04-15 08:06:00.000 |         2.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |
| +I | 2020-04-15 08:08:00.000 |         3.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              B | 2020-04-15 08:09:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:17:00.000 |         1.00 |                              B | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 | 2020-04-15 08:21:59.999 |
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

SELECT * FROM TABLE(SESSION(DATA => TABLE Bid PARTITION BY item, TIMECOL => DESCRIPTOR(bidtime), GAP => INTERVAL '5' MINUTES));
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |        price |                           item |            window_start |              window_end |             window_time |
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:07:00.000 |         4.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |
| +I | 2020-04-15 08:06:00.000 |         2.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |
| +I | 2020-04-15 08:08:00.000 |         3.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              B | 2020-04-15 08:09:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:17:00.000 |         1.00 |                              B | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 | 2020-04-15 08:21:59.999 |
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

SELECT * FROM TABLE(SESSION(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES));
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                 bidtime |        price |                           item |            window_start |              window_end |             window_time |
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:07:00.000 |         4.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:06:00.000 |         2.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              B | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:08:00.000 |         3.00 |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |
| +I | 2020-04-15 08:17:00.000 |         1.00 |                              B | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 | 2020-04-15 08:21:59.999 |
+----+-------------------------+--------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

# ==========================================================================
# the window aggregation over SESSION, with and without partition keys
# ==========================================================================
SELECT window_start, window_end, item, SUM(price) AS total_price FROM TABLE(SESSION(TABLE Bid PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY item, window_start, window_end;
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| op |            window_start |              window_end |                           item |                              total_price |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| +I | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 |                              A |                                     9.00 |
| +I | 2020-04-15 08:09:00.000 | 2020-04-15 08:14:00.000 |                              B |                                     5.00 |
| +I | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 |                              B |                                     1.00 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
Received a total of 3 rows
!ok

# named parameters (DATA first)
SELECT window_start, window_end, item, SUM(price) AS total_price FROM TABLE(SESSION(DATA => TABLE Bid PARTITION BY item, TIMECOL => DESCRIPTOR(bidtime), GAP => INTERVAL '5' MINUTES)) GROUP BY item, window_start, window_end;
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| op |            window_start |              window_end |                           item |                              total_price |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| +I | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 |                              A |                                     9.00 |
| +I | 2020-04-15 08:09:00.000 | 2020-04-15 08:14:00.000 |                              B |                                     5.00 |
| +I | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 |                              B |                                     1.00 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
Received a total of 3 rows
!ok

SELECT window_start, window_end, SUM(price) AS total_price FROM TABLE(SESSION(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+
| op |            window_start |              window_end |                              total_price |
+----+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 |                                    14.00 |
| +I | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 |                                     1.00 |
+----+-------------------------+-------------------------+------------------------------------------+
Received a total of 2 rows
!ok

# GROUP BY keys other than the partition keys: the sessions of the whole
# table, then an aggregate per item within each (window aggregation over
# the function's window_start / window_end columns)
SELECT window_start, window_end, item, SUM(price) AS total_price FROM TABLE(SESSION(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY item, window_start, window_end;
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| op |            window_start |              window_end |                           item |                              total_price |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| +I | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 |                              A |                                     9.00 |
| +I | 2020-04-15 08:06:00.000 | 2020-04-15 08:14:00.000 |                              B |                                     5.00 |
| +I | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 |                              B |                                     1.00 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
Received a total of 3 rows
!ok

# window_time is the session's time attribute: end - 1 ms
SELECT item, window_start, window_time, COUNT(*) AS n, MAX(price) AS top, MIN(bidtime) AS first_bid FROM TABLE(SESSION(TABLE Bid PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY item, window_start, window_end, window_time;
+----+--------------------------------+-------------------------+-------------------------+----------------------+--------------+-------------------------+
| op |                           item |            window_start |             window_time |                    n |          top |               first_bid |
+----+--------------------------------+-------------------------+-------------------------+----------------------+--------------+-------------------------+
| +I |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:12:59.999 |                    3 |         4.00 | 2020-04-15 08:06:00.000 |
| +I |                              B | 2020-04-15 08:09:00.000 | 2020-04-15 08:13:59.999 |                    1 |         5.00 | 2020-04-15 08:09:00.000 |
| +I |                              B | 2020-04-15 08:17:00.000 | 2020-04-15 08:21:59.999 |                    1 |         1.00 | 2020-04-15 08:17:00.000 |
+----+--------------------------------+-------------------------+-------------------------+----------------------+--------------+-------------------------+
Received a total of 3 rows
!ok

# the plan: the function merged into the WindowAggregate, keyed by the partition keys
EXPLAIN SELECT window_start, window_end, item, SUM(price) AS total_price FROM TABLE(SESSION(TABLE Bid PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY item, window_start, window_end;
== Abstract Syntax Tree ==
LogicalProject(window_start=[$1], window_end=[$2], item=[$0], total_price=[$3])
+- LogicalAggregate(group=[{0, 1, 2}], total_price=[SUM($3)])
   +- LogicalProject(item=[$2], window_start=[$3], window_end=[$4], price=[$1])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[window_start, window_end, item, total_price])
+- WindowAggregate(groupBy=[item], window=[SESSION(time_col=[bidtime], gap=[5 min], partition keys=[item])], select=[item, SUM(price) AS total_price, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[item]])
      +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
         +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item])

== Optimized Execution Plan ==
Calc(select=[window_start, window_end, item, total_price])
+- WindowAggregate(groupBy=[item], window=[SESSION(time_col=[bidtime], gap=[5 min], partition keys=[item])], select=[item, SUM(price) AS total_price, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[item]])
      +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
         +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item])
!ok

# ==========================================================================
# the legacy group window GROUP BY SESSION(ts, gap)
# ==========================================================================
SELECT item, SESSION_START(bidtime, INTERVAL '5' MINUTE) AS ws, SESSION_END(bidtime, INTERVAL '5' MINUTE) AS we, SESSION_ROWTIME(bidtime, INTERVAL '5' MINUTE) AS rt, COUNT(*) AS n, SUM(price) AS total_price FROM Bid GROUP BY item, SESSION(bidtime, INTERVAL '5' MINUTE);
+----+--------------------------------+-------------------------+-------------------------+-------------------------+----------------------+------------------------------------------+
| op |                           item |                      ws |                      we |                      rt |                    n |                              total_price |
+----+--------------------------------+-------------------------+-------------------------+-------------------------+----------------------+------------------------------------------+
| +I |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:13:00.000 | 2020-04-15 08:12:59.999 |                    3 |                                     9.00 |
| +I |                              B | 2020-04-15 08:09:00.000 | 2020-04-15 08:14:00.000 | 2020-04-15 08:13:59.999 |                    1 |                                     5.00 |
| +I |                              B | 2020-04-15 08:17:00.000 | 2020-04-15 08:22:00.000 | 2020-04-15 08:21:59.999 |                    1 |                                     1.00 |
+----+--------------------------------+-------------------------+-------------------------+-------------------------+----------------------+------------------------------------------+
Received a total of 3 rows
!ok

SELECT SESSION_START(bidtime, INTERVAL '5' MINUTE) AS ws, COUNT(*) AS n FROM Bid GROUP BY SESSION(bidtime, INTERVAL '5' MINUTE);
+----+-------------------------+----------------------+
| op |                      ws |                    n |
+----+-------------------------+----------------------+
| +I | 2020-04-15 08:06:00.000 |                    4 |
| +I | 2020-04-15 08:17:00.000 |                    1 |
+----+-------------------------+----------------------+
Received a total of 2 rows
!ok

EXPLAIN SELECT item, SESSION_START(bidtime, INTERVAL '5' MINUTE) AS ws, COUNT(*) AS n FROM Bid GROUP BY item, SESSION(bidtime, INTERVAL '5' MINUTE);
== Abstract Syntax Tree ==
LogicalProject(item=[$0], ws=[$2], n=[$1])
+- LogicalAggregate(group=[{0}], n=[COUNT()])
   +- LogicalProject(item=[$2], bidtime=[$0])
      +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
         +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[item, w$start AS ws, n])
+- GroupWindowAggregate(groupBy=[item], window=[SessionGroupWindow('w$, bidtime, 300000)], properties=[w$start], select=[item, COUNT(*) AS n, start('w$) AS w$start])
   +- Exchange(distribution=[hash[item]])
      +- Calc(select=[item, bidtime])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item])

== Optimized Execution Plan ==
Calc(select=[item, w$start AS ws, n])
+- GroupWindowAggregate(groupBy=[item], window=[SessionGroupWindow('w$, bidtime, 300000)], properties=[w$start], select=[item, COUNT(*) AS n, start('w$) AS w$start])
   +- Exchange(distribution=[hash[item]])
      +- Calc(select=[item, bidtime])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item])
!ok

# a gap wide enough for one session per item
SELECT item, SESSION_START(bidtime, INTERVAL '10' MINUTE) AS ws, SESSION_END(bidtime, INTERVAL '10' MINUTE) AS we, COUNT(DISTINCT price) AS n FROM Bid GROUP BY item, SESSION(bidtime, INTERVAL '10' MINUTE);
+----+--------------------------------+-------------------------+-------------------------+----------------------+
| op |                           item |                      ws |                      we |                    n |
+----+--------------------------------+-------------------------+-------------------------+----------------------+
| +I |                              A | 2020-04-15 08:06:00.000 | 2020-04-15 08:18:00.000 |                    3 |
| +I |                              B | 2020-04-15 08:09:00.000 | 2020-04-15 08:27:00.000 |                    2 |
+----+--------------------------------+-------------------------+-------------------------+----------------------+
Received a total of 2 rows
!ok

# ==========================================================================
# merging and late rows: each partition directory is read as one batch with
# the watermark (ts, no delay) after it
#   p1: a 08:00, a 08:05           -> a [08:00, 08:15)
#   p2: a 08:20, b 08:09           -> a [08:20, 08:30), b [08:09, 08:19);
#                                     watermark 08:20 fires a [08:00, 08:15) and b
#   p3: a 08:10 (its own window [08:10, 08:20) is behind the watermark, but
#       it meets the open [08:20, 08:30): merged, kept), b 08:01 (late: no
#       open session of b, dropped)
# ==========================================================================
CREATE TABLE sess_files (ts TIMESTAMP(3), v INT, k STRING, p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO sess_files VALUES (TIMESTAMP '2020-04-15 08:00:00', 1, 'a', 'p1'), (TIMESTAMP '2020-04-15 08:05:00', 2, 'a', 'p1'), (TIMESTAMP '2020-04-15 08:20:00', 4, 'a', 'p2'), (TIMESTAMP '2020-04-15 08:09:00', 8, 'b', 'p2'), (TIMESTAMP '2020-04-15 08:10:00', 16, 'a', 'p3'), (TIMESTAMP '2020-04-15 08:01:00', 32, 'b', 'p3');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE late_sessions (ts TIMESTAMP(3), v INT, k STRING, p STRING, WATERMARK FOR ts AS ts) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# verify: skip late rows are dropped in STREAMING only (BATCH sees every row before its one watermark)
SELECT k, window_start, window_end, SUM(v) AS s, COUNT(*) AS c FROM TABLE(SESSION(TABLE late_sessions PARTITION BY k, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY k, window_start, window_end;
+----+--------------------------------+-------------------------+-------------------------+-------------+----------------------+
| op |                              k |            window_start |              window_end |           s |                    c |
+----+--------------------------------+-------------------------+-------------------------+-------------+----------------------+
| +I |                              a | 2020-04-15 08:00:00.000 | 2020-04-15 08:15:00.000 |           3 |                    2 |
| +I |                              b | 2020-04-15 08:09:00.000 | 2020-04-15 08:19:00.000 |           8 |                    1 |
| +I |                              a | 2020-04-15 08:10:00.000 | 2020-04-15 08:30:00.000 |          20 |                    2 |
+----+--------------------------------+-------------------------+-------------------------+-------------+----------------------+
Received a total of 3 rows
!ok

# an hour of watermark delay: no session closes before the end, and 08:10
# bridges a's two open sessions [08:00, 08:15) and [08:20, 08:30) into one
CREATE TABLE slow_sessions (ts TIMESTAMP(3), v INT, k STRING, p STRING, WATERMARK FOR ts AS ts - INTERVAL '1' HOUR) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT k, window_start, window_end, SUM(v) AS s, COUNT(*) AS c, COUNT(DISTINCT v) AS d, MAX(v) AS m FROM TABLE(SESSION(TABLE slow_sessions PARTITION BY k, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY k, window_start, window_end;
+----+--------------------------------+-------------------------+-------------------------+-------------+----------------------+----------------------+-------------+
| op |                              k |            window_start |              window_end |           s |                    c |                    d |           m |
+----+--------------------------------+-------------------------+-------------------------+-------------+----------------------+----------------------+-------------+
| +I |                              b | 2020-04-15 08:01:00.000 | 2020-04-15 08:19:00.000 |          40 |                    2 |                    2 |          32 |
| +I |                              a | 2020-04-15 08:00:00.000 | 2020-04-15 08:30:00.000 |          23 |                    4 |                    4 |          16 |
+----+--------------------------------+-------------------------+-------------------------+-------------+----------------------+----------------------+-------------+
Received a total of 2 rows
!ok

SELECT k, SESSION_START(ts, INTERVAL '10' MINUTE) AS ws, SESSION_END(ts, INTERVAL '10' MINUTE) AS we, SUM(v) AS s FROM slow_sessions GROUP BY k, SESSION(ts, INTERVAL '10' MINUTE);
+----+--------------------------------+-------------------------+-------------------------+-------------+
| op |                              k |                      ws |                      we |           s |
+----+--------------------------------+-------------------------+-------------------------+-------------+
| +I |                              b | 2020-04-15 08:01:00.000 | 2020-04-15 08:19:00.000 |          40 |
| +I |                              a | 2020-04-15 08:00:00.000 | 2020-04-15 08:30:00.000 |          23 |
+----+--------------------------------+-------------------------+-------------------------+-------------+
Received a total of 2 rows
!ok

# a session that keeps growing: its first timer (08:09:59.999) fires when
# the watermark passes it, finds the session wider and waits for its new end;
# the watermark (ts, no delay) moves one partition at a time:
#   p1: 08:00, 08:08  p2: 08:12  p3: 08:21  p4: 08:40
CREATE TABLE grow_files (ts TIMESTAMP(3), v INT, p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH3', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO grow_files VALUES (TIMESTAMP '2020-04-15 08:00:00', 1, 'p1'), (TIMESTAMP '2020-04-15 08:08:00', 2, 'p1'), (TIMESTAMP '2020-04-15 08:12:00', 4, 'p2'), (TIMESTAMP '2020-04-15 08:21:00', 8, 'p3'), (TIMESTAMP '2020-04-15 08:40:00', 16, 'p4');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE growing (ts TIMESTAMP(3), v INT, p STRING, WATERMARK FOR ts AS ts) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH3', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT SESSION_START(ts, INTERVAL '10' MINUTE) AS ws, SESSION_END(ts, INTERVAL '10' MINUTE) AS we, SUM(v) AS s, COUNT(*) AS c FROM growing GROUP BY SESSION(ts, INTERVAL '10' MINUTE);
+----+-------------------------+-------------------------+-------------+----------------------+
| op |                      ws |                      we |           s |                    c |
+----+-------------------------+-------------------------+-------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:31:00.000 |          15 |                    4 |
| +I | 2020-04-15 08:40:00.000 | 2020-04-15 08:50:00.000 |          16 |                    1 |
+----+-------------------------+-------------------------+-------------+----------------------+
Received a total of 2 rows
!ok

SELECT v, window_start, window_end FROM TABLE(SESSION(TABLE growing, DESCRIPTOR(ts), INTERVAL '10' MINUTES));
+----+-------------+-------------------------+-------------------------+
| op |           v |            window_start |              window_end |
+----+-------------+-------------------------+-------------------------+
| +I |           1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:31:00.000 |
| +I |           2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:31:00.000 |
| +I |           4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:31:00.000 |
| +I |           8 | 2020-04-15 08:00:00.000 | 2020-04-15 08:31:00.000 |
| +I |          16 | 2020-04-15 08:40:00.000 | 2020-04-15 08:50:00.000 |
+----+-------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

# ==========================================================================
# errors
# ==========================================================================
SELECT window_start, window_end, SUM(price) FROM TABLE(SESSION(TABLE Bid, DESCRIPTOR(bidtime))) GROUP BY window_start, window_end;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 56 to line 1, column 94: Invalid number of arguments to function 'SESSION'
!error

SELECT window_start, window_end, SUM(price) FROM TABLE(SESSION(TABLE Bid, DESCRIPTOR(price), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 75 to line 1, column 91: The window function requires the timecol is a time attribute type, but is DECIMAL(10, 2).
!error

SELECT window_start, window_end, SUM(price) FROM TABLE(SESSION(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '1' MINUTES)) GROUP BY window_start, window_end;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 118 to line 1, column 137: Invalid number of arguments to function 'SESSION'
!error

