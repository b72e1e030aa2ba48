# scan.q - the jdbc connector reading PostgreSQL (test-jdbc.sh starts the
# server and replaces the port): Flink's type mapping, both modes, the
# partitioned parallel scan, masked passwords, errors.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info


CREATE TABLE types (
  id INT, s SMALLINT, i INT, b BIGINT, r FLOAT, d DOUBLE, n DECIMAL(10, 2), ok BOOLEAN, dt DATE, t TIME,
  ts TIMESTAMP(3), tz TIMESTAMP_LTZ(3), v VARCHAR(20), tx STRING, `by` BYTES, ai ARRAY<INT>, `at` ARRAY<STRING>
) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'types',
  'username' = 'eddy', 'password' = 's3cret-Pw', 'driver' = 'org.postgresql.Driver'
);
[INFO] Execute statement succeeded.
!info


SHOW CREATE TABLE types;
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                  result |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| CREATE TABLE `default_catalog`.`default_database`.`types` (
  `id` INT,
  `s` SMALLINT,
  `i` INT,
  `b` BIGINT,
  `r` FLOAT,
  `d` DOUBLE,
  `n` DECIMAL(10, 2),
  `ok` BOOLEAN,
  `dt` DATE,
  `t` TIME(0),
  `ts` TIMESTAMP(3),
  `tz` TIMESTAMP(3) WITH LOCAL TIME ZONE,
  `v` VARCHAR(20),
  `tx` VARCHAR(2147483647),
  `by` VARBINARY(2147483647),
  `ai` ARRAY<INT>,
  `at` ARRAY<VARCHAR(2147483647)>
)
WITH (
  'connector' = 'jdbc',
  'driver' = 'org.postgresql.Driver',
  'password' = '****',
  'table-name' = 'types',
  'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres',
  'username' = 'eddy'
)
 |
+-------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok


SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SELECT * FROM types;
+----+-------------+--------+-------------+----------------------+--------------------------------+--------------------------------+--------------+--------+------------+----------+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
| op |          id |      s |           i |                    b |                              r |                              d |            n |     ok |         dt |        t |                      ts |                      tz |                              v |                             tx |                             by |                             ai |                             at |
+----+-------------+--------+-------------+----------------------+--------------------------------+--------------------------------+--------------+--------+------------+----------+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
| +I |           1 |      1 |         100 |          10000000000 |                            1.5 |                           2.25 |        12.34 |   TRUE | 2021-08-21 | 13:00:05 | 2021-08-21 13:00:05.123 | 2021-08-21 11:00:05.000 |                            abc |                   hello, world |                      x'0102ff' |                   [1, 2, null] |               [a b, c,d, null] |
| +I |           2 | <NULL> |      <NULL> |               <NULL> |                         <NULL> |                         <NULL> |       <NULL> | <NULL> |     <NULL> |   <NULL> |                  <NULL> |                  <NULL> |                         <NULL> |                         <NULL> |                         <NULL> |                         <NULL> |                         <NULL> |
| +I |           3 | -32768 | -2147483648 | -9223372036854775808 |                            NaN |                      -Infinity |        -0.01 |  FALSE | 1970-01-01 | 00:00:00 | 1970-01-01 00:00:00.000 | 1970-01-01 00:00:00.000 |                                |                             ü€ |                            x'' |                             [] |                             [] |
+----+-------------+--------+-------------+----------------------+--------------------------------+--------------------------------+--------------+--------+------------+----------+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
Received a total of 3 rows
!ok


SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT id, s, i, b, r, d, n, ok, dt, t FROM types /*+ OPTIONS('scan.fetch-size' = '2') */ ORDER BY id;
+----+--------+-------------+----------------------+--------+-----------+--------+--------+------------+----------+
| id |      s |           i |                    b |      r |         d |      n |     ok |         dt |        t |
+----+--------+-------------+----------------------+--------+-----------+--------+--------+------------+----------+
|  1 |      1 |         100 |          10000000000 |    1.5 |      2.25 |  12.34 |   TRUE | 2021-08-21 | 13:00:05 |
|  2 | <NULL> |      <NULL> |               <NULL> | <NULL> |    <NULL> | <NULL> | <NULL> |     <NULL> |   <NULL> |
|  3 | -32768 | -2147483648 | -9223372036854775808 |    NaN | -Infinity |  -0.01 |  FALSE | 1970-01-01 | 00:00:00 |
+----+--------+-------------+----------------------+--------+-----------+--------+--------+------------+----------+
3 rows in set
!ok

