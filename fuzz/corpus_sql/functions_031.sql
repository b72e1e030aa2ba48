SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT JSON_QUERY('{"a": [1, 2]}', '$.a'), JSON_QUERY('{"a": 1}', '$.a' WITH CONDITIONAL ARRAY WRAPPER), JSON_QUERY('{"a": 1}', '$.b' EMPTY ARRAY ON EMPTY), '{"x": 1}' IS JSON, '[1' IS JSON, '1' IS JSON SCALAR;
