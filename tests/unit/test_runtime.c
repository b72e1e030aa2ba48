/*
 * test_runtime.c -- the runtime's guarantees that are not visible in rows:
 * a slow sink keeps memory bounded (backpressure), a failing task stops the
 * whole job, and cancelling an unbounded job ends it.
 */
#include <eddy.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "test.h"
#include "types/vector.h"

/* The sinks run on several workers at once (parallelism 4 below). */
static atomic_long max_live;
static atomic_long rows_seen;

static eddy_status slow_sink(void *ctx, const eddy_row *in) {
    (void)ctx;
    (void)in;
    long live = eddy__batch_live_count();
    long seen = atomic_load(&max_live);
    while (live > seen && !atomic_compare_exchange_weak(&max_live, &seen, live)) {
    }
    if (atomic_fetch_add(&rows_seen, 1) % 256 == 255) {
        struct timespec ts = {0, 200000}; /* 0.2 ms every 256 rows */
        nanosleep(&ts, NULL);
    }
    return EDDY_OK;
}

TEST(slow_sink_keeps_memory_bounded) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 2, .channel_capacity = 4, .batch_size = 256};
    eddy_env *env = eddy_env_new(&cfg);
    /* 400k rows = 1563 batches from two source subtasks into one sink */
    eddy_stream *s = eddy_from_sequence(env, 1, 400000);
    eddy_stream_add_sink(eddy_stream_rebalance(s), slow_sink, NULL, NULL, 1);
    ASSERT_EQ_INT(eddy_env_execute(env, "backpressure"), EDDY_OK);
    ASSERT_EQ_INT(rows_seen, 400000);
    /* 2 channels x 4 batches, plus a batch in each task's hands */
    ASSERT_TRUE(max_live <= 16);
    fprintf(stderr, "max live batches: %ld\n", atomic_load(&max_live));
    eddy_env_free(env);
}

static eddy_status endless(void *ctx, int subtask, int par, eddy_out *out) {
    (void)ctx;
    (void)subtask;
    (void)par;
    for (int i = 0; i < 100; i++) {
        eddy_out_set_long(out, 0, i);
        eddy_out_emit(out);
    }
    return EDDY_OK;
}

TEST(freeing_an_iterator_cancels_an_unbounded_job) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_stream *s = eddy_from_source(env, "BIGINT", true, endless, NULL, NULL);
    eddy_iter *it = eddy_stream_execute_and_collect(s);
    const eddy_row *row;
    for (int i = 0; i < 1000; i++) ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
    eddy_iter_free(it); /* must return: the job is cancelled and joined */
    eddy_env_free(env);
}

TEST(freeing_the_env_cancels_running_jobs) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_stream *s = eddy_from_source(env, "BIGINT", true, endless, NULL, NULL);
    eddy_iter *it = eddy_stream_execute_and_collect(s);
    const eddy_row *row;
    ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
    eddy_env_free(env); /* frees the iterator too */
}

static eddy_status fail_at_5000(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    int64_t v;
    eddy_row_get_long(in, 0, &v);
    *keep = true;
    if (v == 5000) return EDDY_E_UDF;
    return EDDY_OK;
}

TEST(a_failing_task_stops_the_job) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 4};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_stream *s = eddy_stream_filter(eddy_from_source(env, "BIGINT", true, endless, NULL, NULL), fail_at_5000, NULL, NULL);
    eddy_stream *seq = eddy_stream_filter(eddy_from_sequence(env, 1, 1000000), fail_at_5000, NULL, NULL);
    eddy_stream_add_sink(s, slow_sink, NULL, NULL, 0);
    eddy_stream_add_sink(seq, slow_sink, NULL, NULL, 0);
    ASSERT_EQ_INT(eddy_env_execute(env, "fails"), EDDY_E_UDF);
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env), "The user function of operator 'Filter' failed (EDDY_E_UDF).");
    eddy_env_free(env);
}

int main(void) {
    RUN(slow_sink_keeps_memory_bounded);
    RUN(freeing_an_iterator_cancels_an_unbounded_job);
    RUN(freeing_the_env_cancels_running_jobs);
    RUN(a_failing_task_stops_the_job);
    return test_report();
}
