/*
 * phys_explain.c -- physical nodes as Flink's plans print them: each
 * kind's name and terms (its explainTerms) in the digest form of the
 * optimized physical plan (>(a, 10), _UTF-16LE'x') and the infix form of the
 * optimized execution plan and of error messages ((a > 10), 'x'); the tree
 * with Calcite's +- / :- prefixes, CHANGELOG_MODE's changelogMode=[I,UB,UA,D]
 * and ESTIMATED_COST's row counts and cumulative costs (Flink's default
 * estimates for sources without statistics: 1.0E8 rows, selectivities 0.5
 * for comparisons, 0.15 for equality, 0.05 for LIKE, row sizes by type).
 */
#include "plan/explain_int.h"
#include "plan/phys.h"
#include "types/format.h"

const char *eddy__phys_name(const PhysNode *n) { return eddy__phys_kinds[n->kind].name; }

/* The name in the optimized physical plan: a deduplication is a Rank there
 * (Flink's StreamPhysicalRank), a Deduplicate in the execution plan. */
static const char *plan_name(const PhysNode *n, bool exec) {
    return n->kind == PK_DEDUPLICATE && !exec ? "Rank" : eddy__phys_name(n);
}

/* ---- pieces --------------------------------------------------------------------------------- */

static void cols(Buf *b, int n, const int *idx, const char *const *names) {
    for (int i = 0; i < n; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", names[idx[i]]);
}

/* Whether a Rank sorts on a single rowtime attribute (Flink prints ROWTIME). */
static bool on_rowtime(const PhysNode *n) {
    return n->norder == 1 && n->nin && n->in[0]->types[n->order[0]]->timeattr == TA_ROWTIME;
}

static void order_by(Buf *b, const PhysNode *n, const char *const *in_names) {
    if ((n->kind == PK_RANK || n->kind == PK_DEDUPLICATE) && on_rowtime(n)) eddy__buf_puts(b, "ROWTIME ");
    for (int i = 0; i < n->norder; i++)
        eddy__buf_printf(b, "%s%s %s", i ? ", " : "", in_names[n->order[i]], n->desc[i] ? "DESC" : "ASC");
}

/* The partition keys of a window operator but its window_start / window_end. */
static void window_free_cols(Buf *b, const PhysNode *n, const char *const *names) {
    bool first = true;
    bool window = n->kind == PK_WINDOW_RANK || n->kind == PK_WINDOW_DEDUPLICATE;
    for (int i = 0; i < n->ngroup; i++) {
        if (window && (n->group[i] == n->win_start[0] || n->group[i] == n->win_end[0])) continue;
        eddy__buf_printf(b, "%s%s", first ? "" : ", ", names[n->group[i]]);
        first = false;
    }
}

/* The attached window of input `side` of n, its columns as win_start / win_end. */
static void side_window(Buf *b, const PhysNode *n, int side) {
    const PhysNode *in = n->in[side];
    WindowInfo wi;
    if (eddy__phys_window_col(in, n->win_end[side], &wi) < 0) return;
    eddy__attached_window_text(b, wi.window, in->names[n->win_start[side]], in->names[n->win_end[side]]);
}

/* "window=[TUMBLE(win_start=[..], win_end=[..], size=[..])], " of a window operator. */
static void window_attached(Buf *b, const PhysNode *n) {
    eddy__buf_puts(b, "window=[");
    side_window(b, n, 0);
    eddy__buf_puts(b, "], ");
}

static const char *join_type(JoinType jt) {
    static const char *names[] = {"InnerJoin", "LeftOuterJoin", "RightOuterJoin", "FullOuterJoin", "LeftSemiJoin",
                                  "LeftAntiJoin"};
    return names[jt];
}

/* The field names a join's condition sees: left then right, made unique
 * as Calcite's row type makes them (name0, name1, ...); a semi or anti
 * join's columns are only the left ones. */
static const char **join_fields(Arena *a, const PhysNode *j) {
    const PhysNode *l = j->in[0], *r = j->in[1];
    /* a join's own columns are both inputs' as the query named them */
    if (j->ncols == l->ncols + r->ncols) return (const char **)j->names;
    int n = l->ncols + r->ncols;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    if (!names) return NULL;
    for (int i = 0; i < l->ncols; i++) names[i] = l->names[i];
    for (int i = 0; i < r->ncols; i++) {
        const char *base = r->names[i], *name = base;
        for (int k = 0;; k++) {
            bool taken = false;
            for (int m = 0; m < l->ncols + i && !taken; m++) taken = !strcmp(names[m], name);
            if (!taken) break;
            if (!(name = eddy__arena_printf(a, "%s%d", base, k))) return NULL;
        }
        names[l->ncols + i] = name;
    }
    return names;
}

/* Whether an aggregate's calls consume retractions: its input updates or deletes. */
static bool retracting(const PhysNode *agg) {
    /* a global phase retracts when its local phase's input does (the local rows are inserts) */
    if (agg->kind == PK_GLOBAL_GROUP_AGGREGATE || agg->kind == PK_INCREMENTAL_GROUP_AGGREGATE)
        for (const PhysNode *l = agg->in[0]; l->nin; l = l->in[0])
            if (l->kind == PK_LOCAL_GROUP_AGGREGATE) return retracting(l);
    return agg->nin && (agg->in[0]->modify & ~CL_INSERT);
}

/* SUM(b), COUNT(DISTINCT c) FILTER $f2, MAX_RETRACT(a): a call over input names. */
static void agg_call(Buf *b, const PhysAgg *pa, const char *const *in, bool retract, const char *distinct_view) {
    const AggCall *ac = &pa->call;
    eddy__buf_printf(b, "%s%s(", ac->fn, retract ? "_RETRACT" : "");
    if (distinct_view) eddy__buf_printf(b, "%s%s", distinct_view, ac->nargs ? " " : "");
    else if (ac->distinct) eddy__buf_puts(b, ac->nargs ? "DISTINCT " : "DISTINCT");
    if (ac->nargs) cols(b, ac->nargs, ac->args, in);
    else eddy__buf_putc(b, '*');
    eddy__buf_putc(b, ')');
    if (ac->filter >= 0) eddy__buf_printf(b, " FILTER %s", in[ac->filter]);
}

/* "f AS o" unless they are the same. */
static void as(Buf *b, const char *f, const char *o) {
    eddy__buf_puts(b, f);
    if (strcmp(f, o)) eddy__buf_printf(b, " AS %s", o);
}

/* A WindowAggregate with its window table function merged in, or over an attached window. */
static void window_agg_terms(Buf *b, const PhysNode *n) {
    const PhysNode *in = n->in[0];
    if (n->ngroup) {
        eddy__buf_puts(b, "groupBy=[");
        cols(b, n->ngroup, n->group, in->names);
        eddy__buf_puts(b, "], ");
    }
    eddy__buf_puts(b, "window=[");
    /* a session's partition keys are the GROUP BY keys (phys_build.c) */
    const char *keys[64];
    int nk = n->window->kind == WIN_SESSION && n->ngroup <= 64 ? n->ngroup : 0;
    for (int k = 0; k < nk; k++) keys[k] = in->names[n->group[k]];
    if (n->attached) eddy__attached_window_text(b, n->window, in->names[n->win_start[0]], in->names[n->win_end[0]]);
    else eddy__window_spec(b, n->window, in->names[n->rowtime], nk, keys);
    eddy__buf_puts(b, "], select=[");
    for (int k = 0; k < n->ngroup; k++) eddy__buf_printf(b, "%s%s", k ? ", " : "", in->names[n->group[k]]);
    for (int i = 0; i < n->naggs; i++) {
        if (n->ngroup || i) eddy__buf_puts(b, ", ");
        agg_call(b, &n->aggs[i], in->names, false, NULL);
        eddy__buf_printf(b, " AS %s", n->names[n->ngroup + i]);
    }
    static const char *prop[] = {"start", "end", "rowtime"};
    for (int p = 0; p < n->window_props; p++)
        eddy__buf_printf(b, "%s%s('w$) AS %s", n->ngroup + n->naggs + p ? ", " : "", prop[p],
                         n->names[n->ngroup + n->naggs + p]);
    eddy__buf_putc(b, ']');
}

/* A stream GroupAggregate's (or Local / Global's) select list. */
static void stream_agg_select(Buf *b, Arena *a, const PhysNode *n) {
    const PhysNode *in = n->in[0];
    bool retract = retracting(n);
    bool local = n->kind == PK_LOCAL_GROUP_AGGREGATE;
    bool global = n->kind == PK_GLOBAL_GROUP_AGGREGATE || n->kind == PK_INCREMENTAL_GROUP_AGGREGATE;
    int pos = 0;
    for (int k = 0; k < n->ngroup; k++, pos++) {
        if (pos) eddy__buf_puts(b, ", ");
        as(b, in->names[n->group[k]], n->names[k]);
    }
    for (int i = 0; i < n->naggs; i++, pos++) {
        const PhysAgg *pa = &n->aggs[i];
        Buf f;
        eddy__buf_init(&f);
        const char *view = pa->distinct >= 0 ? eddy__arena_printf(a, "distinct$%d", pa->distinct) : NULL;
        if (global) {
            eddy__buf_printf(&f, "%s%s(", pa->call.fn, retract ? "_RETRACT" : "");
            if (view) eddy__buf_printf(&f, "%s ", view);
            eddy__buf_printf(&f, "%s)", pa->acc ? pa->acc : "?");
        } else {
            agg_call(&f, pa, in->names, retract, local ? view : NULL);
        }
        if (pos) eddy__buf_puts(b, ", ");
        bool acc_named = local || n->kind == PK_INCREMENTAL_GROUP_AGGREGATE;
        as(b, eddy__buf_cstr(&f), acc_named ? (pa->acc ? pa->acc : "?") : n->names[n->ngroup + i]);
        eddy__buf_free(&f);
    }
    if (local && n->count1)
        eddy__buf_printf(b, "%sCOUNT_RETRACT(*) AS %s", pos++ ? ", " : "", n->names[n->ncols - n->ndistinct - 1]);
    if (n->kind == PK_INCREMENTAL_GROUP_AGGREGATE) {
        /* over retractions the partial local phase's record counter goes on */
        const PhysNode *pl = in;
        while (pl->nin && pl->kind != PK_LOCAL_GROUP_AGGREGATE) pl = pl->in[0];
        if (pl->kind == PK_LOCAL_GROUP_AGGREGATE && pl->count1) {
            const char *c1 = pl->names[pl->ncols - pl->ndistinct - 1];
            eddy__buf_printf(b, "%sCOUNT_RETRACT(%s) AS %s", pos++ ? ", " : "", c1, c1);
        }
    }
    if (local)
        for (int d = 0; d < n->ndistinct; d++) {
            eddy__buf_printf(b, "%sDISTINCT(", pos++ ? ", " : "");
            cols(b, n->distincts[d].n, n->distincts[d].cols, in->names);
            eddy__buf_printf(b, ") AS distinct$%d", d);
        }
}

/* A batch HashAggregate's / SortAggregate's select list (Flink's groupAggregationToString). */
static void batch_agg_select(Buf *b, const PhysNode *n, bool local) {
    const PhysNode *in = n->in[0];
    const char *prefix = n->merge ? "Final_" : local ? "Partial_" : "";
    int pos = 0;
    for (int k = 0; k < n->ngroup; k++, pos++) {
        const char *f = in->names[n->group[k]], *o = n->names[k];
        eddy__buf_printf(b, "%s%s", pos ? ", " : "", strcmp(f, o) ? prefix : "");
        as(b, f, o);
    }
    for (int i = 0; i < n->naggs; i++, pos++) {
        const PhysAgg *pa = &n->aggs[i];
        Buf f;
        eddy__buf_init(&f);
        if (n->merge) {
            /* the accumulator fields, without the parentheses */
            const char *acc = pa->acc ? pa->acc : "?";
            size_t len = strlen(acc);
            if (acc[0] == '(' && len > 1) {
                acc++;
                len -= 2;
            }
            eddy__buf_printf(&f, "%s(", pa->call.fn);
            eddy__buf_put(&f, acc, len);
            eddy__buf_putc(&f, ')');
        } else {
            agg_call(&f, pa, in->names, false, NULL);
        }
        const char *o = local ? (pa->acc ? pa->acc : "?") : n->names[n->ngroup + i];
        eddy__buf_printf(b, "%s%s%s", pos ? ", " : "", strcmp(eddy__buf_cstr(&f), o) ? prefix : "", eddy__buf_cstr(&f));
        if (strcmp(eddy__buf_cstr(&f), o)) eddy__buf_printf(b, " AS %s", o);
        eddy__buf_free(&f);
    }
}

static void rank_range(Buf *b, const PhysNode *n) {
    eddy__buf_printf(b, "rankRange=[rankStart=%lld, rankEnd=%lld]", (long long)n->rank_start, (long long)n->rank_end);
}

static const char *rank_type(RankFn f) {
    return f == RANK_ROW_NUMBER ? "ROW_NUMBER" : f == RANK_RANK ? "RANK" : "DENSE_RANK";
}

static void strategy(Buf *b, const PhysNode *n) {
    if (n->strategy == RS_APPEND_FAST) eddy__buf_puts(b, "AppendFastStrategy");
    else if (n->strategy == RS_RETRACT) eddy__buf_puts(b, "RetractStrategy");
    else {
        eddy__buf_puts(b, "UpdateFastStrategy[");
        for (int i = 0; i < n->strategy_key.n; i++) eddy__buf_printf(b, "%s%d", i ? "," : "", n->strategy_key.cols[i]);
        eddy__buf_putc(b, ']');
    }
}

static void fetch(Buf *b, const PhysNode *n) {
    eddy__buf_printf(b, "offset=[%lld], fetch=[", (long long)(n->offset > 0 ? n->offset : 0));
    if (n->fetch >= 0) eddy__buf_printf(b, "%lld]", (long long)n->fetch);
    else eddy__buf_puts(b, "unlimited]");
}

/* Calc(select=[a, +(b, 1) AS c], where=[>(a, 10)]). */
static void calc_terms(Buf *b, const PhysNode *n, ExprStyle st) {
    const char *const *in = n->in[0]->names;
    eddy__buf_puts(b, "select=[");
    for (int i = 0; i < n->ncols; i++) {
        if (i) eddy__buf_puts(b, ", ");
        eddy__plan_expr_text(b, n->exprs[i], in, st);
        bool same = n->exprs[i]->kind == EX_COLUMN && !strcmp(in[n->exprs[i]->index], n->names[i]);
        if (!same) eddy__buf_printf(b, " AS %s", n->names[i]);
    }
    eddy__buf_putc(b, ']');
    if (n->cond) {
        eddy__buf_puts(b, ", where=[");
        eddy__plan_expr_text(b, n->cond, in, st);
        eddy__buf_putc(b, ']');
    }
}

/* Correlate(invocation=[..], correlate=[table(..)], select=[..], rowType=[..], joinType=[INNER]). */
static void correlate_terms(Buf *b, Arena *a, const PhysNode *n) {
    const Rel *r = n->rel, *in = r->in[0];
    const char **cor = eddy__explain_cor_names(a, in);
    if (!cor) return;
    eddy__buf_puts(b, "invocation=[");
    eddy__explain_invocation(b, r, cor);
    eddy__buf_puts(b, "], correlate=[table(");
    if (r->tfunc) {
        eddy__buf_printf(b, "%s(", r->tfunc->name);
        for (int i = 0; i < r->nargs; i++) {
            if (i) eddy__buf_putc(b, ',');
            eddy__plan_expr_text(b, r->exprs[i], in->names, XS_INFIX);
        }
        eddy__buf_putc(b, ')');
    } else {
        eddy__explain_invocation(b, r, cor);
    }
    eddy__buf_puts(b, ")], select=[");
    for (int i = 0; i < r->ncols; i++) eddy__buf_printf(b, "%s%s", i ? "," : "", r->names[i]);
    eddy__buf_puts(b, "], rowType=[");
    eddy__explain_record_type(b, r, 0, r->ncols);
    eddy__buf_printf(b, "], joinType=[%s]", r->join == JOIN_LEFT ? "LEFT" : "INNER");
}

static void expand_terms(Buf *b, const PhysNode *n) {
    const PhysNode *in = n->in[0];
    eddy__buf_puts(b, "projects=[");
    for (int s = 0; s < n->nsets; s++) {
        eddy__buf_puts(b, s ? ", {" : "{");
        for (int i = 0; i < in->ncols; i++) {
            int key = -1;
            for (int k = 0; k < n->ngroup; k++)
                if (n->group[k] == i) key = k;
            bool null = key >= 0 && !(n->sets[s] & (1ULL << key));
            eddy__buf_printf(b, "%s%s%s", i ? ", " : "", null ? "null AS " : "", in->names[i]);
        }
        int64_t id = 0;
        for (int k = 0; k < n->ngroup; k++)
            if (!(n->sets[s] & (1ULL << k))) id |= (int64_t)1 << (n->ngroup - 1 - k);
        eddy__buf_printf(b, ", %lld AS $e}", (long long)id);
    }
    eddy__buf_putc(b, ']');
}

/* The terms of a Rel digest "Name(terms)" the binder wrote (time kinds). */
static void digest_terms(Buf *b, const PhysNode *n) {
    const char *d = n->rel ? n->rel->digest : NULL;
    const char *open = d ? strchr(d, '(') : NULL;
    size_t len = open ? strlen(open + 1) : 0;
    if (len && open[len] == ')') eddy__buf_put(b, open + 1, len - 1);
    else if (n->rel) {
        eddy__buf_puts(b, "select=[");
        eddy__explain_names(b, n->ncols, n->names);
        eddy__buf_putc(b, ']');
    }
}

static void and_list(const Expr *e, const Expr **out, int *n, int cap);
static const Expr *and_of(Arena *a, const Expr **in, int n);

/* Whether e is `l = r` of left column l and right column r (either way round). */
static bool equals_cols(const Expr *e, int l, int r) {
    if (e->kind != EX_CALL || !e->fn || strcmp(e->fn->name, "=") || e->nargs != 2) return false;
    const Expr *x = e->args[0], *y = e->args[1];
    return x->kind == EX_COLUMN && y->kind == EX_COLUMN &&
           ((x->index == l && y->index == r) || (x->index == r && y->index == l));
}

/* A window join's condition as Flink prints it: without the equalities of
 * the two window_starts and the two window_ends (NULL: none is left). */
static const Expr *window_join_rest(Arena *a, const PhysNode *n) {
    const Expr *cs[64];
    int nc = 0, m = 0, nl = n->in[0]->ncols;
    and_list(n->join_cond, cs, &nc, 64);
    for (int i = 0; i < nc; i++)
        if (!equals_cols(cs[i], n->win_start[0], nl + n->win_start[1]) &&
            !equals_cols(cs[i], n->win_end[0], nl + n->win_end[1]))
            cs[m++] = cs[i];
    return m ? and_of(a, cs, m) : NULL;
}

static void join_terms(Buf *b, Arena *a, const PhysNode *n, ExprStyle st) {
    const char **fields = join_fields(a, n);
    eddy__buf_printf(b, "joinType=[%s], ", join_type(n->join));
    if (n->kind == PK_INTERVAL_JOIN) eddy__interval_bounds_text(b, n);
    eddy__buf_puts(b, "where=[");
    const Expr *cond = n->kind == PK_WINDOW_JOIN ? window_join_rest(a, n) : n->join_cond;
    if (n->kind == PK_TEMPORAL_JOIN && fields) eddy__temporal_where_text(b, n, fields, st);
    else if (cond && fields) eddy__plan_expr_text(b, cond, fields, st);
    else eddy__buf_puts(b, "true");
    eddy__buf_puts(b, "], select=[");
    eddy__explain_names(b, n->ncols, n->names);
    eddy__buf_putc(b, ']');
}

static void and_list(const Expr *e, const Expr **out, int *n, int cap) {
    if (e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "AND")) {
        for (int i = 0; i < e->nargs; i++) and_list(e->args[i], out, n, cap);
    } else if (e && *n < cap) {
        out[(*n)++] = e;
    }
}

