/*
 * rank.c -- streaming Top-N (Flink's Rank and SortLimit): ROW_NUMBER() OVER
 * (PARTITION BY k ORDER BY s) with a rank filter rn <= N or rn BETWEEN a AND
 * b, with or without the rank column, and ORDER BY s LIMIT n OFFSET m (a
 * Top-N of one partition; a LIMIT over an updating input too, a Top-N
 * without sort key). Flink's strategies, chosen by the planner
 * (changelog.c), and within them Flink's functions (StreamExecRank): rank
 * range [1, 1] is FastTop1 (the best row per partition; a better one: -U
 * old, +U new), AppendFast ordered by proctime ASC is AppendOnlyFirstN (a
 * counter per partition: the first rank_end rows as +I), the rest:
 *
 *   AppendFast (insert-only input; AppendOnlyTopNFunction): the buffer of a
 *   partition holds its best rank_end rows only.
 *     row arrives:  if buffer full and sort key >= worst key: drop it
 *                   insert it after the rows of equal sort key
 *     no rank column, no offset:
 *                   if buffer > rank_end: remove the last row;
 *                                         it is the new row: nothing; else -D it
 *                   +I the new row
 *     else:         walk the groups in order: the new row takes its rank, every
 *                   row below it moves down one: -U old, +U new at each rank
 *                   up to rank_end; +I when the buffer had room; groups past
 *                   rank_end are dropped
 *
 *   Retract (any input; RetractableTopNFunction): the buffer keeps every row
 *   of the partition (a retraction may bring a row back into the Top-N).
 *     +I / +U:      as above without dropping (-D the row pushed to rank
 *                   rank_end + 1, +I the new one; or the -U / +U chain)
 *     -D / -U:      find the row (equal in every field) within the Top-N:
 *                   -D it and +I the row that moves up to rank_end; or the
 *                   -U / +U chain and -D at the last rank; remove it
 *
 * The -U rows go out only when the consumer needs them (the node's
 * BEFORE_AND_AFTER update kind: Flink's generateUpdateBefore). RANK and
 * DENSE_RANK are refused, as Flink's streaming operators refuse them; the
 * UpdateFast strategy (an updating input with a unique key whose sort key
 * only improves) runs as FastTop1 or, without the rank column and offset,
 * as UpdatableTopNFunction does: a row whose unique key is in the buffer
 * replaces it (-U old, +U new), a new one enters as in AppendFast (-D the
 * row pushed out, always, then +I); its rows carry their unique key's
 * bytes before the row; with the rank column or an offset, its row-number
 * path: the rows between the row's new and old rank move down one.
 *
 * Order. Rows are compared by a normalized sort key: the ORDER BY columns
 * encoded so that memcmp gives the order (ints big endian with the sign
 * flipped, floating point by their sign-adjusted bits, strings escaped and
 * terminated, DESC columns inverted, NULLs before or after every value as
 * NULLS FIRST / LAST say). Rows of equal keys keep their arrival order, and
 * two rows are the same row when their serde.h bytes are equal (Flink's
 * equaliser over all fields).
 *
 * State: one VALUE state "topn" per partition key (KeyBatch: the partition
 * columns hashed once per batch), its value the partition's buffer as one
 * blob: [u32 rows] then per row [u32 key length][sort key][u32 row length]
 * [serde row] (Top-1: its one row); AppendOnlyFirstN a fixed-size counter
 * per partition through the slot fast path. Snapshotted by key group with the backend; TTL from
 * table.exec.state.ttl. A row that changes nothing of the buffer (dropped
 * by AppendFast) costs a lookup and no write. Scratch (the parsed entries,
 * the new blob, the keys of the current row) lives with the operator and is
 * reused row after row: no allocation per row once it has grown. Memory:
 * the backend's account; past the budget the job fails with its message.
 */
#include <string.h>

#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/window_rank.h"
#include "types/serde.h"

/* Which of Flink's Top-N functions the operator is. */
typedef enum RankMode {
    RM_APPEND,  /* AppendOnlyTopNFunction */
    RM_RETRACT, /* RetractableTopNFunction */
    RM_TOP1,    /* FastTop1Function: rank range [1, 1], AppendFast or UpdateFast */
    RM_FIRST_N, /* AppendOnlyFirstNFunction: AppendFast ordered by proctime ASC */
    RM_UPDATE   /* UpdatableTopNFunction without rank number or offset: UpdateFast */
} RankMode;

typedef struct RankPlan {
    int ngroup;
    const int *group;
    const Type *key_type;  /* the partition key (for the state descriptor) */
    int norder;
    const int *order;
    const bool *desc;
    const bool *nulls_first;
    int64_t start, end;    /* the rank range, 1-based, inclusive */
    bool output_rank;
    bool update_before;    /* emit -U (the consumer needs them) */
    RankMode mode;
    int nin;               /* input columns */
    int64_t ttl_ms;        /* table.exec.state.ttl, 0: none */
    int nrowkey;           /* RM_UPDATE: the input's unique key the strategy relies on */
    const int *rowkey;
} RankPlan;

/* One row of a partition's buffer: its sort key and serde bytes. */
typedef struct Ent {
    const char *k;
    uint32_t kl;
    const char *r;
    uint32_t rl;
} Ent;

