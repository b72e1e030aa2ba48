/*
 * translate_over.c -- the translate function of OverAggregate: the
 * operator's mode (rowtime or proctime in STREAMING mode, the sort-based
 * operator in BATCH mode), each aggregate call resolved once into an AggFn
 * with its frame, and the streaming restrictions with Flink's messages
 * (one window per OverAggregate, ordered ascending by one time attribute,
 * frames ending at the current row).
 */
#include "plan/phys.h"
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/over_agg.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* The frame of spec os: Flink's default without a frame clause is RANGE
 * UNBOUNDED PRECEDING .. CURRENT ROW with an ORDER BY, the whole partition
 * without one. */
static OverFrame frame_of(const OverSpec *os) {
    if (!os->frame) return (OverFrame){.rows = false, .lower = -1, .upper = os->norder ? 0 : -1};
    return (OverFrame){.rows = os->frame == 1, .lower = os->lower, .upper = os->upper};
}

static bool same_keys(int n, const int *a, const int *b) {
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) return false;
    return true;
}

bool eddy__over_same_window(const OverSpec *a, const OverSpec *b) {
    return a->npartition == b->npartition && a->norder == b->norder && a->frame == b->frame && a->lower == b->lower &&
           a->upper == b->upper && same_keys(a->npartition, a->partition, b->partition) &&
           same_keys(a->norder, a->order, b->order) && (!a->norder || a->desc[0] == b->desc[0]);
}

/* STREAMING: the checks Flink's StreamExecOverAggregate makes, and the mode. */
static eddy_status streaming_mode(const PhysNode *p, OverMode *mode, EdErr *err) {
    const Rel *r = p->rel;
    const OverSpec *os = &r->over[0];
    if (os->norder != 1) return eddy__err(err, EDDY_E_TABLE, "The window can only be ordered by a single time column.");
    if (os->desc[0]) return eddy__err(err, EDDY_E_TABLE, "The window can only be ordered in ASCENDING mode.");
    const Type *t = r->in[0]->types[os->order[0]]; /* the Rel keeps the time attributes */
    if (t->timeattr == TA_ROWTIME) *mode = OVER_ROWTIME;
    else if (t->timeattr == TA_PROCTIME) *mode = OVER_PROCTIME;
    else
        return eddy__err(err, EDDY_E_TABLE, "OVER windows' ordering in stream mode must be defined on a time attribute.");
    OverFrame f = frame_of(os);
    if (f.upper != 0) return eddy__err(err, EDDY_E_TABLE, "OVER RANGE FOLLOWING windows are not supported yet.");
    return EDDY_OK;
}

/* The window function the operator computes itself, by name. */
static OverSpecial special_of(const char *fn) {
    static const struct {
        const char *name;
        OverSpecial sp;
    } fns[] = {{"ROW_NUMBER", OVER_ROW_NUMBER}, {"RANK", OVER_RANK},          {"DENSE_RANK", OVER_DENSE_RANK},
               {"PERCENT_RANK", OVER_PERCENT_RANK}, {"CUME_DIST", OVER_CUME_DIST}, {"NTILE", OVER_NTILE},
               {"LAG", OVER_LAG},               {"LEAD", OVER_LEAD}};
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (!strcmp(fn, fns[i].name)) return fns[i].sp;
    return OVER_AGG;
}

