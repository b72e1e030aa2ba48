/*
 * text.c -- the text conversions the formats share, each behaving like the
 * Java routine Flink's format calls: Integer.parseInt and friends,
 * Double.parseDouble, new BigDecimal(String), the java.time ISO formats,
 * java.sql.Date.valueOf, Jackson's Base64 and decimal output, Flink's
 * partition path escaping. On bad input each parser appends the message the
 * Java routine throws, so that a failing job reports what Flink reports.
 * See formats.h.
 */
#include <ctype.h>
#include <stdlib.h>

#include "formats/formats.h"
#include "types/datetime.h"
#include "types/format.h"

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

void eddy__java_trim(const char **s, size_t *n) {
    const char *p = *s;
    size_t k = *n;
    while (k && (unsigned char)*p <= ' ') p++, k--;
    while (k && (unsigned char)p[k - 1] <= ' ') k--;
    *s = p;
    *n = k;
}

/* ---- input in messages, and UTF-8 ------------------------------------------------ */

/* The length of the well-formed UTF-8 sequence at s[0..n) (n >= 1), or 0
 * when it is malformed; then *bad is the offset of the offending byte: 0
 * for a byte that cannot start a sequence, else the first continuation byte
 * that is wrong (n when the input ends inside the sequence). The bytes
 * before it, at least one, are what a decoder replaces by one U+FFFD (the
 * "maximal subpart", as Java's decoder does). */
static inline size_t utf8_seq(const unsigned char *s, size_t n, size_t *bad) {
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t need;
    unsigned lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) lo = 0xA0;      /* no overlong forms */
        else if (c == 0xED) hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) lo = 0x90;
        else if (c == 0xF4) hi = 0x8F; /* nothing past U+10FFFF */
    } else {
        *bad = 0;
        return 0;
    }
    for (size_t k = 1; k <= need; k++) {
        if (k >= n) {
            *bad = k;
            return 0;
        }
        unsigned d = s[k];
        if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) {
            *bad = k;
            return 0;
        }
    }
    return need + 1;
}

static size_t put_prefix(Buf *b, const char *s, size_t n, size_t max, size_t *total);

/* Whether the 8 bytes at s are all ASCII. */
static inline bool ascii8(const char *s) {
    uint64_t w;
    memcpy(&w, s, 8);
    return (w & 0x8080808080808080ULL) == 0;
}

bool eddy__utf8_check(const char *s, size_t n, size_t *at, Buf *why) {
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    for (;;) {
        /* ASCII 16 bytes at a time, then byte by byte up to the next other byte */
        while (i + 16 <= n && ascii8(s + i) && ascii8(s + i + 8)) i += 16;
        if (i + 8 <= n && ascii8(s + i)) i += 8;
        while (i < n && u[i] < 0x80) i++;
        if (i == n) return true;
        size_t bad;
        size_t len = utf8_seq(u + i, n - i, &bad);
        if (len) {
            i += len;
            continue;
        }
        *at = i + bad;
        if (bad == 0) eddy__buf_printf(why, "Invalid UTF-8 start byte 0x%x", u[i]);
        else if (i + bad == n) eddy__buf_puts(why, "Unexpected end-of-input in the middle of a UTF-8 character");
        else eddy__buf_printf(why, "Invalid UTF-8 middle byte 0x%x", u[i + bad]);
        return false;
    }
}

void eddy__utf8_replace_malformed(Buf *out, const char *s, size_t n) {
    size_t total;
    put_prefix(out, s, n, SIZE_MAX, &total);
}

