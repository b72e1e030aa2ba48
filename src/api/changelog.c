/*
 * changelog.c -- the bridge for changelogs: fromChangelogStream (a table
 * over a stream whose records carry row kinds, in the mode given: all
 * kinds, upserts by primary key, insert-only) and toChangelogStream (a
 * table's changes as records with row kinds, with an optional schema and
 * mode), as Flink's StreamTableEnvironment has them.
 *
 * fromChangelogStream is fromDataStream's schema translation with the
 * scan's changelog set to the mode: the planner checks it (a primary key
 * for upserts, insert-only in batch), puts ChangelogNormalize above an
 * upsert scan and lets the conversion accept kinds other than +I.
 * toChangelogStream plans the table for a bridge sink accepting the mode's
 * kinds, so that an updating table into an insert-only conversion fails
 * with Flink's "Table sink '...' doesn't support consuming update changes
 * which is produced by node ...".
 *
 * toRetractStream (deprecated) plans the table for a sink taking every
 * kind and maps each row to Flink's Tuple2<Boolean, Row>: (true, row) for
 * +I / +U, (false, row) for -U / -D.
 */
#include "api/api.h"
#include "types/row.h"

static unsigned mode_kinds(eddy_changelog_mode mode) {
    switch (mode) {
    case EDDY_CHANGELOG_UPSERT: return CL_INSERT | CL_UPDATE_AFTER | CL_DELETE;
    case EDDY_CHANGELOG_INSERT_ONLY: return CL_INSERT;
    default: return CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE;
    }
}

static bool mode_ok(eddy_changelog_mode mode) {
    return mode == EDDY_CHANGELOG_ALL || mode == EDDY_CHANGELOG_UPSERT || mode == EDDY_CHANGELOG_INSERT_ONLY;
}

/* ---- fromChangelogStream ---------------------------------------------------------------------- */

eddy_table *eddy_tenv_from_changelog_stream(eddy_tenv *tenv, eddy_stream *s, const eddy_schema *schema,
                                            eddy_changelog_mode mode) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    if (!mode_ok(mode))
        return eddy__api_err(tenv->env, EDDY_E_MISUSE, "from_changelog_stream: invalid changelog mode %d.", (int)mode),
               NULL;
    eddy_table *t = eddy_tenv_from_datastream(tenv, s, schema);
    if (!t) return NULL;
    Rel *r = t->rel;
    while (r && r->kind == REL_PROJECT) r = r->in[0];
    if (!r || r->kind != REL_STREAM_SCAN)
        return eddy__api_err(tenv->env, EDDY_E_INTERNAL, "from_changelog_stream: no stream scan"), NULL;
    r->changelog = mode_kinds(mode);
    for (Rel *p = t->rel; p != r; p = p->in[0]) p->changelog = r->changelog;
    return t;
}

eddy_status eddy_tenv_create_temporary_view_from_changelog_stream(eddy_tenv *tenv, const char *path, eddy_stream *s,
                                                                  const eddy_schema *schema, eddy_changelog_mode mode) {
    if (!tenv) return EDDY_E_MISUSE;
    eddy_env *env = tenv->env;
    if (env->err.code) return env->err.code;
    if (!path) return eddy__api_err(env, EDDY_E_MISUSE, "create_temporary_view: path is required.");
    eddy_table *t = eddy_tenv_from_changelog_stream(tenv, s, schema, mode);
    if (!t) return env->err.code;
    return eddy_tenv_create_temporary_view(tenv, path, t);
}

/* ---- toChangelogStream ------------------------------------------------------------------------ */

/* The target record type of a schema's persisted columns (physical, and
 * metadata that is not virtual), in the schema's order; the rowtime
 * metadata column's position in *meta (-1: none). */
static eddy_status schema_target(eddy_env *env, const eddy_schema *sc, const Type **out, int *meta, int *npk,
                                 const char *const **pk_names) {
    Arena *a = &env->arena;
    int n = 0;
    *meta = -1;
    *npk = 0;
    for (size_t i = 0; i < sc->parts.len; i++) {
        const SpecPart *p = &sc->parts.items[i];
        if (p->kind == SPEC_PHYSICAL) n++;
        else if (p->kind == SPEC_METADATA && !p->is_virtual) {
            const char *key = p->key ? p->key : p->name;
            if (strcmp(key, "rowtime") != 0)
                return eddy__api_err(env, EDDY_E_VALIDATION,
                                     "Invalid metadata key '%s' in column '%s' of table "
                                     "'*anonymous_datastream_sink*'. The DynamicTableSink class "
                                     "'org.apache.flink.table.planner.connectors.ExternalDynamicSink' supports the "
                                     "following metadata keys for writing:\nrowtime",
                                     key, p->name);
            if (*meta >= 0)
                return eddy__api_err(env, EDDY_E_VALIDATION, "to_changelog_stream: more than one rowtime metadata column.");
            *meta = n++;
        } else if (p->kind == SPEC_PK) {
            *npk = p->ncols;
            *pk_names = p->cols;
        }
    }
    if (n == 0) {
        /* no columns declared: the table's */
        *out = NULL;
        return EDDY_OK;
    }
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n + 1));
    if (!names || !types) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    int k = 0;
    for (size_t i = 0; i < sc->parts.len; i++) {
        const SpecPart *p = &sc->parts.items[i];
        if (p->kind == SPEC_PHYSICAL || (p->kind == SPEC_METADATA && !p->is_virtual)) {
            names[k] = p->name;
            types[k] = p->type;
            k++;
        }
    }
    if (!(*out = eddy__type_row(a, n, names, types, true))) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* The table planned into a bridge sink (spec without its name): the sink's
 * stream node, or NULL with the env's error. */
