/*
 * test_format.c -- values as text: Java's Double/Float.toString (JDK 19+),
 * BigDecimal, 128-bit integers and DECIMAL parsing, the java.time and Flink
 * DateTimeUtils forms, Row.toString and CAST(x AS STRING) of every type
 * (nested arrays of rows, maps with null values, multisets, structured and
 * RAW types, constant vectors, TIMESTAMP_LTZ in session zones), and the
 * tableau column widths. Expected strings come from the JDK (java.time,
 * BigDecimal) and from Flink's CastRulesTest / DateTimeUtils.
 */
#include <float.h>
#include <math.h>

#include "test.h"
#include "types/format.h"

static Arena arena;
static char out[4096];

static const Type *typ(const char *s) {
    EdErr err = {0};
    const Type *t = NULL;
    if (eddy__type_parse(&arena, s, strlen(s), NULL, &t, &err) != EDDY_OK) {
        fprintf(stderr, "bad type %s: %s\n", s, err.msg);
        eddy__err_clear(&err);
        return NULL;
    }
    return t;
}

/* Runs one formatter into the static `out` buffer. */
#define FMT(call)                                              \
    (__extension__({                                          \
        Buf b_;                                                \
        eddy__buf_init(&b_);                                   \
        Buf *b = &b_;                                          \
        call;                                                  \
        snprintf(out, sizeof out, "%s", eddy__buf_cstr(&b_));  \
        eddy__buf_free(&b_);                                   \
        (const char *)out;                                     \
    }))

static const char *dbl(double v) { return FMT(eddy__fmt_double(b, v)); }
static const char *flt(float v) { return FMT(eddy__fmt_float(b, v)); }
static const char *dec(long long u, int scale, bool plain) { return FMT(eddy__fmt_decimal(b, u, scale, plain)); }
static const char *jv(const Vector *v, uint32_t i) { return FMT(eddy__fmt_value_java(b, v, i)); }
static const char *sq(const Vector *v, uint32_t i, const TimeZone *tz) {
    return FMT(eddy__fmt_value_sql(b, v, i, tz));
}

/* ---- numbers -------------------------------------------------------------- */

TEST(double_to_string) {
    ASSERT_STR_EQ(dbl(0.1), "0.1");
    ASSERT_STR_EQ(dbl(1 / 3.0), "0.3333333333333333");
    ASSERT_STR_EQ(dbl(2.0), "2.0");
    ASSERT_STR_EQ(dbl(100), "100.0");
    ASSERT_STR_EQ(dbl(0.001), "0.001");
    ASSERT_STR_EQ(dbl(1234567.0), "1234567.0");
    ASSERT_STR_EQ(dbl(9999999.0), "9999999.0");
    ASSERT_STR_EQ(dbl(1e7), "1.0E7");
    ASSERT_STR_EQ(dbl(1e10), "1.0E10");
    ASSERT_STR_EQ(dbl(1e-4), "1.0E-4");
    ASSERT_STR_EQ(dbl(9.99e-4), "9.99E-4");
    ASSERT_STR_EQ(dbl(12345678.9), "1.23456789E7");
    ASSERT_STR_EQ(dbl(1e22), "1.0E22");
    ASSERT_STR_EQ(dbl(1e23), "1.0E23");
    ASSERT_STR_EQ(dbl(2e23), "2.0E23");
    ASSERT_STR_EQ(dbl(1e21), "1.0E21");
    ASSERT_STR_EQ(dbl(5e-324), "4.9E-324"); /* Double.MIN_VALUE: 2 digits beat "5.0E-324" */
    ASSERT_STR_EQ(dbl(1e-323), "9.9E-324");
    ASSERT_STR_EQ(dbl(DBL_MAX), "1.7976931348623157E308");
    ASSERT_STR_EQ(dbl(DBL_MIN), "2.2250738585072014E-308");
    ASSERT_STR_EQ(dbl(-1.5), "-1.5");
    ASSERT_STR_EQ(dbl(123.4), "123.4");
    ASSERT_STR_EQ(dbl(12345.678901), "12345.678901");
    ASSERT_STR_EQ(dbl(-3276913443134.0), "-3.276913443134E12");
    ASSERT_STR_EQ(dbl(1.2392345678911235E12), "1.2392345678911235E12");
    ASSERT_STR_EQ(dbl(123456789012345680.0), "1.2345678901234568E17");
    ASSERT_STR_EQ(dbl(0.5), "0.5");
    ASSERT_STR_EQ(dbl(4.35), "4.35");
    ASSERT_STR_EQ(dbl(0.0), "0.0");
    ASSERT_STR_EQ(dbl(-0.0), "-0.0");
    ASSERT_STR_EQ(dbl(NAN), "NaN");
    ASSERT_STR_EQ(dbl(INFINITY), "Infinity");
    ASSERT_STR_EQ(dbl(-INFINITY), "-Infinity");
    ASSERT_STR_EQ(dbl(123.45600128173828), "123.45600128173828");
}

TEST(float_to_string) {
    ASSERT_STR_EQ(flt(1.1f), "1.1");
    ASSERT_STR_EQ(flt(FLT_MAX), "3.4028235E38");
    ASSERT_STR_EQ(flt(FLT_TRUE_MIN), "1.4E-45");
    ASSERT_STR_EQ(flt(2 * FLT_TRUE_MIN), "2.8E-45");
    ASSERT_STR_EQ(flt(FLT_MIN), "1.1754944E-38");
    ASSERT_STR_EQ(flt(0.1f), "0.1");
    ASSERT_STR_EQ(flt(1 / 3.0f), "0.33333334");
    ASSERT_STR_EQ(flt(1e7f), "1.0E7");
    ASSERT_STR_EQ(flt(16777216.0f), "1.6777216E7");
    ASSERT_STR_EQ(flt(-123.456f), "-123.456");
    ASSERT_STR_EQ(flt(-1.23f), "-1.23");
    ASSERT_STR_EQ(flt(100.0f), "100.0");
    ASSERT_STR_EQ(flt(-0.0f), "-0.0");
    ASSERT_STR_EQ(flt(NAN), "NaN");
}

