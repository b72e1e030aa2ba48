/*
 * stream.c -- the DataStream API: sources, transformations, partitioning,
 * keyed streams, sinks and executeAndCollect. Each call adds a StreamNode to
 * the env's graph; nothing runs until eddy_env_execute or an iterator.
 */
#include "api/api.h"
#include "types/row.h"
#include "types/serde.h"

#define STREAM_ENV(s) ((s) ? (s)->env : NULL)

/* ---- sources ------------------------------------------------------------------------- */

StreamNode *eddy__api_values_node(eddy_env *env, const Type *t, Batch **batches, int nbatches) {
    ValuesPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    Batch **copy = eddy__arena_alloc(&env->arena, sizeof(Batch *) * (size_t)(nbatches ? nbatches : 1));
    if (!p || !copy) {
        for (int i = 0; i < nbatches; i++) eddy__batch_release(batches[i]);
        return eddy__api_nomem(env);
    }
    for (int i = 0; i < nbatches; i++) {
        copy[i] = batches[i];
        if (!eddy__arena_on_cleanup(&env->arena, (void (*)(void *))eddy__batch_release, batches[i])) {
            for (int k = i; k < nbatches; k++) eddy__batch_release(batches[k]);
            p->nbatches = i;
            return eddy__api_nomem(env);
        }
    }
    p->nbatches = nbatches;
    p->batches = copy;
    StreamNode *n = eddy__api_node(env, NODE_SOURCE, "Source: Collection Source", &eddy__op_values, p, t, 0);
    if (n) {
        n->fixed_parallelism = true;
        n->bounded = true;
    }
    return n;
}

/* Splits rows 0..n-1 of a filling function into batches of the env's size. */
typedef eddy_status (*FillFn)(void *ctx, Batch *b, size_t first, uint32_t count, EdErr *err);

static eddy_stream *values_stream(eddy_env *env, const Type *t, size_t n, FillFn fill, void *ctx) {
    int ncols = eddy__type_column_count(t);
    const Type **ct = eddy__arena_alloc(&env->arena, sizeof(Type *) * (size_t)(ncols ? ncols : 1));
    if (!ct) return eddy__api_nomem(env);
    for (int c = 0; c < ncols; c++) ct[c] = eddy__type_column_type(t, c);
    uint32_t bs = (uint32_t)env->cfg.batch_size;
    int nb = (int)((n + bs - 1) / bs);
    Batch **bat = eddy__calloc((size_t)(nb ? nb : 1), sizeof(Batch *));
    if (!bat) return eddy__api_nomem(env);
    EdErr err = {0};
    for (int k = 0; k < nb; k++) {
        size_t first = (size_t)k * bs;
        uint32_t cnt = (uint32_t)ED_MIN((size_t)bs, n - first);
        bat[k] = eddy__batch_new_typed(ncols, ct, cnt);
        eddy_status rc = bat[k] ? fill(ctx, bat[k], first, cnt, &err) : eddy__err(&err, EDDY_E_NOMEM, "out of memory");
        if (!rc) {
            bat[k]->n = bat[k]->count = cnt;
            for (int c = 0; c < ncols; c++)
                if (bat[k]->cols[c]->failed) rc = eddy__err(&err, EDDY_E_NOMEM, "out of memory");
        }
        if (rc) {
            for (int i = 0; i <= k; i++) eddy__batch_release(bat[i]);
            eddy__free(bat);
            eddy__api_take(env, &err);
            return NULL;
        }
    }
    StreamNode *node = eddy__api_values_node(env, t, bat, nb);
    eddy__free(bat);
    return node ? eddy__api_stream(env, node) : NULL;
}

typedef struct StrCtx {
    const char *const *s;
} StrCtx;

static eddy_status fill_strings(void *ctx, Batch *b, size_t first, uint32_t count, EdErr *err) {
    (void)err;
    StrCtx *c = ctx;
    for (uint32_t i = 0; i < count; i++) {
        const char *s = c->s[first + i];
        if (s) eddy__vec_set_str(b->cols[0], i, s, strlen(s));
        else eddy__vec_set_null(b->cols[0], i);
    }
    return EDDY_OK;
}

