/*
 * over_agg.c -- the OVER aggregation (Flink's OverAggregate): every input
 * row comes out once, with one value per aggregate call computed over the
 * row's frame in its partition.
 *
 * STREAMING, ordered by a rowtime (Flink's RowTime*PrecedingFunction):
 *   row:   late?  bounded frames: ts <= the key's last processed timestamp
 *                 (0 at first), unbounded: ts <= the current watermark ->
 *                 dropped (eddy__op_report_late); else appended to the key's pending
 *                 list under namespace ts, an event-time timer at ts
 *   timer: (key, T) the key's history (bounded frames), then its pending
 *          rows of T, in arrival order, form the partition; the rows of T
 *          come out with their values; history trimmed to what later
 *          frames can still reach; the unbounded accumulators saved.
 * STREAMING, ordered by a proctime: the same for each row as it comes, at
 *   the clock's time (Flink's ProcTime*PrecedingFunction process rows on
 *   arrival).
 * BATCH: the input is sorted by the partition keys, then the order key; a
 *   partition is buffered and its rows come out when the next partition
 *   starts (or the input ends), each call with its own frame (ROWS or
 *   RANGE, preceding and following).
 *
 * Values: a frame that grows from the partition's start (UNBOUNDED
 * PRECEDING) keeps one running accumulator; any other frame is computed
 * afresh for each row over its rows (the library's accumulate over a run of
 * rows into one accumulator), so no call needs retraction. State: the
 * partition key's LIST states "pending" (namespace: the timestamp) and
 * "history", a VALUE "acc" (the unbounded accumulators) and "last" (the
 * last timestamp processed) -- all in the operator's backend, snapshotted
 * with it.
 */
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/over_agg.h"
#include "types/compare.h"
#include "types/serde.h"

#define OVER_NOMEM(op) eddy__op_fail(op, EDDY_E_NOMEM, "out of memory")

/* The rows of one partition, in order (history first). */
typedef struct Part {
    Batch *rows;      /* the input's column types */
    uint32_t n, cap;
    int64_t *ord;     /* order-key value of each row */
} Part;

typedef struct OverState {
    KeyBatch kb;
    eddy_out out;
    StateBackend *be;
    State *pending, *history, *acc, *last;
    TimerService *timers;
    AggCtx cx;
    Vector *zero;     /* the constant key of an unpartitioned input */
    Part part;
    char *rec;        /* running accumulators (rec_size) */
    char *tmp;        /* one frame's accumulators (rec_size) */
    uint32_t *rows;   /* scratch: rows of a frame */
    void **accs;      /* scratch: the accumulator of each */
    uint32_t scratch_cap;
    uint32_t *cur, *lo, *hi; /* per call: rows accumulated, frame bounds */
    Buf row, key, elem; /* scratch: a state element, a key copy, a history element */
} OverState;

/* ---- rows and order values -------------------------------------------------------- */

static int64_t ord_value(const Vector *v, uint32_t r) {
    r = vidx(v, r);
    if (vec_is_null(v, r)) return INT64_MIN;
    switch ((PhysKind)v->phys) {
    case PH_TS: return VEC_DATA(v, Ts)[r].ms;
    case PH_I64: return VEC_DATA(v, int64_t)[r];
    case PH_I32: return VEC_DATA(v, int32_t)[r];
    case PH_I16: return VEC_DATA(v, int16_t)[r];
    case PH_I8: return (int8_t)VEC_DATA(v, uint8_t)[r];
    default: return 0;
    }
}

static eddy_status part_reserve(Op *op, Part *pt, uint32_t n) {
    if (n <= pt->cap) return EDDY_OK;
    uint32_t cap = pt->cap ? pt->cap : 64;
    while (cap < n) cap *= 2;
    for (int c = 0; c < pt->rows->ncols; c++)
        if (!eddy__vec_reserve(pt->rows->cols[c], cap)) return OVER_NOMEM(op);
    int64_t *o = eddy__realloc(pt->ord, sizeof(int64_t) * cap);
    if (!o) return OVER_NOMEM(op);
    pt->ord = o;
    pt->cap = cap;
    return EDDY_OK;
}

