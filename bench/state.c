/*
 * state.c -- the state backends' fast path (the heap's and RocksDB's)
 * against a hand-written open-addressing table doing the same work, in the
 * same run on one core.
 *
 *   bench_state [updates] [keys] [repeats]   (defaults: 10000000 1000000 3)
 *
 * The work: a per-key COUNT and SUM over BIGINT keys drawn uniformly from
 * [0, keys), `updates` of them, in batches of 1024 as an aggregation
 * operator sees them.
 *
 *  - eddy: per batch, the key vector is encoded once (eddy__key_batch_encode:
 *    key bytes, hash and key group per row), eddy__state_slots hands out a
 *    16-byte slot per row (created zeroed for new keys), the loop adds to
 *    count and sum in place, eddy__state_flush ends the batch. Bytes per key
 *    are what the backend charged to its MemAccount (pages, index, slack).
 *  - eddy on RocksDB: the same calls on the RocksDB backend (slots are its
 *    write-back buffer: a multi-get for the keys new to a batch, one
 *    WriteBatch at flush), unlimited managed memory (a 64 MiB share: 16 MiB
 *    write buffers, a 32 MiB block cache), its directory in the temp dir.
 *    Bytes per key: RocksDB's live data on disk plus memtables / keys
 *    (StateStats.value_bytes); its memory is the fixed share.
 *  - hand-written: {key, count, sum} entries in one power-of-two array,
 *    linear probing, the same hash (eddy__hash_u64), doubling at 3/4 load;
 *    bytes per key are its array's bytes.
 *
 * All check the same totals. Reports the best CPU time of the repeats (the
 * main thread's: RocksDB's flushes and compactions run on its own threads,
 * whose time is given apart as background CPU), ns/update, bytes/key, and
 * the ratios eddy / hand-written and RocksDB / heap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "state/state.h"

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* The calling thread's CPU time (the process's minus it: RocksDB's threads). */
static double thread_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

#define BATCH 1024

/* ---- hand-written ------------------------------------------------------------- */

typedef struct HEntry {
    int64_t key; /* INT64_MIN: empty */
    int64_t count, sum;
} HEntry;

typedef struct HTable {
    HEntry *e;
    size_t cap, n;
} HTable;

static void ht_init(HTable *t) {
    t->cap = 16;
    t->n = 0;
    t->e = malloc(sizeof(HEntry) * t->cap);
    for (size_t i = 0; i < t->cap; i++) t->e[i].key = INT64_MIN;
}

static void ht_grow(HTable *t) {
    HTable nt = {malloc(sizeof(HEntry) * t->cap * 2), t->cap * 2, t->n};
    for (size_t i = 0; i < nt.cap; i++) nt.e[i].key = INT64_MIN;
    for (size_t i = 0; i < t->cap; i++) {
        if (t->e[i].key == INT64_MIN) continue;
        size_t j = eddy__hash_u64((uint64_t)t->e[i].key) & (nt.cap - 1);
        while (nt.e[j].key != INT64_MIN) j = (j + 1) & (nt.cap - 1);
        nt.e[j] = t->e[i];
    }
    free(t->e);
    *t = nt;
}

static void hand_run(const int64_t *keys, size_t n, HTable *t) {
    ht_init(t);
    for (size_t i = 0; i < n; i++) {
        int64_t k = keys[i];
        size_t mask = t->cap - 1, j = eddy__hash_u64((uint64_t)k) & mask;
        while (t->e[j].key != k && t->e[j].key != INT64_MIN) j = (j + 1) & mask;
        if (t->e[j].key == INT64_MIN) {
            if ((t->n + 1) * 4 > t->cap * 3) {
                ht_grow(t);
                mask = t->cap - 1;
                j = eddy__hash_u64((uint64_t)k) & mask;
                while (t->e[j].key != INT64_MIN) j = (j + 1) & mask;
            }
            t->e[j] = (HEntry){k, 0, 0};
            t->n++;
        }
        t->e[j].count++;
        t->e[j].sum += k;
    }
}

/* ---- eddy ------------------------------------------------------------------------- */

typedef struct EddyRun {
    EdErr err;
    MemAccount acct;
    StateBackend *be;
    State *st;
} EddyRun;

static void eddy_run(const int64_t *keys, size_t n, EddyRun *r, const StateBackendVtab *vt) {
    memset(&r->err, 0, sizeof r->err);
    eddy__mem_account_init(&r->acct, NULL, "bench", true);
    StateBackendConfig cfg = {.uid = "bench", .op_name = "bench", .max_parallelism = 128, .first_group = 0,
                              .last_group = 127, .parallelism = 1, .account = &r->acct, .err = &r->err, .vtab = vt};
    StateDesc d = {.name = "agg", .kind = STATE_VALUE, .value_type = eddy__type_basic(TY_BIGINT, false),
                   .fixed_size = 16};
    if (eddy__state_backend_new(&cfg, &r->be) || eddy__state_register(r->be, &d, &r->st)) {
        fprintf(stderr, "state: %s\n", r->err.msg);
        exit(1);
    }
    const Type *t = eddy__type_basic(TY_BIGINT, false);
    Vector *v = eddy__vec_new(t, BATCH);
    KeyBatch kb;
    eddy__key_batch_init(&kb);
    void *slots[BATCH];
    uint8_t created[BATCH];
    for (size_t at = 0; at < n; at += BATCH) {
        uint32_t m = (uint32_t)(n - at < BATCH ? n - at : BATCH);
        memcpy(v->data, keys + at, sizeof(int64_t) * m);
        Vector *cols[1] = {v};
        if (eddy__key_batch_encode(&kb, cols, 1, NULL, m, 128, &r->err) ||
            eddy__state_slots(r->st, &kb, NULL, m, NULL, 0, slots, created)) {
            fprintf(stderr, "state: %s\n", r->err.msg);
            exit(1);
        }
        const int64_t *kv = keys + at;
        for (uint32_t i = 0; i < m; i++) {
            int64_t *acc = slots[i];
            acc[0]++;
            acc[1] += kv[i];
        }
        eddy__state_flush(r->st);
    }
    eddy__key_batch_free(&kb);
    eddy__vec_release(v);
}

