/*
 * translate.c -- physical plan -> stream graph, through the registry of
 * translate functions (phys_kinds.h names one per kind, or none): the
 * check that every node has an operator ("not supported yet: <feature>"),
 * the bottom-up driver, helpers for translate functions, and the translate
 * functions of the operators eddy runs today: scans (a DataStream's
 * SourceConversion, a connector's source and conversion Calc), VALUES,
 * Calc, Correlate, Union, Exchange (an edge: hash, global, broadcast),
 * WatermarkAssigner, Sort / SortLimit / Limit on one global subtask, and
 * the sinks (INSERT, toDataStream and the other bridge sinks, collect).
 *
 * A scan's conversion Calc stays open while it passes its input through:
 * the Calc above it and then the watermark assigner merge into it, so a
 * scan with computed columns, a watermark and a filter runs as two Calcs
 * at most, as it did before the physical layer.
 */
#include "plan/phys.h"
#include "runtime/ops/ops.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

const PhysNodeKindInfo eddy__phys_kinds[PK__COUNT] = {
#define PHYS_KIND(k, name, feature) [k] = {name, feature, NULL},
#define PHYS_OP(k, name, feature, fn) [k] = {name, feature, fn},
#include "plan/phys_kinds.h"
#undef PHYS_KIND
#undef PHYS_OP
};


/* ---- the check ------------------------------------------------------------------------------- */

/* Where a subquery the logical rewrite (rules_subquery.c) leaves is:
 * NULL when the node holds none. */
static const char *exprs_have_subquery(const PhysNode *n) {
    if (n->kind == PK_CALC) {
        if (eddy__expr_has_subquery(n->cond)) return "subqueries";
        for (int i = 0; i < n->ncols; i++)
            if (eddy__expr_has_subquery(n->exprs[i])) return "subqueries";
    }
    if (n->kind == PK_CORRELATE && n->rel && eddy__rel_has_subquery(n->rel))
        return "subqueries in table function arguments";
    return NULL;
}

/* The first node (pre-order) without an operator; rel_only: among the
 * nodes made from Rels. */
static const PhysNode *missing(const PhysNode *n, bool rel_only, const char **feature) {
    bool counts = !rel_only || n->rel;
    const char *sq = counts ? exprs_have_subquery(n) : NULL;
    if (sq) {
        *feature = sq;
        return n;
    }
    if (counts && !eddy__phys_kinds[n->kind].translate) {
        *feature = n->feature ? n->feature : eddy__phys_kinds[n->kind].feature;
        return n;
    }
    for (int i = 0; i < n->nin; i++) {
        const PhysNode *m = missing(n->in[i], rel_only, feature);
        if (m) return m;
    }
    return NULL;
}

eddy_status eddy__phys_check(const PhysNode *root, EdErr *err) {
    const char *feature = NULL;
    if (missing(root, true, &feature) || missing(root, false, &feature))
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s", feature);
    return EDDY_OK;
}

/* ---- the driver --------------------------------------------------------------------------------- */

static eddy_status translate_node(TranslateCtx *cx, const PhysNode *p, TransOut *out, EdErr *err);

/* A node's output: translated once per subtree EXPLAIN prints as reused
 * (reuse.c), then handed to each of its consumers. */
static eddy_status translate(TranslateCtx *cx, const PhysNode *p, TransOut *out, EdErr *err) {
    int shared;
    bool done;
    eddy_status rc = eddy__reuse_subplan_find(cx, p, &shared, out, &done, err);
    if (rc || done) return rc;
    if ((rc = translate_node(cx, p, out, err))) return rc;
    if (shared >= 0) eddy__reuse_subplan_add(cx, shared, out);
    return EDDY_OK;
}

static eddy_status translate_node(TranslateCtx *cx, const PhysNode *p, TransOut *out, EdErr *err) {
    TransOut stack_in[4];
    TransOut *in = p->nin <= 4 ? stack_in : eddy__arena_alloc(cx->a, sizeof(TransOut) * (size_t)p->nin);
    if (!in) return NOMEM();
    for (int i = 0; i < p->nin; i++) {
        eddy_status rc = translate(cx, p->in[i], &in[i], err);
        if (rc) return rc;
    }
    PhysTranslateFn *fn = eddy__phys_kinds[p->kind].translate;
    if (!fn) return eddy__phys_check(p, err);
    *out = (TransOut){0};
    return fn(cx, p, in, out, err);
}

