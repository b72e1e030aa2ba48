/*
 * window.c -- the DataStream window operator (Flink's WindowOperator and
 * EvictingWindowOperator) over a keyed stream, on the state API and the
 * timer service.
 *
 *   element (key k, timestamp t; processing time: t = the clock's now):
 *     for each window w the assigner gives t (sliding: size/slide of them,
 *     the latest first; sessions: [t, t + gap), merged into the key's
 *     session set first, see below):
 *       skip w if it is late: event time and w.max + lateness <= watermark
 *       contents[k, sw] += element (sw: w's state window, = w unless merged)
 *       r = trigger.on_element(w)   -> FIRE: emit f(contents); PURGE: clear
 *       register the cleanup timer of w (w.max + lateness; none for MAX)
 *     an element no window took that is late (t + lateness <= watermark)
 *     goes to the late-data side output, or is dropped and counted
 *   timer (k, w, time): r = trigger.on_event_time / on_processing_time;
 *     FIRE / PURGE as above; at w's cleanup time: clear w's contents and
 *     its trigger state (and retire it from the session set)
 *
 * w.max = w.end - 1; results carry w.max as their record timestamp (global
 * windows: INT64_MAX). Window namespaces are 16 bytes (start, end).
 *
 * Contents, by window function:
 *   reduce / aggregate without an evictor: incremental. REDUCING state
 *     "window-reduce" (the element reduced so far) or AGGREGATING state
 *     "window-acc" (the accumulator) per (key, state window), values in the
 *     serde.h row form; each element is folded in as it arrives, a firing
 *     reads the one value.
 *   process, or any function with an evictor: LIST "window-contents" per
 *     (key, state window): each element as its record timestamp (8 bytes)
 *     and the row. The function runs over them when the window fires
 *     (reduce / aggregate fold them then, in arrival order). An evictor
 *     drops elements before the function runs, and they stay dropped
 *     (Flink's evictBefore).
 * VALUE "window-count" (BIGINT) per (key, window): the count trigger's count.
 *
 * Sessions (merging windows, Flink's MergingWindowSet): VALUE
 * "merging-window-set" per key (no namespace) holds the key's open windows,
 * each with its state window: (start, end, state start, state end), int64
 * each. A new window [t, t + gap) is merged with every open window it
 * overlaps or touches (start <= other end and end >= other start); the
 * merged session keeps the state window of its earliest merged member, the
 * other members' contents / accumulators are merged into it (lists
 * appended in start order, reduce / aggregate merged), their trigger state
 * merged into the session's (count trigger: the counts add up; time
 * triggers: the session's timer registered) and their timers deleted.
 */
#include <stdlib.h>

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
    const Type *type; /* the elements' (NULL: the input's) */
    uint8_t *drop; /* a custom evictor's: the elements it evicts, else NULL */
    size_t seen;   /* elements returned so far */
};

struct eddy_window_ctx {
    Op *op;
    eddy_row key_row;
    int64_t start, end;
};

typedef struct Win {
    int64_t start, end;
} Win;

/* One open window of a key's session set and its state window. */
typedef struct MWin {
    Win w, sw;
} MWin;

