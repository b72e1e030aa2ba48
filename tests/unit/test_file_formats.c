/*
 * test_file_formats.c -- the filesystem formats below the connector: the
 * Java-compatible parsers and their messages (Integer.parseInt,
 * Double.parseDouble, new BigDecimal, java.time's ISO forms, java.sql.Date),
 * Jackson's decimal and Base64 output, partition path escaping, and the csv,
 * json and raw decoders and encoders on byte windows -- in particular that
 * a record cut anywhere by the end of a window asks for more bytes and then
 * decodes exactly as when it is whole.
 */
#include <float.h>
#include <math.h>

#include "formats/formats.h"
#include "test.h"
#include "types/format.h"

static Arena arena;
static char why[1024];

/* The message a failing parser appended (into `why`), or "OK". */
#define PARSE(call)                                                      \
    (__extension__({                                                     \
        Buf w_;                                                          \
        eddy__buf_init(&w_);                                             \
        Buf *w = &w_;                                                    \
        bool ok_ = (call);                                               \
        snprintf(why, sizeof why, "%s", ok_ ? "OK" : eddy__buf_cstr(w)); \
        eddy__buf_free(&w_);                                             \
        (const char *)why;                                               \
    }))

#define TEXT(call)                                             \
    (__extension__({                                          \
        Buf b_;                                                \
        eddy__buf_init(&b_);                                   \
        Buf *b = &b_;                                          \
        call;                                                  \
        snprintf(why, sizeof why, "%s", eddy__buf_cstr(&b_));  \
        eddy__buf_free(&b_);                                   \
        (const char *)why;                                     \
    }))

#define S(lit) lit, sizeof(lit) - 1

TEST(java_integers) {
    int64_t x = 0;
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("+7"), 32, &x, w)), "OK");
    ASSERT_EQ_INT(x, 7);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("-2147483648"), 32, &x, w)), "OK");
    ASSERT_EQ_INT(x, INT32_MIN);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("2147483648"), 32, &x, w)), "For input string: \"2147483648\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("9223372036854775807"), 64, &x, w)), "OK");
    ASSERT_EQ_INT(x, INT64_MAX);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("9223372036854775808"), 64, &x, w)),
                  "For input string: \"9223372036854775808\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S(""), 32, &x, w)), "For input string: \"\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("-"), 32, &x, w)), "For input string: \"-\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S(" 1"), 32, &x, w)), "For input string: \" 1\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("1.0"), 32, &x, w)), "For input string: \"1.0\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("-129"), 8, &x, w)), "Value out of range. Value:\"-129\" Radix:10");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("32767"), 16, &x, w)), "OK");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("99999999999"), 16, &x, w)), "For input string: \"99999999999\"");
    const char *s = " \t12 \n";
    size_t n = strlen(s);
    eddy__java_trim(&s, &n);
    ASSERT_EQ_INT(n, 2);
    ASSERT_TRUE(eddy__java_parse_bool(S(" TrUe ")));
    ASSERT_FALSE(eddy__java_parse_bool(S("yes")));
    ASSERT_FALSE(eddy__java_parse_bool(S("")));
}

TEST(java_floating_point) {
    double d = 0;
    float f = 0;
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S(" 1.5e3 "), &d, w)), "OK");
    ASSERT_EQ_DBL(d, 1500);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("-.5"), &d, w)), "OK");
    ASSERT_EQ_DBL(d, -0.5);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("5."), &d, w)), "OK");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("1d"), &d, w)), "OK");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("0x1.8p1"), &d, w)), "OK");
    ASSERT_EQ_DBL(d, 3);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("-Infinity"), &d, w)), "OK");
    ASSERT_TRUE(isinf(d) && d < 0);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("NaN"), &d, w)), "OK");
    ASSERT_TRUE(isnan(d));
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("   "), &d, w)), "empty String");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("nan"), &d, w)), "For input string: \"nan\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("inf"), &d, w)), "For input string: \"inf\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("1e"), &d, w)), "For input string: \"1e\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_double(S("0x1"), &d, w)), "For input string: \"0x1\"");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_float(S("3.4028235E38"), &f, w)), "OK");
    ASSERT_EQ_DBL(f, FLT_MAX);
    /* rounded once, from the decimal, as Float.parseFloat */
    ASSERT_STR_EQ(PARSE(eddy__java_parse_float(S("1.00000017881393432617187499"), &f, w)), "OK");
    ASSERT_EQ_DBL(f, 1.0000001192092896);
}

