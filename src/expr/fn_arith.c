/*
 * fn_arith.c -- arithmetic operators and math functions: + - * / % with
 * Flink's result types (integer arithmetic wraps like Java's, DECIMAL follows
 * LogicalTypeMerging, FLOAT/DOUBLE are IEEE), date/time/interval arithmetic,
 * and ABS, MOD, POWER, SQRT, EXP, LN, LOG, FLOOR, CEIL, ROUND, TRUNCATE,
 * SIGN, trigonometry, PI, E, RAND.
 */
#include <math.h>

#include "expr/functions.h"
#include "types/datetime.h"

/* ---- decimal helpers ------------------------------------------------------------ */

ed_i128 eddy__pow10_i128(int n) {
    static const uint64_t p64[19] = {1ULL,
                                     10ULL,
                                     100ULL,
                                     1000ULL,
                                     10000ULL,
                                     100000ULL,
                                     1000000ULL,
                                     10000000ULL,
                                     100000000ULL,
                                     1000000000ULL,
                                     10000000000ULL,
                                     100000000000ULL,
                                     1000000000000ULL,
                                     10000000000000ULL,
                                     100000000000000ULL,
                                     1000000000000000ULL,
                                     10000000000000000ULL,
                                     100000000000000000ULL,
                                     1000000000000000000ULL};
    if (n <= 0) return 1;
    if (n > 38) n = 38;
    ed_i128 r = 1;
    while (n > 18) {
        r *= (ed_i128)p64[18];
        n -= 18;
    }
    return r * (ed_i128)p64[n];
}

bool eddy__decimal_fits(ed_i128 v, int precision) {
    ed_i128 lim = eddy__pow10_i128(precision);
    return v < lim && v > -lim;
}

bool eddy__decimal_rescale(ed_i128 v, int from, int to, int precision, ed_i128 *out) {
    if (to > from) {
        ed_i128 m = eddy__pow10_i128(to - from), r;
        if (__builtin_mul_overflow(v, m, &r)) return false;
        v = r;
    } else if (to < from) {
        ed_i128 d = eddy__pow10_i128(from - to);
        ed_i128 q = v / d, rem = v % d;
        ed_i128 arem = rem < 0 ? -rem : rem;
        if (arem >= d - arem) q += v < 0 ? -1 : 1; /* HALF_UP; 2 * arem could pass 2^127 */
        v = q;
    }
    if (!eddy__decimal_fits(v, precision)) return false;
    *out = v;
    return true;
}

static const Type *adjust_decimal(Arena *a, int p, int s, bool nullable) {
    if (p <= TY_DECIMAL_MAX_PRECISION) return eddy__type_decimal(a, p, s, nullable);
    int digits = p - s;
    int min_scale = ED_MIN(s, 6);
    int adj = ED_MAX(TY_DECIMAL_MAX_PRECISION - digits, min_scale);
    return eddy__type_decimal(a, TY_DECIMAL_MAX_PRECISION, adj, nullable);
}

const Type *eddy__decimal_add_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable) {
    int s = ED_MAX(s1, s2);
    return adjust_decimal(a, ED_MAX(p1 - s1, p2 - s2) + s + 1, s, nullable);
}

const Type *eddy__decimal_mul_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable) {
    return adjust_decimal(a, p1 + p2 + 1, s1 + s2, nullable);
}

const Type *eddy__decimal_div_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable) {
    int s = ED_MAX(6, s1 + p2 + 1);
    return adjust_decimal(a, p1 - s1 + s2 + s, s, nullable);
}

const Type *eddy__decimal_mod_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable) {
    int s = ED_MAX(s1, s2);
    return adjust_decimal(a, ED_MIN(p1 - s1, p2 - s2) + s, s, nullable);
}

static void decimal_ps(const Type *t, int *p, int *s) {
    if (t->root == TY_DECIMAL) {
        *p = t->precision;
        *s = t->scale;
    } else {
        *p = eddy__type_int_digits((TypeRoot)t->root);
        *s = 0;
    }
}

/* ---- + - * / % -------------------------------------------------------------------- */

typedef enum ArithVariant {
    AV_INT,      /* both args cast to the integer result type */
    AV_FLOAT,    /* both args cast to FLOAT/DOUBLE */
    AV_DEC,      /* decimals, scales from the argument types */
    AV_TS_DT,    /* TIMESTAMP +- INTERVAL DAY TO SECOND (ts first) */
    AV_TS_YM,    /* TIMESTAMP +- INTERVAL YEAR TO MONTH */
    AV_DATE_DT,  /* DATE +- INTERVAL DAY TO SECOND */
    AV_DATE_YM,
    AV_TIME_DT,
    AV_IV_IV,    /* INTERVAL +- INTERVAL (same family) */
    AV_IV_NUM,   /* INTERVAL * / number */
} ArithVariant;

