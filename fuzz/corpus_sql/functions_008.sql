SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT CAST(0.1 AS DECIMAL(10, 2)) + CAST(0.2 AS DECIMAL(10, 3)), CAST(10 AS DECIMAL(5, 0)) / CAST(3 AS DECIMAL(5, 0)), 1e0 / 3, PI() > 3.14, DEGREES(PI()), SIN(0), COS(0);
