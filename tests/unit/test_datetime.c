/*
 * test_datetime.c -- the calendar (days <-> dates over the whole supported
 * range), epoch <-> fields, Flink's date/time/timestamp string parsing, and
 * time zones: fixed offsets, TZif zones with DST gaps and overlaps (Europe/
 * Berlin, America/Los_Angeles, Australia/Sydney), far-future instants that
 * need the POSIX footer rule, and Java's ZoneId names. Expected values were
 * taken from java.time (JDK 17).
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "types/datetime.h"

static int64_t days_of(int64_t y, int m, int d) { return eddy__dt_days_from_civil(y, m, d); }

/* local wall-clock ms of a date-time */
static int64_t lms(int64_t y, int mo, int d, int h, int mi, int s) {
    return days_of(y, mo, d) * DT_MS_PER_DAY + h * DT_MS_PER_HOUR + mi * DT_MS_PER_MINUTE + s * 1000LL;
}

TEST(civil_known_dates) {
    ASSERT_EQ_INT(days_of(1970, 1, 1), 0);
    ASSERT_EQ_INT(days_of(2021, 8, 21), 18860);
    ASSERT_EQ_INT(days_of(1, 1, 1), -719162);
    ASSERT_EQ_INT(days_of(-44, 3, 15), -735525);
    ASSERT_EQ_INT(days_of(0, 12, 31), -719163);
    ASSERT_EQ_INT(days_of(10000, 1, 1), 2932897);
    ASSERT_EQ_INT(days_of(-12345, 6, 7), -5228289);
    ASSERT_EQ_INT(days_of(1969, 12, 31), -1);
    ASSERT_EQ_INT(days_of(2000, 2, 29), 11016);
    ASSERT_EQ_INT(days_of(999999, 12, 31), 364522971);
    ASSERT_EQ_INT(days_of(-999999, 1, 1), -365961662);
    ASSERT_EQ_INT(days_of(1600, 3, 1), -135080);
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(-735525, &y, &m, &d);
    ASSERT_EQ_INT(y, -44);
    ASSERT_EQ_INT(m, 3);
    ASSERT_EQ_INT(d, 15);
    eddy__dt_civil_from_days(364522971, &y, &m, &d);
    ASSERT_EQ_INT(y, 999999);
    ASSERT_EQ_INT(m, 12);
    ASSERT_EQ_INT(d, 31);
}

TEST(civil_round_trips_over_the_whole_range) {
    /* every day of some years around the edges, and one day in 97 across
     * the whole range: consecutive days must advance the date by one */
    int64_t first = days_of(DT_MIN_YEAR, 1, 1), last = days_of(DT_MAX_YEAR, 12, 31);
    int64_t py = 0;
    int pm = 0, pd = 0;
    for (int64_t day = first; day <= last; day += (day > first + 3000 && day < last - 3000 &&
                                                   (day < -800000 || day > 800000)) ? 97 : 1) {
        int64_t y;
        int m, d;
        eddy__dt_civil_from_days(day, &y, &m, &d);
        ASSERT_TRUE(m >= 1 && m <= 12 && d >= 1 && d <= eddy__dt_days_in_month(y, m));
        ASSERT_EQ_INT(days_of(y, m, d), day);
        if (day > first && pm) {
            int64_t prev = days_of(py, pm, pd);
            ASSERT_TRUE(prev < day);
        }
        py = y, pm = m, pd = d;
    }
    ASSERT_EQ_INT(py, DT_MAX_YEAR);
}

