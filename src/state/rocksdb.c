/*
 * rocksdb.c -- the RocksDB state backend (state.backend.type: rocksdb):
 * StateBackendVtab over one RocksDB instance per operator instance, for
 * state larger than memory (what Flink uses RocksDB for).
 *
 * One RocksDB key per (state, key, namespace) -- and per map entry for MAP
 * states -- in one column family, laid out so that a key group is a key
 * prefix and a key-group range one contiguous range:
 *
 *   [u16 key group BE][u16 state id BE][u32 key length BE][key bytes]
 *   [u16 namespace length BE][namespace bytes][u64 key hash] (+ [map key])
 *
 * The key hash rides along so that iteration (snapshots) hands out complete
 * StateKeys without decoding key bytes. Values are the generic layer's value
 * bytes (TTL prefix included); a LIST is its framed blob, appended to with
 * RocksDB's merge operator (concatenation), so list_append does not read.
 *
 * Slots (fixed-size states, the aggregators' fast path) are a write-back
 * buffer per state: the first request of a key in a batch reads it (one
 * multi-get for the misses of a call), copies it into a chunk of the buffer
 * (chunks never move until flush) and hands out that copy; rows with equal
 * keys get the same copy; flush writes every copy back in one WriteBatch.
 * Reads, writes and removes of a key whose copy is out go to the copy.
 *
 * Iterators walk RocksDB's view as of their last (re)positioning, in key
 * order, so every entry present throughout is visited once; after a write
 * each entry's value is read again (one point read: an iteration hands out
 * current values, which the TTL cleanup relies on, and skips entries removed
 * meanwhile), and after ITER_REFRESH_WRITES writes the iterator is reopened
 * past the last key handed out (an old view pins memtables and files).
 *
 * Memory: the instance reserves a share of the job's managed memory (its
 * MemAccount) at open and sizes RocksDB's block cache (index and filter
 * blocks included) and write buffers from it; what does not fit lives in
 * SST files in a temp directory under state.backend.rocksdb.localdir (else
 * the system temp dir), removed when the backend is destroyed. No WAL:
 * durability comes from checkpoints (the snapshot format of snapshot.c).
 *
 * TTL: the generic layer filters expired values on read; a compaction filter
 * drops expired values of TTL states (a LIST when all its elements are
 * expired; it sees values, not merge operands, so a list appended to goes
 * once a compaction has folded its appends) when RocksDB compacts, unless
 * the state disables background cleanup. It reads each state's TTL from a table the owner thread publishes
 * with atomics, since compactions run on RocksDB's threads.
 */
#include <errno.h>
#include <dirent.h>
#include <time.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rocksdb/c.h>

#include "state/state_int.h"

/* ---- key encoding -------------------------------------------------------------- */

enum { K_GROUP = 0, K_SID = 2, K_KLEN = 4, K_KEY = 8 };

static inline void put_be16(char *p, uint32_t v) {
    p[0] = (char)(v >> 8);
    p[1] = (char)v;
}
static inline void put_be32(char *p, uint32_t v) {
    p[0] = (char)(v >> 24);
    p[1] = (char)(v >> 16);
    p[2] = (char)(v >> 8);
    p[3] = (char)v;
}
static inline uint32_t get_be16(const char *p) { return (uint32_t)(uint8_t)p[0] << 8 | (uint8_t)p[1]; }
static inline uint32_t get_be32(const char *p) {
    return (uint32_t)(uint8_t)p[0] << 24 | (uint32_t)(uint8_t)p[1] << 16 | (uint32_t)(uint8_t)p[2] << 8 |
           (uint8_t)p[3];
}

/* Length of the (key, namespace) prefix of an encoded key. */
static inline size_t prefix_len(uint32_t klen, uint32_t nslen) { return K_KEY + klen + 2 + nslen + 8; }

/* ---- structures -------------------------------------------------------------------- */

/* State ids are 16 bits; their TTLs sit in chunks the compaction filter
 * reads from RocksDB's threads (chunks are never moved or freed before
 * the database is closed). */
#define TTL_CHUNK 256
#define MAX_STATES 65536

typedef struct Pending {
    uint64_t h;    /* key hash combined with the namespace */
    uint32_t koff; /* encoded key in the state's pend_keys */
    uint32_t klen;
    char *slot;
    bool dead;     /* removed while out */
} Pending;

/* A local SST file and its copy in shared storage (incremental snapshots). */
typedef struct SharedSst {
    char *local, *name;
    uint64_t size, sum;
} SharedSst;
typedef ED_VEC(SharedSst) SharedVec;

typedef struct SlotChunk {
    struct SlotChunk *next;
    size_t used, cap;
    /* slot bytes follow, 8-aligned */
} SlotChunk;

struct StateBackendImpl {
    StateBackendConfig cfg;
    rocksdb_t *db;
    rocksdb_options_t *opts;
    rocksdb_readoptions_t *ro;
    rocksdb_writeoptions_t *wo;
    rocksdb_block_based_table_options_t *bbto;
    rocksdb_cache_t *cache;
    rocksdb_compactionfilter_t *filter;
    rocksdb_mergeoperator_t *merge;
    rocksdb_writebatch_t *wb;
    char *dir;
    int64_t reserved;      /* charged to the account */
    BackendState **states;
    uint32_t nstates;
    _Atomic(_Atomic int64_t *) ttl[MAX_STATES / TTL_CHUNK]; /* per state id: ttl ms << 3 | kind; 0: none */
    uint64_t writes;       /* write calls so far: iterators reposition when it moved */
    Buf kbuf, vbuf, fbuf;  /* the key being built, the value handed out, a list frame */
    Buf pbuf;              /* a (key, namespace) prefix being deleted */
    /* multi-get scratch of a slot call */
    ED_VEC(const char *) mg_keys;
    ED_VEC(size_t) mg_lens;
    ED_VEC(char *) mg_vals;
    ED_VEC(size_t) mg_vlens;
    ED_VEC(char *) mg_errs;
    ED_VEC(uint32_t) mg_rows;
    struct BackendIter *spare;
    /* incremental snapshots: the SST files known to be in shared storage
     * (uploaded by an earlier snapshot or restored from one), and this
     * instance's prefix for the names of the files it uploads */
    SharedVec shared;
    char nonce[17];
};

struct BackendState {
    StateBackendImpl *be;
    const StateDesc *d;
    StateKind kind;
    uint32_t id;
    uint32_t slot_size; /* bytes of a fixed-size value (0: variable) */
    int64_t ttl_seen;   /* the TTL last published for the compaction filter */
    /* the write-back buffer of slots */
    ED_VEC(Pending) pend;
    Buf pend_keys;
    uint32_t *pend_ix; /* open addressing over pend: index + 1, 0 empty */
    uint32_t pend_bits;
    SlotChunk *chunks, *chunk_cur;
};

struct BackendIter {
    BackendState *s;
    rocksdb_iterator_t *it;
    StateIterSpec spec;
    Buf ns_copy;
    Buf prefix;    /* what every visited key starts with now */
    Buf last;      /* the last key handed out (to seek past after a write) */
    Buf val;       /* the value handed out (aligned copy) */
    uint64_t writes;
    int group;     /* the group being walked (all-groups iteration) */
    bool started, done, single;
};

static EdErr *be_err(StateBackendImpl *be) { return be->cfg.err; }

static eddy_status cfg_fail(const StateBackendConfig *cfg, char *msg, const char *what) {
    eddy_status rc = eddy__err(cfg->err, EDDY_E_IO, "RocksDB state backend of operator %s: %s failed: %s",
                               cfg->op_name ? cfg->op_name : "?", what, msg ? msg : "unknown error");
    rocksdb_free(msg);
    return rc;
}

static eddy_status db_fail(StateBackendImpl *be, char *msg, const char *what) { return cfg_fail(&be->cfg, msg, what); }

static eddy_status nomem(StateBackendImpl *be) { return eddy__err(be_err(be), EDDY_E_NOMEM, "out of memory"); }

