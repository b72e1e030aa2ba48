/*
 * tenv.c -- eddy_tenv (StreamTableEnvironment): creation and options, the
 * bridge from DataStreams (fromDataStream, createTemporaryView), catalog
 * lookups (from), SQL queries (sqlQuery) and the bridge back
 * (toDataStream).
 */
#include <stdlib.h>

#include "api/api.h"
#include "sql/parser.h"
#include "types/datetime.h"

static void tenv_release(void *p) {
    eddy_tenv *t = p;
    eddy__catalog_free(&t->catalog);
    ed_vec_free(&t->options);
    ed_vec_free(&t->functions);
    ed_vec_free(&t->table_functions);
    ed_vec_free(&t->interned);
}

/* The catalog's ownership hooks: an entry keeps the lifetime of the
 * statement that created it; a dropped one is released (lifetime.c). */
static void catalog_retain(void *ctx, void *owner) {
    (void)ctx;
    eddy__lt_ref(owner);
}

static void catalog_release(void *ctx, void *owner) { eddy__lt_drop(ctx, owner); }

eddy_tenv *eddy_tenv_new_in_mode(eddy_env *env, eddy_runtime_mode mode) {
    if (!env_ok(env)) return NULL;
    eddy_tenv *t = eddy__arena_alloc(&env->arena, sizeof *t);
    if (!t) return eddy__api_nomem(env);
    t->env = env;
    t->mode = t->initial_mode = mode;
    t->max_column_width = 30;
    t->result_mode = EDDY_PRINT_CLIENT;
    t->default_parallelism = env->cfg.parallelism;
    t->default_cancel_timeout_ms = env->cfg.task_cancellation_timeout_ms;
    if (eddy__catalog_init(&t->catalog, &env->arena) != EDDY_OK) return eddy__api_nomem(env);
    if (!eddy__arena_on_cleanup(&env->arena, tenv_release, t)) return eddy__api_nomem(env);
    t->catalog.retain = catalog_retain;
    t->catalog.release = catalog_release;
    t->catalog.hook_ctx = env;
    EdErr err = {0};
    t->tz_name = eddy__api_default_zone();
    if (eddy__tz_load(t->tz_name, &t->tz, &err) != EDDY_OK) {
        eddy__err_clear(&err);
        t->tz_name = "UTC";
        t->tz = eddy__tz_utc();
    }
    return t;
}

eddy_tenv *eddy_tenv_new(eddy_env *env) {
    if (!env_ok(env)) return NULL;
    return eddy_tenv_new_in_mode(env, env->cfg.mode);
}

eddy_env *eddy_tenv_env(eddy_tenv *tenv) { return tenv ? tenv->env : NULL; }

eddy_runtime_mode eddy_tenv_get_runtime_mode(const eddy_tenv *tenv) { return tenv ? tenv->mode : EDDY_STREAMING; }

void eddy__api_bind_env(eddy_tenv *tenv, BindEnv *be) {
    memset(be, 0, sizeof *be);
    eddy__lt_mark_permanent(tenv->env);
    be->a = tenv->env->sa;
    be->lookup = eddy__catalog_lookup;
    be->lookup_ctx = &tenv->catalog;
    be->functions = eddy__api_function_lookup;
    be->functions_ctx = tenv;
    be->table_functions = eddy__api_table_function_lookup;
    be->streaming = tenv->mode == EDDY_STREAMING;
    be->tz = tenv->tz;
    be->now_ms = eddy__wall_ms();
    be->current_database = tenv->catalog.cur_database;
}

void eddy__api_plan_env(eddy_tenv *tenv, PlanEnv *pe) {
    eddy__lt_mark_permanent(tenv->env);
    pe->a = tenv->env->sa;
    pe->max_parallelism = tenv->env->cfg.max_parallelism;
    pe->tz = tenv->tz;
    pe->streaming = tenv->mode == EDDY_STREAMING;
    pe->nopts = (int)tenv->options.len;
    pe->opts = tenv->options.items;
    pe->explain_only = false;
}

eddy_table *eddy__api_table(eddy_tenv *tenv, Rel *rel, const ResolvedSchema *schema) {
    eddy_env *env = tenv->env;
    eddy__lt_mark_permanent(env); /* a Table lives as long as the env */
    if (!schema) schema = eddy__schema_of_columns(&env->arena, rel->ncols, rel->names, rel->types);
    eddy_table *t = eddy__arena_alloc(&env->arena, sizeof *t);
    if (!t || !schema) return eddy__api_nomem(env);
    t->tenv = tenv;
    t->rel = rel;
    t->schema = schema;
    return t;
}

