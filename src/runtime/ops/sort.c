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
#include "runtime/ops/batch_int.h"
#include "types/compare.h"

typedef struct SortState {
    ED_VEC(Batch *) batches; /* compacted copies of the input */
    int64_t seen;            /* rows counted so far (no keys) */
    int64_t charged;         /* the batches' bytes, charged to op->mem */
    ED_VEC(SpillFile) runs;  /* sorted runs spilled when the budget said so */
} SortState;

static eddy_status sort_open(Op *op) {
    SortState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    return EDDY_OK;
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
}

static eddy_status spill_run(Op *op, SortState *s);

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

/* A buffered row: batch index in the high half, row in the low half. */
typedef uint64_t RowRef;

static int cmp_at(const SortPlan *p, const Batch *bx, uint32_t ix, const Batch *by, uint32_t iy) {
    for (int k = 0; k < p->nkeys; k++) {
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

static int cmp_rows(const SortPlan *p, const SortState *s, RowRef x, RowRef y) {
    return cmp_at(p, s->batches.items[x >> 32], (uint32_t)x, s->batches.items[y >> 32], (uint32_t)y);
}

/* Stable bottom-up merge sort of refs[0..n) (tmp: scratch of n). */
static void merge_sort(const SortPlan *p, const SortState *s, RowRef *refs, RowRef *tmp, size_t n) {
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = ED_MIN(lo + width, n), hi = ED_MIN(lo + 2 * width, n);
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = cmp_rows(p, s, refs[j], refs[i]) < 0 ? refs[j++] : refs[i++];
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
    merge_sort(p, s, refs, tmp, n);
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

static eddy_status sort_finish(Op *op) {
    const SortPlan *p = op->plan;
    SortState *s = op->state;
    if (p->nkeys == 0) return EDDY_OK;
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
