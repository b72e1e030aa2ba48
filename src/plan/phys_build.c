/*
 * phys_build.c -- the physical plan of a rewritten Rel tree for the
 * runtime mode: which operator runs each Rel and which exchanges bring it
 * its rows, as Flink's physical rules choose them.
 *
 * Streaming: scans (with ChangelogNormalize behind a hash exchange after
 * upsert sources), Calc, Correlate, Union, Expand + GroupAggregate for
 * grouping sets, GroupAggregate behind hash[keys] (or single), Join behind
 * hash[join keys] on both sides (IntervalJoin / TemporalJoin / WindowJoin
 * when the condition says so), Rank / Deduplicate behind hash[partition],
 * Limit / SortLimit / Sort behind single, MiniBatchAssigners above the
 * scans when mini-batch is on. Batch: two-phase HashAggregate (or
 * SortAggregate, behind sorts, for accumulators of variable length),
 * HashJoin / SortMergeJoin / NestedLoopJoin, Sort, SortLimit, Rank.
 * Sources and sinks are resolved here (their connectors' specs), with
 * Flink's validation messages. Changelog traits come later (changelog.c).
 */
#include <stdlib.h>

#include "plan/phys.h"
#include "runtime/ops/interval_join.h"

#define NOMEM() (eddy__err(b->err, EDDY_E_NOMEM, "out of memory"), (PhysNode *)NULL)

typedef struct Build {
    const PlanEnv *pe;
    Arena *a;
    EdErr *err;
    bool streaming;
    bool minibatch;       /* put MiniBatchAssigners above the scans */
    const Rel *agg_input; /* the input of the aggregate being built (Flink merges a plain
                           * projection there into the aggregate first) */
    int64_t mb_interval;  /* ms */
} Build;

PhysNode *eddy__phys_new(Arena *a, PhysNodeKind kind, int ncols, int nin) {
    PhysNode *n = eddy__arena_alloc(a, sizeof *n);
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(ncols + 1));
    const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(ncols + 1));
    const PhysNode **in = eddy__arena_alloc(a, sizeof(PhysNode *) * (size_t)(nin + 1));
    if (!n || !names || !types || !in) return NULL;
    n->kind = kind;
    n->ncols = ncols;
    n->names = names;
    n->types = types;
    n->nin = nin;
    n->in = in;
    n->modify = n->changelog = CL_INSERT;
    n->update = UK_NONE;
    n->offset = n->fetch = -1;
    n->rowtime = -1;
    return n;
}

PhysNode *eddy__phys_copy(Arena *a, const PhysNode *n) {
    PhysNode *c = eddy__arena_dup(a, n, sizeof *n);
    const PhysNode **in = eddy__arena_alloc(a, sizeof(PhysNode *) * (size_t)(n->nin + 1));
    if (!c || !in) return NULL;
    for (int i = 0; i < n->nin; i++) in[i] = n->in[i];
    c->in = in;
    return c;
}

void eddy__phys_same_cols(PhysNode *n, const PhysNode *from) {
    n->ncols = from->ncols;
    n->names = from->names;
    n->types = from->types;
}

const char *eddy__phys_option(const PlanEnv *pe, const char *key, const char *def) {
    for (int i = pe->nopts - 1; i >= 0; i--)
        if (!strcmp(pe->opts[i].key, key)) return pe->opts[i].value;
    return def;
}

/* ---- small builders ---------------------------------------------------------------------- */

static PhysNode *new_node(Build *b, PhysNodeKind kind, int ncols, int nin, const Rel *rel) {
    PhysNode *n = eddy__phys_new(b->a, kind, ncols, nin);
    if (!n) return NOMEM();
    n->rel = rel;
    return n;
}

/* A node over `in` with in's columns. */
static PhysNode *over(Build *b, PhysNodeKind kind, PhysNode *in, const Rel *rel) {
    PhysNode *n = new_node(b, kind, 0, 1, rel);
    if (!n) return NULL;
    eddy__phys_same_cols(n, in);
    n->in[0] = in;
    return n;
}

static int *int_copy(Build *b, int n, const int *v) {
    int *c = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1));
    if (c && n) memcpy(c, v, sizeof(int) * (size_t)n);
    return c;
}

/* An Exchange of `in` (none when in already is that exchange). */
static PhysNode *exchange(Build *b, PhysNode *in, PhysDist dist, int nkeys, const int *keys) {
    if (in->kind == PK_EXCHANGE && in->dist == dist && in->nkeys == nkeys &&
        (nkeys == 0 || !memcmp(in->keys, keys, sizeof(int) * (size_t)nkeys)))
        return in;
    PhysNode *x = over(b, PK_EXCHANGE, in, NULL);
    if (!x) return NULL;
    x->dist = dist;
    x->nkeys = nkeys;
    if (!(x->keys = int_copy(b, nkeys, keys))) return NOMEM();
    return x;
}

/* An exchange to a single instance, unless `in` runs on one already: an
 * Exchange(single) with one-input operators over it. */
static PhysNode *gather(Build *b, PhysNode *in) {
    const PhysNode *n = in;
    while (n->kind != PK_EXCHANGE && n->nin == 1) n = n->in[0];
    return n->kind == PK_EXCHANGE && n->dist == DIST_SINGLE ? in : exchange(b, in, DIST_SINGLE, 0, NULL);
}

/* hash[keys], or single without keys. */
static PhysNode *exchange_keys(Build *b, PhysNode *in, int nkeys, const int *keys) {
    return exchange(b, in, nkeys ? DIST_HASH : DIST_SINGLE, nkeys, keys);
}

static PhysNode *calc(Build *b, PhysNode *in, int n, const char *const *names, const Expr *const *exprs,
                      const Expr *cond, const Rel *rel) {
    PhysNode *c = new_node(b, PK_CALC, n, 1, rel);
    if (!c) return NULL;
    const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n + 1));
    if (!ex) return NOMEM();
    for (int i = 0; i < n; i++) {
        ex[i] = exprs[i];
        ((const char **)c->names)[i] = names[i];
        ((const Type **)c->types)[i] = exprs[i]->type;
    }
    c->exprs = ex;
    c->cond = cond;
    c->in[0] = in;
    return c;
}

/* A Sort of `in` (batch) by the keys. */
static PhysNode *sort_node(Build *b, PhysNodeKind kind, PhysNode *in, int n, const int *keys, const bool *desc,
                           const bool *nulls_first, const Rel *rel) {
    PhysNode *s = over(b, kind, in, rel);
    bool *d = eddy__arena_alloc(b->a, (size_t)n + 1), *nf = eddy__arena_alloc(b->a, (size_t)n + 1);
    if (!s || !d || !nf || !(s->order = int_copy(b, n, keys))) return NOMEM();
    for (int i = 0; i < n; i++) {
        d[i] = desc ? desc[i] : false;
        nf[i] = nulls_first ? nulls_first[i] : !d[i];
    }
    s->norder = n;
    s->desc = d;
    s->nulls_first = nf;
    return s;
}

/* ---- scans ---------------------------------------------------------------------------------- */

/* The connector of a table, checked for the role it plays (a source, or a
 * sink) and against its options. */
static eddy_status table_connector(const TableDef *def, bool sink, const Connector **out, EdErr *err) {
    const char *cname = eddy__table_option(def, "connector");
    const Connector *c = eddy__connector_lookup(cname);
    if (!c) return eddy__connector_unknown(cname, def->path, err);
    if (sink ? !c->sink : !c->source)
        return eddy__err(err, EDDY_E_VALIDATION, "Connector '%s' can only be used as a %s. It cannot be used as a %s.",
                         c->name, sink ? "source" : "sink", sink ? "sink" : "source");
    *out = c;
    return eddy__connector_validate(c, def, err);
}

static bool scan_identity(const Rel *r, int nfields) {
    if (r->ncols != nfields) return false;
    for (int i = 0; i < r->ncols; i++)
        if (r->exprs[i]->kind != EX_COLUMN || r->exprs[i]->index != i) return false;
    return true;
}

eddy_status eddy__phys_check_source_changelog(bool streaming, const char *table, unsigned cl, int npk, EdErr *err) {
    bool ub = cl & CL_UPDATE_BEFORE, ua = cl & CL_UPDATE_AFTER;
    if (!streaming && cl != CL_INSERT)
        return eddy__err(err, EDDY_E_TABLE,
                         "Querying a table in batch mode is currently only possible for INSERT-only table sources. But "
                         "the source for table '%s' produces other changelog messages than just INSERT.",
                         table);
    if (ua && !ub && npk == 0)
        return eddy__err(err, EDDY_E_TABLE,
                         "Table '%s' produces a changelog stream that contains UPDATE_AFTER but no UPDATE_BEFORE. This "
                         "requires defining a primary key constraint on the table.",
                         table);
    if (ub && !ua)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Invalid source for table '%s'. A ScanTableSource doesn't support a changelog stream that "
                         "contains UPDATE_BEFORE but no UPDATE_AFTER. Please adapt the implementation of class '%s'.",
                         table, "ScanTableSource");
    return EDDY_OK;
}

/* The scan's own columns computed (a Calc), its watermark (unless the
 * source generates it: pushed), and the mini-batch assigner, above `p`. */
static PhysNode *scan_top(Build *b, PhysNode *p, const Rel *r, int nfields, bool pushed) {
    if (!scan_identity(r, nfields) && !(p = calc(b, p, r->ncols, r->names, r->exprs, NULL, r))) return NULL;
    if (r->watermark && !r->source_watermark && b->streaming && !pushed) {
        PhysNode *w = over(b, PK_WATERMARK_ASSIGNER, p, r);
        if (!w) return NULL;
        w->watermark = r->watermark;
        w->rowtime = eddy__rel_rowtime(r);
        p = w;
    }
    if (b->minibatch) {
        PhysNode *m = over(b, PK_MINI_BATCH_ASSIGNER, p, NULL);
        if (!m) return NULL;
        m->interval_ms = b->mb_interval;
        p = m;
    }
    return p;
}

/* Maps the Rel's primary key (its output columns) to the scan's fields. */
static void scan_pk(Build *b, PhysNode *s, const Rel *r) {
    if (!r->npk) return;
    int *pk = eddy__arena_alloc(b->a, sizeof(int) * (size_t)r->npk);
    if (!pk) return;
    for (int k = 0; k < r->npk; k++) {
        const char *name = r->names[r->pk[k]];
        pk[k] = -1;
        for (int i = 0; i < s->ncols; i++)
            if (!strcmp(s->names[i], name)) pk[k] = i;
        if (pk[k] < 0) return;
    }
    s->npk = r->npk;
    s->pk = pk;
}

/* A scan's changelog checked as Flink's DynamicSourceUtils does; an upsert
 * source gets ChangelogNormalize keyed by the primary key, which turns its
 * upserts into a regular changelog. */
static PhysNode *source_changelog(Build *b, PhysNode *s, const char *table, unsigned cl) {
    if (eddy__phys_check_source_changelog(b->streaming, table, cl, s->npk, b->err)) return NULL;
    /* 'table.exec.source.cdc-events-duplicate': a CDC table source with a
     * primary key may send a change twice; ChangelogNormalize drops them */
    bool dup = s->kind == PK_TABLE_SOURCE_SCAN && cl != CL_INSERT && (cl & CL_UPDATE_BEFORE) && s->npk &&
               eddy__str_ieq(eddy__phys_option(b->pe, "table.exec.source.cdc-events-duplicate", "false"), "true");
    if (!b->streaming || (!dup && (!(cl & CL_UPDATE_AFTER) || (cl & CL_UPDATE_BEFORE)))) return s;
    PhysNode *x = exchange(b, s, DIST_HASH, s->npk, s->pk);
    PhysNode *n = x ? over(b, PK_CHANGELOG_NORMALIZE, x, NULL) : NULL;
    if (!n) return NULL;
    n->npk = s->npk;
    n->pk = s->pk;
    return n;
}

static PhysNode *build_stream_scan(Build *b, const Rel *r) {
    int k = r->stream->ncols, nf = r->uses_ts ? k + 1 : k;
    PhysNode *s = new_node(b, PK_DATA_STREAM_SCAN, nf, 0, r);
    if (!s) return NULL;
    for (int i = 0; i < k; i++) {
        ((const char **)s->names)[i] = eddy__type_column_name(r->stream->type, i);
        ((const Type **)s->types)[i] = r->stream->col_types[i];
    }
    if (r->uses_ts) {
        ((const char **)s->names)[k] = "rowtime";
        ((const Type **)s->types)[k] = eddy__type_timestamp(b->a, TY_TIMESTAMP_LTZ, 3, false); /* as scan.c reads it */
    }
    s->stream = r->stream;
    s->uses_ts = r->uses_ts;
    s->source_watermark = r->source_watermark;
    s->stream_changelog = r->changelog ? r->changelog : CL_INSERT;
    scan_pk(b, s, r);
    /* fromChangelogStream: the checks and the normalization of a source's changelog */
    const char *name = r->scan_name ? r->scan_name : "*anonymous_datastream_source*";
    PhysNode *p = source_changelog(b, s, name, s->stream_changelog);
    return p ? scan_top(b, p, r, nf, false) : NULL;
}

/* e with each column c replaced by by[c] (the watermark over a scan's
 * output columns, as an expression over its fields). */
static const Expr *inline_cols(Arena *a, const Expr *e, const Expr *const *by) {
    if (e->kind == EX_COLUMN) return by[e->index];
    if (!e->nargs) return e;
    Expr *c = eddy__arena_dup(a, e, sizeof *e);
    if (!c || !(c->args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)e->nargs))) return NULL;
    for (int i = 0; i < e->nargs; i++)
        if (!(c->args[i] = (Expr *)inline_cols(a, e->args[i], by))) return NULL;
    return c;
}