typedef struct ArithData {
    ArithVariant v;
    bool swapped; /* the temporal/interval operand is args[1] */
} ArithData;

static char arith_op(const FuncDef *fn) { return fn->name[0] == 'M' ? '%' : fn->name[0]; }

static eddy_status set_variant(Arena *a, const void **data, ArithVariant v, bool swapped, EdErr *err) {
    ArithData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->v = v;
    d->swapped = swapped;
    *data = d;
    return EDDY_OK;
}

static eddy_status infer_arith(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                               EdErr *err) {
    char op = arith_op(fn);
    const Type *x = args[0]->type, *y = args[1]->type;
    bool nullable = x->nullable || y->nullable;
    eddy_status rc;
    /* NULL literals take the other side's type */
    if (x->root == TY_NULL && y->root != TY_NULL) {
        if ((rc = eddy__coerce(a, args, 0, y, err))) return rc;
        x = args[0]->type;
    } else if (y->root == TY_NULL && x->root != TY_NULL) {
        if ((rc = eddy__coerce(a, args, 1, x, err))) return rc;
        y = args[1]->type;
    }
    if (eddy__type_is_numeric(x) && eddy__type_is_numeric(y)) {
        if (eddy__type_is_approx(x) || eddy__type_is_approx(y)) {
            const Type *t = eddy__type_basic((x->root == TY_DOUBLE || y->root == TY_DOUBLE || x->root == TY_DECIMAL ||
                                              y->root == TY_DECIMAL)
                                                 ? TY_DOUBLE
                                                 : TY_FLOAT,
                                             nullable);
            if ((rc = eddy__coerce(a, args, 0, t, err)) || (rc = eddy__coerce(a, args, 1, t, err))) return rc;
            *out = t;
            return set_variant(a, data, AV_FLOAT, false, err);
        }
        if (x->root == TY_DECIMAL || y->root == TY_DECIMAL) {
            int p1, s1, p2, s2;
            decimal_ps(x, &p1, &s1);
            decimal_ps(y, &p2, &s2);
            const Type *t = op == '+' || op == '-' ? eddy__decimal_add_type(a, p1, s1, p2, s2, nullable)
                            : op == '*'            ? eddy__decimal_mul_type(a, p1, s1, p2, s2, nullable)
                            : op == '/'            ? eddy__decimal_div_type(a, p1, s1, p2, s2, nullable)
                                                   : eddy__decimal_mod_type(a, p1, s1, p2, s2, nullable);
            /* integers become exact decimals of their width */
            if (x->root != TY_DECIMAL && (rc = eddy__coerce(a, args, 0, eddy__type_decimal(a, p1, 0, false), err)))
                return rc;
            if (y->root != TY_DECIMAL && (rc = eddy__coerce(a, args, 1, eddy__type_decimal(a, p2, 0, false), err)))
                return rc;
            *out = t;
            return set_variant(a, data, AV_DEC, false, err);
        }
        const Type *t = eddy__type_common(a, x, y);
        if ((rc = eddy__coerce(a, args, 0, t, err)) || (rc = eddy__coerce(a, args, 1, t, err))) return rc;
        *out = eddy__type_with_nullable(a, t, nullable);
        return set_variant(a, data, AV_INT, false, err);
    }
    /* temporal arithmetic */
    bool swapped = false;
    if ((op == '+' || op == '*') && eddy__type_is_interval(x) && !eddy__type_is_interval(y)) {
        const Type *t = x;
        x = y;
        y = t;
        swapped = true;
    }
    if ((op == '+' || op == '-') && eddy__type_is_interval(y)) {
        bool ym = y->root == TY_INTERVAL_YM;
        if (eddy__type_is_timestamp(x)) {
            *out = eddy__type_with_nullable(a, eddy__type_with_timeattr(a, x, TA_NONE), nullable);
            return set_variant(a, data, ym ? AV_TS_YM : AV_TS_DT, swapped, err);
        }
        if (x->root == TY_DATE) {
            *out = eddy__type_basic(TY_DATE, nullable);
            return set_variant(a, data, ym ? AV_DATE_YM : AV_DATE_DT, swapped, err);
        }
        if (x->root == TY_TIME && !ym) {
            *out = eddy__type_with_nullable(a, x, nullable);
            return set_variant(a, data, AV_TIME_DT, swapped, err);
        }
        if (x->root == y->root) {
            *out = eddy__type_with_nullable(a, x->precision >= y->precision ? x : y, nullable);
            return set_variant(a, data, AV_IV_IV, false, err);
        }
    }
    if ((op == '*' || op == '/') && eddy__type_is_interval(x) && eddy__type_is_numeric(y)) {
        const Type *d = eddy__type_basic(TY_DOUBLE, y->nullable);
        if ((rc = eddy__coerce(a, args, swapped ? 0 : 1, d, err))) return rc;
        *out = eddy__type_with_nullable(a, x, nullable);
        return set_variant(a, data, AV_IV_NUM, swapped, err);
    }
    return eddy__infer_error(err, fn, args, nargs);
}

