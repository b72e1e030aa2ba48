describe non_exist;
