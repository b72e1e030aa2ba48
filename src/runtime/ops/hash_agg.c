/*
 * hash_agg.c -- BATCH aggregation: Flink's HashAggregate, LocalHashAggregate,
 * SortAggregate and LocalSortAggregate, one operator.
 *
 * Groups live in an open-addressing table over the keys' encoded bytes
 * (KeyBatch: hashed once per batch). A group is one record in an arena
 * (no malloc per row): header, the heads of its views, the key bytes, then
 * every aggregate's fixed accumulator part in place. A batch is taken in
 * three steps: encode the keys, find or insert the group of every row,
 * then one accumulate (or merge) call per aggregate for the whole batch.
 * Views (DISTINCT, LISTAGG, COLLECT, ...) are records in a second arena:
 * map entries found through a second table, lists chained per group.
 *
 * Phases. A local phase (LocalHashAggregate) emits, per group, the keys
 * and the whole accumulator area as bytes; the global phase (merge) folds
 * those bytes into its groups with the functions' merge. Output rows come
 * at the end of input, in the order the groups were first seen (for
 * SortAggregate, whose input is sorted by the keys: the key order). A
 * global aggregate without keys emits its one row even for an empty input.
 *
 * Spill. When the memory budget refuses a new group, the rows of groups
 * not in the table go to one of SPILL_FANOUT spill files by their hash
 * (rows of groups in the table keep aggregating in place). At the end the
 * table's groups are emitted, the table is emptied, and every spill file is
 * aggregated the same way, partitioned on the next hash bits when it does
 * not fit either. All rows of a group that is not in memory go to the same
 * file in input order, so order-sensitive functions see their rows in
 * order. At the deepest level the budget is ignored (a group's rows never
 * split further).
 */
#include "expr/agg.h"
#include "plan/phys.h"
#include "runtime/ops/batch_int.h"
#include "types/serde.h"

typedef struct BatchAggPlan {
    int ngroup;
    const int *group;           /* input columns of the keys */
    int naggs;
    const AggFn *const *fns;
    const int *nargs;
    const int *const *args;     /* input columns of each call's arguments */
    const int *filter;          /* input column of FILTER (WHERE ..), -1 */
    bool merge;                 /* input: keys, then the local phase's accumulator bytes */
    bool local;                 /* output: keys, then the accumulator bytes */
    bool slot_order;            /* HashAggregate: groups come out in table order (SortAggregate: in
                                 * the order first seen, its input's key order) */
    bool passthrough;           /* a local phase whose functions cannot merge bytes (views): it
                                 * forwards the keys, then its whole input rows */
    int in_ncols;
    const Type *const *in_types;
} BatchAggPlan;

/* ---- groups --------------------------------------------------------------------------------- */

typedef struct GroupHdr {
    uint64_t hash;
    uint32_t klen;
    uint32_t gid;
} GroupHdr;

typedef struct ViewHead {
    uint32_t first, last; /* record ids, 0: none */
} ViewHead;

/* A view record: a map entry (klen > 0 or a map view) or a list value. */
typedef struct VRec {
    uint32_t next;  /* next record of the group's view */
    uint32_t gid;
    uint32_t klen, vlen, vcap;
    uint16_t view;
    uint8_t dead;
    uint8_t pad;
    uint64_t hash;
    char data[];    /* key, then value (vcap bytes) */
} VRec;

/* A table slot: the group's key hash beside its record, so a probe reads a
 * record only when the hashes match. */
typedef struct HSlot {
    uint64_t hash;
    char *g;
} HSlot;

typedef struct AggState {
    const BatchAggPlan *p;
    Op *op;
    AggCtx cx;
    EdErr *err;
    int nviews;                 /* views of all functions */
    int *view_base;             /* per function */
    size_t *acc_off;            /* per function, in the accumulator area */
    size_t acc_size;            /* the area (multiple of 16) */
    size_t key_off_heads;       /* sizeof(GroupHdr) */
    /* the table */
    Arena groups;
    ED_VEC(char *) list;        /* group records by gid (insertion order) */
    HSlot *slots;               /* g NULL: empty */
    uint32_t cap;               /* power of two */
    int64_t charged;            /* bytes charged to op->mem */
    /* views */
    Arena vrecs;
    ED_VEC(VRec *) recs;        /* by id - 1 */
    uint32_t *vslots;           /* record id, 0 empty, UINT32_MAX deleted */
    uint32_t vcap, vused;
    /* a batch */
    KeyBatch kb;
    uint32_t *rows, *sub;
    void **accs, **subacc;
    char *scratch;              /* merge: aligned copies of the input accumulators */
    size_t batch_cap;
    /* spill */
    int level;
    bool spilling;              /* this round refused a group */
    SpillFile parts[SPILL_FANOUT];
    uint32_t *part_rows[SPILL_FANOUT];
    uint32_t part_n[SPILL_FANOUT];
    /* DISTINCT calls sharing one map per argument list */
    AggDistinctSet *sets;
    int nsets;
    bool *in_set;
    ED_VEC(SpillFile) pending;
    ED_VEC(int) pending_level;
    uint64_t spilled_rows;
    bool any_input;
} AggState;

static size_t align_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

