/*
 * agg_single.c -- SINGLE_VALUE, the aggregate a scalar subquery runs under
 * (Calcite's SINGLE_VALUE, Flink's SingleValueAggFunction): the value of
 * the one row the query gives, NULL when it gives none, and the runtime
 * error "SingleValueAggFunction received more than one element." when it
 * gives more.
 *
 * The fixed part is the number of rows accumulated (Flink's `count`, an
 * INT); the value itself -- of any type, NULL included -- is kept in map
 * view 0 under the empty key, tagged (eddy__agg_enc_tagged), and is absent
 * while the value is NULL. The rules are Flink's declarative expressions,
 * step for step:
 *
 *   accumulate  value = count > 0 ? error : arg;   count += 1
 *   retract     value = count in (0, 1) ? NULL : error;   count -= 1
 *   merge       total = count + other.count
 *               value = total > 1 ? error
 *                     : total == 0 ? (count == 0 || other.count > 0 ? other.value : NULL)
 *                     : other.value
 *               count = total
 */
#include "expr/agg_int.h"

typedef struct SingleAcc {
    int32_t count;
} SingleAcc;

static const char SINGLE_ERROR[] = "SingleValueAggFunction received more than one element.";

static eddy_status more_than_one(AggCtx *cx) { return eddy__err(cx->err, EDDY_E_RUNTIME, "%s", SINGLE_ERROR); }

static eddy_status single_init(const AggFn *fn, AggCtx *cx, void *acc) {
    (void)fn;
    ((SingleAcc *)((char *)acc + cx->acc_offset))->count = 0;
    return EDDY_OK;
}

/* Sets the kept value of acc (a fixed-part pointer) to v[r], or to NULL when
 * v is NULL. */
static eddy_status set_value(AggCtx *cx, void *acc, const Vector *v, uint32_t r) {
    if (!v || vec_is_null(v, r)) return agg_map_remove(cx, acc, 0, "", 0);
    cx->key.len = 0;
    eddy__agg_enc_tagged(&cx->key, v, r);
    if (cx->key.failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    return agg_map_put(cx, acc, 0, "", 0, cx->key.data, cx->key.len);
}

static eddy_status single_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                              void *const *accs) {
    (void)fn;
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        SingleAcc *a = FX(accs[i]);
        if (a->count > 0) return more_than_one(cx);
        eddy_status rc = set_value(cx, FX(accs[i]), args[0], rows ? rows[i] : i);
        if (rc) return rc;
        a->count++;
    }
    return EDDY_OK;
}

static eddy_status single_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                              void *const *accs) {
    (void)fn, (void)args, (void)rows;
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        SingleAcc *a = FX(accs[i]);
        if (a->count != 0 && a->count != 1) return more_than_one(cx);
        eddy_status rc = set_value(cx, FX(accs[i]), NULL, 0);
        if (rc) return rc;
        a->count--;
    }
    return EDDY_OK;
}

/* Copies the kept value of src into dst (both fixed-part pointers). */
static eddy_status copy_value(AggCtx *cx, void *dst, void *src) {
    const void *val;
    size_t vn = 0;
    eddy_status rc = agg_map_get(cx, src, 0, "", 0, &val, &vn);
    if (rc) return rc;
    if (!val) return agg_map_remove(cx, dst, 0, "", 0);
    /* the pointer lives until the next callback: copy it first */
    cx->val.len = 0;
    eddy__buf_put(&cx->val, val, vn);
    if (cx->val.failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    return agg_map_put(cx, dst, 0, "", 0, cx->val.data, cx->val.len);
}

static eddy_status single_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    (void)fn;
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        SingleAcc *a = FX(dst[i]);
        const SingleAcc *b = FX(src[i]);
        int64_t total = (int64_t)a->count + b->count;
        eddy_status rc;
        if (total > 1) return more_than_one(cx);
        if (total == 0 && !(a->count == 0 || b->count > 0)) rc = agg_map_remove(cx, FX(dst[i]), 0, "", 0);
        else rc = copy_value(cx, FX(dst[i]), FX(src[i]));
        if (rc) return rc;
        a->count = (int32_t)total;
    }
    return EDDY_OK;
}

static eddy_status single_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out,
                                uint32_t first) {
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        const void *val;
        size_t vn = 0;
        eddy_status rc = agg_map_get(cx, FX(accs[i]), 0, "", 0, &val, &vn);
        if (rc) return rc;
        if (!val) {
            eddy__vec_set_null(out, first + i);
            continue;
        }
        if (!eddy__agg_dec_tagged(val, vn, out, first + i))
            return out->failed ? eddy__err(cx->err, EDDY_E_NOMEM, "out of memory") : eddy__agg_corrupt(cx, fn);
    }
    return EDDY_OK;
}

eddy_status eddy__agg_make_single_value(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    if (spec->nargs != 1) return eddy__err(err, EDDY_E_VALIDATION, "SINGLE_VALUE takes one argument.");
    static const AggViewKind kinds[] = {AGG_VIEW_MAP};
    fn->name = "SINGLE_VALUE";
    fn->result = eddy__type_with_nullable(a, fn->args[0], true);
    if (!fn->result) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    fn->acc_size = sizeof(SingleAcc);
    fn->acc_align = _Alignof(SingleAcc);
    fn->nviews = 1;
    fn->views = kinds;
    fn->flags = AGG_RETRACT | AGG_MERGE | AGG_ORDERED;
    fn->init = single_init;
    fn->accumulate = single_acc;
    fn->retract = single_ret;
    fn->merge = single_merge;
    fn->get_value = single_value;
    return EDDY_OK;
}
