/*
 * test_cancel_timeout.c -- a user callback that does not return when its
 * job is cancelled (task.cancellation.timeout). Freeing the iterator, the
 * result or the env, awaiting a cancelled job and executing a failed one
 * each give up after the timeout with an error naming the stuck task, and
 * leak the job (or the env) instead of freeing what the callback may still
 * use. The callbacks here block on a gate the test opens afterwards, so
 * that the worker returns and the env can then be freed whole.
 */
#include <pthread.h>
#include <sys/wait.h>
#include <time.h>

#include "check.h"

/* A gate a callback waits at until the test opens it. */
typedef struct Gate {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int entered; /* callbacks that reached the gate */
    bool open;
    int freed;   /* ctx_free calls */
} Gate;

static void gate_init(Gate *g) {
    memset(g, 0, sizeof *g);
    pthread_mutex_init(&g->mu, NULL);
    pthread_cond_init(&g->cv, NULL);
}

static void gate_wait_entered(Gate *g, int n) {
    pthread_mutex_lock(&g->mu);
    while (g->entered < n) pthread_cond_wait(&g->cv, &g->mu);
    pthread_mutex_unlock(&g->mu);
}

static void gate_open(Gate *g) {
    pthread_mutex_lock(&g->mu);
    g->open = true;
    pthread_cond_broadcast(&g->cv);
    pthread_mutex_unlock(&g->mu);
}

static int gate_freed(Gate *g) {
    pthread_mutex_lock(&g->mu);
    int n = g->freed;
    pthread_mutex_unlock(&g->mu);
    return n;
}

static void gate_ctx_free(void *ctx) {
    Gate *g = ctx;
    pthread_mutex_lock(&g->mu);
    g->freed++;
    pthread_mutex_unlock(&g->mu);
}

/* A source that blocks at the gate on its first call, then ends. */
static eddy_status blocking_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask, (void)parallelism, (void)out;
    Gate *g = ctx;
    pthread_mutex_lock(&g->mu);
    g->entered++;
    pthread_cond_broadcast(&g->cv);
    while (!g->open) pthread_cond_wait(&g->cv, &g->mu);
    pthread_mutex_unlock(&g->mu);
    return EDDY_DONE;
}

/* Subtask 1 blocks at the gate; subtask 0 fails once it is there. */
static eddy_status failing_or_blocking_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    if (subtask != 0) return blocking_source(ctx, subtask, parallelism, out);
    gate_wait_entered(ctx, 1);
    return eddy_out_error(out, "boom");
}

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static eddy_env *env_with_timeout(int64_t ms, int parallelism) {
    /* two workers whatever the cores: a blocked callback holds one */
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = parallelism, .worker_threads = 2,
                       .task_cancellation_timeout_ms = ms};
    return eddy_env_new(&cfg);
}

static const char STUCK_SOURCE[] =
    "Task 'Source: Custom Source -> Sink: Collect Stream Sink (1/1)' did not exit gracefully within 200 ms after the job "
    "was cancelled (task.cancellation.timeout): it is still inside a call to user code or an operator. eddy "
    "cannot stop a thread: it is left running, and what the job holds is not freed.";

TEST(freeing_an_iterator_gives_up_on_a_stuck_source) {
    static Gate g;
    gate_init(&g);
    eddy_env *env = env_with_timeout(200, 1);
    eddy_stream *s = eddy_from_source(env, "BIGINT", false, blocking_source, &g, gate_ctx_free);
    eddy_iter *it = eddy_stream_execute_and_collect(s);
    ASSERT_TRUE(it != NULL);
    gate_wait_entered(&g, 1);
    int64_t t0 = now_ms();
    eddy_iter_free(it); /* hung for ever before */
    int64_t waited = now_ms() - t0;
    ASSERT_TRUE(waited >= 200);
    ASSERT_TRUE(waited < 5000);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_E_RUNTIME);
    ASSERT_STR_EQ(eddy_env_errmsg(env), STUCK_SOURCE);
    eddy_env_clear_error(env);
    ASSERT_EQ_INT(gate_freed(&g), 0);
    /* the callback returns: the env can now free everything */
    gate_open(&g);
    char msg[512];
    ASSERT_EQ_INT(eddy_env_close(env, msg, sizeof msg), EDDY_OK);
    ASSERT_STR_EQ(msg, "");
    ASSERT_EQ_INT(gate_freed(&g), 1);
}

