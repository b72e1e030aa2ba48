/*
 * sort.c -- ORDER BY with OFFSET / FETCH, and LIMIT / OFFSET alone (Flink's
 * Sort, SortLimit and Limit), run as one global subtask.
 *
 * Without sort keys the operator is a counter: it drops the first `offset`
 * rows, forwards the next `fetch` and drops the rest, so it works on
 * unbounded inputs too. With keys it buffers every input row (copied
 * batches), sorts them at the end of input with a stable merge sort (ties
 * keep their arrival order) and emits rows offset .. offset + fetch; that
 * needs a bounded input, which the planner only allows in batch mode.
 */
#include <stdlib.h>

#include "runtime/ops/batch_int.h"
#include "types/compare.h"

/* A buffered row: batch index in the high half, row in the low half. */
typedef uint64_t RowRef;
#define NO_REF UINT64_MAX

/* Top-N pruning: a partition and its count of kept rows. */
typedef struct TopGroup {
    uint64_t hash;
    uint32_t koff, klen; /* the key bytes, in gkeys */
    uint32_t n;
} TopGroup;

typedef struct SortState {
    ED_VEC(Batch *) batches; /* compacted copies of the input */
    int64_t seen;            /* rows counted so far (no keys) */
    int64_t charged;         /* the batches' bytes, charged to op->mem */
    ED_VEC(SpillFile) runs;  /* sorted runs spilled when the budget said so */
    /* Top-N pruning (group_limit > 0): batches holds the kept rows, the last
     * one being filled */
    bool topn;
    KeyBatch kb;
    ED_VEC(uint32_t) rows;   /* a batch's visible rows */
    Buf gkeys;
    ED_VEC(TopGroup) groups;
    ED_VEC(RowRef) slots;    /* group g's rows: slots[g * group_limit ..], best first */
    uint32_t *index, icap;   /* open addressing: group + 1 */
    uint32_t fill;           /* rows of the last batch */
    size_t live, dead;       /* rows of the buffer kept / pushed out */
} SortState;

static eddy_status sort_open(Op *op) {
    SortState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    const SortPlan *p = op->plan;
    s->topn = p->group_limit > 0 && p->nkeys > 0;
    eddy__key_batch_init(&s->kb);
    eddy__buf_init(&s->gkeys);
    return EDDY_OK;
}

static void topn_free(SortState *s) {
    eddy__key_batch_free(&s->kb);
    eddy__buf_free(&s->gkeys);
    ed_vec_free(&s->rows);
    ed_vec_free(&s->groups);
    ed_vec_free(&s->slots);
    eddy__free(s->index);
    s->index = NULL;
    s->icap = 0;
    s->topn = false;
}

static void drop_batches(Op *op, SortState *s) {
    for (size_t i = 0; i < s->batches.len; i++) eddy__batch_release(s->batches.items[i]);
    s->batches.len = 0;
    eddy__mem_release(&op->mem, s->charged);
    s->charged = 0;
}

static void sort_close(Op *op) {
    SortState *s = op->state;
    if (!s) return;
    drop_batches(op, s);
    ed_vec_free(&s->batches);
    for (size_t i = 0; i < s->runs.len; i++) eddy__spill_close(&s->runs.items[i]);
    ed_vec_free(&s->runs);
    topn_free(s);
}

static eddy_status spill_run(Op *op, SortState *s);
static eddy_status topn_push(Op *op, SortState *s, const Batch *b);
static eddy_status topn_end(Op *op, SortState *s);

