# window_join.q - window joins (WindowJoin) on the LeftTable / RightTable of
# Flink's "Window JOIN" page (TIMESTAMP(3) printed in full): INNER, LEFT,
# RIGHT, FULL OUTER, SEMI (IN / EXISTS), ANTI (NOT IN / NOT EXISTS); a
# window's joined rows go out, insert-only, when the watermark passes its
# end; HOP windows, a condition beyond the keys, window aggregations joined,
# late rows, windows that differ; BATCH gives the same rows.
SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE lf (row_time TIMESTAMP(3), num INT, id STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO lf VALUES (TIMESTAMP '2020-04-15 12:02:00', 1, 'L1'), (TIMESTAMP '2020-04-15 12:06:00', 2, 'L2'), (TIMESTAMP '2020-04-15 12:03:00', 3, 'L3');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE rf (row_time TIMESTAMP(3), num INT, id STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO rf VALUES (TIMESTAMP '2020-04-15 12:01:00', 2, 'R2'), (TIMESTAMP '2020-04-15 12:04:00', 3, 'R3'), (TIMESTAMP '2020-04-15 12:05:00', 4, 'R4');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' SECOND) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH2', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# the page's FULL OUTER join: L2 and R2 fall into different windows; the
# right-only rows have no L.window_start (NULL), the COALESCE form shows
# the page's table
# ==========================================================================
SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| op |       L_Num |                           L_Id |       R_Num |                           R_Id |            window_start |              window_end |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| +I |           1 |                             L1 |      <NULL> |                         <NULL> | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |           3 |                             L3 |           3 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |      <NULL> |                         <NULL> |           2 |                             R2 |                  <NULL> |                  <NULL> |
| +I |           2 |                             L2 |      <NULL> |                         <NULL> | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
| +I |      <NULL> |                         <NULL> |           4 |                             R4 |                  <NULL> |                  <NULL> |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, COALESCE(L.window_start, R.window_start) AS window_start, COALESCE(L.window_end, R.window_end) AS window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| op |       L_Num |                           L_Id |       R_Num |                           R_Id |            window_start |              window_end |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| +I |           1 |                             L1 |      <NULL> |                         <NULL> | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |           3 |                             L3 |           3 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |      <NULL> |                         <NULL> |           2 |                             R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |           2 |                             L2 |      <NULL> |                         <NULL> | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
| +I |      <NULL> |                         <NULL> |           4 |                             R4 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

# ==========================================================================
# INNER, LEFT, RIGHT
# ==========================================================================
SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| op |       L_Num |                           L_Id |       R_Num |                           R_Id |            window_start |              window_end |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| +I |           3 |                             L3 |           3 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
Received a total of 1 row
!ok

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| op |       L_Num |                           L_Id |       R_Num |                           R_Id |            window_start |              window_end |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| +I |           1 |                             L1 |      <NULL> |                         <NULL> | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |           3 |                             L3 |           3 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |           2 |                             L2 |      <NULL> |                         <NULL> | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
Received a total of 3 rows
!ok

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, R.window_start, R.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L RIGHT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| op |       L_Num |                           L_Id |       R_Num |                           R_Id |            window_start |              window_end |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
| +I |           3 |                             L3 |           3 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |      <NULL> |                         <NULL> |           2 |                             R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| +I |      <NULL> |                         <NULL> |           4 |                             R4 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
+----+-------------+--------------------------------+-------------+--------------------------------+-------------------------+-------------------------+
Received a total of 3 rows
!ok

# ==========================================================================
# SEMI and ANTI: IN / EXISTS, NOT IN / NOT EXISTS
# ==========================================================================
SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE L.num IN (SELECT num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                row_time |         num |                             id |            window_start |              window_end |             window_time |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 12:03:00.000 |           3 |                             L3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 1 row
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                row_time |         num |                             id |            window_start |              window_end |             window_time |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 12:03:00.000 |           3 |                             L3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 1 row
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE L.num NOT IN (SELECT num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                row_time |         num |                             id |            window_start |              window_end |             window_time |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 12:02:00.000 |           1 |                             L1 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
| +I | 2020-04-15 12:06:00.000 |           2 |                             L2 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 | 2020-04-15 12:09:59.999 |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 2 rows
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| op |                row_time |         num |                             id |            window_start |              window_end |             window_time |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
| +I | 2020-04-15 12:02:00.000 |           1 |                             L1 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
| +I | 2020-04-15 12:06:00.000 |           2 |                             L2 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 | 2020-04-15 12:09:59.999 |
+----+-------------------------+-------------+--------------------------------+-------------------------+-------------------------+-------------------------+
Received a total of 2 rows
!ok

# ==========================================================================
# HOP windows, a condition beyond the window keys (no equi-join key:
# one instance), window aggregations joined
# ==========================================================================
SELECT L.id, R.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.num <= R.num;
+----+--------------------------------+--------------------------------+-------------------------+-------------------------+
| op |                             id |                            id0 |            window_start |              window_end |
+----+--------------------------------+--------------------------------+-------------------------+-------------------------+
| +I |                             L1 |                             R2 | 2020-04-15 11:55:00.000 | 2020-04-15 12:05:00.000 |
| +I |                             L1 |                             R3 | 2020-04-15 11:55:00.000 | 2020-04-15 12:05:00.000 |
| +I |                             L3 |                             R3 | 2020-04-15 11:55:00.000 | 2020-04-15 12:05:00.000 |
| +I |                             L1 |                             R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L1 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L1 |                             R4 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L2 |                             R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L2 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L2 |                             R4 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L3 |                             R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L3 |                             R4 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| +I |                             L2 |                             R4 | 2020-04-15 12:05:00.000 | 2020-04-15 12:15:00.000 |
+----+--------------------------------+--------------------------------+-------------------------+-------------------------+
Received a total of 12 rows
!ok

SELECT L.id, R.id, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.num < R.num;
+----+--------------------------------+--------------------------------+-------------------------+
| op |                             id |                            id0 |            window_start |
+----+--------------------------------+--------------------------------+-------------------------+
| +I |                             L1 |                             R2 | 2020-04-15 12:00:00.000 |
| +I |                             L1 |                             R3 | 2020-04-15 12:00:00.000 |
| +I |                             L3 |                         <NULL> | 2020-04-15 12:00:00.000 |
| +I |                             L2 |                             R4 | 2020-04-15 12:05:00.000 |
+----+--------------------------------+--------------------------------+-------------------------+
Received a total of 4 rows
!ok

SELECT L.window_start, L.window_end, L.cnt, R.cnt FROM (SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end) L JOIN (SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end) R ON L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------------------+-------------------------+----------------------+----------------------+
| op |            window_start |              window_end |                  cnt |                 cnt0 |
+----+-------------------------+-------------------------+----------------------+----------------------+
| +I | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |                    2 |                    2 |
| +I | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |                    1 |                    1 |
+----+-------------------------+-------------------------+----------------------+----------------------+
Received a total of 2 rows
!ok

# ==========================================================================
# plans
# ==========================================================================
EXPLAIN SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
== Abstract Syntax Tree ==
LogicalProject(L_Num=[$1], L_Id=[$2], R_Num=[$7], R_Id=[$8], window_start=[$3], window_end=[$4])
+- LogicalJoin(condition=[AND(=($1, $7), =($3, $9), =($4, $10))], joinType=[full])
   :- LogicalProject(row_time=[$0], num=[$1], id=[$2], window_start=[$3], window_end=[$4], window_time=[$5])
   :  +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) row_time, INTEGER num, VARCHAR(2147483647) id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
   :     +- LogicalWatermarkAssigner(rowtime=[row_time], watermark=[-($0, 1000:INTERVAL SECOND)])
   :        +- LogicalTableScan(table=[[default_catalog, default_database, LeftTable]])
   +- LogicalProject(row_time=[$0], num=[$1], id=[$2], window_start=[$3], window_end=[$4], window_time=[$5])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) row_time, INTEGER num, VARCHAR(2147483647) id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[row_time], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, RightTable]])

