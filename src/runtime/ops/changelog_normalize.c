/*
 * changelog_normalize.c -- ChangelogNormalize and DropUpdateBefore, the two
 * operators that sit right above a source sending a changelog.
 *
 * ChangelogNormalize (Flink's ProcTimeDeduplicateKeepLastRowFunction on a
 * changelog): an upsert source (+I / +U / -D by primary key) becomes a
 * regular changelog. Keyed by the primary key, it keeps the last row of
 * every key:
 *
 *   +I / +U row, no stored row   -> +I row                       store row
 *   +I / +U row, stored == row   -> nothing (a duplicate)        (no state TTL)
 *   +I / +U row, stored old      -> -U old (if -U is needed), +U row; store row
 *   -D / -U row, stored old      -> -D old (the full stored row) clear
 *   -D / -U row, nothing stored  -> nothing
 *
 * With a state TTL (table.exec.state.ttl) duplicates are sent on, as Flink
 * does, so that downstream state is not evicted too early. -U goes out only
 * when the consumer needs both images (the node's changelog has UB).
 *
 *   per batch:  kb = KeyBatch(primary key)          (hash once)
 *   per row i:  stored = state[kb.key(i)]; compare, emit, update
 *
 * State: one VALUE state "normalize" per key, the row in serde.h form (the
 * equality test compares those bytes, as Flink's equaliser compares binary
 * rows). Memory: the backend's, charged to the operator's MemAccount.
 *
 * DropUpdateBefore: a stateless filter dropping -U rows, above a source
 * sending all kinds when its consumers need only after-images.
 */
#include "plan/phys.h"
#include "runtime/hash.h"
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/ops.h"
#include "types/serde.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

typedef struct NormalizePlan {
    const KeySpec *key;
    const Type *type;      /* record type, input = output */
    bool update_before;    /* send -U before +U */
    bool dedup;            /* drop a row equal to the stored one */
    int64_t ttl_ms;        /* state TTL (<= 0: none) */
} NormalizePlan;

typedef struct NormalizeState {
    State *st;
    KeyBatch kb;
    eddy_out out;
    Buf vbuf;
} NormalizeState;

static eddy_status normalize_open(Op *op) {
    const NormalizePlan *p = op->plan;
    NormalizeState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__buf_init(&s->vbuf);
    StateBackend *be;
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &be);
    if (rc) return rc;
    StateDesc d = {.name = "normalize",
                   .kind = STATE_VALUE,
                   .key_type = p->key->nkeys == 1 ? p->key->types[0] : NULL,
                   .value_type = p->type};
    d.ttl.ttl_ms = p->ttl_ms;
    return eddy__state_register(be, &d, &s->st);
}

static void normalize_close(Op *op) {
    NormalizeState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__buf_free(&s->vbuf);
}

/* Emits the input row r of b with `kind`. */
static eddy_status emit_input(NormalizeState *s, const Batch *b, uint32_t r, eddy_row_kind kind, int ncols) {
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    for (int c = 0; c < ncols; c++) eddy__vec_copy_value(s->out.batch->cols[c], s->out.row, b->cols[c], r);
    if ((rc = eddy_out_set_kind(&s->out, kind))) return rc;
    return eddy__out_commit(&s->out);
}

/* Emits the stored row (serde bytes) with `kind`. */
static eddy_status emit_stored(Op *op, NormalizeState *s, const void *val, uint32_t len, eddy_row_kind kind) {
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    if (!eddy__serde_read(val, len, s->out.batch->cols, op->node->ncols, s->out.row))
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt ChangelogNormalize state");
    if ((rc = eddy_out_set_kind(&s->out, kind))) return rc;
    return eddy__out_commit(&s->out);
}

