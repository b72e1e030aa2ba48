/*
 * test_ds_windows.c -- DataStream windows through eddy.h: keyBy(...).window
 * with tumbling, sliding and global windows in event and processing time,
 * countWindow, reduce / aggregate / process window functions, triggers,
 * evictors, allowed lateness and the late-data side output, and the
 * misuse errors. Event-time inputs come from a scripted source (records
 * with timestamps, watermarks); the expected rows of the tumbling and
 * sliding cases are those of Flink's WindowOperatorTest.
 */
#include <stdatomic.h>

#include "check.h"

/* ---- a scripted source of (k STRING, v INT) ------------------------------------------ */

#define NO_TS INT64_MIN
typedef struct Ev {
    char kind; /* 'r' record, 'w' watermark, 'c' advance the clock by ts */
    const char *k;
    int v;
    int64_t ts;
} Ev;
#define R(k, v, ts) {'r', k, v, ts}
#define W(ts) {'w', NULL, 0, ts}
#define C(ms) {'c', NULL, 0, ms}

typedef struct Script {
    eddy_env *env;
    const Ev *ev;
    size_t n, pos;
    /* processing time: the records the window operator has keyed so far
     * (at parallelism 1 only it runs the key selector: one channel needs no
     * routing); a record or a clock move waits until every record before it
     * was taken */
    bool gated;
    atomic_int keyed;
    int emitted;
} Script;

static eddy_status script_run(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    Script *s = ctx;
    if (s->pos == s->n) return EDDY_DONE;
    if (s->gated && atomic_load(&s->keyed) < s->emitted) return EDDY_OK;
    const Ev *e = &s->ev[s->pos++];
    if (e->kind == 'w') return eddy_source_emit_watermark(out, e->ts);
    if (e->kind == 'c') {
        eddy_env_advance_clock(s->env, e->ts);
        /* an event for the window task, which fires its due timers first */
        return eddy_source_emit_watermark(out, INT64_MIN + 1);
    }
    eddy_out_set_cstring(out, 0, e->k);
    eddy_out_set_int(out, 1, e->v);
    if (e->ts != NO_TS) eddy_out_set_timestamp_ms(out, e->ts);
    eddy_status rc = eddy_out_emit(out);
    s->emitted++;
    /* send it now */
    return rc ? rc : eddy_source_emit_watermark(out, INT64_MIN + 1);
}

static eddy_status key_k(void *ctx, const eddy_row *in, eddy_out *key) {
    Script *s = ctx;
    if (s->gated) atomic_fetch_add(&s->keyed, 1);
    return eddy_out_copy_field(key, 0, in, 0);
}

static eddy_keyed_stream *keyed(Script *s) {
    eddy_stream *src = eddy_from_source(s->env, "ROW<k STRING, v INT>", false, script_run, s, NULL);
    return eddy_stream_key_by_fn(src, "STRING", key_k, s, NULL);
}

/* "row@ts" per record, for the result rows' timestamps. */
static eddy_status show_ts(void *ctx, eddy_process_ctx *pc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    char buf[256], line[300];
    eddy_row_to_string(in, buf, sizeof buf);
    int64_t ts;
    if (!eddy_process_ctx_timestamp(pc, &ts)) snprintf(line, sizeof line, "%s", buf);
    else if (ts == INT64_MAX) snprintf(line, sizeof line, "%s@MAX", buf);
    else snprintf(line, sizeof line, "%s@%lld", buf, (long long)ts);
    eddy_out_set_cstring(out, 0, line);
    return eddy_out_emit(out);
}
static const eddy_process_fn show_ts_fn = {EDDY_PROCESS_FN_VERSION, NULL, show_ts, NULL};

static char *with_ts(eddy_stream *s) { return collect_stream(eddy_stream_process(s, &show_ts_fn, "STRING", NULL, NULL)); }

/* reduce: (k, a.v + b.v) */
static eddy_status sum_v(void *ctx, const eddy_row *a, const eddy_row *b, eddy_out *out) {
    (void)ctx;
    int32_t x, y;
    eddy_row_get_int(a, 1, &x);
    eddy_row_get_int(b, 1, &y);
    eddy_out_copy_field(out, 0, a, 0);
    return eddy_out_set_int(out, 1, x + y);
}

/* WindowOperatorTest's input: out of order, two keys, then watermarks. */
static const Ev flink_input[] = {
    R("key2", 1, 3999), R("key2", 1, 3000), R("key1", 1, 20),   R("key1", 1, 0), R("key1", 1, 999),
    R("key2", 1, 1998), R("key2", 1, 1999), R("key2", 1, 1000), W(999),         W(1999),
    W(2999),            W(3999),            W(4999),            W(5999),        W(6999),
    W(7999)};
#define NFLINK (sizeof flink_input / sizeof flink_input[0])

TEST(tumbling_event_time_reduce_as_flink_window_operator_test) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(3000, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[key1, 3]@2999\n"
                                                                      "+I[key2, 3]@2999\n"
                                                                      "+I[key2, 2]@5999\n");
    eddy_env_free(env);
}

TEST(sliding_event_time_reduce_as_flink_window_operator_test) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_sliding_event_time_windows(3000, 1000, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[key1, 3]@999\n"
                                                                      "+I[key1, 3]@1999\n"
                                                                      "+I[key2, 3]@1999\n"
                                                                      "+I[key1, 3]@2999\n"
                                                                      "+I[key2, 3]@2999\n"
                                                                      "+I[key2, 5]@3999\n"
                                                                      "+I[key2, 2]@4999\n"
                                                                      "+I[key2, 2]@5999\n");
    eddy_env_free(env);
}

/* ---- process window functions ------------------------------------------------------------ */

/* "key [start, end) n=count wm=W: v v v" */
static eddy_status describe(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx;
    char line[512], key[64];
    eddy_row_field_to_string(eddy_window_ctx_key(wc), 0, key, sizeof key);
    int64_t wm = eddy_window_ctx_current_watermark(wc);
    char wms[32];
    if (wm <= INT64_MIN + 1) snprintf(wms, sizeof wms, "none"); /* none yet, or the script's flushes */
    else snprintf(wms, sizeof wms, "%lld", (long long)wm);
    int n = snprintf(line, sizeof line, "%s [%lld, %lld) max=%lld n=%zu wm=%s:", key,
                     (long long)eddy_window_ctx_start(wc), (long long)eddy_window_ctx_end(wc),
                     (long long)eddy_window_ctx_max_timestamp(wc), eddy_window_elements_count(els), wms);
    const eddy_row *r;
    eddy_status st;
    while ((st = eddy_window_elements_next(els, &r)) == EDDY_ROW) {
        int32_t v;
        eddy_row_get_int(r, 1, &v);
        n += snprintf(line + n, sizeof line - (size_t)n, " %d", v);
    }
    if (st != EDDY_DONE) return st;
    eddy_out_set_cstring(out, 0, line);
    return eddy_out_emit(out);
}
static const eddy_process_window_fn describe_fn = {EDDY_PROCESS_WINDOW_FN_VERSION, describe};

TEST(process_window_function_sees_key_window_and_elements_with_an_offset) {
    eddy_env *env = new_env(1);
    /* windows of 3 s starting at 1000 + 3000 n */
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(3000, 1000));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "key1 [-2000, 1000) max=999 n=3 wm=999: 1 1 1@999\n"
                "key2 [1000, 4000) max=3999 n=5 wm=3999: 1 1 1 1 1@3999\n");
    eddy_env_free(env);
}

/* ---- aggregate ----------------------------------------------------------------------------- */

