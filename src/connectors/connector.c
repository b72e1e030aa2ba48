/*
 * connector.c -- the connector registry, option validation with Flink's
 * messages, and option parsing helpers. See connector.h.
 */
#include "connectors/connector.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

static const Connector *const registry[] = {
    &eddy__connector_blackhole,
    &eddy__connector_datagen,
    &eddy__connector_filesystem,
    &eddy__connector_jdbc,
    &eddy__connector_kafka,
    &eddy__connector_nexmark,
    &eddy__connector_print,
    &eddy__connector_upsert_kafka,
};

const Connector *eddy__connector_lookup(const char *name) {
    if (!name) return NULL;
    for (size_t i = 0; i < ED_ARRAY_LEN(registry); i++)
        if (strcmp(registry[i]->name, name) == 0) return registry[i];
    return NULL;
}

eddy_status eddy__connector_unknown(const char *name, const char *table, EdErr *err) {
    (void)table;
    if (!name)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Table options do not contain an option key 'connector' for discovering a connector.");
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b,
                     "Could not find any factory for identifier '%s' that implements "
                     "'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.\n\n"
                     "Available factory identifiers are:\n\n",
                     name);
    /* registry is sorted by name */
    for (size_t i = 0; i < ED_ARRAY_LEN(registry); i++) eddy__buf_printf(&b, "%s%s", i ? "\n" : "", registry[i]->name);
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

const char *eddy__table_option(const TableDef *t, const char *key) {
    for (int i = 0; i < t->nopts; i++)
        if (strcmp(t->opts[i].key, key) == 0) return t->opts[i].value;
    return NULL;
}

/* Does option key `k` match pattern `p` ('#' = one field name segment,
 * trailing '*' = any suffix)? */
static bool key_matches(const char *p, const char *k) {
    while (*p) {
        if (*p == '*' && p[1] == 0) return true;
        if (*p == '#') {
            /* a field name: anything up to the next '.' of the pattern's rest */
            const char *rest = p + 1;
            if (!*rest) return *k != 0;
            /* field names may contain dots: try every split */
            for (const char *q = k + 1; *q; q++)
                if (*q == *rest && key_matches(rest, q)) return true;
            return false;
        }
        if (*p != *k) return false;
        p++;
        k++;
    }
    return *k == 0;
}

static bool listed(const char *const *list, const char *k) {
    for (int i = 0; list && list[i]; i++)
        if (key_matches(list[i], k)) return true;
    return false;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

eddy_status eddy__connector_validate(const Connector *c, const TableDef *t, EdErr *err) {
    if (c->validate) return c->validate(c, t, err);
    return eddy__connector_check_options(c, t, c->required, c->optional, err);
}

eddy_status eddy__connector_check_options(const Connector *c, const TableDef *t, const char *const *required,
                                          const char *const *optional, EdErr *err) {
    /* missing required options */
    ED_VEC(const char *) missing = {0};
    for (int i = 0; required && required[i]; i++)
        if (!eddy__table_option(t, required[i])) ed_vec_push(&missing, required[i]);
    if (missing.len) {
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_puts(&b, "One or more required options are missing.\n\nMissing required options are:\n\n");
        for (size_t i = 0; i < missing.len; i++) eddy__buf_printf(&b, "%s%s", i ? "\n" : "", missing.items[i]);
        eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        ed_vec_free(&missing);
        return EDDY_E_VALIDATION;
    }
    ed_vec_free(&missing);
    /* unsupported options */
    ED_VEC(const char *) bad = {0};
    for (int i = 0; i < t->nopts; i++) {
        const char *k = t->opts[i].key;
        if (!strcmp(k, "connector") || listed(required, k) || listed(optional, k)) continue;
        ed_vec_push(&bad, k);
    }
    if (!bad.len) return EDDY_OK;
    /* the supported keys, a '#' spelled out for every physical column */
    Arena names;
    eddy__arena_init(&names, 1024);
    ED_VEC(const char *) all = {0};
    ed_vec_push(&all, "connector");
    for (int pass = 0; pass < 2; pass++) {
        const char *const *list = pass ? optional : required;
        for (int i = 0; list && list[i]; i++) {
            const char *hash = strchr(list[i], '#');
            if (!hash) {
                ed_vec_push(&all, list[i]);
                continue;
            }
            for (int k = 0; t->schema && k < t->schema->ncols; k++) {
                if (t->schema->cols[k].kind != COL_PHYSICAL) continue;
                const char *x = eddy__arena_printf(&names, "%.*s%s%s", (int)(hash - list[i]), list[i],
                                                   t->schema->cols[k].name, hash + 1);
                if (x) ed_vec_push(&all, x);
            }
        }
    }
    qsort(bad.items, bad.len, sizeof(char *), cmp_str);
    qsort(all.items, all.len, sizeof(char *), cmp_str);
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "Unsupported options found for '%s'.\n\nUnsupported options:\n\n", c->name);
    for (size_t i = 0; i < bad.len; i++) eddy__buf_printf(&b, "%s%s", i ? "\n" : "", bad.items[i]);
    eddy__buf_puts(&b, "\n\nSupported options:\n\n");
    for (size_t i = 0; i < all.len; i++) eddy__buf_printf(&b, "%s%s", i ? "\n" : "", all.items[i]);
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    ed_vec_free(&bad);
    ed_vec_free(&all);
    eddy__arena_destroy(&names);
    return EDDY_E_VALIDATION;
}

const char *eddy__connector_metadata_type(const Connector *c, const char *key) {
    for (int i = 0; c->metadata && c->metadata[i]; i++)
        if (!strcmp(c->metadata[i], key)) return c->metadata_types[i];
    return NULL;
}

const char *eddy__connector_table_metadata_type(const Connector *c, const TableDef *t, const char *key) {
    const char *const *keys = NULL, *const *types = NULL;
    if (c->format_metadata) c->format_metadata(t, &keys, &types);
    for (int i = 0; keys && keys[i]; i++)
        if (!strcmp(keys[i], key)) return types[i];
    return eddy__connector_metadata_type(c, key);
}

static eddy_status bad_value(const char *key, const char *v, const char *type, EdErr *err) {
    return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.%s", v, key, type);
}

eddy_status eddy__option_long(const TableDef *t, const char *key, int64_t def, int64_t *out, EdErr *err) {
    const char *v = eddy__table_option(t, key);
    if (!v) {
        *out = def;
        return EDDY_OK;
    }
    while (isspace((unsigned char)*v)) v++;
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    while (isspace((unsigned char)*end)) end++;
    if (errno || end == v || *end) return bad_value(key, v, "", err);
    *out = x;
    return EDDY_OK;
}

eddy_status eddy__option_double(const TableDef *t, const char *key, double def, double *out, EdErr *err) {
    const char *v = eddy__table_option(t, key);
    if (!v) {
        *out = def;
        return EDDY_OK;
    }
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    while (isspace((unsigned char)*end)) end++;
    if (errno || end == v || *end) return bad_value(key, v, "", err);
    *out = x;
    return EDDY_OK;
}

eddy_status eddy__option_bool(const TableDef *t, const char *key, bool def, bool *out, EdErr *err) {
    const char *v = eddy__table_option(t, key);
    if (!v) {
        *out = def;
        return EDDY_OK;
    }
    if (eddy__str_ieq(v, "true")) *out = true;
    else if (eddy__str_ieq(v, "false")) *out = false;
    else return bad_value(key, v, "", err);
    return EDDY_OK;
}
