/*
 * bind_expr.c -- binding scalar SQL expressions: resolving column names in
 * a scope, typing literals as Calcite types them, mapping operators and
 * function calls to built-in functions (with their implicit casts), and
 * desugaring the SQL forms that are not functions of their own (BETWEEN,
 * COALESCE, NULLIF, IF, simple CASE, IN lists).
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

#include "expr/functions.h"
#include "plan/bind_int.h"
#include "sql/parser.h"
#include "types/datetime.h"
#include "types/format.h"

/* ---- errors ------------------------------------------------------------------------- */

eddy_status eddy__bind_err(Binder *b, const AstPos *pos, eddy_status code, const char *fmt, ...) {
    if (eddy__err_is_set(b->err)) return code;
    Buf buf;
    eddy__buf_init(&buf);
    /* Table API expressions have no SQL text to point into */
    if (b->be->table_api) pos = NULL;
    if (pos && pos->line)
        eddy__buf_printf(&buf, "From line %d, column %d to line %d, column %d: ", pos->line, pos->col, pos->end_line,
                         pos->end_col);
    va_list ap;
    va_start(ap, fmt);
    eddy__buf_vprintf(&buf, fmt, ap);
    va_end(ap);
    eddy__err(b->err, code, "%s", eddy__buf_cstr(&buf));
    eddy__buf_free(&buf);
    if (pos) {
        b->err->line = pos->line;
        b->err->col = pos->col;
        b->err->end_line = pos->end_line;
        b->err->end_col = pos->end_col;
    }
    return code;
}

eddy_status eddy__bind_unsupported(Binder *b, const AstPos *pos, const char *feature) {
    return eddy__bind_err(b, pos, EDDY_E_UNSUPPORTED, "not supported yet: %s", feature);
}

/* Turns an error from a function's inference (no position) into one at pos. */
static eddy_status relocate(Binder *b, const AstPos *pos, EdErr *e) {
    eddy_status code = e->code;
    if (code == EDDY_E_NOMEM) {
        eddy__err_move(b->err, e);
        return code;
    }
    eddy__bind_err(b, pos, code, "%s", e->msg ? e->msg : eddy_status_str(code));
    eddy__err_clear(e);
    return code;
}

void eddy__binder_init(Binder *b, const BindEnv *be, EdErr *err) {
    memset(b, 0, sizeof *b);
    b->be = be;
    b->a = be->a;
    b->err = err;
    eddy__arena_init(&b->scratch, 4096);
    b->cx.scratch = &b->scratch;
    b->cx.err = err;
    b->cx.tz = be->tz;
    b->cx.now_ms = be->now_ms;
    b->cx.proc_ms = be->now_ms;
}

void eddy__binder_done(Binder *b) { eddy__arena_destroy(&b->scratch); }

static Expr *at(Expr *e, const AstPos *pos) {
    if (e && pos) {
        e->line = pos->line;
        e->col = pos->col;
    }
    return e;
}

/* ---- literals ----------------------------------------------------------------------------- */

Expr *eddy__bind_string_literal(Binder *b, const char *s, size_t n) {
    Value v = {.type = eddy__type_char(b->a, (int32_t)eddy__utf8_len(s, n), false)};
    v.u.str.p = s;
    v.u.str.n = n;
    return eddy__expr_literal(b->a, &v);
}

/* Number of fraction digits in a time literal ("12:00:01.123" -> 3). */
static int frac_digits(const char *s) {
    const char *dot = strrchr(s, '.');
    if (!dot) return 0;
    int n = 0;
    for (const char *p = dot + 1; isdigit((unsigned char)*p); p++) n++;
    return n;
}

/* An approximate literal ("1.5e400") in the scientific notation of
 * Calcite's out-of-range message: the BigDecimal's unscaled digits cut to
 * 20, trailing zeros dropped when its scale is 0, "E" and the exponent of
 * the first digit ("1.5E400", "1.0E401" for 10e400). */
static void approx_notation(Buf *out, const char *txt) {
    Buf digits;
    eddy__buf_init(&digits);
    long scale = 0;
    bool frac = false;
    const char *p = txt;
    for (; *p && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.') {
            frac = true;
        } else if (isdigit((unsigned char)*p)) {
            if (frac) scale++;
            if (digits.len || *p != '0') eddy__buf_putc(&digits, *p);
        }
    }
    long exp = 0;
    if (*p) exp = strtol(p + 1, NULL, 10); /* saturates: a literal that large is refused anyway */
    if (!digits.len) eddy__buf_putc(&digits, '0');
    const char *u = eddy__buf_cstr(&digits);
    long len = (long)digits.len;
    scale -= exp;
    long e10 = len - scale - 1;
    size_t keep = ED_MIN(digits.len, 20);
    if (scale == 0)
        while (keep > 1 && u[keep - 1] == '0') keep--;
    eddy__buf_putc(out, u[0]);
    if (keep > 1) {
        eddy__buf_putc(out, '.');
        eddy__buf_put(out, u + 1, keep - 1);
    }
    eddy__buf_printf(out, "E%ld", e10);
    eddy__buf_free(&digits);
}

