alter table non_exist rename to non_exist2;