static eddy_status div_zero(EvalCtx *cx) {
    return eddy__err(cx->err, EDDY_E_RUNTIME, "java.lang.ArithmeticException: / by zero");
}

/* One loop per operator so the compiler vectorises the common ones. */
#define INT_LOOP(T, EXPR)                                                 \
    FOR_ROWS(i, r) {                                                      \
        T x = ARG(args[0], T, r), y = ARG(args[1], T, r);                 \
        VEC_DATA(out, T)[r] = (EXPR);                                     \
    }
#define INT_ARITH(T, UT)                                                                         \
    do {                                                                                         \
        switch (op) {                                                                            \
        case '+': INT_LOOP(T, (T)((UT)x + (UT)y)); break;                                        \
        case '-': INT_LOOP(T, (T)((UT)x - (UT)y)); break;                                        \
        case '*': INT_LOOP(T, (T)((UT)x * (UT)y)); break;                                        \
        default:                                                                                 \
            FOR_ROWS(i, r) {                                                                     \
                T x = ARG(args[0], T, r), y = ARG(args[1], T, r);                                \
                if (y == 0) return div_zero(cx);                                                 \
                if (op == '/') VEC_DATA(out, T)[r] = (y == -1) ? (T)(0 - (UT)x) : (T)(x / y);    \
                else VEC_DATA(out, T)[r] = (y == -1) ? 0 : (T)(x % y);                           \
            }                                                                                    \
        }                                                                                        \
    } while (0)

static eddy_status dec_arith(EvalCtx *cx, const Expr *e, char op, Vector *const *args, Vector *out,
                             const uint32_t *rows, uint32_t nrows) {
    int s1 = args[0]->type->scale, s2 = args[1]->type->scale;
    int p = e->type->precision, s = e->type->scale;
    FOR_ROWS(i, r) {
        ed_i128 x = ARG(args[0], ed_i128, r), y = ARG(args[1], ed_i128, r), z = 0;
        bool ok = true;
        switch (op) {
        case '+':
        case '-': {
            ed_i128 xs, ys;
            ok = eddy__decimal_rescale(x, s1, s, 38, &xs) && eddy__decimal_rescale(y, s2, s, 38, &ys);
            if (ok) ok = !(op == '+' ? __builtin_add_overflow(xs, ys, &z) : __builtin_sub_overflow(xs, ys, &z));
            if (ok) ok = eddy__decimal_fits(z, p);
            break;
        }
        case '*': {
            ed_i128 prod;
            ok = !__builtin_mul_overflow(x, y, &prod) && eddy__decimal_rescale(prod, s1 + s2, s, p, &z);
            break;
        }
        case '/': {
            if (y == 0) return eddy__err(cx->err, EDDY_E_RUNTIME, "java.lang.ArithmeticException: Division by zero");
            /* z = x / y at scale s: x * 10^(s - s1 + s2 + 1) / y, then round */
            int shift = s - s1 + s2 + 1;
            ed_i128 num;
            if (shift >= 0) {
                ok = !__builtin_mul_overflow(x, eddy__pow10_i128(shift), &num);
            } else {
                num = x / eddy__pow10_i128(-shift);
            }
            if (ok) {
                ed_i128 q = num / y;
                ok = eddy__decimal_rescale(q, s + 1, s, p, &z);
            }
            break;
        }
        default: {
            if (y == 0) return eddy__err(cx->err, EDDY_E_RUNTIME, "java.lang.ArithmeticException: Division by zero");
            ed_i128 xs, ys;
            ok = eddy__decimal_rescale(x, s1, s, 38, &xs) && eddy__decimal_rescale(y, s2, s, 38, &ys);
            if (ok) z = xs % ys;
            break;
        }
        }
        if (ok) VEC_DATA(out, ed_i128)[r] = z;
        else eddy__vec_set_null(out, r); /* decimal overflow gives NULL, as in Flink */
    }
    return EDDY_OK;
}