static eddy_status bind_literal(Binder *b, const AstExpr *e, Expr **out) {
    Value v = {0};
    const char *txt = e->u.lit.text;
    switch (e->u.lit.lit_kind) {
    case AST_LIT_INTEGER: {
        ed_i128 x;
        if (eddy__parse_i128(txt, strlen(txt), &x) != EDDY_OK || x > eddy__i128_pow10(38) - 1)
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Numeric literal '%s' out of range", txt);
        if (x <= INT32_MAX) {
            v.type = eddy__type_basic(TY_INT, false);
            v.u.i = (int64_t)x;
        } else if (x <= INT64_MAX) {
            v.type = eddy__type_basic(TY_BIGINT, false);
            v.u.i = (int64_t)x;
        } else {
            int digits = 0;
            for (const char *p = txt; *p; p++) digits += isdigit((unsigned char)*p) ? 1 : 0;
            v.type = eddy__type_decimal(b->a, digits, 0, false);
            v.u.dec = x;
        }
        break;
    }
    case AST_LIT_DECIMAL: {
        /* BigDecimal precision/scale of the text: 1.50 -> DECIMAL(3, 2) */
        const char *dot = strchr(txt, '.');
        int scale = dot ? (int)strlen(dot + 1) : 0;
        int digits = 0;
        bool leading = true;
        for (const char *p = txt; *p; p++) {
            if (!isdigit((unsigned char)*p)) continue;
            if (leading && *p == '0') continue;
            leading = false;
            digits++;
        }
        int precision = ED_MAX(digits, scale);
        if (precision < 1) precision = 1;
        if (precision > 38) return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Numeric literal '%s' out of range", txt);
        v.type = eddy__type_decimal(b->a, precision, scale, false);
        if (eddy__parse_decimal(txt, strlen(txt), precision, scale, &v.u.dec))
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Numeric literal '%s' out of range", txt);
        break;
    }
    case AST_LIT_APPROX:
        v.type = eddy__type_basic(TY_DOUBLE, false);
        v.u.d = strtod(txt, NULL);
        if (isinf(v.u.d)) {
            /* Calcite: a DOUBLE literal must be finite (an underflow is 0) */
            Buf sci;
            eddy__buf_init(&sci);
            approx_notation(&sci, txt);
            eddy_status rc = eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Numeric literal '%s' out of range",
                                            eddy__buf_cstr(&sci));
            eddy__buf_free(&sci);
            return rc;
        }
        break;
    case AST_LIT_STRING:
        *out = at(eddy__bind_string_literal(b, e->u.lit.value, e->u.lit.value_len), &e->pos);
        return *out ? EDDY_OK : eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    case AST_LIT_BINARY: {
        Type *t = eddy__type_new(b->a, TY_BINARY, false);
        if (!t) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
        t->length = (int32_t)e->u.lit.value_len;
        v.type = t;
        v.u.str.p = e->u.lit.value;
        v.u.str.n = e->u.lit.value_len;
        break;
    }
    case AST_LIT_TRUE:
    case AST_LIT_FALSE:
        v.type = eddy__type_basic(TY_BOOLEAN, false);
        v.u.b = e->u.lit.lit_kind == AST_LIT_TRUE;
        break;
    case AST_LIT_UNKNOWN:
        v.type = eddy__type_basic(TY_BOOLEAN, true);
        v.is_null = true;
        break;
    case AST_LIT_NULL:
        v.type = eddy__type_basic(TY_NULL, true);
        v.is_null = true;
        break;
    case AST_LIT_DATE: {
        int32_t days;
        const char *s = e->u.lit.value;
        if (eddy__dt_parse_date(s, strlen(s), &days))
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Illegal DATE literal '%s': not in format 'yyyy-MM-dd'", s);
        v.type = eddy__type_basic(TY_DATE, false);
        v.u.i = days;
        break;
    }
    case AST_LIT_TIME: {
        int32_t ms;
        const char *s = e->u.lit.value;
        if (eddy__dt_parse_time(s, strlen(s), &ms))
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Illegal TIME literal '%s': not in format 'HH:mm:ss'", s);
        v.type = eddy__type_timestamp(b->a, TY_TIME, ED_MIN(frac_digits(s), 9), false);
        v.u.i = ms;
        break;
    }
    case AST_LIT_TIMESTAMP:
    case AST_LIT_TIMESTAMP_LTZ: {
        const char *s = e->u.lit.value;
        int p = ED_MIN(frac_digits(s), 9);
        int64_t ms;
        int32_t ns;
        if (eddy__dt_parse_timestamp(s, strlen(s), 9, &ms, &ns))
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION,
                                  "Illegal TIMESTAMP literal '%s': not in format 'yyyy-MM-dd HH:mm:ss'", s);
        bool ltz = e->u.lit.lit_kind == AST_LIT_TIMESTAMP_LTZ;
        if (ltz) ms = eddy__tz_from_local(b->be->tz ? b->be->tz : eddy__tz_utc(), ms);
        v.type = eddy__type_timestamp(b->a, ltz ? TY_TIMESTAMP_LTZ : TY_TIMESTAMP, p, false);
        v.u.ts = (Ts){ms, ns};
        break;
    }
    }
    if (!v.type) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    *out = at(eddy__expr_literal(b->a, &v), &e->pos);
    return *out ? EDDY_OK : eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
}

/* ---- intervals ----------------------------------------------------------------------------- */

static int64_t unit_ms(AstTimeUnit u) {
    switch (u) {
    case AST_TU_WEEK: return 7 * 86400000LL;
    case AST_TU_DAY: return 86400000LL;
    case AST_TU_HOUR: return 3600000LL;
    case AST_TU_MINUTE: return 60000LL;
    case AST_TU_SECOND: return 1000LL;
    case AST_TU_MILLISECOND: return 1LL;
    default: return 0;
    }
}

static IntervalRes interval_res(AstTimeUnit from, AstTimeUnit to) {
    switch (from) {
    case AST_TU_YEAR: return to == AST_TU_MONTH ? IR_YEAR_TO_MONTH : IR_YEAR;
    case AST_TU_QUARTER:
    case AST_TU_MONTH: return IR_MONTH;
    case AST_TU_WEEK:
    case AST_TU_DAY:
        return to == AST_TU_HOUR ? IR_DAY_TO_HOUR : to == AST_TU_MINUTE ? IR_DAY_TO_MINUTE
               : to == AST_TU_SECOND ? IR_DAY_TO_SECOND : IR_DAY;
    case AST_TU_HOUR: return to == AST_TU_MINUTE ? IR_HOUR_TO_MINUTE : to == AST_TU_SECOND ? IR_HOUR_TO_SECOND : IR_HOUR;
    case AST_TU_MINUTE: return to == AST_TU_SECOND ? IR_MINUTE_TO_SECOND : IR_MINUTE;
    default: return IR_SECOND;
    }
}

static bool is_ym(AstTimeUnit u) { return u == AST_TU_YEAR || u == AST_TU_MONTH || u == AST_TU_QUARTER; }

/* Parses the digits groups of an interval string ("1 02:03:04.5") into up
 * to 5 numbers; the last group may have a fraction (returned in ms). */
