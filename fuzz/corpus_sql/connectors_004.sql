SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
CREATE TABLE seq (
  id INT,
  name STRING,
  price DECIMAL(6, 2),
  x DOUBLE
) WITH (
  'connector' = 'datagen',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '4',
  'fields.name.kind' = 'sequence', 'fields.name.start' = '100', 'fields.name.end' = '103',
  'fields.price.kind' = 'sequence', 'fields.price.start' = '10', 'fields.price.end' = '13',
  'fields.x.kind' = 'sequence', 'fields.x.start' = '-2', 'fields.x.end' = '1'
);
SET 'execution.runtime-mode' = 'batch';
