/*
 * fn_user.c -- scalar functions written in C by the user (eddy_scalar_fn),
 * and the FuncDefs the binder sees for the user's aggregate functions (their
 * runtime is agg_user.c):
 * a FuncDef per registered function whose inference checks the call
 * against the declared parameter types (casting implicitly where Flink
 * would) and whose kernel calls the user's callback once per row, with the
 * arguments as an eddy_row and the result as a one-field eddy_out.
 *
 * The callback gets NULL arguments as NULL fields (the function is not
 * strict, as a Flink UDF taking boxed values); leaving the result unset
 * gives NULL. It may run on several worker threads at once.
 */
#include "expr/agg.h"
#include "expr/functions.h"
#include "types/row.h"

typedef struct UserFn {
    FuncDef def;
    int nparams;
    const Type **params;
    const Type *params_row; /* ROW<arg0 T0, ...>: the eddy_row the callback sees */
    const Type *result;
    const Type *result_row; /* ROW<result T> */
    eddy_scalar_fn eval;
    void *ctx;
    const eddy_aggregate_function *agg; /* aggregate functions (eval NULL) */
    const Type *agg_result;
} UserFn;

static void append_sig(Buf *b, const char *name, const Type *const *types, int n) {
    Arena tmp;
    eddy__arena_init(&tmp, 512);
    eddy__buf_printf(b, "%s(", name);
    for (int i = 0; i < n; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", eddy__type_str(&tmp, types[i]));
    eddy__buf_putc(b, ')');
    eddy__arena_destroy(&tmp);
}

static eddy_status bad_call(const UserFn *u, Expr **args, int nargs, EdErr *err) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "Invalid function call:\n");
    const Type **got = eddy__calloc((size_t)(nargs ? nargs : 1), sizeof(Type *));
    for (int i = 0; got && i < nargs; i++) got[i] = args[i]->type;
    append_sig(&b, u->def.name, got, got ? nargs : 0);
    eddy__free(got);
    eddy__buf_puts(&b, "\n\nInvalid input arguments. Expected signatures are:\n");
    append_sig(&b, u->def.name, u->params, u->nparams);
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

static eddy_status infer(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                         EdErr *err) {
    const UserFn *u = (const UserFn *)fn;
    if (nargs != u->nparams) return bad_call(u, args, nargs, err);
    for (int i = 0; i < nargs; i++) {
        const Type *from = args[i]->type, *to = u->params[i];
        if (from->root == TY_NULL || eddy__type_equals(from, to, true, true)) continue;
        if (!eddy__type_implicit_cast(from, to)) return bad_call(u, args, nargs, err);
        Expr *x;
        eddy_status rc = eddy__expr_cast(a, args[i], eddy__type_with_nullable(a, to, from->nullable), false, &x, err);
        if (rc) return rc;
        args[i] = x;
    }
    *out = u->result;
    *data = u;
    return EDDY_OK;
}

static eddy_status no_flush(void *ctx, Batch *b) {
    (void)ctx;
    eddy__batch_release(b);
    return EDDY_OK;
}

static eddy_status kernel(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    const UserFn *u = e->fn_data;
    eddy_row in = {.type = u->params_row, .cols = args, .ncols = u->nparams, .kind = RK_INSERT, .ts = TS_NONE,
                   .scratch = cx->scratch};
    const Type *rt = u->result;
    eddy_out o;
    /* one slot, reused for every row; its batch is dropped at the end */
    eddy__out_init(&o, u->result_row, 1, &rt, 1, no_flush, NULL, cx->err);
    o.single = true;
    eddy_status rc = EDDY_OK;
    FOR_ROWS(k, r) {
        in.idx = r;
        if ((rc = eddy__out_begin(&o))) break;
        rc = u->eval(u->ctx, &in, &o);
        if (rc) {
            if (!cx->err->code)
                eddy__err(cx->err, EDDY_E_UDF, "The function '%s' failed (status %d).", u->def.name, (int)rc);
            else if (cx->err->code != EDDY_E_UDF)
                cx->err->code = EDDY_E_UDF;
            rc = EDDY_E_UDF;
            break;
        }
        eddy__out_seal(&o);
        if (!rt->nullable && vec_is_null(o.batch->cols[0], 0)) {
            rc = eddy__err(cx->err, EDDY_E_UDF, "The function '%s' returned NULL, but its result type is %s.",
                           u->def.name, eddy__type_str(cx->scratch, rt));
            break;
        }
        eddy__vec_copy_value(out, r, o.batch->cols[0], 0);
        o.open = false;
    }
    eddy__out_free(&o);
    return rc;
}

const FuncDef *eddy__fn_user_new(Arena *a, const char *name, int nparams, const Type *const *params,
                                 const Type *result, eddy_scalar_fn eval, void *ctx, bool nondeterministic) {
    UserFn *u = eddy__arena_alloc(a, sizeof *u);
    const char **pnames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nparams + 1));
    const Type **ptypes = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nparams + 1));
    const char *rname = "result";
    if (!u || !pnames || !ptypes) return NULL;
    for (int i = 0; i < nparams; i++) {
        pnames[i] = eddy__arena_printf(a, "arg%d", i);
        ptypes[i] = params[i];
        if (!pnames[i]) return NULL;
    }
    u->def.name = eddy__arena_strdup(a, name);
    u->def.min_args = 0; /* the arity is checked by infer, with the signature */
    u->def.max_args = -1;
    u->def.flags = FN_USER | (nondeterministic ? FN_NONDETERMINISTIC : 0);
    u->def.infer = infer;
    u->def.kernel = kernel;
    u->nparams = nparams;
    u->params = ptypes;
    u->params_row = eddy__type_row(a, nparams, pnames, ptypes, false);
    u->result = result;
    u->result_row = eddy__type_row(a, 1, &rname, &result, false);
    u->eval = eval;
    u->ctx = ctx;
    if (!u->def.name || !u->params_row || !u->result_row) return NULL;
    return &u->def;
}

const FuncDef *eddy__agg_user_def(Arena *a, const char *name, int nparams, const Type *const *params,
                                  const Type *result, const eddy_aggregate_function *f) {
    const FuncDef *def = eddy__fn_user_new(a, name, nparams, params, result, NULL, f->ctx, false);
    if (!def) return NULL;
    UserFn *u = (UserFn *)def;
    u->def.flags |= FN_AGGREGATE;
    u->def.kernel = NULL; /* never evaluated as a scalar */
    u->agg = f;
    u->agg_result = result;
    return def;
}

const eddy_aggregate_function *eddy__agg_user_spec(const FuncDef *def, const Type **result) {
    if (!def || (def->flags & (FN_AGGREGATE | FN_USER)) != (FN_AGGREGATE | FN_USER)) return NULL;
    const UserFn *u = (const UserFn *)def;
    if (result) *result = u->agg_result;
    return u->agg;
}
