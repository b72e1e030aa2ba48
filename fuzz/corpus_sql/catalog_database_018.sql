create catalog c1 with ('type' = 'generic_in_memory');
create catalog if not exists c1 with ('type' = 'generic_in_memory');
use catalog c1;
create database db1 comment 'db1_comment' with ('k1' = 'v1');
create database if not exists db1;
use db1;
use non_existing_db;
