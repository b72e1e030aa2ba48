/*
 * test_rank.c -- streaming Top-N and deduplication at parallelism 4: the
 * changelog the query prints, applied to a table (+I / +U add a row, -U / -D
 * remove one), must end as the table computed here directly from the input
 * (the best rows per key; the first / last row per key). Parallelism changes
 * the order rows of different keys arrive in, never the final table.
 */
#include "check.h"

#define NROWS 600
#define NKEYS 7

static int key_of(int i) { return (i * 5 + 3) % NKEYS; }
static int val_of(int i) { return (i * 37) % 1009; } /* distinct for i < 1009 */

/* The VALUES text of the input: (k, v, id). */
static char *input_values(void) {
    size_t cap = 32 * NROWS, n = 0;
    char *s = malloc(cap);
    for (int i = 0; i < NROWS; i++)
        n += (size_t)snprintf(s + n, cap - n, "%s(%d, %d, %d)", i ? ", " : "", key_of(i), val_of(i), i);
    return s;
}

/* Applies a changelog (Row.toString lines) to a multiset of row texts; the
 * result as sorted lines of "[...]" (no kind). Frees text. */
static char *apply_changelog(char *text) {
    size_t cap = 256, n = 0;
    char **rows = malloc(cap * sizeof(char *));
    bool ok = true;
    for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
        if (strlen(p) < 3) continue;
        const char *body = p + 2;
        if (!strncmp(p, "+I", 2) || !strncmp(p, "+U", 2)) {
            if (n == cap) rows = realloc(rows, (cap *= 2) * sizeof(char *));
            rows[n++] = (char *)body;
        } else {
            size_t j = 0;
            while (j < n && strcmp(rows[j], body)) j++;
            if (j == n) {
                fprintf(stderr, "retraction of a row not in the table: %s\n", p);
                ok = false;
                continue;
            }
            rows[j] = rows[--n];
        }
    }
    qsort(rows, n, sizeof(char *), cmp_str);
    size_t len = 1;
    for (size_t i = 0; i < n; i++) len += strlen(rows[i]) + 1;
    char *out = malloc(len + 16);
    out[0] = 0;
    if (!ok) strcat(out, "BAD CHANGELOG\n");
    for (size_t i = 0; i < n; i++) {
        strcat(out, rows[i]);
        strcat(out, "\n");
    }
    free(rows);
    free(text);
    return out;
}

/* The expected table as sorted lines. */
static char *sorted_copy(char **lines, int n) {
    qsort(lines, (size_t)n, sizeof(char *), cmp_str);
    size_t len = 1;
    for (int i = 0; i < n; i++) len += strlen(lines[i]) + 1;
    char *out = malloc(len);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        strcat(out, lines[i]);
        strcat(out, "\n");
        free(lines[i]);
    }
    return out;
}

/* Asserts that the changelog text, applied to a table, gives the expected
 * lines (both malloc'd, both freed). */
#define ASSERT_TABLE(changelog, expected)                                                \
    do {                                                                                 \
        char *exp_ = (expected);                                                         \
        char *got_ = apply_changelog(changelog);                                         \
        bool same_ = strcmp(got_, exp_) == 0;                                            \
        if (!same_) {                                                                    \
            TEST_FAIL_HERE();                                                            \
            fprintf(stderr, "expected:\n%s\ngot:\n%s\n", exp_, got_);                   \
        }                                                                                \
        free(exp_);                                                                      \
        free(got_);                                                                      \
        if (!same_) return;                                                              \
    } while (0)

static eddy_tenv *setup(eddy_env **envp) {
    eddy_env *env = new_env(4);
    eddy_env_set_runtime_mode(env, EDDY_STREAMING);
    eddy_tenv *t = eddy_tenv_new(env);
    char *vals = input_values();
    eddy_stream *ds = eddy_from_values(env, "ROW<k INT, v INT, id INT>", vals);
    free(vals);
    eddy_tenv_create_temporary_view_from_stream(t, "T", ds, NULL);
    *envp = env;
    return t;
}

/* The rows of key k in input order. */
static int rows_of_key(int k, int *ids) {
    int n = 0;
    for (int i = 0; i < NROWS; i++)
        if (key_of(i) == k) ids[n++] = i;
    return n;
}

