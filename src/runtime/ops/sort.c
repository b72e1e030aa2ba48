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
#include "runtime/ops/ops.h"
#include "types/compare.h"

typedef struct SortState {
    ED_VEC(Batch *) batches; /* compacted copies of the input */
    int64_t seen;            /* rows counted so far (no keys) */
} SortState;

static eddy_status sort_open(Op *op) {
    SortState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    return EDDY_OK;
}

static void sort_close(Op *op) {
    SortState *s = op->state;
    if (!s) return;
    for (size_t i = 0; i < s->batches.len; i++) eddy__batch_release(s->batches.items[i]);
    ed_vec_free(&s->batches);
}

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
    if (!copy || !ed_vec_push(&s->batches, copy)) {
        eddy__batch_release(copy);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    return EDDY_OK;
}

/* A buffered row: batch index in the high half, row in the low half. */
typedef uint64_t RowRef;

static int cmp_rows(const SortPlan *p, const SortState *s, RowRef x, RowRef y) {
    const Batch *bx = s->batches.items[x >> 32], *by = s->batches.items[y >> 32];
    uint32_t ix = (uint32_t)x, iy = (uint32_t)y;
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

static eddy_status sort_finish(Op *op) {
    const SortPlan *p = op->plan;
    SortState *s = op->state;
    if (p->nkeys == 0) return EDDY_OK;
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
    size_t from = p->offset > 0 ? (size_t)ED_MIN((uint64_t)p->offset, (uint64_t)n) : 0;
    size_t to = p->fetch >= 0 ? (size_t)ED_MIN((uint64_t)from + (uint64_t)p->fetch, (uint64_t)n) : n;
    int ncols = op->node->ncols;
    eddy_status rc = EDDY_OK;
    for (size_t at = from; at < to && !rc;) {
        uint32_t m = (uint32_t)ED_MIN((size_t)op->batch_size, to - at);
        Batch *out = eddy__batch_new_typed(ncols, op->node->col_types, m);
        if (!out) {
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        for (uint32_t i = 0; i < m; i++) {
            RowRef ref = refs[at + i];
            const Batch *src = s->batches.items[ref >> 32];
            for (int c = 0; c < ncols; c++) eddy__vec_copy_value(out->cols[c], i, src->cols[c], (uint32_t)ref);
        }
        for (int c = 0; c < ncols; c++)
            if (out->cols[c]->failed) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        out->n = out->count = m;
        if (!rc) rc = eddy__op_emit(op, out);
        eddy__batch_release(out);
        at += m;
    }
    eddy__free(refs);
    return rc;
}

const OpVtab eddy__op_sort = {.name = "SortLimit",
                              .open = sort_open,
                              .push_batch = sort_push,
                              .finish = sort_finish,
                              .close = sort_close};
