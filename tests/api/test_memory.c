/*
 * test_memory.c -- a long-lived env stays flat: 20,000 statements of every
 * common kind (queries over VALUES and over a created table, INSERT into a
 * blackhole sink, EXPLAIN, SET, CREATE / DROP TEMPORARY VIEW, SHOW) run in
 * one env, each result freed, and the bytes the env holds
 * (eddy_env_memory_bytes) after the warm-up do not grow. Also: what a
 * statement keeps while its result lives, what a dropped view gives back,
 * and eddy_from_values' bytes per row.
 */
#include "check.h"

/* Runs one statement, drains its rows, frees its result; false on error. */
static bool run(eddy_tenv *t, const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) {
        fprintf(stderr, "%s: %s\n", sql, eddy_env_errmsg(eddy_tenv_env(t)));
        return false;
    }
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    eddy_status rc = EDDY_OK;
    if (it) {
        while ((rc = eddy_iter_next(it, &row)) == EDDY_ROW) {}
        eddy_iter_free(it);
    }
    if (eddy_result_await(r) != EDDY_OK) rc = EDDY_E_RUNTIME;
    eddy_result_free(r);
    if (rc != EDDY_DONE && rc != EDDY_OK) {
        fprintf(stderr, "%s: %s\n", sql, eddy_env_errmsg(eddy_tenv_env(t)));
        return false;
    }
    return true;
}

static const char *const mix[] = {
    "SELECT x, y FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS T(x, y) WHERE x > 1",
    "SELECT a, UPPER(b) FROM src WHERE a > 1",
    "INSERT INTO snk SELECT a, b FROM src",
    "EXPLAIN SELECT a, b FROM src WHERE a > 1",
    "SET 'pipeline.name' = 'memory'",
    "CREATE TEMPORARY VIEW v AS SELECT a * 2 AS d FROM src",
    "SELECT d FROM v",
    "DROP TEMPORARY VIEW v",
    "SHOW TABLES",
    "SELECT 1",
};
#define NMIX (sizeof mix / sizeof mix[0])

TEST(twenty_thousand_statements_stay_flat) {
    eddy_config cfg = {EDDY_CONFIG_VERSION};
    cfg.mode = EDDY_BATCH;
    cfg.parallelism = 1;
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_TRUE(run(t, "CREATE TABLE src (a INT, b STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '3', "
                       "'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '3', "
                       "'fields.b.length' = '2')"));
    ASSERT_TRUE(run(t, "CREATE TABLE snk (a INT, b STRING) WITH ('connector' = 'blackhole')"));
    size_t at1k = 0, at10k = 0;
    for (int i = 1; i <= 20000; i++) {
        ASSERT_TRUE(run(t, mix[(size_t)(i - 1) % NMIX]));
        if (i == 1000) at1k = eddy_env_memory_bytes(env);
        if (i == 10000) at10k = eddy_env_memory_bytes(env);
    }
    size_t at20k = eddy_env_memory_bytes(env);
    fprintf(stderr, "env bytes: %zu at 1k, %zu at 10k, %zu at 20k statements\n", at1k, at10k, at20k);
    /* the statements' memory went with their results: what is left is the
     * env's own (catalog, options), the same after 1,000 as after 20,000 */
    ASSERT_TRUE(at1k > 0);
    ASSERT_TRUE(at20k <= at1k + 16384);
    ASSERT_TRUE(at10k <= at1k + 16384);
    eddy_env_free(env);
}

TEST(a_result_keeps_its_statement_until_freed) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *t = eddy_tenv_new(env);
    size_t before = eddy_env_memory_bytes(env);
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT x, x + 1 AS y FROM (VALUES (1), (2)) AS T(x)");
    ASSERT_TRUE(r != NULL);
    size_t held = eddy_env_memory_bytes(env);
    ASSERT_TRUE(held > before);
    /* its names and types stay readable while it lives */
    ASSERT_STR_EQ(eddy_result_column_name(r, 1), "y");
    eddy_iter *it = eddy_result_collect(r);
    eddy_result_free(r); /* the iterator still holds the statement */
    ASSERT_EQ_INT((int)(eddy_env_memory_bytes(env) == held), 1);
    const eddy_row *row;
    int n = 0;
    while (eddy_iter_next(it, &row) == EDDY_ROW) n++;
    ASSERT_EQ_INT(n, 2);
    eddy_iter_free(it);
    ASSERT_EQ_INT((int)eddy_env_memory_bytes(env), (int)before);
    eddy_env_free(env);
}