TEST(bigdecimal_strings) {
    ASSERT_STR_EQ(dec(1, 8, false), "1E-8");
    ASSERT_STR_EQ(dec(1, 8, true), "0.00000001");
    ASSERT_STR_EQ(dec(123, 10, false), "1.23E-8");
    ASSERT_STR_EQ(dec(123, 10, true), "0.0000000123");
    ASSERT_STR_EQ(dec(1230, 2, false), "12.30");
    ASSERT_STR_EQ(dec(0, 2, false), "0.00");
    ASSERT_STR_EQ(dec(0, 2, true), "0.00");
    ASSERT_STR_EQ(dec(-5, 1, false), "-0.5");
    ASSERT_STR_EQ(dec(0, 8, false), "0E-8");
    ASSERT_STR_EQ(dec(0, 8, true), "0.00000000");
    ASSERT_STR_EQ(dec(12, -1, false), "1.2E+2");
    ASSERT_STR_EQ(dec(12, -1, true), "120");
    ASSERT_STR_EQ(dec(-123456789, 6, false), "-123.456789");
    ASSERT_STR_EQ(dec(1, 6, false), "0.000001");
    ASSERT_STR_EQ(dec(1, 7, false), "1E-7");
    ASSERT_STR_EQ(dec(123, 0, false), "123");
    ASSERT_STR_EQ(dec(-1, 9, false), "-1E-9");
    ASSERT_STR_EQ(dec(-1, 9, true), "-0.000000001");
    ASSERT_STR_EQ(dec(987, 2, true), "9.87");
    ASSERT_STR_EQ(FMT(eddy__fmt_decimal(b, eddy__i128_pow10(38) - 1, 10, true)),
                  "9999999999999999999999999999.9999999999");
    ASSERT_STR_EQ(FMT(eddy__fmt_decimal(b, -(eddy__i128_pow10(38) - 1), 38, false)),
                  "-0.99999999999999999999999999999999999999");
}

static const char *i128s(ed_i128 v) { return FMT(eddy__fmt_i128(b, v)); }

static const char *pi128(const char *s) {
    ed_i128 v = 0;
    eddy_status st = eddy__parse_i128(s, strlen(s), &v);
    if (st == FMT_E_MALFORMED) return "MALFORMED";
    if (st == FMT_E_OVERFLOW) return "OVERFLOW";
    return i128s(v);
}

TEST(int128_text) {
    ed_i128 max = (ed_i128)(((ed_u128)1 << 127) - 1);
    ASSERT_STR_EQ(i128s(0), "0");
    ASSERT_STR_EQ(i128s(-42), "-42");
    ASSERT_STR_EQ(i128s(max), "170141183460469231731687303715884105727");
    ASSERT_STR_EQ(i128s(-max - 1), "-170141183460469231731687303715884105728");
    ASSERT_STR_EQ(i128s(eddy__i128_pow10(19)), "10000000000000000000");
    ASSERT_STR_EQ(i128s(eddy__i128_pow10(38)), "100000000000000000000000000000000000000");
    ASSERT_STR_EQ(pi128("170141183460469231731687303715884105727"), "170141183460469231731687303715884105727");
    ASSERT_STR_EQ(pi128("-170141183460469231731687303715884105728"), "-170141183460469231731687303715884105728");
    ASSERT_STR_EQ(pi128("170141183460469231731687303715884105728"), "OVERFLOW");
    ASSERT_STR_EQ(pi128("-170141183460469231731687303715884105729"), "OVERFLOW");
    ASSERT_STR_EQ(pi128("+7"), "7");
    ASSERT_STR_EQ(pi128("-"), "MALFORMED");
    ASSERT_STR_EQ(pi128(""), "MALFORMED");
    ASSERT_STR_EQ(pi128("12a"), "MALFORMED");
    ASSERT_STR_EQ(pi128(" 1"), "MALFORMED");
}

static const char *pdec(const char *s, int p, int sc) {
    ed_i128 v = 0;
    eddy_status st = eddy__parse_decimal(s, strlen(s), p, sc, &v);
    if (st == FMT_E_MALFORMED) return "MALFORMED";
    if (st == FMT_E_OVERFLOW) return "OVERFLOW";
    return i128s(v);
}

TEST(parse_decimal_rounds_half_up) {
    ASSERT_STR_EQ(pdec("12.345", 5, 2), "1235");
    ASSERT_STR_EQ(pdec("-12.345", 5, 2), "-1235");
    ASSERT_STR_EQ(pdec("12.344", 5, 2), "1234");
    ASSERT_STR_EQ(pdec("0.005", 3, 2), "1");
    ASSERT_STR_EQ(pdec("0.0049", 3, 2), "0");
    ASSERT_STR_EQ(pdec("9.87", 4, 3), "9870");
    ASSERT_STR_EQ(pdec("1.5E2", 5, 2), "15000");
    ASSERT_STR_EQ(pdec("1.5e-2", 5, 2), "2");
    ASSERT_STR_EQ(pdec("-1.5e-2", 5, 2), "-2");
    ASSERT_STR_EQ(pdec(".5", 2, 1), "5");
    ASSERT_STR_EQ(pdec("7.", 2, 0), "7");
    ASSERT_STR_EQ(pdec("  +3 ", 2, 0), "3");
    ASSERT_STR_EQ(pdec("0.5", 1, 0), "1");
    ASSERT_STR_EQ(pdec("-0.5", 1, 0), "-1");
    ASSERT_STR_EQ(pdec("0.4", 1, 0), "0");
    ASSERT_STR_EQ(pdec("1e-40", 38, 10), "0");
    ASSERT_STR_EQ(pdec("000123.4500", 5, 2), "12345");
    ASSERT_STR_EQ(pdec("12345678901234567890123456789012345678", 38, 0), "12345678901234567890123456789012345678");
    ASSERT_STR_EQ(pdec("123456789012345678901234567890123456789", 38, 0), "OVERFLOW");
    ASSERT_STR_EQ(pdec("123456", 5, 0), "OVERFLOW");
    ASSERT_STR_EQ(pdec("99999.995", 7, 2), "OVERFLOW");
    ASSERT_STR_EQ(pdec("99999.994", 7, 2), "9999999");
    ASSERT_STR_EQ(pdec("1e999999999999", 10, 0), "OVERFLOW");
    ASSERT_STR_EQ(pdec("0e999999999999", 10, 0), "0");
    ASSERT_STR_EQ(pdec("abc", 5, 2), "MALFORMED");
    ASSERT_STR_EQ(pdec("1e", 5, 2), "MALFORMED");
    ASSERT_STR_EQ(pdec(".", 5, 2), "MALFORMED");
    ASSERT_STR_EQ(pdec("", 5, 2), "MALFORMED");
    ASSERT_STR_EQ(pdec("1.2.3", 5, 2), "MALFORMED");
    ASSERT_STR_EQ(pdec("- 1", 5, 2), "MALFORMED");
}

