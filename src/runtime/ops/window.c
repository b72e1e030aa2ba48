/*
 * window.c -- the DataStream window operator (Flink's WindowOperator and
 * EvictingWindowOperator) over a keyed stream, on the state API and the
 * timer service.
 *
 *   element (key k, timestamp t; processing time: t = the clock's now):
 *     for each window w the assigner gives t (sliding: size/slide of them,
 *     the latest first):
 *       skip w if it is late: event time and w.max + lateness <= watermark
 *       contents[k, w] += element
 *       r = trigger.on_element(w)   -> FIRE: emit f(contents); PURGE: clear
 *       register the cleanup timer of w (w.max + lateness; none for MAX)
 *     an element no window took that is late (t + lateness <= watermark)
 *     goes to the late-data side output, or is dropped and counted
 *   timer (k, w, time): r = trigger.on_event_time / on_processing_time;
 *     FIRE / PURGE as above; at w's cleanup time: clear w's contents and
 *     its trigger state
 *
 * w.max = w.end - 1; results carry w.max as their record timestamp (global
 * windows: INT64_MAX). Window namespaces are 16 bytes (start, end).
 *
 * State: LIST "window-contents" per (key, window): each element as its
 * record timestamp (8 bytes) and the row in the serde.h form. The window
 * function runs when the window fires: reduce and aggregate fold the
 * elements in arrival order then (so a window keeps its elements until it
 * is purged, unlike Flink's incremental reducing state -- same results). An
 * evictor drops elements before the function runs, and they stay dropped
 * (Flink's evictBefore). VALUE "window-count" (BIGINT) per (key, window):
 * the count trigger's count.
 */
#include "runtime/hash.h"
#include "runtime/ops/watermarks.h"
#include "runtime/ops/window.h"
#include "types/serde.h"

/* A one-row batch a value is decoded into, or built in. */
typedef struct Slot {
    Batch *b;
    eddy_row row;
} Slot;

struct eddy_window_elements {
    Op *op;
    const Buf *blob;
    uint32_t pos;
    size_t count;
    Slot *slot;
};

struct eddy_window_ctx {
    Op *op;
    eddy_row key_row;
    int64_t start, end;
};

typedef struct WinState {
    State *contents, *count;
    TimerService *timers;
    KeyBatch kb;
    eddy_out out;       /* results */
    eddy_out late;      /* late-data side output */
    eddy_out acc_out;   /* builds reduce / aggregate values */
    Slot elem, acc, build; /* decoded element, accumulator, value being built */
    Batch *timer_key;
    Buf key_copy, enc, blob, kept;
    Arena scratch;
    eddy_window_ctx wc;
    StateKey key;
    uint64_t late_dropped;
    const char *who;
} WinState;

typedef enum TrigRes { TR_CONTINUE = 0, TR_FIRE = 1, TR_PURGE = 2, TR_FIRE_AND_PURGE = 3 } TrigRes;

static bool slot_init(Slot *s, int ncols, const Type *const *types) {
    s->b = eddy__batch_new_typed(ncols, types, 1);
    if (!s->b || !eddy__batch_ensure_ts(s->b, 1)) return false;
    s->b->n = s->b->count = 1;
    return true;
}

static void slot_reset(Slot *s) {
    for (int c = 0; c < s->b->ncols; c++) eddy__vec_reset(s->b->cols[c]);
}

/* ---- windows ------------------------------------------------------------------ */

static inline int64_t win_max(int64_t end) { return end == INT64_MAX ? INT64_MAX : end - 1; }

static StateNs win_ns(int64_t *buf, int64_t start, int64_t end) {
    buf[0] = start;
    buf[1] = end;
    return (StateNs){(const char *)buf, 16};
}

/* Flink's TimeWindow.getWindowStartWithOffset. */
static int64_t window_start(int64_t ts, int64_t offset, int64_t size) {
    int64_t rem = (ts - offset) % size;
    return rem < 0 ? ts - (rem + size) : ts - rem;
}

static int64_t cleanup_time(const WindowPlan *p, int64_t end) {
    int64_t m = win_max(end);
    if (!p->event_time) return m;
    return m > INT64_MAX - p->lateness ? INT64_MAX : m + p->lateness;
}

/* ---- the window function ----------------------------------------------------- */