static int by_val_desc(const void *a, const void *b) { return val_of(*(const int *)b) - val_of(*(const int *)a); }

TEST(top_n_per_key_with_and_without_rank_parallel) {
    eddy_env *env;
    eddy_tenv *t = setup(&env);
    /* expected: the 3 largest v per key, with their rank */
    char *exp_rank[NKEYS * 3], *exp_plain[NKEYS * 3], *exp_off[NKEYS * 2];
    int ne = 0, no = 0;
    int ids[NROWS];
    for (int k = 0; k < NKEYS; k++) {
        int n = rows_of_key(k, ids);
        qsort(ids, (size_t)n, sizeof(int), by_val_desc);
        for (int r = 0; r < 3 && r < n; r++) {
            char b[64];
            snprintf(b, sizeof b, "[%d, %d, %d, %d]", k, val_of(ids[r]), ids[r], r + 1);
            exp_rank[ne] = strdup(b);
            snprintf(b, sizeof b, "[%d, %d, %d]", k, val_of(ids[r]), ids[r]);
            exp_plain[ne++] = strdup(b);
            if (r >= 1) exp_off[no++] = strdup(b);
        }
    }
    ASSERT_TABLE((sql_query_lines(t, "SELECT * FROM (SELECT k, v, id, ROW_NUMBER() OVER (PARTITION BY k "
                                                   "ORDER BY v DESC) AS rn FROM T) WHERE rn <= 3")),
                sorted_copy(exp_rank, ne));
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, v, id FROM (SELECT k, v, id, ROW_NUMBER() OVER (PARTITION "
                                                   "BY k ORDER BY v DESC) AS rn FROM T) WHERE rn <= 3")),
                sorted_copy(exp_plain, ne));
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, v, id FROM (SELECT k, v, id, ROW_NUMBER() OVER (PARTITION "
                                                   "BY k ORDER BY v DESC) AS rn FROM T) WHERE rn BETWEEN 2 AND 3")),
                sorted_copy(exp_off, no));
    eddy_env_free(env);
}

static int by_val_asc(const void *a, const void *b) { return val_of(*(const int *)a) - val_of(*(const int *)b); }

TEST(top_1_first_n_and_retract_parallel) {
    eddy_env *env;
    eddy_tenv *t = setup(&env);
    char *top1[NKEYS], *first2[NKEYS * 2], *low[4];
    int ids[NROWS], pool[NKEYS * 3], np = 0, nf = 0;
    for (int k = 0; k < NKEYS; k++) {
        int n = rows_of_key(k, ids);
        char b[64];
        for (int r = 0; r < 2 && r < n; r++) {
            snprintf(b, sizeof b, "[%d, %d, %d]", k, ids[r], r + 1);
            first2[nf++] = strdup(b);
        }
        qsort(ids, (size_t)n, sizeof(int), by_val_desc);
        snprintf(b, sizeof b, "[%d, %d, %d]", k, val_of(ids[0]), ids[0]);
        top1[k] = strdup(b);
        for (int r = 0; r < 3 && r < n; r++) pool[np++] = ids[r];
    }
    /* the 4 smallest v among every key's 3 largest */
    qsort(pool, (size_t)np, sizeof(int), by_val_asc);
    for (int r = 0; r < 4; r++) {
        char b[64];
        snprintf(b, sizeof b, "[%d, %d]", pool[r], val_of(pool[r]));
        low[r] = strdup(b);
    }
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, v, id FROM (SELECT k, v, id, ROW_NUMBER() OVER (PARTITION BY k ORDER "
                                     "BY v DESC) AS rn FROM T) WHERE rn = 1")),
                 sorted_copy(top1, NKEYS));
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, id, rn FROM (SELECT k, id, ROW_NUMBER() OVER (PARTITION BY k ORDER BY "
                                     "pt) AS rn FROM (SELECT *, PROCTIME() AS pt FROM T)) WHERE rn <= 2")),
                 sorted_copy(first2, nf));
    ASSERT_TABLE((sql_query_lines(t, "SELECT id, v FROM (SELECT k, v, id FROM (SELECT k, v, id, ROW_NUMBER() OVER "
                                     "(PARTITION BY k ORDER BY v DESC) AS rn FROM T) WHERE rn <= 3) ORDER BY v LIMIT 4")),
                 sorted_copy(low, 4));
    eddy_env_free(env);
}

