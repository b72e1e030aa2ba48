/*
 * rules.c -- the logical rewrite before physical planning: a rule set
 * applied bottom-up over Rels to a fixpoint, and eddy's rules.
 *
 * A rule (RelRuleFn) sees one Rel whose inputs are already rewritten and
 * returns an equivalent Rel, or NULL when it does not apply. After a rule
 * applies, its result is rewritten again (its new inputs first), so rules
 * compose: UNION becomes an Aggregate over UNION ALL, filters and
 * projections become one Calc, a Calc filtering the rank column of an OVER
 * becomes a Rank. Rels never change; a rewrite copies the Rels on the path
 * to a change and shares the rest.
 *
 * The rules, in phases 1 and 2 (each to its fixpoint), in the order tried:
 *   project_to_calc, filter_to_calc   LogicalProject / LogicalFilter -> Calc
 *   calc_merge                        Calc over Calc (Flink's FlinkCalcMergeRule;
 *                                     not over non-deterministic projections)
 *   calc_remove                       a Calc that keeps its input as it is
 *   union_to_aggregate                UNION -> Aggregate(all columns) over UNION ALL
 *   intersect_to_semi_join            INTERSECT -> Aggregate over a semi join
 *   except_to_anti_join               EXCEPT -> Aggregate over an anti join
 *   over_to_rank                      Calc(rn <= N) over OVER(ROW_NUMBER / RANK /
 *                                     DENSE_RANK) -> Rank (FlinkLogicalRankRule)
 *   filter_into_join                  the conjuncts of a condition over an inner join
 *                                     that read one side go below it, the others into
 *                                     the join condition (Flink's FlinkFilterJoinRule)
 *   project_join_transpose            the columns nobody above a join reads are
 *                                     dropped below it (Calcite's field trimming)
 *   project_rank_transpose            the same for a Rank
 *
 * Before both, phase 0 turns subqueries into joins and aggregates
 * (rules_subquery.c), and phase 2 also runs the rules that move conditions
 * and columns through the semi and anti joins it makes. rules_setop.c has
 * INTERSECT ALL / EXCEPT ALL (phase 1) and the removal of a GROUP BY over
 * rows unique on its keys (phase 2).
 */
#include "plan/plan.h"

#define RULE_LIMIT 100000

Rel *eddy__rule_fail(RuleCtx *cx) {
    if (!eddy__err_is_set(cx->err)) eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    cx->failed = true;
    return NULL;
}

bool eddy__expr_deterministic(const Expr *e) {
    if (!e) return true;
    if (e->kind == EX_CALL && e->fn && (e->fn->flags & FN_NONDETERMINISTIC)) return false;
    for (int i = 0; i < e->nargs; i++)
        if (!eddy__expr_deterministic(e->args[i])) return false;
    return true;
}

Rel *eddy__rel_calc(Arena *a, const Rel *in, int n, const Expr *const *exprs, const char *const *names,
                    const Expr *cond) {
    Rel *r = eddy__rel_new(a, REL_CALC, n, 1);
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n ? n : 1));
    if (!r || !ex) return NULL;
    r->in[0] = (Rel *)in;
    for (int i = 0; i < n; i++) {
        ex[i] = exprs[i];
        r->names[i] = names[i];
        r->types[i] = exprs[i]->type;
    }
    r->exprs = ex;
    r->cond = cond;
    r->changelog = in->changelog;
    return r;
}

/* A copy of r with other inputs. */
static Rel *with_inputs(Arena *a, const Rel *r, Rel **in) {
    Rel *c = eddy__arena_dup(a, r, sizeof *r);
    Rel **ins = eddy__arena_alloc(a, sizeof(Rel *) * (size_t)(r->nin ? r->nin : 1));
    if (!c || !ins) return NULL;
    for (int i = 0; i < r->nin; i++) ins[i] = in[i];
    c->in = ins;
    return c;
}

/* ---- Calc rules ------------------------------------------------------------------------- */

static Rel *project_to_calc(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_PROJECT) return NULL;
    Rel *c = eddy__rel_calc(cx->a, r->in[0], r->ncols, r->exprs, r->names, NULL);
    return c ? c : eddy__rule_fail(cx);
}