static eddy_status k_arith(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    const ArithData *d = e->fn_data;
    char op = arith_op(e->fn);
    switch (d->v) {
    case AV_INT:
        switch ((PhysKind)out->phys) {
        case PH_I8: INT_ARITH(int8_t, uint8_t); break;
        case PH_I16: INT_ARITH(int16_t, uint16_t); break;
        case PH_I32: INT_ARITH(int32_t, uint32_t); break;
        case PH_I64: INT_ARITH(int64_t, uint64_t); break;
        default: return eddy__err(cx->err, EDDY_E_INTERNAL, "bad integer arithmetic type");
        }
        return EDDY_OK;
    case AV_FLOAT:
        FOR_ROWS(i, r) {
            double x = arg_dbl(args[0], r), y = arg_dbl(args[1], r), z;
            switch (op) {
            case '+': z = x + y; break;
            case '-': z = x - y; break;
            case '*': z = x * y; break;
            case '/': z = x / y; break;
            default: z = fmod(x, y); break;
            }
            out_dbl(out, r, z);
        }
        return EDDY_OK;
    case AV_DEC: return dec_arith(cx, e, op, args, out, rows, nrows);
    default: break;
    }
    Vector *t = args[d->swapped ? 1 : 0], *iv = args[d->swapped ? 0 : 1];
    int64_t sign = op == '-' ? -1 : 1;
    FOR_ROWS(i, r) {
        switch (d->v) {
        case AV_TS_DT: {
            Ts ts = ARG(t, Ts, r);
            ts.ms += sign * ARG(iv, int64_t, r);
            VEC_DATA(out, Ts)[r] = ts;
            break;
        }
        case AV_TS_YM: {
            Ts ts = ARG(t, Ts, r);
            int64_t days = eddy__dt_floor_div(ts.ms, 86400000), rem = eddy__dt_floor_mod(ts.ms, 86400000);
            ts.ms = eddy__dt_add_months(days, sign * ARG(iv, int32_t, r)) * 86400000 + rem;
            VEC_DATA(out, Ts)[r] = ts;
            break;
        }
        case AV_DATE_DT:
            VEC_DATA(out, int32_t)[r] =
                (int32_t)(ARG(t, int32_t, r) + eddy__dt_floor_div(sign * ARG(iv, int64_t, r), 86400000));
            break;
        case AV_DATE_YM:
            VEC_DATA(out, int32_t)[r] = (int32_t)eddy__dt_add_months(ARG(t, int32_t, r), sign * ARG(iv, int32_t, r));
            break;
        case AV_TIME_DT:
            VEC_DATA(out, int32_t)[r] =
                (int32_t)eddy__dt_floor_mod(ARG(t, int32_t, r) + sign * ARG(iv, int64_t, r), 86400000);
            break;
        case AV_IV_IV:
            if (out->phys == PH_I32) VEC_DATA(out, int32_t)[r] = (int32_t)(arg_int(args[0], r) + sign * arg_int(args[1], r));
            else VEC_DATA(out, int64_t)[r] = arg_int(args[0], r) + sign * arg_int(args[1], r);
            break;
        case AV_IV_NUM: {
            double f = arg_dbl(args[d->swapped ? 0 : 1], r);
            double v = (double)arg_int(args[d->swapped ? 1 : 0], r);
            double z = op == '*' ? v * f : v / f;
            if (op == '/' && f == 0) return div_zero(cx);
            if (out->phys == PH_I32) VEC_DATA(out, int32_t)[r] = (int32_t)llround(z);
            else VEC_DATA(out, int64_t)[r] = (int64_t)llround(z);
            break;
        }
        default: break;
        }
    }
    return EDDY_OK;
}

static const FuncDef fn_plus = {"+", 2, 2, FN_STRICT, infer_arith, k_arith, "<NUMERIC> + <NUMERIC>"};
static const FuncDef fn_minus = {"-", 2, 2, FN_STRICT, infer_arith, k_arith, "<NUMERIC> - <NUMERIC>"};
static const FuncDef fn_times = {"*", 2, 2, FN_STRICT, infer_arith, k_arith, "<NUMERIC> * <NUMERIC>"};
static const FuncDef fn_divide = {"/", 2, 2, FN_STRICT, infer_arith, k_arith, "<NUMERIC> / <NUMERIC>"};
static const FuncDef fn_mod_op = {"%", 2, 2, FN_STRICT, infer_arith, k_arith, "<NUMERIC> % <NUMERIC>"};
static const FuncDef fn_mod = {"MOD", 2, 2, FN_STRICT, infer_arith, k_arith, "MOD(<EXACT_NUMERIC>, <EXACT_NUMERIC>)"};

