SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT GREATEST(1, 5, 3), LEAST('b', 'a', 'c'), GREATEST(1, CAST(NULL AS INT)), 'abc' SIMILAR TO '(a|b)+c', 'x' NOT SIMILAR TO 'y';
