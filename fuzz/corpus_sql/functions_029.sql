SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT ARRAY_SORT(ARRAY[3, 1, 2]), ARRAY_UNION(ARRAY[1, 2], ARRAY[2, 3]), ARRAY_JOIN(ARRAY['a', 'b'], '+'), ARRAY_MAX(ARRAY[1, 9, 4]), MAP_KEYS(MAP['a', 1, 'b', 2]), MAP_VALUES(MAP['a', 1]), MAP_FROM_ARRAYS(ARRAY['x', 'y'], ARRAY[1, 2]);
