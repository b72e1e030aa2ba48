/*
 * timers.c -- the timer service (timers.h): per time domain a binary heap
 * of timer records ordered by (timestamp, key bytes, namespace bytes), and
 * one hash index over all timers for the set semantics (a timer registered
 * twice exists once) and for deleting a timer in O(log n).
 *
 * A record lives in a Pool (no malloc per timer) and knows its position in
 * its heap, so deletion is a swap with the last element and a sift. The
 * record of the last popped timer stays allocated until the next call on
 * the service: the caller reads its key bytes while the operator's on_timer
 * runs.
 */
#include <stdlib.h>

#include "state/heap_int.h"
#include "state/state_int.h"

typedef struct TRec {
    uint32_t key_len; /* first: never POOL_FREE */
    uint16_t ns_len;
    uint16_t group;
    int64_t ts;
    uint64_t key_hash;
    uint32_t pos;     /* index in its domain's heap */
    uint8_t domain;
} TRec;

typedef struct TQueue {
    TRec **heap;
    uint32_t n, cap;
} TQueue;

struct TimerService {
    StateBackend *be;
    Pool pool;
    HIndex ix;
    TQueue q[2];
    TRec *popped; /* freed at the next call */
    int64_t q_charged;
};

static inline char *trec_key(const TRec *r) { return (char *)(r + 1); }
static inline uint32_t trec_size(uint32_t klen, uint32_t nslen) { return (uint32_t)sizeof(TRec) + klen + nslen; }

static EdErr *terr(const TimerService *ts) { return ts->be->cfg.err; }

eddy_status eddy__timers_get(StateBackend *be, TimerService **out) {
    if (!be->timers) {
        TimerService *ts = eddy__calloc(1, sizeof *ts);
        if (!ts) return eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
        ts->be = be;
        eddy__pool_init(&ts->pool, be->cfg.account, be->cfg.err);
        eddy__hindex_init(&ts->ix, be->cfg.account, be->cfg.err);
        be->timers = ts;
    }
    *out = be->timers;
    return EDDY_OK;
}

TimerService *eddy__timers_peek(StateBackend *be) { return be ? be->timers : NULL; }

void eddy__timers_free(TimerService *ts) {
    if (!ts) return;
    eddy__hindex_destroy(&ts->ix);
    eddy__pool_destroy(&ts->pool);
    for (int d = 0; d < 2; d++) eddy__free(ts->q[d].heap);
    eddy__mem_release(ts->be->cfg.account, ts->q_charged);
    eddy__free(ts);
}

static void release_popped(TimerService *ts) {
    if (!ts->popped) return;
    eddy__pool_free(&ts->pool, ts->popped, trec_size(ts->popped->key_len, ts->popped->ns_len));
    ts->popped = NULL;
}

/* Firing order: timestamp, then key bytes, then namespace bytes. */
static int trec_cmp(const TRec *a, const TRec *b) {
    if (a->ts != b->ts) return a->ts < b->ts ? -1 : 1;
    uint32_t n = ED_MIN(a->key_len, b->key_len);
    int c = memcmp(trec_key(a), trec_key(b), n);
    if (c) return c;
    if (a->key_len != b->key_len) return a->key_len < b->key_len ? -1 : 1;
    n = ED_MIN(a->ns_len, b->ns_len);
    c = n ? memcmp(trec_key(a) + a->key_len, trec_key(b) + b->key_len, n) : 0;
    if (c) return c;
    return a->ns_len < b->ns_len ? -1 : a->ns_len > b->ns_len;
}

static void q_set(TQueue *q, uint32_t i, TRec *r) {
    q->heap[i] = r;
    r->pos = i;
}

static void sift_up(TQueue *q, uint32_t i) {
    TRec *r = q->heap[i];
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (trec_cmp(q->heap[p], r) <= 0) break;
        q_set(q, i, q->heap[p]);
        i = p;
    }
    q_set(q, i, r);
}

static void sift_down(TQueue *q, uint32_t i) {
    TRec *r = q->heap[i];
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= q->n) break;
        if (c + 1 < q->n && trec_cmp(q->heap[c + 1], q->heap[c]) < 0) c++;
        if (trec_cmp(r, q->heap[c]) <= 0) break;
        q_set(q, i, q->heap[c]);
        i = c;
    }
    q_set(q, i, r);
}

static void q_remove(TQueue *q, uint32_t i) {
    q->n--;
    if (i == q->n) return;
    TRec *r = q->heap[q->n];
    q_set(q, i, r);
    sift_down(q, i);
    sift_up(q, r->pos);
}

typedef struct TProbe {
    uint8_t domain;
    int64_t t;
    const StateKey *k;
    StateNs ns;
} TProbe;

static bool trec_eq(const void *rec, const void *probe) {
    const TRec *r = rec;
    const TProbe *p = probe;
    return r->domain == p->domain && r->ts == p->t && r->key_len == p->k->len && r->ns_len == p->ns.len &&
           !memcmp(trec_key(r), p->k->bytes, p->k->len) &&
           (!p->ns.len || !memcmp(trec_key(r) + r->key_len, p->ns.bytes, p->ns.len));
}

static uint64_t timer_hash(TimeDomain d, const StateKey *k, StateNs ns, int64_t t) {
    uint64_t h = eddy__hash_combine(k->hash, (uint64_t)t);
    if (ns.len) h = eddy__hash_combine(h, eddy__hash_bytes(ns.bytes, ns.len, 0x6e73));
    return eddy__hash_combine(h, (uint64_t)d + 1);
}

