/*
 * translate_interval_join.c -- the interval join's window bounds and its
 * translation (PK_INTERVAL_JOIN).
 *
 * A join is an interval join when its condition bounds the time attribute
 * of one side by the other's from below and from above, both rowtime or both
 * proctime: `O.ts BETWEEN U.ts AND U.ts + INTERVAL '5' MINUTE`, or
 * `l.t >= r.t - INTERVAL '10' SECOND AND l.t < r.t`. The bounds are written
 * as Flink writes them, relative to the left side:
 *
 *   r.t + leftLowerBound <= l.t <= r.t + leftUpperBound      (milliseconds)
 *
 * a strict bound moves by one millisecond (l.t < r.t + c is l.t <= r.t + c - 1).
 * Each side of a bound is a time attribute column, optionally plus or minus
 * a day-time INTERVAL literal. Exactly one lower and one upper bound over the
 * same two columns make an interval join; anything else stays a regular join.
 * The other conjuncts (besides the equi-join keys) are the residual
 * condition the operator evaluates over each pair in the window.
 *
 * The event-time temporal join (PK_TEMPORAL_JOIN, `FOR SYSTEM_TIME AS OF
 * l.t`) translates here too: the left time is the AS OF column the binder
 * recorded (Rel.as_of), the version time the versioned side's rowtime; the
 * equi-join keys must not be empty. (Flink also checks that they hold the
 * versioned side's primary key; eddy does not check it yet.)
 */
#include <string.h>

#include "plan/phys.h"
#include "runtime/ops/interval_join.h"
#include "runtime/ops/keyed_rows.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* A bound's operand: column col plus off milliseconds. */
static bool time_operand(const Expr *e, int *col, int64_t *off) {
    if (e->kind == EX_COLUMN) {
        *col = e->index;
        *off = 0;
        return true;
    }
    if (e->kind != EX_CALL || !e->fn || e->nargs != 2) return false;
    bool plus = !strcmp(e->fn->name, "+"), minus = !strcmp(e->fn->name, "-");
    if (!plus && !minus) return false;
    const Expr *c = e->args[0], *l = e->args[1];
    if (plus && c->kind == EX_LITERAL) {
        c = e->args[1];
        l = e->args[0];
    }
    if (c->kind != EX_COLUMN || l->kind != EX_LITERAL || l->value.is_null || l->type->root != TY_INTERVAL_DT)
        return false;
    *col = c->index;
    *off = minus ? -l->value.u.i : l->value.u.i;
    return true;
}

/* One conjunct as a bound of the left time column: *lower (l >= r + *c) or
 * not (l <= r + *c). */
static bool bound_of(const Expr *e, int nl, const Type *const *types, int *lcol, int *rcol, bool *lower, int64_t *c) {
    if (e->kind != EX_CALL || !e->fn || e->nargs != 2) return false;
    const char *op = e->fn->name;
    bool ge = !strcmp(op, ">="), gt = !strcmp(op, ">"), le = !strcmp(op, "<="), lt = !strcmp(op, "<");
    if (!ge && !gt && !le && !lt) return false;
    int x, y;
    int64_t ox, oy;
    if (!time_operand(e->args[0], &x, &ox) || !time_operand(e->args[1], &y, &oy)) return false;
    if ((x < nl) == (y < nl)) return false;
    const Type *tx = types[x], *ty = types[y];
    if (!tx->timeattr || tx->timeattr != ty->timeattr) return false;
    /* x + ox op y + oy, with x the left column: x op y + (oy - ox) */
    int64_t d = oy - ox;
    if (x >= nl) {
        /* r + ox op l + oy is l op' r + (ox - oy), op' the flipped comparison */
        int t = x;
        x = y;
        y = t;
        d = -d;
        bool g = ge, h = gt;
        ge = le;
        gt = lt;
        le = g;
        lt = h;
    }
    *lcol = x;
    *rcol = y - nl;
    *lower = ge || gt;
    *c = gt ? d + 1 : lt ? d - 1 : d;
    return true;
}

static void conjuncts(const Expr *e, const Expr **out, int *n, int cap) {
    if (e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "AND")) {
        for (int i = 0; i < e->nargs; i++) conjuncts(e->args[i], out, n, cap);
        return;
    }
    if (e && *n < cap) out[*n] = e;
    if (e) (*n)++;
}

#define MAX_CONJ 64

