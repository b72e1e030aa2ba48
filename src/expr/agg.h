/*
 * agg.h -- the aggregate function library: what group aggregation, window
 * and OVER operators call to compute COUNT, SUM, AVG, MIN, MAX, LISTAGG,
 * COLLECT, ... and the user's C aggregate functions, without knowing any of
 * them.
 *
 * The planner resolves each aggregate call once (function, argument types,
 * DISTINCT, whether its input updates) into an AggFn: an immutable
 * descriptor shared by every subtask. An operator keeps, per group and per
 * aggregate, an accumulator made of
 *
 *   - a fixed part of fn->acc_size bytes (aligned to fn->acc_align), kept
 *     inline in the operator's state slot. It is plain data: no pointers
 *     (except for a C function with create/destroy, AGG_HAS_DESTROY), so it
 *     can be copied, moved and snapshotted as bytes;
 *   - fn->nviews "views": per-group maps or lists of byte strings that
 *     functions with unbounded state keep (retractable MIN/MAX: value ->
 *     count; DISTINCT: arguments -> count; LISTAGG / ARRAY_AGG: lists). The
 *     operator stores them (in keyed map / list state) and gives access
 *     through the callbacks of AggViewOps, so this library depends on no
 *     state backend.
 *
 * Every entry point works a batch at a time and allocates nothing per row:
 *
 *   init(acc)                         a new group's fixed part (views empty)
 *   accumulate(args, rows, n, accs)   rows[i] of the argument vectors goes
 *                                     into accumulator accs[i]
 *   retract(args, rows, n, accs)      takes rows back (updating input)
 *   merge(dst, src, n)                dst[i] += src[i] (two-phase, batch
 *                                     hash aggregation, session windows)
 *   get_value(accs, n, out, first)    result of accs[i] into out slot first+i
 *
 * The accumulator pointers are the operator's own (typically its state slot
 * of the group, holding the key and every aggregate); the function's fixed
 * part is at pointer + cx->acc_offset, and the operator names the function's
 * views with cx->view_base: it sets both before calling a function, so one
 * pointer array per batch serves all of a slot's functions.
 *
 * Contract of accumulate / retract: args are the argument vectors (indexed
 * by physical row, constant vectors allowed), already of fn->args' types;
 * rows[0..n) the physical rows to take, in input order; accs[i] the pointer
 * of the group rows[i] belongs to. The same group may appear several
 * times in one call: rows are applied in order. FILTER (WHERE c) is the
 * operator's: it passes only the rows whose filter column is TRUE. For an
 * AGG_ORDERED function (the result depends on the order of rows, e.g.
 * LISTAGG, FIRST_VALUE) the operator keeps each group's input order across
 * accumulate and retract: it calls them on runs of rows of one direction, as
 * the rows come. NULL arguments are the function's business (COUNT(x) skips
 * them, ARRAY_AGG keeps them).
 *
 * Errors are a status and a message on cx->err (Flink's texts where Flink
 * fails at run time, e.g. JSON_OBJECTAGG's duplicate key).
 */
#ifndef EDDY_AGG_H
#define EDDY_AGG_H

#include "expr/expr.h"

typedef struct AggFn AggFn;
typedef struct AggCtx AggCtx;

/* ---- views: the per-group state an operator keeps for a function -------------------- */

typedef enum AggViewKind {
    AGG_VIEW_MAP,  /* byte-string key -> byte-string value */
    AGG_VIEW_LIST, /* byte strings in insertion order, duplicates allowed */
} AggViewKind;

/* Called for each entry of a view during iteration; key is NULL (klen 0) for
 * lists. Returning anything but EDDY_OK stops the iteration, and the
 * iteration returns that status (AGG_STOP stops without an error). */
typedef eddy_status (*AggVisitFn)(void *arg, const void *key, size_t klen, const void *val, size_t vlen);
#define AGG_STOP EDDY_DONE

/* Rewrites, in place, the vlen-byte value of a map_update: the stored one
 * (found true) or vlen zero bytes (found false). */
typedef void (*AggMapUpdateFn)(void *arg, void *val, bool found);

