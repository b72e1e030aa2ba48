/*
 * datetime.c -- the proleptic Gregorian calendar, date/time string parsing
 * with Flink's CAST rules, and time zones (fixed offsets and TZif files with
 * their POSIX TZ footer rules). See datetime.h for the conventions.
 *
 * The calendar works in 400-year cycles of 146097 days: a date is shifted
 * to a year that starts on March 1st, so that the leap day is the last day
 * of the shifted year and month lengths follow a fixed 153-days-per-5-months
 * pattern; everything else is integer division with floors.
 */
#include "types/datetime.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- integer helpers ---------------------------------------------------- */

int64_t eddy__dt_floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

int64_t eddy__dt_floor_mod(int64_t a, int64_t b) { return a - eddy__dt_floor_div(a, b) * b; }

/* ---- calendar ----------------------------------------------------------- */

#define DAYS_PER_400Y 146097
/* Days from 0000-03-01 (start of a 400-year cycle in the shifted calendar)
 * to 1970-01-01. */
#define DAYS_0000_03_01_TO_EPOCH 719468

bool eddy__dt_is_leap(int64_t year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int eddy__dt_days_in_month(int64_t year, int month) {
    static const int len[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12) return 0;
    if (month == 2 && eddy__dt_is_leap(year)) return 29;
    return len[month - 1];
}

int64_t eddy__dt_days_from_civil(int64_t year, int month, int day) {
    /* shift so the year starts in March: Jan and Feb belong to the year before */
    int64_t y = month <= 2 ? year - 1 : year;
    int64_t cycle = eddy__dt_floor_div(y, 400);
    int64_t year_of_cycle = y - cycle * 400;                     /* 0..399 */
    int64_t shifted_month = month > 2 ? month - 3 : month + 9;  /* March = 0 */
    int64_t day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    int64_t day_of_cycle = year_of_cycle * 365 + year_of_cycle / 4 - year_of_cycle / 100 + day_of_year;
    return cycle * DAYS_PER_400Y + day_of_cycle - DAYS_0000_03_01_TO_EPOCH;
}

void eddy__dt_civil_from_days(int64_t days, int64_t *year, int *month, int *day) {
    int64_t z = days + DAYS_0000_03_01_TO_EPOCH;
    int64_t cycle = eddy__dt_floor_div(z, DAYS_PER_400Y);
    int64_t doc = z - cycle * DAYS_PER_400Y; /* 0..146096 */
    /* years into the cycle: remove the leap days before dividing by 365 */
    int64_t yoc = (doc - doc / 1460 + doc / 36524 - doc / 146096) / 365; /* 0..399 */
    int64_t doy = doc - (365 * yoc + yoc / 4 - yoc / 100);               /* 0..365 */
    int64_t sm = (5 * doy + 2) / 153;                                    /* 0..11, March = 0 */
    int d = (int)(doy - (153 * sm + 2) / 5 + 1);
    int m = (int)(sm < 10 ? sm + 3 : sm - 9);
    *year = cycle * 400 + yoc + (m <= 2 ? 1 : 0);
    *month = m;
    *day = d;
}

int64_t eddy__dt_add_months(int64_t days, int64_t months) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    int64_t total = y * 12 + (m - 1) + months;
    int64_t ny = eddy__dt_floor_div(total, 12);
    int nm = (int)eddy__dt_floor_mod(total, 12) + 1;
    int dim = eddy__dt_days_in_month(ny, nm);
    return eddy__dt_days_from_civil(ny, nm, d > dim ? dim : d);
}

int eddy__dt_day_of_week(int64_t days) {
    /* 1970-01-01 was a Thursday (ISO 4) */
    return (int)eddy__dt_floor_mod(days + 3, 7) + 1;
}

int eddy__dt_day_of_year(int64_t days) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    return (int)(days - eddy__dt_days_from_civil(y, 1, 1)) + 1;
}

bool eddy__dt_valid(const DateTime *dt) {
    return dt->year >= DT_MIN_YEAR && dt->year <= DT_MAX_YEAR && dt->month >= 1 && dt->month <= 12 && dt->day >= 1 &&
           dt->day <= eddy__dt_days_in_month(dt->year, dt->month) && dt->hour >= 0 && dt->hour <= 23 &&
           dt->minute >= 0 && dt->minute <= 59 && dt->second >= 0 && dt->second <= 59 && dt->nano >= 0 &&
           dt->nano <= 999999999;
}

void eddy__dt_from_epoch(int64_t ms, int32_t nano_of_ms, DateTime *out) {
    int64_t days = eddy__dt_floor_div(ms, DT_MS_PER_DAY);
    int64_t ms_of_day = ms - days * DT_MS_PER_DAY;
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    out->year = (int32_t)y;
    out->month = m;
    out->day = d;
    out->hour = (int32_t)(ms_of_day / DT_MS_PER_HOUR);
    out->minute = (int32_t)(ms_of_day / DT_MS_PER_MINUTE % 60);
    out->second = (int32_t)(ms_of_day / DT_MS_PER_SECOND % 60);
    out->nano = (int32_t)(ms_of_day % 1000) * 1000000 + nano_of_ms;
}

