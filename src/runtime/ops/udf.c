/*
 * udf.c -- map, flat_map and filter with user callbacks. Each input row is
 * shown to the callback as an eddy_row view of the input batch; map and
 * flat_map write their output rows into an output batch through eddy_out,
 * and the output rows carry the input row's record timestamp; a row left
 * with NULL in a field of a NOT NULL type fails the job, as a scalar
 * function's NULL result does. Filter only computes a selection over the
 * input batch, sharing its vectors.
 */
#include "runtime/ops/ops.h"

typedef struct UdfState {
    eddy_out out;
    Arena scratch; /* per batch: conversions made for the callback */
} UdfState;

static eddy_status udf_open(Op *op) {
    UdfState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy__arena_init(&s->scratch, 4096);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    const UdfPlan *p = op->plan;
    s->out.who = eddy__arena_printf(op->arena, "The user function of operator '%s' %s", op->node->name,
                                    p->kind == UDF_FLAT_MAP ? "emitted" : "returned");
    op->state = s;
    if (!s->out.who) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

static void udf_close(Op *op) {
    UdfState *s = op->state;
    if (!s) return;
    eddy__out_free(&s->out);
    eddy__arena_destroy(&s->scratch);
}

/* A failed callback: keep its message, else say which operator failed. */
static eddy_status udf_failed(Op *op, eddy_status rc) {
    if (rc == EDDY_ROW || rc == EDDY_DONE) rc = EDDY_E_UDF;
    if (!eddy__err_is_set(eddy__op_err(op)))
        eddy__op_fail(op, rc, "The user function of operator '%s' failed (%s).", op->node->name, eddy_status_name(rc));
    return rc;
}

static eddy_status udf_push(Op *op, int input, Batch *b) {
    (void)input;
    const UdfPlan *p = op->plan;
    UdfState *s = op->state;
    eddy_status rc = EDDY_OK;
    eddy_row row;
    if (p->kind == UDF_FILTER) {
        uint32_t *sel = eddy__malloc(sizeof(uint32_t) * (b->count ? b->count : 1));
        if (!sel) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        uint32_t m = 0;
        eddy_filter_fn fn = (eddy_filter_fn)p->fn;
        for (uint32_t i = 0; i < b->count && !rc; i++) {
            uint32_t r = batch_row(b, i);
            eddy__row_view(&row, p->in_type, b, r, &s->scratch);
            bool keep = false;
            rc = fn(p->ctx, &row, &keep);
            if (rc) rc = udf_failed(op, rc);
            else if (keep) sel[m++] = r;
        }
        eddy__arena_reset(&s->scratch);
        if (rc || m == 0) {
            eddy__free(sel);
            return rc;
        }
        if (m == b->count) {
            eddy__free(sel);
            return eddy__op_emit(op, b);
        }
        Batch *f = eddy__batch_share(b);
        if (!f) {
            eddy__free(sel);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        eddy__batch_set_sel(f, sel, m);
        rc = eddy__op_emit(op, f);
        eddy__batch_release(f);
        return rc;
    }
    s->out.single = p->kind == UDF_MAP;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        eddy__row_view(&row, p->in_type, b, r, &s->scratch);
        s->out.default_ts = batch_ts(b, r);
        if ((rc = eddy__out_begin(&s->out))) break;
        if (p->kind == UDF_MAP) {
            rc = ((eddy_map_fn)p->fn)(p->ctx, &row, &s->out);
            if (rc) rc = udf_failed(op, rc);
            else rc = eddy__out_commit(&s->out);
        } else {
            rc = ((eddy_flat_map_fn)p->fn)(p->ctx, &row, &s->out);
            /* a row refused by eddy_out_emit fails the job even when the callback goes on */
            if (!rc && s->out.failed) rc = EDDY_E_UDF;
            if (rc) rc = udf_failed(op, rc);
            eddy__out_discard(&s->out);
        }
    }
    eddy__arena_reset(&s->scratch);
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

const OpVtab eddy__op_udf = {.name = "Map", .open = udf_open, .push_batch = udf_push, .close = udf_close};
