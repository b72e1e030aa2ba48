/*
 * print.c -- 'connector' = 'print' (each row as Row.toString, "+I[1, a]",
 * with the print sink's prefixes: print-identifier, the subtask when the
 * sink is parallel; standard-error = true prints to stderr) and
 * 'connector' = 'blackhole' (discards everything). Both accept every row
 * kind.
 */
#include "connectors/connector.h"
#include "runtime/ops/ops.h"

static const char *const print_optional[] = {"print-identifier", "standard-error", "sink.parallelism", NULL};

static eddy_status sink_parallelism(const ConnectorCtx *cx, int *out, EdErr *err) {
    int64_t p;
    eddy_status rc = eddy__option_long(cx->def, "sink.parallelism", 0, &p, err);
    if (rc) return rc;
    if (p < 0 || p > 32768) return eddy__err(err, EDDY_E_VALIDATION, "Invalid configured parallelism %lld for sink.", (long long)p);
    *out = (int)p;
    return EDDY_OK;
}

static eddy_status print_sink(const ConnectorCtx *cx, SinkSpec *out, EdErr *err) {
    PrintPlan *p = eddy__arena_alloc(cx->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool to_err;
    eddy_status rc = eddy__option_bool(cx->def, "standard-error", false, &to_err, err);
    if (!rc) rc = sink_parallelism(cx, &out->parallelism, err);
    if (rc) return rc;
    const char *id = eddy__table_option(cx->def, "print-identifier");
    p->id = id ? eddy__arena_strdup(cx->a, id) : NULL;
    p->to_err = to_err;
    p->type = eddy__type_row(cx->a, cx->nphys, cx->phys_names, cx->phys_types, false);
    if (!p->type) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    out->vt = &eddy__op_print;
    out->plan = p;
    out->accepts = CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE;
    out->name = "Sink: Print";
    return EDDY_OK;
}

const Connector eddy__connector_print = {.name = "print", .optional = print_optional, .sink = print_sink};

static eddy_status discard(Op *op, int input, Batch *b) {
    (void)op;
    (void)input;
    (void)b;
    return EDDY_OK;
}

static const OpVtab op_blackhole = {.name = "Sink: BlackHole", .push_batch = discard};

static eddy_status blackhole_sink(const ConnectorCtx *cx, SinkSpec *out, EdErr *err) {
    (void)cx;
    (void)err;
    out->vt = &op_blackhole;
    out->accepts = CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE;
    out->name = "Sink: BlackHole";
    return EDDY_OK;
}

const Connector eddy__connector_blackhole = {.name = "blackhole", .sink = blackhole_sink};