size_t eddy__utf8_columns(const char *s, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

/* Appends (when b is not NULL) the first characters of s[0..n) up to max
 * Java characters, a malformed subpart as U+FFFD; returns the characters
 * appended and sets *total to the Java length of all of s. */
static size_t put_prefix(Buf *b, const char *s, size_t n, size_t max, size_t *total) {
    const unsigned char *u = (const unsigned char *)s;
    size_t taken = 0, chars = 0, i = 0;
    bool full = false;
    while (i < n) {
        if (i + 8 <= n && ascii8(s + i)) {
            size_t k = full ? 0 : ED_MIN((size_t)8, max - taken);
            if (b && k) eddy__buf_put(b, s + i, k);
            taken += k;
            full = full || k < 8;
            chars += 8;
            i += 8;
            continue;
        }
        size_t bad = 0, len = utf8_seq(u + i, n - i, &bad);
        size_t units = len == 4 ? 2 : 1;
        if (!full && taken + units <= max) {
            if (b) {
                if (len) eddy__buf_put(b, s + i, len);
                else eddy__buf_put(b, "\xEF\xBF\xBD", 3);
            }
            taken += units;
        } else {
            full = true;
        }
        chars += units;
        i += len ? len : ED_MAX(bad, (size_t)1);
    }
    *total = chars;
    return taken;
}

size_t eddy__java_length(const char *s, size_t n) {
    size_t total;
    put_prefix(NULL, s, n, 0, &total);
    return total;
}

void eddy__fmt_echo(Buf *b, char quote, const char *s, size_t n, size_t max) {
    size_t total;
    eddy__buf_putc(b, quote);
    size_t taken = put_prefix(b, s, n, max, &total);
    eddy__buf_putc(b, quote);
    if (taken < total) eddy__buf_printf(b, "[truncated %zu chars]", total - taken);
}

void eddy__fmt_java_abbr(Buf *b, const char *s, size_t n) {
    size_t total;
    size_t taken = put_prefix(b, s, n, 64, &total);
    if (taken < total) eddy__buf_puts(b, "...");
}

static bool for_input(Buf *why, const char *s, size_t n) {
    eddy__buf_puts(why, "For input string: ");
    eddy__fmt_echo(why, '"', s, n, FMT_ECHO_VALUE);
    return false;
}

/* ---- integers ---------------------------------------------------------------- */

bool eddy__java_parse_int(const char *s, size_t n, int bits, int64_t *out, Buf *why) {
    size_t i = 0;
    bool neg = false;
    if (n && (s[0] == '+' || s[0] == '-')) neg = s[i++] == '-';
    if (i == n) return for_input(why, s, n);
    /* parseInt / parseLong work at 32 / 64 bits; Byte and Short check the
     * int's range afterwards with their own message */
    uint64_t limit = bits == 64 ? (uint64_t)INT64_MAX + (neg ? 1 : 0) : (uint64_t)INT32_MAX + (neg ? 1 : 0);
    uint64_t v = 0;
    for (; i < n; i++) {
        if (!is_digit(s[i])) return for_input(why, s, n);
        uint64_t d = (uint64_t)(s[i] - '0');
        if (v > (limit - d) / 10) return for_input(why, s, n);
        v = v * 10 + d;
    }
    int64_t x = neg ? (int64_t)(0 - v) : (int64_t)v;
    if (bits < 32) {
        int64_t lo = bits == 8 ? INT8_MIN : INT16_MIN, hi = bits == 8 ? INT8_MAX : INT16_MAX;
        if (x < lo || x > hi) {
            eddy__buf_puts(why, "Value out of range. Value:");
            eddy__fmt_echo(why, '"', s, n, FMT_ECHO_VALUE);
            eddy__buf_puts(why, " Radix:10");
            return false;
        }
    }
    *out = x;
    return true;
}

/* ---- floating point ----------------------------------------------------------- */

/* Checks Java's FloatingDecimal grammar on a trimmed string and copies the
 * number (without a type suffix) NUL-terminated into buf. Returns false for
 * text Java rejects. */
static bool java_float_text(const char *s, size_t n, char *buf, size_t cap) {
    size_t i = 0;
    if (n && (s[0] == '+' || s[0] == '-')) i++;
    const char *rest = s + i;
    size_t rn = n - i;
    if ((rn == 3 && !memcmp(rest, "NaN", 3)) || (rn == 8 && !memcmp(rest, "Infinity", 8))) {
        if (n >= cap) return false;
        memcpy(buf, s, n);
        buf[n] = 0;
        return true;
    }
    size_t end = n;
    if (end > i && strchr("fFdD", s[end - 1])) end--;
    size_t j = i;
    if (end - j > 2 && s[j] == '0' && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
        j += 2;
        size_t digits = 0;
        while (j < end && isxdigit((unsigned char)s[j])) j++, digits++;
        if (j < end && s[j] == '.') {
            j++;
            while (j < end && isxdigit((unsigned char)s[j])) j++, digits++;
        }
        if (!digits || j >= end || (s[j] != 'p' && s[j] != 'P')) return false;
        j++;
        if (j < end && (s[j] == '+' || s[j] == '-')) j++;
        size_t e = j;
        while (j < end && is_digit(s[j])) j++;
        if (j == e || j != end) return false;
    } else {
        size_t digits = 0;
        while (j < end && is_digit(s[j])) j++, digits++;
        if (j < end && s[j] == '.') {
            j++;
            while (j < end && is_digit(s[j])) j++, digits++;
        }
        if (!digits) return false;
        if (j < end && (s[j] == 'e' || s[j] == 'E')) {
            j++;
            if (j < end && (s[j] == '+' || s[j] == '-')) j++;
            size_t e = j;
            while (j < end && is_digit(s[j])) j++;
            if (j == e) return false;
        }
        if (j != end) return false;
    }
    if (end >= cap) return false;
    memcpy(buf, s, end);
    buf[end] = 0;
    return true;
}

static bool parse_fp(const char *s, size_t n, bool is_float, double *out, Buf *why) {
    const char *t = s;
    size_t k = n;
    eddy__java_trim(&t, &k);
    if (k == 0) {
        eddy__buf_puts(why, "empty String");
        return false;
    }
    char small[64];
    char *buf = k < sizeof small ? small : eddy__malloc(k + 1);
    if (!buf) return for_input(why, s, n);
    bool ok = java_float_text(t, k, buf, k + 1);
    if (ok) {
        char *end;
        /* strtod rounds correctly; float goes through strtof to avoid
         * rounding twice */
        *out = is_float ? (double)strtof(buf, &end) : strtod(buf, &end);
    }
    if (buf != small) eddy__free(buf);
    return ok ? true : for_input(why, s, n);
}

bool eddy__java_parse_double(const char *s, size_t n, double *out, Buf *why) { return parse_fp(s, n, false, out, why); }

bool eddy__java_parse_float(const char *s, size_t n, float *out, Buf *why) {
    double d;
    if (!parse_fp(s, n, true, &d, why)) return false;
    *out = (float)d;
    return true;
}

bool eddy__java_parse_bool(const char *s, size_t n) {
    eddy__java_trim(&s, &n);
    return eddy__strn_ieq(s, n, "true");
}

/* ---- BigDecimal ---------------------------------------------------------------- */

bool eddy__java_parse_decimal(const char *s, size_t n, int precision, int scale, ed_i128 *out, bool *overflow,
                              Buf *why) {
    *overflow = false;
    if (n == 0) {
        eddy__buf_puts(why, "Index 0 out of bounds for length 0");
        return false;
    }
    /* the grammar of new BigDecimal(String) (no white space), with its
     * messages */
    size_t i = 0, digits = 0, points = 0;
    if (s[0] == '+' || s[0] == '-') i++;
    for (; i < n && (is_digit(s[i]) || s[i] == '.'); i++) {
        if (s[i] == '.') points++;
        else digits++;
    }
    const char *msg = NULL;
    if (i < n && s[i] != 'e' && s[i] != 'E') {
        eddy__buf_printf(why, "Character %c is neither a decimal digit number, decimal point, nor \"e\" notation "
                              "exponential mark.", s[i]);
        return false;
    }
    if (points > 1) msg = "Character array contains more than one decimal point.";
    else if (!digits) msg = "No digits found.";
    if (!msg && i < n) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t e = i;
        while (i < n && is_digit(s[i])) i++;
        if (i == e) msg = "No exponent digits.";
        else if (i < n) msg = "Exponent contains an illegal character.";
    }
    if (msg) {
        eddy__buf_puts(why, msg);
        return false;
    }
    eddy_status rc = eddy__parse_decimal(s, n, precision, scale, out);
    if (rc == FMT_E_OVERFLOW) {
        *overflow = true;
        return true;
    }
    if (rc) {
        eddy__buf_puts(why, "No digits found.");
        return false;
    }
    return true;
}

