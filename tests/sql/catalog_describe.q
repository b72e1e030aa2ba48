# catalog_describe.q - DESCRIBE CATALOG, SHOW CREATE CATALOG, ALTER CATALOG / DATABASE,
# SHOW DATABASES of a qualified name (outputs as Flink's catalog_database.q shows them)

create catalog cat_comment comment 'hello ''catalog''' WITH ('type'='generic_in_memory', 'default-database'='db');
[INFO] Execute statement succeeded.
!info

show create catalog cat_comment;
+--------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                         result |
+--------------------------------------------------------------------------------------------------------------------------------+
| CREATE CATALOG `cat_comment`
COMMENT 'hello ''catalog'''
WITH (
  'default-database' = 'db',
  'type' = 'generic_in_memory'
)
 |
+--------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

describe catalog cat_comment;
+-----------+-------------------+
| info name |        info value |
+-----------+-------------------+
|      name |       cat_comment |
|      type | generic_in_memory |
|   comment |   hello 'catalog' |
+-----------+-------------------+
3 rows in set
!ok

describe catalog extended cat_comment;
+-------------------------+-------------------+
|               info name |        info value |
+-------------------------+-------------------+
|                    name |       cat_comment |
|                    type | generic_in_memory |
|                 comment |   hello 'catalog' |
| option:default-database |                db |
+-------------------------+-------------------+
4 rows in set
!ok

# IF NOT EXISTS keeps the first definition
create catalog if not exists cat_comment comment 'hello' with ('type' = 'generic_in_memory');
[INFO] Execute statement succeeded.
!info

desc catalog cat_comment;
+-----------+-------------------+
| info name |        info value |
+-----------+-------------------+
|      name |       cat_comment |
|      type | generic_in_memory |
|   comment |   hello 'catalog' |
+-----------+-------------------+
3 rows in set
!ok

create catalog cat2 WITH ('type'='generic_in_memory');
[INFO] Execute statement succeeded.
!info

alter catalog cat2 set ('default-database'='db_new');
[INFO] Execute statement succeeded.
!info

desc catalog extended cat2;
+-------------------------+-------------------+
|               info name |        info value |
+-------------------------+-------------------+
|                    name |              cat2 |
|                    type | generic_in_memory |
|                 comment |                   |
| option:default-database |            db_new |
+-------------------------+-------------------+
4 rows in set
!ok

show create catalog cat2;
+-------------------------------------------------------------------------------------------------+
|                                                                                          result |
+-------------------------------------------------------------------------------------------------+
| CREATE CATALOG `cat2`
WITH (
  'default-database' = 'db_new',
  'type' = 'generic_in_memory'
)
 |
+-------------------------------------------------------------------------------------------------+
1 row in set
!ok

alter catalog cat2 set ('type'='generic_in_memory');
[ERROR] Could not execute SQL statement. Reason:
ALTER CATALOG SET does not support changing 'type'
!error

alter catalog cat2 set ('k1'='v1');
[ERROR] Could not execute SQL statement. Reason:
Unsupported options found for 'generic_in_memory'.

Unsupported options:

k1

Supported options:

default-database
property-version
type
!error

alter catalog cat2 reset ('default-database', 'k1');
[INFO] Execute statement succeeded.
!info

alter catalog cat2 reset ('type');
[ERROR] Could not execute SQL statement. Reason:
ALTER CATALOG RESET does not support changing 'type'
!error

alter catalog cat2 reset ();
[ERROR] Could not execute SQL statement. Reason:
ALTER CATALOG RESET does not support empty key
!error

alter catalog cat2 comment 'comment for catalog ''cat2''';
[INFO] Execute statement succeeded.
!info

desc catalog extended cat2;
+-----------+----------------------------+
| info name |                 info value |
+-----------+----------------------------+
|      name |                       cat2 |
|      type |          generic_in_memory |
|   comment | comment for catalog 'cat2' |
+-----------+----------------------------+
3 rows in set
!ok

alter catalog cat2 comment '';
[INFO] Execute statement succeeded.
!info

show create catalog cat2;
+----------------------------------------------------------------+
|                                                         result |
+----------------------------------------------------------------+
| CREATE CATALOG `cat2`
WITH (
  'type' = 'generic_in_memory'
)
 |
+----------------------------------------------------------------+
1 row in set
!ok

alter catalog nope set ('default-database'='d');
[ERROR] Could not execute SQL statement. Reason:
Catalog nope does not exist.
!error

describe catalog nope;
[ERROR] Could not execute SQL statement. Reason:
Catalog nope does not exist.
!error

# the built-in catalog was not made by CREATE CATALOG: there is nothing to describe
describe catalog default_catalog;
[ERROR] Could not execute SQL statement. Reason:
Cannot obtain metadata information from Catalog default_catalog.
!error

# a dropped catalog takes its definition with it
drop catalog cat2;
[INFO] Execute statement succeeded.
!info

create catalog cat2 WITH ('type'='generic_in_memory');
[INFO] Execute statement succeeded.
!info

desc catalog extended cat2;
+-----------+-------------------+
| info name |        info value |
+-----------+-------------------+
|      name |              cat2 |
|      type | generic_in_memory |
|   comment |                   |
+-----------+-------------------+
3 rows in set
!ok

# ALTER DATABASE keeps the properties with the database
create database db2 comment 'db2_comment' with ('k1' = 'v1');
[INFO] Execute statement succeeded.
!info

alter database db2 set ('k1' = 'a', 'k2' = 'b');
[INFO] Execute statement succeeded.
!info

alter database no_db set ('k1' = 'a');
[ERROR] Could not execute SQL statement. Reason:
Database no_db does not exist in Catalog default_catalog.
!error

show databases in cat2.t;
[ERROR] Could not execute SQL statement. Reason:
Show databases from/in identifier [ cat2.t ] format error, catalog must be a single part identifier.
!error

show databases in cat2;
+---------------+
| database name |
+---------------+
|       default |
+---------------+
1 row in set
!ok
