/*
 * test_job_handle.c -- eddy_job (Flink's JobClient): eddy_env_execute_async,
 * status transitions, wait with a timeout, cancel from another thread while
 * the owner iterates or the job prints, the error of a failed job, the jobs
 * of executeSql results, and metrics that match the rows processed.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "check.h"

static void exec_ok(eddy_tenv *t, const char *sql) { eddy_result_free(eddy_tenv_execute_sql(t, sql)); }

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool is_job_id(const char *id) {
    if (strlen(id) != 32) return false;
    for (const char *p = id; *p; p++)
        if (!strchr("0123456789abcdef", *p)) return false;
    return true;
}

/* ---- metrics collected into lines "operator/subtask name=value" -------------------------------- */

typedef struct Metrics {
    char text[16384];
    size_t len;
    int n;
} Metrics;

static void metric_line(void *ud, const eddy_metric *m) {
    Metrics *ms = ud;
    ms->n++;
    if (!strcmp(m->name, "numRecordsIn") || !strcmp(m->name, "numRecordsOut") ||
        !strcmp(m->name, "numLateRecordsDropped") || !strcmp(m->name, "currentOutputWatermark"))
        ms->len += (size_t)snprintf(ms->text + ms->len, sizeof ms->text - ms->len, "%s (%d/%d) %s=%lld\n",
                                    m->operator_name, m->subtask_index + 1, m->parallelism, m->name,
                                    (long long)m->int_value);
}

static double metric_value(eddy_job *job, const char *op, const char *name);

typedef struct Find {
    const char *op, *name;
    double v;
    int hits;
} Find;

static void find_cb(void *ud, const eddy_metric *m) {
    Find *f = ud;
    if (!strcmp(m->operator_name, f->op) && !strcmp(m->name, f->name)) {
        f->v += m->value;
        f->hits++;
    }
}

static double metric_value(eddy_job *job, const char *op, const char *name) {
    Find f = {op, name, 0, 0};
    eddy_job_metrics(job, find_cb, &f);
    return f.hits ? f.v : -1;
}

/* ---- a bounded job: statuses, id, name, exact counts ------------------------------------------- */

static eddy_status keep_even(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    int64_t v = 0;
    eddy_row_get_long(in, 0, &v);
    *keep = v % 2 == 0;
    return EDDY_OK;
}

static eddy_status count_sink(void *ctx, const eddy_row *in) {
    (void)in;
    atomic_fetch_add((atomic_long *)ctx, 1);
    return EDDY_OK;
}

