/*
 * test_explain.c -- EXPLAIN through executeSql (EXPLAIN [PLAN FOR],
 * ESTIMATED_COST, CHANGELOG_MODE, JSON_EXECUTION_PLAN), explainSql,
 * Table.explain and StatementSet.explain: Flink's layout and node names for
 * the plans eddy runs (scans, Calc, Values, Union, SortLimit, sinks,
 * DataStream scans, computed columns and watermarks), the result's shape,
 * and the errors for plans eddy cannot run.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(eddy_runtime_mode mode) {
    env = new_env(1);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    eddy_tenv_execute_sql(tenv, "CREATE TABLE MyTable1 (`count` bigint, word VARCHAR(256)) WITH ('connector' = 'datagen')");
    eddy_tenv_execute_sql(tenv, "CREATE TABLE MyTable2 (`count` bigint, word VARCHAR(256)) WITH ('connector' = 'datagen')");
    eddy_tenv_execute_sql(tenv, "CREATE TABLE Sink1 (a BIGINT, b STRING) WITH ('connector' = 'blackhole')");
    eddy_tenv_execute_sql(tenv, "CREATE TABLE Sink2 (w STRING) WITH ('connector' = 'blackhole')");
}

/* The text of EXPLAIN through executeSql: the one row of column `result`. */
static char *explain_sql(const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(tenv, sql);
    if (!r) return env_error_text(env);
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    char *text = NULL;
    if (eddy_iter_next(it, &row) == EDDY_ROW) {
        const char *s;
        eddy_row_get_string(row, 0, &s, NULL);
        text = strdup(s);
    }
    eddy_iter_free(it);
    return text ? text : strdup("ERROR: no row");
}

/* A copy of an explain text, or "ERROR: <message>" when it is NULL. */
static char *dup_or_error(const char *s) { return text_or_error(env, s); }

#define UNION_QUERY "SELECT `count`, word FROM MyTable1 WHERE word LIKE 'F%' UNION ALL SELECT `count`, word FROM MyTable2"

static const char *union_ast = "== Abstract Syntax Tree ==\n"
                               "LogicalUnion(all=[true])\n"
                               ":- LogicalProject(count=[$0], word=[$1])\n"
                               ":  +- LogicalFilter(condition=[LIKE($1, _UTF-16LE'F%')])\n"
                               ":     +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n"
                               "+- LogicalProject(count=[$0], word=[$1])\n"
                               "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])\n";

static const char *union_exec =
    "== Optimized Execution Plan ==\n"
    "Union(all=[true], union=[count, word])\n"
    ":- Calc(select=[count, word], where=[LIKE(word, 'F%')])\n"
    ":  +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n"
    "+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[count, word])\n";

TEST(plan_for_as_flink_documents_it) {
    setup(EDDY_STREAMING);
    char expected[8192];
    snprintf(expected, sizeof expected,
             "%s\n== Optimized Physical Plan ==\n"
             "Union(all=[true], union=[count, word])\n"
             ":- Calc(select=[count, word], where=[LIKE(word, _UTF-16LE'F%%')])\n"
             ":  +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n"
             "+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[count, word])\n"
             "\n%s",
             union_ast, union_exec);
    ASSERT_TEXT(explain_sql("EXPLAIN PLAN FOR " UNION_QUERY), expected);
    ASSERT_TEXT(explain_sql("EXPLAIN " UNION_QUERY), expected);
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, UNION_QUERY, 0)), expected);
    /* the result: one row, column `result` of STRING */
    eddy_result *r = eddy_tenv_execute_sql(tenv, "EXPLAIN " UNION_QUERY);
    ASSERT_EQ_INT(eddy_result_statement_kind(r), EDDY_STMT_EXPLAIN);
    ASSERT_EQ_INT(eddy_result_get_kind(r), EDDY_RESULT_SUCCESS_WITH_CONTENT);
    ASSERT_EQ_INT((int)eddy_result_column_count(r), 1);
    ASSERT_STR_EQ(eddy_result_column_name(r, 0), "result");
    ASSERT_STR_EQ(eddy_type_string(eddy_result_column_type(r, 0)), "STRING");
    eddy_result_free(r);
    eddy_env_free(env);
}

