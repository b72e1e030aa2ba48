# The SQL client's result modes in a script: tableau (streaming: the op
# column, widths from types, "Received a total of N rows"), changelog (one
# Row.toString line per change) and table (the result materialized: the
# changelog applied, final rows printed as a batch result).

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES ('Alice', 12), ('Bob', 5)) AS t(name, score);
+----+--------------------------------+-------------+
| op |                           name |       score |
+----+--------------------------------+-------------+
| +I |                          Alice |          12 |
| +I |                            Bob |           5 |
+----+--------------------------------+-------------+
Received a total of 2 rows
!ok

SET 'sql-client.execution.result-mode' = 'changelog';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES ('Alice', 12), ('Bob', 5)) AS t(name, score);
+I[Alice, 12]
+I[Bob, 5]
!ok

SET 'sql-client.execution.result-mode' = 'table';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES ('Alice', 12), ('Bob', 5)) AS t(name, score);
+-------+-------+
|  name | score |
+-------+-------+
| Alice |    12 |
|   Bob |     5 |
+-------+-------+
2 rows in set
!ok

SELECT * FROM (VALUES ('Alice', 12)) AS t(name, score) WHERE score > 100;
Empty set
!ok

SET 'sql-client.execution.result-mode' = 'TABLE';
[INFO] Execute statement succeeded.
!info

SET;
+----------------------------------+-------+
|                              key | value |
+----------------------------------+-------+
| sql-client.execution.result-mode | TABLE |
+----------------------------------+-------+
1 row in set
!ok
