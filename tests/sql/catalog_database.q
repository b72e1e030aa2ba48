# catalog_database.q - CREATE / DROP / USE / SHOW of catalogs and databases.
# Adapted from Flink's sql-client catalog_database.q (in-memory catalogs only).

show catalogs;
+-----------------+
|    catalog name |
+-----------------+
| default_catalog |
+-----------------+
1 row in set
!ok

show current catalog;
+----------------------+
| current catalog name |
+----------------------+
|      default_catalog |
+----------------------+
1 row in set
!ok

show databases;
+------------------+
|    database name |
+------------------+
| default_database |
+------------------+
1 row in set
!ok

show current database;
+-----------------------+
| current database name |
+-----------------------+
|      default_database |
+-----------------------+
1 row in set
!ok

use catalog non_existing_catalog;
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.catalog.exceptions.CatalogException: A catalog with name [non_existing_catalog] does not exist.
!error

create catalog c1 with ('type' = 'generic_in_memory');
[INFO] Execute statement succeeded.
!info

create catalog c1 with ('type' = 'generic_in_memory');
[ERROR] Could not execute SQL statement. Reason:
Catalog c1 already exists.
!error

create catalog if not exists c1 with ('type' = 'generic_in_memory');
[INFO] Execute statement succeeded.
!info

show catalogs;
+-----------------+
|    catalog name |
+-----------------+
|              c1 |
| default_catalog |
+-----------------+
2 rows in set
!ok

use catalog c1;
[INFO] Execute statement succeeded.
!info

show current catalog;
+----------------------+
| current catalog name |
+----------------------+
|                   c1 |
+----------------------+
1 row in set
!ok

show databases;
+---------------+
| database name |
+---------------+
|       default |
+---------------+
1 row in set
!ok

create database db1 comment 'db1_comment' with ('k1' = 'v1');
[INFO] Execute statement succeeded.
!info

create database db1;
[ERROR] Could not execute SQL statement. Reason:
Could not execute CREATE DATABASE: (catalogDatabase: [{}], catalogName: [c1], databaseName: [db1], ignoreIfExists: [false])
!error

create database if not exists db1;
[INFO] Execute statement succeeded.
!info

show databases;
+---------------+
| database name |
+---------------+
|           db1 |
|       default |
+---------------+
2 rows in set
!ok

use db1;
[INFO] Execute statement succeeded.
!info

show current database;
+-----------------------+
| current database name |
+-----------------------+
|                   db1 |
+-----------------------+
1 row in set
!ok

use non_existing_db;
[ERROR] Could not execute SQL statement. Reason:
A database with name [non_existing_db] does not exist in the catalog: [c1].
!error

create table t_in_db1 (a int, b string) with ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '2', 'fields.b.length' = '3');
[INFO] Execute statement succeeded.
!info

show tables;
+------------+
| table name |
+------------+
|   t_in_db1 |
+------------+
1 row in set
!ok

# fully qualified names reach a table from anywhere
use catalog default_catalog;
[INFO] Execute statement succeeded.
!info

show tables;
Empty set
!ok

show tables from c1.db1;
+------------+
| table name |
+------------+
|   t_in_db1 |
+------------+
1 row in set
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

select a from c1.db1.t_in_db1;
+---+
| a |
+---+
| 1 |
| 2 |
+---+
2 rows in set
!ok

select a from `c1`.`db1`.`t_in_db1` where a > 1;
+---+
| a |
+---+
| 2 |
+---+
1 row in set
!ok

select a from c1.db1.no_such_table;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 15 to line 1, column 34: Object 'c1.db1.no_such_table' not found
!error

# a database with tables can only be dropped with CASCADE
drop database c1.db1;
[ERROR] Could not execute SQL statement. Reason:
Cannot drop a database which is not empty.
!error

drop database c1.db1 cascade;
[INFO] Execute statement succeeded.
!info

drop database if exists c1.db1;
[INFO] Execute statement succeeded.
!info

drop database c1.db1;
[ERROR] Could not execute SQL statement. Reason:
Database db1 does not exist in Catalog c1.
!error

# the current catalog cannot be dropped
use catalog c1;
[INFO] Execute statement succeeded.
!info

drop catalog c1;
[ERROR] Could not execute SQL statement. Reason:
Cannot drop a catalog which is currently in use.
!error

use catalog default_catalog;
[INFO] Execute statement succeeded.
!info

drop catalog c1;
[INFO] Execute statement succeeded.
!info

show catalogs;
+-----------------+
|    catalog name |
+-----------------+
| default_catalog |
+-----------------+
1 row in set
!ok

drop catalog if exists c1;
[INFO] Execute statement succeeded.
!info