/* Builds [group][sid][klen][key][nslen][ns][hash] (+ ukey) in be->kbuf. */
static const char *enc_key(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                           size_t *len) {
    Buf *b = &s->be->kbuf;
    size_t n = prefix_len(k->len, ns.len) + uklen;
    b->len = 0;
    if (!eddy__buf_reserve(b, n)) return NULL;
    char *p = b->data;
    put_be16(p + K_GROUP, (uint32_t)k->group);
    put_be16(p + K_SID, s->id);
    put_be32(p + K_KLEN, k->len);
    memcpy(p + K_KEY, k->bytes, k->len);
    p += K_KEY + k->len;
    put_be16(p, ns.len);
    if (ns.len) memcpy(p + 2, ns.bytes, ns.len);
    p += 2 + ns.len;
    memcpy(p, &k->hash, 8);
    if (uklen) memcpy(p + 8, ukey, uklen);
    b->len = n;
    *len = n;
    return b->data;
}

/* Splits an encoded key into the entry's key, namespace and map key. */
static bool dec_key(const char *p, size_t n, StateEntry *e) {
    if (n < K_KEY) return false;
    uint32_t klen = get_be32(p + K_KLEN);
    if (n < (size_t)K_KEY + klen + 2) return false;
    uint32_t nslen = get_be16(p + K_KEY + klen);
    if (n < prefix_len(klen, nslen)) return false;
    e->key.bytes = p + K_KEY;
    e->key.len = klen;
    e->key.group = (int)get_be16(p + K_GROUP);
    memcpy(&e->key.hash, p + K_KEY + klen + 2 + nslen, 8);
    e->ns.bytes = nslen ? p + K_KEY + klen + 2 : NULL;
    e->ns.len = nslen;
    size_t pl = prefix_len(klen, nslen);
    e->ukey = pl < n ? p + pl : NULL;
    e->ukey_len = (uint32_t)(n - pl);
    return true;
}

/* ---- TTL for the compaction filter ------------------------------------------------------ */

static _Atomic int64_t *ttl_cell(StateBackendImpl *be, uint32_t id, bool create) {
    _Atomic int64_t *c = atomic_load_explicit(&be->ttl[id / TTL_CHUNK], memory_order_acquire);
    if (!c && create) {
        c = eddy__calloc(TTL_CHUNK, sizeof *c);
        if (!c) return NULL;
        atomic_store_explicit(&be->ttl[id / TTL_CHUNK], c, memory_order_release);
    }
    return c ? &c[id % TTL_CHUNK] : NULL;
}

/* The registered descriptor's TTL, published when it changed (registration
 * sets it after create_state). Cheap: one compare per write call. */
static inline void ttl_publish(BackendState *s) {
    int64_t t = s->d->ttl.ttl_ms > 0 && !s->d->ttl.no_background_cleanup ? s->d->ttl.ttl_ms : 0;
    if (t == s->ttl_seen) return;
    /* the cell: ttl << 3 | kind (0: no filtering) */
    s->ttl_seen = t;
    _Atomic int64_t *c = ttl_cell(s->be, s->id, false);
    if (c) atomic_store_explicit(c, t > 0 ? t << 3 | (int64_t)s->kind : 0, memory_order_relaxed);
}

static int64_t read_ts(const char *p) {
    int64_t t;
    memcpy(&t, p, 8);
    return t;
}

static unsigned char filter_fn(void *state, int level, const char *key, size_t klen, const char *val, size_t vlen,
                               char **new_val, size_t *new_vlen, unsigned char *changed) {
    (void)level;
    (void)new_val;
    (void)new_vlen;
    *changed = 0;
    StateBackendImpl *be = state;
    if (klen < K_KEY) return 0;
    _Atomic int64_t *c = ttl_cell(be, get_be16(key + K_SID), false);
    int64_t cell = c ? atomic_load_explicit(c, memory_order_relaxed) : 0;
    int64_t ttl = cell >> 3;
    if (ttl <= 0) return 0;
    int64_t now = eddy__clock_now(be->cfg.clock);
    if ((cell & 7) != STATE_LIST) return vlen >= TTL_PREFIX && eddy__ttl_expired(read_ts(val), ttl, now);
    /* a list goes when every element expired (the rest: on read) */
    uint32_t pos = 0, elen;
    const void *e;
    while (pos < vlen) {
        if (!eddy__state_list_next(val, (uint32_t)vlen, &pos, &e, &elen) || elen < TTL_PREFIX) return 0;
        if (!eddy__ttl_expired(read_ts(e), ttl, now)) return 0;
    }
    return 1;
}

static const char *filter_name(void *state) {
    (void)state;
    return "eddy.ttl";
}

static void noop_destructor(void *state) { (void)state; }

/* ---- the merge operator: list append (concatenation of framed blobs) --------------------- */

static char *merge_cat(const char *base, size_t blen, const char *const *ops, const size_t *oplens, int n,
                       unsigned char *ok, size_t *out_len) {
    size_t total = blen;
    for (int i = 0; i < n; i++) total += oplens[i];
    char *out = malloc(total ? total : 1);
    if (!out) {
        *ok = 0;
        return NULL;
    }
    size_t w = 0;
    if (blen) memcpy(out, base, blen), w = blen;
    for (int i = 0; i < n; i++) {
        memcpy(out + w, ops[i], oplens[i]);
        w += oplens[i];
    }
    *ok = 1;
    *out_len = total;
    return out;
}

static char *full_merge(void *state, const char *key, size_t klen, const char *existing, size_t elen,
                        const char *const *ops, const size_t *oplens, int n, unsigned char *ok, size_t *out_len) {
    (void)state;
    (void)key;
    (void)klen;
    return merge_cat(existing, existing ? elen : 0, ops, oplens, n, ok, out_len);
}

static char *partial_merge(void *state, const char *key, size_t klen, const char *const *ops, const size_t *oplens,
                           int n, unsigned char *ok, size_t *out_len) {
    (void)state;
    (void)key;
    (void)klen;
    return merge_cat(NULL, 0, ops, oplens, n, ok, out_len);
}

static void merge_free(void *state, const char *v, size_t len) {
    (void)state;
    (void)len;
    free((void *)v);
}

static const char *merge_name(void *state) {
    (void)state;
    return "eddy.list";
}

/* ---- open / destroy ----------------------------------------------------------------------------- */

/* Removes a file or a directory with what it holds. (Plain calls: the
 * fuzz harness wraps opendir / lstat / unlink / rmdir / mkdir.) */
static void remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        Buf p;
        eddy__buf_init(&p);
        eddy__buf_printf(&p, "%s/%s", path, e->d_name);
        if (!p.failed) remove_tree(eddy__buf_cstr(&p));
        eddy__buf_free(&p);
    }
    if (d) closedir(d);
    rmdir(path);
}

/* A new directory <base>/eddy-rocksdb-<pid>-<n>-<time> (malloc'd), or NULL
 * with errno set. */
static char *make_temp_dir(const char *base) {
    static _Atomic unsigned counter;
    for (int tries = 0; tries < 100; tries++) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        Buf p;
        eddy__buf_init(&p);
        eddy__buf_printf(&p, "%s/eddy-rocksdb-%d-%u-%llx", base, (int)getpid(), atomic_fetch_add(&counter, 1),
                         (unsigned long long)ts.tv_nsec);
        char *path = p.failed ? NULL : eddy__buf_take(&p);
        eddy__buf_free(&p);
        if (!path) {
            errno = ENOMEM;
            return NULL;
        }
        if (mkdir(path, 0700) == 0) return path;
        eddy__free(path);
        if (errno != EEXIST) return NULL;
    }
    return NULL;
}

/* mkdir -p; true when path is a directory afterwards. */
static bool make_dirs(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) return S_ISDIR(st.st_mode);
    size_t n = strlen(path);
    char *p = eddy__malloc(n + 1);
    if (!p) return false;
    memcpy(p, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (p[i] != '/' && p[i]) continue;
        char c = p[i];
        p[i] = 0;
        if (mkdir(p, 0777) != 0 && errno != EEXIST) break;
        p[i] = c;
    }
    eddy__free(p);
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The share of managed memory one instance reserves: an eighth of the
 * budget between 256 KiB and 64 MiB (64 MiB without a budget), but at most
 * half of what is left (a charge below 16 KiB is refused as the heap's is).
 * RocksDB's own minimum write buffer (64 KiB) applies below that. */
static int64_t memory_share(const MemAccount *a) {
    const int64_t lo = 256 << 10, hi = 64 << 20, least = 16 << 10;
    if (!a || !a->budget || a->budget->limit <= 0) return hi;
    int64_t left = a->budget->limit - atomic_load(&a->budget->used);
    int64_t v = a->budget->limit / 8;
    v = v < lo ? lo : v > hi ? hi : v;
    if (v > left / 2) v = left / 2;
    return v < least ? least : v;
}

/* 16 hex digits unique to this instance: the prefix of the names its SST
 * files get in shared checkpoint storage (file numbers restart with every
 * database, and a restored one reuses numbers its checkpoint's files had). */
static void make_nonce(StateBackendImpl *be) {
    uint64_t r = 0;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        r = eddy__hash_u64((uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)getpid() << 48 ^
                           (uint64_t)(uintptr_t)be);
    }
    snprintf(be->nonce, sizeof be->nonce, "%016llx", (unsigned long long)r);
}

