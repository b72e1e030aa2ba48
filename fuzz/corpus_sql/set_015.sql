SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
SET 'table.sql-dialect' = 'default';
SET 'execution.savepoint.path' = '/tmp/flink-savepoints/savepoint-cca7bc-bb1e257f0dab';
SET execution.runtime-mode = batch;
set k1=v1;
SET;
SET;
RESET 'k1';
