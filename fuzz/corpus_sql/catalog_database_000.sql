show catalogs;