/* ---- dates and times ------------------------------------------------------ */

TEST(java_time_forms) {
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, 18860)), "2021-08-21");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, -719162)), "0001-01-01");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, -735525)), "-0044-03-15");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, -719163)), "0000-12-31");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, 2932897)), "+10000-01-01");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, -5228289)), "-12345-06-07");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_java(b, -1)), "1969-12-31");
    const int64_t S = 1000000000LL;
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 46800 * S)), "13:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 46805 * S)), "13:00:05");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 46805 * S + 120000000)), "13:00:05.120");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 46805 * S + 123456000)), "13:00:05.123456");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 46805 * S + 123456789)), "13:00:05.123456789");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 0)), "00:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 86399999000000LL)), "23:59:59.999");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_java(b, 1000)), "00:00:00.000001");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, 1629550800000LL, 0)), "2021-08-21T13:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, 1629550805000LL, 0)), "2021-08-21T13:00:05");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, 1629550805123LL, 0)), "2021-08-21T13:00:05.123");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, 1629550805000LL, 456789)), "2021-08-21T13:00:05.000456789");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, -1, 0)), "1969-12-31T23:59:59.999");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, 0, 1)), "1970-01-01T00:00:00.000000001");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, -62135596800000LL, 0)), "0001-01-01T00:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_java(b, 253402300800000LL, 0)), "+10000-01-01T00:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 1000, 0)), "1970-01-01T00:00:01Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 0, 0)), "1970-01-01T00:00:00Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 1629550800000LL, 0)), "2021-08-21T13:00:00Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 1629550805123LL, 0)), "2021-08-21T13:00:05.123Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 1629550805000LL, 456789)), "2021-08-21T13:00:05.000456789Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 1629550805120LL, 0)), "2021-08-21T13:00:05.120Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, -1, 0)), "1969-12-31T23:59:59.999Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, -62198755200000LL, 0)), "-0001-01-01T00:00:00Z");
    ASSERT_STR_EQ(FMT(eddy__fmt_instant_java(b, 253402300800000LL, 0)), "+10000-01-01T00:00:00Z");
}

TEST(java_duration_and_period) {
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 0)), "PT0S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 86400000)), "PT24H");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 90000)), "PT1M30S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 1)), "PT0.001S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, -1500)), "PT-1.5S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, -500)), "PT-0.5S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, -90000)), "PT-1M-30S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 3723004)), "PT1H2M3.004S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, -86400000)), "PT-24H");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 8640000000LL)), "PT2400H");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, -1)), "PT-0.001S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, 59999)), "PT59.999S");
    ASSERT_STR_EQ(FMT(eddy__fmt_duration_java(b, -3600000)), "PT-1H");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, 14, IR_YEAR_TO_MONTH)), "P1Y2M");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, 14, IR_MONTH)), "P14M");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, -12, IR_YEAR)), "P-1Y");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, 13, IR_YEAR)), "P1Y");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, 0, IR_YEAR_TO_MONTH)), "P0D");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, -14, IR_YEAR_TO_MONTH)), "P-1Y-2M");
    ASSERT_STR_EQ(FMT(eddy__fmt_period_java(b, 24, IR_YEAR_TO_MONTH)), "P2Y");
}