static void part_reset(Part *pt) {
    for (int c = 0; c < pt->rows->ncols; c++) eddy__vec_reset(pt->rows->cols[c]);
    pt->n = 0;
}

static void part_done_row(const OverPlan *p, Part *pt, int64_t ord) {
    pt->ord[pt->n] = p->order >= 0 && ord == INT64_MIN ? ord_value(pt->rows->cols[p->order], pt->n) : ord;
    pt->n++;
    pt->rows->n = pt->rows->count = pt->n;
}

/* Appends physical row r of b; ord: the row's order value (INT64_MIN: from
 * the order column). */
static eddy_status part_add(Op *op, Part *pt, const Batch *b, uint32_t r, int64_t ord) {
    const OverPlan *p = op->plan;
    eddy_status rc = part_reserve(op, pt, pt->n + 1);
    if (rc) return rc;
    for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(pt->rows->cols[c], pt->n, b->cols[c], r);
    part_done_row(p, pt, ord);
    return EDDY_OK;
}

/* Appends a row in serde form. */
static eddy_status part_add_bytes(Op *op, Part *pt, const void *bytes, uint32_t len, int64_t ord) {
    const OverPlan *p = op->plan;
    eddy_status rc = part_reserve(op, pt, pt->n + 1);
    if (rc) return rc;
    if (eddy__serde_read(bytes, len, pt->rows->cols, p->nin, pt->n) != len)
        return eddy__op_fail(op, EDDY_E_INTERNAL, "the state of operator '%s' is corrupt", op->node->name);
    part_done_row(p, pt, ord);
    return EDDY_OK;
}

/* Appends every element of a list blob: rows of order value ord, or
 * (prefixed) each [i64 order value][serde row]. */
static eddy_status part_add_list(Op *op, Part *pt, const void *blob, uint32_t len, int64_t ord, bool prefixed) {
    uint32_t pos = 0, elen;
    const void *e;
    eddy_status rc = EDDY_OK;
    while (!rc && eddy__state_list_next(blob, len, &pos, &e, &elen)) {
        if (prefixed) {
            if (elen < sizeof ord)
                return eddy__op_fail(op, EDDY_E_INTERNAL, "the state of operator '%s' is corrupt", op->node->name);
            memcpy(&ord, e, sizeof ord);
            e = (const char *)e + sizeof ord;
            elen -= (uint32_t)sizeof ord;
        }
        rc = part_add_bytes(op, pt, e, elen, ord);
    }
    return rc;
}

/* ---- frames and values --------------------------------------------------------------- */

static eddy_status scratch_reserve(Op *op, OverState *s, uint32_t n) {
    if (n <= s->scratch_cap) return EDDY_OK;
    uint32_t cap = s->scratch_cap ? s->scratch_cap : 64;
    while (cap < n) cap *= 2;
    uint32_t *r = eddy__realloc(s->rows, sizeof(uint32_t) * cap);
    if (r) s->rows = r;
    void **a = eddy__realloc(s->accs, sizeof(void *) * cap);
    if (a) s->accs = a;
    if (!r || !a) return OVER_NOMEM(op);
    s->scratch_cap = cap;
    return EDDY_OK;
}

/* Accumulates rows [from, to) of the partition into the record rec. */
static eddy_status acc_rows(OverState *s, const OverCall *c, char *rec, uint32_t from, uint32_t to) {
    if (from >= to) return EDDY_OK;
    Vector *args[16];
    for (int k = 0; k < c->fn->nargs; k++) args[k] = s->part.rows->cols[c->args[k]];
    uint32_t n = to - from;
    for (uint32_t i = 0; i < n; i++) {
        s->rows[i] = from + i;
        s->accs[i] = rec;
    }
    s->cx.acc_offset = c->offset;
    return c->fn->accumulate(c->fn, &s->cx, args, s->rows, n, s->accs);
}

