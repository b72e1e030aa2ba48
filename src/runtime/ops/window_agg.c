/*
 * window_agg.c -- window table functions (TUMBLE / HOP / CUMULATE) and the
 * window aggregation over them (GROUP BY window_start, window_end, ...),
 * in both runtime modes.
 *
 * WindowTableFunction is stateless: each input row goes out once per window
 * it belongs to, with window_start, window_end and window_time appended.
 * Window starts align to the epoch (plus the offset): TUMBLE's window of t
 * starts at t - (t - offset) mod size; HOP's windows are those of slide
 * alignment whose [start, start + size) holds t, in ascending start order;
 * CUMULATE's share the start of t's max-size window and end at every step
 * after t up to the max size. TIMESTAMP_LTZ time columns align to the
 * session zone's wall clock (window_start / window_end are its TIMESTAMP
 * values, window_time the instant of window_end - 1 ms).
 *
 * WindowAggregate keeps one record per (key, window) in keyed VALUE state
 * "winagg": the key is every GROUP BY column (so window_start and
 * window_end are in it), the namespace the window's end (8 bytes); the
 * record is a row count and every call's fixed accumulator part. A batch at
 * a time: window ends read and late rows dropped, the keys of the rest
 * encoded and hashed once (KeyBatch), their records found or created with
 * one eddy__state_slots call, copied to a 16-aligned working area (a
 * DECIMAL sum needs 16; state slots are 8-aligned), accumulated one call
 * per aggregate for the whole batch, and written back. A new record
 * registers its timer: event time at window_end - 1 (the instant), fired by
 * the runtime when the watermark reaches it; processing time on the clock.
 * The timer emits the window's row (keys decoded from the timer's key
 * bytes, then the calls' values) with window_end - 1 as its record
 * timestamp, and drops the record. In BATCH mode the sources' final MAX
 * watermark fires every window at the end of input, so both modes give the
 * same insert-only rows.
 *
 * HOP in slices: when the size is a multiple of the slide and every call
 * can merge (no views, no order-dependent calls, no resources to destroy;
 * event time), the records are per (key, slice) instead, a slice being a
 * slide-sized pane ("winslice", the namespace the slice's end): a row
 * updates the one record of its slice, not one per window it is in (size /
 * slide of them). A new slice record registers the timers of the windows
 * over it that are still open. A window that fires takes its keys from its
 * slices (oldest first, each slice's keys in the order its records were
 * made, each key once: the arrival order of in-order input, as without
 * slices), merges each key's slice records (AggFn.merge) into one and emits
 * it; its oldest slice, which no later window holds, goes. A row is late
 * when the last window over its slice has fired; a row some of whose
 * windows have fired counts in the open ones only, as per window.
 *
 * Late rows: an event-time row of a window whose end - 1 is at or behind
 * the current watermark belongs to a window that has fired: it is dropped
 * and counted (eddy__op_report_late), where Flink's window operator drops
 * it.
 */
#include <stdalign.h>

#include "runtime/ops/agg_views.h"
#include "runtime/ops/window_agg.h"
#include "types/serde.h"

#define NOMEM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

/* ---- window assignment -------------------------------------------------------------------- */

static int64_t floor_mod(int64_t a, int64_t m) {
    int64_t r = a % m;
    return r < 0 ? r + m : r;
}

static int64_t window_start(int64_t t, int64_t offset, int64_t size) { return t - floor_mod(t - offset, size); }

typedef struct TvfState {
    eddy_out out; /* first (out_watermark) */
} TvfState;

static eddy_status tvf_open(Op *op) {
    TvfState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    return EDDY_OK;
}

static void tvf_close(Op *op) {
    TvfState *s = op->state;
    if (s) eddy__out_free(&s->out);
}

static void set_ts(eddy_out *o, int col, int64_t ms) {
    Vector *v = eddy__out_field(o, (size_t)col);
    VEC_DATA(v, Ts)[o->row] = (Ts){ms, 0};
}

/* One output row: input row r of b in window [start, end) (wall clock),
 * window_time the instant `wt`. */
