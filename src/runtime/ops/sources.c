/*
 * sources.c -- built-in sources: pre-built batches (fromElements), number
 * sequences (fromSequence) and user source callbacks, which may emit
 * watermarks and mark themselves idle between rows. A source emits a
 * batch or so per produce call so the scheduler can interleave tasks.
 */
#include "runtime/ops/ops.h"

/* ---- fromElements ------------------------------------------------------------- */

typedef struct ValuesState {
    int next;
} ValuesState;

static eddy_status values_open(Op *op) {
    op->state = eddy__arena_alloc(op->arena, sizeof(ValuesState));
    return op->state ? EDDY_OK : eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
}

static eddy_status values_produce(Op *op) {
    const ValuesPlan *p = op->plan;
    ValuesState *s = op->state;
    /* a parallel instance other than the first has nothing to emit */
    if (op->subtask != 0 || s->next >= p->nbatches) return EDDY_DONE;
    Batch *b = p->batches[s->next++];
    eddy_status rc = eddy__op_emit(op, b);
    if (rc) return rc;
    return s->next >= p->nbatches ? EDDY_DONE : EDDY_OK;
}

static eddy_status values_position(Op *op, Buf *out) {
    int64_t v = ((ValuesState *)op->state)->next;
    return eddy__op_position_i64(out, &v, 1);
}

static eddy_status values_seek(Op *op, const void *pos, size_t len) {
    int64_t v;
    eddy_status rc = eddy__op_seek_i64(op, pos, len, &v, 1);
    if (!rc) ((ValuesState *)op->state)->next = (int)v;
    return rc;
}

const OpVtab eddy__op_values = {.name = "Source: Collection Source",
                                .open = values_open,
                                .produce = values_produce,
                                .position = values_position,
                                .seek = values_seek};

/* ---- fromSequence ------------------------------------------------------------- */

typedef struct SeqState {
    int64_t next, last; /* inclusive range still to emit */
    bool done;
} SeqState;

static eddy_status seq_open(Op *op) {
    const SequencePlan *p = op->plan;
    SeqState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    /* split [from, to] into `parallelism` contiguous shares */
    if (p->to < p->from) {
        s->done = true;
    } else {
        __extension__ unsigned __int128 total = (unsigned __int128)((__int128)p->to - p->from) + 1;
        __extension__ unsigned __int128 lo = total * (unsigned)op->subtask / (unsigned)op->parallelism;
        __extension__ unsigned __int128 hi = total * (unsigned)(op->subtask + 1) / (unsigned)op->parallelism;
        s->next = (int64_t)((__int128)p->from + (__int128)lo);
        s->last = (int64_t)((__int128)p->from + (__int128)hi - 1);
        s->done = hi == lo;
    }
    op->state = s;
    return EDDY_OK;
}

static eddy_status seq_produce(Op *op) {
    SeqState *s = op->state;
    if (s->done) return EDDY_DONE;
    uint64_t left = (uint64_t)s->last - (uint64_t)s->next + 1;
    uint32_t n = left < op->batch_size ? (uint32_t)left : op->batch_size;
    const Type *t = op->node->col_types[0];
    Batch *b = eddy__batch_new_typed(1, &t, n);
    if (!b) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    int64_t *d = VEC_DATA(b->cols[0], int64_t);
    for (uint32_t i = 0; i < n; i++) d[i] = s->next + (int64_t)i;
    b->n = b->count = n;
    if ((uint64_t)n == left) s->done = true;
    else s->next += n;
    eddy_status rc = eddy__op_emit(op, b);
    eddy__batch_release(b);
    if (rc) return rc;
    return s->done ? EDDY_DONE : EDDY_OK;
}

static eddy_status seq_position(Op *op, Buf *out) {
    const SeqState *s = op->state;
    int64_t v[2] = {s->next, s->done};
    return eddy__op_position_i64(out, v, 2);
}

static eddy_status seq_seek(Op *op, const void *pos, size_t len) {
    SeqState *s = op->state;
    int64_t v[2];
    eddy_status rc = eddy__op_seek_i64(op, pos, len, v, 2);
    if (!rc) s->next = v[0], s->done = v[1] != 0;
    return rc;
}

const OpVtab eddy__op_sequence = {.name = "Source: Sequence Source",
                                  .open = seq_open,
                                  .produce = seq_produce,
                                  .position = seq_position,
                                  .seek = seq_seek};

/* ---- user sources ------------------------------------------------------------- */

typedef struct UserSourceState {
    eddy_out out;
    Op *op;
    uint64_t emitted;
    bool positioned; /* checkpointed sources: restore was called this attempt */
} UserSourceState;

static eddy_status src_flush(void *ctx, Batch *b) {
    UserSourceState *s = ctx;
    s->emitted += b->count;
    eddy_status rc = eddy__op_emit(s->op, b);
    eddy__batch_release(b);
    return rc;
}

/* SourceContext.emitWatermark / markAsTemporarilyIdle: the rows emitted so
 * far go on first, then the watermark or the idle status. */
static UserSourceState *source_of(eddy_out *out) {
    return out && out->flush == src_flush ? out->flush_ctx : NULL;
}