TEST(java_bigdecimal) {
    ed_i128 v = 0;
    bool over;
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("12.345"), 10, 2, &v, &over, w)), "OK");
    ASSERT_TRUE(v == 1235 && !over);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("-0.005"), 10, 2, &v, &over, w)), "OK");
    ASSERT_TRUE(v == -1);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("1.5E3"), 10, 0, &v, &over, w)), "OK");
    ASSERT_TRUE(v == 1500);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("123456"), 4, 2, &v, &over, w)), "OK");
    ASSERT_TRUE(over);
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S(""), 4, 2, &v, &over, w)), "Index 0 out of bounds for length 0");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("1.2.3"), 4, 2, &v, &over, w)),
                  "Character array contains more than one decimal point.");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S(" 1"), 4, 2, &v, &over, w)),
                  "Character   is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("-"), 4, 2, &v, &over, w)), "No digits found.");
    ASSERT_STR_EQ(PARSE(eddy__java_parse_decimal(S("1e"), 4, 2, &v, &over, w)), "No exponent digits.");
    /* Jackson's DECIMAL node: trailing zeros stripped */
    ASSERT_STR_EQ(TEXT(eddy__fmt_decimal_stripped(b, 12300, 3, false)), "12.3");
    ASSERT_STR_EQ(TEXT(eddy__fmt_decimal_stripped(b, 10000, 2, false)), "1E+2");
    ASSERT_STR_EQ(TEXT(eddy__fmt_decimal_stripped(b, 10000, 2, true)), "100");
    ASSERT_STR_EQ(TEXT(eddy__fmt_decimal_stripped(b, 0, 5, false)), "0");
    ASSERT_STR_EQ(TEXT(eddy__fmt_decimal_stripped(b, 1, 7, false)), "1E-7");
    ASSERT_STR_EQ(TEXT(eddy__fmt_decimal_stripped(b, -1, 7, true)), "-0.0000001");
}

