/*
 * checkpoint.c -- what checkpoints cost a stateful STREAMING job.
 *
 *   bench_checkpoint [keys] [rows] [interval-ms]   (defaults: 200000 6000000 100)
 *
 * Runs, at parallelism 1 with the heap state backend,
 *
 *   INSERT INTO blackhole SELECT MOD(id, keys), COUNT(*), SUM(v), MAX(v)
 *   FROM datagen GROUP BY MOD(id, keys)
 *
 * over `rows` rows, first without checkpoints, then with a checkpoint every
 * `interval-ms` (to a temporary directory, removed afterwards), then
 * without again; reports the wall time and rows/s of each, the ratio of
 * the checkpointed run against the mean of the two plain ones, and the
 * checkpoints' count, mean duration (trigger to _metadata), last size and
 * where the tasks' stopped time went (serializing the state against
 * writing and fsyncing the part files).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/api.h"
#include "runtime/job.h"

static double now_s(void) { return (double)eddy__mono_ns() / 1e9; }

static void run_sql(eddy_tenv *t, const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r || eddy_result_await(r)) {
        fprintf(stderr, "bench_checkpoint: %s\n", eddy_env_errmsg(eddy_tenv_env(t)));
        exit(1);
    }
    eddy_result_free(r);
}

/* One run: its wall seconds; *st its checkpoint figures. */
static double one_run(long keys, long rows, long interval_ms, const char *dir, JobCheckpointStats *st) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .mode = EDDY_STREAMING};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    char sql[1024];
    if (interval_ms > 0) {
        snprintf(sql, sizeof sql, "%ld ms", interval_ms);
        if (eddy_tenv_set_option(t, "execution.checkpointing.interval", sql) ||
            eddy_tenv_set_option(t, "execution.checkpointing.dir", dir)) {
            fprintf(stderr, "bench_checkpoint: %s\n", eddy_env_errmsg(env));
            exit(1);
        }
    }
    snprintf(sql, sizeof sql,
             "CREATE TABLE t (id BIGINT, v BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000000000', "
             "'number-of-rows' = '%ld', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = "
             "'%ld', 'fields.v.kind' = 'sequence', 'fields.v.start' = '1', 'fields.v.end' = '%ld')",
             rows, rows, rows);
    run_sql(t, sql);
    run_sql(t, "CREATE TABLE out_t (k BIGINT, c BIGINT, s BIGINT, m BIGINT) WITH ('connector' = 'blackhole')");
    snprintf(sql, sizeof sql,
             "INSERT INTO out_t SELECT MOD(id, %ld), COUNT(*), SUM(v), MAX(v) FROM t GROUP BY MOD(id, %ld)", keys, keys);
    double t0 = now_s();
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r || eddy_result_await(r) || !r->job) {
        fprintf(stderr, "bench_checkpoint: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
    double wall = now_s() - t0;
    eddy__job_checkpoint_stats(r->job, st);
    eddy_result_free(r);
    eddy_env_free(env);
    return wall;
}

int main(int argc, char **argv) {
    long keys = argc > 1 ? atol(argv[1]) : 200000, rows = argc > 2 ? atol(argv[2]) : 6000000;
    long interval = argc > 3 ? atol(argv[3]) : 100;
    if (keys < 1 || rows < keys || interval < 1) {
        fprintf(stderr, "usage: bench_checkpoint [keys] [rows >= keys] [interval-ms >= 1]\n");
        return 2;
    }
    char dir[] = "/tmp/bench_checkpoint.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench_checkpoint: mkdtemp");
        return 1;
    }
    JobCheckpointStats off1, on, off2;
    double w_off1 = one_run(keys, rows, 0, dir, &off1);
    double w_on = one_run(keys, rows, interval, dir, &on);
    double w_off2 = one_run(keys, rows, 0, dir, &off2);
    char rm[256];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    if (system(rm) != 0) fprintf(stderr, "bench_checkpoint: could not remove %s\n", dir);
    double w_off = (w_off1 + w_off2) / 2;
    printf("bench_checkpoint: %ld rows, %ld keys, GROUP BY at parallelism 1, heap state\n", rows, keys);
    printf("  no checkpoints      %.3f s / %.3f s   %.2f M rows/s\n", w_off1, w_off2, rows / w_off / 1e6);
    printf("  every %ld ms        %.3f s           %.2f M rows/s\n", interval, w_on, rows / w_on / 1e6);
    printf("  ratio (checkpointed / plain): %.3f\n", w_on / w_off);
    if (on.completed) {
        printf("  checkpoints: %lld completed, mean duration %.1f ms, last %.1f ms, last size %.2f MB\n",
               (long long)on.completed, on.total_duration_ns / 1e6 / (double)on.completed, on.last_duration_ns / 1e6,
               (double)on.last_bytes / (1 << 20));
        printf("  tasks stopped: serializing %.1f ms, writing + fsync %.1f ms (%.1f%% of the run)\n",
               on.snapshot_ns / 1e6, on.write_ns / 1e6, (on.snapshot_ns + on.write_ns) / 1e7 / w_on);
    }
    return 0;
}
