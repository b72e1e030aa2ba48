# row_level.q - DELETE, UPDATE and TRUNCATE TABLE. No connector of eddy's
# deletes or updates rows in place, so each statement is validated (the
# table, its WHERE and SET expressions) and then fails with Flink's error for
# a sink without the ability; in streaming mode with Flink's mode error.

CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_ROWS_PATH', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

CREATE VIEW v AS SELECT 1 AS x;
[INFO] Execute statement succeeded.
!info

DELETE FROM t WHERE a > 1;
[ERROR] Could not execute SQL statement. Reason:
DELETE statement is not supported for streaming mode now.
!error

UPDATE t SET b = 'x' WHERE a = 1;
[ERROR] Could not execute SQL statement. Reason:
UPDATE statement is not supported for streaming mode now.
!error

TRUNCATE TABLE t;
[ERROR] Could not execute SQL statement. Reason:
TRUNCATE TABLE statement is not supported in streaming mode.
!error

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

DELETE FROM t WHERE a > 1;
[ERROR] Could not execute SQL statement. Reason:
Can't perform delete operation of the table default_catalog.default_database.t because the corresponding dynamic table sink has not yet implemented org.apache.flink.table.connector.sink.abilities.SupportsRowLevelDelete.
!error

DELETE FROM t;
[ERROR] Could not execute SQL statement. Reason:
Can't perform delete operation of the table default_catalog.default_database.t because the corresponding dynamic table sink has not yet implemented org.apache.flink.table.connector.sink.abilities.SupportsRowLevelDelete.
!error

UPDATE t AS r SET b = 'x', a = r.a + 1 WHERE r.a = 1;
[ERROR] Could not execute SQL statement. Reason:
Can't perform update operation of the table default_catalog.default_database.t because the corresponding dynamic table sink has not yet implemented org.apache.flink.table.connector.sink.abilities.SupportsRowLevelUpdate.
!error

TRUNCATE TABLE t;
[ERROR] Could not execute SQL statement. Reason:
TRUNCATE TABLE statement is not supported for the table default_catalog.default_database.t since the table hasn't implemented the interface org.apache.flink.table.connector.sink.abilities.SupportsTruncate.
!error

# validation comes first
DELETE FROM t WHERE nope > 1;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 21 to line 1, column 24: Column 'nope' not found in any table
!error

UPDATE t SET nope = 1;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 14 to line 1, column 17: Unknown target column 'nope'
!error

UPDATE t SET b = nope;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 18 to line 1, column 21: Column 'nope' not found in any table
!error

DELETE FROM missing;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 13 to line 1, column 19: Object 'missing' not found
!error

TRUNCATE TABLE missing;
[ERROR] Could not execute SQL statement. Reason:
Cannot find table '`default_catalog`.`default_database`.`missing`' in any of the catalogs [default_catalog], nor as a temporary table.
!error

TRUNCATE TABLE v;
[ERROR] Could not execute SQL statement. Reason:
TRUNCATE TABLE statement is not supported for view.
!error
