/*
 * fn_datefmt.c -- date-time formatting and parsing with Java's pattern
 * letters, and the functions built on them: DATE_FORMAT, TO_DATE,
 * TO_TIMESTAMP, TO_TIMESTAMP_LTZ (numeric and string forms), UNIX_TIMESTAMP,
 * FROM_UNIXTIME and CONVERT_TZ.
 *
 * Flink uses two Java engines and so does this file:
 *  - java.time.format.DateTimeFormatter ("DTF": DATE_FORMAT of a timestamp,
 *    TO_TIMESTAMP with a format): strict parsing of the whole text, fields
 *    range-checked (a day past the month's end is clamped, as ResolverStyle
 *    SMART does), S is a fraction of the second, no zone in a LocalDateTime;
 *  - java.text.SimpleDateFormat ("SDF": UNIX_TIMESTAMP, FROM_UNIXTIME,
 *    TO_DATE with a format, CONVERT_TZ, DATE_FORMAT of a string): lenient
 *    parsing of a prefix of the text (out-of-range fields roll over, spaces
 *    before numbers are skipped), S is a count of milliseconds, zones work.
 * Month and day names are English (Locale.US).
 */
#include <math.h>
#include <stdio.h>
#include <strings.h>

#include "expr/functions.h"
#include "types/datetime.h"

#define DF_DAY_MS 86400000LL

static eddy_status df_nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

static const char *const DF_MONTH_NAMES[12] = {"January", "February", "March",     "April",   "May",      "June",
                                       "July",    "August",   "September", "October", "November", "December"};
static const char *const DF_DAY_NAMES[7] = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};

/* ---- patterns ---------------------------------------------------------------------------- */

typedef enum DfKind { DF_LIT, DF_FIELD, DF_OPT_START, DF_OPT_END } DfKind;

typedef struct DfItem {
    DfKind kind;
    char letter;
    int count;
    const char *lit; /* DF_LIT */
    size_t lit_n;
} DfItem;

typedef struct DfPattern {
    bool sdf;
    int n;
    DfItem *items;
} DfPattern;

static bool df_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Compiles a pattern; returns NULL or the Java exception's message. */
static const char *df_compile(Arena *a, Str p, bool sdf, DfPattern *out) {
    static const char *const dtf_letters = "GuyDMLdQqEecFahKkHmsSAnNXxZzVOw";
    static const char *const sdf_letters = "GyYMLwWDdFEuaHkKhmsSzZX";
    ED_VEC(DfItem) items = {0};
    Buf lit;
    eddy__buf_init(&lit);
    const char *err = NULL;
    size_t i = 0;
    while (i < p.n && !err) {
        char c = p.p[i];
        DfItem it = {0};
        if (df_letter(c)) {
            if (!strchr(sdf ? sdf_letters : dtf_letters, c)) {
                err = sdf ? eddy__arena_printf(a, "Illegal pattern character '%c'", c)
                          : eddy__arena_printf(a, "Unknown pattern letter: %c", c);
                break;
            }
            size_t j = i;
            while (j < p.n && p.p[j] == c) j++;
            it.kind = DF_FIELD;
            it.letter = c;
            it.count = (int)(j - i);
            i = j;
        } else if (c == '\'') {
            lit.len = 0;
            i++;
            if (i < p.n && p.p[i] == '\'') {
                eddy__buf_putc(&lit, '\'');
                i++;
            } else {
                bool closed = false;
                while (i < p.n) {
                    if (p.p[i] == '\'') {
                        if (i + 1 < p.n && p.p[i + 1] == '\'') {
                            eddy__buf_putc(&lit, '\'');
                            i += 2;
                            continue;
                        }
                        closed = true;
                        i++;
                        break;
                    }
                    eddy__buf_putc(&lit, p.p[i++]);
                }
                if (!closed) {
                    err = sdf ? "Unterminated quote" : eddy__arena_printf(a, "Pattern ends with an incomplete string literal: %.*s", (int)p.n, p.p);
                    break;
                }
            }
            it.kind = DF_LIT;
            it.lit = eddy__arena_strndup(a, lit.data ? lit.data : "", lit.len);
            it.lit_n = lit.len;
        } else if (!sdf && (c == '[' || c == ']')) {
            it.kind = c == '[' ? DF_OPT_START : DF_OPT_END;
            i++;
        } else if (!sdf && (c == '{' || c == '}' || c == '#')) {
            err = eddy__arena_printf(a, "Pattern includes reserved character: '%c'", c);
            break;
        } else {
            size_t j = i;
            while (j < p.n && !df_letter(p.p[j]) && p.p[j] != '\'' && (sdf || (p.p[j] != '[' && p.p[j] != ']'))) j++;
            it.kind = DF_LIT;
            it.lit = eddy__arena_strndup(a, p.p + i, j - i);
            it.lit_n = j - i;
            i = j;
        }
        if (it.kind == DF_LIT && !it.lit) err = "out of memory";
        else if (!ed_vec_push(&items, it)) err = "out of memory";
    }
    if (!err) {
        out->sdf = sdf;
        out->n = (int)items.len;
        out->items = items.len ? eddy__arena_dup(a, items.items, items.len * sizeof(DfItem)) : NULL;
        if (items.len && !out->items) err = "out of memory";
    }
    ed_vec_free(&items);
    eddy__buf_free(&lit);
    return err;
}

/* Per-kernel-call cache of compiled patterns (keyed by text and engine). */
typedef struct DfCache {
    Str key;
    bool sdf;
    DfPattern pat;
    const char *err;
    bool set;
} DfCache;

static const DfPattern *df_get(EvalCtx *cx, DfCache *c, Str p, bool sdf, const char **err) {
    if (!(c->set && c->sdf == sdf && c->key.n == p.n && memcmp(c->key.p, p.p, p.n) == 0)) {
        char *k = eddy__arena_strndup(cx->scratch, p.p, p.n);
        c->key = (Str){k ? k : "", k ? p.n : 0};
        c->sdf = sdf;
        c->set = k != NULL;
        memset(&c->pat, 0, sizeof c->pat);
        c->err = df_compile(cx->scratch, p, sdf, &c->pat);
    }
    *err = c->err;
    return c->err ? NULL : &c->pat;
}

