/*
 * heap.c -- the heap state backend: StateBackendVtab over in-memory hash
 * tables, built for speed.
 *
 * Per registered state one HIndex (hash -> entry) and one Pool of entries.
 * An entry is one pool record:
 *
 *   [u32 key_len][u16 ns_len][u16 group][u64 key_hash]     16-byte header
 *   slot states:  [key][ns] padded to 8 | [slot_size bytes: the value]
 *   other states: [void *val][u32 vlen][u32 vcap] | [key][ns]
 *
 * so a fixed-size value (an aggregator's accumulator) lives inside its entry
 * and a slot pointer is stable for the entry's life. Variable values, list
 * blobs and map records are Blobs blocks; a MAP entry's `val` is a MiniMap:
 * the map records in an array (positions are stable; removal leaves a hole,
 * compaction waits until no iterator looks at the map) with a small hash
 * index once it holds more than MINI_LINEAR records.
 *
 * The index hash of an entry is its key hash when the namespace is empty,
 * else the key hash combined with the namespace bytes' hash; index slots use
 * the hash's high bits, since a subtask's keys share the low bits that pick
 * their key group.
 *
 * Iteration walks the pool pages (see heap_table.c), so it survives writes;
 * a MAP entry removed while an iterator is inside its map leaves the MiniMap
 * orphaned until that iterator lets go of it.
 *
 * Memory: every page, block and table is charged to the backend's MemAccount
 * before it is allocated; a refused charge fails the call with nothing
 * changed.
 */
#include "state/heap_int.h"

typedef struct Entry {
    uint32_t key_len;
    uint16_t ns_len;
    uint16_t group;
    uint64_t key_hash;
} Entry;

typedef struct VarPart {
    void *val;
    uint32_t vlen, vcap;
} VarPart;

/* ---- map records ------------------------------------------------------------- */

typedef struct MRec {
    uint32_t hash32;
    uint32_t uklen, vlen, cap; /* cap: the block's capacity */
} MRec;

#define MINI_LINEAR 8

typedef struct MiniMap {
    uint32_t n;       /* live records */
    uint32_t nrec;    /* positions used (live + holes) */
    uint32_t rec_cap; /* positions the recs array holds */
    uint32_t recs_bcap, idx_bcap, self_bcap;
    uint64_t *idx;    /* hash32 << 32 | position + 1, 0 = empty; NULL while small */
    uint8_t idx_bits;
    uint32_t refs;    /* iterators inside */
    bool orphan;      /* its entry is gone; freed when refs drops to 0 */
    MRec **recs;
} MiniMap;

struct StateBackendImpl {
    StateBackendConfig cfg;
    Blobs blobs;
    BackendState **states;
    uint32_t nstates;
    int open_iters;
    struct BackendIter *spare; /* a closed iterator kept for the next open (no malloc per probe) */
};

struct BackendState {
    StateBackendImpl *be;
    const StateDesc *d;
    StateKind kind;
    uint32_t slot_size; /* bytes a fixed-size value takes (8-aligned); 0: variable */
    uint32_t value_size; /* its real size, what get and iteration report */
    HIndex ix;
    Pool pool;
    uint64_t entries, key_bytes, value_bytes;
};

struct BackendIter {
    BackendState *s;
    StateIterSpec spec;
    char *ns_copy;
    uint32_t page, idx;
    MiniMap *mm;     /* map being walked (a reference held) */
    Entry *mm_entry; /* its entry (NULL once orphaned) */
    uint32_t mm_pos;
    bool single;     /* map_of_key: one map only */
    bool done;
};

static EdErr *s_err(BackendState *s) { return s->be->cfg.err; }

static inline uint32_t align8(uint32_t n) { return (n + 7) & ~7u; }

static inline char *entry_key(const BackendState *s, const Entry *e) {
    return (char *)(e + 1) + (s->slot_size ? 0 : sizeof(VarPart));
}
static inline VarPart *entry_var(const Entry *e) { return (VarPart *)(e + 1); }
static inline char *entry_slot(const Entry *e) { return (char *)(e + 1) + align8(e->key_len + e->ns_len); }
static inline uint32_t entry_size(const BackendState *s, uint32_t klen, uint32_t nslen) {
    if (s->slot_size) return (uint32_t)sizeof(Entry) + align8(klen + nslen) + s->slot_size;
    return (uint32_t)(sizeof(Entry) + sizeof(VarPart)) + klen + nslen;
}