static PhysNode *build_table_scan(Build *b, const Rel *r) {
    const TableEntry *t = r->table;
    const Connector *c;
    if (table_connector(&t->def, false, &c, b->err)) return NULL;
    if (t->nmeta && !c->metadata) {
        eddy__err(b->err, EDDY_E_VALIDATION,
                  "Table '%s' declares metadata columns, but the underlying DynamicTableSource doesn't implement the "
                  "SupportsReadingMetadata interface. Therefore, metadata cannot be read from the given source.",
                  t->def.path);
        return NULL;
    }
    for (int k = 0; k < t->nmeta; k++)
        if (!eddy__connector_table_metadata_type(c, &t->def, t->meta_keys[k])) {
            Buf m;
            eddy__buf_init(&m);
            const char *const *fkeys = NULL, *const *ftypes = NULL;
            if (c->format_metadata) c->format_metadata(&t->def, &fkeys, &ftypes);
            for (int i = 0; fkeys && fkeys[i]; i++) eddy__buf_printf(&m, "\n%s", fkeys[i]);
            for (int i = 0; c->metadata[i]; i++) eddy__buf_printf(&m, "\n%s", c->metadata[i]);
            eddy__err(b->err, EDDY_E_VALIDATION,
                      "Invalid metadata key '%s' in column '%s' of table '%s'. The connector '%s' supports the "
                      "following metadata keys for reading:%s",
                      t->meta_keys[k], t->meta_names[k], t->def.path, c->name, eddy__buf_cstr(&m));
            eddy__buf_free(&m);
            return NULL;
        }
    ConnectorCtx cx = {.a = b->a,
                       .def = &t->def,
                       .nphys = t->nphys,
                       .phys_names = t->phys_names,
                       .phys_types = t->phys_types,
                       .nmeta = t->nmeta,
                       .meta_keys = t->meta_keys,
                       .meta_types = t->meta_types,
                       .streaming = b->streaming,
                       .tz = b->pe->tz};
    if (r->watermark && !r->source_watermark && b->streaming) {
        if (!(cx.watermark = inline_cols(b->a, r->watermark, r->exprs))) return NOMEM();
        int64_t idle = eddy__phys_duration_ms(eddy__phys_option(b->pe, "table.exec.source.idle-timeout", "0 ms"));
        cx.idle_timeout_ms = idle > 0 ? idle : 0;
    }
    SourceSpec *ss = eddy__arena_alloc(b->a, sizeof *ss);
    if (!ss) return NOMEM();
    memset(ss, 0, sizeof *ss);
    if (c->source(&cx, ss, b->err)) return NULL;
    if (!ss->changelog) ss->changelog = CL_INSERT;
    int nf = t->nphys + t->nmeta;
    PhysNode *s = new_node(b, PK_TABLE_SOURCE_SCAN, nf, 0, r);
    if (!s) return NULL;
    for (int i = 0; i < t->nphys; i++) {
        ((const char **)s->names)[i] = t->phys_names[i];
        ((const Type **)s->types)[i] = t->phys_types[i];
    }
    for (int i = 0; i < t->nmeta; i++) {
        ((const char **)s->names)[t->nphys + i] = t->meta_names[i];
        ((const Type **)s->types)[t->nphys + i] = t->meta_types[i];
    }
    s->table = t;
    s->conn = c;
    s->source = ss;
    if (ss->takes_watermark) {
        s->watermark = cx.watermark;
        s->interval_ms = cx.idle_timeout_ms;
    }
    scan_pk(b, s, r);
    PhysNode *p = source_changelog(b, s, t->def.path, ss->changelog);
    return p ? scan_top(b, p, r, nf, ss->takes_watermark) : NULL;
}

/* A node of `kind` with the Rel's columns over the built inputs. */
static PhysNode *generic(Build *b, PhysNodeKind kind, const Rel *r, PhysNode *const *in, int nin) {
    PhysNode *n = new_node(b, kind, r->ncols, nin, r);
    if (!n) return NULL;
    for (int i = 0; i < nin; i++) n->in[i] = in[i];
    for (int i = 0; i < r->ncols; i++) {
        ((const char **)n->names)[i] = r->names[i];
        ((const Type **)n->types)[i] = r->types[i];
    }
    n->feature = r->feature;
    return n;
}

/* ---- aggregates ----------------------------------------------------------------------------- */

static bool is_grouping_fn(const char *fn) {
    return !strcmp(fn, "GROUPING") || !strcmp(fn, "GROUPING_ID") || !strcmp(fn, "GROUP_ID");
}

/* Flink's accumulator field names of an aggregate function (retract: its
 * retracting variant's; SUM_RETRACT also counts). */
static int acc_fields(const AggCall *ac, bool retract, const char **names) {
    const char *f = ac->fn;
    if (!strcmp(f, "COUNT")) {
        names[0] = ac->star || ac->nargs == 0 ? "count1" : "count";
        return 1;
    }
    if (!strcmp(f, "AVG")) {
        names[0] = "sum";
        names[1] = "count";
        return 2;
    }
    if (!strcmp(f, "SUM") || !strcmp(f, "SUM0") || !strcmp(f, "$SUM0")) {
        names[0] = "sum";
        names[1] = "count";
        return retract && !strcmp(f, "SUM") ? 2 : 1;
    }
    if (!strcmp(f, "MAX")) names[0] = "max";
    else if (!strcmp(f, "MIN")) names[0] = "min";
    else if (!strcmp(f, "FIRST_VALUE")) names[0] = "first_value";
    else if (!strcmp(f, "LAST_VALUE")) names[0] = "last_value";
    else names[0] = "acc";
    return 1;
}

bool eddy__phys_agg_splittable(const AggCall *ac) {
    static const char *fns[] = {"COUNT", "SUM", "SUM0", "$SUM0", "AVG", "MIN", "MAX", "BOOL_AND", "BOOL_OR"};
    for (size_t i = 0; i < ED_ARRAY_LEN(fns); i++)
        if (!strcmp(ac->fn, fns[i])) return true;
    return false;
}

/* Whether its accumulator has a fixed length (HashAggregate can run it). */
static bool fixed_acc(const AggCall *ac) {
    if (!strcmp(ac->fn, "COUNT") || !strcmp(ac->fn, "SUM") || !strcmp(ac->fn, "SUM0") || !strcmp(ac->fn, "$SUM0") ||
        !strcmp(ac->fn, "AVG"))
        return !eddy__type_is_string(ac->type) && !eddy__type_is_binary(ac->type);
    if (!strcmp(ac->fn, "MIN") || !strcmp(ac->fn, "MAX") || !strcmp(ac->fn, "BOOL_AND") || !strcmp(ac->fn, "BOOL_OR") ||
        !strcmp(ac->fn, "SINGLE_VALUE"))
        return !eddy__type_is_string(ac->type) && !eddy__type_is_binary(ac->type) &&
               !eddy__type_is_composite(ac->type) && ac->type->root != TY_ARRAY && ac->type->root != TY_MAP &&
               ac->type->root != TY_MULTISET;
    return false;
}

static bool option_true(Build *b, const char *key) {
    const char *v = eddy__phys_option(b->pe, key, "false");
    return eddy__str_ieq(v, "true");
}

static bool operator_disabled(Build *b, const char *op) {
    const char *v = eddy__phys_option(b->pe, "table.exec.disabled-operators", "");
    size_t n = strlen(op);
    for (const char *p = v; *p;) {
        while (*p == ' ' || *p == ',') p++;
        const char *e = p;
        while (*e && *e != ',') e++;
        const char *t = e;
        while (t > p && t[-1] == ' ') t--;
        if ((size_t)(t - p) == n && eddy__strn_ieq(p, n, op)) return true;
        p = e;
    }
    return false;
}

/* The $e id of a grouping set: bit (nkeys-1-k) set for each key k it lacks. */
static int64_t set_id(uint64_t set, int nkeys) {
    int64_t id = 0;
    for (int k = 0; k < nkeys; k++)
        if (!(set & (1ULL << k))) id |= (int64_t)1 << (nkeys - 1 - k);
    return id;
}

/* Expand for grouping sets: the input's columns (keys missing from a set
 * NULL), then $e. */
static PhysNode *expand(Build *b, PhysNode *in, const Rel *r) {
    PhysNode *x = new_node(b, PK_EXPAND, in->ncols + 1, 1, r);
    if (!x) return NULL;
    x->in[0] = in;
    for (int i = 0; i < in->ncols; i++) {
        bool key = false;
        for (int k = 0; k < r->ngroup; k++) key = key || r->group[k] == i;
        ((const char **)x->names)[i] = in->names[i];
        ((const Type **)x->types)[i] = key ? eddy__type_with_nullable(b->a, in->types[i], true) : in->types[i];
    }
    ((const char **)x->names)[in->ncols] = "$e";
    ((const Type **)x->types)[in->ncols] = eddy__type_basic(TY_BIGINT, false);
    x->ngroup = r->ngroup;
    x->group = r->group;
    x->nsets = r->nsets;
    x->sets = r->sets;
    x->feature = r->feature;
    return x;
}

/* GROUPING(k..) / GROUPING_ID(k..) / GROUP_ID() as a CASE over $e (col). */
static const Expr *grouping_value(Build *b, const Rel *r, const AggCall *ac, int ecol, const Type *etype) {
    Arena *a = b->a;
    const Type *bt = eddy__type_basic(TY_BIGINT, false);
    int64_t *vals = eddy__arena_alloc(a, sizeof(int64_t) * (size_t)(r->nsets + 1));
    if (!vals) return NULL;
    for (int s = 0; s < r->nsets; s++) {
        int64_t v = 0;
        if (strcmp(ac->fn, "GROUP_ID"))
            for (int j = 0; j < ac->nargs; j++) {
                int k = 0;
                while (k < r->ngroup && r->group[k] != ac->args[j]) k++;
                bool absent = k < r->ngroup && !(r->sets[s] & (1ULL << k));
                v = (v << 1) | (absent ? 1 : 0);
            }
        vals[s] = v;
    }
    Value lv = {.type = bt};
    /* the sets after the last change of value are the ELSE branch; runs of
     * sets with one value share a branch (Calcite's simplification) */
    int last = r->nsets - 1;
    while (last > 0 && vals[last - 1] == vals[r->nsets - 1]) last--;
    if (last == 0) {
        lv.u.i = r->nsets ? vals[0] : 0;
        return eddy__expr_literal(a, &lv);
    }
    Expr *c = eddy__arena_alloc(a, sizeof *c);
    Expr **args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(2 * r->nsets + 1));
    if (!c || !args) return NULL;
    int n = 0;
    for (int s = 0; s < last;) {
        Expr *cond = NULL;
        int from = s;
        for (; s < last && vals[s] == vals[from]; s++) {
            Value idv = {.type = etype, .u.i = set_id(r->sets[s], r->ngroup)};
            Expr *eq, *cmp[2] = {eddy__expr_column(a, ecol, etype), eddy__expr_literal(a, &idv)};
            if (!cmp[0] || !cmp[1] || eddy__expr_call_name(a, "=", cmp, 2, &eq, b->err)) return NULL;
            if (cond) {
                Expr *both[2] = {cond, eq};
                if (eddy__expr_call_name(a, "OR", both, 2, &cond, b->err)) return NULL;
            } else {
                cond = eq;
            }
        }
        lv.u.i = vals[from];
        Expr *val = eddy__expr_literal(a, &lv);
        if (!val) return NULL;
        args[n++] = cond;
        args[n++] = val;
    }
    lv.u.i = vals[r->nsets - 1];
    if (!(args[n++] = eddy__expr_literal(a, &lv))) return NULL;
    c->kind = EX_CASE;
    c->type = bt;
    c->nargs = n;
    c->args = args;
    return c;
}

static PhysAgg *phys_aggs(Build *b, const Rel *r, int *n) {
    PhysAgg *aggs = eddy__arena_alloc(b->a, sizeof(PhysAgg) * (size_t)(r->naggs + 1));
    if (!aggs) return NULL;
    int k = 0;
    for (int i = 0; i < r->naggs; i++) {
        if (is_grouping_fn(r->aggs[i].fn)) continue; /* computed from $e above the aggregate */
        aggs[k++] = (PhysAgg){.call = r->aggs[i], .distinct = -1};
    }
    *n = k;
    return aggs;
}

/* An aggregate node of `kind` over in: group keys (input columns), calls,
 * output columns: the keys, then the calls (out_names / types). */
static PhysNode *agg_node(Build *b, PhysNodeKind kind, PhysNode *in, int ng, const int *group, int na,
                          const PhysAgg *aggs, const Rel *r) {
    PhysNode *g = new_node(b, kind, ng + na, 1, r);
    if (!g) return NULL;
    g->in[0] = in;
    for (int k = 0; k < ng; k++) {
        ((const char **)g->names)[k] = in->names[group[k]];
        ((const Type **)g->types)[k] = eddy__type_with_timeattr(b->a, in->types[group[k]], TA_NONE);
    }
    for (int k = 0; k < na; k++) {
        ((const char **)g->names)[ng + k] = aggs[k].call.name;
        ((const Type **)g->types)[ng + k] = aggs[k].call.type;
    }
    g->ngroup = ng;
    if (!(g->group = int_copy(b, ng, group))) return NOMEM();
    g->naggs = na;
    g->aggs = aggs;
    g->feature = r ? r->feature : NULL;
    return g;
}

/* Whether a call counts the input rows as the record counter does: COUNT(*)
 * (or of a NOT NULL column) without DISTINCT and FILTER. */
static bool counts_rows(const AggCall *ac, const PhysNode *in) {
    if (strcmp(ac->fn, "COUNT") || ac->distinct || ac->filter >= 0) return false;
    return ac->star || ac->nargs == 0 || (ac->nargs == 1 && !in->types[ac->args[0]]->nullable);
}

PhysNode *eddy__phys_local_agg(Arena *a, PhysNodeKind kind, const PhysNode *in, int ng, const int *group, int na,
                               const PhysAgg *src, bool views, bool retract, const Rel *r) {
    PhysAgg *aggs = eddy__arena_alloc(a, sizeof(PhysAgg) * (size_t)(na + 1));
    ColSet *dv = eddy__arena_alloc(a, sizeof(ColSet) * (size_t)(na + 1));
    int *g = eddy__arena_alloc(a, sizeof(int) * (size_t)(ng + 1));
    if (!aggs || !dv || !g) return NULL;
    if (na) memcpy(aggs, src, sizeof(PhysAgg) * (size_t)na);
    if (ng) memcpy(g, group, sizeof(int) * (size_t)ng);
    int nacc = 0, nd = 0;
    const char *fn[4];
    for (int i = 0; i < na; i++) {
        nacc += acc_fields(&aggs[i].call, retract, fn);
        aggs[i].distinct = -1;
        /* the DISTINCT views: one per distinct argument list */
        if (!views || !aggs[i].call.distinct) continue;
        int d = 0;
        while (d < nd && !(dv[d].n == aggs[i].call.nargs &&
                           !memcmp(dv[d].cols, aggs[i].call.args, sizeof(int) * (size_t)dv[d].n)))
            d++;
        if (d == nd) dv[nd++] = (ColSet){aggs[i].call.nargs, aggs[i].call.args};
        aggs[i].distinct = d;
    }
    /* over retractions the record counter travels too: a call's COUNT(*) or one more */
    bool count1 = retract;
    for (int i = 0; i < na && count1; i++) count1 = !counts_rows(&aggs[i].call, in);
    PhysNode *l = eddy__phys_new(a, kind, ng + nacc + count1 + nd, 1);
    if (!l) return NULL;
    l->rel = r;
    l->in[0] = in;
    const char **names = (const char **)l->names;
    const Type **types = (const Type **)l->types;
    for (int k = 0; k < ng; k++) {
        names[k] = in->names[group[k]];
        types[k] = eddy__type_with_timeattr(a, in->types[group[k]], TA_NONE);
    }
    int c = ng, idx = 0;
    for (int i = 0; i < na; i++) {
        int m = acc_fields(&aggs[i].call, retract, fn);
        Buf t;
        eddy__buf_init(&t);
        if (m > 1) eddy__buf_putc(&t, '(');
        for (int j = 0; j < m; j++) {
            names[c] = eddy__arena_printf(a, "%s$%d", fn[j], idx++);
            types[c] = !strncmp(fn[j], "count", 5) ? eddy__type_basic(TY_BIGINT, false) : aggs[i].call.type;
            eddy__buf_printf(&t, "%s%s", j ? ", " : "", names[c] ? names[c] : "");
            c++;
        }
        if (m > 1) eddy__buf_putc(&t, ')');
        aggs[i].acc = t.failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(&t), t.len);
        aggs[i].nacc = m;
        eddy__buf_free(&t);
        if (!aggs[i].acc || !names[c - 1]) return NULL;
    }
    if (count1) {
        names[c] = eddy__arena_printf(a, "count1$%d", idx++);
        types[c++] = eddy__type_basic(TY_BIGINT, false);
        if (!names[c - 1]) return NULL;
    }
    for (int d = 0; d < nd; d++) {
        names[c] = eddy__arena_printf(a, "distinct$%d", d);
        types[c++] = eddy__type_basic(TY_BOOLEAN, true); /* a view, not a value */
    }
    l->ngroup = ng;
    l->group = g;
    l->naggs = na;
    l->aggs = aggs;
    l->ndistinct = nd;
    l->distincts = dv;
    l->count1 = count1;
    l->feature = r ? r->feature : NULL;
    return l;
}

