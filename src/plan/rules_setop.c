/*
 * rules_setop.c -- rules of the logical rewrite around aggregates and the
 * ALL set operations:
 *
 *   aggregate_remove   a GROUP BY whose input is unique on its keys and whose
 *                      calls are SUM / MIN / MAX of one column without FILTER
 *                      is a projection of the keys and the arguments (Flink's
 *                      FlinkAggregateRemoveRule; streaming and batch)
 *   intersect_all      INTERSECT ALL -> UNION ALL of the inputs, each with a
 *                      marker column per side, COUNT of each marker per row,
 *                      the rows both sides have, replicated min(count) times
 *                      (Flink's RewriteIntersectAllRule)
 *   except_all         EXCEPT ALL -> UNION ALL with a marker +1 / -1, its SUM
 *                      per row, the rows where it is positive, replicated that
 *                      many times (Flink's RewriteMinusAllRule)
 *
 * Both set operations end in a Correlate with the built-in table function
 * ReplicateRows(n, c1, .., ck): n copies of (c1, .., ck).
 */
#include "plan/plan.h"
#include "types/compare.h"

#include <string.h>

/* VALUES with more rows than this are not searched for a unique column. */
#define VALUES_UNIQUE_MAX 1024

/* ---- column uniqueness (Flink's FlinkRelMdColumnUniqueness, the cases eddy's Rels have) ----- */

/* Whether the rows of r never repeat the columns cols (cols[i] true: column i
 * is in the set); false also when it is not known. */
static bool columns_unique(Arena *a, const Rel *r, const bool *cols) {
    switch (r->kind) {
    case REL_STREAM_SCAN:
    case REL_TABLE_SCAN: {
        if (r->npk == 0) return false;
        for (int k = 0; k < r->npk; k++)
            if (!cols[r->pk[k]]) return false;
        return true;
    }
    case REL_VALUES: {
        /* one row at most, or a column of distinct values (NULL equal to NULL) */
        const Batch *b = r->values;
        if (r->nrows < 2) return true;
        if (!b || r->nrows > VALUES_UNIQUE_MAX) return false;
        for (int c = 0; c < r->ncols && c < b->ncols; c++) {
            if (!cols[c]) continue;
            bool distinct = true;
            for (uint32_t i = 0; distinct && i < b->count; i++)
                for (uint32_t j = i + 1; distinct && j < b->count; j++)
                    distinct = !eddy__eq_slot(b->cols[c], b->sel ? b->sel[i] : i, b->cols[c], b->sel ? b->sel[j] : j);
            if (distinct) return true;
        }
        return false;
    }
    case REL_FILTER:
    case REL_SORT: return columns_unique(a, r->in[0], cols);
    case REL_PROJECT:
    case REL_CALC: {
        /* only columns passed through as they are keep their input's uniqueness */
        const Rel *in = r->in[0];
        bool *sub = eddy__arena_alloc(a, (size_t)in->ncols + 1);
        if (!sub) return false;
        memset(sub, 0, (size_t)in->ncols + 1);
        bool any = false;
        for (int i = 0; i < r->ncols; i++)
            if (cols[i] && r->exprs[i]->kind == EX_COLUMN) sub[r->exprs[i]->index] = any = true;
        return any && columns_unique(a, in, sub);
    }
    case REL_AGGREGATE: {
        if (r->window) return false;
        for (int i = 0; i < r->ngroup; i++)
            if (!cols[i]) return false;
        return true;
    }
    case REL_JOIN:
        /* a semi / anti join keeps rows of its left side */
        return (r->join == JOIN_SEMI || r->join == JOIN_ANTI) && columns_unique(a, r->in[0], cols);
    case REL_RANK: {
        int rc = r->output_rank ? r->ncols - 1 : -1;
        if (rc < 0) return columns_unique(a, r->in[0], cols);
        bool *sub = eddy__arena_alloc(a, (size_t)r->ncols + 1);
        if (!sub) return false;
        memcpy(sub, cols, (size_t)r->ncols);
        sub[rc] = false;
        if (columns_unique(a, r->in[0], sub)) return true;
        if (r->rank_fn != RANK_ROW_NUMBER || !cols[rc]) return false;
        for (int k = 0; k < r->ngroup; k++)
            if (!cols[r->group[k]]) return false;
        return true;
    }
    default: return false;
    }
}

/* ---- aggregate removal ------------------------------------------------------------------------ */