eddy_status eddy__phys_translate(const PlanEnv *pe, const Rel *root_rel, const PhysNode *root, StreamNode **out,
                                 EdErr *err) {
    TranslateCtx cx = {pe, pe->a, root_rel, eddy__reuse_source_enabled(pe), NULL, 0, NULL, NULL};
    TransOut o;
    eddy_status rc = eddy__reuse_subplans(&cx, root, err);
    if (!rc) rc = translate(&cx, root, &o, err);
    if (rc) return rc;
    *out = o.node;
    return EDDY_OK;
}

/* ---- helpers ---------------------------------------------------------------------------------- */

const Type *eddy__translate_row_type(TranslateCtx *cx, const PhysNode *p) {
    const Type **plain = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(p->ncols + 1));
    if (!plain) return NULL;
    for (int i = 0; i < p->ncols; i++) plain[i] = eddy__type_with_timeattr(cx->a, p->types[i], TA_NONE);
    return eddy__type_row(cx->a, p->ncols, p->names, plain, false);
}

StreamNode *eddy__translate_node(TranslateCtx *cx, const PhysNode *p, NodeKind kind, const char *name,
                                 const OpVtab *vt, const void *plan, int nin) {
    const Type *t = eddy__translate_row_type(cx, p);
    return t ? eddy__node_new(cx->a, kind, name, vt, plan, t, nin) : NULL;
}

void eddy__translate_connect(StreamNode *dst, int i, const TransOut *in) {
    dst->in[i] = (StreamInput){in->node, in->part, in->key, i};
}

const KeySpec *eddy__translate_key(TranslateCtx *cx, const PhysNode *in, int nkeys, const int *cols) {
    KeySpec *k = eddy__arena_alloc(cx->a, sizeof *k);
    const Type **types = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(nkeys + 1));
    if (!k || !types) return NULL;
    for (int i = 0; i < nkeys; i++) types[i] = eddy__type_with_timeattr(cx->a, in->types[cols[i]], TA_NONE);
    *k = (KeySpec){.nkeys = nkeys, .cols = cols, .types = types};
    return k;
}

static CalcPlan *calc_plan(TranslateCtx *cx) {
    CalcPlan *cp = eddy__arena_alloc(cx->a, sizeof *cp);
    if (!cp) return NULL;
    cp->tz = cx->pe->tz;
    cp->ts_col = -1;
    cp->rowtime_out = -1;
    return cp;
}

/* Column references 0..n-1 of the node's columns. */
static const Expr **identity(TranslateCtx *cx, const PhysNode *p) {
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(p->ncols + 1));
    for (int i = 0; ex && i < p->ncols; i++)
        if (!(ex[i] = eddy__expr_column(cx->a, i, eddy__type_with_timeattr(cx->a, p->types[i], TA_NONE)))) return NULL;
    return ex;
}

static StreamNode *calc_node(TranslateCtx *cx, const PhysNode *p, const TransOut *in, CalcPlan *cp, const char *name) {
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, name, &eddy__op_calc, cp, 1);
    if (n) eddy__translate_connect(n, 0, in);
    return n;
}

/* ---- scans and VALUES ------------------------------------------------------------------------ */

/* DataStreamScan: the stream's SourceConversion (insert-only input, the record
 * timestamp as a column, upstream watermarks per SOURCE_WATERMARK()), open. */
eddy_status eddy__translate_stream_scan(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    (void)in;
    CalcPlan *cp = calc_plan(cx);
    const Expr **ex = identity(cx, p);
    if (!cp || !ex) return NOMEM();
    cp->nexprs = p->ncols;
    cp->exprs = ex;
    cp->insert_only_input = p->stream_changelog == CL_INSERT;
    cp->ts_col = p->uses_ts ? p->stream->ncols : -1;
    cp->source_watermark = p->source_watermark;
    cp->drop_upstream_watermarks = !p->source_watermark;
    cp->skip_null_records = !eddy__type_is_composite(p->stream->type) && p->stream->ncols == 1;
    TransOut src = {p->stream, PART_DEFAULT, NULL, NULL, false};
    StreamNode *n = calc_node(cx, p, &src, cp, "SourceConversion");
    if (!n) return NOMEM();
    *out = (TransOut){n, PART_DEFAULT, NULL, cp, true};
    return EDDY_OK;
}

