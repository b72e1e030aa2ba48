CREATE TABLE orders (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT,
 ts TIMESTAMP(3),
 ptime AS PROCTIME(),
 PRIMARY KEY(`user`) NOT ENFORCED,
 WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS
) with (
 'connector' = 'datagen'
);
create temporary view v1 as select * from orders;
create temporary view if not exists v1 as select * from orders;
create temporary view if not exists v2 as select * from v1;
create view v1 as select * from orders;
create view permanent_v1 as select * from orders;
drop view permanent_v1;
create temporary view greetings(id, msg) as
  select * from (values (1, 'Hello'), (2, 'Hi'), (3, 'Hey')) as t(a, b);
SET 'sql-client.execution.result-mode' = 'tableau';
SET 'execution.runtime-mode' = 'batch';
drop temporary view v1;
drop temporary view v1;