static inline uint64_t entry_hash(const StateKey *k, StateNs ns) {
    if (!ns.len) return k->hash;
    return eddy__hash_combine(k->hash, eddy__hash_bytes(ns.bytes, ns.len, 0x6e73));
}

typedef struct Probe {
    const void *key;
    uint32_t klen;
    const void *ns;
    uint32_t nslen;
    uint32_t key_off;
} Probe;

static inline bool entry_eq(const void *rec, const void *probe) {
    const Entry *e = rec;
    const Probe *p = probe;
    if (e->key_len != p->klen || e->ns_len != p->nslen) return false;
    const char *kb = (const char *)(e + 1) + p->key_off;
    /* the common key, one BIGINT / INT64 column (presence byte + 8): two
     * fixed-size compares the compiler turns into loads */
    if (p->klen == 9 && !p->nslen) return memcmp(kb, p->key, 8) == 0 && kb[8] == ((const char *)p->key)[8];
    return memcmp(kb, p->key, p->klen) == 0 && (!p->nslen || memcmp(kb + p->klen, p->ns, p->nslen) == 0);
}

static Entry *find_entry(BackendState *s, const StateKey *k, StateNs ns, uint64_t h) {
    Probe p = {k->bytes, k->len, ns.bytes, ns.len, s->slot_size ? 0 : (uint32_t)sizeof(VarPart)};
    return eddy__hindex_find(&s->ix, h, entry_eq, &p);
}

/* Creates the entry of (k, ns) (known absent); its value part is zeroed. */
static Entry *new_entry(BackendState *s, const StateKey *k, StateNs ns, uint64_t h) {
    if (ns.len > UINT16_MAX) {
        eddy__err(s_err(s), EDDY_E_RUNTIME, "A state namespace of %u bytes is longer than 65535 bytes.", ns.len);
        return NULL;
    }
    if (eddy__hindex_reserve(&s->ix)) return NULL;
    uint32_t size = entry_size(s, k->len, ns.len);
    Entry *e = eddy__pool_alloc(&s->pool, size);
    if (!e) return NULL;
    e->key_len = k->len;
    e->ns_len = (uint16_t)ns.len;
    e->group = (uint16_t)k->group;
    e->key_hash = k->hash;
    char *kb = entry_key(s, e);
    memcpy(kb, k->bytes, k->len);
    if (ns.len) memcpy(kb + k->len, ns.bytes, ns.len);
    if (s->slot_size) memset(entry_slot(e), 0, s->slot_size);
    else memset(entry_var(e), 0, sizeof(VarPart));
    eddy__hindex_add(&s->ix, h, e);
    s->entries++;
    s->key_bytes += k->len + ns.len;
    if (s->slot_size) s->value_bytes += s->slot_size;
    return e;
}

/* ---- MiniMap ------------------------------------------------------------------- */

static inline char *mrec_key(MRec *r) { return (char *)(r + 1); }
static inline char *mrec_val(MRec *r) { return (char *)(r + 1) + r->uklen; }

/* A record's index position comes from the 32 hash bits it keeps (mixed
 * again), so growing the index rehashes no map key. */
static inline uint32_t mini_slot(const MiniMap *m, uint32_t hash32) {
    return (uint32_t)(hash32 * 0x9E3779B1u) >> (32 - m->idx_bits);
}

static void mini_index_add(MiniMap *m, uint32_t hash32, uint32_t pos) {
    uint32_t mask = (1u << m->idx_bits) - 1, i = mini_slot(m, hash32);
    while (m->idx[i]) i = (i + 1) & mask;
    m->idx[i] = (uint64_t)hash32 << 32 | (pos + 1);
}

static uint64_t mrec_hash(const void *ukey, uint32_t uklen) { return eddy__hash_bytes(ukey, uklen, 0x6d6b); }

/* (Re)builds the index for the records 0..nrec; false when memory ran out. */
static bool mini_reindex(BackendState *s, MiniMap *m) {
    uint8_t bits = 4;
    while ((1u << bits) < m->nrec * 2 + 2) bits++;
    uint32_t bcap;
    uint64_t *idx = eddy__blob_alloc(&s->be->blobs, (uint32_t)sizeof(uint64_t) << bits, &bcap);
    if (!idx) return false;
    memset(idx, 0, sizeof(uint64_t) << bits);
    eddy__blob_free(&s->be->blobs, m->idx, m->idx_bcap);
    m->idx = idx;
    m->idx_bcap = bcap;
    m->idx_bits = bits;
    for (uint32_t p = 0; p < m->nrec; p++) {
        MRec *r = m->recs[p];
        if (r) mini_index_add(m, r->hash32, p);
    }
    return true;
}

