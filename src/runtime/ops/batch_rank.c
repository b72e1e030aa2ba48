/*
 * batch_rank.c -- BATCH Top-N (Flink's batch Rank): ROW_NUMBER, RANK or
 * DENSE_RANK per partition over an input sorted by the partition keys and
 * then the order keys (the plan puts a Sort below), keeping the rows whose
 * rank is in [rank_start, rank_end], with the rank as a last BIGINT column
 * when the query selects it. It streams: only the previous row is kept
 * (its batch retained) to see where a partition or a tie ends.
 */
#include "plan/phys.h"
#include "runtime/ops/batch_int.h"
#include "types/compare.h"

typedef struct RankPlan {
    int ngroup;
    const int *group;
    int norder;
    const int *order;
    RankFn fn;
    int64_t start, end;
    bool output_rank;
    int nin; /* input columns */
} RankPlan;

typedef struct RankState {
    Batch *prev; /* the previous row's batch (retained) */
    uint32_t prev_row;
    int64_t row_number, rank, dense;
} RankState;

static bool same(const Batch *a, uint32_t ia, const Batch *b, uint32_t ib, int n, const int *cols) {
    for (int k = 0; k < n; k++) {
        const Vector *x = a->cols[cols[k]], *y = b->cols[cols[k]];
        bool nx = vec_is_null(x, ia), ny = vec_is_null(y, ib);
        if (nx || ny) {
            if (nx != ny) return false;
            continue;
        }
        if (eddy__cmp_slot(x, ia, y, ib)) return false;
    }
    return true;
}

static eddy_status rank_open(Op *op) {
    RankState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    return EDDY_OK;
}

static void rank_close(Op *op) {
    RankState *s = op->state;
    if (s) eddy__batch_release(s->prev);
}

static eddy_status rank_push(Op *op, int input, Batch *b) {
    (void)input;
    const RankPlan *p = op->plan;
    RankState *s = op->state;
    if (!b->count) return EDDY_OK;
    uint32_t *keep = eddy__malloc(sizeof(uint32_t) * b->count);
    int64_t *ranks = eddy__malloc(sizeof(int64_t) * b->count);
    if (!keep || !ranks) {
        eddy__free(keep);
        eddy__free(ranks);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    uint32_t m = 0;
    const Batch *pb = s->prev;
    uint32_t pr = s->prev_row;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        if (!pb || !same(pb, pr, b, r, p->ngroup, p->group)) {
            s->row_number = s->rank = s->dense = 1;
        } else {
            s->row_number++;
            if (!same(pb, pr, b, r, p->norder, p->order)) {
                s->rank = s->row_number;
                s->dense++;
            }
        }
        pb = b;
        pr = r;
        int64_t v = p->fn == RANK_ROW_NUMBER ? s->row_number : p->fn == RANK_RANK ? s->rank : s->dense;
        if (v >= p->start && v <= p->end) {
            ranks[m] = v;
            keep[m++] = r;
        }
    }
    eddy__batch_release(s->prev);
    s->prev = eddy__batch_retain(b);
    s->prev_row = pr;
    eddy_status rc = EDDY_OK;
    if (m) {
        Batch *x = eddy__batch_share(b);
        if (x && p->output_rank) {
            Vector **cols = eddy__malloc(sizeof(Vector *) * (size_t)(p->nin + 1));
            Vector *rv = eddy__vec_new(op->node->col_types[p->nin], b->n);
            if (!cols || !rv) {
                eddy__free(cols);
                eddy__vec_release(rv);
                eddy__batch_release(x);
                x = NULL;
            } else {
                memcpy(cols, x->cols, sizeof(Vector *) * (size_t)p->nin);
                cols[p->nin] = rv;
                for (uint32_t i = 0; i < m; i++) VEC_DATA(rv, int64_t)[keep[i]] = ranks[i];
                eddy__free(x->cols);
                x->cols = cols;
                x->ncols = p->nin + 1;
            }
        }
        if (!x) {
            eddy__free(keep);
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        } else {
            eddy__batch_set_sel(x, keep, m);
            rc = eddy__op_emit(op, x);
            eddy__batch_release(x);
        }
    } else {
        eddy__free(keep);
    }
    eddy__free(ranks);
    return rc;
}

/* The largest rank_end whose sort prunes (each partition keeps that many
 * references). */
#define TOPN_SORT_LIMIT 64

/* Whether the sort's first ngroup keys are the partition's columns and
 * their key bytes equal exactly when the values compare equal (not so for
 * floating point: -0.0 and 0.0, NaNs). */
static bool group_keys_prune(const PhysNode *sort, const void *plan, int ngroup, const int *group) {
    const SortPlan *sp = plan;
    if (sp->nkeys < ngroup || sp->group_limit || sp->fetch >= 0 || sp->offset > 0) return false;
    for (int i = 0; i < ngroup; i++) {
        if (sp->keys[i] != group[i]) return false;
        const Type *t = sort->types[group[i]];
        if (!t || t->root < TY_BOOLEAN || t->root > TY_INTERVAL_DT || t->root == TY_FLOAT || t->root == TY_DOUBLE)
            return false;
    }
    return true;
}

const OpVtab eddy__op_batch_rank = {
    .name = "Rank", .open = rank_open, .push_batch = rank_push, .close = rank_close};

eddy_status eddy__translate_batch_rank(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                       EdErr *err) {
    RankPlan *rp = eddy__arena_alloc(cx->a, sizeof *rp);
    if (!rp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    *rp = (RankPlan){p->ngroup, p->group, p->norder, p->order, p->rank_fn, p->rank_start, p->rank_end,
                     p->output_rank, in[0].node->ncols};
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "Rank", &eddy__op_batch_rank, rp, 1);
    if (!n) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy__translate_connect(n, 0, &in[0]);
    /* ROW_NUMBER <= n: the sort below keeps each partition's first n rows only */
    StreamNode *sn = in[0].node;
    if (p->rank_fn == RANK_ROW_NUMBER && p->rank_end >= 1 && p->rank_end <= TOPN_SORT_LIMIT && p->ngroup > 0 &&
        p->ngroup <= 64 && p->in[0]->kind == PK_BATCH_SORT && sn->op.vt == &eddy__op_sort &&
        group_keys_prune(p->in[0], sn->op.plan, p->ngroup, p->group)) {
        SortPlan *sp = eddy__arena_alloc(cx->a, sizeof *sp);
        if (!sp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        *sp = *(const SortPlan *)sn->op.plan;
        sp->ngroup = p->ngroup;
        sp->group_limit = p->rank_end;
        sn->op.plan = sp;
    }
    /* the sorted input is one stream */
    n->parallelism = in[0].node->parallelism;
    n->fixed_parallelism = in[0].node->fixed_parallelism;
    out->node = n;
    return EDDY_OK;
}
