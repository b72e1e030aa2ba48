/*
 * descriptor.c -- TableDescriptor: a connector table described in C
 * (forConnector(...).schema(...).option(...)), read anonymously with
 * from(descriptor) or registered with createTable / createTemporaryTable.
 * Builder errors are remembered and reported when the descriptor is used,
 * as eddy_schema does.
 */
#include <stdarg.h>

#include "api/api.h"

struct eddy_table_descriptor {
    eddy_env *env;
    ED_VEC(TableOption) opts; /* 'connector' first */
    const eddy_schema *schema;
    ED_VEC(const char *) partition_keys;
    const char *comment;
    EdErr err;
};

static void descriptor_release(void *p) {
    eddy_table_descriptor *d = p;
    ed_vec_free(&d->opts);
    ed_vec_free(&d->partition_keys);
    eddy__err_clear(&d->err);
}

static const char *keep(eddy_table_descriptor *d, const char *s) {
    const char *c = eddy__arena_strdup(&d->env->arena, s);
    if (!c && !d->err.code) eddy__err(&d->err, EDDY_E_NOMEM, "out of memory");
    return c;
}

static void put_option(eddy_table_descriptor *d, const char *key, const char *value) {
    const char *k = keep(d, key), *v = keep(d, value);
    if (!k || !v) return;
    for (size_t i = 0; i < d->opts.len; i++)
        if (!strcmp(d->opts.items[i].key, k)) {
            d->opts.items[i].value = v;
            return;
        }
    if (!ed_vec_push(&d->opts, ((TableOption){k, v})) && !d->err.code) eddy__err(&d->err, EDDY_E_NOMEM, "out of memory");
}

eddy_table_descriptor *eddy_table_descriptor_for_connector(eddy_env *env, const char *connector) {
    if (!env_ok(env)) return NULL;
    if (!connector) return eddy__api_err(env, EDDY_E_MISUSE, "for_connector: the connector is NULL."), NULL;
    eddy_table_descriptor *d = eddy__arena_alloc(&env->arena, sizeof *d);
    if (!d || !eddy__arena_on_cleanup(&env->arena, descriptor_release, d)) return eddy__api_nomem(env);
    d->env = env;
    put_option(d, "connector", connector);
    return d;
}

eddy_table_descriptor *eddy_table_descriptor_option(eddy_table_descriptor *d, const char *key, const char *value) {
    if (!d) return NULL;
    if (!key || !value) {
        if (!d->err.code) eddy__err(&d->err, EDDY_E_MISUSE, "option: the key and the value are required.");
        return d;
    }
    put_option(d, key, value);
    return d;
}

eddy_table_descriptor *eddy_table_descriptor_schema(eddy_table_descriptor *d, const eddy_schema *schema) {
    if (!d) return NULL;
    if (!schema || schema->env != d->env) {
        if (!d->err.code)
            eddy__err(&d->err, EDDY_E_MISUSE, "schema: the schema is NULL or belongs to another env.");
        return d;
    }
    d->schema = schema;
    return d;
}

eddy_table_descriptor *eddy_table_descriptor_partitioned_by(eddy_table_descriptor *d, ...) {
    if (!d) return NULL;
    va_list ap;
    va_start(ap, d);
    d->partition_keys.len = 0;
    for (const char *k; (k = va_arg(ap, const char *));) {
        const char *c = keep(d, k);
        if (c && !ed_vec_push(&d->partition_keys, c) && !d->err.code) eddy__err(&d->err, EDDY_E_NOMEM, "out of memory");
    }
    va_end(ap);
    return d;
}

eddy_table_descriptor *eddy_table_descriptor_comment(eddy_table_descriptor *d, const char *comment) {
    if (!d) return NULL;
    d->comment = comment ? keep(d, comment) : NULL;
    return d;
}