typedef struct RankState {
    State *st;
    KeyBatch kb;
    eddy_out out;
    Buf key, row;  /* the current row's sort key and bytes */
    Buf blob;      /* the buffer being written back */
    const char *old; /* the stored buffer the entries were parsed from (borrowed until the next state call) */
    uint32_t old_len;
    ED_VEC(Ent) ents;
    Vector *zero;  /* the constant key of a single partition */
    OpsSlots sl;   /* RM_FIRST_N: the counters of a batch's rows */
    int64_t ts;    /* the current input row's timestamp */
    /* the current input row (its entry's bytes are s->row): emitted from the batch */
    const Batch *inb;
    uint32_t inr;
    /* the last two stored entries emitted, still in the output batch: an
     * entry emitted again (a row moving down a rank: -U at one, then +U at
     * the next after the -U of the row below) is copied from there */
    const char *last_r[2];
    const Batch *last_batch;
    uint32_t last_row[2];
} RankState;

/* ---- the normalized sort key -------------------------------------------------------- */

static void put_be(Buf *b, uint64_t v, int bytes, bool inv) {
    char t[16];
    for (int i = 0; i < bytes; i++) {
        uint8_t c = (uint8_t)(v >> (8 * (bytes - 1 - i)));
        t[i] = (char)(inv ? (uint8_t)~c : c);
    }
    eddy__buf_put(b, t, (size_t)bytes);
}

/* Appends the normalized key of column v's row r. */
static bool enc_value(Buf *b, const Vector *v, uint32_t r, bool desc, bool nulls_first) {
    if (vec_is_null(v, r)) {
        eddy__buf_putc(b, nulls_first ? 0 : 2);
        return true;
    }
    eddy__buf_putc(b, 1);
    uint32_t i = vidx(v, r);
    switch ((PhysKind)v->phys) {
    case PH_BOOL: put_be(b, VEC_DATA(v, uint8_t)[i] ? 1 : 0, 1, desc); break;
    case PH_I8: put_be(b, (uint64_t)(uint8_t)VEC_DATA(v, int8_t)[i] ^ 0x80u, 1, desc); break;
    case PH_I16: put_be(b, (uint64_t)(uint16_t)VEC_DATA(v, int16_t)[i] ^ 0x8000u, 2, desc); break;
    case PH_I32: put_be(b, (uint64_t)(uint32_t)VEC_DATA(v, int32_t)[i] ^ 0x80000000u, 4, desc); break;
    case PH_I64: put_be(b, (uint64_t)VEC_DATA(v, int64_t)[i] ^ 0x8000000000000000ull, 8, desc); break;
    case PH_F32: {
        uint32_t u;
        float f = VEC_DATA(v, float)[i];
        memcpy(&u, &f, 4);
        u = (u & 0x80000000u) ? ~u : u ^ 0x80000000u;
        put_be(b, u, 4, desc);
        break;
    }
    case PH_F64: {
        uint64_t u;
        double d = VEC_DATA(v, double)[i];
        memcpy(&u, &d, 8);
        u = (u & 0x8000000000000000ull) ? ~u : u ^ 0x8000000000000000ull;
        put_be(b, u, 8, desc);
        break;
    }
    case PH_I128: {
        ed_i128 x = VEC_DATA(v, ed_i128)[i];
        unsigned __int128 u = (unsigned __int128)x ^ ((unsigned __int128)1 << 127);
        put_be(b, (uint64_t)(u >> 64), 8, desc);
        put_be(b, (uint64_t)u, 8, desc);
        break;
    }
    case PH_TS: {
        Ts t = VEC_DATA(v, Ts)[i];
        put_be(b, (uint64_t)t.ms ^ 0x8000000000000000ull, 8, desc);
        put_be(b, (uint32_t)t.ns, 4, desc);
        break;
    }
    case PH_STR: {
        Str s = vec_str(v, i);
        for (size_t k = 0; k < s.n; k++) {
            uint8_t c = (uint8_t)s.p[k];
            put_be(b, c, 1, desc);
            if (c == 0) put_be(b, 0xFF, 1, desc);
        }
        put_be(b, 0, 2, desc);
        break;
    }
    default: return false;
    }
    return true;
}

bool eddy__rank_sort_value(Buf *b, const Vector *v, uint32_t r, bool desc, bool nulls_first) {
    return enc_value(b, v, r, desc, nulls_first);
}

static int key_cmp(const char *a, uint32_t al, const char *b, uint32_t bl) {
    uint32_t n = al < bl ? al : bl;
    int c = n ? memcmp(a, b, n) : 0; /* no sort key (LIMIT): every row ties */
    return c ? c : (al > bl) - (al < bl);
}

static bool key_eq(const Ent *a, const Ent *b) { return a->kl == b->kl && (!a->kl || memcmp(a->k, b->k, a->kl) == 0); }
static bool row_eq(const Ent *a, const Ent *b) { return a->rl == b->rl && memcmp(a->r, b->r, a->rl) == 0; }

/* ---- emitting --------------------------------------------------------------------------- */