/* ---- unary ---------------------------------------------------------------------------- */

static eddy_status infer_same_numeric(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                      const void **data, EdErr *err) {
    (void)data;
    const Type *t = args[0]->type;
    if (!eddy__type_is_numeric(t) && !eddy__type_is_interval(t) && t->root != TY_NULL)
        return eddy__infer_error(err, fn, args, nargs);
    *out = t->root == TY_NULL ? eddy__type_basic(TY_INT, true) : eddy__type_with_timeattr(a, t, TA_NONE);
    return EDDY_OK;
}

static eddy_status k_negate(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    bool neg = e->fn->name[0] == 'M' || !strcmp(e->fn->name, "ABS");
    bool abs_fn = !strcmp(e->fn->name, "ABS");
    (void)neg;
    Vector *v = args[0];
    FOR_ROWS(i, r) {
        switch ((PhysKind)out->phys) {
        case PH_I8:
        case PH_I16:
        case PH_I32:
        case PH_I64: {
            int64_t x = arg_int(v, r);
            out_int(out, r, abs_fn ? (x < 0 ? (int64_t)(0 - (uint64_t)x) : x) : (int64_t)(0 - (uint64_t)x));
            break;
        }
        case PH_F32:
        case PH_F64: {
            double x = arg_dbl(v, r);
            out_dbl(out, r, abs_fn ? fabs(x) : -x);
            break;
        }
        case PH_I128: {
            ed_i128 x = ARG(v, ed_i128, r);
            VEC_DATA(out, ed_i128)[r] = abs_fn ? (x < 0 ? -x : x) : -x;
            break;
        }
        default: return eddy__err(cx->err, EDDY_E_INTERNAL, "bad negation type");
        }
    }
    return EDDY_OK;
}

static eddy_status k_identity(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) eddy__vec_copy_value(out, r, args[0], r);
    return EDDY_OK;
}

static const FuncDef fn_neg = {"MINUS_PREFIX", 1, 1, FN_STRICT, infer_same_numeric, k_negate, "-<NUMERIC>"};
static const FuncDef fn_pos = {"PLUS_PREFIX", 1, 1, FN_STRICT, infer_same_numeric, k_identity, "+<NUMERIC>"};
static const FuncDef fn_abs = {"ABS", 1, 1, FN_STRICT, infer_same_numeric, k_negate, "ABS(<NUMERIC>)"};

/* ---- DOUBLE functions ----------------------------------------------------------------- */

