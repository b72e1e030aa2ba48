/*
 * test_state.c -- the state API (src/state/state.h) over each backend (the
 * heap and RocksDB: every backend test runs once per backend): the key hash
 * and KeyBatch, every kind of state and call, the slot fast path, iteration
 * while writing, TTL with a manual clock, memory accounting and the budget,
 * snapshots (round trip, rescaling, damaged input, heap <-> RocksDB),
 * timers, and a randomized differential test against a trivially correct
 * model.
 */
#include "state/state.h"

#include <stdlib.h>
#include <unistd.h>

#include "state/state_int.h"

#include "state/timers.h"
#include "test.h"
#include "types/compare.h"
#include "types/serde.h"

static Arena arena;

/* The backend under test (main runs the backend tests once per backend). */
static const StateBackendVtab *g_vt = &eddy__state_heap_vtab;
static bool heap(void) { return g_vt == &eddy__state_heap_vtab; }

static const Type *tp(const char *s) {
    const Type *t = NULL;
    EdErr e = {0};
    if (eddy__type_parse(&arena, s, strlen(s), NULL, &t, &e)) {
        fprintf(stderr, "bad type %s: %s\n", s, e.msg);
        exit(2);
    }
    return t;
}

/* A BIGINT key as KeyBatch encodes it: presence byte + 8 bytes. */
typedef struct K {
    char b[9];
    StateKey k;
} K;

static StateKey *key(K *k, int64_t v, int max_par) {
    k->b[0] = 1;
    memcpy(k->b + 1, &v, 8);
    uint64_t h = eddy__hash_u64((uint64_t)v);
    k->k = (StateKey){k->b, 9, eddy__state_key_group(h, max_par), h};
    return &k->k;
}

static StateNs ns_of(const char *s) { return (StateNs){s, (uint32_t)strlen(s)}; }

typedef struct Env {
    EdErr err;
    MemBudget budget;
    MemAccount acct;
    Clock clock;
    StateBackend *be;
} Env;

static StateBackend *env_open(Env *e, int first, int last, int max_par, int64_t limit) {
    memset(&e->err, 0, sizeof e->err);
    eddy__mem_budget_init(&e->budget, limit);
    eddy__mem_account_init(&e->acct, &e->budget, "'Test' (uid t1)", true);
    eddy__clock_manual_init(&e->clock, 1000);
    StateBackendConfig cfg = {.uid = "t1", .op_name = "'Test'", .max_parallelism = max_par, .first_group = first,
                              .last_group = last, .parallelism = 1, .account = &e->acct, .clock = &e->clock,
                              .err = &e->err, .vtab = g_vt};
    e->be = NULL;
    if (eddy__state_backend_new(&cfg, &e->be)) {
        fprintf(stderr, "backend: %s\n", e->err.msg);
        exit(2);
    }
    return e->be;
}

/* The entries of every state, counted by iterating them (each map entry
 * singly, as StateStats counts); the heap's StateStats.entries must agree
 * (RocksDB's is an estimate). */
static uint64_t entries(Env *e) {
    uint64_t n = 0;
    StateBackend *be = e->be;
    for (uint32_t i = 0; i < be->nstates; i++) {
        BackendIter *it;
        StateIterSpec spec = {.group = -1};
        if (be->vt->iter_open(be->states[i]->bs, &spec, &it)) return UINT64_MAX;
        StateEntry en;
        bool has;
        while (!be->vt->iter_next(it, &en, &has) && has) n++;
        be->vt->iter_close(it);
    }
    if (heap()) {
        StateStats st;
        eddy__state_backend_stats(be, &st);
        if (st.entries != n) return UINT64_MAX - 1;
    }
    return n;
}

static void env_close(Env *e) {
    eddy__state_backend_free(e->be);
    eddy__err_clear(&e->err);
}

static State *reg(Env *e, const char *name, StateKind kind, const char *value_type) {
    StateDesc d = {.name = name, .kind = kind, .key_type = tp("BIGINT"), .value_type = value_type ? tp(value_type) : NULL};
    if (kind == STATE_MAP) d.map_key_type = tp("STRING");
    State *s = NULL;
    if (eddy__state_register(e->be, &d, &s)) {
        fprintf(stderr, "register: %s\n", e->err.msg);
        exit(2);
    }
    return s;
}

/* ---- keys --------------------------------------------------------------------------- */

TEST(key_batch_matches_the_routing_hash_and_serde) {
    /* one BIGINT column with NULLs (fast path), and BIGINT + STRING (general) */
    Vector *a = eddy__vec_new(tp("BIGINT"), 100), *b = eddy__vec_new(tp("STRING"), 100);
    for (uint32_t i = 0; i < 100; i++) {
        VEC_DATA(a, int64_t)[i] = (int64_t)i * 7919 - 300;
        char s[32];
        snprintf(s, sizeof s, "name-%u-with-a-long-tail", i % 13);
        eddy__vec_set_str(b, i, s, strlen(s));
        if (i % 17 == 3) eddy__vec_set_null(a, i);
    }
    uint32_t rows[50];
    for (uint32_t i = 0; i < 50; i++) rows[i] = 99 - 2 * i;
    KeyBatch kb;
    eddy__key_batch_init(&kb);
    EdErr err = {0};
    Vector *one[1] = {a}, *two[2] = {a, b};
    for (int pass = 0; pass < 2; pass++) {
        Vector **keys = pass ? two : one;
        int nk = pass + 1;
        ASSERT_EQ_INT(eddy__key_batch_encode(&kb, keys, nk, rows, 50, 128, &err), EDDY_OK);
        ASSERT_EQ_INT(kb.n, 50);
        for (uint32_t i = 0; i < 50; i++) {
            uint64_t h = eddy__state_key_hash(keys, nk, rows[i]);
            ASSERT_TRUE(kb.hash[i] == h);
            ASSERT_EQ_INT(kb.group[i], (int)(h % 128));
            Buf s;
            eddy__buf_init(&s);
            eddy__serde_write(&s, keys, nk, rows[i]);
            StateKey k = eddy__key_batch_key(&kb, i);
            ASSERT_EQ_INT(k.len, s.len);
            ASSERT_TRUE(memcmp(k.bytes, s.data, s.len) == 0);
            eddy__buf_free(&s);
            /* and back: the key bytes decode to the same hash */
            const Type *kt[2] = {tp("BIGINT"), tp("STRING")};
            StateKey back;
            ASSERT_EQ_INT(eddy__state_key_from_bytes(k.bytes, k.len, kt, nk, 128, &back, &err), EDDY_OK);
            ASSERT_TRUE(back.hash == h);
            ASSERT_EQ_INT(back.group, k.group);
        }
    }
    /* one key column: the hash is the slot hash, as the exchange routes */
    ASSERT_TRUE(eddy__state_key_hash(one, 1, 5) == eddy__hash_slot(a, 5));
    eddy__key_batch_free(&kb);
    eddy__vec_release(a);
    eddy__vec_release(b);
}

TEST(key_group_ranges_invert_the_subtask_of_a_group) {
    int pars[] = {1, 2, 3, 4, 7, 128};
    for (size_t p = 0; p < ED_ARRAY_LEN(pars); p++) {
        int par = pars[p], next = 0;
        for (int sub = 0; sub < par; sub++) {
            int first, last;
            eddy__state_group_range(128, par, sub, &first, &last);
            ASSERT_EQ_INT(first, next);
            for (int g = first; g <= last; g++) ASSERT_EQ_INT(eddy__state_group_subtask(g, 128, par), sub);
            next = last + 1;
        }
        ASSERT_EQ_INT(next, 128);
    }
}

/* ---- value, list, map ------------------------------------------------------------------ */

TEST(value_state_get_put_remove_with_namespaces) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "v", STATE_VALUE, "STRING");
    K k;
    const void *v;
    uint32_t len;
    bool found;
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_FALSE(found);
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, "one", 3), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), ns_of("w1"), "one in w1", 9), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 3 && !memcmp(v, "one", 3));
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), ns_of("w1"), &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 9 && !memcmp(v, "one in w1", 9));
    /* growing and shrinking a value in place or not */
    char big[5000];
    memset(big, 'x', sizeof big);
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, big, sizeof big), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == sizeof big && ((const char *)v)[4999] == 'x');
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, "", 0), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 0);
    ASSERT_EQ_INT(eddy__state_remove(s, key(&k, 1, 128), STATE_NO_NS, &found), EDDY_OK);
    ASSERT_TRUE(found);
    ASSERT_EQ_INT(eddy__state_remove(s, key(&k, 1, 128), STATE_NO_NS, &found), EDDY_OK);
    ASSERT_FALSE(found);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), ns_of("w1"), &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found); /* the other namespace stays */
    StateStats st;
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 1);
    if (heap()) {
        /* RocksDB reports its estimate of the live data as value bytes */
        ASSERT_EQ_INT(st.key_bytes, 11);
        ASSERT_EQ_INT(st.value_bytes, 9);
    }
    ASSERT_EQ_INT(st.total_bytes, eddy__mem_bytes(&e.acct));
    env_close(&e);
}

TEST(registering_a_name_again_checks_the_descriptor) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *a = reg(&e, "seen", STATE_VALUE, "STRING");
    ASSERT_TRUE(reg(&e, "seen", STATE_VALUE, "STRING") == a);
    StateDesc d = {.name = "seen", .kind = STATE_LIST, .key_type = tp("BIGINT"), .value_type = tp("STRING")};
    State *b;
    ASSERT_EQ_INT(eddy__state_register(e.be, &d, &b), EDDY_E_MISUSE);
    ASSERT_STR_EQ(e.err.msg, "State 'seen' is already registered as VALUE<STRING> (key BIGINT); it cannot be "
                             "registered as LIST<STRING> (key BIGINT).");
    eddy__err_clear(&e.err);
    StateDesc r = {.name = "r", .kind = STATE_REDUCING, .value_type = tp("BIGINT")};
    ASSERT_EQ_INT(eddy__state_register(e.be, &r, &b), EDDY_E_MISUSE);
    ASSERT_STR_EQ(e.err.msg, "Reducing state 'r' needs a reduce function.");
    env_close(&e);
}

