# filesystem.q - the filesystem connector through the SQL client: the
# INSERT / SELECT round trips of Flink's own insert.q (which is written for
# this connector), partitions, INSERT OVERWRITE, and malformed input ignored
# with the formats' ignore-parse-errors options.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# streaming insert and read back
# ==========================================================================

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH',
  'format' = 'csv'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM StreamingTable;
+----+-------------+--------------------------------+
| op |          id |                            str |
+----+-------------+--------------------------------+
| +I |           1 |                    Hello World |
| +I |           2 |                             Hi |
| +I |           2 |                             Hi |
| +I |           3 |                          Hello |
| +I |           3 |                          World |
| +I |           4 |                            ADD |
| +I |           5 |                           LINE |
+----+-------------+--------------------------------+
Received a total of 7 rows
!ok

INSERT OVERWRITE StreamingTable SELECT 1, 'x';
[ERROR] Could not execute SQL statement. Reason:
Streaming mode not support overwrite.
!error

# ==========================================================================
# batch insert, partitions, overwrite
# ==========================================================================

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

create table BatchTable (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_BATCH_PATH',
  'format' = 'csv'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO BatchTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM BatchTable;
+----+-------------+
| id |         str |
+----+-------------+
|  1 | Hello World |
|  2 |          Hi |
|  2 |          Hi |
|  3 |       Hello |
|  3 |       World |
|  4 |         ADD |
|  5 |        LINE |
+----+-------------+
7 rows in set
!ok

INSERT OVERWRITE BatchTable SELECT id * 10, str FROM BatchTable WHERE id > 3;
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM BatchTable;
+----+------+
| id |  str |
+----+------+
| 40 |  ADD |
| 50 | LINE |
+----+------+
2 rows in set
!ok

create table Parts (
  v int,
  dt string,
  h int
) partitioned by (dt, h) with (
  'connector' = 'filesystem',
  'path' = '$VAR_BATCH_PATH2',
  'format' = 'json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO Parts PARTITION (dt = '2021-08-21') SELECT * FROM (VALUES (1, 10), (2, 11), (3, CAST(NULL AS INT)));
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM Parts WHERE h IS NOT NULL;
+---+------------+----+
| v |         dt |  h |
+---+------------+----+
| 1 | 2021-08-21 | 10 |
| 2 | 2021-08-21 | 11 |
+---+------------+----+
2 rows in set
!ok

SELECT v, h FROM Parts WHERE h IS NULL;
+---+--------+
| v |      h |
+---+--------+
| 3 | <NULL> |
+---+--------+
1 row in set
!ok

# ==========================================================================
# malformed input: a raw table writes lines that a csv table reads
# ==========================================================================

create table Lines (
  line string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH2',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO Lines VALUES ('1,one'), ('two,2'), ('3,three,extra'), ('4');
[INFO] Complete execution of the SQL update statement.
!info

create table Lenient (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH2',
  'format' = 'csv',
  'csv.ignore-parse-errors' = 'true'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM Lenient;
+--------+--------+
|     id |    str |
+--------+--------+
|      1 |    one |
| <NULL> |      2 |
|      4 | <NULL> |
+--------+--------+
3 rows in set
!ok

create table Misspelt (
  id int
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH2',
  'format' = 'csv',
  'csv.ignore-parse-error' = 'true'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM Misspelt;
[ERROR] Could not execute SQL statement. Reason:
Unsupported options found for 'filesystem'.

Unsupported options:

csv.ignore-parse-error

Supported options:

auto-compaction
compaction.file-size
connector
csv.allow-comments
csv.array-element-delimiter
csv.disable-quote-character
csv.escape-character
csv.field-delimiter
csv.ignore-parse-errors
csv.null-literal
csv.quote-character
csv.write-bigdecimal-in-scientific-notation
format
partition.default-name
partition.time-extractor.class
partition.time-extractor.kind
partition.time-extractor.timestamp-formatter
partition.time-extractor.timestamp-pattern
path
sink.parallelism
sink.partition-commit.delay
sink.partition-commit.policy.class
sink.partition-commit.policy.class.parameters
sink.partition-commit.policy.kind
sink.partition-commit.success-file.name
sink.partition-commit.trigger
sink.partition-commit.watermark-time-zone
sink.rolling-policy.check-interval
sink.rolling-policy.file-size
sink.rolling-policy.inactivity-interval
sink.rolling-policy.rollover-interval
sink.shuffle-by-partition.enable
source.monitor-interval
source.path.regex-pattern
source.report-statistics
!error
