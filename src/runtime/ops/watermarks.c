/*
 * watermarks.c -- Timestamps/Watermarks: sets each record's timestamp (the
 * strategy's assigner, or the timestamp it has) and runs the strategy's
 * watermark generator, one per parallel instance.
 *
 *   batch:     for each row: ts = assign(row, its ts); gen.on_event(row, ts)
 *              rows go on as a share of the input batch with a new
 *              timestamp vector; a watermark on_event emits cuts the batch
 *              there, so the rows before it precede it downstream
 *   clock:     every auto-watermark-interval (op.h on_processing_time):
 *              idle check (withIdleness), else gen.on_periodic_emit
 *   watermark: upstream ones are dropped but for MAX (end of input)
 *   finish:    gen.on_periodic_emit once more
 *
 * The output (eddy_watermark_output) forwards a watermark only above the
 * last one, and an emitted watermark makes an idle output active again
 * (eddy__op_emit_watermark); idleness travels as a status event that
 * downstream tasks use to leave the input out of their minimum.
 */
#include "runtime/ops/watermarks.h"

struct eddy_watermark_output {
    Op *op;
    int64_t max; /* the last watermark handed on */
    bool pending; /* a watermark emitted inside on_event, not yet handed on */
    eddy_status rc; /* the first failure of a hand-on */
};

typedef struct WmState {
    eddy_watermark_output out;
    void *gen_state;  /* WM_CUSTOM: what create made (or the ctx) */
    bool gen_created;
    int64_t max_ts;   /* WM_BOUNDED: the largest timestamp seen */
    int64_t next_emit; /* clock time of the next periodic emission */
    bool next_set;
    /* withIdleness: records seen, the count at the last check, and when
     * inactivity was first seen (INT64_MIN: not yet) */
    uint64_t counter, last_counter;
    int64_t inactive_since;
    Arena scratch;
} WmState;

void eddy_watermark_output_emit(eddy_watermark_output *out, int64_t watermark) {
    if (!out || watermark <= out->max) return;
    out->max = watermark;
    out->pending = true;
}

void eddy_watermark_output_mark_idle(eddy_watermark_output *out) {
    if (!out || out->rc) return;
    out->rc = eddy__op_emit_idle(out->op, true);
}

void eddy_watermark_output_mark_active(eddy_watermark_output *out) {
    if (!out || out->rc) return;
    out->rc = eddy__op_emit_idle(out->op, false);
}

/* Hands a pending watermark on. */
static eddy_status flush_watermark(WmState *s) {
    if (s->out.rc) return s->out.rc;
    if (!s->out.pending) return EDDY_OK;
    s->out.pending = false;
    return s->out.rc = eddy__op_emit_watermark(s->out.op, s->out.max);
}

static eddy_status wm_open(Op *op) {
    const WatermarkPlan *p = op->plan;
    WmState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    s->out.op = op;
    s->out.max = INT64_MIN;
    s->inactive_since = INT64_MIN;
    /* Flink's BoundedOutOfOrdernessWatermarks start so that the first
     * periodic watermark is Long.MIN_VALUE */
    s->max_ts = INT64_MIN + p->spec.bound + 1;
    eddy__arena_init(&s->scratch, 4096);
    if (p->spec.kind == WM_CUSTOM) {
        s->gen_state = p->spec.gen.create ? p->spec.gen.create(p->spec.gen_ctx, op->subtask) : p->spec.gen_ctx;
        s->gen_created = p->spec.gen.create != NULL;
    }
    return EDDY_OK;
}

static void wm_close(Op *op) {
    const WatermarkPlan *p = op->plan;
    WmState *s = op->state;
    if (!s) return;
    if (s->gen_created && p->spec.gen.destroy) p->spec.gen.destroy(s->gen_state);
    s->gen_created = false;
    eddy__arena_destroy(&s->scratch);
}

static eddy_status on_event(Op *op, WmState *s, const eddy_row *row, int64_t ts) {
    const WatermarkPlan *p = op->plan;
    s->counter++;
    if (p->spec.kind == WM_BOUNDED) {
        if (ts > s->max_ts) s->max_ts = ts;
    } else if (p->spec.kind == WM_CUSTOM && p->spec.gen.on_event) {
        eddy_status rc = p->spec.gen.on_event(s->gen_state, row, ts, &s->out);
        if (rc) return eddy__op_callback_failed(op, rc, "watermark generator");
    }
    return s->out.rc;
}

/* withIdleness: no record since the last check, and for longer than the
 * timeout since inactivity was first seen. */
static bool check_idle(WmState *s, int64_t idle_ms, int64_t now) {
    if (s->counter != s->last_counter) {
        s->last_counter = s->counter;
        s->inactive_since = INT64_MIN;
        return false;
    }
    if (s->inactive_since == INT64_MIN) {
        s->inactive_since = now;
        return false;
    }
    return now - s->inactive_since > idle_ms;
}

