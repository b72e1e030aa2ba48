/*
 * rules_subquery.c -- the logical rewrite of subqueries into joins and
 * aggregates, as Flink's planner plans them, and the rules that move
 * conditions and columns through the semi and anti joins it makes.
 *
 * Phase 0 of the rewrite (rules.c) runs these, before Calcs exist, over
 * the binder's Filters and Projects whose expressions hold subquery markers
 * (bind_subquery.c):
 *   subquery_filter     IN / EXISTS / NOT IN / NOT EXISTS conjuncts of a WHERE
 *                       become semi and anti joins of the filter's input and
 *                       the query (Flink's FlinkSubQueryRemoveRule: NOT IN's
 *                       condition a = b OR a IS NULL OR b IS NULL, an
 *                       uncorrelated EXISTS joins MIN(true) IS NOT NULL); the
 *                       others, one at a time, as Calcite's SubQueryRemoveRule
 *                       rewrites them: a scalar subquery is a left join with
 *                       the query (under SINGLE_VALUE unless it is an
 *                       aggregate without keys), EXISTS and IN elsewhere a
 *                       left join with the distinct rows of the query marked
 *                       `true AS i` (IN with the COUNT(*) / COUNT(x) of the
 *                       query for its NULL semantics)
 *   subquery_project    the same for a select list
 *   lateral_join        LATERAL (query): a join of the left side and the query
 *                       decorrelated
 *   subquery_join       a subquery in an inner join's ON: a filter above the
 *                       join (an outer join's is refused)
 * A correlated query is decorrelated first (Flink's SubQueryDecorrelator):
 * its conditions that read the outer row move out of it into the join's
 * condition, the columns they read go up through its projections and become
 * keys of its aggregates. What this cannot decorrelate fails as Flink's
 * planner fails ("unexpected correlate variable $cor0 in the plan").
 *
 * Phase 2 rules over the joins made (Flink's FlinkFilterJoinRule,
 * FlinkSemiAntiJoinFilterTransposeRule, ProjectSemiAntiJoinTransposeRule):
 *   semi_join_condition_push   a semi join's conditions on one side go into
 *                              that side (an anti join keeps them)
 *   calc_semi_join_transpose   a Calc over a semi / anti join: its condition
 *                              below the join, the left columns nobody reads
 *                              dropped below it
 *   semi_join_right_prune      the right columns a semi / anti join does not
 *                              read dropped (possibly all of them)
 *   left_join_to_inner         a left join under a condition that a NULL right
 *                              row fails is an inner join
 *   aggregate_input_prune      the columns of an aggregate's Calc input it
 *                              does not read are dropped
 *   aggregate_call_prune       the calls of an aggregate nobody above reads are
 *                              dropped
 */
#include "plan/plan.h"

#define NOMEM() eddy__rule_fail(cx)

/* An arena vector of expressions. */
typedef struct XVec {
    const Expr **items;
    int n, cap;
} XVec;

static bool xpush(Arena *a, XVec *v, const Expr *e) {
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 8;
        const Expr **items = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)cap);
        if (!items) return false;
        if (v->n) memcpy(items, v->items, sizeof(Expr *) * (size_t)v->n);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->n++] = e;
    return true;
}

static bool is_fn(const Expr *e, const char *name) {
    return e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, name);
}

static bool is_query(const Expr *e) {
    SubqueryKind k = eddy__expr_subquery_kind(e);
    return k == SQ_SCALAR || k == SQ_EXISTS || k == SQ_IN;
}

/* Whether e holds a subquery marker (correlated references not counted). */
static bool has_query(const Expr *e) {
    if (!e) return false;
    if (is_query(e)) return true;
    for (int i = 0; i < e->nargs; i++)
        if (has_query(e->args[i])) return true;
    return false;
}

static bool conjuncts(Arena *a, const Expr *e, XVec *out) {
    if (is_fn(e, "AND")) {
        for (int i = 0; i < e->nargs; i++)
            if (!conjuncts(a, e->args[i], out)) return false;
        return true;
    }
    return xpush(a, out, e);
}

static bool is_true(const Expr *e) {
    return e->kind == EX_LITERAL && !e->value.is_null && e->type->root == TY_BOOLEAN && e->value.u.b;
}

static Expr *call(RuleCtx *cx, const char *name, Expr *x, Expr *y) {
    Expr *args[2] = {x, y}, *r;
    if (!x || (y == NULL && strcmp(name, "IS NULL") && strcmp(name, "IS NOT NULL") && strcmp(name, "NOT"))) return NULL;
    return eddy__expr_call_name(cx->a, name, args, y ? 2 : 1, &r, cx->err) ? NULL : r;
}

/* name(items...) flattened as Calcite composes AND / OR (nested calls of
 * the same operator merged); NULL when there are no items, the item alone
 * when there is one. */
static Expr *nary(RuleCtx *cx, const char *name, const XVec *v, bool *ok) {
    XVec flat = {0};
    for (int i = 0; i < v->n; i++) {
        const Expr *e = v->items[i];
        if (!strcmp(name, "AND") && is_true(e)) continue;
        if (is_fn(e, name)) {
            for (int k = 0; k < e->nargs; k++)
                if (!xpush(cx->a, &flat, e->args[k])) return *ok = false, NULL;
        } else if (!xpush(cx->a, &flat, e)) {
            return *ok = false, NULL;
        }
    }
    if (!flat.n) return NULL;
    if (flat.n == 1) return (Expr *)flat.items[0];
    Expr **args = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)flat.n), *r;
    if (!args) return *ok = false, NULL;
    for (int i = 0; i < flat.n; i++) args[i] = (Expr *)flat.items[i];
    if (eddy__expr_call_name(cx->a, name, args, flat.n, &r, cx->err)) return *ok = false, NULL;
    return r;
}

/* AND of the items (NULL when there are none; TRUE items dropped). */
static Expr *and_of(RuleCtx *cx, const XVec *v, bool *ok) { return nary(cx, "AND", v, ok); }

static Expr *true_literal(RuleCtx *cx) {
    Value v = {.type = eddy__type_basic(TY_BOOLEAN, false), .u.b = true};
    return eddy__expr_literal(cx->a, &v);
}

/* A copy of e with columns c -> map[c] (map NULL: c + shift) and correlated
 * references of correlation cor -> column v->col (cor 0: kept). */
static Expr *rewrite_expr(Arena *a, const Expr *e, const int *map, int shift, int cor) {
    if (e->kind == EX_COLUMN) return eddy__expr_column(a, map ? map[e->index] : e->index + shift, e->type);
    const CorVar *v = eddy__expr_cor_var(e);
    if (v && cor && v->cor == cor) return eddy__expr_column(a, v->col, e->type);
    Expr *c = eddy__arena_dup(a, e, sizeof *e);
    if (!c) return NULL;
    if (e->nargs) {
        if (!(c->args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)e->nargs))) return NULL;
        for (int i = 0; i < e->nargs; i++)
            if (!(c->args[i] = rewrite_expr(a, e->args[i], map, shift, cor))) return NULL;
    }
    return c;
}

static void mark_cols(const Expr *e, bool *used) {
    if (!e) return;
    if (e->kind == EX_COLUMN) used[e->index] = true;
    for (int i = 0; i < e->nargs; i++) mark_cols(e->args[i], used);
}

/* -1: no column; -2: columns of both sides (split at nl); 0 left; 1 right. */
static int side_of(const Expr *e, int nl) {
    if (e->kind == EX_COLUMN) return e->index < nl ? 0 : 1;
    int s = -1;
    for (int i = 0; i < e->nargs; i++) {
        int k = side_of(e->args[i], nl);
        if (k == -2 || (k >= 0 && s >= 0 && k != s)) return -2;
        if (k >= 0) s = k;
    }
    return s;
}

static bool same_expr(const Expr *x, const Expr *y) {
    if (x->kind != y->kind || x->nargs != y->nargs || x->fn != y->fn || x->fn_data != y->fn_data) return false;
    if (!eddy__type_equals(x->type, y->type, false, false)) return false;
    if (x->kind == EX_COLUMN || x->kind == EX_FIELD) {
        if (x->index != y->index) return false;
    } else if (x->kind == EX_LITERAL) {
        if (x->value.is_null != y->value.is_null) return false;
        if (!x->value.is_null && memcmp(&x->value.u, &y->value.u, sizeof x->value.u)) return false;
    }
    for (int i = 0; i < x->nargs; i++)
        if (!same_expr(x->args[i], y->args[i])) return false;
    return true;
}

/* Calcite's uniquify: name, else name0, name1, ... */
static const char *unique_name(Arena *a, const char *name, const char *const *used, int n) {
    const char *cand = name;
    for (int k = 0;; k++) {
        bool taken = false;
        for (int i = 0; i < n && !taken; i++) taken = !strcmp(used[i], cand);
        if (!taken) return cand;
        if (!(cand = eddy__arena_printf(a, "%s%d", name, k))) return NULL;
    }
}

/* The name RelBuilder derives for a projected expression: a column's, a
 * cast column's, else $f<pos>. */
static const char *derive_name(Arena *a, const Expr *e, const Rel *in, int pos) {
    while (e->kind == EX_CAST) e = e->args[0];
    if (e->kind == EX_COLUMN) return in->names[e->index];
    return eddy__arena_printf(a, "$f%d", pos);
}

/* Whether a projection keeps its input's columns in order. */
static bool identity_exprs(const Rel *p) {
    if (p->ncols != p->in[0]->ncols) return false;
    for (int i = 0; i < p->ncols; i++)
        if (p->exprs[i]->kind != EX_COLUMN || p->exprs[i]->index != i) return false;
    return true;
}

/* ---- Rel builders ------------------------------------------------------------------------ */

/* A projection of `in`: exprs (over in's columns) named names (NULL:
 * derived, uniquified). */
static Rel *project(RuleCtx *cx, const Rel *in, int n, const Expr *const *exprs, const char *const *names) {
    Arena *a = cx->a;
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    if (!nm) return NULL;
    for (int i = 0; i < n; i++) {
        const char *base = names && names[i] ? names[i] : derive_name(a, exprs[i], in, i);
        if (!base || !(nm[i] = unique_name(a, base, nm, i))) return NULL;
    }
    Rel *p = eddy__rel_project(a, (Rel *)in, n, exprs, nm);
    if (p) p->changelog = in->changelog;
    return p;
}