/* What the operator implements. Every callback names the view by (acc,
 * view): `acc` is the pointer the operator passed to the call in progress
 * (for merge: a dst or a src pointer), which tells it the group; `view` is
 * cx->view_base + the function's own view index (0 .. fn->nviews-1), so one
 * operator can host several functions by giving each a distinct view_base. Keys and values are byte strings made by the
 * library; the operator copies what it keeps and may compare keys bytewise
 * (equal keys are equal bytes).
 *
 * Lifetimes: a pointer returned by map_get stays valid until the next call
 * of any callback on the same AggCtx; those passed to a visitor until the
 * visitor returns (the library copies what it needs longer). A visitor must
 * not call back into the views; the library never modifies a view while
 * iterating it.
 *
 * Each callback returns EDDY_OK or an error with a message on cx->err (out
 * of memory, state backend failure), which the library passes up. */
typedef struct AggViewOps {
    /* Sets *val / *vlen to the value under key, or *val = NULL when absent. */
    eddy_status (*map_get)(void *ctx, void *acc, int view, const void *key, size_t klen, const void **val,
                           size_t *vlen);
    /* Inserts or replaces. */
    eddy_status (*map_put)(void *ctx, void *acc, int view, const void *key, size_t klen, const void *val,
                           size_t vlen);
    /* Removes the key (absent: nothing happens). */
    eddy_status (*map_remove)(void *ctx, void *acc, int view, const void *key, size_t klen);
    /* Visits every entry, in any order. */
    eddy_status (*map_iter)(void *ctx, void *acc, int view, AggVisitFn visit, void *arg);
    /* Appends a value. */
    eddy_status (*list_add)(void *ctx, void *acc, int view, const void *val, size_t vlen);
    /* Visits the values in insertion order. */
    eddy_status (*list_iter)(void *ctx, void *acc, int view, AggVisitFn visit, void *arg);
    /* Removes the first value equal to val (bytewise); *removed says whether
     * there was one (Java's List.remove(Object)). */
    eddy_status (*list_remove)(void *ctx, void *acc, int view, const void *val, size_t vlen, bool *removed);
    /* Empties the view. */
    eddy_status (*clear)(void *ctx, void *acc, int view);
    /* Optional (NULL: the library does map_get, then map_put): a
     * read-modify-write of the vlen-byte value under key in one lookup -- fn
     * gets the stored value when it has vlen bytes (found), else vlen zero
     * bytes, and rewrites it; the result is stored. */
    eddy_status (*map_update)(void *ctx, void *acc, int view, const void *key, size_t klen, size_t vlen,
                              AggMapUpdateFn fn, void *arg);
} AggViewOps;

/* The per-operator-instance context of every call: the view callbacks, the
 * error record and scratch memory. One per running operator (subtask), used
 * by one thread; the AggFns themselves are immutable and shared. */
struct AggCtx {
    const AggViewOps *views; /* NULL when no function of the operator has views */
    void *views_ctx;
    int view_base;           /* added to a function's view index; set by the operator per function */
    size_t acc_offset;       /* where the function's fixed part is in the pointers the operator passes
                              * (accs[i] + acc_offset); set by the operator per function */
    EdErr *err;
    /* library-owned scratch, reused across calls (eddy__agg_ctx_free) */
    Buf key, val, tmp;
    uint32_t *rows;          /* sub-selections (DISTINCT) */
    void **accs;
    size_t cap;
    uint32_t *set_rows;      /* per member of a distinct set, its sub-selection (set_cap rows each) */
    void **set_accs;
    size_t set_cap;
    Arena scratch;           /* a call's temporaries: a function may reset it when it returns, so
                              * nothing calling another function keeps memory in it */
};

/* Initialises cx (views may be NULL when no function uses views). */
void eddy__agg_ctx_init(AggCtx *cx, const AggViewOps *views, void *views_ctx, EdErr *err);
/* Releases the scratch memory of cx. */
void eddy__agg_ctx_free(AggCtx *cx);

/* ---- the descriptor ---------------------------------------------------------------- */

enum {
    AGG_RETRACT = 1,     /* retract is available */
    AGG_MERGE = 2,       /* merge is available */
    AGG_ORDERED = 4,     /* the result depends on the order of rows (see the contract above) */
    AGG_HAS_DESTROY = 8, /* the fixed part holds resources: call destroy when a group goes */
};

