# print_time_cost.q - sql-client.display.print-time-cost: a boolean; false (what Flink's own
# harness sets, and the default outside interactive sessions) leaves footers without the time
SET 'sql-client.display.print-time-cost' = 'false';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES (1), (2)) AS t(x);
+----+-------------+
| op |           x |
+----+-------------+
| +I |           1 |
| +I |           2 |
+----+-------------+
Received a total of 2 rows
!ok

SET 'sql-client.display.print-time-cost' = 'sometimes';
[ERROR] Could not execute SQL statement. Reason:
Could not parse value 'sometimes' for key 'sql-client.display.print-time-cost'.
!error

RESET 'sql-client.display.print-time-cost';
[INFO] Execute statement succeeded.
!info

SELECT * FROM (VALUES (1)) AS t(x);
+----+-------------+
| op |           x |
+----+-------------+
| +I |           1 |
+----+-------------+
Received a total of 1 row
!ok
