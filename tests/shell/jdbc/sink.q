# sink.q - the jdbc sink: upserts on the primary key (streaming GROUP BY),
# appends without one, buffered flushes; read back through the connector.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info


CREATE TABLE totals (k STRING, cnt BIGINT, total INT, PRIMARY KEY (k) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'totals',
  'username' = 'eddy', 'password' = 's3cret-Pw', 'sink.buffer-flush.max-rows' = '2',
  'sink.buffer-flush.interval' = '0', 'sink.max-retries' = '1'
);
[INFO] Execute statement succeeded.
!info


CREATE TABLE log (k STRING, v INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'log',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info


CREATE VIEW src AS SELECT * FROM (VALUES ('a', 1), ('b', 10), ('a', 2), ('c', 100), ('b', 20), ('a', 3)) AS t(k, v);
[INFO] Execute statement succeeded.
!info


SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

INSERT INTO totals SELECT k, COUNT(*), SUM(v) FROM src GROUP BY k;
[INFO] Complete execution of the SQL update statement.
!info

INSERT INTO log SELECT k, v FROM src;
[INFO] Complete execution of the SQL update statement.
!info

# -D rows delete by key: a and b leave the HAVING once they are seen twice
CREATE TABLE singles (k STRING, cnt BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'singles',
  'username' = 'eddy', 'password' = 's3cret-Pw', 'sink.buffer-flush.max-rows' = '1'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO singles SELECT k, COUNT(*) FROM src GROUP BY k HAVING COUNT(*) < 2;
[INFO] Complete execution of the SQL update statement.
!info


SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT * FROM totals ORDER BY k;
+---+-----+-------+
| k | cnt | total |
+---+-----+-------+
| a |   3 |     6 |
| b |   2 |    30 |
| c |   1 |   100 |
+---+-----+-------+
3 rows in set
!ok

SELECT k, SUM(v) AS s FROM log GROUP BY k ORDER BY k;
+---+-----+
| k |   s |
+---+-----+
| a |   6 |
| b |  30 |
| c | 100 |
+---+-----+
3 rows in set
!ok


EXPLAIN INSERT INTO totals SELECT k, COUNT(*), SUM(v) FROM src GROUP BY k;
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
|                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                             result |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
| == Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.totals], fields=[k, EXPR$1, EXPR$2])
+- LogicalAggregate(group=[{0}], EXPR$1=[COUNT()], EXPR$2=[SUM($1)])
   +- LogicalProject(k=[$0], v=[$1])
      +- LogicalProject(k=[$0], v=[$1])
         +- LogicalValues(tuples=[[{ _UTF-16LE'a', 1 }, { _UTF-16LE'b', 10 }, { _UTF-16LE'a', 2 }, { _UTF-16LE'c', 100 }, { _UTF-16LE'b', 20 }, { _UTF-16LE'a', 3 }]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.totals], fields=[k, EXPR$1, EXPR$2])
+- HashAggregate(isMerge=[true], groupBy=[EXPR$0], select=[EXPR$0, Final_COUNT(count1$0) AS EXPR$1, Final_SUM(sum$1) AS EXPR$2])
   +- Exchange(distribution=[hash[EXPR$0]])
      +- LocalHashAggregate(groupBy=[EXPR$0], select=[EXPR$0, Partial_COUNT(*) AS count1$0, Partial_SUM(EXPR$1) AS sum$1])
         +- Values(tuples=[[{ _UTF-16LE'a', 1 }, { _UTF-16LE'b', 10 }, { _UTF-16LE'a', 2 }, { _UTF-16LE'c', 100 }, { _UTF-16LE'b', 20 }, { _UTF-16LE'a', 3 }]], values=[EXPR$0, EXPR$1])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.totals], fields=[k, EXPR$1, EXPR$2])
+- HashAggregate(isMerge=[true], groupBy=[EXPR$0], select=[EXPR$0, Final_COUNT(count1$0) AS EXPR$1, Final_SUM(sum$1) AS EXPR$2])
   +- Exchange(distribution=[hash[EXPR$0]])
      +- LocalHashAggregate(groupBy=[EXPR$0], select=[EXPR$0, Partial_COUNT(*) AS count1$0, Partial_SUM(EXPR$1) AS sum$1])
         +- Values(tuples=[[{ _UTF-16LE'a', 1 }, { _UTF-16LE'b', 10 }, { _UTF-16LE'a', 2 }, { _UTF-16LE'c', 100 }, { _UTF-16LE'b', 20 }, { _UTF-16LE'a', 3 }]], values=[EXPR$0, EXPR$1])
 |
+------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------+
1 row in set
!ok


CREATE TABLE ints (x INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'ints',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO ints VALUES (1);
[ERROR] Could not execute SQL statement. Reason:
Writing records to PostgreSQL table 'ints' (default_catalog.default_database.ints) failed: invalid input syntax for type date: "1"
!error

CREATE TABLE nosuch (k STRING, v INT) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:@PORT@/postgres', 'table-name' = 'nosuch',
  'username' = 'eddy', 'password' = 's3cret-Pw'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO nosuch SELECT k, v FROM src;
[ERROR] Could not execute SQL statement. Reason:
Writing PostgreSQL table 'nosuch' (default_catalog.default_database.nosuch) failed: relation "nosuch" does not exist
Statement: INSERT INTO nosuch(k, v) VALUES ($1, $2)
!error