eddy_status eddy__state_rocksdb_open(const StateBackendConfig *cfg, StateBackendImpl **out) {
    StateBackendImpl *be = eddy__calloc(1, sizeof *be);
    if (!be) return eddy__err(cfg->err, EDDY_E_NOMEM, "out of memory");
    be->cfg = *cfg;
    if (!be->cfg.clock) be->cfg.clock = eddy__clock_system();
    eddy__buf_init(&be->kbuf);
    eddy__buf_init(&be->vbuf);
    eddy__buf_init(&be->fbuf);
    eddy__buf_init(&be->pbuf);
    eddy_status rc = EDDY_OK;
    /* the directory: a fresh eddy-rocksdb-* one (make_temp_dir) under localdir, TMPDIR or /tmp */
    const char *base = cfg->local_dir && *cfg->local_dir ? cfg->local_dir : getenv("TMPDIR");
    if (!base || !*base) base = "/tmp";
    if (cfg->local_dir && *cfg->local_dir && !make_dirs(base))
        rc = eddy__err(cfg->err, EDDY_E_IO,
                       "No local storage directories available. Local DB files directory '%s' does not exist and "
                       "cannot be created (state.backend.rocksdb.localdir).",
                       base);
    if (!rc && !(be->dir = make_temp_dir(base)))
        rc = eddy__err(cfg->err, EDDY_E_IO,
                       "No local storage directories available. Local DB files directory '%s' is not writable: %s "
                       "(state.backend.rocksdb.localdir).",
                       base, strerror(errno));
    int64_t share = memory_share(cfg->account);
    if (!rc && cfg->account) rc = eddy__mem_charge(cfg->account, share, cfg->err);
    if (!rc) be->reserved = cfg->account ? share : 0;
    if (rc) {
        if (be->dir) rmdir(be->dir);
        eddy__free(be->dir);
        eddy__free(be);
        return rc;
    }
    be->opts = rocksdb_options_create();
    rocksdb_options_set_create_if_missing(be->opts, 1);
    rocksdb_options_set_error_if_exists(be->opts, 1);
    /* write buffers: a quarter each (two of them), the block cache the rest */
    size_t wbuf = (size_t)(share / 4) > (64u << 10) ? (size_t)(share / 4) : (64u << 10);
    rocksdb_options_set_write_buffer_size(be->opts, wbuf);
    rocksdb_options_set_max_write_buffer_number(be->opts, 2);
    rocksdb_options_set_target_file_size_base(be->opts, wbuf > (1u << 20) ? wbuf : (1u << 20));
    rocksdb_options_set_max_bytes_for_level_base(be->opts, wbuf * 4 > (4u << 20) ? wbuf * 4 : (4u << 20));
    rocksdb_options_set_info_log_level(be->opts, 3 /* errors only */);
    /* state is read back at once: no block compression (a cache miss would
     * decompress), and a bloom filter over the memtables' keys so the reads
     * of keys not written lately skip their skiplists */
    rocksdb_options_set_compression(be->opts, rocksdb_no_compression);
    rocksdb_options_set_memtable_prefix_bloom_size_ratio(be->opts, 0.1);
    rocksdb_options_set_memtable_whole_key_filtering(be->opts, 1);
    rocksdb_options_set_keep_log_file_num(be->opts, 1);
    /* incremental checkpoints copy the MANIFEST whole: keep it short */
    rocksdb_options_set_max_manifest_file_size(be->opts, 4u << 20);
    make_nonce(be);
    be->cache = rocksdb_cache_create_lru((size_t)(share / 2));
    be->bbto = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_block_cache(be->bbto, be->cache);
    rocksdb_block_based_options_set_cache_index_and_filter_blocks(be->bbto, 1);
    rocksdb_block_based_options_set_pin_l0_filter_and_index_blocks_in_cache(be->bbto, 1);
    /* point reads (gets, a slot batch's multi-get) skip the files without
     * the key: 10 bits a key, ~1% false positives */
    rocksdb_block_based_options_set_filter_policy(be->bbto, rocksdb_filterpolicy_create_bloom_full(10));
    rocksdb_options_set_block_based_table_factory(be->opts, be->bbto);
    be->filter = rocksdb_compactionfilter_create(be, noop_destructor, filter_fn, filter_name);
    rocksdb_options_set_compaction_filter(be->opts, be->filter);
    be->merge = rocksdb_mergeoperator_create(be, noop_destructor, full_merge, partial_merge, merge_free, merge_name);
    rocksdb_options_set_merge_operator(be->opts, be->merge);
    char *msg = NULL;
    be->db = rocksdb_open(be->opts, be->dir, &msg);
    be->ro = rocksdb_readoptions_create();
    be->wo = rocksdb_writeoptions_create();
    rocksdb_writeoptions_disable_WAL(be->wo, 1);
    be->wb = rocksdb_writebatch_create();
    if (!be->db) {
        rc = db_fail(be, msg, "opening the database");
        eddy__state_rocksdb_vtab.destroy(be);
        return rc;
    }
    *out = be;
    return EDDY_OK;
}

static void pend_release(BackendState *s) {
    SlotChunk *c = s->chunks;
    while (c) {
        SlotChunk *n = c->next;
        eddy__free(c);
        c = n;
    }
    s->chunks = s->chunk_cur = NULL;
    ed_vec_free(&s->pend);
    eddy__buf_free(&s->pend_keys);
    eddy__free(s->pend_ix);
    s->pend_ix = NULL;
}

static void shared_clear(StateBackendImpl *be) {
    for (size_t i = 0; i < be->shared.len; i++) {
        eddy__free(be->shared.items[i].local);
        eddy__free(be->shared.items[i].name);
    }
    ed_vec_free(&be->shared);
}

static void iter_free(BackendIter *it) {
    if (!it) return;
    if (it->it) rocksdb_iter_destroy(it->it);
    eddy__buf_free(&it->ns_copy);
    eddy__buf_free(&it->prefix);
    eddy__buf_free(&it->last);
    eddy__buf_free(&it->val);
    eddy__free(it);
}

static void rdb_destroy(StateBackendImpl *be) {
    if (!be) return;
    if (be->db) {
        rocksdb_cancel_all_background_work(be->db, 1);
        rocksdb_close(be->db);
    }
    if (be->dir) {
        char *msg = NULL;
        if (be->opts) rocksdb_destroy_db(be->opts, be->dir, &msg);
        rocksdb_free(msg);
        remove_tree(be->dir);
        eddy__free(be->dir);
    }
    if (be->wb) rocksdb_writebatch_destroy(be->wb);
    if (be->ro) rocksdb_readoptions_destroy(be->ro);
    if (be->wo) rocksdb_writeoptions_destroy(be->wo);
    if (be->opts) rocksdb_options_destroy(be->opts);
    if (be->bbto) rocksdb_block_based_options_destroy(be->bbto);
    if (be->cache) rocksdb_cache_destroy(be->cache);
    if (be->filter) rocksdb_compactionfilter_destroy(be->filter);
    /* the options own the merge operator once set */
    for (uint32_t i = 0; i < be->nstates; i++) {
        pend_release(be->states[i]);
        eddy__free(be->states[i]);
    }
    eddy__free(be->states);
    for (size_t i = 0; i < ED_ARRAY_LEN(be->ttl); i++) eddy__free((void *)atomic_load(&be->ttl[i]));
    iter_free(be->spare);
    shared_clear(be);
    eddy__buf_free(&be->kbuf);
    eddy__buf_free(&be->vbuf);
    eddy__buf_free(&be->fbuf);
    eddy__buf_free(&be->pbuf);
    ed_vec_free(&be->mg_keys);
    ed_vec_free(&be->mg_lens);
    ed_vec_free(&be->mg_vals);
    ed_vec_free(&be->mg_vlens);
    ed_vec_free(&be->mg_errs);
    ed_vec_free(&be->mg_rows);
    if (be->reserved && be->cfg.account) eddy__mem_release(be->cfg.account, be->reserved);
    eddy__free(be);
}

