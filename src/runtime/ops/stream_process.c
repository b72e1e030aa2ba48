/*
 * stream_process.c -- DataStream.process(ProcessFunction): for each element
 * the user's process_element with a context telling the record's timestamp,
 * the operator's current watermark and processing time. Rows it emits go
 * into one output batch (flushed when full and at the end of each input
 * batch) and start with the element's record timestamp. Timers and keyed
 * state need a keyed stream (eddy_keyed_process); the context offers none.
 */
#include "runtime/ops/watermarks.h"

struct eddy_process_ctx {
    Op *op;
    bool in_element; /* side outputs only in process_element */
    bool has_ts;
    int64_t ts;
    void *local;
};

/* The rows of one side output, made on its first ctx.output(tag, ...). */
typedef struct SideOut {
    struct SideOut *next;
    const eddy_output_tag *tag;
    eddy_out out;
    Op *op;
} SideOut;

typedef struct SpState {
    eddy_process_ctx pc;
    eddy_out out;
    SideOut *sides;
    Arena scratch;
    bool fn_opened, fn_closed;
} SpState;

static eddy_status side_flush(void *ctx, Batch *b) {
    SideOut *so = ctx;
    eddy_status rc = eddy__op_emit_side(so->op, so->tag->id, b);
    eddy__batch_release(b);
    return rc;
}

eddy_out *eddy_process_ctx_output(eddy_process_ctx *pc, const eddy_output_tag *tag) {
    if (!pc || !tag || !pc->in_element) return NULL;
    SpState *s = pc->op->state;
    SideOut *so = s->sides;
    while (so && so->tag != tag) so = so->next;
    if (!so) {
        Op *op = pc->op;
        so = eddy__arena_alloc(op->arena, sizeof *so);
        if (!so) {
            eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            return NULL;
        }
        so->tag = tag;
        so->op = op;
        eddy__out_init(&so->out, tag->type, tag->ncols, tag->col_types, op->batch_size, side_flush, so, eddy__op_err(op));
        so->out.who = eddy__arena_printf(op->arena, "The process function of operator '%s' emitted to side output '%s'",
                                         op->node->name, tag->name);
        so->next = s->sides;
        s->sides = so;
        if (!so->out.who) {
            eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            return NULL;
        }
    }
    /* a fresh row with the element's timestamp */
    eddy__out_discard(&so->out);
    so->out.default_ts = pc->has_ts ? pc->ts : TS_NONE;
    return eddy__out_begin(&so->out) ? NULL : &so->out;
}

bool eddy_process_ctx_timestamp(eddy_process_ctx *pc, int64_t *out) {
    if (!pc || !pc->has_ts) return false;
    if (out) *out = pc->ts;
    return true;
}

int64_t eddy_process_ctx_current_watermark(eddy_process_ctx *pc) { return pc ? pc->op->input_watermark : INT64_MIN; }

int64_t eddy_process_ctx_current_processing_time(eddy_process_ctx *pc) {
    return pc ? eddy__clock_now(eddy__op_clock(pc->op)) : 0;
}

int eddy_process_ctx_subtask(eddy_process_ctx *pc) { return pc ? pc->op->subtask : 0; }

void eddy_process_ctx_set_local(eddy_process_ctx *pc, void *local) {
    if (pc) pc->local = local;
}

void *eddy_process_ctx_local(eddy_process_ctx *pc) { return pc ? pc->local : NULL; }

static eddy_status sp_open(Op *op) {
    const StreamProcessPlan *p = op->plan;
    SpState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    s->pc.op = op;
    eddy__arena_init(&s->scratch, 4096);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    s->out.who = eddy__arena_printf(op->arena, "The process function of operator '%s' emitted", op->node->name);
    if (!s->out.who) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->fn_opened = true;
    if (p->fn.open) {
        eddy_status rc = p->fn.open(p->ctx, &s->pc);
        if (rc) return eddy__op_callback_failed(op, rc, "open function");
    }
    return EDDY_OK;
}

static eddy_status sp_push(Op *op, int input, Batch *b) {
    (void)input;
    const StreamProcessPlan *p = op->plan;
    SpState *s = op->state;
    eddy_status rc = EDDY_OK;
    eddy_row row;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        eddy__row_view(&row, p->in_type, b, r, &s->scratch);
        s->pc.ts = row.ts;
        s->pc.has_ts = row.ts != TS_NONE;
        s->out.default_ts = row.ts;
        if ((rc = eddy__out_begin(&s->out))) break;
        s->pc.in_element = true;
        rc = p->fn.process_element(p->ctx, &s->pc, &row, &s->out);
        s->pc.in_element = false;
        for (SideOut *so = s->sides; so && !rc; so = so->next)
            if (so->out.failed) rc = EDDY_E_UDF;
        /* a row refused by eddy_out_emit fails the job even when the callback goes on */
        if (!rc && s->out.failed) rc = EDDY_E_UDF;
        if (rc) rc = eddy__op_callback_failed(op, rc, "process function");
        eddy__out_discard(&s->out);
    }
    s->pc.has_ts = false;
    eddy__arena_reset(&s->scratch);
    if (!rc) rc = eddy__out_flush(&s->out);
    for (SideOut *so = s->sides; so && !rc; so = so->next) rc = eddy__out_flush(&so->out);
    return rc;
}

/* close runs once, after the last element or after an error */
static eddy_status sp_close_fn(Op *op) {
    const StreamProcessPlan *p = op->plan;
    SpState *s = op->state;
    if (!s || !s->fn_opened || s->fn_closed) return EDDY_OK;
    s->fn_closed = true;
    return p->fn.close ? p->fn.close(p->ctx, &s->pc) : EDDY_OK;
}

static eddy_status sp_finish(Op *op) {
    eddy_status rc = sp_close_fn(op);
    return rc ? eddy__op_callback_failed(op, rc, "close function") : EDDY_OK;
}

static void sp_close(Op *op) {
    SpState *s = op->state;
    if (!s) return;
    sp_close_fn(op);
    eddy__out_free(&s->out);
    for (SideOut *so = s->sides; so; so = so->next) eddy__out_free(&so->out);
    eddy__arena_destroy(&s->scratch);
}

const OpVtab eddy__op_stream_process = {
    .name = "Process", .open = sp_open, .push_batch = sp_push, .finish = sp_finish, .close = sp_close};

static eddy_status side_forward(Op *op, int input, Batch *b) {
    (void)input;
    return eddy__op_emit(op, b);
}

const OpVtab eddy__op_side_output = {.name = "SideOutput", .push_batch = side_forward};
