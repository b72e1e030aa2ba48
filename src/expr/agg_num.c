/*
 * agg_num.c -- the numeric aggregates, all kept inline in the fixed part:
 * COUNT(*) and COUNT(x), SUM (and its retracting form), SUM0 ($SUM0), AVG,
 * and the variance family STDDEV_POP / STDDEV_SAMP / VAR_POP / VAR_SAMP
 * (STDDEV and VARIANCE are the SAMP ones).
 *
 * Flink's rules, as its planner's declarative functions and its
 * AggregateReduceFunctionsRule define them:
 *  - COUNT counts rows (COUNT(*)) or non-NULL values; a retraction counts
 *    down (below zero when rows are taken back that never came).
 *  - SUM keeps the argument's type (TINYINT stays TINYINT and wraps like
 *    Java arithmetic); DECIMAL(p, s) sums as DECIMAL(38, s). It is NULL
 *    until a non-NULL value comes. A DECIMAL overflow gives NULL, and the
 *    next value starts the sum again. With retraction it also counts the
 *    non-NULL values and is NULL when that count is 0; its DECIMAL + and -
 *    round to Flink's addition type (one digit less scale when s > 6) and
 *    cast back, as Flink's generated code does.
 *  - SUM0 starts at 0 and is never NULL, except after a DECIMAL overflow,
 *    which sticks.
 *  - AVG sums in BIGINT (integer types), DOUBLE (FLOAT, DOUBLE) or
 *    DECIMAL(38, s), counts non-NULL values, and divides at get_value: an
 *    integer AVG truncates (Java's long division) and narrows to its type;
 *    a DECIMAL AVG is DECIMAL(38, max(6, s)), divided as BigDecimal does
 *    with 38 digits HALF_UP, then set to the result scale HALF_UP.
 *  - The variance family is Welford's M2 with COUNT (Flink's WELFORD_M2
 *    rewrite): M2 / COUNT (POP) or M2 / (COUNT - 1) (SAMP, NULL for one
 *    value), SQRT for STDDEV, cast to the argument type (DECIMAL(38,
 *    max(6, s)) for DECIMAL). A negative M2 or count (unmatched retractions)
 *    gives NULL.
 */
#include <math.h>

#include "expr/agg_int.h"
#include "expr/functions.h"

/* ---- reading argument values ------------------------------------------------------------- */

/* Loops over the rows, skipping NULLs, with x the value read as type T (as
 * S); BODY uses i, x and FX(accs[i]). Constant vectors read slot 0. */
#define ARG_LOOP(T, S, v, BODY)                                                                   \
    do {                                                                                          \
        const T *d_ = VEC_DATA(v, T);                                                             \
        uint32_t m_ = (v)->is_const ? 0 : ~0u;                                                    \
        const uint8_t *val_ = (v)->valid;                                                         \
        if (!val_) {                                                                              \
            for (uint32_t i = 0; i < n; i++) {                                                    \
                S x = (S)d_[rows[i] & m_];                                                        \
                BODY;                                                                             \
            }                                                                                     \
        } else {                                                                                  \
            for (uint32_t i = 0; i < n; i++) {                                                    \
                uint32_t r_ = rows[i] & m_;                                                       \
                if (!(val_[r_ >> 3] & (1u << (r_ & 7)))) continue;                                \
                S x = (S)d_[r_];                                                                  \
                BODY;                                                                             \
            }                                                                                     \
        }                                                                                         \
    } while (0)

/* The same over any integer width, x an int64_t. */
#define INT_ARG_LOOP(v, BODY)                                                                     \
    do {                                                                                          \
        switch ((PhysKind)(v)->phys) {                                                            \
        case PH_I8: ARG_LOOP(int8_t, int64_t, v, BODY); break;                                    \
        case PH_I16: ARG_LOOP(int16_t, int64_t, v, BODY); break;                                  \
        case PH_I32: ARG_LOOP(int32_t, int64_t, v, BODY); break;                                  \
        default: ARG_LOOP(int64_t, int64_t, v, BODY); break;                                      \
        }                                                                                         \
    } while (0)

/* Java's wrapping long arithmetic. */
static inline int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t wrap_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }

