/*
 * test_changelog_agg.c -- the changelog bridge around a GROUP BY: Flink's
 * DataStreamJavaITCase testFromAndToChangelogStreamRetract with its SUM per
 * key, the "Handling of Changelog Streams" examples of the DataStream API
 * integration page (fromChangelogStream example 1 printed as tableau,
 * toChangelogStream example 1), and
 * testComplexUnifiedPipelineStreaming / Batch: a keyed counter of the
 * changelog rows of a GROUP BY, read back as a view.
 * Parallelism 1 where the order of rows is asserted.
 *
 * The upsert variants (testFromChangelogStreamUpsert,
 * testFromAndToChangelogStreamUpsert, fromChangelogStream example 2) with
 * their GROUP BY: the source is unique on its primary key, so the planner
 * removes the GROUP BY on it (SUM of one row per key is the row; Flink's
 * FlinkAggregateRemoveRule) and ChangelogNormalize's -U / +U reach the
 * consumer as they are; a COUNT keeps its GroupAggregate.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(int p) {
    env = new_env(p);
    tenv = eddy_tenv_new(env);
}

static void teardown(void) { eddy_env_free(env); }

/* Asserts got (malloc'd, freed) holds the lines of the literal want in any order. */
static char sorted_want[4096];
#define ASSERT_SAME_LINES(got, want)                                   \
    do {                                                               \
        char *w_ = sorted_lines(strdup(want));                         \
        snprintf(sorted_want, sizeof sorted_want, "%s", w_);           \
        free(w_);                                                      \
        ASSERT_TEXT(sorted_lines(got), sorted_want);                   \
    } while (0)

static const char *SUM_BY_F0 = "SELECT f0, SUM(f1) FROM t GROUP BY f0";

static eddy_table *sum_over_changelog(const char *values, eddy_schema *sc, eddy_changelog_mode mode) {
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", values);
    if (eddy_tenv_create_temporary_view_from_changelog_stream(tenv, "t", ds, sc, mode) != EDDY_OK) return NULL;
    return eddy_tenv_sql_query(tenv, SUM_BY_F0);
}

#define RETRACT_INPUT                                                                                              \
    "('bob', 0), -U('bob', 0), +U('bob', 1), ('alice', 1), ('alice', 1), -U('alice', 1), +U('alice', 2), "         \
    "-U('alice', 2), +U('alice', 100)"

/* Each input row in turn: -U of a group's only row deletes the group (-D),
 * the +U after it starts a new one (+I). */
#define RETRACT_OUTPUT                                                                                             \
    "+I[bob, 0]\n-D[bob, 0]\n+I[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n-U[alice, 2]\n+U[alice, 1]\n"  \
    "-U[alice, 1]\n+U[alice, 3]\n-U[alice, 3]\n+U[alice, 1]\n-U[alice, 1]\n+U[alice, 101]\n"

TEST(from_and_to_changelog_stream_retract) {
    setup(1);
    eddy_table *t = sum_over_changelog(RETRACT_INPUT, NULL, EDDY_CHANGELOG_ALL);
    ASSERT_TEXT(table_rows(env, t), RETRACT_OUTPUT);
    t = eddy_tenv_sql_query(tenv, SUM_BY_F0);
    ASSERT_TEXT(collect_stream(eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_ALL)), RETRACT_OUTPUT);
    teardown();
}

TEST(from_and_to_changelog_stream_retract_parallel) {
    setup(4);
    eddy_table *t = sum_over_changelog(RETRACT_INPUT, NULL, EDDY_CHANGELOG_ALL);
    ASSERT_SAME_LINES(table_rows(env, t), RETRACT_OUTPUT);
    teardown();
}

/* ---- the page's examples ------------------------------------------------------------------- */

static void print_score_query(void *arg) {
    (void)arg;
    eddy_result *r = eddy_tenv_execute_sql(tenv, "SELECT f0 AS name, SUM(f1) AS score FROM InputTable GROUP BY f0");
    if (!r) {
        printf("ERROR: %s\n", eddy_env_errmsg(env));
        return;
    }
    eddy_result_print(r, stdout);
    eddy_result_free(r);
}