static eddy_status avg_create(void *ctx, eddy_out *acc) {
    (void)ctx;
    eddy_out_set_long(acc, 0, 0);
    return eddy_out_set_long(acc, 1, 0);
}
static eddy_status avg_add(void *ctx, const eddy_row *in, const eddy_row *acc, eddy_out *next) {
    (void)ctx;
    int64_t sum, cnt;
    int32_t v;
    eddy_row_get_long(acc, 0, &sum);
    eddy_row_get_long(acc, 1, &cnt);
    eddy_row_get_int(in, 1, &v);
    eddy_out_set_long(next, 0, sum + v);
    return eddy_out_set_long(next, 1, cnt + 1);
}
static eddy_status avg_result(void *ctx, const eddy_row *acc, eddy_out *out) {
    (void)ctx;
    int64_t sum, cnt;
    eddy_row_get_long(acc, 0, &sum);
    eddy_row_get_long(acc, 1, &cnt);
    return eddy_out_set_double(out, 0, (double)sum / (double)cnt);
}
static eddy_status avg_merge(void *ctx, const eddy_row *a, const eddy_row *b, eddy_out *out) {
    (void)ctx;
    int64_t s1, c1, s2, c2;
    eddy_row_get_long(a, 0, &s1);
    eddy_row_get_long(a, 1, &c1);
    eddy_row_get_long(b, 0, &s2);
    eddy_row_get_long(b, 1, &c2);
    eddy_out_set_long(out, 0, s1 + s2);
    return eddy_out_set_long(out, 1, c1 + c2);
}
static const eddy_window_aggregate_fn avg_fn = {EDDY_WINDOW_AGGREGATE_FN_VERSION, "ROW<s BIGINT, c BIGINT>",
                                                avg_create, avg_add, avg_result, avg_merge};

TEST(aggregate_function_average_per_tumbling_window) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 1, 0),   R("a", 2, 10),  R("b", 10, 20), R("a", 6, 120),
                            R("b", 20, 50), W(99),          R("a", 9, 150), W(199)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_aggregate(ws, &avg_fn, "DOUBLE", NULL, NULL)), "1.5@99\n"
                                                                                     "15.0@99\n"
                                                                                     "7.5@199\n");
    eddy_env_free(env);
}

TEST(aggregate_function_of_abi_version_1_still_runs) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 1, 0), R("a", 4, 10), W(99)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_window_aggregate_fn v1 = avg_fn;
    v1.abi_version = 1;
    v1.merge = NULL; /* not read */
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_aggregate(ws, &v1, "DOUBLE", NULL, NULL)), "2.5@99\n");
    eddy_env_free(env);
}

static eddy_status prefix_map(void *ctx, const eddy_row *in, eddy_out *out) {
    char buf[256], line[300];
    eddy_row_to_string(in, buf, sizeof buf);
    snprintf(line, sizeof line, "%s %s", (const char *)ctx, buf);
    return eddy_out_set_cstring(out, 0, line);
}

/* ---- session windows ---------------------------------------------------------------------- */

/* WindowOperatorTest's session input (gap 3 s): key1 10 1000 2500, key2 0 1000
 * 2500 | 5501 6000 6000 6050, then watermark 12000. */
static const Ev session_input[] = {R("key2", 1, 0),    R("key2", 2, 1000), R("key2", 3, 2500), R("key1", 1, 10),
                                   R("key1", 2, 1000), R("key1", 3, 2500), R("key2", 4, 5501), R("key2", 5, 6000),
                                   R("key2", 5, 6000), R("key2", 6, 6050), W(12000)};
#define NSESSION (sizeof session_input / sizeof session_input[0])

TEST(event_time_session_windows_as_flink_window_operator_test) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = session_input, .n = NSESSION};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_event_time_session_windows(3000));
    /* Flink's test: ("key1-6", 10, 5500), ("key2-6", 0, 5500), ("key2-20", 5501, 9050) */
    ASSERT_TEXT(sorted_lines(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL))),
                "key1 [10, 5500) max=5499 n=3 wm=12000: 1 2 3@5499\n"
                "key2 [0, 5500) max=5499 n=3 wm=12000: 1 2 3@5499\n"
                "key2 [5501, 9050) max=9049 n=4 wm=12000: 4 5 5 6@9049\n");
    /* the same sums incrementally (reducing state merged on each merge) */
    Script s2 = {.env = env, .ev = session_input, .n = NSESSION};
    ws = eddy_keyed_window(keyed(&s2), eddy_event_time_session_windows(3000));
    ASSERT_TEXT(sorted_lines(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL))), "+I[key1, 6]@5499\n"
                                                                                  "+I[key2, 20]@9049\n"
                                                                                  "+I[key2, 6]@5499\n");
    /* and the accumulators merged */
    Script s3 = {.env = env, .ev = session_input, .n = NSESSION};
    ws = eddy_keyed_window(keyed(&s3), eddy_event_time_session_windows(3000));
    ASSERT_TEXT(sorted_lines(with_ts(eddy_windowed_aggregate(ws, &avg_fn, "DOUBLE", NULL, NULL))), "2.0@5499\n"
                                                                                                 "2.0@5499\n"
                                                                                                 "5.0@9049\n");
    eddy_env_free(env);
}

TEST(an_element_bridging_two_sessions_merges_them_and_their_contents) {
    eddy_env *env = new_env(1);
    /* gap 100: [150, 250) and [300, 400); 250 opens [250, 350), which touches
     * the first and overlaps the second: one session [150, 400). The
     * earliest member keeps its contents, the other's follow, then 25. */
    static const Ev ev[] = {R("a", 0, 0),  R("a", 15, 150), R("a", 30, 300), W(120), R("a", 25, 250),
                            R("b", 7, 260), W(1000)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_event_time_session_windows(100));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=1 wm=120: 0@99\n"
                "b [260, 360) max=359 n=1 wm=1000: 7@359\n"
                "a [150, 400) max=399 n=3 wm=1000: 15 30 25@399\n");
    /* the count trigger adds up the counts of merged sessions: 1 + 1 + 1 fires */
    static const Ev ev2[] = {R("a", 0, 0), R("a", 50, 500), R("a", 25, 250), R("a", 90, 900)};
    Script s2 = {.env = env, .ev = ev2, .n = sizeof ev2 / sizeof ev2[0]};
    ws = eddy_windowed_trigger(eddy_keyed_window(keyed(&s2), eddy_event_time_session_windows(300)),
                               eddy_trigger_count(3));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 800) max=799 n=3 wm=none: 0 50 25@799\n");
    eddy_env_free(env);
}

TEST(late_elements_join_an_open_session_or_go_to_the_side_output) {
    eddy_env *env = new_env(1);
    /* gap 100: 20 is behind the watermark 100 but its window [20, 120)
     * merges into the open [0, 150): kept. After 149 fired the session, 10's
     * window [10, 110) is late on its own: to the side output. */
    static const Ev ev[] = {R("a", 1, 0),   R("a", 2, 50), W(100), R("a", 3, 20), W(149),
                            R("a", 4, 10), R("a", 5, 200), W(1000)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_output_tag *late = eddy_output_tag_new(env, "late", "ROW<k STRING, v INT>");
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_event_time_session_windows(100));
    eddy_stream *res = eddy_windowed_reduce(eddy_windowed_side_output_late_data(ws, late), sum_v, NULL, NULL);
    eddy_stream *all = eddy_stream_union(eddy_stream_map(res, "STRING", prefix_map, "main", NULL),
                                         eddy_stream_map(eddy_stream_get_side_output(res, late), "STRING", prefix_map,
                                                         "late", NULL));
    ASSERT_TEXT(sorted_lines(collect_stream(all)), "late +I[a, 4]\n"
                                                   "main +I[a, 5]\n"
                                                   "main +I[a, 6]\n");
    /* with allowed lateness 100 the session stays until 249: 10 joins it and
     * fires it again (a late firing with everything) */
    Script s2 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    ws = eddy_windowed_allowed_lateness(eddy_keyed_window(keyed(&s2), eddy_event_time_session_windows(100)), 100);
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[a, 6]@149\n"
                                                                      "+I[a, 10]@149\n"
                                                                      "+I[a, 5]@299\n");
    eddy_env_free(env);
}

