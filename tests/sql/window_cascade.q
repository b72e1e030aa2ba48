# window_cascade.q - window properties through the planner: window_start,
# window_end and window_time of a window table function stay window
# properties through projections (renamed too) and window aggregations, so
# a window aggregation over a window aggregation (cascaded, Flink's
# attached window: WindowAggregate(window=[TUMBLE(win_start=[..],
# win_end=[..], ..)])), a window Top-N / deduplication / join over one, and
# over renamed columns are window operators, as Flink plans them; the rows
# they give, STREAMING and BATCH; the processing-time "relax form" Flink
# leaves a GroupAggregate. On the Bid table of Flink's window pages.
SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

CREATE TABLE bid_files (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

INSERT INTO bid_files VALUES (TIMESTAMP '2020-04-15 08:05:00', 4.00, 'A', 'supplier1'), (TIMESTAMP '2020-04-15 08:06:00', 4.00, 'C', 'supplier2'), (TIMESTAMP '2020-04-15 08:07:00', 2.00, 'G', 'supplier1'), (TIMESTAMP '2020-04-15 08:08:00', 2.00, 'B', 'supplier3'), (TIMESTAMP '2020-04-15 08:09:00', 5.00, 'D', 'supplier4'), (TIMESTAMP '2020-04-15 08:11:00', 2.00, 'B', 'supplier3'), (TIMESTAMP '2020-04-15 08:13:00', 1.00, 'E', 'supplier1'), (TIMESTAMP '2020-04-15 08:15:00', 3.00, 'H', 'supplier2'), (TIMESTAMP '2020-04-15 08:17:00', 6.00, 'F', 'supplier5');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE Bid (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING, WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE VIEW supplier_win AS SELECT window_start, window_end, window_time, supplier_id, SUM(price) AS price, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end, window_time;
[INFO] Execute statement succeeded.
!info

CREATE VIEW renamed_win AS SELECT window_start AS ws, window_end AS we, window_time AS wt, supplier_id, SUM(price) AS price FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end, window_time;
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# cascaded window aggregation: the windows of the first aggregation,
# read from its window_start / window_end (no new window assignment)
# ==========================================================================
SELECT window_start, window_end, SUM(price) AS total, MAX(cnt) AS max_cnt, COUNT(*) AS suppliers FROM supplier_win GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+----------------------+----------------------+
| op |            window_start |              window_end |                                    total |              max_cnt |            suppliers |
+----+-------------------------+-------------------------+------------------------------------------+----------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                                    17.00 |                    2 |                    4 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                                    12.00 |                    1 |                    4 |
+----+-------------------------+-------------------------+------------------------------------------+----------------------+----------------------+
Received a total of 2 rows
!ok

# renamed window columns; window_time grouped too stays a time attribute
SELECT ws, we, wt, SUM(price) AS total FROM renamed_win GROUP BY ws, we, wt;
+----+-------------------------+-------------------------+-------------------------+------------------------------------------+
| op |                      ws |                      we |                      wt |                                    total |
+----+-------------------------+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                                    17.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                                    12.00 |
+----+-------------------------+-------------------------+-------------------------+------------------------------------------+
Received a total of 2 rows
!ok

# keys besides the window, in another order
SELECT supplier_id, SUM(cnt) AS cnt, window_end, window_start FROM supplier_win WHERE price > 1 GROUP BY window_end, supplier_id, window_start;
+----+--------------------------------+----------------------+-------------------------+-------------------------+
| op |                    supplier_id |                  cnt |              window_end |            window_start |
+----+--------------------------------+----------------------+-------------------------+-------------------------+
| +I |                      supplier1 |                    2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:00:00.000 |
| +I |                      supplier2 |                    1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:00:00.000 |
| +I |                      supplier3 |                    1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:00:00.000 |
| +I |                      supplier4 |                    1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:00:00.000 |
| +I |                      supplier5 |                    1 | 2020-04-15 08:20:00.000 | 2020-04-15 08:10:00.000 |
| +I |                      supplier2 |                    1 | 2020-04-15 08:20:00.000 | 2020-04-15 08:10:00.000 |
| +I |                      supplier3 |                    1 | 2020-04-15 08:20:00.000 | 2020-04-15 08:10:00.000 |
+----+--------------------------------+----------------------+-------------------------+-------------------------+
Received a total of 7 rows
!ok

# HOP windows: the largest count per window, as Nexmark q5's MaxBids
SELECT starttime, endtime, MAX(num) AS maxn FROM (SELECT supplier_id, COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) GROUP BY starttime, endtime;
+----+-------------------------+-------------------------+----------------------+
| op |               starttime |                 endtime |                 maxn |
+----+-------------------------+-------------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                    2 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                    3 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    1 |
| +I | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |                    1 |
+----+-------------------------+-------------------------+----------------------+
Received a total of 4 rows
!ok

# a third level; CUMULATE windows
SELECT window_start, window_end, MAX(total) AS m FROM (SELECT window_start, window_end, SUM(price) AS total FROM (SELECT window_start, window_end, supplier_id, SUM(price) AS price FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, supplier_id) GROUP BY window_start, window_end, price) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+
| op |            window_start |              window_end |                                        m |
+----+-------------------------+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                                     6.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:15:00.000 |                                     2.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                                     6.00 |
+----+-------------------------+-------------------------+------------------------------------------+
Received a total of 3 rows
!ok

EXPLAIN SELECT window_start, window_end, SUM(price) AS total, MAX(cnt) AS max_cnt, COUNT(*) AS suppliers FROM supplier_win GROUP BY window_start, window_end;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}], total=[SUM($2)], max_cnt=[MAX($3)], suppliers=[COUNT()])
+- LogicalProject(window_start=[$1], window_end=[$2], price=[$4], cnt=[$5])
   +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)], cnt=[COUNT()])
      +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
         +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
            +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
               +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[window_start, window_end, total, max_cnt, suppliers])