static bool interval_fields(const char *s, int64_t *f, int *nf, int64_t *frac_ms, bool *neg) {
    *nf = 0;
    *frac_ms = 0;
    *neg = false;
    while (*s == ' ') s++;
    if (*s == '-' || *s == '+') {
        *neg = *s == '-';
        s++;
    }
    for (;;) {
        if (!isdigit((unsigned char)*s) || *nf >= 5) return false;
        int64_t v = 0;
        while (isdigit((unsigned char)*s)) {
            /* saturates: a field that long fails its range check (with its digits) */
            if (v <= 100000000000000LL) v = v * 10 + (*s - '0');
            s++;
        }
        f[(*nf)++] = v;
        if (*s == '.') {
            s++;
            int64_t ms = 0;
            int k = 0;
            while (isdigit((unsigned char)*s)) {
                if (k < 3) ms = ms * 10 + (*s - '0');
                k++;
                s++;
            }
            for (; k < 3; k++) ms *= 10;
            *frac_ms = ms;
            break;
        }
        if (*s == ' ' || *s == ':' || *s == '-') {
            s++;
            continue;
        }
        break;
    }
    while (*s == ' ') s++;
    return *s == 0;
}

/* The qualifier as Calcite prints it in its messages: "DAY(3) TO SECOND(6)",
 * "SECOND(2, 3)", each precision only where it was written. */
static void interval_qualifier(Buf *q, const AstExpr *e) {
    AstTimeUnit from = e->u.interval.from, to = e->u.interval.to;
    int p = e->u.interval.precision, f = e->u.interval.frac_precision;
    eddy__buf_puts(q, eddy__sql_time_unit_name(from));
    if (from == AST_TU_SECOND && !to && p >= 0 && f >= 0) eddy__buf_printf(q, "(%d, %d)", p, f);
    else if (p >= 0) eddy__buf_printf(q, "(%d)", p);
    if (to) {
        eddy__buf_printf(q, " TO %s", eddy__sql_time_unit_name(to));
        if (f >= 0) eddy__buf_printf(q, "(%d)", f);
    }
}

/* digits (no leading zeros) with Java's grouping ("106,751,991,167"). */
static void grouped(Buf *b, const char *digits, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) eddy__buf_putc(b, ',');
        eddy__buf_putc(b, digits[i]);
    }
}

/* Calcite's error for an interval string that does not fit its qualifier. */
static eddy_status bad_interval(Binder *b, const AstExpr *e) {
    Buf q;
    eddy__buf_init(&q);
    interval_qualifier(&q, e);
    eddy_status rc = eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Illegal interval literal format '%s' for INTERVAL %s",
                                    e->u.interval.value, eddy__buf_cstr(&q));
    eddy__buf_free(&q);
    return rc;
}

/* Calcite's checks of an interval literal before its value is taken: the
 * precisions of the qualifier (1..10 leading, 1..9 fractional), then the
 * leading field against its precision (below 10^p; at precision 10 up to
 * Integer.MAX_VALUE), then the other fields against their units (months
 * 0..11, hours 0..23, minutes and seconds 0..59). The checks also keep the
 * value within a long. */
static eddy_status interval_ranges(Binder *b, const AstExpr *e, int prec, const int64_t *f, int nf) {
    const char *txt = e->u.interval.value;
    Buf q;
    eddy__buf_init(&q);
    interval_qualifier(&q, e);
    eddy_status rc = EDDY_OK;
    int fp = e->u.interval.frac_precision;
    if (prec < 1 || prec > 10) {
        rc = eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Interval leading field precision '%d' out of range for INTERVAL %s",
                            prec, eddy__buf_cstr(&q));
    } else if (fp >= 0 && (fp < 1 || fp > 9)) {
        rc = eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION,
                            "Interval fractional second precision '%d' out of range for INTERVAL %s", fp, eddy__buf_cstr(&q));
    }
    if (!rc) {
        /* the leading field's digits, as written */
        const char *p = txt;
        while (*p == ' ') p++;
        bool neg = *p == '-';
        if (*p == '-' || *p == '+') p++;
        while (*p == '0' && isdigit((unsigned char)p[1])) p++;
        size_t nd = 0;
        while (isdigit((unsigned char)p[nd])) nd++;
        bool over = prec < 10 ? nd > (size_t)prec : nd > 10 || (nd == 10 && strncmp(p, "2147483647", 10) > 0);
        if (over) {
            Buf v;
            eddy__buf_init(&v);
            if (neg) eddy__buf_putc(&v, '-');
            grouped(&v, p, nd);
            rc = eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Interval field value %s exceeds precision of %s(%d) field",
                                eddy__buf_cstr(&v), eddy__sql_time_unit_name(e->u.interval.from), prec);
            eddy__buf_free(&v);
        }
    }
    if (!rc) {
        /* the limit of each field after the first, by the unit it stands for */
        AstTimeUnit from = e->u.interval.from;
        static const AstTimeUnit order[] = {AST_TU_DAY, AST_TU_HOUR, AST_TU_MINUTE, AST_TU_SECOND};
        int first = from == AST_TU_HOUR ? 1 : from == AST_TU_MINUTE ? 2 : from == AST_TU_SECOND ? 3 : 0;
        for (int k = 1; k < nf && !rc; k++) {
            int64_t lim = is_ym(from) ? 11 : order[first + k] == AST_TU_HOUR ? 23 : 59;
            if (f[k] > lim) rc = bad_interval(b, e);
        }
    }
    eddy__buf_free(&q);
    return rc;
}

