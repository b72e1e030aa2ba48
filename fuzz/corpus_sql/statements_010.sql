SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
SET 'execution.runtime-mode' = 'batch';
CREATE TABLE base (
  id INT,
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3'
);
CREATE TABLE derived (extra INT) WITH ('number-of-rows' = '2') LIKE base;
CREATE TABLE derived2 WITH ('connector' = 'blackhole') LIKE base (EXCLUDING OPTIONS EXCLUDING WATERMARKS);
CREATE TABLE nocols WITH ('connector' = 'blackhole');
CREATE TABLE nocols2;
SHOW CREATE TABLE nocols;
