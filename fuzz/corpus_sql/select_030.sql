SET 'execution.runtime-mode' = 'streaming';
SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.local-time-zone' = 'Asia/Shanghai';
SET 'table.local-time-zone' = 'UTC';
CREATE TEMPORARY VIEW
  testUserData(name, dob, isHappy)
AS (VALUES
  ('30b5c1bb-0ac0-43d3-b812-fcb649fd2b07', TIMESTAMP '2001-01-13 20:11:11.123', true),
  ('91170c98-2cc5-4935-9ea6-12b72d32fb3c', TIMESTAMP '1994-02-14 21:12:11.123', true),
  ('8b012d93-6ece-48ad-a2ea-aa75ef7b1d60', TIMESTAMP '1979-03-15 22:13:11.123', false),
  ('09969d9e-d584-11eb-b8bc-0242ac130003', TIMESTAMP '1985-04-16 23:14:11.123', true)
);
SET 'table.display.max-column-width' = '10';
SET 'table.display.max-column-width' = '40';
SET 'sql-client.display.max-column-width' = '10';
SET 'sql-client.display.max-column-width' = '40';
SET 'sql-client.display.max-column-width' = '30';
SET 'sql-client.execution.result-mode' = 'changelog';
SET 'sql-client.execution.result-mode' = 'tableau';
CREATE TABLE seq (id INT, tag STRING) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5',
  'fields.tag.length' = '4'
);
SET 'execution.runtime-mode' = 'batch';
