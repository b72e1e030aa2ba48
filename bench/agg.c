/*
 * agg.c -- the aggregate function library against hand-written loops: SUM,
 * COUNT, AVG and MAX of a BIGINT column over N rows into G groups'
 * accumulators, the way a group-aggregation operator will drive the library
 * (batches of 1024 rows; per batch, each row's group slot -- what the
 * operator's hash probe yields -- then one accumulate call per function, its
 * part of the slot at its acc_offset), beside
 *   - a fused hand-written loop: one pass, one struct per group, all four
 *     updates per row (what a hand-coded aggregation does);
 *   - a hand-written loop per function: the same column-wise passes as the
 *     library, with the same group lookups, written out inline.
 * Group ids are given (random, uniform): no hashing is measured, only the
 * accumulator updates. Reports rows/s (per second of CPU time, best of the
 * repeats), the ratios, and checks that all three computed the same values.
 *
 *   bench_agg [rows] [groups] [repeats]   (defaults: 10000000, 1000000, 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "expr/agg.h"
#include "types/vector.h"

enum { BATCH = 1024, NFN = 4 };

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- hand-written ------------------------------------------------------------------------ */

typedef struct Hand {
    int64_t sum, count, avg_sum, avg_count, max;
    uint8_t has_sum, has_max;
} Hand;

static void hand_fused(const int64_t *v, const uint32_t *gid, long n, Hand *g) {
    for (long i = 0; i < n; i++) {
        Hand *h = &g[gid[i]];
        int64_t x = v[i];
        h->sum += x;
        h->has_sum = 1;
        h->count++;
        h->avg_sum += x;
        h->avg_count++;
        if (!h->has_max || x > h->max) {
            h->max = x;
            h->has_max = 1;
        }
    }
}

/* Column-wise like the library: per batch, one pass per function. */
static void hand_passes(const int64_t *v, const uint32_t *gid, long n, Hand *g) {
    for (long b = 0; b < n; b += BATCH) {
        long e = b + BATCH < n ? b + BATCH : n;
        for (long i = b; i < e; i++) {
            Hand *h = &g[gid[i]];
            h->sum += v[i];
            h->has_sum = 1;
        }
        for (long i = b; i < e; i++) g[gid[i]].count++;
        for (long i = b; i < e; i++) {
            Hand *h = &g[gid[i]];
            h->avg_sum += v[i];
            h->avg_count++;
        }
        for (long i = b; i < e; i++) {
            Hand *h = &g[gid[i]];
            if (!h->has_max || v[i] > h->max) {
                h->max = v[i];
                h->has_max = 1;
            }
        }
    }
}

/* ---- the library ----------------------------------------------------------------------------- */

typedef struct Lib {
    const AggFn *fn[NFN];
    size_t off[NFN], slot;
    char *slots;
    AggCtx cx;
    EdErr err;
} Lib;

static int lib_init(Lib *l, Arena *a, long groups) {
    static const char *names[NFN] = {"SUM", "COUNT", "AVG", "MAX"};
    const Type *arg[1] = {eddy__type_basic(TY_BIGINT, false)};
    size_t off = 0, align = 1;
    for (int k = 0; k < NFN; k++) {
        AggSpec sp = {.name = names[k], .nargs = 1, .args = arg};
        if (eddy__agg_resolve(a, &sp, &l->fn[k], &l->err)) return -1;
        size_t al = l->fn[k]->acc_align;
        if (al > align) align = al;
        off = (off + al - 1) / al * al;
        l->off[k] = off;
        off += l->fn[k]->acc_size;
    }
    l->slot = (off + align - 1) / align * align;
    l->slots = eddy__calloc((size_t)groups, l->slot);
    eddy__agg_ctx_init(&l->cx, NULL, NULL, &l->err);
    return l->slots ? 0 : -1;
}

static void lib_reset(Lib *l, long groups) {
    for (int k = 0; k < NFN; k++) {
        l->cx.acc_offset = l->off[k];
        for (long g = 0; g < groups; g++) eddy__agg_init(l->fn[k], &l->cx, l->slots + (size_t)g * l->slot);
    }
}

/* The functions over the batches; `step` rows at a time per function (the
 * whole batch, or pieces of it whose slots stay in the L1 cache across the
 * four passes). */
static int lib_run(Lib *l, Vector *col, const uint32_t *gid, long n, uint32_t step) {
    static uint32_t rows[BATCH];
    static void *slots[BATCH];
    Vector *args[1] = {col};
    for (long b = 0; b < n; b += BATCH) {
        uint32_t m = (uint32_t)(b + BATCH < n ? BATCH : n - b);
        /* what the operator's probe gives: each row's group slot */
        for (uint32_t i = 0; i < m; i++) {
            rows[i] = (uint32_t)(b + i);
            slots[i] = l->slots + (size_t)gid[b + i] * l->slot;
        }
        for (uint32_t p = 0; p < m; p += step) {
            uint32_t q = m - p < step ? m - p : step;
            for (int k = 0; k < NFN; k++) {
                l->cx.acc_offset = l->off[k];
                if (eddy__agg_accumulate(l->fn[k], &l->cx, args, rows + p, q, slots + p)) return -1;
            }
        }
    }
    return 0;
}