/* ---- formatting ----------------------------------------------------------------------------------- */

/* Zone data for formatting: has_zone false for LocalDateTime (DTF). */
typedef struct DfZone {
    bool has_zone;
    int64_t offset_ms;
    const char *id;
} DfZone;

static void put_num(Buf *b, int64_t v, int width) {
    uint64_t u = (uint64_t)v;
    if (v < 0) {
        eddy__buf_putc(b, '-');
        u = 0 - u;
    }
    char d[24]; /* digits from the end (no printf per field: DATE_FORMAT runs per row) */
    int n = 0;
    do {
        d[sizeof d - 1 - n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (width > n) eddy__buf_pad(b, '0', (size_t)(width - n));
    eddy__buf_put(b, d + sizeof d - n, (size_t)n);
}

static void put_offset(Buf *b, int64_t off_ms, bool colon, bool minutes_optional, bool z_for_zero) {
    if (off_ms == 0 && z_for_zero) {
        eddy__buf_putc(b, 'Z');
        return;
    }
    int64_t s = off_ms / 1000;
    eddy__buf_putc(b, s < 0 ? '-' : '+');
    if (s < 0) s = -s;
    int h = (int)(s / 3600), m = (int)(s / 60 % 60);
    put_num(b, h, 2);
    if (minutes_optional && m == 0) return;
    if (colon) eddy__buf_putc(b, ':');
    put_num(b, m, 2);
}

/* Week of the year with Sunday-start weeks and week 1 holding January 1
 * (Locale.US), for pattern letter w. */
static int us_week_of_year(int64_t days) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    int64_t next_jan1 = eddy__dt_days_from_civil(y + 1, 1, 1);
    int64_t next_start = next_jan1 - eddy__dt_day_of_week(next_jan1) % 7;
    if (days >= next_start) return 1;
    int64_t jan1 = eddy__dt_days_from_civil(y, 1, 1);
    int64_t start = jan1 - eddy__dt_day_of_week(jan1) % 7;
    return (int)((days - start) / 7 + 1);
}

/* Formats local time (ms + ns of ms) with p; returns NULL or an error. */
static const char *df_format(Buf *b, const DfPattern *p, int64_t ms, int32_t ns, const DfZone *z) {
    DateTime dt;
    eddy__dt_from_epoch(ms, ns, &dt);
    int64_t days = eddy__dt_floor_div(ms, DF_DAY_MS);
    int dow = eddy__dt_day_of_week(days); /* 1 Mon .. 7 Sun */
    int64_t year_of_era = dt.year > 0 ? dt.year : 1 - (int64_t)dt.year;
    for (int i = 0; i < p->n; i++) {
        const DfItem *it = &p->items[i];
        if (it->kind == DF_LIT) {
            eddy__buf_put(b, it->lit, it->lit_n);
            continue;
        }
        if (it->kind != DF_FIELD) continue;
        int c = it->count;
        switch (it->letter) {
        case 'G': eddy__buf_puts(b, c == 4 && !p->sdf ? (dt.year > 0 ? "Anno Domini" : "Before Christ") : (dt.year > 0 ? "AD" : "BC")); break;
        case 'y':
        case 'Y':
            if (c == 2) put_num(b, year_of_era % 100, 2);
            else put_num(b, year_of_era, p->sdf || c >= 3 ? c : 1);
            break;
        case 'u':
            if (p->sdf) put_num(b, dow, c);
            else if (c == 2) put_num(b, ((dt.year % 100) + 100) % 100, 2);
            else put_num(b, dt.year, c);
            break;
        case 'M':
        case 'L':
            if (c >= 5 && !p->sdf) eddy__buf_putc(b, DF_MONTH_NAMES[dt.month - 1][0]);
            else if (c >= 4) eddy__buf_puts(b, DF_MONTH_NAMES[dt.month - 1]);
            else if (c == 3) eddy__buf_put(b, DF_MONTH_NAMES[dt.month - 1], 3);
            else put_num(b, dt.month, c);
            break;
        case 'd': put_num(b, dt.day, c); break;
        case 'D': put_num(b, eddy__dt_day_of_year(days), c); break;
        case 'Q':
        case 'q': {
            int q = (dt.month + 2) / 3;
            if (c == 3) eddy__buf_printf(b, "Q%d", q);
            else if (c >= 4) eddy__buf_printf(b, "%d%s quarter", q, q == 1 ? "st" : q == 2 ? "nd" : q == 3 ? "rd" : "th");
            else put_num(b, q, c);
            break;
        }
        case 'E':
        case 'e':
        case 'c':
            if (it->letter != 'E' && c <= 2) put_num(b, dow % 7 + 1, c);
            else if (c >= 5 && !p->sdf) eddy__buf_putc(b, DF_DAY_NAMES[dow - 1][0]);
            else if (c >= 4) eddy__buf_puts(b, DF_DAY_NAMES[dow - 1]);
            else eddy__buf_put(b, DF_DAY_NAMES[dow - 1], 3);
            break;
        case 'F': put_num(b, (dt.day - 1) / 7 + 1, c); break;
        case 'w': put_num(b, us_week_of_year(days), c); break;
        case 'W': {
            int64_t first = days - (dt.day - 1);
            int offset = eddy__dt_day_of_week(first) % 7; /* Sunday = 0 */
            put_num(b, (dt.day - 1 + offset) / 7 + 1, c);
            break;
        }
        case 'a': eddy__buf_puts(b, dt.hour < 12 ? "AM" : "PM"); break;
        case 'H': put_num(b, dt.hour, c); break;
        case 'k': put_num(b, dt.hour == 0 ? 24 : dt.hour, c); break;
        case 'K': put_num(b, dt.hour % 12, c); break;
        case 'h': put_num(b, dt.hour % 12 == 0 ? 12 : dt.hour % 12, c); break;
        case 'm': put_num(b, dt.minute, c); break;
        case 's': put_num(b, dt.second, c); break;
        case 'S':
            if (p->sdf) put_num(b, dt.nano / 1000000, c);
            else {
                char frac[10];
                snprintf(frac, sizeof frac, "%09d", dt.nano);
                for (int k = 0; k < c; k++) eddy__buf_putc(b, k < 9 ? frac[k] : '0');
            }
            break;
        case 'A': put_num(b, eddy__dt_floor_mod(ms, DF_DAY_MS), c); break;
        case 'n': put_num(b, dt.nano, c); break;
        case 'N': put_num(b, eddy__dt_floor_mod(ms, DF_DAY_MS) * 1000000 + ns, c); break;
        default: /* zones: Z X x z O V */
            if (!z->has_zone)
                return it->letter == 'z' || it->letter == 'V'
                           ? "java.time.DateTimeException: Unable to extract ZoneId from temporal"
                           : "java.time.temporal.UnsupportedTemporalTypeException: Unsupported field: OffsetSeconds";
            switch (it->letter) {
            case 'Z':
                if (!p->sdf && c == 4) {
                    eddy__buf_puts(b, "GMT");
                    if (z->offset_ms) put_offset(b, z->offset_ms, true, false, false);
                } else {
                    put_offset(b, z->offset_ms, !p->sdf && c == 5, false, !p->sdf && c == 5);
                }
                break;
            case 'X':
            case 'x':
                put_offset(b, z->offset_ms, c >= 3, c == 1, it->letter == 'X');
                break;
            case 'O':
                eddy__buf_puts(b, "GMT");
                if (z->offset_ms) put_offset(b, z->offset_ms, true, c == 1, false);
                break;
            default: /* z, V: the zone's id (Java prints abbreviations eddy does not know) */
                if (it->letter == 'V' || !z->id || strchr(z->id, '/') == NULL) eddy__buf_puts(b, z->id ? z->id : "UTC");
                else {
                    eddy__buf_puts(b, "GMT");
                    if (z->offset_ms) put_offset(b, z->offset_ms, true, false, false);
                }
            }
        }
    }
    return NULL;
}

/* ---- parsing ------------------------------------------------------------------------------------------ */

typedef struct DfFields {
    int64_t year;
    bool has_year, two_digit_year, bc;
    int64_t month, day, doy;
    bool has_month, has_day, has_doy;
    int64_t hour, hour12, minute, second, milli, nano;
    bool has_hour, has_hour12, has_minute, has_second, has_milli, has_nano;
    int ampm; /* -1 none, 0 AM, 1 PM */
    int64_t offset_ms;
    bool has_offset;
} DfFields;

static bool numeric_letter(char l, int count) {
    if (l == 'M' || l == 'L') return count <= 2;
    if (l == 'E' || l == 'a' || l == 'G' || l == 'z' || l == 'Z' || l == 'X' || l == 'x' || l == 'O' || l == 'V') return false;
    return true;
}

/* Case-insensitive (sdf) or exact prefix match of one of names (full names
 * first, then their 3-letter forms); returns the index or -1. */
static int match_name(Str s, size_t *pos, const char *const *names, int n, bool ci, bool allow_full, bool allow_short) {
    for (int pass = 0; pass < 2; pass++) {
        if ((pass == 0 && !allow_full) || (pass == 1 && !allow_short)) continue;
        for (int k = 0; k < n; k++) {
            size_t len = pass == 0 ? strlen(names[k]) : 3;
            if (*pos + len > s.n) continue;
            bool eq = ci ? strncasecmp(s.p + *pos, names[k], len) == 0 : strncmp(s.p + *pos, names[k], len) == 0;
            if (eq) {
                *pos += len;
                return k;
            }
        }
    }
    return -1;
}

/* Reads an offset ("Z", "+08", "+0800", "+08:00", "GMT+8", "UTC"). */
static bool parse_offset(Str s, size_t *pos, int64_t *out) {
    size_t i = *pos;
    if (i < s.n && s.p[i] == 'Z') {
        *pos = i + 1;
        *out = 0;
        return true;
    }
    if (i + 3 <= s.n && (!strncmp(s.p + i, "GMT", 3) || !strncmp(s.p + i, "UTC", 3))) {
        i += 3;
        if (i >= s.n || (s.p[i] != '+' && s.p[i] != '-')) {
            *pos = i;
            *out = 0;
            return true;
        }
    }
    if (i >= s.n || (s.p[i] != '+' && s.p[i] != '-')) return false;
    int sign = s.p[i] == '-' ? -1 : 1;
    i++;
    int digits[4], nd = 0;
    while (i < s.n && nd < 4) {
        if (s.p[i] >= '0' && s.p[i] <= '9') digits[nd++] = s.p[i++] - '0';
        else if (s.p[i] == ':' && nd == 2) i++;
        else if (s.p[i] == ':' && nd == 1) {
            digits[1] = digits[0];
            digits[0] = 0;
            nd = 2;
            i++;
        } else break;
    }
    int h, m = 0;
    if (nd == 1) h = digits[0];
    else if (nd == 2) h = digits[0] * 10 + digits[1];
    else if (nd == 3) h = digits[0], m = digits[1] * 10 + digits[2];
    else if (nd == 4) h = digits[0] * 10 + digits[1], m = digits[2] * 10 + digits[3];
    else return false;
    if (h > 18 || m > 59) return false;
    *out = sign * ((int64_t)h * 3600000 + (int64_t)m * 60000);
    *pos = i;
    return true;
}

typedef struct DfParser {
    const DfPattern *p;
    Str s;
    size_t pos;
    DfFields f;
} DfParser;

/* Width of the fixed-width numeric fields right after item i (adjacent
 * value parsing). */
static int reserved_after(const DfPattern *p, int i) {
    int w = 0;
    for (int k = i + 1; k < p->n; k++) {
        const DfItem *it = &p->items[k];
        if (it->kind != DF_FIELD || !numeric_letter(it->letter, it->count)) break;
        if (p->sdf) w += it->count;
        else if (it->letter == 'S' || it->count == 2) w += it->count;
        else break;
    }
    return w;
}

static bool df_parse_field(DfParser *ps, int i) {
    const DfPattern *p = ps->p;
    const DfItem *it = &p->items[i];
    Str s = ps->s;
    DfFields *f = &ps->f;
    char l = it->letter;
    int c = it->count;
    if (p->sdf) /* SimpleDateFormat skips blanks before every field */
        while (ps->pos < s.n && (s.p[ps->pos] == ' ' || s.p[ps->pos] == '\t')) ps->pos++;
    if (!numeric_letter(l, c)) {
        int k;
        switch (l) {
        case 'M':
        case 'L':
            k = match_name(s, &ps->pos, DF_MONTH_NAMES, 12, p->sdf, p->sdf || c >= 4, p->sdf || c == 3);
            if (k < 0) return false;
            f->month = k + 1;
            f->has_month = true;
            return true;
        case 'E':
            return match_name(s, &ps->pos, DF_DAY_NAMES, 7, p->sdf, p->sdf || c >= 4, p->sdf || c <= 3) >= 0;
        case 'a': {
            static const char *const ampm[2] = {"AM", "PM"};
            size_t save = ps->pos;
            for (k = 0; k < 2; k++) {
                if (ps->pos + 2 <= s.n &&
                    (p->sdf ? !strncasecmp(s.p + ps->pos, ampm[k], 2) : !strncmp(s.p + ps->pos, ampm[k], 2))) {
                    ps->pos += 2;
                    f->ampm = k;
                    return true;
                }
            }
            ps->pos = save;
            return false;
        }
        case 'G':
            if (ps->pos + 2 <= s.n && !strncmp(s.p + ps->pos, "AD", 2)) ps->pos += 2;
            else if (ps->pos + 2 <= s.n && !strncmp(s.p + ps->pos, "BC", 2)) ps->pos += 2, f->bc = true;
            else return false;
            return true;
        default:
            if (!parse_offset(s, &ps->pos, &f->offset_ms)) return false;
            f->has_offset = true;
            return true;
        }
    }
    /* numbers */
    bool neg = false;
    size_t start = ps->pos;
    if (p->sdf && ps->pos < s.n && s.p[ps->pos] == '-' && l != 'S') neg = true, ps->pos++;
    size_t avail = 0;
    while (ps->pos + avail < s.n && s.p[ps->pos + avail] >= '0' && s.p[ps->pos + avail] <= '9') avail++;
    int reserve = reserved_after(p, i);
    size_t want;
    if (p->sdf) {
        bool abut = reserve > 0;
        want = abut ? (size_t)c : avail;
        if (abut && avail < want) want = avail;
    } else {
        bool fixed = l == 'S' || (c == 2 && l != 'y' && l != 'Y' && l != 'u') || ((l == 'y' || l == 'u') && c == 2);
        if (fixed) want = (size_t)c;
        else {
            size_t maxw = avail > (size_t)reserve ? avail - (size_t)reserve : 0;
            if (maxw > 19) maxw = 19;
            size_t minw = (l == 'y' || l == 'u') && c >= 3 ? (size_t)c : 1;
            if (maxw < minw) return false;
            want = maxw;
        }
        if (avail < want) return false;
    }
    if (want == 0) {
        ps->pos = start;
        return false;
    }
    if (want > 18) return false; /* beyond a long: Java fails too */
    int64_t v = 0;
    for (size_t k = 0; k < want; k++) v = v * 10 + (s.p[ps->pos + k] - '0');
    ps->pos += want;
    if (neg) v = -v;
    switch (l) {
    case 'y':
    case 'u':
    case 'Y':
        if (p->sdf && l == 'u') return true; /* day number of week */
        f->year = v;
        f->has_year = true;
        f->two_digit_year = c <= 2 && want == 2;
        break;
    case 'M':
    case 'L': f->month = v, f->has_month = true; break;
    case 'd': f->day = v, f->has_day = true; break;
    case 'D': f->doy = v, f->has_doy = true; break;
    case 'H': f->hour = v, f->has_hour = true; break;
    case 'k': f->hour = v == 24 ? 0 : v, f->has_hour = true; break;
    case 'h': f->hour12 = v == 12 ? 0 : v, f->has_hour12 = true; break;
    case 'K': f->hour12 = v, f->has_hour12 = true; break;
    case 'm': f->minute = v, f->has_minute = true; break;
    case 's': f->second = v, f->has_second = true; break;
    case 'S':
        if (p->sdf) f->milli = v, f->has_milli = true;
        else {
            for (int k = (int)want; k < 9; k++) v *= 10;
            f->nano = v, f->has_nano = true;
        }
        break;
    case 'n': f->nano = v, f->has_nano = true; break;
    default: break; /* w, W, F, e, c, Q, A, N: read and ignored */
    }
    if (!p->sdf) {
        /* ranges checked by the DTF field definitions */
        bool ok = true;
        switch (l) {
        case 'M': ok = v >= 1 && v <= 12; break;
        case 'd': ok = v >= 1 && v <= 31; break;
        case 'H': ok = v >= 0 && v <= 23; break;
        case 'k': ok = v >= 1 && v <= 24; break;
        case 'h': ok = v >= 1 && v <= 12; break;
        case 'K': ok = v >= 0 && v <= 11; break;
        case 'm':
        case 's': ok = v >= 0 && v <= 59; break;
        case 'D': ok = v >= 1 && v <= 366; break;
        default: break;
        }
        if (!ok) return false;
    }
    return true;
}

/* Parses items [from, to) at ps->pos; optional sections may fail quietly. */
static bool df_parse_items(DfParser *ps, int from, int to) {
    for (int i = from; i < to; i++) {
        const DfItem *it = &ps->p->items[i];
        if (it->kind == DF_LIT) {
            if (ps->pos + it->lit_n > ps->s.n || memcmp(ps->s.p + ps->pos, it->lit, it->lit_n) != 0) return false;
            ps->pos += it->lit_n;
        } else if (it->kind == DF_FIELD) {
            if (!df_parse_field(ps, i)) return false;
        } else if (it->kind == DF_OPT_START) {
            int depth = 1, end = i + 1;
            while (end < to && depth) {
                if (ps->p->items[end].kind == DF_OPT_START) depth++;
                else if (ps->p->items[end].kind == DF_OPT_END) depth--;
                end++;
            }
            DfParser save = *ps;
            if (!df_parse_items(ps, i + 1, depth ? end : end - 1)) *ps = save;
            i = end - 1;
        }
    }
    return true;
}

/* Parses s with p into a local epoch ms (+ ns); *has_offset / *offset for a
 * parsed zone. DTF needs the whole text and valid fields; SDF takes a prefix
 * and rolls fields over. */
static bool df_parse(const DfPattern *p, Str s, int64_t now_ms, int64_t *out_ms, int32_t *out_ns, bool *has_offset,
                     int64_t *offset) {
    DfParser ps = {.p = p, .s = s};
    ps.f.ampm = -1;
    if (!df_parse_items(&ps, 0, p->n)) return false;
    if (!p->sdf && ps.pos != s.n) return false;
    if (p->sdf && ps.pos == 0 && p->n > 0) return false;
    DfFields *f = &ps.f;
    int64_t year = f->has_year ? f->year : 1970;
    if (f->bc) year = 1 - year;
    if (f->two_digit_year) {
        if (!p->sdf) year = 2000 + year;
        else {
            /* SimpleDateFormat: within 80 years before and 20 after now */
            DateTime now;
            eddy__dt_from_epoch(now_ms, 0, &now);
            int64_t start = now.year - 80;
            year += start / 100 * 100;
            if (year < start) year += 100;
        }
    }
    int64_t month = f->has_month ? f->month : 1, day = f->has_day ? f->day : 1;
    int64_t hour = f->has_hour ? f->hour : 0;
    if (f->has_hour12) hour = f->hour12 + (f->ampm == 1 ? 12 : 0);
    else if (f->ampm == 1 && f->has_hour && hour < 12 && p->sdf) hour += 12;
    int64_t days;
    if (p->sdf) {
        const int64_t lim = 1000000000; /* keeps the roll-over arithmetic far from overflow */
        if (year < DT_MIN_YEAR || year > DT_MAX_YEAR || month < -1000000 || month > 1000000 || day < -100000000 ||
            day > 100000000 || hour > lim || hour < -lim || f->minute > lim || f->minute < -lim ||
            f->second > lim || f->second < -lim || f->milli > lim || f->milli < -lim || f->doy > lim || f->doy < -lim)
            return false;
        int64_t total = year * 12 + (month - 1);
        days = eddy__dt_days_from_civil(eddy__dt_floor_div(total, 12), (int)eddy__dt_floor_mod(total, 12) + 1, 1) + day - 1;
        if (f->has_doy && !f->has_month && !f->has_day) days = eddy__dt_days_from_civil(year, 1, 1) + f->doy - 1;
    } else {
        if (year < DT_MIN_YEAR || year > DT_MAX_YEAR) return false;
        if (f->has_doy && !f->has_month && !f->has_day) {
            if (f->doy > (eddy__dt_is_leap(year) ? 366 : 365)) return false;
            days = eddy__dt_days_from_civil(year, 1, 1) + f->doy - 1;
        } else {
            int dim = eddy__dt_days_in_month(year, (int)month);
            if (day > dim) day = dim; /* SMART resolution */
            days = eddy__dt_days_from_civil(year, (int)month, (int)day);
        }
    }
    int64_t ms = days * DF_DAY_MS + hour * 3600000 + f->minute * 60000 + f->second * 1000 + f->milli;
    int64_t nano = f->has_nano ? f->nano : 0;
    ms += nano / 1000000;
    *out_ms = ms;
    *out_ns = (int32_t)(nano % 1000000);
    *has_offset = f->has_offset;
    *offset = f->offset_ms;
    return true;
}

/* ---- zones by Java's TimeZone.getTimeZone rules ------------------------------------------------------- */

/* A zone for an id: ZoneId forms, the SHORT_IDS, or UTC for anything
 * unknown (java.util.TimeZone falls back to GMT). */
static const TimeZone *java_zone(Str id) {
    static const char *const shorts[][2] = {
        {"EST", "-05:00"}, {"MST", "-07:00"}, {"HST", "-10:00"},
        {"ACT", "Australia/Darwin"}, {"AET", "Australia/Sydney"}, {"AGT", "America/Argentina/Buenos_Aires"},
        {"ART", "Africa/Cairo"}, {"AST", "America/Anchorage"}, {"BET", "America/Sao_Paulo"},
        {"BST", "Asia/Dhaka"}, {"CAT", "Africa/Harare"}, {"CNT", "America/St_Johns"},
        {"CST", "America/Chicago"}, {"CTT", "Asia/Shanghai"}, {"EAT", "Africa/Addis_Ababa"},
        {"ECT", "Europe/Paris"}, {"IET", "America/Indiana/Indianapolis"}, {"IST", "Asia/Kolkata"},
        {"JST", "Asia/Tokyo"}, {"MIT", "Pacific/Apia"}, {"NET", "Asia/Yerevan"},
        {"NST", "Pacific/Auckland"}, {"PLT", "Asia/Karachi"}, {"PNT", "America/Phoenix"},
        {"PRT", "America/Puerto_Rico"}, {"PST", "America/Los_Angeles"}, {"SST", "Pacific/Guadalcanal"},
        {"VST", "Asia/Ho_Chi_Minh"}};
    char name[128];
    size_t n = ED_MIN(id.n, sizeof name - 1);
    memcpy(name, id.p, n);
    name[n] = 0;
    for (size_t i = 0; i < ED_ARRAY_LEN(shorts); i++)
        if (!strcmp(name, shorts[i][0])) {
            snprintf(name, sizeof name, "%s", shorts[i][1]);
            break;
        }
    const TimeZone *tz;
    if (eddy__tz_load(name, &tz, NULL) == EDDY_OK) return tz;
    return eddy__tz_utc();
}

static const TimeZone *df_session_zone(EvalCtx *cx) { return cx->tz ? cx->tz : eddy__tz_utc(); }

/* ---- inference -------------------------------------------------------------------------------------------- */

typedef struct LtzData {
    bool seconds; /* numeric form: epoch seconds (precision 0) */
} LtzData;

static eddy_status infer_df(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                            EdErr *err) {
    const char *n = fn->name;
#define NEED(c)                                                         \
    do {                                                                \
        if (!(c)) return eddy__err_is_set(err) ? err->code : eddy__infer_error(err, fn, args, nargs); \
    } while (0)
    if (!strcmp(n, "DATE_FORMAT")) {
        const Type *t = args[0]->type;
        NEED(eddy__type_is_timestamp(t) || t->root == TY_DATE || eddy__str_arg(a, args, 0, err));
        NEED(eddy__str_arg(a, args, 1, err));
        *out = eddy__type_string(true);
    } else if (!strcmp(n, "TO_DATE")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_basic(TY_DATE, true);
    } else if (!strcmp(n, "TO_TIMESTAMP")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_timestamp(a, TY_TIMESTAMP, 3, true);
    } else if (!strcmp(n, "TO_TIMESTAMP_LTZ")) {
        LtzData *d = eddy__arena_alloc(a, sizeof *d);
        if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        if (eddy__type_is_numeric(args[0]->type)) {
            NEED(nargs <= 2 && (nargs == 1 || eddy__type_is_integer(args[1]->type)));
            if (nargs > 1 && (args[1]->kind != EX_LITERAL || args[1]->value.is_null ||
                              (args[1]->value.u.i != 0 && args[1]->value.u.i != 3)))
                return eddy__err(err, EDDY_E_VALIDATION, "The precision value of TO_TIMESTAMP_LTZ must be the literal 0 "
                                                         "(seconds) or 3 (milliseconds).");
            d->seconds = nargs == 1 || args[1]->value.u.i == 0;
            eddy_status rc = eddy__coerce(a, args, 0, eddy__type_basic(TY_DOUBLE, true), err);
            if (rc) return rc;
            *out = eddy__type_timestamp(a, TY_TIMESTAMP_LTZ, 3, true); /* NULL outside years 0..9999 */
        } else {
            for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
            *out = eddy__type_timestamp(a, TY_TIMESTAMP_LTZ, 3, true);
        }
        *data = d;
    } else if (!strcmp(n, "UNIX_TIMESTAMP")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_basic(TY_BIGINT, eddy__args_nullable(args, nargs));
    } else if (!strcmp(n, "FROM_UNIXTIME")) {
        NEED(eddy__type_is_numeric(args[0]->type) || args[0]->type->root == TY_NULL);
        eddy_status rc = eddy__coerce(a, args, 0, eddy__type_basic(TY_BIGINT, true), err);
        if (rc) return rc;
        if (nargs > 1) NEED(eddy__str_arg(a, args, 1, err));
        *out = eddy__type_string(true);
    } else if (!strcmp(n, "CONVERT_TZ")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_string(true);
    } else {
        return eddy__err(err, EDDY_E_INTERNAL, "no inference for %s", n);
    }
#undef NEED
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

/* ---- kernels ---------------------------------------------------------------------------------------------- */

static const Str DEFAULT_TS_FORMAT = {"yyyy-MM-dd HH:mm:ss", 19};

static eddy_status df_pattern_error(EvalCtx *cx, const char *msg) {
    if (!strcmp(msg, "out of memory")) return df_nomem(cx);
    if (!strncmp(msg, "java.", 5)) return eddy__err(cx->err, EDDY_E_RUNTIME, "%s", msg);
    return eddy__err(cx->err, EDDY_E_RUNTIME, "java.lang.IllegalArgumentException: %s", msg);
}

/* Instant -> SDF text in zone tz. */
static const char *sdf_format_instant(Buf *b, const DfPattern *p, int64_t ms, const TimeZone *tz) {
    int64_t off = eddy__tz_offset_utc(tz, ms);
    DfZone z = {true, off, eddy__tz_id(tz)};
    return df_format(b, p, ms + off, 0, &z);
}

/* SDF-parses s in zone tz to an instant; false on failure. */
static bool sdf_parse_instant(const DfPattern *p, Str s, const TimeZone *tz, int64_t now_ms, int64_t *out) {
    int64_t local, off;
    int32_t ns;
    bool has_off;
    if (!df_parse(p, s, now_ms, &local, &ns, &has_off, &off)) return false;
    *out = has_off ? local - off : eddy__tz_from_local(tz, local);
    return true;
}

/* The span of local time over which the pattern's text cannot change: a
 * day when it prints only date fields, a minute with hours and minutes, a
 * second with seconds; 0 when it prints anything finer or a zone. */
static int64_t df_granularity(const DfPattern *p) {
    int64_t g = DF_DAY_MS;
    for (int i = 0; i < p->n; i++) {
        const DfItem *it = &p->items[i];
        if (it->kind != DF_FIELD) continue;
        if (strchr("GyYuMLdDQqEecFwW", it->letter)) continue;
        if (strchr("aHhKkm", it->letter)) g = ED_MIN(g, 60000);
        else if (it->letter == 's') g = ED_MIN(g, 1000);
        else return 0;
    }
    return g;
}

static eddy_status k_date_format(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    const Type *t = e->args[0]->type;
    DfCache fmt = {0}, def = {0};
    Buf b, last; /* last: the text of the previous timestamp, for the rows of the same span */
    eddy__buf_init(&b);
    eddy__buf_init(&last);
    const char *memo_key = NULL; /* the pattern the memo is for (a recompiled pattern has a new key copy) */
    int64_t gran = 0, memo_span = 0;
    bool memo = false;
    eddy_status rc = EDDY_OK;
    const TimeZone *tz = df_session_zone(cx);
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r) || vec_is_null(args[1], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        bool from_string = eddy__type_is_string(t);
        const char *perr;
        const DfPattern *p = df_get(cx, &fmt, vec_str(args[1], r), from_string, &perr);
        if (!p) {
            rc = df_pattern_error(cx, perr);
            break;
        }
        b.len = 0;
        const char *ferr = NULL;
        if (from_string) {
            const DfPattern *dp = df_get(cx, &def, DEFAULT_TS_FORMAT, true, &perr);
            int64_t inst;
            if (!dp || !sdf_parse_instant(dp, vec_str(args[0], r), tz, cx->now_ms, &inst)) {
                eddy__vec_set_null(out, r);
                continue;
            }
            ferr = sdf_format_instant(&b, p, inst, tz);
        } else {
            DfZone none = {0};
            int64_t ms;
            int32_t ns = 0;
            if (t->root == TY_DATE) ms = (int64_t)ARG(args[0], int32_t, r) * DF_DAY_MS;
            else {
                Ts ts = ARG(args[0], Ts, r);
                ms = t->root == TY_TIMESTAMP_LTZ ? eddy__tz_to_local(tz, ts.ms) : ts.ms;
                ns = ts.ns;
            }
            if (fmt.key.p != memo_key) {
                memo_key = fmt.key.p;
                gran = df_granularity(p);
                memo = false;
            }
            int64_t span = gran ? eddy__dt_floor_div(ms, gran) : 0;
            if (memo && span == memo_span) {
                eddy__vec_set_str(out, r, last.data ? last.data : "", last.len);
                continue;
            }
            ferr = df_format(&b, p, ms, ns, &none);
            if (!ferr && gran) {
                last.len = 0;
                eddy__buf_put(&last, b.data ? b.data : "", b.len);
                memo = !last.failed;
                memo_span = span;
            }
        }
        if (ferr) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "%s", ferr);
            break;
        }
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = df_nomem(cx);
    eddy__buf_free(&b);
    eddy__buf_free(&last);
    return rc;
}

