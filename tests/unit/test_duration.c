/*
 * test_duration.c -- Flink's Duration option syntax (eddy__parse_duration_ms)
 * and how a Duration prints (eddy__buf_duration_ms), as task.cancellation.
 * timeout and other duration options read and show them.
 */
#include "test.h"
#include "util/util.h"

static int64_t ms_of(const char *s) {
    int64_t ms = -12345;
    return eddy__parse_duration_ms(s, &ms) ? ms : -1;
}

TEST(parses_numbers_and_units) {
    ASSERT_EQ_INT(ms_of("200"), 200);
    ASSERT_EQ_INT(ms_of(" 200 "), 200);
    ASSERT_EQ_INT(ms_of("200ms"), 200);
    ASSERT_EQ_INT(ms_of("200 ms"), 200);
    ASSERT_EQ_INT(ms_of("3 min"), 180000);
    ASSERT_EQ_INT(ms_of("3 MIN"), 180000);
    ASSERT_EQ_INT(ms_of("2 m"), 120000);
    ASSERT_EQ_INT(ms_of("1 h"), 3600000);
    ASSERT_EQ_INT(ms_of("2 days"), 172800000);
    ASSERT_EQ_INT(ms_of("90 seconds"), 90000);
    ASSERT_EQ_INT(ms_of("1500 us"), 1);
    ASSERT_EQ_INT(ms_of("999999 ns"), 0);
    ASSERT_EQ_INT(ms_of("0"), 0);
}

TEST(refuses_what_flink_refuses) {
    ASSERT_EQ_INT(ms_of(""), -1);
    ASSERT_EQ_INT(ms_of("ms"), -1);
    ASSERT_EQ_INT(ms_of("-1"), -1);
    ASSERT_EQ_INT(ms_of("1.5 s"), -1);
    ASSERT_EQ_INT(ms_of("5 weeks"), -1);
    ASSERT_EQ_INT(ms_of("soon"), -1);
    ASSERT_EQ_INT(ms_of("99999999999999999999"), -1);
    ASSERT_EQ_INT(ms_of("9223372036854775807 d"), -1);
}

static void expect_print(int64_t ms, const char *want) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_duration_ms(&b, ms);
    if (strcmp(eddy__buf_cstr(&b), want) != 0) {
        TEST_FAIL_HERE();
        fprintf(stderr, "%lld ms printed as \"%s\", not \"%s\"\n", (long long)ms, eddy__buf_cstr(&b), want);
    }
    eddy__buf_free(&b);
}

TEST(prints_in_the_largest_exact_unit) {
    expect_print(180000, "3 min");
    expect_print(200, "200 ms");
    expect_print(1500, "1500 ms");
    expect_print(90000, "90 s");
    expect_print(86400000, "1 d");
    expect_print(7200000, "2 h");
    expect_print(0, "0 ms");
}

int main(void) {
    RUN(parses_numbers_and_units);
    RUN(refuses_what_flink_refuses);
    RUN(prints_in_the_largest_exact_unit);
    return test_report();
}
