/*
 * process.c -- the keyed process function (KeyedStream.process with a
 * KeyedProcessFunction): user callbacks over a keyed stream, with keyed
 * state and timers from the operator's state backend.
 *
 *   open:     backend = eddy__op_state(op); fn.open(ctx, kc)    (states registered)
 *   batch:    keys = key columns; kb = KeyBatch(keys)          (hash once)
 *             for each row: kc.key = kb.key(i); kc.ts = row's timestamp
 *                           fn.process_element(ctx, kc, row, out)
 *   timer:    kc.key = the timer's key (decoded for the key row); kc.ts = t
 *             fn.on_timer(ctx, kc, t, out)
 *   watermark: (the runtime fired the due timers) flush out, forward it
 *   finish:   flush out; fn.close(ctx, kc)
 *
 * Rows a callback emits go into one output batch, flushed when full, at the
 * end of each input batch and before a watermark goes on -- so rows of
 * event-time timers precede the watermark that fired them. Their record
 * timestamp starts as the element's, or the event-time timer's.
 *
 * State and time live in the backend (keyed state per key group, timers per
 * key), snapshotted with it; the context's state handles (api/keyed_state.c)
 * are per instance and freed at close. A ctx call that fails marks the
 * context failed; the operator fails the job after the callback returns.
 */
#include "runtime/hash.h"
#include "runtime/ops/ops.h"
#include "types/serde.h"

typedef struct ProcState {
    eddy_keyed_ctx kc;
    KeyBatch kb;
    eddy_out out;
    Arena scratch;     /* conversions made for the callbacks (per batch) */
    Batch *timer_key;  /* one row: the key of the firing timer */
    Buf key_copy;      /* its bytes */
    bool fn_opened, fn_closed;
} ProcState;

static eddy_status callback_failed(Op *op, eddy_status rc, const char *what) {
    ProcState *s = op->state;
    if (rc == EDDY_OK && s->kc.failed) rc = eddy__op_err(op)->code ? eddy__op_err(op)->code : EDDY_E_UDF;
    if (rc == EDDY_ROW || rc == EDDY_DONE) rc = EDDY_E_UDF;
    if (!eddy__err_is_set(eddy__op_err(op)))
        eddy__op_fail(op, rc, "The %s function of operator '%s' failed (%s).", what, op->node->name,
                      eddy_status_name(rc));
    return rc;
}

static eddy_status process_open(Op *op) {
    const KeyedProcessPlan *p = op->plan;
    ProcState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__key_batch_init(&s->kb);
    eddy__arena_init(&s->scratch, 4096);
    eddy__buf_init(&s->key_copy);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    s->timer_key = eddy__batch_new_typed(p->key->nkeys, p->key->types, 1);
    if (!s->timer_key) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->timer_key->n = s->timer_key->count = 1;
    eddy_keyed_ctx *kc = &s->kc;
    kc->op = op;
    kc->plan = p;
    kc->arena = op->arena;
    eddy_status rc = eddy__op_state(op, &kc->be);
    if (rc) return rc;
    kc->phase = KC_OPEN;
    s->fn_opened = true;
    if (p->fn.open) {
        rc = p->fn.open(p->ctx, kc);
        if (rc || kc->failed) return callback_failed(op, rc, "open");
    }
    return EDDY_OK;
}

/* Calls the user's close once (finish on success; close after errors). */
static eddy_status call_close(Op *op) {
    const KeyedProcessPlan *p = op->plan;
    ProcState *s = op->state;
    if (!s->fn_opened || s->fn_closed) return EDDY_OK;
    s->fn_closed = true;
    s->kc.phase = KC_CLOSE;
    if (!p->fn.close) return EDDY_OK;
    eddy_status rc = p->fn.close(p->ctx, &s->kc);
    return rc || s->kc.failed ? callback_failed(op, rc, "close") : EDDY_OK;
}

static void process_close(Op *op) {
    ProcState *s = op->state;
    if (!s) return;
    call_close(op);
    for (KctxHandle *h = s->kc.handles, *next; h; h = next) {
        next = h->next;
        h->free(h);
    }
    s->kc.handles = NULL;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__batch_release(s->timer_key);
    eddy__buf_free(&s->key_copy);
    eddy__arena_destroy(&s->scratch);
}