/* The conjuncts in[0..n) as one condition (an AND of them). */
static const Expr *and_of(Arena *a, const Expr **in, int n) {
    if (n == 1) return in[0];
    Expr *e = NULL;
    EdErr err = {0};
    eddy_status rc = eddy__expr_call_name(a, "AND", (Expr **)in, n, &e, &err);
    eddy__err_clear(&err);
    return rc ? NULL : e;
}

/* LookupJoin(table=[..], joinType=[..], lookup=[tfield=lfield, tfield=literal, ..],
 * where=[..], joinCondition=[..], select=[..]): where is what reads the
 * table's row only (Flink's calc on the temporal table), joinCondition the
 * rest; the lookup keys and where name the table's own fields. */
static void lookup_terms(Buf *b, Arena *a, const PhysNode *n, ExprStyle st) {
    const TableEntry *t = n->table;
    const PhysNode *in = n->in[0];
    int nl = in->ncols;
    eddy__buf_printf(b, "table=[%s], joinType=[%s], lookup=[", t->def.path, join_type(n->join));
    for (int k = 0; k < n->njk; k++) {
        eddy__buf_printf(b, "%s%s=", k ? ", " : "", t->phys_names[n->rkeys[k]]);
        /* a constant key as its literal's digest, in every section */
        if (n->lkeys[k] < 0) eddy__plan_expr_text(b, n->exprs[k], in->names, XS_DIGEST);
        else eddy__buf_puts(b, in->names[n->lkeys[k]]);
    }
    eddy__buf_putc(b, ']');
    enum { CAP = 64 };
    const Expr *all[CAP], *where[CAP], *rest[CAP];
    int nall = 0, nw = 0, nr = 0;
    and_list(n->cond, all, &nall, CAP);
    for (int i = 0; i < nall; i++) {
        if (eddy__phys_right_only(all[i], nl)) where[nw++] = all[i];
        else rest[nr++] = all[i];
    }
    const char **tf = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nl + t->nphys + 1));
    if (!tf) return;
    for (int i = 0; i < nl; i++) tf[i] = in->names[i];
    for (int i = 0; i < t->nphys; i++) tf[nl + i] = t->phys_names[i];
    const Expr *e;
    if (nw && (e = and_of(a, where, nw))) {
        eddy__buf_puts(b, ", where=[");
        eddy__plan_expr_text(b, e, tf, st);
        eddy__buf_putc(b, ']');
    }
    if (nr && (e = and_of(a, rest, nr))) {
        eddy__buf_puts(b, ", joinCondition=[");
        eddy__plan_expr_text(b, e, n->names, st);
        eddy__buf_putc(b, ']');
    }
    eddy__buf_puts(b, ", select=[");
    if (nw) eddy__explain_names(b, nl + t->nphys, tf);
    else eddy__explain_names(b, n->ncols, n->names);
    eddy__buf_putc(b, ']');
}