static eddy_status emit(Op *op, RankState *s, const Ent *e, uint8_t kind, int64_t rank) {
    const RankPlan *p = op->plan;
    eddy_status rc = eddy__out_begin(&s->out);
    if (rc) return rc;
    Batch *ob = s->out.batch;
    uint32_t oi = s->out.row;
    eddy__out_set_all(&s->out);
    int again = ob != s->last_batch ? -1 : e->r == s->last_r[0] ? 0 : e->r == s->last_r[1] ? 1 : -1;
    /* the current row's bytes (s->row is rewritten row after row: never remembered) */
    bool current = e->r == s->row.data;
    if (current) again = -1;
    if (again >= 0) {
        for (int c = 0; c < p->nin; c++) eddy__vec_copy_within(ob->cols[c], oi, s->last_row[again]);
    } else if (current && s->inb) {
        for (int c = 0; c < p->nin; c++) eddy__vec_copy_value(ob->cols[c], oi, s->inb->cols[c], s->inr);
    } else {
        const char *rb = e->r;
        uint32_t rl = e->rl;
        if (p->mode == RM_UPDATE) {
            /* [u32 length][row key] before the row */
            uint32_t kl;
            memcpy(&kl, rb, 4);
            rb += 4 + kl;
            rl -= 4 + kl;
        }
        if (!eddy__serde_read(rb, rl, ob->cols, p->nin, oi)) {
            eddy__out_discard(&s->out);
            return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt Top-N state");
        }
    }
    if (p->output_rank) {
        Vector *rv = ob->cols[p->nin];
        VEC_DATA(rv, int64_t)[oi] = rank;
        vec_set_valid(rv, oi);
    }
    if ((rc = ops_out_mark(op, &s->out, kind, s->ts))) return rc;
    rc = eddy__out_commit(&s->out);
    if (rc || s->out.batch != ob) {
        /* a full batch went out: nothing to copy from */
        s->last_r[0] = s->last_r[1] = NULL;
        s->last_batch = NULL;
    } else if (!current) {
        s->last_r[1] = s->last_r[0];
        s->last_row[1] = s->last_row[0];
        s->last_r[0] = e->r;
        s->last_row[0] = oi;
        s->last_batch = ob;
    }
    return rc;
}

static bool in_range(const RankPlan *p, int64_t rank) { return rank >= p->start && rank <= p->end; }

/* Flink's collect* with a rank: only inside the rank range; -U only when wanted. */
static eddy_status emit_ranked(Op *op, RankState *s, const Ent *e, uint8_t kind, int64_t rank) {
    const RankPlan *p = op->plan;
    if (!in_range(p, rank) || (kind == RK_UPDATE_BEFORE && !p->update_before)) return EDDY_OK;
    return emit(op, s, e, kind, rank);
}

/* ---- the buffer --------------------------------------------------------------------------- */

static eddy_status parse(Op *op, RankState *s, const char *blob, uint32_t len) {
    s->ents.len = 0;
    s->old = blob;
    s->old_len = blob ? len : 0;
    if (len < 4) return len ? eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt Top-N state") : EDDY_OK;
    uint32_t n, pos = 4;
    memcpy(&n, blob, 4);
    if ((size_t)n + 2 > s->ents.cap && !eddy__vec_grow((void **)&s->ents.items, &s->ents.cap, sizeof(Ent), (size_t)n + 2))
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        Ent e;
        if (len - pos < 4) goto bad;
        memcpy(&e.kl, blob + pos, 4);
        pos += 4;
        if (len - pos < e.kl) goto bad;
        e.k = blob + pos;
        pos += e.kl;
        if (len - pos < 4) goto bad;
        memcpy(&e.rl, blob + pos, 4);
        pos += 4;
        if (len - pos < e.rl) goto bad;
        e.r = blob + pos;
        pos += e.rl;
        s->ents.items[s->ents.len++] = e;
    }
    return EDDY_OK;
bad:
    return eddy__op_fail(op, EDDY_E_INTERNAL, "corrupt Top-N state");
}

/* Writes entries [0, n) except `skip` (-1: none) back as the partition's buffer. */
static eddy_status store(Op *op, RankState *s, const StateKey *k, size_t n, size_t skip) {
    s->blob.len = 0;
    uint32_t cnt = (uint32_t)(n - (skip < n ? 1 : 0));
    if (cnt == 0) return eddy__state_remove(s->st, k, STATE_NO_NS, NULL);
    eddy__buf_put(&s->blob, &cnt, 4);
    /* entries still in the stored buffer's order are copied a run at a time */
    const char *run = NULL, *run_end = NULL;
    for (size_t i = 0; i < n; i++) {
        if (i == skip) continue;
        const Ent *e = &s->ents.items[i];
        /* parsed from the stored buffer: [u32][key][u32][row] in place there */
        uintptr_t kp = (uintptr_t)e->k, lo = (uintptr_t)s->old, hi = lo + s->old_len;
        bool stored =
            s->old_len && e->k && kp >= lo + 4 && kp + e->kl + 4 == (uintptr_t)e->r && (uintptr_t)e->r + e->rl <= hi;
        const char *start = stored ? e->k - 4 : NULL, *end = stored ? e->r + e->rl : NULL;
        if (stored && start == run_end) {
            run_end = end;
            continue;
        }
        if (run) eddy__buf_put(&s->blob, run, (size_t)(run_end - run));
        run = run_end = NULL;
        if (stored) {
            run = start;
            run_end = end;
            continue;
        }
        eddy__buf_put(&s->blob, &e->kl, 4);
        eddy__buf_put(&s->blob, e->k, e->kl);
        eddy__buf_put(&s->blob, &e->rl, 4);
        eddy__buf_put(&s->blob, e->r, e->rl);
    }
    if (run) eddy__buf_put(&s->blob, run, (size_t)(run_end - run));
    if (s->blob.failed || s->blob.len > UINT32_MAX) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return eddy__state_put(s->st, k, STATE_NO_NS, s->blob.data, (uint32_t)s->blob.len);
}

