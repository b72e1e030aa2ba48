/*
 * test_keyed_process.c -- keyed process functions (eddy_keyed_process) with
 * value, list and map state and timers, through eddy.h only: the seed's
 * deduplicating KeyedProcessFunction in both runtime modes, state per key at
 * parallelism 1 and 4, timers, row kinds, the ctx's errors; operator uids
 * and the managed-memory option.
 */
#include "check.h"

/* ---- the seed's dedup: keep the first name per key ---------------------------- */

static eddy_status dedup_open(void *ctx, eddy_keyed_ctx *kc) {
    (void)ctx;
    /* seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", String.class)) */
    return eddy_keyed_ctx_value_state(kc, "seen", "STRING") ? EDDY_OK : EDDY_E_UDF;
}

static eddy_status dedup_process(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_value_state *seen = eddy_keyed_ctx_value_state(kc, "seen", "STRING");
    const eddy_row *v;
    eddy_status rc = eddy_value_state_value(seen, &v);
    if (rc) return rc;
    if (v == NULL) {
        int name = eddy_row_field_index(in, "name");
        if ((rc = eddy_value_state_update_from(seen, in, (size_t)name))) return rc;
        if ((rc = eddy_out_copy_field(out, 0, in, (size_t)name))) return rc;
        return eddy_out_emit(out);
    }
    return EDDY_OK;
}

static const eddy_keyed_process_fn dedup = {EDDY_KEYED_PROCESS_FN_VERSION, dedup_open, dedup_process, NULL, NULL};

/* The rows the seed's interval join produces, in its order. */
static eddy_stream *joined(eddy_env *env) {
    return eddy_from_values(env, "ROW<name STRING, amount INT>", "('Bob', 239), ('Alice', 122), ('Bob', 999)");
}

TEST(seed_dedup_keeps_the_first_name_per_key_in_both_modes) {
    for (int mode = 0; mode < 2; mode++) {
        eddy_env *env = new_env(1);
        eddy_env_set_runtime_mode(env, mode ? EDDY_BATCH : EDDY_STREAMING);
        eddy_stream *names = eddy_keyed_process(eddy_stream_key_by(joined(env), "name"), &dedup, "STRING", NULL, NULL);
        ASSERT_TEXT(collect_stream(names), "Bob\nAlice\n");
        eddy_env_free(env);
    }
    /* at parallelism 4 the same two names, in some order */
    eddy_env *env = new_env(4);
    eddy_stream *names = eddy_keyed_process(eddy_stream_key_by(joined(env), "name"), &dedup, "STRING", NULL, NULL);
    ASSERT_TEXT(sorted_lines(collect_stream(names)), "Alice\nBob\n");
    eddy_env_free(env);
}

/* ---- value, list and map state ------------------------------------------------- */

/* Per key: count and sum (a ROW value), every amount (list), amount -> times
 * seen (map). Emits (key, count, sum, list length, distinct amounts). */
static eddy_status stats_process(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_value_state *agg = eddy_keyed_ctx_value_state(kc, "agg", "ROW<cnt BIGINT, total BIGINT>");
    eddy_list_state *all = eddy_keyed_ctx_list_state(kc, "all", "INT");
    eddy_map_state *times = eddy_keyed_ctx_map_state(kc, "times", "INT", "BIGINT");
    int32_t amount;
    eddy_row_get_int(in, 1, &amount);
    const eddy_row *v;
    eddy_status rc = eddy_value_state_value(agg, &v);
    int64_t cnt = 0, total = 0;
    if (!rc && v) {
        eddy_row_get_long(v, 0, &cnt);
        eddy_row_get_long(v, 1, &total);
    }
    eddy_out *nv = eddy_value_state_new_value(agg);
    eddy_out_set_long(nv, 0, cnt + 1);
    eddy_out_set_long(nv, 1, total + amount);
    if (!rc) rc = eddy_value_state_update(agg);
    if (!rc) rc = eddy_list_state_add_from(all, in, 1);
    /* times[amount] += 1 */
    eddy_out_set_int(eddy_map_state_key(times), 0, amount);
    const eddy_row *t;
    if (!rc) rc = eddy_map_state_get(times, &t);
    int64_t n = 0;
    if (!rc && t) eddy_row_get_long(t, 0, &n);
    eddy_out_set_long(eddy_map_state_value(times), 0, n + 1);
    if (!rc) rc = eddy_map_state_put(times);
    if (rc) return rc;
    size_t cur = 0, len = 0, distinct = 0;
    const eddy_row *e, *mk, *mv;
    while (eddy_list_state_next(all, &cur, &e) == EDDY_ROW) len++;
    cur = 0;
    while (eddy_map_state_next(times, &cur, &mk, &mv) == EDDY_ROW) distinct++;
    eddy_out_copy_field(out, 0, in, 0);
    eddy_out_set_long(out, 1, cnt + 1);
    eddy_out_set_long(out, 2, total + amount);
    eddy_out_set_long(out, 3, (int64_t)len);
    eddy_out_set_long(out, 4, (int64_t)distinct);
    return eddy_out_emit(out);
}

