/*
 * keyed_rows.h -- what the keyed changelog operators (rank.c, dedup.c,
 * changelog_normalize.c, upsert_materialize.c)
 * share: the state key type and TTL their translation derives from the
 * plan, and the row kind and timestamp of the row an eddy_out is building.
 */
#ifndef EDDY_KEYED_ROWS_H
#define EDDY_KEYED_ROWS_H

#include <string.h>

#include "plan/phys.h"
#include "runtime/hash.h"
#include "runtime/ops/ops.h"

/* The type of a state key over columns cols[0..n) of `in`: the column's
 * type for one column, a ROW of them for several, INT (the constant key of
 * a single partition) for none. NULL when memory runs out. */
static inline const Type *ops_key_type(TranslateCtx *cx, const PhysNode *in, int n, const int *cols) {
    if (n == 0) return eddy__type_basic(TY_INT, false);
    if (n == 1) return eddy__type_with_timeattr(cx->a, in->types[cols[0]], TA_NONE);
    const KeySpec *ks = eddy__translate_key(cx, in, n, cols);
    const char **names = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)n);
    if (!ks || !names) return NULL;
    for (int i = 0; i < n; i++) names[i] = in->names[cols[i]];
    return eddy__type_row(cx->a, n, names, ks->types, false);
}

/* table.exec.state.ttl in ms; 0 when unset (or not a duration). */
static inline int64_t ops_state_ttl(TranslateCtx *cx) {
    const char *ttl = eddy__phys_option(cx->pe, "table.exec.state.ttl", NULL);
    int64_t ms = ttl ? eddy__phys_duration_ms(ttl) : 0;
    return ms > 0 ? ms : 0;
}

/* Sets the kind and record timestamp (TS_NONE: none) of o's current row. */
static inline eddy_status ops_out_mark(Op *op, eddy_out *o, uint8_t kind, int64_t ts) {
    Batch *ob = o->batch;
    if (kind != RK_INSERT || ob->kinds) {
        if (!eddy__batch_ensure_kinds(ob, o->cap)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        VEC_DATA(ob->kinds, uint8_t)[o->row] = kind;
    }
    if (ts != TS_NONE) {
        if (!eddy__batch_ensure_ts(ob, o->cap)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        VEC_DATA(ob->ts, int64_t)[o->row] = ts;
    }
    return EDDY_OK;
}

/* The common start of a keyed operator's open: its KeyBatch, its output
 * (op's node type, batches of op->batch_size) and its state backend. */
static inline eddy_status ops_keyed_open(Op *op, KeyBatch *kb, eddy_out *out, StateBackend **be) {
    eddy__key_batch_init(kb);
    eddy__out_init(out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    return eddy__op_state(op, be);
}

/* Encodes the state keys of b's visible rows into kb: columns cols[0..n)
 * of b, or for n == 0 (one partition) the constant INT 0 of *zero (a
 * vector the operator keeps and frees, grown to the batch). */
static inline eddy_status ops_key_batch(Op *op, KeyBatch *kb, Vector **zero, const Batch *b, int n, const int *cols) {
    Vector *keys[16];
    if (n > 16) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: keys of more than 16 columns");
    if (n > 0) {
        for (int i = 0; i < n; i++) keys[i] = b->cols[cols[i]];
        return eddy__key_batch_encode(kb, keys, n, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    }
    if (!*zero || (*zero)->cap < b->count) {
        eddy__vec_release(*zero);
        if (!(*zero = eddy__vec_new(eddy__type_basic(TY_INT, false), b->count)))
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        memset((*zero)->data, 0, sizeof(int32_t) * b->count);
    }
    return eddy__key_batch_encode(kb, zero, 1, NULL, b->count, op->max_parallelism, eddy__op_err(op));
}

/* Encodes the state keys of b's visible rows into kb: the key expressions
 * of spec (a keyed exchange's KeySpec), computed once for the batch. */
static inline eddy_status ops_key_spec_batch(Op *op, KeyBatch *kb, const KeySpec *spec, Batch *b) {
    Vector *keys[16];
    if (spec->nkeys > 16) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: keys of more than 16 columns");
    eddy_status rc = eddy__key_compute(spec, b, keys, eddy__op_err(op));
    if (rc) return rc;
    rc = eddy__key_batch_encode(kb, keys, spec->nkeys, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    for (int k = 0; k < spec->nkeys; k++) eddy__vec_release(keys[k]);
    return rc;
}

/* A batch's fixed-size slots (eddy__state_slots) for the batch's KeyBatch:
 * the arrays (*slots, *created; *cap rows, grown to b->count) are the
 * operator's, kept from batch to batch. */
typedef struct OpsSlots {
    void **slots;
    uint8_t *created;
    uint32_t cap;
} OpsSlots;

static inline eddy_status ops_slots(Op *op, OpsSlots *sl, State *st, const KeyBatch *kb, uint32_t n) {
    if (n > sl->cap) {
        void **p = eddy__realloc(sl->slots, sizeof(void *) * n);
        if (p) sl->slots = p;
        uint8_t *c = eddy__realloc(sl->created, n);
        if (c) sl->created = c;
        if (!p || !c) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        sl->cap = n;
    }
    return eddy__state_slots(st, kb, NULL, n, NULL, 0, sl->slots, sl->created);
}

static inline void ops_slots_free(OpsSlots *sl) {
    eddy__free(sl->slots);
    eddy__free(sl->created);
}

/* The stream node of a keyed operator's translation, connected to its
 * input; keyless (nkeys 0): one subtask. */
static inline eddy_status ops_keyed_node(TranslateCtx *cx, const PhysNode *p, const char *name, const OpVtab *vt,
                                         const void *plan, int nkeys, const TransOut *in, TransOut *out, EdErr *err) {
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, name, vt, plan, 1);
    if (!n) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy__translate_connect(n, 0, &in[0]);
    if (nkeys == 0) {
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}

#endif