TEST(leap_years_weekdays_day_of_year) {
    ASSERT_TRUE(eddy__dt_is_leap(2000));
    ASSERT_FALSE(eddy__dt_is_leap(1900));
    ASSERT_TRUE(eddy__dt_is_leap(2024));
    ASSERT_TRUE(eddy__dt_is_leap(0));
    ASSERT_TRUE(eddy__dt_is_leap(-4));
    ASSERT_FALSE(eddy__dt_is_leap(-1));
    ASSERT_EQ_INT(eddy__dt_days_in_month(2021, 2), 28);
    ASSERT_EQ_INT(eddy__dt_days_in_month(2020, 2), 29);
    ASSERT_EQ_INT(eddy__dt_days_in_month(2021, 4), 30);
    ASSERT_EQ_INT(eddy__dt_days_in_month(2021, 13), 0);
    ASSERT_EQ_INT(eddy__dt_day_of_week(0), 4);            /* Thursday */
    ASSERT_EQ_INT(eddy__dt_day_of_week(18860), 6);        /* 2021-08-21 Saturday */
    ASSERT_EQ_INT(eddy__dt_day_of_week(-1), 3);
    ASSERT_EQ_INT(eddy__dt_day_of_week(-719163), 7);      /* 0000-12-31 Sunday */
    ASSERT_EQ_INT(eddy__dt_day_of_week(-5228289), 1);
    ASSERT_EQ_INT(eddy__dt_day_of_year(18860), 233);
    ASSERT_EQ_INT(eddy__dt_day_of_year(-719163), 366);
    ASSERT_EQ_INT(eddy__dt_day_of_year(11016), 60);
    ASSERT_EQ_INT(eddy__dt_day_of_year(-135080), 61);
    ASSERT_EQ_INT(eddy__dt_floor_div(-7, 2), -4);
    ASSERT_EQ_INT(eddy__dt_floor_mod(-7, 2), 1);
    ASSERT_EQ_INT(eddy__dt_floor_div(7, 2), 3);
    ASSERT_EQ_INT(eddy__dt_floor_mod(-86400001, 86400000), 86399999);
}

TEST(epoch_fields) {
    DateTime dt;
    eddy__dt_from_epoch(-1, 0, &dt);
    ASSERT_EQ_INT(dt.year, 1969);
    ASSERT_EQ_INT(dt.month, 12);
    ASSERT_EQ_INT(dt.day, 31);
    ASSERT_EQ_INT(dt.hour, 23);
    ASSERT_EQ_INT(dt.minute, 59);
    ASSERT_EQ_INT(dt.second, 59);
    ASSERT_EQ_INT(dt.nano, 999000000);
    eddy__dt_from_epoch(1629550805123LL, 456789, &dt);
    ASSERT_EQ_INT(dt.year, 2021);
    ASSERT_EQ_INT(dt.hour, 13);
    ASSERT_EQ_INT(dt.second, 5);
    ASSERT_EQ_INT(dt.nano, 123456789);
    ASSERT_TRUE(eddy__dt_valid(&dt));
    ASSERT_EQ_INT(eddy__dt_to_epoch_ms(&dt), 1629550805123LL);
    ASSERT_EQ_INT(eddy__dt_nano_of_ms(&dt), 456789);
    DateTime bad = {2021, 2, 29, 0, 0, 0, 0};
    ASSERT_FALSE(eddy__dt_valid(&bad));
    /* before year 1 */
    eddy__dt_from_epoch(-62198755200000LL, 0, &dt);
    ASSERT_EQ_INT(dt.year, -1);
    ASSERT_EQ_INT(dt.month, 1);
    ASSERT_EQ_INT(dt.day, 1);
    ASSERT_EQ_INT(eddy__dt_to_epoch_ms(&dt), -62198755200000LL);
}

static int32_t pdate(const char *s) {
    int32_t d = INT32_MIN;
    if (eddy__dt_parse_date(s, strlen(s), &d) != EDDY_OK) return INT32_MIN;
    return d;
}

TEST(parse_date_like_flink) {
    ASSERT_EQ_INT(pdate("2021-08-21"), 18860);
    ASSERT_EQ_INT(pdate("2021-8-21"), 18860);
    ASSERT_EQ_INT(pdate("2021-08-21 13:00:05"), 18860);
    ASSERT_EQ_INT(pdate("2021-09-27 12:34:56.123456789"), days_of(2021, 9, 27));
    ASSERT_EQ_INT(pdate("123"), days_of(123, 1, 1));
    ASSERT_EQ_INT(pdate("2021-9"), days_of(2021, 9, 1));
    ASSERT_EQ_INT(pdate("1970-1-1"), 0);
    ASSERT_EQ_INT(pdate("0000-01-01"), days_of(0, 1, 1));
    ASSERT_EQ_INT(pdate(" 2021 - 08 - 21"), 18860);
    ASSERT_EQ_INT(pdate("2020-02-29"), days_of(2020, 2, 29));
    ASSERT_EQ_INT(pdate("2021-02-29"), INT32_MIN);
    ASSERT_EQ_INT(pdate("2021-04-31"), INT32_MIN);
    ASSERT_EQ_INT(pdate("2021/09/27"), INT32_MIN);
    ASSERT_EQ_INT(pdate("2021-08-21T13:00:05"), INT32_MIN);
    ASSERT_EQ_INT(pdate("10000-01-01"), INT32_MIN);
    ASSERT_EQ_INT(pdate("-1-01-01"), INT32_MIN);
    ASSERT_EQ_INT(pdate("2021-13-01"), INT32_MIN);
    ASSERT_EQ_INT(pdate("2021-00-10"), INT32_MIN);
    ASSERT_EQ_INT(pdate(""), INT32_MIN);
    ASSERT_EQ_INT(pdate("abc"), INT32_MIN);
    ASSERT_EQ_INT(pdate("99999999999-01-01"), INT32_MIN);
}

