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
SET 'execution.runtime-mode' = 'batch';
create table BatchTable (
id int,
str string
) with (
'connector' = 'filesystem',
'path' = 'batch',
'format' = 'csv'
);
BEGIN STATEMENT SET;
