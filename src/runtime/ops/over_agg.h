/*
 * over_agg.h -- the plan of the OVER aggregation (over_agg.c), as the
 * planner's translate function (plan/translate_over.c) builds it.
 */
#ifndef EDDY_OPS_OVER_AGG_H
#define EDDY_OPS_OVER_AGG_H

#include "expr/agg.h"
#include "runtime/ops/ops.h"

/* The frame of one aggregate call, relative to the current row. */
typedef struct OverFrame {
    bool rows;        /* ROWS (row counts); else RANGE (order-key values: ms for time) */
    int64_t lower;    /* preceding: -1 unbounded, else rows / value distance */
    int64_t upper;    /* following: -1 unbounded, 0 current row (and its peers for RANGE) */
} OverFrame;

/* The window functions the operator computes itself (fn NULL): the ranks
 * from the rows' positions and their peers (rows equal on the order keys),
 * LAG / LEAD from the partition's rows (BATCH only). */
typedef enum OverSpecial {
    OVER_AGG,          /* an aggregate function of the library (fn) */
    OVER_ROW_NUMBER,
    OVER_RANK,
    OVER_DENSE_RANK,
    OVER_PERCENT_RANK, /* BATCH only, as the next three */
    OVER_CUME_DIST,
    OVER_NTILE,        /* args[0]: the number of buckets */
    OVER_LAG,          /* args: value [, offset [, default]] */
    OVER_LEAD,
} OverSpecial;

/* One aggregate call of an OverAggregate. */
typedef struct OverCall {
    OverSpecial special;
    const AggFn *fn;   /* OVER_AGG */
    int nargs;
    const int *args;   /* input columns */
    uint32_t offset;   /* where its fixed part is in an accumulator record */
    OverFrame frame;
} OverCall;

typedef enum OverMode {
    OVER_ROWTIME,  /* streaming, ordered by a rowtime: rows wait for the watermark */
    OVER_PROCTIME, /* streaming, ordered by a proctime: rows are processed as they come */
    OVER_BATCH,    /* BATCH: the input is sorted by the partition keys, then the order keys */
} OverMode;

/* OverAggregate: output columns are the input's, then one per call. */
typedef struct OverPlan {
    OverMode mode;
    int nin;                 /* input columns */
    const Type *const *in_types;
    int npart;
    const int *part;         /* input columns of the partition keys */
    int order;               /* input column of the (first) order key; -1 none */
    bool desc;               /* ordered descending (BATCH only) */
    int norder;
    const int *orders;       /* every order key (peers are equal on all of them) */
    const Type *key_type;    /* the partition key as a state type */
    const Type *row_type;    /* ROW of the input's columns (state element type) */
    int ncalls;
    const OverCall *calls;
    uint32_t rec_size;       /* bytes of an accumulator record (all calls) */
    bool unbounded;          /* streaming: every call is UNBOUNDED PRECEDING .. CURRENT ROW */
    int64_t keep;            /* streaming bounded: ROWS: the preceding rows kept; RANGE: the distance */
} OverPlan;
extern const OpVtab eddy__op_over_agg;

#endif