static int32_t ptime(const char *s) {
    int32_t ms = INT32_MIN;
    if (eddy__dt_parse_time(s, strlen(s), &ms) != EDDY_OK) return INT32_MIN;
    return ms;
}

TEST(parse_time_like_flink) {
    ASSERT_EQ_INT(ptime("13:00:05"), 46805000);
    ASSERT_EQ_INT(ptime("13:00:05.123456789"), 46805123);
    ASSERT_EQ_INT(ptime("13:00:05.1235"), 46805124); /* 4th digit rounds */
    ASSERT_EQ_INT(ptime("13:00:05.5"), 46805500);
    ASSERT_EQ_INT(ptime("23"), 23 * 3600000);
    ASSERT_EQ_INT(ptime("23:45"), 23 * 3600000 + 45 * 60000);
    ASSERT_EQ_INT(ptime("1:2:3"), 3723000);
    ASSERT_EQ_INT(ptime("00:00:00"), 0);
    ASSERT_EQ_INT(ptime("23:59:59.999"), 86399999);
    ASSERT_EQ_INT(ptime("12:00:00+01:00"), 13 * 3600000); /* Flink adds the suffix to the hour */
    ASSERT_EQ_INT(ptime("12:00:00-01:30"), 10 * 3600000 + 30 * 60000);
    ASSERT_EQ_INT(ptime("2021-09-27"), INT32_MIN);
    ASSERT_EQ_INT(ptime("2021-09-27 12:34:56"), INT32_MIN);
    ASSERT_EQ_INT(ptime("24:00:00"), INT32_MIN);
    ASSERT_EQ_INT(ptime("ab:cd"), INT32_MIN);
    ASSERT_EQ_INT(ptime(""), INT32_MIN);
    ASSERT_EQ_INT(ptime("12:"), INT32_MIN);
}

static const char *pts(const char *s, int p) {
    static char out[64];
    int64_t ms;
    int32_t ns;
    if (eddy__dt_parse_timestamp(s, strlen(s), p, &ms, &ns) != EDDY_OK) return "ERR";
    snprintf(out, sizeof out, "%lld+%d", (long long)ms, (int)ns);
    return out;
}

TEST(parse_timestamp_like_flink) {
    ASSERT_STR_EQ(pts("2021-08-21 13:00:05.123", 3), "1629550805123+0");
    ASSERT_STR_EQ(pts("2021-08-21T13:00:05", 3), "1629550805000+0");
    ASSERT_STR_EQ(pts("2021-08-21", 3), "1629504000000+0");
    ASSERT_STR_EQ(pts("2021-8-1 1:2:3", 0), "1627779723000+0");
    ASSERT_STR_EQ(pts("2021-09-27 12:34:56.123456789", 9), "1632746096123+456789");
    ASSERT_STR_EQ(pts("2021-09-27 12:34:56.123456789", 6), "1632746096123+456000");
    ASSERT_STR_EQ(pts("2021-09-27 12:34:56.123456789", 3), "1632746096123+0");
    ASSERT_STR_EQ(pts("2021-09-27 12:34:56.999", 0), "1632746096000+0");
    ASSERT_STR_EQ(pts("2021-09-27 12:34:56.", 3), "1632746096000+0");
    ASSERT_STR_EQ(pts("  2021-08-21 13:00:05 ", 3), "1629550805000+0");
    ASSERT_STR_EQ(pts("1969-12-31 23:59:59.999", 3), "-1+0");
    ASSERT_STR_EQ(pts("0001-01-01 00:00:00", 3), "-62135596800000+0");
    ASSERT_STR_EQ(pts("2021-08-21 13:00", 3), "ERR");
    ASSERT_STR_EQ(pts("2021/09/27", 3), "ERR");
    ASSERT_STR_EQ(pts("123", 3), "ERR");
    ASSERT_STR_EQ(pts("21-08-21", 3), "ERR");
    ASSERT_STR_EQ(pts("2021-02-30", 3), "ERR");
    ASSERT_STR_EQ(pts("2021-08-21 24:00:00", 3), "ERR");
    ASSERT_STR_EQ(pts("2021-08-21 13:00:05.1234567891", 9), "ERR");
    ASSERT_STR_EQ(pts("2021-08-21 13:00:05Z", 3), "ERR");
    ASSERT_STR_EQ(pts("0000-01-01", 3), "ERR");
}

