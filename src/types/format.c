/*
 * format.c -- dates, times, intervals and whole values as Flink shows them:
 * the Java toString forms behind Row.toString (DataStream print()) and the
 * CAST(x AS STRING) forms behind the tableau printer, plus the tableau
 * column widths. Numbers live in format_num.c. See format.h.
 *
 * Both value renderings walk a Vector recursively: a ROW / STRUCTURED value
 * is the same physical slot in each child vector; an ARRAY / MAP / MULTISET
 * value is a ListEntry into child[0] (elements, keys) and child[1] (values,
 * counts). Only the top-level vector may be constant (is_const), so the
 * caller's row index goes through vidx() once and children are read at
 * physical positions.
 */
#include <inttypes.h>

#include "types/format.h"

/* ---- small helpers -------------------------------------------------------- */

static void put2(Buf *b, int64_t v) { eddy__buf_printf(b, "%02d", (int)v); }

/* magnitude of an int64 without overflow at INT64_MIN */
static uint64_t mag64(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

/* ---- java.time forms -------------------------------------------------------- */

/* LocalDate year rules: 4 digits with zero padding, '-' before negative
 * years, '+' before years beyond 9999. */
static void put_year_java(Buf *b, int64_t y) {
    uint64_t a = mag64(y);
    if (a < 1000) {
        if (y < 0) eddy__buf_putc(b, '-');
        eddy__buf_printf(b, "%04" PRIu64, a);
    } else {
        if (y > 9999) eddy__buf_putc(b, '+');
        eddy__buf_printf(b, "%" PRId64, y);
    }
}

static void put_ymd_java(Buf *b, int64_t days) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    put_year_java(b, y);
    eddy__buf_printf(b, "-%02d-%02d", m, d);
}

void eddy__fmt_date_java(Buf *b, int64_t days) { put_ymd_java(b, days); }

/* The nanosecond fraction in groups of three digits (LocalTime.toString,
 * ISO_INSTANT), after a '.'. nano > 0. */
static void put_nano_groups(Buf *b, int64_t nano) {
    if (nano % 1000000 == 0) eddy__buf_printf(b, ".%03d", (int)(nano / 1000000));
    else if (nano % 1000 == 0) eddy__buf_printf(b, ".%06d", (int)(nano / 1000));
    else eddy__buf_printf(b, ".%09d", (int)nano);
}

void eddy__fmt_time_java(Buf *b, int64_t nano_of_day) {
    int64_t secs = nano_of_day / 1000000000;
    int64_t nano = nano_of_day % 1000000000;
    int64_t h = secs / 3600, m = secs / 60 % 60, s = secs % 60;
    put2(b, h);
    eddy__buf_putc(b, ':');
    put2(b, m);
    if (s > 0 || nano > 0) {
        eddy__buf_putc(b, ':');
        put2(b, s);
        if (nano > 0) put_nano_groups(b, nano);
    }
}

static void split_ts(int64_t ms, int32_t nano_of_ms, int64_t *days, int64_t *nano_of_day) {
    *days = eddy__dt_floor_div(ms, DT_MS_PER_DAY);
    *nano_of_day = (ms - *days * DT_MS_PER_DAY) * 1000000 + nano_of_ms;
}

void eddy__fmt_timestamp_java(Buf *b, int64_t ms, int32_t nano_of_ms) {
    int64_t days, nod;
    split_ts(ms, nano_of_ms, &days, &nod);
    put_ymd_java(b, days);
    eddy__buf_putc(b, 'T');
    eddy__fmt_time_java(b, nod);
}

void eddy__fmt_instant_java(Buf *b, int64_t ms, int32_t nano_of_ms) {
    int64_t days, nod;
    split_ts(ms, nano_of_ms, &days, &nod);
    put_ymd_java(b, days);
    int64_t secs = nod / 1000000000, nano = nod % 1000000000;
    eddy__buf_printf(b, "T%02d:%02d:%02d", (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60));
    if (nano > 0) put_nano_groups(b, nano);
    eddy__buf_putc(b, 'Z');
}