struct AggFn {
    const char *name;         /* as plans print it: "COUNT", "SUM", "MAX_RETRACT", "LISTAGG", a UDAF's name */
    int nargs;
    const Type *const *args;  /* argument types, as the vectors passed in */
    const Type *result;       /* result type (nullability as the function can produce) */
    uint32_t acc_size;        /* bytes of the fixed part (> 0) */
    uint32_t acc_align;       /* its alignment (power of two, <= 16) */
    int nviews;
    const AggViewKind *views; /* kind of each view */
    unsigned flags;           /* AGG_* */
    /* see the file comment; retract and merge are NULL unless the flags say */
    eddy_status (*init)(const AggFn *fn, AggCtx *cx, void *acc);
    eddy_status (*accumulate)(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                              void *const *accs);
    eddy_status (*retract)(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs);
    /* Folds src[i] (fixed part and views) into dst[i]; src[i] is left in an
     * unspecified state: the operator drops it (destroy, clear its views). */
    eddy_status (*merge)(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n);
    /* Writes the value of accs[i] into slot first + i of out (out has the
     * result type and room for the slots); the accumulators are unchanged. */
    eddy_status (*get_value)(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first);
    /* Releases what the fixed part holds (AGG_HAS_DESTROY only; else NULL). */
    void (*destroy)(const AggFn *fn, AggCtx *cx, void *acc);
    const void *data;         /* private to the function */
};

/* ---- resolving a call ------------------------------------------------------------------- */

/* How NULL inputs are treated by the functions that have a choice. */
typedef enum AggNulls {
    AGG_NULLS_DEFAULT, /* the function's default: ARRAY_AGG respects NULLs, JSON_ARRAYAGG is ABSENT ON NULL,
                        * JSON_OBJECTAGG is NULL ON NULL */
    AGG_NULLS_RESPECT, /* RESPECT NULLS / NULL ON NULL */
    AGG_NULLS_IGNORE,  /* IGNORE NULLS / ABSENT ON NULL */
} AggNulls;

/* An aggregate call as the planner knows it. */
typedef struct AggSpec {
    const char *name;          /* upper case: COUNT, SUM, SUM0 (or $SUM0), AVG, MIN, MAX, FIRST_VALUE,
                                * LAST_VALUE, LISTAGG, COLLECT, ARRAY_AGG, JSON_OBJECTAGG, JSON_ARRAYAGG,
                                * STDDEV_POP, STDDEV_SAMP, STDDEV, VAR_POP, VAR_SAMP, VARIANCE; ignored for a
                                * user function */
    int nargs;
    const Type *const *args;   /* argument types */
    const Value *const *consts;/* per argument, its value when the planner knows it is constant (else NULL);
                                * may itself be NULL. LISTAGG's separator must be constant. */
    bool star;                 /* COUNT(*) */
    bool distinct;             /* f(DISTINCT ...) */
    bool retract;              /* the input updates: the function must retract (else a planning error) */
    AggNulls nulls;            /* ARRAY_AGG / JSON_*AGG NULL treatment */
    const FuncDef *user;       /* a C aggregate function (FN_AGGREGATE | FN_USER), or NULL */
    const Type *expect;        /* the binder's result type, checked against the library's (NULL: no check) */
} AggSpec;

/* Resolves a call into *out (allocated in a, which must outlive the plan).
 * Errors are Flink's planning errors: a type the function does not take
 * (TableException "Min aggregate function does not support type: ''...''.\n
 * Please re-check the data type."), a function that cannot retract on an
 * updating input ("Function class '...' does not implement at least one
 * method named 'retract' ..."), an unknown name. */
eddy_status eddy__agg_resolve(Arena *a, const AggSpec *spec, const AggFn **out, EdErr *err);

/* The names eddy__agg_resolve takes (for SHOW FUNCTIONS and the binder). */
bool eddy__agg_is_builtin(const char *name);

/* ---- shared DISTINCT maps ---------------------------------------------------------------- */