typedef struct WinState {
    State *contents, *count;
    State *acc_st;      /* incremental: REDUCING / AGGREGATING, else NULL */
    State *merging;     /* sessions: the key's window set, else NULL */
    MWin *set;          /* the current key's session set */
    uint32_t nset, capset;
    bool set_dirty;
    TimerService *timers;
    KeyBatch kb;
    eddy_out out;       /* results */
    eddy_out late;      /* late-data side output */
    eddy_out acc_out;   /* builds reduce / aggregate values */
    Slot elem, last, acc, acc2, build; /* decoded elements, accumulators, value being built */
    Batch *timer_key;
    Buf key_copy, enc, blob, kept;
    Arena scratch;
    eddy_window_ctx wc;
    eddy_keyed_ctx wstore, gstore; /* the process function's per-window and global state */
    int64_t wstore_nsb[2];
    Slot pre;           /* then_process: the reduce / aggregate result it gets */
    eddy_out pre_out;   /* builds an aggregate's result there */
    Buf pre_blob;       /* the same as a one-element contents list */
    eddy_row cur;       /* the element (custom triggers, gap extractors) */
    int64_t cur_ts;     /* its time (event or processing) */
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

static eddy_status corrupt(Op *op) {
    return eddy__op_fail(op, EDDY_E_INTERNAL, "the window contents of operator '%s' do not decode", op->node->name);
}

/* A row in the serde.h form into slot sl (of type t), record timestamp ts. */
static eddy_status decode_row(Op *op, Slot *sl, const Type *t, const void *p, size_t len, int64_t ts) {
    WinState *ws = op->state;
    slot_reset(sl);
    if (eddy__serde_read(p, len, sl->b->cols, sl->b->ncols, 0) != len) return corrupt(op);
    VEC_DATA(sl->b->ts, int64_t)[0] = ts;
    eddy__row_view(&sl->row, t, sl->b, 0, &ws->scratch);
    return EDDY_OK;
}

/* An element of the contents list: its timestamp, then the row. */
static eddy_status decode_elem(Op *op, Slot *sl, const void *el, uint32_t len) {
    const WindowPlan *p = op->plan;
    int64_t ts;
    if (len < 8) return corrupt(op);
    memcpy(&ts, el, 8);
    return decode_row(op, sl, p->in_type, (const char *)el + 8, len - 8, ts);
}

eddy_status eddy_window_elements_next(eddy_window_elements *it, const eddy_row **row) {
    if (!it || !row) return EDDY_E_MISUSE;
    const void *el;
    uint32_t len;
    if (!eddy__state_list_next(it->blob->data, (uint32_t)it->blob->len, &it->pos, &el, &len)) {
        *row = NULL;
        return EDDY_DONE;
    }
    eddy_status rc;
    if (it->type) {
        int64_t ts;
        if (len < 8) return corrupt(it->op);
        memcpy(&ts, el, 8);
        rc = decode_row(it->op, it->slot, it->type, (const char *)el + 8, len - 8, ts);
    } else {
        rc = decode_elem(it->op, it->slot, el, len);
    }
    if (rc) return rc;
    it->seen++;
    *row = &it->slot->row;
    return EDDY_ROW;
}

eddy_status eddy_window_elements_evict(eddy_window_elements *it) {
    if (!it || !it->drop || !it->seen) return EDDY_E_MISUSE;
    it->drop[it->seen - 1] = 1;
    return EDDY_OK;
}

int64_t eddy_window_elements_timestamp(const eddy_window_elements *it) {
    return it && it->seen ? VEC_DATA(it->slot->b->ts, int64_t)[0] : TS_NONE;
}

size_t eddy_window_elements_count(const eddy_window_elements *it) { return it ? it->count : 0; }

const eddy_row *eddy_window_ctx_key(eddy_window_ctx *wc) {
    return wc && !((const WindowPlan *)wc->op->plan)->all ? &wc->key_row : NULL;
}
int64_t eddy_window_ctx_start(eddy_window_ctx *wc) { return wc ? wc->start : 0; }
int64_t eddy_window_ctx_end(eddy_window_ctx *wc) { return wc ? wc->end : 0; }
int64_t eddy_window_ctx_max_timestamp(eddy_window_ctx *wc) { return wc ? win_max(wc->end) : 0; }
int64_t eddy_window_ctx_current_watermark(eddy_window_ctx *wc) { return wc ? wc->op->input_watermark : INT64_MIN; }
int64_t eddy_window_ctx_current_processing_time(eddy_window_ctx *wc) {
    return wc ? eddy__clock_now(eddy__op_clock(wc->op)) : 0;
}

/* The process function's state stores, usable while it runs (process or
 * clear); Flink refuses per-window state for merging windows. */
eddy_keyed_ctx *eddy_window_ctx_window_state(eddy_window_ctx *wc) {
    if (!wc) return NULL;
    const WindowPlan *p = wc->op->plan;
    WinState *s = wc->op->state;
    if (p->assign == WA_SESSION) {
        eddy__op_fail(wc->op, EDDY_E_UNSUPPORTED, "Per-window state is not allowed when using merging windows.");
        s->wstore.failed = true;
        return NULL;
    }
    return &s->wstore;
}

eddy_keyed_ctx *eddy_window_ctx_global_state(eddy_window_ctx *wc) {
    return wc ? &((WinState *)wc->op->state)->gstore : NULL;
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

/* After a user callback built a value of type t: it becomes the accumulator
 * (s->acc), or the job fails. */
static eddy_status user_done(Op *op, WinState *s, eddy_status rc, const Type *t) {
    if (!rc) return build_end(op, s, t);
    s->acc_out.open = false;
    s->acc_out.batch = NULL;
    return fn_failed(op, rc);
}

static const Type *acc_type(const WindowPlan *p) { return p->fn_kind == WF_AGGREGATE ? p->acc_type : p->in_type; }

/* Runs the process function (process, or clear when it is NULL) for window
 * w of the current key with elements it; its state stores are live for the
 * call. */
static eddy_status call_process(Op *op, Win w, eddy_window_elements *it) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    s->wc.start = w.start;
    s->wc.end = w.end;
    eddy_keyed_ctx *st[2] = {&s->wstore, &s->gstore};
    for (int i = 0; i < 2; i++) {
        st[i]->phase = KC_ELEMENT;
        st[i]->key = s->key;
        st[i]->key_row = s->wc.key_row;
        st[i]->failed = false;
    }
    s->wstore.ns = win_ns(s->wstore_nsb, w.start, w.end);
    eddy_status rc;
    if (it) {
        s->out.single = false;
        s->out.default_ts = win_max(w.end);
        if ((rc = eddy__out_begin(&s->out))) return rc;
        rc = p->process.process(p->ctx, &s->wc, it, &s->out);
        eddy__out_discard(&s->out);
        if (!rc && s->out.failed) rc = EDDY_E_UDF;
    } else {
        rc = p->process.clear(p->ctx, &s->wc);
    }
    bool store_failed = s->wstore.failed || s->gstore.failed;
    for (int i = 0; i < 2; i++) st[i]->phase = KC_CLOSE;
    eddy__arena_reset(&s->scratch);
    if (!rc && store_failed) return EDDY_E_UDF; /* the message is on the job */
    return rc ? fn_failed(op, rc) : EDDY_OK;
}

/* Emits the result of the accumulator in s->acc (reduce: the row itself;
 * aggregate: get_result), stamped w.max. */
static eddy_status emit_acc(Op *op, Win w) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    if (p->then_process) {
        /* the one result, as the function's only element */
        Batch *src = s->acc.b;
        if (p->fn_kind == WF_AGGREGATE) {
            slot_reset(&s->pre);
            s->pre_out.batch = s->pre.b;
            s->pre_out.row = 0;
            s->pre_out.open = false;
            eddy_status rc = eddy__out_begin(&s->pre_out);
            if (!rc) rc = p->agg.get_result(p->ctx, &s->acc.row, &s->pre_out);
            if (rc) return fn_failed(op, rc);
            eddy__out_seal(&s->pre_out);
            if (s->pre_out.failed) return fn_failed(op, EDDY_E_UDF);
            src = s->pre.b;
        }
        int64_t ts = win_max(w.end);
        s->pre_blob.len = 0;
        eddy__buf_put(&s->pre_blob, "\0\0\0\0", 4); /* the element's length, below */
        eddy__buf_put(&s->pre_blob, &ts, 8);
        eddy__serde_write(&s->pre_blob, src->cols, src->ncols, 0);
        if (s->pre_blob.failed || s->pre_blob.len - 4 > UINT32_MAX) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        uint32_t elen = (uint32_t)(s->pre_blob.len - 4);
        memcpy(s->pre_blob.data, &elen, 4);
        eddy_window_elements it = {op, &s->pre_blob, 0, 1, &s->pre, p->pre_type, NULL, 0};
        return call_process(op, w, &it);
    }
    s->out.default_ts = win_max(w.end);
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
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

/* Runs the window function over the elements in s->blob (count of them)
 * and emits its results, stamped w.max. */
static eddy_status emit_window(Op *op, Win w, size_t count) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    s->wc.start = w.start;
    s->wc.end = w.end;
    s->out.default_ts = win_max(w.end);
    eddy_status rc = EDDY_OK;
    const void *el;
    uint32_t len, pos = 0;
    if (p->fn_kind == WF_PROCESS) {
        eddy_window_elements it = {op, &s->blob, 0, count, &s->elem, NULL, NULL, 0};
        return call_process(op, w, &it);
    }
    /* reduce / aggregate with an evictor: fold the elements kept */
    const Type *acc_t = acc_type(p);
    bool have = false;
    if (p->fn_kind == WF_AGGREGATE) {
        if ((rc = build_begin(s))) return rc;
        if ((rc = user_done(op, s, p->agg.create_accumulator(p->ctx, &s->acc_out), acc_t))) return rc;
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
        rc = user_done(op, s,
                       p->fn_kind == WF_REDUCE ? p->reduce(p->ctx, &s->acc.row, &s->elem.row, &s->acc_out)
                                               : p->agg.add(p->ctx, &s->elem.row, &s->acc.row, &s->acc_out),
                       acc_t);
    }
    if (rc || !have) return rc;
    return emit_acc(op, w);
}

