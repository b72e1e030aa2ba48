/*
 * incremental_agg.c -- the final local phase of an IncrementalGroupAggregate.
 *
 * The planner runs an IncrementalGroupAggregate as two chained operators:
 * the partial GlobalGroupAggregate (keyed by the final keys and the buckets
 * of the DISTINCT arguments, with its mini-batches) and this one, a GA_LOCAL
 * mini-batch plan of the final calls keyed by the final keys. Each batch the
 * partial phase emits (the changes of one of its mini-batches) is folded at
 * once: per final key one row of accumulators, the merged change of all its
 * buckets in that mini-batch, which the final GlobalGroupAggregate merges.
 * So the final phase sees one row per final key and mini-batch, as with a
 * stateless incremental phase; the difference is only where the partial
 * accumulators live (here: the partial phase's keyed state).
 *
 * Everything but push is group_agg.c's mini-batch operator; its plan's
 * mb_size is unbounded, so rows wait only until the end of the batch.
 */
#include "runtime/ops/group_agg.h"

static eddy_status ia_open(Op *op) { return eddy__op_minibatch_group_agg.open(op); }

static eddy_status ia_push(Op *op, int input, Batch *b) {
    eddy_status rc = eddy__op_minibatch_group_agg.push_batch(op, input, b);
    return rc ? rc : eddy__op_minibatch_group_agg.finish(op);
}

static eddy_status ia_watermark(Op *op, int64_t wm) { return eddy__op_minibatch_group_agg.push_watermark(op, wm); }

static eddy_status ia_finish(Op *op) { return eddy__op_minibatch_group_agg.finish(op); }

static void ia_close(Op *op) { eddy__op_minibatch_group_agg.close(op); }

static eddy_status ia_snapshot(Op *op, int64_t checkpoint_id) {
    return eddy__op_minibatch_group_agg.snapshot(op, checkpoint_id);
}

const OpVtab eddy__op_incremental_agg = {.name = "IncrementalGroupAggregate",
                                         .open = ia_open,
                                         .push_batch = ia_push,
                                         .push_watermark = ia_watermark,
                                         .finish = ia_finish,
                                         .close = ia_close,
                                         .snapshot = ia_snapshot};
