/*
 * group_agg.h -- the plans of the streaming group aggregation (group_agg.c)
 * and of Expand (expand.c), as the planner's translate functions
 * (plan/translate_agg.c) build them.
 */
#ifndef EDDY_OPS_GROUP_AGG_H
#define EDDY_OPS_GROUP_AGG_H

#include "expr/agg.h"
#include "runtime/ops/ops.h"

/* One aggregate call of a GroupAggregate. */
typedef struct GroupAggCall {
    const AggFn *fn;
    const int *args;   /* input columns, fn->nargs of them */
    int filter;        /* input column of FILTER (WHERE ..), -1 none */
    uint32_t offset;   /* where its fixed part is in a group's accumulator record */
    int view_base;     /* its first view among the operator's views */
} GroupAggCall;

/* The phase of a GroupAggregate (group_agg.c's file comment). */
typedef enum GroupAggPhase {
    GA_ONE,    /* GroupAggregate: input rows -> the keys' result changes */
    GA_LOCAL,  /* LocalGroupAggregate: input rows -> per key of a mini-batch, its accumulator bytes */
    GA_GLOBAL, /* GlobalGroupAggregate: the local phase's bytes merged -> the keys' result changes */
} GroupAggPhase;

/* GroupAggregate (Flink's GroupAggFunction, with mini-batch
 * MiniBatchGroupAggFunction), LocalGroupAggregate and GlobalGroupAggregate:
 * output columns are the keys, then the calls' values (GA_LOCAL: the keys,
 * then one BYTES column holding the group's accumulator record). */
typedef struct GroupAggPlan {
    int ngroup;
    const int *group;          /* input columns of the keys */
    const Type *key_type;      /* the key as a state type (NULL for several / none) */
    int naggs;
    const GroupAggCall *aggs;
    uint32_t rec_size;         /* bytes of a group's record: count, then the fixed parts */
    int nviews;                /* views of all calls */
    const AggViewKind *views;  /* their kinds */
    bool update_before;        /* emit -U before +U (else +U only) */
    int64_t ttl_ms;            /* table.exec.state.ttl; <= 0: none */
    bool has_destroy;          /* some call's fixed part holds resources */
    GroupAggPhase phase;
    int64_t mb_size;           /* mini-batch: input rows buffered before they are folded
                                * (table.exec.mini-batch.size); 0: none (GA_ONE only) */
    int acc_col;               /* GA_GLOBAL: the input column of the local accumulator bytes */
} GroupAggPlan;
extern const OpVtab eddy__op_group_agg;
/* The mini-batch phases: GA_ONE with mb_size > 0, GA_LOCAL, GA_GLOBAL. Rows
 * are buffered and folded per key when mb_size rows are buffered, at a
 * watermark (the MiniBatchAssigner's) and at the end of input. */
extern const OpVtab eddy__op_minibatch_group_agg;
/* The final local phase of an IncrementalGroupAggregate (incremental_agg.c): a GA_LOCAL
 * mini-batch plan (mb_size unbounded) that folds each input batch -- a flush of the partial
 * phase chained before it -- when it arrives, one row per final key. */
extern const OpVtab eddy__op_incremental_agg;

/* LocalGroupAggregate of calls whose accumulators cannot travel as bytes
 * (views): it forwards the keys, then the whole input row, which the
 * GlobalGroupAggregate (a GA_ONE mini-batch plan over those columns)
 * aggregates. */
typedef struct LocalRawPlan {
    int ngroup;
    const int *group; /* input columns of the keys */
    int nin;          /* input columns */
} LocalRawPlan;
extern const OpVtab eddy__op_local_raw_agg;

/* MiniBatchAssigner (proctime): before a batch of a new interval of
 * processing time (the clock's ms rounded down to interval_ms) it emits that
 * interval's start as a watermark; input watermarks are dropped but the
 * last (end of input). Over event time (event_time) it forwards the input's
 * watermarks instead, and sends none of its own. */
typedef struct MiniBatchPlan {
    int64_t interval_ms;
    bool event_time;
} MiniBatchPlan;
extern const OpVtab eddy__op_minibatch_assigner;

/* Expand (grouping sets): per input row, one row per set: the input's
 * columns with the keys the set lacks NULL, then the set's id ($e). */
typedef struct ExpandPlan {
    int nin;                  /* input columns */
    int ngroup;
    const int *group;         /* input columns of the keys */
    int nsets;
    const uint64_t *sets;     /* bit k: key k is in the set */
    const int64_t *ids;       /* $e of each set */
} ExpandPlan;
extern const OpVtab eddy__op_expand;

#endif