/* An OVER frame bound as Flink prints it: UNBOUNDED PRECEDING, 2 PRECEDING,
 * CURRENT ROW, ... (RANGE offsets in milliseconds). */
static void over_bound(Buf *b, int64_t v, const char *dir) {
    if (v < 0) eddy__buf_printf(b, "UNBOUNDED %s", dir);
    else if (v == 0) eddy__buf_puts(b, "CURRENT ROW");
    else eddy__buf_printf(b, "%lld %s", (long long)v, dir);
}

/* ROWS BETWEEN 2 PRECEDING AND CURRENT ROW, as Flink's OverAggregate
 * prints a window group (the default frame: RANGE UNBOUNDED PRECEDING ..
 * CURRENT ROW with an ORDER BY, the whole partition without). */
static void over_frame(Buf *b, const OverSpec *os) {
    int64_t lower = os->frame ? os->lower : -1, upper = os->frame ? os->upper : os->norder ? 0 : -1;
    eddy__buf_printf(b, "%s BETWEEN ", os->frame == 1 ? "ROWS" : "RANGE");
    over_bound(b, lower, "PRECEDING");
    eddy__buf_puts(b, " AND ");
    over_bound(b, upper, "FOLLOWING");
}

void eddy__phys_terms(Buf *b, const PhysNode *n, ExprStyle st) {
    Arena a;
    eddy__arena_init(&a, 4096);
    const PhysNode *in = n->nin ? n->in[0] : NULL;
    switch (n->kind) {
    case PK_TABLE_SOURCE_SCAN:
    case PK_DATA_STREAM_SCAN:
        eddy__buf_puts(b, "table=[[");
        eddy__explain_table_list(b, eddy__explain_scan_table(n->rel));
        if (n->kind == PK_TABLE_SOURCE_SCAN && n->watermark) {
            /* Flink's WatermarkPushDownSpec digest */
            eddy__buf_puts(b, ", watermark=[");
            eddy__plan_expr_text(b, n->watermark, n->names, XS_DIGEST);
            eddy__buf_putc(b, ']');
            if (n->interval_ms > 0) eddy__buf_printf(b, ", idletimeout=[%lld]", (long long)n->interval_ms);
            eddy__buf_puts(b, ", watermarkEmitStrategy=[on-periodic]");
        }
        eddy__buf_puts(b, "]], fields=[");
        eddy__explain_names(b, n->ncols, n->names);
        eddy__buf_putc(b, ']');
        break;
    case PK_VALUES:
        /* STREAMING's physical plan: Calcite's digest with the row type;
         * BATCH's (both plans): the field names after the tuples */
        if (st == XS_DIGEST && !n->batch_values) {
            eddy__buf_puts(b, "type=[RecordType(");
            for (int i = 0; i < n->ncols; i++) {
                if (i) eddy__buf_puts(b, ", ");
                eddy__explain_calcite_type(b, n->types[i]);
                eddy__buf_printf(b, " %s", n->names[i]);
            }
            if (!n->ncols) eddy__buf_puts(b, "INTEGER ZERO");
            eddy__buf_puts(b, ")], ");
        }
        eddy__buf_puts(b, "tuples=[");
        eddy__explain_tuples(b, n->rel);
        eddy__buf_putc(b, ']');
        if (n->batch_values) {
            eddy__buf_puts(b, ", values=[");
            if (n->ncols) eddy__explain_names(b, n->ncols, n->names);
            else eddy__buf_puts(b, "ZERO");
            eddy__buf_putc(b, ']');
        }
        break;
    case PK_CALC: calc_terms(b, n, st); break;
    case PK_CORRELATE: correlate_terms(b, &a, n); break;
    case PK_UNION:
        eddy__buf_puts(b, "all=[true], union=[");
        eddy__explain_names(b, n->ncols, n->names);
        eddy__buf_putc(b, ']');
        break;
    case PK_EXCHANGE:
        if (n->dist == DIST_HASH) {
            eddy__buf_puts(b, "distribution=[hash[");
            cols(b, n->nkeys, n->keys, in->names);
            eddy__buf_puts(b, "]]");
        } else {
            eddy__buf_printf(b, "distribution=[%s]", n->dist == DIST_SINGLE ? "single" : "broadcast");
        }
        break;
    case PK_EXPAND: expand_terms(b, n); break;
    case PK_WATERMARK_ASSIGNER:
        eddy__buf_printf(b, "rowtime=[%s], watermark=[", n->rowtime >= 0 ? n->names[n->rowtime] : "?");
        eddy__plan_expr_text(b, n->watermark, in->names, st);
        eddy__buf_putc(b, ']');
        break;
    case PK_MINI_BATCH_ASSIGNER:
        eddy__buf_printf(b, "interval=[%lldms], mode=[%s]", (long long)n->interval_ms, n->mb_rowtime ? "RowTime" : "ProcTime");
        break;
    case PK_GROUP_AGGREGATE:
    case PK_LOCAL_GROUP_AGGREGATE:
    case PK_GLOBAL_GROUP_AGGREGATE:
    case PK_INCREMENTAL_GROUP_AGGREGATE:
        if (n->kind == PK_INCREMENTAL_GROUP_AGGREGATE) {
            /* the partial keys, then the final ones (columns of its input) */
            eddy__buf_puts(b, "partialAggGrouping=[");
            cols(b, n->nkeys, n->keys, in->names);
            eddy__buf_puts(b, "], finalAggGrouping=[");
            cols(b, n->ngroup, n->group, in->names);
            eddy__buf_puts(b, "], ");
        } else if (n->ngroup) {
            eddy__buf_puts(b, "groupBy=[");
            cols(b, n->ngroup, n->group, in->names);
            eddy__buf_puts(b, "], ");
        }
        if (n->partial_final)
            eddy__buf_printf(b, "partialFinalType=[%s], ", n->partial_final == PF_PARTIAL ? "PARTIAL" : "FINAL");
        eddy__buf_puts(b, "select=[");
        stream_agg_select(b, &a, n);
        eddy__buf_putc(b, ']');
        break;
    case PK_HASH_AGGREGATE:
    case PK_SORT_AGGREGATE:
    case PK_LOCAL_HASH_AGGREGATE:
    case PK_LOCAL_SORT_AGGREGATE: {
        bool local = n->kind == PK_LOCAL_HASH_AGGREGATE || n->kind == PK_LOCAL_SORT_AGGREGATE;
        if (!local) eddy__buf_printf(b, "isMerge=[%s], ", n->merge ? "true" : "false");
        if (n->ngroup) {
            eddy__buf_puts(b, "groupBy=[");
            cols(b, n->ngroup, n->group, in->names);
            eddy__buf_puts(b, "], ");
        }
        eddy__buf_puts(b, "select=[");
        batch_agg_select(b, n, local);
        eddy__buf_putc(b, ']');
        break;
    }
    case PK_JOIN:
        join_terms(b, &a, n, st);
        {
            static const char *spec[] = {"NoUniqueKey", "HasUniqueKey", "JoinKeyContainsUniqueKey"};
            eddy__buf_printf(b, ", leftInputSpec=[%s], rightInputSpec=[%s]", spec[eddy__phys_join_input_spec(&a, n, 0)],
                             spec[eddy__phys_join_input_spec(&a, n, 1)]);
        }
        break;
    case PK_WINDOW_JOIN:
        eddy__buf_puts(b, "leftWindow=[");
        side_window(b, n, 0);
        eddy__buf_puts(b, "], rightWindow=[");
        side_window(b, n, 1);
        eddy__buf_puts(b, "], ");
        join_terms(b, &a, n, st);
        break;
    case PK_INTERVAL_JOIN:
    case PK_TEMPORAL_JOIN:
    case PK_SORT_MERGE_JOIN: join_terms(b, &a, n, st); break;
    case PK_LOOKUP_JOIN: lookup_terms(b, &a, n, st); break;
    case PK_HASH_JOIN:
    case PK_NESTED_LOOP_JOIN:
        join_terms(b, &a, n, st);
        if (n->broadcast && n->kind == PK_HASH_JOIN) eddy__buf_puts(b, ", isBroadcast=[true]");
        eddy__buf_printf(b, ", build=[%s]", n->build_left ? "left" : "right");
        if (n->single_row) eddy__buf_puts(b, ", singleRowJoin=[true]");
        break;
    case PK_DEDUPLICATE:
        if (st == XS_INFIX) {
            /* the execution plan's operator; the physical plan shows the Rank it is */
            eddy__buf_printf(b, "keep=[%s], key=[", n->keep_last ? "LastRow" : "FirstRow");
            cols(b, n->ngroup, n->group, in->names);
            eddy__buf_printf(b, "], order=[%s]", n->on_rowtime ? "ROWTIME" : "PROCTIME");
            break;
        }
        /* fall through */
    case PK_RANK:
    case PK_WINDOW_RANK:
    case PK_BATCH_RANK:
        if (n->kind == PK_WINDOW_RANK) window_attached(b, n);
        if (n->kind == PK_RANK || n->kind == PK_DEDUPLICATE) {
            eddy__buf_puts(b, "strategy=[");
            strategy(b, n);
            eddy__buf_puts(b, "], ");
        }
        eddy__buf_printf(b, "rankType=[%s], ", rank_type(n->rank_fn));
        rank_range(b, n);
        eddy__buf_puts(b, ", partitionBy=[");
        window_free_cols(b, n, in->names);
        eddy__buf_puts(b, "], orderBy=[");
        order_by(b, n, in->names);
        eddy__buf_puts(b, "], ");
        if (n->kind == PK_BATCH_RANK) eddy__buf_printf(b, "global=[%s], ", n->global ? "true" : "false");
        eddy__buf_puts(b, "select=[");
        eddy__explain_names(b, n->ncols, n->names);
        eddy__buf_putc(b, ']');
        break;
    case PK_WINDOW_DEDUPLICATE:
        window_attached(b, n);
        eddy__buf_printf(b, "keep=[%s], partitionKeys=[", n->keep_last ? "LastRow" : "FirstRow");
        window_free_cols(b, n, in->names);
        eddy__buf_printf(b, "], orderKey=[%s], order=[%s]", in->names[n->order[0]], n->on_rowtime ? "ROWTIME" : "PROCTIME");
        break;
    case PK_LIMIT:
        fetch(b, n);
        if (n->global) eddy__buf_puts(b, ", global=[true]");
        break;
    case PK_SORT_LIMIT:
    case PK_BATCH_SORT_LIMIT:
        eddy__buf_puts(b, "orderBy=[");
        order_by(b, n, in->names);
        eddy__buf_puts(b, "], ");
        fetch(b, n);
        if (n->kind == PK_SORT_LIMIT) {
            eddy__buf_puts(b, ", strategy=[");
            strategy(b, n);
            eddy__buf_putc(b, ']');
        } else {
            eddy__buf_puts(b, ", global=[true]");
        }
        break;
    case PK_SORT:
    case PK_BATCH_SORT:
    case PK_TEMPORAL_SORT:
        eddy__buf_puts(b, "orderBy=[");
        order_by(b, n, in->names);
        eddy__buf_putc(b, ']');
        break;
    case PK_CHANGELOG_NORMALIZE:
        eddy__buf_puts(b, "key=[");
        cols(b, n->npk, n->pk, n->names);
        eddy__buf_putc(b, ']');
        break;
    case PK_DROP_UPDATE_BEFORE:
    case PK_SINK_UPSERT_MATERIALIZER: break;
    case PK_SINK:
        eddy__buf_printf(b, "table=[%s], fields=[", n->sink_name);
        eddy__explain_names(b, n->ncols, n->shown_names ? n->shown_names : n->names);
        eddy__buf_putc(b, ']');
        if (n->upsert_materialize) eddy__buf_puts(b, ", upsertMaterialize=[true]");
        break;
    case PK_OVER_AGGREGATE: {
        const OverSpec *os = n->rel->naggs ? &n->rel->over[0] : NULL;
        if (os && os->npartition) {
            eddy__buf_puts(b, "partitionBy=[");
            cols(b, os->npartition, os->partition, n->rel->in[0]->names);
            eddy__buf_puts(b, "], ");
        }
        if (os && os->norder) {
            eddy__buf_puts(b, "orderBy=[");
            for (int i = 0; i < os->norder; i++)
                eddy__buf_printf(b, "%s%s %s", i ? ", " : "", n->rel->in[0]->names[os->order[i]],
                                 os->desc[i] ? "DESC" : "ASC");
            eddy__buf_puts(b, "], ");
        }
        const Rel *r = n->rel;
        int nin = r->in[0]->ncols;
        if (os && n->batch_over) {
            /* BATCH: window#i=[calls frame] per window, then the columns */
            for (int k = 0, w = 0; k < r->naggs; w++) {
                eddy__buf_printf(b, "window#%d=[", w);
                int e = k;
                for (; e < r->naggs && eddy__over_same_window(&r->over[k], &r->over[e]); e++) {
                    PhysAgg pa = {.call = r->aggs[e], .distinct = -1};
                    if (e > k) eddy__buf_puts(b, ", ");
                    agg_call(b, &pa, r->in[0]->names, false, NULL);
                    eddy__buf_printf(b, " AS %s", r->names[nin + e]);
                }
                eddy__buf_putc(b, ' ');
                over_frame(b, &r->over[k]);
                eddy__buf_puts(b, "], ");
                k = e;
            }
            eddy__buf_puts(b, "select=[");
            eddy__explain_names(b, r->ncols, r->names);
            eddy__buf_putc(b, ']');
            break;
        }
        if (os) {
            eddy__buf_puts(b, "window=[ ");
            over_frame(b, os);
            eddy__buf_puts(b, "], ");
        }
        eddy__buf_puts(b, "select=[");
        for (int i = 0; i < r->ncols; i++) {
            if (i) eddy__buf_puts(b, ", ");
            if (i < nin) {
                eddy__buf_puts(b, r->names[i]);
                continue;
            }
            PhysAgg pa = {.call = r->aggs[i - nin], .distinct = -1};
            agg_call(b, &pa, r->in[0]->names, false, NULL);
            eddy__buf_printf(b, " AS %s", r->names[i]);
        }
        eddy__buf_putc(b, ']');
        break;
    }
    case PK_WINDOW_AGGREGATE:
        if (n->window) {
            window_agg_terms(b, n);
            break;
        }
        digest_terms(b, n);
        break;
    case PK_WINDOW_TABLE_FUNCTION:
    case PK_GROUP_WINDOW_AGGREGATE:
    case PK_MATCH:
    case PK__COUNT: digest_terms(b, n); break;
    }
    eddy__arena_destroy(&a);
}