/* The end of the group of equal sort keys starting at i. */
static size_t group_end(const RankState *s, size_t i) {
    size_t j = i + 1;
    while (j < s->ents.len && key_eq(&s->ents.items[j], &s->ents.items[i])) j++;
    return j;
}

/* Inserts e after the rows of sort keys <= its own; returns its index. */
static size_t put_row(RankState *s, const Ent *e) {
    size_t pos = s->ents.len;
    while (pos > 0 && key_cmp(s->ents.items[pos - 1].k, s->ents.items[pos - 1].kl, e->k, e->kl) > 0) pos--;
    memmove(&s->ents.items[pos + 1], &s->ents.items[pos], sizeof(Ent) * (s->ents.len - pos));
    s->ents.items[pos] = *e;
    s->ents.len++;
    return pos;
}

/* The new row at index `at` took its rank: every row below it moves down one
 * (-U old, +U new at each rank), +I at the end when there was room. Returns
 * in *stop the index of the first group the walk did not reach. */
static eddy_status walk_with_row_number(Op *op, RankState *s, size_t at, size_t *stop) {
    const RankPlan *p = op->plan;
    int64_t rank = 0;
    bool found = false;
    size_t cur = SIZE_MAX, i = 0;
    eddy_status rc = EDDY_OK;
    while (i < s->ents.len && rank <= p->end) {
        size_t j = group_end(s, i);
        if (!found && key_eq(&s->ents.items[i], &s->ents.items[at])) {
            rank += (int64_t)(j - i);
            cur = at;
            found = true;
        } else if (found) {
            for (size_t t = i; t < j && rank <= p->end; t++) {
                if ((rc = emit_ranked(op, s, &s->ents.items[t], RK_UPDATE_BEFORE, rank))) return rc;
                if ((rc = emit_ranked(op, s, &s->ents.items[cur], RK_UPDATE_AFTER, rank))) return rc;
                cur = t;
                rank++;
            }
        } else {
            rank += (int64_t)(j - i);
        }
        i = j;
    }
    if (rank <= p->end && cur != SIZE_MAX) rc = emit_ranked(op, s, &s->ents.items[cur], RK_INSERT, rank);
    *stop = i;
    return rc;
}

/* AppendFast: one insert-only row of a partition. */
static eddy_status append_row(Op *op, RankState *s, const StateKey *k, const Ent *in) {
    const RankPlan *p = op->plan;
    size_t n = s->ents.len;
    if (n > 0) {
        const Ent *worst = &s->ents.items[n - 1];
        if (key_cmp(in->k, in->kl, worst->k, worst->kl) >= 0 && (int64_t)n >= p->end) return EDDY_OK;
    }
    size_t at = put_row(s, in);
    eddy_status rc;
    if (p->output_rank || p->start > 1) {
        size_t stop;
        if ((rc = walk_with_row_number(op, s, at, &stop))) return rc;
        return store(op, s, k, stop, SIZE_MAX);
    }
    if ((int64_t)s->ents.len > p->end) {
        size_t last = s->ents.len - 1;
        Ent gone = s->ents.items[last];
        if (last != at && !row_eq(&gone, in)) {
            /* emitted before the store: the entries point into the old value */
            if ((rc = emit(op, s, &gone, RK_DELETE, 0)) || (rc = emit(op, s, in, RK_INSERT, 0))) return rc;
        }
        return store(op, s, k, last, SIZE_MAX);
    }
    if ((rc = emit(op, s, in, RK_INSERT, 0))) return rc;
    return store(op, s, k, s->ents.len, SIZE_MAX);
}

/* Retract: an accumulating row (+I / +U). */
static eddy_status retract_add(Op *op, RankState *s, const StateKey *k, const Ent *in) {
    const RankPlan *p = op->plan;
    size_t at = put_row(s, in);
    eddy_status rc;
    if (p->output_rank || p->start > 1) {
        size_t stop;
        rc = walk_with_row_number(op, s, at, &stop);
    } else {
        int64_t rank = 0;
        bool found = false, collect = false;
        size_t del = SIZE_MAX, i = 0;
        while (i < s->ents.len && rank <= p->end) {
            size_t j = group_end(s, i);
            if (!found && key_eq(&s->ents.items[i], in)) {
                rank += (int64_t)(j - i);
                collect = in_range(p, rank);
                found = true;
            } else if (found) {
                int64_t last = rank + (int64_t)(j - i);
                if (last <= p->end) {
                    rank = last;
                } else {
                    del = i + (size_t)(p->end - rank);
                    break;
                }
            } else {
                rank += (int64_t)(j - i);
            }
            i = j;
        }
        rc = EDDY_OK;
        if (del != SIZE_MAX) rc = emit(op, s, &s->ents.items[del], RK_DELETE, 0);
        if (!rc && collect) rc = emit(op, s, in, RK_INSERT, 0);
    }
    return rc ? rc : store(op, s, k, s->ents.len, SIZE_MAX);
}