int64_t eddy__dt_to_epoch_ms(const DateTime *dt) {
    int64_t days = eddy__dt_days_from_civil(dt->year, dt->month, dt->day);
    return days * DT_MS_PER_DAY + dt->hour * DT_MS_PER_HOUR + dt->minute * DT_MS_PER_MINUTE +
           dt->second * DT_MS_PER_SECOND + dt->nano / 1000000;
}

/* ---- parsing ------------------------------------------------------------ */

/* Java's String.trim(): drops chars <= ' ' at both ends. */
static void jtrim(const char **s, size_t *n) {
    while (*n && (unsigned char)**s <= ' ') (*s)++, (*n)--;
    while (*n && (unsigned char)(*s)[*n - 1] <= ' ') (*n)--;
}

/* Java's Integer.parseInt after Flink's isInteger check: non-empty, digits
 * only, fits an int. */
static bool parse_jint(const char *s, size_t n, int64_t *out) {
    jtrim(&s, &n);
    if (n == 0) return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
        if (v > INT32_MAX) return false;
    }
    *out = v;
    return true;
}

/* Index of c in s[from..n), or -1. */
static long index_of(const char *s, size_t n, char c, size_t from) {
    for (size_t i = from; i < n; i++)
        if (s[i] == c) return (long)i;
    return -1;
}

eddy_status eddy__dt_parse_date(const char *s, size_t n, int32_t *out_days) {
    long sp = index_of(s, n, ' ', 0);
    if (sp > 0) n = (size_t)sp;
    int64_t y, m = 1, d = 1;
    long h1 = index_of(s, n, '-', 0);
    if (h1 < 0) {
        if (!parse_jint(s, n, &y)) return EDDY_E_RUNTIME;
    } else {
        if (!parse_jint(s, (size_t)h1, &y)) return EDDY_E_RUNTIME;
        long h2 = index_of(s, n, '-', (size_t)h1 + 1);
        if (h2 < 0) {
            if (!parse_jint(s + h1 + 1, n - (size_t)h1 - 1, &m)) return EDDY_E_RUNTIME;
        } else {
            if (!parse_jint(s + h1 + 1, (size_t)(h2 - h1 - 1), &m)) return EDDY_E_RUNTIME;
            if (!parse_jint(s + h2 + 1, n - (size_t)h2 - 1, &d)) return EDDY_E_RUNTIME;
        }
    }
    if (y > 9999 || m < 1 || m > 12 || d < 1 || d > eddy__dt_days_in_month(y, (int)m)) return EDDY_E_RUNTIME;
    *out_days = (int32_t)eddy__dt_days_from_civil(y, (int)m, (int)d);
    return EDDY_OK;
}

/* Flink's parseFraction: the first three characters give the milliseconds
 * (a non-digit counts as 0), the fourth rounds half up. */
static int64_t parse_fraction(const char *s, size_t n) {
    int64_t mult = 100, r = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        r += mult * (c < '0' || c > '9' ? 0 : c - '0');
        if (mult < 10) {
            if (i + 1 < n && s[i + 1] >= '5') r++;
            break;
        }
        mult /= 10;
    }
    return r;
}

