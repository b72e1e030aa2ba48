/*
 * join.c -- the streaming regular join (PK_JOIN): inner, left, right and
 * full outer joins, and the semi / anti joins of IN / EXISTS / NOT IN /
 * NOT EXISTS, over insert-only or updating inputs, as Flink's
 * StreamingJoinOperator and StreamingSemiAntiJoinOperator run them.
 *
 * Both inputs arrive hash-partitioned by the equi-join keys (or on one
 * subtask when there are none); each side's rows live in keyed MAP state
 * under the join key ("left-records", "right-records"):
 *
 *   map key    the view of the side (Flink's JoinRecordStateView):
 *                JoinKeyContainsUniqueKey  one record per join key (a fixed
 *                                          one-byte map key)
 *                HasUniqueKey              the unique key's bytes
 *                NoUniqueKey               the record's bytes
 *   value      [u32 count][u32 associations][record bytes] (NoUniqueKey: the
 *              record is the map key and only the 8 bytes are stored); the
 *              count is the record's multiplicity (1 in the unique-key
 *              views), associations the number of other-side rows it joins
 *              with (kept for the outer side of an outer join and the left
 *              side of a semi / anti join: Flink's OuterJoinRecordStateView).
 *
 * A NoUniqueKey side whose input is insert-only, that keeps no
 * associations and has no TTL is never looked up by record: its records
 * are a LIST state under the join key instead (appended; each element one
 * record of count 1, equal records repeated), which spares hashing and
 * comparing every record on its way in.
 *
 * Per input row: the other side's records under the row's key are the
 * candidates, the residual condition (the non-equi conjuncts, evaluated a
 * chunk of candidate pairs at a time) picks the matches, and the row kinds
 * go out as Flink sends them: an inner join forwards the input's kind
 * (+I/+U, -U/-D), an outer join sends +I / -D only -- a row padded with
 * NULLs is retracted with -D and the joined rows inserted with +I when its
 * first match arrives, and inserted again when its last match goes. A key
 * compared with '=' that is NULL matches nothing (IS NOT DISTINCT FROM keys
 * match NULLs); such rows are still kept, as Flink keeps them.
 *
 * A batch at a time: the batch's join keys are encoded and hashed once
 * (KeyBatch); a side whose unique key is within the join key is probed with
 * one map get, the others by iterating the key's map; scratch (the candidate pairs, the matches, the encoded rows)
 * lives with the operator and is reused. An inner join with a residual
 * condition puts the candidate pairs of the batch's rows into batches of the
 * output's columns, evaluates the residual once per CAND_CAP pairs and emits
 * those batches with the matches selected (in the row-at-a-time order), then
 * updates its side's state for the batch's rows. State TTL (table.exec.state.ttl)
 * applies to every record of both sides (a retraction of an expired record
 * finds nothing, as in Flink).
 */
#include <stdlib.h>
#include <string.h>

#include "plan/phys.h"
#include "runtime/hash.h"
#include "runtime/ops/ops.h"
#include "state/state.h"
#include "types/serde.h"

#define PAIR_CAP 256 /* candidate pairs evaluated at once */
#define CAND_CAP 1024 /* batched inner joins: candidate pairs per output batch */
#define DEC_CACHE 64  /* records remembered per cand batch */
#define MAX_KEYS 16

typedef struct JoinSide {
    const KeySpec *key;  /* the equi-join key columns */
    JoinInputSpec spec;
    int nuk;             /* JIS_HAS_UNIQUE_KEY: the unique key's columns */
    const int *uk;
    int ncols;
    const Type *row_type;
    bool list; /* an insert-only NoUniqueKey side without associations: LIST state of its records */
} JoinSide;

typedef struct JoinPlan {
    JoinType type;
    JoinSide side[2];
    int nkeys;
    const bool *filter_null; /* per key: '=' (a NULL matches nothing) */
    const Expr *residual;    /* over left + right columns; NULL: none */
    const Type *const *pair_types;
    const Type *key_type;
    const TimeZone *tz;
    int64_t ttl_ms;
} JoinPlan;

typedef struct Match {
    uint32_t count, assoc;
    uint32_t row;              /* the input row's position in its batch (batched inner joins) */
    uint32_t mk_off, mk_len;   /* in mbuf */
    uint32_t row_off, row_len; /* in mbuf */
} Match;

typedef struct JoinRun {
    State *st[2];
    bool outer[2]; /* the side keeps associations */
    bool semi, anti;
    bool plain_inner; /* an inner join without a residual condition */
    KeyBatch kb;
    KeyBatch kb0; /* no equi-join key: the one key, a NULL TINYINT */
    StateKey key0;
    Batch *pair; /* candidate pairs (left + right columns) */
    Batch *cand; /* batched inner joins: the candidate pairs, in the output's layout */
    uint32_t ncand, cand_gen;
    /* records decoded into the current cand batch (by their state bytes,
     * which do not move while the pairs are gathered): a record met again
     * (a hot key's) is copied from its first slot */
    const void *dec_ptr[DEC_CACHE];
    uint32_t dec_slot[DEC_CACHE], dec_gen[DEC_CACHE];
    ExprProg *cond;
    EvalCtx cx;
    Arena scratch, progs;
    uint32_t keep[CAND_CAP];
    Buf row, mk, val, mbuf;
    Match *m;
    size_t nm, mcap;
    uint64_t total; /* matches counted with their multiplicity */
    eddy_out out;
} JoinRun;

static const uint8_t JKCUK_KEY = 0;

#define OOM(op) eddy__op_fail((op), EDDY_E_NOMEM, "out of memory")

/* ---- open / close --------------------------------------------------------------------------- */