/* the gap of each element: v * 100 ms (v <= 0: a bad gap) */
static eddy_status gap_of_v(void *ctx, const eddy_row *in, int64_t *gap) {
    (void)ctx;
    int32_t v;
    eddy_row_get_int(in, 1, &v);
    *gap = (int64_t)v * 100;
    return EDDY_OK;
}

static eddy_status failing_gap(void *ctx, const eddy_row *in, int64_t *gap) {
    (void)ctx, (void)in, (void)gap;
    return EDDY_E_UDF;
}

TEST(dynamic_session_gaps_come_from_the_extractor) {
    eddy_env *env = new_env(1);
    /* 0 opens [0, 100); 150 with gap 500 opens [150, 650); 600 with gap 100
     * [600, 700) merges into [150, 700) */
    static const Ev ev[] = {R("a", 1, 0), R("a", 5, 150), R("a", 1, 600), W(2000)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_event_time_session_windows_dynamic(gap_of_v, NULL));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=1 wm=2000: 1@99\n"
                "a [150, 700) max=699 n=2 wm=2000: 5 1@699\n");
    static const Ev bad[] = {R("a", 0, 0)};
    Script s3 = {.env = env, .ev = bad, .n = 1};
    ws = eddy_keyed_window(keyed(&s3), eddy_event_time_session_windows_dynamic(failing_gap, NULL));
    ASSERT_TEXT(collect_stream(eddy_windowed_reduce(ws, sum_v, NULL, NULL)),
                "ERROR: The session gap extractor of operator 'Window(EventTimeSessionWindows, ReduceFunction)' failed "
                "(EDDY_E_UDF).");
    Script s2 = {.env = env, .ev = bad, .n = 1};
    ws = eddy_keyed_window(keyed(&s2), eddy_event_time_session_windows_dynamic(gap_of_v, NULL));
    ASSERT_TEXT(collect_stream(eddy_windowed_reduce(ws, sum_v, NULL, NULL)),
                "ERROR: Dynamic session time gap must satisfy 0 < gap");
    ASSERT_TRUE(eddy_keyed_window(keyed(&s2), eddy_processing_time_session_windows_dynamic(NULL, NULL)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "ProcessingTimeSessionWindows parameters must satisfy 0 < size");
    eddy_env_free(env);
}

TEST(processing_time_session_windows_on_the_manual_clock) {
    eddy_env *env = new_env(1);
    eddy_env_use_manual_clock(env, 0);
    /* gap 1000: 1 at 0, 2 at 600 -> [0, 1600); at 1700 the session fired;
     * 3 at 1700 opens [1700, 2700), which never fires (the job ends) */
    static const Ev ev[] = {R("a", 1, NO_TS), C(600), R("a", 2, NO_TS), R("b", 9, NO_TS), C(1100),
                            R("a", 3, NO_TS)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0], .gated = true};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_processing_time_session_windows(1000));
    ASSERT_TEXT(sorted_lines(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL))),
                "a [0, 1600) max=1599 n=2 wm=none: 1 2@1599\n"
                "b [600, 1600) max=1599 n=1 wm=none: 9@1599\n");
    eddy_env_free(env);
}

/* ---- count windows ------------------------------------------------------------------------- */

static const Ev words[] = {R("to", 1, NO_TS), R("be", 1, NO_TS), R("or", 1, NO_TS), R("not", 1, NO_TS),
                           R("to", 1, NO_TS), R("be", 1, NO_TS), R("to", 1, NO_TS), R("to", 1, NO_TS),
                           R("be", 1, NO_TS), R("to", 1, NO_TS), R("to", 1, NO_TS)};

TEST(count_window_fires_and_purges_every_n_elements_of_a_key) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = words, .n = sizeof words / sizeof words[0]};
    eddy_windowed_stream *ws = eddy_keyed_count_window(keyed(&s), 2, 0);
    /* every second "to" and "be"; the global window's max timestamp */
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[to, 2]@MAX\n"
                                                                      "+I[be, 2]@MAX\n"
                                                                      "+I[to, 2]@MAX\n"
                                                                      "+I[to, 2]@MAX\n");
    eddy_env_free(env);
}

TEST(sliding_count_window_sums_the_last_size_every_slide) {
    eddy_env *env = new_env(1);
    /* countWindow(3, 2): every 2nd element of a key, the sum of its last 3 */
    static const Ev ev[] = {R("a", 1, NO_TS), R("a", 2, NO_TS), R("a", 3, NO_TS), R("b", 100, NO_TS),
                            R("a", 4, NO_TS), R("a", 5, NO_TS), R("b", 200, NO_TS), R("a", 6, NO_TS)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_keyed_count_window(keyed(&s), 3, 2);
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[a, 3]@MAX\n"    /* 1 2 */
                                                                      "+I[a, 9]@MAX\n"    /* 2 3 4 */
                                                                      "+I[b, 300]@MAX\n"  /* 100 200 */
                                                                      "+I[a, 15]@MAX\n"); /* 4 5 6 */
    eddy_env_free(env);
}

TEST(global_windows_never_fire_without_a_trigger) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = words, .n = sizeof words / sizeof words[0]};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_global_windows());
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "");
    /* with a count trigger (not purging) the window keeps growing */
    Script s2 = {.env = env, .ev = words, .n = sizeof words / sizeof words[0]};
    ws = eddy_windowed_trigger(eddy_keyed_window(keyed(&s2), eddy_global_windows()), eddy_trigger_count(3));
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[to, 3]@MAX\n"
                                                                      "+I[be, 3]@MAX\n"
                                                                      "+I[to, 6]@MAX\n");
    eddy_env_free(env);
}

/* ---- windowAll ---------------------------------------------------------------------------- */

static eddy_status pass(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_out_copy_field(out, 0, in, 0);
    return eddy_out_copy_field(out, 1, in, 1);
}

/* "[start, end) key=<none|...> n=count" */
static eddy_status describe_all(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out);
static const eddy_process_window_fn describe_all_fn = {EDDY_PROCESS_WINDOW_FN_VERSION, describe_all};
static eddy_status describe_all(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx;
    char line[128];
    snprintf(line, sizeof line, "[%lld, %lld) key=%s n=%zu", (long long)eddy_window_ctx_start(wc),
             (long long)eddy_window_ctx_end(wc), eddy_window_ctx_key(wc) ? "some" : "none", eddy_window_elements_count(els));
    eddy_out_set_cstring(out, 0, line);
    return eddy_out_emit(out);
}