static inline void key_view(eddy_keyed_ctx *kc, const Type *t, Vector *const *cols, int ncols, uint32_t row) {
    kc->key_row = (eddy_row){.type = t, .cols = cols, .ncols = ncols, .idx = row, .kind = RK_INSERT, .ts = TS_NONE};
}

static eddy_status process_push(Op *op, int input, Batch *b) {
    (void)input;
    const KeyedProcessPlan *p = op->plan;
    ProcState *s = op->state;
    eddy_keyed_ctx *kc = &s->kc;
    Vector *keys[16];
    if (p->key->nkeys > 16) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "keys of more than 16 fields are not supported yet");
    eddy_status rc = eddy__key_compute(p->key, b, keys, eddy__op_err(op));
    if (rc) return rc;
    rc = eddy__key_batch_encode(&s->kb, keys, p->key->nkeys, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    s->out.single = false;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        eddy_row row;
        eddy__row_view(&row, p->in_type, b, r, &s->scratch);
        kc->phase = KC_ELEMENT;
        kc->key = eddy__key_batch_key(&s->kb, i);
        key_view(kc, p->key_type, keys, p->key->nkeys, r);
        kc->ts = batch_ts(b, r);
        kc->has_ts = kc->ts != TS_NONE;
        s->out.default_ts = kc->ts;
        if ((rc = eddy__out_begin(&s->out))) break;
        rc = p->fn.process_element(p->ctx, kc, &row, &s->out);
        eddy__out_discard(&s->out);
        if (rc || kc->failed) rc = callback_failed(op, rc, "process");
    }
    for (int k = 0; k < p->key->nkeys; k++) eddy__vec_release(keys[k]);
    eddy__arena_reset(&s->scratch);
    return rc ? rc : eddy__out_flush(&s->out);
}

static eddy_status process_on_timer(Op *op, const Timer *t) {
    const KeyedProcessPlan *p = op->plan;
    ProcState *s = op->state;
    eddy_keyed_ctx *kc = &s->kc;
    if (!p->fn.on_timer) return EDDY_OK;
    /* the timer's bytes belong to the timer service, which the callback may
     * change: work on a copy */
    s->key_copy.len = 0;
    eddy__buf_put(&s->key_copy, t->key.bytes, t->key.len);
    if (s->key_copy.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < p->key->nkeys; c++) eddy__vec_reset(s->timer_key->cols[c]);
    if (eddy__serde_read(s->key_copy.data, s->key_copy.len, s->timer_key->cols, p->key->nkeys, 0) != s->key_copy.len)
        return eddy__op_fail(op, EDDY_E_INTERNAL, "a timer of operator '%s' has a key that does not decode",
                             op->node->name);
    kc->phase = KC_TIMER;
    kc->key = (StateKey){s->key_copy.data, (uint32_t)s->key_copy.len, t->key.group, t->key.hash};
    key_view(kc, p->key_type, s->timer_key->cols, p->key->nkeys, 0);
    kc->ts = t->ts;
    kc->has_ts = true;
    kc->domain = t->domain;
    s->out.single = false;
    s->out.default_ts = t->domain == TIME_EVENT ? t->ts : TS_NONE;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    rc = p->fn.on_timer(p->ctx, kc, t->ts, &s->out);
    eddy__out_discard(&s->out);
    eddy__arena_reset(&s->scratch);
    if (rc || kc->failed) return callback_failed(op, rc, "timer");
    return EDDY_OK;
}

static eddy_status process_watermark(Op *op, int64_t wm) {
    ProcState *s = op->state;
    eddy_status rc = eddy__out_flush(&s->out);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status process_finish(Op *op) {
    ProcState *s = op->state;
    eddy_status rc = eddy__out_flush(&s->out);
    if (!rc) rc = call_close(op);
    return rc;
}

const OpVtab eddy__op_keyed_process = {.name = "KeyedProcess",
                                       .open = process_open,
                                       .push_batch = process_push,
                                       .push_watermark = process_watermark,
                                       .on_timer = process_on_timer,
                                       .finish = process_finish,
                                       .close = process_close};