TEST(test_bounded_job) {
    eddy_env *env = new_env(1);
    static atomic_long seen;
    atomic_init(&seen, 0);
    eddy_stream *s = eddy_stream_filter(eddy_from_sequence(env, 1, 1000), keep_even, NULL, NULL);
    eddy_stream_add_sink(s, count_sink, &seen, NULL, 1);
    eddy_job *job = NULL;
    ASSERT_TRUE(eddy_env_execute_async(env, "bounded", &job) == EDDY_OK);
    ASSERT_TRUE(job != NULL);
    ASSERT_TRUE(is_job_id(eddy_job_id(job)));
    ASSERT_STR_EQ(eddy_job_name(job), "bounded");
    ASSERT_TRUE(eddy_job_start_time(job) > 1700000000000LL);
    eddy_job_state st = eddy_job_status(job);
    ASSERT_TRUE(st == EDDY_JOB_RUNNING || st == EDDY_JOB_FINISHED);
    ASSERT_TRUE(eddy_job_wait(job, -1) == EDDY_JOB_FINISHED);
    ASSERT_TRUE(eddy_job_status(job) == EDDY_JOB_FINISHED);
    ASSERT_TRUE(eddy_job_error(job) == NULL);
    ASSERT_TRUE(atomic_load(&seen) == 500);
    /* exact counts: the source emits 1000, the filter keeps 500, the sink takes them */
    Metrics ms = {0};
    size_t n = eddy_job_metrics(job, metric_line, &ms);
    ASSERT_TRUE((int)n == ms.n);
    ASSERT_STR_EQ(ms.text,
              "Source: Sequence Source (1/1) numRecordsIn=0\n"
              "Source: Sequence Source (1/1) numRecordsOut=1000\n"
              "Source: Sequence Source (1/1) currentOutputWatermark=9223372036854775807\n"
              "Source: Sequence Source (1/1) numLateRecordsDropped=0\n"
              "Filter (1/1) numRecordsIn=1000\n"
              "Filter (1/1) numRecordsOut=500\n"
              "Filter (1/1) currentOutputWatermark=9223372036854775807\n"
              "Filter (1/1) numLateRecordsDropped=0\n"
              "Sink: Unnamed (1/1) numRecordsIn=500\n"
              "Sink: Unnamed (1/1) numRecordsOut=0\n"
              "Sink: Unnamed (1/1) currentOutputWatermark=9223372036854775807\n"
              "Sink: Unnamed (1/1) numLateRecordsDropped=0\n");
    ASSERT_TRUE(n == 3 * 11);
    double busy = metric_value(job, "Filter", "busyTimeMsPerSecond");
    double idle = metric_value(job, "Filter", "idleTimeMsPerSecond");
    double bp = metric_value(job, "Filter", "backPressuredTimeMsPerSecond");
    ASSERT_TRUE(busy >= 0 && idle >= 0 && bp >= 0 && busy + idle + bp > 999.0 && busy + idle + bp < 1001.0);
    ASSERT_TRUE(metric_value(job, "Filter", "numRecordsInPerSecond") > 0);
    /* a second wait returns at once */
    ASSERT_TRUE(eddy_job_wait(job, 0) == EDDY_JOB_FINISHED);
    eddy_job_free(job);
    /* nothing left to run */
    ASSERT_TRUE(eddy_env_execute_async(env, NULL, &job) == EDDY_E_MISUSE);
    ASSERT_TRUE(job == NULL);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "No operators defined in streaming topology. Cannot execute.");
    eddy_env_free(env);
    ASSERT_STR_EQ(eddy_job_status_name(EDDY_JOB_CANCELED), "CANCELED");
    ASSERT_STR_EQ(eddy_job_status_name(EDDY_JOB_CREATED), "CREATED");
    ASSERT_STR_EQ(eddy_job_status_name((eddy_job_state)42), "UNKNOWN");
    ASSERT_TRUE(eddy_job_status(NULL) == EDDY_JOB_CREATED);
    eddy_job_free(NULL);
}

/* ---- wait with a timeout, cancel, and a job left to the env --------------------------------- */

static eddy_status quiet_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)ctx, (void)subtask, (void)parallelism, (void)out;
    return EDDY_OK; /* nothing yet, forever */
}

TEST(test_wait_timeout_and_cancel) {
    eddy_env *env = new_env(1);
    eddy_stream_add_sink(eddy_from_source(env, "BIGINT", false, quiet_source, NULL, NULL), count_sink, NULL, NULL, 1);
    eddy_job *job = NULL;
    ASSERT_TRUE(eddy_env_execute_async(env, NULL, &job) == EDDY_OK);
    ASSERT_STR_EQ(eddy_job_name(job), "Flink Streaming Job");
    int64_t t0 = now_ms();
    ASSERT_TRUE(eddy_job_wait(job, 100) == EDDY_JOB_RUNNING);
    int64_t waited = now_ms() - t0;
    ASSERT_TRUE(waited >= 100 && waited < 5000);
    ASSERT_TRUE(eddy_job_wait(job, 0) == EDDY_JOB_RUNNING);
    eddy_job_cancel(job);
    ASSERT_TRUE(eddy_job_wait(job, -1) == EDDY_JOB_CANCELED);
    ASSERT_TRUE(eddy_job_error(job) == NULL);
    eddy_job_cancel(job); /* a no-op now */
    ASSERT_TRUE(eddy_job_status(job) == EDDY_JOB_CANCELED);
    eddy_job_free(job);

    /* a running job not freed: eddy_env_free cancels and frees it */
    eddy_stream_add_sink(eddy_from_source(env, "BIGINT", false, quiet_source, NULL, NULL), count_sink, NULL, NULL, 1);
    ASSERT_TRUE(eddy_env_execute_async(env, "left", &job) == EDDY_OK);
    ASSERT_TRUE(eddy_job_status(job) == EDDY_JOB_RUNNING);
    eddy_env_free(env);
}

