SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT POWER(2, 10), SQRT(16), EXP(0), LN(1), LOG10(1000), LOG2(8), LOG(2, 8), CEIL(1.2), FLOOR(-1.2), ROUND(2.567, 2), TRUNCATE(2.567, 1), SIGN(-3);
