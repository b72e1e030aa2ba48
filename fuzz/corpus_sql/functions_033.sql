SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT CAST('42' AS INT), CAST(42 AS STRING), CAST('2021-08-21' AS DATE), CAST(1.999 AS DECIMAL(3, 2)), CAST(TRUE AS INT), CAST('1.5e2' AS DOUBLE), CAST(3.7 AS INT);