/* Writes an int64 into an integer output slot, narrowing as Java's casts. */
static inline void put_int(Vector *out, uint32_t slot, int64_t x) {
    switch ((PhysKind)out->phys) {
    case PH_I8: VEC_DATA(out, int8_t)[slot] = (int8_t)x; break;
    case PH_I16: VEC_DATA(out, int16_t)[slot] = (int16_t)x; break;
    case PH_I32: VEC_DATA(out, int32_t)[slot] = (int32_t)x; break;
    default: VEC_DATA(out, int64_t)[slot] = x; break;
    }
    agg_out_valid(out, slot);
}

static const Type *first_arg(const AggSpec *spec) { return spec->nargs > 0 ? spec->args[0] : NULL; }

static eddy_status need_args(const AggSpec *spec, const char *what, int n, EdErr *err) {
    if (spec->nargs != n)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting %d arguments",
                         what, n);
    return EDDY_OK;
}

/* ---- COUNT --------------------------------------------------------------------------------- */

typedef struct CountAcc {
    int64_t count;
} CountAcc;

static eddy_status count_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    ((CountAcc *)acc)->count = 0;
    return EDDY_OK;
}

static inline eddy_status count_update(const AggFn *fn, Vector *const *args, const uint32_t *rows, uint32_t n,
                                       void *const *accs, int64_t delta, size_t off) {
    const Vector *v = fn->nargs ? args[0] : NULL;
    if (!v || !v->valid) {
        for (uint32_t i = 0; i < n; i++) ((CountAcc *)FX(accs[i]))->count += delta;
        return EDDY_OK;
    }
    for (uint32_t i = 0; i < n; i++)
        if (!vec_is_null(v, rows[i])) ((CountAcc *)FX(accs[i]))->count += delta;
    return EDDY_OK;
}

static eddy_status count_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                             void *const *accs) {
    (void)cx;
    return count_update(fn, args, rows, n, accs, 1, cx->acc_offset);
}

static eddy_status count_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                             void *const *accs) {
    (void)cx;
    return count_update(fn, args, rows, n, accs, -1, cx->acc_offset);
}

static eddy_status count_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)fn, (void)cx;
    for (uint32_t i = 0; i < n; i++) ((CountAcc *)FX(dst[i]))->count += ((const CountAcc *)FX(src[i]))->count;
    return EDDY_OK;
}

static eddy_status count_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    (void)fn, (void)cx;
    for (uint32_t i = 0; i < n; i++) put_int(out, first + i, ((const CountAcc *)FX(accs[i]))->count);
    return EDDY_OK;
}

eddy_status eddy__agg_make_count(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    (void)a;
    if (spec->nargs > 1) return eddy__err(err, EDDY_E_TABLE, "We now only support the count of one field.");
    if (spec->star && spec->nargs) return eddy__err(err, EDDY_E_INTERNAL, "COUNT(*) takes no argument");
    fn->name = "COUNT";
    fn->result = eddy__type_basic(TY_BIGINT, false);
    fn->acc_size = sizeof(CountAcc);
    fn->acc_align = _Alignof(CountAcc);
    fn->flags = AGG_RETRACT | AGG_MERGE;
    fn->init = count_init;
    fn->accumulate = count_acc;
    fn->retract = count_ret;
    fn->merge = count_merge;
    fn->get_value = count_value;
    return EDDY_OK;
}

/* ---- SUM, SUM0 ----------------------------------------------------------------------------- */

typedef enum NumKind { NK_INT, NK_FLOAT, NK_DOUBLE, NK_DEC } NumKind;
typedef enum SumVariant { SV_SUM, SV_SUM_RETRACT, SV_SUM0 } SumVariant;

/* The fixed part: the sum (8 bytes; DECIMAL 16), then the tail. Without
 * retraction the tail's count is not there: acc_size stops after `has`. */
typedef struct SumTail {
    uint8_t has;   /* the sum is not NULL */
    int64_t count; /* SV_SUM_RETRACT: non-NULL values */
} SumTail;

typedef struct SumData {
    NumKind kind;
    SumVariant variant;
    int arg_scale;   /* DECIMAL: the argument's (and the sum's) scale */
    int plus_scale;  /* DECIMAL, SV_SUM_RETRACT: the scale of Flink's + / - before the cast back */
} SumData;

static NumKind num_kind(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_FLOAT: return NK_FLOAT;
    case TY_DOUBLE: return NK_DOUBLE;
    case TY_DECIMAL: return NK_DEC;
    default: return NK_INT;
    }
}

/* Bytes of the value at the start of a SUM / AVG / MIN / MAX fixed part. */
static inline size_t value_width(NumKind k) { return k == NK_DEC ? 16 : 8; }

