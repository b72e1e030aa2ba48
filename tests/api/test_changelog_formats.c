/*
 * test_changelog_formats.c -- debezium-json, canal-json and maxwell-json on
 * the filesystem connector through the C API, with batches of two rows so
 * that the rows of one message (a canal update of three rows makes six)
 * span batches: the row kinds read, the before-images canal and maxwell
 * build from "old", the json options under each format's prefix
 * (timestamp-format.standard, encode.decimal-as-plain-number,
 * map-null-key.*, encode.ignore-null-fields), ignore-parse-errors counting
 * what it skips, a changelog written and read back in each format, and a
 * restore from checkpoints taken between two batches that split a message.
 */
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "fs_check.h"

typedef struct Fx {
    eddy_env *env;
    eddy_tenv *t;
    char *dir;
    char sql[8192];
} Fx;

static Fx fx_new(void) {
    Fx fx = {0};
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .batch_size = 2};
    fx.env = eddy_env_new(&cfg);
    fx.t = eddy_tenv_new_in_mode(fx.env, EDDY_STREAMING);
    fx.dir = tmpdir();
    return fx;
}

static void fx_free(Fx *fx) {
    eddy_env_free(fx->env);
    rmtree(fx->dir);
    free(fx->dir);
}

static char *create(Fx *fx, const char *name, const char *cols, const char *more) {
    snprintf(fx->sql, sizeof fx->sql, "CREATE TABLE %s (%s) WITH ('connector' = 'filesystem', 'path' = '%s/%s', %s)",
             name, cols, fx->dir, name, more);
    return run(fx->t, fx->sql);
}

static char *undir(Fx *fx, char *s) {
    size_t dl = strlen(fx->dir);
    for (char *p = strstr(s, fx->dir); p; p = strstr(p, fx->dir)) {
        memcpy(p, "DIR", 3);
        memmove(p + 3, p + dl, strlen(p + dl) + 1);
    }
    return s;
}

TEST(canal_rows_of_one_message_span_batches) {
    Fx fx = fx_new();
    ASSERT_TEXT(create(&fx, "c", "id INT, name STRING, w DOUBLE", "'format' = 'canal-json'"), "OK");
    write_file(fx.dir, "c/m.json",
               "{\"data\":[{\"id\":1,\"name\":\"a\",\"w\":1.5},{\"id\":2,\"name\":\"b\",\"w\":2.5},{\"id\":3,\"name\":"
               "\"c\",\"w\":3.5}],\"type\":\"INSERT\"}\n"
               "{\"data\":[{\"id\":1,\"name\":\"A\",\"w\":1.5},{\"id\":2,\"name\":\"b\",\"w\":20},{\"id\":3,\"name\":"
               "\"C\",\"w\":30}],\"old\":[{\"name\":\"a\"},{\"w\":2.5},{\"name\":\"c\",\"w\":null}],\"type\":"
               "\"UPDATE\"}\n"
               "{\"data\":[],\"type\":\"DELETE\"}\n"
               "{\"data\":[{\"id\":2,\"name\":\"b\",\"w\":20}],\"type\":\"DELETE\"}\n");
    /* a field named in any "old" element is taken from "old" (null when
     * that element lacks it: Jackson's findValue looks at all of "old") */
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM c"),
                "+I[1, a, 1.5]\n+I[2, b, 2.5]\n+I[3, c, 3.5]\n"
                "-U[1, a, null]\n+U[1, A, 1.5]\n-U[2, null, 2.5]\n+U[2, b, 20.0]\n-U[3, c, null]\n+U[3, C, 30.0]\n"
                "-D[2, b, 20.0]\n");
    ASSERT_TEXT(rows(fx.t, "SELECT COUNT(*), SUM(id) FROM c"),
                "+I[1, 1]\n-U[1, 1]\n+U[2, 3]\n-U[2, 3]\n+U[3, 6]\n-U[3, 6]\n+U[2, 5]\n-U[2, 5]\n+U[3, 6]\n"
                "-U[3, 6]\n+U[2, 4]\n-U[2, 4]\n+U[3, 6]\n-U[3, 6]\n+U[2, 3]\n-U[2, 3]\n+U[3, 6]\n-U[3, 6]\n+U[2, 4]\n");
    fx_free(&fx);
}

