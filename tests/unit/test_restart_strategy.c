/*
 * test_restart_strategy.c -- restart strategies (runtime/restart.h): the
 * defaults with and without checkpoints, fixed-delay's attempts, the
 * exponential backoff (multiplier, cap, jitter bounds, reset after a quiet
 * threshold, attempts before a reset), failure-rate's sliding interval
 * and Flink's "Recovery is suppressed" texts.
 */
#include "test.h"
#include "runtime/restart.h"

static RestartStrategy strategy(const char *const *kv) {
    RestartStrategy rs = {0};
    for (; kv[0]; kv += 2) {
        EdErr err = {0};
        if (eddy__restart_set_option(&rs, kv[0], kv[1], &err)) fprintf(stderr, "%s\n", err.msg);
        eddy__err_clear(&err);
    }
    return rs;
}

TEST(defaults) {
    RestartStrategy rs = {0};
    eddy__restart_resolve(&rs, false);
    ASSERT_EQ_INT(rs.kind, RESTART_NONE);
    rs = (RestartStrategy){0};
    eddy__restart_resolve(&rs, true);
    ASSERT_EQ_INT(rs.kind, RESTART_EXPONENTIAL_DELAY);
    ASSERT_EQ_INT(rs.initial_ms, 1000);
    ASSERT_EQ_INT(rs.max_ms, 60000);
    ASSERT_TRUE(rs.multiplier == 1.5 && rs.jitter == 0.1);
    ASSERT_EQ_INT(rs.reset_ms, 3600000);
    ASSERT_EQ_INT(rs.attempts_before_reset, 2147483647);
    static const char *const fixed[] = {"restart-strategy.type", "fixed-delay", NULL};
    rs = strategy(fixed);
    eddy__restart_resolve(&rs, false);
    ASSERT_EQ_INT(rs.kind, RESTART_FIXED_DELAY);
    ASSERT_EQ_INT(rs.attempts, 1);
    ASSERT_EQ_INT(rs.delay_ms, 1000);
    /* an explicit 0 is kept, "" goes back to the default */
    static const char *const zero[] = {"restart-strategy.type", "fixed-delay", "restart-strategy.fixed-delay.delay", "0",
                                       "restart-strategy.fixed-delay.attempts", "0", NULL};
    rs = strategy(zero);
    eddy__restart_resolve(&rs, false);
    ASSERT_EQ_INT(rs.delay_ms, 0);
    ASSERT_EQ_INT(rs.attempts, 0);
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__restart_set_option(&rs, "restart-strategy.fixed-delay.delay", "", &err), EDDY_OK);
    eddy__restart_resolve(&rs, false);
    ASSERT_EQ_INT(rs.delay_ms, 1000);
}

TEST(fixed_delay_attempts) {
    static const char *const kv[] = {"restart-strategy.type", "fixed-delay", "restart-strategy.fixed-delay.attempts", "2",
                                     "restart-strategy.fixed-delay.delay", "250 ms", NULL};
    RestartStrategy rs = strategy(kv);
    eddy__restart_resolve(&rs, true);
    RestartState st = {0};
    Buf why;
    eddy__buf_init(&why);
    int64_t d;
    ASSERT_TRUE(eddy__restart_next(&rs, &st, 10, &d, &why));
    ASSERT_EQ_INT(d, 250);
    ASSERT_TRUE(eddy__restart_next(&rs, &st, 20, &d, &why));
    ASSERT_FALSE(eddy__restart_next(&rs, &st, 30, &d, &why));
    ASSERT_STR_EQ(eddy__buf_cstr(&why), "Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy("
                                        "maxNumberRestartAttempts=2, backoffTimeMS=250)");
    eddy__buf_free(&why);
}

TEST(exponential_backoff) {
    static const char *const kv[] = {"restart-strategy.type", "exponentialdelay",
                                     "restart-strategy.exponential-delay.initial-backoff", "100 ms",
                                     "restart-strategy.exponential-delay.max-backoff", "1 s",
                                     "restart-strategy.exponential-delay.backoff-multiplier", "3",
                                     "restart-strategy.exponential-delay.jitter-factor", "0",
                                     "restart-strategy.exponential-delay.reset-backoff-threshold", "10 s",
                                     NULL};
    RestartStrategy rs = strategy(kv);
    eddy__restart_resolve(&rs, false);
    RestartState st = {0};
    Buf why;
    eddy__buf_init(&why);
    int64_t d, want[] = {100, 300, 900, 1000, 1000};
    for (int i = 0; i < 5; i++) {
        ASSERT_TRUE(eddy__restart_next(&rs, &st, 1000 + i, &d, &why));
        ASSERT_EQ_INT(d, want[i]);
    }
    /* quiet for the threshold: back to the initial backoff */
    ASSERT_TRUE(eddy__restart_next(&rs, &st, 20000, &d, &why));
    ASSERT_EQ_INT(d, 100);
    ASSERT_EQ_INT(st.restarts, 6);
    /* jitter stays within the factor */
    rs.jitter = 0.5;
    for (int i = 0; i < 50; i++) {
        st = (RestartState){.rng = (uint64_t)i + 1};
        ASSERT_TRUE(eddy__restart_next(&rs, &st, 5, &d, &why));
        ASSERT_TRUE(d >= 50 && d <= 150);
    }
    eddy__buf_free(&why);
}