void eddy__fmt_duration_java(Buf *b, int64_t ms) {
    if (ms == 0) {
        eddy__buf_puts(b, "PT0S");
        return;
    }
    int64_t seconds = eddy__dt_floor_div(ms, 1000);
    int64_t nanos = eddy__dt_floor_mod(ms, 1000) * 1000000;
    int64_t eff = seconds;
    if (seconds < 0 && nanos > 0) eff++;
    int64_t hours = eff / 3600, minutes = (eff % 3600) / 60, secs = eff % 60;
    size_t start = b->len;
    eddy__buf_puts(b, "PT");
    if (hours != 0) eddy__buf_printf(b, "%" PRId64 "H", hours);
    if (minutes != 0) eddy__buf_printf(b, "%" PRId64 "M", minutes);
    if (secs == 0 && nanos == 0 && b->len - start > 2) return;
    if (seconds < 0 && nanos > 0 && secs == 0) eddy__buf_puts(b, "-0");
    else eddy__buf_printf(b, "%" PRId64, secs);
    if (nanos > 0) {
        /* Java appends 1e9 + nanos (2e9 - nanos when negative), strips the
         * trailing zeros and turns the leading '1' into the point */
        char frac[16];
        int n = snprintf(frac, sizeof frac, "%" PRId64, seconds < 0 ? 2000000000 - nanos : nanos + 1000000000);
        while (n > 1 && frac[n - 1] == '0') n--;
        frac[0] = '.';
        eddy__buf_put(b, frac, (size_t)n);
    }
    eddy__buf_putc(b, 'S');
}

void eddy__fmt_period_java(Buf *b, int64_t months, IntervalRes res) {
    int64_t y = 0, m = 0;
    if (res == IR_YEAR) y = months / 12;
    else if (res == IR_MONTH) m = months;
    else y = months / 12, m = months % 12;
    if (y == 0 && m == 0) {
        eddy__buf_puts(b, "P0D");
        return;
    }
    eddy__buf_putc(b, 'P');
    if (y != 0) eddy__buf_printf(b, "%" PRId64 "Y", y);
    if (m != 0) eddy__buf_printf(b, "%" PRId64 "M", m);
}

/* ---- Flink DateTimeUtils forms ---------------------------------------------- */

/* int4 of DateTimeUtils for years 0..9999; beyond that all digits. */
static void put_ymd_sql(Buf *b, int64_t days) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    if (y < 0) eddy__buf_printf(b, "-%04" PRIu64, mag64(y));
    else eddy__buf_printf(b, "%04" PRId64, y);
    eddy__buf_printf(b, "-%02d-%02d", m, d);
}

void eddy__fmt_date_sql(Buf *b, int64_t days) { put_ymd_sql(b, days); }

void eddy__fmt_time_sql(Buf *b, int32_t ms_of_day, int precision) {
    int64_t t = eddy__dt_floor_mod(ms_of_day, DT_MS_PER_DAY);
    int64_t ms = t % 1000;
    eddy__buf_printf(b, "%02d:%02d:%02d", (int)(t / DT_MS_PER_HOUR), (int)(t / DT_MS_PER_MINUTE % 60),
                     (int)(t / 1000 % 60));
    if (precision > 0) {
        eddy__buf_putc(b, '.');
        /* digit by digit; stops after the last non-zero one (at least one
         * digit), as Timestamp.toString does */
        while (precision > 0) {
            eddy__buf_putc(b, (char)('0' + ms / 100));
            ms = ms % 100 * 10;
            if (ms == 0) break;
            precision--;
        }
    }
}

void eddy__fmt_timestamp_sql(Buf *b, int64_t ms, int32_t nano_of_ms, int precision) {
    int64_t days, nod;
    split_ts(ms, nano_of_ms, &days, &nod);
    put_ymd_sql(b, days);
    int64_t secs = nod / 1000000000, nano = nod % 1000000000;
    eddy__buf_printf(b, " %02d:%02d:%02d", (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60));
    char frac[16];
    int n = snprintf(frac, sizeof frac, "%09d", (int)nano);
    while (n > precision && frac[n - 1] == '0') n--;
    if (n > 0) {
        eddy__buf_putc(b, '.');
        eddy__buf_put(b, frac, (size_t)n);
    }
}