TEST(flink_datetime_forms) {
    ASSERT_STR_EQ(FMT(eddy__fmt_date_sql(b, 18730)), "2021-04-13");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_sql(b, -719162)), "0001-01-01");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_sql(b, -735525)), "-0044-03-15");
    ASSERT_STR_EQ(FMT(eddy__fmt_date_sql(b, 2932897)), "10000-01-01");
    int32_t t = 20 * 3600000 + 12 * 60000 + 11000;
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t, 0)), "20:12:11");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 123, 3)), "20:12:11.123");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 123, 5)), "20:12:11.123");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 100, 3)), "20:12:11.1");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 120, 3)), "20:12:11.12");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t, 3)), "20:12:11.0");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 123, 1)), "20:12:11.1");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 123, 2)), "20:12:11.12");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, t + 500, 9)), "20:12:11.5");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, 0, 0)), "00:00:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_time_sql(b, 86399999, 3)), "23:59:59.999");
    int64_t ts = 1618344731000LL; /* 2021-04-13 20:12:11 */
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts, 0, 0)), "2021-04-13 20:12:11");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts + 3600000 + 100, 0, 9)), "2021-04-13 21:12:11.100000000");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts + 100, 0, 3)), "2021-04-13 20:12:11.100");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts, 0, 3)), "2021-04-13 20:12:11.000");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts, 0, 6)), "2021-04-13 20:12:11.000000");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts + 123, 456000, 7)), "2021-04-13 20:12:11.1234560");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts + 123, 456000, 9)), "2021-04-13 20:12:11.123456000");
    /* more digits than the precision are kept (Flink only trims zeros) */
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, ts + 123, 456789, 3)), "2021-04-13 20:12:11.123456789");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, -1, 0, 3)), "1969-12-31 23:59:59.999");
    ASSERT_STR_EQ(FMT(eddy__fmt_timestamp_sql(b, -62135596800000LL, 0, 0)), "0001-01-01 00:00:00");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_ym_sql(b, 84)), "+7-00");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_ym_sql(b, 5)), "+0-05");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_ym_sql(b, 123)), "+10-03");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_ym_sql(b, 12334)), "+1027-10");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_ym_sql(b, -123)), "-10-03");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_ym_sql(b, 12)), "+1-00");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, 10)), "+0 00:00:00.010");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, 123456789)), "+1 10:17:36.789");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, 36 * 3600000LL)), "+1 12:00:00.000");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, 86400000)), "+1 00:00:00.000");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, -1500)), "-0 00:00:01.500");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, 0)), "+0 00:00:00.000");
    ASSERT_STR_EQ(FMT(eddy__fmt_interval_dt_sql(b, 100LL * 86400000 + 61000)), "+100 00:01:01.000");
}

/* ---- values ---------------------------------------------------------------- */

static void set_i64(Vector *v, uint32_t i, int64_t x) {
    Value val = {.type = v->type};
    val.u.i = x;
    eddy__vec_set_value(v, i, &val);
}
static void set_dbl(Vector *v, uint32_t i, double x) {
    Value val = {.type = v->type};
    val.u.d = x;
    eddy__vec_set_value(v, i, &val);
}
static void set_s(Vector *v, uint32_t i, const char *s) { eddy__vec_set_str(v, i, s, strlen(s)); }
static void set_ts(Vector *v, uint32_t i, int64_t ms, int32_t ns) {
    VEC_DATA(v, Ts)[i] = (Ts){ms, ns};
    vec_set_valid(v, i);
}
static void set_dec(Vector *v, uint32_t i, ed_i128 u) {
    VEC_DATA(v, ed_i128)[i] = u;
    vec_set_valid(v, i);
}
/* Makes slot i of list vector v hold n fresh elements; returns the first. */
static uint32_t set_list(Vector *v, uint32_t i, uint32_t n) {
    uint32_t off = eddy__vec_list_append(v, n);
    VEC_DATA(v, ListEntry)[i] = (ListEntry){off, n};
    vec_set_valid(v, i);
    return off;
}

TEST(row_to_string_scalars) {
    const char *types[] = {"BOOLEAN", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE",
                           "DECIMAL(10, 2)", "STRING", "CHAR(5)", "BYTES", "DATE", "TIME(3)",
                           "TIMESTAMP(3)", "TIMESTAMP_LTZ(3)", "INTERVAL DAY TO SECOND(3)",
                           "INTERVAL YEAR TO MONTH", "NULL"};
    enum { N = 18 };
    Vector *cols[N];
    for (int c = 0; c < N; c++) {
        cols[c] = eddy__vec_new(typ(types[c]), 2);
        ASSERT_TRUE(cols[c] != NULL);
    }
    set_i64(cols[0], 0, 1);
    set_i64(cols[1], 0, -128);
    set_i64(cols[2], 0, 32767);
    set_i64(cols[3], 0, -12);
    set_i64(cols[4], 0, 9223372036854775807LL);
    set_dbl(cols[5], 0, 1.1);
    set_dbl(cols[6], 0, 2.0);
    set_dec(cols[7], 0, 1230);
    set_s(cols[8], 0, "Alice");
    set_s(cols[9], 0, "ab   ");
    eddy__vec_set_str(cols[10], 0, "\x01\xfe\x03", 3);
    set_i64(cols[11], 0, 18860);
    set_i64(cols[12], 0, 46805120);
    set_ts(cols[13], 0, 1629550800000LL, 0);
    set_ts(cols[14], 0, 1000, 0);
    set_i64(cols[15], 0, 90000);
    set_i64(cols[16], 0, 14);
    for (int c = 0; c < N; c++) eddy__vec_set_null(cols[c], 1);
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_INSERT, cols, N, 0)),
                  "+I[true, -128, 32767, -12, 9223372036854775807, 1.1, 2.0, 12.30, Alice, ab   , [1, -2, 3], "
                  "2021-08-21, 13:00:05.120, 2021-08-21T13:00, 1970-01-01T00:00:01Z, PT1M30S, P1Y2M, null]");
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_DELETE, cols, N, 1)),
                  "-D[null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, "
                  "null, null, null]");
    Buf sb;
    eddy__buf_init(&sb);
    for (int c = 0; c < N; c++) {
        if (c) eddy__buf_puts(&sb, "|");
        eddy__fmt_value_sql(&sb, cols[c], 0, NULL);
    }
    snprintf(out, sizeof out, "%s", eddy__buf_cstr(&sb));
    eddy__buf_free(&sb);
    ASSERT_STR_EQ(out, "TRUE|-128|32767|-12|9223372036854775807|1.1|2.0|12.30|Alice|ab   |x'01fe03'|2021-08-21|"
                       "13:00:05.12|2021-08-21 13:00:00.000|1970-01-01 00:00:01.000|+0 00:01:30.000|+1-02|null");
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_UPDATE_BEFORE, cols, 2, 0)), "-U[true, -128]");
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_UPDATE_AFTER, cols, 1, 0)), "+U[true]");
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_INSERT, cols, 0, 0)), "+I[]");
    ASSERT_STR_EQ(eddy__row_kind_str(9), "??");
    for (int c = 0; c < N; c++) eddy__vec_release(cols[c]);
}