static const TimeZone *zone(const char *name) {
    const TimeZone *tz = NULL;
    EdErr err = {0};
    if (eddy__tz_load(name, &tz, &err) != EDDY_OK) {
        fprintf(stderr, "tz %s: %s\n", name, err.msg ? err.msg : "?");
        eddy__err_clear(&err);
        return NULL;
    }
    return tz;
}

static const char *zone_err(const char *name) {
    static char out[256];
    const TimeZone *tz = NULL;
    EdErr err = {0};
    if (eddy__tz_load(name, &tz, &err) == EDDY_OK) return "OK";
    snprintf(out, sizeof out, "%s", err.msg ? err.msg : "?");
    eddy__err_clear(&err);
    return out;
}

#define H (3600000LL)

TEST(fixed_zones_and_ids) {
    const TimeZone *utc = zone("UTC");
    ASSERT_TRUE(utc == eddy__tz_utc());
    ASSERT_STR_EQ(eddy__tz_id(utc), "UTC");
    ASSERT_EQ_INT(eddy__tz_offset_utc(utc, 1234567), 0);
    const TimeZone *z = zone("UTC+8");
    ASSERT_TRUE(z != NULL);
    ASSERT_STR_EQ(eddy__tz_id(z), "UTC+08:00");
    ASSERT_EQ_INT(eddy__tz_offset_utc(z, 0), 8 * H);
    ASSERT_EQ_INT(eddy__tz_offset_local(z, 0), 8 * H);
    ASSERT_TRUE(eddy__tz_is_fixed(z));
    ASSERT_TRUE(zone("UTC+8") == z); /* cached */
    ASSERT_STR_EQ(eddy__tz_id(zone("+8")), "+08:00");
    ASSERT_STR_EQ(eddy__tz_id(zone("+08:00")), "+08:00");
    ASSERT_STR_EQ(eddy__tz_id(zone("GMT+08:00")), "GMT+08:00");
    ASSERT_EQ_INT(eddy__tz_offset_utc(zone("GMT+08:00"), 0), 8 * H);
    ASSERT_STR_EQ(eddy__tz_id(zone("UTC+0")), "UTC");
    ASSERT_STR_EQ(eddy__tz_id(zone("+00:00")), "Z");
    ASSERT_STR_EQ(eddy__tz_id(zone("Z")), "Z");
    ASSERT_STR_EQ(eddy__tz_id(zone("GMT")), "GMT");
    ASSERT_STR_EQ(eddy__tz_id(zone("-0330")), "-03:30");
    ASSERT_EQ_INT(eddy__tz_offset_utc(zone("-0330"), 0), -(3 * H + 30 * 60000));
    ASSERT_STR_EQ(eddy__tz_id(zone("UT-05:30:15")), "UT-05:30:15");
    ASSERT_EQ_INT(eddy__tz_offset_utc(zone("UT-05:30:15"), 0), -(5 * H + 30 * 60000 + 15000));
    ASSERT_STR_EQ(zone_err("+8:00"), "Invalid ID for ZoneOffset, invalid format: +8:00");
    ASSERT_STR_EQ(zone_err("+19"), "Zone offset hours not in valid range: value 19 is not in the range -18 to 18");
    ASSERT_STR_EQ(zone_err("UTC+25"), "Invalid ID for offset-based ZoneId: UTC+25");
    ASSERT_STR_EQ(zone_err("Mars/Olympus_Mons"), "Unknown time-zone ID: Mars/Olympus_Mons");
    ASSERT_STR_EQ(zone_err("../../etc/passwd"), "Invalid ID for region-based ZoneId, invalid format: ../../etc/passwd");
    ASSERT_STR_EQ(zone_err("Europe/../../etc/passwd"),
                  "Invalid ID for region-based ZoneId, invalid format: Europe/../../etc/passwd");
    ASSERT_STR_EQ(zone_err("asia/shanghai"), "Unknown time-zone ID: asia/shanghai");
    ASSERT_STR_EQ(zone_err("Europe"), "Unknown time-zone ID: Europe"); /* a directory */
}