static eddy_status tvf_row(Op *op, TvfState *s, const Batch *b, uint32_t r, int64_t start, int64_t end, int64_t wt) {
    const WinTvfPlan *p = op->plan;
    s->out.default_ts = wt;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(eddy__out_field(&s->out, (size_t)c), s->out.row, b->cols[c], r);
    set_ts(&s->out, p->nin, start);
    set_ts(&s->out, p->nin + 1, end);
    set_ts(&s->out, p->nin + 2, wt);
    return eddy__out_commit(&s->out);
}

static eddy_status tvf_push(Op *op, int input, Batch *b) {
    (void)input;
    const WinTvfPlan *p = op->plan;
    TvfState *s = op->state;
    const Vector *tv = b->cols[p->time_col];
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        if (vec_is_null(tv, vidx(tv, r))) continue; /* no time: no window */
        int64_t t = VEC_DATA(tv, Ts)[vidx(tv, r)].ms;
        int64_t shift = p->ltz ? eddy__tz_offset_utc(p->ltz, t) : 0;
        int64_t lt = t + shift; /* wall clock */
        switch (p->kind) {
        case WTVF_TUMBLE: {
            int64_t st = window_start(lt, p->offset_ms, p->size_ms);
            rc = tvf_row(op, s, b, r, st, st + p->size_ms, st + p->size_ms - 1 - shift);
            break;
        }
        case WTVF_HOP: {
            int64_t last = window_start(lt, p->offset_ms, p->slide_ms), first = last;
            while (first - p->slide_ms > lt - p->size_ms) first -= p->slide_ms;
            for (int64_t st = first; st <= last && !rc; st += p->slide_ms)
                rc = tvf_row(op, s, b, r, st, st + p->size_ms, st + p->size_ms - 1 - shift);
            break;
        }
        case WTVF_CUMULATE: {
            int64_t st = window_start(lt, p->offset_ms, p->size_ms);
            for (int64_t e = st + p->slide_ms; e <= st + p->size_ms && !rc; e += p->slide_ms)
                if (e > lt) rc = tvf_row(op, s, b, r, st, e, e - 1 - shift);
            break;
        }
        }
    }
    return rc ? rc : eddy__out_flush(&s->out);
}

/* Both operators' states start with their eddy_out: rows built so far go
 * out before the watermark, and at the end. */
