/*
 * window_agg.h -- the plans of the window table functions (TUMBLE / HOP /
 * CUMULATE) and of the window aggregation over them (window_agg.c), as the
 * planner's translate functions (plan/translate_window.c) build them.
 */
#ifndef EDDY_OPS_WINDOW_AGG_H
#define EDDY_OPS_WINDOW_AGG_H

#include "runtime/ops/group_agg.h"
#include "types/datetime.h"

typedef enum WinTvfKind { WTVF_TUMBLE, WTVF_HOP, WTVF_CUMULATE } WinTvfKind;

/* WindowTableFunction: per input row, one row per window it belongs to: the
 * input's columns, then window_start, window_end, window_time (all
 * TIMESTAMP(3) values; window_time = window_end - 1 ms), the row's record
 * timestamp set to window_time. Rows whose time column is NULL belong to no
 * window and are dropped. */
typedef struct WinTvfPlan {
    int nin;              /* input columns */
    int time_col;         /* input column of the time attribute */
    WinTvfKind kind;
    int64_t size_ms;      /* TUMBLE / HOP size, CUMULATE max size */
    int64_t slide_ms;     /* HOP slide, CUMULATE step (TUMBLE: size) */
    int64_t offset_ms;    /* window starts shift by it */
    const TimeZone *ltz;  /* a TIMESTAMP_LTZ time column: windows align to this zone's wall clock; NULL: TIMESTAMP */
} WinTvfPlan;
extern const OpVtab eddy__op_window_tvf;

/* WindowAggregate over a window table function: keyed by every GROUP BY
 * column (window_start and window_end among them), the window (its end, 8
 * bytes) as the state namespace; a window's accumulators are final when the
 * watermark (proctime: the clock) passes window_end - 1, when its timer
 * fires and its row goes out: the keys, then the calls' values, insert-only.
 * Event time: a row of a window that has fired already is late and dropped
 * (counted). */
typedef struct WinAggPlan {
    int ngroup;
    const int *group;          /* input columns of the keys */
    const Type *key_type;      /* the key as a state type */
    int wend_col;              /* input column of window_end */
    bool proctime;             /* processing-time windows */
    const TimeZone *ltz;       /* windows of a TIMESTAMP_LTZ: their bounds are this zone's wall clock */
    int naggs;
    const GroupAggCall *aggs;  /* offsets into a window's record (after an int64 row count) */
    uint32_t rec_size;
    bool has_destroy;
} WinAggPlan;
extern const OpVtab eddy__op_window_agg;

/* The late rows the window aggregation of op dropped so far. */
uint64_t eddy__window_agg_late(const Op *op);

#endif
