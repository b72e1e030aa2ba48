/*
 * restart.c -- restart-strategy options and delays (see restart.h).
 */
#include "runtime/restart.h"

#include <math.h>
#include <stdlib.h>

#define P "restart-strategy."
static const char *const restart_options[] = {
    RESTART_OPT_TYPE,
    P "fixed-delay.attempts",
    P "fixed-delay.delay",
    P "exponential-delay.initial-backoff",
    P "exponential-delay.max-backoff",
    P "exponential-delay.backoff-multiplier",
    P "exponential-delay.reset-backoff-threshold",
    P "exponential-delay.jitter-factor",
    P "exponential-delay.attempts-before-reset-backoff",
    P "failure-rate.max-failures-per-interval",
    P "failure-rate.failure-rate-interval",
    P "failure-rate.delay",
};
enum {
    O_TYPE,
    O_ATTEMPTS,
    O_DELAY,
    O_INITIAL,
    O_MAX,
    O_MULT,
    O_RESET,
    O_JITTER,
    O_BEFORE_RESET,
    O_FR_MAX,
    O_FR_INTERVAL,
    O_FR_DELAY
};

static int option_index(const char *key) {
    for (size_t i = 0; i < ED_ARRAY_LEN(restart_options); i++)
        if (!strcmp(key, restart_options[i])) return (int)i;
    return -1;
}

bool eddy__restart_is_option(const char *key) { return option_index(key) >= 0; }

static void fill_defaults(RestartStrategy *rs) {
#define DEF(o, field, v) \
    if (!(rs->set & (1u << (o)))) rs->field = (v)
    DEF(O_ATTEMPTS, attempts, 1);
    DEF(O_DELAY, delay_ms, 1000);
    DEF(O_INITIAL, initial_ms, 1000);
    DEF(O_MAX, max_ms, 60000);
    DEF(O_MULT, multiplier, 1.5);
    DEF(O_RESET, reset_ms, 3600000);
    DEF(O_JITTER, jitter, 0.1);
    DEF(O_BEFORE_RESET, attempts_before_reset, INT32_MAX);
    DEF(O_FR_MAX, max_failures, 1);
    DEF(O_FR_INTERVAL, interval_ms, 60000);
    DEF(O_FR_DELAY, rate_delay_ms, 1000);
#undef DEF
}

static eddy_status bad(EdErr *err, const char *key, const char *value) {
    return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
}

eddy_status eddy__restart_set_option(RestartStrategy *rs, const char *key, const char *value, EdErr *err) {
    int o = option_index(key);
    if (o < 0) return eddy__err(err, EDDY_E_INTERNAL, "not a restart-strategy option: %s", key);
    RestartStrategy next = *rs;
    if (o != O_TYPE && !*value) {
        rs->set &= ~(1u << o); /* unset: the default again */
        return EDDY_OK;
    }
    if (o == O_TYPE) {
        static const char *const none[] = {"none", "off", "disable", "no_restart", "norestart"};
        static const char *const fixed[] = {"fixeddelay", "fixed-delay"};
        static const char *const expo[] = {"exponentialdelay", "exponential-delay"};
        static const char *const rate[] = {"failurerate", "failure-rate"};
        RestartKind k = RESTART_DEFAULT;
        for (size_t i = 0; i < ED_ARRAY_LEN(none); i++)
            if (eddy__str_ieq(value, none[i])) k = RESTART_NONE;
        for (size_t i = 0; i < ED_ARRAY_LEN(fixed); i++)
            if (eddy__str_ieq(value, fixed[i])) k = RESTART_FIXED_DELAY;
        for (size_t i = 0; i < ED_ARRAY_LEN(expo); i++)
            if (eddy__str_ieq(value, expo[i])) k = RESTART_EXPONENTIAL_DELAY;
        for (size_t i = 0; i < ED_ARRAY_LEN(rate); i++)
            if (eddy__str_ieq(value, rate[i])) k = RESTART_FAILURE_RATE;
        if (k == RESTART_DEFAULT && !*value) {
            rs->kind = RESTART_DEFAULT; /* unset: Flink's default again */
            return EDDY_OK;
        }
        if (k == RESTART_DEFAULT)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Unknown restart strategy '%s' for key '%s' (accepted: none, off, disable, fixed-delay, "
                             "fixeddelay, failure-rate, failurerate, exponential-delay, exponentialdelay).",
                             value, key);
        next.kind = k;
        *rs = next;
        return EDDY_OK;
    }
    if (o == O_ATTEMPTS || o == O_BEFORE_RESET || o == O_FR_MAX) {
        char *end;
        long long n = strtoll(value, &end, 10);
        if (end == value || *end || n < (o == O_ATTEMPTS ? 0 : 1) || n > INT32_MAX) return bad(err, key, value);
        if (o == O_ATTEMPTS) next.attempts = n;
        else if (o == O_FR_MAX) next.max_failures = n;
        else next.attempts_before_reset = n;
    } else if (o == O_MULT || o == O_JITTER) {
        char *end;
        double d = strtod(value, &end);
        if (end == value || *end || !isfinite(d) || (o == O_MULT ? d < 1.0 : d < 0 || d > 1))
            return bad(err, key, value);
        if (o == O_MULT) next.multiplier = d;
        else next.jitter = d;
    } else {
        int64_t ms;
        bool zero_ok = o == O_DELAY || o == O_FR_DELAY;
        if (!eddy__parse_duration_ms(value, &ms) || ms < 0 || (!zero_ok && ms == 0)) return bad(err, key, value);
        if (o == O_DELAY) next.delay_ms = ms;
        else if (o == O_FR_DELAY) next.rate_delay_ms = ms;
        else if (o == O_FR_INTERVAL) next.interval_ms = ms;
        else if (o == O_INITIAL) next.initial_ms = ms;
        else if (o == O_MAX) next.max_ms = ms;
        else next.reset_ms = ms;
    }
    next.set |= 1u << o;
    *rs = next;
    return EDDY_OK;
}

