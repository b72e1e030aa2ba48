/*
 * test_checkpoint.c -- checkpoints and restore as a user drives them: a
 * keyed aggregation over a paced datagen sequence (parallelism 2, so the
 * aggregation aligns barriers from two channels) runs with checkpoints
 * every 50 ms in a forked child, which is killed with SIGKILL once a
 * checkpoint is complete; the same query restored from that checkpoint in
 * this process ends with exactly the final table of an uninterrupted run.
 * Also: Flink's layout on disk, the options' errors, the state
 * compatibility check and a damaged checkpoint.
 */
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "fs_check.h"

/* the final table of the query over ids 1..3000 */
#define FINAL "[0, 901500, 600]\n[1, 899100, 600]\n[2, 899700, 600]\n[3, 900300, 600]\n[4, 900900, 600]\n"

static const char *DDL =
    "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '3000', "
    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000')";
/* the same rows, slower: a job that runs for 5 s */
static const char *SLOW_DDL =
    "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '600', "
    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000')";
static const char *QUERY = "SELECT id % 5 AS k, SUM(id) AS s, COUNT(*) AS c FROM src GROUP BY id % 5";

static eddy_tenv *new_tenv(eddy_env **env) {
    *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, EDDY_STREAMING);
    char *r = run(t, DDL);
    if (strcmp(r, "OK")) fprintf(stderr, "DDL: %s\n", r);
    free(r);
    return t;
}

static void set(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) fprintf(stderr, "SET %s failed\n", k);
}

static void checkpointed_run(const char *dir) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    set(t, "execution.checkpointing.interval", "50 ms");
    set(t, "state.checkpoints.dir", dir); /* Flink's older name */
    /* the checkpoint the parent found stays while it kills this run */
    set(t, "execution.checkpointing.num-retained", "3");
    free(rows(t, QUERY));
}

TEST(kill_and_restore_equals_uninterrupted) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    char *plain = rows(t, QUERY);
    char *expected = final_table(plain);
    free(plain);
    ASSERT_STR_EQ(expected, FINAL);
    eddy_env_free(env);

    char *dir = tmpdir();
    bool killed;
    char *chk = kill_after_checkpoint(dir, 1, checkpointed_run, &killed);
    ASSERT_TRUE(chk != NULL);
    ASSERT_TRUE(killed); /* before it finished */

    t = new_tenv(&env);
    set(t, "execution.state-recovery.path", chk);
    char *log = rows(t, QUERY);
    char *got = final_table(log);
    ASSERT_STR_EQ(got, expected);
    /* the restored run does not start over: key 1's first row is not
     * emitted again */
    ASSERT_FALSE(strstr(log, "+I[1, 1, 1]") != NULL);
    eddy_env_free(env);
    free(log), free(got), free(expected), free(chk);
    rmtree(dir);
    free(dir);
}

/* A bounded run with checkpoints: Flink's layout, the retained count. */
TEST(layout_and_retention) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    set(t, "execution.checkpointing.interval", "20 ms");
    set(t, "execution.checkpointing.dir", dir);
    set(t, "execution.checkpointing.num-retained", "2");
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "execution.checkpointing.num-retained"), "2");
    char *log = rows(t, QUERY);
    char *got = final_table(log);
    free(log);
    ASSERT_STR_EQ(got, FINAL);
    free(got);
    eddy_env_free(env);
    /* one job directory with at most two completed checkpoints, no temp files */
    DIR *d = opendir(dir);
    struct dirent *e;
    int jobs = 0, chks = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        jobs++;
        ASSERT_EQ_INT(strlen(e->d_name), 32);
        char job[4096];
        snprintf(job, sizeof job, "%s/%s", dir, e->d_name);
        DIR *j = opendir(job);
        struct dirent *c;
        while ((c = readdir(j))) {
            if (c->d_name[0] == '.') continue;
            ASSERT_TRUE(strncmp(c->d_name, "chk-", 4) == 0);
            char meta[8192];
            struct stat st;
            snprintf(meta, sizeof meta, "%s/%s/_metadata", job, c->d_name);
            ASSERT_TRUE(stat(meta, &st) == 0);
            snprintf(meta, sizeof meta, "%s/%s/_metadata.tmp", job, c->d_name);
            ASSERT_FALSE(stat(meta, &st) == 0);
            chks++;
        }
        closedir(j);
    }
    closedir(d);
    ASSERT_EQ_INT(jobs, 1);
    ASSERT_TRUE(chks >= 1 && chks <= 2);
    rmtree(dir);
    free(dir);
}