TEST(a_dropped_view_gives_its_memory_back) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_TRUE(run(t, "SELECT 1")); /* warm up */
    size_t before = eddy_env_memory_bytes(env);
    ASSERT_TRUE(run(t, "CREATE TEMPORARY VIEW w AS SELECT x FROM (VALUES (1), (2), (3)) AS T(x)"));
    ASSERT_TRUE(eddy_env_memory_bytes(env) > before); /* the view keeps its statement */
    /* a query over the view that is still running when the view is dropped
     * keeps the view's memory: its plan points into it */
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT x * 10 AS y FROM w");
    ASSERT_TRUE(r != NULL);
    ASSERT_TRUE(run(t, "DROP TEMPORARY VIEW w"));
    Lines got = lines_empty();
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", eddy_result_column_name(r, 0));
        lines_add(&got, buf);
    }
    ASSERT_EQ_INT(got.n, 3);
    ASSERT_STR_EQ(got.text, "y\ny\ny\n");
    free(got.text);
    eddy_iter_free(it);
    eddy_result_free(r);
    ASSERT_EQ_INT((int)eddy_env_memory_bytes(env), (int)before);
    eddy_env_free(env);
}

TEST(a_table_handle_keeps_a_dropped_view_alive) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_TRUE(run(t, "CREATE TEMPORARY VIEW w AS SELECT x, 'n' || CAST(x AS STRING) AS s FROM (VALUES (1), (2)) AS T(x)"));
    eddy_table *tab = eddy_tenv_sql_query(t, "SELECT s FROM w WHERE x > 1");
    ASSERT_TRUE(tab != NULL);
    ASSERT_TRUE(run(t, "DROP TEMPORARY VIEW w"));
    ASSERT_TRUE(run(t, "SELECT 1")); /* a later statement frees what it can */
    /* the Table still reads the view it was made over */
    eddy_result *r = eddy_table_execute(tab);
    ASSERT_TRUE(r != NULL);
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_ROW);
    size_t len = 0;
    const char *s = NULL;
    ASSERT_EQ_INT(eddy_row_get_string(row, 0, &s, &len), EDDY_OK);
    ASSERT_TRUE(s != NULL && len == 2 && !memcmp(s, "n2", 2));
    ASSERT_EQ_INT(eddy_iter_next(it, &row), EDDY_DONE);
    eddy_iter_free(it);
    eddy_result_free(r);
    eddy_env_free(env);
}

TEST(from_values_is_compact) {
    eddy_env *env = eddy_env_new(NULL);
    const int rows = 20000;
    size_t cap = (size_t)rows * 24 + 16;
    char *values = malloc(cap);
    size_t len = 0;
    for (int i = 0; i < rows; i++) len += (size_t)snprintf(values + len, cap - len, "%s(%d, 'r%d')", i ? ", " : "", i, i % 100);
    size_t before = eddy_env_memory_bytes(env);
    eddy_stream *s = eddy_from_values(env, "ROW<id INT NOT NULL, name STRING>", values);
    free(values);
    ASSERT_TRUE(s != NULL);
    size_t per_row = (eddy_env_memory_bytes(env) - before) / (size_t)rows;
    fprintf(stderr, "from_values: %zu bytes per row\n", per_row);
    ASSERT_TRUE(per_row <= 64);
    /* and the rows are all there */
    eddy_iter *it = eddy_stream_execute_and_collect(s);
    const eddy_row *row;
    int n = 0;
    long long sum = 0;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        int32_t v = 0;
        ASSERT_EQ_INT(eddy_row_get_int(row, 0, &v), EDDY_OK);
        n++;
        sum += v;
    }
    ASSERT_EQ_INT(n, rows);
    ASSERT_TRUE(sum == (long long)rows * (rows - 1) / 2);
    eddy_iter_free(it);
    eddy_env_free(env);
}

TEST(a_finished_insert_says_so) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_TRUE(run(t, "CREATE TABLE bh (x INT) WITH ('connector' = 'blackhole')"));
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO bh SELECT x FROM (VALUES (1), (2)) AS T(x)");
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    bool failed = true;
    ASSERT_TRUE(eddy_result_job_done(r, &failed));
    ASSERT_FALSE(failed);
    eddy_result_free(r);
    /* a result without a job of its own */
    r = eddy_tenv_execute_sql(t, "SHOW TABLES");
    ASSERT_TRUE(eddy_result_job_done(r, NULL));
    eddy_result_free(r);
    ASSERT_TRUE(eddy_result_job_done(NULL, NULL));
    eddy_env_free(env);
}

int main(void) {
    RUN(a_finished_insert_says_so);
    RUN(a_result_keeps_its_statement_until_freed);
    RUN(a_dropped_view_gives_its_memory_back);
    RUN(a_table_handle_keeps_a_dropped_view_alive);
    RUN(from_values_is_compact);
    RUN(twenty_thousand_statements_stay_flat);
    return test_report();
}
