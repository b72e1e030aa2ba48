/*
 * test_connectors.c -- the datagen, print and blackhole connectors through
 * SQL: every option, boundedness, the split of rows and sequences over
 * parallel subtasks, and the option errors.
 */
#include "check.h"

/* The rows of a statement as Row.toString lines, "OK", or "ERROR: <message>". */
static char *rows(eddy_tenv *t, const char *sql) { return exec_sql(t, sql); }

#define EXEC(t, s) ASSERT_TEXT(rows((t), (s)), "OK\n")

TEST(datagen_sequences) {
    for (int p = 1; p <= 4; p++) {
        eddy_env *env = new_env(p);
        eddy_tenv *t = eddy_tenv_new(env);
        /* a sequence ends the source; number-of-rows and the sequence agree at every parallelism */
        EXEC(t, "CREATE TABLE s (id INT, name STRING, d DECIMAL(5, 2), x DOUBLE) WITH ('connector' = 'datagen', "
                "'number-of-rows' = '5', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = "
                "'5', 'fields.name.kind' = 'sequence', 'fields.name.start' = '11', 'fields.name.end' = '15', "
                "'fields.d.kind' = 'sequence', 'fields.d.start' = '21', 'fields.d.end' = '25', 'fields.x.kind' = "
                "'sequence', 'fields.x.start' = '31', 'fields.x.end' = '35')");
        ASSERT_TEXT(sorted_lines(rows(t, "SELECT * FROM s")),
                    "+I[1, 11, 21.00, 31.0]\n+I[2, 12, 22.00, 32.0]\n+I[3, 13, 23.00, 33.0]\n+I[4, 14, 24.00, 34.0]\n"
                    "+I[5, 15, 25.00, 35.0]\n");
        /* every field a sequence: bounded without number-of-rows */
        EXEC(t, "CREATE TABLE q (id BIGINT) WITH ('connector' = 'datagen', 'fields.id.kind' = 'sequence', "
                "'fields.id.start' = '-2', 'fields.id.end' = '7')");
        ASSERT_TEXT(sorted_lines(rows(t, "SELECT id FROM q")),
                    "+I[-1]\n+I[-2]\n+I[0]\n+I[1]\n+I[2]\n+I[3]\n+I[4]\n+I[5]\n+I[6]\n+I[7]\n");
        /* number-of-rows below the sequence's length stops first */
        ASSERT_TEXT(sorted_lines(rows(t, "SELECT id FROM q /*+ OPTIONS('number-of-rows' = '10') */")),
                    "+I[-1]\n+I[-2]\n+I[0]\n+I[1]\n+I[2]\n+I[3]\n+I[4]\n+I[5]\n+I[6]\n+I[7]\n");
        eddy_env_free(env);
    }
}

TEST(datagen_random) {
    eddy_env *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC(t, "CREATE TABLE r (i INT, b BIGINT, s STRING, v VARCHAR(5), d DOUBLE, n INT, ts TIMESTAMP(3), "
            "a ARRAY<INT>) WITH ('connector' = 'datagen', 'number-of-rows' = '200', 'rows-per-second' = '100000', "
            "'fields.i.min' = '3', 'fields.i.max' = '4', 'fields.b.min' = '-1', 'fields.b.max' = '-1', "
            "'fields.s.length' = '7', 'fields.d.min' = '0.5', 'fields.d.max' = '0.75', 'fields.n.null-rate' = '1.0', "
            "'fields.ts.max-past' = '5 s', 'fields.a.length' = '2')");
    ASSERT_TEXT(rows(t, "SELECT i BETWEEN 3 AND 4 AND b = -1 AND CHAR_LENGTH(s) = 7 AND CHAR_LENGTH(v) = 5 "
                        "AND d >= 0.5 AND d <= 0.75 AND n IS NULL AND CARDINALITY(a) = 2 AND ts IS NOT NULL AS ok "
                        "FROM r WHERE NOT (i BETWEEN 3 AND 4 AND b = -1 AND CHAR_LENGTH(s) = 7 AND CHAR_LENGTH(v) = 5 "
                        "AND d >= 0.5 AND d <= 0.75 AND n IS NULL AND CARDINALITY(a) = 2 AND ts IS NOT NULL)"),
                "");
    char *all = rows(t, "SELECT i FROM r");
    int n = count_lines(all);
    free(all);
    ASSERT_EQ_INT(n, 200);
    eddy_env_free(env);
}