TEST(java_time_texts) {
    int32_t days;
    int64_t nod, ms;
    int32_t ns;
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("2020-02-29"), &days, w)), "OK");
    ASSERT_EQ_INT(days, 18321);
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("2021-02-29"), &days, w)),
                  "Text '2021-02-29' could not be parsed: Invalid date 'February 29' as '2021' is not a leap year");
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("2021-04-31"), &days, w)),
                  "Text '2021-04-31' could not be parsed: Invalid date 'APRIL 31'");
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("2021-13-01"), &days, w)),
                  "Text '2021-13-01' could not be parsed: Invalid value for MonthOfYear (valid values 1 - 12): 13");
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("2021-1-01"), &days, w)), "Text '2021-1-01' could not be parsed at index 5");
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("12021-01-01"), &days, w)),
                  "Text '12021-01-01' could not be parsed at index 0");
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("+12021-01-01"), &days, w)), "OK");
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(S("2021-01-01x"), &days, w)),
                  "Text '2021-01-01x' could not be parsed, unparsed text found at index 10");
    ASSERT_STR_EQ(PARSE(eddy__sql_date_valueof(S("2021-1-5"), &days, w)), "OK");
    ASSERT_EQ_INT(days, 18632);
    ASSERT_STR_EQ(PARSE(eddy__parse_time_text(S("10:05"), false, &nod, w)), "OK");
    ASSERT_EQ_INT(nod, 36300000000000LL);
    ASSERT_STR_EQ(PARSE(eddy__parse_time_text(S("10:05"), true, &nod, w)), "Text '10:05' could not be parsed at index 5");
    ASSERT_STR_EQ(PARSE(eddy__parse_time_text(S("10:05:01.000000001"), false, &nod, w)), "OK");
    ASSERT_EQ_INT(nod % 1000000000, 1);
    ASSERT_STR_EQ(PARSE(eddy__parse_time_text(S("10:60"), false, &nod, w)),
                  "Text '10:60' could not be parsed: Invalid value for MinuteOfHour (valid values 0 - 59): 60");
    /* SQL texts clamp days (SMART); ISO_LOCAL_DATE_TIME does not (STRICT) */
    ASSERT_STR_EQ(PARSE(eddy__parse_ts_text(S("2021-02-30 10:00:00.5"), TS_SQL, &ms, &ns, w)), "OK");
    ASSERT_STR_EQ(TEXT(eddy__fmt_ts_text(b, ms, ns, TS_ISO)), "2021-02-28T10:00:00.5");
    ASSERT_STR_EQ(PARSE(eddy__parse_ts_text(S("2021-02-30T10:00"), TS_ISO, &ms, &ns, w)),
                  "Text '2021-02-30T10:00' could not be parsed: Invalid date 'FEBRUARY 30'");
    ASSERT_STR_EQ(PARSE(eddy__parse_ts_text(S("2021-02-03t10:00:59.123456789"), TS_ISO, &ms, &ns, w)), "OK");
    ASSERT_STR_EQ(TEXT(eddy__fmt_ts_text(b, ms, ns, TS_SQL_Z)), "2021-02-03 10:00:59.123456789Z");
    ASSERT_STR_EQ(PARSE(eddy__parse_ts_text(S("2021-02-03 24:00:00Z"), TS_SQL_Z, &ms, &ns, w)), "OK");
    ASSERT_STR_EQ(TEXT(eddy__fmt_ts_text(b, ms, ns, TS_ISO_Z)), "2021-02-04T00:00:00Z");
    ASSERT_STR_EQ(PARSE(eddy__parse_ts_text(S("2021-02-03 10:00:00"), TS_SQL_Z, &ms, &ns, w)),
                  "Text '2021-02-03 10:00:00' could not be parsed at index 19");
    ASSERT_STR_EQ(TEXT(eddy__fmt_ts_text(b, -1, 999999, TS_SQL)), "1969-12-31 23:59:59.999999999");
    ASSERT_STR_EQ(TEXT(eddy__fmt_time_text(b, 12000000000LL)), "00:00:12");
}

TEST(base64_escapes_and_paths) {
    ASSERT_STR_EQ(TEXT(eddy__base64_encode(b, (const uint8_t *)"\x6b\x03\x0b", 3)), "awML");
    ASSERT_STR_EQ(TEXT(eddy__base64_encode(b, (const uint8_t *)"ab", 2)), "YWI=");
    ASSERT_STR_EQ(TEXT(eddy__base64_encode(b, (const uint8_t *)"a", 1)), "YQ==");
    ASSERT_STR_EQ(TEXT(eddy__base64_encode(b, (const uint8_t *)"", 0)), "");
    /* every byte value round trips */
    uint8_t all[256];
    for (int i = 0; i < 256; i++) all[i] = (uint8_t)i;
    Buf enc, dec;
    eddy__buf_init(&enc);
    eddy__buf_init(&dec);
    eddy__base64_encode(&enc, all, 256);
    ASSERT_TRUE(eddy__base64_decode(enc.data, enc.len, &dec));
    ASSERT_TRUE(dec.len == 256 && !memcmp(dec.data, all, 256));
    eddy__buf_free(&enc);
    eddy__buf_free(&dec);
    ASSERT_STR_EQ(PARSE(eddy__base64_decode(S("YWI"), w)), "OK");
    Buf junk;
    eddy__buf_init(&junk);
    ASSERT_FALSE(eddy__base64_decode(S("Y*I="), &junk));
    ASSERT_FALSE(eddy__base64_decode(S("YQ==YQ=="), &junk));
    ASSERT_FALSE(eddy__base64_decode(S("YR=="), &junk)); /* bits left over */
    eddy__buf_free(&junk);
    ASSERT_STR_EQ(TEXT(eddy__unescape_java(b, "\\t|\\u0041\\101\\\\x\\q")), "\t|AA\\xq");
    ASSERT_STR_EQ(TEXT(eddy__partition_escape(b, S("a/b=c %\x01{}"))), "a%2Fb%3Dc %25%01%7B}");
    ASSERT_STR_EQ(TEXT(eddy__partition_unescape(b, S("a%2Fb%3Dc%zz%4"))), "a/b=c%zz%4");
}

