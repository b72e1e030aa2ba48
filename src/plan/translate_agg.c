/*
 * translate_agg.c -- the translate functions of the streaming group
 * aggregation (GroupAggregate; with mini-batch LocalGroupAggregate,
 * GlobalGroupAggregate and MiniBatchAssigner) and of Expand (grouping
 * sets): each aggregate call resolved once into an AggFn of the aggregate
 * library (expr/agg.h), the layout of a group's accumulator record, the state TTL
 * of table.exec.state.ttl, and whether updates go out with -U.
 */
#include <stdlib.h>

#include "plan/phys.h"
#include "runtime/ops/group_agg.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* The constant an input column of an aggregate holds, when a Calc below
 * (through exchanges) computes it as a literal: LISTAGG's separator. */
static const Value *const_column(const PhysNode *n, int col) {
    for (;;) {
        if (n->kind == PK_EXCHANGE) {
            n = n->in[0];
        } else if (n->kind == PK_EXPAND && col < n->in[0]->ncols) {
            n = n->in[0];
        } else if (n->kind == PK_CALC && n->exprs && col < n->ncols) {
            const Expr *e = n->exprs[col];
            if (e->kind == EX_LITERAL) return &e->value;
            if (e->kind != EX_COLUMN) return NULL;
            col = e->index;
            n = n->in[0];
        } else {
            return NULL;
        }
    }
}

/* The plan of the calls of p over the input `inp` (whose columns the
 * calls' arguments name; a GlobalGroupAggregate's: its local phase's input):
 * the functions, the accumulator record's layout, the key type (keys at
 * p->group of p->in[0]), the TTL, -U or not. */
static eddy_status group_agg_plan(TranslateCtx *cx, const PhysNode *p, const PhysNode *inp, GroupAggPlan **out,
                                  EdErr *err) {
    Arena *a = cx->a;
    const PhysNode *kin = p->in[0];
    bool retract = (inp->modify & ~(unsigned)CL_INSERT) != 0;
    GroupAggPlan *gp = eddy__arena_alloc(a, sizeof *gp);
    GroupAggCall *calls = eddy__arena_alloc(a, sizeof(GroupAggCall) * (size_t)(p->naggs + 1));
    if (!gp || !calls) return NOMEM();
    uint32_t off = sizeof(int64_t); /* the record count */
    int nviews = 0;
    bool has_destroy = false;
    for (int i = 0; i < p->naggs; i++) {
        const AggCall *ac = &p->aggs[i].call;
        const Type **args = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(ac->nargs + 1));
        const Value **consts = eddy__arena_alloc(a, sizeof(Value *) * (size_t)(ac->nargs + 1));
        if (!args || !consts) return NOMEM();
        for (int k = 0; k < ac->nargs; k++) {
            args[k] = eddy__type_with_timeattr(a, inp->types[ac->args[k]], TA_NONE);
            consts[k] = const_column(inp, ac->args[k]);
        }
        if (ac->nargs > 16) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: aggregates of more than 16 arguments");
        AggSpec spec = {.name = ac->fn,
                        .nargs = ac->nargs,
                        .args = args,
                        .consts = consts,
                        .star = ac->star,
                        .distinct = ac->distinct,
                        .retract = retract,
                        .nulls = ac->nulls == 1 ? AGG_NULLS_RESPECT : ac->nulls == 2 ? AGG_NULLS_IGNORE : AGG_NULLS_DEFAULT,
                        .user = ac->user,
                        .expect = ac->type};
        const AggFn *fn;
        eddy_status rc = eddy__agg_resolve(a, &spec, &fn, err);
        if (rc) return rc;
        uint32_t al = fn->acc_align ? fn->acc_align : 8;
        off = (off + al - 1) & ~(al - 1);
        calls[i] = (GroupAggCall){fn, ac->args, ac->filter, off, nviews};
        off += fn->acc_size;
        nviews += fn->nviews;
        has_destroy = has_destroy || fn->destroy;
    }
    AggViewKind *views = eddy__arena_alloc(a, sizeof(AggViewKind) * (size_t)(nviews + 1));
    if (!views) return NOMEM();
    for (int i = 0; i < p->naggs; i++)
        for (int v = 0; v < calls[i].fn->nviews; v++) views[calls[i].view_base + v] = calls[i].fn->views[v];
    const Type *key_type = eddy__type_basic(TY_BOOLEAN, false); /* a global aggregate's one key (group_agg.c) */
    if (p->ngroup == 1) {
        key_type = eddy__type_with_timeattr(a, kin->types[p->group[0]], TA_NONE);
    } else if (p->ngroup > 1) {
        const Type **kt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)p->ngroup);
        const char **kn = eddy__arena_alloc(a, sizeof(char *) * (size_t)p->ngroup);
        if (!kt || !kn) return NOMEM();
        for (int k = 0; k < p->ngroup; k++) {
            kt[k] = eddy__type_with_timeattr(a, kin->types[p->group[k]], TA_NONE);
            kn[k] = kin->names[p->group[k]];
        }
        key_type = eddy__type_row(a, p->ngroup, kn, kt, false);
    }
    int64_t ttl = 0;
    const char *tv = eddy__phys_option(cx->pe, "table.exec.state.ttl", NULL);
    if (tv && (ttl = eddy__phys_duration_ms(tv)) < 0)
        return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key 'table.exec.state.ttl'.", tv);
    *gp = (GroupAggPlan){.ngroup = p->ngroup,
                         .group = p->group,
                         .key_type = key_type,
                         .naggs = p->naggs,
                         .aggs = calls,
                         .rec_size = (off + 7u) & ~7u,
                         .nviews = nviews,
                         .views = views,
                         .update_before = p->update != UK_ONLY_AFTER,
                         .ttl_ms = ttl,
                         .has_destroy = has_destroy,
                         .phase = GA_ONE,
                         .acc_col = -1};
    *out = gp;
    return EDDY_OK;
}

