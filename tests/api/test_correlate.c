/*
 * test_correlate.c -- UNNEST and table functions (LATERAL TABLE in SQL,
 * join_lateral / left_outer_join_lateral in the Table API): their rows,
 * schemas, plans and errors, and the C table function API.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

/* split(s): one row (word, len) per space-separated word; a NULL string
 * gives no rows, "!" fails, "?" emits NULL into the NOT NULL column. */
static eddy_status split(void *ctx, const eddy_row *args, eddy_out *out) {
    int *calls = ctx;
    if (calls) (*calls)++;
    if (eddy_row_is_null(args, 0)) return EDDY_OK;
    const char *s;
    size_t n;
    eddy_row_get_string(args, 0, &s, &n);
    if (!strcmp(s, "!")) return eddy_out_error(out, "split cannot take '%s'", s);
    if (!strcmp(s, "?")) return eddy_out_emit(out);
    for (const char *p = s;;) {
        const char *sp = strchr(p, ' ');
        size_t len = sp ? (size_t)(sp - p) : strlen(p);
        eddy_out_set_string(out, 0, p, len);
        eddy_out_set_int(out, 1, (int32_t)len);
        eddy_out_emit(out);
        if (!sp) break;
        p = sp + 1;
    }
    return EDDY_OK;
}

/* repeat_n(n): the numbers 1..n as one BIGINT column. */
static eddy_status repeat_n(void *ctx, const eddy_row *args, eddy_out *out) {
    (void)ctx;
    int64_t n = 0;
    if (!eddy_row_is_null(args, 0)) eddy_row_get_long(args, 0, &n);
    for (int64_t i = 1; i <= n; i++) {
        eddy_out_set_long(out, 0, i);
        eddy_out_emit(out);
    }
    return EDDY_OK;
}

static int split_calls;

static void setup(void) {
    env = new_env(1);
    tenv = eddy_tenv_new(env);
    split_calls = 0;
    eddy_table_function sf = {EDDY_TABLE_FUNCTION_VERSION, "STRING", "ROW<word STRING, len INT NOT NULL>", split,
                              &split_calls, NULL};
    eddy_table_function rf = {EDDY_TABLE_FUNCTION_VERSION, "BIGINT", "BIGINT", repeat_n, NULL, NULL};
    if (eddy_tenv_create_table_function(tenv, "split", &sf) || eddy_tenv_create_table_function(tenv, "repeatN", &rf))
        fprintf(stderr, "registering failed: %s\n", eddy_env_errmsg(env));
    eddy_stream *ds = eddy_from_values(env, "ROW<id INT, tags ARRAY<STRING>, s STRING>",
                                       "(1, ARRAY['x', 'y'], 'hello big world'), (2, CAST(NULL AS ARRAY<STRING>), ''), "
                                       "(3, ARRAY['z', NULL], CAST(NULL AS STRING))");
    eddy_tenv_create_temporary_view_from_stream(tenv, "T", ds, NULL);
}

static char *rows_of(const char *sql) { return sql_query_lines(tenv, sql); }
static char *schema_of(const char *sql) { return table_schema(env, eddy_tenv_sql_query(tenv, sql)); }

