/*
 * lookup_join.c -- the lookup join (PK_LOOKUP_JOIN):
 * `l [LEFT] JOIN t FOR SYSTEM_TIME AS OF l.proctime ON l.k = t.k [AND ..]`
 * where t's connector looks rows up (connector.h LookupVt; Flink's
 * LookupTableSource): each left row is joined, as it arrives, with the rows
 * t holds for its key at that moment, as Flink's LookupJoinRunner does.
 *
 * The operator runs at its input's parallelism, each instance with its own
 * connection (LookupVt.open). Per left row: a NULL key matches nothing (SQL
 * `=`); else the rows come from the cache or from the connector, the
 * residual condition (the ON conjuncts that are not key equalities) picks
 * the pairs that join, and an inner join emits those pairs, a LEFT join the
 * pairs or the row padded with NULLs. Output rows keep the left row's kind.
 *
 * The cache (lookup.cache = 'PARTIAL', Flink's DefaultLookupCache): the
 * rows of a key, as serde bytes, in an open-addressing table keyed by the
 * key's serde bytes, with a recency list: lookup.partial-cache.max-rows
 * keys at most (the least recently used goes), expire-after-write and
 * expire-after-access drop an entry when read too late, and
 * cache-missing-key keeps keys without rows too. Entries are allocated
 * when a key is fetched (beside a round trip to the database), never on a
 * hit. The bytes are charged to the operator's memory account.
 */
#include <string.h>

#include "connectors/connector.h"
#include "runtime/ops/interval_join.h"
#include "runtime/ops/keyed_rows.h"
#include "types/serde.h"

#define OOM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

void eddy__lookup_put_row(Buf *rows, Vector *const *cols, int n, uint32_t r) {
    size_t at = rows->len;
    uint32_t len = 0;
    eddy__buf_put(rows, &len, sizeof len);
    eddy__serde_write(rows, cols, n, r);
    if (rows->failed) return;
    len = (uint32_t)(rows->len - at - sizeof len);
    memcpy(rows->data + at, &len, sizeof len);
}

typedef struct LookupJoinPlan {
    JoinType type;            /* inner or left */
    int nl, nr;               /* left columns; the table's physical columns */
    int nkeys;
    const int *lkeys;         /* the left key columns, in the lookup source's key order (-1: a constant) */
    const Value *consts;      /* per key, the constant of a -1 key */
    const Type *const *key_types; /* per key, the table column's type */
    const Expr *residual;     /* over left + table columns; NULL: none */
    const Type *const *pair_types;
    const LookupSpec *spec;
    const char *table;        /* for messages */
    const TimeZone *tz;
} LookupJoinPlan;

typedef struct CacheEntry {
    uint64_t hash;
    char *key;                /* key bytes, then the rows' bytes */
    uint32_t klen, rlen, nrows;
    int64_t written_ms, read_ms;
    int32_t prev, next;       /* the recency list (-1: none); most recent at the head */
    bool used;
} CacheEntry;

typedef struct LJRun {
    void *h;                  /* the connector's handle */
    PairEval pe;
    eddy_out out;
    Buf key, rows;            /* the current key's bytes; fetched rows */
    Vector *keys[16];         /* the current batch's key columns */
    Vector *consts[16];       /* constant vectors of the constant keys (NULL for the others) */
    /* the cache */
    CacheEntry *tab;
    uint32_t cap, count;      /* slots (a power of two), entries */
    int32_t head, tail;
    int64_t charged;
} LJRun;

/* ---- the cache --------------------------------------------------------------------------------- */

static void unlink_entry(LJRun *s, int32_t i) {
    CacheEntry *e = &s->tab[i];
    if (e->prev >= 0) s->tab[e->prev].next = e->next;
    else s->head = e->next;
    if (e->next >= 0) s->tab[e->next].prev = e->prev;
    else s->tail = e->prev;
    e->prev = e->next = -1;
}

static void push_front(LJRun *s, int32_t i) {
    CacheEntry *e = &s->tab[i];
    e->prev = -1;
    e->next = s->head;
    if (s->head >= 0) s->tab[s->head].prev = i;
    s->head = i;
    if (s->tail < 0) s->tail = i;
}

/* The slot of key bytes k (hash h): its entry, or the empty slot where it goes. */
static uint32_t find_slot(const LJRun *s, uint64_t h, const char *k, uint32_t klen) {
    uint32_t m = s->cap - 1, i = (uint32_t)h & m;
    while (s->tab[i].used && !(s->tab[i].hash == h && s->tab[i].klen == klen && !memcmp(s->tab[i].key, k, klen)))
        i = (i + 1) & m;
    return i;
}

