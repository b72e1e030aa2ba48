/*
 * dedup.c -- streaming deduplication (Flink's Deduplicate): ROW_NUMBER() = 1
 * partitioned by a key and ordered by a time attribute, over an insert-only
 * input (the planner keeps a Rank otherwise).
 *
 *   keep first, proctime (ORDER BY proctime ASC):
 *       seen[key]? drop : (seen[key] = 1, +I row)           insert-only
 *   keep last, proctime (ORDER BY proctime DESC):
 *       prev = last[key]; last[key] = row
 *       prev absent: +I row
 *       prev equal to row in every field and no TTL: nothing
 *       else: -U prev (when the consumer needs -U), +U row
 *   rowtime (ORDER BY rowtime ASC / DESC):
 *       prev = kept[key]; keep first replaces it when row.rowtime < prev's,
 *       keep last when row.rowtime >= prev's; a replacement emits
 *       +I row (no prev) or -U prev (when needed), +U row
 *
 * With table.exec.deduplicate.insert-update-after-sensitive-enabled = false
 * and no -U needed, every emission of the updating forms is a +U (the first
 * row too) and keep-last on proctime keeps no state, as in Flink's
 * DeduplicateFunctionHelper.
 *
 * State (state.h, keyed by the dedup key hashed once per batch in a
 * KeyBatch): keep-first on proctime a one-byte slot per key (the slot fast
 * path: a batch's keys are looked up at once); the other forms a VALUE per
 * key holding the kept row ([i64 rowtime][serde row]). TTL from
 * table.exec.state.ttl. Scratch buffers live with the operator; nothing is
 * allocated per row. Memory runs out as the backend's account says.
 */
#include <string.h>

#include "runtime/ops/keyed_rows.h"
#include "types/serde.h"

typedef struct DedupPlan {
    int nkeys;
    const int *keys;
    const Type *key_type;
    int time_col;
    bool keep_last, rowtime;
    bool update_before;   /* emit -U */
    bool generate_insert; /* table.exec.deduplicate.insert-update-after-sensitive-enabled */
    int ncols;
    int64_t ttl_ms;
} DedupPlan;

typedef struct DedupState {
    State *st;
    KeyBatch kb;
    eddy_out out;
    Buf row, prev;
    Vector *zero; /* the constant key without key columns */
    OpsSlots sl; /* keep first on proctime: a batch's flags */
} DedupState;

static eddy_status dedup_open(Op *op) {
    const DedupPlan *p = op->plan;
    DedupState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->prev);
    StateBackend *be;
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &be);
    if (rc) return rc;
    bool first = !p->keep_last && !p->rowtime;
    StateDesc d = {.name = first ? "first-row" : "kept-row",
                   .kind = STATE_VALUE,
                   .key_type = p->key_type,
                   .value_type = first ? eddy__type_basic(TY_BOOLEAN, false) : eddy__type_bytes(false),
                   .fixed_size = first ? 8 : 0};
    d.ttl.ttl_ms = p->ttl_ms;
    return eddy__state_register(be, &d, &s->st);
}

static void dedup_close(Op *op) {
    DedupState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->prev);
    ops_slots_free(&s->sl);
    eddy__vec_release(s->zero);
}

/* The time of a row's ordering column (ms; TS_NONE for NULL). */
static int64_t row_time(const Vector *v, uint32_t r) {
    if (vec_is_null(v, r)) return TS_NONE;
    if (v->phys == PH_TS) return VEC_DATA(v, Ts)[vidx(v, r)].ms;
    if (v->phys == PH_I64) return VEC_DATA(v, int64_t)[vidx(v, r)];
    return TS_NONE;
}

/* Emits physical row r of b (from), or the serde row bytes (p, len), as kind. */
static eddy_status emit(Op *op, DedupState *s, const Batch *b, uint32_t r, const char *bytes, uint32_t len,
                        uint8_t kind, int64_t ts) {
    const DedupPlan *p = op->plan;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    Batch *ob = s->out.batch;
    uint32_t oi = s->out.row;
    eddy__out_set_all(&s->out);
    if (bytes) {
        if (!eddy__serde_read(bytes, len, ob->cols, p->ncols, oi)) {
            eddy__out_discard(&s->out);
            return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt deduplication state");
        }
    } else {
        for (int c = 0; c < p->ncols; c++) eddy__vec_copy_value(ob->cols[c], oi, b->cols[c], r);
    }
    if ((rc = ops_out_mark(op, &s->out, kind, ts))) return rc;
    return eddy__out_commit(&s->out);
}

static eddy_status check_insert(Op *op, const Batch *b, uint32_t r) {
    if (batch_kind(b, r) == RK_INSERT) return EDDY_OK;
    return eddy__op_fail(op, EDDY_E_INTERNAL, "Deduplicate got a row that is not an INSERT");
}

