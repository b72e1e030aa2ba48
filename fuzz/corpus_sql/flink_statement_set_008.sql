SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
create table src (
  id int,
  str string
) with (
  'connector' = 'values'
);
SET 'execution.runtime-mode' = 'streaming';
create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'filesystem',
  'path' = 'streaming',
  'format' = 'csv'
);
SELECT id, str FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi')) as T(id, str);