/* Whether a batch node's rows are one row on one subtask: a global
 * aggregate without keys under Calcs. */
static bool one_row(const PhysNode *n) {
    while (n->kind == PK_CALC) n = n->in[0];
    return (n->kind == PK_HASH_AGGREGATE || n->kind == PK_SORT_AGGREGATE) && !n->ngroup;
}

/* The batch aggregate: two phases (local, exchange, global) when every
 * call can merge, else one; SortAggregate behind sorts when an
 * accumulator has no fixed length. */
static PhysNode *batch_agg(Build *b, PhysNode *in, int ng, const int *group, int na, PhysAgg *aggs, const Rel *r) {
    bool hash = !operator_disabled(b, "HashAgg");
    bool two = !eddy__str_ieq(eddy__phys_option(b->pe, "table.optimizer.agg-phase-strategy", "AUTO"), "ONE_PHASE");
    for (int i = 0; i < na; i++) {
        hash = hash && fixed_acc(&aggs[i].call);
        two = two && eddy__phys_agg_splittable(&aggs[i].call) && !aggs[i].call.distinct;
    }
    if (operator_disabled(b, "SortAgg")) hash = true;
    PhysNodeKind global = hash ? PK_HASH_AGGREGATE : PK_SORT_AGGREGATE;
    int *keys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(ng + 1));
    if (!keys) return NOMEM();
    for (int k = 0; k < ng; k++) keys[k] = k;
    if (!two) {
        /* an input of one row (a global aggregate's) is on one subtask already */
        PhysNode *x = !ng && one_row(in) ? in : exchange_keys(b, in, ng, group);
        if (x && !hash && ng) x = sort_node(b, PK_BATCH_SORT, x, ng, group, NULL, NULL, NULL);
        return x ? agg_node(b, global, x, ng, group, na, aggs, r) : NULL;
    }
    PhysNode *p = in;
    if (!hash && ng && !(p = sort_node(b, PK_BATCH_SORT, p, ng, group, NULL, NULL, NULL))) return NULL;
    PhysNode *l = eddy__phys_local_agg(b->a, hash ? PK_LOCAL_HASH_AGGREGATE : PK_LOCAL_SORT_AGGREGATE, p, ng, group, na,
                                       aggs, false, false, r);
    if (!l) return NOMEM();
    aggs = (PhysAgg *)l->aggs;
    PhysNode *x = exchange_keys(b, l, ng, keys);
    if (x && !hash && ng) x = sort_node(b, PK_BATCH_SORT, x, ng, keys, NULL, NULL, NULL);
    if (!x) return NULL;
    PhysNode *g = agg_node(b, global, x, ng, keys, na, aggs, r);
    if (!g) return NULL;
    for (int k = 0; k < ng; k++) ((const char **)g->names)[k] = in->names[group[k]];
    g->merge = true;
    return g;
}

static PhysNode *build(Build *b, const Rel *r);

static bool nomem_false(Build *b) {
    eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    return false;
}

/* Whether e reads a column at index n or above. */
static bool reads_from(const Expr *e, int n) {
    if (e->kind == EX_COLUMN) return e->index >= n;
    for (int i = 0; i < e->nargs; i++)
        if (reads_from(e->args[i], n)) return true;
    return false;
}

/* Whether the GROUP BY keys besides the window (Calc columns that are
 * columns of the function's input) are exactly SESSION's PARTITION BY keys:
 * sessions are per GROUP BY key. */
static bool session_keys(const Rel *tvf, const PhysNode *calc, const Rel *r, const int *map) {
    int n = 0;
    for (int k = 0; k < r->ngroup; k++) {
        if (map[r->group[k]] < 0) continue;
        const Expr *e = calc->exprs[r->group[k]];
        bool found = false;
        for (int i = 0; e->kind == EX_COLUMN && i < tvf->ngroup; i++) found = found || tvf->group[i] == e->index;
        if (!found) return false;
        n++;
    }
    return n == tvf->ngroup;
}

static PhysNode *window_agg_node(Build *b, const Rel *r, PhysNode *in, int ng2, const int *g2, int na,
                                 const PhysAgg *a2, int np, const char *const *pn, const Type *const *pt,
                                 const int *kmap, PhysNode **out);

/* GROUP BY window_start, window_end over a Calc over a window table
 * function: the function merged into the WindowAggregate, which assigns
 * each row's windows itself (Flink's plan: the Calc below reads the TVF's
 * input, the aggregate groups by the other keys and emits window_start,
 * window_end (window_time) after the calls; a Calc on top restores the
 * GROUP BY order). *out NULL: the shape does not fit (the caller plans the
 * function apart). */
static bool fuse_window_tvf(Build *b, const Rel *r, PhysNode *in, int na, const PhysAgg *aggs, PhysNode **out) {
    *out = NULL;
    if (r->nsets || in->kind != PK_CALC || in->in[0]->kind != PK_WINDOW_TABLE_FUNCTION) return true;
    const PhysNode *tvf = in->in[0];
    PhysNode *src = (PhysNode *)tvf->in[0];
    if (src->kind == PK_EXCHANGE) src = (PhysNode *)src->in[0]; /* SESSION's: the aggregate routes by its keys */
    const GroupWindow *w = tvf->rel->window;
    int nsrc = src->ncols;
    if (in->cond && reads_from(in->cond, nsrc)) return true;
    /* each Calc column: a column of the new Calc (>= 0), or window_start /
     * _end / _time (-1 / -2 / -3) */
    int *map = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(in->ncols + 1));
    bool *used = eddy__arena_alloc(b->a, (size_t)nsrc + 1);
    if (!map || !used) return nomem_false(b);
    memset(used, 0, (size_t)nsrc + 1);
    bool plain = true;
    for (int j = 0; j < in->ncols; j++) {
        const Expr *e = in->exprs[j];
        map[j] = e->kind == EX_COLUMN && e->index >= nsrc ? nsrc - e->index - 1 : 0;
        if (map[j] == 0 && reads_from(e, nsrc)) return true;
        if (map[j] == 0 && e->kind == EX_COLUMN) used[e->index] = true;
        plain = plain && (map[j] < 0 || e->kind == EX_COLUMN);
    }
    for (int i = 0; i < na; i++) {
        for (int k = 0; k < aggs[i].call.nargs; k++)
            if (map[aggs[i].call.args[k]] < 0) return true;
        if (aggs[i].call.filter >= 0 && map[aggs[i].call.filter] < 0) return true;
    }
    int has_time = 0;
    for (int k = 0; k < r->ngroup; k++) has_time |= map[r->group[k]] == -3;
    if (w->kind == WIN_SESSION && !session_keys(tvf->rel, in, r, map)) return true;
    /* the new Calc over the function's input: the columns read, in input
     * order, the time column among them (else the Calc's expressions, then
     * the time column) */
    int n2 = 0;
    const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(in->ncols + 2));
    const char **nm = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(in->ncols + 2));
    int *pos = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(nsrc + 1)); /* input column -> new column */
    if (!ex || !nm || !pos) return nomem_false(b);
    used[w->time_col] = true;
    /* a projection below the function (a view's select list over a window
     * aggregation, say) merges into the new Calc, its columns in the order
     * of that projection's input, as Flink's Calc merge has them */
    PhysNode *base = src;
    bool compose = plain && src->kind == PK_CALC && !src->cond && src->nin == 1;
    for (int c = 0; compose && c < nsrc; c++) compose = src->exprs[c]->kind == EX_COLUMN;
    if (compose) base = (PhysNode *)src->in[0];
    const Expr *cond = in->cond;
    if (compose && cond && !(cond = eddy__expr_subst(b->a, in->cond, src->exprs, nsrc))) return nomem_false(b);
    if (plain) {
        for (int k = 0; k < (compose ? base->ncols : nsrc); k++)
            for (int c = compose ? 0 : k; c < (compose ? nsrc : k + 1); c++) {
                int bc = compose ? src->exprs[c]->index : c;
                if (!used[c] || bc != k) continue;
                pos[c] = n2;
                nm[n2] = src->names[c];
                if (!(ex[n2++] = eddy__expr_column(b->a, bc, base->types[bc]))) return nomem_false(b);
            }
        for (int j = 0; j < in->ncols; j++)
            if (map[j] == 0) map[j] = pos[in->exprs[j]->index];
    } else {
        for (int j = 0; j < in->ncols; j++) {
            if (map[j] < 0) continue;
            map[j] = n2;
            nm[n2] = in->names[j];
            ex[n2++] = in->exprs[j];
        }
        pos[w->time_col] = n2;
        nm[n2] = src->names[w->time_col];
        if (!(ex[n2++] = eddy__expr_column(b->a, w->time_col, src->types[w->time_col]))) return nomem_false(b);
    }
    bool identity = !cond && n2 == base->ncols;
    for (int i = 0; identity && i < n2; i++) identity = ex[i]->kind == EX_COLUMN && ex[i]->index == i;
    PhysNode *c2 = identity ? base : calc(b, base, n2, nm, ex, cond, in->rel);
    /* keys without the window, calls over the new Calc */
    int *g2 = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(r->ngroup + 1));
    PhysAgg *a2 = eddy__arena_alloc(b->a, sizeof(PhysAgg) * (size_t)(na + 1));
    if (!c2 || !g2 || !a2) return nomem_false(b);
    int ng2 = 0;
    for (int k = 0; k < r->ngroup; k++)
        if (map[r->group[k]] >= 0) g2[ng2++] = map[r->group[k]];
    for (int i = 0; i < na; i++) {
        a2[i] = aggs[i];
        int *args = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(aggs[i].call.nargs + 1));
        if (!args) return nomem_false(b);
        for (int k = 0; k < aggs[i].call.nargs; k++) args[k] = map[aggs[i].call.args[k]];
        a2[i].call.args = args;
        if (aggs[i].call.filter >= 0) a2[i].call.filter = map[aggs[i].call.filter];
    }
    int *kmap = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(r->ngroup + 1));
    const char *pn[3];
    const Type *pt[3];
    if (!kmap) return nomem_false(b);
    for (int k = 0; k < r->ngroup; k++) kmap[k] = map[r->group[k]];
    int np = has_time ? 3 : 2;
    for (int p = 0; p < np; p++) {
        pn[p] = tvf->names[nsrc + p];
        pt[p] = tvf->types[nsrc + p];
    }
    PhysNode *g = window_agg_node(b, r, c2, ng2, g2, na, a2, np, pn, pt, kmap, out);
    if (!g) return false;
    g->window = w;
    g->rowtime = pos[w->time_col];
    return true;
}

/* The WindowAggregate of r over in, keyed by in's columns g2 (the GROUP BY
 * keys but the window), the calls a2, then np window properties named pn
 * (types pt): exchanged by its keys; *out: a Calc over it back in the
 * GROUP BY order, kmap[k] saying what GROUP BY key k is (>= 0: a key of the
 * node, in order; -1 / -2 / -3: window_start / _end / _time). Returns the
 * node (window, rowtime / attached left to the caller). */
static PhysNode *window_agg_node(Build *b, const Rel *r, PhysNode *in, int ng2, const int *g2, int na,
                                 const PhysAgg *a2, int np, const char *const *pn, const Type *const *pt,
                                 const int *kmap, PhysNode **out) {
    PhysNode *x = exchange_keys(b, in, ng2, g2);
    PhysNode *g = x ? new_node(b, PK_WINDOW_AGGREGATE, ng2 + na + np, 1, r) : NULL;
    if (!g) return NULL;
    g->in[0] = x;
    for (int k = 0; k < ng2; k++) {
        ((const char **)g->names)[k] = in->names[g2[k]];
        ((const Type **)g->types)[k] = eddy__type_with_timeattr(b->a, in->types[g2[k]], TA_NONE);
    }
    for (int i = 0; i < na; i++) {
        ((const char **)g->names)[ng2 + i] = a2[i].call.name;
        ((const Type **)g->types)[ng2 + i] = a2[i].call.type;
    }
    for (int p = 0; p < np; p++) {
        ((const char **)g->names)[ng2 + na + p] = pn[p];
        ((const Type **)g->types)[ng2 + na + p] = pt[p];
    }
    g->ngroup = ng2;
    g->group = g2;
    g->naggs = na;
    g->aggs = a2;
    g->window_props = np;
    g->feature = r->feature;
    /* back to the GROUP BY's order */
    const Expr **top = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!top) return NOMEM();
    for (int k = 0, kk = 0; k < r->ngroup; k++) {
        int m = kmap[k], col = m >= 0 ? kk++ : ng2 + na - m - 1;
        if (!(top[k] = eddy__expr_column(b->a, col, g->types[col]))) return NOMEM();
    }
    for (int i = 0; i < na; i++)
        if (!(top[r->ngroup + i] = eddy__expr_column(b->a, ng2 + i, g->types[ng2 + i]))) return NOMEM();
    *out = calc(b, g, r->ncols, r->names, top, NULL, NULL);
    return *out ? g : NULL;
}

/* GROUP BY the window_start, window_end (window_time) of windows the rows
 * of `in` carry already (a window aggregation's output, a window table
 * function the aggregate could not merge): a WindowAggregate reading the
 * attached window from those columns (Flink's WindowAttachedWindowingStrategy,
 * printed win_start=[..], win_end=[..]), keyed by the other keys. *out
 * NULL: no such window, or a SESSION one (its windows stay keys). */
static bool attached_window_agg(Build *b, const Rel *r, PhysNode *in, int ng, const int *group, int na,
                                const PhysAgg *aggs, PhysNode **out) {
    *out = NULL;
    int ws, we;
    WindowInfo wi;
    const GroupWindow *w = eddy__phys_window_keys(in, ng, group, &ws, &we, &wi);
    if (!w || ws < 0 || w->kind == WIN_SESSION || r->nsets || ng != r->ngroup) return true;
    int *kmap = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(ng + 1));
    int *g2 = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(ng + 1));
    if (!kmap || !g2) return nomem_false(b);
    int ng2 = 0, wt = -1;
    const char *pn[3] = {NULL, NULL, NULL};
    const Type *pt[3] = {NULL, NULL, NULL};
    for (int k = 0; k < ng; k++) {
        WindowInfo t;
        int c = group[k], prop = eddy__phys_window_col(in, c, &t);
        int slot = c == ws && !pn[0] ? 0 : c == we && !pn[1] ? 1 : prop == WP_ROWTIME && t.window == w && wt < 0 ? 2 : -1;
        if (slot < 0) {
            kmap[k] = ng2;
            g2[ng2++] = c;
            continue;
        }
        if (slot == 2) wt = c;
        kmap[k] = -1 - slot;
        pn[slot] = r->names[k];
        pt[slot] = r->types[k];
    }
    int np = wt >= 0 ? 3 : 2;
    PhysNode *g = window_agg_node(b, r, in, ng2, g2, na, aggs, np, pn, pt, kmap, out);
    if (!g) return false;
    g->window = w;
    g->attached = true;
    g->win_start[0] = ws;
    g->win_end[0] = we;
    g->rowtime = -1;
    return true;
}