SELECT id, ts, tz, v, tx, `by`, ai, `at` FROM types ORDER BY id;
+----+-------------------------+-------------------------+--------+--------------+-----------+--------------+------------------+
| id |                      ts |                      tz |      v |           tx |        by |           ai |               at |
+----+-------------------------+-------------------------+--------+--------------+-----------+--------------+------------------+
|  1 | 2021-08-21 13:00:05.123 | 2021-08-21 11:00:05.000 |    abc | hello, world | x'0102ff' | [1, 2, null] | [a b, c,d, null] |
|  2 |                  <NULL> |                  <NULL> | <NULL> |       <NULL> |    <NULL> |       <NULL> |           <NULL> |
|  3 | 1970-01-01 00:00:00.000 | 1970-01-01 00:00:00.000 |        |           ü€ |       x'' |           [] |               [] |
+----+-------------------------+-------------------------+--------+--------------+-----------+--------------+------------------+
3 rows in set
!ok


CREATE TABLE orders (id BIGINT, amount INT, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres?user=eddy&password=s3cret-Pw',
  'table-name' = 'orders', 'scan.partition.column' = 'id', 'scan.partition.num' = '4',
  'scan.partition.lower-bound' = '1', 'scan.partition.upper-bound' = '998', 'scan.fetch-size' = '100'
);
[INFO] Execute statement succeeded.
!info


SET 'parallelism.default' = '3';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(*), SUM(amount), MIN(id), MAX(id) FROM orders;
+--------+---------+--------+--------+
| EXPR$0 |  EXPR$1 | EXPR$2 | EXPR$3 |
+--------+---------+--------+--------+
|    998 | 4985010 |      1 |    998 |
+--------+---------+--------+--------+
1 row in set
!ok

SELECT * FROM orders WHERE id > 995 ORDER BY id;
+-----+--------+
|  id | amount |
+-----+--------+
| 996 |   9960 |
| 997 |   9970 |
| 998 |   9980 |
+-----+--------+
3 rows in set
!ok

SET 'parallelism.default' = '1';
[INFO] Execute statement succeeded.
!info


SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

SELECT COUNT(*) AS cnt FROM orders /*+ OPTIONS('scan.partition.num' = '1') */ WHERE amount > 9950;
+----+----------------------+
| op |                  cnt |
+----+----------------------+
| +I |                    1 |
| -U |                    1 |
| +U |                    2 |
| -U |                    2 |
| +U |                    3 |
+----+----------------------+
Received a total of 5 rows
!ok


