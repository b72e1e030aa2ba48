# window_rank.q - window Top-N (WindowRank) and window deduplication
# (WindowDeduplicate) over window table functions and window aggregations,
# on the Bid table of Flink's "Window Top-N" and "Window Deduplication"
# pages (their results, TIMESTAMP(3) printed in full): the final rows of a
# window go out, insert-only, when the watermark passes its end; late rows;
# the forms Flink does not take; BATCH gives the same rows.
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

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM (SELECT window_start, window_end, supplier_id, SUM(price) as price, COUNT(*) as cnt FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, supplier_id)) WHERE rownum <= 3;
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+----------------------+
| op |            window_start |              window_end |                    supplier_id |                                    price |                  cnt |               rownum |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                                     6.00 |                    2 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier4 |                                     5.00 |                    1 |                    2 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier2 |                                     4.00 |                    1 |                    3 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier5 |                                     6.00 |                    1 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier2 |                                     3.00 |                    1 |                    2 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier3 |                                     2.00 |                    1 |                    3 |
+----+-------------------------+-------------------------+--------------------------------+------------------------------------------+----------------------+----------------------+
Received a total of 6 rows
!ok

# ties keep their arrival order (supplier1's 4.00 came first)
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 3;
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+----------------------+
| op |                 bidtime |        price |                           item |                    supplier_id |            window_start |              window_end |             window_time |               rownum |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+----------------------+
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              D |                      supplier4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                    1 |
| +I | 2020-04-15 08:05:00.000 |         4.00 |                              A |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                    2 |
| +I | 2020-04-15 08:06:00.000 |         4.00 |                              C |                      supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |                    3 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier5 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                    1 |
| +I | 2020-04-15 08:15:00.000 |         3.00 |                              H |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                    2 |
| +I | 2020-04-15 08:11:00.000 |         2.00 |                              B |                      supplier3 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |                    3 |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+-------------------------+----------------------+
Received a total of 6 rows
!ok

# HOP windows with a partition key, two sort keys
SELECT window_start, window_end, supplier_id, item, price, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, supplier_id ORDER BY price ASC, item DESC) AS rn FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) WHERE rn <= 2;
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------+----------------------+
| op |            window_start |              window_end |                    supplier_id |                           item |        price |                   rn |
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------+----------------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                              G |         2.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier1 |                              A |         4.00 |                    2 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier2 |                              C |         4.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier3 |                              B |         2.00 |                    1 |
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                      supplier4 |                              D |         5.00 |                    1 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                      supplier1 |                              E |         1.00 |                    1 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                      supplier1 |                              G |         2.00 |                    2 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                      supplier2 |                              C |         4.00 |                    1 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                      supplier3 |                              B |         2.00 |                    1 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                      supplier3 |                              B |         2.00 |                    2 |
| +I | 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |                      supplier4 |                              D |         5.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier3 |                              B |         2.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier1 |                              E |         1.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier2 |                              H |         3.00 |                    1 |
| +I | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                      supplier5 |                              F |         6.00 |                    1 |
| +I | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |                      supplier2 |                              H |         3.00 |                    1 |
| +I | 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |                      supplier5 |                              F |         6.00 |                    1 |
+----+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------+----------------------+
Received a total of 17 rows
!ok

# a rank range not from 1, without the rank number; CUMULATE windows
SELECT window_start, item, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) WHERE rn BETWEEN 2 AND 3;
+----+-------------------------+--------------------------------+--------------+
| op |            window_start |                           item |        price |
+----+-------------------------+--------------------------------+--------------+
| +I | 2020-04-15 08:00:00.000 |                              A |         4.00 |
| +I | 2020-04-15 08:00:00.000 |                              C |         4.00 |
| +I | 2020-04-15 08:10:00.000 |                              E |         1.00 |
| +I | 2020-04-15 08:10:00.000 |                              H |         3.00 |
| +I | 2020-04-15 08:10:00.000 |                              B |         2.00 |
+----+-------------------------+--------------------------------+--------------+
Received a total of 5 rows
!ok