static eddy_status join_open(Op *op) {
    const JoinPlan *p = op->plan;
    JoinRun *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return OOM(op);
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__key_batch_init(&s->kb);
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->mk);
    eddy__buf_init(&s->val);
    eddy__buf_init(&s->mbuf);
    eddy__arena_init(&s->scratch, 16384);
    eddy__arena_init(&s->progs, 4096);
    s->semi = p->type == JOIN_SEMI;
    s->anti = p->type == JOIN_ANTI;
    s->outer[0] = p->type == JOIN_LEFT || p->type == JOIN_FULL || s->semi || s->anti;
    s->outer[1] = p->type == JOIN_RIGHT || p->type == JOIN_FULL;
    s->plain_inner = p->type == JOIN_INNER && !p->residual;
    eddy__out_init(&s->out, op->node->type, op->node->ncols, op->node->col_types, op->batch_size, eddy__op_emit_owned,
                   op, eddy__op_err(op));
    int npair = p->side[0].ncols + p->side[1].ncols;
    if (p->residual) {
        s->cx = (EvalCtx){.scratch = &s->scratch, .err = eddy__op_err(op), .tz = p->tz, .now_ms = eddy__wall_ms()};
        s->cx.proc_ms = s->cx.now_ms;
        if (!(s->pair = eddy__batch_new_typed(npair, p->pair_types, PAIR_CAP))) return OOM(op);
        eddy_status rc = eddy__expr_compile(&s->progs, p->residual, &s->cx, &s->cond);
        eddy__arena_reset(&s->scratch);
        if (rc) return rc;
    }
    eddy__key_batch_init(&s->kb0);
    if (!p->nkeys) {
        Vector *v = eddy__vec_new(p->key_type, 1);
        if (!v) return OOM(op);
        eddy__vec_set_null(v, 0);
        eddy_status rc = eddy__key_batch_encode(&s->kb0, &v, 1, NULL, 1, op->max_parallelism, eddy__op_err(op));
        eddy__vec_release(v);
        if (rc) return rc;
        s->key0 = eddy__key_batch_key(&s->kb0, 0);
    }
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (rc) return rc;
    static const char *names[2] = {"left-records", "right-records"};
    for (int i = 0; i < 2; i++) {
        StateDesc d = {.name = names[i],
                       .kind = p->side[i].list ? STATE_LIST : STATE_MAP,
                       .key_type = p->key_type,
                       .map_key_type = p->side[i].list ? NULL : eddy__type_bytes(false),
                       .value_type = eddy__type_bytes(false)};
        d.ttl.ttl_ms = p->ttl_ms;
        if ((rc = eddy__state_register(be, &d, &s->st[i]))) return rc;
    }
    return EDDY_OK;
}

static void join_close(Op *op) {
    JoinRun *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__key_batch_free(&s->kb0);
    eddy__batch_release(s->pair);
    eddy__batch_release(s->cand);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->mk);
    eddy__buf_free(&s->val);
    eddy__buf_free(&s->mbuf);
    free(s->m);
    eddy__mem_release(&op->mem, (int64_t)(s->mcap * sizeof(Match)));
    eddy__out_free(&s->out);
    eddy__arena_destroy(&s->scratch);
    eddy__arena_destroy(&s->progs);
}

/* ---- the state views --------------------------------------------------------------------------- */

typedef struct Hdr {
    uint32_t count, assoc;
} Hdr;

static Hdr hdr_of(const void *v, uint32_t len) {
    Hdr h = {0, 0};
    if (len >= sizeof h) memcpy(&h, v, sizeof h);
    return h;
}

/* The map key of the input row (s->row holds its encoded columns) into s->mk. */
static void map_key(JoinRun *s, const JoinSide *sd, const Batch *b, uint32_t r, const void **mk, uint32_t *len) {
    switch (sd->spec) {
    case JIS_JOIN_KEY_CONTAINS_UNIQUE_KEY:
        *mk = &JKCUK_KEY;
        *len = 1;
        return;
    case JIS_HAS_UNIQUE_KEY: {
        s->mk.len = 0;
        Vector *cols[MAX_KEYS];
        for (int i = 0; i < sd->nuk; i++) cols[i] = b->cols[sd->uk[i]];
        eddy__serde_write(&s->mk, cols, sd->nuk, r);
        *mk = s->mk.data;
        *len = (uint32_t)s->mk.len;
        return;
    }
    default:
        *mk = s->row.data;
        *len = (uint32_t)s->row.len;
    }
}

static eddy_status put_rec(Op *op, JoinRun *s, int side, const StateKey *k, const void *mk, uint32_t mklen, Hdr h,
                           const void *row, uint32_t rowlen, bool with_row) {
    s->val.len = 0;
    eddy__buf_put(&s->val, &h, sizeof h);
    if (with_row) eddy__buf_put(&s->val, row, rowlen);
    if (s->val.failed) return OOM(op);
    return eddy__state_map_put(s->st[side], k, STATE_NO_NS, mk, mklen, s->val.data, (uint32_t)s->val.len);
}

/* NoUniqueKey's add: one more of the record, its associations set. */
static void count_one_more(void *ctx, void *val, bool found) {
    Hdr h = {1, *(const uint32_t *)ctx};
    if (found) h.count = hdr_of(val, sizeof h).count + 1;
    memcpy(val, &h, sizeof h);
}

/* addRecord(record[, associations]) */
static eddy_status view_add(Op *op, JoinRun *s, int side, const StateKey *k, const void *mk, uint32_t mklen,
                            uint32_t assoc) {
    const JoinPlan *p = op->plan;
    if (p->side[side].list) return eddy__state_list_add(s->st[side], k, STATE_NO_NS, mk, mklen);
    if (p->side[side].spec == JIS_NO_UNIQUE_KEY)
        return eddy__state_map_update(s->st[side], k, STATE_NO_NS, mk, mklen, (uint32_t)sizeof(Hdr), count_one_more,
                                      &assoc);
    return put_rec(op, s, side, k, mk, mklen, (Hdr){1, assoc}, s->row.data, (uint32_t)s->row.len, true);
}