static eddy_status rdb_create_state(StateBackendImpl *be, const StateDesc *d, uint32_t slot_size, BackendState **out) {
    if (be->nstates >= MAX_STATES)
        return eddy__err(be_err(be), EDDY_E_RUNTIME, "Operator %s registers more than %d states.", be->cfg.op_name,
                         MAX_STATES);
    if (!ttl_cell(be, be->nstates, true)) return nomem(be);
    BackendState **ns = eddy__realloc(be->states, sizeof(BackendState *) * (be->nstates + 1));
    if (!ns) return nomem(be);
    be->states = ns;
    BackendState *s = eddy__calloc(1, sizeof *s);
    if (!s) return nomem(be);
    s->be = be;
    s->d = d;
    s->kind = d->kind;
    s->id = be->nstates;
    s->slot_size = (d->kind == STATE_LIST || d->kind == STATE_MAP) ? 0 : slot_size;
    eddy__buf_init(&s->pend_keys);
    be->states[be->nstates++] = s;
    *out = s;
    return EDDY_OK;
}

/* ---- the write-back buffer of slots ------------------------------------------------------------------ */

static inline uint64_t pend_hash(const StateKey *k, StateNs ns) {
    if (!ns.len) return k->hash;
    return eddy__hash_combine(k->hash, eddy__hash_bytes(ns.bytes, ns.len, 0x6e73));
}

static inline uint32_t ix_slot(uint64_t h, uint32_t bits) { return (uint32_t)((h * 0x9E3779B97F4A7C15ULL) >> (64 - bits)); }

/* The pending copy of encoded key (key, klen) with hash h, or NULL. */
static Pending *pend_find(BackendState *s, uint64_t h, const char *key, size_t klen) {
    if (!s->pend.len) return NULL;
    uint32_t mask = (1u << s->pend_bits) - 1;
    for (uint32_t i = ix_slot(h, s->pend_bits), x; (x = s->pend_ix[i]); i = (i + 1) & mask) {
        Pending *p = &s->pend.items[x - 1];
        if (p->h == h && p->klen == klen && !memcmp(s->pend_keys.data + p->koff, key, klen)) return p;
    }
    return NULL;
}

/* Indexes every pending copy in pend_ix (cleared first). */
static void pend_index_fill(BackendState *s) {
    uint32_t *ix = s->pend_ix, mask = (1u << s->pend_bits) - 1;
    memset(ix, 0, sizeof(uint32_t) << s->pend_bits);
    for (size_t j = 0; j < s->pend.len; j++) {
        uint32_t i = ix_slot(s->pend.items[j].h, s->pend_bits);
        while (ix[i]) i = (i + 1) & mask;
        ix[i] = (uint32_t)j + 1;
    }
}

static bool pend_reindex(BackendState *s, uint32_t bits) {
    uint32_t *ix = eddy__calloc((size_t)1 << bits, sizeof *ix);
    if (!ix) return false;
    eddy__free(s->pend_ix);
    s->pend_ix = ix;
    s->pend_bits = bits;
    pend_index_fill(s);
    return true;
}

/* slot_size bytes, 8-aligned, that stay put until flush (the chunks of
 * earlier batches are reused in order). */
static char *chunk_alloc(BackendState *s) {
    size_t need = (s->slot_size + 7) & ~(size_t)7;
    SlotChunk *c = s->chunk_cur;
    while (c && c->used + need > c->cap && c->next) {
        c = c->next;
        c->used = 0;
    }
    if (!c || c->used + need > c->cap) {
        size_t cap = need * 256 > 65536 ? need * 256 : 65536;
        SlotChunk *n = eddy__malloc(sizeof(SlotChunk) + cap);
        if (!n) return NULL;
        n->next = NULL;
        n->used = 0;
        n->cap = cap;
        if (c) c->next = n;
        else s->chunks = n;
        c = n;
    }
    s->chunk_cur = c;
    char *p = (char *)(c + 1) + c->used;
    c->used += need;
    return p;
}

/* Adds the pending copy of the key in kbuf (hash h), its slot unfilled. */
static Pending *pend_add(BackendState *s, uint64_t h, const char *key, size_t klen) {
    if ((s->pend.len + 1) * 2 > ((size_t)1 << s->pend_bits) && !pend_reindex(s, s->pend_bits ? s->pend_bits + 1 : 8))
        return NULL;
    char *slot = chunk_alloc(s);
    if (!slot) return NULL;
    uint32_t koff = (uint32_t)s->pend_keys.len;
    eddy__buf_put(&s->pend_keys, key, klen);
    if (s->pend_keys.failed) return NULL;
    Pending p = {h, koff, (uint32_t)klen, slot, false};
    if (!ed_vec_push(&s->pend, p)) return NULL;
    uint32_t mask = (1u << s->pend_bits) - 1, i = ix_slot(h, s->pend_bits);
    while (s->pend_ix[i]) i = (i + 1) & mask;
    s->pend_ix[i] = (uint32_t)s->pend.len;
    return &s->pend.items[s->pend.len - 1];
}

static _Thread_local const char *sort_keys; /* pend_keys of the state being sorted */

static int cmp_pending(const void *a, const void *b) {
    const Pending *x = a, *y = b;
    uint32_t n = x->klen < y->klen ? x->klen : y->klen;
    int c = memcmp(sort_keys + x->koff, sort_keys + y->koff, n);
    return c ? c : (x->klen > y->klen) - (x->klen < y->klen);
}

/* Writes every live pending copy to the database (they stay out), in key
 * order: the memtable inserts of a sorted batch reuse their skiplist
 * position. Reorders pend (its index is rebuilt). */
static eddy_status pend_write(BackendState *s) {
    StateBackendImpl *be = s->be;
    if (!s->pend.len) return EDDY_OK;
    sort_keys = s->pend_keys.data;
    qsort(s->pend.items, s->pend.len, sizeof(Pending), cmp_pending);
    pend_index_fill(s);
    rocksdb_writebatch_clear(be->wb);
    for (size_t i = 0; i < s->pend.len; i++) {
        Pending *p = &s->pend.items[i];
        if (!p->dead) rocksdb_writebatch_put(be->wb, s->pend_keys.data + p->koff, p->klen, p->slot, s->slot_size);
    }
    char *msg = NULL;
    rocksdb_write(be->db, be->wo, be->wb, &msg);
    rocksdb_writebatch_clear(be->wb);
    be->writes++;
    return msg ? db_fail(be, msg, "writing slots back") : EDDY_OK;
}

static void pend_reset(BackendState *s) {
    if (!s->pend.len) return;
    s->pend.len = 0;
    s->pend_keys.len = 0;
    memset(s->pend_ix, 0, sizeof(uint32_t) << s->pend_bits);
    s->chunk_cur = s->chunks;
    if (s->chunks) s->chunks->used = 0;
}

/* ---- reads and writes ------------------------------------------------------------------------------------ */

/* The stored value of encoded key (key, klen) copied to be->vbuf. */
static eddy_status db_get(StateBackendImpl *be, const char *key, size_t klen, bool *found) {
    char *msg = NULL;
    rocksdb_pinnableslice_t *ps = rocksdb_get_pinned(be->db, be->ro, key, klen, &msg);
    *found = false;
    if (msg) return db_fail(be, msg, "a read");
    if (!ps) return EDDY_OK;
    size_t vl;
    const char *v = rocksdb_pinnableslice_value(ps, &vl);
    be->vbuf.len = 0;
    eddy__buf_put(&be->vbuf, v, vl);
    rocksdb_pinnableslice_destroy(ps);
    if (be->vbuf.failed) return nomem(be);
    *found = true;
    return EDDY_OK;
}

static eddy_status db_put(StateBackendImpl *be, const char *key, size_t klen, const void *val, size_t vlen) {
    char *msg = NULL;
    rocksdb_put(be->db, be->wo, key, klen, val, vlen, &msg);
    be->writes++;
    return msg ? db_fail(be, msg, "a write") : EDDY_OK;
}

static eddy_status db_delete(StateBackendImpl *be, const char *key, size_t klen) {
    char *msg = NULL;
    rocksdb_delete(be->db, be->wo, key, klen, &msg);
    be->writes++;
    return msg ? db_fail(be, msg, "a delete") : EDDY_OK;
}

