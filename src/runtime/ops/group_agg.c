/*
 * group_agg.c -- the streaming group aggregation (GroupAggregate): per key
 * the accumulators of every aggregate call in keyed state, updated by each
 * input row, the change of the key's result row emitted (Flink's
 * GroupAggFunction with its RecordCounter and equaliser).
 *
 * Per input row, in input order, as Flink does it:
 *
 *   rec = state[key]                      (count of rows, accumulators)
 *   if rec is absent (count 0):
 *       a retraction (-U / -D): ignored   (its key is gone: state expired, or
 *                                          the retraction came first)
 *       else rec = init; first = true
 *   prev = values(rec)
 *   +I / +U: accumulate the row;  -U / -D: retract it;  count +/-= 1
 *   cur = values(rec)
 *   count > 0:  first:             emit +I[key, cur]
 *               prev == cur and no state TTL: emit nothing (the equaliser;
 *                                  with TTL the update is sent anyway, so
 *                                  that downstream state is kept alive)
 *               else:              emit -U[key, prev] (unless the consumer
 *                                  takes upserts: update_before false),
 *                                  +U[key, cur]
 *   count == 0: emit -D[key, prev]; drop rec and the key's views
 *
 * FILTER (WHERE c) passes to a call only the rows whose c is TRUE; the count
 * counts every row (Flink's COUNT1 of the record counter), so a group whose
 * rows all fail a filter still exists, with the call's initial value. A
 * global aggregation (no keys) is the same with one empty key: it emits on
 * its first row and nothing for an empty input.
 *
 * A batch at a time. The keys of a batch are encoded and hashed once
 * (KeyBatch) and the state probed once for all rows (eddy__state_slots). Each
 * distinct key of the batch gets a working copy of its record in a
 * 16-aligned scratch area (the state's slots are only 8-aligned; DECIMAL
 * sums need 16) that is written back before the slots are flushed. Rows are
 * then processed in runs: a run is a maximal stretch of consecutive rows in
 * which no key repeats, so every call is made once per run for all its rows
 * (get_value of the run into the prev vectors, accumulate and retract,
 * get_value into the cur vectors), and the result is the per-row one above.
 * Keys with many rows in one batch (a global aggregate) degrade to runs of
 * one row. DISTINCT calls over the same arguments are fed as one set (one
 * shared map of per-call counts, eddy__agg_distinct_set_update; not in the
 * mini-batch variants, whose local / global phases merge the calls' own
 * maps). The output batch is built at the end in input-row order, a column
 * at a time.
 *
 * Lifetimes. Plan: immutable, shared by subtasks. Per operator instance
 * (task arena + GaState): the AggCtx, the KeyBatch, the batch scratch (grown
 * to the largest batch, no malloc per row). Per key, in the operator's state
 * backend: STATE "groupagg" (VALUE, fixed size rec_size: int64 count, then
 * the calls' fixed parts at their offsets) and one MAP or LIST state
 * "view<i>" per view the calls keep (DISTINCT arguments, retractable
 * MIN/MAX, LISTAGG, ...), keyed by the group key, all with the TTL of
 * table.exec.state.ttl. Snapshots are the backend's, by key group. Memory is
 * charged to the operator's account; past the managed memory the job fails
 * with the budget's message.
 *
 * Mini-batch (eddy__op_minibatch_group_agg; Flink's MiniBatchGroupAggFunction
 * and its local / global variants behind a count-triggered bundle): rows are
 * copied into a buffer (only the columns the plan reads) until
 * table.exec.mini-batch.size rows are there, a watermark arrives (the
 * MiniBatchAssigner's processing-time interval, or the end of input) or a
 * checkpoint is taken; then the buffer is folded (mb_flush): its keys
 * encoded and grouped by key bytes once, each distinct key's state slot
 * probed once, every call accumulating / retracting all rows of the buffer
 * in runs of one direction (a key's rows in order), one change per key in
 * the order keys first came. GA_LOCAL keeps no state: each key of the
 * buffer starts from init and goes out as +I[keys, record bytes]; GA_GLOBAL
 * merges those records into its state (merge, counts added). The buffer's
 * bytes are charged to the operator's account too.
 */
#include <stdalign.h>

#include "runtime/ops/agg_views.h"
#include "runtime/ops/group_agg.h"
#include "types/compare.h"
#include "types/serde.h"

#define NOMEM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

enum { A_SKIP, A_FIRST, A_ALIVE, A_NONE, A_INSERT, A_UPDATE, A_DELETE };

typedef struct GaState {
    const GroupAggPlan *p;
    State *acc;
    AggStateViews views;
    KeyBatch kb;
    AggCtx cx;
    EdErr *err;
    uint32_t stride;   /* bytes per working record (16-aligned) */
    /* batch scratch: `cap` rows */
    uint32_t cap;
    void **slots;
    uint8_t *created;
    uint32_t *gidx;    /* row -> group */
    uint8_t *action;   /* row -> A_* */
    void **accs;       /* call arguments */
    uint32_t *rows;
    uint32_t *rows2;
    void **accs2;
    /* groups of the batch */
    uint32_t ngroups;
    char *work;        /* ngroups records, stride apart */
    void **gslot;      /* group -> its state slot */
    uint32_t *grow;    /* group -> a row of the KeyBatch with its key */
    uint32_t *grun;    /* group -> the last run it was in */
    uint32_t *ht;      /* slot pointer -> group + 1 */
    uint32_t htcap;
    Vector **prev, **cur; /* per call, cap slots */
    Vector *unit;      /* a global aggregate's key: one constant column (no keys would be no key bytes) */
    /* mini-batch: the buffered rows (the columns the calls read), per group
     * its flags and record, per row whether it is skipped, the local
     * accumulators being merged (GA_GLOBAL) */
    Batch *buf;
    uint32_t bufcap;
    int nused;
    bool *used;        /* input column -> buffered */
    int64_t charged;   /* the buffer's bytes charged to the operator's account */
    uint8_t *gflag;
    void **gptr;
    uint8_t *skip;
    char *src;
    /* DISTINCT calls sharing one map per argument list (ga_push only) */
    AggDistinctSet *sets;
    int nsets;
    bool *in_set;      /* call -> fed through its set */
    /* output rows of a batch (2 cap): the input row of their key, the slot of
     * their values, whether those are the previous ones */
    uint32_t *orow, *oslot;
    uint8_t *oold;
} GaState;