static Rel *filter_to_calc(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_FILTER) return NULL;
    const Rel *in = r->in[0];
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(in->ncols + 1));
    if (!ex) return eddy__rule_fail(cx);
    for (int i = 0; i < in->ncols; i++)
        if (!(ex[i] = eddy__expr_column(cx->a, i, in->types[i]))) return eddy__rule_fail(cx);
    Rel *c = eddy__rel_calc(cx->a, in, in->ncols, ex, r->names, r->cond);
    return c ? c : eddy__rule_fail(cx);
}

/* Calc(exprs, cond) over Calc(exprs', cond') -> one Calc; the lower
 * condition first, as Flink merges them. */
static Rel *calc_merge(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || r->in[0]->kind != REL_CALC) return NULL;
    const Rel *lo = r->in[0];
    for (int i = 0; i < lo->ncols; i++)
        if (!eddy__expr_deterministic(lo->exprs[i])) return NULL;
    Arena *a = cx->a;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return eddy__rule_fail(cx);
    for (int i = 0; i < r->ncols; i++)
        if (!(ex[i] = eddy__expr_subst(a, r->exprs[i], lo->exprs, lo->ncols))) return eddy__rule_fail(cx);
    const Expr *cond = lo->cond;
    if (r->cond) {
        Expr *up = eddy__expr_subst(a, r->cond, lo->exprs, lo->ncols);
        if (!up) return eddy__rule_fail(cx);
        if (cond) {
            Expr *args[2] = {(Expr *)cond, up}, *and;
            if (eddy__expr_call_name(a, "AND", args, 2, &and, cx->err)) return eddy__rule_fail(cx);
            cond = and;
        } else {
            cond = up;
        }
    }
    Rel *c = eddy__rel_calc(a, lo->in[0], r->ncols, ex, r->names, cond);
    return c ? c : eddy__rule_fail(cx);
}

/* A Calc that keeps every input column in order, with its type, needs no
 * operator (its names may differ: the consumer names the columns). */
static Rel *calc_remove(RuleCtx *cx, const Rel *r) {
    (void)cx;
    if (r->kind != REL_CALC || r->cond || r->ncols != r->in[0]->ncols) return NULL;
    const Rel *in = r->in[0];
    for (int i = 0; i < r->ncols; i++)
        if (r->exprs[i]->kind != EX_COLUMN || r->exprs[i]->index != i ||
            !eddy__type_equals(r->exprs[i]->type, in->types[i], false, false))
            return NULL;
    return (Rel *)in;
}

/* ---- set operations ----------------------------------------------------------------------- */

/* An Aggregate grouping by every column of `in`, named and typed as r. */
static Rel *distinct_of(RuleCtx *cx, const Rel *r, Rel *in) {
    Rel *agg = eddy__rel_new(cx->a, REL_AGGREGATE, r->ncols, 1);
    int *group = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(r->ncols + 1));
    if (!agg || !group) return eddy__rule_fail(cx);
    agg->in[0] = in;
    for (int i = 0; i < r->ncols; i++) {
        group[i] = i;
        agg->names[i] = r->names[i];
        agg->types[i] = r->types[i];
    }
    agg->ngroup = r->ncols;
    agg->group = group;
    agg->feature = r->feature;
    agg->digest = r->digest;
    agg->changelog = r->changelog;
    return agg;
}

static Rel *union_to_aggregate(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_SETOP || r->setop != SETOP_UNION || r->all) return NULL;
    Rel *u = eddy__rel_new(cx->a, REL_UNION, r->ncols, 2);
    if (!u) return eddy__rule_fail(cx);
    u->in[0] = r->in[0];
    u->in[1] = r->in[1];
    for (int i = 0; i < r->ncols; i++) {
        u->names[i] = r->in[0]->names[i];
        u->types[i] = r->types[i];
    }
    u->changelog = r->in[0]->changelog | r->in[1]->changelog;
    return distinct_of(cx, r, u);
}