TEST(option_errors) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.checkpointing.interval", "soon"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env), "ERROR: Could not parse value 'soon' for key 'execution.checkpointing.interval'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.checkpointing.num-retained", "0"), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env), "ERROR: Could not parse value '0' for key 'execution.checkpointing.num-retained'.");
    ASSERT_TRUE(eddy_option_is_known("execution.savepoint.path"));
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "restart-strategy.type", "none"), EDDY_OK);
    set(t, "execution.checkpointing.interval", "1 s");
    ASSERT_TEXT(rows(t, QUERY),
                "ERROR: not supported yet: checkpoints without a checkpoint directory (execution.checkpointing.interval "
                "is set, execution.checkpointing.dir is not)");
    eddy_env_free(env);
}

/* Restoring a checkpoint into a changed program: the state compatibility
 * check names the operator, its uid and the state that changed; a damaged
 * checkpoint names the file. */
TEST(incompatible_and_damaged) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    set(t, "execution.checkpointing.interval", "20 ms");
    set(t, "execution.checkpointing.dir", dir);
    free(rows(t, QUERY));
    eddy_env_free(env);
    char *chk = wait_for_checkpoint(dir, 1);
    ASSERT_TRUE(chk != NULL);

    t = new_tenv(&env);
    set(t, "execution.savepoint.path", chk); /* Flink's older name */
    /* the same graph with one aggregate less: same uids, other state */
    char *err = rows(t, "SELECT id % 5 AS k, COUNT(*) AS c FROM src GROUP BY id % 5");
    ASSERT_STR_CONTAINS(err, "ERROR: State 'groupagg' of operator 'GroupAggregate' (uid ");
    ASSERT_STR_CONTAINS(err, "was restored as VALUE<BYTES NOT NULL> (key BIGINT, 32-byte values) and cannot be "
                             "registered as VALUE<BYTES NOT NULL> (key BIGINT, 16-byte values): the snapshot does not fit "
                             "this operator.");
    free(err);
    eddy_env_free(env);
    /* a filesystem sink resumes from a checkpoint (two-phase commit; the
     * kill tests in tests/shell check its rows) */
    t = new_tenv(&env);
    set(t, "execution.state-recovery.path", chk);
    char ddl[9000];
    snprintf(ddl, sizeof ddl, "CREATE TABLE sink_t (k BIGINT, s BIGINT, c BIGINT) WITH ('connector' = 'filesystem', "
             "'path' = '%s/out', 'format' = 'csv')", dir);
    RUN_OK(t, ddl);
    ASSERT_TEXT(run(t, "INSERT INTO sink_t SELECT id, id, id FROM src"), "OK");
    eddy_env_free(env);

    /* truncate the metadata: the error names it */
    char meta[9000];
    snprintf(meta, sizeof meta, "%s/_metadata", chk);
    ASSERT_EQ_INT(truncate(meta, 10), 0);
    t = new_tenv(&env);
    set(t, "execution.state-recovery.path", chk);
    err = rows(t, QUERY);
    char want[20000];
    snprintf(want, sizeof want, "ERROR: Checkpoint file %s is corrupt: not a checkpoint metadata file.", meta);
    ASSERT_STR_CONTAINS(err, want);
    free(err);
    eddy_env_free(env);
    free(chk);
    rmtree(dir);
    free(dir);
}

/* A plain user source cannot report a position: its job fails at the
 * first checkpoint, saying so, or at its start when a restart would need
 * to rewind it. */
static eddy_status slow_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask, (void)parallelism;
    int64_t *n = ctx;
    if (++*n > 5000) return EDDY_DONE;
    nanosleep(&(struct timespec){0, 1000000}, NULL);
    eddy_out_set_long(out, 0, *n);
    eddy_out_emit(out);
    return EDDY_OK;
}

