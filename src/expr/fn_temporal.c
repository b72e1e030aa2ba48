/*
 * fn_temporal.c -- date-time field functions with Flink's results:
 * EXTRACT(unit, x) and its shorthands YEAR, QUARTER, MONTH, WEEK,
 * DAYOFYEAR, DAYOFMONTH, DAYOFWEEK, HOUR, MINUTE, SECOND; FLOOR_TO and
 * CEIL_TO (SQL's FLOOR/CEIL(x TO unit)); TIMESTAMPADD and TIMESTAMPDIFF.
 *
 * The time unit arrives as the first argument, a character literal with the
 * unit's name in upper case ('YEAR', 'QUARTER', ..., 'DOW', 'EPOCH', ...),
 * which the binder makes of SQL's special syntax.
 *
 * The calendar rules are those of Flink's DateTimeUtils (julianExtract,
 * julianDateFloor, subtractMonths, timestampFloor/Ceil with the session
 * zone for TIMESTAMP_LTZ). One deliberate difference: time-of-day fields of
 * timestamps before 1970 use floor arithmetic (Flink's generated code uses
 * Java's % there and returns negative hours).
 */
#include "expr/functions.h"
#include "types/datetime.h"

#define DAY_MS 86400000LL

typedef enum TUnit {
    U_YEAR,
    U_QUARTER,
    U_MONTH,
    U_WEEK,
    U_DAY,
    U_HOUR,
    U_MINUTE,
    U_SECOND,
    U_MILLISECOND,
    U_MICROSECOND,
    U_NANOSECOND,
    U_DOW,
    U_DOY,
    U_EPOCH,
    U_DECADE,
    U_CENTURY,
    U_MILLENNIUM,
    U_ISODOW,
    U_ISOYEAR,
    U__COUNT
} TUnit;

static const char *const tunit_names[U__COUNT] = {"YEAR",        "QUARTER",     "MONTH",      "WEEK",   "DAY",
                                                  "HOUR",        "MINUTE",      "SECOND",     "MILLISECOND",
                                                  "MICROSECOND", "NANOSECOND",  "DOW",        "DOY",    "EPOCH",
                                                  "DECADE",      "CENTURY",     "MILLENNIUM", "ISODOW", "ISOYEAR"};

/* Milliseconds of the fixed-length units. */
static int64_t unit_ms(TUnit u) {
    switch (u) {
    case U_WEEK: return 7 * DAY_MS;
    case U_DAY: return DAY_MS;
    case U_HOUR: return 3600000;
    case U_MINUTE: return 60000;
    case U_SECOND: return 1000;
    case U_MILLISECOND: return 1;
    default: return 0;
    }
}

static bool is_date_unit(TUnit u) {
    return u == U_YEAR || u == U_QUARTER || u == U_MONTH || u == U_WEEK || u == U_DAY || u == U_DOW || u == U_DOY ||
           u == U_DECADE || u == U_CENTURY || u == U_MILLENNIUM || u == U_ISODOW || u == U_ISOYEAR;
}

typedef struct TmData {
    TUnit unit;
} TmData;

/* Reads the unit literal in args[0]; false when it is not one. */
static bool unit_of(const Expr *e, TUnit *out) {
    if (e->kind != EX_LITERAL || e->value.is_null || !eddy__type_is_string(e->type)) return false;
    Str s = e->value.u.str;
    while (s.n && s.p[s.n - 1] == ' ') s.n--; /* CHAR padding */
    for (int i = 0; i < U__COUNT; i++)
        if (eddy__strn_ieq(s.p, s.n, tunit_names[i])) {
            *out = (TUnit)i;
            return true;
        }
    return false;
}

static eddy_status set_unit(Arena *a, const void **data, TUnit u, EdErr *err) {
    TmData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->unit = u;
    *data = d;
    return EDDY_OK;
}

