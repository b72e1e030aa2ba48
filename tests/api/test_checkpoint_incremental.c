/*
 * test_checkpoint_incremental.c -- incremental checkpoints of the RocksDB
 * state backend (execution.checkpointing.incremental) as a user sees them:
 * a two-level aggregation (6000 keys below one global row) over a paced
 * datagen sequence, so that each checkpoint changes a small part of the
 * state. Checkpoints after the first upload less than their full size
 * (eddy_checkpoint_stats: last_size against last_full_size); the shared/
 * directory holds exactly the files the retained checkpoints list; a run
 * killed with SIGKILL restores -- at the same parallelism, at another one,
 * into the heap backend -- to the final row of an uninterrupted run; a
 * shared file deleted or truncated names the file and falls back to the
 * previous checkpoint; the heap backend ignores the option.
 */
#include <dirent.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "fs_check.h"

/* the final row of the query over ids 1..12000 */
#define FINAL "+U[6000, 12000, 72006000]"

static const char *DDL =
    "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '4000', 'scan.parallelism' = "
    "'1', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '12000')";
static const char *QUERY = "SELECT COUNT(*) AS n, SUM(c) AS c, SUM(s) AS s FROM (SELECT id % 6000 AS k, COUNT(*) AS c, "
                           "SUM(id) AS s FROM src GROUP BY id % 6000)";

static void set(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) fprintf(stderr, "SET %s failed\n", k);
}

/* A streaming table environment at parallelism p on `backend` with the
 * source table; ckdir: checkpoints every 100 ms there, incremental. */
static eddy_tenv *new_tenv(eddy_env **env, int p, const char *backend, const char *ckdir, const char *retained) {
    *env = new_env(p);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, EDDY_STREAMING);
    set(t, "state.backend.type", backend);
    if (ckdir) {
        set(t, "execution.checkpointing.incremental", "true");
        set(t, "execution.checkpointing.interval", "100 ms");
        set(t, "execution.checkpointing.dir", ckdir);
        set(t, "execution.checkpointing.num-retained", retained);
    }
    char *r = run(t, DDL);
    if (strcmp(r, "OK")) fprintf(stderr, "DDL: %s\n", r);
    free(r);
    return t;
}

/* The last +I / +U line of a changelog (malloc'd), or the whole text when
 * there is none (an error). */
static char *last_row(const char *log) {
    const char *best = NULL;
    for (const char *p = log; p && *p;) {
        if (!strncmp(p, "+I[", 3) || !strncmp(p, "+U[", 3)) best = p;
        const char *e = strchr(p, '\n');
        p = e ? e + 1 : NULL;
    }
    if (!best) return strdup(log ? log : "");
    const char *e = strchr(best, '\n');
    return strndup(best, e ? (size_t)(e - best) : strlen(best));
}

/* The query restored from chk; *restored_id: the checkpoint the job
 * started from (eddy_checkpoint_stats). */
static char *restored_row(eddy_tenv *t, const char *chk, int64_t *restored_id) {
    set(t, "execution.state-recovery.path", chk);
    eddy_result *r = eddy_tenv_execute_sql(t, QUERY);
    if (!r) return env_error_text(eddy_tenv_env(t));
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CHANGELOG, 0, NULL};
    if (eddy_result_print_with(r, f, &o) != EDDY_OK) print_env_error(f, eddy_tenv_env(t));
    fclose(f);
    eddy_checkpoint_stats st;
    eddy_job_checkpoint_stats(eddy_result_job(r), &st);
    if (restored_id) *restored_id = st.restored_id;
    eddy_result_free(r);
    char *row = last_row(out);
    free(out);
    return row;
}

/* QUERY restored from chk in a new env of parallelism p on backend gives
 * the uninterrupted run's last row, from checkpoint want_id (-1: any). */
static void assert_restores(int p, const char *backend, const char *chk, int64_t want_id) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, p, backend, NULL, NULL);
    int64_t rid = 0;
    char *row = restored_row(t, chk, &rid);
    eddy_env_free(env);
    ASSERT_STR_EQ(row, FINAL);
    free(row);
    if (want_id >= 0) ASSERT_EQ_INT(rid, want_id);
}