bool eddy__interval_bounds(const Expr *cond, int nl, const Type *const *types, IntervalBounds *wb, bool *used) {
    const Expr *cs[MAX_CONJ];
    int n = 0, nlow = 0, nup = 0;
    conjuncts(cond, cs, &n, MAX_CONJ);
    if (n > MAX_CONJ) return false;
    *wb = (IntervalBounds){.ltime = -1, .rtime = -1};
    for (int i = 0; i < n; i++) {
        int l, r;
        bool lower;
        int64_t c;
        if (used) used[i] = false;
        if (!bound_of(cs[i], nl, types, &l, &r, &lower, &c)) continue;
        if ((wb->ltime >= 0 && wb->ltime != l) || (wb->rtime >= 0 && wb->rtime != r)) return false;
        wb->ltime = l;
        wb->rtime = r;
        wb->rowtime = types[l]->timeattr == TA_ROWTIME;
        if (lower) {
            wb->lower = c;
            nlow++;
        } else {
            wb->upper = c;
            nup++;
        }
        if (used) used[i] = true;
    }
    return nlow == 1 && nup == 1;
}

void eddy__interval_bounds_text(Buf *b, const PhysNode *n) {
    IntervalBounds wb;
    if (eddy__interval_bounds(n->join_cond, n->in[0]->ncols, n->types, &wb, NULL))
        eddy__buf_printf(b,
                         "windowBounds=[isRowTime=%s, leftLowerBound=%lld, leftUpperBound=%lld, leftTimeIndex=%d, "
                         "rightTimeIndex=%d], ",
                         wb.rowtime ? "true" : "false", (long long)wb.lower, (long long)wb.upper, wb.ltime, wb.rtime);
}