eddy_status eddy__dt_parse_time(const char *s, size_t n, int32_t *out_ms) {
    int64_t tz_h = 0, tz_m = 0, hour, minute = 0, second = 0, milli = 0, sign = -1;
    size_t end = n;
    long colon1 = index_of(s, n, ':', 0);
    long tz = index_of(s, n, '-', 0);
    if (tz < 0) {
        tz = index_of(s, n, '+', 0);
        sign = 1;
    }
    if (tz >= 0) {
        end = (size_t)tz;
        long colon3 = index_of(s, n, ':', (size_t)tz);
        if (colon3 < 0) {
            if (!parse_jint(s + tz + 1, n - (size_t)tz - 1, &tz_h)) return EDDY_E_RUNTIME;
        } else {
            if (!parse_jint(s + tz + 1, (size_t)(colon3 - tz - 1), &tz_h)) return EDDY_E_RUNTIME;
            if (!parse_jint(s + colon3 + 1, n - (size_t)colon3 - 1, &tz_m)) return EDDY_E_RUNTIME;
        }
    }
    if (colon1 < 0) {
        if (!parse_jint(s, end, &hour)) return EDDY_E_RUNTIME;
    } else {
        if (!parse_jint(s, (size_t)colon1, &hour)) return EDDY_E_RUNTIME;
        long colon2 = index_of(s, n, ':', (size_t)colon1 + 1);
        if (colon2 < 0) {
            if ((size_t)colon1 + 1 > end) return EDDY_E_RUNTIME;
            if (!parse_jint(s + colon1 + 1, end - (size_t)colon1 - 1, &minute)) return EDDY_E_RUNTIME;
        } else {
            if (!parse_jint(s + colon1 + 1, (size_t)(colon2 - colon1 - 1), &minute)) return EDDY_E_RUNTIME;
            long dot = index_of(s, n, '.', (size_t)colon2);
            if (dot < 0) {
                if ((size_t)colon2 + 1 > end) return EDDY_E_RUNTIME;
                if (!parse_jint(s + colon2 + 1, end - (size_t)colon2 - 1, &second)) return EDDY_E_RUNTIME;
            } else {
                if (!parse_jint(s + colon2 + 1, (size_t)(dot - colon2 - 1), &second)) return EDDY_E_RUNTIME;
                if ((size_t)dot + 1 > end) return EDDY_E_RUNTIME;
                const char *f = s + dot + 1;
                size_t fn = end - (size_t)dot - 1;
                jtrim(&f, &fn);
                milli = parse_fraction(f, fn);
            }
        }
    }
    hour += sign * tz_h;
    minute += sign * tz_m;
    int64_t ms = hour * DT_MS_PER_HOUR + minute * DT_MS_PER_MINUTE + second * DT_MS_PER_SECOND + milli;
    if (ms < 0 || ms >= DT_MS_PER_DAY) return EDDY_E_RUNTIME;
    *out_ms = (int32_t)ms;
    return EDDY_OK;
}

/* Reads 1..max digits at *p (advancing it); false when none. */
static bool take_digits(const char **p, const char *end, int min, int max, int64_t *out) {
    int64_t v = 0;
    int k = 0;
    while (*p < end && k < max && **p >= '0' && **p <= '9') {
        v = v * 10 + (**p - '0');
        (*p)++;
        k++;
    }
    if (k < min) return false;
    *out = v;
    return true;
}

static bool take_char(const char **p, const char *end, char c) {
    if (*p < end && **p == c) {
        (*p)++;
        return true;
    }
    return false;
}

eddy_status eddy__dt_parse_timestamp(const char *s, size_t n, int precision, int64_t *out_ms, int32_t *out_ns) {
    while (n && (s[0] == ' ' || s[0] == '\t')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    const char *p = s, *end = s + n;
    int64_t y, mo, d, h = 0, mi = 0, sec = 0, nano = 0;
    /* a 4-digit year: more digits would need a sign in Java's strict parse */
    if (!take_digits(&p, end, 4, 4, &y) || (p < end && *p >= '0' && *p <= '9')) return EDDY_E_RUNTIME;
    if (!take_char(&p, end, '-') || !take_digits(&p, end, 1, 2, &mo)) return EDDY_E_RUNTIME;
    if (!take_char(&p, end, '-') || !take_digits(&p, end, 1, 2, &d)) return EDDY_E_RUNTIME;
    if (p < end) {
        if (*p != ' ' && *p != 'T') return EDDY_E_RUNTIME;
        p++;
        if (!take_digits(&p, end, 1, 2, &h) || !take_char(&p, end, ':')) return EDDY_E_RUNTIME;
        if (!take_digits(&p, end, 1, 2, &mi) || !take_char(&p, end, ':')) return EDDY_E_RUNTIME;
        if (!take_digits(&p, end, 1, 2, &sec)) return EDDY_E_RUNTIME;
        if (take_char(&p, end, '.')) {
            int k = 0;
            while (p < end && *p >= '0' && *p <= '9' && k < 9) {
                nano = nano * 10 + (*p++ - '0');
                k++;
            }
            for (; k < 9; k++) nano *= 10;
        }
        if (p != end) return EDDY_E_RUNTIME;
    }
    /* year of era 1..9999 (Java's 'yyyy' has no year 0) */
    if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > eddy__dt_days_in_month(y, (int)mo) || h > 23 || mi > 59 ||
        sec > 59)
        return EDDY_E_RUNTIME;
    if (precision < 0) precision = 0;
    if (precision < 9) {
        int64_t unit = 1;
        for (int i = precision; i < 9; i++) unit *= 10;
        nano -= nano % unit;
    }
    int64_t days = eddy__dt_days_from_civil(y, (int)mo, (int)d);
    *out_ms = days * DT_MS_PER_DAY + h * DT_MS_PER_HOUR + mi * DT_MS_PER_MINUTE + sec * DT_MS_PER_SECOND +
              nano / 1000000;
    *out_ns = (int32_t)(nano % 1000000);
    return EDDY_OK;
}

/* ---- time zones --------------------------------------------------------- */

/* One POSIX TZ rule date: "Jn" (1..365, Feb 29 never counted), "n"
 * (0..365), or "Mm.w.d" (weekday d of week w of month m, w = 5: the last),
 * plus the local time of day of the change in seconds (may be negative or
 * beyond 24 hours, as TZif v3 allows). */
