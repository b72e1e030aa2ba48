/*
 * correlate.c -- LATERAL TABLE(f(..)) and UNNEST(..) (Flink's Correlate):
 * for each input row the function's arguments are evaluated over the row,
 * the function gives zero or more rows, and each is joined to the input row
 * (the input's columns first). Output rows keep the input row's kind and
 * record timestamp. With `outer` (LEFT JOIN ... ON TRUE) an input row the
 * function gives nothing for is emitted once with NULLs in the function's
 * columns.
 *
 * UNNEST walks the list entries of its ARRAY / MAP / MULTISET argument
 * (a MULTISET element repeats by its count, ROW elements spread over their
 * fields); a C table function fills rows of its own type through an
 * eddy_out whose flush joins them to the current input row.
 */
#include "runtime/ops/ops.h"

typedef struct CorState {
    Op *op;
    eddy_out out;    /* the joined rows */
    eddy_out fn_out; /* a table function's rows for the current input row */
    ExprProg **progs;
    EvalCtx cx;
    Arena scratch;
    Arena progs_arena;
    /* the input row being joined, and how many rows it got */
    const Batch *in;
    uint32_t row;
    uint64_t produced;
} CorState;

static eddy_status nomem(Op *op) { return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory"); }

/* Starts an output row holding input row r of b. */
static eddy_status begin_row(CorState *s, const Batch *b, uint32_t r) {
    const CorrelatePlan *p = s->op->plan;
    s->out.default_ts = batch_ts(b, r);
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(eddy__out_field(&s->out, (size_t)c), s->out.row, b->cols[c], r);
    uint8_t kind = batch_kind(b, r);
    if (kind != RK_INSERT || s->out.batch->kinds) {
        if (!eddy__batch_ensure_kinds(s->out.batch, s->out.cap)) return nomem(s->op);
        VEC_DATA(s->out.batch->kinds, uint8_t)[s->out.row] = kind;
    }
    return EDDY_OK;
}

static eddy_status end_row(CorState *s) {
    s->produced++;
    return eddy__out_commit(&s->out);
}

/* Copies element i of list child `el` into the output from column col on:
 * the element itself, or the fields of a ROW element. Returns the next
 * column. */
static int put_element(CorState *s, int col, const Vector *el, uint32_t i, bool spread) {
    uint32_t row = s->out.row;
    if (!spread) {
        eddy__vec_copy_value(eddy__out_field(&s->out, (size_t)col), row, el, i);
        return col + 1;
    }
    bool null = vec_is_null(el, i);
    for (int f = 0; f < el->nchild; f++) {
        Vector *d = eddy__out_field(&s->out, (size_t)(col + f));
        if (null) eddy__vec_set_null(d, row);
        else eddy__vec_copy_value(d, row, el->child[f], i);
    }
    return col + el->nchild;
}

static eddy_status unnest_row(CorState *s, const Batch *b, uint32_t r, const Vector *v) {
    const CorrelatePlan *p = s->op->plan;
    const Type *t = p->args[0]->type;
    bool spread = t->root != TY_MAP && t->elem->root == TY_ROW;
    eddy_status rc = EDDY_OK;
    if (vec_is_null(v, r)) return EDDY_OK;
    ListEntry e = VEC_DATA(v, ListEntry)[vidx(v, r)];
    int32_t ord = 0;
    for (uint32_t k = 0; k < e.len && !rc; k++) {
        uint32_t i = e.off + k;
        int32_t reps = t->root == TY_MULTISET ? VEC_DATA(v->child[1], int32_t)[i] : 1;
        for (int32_t n = 0; n < reps && !rc; n++) {
            if ((rc = begin_row(s, b, r))) break;
            int col = put_element(s, p->nin, v->child[0], i, spread);
            if (t->root == TY_MAP) col = put_element(s, col, v->child[1], i, false);
            if (p->ordinality) {
                Vector *d = eddy__out_field(&s->out, (size_t)col);
                vec_set_valid(d, s->out.row);
                VEC_DATA(d, int32_t)[s->out.row] = ++ord;
            }
            rc = end_row(s);
        }
    }
    return rc;
}

/* The table function's rows so far: each joined to the current input row. */
static eddy_status fn_flush(void *ctx, Batch *fb) {
    CorState *s = ctx;
    const CorrelatePlan *p = s->op->plan;
    eddy_status rc = EDDY_OK;
    for (uint32_t j = 0; j < fb->n && !rc; j++) {
        for (int f = 0; f < p->nfn && !rc; f++)
            if (!p->fn_types[f]->nullable && vec_is_null(fb->cols[f], j))
                rc = eddy__op_fail(s->op, EDDY_E_UDF,
                                   "The table function '%s' emitted NULL for column '%s', but its type is %s.",
                                   p->fn_name, eddy__type_column_name(p->fn_row, f),
                                   eddy__type_str(&s->scratch, p->fn_types[f]));
        if (rc || (rc = begin_row(s, s->in, s->row))) break;
        for (int f = 0; f < p->nfn; f++)
            eddy__vec_copy_value(eddy__out_field(&s->out, (size_t)(p->nin + f)), s->out.row, fb->cols[f], j);
        rc = end_row(s);
    }
    eddy__batch_release(fb);
    return rc;
}

static eddy_status function_row(CorState *s, const Batch *b, uint32_t r, Vector *const *args) {
    const CorrelatePlan *p = s->op->plan;
    eddy_row in = {.type = p->args_row, .cols = args, .ncols = p->nargs, .idx = r, .kind = RK_INSERT, .ts = TS_NONE,
                   .scratch = &s->scratch};
    s->in = b;
    s->row = r;
    eddy_status rc = eddy__out_begin(&s->fn_out);
    if (rc) return rc;
    rc = p->fn(p->ctx, &in, &s->fn_out);
    eddy__out_discard(&s->fn_out);
    if (rc) {
        if (rc == EDDY_ROW || rc == EDDY_DONE) rc = EDDY_E_UDF;
        if (!eddy__err_is_set(eddy__op_err(s->op)))
            eddy__op_fail(s->op, EDDY_E_UDF, "The table function '%s' failed (%s).", p->fn_name, eddy_status_name(rc));
        else
            eddy__op_err(s->op)->code = EDDY_E_UDF;
        return EDDY_E_UDF;
    }
    return eddy__out_flush(&s->fn_out);
}

static eddy_status cor_open(Op *op) {
    const CorrelatePlan *p = op->plan;
    CorState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return nomem(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    s->op = op;
    eddy__arena_init(&s->scratch, 4096);
    eddy__arena_init(&s->progs_arena, 4096);
    s->cx = (EvalCtx){.scratch = &s->scratch, .err = eddy__op_err(op), .tz = p->tz};
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    if (p->fn)
        eddy__out_init(&s->fn_out, p->fn_row, p->nfn, p->fn_types, 256, fn_flush, s, eddy__op_err(op));
    s->progs = eddy__arena_alloc(&s->progs_arena, sizeof(ExprProg *) * (size_t)(p->nargs ? p->nargs : 1));
    if (!s->progs) return nomem(op);
    eddy_status rc = EDDY_OK;
    for (int i = 0; !rc && i < p->nargs; i++) rc = eddy__expr_compile(&s->progs_arena, p->args[i], &s->cx, &s->progs[i]);
    eddy__arena_reset(&s->scratch);
    return rc;
}

static void cor_close(Op *op) {
    CorState *s = op->state;
    if (!s) return;
    eddy__out_free(&s->out);
    eddy__out_free(&s->fn_out);
    eddy__arena_destroy(&s->scratch);
    eddy__arena_destroy(&s->progs_arena);
}

static eddy_status cor_push(Op *op, int input, Batch *b) {
    (void)input;
    const CorrelatePlan *p = op->plan;
    CorState *s = op->state;
    if (b->count == 0) return EDDY_OK;
    uint32_t *rows = eddy__arena_alloc(&s->scratch, sizeof(uint32_t) * b->count);
    Vector **args = eddy__arena_alloc(&s->scratch, sizeof(Vector *) * (size_t)(p->nargs ? p->nargs : 1));
    if (!rows || !args) return nomem(op);
    for (uint32_t i = 0; i < b->count; i++) rows[i] = batch_row(b, i);
    eddy_status rc = EDDY_OK;
    int nargs = 0;
    for (; nargs < p->nargs && !rc; nargs++) {
        args[nargs] = NULL;
        rc = eddy__expr_eval(s->progs[nargs], &s->cx, b, rows, b->count, &args[nargs]);
        if (!rc && args[nargs]->is_const) {
            /* callbacks and list walks see one slot per row */
            Vector *full = eddy__vec_expand_const(args[nargs], rows, b->count, b->n);
            eddy__vec_release(args[nargs]);
            args[nargs] = full;
            if (!full) rc = nomem(op);
        }
    }
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = rows[i];
        s->produced = 0;
        rc = p->fn ? function_row(s, b, r, args) : unnest_row(s, b, r, args[0]);
        if (!rc && !s->produced && p->outer && !(rc = begin_row(s, b, r))) rc = end_row(s);
    }
    if (!rc) rc = eddy__out_flush(&s->out);
    for (int i = 0; i < nargs; i++) eddy__vec_release(args[i]);
    eddy__arena_reset(&s->scratch);
    return rc;
}

const OpVtab eddy__op_correlate = {.name = "Correlate", .open = cor_open, .push_batch = cor_push, .close = cor_close};
