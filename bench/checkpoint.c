/*
 * checkpoint.c -- what checkpoints cost a stateful STREAMING job.
 *
 *   bench_checkpoint [keys] [rows] [interval-ms]   (defaults: 200000 6000000 100)
 *   bench_checkpoint rocksdb [keys] [rows] [interval-ms]   (defaults: 1000000 4000000 200)
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
 *
 * With `rocksdb` first, the same query on the RocksDB state backend runs
 * without checkpoints, with full checkpoints and with incremental ones
 * (execution.checkpointing.incremental), each every `interval-ms`: the
 * state holds every key after the first pass, and a checkpoint sees the
 * keys the rows since the last one touched, a small part of them. Reports
 * per mode the checkpoints' mean duration and mean bytes written (parts and
 * uploaded shared files), the incremental ones' full size, and the ratios
 * incremental / full.
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

static double run_on(const char *backend, bool incremental, long keys, long rows, long interval_ms, const char *dir,
                     JobCheckpointStats *st);

/* One run on the heap: its wall seconds; *st its checkpoint figures. */
static double one_run(long keys, long rows, long interval_ms, const char *dir, JobCheckpointStats *st) {
    return run_on(NULL, false, keys, rows, interval_ms, dir, st);
}

static int rocksdb_main(int argc, char **argv);

static double run_on(const char *backend, bool incremental, long keys, long rows, long interval_ms, const char *dir,
                     JobCheckpointStats *st) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .mode = EDDY_STREAMING};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    char sql[1024];
    if ((backend && eddy_tenv_set_option(t, "state.backend.type", backend)) ||
        (backend && eddy_tenv_set_option(t, "state.backend.rocksdb.localdir", dir)) ||
        (incremental && eddy_tenv_set_option(t, "execution.checkpointing.incremental", "true"))) {
        fprintf(stderr, "bench_checkpoint: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
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
    if (argc > 1 && !strcmp(argv[1], "rocksdb")) return rocksdb_main(argc - 1, argv + 1);
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

static void report(const char *what, double wall, long rows, const JobCheckpointStats *st) {
    printf("  %-12s %7.3f s  %5.2f M rows/s", what, wall, rows / wall / 1e6);
    if (st->completed)
        printf("  %3lld checkpoints, mean %6.1f ms, mean written %7.2f MB, last full size %6.2f MB",
               (long long)st->completed, st->total_duration_ns / 1e6 / (double)st->completed,
               (double)st->total_bytes / (double)st->completed / (1 << 20), (double)st->last_full_bytes / (1 << 20));
    printf("\n");
}

static int rocksdb_main(int argc, char **argv) {
    long keys = argc > 1 ? atol(argv[1]) : 1000000, rows = argc > 2 ? atol(argv[2]) : 4000000;
    long interval = argc > 3 ? atol(argv[3]) : 200;
    if (keys < 1 || rows < keys || interval < 1) {
        fprintf(stderr, "usage: bench_checkpoint rocksdb [keys] [rows >= keys] [interval-ms >= 1]\n");
        return 2;
    }
    char dir[] = "/tmp/bench_checkpoint.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench_checkpoint: mkdtemp");
        return 1;
    }
    JobCheckpointStats off, full, inc;
    double w_off = run_on("rocksdb", false, keys, rows, 0, dir, &off);
    double w_full = run_on("rocksdb", false, keys, rows, interval, dir, &full);
    double w_inc = run_on("rocksdb", true, keys, rows, interval, dir, &inc);
    char rm[256];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    if (system(rm) != 0) fprintf(stderr, "bench_checkpoint: could not remove %s\n", dir);
    printf("bench_checkpoint rocksdb: %ld rows, %ld keys, GROUP BY at parallelism 1, RocksDB state, every %ld ms\n", rows,
           keys, interval);
    report("no checkpts", w_off, rows, &off);
    report("full", w_full, rows, &full);
    report("incremental", w_inc, rows, &inc);
    if (full.completed && inc.completed) {
        double d_full = full.total_duration_ns / (double)full.completed, d_inc = inc.total_duration_ns / (double)inc.completed;
        double b_full = (double)full.total_bytes / (double)full.completed, b_inc = (double)inc.total_bytes / (double)inc.completed;
        printf("  incremental / full: duration %.3f, bytes written %.3f; run time %.3f (full) %.3f (incremental) of the "
               "plain run\n",
               d_inc / d_full, b_inc / b_full, w_full / w_off, w_inc / w_off);
    }
    return 0;
}