typedef struct TzRule {
    char kind; /* 'J', 'D' (plain n) or 'M' */
    int month, week, wday;
    int day;
    int32_t secs;
} TzRule;

struct TimeZone {
    const char *key; /* the name it was loaded by (cache key) */
    const char *id;  /* Java's normalized id */
    bool fixed;
    int32_t fixed_off; /* seconds */
    /* TZif data */
    int ntrans;
    int64_t *trans; /* UTC seconds, ascending */
    uint8_t *trans_type;
    int ntypes;
    int32_t *type_off; /* seconds east of UTC */
    /* POSIX TZ footer, for times after the last transition */
    bool has_footer, footer_dst;
    int32_t std_off, dst_off;
    TzRule start, end;
    TimeZone *next; /* cache chain */
};

static TimeZone tz_utc_zone = {.key = "UTC", .id = "UTC", .fixed = true, .fixed_off = 0};

const TimeZone *eddy__tz_utc(void) { return &tz_utc_zone; }
const char *eddy__tz_id(const TimeZone *tz) { return tz->id; }

bool eddy__tz_is_fixed(const TimeZone *tz) {
    if (tz->fixed) return true;
    if (tz->has_footer && tz->footer_dst) return false;
    for (int i = 0; i < tz->ntypes; i++)
        if (tz->type_off[i] != tz->type_off[0]) return false;
    return !tz->has_footer || tz->std_off == tz->type_off[0];
}

/* Day number (since the epoch) of a rule's date in `year`. */
static int64_t rule_day(const TzRule *r, int64_t year) {
    int64_t jan1 = eddy__dt_days_from_civil(year, 1, 1);
    switch (r->kind) {
    case 'J': return jan1 + r->day - 1 + (eddy__dt_is_leap(year) && r->day >= 60 ? 1 : 0);
    case 'D': return jan1 + r->day;
    default: {
        int64_t first = eddy__dt_days_from_civil(year, r->month, 1);
        int dow = eddy__dt_day_of_week(first) % 7; /* Sunday = 0 */
        int64_t day = first + (r->wday - dow + 7) % 7 + 7 * (r->week - 1);
        int64_t last = first + eddy__dt_days_in_month(year, r->month) - 1;
        while (day > last) day -= 7;
        return day;
    }
    }
}

/* UTC second at which rule r fires in `year`, given the offset in effect
 * before it. */
static int64_t rule_instant(const TzRule *r, int64_t year, int32_t off_before) {
    return rule_day(r, year) * DT_SECONDS_PER_DAY + r->secs - off_before;
}

static int64_t year_of_second(int64_t t) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(eddy__dt_floor_div(t, DT_SECONDS_PER_DAY), &y, &m, &d);
    return y;
}

/* Offset from the footer rule at UTC second t. */
static int32_t footer_offset(const TimeZone *tz, int64_t t) {
    if (!tz->footer_dst) return tz->std_off;
    int64_t y = year_of_second(t + tz->std_off);
    int64_t best = INT64_MIN;
    int32_t off = tz->std_off;
    /* the latest transition at or before t; later years win ties so that a
     * year-round DST rule (end of y == start of y+1) stays in DST */
    for (int64_t yy = y - 1; yy <= y + 1; yy++) {
        int64_t e = rule_instant(&tz->end, yy, tz->dst_off);
        int64_t s = rule_instant(&tz->start, yy, tz->std_off);
        if (e <= t && e >= best) best = e, off = tz->std_off;
        if (s <= t && s >= best) best = s, off = tz->dst_off;
    }
    return off;
}

/* Offset in seconds at UTC second t. */
static int32_t offset_at(const TimeZone *tz, int64_t t) {
    if (tz->fixed) return tz->fixed_off;
    if (tz->ntrans == 0 || t >= tz->trans[tz->ntrans - 1]) {
        if (tz->has_footer) return tz->footer_dst ? footer_offset(tz, t) : tz->std_off;
        if (tz->ntrans == 0) return tz->type_off[0];
        return tz->type_off[tz->trans_type[tz->ntrans - 1]];
    }
    if (t < tz->trans[0]) return tz->type_off[0];
    int lo = 0, hi = tz->ntrans - 1; /* trans[lo] <= t < trans[hi] */
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (tz->trans[mid] <= t) lo = mid;
        else hi = mid;
    }
    return tz->type_off[tz->trans_type[lo]];
}

/* The first transition strictly after UTC second t that changes the offset:
 * its instant and the offsets before and after. False when there is none. */