/* TO_DATE(s [, fmt]): Flink's parseDate, or SimpleDateFormat in UTC. */
static eddy_status k_to_date(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    DfCache fmt = {0};
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        if (e->nargs == 1) {
            int32_t days;
            if (eddy__dt_parse_date(s.p, s.n, &days) == EDDY_OK) VEC_DATA(out, int32_t)[r] = days;
            else eddy__vec_set_null(out, r);
            continue;
        }
        const char *perr;
        const DfPattern *p = df_get(cx, &fmt, vec_str(args[1], r), true, &perr);
        if (!p) return df_pattern_error(cx, perr);
        int64_t inst;
        if (sdf_parse_instant(p, s, eddy__tz_utc(), cx->now_ms, &inst))
            VEC_DATA(out, int32_t)[r] = (int32_t)eddy__dt_floor_div(inst, DF_DAY_MS);
        else eddy__vec_set_null(out, r);
    }
    return EDDY_OK;
}

/* The wall clock of s as TO_TIMESTAMP reads it: the default timestamp
 * format, or fmt with DateTimeFormatter and the Timestamp/Date.valueOf
 * fallbacks. Truncated to milliseconds. */
static bool to_timestamp_local(EvalCtx *cx, DfCache *cache, Str s, const Str *fmt, Ts *out, const char **perr) {
    int64_t ms;
    int32_t ns;
    *perr = NULL;
    if (fmt) {
        const DfPattern *p = df_get(cx, cache, *fmt, false, perr);
        if (!p) return false;
        bool has_off;
        int64_t off;
        if (df_parse(p, s, cx->now_ms, &ms, &ns, &has_off, &off)) {
            *out = (Ts){ms, 0};
            return true;
        }
        /* fallback: Timestamp.valueOf / Date.valueOf */
        while (s.n && s.p[0] == ' ') s.p++, s.n--;
        while (s.n && s.p[s.n - 1] == ' ') s.n--;
        if (memchr(s.p, ' ', s.n)) {
            if (eddy__dt_parse_timestamp(s.p, s.n, 3, &ms, &ns) != EDDY_OK) return false;
        } else {
            int32_t days;
            if (memchr(s.p, ':', s.n) || eddy__dt_parse_date(s.p, s.n, &days) != EDDY_OK) return false;
            ms = (int64_t)days * DF_DAY_MS;
        }
        *out = (Ts){ms, 0};
        return true;
    }
    if (eddy__dt_parse_timestamp(s.p, s.n, 3, &ms, &ns) != EDDY_OK) return false;
    *out = (Ts){ms, 0};
    return true;
}

