/*
 * watermarks.h -- the timestamps-and-watermarks operator of
 * DataStream.assignTimestampsAndWatermarks: the strategy it runs (a copy of
 * the API's eddy_watermark_strategy) and its vtab; and the non-keyed
 * ProcessFunction, the other event-time callback of plain streams.
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

/* DataStream.process(ProcessFunction) (stream_process.c): a user callback
 * per element with a context (record timestamp, watermark, processing
 * time), no keyed state or timers. */
typedef struct StreamProcessPlan {
    const Type *in_type;
    eddy_process_fn fn;
    void *ctx;
} StreamProcessPlan;
extern const OpVtab eddy__op_stream_process;

/* An OutputTag: side output `id` (> 0, unique per env) of records of
 * `type`. Immutable, in the env's arena. */
struct eddy_output_tag {
    const void *env;
    int id;
    const char *name;
    const Type *type;
    int ncols;
    const Type *const *col_types;
};

/* getSideOutput(tag): forwards the side output it is connected to. */
extern const OpVtab eddy__op_side_output;

/* A user callback of these operators returned rc: keep the message it
 * set, else name the callback (`what`: "timestamp assigner") and the
 * operator. Returns the status to fail the job with. */
static inline eddy_status eddy__op_callback_failed(Op *op, eddy_status rc, const char *what) {
    if (rc == EDDY_ROW || rc == EDDY_DONE) rc = EDDY_E_UDF;
    if (!eddy__err_is_set(eddy__op_err(op)))
        eddy__op_fail(op, rc, "The %s of operator '%s' failed (%s).", what, op->node->name, eddy_status_name(rc));
    return rc;
}

#endif
