SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT SUBSTRING('hello' FROM 2 FOR 3), SUBSTR('hello', -3), TRIM('  x  '), LTRIM('  x'), RTRIM('x  '), TRIM(LEADING 'x' FROM 'xxaxx'), REPLACE('banana', 'a', 'o');