static eddy_status out_watermark(Op *op, int64_t wm) {
    eddy_status rc = eddy__out_flush((eddy_out *)op->state);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status out_finish(Op *op) { return eddy__out_flush((eddy_out *)op->state); }

const OpVtab eddy__op_window_tvf = {.name = "WindowTableFunction",
                                    .open = tvf_open,
                                    .push_batch = tvf_push,
                                    .push_watermark = out_watermark,
                                    .finish = out_finish,
                                    .close = tvf_close};

/* ---- window aggregation ------------------------------------------------------------------- */

typedef struct WaState {
    eddy_out out;        /* first (out_watermark) */
    const WinAggPlan *p;
    State *acc;
    TimerService *timers;
    KeyBatch kb;
    AggCtx cx;
    EdErr *err;
    uint32_t stride;     /* bytes per working record (16-aligned) */
    /* batch scratch, `cap` rows */
    uint32_t cap;
    uint32_t *rows;      /* physical rows kept */
    int64_t *ends;       /* their window ends (namespace bytes) */
    StateNs *ns;
    void **slots;
    uint8_t *created;
    void **accs, **accs2;
    uint32_t *rows2;
    char *work;          /* a record per distinct slot of the batch */
    void **gslot;
    uint32_t *ht;        /* slot pointer hash -> group + 1 */
    uint32_t htcap;
    uint32_t *grow;      /* group -> a KeyBatch row of its key and window */
    AggStateViews views; /* the calls' views, under (key, window) */
    StateKey fire_key;   /* the (key, window) being emitted */
    StateNs fire_ns;
    Buf fire_keys;       /* the keys of a window being emitted */
    StateBackend *be;
    char *fire;          /* a firing window's record (16-aligned copy) */
    Vector *unit;        /* the key without GROUP BY keys */
    Vector *scratch;     /* a firing timer's unit key */
    /* HOP in slices (see sliced()): panes of the slide, records per (key,
     * slice end); a window's row merges its slices' records */
    bool sliced;
    int nslices;         /* slices per window: size / slide */
    char *merge_src;     /* a slice's record (16-aligned copy) */
    uint32_t *kset;      /* firing: key hash -> offset in fire_keys + 1 */
    uint32_t ksetcap;
} WaState;

static inline int64_t *rec_count(void *rec) { return (int64_t *)rec; }

/* The timer key of a key group: no key bytes, the group itself. */
static StateKey group_key(int group) { return (StateKey){"", 0, group, (uint64_t)group}; }

static void set_call(WaState *s, int a) {
    s->cx.acc_offset = s->p->aggs[a].offset;
    s->cx.view_base = s->p->aggs[a].view_base;
}

/* The key and window of a record: the firing timer's, or a batch group's. */
static void locate(void *owner, const void *acc, StateKey *k, StateNs *ns) {
    WaState *s = owner;
    if (acc == s->fire) {
        *k = s->fire_key;
        *ns = s->fire_ns;
        return;
    }
    uint32_t i = s->grow[((const char *)acc - s->work) / s->stride];
    *k = eddy__key_batch_key(&s->kb, i);
    *ns = s->ns[i];
}

/* Whether a HOP aggregation keeps slices: records per slide-sized pane,
 * which every window over it shares (a row updates one record, not one per
 * window it is in), merged when a window fires. Event-time HOP windows whose
 * size is a multiple of the slide, every call able to merge, none whose
 * result depends on the order of rows, without views or resources. */
static bool sliced(const WinAggPlan *p) {
    if (!p->assign || p->kind != WTVF_HOP || p->proctime || p->nviews || p->has_destroy) return false;
    if (p->slide_ms <= 0 || p->size_ms <= p->slide_ms || p->size_ms % p->slide_ms) return false;
    for (int a = 0; a < p->naggs; a++) {
        unsigned f = p->aggs[a].fn->flags;
        if (!(f & AGG_MERGE) || (f & AGG_ORDERED)) return false;
    }
    return true;
}

static eddy_status wa_open(Op *op) {
    const WinAggPlan *p = op->plan;
    WaState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    s->p = p;
    s->err = eddy__op_err(op);
    s->stride = (p->rec_size + 15u) & ~15u;
    eddy__key_batch_init(&s->kb);
    s->views = (AggStateViews){.locate = locate, .owner = s};
    eddy__agg_ctx_init(&s->cx, p->nviews ? &eddy__agg_state_view_ops : NULL, &s->views, s->err);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   s->err);
    s->fire = eddy__arena_alloc(op->arena, s->stride + 16);
    s->merge_src = eddy__arena_alloc(op->arena, s->stride + 16);
    if (!s->fire || !s->merge_src) return NOMEM(op);
    s->fire = (char *)(((uintptr_t)s->fire + 15u) & ~(uintptr_t)15u);
    s->merge_src = (char *)(((uintptr_t)s->merge_src + 15u) & ~(uintptr_t)15u);
    s->sliced = sliced(p);
    s->nslices = s->sliced ? (int)(p->size_ms / p->slide_ms) : 1;
    eddy__buf_init(&s->fire_keys);
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (rc) return rc;
    s->be = be;
    StateDesc d = {.name = s->sliced ? "winslice" : "winagg",
                   .kind = STATE_VALUE,
                   .key_type = p->key_type,
                   .value_type = eddy__type_bytes(false),
                   .fixed_size = p->rec_size};
    if ((rc = eddy__state_register(be, &d, &s->acc))) return rc;
    StateTtl none = {0};
    if ((rc = eddy__agg_state_views_open(&s->views, op, be, p->key_type, p->nviews, p->views, none))) return rc;
    return eddy__timers_get(be, &s->timers);
}

/* Releases what the live records of acc hold (C functions with create /
 * destroy), each copied to rec (16-aligned, p->rec_size bytes) first. */