static StreamNode *bridge_sink(eddy_tenv *tenv, eddy_table *table, StreamSinkSpec *spec) {
    eddy_env *env = tenv->env;
    ++env->bridge_sinks;
    spec->name = eddy__arena_printf(&env->arena, "*anonymous_datastream_sink$%d*", env->bridge_sinks);
    if (!spec->name) return eddy__api_nomem(env);
    PlanEnv pe;
    eddy__api_plan_env(tenv, &pe);
    StreamNode *n;
    EdErr err = {0};
    if (eddy__plan_to_datastream(&pe, table->rel, spec, &n, &err)) return eddy__api_take(env, &err), NULL;
    return n;
}

eddy_stream *eddy_tenv_to_changelog_stream(eddy_tenv *tenv, eddy_table *table, const eddy_schema *schema,
                                           eddy_changelog_mode mode) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    if (!table) return eddy__api_err(env, EDDY_E_MISUSE, "to_changelog_stream: the table is NULL."), NULL;
    if (table->tenv != tenv)
        return eddy__api_err(env, EDDY_E_MISUSE, "to_changelog_stream: the table belongs to another table environment."),
               NULL;
    if (!mode_ok(mode))
        return eddy__api_err(env, EDDY_E_MISUSE, "to_changelog_stream: invalid changelog mode %d.", (int)mode), NULL;
    StreamSinkSpec spec = {.kind = SSINK_CHANGELOG, .accepts = mode_kinds(mode)};
    if (schema) {
        if (schema->env != env)
            return eddy__api_err(env, EDDY_E_MISUSE, "to_changelog_stream: the schema belongs to another env."), NULL;
        if (schema->err.code)
            return eddy__api_err(env, schema->err.code, "%s", schema->err.msg ? schema->err.msg : "invalid schema"), NULL;
        int npk = 0;
        const char *const *pk_names = NULL;
        if (schema_target(env, schema, &spec.type, &spec.meta_rowtime, &npk, &pk_names)) return NULL;
        if (npk) {
            int *pk = eddy__arena_alloc(&env->arena, sizeof(int) * (size_t)npk);
            if (!pk) return eddy__api_nomem(env);
            const Rel *tr = table->rel;
            int tn = spec.type ? eddy__type_column_count(spec.type) : tr->ncols;
            for (int k = 0; k < npk; k++) {
                pk[k] = -1;
                for (int i = 0; i < tn; i++)
                    if (!strcmp(spec.type ? eddy__type_column_name(spec.type, i) : tr->names[i], pk_names[k])) pk[k] = i;
                if (pk[k] < 0 || (spec.meta_rowtime >= 0 && pk[k] == spec.meta_rowtime))
                    return eddy__api_err(env, EDDY_E_VALIDATION, "Invalid primary key '%s'. Column '%s' does not exist.",
                                         pk_names[k], pk_names[k]),
                           NULL;
            }
            spec.npk = npk;
            spec.pk = pk;
        }
        spec.has_meta_rowtime = spec.meta_rowtime >= 0;
        if (!spec.has_meta_rowtime) spec.no_rowtime = true;
    }
    if (mode == EDDY_CHANGELOG_UPSERT && spec.npk == 0)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "to_changelog_stream: the upsert changelog mode needs a primary key in the schema."),
               NULL;
    StreamNode *n = bridge_sink(tenv, table, &spec);
    return n ? eddy__api_stream(env, n) : NULL;
}

/* ---- toRetractStream (deprecated) ------------------------------------------------------------ */

/* Tuple2<Boolean, Row>: f0 whether the row is added (+I, +U) or taken back
 * (-U, -D), f1 the row. */
static eddy_status retract_record(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_row_kind k = eddy_row_get_kind(in);
    eddy_status rc = eddy_out_set_bool(out, 0, k == EDDY_INSERT || k == EDDY_UPDATE_AFTER);
    Vector *v = rc ? NULL : eddy__out_field(out, 1);
    if (!v) return rc ? rc : EDDY_E_MISUSE;
    vec_set_valid(v, out->row);
    for (int c = 0; c < v->nchild && c < in->ncols; c++) eddy__vec_copy_value(v->child[c], out->row, in->cols[c], in->idx);
    return v->failed ? EDDY_E_NOMEM : EDDY_OK;
}

eddy_stream *eddy_tenv_to_retract_stream(eddy_tenv *tenv, eddy_table *table) {
    if (!tenv || !env_ok(tenv->env)) return NULL;
    eddy_env *env = tenv->env;
    if (!table) return eddy__api_err(env, EDDY_E_MISUSE, "to_retract_stream: the table is NULL."), NULL;
    if (table->tenv != tenv)
        return eddy__api_err(env, EDDY_E_MISUSE, "to_retract_stream: the table belongs to another table environment."),
               NULL;
    StreamSinkSpec spec = {.kind = SSINK_RETRACT_STREAM};
    StreamNode *n = bridge_sink(tenv, table, &spec);
    if (!n) return NULL;
    Arena *a = &env->arena;
    static const char *names[2] = {"f0", "f1"};
    const Type *types[2] = {eddy__type_basic(TY_BOOLEAN, false), eddy__type_with_nullable(a, n->type, false)};
    const Type *t = types[1] ? eddy__type_row(a, 2, names, types, true) : NULL;
    if (!t) return eddy__api_nomem(env);
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, t);
    eddy_stream *s = eddy_stream_map(eddy__api_stream(env, n), eddy__buf_cstr(&b), retract_record, NULL, NULL);
    eddy__buf_free(&b);
    return s;
}
