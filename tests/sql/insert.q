# insert.q - INSERT INTO connector tables, waited for (table.dml-sync) or
# left running, in both runtime modes.
# Adapted from Flink's sql-client insert.q with the filesystem sink replaced
# by 'print' and 'blackhole' (filesystem is not in eddy yet). Flink's print
# connector writes to the TaskManager's log; eddy runs the job in this
# process, so the +I[...] lines show up in the shell before the INFO line.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# test streaming insert
# ==========================================================================

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'print'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
+I[1, Hello World]
+I[2, Hi]
+I[2, Hi]
+I[3, Hello]
+I[3, World]
+I[4, ADD]
+I[5, LINE]
[INFO] Complete execution of the SQL update statement.
!info

create table Sequence (id int) with (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '4'
);
[INFO] Execute statement succeeded.
!info

create table Discard (id int, doubled bigint) with ('connector' = 'blackhole');
[INFO] Execute statement succeeded.
!info

INSERT INTO Discard SELECT id, CAST(id * 2 AS BIGINT) FROM Sequence;
[INFO] Complete execution of the SQL update statement.
!info

# a print sink with an identifier prefixes its lines
create table Labelled (id int) with ('connector' = 'print', 'print-identifier' = 'seq');
[INFO] Execute statement succeeded.
!info

INSERT INTO Labelled SELECT id FROM Sequence WHERE id > 2;
seq> +I[3]
seq> +I[4]
[INFO] Complete execution of the SQL update statement.
!info

# a column list and a static value
INSERT INTO StreamingTable (str, id) SELECT 'from a column list', id FROM Sequence WHERE id = 1;
+I[1, from a column list]
[INFO] Complete execution of the SQL update statement.
!info

# ==========================================================================
# errors
# ==========================================================================

INSERT INTO Sequence SELECT 1;
[ERROR] Could not execute SQL statement. Reason:
Connector 'datagen' can only be used as a source. It cannot be used as a sink.
!error

INSERT INTO NoSuchTable SELECT 1;
[ERROR] Could not execute SQL statement. Reason:
Cannot find table '`default_catalog`.`default_database`.`NoSuchTable`' in any of the catalogs [default_catalog], nor as a temporary table.
!error

INSERT INTO StreamingTable SELECT id FROM Sequence;
[ERROR] Could not execute SQL statement. Reason:
Column types of query result and sink for 'default_catalog.default_database.StreamingTable' do not match.
Cause: Different number of columns.

Query schema: [id: INT]
Sink schema:  [id: INT, str: STRING]
!error

INSERT OVERWRITE StreamingTable SELECT 1, 'x';
[ERROR] Could not execute SQL statement. Reason:
INSERT OVERWRITE requires that the underlying DynamicTableSink of table 'default_catalog.default_database.StreamingTable' implements the SupportsOverwrite interface.
!error

# ==========================================================================
# test batch insert
# ==========================================================================

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

create table BatchTable (
  id int,
  str string
) with (
  'connector' = 'print'
);
[INFO] Execute statement succeeded.
!info

INSERT INTO BatchTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
+I[1, Hello World]
+I[2, Hi]
+I[2, Hi]
+I[3, Hello]
+I[3, World]
+I[4, ADD]
+I[5, LINE]
[INFO] Complete execution of the SQL update statement.
!info

# ==========================================================================
# without table.dml-sync the INSERT is submitted and left running
# ==========================================================================

RESET 'table.dml-sync';
[INFO] Execute statement succeeded.
!info

INSERT INTO Discard SELECT id, CAST(id AS BIGINT) FROM (VALUES (1), (2)) AS T(id);
[INFO] Submitting SQL update statement to the cluster...
[INFO] SQL update statement has been successfully submitted to the cluster:
Job ID:
!info
