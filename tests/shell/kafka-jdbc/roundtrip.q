# roundtrip.q - kafka -> eddy -> postgres and postgres -> eddy -> kafka keep
# every row (test-kafka.sh: a Kafka cluster at localhost:9092's place, a
# PostgreSQL server on @PORT@ whose rt_src holds ids 1..1000 named
# 'name-<id>', and psql checks rt_in afterwards).
# topics: rt_in:3 rt_out:2

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

CREATE TABLE pg_src (id BIGINT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'rt_src',
  'username' = 'eddy', 'password' = 's3cret-Pw');
[INFO] Execute statement succeeded.
!info

CREATE TABLE pg_in (id BIGINT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'rt_in',
  'username' = 'eddy', 'password' = 's3cret-Pw');
[INFO] Execute statement succeeded.
!info

CREATE TABLE k_in (id BIGINT, name STRING) WITH (
  'connector' = 'kafka', 'topic' = 'rt_in', 'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'key.format' = 'json',
  'key.fields' = 'id', 'value.format' = 'json');
[INFO] Execute statement succeeded.
!info

CREATE TABLE k_out (id BIGINT, name STRING) WITH (
  'connector' = 'kafka', 'topic' = 'rt_out', 'properties.bootstrap.servers' = 'localhost:9092',
  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

# kafka -> eddy -> postgres: 1,000 rows written to a 3-partition topic (keyed by id), read to its end
# into a jdbc upsert table
INSERT INTO k_in SELECT id, CONCAT('name-', CAST(id AS STRING)) FROM (SELECT * FROM pg_src);
[INFO] Complete execution of the SQL update statement.
!info

INSERT INTO pg_in SELECT * FROM k_in;
[INFO] Complete execution of the SQL update statement.
!info


# postgres -> eddy -> kafka: the table's rows to a 2-partition topic; both ends read in BATCH mode
INSERT INTO k_out SELECT * FROM pg_src;
[INFO] Complete execution of the SQL update statement.
!info

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(*) AS n, SUM(id) AS ids, COUNT(DISTINCT name) AS names FROM pg_in;
+------+--------+-------+
|    n |    ids | names |
+------+--------+-------+
| 1000 | 500500 |  1000 |
+------+--------+-------+
1 row in set
!ok

SELECT COUNT(*) AS n, SUM(id) AS ids, MIN(name) AS first_name, MAX(name) AS last_name FROM k_out;
+------+--------+------------+-----------+
|    n |    ids | first_name | last_name |
+------+--------+------------+-----------+
| 1000 | 500500 |     name-1 |  name-999 |
+------+--------+------------+-----------+
1 row in set
!ok

SELECT COUNT(*) AS n FROM k_out AS k JOIN pg_src AS p ON k.id = p.id AND k.name = p.name;
+------+
|    n |
+------+
| 1000 |
+------+
1 row in set
!ok
