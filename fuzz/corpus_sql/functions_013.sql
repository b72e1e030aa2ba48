SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT SPLIT_INDEX('a,b,c', ',', 1), SPLIT('a,b,,c', ','), TRANSLATE('www.apache.org', 'wapcheorg', ' APCHEcom'), ELT(2, 'a', 'b'), BTRIM('xxaxx', 'x'), STARTSWITH('abc', 'ab'), ENDSWITH('abc', 'b');
