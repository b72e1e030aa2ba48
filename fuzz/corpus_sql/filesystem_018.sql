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
create table Parts (
  v int,
  dt string,
  h int
) partitioned by (dt, h) with (
  'connector' = 'filesystem',
  'path' = 'batch2',
  'format' = 'json'
);
create table Lines (
  line string
) with (
  'connector' = 'filesystem',
  'path' = 'streaming2',
  'format' = 'raw'
);
INSERT INTO Lines VALUES ('1,one'), ('two,2'), ('3,three,extra'), ('4');