/* INTERSECT / EXCEPT (distinct): the distinct rows of a semi / anti join of
 * the inputs on every column, NULLs matching NULLs (Flink's
 * ReplaceIntersectWithSemiJoinRule / ReplaceMinusWithAntiJoinRule). */
static Rel *setop_to_join(RuleCtx *cx, const Rel *r, JoinType jt) {
    Arena *a = cx->a;
    const Rel *l = r->in[0], *rr = r->in[1];
    int n = l->ncols;
    Expr *cond = NULL;
    for (int i = 0; i < n; i++) {
        Expr *args[2] = {eddy__expr_column(a, i, l->types[i]), eddy__expr_column(a, n + i, rr->types[i])}, *eq;
        if (!args[0] || !args[1]) return eddy__rule_fail(cx);
        if (eddy__expr_call_name(a, "IS NOT DISTINCT FROM", args, 2, &eq, cx->err)) return eddy__rule_fail(cx);
        if (cond) {
            Expr *both[2] = {cond, eq};
            if (eddy__expr_call_name(a, "AND", both, 2, &cond, cx->err)) return eddy__rule_fail(cx);
        } else {
            cond = eq;
        }
    }
    Rel *j = eddy__rel_new(a, REL_JOIN, n, 2);
    if (!j) return eddy__rule_fail(cx);
    j->in[0] = (Rel *)l;
    j->in[1] = (Rel *)rr;
    j->join = jt;
    j->cond = cond;
    for (int i = 0; i < n; i++) {
        j->names[i] = l->names[i];
        j->types[i] = l->types[i];
    }
    j->feature = r->feature;
    j->changelog = r->changelog;
    return distinct_of(cx, r, j);
}

static Rel *intersect_to_semi_join(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_SETOP || r->setop != SETOP_INTERSECT || r->all) return NULL;
    return setop_to_join(cx, r, JOIN_SEMI);
}

static Rel *except_to_anti_join(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_SETOP || r->setop != SETOP_EXCEPT || r->all) return NULL;
    return setop_to_join(cx, r, JOIN_ANTI);
}

/* ---- Top-N -------------------------------------------------------------------------------- */

/* The integer value of a literal (or a cast literal); false when e is not one. */
static bool int_literal(const Expr *e, int64_t *v) {
    if (e->kind == EX_CAST && e->nargs == 1) e = e->args[0];
    if (e->kind != EX_LITERAL || e->value.is_null || !eddy__type_is_integer(e->type)) return false;
    *v = e->value.u.i;
    return true;
}

static bool is_call(const Expr *e, const char *name) {
    return e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, name);
}

static bool is_col(const Expr *e, int col) {
    if (e->kind == EX_CAST && e->nargs == 1) e = e->args[0];
    return e->kind == EX_COLUMN && e->index == col;
}

typedef ED_VEC(const Expr *) ExprVec;

/* Flattens a conjunction. */
static bool conjuncts(const Expr *e, ExprVec *out) {
    if (is_call(e, "AND")) {
        for (int i = 0; i < e->nargs; i++)
            if (!conjuncts(e->args[i], out)) return false;
        return true;
    }
    return ed_vec_push(out, e);
}

static bool uses_col(const Expr *e, int col) {
    if (!e) return false;
    if (e->kind == EX_COLUMN) return e->index == col;
    for (int i = 0; i < e->nargs; i++)
        if (uses_col(e->args[i], col)) return true;
    return false;
}

/* Narrows [start, end] by a comparison of column rc with a literal. */
static bool rank_bound(const Expr *c, int rc, int64_t *start, int64_t *end) {
    static const struct {
        const char *op, *flip;
    } ops[] = {{"<=", ">="}, {"<", ">"}, {">=", "<="}, {">", "<"}, {"=", "="}};
    if (c->kind != EX_CALL || !c->fn || c->nargs != 2) return false;
    for (size_t k = 0; k < ED_ARRAY_LEN(ops); k++) {
        int64_t v;
        const char *op = NULL;
        if (!strcmp(c->fn->name, ops[k].op) && is_col(c->args[0], rc) && int_literal(c->args[1], &v)) op = ops[k].op;
        else if (!strcmp(c->fn->name, ops[k].op) && is_col(c->args[1], rc) && int_literal(c->args[0], &v))
            op = ops[k].flip;
        if (!op) continue;
        if (!strcmp(op, "<=") && v < *end) *end = v;
        else if (!strcmp(op, "<") && v - 1 < *end) *end = v - 1;
        else if (!strcmp(op, ">=") && v > *start) *start = v;
        else if (!strcmp(op, ">") && v + 1 > *start) *start = v + 1;
        else if (!strcmp(op, "=")) {
            if (v > *start) *start = v;
            if (v < *end) *end = v;
        }
        return true;
    }
    return false;
}

