/*
 * format.h -- values as text, exactly as Flink shows them.
 *
 * Two renderings of every type:
 *  - "java": the Java toString of the external object, what Row.toString and
 *    so DataStream print() show ("+I[Alice, 12]", 2.0, 2021-08-21T13:00,
 *    1970-01-01T00:00:01Z, PT1M30S, [1, -2], {k=v}, User(name=Alice, ...));
 *  - "sql": CAST(x AS STRING) in printing mode, what the tableau printer
 *    (TableResult.print) shows (TRUE, 2021-04-13 20:12:11.100, +1 00:00:00.000,
 *    x'0a0b', (1, abc), session time zone applied to TIMESTAMP_LTZ).
 * Plus the pieces both are built from (Java's Double/Float.toString,
 * BigDecimal.toString / toPlainString, java.time toString forms, Flink's
 * DateTimeUtils formats), 128-bit integer and DECIMAL parsing, and the
 * tableau column widths derived from types.
 *
 * All functions append to a Buf (util.h); allocation failure is sticky on
 * the Buf. Nothing here allocates outside the Buf, prints, or fails.
 */
#ifndef EDDY_FORMAT_H
#define EDDY_FORMAT_H

#include "types/datetime.h"
#include "types/vector.h"

/* Status codes of the parse functions below. */
#define FMT_E_MALFORMED EDDY_E_PARSE  /* not a number of the expected form */
#define FMT_E_OVERFLOW EDDY_E_RUNTIME /* a number, but out of range */

/* ---- numbers (format_num.c) ---------------------------------------------- */

/* 10^n as a 128-bit integer, n in 0..38. */
ed_i128 eddy__i128_pow10(int n);
/* Appends v in decimal ("-170141183460469231731687303715884105728"). */
void eddy__fmt_i128(Buf *b, ed_i128 v);
/* Parses an optionally signed run of decimal digits (no spaces) spanning
 * all of s[0..n). Sets *out and returns EDDY_OK, or FMT_E_MALFORMED /
 * FMT_E_OVERFLOW (out of the 128-bit range). */
eddy_status eddy__parse_i128(const char *s, size_t n, ed_i128 *out);

/* Java's Double.toString (JDK 19+): the shortest decimal that rounds to v
 * (closest to v among those; a 1-digit result competes with 2-digit ones),
 * laid out plain with at least one fraction digit when 1e-3 <= |v| < 1e7
 * ("2.0", "0.001", "1234567.0"), else as "1.0E10" / "1.2345E-4"; "NaN",
 * "Infinity", "-Infinity", "-0.0". */
void eddy__fmt_double(Buf *b, double v);
/* Java's Float.toString: the same for float ("1.1", "3.4028235E38"). */
void eddy__fmt_float(Buf *b, float v);

/* A DECIMAL value unscaled * 10^-scale. plain: BigDecimal.toPlainString
 * ("12.30", "0.00", "-0.5"); else BigDecimal.toString, which switches to
 * scientific notation when the adjusted exponent is below -6 ("1E-8",
 * "1.23E-8", "0E-8") or the scale is negative ("1.2E+3"). */
void eddy__fmt_decimal(Buf *b, ed_i128 unscaled, int scale, bool plain);

/* Parses a decimal number ("12.5", "-0.001", "+3", "1.5E3", ".5", "7.";
 * surrounding spaces ignored, as Flink's CAST(STRING AS DECIMAL)) into the
 * unscaled value of DECIMAL(precision, scale), rounding HALF_UP to `scale`
 * fraction digits. precision 1..38, scale 0..precision. Sets *out and
 * returns EDDY_OK; FMT_E_MALFORMED for text that is no number,
 * FMT_E_OVERFLOW when the value needs more than precision digits (Flink's
 * cast gives NULL then). */
eddy_status eddy__parse_decimal(const char *s, size_t n, int precision, int scale, ed_i128 *out);

/* ---- dates and times (format.c) ------------------------------------------ */

/* java.time toString forms. */
/* LocalDate: "2021-08-21", "0001-01-01", "-0044-03-15", "+10000-01-01". */
void eddy__fmt_date_java(Buf *b, int64_t days);
/* LocalTime from the nanosecond of the day: "13:00", "13:00:05",
 * "13:00:05.120", "13:00:05.123456", "13:00:05.123456789". */
void eddy__fmt_time_java(Buf *b, int64_t nano_of_day);
/* LocalDateTime: "2021-08-21T13:00", "2021-08-21T13:00:05.123". */
void eddy__fmt_timestamp_java(Buf *b, int64_t ms, int32_t nano_of_ms);
/* Instant (ISO_INSTANT): seconds always shown, fraction in groups of 3:
 * "1970-01-01T00:00:00Z", "2021-08-21T13:00:05.123Z". */