/* ---- the split of distinct aggregates ----------------------------------------------------------- */

/* "$f<i>", or "$f<i>_0", "$f<i>_1", ... when names[0..n) has it (Calcite's
 * names of unnamed fields). */
static const char *fresh_name(Build *b, const char *const *names, int n, int i) {
    const char *s = eddy__arena_printf(b->a, "$f%d", i);
    for (int k = 0; s; k++) {
        bool taken = false;
        for (int j = 0; j < n && !taken; j++) taken = !strcmp(names[j], s);
        if (!taken) return s;
        s = eddy__arena_printf(b->a, "$f%d_%d", i, k);
    }
    return NULL;
}

static bool sorted_has(const int *v, int n, int x) {
    for (int i = 0; i < n; i++)
        if (v[i] == x) return true;
    return false;
}

/* Whether every call has a partial and a final function (else the
 * aggregate is not split, as in Flink): built-in COUNT, AVG, MIN, MAX, SUM,
 * $SUM0, SINGLE_VALUE, LISTAGG, and FIRST_VALUE / LAST_VALUE of one argument. */
static bool split_candidate(int na, const PhysAgg *aggs) {
    static const char *fns[] = {"AVG", "COUNT", "MIN", "MAX", "SUM", "$SUM0", "SUM0", "LISTAGG", "SINGLE_VALUE"};
    for (int i = 0; i < na; i++) {
        const AggCall *ac = &aggs[i].call;
        if (ac->user) return false;
        bool ok = (!strcmp(ac->fn, "FIRST_VALUE") || !strcmp(ac->fn, "LAST_VALUE")) && ac->nargs == 1;
        for (size_t k = 0; !ok && k < ED_ARRAY_LEN(fns); k++) ok = !strcmp(ac->fn, fns[k]);
        if (!ok) return false;
    }
    return true;
}

/* Whether a call's arguments get buckets of their own: DISTINCT calls, and
 * MIN / MAX / FIRST_VALUE / LAST_VALUE (spread even without DISTINCT: with
 * retraction they would gather on one key). */
static bool split_hashes(const AggCall *ac) {
    return ac->distinct || !strcmp(ac->fn, "MIN") || !strcmp(ac->fn, "MAX") || !strcmp(ac->fn, "FIRST_VALUE") ||
           !strcmp(ac->fn, "LAST_VALUE");
}

/* Calcite's ordering of grouping sets (ImmutableBitSet.ORDERING): a set
 * before the sets it contains, else by its columns in order. Every set
 * holds the keys; bit ng + h is bucket h, and buckets are ordered columns. */
static int split_set_cmp(uint64_t x, uint64_t y) {
    if (x == y) return 0;
    if ((x & y) == y) return -1;
    if ((x & y) == x) return 1;
    uint64_t d = x ^ y, low = d & (~d + 1);
    return (x & low) ? -1 : 1;
}

/* The first free name of $f<i> for column i of names[0..i). */
#define FRESH(names, i) fresh_name(b, (names), (i), (i))

/* Flink's SplitAggregateRule (table.optimizer.distinct-agg.split.enabled):
 * the input with a bucket MOD(HASH_CODE(x), bucket-num) per argument x of
 * a DISTINCT, MIN, MAX, FIRST_VALUE or LAST_VALUE call that is not a key
 * (in one Calc with the input's projection); each such call's grouping set
 * is the keys and its arguments' buckets, the other calls' the keys. With
 * more than one set made by those calls an Expand (the sets in Calcite's
 * order) and a Calc of $g_<id> filters over $e; then a PARTIAL
 * GroupAggregate by the keys and the buckets (AVG as $SUM0 and COUNT), and
 * a FINAL one by the keys merging the partial values (COUNT and AVG's two
 * as $SUM0, the others as themselves), and for AVG a Calc
 * CAST(IF(count = 0, NULL, sum / count) AS <AVG's type>). */
static PhysNode *split_aggregate(Build *b, PhysNode *in, const Rel *r, int na, const PhysAgg *aggs) {
    Arena *a = b->a;
    int bucket = atoi(eddy__phys_option(b->pe, "table.optimizer.distinct-agg.split.bucket-num", "1024"));
    if (bucket <= 0)
        return eddy__err(b->err, EDDY_E_VALIDATION,
                         "table.optimizer.distinct-agg.split.bucket-num must be a positive number, got '%s'.",
                         eddy__phys_option(b->pe, "table.optimizer.distinct-agg.split.bucket-num", "")),
               NULL;
    int ng = r->ngroup, nin = in->ncols, navg = 0, nargs = 0;
    for (int i = 0; i < na; i++) {
        navg += !strcmp(aggs[i].call.fn, "AVG");
        nargs += aggs[i].call.nargs;
    }
    /* the hashed columns: arguments of the calls that hash them, not keys, ascending */
    int *hashed = eddy__arena_alloc(a, sizeof(int) * (size_t)(nargs + 1));
    if (!hashed) return NOMEM();
    int nh = 0;
    for (int i = 0; i < na; i++) {
        const AggCall *ac = &aggs[i].call;
        for (int k = 0; split_hashes(ac) && k < ac->nargs; k++) {
            int x = ac->args[k];
            if (sorted_has(r->group, ng, x) || sorted_has(hashed, nh, x)) continue;
            int j = nh++;
            while (j > 0 && hashed[j - 1] > x) hashed[j] = hashed[j - 1], j--;
            hashed[j] = x;
        }
    }
    if (ng + nh > 63)
        return eddy__err(b->err, EDDY_E_UNSUPPORTED,
                         "not supported yet: the split of distinct aggregates with more than 63 keys and buckets"),
               NULL;
    /* the Calc: the input's columns (its projection merged), then the buckets */
    const PhysNode *base = in->kind == PK_CALC ? in->in[0] : in;
    int nc = nin + nh;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(nc + 1));
    const char **cn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nc + 1));
    if (!ex || !cn) return NOMEM();
    for (int c = 0; c < nin; c++) {
        cn[c] = in->names[c];
        if (!(ex[c] = in->kind == PK_CALC ? in->exprs[c] : eddy__expr_column(a, c, in->types[c]))) return NOMEM();
    }
    Value bv = {.type = eddy__type_basic(TY_INT, false), .u.i = bucket};
    for (int h = 0; h < nh; h++) {
        Expr *hc, *md, *arg = (Expr *)ex[hashed[h]], *lit = eddy__expr_literal(a, &bv);
        if (!lit || eddy__expr_call_name(a, "HASH_CODE", &arg, 1, &hc, b->err)) return NULL;
        Expr *margs[2] = {hc, lit};
        if (eddy__expr_call_name(a, "MOD", margs, 2, &md, b->err)) return NULL;
        ex[nin + h] = md;
        if (!(cn[nin + h] = FRESH(cn, nin + h))) return NOMEM();
    }
    PhysNode *c = calc(b, (PhysNode *)base, nc, cn, ex, in->kind == PK_CALC ? in->cond : NULL, NULL);
    if (!c) return NULL;
    /* each call's grouping set over the full set: keys, then buckets (bit ng + h) */
    int nfull = ng + nh;
    int *full = eddy__arena_alloc(a, sizeof(int) * (size_t)(nfull + 1));
    uint64_t *cset = eddy__arena_alloc(a, sizeof(uint64_t) * (size_t)(na + 1));
    uint64_t *sets = eddy__arena_alloc(a, sizeof(uint64_t) * (size_t)(na + 1));
    if (!full || !cset || !sets) return NOMEM();
    uint64_t keys_only = (1ULL << ng) - 1;
    int nhsets = 0, ns = 0; /* sets new when a hashing call made them; all sets, sorted */
    for (int i = 0; i < na; i++) {
        const AggCall *ac = &aggs[i].call;
        cset[i] = keys_only;
        for (int k = 0; split_hashes(ac) && k < ac->nargs; k++)
            for (int h = 0; h < nh; h++)
                if (hashed[h] == ac->args[k]) cset[i] |= 1ULL << (ng + h);
        int j = 0;
        while (j < ns && split_set_cmp(sets[j], cset[i]) < 0) j++;
        if (j < ns && sets[j] == cset[i]) continue;
        if (split_hashes(ac)) nhsets++;
        memmove(&sets[j + 1], &sets[j], sizeof(uint64_t) * (size_t)(ns - j));
        sets[j] = cset[i];
        ns++;
    }
    /* the full grouping set in column order: the keys and the buckets (the buckets come last) */
    for (int k = 0; k < ng; k++) full[k] = r->group[k];
    for (int h = 0; h < nh; h++) full[ng + h] = nin + h;
    /* the partial calls: AVG as $SUM0 and COUNT of its argument */
    int npa = na + navg;
    PhysAgg *pa = eddy__arena_alloc(a, sizeof(PhysAgg) * (size_t)(npa + 1));
    uint64_t *pset = eddy__arena_alloc(a, sizeof(uint64_t) * (size_t)(npa + 1));
    if (!pa || !pset) return NOMEM();
    for (int i = 0, j = 0; i < na; i++) {
        pset[j] = cset[i];
        pa[j] = aggs[i];
        if (strcmp(aggs[i].call.fn, "AVG")) {
            j++;
            continue;
        }
        const Type *t0 = in->types[aggs[i].call.args[0]];
        pa[j].call.fn = "$SUM0";
        pa[j].call.type = t0->root == TY_DECIMAL ? eddy__type_decimal(a, 38, t0->scale, false)
                                                 : eddy__type_with_nullable(a, eddy__type_with_timeattr(a, t0, TA_NONE), false);
        if (!pa[j].call.type) return NOMEM();
        pset[++j] = cset[i];
        pa[j] = aggs[i];
        pa[j].call.fn = "COUNT";
        pa[j++].call.type = eddy__type_basic(TY_BIGINT, false);
    }
    PhysNode *pin = c;
    if (nhsets > 1) {
        PhysNode *x = new_node(b, PK_EXPAND, nc + 1, 1, r);
        if (!x) return NULL;
        x->in[0] = c;
        for (int i = 0; i < nc; i++) {
            ((const char **)x->names)[i] = c->names[i];
            ((const Type **)x->types)[i] = i >= nin ? eddy__type_with_nullable(a, c->types[i], true) : c->types[i];
        }
        ((const char **)x->names)[nc] = "$e";
        ((const Type **)x->types)[nc] = eddy__type_basic(TY_BIGINT, false);
        x->ngroup = nfull;
        x->group = full;
        x->nsets = ns;
        x->sets = sets;
        x->feature = r->feature;
        /* the filters: $e = <the set's id> (AND the call's FILTER), one per set and FILTER */
        int nf = 0;
        const Expr **fx = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(nc + npa + 1));
        const char **fn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nc + npa + 1));
        uint64_t *fset = eddy__arena_alloc(a, sizeof(uint64_t) * (size_t)(npa + 1));
        int *fold = eddy__arena_alloc(a, sizeof(int) * (size_t)(npa + 1));
        if (!fx || !fn || !fset || !fold) return NOMEM();
        for (int i = 0; i < nc; i++) {
            fn[i] = x->names[i];
            if (!(fx[i] = eddy__expr_column(a, i, x->types[i]))) return NOMEM();
        }
        const Type *et = x->types[nc];
        for (int i = 0; i < npa; i++) {
            int f = 0;
            while (f < nf && !(fset[f] == pset[i] && fold[f] == pa[i].call.filter)) f++;
            if (f == nf) {
                Value idv = {.type = eddy__type_basic(TY_INT, false), .u.i = set_id(pset[i], nfull)};
                Expr *eq, *cmp[2] = {eddy__expr_column(a, nc, et), eddy__expr_literal(a, &idv)};
                if (!cmp[0] || !cmp[1] || eddy__expr_call_name(a, "=", cmp, 2, &eq, b->err)) return NULL;
                if (pa[i].call.filter >= 0) {
                    Expr *both[2] = {eq, eddy__expr_column(a, pa[i].call.filter, x->types[pa[i].call.filter])};
                    if (!both[1] || eddy__expr_call_name(a, "AND", both, 2, &eq, b->err)) return NULL;
                }
                fx[nc + nf] = eq;
                if (!(fn[nc + nf] = eddy__arena_printf(a, "$g_%lld", (long long)idv.u.i))) return NOMEM();
                fset[nf] = pset[i];
                fold[nf++] = pa[i].call.filter;
            }
            pa[i].call.filter = nc + f;
        }
        if (!(pin = calc(b, x, nc + nf, fn, fx, NULL, NULL))) return NULL;
    }
    /* PARTIAL: by the keys and the buckets */
    const char **pn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nfull + npa + 1));
    if (!pn) return NOMEM();
    for (int k = 0; k < nfull; k++) pn[k] = pin->names[full[k]];
    for (int i = 0; i < npa; i++)
        if (!(pn[nfull + i] = pa[i].call.name = FRESH(pn, nfull + i))) return NOMEM();
    PhysNode *px = exchange_keys(b, pin, nfull, full);
    PhysNode *partial = px ? agg_node(b, PK_GROUP_AGGREGATE, px, nfull, full, npa, pa, r) : NULL;
    if (!partial) return NULL;
    partial->partial_final = PF_PARTIAL;
    /* FINAL: by the keys, merging the partial values (one argument each: LISTAGG's separator is not kept) */
    PhysAgg *fa = eddy__arena_alloc(a, sizeof(PhysAgg) * (size_t)(npa + 1));
    int *fk = eddy__arena_alloc(a, sizeof(int) * (size_t)(ng + 1));
    int *fargs = eddy__arena_alloc(a, sizeof(int) * (size_t)(npa + 1));
    const char **fnames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(ng + npa + 1));
    if (!fa || !fk || !fargs || !fnames) return NOMEM();
    for (int k = 0; k < ng; k++) {
        fk[k] = k;
        fnames[k] = partial->names[k];
    }
    for (int i = 0; i < npa; i++) {
        fargs[i] = nfull + i;
        AggCall ac = pa[i].call;
        if (!strcmp(ac.fn, "COUNT") || !strcmp(ac.fn, "$SUM0")) {
            ac.fn = "$SUM0";
            ac.type = eddy__type_with_nullable(a, ac.type, false);
        }
        ac.nargs = 1;
        ac.args = &fargs[i];
        ac.star = ac.distinct = false;
        ac.filter = -1;
        if (!ac.type || !(ac.name = fnames[ng + i] = FRESH(fnames, ng + i))) return NOMEM();
        fa[i] = (PhysAgg){.call = ac, .distinct = -1};
    }
    PhysNode *fx = exchange_keys(b, partial, ng, fk);
    PhysNode *fin = fx ? agg_node(b, PK_GROUP_AGGREGATE, fx, ng, fk, npa, fa, r) : NULL;
    if (!fin) return NULL;
    fin->partial_final = PF_FINAL;
    if (!navg) return fin;
    /* AVG from its sum and count */
    const Expr **tx = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(ng + na + 1));
    const char **tn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(ng + na + 1));
    if (!tx || !tn) return NOMEM();
    for (int k = 0; k < ng; k++) {
        tn[k] = fin->names[k];
        if (!(tx[k] = eddy__expr_column(a, k, fin->types[k]))) return NOMEM();
    }
    Value zero = {.type = eddy__type_basic(TY_INT, false), .u.i = 0}; /* widened: prints as 0 */
    for (int i = 0, j = ng; i < na; i++, j++) {
        if (strcmp(aggs[i].call.fn, "AVG")) {
            tn[ng + i] = fin->names[j];
            if (!(tx[ng + i] = eddy__expr_column(a, j, fin->types[j]))) return NOMEM();
            continue;
        }
        const Type *avg = aggs[i].call.type;
        Expr *sum = eddy__expr_column(a, j, fin->types[j]), *cnt = eddy__expr_column(a, j + 1, fin->types[j + 1]);
        Expr *eq, *quot, *cmp[2] = {cnt, eddy__expr_literal(a, &zero)}, *dv[2] = {sum, cnt};
        Expr *ifx = eddy__arena_alloc(a, sizeof *ifx), **ifargs = eddy__arena_alloc(a, sizeof(Expr *) * 3), *out;
        if (!sum || !cnt || !cmp[1] || !ifx || !ifargs) return NOMEM();
        if (eddy__expr_call_name(a, "=", cmp, 2, &eq, b->err) || eddy__expr_call_name(a, "/", dv, 2, &quot, b->err))
            return NULL;
        ifargs[0] = eq;
        if (!(ifargs[1] = eddy__expr_null(a, eddy__type_with_nullable(a, avg, true)))) return NOMEM();
        ifargs[2] = quot;
        *ifx = (Expr){.kind = EX_CASE, .type = eddy__type_with_nullable(a, quot->type, true), .nargs = 3,
                      .args = ifargs, .fn_data = "IF"};
        if (!ifx->type || eddy__expr_cast(a, ifx, eddy__type_with_nullable(a, avg, true), false, &out, b->err))
            return eddy__err_is_set(b->err) ? NULL : NOMEM();
        tx[ng + i] = out;
        if (!(tn[ng + i] = FRESH(tn, ng + i))) return NOMEM();
        j++;
    }
    return calc(b, fin, ng + na, tn, tx, NULL, NULL);
}
#undef FRESH

