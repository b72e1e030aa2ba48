/*
 * test_agg.c -- the aggregate function library, function by function, with
 * the exact results Flink prints (CAST(x AS STRING), or Row.toString where
 * the test says O_JAVA): NULLs, empty groups, overflow, DISTINCT,
 * retraction, merging, and Flink's planning errors. Scripts read
 * "+v" = accumulate v, "-v" = retract v, in order (see agg_harness.h).
 */
#include "agg_harness.h"
#include "test.h"

#define WITH_H H h_; h_init(&h_); H *h = &h_
#define END_H h_free(&h_)

/* ---- COUNT -------------------------------------------------------------------------------------- */

TEST(count_star_and_count_x) {
    WITH_H;
    const AggFn *star = h_fn(h, "COUNT", "", 0), *cx = h_fn(h, "COUNT", "INT", 0);
    ASSERT_STR_EQ(h_run(h, star, "+1 +NULL +3"), "3");
    ASSERT_STR_EQ(h_run(h, cx, "+1 +NULL +3"), "2");
    ASSERT_STR_EQ(h_run(h, cx, ""), "0");
    ASSERT_STR_EQ(h_run(h, cx, "+NULL +NULL"), "0");
    /* retraction counts down, below zero for rows that never came */
    ASSERT_STR_EQ(h_run(h, cx, "+1 +2 -1"), "1");
    ASSERT_STR_EQ(h_run(h, cx, "-1 -2"), "-2");
    ASSERT_STR_EQ(h_merge(h, cx, "+1 +2", "+3 -4 +NULL"), "2");
    ASSERT_STR_EQ(eddy__type_str(&h->a, cx->result), "BIGINT NOT NULL");
    END_H;
}

TEST(count_distinct) {
    WITH_H;
    const AggFn *fn = h_fn(h, "COUNT", "STRING", O_DISTINCT | O_RETRACT);
    ASSERT_STR_EQ(h_run(h, fn, "+a +b +a +NULL"), "2");
    ASSERT_STR_EQ(h_run(h, fn, "+a +b +a -a"), "2");
    ASSERT_STR_EQ(h_run(h, fn, "+a +b +a -a -a"), "1");
    ASSERT_STR_EQ(h_merge(h, fn, "+a +b", "+b +c"), "3");
    ASSERT_STR_EQ(h_merge(h, fn, "+a +b", "-b +c"), "2");
    const AggFn *two = h_fn(h, "COUNT", "INT, INT", 0);
    ASSERT_TRUE(!two);
    ASSERT_STR_EQ(h->err.msg, "We now only support the count of one field.");
    END_H;
}

/* ---- SUM, SUM0 -------------------------------------------------------------------------------------- */

TEST(sum_types_and_nulls) {
    WITH_H;
    const AggFn *fn = h_fn(h, "SUM", "INT", 0);
    ASSERT_STR_EQ(h_run(h, fn, "+1 +2 +NULL"), "3");
    ASSERT_STR_EQ(h_run(h, fn, ""), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+NULL"), "NULL");
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->result), "INT");
    /* Java's int arithmetic wraps */
    ASSERT_STR_EQ(h_run(h, fn, "+2147483647 +1"), "-2147483648");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM", "TINYINT", 0), "+127 +1"), "-128");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM", "BIGINT", 0), "+9223372036854775807 +2"), "-9223372036854775807");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM", "DOUBLE", 0), "+0.1 +0.2"), "0.30000000000000004");
    /* FLOAT sums in float */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM", "FLOAT", 0), "+0.1 +0.2"), "0.3");
    const AggFn *dec = h_fn(h, "SUM", "DECIMAL(10, 2)", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, dec->result), "DECIMAL(38, 2)");
    ASSERT_STR_EQ(h_run(h, dec, "+1.10 +2.25 +NULL"), "3.35");
    ASSERT_STR_EQ(h_merge(h, dec, "+1.10", "+NULL"), "1.10");
    ASSERT_STR_EQ(h_merge(h, dec, "", "+2.00"), "2.00");
    END_H;
}

TEST(sum_decimal_overflow_is_null_then_restarts) {
    WITH_H;
    const AggFn *fn = h_fn(h, "SUM", "DECIMAL(38, 0)", 0);
    ASSERT_STR_EQ(h_run(h, fn, "+99999999999999999999999999999999999999 +1"), "NULL");
    /* the next value starts the sum again, as Flink's IF(sum IS NULL, x, sum + x) */
    ASSERT_STR_EQ(h_run(h, fn, "+99999999999999999999999999999999999999 +1 +5"), "5");
    const AggFn *s0 = h_fn(h, "SUM0", "DECIMAL(38, 0)", 0);
    /* SUM0's NULL sticks */
    ASSERT_STR_EQ(h_run(h, s0, "+99999999999999999999999999999999999999 +1 +5"), "NULL");
    END_H;
}

