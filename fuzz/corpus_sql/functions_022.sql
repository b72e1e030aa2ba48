SET 'execution.runtime-mode' = 'batch';
SET 'table.local-time-zone' = 'UTC';
SELECT DATE_FORMAT(TIMESTAMP '2021-08-21 13:45:12', 'yyyy/MM/dd HH:mm'), TO_DATE('2021-08-21'), TO_DATE('21.08.2021', 'dd.MM.yyyy'), TO_TIMESTAMP('2021-08-21 13:45:12'), TO_TIMESTAMP('21/08/2021 13', 'dd/MM/yyyy HH');
