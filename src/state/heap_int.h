/*
 * heap_int.h -- the building blocks of the heap backend and of the timer
 * service, private to src/state/ (operators include state.h only):
 *
 *   Pool    records of one state in pages, by size class: stable addresses
 *           (a record never moves), no malloc per record, a free list per
 *           class, and iteration over every live record by (page, index) --
 *           which is what makes iteration safe against writes.
 *   Blobs   variable-length byte blocks (values, lists, map records) in
 *           size classes over shared pages; blocks above 2 KiB are single
 *           allocations.
 *   HIndex  an open-addressing hash index (linear probing, 16-byte slots of
 *           {hash, record}) that grows incrementally, as Redis's dict does:
 *           a resize allocates the new table and every later insert moves a
 *           few slots of the old one, so no put ever rehashes millions of
 *           keys. Lookups probe the new table, then the old one.
 *
 * Every byte these allocate is charged to a MemAccount first; a failed
 * charge (budget) or allocation leaves the structure unchanged.
 */
#ifndef EDDY_STATE_HEAP_INT_H
#define EDDY_STATE_HEAP_INT_H

#include "state/state.h"

/* ---- Pool ---------------------------------------------------------------- */

/* A record starts with a 32-bit word that is POOL_FREE for a free record
 * (the owner's header puts a length there, never UINT32_MAX); free records
 * keep their free-list link at byte 8, so records are at least 16 bytes. */
#define POOL_FREE UINT32_MAX

typedef struct PoolPage {
    char *mem;
    uint32_t rec_size;
    uint32_t nrec; /* capacity */
    uint32_t used; /* records carved so far (bump) */
} PoolPage;

typedef struct PoolClass {
    uint32_t rec_size;
    void *free_head;
    int32_t page;        /* page being carved, -1 none */
    uint32_t next_bytes; /* size of the next page */
} PoolClass;

#define POOL_NCLASS 120

typedef struct Pool {
    PoolPage *pages;
    uint32_t npages, pages_cap;
    PoolClass *cls[POOL_NCLASS];
    MemAccount *acct;
    EdErr *err;
    int64_t charged;
    uint32_t *holes; /* indexes of freed single-record pages, for reuse */
    uint32_t nholes, holes_cap;
    uint64_t live; /* records in use */
} Pool;

void eddy__pool_init(Pool *p, MemAccount *acct, EdErr *err);
/* Frees every page (and gives their memory back). */
void eddy__pool_destroy(Pool *p);
/* A record of at least n bytes (n >= 16), 8-byte aligned, contents
 * undefined; NULL with the error in p->err. The caller writes its header
 * (never POOL_FREE in the first word). */
void *eddy__pool_alloc(Pool *p, uint32_t n);
/* Frees a record of n bytes (the n it was allocated with). */
void eddy__pool_free(Pool *p, void *rec, uint32_t n);
/* Iteration: the live record at or after cursor (*page, *idx), advancing the
 * cursor past it; NULL at the end. Start with both at 0. */
void *eddy__pool_next(const Pool *p, uint32_t *page, uint32_t *idx);

/* ---- Blobs ---------------------------------------------------------------- */

#define BLOB_NCLASS 24
#define BLOB_LARGE 2048

typedef struct Blobs {
    void *free_head[BLOB_NCLASS];
    char *cur, *end; /* page being carved */
    char **pages;
    uint32_t npages, pages_cap;
    struct BlobLarge *large; /* blocks above BLOB_LARGE, each its own allocation */
    MemAccount *acct;
    EdErr *err;
    int64_t charged;
} Blobs;

void eddy__blobs_init(Blobs *b, MemAccount *acct, EdErr *err);
void eddy__blobs_destroy(Blobs *b);
/* A block of at least n bytes (8-byte aligned); *cap gets its capacity
 * (pass it back to free). NULL with the error in b->err. n may be 0. */
void *eddy__blob_alloc(Blobs *b, uint32_t n, uint32_t *cap);
void eddy__blob_free(Blobs *b, void *p, uint32_t cap);

/* ---- HIndex ---------------------------------------------------------------- */

typedef struct HSlot {
    uint64_t hash;
    void *rec; /* NULL: empty; HINDEX_TOMB: moved or deleted (old table only) */
} HSlot;

extern char eddy__hindex_tomb;
#define HINDEX_TOMB ((void *)&eddy__hindex_tomb)