/* Removes the entry in slot i, re-placing the run after it (linear probing). */
static void drop_slot(Op *op, LJRun *s, uint32_t i) {
    CacheEntry *e = &s->tab[i];
    unlink_entry(s, (int32_t)i);
    int64_t bytes = (int64_t)(e->klen + e->rlen);
    eddy__mem_release(&op->mem, bytes);
    s->charged -= bytes;
    eddy__free(e->key);
    memset(e, 0, sizeof *e);
    s->count--;
    uint32_t m = s->cap - 1;
    for (uint32_t j = (i + 1) & m; s->tab[j].used; j = (j + 1) & m) {
        CacheEntry moved = s->tab[j];
        int32_t jp = moved.prev, jn = moved.next;
        memset(&s->tab[j], 0, sizeof s->tab[j]);
        uint32_t to = find_slot(s, moved.hash, moved.key, moved.klen);
        s->tab[to] = moved;
        /* the recency list follows the entry to its new slot */
        if (jp >= 0) s->tab[jp].next = (int32_t)to;
        else s->head = (int32_t)to;
        if (jn >= 0) s->tab[jn].prev = (int32_t)to;
        else s->tail = (int32_t)to;
    }
}

static eddy_status cache_grow(Op *op, LJRun *s) {
    uint32_t nc = s->cap ? s->cap * 2 : 64;
    CacheEntry *old = s->tab;
    uint32_t ocap = s->cap;
    eddy_status rc = eddy__mem_charge(&op->mem, (int64_t)((nc - ocap) * sizeof(CacheEntry)), eddy__op_err(op));
    if (rc) return rc;
    s->tab = eddy__calloc(nc, sizeof(CacheEntry));
    if (!s->tab) {
        s->tab = old;
        eddy__mem_release(&op->mem, (int64_t)((nc - ocap) * sizeof(CacheEntry)));
        return OOM(op);
    }
    s->cap = nc;
    /* re-insert in recency order, oldest first, so the list is rebuilt as it was */
    int32_t at = s->tail;
    s->head = s->tail = -1;
    while (at >= 0) {
        CacheEntry e = old[at];
        int32_t prev = e.prev;
        uint32_t to = find_slot(s, e.hash, e.key, e.klen);
        s->tab[to] = e;
        push_front(s, (int32_t)to);
        at = prev;
    }
    eddy__free(old);
    return EDDY_OK;
}

/* The fresh cached rows of the current key (s->key, hash h), or NULL. */
static CacheEntry *cache_get(Op *op, LJRun *s, uint64_t h, int64_t now) {
    const LookupSpec *ls = ((const LookupJoinPlan *)op->plan)->spec;
    if (!s->count) return NULL;
    uint32_t i = find_slot(s, h, s->key.data, (uint32_t)s->key.len);
    CacheEntry *e = &s->tab[i];
    if (!e->used) return NULL;
    if ((ls->expire_write_ms > 0 && now - e->written_ms >= ls->expire_write_ms) ||
        (ls->expire_access_ms > 0 && now - e->read_ms >= ls->expire_access_ms)) {
        drop_slot(op, s, i);
        return NULL;
    }
    e->read_ms = now;
    unlink_entry(s, (int32_t)i);
    push_front(s, (int32_t)i);
    return e;
}

/* Caches the fetched rows (s->rows, n of them) of the current key. */
static eddy_status cache_put(Op *op, LJRun *s, uint64_t h, uint32_t n, int64_t now) {
    const LookupSpec *ls = ((const LookupJoinPlan *)op->plan)->spec;
    if (n == 0 && !ls->cache_missing) return EDDY_OK;
    if (ls->cache_max_rows > 0)
        while (s->count >= (uint64_t)ls->cache_max_rows && s->tail >= 0) drop_slot(op, s, (uint32_t)s->tail);
    if ((s->count + 1) * 4 > s->cap * 3) {
        eddy_status rc = cache_grow(op, s);
        if (rc) return rc;
    }
    uint32_t klen = (uint32_t)s->key.len, rlen = (uint32_t)s->rows.len;
    eddy_status rc = eddy__mem_charge(&op->mem, (int64_t)(klen + rlen), eddy__op_err(op));
    if (rc) return rc;
    char *mem = eddy__malloc((size_t)klen + rlen + 1);
    if (!mem) {
        eddy__mem_release(&op->mem, (int64_t)(klen + rlen));
        return OOM(op);
    }
    memcpy(mem, s->key.data, klen);
    if (rlen) memcpy(mem + klen, s->rows.data, rlen);
    s->charged += klen + rlen;
    uint32_t i = find_slot(s, h, mem, klen);
    s->tab[i] = (CacheEntry){.hash = h, .key = mem, .klen = klen, .rlen = rlen, .nrows = n, .written_ms = now,
                             .read_ms = now, .prev = -1, .next = -1, .used = true};
    push_front(s, (int32_t)i);
    s->count++;
    return EDDY_OK;
}

