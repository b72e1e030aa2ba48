/*
 * test.h -- the unit test harness: TEST functions, typed assertions that
 * print both sides, and a main() that runs the listed tests and exits non-zero
 * when any failed. A failing assertion ends the current test (it returns).
 *
 *   TEST(parses_int) { ASSERT_EQ_INT(parse("1"), 1); }
 *   int main(void) { RUN(parses_int); return test_report(); }
 */
#ifndef EDDY_TEST_H
#define EDDY_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failed_count, test_run_count, test_cur_failed;
static const char *test_cur_name;

#define TEST(name) static void name(void)

#define RUN(name)                                                          \
    do {                                                                   \
        test_cur_name = #name;                                             \
        test_cur_failed = 0;                                               \
        test_run_count++;                                                  \
        name();                                                            \
        if (test_cur_failed) {                                             \
            test_failed_count++;                                           \
            fprintf(stderr, "FAIL %s\n", #name);                           \
        } else if (getenv("EDDY_TEST_VERBOSE")) {                          \
            fprintf(stderr, "ok   %s\n", #name);                           \
        }                                                                  \
    } while (0)

static inline int test_report(void) {
    fprintf(stderr, "%d tests, %d failed\n", test_run_count, test_failed_count);
    return test_failed_count ? 1 : 0;
}

#define TEST_FAIL_HERE() \
    (fprintf(stderr, "%s:%d: in %s: ", __FILE__, __LINE__, test_cur_name), test_cur_failed = 1)

#define ASSERT_TRUE(c)                                    \
    do {                                                  \
        if (!(c)) {                                       \
            TEST_FAIL_HERE();                             \
            fprintf(stderr, "expected true: %s\n", #c);   \
            return;                                       \
        }                                                 \
    } while (0)

#define ASSERT_FALSE(c) ASSERT_TRUE(!(c))

#define ASSERT_EQ_INT(a, b)                                                                              \
    do {                                                                                                 \
        long long a_ = (long long)(a), b_ = (long long)(b);                                              \
        if (a_ != b_) {                                                                                  \
            TEST_FAIL_HERE();                                                                            \
            fprintf(stderr, "%s == %s\n  left:  %lld\n  right: %lld\n", #a, #b, a_, b_);                 \
            return;                                                                                      \
        }                                                                                                \
    } while (0)

#define ASSERT_EQ_DBL(a, b)                                                                              \
    do {                                                                                                 \
        double a_ = (double)(a), b_ = (double)(b);                                                       \
        if (a_ != b_) {                                                                                  \
            TEST_FAIL_HERE();                                                                            \
            fprintf(stderr, "%s == %s\n  left:  %.17g\n  right: %.17g\n", #a, #b, a_, b_);               \
            return;                                                                                      \
        }                                                                                                \
    } while (0)

#define ASSERT_STR_EQ(a, b)                                                                              \
    do {                                                                                                 \
        const char *a_ = (a), *b_ = (b);                                                                 \
        if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                                         \
            TEST_FAIL_HERE();                                                                            \
            fprintf(stderr, "%s == %s\n  left:  \"%s\"\n  right: \"%s\"\n", #a, #b, a_ ? a_ : "(null)",  \
                    b_ ? b_ : "(null)");                                                                 \
            return;                                                                                      \
        }                                                                                                \
    } while (0)

/* Asserts that haystack contains needle. */
#define ASSERT_STR_CONTAINS(h, n)                                                                        \
    do {                                                                                                 \
        const char *h_ = (h), *n_ = (n);                                                                 \
        if (!h_ || !strstr(h_, n_)) {                                                                    \
            TEST_FAIL_HERE();                                                                            \
            fprintf(stderr, "%s contains %s\n  text:   \"%s\"\n  wanted: \"%s\"\n", #h, #n,              \
                    h_ ? h_ : "(null)", n_);                                                             \
            return;                                                                                      \
        }                                                                                                \
    } while (0)

#endif
