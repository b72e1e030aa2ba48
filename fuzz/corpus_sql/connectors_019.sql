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
CREATE TABLE rnd (
  i INT,
  b BIGINT,
  s STRING,
  v VARCHAR(3),
  d DOUBLE,
  n INT,
  ts TIMESTAMP(3),
  a ARRAY<INT>
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '100',
  'rows-per-second' = '1000000',
  'fields.i.min' = '5', 'fields.i.max' = '5',
  'fields.b.min' = '-3', 'fields.b.max' = '3',
  'fields.s.length' = '7',
  'fields.d.min' = '0.5', 'fields.d.max' = '0.75',
  'fields.n.null-rate' = '1.0',
  'fields.ts.max-past' = '5 s',
  'fields.a.length' = '2'
);
CREATE TABLE bad_seq (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'sequence', 'fields.a.start' = '1');
CREATE TABLE bad_kind (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'incremental');
CREATE TABLE bad_rows (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = 'many');
CREATE TABLE bad_option (a INT) WITH ('connector' = 'datagen', 'bogus' = '1');
CREATE TABLE unbounded (a INT) WITH ('connector' = 'datagen');
CREATE TABLE p_plain (id INT, name STRING) WITH ('connector' = 'print');
CREATE TABLE p_id (id INT) WITH ('connector' = 'print', 'print-identifier' = 'seq');
