/*
 * session_agg.c -- session windows: the SESSION window table function
 * alone and under GROUP BY window_start, window_end (WindowAggregate), the
 * legacy GROUP BY SESSION(ts, gap) (GroupWindowAggregate) and the Table
 * API's Session.withGap group window, in both runtime modes.
 *
 * A row at time t opens the window [t, t + gap); windows of one key that
 * meet or overlap (Flink's TimeWindow.intersects: a.start <= b.end and
 * a.end >= b.start) merge into one session [min start, max end). Per key the
 * operator keeps
 *
 *   "sessions"  VALUE state, key -> the open sessions, sorted by start, each
 *               {start, end, id, timer} (wall-clock ms for TIMESTAMP_LTZ, as
 *               window_agg.c), then their records in the same order (a row
 *               count, then every call's fixed accumulator part): one state
 *               read and one write per row. Sessions never meet, so a new
 *               window overlaps a contiguous run of them;
 *   views       the calls' views under (key, namespace = the session's id).
 *
 * A session's id is the start of the window that created it, and stays when
 * the session grows or absorbs others (Flink's MergingWindowSet keeps the
 * first window's state window the same way): a live id lies inside its
 * session, and a new window that does not meet any session cannot start
 * inside one, so ids of a key's live sessions differ.
 *
 * Per row (keys encoded and hashed once per batch, KeyBatch):
 *
 *   sessions = state[key] or []
 *   run = the sessions meeting [t, t + gap)
 *   run empty:  event time and t + gap - 1 <= watermark: late, dropped and
 *               counted (eddy__op_report_late); else a new session, its
 *               record initialised, its timer registered at end - 1
 *   else:       the first of the run is the target; every other one's
 *               record is merged into it (AggFn.merge, views included),
 *               removed, its timer deleted; the target's bounds widen and
 *               it keeps its timer
 *   accumulate the row into the target's record; write record and sessions
 *
 * A row that bridges open sessions merges them and is never late (an open
 * session's end is past the watermark). Each session has one timer, set at
 * the end - 1 it had when the timer was registered: a session that grew
 * since re-registers it at its new end - 1 when it fires (instead of a
 * delete and a register per widening row), and the Sess records the instant
 * so that a stale timer is told apart. The timer (event time: when the
 * watermark reaches end - 1; processing time: on the clock) emits the
 * session's row, insert-only -- the keys decoded from the timer's key
 * bytes, the calls' values, then the window properties (start, end,
 * rowtime = end - 1) -- with end - 1 as its record timestamp, and drops the
 * record and the session. In BATCH mode the sources' final MAX watermark
 * fires every session at the end of input: rows arrive in any order but
 * merging does not depend on it, so both modes give the same rows.
 *
 * The SESSION table function alone (plan tvf_cols > 0, no calls) runs the
 * same session set per PARTITION BY key, but keeps the rows themselves:
 * "sessrows", LIST state under (key, id), each row in types/serde.h's form.
 * A merge appends the absorbed session's rows to the target's list; the
 * timer emits every row of the session, in the order the list holds them,
 * with window_start, window_end and window_time appended.
 *
 * Every call must be able to merge (the planner checks). Lifetimes: the
 * working records and the sessions array are the operator's (task) and grow
 * rarely; state values are copied out before the next state call.
 */
#include <stdalign.h>

#include "runtime/ops/agg_views.h"
#include "runtime/ops/window_agg.h"
#include "types/serde.h"

#define NOMEM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

typedef struct Sess {
    int64_t start, end, id;
    int64_t timer; /* the instant its timer is registered at: <= end - 1 (lazy, see on_timer) */
} Sess;

typedef struct SaState {
    eddy_out out; /* first (out_watermark) */
    const WinAggPlan *p;
    Op *op;
    State *list;
    State *rows_st;   /* tvf_cols: (key, id) -> the session's rows (LIST) */
    Buf row, blob;    /* tvf_cols: a row's bytes; a session's rows being moved or emitted */
    TimerService *timers;
    StateBackend *be;
    KeyBatch kb;
    AggCtx cx;
    EdErr *err;
    AggStateViews views;
    Sess *ss; /* the current key's sessions (a copy) */
    char *recs;    /* their records, rsz bytes each (8-aligned only: worked on in work / src) */
    uint32_t nss, capss, rsz;
    Buf val;       /* a key's sessions and records being written */
    char *work, *src; /* 16-aligned records: the target's, a merged one's */
    StateKey cur;     /* the key of work / src */
    int64_t work_id, src_id;
    Buf key;          /* a firing timer's key bytes */
    uint32_t *rows;   /* physical rows of a batch with a time */
    uint32_t cap;
    Vector *unit;     /* the key without GROUP BY keys */
    Vector *scratch;  /* a firing timer's unit key */
} SaState;

