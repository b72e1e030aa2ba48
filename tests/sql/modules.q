# modules.q - eddy has the core module (its built-in functions) and no other: SHOW [FULL] MODULES
# lists it, LOAD / USE / UNLOAD MODULE of other modules fail with Flink's messages (module.q); the
# core module can be unloaded (SHOW MODULES and SHOW FUNCTIONS then list none of it, built-in
# calls still resolve as in Flink, whose planner keeps its SQL operator table) and loaded again
SHOW MODULES;
+-------------+
| module name |
+-------------+
|        core |
+-------------+
1 row in set
!ok

SHOW FULL MODULES;
+-------------+------+
| module name | used |
+-------------+------+
|        core | TRUE |
+-------------+------+
1 row in set
!ok

LOAD MODULE core;
[ERROR] Could not execute SQL statement. Reason:
A module with name 'core' already exists
!error

LOAD MODULE myhive WITH ('type' = 'hive');
[ERROR] Could not execute SQL statement. Reason:
Property 'type' = 'hive' is not supported since module name is used to find module
!error

LOAD MODULE hive;
[ERROR] Could not execute SQL statement. Reason:
Could not find any factory for identifier 'hive' that implements 'org.apache.flink.table.factories.ModuleFactory' in the classpath.

Available factory identifiers are:

core
!error

USE MODULES core, core;
[ERROR] Could not execute SQL statement. Reason:
Module 'core' appears more than once
!error

USE MODULES hive, core;
[ERROR] Could not execute SQL statement. Reason:
No module with name 'hive' exists
!error

USE MODULES core;
[INFO] Execute statement succeeded.
!info

UNLOAD MODULE hive;
[ERROR] Could not execute SQL statement. Reason:
No module with name 'hive' exists
!error

UNLOAD MODULE core;
[INFO] Execute statement succeeded.
!info

SHOW MODULES;
Empty set
!ok

SHOW FULL MODULES;
Empty set
!ok

UNLOAD MODULE core;
[ERROR] Could not execute SQL statement. Reason:
No module with name 'core' exists
!error

USE MODULES core;
[ERROR] Could not execute SQL statement. Reason:
No module with name 'core' exists
!error

SHOW FUNCTIONS;
Empty set
!ok

SET 'sql-client.execution.result-mode' = 'tableau';
[INFO] Execute statement succeeded.
!info

SELECT UPPER('core') AS u;
+----+--------------------------------+
| op |                              u |
+----+--------------------------------+
| +I |                           CORE |
+----+--------------------------------+
Received a total of 1 row
!ok

LOAD MODULE core;
[INFO] Execute statement succeeded.
!info

LOAD MODULE core;
[ERROR] Could not execute SQL statement. Reason:
A module with name 'core' already exists
!error

SHOW MODULES;
+-------------+
| module name |
+-------------+
|        core |
+-------------+
1 row in set
!ok
