/*
 * bind_correlate.c -- the right side of a lateral join: UNNEST(e) [WITH
 * ORDINALITY] and [LATERAL] TABLE(f(args)) with a C table function, bound
 * over the columns of the left side as one REL_CORRELATE (Calcite's
 * LogicalCorrelate). The Correlate's own columns carry the names Flink's
 * physical plan gives them (f0, f1, .. for UNNEST of scalars and maps, the
 * fields of ROW elements, the table function's columns); a projection on
 * top gives the names the query sees (EXPR$0, KEY / VALUE, ORDINALITY, or
 * the column aliases of AS T(a, b)).
 */
#include "plan/bind_int.h"

#define NOMEM(b) eddy__err((b)->err, EDDY_E_NOMEM, "out of memory")

/* The columns UNNEST gives for an argument of type t: the Correlate's
 * names, the names the query sees, and their types. */
static eddy_status unnest_columns(Binder *b, const Type *t, bool ordinality, int *n, const char ***fnames,
                                  const char ***vnames, const Type ***types) {
    int k = t->root == TY_MAP ? 2 : t->elem->root == TY_ROW ? t->elem->nfields : 1;
    int total = k + (ordinality ? 1 : 0);
    const char **fn = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(total + 1));
    const char **vn = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(total + 1));
    const Type **ty = eddy__arena_alloc(b->a, sizeof(Type *) * (size_t)(total + 1));
    if (!fn || !vn || !ty) return NOMEM(b);
    if (t->root == TY_MAP) {
        fn[0] = "f0", fn[1] = "f1";
        vn[0] = "KEY", vn[1] = "VALUE";
        ty[0] = t->elem, ty[1] = t->value;
    } else if (t->elem->root == TY_ROW) {
        for (int i = 0; i < k; i++) {
            fn[i] = vn[i] = t->elem->fields[i].name;
            ty[i] = t->elem->fields[i].type;
            /* fields of a NULL element are NULL */
            if (t->elem->nullable && !(ty[i] = eddy__type_with_nullable(b->a, ty[i], true))) return NOMEM(b);
        }
    } else {
        fn[0] = "f0";
        vn[0] = "EXPR$0";
        ty[0] = t->elem;
    }
    if (ordinality) {
        fn[k] = vn[k] = "ORDINALITY";
        ty[k] = eddy__type_basic(TY_INT, false);
    }
    *n = total;
    *fnames = fn;
    *vnames = vn;
    *types = ty;
    return EDDY_OK;
}

/* Binds the arguments of UNNEST or of a table function call over sc. */
static eddy_status bind_args(Binder *b, const Scope *sc, AstExpr *const *aargs, int n, Expr ***out) {
    Expr **args = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n + 1));
    if (!args) return NOMEM(b);
    for (int i = 0; i < n; i++) {
        eddy_status rc = eddy__bind_scalar(b, sc, aargs[i], &args[i]);
        if (rc) return rc;
    }
    *out = args;
    return EDDY_OK;
}

/* The table function a call names, with its arguments cast to its
 * parameter types. */
static eddy_status bind_function(Binder *b, const Scope *sc, const AstExpr *call, const TableFunc **tf_out,
                                 Expr ***args_out) {
    const char *name = call->u.call.name;
    const TableFunc *tf = b->be->table_functions ? b->be->table_functions(b->be->functions_ctx, name) : NULL;
    if (tf && tf->temporal)
        return eddy__bind_err(b, &call->pos, EDDY_E_VALIDATION,
                              "The temporal table function '%s' can only be joined: l JOIN LATERAL TABLE(%s(l.time)) "
                              "ON <key equality>, or FROM l, LATERAL TABLE(%s(l.time)) WHERE ...",
                              name, name, name);
    if (!tf) {
        /* an unknown name gets the binder's "No match found for function
         * signature"; a scalar function cannot give rows */
        Expr *x;
        eddy_status rc = eddy__bind_scalar(b, sc, call, &x);
        if (rc) return rc;
        return eddy__bind_err(b, &call->pos, EDDY_E_VALIDATION, "Function '%s' is not a table function.", name);
    }
    Expr **args = NULL;
    eddy_status rc = bind_args(b, sc, call->u.call.args, call->u.call.nargs, &args);
    if (rc) return rc;
    Expr *typed;
    EdErr e2 = {0};
    if (eddy__expr_call(b->a, tf->check, args, call->u.call.nargs, &typed, &e2)) {
        if (e2.code == EDDY_E_NOMEM) {
            eddy__err_move(b->err, &e2);
            return EDDY_E_NOMEM;
        }
        rc = eddy__bind_err(b, &call->pos, e2.code, "%s", e2.msg ? e2.msg : eddy_status_str(e2.code));
        eddy__err_clear(&e2);
        return rc;
    }
    *tf_out = tf;
    *args_out = typed->args;
    return EDDY_OK;
}