static eddy_status source_flush_rows(eddy_out *out) {
    eddy_status rc = eddy__out_flush(out);
    return rc ? rc : eddy__out_begin(out);
}

eddy_status eddy_source_emit_watermark(eddy_out *out, int64_t watermark) {
    UserSourceState *s = source_of(out);
    if (!s) return EDDY_E_MISUSE;
    eddy_status rc = source_flush_rows(out);
    return rc ? rc : eddy__op_emit_watermark(s->op, watermark);
}

eddy_status eddy_source_mark_idle(eddy_out *out) {
    UserSourceState *s = source_of(out);
    if (!s) return EDDY_E_MISUSE;
    eddy_status rc = source_flush_rows(out);
    return rc ? rc : eddy__op_emit_idle(s->op, true);
}

static eddy_status user_source_open(Op *op) {
    UserSourceState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->op = op;
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, src_flush, s,
                   eddy__op_err(op));
    s->out.who = eddy__arena_printf(op->arena, "The source function of operator '%s' emitted", op->node->name);
    op->state = s;
    if (!s->out.who) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* A user callback's status as the op's: anything but OK / DONE fails the
 * job, with a message when the callback left none; `what` names it. */
static eddy_status user_status(Op *op, eddy_status urc, const char *what) {
    if (urc == EDDY_OK || urc == EDDY_DONE) return urc;
    if (!eddy__err_is_set(eddy__op_err(op)))
        eddy__op_fail(op, urc, "The %s function of %s failed: %s", what, op->node->name, eddy_status_str(urc));
    return urc == EDDY_ROW ? EDDY_E_UDF : urc;
}

/* A checkpointed source's attempt that no checkpoint positioned (seek)
 * starts from the beginning: restore(NULL, 0) before its first run or
 * snapshot. */
static eddy_status ensure_positioned(Op *op) {
    const UserSourcePlan *p = op->plan;
    UserSourceState *s = op->state;
    if (!p->restore || s->positioned) return EDDY_OK;
    s->positioned = true;
    eddy_status rc = user_status(op, p->restore(p->ctx, op->subtask, op->parallelism, NULL, 0), "source restore");
    return rc == EDDY_DONE ? EDDY_OK : rc;
}

static eddy_status user_source_produce(Op *op) {
    const UserSourcePlan *p = op->plan;
    UserSourceState *s = op->state;
    eddy_status prc = ensure_positioned(op);
    if (prc) return prc;
    uint64_t before = s->emitted + s->out.row;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy_status urc = p->fn(p->ctx, op->subtask, op->parallelism, &s->out);
    eddy__out_discard(&s->out); /* a row begun but not emitted is dropped */
    /* a row refused by eddy_out_emit (NULL in a NOT NULL field) fails the job */
    if ((urc == EDDY_OK || urc == EDDY_DONE) && s->out.failed) urc = EDDY_E_UDF;
    if ((urc = user_status(op, urc, "source")) != EDDY_OK && urc != EDDY_DONE) return urc;
    rc = eddy__out_flush(&s->out);
    if (rc) return rc;
    if (urc == EDDY_DONE) return EDDY_DONE;
    return s->emitted == before ? EDDY_ROW : EDDY_OK;
}

static void user_source_close(Op *op) {
    UserSourceState *s = op->state;
    if (s) eddy__out_free(&s->out);
}

const OpVtab eddy__op_user_source = {.name = "Source: Custom Source",
                                     .open = user_source_open,
                                     .produce = user_source_produce,
                                     .close = user_source_close,
                                     .rewind_hint = "; eddy_from_checkpointed_source can"};

/* ---- checkpointed user sources ------------------------------------------------ */

struct eddy_source_position {
    Buf *b;
};

eddy_status eddy_source_position_write(eddy_source_position *pos, const void *data, size_t len) {
    if (!pos || (!data && len)) return EDDY_E_MISUSE;
    eddy__buf_put(pos->b, data, len);
    return pos->b->failed ? EDDY_E_NOMEM : EDDY_OK;
}

static eddy_status ckpt_source_position(Op *op, Buf *out) {
    const UserSourcePlan *p = op->plan;
    eddy_source_position pos = {out};
    eddy_status rc = ensure_positioned(op);
    if (rc) return rc;
    rc = user_status(op, p->snapshot(p->ctx, op->subtask, op->parallelism, &pos), "source snapshot");
    if (rc == EDDY_DONE) rc = EDDY_OK;
    if (!rc && out->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return rc;
}

static eddy_status ckpt_source_seek(Op *op, const void *data, size_t len) {
    const UserSourcePlan *p = op->plan;
    UserSourceState *s = op->state;
    s->positioned = true;
    eddy_status rc = user_status(op, p->restore(p->ctx, op->subtask, op->parallelism, data, len), "source restore");
    return rc == EDDY_DONE ? EDDY_OK : rc;
}

const OpVtab eddy__op_checkpointed_source = {.name = "Source: Custom Source",
                                             .open = user_source_open,
                                             .produce = user_source_produce,
                                             .close = user_source_close,
                                             .position = ckpt_source_position,
                                             .seek = ckpt_source_seek};
