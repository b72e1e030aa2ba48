/*
 * interval_join.h -- the interval join (PK_INTERVAL_JOIN): its window bounds
 * (translate_interval_join.c) and the plan its operator (interval_join.c)
 * runs.
 */
#ifndef EDDY_INTERVAL_JOIN_H
#define EDDY_INTERVAL_JOIN_H

#include "plan/phys.h"
#include "runtime/ops/ops.h"

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

#endif