Rel *eddy__rule_aggregate_remove(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_AGGREGATE || r->ngroup == 0 || r->nsets > 0 || r->window) return NULL;
    for (int i = 0; i < r->naggs; i++) {
        const AggCall *c = &r->aggs[i];
        bool removable = !c->user && (!strcmp(c->fn, "SUM") || !strcmp(c->fn, "MIN") || !strcmp(c->fn, "MAX"));
        if (!removable || c->filter >= 0 || c->nargs != 1) return NULL;
    }
    Arena *a = cx->a;
    const Rel *in = r->in[0];
    bool *keys = eddy__arena_alloc(a, (size_t)in->ncols + 1);
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!keys || !ex) return eddy__rule_fail(cx);
    memset(keys, 0, (size_t)in->ncols + 1);
    for (int i = 0; i < r->ngroup; i++) keys[r->group[i]] = true;
    if (!columns_unique(a, in, keys)) return NULL;
    /* the keys, then each call's argument, cast where the call's type differs */
    for (int i = 0; i < r->ncols; i++) {
        int col = i < r->ngroup ? r->group[i] : r->aggs[i - r->ngroup].args[0];
        Expr *e = eddy__expr_column(a, col, in->types[col]);
        if (!e) return eddy__rule_fail(cx);
        if (!eddy__type_equals(in->types[col], r->types[i], false, false) &&
            eddy__expr_cast(a, e, r->types[i], false, &e, cx->err))
            return eddy__rule_fail(cx);
        ex[i] = e;
    }
    Rel *c = eddy__rel_calc(a, in, r->ncols, ex, r->names, NULL);
    return c ? c : eddy__rule_fail(cx);
}

/* ---- ReplicateRows ------------------------------------------------------------------------------ */

/* ReplicateRows(n, c1, .., ck): n copies of (c1, .., ck); none for n NULL or below 1. */
static eddy_status replicate_rows(void *ctx, const eddy_row *args, eddy_out *out) {
    size_t k = (size_t)(uintptr_t)ctx;
    int64_t n = 0;
    if (eddy_row_is_null(args, 0)) return EDDY_OK;
    eddy_status rc = eddy_row_get_long(args, 0, &n);
    if (rc) return rc;
    for (int64_t i = 0; i < n; i++) {
        for (size_t f = 0; f < k; f++)
            if ((rc = eddy_out_copy_field(out, f, args, f + 1))) return rc;
        if ((rc = eddy_out_emit(out))) return rc;
    }
    return EDDY_OK;
}

/* The function's name in plans, as Flink names its built-in. */
#define REPLICATE_ROWS "$REPLICATE_ROWS$1"

/* The function for rows of k columns named and typed as r's. */
static TableFunc *replicate_rows_fn(Arena *a, const Rel *r) {
    int k = r->ncols;
    TableFunc *tf = eddy__arena_alloc(a, sizeof *tf);
    const char **an = eddy__arena_alloc(a, sizeof(char *) * (size_t)(k + 2));
    const Type **at = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(k + 2));
    if (!tf || !an || !at) return NULL;
    memset(tf, 0, sizeof *tf);
    an[0] = "arg0";
    at[0] = eddy__type_basic(TY_BIGINT, true);
    for (int i = 0; i < k; i++) {
        if (!(an[i + 1] = eddy__arena_printf(a, "arg%d", i + 1))) return NULL;
        at[i + 1] = r->types[i];
    }
    tf->name = REPLICATE_ROWS;
    tf->invocation = REPLICATE_ROWS;
    tf->args_row = eddy__type_row(a, k + 1, an, at, false);
    tf->ncols = k;
    tf->names = r->names;
    tf->types = r->types;
    tf->row = eddy__type_row(a, k, r->names, r->types, false);
    tf->eval = replicate_rows;
    tf->ctx = (void *)(uintptr_t)k;
    return tf->args_row && tf->row ? tf : NULL;
}

/* A name not among names[0..n): name, else name0, name1, .. (Calcite's uniquify). */
static const char *unique_name(Arena *a, const char *name, const char *const *names, int n) {
    for (int s = -1;; s++) {
        const char *cand = s < 0 ? name : eddy__arena_printf(a, "%s%d", name, s);
        if (!cand) return NULL;
        bool taken = false;
        for (int i = 0; i < n && !taken; i++) taken = !strcmp(names[i], cand);
        if (!taken) return cand;
    }
}

