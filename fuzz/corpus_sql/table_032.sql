alter table if exists non_exist rename to non_exist2;
CREATE TABLE IF NOT EXISTS orders (
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
SET 'table.display.max-column-width' = '10';
RESET 'table.display.max-column-width';
alter table orders rename to orders2;
drop table orders2;
drop table if exists orders2;
create temporary table tbl1 (
  id int,
  str string
) with (
  'connector' = 'print'
);
drop temporary table tbl1;
create table bad1 (a int) with ('connector' = 'no-such-connector');
create table bad2 (a int) with ('connector' = 'datagen', 'rows-per-hour' = '5');
create table bad3 (a int) with ('number-of-rows' = '5');
create table bad4 (a int) with ('connector' = 'datagen', 'number-of-rows' = 'ten');
