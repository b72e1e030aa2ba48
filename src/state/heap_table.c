/*
 * heap_table.c -- the heap backend's memory and index structures: the record
 * Pool (stable addresses, iteration by page), Blobs (size-classed byte
 * blocks) and HIndex (open addressing with incremental rehash). See
 * heap_int.h for what each guarantees.
 *
 * Why this shape. A state with millions of keys must not stop the world:
 * HIndex grows by allocating the next table and moving HINDEX_MOVE_PER_ADD
 * slots per insert (and one per lookup), so a resize costs each put a
 * bounded amount of work. Records live in Pool pages and never move, so an
 * iteration walks pages, not the index: inserts, deletes and resizes while
 * iterating cannot make it skip or repeat a record that stays (deleted and
 * re-added records may be seen twice, as with Redis's dictScan).
 */
#include "state/heap_int.h"

/* ---- Pool ------------------------------------------------------------------- */

#define POOL_SMALL_MAX 512
#define POOL_MEDIUM_MAX 4096
#define POOL_PAGE_MIN 1024
#define POOL_PAGE_MAX 65536

void eddy__pool_init(Pool *p, MemAccount *acct, EdErr *err) {
    memset(p, 0, sizeof *p);
    p->acct = acct;
    p->err = err;
}

void eddy__pool_destroy(Pool *p) {
    for (uint32_t i = 0; i < p->npages; i++) eddy__free(p->pages[i].mem);
    for (int c = 0; c < POOL_NCLASS; c++) eddy__free(p->cls[c]);
    eddy__free(p->pages);
    eddy__free(p->holes);
    if (p->acct) eddy__mem_release(p->acct, p->charged);
    memset(p, 0, sizeof *p);
}

/* The size class of an n-byte record (-1: a single-record page) and the
 * record size of that class. */
static int pool_class(uint32_t n, uint32_t *rec_size) {
    if (n <= POOL_SMALL_MAX) {
        *rec_size = (n + 7) & ~7u;
        return (int)(*rec_size / 8) - 1;
    }
    if (n <= POOL_MEDIUM_MAX) {
        uint32_t k = (n - POOL_SMALL_MAX + 63) / 64;
        *rec_size = POOL_SMALL_MAX + k * 64;
        return 63 + (int)k;
    }
    *rec_size = (n + 7) & ~7u;
    return -1;
}

static bool pool_add_page(Pool *p, uint32_t rec_size, uint32_t nrec, uint32_t *index) {
    size_t bytes = (size_t)rec_size * nrec;
    if (eddy__mem_charge(p->acct, (int64_t)bytes, p->err)) return false;
    char *mem = eddy__malloc(bytes);
    if (!mem) {
        eddy__mem_release(p->acct, (int64_t)bytes);
        eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
        return false;
    }
    uint32_t at;
    if (nrec == 1 && p->nholes) {
        at = p->holes[--p->nholes];
    } else {
        if (p->npages == p->pages_cap) {
            uint32_t ncap = p->pages_cap ? p->pages_cap * 2 : 8;
            PoolPage *np = eddy__realloc(p->pages, sizeof(PoolPage) * ncap);
            if (!np) {
                eddy__free(mem);
                eddy__mem_release(p->acct, (int64_t)bytes);
                eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
                return false;
            }
            p->pages = np;
            p->pages_cap = ncap;
        }
        at = p->npages++;
    }
    p->pages[at] = (PoolPage){mem, rec_size, nrec, 0};
    p->charged += (int64_t)bytes;
    *index = at;
    return true;
}

void *eddy__pool_alloc(Pool *p, uint32_t n) {
    if (n < 16) n = 16;
    uint32_t rec_size;
    int c = pool_class(n, &rec_size);
    if (c < 0) {
        /* a record of its own page; the hole list must be able to take the
         * page back later, so make room there first */
        if (p->nholes == p->holes_cap) {
            uint32_t ncap = p->holes_cap ? p->holes_cap * 2 : 8;
            uint32_t *nh = eddy__realloc(p->holes, sizeof(uint32_t) * ncap);
            if (!nh) {
                eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
                return NULL;
            }
            p->holes = nh;
            p->holes_cap = ncap;
        }
        uint32_t at;
        if (!pool_add_page(p, rec_size, 1, &at)) return NULL;
        p->pages[at].used = 1;
        p->live++;
        return p->pages[at].mem;
    }
    PoolClass *k = p->cls[c];
    if (!k) {
        k = eddy__calloc(1, sizeof *k);
        if (!k) {
            eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
            return NULL;
        }
        k->rec_size = rec_size;
        k->page = -1;
        k->next_bytes = POOL_PAGE_MIN;
        p->cls[c] = k;
    }
    if (k->free_head) {
        char *r = k->free_head;
        memcpy(&k->free_head, r + 8, sizeof(void *));
        p->live++;
        return r;
    }
    if (k->page < 0 || p->pages[k->page].used == p->pages[k->page].nrec) {
        uint32_t bytes = ED_MAX(k->next_bytes, rec_size);
        uint32_t at;
        if (!pool_add_page(p, rec_size, bytes / rec_size, &at)) return NULL;
        k->page = (int32_t)at;
        if (k->next_bytes < POOL_PAGE_MAX) k->next_bytes *= 2;
    }
    PoolPage *pg = &p->pages[k->page];
    p->live++;
    return pg->mem + (size_t)pg->used++ * rec_size;
}

