/*
 * cast.c -- CAST and TRY_CAST between all types, with Flink's results:
 * integer narrowing wraps and floating point truncates like Java casts,
 * DECIMAL rounds HALF_UP and overflows to NULL, strings parse after trimming
 * (a malformed string fails the job, or gives NULL under TRY_CAST),
 * everything formats to strings as CAST(x AS STRING) does, CHAR pads and
 * VARCHAR truncates, timestamps move between TIMESTAMP and TIMESTAMP_LTZ
 * through the session time zone, and ROW / ARRAY / MAP cast element-wise.
 * SQL never casts a number to a TIMESTAMP / TIMESTAMP_LTZ or back (the
 * binder refuses it with Flink's message); the kernels still do it, with
 * Java's wrapping long, for callers inside eddy.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "expr/expr_int.h"
#include "types/datetime.h"
#include "types/format.h"
#include "types/row.h"

#define MS_PER_DAY 86400000LL

typedef struct CastCx {
    EvalCtx *cx;
    const Type *from, *to;
    bool try_cast;
    Buf buf;
} CastCx;

static const TimeZone *zone(CastCx *c) { return c->cx->tz ? c->cx->tz : eddy__tz_utc(); }

/* A malformed input: NULL under TRY_CAST, else the job fails. */
static eddy_status cast_fail(CastCx *c, Vector *out, uint32_t r, const char *what, Str s) {
    if (c->try_cast) {
        eddy__vec_set_null(out, r);
        return EDDY_OK;
    }
    Buf b;
    eddy__buf_init(&b);
    Type to = *c->to;
    to.nullable = true;
    eddy__type_print_sql(&b, &to);
    eddy__err(c->cx->err, EDDY_E_RUNTIME, "Cannot cast '%.*s' to %s: %s.", (int)ED_MIN(s.n, 200), s.p,
              eddy__buf_cstr(&b), what);
    eddy__buf_free(&b);
    return EDDY_E_RUNTIME;
}

static Str trimmed(Str s) {
    while (s.n && isspace((unsigned char)s.p[0])) s.p++, s.n--;
    while (s.n && isspace((unsigned char)s.p[s.n - 1])) s.n--;
    return s;
}

/* Flink's string-to-integer parsing (BinaryStringDataUtil.toLong): optional
 * sign, digits, and an optional fraction that is dropped. */