TEST(sum_with_retraction) {
    WITH_H;
    const AggFn *fn = h_fn(h, "SUM", "INT", O_RETRACT);
    ASSERT_TRUE(fn->flags & AGG_RETRACT);
    ASSERT_STR_EQ(h_run(h, fn, "+5 +3 -5"), "3");
    /* no non-NULL value left: NULL */
    ASSERT_STR_EQ(h_run(h, fn, "+5 -5"), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+5 +NULL -5"), "NULL");
    /* a retraction of a row that never came: the count goes below zero */
    ASSERT_STR_EQ(h_run(h, fn, "-3"), "-3");
    ASSERT_STR_EQ(h_run(h, fn, "-3 +3"), "NULL");
    ASSERT_STR_EQ(h_merge(h, fn, "+5 +1", "-5"), "1");
    ASSERT_STR_EQ(h_merge(h, fn, "+5", "-5"), "NULL");
    /* without retraction SUM cannot take rows back */
    ASSERT_FALSE(h_fn(h, "SUM", "INT", 0)->flags & AGG_RETRACT);
    /* DECIMAL with a scale over 6: Flink's + rounds to one digit less, then casts back */
    const AggFn *d8 = h_fn(h, "SUM", "DECIMAL(20, 8)", O_RETRACT);
    ASSERT_STR_EQ(h_run(h, d8, "+0.00000001 +0.00000001"), "0.00000000");
    ASSERT_STR_EQ(h_run(h, d8, "+0.00000005 +0.00000001"), "0.00000010");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM", "DECIMAL(20, 8)", 0), "+0.00000001 +0.00000001"), "0.00000002");
    /* scale up to 6 keeps its digits */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM", "DECIMAL(20, 6)", O_RETRACT), "+0.000001 +0.000001 -0.000003"), "-0.000001");
    END_H;
}

TEST(sum0) {
    WITH_H;
    const AggFn *fn = h_fn(h, "SUM0", "BIGINT", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->result), "BIGINT NOT NULL");
    ASSERT_STR_EQ(h_run(h, fn, ""), "0");
    ASSERT_STR_EQ(h_run(h, fn, "+NULL"), "0");
    ASSERT_STR_EQ(h_run(h, fn, "+4 +NULL -1"), "3");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "$SUM0", "DOUBLE", 0), "-1.5"), "-1.5");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "SUM0", "DECIMAL(5, 1)", 0), "+1.5 +2.5"), "4.0");
    END_H;
}

/* ---- AVG ------------------------------------------------------------------------------------------- */

TEST(avg) {
    WITH_H;
    const AggFn *fn = h_fn(h, "AVG", "INT", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->result), "INT");
    /* integer AVG truncates as Java's long division */
    ASSERT_STR_EQ(h_run(h, fn, "+1 +2"), "1");
    ASSERT_STR_EQ(h_run(h, fn, "+-1 +-2"), "-1");
    ASSERT_STR_EQ(h_run(h, fn, "+1 +2 +NULL +6"), "3");
    ASSERT_STR_EQ(h_run(h, fn, ""), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+NULL"), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+1 +5 -1"), "5");
    ASSERT_STR_EQ(h_run(h, fn, "+1 -1"), "NULL");
    /* the sum is a BIGINT: no overflow of the argument type */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "AVG", "TINYINT", 0), "+100 +100"), "100");
    ASSERT_STR_EQ(h_run(h, fn, "+2147483647 +2147483647"), "2147483647");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "AVG", "DOUBLE", 0), "+1 +2"), "1.5");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "AVG", "FLOAT", 0), "+1 +2 +2"), "1.6666666");
    const AggFn *dec = h_fn(h, "AVG", "DECIMAL(10, 2)", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, dec->result), "DECIMAL(38, 6)");
    ASSERT_STR_EQ(h_run(h, dec, "+1.00 +2.00 +2.00"), "1.666667");
    ASSERT_STR_EQ(h_run(h, dec, "+-1.00 +-2.00 +-2.00"), "-1.666667");
    ASSERT_STR_EQ(h_run(h, dec, "+0.01 +0.00 +0.00"), "0.003333");
    ASSERT_STR_EQ(h_run(h, dec, "+0.01 +0.01 +0.00 +0.00 +0.00 +0.00"), "0.003333");
    ASSERT_STR_EQ(h_run(h, dec, "+0.05 +0.00 +0.00 +0.00 +0.00 +0.00 +0.00 +0.00"), "0.006250");
    const AggFn *d20 = h_fn(h, "AVG", "DECIMAL(30, 20)", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, d20->result), "DECIMAL(38, 20)");
    ASSERT_STR_EQ(h_run(h, d20, "+1 +0 +0"), "0.33333333333333333333");
    ASSERT_STR_EQ(h_run(h, d20, "+2 +0 +0"), "0.66666666666666666667");
    /* 38 digits, then the scale: 9999999999.99999999999999999999 / 7 */
    ASSERT_STR_EQ(h_run(h, d20, "+9999999999.99999999999999999999 +0 +0 +0 +0 +0 +0"), "1428571428.57142857142857142857");
    ASSERT_STR_EQ(h_merge(h, dec, "+1.00", "+2.00"), "1.500000");
    END_H;
}