/* Retract: a retracting row (-U / -D). */
static eddy_status retract_remove(Op *op, RankState *s, const StateKey *k, const Ent *in) {
    const RankPlan *p = op->plan;
    eddy_status rc = EDDY_OK;
    size_t gone = SIZE_MAX, i = 0;
    bool found = false;
    if (p->output_rank || p->start > 1) {
        int64_t rank = 0;
        size_t prev = SIZE_MAX;
        while (i < s->ents.len && rank <= p->end && !rc) {
            size_t j = group_end(s, i);
            if (!found && key_eq(&s->ents.items[i], in)) {
                for (size_t t = i; t < j && rank <= p->end && !rc; t++) {
                    if (!found && row_eq(&s->ents.items[t], in)) {
                        prev = gone = t;
                        found = true;
                    } else if (found) {
                        rc = emit_ranked(op, s, &s->ents.items[prev], RK_UPDATE_BEFORE, rank);
                        if (!rc) rc = emit_ranked(op, s, &s->ents.items[t], RK_UPDATE_AFTER, rank);
                        prev = t;
                    }
                    rank++;
                }
            } else if (found) {
                for (size_t t = i; t < j && rank <= p->end && !rc; t++) {
                    rc = emit_ranked(op, s, &s->ents.items[prev], RK_UPDATE_BEFORE, rank);
                    if (!rc) rc = emit_ranked(op, s, &s->ents.items[t], RK_UPDATE_AFTER, rank);
                    prev = t;
                    rank++;
                }
            } else {
                rank += (int64_t)(j - i);
            }
            i = j;
        }
        if (!rc && rank <= p->end && prev != SIZE_MAX) rc = emit_ranked(op, s, &s->ents.items[prev], RK_DELETE, rank);
    } else {
        int64_t next = 1;
        while (i < s->ents.len && next <= p->end && !rc) {
            size_t j = group_end(s, i);
            if (!found && key_eq(&s->ents.items[i], in)) {
                for (size_t t = i; t < j && next <= p->end && !rc; t++) {
                    if (!found && row_eq(&s->ents.items[t], in)) {
                        rc = emit_ranked(op, s, &s->ents.items[t], RK_DELETE, next);
                        next--;
                        found = true;
                        gone = t;
                    } else if (found && next == p->end) {
                        rc = emit_ranked(op, s, &s->ents.items[t], RK_INSERT, next);
                    }
                    next++;
                }
            } else if (found) {
                int64_t last = next + (int64_t)(j - i) - 1;
                if (last < p->end) {
                    next = last + 1;
                } else {
                    rc = emit(op, s, &s->ents.items[i + (size_t)(p->end - next)], RK_INSERT, 0);
                    break;
                }
            } else {
                next += (int64_t)(j - i);
            }
            i = j;
        }
    }
    if (rc) return rc;
    if (gone == SIZE_MAX) {
        /* past the Top-N: the first equal row of its sort key goes */
        for (size_t t = 0; t < s->ents.len && gone == SIZE_MAX; t++)
            if (key_eq(&s->ents.items[t], in) && row_eq(&s->ents.items[t], in)) gone = t;
        if (gone == SIZE_MAX) return EDDY_OK; /* not there (expired state): ignored, as Flink does */
    }
    return store(op, s, k, s->ents.len, gone);
}

/* The row key prefixed to an RM_UPDATE entry's row. */
static bool rowkey_eq(const Ent *a, const Ent *b) {
    uint32_t al, bl;
    memcpy(&al, a->r, 4);
    memcpy(&bl, b->r, 4);
    return al == bl && memcmp(a->r + 4, b->r + 4, al) == 0;
}

/* UpdateFast without rank number (UpdatableTopNFunction): the input has a
 * unique key and its sort key only improves. A row of a key in the Top-N
 * replaces it (-U old, +U new); a new key that enters a full Top-N pushes
 * the last row out (-D, always) and goes in (+I). */
static eddy_status update_row(Op *op, RankState *s, const StateKey *k, const Ent *in) {
    const RankPlan *p = op->plan;
    size_t n = s->ents.len, at = SIZE_MAX;
    for (size_t t = 0; t < n && at == SIZE_MAX; t++)
        if (rowkey_eq(&s->ents.items[t], in)) at = t;
    eddy_status rc;
    if (at != SIZE_MAX) {
        Ent old = s->ents.items[at];
        if (key_eq(&old, in)) {
            s->ents.items[at] = *in;
        } else {
            memmove(&s->ents.items[at], &s->ents.items[at + 1], sizeof(Ent) * (n - at - 1));
            s->ents.len--;
            put_row(s, in);
        }
        if ((p->update_before && (rc = emit(op, s, &old, RK_UPDATE_BEFORE, 0))) ||
            (rc = emit(op, s, in, RK_UPDATE_AFTER, 0)))
            return rc;
        return store(op, s, k, s->ents.len, SIZE_MAX);
    }
    if (n > 0 && (int64_t)n >= p->end) {
        const Ent *worst = &s->ents.items[n - 1];
        if (key_cmp(in->k, in->kl, worst->k, worst->kl) >= 0) return EDDY_OK;
    }
    put_row(s, in);
    size_t keep = s->ents.len;
    if ((int64_t)keep > p->end) {
        keep--;
        if ((rc = emit(op, s, &s->ents.items[keep], RK_DELETE, 0))) return rc;
    }
    if ((rc = emit(op, s, in, RK_INSERT, 0))) return rc;
    return store(op, s, k, keep, SIZE_MAX);
}

/* UpdateFast with the rank column or an offset (UpdatableTopNFunction's
 * row-number path), after `in` was put at index `at` of the buffer: the
 * rows from its rank down to its old rank (oldr, 0: a new key) move down
 * one (-U old, +U new each); a new key's last rank is +I, an updated one's
 * old rank -U / +U; groups past rank_end are dropped. old: the key's old
 * row (NULL: a new key). */
