/*
 * test_changelog.c -- the changelog bridge: fromChangelogStream in its three
 * modes (all kinds, upserts by primary key through ChangelogNormalize,
 * insert-only), toChangelogStream with a schema and a mode, DropUpdateBefore
 * for upsert consumers of a retracting stream, row kinds read and set in
 * user callbacks, and the errors of updates into insert-only consumers.
 *
 * The inputs are those of Flink's DataStreamJavaITCase changelog tests
 * (testFromAndToChangelogStreamRetract, testFromChangelogStreamUpsert,
 * testFromAndToChangelogStreamUpsert), read here as the tables themselves;
 * test_changelog_agg.c runs them with their GROUP BY (for the upsert ones
 * the planner removes it: SUM(f1) of one row per key is f1, the same rows).
 * Parallelism 1 where the order of rows is asserted; the parallel cases
 * compare multisets as the Flink tests do.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(int p) {
    env = new_env(p);
    tenv = eddy_tenv_new(env);
}

static void teardown(void) { eddy_env_free(env); }

#define UPSERT_INPUT "('bob', 0), +U('bob', 1), ('alice', 1), ('alice', 1), +U('alice', 2), +U('alice', 100)"

static eddy_table *upsert_table(void) {
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", UPSERT_INPUT);
    eddy_schema *sc = eddy_schema_primary_key(eddy_schema_new(env), "f0", NULL);
    return eddy_tenv_from_changelog_stream(tenv, ds, sc, EDDY_CHANGELOG_UPSERT);
}

/* fromChangelogStream(ds): every kind passes through as it is. */
TEST(from_changelog_stream_all_kinds) {
    setup(1);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>",
                                       "('bob', 0), -U('bob', 0), +U('bob', 1), ('alice', 1), -D('alice', 1)");
    eddy_table *t = eddy_tenv_from_changelog_stream(tenv, ds, NULL, EDDY_CHANGELOG_ALL);
    ASSERT_TEXT(table_schema(env, t), "(\n  `f0` STRING, \n  `f1` INT\n)");
    ASSERT_TEXT(table_rows(env, t), "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-D[alice, 1]\n");
    teardown();
}

/* testFromChangelogStreamUpsert's input: ChangelogNormalize sends -U/+U
 * for a new value, nothing for a duplicate. */
TEST(from_changelog_stream_upsert) {
    setup(1);
    eddy_table *t = upsert_table();
    ASSERT_TEXT(table_schema(env, t), "(\n  `f0` STRING NOT NULL, \n  `f1` INT, \n  CONSTRAINT `PK_f0` PRIMARY KEY (`f0`) NOT ENFORCED\n)");
    ASSERT_TEXT(table_rows(env, t), "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n"
                                    "-U[alice, 2]\n+U[alice, 100]\n");
    teardown();
}

TEST(from_changelog_stream_upsert_parallel) {
    setup(4);
    eddy_table *t = upsert_table();
    ASSERT_TEXT(sorted_lines(table_rows(env, t)), "+I[alice, 1]\n+I[bob, 0]\n+U[alice, 100]\n+U[alice, 2]\n+U[bob, 1]\n"
                                                  "-U[alice, 1]\n-U[alice, 2]\n-U[bob, 0]\n");
    teardown();
}

/* A delete of an upsert stream may carry the key only: -D sends the stored row. */
TEST(upsert_delete_sends_the_stored_row) {
    setup(1);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>",
                                       "('bob', 0), +U('bob', 1), -D('bob', NULL), -D('bob', NULL), -D('carol', NULL), "
                                       "('bob', 5)");
    eddy_schema *sc = eddy_schema_primary_key(eddy_schema_new(env), "f0", NULL);
    eddy_table *t = eddy_tenv_from_changelog_stream(tenv, ds, sc, EDDY_CHANGELOG_UPSERT);
    ASSERT_TEXT(table_rows(env, t), "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n-D[bob, 1]\n+I[bob, 5]\n");
    teardown();
}

/* testFromAndToChangelogStreamUpsert: an upsert sink keyed like the
 * source gets no -U and no duplicate. */
TEST(from_and_to_changelog_stream_upsert) {
    setup(1);
    eddy_table *t = upsert_table();
    eddy_schema *sc = eddy_schema_primary_key(eddy_schema_new(env), "f0", NULL);
    eddy_stream *s = eddy_tenv_to_changelog_stream(tenv, t, sc, EDDY_CHANGELOG_UPSERT);
    ASSERT_TEXT(collect_stream(s), "+I[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n+U[alice, 2]\n+U[alice, 100]\n");
    teardown();
}

