/*
 * bind_match.c -- MATCH_RECOGNIZE, type-checked: the rows it gives (ONE ROW
 * PER MATCH) are the PARTITION BY keys, then the MEASURES. Inside MEASURES
 * and DEFINE a column may be qualified by a pattern variable (A.price), and
 * FIRST / LAST / PREV / NEXT, aggregates over a variable's rows,
 * MATCH_ROWTIME() and MATCH_PROCTIME() are typed as Flink types them. eddy
 * has no operator for it yet: the REL_MATCH fails at planning with "not
 * supported yet: MATCH_RECOGNIZE".
 */
#include <ctype.h>

#include "plan/bind_int.h"

#define NOMEM(b) eddy__err((b)->err, EDDY_E_NOMEM, "out of memory")

/* Navigation and match functions: typed, never evaluated. */
static const FuncDef match_fn = {"$MATCH", 0, -1, FN_NONDETERMINISTIC, NULL, NULL, NULL};

typedef struct MatchCtx {
    const Rel *in;
    int nvars;
    const char **vars;
} MatchCtx;

static bool is_var(const MatchCtx *m, const char *name) {
    for (int i = 0; i < m->nvars; i++)
        if (!strcmp(m->vars[i], name)) return true;
    return false;
}

static void collect_vars(const AstPattern *p, const char **vars, int *n) {
    if (!p) return;
    if (p->kind == AST_PAT_VAR) {
        for (int i = 0; i < *n; i++)
            if (!strcmp(vars[i], p->var.name)) return;
        vars[(*n)++] = p->var.name;
        return;
    }
    for (int i = 0; i < p->nitems; i++) collect_vars(p->items[i], vars, n);
    collect_vars(p->sub, vars, n);
}

static int count_vars(const AstPattern *p) {
    if (!p) return 0;
    int n = p->kind == AST_PAT_VAR;
    for (int i = 0; i < p->nitems; i++) n += count_vars(p->items[i]);
    return n + count_vars(p->sub);
}

static Expr *typed(Binder *b, const Type *t, const AstPos *pos) {
    Expr *x = eddy__arena_alloc(b->a, sizeof *x);
    if (!x || !t) return NULL;
    x->kind = EX_CALL;
    x->fn = &match_fn;
    x->type = t;
    x->line = pos->line;
    x->col = pos->col;
    return x;
}

/* The input's rowtime column, or NULL. */
static const Type *rowtime_type(const Rel *in) {
    int k = eddy__rel_rowtime(in);
    return k >= 0 ? in->types[k] : NULL;
}

static eddy_status match_hook(Binder *b, const Scope *sc, const AstExpr *e, Expr **out, bool *done) {
    MatchCtx *m = b->hook_ctx;
    *done = false;
    if (e->kind == AST_IDENT && e->u.ident.name.nparts == 2 && is_var(m, e->u.ident.name.parts[0])) {
        /* A.price: a column of the rows A matched */
        AstExpr col = *e;
        col.u.ident.name.parts = e->u.ident.name.parts + 1;
        col.u.ident.name.nparts = 1;
        *done = true;
        return eddy__bind_scalar(b, sc, &col, out);
    }
    if (e->kind != AST_CALL || e->u.call.over) return EDDY_OK;
    const char *fn = e->u.call.name;
    int n = e->u.call.nargs;
    if (eddy__str_ieq(fn, "MATCH_ROWTIME") || eddy__str_ieq(fn, "MATCH_PROCTIME")) {
        *done = true;
        bool row = eddy__str_ieq(fn, "MATCH_ROWTIME");
        const Type *t;
        if (row) {
            t = rowtime_type(m->in);
            if (!t)
                return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION,
                                      "MATCH_ROWTIME() needs a rowtime attribute in the input of MATCH_RECOGNIZE");
            t = eddy__type_with_nullable(b->a, t, false);
        } else {
            t = eddy__type_with_timeattr(b->a, eddy__type_timestamp(b->a, TY_TIMESTAMP_LTZ, 3, false), TA_PROCTIME);
        }
        *out = typed(b, t, &e->pos);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (eddy__str_ieq(fn, "FIRST") || eddy__str_ieq(fn, "LAST") || eddy__str_ieq(fn, "PREV") ||
        eddy__str_ieq(fn, "NEXT")) {
        *done = true;
        if (n < 1 || n > 2)
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION,
                                  "Invalid number of arguments to function '%s'. Was expecting 1 or 2 arguments", fn);
        Expr *x;
        eddy_status rc = eddy__bind_scalar(b, sc, e->u.call.args[0], &x);
        if (rc) return rc;
        const Type *t = eddy__type_with_timeattr(b->a, x->type, TA_NONE);
        *out = typed(b, t ? eddy__type_with_nullable(b->a, t, true) : NULL, &e->pos);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (!eddy__bind_is_aggregate(fn)) return EDDY_OK;
    /* an aggregate over the rows of a variable */
    *done = true;
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n + 1));
    char *up = eddy__arena_strdup(b->a, fn);
    if (!args || !up) return NOMEM(b);
    for (char *p = up; *p; p++) *p = (char)toupper((unsigned char)*p);
    bool star = n == 1 && e->u.call.args[0]->kind == AST_STAR;
    int k = 0;
    for (int i = 0; i < n && !star; i++) {
        eddy_status rc = eddy__bind_scalar(b, sc, e->u.call.args[i], &args[k++]);
        if (rc) return rc;
    }
    const Type *t;
    eddy_status rc = eddy__bind_agg_type(b, &e->pos, up, args, k, star, true, false, &t);
    if (rc) return rc;
    *out = typed(b, t, &e->pos);
    return *out ? EDDY_OK : NOMEM(b);
}

