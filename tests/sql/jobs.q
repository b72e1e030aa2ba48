# jobs.q - the SQL client's job statements (SHOW JOBS, DESCRIBE JOB, STOP
# JOB) on the jobs this session started. Job ids and start times differ
# from run to run: --check compares them as '#'s.
# verify: skip SHOW JOBS lists the session's jobs, not rows of a query

SHOW JOBS;
Empty set
!ok

CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '10', 'rows-per-second' = '100000000');
[INFO] Execute statement succeeded.
!info

CREATE TABLE bh (x BIGINT) WITH ('connector' = 'blackhole');
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

INSERT INTO bh SELECT x FROM g;
[INFO] Complete execution of the SQL update statement.
!info

SELECT 42 AS n;
+----+-------------+
| op |           n |
+----+-------------+
| +I |          42 |
+----+-------------+
Received a total of 1 row
!ok

SHOW JOBS;
+----------------------------------+-------------------------------------------------+----------+-------------------------+
|                           job id |                                        job name |   status |              start time |
+----------------------------------+-------------------------------------------------+----------+-------------------------+
| ################################ | insert-into_default_catalog.default_database.bh | FINISHED | ####-##-## ##:##:##.### |
| ################################ |                                         collect | FINISHED | ####-##-## ##:##:##.### |
+----------------------------------+-------------------------------------------------+----------+-------------------------+
2 rows in set
!ok

STOP JOB '0123456789abcdef0123456789abcdef';
[ERROR] Could not execute SQL statement. Reason:
Could not stop job 0123456789abcdef0123456789abcdef: no job with this id was started in this session.
!error

STOP JOB '0123456789abcdef0123456789abcdef' WITH SAVEPOINT;
[ERROR] Could not execute SQL statement. Reason:
Could not stop job 0123456789abcdef0123456789abcdef: no job with this id was started in this session.
!error

STOP JOB;
[ERROR] Could not execute SQL statement. Reason:
STOP JOB needs a job id: STOP JOB '<job id>'.
!error

DESCRIBE JOB '0123456789abcdef0123456789abcdef';
[ERROR] Could not execute SQL statement. Reason:
Failed to get job 0123456789abcdef0123456789abcdef in the session: no job with this id was started here.
!error
