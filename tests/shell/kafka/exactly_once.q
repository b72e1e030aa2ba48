# exactly_once.q - 'sink.delivery-guarantee' = 'exactly-once' from the
# shell: in BATCH mode each sink subtask writes one Kafka transaction
# (<prefix>-<subtask>-1), committed when the job ends; a STREAMING job
# needs checkpoints for it. (The mock cluster keeps no transaction state
# for readers, so read_committed here shows what any reader would:
# src/connectors/README.md.)
# topics: orders_eo:2

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

CREATE TABLE Orders (
  `order_id` BIGINT,
  `item` STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders_eo',
  'properties.bootstrap.servers' = 'localhost:9092',
  'properties.isolation.level' = 'read_committed',
  'scan.startup.mode' = 'earliest-offset',
  'scan.bounded.mode' = 'latest-offset',
  'sink.delivery-guarantee' = 'exactly-once',
  'sink.transactional-id-prefix' = 'orders-eo',
  'format' = 'json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO Orders VALUES (1, 'apple'), (2, 'pear'), (3, 'fig');
[INFO] Complete execution of the SQL update statement.
!info

SELECT * FROM Orders ORDER BY order_id;
+----------+-------+
| order_id |  item |
+----------+-------+
|        1 | apple |
|        2 |  pear |
|        3 |   fig |
+----------+-------+
3 rows in set
!ok

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

INSERT INTO Orders VALUES (4, 'plum');
[ERROR] Could not execute SQL statement. Reason:
'sink.delivery-guarantee' = 'exactly-once' of table default_catalog.default_database.Orders needs checkpointing: its Kafka transactions are committed when a checkpoint completes (set 'execution.checkpointing.interval')
!error

CREATE TABLE NoPrefix (`order_id` BIGINT) WITH (
  'connector' = 'kafka',
  'topic' = 'orders_eo',
  'properties.bootstrap.servers' = 'localhost:9092',
  'sink.delivery-guarantee' = 'exactly-once',
  'format' = 'json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO NoPrefix VALUES (5);
[ERROR] Could not execute SQL statement. Reason:
sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE.
!error