static eddy_status k_to_timestamp(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                  uint32_t nrows) {
    DfCache cache = {0};
    FOR_ROWS(i, r) {
        Str fmt = e->nargs > 1 ? vec_str(args[1], r) : (Str){0};
        Ts ts;
        const char *perr;
        if (to_timestamp_local(cx, &cache, vec_str(args[0], r), e->nargs > 1 ? &fmt : NULL, &ts, &perr))
            VEC_DATA(out, Ts)[r] = ts;
        else if (perr) return df_pattern_error(cx, perr);
        else eddy__vec_set_null(out, r);
    }
    return EDDY_OK;
}

static eddy_status k_to_ltz_any(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    const LtzData *d = e->fn_data;
    if (eddy__type_is_numeric(e->args[0]->type)) {
        FOR_ROWS(i, r) {
            if (vec_is_null(args[0], r) || (e->nargs > 1 && vec_is_null(args[1], r))) {
                eddy__vec_set_null(out, r);
                continue;
            }
            double v = arg_dbl(args[0], r);
            double ms = d->seconds ? v * 1000.0 : v;
            /* DateTimeUtils.toTimestampData: NULL outside years 0000..9999 */
            if (!(ms >= -62167219200000.0 && ms <= 253402300799999.0)) eddy__vec_set_null(out, r);
            else VEC_DATA(out, Ts)[r] = (Ts){(int64_t)ms, 0};
        }
        return EDDY_OK;
    }
    DfCache cache = {0};
    FOR_ROWS(i, r) {
        bool null = false;
        for (int k = 0; k < e->nargs; k++) null |= vec_is_null(args[k], r);
        if (null) {
            eddy__vec_set_null(out, r);
            continue;
        }
        const TimeZone *tz = df_session_zone(cx);
        if (e->nargs > 2) {
            Str zs = vec_str(args[2], r);
            char zn[128];
            snprintf(zn, sizeof zn, "%.*s", (int)ED_MIN(zs.n, 127), zs.p);
            eddy_status rc = eddy__tz_load(zn, &tz, cx->err);
            if (rc) return rc;
        }
        Str fmt = e->nargs > 1 ? vec_str(args[1], r) : (Str){0};
        Ts ts;
        const char *perr;
        if (to_timestamp_local(cx, &cache, vec_str(args[0], r), e->nargs > 1 ? &fmt : NULL, &ts, &perr))
            VEC_DATA(out, Ts)[r] = (Ts){eddy__tz_from_local(tz, ts.ms), ts.ns};
        else if (perr) return df_pattern_error(cx, perr);
        else eddy__vec_set_null(out, r);
    }
    return EDDY_OK;
}