void eddy__window_destroy_all(State *acc, const WinAggPlan *p, AggCtx *cx, char *rec) {
    StateIter *it;
    if (eddy__state_iter_keys(acc, NULL, &it)) return;
    for (;;) {
        StateEntry e;
        bool has;
        if (eddy__state_iter_next(it, &e, &has) || !has) break;
        if (e.value_len != p->rec_size) continue;
        memcpy(rec, e.value, p->rec_size);
        for (int a = 0; a < p->naggs; a++) {
            cx->acc_offset = p->aggs[a].offset;
            cx->view_base = p->aggs[a].view_base;
            eddy__agg_destroy(p->aggs[a].fn, cx, rec);
        }
    }
    eddy__state_iter_close(it);
}

/* Decodes key (the GROUP BY keys' bytes; without keys, the unit key) into
 * the first p->ngroup columns of the output row being built. */
eddy_status eddy__window_out_keys(Op *op, eddy_out *out, const WinAggPlan *p, Vector **unit, const StateKey *key) {
    Vector *keys[64];
    int nkeys = p->ngroup;
    uint32_t slot = out->row;
    for (int k = 0; k < p->ngroup; k++) keys[k] = eddy__out_field(out, (size_t)k);
    if (!nkeys) {
        if (!*unit && !(*unit = eddy__vec_new(eddy__type_basic(TY_BOOLEAN, false), 1))) return NOMEM(op);
        keys[nkeys++] = *unit;
        slot = 0;
    }
    if (eddy__serde_read(key->bytes, key->len, keys, nkeys, slot) != key->len)
        return eddy__op_fail(op, EDDY_E_INTERNAL, "a window key of operator '%s' does not decode", op->node->name);
    return EDDY_OK;
}

static void wa_close(Op *op) {
    WaState *s = op->state;
    if (!s) return;
    if (s->p->has_destroy && s->acc) eddy__window_destroy_all(s->acc, s->p, &s->cx, s->fire);
    eddy__key_batch_free(&s->kb);
    eddy__agg_ctx_free(&s->cx);
    eddy__out_free(&s->out);
    eddy__free(s->rows);
    eddy__free(s->ends);
    eddy__free(s->ns);
    eddy__free(s->slots);
    eddy__free(s->created);
    eddy__free(s->accs);
    eddy__free(s->accs2);
    eddy__free(s->rows2);
    eddy__free(s->work);
    eddy__free(s->gslot);
    eddy__free(s->ht);
    eddy__vec_release(s->unit);
    eddy__vec_release(s->scratch);
    eddy__free(s->grow);
    eddy__free(s->kset);
    eddy__buf_free(&s->fire_keys);
    eddy__agg_state_views_free(&s->views);
}

static bool ensure_cap(WaState *s, uint32_t n) {
    if (n <= s->cap) return true;
    uint32_t c = s->cap ? s->cap : 256;
    while (c < n) c *= 2;
#define GROW(f, T) ((s->f = eddy__realloc(s->f, sizeof(T) * c)) != NULL)
    bool ok = GROW(rows, uint32_t) && GROW(ends, int64_t) && GROW(ns, StateNs) && GROW(slots, void *) &&
              GROW(created, uint8_t) && GROW(accs, void *) && GROW(accs2, void *) && GROW(rows2, uint32_t) &&
              GROW(gslot, void *) && GROW(grow, uint32_t);
#undef GROW
    eddy__free(s->work);
    s->work = ok ? eddy__malloc((size_t)s->stride * c) : NULL; /* malloc: 16-aligned on 64-bit targets */
    eddy__free(s->ht);
    s->htcap = c * 2;
    s->ht = ok ? eddy__malloc(sizeof(uint32_t) * s->htcap) : NULL;
    if (!s->work || !s->ht) return false;
    s->cap = c;
    return true;
}

/* The instant a window ending at `end` (its wall clock) fires: end - 1. */
static int64_t fire_time(const WinAggPlan *p, int64_t end) {
    return p->ltz ? end - 1 - eddy__tz_offset_utc(p->ltz, end - 1) : end - 1;
}

static inline bool filter_passes(const Vector *f, uint32_t r) {
    return !vec_is_null(f, vidx(f, r)) && VEC_DATA(f, uint8_t)[vidx(f, r)];
}