static bool bad_domain(TimeDomain d) { return (unsigned)d > TIME_PROCESSING; }

eddy_status eddy__timers_register(TimerService *ts, TimeDomain d, const StateKey *k, StateNs ns, int64_t t) {
    release_popped(ts);
    if (bad_domain(d)) return eddy__err(terr(ts), EDDY_E_INTERNAL, "unknown time domain %d", (int)d);
    if (ns.len > UINT16_MAX)
        return eddy__err(terr(ts), EDDY_E_RUNTIME, "A timer namespace of %u bytes is longer than 65535 bytes.", ns.len);
    uint64_t h = timer_hash(d, k, ns, t);
    TProbe p = {(uint8_t)d, t, k, ns};
    if (eddy__hindex_find(&ts->ix, h, trec_eq, &p)) return EDDY_OK;
    TQueue *q = &ts->q[d];
    if (q->n == q->cap) {
        uint32_t ncap = q->cap ? q->cap * 2 : 16;
        int64_t more = (int64_t)(ncap - q->cap) * (int64_t)sizeof(TRec *);
        eddy_status rc = eddy__mem_charge(ts->be->cfg.account, more, terr(ts));
        if (rc) return rc;
        TRec **nh = eddy__realloc(q->heap, sizeof(TRec *) * ncap);
        if (!nh) {
            eddy__mem_release(ts->be->cfg.account, more);
            return eddy__err(terr(ts), EDDY_E_NOMEM, "out of memory");
        }
        ts->q_charged += more;
        q->heap = nh;
        q->cap = ncap;
    }
    eddy_status rc = eddy__hindex_reserve(&ts->ix);
    if (rc) return rc;
    TRec *r = eddy__pool_alloc(&ts->pool, trec_size(k->len, ns.len));
    if (!r) return terr(ts)->code ? terr(ts)->code : EDDY_E_NOMEM;
    r->key_len = k->len;
    r->ns_len = (uint16_t)ns.len;
    r->group = (uint16_t)k->group;
    r->ts = t;
    r->key_hash = k->hash;
    r->domain = (uint8_t)d;
    memcpy(trec_key(r), k->bytes, k->len);
    if (ns.len) memcpy(trec_key(r) + k->len, ns.bytes, ns.len);
    eddy__hindex_add(&ts->ix, h, r);
    q->heap[q->n++] = r;
    sift_up(q, q->n - 1);
    return EDDY_OK;
}

eddy_status eddy__timers_delete(TimerService *ts, TimeDomain d, const StateKey *k, StateNs ns, int64_t t) {
    release_popped(ts);
    if (bad_domain(d)) return eddy__err(terr(ts), EDDY_E_INTERNAL, "unknown time domain %d", (int)d);
    uint64_t h = timer_hash(d, k, ns, t);
    TProbe p = {(uint8_t)d, t, k, ns};
    TRec *r = eddy__hindex_find(&ts->ix, h, trec_eq, &p);
    if (!r) return EDDY_OK;
    eddy__hindex_remove(&ts->ix, h, r);
    q_remove(&ts->q[d], r->pos);
    eddy__pool_free(&ts->pool, r, trec_size(r->key_len, r->ns_len));
    return EDDY_OK;
}

bool eddy__timers_next_time(const TimerService *ts, TimeDomain d, int64_t *t) {
    if (!ts || bad_domain(d) || !ts->q[d].n) return false;
    *t = ts->q[d].heap[0]->ts;
    return true;
}

static void fill_timer(const TRec *r, Timer *out) {
    out->domain = (TimeDomain)r->domain;
    out->ts = r->ts;
    out->key = (StateKey){trec_key(r), r->key_len, r->group, r->key_hash};
    out->ns = (StateNs){r->ns_len ? trec_key(r) + r->key_len : NULL, r->ns_len};
}

bool eddy__timers_pop(TimerService *ts, TimeDomain d, int64_t limit, Timer *out) {
    release_popped(ts);
    if (bad_domain(d)) return false;
    TQueue *q = &ts->q[d];
    if (!q->n || q->heap[0]->ts > limit) return false;
    TRec *r = q->heap[0];
    q_remove(q, 0);
    StateKey k = {trec_key(r), r->key_len, r->group, r->key_hash};
    StateNs ns = {trec_key(r) + r->key_len, r->ns_len};
    eddy__hindex_remove(&ts->ix, timer_hash(d, &k, ns, r->ts), r);
    ts->popped = r;
    fill_timer(r, out);
    return true;
}

size_t eddy__timers_count(const TimerService *ts, TimeDomain d) {
    return ts && !bad_domain(d) ? ts->q[d].n : 0;
}

static int cmp_ptr(const void *a, const void *b) { return trec_cmp(*(TRec *const *)a, *(TRec *const *)b); }

eddy_status eddy__timers_for_each(TimerService *ts, TimeDomain d, eddy_status (*fn)(void *ctx, const Timer *t),
                                  void *ctx) {
    release_popped(ts);
    if (bad_domain(d) || !ts->q[d].n) return EDDY_OK;
    TQueue *q = &ts->q[d];
    TRec **copy = eddy__malloc(sizeof(TRec *) * q->n);
    if (!copy) return eddy__err(terr(ts), EDDY_E_NOMEM, "out of memory");
    memcpy(copy, q->heap, sizeof(TRec *) * q->n);
    qsort(copy, q->n, sizeof(TRec *), cmp_ptr);
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < q->n && !rc; i++) {
        Timer t;
        fill_timer(copy[i], &t);
        rc = fn(ctx, &t);
    }
    eddy__free(copy);
    return rc;
}