TEST(unnest) {
    setup();
    ASSERT_TEXT(rows_of("SELECT id, tag FROM T CROSS JOIN UNNEST(tags) AS A(tag)"),
                "+I[1, x]\n+I[1, y]\n+I[3, z]\n+I[3, null]\n");
    ASSERT_TEXT(rows_of("SELECT id, tag FROM T, UNNEST(T.tags) AS A(tag) WHERE tag IS NOT NULL"),
                "+I[1, x]\n+I[1, y]\n+I[3, z]\n");
    ASSERT_TEXT(rows_of("SELECT id, tag, pos FROM T LEFT JOIN UNNEST(tags) WITH ORDINALITY AS A(tag, pos) ON TRUE"),
                "+I[1, x, 1]\n+I[1, y, 2]\n+I[2, null, null]\n+I[3, z, 1]\n+I[3, null, 2]\n");
    ASSERT_TEXT(schema_of("SELECT * FROM T, UNNEST(tags)"),
                "(\n  `id` INT, \n  `tags` ARRAY<STRING>, \n  `s` STRING, \n  `EXPR$0` STRING\n)");
    ASSERT_TEXT(schema_of("SELECT * FROM T LEFT JOIN UNNEST(ARRAY[1, 2]) WITH ORDINALITY ON TRUE"),
                "(\n  `id` INT, \n  `tags` ARRAY<STRING>, \n  `s` STRING, \n  `EXPR$0` INT, \n  `ORDINALITY` INT\n)");
    /* alone in FROM; maps give KEY and VALUE, ROW elements their fields */
    ASSERT_TEXT(rows_of("SELECT * FROM UNNEST(ARRAY[1, NULL, 3]) AS A(x)"), "+I[1]\n+I[null]\n+I[3]\n");
    ASSERT_TEXT(schema_of("SELECT * FROM UNNEST(MAP['k1', 1, 'k2', 2])"),
                "(\n  `KEY` CHAR(2) NOT NULL, \n  `VALUE` INT NOT NULL\n)");
    ASSERT_TEXT(rows_of("SELECT * FROM UNNEST(MAP['k1', 1, 'k2', 2])"), "+I[k1, 1]\n+I[k2, 2]\n");
    ASSERT_TEXT(rows_of("SELECT id, a, b FROM T, UNNEST(ARRAY[ROW(id, 'p'), CAST(NULL AS ROW<a INT, b STRING>)]) "
                        "AS R(a, b) WHERE id < 3"),
                "+I[1, 1, p]\n+I[1, null, null]\n+I[2, 2, p]\n+I[2, null, null]\n");
    /* the rowtime of the left side stays a time attribute */
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    eddy_stream *ev = eddy_from_values(env, "ROW<name STRING, tags ARRAY<STRING>>", "('Alice', ARRAY['x'])");
    eddy_tenv_create_temporary_view_from_stream(tenv, "Events", ev, sc);
    ASSERT_TEXT(schema_of("SELECT name, rowtime, tag FROM Events CROSS JOIN UNNEST(tags) AS A(tag)"),
                "(\n  `name` STRING, \n  `rowtime` TIMESTAMP_LTZ(3) *ROWTIME*, \n  `tag` STRING\n)");
    /* errors */
    ASSERT_TEXT(schema_of("SELECT * FROM T, UNNEST(id)"),
                "ERROR: SQL validation failed. From line 1, column 25 to line 1, column 26: Cannot apply 'UNNEST' to "
                "arguments of type 'UNNEST(<INTEGER>)'. Supported form(s): 'UNNEST(<MULTISET>)'\n'UNNEST(<ARRAY>)'\n"
                "'UNNEST(<MAP>)'");
    ASSERT_TEXT(schema_of("SELECT * FROM T, UNNEST(tags) AS A(x, y)"),
                "ERROR: SQL validation failed. From line 1, column 18 to line 1, column 40: List of column aliases must "
                "have same degree as table; table has 1 columns, whereas alias list has 2 columns");
    ASSERT_TEXT(schema_of("SELECT * FROM T, UNNEST(nope)"),
                "ERROR: SQL validation failed. From line 1, column 25 to line 1, column 28: Column 'nope' not found in "
                "any table");
    eddy_env_free(env);
}