/* failure-rate: at most N failures within any interval; the failure that
 * makes N + 1 within it stops the job. */
TEST(failure_rate_window) {
    static const char *const kv[] = {"restart-strategy.type", "failure-rate",
                                     "restart-strategy.failure-rate.max-failures-per-interval", "2",
                                     "restart-strategy.failure-rate.failure-rate-interval", "1 s",
                                     "restart-strategy.failure-rate.delay", "50 ms", NULL};
    RestartStrategy rs = strategy(kv);
    eddy__restart_resolve(&rs, true);
    ASSERT_EQ_INT(rs.kind, RESTART_FAILURE_RATE);
    RestartState st = {0};
    Buf why;
    eddy__buf_init(&why);
    int64_t d;
    ASSERT_TRUE(eddy__restart_next(&rs, &st, 0, &d, &why));
    ASSERT_EQ_INT(d, 50);
    ASSERT_TRUE(eddy__restart_next(&rs, &st, 600, &d, &why));
    /* the third within 1 s of the first: 1001 ms after it is not */
    ASSERT_TRUE(eddy__restart_next(&rs, &st, 1001, &d, &why));
    /* 600, 1001, 1500: within 1 s */
    ASSERT_FALSE(eddy__restart_next(&rs, &st, 1500, &d, &why));
    ASSERT_STR_EQ(eddy__buf_cstr(&why), "Recovery is suppressed by FailureRateRestartBackoffTimeStrategy("
                                        "FailureRateRestartBackoffTimeStrategy(failuresIntervalMS=1000,"
                                        "backoffTimeMS=50,maxFailuresPerInterval=2)");
    ASSERT_EQ_INT(st.restarts, 3);
    /* a long run of spaced failures keeps at most N + 1 timestamps */
    for (int64_t t = 10000; t < 100000; t += 600) ASSERT_TRUE(eddy__restart_next(&rs, &st, t, &d, &why));
    ASSERT_TRUE(st.nfail <= 3 && st.capfail <= 3);
    eddy__restart_state_free(&st);
    /* the defaults: 1 per minute, 1 s apart */
    static const char *const def[] = {"restart-strategy.type", "failurerate", NULL};
    rs = strategy(def);
    eddy__restart_resolve(&rs, false);
    ASSERT_EQ_INT(rs.max_failures, 1);
    ASSERT_EQ_INT(rs.interval_ms, 60000);
    ASSERT_EQ_INT(rs.rate_delay_ms, 1000);
    eddy__buf_free(&why);
}

TEST(option_errors) {
    RestartStrategy rs = {0};
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__restart_set_option(&rs, "restart-strategy.exponential-delay.initial-backoff", "0 ms", &err),
                  EDDY_E_VALIDATION);
    ASSERT_STR_EQ(err.msg, "Could not parse value '0 ms' for key 'restart-strategy.exponential-delay.initial-backoff'.");
    eddy__err_clear(&err);
    ASSERT_EQ_INT(eddy__restart_set_option(&rs, "restart-strategy.exponential-delay.attempts-before-reset-backoff", "0",
                                           &err),
                  EDDY_E_VALIDATION);
    eddy__err_clear(&err);
    ASSERT_EQ_INT(rs.set, 0); /* a bad value changes nothing */
    ASSERT_TRUE(eddy__restart_is_option("restart-strategy.fixed-delay.delay"));
    ASSERT_TRUE(eddy__restart_is_option("restart-strategy.failure-rate.delay"));
    ASSERT_FALSE(eddy__restart_is_option("restart-strategy.failure-rate.attempts"));
}

int main(void) {
    RUN(defaults);
    RUN(fixed_delay_attempts);
    RUN(exponential_backoff);
    RUN(failure_rate_window);
    RUN(option_errors);
    return test_report();
}