static PhysNode *build_aggregate(Build *b, const Rel *r) {
    const Rel *outer = b->agg_input;
    b->agg_input = r->in[0];
    PhysNode *in = build(b, r->in[0]);
    b->agg_input = outer;
    if (!in) return NULL;
    bool tvf = r->feature && !strncmp(r->feature, "window aggregations", 19);
    if (r->window) {
        /* group windows: final rows per window */
        PhysNode *x = exchange_keys(b, in, r->ngroup, r->group);
        PhysNode *w = x ? generic(b, PK_GROUP_WINDOW_AGGREGATE, r, &x, 1) : NULL;
        if (!w) return NULL;
        w->ngroup = r->ngroup;
        w->group = r->group;
        int nwa;
        if (!(w->aggs = phys_aggs(b, r, &nwa))) return NOMEM();
        w->naggs = nwa;
        return w;
    }
    int na;
    PhysAgg *aggs = phys_aggs(b, r, &na);
    if (!aggs) return NOMEM();
    int ng = r->ngroup;
    const int *group = r->group;
    if (r->nsets) {
        if (!(in = expand(b, in, r))) return NULL;
        int *g2 = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(ng + 2));
        if (!g2) return NOMEM();
        memcpy(g2, group, sizeof(int) * (size_t)ng);
        g2[ng] = in->ncols - 1;
        group = g2;
        ng++;
    }
    PhysNode *g;
    /* the window the binder found among the keys must be there in the physical input too */
    tvf = tvf && eddy__phys_window_keys(in, ng, group, NULL, NULL, NULL);
    if (tvf && na == r->naggs) {
        if (!fuse_window_tvf(b, r, in, na, aggs, &g)) return NULL;
        if (g) return g;
        if (!attached_window_agg(b, r, in, ng, group, na, aggs, &g)) return NULL;
        if (g) return g;
    }
    bool distinct = false;
    for (int i = 0; i < na; i++) distinct = distinct || aggs[i].call.distinct;
    if (b->streaming && !tvf && !r->nsets && distinct && split_candidate(na, aggs) &&
        option_true(b, "table.optimizer.distinct-agg.split.enabled")) {
        g = split_aggregate(b, in, r, na, aggs);
    } else if (b->streaming || tvf) {
        /* window TVF aggregations: final rows per window, in both modes */
        PhysNode *x = exchange_keys(b, in, ng, group);
        g = x ? agg_node(b, tvf ? PK_WINDOW_AGGREGATE : PK_GROUP_AGGREGATE, x, ng, group, na, aggs, r) : NULL;
    } else {
        g = batch_agg(b, in, ng, group, na, aggs, r);
    }
    bool gcalls = false;
    for (int i = 0; i < r->naggs; i++) gcalls = gcalls || is_grouping_fn(r->aggs[i].fn);
    if (!g || (!r->nsets && !gcalls)) return g;
    /* drop $e, and compute GROUPING() & co from it (0 without grouping sets) */
    const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return NOMEM();
    int ecol = r->ngroup, k = 0;
    for (int i = 0; i < r->ngroup; i++)
        if (!(ex[i] = eddy__expr_column(b->a, i, g->types[i]))) return NOMEM();
    for (int i = 0; i < r->naggs; i++) {
        const AggCall *ac = &r->aggs[i];
        const Expr *e = is_grouping_fn(ac->fn) ? grouping_value(b, r, ac, ecol, g->types[ecol])
                                               : eddy__expr_column(b->a, ng + k, g->types[ng + k]);
        if (!is_grouping_fn(ac->fn)) k++;
        if (!e) return eddy__err_is_set(b->err) ? NULL : NOMEM();
        ex[r->ngroup + i] = e;
    }
    return calc(b, g, r->ncols, r->names, ex, NULL, NULL);
}

/* ---- joins ----------------------------------------------------------------------------------- */

typedef ED_VEC(const Expr *) ExprList;

static void flatten_and(const Expr *e, ExprList *out, bool *ok) {
    if (e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "AND")) {
        for (int i = 0; i < e->nargs; i++) flatten_and(e->args[i], out, ok);
        return;
    }
    if (e && !ed_vec_push(out, e)) *ok = false;
}

/* Whether the join condition bounds a left time attribute by a right one
 * from below and above (Flink's interval join: l.t BETWEEN r.t - x AND
 * r.t + y; translate_interval_join.c). */
static bool interval_bounds(const Rel *j) {
    IntervalBounds wb;
    return j->join != JOIN_SEMI && j->join != JOIN_ANTI && eddy__interval_bounds(j->cond, j->in[0]->ncols, j->types, &wb, NULL);
}

/* A window join's window columns (wcol: eddy__rel_window_join's). */
static PhysNode *window_join_cols(PhysNode *j, const int wcol[4]) {
    j->win_start[0] = wcol[0];
    j->win_start[1] = wcol[1];
    j->win_end[0] = wcol[2];
    j->win_end[1] = wcol[3];
    return j;
}

static PhysNode *join_node(Build *b, PhysNodeKind kind, const Rel *r, PhysNode *l, PhysNode *rr, int nk, const int *lk,
                           const int *rk) {
    PhysNode *in[2] = {l, rr};
    PhysNode *j = generic(b, kind, r, in, 2);
    if (!j) return NULL;
    j->join = r->join;
    j->join_cond = r->cond;
    j->njk = nk;
    if (!(j->lkeys = int_copy(b, nk, lk)) || !(j->rkeys = int_copy(b, nk, rk))) return NOMEM();
    return j;
}

/* A semi / anti join's right input: a Calc of no column stays one
 * (Calc(select=[]), as Flink's plan has it), where elsewhere a Calc of no
 * column is Calcite's 0 AS $f0. */
static PhysNode *build_semi_right(Build *b, const Rel *r) {
    if (r->kind != REL_CALC || r->ncols) return build(b, r);
    PhysNode *in = build(b, r->in[0]);
    return in ? calc(b, in, 0, NULL, NULL, r->cond, r) : NULL;
}

/* Whether a Rel gives one row at most: an aggregate without keys under
 * projections and filters (FlinkRelMdUtil's isSingleRow). */
static bool single_row(const Rel *r) {
    while (r->kind == REL_CALC || r->kind == REL_PROJECT || r->kind == REL_FILTER) r = r->in[0];
    return r->kind == REL_AGGREGATE && r->ngroup == 0 && !r->nsets && !r->window;
}

/* Whether e reads only columns >= nl (the right side of a join), at least one. */
static bool right_only(const Expr *e, int nl, bool *any) {
    if (!e) return true;
    if (e->kind == EX_COLUMN) {
        if (e->index < nl) return false;
        *any = true;
        return true;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!right_only(e->args[i], nl, any)) return false;
    return true;
}

bool eddy__phys_right_only(const Expr *e, int nl) {
    bool any = false;
    return right_only(e, nl, &any) && any;
}

/* l [LEFT] JOIN t FOR SYSTEM_TIME AS OF l.proctime ON l.k = t.k [AND ..]:
 * a LookupJoin when t's connector looks rows up (Flink's
 * LookupTableSource), its one input the left side; Flink's error for any
 * other processing-time temporal join. */
/* The literal of a conjunct `table column = literal` (either way round,
 * the literal perhaps under an implicit CAST) of a lookup join whose left
 * input has nl columns, and the column (*col); NULL when e is not one, or
 * the literal is NULL (it matches nothing: the residual says so). */
static const Expr *lookup_constant(const Expr *e, int nl, int *col) {
    if (e->kind != EX_CALL || !e->fn || e->nargs != 2 || strcmp(e->fn->name, "=")) return NULL;
    for (int side = 0; side < 2; side++) {
        const Expr *c = e->args[side], *l = e->args[1 - side];
        if (l->kind == EX_CAST && !l->try_cast && l->args[0]->kind == EX_LITERAL) l = l->args[0];
        if (c->kind != EX_COLUMN || c->index < nl || l->kind != EX_LITERAL || l->value.is_null) continue;
        *col = c->index;
        return l;
    }
    return NULL;
}

/* Whether the literal v can be looked up as a value of the column's type t
 * unchanged: the same type root, an integer in t's range, or a string. */
static bool lookup_constant_fits(const Value *v, const Type *t) {
    const Type *lt = v->type;
    if (eddy__type_is_string(lt) && eddy__type_is_string(t)) return true;
    if (eddy__type_is_integer(lt) && eddy__type_is_integer(t)) {
        int64_t lo = t->root == TY_TINYINT ? INT8_MIN : t->root == TY_SMALLINT ? INT16_MIN : t->root == TY_INT ? INT32_MIN : INT64_MIN;
        int64_t hi = t->root == TY_TINYINT ? INT8_MAX : t->root == TY_SMALLINT ? INT16_MAX : t->root == TY_INT ? INT32_MAX : INT64_MAX;
        return v->u.i >= lo && v->u.i <= hi;
    }
    if (lt->root == TY_DECIMAL) return t->root == TY_DECIMAL && t->scale == lt->scale;
    return lt->root == t->root && lt->root != TY_TIMESTAMP && lt->root != TY_TIMESTAMP_LTZ;
}

static PhysNode *build_lookup_join(Build *b, const Rel *r) {
    const Rel *t = r->in[1];
    const TableEntry *te = t->kind == REL_TABLE_SCAN ? t->table : NULL;
    const Connector *c = te ? eddy__connector_lookup(eddy__table_option(&te->def, "connector")) : NULL;
    if (!c || !c->lookup)
        return eddy__err(b->err, EDDY_E_TABLE, "Processing-time temporal join is not supported yet."), (PhysNode *)NULL;
    if (eddy__connector_validate(c, &te->def, b->err)) return NULL;
    if (te->nmeta || !scan_identity(t, te->nphys))
        return eddy__err(b->err, EDDY_E_UNSUPPORTED,
                         "not supported yet: lookup joins on a table with computed or metadata columns (%s)", te->def.path),
               (PhysNode *)NULL;
    int nl = r->in[0]->ncols;
    ExprList cs = {0};
    bool ok = true;
    flatten_and(r->cond, &cs, &ok);
    int *lk = eddy__arena_alloc(b->a, sizeof(int) * (cs.len + 1)), *rk = eddy__arena_alloc(b->a, sizeof(int) * (cs.len + 1));
    Expr **rest = eddy__arena_alloc(b->a, sizeof(Expr *) * (cs.len + 1));
    int nk = 0, nrest = 0, nc = 0;
    /* constant keys (table column = literal), kept in the residual too as Flink keeps them in `where` */
    int *ck = eddy__arena_alloc(b->a, sizeof(int) * (cs.len + 1));
    const Expr **cv = eddy__arena_alloc(b->a, sizeof(Expr *) * (cs.len + 1));
    for (size_t i = 0; ok && lk && rk && rest && ck && cv && i < cs.len; i++) {
        const Expr *e = cs.items[i];
        int col;
        const Expr *lit = lookup_constant(e, nl, &col);
        if (lit && lookup_constant_fits(&lit->value, te->phys_types[col - nl])) {
            bool dup = false;
            for (int k = 0; k < nc; k++) dup = dup || ck[k] == col - nl;
            if (!dup) {
                ck[nc] = col - nl;
                cv[nc++] = lit;
            }
            rest[nrest++] = (Expr *)e;
            continue;
        }
        bool eq = e->kind == EX_CALL && e->fn && e->nargs == 2 && !strcmp(e->fn->name, "=") &&
                  e->args[0]->kind == EX_COLUMN && e->args[1]->kind == EX_COLUMN &&
                  (e->args[0]->index < nl) != (e->args[1]->index < nl);
        int x = eq ? e->args[0]->index : 0, y = eq ? e->args[1]->index : 0;
        if (x >= nl) {
            int tmp = x;
            x = y;
            y = tmp;
        }
        for (int k = 0; eq && k < nk; k++) eq = rk[k] != y - nl;
        if (!eq) {
            /* a condition on the pairs: the residual */
            rest[nrest++] = (Expr *)e;
            continue;
        }
        lk[nk] = x;
        rk[nk++] = y - nl;
    }
    ed_vec_free(&cs);
    if (!ok || !lk || !rk || !rest || !ck || !cv) return NOMEM();
    /* the keys: the constant ones first (a column a field is equal to stays a field key), then the fields */
    int nall = 0, *ak = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(nc + nk + 1)),
        *al = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(nc + nk + 1));
    const Expr **av = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(nc + nk + 1));
    if (!ak || !al || !av) return NOMEM();
    for (int i = 0; i < nc; i++) {
        bool field = false;
        for (int k = 0; k < nk; k++) field = field || rk[k] == ck[i];
        if (field) continue;
        ak[nall] = ck[i];
        al[nall] = -1;
        av[nall++] = cv[i];
    }
    for (int k = 0; k < nk; k++) {
        ak[nall] = rk[k];
        al[nall] = lk[k];
        av[nall++] = NULL;
    }
    if (nall == 0)
        return eddy__err(b->err, EDDY_E_TABLE,
                         "Temporal table join requires an equality condition on fields of table [%s].", te->def.path),
               (PhysNode *)NULL;
    ConnectorCtx cx = {.a = b->a,
                       .def = &te->def,
                       .nphys = te->nphys,
                       .phys_names = te->phys_names,
                       .phys_types = te->phys_types,
                       .streaming = b->streaming,
                       .tz = b->pe->tz};
    LookupSpec *ls = eddy__arena_alloc(b->a, sizeof *ls);
    if (!ls) return NOMEM();
    memset(ls, 0, sizeof *ls);
    if (c->lookup(&cx, nall, ak, ls, b->err)) return NULL;
    PhysNode *l = build(b, r->in[0]);
    if (!l) return NULL;
    PhysNode *j = generic(b, PK_LOOKUP_JOIN, r, &l, 1);
    if (!j) return NULL;
    j->join = r->join;
    j->join_cond = r->cond;
    j->njk = nall;
    j->lkeys = al; /* -1: the constant exprs[k] */
    j->rkeys = ak;
    j->exprs = av;
    Expr *res = nrest ? rest[0] : NULL;
    if (nrest > 1 && eddy__expr_call_name(b->a, "AND", rest, nrest, &res, b->err)) return NULL;
    j->cond = res;
    j->table = te;
    j->conn = c;
    j->lookup = ls;
    return j;
}

