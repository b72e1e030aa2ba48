SET 'execution.runtime-mode' = 'streaming';
SET 'sql-client.execution.result-mode' = 'tableau';
SELECT id, CASE WHEN id = 1 THEN CAST(NULL AS STRING) ELSE str END AS str, CAST(NULL AS INT) AS nothing
FROM (VALUES (1, 'a'), (2, 'b')) as T(id, str);
