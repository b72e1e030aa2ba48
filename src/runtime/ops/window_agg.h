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
/* A group window's property columns: start, end, rowtime (end - 1), proctime (end - 1). */
typedef enum WinProp { WPROP_START, WPROP_END, WPROP_ROWTIME, WPROP_PROCTIME } WinProp;

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

/* WindowAggregate and GroupWindowAggregate: a record per (key, window) in
 * keyed state, the window (its end, 8 bytes) as the namespace; a window's
 * accumulators are final when the watermark (proctime: the clock) passes
 * window_end - 1, when its timer fires and its row goes out, insert-only.
 * Event time: a row of a window that has fired already is late; it is
 * dropped from that window (and reported with eddy__op_report_late when it
 * is in no open window at all).
 *
 * Over windows the rows carry (assign false): the window end is read from
 * column wend_col; the key is the GROUP BY columns but the window (an
 * attached window: output the keys, the calls' values, then the nprops
 * window properties, computed from the window end and kind / size / slide /
 * offset) or every GROUP BY column (SESSION windows among the keys, nprops
 * 0: the keys, then the calls' values).
 * Group windows and window TVFs merged into the aggregation (assign true):
 * the rows' windows are assigned here from the time column, the key is the
 * GROUP BY columns but the window; output: the keys, the calls' values,
 * then the window properties. */
typedef struct WinAggPlan {
    int ngroup;
    const int *group;          /* input columns of the keys */
    const Type *key_type;      /* the key as a state type */
    bool assign;
    int wend_col;              /* !assign: input column of window_end */
    int time_col;              /* assign: input column of the time attribute */
    WinTvfKind kind;           /* assign, and the properties' window start */
    int64_t size_ms, slide_ms; /* assign: size (CUMULATE: max size), slide (CUMULATE: step; TUMBLE: size) */
    int64_t offset_ms;         /* assign: the window starts' offset */
    int nprops;                /* the window properties after the calls */
    const WinProp *props;
    bool proctime;             /* processing-time windows */
    const TimeZone *ltz;       /* windows of a TIMESTAMP_LTZ: their bounds are this zone's wall clock */
    int naggs;
    const GroupAggCall *aggs;  /* offsets into a window's record (after an int64 row count) */
    uint32_t rec_size;
    int nviews;                /* views of all calls (in keyed MAP / LIST state under the key and window) */
    const AggViewKind *views;
    bool has_destroy;
    int tvf_cols;              /* session_agg.c: > 0 for the SESSION table function alone (no calls): the
                                * input's columns, each row kept under its session and emitted with
                                * window_start, window_end, window_time when the session fires */
} WinAggPlan;
extern const OpVtab eddy__op_window_agg;
/* Session windows (session_agg.c) over the same plan: assign true, size_ms
 * the gap, kind and slide unused; per key its open sessions merge as rows
 * bridge them; every call can merge. */
extern const OpVtab eddy__op_session_agg;

/* Shared by the two: releases what the live records of state acc hold (C
 * functions with create / destroy), each copied to rec (16-aligned) first. */
void eddy__window_destroy_all(State *acc, const WinAggPlan *p, AggCtx *cx, char *rec);
/* Decodes key (the GROUP BY keys' bytes) into the first p->ngroup columns of
 * the row being built in out; *unit: the scratch vector of a key without
 * GROUP BY keys (made on first use, the caller releases it). */
eddy_status eddy__window_out_keys(Op *op, eddy_out *out, const WinAggPlan *p, Vector **unit, const StateKey *key);

#endif