/* TableSourceScan: the connector's source node and its conversion Calc, open. */
eddy_status eddy__translate_table_scan(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                       EdErr *err) {
    (void)in;
    const TableEntry *t = p->table;
    const SourceSpec *ss = p->source;
    if (!cx->pe->streaming && !ss->bounded)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Querying an unbounded table '%s' in batch mode is not allowed. The table source is unbounded.",
                         t->def.path);
    Arena *a = cx->a;
    int nsrc = t->nphys + t->nmeta;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nsrc + 1));
    const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nsrc + 1));
    if (!names || !types) return NOMEM();
    for (int k = 0; k < t->nphys; k++) {
        names[k] = t->phys_names[k];
        types[k] = t->phys_types[k];
    }
    for (int k = 0; k < t->nmeta; k++) {
        names[t->nphys + k] = eddy__arena_printf(a, "$meta%d", k);
        types[t->nphys + k] = t->meta_types[k];
    }
    StreamNode *src = eddy__reuse_source_find(cx, t);
    if (!src) {
        src = eddy__node_new(a, NODE_SOURCE, ss->name ? ss->name : "TableSourceScan", ss->vt, ss->plan,
                             eddy__type_row(a, nsrc, names, types, false), 0);
        if (!src || !eddy__reuse_source_add(cx, t, src)) return NOMEM();
        src->parallelism = ss->parallelism;
        src->fixed_parallelism = ss->parallelism == 1;
        src->bounded = ss->bounded;
    }
    CalcPlan *cp = calc_plan(cx);
    const Expr **ex = identity(cx, p);
    if (!cp || !ex) return NOMEM();
    cp->nexprs = p->ncols;
    cp->exprs = ex;
    cp->drop_upstream_watermarks = true;
    TransOut s = {src, PART_DEFAULT, NULL, NULL, false};
    StreamNode *n = calc_node(cx, p, &s, cp, "Calc");
    if (!n) return NOMEM();
    n->parallelism = ss->parallelism;
    *out = (TransOut){n, PART_DEFAULT, NULL, cp, true};
    return EDDY_OK;
}

/* Values: the rows of the Rel, one batch. */
eddy_status eddy__translate_values(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    (void)in;
    ValuesPlan *vp = eddy__arena_alloc(cx->a, sizeof *vp);
    Batch **bs = eddy__arena_alloc(cx->a, sizeof(Batch *));
    if (!vp || !bs) return NOMEM();
    bs[0] = p->rel->values; /* owned by the arena that owns the Rel */
    vp->nbatches = p->rel->nrows > 0 ? 1 : 0;
    vp->batches = bs;
    StreamNode *n = eddy__translate_node(cx, p, NODE_SOURCE, "Values", &eddy__op_values, vp, 0);
    if (!n) return NOMEM();
    n->fixed_parallelism = true;
    n->bounded = true;
    out->node = n;
    return EDDY_OK;
}

/* ---- stateless operators ------------------------------------------------------------------------ */

/* Calc: merged into an open scan conversion, else a Calc node. */
eddy_status eddy__translate_calc(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    CalcPlan *open = in[0].open;
    if (open && in[0].open_identity && !open->watermark && in[0].part == PART_DEFAULT) {
        /* the scan's conversion computes this Calc too */
        const Type *t = eddy__translate_row_type(cx, p);
        if (!t) return NOMEM();
        open->filter = p->cond;
        open->nexprs = p->ncols;
        open->exprs = p->exprs;
        eddy__node_set_type(cx->a, in[0].node, t);
        *out = in[0];
        out->open_identity = false;
        return EDDY_OK;
    }
    CalcPlan *cp = calc_plan(cx);
    if (!cp) return NOMEM();
    cp->filter = p->cond;
    cp->nexprs = p->ncols;
    cp->exprs = p->exprs;
    if (!(out->node = calc_node(cx, p, &in[0], cp, "Calc"))) return NOMEM();
    return EDDY_OK;
}

/* WatermarkAssigner: generated by the open scan conversion, else an identity Calc. */
eddy_status eddy__translate_watermark_assigner(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                               EdErr *err) {
    CalcPlan *open = in[0].open;
    int64_t idle_ms = eddy__phys_duration_ms(eddy__phys_option(cx->pe, "table.exec.source.idle-timeout", "0 ms"));
    if (open && !open->watermark && !open->filter) {
        /* generated in the scan's conversion, over its output columns */
        open->watermark = p->watermark;
        open->idle_timeout_ms = idle_ms;
        open->drop_upstream_watermarks = true;
        *out = in[0];
        out->open = NULL;
        return EDDY_OK;
    }
    CalcPlan *cp = calc_plan(cx);
    const Expr **ex = identity(cx, p);
    if (!cp || !ex) return NOMEM();
    cp->nexprs = p->ncols;
    cp->exprs = ex;
    cp->watermark = p->watermark;
    cp->idle_timeout_ms = idle_ms;
    cp->drop_upstream_watermarks = true;
    if (!(out->node = calc_node(cx, p, &in[0], cp, "WatermarkAssigner"))) return NOMEM();
    return EDDY_OK;
}

