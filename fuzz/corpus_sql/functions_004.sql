SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT CASE WHEN 1 > 2 THEN 'x' WHEN 2 > 1 THEN 'y' END, CASE 3 WHEN 1 THEN 'one' ELSE 'other' END, COALESCE(NULL, 2, 3), NULLIF(1, 1), IF(1 < 2, 'yes', 'no'), IFNULL(CAST(NULL AS INT), 7);
