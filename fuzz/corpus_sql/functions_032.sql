SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT JSON_OBJECT('k' VALUE 1, 'n' VALUE CAST(NULL AS INT)), JSON_OBJECT('k' VALUE 1, 'n' VALUE CAST(NULL AS INT) ABSENT ON NULL), JSON_ARRAY(1, 'two', TRUE), JSON_STRING(ARRAY[1, 2]);