== Optimized Physical Plan ==
Calc(select=[num AS L_Num, id AS L_Id, num0 AS R_Num, id0 AS R_Id, window_start, window_end])
+- WindowJoin(leftWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], rightWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], joinType=[FullOuterJoin], where=[=(num, num0)], select=[num, id, window_start, window_end, num0, id0, window_start0, window_end0])
   :- Exchange(distribution=[hash[num]])
   :  +- Calc(select=[num, id, window_start, window_end])
   :     +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
   :        +- WatermarkAssigner(rowtime=[row_time], watermark=[-(row_time, 1000:INTERVAL SECOND)])
   :           +- TableSourceScan(table=[[default_catalog, default_database, LeftTable]], fields=[row_time, num, id])
   +- Exchange(distribution=[hash[num]])
      +- Calc(select=[num, id, window_start, window_end])
         +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
            +- WatermarkAssigner(rowtime=[row_time], watermark=[-(row_time, 1000:INTERVAL SECOND)])
               +- TableSourceScan(table=[[default_catalog, default_database, RightTable]], fields=[row_time, num, id])

== Optimized Execution Plan ==
Calc(select=[num AS L_Num, id AS L_Id, num0 AS R_Num, id0 AS R_Id, window_start, window_end])
+- WindowJoin(leftWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], rightWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], joinType=[FullOuterJoin], where=[(num = num0)], select=[num, id, window_start, window_end, num0, id0, window_start0, window_end0])
   :- Exchange(distribution=[hash[num]])
   :  +- Calc(select=[num, id, window_start, window_end])
   :     +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
   :        +- WatermarkAssigner(rowtime=[row_time], watermark=[(row_time - 1000:INTERVAL SECOND)])
   :           +- TableSourceScan(table=[[default_catalog, default_database, LeftTable]], fields=[row_time, num, id])
   +- Exchange(distribution=[hash[num]])
      +- Calc(select=[num, id, window_start, window_end])
         +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
            +- WatermarkAssigner(rowtime=[row_time], watermark=[(row_time - 1000:INTERVAL SECOND)])
               +- TableSourceScan(table=[[default_catalog, default_database, RightTable]], fields=[row_time, num, id])
