SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
create table src (
  id int,
  str string
) with (
  'connector' = 'values'
);