+- WindowAggregate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], select=[SUM(price) AS total, MAX(cnt) AS max_cnt, COUNT(*) AS suppliers, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start, window_end, price, cnt])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, COUNT(*) AS cnt, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[window_start, window_end, total, max_cnt, suppliers])
+- WindowAggregate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], select=[SUM(price) AS total, MAX(cnt) AS max_cnt, COUNT(*) AS suppliers, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start, window_end, price, cnt])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, COUNT(*) AS cnt, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT supplier_id, SUM(cnt) AS cnt, window_end, window_start FROM supplier_win WHERE price > 1 GROUP BY window_end, supplier_id, window_start;
== Abstract Syntax Tree ==
LogicalProject(supplier_id=[$1], cnt=[$3], window_end=[$0], window_start=[$2])
+- LogicalAggregate(group=[{0, 1, 2}], cnt=[SUM($3)])
   +- LogicalProject(window_end=[$1], supplier_id=[$3], window_start=[$0], cnt=[$5])
      +- LogicalFilter(condition=[>($4, 1)])
         +- LogicalProject(window_start=[$1], window_end=[$2], window_time=[$3], supplier_id=[$0], price=[$4], cnt=[$5])
            +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)], cnt=[COUNT()])
               +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
                  +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                     +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
                        +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[supplier_id, cnt, window_end, window_start])
+- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], select=[supplier_id, SUM(cnt) AS cnt, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[supplier_id]])
      +- Calc(select=[window_end, supplier_id, window_start, cnt], where=[>(price, 1)])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, COUNT(*) AS cnt, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[supplier_id, cnt, window_end, window_start])
+- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], select=[supplier_id, SUM(cnt) AS cnt, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[supplier_id]])
      +- Calc(select=[window_end, supplier_id, window_start, cnt], where=[(price > 1)])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, COUNT(*) AS cnt, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT ws, we, wt, SUM(price) AS total FROM renamed_win GROUP BY ws, we, wt;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1, 2}], total=[SUM($3)])
+- LogicalProject(ws=[$1], we=[$2], wt=[$3], price=[$4])
   +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)])
      +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
         +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
            +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
               +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[ws, we, wt, total])