/* Column rc in e replaced by `by` (a copy of e; NULL on failure). */
static Expr *replace_col(Arena *a, const Expr *e, int rc, const Expr *by) {
    if (e->kind == EX_COLUMN && e->index == rc) return (Expr *)by;
    Expr *c = eddy__arena_dup(a, e, sizeof *e);
    if (!c) return NULL;
    if (e->nargs) {
        c->args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)e->nargs);
        if (!c->args) return NULL;
        for (int i = 0; i < e->nargs; i++)
            if (!(c->args[i] = replace_col(a, e->args[i], rc, by))) return NULL;
    }
    return c;
}

static Rel *over_to_rank(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || !r->cond || r->in[0]->kind != REL_OVER) return NULL;
    const Rel *o = r->in[0];
    if (o->naggs != 1) return NULL;
    const AggCall *ac = &o->aggs[0];
    RankFn fn;
    if (!strcmp(ac->fn, "ROW_NUMBER")) fn = RANK_ROW_NUMBER;
    else if (!strcmp(ac->fn, "RANK")) fn = RANK_RANK;
    else if (!strcmp(ac->fn, "DENSE_RANK")) fn = RANK_DENSE_RANK;
    else return NULL;
    const OverSpec *os = &o->over[0];
    if (os->norder == 0) return NULL;
    const Rel *in = o->in[0];
    int rc = in->ncols;
    Arena *a = cx->a;
    ExprVec cs = {0}, rest = {0};
    if (!conjuncts(r->cond, &cs)) {
        ed_vec_free(&cs);
        return eddy__rule_fail(cx);
    }
    int64_t start = 1, end = INT64_MAX;
    bool ok = true;
    for (size_t i = 0; i < cs.len && ok; i++)
        if (!rank_bound(cs.items[i], rc, &start, &end)) ok = ed_vec_push(&rest, cs.items[i]);
    ed_vec_free(&cs);
    if (!ok) {
        ed_vec_free(&rest);
        return eddy__rule_fail(cx);
    }
    /* Flink needs an upper bound; an empty range stays an OVER */
    if (end == INT64_MAX || end < start) {
        ed_vec_free(&rest);
        return NULL;
    }
    Expr *cond = NULL;
    for (size_t i = 0; i < rest.len && ok; i++) {
        if (!cond) {
            cond = (Expr *)rest.items[i];
            continue;
        }
        Expr *both[2] = {cond, (Expr *)rest.items[i]};
        if (eddy__expr_call_name(a, "AND", both, 2, &cond, cx->err)) ok = false;
    }
    ed_vec_free(&rest);
    if (!ok) return eddy__rule_fail(cx);
    /* the rank number of a range of one rank is a constant (Flink's
     * FlinkLogicalRankRuleForConstantRange): the Rank does not output it */
    bool referenced = uses_col(cond, rc);
    for (int i = 0; i < r->ncols && !referenced; i++) referenced = uses_col(r->exprs[i], rc);
    bool constant = start == end;
    bool output = referenced && !constant;
    Rel *k = eddy__rel_new(a, REL_RANK, in->ncols + (output ? 1 : 0), 1);
    int *order = eddy__arena_alloc(a, sizeof(int) * (size_t)os->norder);
    bool *nf = eddy__arena_alloc(a, sizeof(bool) * (size_t)os->norder);
    if (!k || !order || !nf) return eddy__rule_fail(cx);
    k->in[0] = (Rel *)in;
    for (int i = 0; i < k->ncols; i++) {
        k->names[i] = o->names[i];
        k->types[i] = o->types[i];
    }
    if (output) {
        /* unique among the input's names, as Calcite makes them (w0$o0_0) */
        const char *base = k->names[rc];
        for (int n = 0;; n++) {
            bool taken = false;
            for (int i = 0; i < rc && !taken; i++) taken = !strcmp(k->names[i], k->names[rc]);
            if (!taken) break;
            if (!(k->names[rc] = eddy__arena_printf(a, "%s_%d", base, n))) return eddy__rule_fail(cx);
        }
    }
    for (int i = 0; i < os->norder; i++) {
        order[i] = os->order[i];
        nf[i] = !os->desc[i]; /* Flink's default: ASC NULLS FIRST, DESC NULLS LAST */
    }
    k->ngroup = os->npartition;
    k->group = os->partition;
    k->nkeys = os->norder;
    k->keys = order;
    k->desc = os->desc;
    k->nulls_first = nf;
    k->rank_fn = fn;
    k->rank_start = start;
    k->rank_end = end;
    k->output_rank = output;
    k->changelog = CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE;
    /* the Calc above: the rank column is the Rank's last column, or the constant */
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return eddy__rule_fail(cx);
    const Expr *by = NULL;
    if (referenced && constant) {
        Value v = {.type = o->types[rc], .u.i = start};
        if (!(by = eddy__expr_literal(a, &v))) return eddy__rule_fail(cx);
    }
    for (int i = 0; i < r->ncols; i++) {
        ex[i] = by ? replace_col(a, r->exprs[i], rc, by) : r->exprs[i];
        if (!ex[i]) return eddy__rule_fail(cx);
    }
    if (by && cond && !(cond = replace_col(a, cond, rc, by))) return eddy__rule_fail(cx);
    Rel *c = eddy__rel_calc(a, k, r->ncols, ex, r->names, cond);
    return c ? c : eddy__rule_fail(cx);
}