static eddy_status update_walk(Op *op, RankState *s, const Ent *in, const Ent *old, int64_t oldr, size_t *stop) {
    const RankPlan *p = op->plan;
    int64_t rank = 0;
    bool found = false, retracted = false, cur_in = false;
    Ent cur = {0};
    size_t i = 0;
    eddy_status rc = EDDY_OK;
    while (i < s->ents.len && rank <= p->end) {
        size_t j = group_end(s, i);
        const Ent *g = &s->ents.items[i];
        if (!found && key_eq(g, in)) {
            rank += (int64_t)(j - i);
            cur = *in;
            cur_in = found = true;
        } else if (found) {
            if (old && key_cmp(g->k, g->kl, old->k, old->kl) > 0) {
                i = j;
                break;
            }
            for (size_t t = i; t < j && (old ? rank < oldr : rank <= p->end); t++) {
                if ((rc = emit_ranked(op, s, &s->ents.items[t], RK_UPDATE_BEFORE, rank))) return rc;
                if (cur_in && old && !retracted) {
                    /* the same unique key: its old row goes first */
                    if ((rc = emit_ranked(op, s, old, RK_UPDATE_BEFORE, oldr))) return rc;
                    retracted = true;
                }
                if ((rc = emit_ranked(op, s, &cur, RK_UPDATE_AFTER, rank))) return rc;
                cur = s->ents.items[t];
                cur_in = false;
                rank++;
            }
        } else {
            rank += (int64_t)(j - i);
        }
        i = j;
    }
    *stop = s->ents.len;
    if (rank <= p->end) {
        if (!old) return emit_ranked(op, s, &cur, RK_INSERT, rank);
        if (!retracted && (rc = emit_ranked(op, s, old, RK_UPDATE_BEFORE, oldr))) return rc;
        return emit_ranked(op, s, &cur, RK_UPDATE_AFTER, rank);
    }
    *stop = i;
    return EDDY_OK;
}

static eddy_status update_row_numbered(Op *op, RankState *s, const StateKey *k, const Ent *in) {
    const RankPlan *p = op->plan;
    size_t n = s->ents.len, at = SIZE_MAX, stop;
    for (size_t t = 0; t < n && at == SIZE_MAX; t++)
        if (rowkey_eq(&s->ents.items[t], in)) at = t;
    eddy_status rc;
    if (at != SIZE_MAX) {
        Ent old = s->ents.items[at];
        int64_t oldr = (int64_t)at + 1;
        int c = key_cmp(in->k, in->kl, old.k, old.kl);
        if (c == 0) {
            /* the same rank: only the row changes */
            s->ents.items[at] = *in;
            if ((rc = emit_ranked(op, s, &old, RK_UPDATE_BEFORE, oldr)) ||
                (rc = emit_ranked(op, s, in, RK_UPDATE_AFTER, oldr)))
                return rc;
            return store(op, s, k, s->ents.len, SIZE_MAX);
        }
        memmove(&s->ents.items[at], &s->ents.items[at + 1], sizeof(Ent) * (n - at - 1));
        s->ents.len--;
        size_t nat = put_row(s, in);
        if (c < 0) {
            if ((rc = update_walk(op, s, in, &old, oldr, &stop))) return rc;
            return store(op, s, k, stop, SIZE_MAX);
        }
        /* the sort key got worse (Flink warns and goes on): ranks oldr .. new move up */
        int64_t newr = (int64_t)nat + 1;
        if ((rc = emit_ranked(op, s, &old, RK_UPDATE_BEFORE, oldr))) return rc;
        for (size_t t = 0; t < s->ents.len && (int64_t)t + 1 != newr; t++) {
            int64_t r = (int64_t)t + 1;
            if (oldr <= r && ((rc = emit_ranked(op, s, &s->ents.items[t], RK_UPDATE_BEFORE, r + 1)) ||
                              (rc = emit_ranked(op, s, &s->ents.items[t], RK_UPDATE_AFTER, r))))
                return rc;
        }
        if ((rc = emit_ranked(op, s, in, RK_UPDATE_AFTER, newr))) return rc;
        return store(op, s, k, s->ents.len, SIZE_MAX);
    }
    if (n > 0 && (int64_t)n >= p->end) {
        const Ent *worst = &s->ents.items[n - 1];
        if (key_cmp(in->k, in->kl, worst->k, worst->kl) >= 0) return EDDY_OK;
    }
    put_row(s, in);
    if ((rc = update_walk(op, s, in, NULL, 0, &stop))) return rc;
    return store(op, s, k, stop, SIZE_MAX);
}

/* Top-1 (FastTop1Function): the partition's best row only; a better one
 * replaces it with -U / +U (the partition key is a unique key of the output). */
static eddy_status top1_row(Op *op, RankState *s, const StateKey *k, const Ent *in) {
    eddy_status rc;
    if (s->ents.len == 0) {
        rc = emit_ranked(op, s, in, RK_INSERT, 1);
    } else {
        const Ent *old = &s->ents.items[0];
        if (key_cmp(in->k, in->kl, old->k, old->kl) >= 0) return EDDY_OK;
        if ((rc = emit_ranked(op, s, old, RK_UPDATE_BEFORE, 1)) || (rc = emit_ranked(op, s, in, RK_UPDATE_AFTER, 1)))
            return rc;
    }
    if (rc) return rc;
    s->ents.items[0] = *in;
    return store(op, s, k, 1, SIZE_MAX);
}

