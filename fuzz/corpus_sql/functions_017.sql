SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT REGEXP('abc', 'b'), REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 2), REGEXP_REPLACE('foobar', 'oo|ar', ''), REGEXP_EXTRACT_ALL('a1b22c333', '(\d+)', 1), REGEXP_COUNT('ababab', 'ab'), REGEXP_INSTR('xxab', 'ab');
