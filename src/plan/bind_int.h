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
    /* the correlation variable of the Rel whose expressions this scope binds
     * (its Rel.cor): set to a new id when a subquery first refers to one of
     * the scope's columns; NULL where no Rel can take one (a reference then
     * gets correlation 0, which the planner refuses) */
    int *cor;
} Scope;

typedef struct Binder Binder;

/* The scopes around a subquery being bound (innermost first): a name they
 * resolve makes the subquery correlated. */
typedef struct OuterScope {
    const Scope *sc;
    const struct OuterScope *up;
} OuterScope;

/* A hook consulted before each expression is bound (aggregate and OVER
 * contexts map aggregate calls and group keys to columns this way). It sets
 * *done when it bound e itself; otherwise binding goes on as usual and the
 * children of e come back through the hook. */
typedef eddy_status (*BindHook)(Binder *b, const Scope *sc, const AstExpr *e, Expr **out, bool *done);

struct Binder {
    const BindEnv *be;
    Arena *a;
    EdErr *err;
    EvalCtx cx;        /* for constant folding */
    Arena scratch;
    /* CTEs visible while binding a WITH query */
    int ncte;
    const char **cte_names;
    Rel **cte_rels;
    BindHook hook;     /* NULL outside aggregate / OVER contexts */
    void *hook_ctx;
    const char *clause; /* "WHERE", "GROUP BY", ...: where aggregates are illegal */
    const OuterScope *outer; /* while binding a subquery of an expression */
    int ncor;          /* correlation variables made so far ($cor0 is 1) */
};

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
/* Calcite's uniquify: name, or name with 0, 1, ... appended when one of
 * used[0..nused) has it already (arena memory). */
const char *eddy__bind_unique_name(Binder *b, const char *name, const char *const *used, int nused);

/* ---- relational operators (bind_agg.c, bind_rel.c) -------------------------------------- */

/* One item of a select list after * expansion: an expression (ast) or an
 * input column (ast NULL, col >= 0), with its alias (NULL: derive one). */
typedef struct SelItem {
    const AstExpr *ast;
    int col;
    const char *alias;
    const AstPos *pos;
} SelItem;

/* What a SELECT binds its list over: the FROM/WHERE result and its scope. */
typedef struct SelInput {
    Rel *rel;
    const Scope *sc;
} SelInput;

/* Whether e contains an aggregate call outside OVER (subqueries excluded):
 * a built-in aggregate or a C aggregate function of the environment. */
bool eddy__bind_has_agg(const Binder *b, const AstExpr *e);
/* Whether e contains an OVER call. */
bool eddy__bind_has_over(const Binder *b, const AstExpr *e);
/* The C aggregate function (FN_AGGREGATE) `name` resolves to, with Flink's
 * order (temporary system functions, built-ins, catalog functions), or NULL. */
const FuncDef *eddy__bind_user_aggregate(const Binder *b, const char *name);
/* The result type of aggregate `fn` (upper case) over args. `global`: no
 * grouping keys (the result of an empty input is NULL); `over`: an OVER
 * aggregate. */
eddy_status eddy__bind_agg_type(Binder *b, const AstPos *pos, const char *fn, Expr *const *args, int n, bool star,
                                bool global, bool over, const Type **out);
/* Binds the select items of an aggregating SELECT (GROUP BY, HAVING, group
 * windows, aggregates without GROUP BY): builds the Aggregate (and HAVING
 * filter) over `in` and binds each item over it into exprs[i]. *rel_out is
 * the Rel the exprs refer to. */
eddy_status eddy__bind_aggregate(Binder *b, const AstQuery *q, SelInput in, const SelItem *items, int nitems,
                                 Expr **exprs, Rel **rel_out);
/* Binds the select items of a SELECT with OVER aggregates: an Over Rel over
 * `in` and the items over it. */
eddy_status eddy__bind_over(Binder *b, const AstQuery *q, SelInput in, const SelItem *items, int nitems, Expr **exprs,
                            Rel **rel_out);
/* A DISTINCT over r (an Aggregate keyed by every column). */
eddy_status eddy__bind_distinct(Binder *b, Rel *r, Rel **out);
/* A join of l and r (cond over l's then r's columns, NULL: none). */
eddy_status eddy__bind_join_rel(Binder *b, JoinType jt, Rel *l, Rel *r, Expr *cond, Rel **out);
/* UNION (distinct) / INTERSECT / EXCEPT of l and r, already cast to common
 * column types. */
eddy_status eddy__bind_setop_rel(Binder *b, SetOpKind op, bool all, Rel *l, Rel *r, Rel **out);
/* Scalar subqueries, EXISTS and IN (query) (bind_subquery.c): the query is
 * bound (a reference to an enclosing query's column is a marker too) and
 * typed as Calcite types it; the expression is a marker call that the
 * logical rewrite (rules_subquery.c) turns into joins. */
eddy_status eddy__bind_subquery_expr(Binder *b, const Scope *sc, const AstExpr *e, Expr **out);
/* A reference to a column of an enclosing query (correlation), when one of
 * b->outer's scopes resolves n: a CorVar marker of that scope's correlation
 * variable (allocated at its first reference); "not supported yet" for a
 * scope no Rel binds; *out stays NULL when no scope resolves n. */
eddy_status eddy__bind_outer_ref(Binder *b, const AstName *n, const AstPos *pos, Expr **out);
/* Binds q with the scope sc around it (its columns visible as outer
 * references): subqueries in expressions, LATERAL subqueries. */
eddy_status eddy__bind_inner_query(Binder *b, const Scope *sc, const AstQuery *q, Rel **out);
/* Binds a query (bind_query.c). */
eddy_status eddy__bind_query_rel(Binder *b, const AstQuery *q, Rel **out);

/* input MATCH_RECOGNIZE (mr) (bind_match.c): a REL_MATCH over `in`, whose
 * columns sc shows, typed as Flink types it. */
eddy_status eddy__bind_match(Binder *b, Rel *in, const Scope *sc, const AstMatchRecognize *mr, Rel **out);

/* UNNEST(..) or [LATERAL] TABLE(f(..)) (t) over `left`, whose columns sc
 * shows to the arguments: a REL_CORRELATE of join type jt (JOIN_INNER or
 * JOIN_LEFT), under a renaming projection when the query sees other names
 * (bind_correlate.c). */
eddy_status eddy__bind_correlate(Binder *b, Rel *left, const Scope *sc, const AstTableRef *t, JoinType jt, Rel **out);

#endif