void eddy__fmt_instant_java(Buf *b, int64_t ms, int32_t nano_of_ms);
/* Duration.ofMillis(ms): "PT0S", "PT24H", "PT1M30S", "PT0.001S", "PT-1.5S". */
void eddy__fmt_duration_java(Buf *b, int64_t ms);
/* Period as Flink builds it for an INTERVAL of resolution res (YEAR:
 * ofYears(m / 12), YEAR_TO_MONTH: of(m / 12, m % 12, 0), MONTH:
 * ofMonths(m)): "P1Y2M", "P14M", "P-1Y", "P0D". */
void eddy__fmt_period_java(Buf *b, int64_t months, IntervalRes res);

/* Flink's DateTimeUtils forms, used by CAST(... AS STRING). */
/* formatDate: "2021-04-13" (years outside 0..9999 print all their digits). */
void eddy__fmt_date_sql(Buf *b, int64_t days);
/* formatTimestampMillis(time, p): "20:12:11"; when p > 0 a '.' and up to p
 * millisecond digits, stopping after the last non-zero one but printing at
 * least one ("20:12:11.1", "20:12:11.0", "20:12:11.123"). */
void eddy__fmt_time_sql(Buf *b, int32_t ms_of_day, int precision);
/* formatTimestamp(ts, p): "yyyy-MM-dd HH:mm:ss" and the 9-digit nanosecond
 * fraction with trailing zeros removed down to p digits
 * ("2021-04-13 21:12:11.100000000" for p = 9, "... 20:12:11" for p = 0). */
void eddy__fmt_timestamp_sql(Buf *b, int64_t ms, int32_t nano_of_ms, int precision);
/* formatIntervalYearMonth: "+1-00", "-10-03", "+0-05". */
void eddy__fmt_interval_ym_sql(Buf *b, int64_t months);
/* formatIntervalDayTime: "+1 00:00:00.000", "-0 00:00:01.500". */
void eddy__fmt_interval_dt_sql(Buf *b, int64_t ms);

/* ---- values -------------------------------------------------------------- */

/* "+I", "-U", "+U", "-D" for RK_INSERT..RK_DELETE ("??" otherwise). */
const char *eddy__row_kind_str(uint8_t kind);

/* Appends the Java toString of row i of v (vidx / is_const honoured):
 * "null" for NULL, true/false, 12, 2.0, 12.30 (BigDecimal.toString), text
 * as is, bytes as [1, -2, 3], LocalDate/LocalTime/LocalDateTime/Instant/
 * Duration/Period forms, [a, b, null] for ARRAY, {k=v} for MAP,
 * {elem=count} for MULTISET, +I[...] for a nested ROW, Name(f=v, ...) for a
 * STRUCTURED type (Lombok style; class_name up to its last '.'; a
 * STRUCTURED type without class_name prints like a ROW), RAW through its
 * to_string callback or "<class_name>@" + 8 hex digits of its hash. */
void eddy__fmt_value_java(Buf *b, const Vector *v, uint32_t i);

/* Row.toString of one row: kind then the fields: "+I[Alice, 12]", "+I[]". */
void eddy__fmt_row_java(Buf *b, uint8_t kind, Vector *const *cols, int ncols, uint32_t row);

/* Appends CAST(x AS STRING) of row i of v in Flink's printing mode, with
 * TIMESTAMP_LTZ values shown in session_zone (NULL = UTC): TRUE/FALSE,
 * Java number strings, DECIMAL plain with its scale, text as is, bytes as
 * x'0a0b', DATE/TIME/TIMESTAMP in DateTimeUtils forms, intervals
 * "+1 00:00:00.000" / "+1-00", [1, 2, null], {k1=v1, k2=null},
 * {elem=count}, (1, abc) for ROW and STRUCTURED, RAW through to_string.
 * A NULL prints "null": the tableau printer shows top-level NULLs as
 * "<NULL>" itself. */
void eddy__fmt_value_sql(Buf *b, const Vector *v, uint32_t i, const TimeZone *session_zone);

/* ---- tableau widths ------------------------------------------------------ */

/* Column width Flink derives from a type in streaming tableau output
 * (TableauStyle.columnWidthsByType): TINYINT 4, SMALLINT 6, INT 11,
 * BIGINT 20, DECIMAL(p, s) p + 2, BOOLEAN 5, DATE 10, TIME(p) 8 or p + 9,
 * TIMESTAMP(_LTZ)(p) 19 / 23 / 26 / 29 for p = 0 / <= 3 / <= 6 / more,
 * anything else max_width. */
int eddy__tableau_type_width(const Type *t, int max_width);

/* The whole column width: the larger of the header's length (in UTF-16
 * units, as Java's String.length), the type width and, unless
 * null_as_empty, 6 for "<NULL>". */
int eddy__tableau_column_width(const Type *t, const char *name, int max_width, bool null_as_empty);

#endif
