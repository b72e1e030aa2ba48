/*
 * catalog.c -- in-memory catalogs, databases, tables and views of a table
 * environment. See catalog.h. Messages follow Flink's CatalogManager and
 * GenericInMemoryCatalog.
 */
#include "catalog/catalog.h"

#include <stdio.h>
#include <stdlib.h>

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

eddy_status eddy__catalog_init(Catalog *c, Arena *a) {
    memset(c, 0, sizeof *c);
    c->cur_catalog = "default_catalog";
    c->cur_database = "default_database";
    (void)a;
    if (!ed_vec_push(&c->catalogs, "default_catalog") ||
        !ed_vec_push(&c->databases, "default_catalog.default_database"))
        return EDDY_E_NOMEM;
    return EDDY_OK;
}

void eddy__catalog_free(Catalog *c) {
    for (size_t i = 0; i < c->infos.len; i++) ed_vec_free(&c->infos.items[i].opts);
    ed_vec_free(&c->infos);
    ed_vec_free(&c->entries);
    ed_vec_free(&c->catalogs);
    ed_vec_free(&c->databases);
}

const char *eddy__catalog_qualify(Arena *a, const Catalog *c, const char *const *parts, int nparts) {
    switch (nparts) {
    case 1: return eddy__arena_printf(a, "%s.%s.%s", c->cur_catalog, c->cur_database, parts[0]);
    case 2: return eddy__arena_printf(a, "%s.%s.%s", c->cur_catalog, parts[0], parts[1]);
    case 3: return eddy__arena_printf(a, "%s.%s.%s", parts[0], parts[1], parts[2]);
    default: return NULL;
    }
}

eddy_status eddy__catalog_split(Arena *a, const char *path, const char ***parts, int *nparts, EdErr *err) {
    const char *out[3];
    int n = 0;
    const char *p = path;
    while (*p) {
        if (n == 3)
            return eddy__err(err, EDDY_E_VALIDATION, "Invalid path '%s': at most catalog.database.object.", path);
        Buf b;
        eddy__buf_init(&b);
        if (*p == '`') {
            p++;
            for (;;) {
                if (!*p) {
                    eddy__buf_free(&b);
                    return eddy__err(err, EDDY_E_VALIDATION, "Invalid path '%s': unterminated back quote.", path);
                }
                if (*p == '`') {
                    if (p[1] == '`') {
                        eddy__buf_putc(&b, '`');
                        p += 2;
                        continue;
                    }
                    p++;
                    break;
                }
                eddy__buf_putc(&b, *p++);
            }
        } else {
            while (*p && *p != '.') eddy__buf_putc(&b, *p++);
        }
        if (b.len == 0) {
            eddy__buf_free(&b);
            return eddy__err(err, EDDY_E_VALIDATION, "Invalid path '%s': empty name.", path);
        }
        out[n++] = eddy__arena_strndup(a, b.data, b.len);
        eddy__buf_free(&b);
        if (*p == '.') {
            p++;
            if (!*p) return eddy__err(err, EDDY_E_VALIDATION, "Invalid path '%s': empty name.", path);
        } else if (*p) {
            return eddy__err(err, EDDY_E_VALIDATION, "Invalid path '%s'.", path);
        }
    }
    if (n == 0) return eddy__err(err, EDDY_E_VALIDATION, "Invalid path '': empty name.");
    const char **arr = eddy__arena_alloc(a, sizeof(char *) * (size_t)n);
    if (!arr) return NOMEM();
    memcpy(arr, out, sizeof(char *) * (size_t)n);
    *parts = arr;
    *nparts = n;
    return EDDY_OK;
}

/* Splits "cat.db.name" at its first two dots (names may contain dots after). */
static void split3(const char *q, const char **cat, size_t *catn, const char **db, size_t *dbn, const char **name) {
    const char *d1 = strchr(q, '.');
    const char *d2 = d1 ? strchr(d1 + 1, '.') : NULL;
    *cat = q;
    *catn = d1 ? (size_t)(d1 - q) : strlen(q);
    *db = d1 ? d1 + 1 : "";
    *dbn = d2 ? (size_t)(d2 - d1 - 1) : strlen(*db);
    *name = d2 ? d2 + 1 : "";
}

static CatalogEntry *find(const Catalog *c, const char *q, int temporary) {
    for (size_t i = 0; i < c->entries.len; i++) {
        CatalogEntry *e = &c->entries.items[i];
        if (strcmp(e->path, q) == 0 && (temporary < 0 || e->temporary == (bool)temporary)) return e;
    }
    return NULL;
}

