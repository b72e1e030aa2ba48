show current database;
