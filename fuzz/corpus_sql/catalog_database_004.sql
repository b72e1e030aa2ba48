use catalog non_existing_catalog;
