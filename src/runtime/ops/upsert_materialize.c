/*
 * upsert_materialize.c -- SinkUpsertMaterializer (Flink's, list form): before
 * a sink keyed by a primary key that is not the input's upsert key, it keeps
 * per sink key the rows currently alive, in arrival order, so that a late
 * retraction of an older row does not delete the current value:
 *
 *   +I / +U row   -> +I row (no row alive) or +U row; row appended
 *   -U / -D row   -> the first equal alive row removed; then
 *                    none left: -D row; the last one removed: +U new last;
 *                    else nothing. A row not alive: nothing.
 *
 *   per batch:  kb = KeyBatch(sink key)   (hash once)
 *   per row i:  rows = state[kb.key(i)]; update, emit
 *
 * State: one LIST state "materialize" per key, rows in serde.h form
 * (compared by bytes). Memory: the backend's, charged to the operator.
 */
#include "plan/phys.h"
#include "runtime/hash.h"
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/ops.h"
#include "types/serde.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

typedef struct MatPlan {
    const KeySpec *key;
    const Type *type;
} MatPlan;

typedef struct MatState {
    State *st;
    KeyBatch kb;
    eddy_out out;
    Buf row, list;
} MatState;

static eddy_status mat_open(Op *op) {
    const MatPlan *p = op->plan;
    MatState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->list);
    StateBackend *be;
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &be);
    if (rc) return rc;
    StateDesc d = {.name = "materialize",
                   .kind = STATE_LIST,
                   .key_type = p->key->nkeys == 1 ? p->key->types[0] : NULL,
                   .value_type = p->type};
    return eddy__state_register(be, &d, &s->st);
}

static void mat_close(Op *op) {
    MatState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->list);
}

/* Emits a row in serde form with `kind`. */
static eddy_status emit_bytes(Op *op, MatState *s, const void *p, uint32_t len, eddy_row_kind kind) {
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    if (!eddy__serde_read(p, len, s->out.batch->cols, op->node->ncols, s->out.row))
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt SinkUpsertMaterializer state");
    if ((rc = eddy_out_set_kind(&s->out, kind))) return rc;
    return eddy__out_commit(&s->out);
}

/* A retraction of the row in s->row for key k. */
static eddy_status retract(Op *op, MatState *s, const StateKey *k) {
    const void *blob;
    uint32_t len, pos = 0, n = 0, idx = UINT32_MAX;
    bool found;
    eddy_status rc = eddy__state_list_get(s->st, k, STATE_NO_NS, &blob, &len, &found);
    if (rc || !found) return rc;
    s->list.len = 0;
    const void *e, *last = NULL;
    uint32_t elen, last_len = 0;
    while (eddy__state_list_next(blob, len, &pos, &e, &elen)) {
        if (idx == UINT32_MAX && elen == s->row.len && memcmp(e, s->row.data, elen) == 0) {
            idx = n++;
            continue;
        }
        eddy__state_list_frame(&s->list, e, elen);
        last = e;
        last_len = elen;
        n++;
    }
    if (idx == UINT32_MAX) return EDDY_OK; /* not alive (state cleared): nothing */
    if (s->list.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    if (n == 1) {
        rc = emit_bytes(op, s, s->row.data, (uint32_t)s->row.len, EDDY_DELETE);
        return rc ? rc : eddy__state_list_update(s->st, k, STATE_NO_NS, NULL, 0);
    }
    /* the rows are borrowed from the backend until the update: emit first */
    if (idx == n - 1 && (rc = emit_bytes(op, s, last, last_len, EDDY_UPDATE_AFTER))) return rc;
    return eddy__state_list_update(s->st, k, STATE_NO_NS, s->list.data, (uint32_t)s->list.len);
}

static eddy_status mat_push(Op *op, int input, Batch *b) {
    (void)input;
    const MatPlan *p = op->plan;
    MatState *s = op->state;
    if (b->count == 0) return EDDY_OK;
    eddy_status rc = ops_key_spec_batch(op, &s->kb, p->key, b);
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        StateKey k = eddy__key_batch_key(&s->kb, i);
        s->out.default_ts = batch_ts(b, r);
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, op->node->ncols, r);
        if (s->row.failed || s->row.len > UINT32_MAX) {
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        uint8_t kind = batch_kind(b, r);
        if (kind == RK_INSERT || kind == RK_UPDATE_AFTER) {
            const void *blob;
            uint32_t len;
            bool found;
            if ((rc = eddy__state_list_get(s->st, &k, STATE_NO_NS, &blob, &len, &found))) break;
            rc = emit_bytes(op, s, s->row.data, (uint32_t)s->row.len, found && len ? EDDY_UPDATE_AFTER : EDDY_INSERT);
            if (!rc) rc = eddy__state_list_add(s->st, &k, STATE_NO_NS, s->row.data, (uint32_t)s->row.len);
        } else {
            rc = retract(op, s, &k);
        }
    }
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static const OpVtab op_materialize = {.name = "SinkUpsertMaterializer",
                                      .open = mat_open,
                                      .push_batch = mat_push,
                                      .close = mat_close};

/* SinkUpsertMaterializer: keyed by the sink's primary key, read from the
 * input columns the sink's conversion takes them from. */
eddy_status eddy__translate_sink_upsert_materializer(TranslateCtx *cx, const PhysNode *p, const TransOut *in,
                                                     TransOut *out, EdErr *err) {
    int *cols = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(p->npk + 1));
    MatPlan *mp = eddy__arena_alloc(cx->a, sizeof *mp);
    if (!cols || !mp) return NOMEM();
    for (int k = 0; k < p->npk; k++) {
        const Expr *e = p->exprs ? p->exprs[p->pk[k]] : NULL;
        while (e && e->kind == EX_CAST) e = e->args[0];
        if (!e || e->kind != EX_COLUMN)
            return eddy__err(err, EDDY_E_UNSUPPORTED,
                             "not supported yet: a sink primary key computed from its input (SinkUpsertMaterializer)");
        cols[k] = e->index;
    }
    mp->key = eddy__translate_key(cx, p->in[0], p->npk, cols);
    mp->type = eddy__translate_row_type(cx, p);
    if (!mp->key || !mp->type) return NOMEM();
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "SinkUpsertMaterializer", &op_materialize, mp, 1);
    if (!n) return NOMEM();
    TransOut edge = in[0];
    edge.part = PART_HASH;
    edge.key = mp->key;
    eddy__translate_connect(n, 0, &edge);
    out->node = n;
    return EDDY_OK;
}
