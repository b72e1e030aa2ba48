# dedup.q - streaming deduplication (ROW_NUMBER() = 1 ordered by a time
# attribute) at parallelism 1: keep the first row (insert-only) or the last
# row (-U / +U) per key, on processing time and on event time.
SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE VIEW clicks AS SELECT u, url, PROCTIME() AS pt FROM (VALUES ('Mary', './home'), ('Bob', './cart'), ('Mary', './prod?id=1'), ('Liz', './home'), ('Bob', './prod?id=3'), ('Mary', './prod?id=7')) AS T(u, url);
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# processing time
# ==========================================================================

# keep the first row: one +I per key, later rows dropped
SELECT u, url FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY u ORDER BY pt ASC) AS rn FROM clicks) WHERE rn = 1;
+----+--------------------------------+--------------------------------+
| op |                              u |                            url |
+----+--------------------------------+--------------------------------+
| +I |                           Mary |                         ./home |
| +I |                            Bob |                         ./cart |
| +I |                            Liz |                         ./home |
+----+--------------------------------+--------------------------------+
Received a total of 3 rows
!ok

# keep the last row: +I for a key's first row, then -U old / +U new
# verify: skip the last row by processing time is the last one read in STREAMING, any in BATCH
SELECT u, url FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY u ORDER BY pt DESC) AS rn FROM clicks) WHERE rn = 1;
+----+--------------------------------+--------------------------------+
| op |                              u |                            url |
+----+--------------------------------+--------------------------------+
| +I |                           Mary |                         ./home |
| +I |                            Bob |                         ./cart |
| -U |                           Mary |                         ./home |
| +U |                           Mary |                    ./prod?id=1 |
| +I |                            Liz |                         ./home |
| -U |                            Bob |                         ./cart |
| +U |                            Bob |                    ./prod?id=3 |
| -U |                           Mary |                    ./prod?id=1 |
| +U |                           Mary |                    ./prod?id=7 |
+----+--------------------------------+--------------------------------+
Received a total of 9 rows
!ok

# without a partition key: one key for the whole input
# verify: skip the last row by processing time is the last one read in STREAMING, any in BATCH
SELECT u, url FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY pt DESC) AS rn FROM clicks) WHERE rn = 1;
+----+--------------------------------+--------------------------------+
| op |                              u |                            url |
+----+--------------------------------+--------------------------------+
| +I |                           Mary |                         ./home |
| -U |                           Mary |                         ./home |
| +U |                            Bob |                         ./cart |
| -U |                            Bob |                         ./cart |
| +U |                           Mary |                    ./prod?id=1 |
| -U |                           Mary |                    ./prod?id=1 |
| +U |                            Liz |                         ./home |
| -U |                            Liz |                         ./home |
| +U |                            Bob |                    ./prod?id=3 |
| -U |                            Bob |                    ./prod?id=3 |
| +U |                           Mary |                    ./prod?id=7 |
+----+--------------------------------+--------------------------------+
Received a total of 11 rows
!ok

SELECT u, url FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY pt) AS rn FROM clicks) WHERE rn = 1;
+----+--------------------------------+--------------------------------+
| op |                              u |                            url |
+----+--------------------------------+--------------------------------+
| +I |                           Mary |                         ./home |
+----+--------------------------------+--------------------------------+
Received a total of 1 row
!ok

EXPLAIN SELECT u, url FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY u ORDER BY pt DESC) AS rn FROM clicks) WHERE rn = 1;
== Abstract Syntax Tree ==
LogicalProject(u=[$0], url=[$1])
+- LogicalFilter(condition=[=($3, 1)])
   +- LogicalProject(u=[$0], url=[$1], pt=[$2], rn=[ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $2 DESC NULLS LAST)])
      +- LogicalProject(u=[$0], url=[$1], pt=[PROCTIME()])
         +- LogicalProject(u=[$0], url=[$1])
            +- LogicalValues(tuples=[[{ _UTF-16LE'Mary', _UTF-16LE'./home' }, { _UTF-16LE'Bob', _UTF-16LE'./cart' }, { _UTF-16LE'Mary', _UTF-16LE'./prod?id=1' }, { _UTF-16LE'Liz', _UTF-16LE'./home' }, { _UTF-16LE'Bob', _UTF-16LE'./prod?id=3' }, { _UTF-16LE'Mary', _UTF-16LE'./prod?id=7' }]])