eddy_stream *eddy_from_strings(eddy_env *env, const char *const *strings, size_t n) {
    if (!env_ok(env)) return NULL;
    if (!strings && n) return eddy__api_err(env, EDDY_E_MISUSE, "from_strings: strings is NULL"), NULL;
    StrCtx c = {strings};
    return values_stream(env, eddy__type_string(true), n, fill_strings, &c);
}

typedef struct StructCtx {
    const Type *t;
    const char *items;
} StructCtx;

/* Copies the structs into the columns; a NULL (a NULL string pointer) in a
 * field of a NOT NULL type is refused, naming the item. */
static eddy_status fill_structs(void *ctx, Batch *b, size_t first, uint32_t count, EdErr *err) {
    StructCtx *c = ctx;
    for (uint32_t i = 0; i < count; i++) {
        eddy_status rc = eddy__struct_to_cols(c->t, c->items + (first + i) * c->t->c_size, b->cols, i, err);
        if (rc) return rc;
        for (int f = 0; f < c->t->nfields; f++) {
            const Type *ft = c->t->fields[f].type;
            if (ft->nullable || !vec_is_null(b->cols[f], i)) continue;
            Buf tb;
            eddy__buf_init(&tb);
            eddy__type_print(&tb, ft);
            rc = eddy__err(err, EDDY_E_VALIDATION, "from_structs: item %zu has NULL for field '%s', but its type is %s.",
                           first + i, c->t->fields[f].name, eddy__buf_cstr(&tb));
            eddy__buf_free(&tb);
            return rc;
        }
    }
    return EDDY_OK;
}

eddy_stream *eddy_from_structs(eddy_env *env, const eddy_type *type, const void *items, size_t n) {
    if (!env_ok(env)) return NULL;
    const Type *t = ty(type);
    if (!t || t->root != TY_STRUCTURED)
        return eddy__api_err(env, EDDY_E_MISUSE, "from_structs needs a struct type (eddy_type_struct)."), NULL;
    if (!items && n) return eddy__api_err(env, EDDY_E_MISUSE, "from_structs: items is NULL"), NULL;
    StructCtx c = {t, items};
    return values_stream(env, t, n, fill_structs, &c);
}

static eddy_status fill_raw(void *ctx, Batch *b, size_t first, uint32_t count, EdErr *err) {
    (void)err;
    StructCtx *c = ctx;
    size_t size = c->t->raw->size;
    for (uint32_t i = 0; i < count; i++) {
        Value v = {.type = c->t};
        v.u.str.p = c->items + (first + i) * size;
        v.u.str.n = size;
        eddy__vec_set_value(b->cols[0], i, &v);
    }
    return EDDY_OK;
}

eddy_stream *eddy_from_raw(eddy_env *env, const eddy_type *type, const void *items, size_t n) {
    if (!env_ok(env)) return NULL;
    const Type *t = ty(type);
    if (!t || t->root != TY_RAW || !t->raw)
        return eddy__api_err(env, EDDY_E_MISUSE, "from_raw needs a RAW type (eddy_type_raw)."), NULL;
    if (!items && n) return eddy__api_err(env, EDDY_E_MISUSE, "from_raw: items is NULL"), NULL;
    StructCtx c = {t, items};
    return values_stream(env, t, n, fill_raw, &c);
}

eddy_stream *eddy_from_sequence(eddy_env *env, int64_t from, int64_t to) {
    if (!env_ok(env)) return NULL;
    SequencePlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    if (!p) return eddy__api_nomem(env);
    p->from = from;
    p->to = to;
    StreamNode *n = eddy__api_node(env, NODE_SOURCE, "Source: Sequence Source", &eddy__op_sequence, p,
                                   eddy__type_basic(TY_BIGINT, false), 0);
    if (n) n->bounded = true;
    return n ? eddy__api_stream(env, n) : NULL;
}

