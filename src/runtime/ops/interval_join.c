/*
 * interval_join.c -- the streaming interval join (PK_INTERVAL_JOIN): inner,
 * left, right and full outer joins of two insert-only inputs whose time
 * attributes bound each other (r.t + lower <= l.t <= r.t + upper), in event
 * time or processing time, as Flink's RowTimeIntervalJoin /
 * ProcTimeIntervalJoin run them.
 *
 * Both inputs arrive hash-partitioned by the equi-join keys (or on one
 * subtask when there are none). Each side's rows wait in keyed MAP state
 * under the join key ("left-records", "right-records"): map key the row's
 * time (8 bytes), value the rows of that time, each [u8 joined][u32
 * length][row bytes] -- joined says whether the row found a partner (for
 * the outer side's NULL padding). With lsize = -lower and rsize = upper:
 *
 * - A left row of time t joins the cached right rows of time in
 *   [t - rsize, t + lsize] (the residual condition decides each pair); a
 *   right row of time t joins the left rows in [t - lsize, t + rsize].
 *   While scanning, the other side's rows of time <= its expiration time
 *   (operator time - size - 1) are dropped, NULL-padded first when that
 *   side is outer and they never joined.
 * - The row is cached when the other side's operator time (the watermark,
 *   at least 0; proctime: the clock) is below the upper end of its window,
 *   and a cleanup timer is registered at t + size + (lsize + rsize) / 2 + 1
 *   when the key has none for that side ("left-timer" / "right-timer": the
 *   pending time). Otherwise it is not kept: an outer side's row without a
 *   partner goes out NULL-padded, an inner side's is dropped -- a late row,
 *   reported (eddy__op_report_late, once per batch).
 * - A cleanup timer drops the side's expired rows (padding them as above)
 *   and registers the next one for the earliest row left.
 *
 * Output watermarks are held back by max(lsize, rsize) in event time (the
 * longest a row can wait for its partner); MAX passes unchanged. The
 * expiration times are per operator instance, not per key, as Flink keeps
 * them. A batch at a time: the batch's keys are encoded once; scratch (the
 * other side's rows under a key, candidate pairs) is the operator's, reused.
 */
#include <string.h>

#include "runtime/ops/interval_join.h"
#include "runtime/ops/keyed_rows.h"
#include "state/state.h"
#include "state/timers.h"
#include "types/serde.h"

#define PAIR_CAP 256
#define OOM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

/* One map entry of the other side, copied into mbuf. */
typedef struct Ent {
    int64_t t;
    uint32_t off, len; /* the value in mbuf */
    bool dirty, expired;
} Ent;

/* One cached row of a qualifying entry: its record in mbuf. */
typedef struct Cand {
    uint32_t ent;
    uint32_t flag_off; /* the joined byte in mbuf */
    uint32_t row_off, row_len;
    bool match;
} Cand;

typedef struct IJRun {
    State *cache[2], *timer[2];
    KeyBatch kb;
    Vector *zero;
    int64_t size[2];  /* lsize, rsize */
    int64_t min_cleanup;
    int64_t expire[2]; /* the time up to which each side's cache was cleaned */
    bool outer[2];
    TimeDomain domain;
    PairEval pe;
    uint32_t keep[PAIR_CAP];
    Buf row, val, mbuf;
    Buf tkey; /* the firing timer's key bytes (the service's may move when timers change) */
    Ent *ents;
    size_t nent, entcap;
    Cand *cands;
    size_t ncand, candcap;
    uint64_t late; /* the batch's rows dropped behind the watermark */
    eddy_out out;
} IJRun;

