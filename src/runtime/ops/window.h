/*
 * window.h -- the plan of the DataStream window operator (window.c):
 * KeyedStream.window(assigner) / countWindow with a trigger, an evictor,
 * allowed lateness, a late-data side output and a reduce, aggregate or
 * process window function. Built by api/windows.c.
 */
#ifndef EDDY_WINDOW_OP_H
#define EDDY_WINDOW_OP_H

#include "runtime/ops/ops.h"

typedef enum WinAssignKind { WA_TUMBLING, WA_SLIDING, WA_GLOBAL, WA_SESSION } WinAssignKind;
typedef enum WinTrigKind { WT_NEVER, WT_EVENT, WT_PROC, WT_COUNT, WT_CONTINUOUS, WT_CUSTOM } WinTrigKind;
typedef enum WinEvictKind { WE_NONE, WE_COUNT, WE_TIME, WE_DELTA, WE_CUSTOM } WinEvictKind;
typedef enum WinFnKind { WF_REDUCE, WF_AGGREGATE, WF_PROCESS } WinFnKind;

typedef struct WindowPlan {
    const KeySpec *key;
    const Type *in_type;  /* element type */
    const Type *key_type; /* the key as a row */
    bool all;             /* windowAll: one key, parallelism 1; no key for the function */
    WinAssignKind assign;
    bool event_time; /* the assigner's domain (GLOBAL: false) */
    int64_t size, slide, offset;
    int64_t gap;                /* WA_SESSION: the static gap (gap_fn NULL) */
    eddy_session_gap_fn gap_fn; /* WA_SESSION: the dynamic gap, or NULL */
    void *gap_ctx;
    WinTrigKind trigger;
    int64_t trigger_count; /* WT_COUNT: the count; WT_CONTINUOUS: the interval */
    eddy_trigger_fn custom; /* WT_CUSTOM */
    void *trigger_ctx;
    bool purging;
    WinEvictKind evictor;
    int64_t evict_n; /* count, or the time evictor's size */
    double delta_threshold;          /* WE_DELTA */
    eddy_delta_fn delta;
    eddy_evictor_fn custom_evictor;  /* WE_CUSTOM */
    void *evict_ctx;
    int64_t lateness;
    int late_side;           /* side output id of the late-data tag, 0: none */
    const Type *late_type;   /* its record type (= in_type) */
    WinFnKind fn_kind;
    eddy_reduce_fn reduce;
    eddy_window_aggregate_fn agg;
    const Type *acc_type;
    eddy_process_window_fn process; /* WF_PROCESS, or after a reduce / aggregate (then_process) */
    bool then_process; /* reduce(f, process) / aggregate(f, process): the function gets the one result */
    const Type *pre_type; /* then: the element it gets (reduce: in_type; aggregate: get_result's type) */
    void *ctx;
} WindowPlan;

extern const OpVtab eddy__op_window;

#endif