/* in's columns 0..k-1 then the extra expressions, named names + extra_names. */
static Rel *marked(RuleCtx *cx, const Rel *in, int k, int nextra, Expr *const *extra, const char *const *extra_names) {
    Arena *a = cx->a;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(k + nextra));
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(k + nextra));
    if (!ex || !nm) return NULL;
    for (int i = 0; i < k; i++) {
        if (!(ex[i] = eddy__expr_column(a, i, in->types[i]))) return NULL;
        nm[i] = in->names[i];
    }
    for (int i = 0; i < nextra; i++) {
        ex[k + i] = extra[i];
        nm[k + i] = extra_names[i];
    }
    return eddy__rel_calc(a, in, k + nextra, ex, nm, NULL);
}

/* The setop's inputs each marked, under one UNION ALL typed as r plus the markers. */
static Rel *marked_union(RuleCtx *cx, const Rel *r, int nm, Expr *const *lm, Expr *const *rm, const char *const *names,
                         const Type *const *mtypes) {
    int k = r->ncols;
    Rel *l = marked(cx, r->in[0], k, nm, lm, names), *rr = marked(cx, r->in[1], k, nm, rm, names);
    Rel *u = eddy__rel_new(cx->a, REL_UNION, k + nm, 2);
    if (!l || !rr || !u) return NULL;
    u->in[0] = l;
    u->in[1] = rr;
    for (int i = 0; i < k + nm; i++) {
        u->names[i] = l->names[i];
        u->types[i] = i < k ? r->types[i] : mtypes[i - k];
    }
    u->changelog = l->changelog | r->in[1]->changelog;
    return u;
}

/* An Aggregate of u by its first k columns with the calls aggs[0..na). */
static Rel *group_by_row(RuleCtx *cx, const Rel *u, int k, int na, const AggCall *aggs) {
    int *grp = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(k + 1));
    if (!grp) return NULL;
    for (int i = 0; i < k; i++) grp[i] = i;
    return eddy__rule_aggregate(cx, u, k, grp, na, aggs);
}

/* Over g (the row's k columns, then the counts), the rows where cond holds
 * as (count, the k columns), then Correlate(ReplicateRows) and the
 * replicated columns named as r's. */
static Rel *replicate(RuleCtx *cx, const Rel *r, const Rel *g, Expr *count, const char *count_name, Expr *cond) {
    Arena *a = cx->a;
    int k = r->ncols, n = 2 * k + 1;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(k + 1));
    const char **nm = eddy__arena_alloc(a, sizeof(char *) * (size_t)(k + 1));
    if (!ex || !nm) return NULL;
    ex[0] = count;
    nm[0] = count_name;
    for (int i = 0; i < k; i++) {
        if (!(ex[i + 1] = eddy__expr_column(a, i, g->types[i]))) return NULL;
        nm[i + 1] = g->names[i];
    }
    Rel *c = eddy__rel_calc(a, g, k + 1, ex, nm, cond);
    TableFunc *tf = replicate_rows_fn(a, r);
    Rel *cor = eddy__rel_new(a, REL_CORRELATE, n, 1);
    const Expr **args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(k + 1));
    const Expr **top = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)k);
    if (!c || !tf || !cor || !args || !top) return NULL;
    cor->in[0] = c;
    for (int i = 0; i <= k; i++) {
        cor->names[i] = c->names[i];
        cor->types[i] = c->types[i];
        if (!(args[i] = eddy__expr_column(a, i, c->types[i]))) return NULL;
    }
    for (int i = 0; i < k; i++) {
        if (!(cor->names[k + 1 + i] = unique_name(a, r->names[i], cor->names, k + 1 + i))) return NULL;
        cor->types[k + 1 + i] = r->types[i];
        if (!(top[i] = eddy__expr_column(a, k + 1 + i, r->types[i]))) return NULL;
    }
    cor->join = JOIN_INNER;
    cor->tfunc = tf;
    cor->nargs = k + 1;
    cor->exprs = args;
    cor->changelog = c->changelog;
    return eddy__rel_calc(a, cor, k, top, r->names, NULL);
}

static Expr *call2(RuleCtx *cx, const char *fn, Expr *x, Expr *y) {
    Expr *args[2] = {x, y}, *out;
    return x && y && !eddy__expr_call_name(cx->a, fn, args, 2, &out, cx->err) ? out : NULL;
}

static Expr *int_literal(Arena *a, TypeRoot root, int64_t v) {
    Value val = {.type = eddy__type_basic(root, false)};
    val.u.i = v;
    return eddy__expr_literal(a, &val);
}