/* ---- joins -------------------------------------------------------------------------------- */

/* A regular join: not temporal, not LATERAL. */
static bool regular_join(const Rel *j) {
    return j->kind == REL_JOIN && (!j->feature || !strcmp(j->feature, "joins")) && j->join != JOIN_SEMI &&
           j->join != JOIN_ANTI;
}

static void mark_used(const Expr *e, bool *used) {
    if (!e) return;
    if (e->kind == EX_COLUMN) used[e->index] = true;
    for (int i = 0; i < e->nargs; i++) mark_used(e->args[i], used);
}

/* e with each column c replaced by column map[c] (its type kept). */
static Expr *remap(Arena *a, const Expr *e, const int *map) {
    if (e->kind == EX_COLUMN) return eddy__expr_column(a, map[e->index], e->type);
    Expr *c = eddy__arena_dup(a, e, sizeof *e);
    if (!c) return NULL;
    if (e->nargs) {
        if (!(c->args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)e->nargs))) return NULL;
        for (int i = 0; i < e->nargs; i++)
            if (!(c->args[i] = remap(a, e->args[i], map))) return NULL;
    }
    return c;
}

/* AND of two conditions, either may be NULL. */
static Expr *and2(RuleCtx *cx, Expr *x, Expr *y) {
    if (!x || !y) return x ? x : y;
    Expr *args[2] = {x, y}, *r;
    return eddy__expr_call_name(cx->a, "AND", args, 2, &r, cx->err) ? NULL : r;
}

/* A Calc of `in` keeping the columns where keep[i] (names as in's), with cond. */
static Rel *keep_calc(RuleCtx *cx, const Rel *in, const bool *keep, const Expr *cond) {
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(in->ncols + 1));
    const char **names = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)(in->ncols + 1));
    if (!ex || !names) return NULL;
    int n = 0;
    for (int i = 0; i < in->ncols; i++)
        if (keep[i]) {
            if (!(ex[n] = eddy__expr_column(cx->a, i, in->types[i]))) return NULL;
            names[n++] = in->names[i];
        }
    Rel *c = eddy__rel_calc(cx->a, in, n, ex, names, cond);
    if (c) c->transposed = true;
    return c;
}