TEST(datagen_errors) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC(t, "CREATE TABLE e1 (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'sequence', 'fields.a.start' = "
            "'1')");
    ASSERT_TEXT(rows(t, "SELECT * FROM e1"),
                "ERROR: Could not find required property 'fields.a.end' for sequence generator.");
    EXEC(t, "CREATE TABLE e2 (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'incremental')");
    ASSERT_TEXT(rows(t, "SELECT * FROM e2"), "ERROR: Unsupported generator kind: incremental");
    EXEC(t, "CREATE TABLE e3 (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = 'many')");
    ASSERT_TEXT(rows(t, "SELECT * FROM e3"), "ERROR: Could not parse value 'many' for key 'number-of-rows'.");
    EXEC(t, "CREATE TABLE e4 (a INT) WITH ('connector' = 'datagen', 'fields.b.kind' = 'random')");
    char *got = rows(t, "SELECT * FROM e4");
    ASSERT_STR_CONTAINS(got, "ERROR: Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nfields.b.kind");
    free(got);
    EXEC(t, "CREATE TABLE e5 (a INT) WITH ('connector' = 'datagen', 'bogus' = '1')");
    got = rows(t, "SELECT * FROM e5");
    ASSERT_STR_CONTAINS(got, "ERROR: Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nbogus\n\n"
                             "Supported options:\n\n");
    free(got);
    EXEC(t, "CREATE TABLE e6 (a TIMESTAMP(3)) WITH ('connector' = 'datagen', 'fields.a.kind' = 'sequence', "
            "'fields.a.start' = '1', 'fields.a.end' = '2')");
    ASSERT_TEXT(rows(t, "SELECT * FROM e6"), "ERROR: Unsupported type: TIMESTAMP(3)");
    EXEC(t, "CREATE TABLE e7 (a INT) WITH ('connector' = 'datagen', 'fields.a.null-rate' = '2')");
    ASSERT_TEXT(rows(t, "SELECT * FROM e7"), "ERROR: Could not parse value '2' for key 'fields.a.null-rate'.");
    EXEC(t, "CREATE TABLE e8 (a INT) WITH ('connector' = 'nosuch')");
    got = rows(t, "SELECT * FROM e8");
    ASSERT_STR_CONTAINS(got, "ERROR: Could not find any factory for identifier 'nosuch'");
    free(got);
    EXEC(t, "CREATE TABLE e9 (a INT)");
    got = rows(t, "SELECT * FROM e9");
    ASSERT_STR_CONTAINS(got, "'connector'");
    free(got);
    /* an unbounded source in batch mode */
    EXEC(t, "SET 'execution.runtime-mode' = 'batch'");
    EXEC(t, "CREATE TABLE u (a INT) WITH ('connector' = 'datagen')");
    got = rows(t, "SELECT * FROM u");
    ASSERT_STR_CONTAINS(got, "ERROR: ");
    ASSERT_STR_CONTAINS(got, "unbounded");
    free(got);
    eddy_env_free(env);
}

/* ---- print and blackhole ------------------------------------------------------------------ */

typedef struct Job {
    eddy_tenv *t;
    const char *sql;
    eddy_status rc;
} Job;

static void run_insert(void *arg) {
    Job *j = arg;
    eddy_result *r = eddy_tenv_execute_sql(j->t, j->sql);
    j->rc = r ? eddy_result_await(r) : eddy_env_errcode(eddy_tenv_env(j->t));
    eddy_result_free(r);
}

typedef struct Both {
    Job *job;
    char *err;
} Both;

static void run_capturing_stderr(void *arg) {
    Both *b = arg;
    b->err = capture_stderr(run_insert, b->job);
}

