/*
 * expr.h -- bound, typed scalar expressions and their evaluation a batch at
 * a time.
 *
 * The binder (plan layer) builds Expr trees: column references, literals,
 * calls of built-in or user functions, casts, CASE. eddy__expr_compile turns
 * a tree into an ExprProg: a flat array of nodes in evaluation order with
 * constants folded. eddy__expr_eval evaluates a program over the selected
 * rows of a batch and returns a vector indexed like the batch (physical
 * rows); rows outside the selection are left unset. Column references return
 * the batch's own vector (no copy).
 *
 * Functions are FuncDefs in a registry (functions.c): each has a name, a
 * type-inference callback used by the binder, and a vectorised kernel. A
 * strict function (NULL in -> NULL out) gets only the rows where every
 * argument is non-NULL; its kernel never sees a NULL.
 *
 * Programs are immutable once compiled and may be shared by the subtasks of a
 * job; each evaluation takes an EvalCtx with the per-call scratch arena,
 * error record and session settings.
 */
#ifndef EDDY_EXPR_H
#define EDDY_EXPR_H

#include "types/vector.h"

typedef struct TimeZone TimeZone;
typedef struct Expr Expr;
typedef struct FuncDef FuncDef;

typedef enum ExprKind {
    EX_COLUMN,  /* input column `index` */
    EX_LITERAL, /* value */
    EX_CALL,    /* fn(args) */
    EX_CAST,    /* CAST(args[0] AS type); try_cast for TRY_CAST */
    EX_CASE,    /* args: cond1, val1, ..., condN, valN, else */
    EX_FIELD,   /* args[0].field `index` (ROW / STRUCTURED) */
} ExprKind;

struct Expr {
    ExprKind kind;
    const Type *type;
    int index;        /* EX_COLUMN column, EX_FIELD field */
    Value value;      /* EX_LITERAL */
    const FuncDef *fn;/* EX_CALL */
    const void *fn_data; /* per-call data chosen at bind time (e.g. a compiled LIKE pattern);
                          * EX_CASE: NULL, or the name plans print it with ("IF") */
    int nargs;
    Expr **args;
    bool try_cast;
    /* source position for run-time error messages (0 = unknown) */
    int line, col;
};

/* Session settings and scratch memory for one evaluation. */
typedef struct EvalCtx {
    Arena *scratch;          /* temporaries; the caller resets it between batches */
    EdErr *err;
    const TimeZone *tz;      /* table.local-time-zone */
    int64_t now_ms;          /* statement time for CURRENT_TIMESTAMP etc. */
    int64_t proc_ms;         /* processing time now (PROCTIME()) */
    /* CURRENT_WATERMARK(): the evaluating operator's current watermark
     * (INT64_MIN: none yet); without has_watermark it is NULL */
    int64_t watermark_ms;
    bool has_watermark;
} EvalCtx;

/* A kernel computes out[r] for every r in rows (physical rows, all with
 * non-NULL arguments when the function is strict). args are vectors indexed
 * by physical row (or constant vectors: use vidx). out has the batch's
 * capacity and the call's type. */
typedef eddy_status (*Kernel)(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows);

/* Type inference: given the argument expressions (already bound and typed),
 * returns the result type in *out, or an error (EDDY_E_VALIDATION with
 * Flink's message). It may replace arguments by implicit casts of them
 * (coercion to a common type) and set *data for the kernel (allocated in
 * a). */
typedef eddy_status (*InferFn)(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                               const void **data, EdErr *err);

enum {
    FN_STRICT = 1,        /* NULL argument -> NULL result, kernel sees no NULLs */
    FN_NONDETERMINISTIC = 2, /* never constant-folded (RAND, CURRENT_TIMESTAMP, PROCTIME) */
    FN_AGGREGATE = 4,     /* an aggregate function (bound by the planner, not evaluated here) */
    FN_USER = 8,          /* a C function registered by the user */
    FN_NO_FOLD = 16,      /* deterministic, but never constant-folded (JSON(): its caller needs the call) */
};