static void eddy_free(EddyRun *r) {
    eddy__state_backend_free(r->be);
    eddy__err_clear(&r->err);
}

int main(int argc, char **argv) {
    size_t updates = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000;
    int64_t nkeys = argc > 2 ? strtoll(argv[2], NULL, 10) : 1000000;
    int repeats = argc > 3 ? atoi(argv[3]) : 3;
    if (!updates || nkeys < 1 || repeats < 1) {
        fprintf(stderr, "usage: bench_state [updates] [keys] [repeats]\n");
        return 2;
    }
    int64_t *keys = malloc(sizeof(int64_t) * updates);
    uint64_t x = 88172645463325252ULL;
    int64_t expect_sum = 0;
    for (size_t i = 0; i < updates; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        keys[i] = (int64_t)(x % (uint64_t)nkeys);
        expect_sum += keys[i];
    }
    double best_h = 1e30, best[2] = {1e30, 1e30}, bytes_h = 0, bytes[2] = {0, 0}, bg[2] = {0, 0};
    const StateBackendVtab *vts[2] = {&eddy__state_heap_vtab, &eddy__state_rocksdb_vtab};
    size_t distinct = 0;
    for (int rep = 0; rep < repeats; rep++) {
        HTable t;
        double c0 = thread_seconds();
        hand_run(keys, updates, &t);
        double c1 = thread_seconds();
        if (c1 - c0 < best_h) best_h = c1 - c0;
        int64_t cnt = 0, sum = 0;
        for (size_t i = 0; i < t.cap; i++)
            if (t.e[i].key != INT64_MIN) cnt += t.e[i].count, sum += t.e[i].sum;
        if (cnt != (int64_t)updates || sum != expect_sum) {
            fprintf(stderr, "hand-written: wrong totals\n");
            return 1;
        }
        distinct = t.n;
        bytes_h = (double)(t.cap * sizeof(HEntry)) / (double)t.n;
        free(t.e);

        for (int b = 0; b < 2; b++) {
            EddyRun r;
            double p0 = cpu_seconds();
            c0 = thread_seconds();
            eddy_run(keys, updates, &r, vts[b]);
            c1 = thread_seconds();
            double p1 = cpu_seconds();
            if (c1 - c0 < best[b]) best[b] = c1 - c0, bg[b] = (p1 - p0) - (c1 - c0);
            StateStats st;
            eddy__state_backend_stats(r.be, &st);
            StateIter *it;
            eddy__state_iter_keys(r.st, NULL, &it);
            cnt = sum = 0;
            size_t seen = 0;
            for (;;) {
                StateEntry e;
                bool has;
                if (eddy__state_iter_next(it, &e, &has) || !has) break;
                int64_t acc[2];
                memcpy(acc, e.value, 16);
                cnt += acc[0];
                sum += acc[1];
                seen++;
            }
            eddy__state_iter_close(it);
            if (cnt != (int64_t)updates || sum != expect_sum || seen != distinct || (!b && st.entries != distinct)) {
                fprintf(stderr, "eddy (%s): wrong totals\n", vts[b]->name);
                return 1;
            }
            bytes[b] = (double)(b ? st.value_bytes : (uint64_t)eddy__mem_bytes(&r.acct)) / (double)distinct;
            eddy_free(&r);
        }
    }
    printf("%zu updates of COUNT+SUM over %zu BIGINT keys, batches of %d, best of %d\n", updates, distinct, BATCH,
           repeats);
    printf("%-14s %10s %12s %10s %14s\n", "", "CPU s", "ns/update", "bytes/key", "background s");
    printf("%-14s %10.3f %12.1f %10.1f %14s\n", "hand-written", best_h, best_h * 1e9 / (double)updates, bytes_h, "-");
    printf("%-14s %10.3f %12.1f %10.1f %14.3f\n", "eddy heap", best[0], best[0] * 1e9 / (double)updates, bytes[0],
           bg[0]);
    printf("%-14s %10.3f %12.1f %10.1f %14.3f\n", "eddy rocksdb", best[1], best[1] * 1e9 / (double)updates, bytes[1],
           bg[1]);
    printf("ratio heap / hand-written: time %.2fx, bytes per key %.2fx\n", best[0] / best_h, bytes[0] / bytes_h);
    printf("ratio rocksdb / heap: time %.2fx (with background %.2fx)\n", best[1] / best[0],
           (best[1] + bg[1]) / (best[0] + bg[0]));
    free(keys);
    return 0;
}
