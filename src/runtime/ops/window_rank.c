/*
 * window_rank.c -- streaming window Top-N and window deduplication (Flink's
 * WindowRank and WindowDeduplicate): ROW_NUMBER() OVER (PARTITION BY
 * window_start, window_end [, k] ORDER BY s) with rownum <= N over the rows
 * of a window table function or of a window aggregation. Unlike Rank, it
 * emits nothing until the window is complete, then the final Top-N rows,
 * insert-only, and forgets the window.
 *
 * State: keyed VALUE state "winrank", the key the partition columns but
 * the window ones, the namespace the window end (8 bytes); the value the
 * window's buffer [u32 rows] then per row [u32 sort key length][sort key]
 * [u32 row length][serde row], in rank order: rows of equal sort keys in
 * arrival order (new_first: the newest first, as a deduplication keeping
 * the last row wants), never more than `end` rows (a row that would rank
 * past `end` is dropped before it is encoded). Sort keys are rank.c's
 * memcmp-ordered keys. Keys are hashed once per batch (KeyBatch).
 *
 * Timers: one event-time timer per window and key group at window_end - 1
 * (the instant; TIMESTAMP_LTZ windows shift by the zone), registered when
 * the window's first row of a key arrives, as window_agg.c does. When it
 * fires, every key of the window goes out in one pass over the state (its
 * rows of ranks [start, end], the rank number appended when asked) with
 * window_end - 1 as record timestamp, and the window's timers of the other
 * key groups go.
 *
 * Late rows: a row whose window fired already (window_end - 1 at or behind
 * the current watermark) is dropped and counted (eddy__op_report_late),
 * where Flink's window operators drop it. BATCH mode plans a sort-based
 * Rank instead (batch_rank.c).
 */
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/window_rank.h"
#include "types/serde.h"

#define NOMEM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

typedef struct WrEnt {
    const char *k;
    uint32_t kl;
    const char *r;
    uint32_t rl;
} WrEnt;

typedef struct WrState {
    eddy_out out; /* first (eddy__window_out_watermark) */
    const WinRankPlan *p;
    State *st;
    TimerService *timers;
    StateBackend *be;
    KeyBatch kb;
    Vector *zero;        /* the constant key of no partition column */
    uint32_t cap;
    uint32_t *rows;      /* a batch's rows in open windows */
    int64_t *ends;       /* their window ends */
    Buf key, row, blob;  /* the current row's sort key and bytes; a buffer being written */
    Buf fire_keys;       /* the keys of a firing window */
    ED_VEC(WrEnt) ents;
} WrState;

static StateKey group_key(int group) { return (StateKey){"", 0, group, (uint64_t)group}; }

/* The instant a window ending at `end` (wall clock) is complete: end - 1. */
static int64_t fire_time(const WinRankPlan *p, int64_t end) {
    return p->ltz ? end - 1 - eddy__tz_offset_utc(p->ltz, end - 1) : end - 1;
}

static eddy_status wr_open(Op *op) {
    const WinRankPlan *p = op->plan;
    WrState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    s->p = p;
    eddy__buf_init(&s->key);
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->blob);
    eddy__buf_init(&s->fire_keys);
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &s->be);
    if (rc) return rc;
    StateDesc d = {.name = "winrank", .kind = STATE_VALUE, .key_type = p->key_type, .value_type = eddy__type_bytes(false)};
    if ((rc = eddy__state_register(s->be, &d, &s->st))) return rc;
    return eddy__timers_get(s->be, &s->timers);
}

static void wr_close(Op *op) {
    WrState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__vec_release(s->zero);
    eddy__free(s->rows);
    eddy__free(s->ends);
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->blob);
    eddy__buf_free(&s->fire_keys);
    ed_vec_free(&s->ents);
}

static int key_cmp(const WrEnt *a, const char *k, uint32_t kl) {
    uint32_t n = a->kl < kl ? a->kl : kl;
    int c = n ? memcmp(a->k, k, n) : 0;
    return c ? c : (a->kl > kl) - (a->kl < kl);
}

/* Parses a stored buffer into s->ents (pointing into it), room for one more. */
static eddy_status parse(Op *op, WrState *s, const char *blob, uint32_t len) {
    s->ents.len = 0;
    uint32_t n = 0, pos = 4;
    if (len >= 4) memcpy(&n, blob, 4);
    else if (len) goto bad;
    if ((size_t)n + 2 > s->ents.cap && !eddy__vec_grow((void **)&s->ents.items, &s->ents.cap, sizeof(WrEnt), (size_t)n + 2))
        return NOMEM(op);
    for (uint32_t i = 0; i < n; i++) {
        WrEnt e;
        if (len - pos < 4) goto bad;
        memcpy(&e.kl, blob + pos, 4);
        pos += 4;
        if (len - pos < e.kl) goto bad;
        e.k = blob + pos;
        pos += e.kl;
        if (len - pos < 4) goto bad;
        memcpy(&e.rl, blob + pos, 4);
        pos += 4;
        if (len - pos < e.rl) goto bad;
        e.r = blob + pos;
        pos += e.rl;
        s->ents.items[s->ents.len++] = e;
    }
    return EDDY_OK;
bad:
    return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt %s state", s->p->name);
}

