show current catalog;