/* A projection of in's columns cols[0..n). */
static Rel *project_cols(RuleCtx *cx, const Rel *in, int n, const int *cols) {
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(n + 1));
    const char **nm = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)(n + 1));
    if (!ex || !nm) return NULL;
    for (int i = 0; i < n; i++) {
        if (!(ex[i] = eddy__expr_column(cx->a, cols[i], in->types[cols[i]]))) return NULL;
        nm[i] = in->names[cols[i]];
    }
    return project(cx, in, n, ex, nm);
}

/* Whether cols[0..n) are in's columns in order. */
static bool identity_cols(const Rel *in, int n, const int *cols) {
    if (n != in->ncols) return false;
    for (int i = 0; i < n; i++)
        if (cols[i] != i) return false;
    return true;
}

static Rel *filter(RuleCtx *cx, const Rel *in, const Expr *cond, int cor) {
    Rel *f = eddy__rel_filter(cx->a, (Rel *)in, cond);
    if (f) {
        f->cor = cor;
        f->changelog = in->changelog;
    }
    return f;
}

/* A join of l and r (columns uniquified as Calcite's join row type). */
static Rel *join(RuleCtx *cx, JoinType jt, const Rel *l, const Rel *r, const Expr *cond) {
    Arena *a = cx->a;
    bool semi = jt == JOIN_SEMI || jt == JOIN_ANTI;
    Rel *j = eddy__rel_new(a, REL_JOIN, semi ? l->ncols : l->ncols + r->ncols, 2);
    if (!j) return NULL;
    j->in[0] = (Rel *)l;
    j->in[1] = (Rel *)r;
    j->join = jt;
    j->cond = cond && !is_true(cond) ? cond : NULL;
    bool lnull = jt == JOIN_RIGHT || jt == JOIN_FULL, rnull = jt == JOIN_LEFT || jt == JOIN_FULL;
    for (int i = 0; i < l->ncols; i++) {
        j->names[i] = l->names[i];
        if (!(j->types[i] = lnull ? eddy__type_with_nullable(a, l->types[i], true) : l->types[i])) return NULL;
    }
    for (int i = 0; !semi && i < r->ncols; i++) {
        if (!(j->names[l->ncols + i] = unique_name(a, r->names[i], j->names, l->ncols + i))) return NULL;
        if (!(j->types[l->ncols + i] = rnull ? eddy__type_with_nullable(a, r->types[i], true) : r->types[i]))
            return NULL;
    }
    bool streaming = cx->pe && cx->pe->streaming;
    j->changelog = !streaming ? CL_INSERT
                   : jt == JOIN_INNER || jt == JOIN_SEMI ? (l->changelog | r->changelog)
                                                         : CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE;
    j->feature = "joins";
    return j;
}

/* An Aggregate of `in` by its columns group[0..ng) with calls aggs[0..na). */
Rel *eddy__rule_aggregate(RuleCtx *cx, const Rel *in, int ng, const int *group, int na, const AggCall *aggs) {
    Arena *a = cx->a;
    Rel *g = eddy__rel_new(a, REL_AGGREGATE, ng + na, 1);
    int *grp = eddy__arena_alloc(a, sizeof(int) * (size_t)(ng + 1));
    AggCall *ac = eddy__arena_alloc(a, sizeof(AggCall) * (size_t)(na + 1));
    if (!g || !grp || !ac) return NULL;
    g->in[0] = (Rel *)in;
    for (int i = 0; i < ng; i++) {
        grp[i] = group[i];
        g->names[i] = in->names[group[i]];
        g->types[i] = in->types[group[i]];
    }
    for (int i = 0; i < na; i++) {
        ac[i] = aggs[i];
        g->names[ng + i] = aggs[i].name;
        g->types[ng + i] = aggs[i].type;
    }
    g->ngroup = ng;
    g->group = grp;
    g->naggs = na;
    g->aggs = ac;
    g->feature = "aggregations (GROUP BY and aggregate functions)";
    bool streaming = cx->pe && cx->pe->streaming;
    g->changelog = !streaming ? CL_INSERT : CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE;
    return g;
}

/* fn($0) (arg 0, args set by the caller) or fn() (arg -1: COUNT(*)). */
static AggCall agg_call(const char *fn, int arg, const Type *type, const char *name) {
    AggCall c = {.fn = fn, .nargs = arg >= 0 ? 1 : 0, .star = arg < 0, .filter = -1, .type = type, .name = name};
    return c;
}

/* ---- decorrelation (Flink's SubQueryDecorrelator) ---------------------------------------------- */

/* A Rel of the subquery rewritten without its correlated conditions: r,
 * the conditions it no longer checks (c: over r's columns and the outer
 * row's CorVars, NULL when none) and where each old column went (map). */
typedef struct Frame {
    const Rel *r;
    Expr *c;
    int *map;
} Frame;

typedef struct Dc {
    RuleCtx *cx;
    int cor;           /* the correlation variable decorrelated */
    bool not_null;     /* keep x IS NOT NULL for x = $cor.y (Calcite's RelDecorrelator) */
    bool unsupported;  /* a form it cannot decorrelate */
} Dc;

static int *identity_map(Arena *a, int n) {
    int *m = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    for (int i = 0; m && i < n; i++) m[i] = i;
    return m;
}

static bool dc_rel(Dc *d, const Rel *r, Frame *f);

static bool unsupported(Dc *d) {
    d->unsupported = true;
    return false;
}

/* Whether a correlated conjunct is one the decorrelation can move: no OR,
 * no subquery inside. */
static bool movable(const Expr *e) {
    if (is_fn(e, "OR") || is_query(e)) return false;
    for (int i = 0; i < e->nargs; i++)
        if (!movable(e->args[i])) return false;
    return true;
}

static bool dc_filter(Dc *d, const Rel *r, Frame *f) {
    RuleCtx *cx = d->cx;
    Frame in;
    if (!dc_rel(d, r->in[0], &in)) return false;
    XVec cs = {0}, cor = {0}, rest = {0};
    if (!conjuncts(cx->a, r->cond, &cs)) return NOMEM(), false;
    for (int i = 0; i < cs.n; i++) {
        const Expr *c = cs.items[i];
        if (!eddy__expr_refs_cor(c, d->cor)) {
            Expr *m = rewrite_expr(cx->a, c, in.map, 0, 0);
            if (!m || !xpush(cx->a, &rest, m)) return NOMEM(), false;
            continue;
        }
        if (!movable(c)) return unsupported(d);
        Expr *m = rewrite_expr(cx->a, c, in.map, 0, 0);
        if (!m || !xpush(cx->a, &cor, m)) return NOMEM(), false;
        /* x = $cor.y: rows with a NULL x match no outer row */
        for (int k = 0; d->not_null && is_fn(m, "=") && k < 2; k++) {
            const Expr *x = m->args[k], *y = m->args[1 - k];
            if (x->kind != EX_COLUMN || !x->type->nullable || !eddy__expr_cor_var(y)) continue;
            Expr *nn = call(cx, "IS NOT NULL", (Expr *)x, NULL);
            if (!nn || !xpush(cx->a, &rest, nn)) return NOMEM(), false;
        }
    }
    if (in.c && !xpush(cx->a, &cor, in.c)) return NOMEM(), false;
    bool ok = true;
    Expr *keep = and_of(cx, &rest, &ok), *c = ok ? and_of(cx, &cor, &ok) : NULL;
    if (!ok) return NOMEM(), false;
    f->r = keep ? filter(cx, in.r, keep, r->cor) : in.r;
    f->c = c;
    f->map = in.map;
    return f->r || (NOMEM(), false);
}

static bool dc_project(Dc *d, const Rel *r, Frame *f) {
    RuleCtx *cx = d->cx;
    Arena *a = cx->a;
    for (int i = 0; i < r->ncols; i++)
        if (eddy__expr_refs_cor(r->exprs[i], d->cor)) return unsupported(d);
    Frame in;
    if (!dc_rel(d, r->in[0], &in)) return false;
    const Rel *ni = in.r;
    bool *used = eddy__arena_alloc(a, (size_t)ni->ncols + 1);
    int *to_out = eddy__arena_alloc(a, sizeof(int) * (size_t)(ni->ncols + 1));
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + ni->ncols + 1));
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(r->ncols + ni->ncols + 1));
    if (!used || !to_out || !ex || !nm) return NOMEM(), false;
    for (int i = 0; i < ni->ncols; i++) to_out[i] = -1;
    int n = 0;
    for (; n < r->ncols; n++) {
        if (!(ex[n] = rewrite_expr(a, r->exprs[n], in.map, 0, 0))) return NOMEM(), false;
        nm[n] = r->names[n];
        if (ex[n]->kind == EX_COLUMN && to_out[ex[n]->index] < 0) to_out[ex[n]->index] = n;
    }
    /* the columns the correlated conditions read go up with the projection */
    mark_cols(in.c, used);
    for (int i = 0; i < ni->ncols; i++)
        if (used[i] && to_out[i] < 0) {
            if (!(ex[n] = eddy__expr_column(a, i, ni->types[i]))) return NOMEM(), false;
            if (!(nm[n] = unique_name(a, ni->names[i], nm, n))) return NOMEM(), false;
            to_out[i] = n++;
        }
    Rel *p = eddy__rel_project(a, (Rel *)ni, n, ex, nm);
    if (!p) return NOMEM(), false;
    p->cor = r->cor;
    p->changelog = ni->changelog;
    f->r = p;
    f->c = in.c ? rewrite_expr(a, in.c, to_out, 0, 0) : NULL;
    f->map = identity_map(a, r->ncols);
    return (f->map && (!in.c || f->c)) || (NOMEM(), false);
}

/* The literal a projection computes for its column i, or NULL. */
static const Expr *projected_literal(const Rel *r, int i) {
    if (r->kind != REL_PROJECT && r->kind != REL_CALC) return NULL;
    const Expr *e = r->exprs[i];
    return e->kind == EX_LITERAL ? e : NULL;
}