void eddy__phys_describe(Buf *b, const PhysNode *n) {
    Buf t;
    eddy__buf_init(&t);
    eddy__phys_terms(&t, n, XS_INFIX);
    eddy__buf_printf(b, "%s(%s)", eddy__phys_name(n), eddy__buf_cstr(&t));
    eddy__buf_free(&t);
}

/* ---- costs ------------------------------------------------------------------------------------ */

typedef struct Cost {
    double rows, cpu, io, network;
} Cost;

/* Bytes of a row as Flink estimates them (FlinkRelMdSize defaults). */
static double row_size(int n, const Type *const *types) {
    double s = 0;
    for (int i = 0; i < n; i++) {
        switch ((TypeRoot)types[i]->root) {
        case TY_BOOLEAN:
        case TY_TINYINT: s += 1; break;
        case TY_SMALLINT: s += 2; break;
        case TY_INT:
        case TY_FLOAT:
        case TY_DATE:
        case TY_TIME:
        case TY_INTERVAL_YM: s += 4; break;
        case TY_BIGINT:
        case TY_DOUBLE:
        case TY_INTERVAL_DT: s += 8; break;
        default: s += 12; break;
        }
    }
    return s;
}

/* Calcite's guessed selectivity of a condition. */
static double selectivity(const Expr *e) {
    if (!e) return 1.0;
    if (e->kind == EX_CALL && e->fn) {
        const char *n = e->fn->name;
        if (!strcmp(n, "AND")) {
            double s = 1.0;
            for (int i = 0; i < e->nargs; i++) s *= selectivity(e->args[i]);
            return s;
        }
        if (!strcmp(n, "OR")) {
            double s = 0.0;
            for (int i = 0; i < e->nargs; i++) s += selectivity(e->args[i]);
            return s > 1.0 ? 1.0 : s;
        }
        if (!strcmp(n, "NOT")) return 1.0 - selectivity(e->args[0]);
        if (!strcmp(n, "=")) return 0.15;
        if (!strcmp(n, "<") || !strcmp(n, "<=") || !strcmp(n, ">") || !strcmp(n, ">=") || !strcmp(n, "<>")) return 0.5;
        if (!strcmp(n, "LIKE")) return 0.05;
        if (!strcmp(n, "IS NOT NULL")) return 0.9;
        if (!strcmp(n, "IS NULL")) return 0.1;
    }
    return 0.25;
}