/* Calcite's name of a type in "Cannot apply" texts. */
static void tm_calcite_type(Buf *b, const Type *t) {
    Type tmp = *t;
    tmp.nullable = true;
    tmp.timeattr = TA_NONE;
    if (t->root == TY_TIMESTAMP_LTZ) eddy__buf_printf(b, "TIMESTAMP_WITH_LOCAL_TIME_ZONE(%d)", t->precision);
    else if (t->root == TY_INT) eddy__buf_puts(b, "INTEGER");
    else eddy__type_print(b, &tmp);
}

/* "Cannot apply 'EXTRACT' to arguments of type 'EXTRACT(<INTERVAL HOUR> FROM <DATE>)'..." */
static eddy_status unit_type_error(EdErr *err, const char *fn, TUnit u, const Type *t, const char *form) {
    Buf b;
    eddy__buf_init(&b);
    bool extract = !strcmp(fn, "EXTRACT");
    eddy__buf_printf(&b, "Cannot apply '%s' to arguments of type '%s(", fn, fn);
    if (extract) {
        eddy__buf_printf(&b, "<INTERVAL %s> FROM <", tunit_names[u]);
        tm_calcite_type(&b, t);
        eddy__buf_puts(&b, ">)'.");
    } else {
        eddy__buf_putc(&b, '<');
        tm_calcite_type(&b, t);
        eddy__buf_printf(&b, ">, <INTERVAL %s>)'.", tunit_names[u]);
    }
    eddy__buf_printf(&b, " Supported form(s): '%s'", form);
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

/* ---- calendar pieces -------------------------------------------------------------------- */

static inline int64_t tm_fdiv(int64_t a, int64_t b) { return eddy__dt_floor_div(a, b); }
static inline int64_t tm_fmod(int64_t a, int64_t b) { return eddy__dt_floor_mod(a, b); }

/* ISO-8601 week number of a day, and its week-based year. */
static int iso_week(int64_t days, int64_t *iso_year) {
    int dow = eddy__dt_day_of_week(days); /* 1 Mon .. 7 Sun */
    int64_t thursday = days - (dow - 1) + 3;
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(thursday, &y, &m, &d);
    if (iso_year) *iso_year = y;
    return (int)((thursday - eddy__dt_days_from_civil(y, 1, 1)) / 7 + 1);
}

/* julianExtract for the date units. */
static int64_t extract_date(TUnit u, int64_t days) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    switch (u) {
    case U_YEAR: return y;
    case U_QUARTER: return (m + 2) / 3;
    case U_MONTH: return m;
    case U_DAY: return d;
    case U_DOW: return eddy__dt_day_of_week(days) % 7 + 1; /* Sunday = 1 */
    case U_ISODOW: return eddy__dt_day_of_week(days);
    case U_DOY: return eddy__dt_day_of_year(days);
    case U_WEEK: return iso_week(days, NULL);
    case U_ISOYEAR: {
        int64_t iy;
        iso_week(days, &iy);
        return iy;
    }
    case U_DECADE: return y / 10;
    case U_CENTURY: return y > 0 ? (y + 99) / 100 : (y - 99) / 100;
    case U_MILLENNIUM: return y > 0 ? (y + 999) / 1000 : (y - 999) / 1000;
    case U_EPOCH: return days * 86400;
    default: return 0;
    }
}

/* DateTimeUtils.subtractMonths on day numbers and on epoch milliseconds. */
static int64_t months_between_days(int64_t d0, int64_t d1) {
    if (d0 < d1) return -months_between_days(d1, d0);
    int64_t m = (d0 - d1) / 31;
    for (;;) {
        if (eddy__dt_add_months(d1, m) >= d0) return m;
        if (eddy__dt_add_months(d1, m + 1) > d0) return m;
        m++;
    }
}

