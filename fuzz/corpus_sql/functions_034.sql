SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT TRY_CAST('abc' AS INT), TRY_CAST('2021-13-01' AS DATE), CAST(CAST(1 AS TINYINT) AS STRING), CAST(ARRAY[1, 2] AS ARRAY<STRING>), TYPEOF(1.5), TYPEOF(CAST(NULL AS BIGINT));