TEST(window_all_puts_every_element_into_one_window_set_at_parallelism_1) {
    eddy_env *env = new_env(2);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_stream *src = eddy_from_source(env, "ROW<k STRING, v INT>", false, script_run, &s, NULL);
    /* two map instances before the one window instance */
    eddy_stream *m = eddy_stream_set_parallelism(eddy_stream_map(src, "ROW<k STRING, v INT>", pass, NULL, NULL), 2);
    eddy_windowed_stream *ws = eddy_stream_window_all(m, eddy_tumbling_event_time_windows(3000, 0));
    eddy_stream *res = eddy_windowed_reduce(ws, sum_v, NULL, NULL);
    /* the first element of each window keeps its k */
    ASSERT_TEXT(sorted_lines(with_ts(res)), "+I[key1, 6]@2999\n"
                                            "+I[key2, 2]@5999\n");
    ASSERT_TRUE(eddy_stream_set_parallelism(res, 2) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "The parallelism of non parallel operator must be 1.");
    Script s2 = {.env = env, .ev = words, .n = sizeof words / sizeof words[0]};
    src = eddy_from_source(env, "ROW<k STRING, v INT>", false, script_run, &s2, NULL);
    ws = eddy_stream_count_window_all(src, 4, 0);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_all_fn, "STRING", NULL, NULL)),
                "[-9223372036854775808, 9223372036854775807) key=none n=4@MAX\n"
                "[-9223372036854775808, 9223372036854775807) key=none n=4@MAX\n");
    ASSERT_TRUE(eddy_stream_window_all(src, eddy_tumbling_event_time_windows(0, 0)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "TumblingEventTimeWindows parameters must satisfy abs(offset) < size");
    eddy_env_free(env);
}

/* ---- triggers and evictors ----------------------------------------------------------------- */

TEST(count_trigger_on_event_time_windows_and_the_purging_wrapper) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 1, 0), R("a", 2, 10), R("a", 3, 20), R("a", 4, 30), R("a", 5, 40), W(1000)};
    /* CountTrigger.of(2) replaces the event-time trigger: the watermark fires nothing */
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_windowed_trigger(
        eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0)), eddy_trigger_count(2));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=2 wm=none: 1 2@99\n"
                "a [0, 100) max=99 n=4 wm=none: 1 2 3 4@99\n");
    Script s2 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    ws = eddy_windowed_trigger(eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(100, 0)),
                               eddy_trigger_purging(eddy_trigger_count(2)));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=2 wm=none: 1 2@99\n"
                "a [0, 100) max=99 n=2 wm=none: 3 4@99\n");
    eddy_env_free(env);
}

TEST(count_and_time_evictors_drop_elements_before_the_function) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 1, 0), R("a", 2, 10), R("a", 3, 60), R("a", 4, 70), W(99)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_windowed_count_evictor(
        eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0)), 3);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=3 wm=99: 2 3 4@99\n");
    /* TimeEvictor.of(50): elements at or before 70 - 50 go */
    Script s2 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    ws = eddy_windowed_time_evictor(eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(100, 0)), 50);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=2 wm=99: 3 4@99\n");
    eddy_env_free(env);
}

/* ---- custom triggers ------------------------------------------------------------------------ */

/* Fires early once a window has 2 elements, and at its end (then purges). */
static eddy_trigger_result early_on_element(void *ctx, eddy_trigger_ctx *tc, const eddy_row *in, int64_t ts) {
    (void)ctx;
    (void)in;
    (void)ts;
    int64_t n = 0;
    eddy_trigger_ctx_state_get(tc, &n);
    eddy_trigger_ctx_state_set(tc, ++n);
    eddy_trigger_ctx_register_event_time_timer(tc, eddy_trigger_ctx_max_timestamp(tc));
    return n == 2 ? EDDY_TRIGGER_FIRE : EDDY_TRIGGER_CONTINUE;
}
static eddy_trigger_result early_on_event_time(void *ctx, eddy_trigger_ctx *tc, int64_t time) {
    (void)ctx;
    return time == eddy_trigger_ctx_max_timestamp(tc) ? EDDY_TRIGGER_FIRE_AND_PURGE : EDDY_TRIGGER_CONTINUE;
}
static eddy_trigger_result never_on_time(void *ctx, eddy_trigger_ctx *tc, int64_t time) {
    (void)ctx, (void)tc, (void)time;
    return EDDY_TRIGGER_CONTINUE;
}
static void early_clear(void *ctx, eddy_trigger_ctx *tc) {
    (void)ctx;
    eddy_trigger_ctx_state_clear(tc);
    eddy_trigger_ctx_delete_event_time_timer(tc, eddy_trigger_ctx_max_timestamp(tc));
}
static const eddy_trigger_fn early_trigger = {EDDY_TRIGGER_FN_VERSION, early_on_element, early_on_event_time,
                                              never_on_time, NULL, early_clear};

TEST(a_custom_trigger_fires_early_and_at_the_end_with_per_window_state) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 1, 0), R("a", 2, 10), R("b", 5, 15), R("a", 3, 20), W(99), R("a", 4, 120), W(199)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_windowed_custom_trigger(
        eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0)), &early_trigger, false, NULL, NULL);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=2 wm=none: 1 2@99\n"
                "a [0, 100) max=99 n=3 wm=99: 1 2 3@99\n"
                "b [0, 100) max=99 n=1 wm=99: 5@99\n"
                "a [100, 200) max=199 n=1 wm=199: 4@199\n");
    /* PurgingTrigger.of(custom): the early firing purges too */
    Script s2 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    ws = eddy_windowed_custom_trigger(eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(100, 0)),
                                      &early_trigger, true, NULL, NULL);
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[a, 3]@99\n"
                                                                      "+I[a, 3]@99\n"
                                                                      "+I[b, 5]@99\n"
                                                                      "+I[a, 4]@199\n");
    eddy_env_free(env);
}

/* CountTrigger.of(3) as a custom trigger: its counts merge with the sessions */
static eddy_trigger_result count3_on_element(void *ctx, eddy_trigger_ctx *tc, const eddy_row *in, int64_t ts) {
    (void)ctx, (void)in, (void)ts;
    int64_t n = 0;
    eddy_trigger_ctx_state_get(tc, &n);
    if (++n < 3) {
        eddy_trigger_ctx_state_set(tc, n);
        return EDDY_TRIGGER_CONTINUE;
    }
    eddy_trigger_ctx_state_clear(tc);
    return EDDY_TRIGGER_FIRE;
}
static void count3_merge(void *ctx, eddy_trigger_ctx *tc) {
    (void)ctx;
    eddy_trigger_ctx_merge_state(tc, EDDY_TRIGGER_MERGE_SUM);
}
static void count3_clear(void *ctx, eddy_trigger_ctx *tc) {
    (void)ctx;
    eddy_trigger_ctx_state_clear(tc);
}
static const eddy_trigger_fn count3 = {EDDY_TRIGGER_FN_VERSION, count3_on_element, never_on_time, never_on_time,
                                       count3_merge, count3_clear};

TEST(a_custom_trigger_merges_its_state_with_sessions) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 0, 0), R("a", 50, 500), R("a", 25, 250), R("a", 90, 900)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_windowed_custom_trigger(
        eddy_keyed_window(keyed(&s), eddy_event_time_session_windows(300)), &count3, false, NULL, NULL);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 800) max=799 n=3 wm=none: 0 50 25@799\n");
    eddy_env_free(env);
}

static eddy_trigger_result bad_result(void *ctx, eddy_trigger_ctx *tc, const eddy_row *in, int64_t ts) {
    (void)ctx, (void)tc, (void)in, (void)ts;
    return (eddy_trigger_result)7;
}
static eddy_trigger_result merge_outside(void *ctx, eddy_trigger_ctx *tc, const eddy_row *in, int64_t ts) {
    (void)ctx, (void)in, (void)ts;
    eddy_trigger_ctx_merge_state(tc, EDDY_TRIGGER_MERGE_SUM);
    return EDDY_TRIGGER_CONTINUE;
}

