/*
 * translate_agg.c -- the translate functions of the streaming group
 * aggregation (GroupAggregate) and of Expand (grouping sets): each
 * aggregate call resolved once into an AggFn of the aggregate library
 * (expr/agg.h), the layout of a group's accumulator record, the state TTL
 * of table.exec.state.ttl, and whether updates go out with -U.
 */
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

eddy_status eddy__group_agg_plan(TranslateCtx *cx, const PhysNode *p, GroupAggPlan **out, EdErr *err) {
    Arena *a = cx->a;
    const PhysNode *inp = p->in[0];
    bool retract = (inp->modify & ~(unsigned)CL_INSERT) != 0;
    GroupAggPlan *gp = eddy__arena_alloc(a, sizeof *gp);
    GroupAggCall *calls = eddy__arena_alloc(a, sizeof(GroupAggCall) * (size_t)(p->naggs + 1));
    if (!gp || !calls) return NOMEM();
    uint32_t off = sizeof(int64_t); /* the record count */
    int nviews = 0;
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
        gp->has_destroy = gp->has_destroy || fn->destroy;
    }
    AggViewKind *views = eddy__arena_alloc(a, sizeof(AggViewKind) * (size_t)(nviews + 1));
    if (!views) return NOMEM();
    for (int i = 0; i < p->naggs; i++)
        for (int v = 0; v < calls[i].fn->nviews; v++) views[calls[i].view_base + v] = calls[i].fn->views[v];
    const Type *key_type = eddy__type_basic(TY_BOOLEAN, false); /* a global aggregate's one key (group_agg.c) */
    if (p->ngroup == 1) {
        key_type = eddy__type_with_timeattr(a, inp->types[p->group[0]], TA_NONE);
    } else if (p->ngroup > 1) {
        const Type **kt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)p->ngroup);
        const char **kn = eddy__arena_alloc(a, sizeof(char *) * (size_t)p->ngroup);
        if (!kt || !kn) return NOMEM();
        for (int k = 0; k < p->ngroup; k++) {
            kt[k] = eddy__type_with_timeattr(a, inp->types[p->group[k]], TA_NONE);
            kn[k] = inp->names[p->group[k]];
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
                         .has_destroy = gp->has_destroy};
    *out = gp;
    return EDDY_OK;
}

eddy_status eddy__translate_group_aggregate(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                            EdErr *err) {
    GroupAggPlan *gp;
    eddy_status rc = eddy__group_agg_plan(cx, p, &gp, err);
    return rc ? rc : eddy__translate_agg_node(cx, p, "GroupAggregate", &eddy__op_group_agg, gp, in, out, err);
}

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