static void set_call(SaState *s, int a) {
    s->cx.acc_offset = s->p->aggs[a].offset;
    s->cx.view_base = s->p->aggs[a].view_base;
}

static void locate(void *owner, const void *acc, StateKey *k, StateNs *ns) {
    SaState *s = owner;
    *k = s->cur;
    *ns = (StateNs){acc == s->src ? &s->src_id : &s->work_id, sizeof(int64_t)};
}

static char *aligned_rec(Op *op, uint32_t size) {
    char *m = eddy__arena_alloc(op->arena, size + 16);
    return m ? (char *)(((uintptr_t)m + 15u) & ~(uintptr_t)15u) : NULL;
}

static eddy_status sa_open(Op *op) {
    const WinAggPlan *p = op->plan;
    SaState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    s->p = p;
    s->op = op;
    s->err = eddy__op_err(op);
    eddy__key_batch_init(&s->kb);
    eddy__buf_init(&s->key);
    s->views = (AggStateViews){.locate = locate, .owner = s};
    eddy__agg_ctx_init(&s->cx, p->nviews ? &eddy__agg_state_view_ops : NULL, &s->views, s->err);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   s->err);
    if (!(s->work = aligned_rec(op, p->rec_size)) || !(s->src = aligned_rec(op, p->rec_size))) return NOMEM(op);
    eddy_status rc = eddy__op_state(op, &s->be);
    if (rc) return rc;
    StateDesc d = {.name = "sessions", .kind = STATE_VALUE, .key_type = p->key_type, .value_type = eddy__type_bytes(false)};
    if ((rc = eddy__state_register(s->be, &d, &s->list))) return rc;
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->val);
    eddy__buf_init(&s->blob);
    if (p->tvf_cols) {
        d = (StateDesc){.name = "sessrows", .kind = STATE_LIST, .key_type = p->key_type, .value_type = eddy__type_bytes(false)};
        if ((rc = eddy__state_register(s->be, &d, &s->rows_st))) return rc;
        return eddy__timers_get(s->be, &s->timers);
    }
    s->rsz = p->rec_size;
    StateTtl none = {0};
    if ((rc = eddy__agg_state_views_open(&s->views, op, s->be, p->key_type, p->nviews, p->views, none))) return rc;
    return eddy__timers_get(s->be, &s->timers);
}

/* Releases what the live records hold (C functions with create / destroy). */
static void destroy_all(SaState *s) {
    const WinAggPlan *p = s->p;
    StateIter *it;
    if (!s->rsz || eddy__state_iter_keys(s->list, NULL, &it)) return;
    for (;;) {
        StateEntry e;
        bool has;
        if (eddy__state_iter_next(it, &e, &has) || !has) break;
        uint32_t n = e.value_len / (uint32_t)(sizeof(Sess) + s->rsz);
        for (uint32_t j = 0; j < n; j++) {
            memcpy(s->work, (const char *)e.value + n * sizeof(Sess) + (size_t)j * s->rsz, s->rsz);
            for (int a = 0; a < p->naggs; a++) {
                set_call(s, a);
                eddy__agg_destroy(p->aggs[a].fn, &s->cx, s->work);
            }
        }
    }
    eddy__state_iter_close(it);
}

static void sa_close(Op *op) {
    SaState *s = op->state;
    if (!s) return;
    if (s->p->has_destroy && s->list) destroy_all(s);
    eddy__key_batch_free(&s->kb);
    eddy__agg_ctx_free(&s->cx);
    eddy__out_free(&s->out);
    eddy__agg_state_views_free(&s->views);
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->val);
    eddy__free(s->recs);
    eddy__buf_free(&s->blob);
    eddy__free(s->ss);
    eddy__free(s->rows);
    eddy__vec_release(s->unit);
    eddy__vec_release(s->scratch);
}