TEST(custom_trigger_errors) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_keyed_stream *ks = keyed(&s);
    /* no on_merge: not for sessions */
    ASSERT_TRUE(eddy_windowed_custom_trigger(eddy_keyed_window(ks, eddy_event_time_session_windows(10)), &early_trigger,
                                             false, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE,
                     "A merging window assigner cannot be used with a trigger that does not support merging.");
    eddy_trigger_fn t = early_trigger;
    t.on_event_time = NULL;
    eddy_windowed_stream *ws = eddy_keyed_window(ks, eddy_tumbling_event_time_windows(3000, 0));
    ASSERT_TRUE(eddy_windowed_custom_trigger(ws, &t, false, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE,
                     "trigger: the trigger or one of on_element, on_event_time, on_processing_time is NULL.");
    t = early_trigger;
    t.abi_version = 9;
    ASSERT_TRUE(eddy_windowed_custom_trigger(ws, &t, false, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "trigger: unknown eddy_trigger_fn abi_version 9");
    ASSERT_TRUE(eddy_windowed_trigger(ws, eddy_trigger_continuous_event_time(0)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "trigger: a continuous event-time trigger needs an interval > 0.");
    /* at run time: a result that is none, merge_state outside on_merge */
    t = early_trigger;
    t.on_element = bad_result;
    ws = eddy_windowed_custom_trigger(ws, &t, false, NULL, NULL);
    ASSERT_TEXT(collect_stream(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "ERROR: The trigger of operator 'Window(TumblingEventTimeWindows, ProcessWindowFunction)' returned 7, "
                "which is no trigger result.");
    Script s2 = {.env = env, .ev = flink_input, .n = NFLINK};
    t.on_element = merge_outside;
    ws = eddy_windowed_custom_trigger(eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(3000, 0)), &t,
                                      false, NULL, NULL);
    ASSERT_TEXT(collect_stream(eddy_windowed_reduce(ws, sum_v, NULL, NULL)),
                "ERROR: The trigger of operator 'Window(TumblingEventTimeWindows, ReduceFunction)' called "
                "eddy_trigger_ctx_merge_state outside on_merge.");
    eddy_env_free(env);
}

TEST(continuous_event_time_trigger_fires_every_interval_and_at_the_end) {
    eddy_env *env = new_env(1);
    /* interval 30: the first firing at 0 + 30 (5 rounded down), then 60, 90,
     * and 99 (min(120, max)) together with the end of the window */
    static const Ev ev[] = {R("a", 1, 5), R("a", 2, 40), W(35), W(70), R("a", 3, 75), W(99)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_windowed_trigger(eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0)),
                                                     eddy_trigger_continuous_event_time(30));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=2 wm=35: 1 2@99\n"
                "a [0, 100) max=99 n=2 wm=70: 1 2@99\n"
                "a [0, 100) max=99 n=3 wm=99: 1 2 3@99\n"
                "a [0, 100) max=99 n=3 wm=99: 1 2 3@99\n");
    eddy_env_free(env);
}

/* ---- delta and custom evictors --------------------------------------------------------------- */

static double v_distance(void *ctx, const eddy_row *a, const eddy_row *b) {
    (void)ctx;
    int32_t x, y;
    eddy_row_get_int(a, 1, &x);
    eddy_row_get_int(b, 1, &y);
    return x > y ? x - y : y - x;
}

/* before the function: odd values go; after it: all but the latest */
static eddy_status drop_odd(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els) {
    (void)ctx, (void)wc;
    const eddy_row *r;
    eddy_status st;
    while ((st = eddy_window_elements_next(els, &r)) == EDDY_ROW) {
        int32_t v;
        eddy_row_get_int(r, 1, &v);
        if (v % 2 && (st = eddy_window_elements_evict(els))) return st;
    }
    return st == EDDY_DONE ? EDDY_OK : st;
}
/* evicts all but the last element (the elements come in arrival order) */
static eddy_status keep_last(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els) {
    (void)ctx, (void)wc;
    size_t n = eddy_window_elements_count(els), i = 0;
    const eddy_row *r;
    eddy_status st;
    while ((st = eddy_window_elements_next(els, &r)) == EDDY_ROW)
        if (++i < n && (st = eddy_window_elements_evict(els))) return st;
    return st == EDDY_DONE ? EDDY_OK : st;
}

static eddy_status failing_evictor(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els) {
    (void)ctx, (void)wc, (void)els;
    return EDDY_E_UDF;
}

/* a process function may not evict */
static eddy_status try_evict(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx, (void)wc;
    const eddy_row *r;
    eddy_window_elements_next(els, &r);
    char line[64];
    snprintf(line, sizeof line, "%s ts=%lld", eddy_status_name(eddy_window_elements_evict(els)),
             (long long)eddy_window_elements_timestamp(els));
    eddy_out_set_cstring(out, 0, line);
    return eddy_out_emit(out);
}

TEST(delta_and_custom_evictors) {
    eddy_env *env = new_env(1);
    /* DeltaEvictor.of(5, |a.v - b.v|): 1 and 3 are 5 or more away from 11 */
    static const Ev ev[] = {R("a", 1, 0), R("a", 10, 10), R("a", 12, 20), R("a", 3, 30), R("a", 11, 40), W(99)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_windowed_delta_evictor(
        eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0)), 5.0, v_distance, NULL, NULL);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 100) max=99 n=3 wm=99: 10 12 11@99\n");
    /* before: odd values go; after: only the last stays for the next firing
     * (a count trigger of 2, not purging) */
    static const Ev ev2[] = {R("a", 1, 0), R("a", 2, 10), R("a", 3, 20), R("a", 4, 30), R("a", 5, 40), R("a", 6, 50)};
    Script s2 = {.env = env, .ev = ev2, .n = sizeof ev2 / sizeof ev2[0]};
    static const eddy_evictor_fn ev_fn = {EDDY_EVICTOR_FN_VERSION, drop_odd, keep_last};
    ws = eddy_windowed_evictor(eddy_windowed_trigger(eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(1000, 0)),
                                                     eddy_trigger_count(2)),
                               &ev_fn, NULL, NULL);
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 1000) max=999 n=1 wm=none: 2@999\n"
                "a [0, 1000) max=999 n=2 wm=none: 2 4@999\n"
                "a [0, 1000) max=999 n=2 wm=none: 4 6@999\n");
    /* with reduce: the function folds what the evictor kept */
    Script s3 = {.env = env, .ev = ev2, .n = sizeof ev2 / sizeof ev2[0]};
    ws = eddy_windowed_evictor(eddy_windowed_trigger(eddy_keyed_window(keyed(&s3), eddy_tumbling_event_time_windows(1000, 0)),
                                                     eddy_trigger_count(2)),
                               &ev_fn, NULL, NULL);
    ASSERT_TEXT(with_ts(eddy_windowed_reduce(ws, sum_v, NULL, NULL)), "+I[a, 2]@999\n"
                                                                      "+I[a, 6]@999\n"
                                                                      "+I[a, 10]@999\n");
    /* outside an evictor: EDDY_E_MISUSE */
    Script s4 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    static const eddy_process_window_fn try_fn = {EDDY_PROCESS_WINDOW_FN_VERSION, try_evict};
    ws = eddy_keyed_window(keyed(&s4), eddy_tumbling_event_time_windows(100, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &try_fn, "STRING", NULL, NULL)), "EDDY_E_MISUSE ts=0@99\n");
    /* a failing evictor fails the job */
    Script s5 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    static const eddy_evictor_fn bad_fn = {EDDY_EVICTOR_FN_VERSION, NULL, failing_evictor};
    ws = eddy_windowed_evictor(eddy_keyed_window(keyed(&s5), eddy_tumbling_event_time_windows(100, 0)), &bad_fn, NULL,
                               NULL);
    ASSERT_TEXT(collect_stream(eddy_windowed_reduce(ws, sum_v, NULL, NULL)),
                "ERROR: The evictor of operator 'Window(TumblingEventTimeWindows, ReduceFunction)' failed (EDDY_E_UDF).");
    /* API errors */
    ws = eddy_keyed_window(keyed(&s4), eddy_tumbling_event_time_windows(100, 0));
    ASSERT_TRUE(eddy_windowed_delta_evictor(ws, 1.0, NULL, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "evictor: the delta function is NULL.");
    eddy_evictor_fn none = {EDDY_EVICTOR_FN_VERSION, NULL, NULL};
    ASSERT_TRUE(eddy_windowed_evictor(ws, &none, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "evictor: the evictor or both evict_before and evict_after are NULL.");
    none.evict_before = drop_odd;
    none.abi_version = 5;
    ASSERT_TRUE(eddy_windowed_evictor(ws, &none, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "evictor: unknown eddy_evictor_fn abi_version 5");
    eddy_env_free(env);
}

/* ---- lateness ------------------------------------------------------------------------------- */


static const Ev late_input[] = {R("a", 1, 100), W(999),        R("a", 2, 200), /* late firing */
                                R("a", 3, 1200), W(1499),      R("a", 4, 300), /* too late: window cleaned */
                                R("a", 5, 1300), W(2500)};

TEST(allowed_lateness_fires_again_and_late_data_goes_to_the_side_output) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = late_input, .n = sizeof late_input / sizeof late_input[0]};
    eddy_output_tag *late = eddy_output_tag_new(env, "late-output", "ROW<k STRING, v INT>");
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(1000, 0));
    ws = eddy_windowed_side_output_late_data(eddy_windowed_allowed_lateness(ws, 500), late);
    eddy_stream *res = eddy_windowed_reduce(ws, sum_v, NULL, NULL);
    eddy_stream *side = eddy_stream_get_side_output(res, late);
    eddy_stream *all = eddy_stream_union(eddy_stream_map(res, "STRING", prefix_map, "main", NULL),
                                         eddy_stream_map(side, "STRING", prefix_map, "late", NULL));
    /* two inputs of one sink: sorted */
    ASSERT_TEXT(sorted_lines(collect_stream(all)), "late +I[a, 4]\n"
                                                   "main +I[a, 1]\n"
                                                   "main +I[a, 3]\n"
                                                   "main +I[a, 8]\n");
    eddy_env_free(env);
}