static int64_t months_between_ms(int64_t t0, int64_t t1) {
    int64_t ms0 = tm_fmod(t0, DAY_MS), ms1 = tm_fmod(t1, DAY_MS);
    int64_t d0 = tm_fdiv(t0, DAY_MS), d1 = tm_fdiv(t1, DAY_MS);
    int64_t x = months_between_days(d0, d1);
    if (eddy__dt_add_months(d1, x) == d0 && ms0 < ms1) x--;
    return x;
}

/* julianDateFloor: the first day of the unit containing `days` (floor), or
 * Calcite's ceiling of it, which looks at the date only. */
static int64_t date_floor(TUnit u, int64_t days, bool floor) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    int q = (m + 2) / 3;
    switch (u) {
    case U_MILLENNIUM:
        return eddy__dt_days_from_civil(floor ? 1000 * ((y + 999) / 1000) - 999 : 1000 * ((y + 999) / 1000) + 1, 1, 1);
    case U_CENTURY:
        return eddy__dt_days_from_civil(floor ? 100 * ((y + 99) / 100) - 99 : 100 * ((y + 99) / 100) + 1, 1, 1);
    case U_DECADE: return eddy__dt_days_from_civil(floor ? 10 * (y / 10) : 10 * (1 + y / 10), 1, 1);
    case U_YEAR:
        if (!floor && (m > 1 || d > 1)) y++;
        return eddy__dt_days_from_civil(y, 1, 1);
    case U_MONTH: {
        int64_t first = eddy__dt_days_from_civil(y, m, 1);
        return !floor && d > 1 ? eddy__dt_add_months(first, 1) : first;
    }
    case U_QUARTER:
        if (!floor && (m > 1 || d > 1)) q++;
        return eddy__dt_add_months(eddy__dt_days_from_civil(y, 1, 1), (q - 1) * 3);
    case U_WEEK: {
        int dow = eddy__dt_day_of_week(days) % 7; /* 0 Sunday */
        int off = dow;
        if (!floor && off > 0) off -= 7;
        return days - off;
    }
    case U_DAY: return floor ? days : days + 1;
    default: return days;
    }
}

/* SqlFunctions.floor / ceil on longs. */
static int64_t lfloor(int64_t a, int64_t b) { return a - tm_fmod(a, b); }
static int64_t lceil(int64_t a, int64_t b) {
    int64_t r = tm_fmod(a, b);
    return r ? a - r + b : a;
}

static const TimeZone *tm_zone(EvalCtx *cx) { return cx->tz ? cx->tz : eddy__tz_utc(); }

/* ---- EXTRACT ------------------------------------------------------------------------------- */

static const char *const EXTRACT_FORM = "EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME>)";

/* Checks that unit u applies to type t. */
static eddy_status check_extract(EdErr *err, const char *fn, TUnit u, const Type *t) {
    TypeRoot r = (TypeRoot)t->root;
    switch (r) {
    case TY_DATE:
        if (!is_date_unit(u) && u != U_EPOCH) return unit_type_error(err, fn, u, t, EXTRACT_FORM);
        return EDDY_OK;
    case TY_TIME:
        if (is_date_unit(u) || u == U_EPOCH)
            return eddy__err(err, EDDY_E_VALIDATION, "unit %s can not be applied to time variable", tunit_names[u]);
        if (u == U_MICROSECOND || u == U_NANOSECOND) {
            Buf b;
            eddy__buf_init(&b);
            eddy__type_print(&b, t);
            eddy__err(err, EDDY_E_VALIDATION, "unit %s can not be applied to %s variable", tunit_names[u],
                      eddy__buf_cstr(&b));
            eddy__buf_free(&b);
            return EDDY_E_VALIDATION;
        }
        return EDDY_OK;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return EDDY_OK;
    case TY_INTERVAL_YM:
        if (u == U_YEAR || u == U_QUARTER || u == U_MONTH || u == U_DECADE || u == U_CENTURY || u == U_MILLENNIUM)
            return EDDY_OK;
        return unit_type_error(err, fn, u, t, EXTRACT_FORM);
    case TY_INTERVAL_DT:
        if (u == U_DAY || u == U_HOUR || u == U_MINUTE || u == U_SECOND || u == U_MILLISECOND) return EDDY_OK;
        return unit_type_error(err, fn, u, t, EXTRACT_FORM);
    default: return unit_type_error(err, fn, u, t, EXTRACT_FORM);
    }
}