/* The instant a session ending at `end` (its wall clock) fires: end - 1. */
static int64_t fire_time(const WinAggPlan *p, int64_t end) {
    return p->ltz ? end - 1 - eddy__tz_offset_utc(p->ltz, end - 1) : end - 1;
}

static TimeDomain domain(const WinAggPlan *p) { return p->proctime ? TIME_PROCESSING : TIME_EVENT; }

/* Loads the sessions of key k (and their records) into s->ss / s->recs,
 * with room for one more. The value: nss Sess, then nss records. */
static eddy_status load_sessions(Op *op, SaState *s, const StateKey *k) {
    const void *v;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_get(s->list, k, STATE_NO_NS, &v, &len, &found);
    if (rc) return rc;
    s->nss = found ? len / (uint32_t)(sizeof(Sess) + s->rsz) : 0;
    if (s->nss + 1 > s->capss) {
        uint32_t c = s->capss ? s->capss * 2 : 8;
        while (c < s->nss + 1) c *= 2;
        Sess *n = eddy__realloc(s->ss, sizeof(Sess) * c);
        if (n) s->ss = n;
        char *r = n && s->rsz ? eddy__realloc(s->recs, (size_t)s->rsz * c) : NULL;
        if (r) s->recs = r;
        if (!n || (s->rsz && !r)) return NOMEM(op);
        s->capss = c;
    }
    if (s->nss) {
        memcpy(s->ss, v, sizeof(Sess) * s->nss);
        if (s->rsz) memcpy(s->recs, (const char *)v + sizeof(Sess) * s->nss, (size_t)s->rsz * s->nss);
    }
    return EDDY_OK;
}

static eddy_status store_sessions(SaState *s, const StateKey *k) {
    if (!s->nss) return eddy__state_remove(s->list, k, STATE_NO_NS, NULL);
    if (!s->rsz) return eddy__state_put(s->list, k, STATE_NO_NS, s->ss, s->nss * (uint32_t)sizeof(Sess));
    s->val.len = 0;
    eddy__buf_put(&s->val, s->ss, sizeof(Sess) * s->nss);
    eddy__buf_put(&s->val, s->recs, (size_t)s->rsz * s->nss);
    if (s->val.failed) return eddy__op_fail(s->op, EDDY_E_NOMEM, "out of memory");
    return eddy__state_put(s->list, k, STATE_NO_NS, s->val.data, (uint32_t)s->val.len);
}

static inline char *rec_at(SaState *s, uint32_t j) { return s->recs + (size_t)j * s->rsz; }

/* Removes sessions [from, to) of s->ss and their records. */
static void drop_sessions(SaState *s, uint32_t from, uint32_t to) {
    memmove(&s->ss[from], &s->ss[to], sizeof(Sess) * (s->nss - to));
    if (s->rsz) memmove(rec_at(s, from), rec_at(s, to), (size_t)s->rsz * (s->nss - to));
    s->nss -= to - from;
}

/* Drops the views of the record at acc (src or work). */
static eddy_status clear_views(SaState *s, void *acc) {
    eddy_status rc = EDDY_OK;
    for (int a = 0; a < s->p->naggs && !rc; a++) {
        const AggFn *fn = s->p->aggs[a].fn;
        set_call(s, a);
        for (int v = 0; !rc && v < fn->nviews; v++)
            rc = eddy__agg_state_views_clear(&s->views, acc, s->p->aggs[a].view_base + v);
    }
    return rc;
}

/* Folds session j of s->ss into the target record (s->work): its record
 * merged and removed, its timer deleted. */
static eddy_status absorb(Op *op, SaState *s, uint32_t j) {
    const WinAggPlan *p = s->p;
    (void)op;
    s->src_id = s->ss[j].id;
    memcpy(s->src, rec_at(s, j), s->rsz);
    eddy_status rc = EDDY_OK;
    *(int64_t *)s->work += *(int64_t *)s->src;
    void *dst = s->work, *src = s->src;
    for (int a = 0; a < p->naggs && !rc; a++) {
        set_call(s, a);
        rc = eddy__agg_merge(p->aggs[a].fn, &s->cx, &dst, &src, 1);
        eddy__agg_destroy(p->aggs[a].fn, &s->cx, src);
    }
    if (!rc) rc = clear_views(s, src);
    if (!rc)
        rc = eddy__timers_delete(s->timers, domain(p), &s->cur, (StateNs){&s->src_id, sizeof s->src_id}, s->ss[j].timer);
    return rc;
}