/* Correlate: LATERAL TABLE / UNNEST. */
eddy_status eddy__translate_correlate(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                      EdErr *err) {
    const Rel *r = p->rel, *rin = r->in[0];
    const TableFunc *tf = r->tfunc;
    CorrelatePlan *cp = eddy__arena_alloc(cx->a, sizeof *cp);
    if (!cp) return NOMEM();
    *cp = (CorrelatePlan){.nin = rin->ncols,
                          .nargs = r->nargs,
                          .args = r->exprs,
                          .tz = cx->pe->tz,
                          .outer = r->join == JOIN_LEFT,
                          .ordinality = r->ordinality};
    if (tf) {
        cp->fn = tf->eval;
        cp->ctx = tf->ctx;
        cp->fn_name = tf->name;
        cp->args_row = tf->args_row;
        cp->fn_row = tf->row;
        cp->nfn = tf->ncols;
        cp->fn_types = tf->types;
    }
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "Correlate", &eddy__op_correlate, cp, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    out->node = n;
    return EDDY_OK;
}

/* Union: a virtual union node over the inputs. */
eddy_status eddy__translate_union(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    StreamNode *u = eddy__translate_node(cx, p, NODE_UNION, "Union", NULL, NULL, p->nin);
    if (!u) return NOMEM();
    for (int i = 0; i < p->nin; i++) eddy__translate_connect(u, i, &in[i]);
    out->node = u;
    return EDDY_OK;
}

/* Exchange: no node, the partitioning of the consumer's input edge. */
eddy_status eddy__translate_exchange(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                     EdErr *err) {
    *out = (TransOut){in[0].node, PART_DEFAULT, NULL, NULL, false};
    if (p->dist == DIST_HASH) {
        out->part = PART_HASH;
        if (!(out->key = eddy__translate_key(cx, p->in[0], p->nkeys, p->keys))) return NOMEM();
    } else {
        out->part = p->dist == DIST_SINGLE ? PART_GLOBAL : PART_BROADCAST;
    }
    return EDDY_OK;
}

/* ORDER BY / LIMIT / OFFSET on one global subtask. */
eddy_status eddy__translate_sort(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    SortPlan *sp = eddy__arena_alloc(cx->a, sizeof *sp);
    if (!sp) return NOMEM();
    *sp = (SortPlan){p->norder, p->order, p->desc, p->nulls_first, p->offset, p->fetch};
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, p->norder ? "SortLimit" : "Limit", &eddy__op_sort, sp, 1);
    if (!n) return NOMEM();
    /* rows pass through unchanged: the input's layout (a local aggregate's
     * own, hash_agg.c, whose column types differ from its plan's even where
     * their counts agree) */
    eddy__node_set_type(cx->a, n, in[0].node->type);
    eddy__translate_connect(n, 0, &in[0]);
    n->parallelism = 1;
    n->fixed_parallelism = true;
    out->node = n;
    return EDDY_OK;
}

/* A streaming Sort, ORDER BY without LIMIT not led by an ascending time
 * attribute: planned (EXPLAIN prints it), refused when the job is built, with
 * Flink's TableException (its operator runs only under a testing option). */
eddy_status eddy__translate_stream_sort(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    (void)cx, (void)p, (void)in, (void)out;
    return eddy__err(err, EDDY_E_TABLE, "Sort on a non-time-attribute field is not supported.");
}

/* ---- sinks ----------------------------------------------------------------------------------------- */

/* toDataStream & co: the conversion to the target type, the rowtime into
 * the record timestamp (read from the query's own column, which the target
 * may drop: then in a hidden column a second Calc removes). */