static inline int64_t *rec_count(void *rec) { return (int64_t *)rec; }

/* ---- views: the calls' maps and lists in keyed MAP / LIST state (agg_views.c) ---------------- */

static void locate(void *owner, const void *acc, StateKey *k, StateNs *ns) {
    GaState *s = owner;
    uint32_t j = (uint32_t)(((const char *)acc - s->work) / s->stride);
    *k = eddy__key_batch_key(&s->kb, s->grow[j]);
    *ns = STATE_NO_NS;
}

/* ---- open / close ----------------------------------------------------------------------------------- */

static eddy_status open_sets(Op *op, GaState *s) {
    const GroupAggPlan *p = s->p;
    int n = p->naggs;
    const AggFn **fns = eddy__arena_alloc(op->arena, sizeof(AggFn *) * (size_t)(n + 1));
    const int **args = eddy__arena_alloc(op->arena, sizeof(int *) * (size_t)(n + 1));
    int *filters = eddy__arena_alloc(op->arena, sizeof(int) * (size_t)(n + 1));
    size_t *offs = eddy__arena_alloc(op->arena, sizeof(size_t) * (size_t)(n + 1));
    int *vbs = eddy__arena_alloc(op->arena, sizeof(int) * (size_t)(n + 1));
    s->in_set = eddy__arena_alloc(op->arena, sizeof(bool) * (size_t)(n + 1));
    if (!fns || !args || !filters || !offs || !vbs || !s->in_set) return NOMEM(op);
    for (int a = 0; a < n; a++) {
        fns[a] = p->aggs[a].fn;
        args[a] = p->aggs[a].args;
        filters[a] = p->aggs[a].filter;
        offs[a] = p->aggs[a].offset;
        vbs[a] = p->aggs[a].view_base;
    }
    return eddy__agg_distinct_sets(op->arena, n, fns, args, filters, offs, vbs, &s->sets, &s->nsets, s->in_set,
                                   s->err);
}

static eddy_status ga_open(Op *op) {
    const GroupAggPlan *p = op->plan;
    GaState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return NOMEM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    s->p = p;
    s->err = eddy__op_err(op);
    s->stride = (p->rec_size + 15u) & ~15u;
    eddy__key_batch_init(&s->kb);
    s->prev = eddy__arena_alloc(op->arena, sizeof(Vector *) * (size_t)(p->naggs + 1));
    s->cur = eddy__arena_alloc(op->arena, sizeof(Vector *) * (size_t)(p->naggs + 1));
    if (!s->prev || !s->cur) return NOMEM(op);
    memset(s->prev, 0, sizeof(Vector *) * (size_t)(p->naggs + 1));
    memset(s->cur, 0, sizeof(Vector *) * (size_t)(p->naggs + 1));
    s->views = (AggStateViews){.locate = locate, .owner = s};
    eddy__agg_ctx_init(&s->cx, p->nviews ? &eddy__agg_state_view_ops : NULL, &s->views, s->err);
    if (p->phase == GA_LOCAL) return EDDY_OK; /* a mini-batch's accumulators only: no state */
    if (op->vt == &eddy__op_group_agg && p->nviews) {
        eddy_status rc = open_sets(op, s);
        if (rc) return rc;
    }
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (rc) return rc;
    StateTtl ttl = {.ttl_ms = p->ttl_ms};
    const Type *bytes = eddy__type_bytes(false);
    StateDesc d = {.name = "groupagg",
                   .kind = STATE_VALUE,
                   .key_type = p->key_type,
                   .value_type = bytes,
                   .fixed_size = p->rec_size,
                   .ttl = ttl};
    if ((rc = eddy__state_register(be, &d, &s->acc))) return rc;
    if ((rc = eddy__agg_state_views_open(&s->views, op, be, p->key_type, p->nviews, p->views, ttl))) return rc;
    return EDDY_OK;
}

/* Releases what live accumulators hold (C functions with create / destroy). */
static void destroy_all(GaState *s) {
    const GroupAggPlan *p = s->p;
    StateIter *it;
    if (eddy__state_iter_keys(s->acc, NULL, &it)) return;
    alignas(16) char local[256];
    char *buf = p->rec_size <= sizeof local ? local : eddy__malloc(p->rec_size);
    for (;;) {
        StateEntry e;
        bool has;
        if (!buf || eddy__state_iter_next(it, &e, &has) || !has) break;
        if (e.value_len != p->rec_size) continue;
        memcpy(buf, e.value, p->rec_size);
        if (*rec_count(buf) <= 0) continue;
        for (int a = 0; a < p->naggs; a++) {
            s->cx.acc_offset = p->aggs[a].offset;
            s->cx.view_base = p->aggs[a].view_base;
            eddy__agg_destroy(p->aggs[a].fn, &s->cx, buf);
        }
    }
    if (buf != local) eddy__free(buf);
    eddy__state_iter_close(it);
}

static void ga_close(Op *op) {
    GaState *s = op->state;
    if (!s) return;
    const GroupAggPlan *p = s->p;
    if (p->has_destroy && s->acc) destroy_all(s);
    eddy__key_batch_free(&s->kb);
    eddy__agg_ctx_free(&s->cx);
    eddy__agg_state_views_free(&s->views);
    eddy__vec_release(s->unit);
    eddy__free(s->slots);
    eddy__free(s->created);
    eddy__free(s->gidx);
    eddy__free(s->action);
    eddy__free(s->accs);
    eddy__free(s->rows);
    eddy__free(s->rows2);
    eddy__free(s->accs2);
    eddy__free(s->work);
    eddy__free(s->gslot);
    eddy__free(s->grow);
    eddy__free(s->grun);
    eddy__free(s->ht);
    eddy__free(s->gflag);
    eddy__free(s->gptr);
    eddy__free(s->skip);
    eddy__free(s->src);
    eddy__free(s->orow);
    eddy__free(s->oslot);
    eddy__free(s->oold);
    eddy__batch_release(s->buf);
    if (s->charged > 0) eddy__mem_release(&op->mem, s->charged);
    for (int a = 0; a < p->naggs; a++) {
        if (s->prev) eddy__vec_release(s->prev[a]);
        if (s->cur) eddy__vec_release(s->cur[a]);
    }
}

