create table tbl(a int, b as invalid_function());
