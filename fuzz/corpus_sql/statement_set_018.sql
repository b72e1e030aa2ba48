SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
create table src (
  id int,
  str string
) with (
  'connector' = 'datagen',
  'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3',
  'fields.str.length' = '5'
);
SET 'execution.runtime-mode' = 'streaming';
create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'print'
);
create table Discard (id int, str string) with ('connector' = 'blackhole');
SET 'execution.runtime-mode' = 'batch';
create table BatchTable (
id int,
str string
) with (
'connector' = 'print',
'print-identifier' = 'batch'
);
BEGIN STATEMENT SET;