/* db_get handing out the value as the vtab's get calls do. */
static eddy_status read_value(StateBackendImpl *be, const char *key, size_t kl, const void **val, uint32_t *len,
                              bool *found) {
    eddy_status rc = db_get(be, key, kl, found);
    if (!rc && *found) {
        *val = be->vbuf.data;
        *len = (uint32_t)be->vbuf.len;
    }
    return rc;
}

static eddy_status rdb_get(BackendState *s, const StateKey *k, StateNs ns, const void **val, uint32_t *len,
                           bool *found) {
    size_t kl;
    const char *key = enc_key(s, k, ns, NULL, 0, &kl);
    if (!key) return nomem(s->be);
    Pending *p = s->pend.len ? pend_find(s, pend_hash(k, ns), key, kl) : NULL;
    if (p) {
        *found = !p->dead;
        if (!p->dead) {
            *val = p->slot;
            *len = s->slot_size;
        }
        return EDDY_OK;
    }
    return read_value(s->be, key, kl, val, len, found);
}

static eddy_status rdb_put(BackendState *s, const StateKey *k, StateNs ns, const void *val, uint32_t len) {
    ttl_publish(s);
    if (s->slot_size && len > s->slot_size)
        return eddy__err(be_err(s->be), EDDY_E_INTERNAL, "a value of %u bytes for a state of %u-byte values", len,
                         s->slot_size);
    size_t kl;
    const char *key = enc_key(s, k, ns, NULL, 0, &kl);
    if (!key) return nomem(s->be);
    Pending *p = s->pend.len ? pend_find(s, pend_hash(k, ns), key, kl) : NULL;
    if (p) {
        /* its copy is out: the write goes there (flush stores it) */
        memmove(p->slot, val, len);
        memset(p->slot + len, 0, s->slot_size - len);
        p->dead = false;
        return EDDY_OK;
    }
    if (s->slot_size && len < s->slot_size) {
        /* a short value of a fixed-size state: zero-filled, as the heap's slot */
        Buf *v = &s->be->vbuf;
        v->len = 0;
        eddy__buf_put(v, val, len);
        eddy__buf_pad(v, 0, s->slot_size - len);
        if (v->failed) return nomem(s->be);
        return db_put(s->be, key, kl, v->data, s->slot_size);
    }
    return db_put(s->be, key, kl, val, len);
}

/* Deletes every map entry of the (key, namespace) prefix of kbuf; *any
 * tells whether there was one. */
static eddy_status delete_prefix(BackendState *s, size_t plen, bool *any) {
    StateBackendImpl *be = s->be;
    *any = false;
    Buf *pre = &be->pbuf;
    pre->len = 0;
    eddy__buf_put(pre, be->kbuf.data, plen);
    if (pre->failed) return nomem(be);
    rocksdb_iterator_t *it = rocksdb_create_iterator(be->db, be->ro);
    rocksdb_writebatch_clear(be->wb);
    for (rocksdb_iter_seek(it, pre->data, plen); rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
        size_t kl;
        const char *key = rocksdb_iter_key(it, &kl);
        if (kl < plen || memcmp(key, pre->data, plen)) break;
        rocksdb_writebatch_delete(be->wb, key, kl);
        *any = true;
    }
    char *msg = NULL;
    rocksdb_iter_get_error(it, &msg);
    rocksdb_iter_destroy(it);
    if (msg) return db_fail(be, msg, "a scan");
    if (*any) rocksdb_write(be->db, be->wo, be->wb, &msg);
    rocksdb_writebatch_clear(be->wb);
    be->writes++;
    return msg ? db_fail(be, msg, "a delete") : EDDY_OK;
}

static eddy_status rdb_remove(BackendState *s, const StateKey *k, StateNs ns, bool *found) {
    size_t kl;
    const char *key = enc_key(s, k, ns, NULL, 0, &kl);
    if (!key) return nomem(s->be);
    if (s->kind == STATE_MAP) {
        bool any;
        eddy_status rc = delete_prefix(s, kl, &any);
        if (!rc && found) *found = any;
        return rc;
    }
    bool had = false;
    Pending *p = s->pend.len ? pend_find(s, pend_hash(k, ns), key, kl) : NULL;
    if (p) {
        had = !p->dead;
        p->dead = true;
    } else if (found) {
        eddy_status rc = db_get(s->be, key, kl, &had);
        if (rc) return rc;
    }
    if (found) *found = had;
    return db_delete(s->be, key, kl);
}

static eddy_status rdb_slots(BackendState *s, const KeyBatch *kb, const uint32_t *rows, uint32_t n, const StateNs *ns,
                             uint32_t ns_count, void **slots, uint8_t *created) {
    StateBackendImpl *be = s->be;
    ttl_publish(s);
    be->mg_keys.len = be->mg_lens.len = be->mg_rows.len = 0;
    /* pass 1: find or add each key's copy; collect the new ones' keys */
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = rows ? rows[i] : i;
        StateKey k = eddy__key_batch_key(kb, r);
        StateNs nsi = ns_count == 0 ? STATE_NO_NS : ns_count == 1 ? ns[0] : ns[i];
        size_t kl;
        const char *key = enc_key(s, &k, nsi, NULL, 0, &kl);
        if (!key) return nomem(be);
        uint64_t h = pend_hash(&k, nsi);
        Pending *p = pend_find(s, h, key, kl);
        created[i] = 0;
        if (p) {
            if (p->dead) {
                p->dead = false;
                memset(p->slot, 0, s->slot_size);
                created[i] = 1;
            }
            slots[i] = p->slot;
            continue;
        }
        if (!(p = pend_add(s, h, key, kl))) return nomem(be);
        slots[i] = p->slot;
        /* the key's offset stands in for its pointer until pend_keys stops growing */
        if (!ed_vec_push(&be->mg_rows, i) || !ed_vec_push(&be->mg_lens, kl) ||
            !ed_vec_push(&be->mg_keys, (const char *)(uintptr_t)p->koff))
            return nomem(be);
    }
    size_t m = be->mg_rows.len;
    if (!m) return EDDY_OK;
    for (size_t j = 0; j < m; j++) be->mg_keys.items[j] = s->pend_keys.data + (uintptr_t)be->mg_keys.items[j];
    if (!eddy__vec_grow((void **)&be->mg_vals.items, &be->mg_vals.cap, sizeof(char *), m) ||
        !eddy__vec_grow((void **)&be->mg_vlens.items, &be->mg_vlens.cap, sizeof(size_t), m) ||
        !eddy__vec_grow((void **)&be->mg_errs.items, &be->mg_errs.cap, sizeof(char *), m))
        return nomem(be);
    /* pass 2: one multi-get for the keys new to this batch */
    rocksdb_multi_get(be->db, be->ro, m, be->mg_keys.items, be->mg_lens.items, be->mg_vals.items,
                      be->mg_vlens.items, be->mg_errs.items);
    eddy_status rc = EDDY_OK;
    for (size_t j = 0; j < m; j++) {
        uint32_t i = be->mg_rows.items[j];
        char *v = be->mg_vals.items[j];
        if (be->mg_errs.items[j]) {
            if (!rc) rc = db_fail(be, be->mg_errs.items[j], "a read");
            else rocksdb_free(be->mg_errs.items[j]);
        }
        if (v && be->mg_vlens.items[j] == s->slot_size) {
            memcpy(slots[i], v, s->slot_size);
        } else {
            memset(slots[i], 0, s->slot_size);
            created[i] = 1;
        }
        rocksdb_free(v);
    }
    return rc;
}

static eddy_status rdb_flush(BackendState *s) {
    eddy_status rc = pend_write(s);
    pend_reset(s);
    return rc;
}

/* ---- LIST ------------------------------------------------------------------------------------------ */

static eddy_status rdb_list_append(BackendState *s, const StateKey *k, StateNs ns, const void *elem, uint32_t len) {
    StateBackendImpl *be = s->be;
    ttl_publish(s);
    size_t kl;
    const char *key = enc_key(s, k, ns, NULL, 0, &kl);
    if (!key) return nomem(be);
    be->fbuf.len = 0;
    eddy__state_list_frame(&be->fbuf, elem, len);
    if (be->fbuf.failed) return nomem(be);
    char *msg = NULL;
    rocksdb_merge(be->db, be->wo, key, kl, be->fbuf.data, be->fbuf.len, &msg);
    be->writes++;
    return msg ? db_fail(be, msg, "a list append") : EDDY_OK;
}