TEST(decimal_java_vs_sql) {
    Vector *v = eddy__vec_new(typ("DECIMAL(10, 8)"), 3);
    set_dec(v, 0, 1);
    set_dec(v, 1, 0);
    set_dec(v, 2, -123456789);
    ASSERT_STR_EQ(jv(v, 0), "1E-8");
    ASSERT_STR_EQ(sq(v, 0, NULL), "0.00000001");
    ASSERT_STR_EQ(jv(v, 1), "0E-8");
    ASSERT_STR_EQ(sq(v, 1, NULL), "0.00000000");
    ASSERT_STR_EQ(jv(v, 2), "-1.23456789");
    eddy__vec_release(v);
}

TEST(nested_arrays_of_rows) {
    /* ARRAY<ROW<a INT, b STRING>>: [+I[1, x], null, +I[2, null]] */
    Vector *v = eddy__vec_new(typ("ARRAY<ROW<a INT, b STRING>>"), 3);
    uint32_t off = set_list(v, 0, 3);
    Vector *row = v->child[0];
    set_i64(row->child[0], off, 1);
    set_s(row->child[1], off, "x");
    eddy__vec_set_null(row, off + 1);
    set_i64(row->child[0], off + 2, 2);
    eddy__vec_set_null(row->child[1], off + 2);
    set_list(v, 1, 0); /* empty */
    eddy__vec_set_null(v, 2);
    ASSERT_STR_EQ(jv(v, 0), "[+I[1, x], null, +I[2, null]]");
    ASSERT_STR_EQ(sq(v, 0, NULL), "[(1, x), null, (2, null)]");
    ASSERT_STR_EQ(jv(v, 1), "[]");
    ASSERT_STR_EQ(sq(v, 1, NULL), "[]");
    ASSERT_STR_EQ(jv(v, 2), "null");
    ASSERT_STR_EQ(sq(v, 2, NULL), "null");
    eddy__vec_release(v);

    /* ARRAY<ARRAY<INT>>: [[1, 2], [], null] */
    v = eddy__vec_new(typ("ARRAY<ARRAY<INT>>"), 1);
    off = set_list(v, 0, 3);
    Vector *inner = v->child[0];
    uint32_t o2 = set_list(inner, off, 2);
    set_i64(inner->child[0], o2, 1);
    set_i64(inner->child[0], o2 + 1, 2);
    set_list(inner, off + 1, 0);
    eddy__vec_set_null(inner, off + 2);
    ASSERT_STR_EQ(jv(v, 0), "[[1, 2], [], null]");
    ASSERT_STR_EQ(sq(v, 0, NULL), "[[1, 2], [], null]");
    eddy__vec_release(v);

    /* ARRAY<STRING> with a null and ARRAY<DOUBLE> */
    v = eddy__vec_new(typ("ARRAY<STRING>"), 1);
    off = set_list(v, 0, 3);
    set_s(v->child[0], off, "a");
    set_s(v->child[0], off + 1, "b");
    eddy__vec_set_null(v->child[0], off + 2);
    ASSERT_STR_EQ(jv(v, 0), "[a, b, null]");
    ASSERT_STR_EQ(sq(v, 0, NULL), "[a, b, null]");
    eddy__vec_release(v);
    v = eddy__vec_new(typ("ARRAY<BOOLEAN>"), 1);
    off = set_list(v, 0, 2);
    set_i64(v->child[0], off, 1);
    set_i64(v->child[0], off + 1, 0);
    ASSERT_STR_EQ(jv(v, 0), "[true, false]");
    ASSERT_STR_EQ(sq(v, 0, NULL), "[TRUE, FALSE]");
    eddy__vec_release(v);
}

TEST(maps_and_multisets) {
    Vector *v = eddy__vec_new(typ("MAP<STRING, INT>"), 2);
    uint32_t off = set_list(v, 0, 2);
    set_s(v->child[0], off, "k1");
    set_i64(v->child[1], off, 1);
    set_s(v->child[0], off + 1, "k2");
    eddy__vec_set_null(v->child[1], off + 1);
    set_list(v, 1, 0);
    ASSERT_STR_EQ(jv(v, 0), "{k1=1, k2=null}");
    ASSERT_STR_EQ(sq(v, 0, NULL), "{k1=1, k2=null}");
    ASSERT_STR_EQ(jv(v, 1), "{}");
    ASSERT_STR_EQ(sq(v, 1, NULL), "{}");
    eddy__vec_release(v);

    v = eddy__vec_new(typ("MAP<STRING, INTERVAL MONTH>"), 1);
    off = set_list(v, 0, 2);
    set_s(v->child[0], off, "a");
    set_i64(v->child[1], off, -123);
    eddy__vec_set_null(v->child[0], off + 1);
    set_i64(v->child[1], off + 1, 123);
    ASSERT_STR_EQ(sq(v, 0, NULL), "{a=-10-03, null=+10-03}");
    ASSERT_STR_EQ(jv(v, 0), "{a=P-123M, null=P123M}");
    eddy__vec_release(v);

    v = eddy__vec_new(typ("MULTISET<STRING>"), 1);
    off = set_list(v, 0, 2);
    set_s(v->child[0], off, "a");
    set_i64(v->child[1], off, 2);
    set_s(v->child[0], off + 1, "b");
    set_i64(v->child[1], off + 1, 1);
    ASSERT_STR_EQ(jv(v, 0), "{a=2, b=1}");
    ASSERT_STR_EQ(sq(v, 0, NULL), "{a=2, b=1}");
    eddy__vec_release(v);
}