/* ---- the operator ------------------------------------------------------------------------------ */

static eddy_status lj_open(Op *op) {
    const LookupJoinPlan *p = op->plan;
    LJRun *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return OOM(op);
    memset(s, 0, sizeof *s);
    s->head = s->tail = -1;
    op->state = s;
    eddy__buf_init(&s->key);
    eddy__buf_init(&s->rows);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned,
                   op, eddy__op_err(op));
    for (int k = 0; k < p->nkeys; k++) {
        if (p->lkeys[k] >= 0) continue;
        if (!(s->consts[k] = eddy__vec_new_const(p->key_types[k]))) return OOM(op);
        Value v = p->consts[k];
        v.type = p->key_types[k];
        eddy__vec_set_value(s->consts[k], 0, &v);
    }
    eddy_status rc = pair_eval_open(op, &s->pe, p->residual, p->pair_types, p->nl + p->nr, 1, p->tz);
    if (rc) return rc;
    return p->spec->vt->open(op, p->spec->plan, &s->h);
}

static void lj_close(Op *op) {
    LJRun *s = op->state;
    if (!s) return;
    const LookupJoinPlan *p = op->plan;
    if (p->spec->vt->close) p->spec->vt->close(s->h);
    for (uint32_t i = 0; i < s->cap; i++) eddy__free(s->tab[i].key);
    eddy__free(s->tab);
    eddy__mem_release(&op->mem, s->charged + (int64_t)(s->cap * sizeof(CacheEntry)));
    pair_eval_close(&s->pe);
    for (int k = 0; k < p->nkeys; k++)
        if (s->consts[k]) eddy__vec_release(s->consts[k]);
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->rows);
    eddy__out_free(&s->out);
}

/* Whether the residual holds for left row r of b with the table row at t. */
static eddy_status pair_ok(Op *op, LJRun *s, const Batch *b, uint32_t r, const char *t, size_t len, bool *ok) {
    const LookupJoinPlan *p = op->plan;
    *ok = true;
    if (!s->pe.cond) return EDDY_OK;
    Vector **pc = s->pe.pair->cols;
    for (int c = 0; c < p->nl; c++) eddy__vec_copy_value(pc[c], 0, b->cols[c], r);
    if (!eddy__serde_read(t, len, pc + p->nl, p->nr, 0)) return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt lookup row");
    uint32_t keep[1], kept = 0;
    eddy_status rc = pair_eval_filter(&s->pe, 1, keep, &kept);
    *ok = kept == 1;
    return rc;
}

/* Emits left row r of b joined with the table row at t (NULL: NULLs). */
static eddy_status emit(Op *op, LJRun *s, const Batch *b, uint32_t r, const char *t, size_t len) {
    const LookupJoinPlan *p = op->plan;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    if ((rc = ops_out_mark(op, &s->out, batch_kind(b, r), TS_NONE))) return rc;
    Vector **oc = s->out.batch->cols;
    for (int c = 0; c < p->nl; c++) eddy__vec_copy_value(oc[c], s->out.row, b->cols[c], r);
    if (!t) {
        for (int c = 0; c < p->nr; c++) eddy__vec_set_null(oc[p->nl + c], s->out.row);
    } else if (!eddy__serde_read(t, len, oc + p->nl, p->nr, s->out.row)) {
        eddy__out_discard(&s->out);
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt lookup row");
    }
    return eddy__out_commit(&s->out);
}

/* Joins left row r of b with the n table rows at rows[0..len) (each its
 * length, then its bytes). */