/* ---- incremental state: the callbacks of the reducing / aggregating state --------- */

/* s->acc as the state's value bytes. */
static eddy_status acc_write(Op *op, Buf *out) {
    WinState *s = op->state;
    eddy__serde_write(out, s->acc.b->cols, s->acc.b->ncols, 0);
    return out->failed ? eddy__op_fail(op, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

/* Decodes the two rows a callback folds, into slots x and y, and starts the
 * value it builds. */
static eddy_status fold_begin(Op *op, Slot *x, const Type *xt, const void *a, size_t alen, Slot *y, const Type *yt,
                              const void *b, size_t blen) {
    eddy_status rc = decode_row(op, x, xt, a, alen, TS_NONE);
    if (!rc) rc = decode_row(op, y, yt, b, blen, TS_NONE);
    return rc ? rc : build_begin(op->state);
}

static eddy_status st_reduce(void *ctx, const void *a, size_t alen, const void *b, size_t blen, Buf *out, EdErr *err) {
    (void)err;
    Op *op = ctx;
    WinState *s = op->state;
    const WindowPlan *p = op->plan;
    eddy_status rc = fold_begin(op, &s->acc, p->in_type, a, alen, &s->elem, p->in_type, b, blen);
    if (rc) return rc;
    rc = user_done(op, s, p->reduce(p->ctx, &s->acc.row, &s->elem.row, &s->acc_out), p->in_type);
    return rc ? rc : acc_write(op, out);
}

static eddy_status st_create(void *ctx, Buf *out, EdErr *err) {
    (void)err;
    Op *op = ctx;
    WinState *s = op->state;
    const WindowPlan *p = op->plan;
    eddy_status rc = build_begin(s);
    if (!rc) rc = user_done(op, s, p->agg.create_accumulator(p->ctx, &s->acc_out), p->acc_type);
    return rc ? rc : acc_write(op, out);
}

static eddy_status st_add(void *ctx, const void *acc, size_t alen, const void *in, size_t ilen, Buf *out, EdErr *err) {
    (void)err;
    Op *op = ctx;
    WinState *s = op->state;
    const WindowPlan *p = op->plan;
    eddy_status rc = fold_begin(op, &s->acc, p->acc_type, acc, alen, &s->elem, p->in_type, in, ilen);
    if (rc) return rc;
    rc = user_done(op, s, p->agg.add(p->ctx, &s->elem.row, &s->acc.row, &s->acc_out), p->acc_type);
    return rc ? rc : acc_write(op, out);
}

static eddy_status st_merge(void *ctx, const void *a, size_t alen, const void *b, size_t blen, Buf *out, EdErr *err) {
    (void)err;
    Op *op = ctx;
    WinState *s = op->state;
    const WindowPlan *p = op->plan;
    eddy_status rc = fold_begin(op, &s->acc, p->acc_type, a, alen, &s->acc2, p->acc_type, b, blen);
    if (rc) return rc;
    rc = user_done(op, s, p->agg.merge(p->ctx, &s->acc.row, &s->acc2.row, &s->acc_out), p->acc_type);
    return rc ? rc : acc_write(op, out);
}

/* Not read: a firing decodes the accumulator itself (get_result writes rows). */
static eddy_status st_result(void *ctx, const void *acc, size_t alen, Buf *out, EdErr *err) {
    (void)ctx;
    (void)err;
    eddy__buf_put(out, acc, alen);
    return EDDY_OK;
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

/* Drops the elements flagged in drop[0..*count) from s->blob and from the
 * state (the window keeps the rest). */
static eddy_status drop_marked(Op *op, StateNs ns, size_t *count, const uint8_t *drop) {
    WinState *s = op->state;
    const void *el;
    uint32_t len, pos = 0;
    s->kept.len = 0;
    size_t i = 0, kept = 0;
    while (eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &el, &len)) {
        if (i < *count && drop[i++]) continue;
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

/* The element at *pos of s->blob decoded into sl (false at the end). */
static bool next_elem(Op *op, Slot *sl, uint32_t *pos, eddy_status *rc) {
    WinState *s = op->state;
    const void *el;
    uint32_t len;
    if (!eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, pos, &el, &len)) return false;
    *rc = decode_elem(op, sl, el, len);
    return !*rc;
}

/* An evictor over s->blob (count elements), before (after false) or after
 * the window function; the window w for a custom evictor's context. */
static eddy_status evict(Op *op, Win w, StateNs ns, size_t *count, bool after) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    if (p->evictor == WE_NONE || !*count || (after && p->evictor != WE_CUSTOM)) return EDDY_OK;
    if (p->evictor == WE_CUSTOM && !(after ? p->custom_evictor.evict_after : p->custom_evictor.evict_before))
        return EDDY_OK;
    uint8_t *drop = eddy__arena_alloc(&s->scratch, *count);
    if (!drop) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memset(drop, 0, *count);
    const void *el;
    uint32_t len, pos = 0;
    size_t i = 0;
    eddy_status rc = EDDY_OK;
    switch (p->evictor) {
    case WE_COUNT:
        /* all but the last n */
        for (; *count > (size_t)p->evict_n && i < *count - (size_t)p->evict_n; i++) drop[i] = 1;
        break;
    case WE_TIME: {
        /* what is more than size older than the latest element */
        int64_t max = INT64_MIN, ts;
        while (eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &el, &len)) {
            memcpy(&ts, el, 8);
            if (ts > max) max = ts;
        }
        if (max == INT64_MIN) return EDDY_OK; /* no timestamps */
        for (pos = 0; eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &el, &len); i++) {
            memcpy(&ts, el, 8);
            drop[i] = ts <= max - p->evict_n;
        }
        break;
    }
    case WE_DELTA: {
        /* what is threshold or more away from the last element */
        while (next_elem(op, &s->last, &pos, &rc)) {}
        for (pos = 0; !rc && next_elem(op, &s->elem, &pos, &rc); i++)
            drop[i] = p->delta(p->evict_ctx, &s->elem.row, &s->last.row) >= p->delta_threshold;
        break;
    }
    case WE_CUSTOM: {
        eddy_window_elements it = {op, &s->blob, 0, *count, &s->elem, NULL, drop, 0};
        s->wc.start = w.start;
        s->wc.end = w.end;
        rc = (after ? p->custom_evictor.evict_after : p->custom_evictor.evict_before)(p->evict_ctx, &s->wc, &it);
        if (rc) return eddy__op_callback_failed(op, rc, "evictor");
        break;
    }
    default: break;
    }
    return rc ? rc : drop_marked(op, ns, count, drop);
}