/* ---- java.time ------------------------------------------------------------------- */

/* Appends "Text '<s, as java.time abbreviates it>' could not be parsed". */
static void text_not_parsed(Buf *why, const char *s, size_t n) {
    eddy__buf_puts(why, "Text '");
    eddy__fmt_java_abbr(why, s, n);
    eddy__buf_puts(why, "' could not be parsed");
}

static bool text_at(Buf *why, const char *s, size_t n, size_t at) {
    text_not_parsed(why, s, n);
    eddy__buf_printf(why, " at index %zu", at);
    return false;
}

/* Reads exactly w digits at s[*i]. */
static bool fixed_digits(const char *s, size_t n, size_t *i, int w, int *out) {
    if (*i + (size_t)w > n) return false;
    int v = 0;
    for (int k = 0; k < w; k++) {
        char c = s[*i + (size_t)k];
        if (!is_digit(c)) return false;
        v = v * 10 + (c - '0');
    }
    *i += (size_t)w;
    *out = v;
    return true;
}

static const char *const MONTH_NAMES[] = {"JANUARY", "FEBRUARY", "MARCH",     "APRIL",   "MAY",      "JUNE",
                                          "JULY",    "AUGUST",   "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"};

/* ISO_LOCAL_DATE at s[*i]: 4-digit year (more digits need a sign), month
 * and day of 2 digits. Range checks as java.time; `smart` clamps a day past
 * the end of the month instead of failing. */
