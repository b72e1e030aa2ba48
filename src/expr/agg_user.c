/*
 * agg_user.c -- the user's C aggregate functions (eddy_aggregate_function)
 * as AggFns, so operators run them like the built-in ones.
 *
 * The fixed part is the user's accumulator: acc_size bytes of plain data
 * (aligned to 16, zeroed, then the user's init), or, for a function with
 * create / destroy, the pointer create returned (AGG_HAS_DESTROY: the
 * operator calls destroy when the group goes). accumulate and retract call
 * the user once per row with the arguments as an eddy_row over the argument
 * vectors (no copy); get_value gives the user a one-field eddy_out and
 * copies the field into the output slot. A callback that fails without a
 * message gets "The aggregate function '<name>' failed (status N)."; every
 * failure is EDDY_E_UDF.
 */
#include "expr/agg_int.h"
#include "types/row.h"

typedef struct UdafData {
    const eddy_aggregate_function *f;
    const Type *params_row; /* ROW<arg0 T0, ...>: the eddy_row the callbacks see */
    const Type *result_row; /* ROW<result T> */
} UdafData;

static inline void *user_acc(const UdafData *d, void *acc) { return d->f->acc_size ? acc : *(void **)acc; }

/* The job's error for a callback that returned rc. */
static eddy_status failed(const AggFn *fn, AggCtx *cx, eddy_status rc) {
    if (!eddy__err_is_set(cx->err))
        return eddy__err(cx->err, EDDY_E_UDF, "The aggregate function '%s' failed (status %d).", fn->name, (int)rc);
    cx->err->code = EDDY_E_UDF;
    return EDDY_E_UDF;
}

static eddy_status udaf_init(const AggFn *fn, AggCtx *cx, void *acc) {
    const UdafData *d = fn->data;
    acc = (char *)acc + cx->acc_offset;
    eddy_agg_call call = {cx->err, fn->name};
    eddy_status rc;
    if (d->f->acc_size) {
        memset(acc, 0, d->f->acc_size);
        rc = d->f->init ? d->f->init(d->f->ctx, &call, acc) : EDDY_OK;
    } else {
        void *p = NULL;
        rc = d->f->create(d->f->ctx, &call, &p);
        if (!rc && !p) rc = eddy__err(cx->err, EDDY_E_UDF, "The aggregate function '%s' created no accumulator.", fn->name);
        *(void **)acc = rc ? NULL : p;
    }
    return rc ? failed(fn, cx, rc) : EDDY_OK;
}

static eddy_status udaf_rows(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                             void *const *accs, bool retract) {
    const UdafData *d = fn->data;
    eddy_agg_call call = {cx->err, fn->name};
    eddy_row row = {.type = d->params_row, .cols = args, .ncols = fn->nargs, .kind = RK_INSERT, .ts = TS_NONE,
                    .scratch = &cx->scratch};
    eddy_status (*cb)(void *, eddy_agg_call *, void *, const eddy_row *) = retract ? d->f->retract : d->f->accumulate;
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        row.idx = rows[i];
        eddy_status rc = cb(d->f->ctx, &call, user_acc(d, FX(accs[i])), &row);
        if (rc) return failed(fn, cx, rc);
    }
    eddy__arena_reset(&cx->scratch);
    return EDDY_OK;
}

static eddy_status udaf_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                            void *const *accs) {
    return udaf_rows(fn, cx, args, rows, n, accs, false);
}

static eddy_status udaf_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                            void *const *accs) {
    return udaf_rows(fn, cx, args, rows, n, accs, true);
}

static eddy_status udaf_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const UdafData *d = fn->data;
    eddy_agg_call call = {cx->err, fn->name};
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        eddy_status rc = d->f->merge(d->f->ctx, &call, user_acc(d, FX(dst[i])), user_acc(d, FX(src[i])));
        if (rc) return failed(fn, cx, rc);
    }
    return EDDY_OK;
}

static eddy_status drop_batch(void *ctx, Batch *b) {
    (void)ctx;
    eddy__batch_release(b);
    return EDDY_OK;
}

static eddy_status udaf_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const UdafData *d = fn->data;
    eddy_agg_call call = {cx->err, fn->name};
    const Type *rt = fn->result;
    const size_t off = cx->acc_offset;
    eddy_out o;
    /* one slot, reused for every group; its batch is dropped at the end */
    eddy__out_init(&o, d->result_row, 1, &rt, 1, drop_batch, NULL, cx->err);
    o.single = true;
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < n && !rc; i++) {
        if ((rc = eddy__out_begin(&o))) break;
        rc = d->f->get_value(d->f->ctx, &call, user_acc(d, FX(accs[i])), &o);
        if (rc) {
            rc = failed(fn, cx, rc);
            break;
        }
        eddy__out_seal(&o);
        if (!rt->nullable && vec_is_null(o.batch->cols[0], 0)) {
            rc = eddy__err(cx->err, EDDY_E_UDF, "The function '%s' returned NULL, but its result type is %s.", fn->name,
                           eddy__type_str(&cx->scratch, rt));
            break;
        }
        eddy__vec_copy_value(out, first + i, o.batch->cols[0], 0);
        o.open = false;
    }
    eddy__out_free(&o);
    eddy__arena_reset(&cx->scratch);
    if (!rc && out->failed) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    return rc;
}

static void udaf_destroy(const AggFn *fn, AggCtx *cx, void *acc) {
    const UdafData *d = fn->data;
    acc = (char *)acc + cx->acc_offset;
    void *p = *(void **)acc;
    if (p && d->f->destroy) d->f->destroy(d->f->ctx, p);
    *(void **)acc = NULL;
}

eddy_status eddy__agg_make_user(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    const Type *result = NULL;
    const eddy_aggregate_function *f = eddy__agg_user_spec(spec->user, &result);
    if (!f || !result) return eddy__err(err, EDDY_E_INTERNAL, "not a C aggregate function");
    UdafData *d = eddy__arena_alloc(a, sizeof *d);
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(spec->nargs + 1));
    if (!d || !names) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < spec->nargs; i++)
        if (!(names[i] = eddy__arena_printf(a, "arg%d", i))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    const char *rname = "result";
    d->f = f;
    d->params_row = eddy__type_row(a, spec->nargs, names, fn->args, false);
    d->result_row = eddy__type_row(a, 1, &rname, &result, false);
    if (!d->params_row || !d->result_row) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    fn->name = spec->user->name;
    fn->result = result;
    fn->acc_size = f->acc_size ? (uint32_t)f->acc_size : (uint32_t)sizeof(void *);
    fn->acc_align = f->acc_size ? 16 : (uint32_t)_Alignof(void *);
    /* the user's function may depend on the order of rows */
    fn->flags = AGG_ORDERED | (f->retract ? AGG_RETRACT : 0) | (f->merge ? AGG_MERGE : 0) |
                (f->acc_size ? 0 : AGG_HAS_DESTROY);
    fn->init = udaf_init;
    fn->accumulate = udaf_acc;
    fn->retract = f->retract ? udaf_ret : NULL;
    fn->merge = f->merge ? udaf_merge : NULL;
    fn->get_value = udaf_value;
    fn->destroy = f->acc_size ? NULL : udaf_destroy;
    fn->data = d;
    return EDDY_OK;
}