/* Grows the batch scratch to n rows. */
static bool ensure_cap(GaState *s, uint32_t n) {
    if (n <= s->cap) return true;
    uint32_t cap = s->cap ? s->cap : 256;
    while (cap < n) cap *= 2;
#define GROW(f, T)                                                                                                     \
    do {                                                                                                               \
        void *q = eddy__realloc(s->f, sizeof(T) * cap);                                                                \
        if (!q) return false;                                                                                          \
        s->f = q;                                                                                                      \
    } while (0)
    GROW(slots, void *);
    GROW(created, uint8_t);
    GROW(gidx, uint32_t);
    GROW(action, uint8_t);
    GROW(accs, void *);
    GROW(rows, uint32_t);
    GROW(rows2, uint32_t);
    GROW(accs2, void *[2]); /* accumulate pointers, then retract ones */
    GROW(gslot, void *);
    GROW(grow, uint32_t);
    GROW(grun, uint32_t);
    GROW(gflag, uint8_t);
    GROW(gptr, void *);
    GROW(skip, uint8_t);
    GROW(orow, uint32_t[2]);
    GROW(oslot, uint32_t[2]);
    GROW(oold, uint8_t[2]);
#undef GROW
    eddy__free(s->work);
    s->work = eddy__malloc((size_t)s->stride * cap); /* malloc's alignment: 16 on the 64-bit targets */
    if (s->p->phase == GA_GLOBAL) {
        eddy__free(s->src);
        if (!(s->src = eddy__malloc((size_t)s->stride * cap))) return false;
    }
    uint32_t hc = 16;
    while (hc < 2 * cap) hc *= 2;
    eddy__free(s->ht);
    s->ht = eddy__malloc(sizeof(uint32_t) * hc);
    s->htcap = hc;
    if (!s->work || !s->ht) return false;
    const GroupAggPlan *p = s->p;
    for (int a = 0; a < p->naggs; a++) {
        eddy__vec_release(s->prev[a]);
        eddy__vec_release(s->cur[a]);
        s->prev[a] = eddy__vec_new(p->aggs[a].fn->result, cap);
        s->cur[a] = eddy__vec_new(p->aggs[a].fn->result, cap);
        if (!s->prev[a] || !s->cur[a]) return false;
    }
    s->cap = cap;
    return true;
}