/* A join like j over new inputs, with j's columns where keep[i], and cond. */
static Rel *join_like(RuleCtx *cx, const Rel *j, Rel *l, Rel *r, const bool *keep, const Expr *cond) {
    Rel *n = eddy__rel_new(cx->a, REL_JOIN, l->ncols + r->ncols, 2);
    if (!n) return NULL;
    const Rel *keep_names = j;
    int k = 0;
    for (int i = 0; i < j->ncols; i++)
        if (!keep || keep[i]) {
            n->names[k] = keep_names->names[i];
            n->types[k] = j->types[i];
            k++;
        }
    n->in[0] = l;
    n->in[1] = r;
    n->join = j->join;
    n->cond = cond;
    n->feature = j->feature;
    n->digest = j->digest;
    n->changelog = j->changelog;
    n->as_of = j->as_of;
    n->temporal_key = j->temporal_key;
    return n;
}

static Rel *filter_into_join(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || !r->cond || r->in[0]->kind != REL_JOIN) return NULL;
    /* a temporal table function's join (FROM l, LATERAL TABLE(f(l.t))
     * WHERE ...) takes the conditions over both sides; the others stay
     * above (a filter of the versions would change which one is valid) */
    bool ttf = r->in[0]->temporal_key > 0;
    if ((!regular_join(r->in[0]) && !ttf) || r->in[0]->join != JOIN_INNER) return NULL;
    const Rel *j = r->in[0];
    int nl = j->in[0]->ncols, n = j->ncols;
    ExprVec cs = {0};
    if (!conjuncts(r->cond, &cs)) {
        ed_vec_free(&cs);
        return eddy__rule_fail(cx);
    }
    Arena *a = cx->a;
    Expr *lc = NULL, *rc = NULL, *jc = (Expr *)j->cond, *rest = NULL;
    int *down = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    bool *used = eddy__arena_alloc(a, (size_t)n + 1);
    bool moved = false, ok = down && used;
    for (int i = 0; ok && i < n; i++) down[i] = i < nl ? i : i - nl;
    for (size_t i = 0; ok && i < cs.len; i++) {
        Expr *c = (Expr *)cs.items[i];
        memset(used, 0, (size_t)n + 1);
        mark_used(c, used);
        bool left = false, right = false;
        for (int k = 0; k < n; k++) {
            left = left || (used[k] && k < nl);
            right = right || (used[k] && k >= nl);
        }
        if (!eddy__expr_deterministic(c) || eddy__expr_has_subquery(c) || (ttf && !(left && right))) {
            rest = and2(cx, rest, c);
            ok = rest != NULL;
            continue;
        }
        moved = true;
        if (left && !right) ok = (lc = and2(cx, lc, c)) != NULL;
        else if (right && !left) {
            Expr *m = remap(a, c, down);
            ok = m && (rc = and2(cx, rc, m)) != NULL;
        } else {
            ok = (jc = and2(cx, jc, c)) != NULL;
        }
    }
    ed_vec_free(&cs);
    if (!ok) return eddy__rule_fail(cx);
    if (!moved) return NULL;
    bool *all = eddy__arena_alloc(a, (size_t)n + 1);
    if (!all) return eddy__rule_fail(cx);
    memset(all, 1, (size_t)n + 1);
    Rel *l = (Rel *)j->in[0], *rr = (Rel *)j->in[1];
    if (lc && !(l = keep_calc(cx, l, all, lc))) return eddy__rule_fail(cx);
    if (rc && !(rr = keep_calc(cx, rr, all, rc))) return eddy__rule_fail(cx);
    Rel *nj = join_like(cx, j, l, rr, NULL, jc);
    Rel *c = nj ? eddy__rel_calc(a, nj, r->ncols, r->exprs, r->names, rest) : NULL;
    return c ? c : eddy__rule_fail(cx);
}

