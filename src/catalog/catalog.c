/*
 * catalog.c -- temporary tables and views of a table environment, by fully
 * qualified path. Paths are case-sensitive, like Flink's default catalog.
 */
#include "catalog/catalog.h"

#include <stdio.h>

void eddy__catalog_init(Catalog *c) {
    memset(c, 0, sizeof *c);
    c->cur_catalog = "default_catalog";
    c->cur_database = "default_database";
}

void eddy__catalog_free(Catalog *c) { ed_vec_free(&c->entries); }

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
    if (!arr) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memcpy(arr, out, sizeof(char *) * (size_t)n);
    *parts = arr;
    *nparts = n;
    return EDDY_OK;
}

const CatalogEntry *eddy__catalog_get(const Catalog *c, const char *qualified) {
    for (size_t i = 0; i < c->entries.len; i++)
        if (strcmp(c->entries.items[i].path, qualified) == 0) return &c->entries.items[i];
    return NULL;
}

eddy_status eddy__catalog_put(Catalog *c, Arena *a, const char *qualified, const char *name, bool is_view, Rel *rel,
                              const ResolvedSchema *schema, bool replace, EdErr *err) {
    for (size_t i = 0; i < c->entries.len; i++) {
        CatalogEntry *e = &c->entries.items[i];
        if (strcmp(e->path, qualified) != 0) continue;
        if (!replace) {
            Buf b;
            eddy__buf_init(&b);
            const char *p = qualified;
            for (int k = 0; k < 3; k++) {
                const char *dot = k < 2 ? strchr(p, '.') : NULL;
                size_t n = dot ? (size_t)(dot - p) : strlen(p);
                eddy__buf_printf(&b, "%s`%.*s`", k ? "." : "", (int)n, p);
                p = dot ? dot + 1 : p + n;
            }
            eddy__err(err, EDDY_E_VALIDATION, "Temporary table '%s' already exists", eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            return EDDY_E_VALIDATION;
        }
        e->is_view = is_view;
        e->rel = rel;
        e->schema = schema;
        return EDDY_OK;
    }
    CatalogEntry e = {eddy__arena_strdup(a, qualified), eddy__arena_strdup(a, name), is_view, rel, schema};
    if (!e.path || !e.name || !ed_vec_push(&c->entries, e)) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
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