static eddy_status stream_sink(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    Arena *a = cx->a;
    const Type *t = p->sink_type;
    int tn = p->ncols;
    CalcPlan *cp = calc_plan(cx);
    if (!cp) return NOMEM();
    cp->nexprs = tn;
    cp->exprs = p->exprs;
    int rt = p->rowtime;
    if (p->ts_only >= 0) {
        cp->rowtime_out = p->ts_only;
    } else if (rt >= 0) {
        int pos = -1;
        for (int i = 0; i < tn; i++) {
            const Expr *e = p->exprs[i];
            while (e->kind == EX_CAST) e = e->args[0];
            if (e->kind == EX_COLUMN && e->index == rt) pos = i;
        }
        if (pos < 0) {
            const Expr **ex2 = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(tn + 1));
            if (!ex2) return NOMEM();
            memcpy(ex2, p->exprs, sizeof(Expr *) * (size_t)tn);
            ex2[tn] = eddy__expr_column(a, rt, eddy__type_with_timeattr(a, p->in[0]->types[rt], TA_NONE));
            if (!ex2[tn]) return NOMEM();
            cp->exprs = ex2;
            cp->nexprs = tn + 1;
            pos = tn;
        }
        cp->rowtime_out = pos;
    } else {
        cp->drop_timestamps = true;
    }
    StreamNode *n = eddy__node_new(a, NODE_OPERATOR, "SinkConversion", &eddy__op_calc, cp, t, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    /* a column that only feeds the record timestamp: a hidden trailing one, or the
     * schema's rowtime metadata column; a trailing projection drops it */
    int drop = cp->nexprs > tn ? tn : p->ts_only;
    if (drop >= 0) {
        int nn = cp->nexprs, nk = nn - 1;
        CalcPlan *dp = calc_plan(cx);
        const Expr **dx = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(nk + 1));
        const char **wn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nn + 1));
        const Type **wt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nn + 1));
        const char **kn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nk + 1));
        const Type **kt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nk + 1));
        if (!dp || !dx || !wn || !wt || !kn || !kt) return NOMEM();
        for (int i = 0; i < tn; i++) {
            wn[i] = p->names[i];
            wt[i] = p->types[i];
        }
        if (nn > tn) {
            wn[tn] = "$rowtime";
            wt[tn] = eddy__type_with_timeattr(a, p->in[0]->types[rt], TA_NONE);
        }
        for (int i = 0, k = 0; i < nn; i++) {
            if (i == drop) continue;
            if (!(dx[k] = eddy__expr_column(a, i, wt[i]))) return NOMEM();
            kn[k] = wn[i];
            kt[k] = wt[i];
            k++;
        }
        dp->nexprs = nk;
        dp->exprs = dx;
        if (nn > tn) eddy__node_set_type(a, n, eddy__type_row(a, nn, wn, wt, false));
        const Type *final = nn > tn ? t : eddy__type_row(a, nk, kn, kt, false);
        if (!final) return NOMEM();
        StreamNode *d = eddy__node_new(a, NODE_OPERATOR, "SinkConversion", &eddy__op_calc, dp, final, 1);
        if (!d) return NOMEM();
        d->in[0] = (StreamInput){n, PART_DEFAULT, NULL, 0};
        n = d;
    }
    out->node = n;
    return EDDY_OK;
}

/* Sink: the connector's sink behind the conversion Calc (INSERT), the
 * conversion of the bridge's sinks, or the query's own node (collect). */
eddy_status eddy__translate_sink(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    switch (p->sink_kind) {
    case PSINK_COLLECT: {
        /* the client's collect sink goes on the query's node, named as the query names its columns */
        *out = in[0];
        const Rel *r = cx->root_rel;
        StreamNode *n = out->node;
        bool renamed = r && n->ncols == r->ncols;
        for (int i = 0; renamed && i < r->ncols; i++) renamed = strcmp(eddy__type_column_name(n->type, i), r->names[i]) != 0;
        if (renamed) {
            const Type **plain = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(r->ncols + 1));
            if (!plain) return NOMEM();
            for (int i = 0; i < r->ncols; i++) plain[i] = n->col_types[i];
            const Type *t = eddy__type_row(cx->a, r->ncols, r->names, plain, false);
            if (!t) return NOMEM();
            eddy__node_set_type(cx->a, n, t);
        }
        return EDDY_OK;
    }
    case PSINK_TABLE: {
        CalcPlan *cp = calc_plan(cx);
        if (!cp) return NOMEM();
        cp->nexprs = p->ncols;
        cp->exprs = p->exprs;
        StreamNode *conv = eddy__translate_node(cx, p, NODE_OPERATOR, "SinkConversion", &eddy__op_calc, cp, 1);
        if (!conv) return NOMEM();
        eddy__translate_connect(conv, 0, &in[0]);
        const SinkSpec *ss = p->sink_spec;
        StreamNode *sn = eddy__translate_node(cx, p, NODE_SINK, ss->name ? ss->name : "Sink", ss->vt, ss->plan, 1);
        if (!sn) return NOMEM();
        sn->in[0] = (StreamInput){conv, PART_DEFAULT, NULL, 0};
        sn->parallelism = ss->parallelism;
        out->node = sn;
        return EDDY_OK;
    }
    default: return stream_sink(cx, p, in, out, err);
    }
}