TEST(list_state_appends_gets_updates_and_clears) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "l", STATE_LIST, "STRING");
    K k;
    const char *words[] = {"a", "bb", "", "dddd"};
    for (int i = 0; i < 4; i++)
        ASSERT_EQ_INT(eddy__state_list_add(s, key(&k, 9, 128), STATE_NO_NS, words[i], (uint32_t)strlen(words[i])), EDDY_OK);
    const void *blob;
    uint32_t len, pos = 0, el;
    const void *elem;
    bool found;
    ASSERT_EQ_INT(eddy__state_list_get(s, key(&k, 9, 128), STATE_NO_NS, &blob, &len, &found), EDDY_OK);
    ASSERT_TRUE(found);
    for (int i = 0; i < 4; i++) {
        ASSERT_TRUE(eddy__state_list_next(blob, len, &pos, &elem, &el));
        ASSERT_EQ_INT(el, strlen(words[i]));
        ASSERT_TRUE(!memcmp(elem, words[i], el));
    }
    ASSERT_FALSE(eddy__state_list_next(blob, len, &pos, &elem, &el));
    /* a malformed blob ends the walk instead of reading past it */
    uint32_t bad = 100;
    pos = 0;
    ASSERT_FALSE(eddy__state_list_next(&bad, 4, &pos, &elem, &el));
    Buf b;
    eddy__buf_init(&b);
    eddy__state_list_frame(&b, "z", 1);
    ASSERT_EQ_INT(eddy__state_list_update(s, key(&k, 9, 128), STATE_NO_NS, b.data, (uint32_t)b.len), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_list_get(s, key(&k, 9, 128), STATE_NO_NS, &blob, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 5);
    eddy__buf_free(&b);
    /* many appends grow the blob */
    for (int i = 0; i < 1000; i++) ASSERT_EQ_INT(eddy__state_list_add(s, key(&k, 10, 128), STATE_NO_NS, &i, 4), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_list_get(s, key(&k, 10, 128), STATE_NO_NS, &blob, &len, &found), EDDY_OK);
    pos = 0;
    for (int i = 0; i < 1000; i++) {
        ASSERT_TRUE(eddy__state_list_next(blob, len, &pos, &elem, &el));
        int x;
        memcpy(&x, elem, 4);
        ASSERT_EQ_INT(x, i);
    }
    ASSERT_EQ_INT(eddy__state_clear(s), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_list_get(s, key(&k, 10, 128), STATE_NO_NS, &blob, &len, &found), EDDY_OK);
    ASSERT_FALSE(found);
    env_close(&e);
}

/* Blocks above the blob classes (a big map's record array and index, a long
 * list) still in use when the backend is freed are freed with it, and the
 * account is given back every byte (ASan reports a block left behind). */
TEST(freeing_the_backend_frees_large_value_blocks) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *m = reg(&e, "m", STATE_MAP, "BIGINT");
    State *l = reg(&e, "l", STATE_LIST, "INT");
    K k;
    for (int64_t i = 0; i < 6000; i++) {
        char uk[32];
        snprintf(uk, sizeof uk, "u%lld", (long long)i);
        ASSERT_EQ_INT(eddy__state_map_put(m, key(&k, i < 3000 ? 1 : 4, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), &i, 8),
                      EDDY_OK);
    }
    for (int i = 0; i < 3000; i++) ASSERT_EQ_INT(eddy__state_list_add(l, key(&k, 2, 128), STATE_NO_NS, &i, 4), EDDY_OK);
    /* key 4's large blocks freed while the backend lives, key 1's kept */
    bool found;
    ASSERT_EQ_INT(eddy__state_map_put(m, key(&k, 3, 128), STATE_NO_NS, "x", 1, &k, 8), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_remove(m, key(&k, 4, 128), STATE_NO_NS, &found), EDDY_OK);
    ASSERT_TRUE(found);
    ASSERT_TRUE(e.acct.bytes > 0);
    env_close(&e);
    ASSERT_EQ_INT(e.acct.bytes, 0);
}

TEST(map_state_put_get_remove_iterate) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "m", STATE_MAP, "BIGINT");
    K k;
    bool found, empty;
    ASSERT_EQ_INT(eddy__state_map_is_empty(s, key(&k, 5, 128), STATE_NO_NS, &empty), EDDY_OK);
    ASSERT_TRUE(empty);
    /* past the linear size: the map gets an index */
    for (int64_t i = 0; i < 200; i++) {
        char uk[32];
        snprintf(uk, sizeof uk, "u%lld", (long long)i);
        ASSERT_EQ_INT(eddy__state_map_put(s, key(&k, 5, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), &i, 8), EDDY_OK);
    }
    int64_t big = 77;
    ASSERT_EQ_INT(eddy__state_map_put(s, key(&k, 5, 128), STATE_NO_NS, "u7", 2, &big, 8), EDDY_OK);
    const void *v;
    uint32_t len;
    ASSERT_EQ_INT(eddy__state_map_get(s, key(&k, 5, 128), STATE_NO_NS, "u7", 2, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 8 && !memcmp(v, &big, 8));
    ASSERT_EQ_INT(eddy__state_map_contains(s, key(&k, 5, 128), STATE_NO_NS, "nope", 4, &found), EDDY_OK);
    ASSERT_FALSE(found);
    for (int64_t i = 0; i < 200; i += 2) {
        char uk[32];
        snprintf(uk, sizeof uk, "u%lld", (long long)i);
        ASSERT_EQ_INT(eddy__state_map_remove(s, key(&k, 5, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), &found), EDDY_OK);
        ASSERT_TRUE(found);
    }
    StateIter *it;
    ASSERT_EQ_INT(eddy__state_iter_map(s, key(&k, 5, 128), STATE_NO_NS, &it), EDDY_OK);
    int seen = 0;
    int64_t sum = 0;
    for (;;) {
        StateEntry en;
        bool has;
        ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
        if (!has) break;
        int64_t x;
        memcpy(&x, en.value, 8);
        sum += x;
        seen++;
    }
    eddy__state_iter_close(it);
    ASSERT_EQ_INT(seen, 100);
    ASSERT_EQ_INT(sum, 100 * 100 - 7 + 77); /* the odd numbers 1..199, u7 = 77 */
    for (int64_t i = 1; i < 200; i += 2) {
        char uk[32];
        snprintf(uk, sizeof uk, "u%lld", (long long)i);
        ASSERT_EQ_INT(eddy__state_map_remove(s, key(&k, 5, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), &found), EDDY_OK);
    }
    ASSERT_EQ_INT(eddy__state_map_is_empty(s, key(&k, 5, 128), STATE_NO_NS, &empty), EDDY_OK);
    ASSERT_TRUE(empty);
    StateStats st;
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 0); /* the last removal removed the key */
    env_close(&e);
}

TEST(map_iteration_survives_removing_its_key) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "m", STATE_MAP, "BIGINT");
    K k;
    for (int64_t i = 0; i < 20; i++) {
        char uk[32];
        snprintf(uk, sizeof uk, "%lld", (long long)i);
        ASSERT_EQ_INT(eddy__state_map_put(s, key(&k, 1, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), &i, 8), EDDY_OK);
    }
    StateIter *it;
    ASSERT_EQ_INT(eddy__state_iter_keys(s, NULL, &it), EDDY_OK);
    StateEntry en;
    bool has, found;
    ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
    ASSERT_TRUE(has);
    /* the whole key goes, and a new one reuses its memory */
    ASSERT_EQ_INT(eddy__state_remove(s, key(&k, 1, 128), STATE_NO_NS, &found), EDDY_OK);
    ASSERT_TRUE(found);
    int64_t one = 1;
    ASSERT_EQ_INT(eddy__state_map_put(s, key(&k, 2, 128), STATE_NO_NS, "x", 1, &one, 8), EDDY_OK);
    int more = 0;
    for (;;) {
        ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
        if (!has) break;
        more++;
        ASSERT_TRUE(en.ukey_len == 1 && !memcmp(en.ukey, "x", 1)); /* nothing of the removed map */
    }
    ASSERT_TRUE(more <= 1);
    eddy__state_iter_close(it);
    env_close(&e);
}

/* ---- reducing, aggregating ------------------------------------------------------------------- */

static eddy_status add_i64(void *ctx, const void *a, size_t alen, const void *b, size_t blen, Buf *out, EdErr *err) {
    (void)ctx;
    (void)err;
    if (alen != 8 || blen != 8) return EDDY_E_INTERNAL;
    int64_t x, y;
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    x += y;
    eddy__buf_put(out, &x, 8);
    return EDDY_OK;
}

/* AVG: accumulator (sum, count), result the average * 100 */
static eddy_status avg_create(void *ctx, Buf *out, EdErr *err) {
    (void)ctx;
    (void)err;
    int64_t z[2] = {0, 0};
    eddy__buf_put(out, z, 16);
    return EDDY_OK;
}
static eddy_status avg_add(void *ctx, const void *acc, size_t alen, const void *in, size_t ilen, Buf *out, EdErr *err) {
    (void)ctx;
    (void)err;
    (void)alen;
    (void)ilen;
    int64_t a[2], x;
    memcpy(a, acc, 16);
    memcpy(&x, in, 8);
    a[0] += x;
    a[1]++;
    eddy__buf_put(out, a, 16);
    return EDDY_OK;
}
static eddy_status avg_result(void *ctx, const void *acc, size_t alen, Buf *out, EdErr *err) {
    (void)ctx;
    (void)alen;
    (void)err;
    int64_t a[2];
    memcpy(a, acc, 16);
    int64_t r = a[1] ? a[0] * 100 / a[1] : 0;
    eddy__buf_put(out, &r, 8);
    return EDDY_OK;
}
static eddy_status avg_merge(void *ctx, const void *x, size_t xl, const void *y, size_t yl, Buf *out, EdErr *err) {
    (void)ctx;
    (void)err;
    (void)xl;
    (void)yl;
    int64_t a[2], b[2];
    memcpy(a, x, 16);
    memcpy(b, y, 16);
    a[0] += b[0];
    a[1] += b[1];
    eddy__buf_put(out, a, 16);
    return EDDY_OK;
}