static const char *SCORE_HEADER = "+----+--------------------------------+-------------+\n"
                                  "| op |                           name |       score |\n"
                                  "+----+--------------------------------+-------------+\n";

static char score_text[2048];

static const char *score_table(const char *rows, int n) {
    snprintf(score_text, sizeof score_text, "%s%s+----+--------------------------------+-------------+\n%d rows in set\n",
             SCORE_HEADER, rows, n);
    return score_text;
}

/* The page's InputTable: the rows (f0, f1) read as a changelog. */
static eddy_status input_table(const char *values, eddy_schema *sc, eddy_changelog_mode mode) {
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", values);
    return eddy_tenv_create_temporary_view(tenv, "InputTable", eddy_tenv_from_changelog_stream(tenv, ds, sc, mode));
}

/* fromChangelogStream example 1: all kinds; the -U empties Alice's group. */
TEST(from_changelog_stream_example_1) {
    setup(1);
    ASSERT_EQ_INT(input_table("('Alice', 12), ('Bob', 5), -U('Alice', 12), +U('Alice', 100)", NULL, EDDY_CHANGELOG_ALL),
                  EDDY_OK);
    const char *want = score_table("| +I |                          Alice |          12 |\n"
                             "| +I |                            Bob |           5 |\n"
                             "| -D |                          Alice |          12 |\n"
                             "| +I |                          Alice |         100 |\n",
                             4);
    ASSERT_TEXT(capture_stdout(print_score_query, NULL), want);
    teardown();
}

/* ---- upserts by key: the GROUP BY on the key is removed ------------------------------------ */

#define UPSERT_INPUT "('bob', 0), +U('bob', 1), ('alice', 1), ('alice', 1), +U('alice', 2), +U('alice', 100)"

static eddy_schema *pk_f0(void) { return eddy_schema_primary_key(eddy_schema_new(env), "f0", NULL); }

/* testFromChangelogStreamUpsert: a new value of a key is -U old, +U new;
 * the repeated +I[alice, 1] gives nothing. */
TEST(from_changelog_stream_upsert) {
    setup(1);
    eddy_table *t = sum_over_changelog(UPSERT_INPUT, pk_f0(), EDDY_CHANGELOG_UPSERT);
    ASSERT_TEXT(table_schema(env, t), "(\n  `f0` STRING NOT NULL, \n  `EXPR$1` INT\n)");
    ASSERT_TEXT(table_rows(env, t), "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n"
                                    "-U[alice, 2]\n+U[alice, 100]\n");
    ASSERT_TEXT(strdup(eddy_tenv_explain_sql(tenv, SUM_BY_F0, 0)),
                "== Abstract Syntax Tree ==\n"
                "LogicalAggregate(group=[{0}], EXPR$1=[SUM($1)])\n"
                "+- LogicalTableScan(table=[[*anonymous_datastream_source$1*]])\n\n"
                "== Optimized Physical Plan ==\n"
                "ChangelogNormalize(key=[f0])\n"
                "+- Exchange(distribution=[hash[f0]])\n"
                "   +- DataStreamScan(table=[[*anonymous_datastream_source$1*]], fields=[f0, f1])\n\n"
                "== Optimized Execution Plan ==\n"
                "ChangelogNormalize(key=[f0])\n"
                "+- Exchange(distribution=[hash[f0]])\n"
                "   +- DataStreamScan(table=[[*anonymous_datastream_source$1*]], fields=[f0, f1])\n");
    teardown();
}

TEST(from_changelog_stream_upsert_parallel) {
    setup(4);
    eddy_table *t = sum_over_changelog(UPSERT_INPUT, pk_f0(), EDDY_CHANGELOG_UPSERT);
    ASSERT_SAME_LINES(table_rows(env, t), "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n"
                                          "-U[alice, 2]\n+U[alice, 100]\n");
    teardown();
}

/* testFromAndToChangelogStreamUpsert: into an upsert stream keyed like the
 * source, no -U and no duplicate. */