/* Adds (row r, window ending at `end`) unless that window has fired;
 * returns whether it was added. */
static bool add_window(const Op *op, WaState *s, uint32_t *m, uint32_t r, int64_t end) {
    const WinAggPlan *p = s->p;
    if (!p->proctime && op->input_watermark != INT64_MIN && fire_time(p, end) <= op->input_watermark) return false;
    s->rows[*m] = r;
    s->ends[*m] = end;
    (*m)++;
    return true;
}

/* The (row, window) pairs of the batch that go into open windows
 * (s->rows / s->ends, returned count); *late: rows in no open window. */
static uint32_t gather(const Op *op, WaState *s, const Batch *b, uint64_t *late) {
    const WinAggPlan *p = s->p;
    const Vector *tv = b->cols[p->assign ? p->time_col : p->wend_col];
    uint32_t m = 0;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        if (vec_is_null(tv, vidx(tv, r))) continue;
        int64_t t = VEC_DATA(tv, Ts)[vidx(tv, r)].ms;
        bool any = false;
        if (!p->assign) {
            any = add_window(op, s, &m, r, t);
        } else {
            int64_t lt = p->ltz ? t + eddy__tz_offset_utc(p->ltz, t) : t; /* wall clock */
            if (s->sliced) {
                /* the slice of t, while the last window over it is open */
                int64_t se = window_start(lt, p->offset_ms, p->slide_ms) + p->slide_ms;
                if ((any = add_window(op, s, &m, r, se + p->size_ms - p->slide_ms))) s->ends[m - 1] = se;
            } else if (p->kind == WTVF_CUMULATE) {
                int64_t st = window_start(lt, p->offset_ms, p->size_ms);
                for (int64_t e = st + p->size_ms; e > lt && e > st; e -= p->slide_ms)
                    any = add_window(op, s, &m, r, e) || any;
            } else {
                int64_t last = window_start(lt, p->offset_ms, p->slide_ms);
                for (int64_t st = last; st > lt - p->size_ms; st -= p->slide_ms)
                    any = add_window(op, s, &m, r, st + p->size_ms) || any;
            }
        }
        if (!any) (*late)++;
    }
    return m;
}