# ==========================================================================
# window deduplication: the last row (DESC), the first row (ASC) per key
# ==========================================================================
SELECT * FROM (SELECT bidtime, price, item, supplier_id, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY bidtime DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 1;
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+----------------------+
| op |                 bidtime |        price |                           item |                    supplier_id |            window_start |              window_end |               rownum |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+----------------------+
| +I | 2020-04-15 08:09:00.000 |         5.00 |                              D |                      supplier4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |                    1 |
| +I | 2020-04-15 08:17:00.000 |         6.00 |                              F |                      supplier5 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |                    1 |
+----+-------------------------+--------------+--------------------------------+--------------------------------+-------------------------+-------------------------+----------------------+
Received a total of 2 rows
!ok

SELECT bidtime, item, supplier_id, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, supplier_id ORDER BY bidtime ASC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum = 1;
+----+-------------------------+--------------------------------+--------------------------------+-------------------------+-------------------------+
| op |                 bidtime |                           item |                    supplier_id |            window_start |              window_end |
+----+-------------------------+--------------------------------+--------------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 08:05:00.000 |                              A |                      supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:06:00.000 |                              C |                      supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:08:00.000 |                              B |                      supplier3 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:09:00.000 |                              D |                      supplier4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| +I | 2020-04-15 08:11:00.000 |                              B |                      supplier3 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| +I | 2020-04-15 08:13:00.000 |                              E |                      supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| +I | 2020-04-15 08:15:00.000 |                              H |                      supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| +I | 2020-04-15 08:17:00.000 |                              F |                      supplier5 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
+----+-------------------------+--------------------------------+--------------------------------+-------------------------+-------------------------+
Received a total of 8 rows
!ok

# ==========================================================================
# plans: WindowRank / WindowDeduplicate exchanged by the partition keys
# but the window; the window TVF stays below
# ==========================================================================
EXPLAIN SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM (SELECT window_start, window_end, supplier_id, SUM(price) as price, COUNT(*) as cnt FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, supplier_id)) WHERE rownum <= 3;
== Abstract Syntax Tree ==
LogicalProject(window_start=[$0], window_end=[$1], supplier_id=[$2], price=[$3], cnt=[$4], rownum=[$5])
+- LogicalFilter(condition=[<=($5, 3)])
   +- LogicalProject(window_start=[$0], window_end=[$1], supplier_id=[$2], price=[$3], cnt=[$4], rownum=[ROW_NUMBER() OVER (PARTITION BY $0, $1 ORDER BY $3 DESC NULLS LAST)])
      +- LogicalAggregate(group=[{0, 1, 2}], price=[SUM($3)], cnt=[COUNT()])
         +- LogicalProject(window_start=[$4], window_end=[$5], supplier_id=[$3], price=[$1])
            +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
               +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
                  +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
WindowRank(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[], orderBy=[price DESC], select=[window_start, window_end, supplier_id, price, cnt, w0$o0])
+- Exchange(distribution=[single])
   +- Calc(select=[window_start, window_end, supplier_id, price, cnt])
      +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, COUNT(*) AS cnt, start('w$) AS window_start, end('w$) AS window_end])
         +- Exchange(distribution=[hash[supplier_id]])
            +- Calc(select=[bidtime, price, supplier_id])
               +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
                  +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
WindowRank(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[], orderBy=[price DESC], select=[window_start, window_end, supplier_id, price, cnt, w0$o0])
+- Exchange(distribution=[single])
   +- Calc(select=[window_start, window_end, supplier_id, price, cnt])
      +- WindowAggregate(groupBy=[supplier_id], window=[TUMBLE(time_col=[bidtime], size=[10 min])], select=[supplier_id, SUM(price) AS price, COUNT(*) AS cnt, start('w$) AS window_start, end('w$) AS window_end])
         +- Exchange(distribution=[hash[supplier_id]])
            +- Calc(select=[bidtime, price, supplier_id])
               +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
                  +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 3;
