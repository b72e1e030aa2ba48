/*
 * window_join.h -- the plan of the streaming window join (window_join.c;
 * Flink's WindowJoin), as plan/translate_window_join.c builds it.
 */
#ifndef EDDY_OPS_WINDOW_JOIN_H
#define EDDY_OPS_WINDOW_JOIN_H

#include "expr/expr.h"
#include "plan/phys.h"
#include "runtime/ops/ops.h"
#include "types/datetime.h"

/* WindowJoin: per side, the rows of each (join key, window end) in keyed
 * LIST state until the watermark passes window_end - 1; then the window's
 * joined rows go out, insert-only. Output: left then right columns (semi /
 * anti: left only). */
typedef struct WinJoinPlan {
    JoinType type;
    int ncols[2];                  /* input columns per side */
    int nkeys;                     /* the equi-join keys but the window columns (0: one key) */
    const KeySpec *key[2];         /* over each side's columns, of equal types */
    const Type *key_type;          /* the state key */
    const Expr *cond;              /* the whole ON condition over left + right columns (NULL: true) */
    const Type *const *pair_types; /* left + right column types */
    int wend_col[2];               /* each side's window_end column */
    const TimeZone *ltz;           /* windows of a TIMESTAMP_LTZ: their bounds are this zone's wall clock */
    const TimeZone *tz;            /* table.local-time-zone, for the condition */
} WinJoinPlan;
extern const OpVtab eddy__op_window_join;

#endif