static eddy_status wa_push(Op *op, int input, Batch *b) {
    (void)input;
    const WinAggPlan *p = op->plan;
    WaState *s = op->state;
    if (!b->count) return EDDY_OK;
    uint32_t per_row = p->assign && !s->sliced ? (uint32_t)((p->size_ms + p->slide_ms - 1) / p->slide_ms) : 1;
    if ((uint64_t)b->count * per_row > UINT32_MAX / 2 || !ensure_cap(s, b->count * per_row)) return NOMEM(op);
    uint64_t late = 0;
    uint32_t m = gather(op, s, b, &late);
    eddy_status rc = late ? eddy__op_report_late(op, late) : EDDY_OK;
    if (rc || !m) return rc;
    Vector *keys[64];
    if (p->ngroup > 64) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: more than 64 window keys");
    for (int k = 0; k < p->ngroup; k++) keys[k] = b->cols[p->group[k]];
    int nkeys = p->ngroup;
    if (!nkeys) {
        /* no GROUP BY keys: one constant key (no keys would be no key bytes) */
        if (!s->unit || s->unit->cap < b->n) {
            eddy__vec_release(s->unit);
            if (!(s->unit = eddy__vec_new(eddy__type_basic(TY_BOOLEAN, false), b->n))) return NOMEM(op);
        }
        keys[nkeys++] = s->unit;
    }
    if ((rc = eddy__key_batch_encode(&s->kb, keys, nkeys, s->rows, m, op->max_parallelism, s->err))) return rc;
    for (uint32_t i = 0; i < m; i++) s->ns[i] = (StateNs){&s->ends[i], sizeof(int64_t)};
    if ((rc = eddy__state_slots(s->acc, &s->kb, NULL, m, s->ns, m, s->slots, s->created))) return rc;
    /* distinct slots -> working records */
    memset(s->ht, 0, sizeof(uint32_t) * s->htcap);
    uint32_t ng = 0, mask = s->htcap - 1;
    for (uint32_t i = 0; i < m && !rc; i++) {
        uintptr_t key = (uintptr_t)s->slots[i];
        uint32_t j = (uint32_t)((key >> 3) * 0x9E3779B97F4A7C15ull >> 32) & mask;
        while (s->ht[j] && s->gslot[s->ht[j] - 1] != s->slots[i]) j = (j + 1) & mask;
        uint32_t g;
        if (s->ht[j]) {
            g = s->ht[j] - 1;
        } else {
            g = ng++;
            s->ht[j] = g + 1;
            s->gslot[g] = s->slots[i];
            s->grow[g] = i;
            char *w = s->work + (size_t)g * s->stride;
            if (s->created[i]) {
                memset(w, 0, p->rec_size);
                for (int a = 0; a < p->naggs && !rc; a++) {
                    set_call(s, a);
                    rc = eddy__agg_init(p->aggs[a].fn, &s->cx, w);
                }
                /* one timer per window and key group (the window's keys fire together) */
                StateKey k = group_key(s->kb.group[i]);
                if (s->sliced) {
                    /* the open windows over the slice */
                    for (int w_i = 0; w_i < s->nslices && !rc; w_i++) {
                        int64_t we = s->ends[i] + w_i * p->slide_ms, t = fire_time(p, we);
                        if (op->input_watermark != INT64_MIN && t <= op->input_watermark) continue;
                        rc = eddy__timers_register(s->timers, TIME_EVENT, &k, (StateNs){&we, sizeof we}, t);
                    }
                } else {
                    int64_t t = p->proctime ? s->ends[i] - 1 : fire_time(p, s->ends[i]);
                    if (!rc)
                        rc = eddy__timers_register(s->timers, p->proctime ? TIME_PROCESSING : TIME_EVENT, &k,
                                                   s->ns[i], t);
                }
            } else {
                memcpy(w, s->slots[i], p->rec_size);
            }
        }
        s->accs[i] = s->work + (size_t)g * s->stride;
        (*rec_count(s->accs[i]))++;
    }
    for (int a = 0; a < p->naggs && !rc; a++) {
        const GroupAggCall *c = &p->aggs[a];
        set_call(s, a);
        Vector *args[16];
        for (int k = 0; k < c->fn->nargs && k < 16; k++) args[k] = b->cols[c->args[k]];
        const Vector *f = c->filter >= 0 ? b->cols[c->filter] : NULL;
        uint32_t n = 0;
        for (uint32_t i = 0; i < m; i++) {
            if (f && !filter_passes(f, s->rows[i])) continue;
            s->rows2[n] = s->rows[i];
            s->accs2[n++] = s->accs[i];
        }
        rc = eddy__agg_accumulate(c->fn, &s->cx, args, s->rows2, n, s->accs2);
    }
    for (uint32_t g = 0; g < ng; g++) memcpy(s->gslot[g], s->work + (size_t)g * s->stride, p->rec_size);
    eddy_status frc = eddy__state_flush(s->acc);
    return rc ? rc : frc;
}

/* A stored record of (key, ns) copied to rec; *found false when none. */
static eddy_status load_record(Op *op, WaState *s, const StateKey *key, StateNs ns, char *rec, bool *found) {
    const WinAggPlan *p = s->p;
    const void *val;
    uint32_t len;
    eddy_status rc = eddy__state_get(s->acc, key, ns, &val, &len, found);
    if (rc || !*found) return rc;
    if (len != p->rec_size) return eddy__op_fail(op, EDDY_E_INTERNAL, "a window record of %u bytes", len);
    memcpy(rec, val, p->rec_size);
    return EDDY_OK;
}

