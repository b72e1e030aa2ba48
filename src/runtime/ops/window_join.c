/*
 * window_join.c -- the streaming window join (Flink's WindowJoin): two
 * inputs whose rows carry their windows (window TVFs, window aggregations
 * or window Top-N below), joined ON L.window_start = R.window_start AND
 * L.window_end = R.window_end AND ...: inner, left / right / full outer,
 * semi and anti (IN / EXISTS). Nothing goes out until a window is complete;
 * then its joined rows, insert-only, and the window's rows are forgotten.
 *
 * State: per side keyed LIST state ("left-records", "right-records"), the
 * key the equi-join keys but the window columns (the exchange's), the
 * namespace the window end (8 bytes), one element per row (its serde
 * bytes). One event-time timer per window and key group at window_end - 1,
 * as window_agg.c keeps them. When it fires, every key of the window is
 * joined: the whole ON condition is evaluated over chunks of (left, right)
 * candidate pairs of the key (so NULL keys match nothing, as with '='),
 * then, per left row in arrival order, its joined rows (a semi join: the
 * row once if it matched; anti: if it did not), the left row padded with
 * NULLs (LEFT / FULL) when it matched nothing, and last the unmatched right
 * rows padded (RIGHT / FULL) -- Flink's order in its window join
 * processors. Keys with right rows only come after the keys with left rows.
 *
 * Late rows (window_end - 1 at or behind the watermark) are dropped and
 * counted (eddy__op_report_late). BATCH mode plans a regular hash join.
 */
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/window_join.h"
#include "runtime/ops/window_rank.h"
#include "state/state.h"
#include "types/serde.h"

#define NOMEM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")
#define PAIR_CAP 256

typedef struct Elem {
    const char *p;
    uint32_t n;
} Elem;

typedef struct WjState {
    eddy_out out; /* first (eddy__window_out_watermark) */
    State *st[2];
    TimerService *timers;
    StateBackend *be;
    KeyBatch kb;
    Vector *zero;
    uint32_t cap;
    uint32_t *rows;
    int64_t *ends;
    Batch *pair;             /* candidate pairs: left then right columns */
    ExprProg *cond;
    EvalCtx cx;
    Arena scratch, progs;
    uint32_t keep[PAIR_CAP];
    uint32_t pi[PAIR_CAP], pj[PAIR_CAP]; /* the pair rows' left and right indexes */
    Buf lcopy, rcopy;        /* the two lists of a key (copies: state reads are borrowed) */
    ED_VEC(Elem) le, re;
    ED_VEC(uint8_t) lm, rm;  /* matched flags */
    Buf row, fire_keys;
} WjState;

static StateKey group_key(int group) { return (StateKey){"", 0, group, (uint64_t)group}; }

static int64_t fire_time(const WinJoinPlan *p, int64_t end) {
    return p->ltz ? end - 1 - eddy__tz_offset_utc(p->ltz, end - 1) : end - 1;
}

static eddy_status wj_open(Op *op) {
    const WinJoinPlan *p = op->plan;
    WjState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__buf_init(&s->lcopy);
    eddy__buf_init(&s->rcopy);
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->fire_keys);
    eddy__arena_init(&s->scratch, 16384);
    eddy__arena_init(&s->progs, 4096);
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &s->be);
    if (rc) return rc;
    s->cx = (EvalCtx){.scratch = &s->scratch, .err = eddy__op_err(op), .tz = p->tz, .now_ms = eddy__wall_ms()};
    s->cx.proc_ms = s->cx.now_ms;
    if (!(s->pair = eddy__batch_new_typed(p->ncols[0] + p->ncols[1], p->pair_types, PAIR_CAP))) return NOMEM(op);
    if (p->cond) {
        rc = eddy__expr_compile(&s->progs, p->cond, &s->cx, &s->cond);
        eddy__arena_reset(&s->scratch);
        if (rc) return rc;
    }
    static const char *names[2] = {"left-records", "right-records"};
    for (int i = 0; i < 2; i++) {
        StateDesc d = {.name = names[i], .kind = STATE_LIST, .key_type = p->key_type, .value_type = eddy__type_bytes(false)};
        if ((rc = eddy__state_register(s->be, &d, &s->st[i]))) return rc;
    }
    return eddy__timers_get(s->be, &s->timers);
}

