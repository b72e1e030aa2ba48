/*
 * bind_subquery.c -- subqueries in expressions: (SELECT ..) as a scalar,
 * EXISTS (SELECT ..) and x [NOT] IN (SELECT ..). The query is bound and
 * typed as Calcite types it (a scalar subquery: its single column,
 * nullable; EXISTS: BOOLEAN NOT NULL; IN: BOOLEAN, nullable when either
 * side is), and the expression becomes a call of a marker function whose
 * data is the query's Rel (EXISTS keeps no projection on top of its query:
 * its columns do not matter, as in Calcite's plan). A reference to a
 * column of an enclosing query (correlated subqueries, LATERAL subqueries)
 * is a marker of its own, typed as that column: a CorVar naming the
 * column's index in the enclosing scope's row and the correlation variable
 * of that scope, which the Rel binding the scope's expressions carries
 * (Rel.cor, Calcite's variablesSet). The logical rewrite turns the markers
 * into joins and aggregates (rules_subquery.c).
 */
#include <ctype.h>

#include "plan/bind_int.h"

#define NOMEM(b) eddy__err((b)->err, EDDY_E_NOMEM, "out of memory")

/* Markers: never evaluated (no kernel) and never folded. */
static const FuncDef scalar_query = {"$SCALAR_QUERY", 0, -1, FN_NONDETERMINISTIC, NULL, NULL, NULL};
static const FuncDef exists_query = {"$EXISTS", 0, -1, FN_NONDETERMINISTIC, NULL, NULL, NULL};
static const FuncDef in_query = {"$IN_QUERY", 0, -1, FN_NONDETERMINISTIC, NULL, NULL, NULL};
/* a column of an enclosing query ($cor0.x): fn_data is its name */
static const FuncDef outer_ref = {"$cor", 0, -1, FN_NONDETERMINISTIC, NULL, NULL, NULL};

SubqueryKind eddy__expr_subquery_kind(const Expr *e) {
    if (!e || e->kind != EX_CALL) return SQ_NONE;
    if (e->fn == &scalar_query) return SQ_SCALAR;
    if (e->fn == &exists_query) return SQ_EXISTS;
    if (e->fn == &in_query) return SQ_IN;
    if (e->fn == &outer_ref) return SQ_COR;
    return SQ_NONE;
}

const Rel *eddy__expr_subquery_rel(const Expr *e) {
    SubqueryKind k = eddy__expr_subquery_kind(e);
    return k == SQ_SCALAR || k == SQ_EXISTS || k == SQ_IN ? e->fn_data : NULL;
}

const CorVar *eddy__expr_cor_var(const Expr *e) {
    return eddy__expr_subquery_kind(e) == SQ_COR ? e->fn_data : NULL;
}

bool eddy__expr_refs_cor(const Expr *e, int cor) {
    if (!e) return false;
    const CorVar *v = eddy__expr_cor_var(e);
    if (v) return !cor || v->cor == cor;
    const Rel *q = eddy__expr_subquery_rel(e);
    if (q && eddy__rel_refs_cor(q, cor)) return true;
    for (int i = 0; i < e->nargs; i++)
        if (eddy__expr_refs_cor(e->args[i], cor)) return true;
    return false;
}

bool eddy__rel_refs_cor(const Rel *r, int cor) {
    if (eddy__expr_refs_cor(r->cond, cor)) return true;
    int n = r->kind == REL_PROJECT || r->kind == REL_CALC ? r->ncols : r->kind == REL_CORRELATE ? r->nargs : 0;
    for (int i = 0; i < n; i++)
        if (eddy__expr_refs_cor(r->exprs[i], cor)) return true;
    for (int i = 0; i < r->nin; i++)
        if (eddy__rel_refs_cor(r->in[i], cor)) return true;
    return false;
}

bool eddy__expr_has_subquery(const Expr *e) {
    if (!e) return false;
    if (e->kind == EX_CALL &&
        (e->fn == &scalar_query || e->fn == &exists_query || e->fn == &in_query || e->fn == &outer_ref))
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (eddy__expr_has_subquery(e->args[i])) return true;
    return false;
}

bool eddy__rel_has_subquery(const Rel *r) {
    if (eddy__expr_has_subquery(r->cond)) return true;
    int n = r->kind == REL_PROJECT || r->kind == REL_CALC ? r->ncols : r->kind == REL_CORRELATE ? r->nargs : 0;
    for (int i = 0; i < n; i++)
        if (eddy__expr_has_subquery(r->exprs[i])) return true;
    return false;
}

static Expr *marker(Binder *b, const FuncDef *fn, const Type *t, Expr **args, int nargs, const Rel *q,
                    const AstPos *pos) {
    Expr *x = eddy__arena_alloc(b->a, sizeof *x);
    if (!x || !t) return NULL;
    x->kind = EX_CALL;
    x->fn = fn;
    x->fn_data = q;
    x->type = t;
    x->args = args;
    x->nargs = nargs;
    x->line = pos->line;
    x->col = pos->col;
    return x;
}