/* The node's row count and own cost; *kid_rows: its inputs' row counts. */
static double rows_of(const PhysNode *n, Cost *self) {
    double in = 0;
    for (int i = 0; i < n->nin; i++) in += rows_of(n->in[i], &(Cost){0});
    double rows = in;
    *self = (Cost){in, in, 0, 0};
    switch (n->kind) {
    case PK_TABLE_SOURCE_SCAN:
    case PK_DATA_STREAM_SCAN:
        rows = 1.0e8;
        *self = (Cost){rows, rows, rows * row_size(n->ncols, n->types), 0};
        break;
    case PK_VALUES:
        rows = n->rel ? n->rel->nrows : 0;
        *self = (Cost){rows, rows, 0, 0};
        break;
    case PK_CALC:
        rows = in * selectivity(n->cond);
        *self = (Cost){rows, 0, 0, 0};
        break;
    case PK_EXCHANGE: *self = (Cost){0, 0, 0, in * row_size(n->ncols, n->types)}; break;
    case PK_LIMIT:
    case PK_SORT_LIMIT:
    case PK_BATCH_SORT_LIMIT:
        rows = in - (n->offset > 0 ? (double)n->offset : 0);
        if (rows < 0) rows = 0;
        if (n->fetch >= 0 && (double)n->fetch < rows) rows = (double)n->fetch;
        break;
    default: break;
    }
    return rows;
}