static int64_t mini_find(const MiniMap *m, const void *ukey, uint32_t uklen, uint64_t hash) {
    uint32_t h32 = (uint32_t)hash;
    if (!m->idx) {
        for (uint32_t p = 0; p < m->nrec; p++) {
            MRec *r = m->recs[p];
            if (r && r->hash32 == h32 && r->uklen == uklen && !memcmp(mrec_key(r), ukey, uklen)) return p;
        }
        return -1;
    }
    uint32_t mask = (1u << m->idx_bits) - 1, i = mini_slot(m, h32);
    /* the slot's hash bits first: only a match reads the record */
    for (uint64_t x; (x = m->idx[i]); i = (i + 1) & mask) {
        if ((uint32_t)(x >> 32) != h32) continue;
        uint32_t pos = (uint32_t)x - 1;
        MRec *r = m->recs[pos];
        if (r && r->uklen == uklen && !memcmp(mrec_key(r), ukey, uklen)) return pos;
    }
    return -1;
}

/* Drops the holes (only when no iterator is inside). */
static void mini_compact(BackendState *s, MiniMap *m) {
    if (m->refs || m->nrec - m->n <= MINI_LINEAR || m->nrec - m->n <= m->n) return;
    uint32_t w = 0;
    for (uint32_t p = 0; p < m->nrec; p++)
        if (m->recs[p]) m->recs[w++] = m->recs[p];
    m->nrec = w;
    if (m->idx && !mini_reindex(s, m)) {
        /* keep working without an index: lookups scan */
        eddy__err_clear(s_err(s));
        eddy__blob_free(&s->be->blobs, m->idx, m->idx_bcap);
        m->idx = NULL;
    }
}

static void mini_free_records(BackendState *s, MiniMap *m) {
    for (uint32_t p = 0; p < m->nrec; p++) {
        MRec *r = m->recs[p];
        if (!r) continue;
        s->key_bytes -= r->uklen;
        s->value_bytes -= r->vlen;
        s->entries--;
        eddy__blob_free(&s->be->blobs, r, r->cap);
        m->recs[p] = NULL;
    }
    m->n = 0;
}

static void mini_destroy(Blobs *b, MiniMap *m) {
    eddy__blob_free(b, m->recs, m->recs_bcap);
    eddy__blob_free(b, m->idx, m->idx_bcap);
    eddy__blob_free(b, m, m->self_bcap);
}

/* Lets go of an iterator's reference. */
static void mini_unref(BackendState *s, MiniMap *m) {
    m->refs--;
    if (m->orphan && !m->refs) mini_destroy(&s->be->blobs, m);
    else if (!m->orphan) mini_compact(s, m);
}

/* ---- freeing entries --------------------------------------------------------------- */

/* Frees what an entry's value part holds (not the entry). */
static void free_value(BackendState *s, Entry *e) {
    if (s->slot_size) return;
    VarPart *v = entry_var(e);
    if (!v->val) return;
    if (s->kind == STATE_MAP) {
        MiniMap *m = v->val;
        mini_free_records(s, m);
        if (m->refs) m->orphan = true;
        else mini_destroy(&s->be->blobs, m);
    } else {
        s->value_bytes -= v->vlen;
        eddy__blob_free(&s->be->blobs, v->val, v->vcap);
    }
    v->val = NULL;
    v->vlen = v->vcap = 0;
}

static void drop_entry(BackendState *s, Entry *e, uint64_t h) {
    free_value(s, e);
    eddy__hindex_remove(&s->ix, h, e);
    s->entries--;
    s->key_bytes -= e->key_len + e->ns_len;
    if (s->slot_size) s->value_bytes -= s->slot_size;
    eddy__pool_free(&s->pool, e, entry_size(s, e->key_len, e->ns_len));
}

/* ---- backend ------------------------------------------------------------------------ */

eddy_status eddy__state_heap_open(const StateBackendConfig *cfg, StateBackendImpl **out) {
    StateBackendImpl *be = eddy__calloc(1, sizeof *be);
    if (!be) return eddy__err(cfg->err, EDDY_E_NOMEM, "out of memory");
    be->cfg = *cfg;
    eddy__blobs_init(&be->blobs, cfg->account, cfg->err);
    *out = be;
    return EDDY_OK;
}