static eddy_status ij_open(Op *op) {
    const IntervalJoinPlan *p = op->plan;
    IJRun *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return OOM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->val);
    eddy__buf_init(&s->mbuf);
    eddy__buf_init(&s->tkey);
    s->size[0] = -p->bounds.lower;
    s->size[1] = p->bounds.upper;
    s->min_cleanup = (s->size[0] + s->size[1]) / 2;
    if (s->min_cleanup < 0) s->min_cleanup = 0;
    s->outer[0] = p->type == JOIN_LEFT || p->type == JOIN_FULL;
    s->outer[1] = p->type == JOIN_RIGHT || p->type == JOIN_FULL;
    s->domain = p->bounds.rowtime ? TIME_EVENT : TIME_PROCESSING;
    StateBackend *be;
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &be);
    if (!rc) rc = pair_eval_open(op, &s->pe, p->residual, p->pair_types, p->ncols[0] + p->ncols[1], PAIR_CAP, p->tz);
    if (rc) return rc;
    static const char *caches[2] = {"left-records", "right-records"}, *timers[2] = {"left-timer", "right-timer"};
    for (int i = 0; i < 2 && !rc; i++) {
        StateDesc d = {.name = caches[i],
                       .kind = STATE_MAP,
                       .key_type = p->key_type,
                       .map_key_type = eddy__type_basic(TY_BIGINT, false),
                       .value_type = eddy__type_bytes(false)};
        StateDesc t = {.name = timers[i],
                       .kind = STATE_VALUE,
                       .key_type = p->key_type,
                       .value_type = eddy__type_basic(TY_BIGINT, false)};
        rc = eddy__state_register(be, &d, &s->cache[i]);
        if (!rc) rc = eddy__state_register(be, &t, &s->timer[i]);
    }
    return rc;
}

static void ij_close(Op *op) {
    IJRun *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__vec_release(s->zero);
    pair_eval_close(&s->pe);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->val);
    eddy__buf_free(&s->mbuf);
    eddy__buf_free(&s->tkey);
    eddy__free(s->ents);
    eddy__free(s->cands);
    eddy__mem_release(&op->mem, (int64_t)(s->entcap * sizeof(Ent) + s->candcap * sizeof(Cand)));
    eddy__out_free(&s->out);
}

/* ---- time --------------------------------------------------------------------------------------------- */

/* The operator time: the watermark (at least 0), or the clock. */
static int64_t op_time(Op *op, const IJRun *s) {
    if (s->domain == TIME_PROCESSING) return eddy__clock_now(eddy__op_clock(op));
    return op->input_watermark > 0 ? op->input_watermark : 0;
}

static int64_t expiration(int64_t now, int64_t size) { return now < INT64_MAX ? now - size - 1 : INT64_MAX; }

static eddy_status get_timer(IJRun *s, int side, const StateKey *k, int64_t *t, bool *has) {
    const void *v;
    uint32_t len;
    eddy_status rc = eddy__state_get(s->timer[side], k, STATE_NO_NS, &v, &len, has);
    if (!rc && *has) memcpy(t, v, sizeof *t);
    return rc;
}

/* The cleanup timer of side's cache for a row of time t. */
static eddy_status register_cleanup(Op *op, IJRun *s, int side, const StateKey *k, int64_t t) {
    int64_t at = t + s->size[side] + s->min_cleanup + 1;
    TimerService *ts;
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (!rc) rc = eddy__timers_get(be, &ts);
    if (!rc) rc = eddy__timers_register(ts, s->domain, k, STATE_NO_NS, at);
    if (!rc) rc = eddy__state_put(s->timer[side], k, STATE_NO_NS, &at, sizeof at);
    return rc;
}

/* ---- output ------------------------------------------------------------------------------------------- */

/* Starts an output row: the input row of side `in` (b, r) or NULLs when b is
 * NULL, in its columns. */
static eddy_status begin_out(Op *op, IJRun *s, int in, const Batch *b, uint32_t r) {
    const IntervalJoinPlan *p = op->plan;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    int off = in ? p->ncols[0] : 0;
    Vector **oc = s->out.batch->cols;
    for (int c = 0; c < p->ncols[in]; c++) {
        if (b) eddy__vec_copy_value(oc[off + c], s->out.row, b->cols[c], r);
        else eddy__vec_set_null(oc[off + c], s->out.row);
    }
    return EDDY_OK;
}

/* The stored row (bytes) of `side` into the current output row, or NULLs. */
static eddy_status put_stored(Op *op, IJRun *s, int side, const char *row, uint32_t len) {
    const IntervalJoinPlan *p = op->plan;
    int off = side ? p->ncols[0] : 0;
    Vector **oc = s->out.batch->cols + off;
    if (!row) {
        for (int c = 0; c < p->ncols[side]; c++) eddy__vec_set_null(oc[c], s->out.row);
        return EDDY_OK;
    }
    if (!eddy__serde_read(row, len, oc, p->ncols[side], s->out.row))
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt interval join state");
    return EDDY_OK;
}

