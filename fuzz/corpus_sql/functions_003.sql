SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT 3 BETWEEN 1 AND 5, 3 NOT BETWEEN 4 AND 1, 'b' IN ('a', 'b'), 5 IN (1, 2, NULL), 'abc' LIKE 'a_c', 'a%c' LIKE 'a\%c' ESCAPE '\';