static const eddy_keyed_process_fn stats_fn = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, stats_process, NULL, NULL};

static const char *STATS_OUT = "ROW<k STRING, cnt BIGINT, total BIGINT, len BIGINT, distinct_amounts BIGINT>";
static const char *STATS_IN = "('a', 1), ('b', 5), ('a', 1), ('a', 2), ('b', 5), ('c', 7), ('a', 3)";

TEST(value_list_and_map_state_per_key) {
    eddy_env *env = new_env(1);
    eddy_stream *in = eddy_from_values(env, "ROW<k STRING, amount INT>", STATS_IN);
    eddy_stream *s = eddy_keyed_process(eddy_stream_key_by(in, "k"), &stats_fn, STATS_OUT, NULL, NULL);
    ASSERT_TEXT(collect_stream(s), "+I[a, 1, 1, 1, 1]\n+I[b, 1, 5, 1, 1]\n+I[a, 2, 2, 2, 1]\n+I[a, 3, 4, 3, 2]\n"
                                   "+I[b, 2, 10, 2, 1]\n+I[c, 1, 7, 1, 1]\n+I[a, 4, 7, 4, 3]\n");
    eddy_env_free(env);
}

/* many keys at parallelism 4: the key groups of every subtask */
static eddy_status gen_keys(void *ctx, int subtask, int par, eddy_out *out) {
    int *done = ctx;
    (void)par;
    if (subtask != 0 || *done) return EDDY_DONE;
    for (int i = 0; i < 20000; i++) {
        char k[16];
        snprintf(k, sizeof k, "k%d", i % 5000);
        eddy_out_set_cstring(out, 0, k);
        eddy_out_set_int(out, 1, i % 7);
        eddy_out_emit(out);
    }
    *done = 1;
    return EDDY_OK;
}

static eddy_status last_count(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    int64_t cnt;
    eddy_row_get_long(in, 1, &cnt);
    *keep = cnt == 4; /* every key appears 4 times */
    return EDDY_OK;
}

TEST(state_per_key_at_parallelism_4) {
    eddy_env *env = new_env(4);
    int done = 0;
    eddy_stream *in = eddy_from_source(env, "ROW<k STRING, amount INT>", false, gen_keys, &done, NULL);
    eddy_stream *s = eddy_keyed_process(eddy_stream_key_by(in, "k"), &stats_fn, STATS_OUT, NULL, NULL);
    char *text = collect_stream(eddy_stream_filter(s, last_count, NULL, NULL));
    ASSERT_EQ_INT(count_lines(text), 5000);
    ASSERT_TRUE(strstr(text, "+I[k0, 4, ") != NULL);
    free(text);
    eddy_env_free(env);
}

/* ---- timers ----------------------------------------------------------------------- */

/* Registers an event-time timer at the amount and a processing-time timer at
 * 0 (due at once); on_timer emits (key, domain, timestamp, count so far). */