/* The column of r's input that r's column c passes (c when r computes it). */
static int source_col(const Rel *r, int c) {
    if ((r->kind == REL_PROJECT || r->kind == REL_CALC) && r->exprs[c]->kind == EX_COLUMN) return r->exprs[c]->index;
    return c;
}

/* Whether every correlated conjunct is an equality (an aggregate or OVER
 * over a correlated condition needs them). */
static bool equalities_only(Arena *a, const Expr *c, bool *ok) {
    XVec cs = {0};
    if (!conjuncts(a, c, &cs)) {
        *ok = false;
        return false;
    }
    for (int i = 0; i < cs.n; i++)
        if (!is_fn(cs.items[i], "=")) return false;
    return true;
}

static bool dc_aggregate(Dc *d, const Rel *r, Frame *f) {
    RuleCtx *cx = d->cx;
    Arena *a = cx->a;
    if (r->nsets || r->window) return unsupported(d);
    Frame in;
    if (!dc_rel(d, r->in[0], &in)) return false;
    bool ok = true;
    if (!in.c) {
        /* nothing correlated below (the subtree's references were elsewhere) */
        return unsupported(d);
    }
    if (!equalities_only(a, in.c, &ok)) return ok ? unsupported(d) : (NOMEM(), false);
    const Rel *ni = in.r;
    int nn = ni->ncols;
    int *proj = eddy__arena_alloc(a, sizeof(int) * (size_t)(nn + 1));
    int *pos = eddy__arena_alloc(a, sizeof(int) * (size_t)(nn + 1));
    int *kpos = eddy__arena_alloc(a, sizeof(int) * (size_t)(r->ngroup + 1));
    const Expr **consts = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ngroup + 1));
    bool *used = eddy__arena_alloc(a, (size_t)nn + 1);
    if (!proj || !pos || !kpos || !consts || !used) return NOMEM(), false;
    for (int i = 0; i < nn; i++) pos[i] = -1;
    int np = 0, nconst = 0;
    /* the keys first (constant keys dropped: a projection puts them back) */
    for (int k = 0; k < r->ngroup; k++) {
        int c = in.map[r->group[k]];
        const Expr *lit = projected_literal(ni, c);
        if (lit) {
            kpos[k] = -1 - nconst;
            consts[nconst++] = lit;
            continue;
        }
        if (pos[c] < 0) {
            pos[c] = np;
            proj[np++] = c;
        }
        kpos[k] = pos[c];
    }
    /* then the columns the correlated conditions read: keys too */
    mark_cols(in.c, used);
    for (int i = 0; i < nn; i++)
        if (used[i] && pos[i] < 0) {
            pos[i] = np;
            proj[np++] = i;
        }
    int ng = np;
    for (int i = 0; i < nn; i++)
        if (pos[i] < 0) {
            pos[i] = np;
            proj[np++] = i;
        }
    const Rel *pin = identity_cols(ni, np, proj) ? ni : project_cols(cx, ni, np, proj);
    if (!pin) return NOMEM(), false;
    int *group = identity_map(a, ng);
    AggCall *aggs = eddy__arena_alloc(a, sizeof(AggCall) * (size_t)(r->naggs + 1));
    if (!group || !aggs) return NOMEM(), false;
    for (int i = 0; i < r->naggs; i++) {
        aggs[i] = r->aggs[i];
        int *args = eddy__arena_alloc(a, sizeof(int) * (size_t)(aggs[i].nargs + 1));
        if (!args) return NOMEM(), false;
        for (int k = 0; k < aggs[i].nargs; k++) args[k] = pos[in.map[aggs[i].args[k]]];
        aggs[i].args = args;
        if (aggs[i].filter >= 0) aggs[i].filter = pos[in.map[aggs[i].filter]];
    }
    /* the aggregate groups in the order of the columns its keys read
     * (Calcite's group bit set once the projection below merged into it);
     * a projection above puts them back in the frame's order */
    int *inv = eddy__arena_alloc(a, sizeof(int) * (size_t)(ng + 1));
    if (!inv) return NOMEM(), false;
    for (int i = 1; i < ng; i++)
        for (int k = i; k > 0 && source_col(ni, proj[group[k]]) < source_col(ni, proj[group[k - 1]]); k--) {
            int t = group[k];
            group[k] = group[k - 1];
            group[k - 1] = t;
        }
    bool sorted = true;
    for (int i = 0; i < ng; i++) {
        inv[group[i]] = i;
        sorted = sorted && group[i] == i;
    }
    const Rel *g = eddy__rule_aggregate(cx, pin, ng, group, r->naggs, aggs);
    if (!g) return NOMEM(), false;
    /* constant keys come back after the keys */
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(r->ncols + 1));
    if (!map) return NOMEM(), false;
    if (nconst || !sorted) {
        int n = ng + nconst + r->naggs;
        const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 1));
        const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
        if (!ex || !nm) return NOMEM(), false;
        for (int i = 0; i < ng; i++) {
            ex[i] = eddy__expr_column(a, inv[i], g->types[inv[i]]);
            nm[i] = g->names[inv[i]];
        }
        for (int k = 0, j = 0; k < r->ngroup; k++)
            if (kpos[k] < 0) {
                ex[ng + j] = consts[j];
                nm[ng + j] = ni->names[in.map[r->group[k]]];
                j++;
            }
        for (int i = 0; i < r->naggs; i++) {
            ex[ng + nconst + i] = eddy__expr_column(a, ng + i, g->types[ng + i]);
            nm[ng + nconst + i] = g->names[ng + i];
        }
        for (int i = 0; i < n; i++)
            if (!ex[i]) return NOMEM(), false;
        if (!(g = project(cx, g, n, ex, nm))) return NOMEM(), false;
    }
    for (int k = 0; k < r->ngroup; k++) map[k] = kpos[k] >= 0 ? kpos[k] : ng + (-1 - kpos[k]);
    for (int i = 0; i < r->naggs; i++) map[r->ngroup + i] = ng + nconst + i;
    f->r = g;
    f->c = rewrite_expr(a, in.c, pos, 0, 0);
    f->map = map;
    return f->c || (NOMEM(), false);
}

static bool dc_join(Dc *d, const Rel *r, Frame *f) {
    RuleCtx *cx = d->cx;
    Arena *a = cx->a;
    if (r->join == JOIN_SEMI || r->join == JOIN_ANTI || r->cor || eddy__expr_refs_cor(r->cond, d->cor))
        return unsupported(d);
    Frame l, rr;
    if (!dc_rel(d, r->in[0], &l) || !dc_rel(d, r->in[1], &rr)) return false;
    if ((r->join == JOIN_LEFT && rr.c) || (r->join == JOIN_RIGHT && l.c) || (r->join == JOIN_FULL && (l.c || rr.c)))
        return unsupported(d);
    int onl = r->in[0]->ncols, nnl = l.r->ncols;
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(r->ncols + 1));
    if (!map) return NOMEM(), false;
    for (int i = 0; i < r->ncols; i++) map[i] = i < onl ? l.map[i] : rr.map[i - onl] + nnl;
    Expr *cond = r->cond ? rewrite_expr(a, r->cond, map, 0, 0) : NULL;
    if (r->cond && !cond) return NOMEM(), false;
    Rel *j = join(cx, r->join, l.r, rr.r, cond);
    if (!j) return NOMEM(), false;
    j->feature = r->feature;
    XVec cs = {0};
    if (l.c && !xpush(a, &cs, l.c)) return NOMEM(), false;
    if (rr.c) {
        Expr *s = rewrite_expr(a, rr.c, NULL, nnl, 0);
        if (!s || !xpush(a, &cs, s)) return NOMEM(), false;
    }
    bool ok = true;
    f->r = j;
    f->c = and_of(cx, &cs, &ok);
    f->map = map;
    return ok || (NOMEM(), false);
}

static bool dc_sort(Dc *d, const Rel *r, Frame *f) {
    Frame in;
    if (!dc_rel(d, r->in[0], &in)) return false;
    Rel *s = eddy__arena_dup(d->cx->a, r, sizeof *r);
    Rel **ins = eddy__arena_alloc(d->cx->a, sizeof(Rel *));
    int *keys = eddy__arena_alloc(d->cx->a, sizeof(int) * (size_t)(r->nkeys + 1));
    if (!s || !ins || !keys) return eddy__rule_fail(d->cx), false;
    for (int i = 0; i < r->nkeys; i++) keys[i] = in.map[r->keys[i]];
    ins[0] = (Rel *)in.r;
    s->in = ins;
    s->keys = keys;
    if (in.r->ncols != r->ncols) {
        /* the sort keeps the columns its input passes up */
        s->ncols = in.r->ncols;
        s->names = in.r->names;
        s->types = in.r->types;
    }
    f->r = s;
    f->c = in.c;
    f->map = in.map;
    return true;
}

static bool dc_rel(Dc *d, const Rel *r, Frame *f) {
    if (!eddy__rel_refs_cor(r, d->cor)) {
        f->r = r;
        f->c = NULL;
        f->map = identity_map(d->cx->a, r->ncols);
        return f->map || (eddy__rule_fail(d->cx), false);
    }
    switch (r->kind) {
    case REL_FILTER: return dc_filter(d, r, f);
    case REL_PROJECT: return dc_project(d, r, f);
    case REL_AGGREGATE: return dc_aggregate(d, r, f);
    case REL_JOIN: return dc_join(d, r, f);
    case REL_SORT: return dc_sort(d, r, f);
    default: return unsupported(d);
    }
}

/* Flink's error for a correlation the planner cannot remove. */
static Rel *cannot_decorrelate(RuleCtx *cx, int cor) {
    eddy__err(cx->err, EDDY_E_TABLE, "unexpected correlate variable $cor%d in the plan", cor - 1);
    return eddy__rule_fail(cx);
}

/* The query q decorrelated from correlation cor: *right and *cond (over
 * the outer row's columns [0, nl), then right's); for EXISTS only the
 * columns the conditions read stay (Flink's addProjectionForExists), for IN
 * the query's columns come first. *cond NULL: q is not correlated. False:
 * failed (the error is set). */
