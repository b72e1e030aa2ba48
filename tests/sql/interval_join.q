# interval_join.q - streaming interval joins (IntervalJoin): two insert-only
# inputs whose time attributes bound each other, inner and outer, event time
# and processing time, at parallelism 1. Each input is one file (one batch):
# the rows of either side arrive out of time order, and the join sees them
# before either watermark (ts - 1 hour) passes, so every pair is found
# whichever input comes first. The outer rows without a partner go out when
# the end of input (the MAX watermark) fires their sides' cleanup timers, in
# timer order: a side's timer is due at the time of its first row cached
# under the key + the row's window size + the cleanup interval (half the
# window) + 1 ms. In BATCH mode the same queries run as regular joins with
# the time predicate and give the same rows (eddy --verify).
SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE l_files (k STRING, lt TIMESTAMP(3), lv STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE TABLE r_files (k STRING, rt TIMESTAMP(3), rv STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO l_files VALUES ('a', TIMESTAMP '2024-01-01 00:00:10', 'L1'), ('b', TIMESTAMP '2024-01-01 00:00:03', 'L2'), ('a', TIMESTAMP '2024-01-01 00:00:01', 'L3'), ('c', TIMESTAMP '2024-01-01 00:00:20', 'L4'), ('b', TIMESTAMP '2024-01-01 00:00:30', 'L5');
[INFO] Complete execution of the SQL update statement.
!info

INSERT INTO r_files VALUES ('a', TIMESTAMP '2024-01-01 00:00:12', 'R1'), ('b', TIMESTAMP '2024-01-01 00:00:05', 'R2'), ('a', TIMESTAMP '2024-01-01 00:00:30', 'R3'), ('d', TIMESTAMP '2024-01-01 00:00:21', 'R4'), ('b', TIMESTAMP '2024-01-01 00:00:08', 'R5');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE l (k STRING, lt TIMESTAMP(3), lv STRING, WATERMARK FOR lt AS lt - INTERVAL '1' HOUR) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE TABLE r (k STRING, rt TIMESTAMP(3), rv STRING, WATERMARK FOR rt AS rt - INTERVAL '1' HOUR) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# the window bounds relative to the left side: rt BETWEEN lt - 5 s AND
# lt + 5 s is lt BETWEEN rt - 5 s AND rt + 5 s
EXPLAIN PLAN FOR SELECT lv, rv FROM l JOIN r ON l.k = r.k AND r.rt BETWEEN l.lt - INTERVAL '5' SECOND AND l.lt + INTERVAL '5' SECOND;
== Abstract Syntax Tree ==
LogicalProject(lv=[$2], rv=[$5])
+- LogicalJoin(condition=[AND(=($0, $3), AND(>=($4, -($1, 5000:INTERVAL SECOND)), <=($4, +($1, 5000:INTERVAL SECOND))))], joinType=[inner])
   :- LogicalWatermarkAssigner(rowtime=[lt], watermark=[-($1, 3600000:INTERVAL HOUR)])
   :  +- LogicalTableScan(table=[[default_catalog, default_database, l]])
   +- LogicalWatermarkAssigner(rowtime=[rt], watermark=[-($1, 3600000:INTERVAL HOUR)])
      +- LogicalTableScan(table=[[default_catalog, default_database, r]])

== Optimized Physical Plan ==
Calc(select=[lv, rv])
+- IntervalJoin(joinType=[InnerJoin], windowBounds=[isRowTime=true, leftLowerBound=-5000, leftUpperBound=5000, leftTimeIndex=1, rightTimeIndex=1], where=[AND(=(k, k0), AND(>=(rt, -(lt, 5000:INTERVAL SECOND)), <=(rt, +(lt, 5000:INTERVAL SECOND))))], select=[k, lt, lv, k0, rt, rv])
   :- Exchange(distribution=[hash[k]])
   :  +- WatermarkAssigner(rowtime=[lt], watermark=[-(lt, 3600000:INTERVAL HOUR)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[k, lt, lv])
   +- Exchange(distribution=[hash[k]])
      +- WatermarkAssigner(rowtime=[rt], watermark=[-(rt, 3600000:INTERVAL HOUR)])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[k, rt, rv])

== Optimized Execution Plan ==
Calc(select=[lv, rv])
+- IntervalJoin(joinType=[InnerJoin], windowBounds=[isRowTime=true, leftLowerBound=-5000, leftUpperBound=5000, leftTimeIndex=1, rightTimeIndex=1], where=[((k = k0) AND ((rt >= (lt - 5000:INTERVAL SECOND)) AND (rt <= (lt + 5000:INTERVAL SECOND))))], select=[k, lt, lv, k0, rt, rv])
   :- Exchange(distribution=[hash[k]])
   :  +- WatermarkAssigner(rowtime=[lt], watermark=[(lt - 3600000:INTERVAL HOUR)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[k, lt, lv])
   +- Exchange(distribution=[hash[k]])
      +- WatermarkAssigner(rowtime=[rt], watermark=[(rt - 3600000:INTERVAL HOUR)])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[k, rt, rv])
!ok

# BETWEEN includes both ends: L2 (3 s) joins R2 (5 s) and R5 (8 s); L3 and
# R3 are more than 5 s from every row of their key
SELECT lv, rv FROM l JOIN r ON l.k = r.k AND r.rt BETWEEN l.lt - INTERVAL '5' SECOND AND l.lt + INTERVAL '5' SECOND;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
| +I |                             L2 |                             R5 |
+----+--------------------------------+--------------------------------+
Received a total of 3 rows
!ok

# strict bounds: rt >= lt AND rt < lt + 5 s leaves R5 (8 s) out of L2's
# window (3 s .. 8 s exclusive)
SELECT lv, rv FROM l, r WHERE l.k = r.k AND r.rt >= l.lt AND r.rt < l.lt + INTERVAL '5' SECOND;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

EXPLAIN PLAN FOR SELECT lv, rv FROM l, r WHERE l.k = r.k AND r.rt >= l.lt AND r.rt < l.lt + INTERVAL '5' SECOND;
== Abstract Syntax Tree ==
LogicalProject(lv=[$2], rv=[$5])
+- LogicalFilter(condition=[AND(=($0, $3), >=($4, $1), <($4, +($1, 5000:INTERVAL SECOND)))])
   +- LogicalJoin(condition=[true], joinType=[inner])
      :- LogicalWatermarkAssigner(rowtime=[lt], watermark=[-($1, 3600000:INTERVAL HOUR)])
      :  +- LogicalTableScan(table=[[default_catalog, default_database, l]])
      +- LogicalWatermarkAssigner(rowtime=[rt], watermark=[-($1, 3600000:INTERVAL HOUR)])
         +- LogicalTableScan(table=[[default_catalog, default_database, r]])

== Optimized Physical Plan ==
Calc(select=[lv, rv])
+- IntervalJoin(joinType=[InnerJoin], windowBounds=[isRowTime=true, leftLowerBound=-4999, leftUpperBound=0, leftTimeIndex=1, rightTimeIndex=1], where=[AND(AND(=(k, k0), >=(rt, lt)), <(rt, +(lt, 5000:INTERVAL SECOND)))], select=[k, lt, lv, k0, rt, rv])
   :- Exchange(distribution=[hash[k]])
   :  +- WatermarkAssigner(rowtime=[lt], watermark=[-(lt, 3600000:INTERVAL HOUR)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[k, lt, lv])
   +- Exchange(distribution=[hash[k]])
      +- WatermarkAssigner(rowtime=[rt], watermark=[-(rt, 3600000:INTERVAL HOUR)])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[k, rt, rv])

== Optimized Execution Plan ==
Calc(select=[lv, rv])
+- IntervalJoin(joinType=[InnerJoin], windowBounds=[isRowTime=true, leftLowerBound=-4999, leftUpperBound=0, leftTimeIndex=1, rightTimeIndex=1], where=[(((k = k0) AND (rt >= lt)) AND (rt < (lt + 5000:INTERVAL SECOND)))], select=[k, lt, lv, k0, rt, rv])
   :- Exchange(distribution=[hash[k]])
   :  +- WatermarkAssigner(rowtime=[lt], watermark=[(lt - 3600000:INTERVAL HOUR)])
   :     +- TableSourceScan(table=[[default_catalog, default_database, l]], fields=[k, lt, lv])
   +- Exchange(distribution=[hash[k]])
      +- WatermarkAssigner(rowtime=[rt], watermark=[(rt - 3600000:INTERVAL HOUR)])
         +- TableSourceScan(table=[[default_catalog, default_database, r]], fields=[k, rt, rv])
!ok

# LEFT: the left rows without a partner, NULL-padded when their timers fire
# at the end of input: b at 13.001 s (L5), a at 20.001 s (L3), c at 30.001 s (L4)
SELECT lv, rv FROM l LEFT JOIN r ON l.k = r.k AND r.rt BETWEEN l.lt - INTERVAL '5' SECOND AND l.lt + INTERVAL '5' SECOND;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
| +I |                             L2 |                             R5 |
| +I |                             L5 |                         <NULL> |
| +I |                             L3 |                         <NULL> |
| +I |                             L4 |                         <NULL> |
+----+--------------------------------+--------------------------------+
Received a total of 6 rows
!ok

# RIGHT: a's right timer at 22.001 s (R3), d's at 31.001 s (R4)
SELECT lv, rv FROM l RIGHT JOIN r ON l.k = r.k AND r.rt BETWEEN l.lt - INTERVAL '5' SECOND AND l.lt + INTERVAL '5' SECOND;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
| +I |                             L2 |                             R5 |
| +I |                         <NULL> |                             R3 |
| +I |                         <NULL> |                             R4 |
+----+--------------------------------+--------------------------------+
Received a total of 5 rows
!ok

# FULL: both sides' padded rows, in the order of their timers
SELECT lv, rv FROM l FULL JOIN r ON l.k = r.k AND r.rt BETWEEN l.lt - INTERVAL '5' SECOND AND l.lt + INTERVAL '5' SECOND;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
| +I |                             L2 |                             R5 |
| +I |                             L5 |                         <NULL> |
| +I |                             L3 |                         <NULL> |
| +I |                         <NULL> |                             R3 |
| +I |                             L4 |                         <NULL> |
| +I |                         <NULL> |                             R4 |
+----+--------------------------------+--------------------------------+
Received a total of 8 rows
!ok

# a residual condition: the pairs in the window that fail it do not join
SELECT lv, rv FROM l LEFT JOIN r ON l.k = r.k AND r.rt BETWEEN l.lt - INTERVAL '5' SECOND AND l.lt + INTERVAL '5' SECOND AND rv <> 'R2';
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R5 |
| +I |                             L5 |                         <NULL> |
| +I |                             L3 |                         <NULL> |
| +I |                             L4 |                         <NULL> |
+----+--------------------------------+--------------------------------+
Received a total of 5 rows
!ok

# the bounds on either side of the comparison, offsets on the left time
SELECT lv, rv FROM l, r WHERE l.k = r.k AND l.lt - INTERVAL '2' SECOND <= r.rt AND r.rt - INTERVAL '3' SECOND <= l.lt;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

# no equi-join key: one subtask, every pair of the window
SELECT lv, rv FROM l, r WHERE r.rt BETWEEN l.lt + INTERVAL '1' SECOND AND l.lt + INTERVAL '2' SECOND;
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
| +I |                             L4 |                             R4 |
+----+--------------------------------+--------------------------------+
Received a total of 3 rows
!ok

# one bound only is a regular join
SELECT lv, rv FROM l JOIN r ON l.k = r.k AND r.rt >= l.lt + INTERVAL '4' SECOND WHERE lv <> 'L3';
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R3 |
| +I |                             L2 |                             R5 |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

# processing time: the rows' times are the clock's when they arrive, all
# within the hour of each other
CREATE TABLE lp (k STRING, lt TIMESTAMP(3), lv STRING, pt AS PROCTIME()) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE TABLE rp (k STRING, rt TIMESTAMP(3), rv STRING, pt AS PROCTIME()) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT lv, rv FROM lp JOIN rp ON lp.k = rp.k AND lp.pt BETWEEN rp.pt - INTERVAL '1' HOUR AND rp.pt + INTERVAL '1' HOUR WHERE lv IN ('L1', 'L2') AND rv IN ('R1', 'R2');
+----+--------------------------------+--------------------------------+
| op |                             lv |                             rv |
+----+--------------------------------+--------------------------------+
| +I |                             L1 |                             R1 |
| +I |                             L2 |                             R2 |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

# the inputs must be insert-only: the last row per key is an updating table
# verify: skip fails to plan in streaming mode only (BATCH plans a regular join)
SELECT lv, rv FROM (SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY lt DESC) AS rn FROM l) WHERE rn = 1) AS ll JOIN r ON ll.k = r.k AND r.rt BETWEEN ll.lt - INTERVAL '5' SECOND AND ll.lt + INTERVAL '5' SECOND;
[ERROR] Could not execute SQL statement. Reason:
IntervalJoin doesn't support consuming update and delete changes which is produced by node Deduplicate(keep=[LastRow], key=[k], order=[ROWTIME])
!error
