/*
 * interval_join.h -- the time-bounded joins: the interval join
 * (PK_INTERVAL_JOIN: its window bounds, translate_interval_join.c, and the
 * plan its operator, interval_join.c, runs) and the event-time temporal join
 * (PK_TEMPORAL_JOIN, temporal_join.c).
 */
#ifndef EDDY_INTERVAL_JOIN_H
#define EDDY_INTERVAL_JOIN_H

#include "plan/phys.h"
#include "runtime/ops/ops.h"
#include "state/timers.h"
#include "types/serde.h"

/* r.t + lower <= l.t <= r.t + upper (ms), l.t the left input's column ltime,
 * r.t the right input's column rtime; both rowtime, or both proctime. */
typedef struct IntervalBounds {
    bool rowtime;
    int64_t lower, upper;
    int ltime, rtime;
} IntervalBounds;

/* Whether join condition cond (over nl left columns, then the right ones,
 * of the given types) bounds the two sides' time attributes from below and
 * above (*wb); used[i] (when not NULL) marks the conjuncts that are the
 * bounds, in the order of cond's AND. */
bool eddy__interval_bounds(const Expr *cond, int nl, const Type *const *types, IntervalBounds *wb, bool *used);

typedef struct IntervalJoinPlan {
    JoinType type;           /* inner, left, right, full */
    IntervalBounds bounds;
    int nkeys;
    const KeySpec *key[2];   /* the equi-join keys of each side */
    const int *kcols[2];     /* their columns */
    const bool *filter_null; /* per key: '=' (a NULL matches nothing) */
    const Type *key_type;
    int ncols[2];
    const Expr *residual;    /* over left + right columns; NULL: none */
    const Type *const *pair_types;
    const TimeZone *tz;
} IntervalJoinPlan;
extern const OpVtab eddy__op_interval_join;

/* l JOIN v FOR SYSTEM_TIME AS OF l.t ON keys [AND residual]: each left row
 * joins the version of v valid at its time, once the watermark passes it. */
typedef struct TemporalJoinPlan {
    JoinType type;           /* inner or left */
    int ltime, rtime;        /* the left row's time (AS OF), the version's rowtime */
    bool proctime;           /* processing time (a temporal table function's): the latest version, no waiting */
    int nkeys;
    const KeySpec *key[2];
    const int *kcols[2];
    const bool *filter_null;
    const Type *key_type;
    int ncols[2];
    const Expr *residual;    /* over left + right columns; NULL: none */
    const Type *const *pair_types;
    const TimeZone *tz;
} TemporalJoinPlan;
extern const OpVtab eddy__op_temporal_join;

/* ---- what both operators share ---------------------------------------------------------------- */

/* The residual condition over (left + right) pairs: its program and a batch
 * of up to cap pairs to evaluate it on (pair NULL: no residual). */
typedef struct PairEval {
    Batch *pair;
    ExprProg *cond;
    EvalCtx cx;
    Arena scratch, progs;
} PairEval;

static inline eddy_status pair_eval_open(Op *op, PairEval *pe, const Expr *residual, const Type *const *types,
                                         int ncols, uint32_t cap, const TimeZone *tz) {
    eddy__arena_init(&pe->scratch, 16384);
    eddy__arena_init(&pe->progs, 4096);
    if (!residual) return EDDY_OK;
    pe->cx = (EvalCtx){.scratch = &pe->scratch, .err = eddy__op_err(op), .tz = tz, .now_ms = eddy__wall_ms()};
    pe->cx.proc_ms = pe->cx.now_ms;
    if (!(pe->pair = eddy__batch_new_typed(ncols, types, cap))) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__expr_compile(&pe->progs, residual, &pe->cx, &pe->cond);
    eddy__arena_reset(&pe->scratch);
    return rc;
}

static inline void pair_eval_close(PairEval *pe) {
    eddy__batch_release(pe->pair);
    eddy__arena_destroy(&pe->scratch);
    eddy__arena_destroy(&pe->progs);
}

/* Filters the pending pairs 0..n of pe->pair: their indexes that pass in keep. */
static inline eddy_status pair_eval_filter(PairEval *pe, uint32_t n, uint32_t *keep, uint32_t *kept) {
    pe->pair->n = pe->pair->count = n;
    eddy_status rc = eddy__expr_filter(pe->cond, &pe->cx, pe->pair, NULL, n, keep, kept);
    eddy__arena_reset(&pe->scratch);
    for (int c = 0; c < pe->pair->ncols; c++) eddy__vec_reset(pe->pair->cols[c]);
    return rc;
}

/* The firing timer's key, copied into b (the timer service's bytes may move
 * as timers are registered). */
static inline eddy_status timer_key_copy(Op *op, Buf *b, const Timer *t, StateKey *k) {
    b->len = 0;
    eddy__buf_put(b, t->key.bytes, t->key.len);
    if (b->failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    *k = (StateKey){.bytes = b->data, .len = t->key.len, .group = t->key.group, .hash = t->key.hash};
    return EDDY_OK;
}

/* Grows an operator scratch array to hold element n (the bytes charged to
 * the operator's account). */
static inline eddy_status grow_array(Op *op, void **arr, size_t *cap, size_t n, size_t elem) {
    if (n < *cap) return EDDY_OK;
    size_t nc = *cap ? *cap * 2 : 64;
    eddy_status rc = eddy__mem_charge(&op->mem, (int64_t)((nc - *cap) * elem), eddy__op_err(op));
    if (rc) return rc;
    void *na = eddy__realloc(*arr, nc * elem);
    if (!na) {
        eddy__mem_release(&op->mem, (int64_t)((nc - *cap) * elem));
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    *arr = na;
    *cap = nc;
    return EDDY_OK;
}

#endif
