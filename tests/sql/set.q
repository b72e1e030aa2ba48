# set.q - SET / RESET of session options, as the SQL client runs them.
# Adapted from Flink's sql-client set.q: options eddy does not use are
# accepted with a [WARNING] (ignored by --check), a bad value of an option
# eddy uses is an error, and SET; lists what was set.

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SET 'table.dml-sync' = 'true';
[INFO] Execute statement succeeded.
!info

# an option eddy does not use: kept, listed, warned about
SET 'table.sql-dialect' = 'default';
[INFO] Execute statement succeeded.
!info

SET 'execution.savepoint.path' = '/tmp/flink-savepoints/savepoint-cca7bc-bb1e257f0dab';
[INFO] Execute statement succeeded.
!info

# the old syntax without quotes
SET execution.runtime-mode = batch;
[INFO] Execute statement succeeded.
!info

set k1=v1;
[INFO] Execute statement succeeded.
!info

# list the configured options
SET;
+----------------------------------+-----------------------------------------------------+
|                              key |                                               value |
+----------------------------------+-----------------------------------------------------+
|           execution.runtime-mode |                                               batch |
|         execution.savepoint.path | /tmp/flink-savepoints/savepoint-cca7bc-bb1e257f0dab |
|                               k1 |                                                  v1 |
| sql-client.execution.result-mode |                                             tableau |
|                   table.dml-sync |                                                true |
|                table.sql-dialect |                                             default |
+----------------------------------+-----------------------------------------------------+
6 rows in set
!ok

# bad values of options eddy uses
SET 'parallelism.default' = 'many';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'many' for key 'parallelism.default'.
!error

SET 'execution.runtime-mode' = 'sometimes';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'sometimes' for key 'execution.runtime-mode'. Possible values: [STREAMING, BATCH, AUTOMATIC]
!error

SET 'table.dml-sync' = 'maybe';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'maybe' for key 'table.dml-sync'.
!error

SET 'table.local-time-zone' = 'Mars/Olympus_Mons';
[ERROR] Could not execute SQL statement. Reason:
The supported Zone ID is either a full name such as 'America/Los_Angeles', or a custom timezone id such as 'GMT-08:00', but configured Zone ID is 'Mars/Olympus_Mons'.
!error

SET 'table.display.max-column-width' = 'wide';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'wide' for key 'table.display.max-column-width'.
!error

SET 'sql-client.execution.result-mode' = 'spreadsheet';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'spreadsheet' for key 'sql-client.execution.result-mode'. Possible values: [TABLE, CHANGELOG, TABLEAU]
!error

# the values stay as they were
SET;
+----------------------------------+-----------------------------------------------------+
|                              key |                                               value |
+----------------------------------+-----------------------------------------------------+
|           execution.runtime-mode |                                               batch |
|         execution.savepoint.path | /tmp/flink-savepoints/savepoint-cca7bc-bb1e257f0dab |
|                               k1 |                                                  v1 |
| sql-client.execution.result-mode |                                             tableau |
|                   table.dml-sync |                                                true |
|                table.sql-dialect |                                             default |
+----------------------------------+-----------------------------------------------------+
6 rows in set
!ok

RESET 'k1';
[INFO] Execute statement succeeded.
!info

RESET 'execution.savepoint.path';
[INFO] Execute statement succeeded.
!info

SET;
+----------------------------------+---------+
|                              key |   value |
+----------------------------------+---------+
|           execution.runtime-mode |   batch |
| sql-client.execution.result-mode | tableau |
|                   table.dml-sync |    true |
|                table.sql-dialect | default |
+----------------------------------+---------+
4 rows in set
!ok

RESET table.dml-sync;
[INFO] Execute statement succeeded.
!info

SET table.local-time-zone = Europe/Berlin;
[INFO] Execute statement succeeded.
!info

# reset the configuration
RESET;
[INFO] Execute statement succeeded.
!info

SET;
Empty set
!ok

# the deprecated name of the column width option still works
SET 'sql-client.display.max-column-width' = '10';
[INFO] Execute statement succeeded.
!info

SELECT 'a string longer than ten' AS s;
+----+------------+
| op |          s |
+----+------------+
| +I | a strin... |
+----+------------+
Received a total of 1 row
!ok

RESET;
[INFO] Execute statement succeeded.
!info

SELECT 'a string longer than ten' AS s;
+----+--------------------------------+
| op |                              s |
+----+--------------------------------+
| +I |       a string longer than ten |
+----+--------------------------------+
Received a total of 1 row
!ok

SET 'execution.runtime-mode' = 'batch';
[INFO] Execute statement succeeded.
!info

SET 'parallelism.default' = '2';
[INFO] Execute statement succeeded.
!info

SELECT 1 AS x;
+---+
| x |
+---+
| 1 |
+---+
1 row in set
!ok

SET 'execution.runtime-mode' = 'STREAMING';
[INFO] Execute statement succeeded.
!info

SELECT 1 AS x;
+----+-------------+
| op |           x |
+----+-------------+
| +I |           1 |
+----+-------------+
Received a total of 1 row
!ok

# a syntax error in SET
SET 'key' 'value';
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. Encountered "<EOF>" at line 1, column 17.
Was expecting:
    "=" ...
!error