static inline SumTail *sum_tail(void *acc, NumKind k) { return (SumTail *)((char *)acc + value_width(k)); }

/* DECIMAL(38, s) + or - with the overflow rules of Flink's aggDecimalPlus
 * (scale kept) or, when plus_scale < s, of its plain + / - (rounded HALF_UP
 * to plus_scale, then cast back to scale s). False when the result is NULL. */
static bool dec_add(ed_i128 x, ed_i128 y, bool minus, int s, int plus_scale, ed_i128 *out) {
    ed_i128 z;
    if (minus ? __builtin_sub_overflow(x, y, &z) : __builtin_add_overflow(x, y, &z)) return false;
    if (plus_scale < s) {
        ed_i128 r;
        if (!eddy__decimal_rescale(z, s, plus_scale, 38, &r)) return false;
        z = r * eddy__pow10_i128(s - plus_scale);
    }
    if (!eddy__decimal_fits(z, 38)) return false;
    *out = z;
    return true;
}

static eddy_status sum_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)cx;
    const SumData *d = fn->data;
    memset(acc, 0, fn->acc_size);
    sum_tail(acc, d->kind)->has = d->variant == SV_SUM0;
    return EDDY_OK;
}

/* One non-NULL DECIMAL value into the sum s (sign -1: retract). */
static inline void sum_dec_one(const SumData *d, ed_i128 *s, ed_i128 x, int sign) {
    SumTail *t = sum_tail(s, NK_DEC);
    ed_i128 z;
    switch (d->variant) {
    case SV_SUM:
        if (!t->has) {
            *s = x;
            t->has = 1;
        } else if (dec_add(*s, x, false, d->arg_scale, d->arg_scale, &z)) {
            *s = z;
        } else {
            t->has = 0; /* overflow: NULL, and the next value starts again */
        }
        break;
    case SV_SUM_RETRACT:
        if (!t->has) {
            *s = sign > 0 ? x : -x;
            t->has = 1;
        } else if (dec_add(*s, x, sign < 0, d->arg_scale, d->plus_scale, &z)) {
            *s = z;
        } else {
            t->has = 0;
        }
        t->count += sign;
        break;
    case SV_SUM0:
        if (!t->has) break; /* NULL + x stays NULL */
        if (dec_add(*s, x, sign < 0, d->arg_scale, d->arg_scale, &z)) *s = z;
        else t->has = 0;
        break;
    }
}

/* FLOAT / DOUBLE: IF(sum IS NULL, x, sum + x) in the sum's own precision
 * (SUM0 is never NULL). */
#define FP_SUM(T)                                                                                   \
    ARG_LOOP(T, T, v, {                                                                             \
        T *s = FX(accs[i]);                                                                         \
        SumTail *t = sum_tail(s, d->kind);                                                          \
        *s = t->has ? (sign > 0 ? *s + x : *s - x) : (sign > 0 ? x : -x);                           \
        t->has = 1;                                                                                 \
        if (counted) t->count += sign;                                                              \
    })

static inline eddy_status sum_update(const AggFn *fn, Vector *const *args, const uint32_t *rows, uint32_t n,
                                     void *const *accs, int sign, size_t off) {
    const SumData *d = fn->data;
    const Vector *v = args[0];
    bool counted = d->variant == SV_SUM_RETRACT;
    switch (d->kind) {
    case NK_INT:
        /* wrapping in 64 bits and narrowing at the end equals Java's
         * wrapping in the argument's width */
        if (sign > 0 && !counted) {
            INT_ARG_LOOP(v, {
                int64_t *s = FX(accs[i]);
                *s = wrap_add(*s, x);
                ((SumTail *)(s + 1))->has = 1;
            });
        } else {
            INT_ARG_LOOP(v, {
                int64_t *s = FX(accs[i]);
                SumTail *t = (SumTail *)(s + 1);
                *s = sign > 0 ? wrap_add(*s, x) : wrap_sub(*s, x);
                t->has = 1;
                if (counted) t->count += sign;
            });
        }
        break;
    case NK_FLOAT: FP_SUM(float); break;
    case NK_DOUBLE: FP_SUM(double); break;
    case NK_DEC: ARG_LOOP(ed_i128, ed_i128, v, sum_dec_one(d, FX(accs[i]), x, sign)); break;
    }
    return EDDY_OK;
}