+- WindowAggregate(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], select=[SUM(price) AS total, start('w$) AS ws, end('w$) AS we, rowtime('w$) AS wt])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start AS ws, window_end AS we, window_time AS wt, price])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[ws, we, wt, total])
+- WindowAggregate(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], select=[SUM(price) AS total, start('w$) AS ws, end('w$) AS we, rowtime('w$) AS wt])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start AS ws, window_end AS we, window_time AS wt, price])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

# a window TVF over a window aggregation's window_time (Flink's "Cascading
# Window Aggregation"): 20-minute windows of the 10-minute ones, the
# projection of the view merged into the Calc the aggregation reads
CREATE VIEW supplier_rt AS SELECT supplier_id, window_time AS rt, price FROM supplier_win;
[INFO] Execute statement succeeded.
!info

SELECT window_start, window_end, SUM(price) AS total, COUNT(DISTINCT supplier_id) AS suppliers FROM TABLE(TUMBLE(TABLE supplier_rt, DESCRIPTOR(rt), INTERVAL '20' MINUTES)) GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+------------------------------------------+----------------------+
| op |            window_start |              window_end |                                    total |            suppliers |
+----+-------------------------+-------------------------+------------------------------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:20:00.000 |                                    29.00 |                    5 |
+----+-------------------------+-------------------------+------------------------------------------+----------------------+
Received a total of 1 row
!ok

# Flink's WindowAggregateTest.testTumble_CascadingWindow (one phase): the
# plan above the source as Flink's (eddy's scan projects no columns)
CREATE TABLE MyTable (a INT, b BIGINT, c STRING, d DECIMAL(10, 3), e BIGINT, rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

CREATE VIEW window1 AS SELECT a, b, window_time AS rowtime, COUNT(*) AS cnt, SUM(d) AS sum_d, MAX(d) AS max_d FROM TABLE(TUMBLE(TABLE MyTable, DESCRIPTOR(rowtime), INTERVAL '5' MINUTE)) GROUP BY a, window_start, window_end, window_time, b;
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT a, window_start, window_end, sum(cnt), sum(sum_d), max(max_d) FROM TABLE(TUMBLE(TABLE window1, DESCRIPTOR(rowtime), INTERVAL '10' MINUTE)) GROUP BY a, window_start, window_end;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1, 2}], EXPR$3=[SUM($3)], EXPR$4=[SUM($4)], EXPR$5=[MAX($5)])
+- LogicalProject(a=[$0], window_start=[$6], window_end=[$7], cnt=[$3], sum_d=[$4], max_d=[$5])
   +- LogicalTableFunctionScan(rowType=[RecordType(INTEGER a, BIGINT b, TIMESTAMP(3) rowtime, BIGINT cnt, DECIMAL(38, 3) sum_d, DECIMAL(10, 3) max_d, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
      +- LogicalProject(a=[$0], b=[$4], rowtime=[$3], cnt=[$5], sum_d=[$6], max_d=[$7])
         +- LogicalAggregate(group=[{0, 1, 2, 3, 4}], cnt=[COUNT()], sum_d=[SUM($5)], max_d=[MAX($5)])
            +- LogicalProject(a=[$0], window_start=[$6], window_end=[$7], window_time=[$8], b=[$1], d=[$3])
               +- LogicalTableFunctionScan(rowType=[RecordType(INTEGER a, BIGINT b, VARCHAR(2147483647) c, DECIMAL(10, 3) d, BIGINT e, TIMESTAMP(3) rowtime, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                  +- LogicalWatermarkAssigner(rowtime=[rowtime], watermark=[-($5, 1000:INTERVAL SECOND)])
                     +- LogicalTableScan(table=[[default_catalog, default_database, MyTable]])

== Optimized Physical Plan ==
Calc(select=[a, window_start, window_end, EXPR$3, EXPR$4, EXPR$5])
+- WindowAggregate(groupBy=[a], window=[TUMBLE(time_col=[rowtime], size=[10 min])], select=[a, SUM(cnt) AS EXPR$3, SUM(sum_d) AS EXPR$4, MAX(max_d) AS EXPR$5, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, cnt, sum_d, max_d, window_time AS rowtime])
         +- WindowAggregate(groupBy=[a, b], window=[TUMBLE(time_col=[rowtime], size=[5 min])], select=[a, b, COUNT(*) AS cnt, SUM(d) AS sum_d, MAX(d) AS max_d, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[a, b]])
               +- Calc(select=[a, b, d, rowtime])
                  +- WatermarkAssigner(rowtime=[rowtime], watermark=[-(rowtime, 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, d, e, rowtime])

== Optimized Execution Plan ==
Calc(select=[a, window_start, window_end, EXPR$3, EXPR$4, EXPR$5])
+- WindowAggregate(groupBy=[a], window=[TUMBLE(time_col=[rowtime], size=[10 min])], select=[a, SUM(cnt) AS EXPR$3, SUM(sum_d) AS EXPR$4, MAX(max_d) AS EXPR$5, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[hash[a]])
      +- Calc(select=[a, cnt, sum_d, max_d, window_time AS rowtime])
         +- WindowAggregate(groupBy=[a, b], window=[TUMBLE(time_col=[rowtime], size=[5 min])], select=[a, b, COUNT(*) AS cnt, SUM(d) AS sum_d, MAX(d) AS max_d, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[a, b]])
               +- Calc(select=[a, b, d, rowtime])
                  +- WatermarkAssigner(rowtime=[rowtime], watermark=[(rowtime - 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, MyTable]], fields=[a, b, c, d, e, rowtime])
!ok

# a window TVF the aggregation cannot merge (a filter on window_start,
# Flink's testCantMergeWindowTVF_FilterOnWindowStart): its window attached
SELECT window_start, window_end, COUNT(*) AS cnt, SUM(price) AS total FROM (SELECT * FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) WHERE window_start >= TIMESTAMP '2020-04-15 08:10:00') GROUP BY window_start, window_end;
+----+-------------------------+-------------------------+----------------------+------------------------------------------+
| op |            window_start |              window_end |                  cnt |                                    total |
+----+-------------------------+-------------------------+----------------------+------------------------------------------+
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    4 |                                    12.00 |
+----+-------------------------+-------------------------+----------------------+------------------------------------------+
Received a total of 1 row
!ok

EXPLAIN SELECT window_start, window_end, COUNT(*) AS cnt, SUM(price) AS total FROM (SELECT * FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) WHERE window_start >= TIMESTAMP '2020-04-15 08:10:00') GROUP BY window_start, window_end;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}], cnt=[COUNT()], total=[SUM($2)])
+- LogicalProject(window_start=[$4], window_end=[$5], price=[$1])
   +- LogicalFilter(condition=[>=($4, 2020-04-15 08:10:00.000:TIMESTAMP(3))])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[window_start, window_end, cnt, total])
+- WindowAggregate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], select=[COUNT(*) AS cnt, SUM(price) AS total, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start, window_end, price], where=[>=(window_start, 2020-04-15 08:10:00.000:TIMESTAMP(3))])
         +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
            +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
               +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[window_start, window_end, cnt, total])
+- WindowAggregate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], select=[COUNT(*) AS cnt, SUM(price) AS total, start('w$) AS window_start, end('w$) AS window_end])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start, window_end, price], where=[(window_start >= 2020-04-15 08:10:00.000)])
         +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
            +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
               +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

# not a window aggregation: only window_start
SELECT window_start, SUM(price) AS total FROM supplier_win GROUP BY window_start;
+----+-------------------------+------------------------------------------+
| op |            window_start |                                    total |
+----+-------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 |                                     6.00 |
| -U | 2020-04-15 08:00:00.000 |                                     6.00 |
| +U | 2020-04-15 08:00:00.000 |                                    10.00 |
| -U | 2020-04-15 08:00:00.000 |                                    10.00 |
| +U | 2020-04-15 08:00:00.000 |                                    12.00 |
| -U | 2020-04-15 08:00:00.000 |                                    12.00 |
| +U | 2020-04-15 08:00:00.000 |                                    17.00 |
| +I | 2020-04-15 08:10:00.000 |                                     2.00 |
| -U | 2020-04-15 08:10:00.000 |                                     2.00 |
| +U | 2020-04-15 08:10:00.000 |                                     3.00 |
| -U | 2020-04-15 08:10:00.000 |                                     3.00 |
| +U | 2020-04-15 08:10:00.000 |                                     6.00 |
| -U | 2020-04-15 08:10:00.000 |                                     6.00 |
| +U | 2020-04-15 08:10:00.000 |                                    12.00 |
+----+-------------------------+------------------------------------------+
Received a total of 14 rows
!ok

# ==========================================================================
# window Top-N and deduplication over a window aggregation's renamed
# window columns
# ==========================================================================
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we ORDER BY price DESC) AS rownum FROM renamed_win) WHERE rownum <= 2;
+----+-------------------------+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+
| op |                      ws |                      we |                      wt |                    supplier_id |                                    price |               rownum |
+----+-------------------------+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                      supplier1 |                                     6.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                      supplier4 |                                     5.00 |                    2 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                      supplier5 |                                     6.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                      supplier2 |                                     3.00 |                    2 |
+----+-------------------------+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+
Received a total of 4 rows
!ok

