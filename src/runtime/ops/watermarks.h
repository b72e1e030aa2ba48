/*
 * watermarks.h -- the timestamps-and-watermarks operator of
 * DataStream.assignTimestampsAndWatermarks: the strategy it runs (a copy of
 * the API's eddy_watermark_strategy) and its vtab.
 */
#ifndef EDDY_OPS_WATERMARKS_H
#define EDDY_OPS_WATERMARKS_H

#include "runtime/ops/ops.h"

typedef enum WmKind {
    WM_NONE,    /* noWatermarks() */
    WM_BOUNDED, /* forBoundedOutOfOrderness (forMonotonousTimestamps: bound 0) */
    WM_CUSTOM   /* forGenerator */
} WmKind;

typedef struct WmSpec {
    WmKind kind;
    int64_t bound;   /* WM_BOUNDED: max out-of-orderness (ms) */
    int64_t idle_ms; /* withIdleness timeout; 0: none */
    eddy_timestamp_assigner_fn assign; /* NULL: keep the record's timestamp */
    void *assign_ctx;
    eddy_watermark_generator_fn gen; /* WM_CUSTOM */
    void *gen_ctx;
} WmSpec;

typedef struct WatermarkPlan {
    WmSpec spec;
    const Type *type; /* record type (input = output) */
} WatermarkPlan;
extern const OpVtab eddy__op_watermarks;

#endif