!ok

EXPLAIN SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
== Abstract Syntax Tree ==
LogicalProject(row_time=[$0], num=[$1], id=[$2], window_start=[$3], window_end=[$4], window_time=[$5])
+- LogicalFilter(condition=[EXISTS({
LogicalFilter(condition=[AND(=($cor0.num, $1), =($cor0.window_start, $3), =($cor0.window_end, $4))])
  LogicalProject(row_time=[$0], num=[$1], id=[$2], window_start=[$3], window_end=[$4], window_time=[$5])
    LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) row_time, INTEGER num, VARCHAR(2147483647) id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
      LogicalWatermarkAssigner(rowtime=[row_time], watermark=[-($0, 1000:INTERVAL SECOND)])
        LogicalTableScan(table=[[default_catalog, default_database, RightTable]])
})], variablesSet=[[$cor0]])
   +- LogicalProject(row_time=[$0], num=[$1], id=[$2], window_start=[$3], window_end=[$4], window_time=[$5])
      +- LogicalTableFunctionScan(rowType=[RecordType(TIMESTAMP(3) row_time, INTEGER num, VARCHAR(2147483647) id, TIMESTAMP(3) window_start, TIMESTAMP(3) window_end, TIMESTAMP(3) *ROWTIME* window_time)])
         +- LogicalWatermarkAssigner(rowtime=[row_time], watermark=[-($0, 1000:INTERVAL SECOND)])
            +- LogicalTableScan(table=[[default_catalog, default_database, LeftTable]])

== Optimized Physical Plan ==
WindowJoin(leftWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], rightWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], joinType=[LeftSemiJoin], where=[=(num, num0)], select=[row_time, num, id, window_start, window_end, window_time])
:- Exchange(distribution=[hash[num]])
:  +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
:     +- WatermarkAssigner(rowtime=[row_time], watermark=[-(row_time, 1000:INTERVAL SECOND)])
:        +- TableSourceScan(table=[[default_catalog, default_database, LeftTable]], fields=[row_time, num, id])
+- Exchange(distribution=[hash[num]])
   +- Calc(select=[num, window_start, window_end])
      +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
         +- WatermarkAssigner(rowtime=[row_time], watermark=[-(row_time, 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, RightTable]], fields=[row_time, num, id])