static eddy_status bind_interval(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    AstTimeUnit from = e->u.interval.from, to = e->u.interval.to;
    bool ym = is_ym(from);
    IntervalRes res = interval_res(from, to);
    int prec = e->u.interval.precision >= 0 ? e->u.interval.precision : 2;
    int frac = e->u.interval.frac_precision >= 0 ? e->u.interval.frac_precision : (from == AST_TU_SECOND || to == AST_TU_SECOND ? 3 : 0);
    const Type *t = eddy__type_interval(b->a, ym ? TY_INTERVAL_YM : TY_INTERVAL_DT, res, prec, frac, false);
    if (!t) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    if (!ym && !unit_ms(from)) return eddy__bind_unsupported(b, &e->pos, "this interval unit");
    if (!e->u.interval.value) {
        /* INTERVAL x DAY: x times one unit */
        Expr *x;
        eddy_status rc = eddy__bind_scalar(b, sc, e->u.interval.operand, &x);
        if (rc) return rc;
        Value one = {.type = t};
        one.u.i = ym ? (from == AST_TU_YEAR ? 12 : from == AST_TU_QUARTER ? 3 : 1) : unit_ms(from);
        Expr *args[2] = {eddy__expr_literal(b->a, &one), x};
        EdErr e2 = {0};
        rc = eddy__expr_call_name(b->a, "*", args, 2, out, &e2);
        if (rc) return relocate(b, &e->pos, &e2);
        return EDDY_OK;
    }
    int64_t f[5], frac_ms;
    int nf;
    bool neg;
    if (!interval_fields(e->u.interval.value, f, &nf, &frac_ms, &neg)) return bad_interval(b, e);
    Value v = {.type = t};
    /* the fields expected by each resolution */
    static const int want[] = {[IR_YEAR] = 1, [IR_YEAR_TO_MONTH] = 2, [IR_MONTH] = 1, [IR_DAY] = 1,
                               [IR_DAY_TO_HOUR] = 2, [IR_DAY_TO_MINUTE] = 3, [IR_DAY_TO_SECOND] = 4,
                               [IR_HOUR] = 1, [IR_HOUR_TO_MINUTE] = 2, [IR_HOUR_TO_SECOND] = 3,
                               [IR_MINUTE] = 1, [IR_MINUTE_TO_SECOND] = 2, [IR_SECOND] = 1};
    if (nf != want[res] || (frac_ms && !(res == IR_SECOND || res == IR_DAY_TO_SECOND || res == IR_HOUR_TO_SECOND ||
                                         res == IR_MINUTE_TO_SECOND)))
        return bad_interval(b, e);
    eddy_status rc = interval_ranges(b, e, prec, f, nf);
    if (rc) return rc;
    int64_t val;
    if (ym) {
        if (res == IR_YEAR_TO_MONTH) val = f[0] * 12 + f[1];
        else val = f[0] * (from == AST_TU_YEAR ? 12 : from == AST_TU_QUARTER ? 3 : 1);
    } else {
        static const int64_t scale[] = {86400000LL, 3600000LL, 60000LL, 1000LL};
        int first = from == AST_TU_DAY || from == AST_TU_WEEK ? 0 : from == AST_TU_HOUR ? 1 : from == AST_TU_MINUTE ? 2 : 3;
        val = 0;
        for (int k = 0; k < nf; k++) val += f[k] * scale[first + k];
        if (from == AST_TU_WEEK) val *= 7;
        val += frac_ms;
    }
    if (neg) val = -val;
    if (e->u.interval.sign < 0) val = -val;
    if (ym && (val > INT32_MAX || val < INT32_MIN)) {
        /* Flink's code generator holds months in an int */
        eddy__err(b->err, EDDY_E_TABLE, "Decimal '%lld' can not be converted to interval of months.", (long long)val);
        return EDDY_E_TABLE;
    }
    v.u.i = val;
    *out = at(eddy__expr_literal(b->a, &v), &e->pos);
    return *out ? EDDY_OK : eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
}

/* ---- casts ------------------------------------------------------------------------------------- */

/* Flink's message for a CAST between a number and a TIMESTAMP or
 * TIMESTAMP_LTZ, which its cast rules refuse when the cast is planned (the
 * type system lets it through, so TRY_CAST is refused too); NULL for any
 * other cast. */
static const char *numeric_timestamp_cast(const Type *from, const Type *to) {
    if (eddy__type_is_numeric(from) && to->root == TY_TIMESTAMP)
        return "The cast from NUMERIC type to TIMESTAMP type is not allowed. It's recommended to use "
               "TO_TIMESTAMP(FROM_UNIXTIME(numeric_col)) instead, note the numeric is in seconds.";
    if (eddy__type_is_numeric(from) && to->root == TY_TIMESTAMP_LTZ)
        return "The cast from NUMERIC type to TIMESTAMP_LTZ type is not allowed. It's recommended to use "
               "TO_TIMESTAMP_LTZ(numeric_col, precision) instead.";
    if (from->root == TY_TIMESTAMP && eddy__type_is_numeric(to))
        return "The cast from TIMESTAMP type to NUMERIC type is not allowed. It's recommended to use "
               "UNIX_TIMESTAMP(CAST(timestamp_col AS STRING)) instead.";
    if (from->root == TY_TIMESTAMP_LTZ && eddy__type_is_numeric(to))
        return "The cast from TIMESTAMP_LTZ type to NUMERIC type is not allowed.";
    return NULL;
}

/* ---- names ------------------------------------------------------------------------------------- */

static int find_col(const ScopeTable *t, const char *name) {
    for (int i = 0; i < t->ncols; i++)
        if (strcmp(t->names[i], name) == 0) return i;
    return -1;
}

/* Field access on a composite expression, by name. */
static eddy_status field_access(Binder *b, Expr *base, const char *field, const AstPos *pos, Expr **out) {
    const Type *t = base->type;
    if (!eddy__type_is_composite(t))
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Column '%s' not found in any table", field);
    int k = eddy__type_field_index(t, field);
    if (k < 0) return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Unknown field '%s'", field);
    Expr *e = eddy__arena_alloc(b->a, sizeof *e);
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *));
    if (!e || !args) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    args[0] = base;
    e->kind = EX_FIELD;
    e->index = k;
    e->nargs = 1;
    e->args = args;
    e->type = eddy__type_with_nullable(b->a, eddy__type_with_timeattr(b->a, t->fields[k].type, TA_NONE),
                                       t->nullable || t->fields[k].type->nullable);
    *out = at(e, pos);
    return EDDY_OK;
}

/* Position of one part of a compound identifier (for messages). */
static AstPos part_pos(const AstExpr *e, int k) {
    AstPos p = e->pos;
    (void)k;
    return p;
}

/* The Table API's message for an unknown field: "Cannot resolve field [x],
 * input field list:[a, b]." */
