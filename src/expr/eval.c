/*
 * eval.c -- compiling expression trees into programs and evaluating them
 * over batches. See expr.h for the model.
 *
 * A program is the tree flattened into an array (children before parents),
 * with constant subtrees folded into literal nodes holding constant vectors.
 * Evaluation walks the array recursively from the root so that CASE, AND and
 * OR evaluate each branch only on the rows that reach it (a division by zero
 * in a branch not taken is no error, as in Flink's generated code).
 */
#include <stdlib.h>

#include "expr/expr_int.h"
#include "expr/functions.h"

/* ---- building ------------------------------------------------------------------ */

Expr *eddy__expr_column(Arena *a, int index, const Type *t) {
    Expr *e = eddy__arena_alloc(a, sizeof *e);
    if (!e) return NULL;
    e->kind = EX_COLUMN;
    e->index = index;
    e->type = t;
    return e;
}

Expr *eddy__expr_literal(Arena *a, const Value *v) {
    Expr *e = eddy__arena_alloc(a, sizeof *e);
    if (!e) return NULL;
    e->kind = EX_LITERAL;
    e->type = v->type;
    e->value = *v;
    if (!v->is_null && (v->type->root == TY_CHAR || v->type->root == TY_VARCHAR || eddy__type_is_binary(v->type))) {
        char *copy = eddy__arena_strndup(a, v->u.str.p, v->u.str.n);
        if (!copy) return NULL;
        e->value.u.str.p = copy;
    }
    return e;
}

Expr *eddy__expr_null(Arena *a, const Type *t) {
    Value v = {.type = eddy__type_with_nullable(a, t, true), .is_null = true};
    return eddy__expr_literal(a, &v);
}

eddy_status eddy__expr_call(Arena *a, const FuncDef *fn, Expr **args, int nargs, Expr **out, EdErr *err) {
    if (nargs < fn->min_args || (fn->max_args >= 0 && nargs > fn->max_args))
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting %d arguments",
                         fn->name, fn->min_args);
    const Type *t = NULL;
    const void *data = NULL;
    Expr *e = eddy__arena_alloc(a, sizeof *e);
    Expr **copy = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(nargs ? nargs : 1));
    if (!e || !copy) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (nargs) memcpy(copy, args, sizeof(Expr *) * (size_t)nargs);
    eddy_status rc = fn->infer(a, fn, copy, nargs, &t, &data, err);
    if (rc) return rc;
    e->kind = EX_CALL;
    e->fn = fn;
    e->fn_data = data;
    e->type = t;
    e->nargs = nargs;
    e->args = copy;
    *out = e;
    return EDDY_OK;
}

eddy_status eddy__expr_call_name(Arena *a, const char *name, Expr **args, int nargs, Expr **out, EdErr *err) {
    const FuncDef *fn = eddy__fn_lookup(name);
    if (!fn) return eddy__err(err, EDDY_E_INTERNAL, "no built-in function %s", name);
    return eddy__expr_call(a, fn, args, nargs, out, err);
}

eddy_status eddy__expr_cast(Arena *a, Expr *e, const Type *t, bool try_cast, Expr **out, EdErr *err) {
    if (eddy__type_equals(e->type, t, false, true) && !try_cast) {
        *out = e;
        return EDDY_OK;
    }
    if (!eddy__type_explicit_cast(e->type, t)) {
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_puts(&b, "Cast function cannot convert value of type ");
        eddy__type_print_sql(&b, e->type);
        eddy__buf_puts(&b, " to type ");
        eddy__type_print_sql(&b, t);
        eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return EDDY_E_VALIDATION;
    }
    Expr *c = eddy__arena_alloc(a, sizeof *c);
    Expr **args = eddy__arena_alloc(a, sizeof(Expr *));
    if (!c || !args) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    args[0] = e;
    c->kind = EX_CAST;
    c->type = try_cast ? eddy__type_with_nullable(a, t, true) : t;
    c->nargs = 1;
    c->args = args;
    c->try_cast = try_cast;
    c->line = e->line;
    c->col = e->col;
    *out = c;
    return EDDY_OK;
}