eddy_status eddy__translate_over_aggregate(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                           EdErr *err) {
    Arena *a = cx->a;
    const Rel *r = p->rel;
    const PhysNode *inp = p->in[0];
    if (!r || r->kind != REL_OVER || r->naggs < 1)
        return eddy__err(err, EDDY_E_INTERNAL, "an OverAggregate without its aggregate calls");
    const OverSpec *os = &r->over[0];
    OverMode mode = OVER_BATCH;
    if (cx->pe->streaming) {
        eddy_status rc = streaming_mode(p, &mode, err);
        if (rc) return rc;
    } else {
        for (int k = 1; k < r->naggs; k++) {
            const OverSpec *o = &r->over[k];
            if (o->npartition != os->npartition || o->norder != os->norder ||
                !same_keys(os->npartition, os->partition, o->partition) || !same_keys(os->norder, os->order, o->order))
                return eddy__err(err, EDDY_E_UNSUPPORTED,
                                 "not supported yet: OVER windows of one query with different PARTITION BY or ORDER BY");
        }
    }
    OverPlan *op = eddy__arena_alloc(a, sizeof *op);
    OverCall *calls = eddy__arena_alloc(a, sizeof(OverCall) * (size_t)r->naggs);
    const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(inp->ncols + 1));
    if (!op || !calls || !types) return NOMEM();
    for (int i = 0; i < inp->ncols; i++) types[i] = in[0].node->col_types[i];
    uint32_t off = 0;
    bool unbounded = true;
    for (int k = 0; k < r->naggs; k++) {
        const AggCall *ac = &r->aggs[k];
        const OverSpec *o = &r->over[k];
        if (ac->nargs > 16) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: aggregates of more than 16 arguments");
        OverSpecial sp = special_of(ac->fn);
        if (sp != OVER_AGG) {
            if (mode != OVER_BATCH && (sp == OVER_PERCENT_RANK || sp == OVER_CUME_DIST || sp == OVER_NTILE))
                return eddy__err(err, EDDY_E_TABLE, "%s Function is not supported in stream mode.", ac->fn);
            if (mode != OVER_BATCH && (sp == OVER_LAG || sp == OVER_LEAD))
                return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s in STREAMING OVER aggregations", ac->fn);
            off = (off + 7u) & ~7u;
            calls[k] = (OverCall){sp, NULL, ac->nargs, ac->args, off, frame_of(o)};
            off += 32; /* over_agg.c's RankRec */
            continue;
        }
        const Type **args = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(ac->nargs + 1));
        if (!args) return NOMEM();
        for (int i = 0; i < ac->nargs; i++) args[i] = eddy__type_with_timeattr(a, inp->types[ac->args[i]], TA_NONE);
        AggSpec spec = {.name = ac->fn,
                        .nargs = ac->nargs,
                        .args = args,
                        .star = ac->star,
                        .distinct = ac->distinct,
                        .nulls = ac->nulls == 1 ? AGG_NULLS_RESPECT : ac->nulls == 2 ? AGG_NULLS_IGNORE : AGG_NULLS_DEFAULT,
                        .user = ac->user,
                        .expect = ac->type};
        const AggFn *fn;
        eddy_status rc = eddy__agg_resolve(a, &spec, &fn, err);
        if (rc) return rc;
        if (fn->nviews || (fn->flags & AGG_ORDERED) || ac->distinct)
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s%s in OVER aggregations", fn->name,
                             ac->distinct ? " with DISTINCT" : "");
        uint32_t al = fn->acc_align ? fn->acc_align : 8;
        off = (off + al - 1) & ~(al - 1);
        calls[k] = (OverCall){OVER_AGG, fn, ac->nargs, ac->args, off, frame_of(o)};
        off += fn->acc_size;
        if (calls[k].frame.lower >= 0) unbounded = false;
    }
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(inp->ncols + 1));
    if (!names) return NOMEM();
    for (int i = 0; i < inp->ncols; i++) names[i] = inp->names[i];
    const Type *key_type = ops_key_type(cx, inp, os->npartition, os->partition);
    const Type *row_type = eddy__type_row(a, inp->ncols, names, types, false);
    if (!key_type || !row_type) return NOMEM();
    OverFrame f0 = calls[0].frame;
    *op = (OverPlan){.mode = mode,
                     .nin = inp->ncols,
                     .in_types = types,
                     .npart = os->npartition,
                     .part = os->partition,
                     .order = os->norder ? os->order[0] : -1,
                     .desc = os->norder && os->desc[0],
                     .norder = os->norder,
                     .orders = os->order,
                     .key_type = key_type,
                     .row_type = row_type,
                     .ncalls = r->naggs,
                     .calls = calls,
                     .rec_size = (off + 15u) & ~15u,
                     .unbounded = unbounded,
                     .keep = f0.lower};
    if (op->rec_size == 0) op->rec_size = 16;
    if (mode == OVER_BATCH) {
        StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "OverAggregate", &eddy__op_over_agg, op, 1);
        if (!n) return NOMEM();
        eddy__translate_connect(n, 0, &in[0]);
        /* the sorted input is one stream */
        n->parallelism = in[0].node->parallelism;
        n->fixed_parallelism = in[0].node->fixed_parallelism;
        out->node = n;
        return EDDY_OK;
    }
    return ops_keyed_node(cx, p, "OverAggregate", &eddy__op_over_agg, op, os->npartition, in, out, err);
}