eddy_status eddy__bind_match(Binder *b, Rel *in, const Scope *sc, const AstMatchRecognize *mr, Rel **out) {
    if (mr->rows_per_match == 2) return eddy__bind_unsupported(b, &mr->pos, "MATCH_RECOGNIZE with ALL ROWS PER MATCH");
    /* ORDER BY a time attribute first, ascending */
    Expr *first = NULL;
    eddy_status rc = EDDY_OK;
    if (mr->norder && (rc = eddy__bind_scalar(b, sc, mr->order[0]->expr, &first))) return rc;
    if (!first)
        return eddy__err(b->err, EDDY_E_VALIDATION, "You must specify either rowtime or proctime for order by.");
    if (!first->type->timeattr || mr->order[0]->desc)
        return eddy__err(b->err, EDDY_E_VALIDATION,
                         "You must specify either rowtime or proctime for order by as the first one.");
    for (int i = 1; i < mr->norder; i++) {
        Expr *x;
        if ((rc = eddy__bind_scalar(b, sc, mr->order[i]->expr, &x))) return rc;
    }
    const char **vars = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(count_vars(mr->pattern) + mr->nsubsets + 1));
    if (!vars) return NOMEM(b);
    MatchCtx m = {in, 0, vars};
    collect_vars(mr->pattern, vars, &m.nvars);
    for (int i = 0; i < mr->nsubsets; i++) vars[m.nvars++] = mr->subsets[i]->name.name;
    int np = mr->npartition, nm = mr->nmeasures;
    Rel *r = eddy__rel_new(b->a, REL_MATCH, np + nm, 1);
    int *keys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(np + 1));
    const Expr **measures = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(nm + 1));
    if (!r || !keys || !measures) return NOMEM(b);
    r->in[0] = in;
    for (int i = 0; i < np; i++) {
        Expr *k;
        if ((rc = eddy__bind_scalar(b, sc, mr->partition[i], &k))) return rc;
        if (k->kind != EX_COLUMN)
            return eddy__bind_unsupported(b, &mr->partition[i]->pos, "PARTITION BY expressions in MATCH_RECOGNIZE");
        keys[i] = k->index;
        r->names[i] = in->names[k->index];
        r->types[i] = eddy__type_with_timeattr(b->a, in->types[k->index], TA_NONE);
    }
    BindHook hook = b->hook;
    void *hook_ctx = b->hook_ctx;
    b->hook = match_hook;
    b->hook_ctx = &m;
    for (int i = 0; i < mr->ndefines && !rc; i++) {
        Expr *d;
        rc = eddy__bind_scalar(b, sc, mr->defines[i]->expr, &d);
    }
    for (int i = 0; i < nm && !rc; i++) {
        Expr *x;
        if ((rc = eddy__bind_scalar(b, sc, mr->measures[i]->expr, &x))) break;
        measures[i] = x;
        r->names[np + i] = mr->measures[i]->name.name;
        /* a measure keeps a time attribute only from MATCH_ROWTIME / MATCH_PROCTIME */
        r->types[np + i] = x->kind == EX_CALL && x->fn == &match_fn ? x->type
                                                                      : eddy__type_with_timeattr(b->a, x->type, TA_NONE);
    }
    b->hook = hook;
    b->hook_ctx = hook_ctx;
    if (rc) return rc;
    r->ngroup = np;
    r->group = keys;
    r->exprs = measures;
    r->changelog = CL_INSERT;
    r->feature = "MATCH_RECOGNIZE";
    r->digest = "Match";
    *out = r;
    return EDDY_OK;
}