/* The distinct groups of the batch's slots: gidx per row, the working copy of each. */
static void group_rows(GaState *s, uint32_t n) {
    memset(s->ht, 0, sizeof(uint32_t) * s->htcap);
    uint32_t mask = s->htcap - 1, ng = 0;
    const uint32_t size = s->p->rec_size;
    for (uint32_t i = 0; i < n; i++) {
        uintptr_t x = (uintptr_t)s->slots[i];
        uint32_t h = (uint32_t)(((uint64_t)x * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
        for (;;) {
            uint32_t g = s->ht[h];
            if (!g) {
                s->ht[h] = ++ng;
                uint32_t j = ng - 1;
                s->gslot[j] = s->slots[i];
                s->grow[j] = i;
                s->grun[j] = UINT32_MAX;
                memcpy(s->work + (size_t)j * s->stride, s->slots[i], size);
                s->gidx[i] = j;
                break;
            }
            if (s->gslot[g - 1] == s->slots[i]) {
                s->gidx[i] = g - 1;
                break;
            }
            h = (h + 1) & mask;
        }
    }
    s->ngroups = ng;
}

static inline bool is_accumulate(uint8_t kind) { return kind == RK_INSERT || kind == RK_UPDATE_AFTER; }

static inline bool filter_passes(const Vector *f, uint32_t r) {
    return !vec_is_null(f, vidx(f, r)) && VEC_DATA(f, uint8_t)[vidx(f, r)];
}

static void set_call(GaState *s, int a) {
    s->cx.acc_offset = s->p->aggs[a].offset;
    s->cx.view_base = s->p->aggs[a].view_base;
}

/* Clears what a group's record holds: the calls' resources and views. */
static eddy_status drop_group(GaState *s, char *rec, bool views) {
    const GroupAggPlan *p = s->p;
    for (int a = 0; a < p->naggs; a++) {
        const AggFn *fn = p->aggs[a].fn;
        set_call(s, a);
        eddy__agg_destroy(fn, &s->cx, rec);
        for (int v = 0; views && v < fn->nviews; v++) {
            eddy_status rc = eddy__agg_state_views_clear(&s->views, rec, p->aggs[a].view_base + v);
            if (rc) return rc;
        }
    }
    return EDDY_OK;
}

/* The rows of the run [from, to) a call takes (not skipped, passing its
 * filter f), split by direction: the accumulated ones into rows / accs2[0..),
 * the retracted ones into rows2 / accs2[to - from..). */
static void split_rows(GaState *s, Batch *b, uint32_t from, uint32_t to, const Vector *f, uint32_t *na_out,
                       uint32_t *nr_out) {
    uint32_t m = to - from, na = 0, nr = 0;
    for (uint32_t i = from; i < to; i++) {
        uint32_t r = batch_row(b, i);
        if (s->action[i] == A_SKIP || (f && !filter_passes(f, r))) continue;
        if (is_accumulate(batch_kind(b, r))) {
            s->rows[na] = r;
            s->accs2[na++] = s->accs[i - from];
        } else {
            s->rows2[nr] = r;
            s->accs2[m + nr++] = s->accs[i - from];
        }
    }
    *na_out = na;
    *nr_out = nr;
}

/* Rows [from, to) of the batch: no key twice. */
static eddy_status run(GaState *s, Batch *b, uint32_t from, uint32_t to) {
    const GroupAggPlan *p = s->p;
    uint32_t m = to - from;
    eddy_status rc;
    void **accs = s->accs;
    for (uint32_t i = from; i < to; i++) {
        char *rec = s->work + (size_t)s->gidx[i] * s->stride;
        accs[i - from] = rec;
        uint8_t kind = batch_kind(b, batch_row(b, i));
        if (*rec_count(rec) > 0) {
            s->action[i] = A_ALIVE;
            continue;
        }
        s->action[i] = is_accumulate(kind) ? A_FIRST : A_SKIP;
        memset(rec, 0, p->rec_size);
        for (int a = 0; a < p->naggs; a++) {
            set_call(s, a);
            if ((rc = eddy__agg_init(p->aggs[a].fn, &s->cx, rec))) return rc;
        }
    }
    for (int a = 0; a < p->naggs; a++) {
        set_call(s, a);
        if ((rc = eddy__agg_get_value(p->aggs[a].fn, &s->cx, accs, m, s->prev[a], from))) return rc;
    }
    for (int a = 0; a < p->naggs; a++) {
        const GroupAggCall *c = &p->aggs[a];
        if (s->in_set && s->in_set[a]) continue;
        set_call(s, a);
        Vector *args[16];
        for (int k = 0; k < c->fn->nargs && k < 16; k++) args[k] = b->cols[c->args[k]];
        const Vector *f = c->filter >= 0 ? b->cols[c->filter] : NULL;
        uint32_t na, nr;
        split_rows(s, b, from, to, f, &na, &nr);
        if ((rc = eddy__agg_accumulate(c->fn, &s->cx, args, s->rows, na, s->accs2))) return rc;
        if (nr && !c->fn->retract)
            return eddy__err(s->err, EDDY_E_INTERNAL, "the aggregate %s cannot retract", c->fn->name);
        if ((rc = eddy__agg_retract(c->fn, &s->cx, args, s->rows2, nr, s->accs2 + m))) return rc;
    }
    for (int t = 0; t < s->nsets; t++) {
        uint32_t na, nr;
        split_rows(s, b, from, to, NULL, &na, &nr);
        if ((rc = eddy__agg_distinct_set_update(&s->cx, &s->sets[t], b->cols, s->rows, na, s->accs2, false)) ||
            (rc = eddy__agg_distinct_set_update(&s->cx, &s->sets[t], b->cols, s->rows2, nr, s->accs2 + m, true)))
            return rc;
    }
    for (uint32_t i = from; i < to; i++) {
        if (s->action[i] == A_SKIP) continue;
        *rec_count(accs[i - from]) += is_accumulate(batch_kind(b, batch_row(b, i))) ? 1 : -1;
    }
    for (int a = 0; a < p->naggs; a++) {
        set_call(s, a);
        if ((rc = eddy__agg_get_value(p->aggs[a].fn, &s->cx, accs, m, s->cur[a], from))) return rc;
    }
    for (uint32_t i = from; i < to; i++) {
        char *rec = accs[i - from];
        switch (s->action[i]) {
        case A_SKIP:
            s->action[i] = A_NONE;
            if ((rc = drop_group(s, rec, false))) return rc;
            break;
        case A_FIRST: s->action[i] = A_INSERT; break;
        default:
            if (*rec_count(rec) <= 0) {
                s->action[i] = A_DELETE;
                *rec_count(rec) = 0;
                if ((rc = drop_group(s, rec, true))) return rc;
                break;
            }
            bool same = p->ttl_ms <= 0;
            for (int a = 0; same && a < p->naggs; a++) same = eddy__eq_slot(s->prev[a], i, s->cur[a], i);
            s->action[i] = same ? A_NONE : A_UPDATE;
        }
    }
    return EDDY_OK;
}

/* Emits a batch built here (n rows) and releases it; a vector that could
 * not grow fails the job. */
static eddy_status emit_built(Op *op, Batch *o, uint32_t n) {
    o->n = o->count = n;
    bool failed = false;
    for (int c = 0; c < o->ncols; c++) failed = failed || o->cols[c]->failed;
    eddy_status rc = failed ? NOMEM(op) : eddy__op_emit(op, o);
    eddy__batch_release(o);
    return rc;
}

static inline bool not_const(const Vector *v) { return !v || !v->is_const; }

/* dst[k] = a[idx[k]] for k < n, or b[idx[k]] where pick[k] is 0 (pick
 * NULL: a throughout), dst fresh (no NULLs yet): plain loops for 8-byte
 * values and short strings, eddy__vec_copy_value for the rest. */
static void gather(Vector *dst, const Vector *a, const Vector *b, const uint32_t *idx, const uint8_t *pick,
                   uint32_t n) {
    bool fast = not_const(a) && not_const(b);
    if (fast && (dst->phys == PH_I64 || dst->phys == PH_F64)) {
        int64_t *d = VEC_DATA(dst, int64_t);
        for (uint32_t k = 0; k < n; k++) {
            const Vector *v = pick && !pick[k] ? b : a;
            if (vec_is_null(v, idx[k])) eddy__vec_set_null(dst, k);
            else d[k] = VEC_DATA(v, int64_t)[idx[k]];
        }
        return;
    }
    if (fast && dst->phys == PH_STR) {
        StrView *d = VEC_DATA(dst, StrView);
        for (uint32_t k = 0; k < n; k++) {
            const Vector *v = pick && !pick[k] ? b : a;
            const StrView *x = &VEC_DATA(v, StrView)[idx[k]];
            if (vec_is_null(v, idx[k])) eddy__vec_set_null(dst, k);
            else if (x->len <= STRV_INLINE) d[k] = *x;
            else eddy__vec_set_str(dst, k, x->u.ext.ptr, x->len);
        }
        return;
    }
    for (uint32_t k = 0; k < n; k++) eddy__vec_copy_value(dst, k, pick && !pick[k] ? b : a, idx[k]);
}

/* The output of n items (rows of the batch, in input-row order; with a
 * rowmap, the mini-batch's groups, item i's key at row rowmap[i]): item i's
 * action, its key, its values at slot i of prev / cur. */
static eddy_status emit(Op *op, GaState *s, Batch *b, uint32_t n, const uint32_t *rowmap) {
    const GroupAggPlan *p = s->p;
    uint32_t nout = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t a = s->action[i];
        nout += a == A_NONE ? 0 : a == A_UPDATE && p->update_before ? 2 : 1;
    }
    if (!nout) return EDDY_OK;
    const StreamNode *node = op->node;
    Batch *o = eddy__batch_new_typed(node->ncols, node->col_types, nout);
    if (!o || !eddy__batch_ensure_kinds(o, nout)) {
        eddy__batch_release(o);
        return NOMEM(op);
    }
    uint8_t *kinds = VEC_DATA(o->kinds, uint8_t);
    uint32_t oi = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t a = s->action[i];
        if (a == A_NONE) continue;
        uint32_t r = batch_row(b, rowmap ? rowmap[i] : i);
        for (int pass = 0; pass < 2; pass++) {
            uint8_t kind;
            bool old;
            if (pass == 0) {
                if (a == A_INSERT) kind = RK_INSERT, old = false;
                else if (a == A_DELETE) kind = RK_DELETE, old = true;
                else if (p->update_before) kind = RK_UPDATE_BEFORE, old = true;
                else continue;
            } else {
                if (a != A_UPDATE) break;
                kind = RK_UPDATE_AFTER, old = false;
            }
            kinds[oi] = kind;
            s->orow[oi] = r;
            s->oslot[oi] = i;
            s->oold[oi++] = old;
        }
    }
    for (int k = 0; k < p->ngroup; k++) gather(o->cols[k], b->cols[p->group[k]], NULL, s->orow, NULL, oi);
    for (int c = 0; c < p->naggs; c++) gather(o->cols[p->ngroup + c], s->prev[c], s->cur[c], s->oslot, s->oold, oi);
    return emit_built(op, o, oi);
}