static eddy_status infer_double(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                const void **data, EdErr *err) {
    (void)data;
    for (int i = 0; i < nargs; i++) {
        if (!eddy__type_is_numeric(args[i]->type) && args[i]->type->root != TY_NULL)
            return eddy__infer_error(err, fn, args, nargs);
        eddy_status rc = eddy__coerce(a, args, i, eddy__type_basic(TY_DOUBLE, true), err);
        if (rc) return rc;
    }
    *out = eddy__type_basic(TY_DOUBLE, eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

static double dbl_fn(const char *n, double x, double y, int nargs) {
    if (!strcmp(n, "POWER") || !strcmp(n, "POW")) return pow(x, y);
    if (!strcmp(n, "SQRT")) return sqrt(x);
    if (!strcmp(n, "EXP")) return exp(x);
    if (!strcmp(n, "LN")) return log(x);
    if (!strcmp(n, "LOG10")) return log10(x);
    if (!strcmp(n, "LOG2")) return log2(x);
    if (!strcmp(n, "LOG")) return nargs == 1 ? log(x) : log(y) / log(x);
    if (!strcmp(n, "SIN")) return sin(x);
    if (!strcmp(n, "COS")) return cos(x);
    if (!strcmp(n, "TAN")) return tan(x);
    if (!strcmp(n, "COT")) return 1.0 / tan(x);
    if (!strcmp(n, "ASIN")) return asin(x);
    if (!strcmp(n, "ACOS")) return acos(x);
    if (!strcmp(n, "ATAN")) return atan(x);
    if (!strcmp(n, "ATAN2")) return atan2(x, y);
    if (!strcmp(n, "SINH")) return sinh(x);
    if (!strcmp(n, "COSH")) return cosh(x);
    if (!strcmp(n, "TANH")) return tanh(x);
    if (!strcmp(n, "DEGREES")) return x * 180.0 / M_PI;
    if (!strcmp(n, "RADIANS")) return x * M_PI / 180.0;
    if (!strcmp(n, "CBRT")) return cbrt(x);
    return NAN;
}

static eddy_status k_double(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    (void)cx;
    const char *n = e->fn->name;
    FOR_ROWS(i, r) {
        double x = arg_dbl(args[0], r), y = e->nargs > 1 ? arg_dbl(args[1], r) : 0;
        VEC_DATA(out, double)[r] = dbl_fn(n, x, y, e->nargs);
    }
    return EDDY_OK;
}

#define DBL_FN(id, nm, mn, mx) static const FuncDef id = {nm, mn, mx, FN_STRICT, infer_double, k_double, nm "(<NUMERIC>)"}
DBL_FN(fn_power, "POWER", 2, 2);
DBL_FN(fn_pow, "POW", 2, 2);
DBL_FN(fn_sqrt, "SQRT", 1, 1);
DBL_FN(fn_exp, "EXP", 1, 1);
DBL_FN(fn_ln, "LN", 1, 1);
DBL_FN(fn_log10, "LOG10", 1, 1);
DBL_FN(fn_log2, "LOG2", 1, 1);
DBL_FN(fn_log, "LOG", 1, 2);
DBL_FN(fn_sin, "SIN", 1, 1);
DBL_FN(fn_cos, "COS", 1, 1);
DBL_FN(fn_tan, "TAN", 1, 1);
DBL_FN(fn_cot, "COT", 1, 1);
DBL_FN(fn_asin, "ASIN", 1, 1);
DBL_FN(fn_acos, "ACOS", 1, 1);
DBL_FN(fn_atan, "ATAN", 1, 1);
DBL_FN(fn_atan2, "ATAN2", 2, 2);
DBL_FN(fn_sinh, "SINH", 1, 1);
DBL_FN(fn_cosh, "COSH", 1, 1);
DBL_FN(fn_tanh, "TANH", 1, 1);
DBL_FN(fn_degrees, "DEGREES", 1, 1);
DBL_FN(fn_radians, "RADIANS", 1, 1);
DBL_FN(fn_cbrt, "CBRT", 1, 1);

static eddy_status infer_const_double(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                      const void **data, EdErr *err) {
    (void)a;
    (void)fn;
    (void)args;
    (void)nargs;
    (void)data;
    (void)err;
    *out = eddy__type_basic(TY_DOUBLE, false);
    return EDDY_OK;
}

static eddy_status k_const_double(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                  uint32_t nrows) {
    (void)cx;
    (void)args;
    double v = e->fn->name[0] == 'P' ? M_PI : M_E;
    FOR_ROWS(i, r) VEC_DATA(out, double)[r] = v;
    return EDDY_OK;
}
static const FuncDef fn_pi = {"PI", 0, 0, 0, infer_const_double, k_const_double, "PI()"};
static const FuncDef fn_e = {"E", 0, 0, 0, infer_const_double, k_const_double, "E()"};

/* RAND(): a per-thread xorshift generator seeded from the clock. */
static _Thread_local uint64_t rand_state;
static double next_rand(void) {
    if (!rand_state) rand_state = eddy__hash_u64((uint64_t)(uintptr_t)&rand_state ^ 0x9e3779b97f4a7c15ULL) | 1;
    rand_state ^= rand_state << 13;
    rand_state ^= rand_state >> 7;
    rand_state ^= rand_state << 17;
    return (double)(rand_state >> 11) / 9007199254740992.0;
}

static eddy_status k_rand(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    (void)cx;
    (void)args;
    bool integer = e->fn->name[4] == '_';
    FOR_ROWS(i, r) {
        double x = next_rand();
        if (integer) {
            /* the bound is an INT in Flink (Random.nextInt): a wider one is cut to its range */
            int64_t bound = arg_int(args[e->nargs - 1], r);
            if (bound > INT32_MAX) bound = INT32_MAX;
            VEC_DATA(out, int32_t)[r] = bound > 0 ? (int32_t)(x * (double)bound) : 0;
        } else {
            VEC_DATA(out, double)[r] = x;
        }
    }
    return EDDY_OK;
}

static eddy_status infer_rand_int(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                  const void **data, EdErr *err) {
    (void)a;
    (void)data;
    for (int i = 0; i < nargs; i++)
        if (!eddy__type_is_integer(args[i]->type)) return eddy__infer_error(err, fn, args, nargs);
    *out = eddy__type_basic(TY_INT, eddy__args_nullable(args, nargs));
    return EDDY_OK;
}
static const FuncDef fn_rand = {"RAND", 0, 1, FN_STRICT | FN_NONDETERMINISTIC, infer_double, k_rand, "RAND()"};
static const FuncDef fn_rand_int = {"RAND_INTEGER", 1, 2, FN_STRICT | FN_NONDETERMINISTIC, infer_rand_int, k_rand,
                                    "RAND_INTEGER(<INTEGER>)"};

/* ---- FLOOR / CEIL / ROUND / TRUNCATE / SIGN ------------------------------------------------ */

static eddy_status infer_round(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                               const void **data, EdErr *err) {
    (void)data;
    const Type *t = args[0]->type;
    if (!eddy__type_is_numeric(t)) return eddy__infer_error(err, fn, args, nargs);
    if (nargs == 2 && !eddy__type_is_integer(args[1]->type)) return eddy__infer_error(err, fn, args, nargs);
    bool nullable = eddy__args_nullable(args, nargs);
    if (t->root == TY_DECIMAL) {
        int digits = 0;
        if (nargs == 2) {
            if (args[1]->kind != EX_LITERAL)
                return eddy__err(err, EDDY_E_VALIDATION, "%s of a DECIMAL needs a literal number of digits.", fn->name);
            digits = args[1]->value.is_null ? 0 : (int)args[1]->value.u.i;
        }
        int s = ED_MAX(0, ED_MIN(t->scale, digits));
        int p = t->precision - t->scale + s + (strcmp(fn->name, "TRUNCATE") ? 1 : 0);
        if (!strcmp(fn->name, "FLOOR") || !strcmp(fn->name, "CEIL") || !strcmp(fn->name, "CEILING")) {
            s = 0;
            p = t->precision - t->scale + 1;
        }
        *out = eddy__type_decimal(a, ED_MIN(ED_MAX(p, 1), 38), s, nullable);
        return EDDY_OK;
    }
    *out = eddy__type_with_nullable(a, eddy__type_with_timeattr(a, t, TA_NONE), nullable);
    return EDDY_OK;
}

typedef enum { RM_FLOOR, RM_CEIL, RM_ROUND, RM_TRUNC } RoundMode;

static RoundMode round_mode(const char *n) {
    if (!strcmp(n, "FLOOR")) return RM_FLOOR;
    if (!strcmp(n, "CEIL") || !strcmp(n, "CEILING")) return RM_CEIL;
    if (!strcmp(n, "ROUND")) return RM_ROUND;
    return RM_TRUNC;
}

static ed_i128 round_i128(ed_i128 v, ed_i128 unit, RoundMode m) {
    ed_i128 q = v / unit, rem = v % unit;
    switch (m) {
    case RM_FLOOR:
        if (rem < 0) q--;
        break;
    case RM_CEIL:
        if (rem > 0) q++;
        break;
    case RM_ROUND: {
        ed_i128 ar = rem < 0 ? -rem : rem;
        if (ar >= unit - ar) q += v < 0 ? -1 : 1; /* 2 * ar could pass 2^127 */
        break;
    }
    case RM_TRUNC: break;
    }
    return q;
}

static double round_dbl(double x, int digits, RoundMode m) {
    double f = pow(10, digits);
    double y = x * f;
    switch (m) {
    case RM_FLOOR: y = floor(y); break;
    case RM_CEIL: y = ceil(y); break;
    case RM_ROUND: y = round(y); break; /* HALF_UP away from zero */
    case RM_TRUNC: y = trunc(y); break;
    }
    return y / f;
}

static eddy_status k_round(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    (void)cx;
    RoundMode m = round_mode(e->fn->name);
    Vector *v = args[0];
    FOR_ROWS(i, r) {
        /* past 100 digits either way every result is the same (0, or the
         * value); the clamp keeps -digits and s - digits in range */
        int64_t d64 = e->nargs > 1 ? arg_int(args[1], r) : 0;
        int digits = d64 < -100 ? -100 : d64 > 100 ? 100 : (int)d64;
        switch ((PhysKind)v->phys) {
        case PH_I8:
        case PH_I16:
        case PH_I32:
        case PH_I64: {
            int64_t x = arg_int(v, r);
            if (digits < 0 && (m == RM_ROUND || m == RM_TRUNC)) {
                if (digits < -38) {
                    x = 0; /* a unit past 10^38 takes every long to 0 */
                } else {
                    ed_i128 unit = eddy__pow10_i128(-digits);
                    /* BigDecimal.longValue(): the low 64 bits of a result past Long.MAX */
                    x = (int64_t)(uint64_t)(ed_u128)(round_i128(x, unit, m) * unit);
                }
            }
            out_int(out, r, x);
            break;
        }
        case PH_F32:
        case PH_F64: out_dbl(out, r, round_dbl(arg_dbl(v, r), digits, m)); break;
        case PH_I128: {
            int s = v->type->scale, os = out->type->scale;
            int keep = (m == RM_FLOOR || m == RM_CEIL) ? 0 : digits;
            ed_i128 x = ARG(v, ed_i128, r);
            if (s - keep > 38) {
                x = 0, keep = s; /* a unit past 10^38 takes every DECIMAL(38) to 0 */
            }
            if (keep < s) {
                ed_i128 unit = eddy__pow10_i128(s - keep);
                x = round_i128(x, unit, m); /* now at scale `keep` */
                if (keep < 0) x *= eddy__pow10_i128(-keep), keep = 0;
                ed_i128 z;
                if (eddy__decimal_rescale(x, keep, os, out->type->precision, &z)) VEC_DATA(out, ed_i128)[r] = z;
                else eddy__vec_set_null(out, r);
            } else {
                ed_i128 z;
                if (eddy__decimal_rescale(x, s, os, out->type->precision, &z)) VEC_DATA(out, ed_i128)[r] = z;
                else eddy__vec_set_null(out, r);
            }
            break;
        }
        default: return eddy__err(cx->err, EDDY_E_INTERNAL, "bad rounding type");
        }
    }
    return EDDY_OK;
}

static const FuncDef fn_floor = {"FLOOR", 1, 1, FN_STRICT, infer_round, k_round, "FLOOR(<NUMERIC>)"};
static const FuncDef fn_ceil = {"CEIL", 1, 1, FN_STRICT, infer_round, k_round, "CEIL(<NUMERIC>)"};
static const FuncDef fn_ceiling = {"CEILING", 1, 1, FN_STRICT, infer_round, k_round, "CEILING(<NUMERIC>)"};
static const FuncDef fn_round = {"ROUND", 1, 2, FN_STRICT, infer_round, k_round, "ROUND(<NUMERIC>, <INTEGER>)"};
static const FuncDef fn_truncate = {"TRUNCATE", 1, 2, FN_STRICT, infer_round, k_round, "TRUNCATE(<NUMERIC>, <INTEGER>)"};

static eddy_status k_sign(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    (void)cx;
    (void)e;
    Vector *v = args[0];
    FOR_ROWS(i, r) {
        switch ((PhysKind)v->phys) {
        case PH_F32:
        case PH_F64: {
            double x = arg_dbl(v, r);
            out_dbl(out, r, x > 0 ? 1.0 : x < 0 ? -1.0 : x);
            break;
        }
        case PH_I128: {
            ed_i128 x = ARG(v, ed_i128, r);
            VEC_DATA(out, ed_i128)[r] = (x > 0 ? 1 : x < 0 ? -1 : 0) * eddy__pow10_i128(out->type->scale);
            break;
        }
        default: {
            int64_t x = arg_int(v, r);
            out_int(out, r, x > 0 ? 1 : x < 0 ? -1 : 0);
        }
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_sign = {"SIGN", 1, 1, FN_STRICT, infer_same_numeric, k_sign, "SIGN(<NUMERIC>)"};

const FuncDef *const eddy__fns_arith[] = {
    &fn_plus,  &fn_minus, &fn_times, &fn_divide, &fn_mod_op, &fn_mod,   &fn_neg,      &fn_pos,   &fn_abs,
    &fn_power, &fn_pow,   &fn_sqrt,  &fn_exp,    &fn_ln,     &fn_log10, &fn_log2,     &fn_log,   &fn_sin,
    &fn_cos,   &fn_tan,   &fn_cot,   &fn_asin,   &fn_acos,   &fn_atan,  &fn_atan2,    &fn_sinh,  &fn_cosh,
    &fn_tanh,  &fn_degrees, &fn_radians, &fn_cbrt, &fn_pi,    &fn_e,     &fn_rand,     &fn_rand_int, &fn_floor,
    &fn_ceil,  &fn_ceiling, &fn_round, &fn_truncate, &fn_sign, NULL,
};
