/*
 * reduce.c -- keyed reduce (KeyedStream.reduce / sum) on the state API.
 *
 *   per batch:  keys = the key columns; kb = KeyBatch(keys)   (hash once)
 *   per row i:  acc = state[kb.key(i)]
 *               result = acc ? reduce(acc, row) : row          (sum: acc + row)
 *               state[kb.key(i)] = result
 *               STREAMING: emit +I result
 *   BATCH, at the end of input: emit +I state[k] for every key k
 *
 * STREAMING emits the new result for every input row (a key's first row is
 * its first result, as in Flink); BATCH emits each key's final result once
 * (reference §3a testTableStreamConversionBatch). Rows are reduced in arrival
 * order, so the state is read and written row by row; the key hashing and
 * encoding is done once per batch.
 *
 * State: one VALUE state "reduce" per key: the current result row in the
 * serde.h form, in the operator's state backend (heap or whatever the
 * runtime made), snapshotted with it by key group. Memory: the backend's,
 * charged against the job's managed memory; past it the job fails with the
 * budget's message. A result left with NULL in a field of a NOT NULL type
 * fails the job, as a scalar function's NULL result does. Scratch: the one-row accumulator batch and the output
 * batch live with the operator; the KeyBatch is reused batch after batch.
 */
#include "runtime/hash.h"
#include "runtime/ops/ops.h"
#include "types/serde.h"

typedef struct ReduceState {
    State *st;
    KeyBatch kb;
    Batch *acc; /* one-row scratch for the deserialized result */
    eddy_out out;
    Buf vbuf;
    Arena scratch;
    const char *who; /* for the NOT NULL check of the function's results */
} ReduceState;

static eddy_status reduce_open(Op *op) {
    const ReducePlan *p = op->plan;
    ReduceState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__key_batch_init(&s->kb);
    s->acc = eddy__batch_new_typed(op->node->ncols, op->node->col_types, 1);
    eddy__buf_init(&s->vbuf);
    eddy__arena_init(&s->scratch, 4096);
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned, op,
                   eddy__op_err(op));
    s->out.single = true;
    s->who = eddy__arena_printf(op->arena, "The reduce function of operator '%s' returned", op->node->name);
    if (!s->acc || !s->who) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    s->acc->n = s->acc->count = 1;
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (rc) return rc;
    StateDesc d = {.name = "reduce",
                   .kind = STATE_VALUE,
                   .key_type = p->key->nkeys == 1 ? p->key->types[0] : NULL,
                   .value_type = p->type};
    return eddy__state_register(be, &d, &s->st);
}

static void reduce_close(Op *op) {
    ReduceState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__batch_release(s->acc);
    eddy__out_free(&s->out);
    eddy__buf_free(&s->vbuf);
    eddy__arena_destroy(&s->scratch);
}

/* out[f] = acc[f] + in[f] for the numeric column f (wrapping like Java). */
static eddy_status sum_into(Op *op, Vector *o, uint32_t oi, const Vector *a, const Vector *in, uint32_t ii) {
    if (vec_is_null(a, 0) || vec_is_null(in, ii)) {
        eddy__vec_copy_value(o, oi, vec_is_null(a, 0) ? in : a, vec_is_null(a, 0) ? ii : 0);
        return EDDY_OK;
    }
    vec_set_valid(o, oi);
    switch ((PhysKind)o->phys) {
    case PH_I8: VEC_DATA(o, int8_t)[oi] = (int8_t)((uint8_t)VEC_DATA(a, int8_t)[0] + (uint8_t)VEC_DATA(in, int8_t)[ii]); break;
    case PH_I16:
        VEC_DATA(o, int16_t)[oi] = (int16_t)((uint16_t)VEC_DATA(a, int16_t)[0] + (uint16_t)VEC_DATA(in, int16_t)[ii]);
        break;
    case PH_I32:
        VEC_DATA(o, int32_t)[oi] = (int32_t)((uint32_t)VEC_DATA(a, int32_t)[0] + (uint32_t)VEC_DATA(in, int32_t)[ii]);
        break;
    case PH_I64:
        VEC_DATA(o, int64_t)[oi] = (int64_t)((uint64_t)VEC_DATA(a, int64_t)[0] + (uint64_t)VEC_DATA(in, int64_t)[ii]);
        break;
    case PH_F32: VEC_DATA(o, float)[oi] = VEC_DATA(a, float)[0] + VEC_DATA(in, float)[ii]; break;
    case PH_F64: VEC_DATA(o, double)[oi] = VEC_DATA(a, double)[0] + VEC_DATA(in, double)[ii]; break;
    case PH_I128: VEC_DATA(o, ed_i128)[oi] = VEC_DATA(a, ed_i128)[0] + VEC_DATA(in, ed_i128)[ii]; break;
    default: return eddy__op_fail(op, EDDY_E_RUNTIME, "sum() needs a numeric field");
    }
    return EDDY_OK;
}