== Optimized Physical Plan ==
Calc(select=[u, url])
+- Rank(strategy=[AppendFastStrategy], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[u], orderBy=[pt DESC], select=[u, url, pt])
   +- Exchange(distribution=[hash[u]])
      +- Calc(select=[EXPR$0 AS u, EXPR$1 AS url, PROCTIME() AS pt])
         +- Values(tuples=[[{ _UTF-16LE'Mary', _UTF-16LE'./home' }, { _UTF-16LE'Bob', _UTF-16LE'./cart' }, { _UTF-16LE'Mary', _UTF-16LE'./prod?id=1' }, { _UTF-16LE'Liz', _UTF-16LE'./home' }, { _UTF-16LE'Bob', _UTF-16LE'./prod?id=3' }, { _UTF-16LE'Mary', _UTF-16LE'./prod?id=7' }]], values=[EXPR$0, EXPR$1])

== Optimized Execution Plan ==
Calc(select=[u, url])
+- Deduplicate(keep=[LastRow], key=[u], order=[PROCTIME])
   +- Exchange(distribution=[hash[u]])
      +- Calc(select=[EXPR$0 AS u, EXPR$1 AS url, PROCTIME() AS pt])
         +- Values(tuples=[[{ _UTF-16LE'Mary', _UTF-16LE'./home' }, { _UTF-16LE'Bob', _UTF-16LE'./cart' }, { _UTF-16LE'Mary', _UTF-16LE'./prod?id=1' }, { _UTF-16LE'Liz', _UTF-16LE'./home' }, { _UTF-16LE'Bob', _UTF-16LE'./prod?id=3' }, { _UTF-16LE'Mary', _UTF-16LE'./prod?id=7' }]])
!ok

# ==========================================================================
# event time: the kept row is the one with the smallest (first) or the
# largest (last; ties: the later one) rowtime, whatever the arrival order
# ==========================================================================
CREATE TABLE ev_files (k STRING, v INT, ts TIMESTAMP(3)) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO ev_files VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:02'), ('a', 2, TIMESTAMP '2024-01-01 00:00:01'), ('b', 3, TIMESTAMP '2024-01-01 00:00:05'), ('a', 4, TIMESTAMP '2024-01-01 00:00:03'), ('b', 5, TIMESTAMP '2024-01-01 00:00:05'), ('a', 6, TIMESTAMP '2024-01-01 00:00:00');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE ev (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'filesystem', 'path' = '$VAR_STREAMING_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC) AS rn FROM ev) WHERE rn = 1;
+----+--------------------------------+-------------+-------------------------+
| op |                              k |           v |                      ts |
+----+--------------------------------+-------------+-------------------------+
| +I |                              a |           1 | 2024-01-01 00:00:02.000 |
| -U |                              a |           1 | 2024-01-01 00:00:02.000 |
| +U |                              a |           2 | 2024-01-01 00:00:01.000 |
| +I |                              b |           3 | 2024-01-01 00:00:05.000 |
| -U |                              a |           2 | 2024-01-01 00:00:01.000 |
| +U |                              a |           6 | 2024-01-01 00:00:00.000 |
+----+--------------------------------+-------------+-------------------------+
Received a total of 6 rows
!ok

# verify: skip rows tie on ts: STREAMING keeps the later one (Flink's rule), BATCH's sort any
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM ev) WHERE rn = 1;
+----+--------------------------------+-------------+-------------------------+
| op |                              k |           v |                      ts |
+----+--------------------------------+-------------+-------------------------+
| +I |                              a |           1 | 2024-01-01 00:00:02.000 |
| +I |                              b |           3 | 2024-01-01 00:00:05.000 |
| -U |                              a |           1 | 2024-01-01 00:00:02.000 |
| +U |                              a |           4 | 2024-01-01 00:00:03.000 |
| -U |                              b |           3 | 2024-01-01 00:00:05.000 |
| +U |                              b |           5 | 2024-01-01 00:00:05.000 |
+----+--------------------------------+-------------+-------------------------+
Received a total of 6 rows
!ok