/* UNIX_TIMESTAMP() is now; UNIX_TIMESTAMP(s [, fmt]) parses with
 * SimpleDateFormat in the session zone and gives Long.MIN_VALUE when the
 * text does not parse. */
static eddy_status k_unix_timestamp(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                    const uint32_t *rows, uint32_t nrows) {
    DfCache cache = {0};
    const TimeZone *tz = df_session_zone(cx);
    FOR_ROWS(i, r) {
        if (e->nargs == 0) {
            int64_t now = cx->proc_ms ? cx->proc_ms : cx->now_ms;
            VEC_DATA(out, int64_t)[r] = eddy__dt_floor_div(now, 1000);
            continue;
        }
        bool null = false;
        for (int k = 0; k < e->nargs; k++) null |= vec_is_null(args[k], r);
        if (null) {
            eddy__vec_set_null(out, r);
            continue;
        }
        const char *perr;
        const DfPattern *p = df_get(cx, &cache, e->nargs > 1 ? vec_str(args[1], r) : DEFAULT_TS_FORMAT, true, &perr);
        if (!p) return df_pattern_error(cx, perr);
        int64_t inst;
        VEC_DATA(out, int64_t)[r] =
            sdf_parse_instant(p, vec_str(args[0], r), tz, cx->now_ms, &inst) ? eddy__dt_floor_div(inst, 1000) : INT64_MIN;
    }
    return EDDY_OK;
}

