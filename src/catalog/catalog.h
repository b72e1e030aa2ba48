/*
 * catalog.h -- the in-memory catalogs of a table environment: catalog and
 * database names (default_catalog.default_database to start), the current
 * ones, and the tables and views in them, temporary or not, by fully
 * qualified, case-sensitive path. Errors carry Flink's messages.
 */
#ifndef EDDY_CATALOG_H
#define EDDY_CATALOG_H

#include "plan/plan.h"

/* What CREATE / ALTER CATALOG (or DATABASE) said of a catalog or a
 * database: its comment and its options ('type' among a catalog's), for
 * DESCRIBE / SHOW CREATE CATALOG. Strings live in the env's arena. */
typedef struct CatalogInfo {
    const char *name;            /* "catalog" or "catalog.database" */
    const char *comment;         /* NULL: none */
    ED_VEC(TableOption) opts;
} CatalogInfo;

typedef struct Catalog {
    const char *cur_catalog, *cur_database;
    ED_VEC(const char *) catalogs;  /* names */
    ED_VEC(const char *) databases; /* "catalog.database" */
    ED_VEC(CatalogInfo) infos;      /* kept by the SQL layer (ddl_exec.c) */
    ED_VEC(CatalogEntry) entries;
    /* Ownership of entries' memory, for the API's statement lifetimes: an
     * entry added gets `owner` (retain runs on it), one removed by a drop,
     * a replace or a cascade is passed to release. NULL hooks: none. */
    void *owner;
    void (*retain)(void *ctx, void *owner);
    void (*release)(void *ctx, void *owner);
    void *hook_ctx;
} Catalog;

/* Starts with default_catalog.default_database (arena a holds names). */
eddy_status eddy__catalog_init(Catalog *c, Arena *a);
void eddy__catalog_free(Catalog *c);

/* Resolves a 1-3 part path against the current catalog and database into a
 * fully qualified path "cat.db.name" (arena a); NULL for more than 3 parts. */
const char *eddy__catalog_qualify(Arena *a, const Catalog *c, const char *const *parts, int nparts);
/* Parses a dotted path ("MyView", "db.t", "`a.b`.c") into parts (arena a). */
eddy_status eddy__catalog_split(Arena *a, const char *path, const char ***parts, int *nparts, EdErr *err);

/* The object at a qualified path (a temporary one shadows a permanent one). */
const CatalogEntry *eddy__catalog_get(const Catalog *c, const char *qualified);
/* A CatalogLookup over c (ctx = the Catalog). */
const CatalogEntry *eddy__catalog_lookup(void *ctx, const char *const *parts, int nparts);

/* Adds an object (e->path qualified, e->temporary set). An existing object
 * of the same temporariness is an error unless replace (CREATE OR REPLACE)
 * or if_not_exists (then nothing happens and *added is false). */
eddy_status eddy__catalog_add(Catalog *c, Arena *a, const CatalogEntry *e, bool replace, bool if_not_exists,
                              bool *added, EdErr *err);
/* Drops a table (views = false) or a view. */
eddy_status eddy__catalog_drop(Catalog *c, const char *qualified, bool view, bool temporary, bool if_exists,
                               EdErr *err);
/* Renames an object (ALTER TABLE / VIEW ... RENAME TO). */
eddy_status eddy__catalog_rename(Catalog *c, Arena *a, const char *from, const char *to, bool view, EdErr *err);

bool eddy__catalog_has_catalog(const Catalog *c, const char *name);
bool eddy__catalog_has_database(const Catalog *c, const char *catalog, const char *db);
eddy_status eddy__catalog_create_catalog(Catalog *c, Arena *a, const char *name, bool if_not_exists, EdErr *err);
eddy_status eddy__catalog_drop_catalog(Catalog *c, const char *name, bool if_exists, EdErr *err);
eddy_status eddy__catalog_create_database(Catalog *c, Arena *a, const char *catalog, const char *db, bool if_not_exists,
                                          EdErr *err);
eddy_status eddy__catalog_drop_database(Catalog *c, const char *catalog, const char *db, bool if_exists, bool cascade,
                                        EdErr *err);
eddy_status eddy__catalog_use_catalog(Catalog *c, const char *name, EdErr *err);
eddy_status eddy__catalog_use_database(Catalog *c, const char *catalog, const char *db, EdErr *err);

/* Names of the objects in catalog.db (tables and views, or views only),
 * sorted; the array is malloc'd (free with eddy__free), strings borrowed. */
const char **eddy__catalog_list(const Catalog *c, const char *catalog, const char *db, bool views_only, int *n);

#endif