/* First N on processing time (AppendOnlyFirstNFunction): a counter per
 * partition, every row of a batch's partitions looked up at once; the first
 * rank_end rows go out as +I, the rest are dropped. */
static eddy_status first_n_batch(Op *op, RankState *s, const Batch *b) {
    const RankPlan *p = op->plan;
    eddy_status rc = ops_slots(op, &s->sl, s->st, &s->kb, b->count);
    if (rc) return rc;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        if (batch_kind(b, r) != RK_INSERT) {
            rc = eddy__op_fail(op, EDDY_E_INTERNAL, "Top-N (AppendFast) got a retraction");
            break;
        }
        int64_t *count = s->sl.slots[i];
        if (*count >= p->end) continue;
        int64_t rank = ++*count;
        if (!in_range(p, rank)) continue;
        s->row.len = 0;
        eddy__serde_write(&s->row, b->cols, p->nin, r);
        if (s->row.failed || s->row.len > UINT32_MAX) {
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        Ent e = {NULL, 0, s->row.data, (uint32_t)s->row.len};
        s->ts = batch_ts(b, r);
        rc = emit(op, s, &e, RK_INSERT, rank);
    }
    eddy_status fr = eddy__state_flush(s->st);
    return rc ? rc : fr;
}

/* ---- the operator ---------------------------------------------------------------------------- */

static eddy_status rank_open(Op *op) {
    const RankPlan *p = op->plan;
    RankState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    memset(s, 0, sizeof *s);
    op->state = s;
    eddy__buf_init(&s->key);
    eddy__buf_init(&s->row);
    eddy__buf_init(&s->blob);
    StateBackend *be;
    eddy_status rc = ops_keyed_open(op, &s->kb, &s->out, &be);
    if (rc) return rc;
    StateDesc d = {.name = "topn", .kind = STATE_VALUE, .key_type = p->key_type, .value_type = eddy__type_bytes(false)};
    if (p->mode == RM_FIRST_N) {
        d.name = "counter";
        d.value_type = eddy__type_basic(TY_BIGINT, false);
        d.fixed_size = 8;
    }
    d.ttl.ttl_ms = p->ttl_ms;
    return eddy__state_register(be, &d, &s->st);
}

static void rank_close(Op *op) {
    RankState *s = op->state;
    if (!s) return;
    eddy__key_batch_free(&s->kb);
    eddy__out_free(&s->out);
    eddy__buf_free(&s->key);
    eddy__buf_free(&s->row);
    eddy__buf_free(&s->blob);
    ed_vec_free(&s->ents);
    eddy__vec_release(s->zero);
    ops_slots_free(&s->sl);
}

static eddy_status rank_push(Op *op, int input, Batch *b) {
    (void)input;
    const RankPlan *p = op->plan;
    RankState *s = op->state;
    if (b->count == 0) return EDDY_OK;
    eddy_status rc = ops_key_batch(op, &s->kb, &s->zero, b, p->ngroup, p->group);
    if (!rc && p->mode == RM_FIRST_N) {
        rc = first_n_batch(op, s, b);
        return rc ? rc : eddy__out_flush(&s->out);
    }
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        uint32_t r = batch_row(b, i);
        StateKey k = eddy__key_batch_key(&s->kb, i);
        s->key.len = s->row.len = 0;
        for (int c = 0; c < p->norder; c++)
            if (!enc_value(&s->key, b->cols[p->order[c]], r, p->desc[c], p->nulls_first[c])) {
                Buf t;
                eddy__buf_init(&t);
                eddy__type_print(&t, b->cols[p->order[c]]->type);
                rc = eddy__op_fail(op, EDDY_E_UNSUPPORTED, "not supported yet: Top-N ordered by a column of type %s",
                                   eddy__buf_cstr(&t));
                eddy__buf_free(&t);
                return rc;
            }
        if (s->key.failed || s->key.len > UINT32_MAX) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        const void *val;
        uint32_t vlen;
        bool found;
        if ((rc = eddy__state_get(s->st, &k, STATE_NO_NS, &val, &vlen, &found))) break;
        if ((rc = parse(op, s, found ? val : NULL, found ? vlen : 0))) break;
        uint8_t kind = batch_kind(b, r);
        bool add = kind == RK_INSERT || kind == RK_UPDATE_AFTER;
        if (add && s->ents.len > 0 &&
            ((p->mode == RM_APPEND && (int64_t)s->ents.len >= p->end) || p->mode == RM_TOP1)) {
            /* a full Top-N (a Top-1 with its row) that the row does not enter: dropped before it is encoded */
            const Ent *worst = &s->ents.items[s->ents.len - 1];
            if (key_cmp(s->key.data, (uint32_t)s->key.len, worst->k, worst->kl) >= 0) continue;
        }
        if (p->mode == RM_UPDATE) {
            Vector *rk[16];
            for (int c = 0; c < p->nrowkey; c++) rk[c] = b->cols[p->rowkey[c]];
            uint32_t zero = 0;
            eddy__buf_put(&s->row, &zero, 4);
            eddy__serde_write(&s->row, rk, p->nrowkey, r);
            if (!s->row.failed) {
                uint32_t kl = (uint32_t)s->row.len - 4;
                memcpy(s->row.data, &kl, 4);
            }
        }
        eddy__serde_write(&s->row, b->cols, p->nin, r);
        if (s->row.failed || s->row.len > UINT32_MAX) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        Ent in = {s->key.data, (uint32_t)s->key.len, s->row.data, (uint32_t)s->row.len};
        if (s->ents.len + 1 > s->ents.cap &&
            !eddy__vec_grow((void **)&s->ents.items, &s->ents.cap, sizeof(Ent), s->ents.len + 1))
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        s->ts = batch_ts(b, r);
        s->inb = b;
        s->inr = r;
        s->last_r[0] = s->last_r[1] = NULL; /* the previous row's entries may sit where this one's do */
        if (p->mode == RM_TOP1) rc = top1_row(op, s, &k, &in);
        else if (p->mode == RM_UPDATE)
            rc = p->output_rank || p->start > 1 ? update_row_numbered(op, s, &k, &in) : update_row(op, s, &k, &in);
        else if (p->mode == RM_RETRACT) rc = add ? retract_add(op, s, &k, &in) : retract_remove(op, s, &k, &in);
        else if (add) rc = append_row(op, s, &k, &in);
        else rc = eddy__op_fail(op, EDDY_E_INTERNAL, "Top-N (AppendFast) got a retraction");
    }
    s->inb = NULL;
    s->last_r[0] = s->last_r[1] = NULL;
    s->last_batch = NULL;
    if (!rc) rc = eddy__out_flush(&s->out);
    return rc;
}