/* retractRecord(record) */
static eddy_status view_retract(Op *op, JoinRun *s, int side, const StateKey *k, const void *mk, uint32_t mklen) {
    const JoinPlan *p = op->plan;
    if (p->side[side].list) return eddy__op_fail(op, EDDY_E_INTERNAL, "a retraction on an insert-only join input");
    if (p->side[side].spec == JIS_NO_UNIQUE_KEY) {
        const void *v;
        uint32_t vlen;
        bool found;
        eddy_status rc = eddy__state_map_get(s->st[side], k, STATE_NO_NS, mk, mklen, &v, &vlen, &found);
        if (rc || !found) return rc;
        Hdr h = hdr_of(v, vlen);
        if (h.count > 1) {
            h.count--;
            return put_rec(op, s, side, k, mk, mklen, h, NULL, 0, false);
        }
    }
    return eddy__state_map_remove(s->st[side], k, STATE_NO_NS, mk, mklen, NULL);
}

/* updateNumOfAssociations(record, n) of a matched record of `side`. */
static eddy_status view_assoc(Op *op, JoinRun *s, int side, const StateKey *k, const Match *m, uint32_t assoc) {
    const JoinPlan *p = op->plan;
    bool nuk = p->side[side].spec == JIS_NO_UNIQUE_KEY;
    Hdr h = {m->count, assoc};
    /* mbuf may move while val grows: separate buffers, so the pointers hold */
    return put_rec(op, s, side, k, s->mbuf.data + m->mk_off, m->mk_len, h, s->mbuf.data + m->row_off, m->row_len,
                   !nuk);
}

/* ---- candidates ------------------------------------------------------------------------------------ */

static eddy_status push_match(Op *op, JoinRun *s, const StateEntry *e) {
    if (s->nm == s->mcap) {
        /* the matches of one key: charged to the operator's account */
        size_t nc = s->mcap ? s->mcap * 2 : 64;
        eddy_status rc = eddy__mem_charge(&op->mem, (int64_t)((nc - s->mcap) * sizeof(Match)), eddy__op_err(op));
        if (rc) return rc;
        Match *nm = realloc(s->m, nc * sizeof *nm);
        if (!nm) {
            eddy__mem_release(&op->mem, (int64_t)((nc - s->mcap) * sizeof(Match)));
            return OOM(op);
        }
        s->m = nm;
        s->mcap = nc;
    }
    Hdr h = hdr_of(e->value, e->value_len);
    Match *m = &s->m[s->nm++];
    m->count = h.count;
    m->assoc = h.assoc;
    m->mk_off = (uint32_t)s->mbuf.len;
    m->mk_len = e->ukey_len;
    eddy__buf_put(&s->mbuf, e->ukey, e->ukey_len);
    m->row_off = (uint32_t)s->mbuf.len;
    if (e->value_len > sizeof h) {
        m->row_len = e->value_len - (uint32_t)sizeof h;
        eddy__buf_put(&s->mbuf, (const char *)e->value + sizeof h, m->row_len);
    } else {
        /* NoUniqueKey: the record is the map key */
        m->row_off = m->mk_off;
        m->row_len = m->mk_len;
    }
    return s->mbuf.failed ? OOM(op) : EDDY_OK;
}

/* Evaluates the residual condition over the pending candidates
 * m[base .. nm) (rows 0.. of the pair batch), keeping the matches. */
static eddy_status filter_pending(JoinRun *s, size_t base) {
    uint32_t n = (uint32_t)(s->nm - base), kept = 0;
    if (!n) return EDDY_OK;
    s->pair->n = s->pair->count = n;
    eddy_status rc = eddy__expr_filter(s->cond, &s->cx, s->pair, NULL, n, s->keep, &kept);
    eddy__arena_reset(&s->scratch);
    if (rc) return rc;
    for (uint32_t i = 0; i < kept; i++) s->m[base + i] = s->m[base + s->keep[i]];
    s->nm = base + kept;
    return EDDY_OK;
}

static void reset_pair(JoinRun *s) {
    for (int c = 0; c < s->pair->ncols; c++) eddy__vec_reset(s->pair->cols[c]);
}

/* The records of one side under a key: a map iteration, or for the
 * JoinKeyContainsUniqueKey view (one record at most) a single get, which
 * allocates nothing. */
typedef struct RecIter {
    StateIter *it;
    bool single, done;
    StateEntry one;
    /* a LIST side: its blob of records, each of count 1 */
    const void *blob;
    uint32_t blen, pos;
} RecIter;

static const Hdr ONE_RECORD = {1, 0};

static eddy_status rec_open(JoinRun *s, const JoinPlan *p, int side, const StateKey *k, RecIter *ri) {
    *ri = (RecIter){0};
    if (p->side[side].list) {
        bool found;
        eddy_status rc = eddy__state_list_get(s->st[side], k, STATE_NO_NS, &ri->blob, &ri->blen, &found);
        if (rc || !found) ri->blob = NULL, ri->blen = 0;
        ri->one.value = &ONE_RECORD;
        ri->one.value_len = (uint32_t)sizeof ONE_RECORD;
        return rc;
    }
    if (p->side[side].spec != JIS_JOIN_KEY_CONTAINS_UNIQUE_KEY)
        return eddy__state_iter_map(s->st[side], k, STATE_NO_NS, &ri->it);
    ri->single = true;
    bool found;
    eddy_status rc = eddy__state_map_get(s->st[side], k, STATE_NO_NS, &JKCUK_KEY, 1, &ri->one.value,
                                         &ri->one.value_len, &found);
    ri->one.ukey = &JKCUK_KEY;
    ri->one.ukey_len = 1;
    ri->done = rc || !found;
    return rc;
}

