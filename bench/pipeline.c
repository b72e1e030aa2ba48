/*
 * pipeline.c -- the foundation benchmark: N rows through
 *   values -> map -> filter -> fromDataStream -> SQL projection and filter
 *   -> toDataStream -> counting sink
 * in eddy, beside the same work written by hand in plain C, measured in the
 * same run. Reports rows/s (input rows per second of CPU time), the ratio
 * eddy / hand-written, and checks that both computed the same result.
 *
 *   bench_pipeline [rows] [repeats]     (defaults: 10000000 rows, 3 repeats)
 *
 * The work per row: map x -> (id = x, score = x % 100, name = "user" + x % 10),
 * keep score < 80, then SQL keeps id % 3 <> 0 and computes score * 2 and
 * UPPER(name); the sink counts rows and sums score * 2 and name lengths.
 */
#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static const char *names[10] = {"user0", "user1", "user2", "user3", "user4",
                                "user5", "user6", "user7", "user8", "user9"};

/* ---- the hand-written loop --------------------------------------------------------------- */

typedef struct Result {
    long rows;
    long long sum;
} Result;

static Result handwritten(long n) {
    Result r = {0, 0};
    char upper[16];
    for (long x = 0; x < n; x++) {
        int score = (int)(x % 100);
        const char *name = names[x % 10];
        if (!(score < 80)) continue;
        if (x % 3 == 0) continue;
        int s2 = score * 2;
        size_t len = strlen(name);
        for (size_t i = 0; i < len; i++) upper[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
        upper[len] = 0;
        r.rows++;
        r.sum += s2 + (long long)strlen(upper);
    }
    return r;
}

/* ---- the same in eddy -------------------------------------------------------------------- */

static eddy_status to_user(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t x;
    eddy_row_get_long(in, 0, &x);
    eddy_out_set_long(out, 0, x);
    eddy_out_set_int(out, 1, (int32_t)(x % 100));
    const char *name = names[x % 10];
    return eddy_out_set_string(out, 2, name, 5);
}

static eddy_status keep_low(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    int32_t score;
    eddy_row_get_int(in, 1, &score);
    *keep = score < 80;
    return EDDY_OK;
}

/* The sink runs at parallelism 1: one thread writes the counters, and the
 * job's end orders those writes before execute returns. */
typedef struct Counter {
    long rows;
    long long sum;
} Counter;

static eddy_status count(void *ctx, const eddy_row *in) {
    Counter *c = ctx;
    int32_t s2;
    const char *n;
    size_t len;
    eddy_row_get_int(in, 1, &s2);
    eddy_row_get_string(in, 2, &n, &len);
    c->rows++;
    c->sum += s2 + (long long)len;
    return EDDY_OK;
}

static Result run_eddy(long n) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *tenv = eddy_tenv_new(env);
    Counter c = {0, 0};
    eddy_stream *users = eddy_stream_map(eddy_from_sequence(env, 0, n - 1), "ROW<id BIGINT, score INT, name STRING>",
                                         to_user, NULL, NULL);
    eddy_stream *low = eddy_stream_filter(users, keep_low, NULL, NULL);
    eddy_tenv_create_temporary_view_from_stream(tenv, "Users", low, NULL);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT id, score * 2 AS s2, UPPER(name) AS n FROM Users WHERE id % 3 <> 0");
    eddy_stream_add_sink(eddy_tenv_to_datastream(tenv, t), count, &c, NULL, 1);
    if (eddy_env_execute(env, "bench") != EDDY_OK) {
        fprintf(stderr, "eddy failed: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
    eddy_env_free(env);
    return (Result){c.rows, c.sum};
}

/* ---- measuring ------------------------------------------------------------------------------ */

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static double wall_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    int repeats = argc > 2 ? atoi(argv[2]) : 3;
    double best_hand = 1e30, best_eddy = 1e30, wall_eddy = 0;
    Result rh = {0, 0}, re = {0, 0};
    for (int k = 0; k < repeats; k++) {
        double c0 = cpu_seconds();
        rh = handwritten(n);
        double c1 = cpu_seconds();
        double w0 = wall_seconds();
        re = run_eddy(n);
        double c2 = cpu_seconds(), w1 = wall_seconds();
        if (c1 - c0 < best_hand) best_hand = c1 - c0;
        if (c2 - c1 < best_eddy) {
            best_eddy = c2 - c1;
            wall_eddy = w1 - w0;
        }
    }
    if (rh.rows != re.rows || rh.sum != re.sum) {
        fprintf(stderr, "results differ: hand-written %ld rows sum %lld, eddy %ld rows sum %lld\n", rh.rows, rh.sum,
                re.rows, re.sum);
        return 1;
    }
    if (best_hand <= 0) best_hand = 1e-6;
    printf("rows=%ld kept=%ld checksum=%lld\n", n, re.rows, re.sum);
    printf("hand-written: %.3f s cpu, %.1f M rows/s\n", best_hand, n / best_hand / 1e6);
    printf("eddy:         %.3f s cpu (%.3f s wall), %.1f M rows/s\n", best_eddy, wall_eddy, n / best_eddy / 1e6);
    printf("ratio eddy / hand-written (cpu time): %.2fx\n", best_eddy / best_hand);
    return 0;
}
