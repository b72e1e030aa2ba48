/*
 * test_datastream.c -- the DataStream API: sources, map / flat_map / filter
 * callbacks, union, key_by with fields and key selectors, keyed reduce and
 * sum in both runtime modes, print prefixes, user sinks and sources,
 * partitioning, executeAndCollect, and the errors of misuse.
 */
#include <pthread.h>

#include "check.h"

/* ---- callbacks -------------------------------------------------------------------- */

static eddy_status upper_map(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    const char *s;
    size_t n;
    if (eddy_row_get_string(in, 0, &s, &n)) return eddy_out_error(out, "not a string");
    char buf[64];
    for (size_t i = 0; i < n && i < 63; i++) buf[i] = (char)((s[i] >= 'a' && s[i] <= 'z') ? s[i] - 32 : s[i]);
    return eddy_out_set_string(out, 0, buf, n < 63 ? n : 63);
}

static eddy_status split_words(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    const char *s;
    size_t n;
    eddy_row_get_string(in, 0, &s, &n);
    size_t i = 0;
    while (i < n) {
        while (i < n && s[i] == ' ') i++;
        size_t start = i;
        while (i < n && s[i] != ' ') i++;
        if (i > start) {
            eddy_out_set_string(out, 0, s + start, i - start);
            eddy_out_set_int(out, 1, 1);
            eddy_out_emit(out);
        }
    }
    return EDDY_OK;
}

static eddy_status keep_even(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    int64_t v;
    eddy_row_get_long(in, 0, &v);
    *keep = v % 2 == 0;
    return EDDY_OK;
}

static eddy_status sum_reduce(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int32_t a, b;
    eddy_row_get_int(acc, 1, &a);
    eddy_row_get_int(in, 1, &b);
    eddy_out_copy_field(out, 0, acc, 0);
    return eddy_out_set_int(out, 1, a + b);
}

static eddy_status failing_map(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t v;
    eddy_row_get_long(in, 0, &v);
    if (v == 3) return eddy_out_error(out, "cannot handle %lld", (long long)v);
    return eddy_out_set_long(out, 0, v);
}

/* ---- tests ------------------------------------------------------------------------ */

TEST(map_over_strings) {
    eddy_env *env = new_env(1);
    const char *names[] = {"Alice", "Bob", "John"};
    eddy_stream *s = eddy_stream_map(eddy_from_strings(env, names, 3), "STRING", upper_map, NULL, NULL);
    ASSERT_TEXT(collect_stream(s), "ALICE\nBOB\nJOHN\n");
    eddy_env_free(env);
}

TEST(flat_map_filter_union) {
    eddy_env *env = new_env(2);
    const char *lines[] = {"to be or", "not to be"};
    eddy_stream *words = eddy_stream_flat_map(eddy_from_strings(env, lines, 2), "ROW<word STRING, cnt INT>",
                                              split_words, NULL, NULL);
    ASSERT_TEXT(sorted_lines(collect_stream(words)),
                "+I[be, 1]\n+I[be, 1]\n+I[not, 1]\n+I[or, 1]\n+I[to, 1]\n+I[to, 1]\n");
    eddy_stream *evens = eddy_stream_filter(eddy_from_sequence(env, 1, 10), keep_even, NULL, NULL);
    eddy_stream *more = eddy_from_values(env, "BIGINT NOT NULL", "100, 200");
    ASSERT_TEXT(sorted_lines(collect_stream(eddy_stream_union(evens, more))), "10\n100\n2\n200\n4\n6\n8\n");
    eddy_env_free(env);
}

TEST(keyed_reduce_streaming_and_batch) {
    const char *lines[] = {"to be or", "not to be", "to"};
    for (int mode = 0; mode < 2; mode++) {
        eddy_env *env = new_env(3);
        eddy_env_set_runtime_mode(env, mode ? EDDY_BATCH : EDDY_STREAMING);
        eddy_stream *words = eddy_stream_flat_map(eddy_from_strings(env, lines, 3), "ROW<word STRING, cnt INT>",
                                                  split_words, NULL, NULL);
        eddy_stream *counts = eddy_keyed_reduce(eddy_stream_key_by(words, "word"), sum_reduce, NULL, NULL);
        if (mode == 0)
            ASSERT_TEXT(sorted_lines(collect_stream(counts)),
                        "+I[be, 1]\n+I[be, 2]\n+I[not, 1]\n+I[or, 1]\n+I[to, 1]\n+I[to, 2]\n+I[to, 3]\n");
        else
            ASSERT_TEXT(sorted_lines(collect_stream(counts)), "+I[be, 2]\n+I[not, 1]\n+I[or, 1]\n+I[to, 3]\n");
        eddy_env_free(env);
    }
}

