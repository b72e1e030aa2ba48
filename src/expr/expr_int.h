/*
 * expr_int.h -- internals shared by the files of the expression layer: the
 * evaluator's entry points for special forms, cast kernels, and the helpers
 * function kernels and type-inference callbacks are written with.
 */
#ifndef EDDY_EXPR_INT_H
#define EDDY_EXPR_INT_H

#include "expr/expr.h"

extern const FuncDef eddy__fn_and, eddy__fn_or;

/* Evaluates node ni of p on rows (for special forms that evaluate their
 * arguments lazily). */
eddy_status eddy__eval_sub(const ExprProg *p, int ni, EvalCtx *cx, const Batch *b, const uint32_t *rows, uint32_t nrows,
                           uint32_t cap, Vector **out);
/* AND / OR with SQL's three-valued logic and short-circuit evaluation. */
typedef struct PNode PNode;
eddy_status eddy__eval_andor(const ExprProg *p, const PNode *pn, EvalCtx *cx, const Batch *b,
                             const uint32_t *rows, uint32_t nrows, uint32_t cap, Vector **out);
/* CAST kernel for node e (EX_CAST) applied to `in`. */
eddy_status eddy__cast_vector_at(EvalCtx *cx, const Expr *e, const Vector *in, const uint32_t *rows, uint32_t nrows,
                                 uint32_t cap, Vector **out);

/* ---- kernel helpers ---------------------------------------------------------- */

/* Loop over the rows a kernel must compute. */
#define FOR_ROWS(i, r) for (uint32_t i##_k = 0, r; i##_k < nrows && (r = rows[i##_k], 1); i##_k++)

/* Typed access with constant-vector handling. */
#define ARG(v, T, r) (VEC_DATA(v, T)[vidx(v, r)])

/* Reads an argument slot of any integer physical kind as int64. */
static inline int64_t arg_int(const Vector *v, uint32_t r) {
    r = vidx(v, r);
    switch ((PhysKind)v->phys) {
    case PH_BOOL:
    case PH_I8: return (int8_t)VEC_DATA(v, int8_t)[r];
    case PH_I16: return VEC_DATA(v, int16_t)[r];
    case PH_I32: return VEC_DATA(v, int32_t)[r];
    case PH_I64: return VEC_DATA(v, int64_t)[r];
    default: return 0;
    }
}

/* Byte index of the first occurrence of needle in hay at or after byte
 * `from`, or -1 (also when from is past the end). An empty needle is found
 * at `from`. */
static inline int64_t str_find(Str hay, Str needle, size_t from) {
    if (needle.n == 0) return from <= hay.n ? (int64_t)from : -1;
    if (needle.n > hay.n || from > hay.n - needle.n) return -1;
    /* memchr finds candidates for the first byte (a whole one-byte needle) */
    const char *end = hay.p + hay.n - needle.n + 1;
    for (const char *q = hay.p + from; q < end;) {
        q = memchr(q, needle.p[0], (size_t)(end - q));
        if (!q) return -1;
        if (needle.n == 1 || memcmp(q + 1, needle.p + 1, needle.n - 1) == 0) return (int64_t)(q - hay.p);
        q++;
    }
    return -1;
}

/* Whether code point cp occurs in the UTF-8 string set; *pos (when pos is
 * not NULL) receives its code point index there. */
static inline bool str_has_cp(Str set, uint32_t cp, int64_t *pos) {
    int64_t k = 0;
    for (size_t j = 0; j < set.n; k++) {
        if (eddy__utf8_decode(set.p, set.n, &j) == cp) {
            if (pos) *pos = k;
            return true;
        }
    }
    return false;
}

/* s without the bytes up to ' ' (spaces and control characters) at both
 * ends: Java's String.trim. */
static inline Str str_java_trim(Str s) {
    while (s.n && (unsigned char)s.p[0] <= ' ') s.p++, s.n--;
    while (s.n && (unsigned char)s.p[s.n - 1] <= ' ') s.n--;
    return s;
}

/* s without the code points of `set` at its start (when `leading`) and at
 * its end (when `trailing`): the work of TRIM and BTRIM. */
static inline Str str_trim_set(Str s, Str set, bool leading, bool trailing) {
    size_t b = 0, end = s.n;
    if (leading)
        while (b < end) {
            size_t next = b;
            if (!str_has_cp(set, eddy__utf8_decode(s.p, end, &next), NULL)) break;
            b = next;
        }
    if (trailing)
        while (end > b) {
            size_t k = end - 1;
            while (k > b && ((unsigned char)s.p[k] & 0xC0) == 0x80) k--;
            size_t next = k;
            if (!str_has_cp(set, eddy__utf8_decode(s.p, end, &next), NULL)) break;
            end = k;
        }
    return (Str){s.p + b, end - b};
}