EXPLAIN SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we ORDER BY price DESC) AS rownum FROM renamed_win) WHERE rownum <= 2;
== Abstract Syntax Tree ==
LogicalProject(ws=[$0], we=[$1], wt=[$2], supplier_id=[$3], price=[$4], rownum=[$5])
+- LogicalFilter(condition=[<=($5, 2)])
   +- LogicalProject(ws=[$0], we=[$1], wt=[$2], supplier_id=[$3], price=[$4], rownum=[ROW_NUMBER() OVER (PARTITION BY $0, $1 ORDER BY $4 DESC NULLS LAST)])
      +- LogicalProject(ws=[$1], we=[$2], wt=[$3], supplier_id=[$0], price=[$4])
         +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)])
            +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
               +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                  +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
                     +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
WindowRank(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2], partitionBy=[], orderBy=[price DESC], select=[ws, we, wt, supplier_id, price, w0$o0])
+- Exchange(distribution=[single])
   +- Calc(select=[window_start AS ws, window_end AS we, window_time AS wt, supplier_id, price])
      +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
         +- Exchange(distribution=[hash[supplier_id]])
            +- Calc(select=[bidtime, price, supplier_id])
               +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                  +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
WindowRank(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2], partitionBy=[], orderBy=[price DESC], select=[ws, we, wt, supplier_id, price, w0$o0])
+- Exchange(distribution=[single])
   +- Calc(select=[window_start AS ws, window_end AS we, window_time AS wt, supplier_id, price])
      +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
         +- Exchange(distribution=[hash[supplier_id]])
            +- Calc(select=[bidtime, price, supplier_id])
               +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
                  +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

# ordered by the window_time a window aggregation kept: a window deduplication
SELECT ws, we, supplier_id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we, supplier_id ORDER BY wt ASC) AS rownum FROM renamed_win) WHERE rownum = 1;
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| op |                      ws |                      we |                    supplier_id |                                    price |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                                     6.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier2 |                                     4.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier3 |                                     2.00 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier4 |                                     5.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier5 |                                     6.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier2 |                                     3.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier1 |                                     1.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier3 |                                     2.00 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+
Received a total of 8 rows
!ok

EXPLAIN SELECT ws, we, supplier_id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we, supplier_id ORDER BY wt ASC) AS rownum FROM renamed_win) WHERE rownum = 1;
== Abstract Syntax Tree ==
LogicalProject(ws=[$0], we=[$1], supplier_id=[$3], price=[$4])
+- LogicalFilter(condition=[=($5, 1)])
   +- LogicalProject(ws=[$0], we=[$1], wt=[$2], supplier_id=[$3], price=[$4], rownum=[ROW_NUMBER() OVER (PARTITION BY $0, $1, $3 ORDER BY $2 NULLS FIRST)])
      +- LogicalProject(ws=[$1], we=[$2], wt=[$3], supplier_id=[$0], price=[$4])
         +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)])
            +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
               +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                  +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
                     +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[ws, we, supplier_id, price])
+- WindowDeduplicate(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], keep=[FirstRow], partitionKeys=[supplier_id], orderKey=[wt], order=[ROWTIME])
   +- Exchange(distribution=[hash[supplier_id]])
      +- Calc(select=[window_start AS ws, window_end AS we, window_time AS wt, supplier_id, price])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[ws, we, supplier_id, price])
+- WindowDeduplicate(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], keep=[FirstRow], partitionKeys=[supplier_id], orderKey=[wt], order=[ROWTIME])
   +- Exchange(distribution=[hash[supplier_id]])
      +- Calc(select=[window_start AS ws, window_end AS we, window_time AS wt, supplier_id, price])
         +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[bidtime, price, supplier_id])
                  +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
                     +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

# ==========================================================================
# window join of two window aggregations (Nexmark q5's shape), renamed
# ==========================================================================
SELECT a.supplier_id, a.num, a.starttime FROM (SELECT supplier_id, COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) AS a JOIN (SELECT MAX(num) AS maxn, starttime, endtime FROM (SELECT COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) GROUP BY starttime, endtime) AS m ON a.starttime = m.starttime AND a.endtime = m.endtime AND a.num >= m.maxn;
+----+--------------------------------+----------------------+-------------------------+
| op |                    supplier_id |                  num |               starttime |
+----+--------------------------------+----------------------+-------------------------+
| +I |                      supplier1 |                    2 | 2020-04-15 08:00:00.000 |
| +I |                      supplier3 |                    1 | 2020-04-15 08:10:00.000 |
| +I |                      supplier1 |                    1 | 2020-04-15 08:10:00.000 |
| +I |                      supplier2 |                    1 | 2020-04-15 08:10:00.000 |
| +I |                      supplier5 |                    1 | 2020-04-15 08:10:00.000 |
+----+--------------------------------+----------------------+-------------------------+
Received a total of 5 rows
!ok

EXPLAIN SELECT a.supplier_id, a.num, a.starttime FROM (SELECT supplier_id, COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) AS a JOIN (SELECT MAX(num) AS maxn, starttime, endtime FROM (SELECT COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) GROUP BY starttime, endtime) AS m ON a.starttime = m.starttime AND a.endtime = m.endtime AND a.num >= m.maxn;
== Abstract Syntax Tree ==
LogicalProject(supplier_id=[$0], num=[$1], starttime=[$2])
+- LogicalJoin(condition=[AND(=($2, $5), =($3, $6), >=($1, $4))], joinType=[inner])
   :- LogicalProject(supplier_id=[$0], num=[$3], starttime=[$1], endtime=[$2])
   :  +- LogicalAggregate(group=[{0, 1, 2}], num=[COUNT()])
   :     +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5])
   :        +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
   :           +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
   :              +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])
   +- LogicalProject(maxn=[$2], starttime=[$0], endtime=[$1])
      +- LogicalAggregate(group=[{0, 1}], maxn=[MAX($2)])
         +- LogicalProject(starttime=[$1], endtime=[$2], num=[$3])
            +- LogicalAggregate(group=[{0, 1, 2}], num=[COUNT()])
               +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5])
                  +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                     +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
                        +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[supplier_id, num, starttime])