static char *group_of(AggState *s, void *acc) {
    uint32_t gid = *(uint32_t *)((char *)acc - 16);
    return s->list.items[gid];
}
static ViewHead *heads(char *g) { return (ViewHead *)(g + sizeof(GroupHdr)); }
static char *group_key(AggState *s, char *g) { return g + sizeof(GroupHdr) + sizeof(ViewHead) * (size_t)s->nviews; }
static char *group_acc(AggState *s, char *g) {
    GroupHdr *h = (GroupHdr *)g;
    return g + align_up(sizeof(GroupHdr) + sizeof(ViewHead) * (size_t)s->nviews + h->klen, 16) + 16;
}

/* Charges n more bytes; false (nothing charged) when the budget says spill
 * and the operator may spill. */
static bool charge(Op *op, AggState *s, int64_t n, bool may_spill) {
    if (may_spill && s->level < SPILL_MAX_LEVEL && s->p->ngroup && s->charged > 0 &&
        eddy__mem_should_spill(&op->mem, n))
        return false;
    eddy__mem_charge(&op->mem, n, NULL);
    s->charged += n;
    return true;
}

/* ---- views (AggViewOps) ---------------------------------------------------------------------- */

static uint64_t vhash(uint32_t gid, int view, const void *key, size_t klen) {
    return eddy__hash_bytes(key, klen, ((uint64_t)gid << 16) | (uint64_t)view);
}

static eddy_status vgrow(AggState *s) {
    uint32_t ncap = s->vcap ? s->vcap * 2 : 1024;
    uint32_t *ns = eddy__calloc(ncap, sizeof(uint32_t));
    if (!ns) return eddy__err(s->err, EDDY_E_NOMEM, "out of memory");
    for (uint32_t i = 0; i < s->vcap; i++) {
        uint32_t id = s->vslots[i];
        if (!id || id == UINT32_MAX) continue;
        uint32_t j = (uint32_t)s->recs.items[id - 1]->hash & (ncap - 1);
        while (ns[j]) j = (j + 1) & (ncap - 1);
        ns[j] = id;
    }
    eddy__free(s->vslots);
    s->vslots = ns;
    s->vcap = ncap;
    return EDDY_OK;
}

/* The slot of a map entry, or of where it goes (*id 0). */
static uint32_t vfind(AggState *s, uint32_t gid, int view, const void *key, size_t klen, uint64_t h, uint32_t *id) {
    uint32_t mask = s->vcap - 1, j = (uint32_t)h & mask, tomb = UINT32_MAX;
    for (;;) {
        uint32_t x = s->vslots[j];
        if (!x) {
            *id = 0;
            return tomb != UINT32_MAX ? tomb : j;
        }
        if (x == UINT32_MAX) {
            if (tomb == UINT32_MAX) tomb = j;
        } else {
            VRec *r = s->recs.items[x - 1];
            if (r->hash == h && r->gid == gid && r->view == view && r->klen == klen && !memcmp(r->data, key, klen)) {
                *id = x;
                return j;
            }
        }
        j = (j + 1) & mask;
    }
}

static eddy_status vrec_new(AggState *s, void *acc, int view, const void *key, size_t klen, const void *val,
                            size_t vlen, uint64_t h, uint32_t *out) {
    size_t vcap = vlen < 8 ? 8 : vlen;
    size_t before = s->vrecs.total;
    VRec *r = eddy__arena_alloc(&s->vrecs, sizeof(VRec) + klen + vcap);
    if (!r || !ed_vec_push(&s->recs, r)) return eddy__err(s->err, EDDY_E_NOMEM, "out of memory");
    char *g = group_of(s, acc);
    uint32_t gid = ((GroupHdr *)g)->gid;
    *r = (VRec){.gid = gid, .klen = (uint32_t)klen, .vlen = (uint32_t)vlen, .vcap = (uint32_t)vcap,
                .view = (uint16_t)view, .hash = h};
    if (klen) memcpy(r->data, key, klen);
    if (vlen) {
        if (val) memcpy(r->data + klen, val, vlen);
        else memset(r->data + klen, 0, vlen);
    }
    uint32_t id = (uint32_t)s->recs.len;
    ViewHead *vh = &heads(g)[view];
    if (vh->last) s->recs.items[vh->last - 1]->next = id;
    else vh->first = id;
    vh->last = id;
    int64_t grown = (int64_t)(s->vrecs.total - before) + (int64_t)sizeof(VRec *);
    eddy__mem_charge(&s->op->mem, grown, NULL);
    s->charged += grown;
    *out = id;
    return EDDY_OK;
}

static eddy_status v_map_get(void *ctx, void *acc, int view, const void *key, size_t klen, const void **val,
                             size_t *vlen) {
    AggState *s = ctx;
    *val = NULL;
    *vlen = 0;
    if (!s->vcap) return EDDY_OK;
    uint32_t gid = ((GroupHdr *)group_of(s, acc))->gid, id;
    vfind(s, gid, view, key, klen, vhash(gid, view, key, klen), &id);
    if (id) {
        VRec *r = s->recs.items[id - 1];
        *val = r->data + r->klen;
        *vlen = r->vlen;
        if (!*val) *val = "";
    }
    return EDDY_OK;
}

