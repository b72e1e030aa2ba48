SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SET 'table.local-time-zone' = 'Europe/Berlin';
SET 'table.local-time-zone' = 'UTC';