static StateNs wns(int64_t *buf, Win w) { return win_ns(buf, w.start, w.end); }
static bool win_eq(Win a, Win b) { return a.start == b.start && a.end == b.end; }

/* FIRE: the function over the contents of state window sw (none: nothing),
 * as window w. */
static eddy_status fire(Op *op, Win w, Win sw) {
    WinState *s = op->state;
    int64_t nsb[2];
    StateNs ns = wns(nsb, sw);
    const void *blob;
    uint32_t len;
    bool found;
    eddy_status rc;
    if (s->acc_st) {
        if ((rc = eddy__state_get(s->acc_st, &s->key, ns, &blob, &len, &found)) || !found) return rc;
        if ((rc = decode_row(op, &s->acc, acc_type(op->plan), blob, len, TS_NONE))) return rc;
        return emit_acc(op, w);
    }
    rc = eddy__state_list_get(s->contents, &s->key, ns, &blob, &len, &found);
    if (rc || !found) return rc;
    s->blob.len = 0;
    eddy__buf_put(&s->blob, blob, len);
    if (s->blob.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    size_t count = 0;
    if ((rc = blob_count(op, &s->blob, &count)) || (rc = evict(op, w, ns, &count, false)) ||
        (rc = emit_window(op, w, count)))
        return rc;
    return evict(op, w, ns, &count, true);
}

/* Clears the contents (or the running value) of state window sw. */
static eddy_status purge(WinState *s, Win sw) {
    int64_t nsb[2];
    return eddy__state_remove(s->acc_st ? s->acc_st : s->contents, &s->key, wns(nsb, sw), NULL);
}

/* ---- triggers ------------------------------------------------------------------ */

static eddy_status timer_op(WinState *s, TimeDomain d, Win w, int64_t t, bool reg) {
    int64_t nsb[2];
    StateNs ns = wns(nsb, w);
    return reg ? eddy__timers_register(s->timers, d, &s->key, ns, t) : eddy__timers_delete(s->timers, d, &s->key, ns, t);
}

static TrigRes purging(const WindowPlan *p, TrigRes r) { return p->purging && (r & TR_FIRE) ? TR_FIRE_AND_PURGE : r; }

struct eddy_trigger_ctx {
    Op *op;
    Win w;
    const MWin *merged; /* on_merge: the windows merged into w */
    uint32_t nmerged;
    eddy_status rc;     /* the first failing call */
};

/* The trigger's BIGINT per (key, window): the count trigger's count, the
 * continuous trigger's next firing, a custom trigger's state. */
static eddy_status tstate_get(WinState *s, Win w, int64_t *n, bool *found) {
    int64_t nsb[2];
    const void *v;
    uint32_t len;
    bool f;
    eddy_status rc = eddy__state_get(s->count, &s->key, wns(nsb, w), &v, &len, &f);
    if (!rc) *found = f && len == 8;
    if (!rc && *found) memcpy(n, v, 8);
    return rc;
}

static eddy_status tstate_put(WinState *s, Win w, int64_t n) {
    int64_t nsb[2];
    return eddy__state_put(s->count, &s->key, wns(nsb, w), &n, 8);
}

static eddy_status tstate_clear(WinState *s, Win w) {
    int64_t nsb[2];
    return eddy__state_remove(s->count, &s->key, wns(nsb, w), NULL);
}

/* Folds the trigger state of the windows m[0..n) into w's (a reducing
 * state's mergeNamespaces); *found: w has a value now. */
static eddy_status tstate_merge(WinState *s, Win w, const MWin *m, uint32_t n, int how, int64_t *acc, bool *found) {
    eddy_status rc = tstate_get(s, w, acc, found);
    for (uint32_t i = 0; i < n && !rc; i++) {
        int64_t v;
        bool f;
        if ((rc = tstate_get(s, m[i].w, &v, &f)) || !f) continue;
        if (!*found) *acc = v;
        else if (how == EDDY_TRIGGER_MERGE_SUM) *acc += v;
        else if (how == EDDY_TRIGGER_MERGE_MIN ? v < *acc : v > *acc) *acc = v;
        *found = true;
        rc = tstate_clear(s, m[i].w);
    }
    return rc || !*found ? rc : tstate_put(s, w, *acc);
}

/* A custom trigger's callback returned r. */
static eddy_status custom_done(Op *op, const eddy_trigger_ctx *tc, int r, TrigRes *res) {
    if (tc->rc) return tc->rc;
    if (r < TR_CONTINUE || r > TR_FIRE_AND_PURGE)
        return eddy__op_fail(op, EDDY_E_UDF, "The trigger of operator '%s' returned %d, which is no trigger result.",
                             op->node->name, r);
    *res = (TrigRes)r;
    return EDDY_OK;
}

/* The continuous trigger's next firing after `from` (at most w.max). */
static eddy_status continuous_next(Op *op, Win w, int64_t from) {
    const WindowPlan *p = op->plan;
    int64_t m = win_max(w.end), next = from > m - p->trigger_count ? m : from + p->trigger_count;
    eddy_status rc = tstate_put(op->state, w, next);
    return rc ? rc : timer_op(op->state, TIME_EVENT, w, next, true);
}

static eddy_status trig_element(Op *op, Win w, TrigRes *res) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t m = win_max(w.end);
    *res = TR_CONTINUE;
    eddy_status rc = EDDY_OK;
    switch (p->trigger) {
    case WT_NEVER: break;
    case WT_EVENT:
    case WT_CONTINUOUS:
        if (m <= op->input_watermark) {
            *res = TR_FIRE; /* a late firing */
            break;
        }
        if ((rc = timer_op(s, TIME_EVENT, w, m, true)) || p->trigger == WT_EVENT) break;
        int64_t next;
        bool found;
        if (!(rc = tstate_get(s, w, &next, &found)) && !found)
            rc = continuous_next(op, w, s->cur_ts - s->cur_ts % p->trigger_count);
        break;
    case WT_PROC: rc = timer_op(s, TIME_PROCESSING, w, m, true); break;
    case WT_COUNT: {
        int64_t n = 0;
        bool had;
        if ((rc = tstate_get(s, w, &n, &had))) return rc;
        if (!had) n = 0;
        if (++n >= p->trigger_count) {
            *res = TR_FIRE;
            rc = tstate_clear(s, w);
        } else {
            rc = tstate_put(s, w, n);
        }
        break;
    }
    case WT_CUSTOM: {
        eddy_trigger_ctx tc = {op, w, NULL, 0, EDDY_OK};
        rc = custom_done(op, &tc, (int)p->custom.on_element(p->trigger_ctx, &tc, &s->cur, s->cur_ts), res);
        break;
    }
    }
    *res = purging(p, *res);
    return rc;
}