TEST(keyed_sum_batch_final_values) {
    /* testTableStreamConversionBatch: UPPER in SQL, then keyBy and sum */
    eddy_env *env = new_env(4);
    eddy_env_set_runtime_mode(env, EDDY_BATCH);
    eddy_tenv *tenv = eddy_tenv_new(env);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING>", "'Alice', 'alice', 'lily', 'Bob', 'lily', 'lily'");
    eddy_tenv_create_temporary_view(tenv, "tmp_table", eddy_table_as(eddy_tenv_from_datastream(tenv, ds, NULL), "word", NULL));
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT UPPER(word) AS word, 1 AS cnt FROM tmp_table");
    eddy_stream *sums = eddy_keyed_sum(eddy_stream_key_by(eddy_tenv_to_datastream(tenv, t), "word"), "cnt");
    ASSERT_TEXT(sorted_lines(collect_stream(sums)), "+I[ALICE, 2]\n+I[BOB, 1]\n+I[LILY, 3]\n");
    eddy_env_free(env);
}

static eddy_status first_char_key(void *ctx, const eddy_row *in, eddy_out *key) {
    (void)ctx;
    const char *s;
    eddy_row_get_string(in, 0, &s, NULL);
    return eddy_out_set_string(key, 0, s, 1);
}

static eddy_status concat_reduce(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    const char *a, *b;
    eddy_row_get_string(acc, 0, &a, NULL);
    eddy_row_get_string(in, 0, &b, NULL);
    char buf[256];
    snprintf(buf, sizeof buf, "%s+%s", a, b);
    return eddy_out_set_cstring(out, 0, buf);
}

TEST(key_selector_function) {
    eddy_env *env = new_env(2);
    eddy_env_set_runtime_mode(env, EDDY_BATCH);
    const char *w[] = {"apple", "avocado", "banana", "blueberry", "cherry"};
    eddy_keyed_stream *ks = eddy_stream_key_by_fn(eddy_from_strings(env, w, 5), "STRING", first_char_key, NULL, NULL);
    ASSERT_TEXT(sorted_lines(collect_stream(eddy_keyed_reduce(ks, concat_reduce, NULL, NULL))),
                "apple+avocado\nbanana+blueberry\ncherry\n");
    eddy_env_free(env);
}

/* print(): no prefix at parallelism 1; "id> " with an identifier; "N> " /
 * "id:N> " when the sink runs in parallel. */
static eddy_env *print_env;
static void run_print(void *arg) {
    (void)arg;
    eddy_env_execute(print_env, "print");
}

TEST(print_prefixes) {
    print_env = new_env(1);
    eddy_stream *s = eddy_from_values(print_env, "ROW<name STRING, score INT>", "('Alice', 12), ('Bob', 10)");
    eddy_stream_print(s);
    ASSERT_TEXT(capture_stdout(run_print, NULL), "+I[Alice, 12]\n+I[Bob, 10]\n");
    eddy_stream_print_id(s, "sum");
    ASSERT_TEXT(capture_stdout(run_print, NULL), "sum> +I[Alice, 12]\nsum> +I[Bob, 10]\n");
    /* a parallel sink fed round-robin from a parallelism-1 source */
    eddy_stream_print_to(s, "sum", stdout, 2);
    char *out = capture_stdout(run_print, NULL);
    ASSERT_TRUE(strstr(out, "sum:") != NULL);
    ASSERT_TRUE(strstr(out, "> +I[Alice, 12]\n") != NULL && strstr(out, "> +I[Bob, 10]\n") != NULL);
    for (char *p = strtok(out, "\n"); p; p = strtok(NULL, "\n")) ASSERT_TRUE(!strncmp(p, "sum:1> ", 7) || !strncmp(p, "sum:2> ", 7));
    free(out);
    ASSERT_EQ_INT(eddy_env_errcode(print_env), EDDY_OK);
    eddy_env_free(print_env);
}