static void heap_destroy(StateBackendImpl *be) {
    if (!be) return;
    for (uint32_t i = 0; i < be->nstates; i++) {
        BackendState *s = be->states[i];
        eddy__hindex_destroy(&s->ix);
        eddy__pool_destroy(&s->pool);
        eddy__free(s);
    }
    eddy__free(be->states);
    eddy__blobs_destroy(&be->blobs); /* every value block at once */
    eddy__free(be->spare);
    eddy__free(be);
}

static eddy_status heap_create_state(StateBackendImpl *be, const StateDesc *d, uint32_t slot_size, BackendState **out) {
    BackendState **ns = eddy__realloc(be->states, sizeof(BackendState *) * (be->nstates + 1));
    if (!ns) return eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
    be->states = ns;
    BackendState *s = eddy__calloc(1, sizeof *s);
    if (!s) return eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
    s->be = be;
    s->d = d;
    s->kind = d->kind;
    s->slot_size = (d->kind == STATE_LIST || d->kind == STATE_MAP) ? 0 : align8(slot_size);
    s->value_size = s->slot_size ? slot_size : 0;
    eddy__hindex_init(&s->ix, be->cfg.account, be->cfg.err);
    eddy__pool_init(&s->pool, be->cfg.account, be->cfg.err);
    be->states[be->nstates++] = s;
    *out = s;
    return EDDY_OK;
}

/* ---- VALUE-like ---------------------------------------------------------------------- */

static eddy_status heap_get(BackendState *s, const StateKey *k, StateNs ns, const void **val, uint32_t *len,
                            bool *found) {
    Entry *e = find_entry(s, k, ns, entry_hash(k, ns));
    *found = false;
    if (!e) return EDDY_OK;
    if (s->slot_size) {
        *val = entry_slot(e);
        *len = s->value_size;
    } else {
        VarPart *v = entry_var(e);
        *val = v->val ? v->val : "";
        *len = v->vlen;
    }
    *found = true;
    return EDDY_OK;
}

/* Stores len bytes as the variable value of e. */
static eddy_status set_var(BackendState *s, Entry *e, const void *val, uint32_t len) {
    VarPart *v = entry_var(e);
    if (v->val && len <= v->vcap) {
        memmove(v->val, val, len);
    } else {
        uint32_t cap;
        void *nb = eddy__blob_alloc(&s->be->blobs, len, &cap);
        if (!nb) return s_err(s)->code ? s_err(s)->code : EDDY_E_NOMEM;
        memcpy(nb, val, len);
        eddy__blob_free(&s->be->blobs, v->val, v->vcap);
        v->val = nb;
        v->vcap = cap;
    }
    s->value_bytes += len;
    s->value_bytes -= v->vlen;
    v->vlen = len;
    return EDDY_OK;
}

static eddy_status fail_code(BackendState *s) { return s_err(s)->code ? s_err(s)->code : EDDY_E_NOMEM; }

static eddy_status heap_put(BackendState *s, const StateKey *k, StateNs ns, const void *val, uint32_t len) {
    uint64_t h = entry_hash(k, ns);
    Entry *e = find_entry(s, k, ns, h);
    if (s->slot_size) {
        if (len > s->value_size)
            return eddy__err(s_err(s), EDDY_E_INTERNAL, "a value of %u bytes for a state of %u-byte values", len,
                             s->value_size);
        if (!e && !(e = new_entry(s, k, ns, h))) return fail_code(s);
        memcpy(entry_slot(e), val, len);
        return EDDY_OK;
    }
    bool fresh = !e;
    if (!e && !(e = new_entry(s, k, ns, h))) return fail_code(s);
    eddy_status rc = set_var(s, e, val, len);
    if (rc && fresh) drop_entry(s, e, h);
    return rc;
}

static eddy_status heap_remove(BackendState *s, const StateKey *k, StateNs ns, bool *found) {
    uint64_t h = entry_hash(k, ns);
    Entry *e = find_entry(s, k, ns, h);
    if (found) *found = e != NULL;
    if (e) drop_entry(s, e, h);
    return EDDY_OK;
}

