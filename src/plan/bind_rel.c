/*
 * bind_rel.c -- the relational operators besides projection and filter that
 * both APIs build: joins, UNION (distinct) / INTERSECT / EXCEPT, and sorts
 * with OFFSET / FETCH. Each Rel records the changelog it produces in
 * streaming mode (Flink's FlinkChangelogModeInferenceProgram rules), the
 * digest Flink's plans give its node (used in "doesn't support consuming
 * update changes which is produced by node ..." messages) and, for the
 * planner, the feature name when eddy has no operator for it.
 */
#include "plan/bind_int.h"

#define NOMEM(b) eddy__err((b)->err, EDDY_E_NOMEM, "out of memory")
#define CL_ALL (CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE)

static const char *finish_digest(Arena *a, Buf *t) {
    const char *s = eddy__arena_strndup(a, eddy__buf_cstr(t), t->len);
    eddy__buf_free(t);
    return s;
}

static void name_list(Buf *t, const Rel *r) {
    for (int i = 0; i < r->ncols; i++) eddy__buf_printf(t, "%s%s", i ? ", " : "", r->names[i]);
}

/* ---- joins ------------------------------------------------------------------------------ */

eddy_status eddy__bind_join_rel(Binder *b, JoinType jt, Rel *l, Rel *r, Expr *cond, Rel **out) {
    Rel *j = eddy__rel_new(b->a, REL_JOIN, l->ncols + r->ncols, 2);
    if (!j) return NOMEM(b);
    j->in[0] = l;
    j->in[1] = r;
    j->join = jt;
    j->cond = cond;
    bool lnull = jt == JOIN_RIGHT || jt == JOIN_FULL, rnull = jt == JOIN_LEFT || jt == JOIN_FULL;
    for (int i = 0; i < l->ncols; i++) {
        j->names[i] = l->names[i];
        /* time attributes stay: an interval join keeps them (Flink's planner
         * materializes them only for regular joins, later) */
        j->types[i] = lnull ? eddy__type_with_nullable(b->a, l->types[i], true) : l->types[i];
    }
    for (int i = 0; i < r->ncols; i++) {
        /* the join's columns have unique names, as Calcite's row type */
        j->names[l->ncols + i] = eddy__bind_unique_name(b, r->names[i], j->names, l->ncols + i);
        if (!j->names[l->ncols + i]) return NOMEM(b);
        j->types[l->ncols + i] = rnull ? eddy__type_with_nullable(b->a, r->types[i], true) : r->types[i];
    }
    /* an inner join forwards what its inputs produce; outer joins retract
     * the rows they padded with NULLs */
    j->changelog = !b->be->streaming ? CL_INSERT : jt == JOIN_INNER ? (l->changelog | r->changelog) : CL_ALL;
    j->feature = "joins";
    static const char *jn[] = {"InnerJoin", "LeftOuterJoin", "RightOuterJoin", "FullOuterJoin"};
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_printf(&t, "Join(joinType=[%s], where=[", jn[jt]);
    if (cond) eddy__plan_expr_text(&t, cond, j->names, XS_DIGEST);
    else eddy__buf_puts(&t, "true");
    eddy__buf_puts(&t, "], select=[");
    name_list(&t, j);
    eddy__buf_puts(&t, "], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])");
    j->digest = finish_digest(b->a, &t);
    *out = j;
    return j->digest ? EDDY_OK : NOMEM(b);
}

/* ---- UNION / INTERSECT / EXCEPT --------------------------------------------------------- */

eddy_status eddy__bind_setop_rel(Binder *b, SetOpKind op, bool all, Rel *l, Rel *r, Rel **out) {
    Rel *s = eddy__rel_new(b->a, REL_SETOP, l->ncols, 2);
    if (!s) return NOMEM(b);
    s->in[0] = l;
    s->in[1] = r;
    s->setop = op;
    s->all = all;
    for (int i = 0; i < l->ncols; i++) {
        s->names[i] = l->names[i];
        s->types[i] = eddy__type_with_timeattr(b->a, l->types[i], TA_NONE);
    }
    static const char *features[][2] = {{"UNION (without ALL)", "UNION ALL"},
                                        {"INTERSECT", "INTERSECT ALL"},
                                        {"EXCEPT / MINUS", "EXCEPT ALL / MINUS ALL"}};
    s->feature = features[op][all];
    /* distinct set operations are aggregations: they update their results */
    unsigned in_cl = l->changelog | r->changelog;
    s->changelog = !b->be->streaming ? CL_INSERT
                   : op == SETOP_UNION ? (CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | ((in_cl & ~CL_INSERT) ? CL_DELETE : 0))
                                       : CL_ALL;
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "GroupAggregate(groupBy=[");
    name_list(&t, s);
    eddy__buf_puts(&t, "], select=[");
    name_list(&t, s);
    eddy__buf_puts(&t, "])");
    s->digest = finish_digest(b->a, &t);
    *out = s;
    return s->digest ? EDDY_OK : NOMEM(b);
}

/* ---- ORDER BY / OFFSET / FETCH ------------------------------------------------------------ */

Rel *eddy__rel_sort(Arena *a, bool streaming, Rel *in, int nkeys, const int *keys, const bool *desc,
                    const bool *nulls_first, int64_t offset, int64_t fetch) {
    Rel *s = eddy__rel_new(a, REL_SORT, in->ncols, 1);
    int *k = eddy__arena_alloc(a, sizeof(int) * (size_t)(nkeys + 1));
    bool *d = eddy__arena_alloc(a, sizeof(bool) * (size_t)(nkeys + 1));
    bool *nf = eddy__arena_alloc(a, sizeof(bool) * (size_t)(nkeys + 1));
    if (!s || !k || !d || !nf) return NULL;
    s->in[0] = in;
    for (int i = 0; i < in->ncols; i++) {
        s->names[i] = in->names[i];
        s->types[i] = in->types[i];
    }
    for (int i = 0; i < nkeys; i++) {
        k[i] = keys[i];
        d[i] = desc[i];
        nf[i] = nulls_first[i];
    }
    s->nkeys = nkeys;
    s->keys = k;
    s->desc = d;
    s->nulls_first = nf;
    s->offset = offset;
    s->fetch = fetch;
    s->changelog = in->changelog;
    Buf t;
    eddy__buf_init(&t);
    if (streaming && nkeys) {
        if (fetch >= 0) {
            /* Top-N: rows leave the top as better ones arrive */
            s->changelog = CL_ALL;
            s->feature = "ORDER BY with LIMIT (Top-N) in streaming mode";
            eddy__buf_puts(&t, "SortLimit(orderBy=[");
        } else {
            s->feature = "ORDER BY in streaming mode";
            eddy__buf_puts(&t, "Sort(orderBy=[");
        }
        for (int i = 0; i < nkeys; i++)
            eddy__buf_printf(&t, "%s%s %s", i ? ", " : "", in->names[keys[i]], desc[i] ? "DESC" : "ASC");
        eddy__buf_putc(&t, ']');
        if (fetch >= 0)
            eddy__buf_printf(&t, ", offset=[%lld], fetch=[%lld], strategy=[AppendFastStrategy]",
                             (long long)(offset < 0 ? 0 : offset), (long long)fetch);
        eddy__buf_putc(&t, ')');
    } else {
        eddy__buf_printf(&t, "Limit(offset=[%lld], fetch=[%lld])", (long long)(offset < 0 ? 0 : offset),
                         (long long)fetch);
    }
    s->digest = finish_digest(a, &t);
    return s->digest ? s : NULL;
}
