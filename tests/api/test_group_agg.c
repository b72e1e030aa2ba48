/*
 * test_group_agg.c -- the streaming group aggregation through the C API:
 * the exact changelog of an aggregate over an aggregate at parallelism 1
 * (retractions in, -D out), and at parallelism 1 and 4 the table that
 * applying the changelog gives -- the same multiset, equal to the values
 * computed here -- for keyed aggregates (COUNT, SUM, MIN, MAX, AVG,
 * COUNT(DISTINCT), FILTER), an aggregate of an updating aggregate and a
 * global one. A changelog that retracts a row it never inserted fails the
 * test.
 */
#include "check.h"

static eddy_tenv *seq_env(int p, int64_t n) {
    eddy_env *env = new_env(p);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_tenv_create_temporary_view_from_stream(t, "Seq", eddy_from_sequence(env, 1, n), NULL);
    return t;
}

TEST(changelog_of_an_aggregate_over_an_aggregate) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_stream *ds = eddy_from_values(env, "ROW<name STRING>", "('a'), ('b'), ('a'), ('c'), ('a')");
    eddy_tenv_create_temporary_view_from_stream(t, "Names", ds, NULL);
    /* the inner counts send -U / +U; the outer group of count 2 empties when 'a' moves on to 3 */
    ASSERT_TEXT(sql_query_lines(t, "SELECT c, COUNT(*) AS n, MAX(name) AS m FROM (SELECT name, COUNT(*) AS c FROM "
                                   "Names GROUP BY name) GROUP BY c"),
                "+I[1, 1, a]\n-U[1, 1, a]\n+U[1, 2, b]\n-U[1, 2, b]\n+U[1, 1, b]\n+I[2, 1, a]\n-U[1, 1, b]\n"
                "+U[1, 2, c]\n-D[2, 1, a]\n+I[3, 1, a]\n");
    /* the seed's SUM per name */
    ds = eddy_from_values(env, "ROW<name STRING, score INT>", "('Alice', 12), ('Bob', 10), ('Alice', 100)");
    eddy_tenv_create_temporary_view_from_stream(t, "Scores", ds, NULL);
    ASSERT_TEXT(sql_query_lines(t, "SELECT name, SUM(score) FROM Scores GROUP BY name"),
                "+I[Alice, 12]\n+I[Bob, 10]\n-U[Alice, 12]\n+U[Alice, 112]\n");
    eddy_env_free(env);
}

/* The final table of sql over Seq(1..n) at parallelism p. */
static char *final_rows(int p, int64_t n, const char *sql, int *bad) {
    eddy_tenv *t = seq_env(p, n);
    char *rows = changelog_table(sql_query_lines(t, sql), bad, NULL);
    eddy_env_free(eddy_tenv_env(t));
    return rows;
}

TEST(the_same_table_at_parallelism_1_and_4) {
    const int64_t n = 20000;
    const char *keyed = "SELECT f0 % 97 AS k, COUNT(*), SUM(f0), MIN(f0), MAX(f0), AVG(f0), COUNT(DISTINCT f0 % 5), "
                        "COUNT(*) FILTER (WHERE f0 > 10000) FROM Seq GROUP BY f0 % 97";
    /* what they must be */
    Lines want = lines_empty();
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
    }
    char *want_keyed = sorted_lines(want.text);
    for (int p = 1; p <= 4; p *= 4) {
        int bad = 0;
        char *got = final_rows(p, n, keyed, &bad);
        bool same = !strcmp(got, want_keyed);
        if (!same) fprintf(stderr, "parallelism %d: expected:\n%s\ngot:\n%s\n", p, want_keyed, got);
        free(got);
        ASSERT_TRUE(same);
        /* 1000 keys of 20 rows each: the counts move up one by one, all end at 20 */
        ASSERT_TEXT(final_rows(p, n,
                               "SELECT c, COUNT(*), SUM(k) FROM (SELECT f0 % 1000 AS k, COUNT(*) AS c FROM Seq "
                               "GROUP BY f0 % 1000) GROUP BY c",
                               &bad),
                    "[20, 1000, 499500]\n");
        ASSERT_TEXT(final_rows(p, n, "SELECT COUNT(*), SUM(f0), MIN(f0), MAX(f0) FROM Seq", &bad),
                    "[20000, 200010000, 1, 20000]\n");
        ASSERT_EQ_INT(bad, 0);
    }
    free(want_keyed);
}

/* An aggregate over an updating aggregate at parallelism 1 and 4, for a
 * few sizes: Seq(1..n) counted per f0 % m, then per count the keys' COUNT,
 * SUM, MIN, MAX and AVG. A group newly made in a batch must not disturb
 * another group of the same batch (each group's accumulators are
 * initialised at their own offsets). */
TEST(an_aggregate_of_an_updating_aggregate_at_parallelism_4) {
    static const int64_t sizes[][2] = {{20000, 1000}, {3000, 7}, {9001, 250}, {5000, 1}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        int64_t n = sizes[z][0], m = sizes[z][1];
        /* the final counts: n / m, and one more for the keys 1 .. n % m */
        int64_t lo = n / m, extra = n % m;
        Lines want = lines_empty();
        char buf[200];
        int64_t nlo = m - extra, slo = 0, mnlo = INT64_MAX, mxlo = INT64_MIN;
        for (int64_t k = 0; k < m; k++)
            if (k == 0 || k > extra) slo += k, mnlo = k < mnlo ? k : mnlo, mxlo = k > mxlo ? k : mxlo;
        if (nlo) {
            snprintf(buf, sizeof buf, "[%lld, %lld, %lld, %lld, %lld, %lld]", (long long)lo, (long long)nlo,
                     (long long)slo, (long long)mnlo, (long long)mxlo, (long long)(slo / nlo));
            lines_add(&want, buf);
        }
        if (extra) {
            int64_t shi = extra * (extra + 1) / 2;
            snprintf(buf, sizeof buf, "[%lld, %lld, %lld, 1, %lld, %lld]", (long long)(lo + 1), (long long)extra,
                     (long long)shi, (long long)extra, (long long)(shi / extra));
            lines_add(&want, buf);
        }
        char *want_rows = sorted_lines(want.text);
        char sql[300];
        snprintf(sql, sizeof sql,
                 "SELECT c, COUNT(*), SUM(k), MIN(k), MAX(k), AVG(k) FROM (SELECT f0 %% %lld AS k, COUNT(*) AS c "
                 "FROM Seq GROUP BY f0 %% %lld) GROUP BY c",
                 (long long)m, (long long)m);
        for (int p = 1; p <= 4; p *= 4) {
            int bad = 0;
            char *got = final_rows(p, n, sql, &bad);
            bool same = !strcmp(got, want_rows);
            if (!same) fprintf(stderr, "n %lld, m %lld, parallelism %d: expected:\n%s\ngot:\n%s\n", (long long)n,
                               (long long)m, p, want_rows, got);
            free(got);
            ASSERT_TRUE(same);
            ASSERT_EQ_INT(bad, 0);
        }
        free(want_rows);
    }
}

int main(void) {
    RUN(changelog_of_an_aggregate_over_an_aggregate);
    RUN(the_same_table_at_parallelism_1_and_4);
    RUN(an_aggregate_of_an_updating_aggregate_at_parallelism_4);
    return test_report();
}