TEST(print_and_blackhole) {
    eddy_env *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC(t, "CREATE TABLE src (a INT, s STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '4', "
            "'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '4', 'fields.s.length' = '2')");
    EXEC(t, "CREATE TABLE p1 (a INT) WITH ('connector' = 'print', 'sink.parallelism' = '1')");
    EXEC(t, "CREATE TABLE p2 (a INT) WITH ('connector' = 'print', 'print-identifier' = 'id', 'sink.parallelism' = "
            "'1')");
    EXEC(t, "CREATE TABLE p3 (a INT) WITH ('connector' = 'print', 'print-identifier' = 'id')");
    EXEC(t, "CREATE TABLE p4 (a INT) WITH ('connector' = 'print', 'standard-error' = 'true', 'sink.parallelism' = "
            "'1')");
    EXEC(t, "CREATE TABLE p5 (a INT, b INT) WITH ('connector' = 'print', 'sink.parallelism' = '2')");
    EXEC(t, "CREATE TABLE bh (a INT, s STRING) WITH ('connector' = 'blackhole')");
    Job j = {t, "INSERT INTO p1 SELECT a FROM src", 0};
    ASSERT_TEXT(sorted_lines(capture_stdout(run_insert, &j)), "+I[1]\n+I[2]\n+I[3]\n+I[4]\n");
    ASSERT_EQ_INT(j.rc, EDDY_OK);
    j.sql = "INSERT INTO p2 SELECT a FROM src";
    ASSERT_TEXT(sorted_lines(capture_stdout(run_insert, &j)), "id> +I[1]\nid> +I[2]\nid> +I[3]\nid> +I[4]\n");
    /* a parallel print sink prefixes the subtask (1-based) */
    j.sql = "INSERT INTO p3 SELECT a FROM src";
    char *out = sorted_lines(capture_stdout(run_insert, &j));
    ASSERT_EQ_INT(count_lines(out), 4);
    ASSERT_TRUE(strncmp(out, "id:1> +I[", 9) == 0 || strncmp(out, "id:2> +I[", 9) == 0);
    free(out);
    /* standard-error: everything on stderr, nothing on stdout */
    j.sql = "INSERT INTO p4 SELECT a FROM src";
    Both bo = {&j, NULL};
    ASSERT_TEXT(capture_stdout(run_capturing_stderr, &bo), "");
    ASSERT_TEXT(sorted_lines(bo.err), "+I[1]\n+I[2]\n+I[3]\n+I[4]\n");
    j.sql = "INSERT INTO bh SELECT * FROM src";
    ASSERT_TEXT(capture_stdout(run_insert, &j), "");
    ASSERT_EQ_INT(j.rc, EDDY_OK);
    /* errors */
    EXEC(t, "CREATE TABLE pb (a INT) WITH ('connector' = 'print', 'standard-error' = 'maybe')");
    ASSERT_TEXT(rows(t, "INSERT INTO pb SELECT 1"), "ERROR: Could not parse value 'maybe' for key 'standard-error'.");
    EXEC(t, "CREATE TABLE pc (a INT) WITH ('connector' = 'print', 'path' = '/tmp')");
    char *got = rows(t, "INSERT INTO pc SELECT 1");
    ASSERT_STR_CONTAINS(got, "ERROR: Unsupported options found for 'print'.\n\nUnsupported options:\n\npath\n\n"
                             "Supported options:\n\nconnector\nprint-identifier\nsink.parallelism\nstandard-error");
    free(got);
    ASSERT_TEXT(rows(t, "SELECT * FROM p1"),
                "ERROR: Connector 'print' can only be used as a sink. It cannot be used as a source.");
    ASSERT_TEXT(rows(t, "SELECT * FROM bh"),
                "ERROR: Connector 'blackhole' can only be used as a sink. It cannot be used as a source.");
    eddy_env_free(env);
}

int main(void) {
    RUN(datagen_sequences);
    RUN(datagen_random);
    RUN(datagen_errors);
    RUN(print_and_blackhole);
    return test_report();
}