TEST(details_cost_changelog_json) {
    setup(EDDY_STREAMING);
    char expected[16384];
    snprintf(expected, sizeof expected,
             "%s\n== Optimized Physical Plan ==\n"
             "Union(all=[true], union=[count, word], changelogMode=[I]): rowcount = 1.05E8, cumulative cost = {3.1E8 rows, "
             "3.05E8 cpu, 4.0E9 io, 0.0 network, 0.0 memory}\n"
             ":- Calc(select=[count, word], where=[LIKE(word, _UTF-16LE'F%%')], changelogMode=[I]): rowcount = 5000000.0, "
             "cumulative cost = {1.05E8 rows, 1.0E8 cpu, 2.0E9 io, 0.0 network, 0.0 memory}\n"
             ":  +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word], "
             "changelogMode=[I]): rowcount = 1.0E8, cumulative cost = {1.0E8 rows, 1.0E8 cpu, 2.0E9 io, 0.0 network, "
             "0.0 memory}\n"
             "+- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[count, word], "
             "changelogMode=[I]): rowcount = 1.0E8, cumulative cost = {1.0E8 rows, 1.0E8 cpu, 2.0E9 io, 0.0 network, "
             "0.0 memory}\n"
             "\n%s\n== Physical Execution Plan ==\n"
             "{\n  \"nodes\" : [ {\n    \"id\" : 1,\n    \"type\" : \"Source: DataGenSource\",\n"
             "    \"pact\" : \"Data Source\",\n    \"contents\" : \"Source: DataGenSource\",\n    \"parallelism\" : 1\n"
             "  }, {\n    \"id\" : 2,\n    \"type\" : \"Calc\",\n    \"pact\" : \"Operator\",\n    \"contents\" : \"Calc\",\n"
             "    \"parallelism\" : 1,\n    \"predecessors\" : [ {\n      \"id\" : 1,\n      \"ship_strategy\" : \"FORWARD\",\n"
             "      \"side\" : \"second\"\n    } ]\n  }, {\n    \"id\" : 3,\n    \"type\" : \"Source: DataGenSource\",\n"
             "    \"pact\" : \"Data Source\",\n    \"contents\" : \"Source: DataGenSource\",\n    \"parallelism\" : 1\n"
             "  }, {\n    \"id\" : 4,\n    \"type\" : \"Calc\",\n    \"pact\" : \"Operator\",\n    \"contents\" : \"Calc\",\n"
             "    \"parallelism\" : 1,\n    \"predecessors\" : [ {\n      \"id\" : 3,\n      \"ship_strategy\" : \"FORWARD\",\n"
             "      \"side\" : \"second\"\n    } ]\n  } ]\n}",
             union_ast, union_exec);
    ASSERT_TEXT(explain_sql("EXPLAIN ESTIMATED_COST, CHANGELOG_MODE, JSON_EXECUTION_PLAN " UNION_QUERY), expected);
    ASSERT_TEXT(explain_sql("EXPLAIN PLAN_ADVICE " UNION_QUERY), "ERROR: not supported yet: EXPLAIN PLAN_ADVICE");
    eddy_env_free(env);
}