static eddy_status rdb_list_get(BackendState *s, const StateKey *k, StateNs ns, const void **blob, uint32_t *len,
                                bool *found) {
    size_t kl;
    const char *key = enc_key(s, k, ns, NULL, 0, &kl);
    if (!key) return nomem(s->be);
    eddy_status rc = read_value(s->be, key, kl, blob, len, found);
    if (!rc && *found && !*len) *found = false;
    return rc;
}

static eddy_status rdb_list_replace(BackendState *s, const StateKey *k, StateNs ns, const void *blob, uint32_t len) {
    ttl_publish(s);
    size_t kl;
    const char *key = enc_key(s, k, ns, NULL, 0, &kl);
    if (!key) return nomem(s->be);
    return len ? db_put(s->be, key, kl, blob, len) : db_delete(s->be, key, kl);
}

/* ---- MAP ------------------------------------------------------------------------------------------- */

static eddy_status rdb_map_get(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                               const void **val, uint32_t *len, bool *found) {
    size_t kl;
    const char *key = enc_key(s, k, ns, ukey, uklen, &kl);
    if (!key) return nomem(s->be);
    return read_value(s->be, key, kl, val, len, found);
}

static eddy_status rdb_map_put(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                               const void *val, uint32_t len) {
    ttl_publish(s);
    size_t kl;
    const char *key = enc_key(s, k, ns, ukey, uklen, &kl);
    if (!key) return nomem(s->be);
    return db_put(s->be, key, kl, val, len);
}

static eddy_status rdb_map_remove(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                  bool *found) {
    size_t kl;
    const char *key = enc_key(s, k, ns, ukey, uklen, &kl);
    if (!key) return nomem(s->be);
    if (found) {
        eddy_status rc = db_get(s->be, key, kl, found);
        if (rc) return rc;
        if (!*found) return EDDY_OK;
    }
    return db_delete(s->be, key, kl);
}

/* ---- iteration ---------------------------------------------------------------------------------------- */

/* it->prefix = [group][sid] of the group being walked. */
static void group_prefix(BackendIter *it, int group) {
    char p[4];
    put_be16(p, (uint32_t)group);
    put_be16(p + 2, it->s->id);
    it->prefix.len = 0;
    eddy__buf_put(&it->prefix, p, 4);
}

/* Opens the RocksDB iterator (again) at the iteration's position: the first
 * key of the prefix, or past the last key handed out. */
static eddy_status iter_position(BackendIter *it) {
    StateBackendImpl *be = it->s->be;
    if (it->it) rocksdb_iter_destroy(it->it);
    it->it = rocksdb_create_iterator(be->db, be->ro);
    it->writes = be->writes;
    if (!it->started) {
        rocksdb_iter_seek(it->it, it->prefix.data, it->prefix.len);
        return EDDY_OK;
    }
    rocksdb_iter_seek(it->it, it->last.data, it->last.len);
    if (rocksdb_iter_valid(it->it)) {
        size_t kl;
        const char *key = rocksdb_iter_key(it->it, &kl);
        if (kl == it->last.len && !memcmp(key, it->last.data, kl)) rocksdb_iter_next(it->it);
    }
    return EDDY_OK;
}

static eddy_status rdb_iter_open(BackendState *s, const StateIterSpec *spec, BackendIter **out) {
    StateBackendImpl *be = s->be;
    /* slots out are part of the state: write them first (they stay out) */
    eddy_status rc = pend_write(s);
    if (rc) return rc;
    BackendIter *it = be->spare;
    if (it) {
        be->spare = NULL;
    } else {
        if (!(it = eddy__calloc(1, sizeof *it))) return nomem(be);
        eddy__buf_init(&it->ns_copy);
        eddy__buf_init(&it->prefix);
        eddy__buf_init(&it->last);
        eddy__buf_init(&it->val);
    }
    it->s = s;
    it->spec = *spec;
    it->started = it->done = it->single = false;
    it->ns_copy.len = it->prefix.len = it->last.len = 0;
    if (spec->ns_filter && spec->ns.len) {
        eddy__buf_put(&it->ns_copy, spec->ns.bytes, spec->ns.len);
        it->spec.ns.bytes = it->ns_copy.data;
    }
    if (spec->map_of_key) {
        it->single = true;
        size_t kl;
        const char *key = enc_key(s, &spec->key, spec->ns, NULL, 0, &kl);
        if (key) eddy__buf_put(&it->prefix, key, kl);
        else it->prefix.failed = true;
        it->spec.key.bytes = NULL;
        it->spec.ns.bytes = NULL;
        if (s->kind != STATE_MAP) it->done = true;
    } else {
        it->group = spec->group >= 0 ? spec->group : be->cfg.first_group;
        if (it->group > be->cfg.last_group) it->done = true;
        group_prefix(it, it->group);
    }
    if (it->ns_copy.failed || it->prefix.failed || it->last.failed) {
        iter_free(it);
        return nomem(be);
    }
    if (!it->done) iter_position(it);
    *out = it;
    return EDDY_OK;
}

/* Writes after which an iterator repositions (a fresh view: an old one
 * pins memtables and files). */
#define ITER_REFRESH_WRITES 4096

static eddy_status rdb_iter_next(BackendIter *it, StateEntry *e, bool *has) {
    StateBackendImpl *be = it->s->be;
    *has = false;
    while (!it->done) {
        if (be->writes - it->writes > ITER_REFRESH_WRITES) {
            iter_position(it);
        } else if (it->started && it->last.len) {
            /* the iterator is on the entry handed out last: step past it */
            size_t kl;
            const char *key = rocksdb_iter_valid(it->it) ? rocksdb_iter_key(it->it, &kl) : NULL;
            if (key && kl == it->last.len && !memcmp(key, it->last.data, kl)) rocksdb_iter_next(it->it);
        }
        it->started = true;
        if (!rocksdb_iter_valid(it->it)) {
            char *msg = NULL;
            rocksdb_iter_get_error(it->it, &msg);
            if (msg) return db_fail(be, msg, "a scan");
            goto next_group;
        }
        size_t kl, vl;
        const char *key = rocksdb_iter_key(it->it, &kl);
        if (kl < it->prefix.len || memcmp(key, it->prefix.data, it->prefix.len)) goto next_group;
        const char *v = rocksdb_iter_value(it->it, &vl);
        it->last.len = 0;
        eddy__buf_put(&it->last, key, kl);
        if (it->last.failed) return nomem(be);
        if (!dec_key(it->last.data, kl, e))
            return eddy__err(be_err(be), EDDY_E_INTERNAL, "RocksDB state backend: a malformed key of %zu bytes", kl);
        if (it->spec.ns_filter && (e->ns.len != it->spec.ns.len ||
                                   (e->ns.len && memcmp(e->ns.bytes, it->spec.ns.bytes, e->ns.len) != 0)))
            continue;
        if (it->writes != be->writes) {
            /* written since the view was taken: the entry's value now (an
             * entry removed meanwhile is skipped) */
            bool found;
            eddy_status rc = db_get(be, it->last.data, kl, &found);
            if (rc) return rc;
            if (!found) continue;
            v = be->vbuf.data;
            vl = be->vbuf.len;
        }
        if (it->s->kind == STATE_LIST && !vl) continue;
        it->val.len = 0;
        eddy__buf_put(&it->val, v, vl);
        if (it->val.failed) return nomem(be);
        e->value = vl ? it->val.data : "";
        e->value_len = (uint32_t)vl;
        *has = true;
        return EDDY_OK;
    next_group:
        if (it->single || it->spec.group >= 0 || it->group >= be->cfg.last_group) {
            it->done = true;
            break;
        }
        group_prefix(it, ++it->group);
        if (it->prefix.failed) return nomem(be);
        it->started = false;
        it->last.len = 0;
        iter_position(it);
    }
    return EDDY_OK;
}

static void rdb_iter_close(BackendIter *it) {
    if (!it) return;
    StateBackendImpl *be = it->s->be;
    if (it->it) rocksdb_iter_destroy(it->it);
    it->it = NULL;
    if (!be->spare) be->spare = it;
    else iter_free(it);
}