static eddy_status trig_time(Op *op, TimeDomain d, Win w, int64_t time, TrigRes *res) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t m = win_max(w.end);
    eddy_status rc = EDDY_OK;
    *res = TR_CONTINUE;
    switch (p->trigger) {
    case WT_EVENT:
        if (d == TIME_EVENT && time == m) *res = TR_FIRE;
        break;
    case WT_PROC:
        if (d == TIME_PROCESSING) *res = TR_FIRE;
        break;
    case WT_CONTINUOUS: {
        if (d != TIME_EVENT) break;
        if (time == m) {
            *res = TR_FIRE;
            break;
        }
        int64_t next;
        bool found;
        if ((rc = tstate_get(s, w, &next, &found)) || !found || next != time) break;
        if (!(rc = continuous_next(op, w, time))) *res = TR_FIRE;
        break;
    }
    case WT_CUSTOM: {
        eddy_trigger_ctx tc = {op, w, NULL, 0, EDDY_OK};
        eddy_trigger_result r = d == TIME_EVENT ? p->custom.on_event_time(p->trigger_ctx, &tc, time)
                                                : p->custom.on_processing_time(p->trigger_ctx, &tc, time);
        rc = custom_done(op, &tc, (int)r, res);
        break;
    }
    default: break;
    }
    *res = purging(p, *res);
    return rc;
}

static eddy_status trig_clear(Op *op, Win w) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t m = win_max(w.end);
    switch (p->trigger) {
    case WT_EVENT: return timer_op(s, TIME_EVENT, w, m, false);
    case WT_PROC: return timer_op(s, TIME_PROCESSING, w, m, false);
    case WT_COUNT: return tstate_clear(s, w);
    case WT_CONTINUOUS: {
        int64_t next;
        bool found;
        eddy_status rc = tstate_get(s, w, &next, &found);
        if (rc || !found) return rc;
        return (rc = timer_op(s, TIME_EVENT, w, next, false)) ? rc : tstate_clear(s, w);
    }
    case WT_CUSTOM: {
        eddy_trigger_ctx tc = {op, w, NULL, 0, EDDY_OK};
        if (p->custom.clear) p->custom.clear(p->trigger_ctx, &tc);
        return tc.rc;
    }
    default: return EDDY_OK;
    }
}

/* Trigger.onMerge: the session w absorbed the windows m[0..n). */
static eddy_status trig_merge(Op *op, Win w, const MWin *m, uint32_t n) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t max = win_max(w.end), v;
    bool found;
    eddy_status rc;
    switch (p->trigger) {
    case WT_EVENT: return max > op->input_watermark ? timer_op(s, TIME_EVENT, w, max, true) : EDDY_OK;
    case WT_PROC:
        return max > eddy__clock_now(eddy__op_clock(op)) ? timer_op(s, TIME_PROCESSING, w, max, true) : EDDY_OK;
    case WT_COUNT: return tstate_merge(s, w, m, n, EDDY_TRIGGER_MERGE_SUM, &v, &found);
    case WT_CONTINUOUS:
        if ((rc = tstate_merge(s, w, m, n, EDDY_TRIGGER_MERGE_MIN, &v, &found)) || !found) return rc;
        return timer_op(s, TIME_EVENT, w, v, true);
    case WT_CUSTOM: {
        eddy_trigger_ctx tc = {op, w, m, n, EDDY_OK};
        p->custom.on_merge(p->trigger_ctx, &tc);
        return tc.rc;
    }
    default: return EDDY_OK;
    }
}

/* ---- the trigger context (custom triggers) --------------------------------------- */

