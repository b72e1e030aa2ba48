# view.q - CREATE / DROP / SHOW / DESCRIBE VIEW.
# Adapted from Flink's sql-client view.q; expected blocks are Flink's where
# eddy prints the same.

# register a base table first
CREATE TABLE orders (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT,
 ts TIMESTAMP(3),
 ptime AS PROCTIME(),
 PRIMARY KEY(`user`) NOT ENFORCED,
 WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS
) with (
 'connector' = 'datagen'
);
[INFO] Execute statement succeeded.
!info

# ==== test temporary view =====

create temporary view v1 as select * from orders;
[INFO] Execute statement succeeded.
!info

create temporary view v1 as select * from orders;
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.api.ValidationException: Temporary table '`default_catalog`.`default_database`.`v1`' already exists
!error

create temporary view if not exists v1 as select * from orders;
[INFO] Execute statement succeeded.
!info

# test query a view with hint
select * from v1 /*+ OPTIONS('number-of-rows' = '1') */;
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.api.ValidationException: View '`default_catalog`.`default_database`.`v1`' cannot be enriched with new options. Hints can only be applied to tables.
!error

# test create a view reference another view
create temporary view if not exists v2 as select * from v1;
[INFO] Execute statement succeeded.
!info

# SHOW CREATE VIEW prints the query as Flink keeps it: expanded (qualified tables with
# aliases, qualified columns, * listed); blocks from Flink's view.q
# test show create a temporary view
show create view v1;
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                     result |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TEMPORARY VIEW `default_catalog`.`default_database`.`v1` (
  `user`,
  `product`,
  `amount`,
  `ts`,
  `ptime`
)
AS SELECT `orders`.`user`, `orders`.`product`, `orders`.`amount`, `orders`.`ts`, `orders`.`ptime`
FROM `default_catalog`.`default_database`.`orders` AS `orders`
 |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# test show create a temporary view reference another view
show create view v2;
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                         result |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TEMPORARY VIEW `default_catalog`.`default_database`.`v2` (
  `user`,
  `product`,
  `amount`,
  `ts`,
  `ptime`
)
AS SELECT `v1`.`user`, `v1`.`product`, `v1`.`amount`, `v1`.`ts`, `v1`.`ptime`
FROM `default_catalog`.`default_database`.`v1` AS `v1`
 |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

show tables;
+------------+
| table name |
+------------+
|     orders |
|         v1 |
|         v2 |
+------------+
3 rows in set
!ok

show views;
+-----------+
| view name |
+-----------+
|        v1 |
|        v2 |
+-----------+
2 rows in set
!ok

# ==== test permanent view =====

# register a permanent view with the duplicate name with temporary view
create view v1 as select * from orders;
[INFO] Execute statement succeeded.
!info

# test create duplicate view
create view v1 as select * from orders;
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.catalog.exceptions.TableAlreadyExistException: Table (or view) default_database.v1 already exists in Catalog default_catalog.
!error

create view permanent_v1 as select * from orders;
[INFO] Execute statement succeeded.
!info

# test show create a permanent view
show create view permanent_v1;
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                     result |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE VIEW `default_catalog`.`default_database`.`permanent_v1` (
  `user`,
  `product`,
  `amount`,
  `ts`,
  `ptime`
)
AS SELECT `orders`.`user`, `orders`.`product`, `orders`.`amount`, `orders`.`ts`, `orders`.`ptime`
FROM `default_catalog`.`default_database`.`orders` AS `orders`
 |
+--------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# a query whose names eddy cannot all expand (here an ORDER BY of a select alias) is kept as
# eddy prints it (Flink would print it expanded)
create view ordered as select `user` as u, amount from orders order by u;
[INFO] Execute statement succeeded.
!info

show create view ordered;
+------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                         result |
+------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE VIEW `default_catalog`.`default_database`.`ordered` (
  `u`,
  `amount`
)
AS SELECT `user` AS `u`, `amount`
FROM `orders`
ORDER BY `u`
 |