/* Resolves the descriptor into a table entry at the qualified path. */
static TableEntry *entry_of(eddy_tenv *tenv, const char *path, const eddy_table_descriptor *d) {
    eddy_env *env = tenv->env;
    if (d->env != env)
        return eddy__api_err(env, EDDY_E_MISUSE, "The table descriptor belongs to another env."), NULL;
    if (d->err.code) return eddy__api_err(env, d->err.code, "%s", d->err.msg ? d->err.msg : "invalid descriptor"), NULL;
    if (!d->schema)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "The table descriptor for '%s' has no schema: set one with eddy_table_descriptor_schema.",
                             path),
               NULL;
    if (d->schema->err.code)
        return eddy__api_err(env, d->schema->err.code, "%s", d->schema->err.msg ? d->schema->err.msg : "invalid schema"),
               NULL;
    /* the entry keeps the spec: copy the builder's parts into the arena */
    size_t n = d->schema->parts.len;
    SchemaSpec *spec = eddy__arena_alloc(&env->arena, sizeof *spec);
    SpecPart *parts = eddy__arena_alloc(&env->arena, sizeof(SpecPart) * (n + 1));
    const char **keys = eddy__arena_alloc(&env->arena, sizeof(char *) * (d->partition_keys.len + 1));
    TableOption *opts = eddy__arena_alloc(&env->arena, sizeof(TableOption) * (d->opts.len + 1));
    if (!spec || !parts || !keys || !opts) return eddy__api_nomem(env);
    if (n) memcpy(parts, d->schema->parts.items, sizeof(SpecPart) * n);
    if (d->partition_keys.len) memcpy(keys, d->partition_keys.items, sizeof(char *) * d->partition_keys.len);
    memcpy(opts, d->opts.items, sizeof(TableOption) * d->opts.len);
    spec->n = (int)n;
    spec->parts = parts;
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    TableEntry *te;
    EdErr err = {0};
    if (eddy__plan_table_entry(&be, path, spec, (int)d->opts.len, opts, (int)d->partition_keys.len, keys, d->comment,
                               &te, &err))
        return eddy__api_take(env, &err), NULL;
    return te;
}

eddy_table *eddy_tenv_from_descriptor(eddy_tenv *tenv, const eddy_table_descriptor *d) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    if (!d) return eddy__api_err(env, EDDY_E_MISUSE, "from_descriptor: the descriptor is NULL."), NULL;
    const char *path = eddy__arena_printf(&env->arena, "%s.%s.*anonymous_%s$%d*", tenv->catalog.cur_catalog,
                                          tenv->catalog.cur_database, d->opts.items[0].value, ++env->anon_tables);
    if (!path) return eddy__api_nomem(env);
    TableEntry *te = entry_of(tenv, path, d);
    if (!te) return NULL;
    CatalogEntry ce = {.path = path, .name = path, .schema = te->def.schema, .table = te};
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    Rel *rel;
    EdErr err = {0};
    if (eddy__plan_catalog_rel(&be, &ce, 0, NULL, &rel, &err)) return eddy__api_take(env, &err), NULL;
    return eddy__api_table(tenv, rel, te->def.schema);
}

static eddy_status create(eddy_tenv *tenv, const char *path, const eddy_table_descriptor *d, bool temporary) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!path || !d) return eddy__api_err(env, EDDY_E_MISUSE, "create_table: the path and the descriptor are required.");
    const char *q, *name;
    eddy_status rc = eddy__api_qualify(tenv, path, &q, &name);
    if (rc) return rc;
    TableEntry *te = entry_of(tenv, q, d);
    if (!te) return env->err.code;
    EdErr err = {0};
    CatalogEntry ce = {.path = q, .name = name, .temporary = temporary, .schema = te->def.schema,
                       .table = te, .comment = d->comment};
    if (eddy__catalog_add(&tenv->catalog, &env->arena, &ce, false, false, NULL, &err)) return eddy__api_take(env, &err);
    return EDDY_OK;
}

eddy_status eddy_tenv_create_table(eddy_tenv *tenv, const char *path, const eddy_table_descriptor *d) {
    return create(tenv, path, d, false);
}

eddy_status eddy_tenv_create_temporary_table(eddy_tenv *tenv, const char *path, const eddy_table_descriptor *d) {
    return create(tenv, path, d, true);
}