static Rel *project_join_transpose(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || !regular_join(r->in[0])) return NULL;
    const Rel *j = r->in[0];
    int nl = j->in[0]->ncols, n = j->ncols;
    Arena *a = cx->a;
    bool *used = eddy__arena_alloc(a, (size_t)n + 1);
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    if (!used || !map) return eddy__rule_fail(cx);
    for (int i = 0; i < r->ncols; i++) mark_used(r->exprs[i], used);
    mark_used(r->cond, used);
    mark_used(j->cond, used);
    int nused = 0, lused = 0, rused = 0;
    for (int i = 0; i < n; i++) {
        nused += used[i];
        if (used[i] && i < nl) lused++;
        else if (used[i]) rused++;
    }
    /* each side keeps one column at least */
    if (!lused) used[0] = true, nused++;
    if (!rused) used[nl] = true, nused++;
    if (nused == n) return NULL;
    for (int i = 0, k = 0; i < n; i++) map[i] = used[i] ? k++ : 0;
    Rel *l = keep_calc(cx, j->in[0], used, NULL), *rr = keep_calc(cx, j->in[1], used + nl, NULL);
    Expr *cond = j->cond ? remap(a, j->cond, map) : NULL;
    Rel *nj = l && rr && (cond || !j->cond) ? join_like(cx, j, l, rr, used, cond) : NULL;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!nj || !ex) return eddy__rule_fail(cx);
    for (int i = 0; i < r->ncols; i++)
        if (!(ex[i] = remap(a, r->exprs[i], map))) return eddy__rule_fail(cx);
    Expr *rc = r->cond ? remap(a, r->cond, map) : NULL;
    if (r->cond && !rc) return eddy__rule_fail(cx);
    Rel *c = eddy__rel_calc(a, nj, r->ncols, ex, r->names, rc);
    return c ? c : eddy__rule_fail(cx);
}


/* Calc over Rank: the columns neither the Calc nor the Rank reads are
 * dropped below the Rank. */
static Rel *project_rank_transpose(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || r->in[0]->kind != REL_RANK) return NULL;
    const Rel *k = r->in[0], *in = k->in[0];
    int n = in->ncols;
    Arena *a = cx->a;
    bool *used = eddy__arena_alloc(a, (size_t)k->ncols + 1);
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(k->ncols + 1));
    if (!used || !map) return eddy__rule_fail(cx);
    for (int i = 0; i < r->ncols; i++) mark_used(r->exprs[i], used);
    mark_used(r->cond, used);
    for (int i = 0; i < k->ngroup; i++) used[k->group[i]] = true;
    for (int i = 0; i < k->nkeys; i++) used[k->keys[i]] = true;
    int nused = 0;
    for (int i = 0; i < n; i++) nused += used[i];
    if (nused == n) return NULL;
    for (int i = 0, m = 0; i < n; i++) map[i] = used[i] ? m++ : 0;
    if (k->output_rank) map[n] = nused;
    Rel *below = keep_calc(cx, in, used, NULL);
    Rel *nk = below ? eddy__arena_dup(a, k, sizeof *k) : NULL;
    int *group = eddy__arena_alloc(a, sizeof(int) * (size_t)(k->ngroup + 1));
    int *keys = eddy__arena_alloc(a, sizeof(int) * (size_t)(k->nkeys + 1));
    Rel **ins = eddy__arena_alloc(a, sizeof(Rel *));
    if (!nk || !group || !keys || !ins) return eddy__rule_fail(cx);
    int nc = nused + (k->output_rank ? 1 : 0);
    nk->ncols = nc;
    nk->names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nc + 1));
    nk->types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nc + 1));
    if (!nk->names || !nk->types) return eddy__rule_fail(cx);
    for (int i = 0; i < k->ncols; i++)
        if (i >= n || used[i]) {
            nk->names[map[i]] = k->names[i];
            nk->types[map[i]] = k->types[i];
        }
    for (int i = 0; i < k->ngroup; i++) group[i] = map[k->group[i]];
    for (int i = 0; i < k->nkeys; i++) keys[i] = map[k->keys[i]];
    nk->group = group;
    nk->keys = keys;
    ins[0] = below;
    nk->in = ins;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return eddy__rule_fail(cx);
    for (int i = 0; i < r->ncols; i++)
        if (!(ex[i] = remap(a, r->exprs[i], map))) return eddy__rule_fail(cx);
    Expr *rc = r->cond ? remap(a, r->cond, map) : NULL;
    if (r->cond && !rc) return eddy__rule_fail(cx);
    Rel *c = eddy__rel_calc(a, nk, r->ncols, ex, r->names, rc);
    return c ? c : eddy__rule_fail(cx);
}