/* The plan of a one-phase aggregate over its own input (window
 * aggregates share it: translate_window.c). */
eddy_status eddy__group_agg_plan(TranslateCtx *cx, const PhysNode *p, GroupAggPlan **out, EdErr *err) {
    return group_agg_plan(cx, p, p->in[0], out, err);
}

/* A one-input aggregate node named `name` running vt over plan, on one
 * instance when it has no keys or its input is gathered. */
eddy_status eddy__translate_agg_node(TranslateCtx *cx, const PhysNode *p, const char *name, const OpVtab *vt,
                                     const void *plan, const TransOut *in, TransOut *out, EdErr *err) {
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, name, vt, plan, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    if (in[0].part == PART_GLOBAL || !p->ngroup) {
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}

/* Whether the calls' accumulators travel between the phases as bytes
 * (fixed parts that merge; no views, no resources). */
static bool bytes_accs(const GroupAggPlan *gp) {
    for (int i = 0; i < gp->naggs; i++) {
        const AggFn *fn = gp->aggs[i].fn;
        if (fn->nviews || !fn->merge || fn->destroy) return false;
    }
    return true;
}

/* The local phase under a GlobalGroupAggregate (through its exchange). */
static const PhysNode *local_phase(const PhysNode *p) {
    const PhysNode *l = p->in[0];
    while (l->nin && l->kind != PK_LOCAL_GROUP_AGGREGATE) {
        if (l->kind == PK_INCREMENTAL_GROUP_AGGREGATE) return l->fused;
        l = l->in[0];
    }
    return l->kind == PK_LOCAL_GROUP_AGGREGATE ? l : NULL;
}

/* Output type of a LocalGroupAggregate: the keys, then `nrest` columns. */
static eddy_status local_type(TranslateCtx *cx, StreamNode *n, const PhysNode *p, int nrest, const char *const *rnames,
                              const Type *const *rtypes, EdErr *err) {
    int nc = p->ngroup + nrest;
    const char **names = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)(nc + 1));
    const Type **types = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(nc + 1));
    if (!names || !types) return NOMEM();
    for (int k = 0; k < p->ngroup; k++) {
        names[k] = p->names[k];
        types[k] = eddy__type_with_timeattr(cx->a, p->types[k], TA_NONE);
    }
    for (int c = 0; c < nrest; c++) {
        names[p->ngroup + c] = rnames ? rnames[c] : eddy__arena_printf(cx->a, "in$%d", c);
        types[p->ngroup + c] = rtypes[c];
        if (!names[p->ngroup + c]) return NOMEM();
    }
    const Type *rt = eddy__type_row(cx->a, nc, names, types, false);
    if (!rt) return NOMEM();
    eddy__node_set_type(cx->a, n, rt);
    return EDDY_OK;
}