/* ---- MIN / MAX ---------------------------------------------------------------------------------------- */

TEST(min_max_types) {
    WITH_H;
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "INT", 0), "+3 +NULL +7 +-2"), "7");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "INT", 0), "+3 +NULL +7 +-2"), "-2");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "INT", 0), "+NULL"), "NULL");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "STRING", 0), "+b +a +c +bb"), "c");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "STRING", 0), "+b +a +c +bb"), "a");
    /* strings compare by their UTF-8 bytes */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "STRING", 0), "+z +é +a"), "é");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "VARCHAR(10)", 0), "+this-is-a-long-string +this-is-a-long-strinf"),
                  "this-is-a-long-strinf");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "DECIMAL(10, 2)", 0), "+1.50 +-3.25 +1.49"), "1.50");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "DECIMAL(38, 2)", 0), "+1.50 +-3.25 +1.49"), "-3.25");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "BOOLEAN", 0), "+FALSE +TRUE +FALSE"), "TRUE");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "BOOLEAN", 0), "+TRUE +FALSE"), "FALSE");
    /* 2021-08-21 13:00:05.123 and 13:00:05.124 */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "TIMESTAMP(3)", 0), "+1629550805123 +1629550805124 +1629550805000"),
                  "2021-08-21 13:00:05.124");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "DATE", 0), "+18860 +18000"), "2019-04-14");
    /* MAX compares as compareTo (NaN largest), MIN as < (NaN never smaller) */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "DOUBLE", 0), "+1.0 +NaN +2.0"), "NaN");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "DOUBLE", 0), "+1.0 +NaN"), "1.0");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "DOUBLE", 0), "+NaN +1.0"), "NaN");
    ASSERT_STR_EQ(h_merge(h, h_fn(h, "MAX", "STRING", 0), "+b", "+c +a"), "c");
    ASSERT_STR_EQ(h_merge(h, h_fn(h, "MIN", "BIGINT", 0), "", "+4"), "4");
    END_H;
}

TEST(min_max_type_errors) {
    WITH_H;
    ASSERT_TRUE(!h_fn(h, "MIN", "BYTES", 0));
    ASSERT_STR_EQ(h->err.msg, "Min aggregate function does not support type: ''VARBINARY''.\nPlease re-check the data type.");
    ASSERT_TRUE(!h_fn(h, "MAX", "ARRAY<INT>", O_RETRACT));
    ASSERT_STR_EQ(h->err.msg, "Max with retract aggregate function does not support type: ''ARRAY''.\nPlease re-check the data type.");
    ASSERT_EQ_INT(h->err.code, EDDY_E_TABLE);
    ASSERT_TRUE(!h_fn(h, "SUM", "STRING", 0));
    ASSERT_STR_EQ(h->err.msg, "Sum aggregate function does not support type: ''VARCHAR''.\nPlease re-check the data type.");
    ASSERT_TRUE(!h_fn(h, "FIRST_VALUE", "TIMESTAMP(3)", O_RETRACT));
    ASSERT_STR_EQ(h->err.msg, "FIRST_VALUE with retract aggregate function does not support type: "
                              "''TIMESTAMP_WITHOUT_TIME_ZONE''.\nPlease re-check the data type.");
    ASSERT_TRUE(!h_fn(h, "MEDIAN", "INT", 0));
    ASSERT_STR_EQ(h->err.msg, "Unsupported Function: 'MEDIAN'");
    END_H;
}