/* toChangelogStream(table): every kind, as a stream of rows. */
TEST(to_changelog_stream_all) {
    setup(1);
    eddy_table *t = upsert_table();
    ASSERT_TEXT(collect_stream(eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_ALL)),
                "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n-U[alice, 2]\n"
                "+U[alice, 100]\n");
    teardown();
}

/* A retracting source into an upsert consumer: DropUpdateBefore. */
TEST(drop_update_before) {
    setup(1);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING NOT NULL, f1 INT>",
                                       "('bob', 0), -U('bob', 0), +U('bob', 1), ('alice', 1), -D('alice', 1)");
    eddy_schema *pk = eddy_schema_primary_key(eddy_schema_new(env), "f0", NULL);
    eddy_table *t = eddy_tenv_from_changelog_stream(tenv, ds, pk, EDDY_CHANGELOG_ALL);
    eddy_schema *sc = eddy_schema_primary_key(eddy_schema_new(env), "f0", NULL);
    ASSERT_TEXT(collect_stream(eddy_tenv_to_changelog_stream(tenv, t, sc, EDDY_CHANGELOG_UPSERT)),
                "+I[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-D[alice, 1]\n");
    teardown();
}

/* toChangelogStream(table, schema): columns by position, types cast. */
TEST(to_changelog_stream_schema_casts) {
    setup(1);
    eddy_table *t = upsert_table();
    eddy_schema *sc = eddy_schema_column(eddy_schema_column(eddy_schema_new(env), "name", "STRING"), "score", "BIGINT");
    eddy_stream *s = eddy_tenv_to_changelog_stream(tenv, t, sc, EDDY_CHANGELOG_ALL);
    ASSERT_STR_EQ(eddy_type_string(eddy_stream_type(s)), "ROW<`name` STRING, `score` BIGINT>");
    ASSERT_TEXT(collect_stream(s), "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n"
                                   "-U[alice, 2]\n+U[alice, 100]\n");
    teardown();
}

/* Row kinds in user callbacks: read with eddy_row_get_kind, set with eddy_out_set_kind. */
static eddy_status kind_to_column(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_out_copy_field(out, 0, in, 0);
    eddy_out_set_cstring(out, 1, eddy_row_kind_short(eddy_row_get_kind(in)));
    return eddy_out_set_kind(out, eddy_row_get_kind(in) == EDDY_UPDATE_BEFORE ? EDDY_DELETE : EDDY_INSERT);
}

TEST(row_kinds_in_callbacks) {
    setup(1);
    eddy_table *t = upsert_table();
    eddy_stream *s = eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_ALL);
    eddy_stream *m = eddy_stream_map(s, "ROW<name STRING, kind STRING>", kind_to_column, NULL, NULL);
    ASSERT_TEXT(collect_stream(m), "+I[bob, +I]\n-D[bob, -U]\n+I[bob, +U]\n+I[alice, +I]\n-D[alice, -U]\n+I[alice, +U]\n"
                                   "-D[alice, -U]\n+I[alice, +U]\n");
    teardown();
}

/* The deprecated toRetractStream: Tuple2<Boolean, Row> records, the flag
 * false for -U / -D, true for +I / +U. */
static eddy_status flag_and_kind(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    bool added = false;
    eddy_status rc = eddy_row_get_bool(in, 0, &added);
    if (rc) return rc;
    eddy_out_set_cstring(out, 0, added ? "add" : "retract");
    return eddy_out_set_cstring(out, 1, eddy_row_kind_short(eddy_row_get_kind(in)));
}