static eddy_status heap_slots(BackendState *s, const KeyBatch *kb, const uint32_t *rows, uint32_t n, const StateNs *ns,
                              uint32_t ns_count, void **slots, uint8_t *created) {
    if (!s->slot_size) return eddy__err(s_err(s), EDDY_E_INTERNAL, "slots of a state without fixed-size values");
    uint64_t ns_hash = 0;
    if (ns_count == 1 && ns[0].len) ns_hash = eddy__hash_bytes(ns[0].bytes, ns[0].len, 0x6e73);
    /* Hash once, probe many (DuckDB's hash aggregate): a lookup touches an
     * index line and then an entry, both cold for a big state, so the rows
     * ahead are prefetched in two stages -- the index slot AHEAD_SLOT rows
     * ahead, the entry that slot names AHEAD_REC rows ahead (by then the
     * slot's line is in). Namespaces per row hash on the spot and go
     * without the hints. */
    enum { AHEAD_SLOT = 32, AHEAD_REC = 16 };
    bool hint = ns_count <= 1;
    uint64_t hint_ns = ns_count == 1 && ns[0].len ? ns_hash : 0;
#define HINT_HASH(j) (hint_ns ? eddy__hash_combine(kb->hash[rows ? rows[j] : (j)], hint_ns) : kb->hash[rows ? rows[j] : (j)])
    for (uint32_t j = 0; hint && j < n && j < AHEAD_SLOT; j++) {
        eddy__hindex_prefetch_slot(&s->ix, HINT_HASH(j));
        if (j >= AHEAD_SLOT - AHEAD_REC) eddy__hindex_prefetch_rec(&s->ix, HINT_HASH(j - (AHEAD_SLOT - AHEAD_REC)));
    }
    for (uint32_t i = 0; i < n; i++) {
        if (hint) {
            if (i + AHEAD_SLOT < n) eddy__hindex_prefetch_slot(&s->ix, HINT_HASH(i + AHEAD_SLOT));
            if (i + AHEAD_REC < n) eddy__hindex_prefetch_rec(&s->ix, HINT_HASH(i + AHEAD_REC));
        }
        uint32_t r = rows ? rows[i] : i;
        StateKey k = eddy__key_batch_key(kb, r);
        StateNs nsi = ns_count == 0 ? STATE_NO_NS : ns_count == 1 ? ns[0] : ns[i];
        uint64_t h = !nsi.len ? k.hash : ns_count == 1 ? eddy__hash_combine(k.hash, ns_hash) : entry_hash(&k, nsi);
        Probe p = {k.bytes, k.len, nsi.bytes, nsi.len, 0};
        Entry *e = eddy__hindex_find(&s->ix, h, entry_eq, &p);
        created[i] = 0;
        if (!e) {
            if (!(e = new_entry(s, &k, nsi, h))) return fail_code(s);
            created[i] = 1;
        }
        slots[i] = entry_slot(e);
    }
#undef HINT_HASH
    return EDDY_OK;
}

static eddy_status heap_flush(BackendState *s) {
    (void)s;
    return EDDY_OK;
}

/* ---- LIST ------------------------------------------------------------------------------ */

static eddy_status heap_list_append(BackendState *s, const StateKey *k, StateNs ns, const void *elem, uint32_t len) {
    uint64_t h = entry_hash(k, ns);
    Entry *e = find_entry(s, k, ns, h);
    bool fresh = !e;
    if (!e && !(e = new_entry(s, k, ns, h))) return fail_code(s);
    VarPart *v = entry_var(e);
    uint32_t need = v->vlen + 4 + len;
    if (need < v->vlen) return eddy__err(s_err(s), EDDY_E_RUNTIME, "a list state value is larger than 4 GiB");
    if (!v->val || need > v->vcap) {
        uint32_t want = v->vcap ? v->vcap : 16;
        while (want < need) want = want * 2 < want ? need : want * 2;
        uint32_t cap;
        char *nb = eddy__blob_alloc(&s->be->blobs, want, &cap);
        if (!nb) {
            if (fresh) drop_entry(s, e, h);
            return fail_code(s);
        }
        if (v->vlen) memcpy(nb, v->val, v->vlen);
        eddy__blob_free(&s->be->blobs, v->val, v->vcap);
        v->val = nb;
        v->vcap = cap;
    }
    char *w = (char *)v->val + v->vlen;
    memcpy(w, &len, 4);
    memcpy(w + 4, elem, len);
    v->vlen = need;
    s->value_bytes += 4 + len;
    return EDDY_OK;
}

static eddy_status heap_list_get(BackendState *s, const StateKey *k, StateNs ns, const void **blob, uint32_t *len,
                                 bool *found) {
    Entry *e = find_entry(s, k, ns, entry_hash(k, ns));
    *found = false;
    if (!e || !entry_var(e)->vlen) return EDDY_OK;
    *blob = entry_var(e)->val;
    *len = entry_var(e)->vlen;
    *found = true;
    return EDDY_OK;
}

static eddy_status heap_list_replace(BackendState *s, const StateKey *k, StateNs ns, const void *blob, uint32_t len) {
    if (!len) return heap_remove(s, k, ns, NULL);
    return heap_put(s, k, ns, blob, len);
}