== Optimized Execution Plan ==
WindowJoin(leftWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], rightWindow=[TUMBLE(win_start=[window_start], win_end=[window_end], size=[5 min])], joinType=[LeftSemiJoin], where=[(num = num0)], select=[row_time, num, id, window_start, window_end, window_time])
:- Exchange(distribution=[hash[num]])
:  +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
:     +- WatermarkAssigner(rowtime=[row_time], watermark=[(row_time - 1000:INTERVAL SECOND)])
:        +- TableSourceScan(table=[[default_catalog, default_database, LeftTable]], fields=[row_time, num, id])
+- Exchange(distribution=[hash[num]])
   +- Calc(select=[num, window_start, window_end])
      +- WindowTableFunction(window=[TUMBLE(time_col=[row_time], size=[5 min])])
         +- WatermarkAssigner(rowtime=[row_time], watermark=[(row_time - 1000:INTERVAL SECOND)])
            +- TableSourceScan(table=[[default_catalog, default_database, RightTable]], fields=[row_time, num, id])
!ok

# ==========================================================================
# errors: the two sides' windows differ
# ==========================================================================
SELECT L.id, R.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '10' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
[ERROR] Could not execute SQL statement. Reason:
Currently, window join doesn't support different window table function of left and right inputs.
The left window table function is TUMBLE(size=[5 min]).
The right window table function is TUMBLE(size=[10 min]).
!error