static bool parse_date_part(const char *s, size_t n, size_t *i, bool smart, int64_t *days, Buf *why) {
    size_t start = *i;
    bool neg = false, sign = false;
    if (*i < n && (s[*i] == '+' || s[*i] == '-')) neg = s[(*i)++] == '-', sign = true;
    size_t ds = *i;
    int64_t y = 0;
    while (*i < n && is_digit(s[*i]) && *i - ds < 10) y = y * 10 + (s[(*i)++] - '0');
    size_t nd = *i - ds;
    /* more than 4 digits need a sign; a '+' needs more than 4 */
    if (nd < 4 || (nd > 4 && !sign) || (sign && !neg && nd == 4)) return text_at(why, s, n, start);
    if (neg) y = -y;
    int m = 0, d = 0;
    if (*i >= n || s[*i] != '-') return text_at(why, s, n, *i);
    (*i)++;
    size_t mpos = *i;
    if (!fixed_digits(s, n, i, 2, &m)) return text_at(why, s, n, mpos);
    if (*i >= n || s[*i] != '-') return text_at(why, s, n, *i);
    (*i)++;
    size_t dpos = *i;
    if (!fixed_digits(s, n, i, 2, &d)) return text_at(why, s, n, dpos);
    /* java.time checks each field's range, then the date */
    if (y < -999999999 || y > 999999999) {
        text_not_parsed(why, s, n);
        eddy__buf_puts(why, ": Invalid value for Year");
        return false;
    }
    if (m < 1 || m > 12) {
        text_not_parsed(why, s, n);
        eddy__buf_printf(why, ": Invalid value for MonthOfYear (valid values 1 - 12): %d", m);
        return false;
    }
    if (d < 1 || d > 31) {
        text_not_parsed(why, s, n);
        eddy__buf_printf(why, ": Invalid value for DayOfMonth (valid values 1 - 28/31): %d", d);
        return false;
    }
    int dim = eddy__dt_days_in_month(y, m);
    if (d > dim) {
        if (smart) {
            d = dim;
        } else if (m == 2 && d == 29) {
            text_not_parsed(why, s, n);
            eddy__buf_printf(why, ": Invalid date 'February 29' as '%lld' is not a leap year", (long long)y);
            return false;
        } else {
            text_not_parsed(why, s, n);
            eddy__buf_printf(why, ": Invalid date '%s %d'", MONTH_NAMES[m - 1], d);
            return false;
        }
    }
    *days = eddy__dt_days_from_civil(y, m, d);
    return true;
}