static eddy_status timer_process(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)out;
    int32_t amount;
    eddy_row_get_int(in, 1, &amount);
    eddy_status rc = eddy_keyed_ctx_register_event_timer(kc, amount);
    /* registered twice: kept once */
    if (!rc) rc = eddy_keyed_ctx_register_event_timer(kc, amount);
    if (!rc && amount == 13) rc = eddy_keyed_ctx_delete_event_timer(kc, amount);
    if (!rc) rc = eddy_keyed_ctx_register_processing_timer(kc, 0);
    eddy_value_state *cnt = eddy_keyed_ctx_value_state(kc, "cnt", "BIGINT");
    const eddy_row *v;
    int64_t n = 0;
    if (!rc) rc = eddy_value_state_value(cnt, &v);
    if (!rc && v) eddy_row_get_long(v, 0, &n);
    eddy_out_set_long(eddy_value_state_new_value(cnt), 0, n + 1);
    if (!rc) rc = eddy_value_state_update(cnt);
    return rc;
}

static eddy_status timer_fired(void *ctx, eddy_keyed_ctx *kc, int64_t ts, eddy_out *out) {
    (void)ctx;
    const eddy_row *key = eddy_keyed_ctx_current_key(kc);
    eddy_value_state *cnt = eddy_keyed_ctx_value_state(kc, "cnt", "BIGINT");
    const eddy_row *v;
    eddy_status rc = eddy_value_state_value(cnt, &v);
    if (rc) return rc;
    int64_t when;
    if (!eddy_keyed_ctx_timestamp(kc, &when) || when != ts) return eddy_out_error(out, "timestamp() is not the timer's");
    eddy_out_copy_field(out, 0, key, 0);
    eddy_out_set_cstring(out, 1, eddy_keyed_ctx_timer_domain(kc) == EDDY_EVENT_TIME ? "event" : "processing");
    eddy_out_set_long(out, 2, ts);
    eddy_out_copy_field(out, 3, v, 0);
    /* event time: the watermark that fired it (MAX at the end of input) */
    eddy_out_set_long(out, 4, eddy_keyed_ctx_timer_domain(kc) == EDDY_EVENT_TIME
                                  ? (eddy_keyed_ctx_current_watermark(kc) == INT64_MAX ? 1 : 0)
                                  : -1);
    return eddy_out_emit(out);
}

static const eddy_keyed_process_fn timer_fn = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, timer_process, timer_fired, NULL};

TEST(timers_fire_in_timestamp_order_at_the_end_of_input) {
    /* BATCH: processing time stands still; every timer fires at the end --
     * event time at the MAX watermark, then the processing-time ones */
    for (int mode = 0; mode < 2; mode++) {
        eddy_env *env = new_env(1);
        eddy_env_set_runtime_mode(env, mode ? EDDY_BATCH : EDDY_STREAMING);
        eddy_stream *in = eddy_from_values(env, "ROW<k STRING, amount INT>",
                                           "('b', 30), ('a', 20), ('a', 10), ('c', 20), ('b', 13)");
        eddy_stream *s = eddy_keyed_process(eddy_stream_key_by(in, "k"), &timer_fn,
                                            "ROW<k STRING, domain STRING, ts BIGINT, cnt BIGINT, wm BIGINT>", NULL, NULL);
        char *text = collect_stream(s);
        /* the event-time part is the same in both modes: timestamp order,
         * ties by key (a before c), b's timer at 13 deleted */
        const char *event = "+I[a, event, 10, 2, 1]\n+I[a, event, 20, 2, 1]\n+I[c, event, 20, 1, 1]\n"
                            "+I[b, event, 30, 2, 1]\n";
        if (mode) {
            /* BATCH: then every processing-time timer, once per key */
            char want[512];
            snprintf(want, sizeof want, "%s+I[a, processing, 0, 2, -1]\n+I[b, processing, 0, 2, -1]\n"
                                        "+I[c, processing, 0, 1, -1]\n", event);
            ASSERT_TEXT(text, want);
        } else {
            /* STREAMING: processing-time timers fire between events (here the
             * one batch of input leaves no between), pending ones are dropped */
            char *p = strstr(text, event);
            ASSERT_TRUE(p != NULL);
            free(text);
        }
        eddy_env_free(env);
    }
}