/* The query into a blackhole sink, started (NULL on error). */
static eddy_result *start_insert(eddy_tenv *t) {
    char *ok = run(t, "CREATE TABLE sink (n BIGINT, c BIGINT, s BIGINT) WITH ('connector' = 'blackhole')");
    bool created = !strcmp(ok, "OK");
    free(ok);
    char ins[512];
    snprintf(ins, sizeof ins, "INSERT INTO sink %s", QUERY);
    return created ? eddy_tenv_execute_sql(t, ins) : NULL;
}

/* The one job directory under dir (malloc'd), or NULL. */
static char *job_dir(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char *out = NULL;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.' && !out) {
            out = malloc(strlen(dir) + strlen(e->d_name) + 2);
            sprintf(out, "%s/%s", dir, e->d_name);
        }
    if (d) closedir(d);
    return out;
}

/* The completed chk-<n> of a job directory, ascending ([0..*n)). */
static int completed(const char *job, int64_t *ids, int cap) {
    int n = 0;
    DIR *d = opendir(job);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        long long id;
        char meta[8192];
        struct stat st;
        if (sscanf(e->d_name, "chk-%lld", &id) != 1) continue;
        snprintf(meta, sizeof meta, "%s/%s/_metadata", job, e->d_name);
        if (stat(meta, &st) == 0 && n < cap) ids[n++] = id;
    }
    if (d) closedir(d);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
            int64_t x = ids[j];
            ids[j] = ids[j - 1], ids[j - 1] = x;
        }
    return n;
}

static char *chk_path(const char *job, int64_t id) {
    char *p = malloc(strlen(job) + 32);
    sprintf(p, "%s/chk-%lld", job, (long long)id);
    return p;
}

static char *metadata_of(const char *job, int64_t id) {
    char p[8192];
    snprintf(p, sizeof p, "%s/chk-%lld/_metadata", job, (long long)id);
    return read_all(p);
}

/* Does the _metadata (binary, size len) name the file? */
static bool lists(const char *meta, size_t len, const char *name) { return memmem(meta, len, name, strlen(name)) != NULL; }

static size_t file_size(const char *job, int64_t id) {
    char p[8192];
    struct stat st;
    snprintf(p, sizeof p, "%s/chk-%lld/_metadata", job, (long long)id);
    return stat(p, &st) == 0 ? (size_t)st.st_size : 0;
}

/* Every file of <job>/shared is listed by a retained checkpoint; returns
 * how many there are. */
static int shared_all_listed(const char *job) {
    int64_t ids[64];
    int n = completed(job, ids, 64);
    char *metas[64];
    size_t lens[64];
    for (int i = 0; i < n; i++) metas[i] = metadata_of(job, ids[i]), lens[i] = file_size(job, ids[i]);
    char sd[8192];
    snprintf(sd, sizeof sd, "%s/shared", job);
    DIR *d = opendir(sd);
    struct dirent *e;
    int files = 0, unlisted = 0;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        files++;
        bool any = false;
        for (int i = 0; i < n && !any; i++) any = lists(metas[i], lens[i], e->d_name);
        if (!any) fprintf(stderr, "unlisted shared file %s\n", e->d_name), unlisted++;
    }
    if (d) closedir(d);
    for (int i = 0; i < n; i++) free(metas[i]);
    return unlisted ? -1 : files;
}

/* A bounded run with incremental checkpoints every 100 ms: sizes as the
 * stats report them while it runs, the shared directory after it, and a
 * restore from its oldest retained checkpoint (the load checks every file
 * the checkpoint lists: the retention removed none of them). */
