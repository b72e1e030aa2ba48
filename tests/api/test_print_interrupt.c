/*
 * test_print_interrupt.c -- stopping a result that is being printed from
 * another thread, as the shell does on Ctrl-C: the thread sets the
 * interrupt flag and cancels the job while the printer waits for rows that
 * never come. Printing must end with the SQL client's "Query terminated"
 * line and EDDY_E_CANCELLED, not with the cancellation as an error.
 */
#include <pthread.h>
#include <time.h>

#include "check.h"

typedef struct Stopper {
    eddy_result *r;
    volatile int flag;
} Stopper;

static void *stop_later(void *arg) {
    Stopper *s = arg;
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    s->flag = 1;
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
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CLIENT, 0, &s.flag};
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

int main(void) {
    RUN(cancel_while_waiting_for_rows);
    return test_report();
}