/* ---- decoders on windows ---------------------------------------------------------- */

#include "fmt_harness.h"

/* Decodes every record of text with the whole of it visible, rendering
 * each row as Row.toString ("+I[...]"), a skipped record as "BAD: reason"
 * and a row with NULLed fields with a "NULLED " prefix. */
static void decode_all(Fmt *f, const char *text, size_t len, Buf *out) {
    size_t pos = 0;
    while (pos < len) {
        Vector *cols[8];
        for (int c = 0; c < f->ncols; c++) cols[c] = eddy__vec_new(f->types[c], 1);
        size_t used = 0;
        uint32_t lines = 0;
        DecodeStatus st = f->fp.vt->decode(&f->fp, &f->run, text + pos, len - pos, true, &used, &lines, cols, 0);
        if (st == DEC_ROW) {
            if (f->run.nulled) eddy__buf_puts(out, "NULLED ");
            eddy__fmt_row_java(out, RK_INSERT, cols, f->ncols, 0);
        } else if (st == DEC_BAD) {
            eddy__buf_printf(out, "BAD: %s", eddy__buf_cstr(&f->run.reason));
        } else {
            eddy__buf_puts(out, st == DEC_NONE ? "NONE" : "?");
        }
        eddy__buf_printf(out, " (%u)\n", lines);
        for (int c = 0; c < f->ncols; c++) eddy__vec_release(cols[c]);
        if (!used) break;
        pos += used;
    }
}

/* The same record by record, every record first offered each shorter
 * window (which must ask for more) -- the result must not change. */
static bool windows_agree(Fmt *f, const char *text, size_t len, const char *whole) {
    Buf out;
    eddy__buf_init(&out);
    size_t pos = 0;
    bool ok = true;
    while (pos < len && ok) {
        Vector *cols[8];
        for (int c = 0; c < f->ncols; c++) cols[c] = eddy__vec_new(f->types[c], 1);
        size_t used = 0;
        uint32_t lines = 0;
        DecodeStatus st = DEC_MORE;
        for (size_t w = 0; w <= len - pos && st == DEC_MORE; w++) {
            /* a copy, so that reading past the window is caught by ASan */
            char *win = malloc(w ? w : 1);
            memcpy(win, text + pos, w);
            st = f->fp.vt->decode(&f->fp, &f->run, win, w, pos + w == len, &used, &lines, cols, 0);
            free(win);
            if (st != DEC_MORE && w < len - pos) {
                /* it decided early: the same with all bytes */
                size_t used2;
                uint32_t lines2;
                DecodeStatus st2 =
                    f->fp.vt->decode(&f->fp, &f->run, text + pos, len - pos, true, &used2, &lines2, cols, 0);
                ok = st2 == st && used2 == used && lines2 == lines;
            }
        }
        if (st == DEC_ROW) {
            if (f->run.nulled) eddy__buf_puts(&out, "NULLED ");
            eddy__fmt_row_java(&out, RK_INSERT, cols, f->ncols, 0);
        } else if (st == DEC_BAD) {
            eddy__buf_printf(&out, "BAD: %s", eddy__buf_cstr(&f->run.reason));
        } else {
            eddy__buf_puts(&out, st == DEC_NONE ? "NONE" : "?");
        }
        eddy__buf_printf(&out, " (%u)\n", lines);
        for (int c = 0; c < f->ncols; c++) eddy__vec_release(cols[c]);
        if (!used) break;
        pos += used;
    }
    ok = ok && !strcmp(eddy__buf_cstr(&out), whole);
    if (!ok) fprintf(stderr, "windowed:\n%s\nwhole:\n%s\n", eddy__buf_cstr(&out), whole);
    eddy__buf_free(&out);
    return ok;
}