TEST(shanghai) {
    const TimeZone *sh = zone("Asia/Shanghai");
    ASSERT_TRUE(sh != NULL);
    ASSERT_STR_EQ(eddy__tz_id(sh), "Asia/Shanghai");
    ASSERT_EQ_INT(eddy__tz_offset_utc(sh, 0), 8 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(sh, 1621000000000LL), 8 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(sh, 577245600000LL), 9 * H); /* DST in 1988 */
    ASSERT_EQ_INT(eddy__tz_offset_utc(sh, 4102444800000LL), 8 * H); /* 2100 */
    ASSERT_EQ_INT(eddy__tz_from_local(sh, lms(1970, 1, 1, 8, 0, 0)), 0);
    ASSERT_EQ_INT(eddy__tz_from_local(sh, lms(2021, 6, 1, 0, 0, 0)), lms(2021, 5, 31, 16, 0, 0));
    /* 1988-04-17 02:30 fell into the spring-forward gap */
    ASSERT_EQ_INT(eddy__tz_from_local(sh, lms(1988, 4, 17, 2, 30, 0)), lms(1988, 4, 16, 18, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(sh, lms(1988, 9, 11, 1, 30, 0)), lms(1988, 9, 10, 16, 30, 0));
    ASSERT_FALSE(eddy__tz_is_fixed(sh));
}

TEST(berlin_dst_transitions) {
    const TimeZone *ber = zone("Europe/Berlin");
    ASSERT_TRUE(ber != NULL);
    /* 2021-03-28: 02:00 CET -> 03:00 CEST, at 01:00Z */
    int64_t t = lms(2021, 3, 28, 1, 0, 0);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, t - 1), 1 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, t), 2 * H);
    ASSERT_EQ_INT(eddy__tz_to_local(ber, t), lms(2021, 3, 28, 3, 0, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 3, 28, 1, 59, 59)), lms(2021, 3, 28, 0, 59, 59));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 3, 28, 2, 0, 0)), lms(2021, 3, 28, 1, 0, 0));   /* gap */
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 3, 28, 2, 30, 0)), lms(2021, 3, 28, 1, 30, 0)); /* gap */
    ASSERT_EQ_INT(eddy__tz_offset_local(ber, lms(2021, 3, 28, 2, 30, 0)), 1 * H);
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 3, 28, 3, 0, 0)), lms(2021, 3, 28, 1, 0, 0));
    /* 2021-10-31: 03:00 CEST -> 02:00 CET, at 01:00Z; 02:xx happens twice */
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 10, 31, 1, 59, 0)), lms(2021, 10, 30, 23, 59, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 10, 31, 2, 0, 0)), lms(2021, 10, 31, 0, 0, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 10, 31, 2, 30, 0)), lms(2021, 10, 31, 0, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2021, 10, 31, 3, 0, 0)), lms(2021, 10, 31, 2, 0, 0));
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(2021, 10, 31, 0, 59, 59)), 2 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(2021, 10, 31, 1, 0, 0)), 1 * H);
    /* far future: the POSIX footer rule CET-1CEST,M3.5.0,M10.5.0/3 */
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2050, 7, 1, 12, 0, 0)), lms(2050, 7, 1, 10, 0, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(2050, 3, 27, 2, 30, 0)), lms(2050, 3, 27, 1, 30, 0));
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(2050, 3, 27, 0, 59, 59)), 1 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(2050, 3, 27, 1, 0, 0)), 2 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(2050, 10, 30, 0, 59, 59)), 2 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(2050, 10, 30, 1, 0, 0)), 1 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, lms(9999, 12, 31, 12, 0, 0)), 1 * H);
    /* history: 1900 CET, 1800 local mean time +00:53:28 */
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(1900, 1, 1, 0, 0, 0)), lms(1899, 12, 31, 23, 0, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ber, lms(1800, 6, 1, 12, 0, 0)), lms(1800, 6, 1, 11, 6, 32));
    ASSERT_EQ_INT(eddy__tz_offset_utc(ber, 0), 1 * H);
}

