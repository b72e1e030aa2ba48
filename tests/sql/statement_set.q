# statement_set.q - BEGIN STATEMENT SET, END and EXECUTE STATEMENT SET.
# Adapted from Flink's sql-client statement_set.q (the newest client's
# messages) with the filesystem sinks replaced by 'print' (filesystem is not
# in eddy yet); the rows the print sinks write show up before the INFO line
# because eddy runs the job in this process.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

create table src (
  id int,
  str string
) with (
  'connector' = 'datagen',
  'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3',
  'fields.str.length' = '5'
);
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# test statement set with streaming insert
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

# the second INSERT of each set writes to a blackhole, so that what the
# print sink shows does not depend on how the two pipelines interleave
create table Discard (id int, str string) with ('connector' = 'blackhole');
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
[ERROR] Could not execute SQL statement. Reason:
org.apache.flink.table.gateway.service.utils.SqlExecutionException: Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

create table src (
  id int,
  str string
) with (
  'connector' = 'values'
);
[ERROR] Could not execute SQL statement. Reason:
Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

SELECT id, str FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi')) as T(id, str);
[ERROR] Could not execute SQL statement. Reason:
Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
[INFO] Execute statement succeeded.
!info

# an INSERT that does not validate is refused when it is added
INSERT INTO StreamingTable SELECT nothing FROM src;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 35 to line 1, column 41: Column 'nothing' not found in any table
!error

INSERT INTO Discard SELECT id * 100, 'from src' FROM src;
[INFO] Execute statement succeeded.
!info

END;
+I[1, Hello World]
+I[2, Hi]
+I[2, Hi]
+I[3, Hello]
+I[3, World]
+I[4, ADD]
+I[5, LINE]
[INFO] Complete execution of the SQL update statement.
!info

END;
[ERROR] Could not execute SQL statement. Reason:
No Statement Set to submit. 'END' statement should be used after 'BEGIN STATEMENT SET'.
!error

# ==========================================================================
# test statement set with batch inserts
# ==========================================================================

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

create table BatchTable (
id int,
str string
) with (
'connector' = 'print',
'print-identifier' = 'batch'
);
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
[ERROR] Could not execute SQL statement. Reason:
Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.
!error

INSERT INTO BatchTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
[INFO] Execute statement succeeded.
!info

END;
batch> +I[1, Hello World]
batch> +I[2, Hi]
batch> +I[2, Hi]
batch> +I[3, Hello]
batch> +I[3, World]
batch> +I[4, ADD]
batch> +I[5, LINE]
[INFO] Complete execution of the SQL update statement.
!info

# an empty statement set submits nothing
BEGIN STATEMENT SET;
[INFO] Execute statement succeeded.
!info

END;
[INFO] Execute statement succeeded.
!info

# ==========================================================================
# EXECUTE STATEMENT SET runs its INSERTs as one job, in one statement
# ==========================================================================

EXECUTE STATEMENT SET
BEGIN
  INSERT INTO BatchTable VALUES (10, 'ten; with a semicolon');
  INSERT INTO Discard SELECT id, 'src' FROM src WHERE id = 2;
END;
batch> +I[10, ten; with a semicolon]
[INFO] Complete execution of the SQL update statement.
!info

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

EXECUTE STATEMENT SET BEGIN
INSERT INTO StreamingTable VALUES (20, 'twenty');
END;
+I[20, twenty]
[INFO] Complete execution of the SQL update statement.
!info

EXECUTE STATEMENT SET BEGIN
INSERT INTO NoSuchTable VALUES (20, 'twenty');
END;
[ERROR] Could not execute SQL statement. Reason:
Cannot find table '`default_catalog`.`default_database`.`NoSuchTable`' in any of the catalogs [default_catalog], nor as a temporary table.
!error

# without table.dml-sync END submits the job and leaves it running
RESET 'table.dml-sync';
[INFO] Execute statement succeeded.
!info

BEGIN STATEMENT SET;
[INFO] Execute statement succeeded.
!info

INSERT INTO StreamingTable SELECT id, str FROM src WHERE id > 5;
[INFO] Execute statement succeeded.
!info

END;
[INFO] Submitting SQL update statement to the cluster...
[INFO] SQL update statement has been successfully submitted to the cluster:
Job ID:
!info