TEST(min_max_with_retraction) {
    WITH_H;
    const AggFn *mx = h_fn(h, "MAX", "INT", O_RETRACT), *mn = h_fn(h, "MIN", "STRING", O_RETRACT);
    ASSERT_STR_EQ(mx->name, "MAX_RETRACT");
    ASSERT_STR_EQ(h_run(h, mx, "+1 +5 +3 -5"), "3");
    ASSERT_STR_EQ(h_run(h, mx, "+1 +5 +5 -5"), "5");
    ASSERT_STR_EQ(h_run(h, mx, "+1 +5 -5 -1"), "NULL");
    ASSERT_STR_EQ(h_run(h, mx, "+1 +5 -5 -1 +2"), "2");
    ASSERT_STR_EQ(h_run(h, mn, "+b +a +c -a"), "b");
    ASSERT_STR_EQ(h_run(h, mn, "+b +a +c -a -b -c"), "NULL");
    ASSERT_STR_EQ(h_run(h, mn, "+this-is-a-long-string-value +b -b"), "this-is-a-long-string-value");
    /* a retraction that came first leaves a negative count; the row that
     * follows cancels it and is not counted */
    ASSERT_STR_EQ(h_run(h, mx, "-4 +4"), "NULL");
    ASSERT_STR_EQ(h_run(h, mx, "-4 +4 +2"), "2");
    ASSERT_STR_EQ(h_merge(h, mx, "+1 +9", "-9 +3"), "3");
    ASSERT_STR_EQ(h_merge(h, mn, "+b", "+a"), "a");
    ASSERT_STR_EQ(h_merge(h, mn, "+b +a", "-a"), "b");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "DECIMAL(38, 10)", O_RETRACT), "+1.5 +2.25 -2.25"), "1.5000000000");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MIN", "TIMESTAMP(3)", O_RETRACT), "+1000 +2000 -1000"), "1970-01-01 00:00:02.000");
    END_H;
}

/* ---- FIRST_VALUE / LAST_VALUE ------------------------------------------------------------------------- */

TEST(first_last_value) {
    WITH_H;
    ASSERT_STR_EQ(h_run(h, h_fn(h, "FIRST_VALUE", "STRING", 0), "+NULL +a +b"), "a");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "LAST_VALUE", "STRING", 0), "+a +b +NULL"), "b");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "FIRST_VALUE", "INT", 0), ""), "NULL");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "LAST_VALUE", "DECIMAL(5, 2)", 0), "+1.25 +2.50"), "2.50");
    ASSERT_FALSE(h_fn(h, "FIRST_VALUE", "INT", 0)->flags & AGG_MERGE);
    const AggFn *fr = h_fn(h, "FIRST_VALUE", "STRING", O_RETRACT), *lr = h_fn(h, "LAST_VALUE", "STRING", O_RETRACT);
    /* a retraction takes back the value's oldest occurrence */
    ASSERT_STR_EQ(h_run(h, fr, "+a +b +a -a"), "b");
    ASSERT_STR_EQ(h_run(h, lr, "+a +b +a -a"), "a");
    ASSERT_STR_EQ(h_run(h, lr, "+a +b +a -a -a"), "b");
    ASSERT_STR_EQ(h_run(h, fr, "+a +b -b -a"), "NULL");
    ASSERT_STR_EQ(h_run(h, fr, "-a +b"), "b");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "LAST_VALUE", "BIGINT", O_RETRACT), "+1 +2 +3 -3 -1"), "2");
    ASSERT_TRUE(!h_fn(h, "LAST_VALUE", "CHAR(3)", 0));
    ASSERT_STR_EQ(h->err.msg, "LAST_VALUE aggregate function does not support type: ''CHAR''.\nPlease re-check the data type.");
    END_H;
}

/* ---- LISTAGG ------------------------------------------------------------------------------------------- */

TEST(listagg) {
    WITH_H;
    const AggFn *fn = h_fn(h, "LISTAGG", "STRING", 0);
    ASSERT_STR_EQ(h_run(h, fn, "+a +NULL +b"), "a,b");
    ASSERT_STR_EQ(h_run(h, fn, ""), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+NULL"), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+x"), "x");
    const AggFn *ws = h_fn_sep(h, "LISTAGG", "STRING, STRING", 0, "--");
    ASSERT_STR_EQ(h_run(h, ws, "+a=-- +b=-- +c=--"), "a--b--c");
    ASSERT_STR_EQ(h_merge(h, ws, "+a=-- +b=--", "+c=--"), "a--b--c");
    ASSERT_STR_EQ(h_merge(h, ws, "", "+c=--"), "c");
    ASSERT_TRUE(!h_fn(h, "LISTAGG", "STRING, STRING", 0));
    ASSERT_STR_EQ(h->err.msg, "The separator of LISTAGG must be a character literal.");
    const AggFn *fr = h_fn(h, "LISTAGG", "STRING", O_RETRACT);
    ASSERT_STR_EQ(h_run(h, fr, "+a +b +a -a"), "b,a");
    ASSERT_STR_EQ(h_run(h, fr, "+a -a"), "NULL");
    /* a retraction before its value: kept aside, and the value stays */
    ASSERT_STR_EQ(h_run(h, fr, "-a +a +b"), "a,b");
    /* merging cancels it against the other side */
    ASSERT_STR_EQ(h_merge(h, fr, "+a +b", "-a +c"), "b,c");
    ASSERT_STR_EQ(h_merge(h, fr, "-c +a", "+c"), "a");
    END_H;
}

/* ---- COLLECT, ARRAY_AGG -------------------------------------------------------------------------------- */