/* A user source node; the caller adopts ctx. */
static eddy_stream *source_stream(eddy_env *env, const char *type, bool parallel, eddy_source_fn run,
                                  eddy_source_snapshot_fn snapshot, eddy_source_restore_fn restore, void *ctx) {
    if (!env_ok(env)) return NULL;
    if (!run) return eddy__api_err(env, EDDY_E_MISUSE, "from_source: run is NULL"), NULL;
    const Type *t = eddy__api_type(env, type);
    if (!t) return NULL;
    UserSourcePlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    if (!p) return eddy__api_nomem(env);
    p->fn = run;
    p->snapshot = snapshot;
    p->restore = restore;
    p->ctx = ctx;
    StreamNode *n = eddy__api_node(env, NODE_SOURCE, "Source: Custom Source",
                                   snapshot ? &eddy__op_checkpointed_source : &eddy__op_user_source, p, t, 0);
    if (!n) return NULL;
    n->fixed_parallelism = !parallel;
    return eddy__api_stream(env, n);
}

eddy_stream *eddy_from_source(eddy_env *env, const char *type, bool parallel, eddy_source_fn run, void *ctx,
                              void (*ctx_free)(void *)) {
    eddy_stream *s = source_stream(env, type, parallel, run, NULL, NULL, ctx);
    return eddy__api_adopt_ctx(env, s != NULL, ctx_free, ctx) ? s : NULL;
}

eddy_stream *eddy_from_checkpointed_source(eddy_env *env, const char *type, bool parallel, eddy_source_fn run,
                                           eddy_source_snapshot_fn snapshot, eddy_source_restore_fn restore, void *ctx,
                                           void (*ctx_free)(void *)) {
    eddy_stream *s = NULL;
    if (env_ok(env) && (!snapshot || !restore))
        eddy__api_err(env, EDDY_E_MISUSE, "from_checkpointed_source: snapshot and restore must not be NULL");
    else s = source_stream(env, type, parallel, run, snapshot, restore, ctx);
    return eddy__api_adopt_ctx(env, s != NULL, ctx_free, ctx) ? s : NULL;
}

/* ---- transformations --------------------------------------------------------------------- */

static eddy_stream *one_input(eddy_stream *s, NodeKind kind, const char *name, const OpVtab *vt, const void *plan,
                              const Type *t, PartKind part, const KeySpec *key) {
    eddy_env *env = s->env;
    StreamNode *n = eddy__api_node(env, kind, name, vt, plan, t, 1);
    if (!n) return NULL;
    n->in[0] = (StreamInput){s->node, part, key, 0};
    return eddy__api_stream(env, n);
}

/* A map / flat_map / filter node over s; the caller adopts ctx. */
static eddy_stream *udf_node(eddy_stream *s, UdfKind kind, const char *out_type, void *fn, void *ctx, PartKind part,
                             const KeySpec *key) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (!fn) return eddy__api_err(env, EDDY_E_MISUSE, "The function is NULL."), NULL;
    const Type *t = kind == UDF_FILTER ? s->node->type : eddy__api_type(env, out_type);
    if (!t) return NULL;
    UdfPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    if (!p) return eddy__api_nomem(env);
    p->kind = kind;
    p->fn = fn;
    p->ctx = ctx;
    p->in_type = s->node->type;
    static const char *names[] = {"Map", "Flat Map", "Filter"};
    return one_input(s, NODE_OPERATOR, names[kind], &eddy__op_udf, p, t, part, key);
}

static eddy_stream *udf_stream(eddy_stream *s, UdfKind kind, const char *out_type, void *fn, void *ctx,
                               void (*ctx_free)(void *)) {
    eddy_stream *r = udf_node(s, kind, out_type, fn, ctx, PART_DEFAULT, NULL);
    return eddy__api_adopt_ctx(STREAM_ENV(s), r != NULL, ctx_free, ctx) ? r : NULL;
}

