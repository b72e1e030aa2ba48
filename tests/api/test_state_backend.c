/*
 * test_state_backend.c -- the RocksDB state backend as a user picks it
 * (SET 'state.backend.type' = 'rocksdb'): a GROUP BY and a join give the
 * same rows as the heap; savepoints move between the two backends and
 * parallelisms; state larger than a tiny managed memory finishes with the
 * right result on RocksDB (the heap refuses it); the temp directory is gone
 * after the job; and the options' errors.
 */
#include <dirent.h>
#include <time.h>

#include "fs_check.h"

static void set_ok(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) {
        fprintf(stderr, "SET %s = %s failed: %s\n", k, v, eddy_env_errmsg(eddy_tenv_env(t)));
        exit(2);
    }
}

static eddy_tenv *tenv(eddy_env **env, int par, const char *backend) {
    *env = new_env(par);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, EDDY_STREAMING);
    if (backend) set_ok(t, "state.backend.type", backend);
    return t;
}

static const char *SRC =
    "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100000000', "
    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000')";
static const char *SRC_B =
    "CREATE TABLE srcb (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100000000', "
    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '400')";


/* How two runs are compared: the changelog, its sorted lines, or the table
 * it ends with. */
enum { EXACT, SORTED, FINAL };

/* What a query returns on a backend (NULL: the heap by default). */
static char *query_on(const char *backend, int par, const char *query, int how) {
    eddy_env *env;
    eddy_tenv *t = tenv(&env, par, backend);
    char *r = run(t, SRC);
    char *r2 = run(t, SRC_B);
    char *out;
    if (strcmp(r, "OK") || strcmp(r2, "OK")) out = strdup(strcmp(r, "OK") ? r : r2);
    else out = rows(t, query);
    free(r);
    free(r2);
    eddy_env_free(env);
    if (how == SORTED) return sorted_lines(out);
    if (how == FINAL) {
        char *f = final_table(out);
        free(out);
        return f;
    }
    return out;
}

/* The same changelog on the heap (default and 'hashmap') and on RocksDB. */
static void same_on_both(const char *query, int par, int how, int min_lines) {
    char *heap = query_on(NULL, par, query, how);
    char *hashmap = query_on("hashmap", par, query, how);
    char *rocks = query_on("rocksdb", par, query, how);
    ASSERT_TRUE(count_lines(heap) >= min_lines);
    ASSERT_FALSE(strstr(heap, "ERROR") != NULL);
    ASSERT_STR_EQ(hashmap, heap);
    ASSERT_STR_EQ(rocks, heap);
    free(heap);
    free(hashmap);
    free(rocks);
}

TEST(group_by_and_join_give_the_heaps_rows) {
    /* the exact changelog of a small aggregation (as group_agg.q has it) */
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, "rocksdb");
    RUN_OK(t, "CREATE TEMPORARY VIEW scores AS SELECT * FROM (VALUES ('Alice', 12), ('Bob', 10), ('Alice', 100), "
              "('Carol', CAST(NULL AS INT)), ('Bob', 10)) AS T(name, score)");
    ASSERT_TEXT(rows(t, "SELECT name, SUM(score) FROM scores GROUP BY name"),
                "+I[Alice, 12]\n+I[Bob, 10]\n-U[Alice, 12]\n+U[Alice, 112]\n+I[Carol, null]\n-U[Bob, 10]\n"
                "+U[Bob, 20]\n");
    eddy_env_free(env);
    /* parallelism 1: one changelog order; value, MAP (DISTINCT) and
     * MIN / MAX (retracting) state */
    same_on_both("SELECT id % 7 AS k, COUNT(*), SUM(id), MIN(id), MAX(id), COUNT(DISTINCT id % 13) FROM src "
                 "GROUP BY id % 7",
                 1, EXACT, 3000);
    /* an aggregate over an updating aggregate (retractions into state) */
    same_on_both("SELECT c, COUNT(*) FROM (SELECT id % 100 AS k, COUNT(*) AS c FROM src GROUP BY id % 100) GROUP BY c",
                 1, EXACT, 3000);
    /* a regular join of two inputs: the rows (their order depends on how
     * the inputs interleave) */
    same_on_both("SELECT a.id, b.id FROM src a JOIN srcb b ON a.id % 40 = b.id % 40", 2, SORTED, 30000);
    /* a left outer join (its retractions depend on how the inputs
     * interleave): the final table at parallelism 2 */
    same_on_both("SELECT k, COUNT(*), MAX(bid) FROM (SELECT a.id % 50 AS k, b.id AS bid FROM src a LEFT JOIN srcb b "
                 "ON a.id = b.id * 5) GROUP BY k",
                 2, FINAL, 50);
}

/* ---- savepoints between backends and parallelisms ----------------------------------------- */

static const char *SP_SRC =
    "CREATE TABLE sp (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '600', 'scan.parallelism' = "
    "'1', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000')";
static const char *SP_QUERY = "SELECT id % 5 AS k, SUM(id) AS s, COUNT(*) AS c FROM sp GROUP BY id % 5";
#define SP_FINAL "[0, 901500, 600]\n[1, 899100, 600]\n[2, 899700, 600]\n[3, 900300, 600]\n[4, 900900, 600]\n"