+------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

# joins and subqueries: each column by the FROM item that has it
create view joined as select o.`user`, p.amount, total from orders o join (select `user`, amount, amount * 2 as total from orders) p on o.`user` = p.`user` where p.amount > 1;
[INFO] Execute statement succeeded.
!info

show create view joined;
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                    result |
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE VIEW `default_catalog`.`default_database`.`joined` (
  `user`,
  `amount`,
  `total`
)
AS SELECT `o`.`user`, `p`.`amount`, `p`.`total`
FROM `default_catalog`.`default_database`.`orders` AS `o`
INNER JOIN (SELECT `orders`.`user`, `orders`.`amount`, `orders`.`amount` * 2 AS `total`
FROM `default_catalog`.`default_database`.`orders` AS `orders`) AS `p` ON `o`.`user` = `p`.`user`
WHERE `p`.`amount` > 1
 |
+---------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

drop view ordered;
[INFO] Execute statement succeeded.
!info

drop view joined;
[INFO] Execute statement succeeded.
!info

# remove permanent_v1 view
drop view permanent_v1;
[INFO] Execute statement succeeded.
!info

# we didn't distinguish the temporary v1 and permanent v1 for now
show views;
+-----------+
| view name |
+-----------+
|        v1 |
|        v2 |
+-----------+
2 rows in set
!ok

# test describe view
describe v1;
+---------+-----------------------------+-------+-----+--------+-----------+
|    name |                        type |  null | key | extras | watermark |
+---------+-----------------------------+-------+-----+--------+-----------+
|    user |                      BIGINT | FALSE |     |        |           |
| product |                 VARCHAR(32) |  TRUE |     |        |           |
|  amount |                         INT |  TRUE |     |        |           |
|      ts |      TIMESTAMP(3) *ROWTIME* |  TRUE |     |        |           |
|   ptime | TIMESTAMP_LTZ(3) *PROCTIME* | FALSE |     |        |           |
+---------+-----------------------------+-------+-----+--------+-----------+
5 rows in set
!ok

show columns from v1 like '%u%';
+---------+-------------+-------+-----+--------+-----------+
|    name |        type |  null | key | extras | watermark |
+---------+-------------+-------+-----+--------+-----------+
|    user |      BIGINT | FALSE |     |        |           |
| product | VARCHAR(32) |  TRUE |     |        |           |
|  amount |         INT |  TRUE |     |        |           |
+---------+-------------+-------+-----+--------+-----------+
3 rows in set
!ok

# ==== a view over VALUES, queried in both modes =====

create temporary view greetings(id, msg) as
  select * from (values (1, 'Hello'), (2, 'Hi'), (3, 'Hey')) as t(a, b);
[INFO] Execute statement succeeded.
!info

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

select msg, id * 10 as id10 from greetings where id > 1;
+----+--------------------------------+-------------+
| op |                            msg |        id10 |
+----+--------------------------------+-------------+
| +I |                             Hi |          20 |
| +I |                            Hey |          30 |
+----+--------------------------------+-------------+
Received a total of 2 rows
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

select msg, id * 10 as id10 from greetings where id > 1;
+-----+------+
| msg | id10 |
+-----+------+
|  Hi |   20 |
| Hey |   30 |
+-----+------+
2 rows in set
!ok

# drop a view that a view depends on: the dependent view fails when used
drop temporary view v1;
[INFO] Execute statement succeeded.
!info

drop temporary view v1;
[ERROR] Could not execute SQL statement. Reason:
Temporary view with identifier 'default_catalog.default_database.v1' does not exist.
!error

drop temporary view if exists v1;
[INFO] Execute statement succeeded.
!info

drop view v1;
[INFO] Execute statement succeeded.
!info

select * from v2;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 57 to line 1, column 58: Object 'v1' not found
!error

drop view v1;
[ERROR] Could not execute SQL statement. Reason:
View with identifier 'default_catalog.default_database.v1' does not exist.
!error