TEST(collect) {
    WITH_H;
    const AggFn *fn = h_fn(h, "COLLECT", "STRING", O_JAVA);
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->result), "MULTISET<STRING> NOT NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+b +a +b +NULL"), "{a=1, b=2}");
    ASSERT_STR_EQ(h_run(h, fn, ""), "{}");
    ASSERT_STR_EQ(h_run(h, fn, "+b +a +b -b -a"), "{b=1}");
    /* Flink keeps counts of zero and below */
    ASSERT_STR_EQ(h_run(h, fn, "-c +a"), "{a=1, c=-1}");
    ASSERT_STR_EQ(h_run(h, fn, "-c +c"), "{c=0}");
    ASSERT_STR_EQ(h_merge(h, fn, "+a +b", "+b -c"), "{a=1, b=2, c=-1}");
    /* merging keeps the zero counts it makes, as Flink's does */
    ASSERT_STR_EQ(h_merge(h, fn, "+a +b", "-a"), "{a=0, b=1}");
    const AggFn *ints = h_fn(h, "COLLECT", "INT", O_JAVA);
    ASSERT_STR_EQ(h_run(h, ints, "+10 +-2 +3 +10"), "{-2=1, 3=1, 10=2}");
    END_H;
}

TEST(array_agg) {
    WITH_H;
    const AggFn *fn = h_fn(h, "ARRAY_AGG", "INT", O_JAVA);
    ASSERT_STR_EQ(h_run(h, fn, "+1 +NULL +2"), "[1, null, 2]");
    ASSERT_STR_EQ(h_run(h, fn, ""), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+1 +2 +1 -1"), "[2, 1]");
    ASSERT_STR_EQ(h_run(h, fn, "+NULL -NULL"), "NULL");
    const AggFn *ign = h_fn(h, "ARRAY_AGG", "INT", O_IGNORE_NULLS | O_JAVA);
    ASSERT_STR_EQ(h_run(h, ign, "+1 +NULL +2"), "[1, 2]");
    ASSERT_STR_EQ(h_run(h, ign, "+NULL"), "NULL");
    ASSERT_STR_EQ(h_merge(h, fn, "+1 +2", "-1 +3"), "[2, 3]");
    const AggFn *str = h_fn(h, "ARRAY_AGG", "STRING", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, str->result), "ARRAY<STRING>");
    ASSERT_STR_EQ(h_run(h, str, "+x +yy"), "[x, yy]");
    END_H;
}

/* ---- JSON_ARRAYAGG / JSON_OBJECTAGG --------------------------------------------------------------------- */

TEST(json_arrayagg) {
    WITH_H;
    const AggFn *fn = h_fn(h, "JSON_ARRAYAGG", "STRING", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->result), "STRING NOT NULL");
    /* ABSENT ON NULL is JSON_ARRAYAGG's default */
    ASSERT_STR_EQ(h_run(h, fn, "+a +NULL +b"), "[\"a\",\"b\"]");
    ASSERT_STR_EQ(h_run(h, fn, ""), "[]");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "JSON_ARRAYAGG", "STRING", O_RESPECT_NULLS), "+a +NULL +b"), "[\"a\",null,\"b\"]");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "JSON_ARRAYAGG", "INT", 0), "+1 +2 +1 -1"), "[2,1]");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "JSON_ARRAYAGG", "DOUBLE", 0), "+1.5 +2"), "[1.5,2.0]");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "JSON_ARRAYAGG", "BOOLEAN", 0), "+TRUE"), "[true]");
    ASSERT_STR_EQ(h_run(h, fn, "+say\"hi\""), "[\"say\\\"hi\\\"\"]");
    ASSERT_TRUE(!h_fn(h, "JSON_ARRAYAGG", "INTERVAL DAY", 0));
    ASSERT_STR_EQ(h->err.msg, "Type 'INTERVAL DAY(2)' is not scalar or cannot be converted into JSON.");
    END_H;
}