== Abstract Syntax Tree ==
LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], rownum=[$7])
+- LogicalFilter(condition=[<=($7, 3)])
   +- LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], rownum=[ROW_NUMBER() OVER (PARTITION BY $4, $5 ORDER BY $1 DESC NULLS LAST)])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
WindowRank(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[], orderBy=[price DESC], select=[bidtime, price, item, supplier_id, window_start, window_end, window_time, w0$o0])
+- Exchange(distribution=[single])
   +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
      +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
         +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
WindowRank(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[], orderBy=[price DESC], select=[bidtime, price, item, supplier_id, window_start, window_end, window_time, w0$o0])
+- Exchange(distribution=[single])
   +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
      +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
         +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT * FROM (SELECT bidtime, price, item, supplier_id, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY bidtime DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 1;
== Abstract Syntax Tree ==
LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5], rownum=[$6])
+- LogicalFilter(condition=[<=($6, 1)])
   +- LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5], rownum=[ROW_NUMBER() OVER (PARTITION BY $4, $5 ORDER BY $0 DESC NULLS LAST)])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
Calc(select=[bidtime, price, item, supplier_id, window_start, window_end, 1:BIGINT AS rownum])
+- WindowDeduplicate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], keep=[LastRow], partitionKeys=[], orderKey=[bidtime], order=[ROWTIME])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime, price, item, supplier_id, window_start, window_end])
         +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
            +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
               +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
Calc(select=[bidtime, price, item, supplier_id, window_start, window_end, 1 AS rownum])
+- WindowDeduplicate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], keep=[LastRow], partitionKeys=[], orderKey=[bidtime], order=[ROWTIME])
   +- Exchange(distribution=[single])
      +- Calc(select=[bidtime, price, item, supplier_id, window_start, window_end])
         +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
            +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
               +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

EXPLAIN SELECT bidtime, item, supplier_id, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, supplier_id ORDER BY bidtime ASC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum = 1;
== Abstract Syntax Tree ==
LogicalProject(bidtime=[$0], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5])
+- LogicalFilter(condition=[=($7, 1)])
   +- LogicalProject(bidtime=[$0], price=[$1], item=[$2], supplier_id=[$3], window_start=[$4], window_end=[$5], window_time=[$6], rownum=[ROW_NUMBER() OVER (PARTITION BY $4, $5, $3 ORDER BY $0 NULLS FIRST)])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) bidtime, DECIMAL(10, 2) price, VARCHAR(2147483647) item, VARCHAR(2147483647) supplier_id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[bidtime], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, Bid]])

== Optimized Physical Plan ==
WindowDeduplicate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], keep=[FirstRow], partitionKeys=[supplier_id], orderKey=[bidtime], order=[ROWTIME])
+- Exchange(distribution=[hash[supplier_id]])
   +- Calc(select=[bidtime, item, supplier_id, window_start, window_end])
      +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[-(bidtime, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])

== Optimized Execution Plan ==
WindowDeduplicate(window=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[10 min])], keep=[FirstRow], partitionKeys=[supplier_id], orderKey=[bidtime], order=[ROWTIME])
+- Exchange(distribution=[hash[supplier_id]])
   +- Calc(select=[bidtime, item, supplier_id, window_start, window_end])
      +- WindowTableFunction(window=[TUMBLE(time_col=[bidtime], size=[10 min])])
         +- WatermarkAssigner(rowtime=[bidtime], watermark=[(bidtime - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, Bid]], fields=[bidtime, price, item, supplier_id])
!ok