/* A stored row of `side` padded with NULLs. */
static eddy_status emit_padded(Op *op, IJRun *s, int side, const char *row, uint32_t len) {
    eddy_status rc = begin_out(op, s, 1 - side, NULL, 0);
    if (!rc) rc = put_stored(op, s, side, row, len);
    return rc ? rc : eddy__out_commit(&s->out);
}

/* The records of one value: [u8 joined][u32 len][row]... */
static bool next_rec(const char *v, uint32_t len, uint32_t *pos, uint32_t *flag, uint32_t *row, uint32_t *rlen) {
    if (*pos + 5 > len) return false;
    uint32_t n;
    memcpy(&n, v + *pos + 1, 4);
    if (n > len - *pos - 5) return false;
    *flag = *pos;
    *row = *pos + 5;
    *rlen = n;
    *pos += 5 + n;
    return true;
}

/* Pads the records of entry e that never joined. */
static eddy_status pad_entry(Op *op, IJRun *s, int side, const char *v, uint32_t len) {
    uint32_t pos = 0, f, r, n;
    while (next_rec(v, len, &pos, &f, &r, &n)) {
        if (v[f]) continue;
        eddy_status rc = emit_padded(op, s, side, v + r, n);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* ---- the join ------------------------------------------------------------------------------------------- */

/* The other side's entries under k into s->ents (values copied to mbuf). */
static eddy_status load_entries(Op *op, IJRun *s, int side, const StateKey *k) {
    s->nent = 0;
    s->mbuf.len = 0;
    StateIter *it;
    eddy_status rc = eddy__state_iter_map(s->cache[side], k, STATE_NO_NS, &it);
    if (rc) return rc;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
        if (e.ukey_len != 8) {
            rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt interval join state");
            break;
        }
        if ((rc = grow_array(op, (void **)&s->ents, &s->entcap, s->nent, sizeof(Ent)))) break;
        Ent *en = &s->ents[s->nent++];
        memcpy(&en->t, e.ukey, 8);
        en->off = (uint32_t)s->mbuf.len;
        en->len = e.value_len;
        en->dirty = en->expired = false;
        eddy__buf_put(&s->mbuf, e.value, e.value_len);
        if (s->mbuf.failed) {
            rc = OOM(op);
            break;
        }
    }
    eddy__state_iter_close(it);
    return rc;
}

/* Evaluates the residual over the pending candidates [base, ncand). */
static eddy_status filter_pending(IJRun *s, size_t base) {
    uint32_t n = (uint32_t)(s->ncand - base), kept = 0;
    if (!n) return EDDY_OK;
    eddy_status rc = pair_eval_filter(&s->pe, n, s->keep, &kept);
    for (uint32_t i = 0; !rc && i < kept; i++) s->cands[base + s->keep[i]].match = true;
    return rc;
}

/* The candidates of the input row: the other side's rows of time in
 * [lo, hi], each with whether the residual holds. */
static eddy_status candidates(Op *op, IJRun *s, int in, const Batch *b, uint32_t r, int64_t lo, int64_t hi) {
    const IntervalJoinPlan *p = op->plan;
    int other = 1 - in, in_off = in ? p->ncols[0] : 0, other_off = in ? 0 : p->ncols[0];
    s->ncand = 0;
    size_t base = 0;
    for (size_t i = 0; i < s->nent; i++) {
        const Ent *en = &s->ents[i];
        if (en->t < lo || en->t > hi) continue;
        const char *v = s->mbuf.data + en->off;
        uint32_t pos = 0, f, ro, n;
        while (next_rec(v, en->len, &pos, &f, &ro, &n)) {
            eddy_status rc = grow_array(op, (void **)&s->cands, &s->candcap, s->ncand, sizeof(Cand));
            if (rc) return rc;
            Cand *c = &s->cands[s->ncand++];
            *c = (Cand){.ent = (uint32_t)i, .flag_off = en->off + f, .row_off = en->off + ro, .row_len = n, .match = !s->pe.cond};
            if (!s->pe.cond) continue;
            uint32_t slot = (uint32_t)(s->ncand - 1 - base);
            if (!eddy__serde_read(v + ro, n, s->pe.pair->cols + other_off, p->ncols[other], slot))
                return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt interval join state");
            for (int col = 0; col < p->ncols[in]; col++)
                eddy__vec_copy_value(s->pe.pair->cols[in_off + col], slot, b->cols[col], r);
            if (slot + 1 == PAIR_CAP) {
                if ((rc = filter_pending(s, base))) return rc;
                base = s->ncand;
            }
        }
    }
    return s->pe.cond ? filter_pending(s, base) : EDDY_OK;
}

/* Writes back the other side's changed entries and drops the expired ones. */
static eddy_status store_entries(IJRun *s, int side, const StateKey *k) {
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; i < s->nent && !rc; i++) {
        const Ent *en = &s->ents[i];
        if (en->expired) rc = eddy__state_map_remove(s->cache[side], k, STATE_NO_NS, &en->t, 8, NULL);
        else if (en->dirty)
            rc = eddy__state_map_put(s->cache[side], k, STATE_NO_NS, &en->t, 8, s->mbuf.data + en->off, en->len);
    }
    return rc;
}

