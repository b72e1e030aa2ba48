/*
 * test_minibatch_agg.c -- mini-batch aggregation through the C API
 * (table.exec.mini-batch.*): the exact changelog of a mini-batch
 * GroupAggregate and of the two phases over VALUES (no MiniBatchAssigner:
 * the batches are the size's, so the output is fixed), retractions going
 * in; and over Seq(1..n) at parallelism 1 and 4, for one phase and two,
 * the changelog folded (far fewer rows than without mini-batch) into the
 * same final table as without mini-batch, equal to the values computed
 * here. A changelog that retracts a row it never inserted fails the test.
 */
#include "check.h"

/* Mini-batch of `size` rows (an hour of latency, so that the size ends the
 * batches), with the given phase strategy; size 0: mini-batch off. */
static void minibatch(eddy_tenv *t, const char *size, const char *strategy) {
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "table.exec.mini-batch.enabled", size ? "true" : "false"), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "table.exec.mini-batch.allow-latency", "1 h"), EDDY_OK);
    if (size) ASSERT_EQ_INT(eddy_tenv_set_option(t, "table.exec.mini-batch.size", size), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "table.optimizer.agg-phase-strategy", strategy), EDDY_OK);
}

static const char *NAMES = "(VALUES ('a'), ('b'), ('a'), ('c'), ('a'), ('b'), ('d')) AS T(name)";

TEST(changelog_of_one_phase) {
    eddy_tenv *t = eddy_tenv_new(new_env(1));
    char sql[400];
    snprintf(sql, sizeof sql, "SELECT name, COUNT(*) FROM %s GROUP BY name", NAMES);
    minibatch(t, NULL, "AUTO");
    ASSERT_TEXT(sql_query_lines(t, sql), "+I[a, 1]\n+I[b, 1]\n-U[a, 1]\n+U[a, 2]\n+I[c, 1]\n-U[a, 2]\n+U[a, 3]\n"
                                         "-U[b, 1]\n+U[b, 2]\n+I[d, 1]\n");
    /* batches of 3 rows: (a b a) (c a b) (d); per batch one change per key, keys in the order they came */
    minibatch(t, "3", "ONE_PHASE");
    ASSERT_TEXT(sql_query_lines(t, sql), "+I[a, 2]\n+I[b, 1]\n+I[c, 1]\n-U[a, 2]\n+U[a, 3]\n-U[b, 1]\n+U[b, 2]\n"
                                         "+I[d, 1]\n");
    /* one batch for the whole input: one row per key */
    minibatch(t, "1000", "ONE_PHASE");
    ASSERT_TEXT(sql_query_lines(t, sql), "+I[a, 3]\n+I[b, 2]\n+I[c, 1]\n+I[d, 1]\n");
    /* batches of 1 row: the changelog without mini-batch */
    minibatch(t, "1", "ONE_PHASE");
    ASSERT_TEXT(sql_query_lines(t, sql), "+I[a, 1]\n+I[b, 1]\n-U[a, 1]\n+U[a, 2]\n+I[c, 1]\n-U[a, 2]\n+U[a, 3]\n"
                                         "-U[b, 1]\n+U[b, 2]\n+I[d, 1]\n");
    eddy_env_free(eddy_tenv_env(t));
}

TEST(changelog_of_two_phases) {
    eddy_tenv *t = eddy_tenv_new(new_env(1));
    char sql[400];
    snprintf(sql, sizeof sql, "SELECT name, COUNT(*), MIN(CHAR_LENGTH(name)) FROM %s GROUP BY name", NAMES);
    minibatch(t, "3", "AUTO");
    char *plan = sql_query_lines(t, sql);
    /* the local phase folds (a b a) into a:2 b:1, and the global phase buffers 3 of those rows: (a:2 b:1 c:1)
     * then (a:1 b:1 d:1) */
    ASSERT_TEXT(plan, "+I[a, 2, 1]\n+I[b, 1, 1]\n+I[c, 1, 1]\n-U[a, 2, 1]\n+U[a, 3, 1]\n-U[b, 1, 1]\n+U[b, 2, 1]\n"
                      "+I[d, 1, 1]\n");
    eddy_result *r = eddy_tenv_execute_sql(t, "EXPLAIN SELECT name, COUNT(*) FROM (VALUES ('a')) AS T(name) GROUP BY name");
    ASSERT_TRUE(r != NULL);
    char *text = iter_lines(eddy_result_collect(r));
    eddy_result_free(r);
    /* (the VALUES' column is EXPR$0: the projection naming it is gone) */
    ASSERT_TRUE(strstr(text, "GlobalGroupAggregate(groupBy=[EXPR$0], select=[EXPR$0, COUNT(count1$0) AS EXPR$1])\n"
                             "+- Exchange(distribution=[hash[EXPR$0]])\n"
                             "   +- LocalGroupAggregate(groupBy=[EXPR$0], select=[EXPR$0, COUNT(*) AS count1$0])") != NULL);
    free(text);
    eddy_env_free(eddy_tenv_env(t));
}