static bool decorrelate(RuleCtx *cx, const Rel *q, int cor, int nl, SubqueryKind kind, const Rel **right, Expr **cond,
                        int **map) {
    *right = q;
    *cond = NULL;
    if (map) *map = NULL;
    if (!cor || !eddy__rel_refs_cor(q, cor)) return true;
    if (kind == SQ_IN && q->kind != REL_PROJECT) {
        int *all = identity_map(cx->a, q->ncols);
        if (!all || !(q = project_cols(cx, q, q->ncols, all))) return NOMEM(), false;
    }
    Dc d = {cx, cor, kind == SQ_SCALAR, false};
    Frame f;
    if (!dc_rel(&d, q, &f)) {
        if (!cx->failed) cannot_decorrelate(cx, cor);
        return false;
    }
    if (map) *map = f.map;
    const Rel *r = f.r;
    Expr *c = f.c;
    if (!c) return cannot_decorrelate(cx, cor), false;
    if (kind == SQ_EXISTS) {
        bool *used = eddy__arena_alloc(cx->a, (size_t)r->ncols + 1);
        int *cols = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(r->ncols + 1));
        int *to = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(r->ncols + 1));
        if (!used || !cols || !to) return NOMEM(), false;
        mark_cols(c, used);
        int n = 0;
        for (int i = 0; i < r->ncols; i++) {
            to[i] = n;
            if (used[i]) cols[n++] = i;
        }
        if (n != r->ncols) {
            if (!(r = project_cols(cx, r, n, cols)) || !(c = rewrite_expr(cx->a, c, to, 0, 0))) return NOMEM(), false;
        }
    }
    /* outer references become the left columns, the query's columns follow */
    Expr *m = rewrite_expr(cx->a, c, NULL, nl, cor);
    if (!m) return NOMEM(), false;
    *right = r;
    *cond = m;
    return true;
}

/* ---- semi and anti joins (Flink's FlinkSubQueryRemoveRule) ------------------------------------- */

/* Filter conditions as Flink simplifies them before the rewrite: the
 * conjuncts without IS TRUE, NOT NOT x as x, NOT (x OR y) as NOT x, NOT y. */
static bool normalize(RuleCtx *cx, const Expr *e, XVec *out) {
    if (is_fn(e, "AND")) {
        for (int i = 0; i < e->nargs; i++)
            if (!normalize(cx, e->args[i], out)) return false;
        return true;
    }
    if (is_fn(e, "IS TRUE")) return normalize(cx, e->args[0], out);
    if (is_fn(e, "NOT") && is_fn(e->args[0], "NOT")) return normalize(cx, e->args[0]->args[0], out);
    if (is_fn(e, "NOT") && is_fn(e->args[0], "OR")) {
        const Expr *o = e->args[0];
        for (int i = 0; i < o->nargs; i++) {
            Expr *n = call(cx, "NOT", o->args[i], NULL);
            if (!n || !normalize(cx, n, out)) return false;
        }
        return true;
    }
    return xpush(cx->a, out, e);
}

/* Whether an IN / EXISTS sits elsewhere than in a conjunct (NOT of it
 * counts as the conjunct): Flink's semi-join rewrite leaves such a filter
 * to Calcite's. */
static bool in_other_position(const Expr *e, bool top) {
    if (!e) return false;
    SubqueryKind k = eddy__expr_subquery_kind(e);
    if (k == SQ_IN || k == SQ_EXISTS) return !top;
    if (k == SQ_SCALAR || k == SQ_COR) return false;
    if (is_fn(e, "NOT") && top) {
        SubqueryKind n = eddy__expr_subquery_kind(e->args[0]);
        if (n == SQ_IN || n == SQ_EXISTS) return false;
    }
    bool and = is_fn(e, "AND");
    for (int i = 0; i < e->nargs; i++)
        if (in_other_position(e->args[i], top && and)) return true;
    return false;
}

/* The operands of x IN (..): x, or the fields of a ROW. */
static int in_operands(const Expr *m, Expr ***out) {
    Expr *x = m->args[0];
    if (is_fn(x, "ROW")) {
        *out = x->args;
        return x->nargs;
    }
    *out = &m->args[0];
    return 1;
}

/* The left side of joins being stacked: the rel and, for IN operands
 * that are not columns, the projection computing them. */
typedef struct Left {
    const Rel *rel;
    int nbase;         /* the filter input's columns (the ones kept at the end) */
} Left;

/* Makes the operands columns of the left side (a projection of the left's
 * columns and the operands that are not, Flink's handleSubQueryOperands);
 * ops[i] become column references. */
static bool operands_as_columns(RuleCtx *cx, Left *l, int n, Expr **ops) {
    bool all = true;
    for (int i = 0; i < n; i++) all = all && ops[i]->kind == EX_COLUMN;
    if (all) return true;
    const Rel *in = l->rel;
    int cap = in->ncols + n;
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(cap + 1));
    if (!ex) return NOMEM(), false;
    int k = 0;
    for (; k < in->ncols; k++)
        if (!(ex[k] = eddy__expr_column(cx->a, k, in->types[k]))) return NOMEM(), false;
    for (int i = 0; i < n; i++) {
        int at = -1;
        for (int j = 0; j < k && at < 0; j++)
            if (same_expr(ex[j], ops[i])) at = j;
        if (at < 0) {
            at = k;
            ex[k++] = ops[i];
        }
        if (!(ops[i] = eddy__expr_column(cx->a, at, ops[i]->type))) return NOMEM(), false;
    }
    const Rel *p = project(cx, in, k, ex, NULL);
    if (!p) return NOMEM(), false;
    l->rel = p;
    return true;
}

/* Calcite's JoinPushExpressionsRule: the sides of the condition's
 * equalities (at the top or among its top conjuncts) that are expressions
 * of one input, and a whole condition that is not a conjunction but an
 * expression of one input, become columns of a projection of that input;
 * *l, *r and the condition change. */
static bool push_expressions(RuleCtx *cx, const Rel **l, const Rel **r, Expr **cond, bool semi) {
    Arena *a = cx->a;
    XVec lx = {0}, rx = {0}, tops = {0};
    int nl = (*l)->ncols, nr = (*r)->ncols;
    if (!*cond) return true;
    bool conj = is_fn(*cond, "AND");
    if (conj) {
        for (int i = 0; i < (*cond)->nargs; i++)
            if (!xpush(a, &tops, (*cond)->args[i])) return NOMEM(), false;
    } else if (!xpush(a, &tops, *cond)) {
        return NOMEM(), false;
    }
    for (int i = 0; i < tops.n; i++) {
        const Expr *t = tops.items[i];
        bool eq = (is_fn(t, "=") || is_fn(t, "IS NOT DISTINCT FROM")) && t->nargs == 2;
        if (!eq && conj) continue;
        for (int k = 0; k < (eq ? 2 : 1); k++) {
            const Expr *x = eq ? t->args[k] : t;
            int s = side_of(x, nl);
            if (x->kind == EX_COLUMN || x->kind == EX_LITERAL || s < 0 || !eddy__expr_deterministic(x)) continue;
            XVec *v = s == 0 ? &lx : &rx;
            bool dup = false;
            for (int j = 0; j < v->n && !dup; j++) dup = same_expr(v->items[j], x);
            if (!dup && !xpush(a, v, x)) return NOMEM(), false;
        }
    }
    if (!lx.n && !rx.n) return true;
    /* the new projections */
    const Rel *side[2] = {*l, *r};
    int base[2] = {nl, nr}, shift[2] = {0, nl};
    const Rel *out[2] = {*l, *r};
    for (int s = 0; s < 2; s++) {
        XVec *v = s == 0 ? &lx : &rx;
        if (!v->n) continue;
        int n = base[s] + v->n;
        const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 1));
        if (!ex) return NOMEM(), false;
        for (int i = 0; i < base[s]; i++)
            if (!(ex[i] = eddy__expr_column(a, i, side[s]->types[i]))) return NOMEM(), false;
        for (int i = 0; i < v->n; i++)
            if (!(ex[base[s] + i] = rewrite_expr(a, v->items[i], NULL, -shift[s], 0))) return NOMEM(), false;
        if (!(out[s] = project(cx, side[s], n, ex, NULL))) return NOMEM(), false;
    }
    /* the condition over the new columns: left columns stay, right ones move
     * past the left's new columns, pushed expressions become columns */
    int nnl = out[0]->ncols;
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(nl + nr + 1));
    if (!map) return NOMEM(), false;
    for (int i = 0; i < nl + nr; i++) map[i] = i < nl ? i : i - nl + nnl;
    /* replace the pushed expressions, then remap */
    Expr *c = rewrite_expr(a, *cond, map, 0, 0);
    if (!c) return NOMEM(), false;
    /* the whole condition pushed */
    if (!conj && (lx.n + rx.n == 1) && same_expr(lx.n ? lx.items[0] : rx.items[0], *cond)) {
        int at = lx.n ? nl : nnl + nr;
        Expr *to = eddy__expr_column(a, at, (*cond)->type);
        if (!to) return NOMEM(), false;
        (void)semi;
        *l = out[0];
        *r = out[1];
        *cond = to;
        return true;
    }
    for (int s = 0; s < 2; s++) {
        XVec *v = s == 0 ? &lx : &rx;
        for (int i = 0; i < v->n; i++) {
            Expr *from = rewrite_expr(a, v->items[i], map, 0, 0);
            Expr *to = eddy__expr_column(a, (s == 0 ? 0 : nnl) + base[s] + i, v->items[i]->type);
            if (!from || !to) return NOMEM(), false;
            /* replace every occurrence of `from` in c by `to` */
            XVec todo = {0};
            if (!xpush(a, &todo, c)) return NOMEM(), false;
            while (todo.n) {
                Expr *e = (Expr *)todo.items[--todo.n];
                for (int k = 0; k < e->nargs; k++) {
                    if (same_expr(e->args[k], from)) e->args[k] = to;
                    else if (!xpush(a, &todo, e->args[k])) return NOMEM(), false;
                }
            }
        }
    }
    (void)semi;
    *l = out[0];
    *r = out[1];
    *cond = c;
    return true;
}