const CatalogEntry *eddy__catalog_get(const Catalog *c, const char *q) {
    const CatalogEntry *e = find(c, q, 1);
    return e ? e : find(c, q, 0);
}

const CatalogEntry *eddy__catalog_lookup(void *ctx, const char *const *parts, int nparts) {
    const Catalog *c = ctx;
    char buf[1024];
    int n;
    switch (nparts) {
    case 1: n = snprintf(buf, sizeof buf, "%s.%s.%s", c->cur_catalog, c->cur_database, parts[0]); break;
    case 2: n = snprintf(buf, sizeof buf, "%s.%s.%s", c->cur_catalog, parts[0], parts[1]); break;
    case 3: n = snprintf(buf, sizeof buf, "%s.%s.%s", parts[0], parts[1], parts[2]); break;
    default: return NULL;
    }
    if (n < 0 || (size_t)n >= sizeof buf) return NULL;
    return eddy__catalog_get(c, buf);
}

static void owner_retain(Catalog *c, void *owner) {
    if (owner && c->retain) c->retain(c->hook_ctx, owner);
}

static void owner_release(Catalog *c, void *owner) {
    if (owner && c->release) c->release(c->hook_ctx, owner);
}

/* Removes entry i (the last one takes its place). */
static void remove_entry(Catalog *c, size_t i) {
    void *owner = c->entries.items[i].owner;
    c->entries.items[i] = c->entries.items[--c->entries.len];
    owner_release(c, owner);
}

eddy_status eddy__catalog_add(Catalog *c, Arena *a, const CatalogEntry *e, bool replace, bool if_not_exists,
                              bool *added, EdErr *err) {
    if (added) *added = false;
    const char *cat, *db, *name;
    size_t cn, dn;
    split3(e->path, &cat, &cn, &db, &dn, &name);
    char cbuf[256], dbuf[256];
    snprintf(cbuf, sizeof cbuf, "%.*s", (int)cn, cat);
    snprintf(dbuf, sizeof dbuf, "%.*s", (int)dn, db);
    if (!e->temporary) {
        if (!eddy__catalog_has_catalog(c, cbuf))
            return eddy__err(err, EDDY_E_VALIDATION, "A catalog with name [%s] does not exist.", cbuf);
        if (!eddy__catalog_has_database(c, cbuf, dbuf))
            return eddy__err(err, EDDY_E_VALIDATION, "Could not execute CreateTable in path %s",
                             eddy__path_quoted(a, e->path));
    }
    CatalogEntry *old = find(c, e->path, e->temporary ? 1 : 0);
    if (old) {
        if (if_not_exists) return EDDY_OK;
        if (!replace) {
            if (e->temporary)
                return eddy__err(err, EDDY_E_VALIDATION, "Temporary table '%s' already exists",
                                 eddy__path_quoted(a, e->path));
            return eddy__err(err, EDDY_E_VALIDATION, "Table (or view) %s.%s already exists in Catalog %s.", dbuf, name,
                             cbuf);
        }
        void *was = old->owner;
        *old = *e;
        old->owner = c->owner;
        owner_retain(c, c->owner);
        owner_release(c, was);
        if (added) *added = true;
        return EDDY_OK;
    }
    CatalogEntry copy = *e;
    copy.path = eddy__arena_strdup(a, e->path);
    copy.name = eddy__arena_strdup(a, e->name);
    copy.owner = c->owner;
    if (!copy.path || !copy.name || !ed_vec_push(&c->entries, copy)) return NOMEM();
    owner_retain(c, c->owner);
    if (added) *added = true;
    return EDDY_OK;
}