TEST(reducing_and_aggregating_states_and_namespace_merges) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    StateDesc rd = {.name = "sum", .kind = STATE_REDUCING, .key_type = tp("BIGINT"), .ns_type = tp("STRING"),
                    .value_type = tp("BIGINT"), .reduce = add_i64};
    StateDesc ad = {.name = "avg", .kind = STATE_AGGREGATING, .key_type = tp("BIGINT"), .ns_type = tp("STRING"),
                    .value_type = tp("ROW<s BIGINT, c BIGINT>"),
                    .agg = {avg_create, avg_add, avg_result, avg_merge}};
    State *r, *a;
    ASSERT_EQ_INT(eddy__state_register(e.be, &rd, &r), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_register(e.be, &ad, &a), EDDY_OK);
    K k;
    const char *wins[] = {"w1", "w2", "w3"};
    for (int64_t i = 1; i <= 9; i++) {
        StateNs w = ns_of(wins[i % 3]);
        ASSERT_EQ_INT(eddy__state_add(r, key(&k, 42, 128), w, &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_add(a, key(&k, 42, 128), w, &i, 8), EDDY_OK);
    }
    const void *v;
    uint32_t len;
    bool found;
    ASSERT_EQ_INT(eddy__state_get(r, key(&k, 42, 128), ns_of("w1"), &v, &len, &found), EDDY_OK);
    int64_t x;
    memcpy(&x, v, 8);
    ASSERT_EQ_INT(x, 3 + 6 + 9); /* i % 3 == 0 went to w1 */
    Buf out;
    eddy__buf_init(&out);
    ASSERT_EQ_INT(eddy__state_agg_result(a, key(&k, 42, 128), ns_of("w2"), &out, &found), EDDY_OK);
    memcpy(&x, out.data, 8);
    ASSERT_EQ_INT(x, 400); /* (1 + 4 + 7) / 3, * 100 */
    /* merge w2 and w3 into w1 */
    StateNs src[2] = {ns_of("w2"), ns_of("w3")};
    ASSERT_EQ_INT(eddy__state_merge_namespaces(r, key(&k, 42, 128), ns_of("w1"), src, 2), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_merge_namespaces(a, key(&k, 42, 128), ns_of("w1"), src, 2), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_get(r, key(&k, 42, 128), ns_of("w1"), &v, &len, &found), EDDY_OK);
    memcpy(&x, v, 8);
    ASSERT_EQ_INT(x, 45);
    out.len = 0;
    ASSERT_EQ_INT(eddy__state_agg_result(a, key(&k, 42, 128), ns_of("w1"), &out, &found), EDDY_OK);
    memcpy(&x, out.data, 8);
    ASSERT_EQ_INT(x, 500);
    ASSERT_EQ_INT(eddy__state_get(r, key(&k, 42, 128), ns_of("w3"), &v, &len, &found), EDDY_OK);
    ASSERT_FALSE(found);
    eddy__buf_free(&out);
    env_close(&e);
}

/* ---- the slot fast path ----------------------------------------------------------------- */

TEST(slots_are_stable_and_created_once) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    StateDesc d = {.name = "agg", .kind = STATE_VALUE, .key_type = tp("BIGINT"), .value_type = tp("BINARY(16)"),
                   .fixed_size = 16};
    State *s;
    ASSERT_EQ_INT(eddy__state_register(e.be, &d, &s), EDDY_OK);
    Vector *v = eddy__vec_new(tp("BIGINT"), 1024);
    KeyBatch kb;
    eddy__key_batch_init(&kb);
    EdErr err = {0};
    void *slots[1024];
    uint8_t created[1024];
    void *first_slot = NULL;
    /* 200 batches of 1024 rows over 50000 keys: the index grows (and
     * rehashes incrementally) many times while slots are out */
    uint64_t seed = 7;
    int64_t expect_count = 0;
    for (int b = 0; b < 200; b++) {
        for (int i = 0; i < 1024; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            VEC_DATA(v, int64_t)[i] = b == 0 && i < 2 ? 12345 : (int64_t)(seed >> 33) % 50000;
        }
        Vector *keys[1] = {v};
        ASSERT_EQ_INT(eddy__key_batch_encode(&kb, keys, 1, NULL, 1024, 128, &err), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_slots(s, &kb, NULL, 1024, NULL, 0, slots, created), EDDY_OK);
        if (b == 0) {
            ASSERT_EQ_INT(created[0], 1);
            ASSERT_EQ_INT(created[1], 0); /* the same key twice in a batch */
            ASSERT_TRUE(slots[0] == slots[1]);
            first_slot = slots[0];
        }
        for (int i = 0; i < 1024; i++) {
            ASSERT_EQ_INT((uintptr_t)slots[i] % 8, 0);
            int64_t *acc = slots[i];
            if (created[i]) ASSERT_TRUE(acc[0] == 0 && acc[1] == 0);
            acc[0] += 1;
            acc[1] += VEC_DATA(v, int64_t)[i];
            if (VEC_DATA(v, int64_t)[i] == 12345) expect_count++;
        }
        ASSERT_EQ_INT(eddy__state_flush(s), EDDY_OK);
    }
    if (heap()) {
        /* the heap's slots are the entries: the first key's never moved */
        ASSERT_EQ_INT(((int64_t *)first_slot)[0], expect_count);
    } else {
        /* RocksDB's are a write-back buffer, reused per batch: read it back */
        K k;
        const void *val;
        uint32_t len;
        bool found;
        ASSERT_EQ_INT(eddy__state_get(s, key(&k, 12345, 128), STATE_NO_NS, &val, &len, &found), EDDY_OK);
        ASSERT_TRUE(found && len == 16);
        int64_t got;
        memcpy(&got, val, 8);
        ASSERT_EQ_INT(got, expect_count);
    }
    /* the total over all keys is every row */
    StateIter *it;
    ASSERT_EQ_INT(eddy__state_iter_keys(s, NULL, &it), EDDY_OK);
    int64_t rows = 0, keys_seen = 0;
    for (;;) {
        StateEntry en;
        bool has;
        ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
        if (!has) break;
        int64_t acc[2];
        memcpy(acc, en.value, 16);
        rows += acc[0];
        keys_seen++;
    }
    eddy__state_iter_close(it);
    ASSERT_EQ_INT(rows, 200 * 1024);
    StateStats st;
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), keys_seen);
    ASSERT_EQ_INT(st.total_bytes, eddy__mem_bytes(&e.acct));
    eddy__key_batch_free(&kb);
    eddy__vec_release(v);
    env_close(&e);
}

/* ---- iteration while writing ----------------------------------------------------------------- */

TEST(iteration_is_safe_against_writes) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "v", STATE_VALUE, "BIGINT");
    K k;
    /* keys 0..999 stay; 1000..1999 are removed during the scan; 2000.. added */
    for (int64_t i = 0; i < 2000; i++) ASSERT_EQ_INT(eddy__state_put(s, key(&k, i, 128), STATE_NO_NS, &i, 8), EDDY_OK);
    StateIter *it;
    ASSERT_EQ_INT(eddy__state_iter_keys(s, NULL, &it), EDDY_OK);
    uint8_t *seen = calloc(200000, 1);
    int64_t added = 2000;
    for (int step = 0;; step++) {
        StateEntry en;
        bool has;
        ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
        if (!has) break;
        int64_t x;
        memcpy(&x, en.value, 8);
        ASSERT_TRUE(x >= 0 && x < 200000);
        seen[x]++;
        /* write while iterating: overwrite the visited key, remove others,
         * add many (the index doubles several times mid-scan) */
        int64_t y = x;
        ASSERT_EQ_INT(eddy__state_put(s, key(&k, x, 128), STATE_NO_NS, &y, 8), EDDY_OK);
        if (step < 1000) {
            int64_t r = 1000 + step;
            ASSERT_EQ_INT(eddy__state_remove(s, key(&k, r, 128), STATE_NO_NS, NULL), EDDY_OK);
        }
        for (int j = 0; j < 40 && added < 200000; j++, added++)
            ASSERT_EQ_INT(eddy__state_put(s, key(&k, added, 128), STATE_NO_NS, &added, 8), EDDY_OK);
    }
    eddy__state_iter_close(it);
    for (int i = 0; i < 1000; i++) ASSERT_EQ_INT(seen[i], 1); /* present throughout: exactly once */
    for (int i = 1000; i < 200000; i++) ASSERT_TRUE(seen[i] <= 1);
    free(seen);
    env_close(&e);
}

/* ---- randomized differential test ------------------------------------------------------------ */

/* The model: a flat array indexed by (state, key, namespace). */
#define M_KEYS 3000
#define M_NS 4
typedef struct MVal {
    bool present;
    uint32_t len;
    uint8_t bytes[24];
} MVal;

TEST(randomized_against_a_model) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "v", STATE_VALUE, "BYTES");
    StateDesc fd = {.name = "f", .kind = STATE_VALUE, .key_type = tp("BIGINT"), .value_type = tp("BINARY(8)"),
                    .fixed_size = 8};
    State *f;
    ASSERT_EQ_INT(eddy__state_register(e.be, &fd, &f), EDDY_OK);
    static MVal model[2][M_KEYS][M_NS];
    memset(model, 0, sizeof model);
    const char *nss[M_NS] = {"", "n1", "namespace-two", "3"};
    uint64_t seed = 12345;
#define RND() (seed = seed * 6364136223846793005ULL + 1442695040888963407ULL, (uint32_t)(seed >> 33))
    K k;
    StateIter *it = NULL;
    int it_si = 0;
    uint8_t *visited = calloc(M_KEYS * M_NS, 1);
    bool *throughout = calloc(M_KEYS * M_NS, 1); /* present since the scan began */
    int iterations = 0;
    for (int op = 0; op < 400000; op++) {
        int si = RND() % 2;
        State *st = si ? f : s;
        int64_t kv = RND() % M_KEYS;
        int ni = RND() % M_NS;
        StateNs ns = ns_of(nss[ni]);
        MVal *m = &model[si][kv][ni];
        uint32_t what = RND() % 100;
        if (what < 45) {
            uint8_t buf[24];
            uint32_t len = si ? 8 : RND() % 24;
            for (uint32_t i = 0; i < len; i++) buf[i] = (uint8_t)RND();
            ASSERT_EQ_INT(eddy__state_put(st, key(&k, kv, 128), ns, buf, len), EDDY_OK);
            m->present = true;
            m->len = len;
            memcpy(m->bytes, buf, len);
        } else if (what < 70) {
            bool found;
            ASSERT_EQ_INT(eddy__state_remove(st, key(&k, kv, 128), ns, &found), EDDY_OK);
            ASSERT_EQ_INT(found, m->present);
            m->present = false;
            if (it && si == it_si) throughout[kv * M_NS + ni] = false;
        } else if (what < 97) {
            const void *v;
            uint32_t len;
            bool found;
            ASSERT_EQ_INT(eddy__state_get(st, key(&k, kv, 128), ns, &v, &len, &found), EDDY_OK);
            ASSERT_EQ_INT(found, m->present);
            if (found) {
                ASSERT_EQ_INT(len, m->len);
                ASSERT_TRUE(!len || !memcmp(v, m->bytes, len));
            }
        } else if (!it) {
            /* a scan of state si, interleaved with the writes above */
            it_si = si;
            ASSERT_EQ_INT(eddy__state_iter_keys(st, NULL, &it), EDDY_OK);
            memset(visited, 0, M_KEYS * M_NS);
            for (int b = 0; b < M_KEYS; b++)
                for (int c = 0; c < M_NS; c++) throughout[b * M_NS + c] = model[si][b][c].present;
            iterations++;
        }
        if (it && op % 3 == 0) {
            StateEntry en;
            bool has;
            ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
            if (!has) {
                /* Redis dictScan's guarantee: every entry present for the
                 * whole scan was visited, and exactly once */
                for (int ix = 0; ix < M_KEYS * M_NS; ix++)
                    if (throughout[ix]) ASSERT_EQ_INT(visited[ix], 1);
                eddy__state_iter_close(it);
                it = NULL;
            } else {
                int64_t kx;
                memcpy(&kx, (const char *)en.key.bytes + 1, 8);
                int nx = -1;
                for (int c = 0; c < M_NS; c++)
                    if (en.ns.len == strlen(nss[c]) && (!en.ns.len || !memcmp(en.ns.bytes, nss[c], en.ns.len))) nx = c;
                ASSERT_TRUE(kx >= 0 && kx < M_KEYS && nx >= 0);
                /* what a scan hands out is current */
                MVal *mm = &model[it_si][kx][nx];
                ASSERT_TRUE(mm->present);
                ASSERT_EQ_INT(en.value_len, mm->len);
                ASSERT_TRUE(!mm->len || !memcmp(en.value, mm->bytes, mm->len));
                visited[kx * M_NS + nx]++;
            }
        }
    }
    if (it) eddy__state_iter_close(it);
    ASSERT_TRUE(iterations > 3);
    /* final comparison: a full scan of each state equals the model */
    for (int si = 0; si < 2; si++) {
        State *st = si ? f : s;
        ASSERT_EQ_INT(eddy__state_iter_keys(st, NULL, &it), EDDY_OK);
        int count = 0;
        for (;;) {
            StateEntry en;
            bool has;
            ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
            if (!has) break;
            int64_t kx;
            memcpy(&kx, (const char *)en.key.bytes + 1, 8);
            int nx = -1;
            for (int c = 0; c < M_NS; c++)
                if (en.ns.len == strlen(nss[c]) && (!en.ns.len || !memcmp(en.ns.bytes, nss[c], en.ns.len))) nx = c;
            ASSERT_TRUE(nx >= 0);
            MVal *m = &model[si][kx][nx];
            ASSERT_TRUE(m->present);
            ASSERT_EQ_INT(en.value_len, m->len);
            ASSERT_TRUE(!m->len || !memcmp(en.value, m->bytes, m->len));
            count++;
        }
        eddy__state_iter_close(it);
        it = NULL;
        int expect = 0;
        for (int b = 0; b < M_KEYS; b++)
            for (int c = 0; c < M_NS; c++) expect += model[si][b][c].present;
        ASSERT_EQ_INT(count, expect);
    }
    free(visited);
    free(throughout);