static eddy_status acc_init(OverState *s, const OverCall *c, char *rec) {
    if (!c->fn) return EDDY_OK; /* the window functions' records start zeroed */
    s->cx.acc_offset = c->offset;
    return c->fn->init(c->fn, &s->cx, rec);
}

static void acc_destroy(OverState *s, const OverCall *c, char *rec) {
    if (!c->fn || !c->fn->destroy) return;
    s->cx.acc_offset = c->offset;
    c->fn->destroy(c->fn, &s->cx, rec);
}

/* Moves the frame bounds of call c to row i (they only move forward). */
static void frame_at(const OverPlan *p, const Part *pt, const OverCall *c, uint32_t i, uint32_t *lo, uint32_t *hi) {
    const OverFrame *f = &c->frame;
    uint32_t n = pt->n;
    if (f->upper < 0) {
        *hi = n;
    } else if (f->rows) {
        uint64_t h = (uint64_t)i + (uint64_t)f->upper + 1;
        *hi = h > n ? n : (uint32_t)h;
    } else {
        /* RANGE: every row whose value is within upper of row i (its peers too) */
        if (*hi < i + 1) *hi = i + 1;
        while (*hi < n && (p->desc ? pt->ord[i] - pt->ord[*hi] : pt->ord[*hi] - pt->ord[i]) <= f->upper) (*hi)++;
    }
    if (f->lower < 0) {
        *lo = 0;
    } else if (f->rows) {
        *lo = (int64_t)i > f->lower ? i - (uint32_t)f->lower : 0;
    } else {
        while (*lo < i && (p->desc ? pt->ord[*lo] - pt->ord[i] : pt->ord[i] - pt->ord[*lo]) > f->lower) (*lo)++;
    }
}

/* What ROW_NUMBER, RANK, DENSE_RANK and PERCENT_RANK keep of a partition
 * (in the accumulator record, so streaming keeps it in state). */
typedef struct RankRec {
    int64_t rows;      /* rows seen */
    int64_t start;     /* rows before the current peer group */
    int64_t groups;    /* peer groups seen */
    int64_t last;      /* the order value of the last row (proctime) */
} RankRec;

/* Whether rows a and b of the partition are peers (equal order keys). */
static bool peers(const OverPlan *p, const Part *pt, uint32_t a, uint32_t b) {
    if (p->mode != OVER_BATCH) return pt->ord[a] == pt->ord[b];
    for (int k = 0; k < p->norder; k++) {
        const Vector *v = pt->rows->cols[p->orders[k]];
        bool na = vec_is_null(v, a), nb = vec_is_null(v, b);
        if (na != nb || (!na && eddy__cmp_slot(v, a, v, b) != 0)) return false;
    }
    return true;
}

static int64_t int_arg(const Part *pt, int col, uint32_t i, int64_t dflt) {
    const Vector *v = pt->rows->cols[col];
    return vec_is_null(v, i) ? dflt : ord_value(v, i);
}