static eddy_status sum_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    (void)cx;
    return sum_update(fn, args, rows, n, accs, 1, cx->acc_offset);
}

static eddy_status sum_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    (void)cx;
    return sum_update(fn, args, rows, n, accs, -1, cx->acc_offset);
}

static eddy_status sum_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)cx;
    const SumData *d = fn->data;
    size_t vw = value_width(d->kind);
    for (uint32_t i = 0; i < n; i++) {
        SumTail *a = sum_tail(FX(dst[i]), d->kind);
        const SumTail *b = sum_tail(FX(src[i]), d->kind);
        if (d->variant == SV_SUM_RETRACT) a->count += b->count;
        if (d->variant == SV_SUM0) {
            /* plus(sum0, other): NULL when either is */
            if (!b->has) a->has = 0;
            if (!a->has) continue;
        } else {
            if (!b->has) continue;
            if (!a->has) {
                memcpy(FX(dst[i]), FX(src[i]), vw);
                a->has = 1;
                continue;
            }
        }
        switch (d->kind) {
        case NK_INT: *(int64_t *)FX(dst[i]) = wrap_add(*(int64_t *)FX(dst[i]), *(const int64_t *)FX(src[i])); break;
        case NK_FLOAT: *(float *)FX(dst[i]) += *(const float *)FX(src[i]); break;
        case NK_DOUBLE: *(double *)FX(dst[i]) += *(const double *)FX(src[i]); break;
        case NK_DEC: {
            int ps = d->variant == SV_SUM_RETRACT ? d->plus_scale : d->arg_scale;
            ed_i128 z;
            if (dec_add(*(ed_i128 *)FX(dst[i]), *(const ed_i128 *)FX(src[i]), false, d->arg_scale, ps, &z)) *(ed_i128 *)FX(dst[i]) = z;
            else a->has = 0;
            break;
        }
        }
    }
    return EDDY_OK;
}

/* Writes the value at the start of a fixed part (of kind k) into out[slot]. */
static void put_num(Vector *out, uint32_t slot, NumKind k, const void *v) {
    switch (k) {
    case NK_INT: put_int(out, slot, *(const int64_t *)v); return;
    case NK_FLOAT: VEC_DATA(out, float)[slot] = *(const float *)v; break;
    case NK_DOUBLE: VEC_DATA(out, double)[slot] = *(const double *)v; break;
    case NK_DEC: VEC_DATA(out, ed_i128)[slot] = *(const ed_i128 *)v; break;
    }
    agg_out_valid(out, slot);
}

static eddy_status sum_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    (void)cx;
    const SumData *d = fn->data;
    for (uint32_t i = 0; i < n; i++) {
        const SumTail *t = sum_tail(FX(accs[i]), d->kind);
        if (!t->has || (d->variant == SV_SUM_RETRACT && t->count == 0)) eddy__vec_set_null(out, first + i);
        else put_num(out, first + i, d->kind, FX(accs[i]));
    }
    return EDDY_OK;
}

