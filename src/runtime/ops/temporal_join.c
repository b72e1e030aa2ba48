/*
 * temporal_join.c -- the event-time temporal join (PK_TEMPORAL_JOIN):
 * `l [LEFT] JOIN v FOR SYSTEM_TIME AS OF l.t ON l.k = v.k`, each left row
 * joined with the version of v valid at its time, as Flink's
 * TemporalRowTimeJoinOperator runs it. (A processing-time temporal table
 * function's join, plan.proctime, is Flink's TemporalProcessTimeJoinOperator
 * instead: "right" VALUE state keeps each key's latest right row, a left row
 * joins it on arrival; proctime_push.)
 *
 * Both inputs arrive hash-partitioned by the equi-join keys. Per key, in
 * keyed state:
 *   "left-rows"    MAP: arrival index (8 bytes) -> [u8 kind][i64 time][row]:
 *                  the left rows waiting for the watermark to pass their time
 *   "next-index"   VALUE BIGINT: the next arrival index
 *   "versions"     MAP: rowtime (8 bytes) -> [u8 kind][row]: the versioned
 *                  side's changes, one per rowtime (a later one replaces it)
 *   "timer"        VALUE BIGINT: the event-time timer registered (the
 *                  smallest time a row of either side is waiting for)
 *
 * When the timer fires, every left row of time <= the watermark goes out in
 * arrival order, joined with the latest version of rowtime <= its time when
 * that version is an insert or update (+I / +U) and the residual condition
 * holds -- else, for a LEFT join, padded with NULLs, for an inner join not
 * at all -- with the left row's kind. Versions older than the latest one at
 * or before the watermark are dropped, and the timer moves to the earliest
 * left row still waiting. Watermarks pass unchanged (after the timers).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/ops/interval_join.h"
#include "runtime/ops/keyed_rows.h"
#include "state/state.h"
#include "state/timers.h"
#include "types/serde.h"

#define OOM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

/* A stored row copied into mbuf: its map key (index or rowtime), its time,
 * its kind and its row bytes. */
typedef struct Stored {
    int64_t k, t;
    uint8_t kind;
    uint32_t off, len; /* the row bytes in mbuf */
} Stored;

typedef struct TJRun {
    State *left, *next, *versions, *timer;
    State *latest; /* processing time: the right side's latest row per key */
    KeyBatch kb;
    Vector *zero;
    PairEval pe;
    Buf row, mbuf, tkey;
    Stored *ls, *vs;
    size_t nl, lcap, nv, vcap;
    eddy_out out;
} TJRun;

static eddy_status tj_open(Op *op) {
    const TemporalJoinPlan *p = op->plan;
    TJRun *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return OOM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->mbuf);
    eddy__buf_init(&s->tkey);
    StateBackend *be;
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &be);
    if (!rc) rc = pair_eval_open(op, &s->pe, p->residual, p->pair_types, p->ncols[0] + p->ncols[1], 1, p->tz);
    if (rc) return rc;
    const Type *bigint = eddy__type_basic(TY_BIGINT, false), *bytes = eddy__type_bytes(false);
    if (p->proctime) {
        StateDesc d = {.name = "right", .kind = STATE_VALUE, .key_type = p->key_type, .value_type = bytes};
        return eddy__state_register(be, &d, &s->latest);
    }
    StateDesc d[4] = {
        {.name = "left-rows", .kind = STATE_MAP, .key_type = p->key_type, .map_key_type = bigint, .value_type = bytes},
        {.name = "next-index", .kind = STATE_VALUE, .key_type = p->key_type, .value_type = bigint},
        {.name = "versions", .kind = STATE_MAP, .key_type = p->key_type, .map_key_type = bigint, .value_type = bytes},
        {.name = "timer", .kind = STATE_VALUE, .key_type = p->key_type, .value_type = bigint}};
    State **st[4] = {&s->left, &s->next, &s->versions, &s->timer};
    for (int i = 0; i < 4 && !rc; i++) rc = eddy__state_register(be, &d[i], st[i]);
    return rc;
}

