# explain_execute.q - EXPLAIN [details] EXECUTE <query | INSERT | STATEMENT SET> explains the
# statement EXECUTE wraps (Flink's SqlRichExplain takes SqlExecute), and EXECUTE PLAN reads a
# plan by a path relative to the working directory ($VAR_X_RELATIVE_PATH is $VAR_X_PATH
# relative to it, as Flink's gateway tests make it). Gateway layout; blocks after Flink's
# statement_set.q and insert.q (gateway).

create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = '$VAR_STREAMING_PATH',
  'format' = 'csv'
);
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

EXPLAIN EXECUTE SELECT * FROM StreamingTable;
!output
== Abstract Syntax Tree ==
LogicalProject(id=[$0], str=[$1])
+- LogicalTableScan(table=[[default_catalog, default_database, StreamingTable]])

== Optimized Physical Plan ==
TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])

== Optimized Execution Plan ==
TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])
!ok

EXPLAIN CHANGELOG_MODE EXECUTE SELECT * FROM StreamingTable;
!output
== Abstract Syntax Tree ==
LogicalProject(id=[$0], str=[$1])
+- LogicalTableScan(table=[[default_catalog, default_database, StreamingTable]])

== Optimized Physical Plan ==
TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str], changelogMode=[I])

== Optimized Execution Plan ==
TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])
!ok

EXPLAIN PLAN FOR EXECUTE INSERT INTO StreamingTable SELECT id, str FROM StreamingTable;
!output
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.StreamingTable], fields=[id, str])
+- LogicalProject(id=[$0], str=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, StreamingTable]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.StreamingTable], fields=[id, str])
+- TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.StreamingTable], fields=[id, str])
+- TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])
!ok

EXPLAIN EXECUTE STATEMENT SET BEGIN
INSERT INTO StreamingTable SELECT id, str FROM StreamingTable;
END;
!output
== Abstract Syntax Tree ==
LogicalSink(table=[default_catalog.default_database.StreamingTable], fields=[id, str])
+- LogicalProject(id=[$0], str=[$1])
   +- LogicalTableScan(table=[[default_catalog, default_database, StreamingTable]])

== Optimized Physical Plan ==
Sink(table=[default_catalog.default_database.StreamingTable], fields=[id, str])
+- TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])

== Optimized Execution Plan ==
Sink(table=[default_catalog.default_database.StreamingTable], fields=[id, str])
+- TableSourceScan(table=[[default_catalog, default_database, StreamingTable]], fields=[id, str])
!ok

# EXECUTE EXECUTE is no statement
EXPLAIN EXECUTE EXECUTE SELECT 1;
!output
org.apache.flink.table.api.SqlParserException: SQL parse failed. Encountered "EXECUTE" at line 1, column 17.
!error

COMPILE PLAN '$VAR_STREAMING_PLAN_PATH/plan.json' FOR INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello'));
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

EXECUTE PLAN '$VAR_STREAMING_PLAN_RELATIVE_PATH/plan.json';
!output
Job ID:
!info

SET 'table.dml-sync' = 'true';
!output
+--------+
| result |
+--------+
|     OK |
+--------+
1 row in set
!ok

EXECUTE PLAN '$VAR_STREAMING_PLAN_RELATIVE_PATH/plan.json';
!output
Job ID:
!info

SELECT * FROM StreamingTable;
!output
+----+----+-------+
| op | id |   str |
+----+----+-------+
| +I |  1 | Hello |
| +I |  1 | Hello |
+----+----+-------+
2 rows in set
!ok

EXECUTE PLAN '$VAR_STREAMING_PLAN_RELATIVE_PATH/none.json';
!output
Cannot load Plan from file '$VAR_STREAMING_PLAN_RELATIVE_PATH/none.json'.
!error
