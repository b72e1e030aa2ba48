SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT 7 / 2, 7 % 3, -7 / 2.0, 1.5 * 2, CAST(1 AS TINYINT) + CAST(2 AS BIGINT), 10 / 4.0, MOD(-7, 3), ABS(-2.5);