static void tj_close(Op *op) {
    TJRun *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__vec_release(s->zero);
    pair_eval_close(&s->pe);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->mbuf);
    eddy__buf_free(&s->tkey);
    eddy__free(s->ls);
    eddy__free(s->vs);
    eddy__mem_release(&op->mem, (int64_t)((s->lcap + s->vcap) * sizeof(Stored)));
    eddy__out_free(&s->out);
}

static eddy_status get_long(State *st, const StateKey *k, int64_t *v, bool *has) {
    const void *p;
    uint32_t len;
    eddy_status rc = eddy__state_get(st, k, STATE_NO_NS, &p, &len, has);
    if (!rc && *has) memcpy(v, p, sizeof *v);
    return rc;
}

/* registerSmallestTimer: the key's timer moves to t when t is earlier. */
static eddy_status smallest_timer(Op *op, TJRun *s, const StateKey *k, int64_t t) {
    int64_t cur = 0;
    bool has;
    StateBackend *be;
    TimerService *ts;
    eddy_status rc = get_long(s->timer, k, &cur, &has);
    if (rc || (has && cur <= t)) return rc;
    if ((rc = eddy__op_state(op, &be)) || (rc = eddy__timers_get(be, &ts))) return rc;
    if (has && (rc = eddy__timers_delete(ts, TIME_EVENT, k, STATE_NO_NS, cur))) return rc;
    if ((rc = eddy__timers_register(ts, TIME_EVENT, k, STATE_NO_NS, t))) return rc;
    return eddy__state_put(s->timer, k, STATE_NO_NS, &t, sizeof t);
}

static int64_t row_time(const Vector *v, uint32_t r, bool *null) {
    *null = vec_is_null(v, r);
    return *null ? 0 : VEC_DATA(v, Ts)[vidx(v, r)].ms;
}

static eddy_status emit(Op *op, TJRun *s, const Stored *l, const Stored *v);
static eddy_status residual(Op *op, TJRun *s, const char *l, uint32_t llen, const char *v, uint32_t vlen, bool *ok);

/* Processing time (Flink's TemporalProcessTimeJoinOperator): a right row
 * becomes its key's latest (a retraction removes it); a left row joins the
 * latest right row of its key now, or (LEFT join) NULLs. */
static eddy_status proctime_push(Op *op, int in, Batch *b) {
    const TemporalJoinPlan *p = op->plan;
    TJRun *s = op->state;
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        StateKey k = eddy__key_batch_key(&s->kb, i);
        uint8_t kind = batch_kind(b, r);
        s->mbuf.len = 0;
        eddy__serde_write(&s->mbuf, b->cols, p->ncols[in], r);
        if (s->mbuf.failed || s->mbuf.len > UINT32_MAX) return OOM(op);
        if (in) {
            bool acc = kind == RK_INSERT || kind == RK_UPDATE_AFTER;
            rc = acc ? eddy__state_put(s->latest, &k, STATE_NO_NS, s->mbuf.data, (uint32_t)s->mbuf.len)
                     : eddy__state_remove(s->latest, &k, STATE_NO_NS, NULL);
            continue;
        }
        Stored l = {.kind = kind, .off = 0, .len = (uint32_t)s->mbuf.len}, v = {0};
        const void *val;
        uint32_t vlen;
        bool found, ok = false;
        if ((rc = eddy__state_get(s->latest, &k, STATE_NO_NS, &val, &vlen, &found))) break;
        if (found) {
            v.off = (uint32_t)s->mbuf.len;
            v.len = vlen;
            eddy__buf_put(&s->mbuf, val, vlen);
            if (s->mbuf.failed) return OOM(op);
            rc = residual(op, s, s->mbuf.data, l.len, s->mbuf.data + v.off, v.len, &ok);
        }
        if (!rc && ok) rc = emit(op, s, &l, &v);
        else if (!rc && p->type == JOIN_LEFT) rc = emit(op, s, &l, NULL);
    }
    return rc ? rc : eddy__out_flush(&s->out);
}

