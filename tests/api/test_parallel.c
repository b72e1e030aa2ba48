/*
 * test_parallel.c -- parallel execution: a hash exchange sends every key to
 * exactly one subtask at parallelism 1, 2 and 4, and the results are the
 * same multiset at every parallelism; rebalance and broadcast reach every
 * subtask; the default parallelism follows the env.
 */
#include "check.h"

static eddy_status key_value(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t x;
    eddy_row_get_long(in, 0, &x);
    eddy_out_set_long(out, 0, x % 97);
    return eddy_out_set_long(out, 1, x);
}

static eddy_status identity(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_out_copy_field(out, 0, in, 0);
    return eddy_out_copy_field(out, 1, in, 1);
}

static eddy_env *run_env;
static void run(void *arg) {
    (void)arg;
    if (eddy_env_execute(run_env, "parallel") != EDDY_OK) fprintf(stderr, "execute: %s\n", eddy_env_errmsg(run_env));
}

/* Prints "s:N> +I[k, x]" lines for a keyed pipeline at parallelism p. */
static char *keyed_lines(int p, bool batch) {
    run_env = new_env(p);
    if (batch) eddy_env_set_runtime_mode(run_env, EDDY_BATCH);
    eddy_stream *kv = eddy_stream_map(eddy_from_sequence(run_env, 1, 20000), "ROW<k BIGINT NOT NULL, x BIGINT NOT NULL>",
                                      key_value, NULL, NULL);
    eddy_keyed_stream *ks = eddy_stream_key_by(kv, "k");
    eddy_stream *out = batch ? eddy_keyed_sum(ks, "x") : eddy_keyed_map(ks, "ROW<k BIGINT, x BIGINT>", identity, NULL, NULL);
    eddy_stream_print_to(out, "s", stdout, p);
    char *text = capture_stdout(run, NULL);
    eddy_env_free(run_env);
    return text;
}

/* Splits "s:N> rest" lines: checks each key sits on one subtask and returns
 * the rest of the lines, sorted. */
static char *strip_and_check(char *text, int p, int *bad) {
    int owner[97];
    for (int i = 0; i < 97; i++) owner[i] = -1;
    Lines l = {0};
    lines_add(&l, "");
    l.len = 0;
    l.text[0] = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int sub = 1;
        char *rest = line;
        if (p > 1) {
            if (sscanf(line, "s:%d> ", &sub) != 1) (*bad)++;
        }
        rest = strstr(line, "> ") ? strstr(line, "> ") + 2 : line;
        long k;
        if (sscanf(rest, "+I[%ld,", &k) != 1 || k < 0 || k >= 97) {
            (*bad)++;
            continue;
        }
        if (owner[k] == -1) owner[k] = sub;
        else if (owner[k] != sub) (*bad)++;
        lines_add(&l, rest);
    }
    free(text);
    return sorted_lines(l.text);
}

TEST(hash_exchange_routes_each_key_to_one_subtask) {
    char *ref = NULL;
    for (int p = 1; p <= 4; p *= 2) {
        int bad = 0;
        char *rows = strip_and_check(keyed_lines(p, false), p, &bad);
        ASSERT_EQ_INT(bad, 0);
        if (!ref) {
            ref = rows;
            /* every input row came through exactly once */
            ASSERT_EQ_INT(count_lines(ref), 20000);
        } else {
            ASSERT_STR_EQ(rows, ref);
            free(rows);
        }
    }
    free(ref);
}

TEST(batch_keyed_sums_equal_at_every_parallelism) {
    char *ref = NULL;
    for (int p = 1; p <= 4; p *= 2) {
        int bad = 0;
        char *rows = strip_and_check(keyed_lines(p, true), p, &bad);
        ASSERT_EQ_INT(bad, 0);
        ASSERT_EQ_INT(count_lines(rows), 97);
        if (!ref) ref = rows;
        else {
            ASSERT_STR_EQ(rows, ref);
            free(rows);
        }
    }
    /* key 0: 97 + 194 + ... + 19982 */
    long expect = 0;
    for (long x = 97; x <= 20000; x += 97) expect += x;
    char want[64];
    snprintf(want, sizeof want, "+I[0, %ld]\n", expect);
    ASSERT_TRUE(strncmp(ref, want, strlen(want)) == 0);
    free(ref);
}

TEST(broadcast_reaches_every_subtask) {
    run_env = new_env(3);
    eddy_stream *s = eddy_stream_broadcast(eddy_from_values(run_env, "INT NOT NULL", "7"));
    eddy_stream_print_to(s, NULL, stdout, 3);
    ASSERT_TEXT(sorted_lines(capture_stdout(run, NULL)), "1> 7\n2> 7\n3> 7\n");
    eddy_env_free(run_env);
}

TEST(global_sends_everything_to_the_first_subtask) {
    run_env = new_env(3);
    eddy_stream *s = eddy_stream_global(eddy_stream_rebalance(eddy_from_sequence(run_env, 1, 5000)));
    eddy_stream_print_to(s, "g", stdout, 3);
    char *out = capture_stdout(run, NULL);
    int n = 0, other = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        n++;
        if (strncmp(line, "g:1> ", 5) != 0) other++;
    }
    free(out);
    ASSERT_EQ_INT(n, 5000);
    ASSERT_EQ_INT(other, 0);
    eddy_env_free(run_env);
}

int main(void) {
    RUN(hash_exchange_routes_each_key_to_one_subtask);
    RUN(batch_keyed_sums_equal_at_every_parallelism);
    RUN(broadcast_reaches_every_subtask);
    RUN(global_sends_everything_to_the_first_subtask);
    return test_report();
}
