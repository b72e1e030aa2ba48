# procedures.q - SHOW PROCEDURES and CALL: the generic in-memory catalog
# holds no procedures, so the list is empty and a CALL resolves to nothing.

SHOW PROCEDURES;
Empty set
!ok

CREATE DATABASE db1;
[INFO] Execute statement succeeded.
!info

SHOW PROCEDURES FROM db1;
Empty set
!ok

SHOW PROCEDURES IN default_catalog.db1 LIKE 'gen%';
Empty set
!ok

SHOW PROCEDURES FROM default_catalog.db1 NOT ILIKE 'x';
Empty set
!ok

SHOW PROCEDURES FROM nodb;
[ERROR] Could not execute SQL statement. Reason:
Fail to show procedures because the Database `nodb` to show from/in does not exist in Catalog `default_catalog`.
!error

SHOW PROCEDURES IN nocat.db1;
[ERROR] Could not execute SQL statement. Reason:
A catalog with name [nocat] does not exist.
!error

CALL `system`.generate_n(4);
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 6 to line 1, column 27: No match found for function signature generate_n(<NUMERIC>)
!error

CALL default_catalog.db1.p('a', TRUE, NULL, 1.5, x'01');
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 6 to line 1, column 55: No match found for function signature p(<CHARACTER>, <BOOLEAN>, <NULL>, <NUMERIC>, <BINARY>)
!error

CALL p();
[ERROR] Could not execute SQL statement. Reason:
SQL validation failed. From line 1, column 6 to line 1, column 8: No match found for function signature p()
!error

CALL 1 + 2;
[ERROR] Could not execute SQL statement. Reason:
SQL parse failed. CALL expects a procedure call such as `sys`.proc(1). (at line 1, column 6)
!error