/* SUM / SUM0's result type: the argument's, DECIMAL(38, s) for DECIMAL. */
static eddy_status sum_type(Arena *a, const AggSpec *spec, const char *what, bool nullable, const Type **out,
                            EdErr *err) {
    eddy_status rc = need_args(spec, what, 1, err);
    if (rc) return rc;
    const Type *t = first_arg(spec);
    if (!eddy__type_is_numeric(t)) return eddy__agg_type_error(err, what, t);
    *out = t->root == TY_DECIMAL ? eddy__type_decimal(a, 38, t->scale, nullable)
                                 : eddy__type_basic((TypeRoot)t->root, nullable);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status make_sum(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err, SumVariant variant) {
    const char *what = variant == SV_SUM0 ? "Sum0" : variant == SV_SUM ? "Sum" : "Sum with retract";
    eddy_status rc = sum_type(a, spec, what, variant != SV_SUM0, &fn->result, err);
    if (rc) return rc;
    SumData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    const Type *t = first_arg(spec);
    d->kind = num_kind(t);
    d->variant = variant;
    if (d->kind == NK_DEC) {
        d->arg_scale = t->scale;
        /* findAdditionDecimalType(38, s, p, s), adjusted to 38 digits */
        const Type *pt = eddy__decimal_add_type(a, 38, t->scale, t->precision, t->scale, true);
        if (!pt) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        d->plus_scale = pt->scale;
    }
    fn->name = variant == SV_SUM0 ? "$SUM0" : "SUM";
    size_t vw = value_width(d->kind);
    fn->acc_size = (uint32_t)(vw + (variant == SV_SUM_RETRACT ? sizeof(SumTail) : offsetof(SumTail, has) + 1));
    fn->acc_align = (uint32_t)vw;
    fn->flags = AGG_MERGE | (variant != SV_SUM ? AGG_RETRACT : 0);
    fn->init = sum_init;
    fn->accumulate = sum_acc;
    fn->retract = variant != SV_SUM ? sum_ret : NULL;
    fn->merge = sum_merge;
    fn->get_value = sum_value;
    fn->data = d;
    return EDDY_OK;
}

eddy_status eddy__agg_make_sum(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    return make_sum(a, spec, fn, err, spec->retract ? SV_SUM_RETRACT : SV_SUM);
}

eddy_status eddy__agg_make_sum0(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    return make_sum(a, spec, fn, err, SV_SUM0);
}

/* ---- AVG ----------------------------------------------------------------------------------- */

/* The fixed part: the sum (BIGINT or DOUBLE in 8 bytes, DECIMAL in 16),
 * then the tail (null_sum for DECIMAL only). */
typedef struct AvgTail {
    int64_t count;
    uint8_t null_sum; /* DECIMAL: the sum overflowed (NULL) */
} AvgTail;

typedef struct AvgData {
    NumKind kind;
    int arg_scale;
    int res_scale; /* DECIMAL */
} AvgData;

static inline AvgTail *avg_tail(void *acc, NumKind k) { return (AvgTail *)((char *)acc + value_width(k)); }

static eddy_status avg_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)cx;
    memset(acc, 0, fn->acc_size);
    return EDDY_OK;
}

static inline void avg_dec_one(const AvgData *d, ed_i128 *s, ed_i128 x, int sign) {
    AvgTail *t = avg_tail(s, NK_DEC);
    if (!t->null_sum) {
        ed_i128 z;
        if (dec_add(*s, x, sign < 0, d->arg_scale, d->arg_scale, &z)) *s = z;
        else t->null_sum = 1;
    }
    t->count += sign;
}

static inline eddy_status avg_update(const AggFn *fn, Vector *const *args, const uint32_t *rows, uint32_t n,
                                     void *const *accs, int sign, size_t off) {
    const AvgData *d = fn->data;
    const Vector *v = args[0];
    switch (d->kind) {
    case NK_INT:
        INT_ARG_LOOP(v, {
            int64_t *s = FX(accs[i]);
            *s = sign > 0 ? wrap_add(*s, x) : wrap_sub(*s, x);
            ((AvgTail *)(s + 1))->count += sign;
        });
        break;
    case NK_FLOAT:
        ARG_LOOP(float, double, v, {
            double *s = FX(accs[i]);
            *s += sign > 0 ? x : -x;
            ((AvgTail *)(s + 1))->count += sign;
        });
        break;
    case NK_DOUBLE:
        ARG_LOOP(double, double, v, {
            double *s = FX(accs[i]);
            *s += sign > 0 ? x : -x;
            ((AvgTail *)(s + 1))->count += sign;
        });
        break;
    case NK_DEC: ARG_LOOP(ed_i128, ed_i128, v, avg_dec_one(d, FX(accs[i]), x, sign)); break;
    }
    return EDDY_OK;
}

static eddy_status avg_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    (void)cx;
    return avg_update(fn, args, rows, n, accs, 1, cx->acc_offset);
}

static eddy_status avg_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    (void)cx;
    return avg_update(fn, args, rows, n, accs, -1, cx->acc_offset);
}

static eddy_status avg_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)cx;
    const AvgData *d = fn->data;
    for (uint32_t i = 0; i < n; i++) {
        AvgTail *a = avg_tail(FX(dst[i]), d->kind);
        const AvgTail *b = avg_tail(FX(src[i]), d->kind);
        a->count += b->count;
        switch (d->kind) {
        case NK_INT: *(int64_t *)FX(dst[i]) = wrap_add(*(int64_t *)FX(dst[i]), *(const int64_t *)FX(src[i])); break;
        case NK_FLOAT:
        case NK_DOUBLE: *(double *)FX(dst[i]) += *(const double *)FX(src[i]); break;
        case NK_DEC: {
            ed_i128 z;
            if (a->null_sum || b->null_sum ||
                !dec_add(*(ed_i128 *)FX(dst[i]), *(const ed_i128 *)FX(src[i]), false, d->arg_scale, d->arg_scale, &z))
                a->null_sum = 1;
            else *(ed_i128 *)FX(dst[i]) = z;
            break;
        }
        }
    }
    return EDDY_OK;
}