/* ---- the driver ----------------------------------------------------------------------------- */

/* Phase 1 normalizes: Calcs, set operations. Phase 2, over merged Calcs,
 * finds Top-N and moves filters and projections into joins and ranks (and
 * merges the Calcs that leaves). */
static const RelRule phase1[] = {
    {"project_to_calc", project_to_calc},
    {"filter_to_calc", filter_to_calc},
    {"calc_merge", calc_merge},
    {"calc_remove", calc_remove},
    {"union_to_aggregate", union_to_aggregate},
    {"intersect_to_semi_join", intersect_to_semi_join},
    {"except_to_anti_join", except_to_anti_join},
    {"intersect_all", eddy__rule_intersect_all},
    {"except_all", eddy__rule_except_all},
};
static const RelRule phase2[] = {
    {"calc_merge", calc_merge},
    {"calc_remove", calc_remove},
    {"over_to_rank", over_to_rank},
    {"filter_into_join", filter_into_join},
    {"project_join_transpose", project_join_transpose},
    {"project_rank_transpose", project_rank_transpose},
    {"aggregate_remove", eddy__rule_aggregate_remove},
    EDDY_PLAN_SEMI_JOIN_RULES,
};
/* Phase 0 (rules_subquery.c) removes subqueries before anything else. */
static const RelRule phase0[] = {EDDY_PLAN_SUBQUERY_RULES};
const RuleSet eddy__plan_rule_phases[] = {{phase0, (int)ED_ARRAY_LEN(phase0)},
                                          {phase1, (int)ED_ARRAY_LEN(phase1)},
                                          {phase2, (int)ED_ARRAY_LEN(phase2)}};
const int eddy__plan_nphases = (int)ED_ARRAY_LEN(eddy__plan_rule_phases);

static const Rel *rewrite(RuleCtx *cx, const Rel *r, const RelRule *rules, int nrules) {
    Rel *stack_in[8];
    Rel **ins = r->nin <= 8 ? stack_in : eddy__arena_alloc(cx->a, sizeof(Rel *) * (size_t)r->nin);
    if (!ins) return eddy__rule_fail(cx);
    bool changed = false;
    for (int i = 0; i < r->nin; i++) {
        const Rel *c = rewrite(cx, r->in[i], rules, nrules);
        if (!c) return NULL;
        ins[i] = (Rel *)c;
        changed = changed || c != r->in[i];
    }
    const Rel *cur = r;
    if (changed && !(cur = with_inputs(cx->a, r, ins))) return eddy__rule_fail(cx);
    for (int k = 0; k < nrules; k++) {
        Rel *res = rules[k].fn(cx, cur);
        if (cx->failed) return NULL;
        if (!res) continue;
        if (++cx->fired > RULE_LIMIT) {
            eddy__err(cx->err, EDDY_E_INTERNAL, "the planner's rules do not converge (rule %s)", rules[k].name);
            cx->failed = true;
            return NULL;
        }
        /* its new inputs may match rules too: rewrite the result again */
        return rewrite(cx, res, rules, nrules);
    }
    return cur;
}

eddy_status eddy__plan_rewrite(const PlanEnv *pe, const Rel *r, const RuleSet *phases, int nphases, const Rel **out,
                               EdErr *err) {
    RuleCtx cx = {pe->a, pe, err, false, 0};
    const Rel *res = r;
    for (int p = 0; p < nphases && res; p++) res = rewrite(&cx, res, phases[p].rules, phases[p].n);
    if (!res) return eddy__err_is_set(err) ? err->code : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    *out = res;
    return EDDY_OK;
}