static eddy_status table_api_unknown(Binder *b, const char *name, const Scope *sc) {
    Buf t;
    eddy__buf_init(&t);
    for (int i = 0; i < sc->ntables; i++)
        for (int c = 0; c < sc->tables[i].ncols; c++)
            eddy__buf_printf(&t, "%s%s", t.len ? ", " : "", sc->tables[i].names[c]);
    eddy_status rc = eddy__bind_err(b, NULL, EDDY_E_VALIDATION, "Cannot resolve field [%s], input field list:[%s].", name,
                                    eddy__buf_cstr(&t));
    eddy__buf_free(&t);
    return rc;
}

static eddy_status bind_ident(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    const AstName *n = &e->u.ident.name;
    int consumed = 0, col = -1;
    const ScopeTable *found_t = NULL;
    /* qualified: t.c */
    if (n->nparts >= 2) {
        for (int i = 0; i < sc->ntables; i++) {
            const ScopeTable *t = &sc->tables[i];
            if (t->alias && strcmp(t->alias, n->parts[0]) == 0) {
                int c = find_col(t, n->parts[1]);
                if (c < 0) {
                    AstPos p = part_pos(e, 1);
                    return eddy__bind_err(b, &p, EDDY_E_VALIDATION, "Column '%s' not found in table '%s'", n->parts[1],
                                          n->parts[0]);
                }
                found_t = t;
                col = c;
                consumed = 2;
                break;
            }
        }
    }
    if (!found_t) {
        for (int i = 0; i < sc->ntables; i++) {
            const ScopeTable *t = &sc->tables[i];
            int c = find_col(t, n->parts[0]);
            if (c < 0) continue;
            if (found_t) return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Column '%s' is ambiguous", n->parts[0]);
            found_t = t;
            col = c;
            consumed = 1;
        }
    }
    if (!found_t) {
        if (b->outer) {
            /* a column of an enclosing query */
            eddy_status rc = eddy__bind_outer_ref(b, n, &e->pos, out);
            if (rc || *out) return rc;
        }
        if (n->nparts >= 2) {
            bool alias_known = false;
            for (int i = 0; i < sc->ntables; i++)
                if (sc->tables[i].alias && strcmp(sc->tables[i].alias, n->parts[0]) == 0) alias_known = true;
            if (!alias_known && sc->ntables)
                return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Table '%s' not found", n->parts[0]);
        }
        if (b->be->table_api) return table_api_unknown(b, n->parts[0], sc);
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Column '%s' not found in any table", n->parts[0]);
    }
    Expr *x = eddy__expr_column(b->a, found_t->offset + col, found_t->types[col]);
    if (!x) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    at(x, &e->pos);
    for (int k = consumed; k < n->nparts; k++) {
        eddy_status rc = field_access(b, x, n->parts[k], &e->pos, &x);
        if (rc) return rc;
    }
    *out = x;
    return EDDY_OK;
}

/* ---- calls --------------------------------------------------------------------------------------- */

static eddy_status call(Binder *b, const AstPos *pos, const char *name, Expr **args, int nargs, Expr **out) {
    EdErr e2 = {0};
    eddy_status rc = eddy__expr_call_name(b->a, name, args, nargs, out, &e2);
    if (rc) return relocate(b, pos, &e2);
    at(*out, pos);
    return EDDY_OK;
}

static eddy_status bind_args(Binder *b, const Scope *sc, AstExpr *const *in, int n, Expr ***out) {
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n ? n : 1));
    if (!args) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < n; i++) {
        eddy_status rc = eddy__bind_scalar(b, sc, in[i], &args[i]);
        if (rc) return rc;
    }
    *out = args;
    return EDDY_OK;
}

/* Builds CASE WHEN c1 THEN v1 ... ELSE d END with all values coerced to
 * their common type (branches of NULL type adapt). */
static eddy_status make_case(Binder *b, const AstPos *pos, Expr **conds, Expr **vals, int n, Expr *els, Expr **out) {
    const Type *t = els ? els->type : NULL;
    for (int i = 0; i < n; i++) {
        const Type *c = t ? eddy__type_common(b->a, t, vals[i]->type) : vals[i]->type;
        if (!c) {
            Buf tb;
            eddy__buf_init(&tb);
            eddy__type_print(&tb, t);
            eddy__buf_puts(&tb, " and ");
            eddy__type_print(&tb, vals[i]->type);
            eddy_status rc = eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Illegal mixing of types in CASE or COALESCE statement: %s",
                                            eddy__buf_cstr(&tb));
            eddy__buf_free(&tb);
            return rc;
        }
        t = c;
    }
    if (!els || els->type->root == TY_NULL || els->type->nullable) t = eddy__type_with_nullable(b->a, t, true);
    if (t->root == TY_NULL) t = eddy__type_basic(TY_NULL, true);
    Expr *e = eddy__arena_alloc(b->a, sizeof *e);
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(2 * n + 1));
    if (!e || !args) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    EdErr e2 = {0};
    for (int i = 0; i < n; i++) {
        if (conds[i]->type->root != TY_BOOLEAN && conds[i]->type->root != TY_NULL)
            return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Expected a boolean type");
        args[2 * i] = conds[i];
        if (eddy__expr_cast(b->a, vals[i], eddy__type_with_nullable(b->a, t, vals[i]->type->nullable || t->nullable), false,
                            &args[2 * i + 1], &e2))
            return relocate(b, pos, &e2);
    }
    if (!els) els = eddy__expr_null(b->a, t);
    if (!els || eddy__expr_cast(b->a, els, t, false, &args[2 * n], &e2)) return e2.code ? relocate(b, pos, &e2) : EDDY_E_NOMEM;
    e->kind = EX_CASE;
    e->type = t;
    e->nargs = 2 * n + 1;
    e->args = args;
    *out = at(e, pos);
    return EDDY_OK;
}