static eddy_status k_from_unixtime(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                   const uint32_t *rows, uint32_t nrows) {
    DfCache cache = {0};
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    const TimeZone *tz = df_session_zone(cx);
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r) || (e->nargs > 1 && vec_is_null(args[1], r))) {
            eddy__vec_set_null(out, r);
            continue;
        }
        const char *perr;
        const DfPattern *p = df_get(cx, &cache, e->nargs > 1 ? vec_str(args[1], r) : DEFAULT_TS_FORMAT, true, &perr);
        if (!p) {
            rc = df_pattern_error(cx, perr);
            break;
        }
        int64_t secs = arg_int(args[0], r);
        if (secs > INT64_MAX / 1000 || secs < INT64_MIN / 1000) {
            eddy__vec_set_null(out, r);
            continue;
        }
        b.len = 0;
        sdf_format_instant(&b, p, secs * 1000, tz);
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = df_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}

/* CONVERT_TZ(s, from, to): 'yyyy-MM-dd HH:mm:ss' read in one zone and
 * written in the other (unknown zones are GMT, as java.util.TimeZone has it). */
static eddy_status k_convert_tz(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    (void)e;
    DfCache cache = {0};
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        bool null = vec_is_null(args[0], r) || vec_is_null(args[1], r) || vec_is_null(args[2], r);
        const char *perr;
        const DfPattern *p = df_get(cx, &cache, DEFAULT_TS_FORMAT, true, &perr);
        int64_t inst;
        if (null || !p || !sdf_parse_instant(p, vec_str(args[0], r), java_zone(vec_str(args[1], r)), cx->now_ms, &inst)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        b.len = 0;
        sdf_format_instant(&b, p, inst, java_zone(vec_str(args[2], r)));
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? df_nomem(cx) : EDDY_OK;
}

#define DF(id, nm, mn, mx, fl, k, sig) static const FuncDef id = {nm, mn, mx, fl, infer_df, k, sig}
DF(fn_date_format, "DATE_FORMAT", 2, 2, 0, k_date_format, "DATE_FORMAT(<TIMESTAMP> | <CHARACTER>, <CHARACTER>)");
DF(fn_to_date, "TO_DATE", 1, 2, FN_STRICT, k_to_date, "TO_DATE(<CHARACTER>[, <CHARACTER>])");
DF(fn_to_timestamp, "TO_TIMESTAMP", 1, 2, FN_STRICT, k_to_timestamp, "TO_TIMESTAMP(<CHARACTER>[, <CHARACTER>])");
DF(fn_to_timestamp_ltz, "TO_TIMESTAMP_LTZ", 1, 3, 0, k_to_ltz_any,
   "TO_TIMESTAMP_LTZ(<NUMERIC>, <INTEGER>) | TO_TIMESTAMP_LTZ(<CHARACTER>[, <CHARACTER>[, <CHARACTER>]])");
DF(fn_unix_timestamp, "UNIX_TIMESTAMP", 0, 2, FN_NONDETERMINISTIC, k_unix_timestamp,
   "UNIX_TIMESTAMP() | UNIX_TIMESTAMP(<CHARACTER>[, <CHARACTER>])");
DF(fn_from_unixtime, "FROM_UNIXTIME", 1, 2, 0, k_from_unixtime, "FROM_UNIXTIME(<NUMERIC>[, <CHARACTER>])");
DF(fn_convert_tz, "CONVERT_TZ", 3, 3, 0, k_convert_tz, "CONVERT_TZ(<CHARACTER>, <CHARACTER>, <CHARACTER>)");

const FuncDef *const eddy__fns_datefmt[] = {
    &fn_date_format,    &fn_to_date,       &fn_to_timestamp, &fn_to_timestamp_ltz,
    &fn_unix_timestamp, &fn_from_unixtime, &fn_convert_tz,   NULL,
};