TEST(json_objectagg) {
    WITH_H;
    const AggFn *fn = h_fn(h, "JSON_OBJECTAGG", "STRING, INT", 0);
    /* NULL ON NULL is JSON_OBJECTAGG's default; keys in Java's String order */
    ASSERT_STR_EQ(h_run(h, fn, "+b=1 +a=NULL +c=3"), "{\"a\":null,\"b\":1,\"c\":3}");
    ASSERT_STR_EQ(h_run(h, fn, ""), "{}");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "JSON_OBJECTAGG", "STRING, INT", O_IGNORE_NULLS), "+b=1 +a=NULL"), "{\"b\":1}");
    ASSERT_STR_EQ(h_run(h, fn, "+b=1 +a=2 -b=1"), "{\"a\":2}");
    ASSERT_STR_EQ(h_run(h, fn, "+b=1 -b=1 +b=4"), "{\"b\":4}");
    /* Flink compares the stored null with the NULL being taken back, and they
     * differ: the entry stays */
    ASSERT_STR_EQ(h_run(h, fn, "+a=NULL -a=NULL +b=1"), "{\"a\":null,\"b\":1}");
    ASSERT_STR_EQ(h_run(h, fn, "+b=1 +b=2"),
                  "ERROR: Key 'b' is already present. Duplicate keys are not allowed in JSON_OBJECTAGG. Please ensure "
                  "that keys are unique.");
    ASSERT_STR_EQ(h_merge(h, fn, "+a=1", "+b=2"), "{\"a\":1,\"b\":2}");
    ASSERT_STR_EQ(h_merge(h, fn, "+a=1", "-a=1 +b=2"), "{\"b\":2}");
    const AggFn *s = h_fn(h, "JSON_OBJECTAGG", "STRING, STRING", 0);
    ASSERT_STR_EQ(h_run(h, s, "+k=v"), "{\"k\":\"v\"}");
    END_H;
}

/* ---- variance family ----------------------------------------------------------------------------------- */

TEST(stddev_variance) {
    WITH_H;
    const char *four = "+1 +2 +3 +4 +NULL";
    ASSERT_STR_EQ(h_run(h, h_fn(h, "VAR_POP", "DOUBLE", 0), four), "1.25");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "VAR_SAMP", "DOUBLE", 0), four), "1.6666666666666667");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "VARIANCE", "DOUBLE", 0), four), "1.6666666666666667");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "STDDEV_POP", "DOUBLE", 0), four), "1.118033988749895");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "STDDEV_SAMP", "DOUBLE", 0), four), "1.2909944487358056");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "STDDEV", "DOUBLE", 0), four), "1.2909944487358056");
    /* the result has the argument's type */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "STDDEV_SAMP", "INT", 0), four), "1");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "VAR_POP", "INT", 0), "+1 +10"), "20");
    const AggFn *dec = h_fn(h, "VAR_POP", "DECIMAL(10, 2)", 0);
    ASSERT_STR_EQ(eddy__type_str(&h->a, dec->result), "DECIMAL(38, 6)");
    ASSERT_STR_EQ(h_run(h, dec, "+1.00 +2.00"), "0.250000");
    /* one value: POP 0, SAMP NULL; none: NULL */
    ASSERT_STR_EQ(h_run(h, h_fn(h, "VAR_POP", "DOUBLE", 0), "+5"), "0.0");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "VAR_SAMP", "DOUBLE", 0), "+5"), "NULL");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "STDDEV_POP", "DOUBLE", 0), ""), "NULL");
    /* retraction and merging */
    const AggFn *vp = h_fn(h, "VAR_POP", "DOUBLE", O_RETRACT);
    ASSERT_STR_EQ(h_run(h, vp, "+1 +2 +3 +4 +100 -100"), "1.25");
    ASSERT_STR_EQ(h_run(h, vp, "+1 -1"), "NULL");
    /* unmatched retractions: M2 goes negative, and Flink gives NULL */
    ASSERT_STR_EQ(h_run(h, vp, "+1 +2 -3"), "NULL");
    ASSERT_STR_EQ(h_merge(h, vp, "+1 +2", "+3 +4"), "1.25");
    END_H;
}

/* ---- DISTINCT over other functions --------------------------------------------------------------------- */

TEST(distinct_aggregates) {
    WITH_H;
    const AggFn *sum = h_fn(h, "SUM", "INT", O_DISTINCT | O_RETRACT);
    ASSERT_STR_EQ(h_run(h, sum, "+1 +1 +2 +NULL"), "3");
    ASSERT_STR_EQ(h_run(h, sum, "+1 +1 +2 -1"), "3");
    ASSERT_STR_EQ(h_run(h, sum, "+1 +1 +2 -1 -1"), "2");
    ASSERT_STR_EQ(h_merge(h, sum, "+1 +2", "+2 +3"), "6");
    ASSERT_STR_EQ(h_merge(h, sum, "+1 +2", "-2 +3"), "4");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "LISTAGG", "STRING", O_DISTINCT), "+a +b +a +c +b"), "a,b,c");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "AVG", "DOUBLE", O_DISTINCT), "+1 +1 +4"), "2.5");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "ARRAY_AGG", "INT", O_DISTINCT | O_JAVA), "+3 +NULL +3 +NULL +1"), "[3, null, 1]");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "STRING", O_DISTINCT | O_RETRACT), "+a +c +c -c"), "c");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "MAX", "STRING", O_DISTINCT | O_RETRACT), "+a +c +c -c -c"), "a");
    ASSERT_STR_EQ(h_run(h, h_fn(h, "JSON_OBJECTAGG", "STRING, INT", O_DISTINCT), "+a=1 +a=1 +b=2"),
                  "{\"a\":1,\"b\":2}");
    /* a merge feeds the wrapped function what became present (c) and
     * absent (b), in two calls */
    const AggFn *jo = h_fn(h, "JSON_OBJECTAGG", "STRING, INT", O_DISTINCT | O_RETRACT);
    ASSERT_STR_EQ(h_merge(h, jo, "+a=1 +b=2", "+c=3 +a=1 -b=2 +d=4 +e=5 -e=5"), "{\"a\":1,\"c\":3,\"d\":4}");
    /* DISTINCT of a function that cannot retract cannot either */
    ASSERT_TRUE(!(h_fn(h, "SUM", "INT", O_DISTINCT)->flags & AGG_RETRACT));
    END_H;
}