void eddy__pool_free(Pool *p, void *rec, uint32_t n) {
    if (n < 16) n = 16;
    uint32_t rec_size;
    int c = pool_class(n, &rec_size);
    uint32_t mark = POOL_FREE;
    memcpy(rec, &mark, 4);
    p->live--;
    if (c < 0) {
        for (uint32_t i = p->npages; i-- > 0;) {
            if (p->pages[i].mem != rec) continue;
            size_t bytes = (size_t)p->pages[i].rec_size;
            eddy__free(p->pages[i].mem);
            p->pages[i] = (PoolPage){NULL, 0, 0, 0};
            eddy__mem_release(p->acct, (int64_t)bytes);
            p->charged -= (int64_t)bytes;
            p->holes[p->nholes++] = i; /* room was made when it was allocated */
            return;
        }
        return;
    }
    PoolClass *k = p->cls[c];
    memcpy((char *)rec + 8, &k->free_head, sizeof(void *));
    k->free_head = rec;
}

void *eddy__pool_next(const Pool *p, uint32_t *page, uint32_t *idx) {
    while (*page < p->npages) {
        const PoolPage *pg = &p->pages[*page];
        while (*idx < pg->used) {
            char *r = pg->mem + (size_t)(*idx)++ * pg->rec_size;
            uint32_t first;
            memcpy(&first, r, 4);
            if (first != POOL_FREE) return r;
        }
        (*page)++;
        *idx = 0;
    }
    return NULL;
}

/* ---- Blobs ------------------------------------------------------------------- */

static const uint32_t blob_sizes[BLOB_NCLASS] = {8,   16,  24,  32,  48,  64,   96,   128,  160,  192,  256, 320,
                                                 384, 448, 512, 640, 768, 1024, 1280, 1536, 1792, 2048, 0,   0};
#define BLOB_USED_CLASSES 22
#define BLOB_PAGE 65536

/* The header of a block above BLOB_LARGE: the live ones are listed, so that
 * destroying the Blobs frees the blocks still in use (a map's record array
 * or index, a long list) as it frees the pages. 16 bytes: the block stays
 * 16-aligned. */
typedef struct BlobLarge {
    struct BlobLarge *prev, *next;
} BlobLarge;

void eddy__blobs_init(Blobs *b, MemAccount *acct, EdErr *err) {
    memset(b, 0, sizeof *b);
    b->acct = acct;
    b->err = err;
}

void eddy__blobs_destroy(Blobs *b) {
    for (uint32_t i = 0; i < b->npages; i++) eddy__free(b->pages[i]);
    for (BlobLarge *l = b->large, *next; l; l = next) {
        next = l->next;
        eddy__free(l);
    }
    eddy__free(b->pages);
    if (b->acct) eddy__mem_release(b->acct, b->charged);
    memset(b, 0, sizeof *b);
}