TEST(nested_rows) {
    /* the reference example: +I[12, +I[false, hello], {world=2.0}] */
    Vector *f0 = eddy__vec_new(typ("INT"), 1);
    Vector *f1 = eddy__vec_new(typ("ROW<BOOL1 BOOLEAN, f1 STRING>"), 1);
    Vector *f2 = eddy__vec_new(typ("MAP<STRING, DOUBLE>"), 1);
    set_i64(f0, 0, 12);
    set_i64(f1->child[0], 0, 0);
    set_s(f1->child[1], 0, "hello");
    vec_set_valid(f1, 0);
    uint32_t off = set_list(f2, 0, 1);
    set_s(f2->child[0], off, "world");
    set_dbl(f2->child[1], off, 2.0);
    Vector *cols[] = {f0, f1, f2};
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_UPDATE_AFTER, cols, 3, 0)), "+U[12, +I[false, hello], {world=2.0}]");
    ASSERT_STR_EQ(sq(f1, 0, NULL), "(FALSE, hello)");
    eddy__vec_set_null(f1->child[1], 0);
    ASSERT_STR_EQ(sq(f1, 0, NULL), "(FALSE, null)");
    ASSERT_STR_EQ(jv(f1, 0), "+I[false, null]");
    eddy__vec_release(f0);
    eddy__vec_release(f1);
    eddy__vec_release(f2);

    Vector *e = eddy__vec_new(eddy__type_row(&arena, 0, NULL, NULL, true), 1);
    ASSERT_TRUE(e != NULL);
    {
        ASSERT_STR_EQ(jv(e, 0), "+I[]");
        ASSERT_STR_EQ(sq(e, 0, NULL), "()");
        eddy__vec_release(e);
    }
}

TEST(constant_vectors) {
    Vector *c = eddy__vec_new_const(typ("STRING"));
    set_s(c, 0, "same");
    ASSERT_STR_EQ(jv(c, 0), "same");
    ASSERT_STR_EQ(jv(c, 517), "same");
    ASSERT_STR_EQ(sq(c, 99, NULL), "same");
    Vector *cols[] = {c, c};
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_INSERT, cols, 2, 1000)), "+I[same, same]");
    eddy__vec_release(c);
    Vector *n = eddy__vec_new_const(typ("INT"));
    eddy__vec_set_null(n, 0);
    ASSERT_STR_EQ(jv(n, 7), "null");
    eddy__vec_release(n);
    Vector *r = eddy__vec_new_const(typ("ARRAY<INT>"));
    uint32_t off = set_list(r, 0, 2);
    set_i64(r->child[0], off, 3);
    set_i64(r->child[0], off + 1, 4);
    ASSERT_STR_EQ(jv(r, 12), "[3, 4]");
    eddy__vec_release(r);
}

static const TimeZone *zone(const char *name) {
    const TimeZone *tz = NULL;
    EdErr err = {0};
    if (eddy__tz_load(name, &tz, &err) != EDDY_OK) eddy__err_clear(&err);
    return tz;
}

TEST(timestamps_in_session_zones) {
    const TimeZone *sh = zone("Asia/Shanghai"), *ber = zone("Europe/Berlin");
    ASSERT_TRUE(sh && ber);
    Vector *v = eddy__vec_new(typ("TIMESTAMP_LTZ(3)"), 4);
    set_ts(v, 0, 1000, 0); /* TO_TIMESTAMP_LTZ(1, 0) */
    set_ts(v, 1, 1, 0);    /* TO_TIMESTAMP_LTZ(1, 3) */
    set_ts(v, 2, 1616893200000LL, 0); /* 2021-03-28T01:00:00Z, Berlin springs forward */
    set_ts(v, 3, 1616893199999LL, 0);
    ASSERT_STR_EQ(sq(v, 0, sh), "1970-01-01 08:00:01.000");
    ASSERT_STR_EQ(sq(v, 0, eddy__tz_utc()), "1970-01-01 00:00:01.000");
    ASSERT_STR_EQ(sq(v, 0, NULL), "1970-01-01 00:00:01.000");
    ASSERT_STR_EQ(sq(v, 1, sh), "1970-01-01 08:00:00.001");
    ASSERT_STR_EQ(sq(v, 1, NULL), "1970-01-01 00:00:00.001");
    ASSERT_STR_EQ(sq(v, 2, ber), "2021-03-28 03:00:00.000");
    ASSERT_STR_EQ(sq(v, 3, ber), "2021-03-28 01:59:59.999");
    ASSERT_STR_EQ(jv(v, 0), "1970-01-01T00:00:01Z");
    ASSERT_STR_EQ(jv(v, 2), "2021-03-28T01:00:00Z");
    eddy__vec_release(v);

    /* CAST(TIMESTAMP '2021-04-13 20:12:11.123456789' AS TIMESTAMP_LTZ(9)):
     * the wall clock read in the session zone prints back unchanged */
    v = eddy__vec_new(typ("TIMESTAMP_LTZ(9)"), 1);
    int64_t local_ms;
    int32_t ns;
    const char *lit = "2021-04-13 20:12:11.123456789";
    ASSERT_EQ_INT(eddy__dt_parse_timestamp(lit, strlen(lit), 9, &local_ms, &ns), EDDY_OK);
    set_ts(v, 0, eddy__tz_from_local(sh, local_ms), ns);
    ASSERT_STR_EQ(sq(v, 0, sh), "2021-04-13 20:12:11.123456789");
    ASSERT_STR_EQ(jv(v, 0), "2021-04-13T12:12:11.123456789Z");
    set_ts(v, 0, eddy__tz_from_local(eddy__tz_utc(), local_ms), ns);
    ASSERT_STR_EQ(sq(v, 0, NULL), "2021-04-13 20:12:11.123456789");
    eddy__vec_release(v);

    v = eddy__vec_new(typ("TIMESTAMP(9)"), 2);
    set_ts(v, 0, 1618348331100LL, 0);
    set_ts(v, 1, -62135596800000LL + 5, 0);
    ASSERT_STR_EQ(sq(v, 0, sh), "2021-04-13 21:12:11.100000000"); /* no zone for TIMESTAMP */
    ASSERT_STR_EQ(jv(v, 0), "2021-04-13T21:12:11.100");
    ASSERT_STR_EQ(sq(v, 1, NULL), "0001-01-01 00:00:00.005000000");
    ASSERT_STR_EQ(jv(v, 1), "0001-01-01T00:00:00.005");
    eddy__vec_release(v);

    v = eddy__vec_new(typ("TIMESTAMP(0)"), 1);
    set_ts(v, 0, 1618344731000LL, 0);
    ASSERT_STR_EQ(sq(v, 0, NULL), "2021-04-13 20:12:11");
    ASSERT_STR_EQ(jv(v, 0), "2021-04-13T20:12:11");
    eddy__vec_release(v);
}