bool eddy__bind_is_aggregate(const char *n) {
    static const char *aggs[] = {"COUNT", "SUM", "SUM0", "AVG", "MIN", "MAX", "STDDEV", "STDDEV_POP", "STDDEV_SAMP",
                                 "VARIANCE", "VAR_POP", "VAR_SAMP", "COLLECT", "LISTAGG", "FIRST_VALUE", "LAST_VALUE",
                                 "ARRAY_AGG", "JSON_ARRAYAGG", "JSON_OBJECTAGG", "ROW_NUMBER", "RANK", "DENSE_RANK",
                                 "PERCENT_RANK", "CUME_DIST", "NTILE", "LAG", "LEAD", "BIT_AND", "BIT_OR", "BIT_XOR"};
    for (size_t i = 0; i < ED_ARRAY_LEN(aggs); i++)
        if (eddy__str_ieq(n, aggs[i])) return true;
    return false;
}

static bool is_aggregate(const char *n) { return eddy__bind_is_aggregate(n); }

/* Flink's signature text for "No match found for function signature". */
static void signature(Buf *sb, const char *name, Expr *const *args, int nargs) {
    eddy__buf_printf(sb, "%s(", name);
    for (int i = 0; i < nargs; i++) {
        if (i) eddy__buf_puts(sb, ", ");
        const Type *t = args[i]->type;
        const char *fam = eddy__type_is_numeric(t)          ? "NUMERIC"
                          : eddy__type_is_string(t)         ? "CHARACTER"
                          : eddy__type_is_binary(t)         ? "BINARY"
                          : t->root == TY_BOOLEAN           ? "BOOLEAN"
                          : t->root == TY_DATE              ? "DATE"
                          : t->root == TY_TIME              ? "TIME"
                          : eddy__type_is_timestamp(t)      ? "TIMESTAMP"
                          : eddy__type_is_interval(t)       ? "INTERVAL"
                          : t->root == TY_NULL              ? "NULL"
                                                            : "ANY";
        eddy__buf_printf(sb, "<%s>", fam);
    }
    eddy__buf_putc(sb, ')');
}

static const FuncDef *user_function(Binder *b, const char *name, int pass) {
    return b->be->functions ? b->be->functions(b->be->functions_ctx, name, pass) : NULL;
}

/* Special syntax whose keywords arrive as AST_SYMBOL arguments, mapped onto
 * the call layouts of the function library (src/expr/README.md): each symbol
 * becomes a character literal with its text, followed by its operand (the
 * x of DEFAULT x ON ..); FLOOR/CEIL(x TO unit) become FLOOR_TO/CEIL_TO(unit,
 * x); RETURNING t is appended as 'RETURNING' and a NULL literal of type t;
 * JSON_OBJECT/JSON_ARRAY always get their ON NULL clause first. */
static eddy_status bind_symbol_call(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    const char *name = e->u.call.name;
    int n = e->u.call.nargs;
    AstExpr *const *aargs = e->u.call.args;
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(2 * n + 3));
    if (!args) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    int k = 0;
    bool json_ctor = !strcmp(name, "JSON_OBJECT") || !strcmp(name, "JSON_ARRAY");
    if (json_ctor) {
        const char *on_null = !strcmp(name, "JSON_OBJECT") ? "NULL ON NULL" : "ABSENT ON NULL";
        for (int i = 0; i < n; i++)
            if (aargs[i]->kind == AST_SYMBOL) on_null = aargs[i]->u.symbol.sym;
        if (!(args[k++] = eddy__bind_string_literal(b, on_null, strlen(on_null))))
            return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        const AstExpr *a = aargs[i];
        eddy_status rc;
        if (a->kind != AST_SYMBOL) {
            if ((rc = eddy__bind_scalar(b, sc, a, &args[k++]))) return rc;
            continue;
        }
        if (json_ctor) continue;
        const char *sym = a->u.symbol.sym;
        if (!(args[k++] = eddy__bind_string_literal(b, sym, strlen(sym))))
            return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
        if (a->u.symbol.operand && (rc = eddy__bind_scalar(b, sc, a->u.symbol.operand, &args[k++]))) return rc;
    }
    if (e->u.call.type) {
        if (!(args[k++] = eddy__bind_string_literal(b, "RETURNING", 9)) || !(args[k++] = eddy__expr_null(b->a, e->u.call.type)))
            return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    }
    if (!strcmp(name, "FLOOR") || !strcmp(name, "CEIL")) {
        Expr *x = args[0];
        args[0] = args[1];
        args[1] = x;
        name = name[0] == 'F' ? "FLOOR_TO" : "CEIL_TO";
    }
    return call(b, &e->pos, name, args, k, out);
}