static eddy_status rec_next(RecIter *ri, StateEntry *e, bool *has) {
    if (ri->blob || ri->one.value == &ONE_RECORD) {
        *has = ri->blob && eddy__state_list_next(ri->blob, ri->blen, &ri->pos, &ri->one.ukey, &ri->one.ukey_len);
        if (*has) *e = ri->one;
        return EDDY_OK;
    }
    if (!ri->single) return eddy__state_iter_next(ri->it, e, has);
    *has = !ri->done;
    if (*has) *e = ri->one;
    ri->done = true;
    return EDDY_OK;
}

static void rec_close(RecIter *ri) {
    if (ri->it) eddy__state_iter_close(ri->it);
}

/* Appends to s->m the records of the other side under k that the input row
 * (side `in`, row r of b, position i of the batch) joins with; the residual
 * condition runs over the pending candidates m[*base ..) a PAIR_CAP chunk
 * at a time (the caller filters the last chunk). */
static eddy_status gather_more(Op *op, JoinRun *s, int in, const StateKey *k, const Batch *b, uint32_t r, uint32_t i,
                               size_t *base) {
    const JoinPlan *p = op->plan;
    int other = 1 - in, nl = p->side[0].ncols;
    int in_off = in ? nl : 0, other_off = in ? 0 : nl, nother = p->side[other].ncols;
    RecIter it;
    eddy_status rc = rec_open(s, p, other, k, &it);
    if (rc) return rc;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = rec_next(&it, &e, &has)) || !has) break;
        if ((rc = push_match(op, s, &e))) break;
        s->m[s->nm - 1].row = i;
        if (!s->cond) continue;
        const Match *m = &s->m[s->nm - 1];
        uint32_t slot = (uint32_t)(s->nm - 1 - *base);
        if (!eddy__serde_read(s->mbuf.data + m->row_off, m->row_len, s->pair->cols + other_off, nother, slot)) {
            rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt join state");
            break;
        }
        for (int c = 0; c < p->side[in].ncols; c++) eddy__vec_copy_value(s->pair->cols[in_off + c], slot, b->cols[c], r);
        if (slot + 1 == PAIR_CAP) {
            if ((rc = filter_pending(s, *base))) break;
            *base = s->nm;
            reset_pair(s);
        }
    }
    rec_close(&it);
    return rc;
}

/* The records of the other side under k that the input row (side `in`, row
 * r of b) joins with: s->m[0 .. nm), s->total with their counts. */
static eddy_status gather(Op *op, JoinRun *s, int in, const StateKey *k, const Batch *b, uint32_t r) {
    s->nm = 0;
    s->total = 0;
    s->mbuf.len = 0;
    size_t base = 0;
    if (s->cond) reset_pair(s);
    eddy_status rc = gather_more(op, s, in, k, b, r, 0, &base);
    if (!rc && s->cond) rc = filter_pending(s, base);
    for (size_t i = 0; i < s->nm; i++) s->total += s->m[i].count;
    return rc;
}

/* ---- output ------------------------------------------------------------------------------------------- */

static eddy_status begin_row(Op *op, JoinRun *s, uint8_t kind) {
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    eddy__out_set_all(&s->out);
    if (kind != RK_INSERT) {
        Batch *ob = s->out.batch;
        if (!ob->kinds && !eddy__batch_ensure_kinds(ob, s->out.cap)) return OOM(op);
        VEC_DATA(ob->kinds, uint8_t)[s->out.row] = kind;
    }
    return EDDY_OK;
}

/* The columns of `side` in the output row from the input batch's row r. */
static void put_input(Op *op, JoinRun *s, int side, const Batch *b, uint32_t r) {
    const JoinPlan *p = op->plan;
    int off = side ? p->side[0].ncols : 0;
    Vector **oc = s->out.batch->cols;
    for (int c = 0; c < p->side[side].ncols; c++) eddy__vec_copy_value(oc[off + c], s->out.row, b->cols[c], r);
}

static eddy_status put_match(Op *op, JoinRun *s, int side, const Match *m) {
    const JoinPlan *p = op->plan;
    int off = side ? p->side[0].ncols : 0;
    if (!eddy__serde_read(s->mbuf.data + m->row_off, m->row_len, s->out.batch->cols + off, p->side[side].ncols,
                          s->out.row))
        return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt join state");
    return EDDY_OK;
}

static void put_nulls(Op *op, JoinRun *s, int side) {
    const JoinPlan *p = op->plan;
    int off = side ? p->side[0].ncols : 0;
    for (int c = 0; c < p->side[side].ncols; c++) eddy__vec_set_null(s->out.batch->cols[off + c], s->out.row);
}

/* [input row + match] (or, semi / anti, the input row alone), `times` times. */
static eddy_status emit_pair(Op *op, JoinRun *s, uint8_t kind, int in, const Batch *b, uint32_t r, const Match *m,
                             uint32_t times) {
    for (uint32_t t = 0; t < times; t++) {
        eddy_status rc = begin_row(op, s, kind);
        if (rc) return rc;
        put_input(op, s, in, b, r);
        if (m && (rc = put_match(op, s, 1 - in, m))) return rc;
        if ((rc = eddy__out_commit(&s->out))) return rc;
    }
    return EDDY_OK;
}

/* A stored record of `side` padded with NULLs (semi / anti: the record
 * alone), `times` times. */
static eddy_status emit_padded_match(Op *op, JoinRun *s, uint8_t kind, int side, const Match *m, uint32_t times) {
    for (uint32_t t = 0; t < times; t++) {
        eddy_status rc = begin_row(op, s, kind);
        if (rc) return rc;
        if ((rc = put_match(op, s, side, m))) return rc;
        if (!s->semi && !s->anti) put_nulls(op, s, 1 - side);
        if ((rc = eddy__out_commit(&s->out))) return rc;
    }
    return EDDY_OK;
}