/* The row of (key, window ending at end) from the record in s->fire. */
static eddy_status emit_row(Op *op, WaState *s, const StateKey *key, StateNs ns, int64_t end) {
    const WinAggPlan *p = op->plan;
    eddy_status rc;
    if ((rc = eddy__out_begin(&s->out)) || (rc = eddy__window_out_keys(op, &s->out, p, &s->scratch, key))) return rc;
    for (int i = 0; i < p->nprops; i++) {
        WinProp w = p->props[i];
        int64_t start = p->kind == WTVF_CUMULATE ? window_start(end - 1, p->offset_ms, p->size_ms) : end - p->size_ms;
        int64_t v = w == WPROP_START ? start : w == WPROP_END ? end : fire_time(p, end);
        set_ts(&s->out, p->ngroup + p->naggs + i, v);
    }
    void *acc = s->fire;
    s->fire_key = *key;
    s->fire_ns = ns;
    for (int a = 0; a < p->naggs && !rc; a++) {
        const AggFn *fn = p->aggs[a].fn;
        set_call(s, a);
        rc = eddy__agg_get_value(fn, &s->cx, &acc, 1, eddy__out_field(&s->out, (size_t)(p->ngroup + a)), s->out.row);
        eddy__agg_destroy(fn, &s->cx, acc);
        for (int v = 0; !rc && v < fn->nviews; v++)
            rc = eddy__agg_state_views_clear(&s->views, acc, p->aggs[a].view_base + v);
    }
    return rc ? rc : eddy__out_commit(&s->out);
}

/* The row of one (key, window): out it goes, with its record and views. */
static eddy_status fire_one(Op *op, WaState *s, const StateKey *key, StateNs ns, int64_t end) {
    bool found;
    eddy_status rc = load_record(op, s, key, ns, s->fire, &found);
    if (rc || !found) return rc;
    if ((rc = emit_row(op, s, key, ns, end))) return rc;
    return eddy__state_remove(s->acc, key, ns, NULL);
}

/* The key at offset off of s->fire_keys (a StateKey, then its bytes). */
static StateKey fire_key_at(const WaState *s, size_t off) {
    StateKey k;
    memcpy(&k, s->fire_keys.data + off, sizeof k);
    k.bytes = s->fire_keys.data + off + sizeof k;
    return k;
}

/* Adds key to s->fire_keys unless it is there; *added: whether it was. */
static bool fire_keys_add(WaState *s, const StateKey *key, uint32_t n, bool *added) {
    if ((n + 1) * 2 > s->ksetcap) {
        /* grow, then put every key back */
        uint32_t cap = s->ksetcap ? s->ksetcap * 2 : 256;
        uint32_t *ks = eddy__realloc(s->kset, sizeof(uint32_t) * cap);
        if (!ks) return false;
        memset(ks, 0, sizeof(uint32_t) * cap);
        s->kset = ks, s->ksetcap = cap;
        for (size_t off = 0; off < s->fire_keys.len;) {
            StateKey k = fire_key_at(s, off);
            uint32_t j = (uint32_t)k.hash & (cap - 1);
            while (ks[j]) j = (j + 1) & (cap - 1);
            ks[j] = (uint32_t)off + 1;
            off += sizeof k + k.len;
        }
    }
    uint32_t mask = s->ksetcap - 1, j = (uint32_t)key->hash & mask;
    for (; s->kset[j]; j = (j + 1) & mask) {
        StateKey k = fire_key_at(s, s->kset[j] - 1);
        if (k.len == key->len && !memcmp(k.bytes, key->bytes, k.len)) {
            *added = false;
            return true;
        }
    }
    s->kset[j] = (uint32_t)s->fire_keys.len + 1;
    eddy__buf_put(&s->fire_keys, key, sizeof *key);
    eddy__buf_put(&s->fire_keys, key->bytes, key->len);
    *added = true;
    return !s->fire_keys.failed;
}

/* A window over slices fires: its keys are those of its slices (oldest
 * first, each slice's in the order its records were made); a key's row
 * merges the records of its slices; then the oldest slice goes, as no
 * later window holds it. */
