/*
 * planner.c -- the planner's entry points: a query for a client (collect),
 * for the bridge's sinks (toDataStream, toChangelogStream, the legacy
 * append / retract streams) and for INSERT. Each goes the same way: the
 * physical plan (phys_build.c: the logical rewrite, physical planning and
 * changelog inference with Flink's errors), the check that eddy has an
 * operator for every node, and the translation into stream nodes through
 * the registry (translate.c). Also the planner's session options.
 */
#include <stdlib.h>

#include "plan/phys.h"

/* The planner's options and the values Flink allows. */
typedef struct PlannerOption {
    const char *key;
    const char *const *values; /* NULL-terminated; NULL: any */
    bool boolean;
    bool duration;             /* "1 s", "500 ms" */
    bool number;
} PlannerOption;

static const char *const phases[] = {"AUTO", "ONE_PHASE", "TWO_PHASE", NULL};
static const char *const materialize[] = {"NONE", "AUTO", "FORCE", NULL};
static const PlannerOption options[] = {
    {"table.exec.mini-batch.enabled", NULL, true},
    {"table.exec.mini-batch.allow-latency", NULL, false, true},
    {"table.exec.mini-batch.size", NULL, false, false, true},
    {"table.optimizer.agg-phase-strategy", phases, false},
    {"table.exec.sink.upsert-materialize", materialize, false},
    {"table.exec.disabled-operators", NULL, false},
    {"table.exec.state.ttl", NULL, false, true},
    {"table.exec.source.idle-timeout", NULL, false, true},
    {"table.exec.source.cdc-events-duplicate", NULL, true},
    {"table.exec.deduplicate.insert-update-after-sensitive-enabled", NULL, true},
    {"table.optimizer.distinct-agg.split.enabled", NULL, true},
    {"table.optimizer.distinct-agg.split.bucket-num", NULL, false, false, true},
    {"table.optimizer.incremental-agg-enabled", NULL, true},
    {"table.optimizer.reuse-sub-plan-enabled", NULL, true},
    {"table.optimizer.reuse-source-enabled", NULL, true},
    {"table.optimizer.reuse-sink-enabled", NULL, true},
    /* eddy's own: EXPLAIN prints the plans of queries eddy cannot run yet */
    {"eddy.explain.show-unsupported", NULL, true},
};

static const PlannerOption *find_option(const char *key) {
    for (size_t i = 0; i < ED_ARRAY_LEN(options); i++)
        if (!strcmp(options[i].key, key)) return &options[i];
    return NULL;
}

bool eddy__plan_option_known(const char *key) { return key && find_option(key); }

eddy_status eddy__plan_check_option(const char *key, const char *value, EdErr *err) {
    const PlannerOption *o = find_option(key);
    if (!o) return EDDY_OK;
    bool ok = true;
    if (o->boolean) ok = eddy__str_ieq(value, "true") || eddy__str_ieq(value, "false");
    if (o->duration) ok = eddy__phys_duration_ms(value) >= 0;
    if (o->number) {
        char *end;
        (void)strtoll(value, &end, 10);
        ok = end != value && *end == '\0';
    }
    if (o->values) {
        ok = false;
        for (int i = 0; o->values[i] && !ok; i++) ok = eddy__str_ieq(value, o->values[i]);
    }
    if (!ok) return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
    return EDDY_OK;
}

/* Whether EXPLAIN shows plans eddy cannot run yet. */
static bool show_unsupported(const PlanEnv *pe) {
    return eddy__str_ieq(eddy__phys_option(pe, "eddy.explain.show-unsupported", "false"), "true");
}

/* plan, check, translate */
static eddy_status run(const PlanEnv *pe, const Rel *r, const PhysSinkReq *req, StreamNode **out,
                       const PhysNode **phys, EdErr *err) {
    const PhysNode *p;
    eddy_status rc = eddy__phys_plan(pe, r, req, &p, err);
    if (rc) return rc;
    if (phys) *phys = p;
    if ((rc = eddy__phys_check(p, err))) {
        if (pe->explain_only && phys && show_unsupported(pe)) {
            eddy__err_clear(err);
            *out = NULL;
            return EDDY_OK;
        }
        return rc;
    }
    return eddy__phys_translate(pe, r, p, out, err);
}

eddy_status eddy__plan_rel(const PlanEnv *pe, const Rel *r, StreamNode **out, EdErr *err) {
    PhysSinkReq req = {.kind = PSINK_COLLECT};
    return run(pe, r, &req, out, NULL, err);
}

eddy_status eddy__plan_to_datastream(const PlanEnv *pe, const Rel *r, const StreamSinkSpec *sink, StreamNode **out,
                                     EdErr *err) {
    static const PhysSinkKind kinds[] = {PSINK_DATASTREAM, PSINK_APPEND, PSINK_RETRACT, PSINK_CHANGELOG};
    PhysSinkReq req = {.kind = kinds[sink->kind], .name = sink->name, .stream = sink};
    return run(pe, r, &req, out, NULL, err);
}

eddy_status eddy__plan_insert(const PlanEnv *pe, const Rel *query, const TableEntry *sink, const InsertSpec *ins,
                              StreamNode **out, const PhysNode **phys, EdErr *err) {
    PhysSinkReq req = {.kind = PSINK_TABLE,
                       .name = ins->sink_name ? ins->sink_name : sink->def.path,
                       .table = sink,
                       .ins = ins};
    const PhysNode *p;
    eddy_status rc = run(pe, query, &req, out, &p, err);
    if (!rc && phys) *phys = p;
    return rc;
}