/* Encodes the keys of the n visible rows of b into s->kb. */
static eddy_status encode_keys(Op *op, GaState *s, Batch *b, uint32_t n) {
    const GroupAggPlan *p = s->p;
    Vector *keys[64];
    if (p->ngroup > 64) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: more than 64 grouping keys");
    for (int k = 0; k < p->ngroup; k++) keys[k] = b->cols[p->group[k]];
    int nkeys = p->ngroup;
    if (!nkeys) {
        if (!s->unit || s->unit->cap < b->n) {
            eddy__vec_release(s->unit);
            if (!(s->unit = eddy__vec_new(eddy__type_basic(TY_BOOLEAN, false), b->n))) return NOMEM(op);
        }
        keys[0] = s->unit;
        nkeys = 1;
    }
    return eddy__key_batch_encode(&s->kb, keys, nkeys, b->sel, n, op->max_parallelism, s->err);
}

static eddy_status ga_push(Op *op, int input, Batch *b) {
    (void)input;
    GaState *s = op->state;
    const GroupAggPlan *p = s->p;
    uint32_t n = b->count;
    if (!n) return EDDY_OK;
    if (!ensure_cap(s, n)) return NOMEM(op);
    eddy_status rc = encode_keys(op, s, b, n);
    if (!rc) rc = eddy__state_slots(s->acc, &s->kb, NULL, n, NULL, 0, s->slots, s->created);
    if (rc) return rc;
    group_rows(s, n);
    for (int a = 0; a < p->naggs; a++) {
        eddy__vec_reset(s->prev[a]);
        eddy__vec_reset(s->cur[a]);
    }
    /* runs of rows without a repeated key */
    uint32_t from = 0, nrun = 0;
    while (from < n && !rc) {
        uint32_t to = from;
        while (to < n && s->grun[s->gidx[to]] != nrun) s->grun[s->gidx[to++]] = nrun;
        rc = run(s, b, from, to);
        from = to;
        nrun++;
    }
    eddy__arena_reset(&s->cx.scratch);
    /* write the live records back, drop the emptied ones */
    for (uint32_t j = 0; j < s->ngroups; j++) {
        const char *rec = s->work + (size_t)j * s->stride;
        if (*rec_count((void *)rec) > 0) memcpy(s->gslot[j], rec, p->rec_size);
    }
    eddy_status frc = eddy__state_flush(s->acc);
    if (!rc) rc = frc;
    for (uint32_t j = 0; j < s->ngroups && !rc; j++) {
        if (*rec_count(s->work + (size_t)j * s->stride) > 0) continue;
        StateKey k = eddy__key_batch_key(&s->kb, s->grow[j]);
        rc = eddy__state_remove(s->acc, &k, STATE_NO_NS, NULL);
    }
    return rc ? rc : emit(op, s, b, n, NULL);
}

const OpVtab eddy__op_group_agg = {.name = "GroupAggregate", .open = ga_open, .push_batch = ga_push, .close = ga_close};

/* ---- mini-batch: GroupAggregate, LocalGroupAggregate, GlobalGroupAggregate ------------------------ */

enum { MB_FIRST = 1, MB_STARTED = 2 };

/* The groups of the KeyBatch's n rows by key bytes, in the order first
 * seen: gidx per row, grow per group (its first row). */
static void group_keys(GaState *s, uint32_t n) {
    memset(s->ht, 0, sizeof(uint32_t) * s->htcap);
    uint32_t mask = s->htcap - 1, ng = 0;
    const KeyBatch *kb = &s->kb;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t h = (uint32_t)(kb->hash[i] >> 17) & mask;
        uint32_t len = kb->off[i + 1] - kb->off[i];
        for (;;) {
            uint32_t g = s->ht[h];
            if (!g) {
                s->ht[h] = ++ng;
                s->grow[ng - 1] = i;
                s->gidx[i] = ng - 1;
                break;
            }
            uint32_t r = s->grow[g - 1];
            if (kb->hash[r] == kb->hash[i] && kb->off[r + 1] - kb->off[r] == len &&
                !memcmp(kb->bytes + kb->off[r], kb->bytes + kb->off[i], len)) {
                s->gidx[i] = g - 1;
                break;
            }
            h = (h + 1) & mask;
        }
    }
    s->ngroups = ng;
}

