create catalog c1 with ('type' = 'generic_in_memory');
create catalog if not exists c1 with ('type' = 'generic_in_memory');
use catalog c1;
create database db1 comment 'db1_comment' with ('k1' = 'v1');
create database if not exists db1;
use db1;
create table t_in_db1 (a int, b string) with ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '2', 'fields.b.length' = '3');