TEST(user_source_not_supported) {
    char *dir = tmpdir();
    for (int restarts = 0; restarts < 2; restarts++) {
        eddy_env *env = new_env(1);
        ASSERT_EQ_INT(eddy_env_set_option(env, "execution.checkpointing.interval", "10 ms"), EDDY_OK);
        ASSERT_EQ_INT(eddy_env_set_option(env, "execution.checkpointing.dir", dir), EDDY_OK);
        /* with checkpoints the default strategy restarts */
        if (!restarts) ASSERT_EQ_INT(eddy_env_set_option(env, "restart-strategy.type", "none"), EDDY_OK);
        int64_t *n = calloc(1, sizeof *n);
        eddy_stream *s = eddy_from_source(env, "BIGINT NOT NULL", false, slow_source, n, free);
        ASSERT_TRUE(s != NULL);
        FILE *sink = fopen("/dev/null", "w");
        ASSERT_EQ_INT(eddy_stream_print_to(s, NULL, sink, 1), EDDY_OK);
        ASSERT_EQ_INT(eddy_env_execute(env, "user source"), EDDY_E_UNSUPPORTED);
        if (restarts)
            /* refused at the start: a restart could not rewind it */
            ASSERT_TEXT(env_error_text(env),
                        "ERROR: not supported yet: restarting the source 'Source: Custom Source' from a checkpoint (it "
                        "cannot report or rewind its position; eddy_from_checkpointed_source can)");
        else
            ASSERT_TEXT(env_error_text(env), "ERROR: not supported yet: checkpoints of a job with the source 'Source: "
                                             "Custom Source' (it cannot report its position)");
        ASSERT_TRUE(*n == 0 || !restarts); /* it never ran */
        fclose(sink);
        eddy_env_free(env);
    }
    rmtree(dir);
    free(dir);
}

/* STOP JOB WITH SAVEPOINT as the API has it: Flink's savepoint layout and
 * path; a new job resumes from it (execution.savepoint.path) and ends with
 * the uninterrupted table without starting over. */
TEST(stop_with_savepoint_and_resume) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    RUN_OK(t, "DROP TABLE src");
    RUN_OK(t, SLOW_DDL);
    RUN_OK(t, "CREATE TABLE sink (k BIGINT, s BIGINT, c BIGINT) WITH ('connector' = 'blackhole')");
    char path[4096];
    /* no directory anywhere */
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink SELECT id % 5, SUM(id), COUNT(*) FROM src GROUP BY id % 5");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    ASSERT_EQ_INT(eddy_job_trigger_savepoint(job, NULL, path, sizeof path), EDDY_E_VALIDATION);
    ASSERT_TEXT(env_error_text(env), "ERROR: No savepoint directory configured. You can either specify a directory "
                                     "when triggering the savepoint or configure a cluster-wide default via key "
                                     "'execution.checkpointing.savepoint-dir'.");
    /* a savepoint that does not stop the job, into a directory given */
    ASSERT_EQ_INT(eddy_job_trigger_savepoint(job, dir, path, sizeof path), EDDY_OK);
    ASSERT_EQ_INT(eddy_job_status(job), EDDY_JOB_RUNNING);
    set(t, "state.savepoints.dir", dir); /* Flink's older name */
    struct timespec ts = {0, 200000000};
    nanosleep(&ts, NULL);
    ASSERT_EQ_INT(eddy_job_stop_with_savepoint(job, NULL, path, sizeof path), EDDY_OK);
    ASSERT_EQ_INT(eddy_job_wait(job, 20000), EDDY_JOB_FINISHED);
    char want[4096];
    snprintf(want, sizeof want, "file:%s/savepoint-%.6s-", dir, eddy_job_id(job));
    ASSERT_TRUE(strncmp(path, want, strlen(want)) == 0);
    ASSERT_EQ_INT(strlen(path), strlen(want) + 12);
    char meta[4200];
    snprintf(meta, sizeof meta, "%s/_metadata", path + 5);
    struct stat st;
    ASSERT_EQ_INT(stat(meta, &st), 0);
    /* the job ended: no more savepoints */
    ASSERT_EQ_INT(eddy_job_trigger_savepoint(job, NULL, want, sizeof want), EDDY_E_VALIDATION);
    char msg[256];
    snprintf(msg, sizeof msg, "ERROR: Cannot take a savepoint of job %s: it is not running.", eddy_job_id(job));
    ASSERT_TEXT(env_error_text(env), msg);
    eddy_result_free(r);
    eddy_env_free(env);

    t = new_tenv(&env);
    RUN_OK(t, "DROP TABLE src");
    RUN_OK(t, SLOW_DDL);
    set(t, "execution.savepoint.path", path);
    char *log = rows(t, QUERY);
    char *got = final_table(log);
    ASSERT_STR_EQ(got, FINAL);
    ASSERT_FALSE(strstr(log, "+I[1, 1, 1]") != NULL);
    free(log), free(got);
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* A savepoint taken at parallelism 2 resumes at parallelism 3: the
 * aggregation's keyed state goes to the new instances by key group (the
 * source keeps its parallelism 1: scan.parallelism); a source whose
 * parallelism changed says it cannot be rescaled. */