static PhysNode *build_join(Build *b, const Rel *r) {
    if (r->feature && !strncmp(r->feature, "temporal joins", 14) && r->as_of >= 0 && !r->temporal_key &&
        r->in[0]->types[r->as_of]->timeattr == TA_PROCTIME)
        return build_lookup_join(b, r);
    bool semi = r->join == JOIN_SEMI || r->join == JOIN_ANTI;
    PhysNode *l = build(b, r->in[0]), *rr = !l ? NULL : semi ? build_semi_right(b, r->in[1]) : build(b, r->in[1]);
    if (!rr) return NULL;
    int nl = r->in[0]->ncols;
    ExprList cs = {0}, rest = {0};
    bool ok = true;
    flatten_and(r->cond, &cs, &ok);
    int *lk = eddy__arena_alloc(b->a, sizeof(int) * (cs.len + 1)), *rk = eddy__arena_alloc(b->a, sizeof(int) * (cs.len + 1));
    int nk = 0;
    int wcol[4]; /* left start, right start, left end, right end */
    bool window = eddy__rel_window_join(r, wcol);
    for (size_t i = 0; ok && lk && rk && i < cs.len; i++) {
        const Expr *c = cs.items[i];
        bool eq = c->kind == EX_CALL && c->fn && c->nargs == 2 &&
                  (!strcmp(c->fn->name, "=") || !strcmp(c->fn->name, "IS NOT DISTINCT FROM")) &&
                  c->args[0]->kind == EX_COLUMN && c->args[1]->kind == EX_COLUMN &&
                  (c->args[0]->index < nl) != (c->args[1]->index < nl);
        if (!eq) {
            ok = ed_vec_push(&rest, c);
            continue;
        }
        int x = c->args[0]->index, y = c->args[1]->index;
        if (x >= nl) {
            int t = x;
            x = y;
            y = t;
        }
        lk[nk] = x;
        rk[nk] = y - nl;
        nk++;
    }
    bool interval = ok && b->streaming && interval_bounds(r);
    ed_vec_free(&cs);
    ed_vec_free(&rest);
    if (!ok || !lk || !rk) return NOMEM();
    if (b->streaming) {
        PhysNodeKind kind = PK_JOIN;
        if (r->feature && !strncmp(r->feature, "temporal joins", 14)) {
            kind = PK_TEMPORAL_JOIN;
            /* a temporal table function's versions are by its primary key */
            bool has_pk = !r->temporal_key;
            for (int i = 0; i < nk && !has_pk; i++) has_pk = rk[i] == r->temporal_key - nl;
            if (!has_pk)
                return eddy__err(b->err, EDDY_E_VALIDATION,
                                 "The join condition of a temporal table function join must equate its primary key "
                                 "'%s' with a column of the left table.",
                                 r->in[1]->names[r->temporal_key - nl]),
                       (PhysNode *)NULL;
        }
        else if (interval) kind = PK_INTERVAL_JOIN;
        else if (window) kind = PK_WINDOW_JOIN;
        if (kind == PK_WINDOW_JOIN) {
            /* keyed by the join keys but the window ones (the window is the state's namespace) */
            int m = 0;
            for (int i = 0; i < nk; i++)
                if (!((lk[i] == wcol[0] && rk[i] == wcol[1]) || (lk[i] == wcol[2] && rk[i] == wcol[3]))) {
                    lk[m] = lk[i];
                    rk[m++] = rk[i];
                }
            nk = m;
        }
        PhysNode *xl = exchange_keys(b, l, nk, lk), *xr = xl ? exchange_keys(b, rr, nk, rk) : NULL;
        PhysNode *j = xr ? join_node(b, kind, r, xl, xr, nk, lk, rk) : NULL;
        return j && kind == PK_WINDOW_JOIN ? window_join_cols(j, wcol) : j;
    }
    if (r->feature && !strncmp(r->feature, "temporal joins", 14))
        return eddy__err(b->err, EDDY_E_UNSUPPORTED, "not supported yet: temporal joins (FOR SYSTEM_TIME AS OF) in batch mode"),
               (PhysNode *)NULL;
    /* a side of one row at most (an aggregate without keys, a scalar
     * subquery's): a nested loop building it, broadcast (Flink's
     * BatchPhysicalSingleRowJoinRule) */
    bool rsingle = single_row(r->in[1]) && r->join != JOIN_RIGHT;
    bool lsingle = !rsingle && single_row(r->in[0]) &&
                   (r->join == JOIN_INNER || r->join == JOIN_FULL || r->join == JOIN_RIGHT);
    /* a FULL join's nested loop runs as one instance, both sides gathered
     * to it: a broadcast side's unmatched rows would come from every
     * instance (Flink's nested-loop join rules: SINGLETON for FULL) */
    bool full = r->join == JOIN_FULL;
    if (rsingle || lsingle) {
        PhysNode *xl = full ? gather(b, l) : lsingle ? exchange(b, l, DIST_BROADCAST, 0, NULL) : l;
        PhysNode *xr = !xl ? NULL : full ? gather(b, rr) : rsingle ? exchange(b, rr, DIST_BROADCAST, 0, NULL) : rr;
        PhysNode *j = xl && xr ? join_node(b, PK_NESTED_LOOP_JOIN, r, xl, xr, nk, lk, rk) : NULL;
        if (j) {
            j->broadcast = !full;
            j->build_left = lsingle;
            j->single_row = true;
        }
        return j;
    }
    if (nk == 0) {
        /* no equi-join keys: a nested loop over the broadcast right side; a
         * semi / anti join's right side of no column is made distinct before
         * (one row a subtask, Flink's local distinct of the build side) */
        if (semi && !rr->ncols && !(rr = eddy__phys_local_agg(b->a, PK_LOCAL_HASH_AGGREGATE, rr, 0, NULL, 0, NULL,
                                                                   false, false, NULL)))
            return NOMEM();
        PhysNode *xl = full ? gather(b, l) : l;
        PhysNode *xr = !xl ? NULL : full ? gather(b, rr) : exchange(b, rr, DIST_BROADCAST, 0, NULL);
        PhysNode *j = xr ? join_node(b, PK_NESTED_LOOP_JOIN, r, xl, xr, 0, lk, rk) : NULL;
        if (j) j->broadcast = !full;
        return j;
    }
    PhysNodeKind kind = !operator_disabled(b, "HashJoin") && !operator_disabled(b, "ShuffleHashJoin") ? PK_HASH_JOIN
                    : !operator_disabled(b, "SortMergeJoin")                                     ? PK_SORT_MERGE_JOIN
                                                                                                 : PK_NESTED_LOOP_JOIN;
    PhysNode *xl = exchange_keys(b, l, nk, lk), *xr = xl ? exchange_keys(b, rr, nk, rk) : NULL;
    return xr ? join_node(b, kind, r, xl, xr, nk, lk, rk) : NULL;
}

/* ---- ranks and sorts ----------------------------------------------------------------------- */

/* The partition keys of a window Top-N but window_start and window_end
 * (Flink's partitionBy of WindowRank, the keys it is exchanged by). */
static int window_free_keys(Build *b, const Rel *in, int n, const int *cols, int **out) {
    int *k = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1));
    int m = 0;
    for (int i = 0; k && i < n; i++) {
        int p = eddy__rel_window_col(in, cols[i], NULL);
        if (p != WP_START && p != WP_END) k[m++] = cols[i];
    }
    *out = k;
    return k ? m : -1;
}

/* Whether column col of r is the time column of the window table
 * function below (through projections and filters): a window
 * deduplication orders by it, a time attribute no more after the TVF. */
static TimeAttr tvf_time_col(const Rel *r, int col) {
    for (;;) {
        if (r->kind == REL_WINDOW_TVF)
            return r->window && col == r->window->time_col ? (TimeAttr)r->in[0]->types[col]->timeattr : TA_NONE;
        if (r->kind == REL_PROJECT || r->kind == REL_CALC) {
            const Expr *e = r->exprs[col];
            if (!e || e->kind != EX_COLUMN) return TA_NONE;
            col = e->index;
        } else if (r->kind != REL_FILTER) {
            return TA_NONE;
        }
        r = r->in[0];
    }
}

static PhysNode *build_rank(Build *b, const Rel *r) {
    PhysNode *in = build(b, r->in[0]);
    if (!in) return NULL;
    const Rel *ir = r->in[0];
    bool window = eddy__rel_window_keys(ir, r->ngroup, r->group, NULL) != NULL;
    TimeAttr tvf_time = window && r->nkeys == 1 ? tvf_time_col(ir, r->keys[0]) : TA_NONE;
    bool dedup = r->rank_fn == RANK_ROW_NUMBER && r->rank_start == 1 && r->rank_end == 1 && !r->output_rank &&
                 r->nkeys == 1 && (ir->types[r->keys[0]]->timeattr != TA_NONE || tvf_time != TA_NONE);
    int *xkeys = (int *)r->group, nx = r->ngroup;
    if (window && b->streaming && (nx = window_free_keys(b, ir, r->ngroup, r->group, &xkeys)) < 0) return NOMEM();
    PhysNode *x = exchange_keys(b, in, nx, xkeys);
    if (!x) return NULL;
    PhysNodeKind kind;
    if (!b->streaming) {
        /* sorted by the partition and the order keys within each partition */
        int n = r->ngroup + r->nkeys;
        int *keys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1));
        bool *desc = eddy__arena_alloc(b->a, (size_t)n + 1), *nf = eddy__arena_alloc(b->a, (size_t)n + 1);
        if (!keys || !desc || !nf) return NOMEM();
        for (int i = 0; i < r->ngroup; i++) {
            keys[i] = r->group[i];
            nf[i] = true;
        }
        for (int i = 0; i < r->nkeys; i++) {
            keys[r->ngroup + i] = r->keys[i];
            desc[r->ngroup + i] = r->desc[i];
            nf[r->ngroup + i] = r->nulls_first[i];
        }
        if (!(x = sort_node(b, PK_BATCH_SORT, x, n, keys, desc, nf, NULL))) return NULL;
        kind = PK_BATCH_RANK;
    } else if (window) {
        kind = dedup ? PK_WINDOW_DEDUPLICATE : PK_WINDOW_RANK;
    } else {
        kind = dedup ? PK_DEDUPLICATE : PK_RANK;
    }
    PhysNode *k = generic(b, kind, r, &x, 1);
    if (!k) return NULL;
    k->feature = NULL; /* the kind's (Top-N, deduplication) */
    k->ngroup = r->ngroup;
    k->group = r->group;
    k->norder = r->nkeys;
    k->order = r->keys;
    k->desc = r->desc;
    k->nulls_first = r->nulls_first;
    k->rank_fn = r->rank_fn;
    k->rank_start = r->rank_start;
    k->rank_end = r->rank_end;
    k->output_rank = r->output_rank;
    k->global = true;
    k->strategy = RS_APPEND_FAST;
    if (kind == PK_WINDOW_RANK || kind == PK_WINDOW_DEDUPLICATE)
        eddy__phys_window_keys(in, r->ngroup, r->group, &k->win_start[0], &k->win_end[0], NULL);
    if (dedup) {
        k->keep_last = r->desc[0];
        k->on_rowtime = ir->types[r->keys[0]]->timeattr == TA_ROWTIME || tvf_time == TA_ROWTIME;
    }
    return k;
}

static PhysNode *build_sort(Build *b, const Rel *r) {
    PhysNode *in = build(b, r->in[0]);
    PhysNode *x = in ? gather(b, in) : NULL;
    if (!x) return NULL;
    bool limit_only = r->nkeys == 0, sort_only = r->offset < 0 && r->fetch < 0;
    PhysNodeKind kind;
    const char *feature = r->feature;
    if (limit_only) kind = PK_LIMIT;
    else if (!b->streaming) kind = sort_only ? PK_BATCH_SORT : PK_BATCH_SORT_LIMIT;
    else if (!sort_only) kind = PK_SORT_LIMIT;
    else if (r->in[0]->types[r->keys[0]]->timeattr != TA_NONE && !r->desc[0]) {
        kind = PK_TEMPORAL_SORT;
        feature = NULL;
    } else {
        kind = PK_SORT;
    }
    PhysNode *s = sort_node(b, kind, x, r->nkeys, r->keys, r->desc, r->nulls_first, r);
    if (!s) return NULL;
    s->offset = r->offset;
    s->fetch = r->fetch;
    s->global = !b->streaming;
    s->feature = feature;
    s->strategy = RS_APPEND_FAST;
    return s;
}

/* ---- the rest --------------------------------------------------------------------------------- */

static void count_refs(const Expr *e, int *refs) {
    if (!e) return;
    if (e->kind == EX_COLUMN) refs[e->index]++;
    for (int i = 0; i < e->nargs; i++) count_refs(e->args[i], refs);
}

/* The column references of a Calc's expressions and condition, per input column. */
static int *calc_refs(Build *b, int nin, int n, const Expr *const *exprs, const Expr *cond) {
    int *refs = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(nin + 1));
    if (!refs) return NULL;
    memset(refs, 0, sizeof(int) * (size_t)(nin + 1));
    for (int i = 0; i < n; i++) count_refs(exprs[i], refs);
    count_refs(cond, refs);
    return refs;
}

/* The Calc computing a table scan's computed columns (scan_top). */
static bool scan_calc(const PhysNode *n) {
    return n->kind == PK_CALC && n->rel && n->rel->kind == REL_TABLE_SCAN && !n->cond;
}

/* Whether a Calc reading refs[] of `in` may be merged into it (Flink's
 * FlinkRelUtil.isMergeable): a non-deterministic column of `in` read at
 * most once. */
static bool mergeable(const PhysNode *in, const int *refs) {
    for (int i = 0; i < in->ncols; i++)
        if (refs[i] > 1 && !eddy__expr_deterministic(in->exprs[i])) return false;
    return true;
}

/* A Calc over a WatermarkAssigner over a table scan (and its computed
 * columns): the columns neither the Calc, the rowtime nor the watermark
 * reads are dropped below the assigner (Flink's
 * ProjectWatermarkAssignerTransposeRule; the scan's Calc then holds only
 * what is kept, or goes when that is the scan's own columns). The Calc's
 * expressions come back in ex / cond over the new assigner, which is
 * returned; `in` when nothing can be dropped. */
/* The columns e reads, appended to order[] in the order they first appear. */
static void first_refs(const Expr *e, bool *seen, int *order, int *n) {
    if (!e) return;
    if (e->kind == EX_COLUMN && !seen[e->index]) {
        seen[e->index] = true;
        order[(*n)++] = e->index;
    }
    for (int i = 0; i < e->nargs; i++) first_refs(e->args[i], seen, order, n);
}

