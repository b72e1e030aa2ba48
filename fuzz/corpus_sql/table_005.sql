alter table if exists non_exist rename to non_exist2;