TEST(retractions_in) {
    eddy_tenv *t = eddy_tenv_new(new_env(1));
    char sql[400];
    snprintf(sql, sizeof sql,
             "SELECT c, COUNT(*), MAX(name), SUM(CHAR_LENGTH(name)) FROM (SELECT name, COUNT(*) AS c FROM %s GROUP BY name) "
             "GROUP BY c",
             NAMES);
    minibatch(t, "4", "AUTO");
    /* the inner aggregate is two-phase: local batches (a b a c) (a b d) give a:2 b:1 c:1, a:1 b:1 d:1;
     * the global one folds 4 of those, (a:2 b:1 c:1 a:1) then (b:1 d:1): +I a3 +I b1 +I c1, then
     * -U b1 +U b2 +I d1. The outer one takes 4 rows a batch: (a3 b1 c1 -b1) -- b's count 1 comes and
     * goes, MAX retracts it -- then (b2 d1) */
    ASSERT_TEXT(sql_query_lines(t, sql), "+I[3, 1, a, 1]\n+I[1, 1, c, 1]\n+I[2, 1, b, 1]\n-U[1, 1, c, 1]\n"
                                         "+U[1, 2, d, 2]\n");
    /* a key whose rows all retract in one batch: its insert and delete fold into nothing. The inner
     * batches (b b a) (a c d) give +I b2 +I a1, then -U a1 +U a2 +I c1 +I d1; the outer batch
     * (b2 a1 -a1) makes count 1 and takes it back */
    minibatch(t, "3", "ONE_PHASE");
    ASSERT_TEXT(sql_query_lines(t, "SELECT c, COUNT(*) FROM (SELECT name, COUNT(*) AS c FROM (VALUES ('b'), ('b'), "
                                   "('a'), ('a'), ('c'), ('d')) AS T(name) GROUP BY name) GROUP BY c"),
                "+I[2, 1]\n-U[2, 1]\n+U[2, 2]\n+I[1, 2]\n");
    eddy_env_free(eddy_tenv_env(t));
}

/* The changelog of sql over Seq(1..n) at parallelism p applied: the
 * final rows; *nlines its length. */
static char *final_rows(int p, int64_t n, const char *size, const char *strategy, const char *sql, int *bad,
                        long *nlines) {
    eddy_env *env = new_env(p);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_tenv_create_temporary_view_from_stream(t, "Seq", eddy_from_sequence(env, 1, n), NULL);
    minibatch(t, size, strategy);
    char *rows = changelog_table(sql_query_lines(t, sql), bad, nlines);
    eddy_env_free(env);
    return rows;
}