# ==========================================================================
# not a window Top-N: without window_end in the PARTITION BY it is a
# regular Rank on the TVF's rows (updates as rows arrive)
# ==========================================================================
SELECT * FROM (SELECT item, price, window_start, ROW_NUMBER() OVER (PARTITION BY window_start ORDER BY price DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 1;
+----+--------------------------------+--------------+-------------------------+----------------------+
| op |                           item |        price |            window_start |               rownum |
+----+--------------------------------+--------------+-------------------------+----------------------+
| +I |                              A |         4.00 | 2020-04-15 08:00:00.000 |                    1 |
| -U |                              A |         4.00 | 2020-04-15 08:00:00.000 |                    1 |
| +U |                              D |         5.00 | 2020-04-15 08:00:00.000 |                    1 |
| +I |                              B |         2.00 | 2020-04-15 08:10:00.000 |                    1 |
| -U |                              B |         2.00 | 2020-04-15 08:10:00.000 |                    1 |
| +U |                              H |         3.00 | 2020-04-15 08:10:00.000 |                    1 |
| -U |                              H |         3.00 | 2020-04-15 08:10:00.000 |                    1 |
| +U |                              F |         6.00 | 2020-04-15 08:10:00.000 |                    1 |
+----+--------------------------------+--------------+-------------------------+----------------------+
Received a total of 8 rows
!ok

# ==========================================================================
# errors: RANK / DENSE_RANK, processing time
# ==========================================================================
SELECT * FROM (SELECT *, RANK() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rk FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rk <= 3;
[ERROR] Could not execute SQL statement. Reason:
RANK() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.
!error

SELECT * FROM (SELECT *, DENSE_RANK() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rk FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rk <= 3;
[ERROR] Could not execute SQL statement. Reason:
DENSE_RANK() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.
!error

CREATE TABLE BidP (bidtime TIMESTAMP(3), price DECIMAL(10, 2), item STRING, supplier_id STRING, pt AS PROCTIME()) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM TABLE(TUMBLE(TABLE BidP, DESCRIPTOR(pt), INTERVAL '10' MINUTES))) WHERE rownum <= 3;
[ERROR] Could not execute SQL statement. Reason:
Processing time Window TopN is not supported yet.
!error

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY pt DESC) as rownum FROM TABLE(TUMBLE(TABLE BidP, DESCRIPTOR(pt), INTERVAL '10' MINUTES))) WHERE rownum = 1;
[ERROR] Could not execute SQL statement. Reason:
Processing time Window Deduplication is not supported yet.
!error

# ==========================================================================
# TIMESTAMP_LTZ windows align to the session zone's days: 23:30 and 00:30
# in Shanghai fall into two windows (one UTC day)
# ==========================================================================
CREATE TABLE ltz_files (ms BIGINT, v INT) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH3', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO ltz_files VALUES (1586944800000, 5), (1586964600000, 7), (1586968200000, 3);
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE ltz (ms BIGINT, v INT, ts AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH3', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SET 'table.local-time-zone' = 'Asia/Shanghai';
[INFO] Execute statement succeeded.
!info

SELECT window_start, window_end, ts, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY v DESC) AS rn FROM TABLE(TUMBLE(TABLE ltz, DESCRIPTOR(ts), INTERVAL '1' DAY))) WHERE rn = 1;
+----+-------------------------+-------------------------+-------------------------+-------------+
| op |            window_start |              window_end |                      ts |           v |
+----+-------------------------+-------------------------+-------------------------+-------------+
| +I | 2020-04-15 00:00:00.000 | 2020-04-16 00:00:00.000 | 2020-04-15 23:30:00.000 |           7 |
| +I | 2020-04-16 00:00:00.000 | 2020-04-17 00:00:00.000 | 2020-04-16 00:30:00.000 |           3 |
+----+-------------------------+-------------------------+-------------------------+-------------+
Received a total of 2 rows
!ok

