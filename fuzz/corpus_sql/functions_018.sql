SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT STR_TO_MAP('k1=v1,k2=v2'), REGEXP_SUBSTR('abc123def', '[0-9]+'), REGEXP('abc', '[');