/* GroupAggregate, LocalGroupAggregate and GlobalGroupAggregate. With
 * mini-batch on, the GroupAggregate buffers table.exec.mini-batch.size
 * rows; the two phases always do. When the calls' accumulators cannot go
 * as bytes (views: DISTINCT, retractable MIN/MAX, LISTAGG, ...) the local
 * phase forwards its rows and the global one aggregates them. */
eddy_status eddy__translate_group_aggregate(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                            EdErr *err) {
    Arena *a = cx->a;
    const PhysNode *local = p->kind == PK_GLOBAL_GROUP_AGGREGATE ? local_phase(p) : NULL;
    if (p->kind == PK_GLOBAL_GROUP_AGGREGATE && !local)
        return eddy__err(err, EDDY_E_INTERNAL, "a GlobalGroupAggregate without its local phase");
    GroupAggPlan *gp = NULL;
    eddy_status rc = group_agg_plan(cx, p, local ? local->in[0] : p->in[0], &gp, err);
    if (rc) return rc;
    bool mb = eddy__str_ieq(eddy__phys_option(cx->pe, "table.exec.mini-batch.enabled", "false"), "true");
    gp->mb_size = mb ? atoll(eddy__phys_option(cx->pe, "table.exec.mini-batch.size", "1")) : 0;
    if (p->kind != PK_GROUP_AGGREGATE && gp->mb_size <= 0) gp->mb_size = 1;
    const char *name = eddy__phys_kinds[p->kind].name;
    const OpVtab *vt = gp->mb_size > 0 ? &eddy__op_minibatch_group_agg : &eddy__op_group_agg;
    const void *plan = gp;
    bool bytes = bytes_accs(gp);
    if (p->kind == PK_LOCAL_GROUP_AGGREGATE && bytes) {
        gp->phase = GA_LOCAL;
    } else if (p->kind == PK_LOCAL_GROUP_AGGREGATE) {
        LocalRawPlan *lp = eddy__arena_alloc(a, sizeof *lp);
        if (!lp) return NOMEM();
        *lp = (LocalRawPlan){p->ngroup, p->group, in[0].node->ncols};
        vt = &eddy__op_local_raw_agg;
        plan = lp;
    } else if (local && bytes) {
        gp->phase = GA_GLOBAL;
        gp->acc_col = p->ngroup;
    } else if (local) {
        /* the local phase's rows: the keys, then its input row */
        GroupAggCall *calls = (GroupAggCall *)gp->aggs;
        for (int i = 0; i < gp->naggs; i++) {
            int *args = eddy__arena_alloc(a, sizeof(int) * (size_t)(calls[i].fn->nargs + 1));
            if (!args) return NOMEM();
            for (int k = 0; k < calls[i].fn->nargs; k++) args[k] = calls[i].args[k] + p->ngroup;
            calls[i].args = args;
            if (calls[i].filter >= 0) calls[i].filter += p->ngroup;
        }
    }
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, name, vt, plan, 1);
    if (!n) return NOMEM();
    if (p->kind == PK_LOCAL_GROUP_AGGREGATE) {
        const StreamNode *from = in[0].node;
        static const char *const acc_name[] = {"acc$"};
        const Type *bt = eddy__type_bytes(false);
        /* the record goes also without calls (SELECT DISTINCT): its count */
        rc = bytes ? local_type(cx, n, p, 1, acc_name, &bt, err)
                   : local_type(cx, n, p, from->ncols, NULL, from->col_types, err);
        if (rc) return rc;
    }
    eddy__translate_connect(n, 0, &in[0]);
    if (p->kind != PK_LOCAL_GROUP_AGGREGATE && (in[0].part == PART_GLOBAL || !p->ngroup)) {
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}

