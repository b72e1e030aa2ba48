SET 'execution.runtime-mode' = 'streaming';