/* Decimal digits of |v| (0 for 0). */
static int digits_of(ed_u128 v) {
    int k = 0;
    while (v) {
        v /= 10;
        k++;
    }
    return k;
}

/* num * 10^-num_scale / den as BigDecimal.divide(MathContext(38, HALF_UP))
 * then setScale(out_scale, HALF_UP) and a 38-digit precision check (false:
 * NULL). Long division digit by digit: the quotient's digits are generated
 * until 38 significant ones and the next are known (or the division ends). */
static bool dec_div_long(ed_i128 num, int num_scale, int64_t den, int out_scale, ed_i128 *out) {
    if (den == 0) return false;
    bool neg = (num < 0) != (den < 0);
    ed_u128 n = num < 0 ? (ed_u128)0 - (ed_u128)num : (ed_u128)num;
    ed_u128 dd = den < 0 ? (ed_u128)0 - (ed_u128)(ed_i128)den : (ed_u128)den;
    /* digits[] holds the quotient of n / dd (integer digits first), point
     * after `ip` digits; the value is that times 10^-num_scale */
    enum { MAXD = 160 };
    uint8_t dg[MAXD];
    int nd = 0;
    ed_u128 q = n / dd, rem = n % dd;
    int ip = digits_of(q);
    for (int k = ip - 1; k >= 0; k--) {
        ed_u128 p = 1;
        for (int j = 0; j < k; j++) p *= 10;
        dg[nd++] = (uint8_t)(q / p % 10);
    }
    /* the first significant digit: in the integer part, or in the fraction */
    int first_sig = -1;
    for (int k = 0; k < nd; k++)
        if (dg[k]) {
            first_sig = k;
            break;
        }
    bool exact = rem == 0;
    /* enough fraction digits for 38 significant digits plus one, and for
     * the output scale plus one */
    int last_needed = ip - 1 + out_scale - num_scale; /* the 10^-out_scale digit, before any carry */
    while (!exact && nd < MAXD) {
        int have_sig = first_sig < 0 ? 0 : nd - first_sig;
        if (have_sig >= 39 && nd >= last_needed + 2) break;
        rem *= 10;
        uint8_t dgt = (uint8_t)(rem / dd);
        rem %= dd;
        if (first_sig < 0 && dgt) first_sig = nd;
        dg[nd++] = dgt;
        exact = rem == 0;
    }
    if (first_sig < 0) {
        *out = 0;
        return true;
    }
    /* first rounding: to 38 significant digits, HALF_UP */
    int keep = first_sig + 38;
    if (keep < nd) {
        bool up = dg[keep] >= 5;
        nd = keep;
        for (int k = nd - 1; up && k >= 0; k--) {
            if (dg[k] == 9) {
                dg[k] = 0;
            } else {
                dg[k]++;
                up = false;
            }
        }
        if (up) {
            /* 99..9 rounded up: one more integer digit */
            memmove(dg + 1, dg, (size_t)nd);
            dg[0] = 1;
            nd++;
            ip++;
        }
    }
    /* the digit positions relative to the decimal point of the real value:
     * digit k has weight 10^(ip - 1 - k - num_scale); keep those with
     * weight >= 10^-out_scale, round HALF_UP at the next */
    int last = ip - 1 + out_scale - num_scale; /* index of the 10^-out_scale digit */
    ed_i128 v = 0;
    for (int k = 0; k <= last && k < nd; k++) {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, dg[k], &v)) return false;
    }
    for (int k = nd; k <= last; k++)
        if (__builtin_mul_overflow(v, 10, &v)) return false;
    if (last + 1 < nd && last + 1 >= 0 && dg[last + 1] >= 5) v++;
    if (!eddy__decimal_fits(v, 38)) return false;
    *out = neg ? -v : v;
    return true;
}