typedef struct HIndex {
    HSlot *cur;      /* receives inserts */
    HSlot *old;      /* being drained; NULL when not rehashing */
    uint8_t cur_bits, old_bits;
    uint64_t cur_used; /* live records in cur */
    uint64_t old_used; /* live records still in old */
    uint64_t move_pos; /* next old slot to move */
    MemAccount *acct;
    EdErr *err;
} HIndex;

/* Record equality for lookups: does rec hold the searched key? */
typedef bool (*HIndexEq)(const void *rec, const void *probe);

/* An empty index (no table until the first insert). */
void eddy__hindex_init(HIndex *ix, MemAccount *acct, EdErr *err);
void eddy__hindex_destroy(HIndex *ix);
/* Drops every slot (keeps the current table's size). */
void eddy__hindex_clear(HIndex *ix);
static inline uint64_t eddy__hindex_count(const HIndex *ix) { return ix->cur_used + ix->old_used; }
/* Moves one slot of a rehash in progress to the current table. */
void eddy__hindex_move1(HIndex *ix);

/* The home slot of a hash in a table of 2^bits slots: the hash's high bits
 * (the low bits pick the key group, so a subtask's keys share them). */
static inline size_t eddy__hindex_home(uint64_t hash, uint8_t bits) { return (size_t)(hash >> (64 - bits)); }

/* The record with this hash for which eq(rec, probe) holds, or NULL. Moves a
 * slot of a rehash in progress along. Inline so that a constant eq inlines
 * too: this is the probe loop of every state access. */
static inline void *eddy__hindex_find(HIndex *ix, uint64_t hash, HIndexEq eq, const void *probe) {
    if (!ix->cur) return NULL;
    size_t mask = ((size_t)1 << ix->cur_bits) - 1, i = eddy__hindex_home(hash, ix->cur_bits);
    for (;;) {
        HSlot *s = &ix->cur[i];
        if (!s->rec) break;
        if (s->hash == hash && eq(s->rec, probe)) return s->rec;
        i = (i + 1) & mask;
    }
    if (!ix->old) return NULL;
    void *found = NULL;
    mask = ((size_t)1 << ix->old_bits) - 1;
    i = eddy__hindex_home(hash, ix->old_bits);
    for (;;) {
        HSlot *s = &ix->old[i];
        if (!s->rec) break;
        if (s->rec != HINDEX_TOMB && s->hash == hash && eq(s->rec, probe)) {
            found = s->rec;
            break;
        }
        i = (i + 1) & mask;
    }
    eddy__hindex_move1(ix);
    return found;
}

/* Prefetch hints for a coming lookup of `hash`: the home slot's line, and
 * (a second step, once that line is in) the record of the first slot there
 * with this hash. Read-only: stale hints cost nothing but a wasted fetch.
 * The record is found by a function and prefetched by a macro, because gcc
 * drops calls of a function whose only effect is a prefetch. */
static inline void eddy__hindex_prefetch_slot(const HIndex *ix, uint64_t hash) {
    if (ix->cur) __builtin_prefetch(&ix->cur[eddy__hindex_home(hash, ix->cur_bits)]);
}
static inline const char *eddy__hindex_peek(const HIndex *ix, uint64_t hash) {
    if (!ix->cur) return NULL;
    size_t mask = ((size_t)1 << ix->cur_bits) - 1, i = eddy__hindex_home(hash, ix->cur_bits);
    for (int k = 0; k < 4; k++, i = (i + 1) & mask) {
        const HSlot *s = &ix->cur[i];
        if (!s->rec) return NULL;
        if (s->hash == hash) return s->rec;
    }
    return NULL;
}
/* Both lines of a record that straddles two. */
#define eddy__hindex_prefetch_rec(ix, hash)                      \
    do {                                                         \
        const char *rec_ = eddy__hindex_peek((ix), (hash));      \
        if (rec_) {                                              \
            __builtin_prefetch(rec_);                            \
            __builtin_prefetch(rec_ + 40);                       \
        }                                                        \
    } while (0)
/* Makes room for one more record (may start or advance a rehash); call it
 * before eddy__hindex_add. EDDY_OK, or the error (budget, memory) in err. */
eddy_status eddy__hindex_reserve(HIndex *ix);
/* Adds a record known to be absent (after find said so, and reserve). */
void eddy__hindex_add(HIndex *ix, uint64_t hash, void *rec);
/* Removes the record rec (found before); false when it is not there. */
bool eddy__hindex_remove(HIndex *ix, uint64_t hash, const void *rec);
/* Bytes of the slot tables. */
uint64_t eddy__hindex_bytes(const HIndex *ix);

#endif