eddy_stream *eddy_stream_map(eddy_stream *s, const char *out_type, eddy_map_fn fn, void *ctx, void (*ctx_free)(void *)) {
    return udf_stream(s, UDF_MAP, out_type, (void *)fn, ctx, ctx_free);
}

eddy_stream *eddy_stream_flat_map(eddy_stream *s, const char *out_type, eddy_flat_map_fn fn, void *ctx,
                                  void (*ctx_free)(void *)) {
    return udf_stream(s, UDF_FLAT_MAP, out_type, (void *)fn, ctx, ctx_free);
}

eddy_stream *eddy_stream_filter(eddy_stream *s, eddy_filter_fn fn, void *ctx, void (*ctx_free)(void *)) {
    return udf_stream(s, UDF_FILTER, NULL, (void *)fn, ctx, ctx_free);
}

eddy_stream *eddy_stream_union(eddy_stream *s, eddy_stream *other) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (!other) return eddy__api_err(env, EDDY_E_MISUSE, "union: the other stream is NULL."), NULL;
    if (other->env != env) return eddy__api_err(env, EDDY_E_MISUSE, "union: the streams belong to different envs."), NULL;
    if (!eddy__type_equals(s->node->type, other->node->type, false, true)) {
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_puts(&b, "Cannot union streams of different types: ");
        eddy__type_print(&b, s->node->type);
        eddy__buf_puts(&b, " and ");
        eddy__type_print(&b, other->node->type);
        eddy__api_err(env, EDDY_E_MISUSE, "%s", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return NULL;
    }
    StreamNode *n = eddy__api_node(env, NODE_UNION, "Union", NULL, NULL, s->node->type, 2);
    if (!n) return NULL;
    n->in[0] = (StreamInput){s->node, PART_DEFAULT, NULL, 0};
    n->in[1] = (StreamInput){other->node, PART_DEFAULT, NULL, 0};
    return eddy__api_stream(env, n);
}

eddy_stream *eddy_stream_set_parallelism(eddy_stream *s, int parallelism) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (parallelism < 1 || parallelism > 32768)
        return eddy__api_err(env, EDDY_E_MISUSE, "The parallelism of an operator must be at least 1."), NULL;
    if (s->node->kind == NODE_UNION)
        return eddy__api_err(env, EDDY_E_MISUSE, "Setting the parallelism of a union is not supported."), NULL;
    if (s->node->fixed_parallelism && parallelism != 1)
        return eddy__api_err(env, EDDY_E_MISUSE, "The parallelism of non parallel operator must be 1."), NULL;
    s->node->parallelism = parallelism;
    return s;
}

eddy_stream *eddy_stream_name(eddy_stream *s, const char *name) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (name) {
        char *n = eddy__arena_strdup(&env->arena, name);
        if (!n) return eddy__api_nomem(env);
        s->node->name = n;
    }
    return s;
}

eddy_stream *eddy_stream_uid(eddy_stream *s, const char *uid) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (!uid || !*uid) return eddy__api_err(env, EDDY_E_MISUSE, "A uid must not be empty."), NULL;
    if (s->node->kind == NODE_UNION)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "A uid cannot be set on '%s': a union or partitioning has no operator of its own.",
                             s->node->name),
               NULL;
    char *u = eddy__arena_strdup(&env->arena, uid);
    if (!u) return eddy__api_nomem(env);
    s->node->uid = u;
    return s;
}

static eddy_stream *partition(eddy_stream *s, PartKind part, const char *name) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    /* a virtual partitioning node: forwards, and its input edge carries
     * the partitioning */
    return one_input(s, NODE_UNION, name, NULL, NULL, s->node->type, part, NULL);
}