static eddy_status emit_padded_input(Op *op, JoinRun *s, uint8_t kind, int in, const Batch *b, uint32_t r) {
    eddy_status rc = begin_row(op, s, kind);
    if (rc) return rc;
    put_input(op, s, in, b, r);
    put_nulls(op, s, 1 - in);
    return eddy__out_commit(&s->out);
}

/* ---- the join ------------------------------------------------------------------------------------------- */

/* The other side is outer: a first match retracts its NULL-padded row, and
 * every match counts one association more (delta +1), or the last match
 * going inserts it again (delta -1). */
static eddy_status other_outer(Op *op, JoinRun *s, int other, const StateKey *k, int delta) {
    for (size_t i = 0; i < s->nm; i++) {
        const Match *m = &s->m[i];
        eddy_status rc = EDDY_OK;
        if (delta > 0 && m->assoc == 0) rc = emit_padded_match(op, s, RK_DELETE, other, m, m->count);
        else if (delta < 0 && m->assoc == 1) rc = emit_padded_match(op, s, RK_INSERT, other, m, m->count);
        if (rc) return rc;
        uint32_t n = delta > 0 ? m->assoc + 1 : m->assoc ? m->assoc - 1 : 0;
        if ((rc = view_assoc(op, s, other, k, m, n))) return rc;
    }
    return EDDY_OK;
}

static eddy_status pairs(Op *op, JoinRun *s, uint8_t kind, int in, const Batch *b, uint32_t r) {
    for (size_t i = 0; i < s->nm; i++) {
        eddy_status rc = emit_pair(op, s, kind, in, b, r, &s->m[i], s->m[i].count);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status join_row(Op *op, JoinRun *s, int in, const StateKey *k, const Batch *b, uint32_t r, uint8_t kind,
                            const void *mk, uint32_t mklen) {
    int other = 1 - in;
    bool acc = kind == RK_INSERT || kind == RK_UPDATE_AFTER;
    bool in_outer = s->outer[in], other_outer_ = s->outer[other];
    eddy_status rc;
    if (acc) {
        if (in_outer) {
            if (!s->nm) {
                if ((rc = emit_padded_input(op, s, RK_INSERT, in, b, r))) return rc;
                return view_add(op, s, in, k, mk, mklen, 0);
            }
            if (other_outer_ && (rc = other_outer(op, s, other, k, +1))) return rc;
            if ((rc = pairs(op, s, RK_INSERT, in, b, r))) return rc;
            return view_add(op, s, in, k, mk, mklen, (uint32_t)(s->total > UINT32_MAX ? UINT32_MAX : s->total));
        }
        if ((rc = view_add(op, s, in, k, mk, mklen, 0))) return rc;
        if (!s->nm) return EDDY_OK;
        if (other_outer_) {
            if ((rc = other_outer(op, s, other, k, +1))) return rc;
            kind = RK_INSERT;
        }
        return pairs(op, s, kind, in, b, r);
    }
    if ((rc = view_retract(op, s, in, k, mk, mklen))) return rc;
    if (!s->nm) return in_outer ? emit_padded_input(op, s, RK_DELETE, in, b, r) : EDDY_OK;
    if ((rc = pairs(op, s, in_outer ? RK_DELETE : kind, in, b, r))) return rc;
    return other_outer_ ? other_outer(op, s, other, k, -1) : EDDY_OK;
}

/* Semi / anti join, a left row: out when it has a match (anti: none), with
 * its own kind. */
static eddy_status semi_left(Op *op, JoinRun *s, const StateKey *k, const Batch *b, uint32_t r, uint8_t kind,
                             const void *mk, uint32_t mklen) {
    eddy_status rc;
    if ((s->nm != 0) != s->anti && (rc = emit_pair(op, s, kind, 0, b, r, NULL, 1))) return rc;
    if (kind == RK_INSERT || kind == RK_UPDATE_AFTER)
        return view_add(op, s, 0, k, mk, mklen, (uint32_t)(s->total > UINT32_MAX ? UINT32_MAX : s->total));
    return view_retract(op, s, 0, k, mk, mklen);
}

/* Semi / anti join, a right row: the left rows it gives their first match
 * go out (anti: are retracted), the ones it takes the last match from are
 * retracted (anti: go out again). */
static eddy_status semi_right(Op *op, JoinRun *s, const StateKey *k, uint8_t kind, const void *mk, uint32_t mklen) {
    bool acc = kind == RK_INSERT || kind == RK_UPDATE_AFTER;
    eddy_status rc = acc ? view_add(op, s, 1, k, mk, mklen, 0) : view_retract(op, s, 1, k, mk, mklen);
    for (size_t i = 0; !rc && i < s->nm; i++) {
        const Match *m = &s->m[i];
        if (acc && m->assoc == 0) rc = emit_padded_match(op, s, s->anti ? RK_DELETE : kind, 0, m, m->count);
        else if (!acc && m->assoc == 1) rc = emit_padded_match(op, s, s->anti ? RK_INSERT : kind, 0, m, m->count);
        if (!rc) rc = view_assoc(op, s, 0, k, m, acc ? m->assoc + 1 : m->assoc ? m->assoc - 1 : 0);
    }
    return rc;
}

/* An inner join without a residual condition: the other side's matches go
 * out straight from the state iteration (nothing is written meanwhile),
 * with the input's kind, after the input's own state is updated. */
static eddy_status inner_row(Op *op, JoinRun *s, int in, const StateKey *k, const Batch *b, uint32_t r, uint8_t kind,
                             const void *mk, uint32_t mklen, bool null_key) {
    const JoinPlan *p = op->plan;
    int other = 1 - in, off = other ? p->side[0].ncols : 0, n = p->side[other].ncols;
    bool nuk = p->side[other].spec == JIS_NO_UNIQUE_KEY;
    bool acc = kind == RK_INSERT || kind == RK_UPDATE_AFTER;
    eddy_status rc = acc ? view_add(op, s, in, k, mk, mklen, 0) : view_retract(op, s, in, k, mk, mklen);
    if (rc || null_key) return rc;
    RecIter it;
    if ((rc = rec_open(s, p, other, k, &it))) return rc;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = rec_next(&it, &e, &has)) || !has) break;
        Hdr h = hdr_of(e.value, e.value_len);
        const char *row = nuk ? e.ukey : (const char *)e.value + sizeof h;
        uint32_t len = nuk ? e.ukey_len : e.value_len - (uint32_t)sizeof h;
        for (uint32_t t = 0; t < h.count && !rc; t++) {
            if ((rc = begin_row(op, s, kind))) break;
            put_input(op, s, in, b, r);
            if (!eddy__serde_read(row, len, s->out.batch->cols + off, n, s->out.row))
                rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt join state");
            else rc = eddy__out_commit(&s->out);
        }
        if (rc) break;
    }
    rec_close(&it);
    return rc;
}

