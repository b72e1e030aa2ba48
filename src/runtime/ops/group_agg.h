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

/* GroupAggregate (Flink's GroupAggFunction): output columns are the keys,
 * then the calls' values. */
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
} GroupAggPlan;
extern const OpVtab eddy__op_group_agg;

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