/* ---- the contract: batches, repeated groups, views addressed per function ---------------------------------- */

TEST(one_slot_per_group_with_two_functions) {
    WITH_H;
    /* an operator's slot per group: MAX (retracting, views) at offset 0,
     * LISTAGG (views) after it; view_base keeps their views apart, and the
     * views are named by the slot */
    const AggFn *mx = h_fn(h, "MAX", "STRING", O_RETRACT), *la = h_fn(h, "LISTAGG", "STRING", 0);
    size_t off_la = (mx->acc_size + la->acc_align - 1) / la->acc_align * la->acc_align;
    const AggFn *fns[2] = {mx, la};
    size_t offs[2] = {0, off_la};
    int bases[2] = {0, mx->nviews};
    Vector *v = eddy__vec_new(eddy__type_string(true), 6);
    const char *vals[6] = {"b", "a", "c", "d", "e", "a"};
    for (uint32_t i = 0; i < 6; i++) h_set(v, i, vals[i], strlen(vals[i]));
    void *slot[2];
    for (int g = 0; g < 2; g++) {
        slot[g] = eddy__arena_alloc(&h->a, off_la + la->acc_size);
        for (int f = 0; f < 2; f++) {
            h->cx.acc_offset = offs[f];
            h->cx.view_base = bases[f];
            ASSERT_EQ_INT(eddy__agg_init(fns[f], &h->cx, slot[g]), EDDY_OK);
        }
    }
    /* the groups' rows interleave, a group repeats in the batch */
    uint32_t rows[6] = {0, 1, 2, 3, 4, 5};
    int grp[6] = {0, 1, 0, 0, 1, 0};
    void *accs[6];
    for (int i = 0; i < 6; i++) accs[i] = slot[grp[i]];
    Vector *args[1] = {v};
    for (int f = 0; f < 2; f++) {
        h->cx.acc_offset = offs[f];
        h->cx.view_base = bases[f];
        ASSERT_EQ_INT(eddy__agg_accumulate(fns[f], &h->cx, args, rows, 6, accs), EDDY_OK);
    }
    /* retract "d" from group 0's MAX */
    uint32_t r3[1] = {3};
    void *a3[1] = {slot[0]};
    h->cx.acc_offset = 0;
    h->cx.view_base = 0;
    ASSERT_EQ_INT(eddy__agg_retract(mx, &h->cx, args, r3, 1, a3), EDDY_OK);
    ASSERT_STR_EQ(h_value(h, mx, slot[0]), "c");
    ASSERT_STR_EQ(h_value(h, mx, slot[1]), "e");
    h->cx.acc_offset = off_la;
    h->cx.view_base = mx->nviews;
    ASSERT_STR_EQ(h_value(h, la, slot[0]), "b,c,d,a");
    ASSERT_STR_EQ(h_value(h, la, slot[1]), "a,e");
    /* get_value of a batch into consecutive slots */
    Vector *out = eddy__vec_new(la->result, 4);
    ASSERT_EQ_INT(eddy__agg_get_value(la, &h->cx, slot, 2, out, 2), EDDY_OK);
    ASSERT_STR_EQ(vec_str(out, 2).p, "b,c,d,a");
    ASSERT_STR_EQ(vec_str(out, 3).p, "a,e");
    /* merge group 1 into group 0, both functions */
    void *d0[1] = {slot[0]}, *s1[1] = {slot[1]};
    for (int f = 0; f < 2; f++) {
        h->cx.acc_offset = offs[f];
        h->cx.view_base = bases[f];
        ASSERT_EQ_INT(eddy__agg_merge(fns[f], &h->cx, d0, s1, 1), EDDY_OK);
    }
    ASSERT_STR_EQ(h_value(h, la, slot[0]), "b,c,d,a,a,e");
    h->cx.acc_offset = 0;
    h->cx.view_base = 0;
    ASSERT_STR_EQ(h_value(h, mx, slot[0]), "e");
    eddy__vec_release(out);
    eddy__vec_release(v);
    END_H;
}