/* Accumulates (or retracts) the buffered rows into their groups' records,
 * call by call, in runs of one direction in row order (so each group sees
 * its rows in order). Skipped rows take no part. */
static eddy_status fold_rows(GaState *s, Batch *b, uint32_t n) {
    const GroupAggPlan *p = s->p;
    eddy_status rc;
    for (int a = 0; a < p->naggs; a++) {
        const GroupAggCall *c = &p->aggs[a];
        set_call(s, a);
        Vector *args[16];
        for (int k = 0; k < c->fn->nargs && k < 16; k++) args[k] = b->cols[c->args[k]];
        const Vector *f = c->filter >= 0 ? b->cols[c->filter] : NULL;
        uint32_t m = 0;
        bool acc = true;
        for (uint32_t i = 0; i <= n; i++) {
            bool d = i < n && is_accumulate(batch_kind(b, i));
            if (m && (i == n || d != acc)) {
                if (!acc && !c->fn->retract)
                    return eddy__err(s->err, EDDY_E_INTERNAL, "the aggregate %s cannot retract", c->fn->name);
                rc = acc ? eddy__agg_accumulate(c->fn, &s->cx, args, s->rows, m, s->accs2)
                         : eddy__agg_retract(c->fn, &s->cx, args, s->rows, m, s->accs2);
                if (rc) return rc;
                m = 0;
            }
            if (i == n || s->skip[i] || (f && !filter_passes(f, i))) continue;
            acc = d;
            s->rows[m] = i;
            s->accs2[m++] = s->gptr[s->gidx[i]];
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (!s->skip[i]) *rec_count(s->gptr[s->gidx[i]]) += is_accumulate(batch_kind(b, i)) ? 1 : -1;
    return EDDY_OK;
}

/* GA_GLOBAL: merges the local accumulator records of the rows into their groups. */
static eddy_status merge_rows(GaState *s, Batch *b, uint32_t n) {
    const GroupAggPlan *p = s->p;
    const Vector *col = b->cols[p->acc_col];
    for (uint32_t i = 0; i < n; i++) {
        Str v = vec_str(col, i);
        if (vec_is_null(col, i) || v.n != p->rec_size)
            return eddy__err(s->err, EDDY_E_INTERNAL, "a local accumulator of %zu bytes (expected %u)", v.n,
                             p->rec_size);
        char *src = s->src + (size_t)i * s->stride;
        memcpy(src, v.p, v.n);
        s->accs[i] = s->gptr[s->gidx[i]];
        s->accs2[i] = src;
    }
    for (int a = 0; a < p->naggs; a++) {
        set_call(s, a);
        eddy_status rc = eddy__agg_merge(p->aggs[a].fn, &s->cx, s->accs, s->accs2, n);
        if (rc) return rc;
    }
    for (uint32_t i = 0; i < n; i++) *rec_count(s->accs[i]) += *rec_count(s->accs2[i]);
    return EDDY_OK;
}

/* GA_LOCAL: per group, its keys and its record's bytes, as +I. */
static eddy_status emit_local(Op *op, GaState *s, Batch *b) {
    const GroupAggPlan *p = s->p;
    uint32_t ng = s->ngroups;
    Batch *o = eddy__batch_new_typed(op->node->ncols, op->node->col_types, ng);
    if (!o) return NOMEM(op);
    for (uint32_t j = 0; j < ng; j++) {
        for (int k = 0; k < p->ngroup; k++) eddy__vec_copy_value(o->cols[k], j, b->cols[p->group[k]], s->grow[j]);
        eddy__vec_set_str(o->cols[p->ngroup], j, s->gptr[j], p->rec_size);
    }
    return emit_built(op, o, ng);
}

/* Folds the buffered rows (Flink's MiniBatchGroupAggFunction,
 * MiniBatchLocalGroupAggFunction, MiniBatchGlobalGroupAggFunction): per key,
 * in the order the keys first came, one change for the whole batch --
 *
 *   rec = state[key]; absent: leading retractions of the key are dropped
 *         (none left: nothing happens), rec = init, first
 *   prev = values(rec); every row of the key accumulated / retracted (or
 *   merged) in order; cur = values(rec)
 *   count > 0: first: +I[cur]; prev == cur (no TTL): nothing; else
 *              -U[prev] (with update_before), +U[cur]
 *   count 0:   not first: -D[prev]; the key's state dropped
 *
 * The local phase starts every key from init and emits +I[key, record]. */
static eddy_status mb_flush(Op *op, GaState *s) {
    const GroupAggPlan *p = s->p;
    Batch *b = s->buf;
    uint32_t n = b ? b->n : 0;
    if (!n) return EDDY_OK;
    b->count = n;
    if (!ensure_cap(s, n)) return NOMEM(op);
    eddy_status rc = encode_keys(op, s, b, n);
    if (rc) return rc;
    group_keys(s, n);
    uint32_t ng = s->ngroups;
    if (p->phase != GA_LOCAL && (rc = eddy__state_slots(s->acc, &s->kb, s->grow, ng, NULL, 0, s->gslot, s->created)))
        return rc;
    for (uint32_t j = 0; j < ng; j++) {
        char *rec = s->work + (size_t)j * s->stride;
        s->gptr[j] = rec;
        if (p->phase != GA_LOCAL) memcpy(rec, s->gslot[j], p->rec_size);
        if (p->phase != GA_LOCAL && *rec_count(rec) > 0) {
            s->gflag[j] = MB_STARTED;
            continue;
        }
        s->gflag[j] = p->phase == GA_ONE ? MB_FIRST : MB_FIRST | MB_STARTED;
        memset(rec, 0, p->rec_size);
        for (int a = 0; a < p->naggs; a++) {
            set_call(s, a);
            if ((rc = eddy__agg_init(p->aggs[a].fn, &s->cx, rec))) return rc;
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *f = &s->gflag[s->gidx[i]];
        s->skip[i] = !(*f & MB_STARTED) && !is_accumulate(batch_kind(b, i));
        if (!s->skip[i]) *f |= MB_STARTED;
    }
    bool global = p->phase == GA_GLOBAL;
    for (int a = 0; a < p->naggs && p->phase != GA_LOCAL; a++) {
        eddy__vec_reset(s->prev[a]);
        eddy__vec_reset(s->cur[a]);
        set_call(s, a);
        if ((rc = eddy__agg_get_value(p->aggs[a].fn, &s->cx, s->gptr, ng, s->prev[a], 0))) return rc;
    }
    if ((rc = global ? merge_rows(s, b, n) : fold_rows(s, b, n))) return rc;
    if (p->phase == GA_LOCAL) {
        rc = emit_local(op, s, b);
        eddy__arena_reset(&s->cx.scratch);
        return rc;
    }
    for (int a = 0; a < p->naggs; a++) {
        set_call(s, a);
        if ((rc = eddy__agg_get_value(p->aggs[a].fn, &s->cx, s->gptr, ng, s->cur[a], 0))) return rc;
    }
    eddy__arena_reset(&s->cx.scratch);
    for (uint32_t j = 0; j < ng && !rc; j++) {
        char *rec = s->gptr[j];
        bool first = s->gflag[j] & MB_FIRST;
        if (!(s->gflag[j] & MB_STARTED)) {
            s->action[j] = A_NONE;
            rc = drop_group(s, rec, false);
        } else if (*rec_count(rec) <= 0) {
            s->action[j] = first ? A_NONE : A_DELETE;
            *rec_count(rec) = 0;
            rc = drop_group(s, rec, true);
        } else if (first) {
            s->action[j] = A_INSERT;
        } else {
            bool same = p->ttl_ms <= 0;
            for (int a = 0; same && a < p->naggs; a++) same = eddy__eq_slot(s->prev[a], j, s->cur[a], j);
            s->action[j] = same ? A_NONE : A_UPDATE;
        }
    }
    for (uint32_t j = 0; j < ng; j++)
        if (*rec_count(s->gptr[j]) > 0) memcpy(s->gslot[j], s->gptr[j], p->rec_size);
    eddy_status frc = eddy__state_flush(s->acc);
    if (!rc) rc = frc;
    for (uint32_t j = 0; j < ng && !rc; j++) {
        if (*rec_count(s->gptr[j]) > 0) continue;
        StateKey k = eddy__key_batch_key(&s->kb, s->grow[j]);
        rc = eddy__state_remove(s->acc, &k, STATE_NO_NS, NULL);
    }
    return rc ? rc : emit(op, s, b, ng, s->grow);
}

/* Empties the buffer (keeps its memory). */
static void mb_reset(GaState *s) {
    Batch *b = s->buf;
    for (int c = 0; c < b->ncols; c++)
        if (s->used[c]) eddy__vec_reset(b->cols[c]);
    b->n = b->count = 0;
}

/* The buffer for input batches like b: the columns the plan reads. */
static bool mb_buffer(Op *op, GaState *s, const Batch *b) {
    const GroupAggPlan *p = s->p;
    if (!(s->used = eddy__arena_alloc(op->arena, sizeof(bool) * (size_t)(b->ncols + 1)))) return false;
    memset(s->used, 0, sizeof(bool) * (size_t)(b->ncols + 1));
    for (int k = 0; k < p->ngroup; k++) s->used[p->group[k]] = true;
    for (int a = 0; a < p->naggs; a++) {
        for (int k = 0; k < p->aggs[a].fn->nargs; k++) s->used[p->aggs[a].args[k]] = true;
        if (p->aggs[a].filter >= 0) s->used[p->aggs[a].filter] = true;
    }
    if (p->phase == GA_GLOBAL) s->used[p->acc_col] = true;
    for (int c = 0; c < b->ncols; c++) s->nused += s->used[c];
    const Type **types = eddy__arena_alloc(op->arena, sizeof(Type *) * (size_t)(b->ncols + 1));
    if (!types) return false;
    for (int c = 0; c < b->ncols; c++) types[c] = s->used[c] ? b->cols[c]->type : eddy__type_basic(TY_BOOLEAN, true);
    s->bufcap = 256;
    s->buf = eddy__batch_new_typed(b->ncols, types, s->bufcap);
    return s->buf && eddy__batch_ensure_kinds(s->buf, s->bufcap);
}

/* Copies rows [from, to) of b's visible rows into the buffer. */
static bool mb_append(GaState *s, const Batch *b, uint32_t from, uint32_t to) {
    Batch *o = s->buf;
    uint32_t need = o->n + (to - from);
    if (need > s->bufcap) {
        uint32_t cap = s->bufcap;
        while (cap < need) cap *= 2;
        for (int c = 0; c < o->ncols; c++)
            if (s->used[c] && !eddy__vec_reserve(o->cols[c], cap)) return false;
        if (!eddy__vec_reserve(o->kinds, cap)) return false;
        s->bufcap = cap;
    }
    uint8_t *kinds = VEC_DATA(o->kinds, uint8_t);
    for (uint32_t i = from; i < to; i++) {
        uint32_t r = batch_row(b, i), oi = o->n++;
        kinds[oi] = batch_kind(b, r);
        for (int c = 0; c < o->ncols; c++)
            if (s->used[c]) eddy__vec_copy_value(o->cols[c], oi, b->cols[c], r);
    }
    for (int c = 0; c < o->ncols; c++)
        if (s->used[c] && o->cols[c]->failed) return false;
    return true;
}

/* Charges (or releases) the buffer's bytes to the operator's account: its
 * slots (16 bytes a value, about) and its strings. Past the managed memory
 * the job fails with the budget's message. */
static eddy_status mb_charge(Op *op, GaState *s) {
    Batch *b = s->buf;
    int64_t bytes = (int64_t)s->bufcap * (16 * s->nused + 1);
    for (int c = 0; c < b->ncols; c++)
        if (s->used[c]) bytes += (int64_t)b->cols[c]->heap.bytes;
    int64_t d = bytes - s->charged;
    if (d > 0) {
        eddy_status rc = eddy__mem_charge(&op->mem, d, s->err);
        if (rc) return rc;
    } else if (d < 0) {
        eddy__mem_release(&op->mem, -d);
    }
    s->charged = bytes;
    return EDDY_OK;
}

static eddy_status mb_flush_reset(Op *op, GaState *s) {
    eddy_status rc = mb_flush(op, s);
    if (!s->buf) return rc;
    mb_reset(s);
    eddy_status crc = mb_charge(op, s);
    return rc ? rc : crc;
}

static eddy_status mb_push(Op *op, int input, Batch *b) {
    (void)input;
    GaState *s = op->state;
    uint32_t n = b->count;
    if (!n) return EDDY_OK;
    if (!s->buf && !mb_buffer(op, s, b)) return NOMEM(op);
    const int64_t size = s->p->mb_size;
    for (uint32_t i = 0; i < n;) {
        int64_t room = size - (int64_t)s->buf->n;
        uint32_t take = room < (int64_t)(n - i) ? (uint32_t)(room > 0 ? room : 1) : n - i;
        if (!mb_append(s, b, i, i + take)) return NOMEM(op);
        eddy_status rc = mb_charge(op, s);
        if (rc) return rc;
        i += take;
        if ((int64_t)s->buf->n >= size && (rc = mb_flush_reset(op, s))) return rc;
    }
    return EDDY_OK;
}

/* A watermark ends the mini-batch (the assigner's interval), then goes on. */
static eddy_status mb_watermark(Op *op, int64_t wm) {
    eddy_status rc = mb_flush_reset(op, op->state);
    return rc ? rc : eddy__op_emit_watermark(op, wm);
}

static eddy_status mb_finish(Op *op) { return mb_flush_reset(op, op->state); }

/* A checkpoint ends the mini-batch first (its changes go out before the
 * barrier), so the buffer is never part of a snapshot. */
static eddy_status mb_snapshot(Op *op, int64_t checkpoint_id) {
    (void)checkpoint_id;
    return mb_flush_reset(op, op->state);
}

const OpVtab eddy__op_minibatch_group_agg = {.name = "GroupAggregate",
                                             .open = ga_open,
                                             .push_batch = mb_push,
                                             .push_watermark = mb_watermark,
                                             .finish = mb_finish,
                                             .close = ga_close,
                                             .snapshot = mb_snapshot};

/* ---- LocalGroupAggregate of rows (calls with views) and MiniBatchAssigner ------------------------- */

static eddy_status local_raw_push(Op *op, int input, Batch *b) {
    (void)input;
    const LocalRawPlan *p = op->plan;
    uint32_t n = b->count;
    if (!n) return EDDY_OK;
    Batch *o = eddy__batch_new_typed(op->node->ncols, op->node->col_types, n);
    if (!o || !eddy__batch_ensure_kinds(o, n)) {
        eddy__batch_release(o);
        return NOMEM(op);
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = batch_row(b, i);
        for (int k = 0; k < p->ngroup; k++) eddy__vec_copy_value(o->cols[k], i, b->cols[p->group[k]], r);
        for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(o->cols[p->ngroup + c], i, b->cols[c], r);
        VEC_DATA(o->kinds, uint8_t)[i] = batch_kind(b, r);
    }
    return emit_built(op, o, n);
}

const OpVtab eddy__op_local_raw_agg = {.name = "LocalGroupAggregate", .push_batch = local_raw_push};

static eddy_status mba_push(Op *op, int input, Batch *b) {
    (void)input;
    const MiniBatchPlan *p = op->plan;
    int64_t now = eddy__clock_now(eddy__op_clock(op));
    int64_t start = now - now % p->interval_ms;
    if (!p->event_time && start > op->watermark) {
        eddy_status rc = eddy__op_emit_watermark(op, start);
        if (rc) return rc;
    }
    return eddy__op_emit(op, b);
}

static eddy_status mba_watermark(Op *op, int64_t wm) {
    const MiniBatchPlan *p = op->plan;
    return wm == INT64_MAX || p->event_time ? eddy__op_emit_watermark(op, wm) : EDDY_OK;
}

const OpVtab eddy__op_minibatch_assigner = {.name = "MiniBatchAssigner", .push_batch = mba_push,
                                            .push_watermark = mba_watermark};

/* ---- Expand ------------------------------------------------------------------------------------- */

/* Per input row, one output row per grouping set, in set order (Flink's
 * Expand): the input's columns with the keys the set lacks NULL, then $e.
 * Stateless; the row kind and timestamp of the input row go with each. */
static eddy_status expand_push(Op *op, int input, Batch *b) {
    (void)input;
    const ExpandPlan *p = op->plan;
    uint32_t n = b->count;
    if (!n || !p->nsets) return EDDY_OK;
    const StreamNode *node = op->node;
    uint32_t nout = n * (uint32_t)p->nsets;
    Batch *o = eddy__batch_new_typed(node->ncols, node->col_types, nout);
    if (!o || !eddy__batch_ensure_kinds(o, nout) || (b->ts && !eddy__batch_ensure_ts(o, nout))) {
        eddy__batch_release(o);
        return NOMEM(op);
    }
    uint32_t oi = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = batch_row(b, i);
        for (int st = 0; st < p->nsets; st++, oi++) {
            for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(o->cols[c], oi, b->cols[c], r);
            for (int k = 0; k < p->ngroup; k++)
                if (!(p->sets[st] & (1ULL << k))) eddy__vec_set_null(o->cols[p->group[k]], oi);
            VEC_DATA(o->cols[p->nin], int64_t)[oi] = p->ids[st];
            VEC_DATA(o->kinds, uint8_t)[oi] = batch_kind(b, r);
            if (b->ts) VEC_DATA(o->ts, int64_t)[oi] = batch_ts(b, r);
        }
    }
    return emit_built(op, o, oi);
}

const OpVtab eddy__op_expand = {.name = "Expand", .push_batch = expand_push};