static void wj_close(Op *op) {
    WjState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__vec_release(s->zero);
    eddy__free(s->rows);
    eddy__free(s->ends);
    if (s->pair) eddy__batch_release(s->pair);
    eddy__arena_destroy(&s->scratch);
    eddy__arena_destroy(&s->progs);
    eddy__buf_free(&s->lcopy);
    eddy__buf_free(&s->rcopy);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->fire_keys);
    ed_vec_free(&s->le);
    ed_vec_free(&s->re);
    ed_vec_free(&s->lm);
    ed_vec_free(&s->rm);
}

static bool ensure_cap(WjState *s, uint32_t n) {
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

static eddy_status wj_push(Op *op, int input, Batch *b) {
    const WinJoinPlan *p = op->plan;
    WjState *s = op->state;
    if (!b->count) return EDDY_OK;
    if (!ensure_cap(s, b->count)) return NOMEM(op);
    const Vector *wv = b->cols[p->wend_col[input]];
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
    int nk = p->nkeys;
    if (nk) {
        if ((rc = eddy__key_compute(p->key[input], b, keys, eddy__op_err(op)))) return rc;
    } else {
        if (!s->zero || s->zero->cap < b->n) {
            eddy__vec_release(s->zero);
            if (!(s->zero = eddy__vec_new(eddy__type_basic(TY_INT, false), b->n))) return NOMEM(op);
            memset(s->zero->data, 0, sizeof(int32_t) * b->n);
        }
        keys[nk++] = s->zero;
    }
    rc = eddy__key_batch_encode(&s->kb, keys, nk, s->rows, m, op->max_parallelism, eddy__op_err(op));
    for (int k = 0; p->nkeys && k < p->nkeys; k++) eddy__vec_release(keys[k]);
    for (uint32_t i = 0; i < m && !rc; i++) {
        StateKey k = eddy__key_batch_key(&s->kb, i);
        StateNs ns = {&s->ends[i], sizeof(int64_t)};
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, p->ncols[input], s->rows[i]);
        if (s->row.failed || s->row.len > UINT32_MAX) return NOMEM(op);
        if ((rc = eddy__state_list_add(s->st[input], &k, ns, s->row.data, (uint32_t)s->row.len))) break;
        StateKey gk = group_key(k.group);
        rc = eddy__timers_register(s->timers, TIME_EVENT, &gk, ns, fire_time(p, s->ends[i]));
    }
    return rc;
}

/* The list of side `side` under (k, ns), copied into *copy and split into *es. */
static eddy_status load(Op *op, WjState *s, int side, const StateKey *k, StateNs ns, Buf *copy, void *vec) {
    ED_VEC(Elem) *es = vec;
    es->len = 0;
    copy->len = 0;
    const void *blob;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_list_get(s->st[side], k, ns, &blob, &len, &found);
    if (rc || !found) return rc;
    eddy__buf_put(copy, blob, len);
    if (copy->failed) return NOMEM(op);
    uint32_t pos = 0;
    const void *e;
    uint32_t n;
    while (eddy__state_list_next(copy->data, len, &pos, &e, &n)) {
        Elem el = {e, n};
        if (!ed_vec_push(es, el)) return NOMEM(op);
    }
    return EDDY_OK;
}

static eddy_status flags(Op *op, void *vec, size_t n) {
    ED_VEC(uint8_t) *f = vec;
    f->len = 0;
    for (size_t i = 0; i < n; i++)
        if (!ed_vec_push(f, (uint8_t)0)) return NOMEM(op);
    return EDDY_OK;
}

/* One output row: left element l (NULL: NULLs), then right r (NULL: NULLs; a
 * semi / anti join has no right columns). */
static eddy_status emit(Op *op, WjState *s, const Elem *l, const Elem *r) {
    const WinJoinPlan *p = op->plan;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    Batch *ob = s->out.batch;
    uint32_t oi = s->out.row;
    eddy__out_set_all(&s->out);
    int nsides = p->type == JOIN_SEMI || p->type == JOIN_ANTI ? 1 : 2;
    for (int side = 0; side < nsides; side++) {
        const Elem *e = side ? r : l;
        Vector *const *cols = ob->cols + (side ? p->ncols[0] : 0);
        if (e) {
            if (!eddy__serde_read(e->p, e->n, cols, p->ncols[side], oi)) {
                eddy__out_discard(&s->out);
                return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt WindowJoin state");
            }
        } else {
            for (int c = 0; c < p->ncols[side]; c++) eddy__vec_set_null(cols[c], oi);
        }
    }
    return eddy__out_commit(&s->out);
}

/* Evaluates the condition over pairs [0, n) of the pair batch, marking and
 * (inner / outer joins) emitting the matches in pair order. */