/* ---- a failing job ---------------------------------------------------------------------------- */

static eddy_status fail_at_7(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t v = 0;
    eddy_row_get_long(in, 0, &v);
    if (v == 7) return eddy_out_error(out, "row %lld is bad", (long long)v);
    return eddy_out_set_long(out, 0, v);
}

TEST(test_failed_job) {
    eddy_env *env = new_env(1);
    eddy_stream_add_sink(eddy_stream_map(eddy_from_sequence(env, 1, 100), "BIGINT", fail_at_7, NULL, NULL),
                         count_sink, NULL, NULL, 1);
    eddy_job *job = NULL;
    ASSERT_TRUE(eddy_env_execute_async(env, "fails", &job) == EDDY_OK);
    ASSERT_TRUE(eddy_job_wait(job, -1) == EDDY_JOB_FAILED);
    const char *e = eddy_job_error(job);
    ASSERT_TRUE(e != NULL);
    ASSERT_TRUE(e && strstr(e, "row 7 is bad") != NULL);
    /* the env has no error: the job's failure is the handle's */
    ASSERT_TRUE(eddy_env_errcode(env) == EDDY_OK);
    eddy_job_free(job);
    eddy_env_free(env);
}

/* ---- cancel from other threads while the owner iterates or the job prints -------------------- */

typedef struct Watcher {
    eddy_job *job;
    long delay_ms;
    atomic_int stop;
    atomic_int polls;
    pthread_t th;
} Watcher;

static void count_metric(void *ud, const eddy_metric *m) {
    (void)m;
    ++*(int *)ud;
}

static void *watch_and_cancel(void *arg) {
    Watcher *w = arg;
    int64_t t0 = now_ms();
    while (!atomic_load(&w->stop)) {
        int n = 0;
        eddy_job_metrics(w->job, count_metric, &n);
        (void)eddy_job_status(w->job);
        (void)eddy_job_error(w->job);
        atomic_fetch_add(&w->polls, 1);
        if (now_ms() - t0 >= w->delay_ms) eddy_job_cancel(w->job);
        sched_yield();
    }
    return NULL;
}

static void watcher_start(Watcher *w, eddy_job *job, long delay_ms) {
    w->job = job;
    w->delay_ms = delay_ms;
    atomic_init(&w->stop, 0);
    atomic_init(&w->polls, 0);
    pthread_create(&w->th, NULL, watch_and_cancel, w);
}

static void watcher_stop(Watcher *w) {
    atomic_store(&w->stop, 1);
    pthread_join(w->th, NULL);
}