TEST(execute_twice_and_empty_builder) {
    eddy_env *env = new_env(1);
    ASSERT_EQ_INT(eddy_env_execute(env, "nothing"), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "No operators defined in streaming topology. Cannot execute.");
    eddy_stream *s = eddy_from_sequence(env, 1, 3);
    print_env = env;
    eddy_stream_print(s);
    ASSERT_TEXT(capture_stdout(run_print, NULL), "1\n2\n3\n");
    /* the builder was cleared, the stream stays usable */
    ASSERT_EQ_INT(eddy_env_execute(env, "again"), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    eddy_stream_print(s);
    ASSERT_TEXT(capture_stdout(run_print, NULL), "1\n2\n3\n");
    eddy_env_free(env);
}

TEST(user_callback_errors_fail_the_job) {
    eddy_env *env = new_env(1);
    eddy_stream *s = eddy_stream_map(eddy_from_sequence(env, 1, 5), "BIGINT", failing_map, NULL, NULL);
    eddy_stream_add_sink(s, NULL, NULL, NULL, 0);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "add_sink: the function is NULL.");
    ASSERT_TEXT(collect_stream(s), "ERROR: cannot handle 3");
    eddy_env_free(env);
}

/* A user source emitting 0..n-1 over several calls. */
typedef struct Counter {
    pthread_mutex_t mu;
    int64_t next, n, freed;
} Counter;

static eddy_status count_source(void *ctx, int subtask, int par, eddy_out *out) {
    (void)subtask;
    (void)par;
    Counter *c = ctx;
    for (int k = 0; k < 7 && c->next < c->n; k++) {
        eddy_out_set_long(out, 0, c->next++);
        eddy_out_emit(out);
    }
    return c->next < c->n ? EDDY_OK : EDDY_DONE;
}

static void counter_free(void *ctx) { ((Counter *)ctx)->freed++; }

static eddy_status sum_sink(void *ctx, const eddy_row *in) {
    Counter *c = ctx;
    int64_t v;
    eddy_row_get_long(in, 0, &v);
    pthread_mutex_lock(&c->mu);
    c->next += v;
    pthread_mutex_unlock(&c->mu);
    return EDDY_OK;
}

TEST(user_source_and_sink) {
    eddy_env *env = new_env(3);
    Counter src = {PTHREAD_MUTEX_INITIALIZER, 0, 1000, 0}, sink = {PTHREAD_MUTEX_INITIALIZER, 0, 0, 0};
    eddy_stream *s = eddy_from_source(env, "BIGINT NOT NULL", false, count_source, &src, counter_free);
    eddy_stream_add_sink(eddy_stream_rebalance(s), sum_sink, &sink, counter_free, 3);
    ASSERT_EQ_INT(eddy_env_execute(env, "sources"), EDDY_OK);
    ASSERT_EQ_INT(sink.next, 999 * 1000 / 2);
    eddy_env_free(env);
    ASSERT_EQ_INT(src.freed, 1);
    ASSERT_EQ_INT(sink.freed, 1);
}

TEST(misuse_is_reported) {
    eddy_env *env = new_env(1);
    ASSERT_TRUE(eddy_from_values(env, "INT NOT NULL", "1, 'x'") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_RUNTIME, "Cannot cast 'x' to INT");
    ASSERT_TRUE(eddy_from_values(env, "ROW<a INT, b INT>", "(1, 2), (3)") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Value 2 has 1 fields but the type ROW<`a` INT, `b` INT> has 2.");
    ASSERT_TRUE(eddy_from_values(env, "INTEGR", "1") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_PARSE, "Unknown type 'INTEGR'");
    eddy_stream *s = eddy_from_sequence(env, 1, 3);
    ASSERT_TRUE(eddy_stream_key_by(s, "nope") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "Invalid key field 'nope': the stream's fields are [f0].");
    ASSERT_TRUE(eddy_stream_set_parallelism(eddy_from_strings(env, (const char *[]){"a"}, 1), 2) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "The parallelism of non parallel operator must be 1.");
    /* a pending error stops every later builder call */
    ASSERT_TRUE(eddy_from_values(env, "BAD", "1") == NULL);
    ASSERT_TRUE(eddy_from_sequence(env, 1, 2) == NULL);
    ASSERT_TRUE(eddy_stream_map(s, "BIGINT", failing_map, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_PARSE, "Unknown type 'BAD'");
    /* NULL handles are accepted */
    ASSERT_TRUE(eddy_stream_map(NULL, "INT", failing_map, NULL, NULL) == NULL);
    ASSERT_EQ_INT(eddy_stream_print(NULL), EDDY_E_MISUSE);
    eddy_env_free(NULL);
    eddy_env_free(env);
}

int main(void) {
    RUN(map_over_strings);
    RUN(flat_map_filter_union);
    RUN(keyed_reduce_streaming_and_batch);
    RUN(keyed_sum_batch_final_values);
    RUN(key_selector_function);
    RUN(print_prefixes);
    RUN(execute_twice_and_empty_builder);
    RUN(user_callback_errors_fail_the_job);
    RUN(user_source_and_sink);
    RUN(misuse_is_reported);
    return test_report();
}
