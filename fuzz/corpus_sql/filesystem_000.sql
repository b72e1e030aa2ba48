SET 'sql-client.execution.result-mode' = 'tableau';
