/*
 * test_restart.c -- restart strategies as a user drives them: a C function
 * that fails once on its Nth call makes the job restart in the process from
 * its latest completed checkpoint, and the collected rows are exactly those
 * of an uninterrupted run (the collect sink hands out rows only once a
 * checkpoint after them completed); the restart count is on the job handle.
 * Also: attempts that run out fail the job with Flink's reason, the
 * options' errors, and a cancel during the restart delay.
 */
#include <malloc.h>
#include <stdatomic.h>
#include <time.h>
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
/* the sanitizer runtime's count (its header is not always installed) */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

#include "fs_check.h"

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static const char *DDL =
    "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '4000', "
    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '2000')";

static void set(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) fprintf(stderr, "SET %s: %s\n", k, eddy_env_errmsg(eddy_tenv_env(t)));
}

typedef struct Flaky {
    atomic_long calls;
    long fail_at;   /* the call that fails (1-based) */
    long fail_again; /* a second call that fails (0: none) */
    long fail_from; /* every call from this one fails (0: none) */
} Flaky;

static eddy_status flaky_eval(void *ctx, const eddy_row *args, eddy_out *out) {
    Flaky *f = ctx;
    long n = atomic_fetch_add(&f->calls, 1) + 1;
    if (n == f->fail_at || n == f->fail_again || (f->fail_from && n >= f->fail_from))
        return eddy_out_error(out, "flaky failed on call %ld", n);
    int64_t v;
    eddy_row_get_long(args, 0, &v);
    return eddy_out_set_long(out, 0, v);
}

static eddy_tenv *new_tenv(eddy_env **env, Flaky *f, const char *dir) {
    *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, EDDY_STREAMING);
    free(run(t, DDL));
    eddy_scalar_function fn = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", flaky_eval, f, NULL, true};
    eddy_tenv_create_function(t, "flaky", &fn);
    if (dir) {
        set(t, "execution.checkpointing.interval", "20 ms");
        set(t, "execution.checkpointing.dir", dir);
    }
    return t;
}

/* The query's rows (or "ERROR: ..."), and its job's restart count. */
static char *collect_rows(eddy_tenv *t, int64_t *restarts) {
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT flaky(id) FROM src");
    if (!r) return env_error_text(eddy_tenv_env(t));
    eddy_job *job = eddy_result_job(r);
    char *text = iter_lines(eddy_result_collect(r));
    *restarts = eddy_job_restarts(job);
    return text;
}

/* "+I[1]" .. "+I[n]" (fmt "+I[%ld]") or "1" .. "n", one a line */
static char *numbers(long n, const char *fmt) {
    Lines l = lines_empty();
    char buf[32];
    for (long i = 1; i <= n; i++) {
        snprintf(buf, sizeof buf, fmt, i);
        lines_add(&l, buf);
    }
    return l.text;
}
static char *sequence(long n) { return numbers(n, "+I[%ld]"); }
static char *sequence_plain(long n) { return numbers(n, "%ld"); }

TEST(restart_from_checkpoint_exactly_once) {
    char *dir = tmpdir();
    Flaky f = {.fail_at = 1000};
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, &f, dir);
    set(t, "restart-strategy.type", "fixed-delay");
    set(t, "restart-strategy.fixed-delay.attempts", "3");
    set(t, "restart-strategy.fixed-delay.delay", "10 ms");
    int64_t restarts = -1;
    char *got = collect_rows(t, &restarts);
    char *want = sequence(2000);
    ASSERT_STR_EQ(got, want); /* every row once, in order */
    ASSERT_EQ_INT(restarts, 1);
    /* restored from a checkpoint, not from the start: fewer than the
     * 999 + 1 + 2000 calls of a fresh restart */
    long calls = atomic_load(&f.calls);
    ASSERT_TRUE(calls > 2000 && calls < 3000);
    eddy_env_free(env);
    free(got), free(want);
    rmtree(dir);
    free(dir);
}

/* Without a checkpoint yet the job starts over and still hands out each
 * row once (the collect sink released none before the failure). */