/* The first IN / EXISTS of e (pre-order), with NOT around it when negated. */
static const Expr *first_semi_marker(const Expr *e, bool *negated) {
    if (!e) return NULL;
    SubqueryKind k = eddy__expr_subquery_kind(e);
    if (k == SQ_IN || k == SQ_EXISTS) {
        *negated = false;
        return e;
    }
    if (k != SQ_NONE) return NULL;
    if (is_fn(e, "NOT")) {
        SubqueryKind n = eddy__expr_subquery_kind(e->args[0]);
        if (n == SQ_IN || n == SQ_EXISTS) {
            *negated = true;
            return e->args[0];
        }
    }
    for (int i = 0; i < e->nargs; i++) {
        const Expr *m = first_semi_marker(e->args[i], negated);
        if (m) return m;
    }
    return NULL;
}

/* MIN(true) IS NOT NULL over q: one row telling whether q has any (an
 * uncorrelated EXISTS, as Flink joins it). */
static const Rel *exists_row(RuleCtx *cx, const Rel *q) {
    Value tv = {.type = eddy__type_basic(TY_BOOLEAN, false), .u.b = true};
    const Expr *t = eddy__expr_literal(cx->a, &tv);
    const char *i = "i";
    const Rel *p = t ? project(cx, q, 1, &t, &i) : NULL;
    int *args = eddy__arena_alloc(cx->a, sizeof(int));
    if (!p || !args) return NULL;
    AggCall m = agg_call("MIN", 0, eddy__type_basic(TY_BOOLEAN, true), "m");
    m.args = args;
    const Rel *g = eddy__rule_aggregate(cx, p, 0, NULL, 1, &m);
    Expr *col = g ? eddy__expr_column(cx->a, 0, g->types[0]) : NULL;
    const Expr *nn = col ? call(cx, "IS NOT NULL", col, NULL) : NULL;
    return nn ? project(cx, g, 1, &nn, NULL) : NULL;
}

/* x NOT IN (..): x = y, or, when either may be NULL, x IS NULL OR y IS
 * NULL OR x = y (Flink's (x = y) OR (x = y) IS NULL, simplified). */
static Expr *not_in_condition(RuleCtx *cx, Expr *x, Expr *y) {
    Expr *eq = call(cx, "=", x, y);
    XVec v = {0};
    bool ok = eq != NULL;
    if (ok && x->type->nullable) ok = xpush(cx->a, &v, call(cx, "IS NULL", x, NULL)) && v.items[v.n - 1];
    if (ok && y->type->nullable) ok = xpush(cx->a, &v, call(cx, "IS NULL", y, NULL)) && v.items[v.n - 1];
    if (ok) ok = xpush(cx->a, &v, eq);
    Expr *r = ok ? nary(cx, "OR", &v, &ok) : NULL;
    return ok ? r : NULL;
}

/* e with the marker m (or NOT m when negated) replaced by `by`. */
static Expr *replace_marker(Arena *a, const Expr *e, const Expr *m, bool negated, Expr *by) {
    if (e == m || (negated && is_fn(e, "NOT") && e->args[0] == m)) return by;
    if (!e->nargs) return (Expr *)e;
    Expr *c = eddy__arena_dup(a, e, sizeof *e);
    if (!c || !(c->args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)e->nargs))) return NULL;
    for (int i = 0; i < e->nargs; i++)
        if (!(c->args[i] = replace_marker(a, e->args[i], m, negated, by))) return NULL;
    return c;
}

/* One IN / EXISTS conjunct as a semi (anti) join of l->rel and the query. */
static bool semi_join(RuleCtx *cx, Left *l, const Expr *m, bool negated, int cor) {
    Arena *a = cx->a;
    SubqueryKind k = eddy__expr_subquery_kind(m);
    const Rel *q = eddy__expr_subquery_rel(m);
    Expr **ops = NULL;
    int nops = 0;
    if (k == SQ_IN) {
        if (eddy__expr_refs_cor(m->args[0], 0)) {
            /* Flink leaves an IN whose operands are correlated */
            cannot_decorrelate(cx, eddy__expr_cor_var(m->args[0]) ? eddy__expr_cor_var(m->args[0])->cor : cor);
            return false;
        }
        Expr **o;
        nops = in_operands(m, &o);
        ops = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(nops + 1));
        if (!ops) return NOMEM(), false;
        for (int i = 0; i < nops; i++) ops[i] = o[i];
        if (!operands_as_columns(cx, l, nops, ops)) return false;
    }
    int nl = l->rel->ncols;
    const Rel *right;
    Expr *corc;
    if (!decorrelate(cx, q, cor, nl, k, &right, &corc, NULL)) return false;
    XVec cs = {0};
    if (k == SQ_IN) {
        for (int i = 0; i < nops; i++) {
            Expr *y = eddy__expr_column(a, nl + i, right->types[i]);
            Expr *c = !y ? NULL : negated ? not_in_condition(cx, ops[i], y) : call(cx, "=", ops[i], y);
            if (!c || !xpush(a, &cs, c)) return NOMEM(), false;
        }
        if (corc && !xpush(a, &cs, corc)) return NOMEM(), false;
    } else if (corc) {
        if (!xpush(a, &cs, corc)) return NOMEM(), false;
    } else {
        /* uncorrelated EXISTS: the right side's one row says whether q has rows */
        if (!(right = exists_row(cx, q))) return NOMEM(), false;
        Expr *c = eddy__expr_column(a, nl, right->types[0]);
        if (!c || !xpush(a, &cs, c)) return NOMEM(), false;
    }
    bool ok = true;
    Expr *cond = and_of(cx, &cs, &ok);
    if (!ok) return NOMEM(), false;
    const Rel *lr = l->rel;
    if (cond && !push_expressions(cx, &lr, &right, &cond, true)) return false;
    Rel *j = join(cx, negated ? JOIN_ANTI : JOIN_SEMI, lr, right, cond);
    if (!j) return NOMEM(), false;
    l->rel = j;
    return true;
}

/* A projection of r's first n columns (r itself when it has n). */
static const Rel *keep_first(RuleCtx *cx, const Rel *r, int n) {
    if (r->ncols == n) return r;
    int *cols = identity_map(cx->a, n);
    return cols ? project_cols(cx, r, n, cols) : NULL;
}

static Rel *calcite_filter(RuleCtx *cx, const Rel *r, const Expr *cond);

/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_subquery_filter(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_FILTER || !has_query(r->cond)) return NULL;
    Arena *a = cx->a;
    XVec cs = {0};
    if (!normalize(cx, r->cond, &cs)) return NOMEM();
    bool ok = true;
    Expr *cond = and_of(cx, &cs, &ok);
    if (!ok) return NOMEM();
    if (!cond) cond = true_literal(cx);
    if (!cond) return NOMEM();
    bool negated;
    if (in_other_position(cond, true) || !first_semi_marker(cond, &negated)) return calcite_filter(cx, r, cond);
    Left l = {r->in[0], r->in[0]->ncols};
    const Expr *m;
    while ((m = first_semi_marker(cond, &negated))) {
        if (!semi_join(cx, &l, m, negated, r->cor)) return eddy__rule_fail(cx);
        Expr *t = true_literal(cx);
        if (!t || !(cond = replace_marker(a, cond, m, negated, t))) return NOMEM();
    }
    cs.n = 0;
    if (!conjuncts(a, cond, &cs)) return NOMEM();
    Expr *rest = and_of(cx, &cs, &ok);
    if (!ok) return NOMEM();
    const Rel *out = l.rel;
    if (rest && !(out = filter(cx, out, rest, has_query(rest) ? r->cor : 0))) return NOMEM();
    out = keep_first(cx, out, l.nbase);
    return out ? (Rel *)out : NOMEM();
}

/* ---- Calcite's SubQueryRemoveRule: scalar subqueries, IN / EXISTS elsewhere ---------------------- */

/* The first subquery of e (pre-order). */
static const Expr *first_marker(const Expr *e) {
    if (!e) return NULL;
    if (is_query(e)) return e;
    for (int i = 0; i < e->nargs; i++) {
        const Expr *m = first_marker(e->args[i]);
        if (m) return m;
    }
    return NULL;
}

/* Whether the aggregate functions of an aggregate give a value on no rows
 * that a left join's NULL would change (COUNT: 0). */
static bool counts(const Rel *g) {
    for (int i = 0; i < g->naggs; i++)
        if (!strcmp(g->aggs[i].fn, "COUNT") || !strcmp(g->aggs[i].fn, "SUM0")) return true;
    return false;
}

/* SELECT DISTINCT <q's first n columns>, true AS i FROM q: the constant
 * above the distinct rows (Calcite's AggregateProjectPullUpConstantsRule),
 * unless it is the only key. */
static const Rel *distinct_marked(RuleCtx *cx, const Rel *q, int n) {
    Arena *a = cx->a;
    Value tv = {.type = eddy__type_basic(TY_BOOLEAN, false), .u.b = true};
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 2));
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 2));
    int *grp = identity_map(a, n + 1);
    if (!ex || !nm || !grp) return NULL;
    if (!n) {
        if (!(ex[0] = eddy__expr_literal(a, &tv))) return NULL;
        nm[0] = "i";
        const Rel *p = project(cx, q, 1, ex, nm);
        return p ? eddy__rule_aggregate(cx, p, 1, grp, 0, NULL) : NULL;
    }
    const Rel *in = q->ncols == n ? q : project_cols(cx, q, n, grp);
    const Rel *g = in ? eddy__rule_aggregate(cx, in, n, grp, 0, NULL) : NULL;
    if (!g) return NULL;
    for (int i = 0; i < n; i++) {
        if (!(ex[i] = eddy__expr_column(a, i, g->types[i]))) return NULL;
        nm[i] = g->names[i];
    }
    if (!(ex[n] = eddy__expr_literal(a, &tv))) return NULL;
    nm[n] = "i";
    return project(cx, g, n + 1, ex, nm);
}

/* Rewrites marker m of an expression over `left`'s columns into a join:
 * *out the new left (left's columns first), *value the expression
 * replacing m over it. */