eddy_status eddy__bind_correlate(Binder *b, Rel *left, const Scope *sc, const AstTableRef *t, JoinType jt, Rel **out) {
    const TableFunc *tf = NULL;
    Expr **args = NULL;
    int nargs = 0, nfn = 0;
    const char **fnames = NULL, **vnames = NULL;
    const Type **ftypes = NULL;
    bool ordinality = false;
    eddy_status rc;
    if (t->kind == AST_TREF_UNNEST) {
        nargs = t->u.unnest.nargs;
        ordinality = t->u.unnest.with_ordinality;
        if (nargs != 1) return eddy__bind_unsupported(b, &t->pos, "UNNEST of several arguments");
        if ((rc = bind_args(b, sc, t->u.unnest.args, nargs, &args))) return rc;
        const Type *at = args[0]->type;
        if (at->root != TY_ARRAY && at->root != TY_MAP && at->root != TY_MULTISET) {
            Buf tb;
            eddy__buf_init(&tb);
            eddy__plan_type_text(&tb, at);
            rc = eddy__bind_err(b, &t->u.unnest.args[0]->pos, EDDY_E_VALIDATION,
                                "Cannot apply 'UNNEST' to arguments of type 'UNNEST(<%s>)'. Supported form(s): "
                                "'UNNEST(<MULTISET>)'\n'UNNEST(<ARRAY>)'\n'UNNEST(<MAP>)'",
                                eddy__buf_cstr(&tb));
            eddy__buf_free(&tb);
            return rc;
        }
        if ((rc = unnest_columns(b, at, ordinality, &nfn, &fnames, &vnames, &ftypes))) return rc;
    } else {
        const AstExpr *call = t->u.function.call;
        if ((rc = bind_function(b, sc, call, &tf, &args))) return rc;
        nargs = call->u.call.nargs;
        nfn = tf->ncols;
        fnames = vnames = tf->names;
        ftypes = tf->types;
    }
    Rel *r = eddy__rel_new(b->a, REL_CORRELATE, left->ncols + nfn, 1);
    if (!r) return NOMEM(b);
    r->in[0] = left;
    for (int i = 0; i < left->ncols; i++) {
        r->names[i] = left->names[i];
        r->types[i] = left->types[i];
    }
    for (int i = 0; i < nfn; i++) {
        r->names[left->ncols + i] = fnames[i];
        r->types[left->ncols + i] = jt == JOIN_LEFT ? eddy__type_with_nullable(b->a, ftypes[i], true) : ftypes[i];
        if (!r->types[left->ncols + i]) return NOMEM(b);
    }
    r->join = jt;
    r->tfunc = tf;
    r->nargs = nargs;
    r->exprs = (const Expr **)args;
    r->ordinality = ordinality;
    r->changelog = left->changelog;
    /* the names the query sees */
    int na = t->ncol_aliases;
    if (na && na != nfn)
        return eddy__bind_err(b, &t->pos, EDDY_E_VALIDATION,
                              "List of column aliases must have same degree as table; table has %d columns, whereas "
                              "alias list has %d columns",
                              nfn, na);
    bool rename = na > 0;
    for (int i = 0; i < nfn && !rename; i++) rename = strcmp(fnames[i], vnames[i]) != 0;
    if (!rename) {
        *out = r;
        return EDDY_OK;
    }
    const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)r->ncols);
    const char **names = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)r->ncols);
    if (!ex || !names) return NOMEM(b);
    for (int i = 0; i < r->ncols; i++) {
        int f = i - left->ncols;
        names[i] = f < 0 ? r->names[i] : na ? t->col_aliases[f]->name : vnames[f];
        if (!(ex[i] = eddy__expr_column(b->a, i, r->types[i]))) return NOMEM(b);
    }
    *out = eddy__rel_project(b->a, r, r->ncols, ex, names);
    return *out ? EDDY_OK : NOMEM(b);
}