TEST(restart_without_checkpoint_starts_over) {
    char *dir = tmpdir();
    Flaky f = {.fail_at = 3};
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, &f, dir);
    set(t, "execution.checkpointing.interval", "1 h");
    /* the default with checkpoints: exponential-delay */
    set(t, "restart-strategy.exponential-delay.initial-backoff", "5 ms");
    int64_t restarts = -1;
    char *got = collect_rows(t, &restarts);
    char *want = sequence(2000);
    ASSERT_STR_EQ(got, want);
    ASSERT_EQ_INT(restarts, 1);
    ASSERT_EQ_INT(atomic_load(&f.calls), 2003);
    eddy_env_free(env);
    free(got), free(want);
    rmtree(dir);
    free(dir);
}

/* Runs the query with the options kv (key, value, ..., NULL) over f and
 * asserts what it gives (rows or "ERROR: ...") and its restart count. */
static void expect_run(Flaky *f, const char *dir, const char *const *kv, const char *want, int64_t want_restarts) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, f, dir);
    for (; kv[0]; kv += 2) set(t, kv[0], kv[1]);
    int64_t restarts = -1;
    char *got = collect_rows(t, &restarts);
    ASSERT_STR_EQ(got, want);
    ASSERT_EQ_INT(restarts, want_restarts);
    free(got);
    eddy_env_free(env);
}

TEST(attempts_run_out) {
    char *dir = tmpdir();
    Flaky f = {.fail_from = 10};
    static const char *const fixed[] = {"restart-strategy.type", "fixeddelay", "restart-strategy.fixed-delay.attempts",
                                        "2", "restart-strategy.fixed-delay.delay", "0 ms", NULL};
    expect_run(&f, dir, fixed,
               "ERROR: Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=2, "
               "backoffTimeMS=0): flaky failed on call 12",
               2);

    /* exponential-delay: attempts-before-reset-backoff */
    Flaky g = {.fail_from = 1};
    static const char *const expo[] = {"restart-strategy.type", "exponential-delay",
                                       "restart-strategy.exponential-delay.initial-backoff", "1 ms",
                                       "restart-strategy.exponential-delay.max-backoff", "4 ms",
                                       "restart-strategy.exponential-delay.backoff-multiplier", "2",
                                       "restart-strategy.exponential-delay.jitter-factor", "0",
                                       "restart-strategy.exponential-delay.reset-backoff-threshold", "1 h",
                                       "restart-strategy.exponential-delay.attempts-before-reset-backoff", "3", NULL};
    expect_run(&g, dir, expo,
               "ERROR: Recovery is suppressed by ExponentialDelayRestartBackoffTimeStrategy(initialBackoffMS=1, "
               "maxBackoffMS=4, backoffMultiplier=2, resetBackoffThresholdMS=3600000, jitterFactor=0, "
               "attemptsBeforeResetBackoff=3): flaky failed on call 4",
               3);

    /* none: the failure as it is, no restart */
    Flaky h = {.fail_at = 5};
    static const char *const none[] = {"restart-strategy.type", "none", NULL};
    expect_run(&h, dir, none, "ERROR: flaky failed on call 5", 0);
    rmtree(dir);
    free(dir);
}

/* failure-rate: two failures 20 ms or more apart are within the rate of
 * one per 1 ms (both restart, every row once), not within one per hour
 * (the second fails the job with Flink's reason). */