static bool calcite_apply(RuleCtx *cx, const Rel *left, const Expr *m, int cor, bool filter_logic, const Rel **out,
                          Expr **value) {
    Arena *a = cx->a;
    SubqueryKind k = eddy__expr_subquery_kind(m);
    const Rel *q = eddy__expr_subquery_rel(m);
    int nl = left->ncols;
    if (k == SQ_SCALAR) {
        /* an aggregate without keys gives one row (RelBuilder drops the
         * projection of its columns as they are) */
        while (q->kind == REL_PROJECT && identity_exprs(q)) q = q->in[0];
        const Rel *right = q;
        bool single = q->kind == REL_AGGREGATE && q->ngroup == 0 && !q->nsets && !q->window;
        /* where no row of the correlated aggregate matches, a left join gives
         * NULL; COUNT of no rows is 0 (RelDecorrelator's CASE) */
        bool zero = single && counts(q) && cor && eddy__rel_refs_cor(q, cor);
        /* COUNT of no rows under a computation: the left join's NULL would
         * not be what the expression gives for 0 */
        const Rel *below = q;
        while (below->kind == REL_PROJECT || below->kind == REL_FILTER) below = below->in[0];
        if (!single && below->kind == REL_AGGREGATE && !below->ngroup && counts(below) && cor &&
            eddy__rel_refs_cor(q, cor)) {
            eddy__err(cx->err, EDDY_E_UNSUPPORTED,
                      "not supported yet: correlated scalar subqueries computing over COUNT");
            return eddy__rule_fail(cx), false;
        }
        if (!single) {
            /* Calcite's SINGLE_VALUE: the query must give one row at most */
            int *args = eddy__arena_alloc(a, sizeof(int));
            if (!args) return NOMEM(), false;
            AggCall sv = agg_call("SINGLE_VALUE", 0, eddy__type_with_nullable(a, q->types[0], true), "$f0");
            sv.args = args;
            if (!sv.type || !(right = eddy__rule_aggregate(cx, q, 0, NULL, 1, &sv))) return NOMEM(), false;
        }
        Expr *cond;
        int *map;
        if (!decorrelate(cx, right, cor, nl, SQ_SCALAR, &right, &cond, &map)) return false;
        int vcol = map ? map[0] : 0;
        const Rel *l = left;
        if (cond && !push_expressions(cx, &l, &right, &cond, false)) return false;
        const Rel *j = join(cx, JOIN_LEFT, l, right, cond);
        if (!j) return NOMEM(), false;
        *out = j;
        *value = eddy__expr_column(a, l->ncols + vcol, j->types[l->ncols + vcol]);
        if (*value && zero) {
            Value zv = {.type = eddy__type_with_nullable(a, (*value)->type, false)};
            Expr *cs = eddy__arena_alloc(a, sizeof *cs), **args = eddy__arena_alloc(a, sizeof(Expr *) * 3);
            Expr *isn = call(cx, "IS NULL", *value, NULL), *z = zv.type ? eddy__expr_literal(a, &zv) : NULL;
            if (!cs || !args || !isn || !z) return NOMEM(), false;
            args[0] = isn;
            args[1] = z;
            args[2] = *value;
            cs->kind = EX_CASE;
            cs->nargs = 3;
            cs->args = args;
            cs->type = zv.type;
            *value = cs;
        }
        return *value || (NOMEM(), false);
    }
    Value tv = {.type = eddy__type_basic(TY_BOOLEAN, false), .u.b = true};
    const Expr *t = eddy__expr_literal(a, &tv);
    if (!t) return NOMEM(), false;
    if (k == SQ_EXISTS) {
        /* LEFT JOIN (SELECT DISTINCT true AS i FROM q): i IS NOT NULL */
        const Rel *right;
        Expr *cond;
        if (!decorrelate(cx, q, cor, nl, SQ_EXISTS, &right, &cond, NULL)) return false;
        int n = cond ? right->ncols + 1 : 1;
        const Rel *dt = distinct_marked(cx, right, n - 1);
        const Rel *j = dt ? join(cx, JOIN_LEFT, left, dt, cond) : NULL;
        if (!j) return NOMEM(), false;
        Expr *i = eddy__expr_column(a, nl + n - 1, j->types[nl + n - 1]);
        *out = j;
        *value = i ? call(cx, "IS NOT NULL", i, NULL) : NULL;
        return *value || (NOMEM(), false);
    }
    /* IN: Calcite's
     *   CASE WHEN ct.c = 0 THEN false WHEN dt.i IS NOT NULL THEN true
     *        WHEN x IS NULL THEN NULL WHEN ct.ck < ct.c THEN NULL ELSE false END
     * over left CROSS JOIN (SELECT COUNT(*) AS c, COUNT(y) AS ck FROM q) ct
     * LEFT JOIN (SELECT DISTINCT y, true AS i FROM q) dt ON x = dt.y */
    if (cor && eddy__rel_refs_cor(q, cor)) {
        eddy__err(cx->err, EDDY_E_UNSUPPORTED,
                  "not supported yet: correlated IN subqueries outside the conjuncts of a WHERE clause");
        return eddy__rule_fail(cx), false;
    }
    if (eddy__expr_refs_cor(m->args[0], 0)) {
        cannot_decorrelate(cx, cor);
        return false;
    }
    Expr **ops;
    int nops = in_operands(m, &ops);
    bool keys_null = false, vals_null = false;
    for (int i = 0; i < nops; i++) keys_null = keys_null || ops[i]->type->nullable;
    for (int i = 0; i < q->ncols; i++) vals_null = vals_null || q->types[i]->nullable;
    const Rel *cur = left;
    int c_col = -1, ck_col = -1;
    if (keys_null || vals_null || !filter_logic) {
        /* ct: COUNT(*) (and COUNT(y) when y may be NULL) of q */
        AggCall calls[2];
        int na = 0;
        calls[na++] = agg_call("COUNT", -1, eddy__type_basic(TY_BIGINT, false), "c");
        if (vals_null) {
            int *args = eddy__arena_alloc(a, sizeof(int) * (size_t)(q->ncols + 1));
            if (!args) return NOMEM(), false;
            for (int i = 0; i < q->ncols; i++) args[i] = i;
            calls[na] = agg_call("COUNT", 0, eddy__type_basic(TY_BIGINT, false), "ck");
            calls[na].nargs = q->ncols;
            calls[na].args = args;
            na++;
        }
        const Rel *ct = eddy__rule_aggregate(cx, q, 0, NULL, na, calls);
        if (!ct || !(cur = join(cx, JOIN_INNER, cur, ct, NULL))) return NOMEM(), false;
        c_col = nl;
        if (vals_null) ck_col = nl + 1;
    }
    int ncur = cur->ncols;
    const Rel *dt = distinct_marked(cx, q, q->ncols);
    if (!dt) return NOMEM(), false;
    XVec cs = {0};
    for (int i = 0; i < nops; i++) {
        Expr *y = eddy__expr_column(a, ncur + i, dt->types[i]);
        Expr *c = y ? call(cx, "=", ops[i], y) : NULL;
        if (!c || !xpush(a, &cs, c)) return NOMEM(), false;
    }
    bool ok = true;
    Expr *cond = and_of(cx, &cs, &ok);
    if (!ok) return NOMEM(), false;
    const Rel *rdt = dt;
    if (!push_expressions(cx, &cur, &rdt, &cond, false)) return false;
    const Rel *j = join(cx, JOIN_LEFT, cur, rdt, cond);
    if (!j) return NOMEM(), false;
    /* the CASE, over the join's columns */
    Expr *fl = NULL, *nul = NULL, *tr = NULL;
    {
        Value fv = {.type = eddy__type_basic(TY_BOOLEAN, false), .u.b = false};
        fl = eddy__expr_literal(a, &fv);
        nul = eddy__expr_null(a, eddy__type_basic(TY_BOOLEAN, true));
        tr = (Expr *)t;
    }
    if (!fl || !nul) return NOMEM(), false;
    XVec parts = {0};
    if (c_col >= 0) {
        Value zv = {.type = eddy__type_basic(TY_BIGINT, false), .u.i = 0};
        Expr *z = eddy__expr_literal(a, &zv), *c = eddy__expr_column(a, c_col, j->types[c_col]);
        Expr *w = z && c ? call(cx, "=", c, z) : NULL;
        if (!w || !xpush(a, &parts, w) || !xpush(a, &parts, fl)) return NOMEM(), false;
    }
    Expr *ic = eddy__expr_column(a, j->ncols - 1, j->types[j->ncols - 1]);
    Expr *inn = ic ? call(cx, "IS NOT NULL", ic, NULL) : NULL;
    if (!inn || !xpush(a, &parts, inn) || !xpush(a, &parts, tr)) return NOMEM(), false;
    if (keys_null) {
        Expr *any = NULL;
        for (int i = 0; i < nops; i++)
            if (ops[i]->type->nullable) {
                Expr *n1 = call(cx, "IS NULL", ops[i], NULL);
                if (!n1 || !(any = any ? call(cx, "OR", any, n1) : n1)) return NOMEM(), false;
            }
        if (!xpush(a, &parts, any) || !xpush(a, &parts, nul)) return NOMEM(), false;
    }
    if (ck_col >= 0) {
        Expr *ck = eddy__expr_column(a, ck_col, j->types[ck_col]), *c = eddy__expr_column(a, c_col, j->types[c_col]);
        Expr *lt = ck && c ? call(cx, "<", ck, c) : NULL;
        if (!lt || !xpush(a, &parts, lt) || !xpush(a, &parts, nul)) return NOMEM(), false;
    }
    if (!xpush(a, &parts, fl)) return NOMEM(), false;
    Expr *cs2 = eddy__arena_alloc(a, sizeof *cs2);
    Expr **args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)parts.n);
    if (!cs2 || !args) return NOMEM(), false;
    for (int i = 0; i < parts.n; i++) args[i] = (Expr *)parts.items[i];
    cs2->kind = EX_CASE;
    cs2->nargs = parts.n;
    cs2->args = args;
    cs2->type = eddy__type_basic(TY_BOOLEAN, keys_null || ck_col >= 0);
    *out = j;
    *value = cs2;
    return true;
}