TEST(late_elements_without_a_side_output_are_dropped_and_counted) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = late_input, .n = sizeof late_input / sizeof late_input[0]};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(1000, 0));
    eddy_iter *it = eddy_stream_execute_and_collect(
        eddy_stream_process(eddy_windowed_reduce(ws, sum_v, NULL, NULL), &show_ts_fn, "STRING", NULL, NULL));
    ASSERT_TRUE(it != NULL);
    const eddy_row *row;
    Lines l = lines_empty();
    char buf[256];
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        eddy_row_to_string(row, buf, sizeof buf);
        lines_add(&l, buf);
    }
    /* no lateness: 2 (ts 200) and 4 (ts 300) come after the window [0, 1000) fired */
    const char *report;
    uint64_t n = eddy_iter_late_records(it, &report);
    eddy_iter_free(it);
    ASSERT_TEXT(l.text, "+I[a, 1]@999\n"
                        "+I[a, 8]@1999\n");
    ASSERT_EQ_INT((int)n, 2);
    eddy_env_free(env);
}

/* ---- processing time ------------------------------------------------------------------------ */

TEST(tumbling_processing_time_windows_on_the_manual_clock) {
    eddy_env *env = new_env(1);
    eddy_env_use_manual_clock(env, 0);
    static const Ev ev[] = {R("a", 1, NO_TS), C(500), R("a", 2, NO_TS), R("b", 7, NO_TS), C(600), /* now 1100 */
                            R("a", 3, NO_TS), C(1000),                                          /* now 2100 */
                            R("a", 4, NO_TS)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0], .gated = true};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_processing_time_windows(1000, 0));
    /* the window of 4 [2000, 3000) never comes: the job ends first */
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [0, 1000) max=999 n=2 wm=none: 1 2@999\n"
                "b [0, 1000) max=999 n=1 wm=none: 7@999\n"
                "a [1000, 2000) max=1999 n=1 wm=none: 3@1999\n");
    eddy_env_free(env);
}

TEST(sliding_processing_time_windows_with_an_offset) {
    eddy_env *env = new_env(1);
    eddy_env_use_manual_clock(env, 1000);
    /* size 1000, slide 500, offset 100: windows start at 100 + 500 n */
    static const Ev ev[] = {R("a", 1, NO_TS), C(450), R("a", 2, NO_TS), C(1000), R("a", 3, NO_TS)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0], .gated = true};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_sliding_processing_time_windows(1000, 500, 100));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &describe_fn, "STRING", NULL, NULL)),
                "a [100, 1100) max=1099 n=1 wm=none: 1@1099\n"
                "a [600, 1600) max=1599 n=2 wm=none: 1 2@1599\n"
                "a [1100, 2100) max=2099 n=1 wm=none: 2@2099\n");
    eddy_env_free(env);
}

/* ---- errors ------------------------------------------------------------------------------- */

TEST(event_time_windows_need_timestamps) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = words, .n = 2};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(1000, 0));
    ASSERT_TEXT(collect_stream(eddy_windowed_reduce(ws, sum_v, NULL, NULL)),
                "ERROR: Record has Long.MIN_VALUE timestamp (= no timestamp marker). Is the time characteristic set "
                "to 'ProcessingTime', or did you forget to call 'DataStream.assignTimestampsAndWatermarks(...)'?");
    eddy_env_free(env);
}