/* The record of key with room for a vlen-byte value (its vlen set): the one
 * there, value unchanged (*had: it held vlen bytes), or a new one, zeroed. */
static eddy_status vslot(AggState *s, void *acc, int view, const void *key, size_t klen, size_t vlen, char **val,
                         bool *had) {
    *had = false;
    if ((s->vused + 1) * 4 >= s->vcap * 3) {
        eddy_status rc = vgrow(s);
        if (rc) return rc;
    }
    uint32_t gid = ((GroupHdr *)group_of(s, acc))->gid, id;
    uint64_t h = vhash(gid, view, key, klen);
    uint32_t j = vfind(s, gid, view, key, klen, h, &id);
    if (id) {
        VRec *r = s->recs.items[id - 1];
        if (vlen <= r->vcap) {
            *had = r->vlen == vlen;
            r->vlen = (uint32_t)vlen;
            *val = r->data + r->klen;
            return EDDY_OK;
        }
        r->dead = 1;
    }
    uint32_t nid;
    eddy_status rc = vrec_new(s, acc, view, key, klen, NULL, vlen, h, &nid);
    if (rc) return rc;
    if (!id && s->vslots[j] != UINT32_MAX) s->vused++;
    s->vslots[j] = nid;
    *val = s->recs.items[nid - 1]->data + klen;
    return EDDY_OK;
}

static eddy_status v_map_put(void *ctx, void *acc, int view, const void *key, size_t klen, const void *val,
                             size_t vlen) {
    char *p;
    bool had;
    eddy_status rc = vslot(ctx, acc, view, key, klen, vlen, &p, &had);
    if (!rc && vlen) memmove(p, val, vlen);
    return rc;
}

/* One lookup: the value rewritten in place (a new one starts zeroed). */
static eddy_status v_map_update(void *ctx, void *acc, int view, const void *key, size_t klen, size_t vlen,
                                AggMapUpdateFn fn, void *arg) {
    char *p;
    bool had;
    eddy_status rc = vslot(ctx, acc, view, key, klen, vlen, &p, &had);
    if (rc) return rc;
    if (!had) memset(p, 0, vlen);
    fn(arg, p, had);
    return EDDY_OK;
}

static eddy_status v_map_remove(void *ctx, void *acc, int view, const void *key, size_t klen) {
    AggState *s = ctx;
    if (!s->vcap) return EDDY_OK;
    uint32_t gid = ((GroupHdr *)group_of(s, acc))->gid, id;
    uint32_t j = vfind(s, gid, view, key, klen, vhash(gid, view, key, klen), &id);
    if (id) {
        s->recs.items[id - 1]->dead = 1;
        s->vslots[j] = UINT32_MAX;
    }
    return EDDY_OK;
}

