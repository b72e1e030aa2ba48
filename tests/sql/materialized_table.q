# materialized_table.q - CREATE / DROP / SHOW CREATE MATERIALIZED TABLE. As in Flink's
# TableEnvironment (CreateMaterializedTableOperation), CREATE puts the table, with the query's
# columns, its freshness and its refresh mode, in the catalog and starts nothing (the refresh
# job is the SQL gateway's). FRESHNESS defaults to 3 MINUTE (1 HOUR for REFRESH_MODE = FULL);
# the refresh mode defaults to CONTINUOUS below 30 minutes of freshness, else FULL. Blocks after
# Flink's materialized_table.q (gateway); SHOW CREATE prints the columns, START_MODE and the
# expanded query as Flink's newest ShowCreateUtil does.

CREATE TABLE datagenSource (
  order_id BIGINT,
  user_id BIGINT,
  shop_id BIGINT,
  order_created_at TIMESTAMP(3),
  payment_amount_cents BIGINT
)
WITH (
  'connector' = 'datagen',
  'rows-per-second' = '10'
);
[INFO] Execute statement succeeded.
!info

CREATE MATERIALIZED TABLE users_shops
PARTITIONED BY (ds)
WITH(
   'connector' = 'blackhole'
)
REFRESH_MODE = CONTINUOUS
AS SELECT
  user_id,
  shop_id,
  ds,
  SUM (payment_amount_cents) AS payed_buy_fee_sum
 FROM (
    SELECT user_id, shop_id, DATE_FORMAT(order_created_at, 'yyyy-MM-dd') AS ds, payment_amount_cents FROM datagenSource
 ) AS tmp
 GROUP BY user_id, shop_id, ds;
[INFO] Execute statement succeeded.
!info

DESCRIBE users_shops;
+-------------------+--------+------+-----+--------+-----------+
|              name |   type | null | key | extras | watermark |
+-------------------+--------+------+-----+--------+-----------+
|           user_id | BIGINT | TRUE |     |        |           |
|           shop_id | BIGINT | TRUE |     |        |           |
|                ds | STRING | TRUE |     |        |           |
| payed_buy_fee_sum | BIGINT | TRUE |     |        |           |
+-------------------+--------+------+-----+--------+-----------+
4 rows in set
!ok

SHOW CREATE MATERIALIZED TABLE users_shops;
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                             result |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE MATERIALIZED TABLE `default_catalog`.`default_database`.`users_shops` (
  `user_id` BIGINT,
  `shop_id` BIGINT,
  `ds` VARCHAR(2147483647),
  `payed_buy_fee_sum` BIGINT
)
PARTITIONED BY (`ds`)
WITH (
  'connector' = 'blackhole'
)
START_MODE = FROM_BEGINNING
FRESHNESS = INTERVAL '3' MINUTE
REFRESH_MODE = CONTINUOUS
AS SELECT `tmp`.`user_id`, `tmp`.`shop_id`, `tmp`.`ds`, SUM(`tmp`.`payment_amount_cents`) AS `payed_buy_fee_sum`
FROM (SELECT `datagenSource`.`user_id`, `datagenSource`.`shop_id`, DATE_FORMAT(`datagenSource`.`order_created_at`, 'yyyy-MM-dd') AS `ds`, `datagenSource`.`payment_amount_cents`
FROM `default_catalog`.`default_database`.`datagenSource` AS `datagenSource`) AS `tmp`
GROUP BY `tmp`.`user_id`, `tmp`.`shop_id`, `tmp`.`ds`
 |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

CREATE MATERIALIZED TABLE users_shops_explicit
COMMENT 'ten seconds'
WITH ('connector' = 'blackhole')
FRESHNESS = INTERVAL '10' SECOND
AS SELECT user_id, COUNT(*) AS cnt FROM datagenSource GROUP BY user_id;
[INFO] Execute statement succeeded.
!info

SHOW CREATE MATERIALIZED TABLE users_shops_explicit;
+-----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                          result |
+-----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE MATERIALIZED TABLE `default_catalog`.`default_database`.`users_shops_explicit` (
  `user_id` BIGINT,
  `cnt` BIGINT NOT NULL
)
COMMENT 'ten seconds'
WITH (
  'connector' = 'blackhole'
)
START_MODE = FROM_BEGINNING
FRESHNESS = INTERVAL '10' SECOND
REFRESH_MODE = CONTINUOUS
AS SELECT `datagenSource`.`user_id`, COUNT(*) AS `cnt`
FROM `default_catalog`.`default_database`.`datagenSource` AS `datagenSource`
GROUP BY `datagenSource`.`user_id`
 |
+-----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# a freshness of 30 minutes or more refreshes in full, by default
CREATE MATERIALIZED TABLE hourly
WITH ('connector' = 'blackhole')
FRESHNESS = INTERVAL '2' HOUR
AS SELECT user_id FROM datagenSource;
[INFO] Execute statement succeeded.
!info

SHOW CREATE MATERIALIZED TABLE hourly;
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                              result |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE MATERIALIZED TABLE `default_catalog`.`default_database`.`hourly` (
  `user_id` BIGINT
)
WITH (
  'connector' = 'blackhole'
)
START_MODE = FROM_BEGINNING
FRESHNESS = INTERVAL '2' HOUR
REFRESH_MODE = FULL
AS SELECT `datagenSource`.`user_id`
FROM `default_catalog`.`default_database`.`datagenSource` AS `datagenSource`
 |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

