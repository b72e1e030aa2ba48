SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SELECT TO_TIMESTAMP_LTZ(0, 0), CAST(TO_TIMESTAMP_LTZ(0, 0) AS TIMESTAMP(3)), CAST(TIMESTAMP '1970-01-01 00:00:00' AS TIMESTAMP_LTZ(3)), UNIX_TIMESTAMP('1970-01-01 08:00:01'), FROM_UNIXTIME(0);
