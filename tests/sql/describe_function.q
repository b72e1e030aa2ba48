# describe_function.q - DESCRIBE FUNCTION [EXTENDED] of built-in functions
# (the rows and names of Flink's DescribeFunctionOperation; catalog and
# temporary C functions are covered by tests/api/test_udf.c, since the shell
# registers no implementations). Reserved words such as SUM and UPPER need
# back quotes, as in Flink.

describe function `SUM`;
+--------------------+------------+
|          info name | info value |
+--------------------+------------+
| is system function |       true |
|       is temporary |      false |
+--------------------+------------+
2 rows in set
!ok

describe function extended `SUM`;
+---------------------------+----------------+
|                 info name |     info value |
+---------------------------+----------------+
|        is system function |           true |
|              is temporary |          false |
|                      kind |      AGGREGATE |
|              requirements |             [] |
|          is deterministic |           true |
| supports constant folding |           true |
|                 signature | SUM(<NUMERIC>) |
+---------------------------+----------------+
7 rows in set
!ok

DESC FUNCTION EXTENDED `COUNT`;
+---------------------------+--------------+
|                 info name |   info value |
+---------------------------+--------------+
|        is system function |         true |
|              is temporary |        false |
|                      kind |    AGGREGATE |
|              requirements |           [] |
|          is deterministic |         true |
| supports constant folding |         true |
|                 signature | COUNT(<ANY>) |
+---------------------------+--------------+
7 rows in set
!ok

describe function extended `MAX`;
+---------------------------+----------------------+
|                 info name |           info value |
+---------------------------+----------------------+
|        is system function |                 true |
|              is temporary |                false |
|                      kind |            AGGREGATE |
|              requirements |                   [] |
|          is deterministic |                 true |
| supports constant folding |                 true |
|                 signature | MAX(<COMPARABLE>...) |
+---------------------------+----------------------+
7 rows in set
!ok

describe function extended `FIRST_VALUE`;
+---------------------------+----------------+
|                 info name |     info value |
+---------------------------+----------------+
|        is system function |           true |
|              is temporary |          false |
|                      kind |      AGGREGATE |
|              requirements |             [] |
|          is deterministic |           true |
| supports constant folding |           true |
|                 signature | FIRST_VALUE(*) |
+---------------------------+----------------+
7 rows in set
!ok

describe function no_such_function;
[ERROR] Could not execute SQL statement. Reason:
Function with the identifier 'no_such_function' doesn't exist.
!error

describe function c1.db.no_such_function;
[ERROR] Could not execute SQL statement. Reason:
Function with the identifier 'c1.db.no_such_function' doesn't exist.
!error