SET 'table.local-time-zone' = 'UTC';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# late rows: each partition directory is read as one batch with the
# watermark after it; a row of a window that fired already is dropped
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
SELECT window_start, v, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY v DESC) AS rn FROM TABLE(TUMBLE(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '10' MINUTES))) WHERE rn <= 2;
+----+-------------------------+-------------+----------------------+
| op |            window_start |           v |                   rn |
+----+-------------------------+-------------+----------------------+
| +I | 2020-04-15 08:00:00.000 |           2 |                    1 |
| +I | 2020-04-15 08:00:00.000 |           1 |                    2 |
| +I | 2020-04-15 08:20:00.000 |          32 |                    1 |
| +I | 2020-04-15 08:20:00.000 |          16 |                    2 |
+----+-------------------------+-------------+----------------------+
Received a total of 4 rows
!ok

# verify: skip late rows are dropped in STREAMING only
SELECT window_start, ts, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY ts DESC) AS rn FROM TABLE(TUMBLE(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '10' MINUTES))) WHERE rn = 1;
+----+-------------------------+-------------------------+-------------+
| op |            window_start |                      ts |           v |
+----+-------------------------+-------------------------+-------------+
| +I | 2020-04-15 08:00:00.000 | 2020-04-15 08:05:00.000 |           1 |
| +I | 2020-04-15 08:20:00.000 | 2020-04-15 08:25:00.000 |          32 |
+----+-------------------------+-------------------------+-------------+
Received a total of 2 rows
!ok

# ==========================================================================
# BATCH: the same insert-only rows
# ==========================================================================
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM (SELECT window_start, window_end, supplier_id, SUM(price) as price, COUNT(*) as cnt FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, supplier_id)) WHERE rownum <= 3;
+-------------------------+-------------------------+-------------+-------+-----+--------+
|            window_start |              window_end | supplier_id | price | cnt | rownum |
+-------------------------+-------------------------+-------------+-------+-----+--------+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier1 |  6.00 |   2 |      1 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier4 |  5.00 |   1 |      2 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier2 |  4.00 |   1 |      3 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier5 |  6.00 |   1 |      1 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier2 |  3.00 |   1 |      2 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier3 |  2.00 |   1 |      3 |
+-------------------------+-------------------------+-------------+-------+-----+--------+
6 rows in set
!ok

SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 3;
+-------------------------+-------+------+-------------+-------------------------+-------------------------+-------------------------+--------+
|                 bidtime | price | item | supplier_id |            window_start |              window_end |             window_time | rownum |
+-------------------------+-------+------+-------------+-------------------------+-------------------------+-------------------------+--------+
| 2020-04-15 08:09:00.000 |  5.00 |    D |   supplier4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |      1 |
| 2020-04-15 08:05:00.000 |  4.00 |    A |   supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |      2 |
| 2020-04-15 08:06:00.000 |  4.00 |    C |   supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 | 2020-04-15 08:09:59.999 |      3 |
| 2020-04-15 08:17:00.000 |  6.00 |    F |   supplier5 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |      1 |
| 2020-04-15 08:15:00.000 |  3.00 |    H |   supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |      2 |
| 2020-04-15 08:11:00.000 |  2.00 |    B |   supplier3 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 | 2020-04-15 08:19:59.999 |      3 |
+-------------------------+-------+------+-------------+-------------------------+-------------------------+-------------------------+--------+
6 rows in set
!ok