eddy_stream *eddy_stream_rebalance(eddy_stream *s) { return partition(s, PART_REBALANCE, "Rebalance"); }
eddy_stream *eddy_stream_broadcast(eddy_stream *s) { return partition(s, PART_BROADCAST, "Broadcast"); }
eddy_stream *eddy_stream_global(eddy_stream *s) { return partition(s, PART_GLOBAL, "Global"); }
eddy_stream *eddy_stream_forward(eddy_stream *s) { return partition(s, PART_FORWARD, "Forward"); }

const eddy_type *eddy_stream_type(const eddy_stream *s) { return s ? ety(s->node->type) : NULL; }

/* ---- keyed streams ---------------------------------------------------------------------- */

eddy_keyed_stream *eddy_stream_key_by(eddy_stream *s, const char *field) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (!field) return eddy__api_err(env, EDDY_E_MISUSE, "key_by: field is NULL."), NULL;
    const Type *t = s->node->type;
    int idx = (!eddy__type_is_composite(t) && strcmp(field, "*") == 0) ? 0 : eddy__type_field_index(t, field);
    if (idx < 0) {
        Buf b;
        eddy__buf_init(&b);
        for (int i = 0; i < eddy__type_column_count(t); i++) {
            if (i) eddy__buf_puts(&b, ", ");
            eddy__buf_puts(&b, eddy__type_column_name(t, i));
        }
        eddy__api_err(env, EDDY_E_MISUSE, "Invalid key field '%s': the stream's fields are [%s].", field,
                      eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return NULL;
    }
    KeySpec *k = eddy__arena_alloc(&env->arena, sizeof *k);
    int *cols = eddy__arena_alloc(&env->arena, sizeof(int));
    const Type **types = eddy__arena_alloc(&env->arena, sizeof(Type *));
    eddy_keyed_stream *ks = eddy__arena_alloc(&env->arena, sizeof *ks);
    if (!k || !cols || !types || !ks) return eddy__api_nomem(env);
    cols[0] = idx;
    types[0] = s->node->col_types[idx];
    k->nkeys = 1;
    k->cols = cols;
    k->types = types;
    ks->env = env;
    ks->input = s->node;
    ks->key = k;
    ks->key_type = types[0];
    return ks;
}

typedef struct KeyFnData {
    eddy_key_fn fn;
    void *ctx;
    const Type *in_type;
    const Type *key_type;
    int ncols;
    const Type *const *col_types;
} KeyFnData;

typedef struct KeyOutCtx {
    Vector **keys;
    int nkeys;
    uint32_t row;
} KeyOutCtx;

/* Runs the user key selector for every visible row, writing the key
 * columns into keys[] at the row's physical index. */
static eddy_status key_fn_extract(const KeySpec *ks, const Batch *b, Vector **keys, EdErr *err) {
    const KeyFnData *d = ks->fn_data;
    Batch *tmp = eddy__batch_new_typed(d->ncols, d->col_types, 1);
    if (!tmp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy_out out;
    eddy__out_init(&out, d->key_type, d->ncols, d->col_types, 1, NULL, NULL, err);
    out.batch = tmp;
    out.single = true;
    Arena scratch;
    eddy__arena_init(&scratch, 1024);
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        eddy_row row;
        eddy__row_view(&row, d->in_type, b, r, &scratch);
        out.row = 0;
        for (int c = 0; c < d->ncols; c++) eddy__vec_reset(tmp->cols[c]);
        if ((rc = eddy__out_begin(&out))) break;
        rc = d->fn(d->ctx, &row, &out);
        eddy__out_seal(&out);
        if (!rc) rc = eddy__out_check_not_null(&out, "The key selector returned");
        if (rc) {
            if (!eddy__err_is_set(err)) eddy__err(err, rc == EDDY_ROW || rc == EDDY_DONE ? EDDY_E_UDF : rc, "The key selector failed (%s).", eddy_status_name(rc));
            rc = err->code;
            break;
        }
        for (int c = 0; c < ks->nkeys; c++) eddy__vec_copy_value(keys[c], r, tmp->cols[c], 0);
        eddy__arena_reset(&scratch);
    }
    out.open = false;
    out.batch = NULL;
    eddy__batch_release(tmp);
    eddy__arena_destroy(&scratch);
    return rc;
}