/* ---- row kinds ------------------------------------------------------------------------ */

/* Turns +I into +U and -U into -D, keeping the row. */
static eddy_status kinds_process(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)kc;
    eddy_out_copy_field(out, 0, in, 0);
    eddy_out_copy_field(out, 1, in, 1);
    eddy_out_set_kind(out, eddy_row_get_kind(in) == EDDY_INSERT ? EDDY_UPDATE_AFTER : EDDY_DELETE);
    return eddy_out_emit(out);
}

TEST(row_kinds_are_read_and_set_in_the_callbacks) {
    eddy_env *env = new_env(1);
    eddy_stream *in = eddy_from_values(env, "ROW<name STRING, score INT>", "('Alice', 12), -U('Alice', 12)");
    const eddy_keyed_process_fn fn = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, kinds_process, NULL, NULL};
    eddy_stream *s = eddy_keyed_process(eddy_stream_key_by(in, "name"), &fn, "ROW<name STRING, score INT>", NULL, NULL);
    ASSERT_TEXT(collect_stream(s), "+U[Alice, 12]\n-D[Alice, 12]\n");
    eddy_env_free(env);
}

/* ---- errors ------------------------------------------------------------------------------ */

static eddy_status two_types(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)in;
    (void)out;
    eddy_keyed_ctx_value_state(kc, "x", "STRING");
    /* same name, another type: refused; the job fails with the message even
     * though the callback returns OK */
    eddy_keyed_ctx_value_state(kc, "x", "BIGINT");
    return EDDY_OK;
}

static eddy_status state_in_open(void *ctx, eddy_keyed_ctx *kc) {
    (void)ctx;
    const eddy_row *v;
    return eddy_value_state_value(eddy_keyed_ctx_value_state(kc, "s", "INT"), &v);
}

static eddy_status noop(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)kc;
    (void)in;
    (void)out;
    return EDDY_OK;
}

TEST(ctx_errors_fail_the_job_with_their_message) {
    eddy_env *env = new_env(1);
    const eddy_keyed_process_fn f1 = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, two_types, NULL, NULL};
    eddy_stream *s = eddy_keyed_process(eddy_stream_key_by(joined(env), "name"), &f1, "STRING", NULL, NULL);
    ASSERT_TEXT(collect_stream(s), "ERROR: State 'x' is already registered as VALUE<STRING> (key STRING); it cannot "
                                   "be registered as VALUE<BIGINT> (key STRING).");
    const eddy_keyed_process_fn f2 = {EDDY_KEYED_PROCESS_FN_VERSION, state_in_open, noop, NULL, NULL};
    s = eddy_keyed_process(eddy_stream_key_by(joined(env), "name"), &f2, "STRING", NULL, NULL);
    ASSERT_TEXT(collect_stream(s), "ERROR: State 's': value() needs a current key (call it in process_element or "
                                   "on_timer).");
    /* building the pipeline */
    ASSERT_TRUE(eddy_keyed_process(eddy_stream_key_by(joined(env), "name"), NULL, "STRING", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "process: the function or its process_element is NULL.");
    eddy_keyed_process_fn f3 = f2;
    f3.abi_version = 99;
    ASSERT_TRUE(eddy_keyed_process(eddy_stream_key_by(joined(env), "name"), &f3, "STRING", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "process: unknown eddy_keyed_process_fn abi_version 99 (this eddy has 1).");
    eddy_env_free(env);
}

/* ---- uids and memory ------------------------------------------------------------------------ */

static eddy_status sum_amounts(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int32_t a, b;
    eddy_row_get_int(acc, 1, &a);
    eddy_row_get_int(in, 1, &b);
    eddy_out_copy_field(out, 0, in, 0);
    eddy_out_set_int(out, 1, a + b);
    return EDDY_OK;
}

TEST(uids_set_by_the_user_must_be_unique) {
    eddy_env *env = new_env(1);
    ASSERT_TRUE(eddy_stream_uid(joined(env), "") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "A uid must not be empty.");
    ASSERT_TRUE(eddy_stream_uid(eddy_stream_rebalance(joined(env)), "r") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "A uid cannot be set on 'Rebalance': a union or partitioning has no operator "
                                         "of its own.");
    eddy_stream *a = eddy_stream_uid(eddy_keyed_reduce(eddy_stream_key_by(joined(env), "name"), sum_amounts, NULL, NULL),
                                     "sums");
    ASSERT_TEXT(sorted_lines(collect_stream(a)), "+I[Alice, 122]\n+I[Bob, 1238]\n+I[Bob, 239]\n");
    eddy_stream *b = eddy_stream_uid(eddy_keyed_reduce(eddy_stream_key_by(a, "name"), sum_amounts, NULL, NULL), "sums");
    ASSERT_TRUE(eddy_stream_execute_and_collect(b) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Hash collision on user-specified ID \"sums\". Most likely cause is a "
                                         "non-unique ID. Please check that all IDs specified via `uid(String)` are "
                                         "unique.");
    eddy_env_free(env);
}

static eddy_status many_keys(void *ctx, int subtask, int par, eddy_out *out) {
    int *next = ctx;
    (void)subtask;
    (void)par;
    if (*next >= 200000) return EDDY_DONE;
    for (int i = 0; i < 1000; i++, (*next)++) {
        eddy_out_set_long(out, 0, *next);
        eddy_out_emit(out);
    }
    return EDDY_OK;
}

static eddy_status drop_all(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    (void)in;
    *keep = false;
    return EDDY_OK;
}

static eddy_status keep_max(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)acc;
    return eddy_out_copy_field(out, 0, in, 0);
}