static bool next_transition(const TimeZone *tz, int64_t t, int64_t *at, int32_t *before, int32_t *after) {
    if (tz->fixed) return false;
    int lo = 0, hi = tz->ntrans; /* first index with trans > t */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (tz->trans[mid] > t) hi = mid;
        else lo = mid + 1;
    }
    for (int i = lo; i < tz->ntrans; i++) {
        int32_t b = i == 0 ? tz->type_off[0] : tz->type_off[tz->trans_type[i - 1]];
        int32_t a = tz->type_off[tz->trans_type[i]];
        if (a != b) {
            *at = tz->trans[i];
            *before = b;
            *after = a;
            return true;
        }
    }
    if (!tz->has_footer) return false;
    int64_t from = t;
    if (tz->ntrans && tz->trans[tz->ntrans - 1] > from) from = tz->trans[tz->ntrans - 1];
    if (!tz->footer_dst) {
        /* a footer without DST that disagrees with the last type: one change
         * right after the last transition is not representable; none */
        return false;
    }
    if (tz->std_off == tz->dst_off) return false;
    int64_t y = year_of_second(from + tz->std_off);
    int64_t best = INT64_MAX;
    for (int64_t yy = y - 1; yy <= y + 2; yy++) {
        int64_t s = rule_instant(&tz->start, yy, tz->std_off);
        int64_t e = rule_instant(&tz->end, yy, tz->dst_off);
        if (s > from && s < best) best = s, *before = tz->std_off, *after = tz->dst_off;
        if (e > from && e < best) best = e, *before = tz->dst_off, *after = tz->std_off;
    }
    if (best == INT64_MAX) return false;
    *at = best;
    return true;
}

int64_t eddy__tz_offset_utc(const TimeZone *tz, int64_t epoch_ms) {
    if (tz->fixed) return (int64_t)tz->fixed_off * 1000;
    return (int64_t)offset_at(tz, eddy__dt_floor_div(epoch_ms, 1000)) * 1000;
}

int64_t eddy__tz_offset_local(const TimeZone *tz, int64_t local_ms) {
    if (tz->fixed) return (int64_t)tz->fixed_off * 1000;
    /* Every instant that shows local_ms lies within a day and a bit of it
     * (offsets stay within +-26 hours), so walk the offsets in effect from
     * three days before and take the first interval that contains
     * local_ms - offset; a wall-clock time that falls into a gap takes the
     * offset before the gap. */
    const int64_t window = 3 * DT_SECONDS_PER_DAY;
    int64_t local_s = eddy__dt_floor_div(local_ms, 1000);
    int64_t t = local_s - window;
    int64_t cur = (int64_t)offset_at(tz, t) * 1000;
    for (int guard = 0; guard < 256; guard++) {
        int64_t at;
        int32_t before, after;
        if (!next_transition(tz, t, &at, &before, &after) || at > local_s + window) return cur;
        int64_t at_ms = at * 1000;
        if (local_ms - cur < at_ms) return cur;                    /* before it (or the overlap) */
        if (local_ms - (int64_t)after * 1000 < at_ms) return cur;  /* in the gap */
        cur = (int64_t)after * 1000;
        t = at;
    }
    return cur;
}

/* ---- loading ------------------------------------------------------------- */

static pthread_mutex_t tz_lock = PTHREAD_MUTEX_INITIALIZER;
static TimeZone *tz_cache;

static void tz_free(TimeZone *tz) {
    if (!tz || tz == &tz_utc_zone) return;
    eddy__free((void *)tz->key);
    eddy__free((void *)tz->id);
    eddy__free(tz->trans);
    eddy__free(tz->trans_type);
    eddy__free(tz->type_off);
    eddy__free(tz);
}