static Cost cumulative(const PhysNode *n) {
    Cost s;
    rows_of(n, &s);
    for (int i = 0; i < n->nin; i++) {
        Cost k = cumulative(n->in[i]);
        s.rows += k.rows;
        s.cpu += k.cpu;
        s.io += k.io;
        s.network += k.network;
    }
    return s;
}

/* ---- the tree ------------------------------------------------------------------------------------ */

static void changelog_text(Buf *b, unsigned cl) {
    if (!cl) {
        eddy__buf_puts(b, "NONE");
        return;
    }
    static const struct {
        unsigned bit;
        const char *s;
    } kinds[] = {{CL_INSERT, "I"}, {CL_UPDATE_BEFORE, "UB"}, {CL_UPDATE_AFTER, "UA"}, {CL_DELETE, "D"}};
    bool first = true;
    for (size_t i = 0; i < ED_ARRAY_LEN(kinds); i++)
        if (cl & kinds[i].bit) {
            eddy__buf_printf(b, "%s%s", first ? "" : ",", kinds[i].s);
            first = false;
        }
}

/* Nodes EXPLAIN does not print: the sink's materializer shows as upsertMaterialize=[true]. */
static const PhysNode *shown(const PhysNode *n) {
    while (n->kind == PK_SINK_UPSERT_MATERIALIZER) n = n->in[0];
    return n;
}