static bool parse_long(Str s, int64_t *out) {
    s = trimmed(s);
    if (!s.n) return false;
    size_t i = 0;
    bool neg = false;
    if (s.p[0] == '-' || s.p[0] == '+') {
        neg = s.p[0] == '-';
        i++;
    }
    if (i == s.n) return false;
    uint64_t v = 0;
    bool digits = false;
    for (; i < s.n && s.p[i] != '.'; i++) {
        if (!isdigit((unsigned char)s.p[i])) return false;
        uint64_t d = (uint64_t)(s.p[i] - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
        digits = true;
    }
    if (i < s.n) {
        for (i++; i < s.n; i++)
            if (!isdigit((unsigned char)s.p[i])) return false;
    }
    if (!digits) return false;
    if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX) return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

static bool parse_double(Str s, double *out) {
    s = trimmed(s);
    if (!s.n || s.n > 400) return false;
    char tmp[401];
    memcpy(tmp, s.p, s.n);
    tmp[s.n] = 0;
    if (!strcmp(tmp, "NaN")) return *out = NAN, true;
    if (!strcmp(tmp, "Infinity") || !strcmp(tmp, "+Infinity")) return *out = INFINITY, true;
    if (!strcmp(tmp, "-Infinity")) return *out = -INFINITY, true;
    for (size_t i = 0; i < s.n; i++) {
        char ch = tmp[i];
        if (!(isdigit((unsigned char)ch) || ch == '.' || ch == 'e' || ch == 'E' || ch == '+' || ch == '-' ||
              ((ch == 'd' || ch == 'D' || ch == 'f' || ch == 'F') && i == s.n - 1)))
            return false;
    }
    char *end;
    errno = 0;
    double d = strtod(tmp, &end);
    if (end == tmp) return false;
    if (*end && !((*end == 'd' || *end == 'D' || *end == 'f' || *end == 'F') && end[1] == 0)) return false;
    *out = d;
    return true;
}

static bool int_range(TypeRoot r, int64_t v) {
    switch (r) {
    case TY_TINYINT: return v >= INT8_MIN && v <= INT8_MAX;
    case TY_SMALLINT: return v >= INT16_MIN && v <= INT16_MAX;
    case TY_INT: return v >= INT32_MIN && v <= INT32_MAX;
    default: return true;
    }
}

/* Java's (int)/(long) cast of a double: truncation, NaN -> 0, saturation. */
int64_t eddy__cast_dbl_to_long(double d, TypeRoot r) {
    if (isnan(d)) return 0;
    if (r == TY_BIGINT) {
        if (d >= 9223372036854775807.0) return INT64_MAX;
        if (d <= -9223372036854775808.0) return INT64_MIN;
        return (int64_t)d;
    }
    if (d >= 2147483647.0) return INT32_MAX;
    if (d <= -2147483648.0) return INT32_MIN;
    return (int64_t)(int32_t)d; /* narrower types wrap from the int */
}

/* The nearest double of an unscaled DECIMAL value. */
double eddy__cast_dec_to_double(ed_i128 v, int scale) {
    if (v < ((ed_i128)1 << 53) && v > -((ed_i128)1 << 53) && scale <= 22)
        return (double)(int64_t)v / pow(10, scale);
    Buf b;
    eddy__buf_init(&b);
    eddy__fmt_decimal(&b, v, scale, true);
    double d = strtod(eddy__buf_cstr(&b), NULL);
    eddy__buf_free(&b);
    return d;
}

/* DECIMAL from a double, as BigDecimal.valueOf(d).setScale(s, HALF_UP). */
bool eddy__cast_dbl_to_dec(double d, int p, int s, ed_i128 *out) {
    if (isnan(d) || isinf(d)) return false;
    Buf b;
    eddy__buf_init(&b);
    eddy__fmt_double(&b, d);
    bool ok = eddy__parse_decimal(b.data, b.len, p, s, out) == EDDY_OK;
    eddy__buf_free(&b);
    return ok;
}

/* Truncates ns-of-ms to a TIMESTAMP precision. */
static Ts ts_truncate(Ts t, int precision) {
    if (precision >= 9) return t;
    int64_t nanos_of_sec = eddy__dt_floor_mod(t.ms, 1000) * 1000000 + t.ns;
    int64_t unit = 1;
    for (int k = precision; k < 9; k++) unit *= 10;
    int64_t kept = nanos_of_sec / unit * unit;
    int64_t sec_ms = t.ms - eddy__dt_floor_mod(t.ms, 1000);
    return (Ts){sec_ms + kept / 1000000, (int32_t)(kept % 1000000)};
}

/* Writes s into a CHAR(n) / VARCHAR(n) slot, padding or truncating; a
 * padded value past STR_RESULT_MAX fails (CHAR(2147483647)). */
static eddy_status put_string(CastCx *c, Vector *out, uint32_t r, const char *p, size_t n) {
    const Type *to = c->to;
    if (to->length == TY_MAX_LENGTH) {
        eddy__vec_set_str(out, r, p, n);
        return EDDY_OK;
    }
    size_t cps = eddy__utf8_len(p, n);
    if (cps > (size_t)to->length) {
        eddy__vec_set_str(out, r, p, eddy__utf8_offset(p, n, to->length));
        return EDDY_OK;
    }
    if (to->root == TY_CHAR && cps < (size_t)to->length) {
        size_t pad = (size_t)to->length - cps;
        eddy_status rc = str_result_fits(c->cx, "CAST", (uint64_t)n + pad);
        if (rc) return rc;
        char *o = eddy__vec_str_reserve(out, r, n + pad);
        if (!o) return EDDY_OK; /* the vector's failed flag reports it */
        memcpy(o, p, n);
        memset(o + n, ' ', pad);
        return EDDY_OK;
    }
    eddy__vec_set_str(out, r, p, n);
    return EDDY_OK;
}

/* Writes bytes into a BINARY(n) / VARBINARY(n) slot of type `to`, zero
 * padding (BINARY) or truncating; as put_string for the size. */
static eddy_status put_binary(CastCx *c, const Type *to, Vector *out, uint32_t r, const char *p, size_t n) {
    if (to->length != TY_MAX_LENGTH && n > (size_t)to->length) n = (size_t)to->length;
    if (to->root == TY_BINARY && n < (size_t)to->length) {
        eddy_status rc = str_result_fits(c->cx, "CAST", (uint64_t)to->length);
        if (rc) return rc;
        char *o = eddy__vec_str_reserve(out, r, (size_t)to->length);
        if (o) {
            memcpy(o, p, n);
            memset(o + n, 0, (size_t)to->length - n);
        }
        return EDDY_OK;
    }
    eddy__vec_set_str(out, r, p, n);
    return EDDY_OK;
}

static eddy_status to_string(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    FOR_ROWS(i, r) {
        if (vec_is_null(in, r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        if (eddy__type_is_string(c->from)) {
            Str s = vec_str(in, r);
            eddy_status rc = put_string(c, out, r, s.p, s.n);
            if (rc) return rc;
            continue;
        }
        c->buf.len = 0;
        if (c->from->root == TY_BOOLEAN) {
            eddy__buf_puts(&c->buf, ARG(in, uint8_t, r) ? "TRUE" : "FALSE");
        } else if (eddy__type_is_binary(c->from)) {
            /* BINARY to STRING decodes the bytes as UTF-8 */
            Str s = vec_str(in, r);
            eddy__buf_put(&c->buf, s.p, s.n);
        } else {
            eddy__fmt_value_sql(&c->buf, in, r, zone(c));
        }
        if (c->buf.failed) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
        eddy_status rc = put_string(c, out, r, c->buf.data ? c->buf.data : "", c->buf.len);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status from_string(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    TypeRoot to = (TypeRoot)c->to->root;
    FOR_ROWS(i, r) {
        if (vec_is_null(in, r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        Str s = vec_str(in, r);
        eddy_status rc = EDDY_OK;
        switch (to) {
        case TY_BOOLEAN: {
            Str t = trimmed(s);
            char low[8] = {0};
            for (size_t k = 0; k < t.n && k < 7; k++) low[k] = (char)tolower((unsigned char)t.p[k]);
            if (t.n < 7 && (!strcmp(low, "true") || !strcmp(low, "t") || !strcmp(low, "yes") || !strcmp(low, "y") ||
                            !strcmp(low, "1")))
                VEC_DATA(out, uint8_t)[r] = 1;
            else if (t.n < 7 && (!strcmp(low, "false") || !strcmp(low, "f") || !strcmp(low, "no") ||
                                 !strcmp(low, "n") || !strcmp(low, "0")))
                VEC_DATA(out, uint8_t)[r] = 0;
            else
                rc = cast_fail(c, out, r, "not a BOOLEAN", s);
            break;
        }
        case TY_TINYINT:
        case TY_SMALLINT:
        case TY_INT:
        case TY_BIGINT: {
            int64_t v;
            if (parse_long(s, &v) && int_range(to, v)) out_int(out, r, v);
            else rc = cast_fail(c, out, r, "not a number of that type", s);
            break;
        }
        case TY_FLOAT:
        case TY_DOUBLE: {
            double d;
            if (parse_double(s, &d)) out_dbl(out, r, d);
            else rc = cast_fail(c, out, r, "not a number", s);
            break;
        }
        case TY_DECIMAL: {
            ed_i128 d;
            Str t = trimmed(s);
            eddy_status prc = eddy__parse_decimal(t.p, t.n, c->to->precision, c->to->scale, &d);
            if (prc == EDDY_OK) VEC_DATA(out, ed_i128)[r] = d;
            else if (prc == FMT_E_OVERFLOW) eddy__vec_set_null(out, r);
            else rc = cast_fail(c, out, r, "not a number", s);
            break;
        }
        case TY_DATE: {
            int32_t days;
            Str t = trimmed(s);
            if (eddy__dt_parse_date(t.p, t.n, &days) == EDDY_OK) VEC_DATA(out, int32_t)[r] = days;
            else rc = cast_fail(c, out, r, "not a DATE", s);
            break;
        }
        case TY_TIME: {
            int32_t ms;
            Str t = trimmed(s);
            if (eddy__dt_parse_time(t.p, t.n, &ms) == EDDY_OK) VEC_DATA(out, int32_t)[r] = ms;
            else rc = cast_fail(c, out, r, "not a TIME", s);
            break;
        }
        case TY_TIMESTAMP:
        case TY_TIMESTAMP_LTZ: {
            int64_t ms;
            int32_t ns;
            Str t = trimmed(s);
            if (eddy__dt_parse_timestamp(t.p, t.n, c->to->precision, &ms, &ns) == EDDY_OK) {
                if (to == TY_TIMESTAMP_LTZ) ms = eddy__tz_from_local(zone(c), ms);
                VEC_DATA(out, Ts)[r] = (Ts){ms, ns};
            } else {
                rc = cast_fail(c, out, r, "not a TIMESTAMP", s);
            }
            break;
        }
        case TY_BINARY:
        case TY_VARBINARY: rc = put_binary(c, c->to, out, r, s.p, s.n); break;
        default:
            return eddy__err(c->cx->err, EDDY_E_UNSUPPORTED, "CAST from a string to this type is not supported yet");
        }
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status numeric_cast(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    TypeRoot f = (TypeRoot)c->from->root, t = (TypeRoot)c->to->root;
    FOR_ROWS(i, r) {
        if (vec_is_null(in, r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        if (t == TY_BOOLEAN) {
            bool v = f == TY_DECIMAL ? ARG(in, ed_i128, r) != 0
                     : eddy__type_is_approx(c->from) ? arg_dbl(in, r) != 0
                                                    : arg_int(in, r) != 0;
            VEC_DATA(out, uint8_t)[r] = v;
            continue;
        }
        if (f == TY_BOOLEAN) {
            int64_t v = ARG(in, uint8_t, r) ? 1 : 0;
            if (t == TY_DECIMAL) VEC_DATA(out, ed_i128)[r] = (ed_i128)v * eddy__pow10_i128(c->to->scale);
            else if (t == TY_FLOAT || t == TY_DOUBLE) out_dbl(out, r, (double)v);
            else out_int(out, r, v);
            continue;
        }
        if (t == TY_DECIMAL) {
            ed_i128 z;
            bool ok;
            if (f == TY_DECIMAL) ok = eddy__decimal_rescale(ARG(in, ed_i128, r), c->from->scale, c->to->scale, c->to->precision, &z);
            else if (f == TY_FLOAT || f == TY_DOUBLE) ok = eddy__cast_dbl_to_dec(arg_dbl(in, r), c->to->precision, c->to->scale, &z);
            else ok = eddy__decimal_rescale(arg_int(in, r), 0, c->to->scale, c->to->precision, &z);
            if (ok) VEC_DATA(out, ed_i128)[r] = z;
            else eddy__vec_set_null(out, r);
            continue;
        }
        if (t == TY_FLOAT || t == TY_DOUBLE) {
            double d = f == TY_DECIMAL ? eddy__cast_dec_to_double(ARG(in, ed_i128, r), c->from->scale)
                       : (f == TY_FLOAT || f == TY_DOUBLE) ? arg_dbl(in, r)
                       : f == TY_BIGINT                    ? (double)arg_int(in, r)
                                                           : (double)arg_int(in, r);
            out_dbl(out, r, d);
            continue;
        }
        /* to an integer type */
        int64_t v;
        if (f == TY_DECIMAL) {
            ed_i128 x = ARG(in, ed_i128, r) / eddy__pow10_i128(c->from->scale);
            v = (int64_t)(uint64_t)x; /* BigDecimal.longValue() keeps the low bits */
        } else if (f == TY_FLOAT || f == TY_DOUBLE) {
            v = eddy__cast_dbl_to_long(arg_dbl(in, r), t);
        } else {
            v = arg_int(in, r);
        }
        out_int(out, r, v); /* narrowing wraps like Java */
    }
    return EDDY_OK;
}

static eddy_status temporal_cast(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    TypeRoot f = (TypeRoot)c->from->root, t = (TypeRoot)c->to->root;
    const TimeZone *tz = zone(c);
    FOR_ROWS(i, r) {
        if (vec_is_null(in, r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        /* normalise the input to a local wall-clock Ts (or an instant) */
        Ts local = {0, 0};
        bool is_instant = false;
        switch (f) {
        case TY_DATE: local.ms = (int64_t)ARG(in, int32_t, r) * MS_PER_DAY; break;
        case TY_TIME: local.ms = ARG(in, int32_t, r); break;
        case TY_TIMESTAMP: local = ARG(in, Ts, r); break;
        case TY_TIMESTAMP_LTZ: local = ARG(in, Ts, r); is_instant = true; break;
        case TY_TINYINT:
        case TY_SMALLINT:
        case TY_INT:
        case TY_BIGINT:
            /* (SQL refuses this cast, as Flink does; other callers get Java's wrapping long) */
            local.ms = (int64_t)((uint64_t)arg_int(in, r) * 1000u);
            is_instant = t == TY_TIMESTAMP_LTZ;
            break;
        default: return eddy__err(c->cx->err, EDDY_E_UNSUPPORTED, "this CAST is not supported yet");
        }
        Ts inst = local;
        if (is_instant && t != TY_TIMESTAMP_LTZ) local.ms = eddy__tz_to_local(tz, local.ms);
        if (!is_instant && t == TY_TIMESTAMP_LTZ) inst.ms = eddy__tz_from_local(tz, local.ms);
        switch (t) {
        case TY_DATE: VEC_DATA(out, int32_t)[r] = (int32_t)eddy__dt_floor_div(local.ms, MS_PER_DAY); break;
        case TY_TIME: VEC_DATA(out, int32_t)[r] = (int32_t)eddy__dt_floor_mod(local.ms, MS_PER_DAY); break;
        case TY_TIMESTAMP: VEC_DATA(out, Ts)[r] = ts_truncate(local, c->to->precision); break;
        case TY_TIMESTAMP_LTZ: VEC_DATA(out, Ts)[r] = ts_truncate(inst, c->to->precision); break;
        case TY_TINYINT:
        case TY_SMALLINT:
        case TY_INT:
        case TY_BIGINT: out_int(out, r, eddy__dt_floor_div(is_instant ? inst.ms : local.ms, 1000)); break;
        case TY_FLOAT:
        case TY_DOUBLE: out_dbl(out, r, (double)(is_instant ? inst.ms : local.ms) / 1000.0); break;
        case TY_DECIMAL: {
            ed_i128 z;
            if (eddy__decimal_rescale(is_instant ? inst.ms : local.ms, 3, c->to->scale, c->to->precision, &z))
                VEC_DATA(out, ed_i128)[r] = z;
            else eddy__vec_set_null(out, r);
            break;
        }
        default: return eddy__err(c->cx->err, EDDY_E_UNSUPPORTED, "this CAST is not supported yet");
        }
    }
    return EDDY_OK;
}

static eddy_status cast_rows(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows);

/* ROW / STRUCTURED: cast every field vector at the same rows. */
static eddy_status struct_cast(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    for (int k = 0; k < out->nchild; k++) {
        CastCx fc = {.cx = c->cx, .from = in->child[k]->type, .to = c->to->fields[k].type, .try_cast = c->try_cast};
        eddy__buf_init(&fc.buf);
        /* a struct constant's children are one-slot vectors */
        eddy_status rc;
        if (in->is_const) {
            uint32_t zero = 0;
            Vector *tmp = eddy__vec_new(fc.to, 1);
            if (!tmp) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
            rc = cast_rows(&fc, in->child[k], tmp, &zero, 1);
            if (!rc) FOR_ROWS(i, r) eddy__vec_copy_value(out->child[k], r, tmp, 0);
            eddy__vec_release(tmp);
        } else {
            rc = cast_rows(&fc, in->child[k], out->child[k], rows, nrows);
        }
        eddy__buf_free(&fc.buf);
        if (rc) return rc;
    }
    FOR_ROWS(i, r) {
        if (vec_is_null(in, r)) eddy__vec_set_null(out, r);
        else vec_set_valid(out, r);
    }
    return EDDY_OK;
}

/* ARRAY / MAP / MULTISET: cast the element vectors, copy the entries. */
static eddy_status list_cast(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    const Type *ct[2] = {c->to->elem, c->to->root == TY_MAP ? c->to->value : eddy__type_basic(TY_INT, false)};
    FOR_ROWS(i, r) {
        if (vec_is_null(in, r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        ListEntry e = VEC_DATA(in, ListEntry)[vidx(in, r)];
        uint32_t off = eddy__vec_list_append(out, e.len);
        if (out->failed) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
        for (int k = 0; k < in->nchild; k++) {
            uint32_t *er = eddy__arena_alloc(c->cx->scratch, sizeof(uint32_t) * (e.len ? e.len : 1));
            Vector *tmp = eddy__vec_new(ct[k], e.off + e.len + 1);
            if (!er || !tmp) {
                eddy__vec_release(tmp);
                return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
            }
            for (uint32_t j = 0; j < e.len; j++) er[j] = e.off + j;
            CastCx ec = {.cx = c->cx, .from = in->child[k]->type, .to = ct[k], .try_cast = c->try_cast};
            eddy__buf_init(&ec.buf);
            eddy_status rc = cast_rows(&ec, in->child[k], tmp, er, e.len);
            eddy__buf_free(&ec.buf);
            if (!rc)
                for (uint32_t j = 0; j < e.len; j++) eddy__vec_copy_value(out->child[k], off + j, tmp, e.off + j);
            eddy__vec_release(tmp);
            if (rc) return rc;
        }
        vec_set_valid(out, r);
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, e.len};
    }
    return EDDY_OK;
}

static eddy_status cast_rows(CastCx *c, const Vector *in, Vector *out, const uint32_t *rows, uint32_t nrows) {
    const Type *f = c->from, *t = c->to;
    if (f->root == TY_NULL) {
        FOR_ROWS(i, r) eddy__vec_set_null(out, r);
        return EDDY_OK;
    }
    if (eddy__type_is_string(t)) return to_string(c, in, out, rows, nrows);
    if (eddy__type_is_string(f)) return from_string(c, in, out, rows, nrows);
    bool fnum = eddy__type_is_numeric(f) || f->root == TY_BOOLEAN, tnum = eddy__type_is_numeric(t) || t->root == TY_BOOLEAN;
    bool ftime = f->root == TY_DATE || f->root == TY_TIME || eddy__type_is_timestamp(f);
    bool ttime = t->root == TY_DATE || t->root == TY_TIME || eddy__type_is_timestamp(t);
    if (ftime || ttime) return temporal_cast(c, in, out, rows, nrows);
    if (fnum && tnum) return numeric_cast(c, in, out, rows, nrows);
    if (eddy__type_is_binary(f) && eddy__type_is_binary(t)) {
        FOR_ROWS(i, r) {
            if (vec_is_null(in, r)) {
                eddy__vec_set_null(out, r);
                continue;
            }
            Str s = vec_str(in, r);
            eddy_status rc = put_binary(c, t, out, r, s.p, s.n);
            if (rc) return rc;
        }
        return EDDY_OK;
    }
    if (eddy__type_is_interval(f) && (eddy__type_is_interval(t) || tnum)) {
        FOR_ROWS(i, r) {
            if (vec_is_null(in, r)) eddy__vec_set_null(out, r);
            else if (t->root == TY_DECIMAL) VEC_DATA(out, ed_i128)[r] = (ed_i128)arg_int(in, r) * eddy__pow10_i128(t->scale);
            else out_int(out, r, arg_int(in, r));
        }
        return EDDY_OK;
    }
    if (eddy__type_is_integer(f) && eddy__type_is_interval(t)) {
        FOR_ROWS(i, r) {
            if (vec_is_null(in, r)) eddy__vec_set_null(out, r);
            else out_int(out, r, arg_int(in, r));
        }
        return EDDY_OK;
    }
    if (eddy__type_is_composite(f) && eddy__type_is_composite(t)) return struct_cast(c, in, out, rows, nrows);
    if (f->root == TY_RAW && t->root == TY_STRUCTURED) {
        /* the opaque bytes are a C struct of the structured type */
        FOR_ROWS(i, r) {
            if (vec_is_null(in, r)) {
                eddy__vec_set_null(out, r);
                continue;
            }
            const char *obj = raw_data(&VEC_DATA(in, StrView)[vidx(in, r)]);
            eddy_status rc = eddy__struct_to_vec(t, obj, out, r, c->cx->err);
            if (rc) return rc;
        }
        return EDDY_OK;
    }
    if ((f->root == TY_ARRAY || f->root == TY_MAP || f->root == TY_MULTISET) && f->root == t->root)
        return list_cast(c, in, out, rows, nrows);
    if (f->root == t->root) {
        FOR_ROWS(i, r) eddy__vec_copy_value(out, r, in, r);
        return EDDY_OK;
    }
    return eddy__err(c->cx->err, EDDY_E_UNSUPPORTED, "CAST from %s to %s is not supported yet",
                     eddy__type_str(c->cx->scratch, f), eddy__type_str(c->cx->scratch, t));
}

/* Whether the input vector can stand for the output unchanged. */
static bool cast_is_noop(const Type *f, const Type *t) {
    if (f->root != t->root) {
        /* CHAR(n) read as VARCHAR(m >= n) keeps its bytes */
        return f->root == TY_CHAR && t->root == TY_VARCHAR && t->length >= f->length;
    }
    switch ((TypeRoot)f->root) {
    case TY_CHAR: return f->length == t->length;
    case TY_VARCHAR:
    case TY_VARBINARY: return t->length >= f->length;
    case TY_BINARY: return t->length == f->length;
    case TY_DECIMAL: return f->scale == t->scale && t->precision >= f->precision;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ:
    case TY_TIME: return t->precision >= f->precision;
    case TY_ROW:
    case TY_STRUCTURED:
    case TY_ARRAY:
    case TY_MAP:
    case TY_MULTISET: return eddy__type_equals(f, t, true, true);
    case TY_INTERVAL_YM:
    case TY_INTERVAL_DT: return true;
    default: return true;
    }
}

eddy_status eddy__cast_vector_at(EvalCtx *cx, const Expr *e, const Vector *in, const uint32_t *rows, uint32_t nrows,
                                 uint32_t cap, Vector **out) {
    const Type *t = e->type;
    if (cast_is_noop(in->type, t) && !e->try_cast) {
        *out = eddy__vec_retain((Vector *)in);
        return EDDY_OK;
    }
    Vector *o = eddy__vec_new(t, cap ? cap : 1);
    if (!o) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    CastCx c = {.cx = cx, .from = in->type, .to = t, .try_cast = e->try_cast};
    eddy__buf_init(&c.buf);
    eddy_status rc = cast_rows(&c, in, o, rows, nrows);
    eddy__buf_free(&c.buf);
    if (!rc && o->failed) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    if (rc) {
        eddy__vec_release(o);
        return rc;
    }
    *out = o;
    return EDDY_OK;
}

eddy_status eddy__cast_vector(EvalCtx *cx, const Vector *in, const Type *to, bool try_cast, const uint32_t *rows,
                              uint32_t nrows, Vector **out) {
    Expr e = {.kind = EX_CAST, .type = to, .try_cast = try_cast};
    uint32_t cap = 1;
    for (uint32_t i = 0; i < nrows; i++)
        if (rows[i] + 1 > cap) cap = rows[i] + 1;
    if (in->cap > cap && !in->is_const) cap = in->cap;
    return eddy__cast_vector_at(cx, &e, in, rows, nrows, cap, out);
}