static eddy_status tj_push(Op *op, int input, Batch *b) {
    const TemporalJoinPlan *p = op->plan;
    TJRun *s = op->state;
    int in = input ? 1 : 0;
    eddy_status rc = p->nkeys ? ops_key_spec_batch(op, &s->kb, p->key[in], b) : ops_key_batch(op, &s->kb, &s->zero, b, 0, NULL);
    if (!rc && p->proctime) return proctime_push(op, in, b);
    uint64_t late = 0;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        bool null;
        int64_t t = row_time(b->cols[in ? p->rtime : p->ltime], r, &null);
        if (null) {
            /* a row without time is behind every watermark */
            late++;
            continue;
        }
        StateKey k = eddy__key_batch_key(&s->kb, i);
        s->row.len = 0;
        uint8_t kind = batch_kind(b, r);
        eddy__buf_put(&s->row, &kind, 1);
        if (!in) eddy__buf_put(&s->row, &t, 8);
        eddy__serde_write(&s->row, b->cols, p->ncols[in], r);
        if (s->row.failed || s->row.len > UINT32_MAX) return OOM(op);
        int64_t mk = t;
        if (!in) {
            bool has;
            if ((rc = get_long(s->next, &k, &mk, &has))) break;
            if (!has) mk = 0;
            int64_t next = mk + 1;
            if ((rc = eddy__state_put(s->next, &k, STATE_NO_NS, &next, sizeof next))) break;
        }
        rc = eddy__state_map_put(in ? s->versions : s->left, &k, STATE_NO_NS, &mk, 8, s->row.data, (uint32_t)s->row.len);
        if (!rc) rc = smallest_timer(op, s, &k, t);
    }
    if (!rc && late) rc = eddy__op_report_late(op, late);
    return rc;
}

/* ---- firing ------------------------------------------------------------------------------------- */

/* The entries of one MAP under k, copied (rows into s->mbuf). */
static eddy_status load(Op *op, TJRun *s, State *st, const StateKey *k, bool left, Stored **arr, size_t *n,
                        size_t *cap) {
    *n = 0;
    uint32_t head = left ? 9 : 1;
    StateIter *it;
    eddy_status rc = eddy__state_iter_map(st, k, STATE_NO_NS, &it);
    if (rc) return rc;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
        if (e.ukey_len != 8 || e.value_len < head) {
            rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt temporal join state");
            break;
        }
        if ((rc = grow_array(op, (void **)arr, cap, *n, sizeof(Stored)))) break;
        Stored *sd = &(*arr)[(*n)++];
        const char *v = e.value;
        memcpy(&sd->k, e.ukey, 8);
        sd->kind = (uint8_t)v[0];
        if (left) memcpy(&sd->t, v + 1, 8);
        else sd->t = sd->k;
        sd->off = (uint32_t)s->mbuf.len;
        sd->len = e.value_len - head;
        eddy__buf_put(&s->mbuf, v + head, sd->len);
        if (s->mbuf.failed) {
            rc = OOM(op);
            break;
        }
    }
    eddy__state_iter_close(it);
    return rc;
}

static int by_key(const void *a, const void *b) {
    int64_t x = ((const Stored *)a)->k, y = ((const Stored *)b)->k;
    return x < y ? -1 : x > y;
}

/* The latest version of rowtime <= t: its index in s->vs, or -1. */
static long latest(const TJRun *s, int64_t t) {
    long lo = 0, hi = (long)s->nv - 1, found = -1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        if (s->vs[mid].k <= t) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}

/* A side's row bytes (NULL: NULLs) into the current output row at column off. */
static eddy_status put_row(Op *op, TJRun *s, int side, const char *row, uint32_t len, int off) {
    const TemporalJoinPlan *p = op->plan;
    if (!row) {
        for (int c = 0; c < p->ncols[side]; c++) eddy__vec_set_null(s->out.batch->cols[off + c], s->out.row);
        return EDDY_OK;
    }
    if (!eddy__serde_read(row, len, s->out.batch->cols + off, p->ncols[side], s->out.row))
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt temporal join state");
    return EDDY_OK;
}