static int blob_class(uint32_t n) {
    int lo = 0, hi = BLOB_USED_CLASSES - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (blob_sizes[mid] >= n) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

void *eddy__blob_alloc(Blobs *b, uint32_t n, uint32_t *cap) {
    if (n > BLOB_LARGE) {
        if (eddy__mem_charge(b->acct, n, b->err)) return NULL;
        BlobLarge *l = (size_t)n + sizeof *l > UINT32_MAX ? NULL : eddy__malloc(sizeof *l + n);
        if (!l) {
            eddy__mem_release(b->acct, n);
            eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
            return NULL;
        }
        l->prev = NULL;
        l->next = b->large;
        if (b->large) b->large->prev = l;
        b->large = l;
        b->charged += n;
        *cap = n;
        return l + 1;
    }
    int c = blob_class(n);
    uint32_t size = blob_sizes[c];
    if (b->free_head[c]) {
        void *p = b->free_head[c];
        memcpy(&b->free_head[c], p, sizeof(void *));
        *cap = size;
        return p;
    }
    if ((size_t)(b->end - b->cur) < size) {
        if (b->npages == b->pages_cap) {
            uint32_t ncap = b->pages_cap ? b->pages_cap * 2 : 8;
            char **np = eddy__realloc(b->pages, sizeof(char *) * ncap);
            if (!np) {
                eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
                return NULL;
            }
            b->pages = np;
            b->pages_cap = ncap;
        }
        /* the first page is small, so that a small state stays small */
        uint32_t psize = b->npages == 0 ? 4096 : b->npages < 4 ? 16384 : BLOB_PAGE;
        if (eddy__mem_charge(b->acct, psize, b->err)) return NULL;
        char *pg = eddy__malloc(psize);
        if (!pg) {
            eddy__mem_release(b->acct, psize);
            eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
            return NULL;
        }
        /* what is left of the old page goes to the free lists */
        while (b->cur && (size_t)(b->end - b->cur) >= 8) {
            uint32_t left = (uint32_t)(b->end - b->cur);
            int k = blob_class(left);
            if (blob_sizes[k] > left) k--;
            memcpy(b->cur, &b->free_head[k], sizeof(void *));
            b->free_head[k] = b->cur;
            b->cur += blob_sizes[k];
        }
        b->pages[b->npages++] = pg;
        b->charged += psize;
        b->cur = pg;
        b->end = pg + psize;
    }
    void *p = b->cur;
    b->cur += size;
    *cap = size;
    return p;
}

void eddy__blob_free(Blobs *b, void *p, uint32_t cap) {
    if (!p) return;
    if (cap > BLOB_LARGE) {
        BlobLarge *l = (BlobLarge *)p - 1;
        if (l->prev) l->prev->next = l->next;
        else b->large = l->next;
        if (l->next) l->next->prev = l->prev;
        eddy__free(l);
        eddy__mem_release(b->acct, cap);
        b->charged -= cap;
        return;
    }
    int c = blob_class(cap);
    memcpy(p, &b->free_head[c], sizeof(void *));
    b->free_head[c] = p;
}

/* ---- HIndex ------------------------------------------------------------------- */

char eddy__hindex_tomb;

#define HINDEX_MIN_BITS 4
#define HINDEX_MOVE_PER_ADD 16

void eddy__hindex_init(HIndex *ix, MemAccount *acct, EdErr *err) {
    memset(ix, 0, sizeof *ix);
    ix->acct = acct;
    ix->err = err;
}

static uint64_t table_bytes(uint8_t bits) { return ((uint64_t)1 << bits) * sizeof(HSlot); }

static void free_table(HIndex *ix, HSlot *t, uint8_t bits) {
    if (!t) return;
    eddy__free(t);
    eddy__mem_release(ix->acct, (int64_t)table_bytes(bits));
}

void eddy__hindex_destroy(HIndex *ix) {
    free_table(ix, ix->cur, ix->cur_bits);
    free_table(ix, ix->old, ix->old_bits);
    ix->cur = ix->old = NULL;
    ix->cur_used = ix->old_used = 0;
}

void eddy__hindex_clear(HIndex *ix) {
    free_table(ix, ix->old, ix->old_bits);
    ix->old = NULL;
    ix->old_used = 0;
    if (ix->cur) memset(ix->cur, 0, table_bytes(ix->cur_bits));
    ix->cur_used = 0;
}

#define home eddy__hindex_home

/* Inserts into table t (known to have room and not to hold rec). */
static inline void table_put(HSlot *t, uint8_t bits, uint64_t hash, void *rec) {
    size_t mask = ((size_t)1 << bits) - 1, i = home(hash, bits);
    while (t[i].rec) i = (i + 1) & mask;
    t[i].hash = hash;
    t[i].rec = rec;
}

/* Moves up to k slots of the old table into the current one. */
static void move_some(HIndex *ix, int k) {
    size_t n = (size_t)1 << ix->old_bits;
    while (k-- > 0 && ix->old) {
        HSlot *s = &ix->old[ix->move_pos++];
        if (s->rec && s->rec != HINDEX_TOMB) {
            table_put(ix->cur, ix->cur_bits, s->hash, s->rec);
            ix->cur_used++;
            ix->old_used--;
            /* a tombstone, not an empty slot: later records of this probe
             * chain must stay findable in the old table */
            s->rec = HINDEX_TOMB;
        }
        if (ix->move_pos == n || ix->old_used == 0) {
            free_table(ix, ix->old, ix->old_bits);
            ix->old = NULL;
            ix->move_pos = 0;
        }
    }
}

void eddy__hindex_move1(HIndex *ix) { move_some(ix, 1); }

eddy_status eddy__hindex_reserve(HIndex *ix) {
    if (!ix->cur) {
        uint64_t bytes = table_bytes(HINDEX_MIN_BITS);
        eddy_status rc = eddy__mem_charge(ix->acct, (int64_t)bytes, ix->err);
        if (rc) return rc;
        ix->cur = eddy__calloc((size_t)1 << HINDEX_MIN_BITS, sizeof(HSlot));
        if (!ix->cur) {
            eddy__mem_release(ix->acct, (int64_t)bytes);
            return eddy__err(ix->err, EDDY_E_NOMEM, "out of memory");
        }
        ix->cur_bits = HINDEX_MIN_BITS;
        return EDDY_OK;
    }
    uint64_t cap = (uint64_t)1 << ix->cur_bits;
    /* the load counts the records still in the old table: they all end up
     * in the current one */
    if ((eddy__hindex_count(ix) + 1) * 4 > cap * 3) {
        if (ix->cur_bits >= 40) return eddy__err(ix->err, EDDY_E_RUNTIME, "state table too large");
        uint8_t nbits = (uint8_t)(ix->cur_bits + 1);
        uint64_t bytes = table_bytes(nbits);
        eddy_status rc = eddy__mem_charge(ix->acct, (int64_t)bytes, ix->err);
        if (rc) return rc;
        HSlot *nt = eddy__calloc((size_t)1 << nbits, sizeof(HSlot));
        if (!nt) {
            eddy__mem_release(ix->acct, (int64_t)bytes);
            return eddy__err(ix->err, EDDY_E_NOMEM, "out of memory");
        }
        /* a rehash still running (it cannot be, at the move rate below, but
         * a bound is a bound) is finished first */
        while (ix->old) move_some(ix, 1 << 20);
        ix->old = ix->cur;
        ix->old_bits = ix->cur_bits;
        ix->old_used = ix->cur_used;
        ix->move_pos = 0;
        ix->cur = nt;
        ix->cur_bits = nbits;
        ix->cur_used = 0;
        if (ix->old_used == 0) {
            free_table(ix, ix->old, ix->old_bits);
            ix->old = NULL;
        }
    }
    if (ix->old) move_some(ix, HINDEX_MOVE_PER_ADD);
    return EDDY_OK;
}

void eddy__hindex_add(HIndex *ix, uint64_t hash, void *rec) {
    table_put(ix->cur, ix->cur_bits, hash, rec);
    ix->cur_used++;
}

bool eddy__hindex_remove(HIndex *ix, uint64_t hash, const void *rec) {
    if (ix->cur) {
        size_t mask = ((size_t)1 << ix->cur_bits) - 1, i = home(hash, ix->cur_bits);
        for (;;) {
            HSlot *s = &ix->cur[i];
            if (!s->rec) break;
            if (s->rec == rec) {
                /* backward-shift deletion: the current table never holds
                 * tombstones */
                size_t j = i;
                for (;;) {
                    j = (j + 1) & mask;
                    HSlot *e = &ix->cur[j];
                    if (!e->rec) break;
                    size_t h = home(e->hash, ix->cur_bits);
                    bool between = i <= j ? (h > i && h <= j) : (h > i || h <= j);
                    if (between) continue;
                    ix->cur[i] = *e;
                    i = j;
                }
                ix->cur[i].rec = NULL;
                ix->cur_used--;
                return true;
            }
            i = (i + 1) & mask;
        }
    }
    if (ix->old) {
        size_t mask = ((size_t)1 << ix->old_bits) - 1, i = home(hash, ix->old_bits);
        for (;;) {
            HSlot *s = &ix->old[i];
            if (!s->rec) break;
            if (s->rec == rec) {
                s->rec = HINDEX_TOMB;
                ix->old_used--;
                if (ix->old_used == 0) {
                    free_table(ix, ix->old, ix->old_bits);
                    ix->old = NULL;
                    ix->move_pos = 0;
                }
                return true;
            }
            i = (i + 1) & mask;
        }
    }
    return false;
}

uint64_t eddy__hindex_bytes(const HIndex *ix) {
    uint64_t b = ix->cur ? table_bytes(ix->cur_bits) : 0;
    if (ix->old) b += table_bytes(ix->old_bits);
    return b;
}
