/*
 * fn_collection.c -- constructors and accessors of nested values: ROW(..),
 * ARRAY[..], MAP[..], element access a[i] / m[k], CARDINALITY.
 */
#include "expr/functions.h"
#include "types/compare.h"

/* ROW(a, b, ...): fields named EXPR$0.. as Calcite names them. */
static eddy_status infer_row(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                             EdErr *err) {
    (void)fn;
    (void)data;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nargs ? nargs : 1));
    const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nargs ? nargs : 1));
    if (!names || !types) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < nargs; i++) {
        names[i] = eddy__arena_printf(a, "EXPR$%d", i);
        types[i] = args[i]->type;
    }
    *out = eddy__type_row(a, nargs, names, types, false);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status k_row(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    (void)cx;
    FOR_ROWS(i, r) {
        vec_set_valid(out, r);
        for (int k = 0; k < e->nargs; k++) eddy__vec_copy_value(out->child[k], r, args[k], r);
    }
    return EDDY_OK;
}
static const FuncDef fn_row = {"ROW", 1, -1, 0, infer_row, k_row, "ROW(<ANY>, ...)"};

/* ARRAY[a, b, ...]: elements coerced to their common type. */
static eddy_status infer_array(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                               const void **data, EdErr *err) {
    (void)data;
    const Type *t;
    eddy_status rc = eddy__common_arg_type(a, fn, args, nargs, &t, err);
    if (rc) return rc;
    if (t->root == TY_NULL) t = eddy__type_basic(TY_NULL, true);
    if ((rc = eddy__coerce_all(a, args, nargs, t, err))) return rc;
    *out = eddy__type_array(a, t, false);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status k_array(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    FOR_ROWS(i, r) {
        uint32_t off = eddy__vec_list_append(out, (uint32_t)e->nargs);
        if (out->failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        for (int k = 0; k < e->nargs; k++) eddy__vec_copy_value(out->child[0], off + (uint32_t)k, args[k], r);
        vec_set_valid(out, r);
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, (uint32_t)e->nargs};
    }
    return EDDY_OK;
}
static const FuncDef fn_array = {"ARRAY", 1, -1, 0, infer_array, k_array, "ARRAY[<ANY>, ...]"};

/* MAP[k1, v1, k2, v2, ...]: keys and values each coerced to a common type;
 * a repeated key keeps its last value. */
static eddy_status infer_map(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                             EdErr *err) {
    (void)data;
    if (nargs % 2) return eddy__err(err, EDDY_E_VALIDATION, "MAP requires an even number of arguments.");
    Expr *keys[256], *vals[256];
    if (nargs / 2 > 256) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: MAP constructors with more than 256 entries");
    for (int i = 0; i < nargs / 2; i++) {
        keys[i] = args[2 * i];
        vals[i] = args[2 * i + 1];
    }
    const Type *kt, *vt;
    eddy_status rc = eddy__common_arg_type(a, fn, keys, nargs / 2, &kt, err);
    if (!rc) rc = eddy__common_arg_type(a, fn, vals, nargs / 2, &vt, err);
    if (rc) return rc;
    for (int i = 0; i < nargs; i++)
        if ((rc = eddy__coerce(a, args, i, i % 2 ? vt : kt, err))) return rc;
    *out = eddy__type_map(a, kt, vt, false);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status k_map(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    int n = e->nargs / 2;
    FOR_ROWS(i, r) {
        /* keep the last occurrence of each key, in first-occurrence order */
        int keep[256], nk = 0;
        for (int k = 0; k < n; k++) {
            int found = -1;
            for (int j = 0; j < nk; j++)
                if (eddy__cmp_slot(args[2 * keep[j]], r, args[2 * k], r) == 0) found = j;
            if (found >= 0) keep[found] = k;
            else keep[nk++] = k;
        }
        uint32_t off = eddy__vec_list_append(out, (uint32_t)nk);
        if (out->failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        for (int j = 0; j < nk; j++) {
            eddy__vec_copy_value(out->child[0], off + (uint32_t)j, args[2 * keep[j]], r);
            eddy__vec_copy_value(out->child[1], off + (uint32_t)j, args[2 * keep[j] + 1], r);
        }
        vec_set_valid(out, r);
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, (uint32_t)nk};
    }
    return EDDY_OK;
}
static const FuncDef fn_map = {"MAP", 2, -1, 0, infer_map, k_map, "MAP[<ANY>, <ANY>, ...]"};

/* a[i] (1-based; NULL when out of range) and m[k] (NULL when absent). */
static eddy_status infer_item(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                              const void **data, EdErr *err) {
    (void)data;
    const Type *c = args[0]->type;
    if (c->root == TY_ARRAY) {
        if (!eddy__type_is_integer(args[1]->type)) return eddy__infer_error(err, fn, args, nargs);
        *out = eddy__type_with_nullable(a, c->elem, true);
        return EDDY_OK;
    }
    if (c->root == TY_MAP) {
        eddy_status rc = eddy__coerce(a, args, 1, c->elem, err);
        if (rc) return rc;
        *out = eddy__type_with_nullable(a, c->value, true);
        return EDDY_OK;
    }
    if (eddy__type_is_composite(c) && args[1]->kind == EX_LITERAL && eddy__type_is_integer(args[1]->type)) {
        int64_t k = args[1]->value.u.i;
        if (k < 1 || k > c->nfields) return eddy__infer_error(err, fn, args, nargs);
        *out = eddy__type_with_nullable(a, c->fields[k - 1].type, c->nullable || c->fields[k - 1].type->nullable);
        return EDDY_OK;
    }
    return eddy__infer_error(err, fn, args, nargs);
}

static eddy_status k_item(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    (void)cx;
    Vector *c = args[0];
    const Type *t = e->args[0]->type;
    FOR_ROWS(i, r) {
        uint32_t cr = vidx(c, r);
        if (t->root == TY_ARRAY) {
            ListEntry le = VEC_DATA(c, ListEntry)[cr];
            int64_t k = arg_int(args[1], r);
            if (k < 1 || k > le.len) eddy__vec_set_null(out, r);
            else eddy__vec_copy_value(out, r, c->child[0], le.off + (uint32_t)(k - 1));
        } else if (t->root == TY_MAP) {
            ListEntry le = VEC_DATA(c, ListEntry)[cr];
            bool found = false;
            for (uint32_t j = 0; j < le.len && !found; j++)
                if (eddy__cmp_slot(c->child[0], le.off + j, args[1], r) == 0) {
                    eddy__vec_copy_value(out, r, c->child[1], le.off + j);
                    found = true;
                }
            if (!found) eddy__vec_set_null(out, r);
        } else {
            eddy__vec_copy_value(out, r, c->child[arg_int(args[1], r) - 1], cr);
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_item = {"ITEM", 2, 2, FN_STRICT, infer_item, k_item, "<ARRAY>[<INTEGER>] or <MAP>[<ANY>]"};

static eddy_status infer_cardinality(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                     const void **data, EdErr *err) {
    (void)a;
    (void)data;
    TypeRoot r = (TypeRoot)args[0]->type->root;
    if (r != TY_ARRAY && r != TY_MAP && r != TY_MULTISET) return eddy__infer_error(err, fn, args, nargs);
    *out = eddy__type_basic(TY_INT, args[0]->type->nullable);
    return EDDY_OK;
}

static eddy_status k_cardinality(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    (void)cx;
    bool ms = e->args[0]->type->root == TY_MULTISET;
    FOR_ROWS(i, r) {
        ListEntry le = ARG(args[0], ListEntry, r);
        int64_t n = le.len;
        if (ms) {
            n = 0;
            for (uint32_t j = 0; j < le.len; j++) n += VEC_DATA(args[0]->child[1], int32_t)[le.off + j];
        }
        VEC_DATA(out, int32_t)[r] = (int32_t)n;
    }
    return EDDY_OK;
}
static const FuncDef fn_cardinality = {"CARDINALITY", 1, 1, FN_STRICT, infer_cardinality, k_cardinality,
                                       "CARDINALITY(<ARRAY> | <MAP> | <MULTISET>)"};

const FuncDef *const eddy__fns_collection[] = {&fn_row, &fn_array, &fn_map, &fn_item, &fn_cardinality, NULL};
