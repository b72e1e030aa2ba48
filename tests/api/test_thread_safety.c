/*
 * test_thread_safety.c -- the calls eddy.h allows from another thread,
 * made while the owner thread runs, prints, iterates, awaits and frees:
 * eddy_result_cancel (a query printed or collected, an INSERT awaited, a
 * result without a job) and the print interrupt flag. Each case repeats
 * many times with the other thread racing every step, the end included;
 * the owner must see either the whole result or a clean cancellation, and
 * the sanitizers (ASan here, TSan in build-tsan) see no race.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "check.h"

#define ROUNDS 50

/* After a delay, calls eddy_result_cancel in a loop until told to stop.
 * The delays of the rounds go from 0 to past the end of the job, so the
 * cancels land before the job runs, while it runs, as it ends, and on the
 * ended job and freed rows. */
typedef struct Canceller {
    eddy_result *r;
    long delay_us;
    atomic_int stop;
    atomic_int calls;
    pthread_t th;
} Canceller;

static void *cancel_loop(void *arg) {
    Canceller *c = arg;
    atomic_fetch_add(&c->calls, 1);
    struct timespec ts = {0, c->delay_us * 1000};
    nanosleep(&ts, NULL);
    while (!atomic_load(&c->stop)) {
        eddy_result_cancel(c->r);
        atomic_fetch_add(&c->calls, 1);
        sched_yield();
    }
    return NULL;
}

static void canceller_start(Canceller *c, eddy_result *r, long delay_us) {
    c->r = r;
    c->delay_us = delay_us;
    atomic_init(&c->stop, 0);
    atomic_init(&c->calls, 0);
    pthread_create(&c->th, NULL, cancel_loop, c);
    while (atomic_load(&c->calls) == 0) sched_yield();
}

static void canceller_stop(Canceller *c) {
    atomic_store(&c->stop, 1);
    pthread_join(c->th, NULL);
    eddy_result_cancel(c->r); /* once more, after everything ended: a no-op */
}

static eddy_env *stress_env(void) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 2, .worker_threads = 2};
    return eddy_env_new(&cfg);
}

static void exec_ok(eddy_tenv *t, const char *sql) { eddy_result_free(eddy_tenv_execute_sql(t, sql)); }

TEST(cancel_while_iterating_a_collected_result) {
    eddy_env *env = stress_env();
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3000', 'rows-per-second' = '100000000')");
    int whole = 0, cancelled = 0;
    for (int i = 0; i < ROUNDS; i++) {
        eddy_result *r = eddy_tenv_execute_sql(t, "SELECT x FROM g");
        ASSERT_TRUE(r != NULL);
        Canceller c;
        canceller_start(&c, r, (i % 25) * 40);
        eddy_iter *it = eddy_result_collect(r); /* the cancel still reaches its job */
        ASSERT_TRUE(it != NULL);
        const eddy_row *row;
        eddy_status st;
        long n = 0;
        while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) n++;
        if (st == EDDY_DONE) {
            whole++;
            ASSERT_EQ_INT(n, 3000);
        } else {
            cancelled++;
            ASSERT_EQ_INT(st, EDDY_E_CANCELLED);
            ASSERT_STR_EQ(eddy_iter_errmsg(it), "The job was cancelled.");
            ASSERT_TRUE(n <= 3000); /* all rows may be in before the job ends */
        }
        eddy_iter_free(it); /* races the canceller too */
        canceller_stop(&c);
        eddy_result_free(r);
        ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    }
    ASSERT_EQ_INT(whole + cancelled, ROUNDS);
    if (getenv("EDDY_TEST_VERBOSE")) fprintf(stderr, "collect: %d whole, %d cancelled\n", whole, cancelled);
    eddy_env_free(env);
}

static void *cancel_once(void *arg) {
    eddy_result_cancel(arg);
    return NULL;
}

TEST(cancel_reaches_the_job_of_a_collected_result) {
    eddy_env *env = stress_env();
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "CREATE TABLE endless (x BIGINT) WITH ('connector' = 'datagen')");
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT x FROM endless");
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
    pthread_t th;
    pthread_create(&th, NULL, cancel_once, r);
    pthread_join(th, NULL);
    eddy_status st;
    while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
    }
    ASSERT_EQ_INT(st, EDDY_E_CANCELLED);
    ASSERT_STR_EQ(eddy_iter_errmsg(it), "The job was cancelled.");
    eddy_iter_free(it);
    eddy_result_free(r);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    eddy_env_free(env);
}