/* Copies the rows of session id (of cur) into s->blob; *n false when none. */
static eddy_status load_rows(SaState *s, int64_t id, bool *found) {
    const void *v;
    uint32_t len;
    eddy_status rc = eddy__state_list_get(s->rows_st, &s->cur, (StateNs){&id, sizeof id}, &v, &len, found);
    s->blob.len = 0;
    if (!rc && *found) eddy__buf_put(&s->blob, v, len);
    return rc ? rc : s->blob.failed ? EDDY_E_NOMEM : EDDY_OK;
}

/* tvf_cols: moves the rows of session j into the target's (work_id), drops
 * its list and its timer. */
static eddy_status absorb_rows(Op *op, SaState *s, uint32_t j) {
    int64_t id = s->ss[j].id;
    bool found;
    eddy_status rc = load_rows(s, id, &found);
    if (rc) return rc == EDDY_E_NOMEM ? NOMEM(op) : rc;
    StateNs to = {&s->work_id, sizeof s->work_id}, from = {&id, sizeof id};
    const void *e;
    uint32_t elen, pos = 0;
    while (!rc && found && eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &e, &elen))
        rc = eddy__state_list_add(s->rows_st, &s->cur, to, e, elen);
    if (!rc) rc = eddy__state_remove(s->rows_st, &s->cur, from, NULL);
    if (!rc) rc = eddy__timers_delete(s->timers, domain(s->p), &s->cur, from, s->ss[j].timer);
    return rc;
}

static inline bool filter_passes(const Vector *f, uint32_t r) {
    return !vec_is_null(f, vidx(f, r)) && VEC_DATA(f, uint8_t)[vidx(f, r)];
}

/* One row: physical row r of b, key row i of s->kb, time lt (wall clock). */
static eddy_status add_row(Op *op, SaState *s, const Batch *b, uint32_t r, uint32_t i, int64_t lt, uint64_t *late) {
    const WinAggPlan *p = s->p;
    s->cur = eddy__key_batch_key(&s->kb, i);
    eddy_status rc = load_sessions(op, s, &s->cur);
    if (rc) return rc;
    int64_t ws = lt, we = lt + p->size_ms;
    uint32_t a = 0;
    while (a < s->nss && s->ss[a].end < ws) a++;
    uint32_t e = a;
    while (e < s->nss && s->ss[e].start <= we) e++;
    if (a == e) {
        if (!p->proctime && op->input_watermark != INT64_MIN && fire_time(p, we) <= op->input_watermark) {
            (*late)++;
            return EDDY_OK;
        }
        memmove(&s->ss[a + 1], &s->ss[a], sizeof(Sess) * (s->nss - a));
        if (s->rsz) memmove(rec_at(s, a + 1), rec_at(s, a), (size_t)s->rsz * (s->nss - a));
        s->ss[a] = (Sess){ws, we, ws, fire_time(p, we)};
        s->nss++;
        s->work_id = ws;
        memset(s->work, 0, p->rec_size);
        for (int k = 0; k < p->naggs && !rc && !p->tvf_cols; k++) {
            set_call(s, k);
            rc = eddy__agg_init(p->aggs[k].fn, &s->cx, s->work);
        }
        if (!rc)
            rc = eddy__timers_register(s->timers, domain(p), &s->cur, (StateNs){&s->work_id, sizeof s->work_id},
                                       fire_time(p, we));
    } else {
        Sess t = s->ss[a];
        s->work_id = t.id;
        if (s->rsz) memcpy(s->work, rec_at(s, a), s->rsz);
        int64_t ms = t.start < ws ? t.start : ws, me = t.end > we ? t.end : we;
        for (uint32_t j = a + 1; j < e && !rc; j++) {
            if (s->ss[j].end > me) me = s->ss[j].end;
            rc = p->tvf_cols ? absorb_rows(op, s, j) : absorb(op, s, j);
        }
        /* a wider session keeps its timer: when it fires early, it moves (on_timer) */
        s->ss[a] = (Sess){ms, me, t.id, t.timer};
        drop_sessions(s, a + 1, e);
    }
    if (p->tvf_cols) {
        if (rc) return rc;
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, p->tvf_cols, r);
        if (s->row.failed) return NOMEM(op);
        rc = eddy__state_list_add(s->rows_st, &s->cur, (StateNs){&s->work_id, sizeof s->work_id}, s->row.data,
                                  (uint32_t)s->row.len);
        return rc ? rc : store_sessions(s, &s->cur);
    }
    (*(int64_t *)s->work)++;
    void *acc = s->work;
    for (int k = 0; k < p->naggs && !rc; k++) {
        const GroupAggCall *c = &p->aggs[k];
        if (c->filter >= 0 && !filter_passes(b->cols[c->filter], r)) continue;
        Vector *args[16];
        for (int x = 0; x < c->fn->nargs && x < 16; x++) args[x] = b->cols[c->args[x]];
        set_call(s, k);
        rc = eddy__agg_accumulate(c->fn, &s->cx, args, &r, 1, &acc);
    }
    if (rc) return rc;
    memcpy(rec_at(s, a), s->work, s->rsz);
    return store_sessions(s, &s->cur);
}