/* Appends the input row (encoded in s->row) to its side's cache at time t. */
static eddy_status cache_row(Op *op, IJRun *s, int in, const StateKey *k, int64_t t, bool joined) {
    const void *v;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_map_get(s->cache[in], k, STATE_NO_NS, &t, 8, &v, &len, &found);
    if (rc) return rc;
    s->val.len = 0;
    if (found) eddy__buf_put(&s->val, v, len);
    uint8_t f = joined;
    uint32_t n = (uint32_t)s->row.len;
    eddy__buf_put(&s->val, &f, 1);
    eddy__buf_put(&s->val, &n, 4);
    eddy__buf_put(&s->val, s->row.data, s->row.len);
    if (s->val.failed || s->val.len > UINT32_MAX) return OOM(op);
    if ((rc = eddy__state_map_put(s->cache[in], k, STATE_NO_NS, &t, 8, s->val.data, (uint32_t)s->val.len))) return rc;
    int64_t pending = 0;
    bool has;
    if ((rc = get_timer(s, in, k, &pending, &has)) || has) return rc;
    return register_cleanup(op, s, in, k, t);
}

static eddy_status join_row(Op *op, IJRun *s, int in, const StateKey *k, const Batch *b, uint32_t r, int64_t t,
                            bool null_key) {
    const IntervalJoinPlan *p = op->plan;
    int other = 1 - in;
    int64_t now = op_time(op, s);
    int64_t lo = t - s->size[other], hi = t + s->size[in];
    bool joined = false;
    eddy_status rc;
    if (!null_key && s->expire[other] < hi) {
        s->expire[other] = expiration(now, s->size[other]);
        if ((rc = load_entries(op, s, other, k)) || (rc = candidates(op, s, in, b, r, lo, hi))) return rc;
        size_t c = 0;
        for (size_t i = 0; i < s->nent; i++) {
            Ent *en = &s->ents[i];
            for (; c < s->ncand && s->cands[c].ent == i; c++) {
                Cand *cd = &s->cands[c];
                if (!cd->match) continue;
                joined = true;
                if ((rc = begin_out(op, s, in, b, r)) || (rc = put_stored(op, s, other, s->mbuf.data + cd->row_off, cd->row_len)) ||
                    (rc = eddy__out_commit(&s->out)))
                    return rc;
                if (s->outer[other] && !s->mbuf.data[cd->flag_off]) {
                    s->mbuf.data[cd->flag_off] = 1;
                    en->dirty = true;
                }
            }
            if (en->t <= s->expire[other]) {
                en->expired = true;
                if (s->outer[other] && (rc = pad_entry(op, s, other, s->mbuf.data + en->off, en->len))) return rc;
            }
        }
        if ((rc = store_entries(s, other, k))) return rc;
    }
    if (now < hi) {
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, p->ncols[in], r);
        if (s->row.failed || s->row.len > UINT32_MAX) return OOM(op);
        return cache_row(op, s, in, k, t, joined);
    }
    if (joined) return EDDY_OK;
    if (!s->outer[in]) {
        s->late++;
        return EDDY_OK;
    }
    if ((rc = begin_out(op, s, in, b, r))) return rc;
    if ((rc = put_stored(op, s, other, NULL, 0))) return rc;
    return eddy__out_commit(&s->out);
}

