SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT PRINTF('%5.2f|%-4d|%s|%08X', 3.14159, 42, 'str', 255), CHAR_LENGTH(UUID()), ASCII('A'), CHR(66);