static eddy_status join_rows(Op *op, LJRun *s, const Batch *b, uint32_t r, const char *rows, size_t len, uint32_t n) {
    const LookupJoinPlan *p = op->plan;
    bool matched = false;
    size_t at = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t rl;
        if (len - at < sizeof rl) return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt lookup row");
        memcpy(&rl, rows + at, sizeof rl);
        at += sizeof rl;
        if (len - at < rl) return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt lookup row");
        bool ok = true;
        eddy_status rc = pair_ok(op, s, b, r, rows + at, rl, &ok);
        if (!rc && ok) {
            matched = true;
            rc = emit(op, s, b, r, rows + at, rl);
        }
        if (rc) return rc;
        at += rl;
    }
    return !matched && p->type == JOIN_LEFT ? emit(op, s, b, r, NULL, 0) : EDDY_OK;
}

static eddy_status lj_push(Op *op, int input, Batch *b) {
    (void)input;
    const LookupJoinPlan *p = op->plan;
    LJRun *s = op->state;
    const LookupSpec *ls = p->spec;
    for (int k = 0; k < p->nkeys; k++) s->keys[k] = p->lkeys[k] >= 0 ? b->cols[p->lkeys[k]] : s->consts[k];
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        bool null_key = false;
        for (int k = 0; k < p->nkeys; k++) null_key |= vec_is_null(s->keys[k], r);
        if (null_key) {
            if (p->type == JOIN_LEFT) rc = emit(op, s, b, r, NULL, 0);
            continue;
        }
        int64_t now = ls->cache ? eddy__mono_ns() / 1000000 : 0;
        uint64_t h = 0;
        if (ls->cache) {
            s->key.len = 0;
            eddy__serde_write(&s->key, s->keys, p->nkeys, r);
            if (s->key.failed) return OOM(op);
            h = eddy__hash_bytes(s->key.data, s->key.len, 0x6c6f6f6b7570ULL);
            const CacheEntry *e = cache_get(op, s, h, now);
            if (e) {
                rc = join_rows(op, s, b, r, e->key + e->klen, e->rlen, e->nrows);
                continue;
            }
        }
        s->rows.len = 0;
        uint32_t n = 0;
        if ((rc = ls->vt->fetch(op, s->h, s->keys, r, &s->rows, &n))) break;
        if (s->rows.failed) return OOM(op);
        if (ls->cache && (rc = cache_put(op, s, h, n, now))) break;
        rc = join_rows(op, s, b, r, s->rows.data, s->rows.len, n);
    }
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static eddy_status lj_finish(Op *op) {
    LJRun *s = op->state;
    return eddy__out_flush(&s->out);
}

static const OpVtab lookup_join_vt = {
    .name = "LookupJoin", .open = lj_open, .push_batch = lj_push, .finish = lj_finish, .close = lj_close};

/* ---- translation ------------------------------------------------------------------------------- */

eddy_status eddy__translate_lookup_join(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    Arena *a = cx->a;
    const PhysNode *l = p->in[0];
    const TableEntry *t = p->table;
    if (p->join != JOIN_INNER && p->join != JOIN_LEFT)
        return eddy__err(err, EDDY_E_TABLE, "Lookup join only supports INNER JOIN and LEFT JOIN.");
    LookupJoinPlan *jp = eddy__arena_alloc(a, sizeof *jp);
    int n = l->ncols + t->nphys;
    const Type **pt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n + 1));
    if (!jp || !pt) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (p->njk > 16) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: lookup joins on more than 16 keys");
    memset(jp, 0, sizeof *jp);
    for (int i = 0; i < n; i++)
        if (!(pt[i] = eddy__type_with_timeattr(a, p->types[i], TA_NONE))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    jp->type = p->join;
    jp->nl = l->ncols;
    jp->nr = t->nphys;
    jp->nkeys = p->njk;
    jp->lkeys = p->lkeys;
    Value *cv = eddy__arena_alloc(a, sizeof(Value) * (size_t)(p->njk + 1));
    const Type **kt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(p->njk + 1));
    if (!cv || !kt) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int k = 0; k < p->njk; k++) {
        kt[k] = eddy__type_with_nullable(a, t->phys_types[p->rkeys[k]], true);
        if (!kt[k]) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        if (p->lkeys[k] < 0) cv[k] = p->exprs[k]->value;
    }
    jp->consts = cv;
    jp->key_types = kt;
    jp->pair_types = pt;
    jp->spec = p->lookup;
    jp->table = t->def.path;
    jp->tz = cx->pe->tz;
    jp->residual = p->cond;
    StreamNode *sn = eddy__translate_node(cx, p, NODE_OPERATOR, "LookupJoin", &lookup_join_vt, jp, 1);
    if (!sn) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy__translate_connect(sn, 0, &in[0]);
    out->node = sn;
    return EDDY_OK;
}