TEST(resume_at_another_parallelism) {
    static const char *ddl1 =
        "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '600', 'scan.parallelism' = "
        "'1', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000')";
    char *dir = tmpdir();
    eddy_env *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    RUN_OK(t, ddl1);
    RUN_OK(t, "CREATE TABLE sink (k BIGINT, s BIGINT, c BIGINT) WITH ('connector' = 'blackhole')");
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink SELECT id % 5, SUM(id), COUNT(*) FROM src GROUP BY id % 5");
    ASSERT_TRUE(r != NULL);
    struct timespec ts = {0, 300000000};
    nanosleep(&ts, NULL);
    char path[4096];
    ASSERT_EQ_INT(eddy_job_stop_with_savepoint(eddy_result_job(r), dir, path, sizeof path), EDDY_OK);
    eddy_result_free(r);
    eddy_env_free(env);

    env = new_env(3);
    t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    RUN_OK(t, ddl1);
    set(t, "execution.state-recovery.path", path);
    char *log = rows(t, QUERY);
    char *got = final_table(log);
    ASSERT_STR_EQ(got, FINAL);
    ASSERT_FALSE(strstr(log, "+I[1, 1, 1]") != NULL);
    free(log), free(got);
    eddy_env_free(env);

    /* the source at parallelism 3 cannot take the positions of 1 */
    env = new_env(3);
    t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    RUN_OK(t, SLOW_DDL);
    set(t, "execution.state-recovery.path", path);
    char *err = rows(t, QUERY);
    ASSERT_TRUE(strstr(err, "ERROR: not supported yet: restoring the source ") == err);
    ASSERT_TRUE(strstr(err, "with parallelism 3 (it was checkpointed with 1)") != NULL);
    free(err);
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* Entries of dir whose names start with `prefix`. */
static int count_files(const char *dir, const char *prefix) {
    int n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) n += !strncmp(e->d_name, prefix, strlen(prefix));
    if (d) closedir(d);
    return n;
}

/* A streaming filesystem sink with checkpointing shows nothing before a
 * checkpoint completes: rows wait in hidden in-progress files, and a
 * cancel before any checkpoint removes them. With checkpoints every 50 ms
 * files appear while the job runs. */
TEST(filesystem_files_visible_at_checkpoints) {
    char *dir = tmpdir();
    for (int round = 0; round < 2; round++) {
        eddy_env *env = new_env(1);
        eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
        set(t, "execution.checkpointing.interval", round ? "50 ms" : "1 h");
        set(t, "execution.checkpointing.dir", dir);
        char ddl[9000], out[8192];
        snprintf(out, sizeof out, "%s/out%d", dir, round);
        snprintf(ddl, sizeof ddl, "CREATE TABLE sink_t (id BIGINT) WITH ('connector' = 'filesystem', "
                 "'path' = '%s', 'format' = 'csv')", out);
        RUN_OK(t, ddl);
        RUN_OK(t, "CREATE TABLE gen (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000')");
        eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink_t SELECT id FROM gen");
        ASSERT_TRUE(r != NULL);
        int hidden = 0, visible = 0;
        for (int tries = 0; tries < 500 && !(round ? visible : hidden); tries++) {
            nanosleep(&(struct timespec){0, 10 * 1000000}, NULL);
            hidden = count_files(out, ".part-");
            visible = count_files(out, "part-");
        }
        if (!round) {
            ASSERT_TRUE(hidden > 0);
            nanosleep(&(struct timespec){0, 200 * 1000000}, NULL);
            ASSERT_EQ_INT(count_files(out, "part-"), 0);
        } else {
            ASSERT_TRUE(visible > 0);
        }
        eddy_result_cancel(r);
        eddy_result_await(r);
        eddy_result_free(r);
        /* cancelled: no in-progress file stays; before any checkpoint
         * nothing was published */
        ASSERT_EQ_INT(count_files(out, ".part-"), 0);
        if (!round) ASSERT_EQ_INT(count_files(out, "part-"), 0);
        eddy_env_free(env);
    }
    rmtree(dir);
    free(dir);
}

int main(void) {
    RUN(kill_and_restore_equals_uninterrupted);
    RUN(layout_and_retention);
    RUN(option_errors);
    RUN(incompatible_and_damaged);
    RUN(user_source_not_supported);
    RUN(stop_with_savepoint_and_resume);
    RUN(resume_at_another_parallelism);
    RUN(filesystem_files_visible_at_checkpoints);
    return test_report();
}