static eddy_status fire_sliced(Op *op, WaState *s, int64_t end) {
    const WinAggPlan *p = s->p;
    s->fire_keys.len = 0;
    if (s->kset) memset(s->kset, 0, sizeof(uint32_t) * s->ksetcap);
    uint32_t n = 0, n_oldest = 0;
    eddy_status rc = EDDY_OK;
    for (int j = 0; j < s->nslices && !rc; j++) {
        int64_t se = end - p->size_ms + (j + 1) * p->slide_ms;
        StateNs ns = {&se, sizeof se};
        StateIter *it;
        if ((rc = eddy__state_iter_keys(s->acc, &ns, &it))) return rc;
        for (;;) {
            StateEntry e;
            bool has, added;
            if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
            if (!fire_keys_add(s, &e.key, n, &added)) rc = NOMEM(op);
            else n += added;
        }
        eddy__state_iter_close(it);
        if (!j) n_oldest = n;
    }
    StateNs wns = {&end, sizeof end};
    size_t off = 0;
    for (uint32_t i = 0; i < n && !rc; i++) {
        StateKey k = fire_key_at(s, off);
        off += sizeof k + k.len;
        memset(s->fire, 0, p->rec_size);
        for (int a = 0; a < p->naggs && !rc; a++) {
            set_call(s, a);
            rc = eddy__agg_init(p->aggs[a].fn, &s->cx, s->fire);
        }
        for (int j = 0; j < s->nslices && !rc; j++) {
            int64_t se = end - p->size_ms + (j + 1) * p->slide_ms;
            bool found;
            if ((rc = load_record(op, s, &k, (StateNs){&se, sizeof se}, s->merge_src, &found)) || !found) continue;
            *rec_count(s->fire) += *rec_count(s->merge_src);
            void *dst = s->fire, *src = s->merge_src;
            for (int a = 0; a < p->naggs && !rc; a++) {
                set_call(s, a);
                rc = eddy__agg_merge(p->aggs[a].fn, &s->cx, &dst, &src, 1);
            }
        }
        if (!rc) rc = emit_row(op, s, &k, wns, end);
        if (!rc && i < n_oldest) {
            int64_t oldest = end - p->size_ms + p->slide_ms;
            rc = eddy__state_remove(s->acc, &k, (StateNs){&oldest, sizeof oldest}, NULL);
        }
    }
    return rc;
}

/* A window is complete (its timer of one key group fired): the rows of
 * every key in it go out -- one pass over the state, keys in the order
 * their records were made -- and the window's timers of the other key
 * groups go. */
static eddy_status wa_on_timer(Op *op, const Timer *t) {
    WaState *s = op->state;
    int64_t end;
    memcpy(&end, t->ns.bytes, sizeof end);
    StateNs ns = {&end, sizeof end};
    s->out.default_ts = t->domain == TIME_EVENT ? t->ts : TS_NONE;
    eddy_status rc;
    if (s->sliced) {
        rc = fire_sliced(op, s, end);
        goto timers;
    }
    /* the keys first (records go while they are read otherwise) */
    s->fire_keys.len = 0;
    StateIter *it;
    rc = eddy__state_iter_keys(s->acc, &ns, &it);
    if (rc) return rc;
    uint32_t n = 0;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
        StateKey k = e.key;
        eddy__buf_put(&s->fire_keys, &k, sizeof k);
        eddy__buf_put(&s->fire_keys, e.key.bytes, e.key.len);
        n++;
    }
    eddy__state_iter_close(it);
    if (rc) return rc;
    if (s->fire_keys.failed) return NOMEM(op);
    for (size_t off = 0; n-- && !rc;) {
        StateKey k;
        memcpy(&k, s->fire_keys.data + off, sizeof k);
        k.bytes = s->fire_keys.data + off + sizeof k;
        off += sizeof k + k.len;
        rc = fire_one(op, s, &k, ns, end);
    }
timers:;
    int first, last, maxp;
    eddy__state_backend_range(s->be, &first, &last, &maxp);
    for (int g = first; g <= last && !rc; g++) {
        if (g == t->key.group) continue;
        StateKey gk = group_key(g);
        rc = eddy__timers_delete(s->timers, t->domain, &gk, ns, t->ts);
    }
    return rc;
}

const OpVtab eddy__op_window_agg = {.name = "WindowAggregate",
                                    .open = wa_open,
                                    .push_batch = wa_push,
                                    .push_watermark = out_watermark,
                                    .on_timer = wa_on_timer,
                                    .finish = out_finish,
                                    .close = wa_close};
