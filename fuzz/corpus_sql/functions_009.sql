SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT 2147483647 + 1, CAST(9223372036854775807 AS BIGINT), BIN(12), HEX(255), HEX('abc');