/* A time at s[*i]: HH:mm, then :ss (required when `sql`) and .f{0,9}. */
static bool parse_time_part(const char *s, size_t n, size_t *i, bool sql, bool smart, int64_t *nano_of_day,
                            bool *next_day, Buf *why) {
    int h = 0, mi = 0, se = 0;
    int64_t nano = 0;
    size_t p = *i;
    if (!fixed_digits(s, n, i, 2, &h)) return text_at(why, s, n, p);
    if (*i >= n || s[*i] != ':') return text_at(why, s, n, *i);
    (*i)++;
    p = *i;
    if (!fixed_digits(s, n, i, 2, &mi)) return text_at(why, s, n, p);
    bool secs = *i < n && s[*i] == ':';
    if (sql && !secs) return text_at(why, s, n, *i);
    if (secs) {
        (*i)++;
        p = *i;
        if (!fixed_digits(s, n, i, 2, &se)) return text_at(why, s, n, p);
        if (*i < n && s[*i] == '.') {
            size_t f = ++(*i);
            int64_t scale = 100000000;
            while (*i < n && is_digit(s[*i]) && *i - f < 9) {
                nano += (s[(*i)++] - '0') * scale;
                scale /= 10;
            }
            /* ISO_LOCAL_TIME needs a digit after the point */
            if (*i == f && !sql) return text_at(why, s, n, f);
        }
    }
    *next_day = false;
    if (smart && h == 24 && mi == 0 && se == 0 && nano == 0) {
        h = 0;
        *next_day = true;
    }
    const char *field = h > 23    ? "HourOfDay (valid values 0 - 23)"
                        : mi > 59 ? "MinuteOfHour (valid values 0 - 59)"
                        : se > 59 ? "SecondOfMinute (valid values 0 - 59)"
                                  : NULL;
    if (field) {
        text_not_parsed(why, s, n);
        eddy__buf_printf(why, ": Invalid value for %s: %d", field, h > 23 ? h : mi > 59 ? mi : se);
        return false;
    }
    *nano_of_day = ((int64_t)h * 3600 + mi * 60 + se) * 1000000000LL + nano;
    return true;
}

static bool unparsed_rest(Buf *why, const char *s, size_t n, size_t i) {
    text_not_parsed(why, s, n);
    eddy__buf_printf(why, ", unparsed text found at index %zu", i);
    return false;
}

bool eddy__iso_parse_date(const char *s, size_t n, int32_t *days, Buf *why) {
    size_t i = 0;
    int64_t d;
    if (!parse_date_part(s, n, &i, false, &d, why)) return false;
    if (i != n) return unparsed_rest(why, s, n, i);
    if (d < INT32_MIN || d > INT32_MAX) return text_at(why, s, n, 0);
    *days = (int32_t)d;
    return true;
}

bool eddy__sql_date_valueof(const char *s, size_t n, int32_t *days, Buf *why) {
    /* yyyy-[m]m-[d]d, each part digits only, a real date */
    size_t i = 0;
    int y = 0, m = 0, d = 0, k;
    bool ok = fixed_digits(s, n, &i, 4, &y) && i < n && s[i++] == '-';
    for (k = 0, m = 0; ok && i < n && is_digit(s[i]) && k < 2; k++) m = m * 10 + (s[i++] - '0');
    ok = ok && k > 0 && i < n && s[i++] == '-';
    for (k = 0, d = 0; ok && i < n && is_digit(s[i]) && k < 2; k++) d = d * 10 + (s[i++] - '0');
    ok = ok && k > 0 && i == n && m >= 1 && m <= 12 && d >= 1 && d <= eddy__dt_days_in_month(y, m);
    if (!ok) {
        /* java.sql.Date.valueOf throws IllegalArgumentException without a
         * message; say what it expects */
        eddy__buf_puts(why, "Cannot parse ");
        eddy__fmt_echo(why, '\'', s, n, FMT_ECHO_VALUE);
        eddy__buf_puts(why, " as a DATE: java.sql.Date.valueOf expects yyyy-[m]m-[d]d");
        return false;
    }
    *days = (int32_t)eddy__dt_days_from_civil(y, m, d);
    return true;
}