/* The value of window function c for row i into slot oi of out. */
static void window_value(const OverPlan *p, OverState *s, const OverCall *c, uint32_t i, Vector *out, uint32_t oi) {
    const Part *pt = &s->part;
    if (c->special == OVER_LAG || c->special == OVER_LEAD) {
        int64_t off = c->nargs > 1 ? int_arg(pt, c->args[1], i, 1) : 1;
        int64_t j = c->special == OVER_LAG ? (int64_t)i - off : (int64_t)i + off;
        if (j >= 0 && j < (int64_t)pt->n) eddy__vec_copy_value(out, oi, pt->rows->cols[c->args[0]], (uint32_t)j);
        else if (c->nargs > 2) eddy__vec_copy_value(out, oi, pt->rows->cols[c->args[2]], i);
        else eddy__vec_set_null(out, oi);
        return;
    }
    vec_set_valid(out, oi);
    if (c->special == OVER_CUME_DIST) {
        uint32_t end = i + 1;
        while (end < pt->n && peers(p, pt, i, end)) end++;
        VEC_DATA(out, double)[oi] = (double)end / (double)pt->n;
        return;
    }
    if (c->special == OVER_NTILE) {
        /* n rows in k buckets: the first n % k buckets hold one row more */
        int64_t k = int_arg(pt, c->args[0], i, 1), n = pt->n;
        if (k < 1) k = 1;
        int64_t size = n / k, big = n % k, r = i, b;
        if (r < big * (size + 1)) b = r / (size + 1);
        else b = big + (size ? (r - big * (size + 1)) / size : 0);
        VEC_DATA(out, int64_t)[oi] = b + 1;
        return;
    }
    RankRec *rr = (RankRec *)(void *)(s->rec + c->offset);
    if (rr->rows == 0 || (i > 0 ? !peers(p, pt, i - 1, i) : pt->ord[i] != rr->last)) {
        rr->start = rr->rows;
        rr->groups++;
    }
    rr->rows++;
    rr->last = pt->ord[i];
    int64_t v = c->special == OVER_ROW_NUMBER ? rr->rows : c->special == OVER_DENSE_RANK ? rr->groups : rr->start + 1;
    if (c->special == OVER_PERCENT_RANK)
        VEC_DATA(out, double)[oi] = pt->n > 1 ? (double)rr->start / (double)(pt->n - 1) : 0.0;
    else
        VEC_DATA(out, int64_t)[oi] = v;
}

/* Emits rows [from, pt->n) of the partition with their values; rec holds
 * the running accumulators of the unbounded frames, which already took rows
 * [0, from). ts: the record timestamp of the rows (TS_NONE: none). */
static eddy_status emit_rows(Op *op, OverState *s, uint32_t from, bool ts_from_order) {
    const OverPlan *p = op->plan;
    Part *pt = &s->part;
    eddy_status rc = scratch_reserve(op, s, pt->n);
    for (int k = 0; k < p->ncalls; k++) {
        s->cur[k] = from;
        s->lo[k] = 0;
        s->hi[k] = 0;
    }
    for (uint32_t i = from; !rc && i < pt->n; i++) {
        if ((rc = eddy__out_begin(&s->out))) break;
        Batch *ob = s->out.batch;
        uint32_t oi = s->out.row;
        eddy__out_set_all(&s->out);
        for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(ob->cols[c], oi, pt->rows->cols[c], i);
        for (int k = 0; !rc && k < p->ncalls; k++) {
            const OverCall *c = &p->calls[k];
            if (c->special != OVER_AGG) {
                window_value(p, s, c, i, ob->cols[p->nin + k], oi);
                continue;
            }
            frame_at(p, pt, c, i, &s->lo[k], &s->hi[k]);
            s->cx.acc_offset = c->offset;
            void *one;
            if (c->frame.lower < 0) {
                if (s->hi[k] > s->cur[k]) {
                    rc = acc_rows(s, c, s->rec, s->cur[k], s->hi[k]);
                    s->cur[k] = s->hi[k];
                }
                one = s->rec;
                s->cx.acc_offset = c->offset;
                if (!rc) rc = c->fn->get_value(c->fn, &s->cx, &one, 1, ob->cols[p->nin + k], oi);
            } else {
                rc = acc_init(s, c, s->tmp);
                if (!rc) rc = acc_rows(s, c, s->tmp, s->lo[k], s->hi[k]);
                one = s->tmp;
                s->cx.acc_offset = c->offset;
                if (!rc) rc = c->fn->get_value(c->fn, &s->cx, &one, 1, ob->cols[p->nin + k], oi);
                acc_destroy(s, c, s->tmp);
            }
        }
        if (!rc) rc = ops_out_mark(op, &s->out, RK_INSERT, ts_from_order ? pt->ord[i] : TS_NONE);
        if (rc) {
            eddy__out_discard(&s->out);
            break;
        }
        rc = eddy__out_commit(&s->out);
    }
    if (rc && !eddy__err_is_set(eddy__op_err(op))) eddy__op_fail(op, rc, "an OVER aggregate failed");
    return rc;
}