TEST(constant_argument_vectors) {
    WITH_H;
    const AggFn *fn = h_fn(h, "SUM", "BIGINT", 0), *cnt = h_fn(h, "COUNT", "INT", 0);
    Vector *c = eddy__vec_new_const(eddy__type_basic(TY_BIGINT, false));
    VEC_DATA(c, int64_t)[0] = 7;
    Vector *nul = eddy__vec_new_const(eddy__type_basic(TY_INT, true));
    eddy__vec_set_null(nul, 0);
    void *acc = h_acc(h, fn), *ca = h_acc(h, cnt); /* behind the harness's 16-byte offset */
    uint32_t rows[3] = {5, 9, 100};
    void *accs[3] = {acc, acc, acc}, *caccs[3] = {ca, ca, ca};
    Vector *args[1] = {c}, *nargs[1] = {nul};
    ASSERT_EQ_INT(eddy__agg_accumulate(fn, &h->cx, args, rows, 3, accs), EDDY_OK);
    ASSERT_EQ_INT(eddy__agg_accumulate(cnt, &h->cx, nargs, rows, 3, caccs), EDDY_OK);
    ASSERT_STR_EQ(h_value(h, fn, acc), "21");
    ASSERT_STR_EQ(h_value(h, cnt, ca), "0");
    eddy__vec_release(c);
    eddy__vec_release(nul);
    END_H;
}

TEST(expected_result_type_is_checked) {
    WITH_H;
    const Type *args[1] = {eddy__type_basic(TY_INT, true)};
    AggSpec sp = {.name = "SUM", .nargs = 1, .args = args, .expect = eddy__type_basic(TY_INT, false)};
    const AggFn *fn;
    ASSERT_EQ_INT(eddy__agg_resolve(&h->a, &sp, &fn, &h->err), EDDY_OK);
    sp.expect = eddy__type_basic(TY_BIGINT, true);
    ASSERT_EQ_INT(eddy__agg_resolve(&h->a, &sp, &fn, &h->err), EDDY_E_INTERNAL);
    ASSERT_STR_EQ(h->err.msg, "The aggregate function SUM gives INT where the plan expects BIGINT.");
    END_H;
}

/* ---- SINGLE_VALUE -------------------------------------------------------------------------------------- */

TEST(single_value) {
    WITH_H;
    const char *more = "ERROR: SingleValueAggFunction received more than one element.";
    const AggFn *fn = h_fn(h, "SINGLE_VALUE", "INT", O_RETRACT);
    ASSERT_STR_EQ(h_run(h, fn, ""), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+7"), "7");
    ASSERT_STR_EQ(h_run(h, fn, "+NULL"), "NULL");
    /* a NULL counts as an element too */
    ASSERT_STR_EQ(h_run(h, fn, "+NULL +7"), more);
    ASSERT_STR_EQ(h_run(h, fn, "+7 +8"), more);
    /* retracting the one element leaves none; a second one may come */
    ASSERT_STR_EQ(h_run(h, fn, "+7 -7"), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+7 -7 +8"), "8");
    ASSERT_STR_EQ(h_run(h, fn, "-7"), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "-7 -7"), more);
    /* merging: one element in all, from either side */
    ASSERT_STR_EQ(h_merge(h, fn, "+7", ""), "NULL");
    ASSERT_STR_EQ(h_merge(h, fn, "", "+8"), "8");
    ASSERT_STR_EQ(h_merge(h, fn, "+7", "+8"), more);
    ASSERT_STR_EQ(h_merge(h, fn, "+7 -7", "+8 -8"), "NULL");
    const AggFn *str = h_fn(h, "SINGLE_VALUE", "STRING", 0);
    ASSERT_STR_EQ(h_run(h, str, "+abc"), "abc");
    ASSERT_STR_EQ(eddy__type_str(&h->a, str->result), "STRING");
    ASSERT_STR_EQ(eddy__type_str(&h->a, h_fn(h, "SINGLE_VALUE", "INT NOT NULL", 0)->result), "INT");
    END_H;
}

int main(void) {
    RUN(count_star_and_count_x);
    RUN(count_distinct);
    RUN(sum_types_and_nulls);
    RUN(sum_decimal_overflow_is_null_then_restarts);
    RUN(sum_with_retraction);
    RUN(sum0);
    RUN(avg);
    RUN(min_max_types);
    RUN(min_max_type_errors);
    RUN(min_max_with_retraction);
    RUN(first_last_value);
    RUN(listagg);
    RUN(collect);
    RUN(array_agg);
    RUN(json_arrayagg);
    RUN(json_objectagg);
    RUN(stddev_variance);
    RUN(distinct_aggregates);
    RUN(one_slot_per_group_with_two_functions);
    RUN(constant_argument_vectors);
    RUN(expected_result_type_is_checked);
    RUN(single_value);
    return test_report();
}