void eddy__tz_cache_free(void) {
    pthread_mutex_lock(&tz_lock);
    TimeZone *tz = tz_cache;
    tz_cache = NULL;
    pthread_mutex_unlock(&tz_lock);
    while (tz) {
        TimeZone *next = tz->next;
        tz_free(tz);
        tz = next;
    }
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Java's ZoneOffset.of for "+h", "+hh", "+hh:mm", "+hhmm", "+hh:mm:ss",
 * "+hhmmss" (and '-'). Sets *secs; returns false (with a message) if bad. */
static bool parse_zone_offset(const char *s, int32_t *secs, char *msg, size_t msg_cap) {
    size_t n = strlen(s);
    int h = 0, m = 0, sec = 0;
    bool ok = n >= 2 && (s[0] == '+' || s[0] == '-');
    const char *p = s + 1;
    size_t k = n - 1;
#define D2(q) (is_digit((q)[0]) && is_digit((q)[1]))
#define V2(q) (((q)[0] - '0') * 10 + ((q)[1] - '0'))
    if (ok) {
        if (k == 1 && is_digit(p[0])) h = p[0] - '0';
        else if (k == 2 && D2(p)) h = V2(p);
        else if (k == 4 && D2(p) && D2(p + 2)) h = V2(p), m = V2(p + 2);
        else if (k == 5 && D2(p) && p[2] == ':' && D2(p + 3)) h = V2(p), m = V2(p + 3);
        else if (k == 6 && D2(p) && D2(p + 2) && D2(p + 4)) h = V2(p), m = V2(p + 2), sec = V2(p + 4);
        else if (k == 8 && D2(p) && p[2] == ':' && D2(p + 3) && p[5] == ':' && D2(p + 6))
            h = V2(p), m = V2(p + 3), sec = V2(p + 6);
        else ok = false;
    }
#undef D2
#undef V2
    if (!ok) {
        snprintf(msg, msg_cap, "Invalid ID for ZoneOffset, invalid format: %s", s);
        return false;
    }
    if (h > 18) {
        snprintf(msg, msg_cap, "Zone offset hours not in valid range: value %d is not in the range -18 to 18", h);
        return false;
    }
    if (m > 59 || sec > 59) {
        snprintf(msg, msg_cap, "Zone offset %s not in valid range: value %d is not in the range -59 to 59",
                 m > 59 ? "minutes" : "seconds", m > 59 ? m : sec);
        return false;
    }
    int32_t total = h * 3600 + m * 60 + sec;
    if (total > 18 * 3600) {
        snprintf(msg, msg_cap, "Zone offset not in valid range: -18:00 to +18:00");
        return false;
    }
    *secs = s[0] == '-' ? -total : total;
    return true;
}

/* Java's ZoneOffset id: "Z", "+08:00", "-03:30", "+05:45:10". */
static void offset_id(char *out, size_t cap, const char *prefix, int32_t secs) {
    if (secs == 0 && !*prefix) {
        snprintf(out, cap, "Z");
        return;
    }
    int32_t a = secs < 0 ? -secs : secs;
    if (a % 60)
        snprintf(out, cap, "%s%c%02d:%02d:%02d", prefix, secs < 0 ? '-' : '+', a / 3600, a / 60 % 60, a % 60);
    else snprintf(out, cap, "%s%c%02d:%02d", prefix, secs < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}

static TimeZone *new_zone(const char *key, const char *id) {
    TimeZone *tz = eddy__calloc(1, sizeof *tz);
    if (!tz) return NULL;
    tz->key = eddy__strdup(key);
    tz->id = eddy__strdup(id);
    if (!tz->key || !tz->id) {
        tz_free(tz);
        return NULL;
    }
    return tz;
}

/* -- TZif ---------------------------------------------------------------- */

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static int64_t be64(const uint8_t *p) { return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4)); }

/* POSIX TZ pieces. Each advances *p and returns false on bad syntax. */
static bool tzs_name(const char **p) {
    const char *s = *p;
    if (*s == '<') {
        s++;
        while (*s && *s != '>') s++;
        if (*s != '>') return false;
        *p = s + 1;
        return true;
    }
    const char *b = s;
    while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) s++;
    if (s == b) return false;
    *p = s;
    return true;
}

/* [+-]hh[:mm[:ss]] in seconds; hours up to 167 (TZif v3). */
static bool tzs_hms(const char **p, int32_t *out) {
    const char *s = *p;
    int sign = 1;
    if (*s == '+' || *s == '-') sign = *s++ == '-' ? -1 : 1;
    if (!is_digit(*s)) return false;
    int32_t h = 0, m = 0, sec = 0;
    while (is_digit(*s) && h < 1000) h = h * 10 + (*s++ - '0');
    if (*s == ':') {
        s++;
        if (!is_digit(*s)) return false;
        while (is_digit(*s) && m < 100) m = m * 10 + (*s++ - '0');
        if (*s == ':') {
            s++;
            if (!is_digit(*s)) return false;
            while (is_digit(*s) && sec < 100) sec = sec * 10 + (*s++ - '0');
        }
    }
    if (h > 167 || m > 59 || sec > 59) return false;
    *out = sign * (h * 3600 + m * 60 + sec);
    *p = s;
    return true;
}

static bool tzs_num(const char **p, int *out, int max) {
    const char *s = *p;
    if (!is_digit(*s)) return false;
    int v = 0;
    while (is_digit(*s)) {
        v = v * 10 + (*s++ - '0');
        if (v > max) return false;
    }
    *out = v;
    *p = s;
    return true;
}

static bool tzs_rule(const char **p, TzRule *r) {
    const char *s = *p;
    memset(r, 0, sizeof *r);
    if (*s == 'J') {
        s++;
        r->kind = 'J';
        if (!tzs_num(&s, &r->day, 365) || r->day < 1) return false;
    } else if (*s == 'M') {
        s++;
        r->kind = 'M';
        if (!tzs_num(&s, &r->month, 12) || r->month < 1 || *s++ != '.') return false;
        if (!tzs_num(&s, &r->week, 5) || r->week < 1 || *s++ != '.') return false;
        if (!tzs_num(&s, &r->wday, 6)) return false;
    } else {
        r->kind = 'D';
        if (!tzs_num(&s, &r->day, 365)) return false;
    }
    r->secs = 7200;
    if (*s == '/') {
        s++;
        if (!tzs_hms(&s, &r->secs)) return false;
    }
    *p = s;
    return true;
}