static eddy_status decode_elem(Op *op, Slot *s, const void *el, uint32_t len) {
    WinState *ws = op->state;
    const WindowPlan *p = op->plan;
    int64_t ts;
    if (len < 8) goto corrupt;
    memcpy(&ts, el, 8);
    slot_reset(s);
    if (eddy__serde_read((const char *)el + 8, len - 8, s->b->cols, s->b->ncols, 0) != len - 8) goto corrupt;
    VEC_DATA(s->b->ts, int64_t)[0] = ts;
    eddy__row_view(&s->row, p->in_type, s->b, 0, &ws->scratch);
    return EDDY_OK;
corrupt:
    return eddy__op_fail(op, EDDY_E_INTERNAL, "the window contents of operator '%s' do not decode", op->node->name);
}

eddy_status eddy_window_elements_next(eddy_window_elements *it, const eddy_row **row) {
    if (!it || !row) return EDDY_E_MISUSE;
    const void *el;
    uint32_t len;
    if (!eddy__state_list_next(it->blob->data, (uint32_t)it->blob->len, &it->pos, &el, &len)) {
        *row = NULL;
        return EDDY_DONE;
    }
    eddy_status rc = decode_elem(it->op, it->slot, el, len);
    if (rc) return rc;
    *row = &it->slot->row;
    return EDDY_ROW;
}

size_t eddy_window_elements_count(const eddy_window_elements *it) { return it ? it->count : 0; }

const eddy_row *eddy_window_ctx_key(eddy_window_ctx *wc) { return wc ? &wc->key_row : NULL; }
int64_t eddy_window_ctx_start(eddy_window_ctx *wc) { return wc ? wc->start : 0; }
int64_t eddy_window_ctx_end(eddy_window_ctx *wc) { return wc ? wc->end : 0; }
int64_t eddy_window_ctx_max_timestamp(eddy_window_ctx *wc) { return wc ? win_max(wc->end) : 0; }
int64_t eddy_window_ctx_current_watermark(eddy_window_ctx *wc) { return wc ? wc->op->input_watermark : INT64_MIN; }
int64_t eddy_window_ctx_current_processing_time(eddy_window_ctx *wc) {
    return wc ? eddy__clock_now(eddy__op_clock(wc->op)) : 0;
}

/* Starts building a value of acc_out's type into the build slot. */
static eddy_status build_begin(WinState *s) {
    slot_reset(&s->build);
    s->acc_out.batch = s->build.b;
    s->acc_out.row = 0;
    s->acc_out.open = false;
    return eddy__out_begin(&s->acc_out);
}

/* The value built becomes the accumulator. */
static eddy_status build_end(Op *op, WinState *s, const Type *t) {
    eddy__out_seal(&s->acc_out);
    eddy_status rc = eddy__out_check_not_null(&s->acc_out, s->who);
    s->acc_out.open = false;
    s->acc_out.batch = NULL;
    if (rc) return rc;
    Slot tmp = s->acc;
    s->acc = s->build;
    s->build = tmp;
    eddy__row_view(&s->acc.row, t, s->acc.b, 0, &s->scratch);
    (void)op;
    return EDDY_OK;
}

static eddy_status fn_failed(Op *op, eddy_status rc) { return eddy__op_callback_failed(op, rc, "window function"); }

/* Runs the window function over the elements in s->blob (count of them)
 * and emits its results, stamped w.max. */
