SET 'execution.runtime-mode' = 'streaming';
SET 'sql-client.execution.result-mode' = 'tableau';
SELECT * FROM (VALUES (1, 'Hello World')) as T(id, str) WHERE id > 5;
