drop table non_exist;
