/*
 * reuse.c -- sub-plan reuse in translation (table.optimizer.reuse-sub-plan-
 * enabled and table.optimizer.reuse-source-enabled, both true by default):
 * what a query computes twice runs once.
 *
 * Sub-plans: the subtrees the optimized execution plan prints as reused
 * (phys_explain.c, eddy__phys_reused: identical execution-plan text of a
 * subtree -- its digest -- the first printed with `(reuse_id=[n])`, the
 * others as `Reused(reference_id=[n])`) are translated once; every other
 * occurrence takes the first one's output (its stream node, and the
 * partitioning of an Exchange on top), so the job has one operator whose
 * output goes to each consumer -- exactly where EXPLAIN prints Reused. A
 * stateful node (a window or group aggregation, a join) keeps one state
 * under one uid, and checkpoints as any node with several consumers: its
 * task sends each barrier down all its channels at once, so a consumer
 * aligning two inputs from it (a self-join: both inputs of the join) has
 * every event before the barrier already on its way. The changelog kinds
 * and upsert keys of the consumers' input are those of the shared subtree,
 * which identical digests make equal; a consumer needing a hash exchange
 * has it in the shared subtree (an Exchange is part of the digest) or above
 * it (its own edge). A shared output is closed: nothing merges into it any
 * more (a Calc above an open scan conversion would change what the other
 * consumers read).
 *
 * Sources: the scans of one connector table within a query share one
 * source operator, whose output goes to each scan's own conversion Calc
 * (and so to the filters, projections and watermark above it, which merge
 * into that conversion), as Flink's planner reuses a common TableSourceScan.
 * A self-join -- nexmark's q3 or q20 join two views of one datagen table --
 * then generates its events once instead of once per side. Scans stay out
 * of the sub-plan reuse above for that reason: the shared source already
 * runs once. Two scans are the same source when they read the same table
 * entry: a scan with OPTIONS hints binds a copy of the entry
 * (bind_query.c), so it has a source of its own, as in Flink, where the
 * hint makes the scan's digest differ.
 *
 * With table.optimizer.reuse-sub-plan-enabled false nothing is shared:
 * every consumer has its own copy of the subtree and of its sources.
 */
#include "plan/phys.h"

typedef struct ReusedSource {
    const TableEntry *table;
    StreamNode *node;
    struct ReusedSource *next;
} ReusedSource;

static bool option_on(const PlanEnv *pe, const char *key) {
    const char *v = eddy__phys_option(pe, key, "true");
    return !eddy__str_ieq(v, "false");
}

bool eddy__reuse_source_enabled(const PlanEnv *pe) {
    return option_on(pe, "table.optimizer.reuse-sub-plan-enabled") &&
           option_on(pe, "table.optimizer.reuse-source-enabled");
}

StreamNode *eddy__reuse_source_find(TranslateCtx *cx, const TableEntry *t) {
    if (!cx->reuse_on) return NULL;
    for (const ReusedSource *r = cx->reused; r; r = r->next)
        if (r->table == t) return r->node;
    return NULL;
}

bool eddy__reuse_source_add(TranslateCtx *cx, const TableEntry *t, StreamNode *n) {
    if (!cx->reuse_on) return true;
    ReusedSource *r = eddy__arena_alloc(cx->a, sizeof *r);
    if (!r) return false;
    *r = (ReusedSource){t, n, cx->reused};
    cx->reused = r;
    return true;
}

/* ---- sub-plan reuse ---------------------------------------------------------------------------- */

eddy_status eddy__reuse_subplans(TranslateCtx *cx, const PhysNode *root, EdErr *err) {
    cx->nshared = 0;
    if (!option_on(cx->pe, "table.optimizer.reuse-sub-plan-enabled")) return EDDY_OK;
    bool sources = option_on(cx->pe, "table.optimizer.reuse-source-enabled");
    if (!eddy__phys_reused(cx->a, root, sources, &cx->shared_digest, &cx->nshared))
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (!cx->nshared) return EDDY_OK;
    cx->shared_out = eddy__arena_alloc(cx->a, sizeof(TransOut) * (size_t)cx->nshared);
    if (!cx->shared_out) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(cx->shared_out, 0, sizeof(TransOut) * (size_t)cx->nshared);
    return EDDY_OK;
}

eddy_status eddy__reuse_subplan_find(TranslateCtx *cx, const PhysNode *p, int *shared, TransOut *out, bool *done,
                                     EdErr *err) {
    *shared = -1;
    *done = false;
    /* scans stay one per consumer over the shared source (above), so that
     * each conversion can take its consumer's Calc and watermark */
    if (!cx->nshared || p->kind == PK_TABLE_SOURCE_SCAN || p->kind == PK_DATA_STREAM_SCAN) return EDDY_OK;
    bool oom;
    const char *d = eddy__phys_reuse_digest(cx->a, p, option_on(cx->pe, "table.optimizer.reuse-source-enabled"), &oom);
    if (oom) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; d && i < cx->nshared; i++) {
        if (strcmp(cx->shared_digest[i], d)) continue;
        *shared = i;
        if (cx->shared_out[i].node) {
            *out = cx->shared_out[i];
            *done = true;
        }
        break;
    }
    return EDDY_OK;
}

void eddy__reuse_subplan_add(TranslateCtx *cx, int i, TransOut *out) {
    out->open = NULL;
    out->open_identity = false;
    cx->shared_out[i] = *out;
}
