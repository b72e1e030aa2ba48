# lookup.q - lookup joins on the jdbc connector (test-jdbc.sh starts the
# server and replaces the port): FOR SYSTEM_TIME AS OF a processing time,
# inner and LEFT, several rows per key, NULL keys, residual conditions, the
# partial cache, both modes, EXPLAIN and errors.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

CREATE TABLE customers (id INT, name STRING, country STRING, since DATE, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'customers',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

CREATE TABLE cached (id INT, name STRING, country STRING, since DATE) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'cust_cache',
  'username' = 'eddy', 'password' = 's3cret-Pw', 'lookup.cache' = 'PARTIAL',
  'lookup.partial-cache.max-rows' = '3', 'lookup.partial-cache.expire-after-write' = '1 h'
);
[INFO] Execute statement succeeded.
!info

CREATE TABLE phones (cid INT, kind STRING, num STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'phones',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

CREATE TEMPORARY VIEW orders AS
SELECT *, PROCTIME() AS pt FROM (VALUES (10, 1), (11, 2), (12, 9), (13, CAST(NULL AS INT)), (14, 1), (15, 3)) AS t(oid, cid);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name, c.country, c.since FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
+----+-------------+--------------------------------+--------------------------------+------------+
| op |         oid |                           name |                        country |      since |
+----+-------------+--------------------------------+--------------------------------+------------+
| +I |          10 |                          Alice |                             DE | 2020-01-01 |
| +I |          11 |                            Bob |                             US |     <NULL> |
| +I |          14 |                          Alice |                             DE | 2020-01-01 |
| +I |          15 |                          Carol |                             DE | 2021-06-30 |
+----+-------------+--------------------------------+--------------------------------+------------+
Received a total of 4 rows
!ok

CREATE TEMPORARY VIEW keys AS
SELECT *, PROCTIME() AS pt FROM (VALUES (20, 1), (21, 2), (22, 9), (23, 1), (24, 3), (25, 2)) AS t(oid, cid);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, o.cid, c.name FROM keys AS o LEFT JOIN cached FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id AND c.country = 'DE';
+----+-------------+-------------+--------------------------------+
| op |         oid |         cid |                           name |
+----+-------------+-------------+--------------------------------+
| +I |          20 |           1 |                          Alice |
| +I |          21 |           2 |                         <NULL> |
| +I |          22 |           9 |                         <NULL> |
| +I |          23 |           1 |                          Alice |
| +I |          24 |           3 |                          Carol |
| +I |          25 |           2 |                         <NULL> |
+----+-------------+-------------+--------------------------------+
Received a total of 6 rows
!ok

# a constant key: the table's rows whose country is 'DE', for every order (a key of its own in the lookup)
SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON c.country = 'DE' AND o.oid < 12;
+----+-------------+--------------------------------+
| op |         oid |                           name |
+----+-------------+--------------------------------+
| +I |          10 |                          Alice |
| +I |          10 |                          Carol |
| +I |          11 |                          Alice |
| +I |          11 |                          Carol |
+----+-------------+--------------------------------+
Received a total of 4 rows
!ok

SELECT o.oid, p.kind, p.num FROM orders AS o LEFT JOIN phones FOR SYSTEM_TIME AS OF o.pt AS p ON o.cid = p.cid AND p.num > CAST(o.oid AS STRING);
+----+-------------+--------------------------------+--------------------------------+
| op |         oid |                           kind |                            num |
+----+-------------+--------------------------------+--------------------------------+
| +I |          10 |                           home |                            111 |
| +I |          10 |                           work |                            112 |
| +I |          11 |                         <NULL> |                         <NULL> |
| +I |          12 |                         <NULL> |                         <NULL> |
| +I |          13 |                         <NULL> |                         <NULL> |
| +I |          14 |                         <NULL> |                         <NULL> |
| +I |          15 |                           home |                            333 |
+----+-------------+--------------------------------+--------------------------------+
Received a total of 7 rows
!ok

EXPLAIN SELECT o.oid, c.name FROM orders AS o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id AND c.country = 'DE' AND o.oid > c.id;
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                         result |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalProject(oid=[$0], name=[$4])
+- LogicalJoin(condition=[AND(=($1, $3), =($5, _UTF-16LE'DE'), >($0, $3))], joinType=[left])
   :- LogicalProject(oid=[$0], cid=[$1], pt=[PROCTIME()])
   :  +- LogicalProject(oid=[$0], cid=[$1])
   :     +- LogicalValues(tuples=[[{ 10, 1 }, { 11, 2 }, { 12, 9 }, { 13, null:INTEGER }, { 14, 1 }, { 15, 3 }]])
   +- LogicalTableScan(table=[[default_catalog, default_database, customers]])

== Optimized Physical Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[LeftOuterJoin], lookup=[country=_UTF-16LE'DE', id=cid], where=[=(country, _UTF-16LE'DE')], joinCondition=[>(oid, id)], select=[oid, cid, pt, id, name, country, since])
   +- Calc(select=[EXPR$0 AS oid, EXPR$1 AS cid, PROCTIME() AS pt])
      +- Values(type=[RecordType(INTEGER EXPR$0, INTEGER EXPR$1)], tuples=[[{ 10, 1 }, { 11, 2 }, { 12, 9 }, { 13, null:INTEGER }, { 14, 1 }, { 15, 3 }]])

== Optimized Execution Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[LeftOuterJoin], lookup=[country=_UTF-16LE'DE', id=cid], where=[(country = 'DE')], joinCondition=[(oid > id)], select=[oid, cid, pt, id, name, country, since])
   +- Calc(select=[EXPR$0 AS oid, EXPR$1 AS cid, PROCTIME() AS pt])
      +- Values(tuples=[[{ 10, 1 }, { 11, 2 }, { 12, 9 }, { 13, null:INTEGER }, { 14, 1 }, { 15, 3 }]])
 |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
+-----+-------+
| oid |  name |
+-----+-------+
|  10 | Alice |
|  11 |   Bob |
|  14 | Alice |
|  15 | Carol |
+-----+-------+
4 rows in set
!ok

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

CREATE TABLE bad_cache (id INT, name STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'customers',
  'lookup.cache.max-rows' = '10'
);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN bad_cache FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
[ERROR] Could not execute SQL statement. Reason:
Either all or none of the following options should be provided:
lookup.cache.max-rows
lookup.cache.ttl
!error

CREATE TABLE bad_retries (id INT, name STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'customers',
  'lookup.max-retries' = '-1'
);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN bad_retries FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
[ERROR] Could not execute SQL statement. Reason:
The value of 'lookup.max-retries' option shouldn't be negative, but is -1.
!error

CREATE TABLE no_server (id INT, name STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/postgres', 'table-name' = 'customers',
  'lookup.max-retries' = '0'
);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN no_server FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
+----+-------------+--------------------------------+
| op |         oid |                           name |
+----+-------------+--------------------------------+
[ERROR] Could not execute SQL statement. Reason:
Failed to connect to PostgreSQL at 'jdbc:postgresql://127.0.0.1:1/postgres' for table 'customers' (default_catalog.default_database.no_server): connection to server at "127.0.0.1", port 1 failed: Connection refused
	Is the server running on that host and accepting TCP/IP connections?
!ok

SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid + 1 = c.id;
[ERROR] Could not execute SQL statement. Reason:
Temporal table join requires an equality condition on fields of table [default_catalog.default_database.customers].
!error