static eddy_status sa_push(Op *op, int input, Batch *b) {
    (void)input;
    const WinAggPlan *p = op->plan;
    SaState *s = op->state;
    if (!b->count) return EDDY_OK;
    if (b->count > s->cap) {
        uint32_t *n = eddy__realloc(s->rows, sizeof(uint32_t) * b->count);
        if (!n) return NOMEM(op);
        s->rows = n;
        s->cap = b->count;
    }
    const Vector *tv = b->cols[p->time_col];
    uint32_t m = 0;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        if (!vec_is_null(tv, vidx(tv, r))) s->rows[m++] = r; /* no time: no session */
    }
    if (!m) return EDDY_OK;
    Vector *keys[64];
    if (p->ngroup > 64) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: more than 64 window keys");
    for (int k = 0; k < p->ngroup; k++) keys[k] = b->cols[p->group[k]];
    int nkeys = p->ngroup;
    if (!nkeys) {
        if (!s->unit || s->unit->cap < b->n) {
            eddy__vec_release(s->unit);
            if (!(s->unit = eddy__vec_new(eddy__type_basic(TY_BOOLEAN, false), b->n))) return NOMEM(op);
        }
        keys[nkeys++] = s->unit;
    }
    eddy_status rc = eddy__key_batch_encode(&s->kb, keys, nkeys, s->rows, m, op->max_parallelism, s->err);
    uint64_t late = 0;
    for (uint32_t i = 0; i < m && !rc; i++) {
        uint32_t r = s->rows[i];
        int64_t t = VEC_DATA(tv, Ts)[vidx(tv, r)].ms;
        rc = add_row(op, s, b, r, i, p->ltz ? t + eddy__tz_offset_utc(p->ltz, t) : t, &late);
    }
    if (!rc && late) rc = eddy__op_report_late(op, late);
    return rc;
}

static void set_ts(eddy_out *o, int col, int64_t ms) {
    Vector *v = eddy__out_field(o, (size_t)col);
    VEC_DATA(v, Ts)[o->row] = (Ts){ms, 0};
}

static eddy_status emit_agg(Op *op, SaState *s, Sess w);
static eddy_status emit_rows(Op *op, SaState *s, Sess w);