static eddy_status init_rec(OverState *s, const OverPlan *p, char *rec) {
    memset(rec, 0, p->rec_size);
    eddy_status rc = EDDY_OK;
    for (int k = 0; !rc && k < p->ncalls; k++)
        if (p->calls[k].frame.lower < 0) rc = acc_init(s, &p->calls[k], rec);
    return rc;
}

static void destroy_rec(OverState *s, const OverPlan *p, char *rec) {
    for (int k = 0; k < p->ncalls; k++)
        if (p->calls[k].frame.lower < 0) acc_destroy(s, &p->calls[k], rec);
}

/* ---- open / close ------------------------------------------------------------------- */

static eddy_status reg(Op *op, OverState *s, const char *name, StateKind kind, const Type *ns, const Type *val,
                       uint32_t fixed, State **out) {
    const OverPlan *p = op->plan;
    StateDesc d = {.name = name, .kind = kind, .key_type = p->key_type, .ns_type = ns, .value_type = val,
                   .fixed_size = fixed};
    return eddy__state_register(s->be, &d, out);
}

static eddy_status over_open(Op *op) {
    const OverPlan *p = op->plan;
    OverState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return OVER_NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->key);
    eddy__buf_init(&s->elem);
    eddy__agg_ctx_init(&s->cx, NULL, NULL, eddy__op_err(op));
    s->part.rows = eddy__batch_new_typed(p->nin, p->in_types, 64);
    s->part.cap = 0;
    s->rec = eddy__malloc(p->rec_size + 16);
    s->tmp = eddy__malloc(p->rec_size + 16);
    s->cur = eddy__malloc(sizeof(uint32_t) * (size_t)(3 * p->ncalls + 1));
    if (!s->part.rows || !s->rec || !s->tmp || !s->cur) return OVER_NOMEM(op);
    s->lo = s->cur + p->ncalls;
    s->hi = s->lo + p->ncalls;
    eddy_status rc = part_reserve(op, &s->part, 64);
    if (rc) return rc;
    if (p->mode == OVER_BATCH) {
        eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size,
                       eddy__op_emit_owned, op, eddy__op_err(op));
        return init_rec(s, p, s->rec);
    }
    if ((rc = ops_keyed_open(op, &s->kb, &s->out, &s->be))) return rc;
    const Type *bytes = eddy__type_basic(TY_VARBINARY, false), *bigint = eddy__type_basic(TY_BIGINT, false);
    if (p->mode == OVER_ROWTIME && (rc = reg(op, s, "pending", STATE_LIST, bigint, p->row_type, 0, &s->pending)))
        return rc;
    if (p->unbounded) rc = reg(op, s, "acc", STATE_VALUE, NULL, bytes, p->rec_size, &s->acc);
    else rc = reg(op, s, "history", STATE_LIST, NULL, bytes, 0, &s->history);
    if (!rc) rc = reg(op, s, "last", STATE_VALUE, NULL, bigint, sizeof(int64_t), &s->last);
    if (!rc && p->mode == OVER_ROWTIME) rc = eddy__timers_get(s->be, &s->timers);
    return rc;
}

static void over_close(Op *op) {
    OverState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__agg_ctx_free(&s->cx);
    eddy__vec_release(s->zero);
    eddy__batch_release(s->part.rows);
    eddy__free(s->part.ord);
    eddy__free(s->rec);
    eddy__free(s->tmp);
    eddy__free(s->rows);
    eddy__free(s->accs);
    eddy__free(s->cur);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->elem);
}