eddy_status eddy__bind_outer_ref(Binder *b, const AstName *n, const AstPos *pos, Expr **out) {
    *out = NULL;
    for (const OuterScope *o = b->outer; o; o = o->up)
        for (int i = 0; i < o->sc->ntables; i++) {
            const ScopeTable *t = &o->sc->tables[i];
            bool qualified = n->nparts >= 2 && t->alias && !strcmp(t->alias, n->parts[0]);
            if (n->nparts >= 2 && !qualified) continue;
            const char *col = qualified ? n->parts[1] : n->parts[0];
            for (int c = 0; c < t->ncols; c++)
                if (!strcmp(t->names[c], col)) {
                    /* the scope binds no Rel's expressions (an aggregating select list,
                     * HAVING, ON, ...): no correlation variable can reach its row */
                    if (!o->sc->cor)
                        return eddy__bind_unsupported(b, pos, "correlated subqueries outside WHERE, the select list "
                                                              "and LATERAL");
                    CorVar *v = eddy__arena_alloc(b->a, sizeof *v);
                    *out = v ? marker(b, &outer_ref, eddy__type_with_timeattr(b->a, t->types[c], TA_NONE), NULL, 0,
                                      NULL, pos)
                             : NULL;
                    if (!*out) return NOMEM(b);
                    /* the scope's Rel takes a correlation variable at its first reference */
                    if (!*o->sc->cor) *o->sc->cor = ++b->ncor;
                    v->name = t->names[c];
                    v->cor = *o->sc->cor;
                    v->col = t->offset + c;
                    (*out)->fn_data = v;
                    return EDDY_OK;
                }
            if (qualified)
                return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Column '%s' not found in table '%s'", n->parts[1],
                                      n->parts[0]);
        }
    return EDDY_OK;
}

eddy_status eddy__bind_inner_query(Binder *b, const Scope *sc, const AstQuery *q, Rel **out) {
    OuterScope o = {sc, b->outer};
    const OuterScope *saved = b->outer;
    BindHook hook = b->hook;
    const char *clause = b->clause;
    /* the subquery is a query of its own: no aggregate context, no clause */
    b->outer = &o;
    b->hook = NULL;
    b->clause = NULL;
    eddy_status rc = eddy__bind_query_rel(b, q, out);
    b->outer = saved;
    b->hook = hook;
    b->clause = clause;
    return rc;
}

/* Calcite's message for a subquery of other than one column. */
static eddy_status not_single(Binder *b, const AstPos *pos, const Rel *q) {
    Buf t;
    eddy__buf_init(&t);
    for (int i = 0; i < q->ncols; i++) {
        if (i) eddy__buf_puts(&t, ", ");
        eddy__plan_type_text(&t, q->types[i]);
        eddy__buf_printf(&t, " %s", q->names[i]);
    }
    for (size_t i = 0; i < t.len; i++) t.data[i] = (char)toupper((unsigned char)t.data[i]);
    eddy_status rc = eddy__bind_err(b, pos, EDDY_E_VALIDATION,
                                    "Cannot apply '$SCALAR_QUERY' to arguments of type '$SCALAR_QUERY(<RECORDTYPE(%s)>)'. "
                                    "Supported form(s): '$SCALAR_QUERY(<RECORDTYPE(SINGLE FIELD)>)'",
                                    eddy__buf_cstr(&t));
    eddy__buf_free(&t);
    return rc;
}

eddy_status eddy__bind_subquery_expr(Binder *b, const Scope *sc, const AstExpr *e, Expr **out) {
    Rel *q;
    eddy_status rc;
    if (e->kind == AST_EXISTS) {
        if ((rc = eddy__bind_inner_query(b, sc, e->u.sub.query, &q))) return rc;
        /* EXISTS reads no column: Calcite's plan keeps no projection on top */
        while (q->kind == REL_PROJECT || q->kind == REL_OVER) q = q->in[0];
        *out = marker(b, &exists_query, eddy__type_basic(TY_BOOLEAN, false), NULL, 0, q, &e->pos);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (e->kind == AST_SUBQUERY) {
        if ((rc = eddy__bind_inner_query(b, sc, e->u.sub.query, &q))) return rc;
        if (q->ncols != 1) return not_single(b, &e->pos, q);
        *out = marker(b, &scalar_query, eddy__type_with_nullable(b->a, q->types[0], true), NULL, 0, q, &e->pos);
        return *out ? EDDY_OK : NOMEM(b);
    }
    /* x [NOT] IN (query) */
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *));
    if (!args) return NOMEM(b);
    if ((rc = eddy__bind_scalar(b, sc, e->u.in.operand, &args[0]))) return rc;
    if ((rc = eddy__bind_inner_query(b, sc, e->u.in.query, &q))) return rc;
    const Type *x = args[0]->type;
    bool row = x->root == TY_ROW;
    int arity = row ? x->nfields : 1;
    bool fits = q->ncols == arity;
    bool nullable = x->nullable;
    for (int i = 0; fits && i < arity; i++) {
        const Type *l = row ? x->fields[i].type : x;
        fits = eddy__type_common(b->a, l, q->types[i]) != NULL;
        nullable = nullable || l->nullable || q->types[i]->nullable;
    }
    if (!fits)
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Values passed to IN operator must have compatible types");
    Expr *in = marker(b, &in_query, eddy__type_basic(TY_BOOLEAN, nullable), args, 1, q, &e->pos);
    if (!in) return NOMEM(b);
    if (!e->u.in.negated) {
        *out = in;
        return EDDY_OK;
    }
    EdErr e2 = {0};
    if (eddy__expr_call_name(b->a, "NOT", &in, 1, out, &e2)) {
        eddy__err_move(b->err, &e2);
        return b->err->code;
    }
    return EDDY_OK;
}