static void names_list(Buf *b, const char *fn, const char *const *fields, int off, int n, const int *cols) {
    eddy__buf_printf(b, "%s(", fn);
    for (int i = 0; i < n; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", fields[off + cols[i]]);
    eddy__buf_putc(b, ')');
}

/* The versioned side's rowtime column (its input's), or -1. */
static int version_time(const Rel *r) {
    for (int i = 0; r && i < r->in[1]->ncols; i++)
        if (r->in[1]->types[i]->timeattr == TA_ROWTIME) return i;
    return -1;
}

void eddy__temporal_where_text(Buf *b, const PhysNode *n, const char *const *fields, ExprStyle st) {
    const Expr *cs[MAX_CONJ];
    int nc = 0, nl = n->in[0]->ncols, rt = version_time(n->rel);
    conjuncts(n->join_cond, cs, &nc, MAX_CONJ);
    if (nc > MAX_CONJ) nc = MAX_CONJ;
    bool infix = st == XS_INFIX;
    eddy__buf_puts(b, infix ? "(" : "AND(");
    if (n->rel && n->rel->temporal_key) {
        /* a temporal table function's: its condition first, by its key */
        int pk = n->rel->temporal_key - nl;
        eddy__buf_printf(b, "__TEMPORAL_JOIN_CONDITION(%s, ", fields[n->rel->as_of]);
        if (rt >= 0) eddy__buf_printf(b, "%s, ", fields[nl + rt]);
        names_list(b, "__TEMPORAL_JOIN_CONDITION_PRIMARY_KEY", fields, nl, 1, &pk);
        eddy__buf_puts(b, ")");
        for (int i = 0; i < nc; i++) {
            eddy__buf_puts(b, infix ? " AND " : ", ");
            eddy__plan_expr_text(b, cs[i], fields, st);
        }
        eddy__buf_puts(b, ")");
        return;
    }
    for (int i = 0; i < nc; i++) {
        eddy__plan_expr_text(b, cs[i], fields, st);
        eddy__buf_puts(b, infix ? " AND " : ", ");
    }
    /* the versioned side's primary key: its smallest upsert key within the join key */
    Arena a;
    eddy__arena_init(&a, 1024);
    const KeySets *ks = eddy__phys_upsert_keys_in_key_group(&a, n->in[1], n->njk, n->rkeys);
    ColSet pk = {n->njk, n->rkeys};
    for (int i = 0; ks && i < ks->n; i++)
        if (i == 0 || ks->keys[i].n < pk.n) pk = ks->keys[i];
    eddy__buf_printf(b, "__TEMPORAL_JOIN_CONDITION(%s, %s, ", fields[n->rel ? n->rel->as_of : 0],
                     rt >= 0 ? fields[nl + rt] : "?");
    names_list(b, "__TEMPORAL_JOIN_CONDITION_PRIMARY_KEY", fields, nl, pk.n, pk.cols);
    eddy__buf_puts(b, ", ");
    names_list(b, "__TEMPORAL_JOIN_LEFT_KEY", fields, 0, n->njk, n->lkeys);
    eddy__buf_puts(b, ", ");
    names_list(b, "__TEMPORAL_JOIN_RIGHT_KEY", fields, nl, n->njk, n->rkeys);
    eddy__buf_puts(b, "))");
    eddy__arena_destroy(&a);
}

/* Whether conjunct c is the equality of one of the join's key pairs;
 * *null_safe for IS NOT DISTINCT FROM. */
static bool key_eq(const PhysNode *p, const Expr *c, int nl, int *which, bool *null_safe) {
    if (c->kind != EX_CALL || !c->fn || c->nargs != 2) return false;
    bool eq = !strcmp(c->fn->name, "=");
    if (!eq && strcmp(c->fn->name, "IS NOT DISTINCT FROM")) return false;
    const Expr *x = c->args[0], *y = c->args[1];
    if (x->kind != EX_COLUMN || y->kind != EX_COLUMN) return false;
    int l = x->index, r = y->index;
    if (l >= nl) {
        l = y->index;
        r = x->index;
    }
    for (int i = 0; i < p->njk; i++)
        if (p->lkeys[i] == l && nl + p->rkeys[i] == r) {
            *which = i;
            *null_safe = !eq;
            return true;
        }
    return false;
}

/* The residual of join p: the conjuncts that are neither a key equality nor
 * marked in skip (NULL: none); fnull[i] false for a key compared with IS
 * NOT DISTINCT FROM. */
static eddy_status residual_of(Arena *a, const PhysNode *p, const bool *skip, bool *fnull, const Expr **out, EdErr *err) {
    const Expr *cs[MAX_CONJ];
    int n = 0, nl = p->in[0]->ncols;
    conjuncts(p->join_cond, cs, &n, MAX_CONJ);
    if (n > MAX_CONJ) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: join conditions of more than %d conjuncts", MAX_CONJ);
    Expr *acc = NULL;
    for (int i = 0; i < p->njk; i++) fnull[i] = true;
    for (int i = 0; i < n; i++) {
        int which;
        bool ns;
        if (skip && skip[i]) continue;
        if (key_eq(p, cs[i], nl, &which, &ns)) {
            if (ns) fnull[which] = false;
            continue;
        }
        bool lit_true = cs[i]->kind == EX_LITERAL && !cs[i]->value.is_null && cs[i]->type->root == TY_BOOLEAN && cs[i]->value.u.b;
        if (lit_true) continue;
        if (!acc) {
            acc = (Expr *)cs[i];
            continue;
        }
        Expr *two[2] = {acc, (Expr *)cs[i]};
        eddy_status rc = eddy__expr_call_name(a, "AND", two, 2, &acc, err);
        if (rc) return rc;
    }
    *out = acc;
    return EDDY_OK;
}

/* The equi-join keys of both sides (of one type each) and the state key type. */
static eddy_status join_keys(TranslateCtx *cx, const PhysNode *p, const KeySpec *key[2], const int *kcols[2],
                             const Type **key_type, EdErr *err) {
    int nk = p->njk;
    if (nk > 16) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: joins on more than 16 keys");
    kcols[0] = p->lkeys;
    kcols[1] = p->rkeys;
    for (int side = 0; side < 2; side++)
        if (!(key[side] = eddy__translate_key(cx, p->in[side], nk, kcols[side]))) return NOMEM();
    for (int i = 0; i < nk; i++)
        if (!eddy__type_equals(key[0]->types[i], key[1]->types[i], true, true))
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: join keys of different types (%s)",
                             p->in[0]->names[p->lkeys[i]]);
    return (*key_type = ops_key_type(cx, p->in[0], nk, p->lkeys)) ? EDDY_OK : NOMEM();
}

/* The pair types (both sides' columns without time attributes). */
static const Type **pair_types(Arena *a, const PhysNode *p) {
    int n = p->in[0]->ncols + p->in[1]->ncols;
    const Type **pt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; pt && i < n; i++)
        if (!(pt[i] = eddy__type_with_timeattr(a, p->types[i], TA_NONE))) return NULL;
    return pt;
}