TEST(folded_into_the_same_table_at_parallelism_1_and_4) {
    const int64_t n = 20000;
    const char *keyed = "SELECT f0 % 97 AS k, COUNT(*), SUM(f0), MIN(f0), MAX(f0), AVG(f0), COUNT(DISTINCT f0 % 5), "
                        "COUNT(*) FILTER (WHERE f0 > 10000) FROM Seq GROUP BY f0 % 97";
    const char *simple = "SELECT f0 % 97 AS k, COUNT(*), SUM(f0), MAX(f0) FROM Seq GROUP BY f0 % 97";
    const char *nested = "SELECT c, COUNT(*), SUM(k) FROM (SELECT f0 % 1000 AS k, COUNT(*) AS c FROM Seq GROUP BY "
                         "f0 % 1000) GROUP BY c";
    Lines want = lines_empty(), want2 = lines_empty();
    for (int64_t k = 0; k < 97; k++) {
        int64_t cnt = 0, sum = 0, mn = INT64_MAX, mx = INT64_MIN, big = 0;
        for (int64_t x = 1; x <= n; x++)
            if (x % 97 == k) {
                cnt++, sum += x, big += x > 10000;
                mn = x < mn ? x : mn;
                mx = x > mx ? x : mx;
            }
        char buf[200];
        snprintf(buf, sizeof buf, "[%lld, %lld, %lld, %lld, %lld, %lld, 5, %lld]", (long long)k, (long long)cnt,
                 (long long)sum, (long long)mn, (long long)mx, (long long)(sum / cnt), (long long)big);
        lines_add(&want, buf);
        snprintf(buf, sizeof buf, "[%lld, %lld, %lld, %lld]", (long long)k, (long long)cnt, (long long)sum,
                 (long long)mx);
        lines_add(&want2, buf);
    }
    char *want_keyed = sorted_lines(want.text), *want_simple = sorted_lines(want2.text);
    static const char *const strategies[] = {"ONE_PHASE", "TWO_PHASE"};
    for (int p = 1; p <= 4; p *= 4) {
        for (int st = 0; st < 2; st++) {
            const char *sqls[] = {keyed, simple, nested};
            const char *wants[] = {want_keyed, want_simple, "[20, 1000, 499500]\n"};
            for (int q = 0; q < 3; q++) {
                int bad = 0;
                long plain_lines, mb_lines;
                char *plain = final_rows(p, n, NULL, "AUTO", sqls[q], &bad, &plain_lines);
                char *mb = final_rows(p, n, "1000", strategies[st], sqls[q], &bad, &mb_lines);
                bool same = !strcmp(plain, wants[q]) && !strcmp(mb, wants[q]);
                if (!same)
                    fprintf(stderr, "parallelism %d, %s, query %d: expected:\n%s\nplain:\n%s\nmini-batch:\n%s\n", p,
                            strategies[st], q, wants[q], plain, mb);
                free(plain);
                free(mb);
                ASSERT_TRUE(same);
                ASSERT_EQ_INT(bad, 0);
                /* rows of 1000 folded: per batch and subtask at most two rows per key */
                if (mb_lines * 5 >= plain_lines)
                    fprintf(stderr, "parallelism %d, %s, query %d: %ld rows with mini-batch, %ld without\n", p,
                            strategies[st], q, mb_lines, plain_lines);
                ASSERT_TRUE(mb_lines * 5 < plain_lines);
            }
        }
    }
    free(want_keyed);
    free(want_simple);
}

/* Batches ended by processing time: an interval of 1 ms and a size no
 * input reaches; the MiniBatchAssigner's watermarks end the batches. */
TEST(batches_ended_by_the_interval) {
    for (int p = 1; p <= 4; p *= 4) {
        eddy_env *env = new_env(p);
        eddy_tenv *t = eddy_tenv_new(env);
        eddy_tenv_create_temporary_view_from_stream(t, "Seq", eddy_from_sequence(env, 1, 200000), NULL);
        minibatch(t, "1000000000", "AUTO");
        ASSERT_EQ_INT(eddy_tenv_set_option(t, "table.exec.mini-batch.allow-latency", "1 ms"), EDDY_OK);
        int bad = 0;
        long nlines;
        ASSERT_TEXT(changelog_table(sql_query_lines(t, "SELECT f0 % 3, COUNT(*), SUM(f0) FROM Seq GROUP BY f0 % 3"),
                                    &bad, &nlines),
                    "[0, 66666, 6666633333]\n[1, 66667, 6666700000]\n[2, 66667, 6666766667]\n");
        ASSERT_EQ_INT(bad, 0);
        /* more than one batch: 200000 rows do not go through in one millisecond */
        ASSERT_TRUE(nlines > 3);
        eddy_env_free(env);
    }
}

/* The buffered rows count against the managed memory: a batch larger than
 * it fails the job with the budget's message. */
TEST(the_buffer_is_charged_to_managed_memory) {
    eddy_env *env = new_env(1);
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.managed.size", "1 mb"), EDDY_OK);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_tenv_create_temporary_view_from_stream(t, "Seq", eddy_from_sequence(env, 1, 300000), NULL);
    minibatch(t, "1000000000", "ONE_PHASE");
    char *text = sql_query_lines(t, "SELECT f0 % 3, COUNT(*), SUM(f0) FROM Seq GROUP BY f0 % 3");
    ASSERT_STR_CONTAINS(text, "ERROR: ");
    ASSERT_STR_CONTAINS(text, " more bytes, but the job's managed memory (taskmanager.memory.managed.size: 1048576 "
                              "bytes) is used up (");
    free(text);
    /* batches of 1000 rows fit */
    minibatch(t, "1000", "ONE_PHASE");
    ASSERT_TEXT(sorted_lines(sql_query_lines(t, "SELECT f0 % 3, SUM(f0) FROM Seq WHERE f0 > 299997 GROUP BY f0 % 3")),
                "+I[0, 300000]\n+I[1, 299998]\n+I[2, 299999]\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(changelog_of_one_phase);
    RUN(changelog_of_two_phases);
    RUN(retractions_in);
    RUN(folded_into_the_same_table_at_parallelism_1_and_4);
    RUN(batches_ended_by_the_interval);
    RUN(the_buffer_is_charged_to_managed_memory);
    return test_report();
}
