/*
 * translate_window_join.c -- the translate function of the window join
 * (WindowJoin): its plan for runtime/ops/window_join.c.
 */
#include "runtime/ops/window_join.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

static bool same_window(const GroupWindow *a, const GroupWindow *b) {
    return a->kind == b->kind && a->size_ms == b->size_ms && a->slide_ms == b->slide_ms && a->offset_ms == b->offset_ms;
}

eddy_status eddy__translate_window_join(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    Arena *a = cx->a;
    const PhysNode *ins[2] = {p->in[0], p->in[1]};
    WindowInfo wi[2];
    for (int side = 0; side < 2; side++)
        if (eddy__phys_window_col(ins[side], p->win_end[side], &wi[side]) != WP_END)
            return eddy__err(err, EDDY_E_INTERNAL, "a window join without windows below");
    const GroupWindow *w[2] = {wi[0].window, wi[1].window};
    const Type *tt[2] = {wi[0].time_type, wi[1].time_type};
    if (!same_window(w[0], w[1])) {
        Buf l, r;
        eddy__buf_init(&l);
        eddy__buf_init(&r);
        eddy__attached_window_text(&l, w[0], NULL, NULL);
        eddy__attached_window_text(&r, w[1], NULL, NULL);
        eddy__err(err, EDDY_E_UNSUPPORTED,
                  "Currently, window join doesn't support different window table function of left and right inputs.\n"
                  "The left window table function is %s.\nThe right window table function is %s.",
                  eddy__buf_cstr(&l), eddy__buf_cstr(&r));
        eddy__buf_free(&l);
        eddy__buf_free(&r);
        return EDDY_E_UNSUPPORTED;
    }
    if (tt[0]->timeattr == TA_PROCTIME || tt[1]->timeattr == TA_PROCTIME)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "Processing time Window Join is not supported yet.");
    WinJoinPlan *jp = eddy__arena_alloc(a, sizeof *jp);
    int npair = ins[0]->ncols + ins[1]->ncols;
    const Type **pt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(npair + 1));
    if (!jp || !pt) return NOMEM();
    memset(jp, 0, sizeof *jp);
    jp->type = p->join;
    jp->nkeys = p->njk;
    if (jp->nkeys > 16) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: joins on more than 16 keys");
    for (int i = 0; i < npair; i++)
        pt[i] = eddy__type_with_timeattr(a, i < ins[0]->ncols ? ins[0]->types[i] : ins[1]->types[i - ins[0]->ncols], TA_NONE);
    jp->pair_types = pt;
    for (int side = 0; side < 2; side++) {
        jp->ncols[side] = ins[side]->ncols;
        jp->wend_col[side] = p->win_end[side];
        if (jp->nkeys && !(jp->key[side] = eddy__translate_key(cx, ins[side], jp->nkeys, side ? p->rkeys : p->lkeys)))
            return NOMEM();
    }
    for (int i = 0; i < jp->nkeys; i++)
        if (!eddy__type_equals(jp->key[0]->types[i], jp->key[1]->types[i], true, true))
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: join keys of different types (%s)",
                             ins[0]->names[p->lkeys[i]]);
    if (jp->nkeys == 0) jp->key_type = eddy__type_basic(TY_INT, false);
    else if (jp->nkeys == 1) jp->key_type = jp->key[0]->types[0];
    else {
        const char **kn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(jp->nkeys + 1));
        if (!kn) return NOMEM();
        for (int i = 0; i < jp->nkeys; i++) kn[i] = ins[0]->names[p->lkeys[i]];
        if (!(jp->key_type = eddy__type_row(a, jp->nkeys, kn, jp->key[0]->types, false))) return NOMEM();
    }
    jp->cond = p->join_cond;
    jp->tz = cx->pe->tz;
    jp->ltz = tt[0]->root == TY_TIMESTAMP_LTZ ? (cx->pe->tz ? cx->pe->tz : eddy__tz_utc()) : NULL;
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "WindowJoin", &eddy__op_window_join, jp, 2);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    eddy__translate_connect(n, 1, &in[1]);
    if (jp->nkeys == 0) {
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}