static const char *decoded(Fmt *f, const char *text) {
    static char res[4096];
    Buf out;
    eddy__buf_init(&out);
    decode_all(f, text, strlen(text), &out);
    snprintf(res, sizeof res, "%s", eddy__buf_cstr(&out));
    eddy__buf_free(&out);
    if (!windows_agree(f, text, strlen(text), res)) return "windows disagree";
    return res;
}

TEST(csv_decoder_windows) {
    Fmt f;
    const char *cols[] = {"s", "STRING", "i", "INT", "a", "ARRAY<INT>", NULL};
    const char *opts[] = {"format", "csv", "csv.escape-character", "\\", "csv.null-literal", "-", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, opts), "OK");
    ASSERT_STR_EQ(decoded(&f, "a,1,1;2\r\n"
                              "\"q,\"\"x\"\"\r\ny\",2,\n"
                              "e\\,s\\\\c,3,-;4\r"
                              "\"t\"  ,4,5,\n"
                              "-,-,-\n"
                              "x,y,z\n"
                              "short\n"
                              "\"open,5,6"),
                  "+I[a, 1, [1, 2]] (1)\n"
                  "+I[q,\"x\"\r\ny, 2, []] (2)\n"
                  "+I[e,s\\c, 3, [null, 4]] (1)\n"
                  "+I[t, 4, [5]] (1)\n"
                  "+I[null, null, [null]] (1)\n"
                  "BAD: For input string: \"y\" (1)\n"
                  "BAD: Row length mismatch. 3 fields expected but was 1. (1)\n"
                  "BAD: Missing closing quote for value (0)\n");
    eddy__format_run_free(&f.run);
    const char *lenient[] = {"format", "csv", "csv.ignore-parse-errors", "true", "csv.allow-comments", "true", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, lenient), "OK");
    ASSERT_STR_EQ(decoded(&f, "#c\n\n  x,y,1;z\nshort\na,1,2,3\n#end"),
                  "NULLED +I[x, null, [1, null]] (3)\n"
                  "NULLED +I[short, null, null] (1)\n"
                  "BAD: Too many entries: expected at most 3 (value #3 (1 chars) \"3\") (1)\n"
                  "NONE (0)\n");
    eddy__format_run_free(&f.run);
}

TEST(json_decoder_windows) {
    Fmt f;
    const char *cols[] = {"s", "STRING", "m", "MAP<STRING, DOUBLE>", "t", "TIMESTAMP_LTZ(3)", NULL};
    const char *opts[] = {"format", "json", "json.timestamp-format.standard", "ISO-8601", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, opts), "OK");
    ASSERT_STR_EQ(decoded(&f, "{\"s\":\"a\\u00e9\",\"m\":{\"k\":1,\"l\":null},\"t\":\"2021-01-01T10:00Z\"}\r\n"
                              "  \n"
                              "{\"s\":[1,{\"x\":true}]}\n"
                              "{\"t\":\"2021-01-01 10:00:00Z\"}\n"
                              "{\"s\":\"no end\""),
                  "+I[aé, {k=1.0, l=null}, 2021-01-01T10:00:00Z] (1)\n"
                  "NONE (1)\n"
                  "+I[[1,{\"x\":true}], null, null] (1)\n"
                  "BAD: Failed to deserialize JSON '{\"t\":\"2021-01-01 10:00:00Z\"}': Text '2021-01-01 10:00:00Z' "
                  "could not be parsed at index 10 (1)\n"
                  "BAD: Failed to deserialize JSON '{\"s\":\"no end\"': Unexpected end-of-input: expected close marker "
                  "for Object (column 14) (0)\n");
    eddy__format_run_free(&f.run);
    const char *sinkopts[] = {"format", "json", "json.map-null-key.mode", "whatever", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, sinkopts), "OK"); /* only writing checks the mode */
    eddy__format_run_free(&f.run);
    ASSERT_STR_EQ(plan(&f, true, cols, sinkopts),
                  "Unsupported value 'whatever' for option map-null-key.mode. Supported values are [LITERAL, FAIL, DROP].");
    eddy__format_run_free(&f.run);
}