/* Whether an '=' key column of row r is NULL (it matches nothing). */
static bool key_null(const JoinPlan *p, Vector *const *keys, uint32_t r) {
    for (int j = 0; j < p->nkeys; j++)
        if (p->filter_null[j] && vec_is_null(keys[j], r)) return true;
    return false;
}

/* Row r of the input batch (position i): its key, s->row its encoded
 * columns, *mk its map key, *null_key when an '=' key column is NULL. */
static eddy_status prep_row(Op *op, JoinRun *s, const JoinSide *sd, const Batch *b, Vector *const *keys, uint32_t i,
                            uint32_t r, StateKey *k, const void **mk, uint32_t *mklen, bool *null_key) {
    const JoinPlan *p = op->plan;
    /* no equi-join key: every row has the one key (one subtask owns all key groups) */
    *k = p->nkeys ? eddy__key_batch_key(&s->kb, i) : s->key0;
    s->row.len = 0;
    eddy__serde_write(&s->row, b->cols, sd->ncols, r);
    if (s->row.failed || s->row.len > UINT32_MAX) return OOM(op);
    map_key(s, sd, b, r, mk, mklen);
    if (s->mk.failed) return OOM(op);
    *null_key = key_null(p, keys, r);
    return EDDY_OK;
}

/* The candidate pairs of a batched inner join (s->cand, s->ncand of them)
 * through the residual condition; the matches go out as they are, the
 * pair batch with a selection (no row is built twice). */
static eddy_status inner_flush(Op *op, JoinRun *s) {
    Batch *pb = s->cand;
    uint32_t n = s->ncand, kept = 0;
    if (!pb || !n) return EDDY_OK;
    s->cand = NULL;
    s->ncand = 0;
    pb->n = pb->count = n;
    eddy_status rc = EDDY_OK;
    for (int c = 0; c < pb->ncols && !rc; c++)
        if (pb->cols[c]->failed) rc = OOM(op);
    if (!rc) rc = eddy__expr_filter(s->cond, &s->cx, pb, NULL, n, s->keep, &kept);
    eddy__arena_reset(&s->scratch);
    if (!rc && kept && kept < n) {
        uint32_t *sel = eddy__malloc(sizeof(uint32_t) * kept);
        if (!sel) rc = OOM(op);
        else {
            memcpy(sel, s->keep, sizeof(uint32_t) * kept);
            eddy__batch_set_sel(pb, sel, kept);
        }
    }
    if (!rc && kept) rc = eddy__op_emit(op, pb);
    eddy__batch_release(pb);
    return rc;
}

/* An inner join with a residual condition, a batch at a time: the other
 * side's records under each row's key go into one batch of candidate pairs
 * (the input row's columns and the record's), the residual runs over
 * CAND_CAP pairs at once and the matching pairs are the output rows, in the
 * row-at-a-time order (a record of count n is n pairs). Then each row
 * updates its own side's state: candidates come from the other side's, so
 * doing this after the batch's pairs changes nothing. */
/* Hints the state rows ahead of row i of the batch will touch (the key
 * batch's keys): the index line PF_SLOT rows ahead, the entry PF_REC rows
 * ahead; a big state is cold, and a lookup per row would otherwise wait
 * for two cache misses in turn. */
enum { PF_SLOT = 16, PF_REC = 8 };
static void prefetch_ahead(JoinRun *s, const JoinPlan *p, State *st, uint32_t n, uint32_t i) {
    if (!p->nkeys) return;
    StateKey k;
    if (i == 0)
        for (uint32_t j = 0; j < PF_SLOT && j < n; j++) {
            k = eddy__key_batch_key(&s->kb, j);
            eddy__state_prefetch(st, &k, STATE_NO_NS, 0);
        }
    if (i + PF_SLOT < n) {
        k = eddy__key_batch_key(&s->kb, i + PF_SLOT);
        eddy__state_prefetch(st, &k, STATE_NO_NS, 0);
    }
    if (i + PF_REC < n) {
        k = eddy__key_batch_key(&s->kb, i + PF_REC);
        eddy__state_prefetch(st, &k, STATE_NO_NS, 1);
    }
}