/* Where a row of sort key k goes: after the rows of keys <= k (new_first:
 * before the rows of keys >= k). */
static size_t insert_pos(const WrState *s, const char *k, uint32_t kl) {
    size_t pos = s->ents.len;
    while (pos > 0) {
        int c = key_cmp(&s->ents.items[pos - 1], k, kl);
        if (c < 0 || (c == 0 && !s->p->new_first)) break;
        pos--;
    }
    return pos;
}

static eddy_status store(Op *op, WrState *s, const StateKey *k, StateNs ns) {
    s->blob.len = 0;
    uint32_t n = (uint32_t)s->ents.len;
    eddy__buf_put(&s->blob, &n, 4);
    for (size_t i = 0; i < s->ents.len; i++) {
        const WrEnt *e = &s->ents.items[i];
        eddy__buf_put(&s->blob, &e->kl, 4);
        eddy__buf_put(&s->blob, e->k, e->kl);
        eddy__buf_put(&s->blob, &e->rl, 4);
        eddy__buf_put(&s->blob, e->r, e->rl);
    }
    if (s->blob.failed || s->blob.len > UINT32_MAX) return NOMEM(op);
    return eddy__state_put(s->st, k, ns, s->blob.data, (uint32_t)s->blob.len);
}

static bool ensure_cap(WrState *s, uint32_t n) {
    if (n <= s->cap) return true;
    uint32_t c = s->cap ? s->cap : 256;
    while (c < n) c *= 2;
    uint32_t *r = eddy__realloc(s->rows, sizeof(uint32_t) * c);
    if (r) s->rows = r;
    int64_t *e = eddy__realloc(s->ends, sizeof(int64_t) * c);
    if (e) s->ends = e;
    if (!r || !e) return false;
    s->cap = c;
    return true;
}

static eddy_status sort_key_of(Op *op, WrState *s, const Batch *b, uint32_t r) {
    const WinRankPlan *p = s->p;
    s->key.len = 0;
    for (int c = 0; c < p->norder; c++)
        if (!eddy__rank_sort_value(&s->key, b->cols[p->order[c]], r, p->desc[c], p->nulls_first[c])) {
            Buf t;
            eddy__buf_init(&t);
            eddy__type_print(&t, b->cols[p->order[c]]->type);
            eddy_status rc = eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: %s ordered by a column of type %s",
                                           p->name, eddy__buf_cstr(&t));
            eddy__buf_free(&t);
            return rc;
        }
    return s->key.failed || s->key.len > UINT32_MAX ? NOMEM(op) : EDDY_OK;
}

static eddy_status wr_push(Op *op, int input, Batch *b) {
    (void)input;
    const WinRankPlan *p = op->plan;
    WrState *s = op->state;
    if (!b->count) return EDDY_OK;
    if (!ensure_cap(s, b->count)) return NOMEM(op);
    /* rows of windows that fired already are late */
    const Vector *wv = b->cols[p->wend_col];
    uint32_t m = 0;
    uint64_t late = 0;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        if (vec_is_null(wv, vidx(wv, r))) continue;
        int64_t end = VEC_DATA(wv, Ts)[vidx(wv, r)].ms;
        if (op->input_watermark != INT64_MIN && fire_time(p, end) <= op->input_watermark) {
            late++;
            continue;
        }
        s->rows[m] = r;
        s->ends[m++] = end;
    }
    eddy_status rc = late ? eddy__op_report_late(op, late) : EDDY_OK;
    if (rc || !m) return rc;
    Vector *keys[16];
    int nk = p->ngroup;
    if (nk > 16) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: keys of more than 16 columns");
    for (int k = 0; k < nk; k++) keys[k] = b->cols[p->group[k]];
    if (!nk) {
        if (!s->zero || s->zero->cap < b->n) {
            eddy__vec_release(s->zero);
            if (!(s->zero = eddy__vec_new(eddy__type_basic(TY_INT, false), b->n))) return NOMEM(op);
            memset(s->zero->data, 0, sizeof(int32_t) * b->n);
        }
        keys[nk++] = s->zero;
    }
    if ((rc = eddy__key_batch_encode(&s->kb, keys, nk, s->rows, m, op->max_parallelism, eddy__op_err(op)))) return rc;
    for (uint32_t i = 0; i < m && !rc; i++) {
        uint32_t r = s->rows[i];
        StateKey k = eddy__key_batch_key(&s->kb, i);
        StateNs ns = {&s->ends[i], sizeof(int64_t)};
        if ((rc = sort_key_of(op, s, b, r))) break;
        const void *val;
        uint32_t vlen;
        bool found;
        if ((rc = eddy__state_get(s->st, &k, ns, &val, &vlen, &found))) break;
        if ((rc = parse(op, s, found ? val : NULL, found ? vlen : 0))) break;
        size_t at = insert_pos(s, s->key.data, (uint32_t)s->key.len);
        if ((int64_t)at >= p->end) continue; /* ranks past the range: never out */
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, p->nin, r);
        if (s->row.failed || s->row.len > UINT32_MAX) return NOMEM(op);
        WrEnt e = {s->key.data, (uint32_t)s->key.len, s->row.data, (uint32_t)s->row.len};
        memmove(&s->ents.items[at + 1], &s->ents.items[at], sizeof(WrEnt) * (s->ents.len - at));
        s->ents.items[at] = e;
        s->ents.len++;
        if ((int64_t)s->ents.len > p->end) s->ents.len = (size_t)p->end;
        if ((rc = store(op, s, &k, ns))) break;
        if (!found) {
            /* one timer per window and key group (the window's keys fire together) */
            StateKey gk = group_key(k.group);
            rc = eddy__timers_register(s->timers, TIME_EVENT, &gk, ns, fire_time(p, s->ends[i]));
        }
    }
    eddy_status frc = eddy__state_flush(s->st);
    return rc ? rc : frc;
}