/* Encodes one row built from SQL-ish setters. */
static const char *encode_row(Fmt *f, Vector **cols) {
    Buf out;
    eddy__buf_init(&out);
    EdErr err = {0};
    eddy_status rc = f->fp.vt->encode(&f->fp, &f->run, cols, 0, &out, &err);
    snprintf(why, sizeof why, "%s", rc ? err.msg : eddy__buf_cstr(&out));
    eddy__err_clear(&err);
    eddy__buf_free(&out);
    return why;
}

TEST(csv_encoder_quoting) {
    Fmt f;
    const char *cols[] = {"a", "STRING", "b", "STRING", "c", "STRING", NULL};
    const char *opts[] = {"format", "csv", NULL};
    ASSERT_STR_EQ(plan(&f, true, cols, opts), "OK");
    Vector *v[3];
    for (int i = 0; i < 3; i++) v[i] = eddy__vec_new(f.types[i], 1);
    /* 24 characters are checked, 25 are always quoted; '-', '.' and '/' are
     * safe, '#' is below ',' and asks for quotes;
     * an empty string is written bare */
    eddy__vec_set_str(v[0], 0, S("abcdefghijklmnopqrstuvwx"));
    eddy__vec_set_str(v[1], 0, S("abcdefghijklmnopqrstuvwxy"));
    eddy__vec_set_str(v[2], 0, S(""));
    ASSERT_STR_EQ(encode_row(&f, v), "abcdefghijklmnopqrstuvwx,\"abcdefghijklmnopqrstuvwxy\",\n");
    eddy__vec_set_str(v[0], 0, S("a-./"));
    eddy__vec_set_str(v[1], 0, S("\xc3\xa9t\xc3\xa9"));
    eddy__vec_set_null(v[2], 0);
    ASSERT_STR_EQ(encode_row(&f, v), "a-./,\xc3\xa9t\xc3\xa9,\n");
    eddy__vec_set_str(v[0], 0, S("#1"));
    eddy__vec_set_str(v[1], 0, S("\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9"));
    ASSERT_STR_EQ(encode_row(&f, v), "\"#1\",\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9\xc3\xa9t\xc3\xa9,\n");
    for (int i = 0; i < 3; i++) eddy__vec_release(v[i]);
    eddy__format_run_free(&f.run);
}

/* ---- long input in messages, UTF-8, byte order marks ------------------------------------- */

/* n copies of the UTF-8 text u, in a static buffer. */
static const char *rep(const char *u, int n) {
    static char buf[8192];
    size_t k = strlen(u), at = 0;
    for (int i = 0; i < n && at + k < sizeof buf; i++, at += k) memcpy(buf + at, u, k);
    buf[at] = 0;
    return buf;
}