static const OpVtab rank_vt = {.name = "Rank", .open = rank_open, .push_batch = rank_push, .close = rank_close};

/* ---- translation ------------------------------------------------------------------------------ */

/* Rank and SortLimit (streaming): the plan from the node; SortLimit is a
 * ROW_NUMBER Top-N of one partition over [offset + 1, offset + fetch]. */
eddy_status eddy__translate_rank(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    if (p->kind == PK_RANK && p->rank_fn != RANK_ROW_NUMBER)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "%s() on streaming table is not supported currently",
                         p->rank_fn == RANK_RANK ? "RANK" : "DENSE_RANK");
    const PhysNode *ip = p->in[0];
    RankPlan *rp = eddy__arena_alloc(cx->a, sizeof *rp);
    if (!rp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(rp, 0, sizeof *rp);
    rp->nin = ip->ncols;
    rp->norder = p->norder;
    rp->order = p->order;
    rp->desc = p->desc;
    rp->update_before = p->update == UK_BEFORE_AND_AFTER;
    rp->mode = p->strategy == RS_RETRACT ? RM_RETRACT : p->strategy == RS_UPDATE_FAST ? RM_UPDATE : RM_APPEND;
    rp->nrowkey = p->strategy_key.n;
    rp->rowkey = p->strategy_key.cols;
    if (rp->nrowkey > 16) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: unique keys of more than 16 columns");
    bool *nf = eddy__arena_alloc(cx->a, (size_t)p->norder + 1);
    if (!nf) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < p->norder; i++) nf[i] = p->nulls_first ? p->nulls_first[i] : !p->desc[i];
    rp->nulls_first = nf;
    if (p->kind == PK_SORT_LIMIT && p->fetch < 0)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "FETCH is missed, which on streaming table is not supported currently");
    if (p->kind == PK_SORT_LIMIT) {
        int64_t off = p->offset > 0 ? p->offset : 0;
        rp->start = off + 1;
        rp->end = off + p->fetch;
        rp->output_rank = false;
    } else {
        rp->ngroup = p->ngroup;
        rp->group = p->group;
        rp->start = p->rank_start;
        rp->end = p->rank_end;
        rp->output_rank = p->output_rank;
    }
    /* Flink's choice of function (StreamExecRank) */
    if (rp->mode == RM_APPEND && p->norder == 1 && ip->types[p->order[0]]->timeattr == TA_PROCTIME && !p->desc[0])
        rp->mode = RM_FIRST_N;
    else if (p->strategy != RS_RETRACT && rp->start == 1 && rp->end == 1)
        rp->mode = RM_TOP1;
    if (!(rp->key_type = ops_key_type(cx, ip, rp->ngroup, rp->group))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    rp->ttl_ms = ops_state_ttl(cx);
    return ops_keyed_node(cx, p, p->kind == PK_SORT_LIMIT ? "SortLimit" : "Rank", &rank_vt, rp, rp->ngroup, in, out,
                          err);
}

/* Limit (LIMIT / OFFSET without ORDER BY): over an insert-only input (and in
 * BATCH mode) the counter of sort.c; over an updating input Flink's Rank
 * without sort key (RetractableTopNFunction: the first rows of the current
 * table in arrival order, a retraction letting the next one in). */
eddy_status eddy__translate_limit(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    if (p->in[0]->modify == CL_INSERT) return eddy__translate_sort(cx, p, in, out, err);
    RankPlan *rp = eddy__arena_alloc(cx->a, sizeof *rp);
    if (!rp) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(rp, 0, sizeof *rp);
    rp->nin = p->in[0]->ncols;
    rp->update_before = p->update == UK_BEFORE_AND_AFTER;
    rp->mode = RM_RETRACT;
    int64_t off = p->offset > 0 ? p->offset : 0;
    rp->start = off + 1;
    rp->end = p->fetch >= 0 ? off + p->fetch : INT64_MAX;
    if (!(rp->key_type = ops_key_type(cx, p->in[0], 0, NULL))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    rp->ttl_ms = ops_state_ttl(cx);
    return ops_keyed_node(cx, p, "Limit", &rank_vt, rp, 0, in, out, err);
}
