SET 'execution.runtime-mode' = 'streaming';
SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.local-time-zone' = 'Asia/Shanghai';
SET 'table.local-time-zone' = 'UTC';