static eddy_status inner_batch(Op *op, JoinRun *s, int in, const Batch *b, Vector *const *keys) {
    const JoinPlan *p = op->plan;
    int other = 1 - in, nl = p->side[0].ncols;
    int in_off = in ? nl : 0, other_off = in ? 0 : nl, nother = p->side[other].ncols, nin = p->side[in].ncols;
    const StreamNode *node = op->node;
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        prefetch_ahead(s, p, s->st[other], b->count, i);
        uint32_t r = batch_row(b, i);
        if (key_null(p, keys, r)) continue;
        StateKey k = p->nkeys ? eddy__key_batch_key(&s->kb, i) : s->key0;
        uint8_t kind = batch_kind(b, r);
        RecIter it;
        if ((rc = rec_open(s, p, other, &k, &it))) break;
        for (;;) {
            StateEntry e;
            bool has;
            if ((rc = rec_next(&it, &e, &has)) || !has) break;
            Hdr h = hdr_of(e.value, e.value_len);
            bool nuk = p->side[other].spec == JIS_NO_UNIQUE_KEY;
            const char *row = nuk ? e.ukey : (const char *)e.value + sizeof h;
            uint32_t len = nuk ? e.ukey_len : e.value_len - (uint32_t)sizeof h;
            for (uint32_t t = 0; t < h.count && !rc; t++) {
                if (!s->cand) {
                    if (!(s->cand = eddy__batch_new_typed(node->ncols, node->col_types, CAND_CAP))) {
                        rc = OOM(op);
                        break;
                    }
                    s->cand_gen++;
                }
                Batch *pb = s->cand;
                uint32_t slot = s->ncand, dc = (uint32_t)(((uintptr_t)row >> 3) % DEC_CACHE);
                if (s->dec_ptr[dc] == row && s->dec_gen[dc] == s->cand_gen) {
                    for (int c = 0; c < nother; c++) eddy__vec_copy_within(pb->cols[other_off + c], slot, s->dec_slot[dc]);
                } else if (!eddy__serde_read(row, len, pb->cols + other_off, nother, slot)) {
                    rc = eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt join state");
                    break;
                } else {
                    s->dec_ptr[dc] = row;
                    s->dec_slot[dc] = slot;
                    s->dec_gen[dc] = s->cand_gen;
                }
                for (int c = 0; c < nin; c++) eddy__vec_copy_value(pb->cols[in_off + c], slot, b->cols[c], r);
                if (kind != RK_INSERT || pb->kinds) {
                    if (!pb->kinds && !eddy__batch_ensure_kinds(pb, CAND_CAP)) {
                        rc = OOM(op);
                        break;
                    }
                    VEC_DATA(pb->kinds, uint8_t)[slot] = kind;
                }
                if (++s->ncand == CAND_CAP) rc = inner_flush(op, s);
            }
            if (rc) break;
        }
        rec_close(&it);
    }
    if (!rc) rc = inner_flush(op, s);
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        prefetch_ahead(s, p, s->st[in], b->count, i);
        uint32_t r = batch_row(b, i);
        StateKey k;
        const void *mk;
        uint32_t mklen;
        bool null_key;
        if ((rc = prep_row(op, s, &p->side[in], b, keys, i, r, &k, &mk, &mklen, &null_key))) break;
        uint8_t kind = batch_kind(b, r);
        bool acc = kind == RK_INSERT || kind == RK_UPDATE_AFTER;
        rc = acc ? view_add(op, s, in, &k, mk, mklen, 0) : view_retract(op, s, in, &k, mk, mklen);
    }
    return rc;
}