bool eddy__expr_is_constant(const Expr *e) {
    switch (e->kind) {
    case EX_LITERAL: return true;
    case EX_COLUMN: return false;
    case EX_CALL:
        if (e->fn->flags & (FN_NONDETERMINISTIC | FN_AGGREGATE | FN_USER | FN_NO_FOLD)) return false;
        break;
    default: break;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!eddy__expr_is_constant(e->args[i])) return false;
    return true;
}

/* ---- programs -------------------------------------------------------------------- */

struct PNode {
    const Expr *e;  /* the (folded) node */
    Vector *constv; /* EX_LITERAL */
    int *args;      /* node indexes of the arguments */
};

struct ExprProg {
    int n;
    PNode *nodes;
    int root;
};

static void release_const(void *p) { eddy__vec_release(p); }

/* Makes a constant vector for a literal (owned by the program's arena). */
static eddy_status const_vector(Arena *a, const Expr *e, Vector **out, EdErr *err) {
    Vector *v = eddy__vec_new_const(e->type);
    if (!v) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy__vec_set_value(v, 0, &e->value);
    if (v->failed || !eddy__arena_on_cleanup(a, release_const, v)) {
        eddy__vec_release(v);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    *out = v;
    return EDDY_OK;
}

typedef struct Compiler {
    Arena *a;
    EvalCtx *cx;
    bool fold; /* fold constant subtrees (off when evaluating a constant) */
    ED_VEC(PNode) nodes;
} Compiler;

static eddy_status fold(Compiler *c, const Expr *e, const Expr **out);

static eddy_status compile_node(Compiler *c, const Expr *e, int depth, int *out) {
    if (depth > 2000) return eddy__err(c->cx->err, EDDY_E_VALIDATION, "expression too deeply nested");
    const Expr *f = e;
    if (c->fold && e->kind != EX_LITERAL && e->kind != EX_COLUMN && eddy__expr_is_constant(e)) {
        eddy_status rc = fold(c, e, &f);
        if (rc) return rc;
    }
    PNode pn = {.e = f};
    if (f->nargs && f->kind != EX_LITERAL) {
        pn.args = eddy__arena_alloc(c->a, sizeof(int) * (size_t)f->nargs);
        if (!pn.args) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
        for (int i = 0; i < f->nargs; i++) {
            eddy_status rc = compile_node(c, f->args[i], depth + 1, &pn.args[i]);
            if (rc) return rc;
        }
    }
    if (f->kind == EX_LITERAL) {
        eddy_status rc = const_vector(c->a, f, &pn.constv, c->cx->err);
        if (rc) return rc;
    }
    if (!ed_vec_push(&c->nodes, pn)) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
    *out = (int)c->nodes.len - 1;
    return EDDY_OK;
}

/* Evaluates a constant subtree once and replaces it by a literal. */
static eddy_status fold(Compiler *c, const Expr *e, const Expr **out) {
    Value v;
    eddy_status rc = eddy__expr_eval_const(c->a, e, c->cx, &v);
    if (rc) return rc;
    if (v.vec) {
        /* nested constants (ARRAY[...], ROW(...)) stay as computed vectors */
        Expr *l = eddy__arena_alloc(c->a, sizeof *l);
        if (!l) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
        l->kind = EX_LITERAL;
        l->type = e->type;
        l->value = v;
        *out = l;
        return EDDY_OK;
    }
    v.type = e->type;
    Expr *l = eddy__expr_literal(c->a, &v);
    if (!l) return eddy__err(c->cx->err, EDDY_E_NOMEM, "out of memory");
    l->line = e->line;
    l->col = e->col;
    *out = l;
    return EDDY_OK;
}

static eddy_status compile(Arena *a, const Expr *e, EvalCtx *cx, bool fold_consts, ExprProg **out) {
    Compiler c = {.a = a, .cx = cx, .fold = fold_consts};
    int root;
    eddy_status rc = compile_node(&c, e, 0, &root);
    if (rc) {
        ed_vec_free(&c.nodes);
        return rc;
    }
    ExprProg *p = eddy__arena_alloc(a, sizeof *p);
    PNode *nodes = eddy__arena_dup(a, c.nodes.items, sizeof(PNode) * c.nodes.len);
    ed_vec_free(&c.nodes);
    if (!p || !nodes) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    p->n = (int)(c.nodes.len);
    p->nodes = nodes;
    p->root = root;
    *out = p;
    return EDDY_OK;
}

eddy_status eddy__expr_compile(Arena *a, const Expr *e, EvalCtx *cx, ExprProg **out) {
    eddy_status rc = eddy__json_check_placement(e, cx->err);
    return rc ? rc : compile(a, e, cx, true, out);
}

const Type *eddy__expr_prog_type(const ExprProg *prog) { return prog->nodes[prog->root].e->type; }

/* ---- evaluation ------------------------------------------------------------------------ */

typedef struct Rows {
    const uint32_t *r;
    uint32_t n;
    uint32_t cap; /* vector capacity needed: max row + 1 */
} Rows;

static eddy_status eval_node(const ExprProg *p, int ni, EvalCtx *cx, const Batch *b, Rows rows, Vector **out);

static Vector *new_out(const Type *t, uint32_t cap, EvalCtx *cx) {
    Vector *v = eddy__vec_new(t, cap ? cap : 1);
    if (!v) eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    return v;
}

/* Rows of `rows` where every argument is non-NULL; returns rows itself
 * (no allocation) when no argument has a NULL among them. */
static eddy_status strict_rows(Vector *const *args, int nargs, Rows rows, EvalCtx *cx, uint32_t **keep, uint32_t *nkeep,
                               bool *all) {
    bool any_nullable = false;
    for (int k = 0; k < nargs; k++)
        if (args[k]->valid) any_nullable = true;
    *all = true;
    *keep = NULL;
    *nkeep = rows.n;
    if (!any_nullable) return EDDY_OK;
    uint32_t *kr = eddy__arena_alloc(cx->scratch, sizeof(uint32_t) * (rows.n ? rows.n : 1));
    if (!kr) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    uint32_t m = 0;
    for (uint32_t i = 0; i < rows.n; i++) {
        uint32_t r = rows.r[i];
        bool null = false;
        for (int k = 0; k < nargs && !null; k++) null = vec_is_null(args[k], r);
        if (!null) kr[m++] = r;
    }
    if (m != rows.n) *all = false;
    *keep = kr;
    *nkeep = m;
    return EDDY_OK;
}

static eddy_status eval_call(const ExprProg *p, const PNode *pn, EvalCtx *cx, const Batch *b, Rows rows, Vector **out) {
    const Expr *e = pn->e;
    const FuncDef *fn = e->fn;
    if (fn->flags & FN_AGGREGATE)
        return eddy__err(cx->err, EDDY_E_INTERNAL, "aggregate function %s evaluated as a scalar", fn->name);
    if (fn == &eddy__fn_and || fn == &eddy__fn_or) return eddy__eval_andor(p, pn, cx, b, rows.r, rows.n, rows.cap, out);
    Vector *argv[16];
    Vector **args = e->nargs <= 16 ? argv : eddy__arena_alloc(cx->scratch, sizeof(Vector *) * (size_t)e->nargs);
    if (!args) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    int done = 0;
    eddy_status rc = EDDY_OK;
    for (; done < e->nargs; done++) {
        rc = eval_node(p, pn->args[done], cx, b, rows, &args[done]);
        if (rc) break;
    }
    Vector *o = NULL;
    if (!rc) {
        o = new_out(e->type, rows.cap, cx);
        if (!o) rc = EDDY_E_NOMEM;
    }
    if (!rc) {
        if (fn->flags & FN_STRICT) {
            uint32_t *keep, nkeep;
            bool all;
            rc = strict_rows(args, e->nargs, rows, cx, &keep, &nkeep, &all);
            if (!rc) {
                if (!all) {
                    /* NULL for rows with a NULL argument */
                    uint32_t k = 0;
                    for (uint32_t i = 0; i < rows.n; i++) {
                        if (k < nkeep && keep[k] == rows.r[i]) k++;
                        else eddy__vec_set_null(o, rows.r[i]);
                    }
                }
                rc = fn->kernel(cx, e, args, o, all ? rows.r : keep, nkeep);
            }
        } else {
            rc = fn->kernel(cx, e, args, o, rows.r, rows.n);
        }
        if (!rc && o->failed) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    for (int k = 0; k < done; k++) eddy__vec_release(args[k]);
    if (rc) {
        eddy__vec_release(o);
        return rc;
    }
    *out = o;
    return EDDY_OK;
}

/* CASE: each condition is evaluated on the rows no earlier branch took. */
static eddy_status eval_case(const ExprProg *p, const PNode *pn, EvalCtx *cx, const Batch *b, Rows rows, Vector **out) {
    const Expr *e = pn->e;
    Vector *o = new_out(e->type, rows.cap, cx);
    if (!o) return EDDY_E_NOMEM;
    uint32_t *rest = eddy__arena_alloc(cx->scratch, sizeof(uint32_t) * (rows.n ? rows.n : 1) * 2);
    if (!rest) {
        eddy__vec_release(o);
        return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    uint32_t *taken = rest + (rows.n ? rows.n : 1);
    memcpy(rest, rows.r, sizeof(uint32_t) * rows.n);
    uint32_t nrest = rows.n;
    int npairs = (e->nargs - 1) / 2;
    eddy_status rc = EDDY_OK;
    for (int k = 0; k < npairs && nrest && !rc; k++) {
        Vector *cond = NULL;
        rc = eval_node(p, pn->args[2 * k], cx, b, (Rows){rest, nrest, rows.cap}, &cond);
        if (rc) break;
        uint32_t nt = 0, nr = 0;
        for (uint32_t i = 0; i < nrest; i++) {
            uint32_t r = rest[i];
            if (!vec_is_null(cond, r) && VEC_DATA(cond, uint8_t)[vidx(cond, r)]) taken[nt++] = r;
            else rest[nr++] = r;
        }
        eddy__vec_release(cond);
        nrest = nr;
        if (nt) {
            Vector *val = NULL;
            rc = eval_node(p, pn->args[2 * k + 1], cx, b, (Rows){taken, nt, rows.cap}, &val);
            if (rc) break;
            for (uint32_t i = 0; i < nt; i++) eddy__vec_copy_value(o, taken[i], val, taken[i]);
            eddy__vec_release(val);
        }
    }
    if (!rc && nrest) {
        Vector *val = NULL;
        rc = eval_node(p, pn->args[e->nargs - 1], cx, b, (Rows){rest, nrest, rows.cap}, &val);
        if (!rc) {
            for (uint32_t i = 0; i < nrest; i++) eddy__vec_copy_value(o, rest[i], val, rest[i]);
            eddy__vec_release(val);
        }
    }
    if (!rc && o->failed) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    if (rc) {
        eddy__vec_release(o);
        return rc;
    }
    *out = o;
    return EDDY_OK;
}

static eddy_status eval_field(const ExprProg *p, const PNode *pn, EvalCtx *cx, const Batch *b, Rows rows, Vector **out) {
    Vector *s = NULL;
    eddy_status rc = eval_node(p, pn->args[0], cx, b, rows, &s);
    if (rc) return rc;
    Vector *child = s->child[pn->e->index];
    /* The child vector itself is the answer when every NULL row of the
     * struct is NULL in the child too (eddy__vec_set_null keeps it so); only
     * the rows asked for are checked. */
    bool shared = !s->is_const;
    for (uint32_t i = 0; shared && s->valid && i < rows.n; i++) {
        uint32_t r = rows.r[i];
        if (vec_is_null(s, r) && !vec_is_null(child, r)) shared = false;
    }
    if (shared) {
        *out = eddy__vec_retain(child);
        eddy__vec_release(s);
        return EDDY_OK;
    }
    Vector *o = new_out(pn->e->type, rows.cap, cx);
    if (!o) {
        eddy__vec_release(s);
        return EDDY_E_NOMEM;
    }
    for (uint32_t i = 0; i < rows.n; i++) {
        uint32_t r = rows.r[i];
        if (vec_is_null(s, r)) eddy__vec_set_null(o, r);
        else eddy__vec_copy_value(o, r, child, vidx(s, r));
    }
    eddy__vec_release(s);
    *out = o;
    return EDDY_OK;
}

eddy_status eddy__eval_sub(const ExprProg *p, int ni, EvalCtx *cx, const Batch *b, const uint32_t *rows, uint32_t nrows,
                           uint32_t cap, Vector **out) {
    return eval_node(p, ni, cx, b, (Rows){rows, nrows, cap}, out);
}

static eddy_status eval_node(const ExprProg *p, int ni, EvalCtx *cx, const Batch *b, Rows rows, Vector **out) {
    const PNode *pn = &p->nodes[ni];
    const Expr *e = pn->e;
    switch (e->kind) {
    case EX_COLUMN:
        if (!b || e->index >= b->ncols) return eddy__err(cx->err, EDDY_E_INTERNAL, "column %d out of range", e->index);
        *out = eddy__vec_retain(b->cols[e->index]);
        return EDDY_OK;
    case EX_LITERAL: *out = eddy__vec_retain(pn->constv); return EDDY_OK;
    case EX_CALL: return eval_call(p, pn, cx, b, rows, out);
    case EX_CAST: {
        Vector *in = NULL;
        eddy_status rc = eval_node(p, pn->args[0], cx, b, rows, &in);
        if (rc) return rc;
        rc = eddy__cast_vector_at(cx, e, in, rows.r, rows.n, rows.cap, out);
        eddy__vec_release(in);
        return rc;
    }
    case EX_CASE: return eval_case(p, pn, cx, b, rows, out);
    case EX_FIELD: return eval_field(p, pn, cx, b, rows, out);
    }
    return eddy__err(cx->err, EDDY_E_INTERNAL, "bad expression node");
}

/* The identity row list 0..n-1, cached per size in the scratch arena. */
static const uint32_t *all_rows(EvalCtx *cx, uint32_t n) {
    uint32_t *r = eddy__arena_alloc(cx->scratch, sizeof(uint32_t) * (n ? n : 1));
    if (!r) return NULL;
    for (uint32_t i = 0; i < n; i++) r[i] = i;
    return r;
}

static uint32_t rows_cap(const Batch *b, const uint32_t *rows, uint32_t nrows) {
    if (b) return b->n ? b->n : 1;
    uint32_t m = 0;
    for (uint32_t i = 0; i < nrows; i++)
        if (rows[i] + 1 > m) m = rows[i] + 1;
    return m ? m : 1;
}

eddy_status eddy__expr_eval(const ExprProg *prog, EvalCtx *cx, const Batch *b, const uint32_t *rows, uint32_t nrows,
                            Vector **out) {
    if (!rows) {
        nrows = b ? b->n : 1;
        rows = all_rows(cx, nrows);
        if (!rows) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    return eval_node(prog, prog->root, cx, b, (Rows){rows, nrows, rows_cap(b, rows, nrows)}, out);
}

eddy_status eddy__expr_filter(const ExprProg *prog, EvalCtx *cx, const Batch *b, const uint32_t *rows,
                              uint32_t nrows, uint32_t *keep, uint32_t *nkeep) {
    if (!rows) {
        nrows = b->n;
        rows = all_rows(cx, nrows);
        if (!rows) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    Vector *v = NULL;
    eddy_status rc = eval_node(prog, prog->root, cx, b, (Rows){rows, nrows, rows_cap(b, rows, nrows)}, &v);
    if (rc) return rc;
    uint32_t m = 0;
    const uint8_t *d = VEC_DATA(v, uint8_t);
    if (v->is_const) {
        bool t = !vec_is_null(v, 0) && d[0];
        if (t) memmove(keep, rows, sizeof(uint32_t) * nrows);
        m = t ? nrows : 0;
    } else if (!v->valid) {
        for (uint32_t i = 0; i < nrows; i++) {
            uint32_t r = rows[i];
            keep[m] = r;
            m += d[r] != 0;
        }
    } else {
        for (uint32_t i = 0; i < nrows; i++) {
            uint32_t r = rows[i];
            if (d[r] && !vec_is_null(v, r)) keep[m++] = r;
        }
    }
    eddy__vec_release(v);
    *nkeep = m;
    return EDDY_OK;
}

eddy_status eddy__expr_eval_const(Arena *a, const Expr *e, EvalCtx *cx, Value *out) {
    if (e->kind == EX_LITERAL) {
        *out = e->value;
        return EDDY_OK;
    }
    Arena tmp;
    eddy__arena_init(&tmp, 4096);
    ExprProg *p = NULL;
    Arena *saved = cx->scratch;
    Arena scratch;
    eddy__arena_init(&scratch, 4096);
    if (!cx->scratch) cx->scratch = &scratch;
    eddy_status rc = compile(&tmp, e, cx, false, &p);
    Vector *v = NULL;
    if (!rc) {
        uint32_t r0 = 0;
        rc = eval_node(p, p->root, cx, NULL, (Rows){&r0, 1, 1}, &v);
    }
    if (!rc) {
        Value val;
        eddy__vec_get_value(v, 0, &val);
        val.type = e->type;
        if (!val.is_null && (v->phys == PH_STR || v->phys == PH_RAW)) {
            val.u.str.p = eddy__arena_strndup(a, val.u.str.p, val.u.str.n);
            if (!val.u.str.p) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        }
        if (!val.is_null && (v->phys == PH_LIST || v->phys == PH_STRUCT)) {
            /* keep the computed vector alive with the arena */
            if (eddy__arena_on_cleanup(a, release_const, eddy__vec_retain(v))) val.vec = v;
            else rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        }
        *out = val;
    }
    eddy__vec_release(v);
    cx->scratch = saved;
    eddy__arena_destroy(&scratch);
    eddy__arena_destroy(&tmp);
    return rc;
}

/* AND / OR over n arguments. For AND, a row whose argument is FALSE is
 * decided (FALSE) and later arguments are not evaluated for it; otherwise it
 * stays TRUE, or UNKNOWN once any argument was NULL. OR mirrors it. */
eddy_status eddy__eval_andor(const ExprProg *p, const PNode *pn, EvalCtx *cx, const Batch *b, const uint32_t *rows,
                             uint32_t nrows, uint32_t cap, Vector **out) {
    const Expr *e = pn->e;
    bool is_and = e->fn == &eddy__fn_and;
    Vector *o = new_out(e->type, cap, cx);
    if (!o) return EDDY_E_NOMEM;
    uint32_t *pending = eddy__arena_alloc(cx->scratch, sizeof(uint32_t) * (nrows ? nrows : 1));
    uint8_t *unknown = eddy__arena_alloc(cx->scratch, cap);
    if (!pending || !unknown) {
        eddy__vec_release(o);
        return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    memcpy(pending, rows, sizeof(uint32_t) * nrows);
    uint32_t np = nrows;
    uint8_t decided = is_and ? 0 : 1; /* the value that decides a row */
    eddy_status rc = EDDY_OK;
    for (int k = 0; k < e->nargs && np; k++) {
        Vector *v = NULL;
        rc = eval_node(p, pn->args[k], cx, b, (Rows){pending, np, cap}, &v);
        if (rc) break;
        uint32_t m = 0;
        for (uint32_t i = 0; i < np; i++) {
            uint32_t r = pending[i];
            if (vec_is_null(v, r)) {
                unknown[r] = 1;
                pending[m++] = r;
            } else if ((VEC_DATA(v, uint8_t)[vidx(v, r)] != 0) == decided) {
                VEC_DATA(o, uint8_t)[r] = decided;
            } else {
                pending[m++] = r;
            }
        }
        eddy__vec_release(v);
        np = m;
    }
    if (!rc) {
        for (uint32_t i = 0; i < np; i++) {
            uint32_t r = pending[i];
            if (unknown[r]) eddy__vec_set_null(o, r);
            else VEC_DATA(o, uint8_t)[r] = !decided;
        }
        if (o->failed) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    if (rc) {
        eddy__vec_release(o);
        return rc;
    }
    *out = o;
    return EDDY_OK;
}

Expr *eddy__expr_subst(Arena *a, const Expr *e, const Expr *const *repl, int nrepl) {
    if (e->kind == EX_COLUMN) return e->index < nrepl ? (Expr *)repl[e->index] : NULL;
    Expr *c = eddy__arena_dup(a, e, sizeof *e);
    if (!c) return NULL;
    if (e->nargs) {
        c->args = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)e->nargs);
        if (!c->args) return NULL;
        for (int i = 0; i < e->nargs; i++) {
            c->args[i] = eddy__expr_subst(a, e->args[i], repl, nrepl);
            if (!c->args[i]) return NULL;
        }
    }
    return c;
}