TEST(to_retract_stream) {
    setup(1);
    eddy_table *t = upsert_table();
    eddy_stream *s = eddy_tenv_to_retract_stream(tenv, t);
    ASSERT_STR_EQ(eddy_type_string(eddy_stream_type(s)),
                  "ROW<`f0` BOOLEAN NOT NULL, `f1` ROW<`f0` STRING NOT NULL, `f1` INT> NOT NULL>");
    ASSERT_TEXT(collect_stream(s), "+I[true, +I[bob, 0]]\n+I[false, +I[bob, 0]]\n+I[true, +I[bob, 1]]\n"
                                   "+I[true, +I[alice, 1]]\n+I[false, +I[alice, 1]]\n+I[true, +I[alice, 2]]\n"
                                   "+I[false, +I[alice, 2]]\n+I[true, +I[alice, 100]]\n");
    /* the flag read in a callback; the records themselves are inserts */
    eddy_stream *m = eddy_stream_map(eddy_tenv_to_retract_stream(tenv, eddy_tenv_sql_query(tenv, "SELECT f0, COUNT(*) FROM "
                                                                                                "(VALUES ('a'), ('a'), "
                                                                                                "('b')) AS T(f0) GROUP BY f0")),
                                     "ROW<flag STRING, kind STRING>", flag_and_kind, NULL, NULL);
    ASSERT_TEXT(collect_stream(m), "+I[add, +I]\n+I[retract, +I]\n+I[add, +I]\n+I[add, +I]\n");
    ASSERT_TRUE(!eddy_tenv_to_retract_stream(tenv, NULL));
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "to_retract_stream: the table is NULL.");
    teardown();
}

/* In batch mode a GROUP BY gives its final rows only: all added. */
TEST(to_retract_stream_batch) {
    env = new_env(1);
    tenv = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT f0, SUM(f1) FROM (VALUES ('a', 1), ('a', 2), ('b', 5)) AS T(f0, "
                                              "f1) GROUP BY f0");
    ASSERT_TEXT(sorted_lines(collect_stream(eddy_tenv_to_retract_stream(tenv, t))),
                "+I[true, +I[a, 3]]\n+I[true, +I[b, 5]]\n");
    teardown();
}

/* ---- errors -------------------------------------------------------------------------------- */

TEST(upsert_needs_a_primary_key) {
    setup(1);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", UPSERT_INPUT);
    eddy_table *t = eddy_tenv_from_changelog_stream(tenv, ds, NULL, EDDY_CHANGELOG_UPSERT);
    ASSERT_TEXT(table_rows(env, t),
                "ERROR: Table '*anonymous_datastream_source$1*' produces a changelog stream that contains UPDATE_AFTER "
                "but no UPDATE_BEFORE. This requires defining a primary key constraint on the table.");
    teardown();
}

TEST(insert_only_mode_rejects_other_kinds) {
    setup(1);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", "('bob', 0), -D('bob', 0)");
    eddy_table *t = eddy_tenv_from_changelog_stream(tenv, ds, NULL, EDDY_CHANGELOG_INSERT_ONLY);
    ASSERT_TEXT(table_rows(env, t),
                "ERROR: Error during input conversion. Conversion expects insert-only records but DataStream API record "
                "contains: DELETE");
    teardown();
}

TEST(to_datastream_refuses_updates) {
    setup(1);
    eddy_table *t = upsert_table();
    ASSERT_TRUE(!eddy_tenv_to_datastream(tenv, t));
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "Table sink '*anonymous_datastream_sink$1*' doesn't support consuming update and delete changes "
                     "which is produced by node ChangelogNormalize(key=[f0])");
    ASSERT_TRUE(!eddy_tenv_to_append_stream(tenv, t));
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "toAppendStream doesn't support consuming update and delete changes which is produced by node "
                     "ChangelogNormalize(key=[f0])");
    ASSERT_TRUE(!eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_INSERT_ONLY));
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "Table sink '*anonymous_datastream_sink$3*' doesn't support consuming update and delete changes "
                     "which is produced by node ChangelogNormalize(key=[f0])");
    ASSERT_TRUE(!eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_UPSERT));
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "the upsert changelog mode needs a primary key in the schema");
    teardown();
}

TEST(batch_mode_refuses_changelog_sources) {
    env = new_env(1);
    tenv = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    eddy_table *t = upsert_table();
    ASSERT_TEXT(table_rows(env, t),
                "ERROR: Querying a table in batch mode is currently only possible for INSERT-only table sources. But "
                "the source for table '*anonymous_datastream_source$1*' produces other changelog messages than just "
                "INSERT.");
    teardown();
}

/* Sinks: print and blackhole take every kind, the filesystem sink refuses updates. */
static void run_print_insert(void *arg) {
    (void)arg;
    eddy_result *r = eddy_tenv_execute_sql(tenv, "INSERT INTO out_print SELECT * FROM t");
    if (r) eddy_result_await(r);
    eddy_result_free(r);
}