/* ---- MAP ----------------------------------------------------------------------------------- */

static eddy_status heap_map_get(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                const void **val, uint32_t *len, bool *found) {
    *found = false;
    Entry *e = find_entry(s, k, ns, entry_hash(k, ns));
    if (!e || !entry_var(e)->val) return EDDY_OK;
    MiniMap *m = entry_var(e)->val;
    int64_t p = mini_find(m, ukey, uklen, mrec_hash(ukey, uklen));
    if (p < 0) return EDDY_OK;
    *val = mrec_val(m->recs[p]);
    *len = m->recs[p]->vlen;
    *found = true;
    return EDDY_OK;
}

static MiniMap *mini_new(BackendState *s) {
    uint32_t bcap;
    MiniMap *m = eddy__blob_alloc(&s->be->blobs, sizeof(MiniMap), &bcap);
    if (!m) return NULL;
    memset(m, 0, sizeof *m);
    m->self_bcap = bcap;
    return m;
}

/* The record of map key ukey in (k, ns) with room for a len-byte value
 * (its vlen set to len): the one there (*had its old value length, else
 * UINT32_MAX), or a new one with the key copied and the value unset.
 * *old: a record it replaced, which the caller frees once it has copied
 * the value (which may lie in it). */
static eddy_status map_rec(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                           uint32_t len, MRec **out, uint32_t *had, MRec **old) {
    *old = NULL;
    *had = UINT32_MAX;
    uint64_t h = entry_hash(k, ns);
    Entry *e = find_entry(s, k, ns, h);
    bool fresh = !e;
    if (!e && !(e = new_entry(s, k, ns, h))) return fail_code(s);
    VarPart *v = entry_var(e);
    if (!v->val && !(v->val = mini_new(s))) {
        if (fresh) drop_entry(s, e, h);
        return fail_code(s);
    }
    MiniMap *m = v->val;
    uint64_t uh = mrec_hash(ukey, uklen);
    int64_t p = mini_find(m, ukey, uklen, uh);
    uint32_t need = (uint32_t)sizeof(MRec) + uklen + len;
    if (p >= 0 && need <= m->recs[p]->cap) {
        MRec *r = m->recs[p];
        *had = r->vlen;
        s->value_bytes += len;
        s->value_bytes -= r->vlen;
        r->vlen = len;
        *out = r;
        return EDDY_OK;
    }
    uint32_t cap;
    MRec *r = eddy__blob_alloc(&s->be->blobs, need, &cap);
    if (!r) goto fail;
    r->hash32 = (uint32_t)uh;
    r->uklen = uklen;
    r->vlen = len;
    r->cap = cap;
    if (uklen) memcpy(mrec_key(r), ukey, uklen); /* an empty user key may come as NULL */
    *out = r;
    if (p >= 0) {
        *old = m->recs[p];
        *had = (*old)->vlen;
        s->value_bytes += len;
        s->value_bytes -= (*old)->vlen;
        m->recs[p] = r;
        return EDDY_OK;
    }
    if (m->nrec == m->rec_cap) {
        uint32_t ncap = m->rec_cap ? m->rec_cap * 2 : 4, bcap;
        MRec **nr = eddy__blob_alloc(&s->be->blobs, (uint32_t)sizeof(MRec *) * ncap, &bcap);
        if (!nr) {
            eddy__blob_free(&s->be->blobs, r, r->cap);
            goto fail;
        }
        if (m->nrec) memcpy(nr, m->recs, sizeof(MRec *) * m->nrec);
        eddy__blob_free(&s->be->blobs, m->recs, m->recs_bcap);
        m->recs = nr;
        m->recs_bcap = bcap;
        m->rec_cap = ncap;
    }
    m->recs[m->nrec] = r;
    if (m->idx && (m->nrec + 1) * 2 > (1u << m->idx_bits)) {
        m->nrec++;
        if (!mini_reindex(s, m)) {
            m->nrec--;
            eddy__blob_free(&s->be->blobs, r, r->cap);
            goto fail;
        }
    } else if (m->idx) {
        mini_index_add(m, (uint32_t)uh, m->nrec);
        m->nrec++;
    } else {
        m->nrec++;
        if (m->nrec > MINI_LINEAR && !mini_reindex(s, m)) {
            m->nrec--;
            eddy__blob_free(&s->be->blobs, r, r->cap);
            goto fail;
        }
    }
    m->n++;
    s->entries++;
    s->key_bytes += uklen;
    s->value_bytes += len;
    return EDDY_OK;
fail:
    if (fresh) drop_entry(s, e, h);
    return fail_code(s);
}