TEST(dates_times_intervals_in_vectors) {
    Vector *d = eddy__vec_new(typ("DATE"), 3);
    set_i64(d, 0, -735525);
    set_i64(d, 1, 2932897);
    set_i64(d, 2, 0);
    ASSERT_STR_EQ(jv(d, 0), "-0044-03-15");
    ASSERT_STR_EQ(sq(d, 0, NULL), "-0044-03-15");
    ASSERT_STR_EQ(jv(d, 1), "+10000-01-01");
    ASSERT_STR_EQ(sq(d, 1, NULL), "10000-01-01");
    ASSERT_STR_EQ(jv(d, 2), "1970-01-01");
    eddy__vec_release(d);

    Vector *t0 = eddy__vec_new(typ("TIME"), 1), *t3 = eddy__vec_new(typ("TIME(3)"), 1);
    set_i64(t0, 0, 72731000);
    set_i64(t3, 0, 72731000);
    ASSERT_STR_EQ(sq(t0, 0, NULL), "20:12:11");
    ASSERT_STR_EQ(sq(t3, 0, NULL), "20:12:11.0");
    ASSERT_STR_EQ(jv(t0, 0), "20:12:11");
    set_i64(t0, 0, 72720000);
    ASSERT_STR_EQ(jv(t0, 0), "20:12");
    eddy__vec_release(t0);
    eddy__vec_release(t3);

    const char *dt_types[] = {"INTERVAL DAY", "INTERVAL DAY TO HOUR", "INTERVAL DAY TO MINUTE",
                              "INTERVAL DAY TO SECOND(3)", "INTERVAL HOUR", "INTERVAL HOUR TO MINUTE",
                              "INTERVAL HOUR TO SECOND", "INTERVAL MINUTE", "INTERVAL MINUTE TO SECOND",
                              "INTERVAL SECOND(3)", "INTERVAL SECOND(0)"};
    for (size_t k = 0; k < ED_ARRAY_LEN(dt_types); k++) {
        Vector *iv = eddy__vec_new(typ(dt_types[k]), 2);
        ASSERT_TRUE(iv != NULL);
        set_i64(iv, 0, 86400000);
        set_i64(iv, 1, -(3723004LL));
        /* Flink renders every day-time resolution the same way */
        ASSERT_STR_EQ(sq(iv, 0, NULL), "+1 00:00:00.000");
        ASSERT_STR_EQ(sq(iv, 1, NULL), "-0 01:02:03.004");
        ASSERT_STR_EQ(jv(iv, 0), "PT24H");
        ASSERT_STR_EQ(jv(iv, 1), "PT-1H-2M-3.004S");
        eddy__vec_release(iv);
    }
    const char *ym_types[] = {"INTERVAL YEAR", "INTERVAL YEAR TO MONTH", "INTERVAL MONTH"};
    const char *ym_java[] = {"P1Y", "P1Y2M", "P14M"};
    for (size_t k = 0; k < ED_ARRAY_LEN(ym_types); k++) {
        Vector *iv = eddy__vec_new(typ(ym_types[k]), 1);
        ASSERT_TRUE(iv != NULL);
        set_i64(iv, 0, 14);
        ASSERT_STR_EQ(sq(iv, 0, NULL), "+1-02");
        ASSERT_STR_EQ(jv(iv, 0), ym_java[k]);
        eddy__vec_release(iv);
    }
}

TEST(binary_values) {
    Vector *v = eddy__vec_new(typ("VARBINARY(10)"), 3);
    eddy__vec_set_str(v, 0, "\x85\x2b\xfc\x7d\x05", 5);
    eddy__vec_set_str(v, 1, "", 0);
    eddy__vec_set_str(v, 2, "\x00\x7f\x80\xff\x01\x02\x03\x04\x05\x06\x07\x08", 12); /* heap-stored */
    ASSERT_STR_EQ(sq(v, 0, NULL), "x'852bfc7d05'");
    ASSERT_STR_EQ(jv(v, 0), "[-123, 43, -4, 125, 5]");
    ASSERT_STR_EQ(sq(v, 1, NULL), "x''");
    ASSERT_STR_EQ(jv(v, 1), "[]");
    ASSERT_STR_EQ(sq(v, 2, NULL), "x'007f80ff0102030405060708'");
    ASSERT_STR_EQ(jv(v, 2), "[0, 127, -128, -1, 1, 2, 3, 4, 5, 6, 7, 8]");
    eddy__vec_release(v);
}

/* A C struct exposed as a STRUCTURED type. */
static const Type *user_type(void) {
    Type *t = eddy__type_new(&arena, TY_STRUCTURED, true);
    Field *f = eddy__arena_alloc(&arena, 2 * sizeof(Field));
    f[0].name = "name";
    f[0].type = typ("STRING");
    f[0].c_null_offset = -1;
    f[1].name = "score";
    f[1].type = typ("INT");
    f[1].c_null_offset = -1;
    t->nfields = 2;
    t->fields = f;
    t->class_name = "User";
    return t;
}

