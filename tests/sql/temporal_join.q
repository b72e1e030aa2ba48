# temporal_join.q - event-time temporal joins (TemporalJoin): each order
# joins the rate of its currency valid at the order's time, from a versioned
# view (the last row per currency by rowtime: a primary key and a
# watermark), at parallelism 1. The orders wait for the watermark; with
# watermarks an hour behind, the end of input (MAX) emits them all, per
# currency (the key's timer) in arrival order.
SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE order_files (ts TIMESTAMP(3), cur STRING, amount INT) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE TABLE rate_files (rt TIMESTAMP(3), cur STRING, rate INT) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO order_files VALUES (TIMESTAMP '2024-01-01 00:00:10', 'EUR', 2), (TIMESTAMP '2024-01-01 00:00:20', 'EUR', 3), (TIMESTAMP '2024-01-01 00:00:01', 'EUR', 4), (TIMESTAMP '2024-01-01 00:00:12', 'USD', 5), (TIMESTAMP '2024-01-01 00:00:16', 'EUR', 6), (TIMESTAMP '2024-01-01 00:00:15', 'EUR', 7);
[INFO] Complete execution of the SQL update statement.
!info

INSERT INTO rate_files VALUES (TIMESTAMP '2024-01-01 00:00:05', 'EUR', 100), (TIMESTAMP '2024-01-01 00:00:13', 'USD', 7), (TIMESTAMP '2024-01-01 00:00:15', 'EUR', 110), (TIMESTAMP '2024-01-01 00:00:02', 'EUR', 90);
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE orders (ts TIMESTAMP(3), cur STRING, amount INT, WATERMARK FOR ts AS ts - INTERVAL '1' HOUR) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE TABLE rate_log (rt TIMESTAMP(3), cur STRING, rate INT, WATERMARK FOR rt AS rt - INTERVAL '1' HOUR) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE VIEW rates AS SELECT rt, cur, rate FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY cur ORDER BY rt DESC) AS rn FROM rate_log) WHERE rn = 1;
[INFO] Execute statement succeeded.
!info

# the plan: the join keys and Flink's temporal condition (the left time, the
# version time, the versioned view's primary key, the keys)
EXPLAIN PLAN FOR SELECT amount, rate FROM orders JOIN rates FOR SYSTEM_TIME AS OF orders.ts ON orders.cur = rates.cur;
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                          result |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(amount=[$2], rate=[$5])
+- LogicalJoin(condition=[=($1, $4)], joinType=[inner])
   :- LogicalWatermarkAssigner(rowtime=[ts], watermark=[-($0, 3600000:INTERVAL HOUR)])
   :  +- LogicalTableScan(table=[[default_catalog, default_database, orders]])
   +- LogicalProject(rt=[$0], cur=[$1], rate=[$2])
      +- LogicalFilter(condition=[=($3, 1)])
         +- LogicalProject(rt=[$0], cur=[$1], rate=[$2], rn=[ROW_NUMBER() OVER (PARTITION BY $1 ORDER BY $0 DESC NULLS LAST)])
            +- LogicalWatermarkAssigner(rowtime=[rt], watermark=[-($0, 3600000:INTERVAL HOUR)])
               +- LogicalTableScan(table=[[default_catalog, default_database, rate_log]])

== Optimized Physical Plan ==
Calc(select=[amount, rate])
+- TemporalJoin(joinType=[InnerJoin], where=[AND(=(cur, cur0), __TEMPORAL_JOIN_CONDITION(ts, rt, __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY(cur0), __TEMPORAL_JOIN_LEFT_KEY(cur), __TEMPORAL_JOIN_RIGHT_KEY(cur0)))], select=[ts, cur, amount, rt, cur0, rate])
   :- Exchange(distribution=[hash[cur]])
   :  +- WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 3600000:INTERVAL HOUR)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[ts, cur, amount])
   +- Exchange(distribution=[hash[cur]])
      +- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[cur], orderBy=[rt DESC], select=[rt, cur, rate])
         +- Exchange(distribution=[hash[cur]])
            +- WatermarkAssigner(rowtime=[rt], watermark=[-(rt, 3600000:INTERVAL HOUR)])
               +- TableSourceScan(table=[[default_catalog, default_database, rate_log]], fields=[rt, cur, rate])

