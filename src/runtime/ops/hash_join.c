/*
 * hash_join.c -- BATCH joins: Flink's HashJoin, SortMergeJoin and
 * NestedLoopJoin, one operator: build a table of one input, probe it with
 * the other.
 *
 * The build side (the one the plan names; the right one for semi and anti
 * joins) is buffered as compacted batches with, per row, its key bytes,
 * hash and a chain link; rows of the probe side that come before the build
 * side ended wait in a queue. Probing a batch encodes its keys once, walks
 * each row's chain and collects candidate pairs (equal key bytes), copies
 * them into one batch of the output's columns and evaluates the whole join
 * condition on it (the equalities again, so NULL keys never match with =,
 * and the residual). A join without equi-keys (NestedLoopJoin) has one
 * chain: every build row is a candidate. Outer sides: unmatched probe rows
 * are padded with NULLs after each probe batch, unmatched build rows at the
 * end. Output order: the probe rows' order, each with its matches in build
 * order.
 *
 * Spill (Grace hash join): when the memory budget refuses more build rows,
 * both inputs are partitioned into SPILL_FANOUT file pairs by key hash; at
 * the end each pair is joined the same way, partitioned again on the next
 * hash bits when its build side does not fit either (a join without keys
 * does not spill: its rows cannot be partitioned).
 */
#include "plan/phys.h"
#include "runtime/ops/batch_int.h"

typedef struct JoinPlan {
    JoinType type;
    int build;                  /* input of the build side (0 left, 1 right) */
    int njk;
    const int *keys[2];         /* per input, its key columns */
    const Expr *cond;           /* over left + right columns; NULL: true */
    const TimeZone *tz;
    int ncols[2];
    const Type *const *types[2];
    const Type *const *pair_types; /* left + right */
} JoinPlan;

typedef struct SpillPair {
    SpillFile f[2]; /* by input */
    int level;
} SpillPair;

typedef struct JoinState {
    const JoinPlan *p;
    EdErr *err;
    ExprProg *cond;
    Arena progs, scratch;
    EvalCtx ecx;
    int probe;                  /* 1 - build */
    bool build_outer, probe_outer;
    /* the build side */
    ED_VEC(Batch *) bb;
    ED_VEC(uint64_t) ref;       /* batch << 32 | row */
    ED_VEC(uint64_t) hash;
    ED_VEC(uint32_t) koff;      /* [rows + 1] */
    Buf kbytes;
    uint32_t *next, *heads;     /* chains: row + 1 */
    uint32_t hcap;
    uint8_t *matched;
    bool built;
    /* probe rows before the build side ended */
    ED_VEC(Batch *) queue;
    SpillFile overflow;         /* the queue when memory ran out */
    bool build_ended;
    int64_t charged;
    /* a batch */
    KeyBatch kb;
    uint32_t *rows;
    size_t rows_cap;
    ED_VEC(uint32_t) pp;        /* pairs: probe row */
    ED_VEC(uint64_t) pb;        /* pairs: build ref */
    ED_VEC(uint32_t) pbi;       /* pairs: build row index */
    uint8_t *pmatched;
    /* spill */
    int level;
    bool grace;
    SpillFile parts[2][SPILL_FANOUT];
    uint32_t *part_rows[SPILL_FANOUT];
    uint32_t part_n[SPILL_FANOUT];
    ED_VEC(SpillPair) pending;
} JoinState;

static void charge(Op *op, JoinState *s, int64_t n) {
    eddy__mem_charge(&op->mem, n, NULL);
    s->charged += n;
}