/* DISTINCT calls over the same argument columns share one map view: per
 * distinct value one count per call (the calls may differ in function and
 * FILTER), as Flink's distinct views per argument list do. A row of the
 * input then costs one map lookup for all of them rather than two per call.
 * The map is view 0 of the set's first member (the others' stay empty); a
 * set of one call keeps exactly the map its DISTINCT wrapper keeps. Only
 * operators that feed every member through eddy__agg_distinct_set_update
 * (never the member's own accumulate / retract / merge) may use sets. */
#define AGG_DISTINCT_SET_MAX 64

typedef struct AggDistinctSet {
    int n;                   /* members (1 .. AGG_DISTINCT_SET_MAX) */
    int nargs;
    const int *args;         /* argument columns of the input (the members') */
    int *calls;              /* per member: its index in the operator's call list */
    const AggFn **fns;       /* per member: its DISTINCT AggFn */
    size_t *offsets;         /* per member: its acc_offset */
    int *view_bases;         /* per member: its view_base */
    int *filters;            /* per member: its FILTER column, -1 for none */
} AggDistinctSet;

/* True when fn is a DISTINCT wrapper that can be a set member (its wrapped
 * function keeps no views of its own; at most 16 arguments). */
bool eddy__agg_distinct_shareable(const AggFn *fn);
/* Puts the operator's ncalls calls (per call its AggFn, argument columns,
 * FILTER column or -1, acc_offset and view_base) that are shareable into
 * sets of equal argument columns, in call order: *sets (arena a), *nsets;
 * in_set[i] says whether call i is in a set. */
eddy_status eddy__agg_distinct_sets(Arena *a, int ncalls, const AggFn *const *fns, const int *const *args,
                                    const int *filters, const size_t *offsets, const int *view_bases,
                                    AggDistinctSet **sets, int *nsets, bool *in_set, EdErr *err);
/* Accumulates (retract false) or retracts input rows rows[0..n) (of the
 * batch columns cols) into the groups accs[i] for every member whose FILTER
 * the row passes: one map update per row; a member's function sees a value
 * when its count goes from 0 to 1 (or from 1 to 0). */
eddy_status eddy__agg_distinct_set_update(AggCtx *cx, const AggDistinctSet *set, Vector *const *cols,
                                          const uint32_t *rows, uint32_t n, void *const *accs, bool retract);

/* ---- calling (thin inline dispatch, so operators read naturally) ------------------------ */

static inline eddy_status eddy__agg_init(const AggFn *fn, AggCtx *cx, void *acc) { return fn->init(fn, cx, acc); }
static inline eddy_status eddy__agg_accumulate(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows,
                                               uint32_t n, void *const *accs) {
    return n ? fn->accumulate(fn, cx, args, rows, n, accs) : EDDY_OK;
}
static inline eddy_status eddy__agg_retract(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows,
                                            uint32_t n, void *const *accs) {
    return n ? fn->retract(fn, cx, args, rows, n, accs) : EDDY_OK;
}
static inline eddy_status eddy__agg_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    return n ? fn->merge(fn, cx, dst, src, n) : EDDY_OK;
}
static inline eddy_status eddy__agg_get_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out,
                                              uint32_t first) {
    return n ? fn->get_value(fn, cx, accs, n, out, first) : EDDY_OK;
}
static inline void eddy__agg_destroy(const AggFn *fn, AggCtx *cx, void *acc) {
    if (fn->destroy) fn->destroy(fn, cx, acc);
}

/* ---- C aggregate functions (the AggFn: agg_user.c; the FuncDef: fn_user.c) --------------- */

/* The call handle of eddy.h's aggregate callbacks. */
struct eddy_agg_call {
    EdErr *err;
    const char *name; /* the function's name, for messages */
};

/* The FuncDef of a C aggregate function named `name` with the given
 * parameter and result types (copied spec `f`): what the binder sees
 * (FN_AGGREGATE | FN_USER; its infer checks and casts the arguments as for
 * scalar C functions). NULL when memory runs out. */
const FuncDef *eddy__agg_user_def(Arena *a, const char *name, int nparams, const Type *const *params,
                                  const Type *result, const eddy_aggregate_function *f);
/* The spec (and in *result, when not NULL, the result type) of a FuncDef
 * made by eddy__agg_user_def; NULL for any other FuncDef. */
const eddy_aggregate_function *eddy__agg_user_spec(const FuncDef *def, const Type **result);

#endif