/* The values of group g as "sum count avg max". */
static void lib_values(Lib *l, long g, int64_t out[NFN], bool nul[NFN]) {
    for (int k = 0; k < NFN; k++) {
        Vector *o = eddy__vec_new(l->fn[k]->result, 1);
        void *acc[1] = {l->slots + (size_t)g * l->slot};
        l->cx.acc_offset = l->off[k];
        eddy__agg_get_value(l->fn[k], &l->cx, acc, 1, o, 0);
        nul[k] = vec_is_null(o, 0);
        out[k] = VEC_DATA(o, int64_t)[0];
        eddy__vec_release(o);
    }
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    long groups = argc > 2 ? atol(argv[2]) : 1000000;
    int repeats = argc > 3 ? atoi(argv[3]) : 3;
    if (n <= 0 || groups <= 0 || repeats <= 0 || n > 0x7fffffffL) {
        fprintf(stderr, "usage: bench_agg [rows] [groups] [repeats]\n");
        return 2;
    }
    Vector *col = eddy__vec_new(eddy__type_basic(TY_BIGINT, false), (uint32_t)n);
    uint32_t *gid = eddy__malloc(sizeof(uint32_t) * (size_t)n);
    Hand *h1 = eddy__malloc(sizeof(Hand) * (size_t)groups), *h2 = eddy__malloc(sizeof(Hand) * (size_t)groups);
    Arena a;
    eddy__arena_init(&a, 1 << 16);
    Lib l = {0};
    if (!col || !gid || !h1 || !h2 || lib_init(&l, &a, groups)) {
        fprintf(stderr, "bench_agg: %s\n", l.err.msg ? l.err.msg : "out of memory");
        return 1;
    }
    int64_t *v = VEC_DATA(col, int64_t);
    uint64_t s = 88172645463325252ULL;
    for (long i = 0; i < n; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        v[i] = (int64_t)(s % 2000001) - 1000000;
        gid[i] = (uint32_t)((s >> 32) % (uint64_t)groups);
    }
    double best_fused = 1e9, best_passes = 1e9, best_lib = 1e9, best_lib256 = 1e9;
    for (int r = 0; r < repeats; r++) {
        memset(h1, 0, sizeof(Hand) * (size_t)groups);
        double c0 = cpu_seconds();
        hand_fused(v, gid, n, h1);
        double c1 = cpu_seconds();
        memset(h2, 0, sizeof(Hand) * (size_t)groups);
        double c2 = cpu_seconds();
        hand_passes(v, gid, n, h2);
        double c3 = cpu_seconds();
        lib_reset(&l, groups);
        double c4 = cpu_seconds();
        int bad_run = lib_run(&l, col, gid, n, 256);
        double c5 = cpu_seconds();
        lib_reset(&l, groups);
        double c6 = cpu_seconds();
        bad_run = bad_run || lib_run(&l, col, gid, n, BATCH);
        double c7 = cpu_seconds();
        if (bad_run) {
            fprintf(stderr, "bench_agg: %s\n", l.err.msg);
            return 1;
        }
        if (c1 - c0 < best_fused) best_fused = c1 - c0;
        if (c3 - c2 < best_passes) best_passes = c3 - c2;
        if (c5 - c4 < best_lib256) best_lib256 = c5 - c4;
        if (c7 - c6 < best_lib) best_lib = c7 - c6;
    }
    /* the three agree on every group */
    long bad = 0;
    for (long g = 0; g < groups; g++) {
        int64_t got[NFN];
        bool nul[NFN];
        lib_values(&l, g, got, nul);
        const Hand *h = &h1[g];
        int64_t want[NFN] = {h->sum, h->count, h->avg_count ? h->avg_sum / h->avg_count : 0, h->max};
        bool wnul[NFN] = {!h->has_sum, false, h->avg_count == 0, !h->has_max};
        for (int k = 0; k < NFN; k++)
            if (nul[k] != wnul[k] || (!nul[k] && got[k] != want[k])) bad++;
        if (memcmp(h, &h2[g], offsetof(Hand, has_max) + 1)) bad++;
    }
    printf("rows %ld, groups %ld, library fixed part %zu bytes per group (SUM %u, COUNT %u, AVG %u, MAX %u), "
           "hand-written %zu\n",
           n, groups, l.slot, l.fn[0]->acc_size, l.fn[1]->acc_size, l.fn[2]->acc_size, l.fn[3]->acc_size,
           sizeof(Hand));
    printf("hand-written, fused:        %.3f s cpu, %6.1f M rows/s\n", best_fused, n / best_fused / 1e6);
    printf("hand-written, per function: %.3f s cpu, %6.1f M rows/s\n", best_passes, n / best_passes / 1e6);
    printf("library, 1024-row calls:    %.3f s cpu, %6.1f M rows/s\n", best_lib, n / best_lib / 1e6);
    printf("library, 256-row calls:     %.3f s cpu, %6.1f M rows/s\n", best_lib256, n / best_lib256 / 1e6);
    printf("ratio library / fused: %.2fx (256-row calls %.2fx), library / per function: %.2fx\n",
           best_lib / best_fused, best_lib256 / best_fused, best_lib / best_passes);
    printf("results: %s\n", bad ? "DIFFER" : "same values in every group");
    eddy__free(l.slots);
    eddy__agg_ctx_free(&l.cx);
    eddy__err_clear(&l.err);
    eddy__arena_destroy(&a);
    eddy__free(gid);
    eddy__free(h1);
    eddy__free(h2);
    eddy__vec_release(col);
    return bad ? 1 : 0;
}