static eddy_status reduce_push(Op *op, int input, Batch *b) {
    (void)input;
    const ReducePlan *p = op->plan;
    ReduceState *s = op->state;
    Vector *keys[16];
    if (p->key->nkeys > 16) return eddy__op_fail(op, EDDY_E_UNSUPPORTED, "keys of more than 16 fields are not supported yet");
    eddy_status rc = eddy__key_compute(p->key, b, keys, eddy__op_err(op));
    if (rc) return rc;
    rc = eddy__key_batch_encode(&s->kb, keys, p->key->nkeys, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    int ncols = op->node->ncols;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        StateKey k = eddy__key_batch_key(&s->kb, i);
        const void *val;
        uint32_t vlen;
        bool found;
        if ((rc = eddy__state_get(s->st, &k, STATE_NO_NS, &val, &vlen, &found))) break;
        s->out.default_ts = batch_ts(b, r);
        if ((rc = eddy__out_begin(&s->out))) break;
        Vector **oc = s->out.batch->cols;
        uint32_t oi = s->out.row;
        if (!found) {
            eddy__out_set_all(&s->out);
            for (int c = 0; c < ncols; c++) eddy__vec_copy_value(oc[c], oi, b->cols[c], r);
        } else {
            for (int c = 0; c < ncols; c++) eddy__vec_reset(s->acc->cols[c]);
            if (!eddy__serde_read(val, vlen, s->acc->cols, ncols, 0)) {
                rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt reduce state");
                break;
            }
            if (p->sum_field >= 0) {
                eddy__out_set_all(&s->out);
                for (int c = 0; c < ncols; c++)
                    if (c != p->sum_field) eddy__vec_copy_value(oc[c], oi, s->acc->cols[c], 0);
                rc = sum_into(op, oc[p->sum_field], oi, s->acc->cols[p->sum_field], b->cols[p->sum_field], r);
            } else {
                eddy_row acc_row, in_row;
                eddy__row_view(&acc_row, p->type, s->acc, 0, &s->scratch);
                eddy__row_view(&in_row, p->type, b, r, &s->scratch);
                rc = p->fn(p->ctx, &acc_row, &in_row, &s->out);
                if (rc) {
                    if (rc == EDDY_ROW || rc == EDDY_DONE) rc = EDDY_E_UDF;
                    if (!eddy__err_is_set(eddy__op_err(op)))
                        eddy__op_fail(op, rc, "The reduce function of '%s' failed (%s).", op->node->name,
                                      eddy_status_name(rc));
                }
            }
            eddy__arena_reset(&s->scratch);
            if (rc) break;
        }
        eddy__out_seal(&s->out);
        if (p->fn && (rc = eddy__out_check_not_null(&s->out, s->who))) break;
        s->vbuf.len = 0;
        eddy__serde_write(&s->vbuf, oc, ncols, oi);
        if (s->vbuf.failed || s->vbuf.len > UINT32_MAX) {
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        if ((rc = eddy__state_put(s->st, &k, STATE_NO_NS, s->vbuf.data, (uint32_t)s->vbuf.len))) break;
        if (op->batch_mode) eddy__out_discard(&s->out);
        else rc = eddy__out_commit(&s->out);
    }
    for (int k = 0; k < p->key->nkeys; k++) eddy__vec_release(keys[k]);
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static eddy_status reduce_finish(Op *op) {
    ReduceState *s = op->state;
    if (!op->batch_mode) return EDDY_OK;
    StateIter *it;
    eddy_status rc = eddy__state_iter_keys(s->st, NULL, &it);
    if (rc) return rc;
    s->out.default_ts = TS_NONE;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
        if ((rc = eddy__out_begin(&s->out))) break;
        eddy__out_set_all(&s->out);
        if (!eddy__serde_read(e.value, e.value_len, s->out.batch->cols, op->node->ncols, s->out.row)) {
            rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt reduce state");
            break;
        }
        if ((rc = eddy__out_commit(&s->out))) break;
    }
    eddy__state_iter_close(it);
    return rc ? rc : eddy__out_flush(&s->out);
}

const OpVtab eddy__op_reduce = {.name = "Keyed Reduce",
                                .open = reduce_open,
                                .push_batch = reduce_push,
                                .finish = reduce_finish,
                                .close = reduce_close};
