/*
 * reuse.c -- source reuse in translation: the scans of one connector table
 * within a query share one source operator, whose output goes to each
 * scan's own conversion Calc (and so to the filters and projections above
 * it), as Flink's planner reuses a common TableSourceScan
 * (table.optimizer.reuse-sub-plan-enabled and
 * table.optimizer.reuse-source-enabled, both true by default). A self-join
 * -- nexmark's q3 or q20 join two views of one datagen table -- then
 * generates its events once instead of once per side.
 *
 * Two scans are the same source when they read the same table entry: a scan
 * with OPTIONS hints binds a copy of the entry (bind_query.c), so it has a
 * source of its own, as in Flink, where the hint makes the scan's digest
 * differ. The execution plan EXPLAIN prints shows Flink's sub-plan reuse
 * (phys_explain.c, eddy__phys_print_reused: identical subtrees printed once,
 * then `Reused(reference_id=[n])`); at run time only the sources are shared,
 * the other reused nodes run once per consumer, with the same rows.
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