eddy_status eddy__catalog_drop(Catalog *c, const char *q, bool view, bool temporary, bool if_exists, EdErr *err) {
    /* a temporary object shadows the permanent one: it must go first */
    if (!temporary && find(c, q, 1))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Temporary %s with identifier '%s' exists. Drop it first before removing the permanent %s.",
                         view ? "view" : "table", q, view ? "view" : "table");
    for (size_t i = 0; i < c->entries.len; i++) {
        CatalogEntry *e = &c->entries.items[i];
        if (strcmp(e->path, q) != 0 || e->temporary != temporary) continue;
        if (e->is_view != view) {
            if (if_exists) return EDDY_OK;
            return eddy__err(err, EDDY_E_VALIDATION, "%s", view ? "DROP VIEW for a table is not allowed; use DROP TABLE."
                                                                : "DROP TABLE for a view is not allowed; use DROP VIEW.");
        }
        remove_entry(c, i);
        return EDDY_OK;
    }
    if (if_exists) return EDDY_OK;
    if (temporary)
        return eddy__err(err, EDDY_E_VALIDATION, "Temporary %s with identifier '%s' does not exist.",
                         view ? "view" : "table", q);
    return eddy__err(err, EDDY_E_VALIDATION, "%s with identifier '%s' does not exist.", view ? "View" : "Table", q);
}

eddy_status eddy__catalog_rename(Catalog *c, Arena *a, const char *from, const char *to, bool view, EdErr *err) {
    CatalogEntry *e = find(c, from, -1);
    if (!e || e->is_view != view)
        return eddy__err(err, EDDY_E_VALIDATION, "%s %s doesn't exist or is a %s.", view ? "View" : "Table", from,
                         view ? "table" : "view");
    if (find(c, to, -1))
        return eddy__err(err, EDDY_E_VALIDATION, "Table (or view) %s already exists.", to);
    const char *np = eddy__arena_strdup(a, to);
    const char *nm = strrchr(to, '.');
    if (!np) return NOMEM();
    e->path = np;
    e->name = eddy__arena_strdup(a, nm ? nm + 1 : to);
    return EDDY_OK;
}

bool eddy__catalog_has_catalog(const Catalog *c, const char *name) {
    for (size_t i = 0; i < c->catalogs.len; i++)
        if (!strcmp(c->catalogs.items[i], name)) return true;
    return false;
}

bool eddy__catalog_has_database(const Catalog *c, const char *catalog, const char *db) {
    size_t cl = strlen(catalog);
    for (size_t i = 0; i < c->databases.len; i++) {
        const char *d = c->databases.items[i];
        if (!strncmp(d, catalog, cl) && d[cl] == '.' && !strcmp(d + cl + 1, db)) return true;
    }
    return false;
}

eddy_status eddy__catalog_create_catalog(Catalog *c, Arena *a, const char *name, bool if_not_exists, EdErr *err) {
    if (eddy__catalog_has_catalog(c, name)) {
        if (if_not_exists) return EDDY_OK;
        return eddy__err(err, EDDY_E_VALIDATION, "Catalog %s already exists.", name);
    }
    const char *n = eddy__arena_strdup(a, name);
    const char *d = eddy__arena_printf(a, "%s.default", name);
    if (!n || !d || !ed_vec_push(&c->catalogs, n) || !ed_vec_push(&c->databases, d)) return NOMEM();
    return EDDY_OK;
}

eddy_status eddy__catalog_drop_catalog(Catalog *c, const char *name, bool if_exists, EdErr *err) {
    if (!strcmp(name, c->cur_catalog))
        return eddy__err(err, EDDY_E_VALIDATION, "Cannot drop a catalog which is currently in use.");
    for (size_t i = 0; i < c->catalogs.len; i++)
        if (!strcmp(c->catalogs.items[i], name)) {
            c->catalogs.items[i] = c->catalogs.items[--c->catalogs.len];
            size_t nl = strlen(name);
            for (size_t k = 0; k < c->databases.len;)
                if (!strncmp(c->databases.items[k], name, nl) && c->databases.items[k][nl] == '.')
                    c->databases.items[k] = c->databases.items[--c->databases.len];
                else
                    k++;
            for (size_t k = 0; k < c->entries.len;)
                if (!strncmp(c->entries.items[k].path, name, nl) && c->entries.items[k].path[nl] == '.')
                    remove_entry(c, k);
                else
                    k++;
            return EDDY_OK;
        }
    if (if_exists) return EDDY_OK;
    return eddy__err(err, EDDY_E_VALIDATION, "Catalog %s does not exist.", name);
}

eddy_status eddy__catalog_create_database(Catalog *c, Arena *a, const char *catalog, const char *db, bool if_not_exists,
                                          EdErr *err) {
    if (!eddy__catalog_has_catalog(c, catalog))
        return eddy__err(err, EDDY_E_VALIDATION, "A catalog with name [%s] does not exist.", catalog);
    if (eddy__catalog_has_database(c, catalog, db)) {
        if (if_not_exists) return EDDY_OK;
        return eddy__err(err, EDDY_E_VALIDATION, "Could not execute CREATE DATABASE: (catalogDatabase: [{}], "
                                                 "catalogName: [%s], databaseName: [%s], ignoreIfExists: [false])",
                         catalog, db);
    }
    const char *d = eddy__arena_printf(a, "%s.%s", catalog, db);
    if (!d || !ed_vec_push(&c->databases, d)) return NOMEM();
    return EDDY_OK;
}