static void line(Buf *b, const PhysNode *n, bool exec, unsigned details) {
    Buf t;
    eddy__buf_init(&t);
    eddy__phys_terms(&t, n, exec ? XS_INFIX : XS_DIGEST);
    bool cl = !exec && (details & EDDY_EXPLAIN_CHANGELOG_MODE);
    eddy__buf_puts(b, plan_name(n, exec));
    if (t.len || cl) {
        eddy__buf_printf(b, "(%s", eddy__buf_cstr(&t));
        if (cl) {
            eddy__buf_puts(b, t.len ? ", changelogMode=[" : "changelogMode=[");
            changelog_text(b, n->kind == PK_SINK ? 0 : n->changelog);
            eddy__buf_putc(b, ']');
        }
        eddy__buf_putc(b, ')');
    }
    eddy__buf_free(&t);
    if (!exec && (details & EDDY_EXPLAIN_ESTIMATED_COST)) {
        Cost self, cu = cumulative(n);
        double rows = rows_of(n, &self);
        eddy__buf_puts(b, ": rowcount = ");
        eddy__fmt_double(b, rows);
        eddy__buf_puts(b, ", cumulative cost = {");
        eddy__fmt_double(b, cu.rows);
        eddy__buf_puts(b, " rows, ");
        eddy__fmt_double(b, cu.cpu);
        eddy__buf_puts(b, " cpu, ");
        eddy__fmt_double(b, cu.io);
        eddy__buf_puts(b, " io, ");
        eddy__fmt_double(b, cu.network);
        eddy__buf_puts(b, " network, 0.0 memory}");
    }
    eddy__buf_putc(b, '\n');
}

/* Sub-plan reuse as the execution plan prints it: per node of the tree in
 * pre-order (the children of a Reused node are not visited), its id when
 * later nodes reuse it, or the id of the node it reuses. */
typedef struct Reuse {
    bool sources;       /* table.optimizer.reuse-source-enabled */
    int nvisit, cap;
    const char **digest; /* per visit: the subtree's text; NULL: not reusable */
    int *reuse_id;       /* per visit: > 0 when reused by a later visit */
    int *reference;      /* per visit: >= 0 the visit it reuses */
    const PhysNode **node; /* per visit: the node */
    int *parent;           /* per visit: the parent's visit, -1 for a root */
    int next_id;
    int at;              /* printing: the current visit */
} Reuse;

/* Whether a subtree may be shared: not a sink, a source only with source
 * reuse on (nor an exchange right above such a source). */
static bool reusable(const Reuse *r, const PhysNode *n) {
    if (n->kind == PK_SINK) return false;
    if (n->kind == PK_EXCHANGE) return reusable(r, shown(n->in[0]));
    if (n->kind == PK_TABLE_SOURCE_SCAN || n->kind == PK_DATA_STREAM_SCAN) return r->sources;
    return true;
}

/* The subtree's text as the execution plan prints it (without reuse). */
static char *digest_of(Arena *a, const PhysNode *n);

const char *eddy__phys_reuse_digest(Arena *a, const PhysNode *n, bool sources, bool *oom) {
    Reuse r = {.sources = sources};
    *oom = false;
    n = shown(n);
    if (!reusable(&r, n)) return NULL;
    char *d = digest_of(a, n);
    *oom = !d;
    return d;
}

static char *digest_of(Arena *a, const PhysNode *n) {
    Buf b;
    eddy__buf_init(&b);
    line(&b, n, true, 0);
    /* and the changes it sends (Flink's digest holds the changelog traits):
     * a subtree whose consumers need other kinds of updates is not the same */
    eddy__buf_puts(&b, "changelogMode=[");
    changelog_text(&b, n->changelog);
    eddy__buf_putc(&b, ']');
    for (int i = 0; i < n->nin; i++) {
        char *d = digest_of(a, shown(n->in[i]));
        eddy__buf_printf(&b, "%d{%s}", i, d ? d : "");
    }
    char *s = b.failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    return s;
}

static bool reuse_visit(Arena *a, Reuse *r, const PhysNode *n, int parent) {
    if (r->nvisit == r->cap) {
        int cap = r->cap ? r->cap * 2 : 32;
        const char **d = eddy__arena_alloc(a, sizeof(char *) * (size_t)cap);
        int *ids = eddy__arena_alloc(a, sizeof(int) * (size_t)cap), *refs = eddy__arena_alloc(a, sizeof(int) * (size_t)cap);
        const PhysNode **nodes = eddy__arena_alloc(a, sizeof(PhysNode *) * (size_t)cap);
        int *parents = eddy__arena_alloc(a, sizeof(int) * (size_t)cap);
        if (!d || !ids || !refs || !nodes || !parents) return false;
        if (r->nvisit) {
            memcpy(d, r->digest, sizeof(char *) * (size_t)r->nvisit);
            memcpy(ids, r->reuse_id, sizeof(int) * (size_t)r->nvisit);
            memcpy(refs, r->reference, sizeof(int) * (size_t)r->nvisit);
            memcpy(nodes, r->node, sizeof(PhysNode *) * (size_t)r->nvisit);
            memcpy(parents, r->parent, sizeof(int) * (size_t)r->nvisit);
        }
        r->digest = d, r->reuse_id = ids, r->reference = refs, r->node = nodes, r->parent = parents, r->cap = cap;
    }
    int v = r->nvisit++;
    r->reuse_id[v] = 0;
    r->reference[v] = -1;
    r->digest[v] = NULL;
    r->node[v] = n;
    r->parent[v] = parent;
    if (reusable(r, n) && !(r->digest[v] = digest_of(a, n))) return false;
    for (int w = 0; r->digest[v] && w < v; w++) {
        if (!r->digest[w] || strcmp(r->digest[w], r->digest[v])) continue;
        if (!r->reuse_id[w]) r->reuse_id[w] = ++r->next_id;
        r->reference[v] = w;
        r->digest[v] = NULL;
        return true;
    }
    for (int i = 0; i < n->nin; i++)
        if (!reuse_visit(a, r, shown(n->in[i]), v)) return false;
    return true;
}

static void tree(Buf *b, const PhysNode *n, Buf *prefix, bool root, bool last, bool exec, unsigned details,
                 Reuse *r) {
    size_t saved = prefix->len;
    if (!root) {
        eddy__buf_put(b, prefix->data, prefix->len);
        eddy__buf_puts(b, last ? "+- " : ":- ");
        eddy__buf_puts(prefix, last ? "   " : ":  ");
    }
    int v = r ? r->at++ : -1;
    if (v >= 0 && r->reference[v] >= 0) {
        eddy__buf_printf(b, "Reused(reference_id=[%d])\n", r->reuse_id[r->reference[v]]);
        prefix->len = saved;
        return;
    }
    line(b, n, exec, details);
    if (v >= 0 && r->reuse_id[v]) {
        b->len--; /* before the line's end */
        eddy__buf_printf(b, "(reuse_id=[%d])\n", r->reuse_id[v]);
    }
    for (int i = 0; i < n->nin; i++) tree(b, shown(n->in[i]), prefix, false, i == n->nin - 1, exec, details, r);
    prefix->len = saved;
}