/* The most bytes a function builds into one string or binary value: 1 GiB.
 * A kernel whose result grows with an argument (REPEAT's count, LPAD's
 * length, CAST to CHAR(n), REPLACE's matches, CONCAT's arguments, ...)
 * checks the size with str_result_fits before it builds the value, so that
 * no argument makes it allocate past this (a value's length is 32 bits). */
#define STR_RESULT_MAX ((uint64_t)1 << 30)

/* EDDY_OK when a result of `bytes` may be built, else the job's error
 * "<what> result too large (more than 1073741824 bytes)". */
static inline eddy_status str_result_fits(EvalCtx *cx, const char *what, uint64_t bytes) {
    if (bytes <= STR_RESULT_MAX) return EDDY_OK;
    return eddy__err(cx->err, EDDY_E_RUNTIME, "%s result too large (more than %llu bytes)", what,
                     (unsigned long long)STR_RESULT_MAX);
}

/* The same for `count` pieces of `each` bytes and `extra` more; count may be
 * any size (the product is not computed where it could wrap). */
static inline eddy_status str_result_fits_n(EvalCtx *cx, const char *what, uint64_t count, uint64_t each,
                                            uint64_t extra) {
    if (each && count > STR_RESULT_MAX / each) return str_result_fits(cx, what, STR_RESULT_MAX + 1);
    return str_result_fits(cx, what, count * each + extra);
}

static inline double arg_dbl(const Vector *v, uint32_t r) {
    r = vidx(v, r);
    switch ((PhysKind)v->phys) {
    case PH_F32: return VEC_DATA(v, float)[r];
    case PH_F64: return VEC_DATA(v, double)[r];
    case PH_I8: return VEC_DATA(v, int8_t)[r];
    case PH_I16: return VEC_DATA(v, int16_t)[r];
    case PH_I32: return VEC_DATA(v, int32_t)[r];
    case PH_I64: return (double)VEC_DATA(v, int64_t)[r];
    default: return 0;
    }
}

/* Writes an int64 into an integer output slot of any width. */
static inline void out_int(Vector *o, uint32_t r, int64_t x) {
    switch ((PhysKind)o->phys) {
    case PH_BOOL:
    case PH_I8: VEC_DATA(o, int8_t)[r] = (int8_t)x; break;
    case PH_I16: VEC_DATA(o, int16_t)[r] = (int16_t)x; break;
    case PH_I32: VEC_DATA(o, int32_t)[r] = (int32_t)x; break;
    case PH_I64: VEC_DATA(o, int64_t)[r] = x; break;
    default: break;
    }
}

static inline void out_dbl(Vector *o, uint32_t r, double x) {
    if (o->phys == PH_F32) VEC_DATA(o, float)[r] = (float)x;
    else VEC_DATA(o, double)[r] = x;
}

/* Powers of ten as 128-bit integers (0..38). */
ed_i128 eddy__pow10_i128(int n);
/* Rescales an unscaled decimal from scale `from` to `to`, rounding HALF_UP;
 * false on overflow of `precision` digits. */
bool eddy__decimal_rescale(ed_i128 v, int from, int to, int precision, ed_i128 *out);
/* True when |v| fits in `precision` digits. */
bool eddy__decimal_fits(ed_i128 v, int precision);

/* Java's (int)/(long) cast of a double to integer type r: truncation, NaN
 * -> 0, saturation at the int (TINYINT..INT) or long range, narrower types
 * then wrapping from the int (cast.c). */
int64_t eddy__cast_dbl_to_long(double d, TypeRoot r);
/* A DECIMAL value of the given scale as the nearest double. */
double eddy__cast_dec_to_double(ed_i128 v, int scale);
/* DECIMAL(p, s) from a double, as BigDecimal.valueOf(d).setScale(s,
 * HALF_UP); false for NaN, infinities and values over p digits. */
bool eddy__cast_dbl_to_dec(double d, int p, int s, ed_i128 *out);

/* ---- inference helpers --------------------------------------------------------- */

/* Nullable when any argument is. */
bool eddy__args_nullable(Expr *const *args, int nargs);
/* "Cannot apply 'F' to arguments of type 'F(<INT>)'. Supported form(s): ..." */
eddy_status eddy__infer_error(EdErr *err, const FuncDef *fn, Expr *const *args, int nargs);
/* "Invalid function call:\nF(INT NOT NULL, STRING)": the message of the
 * functions Flink types with its new inference stack, which prints the
 * argument types in full (nullability included). */
eddy_status eddy__invalid_call_error(EdErr *err, const FuncDef *fn, Expr *const *args, int nargs);

#endif