static eddy_status emit_window(Op *op, int64_t start, int64_t end, size_t count) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    s->wc.start = start;
    s->wc.end = end;
    s->out.default_ts = win_max(end);
    eddy_status rc = EDDY_OK;
    const void *el;
    uint32_t len, pos = 0;
    if (p->fn_kind == WF_PROCESS) {
        eddy_window_elements it = {op, &s->blob, 0, count, &s->elem};
        s->out.single = false;
        if ((rc = eddy__out_begin(&s->out))) return rc;
        rc = p->process.process(p->ctx, &s->wc, &it, &s->out);
        eddy__out_discard(&s->out);
        if (!rc && s->out.failed) rc = EDDY_E_UDF;
        eddy__arena_reset(&s->scratch);
        return rc ? fn_failed(op, rc) : EDDY_OK;
    }
    const Type *acc_t = p->fn_kind == WF_REDUCE ? p->in_type : p->acc_type;
    bool have = false;
    if (p->fn_kind == WF_AGGREGATE) {
        if ((rc = build_begin(s))) return rc;
        if ((rc = p->agg.create_accumulator(p->ctx, &s->acc_out))) return fn_failed(op, rc);
        if ((rc = build_end(op, s, acc_t))) return rc;
        have = true;
    }
    while (!rc && eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &el, &len)) {
        if (!have) {
            /* reduce: the first element is the first result */
            rc = decode_elem(op, &s->acc, el, len);
            have = true;
            continue;
        }
        if ((rc = decode_elem(op, &s->elem, el, len)) || (rc = build_begin(s))) break;
        rc = p->fn_kind == WF_REDUCE ? p->reduce(p->ctx, &s->acc.row, &s->elem.row, &s->acc_out)
                                     : p->agg.add(p->ctx, &s->elem.row, &s->acc.row, &s->acc_out);
        if (rc) {
            s->acc_out.open = false;
            s->acc_out.batch = NULL;
            rc = fn_failed(op, rc);
            break;
        }
        rc = build_end(op, s, acc_t);
    }
    if (rc || !have) return rc;
    if ((rc = eddy__out_begin(&s->out))) return rc;
    if (p->fn_kind == WF_REDUCE) {
        eddy__out_set_all(&s->out);
        for (int c = 0; c < op->node->ncols; c++)
            eddy__vec_copy_value(s->out.batch->cols[c], s->out.row, s->acc.b->cols[c], 0);
    } else {
        s->out.single = true;
        rc = p->agg.get_result(p->ctx, &s->acc.row, &s->out);
        if (rc) {
            eddy__out_discard(&s->out);
            return fn_failed(op, rc);
        }
    }
    eddy__arena_reset(&s->scratch);
    return eddy__out_commit(&s->out);
}

/* ---- contents, evictors ------------------------------------------------------- */

static eddy_status blob_count(Op *op, const Buf *b, size_t *n) {
    const void *el;
    uint32_t len, pos = 0;
    size_t k = 0;
    while (eddy__state_list_next(b->data, (uint32_t)b->len, &pos, &el, &len)) k++;
    if (pos != b->len)
        return eddy__op_fail(op, EDDY_E_INTERNAL, "the window contents of operator '%s' do not decode", op->node->name);
    *n = k;
    return EDDY_OK;
}

/* Flink's evictBefore: drops elements from s->blob (and from the state). */
static eddy_status evict(Op *op, StateNs ns, size_t *count) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    if (p->evictor == WE_NONE) return EDDY_OK;
    const void *el;
    uint32_t len, pos = 0;
    int64_t cutoff = INT64_MIN;
    size_t skip = 0;
    if (p->evictor == WE_COUNT) {
        if (*count <= (size_t)p->evict_n) return EDDY_OK;
        skip = *count - (size_t)p->evict_n;
    } else {
        /* the time evictor: keep what is within size of the latest element */
        int64_t max = INT64_MIN;
        while (eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &el, &len)) {
            int64_t ts;
            memcpy(&ts, el, 8);
            if (ts > max) max = ts;
        }
        if (max == INT64_MIN) return EDDY_OK; /* no timestamps */
        cutoff = max - p->evict_n;
        pos = 0;
    }
    s->kept.len = 0;
    size_t i = 0, kept = 0;
    while (eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &el, &len)) {
        int64_t ts;
        memcpy(&ts, el, 8);
        bool drop = p->evictor == WE_COUNT ? i < skip : ts <= cutoff;
        i++;
        if (drop) continue;
        eddy__state_list_frame(&s->kept, el, len);
        kept++;
    }
    if (s->kept.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    if (kept == *count) return EDDY_OK;
    eddy_status rc = eddy__state_list_update(s->contents, &s->key, ns, s->kept.data, (uint32_t)s->kept.len);
    if (rc) return rc;
    Buf t = s->blob;
    s->blob = s->kept;
    s->kept = t;
    *count = kept;
    return EDDY_OK;
}

