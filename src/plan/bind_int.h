/*
 * bind_int.h -- the binder's internal state shared by bind_expr.c (scalar
 * expressions) and bind_query.c (queries): scopes of visible columns and
 * error helpers that produce Calcite's "From line L, column C to line L2,
 * column C2: ..." messages.
 */
#ifndef EDDY_BIND_INT_H
#define EDDY_BIND_INT_H

#include "plan/plan.h"

/* One table visible in a scope: its alias and its columns, which are
 * columns [offset, offset + ncols) of the scope's input row. */
typedef struct ScopeTable {
    const char *alias; /* NULL for an anonymous input */
    int offset, ncols;
    const char *const *names;
    const Type *const *types;
} ScopeTable;

typedef struct Scope {
    int ntables;
    ScopeTable *tables;
    int ncols; /* total */
} Scope;

typedef struct Binder {
    const BindEnv *be;
    Arena *a;
    EdErr *err;
    EvalCtx cx;        /* for constant folding */
    Arena scratch;
    /* CTEs visible while binding a WITH query */
    int ncte;
    const char **cte_names;
    Rel **cte_rels;
} Binder;

/* Error at an AST position, in Calcite's form. */
eddy_status eddy__bind_err(Binder *b, const AstPos *pos, eddy_status code, const char *fmt, ...) ED_PRINTF(4, 5);
/* "not supported yet: <feature>" at pos. */
eddy_status eddy__bind_unsupported(Binder *b, const AstPos *pos, const char *feature);

void eddy__binder_init(Binder *b, const BindEnv *be, EdErr *err);
void eddy__binder_done(Binder *b);

/* Binds a scalar expression in scope sc. */
eddy_status eddy__bind_scalar(Binder *b, const Scope *sc, const AstExpr *e, Expr **out);
/* The column name Calcite derives for a select item without alias, or
 * NULL (then EXPR$n). */
const char *eddy__bind_derived_name(const AstExpr *e);
/* Typed literal for a string value (CHAR(n) NOT NULL). */
Expr *eddy__bind_string_literal(Binder *b, const char *s, size_t n);

#endif