void eddy__phys_print(Buf *b, const PhysNode *root, bool exec, unsigned details) {
    Buf prefix;
    eddy__buf_init(&prefix);
    tree(b, shown(root), &prefix, true, true, exec, details, NULL);
    eddy__buf_free(&prefix);
}

bool eddy__phys_reused(Arena *a, const PhysNode *root, bool sources, const char ***digests, int *n) {
    Reuse r = {.sources = sources};
    *digests = NULL;
    *n = 0;
    if (!reuse_visit(a, &r, shown(root), -1)) return false;
    if (!r.next_id) return true;
    const char **d = eddy__arena_alloc(a, sizeof(char *) * (size_t)r.next_id);
    if (!d) return false;
    for (int v = 0; v < r.nvisit; v++)
        if (r.reuse_id[v]) d[r.reuse_id[v] - 1] = r.digest[v];
    *digests = d;
    *n = r.next_id;
    return true;
}

bool eddy__phys_print_reused(Buf *b, Arena *a, const PhysNode *root, bool sub_plans, bool sources) {
    if (!sub_plans) {
        eddy__phys_print(b, root, true, 0);
        return true;
    }
    Reuse r = {.sources = sources};
    if (!reuse_visit(a, &r, shown(root), -1)) return false;
    Buf prefix;
    eddy__buf_init(&prefix);
    tree(b, shown(root), &prefix, true, true, true, 0, &r);
    eddy__buf_free(&prefix);
    return true;
}

/* ---- a DAG of several roots (Flink's ExecNodePlanDumper.dagToString) ---- */

/* One block: the tree from visit v, where every other reused node (and
 * every later visit of one) is `Reused(reference_id=[n])`. */
static void dag_block(Buf *b, const Reuse *r, int v, Buf *prefix, bool top, bool last) {
    size_t saved = prefix->len;
    if (!top) {
        eddy__buf_put(b, prefix->data, prefix->len);
        eddy__buf_puts(b, last ? "+- " : ":- ");
        eddy__buf_puts(prefix, last ? "   " : ":  ");
    }
    int canon = r->reference[v] >= 0 ? r->reference[v] : v;
    if (!top && r->reuse_id[canon]) {
        eddy__buf_printf(b, "Reused(reference_id=[%d])\n", r->reuse_id[canon]);
        prefix->len = saved;
        return;
    }
    line(b, r->node[v], true, 0);
    if (r->reuse_id[v]) {
        b->len--;
        eddy__buf_printf(b, "(reuse_id=[%d])\n", r->reuse_id[v]);
    }
    int nkids = 0, lastkid = -1;
    for (int w = v + 1; w < r->nvisit; w++)
        if (r->parent[w] == v) nkids++, lastkid = w;
    for (int w = v + 1; nkids && w < r->nvisit; w++)
        if (r->parent[w] == v) dag_block(b, r, w, prefix, false, w == lastkid);
    prefix->len = saved;
}

/* Post-order over the first visits: a reused node is printed as a block
 * of its own once its inputs are, a root (a sink) after its inputs. */
static void dag_visit(Buf *b, const Reuse *r, int v, Buf *prefix, bool *first) {
    if (r->reference[v] >= 0) return;
    for (int w = v + 1; w < r->nvisit; w++)
        if (r->parent[w] == v) dag_visit(b, r, w, prefix, first);
    if (r->parent[v] >= 0 && !r->reuse_id[v]) return;
    if (!*first) eddy__buf_putc(b, '\n');
    *first = false;
    dag_block(b, r, v, prefix, true, true);
}

bool eddy__phys_print_dag(Buf *b, Arena *a, const PhysNode *const *roots, int n, bool sub_plans, bool sources) {
    if (n == 1) return eddy__phys_print_reused(b, a, roots[0], sub_plans, sources);
    if (!sub_plans) {
        for (int i = 0; i < n; i++) {
            if (i) eddy__buf_putc(b, '\n');
            eddy__phys_print(b, roots[i], true, 0);
        }
        return true;
    }
    Reuse r = {.sources = sources};
    int *starts = eddy__arena_alloc(a, sizeof(int) * (size_t)n);
    if (!starts) return false;
    for (int i = 0; i < n; i++) {
        starts[i] = r.nvisit;
        if (!reuse_visit(a, &r, shown(roots[i]), -1)) return false;
    }
    Buf prefix;
    eddy__buf_init(&prefix);
    bool first = true;
    for (int i = 0; i < n; i++) dag_visit(b, &r, starts[i], &prefix, &first);
    eddy__buf_free(&prefix);
    return true;
}

/* ---- sink reuse (Flink's SinkReuser) ---- */

static char *sink_digest(Arena *a, const PhysNode *s) {
    Buf b;
    eddy__buf_init(&b);
    const PhysNode *in = s->in[0];
    eddy__buf_printf(&b, "%s|%d|%d|%u|%d|", s->sink_name, s->upsert_materialize, s->sink_target_columns,
                     in->changelog, (int)in->update);
    for (int i = 0; i < in->ncols; i++) {
        eddy__explain_calcite_type(&b, in->types[i]);
        eddy__buf_putc(&b, ',');
    }
    char *d = b.failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    return d;
}

int eddy__phys_reuse_sinks(Arena *a, const PhysNode **roots, int n) {
    char **dig = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    int *group = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    if (!dig || !group) return -1;
    for (int i = 0; i < n; i++) {
        group[i] = i;
        dig[i] = NULL;
        const PhysNode *s = shown(roots[i]);
        if (s->kind != PK_SINK || s->sink_kind != PSINK_TABLE || !s->sink_name) continue;
        if (!(dig[i] = sink_digest(a, s))) return -1;
        for (int j = 0; j < i; j++)
            if (dig[j] && group[j] == j && !strcmp(dig[i], dig[j])) {
                group[i] = j;
                break;
            }
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (group[i] != i) continue;
        int k = 0;
        for (int j = i; j < n; j++) k += group[j] == i;
        if (k == 1) {
            roots[m++] = roots[i];
            continue;
        }
        /* the first sink over a Union of every sink's input, named as its input */
        const PhysNode *first = shown(roots[i]);
        const PhysNode *in0 = first->in[0];
        PhysNode *u = eddy__phys_new(a, PK_UNION, in0->ncols, k);
        PhysNode *s = eddy__phys_copy(a, first);
        if (!u || !s) return -1;
        eddy__phys_same_cols(u, in0);
        u->changelog = in0->changelog;
        u->modify = in0->modify;
        u->update = in0->update;
        for (int j = i, at = 0; j < n; j++)
            if (group[j] == i) u->in[at++] = shown(roots[j])->in[0];
        s->in[0] = u;
        roots[m++] = s;
    }
    return m;
}