struct FuncDef {
    const char *name;   /* upper case, as called in SQL ("UPPER", "+", "=") */
    int min_args, max_args; /* max -1 = variadic */
    int flags;
    InferFn infer;
    Kernel kernel;
    const char *signature; /* for error messages: "UPPER(<CHARACTER_STRING>)" */
};

/* ---- registry ------------------------------------------------------------- */

/* The built-in function named `name` (case-insensitive), or NULL. */
const FuncDef *eddy__fn_lookup(const char *name);
/* All built-in functions (for SHOW FUNCTIONS). */
const FuncDef *const *eddy__fn_all(int *count);

/* A C scalar function (fn_user.c) named `name` taking nparams arguments of
 * the given types (calls cast implicitly to them) and returning `result`;
 * eval runs once per row. Allocated in a; NULL when memory runs out. */
const FuncDef *eddy__fn_user_new(Arena *a, const char *name, int nparams, const Type *const *params,
                                 const Type *result, eddy_scalar_fn eval, void *ctx, bool nondeterministic);

/* ---- building --------------------------------------------------------------- */

Expr *eddy__expr_column(Arena *a, int index, const Type *t);
Expr *eddy__expr_literal(Arena *a, const Value *v);
Expr *eddy__expr_null(Arena *a, const Type *t);
/* A call of fn with args, typed by fn->infer. */
eddy_status eddy__expr_call(Arena *a, const FuncDef *fn, Expr **args, int nargs, Expr **out, EdErr *err);
/* Shortcut: call the built-in named `name`. */
eddy_status eddy__expr_call_name(Arena *a, const char *name, Expr **args, int nargs, Expr **out, EdErr *err);
/* CAST(e AS t) (validated with the explicit-cast rules; `implicit` uses the
 * implicit ones and names the error accordingly). Returns e itself when the
 * types are equal. */
eddy_status eddy__expr_cast(Arena *a, Expr *e, const Type *t, bool try_cast, Expr **out, EdErr *err);
/* A copy of e with every column reference i replaced by repl[i] (shared,
 * not copied); NULL when memory runs out or a reference is out of range. */
Expr *eddy__expr_subst(Arena *a, const Expr *e, const Expr *const *repl, int nrepl);
/* True when e's value does not depend on the input row. */
bool eddy__expr_is_constant(const Expr *e);

/* ---- compiled programs ------------------------------------------------------- */

typedef struct ExprProg ExprProg;

/* Compiles e (folding constants; errors from folding, such as a failing
 * constant CAST, are reported here). The program lives in arena a. */
eddy_status eddy__expr_compile(Arena *a, const Expr *e, EvalCtx *cx, ExprProg **out);
/* Evaluates prog over `rows` of batch b (rows == NULL: all b->n rows in
 * order). *out receives a vector reference the caller releases. */
eddy_status eddy__expr_eval(const ExprProg *prog, EvalCtx *cx, const Batch *b, const uint32_t *rows, uint32_t nrows,
                            Vector **out);
/* Evaluates a predicate and returns the rows (a subset of `rows`, in order)
 * where it is TRUE, in `keep` (caller-provided, nrows slots); *nkeep set. */
eddy_status eddy__expr_filter(const ExprProg *prog, EvalCtx *cx, const Batch *b, const uint32_t *rows,
                              uint32_t nrows, uint32_t *keep, uint32_t *nkeep);
/* Evaluates a constant expression to a value (strings in arena a). */
eddy_status eddy__expr_eval_const(Arena *a, const Expr *e, EvalCtx *cx, Value *out);
/* The result type of a program. */
const Type *eddy__expr_prog_type(const ExprProg *prog);

/* ---- kernels' helpers ----------------------------------------------------------- */

/* Evaluates a cast of one vector (for operators that convert columns).
 * rows as for eddy__expr_eval. */
eddy_status eddy__cast_vector(EvalCtx *cx, const Vector *in, const Type *to, bool try_cast, const uint32_t *rows,
                              uint32_t nrows, Vector **out);

#endif
