/*
 * group_state.c -- the streaming GROUP BY's state, bytes per key, against a
 * hand-written open-addressing hash table holding the same accumulators.
 *
 *   bench_group_state [keys] [rows]   (defaults: 1000000 4000000)
 *
 * eddy runs, in STREAMING mode at parallelism 1,
 *
 *   INSERT INTO blackhole SELECT MOD(id, keys), COUNT(*), SUM(v), MAX(v)
 *   FROM datagen GROUP BY MOD(id, keys)
 *
 * over `rows` rows (id and v sequences), and reads what the GroupAggregate
 * operator's state backend holds at the end (the job's operator stats: the
 * bytes charged to its memory account -- index, entry pages, value blocks,
 * slack). The hand-written table holds {key, count, sum, max} (32 bytes) per
 * key in one power-of-two array of linear probing, doubling at 3/4 load, as
 * bench_state's does; its bytes are the array's. Reports both per key and
 * their ratio (the target: at most 2x), and the CPU time of each (eddy's
 * includes generating the rows and the changelog it sends the blackhole, so
 * it is no like-for-like time: bench_state measures the state path alone).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "api/api.h"
#include "runtime/job.h"

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

typedef struct Acc {
    int64_t key; /* INT64_MIN: empty */
    int64_t count, sum, max;
} Acc;

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static Acc *slot(Acc *t, uint64_t mask, int64_t k) {
    uint64_t j = mix((uint64_t)k) & mask;
    while (t[j].key != INT64_MIN && t[j].key != k) j = (j + 1) & mask;
    return &t[j];
}

/* The same aggregation by hand: its keys, sum of counts and sums, bytes. */
static void hand(long rows, long keys, int64_t out[3], size_t *bytes) {
    uint64_t cap = 16, n = 0;
    Acc *t = malloc(cap * sizeof *t);
    for (uint64_t j = 0; j < cap; j++) t[j].key = INT64_MIN;
    for (long i = 1; i <= rows; i++) {
        if ((n + 1) * 4 > cap * 3) {
            uint64_t nc = cap * 2;
            Acc *nt = malloc(nc * sizeof *nt);
            for (uint64_t j = 0; j < nc; j++) nt[j].key = INT64_MIN;
            for (uint64_t j = 0; j < cap; j++)
                if (t[j].key != INT64_MIN) *slot(nt, nc - 1, t[j].key) = t[j];
            free(t);
            t = nt;
            cap = nc;
        }
        int64_t k = i % keys;
        Acc *a = slot(t, cap - 1, k);
        if (a->key == INT64_MIN) {
            *a = (Acc){k, 0, 0, INT64_MIN};
            n++;
        }
        a->count++;
        a->sum += i;
        if (i > a->max) a->max = i;
    }
    out[0] = (int64_t)n;
    out[1] = out[2] = 0;
    for (uint64_t j = 0; j < cap; j++)
        if (t[j].key != INT64_MIN) {
            out[1] += t[j].count;
            out[2] += t[j].sum;
        }
    *bytes = cap * sizeof *t;
    free(t);
}

static void run(eddy_tenv *t, const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r || eddy_result_await(r)) {
        fprintf(stderr, "bench_group_state: %s\n", eddy_env_errmsg(eddy_tenv_env(t)));
        exit(1);
    }
    eddy_result_free(r);
}

int main(int argc, char **argv) {
    long keys = argc > 1 ? atol(argv[1]) : 1000000, rows = argc > 2 ? atol(argv[2]) : 4000000;
    if (keys < 1 || rows < keys) {
        fprintf(stderr, "usage: bench_group_state [keys] [rows >= keys]\n");
        return 2;
    }
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .mode = EDDY_STREAMING};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    char sql[1024];
    snprintf(sql, sizeof sql,
             "CREATE TABLE t (id BIGINT, v BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000000000', "
             "'number-of-rows' = '%ld', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = "
             "'%ld', 'fields.v.kind' = 'sequence', 'fields.v.start' = '1', 'fields.v.end' = '%ld')",
             rows, rows, rows);
    run(t, sql);
    run(t, "CREATE TABLE out_t (k BIGINT, c BIGINT, s BIGINT, m BIGINT) WITH ('connector' = 'blackhole')");
    snprintf(sql, sizeof sql,
             "INSERT INTO out_t SELECT MOD(id, %ld), COUNT(*), SUM(v), MAX(v) FROM t GROUP BY MOD(id, %ld)", keys, keys);
    double c0 = cpu_seconds();
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r || eddy_result_await(r) || !r->job) {
        fprintf(stderr, "bench_group_state: %s\n", eddy_env_errmsg(env));
        return 1;
    }
    double eddy_cpu = cpu_seconds() - c0;
    JobOpStats st[64];
    size_t n = eddy__job_op_stats(r->job, st, 64);
    int64_t state = -1;
    for (size_t i = 0; i < n && i < 64; i++)
        if (!strcmp(st[i].name, "GroupAggregate")) state = st[i].state_bytes;
    eddy_result_free(r);
    eddy_env_free(env);
    if (state < 0) {
        fprintf(stderr, "bench_group_state: no GroupAggregate operator in the job\n");
        return 1;
    }
    int64_t h[3];
    size_t hbytes;
    c0 = cpu_seconds();
    hand(rows, keys, h, &hbytes);
    double hand_cpu = cpu_seconds() - c0;
    double eb = (double)state / (double)keys, hb = (double)hbytes / (double)h[0];
    printf("GROUP BY over %ld keys, %ld rows (COUNT(*), SUM, MAX of a BIGINT)\n", keys, rows);
    printf("eddy GroupAggregate  %10.1f bytes/key  (%lld bytes)  cpu %.3f s (SQL job: generation, changelog)\n", eb,
           (long long)state, eddy_cpu);
    printf("hand-written table   %10.1f bytes/key  (%zu bytes, %lld keys)  cpu %.3f s\n", hb, hbytes, (long long)h[0],
           hand_cpu);
    printf("ratio bytes/key      %10.2fx\n", eb / hb);
    return 0;
}
