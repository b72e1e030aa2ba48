# alter_table.q - ALTER TABLE ADD / MODIFY of the primary key and the watermark:
# a table has at most one of each, with Flink's messages when ADD finds one
# or MODIFY finds none.

CREATE TABLE k (a INT NOT NULL, ts TIMESTAMP(3)) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

ALTER TABLE k MODIFY PRIMARY KEY (a) NOT ENFORCED;
[ERROR] Could not execute SQL statement. Reason:
The base table does not define any primary key constraint. You might want to add a new one.
!error

ALTER TABLE k MODIFY WATERMARK FOR ts AS ts;
[ERROR] Could not execute SQL statement. Reason:
The base table does not define any watermark. You might want to add a new one.
!error

ALTER TABLE k ADD (CONSTRAINT pk1 PRIMARY KEY (a) NOT ENFORCED, WATERMARK FOR ts AS ts);
[INFO] Execute statement succeeded.
!info

ALTER TABLE k ADD PRIMARY KEY (a) NOT ENFORCED;
[ERROR] Could not execute SQL statement. Reason:
The base table has already defined the primary key constraint [pk1]. You might want to drop it before adding a new one.
!error

ALTER TABLE k ADD WATERMARK FOR ts AS ts - INTERVAL '1' SECOND;
[ERROR] Could not execute SQL statement. Reason:
The base table has already defined the watermark strategy `ts` AS `ts`. You might want to drop it before adding a new one.
!error

ALTER TABLE k MODIFY WATERMARK FOR ts AS ts - INTERVAL '2' SECOND;
[INFO] Execute statement succeeded.
!info

SHOW CREATE TABLE k;
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                       result |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TABLE `default_catalog`.`default_database`.`k` (
  `a` INT NOT NULL,
  `ts` TIMESTAMP(3),
  WATERMARK FOR `ts` AS `ts` - INTERVAL '2' SECOND,
  CONSTRAINT `pk1` PRIMARY KEY (`a`) NOT ENFORCED
)
WITH (
  'connector' = 'datagen'
)
 |
+----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok
