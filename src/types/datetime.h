/*
 * datetime.h -- calendar arithmetic shared by the whole engine: days since
 * 1970-01-01 <-> (year, month, day) in the proleptic Gregorian calendar,
 * epoch milliseconds (+ nanoseconds) <-> broken-down fields, weekday and
 * day-of-year, parsing of SQL DATE / TIME / TIMESTAMP strings the way Flink's
 * CAST(STRING AS ...) accepts them, and time zones for TIMESTAMP_LTZ: UTC,
 * fixed offsets and IANA zones read from the system tzdata (TZif files).
 *
 * Conventions. Years use astronomical numbering (year 0 is 1 BC, -1 is
 * 2 BC), as java.time does; the calendar functions are exact for years
 * -999999..999999 (and further: all arithmetic is 64-bit). "Epoch ms" counts
 * milliseconds since 1970-01-01T00:00:00Z; a "local" epoch ms is the same
 * count for a wall-clock date-time read as if it were UTC (Flink's
 * TIMESTAMP representation). Time zone offsets are milliseconds east of UTC.
 *
 * Time zones are immutable and shared: eddy__tz_load caches each one for
 * the life of the process (or until eddy__tz_cache_free); a loaded
 * TimeZone may be used from any thread.
 */
#ifndef EDDY_DATETIME_H
#define EDDY_DATETIME_H

#include "util/util.h"

#define DT_MS_PER_SECOND 1000LL
#define DT_MS_PER_MINUTE 60000LL
#define DT_MS_PER_HOUR 3600000LL
#define DT_MS_PER_DAY 86400000LL
#define DT_SECONDS_PER_DAY 86400LL
#define DT_MIN_YEAR (-999999)
#define DT_MAX_YEAR 999999

/* A broken-down date-time (no zone). */
typedef struct DateTime {
    int32_t year;   /* astronomical: 0 = 1 BC */
    int32_t month;  /* 1..12 */
    int32_t day;    /* 1..31 */
    int32_t hour;   /* 0..23 */
    int32_t minute; /* 0..59 */
    int32_t second; /* 0..59 */
    int32_t nano;   /* 0..999999999, nanosecond of the second */
} DateTime;

/* ---- integer helpers ---------------------------------------------------- */

/* Floor division and the matching modulo (result has the sign of b), as
 * Java's Math.floorDiv / floorMod. b must not be 0. */
int64_t eddy__dt_floor_div(int64_t a, int64_t b);
int64_t eddy__dt_floor_mod(int64_t a, int64_t b);

/* ---- calendar ----------------------------------------------------------- */

/* Whether `year` is a leap year in the proleptic Gregorian calendar. */
bool eddy__dt_is_leap(int64_t year);
/* Days in month 1..12 of `year` (0 for a month out of range). */
int eddy__dt_days_in_month(int64_t year, int month);
/* Days since 1970-01-01 of the given date. Needs a valid month (1..12) and
 * day (1..days in month); other inputs give a value but no meaning. */
int64_t eddy__dt_days_from_civil(int64_t year, int month, int day);
/* The date `days` days after 1970-01-01 (negative: before). Exact for any
 * |days| < 2^50. */
void eddy__dt_civil_from_days(int64_t days, int64_t *year, int *month, int *day);
/* The day number `months` months after day `days` (negative: before), the
 * day of month clamped to the target month's length (Jan 31 + 1 month =
 * Feb 28/29), as Calcite's DateTimeUtils.addMonths. */
int64_t eddy__dt_add_months(int64_t days, int64_t months);
/* ISO day of week of a day number: 1 = Monday .. 7 = Sunday. */
int eddy__dt_day_of_week(int64_t days);
/* Day of the year, 1..366. */
int eddy__dt_day_of_year(int64_t days);
/* Whether the fields form a valid date-time (year within DT_MIN/MAX_YEAR). */
bool eddy__dt_valid(const DateTime *dt);

/* Breaks an epoch-ms value (+ 0..999999 extra nanoseconds) into fields. */
void eddy__dt_from_epoch(int64_t ms, int32_t nano_of_ms, DateTime *out);
/* The epoch ms of the fields (nanoseconds below the millisecond are dropped;
 * eddy__dt_nano_of_ms gives them). Needs valid fields. */
int64_t eddy__dt_to_epoch_ms(const DateTime *dt);
static inline int32_t eddy__dt_nano_of_ms(const DateTime *dt) { return dt->nano % 1000000; }

/* ---- parsing (CAST(STRING AS DATE/TIME/TIMESTAMP)) ---------------------- */

/* Parses a DATE as Flink's DateTimeUtils.parseDate: the text before the
 * first space, "y[-m[-d]]" with each part all digits (spaces around parts
 * allowed), year 0..9999, a real calendar date. "2021-08-21", "2021-8-1",
 * "123" (= 0123-01-01) and "2021-08-21 13:00:05" are accepted. Sets
 * *out_days (days since the epoch) and returns EDDY_OK, or returns
 * EDDY_E_RUNTIME for malformed input (*out_days untouched). */
eddy_status eddy__dt_parse_date(const char *s, size_t n, int32_t *out_days);

/* Parses a TIME as Flink's DateTimeUtils.parseTime: "h", "h:m", "h:m:s",
 * "h:m:s.fff..." (1- or 2-digit fields, fraction rounded half-up to
 * milliseconds), optionally followed by a "+hh[:mm]" / "-hh[:mm]" suffix that
 * Flink folds into the hour. Unlike Flink, a result outside
 * 00:00:00..23:59:59.999 is rejected. Sets *out_ms (ms of the day) or returns
 * EDDY_E_RUNTIME. */
eddy_status eddy__dt_parse_time(const char *s, size_t n, int32_t *out_ms);

/* Parses a TIMESTAMP as Flink's DEFAULT_TIMESTAMP_FORMATTER
 * ("yyyy-[MM][M]-[dd][d][ [HH][H]:[mm][m]:[ss][s][.fffffffff]]"): a 4-digit
 * year, 1- or 2-digit month/day/hour/minute/second, seconds required when a
 * time is given, 0..9 fraction digits. Extensions over Flink: 'T' is accepted
 * instead of the space, and surrounding spaces are ignored. The fraction is
 * truncated to `precision` (0..9) digits, as Flink does. Sets *out_ms (local
 * epoch ms) and *out_ns (0..999999) or returns EDDY_E_RUNTIME. */
eddy_status eddy__dt_parse_timestamp(const char *s, size_t n, int precision, int64_t *out_ms, int32_t *out_ns);

/* ---- time zones ----------------------------------------------------------- */

typedef struct TimeZone TimeZone;

/* The UTC zone (static; never freed). */
const TimeZone *eddy__tz_utc(void);

/* Looks up a time zone by Java ZoneId name: "Z", "UTC", "GMT", "UT", fixed
 * offsets "+8", "+08", "+08:00", "-0330", "+08:00:15" (at most 18 hours),
 * the same after a "UTC" / "GMT" / "UT" prefix ("GMT+08:00", "UTC+8"), and
 * region ids ("Asia/Shanghai") read from the TZif file under $TZDIR or
 * /usr/share/zoneinfo (v1, v2 and v3 files, POSIX TZ footer included).
 * Names are case-sensitive, as in Java. Zones are cached: the same name
 * gives the same pointer. Thread-safe. On success sets *out (borrowed until
 * eddy__tz_cache_free) and returns EDDY_OK; an unknown or malformed name
 * gives EDDY_E_VALIDATION ("Unknown time-zone ID: ..." / "Invalid ID for
 * ZoneOffset, ..."), a broken file EDDY_E_IO, no memory EDDY_E_NOMEM; the
 * message goes to err (may be NULL). */
eddy_status eddy__tz_load(const char *name, const TimeZone **out, EdErr *err);

/* The zone's normalized id as Java's ZoneId.getId() gives it ("UTC+08:00"
 * for "UTC+8", "+08:00" for "+8", "Z", "Asia/Shanghai"). */
const char *eddy__tz_id(const TimeZone *tz);

/* Whether the zone has one offset forever (UTC, fixed offsets, zones such
 * as Etc/GMT-8 whose file has no transitions). */
bool eddy__tz_is_fixed(const TimeZone *tz);

/* The offset (ms east of UTC) in effect at the instant epoch_ms. */
int64_t eddy__tz_offset_utc(const TimeZone *tz, int64_t epoch_ms);

/* The offset to subtract from the wall-clock time local_ms (local epoch ms)
 * to get the instant, with java.time's rules (LocalDateTime.atZone): in an
 * overlap the earlier offset (the one before the transition); in a gap the
 * offset before the transition, which moves the time forward by the length
 * of the gap (02:30 on a spring-forward day in Berlin becomes 03:30+02:00). */
int64_t eddy__tz_offset_local(const TimeZone *tz, int64_t local_ms);

/* Instant -> wall clock and back, using the two functions above. */
static inline int64_t eddy__tz_to_local(const TimeZone *tz, int64_t epoch_ms) {
    return epoch_ms + eddy__tz_offset_utc(tz, epoch_ms);
}
static inline int64_t eddy__tz_from_local(const TimeZone *tz, int64_t local_ms) {
    return local_ms - eddy__tz_offset_local(tz, local_ms);
}

/* Frees every cached zone. Only for process teardown (and tests): no
 * TimeZone pointer may be used afterwards, except eddy__tz_utc(). */
void eddy__tz_cache_free(void);

#endif