+- WindowJoin(leftWindow=[TUMBLE(win_start=[starttime], win_end=[endtime], size=[10 min])], rightWindow=[TUMBLE(win_start=[starttime], win_end=[endtime], size=[10 min])], joinType=[InnerJoin], where=[>=(num, maxn)], select=[supplier_id, num, starttime, endtime, maxn, starttime0, endtime0])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[supplier_id, num, window_start AS starttime, window_end AS endtime])
   :     +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, COUNT(*) AS num, start('w$) AS window_start, end('w$) AS window_end])
   :        +- Exchange(distribution=[hash[supplier_id]])
   :           +- Calc(select=[bidtime, supplier_id])
   :              +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
   :                 +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
   +- Exchange(distribution=[single])
      +- Calc(select=[maxn, starttime, endtime])
         +- WindowAggregate(window=[TUMBLE(win_start=[starttime], win_end=[endtime], size=[10 min])], select=[MAX(num) AS maxn, start('w$) AS starttime, end('w$) AS endtime])
            +- Exchange(distribution=[single])
               +- Calc(select=[window_start AS starttime, window_end AS endtime, num])
                  +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, COUNT(*) AS num, start('w$) AS window_start, end('w$) AS window_end])
                     +- Exchange(distribution=[hash[supplier_id]])
                        +- Calc(select=[bidtime, supplier_id])
                           +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                              +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[supplier_id, num, starttime])
+- WindowJoin(leftWindow=[TUMBLE(win_start=[starttime], win_end=[endtime], size=[10 min])], rightWindow=[TUMBLE(win_start=[starttime], win_end=[endtime], size=[10 min])], joinType=[InnerJoin], where=[(num >= maxn)], select=[supplier_id, num, starttime, endtime, maxn, starttime0, endtime0])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[supplier_id, num, window_start AS starttime, window_end AS endtime])
   :     +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, COUNT(*) AS num, start('w$) AS window_start, end('w$) AS window_end])(reuse_id=[1])
   :        +- Exchange(distribution=[hash[supplier_id]])
   :           +- Calc(select=[bidtime, supplier_id])
   :              +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
   :                 +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
   +- Exchange(distribution=[single])
      +- Calc(select=[maxn, starttime, endtime])
         +- WindowAggregate(window=[TUMBLE(win_start=[starttime], win_end=[endtime], size=[10 min])], select=[MAX(num) AS maxn, start('w$) AS starttime, end('w$) AS endtime])
            +- Exchange(distribution=[single])
               +- Calc(select=[window_start AS starttime, window_end AS endtime, num])
                  +- Reused(reference_id=[1])
!ok

# a window join keeps its sides' windows (not an outer join's NULL side):
# a window aggregation over it
SELECT ws, we, COUNT(*) AS n, SUM(p) AS total FROM (SELECT a.window_start AS ws, a.window_end AS we, a.supplier_id, a.price + b.price AS p FROM supplier_win a JOIN supplier_win b ON a.window_start = b.window_start AND a.window_end = b.window_end AND a.supplier_id = b.supplier_id) GROUP BY ws, we;
+----+-------------------------+-------------------------+----------------------+------------------------------------------+
| op |                      ws |                      we |                    n |                                    total |
+----+-------------------------+-------------------------+----------------------+------------------------------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                    4 |                                    34.00 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    4 |                                    24.00 |
+----+-------------------------+-------------------------+----------------------+------------------------------------------+
Received a total of 2 rows
!ok

EXPLAIN SELECT ws, we, COUNT(*) AS n, SUM(p) AS total FROM (SELECT a.window_start AS ws, a.window_end AS we, a.supplier_id, a.price + b.price AS p FROM supplier_win a JOIN supplier_win b ON a.window_start = b.window_start AND a.window_end = b.window_end AND a.supplier_id = b.supplier_id) GROUP BY ws, we;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1}], n=[COUNT()], total=[SUM($2)])
+- LogicalProject(ws=[$0], we=[$1], p=[+($4, $10)])
   +- LogicalJoin(condition=[AND(=($0, $6), =($1, $7), =($3, $9))], joinType=[inner])
      :- LogicalProject(window_start=[$1], window_end=[$2], window_time=[$3], supplier_id=[$0], price=[$4], cnt=[$5])
      :  +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)], cnt=[COUNT()])
      :     +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
      :        +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
      :           +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
      :              +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])
      +- LogicalProject(window_start=[$1], window_end=[$2], window_time=[$3], supplier_id=[$0], price=[$4], cnt=[$5])
         +- LogicalAggregate(group=[{0, 1, 2, 3}], price=[SUM($4)], cnt=[COUNT()])
            +- LogicalProject(supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], price=[$1])
               +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                  +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
                     +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[ws, we, n, total])
+- WindowAggregate(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], select=[COUNT(*) AS n, SUM(p) AS total, start('w$) AS ws, end('w$) AS we])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start AS ws, window_end AS we, +(price, price0) AS p])
         +- WindowJoin(leftWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], rightWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], joinType=[InnerJoin], where=[=(supplier_id, supplier_id0)], select=[window_start, window_end, supplier_id, price, window_start0, window_end0, supplier_id0, price0])
            :- Exchange(distribution=[hash[supplier_id]])
            :  +- Calc(select=[window_start, window_end, supplier_id, price])
            :     +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            :        +- Exchange(distribution=[hash[supplier_id]])
            :           +- Calc(select=[bidtime, price, supplier_id])
            :              +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            :                 +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
            +- Exchange(distribution=[hash[supplier_id]])
               +- Calc(select=[window_start, window_end, supplier_id, price])
                  +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
                     +- Exchange(distribution=[hash[supplier_id]])
                        +- Calc(select=[bidtime, price, supplier_id])
                           +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                              +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[ws, we, n, total])