/* onPeriodicEmit; idle_check: of withIdleness (not at the end of input,
 * after the MAX watermark) */
static eddy_status periodic_emit(Op *op, WmState *s, int64_t now, bool idle_check) {
    const WatermarkPlan *p = op->plan;
    if (idle_check && p->spec.idle_ms > 0 && check_idle(s, p->spec.idle_ms, now)) {
        eddy_watermark_output_mark_idle(&s->out);
        return s->out.rc;
    }
    if (p->spec.kind == WM_BOUNDED) {
        eddy_watermark_output_emit(&s->out, s->max_ts - p->spec.bound - 1);
    } else if (p->spec.kind == WM_CUSTOM && p->spec.gen.on_periodic_emit) {
        eddy_status rc = p->spec.gen.on_periodic_emit(s->gen_state, &s->out);
        if (rc) return eddy__op_callback_failed(op, rc, "watermark generator");
    }
    return flush_watermark(s);
}

static eddy_status wm_processing_time(Op *op, int64_t now) {
    WmState *s = op->state;
    int64_t interval = eddy__op_auto_watermark_interval(op);
    if (!s || interval <= 0) return EDDY_OK;
    if (!s->next_set) {
        s->next_emit = now + interval;
        s->next_set = true;
        return EDDY_OK;
    }
    if (now < s->next_emit) return EDDY_OK;
    s->next_emit = now + interval;
    return periodic_emit(op, s, now, true);
}

/* Emits visible rows [from, to) of b with the timestamps ts (NULL: b's own). */
static eddy_status emit_slice(Op *op, Batch *b, Vector *ts, uint32_t from, uint32_t to) {
    if (from >= to) return EDDY_OK;
    if (from == 0 && to == b->count && !ts) return eddy__op_emit(op, b);
    Batch *c = eddy__batch_share(b);
    uint32_t *sel = c ? eddy__malloc(sizeof(uint32_t) * (to - from)) : NULL;
    if (!sel) {
        eddy__batch_release(c);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    for (uint32_t i = from; i < to; i++) sel[i - from] = batch_row(b, i);
    eddy__batch_set_sel(c, sel, to - from);
    if (ts) {
        eddy__vec_release(c->ts);
        c->ts = eddy__vec_retain(ts);
    }
    eddy_status rc = eddy__op_emit(op, c);
    eddy__batch_release(c);
    return rc;
}

static eddy_status wm_push(Op *op, int input, Batch *b) {
    (void)input;
    const WatermarkPlan *p = op->plan;
    WmState *s = op->state;
    Vector *ts = NULL;
    if (p->spec.assign) {
        ts = eddy__vec_new(eddy__type_basic(TY_BIGINT, false), b->n);
        if (!ts) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    eddy_status rc = EDDY_OK;
    bool need_row = p->spec.assign || (p->spec.kind == WM_CUSTOM && p->spec.gen.on_event);
    uint32_t from = 0;
    eddy_row row;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        int64_t t = batch_ts(b, r);
        if (need_row) eddy__row_view(&row, p->type, b, r, &s->scratch);
        if (p->spec.assign) {
            int64_t nt = t;
            rc = p->spec.assign(p->spec.assign_ctx, &row, t, &nt);
            if (rc) {
                rc = eddy__op_callback_failed(op, rc, "timestamp assigner");
                break;
            }
            VEC_DATA(ts, int64_t)[r] = t = nt;
            row.ts = nt;
        }
        rc = on_event(op, s, &row, t);
        if (!rc && s->out.pending) {
            /* the record goes on before the watermark it brought */
            rc = emit_slice(op, b, ts, from, i + 1);
            from = i + 1;
            if (!rc) rc = flush_watermark(s);
        }
    }
    eddy__arena_reset(&s->scratch);
    if (!rc) rc = emit_slice(op, b, ts, from, b->count);
    eddy__vec_release(ts);
    return rc;
}

static eddy_status wm_watermark(Op *op, int64_t wm) {
    return wm == INT64_MAX ? eddy__op_emit_watermark(op, wm) : EDDY_OK;
}

static eddy_status wm_finish(Op *op) {
    WmState *s = op->state;
    if (op->batch_mode) return EDDY_OK;
    return periodic_emit(op, s, eddy__clock_now(eddy__op_clock(op)), false);
}

const OpVtab eddy__op_watermarks = {.name = "Timestamps/Watermarks",
                                    .open = wm_open,
                                    .push_batch = wm_push,
                                    .push_watermark = wm_watermark,
                                    .on_processing_time = wm_processing_time,
                                    .finish = wm_finish,
                                    .close = wm_close};