eddy_status eddy__api_sql_err(eddy_env *env, EdErr *e) {
    if (e->code == EDDY_E_VALIDATION && !e->planning) {
        char *msg = e->msg;
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_printf(&b, "SQL validation failed. %s", msg ? msg : "");
        e->msg = eddy__buf_take(&b);
        eddy__free(msg);
    }
    int line = e->line, col = e->col;
    eddy_status code = eddy__api_take(env, e);
    if (env && env->err.code == code && line) {
        env->err.line = line;
        env->err.col = col;
    }
    return code;
}

/* Names the stream scan of a fromDataStream plan (under its projection). */
static void set_scan_name(Rel *rel, const char *name) {
    while (rel && rel->kind == REL_PROJECT) rel = rel->in[0];
    if (rel && rel->kind == REL_STREAM_SCAN && name) rel->scan_name = name;
}

/* ---- fromDataStream --------------------------------------------------------------------- */

eddy_table *eddy_tenv_from_datastream(eddy_tenv *tenv, eddy_stream *s, const eddy_schema *schema) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    if (!s) return eddy__api_err(env, EDDY_E_MISUSE, "from_datastream: the stream is NULL."), NULL;
    if (s->env != env) return eddy__api_err(env, EDDY_E_MISUSE, "from_datastream: the stream belongs to another env."), NULL;
    SchemaSpec spec = {0};
    if (schema) {
        if (schema->env != env)
            return eddy__api_err(env, EDDY_E_MISUSE, "from_datastream: the schema belongs to another env."), NULL;
        if (schema->err.code) {
            eddy__api_err(env, schema->err.code, "%s", schema->err.msg ? schema->err.msg : "invalid schema");
            return NULL;
        }
        spec.n = (int)schema->parts.len;
        spec.parts = schema->parts.items;
    }
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    Rel *rel;
    ResolvedSchema *rs;
    EdErr err = {0};
    if (eddy__plan_from_stream(&be, s->node, schema ? &spec : NULL, &rel, &rs, &err)) {
        eddy__api_take(env, &err);
        return NULL;
    }
    /* plans name the scan like Flink's anonymous DataStream sources */
    set_scan_name(rel, eddy__arena_printf(&env->arena, "*anonymous_datastream_source$%d*", ++env->anon_sources));
    return eddy__api_table(tenv, rel, rs);
}

eddy_status eddy__api_qualify(eddy_tenv *tenv, const char *path, const char **out_path, const char **out_name) {
    eddy_env *env = tenv->env;
    const char **parts;
    int nparts;
    EdErr err = {0};
    if (eddy__catalog_split(&env->arena, path, &parts, &nparts, &err)) return eddy__api_take(env, &err);
    const char *q = eddy__catalog_qualify(&env->arena, &tenv->catalog, parts, nparts);
    if (!q) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    *out_path = q;
    if (out_name) *out_name = parts[nparts - 1];
    return EDDY_OK;
}

static eddy_status register_view(eddy_tenv *tenv, const char *path, eddy_table *t) {
    eddy_env *env = tenv->env;
    const char *q, *name;
    eddy_status rc = eddy__api_qualify(tenv, path, &q, &name);
    if (rc) return rc;
    EdErr err = {0};
    CatalogEntry e = {.path = q, .name = name, .is_view = true, .temporary = true,
                      .rel = t->rel, .schema = t->schema};
    if (eddy__catalog_add(&tenv->catalog, &env->arena, &e, false, false, NULL, &err)) return eddy__api_take(env, &err);
    return EDDY_OK;
}

eddy_status eddy_tenv_create_temporary_view(eddy_tenv *tenv, const char *path, eddy_table *table) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!path || !table) return eddy__api_err(env, EDDY_E_MISUSE, "create_temporary_view: path and table are required.");
    if (table->tenv != tenv) return eddy__api_err(env, EDDY_E_MISUSE, "create_temporary_view: the table belongs to another table environment.");
    return register_view(tenv, path, table);
}