TEST(window_misuse_errors) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = words, .n = 1};
    eddy_keyed_stream *ks = keyed(&s);
    ASSERT_TRUE(eddy_keyed_window(ks, eddy_tumbling_event_time_windows(0, 0)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "TumblingEventTimeWindows parameters must satisfy abs(offset) < size");
    ASSERT_TRUE(eddy_keyed_window(ks, eddy_tumbling_processing_time_windows(1000, 1000)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "TumblingProcessingTimeWindows parameters must satisfy abs(offset) < size");
    ASSERT_TRUE(eddy_keyed_window(ks, eddy_sliding_event_time_windows(1000, 0, 0)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "SlidingEventTimeWindows parameters must satisfy abs(offset) < slide and size > 0");
    ASSERT_TRUE(eddy_keyed_window(ks, eddy_event_time_session_windows(0)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "EventTimeSessionWindows parameters must satisfy 0 < size");
    ASSERT_TRUE(eddy_keyed_window(ks, eddy_processing_time_session_windows(-5)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "ProcessingTimeSessionWindows parameters must satisfy 0 < size");
    /* an aggregate over sessions needs merge (version 1 of the struct has none) */
    eddy_window_aggregate_fn no_merge = avg_fn;
    no_merge.merge = NULL;
    ASSERT_TRUE(eddy_windowed_aggregate(eddy_keyed_window(ks, eddy_event_time_session_windows(10)), &no_merge, "DOUBLE",
                                        NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "aggregate: session windows merge accumulators: the merge function is NULL.");
    eddy_window_aggregate_fn v1 = avg_fn;
    v1.abi_version = 1;
    ASSERT_TRUE(eddy_windowed_aggregate(eddy_keyed_window(ks, eddy_event_time_session_windows(10)), &v1, "DOUBLE", NULL,
                                        NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "aggregate: session windows merge accumulators: the merge function is NULL.");
    ASSERT_TRUE(eddy_keyed_count_window(ks, 0, 0) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "countWindow: the size (0) must be positive");
    ASSERT_TRUE(eddy_keyed_window(NULL, eddy_global_windows()) == NULL);

    eddy_windowed_stream *ws = eddy_keyed_window(ks, eddy_tumbling_event_time_windows(1000, 0));
    ASSERT_TRUE(eddy_windowed_allowed_lateness(ws, -1) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "The allowed lateness cannot be negative.");
    ASSERT_TRUE(eddy_windowed_trigger(ws, eddy_trigger_count(0)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "a count trigger needs a count > 0");
    ASSERT_TRUE(eddy_windowed_count_evictor(ws, 0) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "evictor: the count must be positive.");
    ASSERT_TRUE(eddy_windowed_side_output_late_data(ws, eddy_output_tag_new(env, "late", "STRING")) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "sideOutputLateData: the tag's type STRING is not the stream's type");
    ASSERT_TRUE(eddy_windowed_reduce(ws, NULL, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "reduce: the function is NULL.");
    eddy_window_aggregate_fn no_add = avg_fn;
    no_add.add = NULL;
    ASSERT_TRUE(eddy_windowed_aggregate(ws, &no_add, "DOUBLE", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "aggregate: the function or one of create_accumulator, add, get_result is NULL.");
    ASSERT_TRUE(eddy_windowed_process(ws, NULL, "STRING", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "process: the function or its process is NULL.");
    eddy_process_window_fn bad = {99, describe};
    ASSERT_TRUE(eddy_windowed_process(ws, &bad, "STRING", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "unknown eddy_process_window_fn abi_version 99");
    ASSERT_TRUE(eddy_windowed_reduce(ws, sum_v, NULL, NULL) != NULL);
    ASSERT_TRUE(eddy_windowed_reduce(ws, sum_v, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "This windowed stream already has its window function.");
    eddy_env_free(env);
}

/* reduce and aggregate fold each element as it comes: a failing reduce fails
 * the job at the second element of a window, before any firing */
static eddy_status failing_reduce(void *ctx, const eddy_row *a, const eddy_row *b, eddy_out *out) {
    (void)ctx, (void)a, (void)b, (void)out;
    return EDDY_E_UDF;
}

/* a failing window function fails the job, naming the operator */
static eddy_status failing(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx;
    (void)wc;
    (void)els;
    (void)out;
    return EDDY_E_UDF;
}

TEST(a_failing_window_function_fails_the_job) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    static const eddy_process_window_fn f = {EDDY_PROCESS_WINDOW_FN_VERSION, failing};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(3000, 0));
    ASSERT_TEXT(collect_stream(eddy_windowed_process(ws, &f, "STRING", NULL, NULL)),
                "ERROR: The window function of operator 'Window(TumblingEventTimeWindows, ProcessWindowFunction)' "
                "failed (EDDY_E_UDF).");
    static const Ev ev[] = {R("a", 1, 0), R("a", 2, 10)};
    Script s2 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    ws = eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(100, 0));
    ASSERT_TEXT(collect_stream(eddy_windowed_reduce(ws, failing_reduce, NULL, NULL)),
                "ERROR: The window function of operator 'Window(TumblingEventTimeWindows, ReduceFunction)' "
                "failed (EDDY_E_UDF).");
    eddy_env_free(env);
}

/* ---- reduce / aggregate with a process window function; its state -------------------- */

TEST(reduce_then_process_gets_the_one_reduced_element) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(3000, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_reduce_process(ws, sum_v, &describe_fn, "STRING", NULL, NULL)),
                "key1 [0, 3000) max=2999 n=1 wm=2999: 3@2999\n"
                "key2 [0, 3000) max=2999 n=1 wm=2999: 3@2999\n"
                "key2 [3000, 6000) max=5999 n=1 wm=5999: 2@5999\n");
    eddy_env_free(env);
}

/* "key [start, end): result@element timestamp" over an aggregate's DOUBLE */
static eddy_status label_avg(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx;
    const eddy_row *r;
    eddy_status st = eddy_window_elements_next(els, &r);
    if (st != EDDY_ROW) return st;
    char key[64], line[128];
    double avg;
    eddy_row_field_to_string(eddy_window_ctx_key(wc), 0, key, sizeof key);
    eddy_row_get_double(r, 0, &avg);
    snprintf(line, sizeof line, "%s [%lld, %lld): %.2f ts=%lld n=%zu", key, (long long)eddy_window_ctx_start(wc),
             (long long)eddy_window_ctx_end(wc), avg, (long long)eddy_window_elements_timestamp(els),
             eddy_window_elements_count(els));
    if (eddy_window_elements_next(els, &r) != EDDY_DONE) return EDDY_E_UDF;
    eddy_out_set_cstring(out, 0, line);
    return eddy_out_emit(out);
}
static const eddy_process_window_fn label_avg_fn = {EDDY_PROCESS_WINDOW_FN_VERSION, label_avg, NULL};

TEST(aggregate_then_process_gets_the_result_with_the_window) {
    eddy_env *env = new_env(1);
    static const Ev ev[] = {R("a", 1, 0),   R("a", 2, 10),  R("b", 10, 20), R("a", 6, 120),
                            R("b", 20, 50), W(99),          R("a", 9, 150), W(199)};
    Script s = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(100, 0));
    ASSERT_TEXT(with_ts(eddy_windowed_aggregate_process(ws, &avg_fn, "DOUBLE", &label_avg_fn, "STRING", NULL, NULL)),
                "a [0, 100): 1.50 ts=99 n=1@99\n"
                "b [0, 100): 15.00 ts=99 n=1@99\n"
                "a [100, 200): 7.50 ts=199 n=1@199\n");
    /* with an evictor the elements are kept and folded at the firing: the same result */
    Script s2 = {.env = env, .ev = ev, .n = sizeof ev / sizeof ev[0]};
    ws = eddy_windowed_count_evictor(eddy_keyed_window(keyed(&s2), eddy_tumbling_event_time_windows(100, 0)), 100);
    ASSERT_TEXT(with_ts(eddy_windowed_aggregate_process(ws, &avg_fn, "DOUBLE", &label_avg_fn, "STRING", NULL, NULL)),
                "a [0, 100): 1.50 ts=99 n=1@99\n"
                "b [0, 100): 15.00 ts=99 n=1@99\n"
                "a [100, 200): 7.50 ts=199 n=1@199\n");
    eddy_env_free(env);
}

/* Context.windowState / globalState: firings per window, per key overall;
 * clear (when the window is cleaned up) logs and clears the window's. */
typedef struct FireLog {
    char text[512];
} FireLog;

static int64_t bump(eddy_value_state *st) {
    const eddy_row *v;
    int64_t n = 0;
    if (eddy_value_state_value(st, &v) != EDDY_OK) return -1;
    if (v) eddy_row_get_long(v, 0, &n);
    eddy_out_set_long(eddy_value_state_new_value(st), 0, n + 1);
    return eddy_value_state_update(st) == EDDY_OK ? n + 1 : -1;
}

static eddy_status count_fires(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx;
    int64_t fires = bump(eddy_keyed_ctx_value_state(eddy_window_ctx_window_state(wc), "fires", "BIGINT"));
    int64_t total = bump(eddy_keyed_ctx_value_state(eddy_window_ctx_global_state(wc), "total", "BIGINT"));
    if (fires < 0 || total < 0) return EDDY_E_UDF;
    int sum = 0;
    const eddy_row *r;
    while (eddy_window_elements_next(els, &r) == EDDY_ROW) {
        int32_t v;
        eddy_row_get_int(r, 1, &v);
        sum += v;
    }
    char line[128], key[32];
    eddy_row_field_to_string(eddy_window_ctx_key(wc), 0, key, sizeof key);
    snprintf(line, sizeof line, "%s [%lld, %lld) fire#%lld total#%lld sum=%d", key, (long long)eddy_window_ctx_start(wc),
             (long long)eddy_window_ctx_end(wc), (long long)fires, (long long)total, sum);
    eddy_out_set_cstring(out, 0, line);
    return eddy_out_emit(out);
}

static eddy_status clear_fires(void *ctx, eddy_window_ctx *wc) {
    FireLog *log = ctx;
    eddy_value_state *st = eddy_keyed_ctx_value_state(eddy_window_ctx_window_state(wc), "fires", "BIGINT");
    const eddy_row *v;
    int64_t n = -1;
    if (eddy_value_state_value(st, &v) != EDDY_OK) return EDDY_E_UDF;
    if (v) eddy_row_get_long(v, 0, &n);
    size_t len = strlen(log->text);
    snprintf(log->text + len, sizeof log->text - len, "clear [%lld, %lld) fires=%lld\n",
             (long long)eddy_window_ctx_start(wc), (long long)eddy_window_ctx_end(wc), (long long)n);
    return eddy_value_state_clear(st);
}
static const eddy_process_window_fn count_fires_fn = {EDDY_PROCESS_WINDOW_FN_VERSION, count_fires, clear_fires};

TEST(per_window_and_global_state_of_a_process_window_function) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = late_input, .n = sizeof late_input / sizeof late_input[0]};
    FireLog log = {{0}};
    eddy_windowed_stream *ws =
        eddy_windowed_allowed_lateness(eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(1000, 0)), 500);
    /* a late firing of [0, 1000) is its second (window state), the key's
     * second overall (global state); [1000, 2000) starts at one again */
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &count_fires_fn, "STRING", &log, NULL)),
                "a [0, 1000) fire#1 total#1 sum=1@999\n"
                "a [0, 1000) fire#2 total#2 sum=3@999\n"
                "a [1000, 2000) fire#1 total#3 sum=8@1999\n");
    ASSERT_STR_EQ(log.text, "clear [0, 1000) fires=2\n"
                            "clear [1000, 2000) fires=1\n");
    eddy_env_free(env);
}

