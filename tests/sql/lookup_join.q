# lookup_join.q - lookup joins (FOR SYSTEM_TIME AS OF a processing time) as
# planned, without a server: EXPLAIN's LookupJoin node and the errors. The
# joins themselves run against PostgreSQL in tests/shell/jdbc/lookup.q.

CREATE TABLE orders (oid INT, cid INT, amount INT, pt AS PROCTIME()) WITH ('connector' = 'datagen', 'number-of-rows' = '5');
[INFO] Execute statement succeeded.
!info

CREATE TABLE customers (id INT, name STRING, country STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/db', 'table-name' = 'customers'
);
[INFO] Execute statement succeeded.
!info

CREATE TABLE generated (id INT, name STRING) WITH ('connector' = 'datagen');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
== Abstract Syntax Tree ==
LogicalProject(oid=[$0], name=[$5])
+- LogicalJoin(condition=[=($1, $4)], joinType=[inner])
   :- LogicalProject(oid=[$0], cid=[$1], amount=[$2], pt=[PROCTIME()])
   :  +- LogicalTableScan(table=[[default_catalog, default_database, orders]])
   +- LogicalTableScan(table=[[default_catalog, default_database, customers]])

== Optimized Physical Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[InnerJoin], lookup=[id=cid], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])

== Optimized Execution Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[InnerJoin], lookup=[id=cid], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])
!ok

EXPLAIN SELECT o.oid, c.name FROM orders AS o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c
  ON o.cid = c.id AND c.country = 'DE' AND o.amount > c.id;
== Abstract Syntax Tree ==
LogicalProject(oid=[$0], name=[$5])
+- LogicalJoin(condition=[AND(=($1, $4), =($6, _UTF-16LE'DE'), >($2, $4))], joinType=[left])
   :- LogicalProject(oid=[$0], cid=[$1], amount=[$2], pt=[PROCTIME()])
   :  +- LogicalTableScan(table=[[default_catalog, default_database, orders]])
   +- LogicalTableScan(table=[[default_catalog, default_database, customers]])

== Optimized Physical Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[LeftOuterJoin], lookup=[country=_UTF-16LE'DE', id=cid], where=[=(country, _UTF-16LE'DE')], joinCondition=[>(amount, id)], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])

== Optimized Execution Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[LeftOuterJoin], lookup=[country=_UTF-16LE'DE', id=cid], where=[(country = 'DE')], joinCondition=[(amount > id)], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])
!ok

SELECT o.oid, c.name FROM orders AS o JOIN generated FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
[ERROR] Could not execute SQL statement. Reason:
Processing-time temporal join is not supported yet.
!error

# a constant key alone is a lookup key (its literal in lookup=[..]); a literal the column's type cannot
# hold (an INT column against 5000000000) is only a condition
EXPLAIN SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON c.country = 'DE' AND c.id = 7;
== Abstract Syntax Tree ==
LogicalProject(oid=[$0], name=[$5])
+- LogicalJoin(condition=[AND(=($6, _UTF-16LE'DE'), =($4, 7))], joinType=[inner])
   :- LogicalProject(oid=[$0], cid=[$1], amount=[$2], pt=[PROCTIME()])
   :  +- LogicalTableScan(table=[[default_catalog, default_database, orders]])
   +- LogicalTableScan(table=[[default_catalog, default_database, customers]])

== Optimized Physical Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[InnerJoin], lookup=[country=_UTF-16LE'DE', id=7], where=[AND(=(country, _UTF-16LE'DE'), =(id, 7))], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])

== Optimized Execution Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[InnerJoin], lookup=[country=_UTF-16LE'DE', id=7], where=[((country = 'DE') AND (id = 7))], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])
!ok

EXPLAIN SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id AND c.id = 5000000000;
== Abstract Syntax Tree ==
LogicalProject(oid=[$0], name=[$5])
+- LogicalJoin(condition=[AND(=($1, $4), =(CAST($4):BIGINT NOT NULL, 5000000000:BIGINT))], joinType=[inner])
   :- LogicalProject(oid=[$0], cid=[$1], amount=[$2], pt=[PROCTIME()])
   :  +- LogicalTableScan(table=[[default_catalog, default_database, orders]])
   +- LogicalTableScan(table=[[default_catalog, default_database, customers]])

== Optimized Physical Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[InnerJoin], lookup=[id=cid], where=[=(CAST(id AS BIGINT NOT NULL), 5000000000:BIGINT)], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])

== Optimized Execution Plan ==
Calc(select=[oid, name])
+- LookupJoin(table=[default_catalog.default_database.customers], joinType=[InnerJoin], lookup=[id=cid], where=[(CAST(id AS BIGINT) = 5000000000)], select=[oid, cid, amount, pt, id, name, country])
   +- Calc(select=[oid, cid, amount, PROCTIME() AS pt])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[oid, cid, amount])
!ok

SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid + 1 = c.id;
[ERROR] Could not execute SQL statement. Reason:
Temporal table join requires an equality condition on fields of table [default_catalog.default_database.customers].
!error

SELECT o.oid, c.name FROM orders AS o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.oid > c.id;
[ERROR] Could not execute SQL statement. Reason:
Temporal table join requires an equality condition on fields of table [default_catalog.default_database.customers].
!error

CREATE TABLE full_cache (id INT, name STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/db', 'table-name' = 'customers', 'lookup.cache' = 'FULL'
);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN full_cache FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
[ERROR] Could not execute SQL statement. Reason:
not supported yet: 'lookup.cache' = 'FULL' (table default_catalog.default_database.full_cache)
!error

CREATE TABLE unbounded_cache (id INT, name STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/db', 'table-name' = 'customers', 'lookup.cache' = 'PARTIAL'
);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN unbounded_cache FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
[ERROR] Could not execute SQL statement. Reason:
Expiration duration and maximum size are not set for the cache. The cache will not have any eviction and could lead to potential memory issues as the cache size may grow infinitely.
!error

CREATE TABLE odd_cache (id INT, name STRING) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/db', 'table-name' = 'customers', 'lookup.cache' = 'SOME'
);
[INFO] Execute statement succeeded.
!info

SELECT o.oid, c.name FROM orders AS o JOIN odd_cache FOR SYSTEM_TIME AS OF o.pt AS c ON o.cid = c.id;
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'SOME' for key 'lookup.cache'.
!error