TEST(checkpoints_share_files) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, 2, "rocksdb", dir, "3");
    eddy_result *r = start_insert(t);
    ASSERT_TRUE(r != NULL);
    int64_t seen = -1, shared_ones = 0, checkpoints = 0, first_size = -1, first_full = -1;
    for (int tries = 0; tries < 3000 && eddy_job_wait(eddy_result_job(r), 1) == EDDY_JOB_RUNNING; tries++) {
        eddy_checkpoint_stats st;
        ASSERT_EQ_INT(eddy_job_checkpoint_stats(eddy_result_job(r), &st), EDDY_OK);
        if (st.last_id < 0 || st.last_id == seen) continue;
        seen = st.last_id;
        checkpoints++;
        ASSERT_TRUE(st.last_size > 0 && st.last_size <= st.last_full_size);
        if (first_size < 0) first_size = st.last_size, first_full = st.last_full_size;
        /* a checkpoint that uploaded less than half of what it holds */
        else if (st.last_size * 2 < st.last_full_size) shared_ones++;
    }
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    eddy_result_free(r);
    eddy_env_free(env);
    ASSERT_TRUE(checkpoints >= 5);
    ASSERT_EQ_INT(first_size, first_full); /* the first one uploads everything it has */
    ASSERT_TRUE(shared_ones >= checkpoints / 2);

    char *job = job_dir(dir);
    ASSERT_TRUE(job != NULL);
    int64_t ids[64];
    int n = completed(job, ids, 64);
    ASSERT_EQ_INT(n, 3);
    ASSERT_TRUE(shared_all_listed(job) > 0);
    /* two of the retained checkpoints share files (a compaction between
     * two may replace every file) */
    int both = 0;
    for (int k = 0; k + 1 < n; k++) {
        char *a = metadata_of(job, ids[k]), *b = metadata_of(job, ids[k + 1]);
        size_t la = file_size(job, ids[k]), lb = file_size(job, ids[k + 1]);
        char sd[4096];
        snprintf(sd, sizeof sd, "%s/shared", job);
        DIR *d = opendir(sd);
        struct dirent *e;
        while ((e = readdir(d))) both += e->d_name[0] != '.' && lists(a, la, e->d_name) && lists(b, lb, e->d_name);
        closedir(d);
        free(a), free(b);
    }
    ASSERT_TRUE(both > 0);

    char *chk = chk_path(job, ids[0]);
    assert_restores(2, "rocksdb", chk, ids[0]);
    free(chk), free(job);
    rmtree(dir);
    free(dir);
}

extern char **environ;

/* The child of killed_run: the query with incremental checkpoints
 * (retaining 2) into dir. */
static int child_main(const char *dir) {
    eddy_env *env;
    eddy_tenv *ct = new_tenv(&env, 2, "rocksdb", dir, "2");
    free(rows(ct, QUERY));
    return 3;
}

/* Starts this program again as child_main (a new process: RocksDB's
 * background threads do not survive a fork) and kills it with SIGKILL
 * once checkpoint `want` is complete. Returns the job directory. */
static char *killed_run(const char *dir, int64_t want) {
    fflush(NULL);
    pid_t child;
    char *argv[] = {"test_checkpoint_incremental", "--child", (char *)dir, NULL};
    if (posix_spawn(&child, "/proc/self/exe", NULL, NULL, argv, environ) != 0) return NULL;
    char *job = NULL;
    for (int tries = 0; tries < 3000; tries++) {
        if (!job) job = job_dir(dir);
        int64_t ids[64];
        int n = job ? completed(job, ids, 64) : 0;
        if (n && ids[n - 1] >= want) break;
        nanosleep(&(struct timespec){0, 5 * 1000000}, NULL);
    }
    kill(child, SIGKILL);
    int st;
    waitpid(child, &st, 0);
    if (!WIFSIGNALED(st)) {
        fprintf(stderr, "the child was not killed (status %d)\n", st);
        free(job);
        return NULL;
    }
    return job;
}

TEST(kill_and_restore) {
    char *dir = tmpdir();
    char *job = killed_run(dir, 4);
    ASSERT_TRUE(job != NULL);
    int64_t ids[64];
    int n = completed(job, ids, 64);
    ASSERT_TRUE(n >= 1);
    char *chk = chk_path(job, ids[n - 1]);
    /* the same parallelism: each instance takes the files as its database */
    assert_restores(2, "rocksdb", chk, ids[n - 1]);
    /* rescaled up and down: key groups read from the old databases */
    for (int p = 1; p <= 3; p += 2) assert_restores(p, "rocksdb", chk, ids[n - 1]);
    /* into the heap backend */
    assert_restores(2, "hashmap", chk, ids[n - 1]);
    /* the restored job checkpoints incrementally into its own job
     * directory (the first checkpoint uploads everything again) */
    char *dir2 = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, 2, "rocksdb", dir2, "1");
    char *row = restored_row(t, chk, NULL);
    ASSERT_STR_EQ(row, FINAL);
    free(row);
    eddy_env_free(env);
    char *job2 = job_dir(dir2);
    ASSERT_TRUE(job2 != NULL && strcmp(job2 + strlen(dir2), job + strlen(dir)) != 0);
    ASSERT_TRUE(shared_all_listed(job2) >= 0);
    free(job2);
    rmtree(dir2);
    free(dir2);
    free(chk), free(job);
    rmtree(dir);
    free(dir);
}