static eddy_status heap_map_put(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                const void *val, uint32_t len) {
    MRec *r, *old;
    uint32_t had;
    eddy_status rc = map_rec(s, k, ns, ukey, uklen, len, &r, &had, &old);
    if (rc) return rc;
    memmove(mrec_val(r), val, len);
    if (old) eddy__blob_free(&s->be->blobs, old, old->cap);
    return EDDY_OK;
}

static eddy_status heap_map_ref(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                uint32_t len, void **val, bool *found) {
    MRec *r, *old;
    uint32_t had;
    eddy_status rc = map_rec(s, k, ns, ukey, uklen, len, &r, &had, &old);
    if (rc) return rc;
    *found = had == len;
    if (old && *found) memcpy(mrec_val(r), mrec_val(old), len);
    else if (!*found) memset(mrec_val(r), 0, len);
    if (old) eddy__blob_free(&s->be->blobs, old, old->cap);
    *val = mrec_val(r);
    return EDDY_OK;
}

static eddy_status heap_map_remove(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                   bool *found) {
    if (found) *found = false;
    uint64_t h = entry_hash(k, ns);
    Entry *e = find_entry(s, k, ns, h);
    if (!e || !entry_var(e)->val) return EDDY_OK;
    MiniMap *m = entry_var(e)->val;
    int64_t p = mini_find(m, ukey, uklen, mrec_hash(ukey, uklen));
    if (p < 0) return EDDY_OK;
    if (found) *found = true;
    MRec *r = m->recs[p];
    s->entries--;
    s->key_bytes -= r->uklen;
    s->value_bytes -= r->vlen;
    eddy__blob_free(&s->be->blobs, r, r->cap);
    m->recs[p] = NULL;
    m->n--;
    if (!m->n) drop_entry(s, e, h);
    else mini_compact(s, m);
    return EDDY_OK;
}

/* ---- iteration ------------------------------------------------------------------------------ */

static eddy_status heap_iter_open(BackendState *s, const StateIterSpec *spec, BackendIter **out) {
    BackendIter *it = s->be->spare;
    if (it) {
        s->be->spare = NULL;
        memset(it, 0, sizeof *it);
    } else if (!(it = eddy__calloc(1, sizeof *it))) {
        return eddy__err(s_err(s), EDDY_E_NOMEM, "out of memory");
    }
    it->s = s;
    it->spec = *spec;
    /* the spec's bytes are the caller's: keep a copy of what is read later
     * (the namespace filter; a single map's key is used here only) */
    if (spec->ns_filter && spec->ns.len) {
        if (!(it->ns_copy = eddy__malloc(spec->ns.len))) {
            eddy__free(it);
            return eddy__err(s_err(s), EDDY_E_NOMEM, "out of memory");
        }
        memcpy(it->ns_copy, spec->ns.bytes, spec->ns.len);
        it->spec.ns.bytes = it->ns_copy;
    }
    if (spec->map_of_key) {
        it->single = true;
        Entry *e = s->kind == STATE_MAP ? find_entry(s, &spec->key, spec->ns, entry_hash(&spec->key, spec->ns)) : NULL;
        if (e && entry_var(e)->val) {
            it->mm = entry_var(e)->val;
            it->mm->refs++;
            it->mm_entry = e;
        } else {
            it->done = true;
        }
        it->spec.key.bytes = NULL;
        it->spec.ns.bytes = NULL;
    }
    s->be->open_iters++;
    *out = it;
    return EDDY_OK;
}

static void fill_entry(const BackendState *s, const Entry *e, StateEntry *out) {
    const char *kb = entry_key(s, e);
    out->key = (StateKey){kb, e->key_len, e->group, e->key_hash};
    out->ns = (StateNs){e->ns_len ? kb + e->key_len : NULL, e->ns_len};
    out->ukey = NULL;
    out->ukey_len = 0;
}

/* The next live record of the map being walked, or false (reference let go). */
static bool map_step(BackendIter *it, StateEntry *out) {
    MiniMap *m = it->mm;
    while (it->mm_pos < m->nrec) {
        MRec *r = m->recs[it->mm_pos++];
        if (!r) continue;
        if (m->orphan) continue;
        /* the entry may have been removed and its memory reused: trust only
         * a map that is still attached */
        fill_entry(it->s, it->mm_entry, out);
        out->ukey = mrec_key(r);
        out->ukey_len = r->uklen;
        out->value = mrec_val(r);
        out->value_len = r->vlen;
        return true;
    }
    mini_unref(it->s, m);
    it->mm = NULL;
    it->mm_entry = NULL;
    it->mm_pos = 0;
    return false;
}