TEST(managed_memory_bounds_streaming_state) {
    eddy_env *env = new_env(1);
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.managed.size", "a lot"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value 'a lot' for key 'taskmanager.memory.managed.size'.");
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.managed.fraction", "0"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value '0' for key 'taskmanager.memory.managed.fraction'.");
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.size", "1m"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "The environment has no option 'taskmanager.memory.size'");
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.managed.size", "1 mb"), EDDY_OK);
    /* 200000 keys need more than 1 MiB of state */
    int next = 0;
    eddy_stream *in = eddy_from_source(env, "BIGINT", false, many_keys, &next, NULL);
    eddy_stream *r = eddy_stream_uid(eddy_keyed_reduce(eddy_stream_key_by(in, "*"), keep_max, NULL, NULL), "big");
    char *text = collect_stream(eddy_stream_filter(r, drop_all, NULL, NULL));
    ASSERT_STR_CONTAINS(text, "ERROR: The state of operator 'Keyed Reduce' (uid ");
    ASSERT_STR_CONTAINS(text, " more bytes, but the job's managed memory (taskmanager.memory.managed.size: 1048576 "
                              "bytes) is used up (");
    free(text);
    /* the same job with room enough runs */
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.managed.size", "256 mb"), EDDY_OK);
    next = 0;
    in = eddy_from_source(env, "BIGINT", false, many_keys, &next, NULL);
    r = eddy_keyed_reduce(eddy_stream_key_by(in, "*"), keep_max, NULL, NULL);
    eddy_iter *it = eddy_stream_execute_and_collect(r);
    const eddy_row *row;
    int n = 0;
    while (eddy_iter_next(it, &row) == EDDY_ROW) n++;
    ASSERT_EQ_INT(n, 200000);
    eddy_iter_free(it);
    eddy_env_free(env);
}

int main(void) {
    RUN(seed_dedup_keeps_the_first_name_per_key_in_both_modes);
    RUN(value_list_and_map_state_per_key);
    RUN(state_per_key_at_parallelism_4);
    RUN(timers_fire_in_timestamp_order_at_the_end_of_input);
    RUN(row_kinds_are_read_and_set_in_the_callbacks);
    RUN(ctx_errors_fail_the_job_with_their_message);
    RUN(uids_set_by_the_user_must_be_unique);
    RUN(managed_memory_bounds_streaming_state);
    return test_report();
}