TEST(long_input_is_cut_in_messages) {
    int64_t x;
    int32_t days;
    char want[2048];
    /* a value: Jackson's token limit, 256 characters, then what was cut */
    const char *digits = rep("7", 300);
    snprintf(want, sizeof want, "For input string: \"%s\"[truncated 44 chars]", rep("7", 256));
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(digits, 300, 32, &x, w)), want);
    snprintf(want, sizeof want, "For input string: \"%s\"", rep("7", 256));
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(rep("7", 256), 256, 32, &x, w)), want);
    /* characters are Java's: é is one, 😀 two (it does not fit in the last one) */
    char mixed[2048];
    snprintf(mixed, sizeof mixed, "%s\xf0\x9f\x98\x80%s", rep("\xc3\xa9", 255), "z");
    snprintf(want, sizeof want, "For input string: \"%s\"[truncated 3 chars]", rep("\xc3\xa9", 255));
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(mixed, strlen(mixed), 32, &x, w)), want);
    /* bytes that are not UTF-8 show as U+FFFD */
    ASSERT_STR_EQ(PARSE(eddy__java_parse_int(S("1\xff" "2"), 32, &x, w)), "For input string: \"1\xef\xbf\xbd" "2\"");
    /* java.time quotes 64 characters and "..." */
    char date[128];
    snprintf(date, sizeof date, "2021-01-01%s", rep("x", 60));
    snprintf(want, sizeof want, "Text '%.64s...' could not be parsed, unparsed text found at index 10", date);
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(date, strlen(date), &days, w)), want);
    ASSERT_STR_EQ(PARSE(eddy__iso_parse_date(date, 64, &days, w)),
                  "Text '2021-01-01xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' could not be parsed, "
                  "unparsed text found at index 10");
    snprintf(want, sizeof want, "Cannot parse '%s'[truncated 44 chars] as a DATE: java.sql.Date.valueOf expects "
             "yyyy-[m]m-[d]d", rep("9", 256));
    ASSERT_STR_EQ(PARSE(eddy__sql_date_valueof(rep("9", 300), 300, &days, w)), want);

    /* a record: 500 characters */
    Fmt f;
    const char *cols[] = {"i", "INT", "s", "STRING", NULL};
    const char *json[] = {"format", "json", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, json), "OK");
    char line[2048];
    snprintf(line, sizeof line, "{\"s\": \"%s\", \"i\": x}\n", rep("a", 1000));
    Buf out;
    eddy__buf_init(&out);
    decode_all(&f, line, strlen(line), &out);
    snprintf(want, sizeof want,
             "BAD: Failed to deserialize JSON '{\"s\": \"%s'[truncated 517 chars]: Unrecognized token 'x': was "
             "expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false') (column 1016) (1)\n",
             rep("a", 493));
    ASSERT_STR_EQ(eddy__buf_cstr(&out), want);
    eddy__buf_free(&out);
    eddy__format_run_free(&f.run);
    const char *csv[] = {"format", "csv", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, csv), "OK");
    snprintf(line, sizeof line, "1,a,%s\n", rep("b", 300));
    snprintf(want, sizeof want,
             "BAD: Too many entries: expected at most 2 (value #2 (300 chars) \"%s\"[truncated 44 chars]) (1)\n",
             rep("b", 256));
    ASSERT_STR_EQ(decoded(&f, line), want);
    eddy__format_run_free(&f.run);
}

/* Decodes text as the first records of a file (the connector sets
 * file_start when it opens one). */
static const char *decoded_file(Fmt *f, const char *text, size_t len) {
    static char res[4096];
    Buf out;
    eddy__buf_init(&out);
    f->run.file_start = true;
    decode_all(f, text, len, &out);
    snprintf(res, sizeof res, "%s", eddy__buf_cstr(&out));
    eddy__buf_free(&out);
    return res;
}