TEST(a_cancelled_print_reports_the_stuck_task_set_in_sql) {
    static Gate g;
    gate_init(&g);
    eddy_env *env = env_with_timeout(0, 1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "task.cancellation.timeout"), "3 min");
    eddy_result *r = eddy_tenv_execute_sql(t, "SET 'task.cancellation.timeout' = 'soon'");
    ASSERT_TRUE(r == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value 'soon' for key 'task.cancellation.timeout'.");
    eddy_result_free(eddy_tenv_execute_sql(t, "SET 'task.cancellation.timeout' = '200ms'"));
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "task.cancellation.timeout"), "200ms");
    ASSERT_TRUE(eddy_option_is_known("task.cancellation.timeout"));
    eddy_stream *s = eddy_from_source(env, "BIGINT", false, blocking_source, &g, gate_ctx_free);
    ASSERT_TRUE(eddy_tenv_create_temporary_view(t, "stuck", eddy_tenv_from_datastream(t, s, NULL)) == EDDY_OK);
    r = eddy_tenv_execute_sql(t, "SELECT f0 + 1 AS x FROM stuck");
    ASSERT_TRUE(r != NULL);
    gate_wait_entered(&g, 1);
    eddy_interrupt_flag flag = 1; /* raised before the first row */
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CLIENT, 0, &flag, 0};
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    eddy_status st = eddy_result_print_with(r, f, &o);
    fclose(f);
    ASSERT_TEXT(out, "+----+----------------------+\n"
                     "| op |                    x |\n"
                     "+----+----------------------+\n"
                     "Query terminated, received a total of 0 row\n");
    ASSERT_EQ_INT(st, EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env), "did not exit gracefully within 200 ms after the job was cancelled");
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env),
                        "Task 'Source: Custom Source -> SourceConversion -> Sink: Collect table sink (1/1)'");
    eddy_env_clear_error(env);
    eddy_result_free(r);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK); /* reported once, by the print */
    /* RESET: back to the env's value */
    eddy_result_free(eddy_tenv_execute_sql(t, "RESET 'task.cancellation.timeout'"));
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "task.cancellation.timeout"), "3 min");
    gate_open(&g);
    ASSERT_EQ_INT(eddy_env_close(env, NULL, 0), EDDY_OK);
    ASSERT_EQ_INT(gate_freed(&g), 1);
}

TEST(a_failed_job_with_a_stuck_subtask_ends_execute) {
    static Gate g;
    gate_init(&g);
    eddy_env *env = env_with_timeout(200, 2);
    eddy_stream *s = eddy_from_source(env, "BIGINT", true, failing_or_blocking_source, &g, gate_ctx_free);
    ASSERT_TRUE(eddy_stream_print_to(s, NULL, stderr, 1) == EDDY_OK);
    int64_t t0 = now_ms();
    ASSERT_EQ_INT(eddy_env_execute(env, "stuck"), EDDY_E_RUNTIME); /* hung for ever before */
    ASSERT_TRUE(now_ms() - t0 < 5000);
    ASSERT_STR_EQ(eddy_env_errmsg(env),
                  "Task 'Source: Custom Source (2/2)' did not exit gracefully within 200 ms after the job failed "
                  "(task.cancellation.timeout): it is still inside a call to user code or an operator. eddy cannot "
                  "stop a thread: it is left running, and what the job holds is not freed. The job failed with: "
                  "boom");
    eddy_env_clear_error(env);
    gate_open(&g);
    ASSERT_EQ_INT(eddy_env_close(env, NULL, 0), EDDY_OK);
    ASSERT_EQ_INT(gate_freed(&g), 1);
}

