/*
 * batch_ops.c -- BATCH GROUP BY and hash join through SQL against a
 * hand-written open-addressing hash table over the same rows, measured in
 * the same run:
 *   group by  SELECT MOD(id, G), COUNT(*), SUM(v) FROM t GROUP BY MOD(id, G)
 *             (wrapped in a global COUNT / SUM so only one row comes back)
 *   join      SELECT COUNT(*), SUM(b.v) FROM t a JOIN s b ON a.id = b.id
 *             (s: G rows, the build side)
 * over a datagen table of N rows (id, v sequences). The baseline computes
 * the same values from the same sequences with a plain table keyed by
 * int64 (linear probing, one struct per group). Reports rows/s (wall time,
 * best of the repeats), the ratio eddy / baseline and checks that the
 * results agree. With a budget (third argument, e.g. "4 mb") eddy spills.
 *
 *   bench_batch_ops [rows] [groups] [budget] [repeats]   (defaults: 4000000, 100000, none, 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eddy.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct Slot {
    int64_t key, count, sum;
    int used;
} Slot;

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static Slot *find(Slot *t, uint64_t mask, int64_t k) {
    uint64_t j = mix((uint64_t)k) & mask;
    while (t[j].used && t[j].key != k) j = (j + 1) & mask;
    return &t[j];
}

/* The group by: groups, total count, total sum. */
static void hand_group_by(long n, long g, int64_t out[3]) {
    uint64_t cap = 16;
    while (cap < (uint64_t)g * 2) cap *= 2;
    Slot *t = calloc(cap, sizeof *t);
    for (long i = 1; i <= n; i++) {
        Slot *s = find(t, cap - 1, i % g);
        if (!s->used) {
            s->used = 1;
            s->key = i % g;
        }
        s->count++;
        s->sum += i;
    }
    out[0] = out[1] = out[2] = 0;
    for (uint64_t j = 0; j < cap; j++)
        if (t[j].used) {
            out[0]++;
            out[1] += t[j].count;
            out[2] += t[j].sum;
        }
    free(t);
}

/* The join: build g rows (id 1..g, v = id), probe n rows (id 1..n). */
static void hand_join(long n, long g, int64_t out[2]) {
    uint64_t cap = 16;
    while (cap < (uint64_t)g * 2) cap *= 2;
    Slot *t = calloc(cap, sizeof *t);
    for (long i = 1; i <= g; i++) {
        Slot *s = find(t, cap - 1, i);
        s->used = 1;
        s->key = i;
        s->sum = i;
    }
    out[0] = out[1] = 0;
    for (long i = 1; i <= n; i++) {
        Slot *s = find(t, cap - 1, i);
        if (s->used) {
            out[0]++;
            out[1] += s->sum;
        }
    }
    free(t);
}

static char *first_row(eddy_tenv *t, const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) {
        fprintf(stderr, "error: %s\n", eddy_env_errmsg(eddy_tenv_env(t)));
        exit(1);
    }
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    char *text = NULL;
    if (it && eddy_iter_next(it, &row) == EDDY_ROW) {
        text = malloc(256);
        eddy_row_to_string(row, text, 256);
    }
    eddy_iter_free(it);
    eddy_result_free(r);
    return text;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4000000, g = argc > 2 ? atol(argv[2]) : 100000;
    const char *budget = argc > 3 && strcmp(argv[3], "none") ? argv[3] : NULL;
    int reps = argc > 4 ? atoi(argv[4]) : 3;
    if (reps < 1) reps = 1;
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .mode = EDDY_BATCH};
    eddy_env *env = eddy_env_new(&cfg);
    if (budget && eddy_env_set_option(env, "taskmanager.memory.managed.size", budget)) return 1;
    eddy_tenv *t = eddy_tenv_new(env);
    char sql[1024];
    snprintf(sql, sizeof sql,
             "CREATE TABLE t (id BIGINT, v BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000000000', 'number-of-rows' = '%ld', "
             "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%ld', 'fields.v.kind' = "
             "'sequence', 'fields.v.start' = '1', 'fields.v.end' = '%ld')",
             n, n, n);
    eddy_result_free(eddy_tenv_execute_sql(t, sql));
    snprintf(sql, sizeof sql,
             "CREATE TABLE s (id BIGINT, v BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '2000000000', 'number-of-rows' = '%ld', "
             "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%ld', 'fields.v.kind' = "
             "'sequence', 'fields.v.start' = '1', 'fields.v.end' = '%ld')",
             g, g, g);
    eddy_result_free(eddy_tenv_execute_sql(t, sql));
    /* the scan alone, to subtract */
    double best[3] = {1e30, 1e30, 1e30}, hbest[2] = {1e30, 1e30};
    char *res[3] = {0};
    char gq[512];
    snprintf(gq, sizeof gq,
             "SELECT COUNT(*), SUM(c), SUM(s) FROM (SELECT MOD(id, %ld) AS k, COUNT(*) AS c, SUM(v) AS s FROM t "
             "GROUP BY MOD(id, %ld))",
             g, g);
    const char *qs[3] = {"SELECT COUNT(*), SUM(v) FROM t", gq,
                         "SELECT COUNT(*), SUM(b.v) FROM t a JOIN s b ON a.id = b.id"};
    int64_t hg[3] = {0}, hj[2] = {0};
    for (int r = 0; r < reps; r++) {
        for (int q = 0; q < 3; q++) {
            double t0 = now();
            char *x = first_row(t, qs[q]);
            double dt = now() - t0;
            if (dt < best[q]) best[q] = dt;
            free(res[q]);
            res[q] = x;
        }
        double t0 = now();
        hand_group_by(n, g, hg);
        double dt = now() - t0;
        if (dt < hbest[0]) hbest[0] = dt;
        t0 = now();
        hand_join(n, g, hj);
        dt = now() - t0;
        if (dt < hbest[1]) hbest[1] = dt;
    }
    char want[2][128];
    snprintf(want[0], sizeof want[0], "+I[%lld, %lld, %lld]", (long long)hg[0], (long long)hg[1], (long long)hg[2]);
    snprintf(want[1], sizeof want[1], "+I[%lld, %lld]", (long long)hj[0], (long long)hj[1]);
    printf("rows %ld, groups / build rows %ld, budget %s, best of %d\n", n, g, budget ? budget : "default", reps);
    printf("scan only          %8.3f s  %10.0f rows/s\n", best[0], n / best[0]);
    const char *names[2] = {"group by", "join"};
    for (int q = 0; q < 2; q++) {
        double op = best[q + 1] - best[0]; /* the operator's share: minus the scan */
        printf("%-9s eddy    %8.3f s  %10.0f rows/s (operator alone %.3f s, %.0f rows/s)  %s\n", names[q],
               best[q + 1], n / best[q + 1], op, op > 0 ? n / op : 0.0, res[q + 1]);
        printf("%-9s hand    %8.3f s  %10.0f rows/s  %s\n", names[q], hbest[q], n / hbest[q], want[q]);
        printf("%-9s ratio   eddy / hand: %.1fx (operator alone %.1fx)  results %s\n", names[q],
               best[q + 1] / hbest[q], op / hbest[q], res[q + 1] && !strcmp(res[q + 1], want[q]) ? "agree" : "DIFFER");
    }
    for (int q = 0; q < 3; q++) free(res[q]);
    eddy_env_free(env);
    return 0;
}