/* ---- streaming ----------------------------------------------------------------------- */

static StateNs ts_ns(const int64_t *t) { return (StateNs){t, sizeof *t}; }

/* Runs one key: its history (bounded frames) and the new rows already in
 * the partition after it, at time T; saves what later rows need. */
static eddy_status run_key(Op *op, OverState *s, const StateKey *key, uint32_t from, int64_t T) {
    const OverPlan *p = op->plan;
    Part *pt = &s->part;
    eddy_status rc;
    const void *v;
    uint32_t len;
    bool found;
    if (p->unbounded) {
        if ((rc = eddy__state_get(s->acc, key, STATE_NO_NS, &v, &len, &found))) return rc;
        if (found) memcpy(s->rec, v, p->rec_size);
        else if ((rc = init_rec(s, p, s->rec))) return rc;
        if ((rc = emit_rows(op, s, from, p->mode == OVER_ROWTIME))) return rc;
        rc = eddy__state_put(s->acc, key, STATE_NO_NS, s->rec, p->rec_size);
    } else {
        if ((rc = emit_rows(op, s, from, p->mode == OVER_ROWTIME))) return rc;
        /* keep what the next rows' frames can reach */
        uint32_t keep_from = 0;
        if (p->calls[0].frame.rows) {
            keep_from = pt->n > (uint64_t)p->keep ? pt->n - (uint32_t)p->keep : 0;
        } else {
            while (keep_from < pt->n && T - pt->ord[keep_from] > p->keep) keep_from++;
        }
        s->row.len = 0;
        for (uint32_t i = keep_from; i < pt->n; i++) {
            s->elem.len = 0;
            eddy__buf_put(&s->elem, &pt->ord[i], sizeof pt->ord[i]);
            eddy__serde_write(&s->elem, pt->rows->cols, p->nin, i);
            eddy__state_list_frame(&s->row, s->elem.data, (uint32_t)s->elem.len);
        }
        if (s->elem.failed || s->row.failed) return OVER_NOMEM(op);
        rc = eddy__state_list_update(s->history, key, STATE_NO_NS, s->row.data, (uint32_t)s->row.len);
    }
    if (!rc) rc = eddy__state_put(s->last, key, STATE_NO_NS, &T, sizeof T);
    return rc;
}

/* Loads the key's history into the (empty) partition. */
static eddy_status load_history(Op *op, OverState *s, const StateKey *key) {
    const OverPlan *p = op->plan;
    if (p->unbounded) return EDDY_OK;
    const void *blob;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_list_get(s->history, key, STATE_NO_NS, &blob, &len, &found);
    if (rc || !found) return rc;
    /* the blob is borrowed until the next state call: decode it first */
    return part_add_list(op, &s->part, blob, len, 0, true);
}

static int64_t last_ts(OverState *s, const StateKey *key, eddy_status *rc) {
    const void *v;
    uint32_t len;
    bool found;
    int64_t t = 0;
    *rc = eddy__state_get(s->last, key, STATE_NO_NS, &v, &len, &found);
    if (!*rc && found) memcpy(&t, v, sizeof t);
    return t;
}