static Rel *calcite_filter(RuleCtx *cx, const Rel *r, const Expr *cond) {
    const Expr *m = first_marker(cond);
    if (!m) return NULL;
    const Rel *j;
    Expr *v;
    if (!calcite_apply(cx, r->in[0], m, r->cor, true, &j, &v)) return eddy__rule_fail(cx);
    Expr *nc = replace_marker(cx->a, cond, m, false, v);
    const Rel *f = nc ? filter(cx, j, nc, has_query(nc) ? r->cor : 0) : NULL;
    const Rel *out = f ? keep_first(cx, f, r->in[0]->ncols) : NULL;
    return out ? (Rel *)out : NOMEM();
}

/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_subquery_project(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_PROJECT) return NULL;
    const Expr *m = NULL;
    for (int i = 0; i < r->ncols && !m; i++) m = first_marker(r->exprs[i]);
    if (!m) return NULL;
    const Rel *j;
    Expr *v;
    if (!calcite_apply(cx, r->in[0], m, r->cor, false, &j, &v)) return eddy__rule_fail(cx);
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return NOMEM();
    bool more = false;
    for (int i = 0; i < r->ncols; i++) {
        if (!(ex[i] = replace_marker(cx->a, r->exprs[i], m, false, v))) return NOMEM();
        more = more || has_query(ex[i]);
    }
    Rel *p = eddy__rel_project(cx->a, (Rel *)j, r->ncols, ex, r->names);
    if (!p) return NOMEM();
    p->cor = more ? r->cor : 0;
    p->changelog = j->changelog;
    return p;
}

/* LATERAL (query): the query decorrelated, joined on the conditions that
 * read the left row. */
/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_lateral_join(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_JOIN || !r->cor) return NULL;
    const Rel *l = r->in[0], *q = r->in[1];
    Rel *c = eddy__arena_dup(cx->a, r, sizeof *r);
    if (!c) return NOMEM();
    c->cor = 0;
    if (!eddy__rel_refs_cor(q, r->cor)) return c;
    Dc d = {cx, r->cor, true, false};
    Frame f;
    if (!dc_rel(&d, q, &f)) return cx->failed ? NULL : cannot_decorrelate(cx, r->cor);
    if (!f.c) return cannot_decorrelate(cx, r->cor);
    int nl = l->ncols;
    Expr *cond = rewrite_expr(cx->a, f.c, NULL, nl, r->cor);
    /* the ON condition (over the old right columns) */
    if (cond && r->cond && !is_true(r->cond)) {
        int *map = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(r->ncols + 1));
        if (!map) return NOMEM();
        for (int i = 0; i < r->ncols; i++) map[i] = i < nl ? i : nl + f.map[i - nl];
        Expr *on = rewrite_expr(cx->a, r->cond, map, 0, 0);
        if (!on || !(cond = call(cx, "AND", on, cond))) return NOMEM();
    }
    if (!cond) return NOMEM();
    const Rel *right = f.r;
    if (!push_expressions(cx, &l, &right, &cond, false)) return NULL;
    Rel *j = join(cx, r->join, l, right, cond);
    if (!j) return NOMEM();
    /* the join's columns as the query named them */
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return NOMEM();
    for (int i = 0; i < r->ncols; i++) {
        int col = i < r->in[0]->ncols ? i : l->ncols + f.map[i - r->in[0]->ncols];
        if (!(ex[i] = eddy__expr_column(cx->a, col, j->types[col]))) return NOMEM();
    }
    Rel *p = eddy__rel_project(cx->a, j, r->ncols, ex, r->names);
    if (!p) return NOMEM();
    p->changelog = j->changelog;
    return p;
}

/* A subquery in the ON condition of an inner join: the condition above
 * the join, where subquery_filter takes it (filter_into_join puts what it
 * leaves back into the join). */
Rel *eddy__rule_subquery_join(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_JOIN || !has_query(r->cond)) return NULL;
    if (r->join != JOIN_INNER) {
        eddy__err(cx->err, EDDY_E_UNSUPPORTED, "not supported yet: subqueries in the ON condition of an outer join");
        return eddy__rule_fail(cx);
    }
    Rel *j = eddy__arena_dup(cx->a, r, sizeof *r);
    if (!j) return NOMEM();
    j->cond = NULL;
    Rel *f = filter(cx, j, r->cond, 0);
    return f ? f : NOMEM();
}

/* ---- phase 2: conditions and columns through semi and anti joins ------------------------------------ */

static bool semi_or_anti(const Rel *r) { return r->kind == REL_JOIN && (r->join == JOIN_SEMI || r->join == JOIN_ANTI); }

/* A Calc of in with in's columns and cond. */
static Rel *filter_calc(RuleCtx *cx, const Rel *in, const Expr *cond) {
    const Expr **ex = eddy__arena_alloc(cx->a, sizeof(Expr *) * (size_t)(in->ncols + 1));
    if (!ex) return NULL;
    for (int i = 0; i < in->ncols; i++)
        if (!(ex[i] = eddy__expr_column(cx->a, i, in->types[i]))) return NULL;
    return eddy__rel_calc(cx->a, in, in->ncols, ex, in->names, cond);
}

static Rel *with_join_inputs(RuleCtx *cx, const Rel *j, const Rel *l, const Rel *r, const Expr *cond) {
    Rel *c = eddy__arena_dup(cx->a, j, sizeof *j);
    Rel **ins = eddy__arena_alloc(cx->a, sizeof(Rel *) * 2);
    if (!c || !ins) return NULL;
    ins[0] = (Rel *)l;
    ins[1] = (Rel *)r;
    c->in = ins;
    c->cond = cond;
    return c;
}

/* Conditions of one side of a semi join go into that side (Flink's
 * FlinkFilterJoinRule on the join's condition); an anti join keeps them. */
/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_semi_join_condition_push(RuleCtx *cx, const Rel *r) {
    if (!semi_or_anti(r) || !r->cond || r->join != JOIN_SEMI) return NULL;
    Arena *a = cx->a;
    int nl = r->in[0]->ncols;
    XVec cs = {0}, lc = {0}, rc = {0}, keep = {0};
    if (!conjuncts(a, r->cond, &cs)) return NOMEM();
    bool moved = false;
    for (int i = 0; i < cs.n; i++) {
        const Expr *c = cs.items[i];
        int s = side_of(c, nl);
        if (s == 0 && eddy__expr_deterministic(c)) {
            if (!xpush(a, &lc, c)) return NOMEM();
            moved = true;
        } else if (s == 1 && eddy__expr_deterministic(c)) {
            Expr *m = rewrite_expr(a, c, NULL, -nl, 0);
            if (!m || !xpush(a, &rc, m)) return NOMEM();
            moved = true;
        } else if (s == -1 && is_true(c)) {
            moved = true;
        } else if (!xpush(a, &keep, c)) {
            return NOMEM();
        }
    }
    if (!moved) return NULL;
    bool ok = true;
    Expr *le = and_of(cx, &lc, &ok), *re = ok ? and_of(cx, &rc, &ok) : NULL, *ke = ok ? and_of(cx, &keep, &ok) : NULL;
    if (!ok) return NOMEM();
    const Rel *l = le ? filter_calc(cx, r->in[0], le) : r->in[0];
    const Rel *rr = re ? filter_calc(cx, r->in[1], re) : r->in[1];
    Rel *j = l && rr ? with_join_inputs(cx, r, l, rr, ke) : NULL;
    return j ? j : NOMEM();
}

/* A Calc over a semi / anti join: its condition goes below the join, and
 * the left columns neither it nor the join reads are dropped below the
 * join (FlinkSemiAntiJoinFilterTransposeRule, ProjectSemiAntiJoinTransposeRule). */
/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_calc_semi_join_transpose(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || !semi_or_anti(r->in[0])) return NULL;
    Arena *a = cx->a;
    const Rel *j = r->in[0], *l = j->in[0];
    int nl = l->ncols;
    if (r->cond && eddy__expr_deterministic(r->cond)) {
        /* the condition below the join, the projection above it */
        const Rel *nlft = filter_calc(cx, l, r->cond);
        Rel *nj = nlft ? with_join_inputs(cx, j, nlft, j->in[1], j->cond) : NULL;
        Rel *c = nj ? eddy__rel_calc(a, nj, r->ncols, r->exprs, r->names, NULL) : NULL;
        return c ? c : NOMEM();
    }
    bool *used = eddy__arena_alloc(a, (size_t)(nl + j->in[1]->ncols) + 1);
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(nl + j->in[1]->ncols + 1));
    if (!used || !map) return NOMEM();
    for (int i = 0; i < r->ncols; i++) mark_cols(r->exprs[i], used);
    mark_cols(r->cond, used);
    mark_cols(j->cond, used);
    int n = 0;
    for (int i = 0; i < nl; i++) n += used[i];
    /* a left side keeps one column at least */
    if (!n) used[0] = true, n = 1;
    if (n == nl) return NULL;
    for (int i = 0, k = 0; i < nl; i++) map[i] = used[i] ? k++ : 0;
    for (int i = 0; i < j->in[1]->ncols; i++) map[nl + i] = n + i;
    int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    if (!cols) return NOMEM();
    for (int i = 0, k = 0; i < nl; i++)
        if (used[i]) cols[k++] = i;
    const Expr **kx = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 1));
    const char **kn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    if (!kx || !kn) return NOMEM();
    for (int i = 0; i < n; i++) {
        if (!(kx[i] = eddy__expr_column(a, cols[i], l->types[cols[i]]))) return NOMEM();
        kn[i] = l->names[cols[i]];
    }
    Rel *nlft = eddy__rel_calc(a, l, n, kx, kn, NULL);
    Expr *jc = j->cond ? rewrite_expr(a, j->cond, map, 0, 0) : NULL;
    if (!nlft || (j->cond && !jc)) return NOMEM();
    Rel *nj = with_join_inputs(cx, j, nlft, j->in[1], jc);
    if (!nj) return NOMEM();
    nj->ncols = n;
    nj->names = nlft->names;
    nj->types = nlft->types;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return NOMEM();
    for (int i = 0; i < r->ncols; i++)
        if (!(ex[i] = rewrite_expr(a, r->exprs[i], map, 0, 0))) return NOMEM();
    Expr *cond = r->cond ? rewrite_expr(a, r->cond, map, 0, 0) : NULL;
    if (r->cond && !cond) return NOMEM();
    Rel *c = eddy__rel_calc(a, nj, r->ncols, ex, r->names, cond);
    return c ? c : NOMEM();
}