/* Keep first on processing time: a flag per key, all of a batch's keys at once. */
static eddy_status first_row_batch(Op *op, DedupState *s, const Batch *b) {
    eddy_status rc = EDDY_OK;
    if ((rc = ops_slots(op, &s->sl, s->st, &s->kb, b->count))) return rc;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        if ((rc = check_insert(op, b, r))) break;
        uint8_t *seen = s->sl.slots[i];
        if (*seen) continue;
        *seen = 1;
        rc = emit(op, s, b, r, NULL, 0, RK_INSERT, batch_ts(b, r));
    }
    eddy_status fr = eddy__state_flush(s->st);
    return rc ? rc : fr;
}

static eddy_status dedup_push(Op *op, int input, Batch *b) {
    (void)input;
    const DedupPlan *p = op->plan;
    DedupState *s = op->state;
    if (b->count == 0) return EDDY_OK;
    eddy_status rc = ops_key_batch(op, &s->kb, &s->zero, b, p->nkeys, p->keys);
    if (rc) return rc;
    if (!p->keep_last && !p->rowtime) {
        rc = first_row_batch(op, s, b);
        return rc ? rc : eddy__out_flush(&s->out);
    }
    bool stateless = !p->rowtime && !p->update_before && !p->generate_insert;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        if ((rc = check_insert(op, b, r))) break;
        int64_t ts = batch_ts(b, r);
        if (stateless) {
            rc = emit(op, s, b, r, NULL, 0, RK_UPDATE_AFTER, ts);
            continue;
        }
        StateKey k = eddy__key_batch_key(&s->kb, i);
        int64_t t = p->rowtime ? row_time(b->cols[p->time_col], r) : 0;
        s->row.len = 0;
        eddy__buf_put(&s->row, &t, 8);
        eddy__serde_write(&s->row, b->cols, p->ncols, r);
        if (s->row.failed || s->row.len > UINT32_MAX) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        const void *val;
        uint32_t vlen;
        bool found;
        if ((rc = eddy__state_get(s->st, &k, STATE_NO_NS, &val, &vlen, &found))) break;
        if (found && vlen < 8) return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt deduplication state");
        if (found && p->rowtime) {
            int64_t pt;
            memcpy(&pt, val, 8);
            bool replace = p->keep_last ? pt <= t : t < pt;
            if (!replace) continue;
        }
        if (found && !p->rowtime && p->ttl_ms <= 0 && vlen == s->row.len && memcmp(val, s->row.data, vlen) == 0)
            continue; /* the same row again: nothing changes */
        s->prev.len = 0;
        if (found) eddy__buf_put(&s->prev, val, vlen);
        if (s->prev.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        if ((rc = eddy__state_put(s->st, &k, STATE_NO_NS, s->row.data, (uint32_t)s->row.len))) break;
        if (!p->update_before && !p->generate_insert) {
            rc = emit(op, s, b, r, NULL, 0, RK_UPDATE_AFTER, ts);
        } else if (!found) {
            rc = emit(op, s, b, r, NULL, 0, RK_INSERT, ts);
        } else {
            if (p->update_before)
                rc = emit(op, s, NULL, 0, s->prev.data + 8, (uint32_t)s->prev.len - 8, RK_UPDATE_BEFORE, ts);
            if (!rc) rc = emit(op, s, b, r, NULL, 0, RK_UPDATE_AFTER, ts);
        }
    }
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static const OpVtab dedup_vt = {.name = "Deduplicate", .open = dedup_open, .push_batch = dedup_push, .close = dedup_close};

eddy_status eddy__translate_deduplicate(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    const PhysNode *ip = p->in[0];
    DedupPlan *dp = eddy__arena_alloc(cx->a, sizeof *dp);
    if (!dp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(dp, 0, sizeof *dp);
    dp->nkeys = p->ngroup;
    dp->keys = p->group;
    dp->time_col = p->order[0];
    dp->keep_last = p->keep_last;
    dp->rowtime = p->on_rowtime;
    dp->update_before = p->update == UK_BEFORE_AND_AFTER;
    const char *gi = eddy__phys_option(cx->pe, "table.exec.deduplicate.insert-update-after-sensitive-enabled", "true");
    dp->generate_insert = !eddy__str_ieq(gi, "false");
    dp->ncols = p->ncols;
    if (!(dp->key_type = ops_key_type(cx, ip, dp->nkeys, dp->keys))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    dp->ttl_ms = ops_state_ttl(cx);
    return ops_keyed_node(cx, p, "Deduplicate", &dedup_vt, dp, dp->nkeys, in, out, err);
}
