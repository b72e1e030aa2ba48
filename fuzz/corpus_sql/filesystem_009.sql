SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
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
INSERT INTO BatchTable SELECT * FROM (VALUES (1, 'Hello World'), (2, 'Hi'), (2, 'Hi'), (3, 'Hello'), (3, 'World'), (4, 'ADD'), (5, 'LINE'));