TEST(expressions_values_and_sorts) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(
                    tenv, "SELECT `count` + 1 AS c, UPPER(word) FROM MyTable1 WHERE `count` > 10 AND word IS NOT NULL", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalProject(c=[+($0, 1)], EXPR$1=[UPPER($1)])\n"
                "+- LogicalFilter(condition=[AND(>($0, 10), IS NOT NULL($1))])\n"
                "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[+(count, 1) AS c, UPPER(word) AS EXPR$1], where=[AND(>(count, 10), IS NOT NULL(word))])\n"
                "+- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=[(count + 1) AS c, UPPER(word) AS EXPR$1], where=[((count > 10) AND word IS NOT NULL)])\n"
                "+- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n");
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "SELECT 'Hello, MY Friend'", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalProject(EXPR$0=[_UTF-16LE'Hello, MY Friend'])\n"
                "+- LogicalValues(tuples=[[{ 0 }]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[_UTF-16LE'Hello, MY Friend' AS EXPR$0])\n"
                "+- Values(tuples=[[{ 0 }]], values=[ZERO])\n\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=['Hello, MY Friend' AS EXPR$0])\n"
                "+- Values(tuples=[[{ 0 }]], values=[ZERO])\n");
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "VALUES (1, 'a', CAST(2 AS BIGINT)), (2, 'bb', 3)", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalValues(tuples=[[{ 1, _UTF-16LE'a', 2:BIGINT }, { 2, _UTF-16LE'bb', 3:BIGINT }]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Values(tuples=[[{ 1, _UTF-16LE'a', 2:BIGINT }, { 2, _UTF-16LE'bb', 3:BIGINT }]], values=[EXPR$0, EXPR$1, "
                "EXPR$2])\n\n"
                "== Optimized Execution Plan ==\n"
                "Values(tuples=[[{ 1, _UTF-16LE'a', 2:BIGINT }, { 2, _UTF-16LE'bb', 3:BIGINT }]], values=[EXPR$0, EXPR$1, "
                "EXPR$2])\n");
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "SELECT * FROM MyTable1 ORDER BY `count` DESC LIMIT 3", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalSort(sort0=[$0], dir0=[DESC-nulls-last], fetch=[3])\n"
                "+- LogicalProject(count=[$0], word=[$1])\n"
                "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
                "== Optimized Physical Plan ==\n"
                "SortLimit(orderBy=[count DESC], offset=[0], fetch=[3], global=[true])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
                "== Optimized Execution Plan ==\n"
                "SortLimit(orderBy=[count DESC], offset=[0], fetch=[3], global=[true])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n");
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "SELECT word FROM MyTable1 ORDER BY word", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalSort(sort0=[$0], dir0=[ASC-nulls-first])\n"
                "+- LogicalProject(word=[$1])\n"
                "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Sort(orderBy=[word ASC])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- Calc(select=[word])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
                "== Optimized Execution Plan ==\n"
                "Sort(orderBy=[word ASC])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- Calc(select=[word])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n");
    eddy_env_free(env);
    setup(EDDY_STREAMING);
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "SELECT word FROM MyTable1 OFFSET 2 ROWS", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalSort(offset=[2])\n"
                "+- LogicalProject(word=[$1])\n"
                "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Limit(offset=[2], fetch=[unlimited])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- Calc(select=[word])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
                "== Optimized Execution Plan ==\n"
                "Limit(offset=[2], fetch=[unlimited])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- Calc(select=[word])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n");
    eddy_env_free(env);
}