TEST(failure_rate) {
    char *dir = tmpdir();
    Flaky f = {.fail_at = 500, .fail_again = 1000};
    static const char *const spaced[] = {"restart-strategy.type", "failure-rate",
                                         "restart-strategy.failure-rate.max-failures-per-interval", "1",
                                         "restart-strategy.failure-rate.failure-rate-interval", "1 ms",
                                         "restart-strategy.failure-rate.delay", "20 ms", NULL};
    char *want = sequence(2000);
    expect_run(&f, dir, spaced, want, 2);
    free(want);

    Flaky g = {.fail_at = 500, .fail_again = 1000};
    static const char *const hourly[] = {"restart-strategy.type", "failure-rate",
                                         "restart-strategy.failure-rate.failure-rate-interval", "1 h",
                                         "restart-strategy.failure-rate.delay", "0 ms", NULL};
    expect_run(&g, dir, hourly,
               "ERROR: Recovery is suppressed by FailureRateRestartBackoffTimeStrategy("
               "FailureRateRestartBackoffTimeStrategy(failuresIntervalMS=3600000,backoffTimeMS=0,"
               "maxFailuresPerInterval=1): flaky failed on call 1000",
               1);

    /* the defaults: one failure per minute (the delay kept short) */
    Flaky h = {.fail_from = 1};
    static const char *const defaults[] = {"restart-strategy.type", "failure-rate", "restart-strategy.failure-rate.delay",
                                           "1 ms", NULL};
    expect_run(&h, dir, defaults,
               "ERROR: Recovery is suppressed by FailureRateRestartBackoffTimeStrategy("
               "FailureRateRestartBackoffTimeStrategy(failuresIntervalMS=60000,backoffTimeMS=1,"
               "maxFailuresPerInterval=1): flaky failed on call 2",
               1);
    rmtree(dir);
    free(dir);
}

/* The ids in the visible (committed) files below dir, sorted, one a line. */
static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static char *committed_ids(const char *dir) {
    Entry *es = NULL;
    size_t n = 0, cap = 0, nids = 0, capids = 0;
    long *ids = NULL;
    collect(dir, "", &es, &n, &cap, false);
    for (size_t i = 0; i < n; i++) {
        char *c = read_all(es[i].path);
        for (char *p = c; *p;) {
            char *end;
            long v = strtol(p, &end, 10);
            if (end == p) break;
            if (nids == capids) ids = realloc(ids, (capids = capids * 2 + 64) * sizeof *ids);
            ids[nids++] = v;
            p = *end ? end + 1 : end;
        }
        free(c);
    }
    free(es);
    if (nids) qsort(ids, nids, sizeof *ids, cmp_long);
    Lines l = lines_empty();
    char buf[32];
    for (size_t i = 0; i < nids; i++) {
        snprintf(buf, sizeof buf, "%ld", ids[i]);
        lines_add(&l, buf);
    }
    free(ids);
    return l.text;
}

/* A job without checkpoints reports none (Flink's -1s), and the call
 * refuses NULLs. */
TEST(checkpoint_stats_without_checkpoints) {
    Flaky f = {0};
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, &f, NULL);
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT flaky(id) FROM src");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    char *rows = iter_lines(eddy_result_collect(r));
    free(rows);
    eddy_checkpoint_stats ck;
    memset(&ck, 0x5a, sizeof ck);
    ASSERT_EQ_INT(eddy_job_checkpoint_stats(job, &ck), EDDY_OK);
    ASSERT_EQ_INT(ck.completed, 0);
    ASSERT_EQ_INT(ck.failed, 0);
    ASSERT_EQ_INT(ck.in_progress, 0);
    ASSERT_EQ_INT(ck.last_id, -1);
    ASSERT_EQ_INT(ck.last_trigger_time, -1);
    ASSERT_EQ_INT(ck.last_duration_ms, -1);
    ASSERT_EQ_INT(ck.last_size, -1);
    ASSERT_EQ_INT(ck.last_alignment_ms, -1);
    ASSERT_EQ_INT(ck.restores, 0);
    ASSERT_EQ_INT(ck.restored_id, -1);
    ASSERT_EQ_INT(ck.last_restore_time, -1);
    ASSERT_EQ_INT(ck.restarts, 0);
    ASSERT_EQ_INT(ck.last_full_size, -1);
    ASSERT_EQ_INT(ck.reserved[6], 0);
    ASSERT_EQ_INT(eddy_job_checkpoint_stats(NULL, &ck), EDDY_E_MISUSE);
    ASSERT_EQ_INT(ck.completed, 0);
    ASSERT_EQ_INT(eddy_job_checkpoint_stats(job, NULL), EDDY_E_MISUSE);
    eddy_result_free(r);
    eddy_env_free(env);
}