static eddy_status rdb_clear(BackendState *s) {
    StateBackendImpl *be = s->be;
    for (size_t i = 0; i < s->pend.len; i++) s->pend.items[i].dead = true;
    rocksdb_writebatch_clear(be->wb);
    for (int g = be->cfg.first_group; g <= be->cfg.last_group; g++) {
        char lo[4], hi[4];
        put_be16(lo, (uint32_t)g);
        put_be16(lo + 2, s->id);
        /* [g][sid + 1], or [g + 1][0] for the last id */
        uint32_t nid = s->id + 1, ng = (uint32_t)g;
        if (nid > 0xffff) nid = 0, ng++;
        put_be16(hi, ng);
        put_be16(hi + 2, nid);
        rocksdb_writebatch_delete_range(be->wb, lo, 4, hi, 4);
    }
    char *msg = NULL;
    rocksdb_write(be->db, be->wo, be->wb, &msg);
    rocksdb_writebatch_clear(be->wb);
    be->writes++;
    return msg ? db_fail(be, msg, "clearing a state") : EDDY_OK;
}

static uint64_t prop_u64(StateBackendImpl *be, const char *name) {
    uint64_t v = 0;
    if (rocksdb_property_int(be->db, name, &v) != 0) v = 0;
    return v;
}

static void rdb_stats(StateBackendImpl *be, StateStats *out) {
    memset(out, 0, sizeof *out);
    /* RocksDB's estimates (Flink reports the same properties): keys, and the
     * live data on disk plus what the memtables hold */
    out->entries = prop_u64(be, "rocksdb.estimate-num-keys");
    out->value_bytes = prop_u64(be, "rocksdb.estimate-live-data-size") + prop_u64(be, "rocksdb.cur-size-all-mem-tables");
    out->total_bytes = (uint64_t)be->reserved;
}

eddy_status eddy__state_rocksdb_compact(StateBackend *sb) {
    if (sb->vt != &eddy__state_rocksdb_vtab)
        return eddy__err(sb->cfg.err, EDDY_E_MISUSE, "State backend '%s' is not RocksDB.", sb->vt->name);
    StateBackendImpl *be = sb->impl;
    for (uint32_t i = 0; i < be->nstates; i++) ttl_publish(be->states[i]);
    /* twice: the filter sees values, not merge operands, so a list appended
     * to since the last compaction is folded into a value by the first and
     * filtered by the second (RocksDB's own compactions get there too) */
    rocksdb_compact_range(be->db, NULL, 0, NULL, 0);
    rocksdb_compact_range(be->db, NULL, 0, NULL, 0);
    be->writes++;
    return EDDY_OK;
}

/* ---- incremental snapshots ---------------------------------------------------------------------- */

static void bput_u32(Buf *b, uint32_t v) { eddy__buf_put(b, &v, 4); }
static void bput_u64(Buf *b, uint64_t v) { eddy__buf_put(b, &v, 8); }
static void bput_str(Buf *b, const char *s) {
    bput_u32(b, (uint32_t)strlen(s));
    eddy__buf_put(b, s, strlen(s));
}


static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The file names of a directory, sorted (malloc'd, each and the array). */
typedef ED_VEC(char *) Names;

static eddy_status list_names(const char *dir, Names *out, EdErr *err) {
    DIR *d = opendir(dir);
    if (!d) return eddy__err(err, EDDY_E_IO, "Could not read the directory %s: %s.", dir, strerror(errno));
    struct dirent *e;
    eddy_status rc = EDDY_OK;
    while (!rc && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *n = eddy__strdup(e->d_name);
        if (!n || !ed_vec_push(out, n)) {
            eddy__free(n);
            rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
        }
    }
    closedir(d);
    if (out->len > 1) qsort(out->items, out->len, sizeof(char *), cmp_names);
    return rc;
}

static bool is_sst(const char *name) {
    size_t n = strlen(name);
    return n > 4 && !strcmp(name + n - 4, ".sst");
}

/* Appends u32 length + the bytes of the (small) file at path to out. */
static eddy_status put_file_bytes(Buf *out, const char *path, EdErr *err) {
    FILE *f = fopen(path, "rb");
    if (!f) return eddy__err(err, EDDY_E_IO, "Could not open %s: %s.", path, strerror(errno));
    size_t at = out->len;
    bput_u32(out, 0);
    char chunk[8192];
    size_t n, total = 0;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) eddy__buf_put(out, chunk, n), total += n;
    bool bad = ferror(f);
    fclose(f);
    if (bad) return eddy__err(err, EDDY_E_IO, "Could not read %s: %s.", path, strerror(errno));
    if (out->failed || total > UINT32_MAX) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    uint32_t len = (uint32_t)total;
    memcpy(out->data + at, &len, 4);
    return EDDY_OK;
}

static void names_free(Names *names) {
    for (size_t i = 0; i < names->len; i++) eddy__free(names->items[i]);
    ed_vec_free(names);
}

/* Puts the SST file `local` (at path, size bytes) into shared_dir unless it
 * is there from before; *k its entry (appended to fresh). */
static eddy_status share_sst(StateBackendImpl *be, const char *shared_dir, const char *local, const char *path,
                             StateFileRefs *refs, SharedVec *fresh) {
    SharedSst k = {0};
    for (size_t i = 0; i < be->shared.len && !k.local; i++)
        if (be->shared.items[i].local && !strcmp(be->shared.items[i].local, local)) {
            k = be->shared.items[i];
            be->shared.items[i].local = be->shared.items[i].name = NULL; /* moved */
        }
    if (!k.local) {
        Buf nb;
        eddy__buf_init(&nb);
        eddy__buf_printf(&nb, "%s-%s", be->nonce, local);
        k.local = eddy__strdup(local);
        k.name = nb.failed ? NULL : eddy__buf_take(&nb);
        eddy__buf_free(&nb);
    }
    char *dst = k.name ? eddy__path_join(shared_dir, k.name) : NULL;
    eddy_status rc = EDDY_OK;
    if (!k.local || !dst) {
        rc = nomem(be);
    } else {
        struct stat st;
        bool there = k.size && stat(dst, &st) == 0 && (uint64_t)st.st_size == k.size;
        if (!there) {
            rc = eddy__file_copy(path, dst, true, &k.size, &k.sum, be_err(be));
            if (!rc) refs->uploaded += k.size;
        }
    }
    StateFileRef ref = {k.name ? eddy__strdup(k.name) : NULL, k.size, k.sum};
    if (!rc && (!ref.name || !ed_vec_push(&refs->files, ref))) {
        eddy__free(ref.name);
        rc = nomem(be);
    }
    if (!rc) refs->bytes += k.size;
    if (rc || !ed_vec_push(fresh, k)) {
        eddy__free(k.local), eddy__free(k.name);
        if (!rc) rc = nomem(be);
    }
    eddy__free(dst);
    return rc;
}

eddy_status eddy__rocksdb_snapshot_files(StateBackendImpl *be, const char *shared_dir, Buf *out, StateFileRefs *refs) {
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < be->nstates && !rc; i++) rc = pend_write(be->states[i]);
    if (rc) return rc;
    char *msg = NULL;
    rocksdb_flushoptions_t *fo = rocksdb_flushoptions_create();
    rocksdb_flushoptions_set_wait(fo, 1);
    rocksdb_flush(be->db, fo, &msg);
    rocksdb_flushoptions_destroy(fo);
    if (msg) return db_fail(be, msg, "a flush");
    if (!make_dirs(shared_dir))
        return eddy__err(be_err(be), EDDY_E_IO, "Could not create the shared checkpoint directory %s: %s.", shared_dir,
                         strerror(errno));
    /* the checkpoint: hard links of the live files next to the database */
    Buf cb;
    eddy__buf_init(&cb);
    eddy__buf_printf(&cb, "%s-chk", be->dir);
    if (cb.failed) return nomem(be);
    const char *cdir = eddy__buf_cstr(&cb);
    remove_tree(cdir);
    rocksdb_checkpoint_t *cp = rocksdb_checkpoint_object_create(be->db, &msg);
    if (cp && !msg) rocksdb_checkpoint_create(cp, cdir, 0, &msg);
    if (cp) rocksdb_checkpoint_object_destroy(cp);
    if (msg) rc = db_fail(be, msg, "a checkpoint");
    Names names = {0};
    SharedVec fresh = {0};
    if (!rc) rc = list_names(cdir, &names, be_err(be));
    if (!rc) bput_u32(out, (uint32_t)names.len);
    for (size_t i = 0; i < names.len && !rc; i++) {
        const char *name = names.items[i];
        char *path = eddy__path_join(cdir, name);
        if (!path) {
            rc = nomem(be);
            break;
        }
        bool sst = is_sst(name);
        eddy__buf_put(out, &(uint8_t){sst}, 1);
        bput_str(out, name);
        if (sst) {
            size_t nrefs = refs->files.len;
            rc = share_sst(be, shared_dir, name, path, refs, &fresh);
            if (!rc) {
                const StateFileRef *r = &refs->files.items[nrefs];
                bput_str(out, r->name);
                bput_u64(out, r->size);
                bput_u64(out, r->sum);
            }
        } else {
            rc = put_file_bytes(out, path, be_err(be));
        }
        eddy__free(path);
    }
    if (!rc && out->failed) rc = nomem(be);
    /* what is known to be shared now: the live SST files (compacted ones are gone for good) */
    shared_clear(be);
    be->shared.items = fresh.items, be->shared.len = fresh.len, be->shared.cap = fresh.cap;
    names_free(&names);
    remove_tree(cdir);
    eddy__buf_free(&cb);
    return rc;
}