void eddy__restart_resolve(RestartStrategy *rs, bool checkpointing) {
    if (rs->kind == RESTART_DEFAULT) rs->kind = checkpointing ? RESTART_EXPONENTIAL_DELAY : RESTART_NONE;
    fill_defaults(rs);
}

static double next_unit(RestartState *st) {
    /* xorshift64*: a uniform value in [0, 1) */
    if (!st->rng) st->rng = 0x9e3779b97f4a7c15ULL;
    st->rng ^= st->rng >> 12;
    st->rng ^= st->rng << 25;
    st->rng ^= st->rng >> 27;
    return (double)((st->rng * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

void eddy__restart_state_free(RestartState *st) {
    eddy__free(st->fail_ms);
    st->fail_ms = NULL;
    st->nfail = st->capfail = 0;
}

/* failure-rate: records the failure at now_ms (keeping the newest
 * max-failures + 1) and tells whether the oldest kept one is more than the
 * interval ago when all of them are kept. false also when out of memory. */
static bool rate_allows(const RestartStrategy *rs, RestartState *st, int64_t now_ms) {
    size_t keep = (size_t)rs->max_failures + 1;
    if (st->nfail == keep) {
        memmove(st->fail_ms, st->fail_ms + 1, (st->nfail - 1) * sizeof *st->fail_ms);
        st->nfail--;
    }
    if (st->nfail == st->capfail) {
        size_t cap = st->capfail ? st->capfail * 2 : 4;
        if (cap > keep) cap = keep;
        int64_t *p = eddy__realloc(st->fail_ms, cap * sizeof *p);
        if (!p) return false;
        st->fail_ms = p;
        st->capfail = cap;
    }
    st->fail_ms[st->nfail++] = now_ms;
    return st->nfail < keep || now_ms - st->fail_ms[0] > rs->interval_ms;
}

bool eddy__restart_next(const RestartStrategy *rs, RestartState *st, int64_t now_ms, int64_t *delay_ms, Buf *why) {
    *delay_ms = 0;
    if (rs->kind == RESTART_FAILURE_RATE) {
        if (!rate_allows(rs, st, now_ms)) {
            /* Flink's text, its doubled prefix included */
            eddy__buf_printf(why,
                             "Recovery is suppressed by FailureRateRestartBackoffTimeStrategy("
                             "FailureRateRestartBackoffTimeStrategy(failuresIntervalMS=%lld,backoffTimeMS=%lld,"
                             "maxFailuresPerInterval=%lld)",
                             (long long)rs->interval_ms, (long long)rs->rate_delay_ms, (long long)rs->max_failures);
            return false;
        }
        *delay_ms = rs->rate_delay_ms;
        st->restarts++;
        return true;
    }
    if (rs->kind == RESTART_FIXED_DELAY) {
        if (st->restarts >= rs->attempts) {
            eddy__buf_printf(why,
                             "Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=%lld, "
                             "backoffTimeMS=%lld)",
                             (long long)rs->attempts, (long long)rs->delay_ms);
            return false;
        }
        *delay_ms = rs->delay_ms;
        st->restarts++;
        return true;
    }
    if (rs->kind == RESTART_EXPONENTIAL_DELAY) {
        if (st->last_failure_ms && now_ms - st->last_failure_ms >= rs->reset_ms) {
            st->backoff_ms = 0;
            st->since_reset = 0;
        }
        st->last_failure_ms = now_ms;
        if (st->since_reset >= rs->attempts_before_reset) {
            eddy__buf_printf(why,
                             "Recovery is suppressed by ExponentialDelayRestartBackoffTimeStrategy(initialBackoffMS=%lld, "
                             "maxBackoffMS=%lld, backoffMultiplier=%g, resetBackoffThresholdMS=%lld, jitterFactor=%g, "
                             "attemptsBeforeResetBackoff=%lld)",
                             (long long)rs->initial_ms, (long long)rs->max_ms, rs->multiplier, (long long)rs->reset_ms,
                             rs->jitter, (long long)rs->attempts_before_reset);
            return false;
        }
        if (!st->backoff_ms) st->backoff_ms = rs->initial_ms;
        else {
            double b = (double)st->backoff_ms * rs->multiplier;
            st->backoff_ms = b >= (double)rs->max_ms ? rs->max_ms : (int64_t)b;
        }
        if (st->backoff_ms > rs->max_ms) st->backoff_ms = rs->max_ms;
        double j = (double)st->backoff_ms * rs->jitter * (2.0 * next_unit(st) - 1.0);
        int64_t d = st->backoff_ms + (int64_t)j;
        *delay_ms = d < 0 ? 0 : d;
        st->since_reset++;
        st->restarts++;
        return true;
    }
    eddy__buf_puts(why, "Recovery is suppressed by NoRestartBackoffTimeStrategy");
    return false;
}