TEST(print_and_insert_only_sinks) {
    setup(1);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view(tenv, "t", upsert_table()), EDDY_OK);
    ASSERT_TEXT(exec_sql(tenv, "CREATE TABLE out_print (f0 STRING, f1 INT) WITH ('connector' = 'print')"), "OK\n");
    ASSERT_TEXT(capture_stdout(run_print_insert, NULL),
                "+I[bob, 0]\n-U[bob, 0]\n+U[bob, 1]\n+I[alice, 1]\n-U[alice, 1]\n+U[alice, 2]\n-U[alice, 2]\n"
                "+U[alice, 100]\n");
    ASSERT_TEXT(exec_sql(tenv, "CREATE TABLE out_bh (f0 STRING, f1 INT) WITH ('connector' = 'blackhole')"), "OK\n");
    eddy_result *r = eddy_tenv_execute_sql(tenv, "INSERT INTO out_bh SELECT * FROM t");
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    eddy_result_free(r);
    ASSERT_TEXT(exec_sql(tenv, "CREATE TABLE out_fs (f0 STRING, f1 INT) WITH ('connector' = 'filesystem', "
                               "'path' = '/tmp/eddy-test-changelog-never-written', 'format' = 'csv')"),
                "OK\n");
    ASSERT_TEXT(exec_sql(tenv, "INSERT INTO out_fs SELECT * FROM t"),
                "ERROR: Table sink 'default_catalog.default_database.out_fs' doesn't support consuming update and "
                "delete changes which is produced by node ChangelogNormalize(key=[f0])");
    teardown();
}

/* The 'table' result mode: the changelog applied, the final rows printed. */
static void print_table_mode(void *arg) {
    (void)arg;
    eddy_result *r = eddy_tenv_execute_sql(tenv, "SELECT * FROM t");
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_TABLE};
    if (r) eddy_result_print_with(r, stdout, &o);
    eddy_result_free(r);
}

TEST(table_result_mode_materializes) {
    setup(1);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view(tenv, "t", upsert_table()), EDDY_OK);
    ASSERT_TEXT(capture_stdout(print_table_mode, NULL),
                "+-------+-----+\n|    f0 |  f1 |\n+-------+-----+\n|   bob |   1 |\n| alice | 100 |\n+-------+-----+\n"
                "2 rows in set\n");
    teardown();
}

/* eddy_verifier: final tables of both modes compared. */
TEST(verifier_compares_final_tables) {
    eddy_verifier *v = eddy_verifier_new(NULL);
    ASSERT_TRUE(v != NULL);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ASSERT_EQ_INT(eddy_verifier_run(v, "CREATE TEMPORARY VIEW w AS SELECT * FROM (VALUES ('a', 1), ('b', 2)) AS t(k, n)", "",
                                    f),
                  EDDY_VERIFY_STATEMENT);
    ASSERT_EQ_INT(eddy_verifier_run(v, "SELECT k, n * 10 FROM w WHERE n > 1", "q.sql:2", f), EDDY_VERIFY_SAME);
    ASSERT_EQ_INT(eddy_verifier_run(v, "SELECT k, UUID() FROM w", "q.sql:3", f), EDDY_VERIFY_DIFFER);
    ASSERT_EQ_INT(eddy_verifier_run(v, "SELECT * FROM nowhere", "q.sql:4", f), EDDY_VERIFY_NOT_VERIFIED);
    fclose(f);
    eddy_verify_counts c = eddy_verifier_counts(v);
    ASSERT_EQ_INT(c.queries, 3);
    ASSERT_EQ_INT(c.same, 1);
    ASSERT_EQ_INT(c.differ, 1);
    ASSERT_EQ_INT(c.not_verified, 1);
    eddy_verifier_free(v);
    ASSERT_STR_CONTAINS(text, "q.sql:2: same final table (1 row)\n");
    ASSERT_STR_CONTAINS(text, "q.sql:3: final tables differ (STREAMING 2 rows, BATCH 2 rows)\n  only in ");
    ASSERT_STR_CONTAINS(text, "  only in STREAMING: [b, ");
    ASSERT_STR_CONTAINS(text, "  only in BATCH:     [b, ");
    ASSERT_STR_CONTAINS(text, "q.sql:4: not verified: fails in BATCH mode: SQL validation failed.");
    free(text);
}

/* An upsert changelog's lines applied by key (the text up to the first ','):
 * the final rows, sorted, without kinds. */