static eddy_status join_push(Op *op, int input, Batch *b) {
    const JoinPlan *p = op->plan;
    JoinRun *s = op->state;
    int in = input ? 1 : 0;
    const JoinSide *sd = &p->side[in];
    Vector *keys[MAX_KEYS];
    eddy_status rc = eddy__key_compute(sd->key, b, keys, eddy__op_err(op));
    if (rc) return rc;
    if (p->nkeys)
        rc = eddy__key_batch_encode(&s->kb, keys, p->nkeys, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    if (!rc && p->type == JOIN_INNER && s->cond) {
        rc = inner_batch(op, s, in, b, keys);
        b = NULL;
    }
    for (uint32_t i = 0; b && i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        StateKey k;
        const void *mk;
        uint32_t mklen;
        bool null_key;
        if ((rc = prep_row(op, s, sd, b, keys, i, r, &k, &mk, &mklen, &null_key))) break;
        uint8_t kind = batch_kind(b, r);
        if (s->plain_inner) {
            rc = inner_row(op, s, in, &k, b, r, kind, mk, mklen, null_key);
            continue;
        }
        if (null_key) {
            s->nm = 0;
            s->total = 0;
        } else if ((rc = gather(op, s, in, &k, b, r))) {
            break;
        }
        if (s->semi || s->anti) rc = in ? semi_right(op, s, &k, kind, mk, mklen) : semi_left(op, s, &k, b, r, kind, mk, mklen);
        else rc = join_row(op, s, in, &k, b, r, kind, mk, mklen);
    }
    for (int j = 0; j < p->nkeys; j++) eddy__vec_release(keys[j]);
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static const OpVtab eddy__op_join = {.name = "Join", .open = join_open, .push_batch = join_push, .close = join_close};

/* ---- translation -------------------------------------------------------------------------------------------- */

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

typedef ED_VEC(const Expr *) Conjuncts;

static bool conjuncts(const Expr *e, Conjuncts *out) {
    if (e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "AND")) {
        for (int i = 0; i < e->nargs; i++)
            if (!conjuncts(e->args[i], out)) return false;
        return true;
    }
    return !e || ed_vec_push(out, e);
}

/* Whether conjunct c is the equality of key pair (l, r) (r: of the right
 * input); *null_safe for IS NOT DISTINCT FROM. */
static bool is_key_eq(const Expr *c, int nl, int l, int r, bool *null_safe) {
    if (c->kind != EX_CALL || !c->fn || c->nargs != 2) return false;
    bool eq = !strcmp(c->fn->name, "=");
    if (!eq && strcmp(c->fn->name, "IS NOT DISTINCT FROM")) return false;
    const Expr *a = c->args[0], *b = c->args[1];
    if (a->kind != EX_COLUMN || b->kind != EX_COLUMN) return false;
    int x = a->index, y = b->index;
    if (x >= nl) {
        int t = x;
        x = y;
        y = t;
    }
    if (x != l || y != nl + r) return false;
    *null_safe = !eq;
    return true;
}

/* The smallest unique key of input `side` (Flink's choice for HasUniqueKey). */
static ColSet smallest_key(Arena *a, const PhysNode *p, int side) {
    const int *keys = side ? p->rkeys : p->lkeys;
    const KeySets *ks = eddy__phys_upsert_keys_in_key_group(a, p->in[side], p->njk, keys);
    ColSet best = {0, NULL};
    for (int i = 0; ks && i < ks->n; i++)
        if (!best.cols || ks->keys[i].n < best.n) best = ks->keys[i];
    return best;
}

eddy_status eddy__translate_join(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    Arena *a = cx->a;
    JoinPlan *jp = eddy__arena_alloc(a, sizeof *jp);
    if (!jp) return NOMEM();
    memset(jp, 0, sizeof *jp);
    jp->type = p->join;
    jp->tz = cx->pe->tz;
    int nk = p->njk;
    if (nk > MAX_KEYS) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: joins on more than %d keys", MAX_KEYS);
    jp->nkeys = nk;
    const PhysNode *ins[2] = {p->in[0], p->in[1]};
    int nl = ins[0]->ncols, npair = nl + ins[1]->ncols;
    const Type **pt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(npair + 1));
    bool *fnull = eddy__arena_alloc(a, (size_t)nk + 1);
    if (!pt || !fnull) return NOMEM();
    for (int i = 0; i < npair; i++)
        pt[i] = eddy__type_with_timeattr(a, i < nl ? ins[0]->types[i] : ins[1]->types[i - nl], TA_NONE);
    jp->pair_types = pt;
    for (int side = 0; side < 2; side++) {
        JoinSide *sd = &jp->side[side];
        const int *keys = side ? p->rkeys : p->lkeys;
        if (!(sd->key = eddy__translate_key(cx, ins[side], nk, keys))) return NOMEM();
        sd->ncols = ins[side]->ncols;
        sd->spec = eddy__phys_join_input_spec(a, p, side);
        if (sd->spec == JIS_HAS_UNIQUE_KEY) {
            ColSet uk = smallest_key(a, p, side);
            if (!uk.cols || uk.n > MAX_KEYS) sd->spec = JIS_NO_UNIQUE_KEY;
            sd->nuk = uk.n;
            sd->uk = uk.cols;
        }
    }
    /* both sides' keys are encoded alike: the same types */
    for (int i = 0; i < nk; i++)
        if (!eddy__type_equals(jp->side[0].key->types[i], jp->side[1].key->types[i], true, true))
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: join keys of different types (%s)",
                             ins[0]->names[p->lkeys[i]]);
    if (nk == 0) jp->key_type = eddy__type_basic(TY_TINYINT, false);
    else if (nk == 1) jp->key_type = jp->side[0].key->types[0];
    else {
        const char **kn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nk + 1));
        if (!kn) return NOMEM();
        for (int i = 0; i < nk; i++) kn[i] = ins[0]->names[p->lkeys[i]];
        if (!(jp->key_type = eddy__type_row(a, nk, kn, jp->side[0].key->types, false))) return NOMEM();
    }
    /* the residual: the conjuncts that are not the equi-join keys */
    Conjuncts cs = {0};
    if (!conjuncts(p->join_cond, &cs)) return NOMEM();
    Expr **rest = eddy__arena_alloc(a, sizeof(Expr *) * (cs.len + 1));
    if (!rest) {
        ed_vec_free(&cs);
        return NOMEM();
    }
    int nrest = 0;
    for (int i = 0; i < nk; i++) fnull[i] = true;
    for (size_t c = 0; c < cs.len; c++) {
        bool key = false;
        for (int i = 0; i < nk && !key; i++) {
            bool ns;
            if (is_key_eq(cs.items[c], nl, p->lkeys[i], p->rkeys[i], &ns)) {
                key = true;
                if (ns) fnull[i] = false;
            }
        }
        bool lit_true = cs.items[c]->kind == EX_LITERAL && !cs.items[c]->value.is_null &&
                        cs.items[c]->type->root == TY_BOOLEAN && cs.items[c]->value.u.b;
        if (!key && !lit_true) rest[nrest++] = (Expr *)cs.items[c];
    }
    ed_vec_free(&cs);
    jp->filter_null = fnull;
    if (nrest == 1) jp->residual = rest[0];
    else if (nrest > 1) {
        Expr *acc = rest[0];
        for (int i = 1; i < nrest; i++) {
            Expr *two[2] = {acc, rest[i]}, *e;
            eddy_status rc = eddy__expr_call_name(a, "AND", two, 2, &e, err);
            if (rc) return rc;
            acc = e;
        }
        jp->residual = acc;
    }
    const char *ttl = eddy__phys_option(cx->pe, "table.exec.state.ttl", NULL);
    if (ttl) {
        int64_t ms = eddy__phys_duration_ms(ttl);
        if (ms < 0)
            return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key 'table.exec.state.ttl'.", ttl);
        jp->ttl_ms = ms;
    }
    /* an insert-only side whose records need no count of associations and
     * no TTL: its records in a LIST (appended, never looked up by value) */
    bool assoc[2] = {p->join == JOIN_LEFT || p->join == JOIN_FULL || p->join == JOIN_SEMI || p->join == JOIN_ANTI,
                     p->join == JOIN_RIGHT || p->join == JOIN_FULL};
    for (int side = 0; side < 2; side++)
        jp->side[side].list = jp->side[side].spec == JIS_NO_UNIQUE_KEY && ins[side]->modify == CL_INSERT &&
                              !assoc[side] && jp->ttl_ms == 0;
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "Join", &eddy__op_join, jp, 2);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    eddy__translate_connect(n, 1, &in[1]);
    if (nk == 0) {
        /* no equi-join key: every row has the one (empty) key, on one subtask */
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}
