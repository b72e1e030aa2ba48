# formats.q - the Kafka connector page's key and value formats, as written
# there (its `...` are the first example's options): a value format alone,
# key and value formats with 'key.fields', overlapping fields with
# 'key.fields-prefix' and 'value.fields-include' = 'EXCEPT_KEY'; each
# table's messages read back raw (key and value bytes as the formats wrote
# them) and through the table.
# topics: user_behavior:1 prefixed:1 debezium:1 counts:1

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE KafkaTable (
  `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  `user_id` BIGINT,
  `item_id` BIGINT,
  `behavior` STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'properties.bootstrap.servers' = 'localhost:9092',
  'properties.group.id' = 'testGroup',
  'scan.startup.mode' = 'earliest-offset',

  'key.format' = 'json',
  'key.json.ignore-parse-errors' = 'true',
  'key.fields' = 'user_id;item_id',

  'value.format' = 'json',
  'value.json.fail-on-missing-field' = 'false',
  'value.fields-include' = 'ALL'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO KafkaTable VALUES
  (TO_TIMESTAMP_LTZ(1700000000000, 3), 1, 10, 'pv'),
  (TO_TIMESTAMP_LTZ(1700000001000, 3), 2, 20, 'cart');
[INFO] Complete execution of the SQL update statement.
!info

# the keys and values as bytes: a raw key format on the key, a raw value format on the value
CREATE TABLE RawTable (
  `k` STRING,
  `v` STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'user_behavior',
  'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset',
  'key.format' = 'raw',
  'key.fields' = 'k',
  'value.format' = 'raw',
  'value.fields-include' = 'EXCEPT_KEY'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM RawTable /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+--------------------------------+--------------------------------+
| op |                              k |                              v |
+----+--------------------------------+--------------------------------+
| +I |     {"user_id":1,"item_id":10} | {"user_id":1,"item_id":10,"... |
| +I |     {"user_id":2,"item_id":20} | {"user_id":2,"item_id":20,"... |
+----+--------------------------------+--------------------------------+
Received a total of 2 rows
!ok

SELECT * FROM KafkaTable /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+-------------------------+----------------------+----------------------+--------------------------------+
| op |                      ts |              user_id |              item_id |                       behavior |
+----+-------------------------+----------------------+----------------------+--------------------------------+
| +I | 2023-11-14 22:13:20.000 |                    1 |                   10 |                             pv |
| +I | 2023-11-14 22:13:21.000 |                    2 |                   20 |                           cart |
+----+-------------------------+----------------------+----------------------+--------------------------------+
Received a total of 2 rows
!ok

# a value the json value format cannot read (fail-on-missing-field off; a malformed one is an error)
INSERT INTO RawTable VALUES ('{"user_id":3,"item_id":30}', '{"user_id":3,"item_id":30}');
[INFO] Complete execution of the SQL update statement.
!info

SELECT user_id, item_id, behavior FROM KafkaTable /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+----------------------+----------------------+--------------------------------+
| op |              user_id |              item_id |                       behavior |
+----+----------------------+----------------------+--------------------------------+
| +I |                    1 |                   10 |                             pv |
| +I |                    2 |                   20 |                           cart |
| +I |                    3 |                   30 |                         <NULL> |
+----+----------------------+----------------------+--------------------------------+
Received a total of 3 rows
!ok

CREATE TABLE Prefixed (
  `k_version` INT,
  `k_user_id` BIGINT,
  `k_item_id` BIGINT,
  `version` INT,
  `behavior` STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'prefixed',
  'properties.bootstrap.servers' = 'localhost:9092',
  'properties.group.id' = 'testGroup',
  'scan.startup.mode' = 'earliest-offset',

  'key.format' = 'json',
  'key.fields-prefix' = 'k_',
  'key.fields' = 'k_version;k_user_id;k_item_id',

  'value.format' = 'json',
  'value.fields-include' = 'EXCEPT_KEY'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO Prefixed VALUES (1, 7, 70, 2, 'pv');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE PrefixedRaw (`k` STRING, `v` STRING) WITH (
  'connector' = 'kafka', 'topic' = 'prefixed', 'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset', 'key.format' = 'raw', 'key.fields' = 'k', 'value.format' = 'raw',
  'value.fields-include' = 'EXCEPT_KEY');
[INFO] Execute statement succeeded.
!info

SELECT * FROM PrefixedRaw /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+--------------------------------+--------------------------------+
| op |                              k |                              v |
+----+--------------------------------+--------------------------------+
| +I | {"version":1,"user_id":7,"i... |  {"version":2,"behavior":"pv"} |
+----+--------------------------------+--------------------------------+
Received a total of 1 row
!ok

SELECT * FROM Prefixed /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+-------------+----------------------+----------------------+-------------+--------------------------------+
| op |   k_version |            k_user_id |            k_item_id |     version |                       behavior |
+----+-------------+----------------------+----------------------+-------------+--------------------------------+
| +I |           1 |                    7 |                   70 |           2 |                             pv |
+----+-------------+----------------------+----------------------+-------------+--------------------------------+
Received a total of 1 row
!ok

# the page's format metadata example: Kafka and Debezium metadata of debezium-json messages
CREATE TABLE DebeziumIn (`v` STRING) WITH (
  'connector' = 'kafka', 'topic' = 'debezium', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'raw');
[INFO] Execute statement succeeded.
!info

INSERT INTO DebeziumIn VALUES
  ('{"before":null,"after":{"user_id":1,"item_id":10,"behavior":"pv"},"source":{"ts_ms":1700000000000,"table":"behaviors"},"op":"c"}'),
  ('{"before":{"user_id":1,"item_id":10,"behavior":"pv"},"after":{"user_id":1,"item_id":10,"behavior":"buy"},"source":{"ts_ms":1700000005000,"table":"behaviors"},"op":"u"}');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE KafkaTable2 (
  `event_time` TIMESTAMP_LTZ(3) METADATA FROM 'value.source.timestamp' VIRTUAL,  -- from Debezium format
  `origin_table` STRING METADATA FROM 'value.source.table' VIRTUAL, -- from Debezium format
  `partition_id` BIGINT METADATA FROM 'partition' VIRTUAL,  -- from Kafka connector
  `offset` BIGINT METADATA VIRTUAL,  -- from Kafka connector
  `user_id` BIGINT,
  `item_id` BIGINT,
  `behavior` STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'debezium',
  'properties.bootstrap.servers' = 'localhost:9092',
  'properties.group.id' = 'testGroup',
  'scan.startup.mode' = 'earliest-offset',
  'value.format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM KafkaTable2 /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+-------------------------+--------------------------------+----------------------+----------------------+----------------------+----------------------+--------------------------------+
| op |              event_time |                   origin_table |         partition_id |               offset |              user_id |              item_id |                       behavior |
+----+-------------------------+--------------------------------+----------------------+----------------------+----------------------+----------------------+--------------------------------+
| +I | 2023-11-14 22:13:20.000 |                      behaviors |                    0 |                    0 |                    1 |                   10 |                             pv |
| -U | 2023-11-14 22:13:25.000 |                      behaviors |                    0 |                    1 |                    1 |                   10 |                             pv |
| +U | 2023-11-14 22:13:25.000 |                      behaviors |                    0 |                    1 |                    1 |                   10 |                            buy |
+----+-------------------------+--------------------------------+----------------------+----------------------+----------------------+----------------------+--------------------------------+
Received a total of 3 rows
!ok

# a key the format does not have
CREATE TABLE KafkaTable3 (`x` STRING METADATA FROM 'value.no-such-key' VIRTUAL, `user_id` BIGINT) WITH (
  'connector' = 'kafka', 'topic' = 'debezium', 'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset', 'value.format' = 'debezium-json');
[INFO] Execute statement succeeded.
!info

SELECT * FROM KafkaTable3;
[ERROR] Could not execute SQL statement. Reason:
Invalid metadata key 'value.no-such-key' in column 'x' of table 'default_catalog.default_database.KafkaTable3'. The connector 'kafka' supports the following metadata keys for reading:
value.schema
value.ingestion-timestamp
value.source.timestamp
value.source.database
value.source.schema
value.source.table
value.source.properties
topic
partition
headers
leader-epoch
offset
timestamp
timestamp-type
!error

# an updating table written as debezium-json (one message per change) and read back, raw and as a changelog
CREATE TABLE Counts (behavior STRING, n BIGINT) WITH (
  'connector' = 'kafka', 'topic' = 'counts', 'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'debezium-json');
[INFO] Execute statement succeeded.
!info

INSERT INTO Counts SELECT behavior, COUNT(*) FROM (VALUES ('pv'), ('buy'), ('pv')) AS t(behavior) GROUP BY behavior;
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE CountsRaw (v STRING) WITH (
  'connector' = 'kafka', 'topic' = 'counts', 'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset', 'format' = 'raw');
[INFO] Execute statement succeeded.
!info

SELECT * FROM CountsRaw /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+--------------------------------+
| op |                              v |
+----+--------------------------------+
| +I | {"before":null,"after":{"be... |
| +I | {"before":null,"after":{"be... |
| +I | {"before":{"behavior":"pv",... |
| +I | {"before":null,"after":{"be... |
+----+--------------------------------+
Received a total of 4 rows
!ok

SELECT * FROM Counts /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */;
+----+--------------------------------+----------------------+
| op |                       behavior |                    n |
+----+--------------------------------+----------------------+
| +I |                             pv |                    1 |
| +I |                            buy |                    1 |
| -D |                             pv |                    1 |
| +I |                             pv |                    2 |
+----+--------------------------------+----------------------+
Received a total of 4 rows
!ok

SELECT behavior, SUM(n) AS total FROM Counts /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */ GROUP BY behavior;
+----+--------------------------------+----------------------+
| op |                       behavior |                total |
+----+--------------------------------+----------------------+
| +I |                             pv |                    1 |
| +I |                            buy |                    1 |
| -D |                             pv |                    1 |
| +I |                             pv |                    2 |
+----+--------------------------------+----------------------+
Received a total of 4 rows
!ok