/* The two-phase-commit filesystem sink across an in-process restart: the
 * job fails after checkpoints completed (and published their files), comes
 * back from the latest one, which drops what the failed attempt staged
 * after it, and the committed files end with each id exactly once. */
TEST(filesystem_sink_restart_exactly_once) {
    char *dir = tmpdir();
    Flaky f = {.fail_at = 1000};
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, &f, dir);
    set(t, "restart-strategy.type", "fixed-delay");
    set(t, "restart-strategy.fixed-delay.delay", "10 ms");
    char out[4096], ddl[8192];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(ddl, sizeof ddl,
             "CREATE TABLE sink_t (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '%s', 'format' = 'csv')", out);
    free(run(t, ddl));
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink_t SELECT flaky(id) FROM src");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    ASSERT_EQ_INT(eddy_job_restarts(job), 1);
    /* the checkpoint figures (Flink's job metrics) tell the same story */
    eddy_checkpoint_stats ck;
    ASSERT_EQ_INT(eddy_job_checkpoint_stats(job, &ck), EDDY_OK);
    ASSERT_TRUE(ck.completed >= 1);
    ASSERT_EQ_INT(ck.in_progress, 0);
    ASSERT_EQ_INT(ck.restarts, 1);
    ASSERT_EQ_INT(ck.restores, 1);
    ASSERT_TRUE(ck.restored_id >= 1 && ck.restored_id <= ck.last_id);
    ASSERT_TRUE(ck.last_restore_time >= eddy_job_start_time(job) && ck.last_restore_time <= now_ms());
    ASSERT_TRUE(ck.last_trigger_time >= eddy_job_start_time(job) && ck.last_trigger_time <= now_ms());
    ASSERT_TRUE(ck.last_duration_ms >= 0 && ck.last_duration_ms < 60000);
    ASSERT_TRUE(ck.last_size > 0);           /* the source's position at least */
    ASSERT_EQ_INT(ck.last_alignment_ms, 0);  /* no task with two inputs */
    eddy_result_free(r);
    long calls = atomic_load(&f.calls);
    ASSERT_TRUE(calls > 2000 && calls < 3000); /* resumed from a checkpoint */
    char *got = committed_ids(out);
    char *want = sequence_plain(2000);
    ASSERT_STR_EQ(got, want);
    /* nothing staged is left behind */
    char *all = tree(out, true, false), *visible = tree(out, false, false);
    ASSERT_STR_EQ(all, visible);
    free(all), free(visible), free(got), free(want);
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* Without checkpoints the default is none; a strategy set restarts from the
 * start (rows may repeat then: nothing was checkpointed). */
TEST(no_checkpoints) {
    Flaky f = {.fail_at = 5};
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, &f, NULL);
    int64_t restarts = -1;
    char *got = collect_rows(t, &restarts);
    ASSERT_TEXT(got, "ERROR: flaky failed on call 5");
    ASSERT_EQ_INT(restarts, 0);
    eddy_env_free(env);
}

TEST(option_errors) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.type", "sometimes"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env), "ERROR: Unknown restart strategy 'sometimes' for key 'restart-strategy.type' "
                                     "(accepted: none, off, disable, fixed-delay, fixeddelay, failure-rate, "
                                     "failurerate, exponential-delay, exponentialdelay).");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.type", "failurerate"), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.failure-rate.max-failures-per-interval", "0"),
                  EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env),
                "ERROR: Could not parse value '0' for key 'restart-strategy.failure-rate.max-failures-per-interval'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.failure-rate.failure-rate-interval", "0 ms"),
                  EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env),
                "ERROR: Could not parse value '0 ms' for key 'restart-strategy.failure-rate.failure-rate-interval'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.failure-rate.delay", "-1 s"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env), "ERROR: Could not parse value '-1 s' for key 'restart-strategy.failure-rate.delay'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.failure-rate.delay", "0 s"), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.fixed-delay.attempts", "-1"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env),
                "ERROR: Could not parse value '-1' for key 'restart-strategy.fixed-delay.attempts'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.fixed-delay.delay", "soon"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env), "ERROR: Could not parse value 'soon' for key 'restart-strategy.fixed-delay.delay'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.exponential-delay.backoff-multiplier", "0.5"),
                  EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env),
                "ERROR: Could not parse value '0.5' for key 'restart-strategy.exponential-delay.backoff-multiplier'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.exponential-delay.jitter-factor", "2"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env),
                "ERROR: Could not parse value '2' for key 'restart-strategy.exponential-delay.jitter-factor'.");
    ASSERT_TRUE(eddy_option_is_known("restart-strategy.exponential-delay.attempts-before-reset-backoff"));
    ASSERT_EQ_INT(eddy_env_set_option(env, "restart-strategy.type", "off"), EDDY_OK);
    eddy_env_free(env);
}