/* The rows of one (key, window) in ranks [start, end]: out they go, and the state. */
static eddy_status fire_one(Op *op, WrState *s, const StateKey *k, StateNs ns) {
    const WinRankPlan *p = s->p;
    const void *val;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_get(s->st, k, ns, &val, &len, &found);
    if (rc || !found) return rc;
    if ((rc = parse(op, s, val, len))) return rc;
    for (size_t i = (size_t)(p->start - 1); i < s->ents.len && !rc; i++) {
        const WrEnt *e = &s->ents.items[i];
        if ((rc = eddy__out_begin(&s->out))) return rc;
        Batch *ob = s->out.batch;
        uint32_t oi = s->out.row;
        eddy__out_set_all(&s->out);
        if (!eddy__serde_read(e->r, e->rl, ob->cols, p->nin, oi)) {
            eddy__out_discard(&s->out);
            return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt %s state", p->name);
        }
        if (p->output_rank) {
            Vector *rv = ob->cols[p->nin];
            VEC_DATA(rv, int64_t)[oi] = (int64_t)i + 1;
            vec_set_valid(rv, oi);
        }
        rc = eddy__out_commit(&s->out);
    }
    return rc ? rc : eddy__state_remove(s->st, k, ns, NULL);
}

eddy_status eddy__window_ns_keys(State *st, StateNs ns, Buf *keys, uint32_t *n) {
    keys->len = 0;
    *n = 0;
    StateIter *it;
    eddy_status rc = eddy__state_iter_keys(st, &ns, &it);
    if (rc) return rc;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
        StateKey k = e.key;
        eddy__buf_put(keys, &k, sizeof k);
        eddy__buf_put(keys, e.key.bytes, e.key.len);
        (*n)++;
    }
    eddy__state_iter_close(it);
    return rc ? rc : keys->failed ? EDDY_E_NOMEM : EDDY_OK;
}

StateKey eddy__window_key_at(const Buf *keys, size_t *off) {
    StateKey k;
    memcpy(&k, keys->data + *off, sizeof k);
    k.bytes = keys->data + *off + sizeof k;
    *off += sizeof k + k.len;
    return k;
}

eddy_status eddy__window_timers_done(StateBackend *be, TimerService *ts, const Timer *t, StateNs ns) {
    int first, last, maxp;
    eddy__state_backend_range(be, &first, &last, &maxp);
    eddy_status rc = EDDY_OK;
    for (int g = first; g <= last && !rc; g++) {
        if (g == t->key.group) continue;
        StateKey gk = group_key(g);
        rc = eddy__timers_delete(ts, t->domain, &gk, ns, t->ts);
    }
    return rc;
}

/* A window is complete (its timer of one key group fired): the rows of
 * every key in it go out, and its timers of the other key groups go. */
static eddy_status wr_on_timer(Op *op, const Timer *t) {
    WrState *s = op->state;
    int64_t end;
    memcpy(&end, t->ns.bytes, sizeof end);
    StateNs ns = {&end, sizeof end};
    uint32_t n;
    eddy_status rc = eddy__window_ns_keys(s->st, ns, &s->fire_keys, &n);
    if (rc) return rc == EDDY_E_NOMEM ? NOMEM(op) : rc;
    s->out.default_ts = t->ts;
    for (size_t off = 0; n-- && !rc;) {
        StateKey k = eddy__window_key_at(&s->fire_keys, &off);
        rc = fire_one(op, s, &k, ns);
    }
    return rc ? rc : eddy__window_timers_done(s->be, s->timers, t, ns);
}

eddy_status eddy__window_out_watermark(Op *op, int64_t wm) {
    eddy_status rc = eddy__out_flush((eddy_out *)op->state);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

eddy_status eddy__window_out_finish(Op *op) { return eddy__out_flush((eddy_out *)op->state); }

const OpVtab eddy__op_window_rank = {.name = "WindowRank",
                                     .open = wr_open,
                                     .push_batch = wr_push,
                                     .push_watermark = eddy__window_out_watermark,
                                     .on_timer = wr_on_timer,
                                     .finish = eddy__window_out_finish,
                                     .close = wr_close};
