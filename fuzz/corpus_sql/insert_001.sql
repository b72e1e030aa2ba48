SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