void eddy__fmt_interval_ym_sql(Buf *b, int64_t months) {
    uint64_t v = mag64(months);
    eddy__buf_printf(b, "%c%" PRIu64 "-%02d", months >= 0 ? '+' : '-', v / 12, (int)(v % 12));
}

void eddy__fmt_interval_dt_sql(Buf *b, int64_t ms) {
    uint64_t v = mag64(ms);
    uint64_t frac = v % 1000, s = v / 1000 % 60, m = v / 60000 % 60, h = v / 3600000 % 24, d = v / 86400000;
    eddy__buf_printf(b, "%c%" PRIu64 " %02d:%02d:%02d.%03d", ms >= 0 ? '+' : '-', d, (int)h, (int)m, (int)s,
                     (int)frac);
}

/* ---- values ----------------------------------------------------------------- */

typedef struct FmtCtx {
    bool sql;
    const TimeZone *tz; /* sql: the session zone for TIMESTAMP_LTZ */
} FmtCtx;

const char *eddy__row_kind_str(uint8_t kind) {
    static const char *const names[] = {"+I", "-U", "+U", "-D"};
    return kind < 4 ? names[kind] : "??";
}

static void fmt_slot(Buf *b, const Vector *v, uint32_t j, const FmtCtx *cx);

/* The object of a RAW slot: RAW bytes always live in the vector's heap,
 * whatever their length (vector.c raw_set), so the pointer is read directly
 * rather than through sv_data (which assumes short values are inline). */
static const void *raw_object(const StrView *sv) { return sv->u.ext.ptr; }

static void fmt_raw(Buf *b, const Vector *v, uint32_t j) {
    const Type *t = v->type;
    const StrView *sv = &VEC_DATA(v, StrView)[j];
    const void *obj = raw_object(sv);
    const RawOps *ops = t->raw;
    if (obj && ops && ops->to_string) {
        char small[128];
        int r = ops->to_string(ops->ctx, obj, small, sizeof small);
        if (r >= 0 && (size_t)r < sizeof small) {
            eddy__buf_put(b, small, (size_t)r);
            return;
        }
        if (r >= 0 && eddy__buf_reserve(b, (size_t)r + 1)) {
            int r2 = ops->to_string(ops->ctx, obj, b->data + b->len, (size_t)r + 1);
            if (r2 >= 0) {
                b->len += (size_t)(r2 < r ? r2 : r);
                b->data[b->len] = 0;
                return;
            }
        }
    }
    /* Object.toString: class name, '@', the hash in hex */
    uint32_t h = (uint32_t)eddy__hash_bytes(obj ? obj : "", obj ? sv->len : 0, 0);
    eddy__buf_printf(b, "%s@%08x", t->class_name ? t->class_name : "Object", h);
}

static void fmt_list(Buf *b, const Vector *v, uint32_t j, const FmtCtx *cx) {
    ListEntry e = VEC_DATA(v, ListEntry)[j];
    bool is_map = v->type->root != TY_ARRAY && v->nchild > 1;
    eddy__buf_putc(b, is_map ? '{' : '[');
    for (uint32_t k = 0; k < e.len; k++) {
        if (k) eddy__buf_puts(b, ", ");
        fmt_slot(b, v->child[0], e.off + k, cx);
        if (is_map) {
            eddy__buf_putc(b, '=');
            fmt_slot(b, v->child[1], e.off + k, cx);
        }
    }
    eddy__buf_putc(b, is_map ? '}' : ']');
}