/* A session is complete: its row (or rows) goes out, its state goes. */
static eddy_status sa_on_timer(Op *op, const Timer *t) {
    const WinAggPlan *p = op->plan;
    SaState *s = op->state;
    int64_t id;
    if (t->ns.len != sizeof id) return EDDY_OK;
    memcpy(&id, t->ns.bytes, sizeof id);
    s->key.len = 0;
    eddy__buf_put(&s->key, t->key.bytes, t->key.len);
    if (s->key.failed) return NOMEM(op);
    s->cur = t->key;
    s->cur.bytes = s->key.data;
    eddy_status rc = load_sessions(op, s, &s->cur);
    if (rc) return rc;
    uint32_t j = 0;
    while (j < s->nss && s->ss[j].id != id) j++;
    if (j == s->nss || s->ss[j].timer != t->ts) return EDDY_OK; /* not this session's timer */
    if (fire_time(p, s->ss[j].end) > t->ts) {
        /* the session grew since its timer was set: one timer per session,
         * moved when it fires rather than at every row that widens it */
        s->ss[j].timer = fire_time(p, s->ss[j].end);
        StateNs ns = {&s->ss[j].id, sizeof s->ss[j].id};
        rc = eddy__timers_register(s->timers, t->domain, &s->cur, ns, s->ss[j].timer);
        return rc ? rc : store_sessions(s, &s->cur);
    }
    Sess w = s->ss[j];
    s->work_id = id;
    s->out.default_ts = t->domain == TIME_EVENT ? t->ts : TS_NONE;
    if (p->tvf_cols) rc = emit_rows(op, s, w);
    else {
        memcpy(s->work, rec_at(s, j), s->rsz);
        rc = emit_agg(op, s, w);
    }
    if (rc) return rc;
    drop_sessions(s, j, j + 1);
    return store_sessions(s, &s->cur);
}

/* The aggregate row of session w (its record in s->work): the keys, the
 * calls' values, the window properties; the record and views go. */
static eddy_status emit_agg(Op *op, SaState *s, Sess w) {
    const WinAggPlan *p = s->p;
    eddy_status rc;
    if ((rc = eddy__out_begin(&s->out)) || (rc = eddy__window_out_keys(op, &s->out, p, &s->scratch, &s->cur))) return rc;
    void *acc = s->work;
    for (int a = 0; a < p->naggs && !rc; a++) {
        const AggFn *fn = p->aggs[a].fn;
        set_call(s, a);
        rc = eddy__agg_get_value(fn, &s->cx, &acc, 1, eddy__out_field(&s->out, (size_t)(p->ngroup + a)), s->out.row);
        eddy__agg_destroy(fn, &s->cx, acc);
    }
    for (int i = 0; i < p->nprops && !rc; i++) {
        WinProp pr = p->props[i];
        set_ts(&s->out, p->ngroup + p->naggs + i, pr == WPROP_START ? w.start : pr == WPROP_END ? w.end : fire_time(p, w.end));
    }
    if (!rc) rc = clear_views(s, acc);
    return rc ? rc : eddy__out_commit(&s->out);
}

/* tvf_cols: the rows of session w, each with window_start, window_end,
 * window_time; its list goes. */
static eddy_status emit_rows(Op *op, SaState *s, Sess w) {
    const WinAggPlan *p = s->p;
    bool found;
    eddy_status rc = load_rows(s, w.id, &found);
    if (rc) return rc == EDDY_E_NOMEM ? NOMEM(op) : rc;
    Vector *cols[256];
    if (p->tvf_cols > 256) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: SESSION over more than 256 columns");
    const void *e;
    uint32_t elen, pos = 0;
    while (!rc && found && eddy__state_list_next(s->blob.data, (uint32_t)s->blob.len, &pos, &e, &elen)) {
        if ((rc = eddy__out_begin(&s->out))) break;
        for (int c = 0; c < p->tvf_cols; c++) cols[c] = eddy__out_field(&s->out, (size_t)c);
        if (eddy__serde_read(e, elen, cols, p->tvf_cols, s->out.row) != elen)
            return eddy__op_fail(op, EDDY_E_INTERNAL, "a session row of operator '%s' does not decode", op->node->name);
        set_ts(&s->out, p->tvf_cols, w.start);
        set_ts(&s->out, p->tvf_cols + 1, w.end);
        set_ts(&s->out, p->tvf_cols + 2, fire_time(p, w.end));
        rc = eddy__out_commit(&s->out);
    }
    return rc ? rc : eddy__state_remove(s->rows_st, &s->cur, (StateNs){&w.id, sizeof w.id}, NULL);
}

static eddy_status sa_watermark(Op *op, int64_t wm) {
    eddy_status rc = eddy__out_flush((eddy_out *)op->state);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status sa_finish(Op *op) { return eddy__out_flush((eddy_out *)op->state); }

const OpVtab eddy__op_session_agg = {.name = "SessionWindowAggregate",
                                     .open = sa_open,
                                     .push_batch = sa_push,
                                     .push_watermark = sa_watermark,
                                     .on_timer = sa_on_timer,
                                     .finish = sa_finish,
                                     .close = sa_close};