static Expr *bool_literal(Arena *a, bool null) {
    Value val = {.type = eddy__type_basic(TY_BOOLEAN, null), .is_null = null};
    val.u.b = true;
    return eddy__expr_literal(a, &val);
}

Rel *eddy__rule_intersect_all(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_SETOP || r->setop != SETOP_INTERSECT || !r->all) return NULL;
    Arena *a = cx->a;
    int k = r->ncols;
    static const char *const markers[2] = {"vcol_left_marker", "vcol_right_marker"};
    Expr *lm[2] = {bool_literal(a, false), bool_literal(a, true)};
    Expr *rm[2] = {bool_literal(a, true), bool_literal(a, false)};
    const Type *bt = eddy__type_basic(TY_BOOLEAN, true), *mt[2] = {bt, bt};
    if (!lm[0] || !lm[1] || !rm[0] || !rm[1]) return eddy__rule_fail(cx);
    Rel *u = marked_union(cx, r, 2, lm, rm, markers, mt);
    if (!u) return eddy__rule_fail(cx);
    int *args = eddy__arena_alloc(a, sizeof(int) * 2);
    if (!args) return eddy__rule_fail(cx);
    args[0] = k;
    args[1] = k + 1;
    const Type *cnt = eddy__type_basic(TY_BIGINT, false);
    AggCall calls[2] = {{.fn = "COUNT", .nargs = 1, .args = &args[0], .filter = -1, .type = cnt, .name = "vcol_left_cnt"},
                        {.fn = "COUNT", .nargs = 1, .args = &args[1], .filter = -1, .type = cnt, .name = "vcol_right_cnt"}};
    Rel *g = group_by_row(cx, u, k, 2, calls);
    if (!g) return eddy__rule_fail(cx);
    /* the rows both sides have, with the smaller count first */
    Expr *lc = eddy__expr_column(a, k, cnt), *rc = eddy__expr_column(a, k + 1, cnt);
    Expr *cond = call2(cx, "AND", call2(cx, ">=", lc, int_literal(a, TY_INT, 1)),
                       call2(cx, ">=", rc, int_literal(a, TY_INT, 1)));
    Expr *gt = call2(cx, ">", lc, rc);
    Expr *ifx = eddy__arena_alloc(a, sizeof *ifx), **ifargs = eddy__arena_alloc(a, sizeof(Expr *) * 3);
    if (!cond || !gt || !ifx || !ifargs) return eddy__rule_fail(cx);
    ifargs[0] = gt;
    ifargs[1] = rc;
    ifargs[2] = lc;
    *ifx = (Expr){.kind = EX_CASE, .type = cnt, .nargs = 3, .args = ifargs, .fn_data = "IF"};
    Rel *out = replicate(cx, r, g, ifx, "$f0", cond);
    return out ? out : eddy__rule_fail(cx);
}

Rel *eddy__rule_except_all(RuleCtx *cx, const Rel *r) {
    if (r->kind != REL_SETOP || r->setop != SETOP_EXCEPT || !r->all) return NULL;
    Arena *a = cx->a;
    int k = r->ncols;
    static const char *const marker[1] = {"vcol_marker"};
    const Type *bigint = eddy__type_basic(TY_BIGINT, false), *mt[1] = {bigint};
    Expr *lm[1] = {int_literal(a, TY_BIGINT, 1)}, *rm[1] = {int_literal(a, TY_BIGINT, -1)};
    if (!lm[0] || !rm[0]) return eddy__rule_fail(cx);
    Rel *u = marked_union(cx, r, 1, lm, rm, marker, mt);
    int *arg = eddy__arena_alloc(a, sizeof(int));
    if (!u || !arg) return eddy__rule_fail(cx);
    *arg = k;
    const Type *sum = eddy__type_basic(TY_BIGINT, true);
    AggCall call = {.fn = "SUM", .nargs = 1, .args = arg, .filter = -1, .type = sum, .name = "sum_vcol_marker"};
    Rel *g = group_by_row(cx, u, k, 1, &call);
    if (!g) return eddy__rule_fail(cx);
    /* the rows the left side has more often */
    Expr *s = eddy__expr_column(a, k, sum);
    Expr *cond = call2(cx, ">", s, int_literal(a, TY_INT, 0));
    Rel *out = cond ? replicate(cx, r, g, s, "sum_vcol_marker", cond) : NULL;
    return out ? out : eddy__rule_fail(cx);
}