/* IncrementalGroupAggregate: the partial GlobalGroupAggregate (keyed by the partial keys, its
 * mini-batches of table.exec.mini-batch.size rows), chained to the final LocalGroupAggregate,
 * which folds each batch of the partial phase's changes at once and sends per final key its
 * accumulators (incremental_agg.c). */
eddy_status eddy__translate_incremental_aggregate(TranslateCtx *cx, const PhysNode *p, const TransOut *in,
                                                  TransOut *out, EdErr *err) {
    const PhysNode *fl = p->fused;
    TransOut mid = {.part = PART_DEFAULT};
    eddy_status rc = eddy__translate_group_aggregate(cx, fl->in[0], in, &mid, err);
    if (rc) return rc;
    if ((rc = eddy__translate_group_aggregate(cx, fl, &mid, out, err))) return rc;
    StreamNode *n = out->node;
    if (n->op.vt == &eddy__op_minibatch_group_agg) {
        GroupAggPlan *gp = eddy__arena_alloc(cx->a, sizeof *gp);
        if (!gp) return NOMEM();
        *gp = *(const GroupAggPlan *)n->op.plan;
        gp->mb_size = INT64_MAX;
        n->op.plan = gp;
        n->op.vt = &eddy__op_incremental_agg;
    }
    n->name = eddy__phys_kinds[p->kind].name;
    mid.node->name = n->name;
    return EDDY_OK;
}

/* Whether watermarks of event time come from below n. */
static bool event_time_below(const PhysNode *n) {
    if (n->kind == PK_WATERMARK_ASSIGNER || n->source_watermark) return true;
    for (int i = 0; i < n->nin; i++)
        if (event_time_below(n->in[i])) return true;
    return false;
}

/* MiniBatchAssigner. Over a source with event time (a WATERMARK) its
 * watermarks go on as they are, and they end the batches: processing-time
 * watermarks would stand in for them and hold back every event-time
 * operator downstream. */
eddy_status eddy__translate_minibatch_assigner(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                               EdErr *err) {
    if (p->mb_rowtime)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: mini-batch on event time (MiniBatchAssigner mode RowTime)");
    MiniBatchPlan *mp = eddy__arena_alloc(cx->a, sizeof *mp);
    if (!mp) return NOMEM();
    mp->interval_ms = p->interval_ms > 0 ? p->interval_ms : 1;
    mp->event_time = event_time_below(p->in[0]);
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "MiniBatchAssigner", &eddy__op_minibatch_assigner, mp, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    out->node = n;
    return EDDY_OK;
}

eddy_status eddy__translate_expand(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    Arena *a = cx->a;
    ExpandPlan *xp = eddy__arena_alloc(a, sizeof *xp);
    int64_t *ids = eddy__arena_alloc(a, sizeof(int64_t) * (size_t)(p->nsets + 1));
    if (!xp || !ids) return NOMEM();
    for (int s = 0; s < p->nsets; s++) {
        /* $e: bit (nkeys-1-k) set for each key k the set lacks */
        int64_t id = 0;
        for (int k = 0; k < p->ngroup; k++)
            if (!(p->sets[s] & (1ULL << k))) id |= (int64_t)1 << (p->ngroup - 1 - k);
        ids[s] = id;
    }
    *xp = (ExpandPlan){p->in[0]->ncols, p->ngroup, p->group, p->nsets, p->sets, ids};
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "Expand", &eddy__op_expand, xp, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    out->node = n;
    return EDDY_OK;
}
