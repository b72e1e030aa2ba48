/*
 * catalog.h -- the in-memory catalog of a table environment: the current
 * catalog and database names and the temporary tables and views registered
 * in them (default_catalog.default_database unless changed).
 */
#ifndef EDDY_CATALOG_H
#define EDDY_CATALOG_H

#include "plan/plan.h"

typedef struct Catalog {
    const char *cur_catalog, *cur_database;
    ED_VEC(CatalogEntry) entries;
} Catalog;

void eddy__catalog_init(Catalog *c);
void eddy__catalog_free(Catalog *c);
/* Resolves a 1-3 part path against the current catalog and database into a
 * fully qualified path "cat.db.name" (arena a); NULL for more than 3 parts. */
const char *eddy__catalog_qualify(Arena *a, const Catalog *c, const char *const *parts, int nparts);
/* Parses a dotted path ("MyView", "db.t", "`a.b`.c") into parts (arena a). */
eddy_status eddy__catalog_split(Arena *a, const char *path, const char ***parts, int *nparts, EdErr *err);
const CatalogEntry *eddy__catalog_get(const Catalog *c, const char *qualified);
/* Registers a temporary object; with replace = false an existing one is an
 * error (Flink's "Temporary table '...' already exists"). */
eddy_status eddy__catalog_put(Catalog *c, Arena *a, const char *qualified, const char *name, bool is_view, Rel *rel,
                              const ResolvedSchema *schema, bool replace, EdErr *err);
/* A CatalogLookup over c (ctx = the Catalog, paths qualified with arena a
 * given as ... the catalog's own scratch). */
const CatalogEntry *eddy__catalog_lookup(void *ctx, const char *const *parts, int nparts);

#endif