bool eddy__parse_time_text(const char *s, size_t n, bool sql, int64_t *nano_of_day, Buf *why) {
    size_t i = 0;
    bool next;
    if (!parse_time_part(s, n, &i, sql, sql, nano_of_day, &next, why)) return false;
    if (i != n) return unparsed_rest(why, s, n, i);
    if (next) *nano_of_day = 0;
    return true;
}

bool eddy__parse_ts_text(const char *s, size_t n, TsText form, int64_t *ms, int32_t *ns, Buf *why) {
    bool sql = form == TS_SQL || form == TS_SQL_Z, zulu = form == TS_SQL_Z || form == TS_ISO_Z;
    bool smart = form != TS_ISO;
    char sep = sql ? ' ' : 'T';
    size_t i = 0;
    int64_t days, nod;
    bool next;
    if (!parse_date_part(s, n, &i, smart, &days, why)) return false;
    if (i >= n || (s[i] != sep && !(form == TS_ISO && s[i] == 't'))) return text_at(why, s, n, i);
    i++;
    if (!parse_time_part(s, n, &i, sql, smart, &nod, &next, why)) return false;
    if (zulu) {
        if (i >= n || s[i] != 'Z') return text_at(why, s, n, i);
        i++;
    }
    if (i != n) return unparsed_rest(why, s, n, i);
    if (next) days++;
    *ms = days * DT_MS_PER_DAY + nod / 1000000;
    *ns = (int32_t)(nod % 1000000);
    return true;
}

void eddy__fmt_int64(Buf *b, int64_t v) {
    char d[24];
    int k = sizeof d;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do d[--k] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) d[--k] = '-';
    eddy__buf_put(b, d + k, sizeof d - (size_t)k);
}

static void two(char *o, int v) {
    o[0] = (char)('0' + v / 10);
    o[1] = (char)('0' + v % 10);
}

void eddy__fmt_time_text(Buf *b, int64_t nano_of_day) {
    int64_t secs = nano_of_day / 1000000000;
    int nano = (int)(nano_of_day % 1000000000);
    char o[18] = "00:00:00.";
    two(o, (int)(secs / 3600));
    two(o + 3, (int)(secs / 60 % 60));
    two(o + 6, (int)(secs % 60));
    size_t n = 8;
    if (nano) {
        for (int i = 8, x = nano; i >= 0; i--, x /= 10) o[9 + i] = (char)('0' + x % 10);
        n = 18;
        while (o[n - 1] == '0') n--;
    }
    eddy__buf_put(b, o, n);
}

void eddy__fmt_date_text(Buf *b, int64_t days) {
    int64_t y;
    int m, d;
    eddy__dt_civil_from_days(days, &y, &m, &d);
    if (y < 0 || y > 9999) {
        eddy__fmt_date_java(b, days);
        return;
    }
    char o[11] = "0000-00-00";
    two(o, (int)(y / 100));
    two(o + 2, (int)(y % 100));
    two(o + 5, m);
    two(o + 8, d);
    eddy__buf_put(b, o, 10);
}

void eddy__fmt_ts_text(Buf *b, int64_t ms, int32_t ns, TsText form) {
    int64_t days = eddy__dt_floor_div(ms, DT_MS_PER_DAY);
    int64_t nod = (ms - days * DT_MS_PER_DAY) * 1000000 + ns;
    eddy__fmt_date_text(b, days);
    eddy__buf_putc(b, form == TS_SQL || form == TS_SQL_Z ? ' ' : 'T');
    eddy__fmt_time_text(b, nod);
    if (form == TS_SQL_Z || form == TS_ISO_Z) eddy__buf_putc(b, 'Z');
}