TEST(from_and_to_changelog_stream_upsert) {
    setup(1);
    eddy_table *t = sum_over_changelog(UPSERT_INPUT, pk_f0(), EDDY_CHANGELOG_UPSERT);
    eddy_stream *s = eddy_tenv_to_changelog_stream(tenv, t, pk_f0(), EDDY_CHANGELOG_UPSERT);
    ASSERT_TEXT(collect_stream(s), "+I[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n+U[alice, 2]\n+U[alice, 100]\n");
    teardown();
}

/* Only SUM / MIN / MAX of one column without FILTER go: COUNT of one row is
 * not the row, so its GroupAggregate stays and each +U becomes -D, +I. */
TEST(upsert_count_keeps_the_aggregate) {
    setup(1);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", UPSERT_INPUT);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view_from_changelog_stream(tenv, "t", ds, pk_f0(), EDDY_CHANGELOG_UPSERT),
                  EDDY_OK);
    ASSERT_TEXT(sql_query_lines(tenv, "SELECT f0, MIN(f1), MAX(f1) FILTER (WHERE f1 > 1) FROM t GROUP BY f0"),
                "+I[bob, 0, null]\n-D[bob, 0, null]\n+I[bob, 1, null]\n+I[alice, 1, null]\n-D[alice, 1, null]\n"
                "+I[alice, 2, 2]\n-D[alice, 2, 2]\n+I[alice, 100, 100]\n");
    ASSERT_TEXT(sql_query_lines(tenv, "SELECT f0, COUNT(f1) FROM t GROUP BY f0"),
                "+I[bob, 1]\n-D[bob, 1]\n+I[bob, 1]\n+I[alice, 1]\n-D[alice, 1]\n+I[alice, 1]\n-D[alice, 1]\n"
                "+I[alice, 1]\n");
    /* grouped by more than the key: still unique, removed */
    ASSERT_TEXT(sql_query_lines(tenv, "SELECT f1, f0, MAX(f1) FROM t GROUP BY f1, f0"),
                "+I[0, bob, 0]\n-U[0, bob, 0]\n+U[1, bob, 1]\n+I[1, alice, 1]\n-U[1, alice, 1]\n+U[2, alice, 2]\n"
                "-U[2, alice, 2]\n+U[100, alice, 100]\n");
    teardown();
}

/* fromChangelogStream example 2: upserts with a primary key; the page
 * prints Bob's row first, at parallelism 1 the rows come in input order. */
TEST(from_changelog_stream_example_2) {
    setup(1);
    ASSERT_EQ_INT(input_table("('Alice', 12), ('Bob', 5), +U('Alice', 100)", pk_f0(), EDDY_CHANGELOG_UPSERT), EDDY_OK);
    const char *want = score_table("| +I |                          Alice |          12 |\n"
                                   "| +I |                            Bob |           5 |\n"
                                   "| -U |                          Alice |          12 |\n"
                                   "| +U |                          Alice |         100 |\n",
                                   4);
    ASSERT_TEXT(capture_stdout(print_score_query, NULL), want);
    teardown();
}

/* The lines of text that contain word, in order. */
static char *lines_with(const char *text, const char *word) {
    Lines out = lines_empty();
    char *copy = strdup(text);
    for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n"))
        if (strstr(l, word)) lines_add(&out, l);
    free(copy);
    return out.text;
}

/* toChangelogStream example 1: groupBy(name).select(name, score.sum). The
 * page prints Bob's row first; the order across keys is the shuffle's, the
 * order per key is fixed. */
TEST(to_changelog_stream_example_1) {
    setup(4);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", "('Alice', 12), ('Alice', 2), ('Bob', 12)");
    eddy_table *in = eddy_table_as(eddy_tenv_from_datastream(tenv, ds, NULL), "name", "score", NULL);
    eddy_table *t = eddy_grouped_table_select(eddy_table_group_by(in, "name"), "name, score.sum");
    char *got = collect_stream(eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_ALL));
    char *alice = lines_with(got, "Alice");
    ASSERT_SAME_LINES(got, "+I[Bob, 12]\n+I[Alice, 12]\n-U[Alice, 12]\n+U[Alice, 14]\n");
    ASSERT_TEXT(alice, "+I[Alice, 12]\n-U[Alice, 12]\n+U[Alice, 14]\n");
    teardown();
}