static eddy_status avg_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    (void)cx;
    const AvgData *d = fn->data;
    for (uint32_t i = 0; i < n; i++) {
        const AvgTail *a = avg_tail(FX(accs[i]), d->kind);
        uint32_t slot = first + i;
        if (a->count == 0) {
            eddy__vec_set_null(out, slot);
            continue;
        }
        switch (d->kind) {
        case NK_INT: {
            /* Java's long division (Long.MIN_VALUE / -1 stays MIN_VALUE) */
            int64_t sum = *(const int64_t *)FX(accs[i]);
            int64_t q = a->count == -1 ? (int64_t)(0 - (uint64_t)sum) : sum / a->count;
            put_int(out, slot, q);
            break;
        }
        case NK_FLOAT:
            VEC_DATA(out, float)[slot] = (float)(*(const double *)FX(accs[i]) / (double)a->count);
            agg_out_valid(out, slot);
            break;
        case NK_DOUBLE:
            VEC_DATA(out, double)[slot] = *(const double *)FX(accs[i]) / (double)a->count;
            agg_out_valid(out, slot);
            break;
        case NK_DEC: {
            ed_i128 z;
            if (a->null_sum || !dec_div_long(*(const ed_i128 *)FX(accs[i]), d->arg_scale, a->count, d->res_scale, &z)) {
                eddy__vec_set_null(out, slot);
            } else {
                VEC_DATA(out, ed_i128)[slot] = z;
                agg_out_valid(out, slot);
            }
            break;
        }
        }
    }
    return EDDY_OK;
}

/* AVG's (and the variance family's) result type: the argument's, and
 * DECIMAL(38, max(6, s)) for DECIMAL (LogicalTypeMerging.findAvgAggType). */
static eddy_status avg_type(Arena *a, const AggSpec *spec, const char *what, const Type **out, EdErr *err) {
    eddy_status rc = need_args(spec, what, 1, err);
    if (rc) return rc;
    const Type *t = first_arg(spec);
    if (!eddy__type_is_numeric(t)) return eddy__agg_type_error(err, what, t);
    *out = t->root == TY_DECIMAL ? eddy__type_decimal(a, 38, ED_MAX(6, t->scale), true)
                                 : eddy__type_basic((TypeRoot)t->root, true);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

eddy_status eddy__agg_make_avg(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    eddy_status rc = avg_type(a, spec, "Avg", &fn->result, err);
    if (rc) return rc;
    AvgData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->kind = num_kind(first_arg(spec));
    d->arg_scale = first_arg(spec)->scale;
    d->res_scale = fn->result->scale;
    fn->name = "AVG";
    size_t vw = value_width(d->kind);
    fn->acc_size = (uint32_t)(vw + (d->kind == NK_DEC ? sizeof(AvgTail) : sizeof(int64_t)));
    fn->acc_align = (uint32_t)vw;
    fn->flags = AGG_RETRACT | AGG_MERGE;
    fn->init = avg_init;
    fn->accumulate = avg_acc;
    fn->retract = avg_ret;
    fn->merge = avg_merge;
    fn->get_value = avg_value;
    fn->data = d;
    return EDDY_OK;
}

/* ---- STDDEV / VARIANCE: Welford's M2 and COUNT ------------------------------------------------ */

typedef struct VarAcc {
    int64_t n;
    double mean, m2;
} VarAcc;

typedef struct VarData {
    bool pop, sqrt;
    const Type *arg;
} VarData;

static eddy_status var_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    memset(acc, 0, sizeof(VarAcc));
    return EDDY_OK;
}

/* DecimalDataUtils.doubleValue: the compact form (up to 18 digits) divides
 * the unscaled long, the others are BigDecimal.doubleValue. */
static double dec_double(ed_i128 v, const Type *t) {
    static const double p10[19] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8, 1e9,
                                   1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
    if (t->precision <= 18) return (double)(int64_t)v / p10[t->scale];
    return eddy__cast_dec_to_double(v, t->scale);
}

static inline void var_add(VarAcc *a, double x) {
    a->n += 1;
    if (a->n <= 0) return; /* keep counting with the outer COUNT */
    double delta = x - a->mean;
    a->mean += delta / (double)a->n;
    a->m2 += delta * (x - a->mean);
}

static inline void var_sub(VarAcc *a, double x) {
    a->n -= 1;
    if (a->n <= 0) {
        if (a->n == 0) a->mean = a->m2 = 0;
        return;
    }
    double delta2 = x - a->mean;
    a->mean -= delta2 / (double)a->n;
    a->m2 -= (x - a->mean) * delta2;
}