#undef RND
    env_close(&e);
}


/* ---- TTL ------------------------------------------------------------------------------------ */

static State *reg_ttl_n(Env *e, const char *name, StateKind kind, int64_t ttl, StateTtlUpdate up,
                        StateTtlVisibility vis, uint32_t fixed, bool lazy_only) {
    StateDesc d = {.name = name, .kind = kind, .key_type = tp("BIGINT"), .value_type = tp("BIGINT"), .fixed_size = fixed,
                   .ttl = {ttl, up, vis, 0, false, lazy_only}};
    if (kind == STATE_MAP) d.map_key_type = tp("STRING");
    State *s = NULL;
    if (eddy__state_register(e->be, &d, &s)) {
        fprintf(stderr, "register: %s\n", e->err.msg);
        exit(2);
    }
    return s;
}

static State *reg_ttl(Env *e, const char *name, StateKind kind, int64_t ttl, StateTtlUpdate up, StateTtlVisibility vis,
                      uint32_t fixed) {
    return reg_ttl_n(e, name, kind, ttl, up, vis, fixed, false);
}

TEST(ttl_on_create_and_write_expires_unless_written) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg_ttl(&e, "v", STATE_VALUE, 100, TTL_ON_CREATE_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 0);
    K k;
    int64_t one = 1;
    const void *v;
    uint32_t len;
    bool found;
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, &one, 8), EDDY_OK); /* t = 1000 */
    eddy__clock_manual_set(&e.clock, 1099);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 8 && !memcmp(v, &one, 8));
    /* reading does not renew: at 1000 + 100 it is gone */
    eddy__clock_manual_set(&e.clock, 1100);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_FALSE(found);
    /* a write renews */
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, &one, 8), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1150);
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, &one, 8), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1249);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found);
    env_close(&e);
}

TEST(ttl_on_read_and_write_renews_on_read_and_visibility) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg_ttl(&e, "v", STATE_VALUE, 100, TTL_ON_READ_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 0);
    /* without background cleanup nothing removes it before it is read */
    State *r = reg_ttl_n(&e, "r", STATE_VALUE, 100, TTL_ON_CREATE_AND_WRITE, TTL_RETURN_EXPIRED_IF_NOT_CLEANED, 0, true);
    K k;
    int64_t one = 1;
    const void *v;
    uint32_t len;
    bool found;
    ASSERT_EQ_INT(eddy__state_put(s, key(&k, 1, 128), STATE_NO_NS, &one, 8), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_put(r, key(&k, 1, 128), STATE_NO_NS, &one, 8), EDDY_OK);
    for (int64_t t = 1050; t <= 1500; t += 50) {
        eddy__clock_manual_set(&e.clock, t);
        ASSERT_EQ_INT(eddy__state_get(s, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
        ASSERT_TRUE(found); /* each read keeps it alive */
    }
    /* expired but not cleaned up yet: returned once, then gone */
    ASSERT_EQ_INT(eddy__state_get(r, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 8 && !memcmp(v, &one, 8));
    ASSERT_EQ_INT(eddy__state_get(r, key(&k, 1, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_FALSE(found);
    env_close(&e);
}

TEST(ttl_of_list_elements_map_entries_and_slots) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *l = reg_ttl(&e, "l", STATE_LIST, 100, TTL_ON_CREATE_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 0);
    State *m = reg_ttl(&e, "m", STATE_MAP, 100, TTL_ON_CREATE_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 0);
    State *f = reg_ttl(&e, "f", STATE_VALUE, 100, TTL_ON_CREATE_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 8);
    K k;
    int64_t a = 1, b = 2;
    const void *blob;
    uint32_t len;
    bool found;
    ASSERT_EQ_INT(eddy__state_list_add(l, key(&k, 1, 128), STATE_NO_NS, &a, 8), EDDY_OK); /* at 1000 */
    ASSERT_EQ_INT(eddy__state_map_put(m, key(&k, 1, 128), STATE_NO_NS, "a", 1, &a, 8), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1060);
    ASSERT_EQ_INT(eddy__state_list_add(l, key(&k, 1, 128), STATE_NO_NS, &b, 8), EDDY_OK); /* at 1060 */
    ASSERT_EQ_INT(eddy__state_map_put(m, key(&k, 1, 128), STATE_NO_NS, "b", 1, &b, 8), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1120);
    /* each element has its own time */
    ASSERT_EQ_INT(eddy__state_list_get(l, key(&k, 1, 128), STATE_NO_NS, &blob, &len, &found), EDDY_OK);
    ASSERT_TRUE(found);
    uint32_t pos = 0, el;
    const void *elem;
    ASSERT_TRUE(eddy__state_list_next(blob, len, &pos, &elem, &el));
    ASSERT_TRUE(el == 8 && !memcmp(elem, &b, 8));
    ASSERT_FALSE(eddy__state_list_next(blob, len, &pos, &elem, &el));
    ASSERT_EQ_INT(eddy__state_map_contains(m, key(&k, 1, 128), STATE_NO_NS, "a", 1, &found), EDDY_OK);
    ASSERT_FALSE(found);
    ASSERT_EQ_INT(eddy__state_map_contains(m, key(&k, 1, 128), STATE_NO_NS, "b", 1, &found), EDDY_OK);
    ASSERT_TRUE(found);
    /* slots: an expired slot comes back zeroed and counts as created */
    Vector *v = eddy__vec_new(tp("BIGINT"), 2);
    VEC_DATA(v, int64_t)[0] = 5;
    VEC_DATA(v, int64_t)[1] = 6;
    KeyBatch kb;
    eddy__key_batch_init(&kb);
    Vector *keys[1] = {v};
    ASSERT_EQ_INT(eddy__key_batch_encode(&kb, keys, 1, NULL, 2, 128, &e.err), EDDY_OK);
    void *slots[2];
    uint8_t created[2];
    ASSERT_EQ_INT(eddy__state_slots(f, &kb, NULL, 2, NULL, 0, slots, created), EDDY_OK);
    ASSERT_TRUE(created[0] && created[1]);
    *(int64_t *)slots[0] = 50;
    *(int64_t *)slots[1] = 60;
    ASSERT_EQ_INT(eddy__state_flush(f), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1200);
    ASSERT_EQ_INT(eddy__key_batch_encode(&kb, keys, 1, NULL, 1, 128, &e.err), EDDY_OK); /* only key 5 */
    ASSERT_EQ_INT(eddy__state_slots(f, &kb, NULL, 1, NULL, 0, slots, created), EDDY_OK);
    ASSERT_TRUE(!created[0] && *(int64_t *)slots[0] == 50); /* 1120 + 100 > 1200 */
    ASSERT_EQ_INT(eddy__state_flush(f), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1250);
    ASSERT_EQ_INT(eddy__key_batch_encode(&kb, keys, 1, NULL, 2, 128, &e.err), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_slots(f, &kb, NULL, 2, NULL, 0, slots, created), EDDY_OK);
    ASSERT_TRUE(!created[0] && *(int64_t *)slots[0] == 50);
    ASSERT_TRUE(created[1] && *(int64_t *)slots[1] == 0); /* key 6 expired at 1220 */
    ASSERT_EQ_INT(eddy__state_flush(f), EDDY_OK);
    eddy__key_batch_free(&kb);
    eddy__vec_release(v);
    env_close(&e);
}

/* map_update's function: the count (first 8 bytes) + 1; ctx counts the calls that found a value. */
static void bump(void *ctx, void *val, bool found) {
    int64_t n;
    memcpy(&n, val, 8);
    if (found) ++*(int *)ctx;
    else if (n != 0) *(int *)ctx += 1000; /* a missing value must come zeroed */
    n++;
    memcpy(val, &n, 8);
}

static int64_t map_long(State *s, K *k, int64_t key_v, const char *uk, bool *found) {
    const void *v;
    uint32_t len;
    int64_t n = -1;
    if (eddy__state_map_get(s, key(k, key_v, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), &v, &len, found)) return -2;
    if (*found && len == 8) memcpy(&n, v, 8);
    return n;
}

TEST(map_update_reads_modifies_and_writes_one_value) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "m", STATE_MAP, "BIGINT");
    State *t = reg_ttl(&e, "t", STATE_MAP, 100, TTL_ON_CREATE_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 0);
    K k;
    bool found;
    int hits = 0;
    /* 200 map keys (past the linear size: the map's index grows), three rounds */
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 200; i++) {
            char uk[16];
            snprintf(uk, sizeof uk, "u%d", i);
            ASSERT_EQ_INT(eddy__state_map_update(s, key(&k, 7, 128), STATE_NO_NS, uk, (uint32_t)strlen(uk), 8, bump, &hits),
                          EDDY_OK);
        }
    ASSERT_EQ_INT(hits, 400);
    for (int i = 0; i < 200; i += 37) {
        char uk[16];
        snprintf(uk, sizeof uk, "u%d", i);
        ASSERT_EQ_INT(map_long(s, &k, 7, uk, &found), 3);
        ASSERT_TRUE(found);
    }
    /* a value of another length is not found: the function gets zeros, the result has the new length */
    int32_t four = 9;
    ASSERT_EQ_INT(eddy__state_map_put(s, key(&k, 8, 128), STATE_NO_NS, "w", 1, &four, 4), EDDY_OK);
    hits = 0;
    ASSERT_EQ_INT(eddy__state_map_update(s, key(&k, 8, 128), STATE_NO_NS, "w", 1, 8, bump, &hits), EDDY_OK);
    ASSERT_EQ_INT(hits, 0);
    ASSERT_EQ_INT(map_long(s, &k, 8, "w", &found), 1);
    /* with TTL (the get + put path): an expired value is not found */
    ASSERT_EQ_INT(eddy__state_map_update(t, key(&k, 1, 128), STATE_NO_NS, "a", 1, 8, bump, &hits), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 1050);
    ASSERT_EQ_INT(eddy__state_map_update(t, key(&k, 1, 128), STATE_NO_NS, "a", 1, 8, bump, &hits), EDDY_OK);
    ASSERT_EQ_INT(hits, 1);
    ASSERT_EQ_INT(map_long(t, &k, 1, "a", &found), 2);
    eddy__clock_manual_set(&e.clock, 1150); /* written at 1050: live until 1150 */
    ASSERT_EQ_INT(eddy__state_map_update(t, key(&k, 1, 128), STATE_NO_NS, "a", 1, 8, bump, &hits), EDDY_OK);
    ASSERT_EQ_INT(hits, 1);
    ASSERT_EQ_INT(map_long(t, &k, 1, "a", &found), 1);
    /* a VALUE state refuses it */
    State *v = reg(&e, "v", STATE_VALUE, "BIGINT");
    ASSERT_TRUE(eddy__state_map_update(v, key(&k, 1, 128), STATE_NO_NS, "a", 1, 8, bump, &hits) != EDDY_OK);
    env_close(&e);
}

TEST(ttl_incremental_cleanup_removes_keys_nobody_reads) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg_ttl(&e, "v", STATE_VALUE, 100, TTL_ON_CREATE_AND_WRITE, TTL_NEVER_RETURN_EXPIRED, 0);
    K k;
    for (int64_t i = 0; i < 1000; i++) ASSERT_EQ_INT(eddy__state_put(s, key(&k, i, 128), STATE_NO_NS, &i, 8), EDDY_OK);
    StateStats st;
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 1000);
    int64_t mem_full = eddy__mem_bytes(&e.acct);
    eddy__clock_manual_set(&e.clock, 5000);
    /* only key 5000 is touched from now on; each access checks 5 more */
    int64_t x = 0;
    for (int i = 0; i < 250; i++) ASSERT_EQ_INT(eddy__state_put(s, key(&k, 5000, 128), STATE_NO_NS, &x, 8), EDDY_OK);
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 1);
    ASSERT_TRUE(eddy__mem_bytes(&e.acct) <= mem_full);
    /* the runtime's per-record step does the same without an access */
    for (int64_t i = 0; i < 100; i++) ASSERT_EQ_INT(eddy__state_put(s, key(&k, i, 128), STATE_NO_NS, &i, 8), EDDY_OK);
    eddy__clock_manual_set(&e.clock, 9000);
    for (int i = 0; i < 30; i++) ASSERT_EQ_INT(eddy__state_cleanup(e.be), EDDY_OK);
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 0);
    env_close(&e);
}