TEST(maxwell_update_fills_before_from_data) {
    Fx fx = fx_new();
    ASSERT_TEXT(create(&fx, "m", "id INT, name STRING, w DOUBLE", "'format' = 'maxwell-json'"), "OK");
    write_file(fx.dir, "m/m.json",
               "{\"type\":\"insert\",\"data\":{\"id\":1,\"name\":\"a\",\"w\":1}}\n"
               "{\"type\":\"update\",\"data\":{\"id\":1,\"name\":\"a\",\"w\":2},\"old\":{\"w\":1}}\n"
               "{\"type\":\"update\",\"data\":{\"id\":1,\"name\":\"b\",\"w\":2},\"old\":{\"name\":null}}\n"
               "{\"type\":\"delete\",\"data\":{\"id\":1,\"name\":\"b\",\"w\":2}}\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM m"),
                "+I[1, a, 1.0]\n-U[1, a, 1.0]\n+U[1, a, 2.0]\n-U[1, null, 2.0]\n+U[1, b, 2.0]\n-D[1, b, 2.0]\n");
    fx_free(&fx);
}

TEST(json_options_under_the_format_prefix) {
    Fx fx = fx_new();
    ASSERT_TEXT(create(&fx, "iso", "id INT, ts TIMESTAMP(3)",
                       "'format' = 'debezium-json', 'debezium-json.timestamp-format.standard' = 'ISO-8601'"),
                "OK");
    write_file(fx.dir, "iso/m.json", "{\"before\":null,\"after\":{\"id\":1,\"ts\":\"2020-05-13T09:32:10.904\"},\"op\":\"c\"}\n");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM iso"), "+I[1, 2020-05-13T09:32:10.904]\n");
    ASSERT_TEXT(create(&fx, "sqlts", "id INT, ts TIMESTAMP(3)", "'format' = 'debezium-json'"), "OK");
    write_file(fx.dir, "sqlts/m.json", "{\"before\":null,\"after\":{\"id\":1,\"ts\":\"2020-05-13T09:32:10.904\"},\"op\":\"c\"}\n");
    ASSERT_TEXT(undir(&fx, rows(fx.t, "SELECT * FROM sqlts")),
                "ERROR: DIR/sqlts/m.json:1: Corrupt Debezium JSON message "
                "'{\"before\":null,\"after\":{\"id\":1,\"ts\":\"2020-05-13T09:32:10.904\"},\"op\":\"c\"}'.\n"
                "Caused by: Failed to deserialize JSON "
                "'{\"before\":null,\"after\":{\"id\":1,\"ts\":\"2020-05-13T09:32:10.904\"},\"op\":\"c\"}': Text "
                "'2020-05-13T09:32:10.904' could not be parsed at index 10");
    ASSERT_TEXT(create(&fx, "bad", "id INT", "'format' = 'canal-json', 'canal-json.timestamp-format.standard' = 'X'"),
                "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT * FROM bad"),
                "ERROR: Unsupported value 'X' for timestamp-format.standard. Supported values are [SQL, ISO-8601].");
    ASSERT_TEXT(create(&fx, "typo", "id INT", "'format' = 'maxwell-json', 'maxwell-json.schema-include' = 'true'"), "OK");
    char *e = rows(fx.t, "SELECT * FROM typo");
    ASSERT_TEXT(strdup(strstr(e, "Unsupported options found for 'filesystem'.") ? "found" : e), "found");
    free(e);
    /* writing: decimals plain, null fields left out, null map keys as a literal */
    ASSERT_TEXT(create(&fx, "written", "d DECIMAL(10, 2), s STRING, m MAP<STRING, INT>",
                       "'format' = 'debezium-json', 'debezium-json.encode.decimal-as-plain-number' = 'true', "
                       "'debezium-json.encode.ignore-null-fields' = 'true', 'debezium-json.map-null-key.mode' = "
                       "'LITERAL', 'debezium-json.map-null-key.literal' = 'nil'"),
                "OK");
    RUN_OK(fx.t, "INSERT INTO written VALUES (100.00, CAST(NULL AS STRING), MAP[CAST(NULL AS STRING), 1])");
    snprintf(fx.sql, sizeof fx.sql, "%s/written", fx.dir);
    ASSERT_TEXT(tree(fx.sql, false, true),
                "part-*-0-0:\n{\"after\":{\"d\":100,\"m\":{\"nil\":1}},\"op\":\"c\"}\n");
    fx_free(&fx);
}