TEST(table_functions_in_sql) {
    setup();
    ASSERT_TEXT(rows_of("SELECT id, word, len FROM T, LATERAL TABLE(split(s))"),
                "+I[1, hello, 5]\n+I[1, big, 3]\n+I[1, world, 5]\n+I[2, , 0]\n");
    ASSERT_TEXT(rows_of("SELECT id, w FROM T CROSS JOIN LATERAL TABLE(split(s)) AS X(w, n)"),
                "+I[1, hello]\n+I[1, big]\n+I[1, world]\n+I[2, ]\n");
    ASSERT_TEXT(rows_of("SELECT id, w FROM T JOIN LATERAL TABLE(split(s)) AS X(w, n) ON n > 3 AND id = 1"),
                "+I[1, hello]\n+I[1, world]\n");
    ASSERT_TEXT(rows_of("SELECT id, w, n FROM T LEFT JOIN LATERAL TABLE(split(s)) AS X(w, n) ON TRUE WHERE id > 1"),
                "+I[2, , 0]\n+I[3, null, null]\n");
    /* a LEFT join makes the function's columns nullable */
    ASSERT_TEXT(schema_of("SELECT * FROM T LEFT JOIN LATERAL TABLE(split(s)) ON TRUE"),
                "(\n  `id` INT, \n  `tags` ARRAY<STRING>, \n  `s` STRING, \n  `word` STRING, \n  `len` INT\n)");
    ASSERT_TEXT(schema_of("SELECT * FROM T, LATERAL TABLE(split(s))"),
                "(\n  `id` INT, \n  `tags` ARRAY<STRING>, \n  `s` STRING, \n  `word` STRING, \n  `len` INT NOT NULL\n)");
    /* a non-ROW result is one column f0; INT arguments cast to BIGINT */
    ASSERT_TEXT(schema_of("SELECT id, f0 FROM T, LATERAL TABLE(repeatN(id))"), "(\n  `id` INT, \n  `f0` BIGINT\n)");
    ASSERT_TEXT(rows_of("SELECT id, f0 FROM T, LATERAL TABLE(REPEATN(id))"),
                "+I[1, 1]\n+I[2, 1]\n+I[2, 2]\n+I[3, 1]\n+I[3, 2]\n+I[3, 3]\n");
    ASSERT_TEXT(rows_of("SELECT * FROM TABLE(repeatN(2))"), "+I[1]\n+I[2]\n");
    ASSERT_TEXT(rows_of("SELECT * FROM LATERAL TABLE(split('a bc')) AS X(w, n)"), "+I[a, 1]\n+I[bc, 2]\n");
    /* errors */
    ASSERT_TEXT(schema_of("SELECT * FROM T, LATERAL TABLE(split(id))"),
                "ERROR: SQL validation failed. From line 1, column 32 to line 1, column 40: Invalid function call:\n"
                "split(INT)\n\nInvalid input arguments. Expected signatures are:\nsplit(STRING)");
    ASSERT_TEXT(schema_of("SELECT * FROM T, LATERAL TABLE(nope(s))"),
                "ERROR: SQL validation failed. From line 1, column 32 to line 1, column 38: No match found for function "
                "signature nope(<CHARACTER>)");
    ASSERT_TEXT(schema_of("SELECT * FROM T, LATERAL TABLE(upper(s))"),
                "ERROR: SQL validation failed. From line 1, column 32 to line 1, column 39: Function 'UPPER' is not a "
                "table function.");
    ASSERT_TEXT(schema_of("SELECT * FROM T, LATERAL TABLE(split(s)) AS X(w)"),
                "ERROR: SQL validation failed. From line 1, column 18 to line 1, column 48: List of column aliases must "
                "have same degree as table; table has 2 columns, whereas alias list has 1 columns");
    ASSERT_TEXT(schema_of("SELECT * FROM T LEFT JOIN LATERAL TABLE(split(s)) AS X(w, n) ON n > 1"),
                "ERROR: From line 1, column 65 to line 1, column 69: not supported yet: LEFT JOIN with UNNEST or a "
                "table function on a condition other than TRUE");
    eddy_env_free(env);
}

TEST(failing_table_functions) {
    setup();
    eddy_stream *bad = eddy_from_values(env, "ROW<s STRING>", "('a'), ('!')");
    eddy_tenv_create_temporary_view_from_stream(tenv, "Bad", bad, NULL);
    ASSERT_TEXT(rows_of("SELECT * FROM Bad, LATERAL TABLE(split(s))"), "ERROR: split cannot take '!'");
    eddy_stream *nul = eddy_from_values(env, "ROW<s STRING>", "('?')");
    eddy_tenv_create_temporary_view_from_stream(tenv, "Nul", nul, NULL);
    ASSERT_TEXT(rows_of("SELECT * FROM Nul, LATERAL TABLE(split(s))"),
                "ERROR: The table function 'split' emitted NULL for column 'len', but its type is INT NOT NULL.");
    eddy_env_free(env);
}

