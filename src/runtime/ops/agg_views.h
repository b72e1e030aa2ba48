/*
 * agg_views.h -- the views of aggregate functions (expr/agg.h: DISTINCT
 * maps, retractable MIN / MAX, LISTAGG lists, ...) kept in keyed MAP / LIST
 * state, one state "view<i>" per view, for the operators that host
 * aggregate calls (group_agg.c, window_agg.c). The operator tells which
 * key and namespace an accumulator pointer belongs to (locate).
 */
#ifndef EDDY_OPS_AGG_VIEWS_H
#define EDDY_OPS_AGG_VIEWS_H

#include "expr/agg.h"
#include "runtime/ops/ops.h"

typedef struct AggStateViews {
    State **views;      /* by view index (AggCtx.view_base + the function's own) */
    EdErr *err;
    Buf tmp;
    /* the key and namespace (borrowed until the operator's next batch or
     * timer) of the group whose accumulator pointer is acc */
    void (*locate)(void *owner, const void *acc, StateKey *k, StateNs *ns);
    void *owner;
} AggStateViews;

/* The AggViewOps to pass to eddy__agg_ctx_init with an AggStateViews as ctx. */
extern const AggViewOps eddy__agg_state_view_ops;
/* Registers the nviews states (kinds[v]) keyed by key_type with ttl; set
 * locate and owner besides. Errors are the job's. */
eddy_status eddy__agg_state_views_open(AggStateViews *s, Op *op, StateBackend *be, const Type *key_type, int nviews,
                                       const AggViewKind *kinds, StateTtl ttl);
/* Empties view `view` of the group of acc. */
eddy_status eddy__agg_state_views_clear(AggStateViews *s, void *acc, int view);
void eddy__agg_state_views_free(AggStateViews *s);

#endif