/* FIRE: the function over the window's contents (none: nothing). */
static eddy_status fire(Op *op, int64_t start, int64_t end) {
    WinState *s = op->state;
    int64_t nsb[2];
    StateNs ns = win_ns(nsb, start, end);
    const void *blob;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_list_get(s->contents, &s->key, ns, &blob, &len, &found);
    if (rc || !found) return rc;
    s->blob.len = 0;
    eddy__buf_put(&s->blob, blob, len);
    if (s->blob.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    size_t count = 0;
    if ((rc = blob_count(op, &s->blob, &count)) || (rc = evict(op, ns, &count))) return rc;
    return emit_window(op, start, end, count);
}

/* ---- triggers ------------------------------------------------------------------ */

static eddy_status timer_op(WinState *s, TimeDomain d, int64_t start, int64_t end, int64_t t, bool reg) {
    int64_t nsb[2];
    StateNs ns = win_ns(nsb, start, end);
    return reg ? eddy__timers_register(s->timers, d, &s->key, ns, t) : eddy__timers_delete(s->timers, d, &s->key, ns, t);
}

static TrigRes purging(const WindowPlan *p, TrigRes r) { return p->purging && (r & TR_FIRE) ? TR_FIRE_AND_PURGE : r; }

static eddy_status trig_element(Op *op, int64_t start, int64_t end, TrigRes *res) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t m = win_max(end);
    *res = TR_CONTINUE;
    eddy_status rc = EDDY_OK;
    switch (p->trigger) {
    case WT_NEVER: break;
    case WT_EVENT:
        if (m <= op->input_watermark) *res = TR_FIRE; /* a late firing */
        else rc = timer_op(s, TIME_EVENT, start, end, m, true);
        break;
    case WT_PROC: rc = timer_op(s, TIME_PROCESSING, start, end, m, true); break;
    case WT_COUNT: {
        int64_t nsb[2];
        StateNs ns = win_ns(nsb, start, end);
        const void *v;
        uint32_t len;
        bool found;
        int64_t n = 0;
        if ((rc = eddy__state_get(s->count, &s->key, ns, &v, &len, &found))) return rc;
        if (found && len == 8) memcpy(&n, v, 8);
        if (++n >= p->trigger_count) {
            *res = TR_FIRE;
            rc = eddy__state_remove(s->count, &s->key, ns, NULL);
        } else {
            rc = eddy__state_put(s->count, &s->key, ns, &n, 8);
        }
        break;
    }
    }
    *res = purging(p, *res);
    return rc;
}

static TrigRes trig_time(const WindowPlan *p, TimeDomain d, int64_t end, int64_t time) {
    TrigRes r = TR_CONTINUE;
    if (p->trigger == WT_EVENT && d == TIME_EVENT && time == win_max(end)) r = TR_FIRE;
    if (p->trigger == WT_PROC && d == TIME_PROCESSING) r = TR_FIRE;
    return purging(p, r);
}

static eddy_status trig_clear(Op *op, int64_t start, int64_t end) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t m = win_max(end), nsb[2];
    switch (p->trigger) {
    case WT_EVENT: return timer_op(s, TIME_EVENT, start, end, m, false);
    case WT_PROC: return timer_op(s, TIME_PROCESSING, start, end, m, false);
    case WT_COUNT: return eddy__state_remove(s->count, &s->key, win_ns(nsb, start, end), NULL);
    default: return EDDY_OK;
    }
}

static eddy_status purge(WinState *s, int64_t start, int64_t end) {
    int64_t nsb[2];
    return eddy__state_remove(s->contents, &s->key, win_ns(nsb, start, end), NULL);
}

/* ---- the operator ----------------------------------------------------------------- */

static eddy_status late_flush(void *ctx, Batch *b) {
    Op *op = ctx;
    const WindowPlan *p = op->plan;
    eddy_status rc = eddy__op_emit_side(op, p->late_side, b);
    eddy__batch_release(b);
    return rc;
}