CREATE MATERIALIZED TABLE full_default
WITH ('connector' = 'blackhole')
REFRESH_MODE = FULL
AS SELECT user_id FROM datagenSource;
[INFO] Execute statement succeeded.
!info

SHOW CREATE MATERIALIZED TABLE full_default;
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                    result |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE MATERIALIZED TABLE `default_catalog`.`default_database`.`full_default` (
  `user_id` BIGINT
)
WITH (
  'connector' = 'blackhole'
)
START_MODE = FROM_BEGINNING
FRESHNESS = INTERVAL '1' HOUR
REFRESH_MODE = FULL
AS SELECT `datagenSource`.`user_id`
FROM `default_catalog`.`default_database`.`datagenSource` AS `datagenSource`
 |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

SHOW TABLES;
+----------------------+
|           table name |
+----------------------+
|        datagenSource |
|         full_default |
|               hourly |
|          users_shops |
| users_shops_explicit |
+----------------------+
5 rows in set
!ok

# ---- errors ----

CREATE MATERIALIZED TABLE hourly AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
Table (or view) default_database.hourly already exists in Catalog default_catalog.
!error

CREATE TEMPORARY MATERIALIZED TABLE t AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. CREATE TEMPORARY MATERIALIZED TABLE is not supported. (at line 1, column 18)
!error

CREATE OR REPLACE MATERIALIZED TABLE t AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. REPLACE MATERIALIZED TABLE is not supported. (at line 1, column 19)
!error

CREATE MATERIALIZED TABLE t FRESHNESS = 10 AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. MATERIALIZED TABLE only supports define interval type FRESHNESS, please refer to the materialized table document. (at line 1, column 41)
!error

CREATE MATERIALIZED TABLE t FRESHNESS = INTERVAL '1' MONTH AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
Materialized table freshness only supports SECOND, MINUTE, HOUR, DAY, WEEK as the time unit.
!error

CREATE MATERIALIZED TABLE t FRESHNESS = INTERVAL '0' SECOND AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
The freshness interval currently only supports positive integer type values. But was: 0
!error

CREATE MATERIALIZED TABLE t FRESHNESS = INTERVAL '60' MINUTE REFRESH_MODE = FULL AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
In full refresh mode, freshness must be less than 60 when the time unit is MINUTE.
!error

CREATE MATERIALIZED TABLE t FRESHNESS = INTERVAL '7' MINUTE REFRESH_MODE = FULL AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
In full refresh mode, only freshness that are factors of 60 are currently supported when the time unit is MINUTE.
!error

CREATE MATERIALIZED TABLE t FRESHNESS = INTERVAL '2' DAY REFRESH_MODE = FULL AS SELECT user_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
In full refresh mode, freshness must be 1 when the time unit is DAY.
!error

CREATE MATERIALIZED TABLE t PARTITIONED BY (nope) AS SELECT user_id, shop_id FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
Partition column 'nope' not defined in the query's schema. Available columns: ['user_id', 'shop_id'].
!error

CREATE MATERIALIZED TABLE t AS SELECT no_such_column FROM datagenSource;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 39 to line 1, column 52: Column 'no_such_column' not found in any table
!error

SHOW CREATE TABLE hourly;
[ERROR] Could not execute SQL statement. Reason:
SHOW CREATE TABLE is only supported for tables, but `default_catalog`.`default_database`.`hourly` is a materialized table. Please use SHOW CREATE MATERIALIZED TABLE instead.
!error

SHOW CREATE MATERIALIZED TABLE datagenSource;
[ERROR] Could not execute SQL statement. Reason:
SHOW CREATE MATERIALIZED TABLE is only supported for materialized tables, but `default_catalog`.`default_database`.`datagenSource` is a table. Please use SHOW CREATE TABLE instead.
!error

SHOW CREATE MATERIALIZED TABLE nope;
[ERROR] Could not execute SQL statement. Reason:
Could not execute SHOW CREATE MATERIALIZED TABLE default_catalog.default_database.nope. Materialized table with identifier `default_catalog`.`default_database`.`nope` does not exist.
!error

DROP TABLE hourly;
[ERROR] Could not execute SQL statement. Reason:
Table with identifier 'default_catalog.default_database.hourly' does not exist.
!error

DROP MATERIALIZED TABLE datagenSource;
[ERROR] Could not execute SQL statement. Reason:
Materialized Table with identifier 'default_catalog.default_database.datagenSource' does not exist.
!error

DROP TEMPORARY MATERIALIZED TABLE hourly;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. DROP TEMPORARY MATERIALIZED TABLE is not supported. (at line 1, column 16)
!error

DROP MATERIALIZED TABLE nope;
[ERROR] Could not execute SQL statement. Reason:
Materialized Table with identifier 'default_catalog.default_database.nope' does not exist.
!error

DROP MATERIALIZED TABLE IF EXISTS nope;
[INFO] Execute statement succeeded.
!info

DROP MATERIALIZED TABLE hourly;
[INFO] Execute statement succeeded.
!info

DROP MATERIALIZED TABLE users_shops;
[INFO] Execute statement succeeded.
!info

DROP MATERIALIZED TABLE users_shops_explicit;
[INFO] Execute statement succeeded.
!info

DROP MATERIALIZED TABLE full_default;
[INFO] Execute statement succeeded.
!info

SHOW TABLES;
+---------------+
|    table name |
+---------------+
| datagenSource |
+---------------+
1 row in set
!ok