TEST(structured_values) {
    Vector *v = eddy__vec_new(user_type(), 2);
    set_s(v->child[0], 0, "Alice");
    set_i64(v->child[1], 0, 4);
    vec_set_valid(v, 0);
    eddy__vec_set_null(v->child[0], 1);
    set_i64(v->child[1], 1, -1);
    ASSERT_STR_EQ(jv(v, 0), "User(name=Alice, score=4)");
    ASSERT_STR_EQ(sq(v, 0, NULL), "(Alice, 4)");
    ASSERT_STR_EQ(jv(v, 1), "User(name=null, score=-1)");
    ASSERT_STR_EQ(sq(v, 1, NULL), "(null, -1)");
    Vector *cols[] = {v};
    ASSERT_STR_EQ(FMT(eddy__fmt_row_java(b, RK_INSERT, cols, 1, 0)), "+I[User(name=Alice, score=4)]");
    eddy__vec_release(v);

    Type *qt = (Type *)user_type();
    qt->class_name = "com.example.Player";
    v = eddy__vec_new(qt, 1);
    set_s(v->child[0], 0, "Bob");
    set_i64(v->child[1], 0, 10);
    ASSERT_STR_EQ(jv(v, 0), "Player(name=Bob, score=10)");
    eddy__vec_release(v);
}

typedef struct Point {
    int x, y;
} Point;

static int point_to_string(void *ctx, const void *obj, char *buf, size_t cap) {
    ED_UNUSED(ctx);
    const Point *p = obj;
    return snprintf(buf, cap, "Point[x=%d, y=%d]", p->x, p->y);
}

/* writes a long text, to go through the second call with a bigger buffer */
static int long_to_string(void *ctx, const void *obj, char *buf, size_t cap) {
    ED_UNUSED(ctx);
    const Point *p = obj;
    char tmp[400];
    memset(tmp, 'z', sizeof tmp - 1);
    tmp[sizeof tmp - 1] = 0;
    tmp[0] = (char)('0' + p->x);
    return snprintf(buf, cap, "%s", tmp);
}

TEST(raw_values) {
    RawOps ops = {.size = sizeof(Point), .to_string = point_to_string};
    Type *t = eddy__type_new(&arena, TY_RAW, true);
    t->class_name = "org.example.Point";
    t->raw = &ops;
    Vector *v = eddy__vec_new(t, 2);
    Point p = {3, -4};
    Value val = {.type = t};
    val.u.str.p = (const char *)&p;
    val.u.str.n = sizeof p;
    eddy__vec_set_value(v, 0, &val);
    eddy__vec_set_null(v, 1);
    ASSERT_STR_EQ(jv(v, 0), "Point[x=3, y=-4]");
    ASSERT_STR_EQ(sq(v, 0, NULL), "Point[x=3, y=-4]");
    ASSERT_STR_EQ(jv(v, 1), "null");

    ops.to_string = long_to_string;
    const char *s = jv(v, 0);
    ASSERT_EQ_INT(strlen(s), 399);
    ASSERT_TRUE(s[0] == '3' && s[398] == 'z');

    ops.to_string = NULL;
    char want[64];
    snprintf(want, sizeof want, "org.example.Point@%08x", (uint32_t)eddy__hash_bytes(&p, sizeof p, 0));
    ASSERT_STR_EQ(jv(v, 0), want);
    ASSERT_STR_EQ(sq(v, 0, NULL), want);
    eddy__vec_release(v);
}

TEST(tableau_widths) {
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TINYINT"), 30), 4);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("SMALLINT"), 30), 6);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("INT"), 30), 11);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("BIGINT"), 30), 20);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("DECIMAL(10, 2)"), 30), 12);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("DECIMAL(38, 18)"), 30), 40);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("BOOLEAN"), 30), 5);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("DATE"), 30), 10);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIME"), 30), 8);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIME(3)"), 30), 12);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIMESTAMP(0)"), 30), 19);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIMESTAMP(1)"), 30), 23);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIMESTAMP(3)"), 30), 23);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIMESTAMP(6)"), 30), 26);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIMESTAMP(9)"), 30), 29);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("TIMESTAMP_LTZ(3)"), 30), 23);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("STRING"), 30), 30);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("ARRAY<INT>"), 25), 25);
    ASSERT_EQ_INT(eddy__tableau_type_width(typ("DOUBLE"), 30), 30);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("INT"), "score", 30, false), 11);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("STRING"), "name", 30, false), 30);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("BOOLEAN"), "b", 30, false), 6);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("BOOLEAN"), "b", 30, true), 5);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("TINYINT"), "t", 30, false), 6);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("TINYINT"), "t", 30, true), 4);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("INT"), "a_very_long_column_name_beyond_30", 30, false), 33);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("BOOLEAN"), "\xe5\x90\x8d\xe5\xad\x97\xe5\x90\x8d\xe5\xad\x97\xe5\x90\x8d\xe5\xad\x97\xe5\x90\x8d", 30, false), 7);
    ASSERT_EQ_INT(eddy__tableau_column_width(typ("BOOLEAN"), "\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80", 30, false), 8);
}

int main(void) {
    eddy__arena_init(&arena, 4096);
    RUN(double_to_string);
    RUN(float_to_string);
    RUN(bigdecimal_strings);
    RUN(int128_text);
    RUN(parse_decimal_rounds_half_up);
    RUN(java_time_forms);
    RUN(java_duration_and_period);
    RUN(flink_datetime_forms);
    RUN(row_to_string_scalars);
    RUN(decimal_java_vs_sql);
    RUN(nested_arrays_of_rows);
    RUN(maps_and_multisets);
    RUN(nested_rows);
    RUN(constant_vectors);
    RUN(timestamps_in_session_zones);
    RUN(dates_times_intervals_in_vectors);
    RUN(binary_values);
    RUN(structured_values);
    RUN(raw_values);
    RUN(tableau_widths);
    eddy__tz_cache_free();
    eddy__arena_destroy(&arena);
    return test_report();
}