static eddy_status win_open(Op *op) {
    const WindowPlan *p = op->plan;
    WinState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__key_batch_init(&s->kb);
    eddy__arena_init(&s->scratch, 4096);
    eddy__buf_init(&s->key_copy);
    eddy__buf_init(&s->enc);
    eddy__buf_init(&s->blob);
    eddy__buf_init(&s->kept);
    s->wc.op = op;
    EdErr *err = eddy__op_err(op);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   err);
    s->out.who = eddy__arena_printf(op->arena, "The window function of operator '%s' emitted", op->node->name);
    s->who = eddy__arena_printf(op->arena, "The window function of operator '%s' returned", op->node->name);
    int in_n = eddy__type_column_count(p->in_type);
    const Type *acc_t = p->fn_kind == WF_AGGREGATE ? p->acc_type : p->in_type;
    int acc_n = eddy__type_column_count(acc_t);
    const Type **in_cols = eddy__arena_alloc(op->arena, sizeof(Type *) * (size_t)(in_n + 1));
    const Type **acc_cols = eddy__arena_alloc(op->arena, sizeof(Type *) * (size_t)(acc_n + 1));
    if (!s->out.who || !s->who || !in_cols || !acc_cols) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < in_n; c++) in_cols[c] = eddy__type_column_type(p->in_type, c);
    for (int c = 0; c < acc_n; c++) acc_cols[c] = eddy__type_column_type(acc_t, c);
    eddy__out_init(&s->acc_out, acc_t, acc_n, acc_cols, 1, NULL, NULL, err);
    s->acc_out.single = true;
    if (p->late_side)
        eddy__out_init(&s->late, p->late_type, in_n, in_cols, op->batch_size, late_flush, op, err);
    s->timer_key = eddy__batch_new_typed(p->key->nkeys, p->key->types, 1);
    if (!s->timer_key || !slot_init(&s->elem, in_n, in_cols) || !slot_init(&s->acc, acc_n, acc_cols) ||
        !slot_init(&s->build, acc_n, acc_cols))
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->timer_key->n = s->timer_key->count = 1;
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (rc) return rc;
    const Type *kt = p->key->nkeys == 1 ? p->key->types[0] : NULL;
    StateDesc d = {.name = "window-contents", .kind = STATE_LIST, .key_type = kt, .value_type = p->in_type};
    if ((rc = eddy__state_register(be, &d, &s->contents))) return rc;
    StateDesc c = {.name = "window-count", .kind = STATE_VALUE, .key_type = kt,
                   .value_type = eddy__type_basic(TY_BIGINT, false)};
    if ((rc = eddy__state_register(be, &c, &s->count))) return rc;
    return eddy__timers_get(be, &s->timers);
}

static void win_close(Op *op) {
    WinState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    if (((const WindowPlan *)op->plan)->late_side) eddy__out_free(&s->late);
    s->acc_out.batch = NULL;
    if (s->elem.b) eddy__batch_release(s->elem.b);
    if (s->acc.b) eddy__batch_release(s->acc.b);
    if (s->build.b) eddy__batch_release(s->build.b);
    eddy__batch_release(s->timer_key);
    eddy__buf_free(&s->key_copy);
    eddy__buf_free(&s->enc);
    eddy__buf_free(&s->blob);
    eddy__buf_free(&s->kept);
    eddy__arena_destroy(&s->scratch);
}

static inline void key_view(eddy_row *kr, const Type *t, Vector *const *cols, int ncols, uint32_t row) {
    *kr = (eddy_row){.type = t, .cols = cols, .ncols = ncols, .idx = row, .kind = RK_INSERT, .ts = TS_NONE};
}

/* The element (already encoded in s->enc) into window [start, end). */
static eddy_status into_window(Op *op, int64_t start, int64_t end, bool *taken) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    if (p->event_time && cleanup_time(p, end) <= op->input_watermark) return EDDY_OK; /* a late window */
    *taken = true;
    int64_t nsb[2];
    eddy_status rc = eddy__state_list_add(s->contents, &s->key, win_ns(nsb, start, end), s->enc.data, (uint32_t)s->enc.len);
    TrigRes r;
    if (rc || (rc = trig_element(op, start, end, &r))) return rc;
    if ((r & TR_FIRE) && (rc = fire(op, start, end))) return rc;
    if ((r & TR_PURGE) && (rc = purge(s, start, end))) return rc;
    int64_t ct = cleanup_time(p, end);
    if (ct == INT64_MAX) return EDDY_OK;
    return timer_op(s, p->event_time ? TIME_EVENT : TIME_PROCESSING, start, end, ct, true);
}

