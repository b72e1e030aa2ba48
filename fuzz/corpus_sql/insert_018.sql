SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
SET 'execution.runtime-mode' = 'streaming';
create table StreamingTable (
  id int,
  str string
) with (
  'connector' = 'print'
);
create table Sequence (id int) with (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '4'
);
create table Discard (id int, doubled bigint) with ('connector' = 'blackhole');
create table Labelled (id int) with ('connector' = 'print', 'print-identifier' = 'seq');
SET 'execution.runtime-mode' = 'batch';
create table BatchTable (
  id int,
  str string
) with (
  'connector' = 'print'
);
RESET 'table.dml-sync';