static void fmt_struct(Buf *b, const Vector *v, uint32_t j, const FmtCtx *cx) {
    const Type *t = v->type;
    int n = v->nchild < t->nfields ? v->nchild : t->nfields;
    if (cx->sql) {
        eddy__buf_putc(b, '(');
        for (int f = 0; f < n; f++) {
            if (f) eddy__buf_puts(b, ", ");
            fmt_slot(b, v->child[f], j, cx);
        }
        eddy__buf_putc(b, ')');
        return;
    }
    if (t->root == TY_STRUCTURED && t->class_name) {
        /* Lombok's @ToString: SimpleName(field=value, ...) */
        const char *name = strrchr(t->class_name, '.');
        eddy__buf_puts(b, name ? name + 1 : t->class_name);
        eddy__buf_putc(b, '(');
        for (int f = 0; f < n; f++) {
            if (f) eddy__buf_puts(b, ", ");
            eddy__buf_puts(b, t->fields[f].name ? t->fields[f].name : "");
            eddy__buf_putc(b, '=');
            fmt_slot(b, v->child[f], j, cx);
        }
        eddy__buf_putc(b, ')');
        return;
    }
    /* a nested Row prints its own toString, always as an insert */
    eddy__buf_puts(b, "+I[");
    for (int f = 0; f < n; f++) {
        if (f) eddy__buf_puts(b, ", ");
        fmt_slot(b, v->child[f], j, cx);
    }
    eddy__buf_putc(b, ']');
}

static void fmt_bytes(Buf *b, Str s, const FmtCtx *cx) {
    const unsigned char *p = (const unsigned char *)s.p;
    if (cx->sql) {
        static const char hex[] = "0123456789abcdef";
        eddy__buf_puts(b, "x'");
        for (size_t k = 0; k < s.n; k++) {
            eddy__buf_putc(b, hex[p[k] >> 4]);
            eddy__buf_putc(b, hex[p[k] & 15]);
        }
        eddy__buf_putc(b, '\'');
        return;
    }
    eddy__buf_putc(b, '[');
    for (size_t k = 0; k < s.n; k++) eddy__buf_printf(b, k ? ", %d" : "%d", (int)(int8_t)p[k]);
    eddy__buf_putc(b, ']');
}

/* One value at physical slot j of v. */
static void fmt_slot(Buf *b, const Vector *v, uint32_t j, const FmtCtx *cx) {
    if (vec_is_null(v, j)) {
        eddy__buf_puts(b, "null");
        return;
    }
    const Type *t = v->type;
    switch ((TypeRoot)t->root) {
    case TY_NULL: eddy__buf_puts(b, "null"); return;
    case TY_BOOLEAN: {
        bool x = VEC_DATA(v, uint8_t)[j] != 0;
        eddy__buf_puts(b, cx->sql ? (x ? "TRUE" : "FALSE") : (x ? "true" : "false"));
        return;
    }
    case TY_TINYINT: eddy__buf_printf(b, "%d", (int)VEC_DATA(v, int8_t)[j]); return;
    case TY_SMALLINT: eddy__buf_printf(b, "%d", (int)VEC_DATA(v, int16_t)[j]); return;
    case TY_INT:
    case TY_SYMBOL: eddy__buf_printf(b, "%" PRId32, VEC_DATA(v, int32_t)[j]); return;
    case TY_BIGINT: eddy__buf_printf(b, "%" PRId64, VEC_DATA(v, int64_t)[j]); return;
    case TY_FLOAT: eddy__fmt_float(b, VEC_DATA(v, float)[j]); return;
    case TY_DOUBLE: eddy__fmt_double(b, VEC_DATA(v, double)[j]); return;
    case TY_DECIMAL: eddy__fmt_decimal(b, VEC_DATA(v, ed_i128)[j], t->scale, cx->sql); return;
    case TY_CHAR:
    case TY_VARCHAR: {
        const StrView *sv = &VEC_DATA(v, StrView)[j];
        eddy__buf_put(b, sv_data(sv), sv->len);
        return;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        const StrView *sv = &VEC_DATA(v, StrView)[j];
        Str s = {sv_data(sv), sv->len};
        fmt_bytes(b, s, cx);
        return;
    }
    case TY_DATE: {
        int32_t days = VEC_DATA(v, int32_t)[j];
        if (cx->sql) eddy__fmt_date_sql(b, days);
        else eddy__fmt_date_java(b, days);
        return;
    }
    case TY_TIME: {
        int32_t ms = VEC_DATA(v, int32_t)[j];
        if (cx->sql) eddy__fmt_time_sql(b, ms, t->precision);
        else eddy__fmt_time_java(b, eddy__dt_floor_mod(ms, DT_MS_PER_DAY) * 1000000);
        return;
    }
    case TY_TIMESTAMP: {
        Ts ts = VEC_DATA(v, Ts)[j];
        if (cx->sql) eddy__fmt_timestamp_sql(b, ts.ms, ts.ns, t->precision);
        else eddy__fmt_timestamp_java(b, ts.ms, ts.ns);
        return;
    }
    case TY_TIMESTAMP_LTZ: {
        Ts ts = VEC_DATA(v, Ts)[j];
        if (cx->sql) eddy__fmt_timestamp_sql(b, eddy__tz_to_local(cx->tz, ts.ms), ts.ns, t->precision);
        else eddy__fmt_instant_java(b, ts.ms, ts.ns);
        return;
    }
    case TY_INTERVAL_YM: {
        int32_t months = VEC_DATA(v, int32_t)[j];
        if (cx->sql) eddy__fmt_interval_ym_sql(b, months);
        else eddy__fmt_period_java(b, months, (IntervalRes)t->ires);
        return;
    }
    case TY_INTERVAL_DT: {
        int64_t ms = VEC_DATA(v, int64_t)[j];
        if (cx->sql) eddy__fmt_interval_dt_sql(b, ms);
        else eddy__fmt_duration_java(b, ms);
        return;
    }
    case TY_ARRAY:
    case TY_MAP:
    case TY_MULTISET: fmt_list(b, v, j, cx); return;
    case TY_ROW:
    case TY_STRUCTURED: fmt_struct(b, v, j, cx); return;
    case TY_RAW: fmt_raw(b, v, j); return;
    case TY__COUNT: break;
    }
    eddy__buf_puts(b, "?");
}