static eddy_status corrupt_file(EdErr *err, const char *path, const char *what) {
    return eddy__err(err, EDDY_E_RUNTIME, "Checkpoint file %s is corrupt: %s.", path, what);
}

/* Puts the files into dir: shared ones copied from shared_dir and checked,
 * the others written from their bytes. */
static eddy_status fetch_files(const char *dir, const IncFile *f, size_t n, const char *shared_dir, EdErr *err) {
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        char *dst = eddy__path_join(dir, f[i].local), *src = f[i].shared && shared_dir ? eddy__path_join(shared_dir, f[i].name) : NULL;
        if (!dst || (f[i].shared && !src)) {
            rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
        } else if (f[i].shared) {
            struct stat st;
            uint64_t size = 0, sum = 0;
            char what[160];
            if (stat(src, &st) != 0) {
                snprintf(what, sizeof what, "the file is missing (%s)", strerror(errno));
                rc = corrupt_file(err, src, what);
            } else if (!(rc = eddy__file_copy(src, dst, false, &size, &sum, err))) {
                if (size != f[i].size) {
                    snprintf(what, sizeof what, "%llu bytes where the snapshot says %llu (truncated?)",
                             (unsigned long long)size, (unsigned long long)f[i].size);
                    rc = corrupt_file(err, src, what);
                } else if (sum != f[i].sum) {
                    rc = corrupt_file(err, src, "checksum mismatch (the bytes were changed)");
                }
            }
        } else {
            FILE *o = fopen(dst, "wb");
            bool ok = o && (!f[i].size || fwrite(f[i].bytes, 1, (size_t)f[i].size, o) == f[i].size);
            if (o && fclose(o) != 0) ok = false;
            if (!ok) rc = eddy__err(err, EDDY_E_IO, "Could not write %s: %s.", dst, strerror(errno));
        }
        eddy__free(dst), eddy__free(src);
    }
    return rc;
}

/* The directory instances of cfg make theirs in (NULL: it cannot be made). */
static const char *base_dir(const StateBackendConfig *cfg) {
    const char *base = cfg->local_dir && *cfg->local_dir ? cfg->local_dir : getenv("TMPDIR");
    if (!base || !*base) base = "/tmp";
    if (cfg->local_dir && *cfg->local_dir && !make_dirs(base)) return NULL;
    return base;
}

static eddy_status no_dir(const StateBackendConfig *cfg) {
    return eddy__err(cfg->err, EDDY_E_IO,
                     "No local storage directories available. Local DB files directory '%s' is not writable: %s "
                     "(state.backend.rocksdb.localdir).",
                     cfg->local_dir && *cfg->local_dir ? cfg->local_dir : "/tmp", strerror(errno));
}

eddy_status eddy__rocksdb_adopt(StateBackendImpl *be, const IncFile *f, size_t n, const char *shared_dir) {
    const char *base = base_dir(&be->cfg);
    char *dir = base ? make_temp_dir(base) : NULL;
    if (!dir) return no_dir(&be->cfg);
    eddy_status rc = fetch_files(dir, f, n, shared_dir, be_err(be));
    if (rc) {
        remove_tree(dir);
        eddy__free(dir);
        return rc;
    }
    /* the restored database opens first; then the empty one gives way (a
     * failure leaves the backend as it was) */
    char *msg = NULL;
    rocksdb_options_set_error_if_exists(be->opts, 0);
    rocksdb_options_set_create_if_missing(be->opts, 0);
    rocksdb_t *db = rocksdb_open(be->opts, dir, &msg);
    if (!db) {
        remove_tree(dir);
        eddy__free(dir);
        return db_fail(be, msg, "opening the restored database");
    }
    rocksdb_cancel_all_background_work(be->db, 1);
    rocksdb_close(be->db);
    rocksdb_destroy_db(be->opts, be->dir, &msg);
    rocksdb_free(msg);
    remove_tree(be->dir);
    eddy__free(be->dir);
    be->dir = dir;
    be->db = db;
    be->writes++;
    shared_clear(be);
    for (size_t i = 0; i < n; i++) {
        if (!f[i].shared) continue;
        SharedSst k = {eddy__strdup(f[i].local), eddy__strdup(f[i].name), f[i].size, f[i].sum};
        if (!k.local || !k.name || !ed_vec_push(&be->shared, k)) {
            eddy__free(k.local), eddy__free(k.name);
            return nomem(be);
        }
    }
    return EDDY_OK;
}

eddy_status eddy__rocksdb_scan_files(const StateBackendConfig *cfg, const IncFile *f, size_t n, const char *shared_dir,
                                     int first, int last, IncEntryFn fn, void *ctx) {
    const char *base = base_dir(cfg);
    char *dir = base ? make_temp_dir(base) : NULL;
    if (!dir) return no_dir(cfg);
    eddy_status rc = fetch_files(dir, f, n, shared_dir, cfg->err);
    rocksdb_options_t *opts = rocksdb_options_create();
    rocksdb_options_set_info_log_level(opts, 3);
    rocksdb_options_set_merge_operator(
        opts, rocksdb_mergeoperator_create(NULL, noop_destructor, full_merge, partial_merge, merge_free, merge_name));
    rocksdb_t *db = NULL;
    char *msg = NULL;
    if (!rc && !(db = rocksdb_open_for_read_only(opts, dir, 0, &msg))) rc = cfg_fail(cfg, msg, "opening a checkpoint's database");
    if (db) {
        rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
        rocksdb_readoptions_set_fill_cache(ro, 0);
        rocksdb_iterator_t *it = rocksdb_create_iterator(db, ro);
        char start[2];
        put_be16(start, (uint32_t)first);
        for (rocksdb_iter_seek(it, start, 2); !rc && rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
            size_t kl, vl;
            const char *key = rocksdb_iter_key(it, &kl);
            StateEntry e;
            if (!dec_key(key, kl, &e)) {
                rc = eddy__err(cfg->err, EDDY_E_RUNTIME, "RocksDB state backend: a malformed key of %zu bytes in a checkpoint", kl);
                break;
            }
            if (e.key.group > last) break;
            const char *v = rocksdb_iter_value(it, &vl);
            e.value = vl ? v : "";
            e.value_len = (uint32_t)vl;
            rc = fn(ctx, get_be16(key + K_SID), &e);
        }
        if (!rc) {
            rocksdb_iter_get_error(it, &msg);
            if (msg) rc = cfg_fail(cfg, msg, "a scan of a checkpoint's database");
        }
        rocksdb_iter_destroy(it);
        rocksdb_readoptions_destroy(ro);
        rocksdb_close(db);
    }
    rocksdb_options_destroy(opts);
    remove_tree(dir);
    eddy__free(dir);
    return rc;
}

const StateBackendVtab eddy__state_rocksdb_vtab = {
    .version = STATE_BACKEND_V1,
    .name = "rocksdb",
    .destroy = rdb_destroy,
    .create_state = rdb_create_state,
    .get = rdb_get,
    .put = rdb_put,
    .remove = rdb_remove,
    .slots = rdb_slots,
    .flush = rdb_flush,
    .list_append = rdb_list_append,
    .list_get = rdb_list_get,
    .list_replace = rdb_list_replace,
    .map_get = rdb_map_get,
    .map_put = rdb_map_put,
    .map_remove = rdb_map_remove,
    .iter_open = rdb_iter_open,
    .iter_next = rdb_iter_next,
    .iter_close = rdb_iter_close,
    .clear = rdb_clear,
    .stats = rdb_stats,
    .map_ref = NULL,
};