static eddy_status heap_iter_next(BackendIter *it, StateEntry *e, bool *has) {
    BackendState *s = it->s;
    *has = false;
    if (it->done) return EDDY_OK;
    if (it->mm && map_step(it, e)) {
        *has = true;
        return EDDY_OK;
    }
    if (it->single) {
        it->done = true;
        return EDDY_OK;
    }
    for (;;) {
        Entry *en = eddy__pool_next(&s->pool, &it->page, &it->idx);
        if (!en) {
            it->done = true;
            return EDDY_OK;
        }
        if (it->spec.group >= 0 && en->group != it->spec.group) continue;
        if (it->spec.ns_filter &&
            (en->ns_len != it->spec.ns.len ||
             (en->ns_len && memcmp(entry_key(s, en) + en->key_len, it->spec.ns.bytes, en->ns_len) != 0)))
            continue;
        if (s->kind == STATE_MAP) {
            VarPart *v = entry_var(en);
            if (!v->val) continue;
            it->mm = v->val;
            it->mm->refs++;
            it->mm_entry = en;
            it->mm_pos = 0;
            if (map_step(it, e)) {
                *has = true;
                return EDDY_OK;
            }
            continue;
        }
        fill_entry(s, en, e);
        if (s->slot_size) {
            e->value = entry_slot(en);
            e->value_len = s->value_size;
        } else {
            VarPart *v = entry_var(en);
            if (s->kind == STATE_LIST && !v->vlen) continue;
            e->value = v->val ? v->val : "";
            e->value_len = v->vlen;
        }
        *has = true;
        return EDDY_OK;
    }
}

static void heap_iter_close(BackendIter *it) {
    if (!it) return;
    if (it->mm) mini_unref(it->s, it->mm);
    StateBackendImpl *be = it->s->be;
    be->open_iters--;
    eddy__free(it->ns_copy);
    if (!be->spare) be->spare = it;
    else eddy__free(it);
}

static eddy_status heap_clear(BackendState *s) {
    uint32_t page = 0, idx = 0;
    Entry *e;
    while ((e = eddy__pool_next(&s->pool, &page, &idx))) {
        free_value(s, e);
        s->entries--;
        s->key_bytes -= e->key_len + e->ns_len;
        if (s->slot_size) s->value_bytes -= s->slot_size;
        eddy__pool_free(&s->pool, e, entry_size(s, e->key_len, e->ns_len));
    }
    eddy__hindex_clear(&s->ix);
    return EDDY_OK;
}

static void heap_stats(StateBackendImpl *be, StateStats *out) {
    memset(out, 0, sizeof *out);
    uint64_t total = (uint64_t)be->blobs.charged;
    for (uint32_t i = 0; i < be->nstates; i++) {
        BackendState *s = be->states[i];
        out->entries += s->entries;
        out->key_bytes += s->key_bytes;
        out->value_bytes += s->value_bytes;
        total += (uint64_t)s->pool.charged + eddy__hindex_bytes(&s->ix);
    }
    out->total_bytes = total;
    uint64_t used = out->key_bytes + out->value_bytes;
    out->overhead_bytes = total > used ? total - used : 0;
}

static void heap_prefetch(BackendState *s, const StateKey *k, StateNs ns, int stage) {
    uint64_t h = entry_hash(k, ns);
    if (stage == 0) eddy__hindex_prefetch_slot(&s->ix, h);
    else eddy__hindex_prefetch_rec(&s->ix, h);
}

const StateBackendVtab eddy__state_heap_vtab = {
    .version = STATE_BACKEND_V1,
    .name = "heap",
    .destroy = heap_destroy,
    .create_state = heap_create_state,
    .get = heap_get,
    .put = heap_put,
    .remove = heap_remove,
    .slots = heap_slots,
    .flush = heap_flush,
    .list_append = heap_list_append,
    .list_get = heap_list_get,
    .list_replace = heap_list_replace,
    .map_get = heap_map_get,
    .map_put = heap_map_put,
    .map_remove = heap_map_remove,
    .iter_open = heap_iter_open,
    .iter_next = heap_iter_next,
    .iter_close = heap_iter_close,
    .clear = heap_clear,
    .stats = heap_stats,
    .map_ref = heap_map_ref,
    .prefetch = heap_prefetch,
};