+- WindowAggregate(window=[TUMBLE(win_start=[ws], win_end=[we], size=[10 min])], select=[COUNT(*) AS n, SUM(p) AS total, start('w$) AS ws, end('w$) AS we])
   +- Exchange(distribution=[single])
      +- Calc(select=[window_start AS ws, window_end AS we, (price + price0) AS p])
         +- WindowJoin(leftWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], rightWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], joinType=[InnerJoin], where=[(supplier_id = supplier_id0)], select=[window_start, window_end, supplier_id, price, window_start0, window_end0, supplier_id0, price0])
            :- Exchange(distribution=[hash[supplier_id]])(reuse_id=[1])
            :  +- Calc(select=[window_start, window_end, supplier_id, price])
            :     +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, start('w$) AS window_start, end('w$) AS window_end, rowtime('w$) AS window_time])
            :        +- Exchange(distribution=[hash[supplier_id]])
            :           +- Calc(select=[bidtime, price, supplier_id])
            :              +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            :                 +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
            +- Reused(reference_id=[1])
!ok

# Nexmark q5 as the benchmark runs it (bench/nexmark/q5.sql): the hot
# auctions of each HOP window, a window join of two window aggregations
CREATE TABLE bid_q5_files (auction BIGINT, dateTime TIMESTAMP(3)) WITH ('connector' = 'filesystem', 'path' = '$VAR_BATCH_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO bid_q5_files VALUES (1, TIMESTAMP '2020-04-15 08:00:01'), (1, TIMESTAMP '2020-04-15 08:00:02'), (2, TIMESTAMP '2020-04-15 08:00:03'), (1, TIMESTAMP '2020-04-15 08:00:05'), (2, TIMESTAMP '2020-04-15 08:00:06'), (2, TIMESTAMP '2020-04-15 08:00:07'), (3, TIMESTAMP '2020-04-15 08:00:09'), (3, TIMESTAMP '2020-04-15 08:00:11'), (3, TIMESTAMP '2020-04-15 08:00:12'), (2, TIMESTAMP '2020-04-15 08:00:13');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE bid (auction BIGINT, dateTime TIMESTAMP(3), WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_BATCH_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT AuctionBids.auction, AuctionBids.num FROM (SELECT auction, count(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end) AS AuctionBids JOIN (SELECT max(CountBids.num) AS maxn, CountBids.starttime, CountBids.endtime FROM (SELECT count(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end) AS CountBids GROUP BY CountBids.starttime, CountBids.endtime) AS MaxBids ON AuctionBids.starttime = MaxBids.starttime AND AuctionBids.endtime = MaxBids.endtime AND AuctionBids.num >= MaxBids.maxn;
+----+----------------------+----------------------+
| op |              auction |                  num |
+----+----------------------+----------------------+
| +I |                    1 |                    1 |
| +I |                    1 |                    2 |
| +I |                    1 |                    3 |
| +I |                    1 |                    3 |
| +I |                    2 |                    3 |
| +I |                    1 |                    3 |
| +I |                    2 |                    3 |
| +I |                    2 |                    3 |
| +I |                    2 |                    3 |
| +I |                    3 |                    3 |
| +I |                    2 |                    3 |
| +I |                    3 |                    3 |
| +I |                    3 |                    3 |
| +I |                    3 |                    2 |
| +I |                    3 |                    1 |
| +I |                    2 |                    1 |
+----+----------------------+----------------------+
Received a total of 16 rows
!ok

EXPLAIN SELECT AuctionBids.auction, AuctionBids.num FROM (SELECT auction, count(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end) AS AuctionBids JOIN (SELECT max(CountBids.num) AS maxn, CountBids.starttime, CountBids.endtime FROM (SELECT count(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end) AS CountBids GROUP BY CountBids.starttime, CountBids.endtime) AS MaxBids ON AuctionBids.starttime = MaxBids.starttime AND AuctionBids.endtime = MaxBids.endtime AND AuctionBids.num >= MaxBids.maxn;
== Abstract Syntax Tree ==
LogicalProject(auction=[$0], num=[$1])
+- LogicalJoin(condition=[AND(=($2, $5), =($3, $6), >=($1, $4))], joinType=[inner])
   :- LogicalProject(auction=[$0], num=[$3], starttime=[$1], endtime=[$2])
   :  +- LogicalAggregate(group=[{0, 1, 2}], num=[COUNT()])
   :     +- LogicalProject(auction=[$0], window_start=[$2], window_end=[$3])
   :        +- LogicalTableFunctionScan(rowType=[RecordType(BIGINT auction, TIMESTAMP(3) dateTime, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
   :           +- LogicalWatermarkAssigner(rowtime=[dateTime], watermark=[-($1, 4000:INTERVAL SECOND)])
   :              +- LogicalTableScan(table=[[default_catalog, default_database, bid]])
   +- LogicalProject(maxn=[$2], starttime=[$0], endtime=[$1])
      +- LogicalAggregate(group=[{0, 1}], maxn=[MAX($2)])
         +- LogicalProject(starttime=[$1], endtime=[$2], num=[$3])
            +- LogicalAggregate(group=[{0, 1, 2}], num=[COUNT()])
               +- LogicalProject(auction=[$0], window_start=[$2], window_end=[$3])
                  +- LogicalTableFunctionScan(rowType=[RecordType(BIGINT auction, TIMESTAMP(3) dateTime, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
                     +- LogicalWatermarkAssigner(rowtime=[dateTime], watermark=[-($1, 4000:INTERVAL SECOND)])
                        +- LogicalTableScan(table=[[default_catalog, default_database, bid]])

== Optimized Physical Plan ==
Calc(select=[auction, num])
+- WindowJoin(leftWindow=[HOP(win_start=[starttime], win_end=[endtime], size=[10 s], slide=[2 s])], rightWindow=[HOP(win_start=[starttime], win_end=[endtime], size=[10 s], slide=[2 s])], joinType=[InnerJoin], where=[>=(num, maxn)], select=[auction, num, starttime, endtime, maxn, starttime0, endtime0])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[auction, num, window_start AS starttime, window_end AS endtime])
   :     +- WindowAggregate(groupBy=[auction], window=[HOP(time_col=[dateTime], size=[10 s], slide=[2 s])], select=[auction, COUNT(*) AS num, start('w$) AS window_start, end('w$) AS window_end])
   :        +- Exchange(distribution=[hash[auction]])
   :           +- WatermarkAssigner(rowtime=[dateTime], watermark=[-(dateTime, 4000:INTERVAL SECOND)])
   :              +- TableSourceScan(table=[[default_catalog, default_database, bid]], fields=[auction, dateTime])
   +- Exchange(distribution=[single])
      +- Calc(select=[maxn, starttime, endtime])
         +- WindowAggregate(window=[HOP(win_start=[starttime], win_end=[endtime], size=[10 s], slide=[2 s])], select=[MAX(num) AS maxn, start('w$) AS starttime, end('w$) AS endtime])
            +- Exchange(distribution=[single])
               +- Calc(select=[window_start AS starttime, window_end AS endtime, num])
                  +- WindowAggregate(groupBy=[auction], window=[HOP(time_col=[dateTime], size=[10 s], slide=[2 s])], select=[auction, COUNT(*) AS num, start('w$) AS window_start, end('w$) AS window_end])
                     +- Exchange(distribution=[hash[auction]])
                        +- WatermarkAssigner(rowtime=[dateTime], watermark=[-(dateTime, 4000:INTERVAL SECOND)])
                           +- TableSourceScan(table=[[default_catalog, default_database, bid]], fields=[auction, dateTime])

== Optimized Execution Plan ==
Calc(select=[auction, num])
+- WindowJoin(leftWindow=[HOP(win_start=[starttime], win_end=[endtime], size=[10 s], slide=[2 s])], rightWindow=[HOP(win_start=[starttime], win_end=[endtime], size=[10 s], slide=[2 s])], joinType=[InnerJoin], where=[(num >= maxn)], select=[auction, num, starttime, endtime, maxn, starttime0, endtime0])
   :- Exchange(distribution=[single])
   :  +- Calc(select=[auction, num, window_start AS starttime, window_end AS endtime])
   :     +- WindowAggregate(groupBy=[auction], window=[HOP(time_col=[dateTime], size=[10 s], slide=[2 s])], select=[auction, COUNT(*) AS num, start('w$) AS window_start, end('w$) AS window_end])(reuse_id=[1])
   :        +- Exchange(distribution=[hash[auction]])
   :           +- WatermarkAssigner(rowtime=[dateTime], watermark=[(dateTime - 4000:INTERVAL SECOND)])
   :              +- TableSourceScan(table=[[default_catalog, default_database, bid]], fields=[auction, dateTime])
   +- Exchange(distribution=[single])
      +- Calc(select=[maxn, starttime, endtime])
         +- WindowAggregate(window=[HOP(win_start=[starttime], win_end=[endtime], size=[10 s], slide=[2 s])], select=[MAX(num) AS maxn, start('w$) AS starttime, end('w$) AS endtime])
            +- Exchange(distribution=[single])
               +- Calc(select=[window_start AS starttime, window_end AS endtime, num])
                  +- Reused(reference_id=[1])
!ok

# ==========================================================================
# processing time: the relax form of a cascaded window stays a
# GroupAggregate (Flink's testInvalidRelaxFormCascadeProctimeWindow)
# ==========================================================================
CREATE TABLE BidP (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING, pt AS PROCTIME()) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT supplier_id, ws, we, COUNT(*) FROM (SELECT supplier_id, window_start AS ws, window_end AS we, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE BidP, DESCRIPTOR(pt), INTERVAL '5' MINUTES)) GROUP BY supplier_id, window_start, window_end) GROUP BY supplier_id, ws, we;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0, 1, 2}], EXPR$3=[COUNT()])
+- LogicalProject(supplier_id=[$0], ws=[$1], we=[$2])
   +- LogicalAggregate(group=[{0, 1, 2}], cnt=[COUNT()])
      +- LogicalProject(supplier_id=[$3], window_start=[$5], window_end=[$6])
         +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) pt, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP_WITH_LOCAL_TIME_ZONE(3) *PROCTIME* window_time)])
            +- LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], pt=[PROCTIME()])
               +- LogicalTableScan(table=[[default_catalog, default_database, BidP]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[supplier_id, window_start, window_end], select=[supplier_id, window_start, window_end, COUNT(*) AS EXPR$3])
+- Exchange(distribution=[hash[supplier_id, window_start, window_end]])
   +- Calc(select=[supplier_id, window_start, window_end])
      +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[pt], size=[5 min])], select=[supplier_id, start('w$) AS window_start, end('w$) AS window_end])
         +- Exchange(distribution=[hash[supplier_id]])
            +- Calc(select=[supplier_id, pt])
               +- Calc(select=[bidtime, price, item, supplier_id, PROCTIME() AS pt])
                  +- TableSourceScan(table=[[default_catalog, default_database, BidP]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[supplier_id, window_start, window_end], select=[supplier_id, window_start, window_end, COUNT(*) AS EXPR$3])
+- Exchange(distribution=[hash[supplier_id, window_start, window_end]])
   +- Calc(select=[supplier_id, window_start, window_end])
      +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[pt], size=[5 min])], select=[supplier_id, start('w$) AS window_start, end('w$) AS window_end])
         +- Exchange(distribution=[hash[supplier_id]])
            +- Calc(select=[supplier_id, pt])
               +- Calc(select=[bidtime, price, item, supplier_id, PROCTIME() AS pt])
                  +- TableSourceScan(table=[[default_catalog, default_database, BidP]], fields=[bidtime, price, item, supplier_id])
