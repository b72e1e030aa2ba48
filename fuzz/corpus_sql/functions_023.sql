SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT TO_TIMESTAMP_LTZ(0, 0), TO_TIMESTAMP_LTZ(1500, 3), UNIX_TIMESTAMP('1970-01-01 00:00:10'), FROM_UNIXTIME(86400), FROM_UNIXTIME(0, 'yyyy-MM-dd'), CONVERT_TZ('1970-01-01 00:00:00', 'UTC', 'Asia/Shanghai');