TEST(registering) {
    setup();
    eddy_table_function f = {EDDY_TABLE_FUNCTION_VERSION, "STRING", "STRING", split, NULL, NULL};
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, "SPLIT", &f), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Could not register temporary system function. A function named 'SPLIT' does already exist.");
    eddy_scalar_function sf = {EDDY_SCALAR_FUNCTION_VERSION, "", "INT", NULL, NULL, NULL, false};
    ASSERT_EQ_INT(eddy_tenv_create_function(tenv, "repeatn", &sf), EDDY_E_MISUSE); /* eval NULL */
    eddy_env_clear_error(env);
    f.result_type = "NOPE";
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, "other", &f), EDDY_E_PARSE);
    eddy_env_clear_error(env);
    f.result_type = NULL;
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, "other", &f), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "create_table_function: result_type is NULL.");
    f.result_type = "STRING";
    f.eval = NULL;
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, "other", &f), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "create_table_function: eval is NULL.");
    f.eval = split;
    f.abi_version = 99;
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, "other", &f), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "of another abi_version");
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, "other", NULL), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    f.abi_version = EDDY_TABLE_FUNCTION_VERSION;
    ASSERT_EQ_INT(eddy_tenv_create_table_function(NULL, "other", &f), EDDY_E_MISUSE);
    ASSERT_EQ_INT(eddy_tenv_create_table_function(tenv, NULL, &f), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    /* SHOW FUNCTIONS lists it; dropTemporarySystemFunction removes it */
    char *fns = exec_sql(tenv, "SHOW USER FUNCTIONS");
    ASSERT_STR_CONTAINS(fns, "+I[split]");
    free(fns);
    ASSERT_TRUE(eddy_tenv_drop_function(tenv, "Split"));
    ASSERT_TRUE(!eddy_tenv_drop_function(tenv, "split"));
    ASSERT_TEXT(schema_of("SELECT * FROM T, LATERAL TABLE(split(s, ' '))"),
                "ERROR: SQL validation failed. From line 1, column 32 to line 1, column 44: Function 'split' is not a "
                "table function.");
    eddy_env_free(env);
}

TEST(table_api_lateral_joins) {
    setup();
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT id, s FROM T");
    ASSERT_TEXT(table_rows(env, eddy_table_join_lateral(t, "split(s)", NULL)),
                "+I[1, hello big world, hello, 5]\n+I[1, hello big world, big, 3]\n+I[1, hello big world, world, 5]\n"
                "+I[2, , , 0]\n");
    ASSERT_TEXT(table_schema(env, eddy_table_join_lateral(t, "split(s) as (w, n)", "n > 3")),
                "(\n  `id` INT, \n  `s` STRING, \n  `w` STRING, \n  `n` INT NOT NULL\n)");
    ASSERT_TEXT(table_rows(env, eddy_table_join_lateral(t, "split(s) as (w, n)", "n > 3")),
                "+I[1, hello big world, hello, 5]\n+I[1, hello big world, world, 5]\n");
    ASSERT_TEXT(table_rows(env, eddy_table_left_outer_join_lateral(eddy_table_where(t, "id > 1"), "split(s) as (w, n)",
                                                                   NULL)),
                "+I[2, , , 0]\n+I[3, null, null, null]\n");
    ASSERT_TEXT(table_rows(env, eddy_table_left_outer_join_lateral(eddy_table_where(t, "id = 3"), "repeatN(id)",
                                                                   "true")),
                "+I[3, null, 1]\n+I[3, null, 2]\n+I[3, null, 3]\n");
    ASSERT_TEXT(table_schema(env, eddy_table_left_outer_join_lateral(t, "split(s) as (w, n)", "n > 1")),
                "ERROR: Predicate for lateral left outer join with table function can only be empty or literal true.");
    ASSERT_TEXT(table_schema(env, eddy_table_join_lateral(t, "nope(s)", NULL)),
                "ERROR: No match found for function signature nope(<CHARACTER>)");
    ASSERT_TEXT(table_schema(env, eddy_table_join_lateral(t, "s + 1", NULL)),
                "ERROR: A lateral join expects a table function call, but was: s + 1");
    eddy_env_free(env);
}

