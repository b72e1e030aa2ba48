SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT 1 < 2, 'a' <> 'b', NULL IS NULL, 1 IS DISTINCT FROM NULL, TRUE AND NULL, FALSE AND NULL, TRUE OR NULL, NOT UNKNOWN;