/* A keyed stream with a user key selector; the caller adopts ctx. */
static eddy_keyed_stream *key_fn_stream(eddy_stream *s, const char *key_type, eddy_key_fn fn, void *ctx) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    if (!fn) return eddy__api_err(env, EDDY_E_MISUSE, "key_by_fn: the key selector is NULL."), NULL;
    const Type *kt = eddy__api_type(env, key_type);
    if (!kt) return NULL;
    KeySpec *k = eddy__arena_alloc(&env->arena, sizeof *k);
    KeyFnData *d = eddy__arena_alloc(&env->arena, sizeof *d);
    eddy_keyed_stream *ks = eddy__arena_alloc(&env->arena, sizeof *ks);
    int n = eddy__type_column_count(kt);
    const Type **types = eddy__arena_alloc(&env->arena, sizeof(Type *) * (size_t)n);
    if (!k || !d || !ks || !types) return eddy__api_nomem(env);
    for (int i = 0; i < n; i++) types[i] = eddy__type_column_type(kt, i);
    d->fn = fn;
    d->ctx = ctx;
    d->in_type = s->node->type;
    d->key_type = kt;
    d->ncols = n;
    d->col_types = types;
    k->nkeys = n;
    k->types = types;
    k->fn = key_fn_extract;
    k->fn_data = d;
    ks->env = env;
    ks->input = s->node;
    ks->key = k;
    ks->key_type = kt;
    return ks;
}

eddy_keyed_stream *eddy_stream_key_by_fn(eddy_stream *s, const char *key_type, eddy_key_fn fn, void *ctx,
                                         void (*ctx_free)(void *)) {
    eddy_keyed_stream *ks = key_fn_stream(s, key_type, fn, ctx);
    return eddy__api_adopt_ctx(STREAM_ENV(s), ks != NULL, ctx_free, ctx) ? ks : NULL;
}

static eddy_stream *keyed_input(eddy_keyed_stream *ks) {
    eddy_stream *s = eddy__arena_alloc(&ks->env->arena, sizeof *s);
    if (!s) return eddy__api_nomem(ks->env);
    s->env = ks->env;
    s->node = ks->input;
    return s;
}

static eddy_stream *reduce_stream(eddy_keyed_stream *ks, eddy_reduce_fn fn, void *ctx, int sum_field,
                                  const char *name) {
    eddy_env *env = ks->env;
    ReducePlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    eddy_stream *in = keyed_input(ks);
    if (!p || !in) return eddy__api_nomem(env);
    p->key = ks->key;
    p->type = ks->input->type;
    p->fn = fn;
    p->ctx = ctx;
    p->sum_field = sum_field;
    return one_input(in, NODE_OPERATOR, name, &eddy__op_reduce, p, ks->input->type, PART_HASH, ks->key);
}