static eddy_status infer_extract(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                 const void **data, EdErr *err) {
    TUnit u;
    if (!unit_of(args[0], &u))
        return eddy__err(err, EDDY_E_VALIDATION, "EXTRACT needs a time unit literal as its first argument.");
    (void)nargs;
    (void)fn;
    eddy_status rc = check_extract(err, "EXTRACT", u, args[1]->type);
    if (rc) return rc;
    *out = eddy__type_basic(TY_BIGINT, args[1]->type->nullable);
    return set_unit(a, data, u, err);
}

/* One field of the value at row r of v (type t). */
static int64_t extract_one(EvalCtx *cx, TUnit u, const Type *t, const Vector *v, uint32_t r) {
    switch ((TypeRoot)t->root) {
    case TY_DATE: return extract_date(u, ARG(v, int32_t, r));
    case TY_TIME: {
        int64_t ms = tm_fmod(ARG(v, int32_t, r), DAY_MS);
        switch (u) {
        case U_HOUR: return ms / 3600000;
        case U_MINUTE: return ms % 3600000 / 60000;
        case U_SECOND: return ms % 60000 / 1000;
        case U_MILLISECOND: return ms % 1000;
        default: return 0;
        }
    }
    case TY_INTERVAL_YM: {
        int64_t m = arg_int(v, r);
        switch (u) {
        case U_YEAR: return m / 12;
        case U_MONTH: return m % 12;
        case U_QUARTER: return (m % 12 - 1) / 3 + 1;
        case U_DECADE: return m / 120;
        case U_CENTURY: return m / 1200;
        case U_MILLENNIUM: return m / 12000;
        default: return 0;
        }
    }
    case TY_INTERVAL_DT: {
        int64_t ms = arg_int(v, r);
        switch (u) {
        case U_DAY: return ms / DAY_MS;
        case U_HOUR: return ms % DAY_MS / 3600000;
        case U_MINUTE: return ms % 3600000 / 60000;
        case U_SECOND: return ms % 60000 / 1000;
        case U_MILLISECOND: return ms % 1000;
        default: return 0;
        }
    }
    default: break;
    }
    Ts ts = ARG(v, Ts, r);
    if (u == U_EPOCH) return ts.ms / 1000;
    int64_t ms = t->root == TY_TIMESTAMP_LTZ ? eddy__tz_to_local(tm_zone(cx), ts.ms) : ts.ms;
    if (is_date_unit(u)) return extract_date(u, tm_fdiv(ms, DAY_MS));
    int64_t tod = tm_fmod(ms, DAY_MS);
    switch (u) {
    case U_HOUR: return tod / 3600000;
    case U_MINUTE: return tod % 3600000 / 60000;
    case U_SECOND: return tod % 60000 / 1000;
    case U_MILLISECOND: return tod % 1000;
    case U_MICROSECOND: return tod % 1000 * 1000 + ts.ns / 1000;
    case U_NANOSECOND: return tod % 1000 * 1000000 + ts.ns;
    default: return 0;
    }
}

static eddy_status k_extract(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    const TmData *d = e->fn_data;
    int vi = e->nargs - 1;
    const Type *t = e->args[vi]->type;
    FOR_ROWS(i, r) VEC_DATA(out, int64_t)[r] = extract_one(cx, d->unit, t, args[vi], r);
    return EDDY_OK;
}
static const FuncDef fn_extract = {"EXTRACT", 2, 2, FN_STRICT, infer_extract, k_extract,
                                   "EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME>)"};

