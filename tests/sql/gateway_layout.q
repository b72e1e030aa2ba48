# gateway_layout.q - the SQL gateway's result layout (blocks end in '!output'; none of the expected
# texts is a client [INFO] / [ERROR] line): statements without rows print the "result | OK" table,
# SHOW CREATE its text as it is, an error its message alone. Blocks from Flink's
# show_create_sensitive_options.q and set.q.

CREATE TABLE IF NOT EXISTS users (
 `id` BIGINT NOT NULL,
 name VARCHAR(32)
) with (
   'connector' = 'datagen',
   'url' = 'jdbc:mysql://localhost:3306/mydatabase',
   'table-name' = 'users',
   'username' = 'my_user',
   'password' = 'my_pass'
);
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

SHOW CREATE TABLE users;
!output
CREATE TABLE `default_catalog`.`default_database`.`users` (
  `id` BIGINT NOT NULL,
  `name` VARCHAR(32)
)
WITH (
  'connector' = 'datagen',
  'password' = '****',
  'table-name' = 'users',
  'url' = 'jdbc:mysql://localhost:3306/mydatabase',
  'username' = 'my_user'
)
!ok

create catalog c1 comment 'one' with ('type' = 'generic_in_memory');
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

SHOW CREATE CATALOG c1;
!output
CREATE CATALOG `c1`
COMMENT 'one'
WITH (
  'type' = 'generic_in_memory'
)
!ok

set 'table.sql-dialect' = 'default';
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

# set illegal value
set 'table.sql-dialect' = 'unknown';
!output
No enum constant org.apache.flink.table.api.SqlDialect.UNKNOWN
!error

set;
!output
+-------------------+---------+
|               key |   value |
+-------------------+---------+
| table.sql-dialect | default |
+-------------------+---------+
1 row in set
!ok

drop table users;
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

drop table users;
!output
Table with identifier 'default_catalog.default_database.users' does not exist.
!error
