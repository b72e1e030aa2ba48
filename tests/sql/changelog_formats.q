# changelog_formats.q - the changelog formats debezium-json, canal-json and
# maxwell-json on the filesystem connector: the messages of Flink's format
# docs read as changelogs (row kinds, an aggregate that retracts), their
# metadata columns, the errors for malformed messages, and a changelog
# written in each format and read back. A raw table writes the messages.
# verify: skip changelog sources are streaming only (batch mode rejects them, as Flink)

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SET 'sql-client.display.max-column-width' = '110';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# debezium-json: the products of Flink's debezium docs
# ==========================================================================

create table DebeziumLines (line string) with (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_PATH',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO DebeziumLines VALUES
('{"before":null,"after":{"id":111,"name":"scooter","description":"Big 2-wheel scooter","weight":5.18},"source":{"version":"1.1.1.Final","connector":"mysql","name":"dbserver1","ts_ms":1589362330000,"snapshot":"false","db":"inventory","table":"products","server_id":223344,"gtid":null,"file":"mysql-bin.000003","pos":2090,"row":0,"thread":2,"query":null},"op":"c","ts_ms":1589362330904,"transaction":null}'),
('{"before":null,"after":{"id":112,"name":"car battery","description":"12V car battery","weight":8.1},"source":{"db":"inventory","table":"products","ts_ms":1589362331000},"op":"r","ts_ms":1589362331904}'),
('{"before":{"id":111,"name":"scooter","description":"Big 2-wheel scooter","weight":5.18},"after":{"id":111,"name":"scooter","description":"Big 2-wheel scooter","weight":5.15},"source":{"version":"1.1.1.Final","connector":"mysql","name":"dbserver1","ts_ms":1589362344000,"snapshot":"false","db":"inventory","table":"products","server_id":223344,"gtid":null,"file":"mysql-bin.000003","pos":2090,"row":0,"thread":2,"query":null},"op":"u","ts_ms":1589362344455,"transaction":null}'),
(''),
('{"before":{"id":112,"name":"car battery","description":"12V car battery","weight":8.1},"after":null,"source":{"db":"inventory","table":"products","ts_ms":1589362345000},"op":"d","ts_ms":1589362345100}'),
('{"before":null,"after":{"id":113,"name":"scooter","description":"Small 2-wheel scooter","weight":3.14},"source":{"db":"inventory","table":"products","ts_ms":1589362346000},"op":"c","ts_ms":1589362346100}');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE topic_products (
  id BIGINT,
  name STRING,
  description STRING,
  weight DECIMAL(10, 2)
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_PATH',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM topic_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| op |                   id |                                                                                                           name |                                                                                                    description |       weight |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| +I |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.18 |
| +I |                  112 |                                                                                                    car battery |                                                                                                12V car battery |         8.10 |
| -U |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.18 |
| +U |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.15 |
| -D |                  112 |                                                                                                    car battery |                                                                                                12V car battery |         8.10 |
| +I |                  113 |                                                                                                        scooter |                                                                                          Small 2-wheel scooter |         3.14 |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
Received a total of 6 rows
!ok

SELECT name, SUM(weight) AS total_weight FROM topic_products GROUP BY name;
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| op |                                                                                                           name |                             total_weight |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| +I |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                    car battery |                                     8.10 |
| -D |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                        scooter |                                     5.15 |
| -D |                                                                                                    car battery |                                     8.10 |
| -U |                                                                                                        scooter |                                     5.15 |
| +U |                                                                                                        scooter |                                     8.29 |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
Received a total of 7 rows
!ok

SELECT COUNT(*) AS products, SUM(weight) AS total_weight FROM topic_products;
+----+----------------------+------------------------------------------+
| op |             products |                             total_weight |
+----+----------------------+------------------------------------------+
| +I |                    1 |                                     5.18 |
| -U |                    1 |                                     5.18 |
| +U |                    2 |                                    13.28 |
| -U |                    2 |                                    13.28 |
| +U |                    1 |                                     8.10 |
| -U |                    1 |                                     8.10 |
| +U |                    2 |                                    13.25 |
| -U |                    2 |                                    13.25 |
| +U |                    1 |                                     5.15 |
| -U |                    1 |                                     5.15 |
| +U |                    2 |                                     8.29 |
+----+----------------------+------------------------------------------+
Received a total of 11 rows
!ok

CREATE TABLE products_meta (
  origin_ts TIMESTAMP_LTZ(3) METADATA FROM 'ingestion-timestamp' VIRTUAL,
  event_time TIMESTAMP(3) METADATA FROM 'source.timestamp' VIRTUAL,
  origin_database STRING METADATA FROM 'source.database' VIRTUAL,
  origin_schema STRING METADATA FROM 'source.schema' VIRTUAL,
  origin_table STRING METADATA FROM 'source.table' VIRTUAL,
  id BIGINT,
  name STRING,
  file_name STRING METADATA FROM 'file.name' VIRTUAL
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_PATH',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT origin_ts, event_time, origin_database, origin_schema, origin_table, id, name, file_name LIKE 'part-%' AS in_part_file FROM products_meta;
+----+-------------------------+-------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| op |               origin_ts |              event_time |                                                                                                origin_database |                                                                                                  origin_schema |                                                                                                   origin_table |                   id |                                                                                                           name | in_part_file |
+----+-------------------------+-------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| +I | 2020-05-13 09:32:10.904 | 2020-05-13 09:32:10.000 |                                                                                                      inventory |                                                                                                         <NULL> |                                                                                                       products |                  111 |                                                                                                        scooter |         TRUE |
| +I | 2020-05-13 09:32:11.904 | 2020-05-13 09:32:11.000 |                                                                                                      inventory |                                                                                                         <NULL> |                                                                                                       products |                  112 |                                                                                                    car battery |         TRUE |
| -U | 2020-05-13 09:32:24.455 | 2020-05-13 09:32:24.000 |                                                                                                      inventory |                                                                                                         <NULL> |                                                                                                       products |                  111 |                                                                                                        scooter |         TRUE |
| +U | 2020-05-13 09:32:24.455 | 2020-05-13 09:32:24.000 |                                                                                                      inventory |                                                                                                         <NULL> |                                                                                                       products |                  111 |                                                                                                        scooter |         TRUE |
| -D | 2020-05-13 09:32:25.100 | 2020-05-13 09:32:25.000 |                                                                                                      inventory |                                                                                                         <NULL> |                                                                                                       products |                  112 |                                                                                                    car battery |         TRUE |
| +I | 2020-05-13 09:32:26.100 | 2020-05-13 09:32:26.000 |                                                                                                      inventory |                                                                                                         <NULL> |                                                                                                       products |                  113 |                                                                                                        scooter |         TRUE |
+----+-------------------------+-------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
Received a total of 6 rows
!ok

CREATE TABLE products_props (
  props MAP<STRING, STRING> METADATA FROM 'source.properties' VIRTUAL,
  id BIGINT
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_PATH',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT id, props['db'] AS db, props['ts_ms'] AS ts_ms, props['server_id'] AS server_id FROM products_props;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+
| op |                   id |                                                                                                             db |                                                                                                          ts_ms |                                                                                                      server_id |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+
| +I |                  111 |                                                                                                      inventory |                                                                                                  1589362330000 |                                                                                                         223344 |
| +I |                  112 |                                                                                                      inventory |                                                                                                  1589362331000 |                                                                                                         <NULL> |
| -U |                  111 |                                                                                                      inventory |                                                                                                  1589362344000 |                                                                                                         223344 |
| +U |                  111 |                                                                                                      inventory |                                                                                                  1589362344000 |                                                                                                         223344 |
| -D |                  112 |                                                                                                      inventory |                                                                                                  1589362345000 |                                                                                                         <NULL> |
| +I |                  113 |                                                                                                      inventory |                                                                                                  1589362346000 |                                                                                                         <NULL> |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+
Received a total of 6 rows
!ok

CREATE TABLE products_badkey (
  x STRING METADATA FROM 'source.nothing' VIRTUAL,
  id BIGINT
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_PATH',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM products_badkey;
[ERROR] Could not execute SQL statement. Reason:
Invalid metadata key 'source.nothing' in column 'x' of table 'default_catalog.default_database.products_badkey'. The connector 'filesystem' supports the following metadata keys for reading:
schema
ingestion-timestamp
source.timestamp
source.database
source.schema
source.table
source.properties
file.path
file.name
file.size
file.modification-time
!error

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT * FROM topic_products;
[ERROR] Could not execute SQL statement. Reason:
Querying a table in batch mode is currently only possible for INSERT-only table sources. But the source for table 'default_catalog.default_database.topic_products' produces other changelog messages than just INSERT.
!error

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

# schema-include: the envelope in "payload"
CREATE TABLE products_schema (
  id BIGINT,
  name STRING,
  weight DOUBLE,
  s STRING METADATA FROM 'schema' VIRTUAL,
  origin_ts TIMESTAMP_LTZ(3) METADATA FROM 'ingestion-timestamp' VIRTUAL
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-schema.json',
  'format' = 'debezium-json',
  'debezium-json.schema-include' = 'true'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM products_schema;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+
| op |                   id |                                                                                                           name |                                                                                                         weight |                                                                                                              s |               origin_ts |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+
| +I |                  101 |                                                                                                        scooter |                                                                                                           3.14 |                              {"type":"struct","optional":false,"name":"dbserver1.inventory.products.Envelope"} | 2020-05-13 07:40:06.100 |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+
Received a total of 1 row
!ok

CREATE TABLE products_noschema (
  id BIGINT,
  name STRING
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-schema.json',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM products_noschema;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
| op |                   id |                                                                                                           name |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
[ERROR] Could not execute SQL statement. Reason:
$VAR_TEST_DATA/changelog/debezium-schema.json:1: Corrupt Debezium JSON message '{"schema":{"type":"struct","optional":false,"name":"dbserver1.inventory.products.Envelope"},"payload":{"before":null,"after":{"id":101,"name":"scooter","weight":3.14},"op":"c","ts_ms":1589355606100}}'.
Caused by: the "op" field is missing or null (the message has "schema" and "payload": set 'debezium-json.schema-include' = 'true')
!ok

# errors (tests/data/changelog): an unknown op, a delete without before, a
# message that is no JSON, a value that does not convert
CREATE TABLE strict_products (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-bad.json',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM strict_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
| op |                   id |                                                                                                           name |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
[ERROR] Could not execute SQL statement. Reason:
$VAR_TEST_DATA/changelog/debezium-bad.json:2: Corrupt Debezium JSON message '{"before":null,"after":{"id":2,"name":"b"},"op":"x"}'.
Caused by: Unknown "op" value "x". The Debezium JSON message is '{"before":null,"after":{"id":2,"name":"b"},"op":"x"}'
!ok

CREATE TABLE lenient_products (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-bad.json',
  'format' = 'debezium-json',
  'debezium-json.ignore-parse-errors' = 'true'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM lenient_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
| op |                   id |                                                                                                           name |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
| +I |                    1 |                                                                                                              a |
| +I |               <NULL> |                                                                                                              d |
| +I |                    5 |                                                                                                              e |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
Received a total of 3 rows
!ok

CREATE TABLE update_products (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-update-no-before.json',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM update_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
| op |                   id |                                                                                                           name |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
[ERROR] Could not execute SQL statement. Reason:
$VAR_TEST_DATA/changelog/debezium-update-no-before.json:1: Corrupt Debezium JSON message '{"before":null,"after":{"id":1,"name":"a"},"op":"u"}'.
Caused by: The "before" field of UPDATE message is null, if you are using Debezium Postgres Connector, please check the Postgres table has been set REPLICA IDENTITY to FULL level.
!ok

CREATE TABLE delete_products (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-delete-no-before.json',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM delete_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
| op |                   id |                                                                                                           name |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+
[ERROR] Could not execute SQL statement. Reason:
$VAR_TEST_DATA/changelog/debezium-delete-no-before.json:1: Corrupt Debezium JSON message '{"before":null,"after":null,"op":"d"}'.
Caused by: The "before" field of DELETE message is null, if you are using Debezium Postgres Connector, please check the Postgres table has been set REPLICA IDENTITY to FULL level.
!ok

EXPLAIN CHANGELOG_MODE SELECT * FROM topic_products;
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                             result |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(id=[$0], name=[$1], description=[$2], weight=[$3])
+- LogicalTableScan(table=[[default_catalog, default_database, topic_products]])

== Optimized Physical Plan ==
DropUpdateBefore(changelogMode=[I,UA,D])
+- TableSourceScan(table=[[default_catalog, default_database, topic_products]], fields=[id, name, description, weight], changelogMode=[I,UB,UA,D])

== Optimized Execution Plan ==
DropUpdateBefore
+- TableSourceScan(table=[[default_catalog, default_database, topic_products]], fields=[id, name, description, weight])
 |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# duplicate change events (Debezium's at-least-once delivery): with
# 'table.exec.source.cdc-events-duplicate' and a primary key the source gets
# a ChangelogNormalize that drops them
CREATE TABLE dup_products (
  id BIGINT,
  name STRING,
  weight DECIMAL(10, 2),
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/debezium-duplicates.json',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

SELECT name, SUM(weight) AS total_weight FROM dup_products GROUP BY name;
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| op |                                                                                                           name |                             total_weight |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| +I |                                                                                                              a |                                     1.50 |
| -U |                                                                                                              a |                                     1.50 |
| +U |                                                                                                              a |                                     3.00 |
| -U |                                                                                                              a |                                     3.00 |
| +U |                                                                                                              a |                                     1.50 |
| -U |                                                                                                              a |                                     1.50 |
| +U |                                                                                                              a |                                     4.00 |
| -U |                                                                                                              a |                                     4.00 |
| +U |                                                                                                              a |                                     2.50 |
| -U |                                                                                                              a |                                     2.50 |
| +U |                                                                                                              a |                                     5.00 |
| -U |                                                                                                              a |                                     5.00 |
| +U |                                                                                                              a |                                     2.50 |
| -D |                                                                                                              a |                                     2.50 |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
Received a total of 14 rows
!ok

SET 'table.exec.source.cdc-events-duplicate' = 'true';
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT * FROM dup_products;
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    result |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(id=[$0], name=[$1], weight=[$2])
+- LogicalTableScan(table=[[default_catalog, default_database, dup_products]])

== Optimized Physical Plan ==
ChangelogNormalize(key=[id])
+- Exchange(distribution=[hash[id]])
   +- DropUpdateBefore
      +- TableSourceScan(table=[[default_catalog, default_database, dup_products]], fields=[id, name, weight])

== Optimized Execution Plan ==
ChangelogNormalize(key=[id])
+- Exchange(distribution=[hash[id]])
   +- DropUpdateBefore
      +- TableSourceScan(table=[[default_catalog, default_database, dup_products]], fields=[id, name, weight])
 |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

SELECT * FROM dup_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| op |                   id |                                                                                                           name |       weight |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| +I |                    1 |                                                                                                              a |         1.50 |
| -U |                    1 |                                                                                                              a |         1.50 |
| +U |                    1 |                                                                                                              a |         2.50 |
| -D |                    1 |                                                                                                              a |         2.50 |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
Received a total of 4 rows
!ok

SELECT name, SUM(weight) AS total_weight FROM dup_products GROUP BY name;
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| op |                                                                                                           name |                             total_weight |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| +I |                                                                                                              a |                                     1.50 |
| -D |                                                                                                              a |                                     1.50 |
| +I |                                                                                                              a |                                     2.50 |
| -D |                                                                                                              a |                                     2.50 |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
Received a total of 4 rows
!ok

RESET 'table.exec.source.cdc-events-duplicate';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# canal-json: the products of Flink's canal docs
# ==========================================================================

create table CanalLines (line string) with (
  'connector' = 'filesystem',
  'path' = '$VAR_CANAL_PATH',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO CanalLines VALUES
('{"data":[{"id":"111","name":"scooter","description":"Big 2-wheel scooter","weight":"5.18"},{"id":"112","name":"car battery","description":"12V car battery","weight":"8.1"}],"database":"inventory","es":1589373515000,"id":2,"isDdl":false,"mysqlType":{"id":"INTEGER","name":"VARCHAR(255)","description":"VARCHAR(512)","weight":"FLOAT"},"old":null,"pkNames":["id"],"sql":"","sqlType":{"id":4,"name":12,"description":12,"weight":7},"table":"products","ts":1589373515477,"type":"INSERT"}'),
('{"data":[{"id":"111","name":"scooter","description":"Big 2-wheel scooter","weight":"5.15"}],"database":"inventory","es":1589373560000,"id":9,"isDdl":false,"mysqlType":{"id":"INTEGER","name":"VARCHAR(255)","description":"VARCHAR(512)","weight":"FLOAT"},"old":[{"weight":"5.18"}],"pkNames":["id"],"sql":"","sqlType":{"id":4,"name":12,"description":12,"weight":7},"table":"products","ts":1589373560798,"type":"UPDATE"}'),
('{"data":null,"database":"inventory","es":1589373561000,"isDdl":true,"old":null,"sql":"CREATE TABLE t (x INT)","table":"t","ts":1589373561000,"type":"CREATE"}'),
('{"data":[{"id":"112","name":"car battery","description":"12V car battery","weight":"8.1"}],"database":"inventory","es":1589373562000,"isDdl":false,"old":null,"pkNames":["id"],"table":"products","ts":1589373562100,"type":"DELETE"}'),
('{"data":[{"id":"7","name":"other","description":"elsewhere","weight":"1"}],"database":"other","es":1589373563000,"isDdl":false,"old":null,"pkNames":["id"],"table":"parts","ts":1589373563100,"type":"INSERT"}');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE canal_products (
  id BIGINT,
  name STRING,
  description STRING,
  weight DECIMAL(10, 2)
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_CANAL_PATH',
  'format' = 'canal-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM canal_products;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| op |                   id |                                                                                                           name |                                                                                                    description |       weight |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| +I |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.18 |
| +I |                  112 |                                                                                                    car battery |                                                                                                12V car battery |         8.10 |
| -U |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.18 |
| +U |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.15 |
| -D |                  112 |                                                                                                    car battery |                                                                                                12V car battery |         8.10 |
| +I |                    7 |                                                                                                          other |                                                                                                      elsewhere |         1.00 |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
Received a total of 6 rows
!ok

SELECT name, SUM(weight) AS total_weight FROM canal_products GROUP BY name;
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| op |                                                                                                           name |                             total_weight |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| +I |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                    car battery |                                     8.10 |
| -D |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                        scooter |                                     5.15 |
| -D |                                                                                                    car battery |                                     8.10 |
| +I |                                                                                                          other |                                     1.00 |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
Received a total of 6 rows
!ok

CREATE TABLE canal_meta (
  origin_database STRING METADATA FROM 'database' VIRTUAL,
  origin_table STRING METADATA FROM 'table' VIRTUAL,
  origin_sql_type MAP<STRING, INT> METADATA FROM 'sql-type' VIRTUAL,
  origin_pk_names ARRAY<STRING> METADATA FROM 'pk-names' VIRTUAL,
  origin_ts TIMESTAMP_LTZ(3) METADATA FROM 'ingestion-timestamp' VIRTUAL,
  origin_es TIMESTAMP_LTZ(3) METADATA FROM 'event-timestamp' VIRTUAL,
  id BIGINT
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_CANAL_PATH',
  'format' = 'canal-json',
  'canal-json.database.include' = 'inventory',
  'canal-json.table.include' = 'prod.*'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM canal_meta;
+----+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+-------------------------+----------------------+
| op |                                                                                                origin_database |                                                                                                   origin_table |                                                                                                origin_sql_type |                                                                                                origin_pk_names |               origin_ts |               origin_es |                   id |
+----+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+-------------------------+----------------------+
| +I |                                                                                                      inventory |                                                                                                       products |                                                                      {id=4, name=12, description=12, weight=7} |                                                                                                           [id] | 2020-05-13 12:38:35.477 | 2020-05-13 12:38:35.000 |                  111 |
| +I |                                                                                                      inventory |                                                                                                       products |                                                                      {id=4, name=12, description=12, weight=7} |                                                                                                           [id] | 2020-05-13 12:38:35.477 | 2020-05-13 12:38:35.000 |                  112 |
| -U |                                                                                                      inventory |                                                                                                       products |                                                                      {id=4, name=12, description=12, weight=7} |                                                                                                           [id] | 2020-05-13 12:39:20.798 | 2020-05-13 12:39:20.000 |                  111 |
| +U |                                                                                                      inventory |                                                                                                       products |                                                                      {id=4, name=12, description=12, weight=7} |                                                                                                           [id] | 2020-05-13 12:39:20.798 | 2020-05-13 12:39:20.000 |                  111 |
| -D |                                                                                                      inventory |                                                                                                       products |                                                                                                         <NULL> |                                                                                                           [id] | 2020-05-13 12:39:22.100 | 2020-05-13 12:39:22.000 |                  112 |
+----+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+-------------------------+----------------------+
Received a total of 5 rows
!ok

CREATE TABLE canal_bad (id BIGINT) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/canal-bad.json',
  'format' = 'canal-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM canal_bad;
+----+----------------------+
| op |                   id |
+----+----------------------+
[ERROR] Could not execute SQL statement. Reason:
$VAR_TEST_DATA/changelog/canal-bad.json:1: Corrupt Canal JSON message '{"data":[{"id":"1"}],"type":"TRUNCATE"}'.
Caused by: Unknown "type" value "TRUNCATE". The Canal JSON message is '{"data":[{"id":"1"}],"type":"TRUNCATE"}'
!ok

# ==========================================================================
# maxwell-json: the products of Flink's maxwell docs
# ==========================================================================

create table MaxwellLines (line string) with (
  'connector' = 'filesystem',
  'path' = '$VAR_MAXWELL_PATH',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO MaxwellLines VALUES
('{"database":"test","table":"product","type":"insert","ts":1596684883,"xid":7125,"xoffset":0,"data":{"id":111,"name":"scooter","description":"Big 2-wheel scooter","weight":5.18},"primary_key_columns":["id"]}'),
('{"database":"test","table":"product","type":"update","ts":1596684904,"xid":7152,"commit":true,"data":{"id":111,"name":"scooter","description":"Big 2-wheel scooter","weight":5.15},"old":{"weight":5.18},"primary_key_columns":["id"]}'),
('{"database":"test","table":"product","type":"delete","ts":1596684905,"xid":7153,"commit":true,"data":{"id":111,"name":"scooter","description":"Big 2-wheel scooter","weight":5.15},"primary_key_columns":["id"]}');
[INFO] Complete execution of the SQL update statement.
!info

CREATE TABLE maxwell_products (
  origin_database STRING METADATA FROM 'database' VIRTUAL,
  origin_table STRING METADATA FROM 'table' VIRTUAL,
  origin_primary_key_columns ARRAY<STRING> METADATA FROM 'primary-key-columns' VIRTUAL,
  origin_ts TIMESTAMP_LTZ(3) METADATA FROM 'ingestion-timestamp' VIRTUAL,
  id BIGINT,
  name STRING,
  description STRING,
  weight DECIMAL(10, 2)
) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_MAXWELL_PATH',
  'format' = 'maxwell-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM maxwell_products;
+----+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| op |                                                                                                origin_database |                                                                                                   origin_table |                                                                                     origin_primary_key_columns |               origin_ts |                   id |                                                                                                           name |                                                                                                    description |       weight |
+----+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| +I |                                                                                                           test |                                                                                                        product |                                                                                                           [id] | 2020-08-06 03:34:43.000 |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.18 |
| -U |                                                                                                           test |                                                                                                        product |                                                                                                           [id] | 2020-08-06 03:35:04.000 |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.18 |
| +U |                                                                                                           test |                                                                                                        product |                                                                                                           [id] | 2020-08-06 03:35:04.000 |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.15 |
| -D |                                                                                                           test |                                                                                                        product |                                                                                                           [id] | 2020-08-06 03:35:05.000 |                  111 |                                                                                                        scooter |                                                                                            Big 2-wheel scooter |         5.15 |
+----+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+-------------------------+----------------------+----------------------------------------------------------------------------------------------------------------+----------------------------------------------------------------------------------------------------------------+--------------+
Received a total of 4 rows
!ok

CREATE TABLE maxwell_bad (id BIGINT) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_TEST_DATA/changelog/maxwell-bad.json',
  'format' = 'maxwell-json'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM maxwell_bad;
+----+----------------------+
| op |                   id |
+----+----------------------+
[ERROR] Could not execute SQL statement. Reason:
$VAR_TEST_DATA/changelog/maxwell-bad.json:1: Corrupt Maxwell JSON message '{"database":"test","table":"product","type":"upsert","data":{"id":1}}'.
Caused by: Unknown "type" value "upsert". The Maxwell JSON message is '{"database":"test","table":"product","type":"upsert","data":{"id":1}}'
!ok

# ==========================================================================
# writing a changelog in each format, and reading it back
# ==========================================================================

CREATE TABLE debezium_sums (name STRING, total DECIMAL(38, 2)) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_OUT_PATH',
  'format' = 'debezium-json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO debezium_sums SELECT name, SUM(weight) FROM topic_products GROUP BY name;
[INFO] Complete execution of the SQL update statement.
!info

create table DebeziumOut (line string) with (
  'connector' = 'filesystem',
  'path' = '$VAR_DEBEZIUM_OUT_PATH',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM DebeziumOut;
+----+----------------------------------------------------------------------------------------------------------------+
| op |                                                                                                           line |
+----+----------------------------------------------------------------------------------------------------------------+
| +I |                                               {"before":null,"after":{"name":"scooter","total":5.18},"op":"c"} |
| +I |                                            {"before":null,"after":{"name":"car battery","total":8.1},"op":"c"} |
| +I |                                               {"before":{"name":"scooter","total":5.18},"after":null,"op":"d"} |
| +I |                                               {"before":null,"after":{"name":"scooter","total":5.15},"op":"c"} |
| +I |                                            {"before":{"name":"car battery","total":8.1},"after":null,"op":"d"} |
| +I |                                               {"before":{"name":"scooter","total":5.15},"after":null,"op":"d"} |
| +I |                                               {"before":null,"after":{"name":"scooter","total":8.29},"op":"c"} |
+----+----------------------------------------------------------------------------------------------------------------+
Received a total of 7 rows
!ok

SELECT * FROM debezium_sums;
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| op |                                                                                                           name |                                    total |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| +I |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                    car battery |                                     8.10 |
| -D |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                        scooter |                                     5.15 |
| -D |                                                                                                    car battery |                                     8.10 |
| -D |                                                                                                        scooter |                                     5.15 |
| +I |                                                                                                        scooter |                                     8.29 |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
Received a total of 7 rows
!ok

CREATE TABLE canal_sums (name STRING, total DECIMAL(38, 2)) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_CANAL_OUT_PATH',
  'format' = 'canal-json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO canal_sums SELECT name, SUM(weight) FROM canal_products GROUP BY name;
[INFO] Complete execution of the SQL update statement.
!info

create table CanalOut (line string) with (
  'connector' = 'filesystem',
  'path' = '$VAR_CANAL_OUT_PATH',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM CanalOut;
+----+----------------------------------------------------------------------------------------------------------------+
| op |                                                                                                           line |
+----+----------------------------------------------------------------------------------------------------------------+
| +I |                                                     {"data":[{"name":"scooter","total":5.18}],"type":"INSERT"} |
| +I |                                                  {"data":[{"name":"car battery","total":8.1}],"type":"INSERT"} |
| +I |                                                     {"data":[{"name":"scooter","total":5.18}],"type":"DELETE"} |
| +I |                                                     {"data":[{"name":"scooter","total":5.15}],"type":"INSERT"} |
| +I |                                                  {"data":[{"name":"car battery","total":8.1}],"type":"DELETE"} |
| +I |                                                          {"data":[{"name":"other","total":1}],"type":"INSERT"} |
+----+----------------------------------------------------------------------------------------------------------------+
Received a total of 6 rows
!ok

SELECT name, SUM(total) AS total FROM canal_sums GROUP BY name;
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| op |                                                                                                           name |                                    total |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
| +I |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                    car battery |                                     8.10 |
| -D |                                                                                                        scooter |                                     5.18 |
| +I |                                                                                                        scooter |                                     5.15 |
| -D |                                                                                                    car battery |                                     8.10 |
| +I |                                                                                                          other |                                     1.00 |
+----+----------------------------------------------------------------------------------------------------------------+------------------------------------------+
Received a total of 6 rows
!ok

CREATE TABLE maxwell_copy (id BIGINT, name STRING, weight DECIMAL(10, 2)) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_MAXWELL_OUT_PATH',
  'format' = 'maxwell-json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO maxwell_copy SELECT id, name, weight FROM maxwell_products;
[INFO] Complete execution of the SQL update statement.
!info

create table MaxwellOut (line string) with (
  'connector' = 'filesystem',
  'path' = '$VAR_MAXWELL_OUT_PATH',
  'format' = 'raw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM MaxwellOut;
+----+----------------------------------------------------------------------------------------------------------------+
| op |                                                                                                           line |
+----+----------------------------------------------------------------------------------------------------------------+
| +I |                                             {"data":{"id":111,"name":"scooter","weight":5.18},"type":"insert"} |
| +I |                                             {"data":{"id":111,"name":"scooter","weight":5.18},"type":"delete"} |
| +I |                                             {"data":{"id":111,"name":"scooter","weight":5.15},"type":"insert"} |
| +I |                                             {"data":{"id":111,"name":"scooter","weight":5.15},"type":"delete"} |
+----+----------------------------------------------------------------------------------------------------------------+
Received a total of 4 rows
!ok

SELECT * FROM maxwell_copy;
+----+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| op |                   id |                                                                                                           name |       weight |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
| +I |                  111 |                                                                                                        scooter |         5.18 |
| -D |                  111 |                                                                                                        scooter |         5.18 |
| +I |                  111 |                                                                                                        scooter |         5.15 |
| -D |                  111 |                                                                                                        scooter |         5.15 |
+----+----------------------+----------------------------------------------------------------------------------------------------------------+--------------+
Received a total of 4 rows
!ok

CREATE TABLE schema_sink (id BIGINT) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_SCHEMA_SINK_PATH',
  'format' = 'debezium-json',
  'debezium-json.schema-include' = 'true'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO schema_sink VALUES (1);
[ERROR] Could not execute SQL statement. Reason:
Debezium JSON serialization doesn't support 'debezium-json.schema-include' option been set to true.
!error

CREATE TABLE json_sums (name STRING, total DECIMAL(38, 2)) WITH (
  'connector' = 'filesystem',
  'path' = '$VAR_JSON_OUT_PATH',
  'format' = 'json'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO json_sums SELECT name, SUM(weight) FROM topic_products GROUP BY name;
[ERROR] Could not execute SQL statement. Reason:
Table sink 'default_catalog.default_database.json_sums' doesn't support consuming update and delete changes which is produced by node GroupAggregate(groupBy=[name], select=[name, SUM_RETRACT(weight) AS EXPR$1])
!error