/* A shared file the newest checkpoint alone lists is deleted: that
 * checkpoint is skipped, the previous one restored. A file of that one is
 * truncated: with no older checkpoint to fall back to, the error names it. */
TEST(damaged_shared_file) {
    char *dir = tmpdir();
    char *job = killed_run(dir, 4);
    ASSERT_TRUE(job != NULL);
    int64_t ids[64];
    int n = completed(job, ids, 64);
    ASSERT_TRUE(n >= 2); /* 3 when the kill came before the retention */
    for (int i = 0; i + 2 < n; i++) {
        char *old = chk_path(job, ids[i]);
        rmtree(old);
        free(old);
    }
    int64_t prev = ids[n - 2], last = ids[n - 1];
    char *m0 = metadata_of(job, prev), *m1 = metadata_of(job, last);
    size_t l0 = file_size(job, prev), l1 = file_size(job, last);
    char sd[4096], only_new[8192] = "", of_prev[8192] = "";
    snprintf(sd, sizeof sd, "%s/shared", job);
    DIR *d = opendir(sd);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        bool a = lists(m0, l0, e->d_name), b = lists(m1, l1, e->d_name);
        if (b && !a && !*only_new) snprintf(only_new, sizeof only_new, "%s/%s", sd, e->d_name);
        if (a && !*of_prev) snprintf(of_prev, sizeof of_prev, "%s/%s", sd, e->d_name);
    }
    closedir(d);
    free(m0), free(m1);
    ASSERT_TRUE(*only_new && *of_prev);

    char *chk = chk_path(job, last);
    ASSERT_EQ_INT(unlink(only_new), 0);
    assert_restores(2, "rocksdb", chk, prev); /* the fallback */
    free(chk);

    struct stat st;
    ASSERT_EQ_INT(stat(of_prev, &st), 0);
    ASSERT_EQ_INT(truncate(of_prev, 100), 0);
    chk = chk_path(job, prev);
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, 2, "rocksdb", NULL, NULL);
    char *row = restored_row(t, chk, NULL);
    char want[20000];
    snprintf(want, sizeof want, "ERROR: Checkpoint file %s is corrupt: 100 bytes where the metadata says %lld (truncated?).",
             of_prev, (long long)st.st_size);
    ASSERT_STR_CONTAINS(row, want);
    free(row);
    eddy_env_free(env);
    free(chk), free(job);
    rmtree(dir);
    free(dir);
}

/* The heap backend takes full snapshots whatever the option says (as
 * Flink's hashmap backend): nothing goes to shared/, each checkpoint's
 * size is its full size; it restores as ever. */
TEST(heap_ignores_the_option) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, 2, "hashmap", dir, "1");
    eddy_result *r = start_insert(t);
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    eddy_checkpoint_stats st;
    ASSERT_EQ_INT(eddy_job_checkpoint_stats(eddy_result_job(r), &st), EDDY_OK);
    ASSERT_TRUE(st.completed >= 1);
    ASSERT_TRUE(st.last_size > 0);
    ASSERT_EQ_INT(st.last_size, st.last_full_size);
    eddy_result_free(r);
    eddy_env_free(env);
    char *job = job_dir(dir);
    ASSERT_TRUE(job != NULL);
    char sd[8192];
    snprintf(sd, sizeof sd, "%s/shared", job);
    struct stat sst;
    ASSERT_FALSE(stat(sd, &sst) == 0);
    int64_t ids[4];
    ASSERT_EQ_INT(completed(job, ids, 4), 1);
    char *chk = chk_path(job, ids[0]);
    assert_restores(2, "rocksdb", chk, -1);
    free(chk), free(job);
    rmtree(dir);
    free(dir);
}

/* A savepoint of a job with incremental checkpoints is a full snapshot:
 * its part files are canonical snapshots, it lists no shared file, and it
 * restores on its own. */