== Optimized Execution Plan ==
Calc(select=[amount, rate])
+- TemporalJoin(joinType=[InnerJoin], where=[((cur = cur0) AND __TEMPORAL_JOIN_CONDITION(ts, rt, __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY(cur0), __TEMPORAL_JOIN_LEFT_KEY(cur), __TEMPORAL_JOIN_RIGHT_KEY(cur0)))], select=[ts, cur, amount, rt, cur0, rate])
   :- Exchange(distribution=[hash[cur]])
   :  +- WatermarkAssigner(rowtime=[ts], watermark=[(ts - 3600000:INTERVAL HOUR)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[ts, cur, amount])
   +- Exchange(distribution=[hash[cur]])
      +- Deduplicate(keep=[LastRow], key=[cur], order=[ROWTIME])
         +- Exchange(distribution=[hash[cur]])
            +- WatermarkAssigner(rowtime=[rt], watermark=[(rt - 3600000:INTERVAL HOUR)])
               +- TableSourceScan(table=[[default_catalog, default_database, rate_log]], fields=[rt, cur, rate])
 |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# the rate of the latest version at or before the order's time (the orders
# arrive out of time order): 10 s -> 100 (5 s), 20 s, 16 s and 15 s -> 110
# (15 s, inclusive); 1 s is before every EUR version and 12 s before the USD
# one: no row. The EUR rate of 2 s comes after the one of 15 s: the
# versioned view (the last row per currency) drops it, so it is no version.
# verify: skip temporal joins run in streaming mode only
SELECT amount, rate FROM orders JOIN rates FOR SYSTEM_TIME AS OF orders.ts ON orders.cur = rates.cur;
+----+-------------+-------------+
| op |      amount |        rate |
+----+-------------+-------------+
| +I |           2 |         100 |
| +I |           3 |         110 |
| +I |           6 |         110 |
| +I |           7 |         110 |
+----+-------------+-------------+
Received a total of 4 rows
!ok

# LEFT: the orders without a version, NULL-padded
# verify: skip temporal joins run in streaming mode only
SELECT amount, rates.cur, rate FROM orders LEFT JOIN rates FOR SYSTEM_TIME AS OF orders.ts ON orders.cur = rates.cur;
+----+-------------+--------------------------------+-------------+
| op |      amount |                            cur |        rate |
+----+-------------+--------------------------------+-------------+
| +I |           2 |                            EUR |         100 |
| +I |           3 |                            EUR |         110 |
| +I |           4 |                         <NULL> |      <NULL> |
| +I |           6 |                            EUR |         110 |
| +I |           7 |                            EUR |         110 |
| +I |           5 |                         <NULL> |      <NULL> |
+----+-------------+--------------------------------+-------------+
Received a total of 6 rows
!ok

# a residual condition on the version found: no fallback to an older one
# verify: skip temporal joins run in streaming mode only
SELECT amount, rate FROM orders LEFT JOIN rates FOR SYSTEM_TIME AS OF orders.ts ON orders.cur = rates.cur AND rate < 105;
+----+-------------+-------------+
| op |      amount |        rate |
+----+-------------+-------------+
| +I |           2 |         100 |
| +I |           3 |      <NULL> |
| +I |           4 |      <NULL> |
| +I |           6 |      <NULL> |
| +I |           7 |      <NULL> |
| +I |           5 |      <NULL> |
+----+-------------+-------------+
Received a total of 6 rows
!ok

# BATCH mode has no time attributes to join AS OF
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT amount, rate FROM orders JOIN rates FOR SYSTEM_TIME AS OF orders.ts ON orders.cur = rates.cur;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field
!error
