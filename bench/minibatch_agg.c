/*
 * minibatch_agg.c -- the streaming GroupAggregate with and without
 * mini-batch, measured in the same run:
 *
 *   fromSequence(0..N-1) -> SQL: SELECT f0 % G, COUNT(*), SUM(f0) GROUP BY f0 % G
 *     -> toChangelogStream -> counting sink
 *
 * at parallelism 1, in four configurations: mini-batch off (GroupAggregate,
 * one state read-modify-write and one -U/+U pair per input row), mini-batch
 * one phase (table.exec.mini-batch.size rows buffered, one change per key
 * per batch), two phases (LocalGroupAggregate -> GlobalGroupAggregate) and
 * two phases over an updating input (the counts counted again). Reports
 * input rows/s (per second of CPU time, best of the repeats), the changelog
 * rows each emits, and the ratio to mini-batch off; checks that the
 * changelogs, applied, give the same totals.
 *
 *   bench_minibatch_agg [rows] [groups] [size] [repeats]
 *                        (defaults: 4000000, 100, 1000, 3)
 */
#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The sink runs at parallelism 1 (one thread writes the counters). */
typedef struct Counter {
    long rows;
    long long sum; /* the SUM column, +I / +U added, -U / -D taken away: the final tables' total */
} Counter;

static eddy_status count(void *ctx, const eddy_row *in) {
    Counter *c = ctx;
    int64_t s = 0;
    eddy_row_get_long(in, 2, &s);
    eddy_row_kind k = eddy_row_get_kind(in);
    c->rows++;
    c->sum += k == EDDY_INSERT || k == EDDY_UPDATE_AFTER ? s : -s;
    return EDDY_OK;
}

typedef struct Config {
    const char *name;
    const char *size;     /* NULL: mini-batch off */
    const char *strategy;
    bool nested;          /* an aggregate over the aggregate (an updating input) */
} Config;

static Counter run(const Config *cf, long n, long groups) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *tenv = eddy_tenv_new(env);
    eddy_tenv_create_temporary_view_from_stream(tenv, "Seq", eddy_from_sequence(env, 0, n - 1), NULL);
    if (cf->size) {
        eddy_tenv_set_option(tenv, "table.exec.mini-batch.enabled", "true");
        eddy_tenv_set_option(tenv, "table.exec.mini-batch.allow-latency", "1 s");
        eddy_tenv_set_option(tenv, "table.exec.mini-batch.size", cf->size);
        eddy_tenv_set_option(tenv, "table.optimizer.agg-phase-strategy", cf->strategy);
    }
    char sql[300];
    if (cf->nested)
        snprintf(sql, sizeof sql,
                 "SELECT c %% 10, COUNT(*), SUM(s) FROM (SELECT f0 %% %ld AS k, COUNT(*) AS c, SUM(f0) AS s FROM Seq "
                 "GROUP BY f0 %% %ld) GROUP BY c %% 10",
                 groups, groups);
    else
        snprintf(sql, sizeof sql, "SELECT f0 %% %ld, COUNT(*), SUM(f0) FROM Seq GROUP BY f0 %% %ld", groups, groups);
    Counter c = {0, 0};
    eddy_table *t = eddy_tenv_sql_query(tenv, sql);
    eddy_stream *s = t ? eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_ALL) : NULL;
    if (!s || eddy_stream_add_sink(s, count, &c, NULL, 1) || eddy_env_execute(env, "bench") != EDDY_OK) {
        fprintf(stderr, "eddy failed: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
    eddy_env_free(env);
    return c;
}

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    long groups = argc > 2 ? atol(argv[2]) : 100;
    const char *size = argc > 3 ? argv[3] : "1000";
    int repeats = argc > 4 ? atoi(argv[4]) : 3;
    if (n <= 0 || groups <= 0 || atol(size) <= 0 || repeats <= 0) {
        fprintf(stderr, "usage: bench_minibatch_agg [rows] [groups] [size] [repeats]\n");
        return 2;
    }
    static const Config configs[] = {{"mini-batch off", NULL, NULL, false},
                                     {"mini-batch, one phase", "", "ONE_PHASE", false},
                                     {"mini-batch, two phases", "", "TWO_PHASE", false},
                                     {"nested, mini-batch off", NULL, NULL, true},
                                     {"nested, mini-batch", "", "AUTO", true}};
    enum { NC = sizeof configs / sizeof configs[0] };
    double best[NC];
    Counter res[NC];
    for (int c = 0; c < NC; c++) best[c] = 1e30;
    for (int r = 0; r < repeats; r++) {
        for (int c = 0; c < NC; c++) {
            Config cf = configs[c];
            if (cf.size) cf.size = size;
            double c0 = cpu_seconds();
            res[c] = run(&cf, n, groups);
            double c1 = cpu_seconds();
            if (c1 - c0 < best[c]) best[c] = c1 - c0;
        }
    }
    long long want = (long long)n * (n - 1) / 2;
    printf("rows=%ld groups=%ld mini-batch size=%s, best of %d (cpu time)\n", n, groups, size, repeats);
    int bad = 0;
    for (int c = 0; c < NC; c++) {
        int base = configs[c].nested ? 3 : 0;
        printf("%-24s %.3f s, %6.2f M rows/s, %9ld changelog rows, x%.2f throughput of mini-batch off\n",
               configs[c].name, best[c], n / best[c] / 1e6, res[c].rows, best[base] / best[c]);
        if (res[c].sum != want) {
            fprintf(stderr, "%s: the changelog's total is %lld, expected %lld\n", configs[c].name, res[c].sum, want);
            bad = 1;
        }
    }
    return bad;
}