eddy_status eddy_tenv_create_temporary_view_from_stream(eddy_tenv *tenv, const char *path, eddy_stream *s,
                                                        const eddy_schema *schema) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!path) return eddy__api_err(env, EDDY_E_MISUSE, "create_temporary_view: path is required.");
    eddy_table *t = eddy_tenv_from_datastream(tenv, s, schema);
    if (!t) return env->err.code;
    /* a view over a stream scans under the view's name */
    const char **parts;
    int nparts;
    EdErr err = {0};
    if (eddy__catalog_split(&env->arena, path, &parts, &nparts, &err)) return eddy__api_take(env, &err);
    set_scan_name(t->rel, eddy__catalog_qualify(&env->arena, &tenv->catalog, parts, nparts));
    return register_view(tenv, path, t);
}

eddy_table *eddy_tenv_from(eddy_tenv *tenv, const char *path) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    if (!path) return eddy__api_err(env, EDDY_E_MISUSE, "from: path is required."), NULL;
    const char **parts;
    int nparts;
    EdErr err = {0};
    if (eddy__catalog_split(&env->arena, path, &parts, &nparts, &err)) return eddy__api_take(env, &err), NULL;
    const CatalogEntry *e = eddy__catalog_lookup(&tenv->catalog, parts, nparts);
    if (!e) {
        const char *q = eddy__catalog_qualify(&env->arena, &tenv->catalog, parts, nparts);
        return eddy__api_err(env, EDDY_E_VALIDATION, "Table %s was not found.", q ? q : path), NULL;
    }
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    be.sql = e->view_text;
    Rel *rel;
    if (eddy__plan_catalog_rel(&be, e, 0, NULL, &rel, &err)) return eddy__api_sql_err(env, &err), NULL;
    return eddy__api_table(tenv, rel, e->table ? e->table->def.schema : e->schema);
}

eddy_table *eddy_tenv_sql_query(eddy_tenv *tenv, const char *sql) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    if (!sql) return eddy__api_err(env, EDDY_E_MISUSE, "sql_query: sql is NULL."), NULL;
    EdErr err = {0};
    AstStmt *st;
    if (eddy__sql_parse_stmt(&env->arena, sql, strlen(sql), &st, &err)) return eddy__api_sql_err(env, &err), NULL;
    if (st->kind != AST_STMT_QUERY)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "Unsupported SQL query! sqlQuery() only accepts a single SQL query of type SELECT, UNION, "
                             "INTERSECT, EXCEPT, VALUES, and ORDER_BY."),
               NULL;
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    be.sql = sql;
    Rel *rel;
    if (eddy__bind_query(&be, st->u.query.query, &rel, &err)) return eddy__api_sql_err(env, &err), NULL;
    return eddy__api_table(tenv, rel, NULL);
}

/* ---- toDataStream ------------------------------------------------------------------------- */

static eddy_stream *to_stream(eddy_tenv *tenv, eddy_table *table, const Type *target, bool legacy) {
    eddy_env *env = tenv->env;
    if (table->tenv != tenv)
        return eddy__api_err(env, EDDY_E_MISUSE, "to_datastream: the table belongs to another table environment."), NULL;
    EdErr err = {0};
    ++env->bridge_sinks;
    const char *sink = eddy__arena_printf(&env->arena, "*anonymous_datastream_sink$%d*", env->bridge_sinks);
    if (!sink) return eddy__api_nomem(env);
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    StreamNode *n;
    /* the sink's name in messages is its identifier, without "Table sink" */
    StreamSinkSpec spec = {.kind = legacy ? SSINK_APPEND_STREAM : SSINK_DATASTREAM, .name = sink, .type = target};
    if (eddy__plan_to_datastream(&pe, table->rel, &spec, &n, &err)) return eddy__api_take(env, &err), NULL;
    return eddy__api_stream(env, n);
}

eddy_stream *eddy_tenv_to_datastream(eddy_tenv *tenv, eddy_table *table) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    if (!table) return eddy__api_err(tenv->env, EDDY_E_MISUSE, "to_datastream: the table is NULL."), NULL;
    return to_stream(tenv, table, NULL, false);
}

eddy_stream *eddy_tenv_to_append_stream(eddy_tenv *tenv, eddy_table *table) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    if (!table) return eddy__api_err(tenv->env, EDDY_E_MISUSE, "to_append_stream: the table is NULL."), NULL;
    return to_stream(tenv, table, NULL, true);
}

eddy_stream *eddy_tenv_to_datastream_as(eddy_tenv *tenv, eddy_table *table, const eddy_type *type) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    if (!table || !type) return eddy__api_err(tenv->env, EDDY_E_MISUSE, "to_datastream_as: table and type are required."), NULL;
    return to_stream(tenv, table, ty(type), false);
}
