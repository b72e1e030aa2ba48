/*
 * window_rank.h -- the plan of the streaming window Top-N and window
 * deduplication (window_rank.c; Flink's WindowRank and WindowDeduplicate),
 * as plan/translate_window_rank.c builds it.
 */
#ifndef EDDY_OPS_WINDOW_RANK_H
#define EDDY_OPS_WINDOW_RANK_H

#include "runtime/ops/ops.h"
#include "state/state.h"
#include "state/timers.h"
#include "types/datetime.h"

/* WindowRank / WindowDeduplicate over rows that carry their window (a
 * window table function's or a window aggregation's window_start /
 * window_end): per (partition key, window end) the best `end` rows in keyed
 * VALUE state, the window end the namespace; when the watermark passes
 * window_end - 1 the rows of ranks [start, end] go out, insert-only, and
 * the state goes. Output: the input's columns (then the rank number when
 * output_rank). */
typedef struct WinRankPlan {
    int nin;                  /* input columns */
    int ngroup;               /* the partition keys but window_start / window_end */
    const int *group;
    const Type *key_type;     /* the state key over them */
    int norder;
    const int *order;         /* ORDER BY input columns */
    const bool *desc;
    const bool *nulls_first;
    int64_t start, end;       /* rank range, 1-based, inclusive */
    bool output_rank;
    bool new_first;           /* a row goes before the rows of an equal sort key (keep the last row) */
    int wend_col;             /* input column of window_end */
    const TimeZone *ltz;      /* windows of a TIMESTAMP_LTZ time attribute: window_end is this zone's wall clock */
    const char *name;         /* "WindowRank" / "WindowDeduplicate" */
} WinRankPlan;
extern const OpVtab eddy__op_window_rank;

/* Appends the memcmp-ordered sort key of column v's row r (rank.c); false
 * for a type without one. */
bool eddy__rank_sort_value(Buf *b, const Vector *v, uint32_t r, bool desc, bool nulls_first);

/* What the window operators' timers share (window_rank.c): the keys of
 * state st in window ns, each as [StateKey][key bytes] appended to *keys
 * (count in *n; read them back with eddy__window_key_at); and, once a
 * window fired, the deletion of its timers of the backend's other key
 * groups (one timer per window and key group). */
eddy_status eddy__window_ns_keys(State *st, StateNs ns, Buf *keys, uint32_t *n);
StateKey eddy__window_key_at(const Buf *keys, size_t *off);
eddy_status eddy__window_timers_done(StateBackend *be, TimerService *ts, const Timer *t, StateNs ns);
/* The watermark and end-of-input callbacks of an operator whose state
 * starts with its eddy_out: the rows built so far go out first. */
eddy_status eddy__window_out_watermark(Op *op, int64_t wm);
eddy_status eddy__window_out_finish(Op *op);

#endif
