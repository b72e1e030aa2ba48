SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT ARRAY_CONTAINS(ARRAY[1, 2], 2), ARRAY_POSITION(ARRAY[7, 8, 9], 9), ARRAY_REMOVE(ARRAY[1, 2, 1], 1), ARRAY_APPEND(ARRAY[1], 2), ARRAY_DISTINCT(ARRAY[1, 1, 2]), ARRAY_REVERSE(ARRAY[1, 2, 3]), ARRAY_SLICE(ARRAY[1, 2, 3, 4], 2, 3);