# errors
CREATE TABLE nosuch (id INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'nosuch',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM nosuch;
+----+-------------+
| op |          id |
+----+-------------+
[ERROR] Could not execute SQL statement. Reason:
Reading PostgreSQL table 'nosuch' (default_catalog.default_database.nosuch) failed: relation "nosuch" does not exist
Statement: SELECT id FROM nosuch
!ok


CREATE TABLE refused (id INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/postgres', 'table-name' = 'x',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM refused;
+----+-------------+
| op |          id |
+----+-------------+
[ERROR] Could not execute SQL statement. Reason:
Failed to connect to PostgreSQL at 'jdbc:postgresql://127.0.0.1:1/postgres' for table 'x' (default_catalog.default_database.refused): connection to server at "127.0.0.1", port 1 failed: Connection refused
	Is the server running on that host and accepting TCP/IP connections?
!ok


CREATE TABLE badpw (id INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'types',
  'username' = 'eddy', 'password' = 'wrong-Pw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM badpw;
+----+-------------+
| op |          id |
+----+-------------+
[ERROR] Could not execute SQL statement. Reason:
Failed to connect to PostgreSQL at 'jdbc:postgresql://127.0.0.1:@PORT@/postgres' for table 'types' (default_catalog.default_database.badpw): connection to server at "127.0.0.1", port @PORT@ failed: FATAL:  password authentication failed for user "eddy"
!ok


CREATE TABLE mismatch (id INT, v INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'types',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM mismatch;
+----+-------------+-------------+
| op |          id |           v |
+----+-------------+-------------+
[ERROR] Could not execute SQL statement. Reason:
Column 'v' of PostgreSQL table 'types' has type character varying, which cannot be read as INT (table default_catalog.default_database.mismatch).
!ok


CREATE TABLE tiny (id TINYINT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'types'
);
[INFO] Execute statement succeeded.
!info

SELECT * FROM tiny;
[ERROR] Could not execute SQL statement. Reason:
The PostgreSQL dialect doesn't support type: TINYINT (column 'id' of default_catalog.default_database.tiny).
!error


SELECT * FROM types /*+ OPTIONS('password' = '') */;
+----+-------------+--------+-------------+----------------------+--------------------------------+--------------------------------+--------------+--------+------------+----------+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
| op |          id |      s |           i |                    b |                              r |                              d |            n |     ok |         dt |        t |                      ts |                      tz |                              v |                             tx |                             by |                             ai |                             at |
+----+-------------+--------+-------------+----------------------+--------------------------------+--------------------------------+--------------+--------+------------+----------+-------------------------+-------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+--------------------------------+
[ERROR] Could not execute SQL statement. Reason:
Failed to connect to PostgreSQL at 'jdbc:postgresql://127.0.0.1:@PORT@/postgres' for table 'types' (default_catalog.default_database.types): connection to server at "127.0.0.1", port @PORT@ failed: fe_sendauth: no password supplied
!ok

SELECT * FROM orders /*+ OPTIONS('scan.partition.num' = '') */;
[ERROR] Could not execute SQL statement. Reason:
Could not parse value '' for key 'scan.partition.num'.
!error

SELECT * FROM orders /*+ OPTIONS('scan.partition.lower-bound' = '1000') */;
[ERROR] Could not execute SQL statement. Reason:
'scan.partition.lower-bound'='1000' must not be larger than 'scan.partition.upper-bound'='998'.
!error

SELECT * FROM types /*+ OPTIONS('url' = 'jdbc:mysql://127.0.0.1:3306/db') */;
[ERROR] Could not execute SQL statement. Reason:
Could not find any jdbc dialect factory that can handle url 'jdbc:mysql://127.0.0.1:3306/db'. eddy's 'jdbc' connector supports PostgreSQL only (jdbc:postgresql://host:port/database).
!error

SELECT * FROM types /*+ OPTIONS('sink.flush' = '1') */;
[ERROR] Could not execute SQL statement. Reason:
Unsupported options found for 'jdbc'.

Unsupported options:

sink.flush

Supported options:

connection.max-retry-timeout
connector
driver
lookup.cache
lookup.cache.caching-missing-key
lookup.cache.max-rows
lookup.cache.ttl
lookup.max-retries
lookup.partial-cache.cache-missing-key
lookup.partial-cache.expire-after-access
lookup.partial-cache.expire-after-write
lookup.partial-cache.max-rows
password
scan.auto-commit
scan.fetch-size
scan.partition.column
scan.partition.lower-bound
scan.partition.num
scan.partition.upper-bound
sink.buffer-flush.interval
sink.buffer-flush.max-rows
sink.max-retries
sink.parallelism
table-name
url
username
!error


# a lookup join against a jdbc table (lookup.q has the rest)
CREATE TABLE probe (k BIGINT, proc_time AS PROCTIME()) WITH (
  'connector' = 'datagen', 'number-of-rows' = '3', 'fields.k.kind' = 'sequence', 'fields.k.start' = '1',
  'fields.k.end' = '3'
);
[INFO] Execute statement succeeded.
!info

SELECT p.k, d.amount FROM probe AS p JOIN orders FOR SYSTEM_TIME AS OF p.proc_time AS d ON p.k = d.id;
+----+----------------------+-------------+
| op |                    k |      amount |
+----+----------------------+-------------+
| +I |                    1 |          10 |
| +I |                    2 |          20 |
| +I |                    3 |          30 |
+----+----------------------+-------------+
Received a total of 3 rows
!ok
