SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT POSITION('lo' IN 'hello'), LOCATE('l', 'hello', 4), INSTR('abcabc', 'c', 1, 2), OVERLAY('xxxxxtest' PLACING 'xxxx' FROM 6), LPAD('7', 3, '0'), RPAD('ab', 5, '.'), REPEAT('ab', 3), REVERSE('abc');
