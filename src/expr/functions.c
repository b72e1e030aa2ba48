/*
 * functions.c -- the registry of built-in functions, the shared inference
 * helpers, and the logical, comparison and NULL-test operators.
 *
 * Each family of functions lives in its own file (fn_arith.c, fn_string.c,
 * fn_time.c) and exports a NULL-terminated table; the registry is their
 * union. Lookup is by upper-cased name.
 */
#include <ctype.h>
#include <pthread.h>

#include "expr/expr_int.h"
#include "expr/functions.h"
#include "types/compare.h"

/* ---- inference helpers ---------------------------------------------------------- */

bool eddy__args_nullable(Expr *const *args, int nargs) {
    for (int i = 0; i < nargs; i++)
        if (args[i]->type->nullable) return true;
    return false;
}

/* Calcite's names for types in "Cannot apply" messages. */
static void calcite_type(Buf *b, const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_INT: eddy__buf_puts(b, "INTEGER"); break;
    case TY_VARCHAR:
        if (t->length == TY_MAX_LENGTH) eddy__buf_puts(b, "VARCHAR(2147483647)");
        else eddy__buf_printf(b, "VARCHAR(%d)", t->length);
        break;
    case TY_TIMESTAMP_LTZ: eddy__buf_printf(b, "TIMESTAMP_WITH_LOCAL_TIME_ZONE(%d)", t->precision); break;
    case TY_NULL: eddy__buf_puts(b, "NULL"); break;
    default: {
        const Type *nt = t;
        Type tmp;
        if (!t->nullable || t->timeattr) {
            tmp = *t;
            tmp.nullable = true;
            tmp.timeattr = TA_NONE;
            nt = &tmp;
        }
        eddy__type_print(b, nt);
    }
    }
}

eddy_status eddy__infer_error(EdErr *err, const FuncDef *fn, Expr *const *args, int nargs) {
    Buf b;
    eddy__buf_init(&b);
    bool op = !isalpha((unsigned char)fn->name[0]) || strchr(fn->name, ' ');
    eddy__buf_printf(&b, "Cannot apply '%s' to arguments of type '", fn->name);
    if (op && nargs == 2) {
        eddy__buf_putc(&b, '<');
        calcite_type(&b, args[0]->type);
        eddy__buf_printf(&b, "> %s <", fn->name);
        calcite_type(&b, args[1]->type);
        eddy__buf_putc(&b, '>');
    } else if (op && nargs == 1) {
        eddy__buf_putc(&b, '<');
        calcite_type(&b, args[0]->type);
        eddy__buf_printf(&b, "> %s", fn->name);
    } else {
        eddy__buf_printf(&b, "%s(", fn->name);
        for (int i = 0; i < nargs; i++) {
            if (i) eddy__buf_puts(&b, ", ");
            eddy__buf_putc(&b, '<');
            calcite_type(&b, args[i]->type);
            eddy__buf_putc(&b, '>');
        }
        eddy__buf_putc(&b, ')');
    }
    eddy__buf_puts(&b, "'.");
    if (fn->signature) eddy__buf_printf(&b, " Supported form(s): '%s'", fn->signature);
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

eddy_status eddy__invalid_call_error(EdErr *err, const FuncDef *fn, Expr *const *args, int nargs) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "Invalid function call:\n%s(", fn->name);
    for (int i = 0; i < nargs; i++) {
        if (i) eddy__buf_puts(&b, ", ");
        eddy__type_print(&b, args[i]->type);
    }
    eddy__buf_putc(&b, ')');
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

/* Casts args[i] to t (an implicit coercion). */
eddy_status eddy__coerce(Arena *a, Expr **args, int i, const Type *t, EdErr *err) {
    const Type *target = eddy__type_with_nullable(a, t, args[i]->type->nullable);
    if (eddy__type_equals(args[i]->type, target, false, true)) return EDDY_OK;
    Expr *c;
    eddy_status rc = eddy__expr_cast(a, args[i], target, false, &c, err);
    if (rc) return rc;
    args[i] = c;
    return EDDY_OK;
}