SELECT window_start, window_end, supplier_id, item, price, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, supplier_id ORDER BY price ASC, item DESC) AS rn FROM TABLE(HOP(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) WHERE rn <= 2;
+-------------------------+-------------------------+-------------+------+-------+----+
|            window_start |              window_end | supplier_id | item | price | rn |
+-------------------------+-------------------------+-------------+------+-------+----+
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier1 |    G |  2.00 |  1 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier1 |    A |  4.00 |  2 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier2 |    C |  4.00 |  1 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier3 |    B |  2.00 |  1 |
| 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |   supplier4 |    D |  5.00 |  1 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |   supplier1 |    E |  1.00 |  1 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |   supplier1 |    G |  2.00 |  2 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |   supplier2 |    C |  4.00 |  1 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |   supplier3 |    B |  2.00 |  1 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |   supplier3 |    B |  2.00 |  2 |
| 2020-04-15 08:05:00.000 | 2020-04-15 08:15:00.000 |   supplier4 |    D |  5.00 |  1 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier1 |    E |  1.00 |  1 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier2 |    H |  3.00 |  1 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier3 |    B |  2.00 |  1 |
| 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |   supplier5 |    F |  6.00 |  1 |
| 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |   supplier2 |    H |  3.00 |  1 |
| 2020-04-15 08:15:00.000 | 2020-04-15 08:25:00.000 |   supplier5 |    F |  6.00 |  1 |
+-------------------------+-------------------------+-------------+------+-------+----+
17 rows in set
!ok

SELECT window_start, item, price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) WHERE rn BETWEEN 2 AND 3;
+-------------------------+------+-------+
|            window_start | item | price |
+-------------------------+------+-------+
| 2020-04-15 08:00:00.000 |    A |  4.00 |
| 2020-04-15 08:00:00.000 |    C |  4.00 |
| 2020-04-15 08:10:00.000 |    E |  1.00 |
| 2020-04-15 08:10:00.000 |    H |  3.00 |
| 2020-04-15 08:10:00.000 |    B |  2.00 |
+-------------------------+------+-------+
5 rows in set
!ok

SELECT * FROM (SELECT bidtime, price, item, supplier_id, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY bidtime DESC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum <= 1;
+-------------------------+-------+------+-------------+-------------------------+-------------------------+--------+
|                 bidtime | price | item | supplier_id |            window_start |              window_end | rownum |
+-------------------------+-------+------+-------------+-------------------------+-------------------------+--------+
| 2020-04-15 08:09:00.000 |  5.00 |    D |   supplier4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |      1 |
| 2020-04-15 08:17:00.000 |  6.00 |    F |   supplier5 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |      1 |
+-------------------------+-------+------+-------------+-------------------------+-------------------------+--------+
2 rows in set
!ok

SELECT bidtime, item, supplier_id, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, supplier_id ORDER BY bidtime ASC) as rownum FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))) WHERE rownum = 1;
+-------------------------+------+-------------+-------------------------+-------------------------+
|                 bidtime | item | supplier_id |            window_start |              window_end |
+-------------------------+------+-------------+-------------------------+-------------------------+
| 2020-04-15 08:05:00.000 |    A |   supplier1 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| 2020-04-15 08:06:00.000 |    C |   supplier2 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| 2020-04-15 08:08:00.000 |    B |   supplier3 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| 2020-04-15 08:09:00.000 |    D |   supplier4 | 2020-04-15 08:00:00.000 | 2020-04-15 08:10:00.000 |
| 2020-04-15 08:13:00.000 |    E |   supplier1 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| 2020-04-15 08:15:00.000 |    H |   supplier2 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| 2020-04-15 08:11:00.000 |    B |   supplier3 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
| 2020-04-15 08:17:00.000 |    F |   supplier5 | 2020-04-15 08:10:00.000 | 2020-04-15 08:20:00.000 |
+-------------------------+------+-------------+-------------------------+-------------------------+
8 rows in set
!ok

# every row counts in BATCH
# verify: skip late rows are dropped in STREAMING only
SELECT window_start, v, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY v DESC) AS rn FROM TABLE(TUMBLE(TABLE late_rows, DESCRIPTOR(ts), INTERVAL '10' MINUTES))) WHERE rn <= 2;
+-------------------------+----+----+
|            window_start |  v | rn |
+-------------------------+----+----+
| 2020-04-15 08:00:00.000 |  8 |  1 |
| 2020-04-15 08:00:00.000 |  2 |  2 |
| 2020-04-15 08:10:00.000 | 64 |  1 |
| 2020-04-15 08:20:00.000 | 32 |  1 |
| 2020-04-15 08:20:00.000 | 16 |  2 |
+-------------------------+----+----+
5 rows in set
!ok