static eddy_status bind_call(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    const char *name = e->u.call.name;
    const AstPos *pos = &e->pos;
    AstExpr *const *aargs = e->u.call.args;
    int n = e->u.call.nargs;
    eddy_status rc;
    if (e->u.call.over || e->u.call.over_name) return eddy__bind_unsupported(b, pos, "OVER windows");
    if (is_aggregate(name)) {
        /* aggregate contexts bind aggregates through their hook; elsewhere they are illegal */
        if (b->clause)
            return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Aggregate expression is illegal in %s clause", b->clause);
        return eddy__bind_unsupported(b, pos, "aggregate functions here");
    }
    if (e->u.call.distinct || e->u.call.filter) return eddy__bind_unsupported(b, pos, "DISTINCT / FILTER in calls");
    for (int i = 0; i < n; i++)
        if (aargs[i] && aargs[i]->kind == AST_STAR)
            return eddy__bind_err(b, &aargs[i]->pos, EDDY_E_VALIDATION, "Unknown identifier '*'");
    if (e->u.call.fname.nparts > 1) return eddy__bind_unsupported(b, pos, "functions in a catalog path");

    /* forms that are not functions of their own */
    if (!strcmp(name, "TRIM")) {
        Expr *args[3];
        const char *flag = aargs[0]->u.symbol.sym;
        Value fv = {.type = eddy__type_basic(TY_INT, false)};
        fv.u.i = !strcmp(flag, "LEADING") ? 1 : !strcmp(flag, "TRAILING") ? 2 : 0;
        args[0] = eddy__expr_literal(b->a, &fv);
        if (aargs[1]) {
            if ((rc = eddy__bind_scalar(b, sc, aargs[1], &args[1]))) return rc;
        } else {
            args[1] = eddy__bind_string_literal(b, " ", 1);
        }
        if ((rc = eddy__bind_scalar(b, sc, aargs[2], &args[2]))) return rc;
        return call(b, pos, "TRIM", args, 3, out);
    }
    if (!strcmp(name, "POSITION") && n == 3) name = "LOCATE";
    if (!strcmp(name, "EXTRACT") || !strcmp(name, "TIMESTAMPADD") || !strcmp(name, "TIMESTAMPDIFF") ||
        ((!strcmp(name, "FLOOR") || !strcmp(name, "CEIL")) && n == 2) || !strcmp(name, "JSON_VALUE") ||
        !strcmp(name, "JSON_QUERY") || !strcmp(name, "JSON_EXISTS") || !strcmp(name, "JSON_OBJECT") ||
        !strcmp(name, "JSON_ARRAY"))
        return bind_symbol_call(b, sc, e, out);

    Expr **args = NULL;
    if ((rc = bind_args(b, sc, aargs, n, &args))) return rc;

    if (eddy__str_ieq(name, "COALESCE") || eddy__str_ieq(name, "IFNULL") || eddy__str_ieq(name, "NVL")) {
        if (n < 1) return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'.", name);
        Expr **conds = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)n);
        if (!conds) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
        for (int i = 0; i < n - 1; i++) {
            Expr *a1[1] = {args[i]};
            if ((rc = call(b, pos, "IS NOT NULL", a1, 1, &conds[i]))) return rc;
        }
        if ((rc = make_case(b, pos, conds, args, n - 1, args[n - 1], out))) return rc;
        /* COALESCE is NOT NULL when any argument is */
        for (int i = 0; i < n; i++)
            if (!args[i]->type->nullable) (*out)->type = eddy__type_with_nullable(b->a, (*out)->type, false);
        return EDDY_OK;
    }
    if (eddy__str_ieq(name, "NULLIF")) {
        if (n != 2) return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Invalid number of arguments to function 'NULLIF'.");
        Expr *eq, *a2[2] = {args[0], args[1]};
        if ((rc = call(b, pos, "=", a2, 2, &eq))) return rc;
        Expr *null = eddy__expr_null(b->a, args[0]->type);
        Expr *conds[1] = {eq}, *vals[1] = {null};
        return make_case(b, pos, conds, vals, 1, args[0], out);
    }
    if (eddy__str_ieq(name, "IF")) {
        if (n != 3) return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Invalid number of arguments to function 'IF'.");
        Expr *conds[1] = {args[0]}, *vals[1] = {args[1]};
        return make_case(b, pos, conds, vals, 1, args[2], out);
    }
    if (!strcmp(name, "DOT")) {
        const AstExpr *f = aargs[1];
        const char *field = f->kind == AST_IDENT ? f->u.ident.name.parts[f->u.ident.name.nparts - 1] : "?";
        return field_access(b, args[0], field, pos, out);
    }
    const FuncDef *fn = user_function(b, name, 0);
    if (!fn) fn = eddy__fn_lookup(name);
    if (!fn) fn = user_function(b, name, 1);
    if (!fn && b->be->table_api) {
        /* Table API names in camelCase: charLength -> CHAR_LENGTH */
        const char *sql = eddy__sql_table_api_name(b->a, name);
        if (sql && strcmp(sql, name)) fn = eddy__fn_lookup(sql);
    }
    if (!fn) {
        Buf sb;
        eddy__buf_init(&sb);
        signature(&sb, name, args, n);
        rc = eddy__bind_err(b, pos, EDDY_E_VALIDATION, "No match found for function signature %s", eddy__buf_cstr(&sb));
        eddy__buf_free(&sb);
        return rc;
    }
    if (fn->flags & FN_AGGREGATE) {
        /* a C aggregate function where no aggregate may be */
        if (b->clause)
            return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Aggregate expression is illegal in %s clause", b->clause);
        return eddy__bind_unsupported(b, pos, "aggregate functions here");
    }
    if (!strcmp(fn->name, "SOURCE_WATERMARK"))
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION,
                              "SOURCE_WATERMARK() can only be used as the watermark expression of a table source.");
    EdErr e2 = {0};
    rc = eddy__expr_call(b->a, fn, args, n, out, &e2);
    if (rc) return relocate(b, pos, &e2);
    at(*out, pos);
    /* the database the statement is planned in (Flink's query-level
     * table.query.current-database) */
    if (!strcmp(fn->name, "CURRENT_DATABASE") &&
        !((*out)->fn_data = eddy__arena_strdup(b->a, b->be->current_database ? b->be->current_database
                                                                            : "default_database")))
        return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* ---- the expression forms ---------------------------------------------------------------------- */

static eddy_status bind_case(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    int n = e->u.case_.nwhens;
    Expr **conds = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n ? n : 1));
    Expr **vals = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n ? n : 1));
    if (!conds || !vals) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    Expr *operand = NULL, *els = NULL;
    eddy_status rc;
    if (e->u.case_.operand && (rc = eddy__bind_scalar(b, sc, e->u.case_.operand, &operand))) return rc;
    for (int i = 0; i < n; i++) {
        Expr *w;
        if ((rc = eddy__bind_scalar(b, sc, e->u.case_.whens[i], &w))) return rc;
        if (operand) {
            Expr *a2[2] = {operand, w};
            if ((rc = call(b, &e->u.case_.whens[i]->pos, "=", a2, 2, &w))) return rc;
        }
        conds[i] = w;
        if ((rc = eddy__bind_scalar(b, sc, e->u.case_.thens[i], &vals[i]))) return rc;
    }
    if (e->u.case_.else_ && (rc = eddy__bind_scalar(b, sc, e->u.case_.else_, &els))) return rc;
    return make_case(b, &e->pos, conds, vals, n, els, out);
}

static eddy_status negate(Binder *b, const AstPos *pos, Expr *x, Expr **out) {
    Expr *a1[1] = {x};
    return call(b, pos, "NOT", a1, 1, out);
}