/* ---- testComplexUnifiedPipeline ------------------------------------------------------------ */

/* A KeyedProcessFunction counting the changelog rows it receives per name:
 * emits (name, count so far) for each. */
static eddy_status count_changes(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_value_state *count = eddy_keyed_ctx_value_state(kc, "count", "BIGINT");
    const eddy_row *v = NULL;
    eddy_status rc = eddy_value_state_value(count, &v);
    if (rc) return rc;
    int64_t c = 0;
    if (v) eddy_row_get_long(v, 0, &c);
    c++;
    eddy_out_set_long(eddy_value_state_new_value(count), 0, c);
    if ((rc = eddy_value_state_update(count))) return rc;
    if ((rc = eddy_out_copy_field(out, 0, in, (size_t)eddy_row_field_index(in, "name")))) return rc;
    eddy_out_set_long(out, 1, c);
    return eddy_out_emit(out);
}

static char *complex_unified_pipeline(eddy_runtime_mode mode) {
    env = new_env(4);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    const char *names[] = {"Bob", "Alice"};
    eddy_table *allowed = eddy_tenv_from_datastream(tenv, eddy_from_strings(env, names, 2), NULL);
    eddy_tenv_create_temporary_view(tenv, "AllowedNamesTable", eddy_table_as(allowed, "allowedName", NULL));
    eddy_table *result = eddy_tenv_sql_query(tenv, "SELECT name, COUNT(*) AS c FROM (VALUES ('Bob'), ('Alice'), "
                                                   "('Greg'), ('Bob')) AS NameTable(name) WHERE name IN (SELECT "
                                                   "allowedName FROM AllowedNamesTable) GROUP BY name");
    eddy_stream *changes = eddy_tenv_to_changelog_stream(tenv, result, NULL, EDDY_CHANGELOG_ALL);
    eddy_keyed_process_fn fn = {.abi_version = EDDY_KEYED_PROCESS_FN_VERSION, .process_element = count_changes};
    eddy_stream *counts = eddy_keyed_process(eddy_stream_key_by(changes, "name"), &fn, "ROW<f0 STRING, f1 BIGINT>",
                                             NULL, NULL);
    if (eddy_tenv_create_temporary_view_from_stream(tenv, "ResultView", counts, NULL) != EDDY_OK)
        return env_error_text(env);
    return sql_query_lines(tenv, "SELECT DISTINCT f0, f1 FROM ResultView");
}

/* STREAMING: Bob's count reaches the counter as +I, -U, +U: three rows. */
TEST(complex_unified_pipeline_streaming) {
    ASSERT_SAME_LINES(complex_unified_pipeline(EDDY_STREAMING), "+I[Bob, 1]\n+I[Bob, 2]\n+I[Bob, 3]\n+I[Alice, 1]\n");
    teardown();
}

/* BATCH: the final counts only, one row per name. */
TEST(complex_unified_pipeline_batch) {
    ASSERT_SAME_LINES(complex_unified_pipeline(EDDY_BATCH), "+I[Bob, 1]\n+I[Alice, 1]\n");
    teardown();
}

int main(void) {
    RUN(from_and_to_changelog_stream_retract);
    RUN(from_and_to_changelog_stream_retract_parallel);
    RUN(from_changelog_stream_example_1);
    RUN(from_changelog_stream_upsert);
    RUN(from_changelog_stream_upsert_parallel);
    RUN(from_and_to_changelog_stream_upsert);
    RUN(upsert_count_keeps_the_aggregate);
    RUN(from_changelog_stream_example_2);
    RUN(to_changelog_stream_example_1);
    RUN(complex_unified_pipeline_streaming);
    RUN(complex_unified_pipeline_batch);
    return test_report();
}
