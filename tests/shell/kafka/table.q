# table.q - the Kafka connector page's first two tables, as written there
# (test-kafka.sh runs this against a cluster of its own at localhost:9092's
# place): a csv topic written with the record timestamp as metadata, then
# read back with the timestamp, partition and offset metadata columns.
# topics: user_behavior:1

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE KafkaTable (
  `user_id` BIGINT,
  `item_id` BIGINT,
  `behavior` STRING,
  `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'properties.bootstrap.servers' = 'localhost:9092',
  'properties.group.id' = 'testGroup',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'csv'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO KafkaTable VALUES
  (1, 10, 'pv', TO_TIMESTAMP_LTZ(1700000000000, 3)),
  (2, 20, 'cart', TO_TIMESTAMP_LTZ(1700000001000, 3)),
  (1, 11, 'buy', TO_TIMESTAMP_LTZ(1700000002500, 3));
[INFO] Complete execution of the SQL update statement.
!info

# read to the end of the topic (a bounded scan by a hint; the table itself is unbounded)
SELECT * FROM KafkaTable /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+----------------------+----------------------+--------------------------------+-------------------------+
| op |              user_id |              item_id |                       behavior |                      ts |
+----+----------------------+----------------------+--------------------------------+-------------------------+
| +I |                    1 |                   10 |                             pv | 2023-11-14 22:13:20.000 |
| +I |                    2 |                   20 |                           cart | 2023-11-14 22:13:21.000 |
| +I |                    1 |                   11 |                            buy | 2023-11-14 22:13:22.500 |
+----+----------------------+----------------------+--------------------------------+-------------------------+
Received a total of 3 rows
!ok

CREATE TABLE KafkaMeta (
  `event_time` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  `partition` BIGINT METADATA VIRTUAL,
  `offset` BIGINT METADATA VIRTUAL,
  `user_id` BIGINT,
  `item_id` BIGINT,
  `behavior` STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'properties.bootstrap.servers' = 'localhost:9092',
  'properties.group.id' = 'testGroup',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'csv'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM KafkaMeta /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+-------------------------+----------------------+----------------------+----------------------+----------------------+--------------------------------+
| op |              event_time |            partition |               offset |              user_id |              item_id |                       behavior |
+----+-------------------------+----------------------+----------------------+----------------------+----------------------+--------------------------------+
| +I | 2023-11-14 22:13:20.000 |                    0 |                    0 |                    1 |                   10 |                             pv |
| +I | 2023-11-14 22:13:21.000 |                    0 |                    1 |                    2 |                   20 |                           cart |
| +I | 2023-11-14 22:13:22.500 |                    0 |                    2 |                    1 |                   11 |                            buy |
+----+-------------------------+----------------------+----------------------+----------------------+----------------------+--------------------------------+
Received a total of 3 rows
!ok

# the same in BATCH mode, bounded by the option
SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT behavior, COUNT(*) AS n, MAX(event_time) AS last_time FROM KafkaMeta /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */ GROUP BY behavior;
+----------+---+-------------------------+
| behavior | n |               last_time |
+----------+---+-------------------------+
|       pv | 1 | 2023-11-14 22:13:20.000 |
|     cart | 1 | 2023-11-14 22:13:21.000 |
|      buy | 1 | 2023-11-14 22:13:22.500 |
+----------+---+-------------------------+
3 rows in set
!ok

# a read-only metadata column must be VIRTUAL to be written around
CREATE TABLE BadMeta (`offset` BIGINT METADATA, `user_id` BIGINT) WITH (
  'connector' = 'kafka', 'topic' = 'user_behavior', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

INSERT INTO BadMeta VALUES (1, 2);
[ERROR] Could not execute SQL statement. Reason:
Invalid metadata key 'offset' in column 'offset' of table 'default_catalog.default_database.BadMeta'. The connector 'kafka' supports the following metadata keys for writing:
headers
timestamp
!error