/* YEAR(x) .. SECOND(x): EXTRACT with a fixed unit. */
static TUnit part_unit(const char *n) {
    if (!strcmp(n, "YEAR")) return U_YEAR;
    if (!strcmp(n, "QUARTER")) return U_QUARTER;
    if (!strcmp(n, "MONTH")) return U_MONTH;
    if (!strcmp(n, "WEEK")) return U_WEEK;
    if (!strcmp(n, "DAYOFYEAR")) return U_DOY;
    if (!strcmp(n, "DAYOFMONTH")) return U_DAY;
    if (!strcmp(n, "DAYOFWEEK")) return U_DOW;
    if (!strcmp(n, "HOUR")) return U_HOUR;
    if (!strcmp(n, "MINUTE")) return U_MINUTE;
    return U_SECOND;
}

static eddy_status infer_part(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                              const void **data, EdErr *err) {
    TUnit u = part_unit(fn->name);
    const Type *t = args[0]->type;
    if (t->root != TY_DATE && t->root != TY_TIME && !eddy__type_is_timestamp(t))
        return eddy__infer_error(err, fn, args, nargs);
    /* Calcite rewrites HOUR(x) etc. to EXTRACT and reports errors as such */
    eddy_status rc = check_extract(err, "EXTRACT", u, t);
    if (rc) return rc;
    *out = eddy__type_basic(TY_BIGINT, t->nullable);
    return set_unit(a, data, u, err);
}

#define PART_FN(id, nm) static const FuncDef id = {nm, 1, 1, FN_STRICT, infer_part, k_extract, nm "(<DATETIME>)"}
PART_FN(fn_year, "YEAR");
PART_FN(fn_quarter, "QUARTER");
PART_FN(fn_month, "MONTH");
PART_FN(fn_week, "WEEK");
PART_FN(fn_dayofyear, "DAYOFYEAR");
PART_FN(fn_dayofmonth, "DAYOFMONTH");
PART_FN(fn_dayofweek, "DAYOFWEEK");
PART_FN(fn_hour, "HOUR");
PART_FN(fn_minute, "MINUTE");
PART_FN(fn_second, "SECOND");

/* ---- FLOOR_TO / CEIL_TO ------------------------------------------------------------------------ */

static eddy_status infer_floor_to(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                  const void **data, EdErr *err) {
    (void)nargs;
    TUnit u;
    const char *sql = fn->name[0] == 'F' ? "FLOOR" : "CEIL";
    if (!unit_of(args[0], &u))
        return eddy__err(err, EDDY_E_VALIDATION, "%s needs a time unit literal as its first argument.", fn->name);
    const Type *t = args[1]->type;
    static const char *const form = "FLOOR(<DATETIME> TO <TIME_UNIT>)";
    bool date_part = u == U_MILLENNIUM || u == U_CENTURY || u == U_DECADE || u == U_YEAR || u == U_QUARTER ||
                     u == U_MONTH || u == U_WEEK;
    bool time_part = u == U_HOUR || u == U_MINUTE || u == U_SECOND || u == U_MILLISECOND;
    bool ok;
    switch ((TypeRoot)t->root) {
    case TY_DATE: ok = date_part || u == U_DAY; break;
    case TY_TIME: ok = time_part; break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: ok = date_part || time_part || u == U_DAY; break;
    default: ok = false;
    }
    if (!ok) return unit_type_error(err, sql, u, t, form);
    *out = eddy__type_with_timeattr(a, t, TA_NONE);
    return set_unit(a, data, u, err);
}

