/*
 * test_interval_join.c -- the streaming interval join as the watermark moves:
 * outer rows padded when the watermark passes their cleanup timers (not only
 * at the end), late rows -- behind the watermark by more than their window --
 * that are padded at once (outer side), that still join the other side's
 * rows not yet expired, or that are dropped (inner side) because the rows
 * they would have joined were cleaned up.
 *
 * The two inputs are user sources emitting one row per call (one batch,
 * then the watermark of its time, WATERMARK FOR t AS t). A source that
 * must wait for the join's progress waits until the sink has seen a row that
 * only that progress produces, so the order of events at the join is fixed.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "check.h"

typedef struct Ev {
    int wait; /* 0, or the flag (1, 2) to wait for before this row */
    const char *k, *t, *v;
} Ev;

typedef struct Script {
    const Ev *ev;
    int n, next;
    int waited; /* ms waited for the current row: given up after 10 s (the test then fails on the rows) */
} Script;

static atomic_int flags[3];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static Lines got;

static eddy_status run(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    Script *s = ctx;
    if (s->next == s->n) return EDDY_DONE;
    const Ev *e = &s->ev[s->next];
    if (e->wait && !atomic_load(&flags[e->wait]) && s->waited < 10000) {
        usleep(1000);
        s->waited++;
        return EDDY_OK;
    }
    s->next++;
    s->waited = 0;
    char ts[64];
    snprintf(ts, sizeof ts, "TIMESTAMP '2024-01-01 00:00:%s'", e->t);
    eddy_status rc = eddy_out_set_cstring(out, 0, e->k);
    if (!rc) rc = eddy_out_set_literal(out, 1, ts);
    if (!rc) rc = eddy_out_set_cstring(out, 2, e->v);
    return rc ? rc : eddy_out_emit(out);
}

/* Collects the rows; a row raises the flag the script waits for. */
static eddy_status sink(void *ctx, const eddy_row *row) {
    (void)ctx;
    char buf[128];
    eddy_row_to_string(row, buf, sizeof buf);
    pthread_mutex_lock(&mu);
    lines_add(&got, buf);
    pthread_mutex_unlock(&mu);
    if (!strcmp(buf, "+I[L2, null]")) atomic_store(&flags[1], 1);
    if (!strcmp(buf, "+I[L6, R4]")) atomic_store(&flags[2], 1);
    return EDDY_OK;
}

static void view(eddy_env *env, eddy_tenv *tenv, const char *name, Script *s) {
    eddy_stream *ds = eddy_from_source(env, "ROW<k STRING, t TIMESTAMP(3), v STRING>", false, run, s, NULL);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column(sc, "k", "STRING");
    eddy_schema_column(sc, "t", "TIMESTAMP(3)");
    eddy_schema_column(sc, "v", "STRING");
    eddy_schema_watermark(sc, "t", "t");
    ASSERT_TRUE(eddy_tenv_create_temporary_view_from_stream(tenv, name, ds, sc) == EDDY_OK);
}

TEST(outer_rows_go_out_as_the_watermark_passes_and_late_rows_as_flink_treats_them) {
    /* window: R.t BETWEEN L.t - 1 s AND L.t + 1 s; cleanup timers at a row's
     * time + 1 s + 1 s (half the window) + 1 ms */
    static const Ev left[] = {
        {0, "a", "11", "L1"}, /* joins R1 (10 s) */
        {0, "b", "12", "L2"}, /* never joins: padded when the watermark passes 14.001 s */
        {0, "c", "40", "L3"}, /* the left watermark to 40 s; padded at the end */
        /* the watermark is 40 s now (R's is 50 s): R1 and L1 are cleaned up */
        {1, "a", "03", "L4"}, /* late ([2 s, 4 s] is behind 40 s): padded at once */
        {0, "a", "39", "L6"}, /* late, but R4 (40 s) is still cached: joins it */
    };
    static const Ev right[] = {
        {0, "a", "10", "R1"},
        {0, "a", "40", "R4"},
        {0, "a", "50", "R2"},
        {2, "a", "12", "R3"}, /* late, and L1 (11 s) is gone: dropped */
    };
    Script ls = {left, 5, 0, 0}, rs = {right, 4, 0, 0};
    got = lines_empty();
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 2};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *tenv = eddy_tenv_new(env);
    view(env, tenv, "L", &ls);
    view(env, tenv, "R", &rs);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT L.v AS lv, R.v AS rv FROM L LEFT JOIN R ON L.k = R.k AND "
                                              "R.t BETWEEN L.t - INTERVAL '1' SECOND AND L.t + INTERVAL '1' SECOND");
    ASSERT_TRUE(t != NULL);
    eddy_stream *out = eddy_tenv_to_datastream(tenv, t);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(eddy_stream_add_sink(out, sink, NULL, NULL, 1) == EDDY_OK);
    if (eddy_env_execute(env, "interval join") != EDDY_OK) fprintf(stderr, "%s\n", eddy_env_errmsg(env));
    ASSERT_TEXT(got.text, "+I[L1, R1]\n+I[L2, null]\n+I[L4, null]\n+I[L6, R4]\n+I[L3, null]\n");
    /* R3, and only R3, was dropped */
    const char *report;
    ASSERT_EQ_INT(eddy_env_late_records(env, &report), 1);
    ASSERT_STR_EQ(report, "1 late record dropped by IntervalJoin (behind the watermark)\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(outer_rows_go_out_as_the_watermark_passes_and_late_rows_as_flink_treats_them);
    return test_report();
}