TEST(explain) {
    setup();
    ASSERT_TEXT(strdup(eddy_tenv_explain_sql(tenv, "SELECT id, tag FROM T CROSS JOIN UNNEST(tags) AS A(tag)", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalProject(id=[$0], tag=[$3])\n"
                "+- LogicalProject(id=[$0], tags=[$1], s=[$2], tag=[$3])\n"
                "   +- LogicalCorrelate(correlation=[$cor0], joinType=[inner], requiredColumns=[{1}])\n"
                "      :- LogicalTableScan(table=[[default_catalog, default_database, T]])\n"
                "      +- Uncollect\n"
                "         +- LogicalProject(tags=[$cor0.tags])\n"
                "            +- LogicalValues(tuples=[[{ 0 }]])\n"
                "\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[id, f0 AS tag])\n"
                "+- Correlate(invocation=[$UNNEST_ROWS$1($cor0.tags)], correlate=[table($UNNEST_ROWS$1($cor0.tags))], "
                "select=[id,tags,s,f0], rowType=[RecordType(INTEGER id, VARCHAR(2147483647) ARRAY tags, "
                "VARCHAR(2147483647) s, VARCHAR(2147483647) f0)], joinType=[INNER])\n"
                "   +- DataStreamScan(table=[[default_catalog, default_database, T]], fields=[id, tags, s])\n"
                "\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=[id, f0 AS tag])\n"
                "+- Correlate(invocation=[$UNNEST_ROWS$1($cor0.tags)], correlate=[table($UNNEST_ROWS$1($cor0.tags))], "
                "select=[id,tags,s,f0], rowType=[RecordType(INTEGER id, VARCHAR(2147483647) ARRAY tags, "
                "VARCHAR(2147483647) s, VARCHAR(2147483647) f0)], joinType=[INNER])\n"
                "   +- DataStreamScan(table=[[default_catalog, default_database, T]], fields=[id, tags, s])\n");
    ASSERT_TEXT(strdup(eddy_tenv_explain_sql(
                    tenv, "SELECT id, w FROM T LEFT JOIN LATERAL TABLE(split(s)) AS X(w, n) ON TRUE WHERE id > 1",
                    EDDY_EXPLAIN_CHANGELOG_MODE)),
                "== Abstract Syntax Tree ==\n"
                "LogicalProject(id=[$0], w=[$3])\n"
                "+- LogicalFilter(condition=[>($0, 1)])\n"
                "   +- LogicalProject(id=[$0], tags=[$1], s=[$2], w=[$3], n=[$4])\n"
                "      +- LogicalCorrelate(correlation=[$cor0], joinType=[left], requiredColumns=[{2}])\n"
                "         :- LogicalTableScan(table=[[default_catalog, default_database, T]])\n"
                "         +- LogicalTableFunctionScan(invocation=[split($cor0.s)], rowType=[RecordType(VARCHAR(2147483647) "
                "word, INTEGER len)])\n"
                "\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[id, word AS w], where=[>(id, 1)], changelogMode=[I])\n"
                "+- Correlate(invocation=[split($cor0.s)], correlate=[table(split(s))], select=[id,tags,s,word,len], "
                "rowType=[RecordType(INTEGER id, VARCHAR(2147483647) ARRAY tags, VARCHAR(2147483647) s, "
                "VARCHAR(2147483647) word, INTEGER len)], joinType=[LEFT], changelogMode=[I])\n"
                "   +- DataStreamScan(table=[[default_catalog, default_database, T]], fields=[id, tags, s], "
                "changelogMode=[I])\n"
                "\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=[id, word AS w], where=[(id > 1)])\n"
                "+- Correlate(invocation=[split($cor0.s)], correlate=[table(split(s))], select=[id,tags,s,word,len], "
                "rowType=[RecordType(INTEGER id, VARCHAR(2147483647) ARRAY tags, VARCHAR(2147483647) s, "
                "VARCHAR(2147483647) word, INTEGER len)], joinType=[LEFT])\n"
                "   +- DataStreamScan(table=[[default_catalog, default_database, T]], fields=[id, tags, s])\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(unnest);
    RUN(table_functions_in_sql);
    RUN(failing_table_functions);
    RUN(registering);
    RUN(table_api_lateral_joins);
    RUN(explain);
    return test_report();
}