!ok

# ==========================================================================
# BATCH: the same rows
# ==========================================================================
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT window_start, window_end, SUM(price) AS total, MAX(cnt) AS max_cnt, COUNT(*) AS suppliers FROM supplier_win GROUP BY window_start, window_end;
+-------------------------+-------------------------+-------+---------+-----------+
|            window_start |              window_end | total | max_cnt | suppliers |
+-------------------------+-------------------------+-------+---------+-----------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 17.00 |       2 |         4 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 12.00 |       1 |         4 |
+-------------------------+-------------------------+-------+---------+-----------+
2 rows in set
!ok

SELECT ws, we, wt, SUM(price) AS total FROM renamed_win GROUP BY ws, we, wt;
+-------------------------+-------------------------+-------------------------+-------+
|                      ws |                      we |                      wt | total |
+-------------------------+-------------------------+-------------------------+-------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 | 17.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 | 12.00 |
+-------------------------+-------------------------+-------------------------+-------+
2 rows in set
!ok

SELECT starttime, endtime, MAX(num) AS maxn FROM (SELECT supplier_id, COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) GROUP BY starttime, endtime;
+-------------------------+-------------------------+------+
|               starttime |                 endtime | maxn |
+-------------------------+-------------------------+------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |    2 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |    3 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |    1 |
| 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |    1 |
+-------------------------+-------------------------+------+
4 rows in set
!ok

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we ORDER BY price DESC) AS rownum FROM renamed_win) WHERE rownum <= 2;
+-------------------------+-------------------------+-------------------------+-------------+-------+--------+
|                      ws |                      we |                      wt | supplier_id | price | rownum |
+-------------------------+-------------------------+-------------------------+-------------+-------+--------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |   supplier1 |  6.00 |      1 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |   supplier4 |  5.00 |      2 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |   supplier5 |  6.00 |      1 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |   supplier2 |  3.00 |      2 |
+-------------------------+-------------------------+-------------------------+-------------+-------+--------+
4 rows in set
!ok