static inline eddy_status var_update(const AggFn *fn, Vector *const *args, const uint32_t *rows, uint32_t n,
                                     void *const *accs, bool add, size_t off) {
    const VarData *d = fn->data;
    const Vector *v = args[0];
#define VAR_ONE(x)                                                                                \
    do {                                                                                          \
        if (add) var_add(FX(accs[i]), (x));                                                           \
        else var_sub(FX(accs[i]), (x));                                                               \
    } while (0)
    switch ((PhysKind)v->phys) {
    case PH_F32: ARG_LOOP(float, double, v, VAR_ONE(x)); break;
    case PH_F64: ARG_LOOP(double, double, v, VAR_ONE(x)); break;
    case PH_I128: ARG_LOOP(ed_i128, ed_i128, v, VAR_ONE(dec_double(x, d->arg))); break;
    default: INT_ARG_LOOP(v, VAR_ONE((double)x)); break;
    }
#undef VAR_ONE
    return EDDY_OK;
}

static eddy_status var_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    (void)cx;
    return var_update(fn, args, rows, n, accs, true, cx->acc_offset);
}

static eddy_status var_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    (void)cx;
    return var_update(fn, args, rows, n, accs, false, cx->acc_offset);
}

static eddy_status var_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)fn, (void)cx;
    for (uint32_t i = 0; i < n; i++) {
        VarAcc *a = FX(dst[i]);
        const VarAcc *o = FX(src[i]);
        /* Flink's order: an accumulator with a count <= 0 only adds to the
         * count, after the others are combined */
        if (o->n <= 0) {
            a->n += o->n;
        } else if (a->n == 0) {
            *a = *o;
        } else {
            int64_t nn = a->n + o->n;
            double dm = o->mean - a->mean;
            double mean = a->mean + (double)o->n / (double)nn * dm;
            double m2 = a->m2 + o->m2 + (double)a->n * (double)o->n / (double)nn * dm * dm;
            a->n = nn;
            a->mean = mean;
            a->m2 = m2;
        }
        if (a->n <= 0) a->mean = a->m2 = 0;
    }
    return EDDY_OK;
}

static eddy_status var_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    (void)cx;
    const VarData *d = fn->data;
    for (uint32_t i = 0; i < n; i++) {
        const VarAcc *a = FX(accs[i]);
        uint32_t slot = first + i;
        /* M2 is NULL for n <= 0 or a negative m2; SAMP divides by NULL for one value */
        if (a->n <= 0 || a->m2 < 0 || (!d->pop && a->n == 1)) {
            eddy__vec_set_null(out, slot);
            continue;
        }
        double var = a->m2 / (double)(d->pop ? a->n : a->n - 1);
        double r = d->sqrt ? sqrt(var) : var;
        switch ((TypeRoot)fn->result->root) {
        case TY_FLOAT: VEC_DATA(out, float)[slot] = (float)r; break;
        case TY_DOUBLE: VEC_DATA(out, double)[slot] = r; break;
        case TY_DECIMAL: {
            ed_i128 z;
            if (!eddy__cast_dbl_to_dec(r, fn->result->precision, fn->result->scale, &z)) {
                eddy__vec_set_null(out, slot);
                continue;
            }
            VEC_DATA(out, ed_i128)[slot] = z;
            break;
        }
        default: put_int(out, slot, eddy__cast_dbl_to_long(r, (TypeRoot)fn->result->root)); continue;
        }
        agg_out_valid(out, slot);
    }
    return EDDY_OK;
}

eddy_status eddy__agg_make_stddev(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    const char *nm = spec->name;
    bool stddev = !strncmp(nm, "STDDEV", 6);
    bool pop = !strcmp(nm, "STDDEV_POP") || !strcmp(nm, "VAR_POP");
    fn->name = !strcmp(nm, "STDDEV") ? "STDDEV_SAMP" : !strcmp(nm, "VARIANCE") ? "VAR_SAMP" : nm;
    eddy_status rc = avg_type(a, spec, fn->name, &fn->result, err);
    if (rc) return rc;
    VarData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->pop = pop;
    d->sqrt = stddev;
    d->arg = fn->args[0];
    fn->acc_size = sizeof(VarAcc);
    fn->acc_align = _Alignof(VarAcc);
    fn->flags = AGG_RETRACT | AGG_MERGE | AGG_ORDERED; /* floating point: the order of rows shows in the last bits */
    fn->init = var_init;
    fn->accumulate = var_acc;
    fn->retract = var_ret;
    fn->merge = var_merge;
    fn->get_value = var_value;
    fn->data = d;
    return EDDY_OK;
}
