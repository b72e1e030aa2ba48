# compiled_plan.q - COMPILE PLAN, EXECUTE PLAN and COMPILE AND EXECUTE PLAN
# with eddy's JSON plan (the statement it was compiled from, planned again
# when executed): executing the plan prints what executing the INSERT does;
# Flink's errors for an existing file, batch mode and a missing file.

CREATE TABLE src (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3',
  'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '3');
[INFO] Execute statement succeeded.
!info

CREATE TABLE snk (a INT, tag STRING) WITH ('connector' = 'print');
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

INSERT INTO snk SELECT a * 10, 'direct' FROM src WHERE a > 1;
+I[20, direct]
+I[30, direct]
[INFO] Complete execution of the SQL update statement.
!info

COMPILE PLAN '$VAR_PLAN_PATH/p.json' FOR INSERT INTO snk SELECT a * 10, 'direct' FROM src WHERE a > 1;
[INFO] Execute statement succeeded.
!info

EXECUTE PLAN '$VAR_PLAN_PATH/p.json';
+I[20, direct]
+I[30, direct]
[INFO] Complete execution of the SQL update statement.
!info

# an existing file: kept with IF NOT EXISTS, an error without, replaced with force-recompile
COMPILE PLAN '$VAR_PLAN_PATH/p.json' FOR INSERT INTO snk SELECT a, 'other' FROM src;
[ERROR] Could not execute SQL statement. Reason:
Cannot overwrite the plan file '$VAR_PLAN_PATH/p.json'. Either manually remove the file or, if you're debugging your job, set the option 'table.plan.force-recompile' to true.
!error

COMPILE PLAN '$VAR_PLAN_PATH/p.json' IF NOT EXISTS FOR INSERT INTO snk SELECT a, 'other' FROM src;
[INFO] Execute statement succeeded.
!info

EXECUTE PLAN '$VAR_PLAN_PATH/p.json';
+I[20, direct]
+I[30, direct]
[INFO] Complete execution of the SQL update statement.
!info

SET 'table.plan.force-recompile' = 'maybe';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'maybe' for key 'table.plan.force-recompile'.
!error

SET 'table.plan.force-recompile' = 'true';
[INFO] Execute statement succeeded.
!info

COMPILE PLAN '$VAR_PLAN_PATH/p.json' FOR INSERT INTO snk SELECT a, 'other' FROM src WHERE a = 1;
[INFO] Execute statement succeeded.
!info

EXECUTE PLAN '$VAR_PLAN_PATH/p.json';
+I[1, other]
[INFO] Complete execution of the SQL update statement.
!info

# a statement set, compiled and executed at once: one INSERT prints, the
# other writes a file table counted afterwards (two printing branches of one
# job would interleave their lines)
CREATE TABLE files (a INT, tag STRING) WITH ('connector' = 'filesystem', 'path' = '$VAR_PLAN_PATH/files', 'format' = 'csv');
[INFO] Execute statement succeeded.
!info

COMPILE AND EXECUTE PLAN '$VAR_PLAN_PATH/set.json' FOR STATEMENT SET BEGIN
INSERT INTO snk SELECT a, 'first' FROM src WHERE a = 1;
INSERT INTO files SELECT a, 'second' FROM src WHERE a = 2;
END;
+I[1, first]
[INFO] Complete execution of the SQL update statement.
!info

EXECUTE PLAN '$VAR_PLAN_PATH/set.json';
+I[1, first]
[INFO] Complete execution of the SQL update statement.
!info

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SELECT tag, COUNT(*) AS n FROM files GROUP BY tag;
+--------+---+
|    tag | n |
+--------+---+
| second | 2 |
+--------+---+
1 row in set
!ok

SET 'execution.runtime-mode' = 'streaming';
[INFO] Execute statement succeeded.
!info

# missing folders are made; a file in the way is an error
COMPILE PLAN '$VAR_PLAN_PATH/a/b/p.json' FOR INSERT INTO snk SELECT a, 'deep' FROM src WHERE a = 3;
[INFO] Execute statement succeeded.
!info

EXECUTE PLAN '$VAR_PLAN_PATH/a/b/p.json';
+I[3, deep]
[INFO] Complete execution of the SQL update statement.
!info

COMPILE PLAN '$VAR_PLAN_PATH/p.json/x.json' FOR INSERT INTO snk SELECT a, 'x' FROM src;
[ERROR] Could not execute SQL statement. Reason:
Failed to execute COMPILE PLAN statement: cannot write '$VAR_PLAN_PATH/p.json/x.json': Not a directory
!error

# the statement must plan
COMPILE PLAN 'bad.json' FOR INSERT INTO snk SELECT nope, 'x' FROM src;
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 52 to line 1, column 55: Column 'nope' not found in any table
!error

EXECUTE PLAN 'bad.json';
[ERROR] Could not execute SQL statement. Reason:
Cannot load Plan from file 'bad.json'.
!error

# a missing file, and one that holds no plan of eddy's (here a folder)
EXECUTE PLAN '$VAR_PLAN_PATH/snk.json';
[ERROR] Could not execute SQL statement. Reason:
Cannot load Plan from file '$VAR_PLAN_PATH/snk.json'.
!error

EXECUTE PLAN '$VAR_PLAN_PATH';
[ERROR] Could not execute SQL statement. Reason:
Cannot load Plan from file '$VAR_PLAN_PATH': it is not a plan eddy compiled (no "eddyPlanVersion": 1 with a "statement").
!error

# only INSERT and STATEMENT SET follow FOR
COMPILE PLAN '$VAR_PLAN_PATH/q.json' FOR SELECT 1;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. Encountered "SELECT" at line 1, column 50.
Was expecting one of:
    "INSERT" ...
    "STATEMENT" ...
    "UPSERT" ...
!error

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

COMPILE PLAN '$VAR_PLAN_PATH/b.json' FOR INSERT INTO snk SELECT a, 'b' FROM src;
[ERROR] Could not execute SQL statement. Reason:
The compiled plan feature is not supported in batch mode.
!error

EXECUTE PLAN '$VAR_PLAN_PATH/p.json';
[ERROR] Could not execute SQL statement. Reason:
The compiled plan feature is not supported in batch mode.
!error
