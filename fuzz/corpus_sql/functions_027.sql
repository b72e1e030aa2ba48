SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
SELECT ARRAY[1, 2, 3], ARRAY[1, 2][2], CARDINALITY(ARRAY['a', 'b']), ELEMENT(ARRAY[5]), MAP['a', 1, 'b', 2], MAP['a', 1]['a'], ROW(1, 'x');