static eddy_status ij_push(Op *op, int input, Batch *b) {
    const IntervalJoinPlan *p = op->plan;
    IJRun *s = op->state;
    int in = input ? 1 : 0;
    int tcol = in ? p->bounds.rtime : p->bounds.ltime;
    s->late = 0;
    eddy_status rc = p->nkeys ? ops_key_spec_batch(op, &s->kb, p->key[in], b) : ops_key_batch(op, &s->kb, &s->zero, b, 0, NULL);
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        if (batch_kind(b, r) != RK_INSERT)
            return eddy__op_fail(op, EDDY_E_INTERNAL, "the interval join got an update of its insert-only input");
        int64_t t;
        if (s->domain == TIME_PROCESSING) t = op_time(op, s);
        else {
            const Vector *tv = b->cols[tcol];
            if (vec_is_null(tv, r)) {
                /* a row without time joins nothing: behind every watermark */
                s->late++;
                continue;
            }
            t = VEC_DATA(tv, Ts)[vidx(tv, r)].ms;
        }
        bool null_key = false;
        for (int j = 0; j < p->nkeys && !null_key; j++)
            null_key = p->filter_null[j] && vec_is_null(b->cols[p->kcols[in][j]], r);
        StateKey k = eddy__key_batch_key(&s->kb, i);
        rc = join_row(op, s, in, &k, b, r, t, null_key);
    }
    if (!rc && s->late) rc = eddy__op_report_late(op, s->late);
    return rc ? rc : eddy__out_flush(&s->out);
}

/* Drops side's expired rows under k, padding them when the side is outer,
 * and registers the cleanup for the earliest one left. */
static eddy_status remove_expired(Op *op, IJRun *s, int side, const StateKey *k) {
    eddy_status rc = load_entries(op, s, side, k);
    int64_t earliest = -1;
    for (size_t i = 0; i < s->nent && !rc; i++) {
        Ent *en = &s->ents[i];
        if (en->t <= s->expire[side]) {
            en->expired = true;
            if (s->outer[side]) rc = pad_entry(op, s, side, s->mbuf.data + en->off, en->len);
        } else if (en->t < earliest || earliest < 0) {
            earliest = en->t;
        }
    }
    if (!rc) rc = store_entries(s, side, k);
    if (rc) return rc;
    if (earliest > 0) return register_cleanup(op, s, side, k, earliest);
    /* nothing left (Flink's check: earliest > 0): clear the side */
    for (size_t i = 0; i < s->nent && !rc; i++)
        if (!s->ents[i].expired) rc = eddy__state_map_remove(s->cache[side], k, STATE_NO_NS, &s->ents[i].t, 8, NULL);
    return rc ? rc : eddy__state_remove(s->timer[side], k, STATE_NO_NS, NULL);
}

static eddy_status ij_on_timer(Op *op, const Timer *t) {
    IJRun *s = op->state;
    int64_t now = op_time(op, s);
    StateKey k;
    eddy_status krc = timer_key_copy(op, &s->tkey, t, &k);
    if (krc) return krc;
    /* the right side's cleanup first, then the left's */
    for (int side = 1; side >= 0; side--) {
        int64_t pending = 0;
        bool has;
        eddy_status rc = get_timer(s, side, &k, &pending, &has);
        if (rc) return rc;
        if (!has || pending != t->ts) continue;
        s->expire[side] = expiration(now, s->size[side]);
        if ((rc = remove_expired(op, s, side, &k))) return rc;
    }
    return eddy__out_flush(&s->out);
}

static eddy_status ij_watermark(Op *op, int64_t wm) {
    IJRun *s = op->state;
    eddy_status rc = eddy__out_flush(&s->out);
    if (rc) return rc;
    if (s->domain == TIME_PROCESSING || wm == INT64_MAX) return eddy__op_emit_watermark(op, wm);
    /* lsize + rsize >= 0 for any window that can hold a pair: delay >= 0 */
    int64_t delay = s->size[0] > s->size[1] ? s->size[0] : s->size[1];
    if (delay < 0) delay = 0;
    return eddy__op_emit_watermark(op, wm < INT64_MIN + delay ? INT64_MIN : wm - delay);
}

static eddy_status ij_finish(Op *op) {
    IJRun *s = op->state;
    return eddy__out_flush(&s->out);
}

const OpVtab eddy__op_interval_join = {.name = "IntervalJoin",
                                       .open = ij_open,
                                       .push_batch = ij_push,
                                       .push_watermark = ij_watermark,
                                       .on_timer = ij_on_timer,
                                       .finish = ij_finish,
                                       .close = ij_close};