TEST(ignore_parse_errors_counts_the_messages_it_skips) {
    Fx fx = fx_new();
    ASSERT_TEXT(create(&fx, "d", "id INT", "'format' = 'debezium-json', 'debezium-json.ignore-parse-errors' = 'true'"),
                "OK");
    write_file(fx.dir, "d/m.json",
               "{\"before\":null,\"after\":{\"id\":1},\"op\":\"c\"}\n"
               "not json\n"
               "{\"before\":null,\"after\":null,\"op\":\"d\"}\n"
               "{\"before\":{\"id\":1},\"after\":{\"id\":2},\"op\":\"u\"}\n"
               "{\"before\":null,\"after\":{\"id\":3},\"op\":\"?\"}\n"
               "\n"
               "null\n");
    char *mal = NULL;
    ASSERT_TEXT(rows_m(fx.t, "SELECT * FROM d", &mal), "+I[1]\n-U[1]\n+U[2]\n");
    /* an unknown op is dropped without a word, as Flink drops it; a blank
     * line is a tombstone, a JSON null a corrupt message */
    ASSERT_TEXT(undir(&fx, mal),
                "3\n3 malformed records in DIR/d/m.json (3 skipped); first at line 2: "
                "Corrupt Debezium JSON message 'not json'.\nCaused by: Failed to deserialize JSON 'not json': "
                "Unrecognized token 'not': was expecting (JSON String, Number, Array, Object or token 'null', "
                "'true' or 'false') (column 1)\n");
    fx_free(&fx);
}

TEST(each_format_writes_a_changelog_it_reads_back) {
    static const char *const fmts[] = {"debezium-json", "canal-json", "maxwell-json"};
    for (int i = 0; i < 3; i++) {
        Fx fx = fx_new();
        char opts[128];
        snprintf(opts, sizeof opts, "'format' = '%s'", fmts[i]);
        ASSERT_TEXT(create(&fx, "src", "k STRING, v INT", "'format' = 'debezium-json'"), "OK");
        write_file(fx.dir, "src/m.json",
                   "{\"before\":null,\"after\":{\"k\":\"a\",\"v\":1},\"op\":\"c\"}\n"
                   "{\"before\":null,\"after\":{\"k\":\"a\",\"v\":2},\"op\":\"c\"}\n"
                   "{\"before\":{\"k\":\"a\",\"v\":1},\"after\":{\"k\":\"b\",\"v\":1},\"op\":\"u\"}\n");
        ASSERT_TEXT(create(&fx, "sink", "k STRING, total INT", opts), "OK");
        RUN_OK(fx.t, "INSERT INTO sink SELECT k, SUM(v) FROM src GROUP BY k");
        /* -U is written as a delete, +U as an insert */
        ASSERT_TEXT(rows(fx.t, "SELECT * FROM sink"), "+I[a, 1]\n-D[a, 1]\n+I[a, 3]\n-D[a, 3]\n+I[a, 2]\n+I[b, 1]\n");
        ASSERT_TEXT(rows(fx.t, "SELECT k, SUM(total) FROM sink GROUP BY k"),
                    "+I[a, 1]\n-D[a, 1]\n+I[a, 3]\n-D[a, 3]\n+I[a, 2]\n+I[b, 1]\n");
        fx_free(&fx);
    }
}

/* The newest completed checkpoint under dir/<job id>/ (NULL: none yet). */
static char *latest_checkpoint(const char *dir) { return find_checkpoint(dir, 1, true, NULL); }

/* Canal messages of three rows read in batches of two: most checkpoints
 * fall inside a message. A run writing an exactly-once filesystem table
 * with checkpoints every millisecond is killed (SIGKILL) after its first
 * checkpoint, then restored from its newest one, three times over: the
 * table ends with every row once (a restore inside a message used to
 * emit that message's earlier rows again). */