TEST(cancel_while_awaiting_an_insert) {
    eddy_env *env = stress_env();
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3000', 'rows-per-second' = '100000000')");
    exec_ok(t, "CREATE TABLE sink (x BIGINT) WITH ('connector' = 'blackhole')");
    int whole = 0;
    for (int i = 0; i < ROUNDS; i++) {
        eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink SELECT x FROM g");
        ASSERT_TRUE(r != NULL);
        Canceller c;
        canceller_start(&c, r, (i % 25) * 40);
        eddy_status st = eddy_result_await(r);
        if (st == EDDY_OK) whole++;
        if (st != EDDY_OK) {
            ASSERT_EQ_INT(st, EDDY_E_CANCELLED);
            ASSERT_STR_EQ(eddy_env_errmsg(env), "The job was cancelled.");
            eddy_env_clear_error(env);
        }
        canceller_stop(&c);
        ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK); /* the end is reported once */
        eddy_result_free(r);
        ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    }
    if (getenv("EDDY_TEST_VERBOSE")) fprintf(stderr, "insert: %d whole, %d cancelled\n", whole, ROUNDS - whole);
    eddy_env_free(env);
}

TEST(cancel_a_result_without_a_job) {
    eddy_env *env = stress_env();
    eddy_tenv *t = eddy_tenv_new(env);
    for (int i = 0; i < ROUNDS; i++) {
        eddy_result *r = eddy_tenv_execute_sql(t, "SHOW CATALOGS");
        ASSERT_TRUE(r != NULL);
        Canceller c;
        canceller_start(&c, r, (i % 25) * 40);
        char *out = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&out, &n);
        ASSERT_EQ_INT(eddy_result_print(r, f), EDDY_OK);
        fclose(f);
        canceller_stop(&c);
        ASSERT_TEXT(out, "+-----------------+\n"
                         "|    catalog name |\n"
                         "+-----------------+\n"
                         "| default_catalog |\n"
                         "+-----------------+\n"
                         "1 row in set\n");
        eddy_result_free(r);
    }
    eddy_env_free(env);
}

/* Raises the interrupt flag and cancels after a delay that varies per round. */
typedef struct Interrupter {
    eddy_result *r;
    eddy_interrupt_flag flag;
    long delay_us;
} Interrupter;

static void *interrupt_later(void *arg) {
    Interrupter *in = arg;
    struct timespec ts = {0, in->delay_us * 1000};
    nanosleep(&ts, NULL);
    atomic_store(&in->flag, 1);
    eddy_result_cancel(in->r);
    return NULL;
}

/* The number of "| +I |" row lines in a printed table. */
static long row_lines(const char *out) {
    long n = 0;
    for (const char *p = out; (p = strstr(p, "| +I |")); p++) n++;
    return n;
}

TEST(interrupt_flag_from_another_thread_while_printing) {
    eddy_env *env = stress_env();
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '2000', 'rows-per-second' = '100000000')");
    int whole = 0, stopped = 0;
    for (int i = 0; i < ROUNDS; i++) {
        Interrupter in = {eddy_tenv_execute_sql(t, "SELECT x FROM g"), 0, (i % 25) * 2000};
        ASSERT_TRUE(in.r != NULL);
        pthread_t th;
        pthread_create(&th, NULL, interrupt_later, &in);
        char *out = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&out, &n);
        eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CLIENT, 0, &in.flag, 0};
        eddy_status st = eddy_result_print_with(in.r, f, &o);
        fclose(f);
        pthread_join(th, NULL);
        long rows = row_lines(out);
        char last[128];
        if (st == EDDY_OK) {
            whole++;
            ASSERT_EQ_INT(rows, 2000);
            snprintf(last, sizeof last, "+----+----------------------+\nReceived a total of 2000 rows\n");
        } else {
            stopped++;
            ASSERT_EQ_INT(st, EDDY_E_CANCELLED);
            snprintf(last, sizeof last, "Query terminated, received a total of %ld %s\n", rows, rows > 1 ? "rows" : "row");
        }
        size_t ll = strlen(last);
        ASSERT_TRUE(n >= ll && strcmp(out + n - ll, last) == 0);
        free(out);
        ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
        eddy_result_free(in.r);
    }
    ASSERT_TRUE(stopped > 0); /* the first delays are shorter than any print of 2000 rows */
    ASSERT_EQ_INT(whole + stopped, ROUNDS);
    if (getenv("EDDY_TEST_VERBOSE")) fprintf(stderr, "print: %d whole, %d interrupted\n", whole, stopped);
    eddy_env_free(env);
}

int main(void) {
    RUN(cancel_reaches_the_job_of_a_collected_result);
    RUN(cancel_while_iterating_a_collected_result);
    RUN(cancel_while_awaiting_an_insert);
    RUN(cancel_a_result_without_a_job);
    RUN(interrupt_flag_from_another_thread_while_printing);
    return test_report();
}