static eddy_status win_push(Op *op, int input, Batch *b) {
    (void)input;
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    /* processing time: the clock when the batch arrived */
    int64_t now = p->event_time ? 0 : eddy__clock_now(eddy__op_clock(op));
    Vector *keys[16];
    if (p->key->nkeys > 16) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "keys of more than 16 fields are not supported yet");
    eddy_status rc = eddy__key_compute(p->key, b, keys, eddy__op_err(op));
    if (rc) return rc;
    rc = eddy__key_batch_encode(&s->kb, keys, p->key->nkeys, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    uint64_t dropped = 0;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        int64_t ts = p->event_time ? batch_ts(b, r) : now;
        if (p->event_time && ts == TS_NONE) {
            rc = eddy__op_fail(op, EDDY_E_RUNTIME,
                               "Record has Long.MIN_VALUE timestamp (= no timestamp marker). Is the time "
                               "characteristic set to 'ProcessingTime', or did you forget to call "
                               "'DataStream.assignTimestampsAndWatermarks(...)'?");
            break;
        }
        s->key = eddy__key_batch_key(&s->kb, i);
        key_view(&s->wc.key_row, p->key_type, keys, p->key->nkeys, r);
        s->enc.len = 0;
        int64_t rts = batch_ts(b, r);
        eddy__buf_put(&s->enc, &rts, 8);
        eddy__serde_write(&s->enc, b->cols, b->ncols, r);
        if (s->enc.failed || s->enc.len > UINT32_MAX) {
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        bool taken = false;
        switch (p->assign) {
        case WA_GLOBAL: rc = into_window(op, INT64_MIN, INT64_MAX, &taken); break;
        case WA_TUMBLING: {
            int64_t st = window_start(ts, p->offset, p->size);
            rc = into_window(op, st, st + p->size, &taken);
            break;
        }
        case WA_SLIDING:
            for (int64_t st = window_start(ts, p->offset, p->slide); st > ts - p->size && !rc; st -= p->slide)
                rc = into_window(op, st, st + p->size, &taken);
            break;
        }
        if (rc || taken || !p->event_time || ts + p->lateness > op->input_watermark) continue;
        /* a late element */
        if (!p->late_side) {
            dropped++;
            continue;
        }
        s->late.default_ts = rts;
        if ((rc = eddy__out_begin(&s->late))) break;
        eddy__out_set_all(&s->late);
        for (int c = 0; c < b->ncols; c++) eddy__vec_copy_value(s->late.batch->cols[c], s->late.row, b->cols[c], r);
        rc = eddy__out_commit(&s->late);
    }
    for (int k = 0; k < p->key->nkeys; k++) eddy__vec_release(keys[k]);
    eddy__arena_reset(&s->scratch);
    if (!rc && dropped) rc = eddy__op_report_late(op, dropped);
    if (!rc) rc = eddy__out_flush(&s->out);
    if (!rc && p->late_side) rc = eddy__out_flush(&s->late);
    return rc;
}

static eddy_status win_on_timer(Op *op, const Timer *t) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    if (t->ns.len != 16) return eddy__op_fail(op, EDDY_E_INTERNAL, "a timer of operator '%s' has no window", op->node->name);
    int64_t start, end;
    memcpy(&start, t->ns.bytes, 8);
    memcpy(&end, (const char *)t->ns.bytes + 8, 8);
    /* the timer's bytes belong to the timer service: work on a copy */
    s->key_copy.len = 0;
    eddy__buf_put(&s->key_copy, t->key.bytes, t->key.len);
    if (s->key_copy.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < p->key->nkeys; c++) eddy__vec_reset(s->timer_key->cols[c]);
    if (eddy__serde_read(s->key_copy.data, s->key_copy.len, s->timer_key->cols, p->key->nkeys, 0) != s->key_copy.len)
        return eddy__op_fail(op, EDDY_E_INTERNAL, "a timer of operator '%s' has a key that does not decode",
                             op->node->name);
    s->key = (StateKey){s->key_copy.data, (uint32_t)s->key_copy.len, t->key.group, t->key.hash};
    key_view(&s->wc.key_row, p->key_type, s->timer_key->cols, p->key->nkeys, 0);
    int64_t time = t->ts;
    TimeDomain d = t->domain;
    TrigRes r = trig_time(p, d, end, time);
    eddy_status rc = EDDY_OK;
    if ((r & TR_FIRE) && (rc = fire(op, start, end))) return rc;
    if ((r & TR_PURGE) && (rc = purge(s, start, end))) return rc;
    bool cleanup = (d == TIME_EVENT) == p->event_time && cleanup_time(p, end) == time;
    if (cleanup && !(rc = purge(s, start, end))) rc = trig_clear(op, start, end);
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static eddy_status win_watermark(Op *op, int64_t wm) {
    WinState *s = op->state;
    eddy_status rc = eddy__out_flush(&s->out);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status win_finish(Op *op) {
    WinState *s = op->state;
    return eddy__out_flush(&s->out);
}

const OpVtab eddy__op_window = {.name = "Window",
                                .open = win_open,
                                .push_batch = win_push,
                                .push_watermark = win_watermark,
                                .on_timer = win_on_timer,
                                .finish = win_finish,
                                .close = win_close};