TEST(restore_inside_a_multi_row_message) {
    Fx fx = fx_new();
    ASSERT_TEXT(create(&fx, "c", "id INT", "'format' = 'canal-json'"), "OK");
    ASSERT_TEXT(create(&fx, "o", "id INT", "'format' = 'canal-json'"), "OK");
    enum { MSG = 64 };
    char *msgs = malloc(3000 * MSG + 1), *at = msgs;
    for (int m = 0; m < 3000; m++)
        at += snprintf(at, MSG, "{\"data\":[{\"id\":%d},{\"id\":%d},{\"id\":%d}],\"type\":\"INSERT\"}\n", 3 * m + 1,
                       3 * m + 2, 3 * m + 3);
    write_file(fx.dir, "c/m.json", msgs);
    free(msgs);
    char ck[8192], ckset[8300];
    snprintf(ck, sizeof ck, "%s/ck", fx.dir);
    snprintf(ckset, sizeof ckset, "SET 'execution.checkpointing.dir' = '%s'", ck);
    int killed = 0;
    for (int round = 0; round < 3; round++) {
        char *chk = latest_checkpoint(ck);
        fflush(NULL);
        pid_t child = fork();
        if (child == 0) {
            free(run(fx.t, "SET 'execution.checkpointing.interval' = '1 ms'"));
            free(run(fx.t, ckset));
            if (chk) {
                snprintf(fx.sql, sizeof fx.sql, "SET 'execution.state-recovery.path' = '%s'", chk);
                free(run(fx.t, fx.sql));
            }
            char *r = run(fx.t, "INSERT INTO o SELECT id FROM c");
            _exit(strcmp(r, "OK") ? 2 : 0);
        }
        /* kill it once it has made a few checkpoints (the first comes
         * before it has read anything) */
        long from = chk ? atol(strrchr(chk, '-') + 1) : 0;
        for (int tries = 0; tries < 4000; tries++) {
            char *now = latest_checkpoint(ck);
            bool newer = now && atol(strrchr(now, '-') + 1) >= from + 4 + round;
            free(now);
            if (newer || waitpid(child, NULL, WNOHANG) == child) break;
            nanosleep(&(struct timespec){0, 1000000}, NULL);
        }
        killed += kill(child, SIGKILL) == 0;
        waitpid(child, NULL, 0);
        free(chk);
    }
    ASSERT_TRUE(killed > 0);
    /* the last run, restored, to its end */
    char *chk = latest_checkpoint(ck);
    ASSERT_TRUE(chk != NULL);
    snprintf(fx.sql, sizeof fx.sql, "SET 'execution.state-recovery.path' = '%s'", chk);
    free(chk);
    ASSERT_TEXT(run(fx.t, fx.sql), "OK");
    ASSERT_TEXT(run(fx.t, "INSERT INTO o SELECT id FROM c"), "OK");
    ASSERT_TEXT(run(fx.t, "RESET 'execution.state-recovery.path'"), "OK");
    /* the messages written, one per row, read as lines */
    ASSERT_TEXT(run(fx.t, "SET 'execution.runtime-mode' = 'batch'"), "OK");
    snprintf(fx.sql, sizeof fx.sql,
             "CREATE TABLE lines (l STRING) WITH ('connector' = 'filesystem', 'path' = '%s/o', 'format' = 'raw')", fx.dir);
    ASSERT_TEXT(run(fx.t, fx.sql), "OK");
    ASSERT_TEXT(rows(fx.t, "SELECT COUNT(*), COUNT(DISTINCT l), MIN(CHAR_LENGTH(l)) FROM lines"), "+I[9000, 9000, 35]\n");
    fx_free(&fx);
}

int main(void) {
    RUN(canal_rows_of_one_message_span_batches);
    RUN(maxwell_update_fills_before_from_data);
    RUN(json_options_under_the_format_prefix);
    RUN(ignore_parse_errors_counts_the_messages_it_skips);
    RUN(each_format_writes_a_changelog_it_reads_back);
    RUN(restore_inside_a_multi_row_message);
    return test_report();
}