int64_t eddy_trigger_ctx_window_start(eddy_trigger_ctx *tc) { return tc ? tc->w.start : 0; }
int64_t eddy_trigger_ctx_window_end(eddy_trigger_ctx *tc) { return tc ? tc->w.end : 0; }
int64_t eddy_trigger_ctx_max_timestamp(eddy_trigger_ctx *tc) { return tc ? win_max(tc->w.end) : 0; }
int64_t eddy_trigger_ctx_current_watermark(eddy_trigger_ctx *tc) { return tc ? tc->op->input_watermark : INT64_MIN; }
int64_t eddy_trigger_ctx_current_processing_time(eddy_trigger_ctx *tc) {
    return tc ? eddy__clock_now(eddy__op_clock(tc->op)) : 0;
}

static void tc_timer(eddy_trigger_ctx *tc, TimeDomain d, int64_t t, bool reg) {
    if (tc && !tc->rc) tc->rc = timer_op(tc->op->state, d, tc->w, t, reg);
}
void eddy_trigger_ctx_register_event_time_timer(eddy_trigger_ctx *tc, int64_t t) { tc_timer(tc, TIME_EVENT, t, true); }
void eddy_trigger_ctx_delete_event_time_timer(eddy_trigger_ctx *tc, int64_t t) { tc_timer(tc, TIME_EVENT, t, false); }
void eddy_trigger_ctx_register_processing_time_timer(eddy_trigger_ctx *tc, int64_t t) {
    tc_timer(tc, TIME_PROCESSING, t, true);
}
void eddy_trigger_ctx_delete_processing_time_timer(eddy_trigger_ctx *tc, int64_t t) {
    tc_timer(tc, TIME_PROCESSING, t, false);
}

bool eddy_trigger_ctx_state_get(eddy_trigger_ctx *tc, int64_t *value) {
    bool found = false;
    int64_t v;
    if (!tc || tc->rc || !value) return false;
    tc->rc = tstate_get(tc->op->state, tc->w, &v, &found);
    if (!tc->rc && found) *value = v;
    return !tc->rc && found;
}
void eddy_trigger_ctx_state_set(eddy_trigger_ctx *tc, int64_t value) {
    if (tc && !tc->rc) tc->rc = tstate_put(tc->op->state, tc->w, value);
}
void eddy_trigger_ctx_state_clear(eddy_trigger_ctx *tc) {
    if (tc && !tc->rc) tc->rc = tstate_clear(tc->op->state, tc->w);
}
void eddy_trigger_ctx_merge_state(eddy_trigger_ctx *tc, int how) {
    if (!tc || tc->rc) return;
    if (!tc->merged || how < EDDY_TRIGGER_MERGE_SUM || how > EDDY_TRIGGER_MERGE_MAX) {
        tc->rc = eddy__op_fail(tc->op, EDDY_E_MISUSE,
                               "The trigger of operator '%s' called eddy_trigger_ctx_merge_state %s.", tc->op->node->name,
                               tc->merged ? "with an unknown merge kind" : "outside on_merge");
        return;
    }
    int64_t v;
    bool found;
    tc->rc = tstate_merge(tc->op->state, tc->w, tc->merged, tc->nmerged, how, &v, &found);
}

/* ---- sessions: the key's merging window set -------------------------------------- */

static bool set_reserve(WinState *s, uint32_t n) {
    if (n <= s->capset) return true;
    uint32_t cap = s->capset ? s->capset * 2 : 8;
    while (cap < n) cap *= 2;
    MWin *m = realloc(s->set, sizeof *m * cap);
    if (!m) return false;
    s->set = m;
    s->capset = cap;
    return true;
}