TEST(computed_columns_watermarks_and_streams) {
    setup(EDDY_STREAMING);
    eddy_tenv_execute_sql(tenv, "CREATE TABLE Orders (id INT, amount DOUBLE, ts TIMESTAMP(3), big AS amount * 2, "
                                "WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "SELECT id, big FROM Orders WHERE amount > 1.5",
                                                   EDDY_EXPLAIN_CHANGELOG_MODE)),
                "== Abstract Syntax Tree ==\n"
                "LogicalProject(id=[$0], big=[$3])\n"
                "+- LogicalFilter(condition=[>($1, 1.5:DECIMAL(2, 1))])\n"
                "   +- LogicalWatermarkAssigner(rowtime=[ts], watermark=[-($2, 5000:INTERVAL SECOND)])\n"
                "      +- LogicalProject(id=[$0], amount=[$1], ts=[$2], big=[*($1, 2)])\n"
                "         +- LogicalTableScan(table=[[default_catalog, default_database, Orders]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[id, big], where=[>(amount, 1.5:DECIMAL(2, 1))], changelogMode=[I])\n"
                "+- WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)], changelogMode=[I])\n"
                "   +- Calc(select=[id, amount, ts, *(amount, 2) AS big], changelogMode=[I])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[id, amount, ts], "
                "changelogMode=[I])\n\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=[id, big], where=[(amount > 1.5)])\n"
                "+- WatermarkAssigner(rowtime=[ts], watermark=[(ts - 5000:INTERVAL SECOND)])\n"
                "   +- Calc(select=[id, amount, ts, (amount * 2) AS big])\n"
                "      +- TableSourceScan(table=[[default_catalog, default_database, Orders]], fields=[id, amount, ts])\n");
    /* DataStream tables: anonymous, and views by their path */
    eddy_table *t = eddy_tenv_from_datastream(tenv, eddy_from_values(env, "ROW<name STRING, score INT>", "('Alice', 12)"), NULL);
    ASSERT_TEXT(dup_or_error(eddy_table_explain(eddy_table_where(eddy_table_select(t, "name, score + 1 as s"), "s > 5"), 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalFilter(condition=[>($1, 5)])\n"
                "+- LogicalProject(name=[$0], s=[+($1, 1)])\n"
                "   +- LogicalTableScan(table=[[*anonymous_datastream_source$1*]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[name, +(score, 1) AS s], where=[>(+(score, 1), 5)])\n"
                "+- DataStreamScan(table=[[*anonymous_datastream_source$1*]], fields=[name, score])\n\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=[name, (score + 1) AS s], where=[((score + 1) > 5)])\n"
                "+- DataStreamScan(table=[[*anonymous_datastream_source$1*]], fields=[name, score])\n");
    eddy_tenv_create_temporary_view_from_stream(tenv, "InputTable", eddy_from_values(env, "ROW<name STRING>", "('Bob')"), NULL);
    ASSERT_TEXT(dup_or_error(eddy_tenv_explain_sql(tenv, "SELECT UPPER(name) FROM InputTable", 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalProject(EXPR$0=[UPPER($0)])\n"
                "+- LogicalTableScan(table=[[default_catalog, default_database, InputTable]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Calc(select=[UPPER(name) AS EXPR$0])\n"
                "+- DataStreamScan(table=[[default_catalog, default_database, InputTable]], fields=[name])\n\n"
                "== Optimized Execution Plan ==\n"
                "Calc(select=[UPPER(name) AS EXPR$0])\n"
                "+- DataStreamScan(table=[[default_catalog, default_database, InputTable]], fields=[name])\n");
    eddy_env_free(env);
}

TEST(inserts_and_statement_sets) {
    setup(EDDY_STREAMING);
    static const char *two_sinks =
        "== Abstract Syntax Tree ==\n"
        "LogicalSink(table=[default_catalog.default_database.Sink1], fields=[count, word])\n"
        "+- LogicalProject(count=[$0], word=[$1])\n"
        "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
        "LogicalSink(table=[default_catalog.default_database.Sink2], fields=[word])\n"
        "+- LogicalProject(word=[$1])\n"
        "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable2]])\n\n"
        "== Optimized Physical Plan ==\n"
        "Sink(table=[default_catalog.default_database.Sink1], fields=[count, word])\n"
        "+- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
        "Sink(table=[default_catalog.default_database.Sink2], fields=[word])\n"
        "+- Calc(select=[word])\n"
        "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[count, word])\n\n"
        "== Optimized Execution Plan ==\n"
        "Sink(table=[default_catalog.default_database.Sink1], fields=[count, word])\n"
        "+- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
        "Sink(table=[default_catalog.default_database.Sink2], fields=[word])\n"
        "+- Calc(select=[word])\n"
        "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable2]], fields=[count, word])\n";
    ASSERT_TEXT(explain_sql("EXPLAIN STATEMENT SET BEGIN INSERT INTO Sink1 SELECT * FROM MyTable1; INSERT INTO Sink2 "
                            "SELECT word FROM MyTable2; END"),
                two_sinks);
    eddy_statement_set *ss = eddy_tenv_create_statement_set(tenv);
    ASSERT_TRUE(eddy_statement_set_explain(ss, 0) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE, "No operators defined in streaming topology. Cannot generate StreamGraph.");
    eddy_statement_set_add_insert_sql(ss, "INSERT INTO Sink1 SELECT * FROM MyTable1");
    eddy_statement_set_add_insert(ss, "Sink2", eddy_tenv_sql_query(tenv, "SELECT word FROM MyTable2"));
    ASSERT_TEXT(dup_or_error(eddy_statement_set_explain(ss, 0)), two_sinks);
    ASSERT_TEXT(explain_sql("EXPLAIN CHANGELOG_MODE INSERT INTO Sink2 SELECT word FROM MyTable1"),
                "== Abstract Syntax Tree ==\n"
                "LogicalSink(table=[default_catalog.default_database.Sink2], fields=[word])\n"
                "+- LogicalProject(word=[$1])\n"
                "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Sink(table=[default_catalog.default_database.Sink2], fields=[word], changelogMode=[NONE])\n"
                "+- Calc(select=[word], changelogMode=[I])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word], "
                "changelogMode=[I])\n\n"
                "== Optimized Execution Plan ==\n"
                "Sink(table=[default_catalog.default_database.Sink2], fields=[word])\n"
                "+- Calc(select=[word])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n");
    /* a sink whose input needs a cast is fed the sink's names (the
     * query's otherwise, as above) */
    eddy_tenv_execute_sql(tenv, "CREATE TABLE Sink3 (a DOUBLE, b STRING) WITH ('connector' = 'blackhole')");
    char *cast = explain_sql("EXPLAIN INSERT INTO Sink3 SELECT * FROM MyTable1");
    ASSERT_STR_CONTAINS(cast, "LogicalSink(table=[default_catalog.default_database.Sink3], fields=[a, b])\n");
    ASSERT_STR_CONTAINS(cast, "\nSink(table=[default_catalog.default_database.Sink3], fields=[a, b])\n");
    free(cast);
    eddy_env_free(env);
}

TEST(plans_eddy_cannot_run) {
    setup(EDDY_STREAMING);
    /* planned, refused only when it runs (tests/sql/stream_sort.q) */
    ASSERT_TEXT(explain_sql("EXPLAIN SELECT * FROM MyTable1 ORDER BY word"),
                "== Abstract Syntax Tree ==\n"
                "LogicalSort(sort0=[$1], dir0=[ASC-nulls-first])\n"
                "+- LogicalProject(count=[$0], word=[$1])\n"
                "   +- LogicalTableScan(table=[[default_catalog, default_database, MyTable1]])\n\n"
                "== Optimized Physical Plan ==\n"
                "Sort(orderBy=[word ASC])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n\n"
                "== Optimized Execution Plan ==\n"
                "Sort(orderBy=[word ASC])\n"
                "+- Exchange(distribution=[single])\n"
                "   +- TableSourceScan(table=[[default_catalog, default_database, MyTable1]], fields=[count, word])\n");
    ASSERT_TEXT(explain_sql("EXPLAIN SELECT nope FROM MyTable1"),
                "ERROR: SQL validation failed. From line 1, column 16 to line 1, column 19: Column 'nope' not found in any "
                "table");
    ASSERT_TRUE(eddy_table_explain(NULL, 0) == NULL);
    ASSERT_TRUE(eddy_tenv_explain_sql(NULL, "SELECT 1", 0) == NULL);
    ASSERT_TRUE(eddy_tenv_explain_sql(tenv, NULL, 0) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "explain_sql: the statement is NULL.");
    ASSERT_TRUE(eddy_statement_set_explain(NULL, 0) == NULL);
    eddy_env_free(env);
}

int main(void) {
    RUN(plan_for_as_flink_documents_it);
    RUN(details_cost_changelog_json);
    RUN(expressions_values_and_sorts);
    RUN(computed_columns_watermarks_and_streams);
    RUN(inserts_and_statement_sets);
    RUN(plans_eddy_cannot_run);
    return test_report();
}