TEST(test_cancel_query_while_iterating) {
    for (int round = 0; round < 5; round++) {
        eddy_env *env = new_env(2);
        eddy_tenv *t = eddy_tenv_new(env);
        exec_ok(t, "CREATE TABLE endless (x BIGINT) WITH ('connector' = 'datagen')");
        eddy_result *r = eddy_tenv_execute_sql(t, "SELECT x FROM endless");
        ASSERT_TRUE(r != NULL);
        eddy_job *job = eddy_result_job(r);
        ASSERT_TRUE(job != NULL);
        ASSERT_STR_EQ(eddy_job_id(job), eddy_result_job_id(r));
        ASSERT_STR_EQ(eddy_job_name(job), "collect");
        ASSERT_TRUE(eddy_job_status(job) == EDDY_JOB_RUNNING);
        Watcher w;
        watcher_start(&w, job, 20 + round * 15);
        eddy_iter *it = eddy_result_collect(r);
        const eddy_row *row;
        long rows = 0;
        eddy_status rc;
        while ((rc = eddy_iter_next(it, &row)) == EDDY_ROW) rows++;
        eddy_job_state st = eddy_job_status(job);
        eddy_iter_free(it);
        watcher_stop(&w);
        ASSERT_TRUE(rc == EDDY_E_CANCELLED);
        ASSERT_TRUE(rows > 0 || round == 0);
        ASSERT_TRUE(st == EDDY_JOB_CANCELED);
        ASSERT_TRUE(atomic_load(&w.polls) > 0);
        /* the rows are gone: the handle keeps the last state */
        ASSERT_TRUE(eddy_job_status(job) == EDDY_JOB_CANCELED);
        ASSERT_TRUE(eddy_job_metrics(job, NULL, NULL) == 0);
        eddy_env_clear_error(env);
        eddy_result_free(r);
        eddy_env_free(env);
    }
}

TEST(test_cancel_while_printing) {
    eddy_env *env = new_env(2);
    FILE *f = tmpfile();
    eddy_stream_print_to(eddy_from_sequence(env, 1, INT64_MAX), "out", f, 2);
    eddy_job *job = NULL;
    ASSERT_TRUE(eddy_env_execute_async(env, "printing", &job) == EDDY_OK);
    Watcher w;
    watcher_start(&w, job, 30);
    eddy_job_state st = eddy_job_wait(job, -1);
    watcher_stop(&w);
    ASSERT_TRUE(st == EDDY_JOB_CANCELED);
    ASSERT_TRUE(metric_value(job, "Sink: Print to Std. Out", "numRecordsIn") > 0);
    ASSERT_TRUE(metric_value(job, "Sink: Print to Std. Out", "numRecordsIn") ==
          metric_value(job, "Source: Sequence Source", "numRecordsOut"));
    eddy_job_free(job);
    fclose(f);
    eddy_env_free(env);
}

/* ---- the jobs of INSERT results --------------------------------------------------------------- */

TEST(test_insert_result_job) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1234', "
               "'rows-per-second' = '100000000')");
    exec_ok(t, "CREATE TABLE sink (x BIGINT) WITH ('connector' = 'blackhole')");
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink SELECT x FROM g WHERE x IS NOT NULL");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    ASSERT_TRUE(job != NULL);
    ASSERT_STR_EQ(eddy_job_id(job), eddy_result_job_id(r));
    ASSERT_STR_EQ(eddy_job_name(job), "insert-into_default_catalog.default_database.sink");
    ASSERT_TRUE(eddy_job_wait(job, -1) == EDDY_JOB_FINISHED);
    ASSERT_TRUE(eddy_result_await(r) == EDDY_OK);
    ASSERT_TRUE(metric_value(job, "Sink: BlackHole", "numRecordsIn") == 1234);
    eddy_job_free(job); /* the result's: a no-op */
    ASSERT_TRUE(eddy_job_status(job) == EDDY_JOB_FINISHED);
    eddy_result_free(r);
    /* a result without a job */
    r = eddy_tenv_execute_sql(t, "SHOW TABLES");
    ASSERT_TRUE(eddy_result_job(r) == NULL);
    eddy_result_free(r);
    eddy_env_free(env);
}

int main(void) {
    RUN(test_bounded_job);
    RUN(test_wait_timeout_and_cancel);
    RUN(test_failed_job);
    RUN(test_cancel_query_while_iterating);
    RUN(test_cancel_while_printing);
    RUN(test_insert_result_job);
    return test_report();
}