void eddy__fmt_decimal_stripped(Buf *b, ed_i128 unscaled, int scale, bool plain) {
    if (unscaled == 0) {
        eddy__buf_putc(b, '0');
        return;
    }
    while (unscaled % 10 == 0) {
        unscaled /= 10;
        scale--;
    }
    eddy__fmt_decimal(b, unscaled, scale, plain);
}

/* ---- Base64 ---------------------------------------------------------------------- */

bool eddy__base64_decode(const char *s, size_t n, Buf *out) {
    uint32_t acc = 0;
    int bits = 0;
    size_t pad = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '=') {
            pad++;
            continue;
        }
        int v = eddy__base64_value((unsigned char)s[i]);
        if (v < 0 || pad) return false;
        acc = acc << 6 | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            eddy__buf_putc(out, (char)(acc >> bits & 0xFF));
        }
    }
    /* leftover bits must be zero padding of a partial group */
    return pad <= 2 && bits < 6 && (acc & ((1u << bits) - 1)) == 0;
}

/* ---- Java escapes, partition paths ------------------------------------------------ */

void eddy__unescape_java(Buf *out, const char *s) {
    for (size_t i = 0; s[i]; i++) {
        if (s[i] != '\\' || !s[i + 1]) {
            eddy__buf_putc(out, s[i]);
            continue;
        }
        char c = s[++i];
        switch (c) {
        case 't': eddy__buf_putc(out, '\t'); break;
        case 'b': eddy__buf_putc(out, '\b'); break;
        case 'n': eddy__buf_putc(out, '\n'); break;
        case 'r': eddy__buf_putc(out, '\r'); break;
        case 'f': eddy__buf_putc(out, '\f'); break;
        case 'u': {
            size_t j = i + 1;
            while (s[j] == 'u') j++;
            unsigned v = 0;
            int k = 0;
            for (; k < 4 && isxdigit((unsigned char)s[j + (size_t)k]); k++)
                v = v * 16 + (unsigned)(isdigit((unsigned char)s[j + (size_t)k]) ? s[j + (size_t)k] - '0'
                                                                                  : (tolower(s[j + (size_t)k]) - 'a' + 10));
            if (k < 4) {
                eddy__buf_putc(out, '\\');
                eddy__buf_putc(out, 'u');
                break;
            }
            /* as UTF-8 */
            if (v < 0x80) {
                eddy__buf_putc(out, (char)v);
            } else if (v < 0x800) {
                eddy__buf_putc(out, (char)(0xC0 | v >> 6));
                eddy__buf_putc(out, (char)(0x80 | (v & 63)));
            } else {
                eddy__buf_putc(out, (char)(0xE0 | v >> 12));
                eddy__buf_putc(out, (char)(0x80 | (v >> 6 & 63)));
                eddy__buf_putc(out, (char)(0x80 | (v & 63)));
            }
            i = j + 3;
            break;
        }
        default:
            if (c >= '0' && c <= '7') {
                unsigned v = (unsigned)(c - '0');
                int max = c <= '3' ? 3 : 2;
                for (int k = 1; k < max && s[i + 1] >= '0' && s[i + 1] <= '7'; k++) v = v * 8 + (unsigned)(s[++i] - '0');
                eddy__buf_putc(out, (char)v);
            } else {
                eddy__buf_putc(out, c); /* \\ \' \" and anything else: the character */
            }
        }
    }
}

static bool path_needs_escape(unsigned char c) {
    return c < ' ' || c == 0x7F || (c < 128 && strchr("\"#%'*/:=?\\{[]^", (char)c) && c != 0);
}

void eddy__partition_escape(Buf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (path_needs_escape(c)) eddy__buf_printf(b, "%%%02X", c);
        else eddy__buf_putc(b, (char)c);
    }
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

void eddy__partition_unescape(Buf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '%' && i + 2 < n && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0) {
            eddy__buf_putc(b, (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2])));
            i += 2;
        } else {
            eddy__buf_putc(b, s[i]);
        }
    }
}