/* Whether the residual holds for the pair (left bytes, version bytes). */
static eddy_status residual(Op *op, TJRun *s, const char *l, uint32_t llen, const char *v, uint32_t vlen, bool *ok) {
    const TemporalJoinPlan *p = op->plan;
    *ok = true;
    if (!s->pe.cond) return EDDY_OK;
    Vector **pc = s->pe.pair->cols;
    if (!eddy__serde_read(l, llen, pc, p->ncols[0], 0) || !eddy__serde_read(v, vlen, pc + p->ncols[0], p->ncols[1], 0))
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt temporal join state");
    uint32_t keep[1], kept = 0;
    eddy_status rc = pair_eval_filter(&s->pe, 1, keep, &kept);
    *ok = kept == 1;
    return rc;
}

/* [left row + version] (NULLs without a version), with the left row's kind. */
static eddy_status emit(Op *op, TJRun *s, const Stored *l, const Stored *v) {
    const TemporalJoinPlan *p = op->plan;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    if ((rc = ops_out_mark(op, &s->out, l->kind, TS_NONE))) return rc;
    if ((rc = put_row(op, s, 0, s->mbuf.data + l->off, l->len, 0))) return rc;
    if ((rc = put_row(op, s, 1, v ? s->mbuf.data + v->off : NULL, v ? v->len : 0, p->ncols[0]))) return rc;
    return eddy__out_commit(&s->out);
}

static eddy_status tj_on_timer(Op *op, const Timer *t) {
    const TemporalJoinPlan *p = op->plan;
    TJRun *s = op->state;
    int64_t wm = op->input_watermark;
    StateKey k;
    eddy_status rc = timer_key_copy(op, &s->tkey, t, &k);
    if (!rc) rc = eddy__state_remove(s->timer, &k, STATE_NO_NS, NULL);
    s->mbuf.len = 0;
    if (!rc) rc = load(op, s, s->versions, &k, false, &s->vs, &s->nv, &s->vcap);
    if (!rc) rc = load(op, s, s->left, &k, true, &s->ls, &s->nl, &s->lcap);
    if (rc) return rc;
    /* versions by rowtime, left rows in arrival order */
    qsort(s->vs, s->nv, sizeof(Stored), by_key);
    qsort(s->ls, s->nl, sizeof(Stored), by_key);
    int64_t unprocessed = INT64_MAX;
    for (size_t i = 0; i < s->nl && !rc; i++) {
        const Stored *l = &s->ls[i];
        if (l->t > wm) {
            if (l->t < unprocessed) unprocessed = l->t;
            continue;
        }
        long vi = latest(s, l->t);
        const Stored *v = vi >= 0 ? &s->vs[vi] : NULL;
        bool ok = false;
        if (v && (v->kind == RK_INSERT || v->kind == RK_UPDATE_AFTER))
            rc = residual(op, s, s->mbuf.data + l->off, l->len, s->mbuf.data + v->off, v->len, &ok);
        if (!rc && ok) rc = emit(op, s, l, v);
        else if (!rc && p->type == JOIN_LEFT) rc = emit(op, s, l, NULL);
        if (!rc) rc = eddy__state_map_remove(s->left, &k, STATE_NO_NS, &l->k, 8, NULL);
    }
    /* versions older than the latest one at or before the watermark go */
    long keep = latest(s, wm);
    for (long i = 0; !rc && i < keep; i++) rc = eddy__state_map_remove(s->versions, &k, STATE_NO_NS, &s->vs[i].k, 8, NULL);
    if (!rc && unprocessed < INT64_MAX) rc = smallest_timer(op, s, &k, unprocessed);
    return rc ? rc : eddy__out_flush(&s->out);
}

static eddy_status tj_watermark(Op *op, int64_t wm) {
    TJRun *s = op->state;
    eddy_status rc = eddy__out_flush(&s->out);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status tj_finish(Op *op) {
    TJRun *s = op->state;
    return eddy__out_flush(&s->out);
}

const OpVtab eddy__op_temporal_join = {.name = "TemporalJoin",
                                       .open = tj_open,
                                       .push_batch = tj_push,
                                       .push_watermark = tj_watermark,
                                       .on_timer = tj_on_timer,
                                       .finish = tj_finish,
                                       .close = tj_close};