/* A cancel while the job waits out its restart delay ends it CANCELED. */
TEST(cancel_during_delay) {
    char *dir = tmpdir();
    Flaky f = {.fail_at = 3};
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, &f, dir);
    set(t, "restart-strategy.type", "fixed-delay");
    set(t, "restart-strategy.fixed-delay.delay", "1 h");
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT flaky(id) FROM src");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    for (int i = 0; i < 5000 && eddy_job_status(job) != EDDY_JOB_RESTARTING; i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    /* Flink's RESTARTING while it waits */
    ASSERT_EQ_INT(eddy_job_status(job), EDDY_JOB_RESTARTING);
    ASSERT_STR_EQ(eddy_job_status_name(eddy_job_status(job)), "RESTARTING");
    eddy_job_cancel(job);
    ASSERT_EQ_INT(eddy_job_wait(job, 20000), EDDY_JOB_CANCELED);
    ASSERT_EQ_INT(eddy_job_restarts(job), 0);
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* The DataStream API: a map that fails once over fromSequence, collected:
 * each value once, in order, after the in-process restart. */
TEST(datastream_map_restart) {
    char *dir = tmpdir();
    Flaky f = {.fail_at = 60000};
    eddy_env *env = new_env(1);
    ASSERT_EQ_INT(eddy_env_set_option(env, "execution.checkpointing.interval", "1 ms"), EDDY_OK);
    ASSERT_EQ_INT(eddy_env_set_option(env, "execution.checkpointing.dir", dir), EDDY_OK);
    ASSERT_EQ_INT(eddy_env_set_option(env, "restart-strategy.type", "fixed-delay"), EDDY_OK);
    ASSERT_EQ_INT(eddy_env_set_option(env, "restart-strategy.fixed-delay.delay", "0 s"), EDDY_OK);
    eddy_stream *s = eddy_stream_map(eddy_from_sequence(env, 1, 100000), "BIGINT", flaky_eval, &f, NULL);
    eddy_iter *it = eddy_stream_execute_and_collect(s);
    ASSERT_TRUE(it != NULL);
    const eddy_row *row;
    int64_t next = 1, v;
    bool in_order = true;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        eddy_row_get_long(row, 0, &v);
        if (v != next) in_order = false;
        next++;
    }
    ASSERT_STR_EQ(eddy_iter_errmsg(it), "");
    eddy_iter_free(it);
    ASSERT_TRUE(in_order);
    ASSERT_EQ_INT(next, 100001);
    ASSERT_TRUE(atomic_load(&f.calls) > 100000); /* the failure happened */
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* A checkpointed user source: 1..last, 50 a call, its position the next
 * value (8 bytes). Counts its restores. */
typedef struct Counter {
    int64_t next, last;
    atomic_int restores, rewinds; /* restores from a position / from the beginning */
    int64_t restored_at;
    bool bad_snapshot;
} Counter;

static eddy_status counter_run(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask, (void)parallelism;
    Counter *c = ctx;
    for (int i = 0; i < 50 && c->next <= c->last; i++) {
        eddy_out_set_long(out, 0, c->next++);
        eddy_out_emit(out);
    }
    nanosleep(&(struct timespec){0, 200000}, NULL);
    return c->next > c->last ? EDDY_DONE : EDDY_OK;
}

static eddy_status counter_snapshot(void *ctx, int subtask, int parallelism, eddy_source_position *pos) {
    (void)subtask, (void)parallelism;
    Counter *c = ctx;
    if (c->bad_snapshot) return EDDY_E_IO;
    return eddy_source_position_write(pos, &c->next, sizeof c->next);
}