static eddy_status v_iter(void *ctx, void *acc, int view, AggVisitFn visit, void *arg) {
    AggState *s = ctx;
    char *g = group_of(s, acc);
    for (uint32_t id = heads(g)[view].first; id;) {
        VRec *r = s->recs.items[id - 1];
        id = r->next;
        if (r->dead) continue;
        eddy_status rc = visit(arg, r->klen ? r->data : NULL, r->klen, r->data + r->klen, r->vlen);
        if (rc == AGG_STOP) return EDDY_OK;
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status v_list_add(void *ctx, void *acc, int view, const void *val, size_t vlen) {
    AggState *s = ctx;
    uint32_t id;
    return vrec_new(s, acc, view, NULL, 0, val, vlen, 0, &id);
}

static eddy_status v_list_remove(void *ctx, void *acc, int view, const void *val, size_t vlen, bool *removed) {
    AggState *s = ctx;
    *removed = false;
    char *g = group_of(s, acc);
    for (uint32_t id = heads(g)[view].first; id;) {
        VRec *r = s->recs.items[id - 1];
        id = r->next;
        if (!r->dead && r->vlen == vlen && !memcmp(r->data + r->klen, val, vlen)) {
            r->dead = 1;
            *removed = true;
            break;
        }
    }
    return EDDY_OK;
}

static eddy_status v_clear(void *ctx, void *acc, int view) {
    AggState *s = ctx;
    char *g = group_of(s, acc);
    for (uint32_t id = heads(g)[view].first; id;) {
        VRec *r = s->recs.items[id - 1];
        id = r->next;
        if (r->dead) continue;
        r->dead = 1;
        if (s->vcap) {
            uint32_t x;
            uint32_t j = vfind(s, r->gid, r->view, r->data, r->klen, r->hash, &x);
            if (x && s->recs.items[x - 1] == r) s->vslots[j] = UINT32_MAX;
        }
    }
    heads(g)[view] = (ViewHead){0, 0};
    return EDDY_OK;
}

static const AggViewOps view_ops = {v_map_get, v_map_put,     v_map_remove, v_iter,
                                    v_list_add, v_iter, v_list_remove, v_clear,  v_map_update};

/* ---- the table ------------------------------------------------------------------------------- */

static void table_reset(Op *op, AggState *s) {
    const BatchAggPlan *p = s->p;
    for (int f = 0; f < p->naggs; f++) {
        if (!p->fns[f]->destroy) continue;
        s->cx.acc_offset = s->acc_off[f];
        s->cx.view_base = s->view_base[f];
        for (size_t g = 0; g < s->list.len; g++) eddy__agg_destroy(p->fns[f], &s->cx, group_acc(s, s->list.items[g]));
    }
    eddy__arena_reset(&s->groups);
    eddy__arena_reset(&s->vrecs);
    s->list.len = 0;
    s->recs.len = 0;
    eddy__free(s->slots);
    eddy__free(s->vslots);
    s->slots = NULL;
    s->vslots = NULL;
    s->cap = s->vcap = s->vused = 0;
    eddy__mem_release(&op->mem, s->charged);
    s->charged = 0;
}

static bool table_grow(Op *op, AggState *s, bool may_spill) {
    uint32_t ncap = s->cap ? s->cap * 2 : 1024;
    if (!charge(op, s, (int64_t)ncap * (int64_t)sizeof(HSlot), may_spill && s->cap)) return false;
    HSlot *ns = eddy__calloc(ncap, sizeof(HSlot));
    if (!ns) return false;
    for (size_t g = 0; g < s->list.len; g++) {
        uint64_t h = ((GroupHdr *)s->list.items[g])->hash;
        uint32_t j = (uint32_t)eddy__hash_u64(h) & (ncap - 1);
        while (ns[j].g) j = (j + 1) & (ncap - 1);
        ns[j] = (HSlot){h, s->list.items[g]};
    }
    eddy__free(s->slots);
    eddy__mem_release(&op->mem, (int64_t)s->cap * (int64_t)sizeof(HSlot));
    s->charged -= (int64_t)s->cap * (int64_t)sizeof(HSlot);
    s->slots = ns;
    s->cap = ncap;
    return true;
}

/* A new group record (accumulators initialised); NULL with *refused when
 * the budget refuses it, NULL otherwise on error. */
static char *group_new(Op *op, AggState *s, uint64_t hash, const char *key, uint32_t klen, bool *refused) {
    const BatchAggPlan *p = s->p;
    size_t size = align_up(sizeof(GroupHdr) + sizeof(ViewHead) * (size_t)s->nviews + klen, 16) + 16 + s->acc_size;
    size_t room = (size_t)(s->groups.end - s->groups.cur);
    if (room < size + 16) {
        int64_t chunk = (int64_t)ED_MAX(size, s->groups.chunk_size);
        if (!charge(op, s, chunk, true)) {
            *refused = true;
            return NULL;
        }
    }
    char *g = eddy__arena_alloc(&s->groups, size);
    if (!g || !ed_vec_push(&s->list, g)) {
        eddy__err(s->err, EDDY_E_NOMEM, "out of memory");
        return NULL;
    }
    GroupHdr *h = (GroupHdr *)g;
    h->hash = hash;
    h->klen = klen;
    h->gid = (uint32_t)s->list.len - 1;
    if (klen) memcpy(group_key(s, g), key, klen);
    char *acc = group_acc(s, g);
    *(uint32_t *)(acc - 16) = h->gid;
    for (int f = 0; f < p->naggs; f++) {
        s->cx.acc_offset = s->acc_off[f];
        s->cx.view_base = s->view_base[f];
        if (eddy__agg_init(p->fns[f], &s->cx, acc)) return NULL;
    }
    return g;
}

/* ---- taking a batch ----------------------------------------------------------------------------- */

static eddy_status ensure_batch(Op *op, AggState *s, size_t n) {
    if (n <= s->batch_cap) return EDDY_OK;
    size_t c = ED_MAX(n, (size_t)op->batch_size);
    eddy__free(s->rows);
    eddy__free(s->sub);
    eddy__free(s->accs);
    eddy__free(s->subacc);
    eddy__free(s->scratch);
    s->rows = eddy__malloc(sizeof(uint32_t) * c);
    s->sub = eddy__malloc(sizeof(uint32_t) * c);
    s->accs = eddy__malloc(sizeof(void *) * c);
    s->subacc = eddy__malloc(sizeof(void *) * c);
    s->scratch = s->p->merge ? eddy__malloc(align_up(s->acc_size * c + 16, 16)) : NULL;
    for (int i = 0; i < SPILL_FANOUT; i++) {
        eddy__free(s->part_rows[i]);
        s->part_rows[i] = eddy__malloc(sizeof(uint32_t) * c);
        if (!s->part_rows[i]) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    if (!s->rows || !s->sub || !s->accs || !s->subacc || (s->p->merge && !s->scratch)) {
        s->batch_cap = 0;
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    s->batch_cap = c;
    return EDDY_OK;
}

static eddy_status spill_rows(Op *op, AggState *s, const Batch *b) {
    for (int q = 0; q < SPILL_FANOUT; q++) {
        if (!s->part_n[q]) continue;
        if (!s->parts[q].f) {
            eddy_status rc = eddy__spill_open(op, &s->parts[q]);
            if (rc) return rc;
        }
        eddy_status rc = eddy__spill_write(op, &s->parts[q], b, s->p->in_ncols, s->part_rows[q], s->part_n[q]);
        if (rc) return rc;
        s->spilled_rows += s->part_n[q];
        s->part_n[q] = 0;
    }
    return EDDY_OK;
}

static eddy_status consume(Op *op, AggState *s, Batch *b) {
    const BatchAggPlan *p = s->p;
    uint32_t n = b->count;
    if (!n) return EDDY_OK;
    s->any_input = true;
    eddy_status rc = ensure_batch(op, s, n);
    if (rc) return rc;
    for (uint32_t i = 0; i < n; i++) s->rows[i] = batch_row(b, i);
    if (!s->cap && !table_grow(op, s, false)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    /* 1: the group of every row */
    if (p->ngroup) {
        Vector *keys[64];
        Vector **kv = p->ngroup <= 64 ? keys : eddy__malloc(sizeof(Vector *) * (size_t)p->ngroup);
        if (!kv) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        for (int k = 0; k < p->ngroup; k++) kv[k] = b->cols[p->group[k]];
        rc = eddy__key_batch_encode(&s->kb, kv, p->ngroup, s->rows, n, op->max_parallelism, s->err);
        if (kv != keys) eddy__free(kv);
        if (rc) return rc;
        /* two-stage prefetch: the slot of row i + 16, the record of row i + 8 */
        enum { AHEAD = 8 };
        const uint64_t *kh = s->kb.hash;
        for (uint32_t i = 0; i < n; i++) {
            if (i + 2 * AHEAD < n)
                __builtin_prefetch(&s->slots[(uint32_t)eddy__hash_u64(kh[i + 2 * AHEAD]) & (s->cap - 1)]);
            if (i + AHEAD < n) {
                const HSlot *q = &s->slots[(uint32_t)eddy__hash_u64(kh[i + AHEAD]) & (s->cap - 1)];
                if (q->g) __builtin_prefetch(q->g);
            }
            StateKey k = eddy__key_batch_key(&s->kb, i);
            uint64_t m = eddy__hash_u64(k.hash);
            uint32_t mask = s->cap - 1, j = (uint32_t)m & mask;
            char *g = NULL;
            for (;;) {
                const HSlot *q = &s->slots[j];
                if (!q->g) break;
                GroupHdr *h = (GroupHdr *)q->g;
                if (q->hash == k.hash && h->klen == k.len && !memcmp(group_key(s, q->g), k.bytes, k.len)) {
                    g = q->g;
                    break;
                }
                j = (j + 1) & mask;
            }
            if (!g) {
                bool refused = false;
                if ((s->list.len + 1) * 4 > (size_t)s->cap * 3) {
                    if (!table_grow(op, s, true)) refused = true;
                    else {
                        mask = s->cap - 1;
                        j = (uint32_t)m & mask;
                        while (s->slots[j].g) j = (j + 1) & mask;
                    }
                }
                if (!refused) g = group_new(op, s, k.hash, k.bytes, k.len, &refused);
                if (refused) {
                    int q = eddy__spill_part(m, s->level);
                    s->part_rows[q][s->part_n[q]++] = s->rows[i];
                    s->spilling = true;
                    s->accs[i] = NULL;
                    continue;
                }
                if (!g) return eddy__err_is_set(s->err) ? EDDY_E_NOMEM : eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
                s->slots[j] = (HSlot){k.hash, g};
            }
            s->accs[i] = group_acc(s, g);
        }
    } else {
        if (!s->list.len) {
            bool refused = false;
            if (!group_new(op, s, 0, NULL, 0, &refused)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        void *acc = group_acc(s, s->list.items[0]);
        for (uint32_t i = 0; i < n; i++) s->accs[i] = acc;
    }
    /* 2: the rows of groups in memory; the others to their spill files */
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (s->accs[i]) {
            s->rows[m] = s->rows[i];
            s->accs[m++] = s->accs[i];
        }
    if (m < n && (rc = spill_rows(op, s, b))) return rc;
    /* 3: every aggregate over the whole batch */
    if (p->merge && p->naggs) {
        Vector *v = b->cols[p->ngroup];
        for (uint32_t i = 0; i < m; i++) {
            Str x = vec_str(v, s->rows[i]);
            char *dst = s->scratch + s->acc_size * i;
            if (x.n != s->acc_size) return eddy__op_fail(op, EDDY_E_INTERNAL, "bad accumulator bytes");
            memcpy(dst, x.p, x.n);
            s->subacc[i] = dst;
        }
        for (int f = 0; f < p->naggs; f++) {
            s->cx.acc_offset = s->acc_off[f];
            s->cx.view_base = s->view_base[f];
            if ((rc = eddy__agg_merge(p->fns[f], &s->cx, s->accs, s->subacc, m))) return rc;
        }
        return EDDY_OK;
    }
    for (int t = 0; t < s->nsets; t++) {
        if ((rc = eddy__agg_distinct_set_update(&s->cx, &s->sets[t], b->cols, s->rows, m, s->accs, false))) return rc;
        eddy__arena_reset(&s->cx.scratch);
    }
    for (int f = 0; f < p->naggs; f++) {
        const AggFn *fn = p->fns[f];
        if (s->in_set && s->in_set[f]) continue;
        Vector *args[16];
        int na = p->nargs[f];
        if (na > 16) return eddy__op_fail(op, EDDY_E_INTERNAL, "too many aggregate arguments");
        for (int a = 0; a < na; a++) args[a] = b->cols[p->args[f][a]];
        const uint32_t *rows = s->rows;
        void *const *accs = s->accs;
        uint32_t k = m;
        if (p->filter[f] >= 0) {
            const Vector *fv = b->cols[p->filter[f]];
            k = 0;
            for (uint32_t i = 0; i < m; i++) {
                uint32_t r = s->rows[i];
                if (!vec_is_null(fv, r) && VEC_DATA(fv, uint8_t)[vidx(fv, r)]) {
                    s->sub[k] = r;
                    s->subacc[k++] = s->accs[i];
                }
            }
            rows = s->sub;
            accs = s->subacc;
        }
        s->cx.acc_offset = s->acc_off[f];
        s->cx.view_base = s->view_base[f];
        if ((rc = eddy__agg_accumulate(fn, &s->cx, args, rows, k, accs))) return rc;
        eddy__arena_reset(&s->cx.scratch);
    }
    return EDDY_OK;
}

/* ---- output -------------------------------------------------------------------------------------- */

static eddy_status emit_groups(Op *op, AggState *s) {
    const BatchAggPlan *p = s->p;
    int ncols = op->node->ncols;
    size_t total = s->list.len;
    eddy_status rc = ensure_batch(op, s, op->batch_size);
    if (rc) return rc;
    char **order = s->list.items, **by_slot = NULL;
    if (p->slot_order && p->ngroup && total) {
        /* the table's order */
        if (!(by_slot = eddy__malloc(sizeof(char *) * total))) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        size_t k = 0;
        for (uint32_t j = 0; j < s->cap; j++)
            if (s->slots[j].g) by_slot[k++] = s->slots[j].g;
        order = by_slot;
    }
    for (size_t at = 0; at < total && !rc;) {
        uint32_t m = (uint32_t)ED_MIN((size_t)op->batch_size, total - at);
        Batch *out = eddy__batch_new_typed(ncols, op->node->col_types, m);
        if (!out) {
            eddy__free(by_slot);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        for (uint32_t i = 0; i < m; i++) {
            char *g = order[at + i];
            GroupHdr *h = (GroupHdr *)g;
            if (p->ngroup && eddy__serde_read(group_key(s, g), h->klen, out->cols, p->ngroup, i) != h->klen)
                rc = eddy__op_fail(op, EDDY_E_INTERNAL, "bad group key bytes");
            s->accs[i] = group_acc(s, g);
            if (p->local && p->naggs) eddy__vec_set_str(out->cols[p->ngroup], i, s->accs[i], s->acc_size);
        }
        if (!p->local)
            for (int f = 0; f < p->naggs && !rc; f++) {
                s->cx.acc_offset = s->acc_off[f];
                s->cx.view_base = s->view_base[f];
                rc = eddy__agg_get_value(p->fns[f], &s->cx, s->accs, m, out->cols[p->ngroup + f], 0);
                eddy__arena_reset(&s->cx.scratch);
            }
        for (int c = 0; c < ncols && !rc; c++)
            if (out->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        out->n = out->count = m;
        if (!rc) rc = eddy__op_emit(op, out);
        eddy__batch_release(out);
        at += m;
    }
    eddy__free(by_slot);
    return rc;
}

/* ---- the operator ---------------------------------------------------------------------------------- */

static eddy_status agg_open(Op *op) {
    const BatchAggPlan *p = op->plan;
    AggState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    s->p = p;
    s->op = op;
    s->err = eddy__op_err(op);
    s->view_base = eddy__arena_alloc(op->arena, sizeof(int) * (size_t)(p->naggs + 1));
    s->acc_off = eddy__arena_alloc(op->arena, sizeof(size_t) * (size_t)(p->naggs + 1));
    if (!s->view_base || !s->acc_off) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    size_t off = 0;
    for (int f = 0; f < p->naggs; f++) {
        const AggFn *fn = p->fns[f];
        off = align_up(off, 16); /* whatever acc_align says: the parts hold 16-byte unions */
        s->acc_off[f] = off;
        off += fn->acc_size;
        s->view_base[f] = s->nviews;
        s->nviews += fn->nviews;
    }
    s->acc_size = align_up(off ? off : 8, 16);
    eddy__agg_ctx_init(&s->cx, s->nviews ? &view_ops : NULL, s, s->err);
    if (s->nviews && !p->merge) {
        s->in_set = eddy__arena_alloc(op->arena, sizeof(bool) * (size_t)(p->naggs + 1));
        if (!s->in_set) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        eddy_status rc = eddy__agg_distinct_sets(op->arena, p->naggs, p->fns, p->args, p->filter,
                                                 s->acc_off, s->view_base, &s->sets, &s->nsets, s->in_set, s->err);
        if (rc) return rc;
    }
    eddy__arena_init(&s->groups, 64 * 1024);
    eddy__arena_init(&s->vrecs, 64 * 1024);
    eddy__key_batch_init(&s->kb);
    return EDDY_OK;
}

static void agg_close(Op *op) {
    AggState *s = op->state;
    if (!s) return;
    table_reset(op, s);
    eddy__arena_destroy(&s->groups);
    eddy__arena_destroy(&s->vrecs);
    ed_vec_free(&s->list);
    ed_vec_free(&s->recs);
    eddy__agg_ctx_free(&s->cx);
    eddy__key_batch_free(&s->kb);
    eddy__free(s->rows);
    eddy__free(s->sub);
    eddy__free(s->accs);
    eddy__free(s->subacc);
    eddy__free(s->scratch);
    for (int q = 0; q < SPILL_FANOUT; q++) {
        eddy__spill_close(&s->parts[q]);
        eddy__free(s->part_rows[q]);
    }
    for (size_t i = 0; i < s->pending.len; i++) eddy__spill_close(&s->pending.items[i]);
    ed_vec_free(&s->pending);
    ed_vec_free(&s->pending_level);
    op->state = NULL;
}

static eddy_status agg_push(Op *op, int input, Batch *b) {
    (void)input;
    AggState *s = op->state;
    if (s->p->passthrough) {
        const BatchAggPlan *p = s->p;
        Batch *x = eddy__batch_share(b);
        Vector **cols = x ? eddy__malloc(sizeof(Vector *) * (size_t)(p->ngroup + b->ncols + 1)) : NULL;
        if (!cols) {
            eddy__batch_release(x);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        for (int k = 0; k < p->ngroup; k++) cols[k] = eddy__vec_retain(b->cols[p->group[k]]);
        for (int c = 0; c < b->ncols; c++) cols[p->ngroup + c] = x->cols[c];
        eddy__free(x->cols);
        x->cols = cols;
        x->ncols = p->ngroup + b->ncols;
        eddy_status rc = eddy__op_emit(op, x);
        eddy__batch_release(x);
        return rc;
    }
    return consume(op, s, b);
}

/* Ends a round: emits the table's groups, empties it and queues this
 * round's spill files for the next level. */
static eddy_status end_round(Op *op, AggState *s) {
    eddy_status rc = emit_groups(op, s);
    table_reset(op, s);
    for (int q = SPILL_FANOUT - 1; q >= 0 && !rc; q--) {
        if (!s->parts[q].f) continue;
        if (!ed_vec_push(&s->pending, s->parts[q]) || !ed_vec_push(&s->pending_level, s->level + 1)) {
            eddy__spill_close(&s->parts[q]);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        memset(&s->parts[q], 0, sizeof s->parts[q]);
    }
    s->spilling = false;
    return rc;
}

static eddy_status agg_finish(Op *op) {
    AggState *s = op->state;
    const BatchAggPlan *p = s->p;
    eddy_status rc = EDDY_OK;
    if (p->passthrough) return EDDY_OK;
    /* a global aggregate without keys has its one row whatever the input */
    if (!p->ngroup && !p->local && !s->list.len) {
        bool refused = false;
        if (!group_new(op, s, 0, NULL, 0, &refused)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    if ((rc = end_round(op, s))) return rc;
    while (s->pending.len && !rc) {
        SpillFile f = s->pending.items[--s->pending.len];
        s->level = s->pending_level.items[--s->pending_level.len];
        rc = eddy__spill_rewind(op, &f);
        while (!rc) {
            if (eddy__op_cancelled(op)) break;
            Batch *b;
            if ((rc = eddy__spill_read(op, &f, p->in_ncols, p->in_types, op->batch_size, &b)) || !b) break;
            rc = consume(op, s, b);
            eddy__batch_release(b);
        }
        eddy__spill_close(&f);
        if (!rc) rc = end_round(op, s);
    }
    return rc;
}

const OpVtab eddy__op_batch_agg = {.name = "HashAggregate",
                                   .open = agg_open,
                                   .push_batch = agg_push,
                                   .finish = agg_finish,
                                   .close = agg_close};

/* ---- translation -------------------------------------------------------------------------------------- */

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* The constant a column of n carries (a literal of a Calc below exchanges
 * and sorts), or NULL. */
static const Value *column_const(const PhysNode *n, int col) {
    while (n->kind == PK_EXCHANGE || n->kind == PK_BATCH_SORT) n = n->in[0];
    if (n->kind == PK_CALC && n->exprs && col < n->ncols && n->exprs[col]->kind == EX_LITERAL)
        return &n->exprs[col]->value;
    return NULL;
}

static eddy_status resolve_fns(TranslateCtx *cx, const PhysNode *in, const PhysAgg *aggs, int na, const AggFn **fns,
                               EdErr *err) {
    for (int i = 0; i < na; i++) {
        const AggCall *c = &aggs[i].call;
        const Type **types = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(c->nargs + 1));
        const Value **consts = eddy__arena_alloc(cx->a, sizeof(Value *) * (size_t)(c->nargs + 1));
        if (!types || !consts) return NOMEM();
        for (int a = 0; a < c->nargs; a++) {
            types[a] = eddy__type_with_timeattr(cx->a, in->types[c->args[a]], TA_NONE);
            consts[a] = column_const(in, c->args[a]);
        }
        AggSpec spec = {.name = c->fn,
                        .nargs = c->nargs,
                        .args = types,
                        .consts = consts,
                        .star = c->star,
                        .distinct = c->distinct,
                        .nulls = c->nulls == 1 ? AGG_NULLS_RESPECT : c->nulls == 2 ? AGG_NULLS_IGNORE : AGG_NULLS_DEFAULT,
                        .user = c->user};
        eddy_status rc = eddy__agg_resolve(cx->a, &spec, &fns[i], err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

eddy_status eddy__translate_batch_agg(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                      EdErr *err) {
    Arena *a = cx->a;
    BatchAggPlan *bp = eddy__arena_alloc(a, sizeof *bp);
    if (!bp) return NOMEM();
    bool local = p->kind == PK_LOCAL_HASH_AGGREGATE || p->kind == PK_LOCAL_SORT_AGGREGATE;
    const PhysNode *src = p->in[0];
    /* the global phase of two: the functions are the local phase's */
    const PhysNode *fn_in = src;
    if (p->merge) {
        const PhysNode *l = src;
        while (l->nin && l->kind != PK_LOCAL_HASH_AGGREGATE && l->kind != PK_LOCAL_SORT_AGGREGATE) l = l->in[0];
        if (l->kind != PK_LOCAL_HASH_AGGREGATE && l->kind != PK_LOCAL_SORT_AGGREGATE)
            return eddy__err(err, EDDY_E_INTERNAL, "a merging aggregate without its local phase");
        fn_in = l->in[0];
    }
    int na = p->naggs;
    const AggFn **fns = eddy__arena_alloc(a, sizeof(AggFn *) * (size_t)(na + 1));
    int *nargs = eddy__arena_alloc(a, sizeof(int) * (size_t)(na + 1));
    const int **args = eddy__arena_alloc(a, sizeof(int *) * (size_t)(na + 1));
    int *filter = eddy__arena_alloc(a, sizeof(int) * (size_t)(na + 1));
    if (!fns || !nargs || !args || !filter) return NOMEM();
    eddy_status rc = resolve_fns(cx, fn_in, p->aggs, na, fns, err);
    if (rc) return rc;
    /* accumulators with views (or none to merge) do not travel as bytes:
     * the local phase forwards its rows and the global one aggregates them */
    bool raw = false;
    for (int i = 0; i < na; i++)
        raw = raw || fns[i]->nviews || !fns[i]->merge || (fns[i]->flags & AGG_HAS_DESTROY);
    bool merge = p->merge && !raw;
    int shift = p->merge && raw ? p->ngroup : 0;
    for (int i = 0; i < na; i++) {
        nargs[i] = p->aggs[i].call.nargs;
        int *ac = eddy__arena_alloc(a, sizeof(int) * (size_t)(nargs[i] + 1));
        if (!ac) return NOMEM();
        for (int k = 0; k < nargs[i]; k++) ac[k] = p->aggs[i].call.args[k] + shift;
        args[i] = ac;
        filter[i] = p->aggs[i].call.filter >= 0 ? p->aggs[i].call.filter + shift : -1;
        if (nargs[i] > 16) return eddy__err(err, EDDY_E_INTERNAL, "too many aggregate arguments");
    }
    /* the input as it arrives: a local phase's stream node has its own
     * layout (keys, then the accumulator bytes) */
    const StreamNode *from = in[0].node;
    *bp = (BatchAggPlan){.ngroup = p->ngroup, .group = p->group, .naggs = na, .fns = fns, .nargs = nargs,
                         .args = args, .filter = filter, .merge = merge, .local = local, .passthrough = local && raw,
                         .slot_order = p->kind == PK_HASH_AGGREGATE,
                         .in_ncols = from->ncols, .in_types = from->col_types};
    const char *name = eddy__phys_kinds[p->kind].name;
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, name, &eddy__op_batch_agg, bp, 1);
    if (!n) return NOMEM();
    if (local && raw) {
        /* the keys, then the input row */
        int nc = p->ngroup + from->ncols;
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nc + 1));
        const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nc + 1));
        if (!names || !types) return NOMEM();
        for (int k = 0; k < p->ngroup; k++) {
            names[k] = p->names[k];
            types[k] = from->col_types[p->group[k]];
        }
        for (int c = 0; c < from->ncols; c++) {
            names[p->ngroup + c] = eddy__arena_printf(a, "in$%d", c);
            types[p->ngroup + c] = from->col_types[c];
            if (!names[p->ngroup + c]) return NOMEM();
        }
        const Type *rt = eddy__type_row(a, nc, names, types, false);
        if (!rt) return NOMEM();
        eddy__node_set_type(a, n, rt);
    } else if (local) {
        int nc = p->ngroup + (na ? 1 : 0);
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nc + 1));
        const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nc + 1));
        if (!names || !types) return NOMEM();
        for (int k = 0; k < p->ngroup; k++) {
            names[k] = p->names[k];
            types[k] = eddy__type_with_timeattr(a, p->types[k], TA_NONE);
        }
        if (na) {
            names[p->ngroup] = "acc$";
            types[p->ngroup] = eddy__type_bytes(false);
        }
        const Type *rt = eddy__type_row(a, nc, names, types, false);
        if (!rt) return NOMEM();
        eddy__node_set_type(a, n, rt);
    }
    eddy__translate_connect(n, 0, &in[0]);
    if (!p->ngroup && !local) {
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}