static eddy_status eval_pairs(Op *op, WjState *s, uint32_t n) {
    const WinJoinPlan *p = op->plan;
    uint32_t kept = n;
    if (s->cond) {
        s->pair->n = s->pair->count = n;
        eddy_status rc = eddy__expr_filter(s->cond, &s->cx, s->pair, NULL, n, s->keep, &kept);
        eddy__arena_reset(&s->scratch);
        if (rc) return rc;
    } else {
        for (uint32_t i = 0; i < n; i++) s->keep[i] = i;
    }
    for (uint32_t t = 0; t < kept; t++) {
        uint32_t i = s->pi[s->keep[t]], j = s->pj[s->keep[t]];
        s->lm.items[i] = s->rm.items[j] = 1;
        if (p->type == JOIN_SEMI || p->type == JOIN_ANTI) continue;
        eddy_status rc = emit(op, s, &s->le.items[i], &s->re.items[j]);
        if (rc) return rc;
    }
    for (int c = 0; c < s->pair->ncols; c++) eddy__vec_reset(s->pair->cols[c]);
    return EDDY_OK;
}

/* Joins the rows of one key in one window, and forgets them. */
static eddy_status join_key(Op *op, WjState *s, const StateKey *k, StateNs ns) {
    const WinJoinPlan *p = op->plan;
    eddy_status rc = load(op, s, 0, k, ns, &s->lcopy, &s->le);
    if (!rc) rc = load(op, s, 1, k, ns, &s->rcopy, &s->re);
    if (!rc) rc = flags(op, &s->lm, s->le.len);
    if (!rc) rc = flags(op, &s->rm, s->re.len);
    bool semi = p->type == JOIN_SEMI || p->type == JOIN_ANTI;
    for (size_t i = 0; i < s->le.len && !rc; i++) {
        uint32_t n = 0;
        for (size_t j = 0; j < s->re.len && !rc; j++) {
            if (semi && s->lm.items[i]) break;
            if (!eddy__serde_read(s->le.items[i].p, s->le.items[i].n, s->pair->cols, p->ncols[0], n) ||
                !eddy__serde_read(s->re.items[j].p, s->re.items[j].n, s->pair->cols + p->ncols[0], p->ncols[1], n))
                return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt WindowJoin state");
            s->pi[n] = (uint32_t)i;
            s->pj[n++] = (uint32_t)j;
            if (n == PAIR_CAP) {
                rc = eval_pairs(op, s, n);
                n = 0;
            }
        }
        if (!rc && n) rc = eval_pairs(op, s, n);
        if (rc) break;
        bool matched = s->lm.items[i];
        if (p->type == JOIN_SEMI && matched) rc = emit(op, s, &s->le.items[i], NULL);
        else if (p->type == JOIN_ANTI && !matched) rc = emit(op, s, &s->le.items[i], NULL);
        else if ((p->type == JOIN_LEFT || p->type == JOIN_FULL) && !matched) rc = emit(op, s, &s->le.items[i], NULL);
    }
    if (p->type == JOIN_RIGHT || p->type == JOIN_FULL)
        for (size_t j = 0; j < s->re.len && !rc; j++)
            if (!s->rm.items[j]) rc = emit(op, s, NULL, &s->re.items[j]);
    if (!rc) rc = eddy__state_remove(s->st[0], k, ns, NULL);
    if (!rc) rc = eddy__state_remove(s->st[1], k, ns, NULL);
    return rc;
}

static eddy_status wj_on_timer(Op *op, const Timer *t) {
    WjState *s = op->state;
    int64_t end;
    memcpy(&end, t->ns.bytes, sizeof end);
    StateNs ns = {&end, sizeof end};
    s->out.default_ts = t->ts;
    eddy_status rc = EDDY_OK;
    /* the keys with left rows, then those with right rows only (the others are gone by then) */
    for (int side = 0; side < 2 && !rc; side++) {
        uint32_t n;
        if ((rc = eddy__window_ns_keys(s->st[side], ns, &s->fire_keys, &n))) return rc == EDDY_E_NOMEM ? NOMEM(op) : rc;
        for (size_t off = 0; n-- && !rc;) {
            StateKey k = eddy__window_key_at(&s->fire_keys, &off);
            rc = join_key(op, s, &k, ns);
        }
    }
    return rc ? rc : eddy__window_timers_done(s->be, s->timers, t, ns);
}

const OpVtab eddy__op_window_join = {.name = "WindowJoin",
                                     .open = wj_open,
                                     .push_batch = wj_push,
                                     .push_watermark = eddy__window_out_watermark,
                                     .on_timer = wj_on_timer,
                                     .finish = eddy__window_out_finish,
                                     .close = wj_close};