TEST(los_angeles_and_sydney) {
    const TimeZone *la = zone("America/Los_Angeles");
    ASSERT_TRUE(la != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(la, 0), -8 * H);
    ASSERT_EQ_INT(eddy__tz_from_local(la, lms(2021, 3, 14, 2, 30, 0)), lms(2021, 3, 14, 10, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(la, lms(2021, 11, 7, 1, 30, 0)), lms(2021, 11, 7, 8, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(la, lms(2040, 11, 4, 1, 30, 0)), lms(2040, 11, 4, 8, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(la, lms(2040, 3, 11, 2, 30, 0)), lms(2040, 3, 11, 10, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(la, lms(2040, 7, 4, 12, 0, 0)), lms(2040, 7, 4, 19, 0, 0));
    ASSERT_EQ_INT(eddy__tz_offset_utc(la, lms(2040, 12, 25, 0, 0, 0)), -8 * H);
    /* southern hemisphere: DST across the new year */
    const TimeZone *syd = zone("Australia/Sydney");
    ASSERT_TRUE(syd != NULL);
    ASSERT_EQ_INT(eddy__tz_from_local(syd, lms(2040, 4, 1, 2, 30, 0)), lms(2040, 3, 31, 15, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(syd, lms(2040, 10, 7, 2, 30, 0)), lms(2040, 10, 6, 16, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(syd, lms(2040, 1, 1, 12, 0, 0)), lms(2040, 1, 1, 1, 0, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(syd, lms(2040, 6, 1, 12, 0, 0)), lms(2040, 6, 1, 2, 0, 0));
}

TEST(round_trip_every_hour_of_a_year) {
    /* instant -> local -> instant is the identity except for the second
     * pass through an overlap, where the earlier offset wins */
    const TimeZone *ber = zone("Europe/Berlin");
    ASSERT_TRUE(ber != NULL);
    int64_t start = lms(2048, 1, 1, 0, 0, 0);
    int mismatches = 0;
    for (int64_t t = start; t < start + 366 * 24 * H; t += 15 * 60000) {
        int64_t back = eddy__tz_from_local(ber, eddy__tz_to_local(ber, t));
        if (back != t) {
            mismatches++;
            ASSERT_EQ_INT(back, t - H);
        }
    }
    ASSERT_EQ_INT(mismatches, 4); /* 01:00..01:59Z on the autumn day */
}


/* ---- hand-made TZif files ------------------------------------------------ */

static char tzdir[64];

static void put32(FILE *f, uint32_t v) {
    unsigned char b[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8), (unsigned char)v};
    fwrite(b, 1, 4, f);
}
static void put64(FILE *f, int64_t v) {
    put32(f, (uint32_t)((uint64_t)v >> 32));
    put32(f, (uint32_t)v);
}
static void header(FILE *f, char version, uint32_t timecnt, uint32_t typecnt, uint32_t charcnt) {
    fwrite("TZif", 1, 4, f);
    fputc(version, f);
    for (int i = 0; i < 15; i++) fputc(0, f);
    put32(f, 0); /* isutcnt */
    put32(f, 0); /* isstdcnt */
    put32(f, 0); /* leapcnt */
    put32(f, timecnt);
    put32(f, typecnt);
    put32(f, charcnt);
}
static void ttinfo(FILE *f, int32_t off, int dst, int idx) {
    put32(f, (uint32_t)off);
    fputc(dst, f);
    fputc(idx, f);
}

/* A v1 file: +01 until 2000-01-01T00:00Z, then +02 forever. */
static void write_v1(const char *path) {
    FILE *f = fopen(path, "wb");
    header(f, 0, 1, 2, 8);
    put32(f, 946684800);
    fputc(1, f);
    ttinfo(f, 3600, 0, 0);
    ttinfo(f, 7200, 0, 4);
    fwrite("AAA\0BBB\0", 1, 8, f);
    fclose(f);
}

/* A v2 file with no transitions: everything comes from the footer. */
static void write_footer_only(const char *path, const char *footer, int32_t off) {
    FILE *f = fopen(path, "wb");
    header(f, '2', 0, 1, 4);
    ttinfo(f, off, 0, 0);
    fwrite("XYZ\0", 1, 4, f);
    header(f, '2', 0, 1, 4);
    ttinfo(f, off, 0, 0);
    fwrite("XYZ\0", 1, 4, f);
    fprintf(f, "\n%s\n", footer);
    fclose(f);
}

/* A v2 file with one 64-bit transition far in the past and a footer. */
static void write_v2(const char *path) {
    FILE *f = fopen(path, "wb");
    header(f, '2', 1, 2, 8);
    put32(f, (uint32_t)INT32_MIN);
    fputc(1, f);
    ttinfo(f, 1000, 0, 0);
    ttinfo(f, -18000, 0, 4);
    fwrite("LMT\0EST\0", 1, 8, f);
    header(f, '2', 1, 2, 8);
    put64(f, -5000000000LL); /* before 1812: out of 32-bit range */
    fputc(1, f);
    ttinfo(f, 1000, 0, 0);
    ttinfo(f, -18000, 0, 4);
    fwrite("LMT\0EST\0", 1, 8, f);
    fprintf(f, "\nEST5EDT,M3.2.0,M11.1.0\n");
    fclose(f);
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
}

TEST(tzif_files_of_every_version) {
    snprintf(tzdir, sizeof tzdir, "/tmp/eddy_tz_%d", (int)getpid());
    mkdir(tzdir, 0700);
    char path[128];
    snprintf(path, sizeof path, "%s/Test1", tzdir);
    write_v1(path);
    snprintf(path, sizeof path, "%s/Tehran", tzdir);
    write_footer_only(path, "<+0330>-3:30<+0430>,J79/24,J263/24", 12600);
    snprintf(path, sizeof path, "%s/Perm", tzdir);
    write_footer_only(path, "<+03>-3<+04>,0/0,J365/25", 10800);
    snprintf(path, sizeof path, "%s/Days", tzdir);
    write_footer_only(path, "AAA-2BBB,59/0,299/0", 7200);
    snprintf(path, sizeof path, "%s/NoDst", tzdir);
    write_footer_only(path, "<-05>5", -18000);
    snprintf(path, sizeof path, "%s/NewYork", tzdir);
    write_v2(path);
    snprintf(path, sizeof path, "%s/Broken", tzdir);
    write_text(path, "TZif2 but nothing else");
    setenv("TZDIR", tzdir, 1);

    const TimeZone *t1 = zone("Test1");
    ASSERT_TRUE(t1 != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(t1, 946684799999LL), 1 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(t1, 946684800000LL), 2 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(t1, 4102444800000LL), 2 * H);
    /* 2000-01-01 01:30 local: a gap (01:00..02:00) -> the offset before */
    ASSERT_EQ_INT(eddy__tz_offset_local(t1, lms(2000, 1, 1, 1, 30, 0)), 1 * H);
    ASSERT_EQ_INT(eddy__tz_offset_local(t1, lms(2000, 1, 1, 2, 0, 0)), 2 * H);

    const TimeZone *teh = zone("Tehran");
    ASSERT_TRUE(teh != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(teh, lms(2021, 7, 1, 0, 0, 0)), 4 * H + 30 * 60000);
    ASSERT_EQ_INT(eddy__tz_offset_utc(teh, lms(2021, 12, 1, 0, 0, 0)), 3 * H + 30 * 60000);
    /* J79/24 = March 20 24:00 = March 21 00:00 local standard time */
    ASSERT_EQ_INT(eddy__tz_offset_utc(teh, lms(2021, 3, 20, 20, 29, 59)), 3 * H + 30 * 60000);
    ASSERT_EQ_INT(eddy__tz_offset_utc(teh, lms(2021, 3, 20, 20, 30, 0)), 4 * H + 30 * 60000);
    /* the same in a leap year: Jn never counts February 29 */
    ASSERT_EQ_INT(eddy__tz_offset_utc(teh, lms(2024, 3, 20, 20, 29, 59)), 3 * H + 30 * 60000);
    ASSERT_EQ_INT(eddy__tz_offset_utc(teh, lms(2024, 3, 20, 20, 30, 0)), 4 * H + 30 * 60000);

    const TimeZone *perm = zone("Perm"); /* year-round DST */
    ASSERT_TRUE(perm != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(perm, lms(2030, 1, 1, 0, 0, 0)), 4 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(perm, lms(2030, 6, 1, 0, 0, 0)), 4 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(perm, lms(2030, 12, 31, 23, 0, 0)), 4 * H);

    const TimeZone *days = zone("Days"); /* zero-based day numbers, leap days counted */
    ASSERT_TRUE(days != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(days, lms(2023, 2, 28, 21, 59, 59)), 2 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(days, lms(2023, 2, 28, 22, 0, 0)), 3 * H); /* day 59 = Mar 1 */
    ASSERT_EQ_INT(eddy__tz_offset_utc(days, lms(2024, 2, 28, 22, 0, 0)), 3 * H); /* day 59 = Feb 29 */

    const TimeZone *nodst = zone("NoDst");
    ASSERT_TRUE(nodst != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(nodst, 0), -5 * H);
    ASSERT_EQ_INT(eddy__tz_offset_local(nodst, 0), -5 * H);
    ASSERT_TRUE(eddy__tz_is_fixed(nodst));

    const TimeZone *ny = zone("NewYork");
    ASSERT_TRUE(ny != NULL);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ny, -5000000001000LL), 1000000);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ny, 0), -5 * H);
    ASSERT_EQ_INT(eddy__tz_offset_utc(ny, lms(2021, 7, 1, 0, 0, 0)), -4 * H);
    ASSERT_EQ_INT(eddy__tz_from_local(ny, lms(2021, 3, 14, 2, 30, 0)), lms(2021, 3, 14, 7, 30, 0));
    ASSERT_EQ_INT(eddy__tz_from_local(ny, lms(2021, 11, 7, 1, 30, 0)), lms(2021, 11, 7, 5, 30, 0));

    const TimeZone *tz = NULL;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__tz_load("Broken", &tz, &err), EDDY_E_IO);
    ASSERT_STR_EQ(err.msg, "Malformed time zone file for Broken");
    eddy__err_clear(&err);
    ASSERT_TRUE(tz == NULL);

    unsetenv("TZDIR");
    const char *names[] = {"Test1", "Tehran", "Perm", "Days", "NoDst", "NewYork", "Broken"};
    for (size_t i = 0; i < ED_ARRAY_LEN(names); i++) {
        snprintf(path, sizeof path, "%s/%s", tzdir, names[i]);
        unlink(path);
    }
    rmdir(tzdir);
}

static void *load_many(void *arg) {
    const TimeZone **seen = arg;
    const char *names[] = {"Europe/Berlin", "Asia/Tokyo", "UTC+5", "America/New_York", "Europe/Paris"};
    for (int round = 0; round < 50; round++)
        for (int k = 0; k < 5; k++) {
            const TimeZone *tz = NULL;
            if (eddy__tz_load(names[k], &tz, NULL) != EDDY_OK) return (void *)1;
            if (seen[k] && seen[k] != tz) return (void *)1;
            seen[k] = tz;
            (void)eddy__tz_offset_local(tz, round * 86400000LL * 7);
        }
    return NULL;
}

TEST(cache_is_thread_safe) {
    pthread_t th[4];
    const TimeZone *seen[4][5];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, load_many, seen[i]);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(th[i], &r);
        ASSERT_TRUE(r == NULL);
    }
    for (int i = 1; i < 4; i++)
        for (int k = 0; k < 5; k++) ASSERT_TRUE(seen[i][k] == seen[0][k]);
}

int main(void) {
    RUN(civil_known_dates);
    RUN(civil_round_trips_over_the_whole_range);
    RUN(leap_years_weekdays_day_of_year);
    RUN(epoch_fields);
    RUN(parse_date_like_flink);
    RUN(parse_time_like_flink);
    RUN(parse_timestamp_like_flink);
    RUN(fixed_zones_and_ids);
    RUN(shanghai);
    RUN(berlin_dst_transitions);
    RUN(los_angeles_and_sydney);
    RUN(round_trip_every_hour_of_a_year);
    RUN(tzif_files_of_every_version);
    RUN(cache_is_thread_safe);
    eddy__tz_cache_free();
    return test_report();
}