/* ---- memory ----------------------------------------------------------------------------------- */

/* RocksDB: state larger than the budget goes to disk. 2 MB of values
 * under a 64 KiB budget: the backend charges its share once (block cache and
 * write buffers) and every value stays readable. */
static void rocksdb_spills_past_the_budget(void) {
    Env e;
    env_open(&e, 0, 127, 128, 64 * 1024);
    State *s = reg(&e, "v", STATE_VALUE, "BYTES");
    int64_t reserved = eddy__mem_bytes(&e.acct);
    ASSERT_TRUE(reserved > 0 && reserved <= 32 * 1024);
    K k;
    char val[100];
    for (int64_t i = 0; i < 20000; i++) {
        memset(val, (int)(i & 0x7f), sizeof val);
        memcpy(val, &i, 8);
        ASSERT_EQ_INT(eddy__state_put(s, key(&k, i, 128), STATE_NO_NS, val, sizeof val), EDDY_OK);
    }
    ASSERT_EQ_INT(eddy__mem_bytes(&e.acct), reserved);
    for (int64_t i = 0; i < 20000; i += 7) {
        const void *v;
        uint32_t len;
        bool found;
        ASSERT_EQ_INT(eddy__state_get(s, key(&k, i, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
        ASSERT_TRUE(found && len == 100);
        int64_t got;
        memcpy(&got, v, 8);
        ASSERT_EQ_INT(got, i);
        ASSERT_EQ_INT(((const char *)v)[99], (int)(i & 0x7f));
    }
    ASSERT_EQ_INT(entries(&e), 20000);
    env_close(&e);
    ASSERT_EQ_INT(atomic_load(&e.budget.used), 0);
}

TEST(memory_budget_refuses_streaming_state_past_it) {
    if (!heap()) {
        rocksdb_spills_past_the_budget();
        return;
    }
    Env e;
    env_open(&e, 0, 127, 128, 64 * 1024);
    State *s = reg(&e, "v", STATE_VALUE, "BYTES");
    K k;
    char val[100] = {0};
    eddy_status rc = EDDY_OK;
    int64_t i;
    for (i = 0; i < 100000 && !rc; i++) rc = eddy__state_put(s, key(&k, i, 128), STATE_NO_NS, val, sizeof val);
    ASSERT_EQ_INT(rc, EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(e.err.msg, "The state of operator 'Test' (uid t1) needs ");
    ASSERT_STR_CONTAINS(e.err.msg, " more bytes, but the job's managed memory (taskmanager.memory.managed.size: 65536 "
                                   "bytes) is used up (");
    ASSERT_TRUE(eddy__mem_bytes(&e.acct) <= 64 * 1024);
    ASSERT_TRUE(atomic_load(&e.budget.used) <= 64 * 1024);
    /* what was stored before stays readable */
    const void *v;
    uint32_t len;
    bool found;
    eddy__err_clear(&e.err);
    ASSERT_EQ_INT(eddy__state_get(s, key(&k, 0, 128), STATE_NO_NS, &v, &len, &found), EDDY_OK);
    ASSERT_TRUE(found && len == 100);
    /* a batch operator's soft account asks instead */
    MemAccount soft;
    eddy__mem_account_init(&soft, &e.budget, "sort", false);
    ASSERT_TRUE(eddy__mem_should_spill(&soft, 64 * 1024));
    ASSERT_EQ_INT(eddy__mem_charge(&soft, 1 << 20, &e.err), EDDY_OK);
    eddy__mem_release(&soft, 1 << 20);
    int64_t before = atomic_load(&e.budget.used);
    env_close(&e);
    ASSERT_TRUE(before > 0);
    ASSERT_EQ_INT(atomic_load(&e.budget.used), 0); /* freeing gives it all back */
}

/* RocksDB's compaction filter drops expired values of TTL states (VALUE,
 * MAP entries, LISTs whose elements all expired) without any access, unless
 * the state disables background cleanup; fresh values stay. */
TEST(rocksdb_compaction_drops_expired_values) {
    g_vt = &eddy__state_rocksdb_vtab;
    Env e;
    env_open(&e, 0, 127, 128, 0);
    StateDesc dv = {.name = "v", .kind = STATE_VALUE, .key_type = tp("BIGINT"), .value_type = tp("BIGINT"),
                    .ttl = {.ttl_ms = 100}};
    StateDesc dm = dv, dl = dv, dk = dv;
    dm.name = "m", dm.kind = STATE_MAP, dm.map_key_type = tp("STRING");
    dl.name = "l", dl.kind = STATE_LIST;
    dk.name = "kept", dk.ttl.no_background_cleanup = true;
    State *v, *m, *l, *kept;
    ASSERT_EQ_INT(eddy__state_register(e.be, &dv, &v), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_register(e.be, &dm, &m), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_register(e.be, &dl, &l), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_register(e.be, &dk, &kept), EDDY_OK);
    K k;
    for (int64_t i = 0; i < 200; i++) {
        StateKey *sk = key(&k, i, 128);
        ASSERT_EQ_INT(eddy__state_put(v, sk, STATE_NO_NS, &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_map_put(m, sk, STATE_NO_NS, "a", 1, &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_list_add(l, sk, STATE_NO_NS, &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_put(kept, sk, STATE_NO_NS, &i, 8), EDDY_OK);
    }
    eddy__clock_manual_advance(&e.clock, 60);
    /* written later: 50 keys stay fresh in v, m and l (l's other lists keep
     * an expired element each beside a fresh one) */
    for (int64_t i = 0; i < 50; i++) {
        StateKey *sk = key(&k, i, 128);
        ASSERT_EQ_INT(eddy__state_put(v, sk, STATE_NO_NS, &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_map_put(m, sk, STATE_NO_NS, "b", 1, &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_list_add(l, sk, STATE_NO_NS, &i, 8), EDDY_OK);
    }
    ASSERT_EQ_INT(entries(&e), 200 + 250 + 200 + 200);
    eddy__clock_manual_advance(&e.clock, 50); /* the first writes expired, the later not */
    ASSERT_EQ_INT(eddy__state_rocksdb_compact(e.be), EDDY_OK);
    ASSERT_EQ_INT(entries(&e), 50 + 50 + 50 + 200);
    env_close(&e);
    /* the heap has no compaction */
    g_vt = &eddy__state_heap_vtab;
    env_open(&e, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_rocksdb_compact(e.be), EDDY_E_MISUSE);
    ASSERT_STR_EQ(e.err.msg, "State backend 'heap' is not RocksDB.");
    env_close(&e);
}

TEST(memory_budget_options_parse_as_flink_does) {
    EdErr err = {0};
    int64_t v;
    ASSERT_EQ_INT(eddy__mem_budget_resolve("512mb", NULL, &v, &err), EDDY_OK);
    ASSERT_EQ_INT(v, 512LL << 20);
    ASSERT_EQ_INT(eddy__mem_budget_resolve(" 1 gb ", NULL, &v, &err), EDDY_OK);
    ASSERT_EQ_INT(v, 1LL << 30);
    ASSERT_EQ_INT(eddy__mem_budget_resolve("1024", NULL, &v, &err), EDDY_OK);
    ASSERT_EQ_INT(v, 1024);
    ASSERT_EQ_INT(eddy__mem_budget_resolve("64k", "0.9", &v, &err), EDDY_OK);
    ASSERT_EQ_INT(v, 65536);
    ASSERT_EQ_INT(eddy__mem_budget_resolve("12 parsecs", NULL, &v, &err), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(err.msg, "Could not parse value '12 parsecs' for key 'taskmanager.memory.managed.size'.");
    eddy__err_clear(&err);
    ASSERT_EQ_INT(eddy__mem_budget_resolve(NULL, "1.5", &v, &err), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(err.msg, "Could not parse value '1.5' for key 'taskmanager.memory.managed.fraction'.");
    eddy__err_clear(&err);
    int64_t a, b;
    ASSERT_EQ_INT(eddy__mem_budget_resolve(NULL, NULL, &a, &err), EDDY_OK);
    ASSERT_EQ_INT(eddy__mem_budget_resolve(NULL, "0.2", &b, &err), EDDY_OK);
    ASSERT_TRUE(a > 0 && b > 0 && a > b); /* 0.4 of RAM by default */
}

/* ---- snapshots ------------------------------------------------------------------------------------ */

/* Fills a backend with every kind of state, timers and operator state, for
 * keys lo..hi. */
static void fill_all(Env *e, int64_t lo, int64_t hi) {
    State *v = reg(e, "value", STATE_VALUE, "STRING");
    State *l = reg(e, "list", STATE_LIST, "BIGINT");
    State *m = reg(e, "map", STATE_MAP, "BIGINT");
    /* 12-byte values: a fixed size that is not a multiple of 8 */
    StateDesc fd = {.name = "slots", .kind = STATE_VALUE, .key_type = tp("BIGINT"), .value_type = tp("BINARY(12)"),
                    .fixed_size = 12, .ttl = {1 << 30}};
    State *f;
    eddy__state_register(e->be, &fd, &f);
    TimerService *ts;
    eddy__timers_get(e->be, &ts);
    K k;
    int first, last, mp;
    eddy__state_backend_range(e->be, &first, &last, &mp);
    for (int64_t i = lo; i <= hi; i++) {
        StateKey *sk = key(&k, i, mp);
        if (sk->group < first || sk->group > last) continue;
        char txt[32];
        snprintf(txt, sizeof txt, "v%lld", (long long)i);
        eddy__state_put(v, sk, STATE_NO_NS, txt, (uint32_t)strlen(txt));
        eddy__state_put(v, sk, ns_of("w"), txt, 1);
        for (int64_t j = 0; j < i % 4; j++) eddy__state_list_add(l, sk, STATE_NO_NS, &j, 8);
        eddy__state_map_put(m, sk, STATE_NO_NS, txt, (uint32_t)strlen(txt), &i, 8);
        char twelve[12] = {0};
        memcpy(twelve, &i, 8);
        eddy__state_put(f, sk, STATE_NO_NS, twelve, 12);
        eddy__timers_register(ts, TIME_EVENT, sk, STATE_NO_NS, i * 10);
        eddy__timers_register(ts, TIME_PROCESSING, sk, ns_of("w"), i);
    }
    OpListState *ol;
    eddy__state_op_list(e->be, "offsets", tp("BIGINT"), &ol);
    eddy__state_op_list_add(ol, &lo, 8);
    eddy__state_op_list_add(ol, &hi, 8);
}

/* A canonical text of everything a backend holds (sorted), for comparisons. */
static int cmp_line(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static char *dump(Env *e) {
    ED_VEC(char *) lines = {0};
    char buf[256];
    const char *names[] = {"value", "list", "map", "slots"};
    for (int n = 0; n < 4; n++) {
        State *s = eddy__state_find(e->be, names[n]);
        if (!s) continue;
        StateIter *it;
        eddy__state_iter_keys(s, NULL, &it);
        for (;;) {
            StateEntry en;
            bool has;
            if (eddy__state_iter_next(it, &en, &has) || !has) break;
            int64_t kx;
            memcpy(&kx, (const char *)en.key.bytes + 1, 8);
            int p = snprintf(buf, sizeof buf, "%s k=%lld g=%d ns=%.*s uk=%.*s v=", names[n], (long long)kx, en.key.group,
                             (int)en.ns.len, en.ns.len ? (const char *)en.ns.bytes : "", (int)en.ukey_len,
                             en.ukey_len ? (const char *)en.ukey : "");
            for (uint32_t i = 0; i < en.value_len && p < 250; i++)
                p += snprintf(buf + p, sizeof buf - (size_t)p, "%02x", ((const unsigned char *)en.value)[i]);
            ed_vec_push(&lines, eddy__strdup(buf));
        }
        eddy__state_iter_close(it);
    }
    Buf out;
    eddy__buf_init(&out);
    qsort(lines.items, lines.len, sizeof(char *), cmp_line);
    for (size_t i = 0; i < lines.len; i++) {
        eddy__buf_puts(&out, lines.items[i]);
        eddy__buf_putc(&out, '\n');
        eddy__free(lines.items[i]);
    }
    ed_vec_free(&lines);
    return eddy__buf_take(&out);
}

typedef struct TDump {
    Buf *b;
} TDump;
static eddy_status dump_timer(void *ctx, const Timer *t) {
    TDump *d = ctx;
    int64_t kx;
    memcpy(&kx, (const char *)t->key.bytes + 1, 8);
    eddy__buf_printf(d->b, "%d %lld %lld %.*s\n", (int)t->domain, (long long)t->ts, (long long)kx, (int)t->ns.len,
                     t->ns.len ? (const char *)t->ns.bytes : "");
    return EDDY_OK;
}
static char *dump_timers(Env *e) {
    Buf b;
    eddy__buf_init(&b);
    TDump d = {&b};
    TimerService *ts = eddy__timers_peek(e->be);
    for (int dom = 0; dom < 2 && ts; dom++) eddy__timers_for_each(ts, (TimeDomain)dom, dump_timer, &d);
    eddy__buf_putc(&b, 0);
    return eddy__buf_take(&b);
}

TEST(snapshot_round_trip) {
    Env a, b;
    env_open(&a, 0, 127, 128, 0);
    fill_all(&a, 0, 300);
    Buf snap;
    eddy__buf_init(&snap);
    ASSERT_EQ_INT(eddy__state_snapshot(a.be, 0, 127, &snap), EDDY_OK);
    ASSERT_TRUE(!memcmp(snap.data, "EDDYSNAP", 8));
    env_open(&b, 0, 127, 128, 0);
    const void *p = snap.data;
    size_t n = snap.len;
    ASSERT_EQ_INT(eddy__state_restore(b.be, &p, &n, 1), EDDY_OK);
    char *da = dump(&a), *db = dump(&b), *ta = dump_timers(&a), *tb = dump_timers(&b);
    ASSERT_TRUE(strlen(da) > 1000);
    ASSERT_STR_EQ(db, da);
    ASSERT_STR_EQ(tb, ta);
    /* the restored states wait for the operator: same descriptor fits, another one is refused */
    State *s;
    StateDesc ok = {.name = "value", .kind = STATE_VALUE, .key_type = tp("BIGINT"), .value_type = tp("STRING")};
    ASSERT_EQ_INT(eddy__state_register(b.be, &ok, &s), EDDY_OK);
    StateDesc bad = {.name = "list", .kind = STATE_LIST, .key_type = tp("BIGINT"), .value_type = tp("STRING")};
    ASSERT_EQ_INT(eddy__state_register(b.be, &bad, &s), EDDY_E_RUNTIME);
    ASSERT_STR_EQ(b.err.msg, "State 'list' of operator 'Test' was restored as LIST<BIGINT> (key BIGINT) and cannot be "
                             "registered as LIST<STRING> (key BIGINT): the snapshot does not fit this operator.");
    OpListState *ol;
    ASSERT_EQ_INT(eddy__state_op_list(b.be, "offsets", tp("BIGINT"), &ol), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_op_list_count(ol), 2);
    /* a snapshot of a snapshot is the same bytes */
    Buf snap2;
    eddy__buf_init(&snap2);
    ASSERT_EQ_INT(eddy__state_snapshot(b.be, 0, 127, &snap2), EDDY_OK);
    ASSERT_EQ_INT(snap2.len, snap.len);
    free(da);
    free(db);
    free(ta);
    free(tb);
    eddy__buf_free(&snap);
    eddy__buf_free(&snap2);
    env_close(&a);
    env_close(&b);
}

/* The snapshot format is backend-independent: a heap snapshot restores into
 * RocksDB, whose snapshot (same size) restores into the heap again, each
 * holding the same entries and timers. */
TEST(snapshots_move_between_backends) {
    Env h, r, h2;
    g_vt = &eddy__state_heap_vtab;
    env_open(&h, 0, 127, 128, 0);
    fill_all(&h, 0, 300);
    Buf s1, s2;
    eddy__buf_init(&s1);
    eddy__buf_init(&s2);
    ASSERT_EQ_INT(eddy__state_snapshot(h.be, 0, 127, &s1), EDDY_OK);
    g_vt = &eddy__state_rocksdb_vtab;
    env_open(&r, 0, 127, 128, 0);
    const void *p = s1.data;
    size_t n = s1.len;
    ASSERT_EQ_INT(eddy__state_restore(r.be, &p, &n, 1), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_snapshot(r.be, 0, 127, &s2), EDDY_OK);
    ASSERT_EQ_INT(s2.len, s1.len);
    g_vt = &eddy__state_heap_vtab;
    env_open(&h2, 0, 127, 128, 0);
    p = s2.data;
    n = s2.len;
    ASSERT_EQ_INT(eddy__state_restore(h2.be, &p, &n, 1), EDDY_OK);
    char *dh = dump(&h), *dr = dump(&r), *dh2 = dump(&h2), *th = dump_timers(&h), *th2 = dump_timers(&h2);
    ASSERT_TRUE(strlen(dh) > 1000);
    ASSERT_STR_EQ(dr, dh);
    ASSERT_STR_EQ(dh2, dh);
    ASSERT_STR_EQ(th2, th);
    free(dh);
    free(dr);
    free(dh2);
    free(th);
    free(th2);
    eddy__buf_free(&s1);
    eddy__buf_free(&s2);
    env_close(&h);
    env_close(&r);
    env_close(&h2);
}

TEST(snapshot_rescaling_merges_and_drops_key_groups) {
    /* two old subtasks (0..63, 64..127) -> one new (all), and one (32..95) */
    Env o1, o2, all, mid;
    env_open(&o1, 0, 63, 128, 0);
    env_open(&o2, 64, 127, 128, 0);
    fill_all(&o1, 0, 500);
    fill_all(&o2, 0, 500);
    Buf s1, s2;
    eddy__buf_init(&s1);
    eddy__buf_init(&s2);
    ASSERT_EQ_INT(eddy__state_snapshot(o1.be, 0, 63, &s1), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_snapshot(o2.be, 64, 127, &s2), EDDY_OK);
    const void *ps[2] = {s1.data, s2.data};
    size_t ns[2] = {s1.len, s2.len};
    env_open(&all, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore(all.be, ps, ns, 2), EDDY_OK);
    Env ref;
    env_open(&ref, 0, 127, 128, 0);
    fill_all(&ref, 0, 500);
    char *dr = dump(&ref), *da = dump(&all);
    ASSERT_STR_EQ(da, dr);
    free(da);
    /* the middle subtask of a rescale gets groups 32..95 only */
    StateBackendConfig cfg = {.uid = "t1", .op_name = "'Test'", .max_parallelism = 128, .first_group = 32,
                              .last_group = 95, .subtask = 1, .parallelism = 3, .err = &mid.err, .vtab = g_vt};
    memset(&mid, 0, sizeof mid);
    eddy__clock_manual_init(&mid.clock, 1000);
    cfg.clock = &mid.clock;
    ASSERT_EQ_INT(eddy__state_backend_new(&cfg, &mid.be), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_restore(mid.be, ps, ns, 2), EDDY_OK);
    char *dm = dump(&mid);
    int lines = 0;
    for (char *p = dm; *p; p++)
        if (*p == '\n') lines++;
    ASSERT_TRUE(lines > 100);
    for (char *line = strtok(dm, "\n"); line; line = strtok(NULL, "\n")) {
        char *g = strstr(line, " g=");
        int grp = atoi(g + 3);
        ASSERT_TRUE(grp >= 32 && grp <= 95);
        ASSERT_TRUE(strstr(dr, line) != NULL);
    }
    /* operator state: 4 elements over 3 subtasks, the middle one gets 1 */
    OpListState *ol;
    ASSERT_EQ_INT(eddy__state_op_list(mid.be, "offsets", tp("BIGINT"), &ol), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_op_list_count(ol), 1);
    /* a group cannot come from two snapshots */
    Env dup;
    env_open(&dup, 0, 127, 128, 0);
    const void *pd[2] = {s1.data, s1.data};
    size_t nd[2] = {s1.len, s1.len};
    ASSERT_EQ_INT(eddy__state_restore(dup.be, pd, nd, 2), EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(dup.err.msg, "of operator 'Test' is in two of the snapshots restored.");
    free(dm);
    free(dr);
    eddy__buf_free(&s1);
    eddy__buf_free(&s2);
    env_close(&o1);
    env_close(&o2);
    env_close(&all);
    env_close(&ref);
    env_close(&mid);
    env_close(&dup);
}

TEST(damaged_snapshots_fail_with_a_message) {
    Env a;
    env_open(&a, 0, 127, 128, 0);
    fill_all(&a, 0, 20);
    Buf snap;
    eddy__buf_init(&snap);
    ASSERT_EQ_INT(eddy__state_snapshot(a.be, 0, 127, &snap), EDDY_OK);
    env_close(&a);
    /* every truncation */
    for (size_t n = 0; n < snap.len; n++) {
        Env b;
        env_open(&b, 0, 127, 128, 0);
        const void *p = snap.data;
        ASSERT_EQ_INT(eddy__state_restore(b.be, &p, &n, 1), EDDY_E_RUNTIME);
        ASSERT_STR_CONTAINS(b.err.msg, "The state snapshot of operator t1 is corrupt: ");
        env_close(&b);
    }
    /* every bit flip */
    for (size_t i = 0; i < snap.len * 8; i += 1) {
        snap.data[i / 8] ^= (char)(1 << (i % 8));
        Env b;
        env_open(&b, 0, 127, 128, 0);
        const void *p = snap.data;
        size_t n = snap.len;
        eddy_status rc = eddy__state_restore(b.be, &p, &n, 1);
        ASSERT_EQ_INT(rc, EDDY_E_RUNTIME);
        ASSERT_TRUE(b.err.msg && strlen(b.err.msg) > 20);
        env_close(&b);
        snap.data[i / 8] ^= (char)(1 << (i % 8));
    }
    /* the messages for the common cases */
    Env b;
    env_open(&b, 0, 127, 128, 0);
    const void *p = snap.data;
    size_t n = snap.len - 10;
    eddy__state_restore(b.be, &p, &n, 1);
    char want[200];
    snprintf(want, sizeof want, "The state snapshot of operator t1 is corrupt: %zu bytes where its header says %zu "
                                "(truncated) (snapshot 0, byte 20).", n, snap.len);
    ASSERT_STR_EQ(b.err.msg, want);
    env_close(&b);
    snap.data[100] ^= 4;
    env_open(&b, 0, 127, 128, 0);
    n = snap.len;
    eddy__state_restore(b.be, &p, &n, 1);
    snprintf(want, sizeof want, "The state snapshot of operator t1 is corrupt: checksum mismatch (the bytes were "
                                "changed) (snapshot 0, byte %zu).", snap.len - 8);
    ASSERT_STR_EQ(b.err.msg, want);
    env_close(&b);
    snap.data[100] ^= 4;
    const char *junk = "not a snapshot at all";
    env_open(&b, 0, 127, 128, 0);
    p = junk;
    n = strlen(junk);
    eddy__state_restore(b.be, &p, &n, 1);
    ASSERT_STR_EQ(b.err.msg, "The state snapshot of operator t1 is corrupt: it does not start with EDDYSNAP, the mark "
                             "of an eddy state snapshot (snapshot 0, byte 0).");
    env_close(&b);
    /* another operator's snapshot */
    StateBackendConfig cfg = {.uid = "other", .op_name = "'Other'", .max_parallelism = 128, .first_group = 0,
                              .last_group = 127, .parallelism = 1, .err = &b.err, .vtab = g_vt};
    memset(&b, 0, sizeof b);
    ASSERT_EQ_INT(eddy__state_backend_new(&cfg, &b.be), EDDY_OK);
    p = snap.data;
    n = snap.len;
    ASSERT_EQ_INT(eddy__state_restore(b.be, &p, &n, 1), EDDY_E_RUNTIME);
    ASSERT_STR_EQ(b.err.msg, "State snapshot 0 belongs to operator t1, not to operator 'Other' (uid other).");
    env_close(&b);
    eddy__buf_free(&snap);
}

/* ---- timers ----------------------------------------------------------------------------------------- */

TEST(timers_fire_in_timestamp_then_key_order_once_each) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    TimerService *ts;
    ASSERT_EQ_INT(eddy__timers_get(e.be, &ts), EDDY_OK);
    ASSERT_TRUE(eddy__timers_peek(e.be) == ts);
    K k;
    /* registered in a scrambled order; equal timestamps tie by key bytes */
    int64_t keys[] = {7, 3, 9, 1, 3, 7};
    int64_t times[] = {20, 10, 10, 30, 10, 20};
    for (int i = 0; i < 6; i++)
        ASSERT_EQ_INT(eddy__timers_register(ts, TIME_EVENT, key(&k, keys[i], 128), STATE_NO_NS, times[i]), EDDY_OK);
    ASSERT_EQ_INT(eddy__timers_register(ts, TIME_EVENT, key(&k, 3, 128), ns_of("w"), 10), EDDY_OK);
    ASSERT_EQ_INT(eddy__timers_count(ts, TIME_EVENT), 5); /* duplicates kept once */
    ASSERT_EQ_INT(eddy__timers_delete(ts, TIME_EVENT, key(&k, 1, 128), STATE_NO_NS, 30), EDDY_OK);
    ASSERT_EQ_INT(eddy__timers_delete(ts, TIME_EVENT, key(&k, 1, 128), STATE_NO_NS, 31), EDDY_OK); /* none: fine */
    int64_t next;
    ASSERT_TRUE(eddy__timers_next_time(ts, TIME_EVENT, &next));
    ASSERT_EQ_INT(next, 10);
    ASSERT_FALSE(eddy__timers_next_time(ts, TIME_PROCESSING, &next));
    Buf got;
    eddy__buf_init(&got);
    Timer t;
    while (eddy__timers_pop(ts, TIME_EVENT, 25, &t)) {
        int64_t kx;
        memcpy(&kx, (const char *)t.key.bytes + 1, 8);
        eddy__buf_printf(&got, "%lld@%lld%s ", (long long)kx, (long long)t.ts, t.ns.len ? "w" : "");
        ASSERT_EQ_INT(t.key.group, key(&k, kx, 128)->group);
        /* a timer registered while firing, already due, fires in this round */
        if (kx == 9) ASSERT_EQ_INT(eddy__timers_register(ts, TIME_EVENT, key(&k, 100, 128), STATE_NO_NS, 15), EDDY_OK);
    }
    /* 3 < 9 as key bytes: 03.. sorts before 09.. (little endian low byte) */
    ASSERT_STR_EQ(eddy__buf_cstr(&got), "3@10 3@10w 9@10 100@15 7@20 ");
    ASSERT_EQ_INT(eddy__timers_count(ts, TIME_EVENT), 0);
    eddy__buf_free(&got);
    env_close(&e);
}

TEST(iteration_of_one_namespace_and_clear) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    State *s = reg(&e, "v", STATE_VALUE, "BIGINT");
    State *m = reg(&e, "m", STATE_MAP, "BIGINT");
    K k;
    const char *wins[] = {"w1", "w2", "w1w"};
    for (int64_t i = 0; i < 300; i++) {
        ASSERT_EQ_INT(eddy__state_put(s, key(&k, i, 128), ns_of(wins[i % 3]), &i, 8), EDDY_OK);
        ASSERT_EQ_INT(eddy__state_map_put(m, key(&k, i, 128), ns_of(wins[i % 3]), "x", 1, &i, 8), EDDY_OK);
    }
    StateNs w1 = ns_of("w1");
    StateIter *it;
    ASSERT_EQ_INT(eddy__state_iter_keys(s, &w1, &it), EDDY_OK);
    int n = 0;
    for (;;) {
        StateEntry en;
        bool has;
        ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
        if (!has) break;
        int64_t x;
        memcpy(&x, en.value, 8);
        ASSERT_EQ_INT(x % 3, 0); /* "w1w" is another namespace, not a prefix match */
        ASSERT_TRUE(en.ns.len == 2 && !memcmp(en.ns.bytes, "w1", 2));
        n++;
    }
    eddy__state_iter_close(it);
    ASSERT_EQ_INT(n, 100);
    /* clear empties one state, the other stays; clear while iterating is safe */
    ASSERT_EQ_INT(eddy__state_iter_keys(m, NULL, &it), EDDY_OK);
    StateEntry en;
    bool has;
    ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
    ASSERT_TRUE(has);
    ASSERT_EQ_INT(eddy__state_clear(m), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_iter_next(it, &en, &has), EDDY_OK);
    ASSERT_FALSE(has);
    eddy__state_iter_close(it);
    StateStats st;
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 300);
    ASSERT_EQ_INT(eddy__state_clear(s), EDDY_OK);
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 0);
    if (heap()) ASSERT_EQ_INT(st.key_bytes + st.value_bytes, 0);
    /* operator list state */
    OpListState *ol;
    ASSERT_EQ_INT(eddy__state_op_list(e.be, "o", tp("STRING"), &ol), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_op_list_add(ol, "abc", 3), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_op_list_add(ol, "", 0), EDDY_OK);
    const void *el;
    uint32_t len;
    eddy__state_op_list_at(ol, 0, &el, &len);
    ASSERT_TRUE(len == 3 && !memcmp(el, "abc", 3));
    eddy__state_op_list_at(ol, 1, &el, &len);
    ASSERT_EQ_INT(len, 0);
    ASSERT_EQ_INT(eddy__state_op_list(e.be, "o", tp("BIGINT"), &ol), EDDY_E_MISUSE);
    ASSERT_STR_EQ(e.err.msg, "Operator state 'o' holds STRING elements; it cannot be used for BIGINT.");
    eddy__err_clear(&e.err);
    eddy__state_op_list_clear(ol);
    ASSERT_EQ_INT(eddy__state_op_list_count(ol), 0);
    env_close(&e);
}

TEST(ttl_cleanup_for_every_record_cleans_a_state_nobody_reads) {
    Env e;
    env_open(&e, 0, 127, 128, 0);
    StateDesc d = {.name = "old", .kind = STATE_VALUE, .key_type = tp("BIGINT"), .value_type = tp("BIGINT"),
                   .ttl = {.ttl_ms = 100, .cleanup_every_record = true}};
    State *old, *other = reg(&e, "other", STATE_VALUE, "BIGINT");
    ASSERT_EQ_INT(eddy__state_register(e.be, &d, &old), EDDY_OK);
    K k;
    for (int64_t i = 0; i < 500; i++) ASSERT_EQ_INT(eddy__state_put(old, key(&k, i, 128), STATE_NO_NS, &i, 8), EDDY_OK);
    eddy__clock_manual_advance(&e.clock, 1000);
    /* only the other state (no TTL) is used from now on */
    for (int64_t i = 0; i < 120; i++) ASSERT_EQ_INT(eddy__state_put(other, key(&k, i, 128), STATE_NO_NS, &i, 8), EDDY_OK);
    StateStats st;
    eddy__state_backend_stats(e.be, &st);
    ASSERT_EQ_INT(entries(&e), 120);
    env_close(&e);
}

/* Incremental snapshots (RocksDB): the second uploads only the SST files
 * the first did not; it restores into a fresh RocksDB backend of the same
 * range (which then re-uploads nothing), into the heap, and rescaled (two
 * old ranges into one, one into a middle range), with every kind of state,
 * list appends (merge operands) and timers; a damaged shared file names
 * itself. */
TEST(incremental_snapshots) {
    g_vt = &eddy__state_rocksdb_vtab;
    char sd[] = "/tmp/eddy-incr-XXXXXX";
    ASSERT_TRUE(mkdtemp(sd) != NULL);
    char shared[64];
    snprintf(shared, sizeof shared, "%s/shared", sd);
    Env a;
    env_open(&a, 0, 127, 128, 0);
    ASSERT_TRUE(eddy__state_incremental_capable(a.be));
    fill_all(&a, 0, 300);
    Buf s1, s2;
    eddy__buf_init(&s1);
    eddy__buf_init(&s2);
    StateFileRefs r1 = {0}, r2 = {0};
    ASSERT_EQ_INT(eddy__state_snapshot_incremental(a.be, shared, &s1, &r1), EDDY_OK);
    ASSERT_TRUE(!memcmp(s1.data, "EDDYINCR", 8));
    ASSERT_TRUE(r1.files.len >= 1);
    ASSERT_EQ_INT(r1.uploaded, r1.bytes);
    fill_all(&a, 301, 400);
    ASSERT_EQ_INT(eddy__state_snapshot_incremental(a.be, shared, &s2, &r2), EDDY_OK);
    ASSERT_TRUE(r2.files.len > r1.files.len);
    ASSERT_TRUE(r2.uploaded > 0 && r2.uploaded < r2.bytes); /* the first snapshot's files are there */
    char *da = dump(&a), *ta = dump_timers(&a);
    ASSERT_TRUE(strlen(da) > 1000);
    const void *p = s2.data;
    size_t n = s2.len;
    /* the same range: the files become the database */
    Env b;
    env_open(&b, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore_from(b.be, &p, &n, 1, shared), EDDY_OK);
    char *db = dump(&b), *tb = dump_timers(&b);
    ASSERT_STR_EQ(db, da);
    ASSERT_STR_EQ(tb, ta);
    Buf s3;
    eddy__buf_init(&s3);
    StateFileRefs r3 = {0};
    ASSERT_EQ_INT(eddy__state_snapshot_incremental(b.be, shared, &s3, &r3), EDDY_OK);
    ASSERT_EQ_INT(r3.uploaded, 0);
    ASSERT_EQ_INT(r3.files.len, r2.files.len);
    /* into the heap */
    g_vt = &eddy__state_heap_vtab;
    Env h;
    env_open(&h, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore_from(h.be, &p, &n, 1, shared), EDDY_OK);
    char *dh = dump(&h);
    ASSERT_STR_EQ(dh, da);
    ASSERT_FALSE(eddy__state_incremental_capable(h.be));
    /* without the shared directory */
    Env h2;
    env_open(&h2, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore(h2.be, &p, &n, 1), EDDY_E_RUNTIME);
    ASSERT_STR_EQ(h2.err.msg, "State snapshot 0 of operator 'Test' is incremental: it cannot be restored without its "
                              "checkpoint's shared files.");
    /* rescaling: 0..63 + 64..127 -> 0..127 and -> 32..95 */
    g_vt = &eddy__state_rocksdb_vtab;
    Env o1, o2, all, mid;
    env_open(&o1, 0, 63, 128, 0);
    env_open(&o2, 64, 127, 128, 0);
    fill_all(&o1, 0, 400);
    fill_all(&o2, 0, 400);
    Buf q1, q2;
    eddy__buf_init(&q1);
    eddy__buf_init(&q2);
    StateFileRefs f1 = {0}, f2 = {0};
    ASSERT_EQ_INT(eddy__state_snapshot_incremental(o1.be, shared, &q1, &f1), EDDY_OK);
    ASSERT_EQ_INT(eddy__state_snapshot_incremental(o2.be, shared, &q2, &f2), EDDY_OK);
    const void *ps[2] = {q1.data, q2.data};
    size_t ns[2] = {q1.len, q2.len};
    env_open(&all, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore_from(all.be, ps, ns, 2, shared), EDDY_OK);
    char *dall = dump(&all), *tall = dump_timers(&all);
    ASSERT_STR_EQ(dall, da);
    ASSERT_STR_EQ(tall, ta);
    env_open(&mid, 32, 95, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore_from(mid.be, ps, ns, 2, shared), EDDY_OK);
    char *dm = dump(&mid);
    int lines = 0;
    for (char *line = strtok(dm, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        int grp = atoi(strstr(line, " g=") + 3);
        ASSERT_TRUE(grp >= 32 && grp <= 95);
        ASSERT_TRUE(strstr(da, line) != NULL);
    }
    ASSERT_TRUE(lines > 100);
    /* a shared file cut short */
    char f[256];
    snprintf(f, sizeof f, "%s/%s", shared, r2.files.items[0].name);
    ASSERT_EQ_INT(truncate(f, 10), 0);
    Env c;
    env_open(&c, 0, 127, 128, 0);
    ASSERT_EQ_INT(eddy__state_restore_from(c.be, &p, &n, 1, shared), EDDY_E_RUNTIME);
    char want[600];
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: 10 bytes where the snapshot says %llu (truncated?).", f,
             (unsigned long long)r2.files.items[0].size);
    ASSERT_STR_EQ(c.err.msg, want);
    free(da), free(ta), free(db), free(tb), free(dh), free(dall), free(tall), free(dm);
    StateFileRefs *refs[] = {&r1, &r2, &r3, &f1, &f2};
    for (size_t i = 0; i < ED_ARRAY_LEN(refs); i++) eddy__state_file_refs_free(refs[i]);
    Buf *bufs[] = {&s1, &s2, &s3, &q1, &q2};
    for (size_t i = 0; i < ED_ARRAY_LEN(bufs); i++) eddy__buf_free(bufs[i]);
    Env *envs[] = {&a, &b, &h, &h2, &o1, &o2, &all, &mid, &c};
    for (size_t i = 0; i < ED_ARRAY_LEN(envs); i++) env_close(envs[i]);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf '%s'", sd);
    ASSERT_EQ_INT(system(rm), 0);
}

int main(void) {
    eddy__arena_init(&arena, 4096);
    RUN(key_batch_matches_the_routing_hash_and_serde);
    RUN(key_group_ranges_invert_the_subtask_of_a_group);
    RUN(memory_budget_options_parse_as_flink_does);
    RUN(timers_fire_in_timestamp_then_key_order_once_each);
    RUN(snapshots_move_between_backends);
    /* the snapshot parser (snapshot.c) opens a backend per truncation and
     * bit flip: thousands, once is enough (heap) */
    RUN(damaged_snapshots_fail_with_a_message);
    RUN(rocksdb_compaction_drops_expired_values);
    RUN(incremental_snapshots);
    static const StateBackendVtab *const backends[] = {&eddy__state_heap_vtab, &eddy__state_rocksdb_vtab};
    for (size_t b = 0; b < ED_ARRAY_LEN(backends); b++) {
        g_vt = backends[b];
        int failed = test_failed_count;
        RUN(value_state_get_put_remove_with_namespaces);
        RUN(registering_a_name_again_checks_the_descriptor);
        RUN(list_state_appends_gets_updates_and_clears);
        RUN(map_state_put_get_remove_iterate);
        RUN(freeing_the_backend_frees_large_value_blocks);
        RUN(map_iteration_survives_removing_its_key);
        RUN(reducing_and_aggregating_states_and_namespace_merges);
        RUN(slots_are_stable_and_created_once);
        RUN(iteration_is_safe_against_writes);
        RUN(randomized_against_a_model);
        RUN(ttl_on_create_and_write_expires_unless_written);
        RUN(ttl_on_read_and_write_renews_on_read_and_visibility);
        RUN(ttl_of_list_elements_map_entries_and_slots);
        RUN(map_update_reads_modifies_and_writes_one_value);
        RUN(ttl_incremental_cleanup_removes_keys_nobody_reads);
        RUN(memory_budget_refuses_streaming_state_past_it);
        RUN(snapshot_round_trip);
        RUN(snapshot_rescaling_merges_and_drops_key_groups);
        RUN(iteration_of_one_namespace_and_clear);
        RUN(ttl_cleanup_for_every_record_cleans_a_state_nobody_reads);
        fprintf(stderr, "state backend %s: %d failed\n", g_vt->name, test_failed_count - failed);
    }
    eddy__arena_destroy(&arena);
    return test_report();
}