void eddy__fmt_value_java(Buf *b, const Vector *v, uint32_t i) {
    FmtCtx cx = {false, NULL};
    fmt_slot(b, v, vidx(v, i), &cx);
}

void eddy__fmt_row_java(Buf *b, uint8_t kind, Vector *const *cols, int ncols, uint32_t row) {
    eddy__buf_puts(b, eddy__row_kind_str(kind));
    eddy__buf_putc(b, '[');
    for (int c = 0; c < ncols; c++) {
        if (c) eddy__buf_puts(b, ", ");
        eddy__fmt_value_java(b, cols[c], row);
    }
    eddy__buf_putc(b, ']');
}

void eddy__fmt_value_sql(Buf *b, const Vector *v, uint32_t i, const TimeZone *session_zone) {
    FmtCtx cx = {true, session_zone ? session_zone : eddy__tz_utc()};
    fmt_slot(b, v, vidx(v, i), &cx);
}

/* ---- tableau widths ------------------------------------------------------- */

static int timestamp_width(int p) {
    if (p == 0) return 19;
    if (p <= 3) return 23;
    if (p <= 6) return 26;
    return 29;
}

int eddy__tableau_type_width(const Type *t, int max_width) {
    switch ((TypeRoot)t->root) {
    case TY_TINYINT: return 4;
    case TY_SMALLINT: return 6;
    case TY_INT: return 11;
    case TY_BIGINT: return 20;
    case TY_DECIMAL: return t->precision + 2;
    case TY_BOOLEAN: return 5;
    case TY_DATE: return 10;
    case TY_TIME: return t->precision == 0 ? 8 : t->precision + 9;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return timestamp_width(t->precision);
    default: return max_width;
    }
}

/* Java String.length of UTF-8 text: code points, supplementary ones 2. */
static int utf16_length(const char *s) {
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p & 0xC0) == 0x80) continue;
        n += *p >= 0xF0 ? 2 : 1;
    }
    return n;
}

int eddy__tableau_column_width(const Type *t, const char *name, int max_width, bool null_as_empty) {
    int w = eddy__tableau_type_width(t, max_width);
    if (!null_as_empty && w < 6) w = 6;
    int hn = name ? utf16_length(name) : 0;
    return hn > w ? hn : w;
}