static PhysNode *prune_below_watermark(Build *b, PhysNode *in, const Rel *r, const Expr **ex, const Expr **cond) {
    const PhysNode *below = in->in[0];
    int n = in->ncols;
    if (in->nin != 1 || in->rowtime < 0 || !(scan_calc(below) || below->kind == PK_TABLE_SOURCE_SCAN)) return in;
    /* the kept columns in the order they are first read (Flink's
     * NestedSchema): the Calc's, the watermark's, then the rowtime */
    bool *seen = eddy__arena_alloc(b->a, (size_t)n + 1);
    int *order = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1));
    const Expr **map = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n + 1));
    if (!seen || !order || !map) return NOMEM();
    memset(seen, 0, (size_t)n + 1);
    int keep = 0;
    for (int i = 0; i < r->ncols; i++) first_refs(r->exprs[i], seen, order, &keep);
    first_refs(r->cond, seen, order, &keep);
    first_refs(in->watermark, seen, order, &keep);
    if (!seen[in->rowtime]) seen[in->rowtime] = true, order[keep++] = in->rowtime;
    if (keep == n) return in;
    const Expr **kept = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(keep + 1));
    const char **names = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(keep + 1));
    const Type **types = eddy__arena_alloc(b->a, sizeof(Type *) * (size_t)(keep + 1));
    if (!kept || !names || !types) return NOMEM();
    PhysNode *src = scan_calc(below) ? (PhysNode *)below->in[0] : (PhysNode *)below;
    bool identity = src->ncols == keep;
    for (int i = 0; i < n; i++) map[i] = NULL;
    for (int k = 0; k < keep; k++) {
        int c = order[k];
        kept[k] = scan_calc(below) ? below->exprs[c] : eddy__expr_column(b->a, c, in->types[c]);
        if (!kept[k] || !(map[c] = eddy__expr_column(b->a, k, in->types[c]))) return NOMEM();
        identity = identity && kept[k]->kind == EX_COLUMN && kept[k]->index == k;
        names[k] = in->names[c];
        types[k] = in->types[c];
    }
    PhysNode *lower = identity ? src : calc(b, src, keep, names, kept, NULL, scan_calc(below) ? below->rel : NULL);
    PhysNode *w = lower ? eddy__phys_copy(b->a, in) : NULL;
    if (!w) return NOMEM();
    w->ncols = keep;
    w->names = names;
    w->types = types;
    w->in[0] = lower;
    w->rowtime = map[in->rowtime]->index;
    if (!(w->watermark = eddy__expr_subst(b->a, in->watermark, map, n))) return NOMEM();
    for (int i = 0; i < r->ncols; i++)
        if (!(ex[i] = eddy__expr_subst(b->a, r->exprs[i], map, n))) return NOMEM();
    if (r->cond && !(*cond = eddy__expr_subst(b->a, r->cond, map, n))) return NOMEM();
    return w;
}

/* A Calc that passes its input through unchanged. */
static bool identity_calc(const PhysNode *in, int n, const char *const *names, const Expr *const *ex, const Expr *cond) {
    if (cond || n != in->ncols) return false;
    for (int i = 0; i < n; i++)
        if (ex[i]->kind != EX_COLUMN || ex[i]->index != i || strcmp(names[i], in->names[i])) return false;
    return true;
}

/* Merges a Calc over a Calc the planner added (the one dropping $e) or over
 * a table scan's computed columns; prunes below a scan's watermark assigner. */
static PhysNode *calc_over(Build *b, PhysNode *in, const Rel *r) {
    /* (Flink prunes in its logical phase: not below the Calcs its rank and
     * join rewrites leave later) */
    bool plain = !r->cond;
    for (int i = 0; plain && i < r->ncols; i++) plain = r->exprs[i]->kind == EX_COLUMN;
    if (b->streaming && in->kind == PK_WATERMARK_ASSIGNER && !r->transposed && !(plain && r == b->agg_input)) {
        const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
        const Expr *cond = NULL;
        if (!ex) return NOMEM();
        PhysNode *w = prune_below_watermark(b, in, r, ex, &cond);
        if (!w) return NULL;
        if (w != in) return identity_calc(w, r->ncols, r->names, ex, cond) ? w : calc(b, w, r->ncols, r->names, ex, cond, r);
    }
    bool merge = false;
    if (scan_calc(in)) {
        int *refs = calc_refs(b, in->ncols, r->ncols, r->exprs, r->cond);
        if (!refs) return NOMEM();
        merge = mergeable(in, refs);
    } else if (in->kind == PK_CALC && !in->rel && !in->cond) {
        merge = true;
        for (int i = 0; i < in->ncols && merge; i++) merge = eddy__expr_deterministic(in->exprs[i]);
    }
    if (merge) {
        const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
        if (!ex) return NOMEM();
        for (int i = 0; i < r->ncols; i++)
            if (!(ex[i] = eddy__expr_subst(b->a, r->exprs[i], in->exprs, in->ncols))) return NOMEM();
        const Expr *cond = r->cond ? eddy__expr_subst(b->a, r->cond, in->exprs, in->ncols) : NULL;
        if (r->cond && !cond) return NOMEM();
        PhysNode *src = (PhysNode *)in->in[0];
        /* a scan's Calc merged away may leave nothing to compute */
        if (scan_calc(in) && identity_calc(src, r->ncols, r->names, ex, cond)) return src;
        return calc(b, src, r->ncols, r->names, ex, cond, r);
    }
    return calc(b, in, r->ncols, r->names, r->exprs, r->cond, r);
}

/* ---- OVER ---------------------------------------------------------------------------------- */

static bool same_cols(int n, const int *a, int m, const int *c) {
    if (n != m) return false;
    for (int i = 0; i < n; i++)
        if (a[i] != c[i]) return false;
    return true;
}

/* One OverAggregate over calls [from, to) of r, above `in` (whose columns
 * are prev's): an Exchange by the partition keys, in BATCH mode a Sort by
 * them and the order keys. The last stage has r's columns. */
static PhysNode *over_stage(Build *b, const Rel *r, const Rel *prev, PhysNode *in, int from, int to) {
    const OverSpec *os = &r->over[from];
    const Rel *sr = r;
    if (from > 0 || to < r->naggs) {
        Rel *x = eddy__rel_new(b->a, REL_OVER, prev->ncols + to - from, 1);
        if (!x) return NOMEM();
        x->in[0] = (Rel *)prev;
        for (int i = 0; i < prev->ncols; i++) {
            x->names[i] = prev->names[i];
            x->types[i] = prev->types[i];
        }
        int base = r->ncols - r->naggs;
        for (int k = from; k < to; k++) {
            x->names[prev->ncols + k - from] = r->names[base + k];
            x->types[prev->ncols + k - from] = r->types[base + k];
        }
        x->naggs = to - from;
        x->aggs = r->aggs + from;
        x->over = r->over + from;
        x->changelog = r->changelog;
        x->feature = r->feature;
        x->digest = r->digest;
        sr = x;
    }
    PhysNode *x = exchange_keys(b, in, os->npartition, os->partition);
    if (x && !b->streaming && os->npartition + os->norder > 0) {
        int n = os->npartition + os->norder;
        int *keys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1));
        bool *desc = eddy__arena_alloc(b->a, (size_t)n + 1);
        if (!keys || !desc) return NOMEM();
        for (int i = 0; i < os->npartition; i++) keys[i] = os->partition[i];
        for (int i = 0; i < os->norder; i++) {
            keys[os->npartition + i] = os->order[i];
            desc[os->npartition + i] = os->desc[i];
        }
        x = sort_node(b, PK_BATCH_SORT, x, n, keys, desc, NULL, NULL);
    }
    PhysNode *n = x ? generic(b, PK_OVER_AGGREGATE, sr, &x, 1) : NULL;
    if (n) n->batch_over = !b->streaming;
    return n;
}

/* OVER aggregates: STREAMING runs one window per OverAggregate (Flink's
 * rule); BATCH one OverAggregate per run of calls with the same partition
 * and order keys (the binder puts each window's calls side by side), each
 * after its own Sort. */
static PhysNode *build_over(Build *b, const Rel *r) {
    PhysNode *x = build(b, r->in[0]);
    if (!x) return NULL;
    if (!r->naggs) return generic(b, PK_OVER_AGGREGATE, r, &x, 1);
    for (int k = 1; b->streaming && k < r->naggs; k++)
        if (!eddy__over_same_window(&r->over[0], &r->over[k]))
            return eddy__err(b->err, EDDY_E_TABLE, "Over Agg: Unsupported use of OVER windows. All aggregates must be "
                                                 "computed on the same window. please re-check the over window "
                                                 "statement."),
                   NULL;
    const Rel *prev = r->in[0];
    for (int from = 0; from < r->naggs;) {
        const OverSpec *os = &r->over[from];
        int to = from + 1;
        while (to < r->naggs && same_cols(os->npartition, os->partition, r->over[to].npartition, r->over[to].partition) &&
               same_cols(os->norder, os->order, r->over[to].norder, r->over[to].order) &&
               (!os->norder || os->desc[0] == r->over[to].desc[0]))
            to++;
        if (!(x = over_stage(b, r, prev, x, from, to))) return NULL;
        prev = x->rel;
        from = to;
    }
    return x;
}

static PhysNode *build(Build *b, const Rel *r) {
    switch (r->kind) {
    case REL_STREAM_SCAN: return build_stream_scan(b, r);
    case REL_TABLE_SCAN: return build_table_scan(b, r);
    case REL_VALUES: {
        PhysNode *v = generic(b, PK_VALUES, r, NULL, 0);
        if (v) v->batch_values = !b->streaming;
        return v;
    }
    case REL_PROJECT:
    case REL_FILTER:
    case REL_CALC: {
        PhysNode *in = build(b, r->in[0]);
        if (!in) return NULL;
        if (r->kind == REL_CALC && r->ncols == 0) {
            /* no column (the input of COUNT(*)): Calcite's dummy 0 AS $f0 */
            Value zero = {.type = eddy__type_basic(TY_INT, false)};
            const Expr *ex = eddy__expr_literal(b->a, &zero);
            const char *name = "$f0";
            return ex ? calc(b, in, 1, &name, &ex, r->cond, r) : NOMEM();
        }
        if (r->kind == REL_CALC) return calc_over(b, in, r);
        /* a Project or Filter the rewrite did not see */
        const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
        if (!ex) return NOMEM();
        for (int i = 0; i < r->ncols; i++)
            ex[i] = r->kind == REL_PROJECT ? r->exprs[i] : eddy__expr_column(b->a, i, r->types[i]);
        return calc(b, in, r->ncols, r->names, ex, r->kind == REL_FILTER ? r->cond : NULL, r);
    }
    case REL_UNION: {
        PhysNode **in = eddy__arena_alloc(b->a, sizeof(PhysNode *) * (size_t)(r->nin + 1));
        if (!in) return NOMEM();
        for (int i = 0; i < r->nin; i++)
            if (!(in[i] = build(b, r->in[i]))) return NULL;
        return generic(b, PK_UNION, r, in, r->nin);
    }
    case REL_CORRELATE: {
        PhysNode *in = build(b, r->in[0]);
        return in ? generic(b, PK_CORRELATE, r, &in, 1) : NULL;
    }
    case REL_AGGREGATE: return build_aggregate(b, r);
    case REL_JOIN: return build_join(b, r);
    case REL_RANK: return build_rank(b, r);
    case REL_SORT: return build_sort(b, r);
    case REL_OVER: return build_over(b, r);
    case REL_WINDOW_TVF: {
        PhysNode *in = build(b, r->in[0]);
        /* SESSION keeps rows per PARTITION BY key: they are routed by it */
        if (in && r->window->kind == WIN_SESSION) in = exchange_keys(b, in, r->ngroup, r->group);
        return in ? generic(b, PK_WINDOW_TABLE_FUNCTION, r, &in, 1) : NULL;
    }
    case REL_MATCH: {
        PhysNode *in = build(b, r->in[0]);
        PhysNode *x = in ? exchange_keys(b, in, r->ngroup, r->group) : NULL;
        return x ? generic(b, PK_MATCH, r, &x, 1) : NULL;
    }
    case REL_SETOP:
        /* the rules rewrite every set operation (rules.c, rules_setop.c) */
        eddy__err(b->err, EDDY_E_UNSUPPORTED, "not supported yet: %s", r->feature ? r->feature : "this set operation");
        return NULL;
    }
    eddy__err(b->err, EDDY_E_INTERNAL, "unknown plan node");
    return NULL;
}

/* ---- sinks ------------------------------------------------------------------------------------- */

/* "[name: STRING, age: INT]" for sink schema messages. */
static void schema_list(Buf *t, int n, const char *const *names, const Type *const *types) {
    eddy__buf_putc(t, '[');
    for (int i = 0; i < n; i++) {
        if (i) eddy__buf_puts(t, ", ");
        eddy__buf_printf(t, "%s: ", names[i]);
        Type plain = *types[i];
        plain.timeattr = TA_NONE;
        eddy__type_print(t, &plain);
    }
    eddy__buf_putc(t, ']');
}

static PhysNode *mismatch(Build *b, const char *sink, const char *cause, const Rel *r, int tn,
                          const char *const *tnames, const Type *const *ttypes) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_printf(&t, "Column types of query result and sink for '%s' do not match.\nCause: %s\n\nQuery schema: ", sink,
                     cause);
    schema_list(&t, r->ncols, r->names, r->types);
    eddy__buf_puts(&t, "\nSink schema:  ");
    schema_list(&t, tn, tnames, ttypes);
    eddy__err(b->err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&t));
    eddy__buf_free(&t);
    return NULL;
}

static PhysNode *sink_node(Build *b, PhysNode *in, PhysSinkKind kind, const char *name, int n, const char *const *names,
                           const Type *const *types, const Expr *const *exprs) {
    PhysNode *s = new_node(b, PK_SINK, n, 1, NULL);
    if (!s) return NULL;
    s->in[0] = in;
    for (int i = 0; i < n; i++) {
        ((const char **)s->names)[i] = names[i];
        ((const Type **)s->types)[i] = types[i];
    }
    s->exprs = exprs;
    s->sink_kind = kind;
    s->sink_name = name;
    return s;
}

/* INSERT INTO: the connector's sink and the query's columns cast to the
 * sink's physical columns (Flink's DynamicSinkUtils checks). */