# ==========================================================================
# late rows: each partition directory of late_l is read as one batch with
# the watermark after it (both sides read the one shared source); the 12:01
# row comes after the watermark passed 12:05 and is dropped on both sides
# ==========================================================================
CREATE TABLE late_files (ts TIMESTAMP(3), v INT, p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH3', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO late_files VALUES (TIMESTAMP '2020-04-15 12:02:00', 1, 'p1'), (TIMESTAMP '2020-04-15 12:07:00', 2, 'p1'), (TIMESTAMP '2020-04-15 12:01:00', 3, 'p2'), (TIMESTAMP '2020-04-15 12:08:00', 2, 'p2');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE late_l (ts TIMESTAMP(3), v INT, p STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH3', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# verify: skip late rows are dropped in STREAMING only (BATCH sees every row before its one watermark)
SELECT L.v, L.ts, R.ts, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE late_l, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE late_l, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R ON L.v = R.v AND L.window_start = R.window_start AND L.window_end = R.window_end;
+----+-------------+-------------------------+-------------------------+-------------------------+
| op |           v |                      ts |                     ts0 |            window_start |
+----+-------------+-------------------------+-------------------------+-------------------------+
| +I |           1 | 2020-04-15 12:02:00.000 | 2020-04-15 12:02:00.000 | 2020-04-15 12:00:00.000 |
| +I |           2 | 2020-04-15 12:07:00.000 | 2020-04-15 12:07:00.000 | 2020-04-15 12:05:00.000 |
| +I |           2 | 2020-04-15 12:07:00.000 | 2020-04-15 12:08:00.000 | 2020-04-15 12:05:00.000 |
| +I |           2 | 2020-04-15 12:08:00.000 | 2020-04-15 12:07:00.000 | 2020-04-15 12:05:00.000 |
| +I |           2 | 2020-04-15 12:08:00.000 | 2020-04-15 12:08:00.000 | 2020-04-15 12:05:00.000 |
+----+-------------+-------------------------+-------------------------+-------------------------+
Received a total of 5 rows
!ok

# ==========================================================================
# BATCH: the same insert-only rows
# ==========================================================================
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, COALESCE(L.window_start, R.window_start) AS window_start, COALESCE(L.window_end, R.window_end) AS window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+--------+--------+--------+--------+-------------------------+-------------------------+
|  L_Num |   L_Id |  R_Num |   R_Id |            window_start |              window_end |
+--------+--------+--------+--------+-------------------------+-------------------------+
|      3 |     L3 |      3 |     R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
|      1 |     L1 | <NULL> | <NULL> | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
|      2 |     L2 | <NULL> | <NULL> | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
| <NULL> | <NULL> |      2 |     R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| <NULL> | <NULL> |      4 |     R4 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
+--------+--------+--------+--------+-------------------------+-------------------------+
5 rows in set
!ok

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+-------+------+-------+------+-------------------------+-------------------------+
| L_Num | L_Id | R_Num | R_Id |            window_start |              window_end |
+-------+------+-------+------+-------------------------+-------------------------+
|     3 |   L3 |     3 |   R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
+-------+------+-------+------+-------------------------+-------------------------+
1 row in set
!ok

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+-------+------+--------+--------+-------------------------+-------------------------+
| L_Num | L_Id |  R_Num |   R_Id |            window_start |              window_end |
+-------+------+--------+--------+-------------------------+-------------------------+
|     3 |   L3 |      3 |     R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
|     1 |   L1 | <NULL> | <NULL> | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
|     2 |   L2 | <NULL> | <NULL> | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
+-------+------+--------+--------+-------------------------+-------------------------+
3 rows in set
!ok

SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id, R.window_start, R.window_end FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L RIGHT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
+--------+--------+-------+------+-------------------------+-------------------------+
|  L_Num |   L_Id | R_Num | R_Id |            window_start |              window_end |
+--------+--------+-------+------+-------------------------+-------------------------+
|      3 |     L3 |     3 |   R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| <NULL> | <NULL> |     2 |   R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |
| <NULL> | <NULL> |     4 |   R4 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |
+--------+--------+-------+------+-------------------------+-------------------------+
3 rows in set
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE L.num IN (SELECT num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
|                row_time | num | id |            window_start |              window_end |             window_time |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
| 2020-04-15 12:03:00.000 |   3 | L3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
1 row in set
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
|                row_time | num | id |            window_start |              window_end |             window_time |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
| 2020-04-15 12:03:00.000 |   3 | L3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
1 row in set
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE L.num NOT IN (SELECT num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
|                row_time | num | id |            window_start |              window_end |             window_time |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
| 2020-04-15 12:02:00.000 |   1 | L1 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
| 2020-04-15 12:06:00.000 |   2 | L2 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 | 2020-04-15 12:09:59.999 |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
2 rows in set
!ok

SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
|                row_time | num | id |            window_start |              window_end |             window_time |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
| 2020-04-15 12:02:00.000 |   1 | L1 | 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 | 2020-04-15 12:04:59.999 |
| 2020-04-15 12:06:00.000 |   2 | L2 | 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 | 2020-04-15 12:09:59.999 |
+-------------------------+-----+----+-------------------------+-------------------------+-------------------------+
2 rows in set
!ok

SELECT L.id, R.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.num <= R.num;
+----+-----+-------------------------+-------------------------+
| id | id0 |            window_start |              window_end |
+----+-----+-------------------------+-------------------------+
| L1 |  R2 | 2020-04-15 11:55:00.000 | 2020-04-15 12:05:00.000 |
| L1 |  R3 | 2020-04-15 11:55:00.000 | 2020-04-15 12:05:00.000 |
| L1 |  R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L1 |  R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L1 |  R4 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L2 |  R2 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L2 |  R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L2 |  R4 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L2 |  R4 | 2020-04-15 12:05:00.000 | 2020-04-15 12:15:00.000 |
| L3 |  R3 | 2020-04-15 11:55:00.000 | 2020-04-15 12:05:00.000 |
| L3 |  R3 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
| L3 |  R4 | 2020-04-15 12:00:00.000 | 2020-04-15 12:10:00.000 |
+----+-----+-------------------------+-------------------------+
12 rows in set
!ok

SELECT L.id, R.id, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.num < R.num;
+----+--------+-------------------------+
| id |    id0 |            window_start |
+----+--------+-------------------------+
| L1 |     R2 | 2020-04-15 12:00:00.000 |
| L1 |     R3 | 2020-04-15 12:00:00.000 |
| L2 |     R4 | 2020-04-15 12:05:00.000 |
| L3 | <NULL> | 2020-04-15 12:00:00.000 |
+----+--------+-------------------------+
4 rows in set
!ok

SELECT L.window_start, L.window_end, L.cnt, R.cnt FROM (SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end) L JOIN (SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) GROUP BY window_start, window_end) R ON L.window_start = R.window_start AND L.window_end = R.window_end;
+-------------------------+-------------------------+-----+------+
|            window_start |              window_end | cnt | cnt0 |
+-------------------------+-------------------------+-----+------+
| 2020-04-15 12:00:00.000 | 2020-04-15 12:05:00.000 |   2 |    2 |
| 2020-04-15 12:05:00.000 | 2020-04-15 12:10:00.000 |   1 |    1 |
+-------------------------+-------------------------+-----+------+
2 rows in set
!ok