/* The right columns a semi / anti join does not read are dropped below it
 * (all of them when its condition reads none). */
/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_semi_join_right_prune(RuleCtx *cx, const Rel *r) {
    if (!semi_or_anti(r)) return NULL;
    Arena *a = cx->a;
    const Rel *rr = r->in[1];
    int nl = r->in[0]->ncols, nr = rr->ncols;
    bool *used = eddy__arena_alloc(a, (size_t)(nl + nr) + 1);
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(nl + nr + 1));
    if (!used || !map) return NOMEM();
    mark_cols(r->cond, used);
    int n = 0;
    for (int i = 0; i < nr; i++) n += used[nl + i];
    if (n == nr) return NULL;
    for (int i = 0; i < nl; i++) map[i] = i;
    int *cols = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 1));
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    if (!cols || !ex || !nm) return NOMEM();
    for (int i = 0, k = 0; i < nr; i++) {
        map[nl + i] = nl + k;
        if (used[nl + i]) cols[k++] = i;
    }
    for (int i = 0; i < n; i++) {
        if (!(ex[i] = eddy__expr_column(a, cols[i], rr->types[cols[i]]))) return NOMEM();
        nm[i] = rr->names[cols[i]];
    }
    Rel *p = eddy__rel_calc(a, rr, n, ex, nm, NULL);
    Expr *cond = r->cond ? rewrite_expr(a, r->cond, map, 0, 0) : NULL;
    if (!p || (r->cond && !cond)) return NOMEM();
    Rel *j = with_join_inputs(cx, r, r->in[0], p, cond);
    return j ? j : NOMEM();
}

/* The columns of an Aggregate's Calc input that neither its keys nor its
 * calls read are dropped (Calcite's field trimming; the decorrelation
 * leaves constant keys it moved above the aggregate). */
Rel *eddy__rule_aggregate_input_prune(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_AGGREGATE || r->nsets || r->window || r->in[0]->kind != REL_CALC) return NULL;
    Arena *a = cx->a;
    const Rel *in = r->in[0];
    int n = in->ncols;
    bool *used = eddy__arena_alloc(a, (size_t)n + 1);
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    if (!used || !map) return NOMEM();
    for (int i = 0; i < r->ngroup; i++) used[r->group[i]] = true;
    for (int i = 0; i < r->naggs; i++) {
        for (int k = 0; k < r->aggs[i].nargs; k++) used[r->aggs[i].args[k]] = true;
        if (r->aggs[i].filter >= 0) used[r->aggs[i].filter] = true;
    }
    int k = 0;
    for (int i = 0; i < n; i++) map[i] = used[i] ? k++ : -1;
    /* COUNT(*) alone reads no column: Calcite keeps one */
    if (k == 0) return NULL;
    /* a distinct (no call) of columns reads them in their input's order,
     * as the aggregate does once Calcite merges the projection into it */
    bool reorder = false;
    if (!r->naggs) {
        int *order = eddy__arena_alloc(a, sizeof(int) * (size_t)(k + 1));
        if (!order) return NOMEM();
        bool refs = true;
        for (int i = 0, j = 0; i < n; i++)
            if (used[i]) {
                refs = refs && in->exprs[i]->kind == EX_COLUMN;
                order[j++] = i;
            }
        for (int i = 1; refs && i < k; i++)
            for (int j = i; j > 0 && in->exprs[order[j]]->index < in->exprs[order[j - 1]]->index; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
                reorder = true;
            }
        if (reorder)
            for (int j = 0; j < k; j++) map[order[j]] = j;
    }
    if (k == n && !reorder) return NULL;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(k + 1));
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(k + 1));
    int *group = eddy__arena_alloc(a, sizeof(int) * (size_t)(r->ngroup + 1));
    AggCall *aggs = eddy__arena_alloc(a, sizeof(AggCall) * (size_t)(r->naggs + 1));
    if (!ex || !nm || !group || !aggs) return NOMEM();
    for (int i = 0; i < n; i++)
        if (used[i]) {
            ex[map[i]] = in->exprs[i];
            nm[map[i]] = in->names[i];
        }
    Rel *c = eddy__rel_calc(a, in->in[0], k, ex, nm, in->cond);
    Rel *g = c ? eddy__arena_dup(a, r, sizeof *r) : NULL;
    Rel **ins = eddy__arena_alloc(a, sizeof(Rel *));
    if (!g || !ins) return NOMEM();
    for (int i = 0; i < r->ngroup; i++) group[i] = map[r->group[i]];
    for (int i = 0; i < r->naggs; i++) {
        aggs[i] = r->aggs[i];
        int *args = eddy__arena_alloc(a, sizeof(int) * (size_t)(aggs[i].nargs + 1));
        if (!args) return NOMEM();
        for (int j = 0; j < aggs[i].nargs; j++) args[j] = map[aggs[i].args[j]];
        aggs[i].args = args;
        if (aggs[i].filter >= 0) aggs[i].filter = map[aggs[i].filter];
    }
    ins[0] = c;
    g->in = ins;
    g->group = group;
    g->aggs = aggs;
    return g;
}

/* The calls of an Aggregate the Calc above it does not read are dropped
 * (Flink's PruneAggregateCallRule; the subqueries' EXISTS read none). */
Rel *eddy__rule_aggregate_call_prune(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || r->in[0]->kind != REL_AGGREGATE) return NULL;
    const Rel *g = r->in[0];
    if (g->nsets || g->window || !g->naggs) return NULL;
    Arena *a = cx->a;
    bool *used = eddy__arena_alloc(a, (size_t)g->ncols + 1);
    int *map = eddy__arena_alloc(a, sizeof(int) * (size_t)(g->ncols + 1));
    if (!used || !map) return NOMEM();
    for (int i = 0; i < r->ncols; i++) mark_cols(r->exprs[i], used);
    mark_cols(r->cond, used);
    int keep = 0;
    for (int i = 0; i < g->naggs; i++) keep += used[g->ngroup + i];
    /* a global aggregate keeps one call: it gives its row even for no input */
    if (keep == g->naggs || (!g->ngroup && !keep)) return NULL;
    AggCall *aggs = eddy__arena_alloc(a, sizeof(AggCall) * (size_t)(keep + 1));
    Rel *ng = eddy__rel_new(a, REL_AGGREGATE, g->ngroup + keep, 1);
    if (!aggs || !ng) return NOMEM();
    for (int i = 0; i < g->ngroup; i++) {
        map[i] = i;
        ng->names[i] = g->names[i];
        ng->types[i] = g->types[i];
    }
    for (int i = 0, k = 0; i < g->naggs; i++)
        if (used[g->ngroup + i]) {
            aggs[k] = g->aggs[i];
            map[g->ngroup + i] = g->ngroup + k;
            ng->names[g->ngroup + k] = g->names[g->ngroup + i];
            ng->types[g->ngroup + k] = g->types[g->ngroup + i];
            k++;
        }
    ng->in[0] = g->in[0];
    ng->ngroup = g->ngroup;
    ng->group = g->group;
    ng->naggs = keep;
    ng->aggs = aggs;
    ng->feature = g->feature;
    ng->digest = g->digest;
    ng->changelog = g->changelog;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!ex) return NOMEM();
    for (int i = 0; i < r->ncols; i++)
        if (!(ex[i] = rewrite_expr(a, r->exprs[i], map, 0, 0))) return NOMEM();
    Expr *cond = r->cond ? rewrite_expr(a, r->cond, map, 0, 0) : NULL;
    if (r->cond && !cond) return NOMEM();
    Rel *c = eddy__rel_calc(a, ng, r->ncols, ex, r->names, cond);
    return c ? c : NOMEM();
}

/* Whether a conjunct is NULL (so not true) when every column of [from, to)
 * is NULL: a strict call on a path to one of them (Calcite's Strong). */
static bool null_rejecting(const Expr *e, int from, int to) {
    if (e->kind == EX_COLUMN) return e->index >= from && e->index < to;
    if (e->kind == EX_CAST) return null_rejecting(e->args[0], from, to);
    if (e->kind != EX_CALL || !e->fn || !(e->fn->flags & FN_STRICT) || is_query(e)) return false;
    for (int i = 0; i < e->nargs; i++)
        if (null_rejecting(e->args[i], from, to)) return true;
    return false;
}

/* A left join whose right NULLs a condition above rejects is an inner
 * join (Calcite's RelOptUtil.simplifyJoin in FlinkFilterJoinRule). */
/* One of the rules listed in plan.h (see the file comment). */
Rel *eddy__rule_left_join_to_inner(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_CALC || !r->cond || r->in[0]->kind != REL_JOIN || r->in[0]->join != JOIN_LEFT ||
        r->in[0]->cor || (r->in[0]->feature && strcmp(r->in[0]->feature, "joins")))
        return NULL;
    const Rel *j = r->in[0];
    int nl = j->in[0]->ncols;
    XVec cs = {0};
    if (!conjuncts(cx->a, r->cond, &cs)) return NOMEM();
    bool rejects = false;
    for (int i = 0; i < cs.n && !rejects; i++) rejects = null_rejecting(cs.items[i], nl, j->ncols);
    if (!rejects) return NULL;
    Rel *nj = eddy__arena_dup(cx->a, j, sizeof *j);
    const Type **types = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)(j->ncols + 1));
    if (!nj || !types) return NOMEM();
    nj->join = JOIN_INNER;
    for (int i = 0; i < j->ncols; i++) types[i] = i < nl ? j->types[i] : j->in[1]->types[i - nl];
    nj->types = types;
    nj->changelog = j->in[0]->changelog | j->in[1]->changelog;
    Rel *c = eddy__rel_calc(cx->a, nj, r->ncols, r->exprs, r->names, r->cond);
    return c ? c : NOMEM();
}