/* the stores have no timers; sessions refuse per-window state; a version 1
 * function (no clear) still runs */
static eddy_status timer_in_store(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx, (void)els, (void)out;
    return eddy_keyed_ctx_register_event_timer(eddy_window_ctx_global_state(wc), 5);
}
static eddy_status window_state_in_session(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx, (void)els, (void)out;
    return eddy_window_ctx_window_state(wc) ? EDDY_OK : EDDY_E_UNSUPPORTED;
}

TEST(window_state_store_errors) {
    eddy_env *env = new_env(1);
    Script s = {.env = env, .ev = flink_input, .n = NFLINK};
    static const eddy_process_window_fn t = {EDDY_PROCESS_WINDOW_FN_VERSION, timer_in_store, NULL};
    eddy_windowed_stream *ws = eddy_keyed_window(keyed(&s), eddy_tumbling_event_time_windows(3000, 0));
    ASSERT_TEXT(collect_stream(eddy_windowed_process(ws, &t, "STRING", NULL, NULL)),
                "ERROR: A window function's state store has no timers (a trigger sets them).");
    Script s2 = {.env = env, .ev = session_input, .n = NSESSION};
    static const eddy_process_window_fn w = {EDDY_PROCESS_WINDOW_FN_VERSION, window_state_in_session, NULL};
    ws = eddy_keyed_window(keyed(&s2), eddy_event_time_session_windows(3000));
    ASSERT_TEXT(collect_stream(eddy_windowed_process(ws, &w, "STRING", NULL, NULL)),
                "ERROR: Per-window state is not allowed when using merging windows.");
    Script s3 = {.env = env, .ev = flink_input, .n = NFLINK};
    eddy_process_window_fn v1 = describe_fn;
    v1.abi_version = 1;
    v1.clear = clear_fires; /* not read: version 1 has no clear */
    ws = eddy_keyed_window(keyed(&s3), eddy_tumbling_event_time_windows(3000, 1000));
    ASSERT_TEXT(with_ts(eddy_windowed_process(ws, &v1, "STRING", NULL, NULL)),
                "key1 [-2000, 1000) max=999 n=3 wm=999: 1 1 1@999\n"
                "key2 [1000, 4000) max=3999 n=5 wm=3999: 1 1 1 1 1@3999\n");
    /* misuse: NULL functions */
    Script s4 = {.env = env, .ev = flink_input, .n = NFLINK};
    ws = eddy_keyed_window(keyed(&s4), eddy_tumbling_event_time_windows(3000, 0));
    ASSERT_TRUE(eddy_windowed_reduce_process(ws, NULL, &describe_fn, "STRING", NULL, NULL) == NULL);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "reduce: the function is NULL.");
    eddy_env_clear_error(env);
    ASSERT_TRUE(eddy_windowed_aggregate_process(ws, &avg_fn, "DOUBLE", NULL, "STRING", NULL, NULL) == NULL);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "process: the function or its process is NULL.");
    eddy_env_free(env);
}

int main(void) {
    RUN(tumbling_event_time_reduce_as_flink_window_operator_test);
    RUN(sliding_event_time_reduce_as_flink_window_operator_test);
    RUN(process_window_function_sees_key_window_and_elements_with_an_offset);
    RUN(aggregate_function_average_per_tumbling_window);
    RUN(aggregate_function_of_abi_version_1_still_runs);
    RUN(reduce_then_process_gets_the_one_reduced_element);
    RUN(aggregate_then_process_gets_the_result_with_the_window);
    RUN(per_window_and_global_state_of_a_process_window_function);
    RUN(window_state_store_errors);
    RUN(event_time_session_windows_as_flink_window_operator_test);
    RUN(an_element_bridging_two_sessions_merges_them_and_their_contents);
    RUN(late_elements_join_an_open_session_or_go_to_the_side_output);
    RUN(dynamic_session_gaps_come_from_the_extractor);
    RUN(processing_time_session_windows_on_the_manual_clock);
    RUN(count_window_fires_and_purges_every_n_elements_of_a_key);
    RUN(sliding_count_window_sums_the_last_size_every_slide);
    RUN(global_windows_never_fire_without_a_trigger);
    RUN(window_all_puts_every_element_into_one_window_set_at_parallelism_1);
    RUN(count_trigger_on_event_time_windows_and_the_purging_wrapper);
    RUN(count_and_time_evictors_drop_elements_before_the_function);
    RUN(a_custom_trigger_fires_early_and_at_the_end_with_per_window_state);
    RUN(a_custom_trigger_merges_its_state_with_sessions);
    RUN(custom_trigger_errors);
    RUN(continuous_event_time_trigger_fires_every_interval_and_at_the_end);
    RUN(delta_and_custom_evictors);
    RUN(allowed_lateness_fires_again_and_late_data_goes_to_the_side_output);
    RUN(late_elements_without_a_side_output_are_dropped_and_counted);
    RUN(tumbling_processing_time_windows_on_the_manual_clock);
    RUN(sliding_processing_time_windows_with_an_offset);
    RUN(event_time_windows_need_timestamps);
    RUN(window_misuse_errors);
    RUN(a_failing_window_function_fails_the_job);
    return test_report();
}