static eddy_status set_load(Op *op) {
    WinState *s = op->state;
    const void *v;
    uint32_t len;
    bool found;
    s->nset = 0;
    s->set_dirty = false;
    eddy_status rc = eddy__state_get(s->merging, &s->key, STATE_NO_NS, &v, &len, &found);
    if (rc || !found) return rc;
    if (len % sizeof(MWin)) return corrupt(op);
    /* room for the set, a new window and the members of a merge */
    if (!set_reserve(s, 2 * (len / (uint32_t)sizeof(MWin)) + 2)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memcpy(s->set, v, len);
    s->nset = len / (uint32_t)sizeof(MWin);
    return EDDY_OK;
}

static eddy_status set_store(Op *op) {
    WinState *s = op->state;
    if (!s->set_dirty) return EDDY_OK;
    s->set_dirty = false;
    if (!s->nset) return eddy__state_remove(s->merging, &s->key, STATE_NO_NS, NULL);
    return eddy__state_put(s->merging, &s->key, STATE_NO_NS, s->set, s->nset * (uint32_t)sizeof(MWin));
}

static MWin *set_find(WinState *s, Win w) {
    for (uint32_t i = 0; i < s->nset; i++)
        if (win_eq(s->set[i].w, w)) return &s->set[i];
    return NULL;
}

/* MergingWindowSet.retireWindow. */
static void set_retire(WinState *s, Win w) {
    MWin *m = set_find(s, w);
    if (!m) return;
    *m = s->set[--s->nset];
    s->set_dirty = true;
}

static void set_put(WinState *s, Win w, Win sw) {
    s->set[s->nset++] = (MWin){w, sw};
    s->set_dirty = true;
}

/* Merges the contents of state windows src[0..n) into target's. */
static eddy_status merge_state(Op *op, Win target, const MWin *src, uint32_t n) {
    WinState *s = op->state;
    int64_t nsb[2];
    StateNs tns = wns(nsb, target);
    if (s->acc_st) {
        StateNs *ns = eddy__arena_alloc(&s->scratch, sizeof *ns * n);
        int64_t *b = eddy__arena_alloc(&s->scratch, 16 * (size_t)n);
        if (!ns || !b) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        for (uint32_t i = 0; i < n; i++) ns[i] = win_ns(b + 2 * i, src[i].sw.start, src[i].sw.end);
        return eddy__state_merge_namespaces(s->acc_st, &s->key, tns, ns, n);
    }
    /* lists: the target's elements, then each source's, appended */
    s->kept.len = 0;
    const void *blob;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_list_get(s->contents, &s->key, tns, &blob, &len, &found);
    if (!rc && found) eddy__buf_put(&s->kept, blob, len);
    for (uint32_t i = 0; i < n && !rc; i++) {
        int64_t sb[2];
        StateNs ns = wns(sb, src[i].sw);
        if ((rc = eddy__state_list_get(s->contents, &s->key, ns, &blob, &len, &found))) break;
        if (!found) continue;
        eddy__buf_put(&s->kept, blob, len);
        rc = eddy__state_remove(s->contents, &s->key, ns, NULL);
    }
    if (rc) return rc;
    if (s->kept.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return eddy__state_list_update(s->contents, &s->key, tns, s->kept.data, (uint32_t)s->kept.len);
}

static eddy_status delete_cleanup_timer(Op *op, Win w) {
    const WindowPlan *p = op->plan;
    int64_t ct = cleanup_time(p, w.end);
    if (ct == INT64_MAX) return EDDY_OK;
    return timer_op(op->state, p->event_time ? TIME_EVENT : TIME_PROCESSING, w, ct, false);
}

/* MergingWindowSet.addWindow: the new window nw joins the key's set (loaded);
 * *actual is the session it ends up in. Open windows never overlap, so only
 * the windows nw overlaps or touches merge, with nw, into one session: it
 * keeps the state window of its earliest member (Flink picks any member's). */
static eddy_status set_add(Op *op, Win nw, Win *actual) {
    WinState *s = op->state;
    *actual = nw;
    if (set_find(s, nw)) return EDDY_OK;
    if (!set_reserve(s, 2 * s->nset + 2)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    /* the members, moved to the end of the array (after room for the set) */
    MWin *mem = s->set + s->nset + 1;
    uint32_t n = 0;
    Win res = nw;
    for (uint32_t i = 0; i < s->nset;) {
        Win w = s->set[i].w;
        if (w.start <= nw.end && w.end >= nw.start) {
            /* insertion by start */
            uint32_t j = n++;
            while (j > 0 && mem[j - 1].w.start > w.start) {
                mem[j] = mem[j - 1];
                j--;
            }
            mem[j] = s->set[i];
            if (w.start < res.start) res.start = w.start;
            if (w.end > res.end) res.end = w.end;
            s->set[i] = s->set[--s->nset];
            s->set_dirty = true;
            continue;
        }
        i++;
    }
    if (!n) {
        set_put(s, nw, nw);
        return EDDY_OK;
    }
    *actual = res;
    Win sw = mem[0].sw;
    /* mem may lie where the set grows: the set lost n members and gains one */
    set_put(s, res, sw);
    if (n == 1 && win_eq(mem[0].w, res)) return EDDY_OK; /* nw lies inside an open window */
    eddy_status rc = trig_merge(op, res, mem, n);
    for (uint32_t i = 0; i < n && !rc; i++)
        if (!(rc = trig_clear(op, mem[i].w))) rc = delete_cleanup_timer(op, mem[i].w);
    return rc || n == 1 ? rc : merge_state(op, sw, mem + 1, n - 1);
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
    memset(s, 0, sizeof *s);
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
    const Type *acc_t = acc_type(p);
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
    if (!s->timer_key || !slot_init(&s->elem, in_n, in_cols) || !slot_init(&s->last, in_n, in_cols) ||
        !slot_init(&s->acc, acc_n, acc_cols) ||
        !slot_init(&s->acc2, acc_n, acc_cols) || !slot_init(&s->build, acc_n, acc_cols))
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->timer_key->n = s->timer_key->count = 1;
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (rc) return rc;
    const Type *kt = p->key->nkeys == 1 ? p->key->types[0] : NULL;
    eddy__buf_init(&s->pre_blob);
    if (p->then_process) {
        int pre_n = eddy__type_column_count(p->pre_type);
        const Type **pre_cols = eddy__arena_alloc(op->arena, sizeof(Type *) * (size_t)(pre_n + 1));
        if (!pre_cols) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        for (int c = 0; c < pre_n; c++) pre_cols[c] = eddy__type_column_type(p->pre_type, c);
        if (!slot_init(&s->pre, pre_n, pre_cols)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        eddy__out_init(&s->pre_out, p->pre_type, pre_n, pre_cols, 1, NULL, NULL, err);
        s->pre_out.single = true;
        s->pre_out.who = s->who;
    }
    if (p->fn_kind == WF_PROCESS || p->then_process) {
        /* the function's state stores: keyed like the window's own state */
        eddy_keyed_ctx *st[2] = {&s->wstore, &s->gstore};
        for (int i = 0; i < 2; i++) {
            st[i]->op = op;
            st[i]->be = be;
            st[i]->phase = KC_CLOSE;
            st[i]->arena = op->arena;
            st[i]->store_key_type = kt;
        }
    }
    if (p->fn_kind != WF_PROCESS && p->evictor == WE_NONE) {
        /* incremental: one running value per (key, window) */
        StateDesc d = {.key_type = kt, .value_type = acc_t, .fn_ctx = op};
        if (p->fn_kind == WF_REDUCE) {
            d.name = "window-reduce";
            d.kind = STATE_REDUCING;
            d.reduce = st_reduce;
        } else {
            d.name = "window-acc";
            d.kind = STATE_AGGREGATING;
            d.agg = (StateAggFns){st_create, st_add, st_result, p->agg.merge ? st_merge : NULL};
        }
        if ((rc = eddy__state_register(be, &d, &s->acc_st))) return rc;
    } else {
        StateDesc d = {.name = "window-contents", .kind = STATE_LIST, .key_type = kt, .value_type = p->in_type};
        if ((rc = eddy__state_register(be, &d, &s->contents))) return rc;
    }
    StateDesc c = {.name = "window-count", .kind = STATE_VALUE, .key_type = kt,
                   .value_type = eddy__type_basic(TY_BIGINT, false)};
    if ((rc = eddy__state_register(be, &c, &s->count))) return rc;
    if (p->assign == WA_SESSION) {
        StateDesc m = {.name = "merging-window-set", .kind = STATE_VALUE, .key_type = kt,
                       .value_type = eddy__type_basic(TY_VARBINARY, false)};
        if ((rc = eddy__state_register(be, &m, &s->merging))) return rc;
    }
    return eddy__timers_get(be, &s->timers);
}

static void win_close(Op *op) {
    WinState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    if (((const WindowPlan *)op->plan)->late_side) eddy__out_free(&s->late);
    s->acc_out.batch = NULL;
    for (int i = 0; i < 2; i++) {
        eddy_keyed_ctx *st = i ? &s->gstore : &s->wstore;
        for (KctxHandle *h = st->handles, *next; h; h = next) {
            next = h->next;
            h->free(h);
        }
        st->handles = NULL;
    }
    s->pre_out.batch = NULL;
    eddy__buf_free(&s->pre_blob);
    Slot *slots[] = {&s->elem, &s->last, &s->acc, &s->acc2, &s->build, &s->pre};
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
        if (slots[i]->b) eddy__batch_release(slots[i]->b);
    if (s->timer_key) eddy__batch_release(s->timer_key);
    free(s->set);
    eddy__buf_free(&s->key_copy);
    eddy__buf_free(&s->enc);
    eddy__buf_free(&s->blob);
    eddy__buf_free(&s->kept);
    eddy__arena_destroy(&s->scratch);
}

static inline void key_view(eddy_row *kr, const Type *t, Vector *const *cols, int ncols, uint32_t row) {
    *kr = (eddy_row){.type = t, .cols = cols, .ncols = ncols, .idx = row, .kind = RK_INSERT, .ts = TS_NONE};
}

static bool late_window(Op *op, Win w) {
    const WindowPlan *p = op->plan;
    return p->event_time && cleanup_time(p, w.end) <= op->input_watermark;
}

/* The element (already encoded in s->enc) into window w, kept in state
 * window sw. */
static eddy_status into_window(Op *op, Win w, Win sw, bool *taken) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    if (late_window(op, w)) return EDDY_OK;
    *taken = true;
    int64_t nsb[2];
    StateNs ns = wns(nsb, sw);
    eddy_status rc = s->acc_st ? eddy__state_add(s->acc_st, &s->key, ns, s->enc.data + 8, (uint32_t)s->enc.len - 8)
                               : eddy__state_list_add(s->contents, &s->key, ns, s->enc.data, (uint32_t)s->enc.len);
    TrigRes r;
    if (rc || (rc = trig_element(op, w, &r))) return rc;
    if ((r & TR_FIRE) && (rc = fire(op, w, sw))) return rc;
    if ((r & TR_PURGE) && (rc = purge(s, sw))) return rc;
    int64_t ct = cleanup_time(p, w.end);
    if (ct == INT64_MAX) return EDDY_OK;
    return timer_op(s, p->event_time ? TIME_EVENT : TIME_PROCESSING, w, ct, true);
}

/* A session element at time ts, of the gap the assigner gives it. */
static eddy_status into_session(Op *op, int64_t ts, bool *taken) {
    const WindowPlan *p = op->plan;
    WinState *s = op->state;
    int64_t gap = p->gap;
    eddy_status rc;
    if (p->gap_fn) {
        if ((rc = p->gap_fn(p->gap_ctx, &s->cur, &gap))) return eddy__op_callback_failed(op, rc, "session gap extractor");
        if (gap <= 0) return eddy__op_fail(op, EDDY_E_RUNTIME, "Dynamic session time gap must satisfy 0 < gap");
    }
    Win nw = {ts, ts > INT64_MAX - gap ? INT64_MAX : ts + gap}, actual;
    if ((rc = set_load(op)) || (rc = set_add(op, nw, &actual))) return rc;
    if (late_window(op, actual)) {
        set_retire(s, actual);
    } else {
        const MWin *m = set_find(s, actual);
        if (!m) return corrupt(op);
        if ((rc = into_window(op, actual, m->sw, taken))) return rc;
    }
    return set_store(op);
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
        s->cur_ts = ts;
        if (p->gap_fn || p->trigger == WT_CUSTOM) eddy__row_view(&s->cur, p->in_type, b, r, &s->scratch);
        bool taken = false;
        switch (p->assign) {
        case WA_GLOBAL: {
            Win g = {INT64_MIN, INT64_MAX};
            rc = into_window(op, g, g, &taken);
            break;
        }
        case WA_TUMBLING: {
            int64_t st = window_start(ts, p->offset, p->size);
            Win w = {st, st + p->size};
            rc = into_window(op, w, w, &taken);
            break;
        }
        case WA_SLIDING:
            for (int64_t st = window_start(ts, p->offset, p->slide); st > ts - p->size && !rc; st -= p->slide) {
                Win w = {st, st + p->size};
                rc = into_window(op, w, w, &taken);
            }
            break;
        case WA_SESSION: rc = into_session(op, ts, &taken); break;
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
    Win w, sw;
    memcpy(&w.start, t->ns.bytes, 8);
    memcpy(&w.end, (const char *)t->ns.bytes + 8, 8);
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
    eddy_status rc = EDDY_OK;
    sw = w;
    if (s->merging) {
        if ((rc = set_load(op))) return rc;
        const MWin *m = set_find(s, w);
        if (!m) return EDDY_OK; /* merged away */
        sw = m->sw;
    }
    TrigRes r;
    if ((rc = trig_time(op, d, w, time, &r))) return rc;
    if ((r & TR_FIRE) && (rc = fire(op, w, sw))) return rc;
    if ((r & TR_PURGE) && (rc = purge(s, sw))) return rc;
    bool cleanup = (d == TIME_EVENT) == p->event_time && cleanup_time(p, w.end) == time;
    /* ProcessWindowFunction.clear: the window's state goes */
    if (cleanup && p->process.abi_version >= 2 && p->process.clear && (rc = call_process(op, w, NULL))) return rc;
    if (cleanup && !(rc = purge(s, sw)) && !(rc = trig_clear(op, w)) && s->merging) {
        set_retire(s, w);
        rc = set_store(op);
    }
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