static eddy_status k_floor_to(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    const TmData *d = e->fn_data;
    bool floor = e->fn->name[0] == 'F';
    TUnit u = d->unit;
    const Type *t = e->args[1]->type;
    const TimeZone *tz = tm_zone(cx);
    int64_t mult = unit_ms(u);
    FOR_ROWS(i, r) {
        switch ((TypeRoot)t->root) {
        case TY_DATE: {
            int64_t days = ARG(args[1], int32_t, r);
            VEC_DATA(out, int32_t)[r] = (int32_t)(u == U_DAY ? days : date_floor(u, days, floor));
            break;
        }
        case TY_TIME: {
            int64_t ms = ARG(args[1], int32_t, r);
            VEC_DATA(out, int32_t)[r] = (int32_t)tm_fmod(floor ? lfloor(ms, mult) : lceil(ms, mult), DAY_MS);
            break;
        }
        case TY_TIMESTAMP: {
            int64_t ms = ARG(args[1], Ts, r).ms, res;
            if (mult) res = floor ? lfloor(ms, mult) : lceil(ms, mult);
            else res = date_floor(u, tm_fdiv(ms, DAY_MS), floor) * DAY_MS;
            VEC_DATA(out, Ts)[r] = (Ts){res, 0};
            break;
        }
        default: { /* TIMESTAMP_LTZ: DAY and coarser in the session zone */
            int64_t ms = ARG(args[1], Ts, r).ms, res;
            if (u == U_MINUTE || u == U_SECOND || u == U_MILLISECOND) {
                res = floor ? lfloor(ms, mult) : lceil(ms, mult);
            } else {
                int64_t off = eddy__tz_offset_utc(tz, ms), local = ms + off;
                if (mult) res = (floor ? lfloor(local, mult) : lceil(local, mult)) - off;
                else res = date_floor(u, tm_fdiv(local, DAY_MS), floor) * DAY_MS - off;
            }
            VEC_DATA(out, Ts)[r] = (Ts){res, 0};
        }
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_floor_to = {"FLOOR_TO", 2, 2, FN_STRICT, infer_floor_to, k_floor_to,
                                    "FLOOR(<DATETIME> TO <TIME_UNIT>)"};
static const FuncDef fn_ceil_to = {"CEIL_TO", 2, 2, FN_STRICT, infer_floor_to, k_floor_to,
                                   "CEIL(<DATETIME> TO <TIME_UNIT>)"};

/* ---- TIMESTAMPADD --------------------------------------------------------------------------- */

static eddy_status infer_tsadd(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                               const void **data, EdErr *err) {
    TUnit u;
    if (!unit_of(args[0], &u) || u == U_DOW || u == U_DOY || u == U_EPOCH || u == U_DECADE || u == U_CENTURY ||
        u == U_MILLENNIUM || u == U_ISODOW || u == U_ISOYEAR)
        return eddy__err(err, EDDY_E_VALIDATION, "TIMESTAMPADD needs a time unit literal (YEAR .. NANOSECOND) as its "
                                                 "first argument.");
    const Type *n = args[1]->type, *t = args[2]->type;
    if (!eddy__type_is_integer(n) && n->root != TY_NULL) return eddy__infer_error(err, fn, args, nargs);
    eddy_status rc = eddy__coerce(a, args, 1, eddy__type_basic(TY_BIGINT, true), err);
    if (rc) return rc;
    bool nullable = args[1]->type->nullable || t->nullable;
    bool time_unit = u == U_HOUR || u == U_MINUTE || u == U_SECOND || u == U_MILLISECOND || u == U_MICROSECOND ||
                     u == U_NANOSECOND;
    const Type *res;
    switch ((TypeRoot)t->root) {
    case TY_DATE:
        if (!time_unit) res = eddy__type_basic(TY_DATE, nullable);
        else
            res = eddy__type_timestamp(a, TY_TIMESTAMP,
                                       u == U_MILLISECOND ? 3 : u == U_MICROSECOND ? 6 : u == U_NANOSECOND ? 9 : 0,
                                       nullable);
        break;
    case TY_TIME:
        if (!time_unit) return eddy__infer_error(err, fn, args, nargs);
        res = eddy__type_with_nullable(a, t, nullable);
        break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        int p = t->precision;
        if (u == U_MILLISECOND && p < 3) p = 3;
        if (u == U_MICROSECOND && p < 6) p = 6;
        if (u == U_NANOSECOND) p = 9;
        res = eddy__type_timestamp(a, (TypeRoot)t->root, p, nullable);
        break;
    }
    default: return eddy__infer_error(err, fn, args, nargs);
    }
    *out = res;
    return set_unit(a, data, u, err);
}

/* Adds n nanoseconds to a Ts, normalising the nanosecond field. */
static Ts ts_add_ns(Ts t, int64_t n) {
    int64_t ns = t.ns + n % 1000000;
    int64_t ms = (int64_t)((uint64_t)t.ms + (uint64_t)(n / 1000000));
    ms += tm_fdiv(ns, 1000000);
    return (Ts){ms, (int32_t)tm_fmod(ns, 1000000)};
}

/* Adds n units to t; false when the result leaves the range of Java's
 * long arithmetic eddy keeps dates in (the call gives NULL then). */
static bool ts_add_ok(TUnit u, int64_t n) {
    int64_t lim = u == U_YEAR ? 2000000 : u == U_QUARTER ? 8000000 : u == U_MONTH ? 24000000 : 0;
    if (lim) return n >= -lim && n <= lim;
    int64_t mult = u == U_MICROSECOND || u == U_NANOSECOND ? 1 : unit_ms(u), x;
    return !__builtin_mul_overflow(n, mult, &x) && x > INT64_MIN / 2 && x < INT64_MAX / 2;
}

static Ts ts_add(TUnit u, Ts t, int64_t n) {
    switch (u) {
    case U_YEAR:
    case U_QUARTER:
    case U_MONTH: {
        int64_t months = u == U_YEAR ? n * 12 : u == U_QUARTER ? n * 3 : n;
        int64_t days = tm_fdiv(t.ms, DAY_MS), tod = tm_fmod(t.ms, DAY_MS);
        return (Ts){eddy__dt_add_months(days, months) * DAY_MS + tod, t.ns};
    }
    case U_MICROSECOND: return ts_add_ns(t, n * 1000);
    case U_NANOSECOND: return ts_add_ns(t, n);
    default: return (Ts){(int64_t)((uint64_t)t.ms + (uint64_t)n * (uint64_t)unit_ms(u)), t.ns};
    }
}

static eddy_status k_tsadd(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    TUnit u = ((const TmData *)e->fn_data)->unit;
    const Type *t = e->args[2]->type;
    const TimeZone *tz = tm_zone(cx);
    FOR_ROWS(i, r) {
        int64_t n = arg_int(args[1], r);
        if (!ts_add_ok(u, n)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        switch ((TypeRoot)t->root) {
        case TY_DATE: {
            int64_t days = ARG(args[2], int32_t, r);
            if (e->type->root == TY_DATE) {
                int64_t res = u == U_DAY    ? days + n
                              : u == U_WEEK ? days + 7 * n
                                            : eddy__dt_add_months(days, u == U_YEAR ? 12 * n : u == U_QUARTER ? 3 * n : n);
                VEC_DATA(out, int32_t)[r] = (int32_t)res;
            } else {
                VEC_DATA(out, Ts)[r] = ts_add(u, (Ts){days * DAY_MS, 0}, n);
            }
            break;
        }
        case TY_TIME: {
            Ts x = ts_add(u, (Ts){ARG(args[2], int32_t, r), 0}, n);
            VEC_DATA(out, int32_t)[r] = (int32_t)tm_fmod(x.ms, DAY_MS);
            break;
        }
        case TY_TIMESTAMP: VEC_DATA(out, Ts)[r] = ts_add(u, ARG(args[2], Ts, r), n); break;
        default: {
            Ts x = ARG(args[2], Ts, r);
            if (u == U_YEAR || u == U_QUARTER || u == U_MONTH) {
                /* calendar months move the wall clock of the session zone */
                Ts local = {eddy__tz_to_local(tz, x.ms), x.ns};
                Ts moved = ts_add(u, local, n);
                VEC_DATA(out, Ts)[r] = (Ts){eddy__tz_from_local(tz, moved.ms), moved.ns};
            } else {
                VEC_DATA(out, Ts)[r] = ts_add(u, x, n);
            }
        }
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_tsadd = {"TIMESTAMPADD", 3, 3, FN_STRICT, infer_tsadd, k_tsadd,
                                 "TIMESTAMPADD(<ANY>, <INTEGER>, <DATETIME>)"};

/* ---- TIMESTAMPDIFF ------------------------------------------------------------------------------ */

static eddy_status infer_tsdiff(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                const void **data, EdErr *err) {
    TUnit u;
    if (!unit_of(args[0], &u))
        return eddy__err(err, EDDY_E_VALIDATION, "TIMESTAMPDIFF needs a time unit literal as its first argument.");
    if (!(u == U_YEAR || u == U_QUARTER || u == U_MONTH || u == U_WEEK || u == U_DAY || u == U_HOUR ||
          u == U_MINUTE || u == U_SECOND))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Unit '%s' can not be applied to the timestamp difference function.", tunit_names[u]);
    for (int i = 1; i < 3; i++) {
        const Type *t = args[i]->type;
        if (t->root != TY_DATE && !eddy__type_is_timestamp(t)) return eddy__infer_error(err, fn, args, nargs);
    }
    *out = eddy__type_basic(TY_INT, args[1]->type->nullable || args[2]->type->nullable);
    return set_unit(a, data, u, err);
}

/* A DATE / TIMESTAMP / TIMESTAMP_LTZ operand as epoch ms: local wall clock
 * (in the session zone for an instant) or, with instant, the instant. */
static int64_t diff_ms(EvalCtx *cx, const Type *t, const Vector *v, uint32_t r, bool local) {
    if (t->root == TY_DATE) return (int64_t)ARG(v, int32_t, r) * DAY_MS;
    int64_t ms = ARG(v, Ts, r).ms;
    if (t->root == TY_TIMESTAMP_LTZ && local) ms = eddy__tz_to_local(tm_zone(cx), ms);
    return ms;
}

static eddy_status k_tsdiff(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    TUnit u = ((const TmData *)e->fn_data)->unit;
    const Type *ta = e->args[1]->type, *tb = e->args[2]->type;
    bool months = u == U_YEAR || u == U_QUARTER || u == U_MONTH;
    bool both_ltz = ta->root == TY_TIMESTAMP_LTZ && tb->root == TY_TIMESTAMP_LTZ;
    FOR_ROWS(i, r) {
        bool local = months || !both_ltz;
        int64_t a = diff_ms(cx, ta, args[1], r, local), b = diff_ms(cx, tb, args[2], r, local);
        int64_t res;
        if (months) res = months_between_ms(b, a) / (u == U_YEAR ? 12 : u == U_QUARTER ? 3 : 1);
        else res = (int64_t)((uint64_t)b - (uint64_t)a) / unit_ms(u);
        VEC_DATA(out, int32_t)[r] = (int32_t)(uint32_t)(uint64_t)res;
    }
    return EDDY_OK;
}
static const FuncDef fn_tsdiff = {"TIMESTAMPDIFF", 3, 3, FN_STRICT, infer_tsdiff, k_tsdiff,
                                  "TIMESTAMPDIFF(<ANY>, <DATETIME>, <DATETIME>)"};

const FuncDef *const eddy__fns_temporal[] = {
    &fn_extract,   &fn_year,      &fn_quarter,   &fn_month,    &fn_week,   &fn_dayofyear,
    &fn_dayofmonth, &fn_dayofweek, &fn_hour,     &fn_minute,   &fn_second, &fn_floor_to,
    &fn_ceil_to,   &fn_tsadd,     &fn_tsdiff,    NULL,
};