/* Limit without keys: forwards the visible rows in [offset, offset + fetch). */
static eddy_status limit_push(Op *op, const SortPlan *p, SortState *s, Batch *b) {
    int64_t lo = p->offset > 0 ? p->offset : 0;
    int64_t hi = p->fetch >= 0 ? lo + p->fetch : INT64_MAX;
    int64_t first = s->seen, last = s->seen + b->count; /* this batch's rows: [first, last) */
    s->seen = last;
    if (last <= lo || first >= hi) return EDDY_OK;
    if (first >= lo && last <= hi) return eddy__op_emit(op, b);
    uint32_t from = (uint32_t)(ED_MAX(lo, first) - first), to = (uint32_t)(ED_MIN(hi, last) - first);
    uint32_t *sel = eddy__malloc(sizeof(uint32_t) * (to - from));
    Batch *out = eddy__batch_share(b);
    if (!sel || !out) {
        eddy__free(sel);
        eddy__batch_release(out);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    for (uint32_t i = from; i < to; i++) sel[i - from] = batch_row(b, i);
    eddy__batch_set_sel(out, sel, to - from);
    eddy_status rc = eddy__op_emit(op, out);
    eddy__batch_release(out);
    return rc;
}

static eddy_status sort_push(Op *op, int input, Batch *b) {
    (void)input;
    const SortPlan *p = op->plan;
    SortState *s = op->state;
    if (p->nkeys == 0) return limit_push(op, p, s, b);
    if (b->count == 0) return EDDY_OK;
    if (s->topn) return topn_push(op, s, b);
    Batch *copy = eddy__batch_compact(b);
    if (!copy) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    int64_t bytes = eddy__batch_bytes(copy) + (int64_t)copy->n * 16;
    /* over the budget: what is buffered becomes a sorted run on disk */
    if (s->charged > 0 && eddy__mem_should_spill(&op->mem, bytes)) {
        eddy_status rc = spill_run(op, s);
        if (rc) {
            eddy__batch_release(copy);
            return rc;
        }
    }
    if (!ed_vec_push(&s->batches, copy)) {
        eddy__batch_release(copy);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    eddy__mem_charge(&op->mem, bytes, NULL);
    s->charged += bytes;
    return EDDY_OK;
}

/* Compares rows by the sort keys [from, to). */
static int cmp_keys(const SortPlan *p, int from, int to, const Batch *bx, uint32_t ix, const Batch *by, uint32_t iy) {
    for (int k = from; k < to; k++) {
        const Vector *vx = bx->cols[p->keys[k]], *vy = by->cols[p->keys[k]];
        bool nx = vec_is_null(vx, ix), ny = vec_is_null(vy, iy);
        int c;
        if (nx || ny) {
            if (nx && ny) continue;
            /* NULLs first or last whatever the direction */
            c = nx ? -1 : 1;
            if (!p->nulls_first[k]) c = -c;
            return c;
        }
        c = eddy__cmp_slot(vx, ix, vy, iy);
        if (c) return p->desc[k] ? -c : c;
    }
    return 0;
}

static int cmp_at(const SortPlan *p, const Batch *bx, uint32_t ix, const Batch *by, uint32_t iy) {
    return cmp_keys(p, 0, p->nkeys, bx, ix, by, iy);
}

static int cmp_rows(const SortPlan *p, const SortState *s, RowRef x, RowRef y) {
    return cmp_at(p, s->batches.items[x >> 32], (uint32_t)x, s->batches.items[y >> 32], (uint32_t)y);
}

/* ---- Top-N pruning ------------------------------------------------------------------------- */

typedef struct LiveRef {
    RowRef ref;
    size_t slot;
} LiveRef;

static int live_cmp(const void *a, const void *b) {
    RowRef x = ((const LiveRef *)a)->ref, y = ((const LiveRef *)b)->ref;
    return (x > y) - (x < y);
}

/* Rewrites the buffer with the kept rows only, in arrival order (the order
 * of their references), and points the slots at their new places. */
static eddy_status topn_compact(Op *op, SortState *s) {
    const SortPlan *p = op->plan;
    size_t lim = (size_t)p->group_limit, n = 0;
    LiveRef *lr = eddy__malloc(sizeof(LiveRef) * (s->live ? s->live : 1));
    if (!lr) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (size_t g = 0; g < s->groups.len; g++)
        for (size_t j = 0; j < s->groups.items[g].n; j++) {
            size_t at = g * lim + j;
            if (s->slots.items[at] != NO_REF && n < s->live) lr[n++] = (LiveRef){s->slots.items[at], at};
        }
    qsort(lr, n, sizeof *lr, live_cmp);
    ED_VEC(Batch *) nb = {0};
    Batch *cur = NULL;
    uint32_t fill = 0;
    int64_t bytes = 0;
    eddy_status rc = EDDY_OK;
    int ncols = op->node->ncols;
    for (size_t i = 0; i < n && !rc; i++) {
        if (!cur || fill == op->batch_size) {
            if (!(cur = eddy__batch_new_typed(ncols, op->node->col_types, op->batch_size)) || !ed_vec_push(&nb, cur)) {
                eddy__batch_release(cur);
                rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
                break;
            }
            fill = 0;
        }
        const Batch *src = s->batches.items[lr[i].ref >> 32];
        uint32_t r = (uint32_t)lr[i].ref;
        for (int c = 0; c < ncols; c++) eddy__vec_copy_value(cur->cols[c], fill, src->cols[c], r);
        s->slots.items[lr[i].slot] = (RowRef)(nb.len - 1) << 32 | fill;
        cur->n = cur->count = ++fill;
    }
    eddy__free(lr);
    for (size_t i = 0; i < nb.len && !rc; i++) {
        for (int c = 0; c < ncols; c++)
            if (nb.items[i]->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        /* a last batch not full yet is charged when it is (topn_store) */
        if (i + 1 < nb.len || fill == op->batch_size)
            bytes += eddy__batch_bytes(nb.items[i]) + (int64_t)nb.items[i]->n * 16;
    }
    if (rc) {
        for (size_t i = 0; i < nb.len; i++) eddy__batch_release(nb.items[i]);
        ed_vec_free(&nb);
        return rc;
    }
    drop_batches(op, s);
    ed_vec_free(&s->batches);
    s->batches.items = nb.items;
    s->batches.len = nb.len;
    s->batches.cap = nb.cap;
    s->fill = fill;
    s->dead = 0;
    s->live = n;
    eddy__mem_charge(&op->mem, bytes, NULL);
    s->charged = bytes;
    return EDDY_OK;
}

/* The end of pruning: the kept rows, in arrival order, are the buffer of
 * the plain sort. */
static eddy_status topn_end(Op *op, SortState *s) {
    eddy_status rc = s->dead ? topn_compact(op, s) : EDDY_OK;
    topn_free(s);
    return rc;
}

/* Copies row r of b to the end of the buffer: *ref. */
static eddy_status topn_store(Op *op, SortState *s, const Batch *b, uint32_t r, RowRef *ref) {
    int ncols = op->node->ncols;
    if (!s->batches.len || s->fill == op->batch_size) {
        if (s->batches.len) {
            Batch *last = s->batches.items[s->batches.len - 1];
            int64_t bytes = eddy__batch_bytes(last) + (int64_t)last->n * 16;
            eddy__mem_charge(&op->mem, bytes, NULL);
            s->charged += bytes;
        }
        /* pushed-out rows outnumber the kept ones: rewrite the buffer */
        if (s->dead > s->live && s->dead >= (size_t)op->batch_size * 4) {
            eddy_status rc = topn_compact(op, s);
            if (rc) return rc;
        }
    }
    if (!s->batches.len || s->fill == op->batch_size) {
        Batch *nb = eddy__batch_new_typed(ncols, op->node->col_types, op->batch_size);
        if (!nb || !ed_vec_push(&s->batches, nb)) {
            eddy__batch_release(nb);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        s->fill = 0;
    }
    Batch *cur = s->batches.items[s->batches.len - 1];
    for (int c = 0; c < ncols; c++) eddy__vec_copy_value(cur->cols[c], s->fill, b->cols[c], r);
    for (int c = 0; c < ncols; c++)
        if (cur->cols[c]->failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    *ref = (RowRef)(s->batches.len - 1) << 32 | s->fill;
    cur->n = cur->count = ++s->fill;
    s->live++;
    return EDDY_OK;
}

/* The group of key k (added when new): its index, or -1 out of memory. */
static int64_t topn_group(Op *op, SortState *s, const StateKey *k) {
    const SortPlan *p = op->plan;
    if (s->groups.len * 2 >= s->icap) {
        uint32_t nc = s->icap ? s->icap * 2 : 1024;
        uint32_t *ni = eddy__calloc(nc, sizeof(uint32_t));
        if (!ni) return -1;
        for (size_t g = 0; g < s->groups.len; g++) {
            uint32_t h = (uint32_t)eddy__hash_u64(s->groups.items[g].hash) & (nc - 1);
            while (ni[h]) h = (h + 1) & (nc - 1);
            ni[h] = (uint32_t)g + 1;
        }
        eddy__free(s->index);
        s->index = ni;
        s->icap = nc;
    }
    uint32_t h = (uint32_t)eddy__hash_u64(k->hash) & (s->icap - 1);
    for (; s->index[h]; h = (h + 1) & (s->icap - 1)) {
        const TopGroup *g = &s->groups.items[s->index[h] - 1];
        if (g->hash == k->hash && g->klen == k->len && !memcmp(s->gkeys.data + g->koff, k->bytes, k->len))
            return s->index[h] - 1;
    }
    TopGroup g = {k->hash, (uint32_t)s->gkeys.len, k->len, 0};
    eddy__buf_put(&s->gkeys, k->bytes, k->len);
    if (s->gkeys.failed || s->gkeys.len > UINT32_MAX || !ed_vec_push(&s->groups, g)) return -1;
    for (int64_t j = 0; j < p->group_limit; j++)
        if (!ed_vec_push(&s->slots, NO_REF)) return -1;
    s->index[h] = (uint32_t)s->groups.len;
    return (int64_t)s->groups.len - 1;
}

/* A batch under pruning: each row enters its partition's best rows or is
 * dropped. */
static eddy_status topn_push(Op *op, SortState *s, const Batch *b) {
    const SortPlan *p = op->plan;
    size_t lim = (size_t)p->group_limit;
    s->rows.len = 0;
    for (uint32_t i = 0; i < b->count; i++)
        if (!ed_vec_push(&s->rows, batch_row(b, i))) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    Vector *kv[64];
    for (int k = 0; k < p->ngroup; k++) kv[k] = b->cols[p->keys[k]];
    eddy_status rc = eddy__key_batch_encode(&s->kb, kv, p->ngroup, s->rows.items, b->count, op->max_parallelism,
                                            eddy__op_err(op));
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = s->rows.items[i];
        StateKey k = eddy__key_batch_key(&s->kb, i);
        int64_t g = topn_group(op, s, &k);
        if (g < 0) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        size_t n = s->groups.items[g].n, pos = n;
        RowRef *sl = &s->slots.items[(size_t)g * lim];
        /* after every kept row that sorts before or with it (ties: arrival order) */
        while (pos > 0 && cmp_keys(p, p->ngroup, p->nkeys, b, r, s->batches.items[sl[pos - 1] >> 32], (uint32_t)sl[pos - 1]) < 0)
            pos--;
        if (pos == lim) continue;
        if (n == lim) {
            s->live--;
            s->dead++;
            n--;
        }
        memmove(&sl[pos + 1], &sl[pos], sizeof(RowRef) * (n - pos));
        sl[pos] = NO_REF;
        s->groups.items[g].n = (uint32_t)n + 1;
        RowRef ref = NO_REF;
        if ((rc = topn_store(op, s, b, r, &ref))) return rc;
        s->slots.items[(size_t)g * lim + pos] = ref;
    }
    if (rc || !s->batches.len) return rc;
    /* past the budget: the plain sort (which spills) from here on */
    int64_t next = eddy__batch_bytes(s->batches.items[s->batches.len - 1]);
    if (s->charged > 0 && eddy__mem_should_spill(&op->mem, next)) {
        if ((rc = topn_compact(op, s))) return rc;
        if (eddy__mem_should_spill(&op->mem, next)) return topn_end(op, s);
    }
    return EDDY_OK;
}

/* Stable bottom-up merge sort of refs[0..n) (tmp: scratch of n). */
typedef int (*RefCmp)(const SortPlan *p, const SortState *s, uint64_t x, uint64_t y);

static void merge_sort(const SortPlan *p, const SortState *s, RefCmp cmp, uint64_t *refs, uint64_t *tmp, size_t n) {
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = ED_MIN(lo + width, n), hi = ED_MIN(lo + 2 * width, n);
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = cmp(p, s, refs[j], refs[i]) < 0 ? refs[j++] : refs[i++];
            while (i < mid) tmp[k++] = refs[i++];
            while (j < hi) tmp[k++] = refs[j++];
        }
        memcpy(refs, tmp, n * sizeof(RowRef));
    }
}

/* The buffered rows in order (stable): *out (n of them), malloc'd. */
static eddy_status sorted_refs(Op *op, const SortPlan *p, SortState *s, RowRef **out, size_t *nout) {
    size_t n = 0;
    for (size_t i = 0; i < s->batches.len; i++) n += s->batches.items[i]->n;
    RowRef *refs = eddy__malloc(sizeof(RowRef) * (n ? n : 1));
    RowRef *tmp = eddy__malloc(sizeof(RowRef) * (n ? n : 1));
    if (!refs || !tmp) {
        eddy__free(refs);
        eddy__free(tmp);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    size_t k = 0;
    for (size_t i = 0; i < s->batches.len; i++)
        for (uint32_t r = 0; r < s->batches.items[i]->n; r++) refs[k++] = ((RowRef)i << 32) | r;
    merge_sort(p, s, cmp_rows, refs, tmp, n);
    eddy__free(tmp);
    *out = refs;
    *nout = n;
    return EDDY_OK;
}

/* Writes the buffered rows as a sorted run (with a fetch, only the rows
 * that can be in the result) and drops them. */
static eddy_status spill_run(Op *op, SortState *s) {
    const SortPlan *p = op->plan;
    RowRef *refs;
    size_t n;
    eddy_status rc = sorted_refs(op, p, s, &refs, &n);
    if (rc) return rc;
    if (p->fetch >= 0) n = (size_t)ED_MIN((uint64_t)n, (uint64_t)(p->offset > 0 ? p->offset : 0) + (uint64_t)p->fetch);
    SpillFile f;
    rc = eddy__spill_open(op, &f);
    for (size_t i = 0; i < n && !rc; i++) {
        uint32_t row = (uint32_t)refs[i];
        rc = eddy__spill_write(op, &f, s->batches.items[refs[i] >> 32], op->node->ncols, &row, 1);
    }
    eddy__free(refs);
    if (!rc && !ed_vec_push(&s->runs, f)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    if (rc) eddy__spill_close(&f);
    drop_batches(op, s);
    return rc;
}

/* Emits rows from..to of the sorted output. The rows come from `next`. */
typedef struct OutRows {
    Batch *out;
    uint32_t m;
    size_t at;   /* rows of the sorted output seen */
    size_t from, to;
} OutRows;

static eddy_status out_row(Op *op, OutRows *o, const Batch *src, uint32_t row) {
    int ncols = op->node->ncols;
    if (o->at++ < o->from) return EDDY_OK;
    if (!o->out && !(o->out = eddy__batch_new_typed(ncols, op->node->col_types, op->batch_size)))
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < ncols; c++) eddy__vec_copy_value(o->out->cols[c], o->m, src->cols[c], row);
    o->m++;
    if (o->m < op->batch_size) return EDDY_OK;
    eddy_status rc = EDDY_OK;
    for (int c = 0; c < ncols; c++)
        if (o->out->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    o->out->n = o->out->count = o->m;
    if (!rc) rc = eddy__op_emit(op, o->out);
    eddy__batch_release(o->out);
    o->out = NULL;
    o->m = 0;
    return rc;
}

static eddy_status out_flush(Op *op, OutRows *o) {
    if (!o->out) return EDDY_OK;
    eddy_status rc = EDDY_OK;
    for (int c = 0; c < op->node->ncols; c++)
        if (o->out->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    o->out->n = o->out->count = o->m;
    if (!rc && o->m) rc = eddy__op_emit(op, o->out);
    eddy__batch_release(o->out);
    o->out = NULL;
    return rc;
}

/* A run being merged: its current batch and row. */
typedef struct RunCursor {
    Batch *b;
    uint32_t i;
} RunCursor;

static eddy_status cursor_next(Op *op, SpillFile *f, RunCursor *c) {
    if (c->b && ++c->i < c->b->n) return EDDY_OK;
    eddy__batch_release(c->b);
    c->b = NULL;
    c->i = 0;
    return eddy__spill_read(op, f, op->node->ncols, op->node->col_types, op->batch_size, &c->b);
}

/* The k-way merge of the runs (the buffered rows are the last run). */
static eddy_status merge_runs(Op *op, SortState *s, OutRows *o) {
    const SortPlan *p = op->plan;
    eddy_status rc = s->batches.len ? spill_run(op, s) : EDDY_OK;
    size_t k = s->runs.len;
    RunCursor *cur = rc ? NULL : eddy__calloc(k + 1, sizeof *cur);
    if (!rc && !cur) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (size_t r = 0; r < k && !rc; r++)
        if (!(rc = eddy__spill_rewind(op, &s->runs.items[r]))) rc = cursor_next(op, &s->runs.items[r], &cur[r]);
    while (!rc && o->at < o->to) {
        size_t best = k;
        for (size_t r = 0; r < k; r++)
            if (cur[r].b && (best == k || cmp_at(p, cur[r].b, cur[r].i, cur[best].b, cur[best].i) < 0)) best = r;
        if (best == k) break;
        rc = out_row(op, o, cur[best].b, cur[best].i);
        if (!rc) rc = cursor_next(op, &s->runs.items[best], &cur[best]);
        if (!rc && eddy__op_cancelled(op)) break;
    }
    for (size_t r = 0; cur && r < k; r++) eddy__batch_release(cur[r].b);
    eddy__free(cur);
    return rc;
}

/* Groups x and y by their first kept rows' partition keys. */
static int cmp_groups(const SortPlan *p, const SortState *s, uint64_t x, uint64_t y) {
    RowRef a = s->slots.items[x * (uint64_t)p->group_limit], b = s->slots.items[y * (uint64_t)p->group_limit];
    return cmp_keys(p, 0, p->ngroup, s->batches.items[a >> 32], (uint32_t)a, s->batches.items[b >> 32], (uint32_t)b);
}

/* The end of input under pruning: the partitions in the order of their
 * keys, each with its kept rows (in order already; no two partitions'
 * keys compare equal). */
static eddy_status topn_finish(Op *op, SortState *s) {
    const SortPlan *p = op->plan;
    size_t ng = s->groups.len, lim = (size_t)p->group_limit;
    uint64_t *g = eddy__malloc(sizeof(uint64_t) * (ng ? ng : 1)), *tmp = eddy__malloc(sizeof(uint64_t) * (ng ? ng : 1));
    if (!g || !tmp) {
        eddy__free(g);
        eddy__free(tmp);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < ng; i++) g[i] = i;
    merge_sort(p, s, cmp_groups, g, tmp, ng);
    eddy__free(tmp);
    OutRows o = {.to = SIZE_MAX};
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; i < ng && !rc; i++) {
        const RowRef *sl = &s->slots.items[(size_t)g[i] * lim];
        for (uint32_t j = 0; j < s->groups.items[g[i]].n && !rc; j++)
            rc = out_row(op, &o, s->batches.items[sl[j] >> 32], (uint32_t)sl[j]);
    }
    eddy__free(g);
    if (!rc) rc = out_flush(op, &o);
    eddy__batch_release(o.out);
    return rc;
}

static eddy_status sort_finish(Op *op) {
    const SortPlan *p = op->plan;
    SortState *s = op->state;
    if (p->nkeys == 0) return EDDY_OK;
    if (s->topn) return topn_finish(op, s);
    OutRows o = {.from = p->offset > 0 ? (size_t)p->offset : 0, .to = SIZE_MAX};
    if (p->fetch >= 0) o.to = o.from + (size_t)p->fetch;
    eddy_status rc;
    if (s->runs.len) {
        rc = merge_runs(op, s, &o);
    } else {
        RowRef *refs;
        size_t n;
        rc = sorted_refs(op, p, s, &refs, &n);
        if (rc) return rc;
        for (size_t i = o.from; i < n && i < o.to && !rc; i++) {
            o.at = i;
            rc = out_row(op, &o, s->batches.items[refs[i] >> 32], (uint32_t)refs[i]);
        }
        eddy__free(refs);
    }
    if (!rc) rc = out_flush(op, &o);
    eddy__batch_release(o.out);
    return rc;
}

const OpVtab eddy__op_sort = {.name = "SortLimit",
                              .open = sort_open,
                              .push_batch = sort_push,
                              .finish = sort_finish,
                              .close = sort_close};