static eddy_status counter_restore(void *ctx, int subtask, int parallelism, const void *data, size_t len) {
    (void)subtask, (void)parallelism;
    Counter *c = ctx;
    if (!data) {
        atomic_fetch_add(&c->rewinds, 1);
        c->next = 1;
        return EDDY_OK;
    }
    if (len != sizeof c->next) return EDDY_E_VALIDATION;
    memcpy(&c->next, data, sizeof c->next);
    c->restored_at = c->next;
    atomic_fetch_add(&c->restores, 1);
    return EDDY_OK;
}

/* Collects flaky(counter) with checkpoints every `interval`; each value
 * once, in order, or the error. */
static char *counter_job(Counter *c, Flaky *f, const char *dir, const char *interval) {
    eddy_env *env = new_env(1);
    eddy_env_set_option(env, "execution.checkpointing.interval", interval);
    eddy_env_set_option(env, "execution.checkpointing.dir", dir);
    eddy_env_set_option(env, "restart-strategy.type", "fixed-delay");
    eddy_env_set_option(env, "restart-strategy.fixed-delay.delay", "0 s");
    eddy_stream *s = eddy_from_checkpointed_source(env, "BIGINT NOT NULL", false, counter_run, counter_snapshot,
                                                   counter_restore, c, NULL);
    s = eddy_stream_map(s, "BIGINT", flaky_eval, f, NULL);
    char *text = collect_stream(s);
    eddy_env_free(env);
    return text;
}

/* The failed attempt's source is rewound to the checkpoint's position (not
 * to the beginning, not left where it was): every value once. */