static PhysNode *table_sink(Build *b, PhysNode *in, const Rel *query, const PhysSinkReq *req) {
    Arena *a = b->a;
    const TableEntry *sink = req->table;
    const InsertSpec *ins = req->ins;
    const Connector *c;
    if (table_connector(&sink->def, true, &c, b->err)) return NULL;
    /* the persisted metadata columns (not VIRTUAL), written after the physical ones */
    int nmw = 0;
    int *mw = eddy__arena_alloc(a, sizeof(int) * (size_t)(sink->nmeta + 1));
    if (!mw) return NOMEM();
    for (int k = 0; k < sink->nmeta; k++)
        if (!sink->meta_virtual[k]) mw[nmw++] = k;
    if (nmw && !c->write_metadata) {
        eddy__err(b->err, EDDY_E_VALIDATION,
                  "Table '%s' declares persistable metadata columns, but the underlying DynamicTableSink doesn't "
                  "implement the SupportsWritingMetadata interface. If the column should not be persisted, it can be "
                  "declared with the VIRTUAL keyword.",
                  sink->def.path);
        return NULL;
    }
    for (int j = 0; j < nmw; j++) {
        int k = mw[j], w = -1;
        for (int i = 0; c->write_metadata[i]; i++)
            if (!strcmp(c->write_metadata[i], sink->meta_keys[k])) w = i;
        if (w < 0) {
            Buf m;
            eddy__buf_init(&m);
            for (int i = 0; c->write_metadata[i]; i++) eddy__buf_printf(&m, "\n%s", c->write_metadata[i]);
            eddy__err(b->err, EDDY_E_VALIDATION,
                      "Invalid metadata key '%s' in column '%s' of table '%s'. The connector '%s' supports the "
                      "following metadata keys for writing:%s",
                      sink->meta_keys[k], sink->meta_names[k], sink->def.path, c->name, eddy__buf_cstr(&m));
            eddy__buf_free(&m);
            return NULL;
        }
        if (sink->meta_types[k]->root != c->write_metadata_roots[w]) {
            eddy__err(b->err, EDDY_E_VALIDATION,
                      "Invalid data type for metadata column '%s' of table '%s'. The column cannot be declared as '%s' "
                      "because the type must be castable to metadata type '%s'.",
                      sink->meta_names[k], sink->def.path, eddy__type_str(a, sink->meta_types[k]),
                      c->write_metadata_types[w]);
            return NULL;
        }
    }
    const char *sink_id = ins->sink_name ? ins->sink_name : sink->def.path;
    if (ins->overwrite && !(c->sink_abilities & CONN_SINK_OVERWRITE)) {
        eddy__err(b->err, EDDY_E_VALIDATION,
                  "INSERT OVERWRITE requires that the underlying DynamicTableSink of table '%s' implements the "
                  "SupportsOverwrite interface.",
                  sink_id);
        return NULL;
    }
    if ((sink->def.npart || ins->nstatic) && !(c->sink_abilities & CONN_SINK_PARTITIONING)) {
        eddy__err(b->err, EDDY_E_VALIDATION,
                  "Table '%s' is a partitioned table, but the underlying DynamicTableSink doesn't implement the "
                  "SupportsPartitioning interface.",
                  sink_id);
        return NULL;
    }
    int np = sink->nphys, ns = np + nmw;
    /* the sink's columns: the physical ones, then the persisted metadata */
    const char **snames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(ns + 1));
    const Type **stypes = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(ns + 1));
    /* the sink columns in the schema's order (the order the query's columns fill them) */
    int *order = eddy__arena_alloc(a, sizeof(int) * (size_t)(ns + 1));
    /* which query column feeds each sink column (-1: NULL, -2 - i: static
     * partition value i) */
    int *src = eddy__arena_alloc(a, sizeof(int) * (size_t)(ns ? ns : 1));
    if (!src || !snames || !stypes || !order) return NOMEM();
    for (int k = 0; k < np; k++) snames[k] = sink->phys_names[k], stypes[k] = sink->phys_types[k];
    for (int j = 0; j < nmw; j++) snames[np + j] = sink->meta_names[mw[j]], stypes[np + j] = sink->meta_types[mw[j]];
    int no = 0, kp = 0, km = 0, jm = 0;
    const ResolvedSchema *rs = sink->def.schema;
    for (int i = 0; i < rs->ncols && no < ns; i++) {
        if (rs->cols[i].kind == COL_PHYSICAL) order[no++] = kp++;
        else if (rs->cols[i].kind == COL_METADATA && !sink->meta_virtual[km++]) order[no++] = np + jm++;
    }
    if (no != ns) return eddy__err(b->err, EDDY_E_INTERNAL, "the sink's columns of table '%s'", sink_id), (PhysNode *)NULL;
    for (int k = 0; k < ns; k++) src[k] = -1;
    for (int i = 0; i < ins->nstatic; i++) {
        int k = -1;
        for (int m = 0; m < np; m++)
            if (!strcmp(sink->phys_names[m], ins->static_names[i])) k = m;
        bool part = false;
        for (int j = 0; j < sink->def.npart && !part; j++) part = !strcmp(sink->def.partition_keys[j], ins->static_names[i]);
        if (k < 0 || !part) {
            eddy__err(b->err, EDDY_E_VALIDATION, "Static partition column '%s' is not a partition key of table '%s'.",
                      ins->static_names[i], sink_id);
            return NULL;
        }
        if (src[k] != -1) {
            eddy__err(b->err, EDDY_E_VALIDATION, "Partition column '%s' is given more than once.", ins->static_names[i]);
            return NULL;
        }
        src[k] = -2 - i;
    }
    int expected = 0;
    if (ins->ncolumns) {
        for (int i = 0; i < ins->ncolumns; i++) {
            int k = -1;
            for (int m = 0; m < ns; m++)
                if (!strcmp(snames[m], ins->columns[i])) k = m;
            if (k < 0) {
                eddy__err(b->err, EDDY_E_VALIDATION, "Unknown target column '%s'", ins->columns[i]);
                return NULL;
            }
            if (src[k] != -1) {
                eddy__err(b->err, EDDY_E_VALIDATION, "Target column '%s' is assigned more than once", ins->columns[i]);
                return NULL;
            }
            src[k] = expected++;
        }
    } else {
        for (int o = 0; o < ns; o++)
            if (src[order[o]] == -1) src[order[o]] = expected++;
    }
    if (query->ncols != expected)
        return mismatch(b, sink_id, "Different number of columns.", query, ns, snames, stypes);
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(ns ? ns : 1));
    if (!ex) return NOMEM();
    for (int k = 0; k < ns; k++) {
        const Type *to = stypes[k];
        if (src[k] <= -2) {
            Expr *x;
            if (eddy__expr_cast(a, (Expr *)ins->static_values[-2 - src[k]], to, false, &x, b->err)) return NULL;
            ex[k] = x;
            continue;
        }
        if (src[k] < 0) {
            if (!to->nullable) {
                eddy__err(b->err, EDDY_E_VALIDATION, "Column '%s' has no default value and does not allow NULLs",
                          snames[k]);
                return NULL;
            }
            if (!(ex[k] = eddy__expr_null(a, to))) return NOMEM();
            continue;
        }
        const Type *from = query->types[src[k]];
        if (!eddy__type_implicit_cast(from, to)) {
            char *cause = eddy__arena_printf(a, "Incompatible types for sink column '%s' at position %d.", snames[k], k);
            return mismatch(b, sink_id, cause ? cause : "", query, ns, snames, stypes);
        }
        Expr *col = eddy__expr_column(a, src[k], eddy__type_with_timeattr(a, from, TA_NONE)), *x;
        if (!col) return NOMEM();
        if (eddy__expr_cast(a, col, to, false, &x, b->err)) return NULL;
        ex[k] = x;
    }
    ConnectorCtx cx = {.a = a,
                       .def = &sink->def,
                       .nphys = np,
                       .phys_names = sink->phys_names,
                       .phys_types = sink->phys_types,
                       .streaming = b->streaming,
                       .tz = b->pe->tz,
                       .overwrite = ins->overwrite};
    if (nmw) {
        const char **keys = eddy__arena_alloc(a, sizeof(char *) * (size_t)nmw);
        if (!keys) return NOMEM();
        for (int j = 0; j < nmw; j++) keys[j] = sink->meta_keys[mw[j]];
        cx.nmeta = nmw;
        cx.meta_keys = keys;
        cx.meta_types = stypes + np;
    }
    SinkSpec *ss = eddy__arena_alloc(a, sizeof *ss);
    if (!ss) return NOMEM();
    if (c->sink(&cx, ss, b->err)) return NULL;
    PhysNode *s = sink_node(b, in, PSINK_TABLE, sink_id, ns, snames, stypes, ex);
    if (!s) return NULL;
    bool as_is = !ins->ncolumns && !ins->nstatic && !nmw;
    for (int k = 0; as_is && k < ns; k++) as_is = src[k] == k && eddy__type_avoids_cast(query->types[k], stypes[k]);
    if (as_is) s->shown_names = query->names;
    s->sink_target_columns = ins->ncolumns > 0;
    s->sink_table = sink;
    s->sink_conn = c;
    s->sink_spec = ss;
    s->accepts = ss->accepts ? ss->accepts : CL_INSERT;
    s->npk = eddy__plan_pk_index(a, sink->def.schema, np, sink->phys_names, &s->pk);
    return s;
}

/* toDataStream and the other bridge sinks: the target type's columns from
 * the query's (by name for structured types when every name matches, else
 * by position), with the implicit casts. */
static PhysNode *stream_sink(Build *b, PhysNode *in, const Rel *r, const PhysSinkReq *req) {
    Arena *a = b->a;
    const StreamSinkSpec *spec = req->stream;
    const Type *t = spec->type;
    if (!t) {
        const Type **plain = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(r->ncols + 1));
        if (!plain) return NOMEM();
        for (int i = 0; i < r->ncols; i++) plain[i] = eddy__type_with_timeattr(a, r->types[i], TA_NONE);
        if (!(t = eddy__type_row(a, r->ncols, r->names, plain, false))) return NOMEM();
    }
    int tn = eddy__type_column_count(t);
    const char **tnames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(tn + 1));
    const Type **ttypes = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(tn + 1));
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(tn + 1));
    int *src = eddy__arena_alloc(a, sizeof(int) * (size_t)(tn + 1));
    if (!tnames || !ttypes || !ex || !src) return NOMEM();
    for (int i = 0; i < tn; i++) {
        tnames[i] = eddy__type_column_name(t, i);
        ttypes[i] = eddy__type_column_type(t, i);
    }
    bool by_name = eddy__type_is_composite(t) && t->root == TY_STRUCTURED;
    for (int i = 0; i < tn && by_name; i++) {
        src[i] = -1;
        for (int k = 0; k < r->ncols; k++)
            if (strcmp(r->names[k], tnames[i]) == 0) src[i] = k;
        if (src[i] < 0) by_name = false;
    }
    const char *name = spec->name;
    if (!by_name) {
        if (tn != r->ncols) return mismatch(b, name, "Different number of columns.", r, tn, tnames, ttypes);
        for (int i = 0; i < tn; i++) src[i] = i;
    }
    for (int i = 0; i < tn; i++) {
        const Type *from = r->types[src[i]];
        if (!eddy__type_implicit_cast(from, ttypes[i])) {
            char *cause = eddy__arena_printf(a, "Incompatible types for sink column '%s' at position %d.", tnames[i], i);
            return mismatch(b, name, cause ? cause : "", r, tn, tnames, ttypes);
        }
        Expr *c = eddy__expr_column(a, src[i], eddy__type_with_timeattr(a, from, TA_NONE)), *x;
        if (!c) return NOMEM();
        if (eddy__expr_cast(a, c, ttypes[i], false, &x, b->err)) return NULL;
        ex[i] = x;
    }
    static const PhysSinkKind kinds[] = {PSINK_DATASTREAM, PSINK_APPEND, PSINK_RETRACT, PSINK_CHANGELOG};
    PhysNode *s = sink_node(b, in, kinds[spec->kind], name, tn, tnames, ttypes, ex);
    if (!s) return NULL;
    s->sink_type = t;
    s->rowtime = eddy__rel_rowtime(r);
    s->ts_only = -1;
    if (spec->kind == SSINK_CHANGELOG && spec->no_rowtime) s->rowtime = -1;
    if (spec->kind == SSINK_CHANGELOG && spec->has_meta_rowtime) {
        s->rowtime = src[spec->meta_rowtime];
        s->ts_only = spec->meta_rowtime;
    }
    s->accepts = spec->kind == SSINK_CHANGELOG   ? spec->accepts
                 : spec->kind == SSINK_RETRACT_STREAM ? CL_ALL
                                                  : CL_INSERT;
    s->npk = spec->npk;
    s->pk = spec->pk;
    return s;
}

/* Whether the plan needs mini-batch assigners: an updating aggregate. */
static bool has_group_agg(const Rel *r) {
    if (r->kind == REL_AGGREGATE && !r->window && !(r->feature && !strncmp(r->feature, "window aggregations", 19)))
        return true;
    for (int i = 0; i < r->nin; i++)
        if (has_group_agg(r->in[i])) return true;
    return false;
}

int64_t eddy__phys_duration_ms(const char *s) {
    while (*s == ' ') s++;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || v < 0) return -1;
    while (*end == ' ') end++;
    static const struct {
        const char *unit;
        int64_t ms;
    } units[] = {{"", 1},          {"ms", 1},        {"milli", 1},       {"millis", 1},   {"millisecond", 1},
                 {"milliseconds", 1}, {"s", 1000},   {"sec", 1000},      {"secs", 1000},  {"second", 1000},
                 {"seconds", 1000}, {"min", 60000},  {"m", 60000},       {"mins", 60000}, {"minute", 60000},
                 {"minutes", 60000}, {"h", 3600000}, {"hour", 3600000},  {"hours", 3600000}, {"d", 86400000},
                 {"day", 86400000}, {"days", 86400000}};
    for (size_t i = 0; i < ED_ARRAY_LEN(units); i++)
        if (eddy__str_ieq(end, units[i].unit)) return (int64_t)v * units[i].ms;
    return -1;
}

eddy_status eddy__phys_build(const PlanEnv *pe, const Rel *r, const PhysSinkReq *sink, PhysNode **out, EdErr *err) {
    Build b = {pe, pe->a, err, pe->streaming, false, 0};
    if (b.streaming && option_true(&b, "table.exec.mini-batch.enabled")) {
        /* Flink's checks, on every streaming plan */
        int64_t ms = eddy__phys_duration_ms(eddy__phys_option(pe, "table.exec.mini-batch.allow-latency", "0 ms"));
        if (ms <= 0) return eddy__err(err, EDDY_E_VALIDATION, "MiniBatch Latency must be greater than 0 ms.");
        const char *size = eddy__phys_option(pe, "table.exec.mini-batch.size", "-1");
        if (atoll(size) <= 0)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Key: 'table.exec.mini-batch.size' , default: -1 (fallback keys: []) must be > 0.");
        /* the assigners go above the scans of plans with an updating aggregate */
        b.minibatch = has_group_agg(r);
        b.mb_interval = ms;
    }
    /* the logical rewrite; sinks map the query's columns as it names them */
    const Rel *rw;
    eddy_status rc = eddy__plan_rewrite(pe, r, eddy__plan_rule_phases, eddy__plan_nphases, &rw, err);
    if (rc) return rc;
    PhysNode *p = build(&b, rw);
    if (p && sink) {
        switch (sink->kind) {
        case PSINK_TABLE: p = table_sink(&b, p, r, sink); break;
        case PSINK_COLLECT:
            /* the query's names (a split aggregate's columns are $f1, ...) */
            p = sink_node(&b, p, PSINK_COLLECT, sink->name ? sink->name : "*anonymous_collect$1*", p->ncols,
                          r->ncols == p->ncols ? r->names : p->names, p->types, NULL);
            if (p) p->accepts = CL_ALL;
            break;
        default: p = stream_sink(&b, p, r, sink); break;
        }
    }
    if (!p) return eddy__err_is_set(err) ? err->code : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    *out = p;
    return EDDY_OK;
}

/* ---- the whole pipeline ------------------------------------------------------------------------- */

eddy_status eddy__phys_plan(const PlanEnv *pe, const Rel *r, const PhysSinkReq *sink, const PhysNode **out,
                            EdErr *err) {
    PhysNode *root;
    eddy_status rc = eddy__phys_build(pe, r, sink, &root, err);
    if (rc) return rc;
    if (!pe->streaming) {
        /* batch operators consume whole inputs and emit final rows */
        *out = root;
        return EDDY_OK;
    }
    return eddy__phys_infer_changelog(pe, root, false, out, err);
}
