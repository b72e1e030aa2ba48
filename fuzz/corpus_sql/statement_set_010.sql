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
INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
