/*
 * weighted_avg.h -- Flink's documented WeightedAvg aggregate function as a C
 * aggregate function (eddy.h only), shared by the API and the unit tests:
 * the sum of value * weight and the sum of the weights, the result their
 * quotient (BIGINT), NULL while the weights sum to 0; rows with a NULL are
 * skipped. It retracts and merges.
 */
#ifndef EDDY_TEST_WEIGHTED_AVG_H
#define EDDY_TEST_WEIGHTED_AVG_H

#include <eddy.h>

typedef struct WAcc {
    int64_t sum;
    int32_t count;
} WAcc;

static inline eddy_status w_update(void *acc, const eddy_row *args, int sign) {
    WAcc *a = acc;
    int64_t v;
    int32_t w;
    if (eddy_row_is_null(args, 0) || eddy_row_is_null(args, 1)) return EDDY_OK;
    eddy_row_get_long(args, 0, &v);
    eddy_row_get_int(args, 1, &w);
    a->sum += sign * v * w;
    a->count += sign * w;
    return EDDY_OK;
}

static inline eddy_status w_acc(void *ctx, eddy_agg_call *call, void *acc, const eddy_row *args) {
    (void)ctx, (void)call;
    return w_update(acc, args, 1);
}

static inline eddy_status w_ret(void *ctx, eddy_agg_call *call, void *acc, const eddy_row *args) {
    (void)ctx, (void)call;
    return w_update(acc, args, -1);
}

static inline eddy_status w_merge(void *ctx, eddy_agg_call *call, void *acc, const void *other) {
    (void)ctx, (void)call;
    WAcc *a = acc;
    const WAcc *o = other;
    a->sum += o->sum;
    a->count += o->count;
    return EDDY_OK;
}

static inline eddy_status w_value(void *ctx, eddy_agg_call *call, const void *acc, eddy_out *result) {
    (void)ctx, (void)call;
    const WAcc *a = acc;
    return a->count ? eddy_out_set_long(result, 0, a->sum / a->count) : EDDY_OK;
}

static inline eddy_aggregate_function wavg(void) {
    eddy_aggregate_function f = {EDDY_AGGREGATE_FUNCTION_VERSION, "BIGINT, INT", "BIGINT", sizeof(WAcc)};
    f.accumulate = w_acc;
    f.retract = w_ret;
    f.merge = w_merge;
    f.get_value = w_value;
    return f;
}

#endif
