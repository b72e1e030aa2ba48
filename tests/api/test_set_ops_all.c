/*
 * test_set_ops_all.c -- INTERSECT ALL / EXCEPT ALL (and the Table API's
 * intersectAll / minusAll) with duplicates and NULLs: the final rows in
 * BATCH mode at parallelism 4, and the STREAMING changelog applied to a
 * table against them at parallelism 1 and 4 (eddy_verifier), where the
 * changelog itself depends on the order the two inputs arrive in.
 * tests/sql/set_ops_all.q has the plans and the order-independent
 * changelogs.
 */
#include "check.h"

#define L_ROWS "(1, 'a'), (1, 'a'), (1, 'a'), (2, 'b'), (CAST(NULL AS INT), 'n'), (CAST(NULL AS INT), 'n'), (4, NULL)"
#define R_ROWS "(1, 'a'), (1, 'a'), (3, 'c'), (CAST(NULL AS INT), 'n'), (4, NULL), (4, NULL)"

static const char *const VIEWS[] = {
    "CREATE TEMPORARY VIEW l AS SELECT * FROM (VALUES " L_ROWS ") AS T(x, y)",
    "CREATE TEMPORARY VIEW r AS SELECT * FROM (VALUES " R_ROWS ") AS T(x, y)",
};

/* Each query and its final rows (sorted). */
static const struct {
    const char *sql, *rows;
} CASES[] = {
    {"SELECT * FROM l INTERSECT ALL SELECT * FROM r", "+I[1, a]\n+I[1, a]\n+I[4, null]\n+I[null, n]\n"},
    {"SELECT * FROM l EXCEPT ALL SELECT * FROM r", "+I[1, a]\n+I[2, b]\n+I[null, n]\n"},
    {"SELECT * FROM r EXCEPT ALL SELECT * FROM l", "+I[3, c]\n+I[4, null]\n"},
    {"SELECT y FROM l INTERSECT ALL SELECT y FROM r", "+I[a]\n+I[a]\n+I[n]\n+I[null]\n"},
    {"SELECT x FROM l EXCEPT ALL SELECT x FROM r WHERE x <> 1", "+I[1]\n+I[1]\n+I[1]\n+I[2]\n+I[null]\n+I[null]\n"},
    {"SELECT x FROM l INTERSECT ALL SELECT x FROM l", "+I[1]\n+I[1]\n+I[1]\n+I[2]\n+I[4]\n+I[null]\n+I[null]\n"},
};

/* BATCH mode at parallelism 4: the final rows. */
TEST(batch_rows_parallel) {
    eddy_env *env = new_env(4);
    eddy_tenv *tenv = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    for (size_t i = 0; i < (sizeof VIEWS / sizeof VIEWS[0]); i++) ASSERT_TEXT(exec_sql(tenv, VIEWS[i]), "OK\n");
    for (size_t i = 0; i < (sizeof CASES / sizeof CASES[0]); i++) ASSERT_TEXT(sorted_lines(sql_query_lines(tenv, CASES[i].sql)), CASES[i].rows);
    /* the Table API's intersectAll / minusAll plan the same way */
    eddy_table *l = eddy_tenv_from(tenv, "l"), *r = eddy_tenv_from(tenv, "r");
    ASSERT_TEXT(sorted_lines(table_rows(env, eddy_table_intersect_all(l, r))), CASES[0].rows);
    ASSERT_TEXT(sorted_lines(table_rows(env, eddy_table_minus_all(r, l))), CASES[2].rows);
    eddy_env_free(env);
}

/* STREAMING: the changelog applied ends as the BATCH rows, in one and in
 * four subtasks. */
static void verify_in(int parallelism) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = parallelism};
    eddy_verifier *v = eddy_verifier_new(&cfg);
    ASSERT_TRUE(v != NULL);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    for (size_t i = 0; i < (sizeof VIEWS / sizeof VIEWS[0]); i++) ASSERT_EQ_INT(eddy_verifier_run(v, VIEWS[i], "", f), EDDY_VERIFY_STATEMENT);
    for (size_t i = 0; i < (sizeof CASES / sizeof CASES[0]); i++) ASSERT_EQ_INT(eddy_verifier_run(v, CASES[i].sql, "q", f), EDDY_VERIFY_SAME);
    fclose(f);
    eddy_verifier_free(v);
    ASSERT_STR_CONTAINS(text, "q: same final table (4 rows)\nq: same final table (3 rows)\nq: same final table (2 rows)\n");
    free(text);
}

TEST(streaming_matches_batch) { verify_in(1); }

TEST(streaming_matches_batch_parallel) { verify_in(4); }

int main(void) {
    RUN(batch_rows_parallel);
    RUN(streaming_matches_batch);
    RUN(streaming_matches_batch_parallel);
    return test_report();
}