static eddy_status bind_between(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    Expr *x, *lo, *hi, *c1, *c2, *r;
    eddy_status rc;
    if ((rc = eddy__bind_scalar(b, sc, e->u.between.operand, &x)) || (rc = eddy__bind_scalar(b, sc, e->u.between.low, &lo)) ||
        (rc = eddy__bind_scalar(b, sc, e->u.between.high, &hi)))
        return rc;
    Expr *a[2] = {x, lo};
    if ((rc = call(b, &e->pos, ">=", a, 2, &c1))) return rc;
    Expr *a2[2] = {x, hi};
    if ((rc = call(b, &e->pos, "<=", a2, 2, &c2))) return rc;
    Expr *and2[2] = {c1, c2};
    if ((rc = call(b, &e->pos, "AND", and2, 2, &r))) return rc;
    if (e->u.between.symmetric == 2) {
        Expr *d1, *d2, *r2;
        Expr *a3[2] = {x, hi}, *a4[2] = {x, lo};
        if ((rc = call(b, &e->pos, ">=", a3, 2, &d1)) || (rc = call(b, &e->pos, "<=", a4, 2, &d2))) return rc;
        Expr *and3[2] = {d1, d2};
        if ((rc = call(b, &e->pos, "AND", and3, 2, &r2))) return rc;
        Expr *or2[2] = {r, r2};
        if ((rc = call(b, &e->pos, "OR", or2, 2, &r))) return rc;
    }
    if (e->u.between.negated) return negate(b, &e->pos, r, out);
    *out = r;
    return EDDY_OK;
}

static eddy_status bind_in(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    int n = e->u.in.nlist + 1;
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)n);
    if (!args) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__bind_scalar(b, sc, e->u.in.operand, &args[0]);
    for (int i = 0; !rc && i < e->u.in.nlist; i++) rc = eddy__bind_scalar(b, sc, e->u.in.list[i], &args[i + 1]);
    if (rc) return rc;
    Expr *r;
    if ((rc = call(b, &e->pos, "IN", args, n, &r))) return rc;
    if (e->u.in.negated) return negate(b, &e->pos, r, out);
    *out = r;
    return EDDY_OK;
}

static eddy_status bind_like(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    Expr *args[3];
    int n = 2;
    eddy_status rc;
    if ((rc = eddy__bind_scalar(b, sc, e->u.like.operand, &args[0])) || (rc = eddy__bind_scalar(b, sc, e->u.like.pattern, &args[1])))
        return rc;
    if (e->u.like.escape) {
        if ((rc = eddy__bind_scalar(b, sc, e->u.like.escape, &args[2]))) return rc;
        n = 3;
    }
    Expr *r;
    if ((rc = call(b, &e->pos, e->u.like.similar ? "SIMILAR" : "LIKE", args, n, &r))) return rc;
    if (e->u.like.negated) return negate(b, &e->pos, r, out);
    *out = r;
    return EDDY_OK;
}

eddy_status eddy__bind_scalar(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    if (b->hook) {
        bool done = false;
        eddy_status rc = b->hook(b, sc, e, out, &done);
        if (rc || done) return rc;
    }
    switch (e->kind) {
    case AST_LITERAL: return bind_literal(b, e, out);
    case AST_IDENT: return bind_ident(b, sc, e, out);
    case AST_CALL: return bind_call(b, sc, e, out);
    case AST_CASE: return bind_case(b, sc, e, out);
    case AST_CAST: {
        Expr *x;
        eddy_status rc = eddy__bind_scalar(b, sc, e->u.cast.operand, &x);
        if (rc) return rc;
        const Type *t = e->u.cast.type;
        /* CAST keeps the operand's nullability unless NOT NULL was written */
        if (t->nullable && !x->type->nullable && x->type->root != TY_NULL) t = eddy__type_with_nullable(b->a, t, false);
        const char *refused = numeric_timestamp_cast(x->type, t);
        if (refused && !eddy__err_is_set(b->err)) {
            eddy__err(b->err, EDDY_E_VALIDATION, "%s", refused);
            b->err->planning = true; /* Flink's cast rules refuse it when they generate code */
            return EDDY_E_VALIDATION;
        }
        if (refused) return b->err->code;
        EdErr e2 = {0};
        if (eddy__expr_cast(b->a, x, t, e->u.cast.try_, out, &e2)) return relocate(b, &e->pos, &e2);
        if (*out == x) {
            /* an identity cast still drops the time attribute */
            if (x->type->timeattr) {
                Expr *c = eddy__arena_dup(b->a, x, sizeof *x);
                if (!c) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
                c->type = eddy__type_with_timeattr(b->a, x->type, TA_NONE);
                *out = c;
            }
        }
        at(*out, &e->pos);
        return EDDY_OK;
    }
    case AST_INTERVAL: return bind_interval(b, sc, e, out);
    case AST_BETWEEN: return bind_between(b, sc, e, out);
    case AST_IN: return e->u.in.query ? eddy__bind_subquery_expr(b, sc, e, out) : bind_in(b, sc, e, out);
    case AST_LIKE: return bind_like(b, sc, e, out);
    case AST_SUBQUERY:
    case AST_EXISTS: return eddy__bind_subquery_expr(b, sc, e, out);
    case AST_STAR: return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Unknown identifier '*'");
    case AST_NAMED_ARG:
    case AST_TABLE_ARG:
    case AST_SYMBOL:
    case AST_DEFAULT: return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "This argument form is not allowed here.");
    }
    return eddy__bind_err(b, &e->pos, EDDY_E_INTERNAL, "unknown expression kind");
}

const char *eddy__bind_derived_name(const AstExpr *e) {
    if (e->kind == AST_IDENT) return e->u.ident.name.parts[e->u.ident.name.nparts - 1];
    if (e->kind == AST_CALL && !strcmp(e->u.call.name, "DOT") && e->u.call.nargs == 2 &&
        e->u.call.args[1]->kind == AST_IDENT) {
        const AstName *n = &e->u.call.args[1]->u.ident.name;
        return n->parts[n->nparts - 1];
    }
    return NULL;
}

eddy_status eddy__bind_expr(const BindEnv *be, const BindCols *cols, const AstExpr *e, Expr **out, EdErr *err) {
    Binder b;
    eddy__binder_init(&b, be, err);
    ScopeTable t = {NULL, 0, cols->n, cols->names, cols->types};
    Scope sc = {1, &t, cols->n};
    eddy_status rc = eddy__bind_scalar(&b, &sc, e, out);
    eddy__binder_done(&b);
    return rc;
}