static eddy_status normalize_push(Op *op, int input, Batch *b) {
    (void)input;
    const NormalizePlan *p = op->plan;
    NormalizeState *s = op->state;
    if (b->count == 0) return EDDY_OK;
    eddy_status rc = ops_key_spec_batch(op, &s->kb, p->key, b);
    int ncols = op->node->ncols;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        StateKey k = eddy__key_batch_key(&s->kb, i);
        const void *val;
        uint32_t vlen;
        bool found;
        if ((rc = eddy__state_get(s->st, &k, STATE_NO_NS, &val, &vlen, &found))) break;
        s->out.default_ts = batch_ts(b, r);
        uint8_t kind = batch_kind(b, r);
        if (kind == RK_INSERT || kind == RK_UPDATE_AFTER) {
            s->vbuf.len = 0;
            Vector **cols = b->cols;
            eddy__serde_write(&s->vbuf, cols, ncols, r);
            if (s->vbuf.failed || s->vbuf.len > UINT32_MAX) {
                rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
                break;
            }
            if (!found) {
                rc = emit_input(s, b, r, EDDY_INSERT, ncols);
            } else {
                if (p->dedup && vlen == s->vbuf.len && memcmp(val, s->vbuf.data, vlen) == 0) continue;
                if (p->update_before) rc = emit_stored(op, s, val, vlen, EDDY_UPDATE_BEFORE);
                if (!rc) rc = emit_input(s, b, r, EDDY_UPDATE_AFTER, ncols);
            }
            if (!rc) rc = eddy__state_put(s->st, &k, STATE_NO_NS, s->vbuf.data, (uint32_t)s->vbuf.len);
        } else if (found) {
            /* the stored row holds the full content (a delete may carry the key only) */
            rc = emit_stored(op, s, val, vlen, EDDY_DELETE);
            if (!rc) rc = eddy__state_remove(s->st, &k, STATE_NO_NS, NULL);
        }
    }
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static const OpVtab op_normalize = {.name = "ChangelogNormalize",
                                    .open = normalize_open,
                                    .push_batch = normalize_push,
                                    .close = normalize_close};

/* ChangelogNormalize: keyed by the primary key (its input edge hashes by it). */
eddy_status eddy__translate_changelog_normalize(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                                EdErr *err) {
    NormalizePlan *np = eddy__arena_alloc(cx->a, sizeof *np);
    if (!np) return NOMEM();
    np->key = eddy__translate_key(cx, p->in[0], p->npk, p->pk);
    np->type = eddy__translate_row_type(cx, p);
    if (!np->key || !np->type) return NOMEM();
    np->update_before = (p->changelog & CL_UPDATE_BEFORE) != 0;
    int64_t ttl = eddy__phys_duration_ms(eddy__phys_option(cx->pe, "table.exec.state.ttl", "0 ms"));
    np->ttl_ms = ttl > 0 ? ttl : 0;
    np->dedup = np->ttl_ms == 0;
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "ChangelogNormalize", &op_normalize, np, 1);
    if (!n) return NOMEM();
    TransOut edge = in[0];
    if (edge.part != PART_HASH) {
        /* no Exchange below (parallelism 1 plans): hash by the key anyway */
        edge.part = PART_HASH;
        edge.key = np->key;
    }
    eddy__translate_connect(n, 0, &edge);
    out->node = n;
    return EDDY_OK;
}

/* ---- DropUpdateBefore ------------------------------------------------------------------------- */

static eddy_status drop_ub_push(Op *op, int input, Batch *b) {
    (void)input;
    if (!b->kinds) return eddy__op_emit(op, b);
    uint32_t keep = 0;
    for (uint32_t i = 0; i < b->count; i++) keep += batch_kind(b, batch_row(b, i)) != RK_UPDATE_BEFORE;
    if (keep == b->count) return eddy__op_emit(op, b);
    if (keep == 0) return EDDY_OK;
    Batch *x = eddy__batch_share(b);
    uint32_t *sel = eddy__malloc(sizeof(uint32_t) * keep);
    if (!x || !sel) {
        eddy__batch_release(x);
        eddy__free(sel);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        if (batch_kind(b, r) != RK_UPDATE_BEFORE) sel[m++] = r;
    }
    eddy__batch_set_sel(x, sel, m);
    eddy_status rc = eddy__op_emit(op, x);
    eddy__batch_release(x);
    return rc;
}

static const OpVtab op_drop_ub = {.name = "DropUpdateBefore", .push_batch = drop_ub_push};

eddy_status eddy__translate_drop_update_before(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                               EdErr *err) {
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "DropUpdateBefore", &op_drop_ub, NULL, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    out->node = n;
    return EDDY_OK;
}