/* the 4 highest v among every key's 3 highest, with their rank in the key:
 * an UpdateFast Top-N over (k, rn), the unique key of the inner Top-N */
TEST(update_fast_parallel) {
    eddy_env *env;
    eddy_tenv *t = setup(&env);
    int ids[NROWS], pool[NKEYS * 3], rank[NROWS], np = 0;
    for (int k = 0; k < NKEYS; k++) {
        int n = rows_of_key(k, ids);
        qsort(ids, (size_t)n, sizeof(int), by_val_desc);
        for (int r = 0; r < 3 && r < n; r++) {
            pool[np++] = ids[r];
            rank[ids[r]] = r + 1;
        }
    }
    qsort(pool, (size_t)np, sizeof(int), by_val_desc);
    char *high[4];
    for (int r = 0; r < 4; r++) {
        char b[64];
        snprintf(b, sizeof b, "[%d, %d, %d, %d]", key_of(pool[r]), val_of(pool[r]), pool[r], rank[pool[r]]);
        high[r] = strdup(b);
    }
    char *ranked[4];
    for (int r = 0; r < 4; r++) {
        char b[80];
        snprintf(b, sizeof b, "[%d, %d, %d, %d, %d]", key_of(pool[r]), val_of(pool[r]), pool[r], rank[pool[r]], r + 1);
        ranked[r] = strdup(b);
    }
    ASSERT_TABLE((sql_query_lines(t, "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY v DESC) AS r2 FROM (SELECT "
                                     "* FROM (SELECT k, v, id, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn "
                                     "FROM T) WHERE rn <= 3)) WHERE r2 <= 4")),
                 sorted_copy(ranked, 4));
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, v, id, rn FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY v DESC) AS r2 "
                                     "FROM (SELECT * FROM (SELECT k, v, id, ROW_NUMBER() OVER (PARTITION BY k ORDER BY "
                                     "v DESC) AS rn FROM T) WHERE rn <= 3)) WHERE r2 <= 4")),
                 sorted_copy(high, 4));
    eddy_env_free(env);
}

TEST(order_by_limit_parallel) {
    eddy_env *env;
    eddy_tenv *t = setup(&env);
    int ids[NROWS];
    for (int i = 0; i < NROWS; i++) ids[i] = i;
    qsort(ids, NROWS, sizeof(int), by_val_desc);
    char *exp[5];
    for (int r = 0; r < 5; r++) {
        char b[64];
        snprintf(b, sizeof b, "[%d, %d]", ids[r], val_of(ids[r]));
        exp[r] = strdup(b);
    }
    ASSERT_TABLE((sql_query_lines(t, "SELECT id, v FROM T ORDER BY v DESC LIMIT 5")), sorted_copy(exp, 5));
    eddy_env_free(env);
}

TEST(deduplicate_first_and_last_parallel) {
    eddy_env *env;
    eddy_tenv *t = setup(&env);
    char *first[NKEYS], *last[NKEYS];
    int ids[NROWS];
    for (int k = 0; k < NKEYS; k++) {
        int n = rows_of_key(k, ids);
        char b[64];
        snprintf(b, sizeof b, "[%d, %d, %d]", k, val_of(ids[0]), ids[0]);
        first[k] = strdup(b);
        snprintf(b, sizeof b, "[%d, %d, %d]", k, val_of(ids[n - 1]), ids[n - 1]);
        last[k] = strdup(b);
    }
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, v, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k "
                                                   "ORDER BY pt) AS rn FROM (SELECT *, PROCTIME() AS pt FROM T)) WHERE "
                                                   "rn = 1")),
                sorted_copy(first, NKEYS));
    ASSERT_TABLE((sql_query_lines(t, "SELECT k, v, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k "
                                                   "ORDER BY pt DESC) AS rn FROM (SELECT *, PROCTIME() AS pt FROM T)) "
                                                   "WHERE rn = 1")),
                sorted_copy(last, NKEYS));
    eddy_env_free(env);
}

int main(void) {
    RUN(top_n_per_key_with_and_without_rank_parallel);
    RUN(top_1_first_n_and_retract_parallel);
    RUN(update_fast_parallel);
    RUN(order_by_limit_parallel);
    RUN(deduplicate_first_and_last_parallel);
    return test_report();
}