/* The two-input stream node; without an equi-join key every row has the one
 * key, on one subtask. */
static eddy_status two_input_node(TranslateCtx *cx, const PhysNode *p, const char *name, const OpVtab *vt,
                                  const void *plan, const TransOut *in, TransOut *out, EdErr *err) {
    StreamNode *sn = eddy__translate_node(cx, p, NODE_OPERATOR, name, vt, plan, 2);
    if (!sn) return NOMEM();
    eddy__translate_connect(sn, 0, &in[0]);
    eddy__translate_connect(sn, 1, &in[1]);
    if (p->njk == 0) {
        sn->parallelism = 1;
        sn->fixed_parallelism = true;
    }
    out->node = sn;
    return EDDY_OK;
}

eddy_status eddy__translate_interval_join(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                          EdErr *err) {
    Arena *a = cx->a;
    int nl = p->in[0]->ncols, nk = p->njk;
    IntervalJoinPlan *jp = eddy__arena_alloc(a, sizeof *jp);
    bool *fnull = eddy__arena_alloc(a, (size_t)nk + 1);
    bool used[MAX_CONJ];
    if (!jp || !fnull) return NOMEM();
    memset(jp, 0, sizeof *jp);
    if (!eddy__interval_bounds(p->join_cond, nl, p->types, &jp->bounds, used))
        return eddy__err(err, EDDY_E_INTERNAL, "an interval join without window bounds");
    jp->type = p->join;
    jp->nkeys = nk;
    jp->ncols[0] = nl;
    jp->ncols[1] = p->in[1]->ncols;
    jp->tz = cx->pe->tz;
    if (!(jp->pair_types = pair_types(a, p))) return NOMEM();
    eddy_status rc = join_keys(cx, p, jp->key, jp->kcols, &jp->key_type, err);
    if (!rc) rc = residual_of(a, p, used, fnull, &jp->residual, err);
    if (rc) return rc;
    jp->filter_null = fnull;
    return two_input_node(cx, p, "IntervalJoin", &eddy__op_interval_join, jp, in, out, err);
}

eddy_status eddy__translate_temporal_join(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                          EdErr *err) {
    Arena *a = cx->a;
    const Rel *r = p->rel;
    int nl = p->in[0]->ncols, nk = p->njk;
    if (nk == 0) return eddy__err(err, EDDY_E_TABLE, "Currently the join key in Temporal Table Join can not be empty.");
    if (!r || r->as_of < 0 || r->as_of >= nl) return eddy__err(err, EDDY_E_INTERNAL, "a temporal join without its time");
    /* a processing-time temporal table function's join: the latest version */
    bool proctime = r->temporal_key && r->in[0]->types[r->as_of]->timeattr == TA_PROCTIME;
    if (r->in[0]->types[r->as_of]->timeattr != TA_ROWTIME && !proctime)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: processing-time temporal joins (lookup joins)");
    int rtime = proctime ? -1 : version_time(r);
    if (rtime < 0 && !proctime)
        return eddy__err(err, EDDY_E_TABLE,
                         "Event-Time Temporal Table Join requires both primary key and row time attribute in "
                         "versioned table, but no row time attribute can be found.");
    TemporalJoinPlan *jp = eddy__arena_alloc(a, sizeof *jp);
    bool *fnull = eddy__arena_alloc(a, (size_t)nk + 1);
    if (!jp || !fnull) return NOMEM();
    memset(jp, 0, sizeof *jp);
    jp->type = p->join;
    jp->ltime = r->as_of;
    jp->rtime = rtime;
    jp->proctime = proctime;
    jp->nkeys = nk;
    jp->ncols[0] = nl;
    jp->ncols[1] = p->in[1]->ncols;
    jp->tz = cx->pe->tz;
    if (!(jp->pair_types = pair_types(a, p))) return NOMEM();
    eddy_status rc = join_keys(cx, p, jp->key, jp->kcols, &jp->key_type, err);
    if (!rc) rc = residual_of(a, p, NULL, fnull, &jp->residual, err);
    if (rc) return rc;
    jp->filter_null = fnull;
    return two_input_node(cx, p, "TemporalJoin", &eddy__op_temporal_join, jp, in, out, err);
}
