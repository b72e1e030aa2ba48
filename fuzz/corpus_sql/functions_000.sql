SET 'execution.runtime-mode' = 'batch';