TEST(savepoints_move_between_backends_and_parallelisms) {
    const char *pairs[][2] = {{"rocksdb", "hashmap"}, {"hashmap", "rocksdb"}, {"rocksdb", "rocksdb"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char *dir = tmpdir();
        eddy_env *env;
        eddy_tenv *t = tenv(&env, 2, pairs[i][0]);
        RUN_OK(t, SP_SRC);
        RUN_OK(t, "CREATE TABLE sink (k BIGINT, s BIGINT, c BIGINT) WITH ('connector' = 'blackhole')");
        eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO sink SELECT id % 5, SUM(id), COUNT(*) FROM sp GROUP BY id % 5");
        ASSERT_TRUE(r != NULL);
        nanosleep(&(struct timespec){0, 300000000}, NULL);
        char path[4096];
        ASSERT_EQ_INT(eddy_job_stop_with_savepoint(eddy_result_job(r), dir, path, sizeof path), EDDY_OK);
        eddy_result_free(r);
        eddy_env_free(env);
        /* restored at parallelism 3 on the other backend: the same final
         * table, not started over */
        t = tenv(&env, 3, pairs[i][1]);
        RUN_OK(t, SP_SRC);
        set_ok(t, "execution.state-recovery.path", path);
        char *log = rows(t, SP_QUERY);
        char *got = final_table(log);
        ASSERT_STR_EQ(got, SP_FINAL);
        ASSERT_FALSE(strstr(log, "+I[1, 1, 1]") != NULL);
        free(log);
        free(got);
        eddy_env_free(env);
        rmtree(dir);
        free(dir);
    }
}

/* ---- state larger than memory ------------------------------------------------------------- */

/* 100000 groups, each counted twice, under 2 MB of managed memory: RocksDB
 * keeps them on disk and every group ends at 2; the heap needs more than the
 * budget and fails the job saying so. The outer aggregate counts the groups
 * that reached 2. The RocksDB directories go under localdir and are gone
 * after the job. */
TEST(state_larger_than_managed_memory) {
    static const char *big =
        "CREATE TABLE big (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '100000000', "
        "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '200000')";
    static const char *q = "SELECT COUNT(*) FROM (SELECT id % 100000 AS k, COUNT(*) AS c FROM big GROUP BY id % 100000) "
                           "WHERE c = 2";
    char *local = tmpdir();
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 2, "rocksdb");
    set_ok(t, "taskmanager.memory.managed.size", "2mb");
    set_ok(t, "state.backend.rocksdb.localdir", local);
    RUN_OK(t, big);
    char *log = rows(t, q);
    const char *lastp = log + strlen(log);
    if (lastp > log) lastp--;
    while (lastp > log && lastp[-1] != '\n') lastp--;
    ASSERT_STR_EQ(lastp, "+U[100000]\n");
    free(log);
    eddy_env_free(env);
    /* the backends removed their directories */
    DIR *d = opendir(local);
    int left = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) left += e->d_name[0] != '.';
    if (d) closedir(d);
    ASSERT_EQ_INT(left, 0);
    rmtree(local);
    free(local);

    t = tenv(&env, 2, NULL);
    set_ok(t, "taskmanager.memory.managed.size", "2mb");
    RUN_OK(t, big);
    char *err = rows(t, q);
    ASSERT_TRUE(strstr(err, "ERROR: The state of operator ") != NULL);
    ASSERT_TRUE(strstr(err, "but the job's managed memory (taskmanager.memory.managed.size: 2097152 bytes) is used up")
                != NULL);
    free(err);
    eddy_env_free(env);
}

/* ---- options -------------------------------------------------------------------------------- */

TEST(option_errors) {
    eddy_env *env;
    eddy_tenv *t = tenv(&env, 1, NULL);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "state.backend.type", "leveldb"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Cannot find configured state backend factory class: leveldb ('state.backend.type' is 'hashmap' "
                     "or 'rocksdb').");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "state.backend.type", "RocksDB"), EDDY_OK); /* any case, as Flink */
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "state.backend.type"), "RocksDB");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.checkpointing.incremental", "yes"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Could not parse value 'yes' for key 'execution.checkpointing.incremental'.");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "state.backend.incremental", "true"), EDDY_OK); /* Flink's older name */
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.checkpointing.incremental", "TRUE"), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.checkpointing.incremental", "false"), EDDY_OK);
    ASSERT_TRUE(eddy_option_is_known("state.backend.type"));
    ASSERT_TRUE(eddy_option_is_known("state.backend.rocksdb.localdir"));
    /* the environment's setter knows them too */
    ASSERT_EQ_INT(eddy_env_set_option(env, "state.backend.type", "heap"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Cannot find configured state backend factory class: heap");
    /* a localdir that cannot be made fails the job when RocksDB opens */
    set_ok(t, "state.backend.rocksdb.localdir", "/proc/eddy-no-such-dir/x");
    RUN_OK(t, SRC);
    char *err = rows(t, "SELECT id % 3, COUNT(*) FROM src GROUP BY id % 3");
    ASSERT_TRUE(strstr(err, "ERROR: No local storage directories available. Local DB files directory "
                            "'/proc/eddy-no-such-dir/x' does not exist and cannot be created "
                            "(state.backend.rocksdb.localdir).") == err);
    free(err);
    /* RESET: the heap again */
    ASSERT_EQ_INT(eddy_tenv_reset_option(t, "state.backend.type"), EDDY_OK);
    ASSERT_TEXT(rows(t, "SELECT id % 2, COUNT(*) FROM src WHERE id < 3 GROUP BY id % 2"), "+I[1, 1]\n+I[0, 1]\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(option_errors);
    RUN(group_by_and_join_give_the_heaps_rows);
    RUN(savepoints_move_between_backends_and_parallelisms);
    RUN(state_larger_than_managed_memory);
    return test_report();
}