static char *materialize_by_key(char *text) {
    char *keys[64], *rows[64];
    int n = 0;
    for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) {
        const char *body = l + 2;
        size_t klen = strcspn(body, ",]");
        int at = -1;
        for (int i = 0; i < n; i++)
            if (keys[i] && strlen(keys[i]) == klen && !strncmp(keys[i], body, klen)) at = i;
        if (l[0] == '-') {
            if (at >= 0) {
                free(keys[at]);
                free(rows[at]);
                keys[at] = rows[at] = NULL;
            }
            continue;
        }
        if (at < 0 && n < 64) at = n++;
        else if (at >= 0) {
            free(keys[at]);
            free(rows[at]);
        }
        if (at >= 0) {
            keys[at] = strndup(body, klen);
            rows[at] = strdup(body);
        }
    }
    Lines out = lines_empty();
    for (int i = 0; i < n; i++) {
        if (keys[i]) lines_add(&out, rows[i]);
        free(keys[i]);
        free(rows[i]);
    }
    free(text);
    return sorted_lines(out.text);
}

/* testMultiChangelogStreamUpsert: left joins of insert-only and upsert
 * tables into an upsert stream keyed by pk: the SinkUpsertMaterializer
 * keeps the rows alive per key; materialized, Flink's two rows. */
TEST(multi_changelog_stream_upsert) {
    setup(4);
    eddy_stream *d1 = eddy_from_values(env, "ROW<pk INT NOT NULL, x STRING>", "(1, '1'), (2, '2')");
    eddy_stream *d2 = eddy_from_values(env, "ROW<pk INT NOT NULL, y STRING, some_value DOUBLE>",
                                       "(1, 'A', 1.0), (2, 'B', 2.0), +U(1, 'A', 1.1), +U(2, 'B', 2.1)");
    eddy_stream *d3 = eddy_from_values(env, "ROW<pk1 STRING NOT NULL, pk2 STRING NOT NULL, some_other_value DOUBLE>",
                                       "('1', 'A', 10.0), ('1', 'B', 11.0)");
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view_from_changelog_stream(
                      tenv, "T1", d1, eddy_schema_primary_key(eddy_schema_new(env), "pk", NULL), EDDY_CHANGELOG_INSERT_ONLY),
                  EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view_from_changelog_stream(
                      tenv, "T2", d2, eddy_schema_primary_key(eddy_schema_new(env), "pk", NULL), EDDY_CHANGELOG_UPSERT),
                  EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view_from_changelog_stream(
                      tenv, "T3", d3, eddy_schema_primary_key(eddy_schema_new(env), "pk1", "pk2", NULL),
                      EDDY_CHANGELOG_INSERT_ONLY),
                  EDDY_OK);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT T1.pk, T2.some_value * T3.some_other_value, T3.pk1, T3.pk2 FROM T1 "
                                              "LEFT JOIN T2 ON T1.pk = T2.pk LEFT JOIN T3 ON T1.x = T3.pk1 AND T2.y = T3.pk2");
    eddy_stream *s = eddy_tenv_to_changelog_stream(tenv, t, eddy_schema_primary_key(eddy_schema_new(env), "pk", NULL),
                                                   EDDY_CHANGELOG_UPSERT);
    ASSERT_TRUE(s != NULL);
    ASSERT_TEXT(materialize_by_key(collect_stream(s)), "[1, 11.0, 1, A]\n[2, null, null, null]\n");
    teardown();
}

int main(void) {
    RUN(from_changelog_stream_all_kinds);
    RUN(from_changelog_stream_upsert);
    RUN(from_changelog_stream_upsert_parallel);
    RUN(upsert_delete_sends_the_stored_row);
    RUN(from_and_to_changelog_stream_upsert);
    RUN(to_changelog_stream_all);
    RUN(drop_update_before);
    RUN(to_changelog_stream_schema_casts);
    RUN(row_kinds_in_callbacks);
    RUN(to_retract_stream);
    RUN(to_retract_stream_batch);
    RUN(upsert_needs_a_primary_key);
    RUN(insert_only_mode_rejects_other_kinds);
    RUN(to_datastream_refuses_updates);
    RUN(batch_mode_refuses_changelog_sources);
    RUN(print_and_insert_only_sinks);
    RUN(table_result_mode_materializes);
    RUN(verifier_compares_final_tables);
    RUN(multi_changelog_stream_upsert);
    return test_report();
}