static bool parse_posix_tz(TimeZone *tz, const char *s) {
    int32_t v;
    if (!tzs_name(&s) || !tzs_hms(&s, &v)) return false;
    tz->std_off = -v;
    tz->has_footer = true;
    if (!*s) return true;
    if (!tzs_name(&s)) return false;
    tz->footer_dst = true;
    tz->dst_off = tz->std_off + 3600;
    if (*s && *s != ',') {
        if (!tzs_hms(&s, &v)) return false;
        tz->dst_off = -v;
    }
    if (*s == ',') {
        s++;
        if (!tzs_rule(&s, &tz->start) || *s++ != ',' || !tzs_rule(&s, &tz->end)) return false;
    } else {
        /* the POSIX default: US rules of 2007 */
        const char *def = "M3.2.0,M11.1.0";
        if (!tzs_rule(&def, &tz->start) || *def++ != ',' || !tzs_rule(&def, &tz->end)) return false;
    }
    return *s == 0;
}

/* Parses a TZif file into tz. Returns false for a malformed file. */
static bool parse_tzif(TimeZone *tz, const uint8_t *buf, size_t n) {
    if (n < 44 || memcmp(buf, "TZif", 4) != 0) return false;
    int version = buf[4];
    const uint8_t *h = buf;
    size_t pos = 0;
    int tsize = 4;
    for (int pass = 0; pass < 2; pass++) {
        if (n - pos < 44 || memcmp(h, "TZif", 4) != 0) return false;
        uint64_t isutcnt = be32(h + 20), isstdcnt = be32(h + 24), leapcnt = be32(h + 28);
        uint64_t timecnt = be32(h + 32), typecnt = be32(h + 36), charcnt = be32(h + 40);
        if (typecnt == 0 || typecnt > 256 || timecnt > 1000000 || charcnt > 100000 || leapcnt > 100000 ||
            isutcnt > 256 || isstdcnt > 256)
            return false;
        uint64_t size = timecnt * (uint64_t)tsize + timecnt + typecnt * 6 + charcnt +
                        leapcnt * (uint64_t)(tsize + 4) + isstdcnt + isutcnt;
        if (n - pos - 44 < size) return false;
        if (pass == 0 && version >= '2') {
            /* skip the 32-bit block: the 64-bit one follows */
            pos += 44 + size;
            h = buf + pos;
            tsize = 8;
            continue;
        }
        const uint8_t *p = h + 44;
        tz->ntrans = (int)timecnt;
        tz->ntypes = (int)typecnt;
        tz->trans = eddy__malloc(sizeof(int64_t) * (timecnt ? timecnt : 1));
        tz->trans_type = eddy__malloc(timecnt ? timecnt : 1);
        tz->type_off = eddy__malloc(sizeof(int32_t) * typecnt);
        if (!tz->trans || !tz->trans_type || !tz->type_off) return false;
        for (uint64_t i = 0; i < timecnt; i++, p += tsize)
            tz->trans[i] = tsize == 8 ? be64(p) : (int64_t)(int32_t)be32(p);
        for (uint64_t i = 0; i < timecnt; i++) {
            if (p[i] >= typecnt) return false;
            tz->trans_type[i] = p[i];
        }
        p += timecnt;
        for (uint64_t i = 0; i < typecnt; i++, p += 6) {
            int32_t off = (int32_t)be32(p);
            if (off < -26 * 3600 || off > 26 * 3600) return false;
            tz->type_off[i] = off;
        }
        for (uint64_t i = 1; i < timecnt; i++)
            if (tz->trans[i] <= tz->trans[i - 1]) return false;
        pos += 44 + size;
        break;
    }
    if (version >= '2' && pos < n && buf[pos] == '\n') {
        const char *f = (const char *)buf + pos + 1;
        size_t k = 0;
        while (pos + 1 + k < n && f[k] != '\n') k++;
        if (pos + 1 + k < n && k > 0 && k < 256) {
            char footer[256];
            memcpy(footer, f, k);
            footer[k] = 0;
            TimeZone probe = *tz;
            if (parse_posix_tz(&probe, footer)) *tz = probe;
        }
    }
    return true;
}

/* Java's ZoneRegion.checkName plus: no ".." path segments. */
static bool region_name_ok(const char *s) {
    size_t n = strlen(s);
    if (n < 2 || n > 200) return false;
    if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z'))) return false;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '~' || c == '/' ||
                  c == '.' || c == '_' || c == '+' || c == '-';
        if (!ok) return false;
    }
    return strstr(s, "..") == NULL && strstr(s, "//") == NULL;
}