TEST(utf8_and_byte_order_marks) {
    size_t at = 0;
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z"), &at, w)), "OK");
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("abcdefghij\xff"), &at, w)), "Invalid UTF-8 start byte 0xff");
    ASSERT_EQ_INT(at, 10);
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("\xc3("), &at, w)), "Invalid UTF-8 middle byte 0x28");
    ASSERT_EQ_INT(at, 1);
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("x\xe2\x82"), &at, w)),
                  "Unexpected end-of-input in the middle of a UTF-8 character");
    ASSERT_EQ_INT(at, 3);
    /* not UTF-8 either: overlong forms, surrogates, past U+10FFFF */
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("\xc0\x80"), &at, w)), "Invalid UTF-8 start byte 0xc0");
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("\xe0\x80\x80"), &at, w)), "Invalid UTF-8 middle byte 0x80");
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("\xed\xa0\x80"), &at, w)), "Invalid UTF-8 middle byte 0xa0");
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("\xf4\x90\x80\x80"), &at, w)), "Invalid UTF-8 middle byte 0x90");
    ASSERT_STR_EQ(PARSE(eddy__utf8_check(S("\xf5\x80\x80\x80"), &at, w)), "Invalid UTF-8 start byte 0xf5");

    Fmt f;
    const char *cols[] = {"s", "STRING", "i", "INT", NULL};
    /* csv: a record with bytes that are not UTF-8 is malformed, also when
     * parse errors are ignored (it is skipped, and counted) */
    const char *csv[] = {"format", "csv", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, csv), "OK");
    ASSERT_STR_EQ(decoded(&f, "a\xc3\xa9,1\nb\xff,2\n\"c\n\xe9\",3\nd,4\n"),
                  "+I[a\xc3\xa9, 1] (1)\n"
                  "BAD: Invalid UTF-8 start byte 0xff (column 2): check content encoding, does not look like UTF-8 (1)\n"
                  "BAD: Invalid UTF-8 middle byte 0x22 (column 5): check content encoding, does not look like UTF-8 (2)\n"
                  "+I[d, 4] (1)\n");
    /* a byte order mark starts a file: skipped there (when the file has 4
     * bytes: Jackson looks at 4), a character elsewhere */
    ASSERT_STR_EQ(decoded_file(&f, S("\xef\xbb\xbf" "a,1\n\xef\xbb\xbf" "b,2\n")),
                  "+I[a, 1] (1)\n+I[\xef\xbb\xbf" "b, 2] (1)\n");
    ASSERT_STR_EQ(decoded_file(&f, S("\xef\xbb\xbf")), "BAD: Row length mismatch. 2 fields expected but was 1. (0)\n");
    eddy__format_run_free(&f.run);
    const char *lenient[] = {"format", "csv", "csv.ignore-parse-errors", "true", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, lenient), "OK");
    ASSERT_STR_EQ(decoded(&f, "a\xff,x\n"),
                  "BAD: Invalid UTF-8 start byte 0xff (column 2): check content encoding, does not look like UTF-8 (1)\n");
    eddy__format_run_free(&f.run);

    /* json: Jackson skips a byte order mark at the start of each record (a
     * line of 4 bytes or more) and fails on bytes that are not UTF-8 */
    const char *json[] = {"format", "json", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, json), "OK");
    ASSERT_STR_EQ(decoded(&f, "\xef\xbb\xbf{\"s\": \"a\"}\n{\"s\": \"b\xff\"}\n\xef\xbb\xbf{}\n{\"i\": 1}\xc3\n"),
                  "+I[a, null] (1)\n"
                  "BAD: Failed to deserialize JSON '{\"s\": \"b\xef\xbf\xbd\"}': Invalid UTF-8 start byte 0xff "
                  "(column 9) (1)\n"
                  "+I[null, null] (1)\n"
                  "BAD: Failed to deserialize JSON '{\"i\": 1}\xef\xbf\xbd': Unexpected end-of-input in the middle of "
                  "a UTF-8 character (column 10) (1)\n");
    eddy__format_run_free(&f.run);

    /* raw: bytes as Java's new String(bytes, UTF_8) reads them: a byte order
     * mark is a character, what is not UTF-8 is U+FFFD */
    const char *one[] = {"line", "STRING", NULL};
    const char *raw[] = {"format", "raw", NULL};
    ASSERT_STR_EQ(plan(&f, false, one, raw), "OK");
    ASSERT_STR_EQ(decoded_file(&f, S("\xef\xbb\xbfx\na\xff" "b\xe2\x82\n\xc0\xaf\n")),
                  "+I[\xef\xbb\xbfx] (1)\n+I[a\xef\xbf\xbd" "b\xef\xbf\xbd] (1)\n+I[\xef\xbf\xbd\xef\xbf\xbd] (1)\n");
    eddy__format_run_free(&f.run);
}

int main(void) {
    eddy__arena_init(&arena, 4096);
    RUN(java_integers);
    RUN(java_floating_point);
    RUN(java_bigdecimal);
    RUN(java_time_texts);
    RUN(base64_escapes_and_paths);
    RUN(csv_decoder_windows);
    RUN(json_decoder_windows);
    RUN(csv_encoder_quoting);
    RUN(long_input_is_cut_in_messages);
    RUN(utf8_and_byte_order_marks);
    eddy__arena_destroy(&arena);
    return test_report();
}