eddy_status eddy__coerce_all(Arena *a, Expr **args, int nargs, const Type *t, EdErr *err) {
    for (int i = 0; i < nargs; i++) {
        eddy_status rc = eddy__coerce(a, args, i, t, err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

bool eddy__str_arg(Arena *a, Expr **args, int i, EdErr *err) {
    const Type *t = args[i]->type;
    if (t->root == TY_NULL) return eddy__coerce(a, args, i, eddy__type_string(true), err) == EDDY_OK;
    return eddy__type_is_string(t);
}

/* The common type of all args, for comparisons and IN. Strings compared with
 * numbers or temporal values convert to the other side, as Flink's implicit
 * coercion does. */
eddy_status eddy__common_arg_type(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, EdErr *err) {
    const Type *t = args[0]->type;
    for (int i = 1; i < nargs; i++) {
        const Type *u = args[i]->type;
        const Type *c = eddy__type_common(a, t, u);
        if (!c) {
            if (eddy__type_is_string(t) && !eddy__type_is_string(u) && u->root != TY_RAW) c = u;
            else if (eddy__type_is_string(u) && !eddy__type_is_string(t) && t->root != TY_RAW) c = t;
            if (c) c = eddy__type_with_nullable(a, c, t->nullable || u->nullable);
        }
        if (!c) return eddy__infer_error(err, fn, args, nargs);
        t = c;
    }
    *out = t;
    return EDDY_OK;
}

static const Type *bool_type(Expr *const *args, int nargs) {
    return eddy__type_basic(TY_BOOLEAN, eddy__args_nullable(args, nargs));
}

/* ---- logic --------------------------------------------------------------------------- */

static eddy_status infer_logic(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                               const void **data, EdErr *err) {
    (void)a;
    (void)data;
    for (int i = 0; i < nargs; i++)
        if (args[i]->type->root != TY_BOOLEAN && args[i]->type->root != TY_NULL) return eddy__infer_error(err, fn, args, nargs);
    *out = bool_type(args, nargs);
    return EDDY_OK;
}

static eddy_status k_unused(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    (void)e;
    (void)args;
    (void)out;
    (void)rows;
    (void)nrows;
    return eddy__err(cx->err, EDDY_E_INTERNAL, "special form evaluated as a kernel");
}

const FuncDef eddy__fn_and = {"AND", 2, -1, 0, infer_logic, k_unused, "<BOOLEAN> AND <BOOLEAN>"};
const FuncDef eddy__fn_or = {"OR", 2, -1, 0, infer_logic, k_unused, "<BOOLEAN> OR <BOOLEAN>"};

static eddy_status k_not(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) VEC_DATA(out, uint8_t)[r] = !ARG(args[0], uint8_t, r);
    return EDDY_OK;
}
static const FuncDef fn_not = {"NOT", 1, 1, FN_STRICT, infer_logic, k_not, "NOT <BOOLEAN>"};

/* ---- NULL and truth tests --------------------------------------------------------------- */

static eddy_status infer_is(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                            EdErr *err) {
    (void)a;
    (void)data;
    bool truth = strstr(fn->name, "TRUE") || strstr(fn->name, "FALSE") || strstr(fn->name, "UNKNOWN");
    if (truth && args[0]->type->root != TY_BOOLEAN && args[0]->type->root != TY_NULL)
        return eddy__infer_error(err, fn, args, nargs);
    *out = eddy__type_basic(TY_BOOLEAN, false);
    return EDDY_OK;
}

enum { IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE, IS_UNKNOWN, IS_NOT_UNKNOWN };

static int is_kind(const char *name) {
    static const char *names[] = {"IS NULL",  "IS NOT NULL",  "IS TRUE",    "IS NOT TRUE",
                                  "IS FALSE", "IS NOT FALSE", "IS UNKNOWN", "IS NOT UNKNOWN"};
    for (int i = 0; i < 8; i++)
        if (strcmp(name, names[i]) == 0) return i;
    return 0;
}

static eddy_status k_is(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                        uint32_t nrows) {
    (void)cx;
    int k = is_kind(e->fn->name);
    Vector *v = args[0];
    FOR_ROWS(i, r) {
        bool null = vec_is_null(v, r);
        bool val = !null && v->phys == PH_BOOL && ARG(v, uint8_t, r);
        bool res;
        switch (k) {
        case IS_NULL:
        case IS_UNKNOWN: res = null; break;
        case IS_NOT_NULL:
        case IS_NOT_UNKNOWN: res = !null; break;
        case IS_TRUE: res = !null && val; break;
        case IS_NOT_TRUE: res = null || !val; break;
        case IS_FALSE: res = !null && !val; break;
        default: res = null || val; break; /* IS NOT FALSE */
        }
        VEC_DATA(out, uint8_t)[r] = res;
    }
    return EDDY_OK;
}

#define IS_FN(id, nm) static const FuncDef id = {nm, 1, 1, 0, infer_is, k_is, "<ANY> " nm}
IS_FN(fn_is_null, "IS NULL");
IS_FN(fn_is_not_null, "IS NOT NULL");
IS_FN(fn_is_true, "IS TRUE");
IS_FN(fn_is_not_true, "IS NOT TRUE");
IS_FN(fn_is_false, "IS FALSE");
IS_FN(fn_is_not_false, "IS NOT FALSE");
IS_FN(fn_is_unknown, "IS UNKNOWN");
IS_FN(fn_is_not_unknown, "IS NOT UNKNOWN");

/* ---- comparisons ---------------------------------------------------------------------------- */

static bool comparable(const Type *t) {
    return t->root != TY_RAW && t->root != TY_MAP && t->root != TY_MULTISET;
}

static eddy_status infer_cmp(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                             EdErr *err) {
    (void)data;
    const Type *t;
    eddy_status rc = eddy__common_arg_type(a, fn, args, nargs, &t, err);
    if (rc) return rc;
    bool eq = strcmp(fn->name, "=") == 0 || strcmp(fn->name, "<>") == 0 || strstr(fn->name, "DISTINCT");
    if (!comparable(t) || (!eq && (t->root == TY_ROW || t->root == TY_ARRAY || t->root == TY_STRUCTURED)))
        if (!(eq && t->root != TY_RAW)) return eddy__infer_error(err, fn, args, nargs);
    if ((rc = eddy__coerce_all(a, args, nargs, t, err))) return rc;
    bool distinct = strstr(fn->name, "DISTINCT") != NULL;
    *out = eddy__type_basic(TY_BOOLEAN, distinct ? false : eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };

static int cmp_kind(const char *n) {
    if (!strcmp(n, "=")) return CMP_EQ;
    if (!strcmp(n, "<>")) return CMP_NE;
    if (!strcmp(n, "<")) return CMP_LT;
    if (!strcmp(n, "<=")) return CMP_LE;
    if (!strcmp(n, ">")) return CMP_GT;
    return CMP_GE;
}

static inline bool cmp_res(int k, int c) {
    switch (k) {
    case CMP_EQ: return c == 0;
    case CMP_NE: return c != 0;
    case CMP_LT: return c < 0;
    case CMP_LE: return c <= 0;
    case CMP_GT: return c > 0;
    default: return c >= 0;
    }
}

#define CMP_OP(T, OP)                                                                 \
    FOR_ROWS(i, r) VEC_DATA(out, uint8_t)[r] = ARG(a0, T, r) OP ARG(a1, T, r)
#define CMP_LOOP(T)                                      \
    switch (k) {                                         \
    case CMP_EQ: CMP_OP(T, ==); break;                   \
    case CMP_NE: CMP_OP(T, !=); break;                   \
    case CMP_LT: CMP_OP(T, <); break;                    \
    case CMP_LE: CMP_OP(T, <=); break;                   \
    case CMP_GT: CMP_OP(T, >); break;                    \
    default: CMP_OP(T, >=); break;                       \
    }

static eddy_status k_cmp(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    (void)cx;
    int k = e->fn_data ? *(const int *)e->fn_data : cmp_kind(e->fn->name);
    Vector *a0 = args[0], *a1 = args[1];
    if (a0->phys == a1->phys) {
        switch ((PhysKind)a0->phys) {
        case PH_I32: CMP_LOOP(int32_t); return EDDY_OK;
        case PH_I64: CMP_LOOP(int64_t); return EDDY_OK;
        case PH_I16: CMP_LOOP(int16_t); return EDDY_OK;
        case PH_I8: CMP_LOOP(int8_t); return EDDY_OK;
        case PH_BOOL: CMP_LOOP(uint8_t); return EDDY_OK;
        case PH_I128: CMP_LOOP(ed_i128); return EDDY_OK;
        default: break;
        }
    }
    FOR_ROWS(i, r) VEC_DATA(out, uint8_t)[r] = cmp_res(k, eddy__cmp_slot(a0, r, a1, r));
    return EDDY_OK;
}

/* NaN compares unequal to everything in SQL, unlike the total order. */
static eddy_status k_cmp_float(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)cx;
    int k = cmp_kind(e->fn->name);
    FOR_ROWS(i, r) {
        double x = arg_dbl(args[0], r), y = arg_dbl(args[1], r);
        bool res;
        switch (k) {
        case CMP_EQ: res = x == y; break;
        case CMP_NE: res = x != y; break;
        case CMP_LT: res = x < y; break;
        case CMP_LE: res = x <= y; break;
        case CMP_GT: res = x > y; break;
        default: res = x >= y; break;
        }
        VEC_DATA(out, uint8_t)[r] = res;
    }
    return EDDY_OK;
}

static eddy_status k_compare(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    if (args[0]->phys == PH_F64 || args[0]->phys == PH_F32) return k_cmp_float(cx, e, args, out, rows, nrows);
    return k_cmp(cx, e, args, out, rows, nrows);
}

#define CMP_FN(id, nm) static const FuncDef id = {nm, 2, 2, FN_STRICT, infer_cmp, k_compare, "<COMPARABLE_TYPE> " nm " <COMPARABLE_TYPE>"}
CMP_FN(fn_eq, "=");
CMP_FN(fn_ne, "<>");
CMP_FN(fn_lt, "<");
CMP_FN(fn_le, "<=");
CMP_FN(fn_gt, ">");
CMP_FN(fn_ge, ">=");

static eddy_status k_distinct(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    (void)cx;
    bool not = strstr(e->fn->name, "NOT") != NULL;
    FOR_ROWS(i, r) {
        bool same = eddy__cmp_slot(args[0], r, args[1], r) == 0;
        VEC_DATA(out, uint8_t)[r] = not ? same : !same;
    }
    return EDDY_OK;
}
static const FuncDef fn_distinct = {"IS DISTINCT FROM", 2, 2, 0, infer_cmp, k_distinct, NULL};
static const FuncDef fn_not_distinct = {"IS NOT DISTINCT FROM", 2, 2, 0, infer_cmp, k_distinct, NULL};

/* x IN (v1, ..., vn): TRUE on a match, else UNKNOWN when x or any vi is
 * NULL, else FALSE. */
static eddy_status infer_in(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                            EdErr *err) {
    (void)data;
    const Type *t;
    eddy_status rc = eddy__common_arg_type(a, fn, args, nargs, &t, err);
    if (rc) return rc;
    if ((rc = eddy__coerce_all(a, args, nargs, t, err))) return rc;
    *out = bool_type(args, nargs);
    return EDDY_OK;
}

static eddy_status k_in(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                        uint32_t nrows) {
    (void)cx;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        bool found = false, unknown = false;
        for (int k = 1; k < e->nargs && !found; k++) {
            if (vec_is_null(args[k], r)) unknown = true;
            else if (eddy__cmp_slot(args[0], r, args[k], r) == 0) found = true;
        }
        if (!found && unknown) eddy__vec_set_null(out, r);
        else VEC_DATA(out, uint8_t)[r] = found;
    }
    return EDDY_OK;
}
static const FuncDef fn_in = {"IN", 2, -1, 0, infer_in, k_in, NULL};

/* ---- the registry -------------------------------------------------------------------------------- */

static const FuncDef *const core_fns[] = {
    &eddy__fn_and, &eddy__fn_or, &fn_not, &fn_is_null, &fn_is_not_null, &fn_is_true, &fn_is_not_true,
    &fn_is_false, &fn_is_not_false, &fn_is_unknown, &fn_is_not_unknown, &fn_eq, &fn_ne, &fn_lt, &fn_le, &fn_gt,
    &fn_ge, &fn_distinct, &fn_not_distinct, &fn_in, NULL,
};

/* eddy__fns_datefmt comes before eddy__fns_time: its TO_TIMESTAMP_LTZ (numeric and string forms) is the one looked up */
static const FuncDef *const *const families[] = {core_fns, eddy__fns_arith, eddy__fns_string, eddy__fns_datefmt, eddy__fns_time, eddy__fns_collection, eddy__fns_string2, eddy__fns_string3, eddy__fns_regex, eddy__fns_temporal, eddy__fns_json, eddy__fns_misc};

static const FuncDef **all_fns;
static int all_count;

static void build_all(void) {
    static const FuncDef *storage[1024];
    int n = 0;
    for (size_t f = 0; f < ED_ARRAY_LEN(families); f++)
        for (const FuncDef *const *p = families[f]; *p && n < 1024; p++) storage[n++] = *p;
    all_fns = storage;
    all_count = n;
}

static pthread_once_t all_once = PTHREAD_ONCE_INIT;

const FuncDef *eddy__fn_lookup(const char *name) {
    pthread_once(&all_once, build_all);
    for (int i = 0; i < all_count; i++)
        if (eddy__str_ieq(all_fns[i]->name, name)) return all_fns[i];
    return NULL;
}

const FuncDef *const *eddy__fn_all(int *count) {
    pthread_once(&all_once, build_all);
    *count = all_count;
    return all_fns;
}