SELECT a.supplier_id, a.num, a.starttime FROM (SELECT supplier_id, COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) AS a JOIN (SELECT MAX(num) AS maxn, starttime, endtime FROM (SELECT COUNT(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY supplier_id, window_start, window_end) GROUP BY starttime, endtime) AS m ON a.starttime = m.starttime AND a.endtime = m.endtime AND a.num >= m.maxn;
+-------------+-----+-------------------------+
| supplier_id | num |               starttime |
+-------------+-----+-------------------------+
|   supplier1 |   2 | 2020-04-15 08:00:00.000 |
|   supplier3 |   1 | 2020-04-15 08:10:00.000 |
|   supplier1 |   1 | 2020-04-15 08:10:00.000 |
|   supplier2 |   1 | 2020-04-15 08:10:00.000 |
|   supplier5 |   1 | 2020-04-15 08:10:00.000 |
+-------------+-----+-------------------------+
5 rows in set
!ok

SELECT ws, we, supplier_id, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we, supplier_id ORDER BY wt ASC) AS rownum FROM renamed_win) WHERE rownum = 1;
+-------------------------+-------------------------+-------------+-------+
|                      ws |                      we | supplier_id | price |
+-------------------------+-------------------------+-------------+-------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier1 |  6.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier2 |  4.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier3 |  2.00 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier4 |  5.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier1 |  1.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier2 |  3.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier3 |  2.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier5 |  6.00 |
+-------------------------+-------------------------+-------------+-------+
8 rows in set
!ok

SELECT AuctionBids.auction, AuctionBids.num FROM (SELECT auction, count(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end) AS AuctionBids JOIN (SELECT max(CountBids.num) AS maxn, CountBids.starttime, CountBids.endtime FROM (SELECT count(*) AS num, window_start AS starttime, window_end AS endtime FROM TABLE(HOP(TABLE bid, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) GROUP BY auction, window_start, window_end) AS CountBids GROUP BY CountBids.starttime, CountBids.endtime) AS MaxBids ON AuctionBids.starttime = MaxBids.starttime AND AuctionBids.endtime = MaxBids.endtime AND AuctionBids.num >= MaxBids.maxn;
+---------+-----+
| auction | num |
+---------+-----+
|       1 |   1 |
|       1 |   2 |
|       1 |   3 |
|       1 |   3 |
|       2 |   3 |
|       1 |   3 |
|       2 |   3 |
|       2 |   3 |
|       2 |   3 |
|       3 |   3 |
|       2 |   3 |
|       3 |   3 |
|       3 |   3 |
|       3 |   2 |
|       3 |   1 |
|       2 |   1 |
+---------+-----+
16 rows in set
!ok

SELECT window_start, window_end, SUM(price) AS total, COUNT(DISTINCT supplier_id) AS suppliers FROM TABLE(TUMBLE(TABLE supplier_rt, DESCRIPTOR(rt), INTERVAL '20' MINUTES)) GROUP BY window_start, window_end;
+-------------------------+-------------------------+-------+-----------+
|            window_start |              window_end | total | suppliers |
+-------------------------+-------------------------+-------+-----------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:20:00.000 | 29.00 |         5 |
+-------------------------+-------------------------+-------+-----------+
1 row in set
!ok

SELECT ws, we, COUNT(*) AS n, SUM(p) AS total FROM (SELECT a.window_start AS ws, a.window_end AS we, a.supplier_id, a.price + b.price AS p FROM supplier_win a JOIN supplier_win b ON a.window_start = b.window_start AND a.window_end = b.window_end AND a.supplier_id = b.supplier_id) GROUP BY ws, we;
+-------------------------+-------------------------+---+-------+
|                      ws |                      we | n | total |
+-------------------------+-------------------------+---+-------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 4 | 34.00 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 4 | 24.00 |
+-------------------------+-------------------------+---+-------+
2 rows in set
!ok