TEST(savepoints_stay_full) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, 2, "rocksdb", dir, "1");
    eddy_result *r = start_insert(t);
    ASSERT_TRUE(r != NULL);
    /* after an incremental checkpoint or two */
    for (int tries = 0; tries < 2000; tries++) {
        eddy_checkpoint_stats st;
        eddy_job_checkpoint_stats(eddy_result_job(r), &st);
        if (st.completed >= 2) break;
        nanosleep(&(struct timespec){0, 5 * 1000000}, NULL);
    }
    char sp[4096], path[4096];
    snprintf(sp, sizeof sp, "%s/sp", dir);
    ASSERT_EQ_INT(eddy_job_stop_with_savepoint(eddy_result_job(r), sp, path, sizeof path), EDDY_OK);
    eddy_result_free(r);
    eddy_env_free(env);
    const char *local = !strncmp(path, "file:", 5) ? path + 5 : path; /* Flink's form of the path */
    DIR *d = opendir(local);
    ASSERT_TRUE(d != NULL);
    struct dirent *e;
    int parts = 0;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "op-", 3)) continue;
        char f[8192];
        snprintf(f, sizeof f, "%s/%s", local, e->d_name);
        char *bytes = read_all(f);
        bool state = *bytes; /* the source's part is empty (its position is in _metadata) */
        bool full = !strncmp(bytes, "EDDYSNAP", 8);
        free(bytes);
        ASSERT_TRUE(!state || full);
        parts += state;
    }
    closedir(d);
    ASSERT_TRUE(parts >= 3);
    assert_restores(2, "rocksdb", path, -1);
    rmtree(dir);
    free(dir);
}

/* A UDF that fails once, at call fail_at. */
typedef struct Flaky {
    atomic_long calls;
    long fail_at;
} Flaky;

static eddy_status flaky_eval(void *ctx, const eddy_row *args, eddy_out *out) {
    Flaky *f = ctx;
    long n = atomic_fetch_add(&f->calls, 1) + 1;
    if (n == f->fail_at) return eddy_out_error(out, "flaky failed on call %ld", n);
    int64_t v;
    eddy_row_get_long(args, 0, &v);
    return eddy_out_set_long(out, 0, v);
}

/* A task failure in the middle: the job restarts in the process from its
 * latest incremental checkpoint (the files of its own shared directory)
 * and goes on checkpointing; it ends with the uninterrupted final row and
 * leaves only listed files in shared/. */
TEST(restart_from_incremental_checkpoint) {
    char *dir = tmpdir();
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env, 2, "rocksdb", dir, "2");
    Flaky f = {.fail_at = 6000};
    eddy_scalar_function fn = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", flaky_eval, &f, NULL, true};
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "flaky", &fn), EDDY_OK);
    set(t, "restart-strategy.type", "fixed-delay");
    set(t, "restart-strategy.fixed-delay.delay", "10 ms");
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT COUNT(*) AS n, SUM(c) AS c, SUM(s) AS s FROM (SELECT k, COUNT(*) "
                                              "AS c, SUM(id) AS s FROM (SELECT flaky(id) % 6000 AS k, id FROM src) "
                                              "GROUP BY k)");
    ASSERT_TRUE(r != NULL);
    char *out = NULL;
    size_t n = 0;
    FILE *fo = open_memstream(&out, &n);
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CHANGELOG, 0, NULL};
    ASSERT_EQ_INT(eddy_result_print_with(r, fo, &o), EDDY_OK);
    fclose(fo);
    eddy_checkpoint_stats st;
    ASSERT_EQ_INT(eddy_job_checkpoint_stats(eddy_result_job(r), &st), EDDY_OK);
    ASSERT_EQ_INT(eddy_job_restarts(eddy_result_job(r)), 1);
    ASSERT_TRUE(st.restores == 1 && st.restored_id > 0); /* from a checkpoint, not from the start */
    ASSERT_TRUE(st.last_id > st.restored_id);
    eddy_result_free(r);
    char *row = last_row(out);
    ASSERT_STR_EQ(row, FINAL);
    free(row), free(out);
    eddy_env_free(env);
    char *job = job_dir(dir);
    ASSERT_TRUE(job != NULL);
    ASSERT_TRUE(shared_all_listed(job) > 0);
    free(job);
    rmtree(dir);
    free(dir);
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--child")) return child_main(argv[2]);
    RUN(checkpoints_share_files);
    RUN(kill_and_restore);
    RUN(damaged_shared_file);
    RUN(heap_ignores_the_option);
    RUN(savepoints_stay_full);
    RUN(restart_from_incremental_checkpoint);
    return test_report();
}
