SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT JSON_VALUE('{"a": {"b": 1}}', '$.a.b'), JSON_VALUE('{"a": 1}', '$.x' DEFAULT 'none' ON EMPTY), JSON_VALUE('{"a": "2"}', '$.a' RETURNING INT), JSON_EXISTS('{"a": [1]}', '$.a[0]'), JSON_EXISTS('{"a": 1}', 'strict $.b' FALSE ON ERROR);
