# explain.q - EXPLAIN [PLAN FOR] of queries, INSERTs and statement sets, as
# the SQL client prints it (the plan text, not a table).

CREATE TABLE orders (
 id INT,
 product STRING,
 amount INT,
 tags ARRAY<STRING>
) WITH (
 'connector' = 'datagen'
);
[INFO] Execute statement succeeded.
!info

CREATE TABLE sink (id INT, tag STRING) WITH ('connector' = 'blackhole');
[INFO] Execute statement succeeded.
!info

EXPLAIN SELECT id, amount + 1 AS a FROM orders WHERE amount > 10;
== Abstract Syntax Tree ==
LogicalProject(id=[$0], a=[+($2, 1)])
+- LogicalFilter(condition=[>($2, 10)])
   +- LogicalTableScan(table=[[default_catalog, default_database, orders]])

== Optimized Physical Plan ==
Calc(select=[id, +(amount, 1) AS a], where=[>(amount, 10)])
+- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])

== Optimized Execution Plan ==
Calc(select=[id, (amount + 1) AS a], where=[(amount > 10)])
+- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])
!ok

EXPLAIN PLAN FOR INSERT INTO sink SELECT id, tag FROM orders CROSS JOIN UNNEST(tags) AS T(tag);
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.sink], fields=[id, tag])
+- LogicalProject(id=[$0], tag=[$4])
   +- LogicalProject(id=[$0], product=[$1], amount=[$2], tags=[$3], tag=[$4])
      +- LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{3}])
         :- LogicalTableScan(table=[[default_catalog, default_database, orders]])
         +- Uncollect
            +- LogicalProject(tags=[$cor0.tags])
               +- LogicalValues(tuples=[[{ 0 }]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.sink], fields=[id, tag])
+- Calc(select=[id, f0 AS tag])
   +- Correlate(invocation=[$UNNEST_ROWS$1($cor0.tags)], correlate=[table($UNNEST_ROWS$1($cor0.tags))], select=[id,product,amount,tags,f0], rowType=[RecordType(INTEGER id, VARCHAR(2147483647) product, INTEGER amount, VARCHAR(2147483647) ARRAY tags, VARCHAR(2147483647) f0)], joinType=[INNER])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.sink], fields=[id, tag])
+- Calc(select=[id, f0 AS tag])
   +- Correlate(invocation=[$UNNEST_ROWS$1($cor0.tags)], correlate=[table($UNNEST_ROWS$1($cor0.tags))], select=[id,product,amount,tags,f0], rowType=[RecordType(INTEGER id, VARCHAR(2147483647) product, INTEGER amount, VARCHAR(2147483647) ARRAY tags, VARCHAR(2147483647) f0)], joinType=[INNER])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])
!ok

EXPLAIN CHANGELOG_MODE SELECT product FROM orders WHERE product LIKE 'a%';
== Abstract Syntax Tree ==
LogicalProject(product=[$1])
+- LogicalFilter(condition=[LIKE($1, _UTF-16LE'a%')])
   +- LogicalTableScan(table=[[default_catalog, default_database, orders]])

== Optimized Physical Plan ==
Calc(select=[product], where=[LIKE(product, _UTF-16LE'a%')], changelogMode=[I])
+- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags], changelogMode=[I])

== Optimized Execution Plan ==
Calc(select=[product], where=[LIKE(product, 'a%')])
+- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])
!ok

EXPLAIN SELECT product, COUNT(*) FROM orders GROUP BY product;
== Abstract Syntax Tree ==
LogicalAggregate(group=[{0}], EXPR$1=[COUNT()])
+- LogicalProject(product=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, orders]])

== Optimized Physical Plan ==
GroupAggregate(groupBy=[product], select=[product, COUNT(*) AS EXPR$1])
+- Exchange(distribution=[hash[product]])
   +- Calc(select=[product])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])

== Optimized Execution Plan ==
GroupAggregate(groupBy=[product], select=[product, COUNT(*) AS EXPR$1])
+- Exchange(distribution=[hash[product]])
   +- Calc(select=[product])
      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[id, product, amount, tags])
!ok