static eddy_status nomem(Op *op) { return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory"); }

static eddy_status ensure_rows(Op *op, JoinState *s, size_t n) {
    if (n <= s->rows_cap) return EDDY_OK;
    size_t c = ED_MAX(n, (size_t)op->batch_size);
    eddy__free(s->rows);
    eddy__free(s->pmatched);
    s->rows = eddy__malloc(sizeof(uint32_t) * c);
    s->pmatched = eddy__malloc(c);
    for (int q = 0; q < SPILL_FANOUT; q++) {
        eddy__free(s->part_rows[q]);
        s->part_rows[q] = eddy__malloc(sizeof(uint32_t) * c);
        if (!s->part_rows[q]) return nomem(op);
    }
    if (!s->rows || !s->pmatched) return nomem(op);
    s->rows_cap = c;
    return EDDY_OK;
}

/* Encodes the keys of b's visible rows (into s->rows / s->kb). */
static eddy_status encode(Op *op, JoinState *s, const Batch *b, int side) {
    const JoinPlan *p = s->p;
    eddy_status rc = ensure_rows(op, s, b->count);
    if (rc) return rc;
    for (uint32_t i = 0; i < b->count; i++) s->rows[i] = batch_row(b, i);
    Vector *kv[64];
    if (p->njk > 64) return eddy__op_fail(op, EDDY_E_INTERNAL, "too many join keys");
    for (int k = 0; k < p->njk; k++) kv[k] = b->cols[p->keys[side][k]];
    return eddy__key_batch_encode(&s->kb, kv, p->njk, s->rows, b->count, op->max_parallelism, s->err);
}

/* Writes the visible rows of b (keys encoded) to this level's partitions. */
static eddy_status partition(Op *op, JoinState *s, const Batch *b, int side) {
    for (uint32_t i = 0; i < b->count; i++) {
        int q = eddy__spill_part(eddy__hash_u64(s->kb.hash[i]), s->level);
        s->part_rows[q][s->part_n[q]++] = s->rows[i];
    }
    for (int q = 0; q < SPILL_FANOUT; q++) {
        if (!s->part_n[q]) continue;
        SpillFile *f = &s->parts[side][q];
        eddy_status rc = f->f ? EDDY_OK : eddy__spill_open(op, f);
        if (!rc) rc = eddy__spill_write(op, f, b, s->p->ncols[side], s->part_rows[q], s->part_n[q]);
        s->part_n[q] = 0;
        if (rc) return rc;
    }
    return EDDY_OK;
}

static void build_reset(Op *op, JoinState *s) {
    for (size_t i = 0; i < s->bb.len; i++) eddy__batch_release(s->bb.items[i]);
    s->bb.len = s->ref.len = s->hash.len = s->koff.len = 0;
    s->kbytes.len = 0;
    eddy__free(s->next);
    eddy__free(s->heads);
    eddy__free(s->matched);
    s->next = s->heads = NULL;
    s->matched = NULL;
    s->hcap = 0;
    s->built = false;
    eddy__mem_release(&op->mem, s->charged);
    s->charged = 0;
}

/* Switches to partitioned mode: the buffered build rows go to the files. */
static eddy_status go_grace(Op *op, JoinState *s) {
    s->grace = true;
    int bside = s->p->build;
    for (size_t i = 0; i < s->bb.len; i++) {
        Batch *b = s->bb.items[i];
        eddy_status rc = encode(op, s, b, bside);
        if (!rc) rc = partition(op, s, b, bside);
        if (rc) return rc;
    }
    build_reset(op, s);
    for (size_t i = 0; i < s->queue.len; i++) {
        Batch *b = s->queue.items[i];
        eddy_status rc = encode(op, s, b, s->probe);
        if (!rc) rc = partition(op, s, b, s->probe);
        if (rc) return rc;
        eddy__batch_release(b);
        s->queue.items[i] = NULL;
    }
    s->queue.len = 0;
    return EDDY_OK;
}

static eddy_status push_build(Op *op, JoinState *s, Batch *b) {
    const JoinPlan *p = s->p;
    if (!b->count) return EDDY_OK;
    eddy_status rc = encode(op, s, b, p->build);
    if (rc) return rc;
    if (s->grace) return partition(op, s, b, p->build);
    Batch *c = eddy__batch_compact(b);
    if (!c) return nomem(op);
    int64_t bytes = eddy__batch_bytes(c) + (int64_t)b->count * 32 + (int64_t)s->kb.off[b->count];
    if (p->njk && s->level < SPILL_MAX_LEVEL && s->charged > 0 && eddy__mem_should_spill(&op->mem, bytes)) {
        eddy__batch_release(c);
        /* go_grace encodes the buffered batches: this one again after */
        if (!(rc = go_grace(op, s))) rc = encode(op, s, b, p->build);
        return rc ? rc : partition(op, s, b, p->build);
    }
    if (!ed_vec_push(&s->bb, c)) {
        eddy__batch_release(c);
        return nomem(op);
    }
    charge(op, s, bytes);
    uint64_t bi = s->bb.len - 1;
    if (!s->koff.len && !ed_vec_push(&s->koff, 0)) return nomem(op);
    for (uint32_t i = 0; i < b->count; i++) {
        StateKey k = eddy__key_batch_key(&s->kb, i);
        eddy__buf_put(&s->kbytes, k.bytes, k.len);
        if (!ed_vec_push(&s->ref, bi << 32 | i) || !ed_vec_push(&s->hash, k.hash) ||
            !ed_vec_push(&s->koff, (uint32_t)s->kbytes.len) || s->kbytes.failed)
            return nomem(op);
    }
    return EDDY_OK;
}

static eddy_status build_table(Op *op, JoinState *s) {
    size_t n = s->ref.len;
    uint32_t cap = 16;
    while (cap < n * 2 && cap < (1u << 31)) cap *= 2;
    if (!s->p->njk) cap = 1;
    s->heads = eddy__calloc(cap, sizeof(uint32_t));
    s->next = eddy__malloc(sizeof(uint32_t) * (n + 1));
    s->matched = eddy__calloc(n + 1, 1);
    if (!s->heads || !s->next || !s->matched) return nomem(op);
    charge(op, s, (int64_t)cap * 4 + (int64_t)n * 5);
    s->hcap = cap;
    /* backwards, so each chain lists its rows in build order */
    for (size_t i = n; i-- > 0;) {
        uint32_t h = (uint32_t)eddy__hash_u64(s->hash.items[i]) & (cap - 1);
        s->next[i] = s->heads[h];
        s->heads[h] = (uint32_t)i + 1;
    }
    s->built = true;
    return EDDY_OK;
}

/* The output of `m` pairs (probe rows / build refs): a batch of the left +
 * right columns. */
static Batch *pair_batch(Op *op, JoinState *s, const Batch *pb, uint32_t m) {
    const JoinPlan *p = s->p;
    int nl = p->ncols[0], nr = p->ncols[1];
    Batch *out = eddy__batch_new_typed(nl + nr, p->pair_types, m ? m : 1);
    if (!out) return NULL;
    int poff = s->probe == 0 ? 0 : nl, boff = s->probe == 0 ? nl : 0;
    int pn = p->ncols[s->probe], bn = p->ncols[p->build];
    for (uint32_t i = 0; i < m; i++) {
        uint64_t ref = s->pb.items[i];
        const Batch *bb = s->bb.items[ref >> 32];
        for (int c = 0; c < pn; c++) eddy__vec_copy_value(out->cols[poff + c], i, pb->cols[c], s->pp.items[i]);
        for (int c = 0; c < bn; c++) eddy__vec_copy_value(out->cols[boff + c], i, bb->cols[c], (uint32_t)ref);
    }
    for (int c = 0; c < nl + nr; c++)
        if (out->cols[c]->failed) {
            eddy__batch_release(out);
            return NULL;
        }
    out->n = out->count = m;
    (void)op;
    return out;
}

/* Rows of one side padded with NULLs for the other: side's rows rows[0..m)
 * of src. */
static eddy_status emit_padded(Op *op, JoinState *s, const Batch *src, int side, const uint32_t *rows, uint32_t m,
                               const uint64_t *refs) {
    const JoinPlan *p = s->p;
    int nl = p->ncols[0], nr = p->ncols[1];
    Batch *out = eddy__batch_new_typed(nl + nr, p->pair_types, m ? m : 1);
    if (!out) return nomem(op);
    int off = side == 0 ? 0 : nl, other = side == 0 ? nl : 0, on = side == 0 ? nr : nl;
    for (uint32_t i = 0; i < m; i++) {
        const Batch *b = refs ? s->bb.items[refs[i] >> 32] : src;
        uint32_t r = refs ? (uint32_t)refs[i] : rows[i];
        for (int c = 0; c < p->ncols[side]; c++) eddy__vec_copy_value(out->cols[off + c], i, b->cols[c], r);
        for (int c = 0; c < on; c++) eddy__vec_set_null(out->cols[other + c], i);
    }
    eddy_status rc = EDDY_OK;
    for (int c = 0; c < nl + nr; c++)
        if (out->cols[c]->failed) rc = nomem(op);
    out->n = out->count = m;
    if (!rc) rc = eddy__op_emit(op, out);
    eddy__batch_release(out);
    return rc;
}

/* Joins the pairs collected so far; marks the matched probe and build rows. */
static eddy_status flush_pairs(Op *op, JoinState *s, const Batch *pb) {
    const JoinPlan *p = s->p;
    uint32_t m = (uint32_t)s->pp.len;
    if (!m) return EDDY_OK;
    Batch *out = pair_batch(op, s, pb, m);
    if (!out) return nomem(op);
    eddy_status rc = EDDY_OK;
    uint32_t *keep = eddy__malloc(sizeof(uint32_t) * m);
    uint32_t nkeep = m;
    if (!keep) rc = nomem(op);
    else if (s->cond) {
        rc = eddy__expr_filter(s->cond, &s->ecx, out, NULL, m, keep, &nkeep);
        eddy__arena_reset(&s->scratch);
    } else {
        for (uint32_t i = 0; i < m; i++) keep[i] = i;
    }
    if (!rc) {
        for (uint32_t i = 0; i < nkeep; i++) {
            s->pmatched[s->pp.items[keep[i]]] = 1;
            s->matched[s->pbi.items[keep[i]]] = 1;
        }
        bool semi = p->type == JOIN_SEMI || p->type == JOIN_ANTI;
        if (!semi && nkeep) {
            eddy__batch_set_sel(out, keep, nkeep);
            keep = NULL;
            rc = eddy__op_emit(op, out);
        }
    }
    eddy__free(keep);
    eddy__batch_release(out);
    s->pp.len = s->pb.len = s->pbi.len = 0;
    return rc;
}

static eddy_status probe_batch(Op *op, JoinState *s, Batch *b) {
    const JoinPlan *p = s->p;
    if (!b->count) return EDDY_OK;
    eddy_status rc = encode(op, s, b, s->probe);
    if (rc) return rc;
    if (s->grace) return partition(op, s, b, s->probe);
    /* physical row -> matched, over the batch's physical rows */
    uint8_t *pm = eddy__calloc(b->n + 1, 1);
    if (!pm) return nomem(op);
    uint8_t *saved = s->pmatched;
    s->pmatched = pm;
    uint32_t n = b->count;
    uint32_t *prow = eddy__malloc(sizeof(uint32_t) * (n + 1));
    if (!prow) rc = nomem(op);
    if (!rc) memcpy(prow, s->rows, sizeof(uint32_t) * n);
    uint64_t *phash = !rc ? eddy__malloc(sizeof(uint64_t) * (n + 1)) : NULL;
    if (!rc && !phash) rc = nomem(op);
    if (!rc) memcpy(phash, s->kb.hash, sizeof(uint64_t) * n);
    for (uint32_t i = 0; i < n && !rc && s->hcap; i++) {
        StateKey k = eddy__key_batch_key(&s->kb, i);
        uint32_t h = (uint32_t)eddy__hash_u64(k.hash) & (s->hcap - 1);
        for (uint32_t e = s->heads[h]; e && !rc; e = s->next[e - 1]) {
            uint32_t bi = e - 1;
            if (p->njk) {
                uint32_t lo = s->koff.items[bi], len = s->koff.items[bi + 1] - lo;
                if (s->hash.items[bi] != k.hash || len != k.len || memcmp(s->kbytes.data + lo, k.bytes, len)) continue;
            }
            if (!ed_vec_push(&s->pp, prow[i]) || !ed_vec_push(&s->pb, s->ref.items[bi]) || !ed_vec_push(&s->pbi, bi)) {
                rc = nomem(op);
                break;
            }
            if (s->pp.len >= op->batch_size) rc = flush_pairs(op, s, b);
        }
    }
    if (!rc) rc = flush_pairs(op, s, b);
    /* the probe side's own rows: semi / anti, or padded */
    if (!rc && (p->type == JOIN_SEMI || p->type == JOIN_ANTI || s->probe_outer)) {
        uint32_t m = 0;
        bool want = p->type == JOIN_SEMI;
        for (uint32_t i = 0; i < n; i++)
            if ((pm[prow[i]] != 0) == want) prow[m++] = prow[i];
        if (p->type == JOIN_SEMI || p->type == JOIN_ANTI) {
            if (m) {
                Batch *x = eddy__batch_share(b);
                uint32_t *sel = eddy__malloc(sizeof(uint32_t) * m);
                if (!x || !sel) {
                    eddy__batch_release(x);
                    eddy__free(sel);
                    rc = nomem(op);
                } else {
                    memcpy(sel, prow, sizeof(uint32_t) * m);
                    eddy__batch_set_sel(x, sel, m);
                    rc = eddy__op_emit(op, x);
                    eddy__batch_release(x);
                }
            }
        } else {
            for (uint32_t at = 0; at < m && !rc; at += op->batch_size)
                rc = emit_padded(op, s, b, s->probe, prow + at, ED_MIN(op->batch_size, m - at), NULL);
        }
    }
    eddy__free(prow);
    eddy__free(phash);
    eddy__free(pm);
    s->pmatched = saved;
    return rc;
}

/* The end of a round's probe side: unmatched build rows of an outer build
 * side, then the table goes. */
static eddy_status end_round(Op *op, JoinState *s) {
    eddy_status rc = EDDY_OK;
    if (s->built && s->build_outer) {
        ED_VEC(uint64_t) refs = {0};
        for (size_t i = 0; i < s->ref.len && !rc; i++) {
            if (s->matched[i]) continue;
            if (!ed_vec_push(&refs, s->ref.items[i])) rc = nomem(op);
            if (!rc && refs.len >= op->batch_size) {
                rc = emit_padded(op, s, NULL, s->p->build, NULL, (uint32_t)refs.len, refs.items);
                refs.len = 0;
            }
        }
        if (!rc && refs.len) rc = emit_padded(op, s, NULL, s->p->build, NULL, (uint32_t)refs.len, refs.items);
        ed_vec_free(&refs);
    }
    build_reset(op, s);
    if (s->grace) {
        for (int q = SPILL_FANOUT - 1; q >= 0 && !rc; q--) {
            SpillPair sp = {{s->parts[0][q], s->parts[1][q]}, s->level + 1};
            memset(&s->parts[0][q], 0, sizeof(SpillFile));
            memset(&s->parts[1][q], 0, sizeof(SpillFile));
            if (!sp.f[0].f && !sp.f[1].f) continue;
            if (!ed_vec_push(&s->pending, sp)) {
                eddy__spill_close(&sp.f[0]);
                eddy__spill_close(&sp.f[1]);
                rc = nomem(op);
            }
        }
        s->grace = false;
    }
    return rc;
}

static eddy_status read_all(Op *op, JoinState *s, SpillFile *f, int side) {
    if (!f->f) return EDDY_OK;
    eddy_status rc = eddy__spill_rewind(op, f);
    while (!rc && !eddy__op_cancelled(op)) {
        Batch *b;
        if ((rc = eddy__spill_read(op, f, s->p->ncols[side], s->p->types[side], op->batch_size, &b)) || !b) break;
        rc = side == s->p->build ? push_build(op, s, b) : probe_batch(op, s, b);
        eddy__batch_release(b);
    }
    eddy__spill_close(f);
    return rc;
}

static eddy_status join_end_build(Op *op, JoinState *s) {
    s->build_ended = true;
    eddy_status rc = EDDY_OK;
    if (!s->grace) rc = build_table(op, s);
    for (size_t i = 0; i < s->queue.len && !rc; i++) {
        rc = probe_batch(op, s, s->queue.items[i]);
        eddy__batch_release(s->queue.items[i]);
        s->queue.items[i] = NULL;
    }
    for (size_t i = 0; i < s->queue.len; i++) eddy__batch_release(s->queue.items[i]);
    s->queue.len = 0;
    if (!rc && s->overflow.f) rc = read_all(op, s, &s->overflow, s->probe);
    return rc;
}

static eddy_status join_push(Op *op, int input, Batch *b) {
    JoinState *s = op->state;
    if (input == s->p->build) return push_build(op, s, b);
    if (s->build_ended || s->grace) return probe_batch(op, s, b);
    if (!b->count) return EDDY_OK;
    /* before the build side ended: queue, or to the overflow file */
    Batch *c = eddy__batch_compact(b);
    if (!c) return nomem(op);
    int64_t bytes = eddy__batch_bytes(c);
    if (s->charged > 0 && eddy__mem_should_spill(&op->mem, bytes)) {
        eddy__batch_release(c);
        eddy_status rc = s->overflow.f ? EDDY_OK : eddy__spill_open(op, &s->overflow);
        return rc ? rc : eddy__spill_write(op, &s->overflow, b, s->p->ncols[s->probe], NULL, 0);
    }
    if (!ed_vec_push(&s->queue, c)) {
        eddy__batch_release(c);
        return nomem(op);
    }
    charge(op, s, bytes);
    return EDDY_OK;
}

static eddy_status join_end_input(Op *op, int input) {
    JoinState *s = op->state;
    return input == s->p->build ? join_end_build(op, s) : EDDY_OK;
}

static eddy_status join_finish(Op *op) {
    JoinState *s = op->state;
    eddy_status rc = s->build_ended ? EDDY_OK : join_end_build(op, s);
    if (!rc) rc = end_round(op, s);
    while (!rc && s->pending.len) {
        SpillPair sp = s->pending.items[--s->pending.len];
        s->level = sp.level;
        int b = s->p->build;
        rc = read_all(op, s, &sp.f[b], b);
        if (!rc && !s->grace) rc = build_table(op, s);
        if (!rc) rc = read_all(op, s, &sp.f[1 - b], 1 - b);
        eddy__spill_close(&sp.f[0]);
        eddy__spill_close(&sp.f[1]);
        if (!rc) rc = end_round(op, s);
    }
    return rc;
}

static eddy_status join_open(Op *op) {
    const JoinPlan *p = op->plan;
    JoinState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return nomem(op);
    op->state = s;
    s->p = p;
    s->err = eddy__op_err(op);
    s->probe = 1 - p->build;
    bool outer_left = p->type == JOIN_LEFT || p->type == JOIN_FULL;
    bool outer_right = p->type == JOIN_RIGHT || p->type == JOIN_FULL;
    s->build_outer = p->build == 0 ? outer_left : outer_right;
    s->probe_outer = p->build == 0 ? outer_right : outer_left;
    eddy__arena_init(&s->progs, 4096);
    eddy__arena_init(&s->scratch, 16384);
    eddy__buf_init(&s->kbytes);
    eddy__key_batch_init(&s->kb);
    s->ecx = (EvalCtx){.scratch = &s->scratch, .err = s->err, .tz = p->tz, .now_ms = eddy__wall_ms()};
    s->ecx.proc_ms = s->ecx.now_ms;
    if (p->cond) return eddy__expr_compile(&s->progs, p->cond, &s->ecx, &s->cond);
    return EDDY_OK;
}

static void join_close(Op *op) {
    JoinState *s = op->state;
    if (!s) return;
    build_reset(op, s);
    ed_vec_free(&s->bb);
    ed_vec_free(&s->ref);
    ed_vec_free(&s->hash);
    ed_vec_free(&s->koff);
    eddy__buf_free(&s->kbytes);
    for (size_t i = 0; i < s->queue.len; i++) eddy__batch_release(s->queue.items[i]);
    ed_vec_free(&s->queue);
    eddy__spill_close(&s->overflow);
    for (int q = 0; q < SPILL_FANOUT; q++) {
        eddy__spill_close(&s->parts[0][q]);
        eddy__spill_close(&s->parts[1][q]);
        eddy__free(s->part_rows[q]);
    }
    for (size_t i = 0; i < s->pending.len; i++) {
        eddy__spill_close(&s->pending.items[i].f[0]);
        eddy__spill_close(&s->pending.items[i].f[1]);
    }
    ed_vec_free(&s->pending);
    ed_vec_free(&s->pp);
    ed_vec_free(&s->pb);
    ed_vec_free(&s->pbi);
    eddy__free(s->rows);
    eddy__free(s->pmatched);
    eddy__key_batch_free(&s->kb);
    eddy__arena_destroy(&s->progs);
    eddy__arena_destroy(&s->scratch);
    op->state = NULL;
}

const OpVtab eddy__op_batch_join = {.name = "HashJoin",
                                    .open = join_open,
                                    .push_batch = join_push,
                                    .end_input = join_end_input,
                                    .finish = join_finish,
                                    .close = join_close};

/* ---- translation ------------------------------------------------------------------------------------ */

eddy_status eddy__translate_batch_join(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                       EdErr *err) {
    Arena *a = cx->a;
    JoinPlan *jp = eddy__arena_alloc(a, sizeof *jp);
    if (!jp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool semi = p->join == JOIN_SEMI || p->join == JOIN_ANTI;
    int njk = p->njk;
    /* keys of different types do not encode alike: the condition decides */
    for (int k = 0; k < njk; k++)
        if (!eddy__type_equals(in[0].node->col_types[p->lkeys[k]], in[1].node->col_types[p->rkeys[k]], true, true))
            njk = 0;
    int nl = in[0].node->ncols, nr = in[1].node->ncols;
    const Type **pt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nl + nr + 1));
    if (!pt) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < nl; c++) pt[c] = in[0].node->col_types[c];
    for (int c = 0; c < nr; c++) pt[nl + c] = in[1].node->col_types[c];
    *jp = (JoinPlan){.type = p->join,
                     .build = semi ? 1 : p->build_left ? 0 : 1,
                     .njk = njk,
                     .keys = {p->lkeys, p->rkeys},
                     .cond = p->join_cond,
                     .tz = cx->pe->tz,
                     .ncols = {nl, nr},
                     .types = {in[0].node->col_types, in[1].node->col_types},
                     .pair_types = pt};
    /* outer joins pad with NULLs: the padded side's columns are nullable */
    if (!semi) {
        for (int c = 0; c < nl + nr; c++) pt[c] = p->types[c] ? eddy__type_with_timeattr(a, p->types[c], TA_NONE) : pt[c];
    }
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, eddy__phys_kinds[p->kind].name, &eddy__op_batch_join,
                                         jp, 2);
    if (!n) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy__translate_connect(n, 0, &in[0]);
    eddy__translate_connect(n, 1, &in[1]);
    out->node = n;
    return EDDY_OK;
}