eddy_status eddy__catalog_drop_database(Catalog *c, const char *catalog, const char *db, bool if_exists, bool cascade,
                                        EdErr *err) {
    if (!strcmp(catalog, c->cur_catalog) && !strcmp(db, c->cur_database))
        return eddy__err(err, EDDY_E_VALIDATION, "Cannot drop a database which is currently in use.");
    size_t cl = strlen(catalog);
    for (size_t i = 0; i < c->databases.len; i++) {
        const char *d = c->databases.items[i];
        if (strncmp(d, catalog, cl) || d[cl] != '.' || strcmp(d + cl + 1, db)) continue;
        int n = 0;
        const char **objs = eddy__catalog_list(c, catalog, db, false, &n);
        eddy__free(objs);
        if (n && !cascade) return eddy__err(err, EDDY_E_VALIDATION, "Cannot drop a database which is not empty.");
        char prefix[512];
        int pl = snprintf(prefix, sizeof prefix, "%s.%s.", catalog, db);
        for (size_t k = 0; k < c->entries.len;)
            if (pl > 0 && !strncmp(c->entries.items[k].path, prefix, (size_t)pl))
                remove_entry(c, k);
            else
                k++;
        c->databases.items[i] = c->databases.items[--c->databases.len];
        return EDDY_OK;
    }
    if (if_exists) return EDDY_OK;
    return eddy__err(err, EDDY_E_VALIDATION, "Database %s does not exist in Catalog %s.", db, catalog);
}

eddy_status eddy__catalog_use_catalog(Catalog *c, const char *name, EdErr *err) {
    for (size_t i = 0; i < c->catalogs.len; i++)
        if (!strcmp(c->catalogs.items[i], name)) {
            c->cur_catalog = c->catalogs.items[i];
            /* the catalog's default database becomes current */
            size_t nl = strlen(name);
            for (size_t k = 0; k < c->databases.len; k++)
                if (!strncmp(c->databases.items[k], name, nl) && c->databases.items[k][nl] == '.') {
                    c->cur_database = c->databases.items[k] + nl + 1;
                    break;
                }
            return EDDY_OK;
        }
    return eddy__err(err, EDDY_E_VALIDATION, "A catalog with name [%s] does not exist.", name);
}

eddy_status eddy__catalog_use_database(Catalog *c, const char *catalog, const char *db, EdErr *err) {
    size_t cl = strlen(catalog);
    for (size_t i = 0; i < c->databases.len; i++) {
        const char *d = c->databases.items[i];
        if (!strncmp(d, catalog, cl) && d[cl] == '.' && !strcmp(d + cl + 1, db)) {
            for (size_t k = 0; k < c->catalogs.len; k++)
                if (!strcmp(c->catalogs.items[k], catalog)) c->cur_catalog = c->catalogs.items[k];
            c->cur_database = d + cl + 1;
            return EDDY_OK;
        }
    }
    return eddy__err(err, EDDY_E_VALIDATION, "A database with name [%s] does not exist in the catalog: [%s].", db,
                     catalog);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

const char **eddy__catalog_list(const Catalog *c, const char *catalog, const char *db, bool views_only, int *n) {
    char prefix[512];
    int pl = snprintf(prefix, sizeof prefix, "%s.%s.", catalog, db);
    const char **out = eddy__calloc(c->entries.len + 1, sizeof(char *));
    int k = 0;
    if (!out || pl < 0) {
        *n = 0;
        return out;
    }
    for (size_t i = 0; i < c->entries.len; i++) {
        const CatalogEntry *e = &c->entries.items[i];
        if (strncmp(e->path, prefix, (size_t)pl) || (views_only && !e->is_view)) continue;
        const char *name = e->path + pl;
        bool dup = false;
        for (int j = 0; j < k && !dup; j++) dup = !strcmp(out[j], name);
        if (!dup) out[k++] = name;
    }
    qsort(out, (size_t)k, sizeof(char *), cmp_str);
    *n = k;
    return out;
}