static eddy_status over_push(Op *op, int input, Batch *b) {
    (void)input;
    const OverPlan *p = op->plan;
    OverState *s = op->state;
    if (!b->count) return EDDY_OK;
    if (p->mode == OVER_BATCH) {
        eddy_status rc = EDDY_OK;
        for (uint32_t i = 0; !rc && i < b->count; i++) {
            uint32_t r = batch_row(b, i);
            Part *pt = &s->part;
            bool same = pt->n > 0;
            for (int k = 0; same && k < p->npart; k++) {
                const Vector *x = pt->rows->cols[p->part[k]], *y = b->cols[p->part[k]];
                bool nx = vec_is_null(x, pt->n - 1), ny = vec_is_null(y, vidx(y, r));
                same = nx || ny ? nx == ny : eddy__cmp_slot(x, pt->n - 1, y, r) == 0;
            }
            if (pt->n && !same) {
                rc = emit_rows(op, s, 0, false);
                destroy_rec(s, p, s->rec);
                part_reset(pt);
                if (!rc) rc = init_rec(s, p, s->rec);
            }
            if (!rc) rc = part_add(op, pt, b, r, INT64_MIN);
        }
        return rc;
    }
    eddy_status rc = ops_key_batch(op, &s->kb, &s->zero, b, p->npart, p->part);
    uint64_t late = 0;
    int64_t now = p->mode == OVER_PROCTIME ? eddy__clock_now(eddy__op_clock(op)) : 0;
    for (uint32_t i = 0; !rc && i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        StateKey key = eddy__key_batch_key(&s->kb, i);
        if (p->mode == OVER_PROCTIME) {
            part_reset(&s->part);
            if (!(rc = load_history(op, s, &key))) {
                uint32_t from = s->part.n;
                if (!(rc = part_add(op, &s->part, b, r, now))) rc = run_key(op, s, &key, from, now);
            }
            continue;
        }
        int64_t ts = ord_value(b->cols[p->order], r);
        bool is_late;
        if (p->unbounded) is_late = ts <= op->input_watermark;
        else is_late = ts <= last_ts(s, &key, &rc);
        if (rc) break;
        if (is_late) {
            late++;
            continue;
        }
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, p->nin, r);
        if (s->row.failed) rc = OVER_NOMEM(op);
        if (!rc) rc = eddy__state_list_add(s->pending, &key, ts_ns(&ts), s->row.data, (uint32_t)s->row.len);
        if (!rc) rc = eddy__timers_register(s->timers, TIME_EVENT, &key, STATE_NO_NS, ts);
    }
    if (!rc && late) rc = eddy__op_report_late(op, late);
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static eddy_status over_on_timer(Op *op, const Timer *t) {
    OverState *s = op->state;
    /* the timer's bytes belong to the timer service: work on a copy */
    s->key.len = 0;
    eddy__buf_put(&s->key, t->key.bytes, t->key.len);
    if (s->key.failed) return OVER_NOMEM(op);
    StateKey key = {s->key.data, (uint32_t)s->key.len, t->key.group, t->key.hash};
    int64_t T = t->ts;
    part_reset(&s->part);
    eddy_status rc = load_history(op, s, &key);
    uint32_t from = s->part.n;
    const void *blob;
    uint32_t len;
    bool found = false;
    if (!rc) rc = eddy__state_list_get(s->pending, &key, ts_ns(&T), &blob, &len, &found);
    if (!rc && found) rc = part_add_list(op, &s->part, blob, len, T, false);
    if (!rc && found) rc = eddy__state_remove(s->pending, &key, ts_ns(&T), NULL);
    if (!rc && found) rc = run_key(op, s, &key, from, T);
    return rc;
}

static eddy_status over_watermark(Op *op, int64_t wm) {
    OverState *s = op->state;
    eddy_status rc = eddy__out_flush(&s->out);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status over_finish(Op *op) {
    const OverPlan *p = op->plan;
    OverState *s = op->state;
    eddy_status rc = EDDY_OK;
    if (p->mode == OVER_BATCH && s->part.n) {
        rc = emit_rows(op, s, 0, false);
        destroy_rec(s, p, s->rec);
        part_reset(&s->part);
    }
    return rc ? rc : eddy__out_flush(&s->out);
}

const OpVtab eddy__op_over_agg = {.name = "OverAggregate",
                                  .open = over_open,
                                  .push_batch = over_push,
                                  .push_watermark = over_watermark,
                                  .on_timer = over_on_timer,
                                  .finish = over_finish,
                                  .close = over_close};
