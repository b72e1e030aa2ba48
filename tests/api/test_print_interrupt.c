/*
 * test_print_interrupt.c -- stopping a result that is being printed from
 * another thread, as the shell does on Ctrl-C: the thread sets the
 * interrupt flag and cancels the job while the printer waits for rows that
 * never come. Printing must end with the SQL client's "Query terminated"
 * line and EDDY_E_CANCELLED, not with the cancellation as an error.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "check.h"

typedef struct Stopper {
    eddy_result *r;
    eddy_interrupt_flag flag;
} Stopper;

static void *stop_later(void *arg) {
    Stopper *s = arg;
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    atomic_store(&s->flag, 1);
    eddy_result_cancel(s->r);
    return NULL;
}

TEST(cancel_while_waiting_for_rows) {
    eddy_config cfg = {EDDY_CONFIG_VERSION, 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_result *ddl = eddy_tenv_execute_sql(t, "CREATE TABLE endless (x BIGINT) WITH ('connector' = 'datagen')");
    ASSERT_TRUE(ddl != NULL);
    /* no row ever passes the filter: the printer blocks waiting for one */
    Stopper s = {eddy_tenv_execute_sql(t, "SELECT x FROM endless WHERE x <> x"), 0};
    ASSERT_TRUE(s.r != NULL);
    pthread_t th;
    pthread_create(&th, NULL, stop_later, &s);
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CLIENT, 0, &s.flag, 0};
    eddy_status st = eddy_result_print_with(s.r, f, &o);
    fclose(f);
    pthread_join(th, NULL);
    ASSERT_EQ_INT(st, EDDY_E_CANCELLED);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    ASSERT_TEXT(out, "+----+----------------------+\n"
                     "| op |                    x |\n"
                     "+----+----------------------+\n"
                     "Query terminated, received a total of 0 row\n");
    eddy_env_free(env);
}

/* A canceller that keeps calling eddy_result_cancel until the printer is
 * done: it races every step of printing, including the end, where the
 * printer frees the job the canceller reaches through the result. */
typedef struct Spinner {
    eddy_result *r;
    atomic_int done;
    atomic_int calls;
} Spinner;

static void *cancel_until_done(void *arg) {
    Spinner *s = arg;
    while (!atomic_load(&s->done)) {
        eddy_result_cancel(s->r);
        atomic_fetch_add(&s->calls, 1);
    }
    eddy_result_cancel(s->r); /* after the job ended: nothing to do */
    return NULL;
}

TEST(cancel_races_the_end_of_printing) {
    eddy_config cfg = {EDDY_CONFIG_VERSION, 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    int completed = 0, cancelled = 0;
    for (int i = 0; i < 200; i++) {
        Spinner s = {eddy_tenv_execute_sql(t, "SELECT x FROM (VALUES (1), (2)) AS v(x)"), 0, 0};
        ASSERT_TRUE(s.r != NULL);
        pthread_t th;
        pthread_create(&th, NULL, cancel_until_done, &s);
        while (atomic_load(&s.calls) == 0) sched_yield(); /* cancelling before the print starts */
        char *out = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&out, &n);
        eddy_status st = eddy_result_print(s.r, f);
        fclose(f);
        atomic_store(&s.done, 1);
        pthread_join(th, NULL);
        /* either the rows came before the cancel, or the job was cancelled */
        if (st == EDDY_OK) {
            completed++;
            ASSERT_TEXT(out, "+----+-------------+\n"
                             "| op |           x |\n"
                             "+----+-------------+\n"
                             "| +I |           1 |\n"
                             "| +I |           2 |\n"
                             "+----+-------------+\n"
                             "2 rows in set\n");
            out = NULL; /* ASSERT_TEXT freed it */
        } else {
            cancelled++;
            ASSERT_EQ_INT(st, EDDY_E_CANCELLED);
            ASSERT_STR_EQ(eddy_env_errmsg(env), "The job was cancelled.");
            eddy_env_clear_error(env);
        }
        free(out);
        eddy_result_free(s.r);
    }
    ASSERT_EQ_INT(completed + cancelled, 200);
    if (getenv("EDDY_TEST_VERBOSE")) fprintf(stderr, "%d printed to the end, %d cancelled\n", completed, cancelled);
    eddy_env_free(env);
}

int main(void) {
    RUN(cancel_while_waiting_for_rows);
    RUN(cancel_races_the_end_of_printing);
    return test_report();
}