TEST(awaiting_a_cancelled_insert_gives_up_on_a_stuck_sink) {
    static Gate g;
    gate_init(&g);
    eddy_env *env = env_with_timeout(200, 1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_stream *s = eddy_from_source(env, "BIGINT", false, blocking_source, &g, gate_ctx_free);
    ASSERT_TRUE(eddy_tenv_create_temporary_view(t, "stuck", eddy_tenv_from_datastream(t, s, NULL)) == EDDY_OK);
    eddy_result_free(eddy_tenv_execute_sql(t, "CREATE TABLE sink (x BIGINT) WITH ('connector' = 'blackhole')"));
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink SELECT f0 FROM stuck");
    ASSERT_TRUE(r != NULL);
    gate_wait_entered(&g, 1);
    eddy_result_cancel(r);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env), "did not exit gracefully within 200 ms after the job was cancelled");
    eddy_env_clear_error(env);
    /* the deadline has passed: freeing the result does not wait again */
    int64_t t0 = now_ms();
    eddy_result_free(r);
    ASSERT_TRUE(now_ms() - t0 < 150);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_E_RUNTIME);
    eddy_env_clear_error(env);
    gate_open(&g);
    char msg[1024];
    ASSERT_EQ_INT(eddy_env_close(env, msg, sizeof msg), EDDY_OK);
    ASSERT_STR_EQ(msg, "");
    ASSERT_EQ_INT(gate_freed(&g), 1);
}

/* The env cannot be freed while the callback runs: eddy_env_close says so
 * and leaks it. Run in a child process that ends with _exit, so that the
 * leak checker does not count what eddy left on purpose. */
static int close_while_stuck_child(void) {
    static Gate g;
    gate_init(&g);
    eddy_env *env = env_with_timeout(200, 1);
    eddy_stream *s = eddy_from_source(env, "BIGINT", false, blocking_source, &g, gate_ctx_free);
    eddy_iter *it = eddy_stream_execute_and_collect(s);
    if (!it) return 10;
    gate_wait_entered(&g, 1);
    char msg[1024];
    int64_t t0 = now_ms();
    if (eddy_env_close(env, msg, sizeof msg) != EDDY_E_RUNTIME) return 11;
    int64_t waited = now_ms() - t0;
    if (waited < 200 || waited > 5000) return 12;
    char want[1024];
    snprintf(want, sizeof want, "%s The environment is not freed either (no ctx_free runs).", STUCK_SOURCE);
    if (strcmp(msg, want) != 0) {
        fprintf(stderr, "got:  %s\nwant: %s\n", msg, want);
        return 13;
    }
    if (gate_freed(&g) != 0) return 14;
    /* the callback returns into the leaked job: the worker must exit quietly */
    gate_open(&g);
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    return gate_freed(&g) == 0 ? 0 : 15;
}

TEST(closing_the_env_while_a_task_is_stuck_leaks_it) {
    fflush(NULL);
    pid_t pid = fork();
    ASSERT_TRUE(pid >= 0);
    if (pid == 0) _exit(close_while_stuck_child());
    int status = 0;
    ASSERT_EQ_INT(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ_INT(WEXITSTATUS(status), 0);
}

TEST(a_job_that_stops_in_time_is_not_reported) {
    eddy_env *env = env_with_timeout(200, 1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_result_free(eddy_tenv_execute_sql(t, "CREATE TABLE endless (x BIGINT) WITH ('connector' = 'datagen')"));
    eddy_iter *it = eddy_result_collect(eddy_tenv_execute_sql(t, "SELECT x FROM endless"));
    const eddy_row *row;
    ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
    eddy_iter_free(it);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    ASSERT_EQ_INT(eddy_env_close(env, NULL, 0), EDDY_OK);
}

int main(void) {
    RUN(closing_the_env_while_a_task_is_stuck_leaks_it); /* first: fork before any thread */
    RUN(freeing_an_iterator_gives_up_on_a_stuck_source);
    RUN(a_cancelled_print_reports_the_stuck_task_set_in_sql);
    RUN(a_failed_job_with_a_stuck_subtask_ends_execute);
    RUN(awaiting_a_cancelled_insert_gives_up_on_a_stuck_sink);
    RUN(a_job_that_stops_in_time_is_not_reported);
    return test_report();
}