TEST(checkpointed_source_rewound) {
    char *dir = tmpdir();
    Counter c = {.last = 5000};
    Flaky f = {.fail_at = 3000};
    char *got = counter_job(&c, &f, dir, "5 ms");
    char *want = sequence_plain(5000);
    ASSERT_STR_EQ(got, want);
    ASSERT_TRUE(atomic_load(&f.calls) > 5000); /* it failed once */
    ASSERT_EQ_INT(atomic_load(&c.rewinds), 1); /* the first attempt started at the beginning */
    ASSERT_EQ_INT(atomic_load(&c.restores), 1);
    ASSERT_TRUE(c.restored_at > 1 && c.restored_at <= 3000);
    free(got), free(want);

    /* no checkpoint before the failure: back to the beginning */
    Counter d = {.last = 2000};
    Flaky g = {.fail_at = 1500};
    got = counter_job(&d, &g, dir, "1 h");
    want = sequence_plain(2000);
    ASSERT_STR_EQ(got, want);
    ASSERT_EQ_INT(atomic_load(&g.calls), 3500);
    ASSERT_EQ_INT(atomic_load(&d.rewinds), 2);
    ASSERT_EQ_INT(atomic_load(&d.restores), 0);
    free(got), free(want);

    /* a failing snapshot fails the job, naming the source */
    Counter e = {.last = 5000, .bad_snapshot = true};
    Flaky h = {0};
    got = counter_job(&e, &h, dir, "5 ms");
    ASSERT_TEXT(got, "ERROR: Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=1, "
                     "backoffTimeMS=0): The source snapshot function of Source: Custom Source failed: input/output error");

    eddy_env *env = new_env(1);
    ASSERT_TRUE(eddy_from_checkpointed_source(env, "BIGINT", false, counter_run, counter_snapshot, NULL, NULL, NULL) ==
                NULL);
    ASSERT_TEXT(env_error_text(env), "ERROR: from_checkpointed_source: snapshot and restore must not be NULL");
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* The bytes the process has allocated now (the sanitizer's count under
 * ASan / TSan, malloc's otherwise). */
static size_t heap_bytes(void) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return __sanitizer_get_current_allocated_bytes();
#else
    return mallinfo2().uordblks;
#endif
}

/* A grouped aggregation that fails every 300th call of its function: the
 * heap at each failure (the job's state, its channels' batches and what
 * the attempt opened). */
typedef struct Sampler {
    atomic_long calls;
    size_t at[64];
    atomic_int failures;
} Sampler;

static eddy_status sampling_eval(void *ctx, const eddy_row *args, eddy_out *out) {
    Sampler *sm = ctx;
    long n = atomic_fetch_add(&sm->calls, 1) + 1;
    if (n % 300 == 0) {
        int k = atomic_fetch_add(&sm->failures, 1);
        if (k < 64) sm->at[k] = heap_bytes();
        return eddy_out_error(out, "sampled failure %d", k + 1);
    }
    int64_t v;
    eddy_row_get_long(args, 0, &v);
    return eddy_out_set_long(out, 0, v);
}

/* Restart after restart does not grow the heap, and the env's accounted
 * memory is the same after a job with 2 restarts as after one with 40. */
TEST(restarts_keep_memory_flat) {
    char *dir = tmpdir();
    size_t env_after[2];
    size_t grown = 0;
    for (int round = 0; round < 2; round++) {
        int attempts = round ? 40 : 2;
        Sampler sm = {0};
        /* small batches, one worker: few bytes in flight at a failure */
        eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 1,
                           .channel_capacity = 1, .batch_size = 8};
        eddy_env *env = eddy_env_new(&cfg);
        eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
        free(run(t, "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '20000', "
                    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100000000')"));
        eddy_scalar_function fn = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", sampling_eval, &sm, NULL, true};
        eddy_tenv_create_function(t, "sampled", &fn);
        set(t, "execution.checkpointing.interval", "5 ms");
        set(t, "execution.checkpointing.dir", dir);
        set(t, "restart-strategy.type", "fixed-delay");
        char n[16];
        snprintf(n, sizeof n, "%d", attempts);
        set(t, "restart-strategy.fixed-delay.attempts", n);
        set(t, "restart-strategy.fixed-delay.delay", "1 ms");
        size_t before = eddy_env_memory_bytes(env);
        eddy_result *r =
            eddy_tenv_execute_sql(t, "SELECT sampled(id) % 7 AS k, COUNT(*) AS c, SUM(id) AS s FROM src GROUP BY "
                                     "sampled(id) % 7");
        ASSERT_TRUE(r != NULL);
        /* rows read and dropped: the test keeps nothing that grows */
        eddy_iter *it = eddy_result_collect(r);
        const eddy_row *row;
        while (eddy_iter_next(it, &row) == EDDY_ROW) continue;
        ASSERT_STR_CONTAINS(eddy_iter_errmsg(it), "Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy");
        eddy_iter_free(it);
        ASSERT_EQ_INT(eddy_job_restarts(eddy_result_job(r)), attempts);
        eddy_result_free(r);
        env_after[round] = eddy_env_memory_bytes(env) - before;
        if (round) {
            /* the least heap at failures 6..15 against 31..40 (the least:
             * fewest batches in flight): 25 restarts later, no more */
            size_t early = SIZE_MAX, late = SIZE_MAX;
            for (int i = 5; i < 15; i++) if (sm.at[i] < early) early = sm.at[i];
            for (int i = 30; i < 40; i++) if (sm.at[i] < late) late = sm.at[i];
            grown = late > early ? late - early : 0;
        }
        eddy_env_free(env);
    }
    fprintf(stderr, "heap growth over 25 restarts: %zu bytes\n", grown);
    ASSERT_TRUE(grown < 16 * 1024);
    ASSERT_EQ_INT(env_after[0], env_after[1]);
    rmtree(dir);
    free(dir);
}

int main(void) {
    RUN(restart_from_checkpoint_exactly_once);
    RUN(restart_without_checkpoint_starts_over);
    RUN(attempts_run_out);
    RUN(failure_rate);
    RUN(filesystem_sink_restart_exactly_once);
    RUN(checkpoint_stats_without_checkpoints);
    RUN(no_checkpoints);
    RUN(option_errors);
    RUN(cancel_during_delay);
    RUN(datastream_map_restart);
    RUN(checkpointed_source_rewound);
    RUN(restarts_keep_memory_flat);
    return test_report();
}