eddy_stream *eddy_keyed_reduce(eddy_keyed_stream *ks, eddy_reduce_fn fn, void *ctx, void (*ctx_free)(void *)) {
    eddy_stream *r = NULL;
    if (ks && env_ok(ks->env)) {
        if (!fn) eddy__api_err(ks->env, EDDY_E_MISUSE, "reduce: the function is NULL.");
        else r = reduce_stream(ks, fn, ctx, -1, "Keyed Reduce");
    }
    return eddy__api_adopt_ctx(ks ? ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

eddy_stream *eddy_keyed_sum(eddy_keyed_stream *ks, const char *field) {
    if (!ks || !env_ok(ks->env)) return NULL;
    const Type *t = ks->input->type;
    int idx = field ? eddy__type_field_index(t, field) : -1;
    if (idx < 0 && !eddy__type_is_composite(t) && field && !strcmp(field, "*")) idx = 0;
    if (idx < 0)
        return eddy__api_err(ks->env, EDDY_E_MISUSE, "sum: the stream has no field '%s'.", field ? field : "(null)"),
               NULL;
    if (!eddy__type_is_numeric(ks->input->col_types[idx]))
        return eddy__api_err(ks->env, EDDY_E_MISUSE, "sum: field '%s' is not numeric.", field), NULL;
    return reduce_stream(ks, NULL, NULL, idx, "Keyed Aggregation");
}

eddy_stream *eddy_keyed_map(eddy_keyed_stream *ks, const char *out_type, eddy_map_fn fn, void *ctx,
                            void (*ctx_free)(void *)) {
    eddy_stream *in = ks && env_ok(ks->env) ? keyed_input(ks) : NULL;
    eddy_stream *r = in ? udf_node(in, UDF_MAP, out_type, (void *)fn, ctx, PART_HASH, ks->key) : NULL;
    return eddy__api_adopt_ctx(ks ? ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

static eddy_stream *keyed_process(eddy_keyed_stream *ks, const eddy_keyed_process_fn *fn, const char *out_type,
                                  void *ctx) {
    if (!ks || !env_ok(ks->env)) return NULL;
    eddy_env *env = ks->env;
    if (!fn || !fn->process_element)
        return eddy__api_err(env, EDDY_E_MISUSE, "process: the function or its process_element is NULL."), NULL;
    if (fn->abi_version != EDDY_KEYED_PROCESS_FN_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "process: unknown eddy_keyed_process_fn abi_version %u (this eddy has %d).",
                             fn->abi_version, EDDY_KEYED_PROCESS_FN_VERSION),
               NULL;
    const Type *t = eddy__api_type(env, out_type);
    if (!t) return NULL;
    KeyedProcessPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    eddy_stream *in = keyed_input(ks);
    if (!p || !in) return eddy__api_nomem(env);
    p->key = ks->key;
    p->in_type = ks->input->type;
    p->key_type = ks->key_type;
    p->fn = *fn;
    p->ctx = ctx;
    return one_input(in, NODE_OPERATOR, "KeyedProcess", &eddy__op_keyed_process, p, t, PART_HASH, ks->key);
}

eddy_stream *eddy_keyed_process(eddy_keyed_stream *ks, const eddy_keyed_process_fn *fn, const char *out_type,
                                void *ctx, void (*ctx_free)(void *)) {
    eddy_stream *r = keyed_process(ks, fn, out_type, ctx);
    return eddy__api_adopt_ctx(ks ? ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

/* ---- sinks -------------------------------------------------------------------------------- */

static eddy_status add_sink(eddy_stream *s, const char *name, const OpVtab *vt, const void *plan, int parallelism) {
    eddy_env *env = s->env;
    eddy_stream *r = one_input(s, NODE_SINK, name, vt, plan, s->node->type, PART_DEFAULT, NULL);
    if (!r) return env->err.code;
    r->node->parallelism = parallelism > 0 ? parallelism : 0;
    if (!ed_vec_push(&env->sinks, r->node)) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

eddy_status eddy_stream_print_to(eddy_stream *s, const char *id, FILE *file, int parallelism) {
    eddy_env *env = STREAM_ENV(s);
    if (!env) return EDDY_E_MISUSE;
    if (env->err.code) return env->err.code;
    PrintPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    if (!p) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    p->id = id ? eddy__arena_strdup(&env->arena, id) : NULL;
    p->file = file;
    p->type = s->node->type;
    return add_sink(s, file == stderr ? "Sink: Print to Std. Err" : "Sink: Print to Std. Out", &eddy__op_print, p,
                    parallelism);
}

eddy_status eddy_stream_print(eddy_stream *s) { return eddy_stream_print_to(s, NULL, NULL, 0); }
eddy_status eddy_stream_print_id(eddy_stream *s, const char *id) { return eddy_stream_print_to(s, id, NULL, 0); }
eddy_status eddy_stream_print_to_err(eddy_stream *s) { return eddy_stream_print_to(s, NULL, stderr, 0); }

/* A user sink node, published in env->sinks last; the caller adopts ctx. */
static eddy_status user_sink(eddy_stream *s, eddy_sink_fn fn, void *ctx, int parallelism) {
    eddy_env *env = STREAM_ENV(s);
    if (!env) return EDDY_E_MISUSE;
    if (env->err.code) return env->err.code;
    if (!fn) return eddy__api_err(env, EDDY_E_MISUSE, "add_sink: the function is NULL.");
    UserSinkPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    if (!p) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    p->fn = fn;
    p->ctx = ctx;
    p->type = s->node->type;
    return add_sink(s, "Sink: Unnamed", &eddy__op_user_sink, p, parallelism);
}

eddy_status eddy_stream_add_sink(eddy_stream *s, eddy_sink_fn fn, void *ctx, void (*ctx_free)(void *), int parallelism) {
    eddy_status rc = user_sink(s, fn, ctx, parallelism);
    if (!eddy__api_adopt_ctx(STREAM_ENV(s), rc == EDDY_OK, ctx_free, ctx) && rc == EDDY_OK) {
        s->env->sinks.len--; /* the sink add_sink published last */
        rc = s->env->err.code;
    }
    return rc;
}

eddy_iter *eddy_stream_execute_and_collect(eddy_stream *s) {
    eddy_env *env = STREAM_ENV(s);
    if (!env_ok(env)) return NULL;
    StreamNode *n = eddy__api_node(env, NODE_SINK, "Sink: Collect Stream Sink", &eddy__op_collect, NULL, s->node->type, 1);
    if (!n) return NULL;
    n->in[0] = (StreamInput){s->node, PART_DEFAULT, NULL, 0};
    n->is_collect = true;
    return eddy__api_iter_start(env, n, s->node->type);
}

/* ---- fromElements with SQL literals --------------------------------------------------------------- */

#include "sql/parser.h"

/* The bytes a vector holds (slots, validity, string heap, children). */
static size_t vec_bytes(const Vector *v) {
    if (!v) return 0;
    size_t n = sizeof *v + (size_t)v->cap * eddy__phys_width((PhysKind)v->phys) + v->heap.bytes;
    if (v->valid) n += ((size_t)v->cap + 7) / 8;
    for (int i = 0; i < v->nchild; i++) n += vec_bytes(v->child[i]);
    return n;
}

eddy_stream *eddy_from_values(eddy_env *env, const char *type, const char *values) {
    if (!env_ok(env)) return NULL;
    const Type *t = eddy__api_type(env, type);
    if (!t) return NULL;
    if (!values) return eddy__api_err(env, EDDY_E_MISUSE, "from_values: values is NULL."), NULL;
    /* the parse tree and the bound literals are scratch: only the batch of
     * rows (columnar, its strings in the vectors' heaps) stays */
    Arena tmp;
    eddy__arena_init(&tmp, 65536);
    EdErr err = {0};
    AstExprList *list;
    if (eddy__sql_parse_expr_list(&tmp, values, strlen(values), &list, &err)) {
        eddy__arena_destroy(&tmp);
        return eddy__api_take(env, &err), NULL;
    }
    BindEnv be = {.a = &tmp, .streaming = env->cfg.mode == EDDY_STREAMING, .sql = values};
    Batch *b;
    eddy_status rc = eddy__bind_values(&be, t, list, &b, &err);
    eddy__arena_destroy(&tmp);
    if (rc) {
        /* name the offending value text */
        int line = err.line, col = err.col;
        eddy__api_take(env, &err);
        env->err.line = line;
        env->err.col = col;
        return NULL;
    }
    for (int c = 0; c < b->ncols; c++) env->values_bytes += vec_bytes(b->cols[c]);
    env->values_bytes += vec_bytes(b->kinds);
    Batch *bs[1] = {b};
    StreamNode *n = eddy__api_values_node(env, t, bs, b->count ? 1 : 0);
    if (b->count == 0) eddy__batch_release(b);
    return n ? eddy__api_stream(env, n) : NULL;
}