/* Reads a whole file (at most 4 MB). NULL when it cannot be read. */
static uint8_t *read_file(const char *path, size_t *out_n) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 8192, n = 0;
    uint8_t *buf = eddy__malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
        if (n == cap) {
            if (cap >= ((size_t)4 << 20)) {
                eddy__free(buf);
                buf = NULL;
                break;
            }
            uint8_t *nb = eddy__realloc(buf, cap * 2);
            if (!nb) {
                eddy__free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) {
        eddy__free(buf);
        buf = NULL;
    }
    fclose(f);
    *out_n = n;
    return buf;
}

static eddy_status load_region(const char *name, TimeZone **out, EdErr *err) {
    if (!region_name_ok(name))
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid ID for region-based ZoneId, invalid format: %s", name);
    const char *dir = getenv("TZDIR");
    if (!dir || !*dir) dir = "/usr/share/zoneinfo";
    size_t plen = strlen(dir) + strlen(name) + 2;
    char *path = eddy__malloc(plen);
    if (!path) return eddy__err(err, EDDY_E_NOMEM, "out of memory loading time zone %s", name);
    snprintf(path, plen, "%s/%s", dir, name);
    size_t n = 0;
    uint8_t *buf = read_file(path, &n);
    eddy__free(path);
    if (!buf || n < 4 || memcmp(buf, "TZif", 4) != 0) {
        eddy__free(buf);
        return eddy__err(err, EDDY_E_VALIDATION, "Unknown time-zone ID: %s", name);
    }
    TimeZone *tz = new_zone(name, name);
    if (!tz) {
        eddy__free(buf);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory loading time zone %s", name);
    }
    bool ok = parse_tzif(tz, buf, n);
    eddy__free(buf);
    if (!ok) {
        tz_free(tz);
        return eddy__err(err, EDDY_E_IO, "Malformed time zone file for %s", name);
    }
    *out = tz;
    return EDDY_OK;
}

static eddy_status load_fixed(const char *name, const char *prefix, const char *offset, TimeZone **out,
                              EdErr *err) {
    char msg[160], id[64];
    int32_t secs;
    if (!parse_zone_offset(offset, &secs, msg, sizeof msg)) {
        if (*prefix) return eddy__err(err, EDDY_E_VALIDATION, "Invalid ID for offset-based ZoneId: %s", name);
        return eddy__err(err, EDDY_E_VALIDATION, "%s", msg);
    }
    if (secs == 0 && *prefix) snprintf(id, sizeof id, "%s", prefix);
    else offset_id(id, sizeof id, prefix, secs);
    TimeZone *tz = new_zone(name, id);
    if (!tz) return eddy__err(err, EDDY_E_NOMEM, "out of memory loading time zone %s", name);
    tz->fixed = true;
    tz->fixed_off = secs;
    *out = tz;
    return EDDY_OK;
}

/* Builds a zone for `name` (not cached yet). */
static eddy_status make_zone(const char *name, TimeZone **out, EdErr *err) {
    if (strcmp(name, "Z") == 0) return load_fixed(name, "", "+00:00", out, err);
    if (strcmp(name, "GMT") == 0 || strcmp(name, "UT") == 0) {
        TimeZone *tz = new_zone(name, name);
        if (!tz) return eddy__err(err, EDDY_E_NOMEM, "out of memory loading time zone %s", name);
        tz->fixed = true;
        *out = tz;
        return EDDY_OK;
    }
    if (name[0] == '+' || name[0] == '-') return load_fixed(name, "", name, out, err);
    static const char *const prefixes[] = {"UTC", "GMT", "UT"};
    for (size_t i = 0; i < ED_ARRAY_LEN(prefixes); i++) {
        size_t k = strlen(prefixes[i]);
        if (strncmp(name, prefixes[i], k) == 0 && (name[k] == '+' || name[k] == '-')) {
            char prefix[4];
            memcpy(prefix, prefixes[i], k + 1);
            return load_fixed(name, prefix, name + k, out, err);
        }
    }
    return load_region(name, out, err);
}

eddy_status eddy__tz_load(const char *name, const TimeZone **out, EdErr *err) {
    if (!name || !*name) return eddy__err(err, EDDY_E_VALIDATION, "Invalid ID for region-based ZoneId, invalid format: ");
    if (strcmp(name, "UTC") == 0) {
        *out = &tz_utc_zone;
        return EDDY_OK;
    }
    pthread_mutex_lock(&tz_lock);
    for (TimeZone *tz = tz_cache; tz; tz = tz->next) {
        if (strcmp(tz->key, name) == 0) {
            pthread_mutex_unlock(&tz_lock);
            *out = tz;
            return EDDY_OK;
        }
    }
    TimeZone *tz = NULL;
    eddy_status st = make_zone(name, &tz, err);
    if (st == EDDY_OK) {
        tz->next = tz_cache;
        tz_cache = tz;
        *out = tz;
    }
    pthread_mutex_unlock(&tz_lock);
    return st;
}
