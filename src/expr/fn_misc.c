/*
 * fn_misc.c -- conditional, type and collection functions: GREATEST, LEAST,
 * TYPEOF, ELEMENT, the ARRAY_* family (CONTAINS, DISTINCT, POSITION,
 * REMOVE, REVERSE, SLICE, UNION, CONCAT, EXCEPT, INTERSECT, APPEND,
 * PREPEND, MAX, MIN, JOIN, SORT) and the MAP_* family (KEYS, VALUES,
 * ENTRIES, FROM_ARRAYS, UNION), with the results and NULL rules of Flink's
 * runtime classes (ArrayContainsFunction, ArraySliceFunction, ...), and
 * PRINTF with java.util.Formatter's conversions (%s %S %d %x %X %o %f %e %g
 * %b %c %n %%, flags - 0 + space , # ( <, argument indexes n$).
 *
 * Element equality is eddy's value equality (eddy__cmp_slot == 0, NULL equal
 * to NULL), which is what Flink's equality evaluators give for these calls.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "expr/functions.h"
#include "types/compare.h"
#include "types/format.h"

static eddy_status mi_nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

static bool mi_is_array(const Expr *e) { return e->type->root == TY_ARRAY; }

/* ---- GREATEST / LEAST --------------------------------------------------------------- */

static eddy_status infer_greatest(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                  const void **data, EdErr *err) {
    (void)data;
    const Type *t;
    eddy_status rc = eddy__common_arg_type(a, fn, args, nargs, &t, err);
    if (rc) return rc;
    if (t->root == TY_RAW || t->root == TY_MAP || t->root == TY_MULTISET) return eddy__infer_error(err, fn, args, nargs);
    if (t->root == TY_NULL) t = eddy__type_basic(TY_NULL, true);
    if ((rc = eddy__coerce_all(a, args, nargs, t, err))) return rc;
    *out = eddy__type_with_nullable(a, eddy__type_with_timeattr(a, t, TA_NONE), eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

static eddy_status k_greatest(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    (void)cx;
    bool greatest = e->fn->name[0] == 'G';
    FOR_ROWS(i, r) {
        int best = 0;
        for (int k = 1; k < e->nargs; k++) {
            int c = eddy__cmp_slot(args[k], r, args[best], r);
            if (greatest ? c > 0 : c < 0) best = k;
        }
        eddy__vec_copy_value(out, r, args[best], r);
    }
    return EDDY_OK;
}
static const FuncDef fn_greatest = {"GREATEST", 1, -1, FN_STRICT, infer_greatest, k_greatest, "GREATEST(<EQUIVALENT_TYPE>)"};
static const FuncDef fn_least = {"LEAST", 1, -1, FN_STRICT, infer_greatest, k_greatest, "LEAST(<EQUIVALENT_TYPE>)"};

/* ---- TYPEOF --------------------------------------------------------------------------- */

/* The type as Flink's TYPEOF prints it: asSummaryString, or with force
 * asSerializableString (NULL for types that have none). */
static const char *typeof_text(Arena *a, const Type *t, bool force) {
    Buf b;
    eddy__buf_init(&b);
    if (!force) {
        eddy__type_print(&b, t);
    } else {
        if (t->root == TY_STRUCTURED || t->root == TY_RAW || t->root == TY_SYMBOL) {
            eddy__buf_free(&b);
            return NULL;
        }
        Buf raw;
        eddy__buf_init(&raw);
        eddy__type_print_sql(&raw, t);
        /* STRING / BYTES are summary names; the serializable ones spell the length */
        const char *s = eddy__buf_cstr(&raw);
        bool quoted = false;
        for (size_t i = 0; s[i];) {
            if (s[i] == '`') quoted = !quoted;
            bool start = i == 0 || !((s[i - 1] >= 'A' && s[i - 1] <= 'Z') || s[i - 1] == '_');
            if (!quoted && start && !strncmp(s + i, "STRING", 6) && !(s[i + 6] >= 'A' && s[i + 6] <= 'Z')) {
                eddy__buf_puts(&b, "VARCHAR(2147483647)");
                i += 6;
            } else if (!quoted && start && !strncmp(s + i, "BYTES", 5) && !(s[i + 5] >= 'A' && s[i + 5] <= 'Z')) {
                eddy__buf_puts(&b, "VARBINARY(2147483647)");
                i += 5;
            } else {
                eddy__buf_putc(&b, s[i++]);
            }
        }
        eddy__buf_free(&raw);
    }
    const char *r = b.failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    return r;
}

typedef struct TypeofData {
    const char *text; /* NULL: the result is NULL */
} TypeofData;

static eddy_status infer_typeof(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                const void **data, EdErr *err) {
    bool force = false;
    if (nargs == 2) {
        if (args[1]->type->root != TY_BOOLEAN || args[1]->kind != EX_LITERAL)
            return eddy__invalid_call_error(err, fn, args, nargs);
        force = !args[1]->value.is_null && args[1]->value.u.b;
    }
    TypeofData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->text = typeof_text(a, args[0]->type, force);
    if (!d->text && !force) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    *data = d;
    *out = eddy__type_string(force);
    return EDDY_OK;
}

static eddy_status k_typeof(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    (void)cx;
    (void)args;
    const TypeofData *d = e->fn_data;
    FOR_ROWS(i, r) {
        if (d->text) eddy__vec_set_str(out, r, d->text, strlen(d->text));
        else eddy__vec_set_null(out, r);
    }
    return EDDY_OK;
}
static const FuncDef fn_typeof = {"TYPEOF", 1, 2, 0, infer_typeof, k_typeof, "TYPEOF(<ANY>[, <BOOLEAN>])"};

/* ---- array helpers ---------------------------------------------------------------------- */

static inline ListEntry mi_list(const Vector *v, uint32_t r) { return VEC_DATA(v, ListEntry)[vidx(v, r)]; }

/* Starts row r of a list output with n elements; returns the first element
 * slot (child index) or UINT32_MAX when memory ran out. */
static uint32_t mi_list_begin(Vector *out, uint32_t r, uint32_t n) {
    uint32_t off = eddy__vec_list_append(out, n);
    if (out->failed) return UINT32_MAX;
    vec_set_valid(out, r);
    VEC_DATA(out, ListEntry)[r] = (ListEntry){off, n};
    return off;
}

/* Shrinks the length of row r's list (elements written contiguously). */
static void mi_list_end(Vector *out, uint32_t r, uint32_t used) {
    ListEntry *le = &VEC_DATA(out, ListEntry)[r];
    le->len = used;
    out->child_len = le->off + used;
}

/* Whether element j of list vector v is already among elements [from, to). */
static bool mi_seen(const Vector *elems, uint32_t from, uint32_t to, const Vector *src, uint32_t j) {
    for (uint32_t k = from; k < to; k++)
        if (eddy__cmp_slot(elems, k, src, j) == 0) return true;
    return false;
}

/* The array argument type check shared by the one-array functions. */
static eddy_status infer_array_same(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    (void)data;
    if (!mi_is_array(args[0])) return eddy__invalid_call_error(err, fn, args, nargs);
    if (!strcmp(fn->name, "ARRAY_SLICE")) {
        for (int i = 1; i < nargs; i++) {
            if (!eddy__type_is_integer(args[i]->type) && args[i]->type->root != TY_NULL)
                return eddy__invalid_call_error(err, fn, args, nargs);
            eddy_status rc = eddy__coerce(a, args, i, eddy__type_basic(TY_INT, true), err);
            if (rc) return rc;
        }
    }
    if (!strcmp(fn->name, "ARRAY_SORT")) {
        for (int i = 1; i < nargs; i++)
            if (args[i]->type->root != TY_BOOLEAN && args[i]->type->root != TY_NULL)
                return eddy__invalid_call_error(err, fn, args, nargs);
    }
    *out = eddy__type_with_nullable(a, args[0]->type, eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

/* ARRAY_CONTAINS / ARRAY_POSITION / ARRAY_REMOVE / ARRAY_APPEND / ARRAY_PREPEND:
 * an array and an element cast to its element type. */
static eddy_status infer_array_elem(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    (void)data;
    if (!mi_is_array(args[0])) return eddy__invalid_call_error(err, fn, args, nargs);
    const Type *et = args[0]->type->elem;
    const char *n = fn->name;
    bool grows = !strcmp(n, "ARRAY_APPEND") || !strcmp(n, "ARRAY_PREPEND");
    if (grows) {
        const Type *c = eddy__type_common(a, et, args[1]->type);
        if (!c) return eddy__invalid_call_error(err, fn, args, nargs);
        et = eddy__type_with_nullable(a, c, et->nullable || args[1]->type->nullable);
        const Type *at = eddy__type_array(a, et, args[0]->type->nullable);
        eddy_status rc;
        if ((rc = eddy__coerce(a, args, 0, at, err)) || (rc = eddy__coerce(a, args, 1, et, err))) return rc;
        *out = at;
        return EDDY_OK;
    }
    if (args[1]->type->root != TY_NULL && !eddy__type_implicit_cast(args[1]->type, et) &&
        !eddy__type_common(a, args[1]->type, et))
        return eddy__invalid_call_error(err, fn, args, nargs);
    eddy_status rc = eddy__coerce(a, args, 1, et, err);
    if (rc) return rc;
    if (!strcmp(n, "ARRAY_CONTAINS")) *out = eddy__type_basic(TY_BOOLEAN, args[0]->type->nullable);
    else if (!strcmp(n, "ARRAY_POSITION")) *out = eddy__type_basic(TY_INT, eddy__args_nullable(args, nargs));
    else *out = args[0]->type;
    return EDDY_OK;
}

static eddy_status k_array_contains(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                    const uint32_t *rows, uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        ListEntry le = mi_list(args[0], r);
        bool found = false;
        for (uint32_t j = 0; j < le.len && !found; j++)
            found = eddy__cmp_slot(args[0]->child[0], le.off + j, args[1], r) == 0;
        VEC_DATA(out, uint8_t)[r] = found;
    }
    return EDDY_OK;
}
static const FuncDef fn_array_contains = {"ARRAY_CONTAINS", 2, 2, 0, infer_array_elem, k_array_contains,
                                          "ARRAY_CONTAINS(haystack <ARRAY>, needle <ARRAY ELEMENT>)"};

static eddy_status k_array_position(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                    const uint32_t *rows, uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        int32_t pos = 0;
        for (uint32_t j = 0; j < le.len && !pos; j++)
            if (eddy__cmp_slot(args[0]->child[0], le.off + j, args[1], r) == 0) pos = (int32_t)j + 1;
        VEC_DATA(out, int32_t)[r] = pos;
    }
    return EDDY_OK;
}
static const FuncDef fn_array_position = {"ARRAY_POSITION", 2, 2, FN_STRICT, infer_array_elem, k_array_position,
                                          "ARRAY_POSITION(haystack <ARRAY>, needle <ARRAY ELEMENT>)"};

static eddy_status k_array_remove(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                  const uint32_t *rows, uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        ListEntry le = mi_list(args[0], r);
        uint32_t off = mi_list_begin(out, r, le.len);
        if (off == UINT32_MAX) return mi_nomem(cx);
        uint32_t used = 0;
        for (uint32_t j = 0; j < le.len; j++)
            if (eddy__cmp_slot(args[0]->child[0], le.off + j, args[1], r) != 0)
                eddy__vec_copy_value(out->child[0], off + used++, args[0]->child[0], le.off + j);
        mi_list_end(out, r, used);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_remove = {"ARRAY_REMOVE", 2, 2, 0, infer_array_elem, k_array_remove,
                                        "ARRAY_REMOVE(haystack <ARRAY>, needle <ARRAY ELEMENT>)"};

static eddy_status k_array_append(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                  const uint32_t *rows, uint32_t nrows) {
    bool prepend = e->fn->name[6] == 'P';
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        ListEntry le = mi_list(args[0], r);
        uint32_t off = mi_list_begin(out, r, le.len + 1);
        if (off == UINT32_MAX) return mi_nomem(cx);
        uint32_t base = prepend ? 1 : 0;
        for (uint32_t j = 0; j < le.len; j++) eddy__vec_copy_value(out->child[0], off + base + j, args[0]->child[0], le.off + j);
        eddy__vec_copy_value(out->child[0], prepend ? off : off + le.len, args[1], r);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_append = {"ARRAY_APPEND", 2, 2, 0, infer_array_elem, k_array_append,
                                        "ARRAY_APPEND(array <ARRAY>, element <ARRAY ELEMENT>)"};
static const FuncDef fn_array_prepend = {"ARRAY_PREPEND", 2, 2, 0, infer_array_elem, k_array_append,
                                         "ARRAY_PREPEND(array <ARRAY>, element <ARRAY ELEMENT>)"};

static eddy_status k_array_distinct(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                    const uint32_t *rows, uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        uint32_t off = mi_list_begin(out, r, le.len);
        if (off == UINT32_MAX) return mi_nomem(cx);
        uint32_t used = 0;
        for (uint32_t j = 0; j < le.len; j++)
            if (!mi_seen(out->child[0], off, off + used, args[0]->child[0], le.off + j))
                eddy__vec_copy_value(out->child[0], off + used++, args[0]->child[0], le.off + j);
        mi_list_end(out, r, used);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_distinct = {"ARRAY_DISTINCT", 1, 1, FN_STRICT, infer_array_same, k_array_distinct,
                                          "ARRAY_DISTINCT(haystack <ARRAY>)"};

static eddy_status k_array_reverse(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                   const uint32_t *rows, uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        uint32_t off = mi_list_begin(out, r, le.len);
        if (off == UINT32_MAX) return mi_nomem(cx);
        for (uint32_t j = 0; j < le.len; j++)
            eddy__vec_copy_value(out->child[0], off + j, args[0]->child[0], le.off + le.len - 1 - j);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_reverse = {"ARRAY_REVERSE", 1, 1, FN_STRICT, infer_array_same, k_array_reverse,
                                         "ARRAY_REVERSE(haystack <ARRAY>)"};

/* ARRAY_SLICE(array, start [, end]): ArraySliceFunction's index rules. */
static eddy_status k_array_slice(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                 const uint32_t *rows, uint32_t nrows) {
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        int64_t size = le.len;
        int64_t start = arg_int(args[1], r), end = e->nargs > 2 ? arg_int(args[2], r) : size;
        if (size == 0) {
            if (mi_list_begin(out, r, 0) == UINT32_MAX) return mi_nomem(cx);
            continue;
        }
        start += start < 0 ? size + 1 : 0;
        end += end < 0 ? size + 1 : 0;
        start = ED_MAX(1, start);
        end = end == 0 ? 1 : ED_MIN(end, size);
        uint32_t n = end < start ? 0 : (uint32_t)(end - start + 1);
        uint32_t off = mi_list_begin(out, r, n);
        if (off == UINT32_MAX) return mi_nomem(cx);
        for (uint32_t j = 0; j < n; j++)
            eddy__vec_copy_value(out->child[0], off + j, args[0]->child[0], le.off + (uint32_t)(start - 1) + j);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_slice = {"ARRAY_SLICE", 2, 3, FN_STRICT, infer_array_same, k_array_slice,
                                       "ARRAY_SLICE(array <ARRAY>, start_offset <INTEGER>[, end_offset <INTEGER>])"};

/* ARRAY_SORT(array [, ascending [, nulls_first]]): ascending with NULLs
 * first by default; descending puts NULLs last unless nulls_first says. */
static eddy_status k_array_sort(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                const uint32_t *rows, uint32_t nrows) {
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        bool asc = e->nargs > 1 ? ARG(args[1], uint8_t, r) != 0 : true;
        bool nulls_first = e->nargs > 2 ? ARG(args[2], uint8_t, r) != 0 : asc;
        uint32_t *ord = eddy__arena_alloc(cx->scratch, sizeof(uint32_t) * (le.len ? le.len : 1));
        if (!ord) return mi_nomem(cx);
        const Vector *el = args[0]->child[0];
        for (uint32_t j = 0; j < le.len; j++) {
            uint32_t x = le.off + j, k = j;
            while (k > 0) {
                uint32_t y = ord[k - 1];
                bool xn = vec_is_null(el, x), yn = vec_is_null(el, y);
                int c;
                if (xn || yn) c = xn == yn ? 0 : (xn ? (nulls_first ? -1 : 1) : (nulls_first ? 1 : -1));
                else c = asc ? eddy__cmp_slot(el, x, el, y) : eddy__cmp_slot(el, y, el, x);
                if (c >= 0) break;
                ord[k] = y;
                k--;
            }
            ord[k] = x;
        }
        uint32_t off = mi_list_begin(out, r, le.len);
        if (off == UINT32_MAX) return mi_nomem(cx);
        for (uint32_t j = 0; j < le.len; j++) eddy__vec_copy_value(out->child[0], off + j, el, ord[j]);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_sort = {"ARRAY_SORT", 1, 3, FN_STRICT, infer_array_same, k_array_sort,
                                      "ARRAY_SORT(array <ARRAY>[, ascending_order <BOOLEAN>[, null_first <BOOLEAN>]])"};

/* ARRAY_UNION / ARRAY_CONCAT / ARRAY_EXCEPT / ARRAY_INTERSECT: arrays
 * coerced to one array type. */
static eddy_status infer_array_common(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                      const void **data, EdErr *err) {
    (void)data;
    const Type *et = NULL;
    for (int i = 0; i < nargs; i++) {
        if (!mi_is_array(args[i])) return eddy__invalid_call_error(err, fn, args, nargs);
        const Type *x = args[i]->type->elem;
        et = et ? eddy__type_common(a, et, x) : x;
        if (!et) return eddy__invalid_call_error(err, fn, args, nargs);
    }
    const Type *at = eddy__type_array(a, et, eddy__args_nullable(args, nargs));
    if (!at) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__coerce_all(a, args, nargs, at, err);
    if (rc) return rc;
    *out = at;
    return EDDY_OK;
}

static eddy_status k_array_setop(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    char op = e->fn->name[6]; /* U(nion), C(oncat), E(xcept), I(ntersect) */
    FOR_ROWS(i, r) {
        uint32_t total = 0;
        for (int k = 0; k < e->nargs; k++) total += mi_list(args[k], r).len;
        uint32_t off = mi_list_begin(out, r, total);
        if (off == UINT32_MAX) return mi_nomem(cx);
        Vector *dst = out->child[0];
        uint32_t used = 0;
        if (op == 'C') {
            for (int k = 0; k < e->nargs; k++) {
                ListEntry le = mi_list(args[k], r);
                for (uint32_t j = 0; j < le.len; j++) eddy__vec_copy_value(dst, off + used++, args[k]->child[0], le.off + j);
            }
        } else if (op == 'U') {
            for (int k = 0; k < e->nargs; k++) {
                ListEntry le = mi_list(args[k], r);
                for (uint32_t j = 0; j < le.len; j++)
                    if (!mi_seen(dst, off, off + used, args[k]->child[0], le.off + j))
                        eddy__vec_copy_value(dst, off + used++, args[k]->child[0], le.off + j);
            }
        } else {
            ListEntry a0 = mi_list(args[0], r), a1 = mi_list(args[1], r);
            for (uint32_t j = 0; j < a0.len; j++) {
                bool in_other = mi_seen(args[1]->child[0], a1.off, a1.off + a1.len, args[0]->child[0], a0.off + j);
                if ((op == 'E') == in_other) continue;
                if (!mi_seen(dst, off, off + used, args[0]->child[0], a0.off + j))
                    eddy__vec_copy_value(dst, off + used++, args[0]->child[0], a0.off + j);
            }
        }
        mi_list_end(out, r, used);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_union = {"ARRAY_UNION", 2, 2, FN_STRICT, infer_array_common, k_array_setop,
                                       "ARRAY_UNION(<ARRAY>, <ARRAY>)"};
static const FuncDef fn_array_concat = {"ARRAY_CONCAT", 1, -1, FN_STRICT, infer_array_common, k_array_setop,
                                        "ARRAY_CONCAT(<ARRAY>, ...)"};
static const FuncDef fn_array_except = {"ARRAY_EXCEPT", 2, 2, FN_STRICT, infer_array_common, k_array_setop,
                                        "ARRAY_EXCEPT(<ARRAY>, <ARRAY>)"};
static const FuncDef fn_array_intersect = {"ARRAY_INTERSECT", 2, 2, FN_STRICT, infer_array_common, k_array_setop,
                                           "ARRAY_INTERSECT(<ARRAY>, <ARRAY>)"};

/* ARRAY_MAX / ARRAY_MIN / ELEMENT: one element of the array. */
static eddy_status infer_array_elem_out(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                        const void **data, EdErr *err) {
    (void)data;
    if (!mi_is_array(args[0])) {
        if (!strcmp(fn->name, "ELEMENT")) return eddy__infer_error(err, fn, args, nargs);
        return eddy__invalid_call_error(err, fn, args, nargs);
    }
    const Type *et = args[0]->type->elem;
    if (strcmp(fn->name, "ELEMENT") && (et->root == TY_MAP || et->root == TY_MULTISET || et->root == TY_RAW))
        return eddy__invalid_call_error(err, fn, args, nargs);
    *out = eddy__type_with_nullable(a, et, true);
    return EDDY_OK;
}

static eddy_status k_array_maxmin(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                  const uint32_t *rows, uint32_t nrows) {
    (void)cx;
    bool max = e->fn->name[7] == 'A';
    const Vector *el = args[0]->child[0];
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        int64_t best = -1;
        for (uint32_t j = 0; j < le.len; j++) {
            uint32_t x = le.off + j;
            if (vec_is_null(el, x)) continue;
            if (best < 0) best = x;
            else {
                int c = eddy__cmp_slot(el, x, el, (uint32_t)best);
                if (max ? c > 0 : c < 0) best = x;
            }
        }
        if (best < 0) eddy__vec_set_null(out, r);
        else eddy__vec_copy_value(out, r, el, (uint32_t)best);
    }
    return EDDY_OK;
}
static const FuncDef fn_array_max = {"ARRAY_MAX", 1, 1, FN_STRICT, infer_array_elem_out, k_array_maxmin,
                                     "ARRAY_MAX(<ARRAY>)"};
static const FuncDef fn_array_min = {"ARRAY_MIN", 1, 1, FN_STRICT, infer_array_elem_out, k_array_maxmin,
                                     "ARRAY_MIN(<ARRAY>)"};

static eddy_status k_element(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        if (le.len > 1) return eddy__err(cx->err, EDDY_E_RUNTIME, "Array has more than one element.");
        if (le.len == 0) eddy__vec_set_null(out, r);
        else eddy__vec_copy_value(out, r, args[0]->child[0], le.off);
    }
    return EDDY_OK;
}
static const FuncDef fn_element = {"ELEMENT", 1, 1, FN_STRICT, infer_array_elem_out, k_element, "ELEMENT(<ARRAY>)"};

/* ARRAY_JOIN(array<string>, delimiter [, null_replacement]). */
static eddy_status infer_array_join(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                   const void **data, EdErr *err) {
    (void)data;
    if (!mi_is_array(args[0]) || !eddy__type_is_string(args[0]->type->elem))
        return eddy__invalid_call_error(err, fn, args, nargs);
    for (int i = 1; i < nargs; i++) {
        if (!eddy__type_is_string(args[i]->type) && args[i]->type->root != TY_NULL)
            return eddy__invalid_call_error(err, fn, args, nargs);
        eddy_status rc = eddy__coerce(a, args, i, eddy__type_string(true), err);
        if (rc) return rc;
    }
    *out = eddy__type_string(eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

static eddy_status k_array_join(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    Buf b;
    eddy__buf_init(&b);
    const Vector *el = args[0]->child[0];
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        Str delim = vec_str(args[1], r);
        bool repl = e->nargs > 2;
        Str rs = repl ? vec_str(args[2], r) : (Str){"", 0};
        /* the result's size, before building it */
        uint64_t total = 0, parts = 0;
        for (uint32_t j = 0; j < le.len; j++)
            if (!vec_is_null(el, le.off + j) || repl) {
                total += vec_is_null(el, le.off + j) ? rs.n : vec_str(el, le.off + j).n;
                parts++;
            }
        eddy_status rc = str_result_fits_n(cx, "ARRAY_JOIN", parts ? parts - 1 : 0, delim.n, total);
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        b.len = 0;
        bool first = true;
        for (uint32_t j = 0; j < le.len; j++) {
            Str s;
            if (vec_is_null(el, le.off + j)) {
                if (!repl) continue;
                s = rs;
            } else {
                s = vec_str(el, le.off + j);
            }
            if (!first) eddy__buf_put(&b, delim.p, delim.n);
            eddy__buf_put(&b, s.p, s.n);
            first = false;
        }
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? mi_nomem(cx) : EDDY_OK;
}
static const FuncDef fn_array_join = {"ARRAY_JOIN", 2, 3, FN_STRICT, infer_array_join, k_array_join,
                                      "ARRAY_JOIN(<ARRAY<STRING>>, <STRING>[, <STRING>])"};

/* ---- maps --------------------------------------------------------------------------- */

static eddy_status infer_map_part(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                  const void **data, EdErr *err) {
    (void)data;
    const Type *t = args[0]->type;
    if (t->root != TY_MAP) return eddy__invalid_call_error(err, fn, args, nargs);
    const char *n = fn->name;
    bool nullable = t->nullable;
    if (!strcmp(n, "MAP_KEYS")) *out = eddy__type_array(a, t->elem, nullable);
    else if (!strcmp(n, "MAP_VALUES")) *out = eddy__type_array(a, t->value, nullable);
    else {
        const char *names[2] = {"key", "value"};
        const Type *types[2] = {t->elem, t->value};
        const Type *row = eddy__type_row(a, 2, names, types, false);
        *out = row ? eddy__type_array(a, row, nullable) : NULL;
    }
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status k_map_part(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    char which = e->fn->name[4]; /* K, V, E */
    FOR_ROWS(i, r) {
        ListEntry le = mi_list(args[0], r);
        uint32_t off = mi_list_begin(out, r, le.len);
        if (off == UINT32_MAX) return mi_nomem(cx);
        for (uint32_t j = 0; j < le.len; j++) {
            if (which == 'K') eddy__vec_copy_value(out->child[0], off + j, args[0]->child[0], le.off + j);
            else if (which == 'V') eddy__vec_copy_value(out->child[0], off + j, args[0]->child[1], le.off + j);
            else {
                Vector *row = out->child[0];
                vec_set_valid(row, off + j);
                eddy__vec_copy_value(row->child[0], off + j, args[0]->child[0], le.off + j);
                eddy__vec_copy_value(row->child[1], off + j, args[0]->child[1], le.off + j);
            }
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_map_keys = {"MAP_KEYS", 1, 1, FN_STRICT, infer_map_part, k_map_part, "MAP_KEYS(<MAP>)"};
static const FuncDef fn_map_values = {"MAP_VALUES", 1, 1, FN_STRICT, infer_map_part, k_map_part, "MAP_VALUES(<MAP>)"};
static const FuncDef fn_map_entries = {"MAP_ENTRIES", 1, 1, FN_STRICT, infer_map_part, k_map_part, "MAP_ENTRIES(<MAP>)"};

static eddy_status infer_map_from_arrays(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                         const void **data, EdErr *err) {
    (void)data;
    if (!mi_is_array(args[0]) || !mi_is_array(args[1])) return eddy__invalid_call_error(err, fn, args, nargs);
    *out = eddy__type_map(a, args[0]->type->elem, args[1]->type->elem, eddy__args_nullable(args, nargs));
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

/* Copies key ks[ki] / value vs[vi] into the map being built at
 * out->child[*][off..off+*used), replacing the value of an equal key. */
static void mi_map_put(Vector *out, uint32_t off, uint32_t *used, const Vector *ks, uint32_t ki, const Vector *vs,
                       uint32_t vi) {
    for (uint32_t k = off; k < off + *used; k++)
        if (eddy__cmp_slot(out->child[0], k, ks, ki) == 0) {
            eddy__vec_copy_value(out->child[1], k, vs, vi);
            return;
        }
    eddy__vec_copy_value(out->child[0], off + *used, ks, ki);
    eddy__vec_copy_value(out->child[1], off + *used, vs, vi);
    (*used)++;
}

static eddy_status k_map_from_arrays(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                     const uint32_t *rows, uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        ListEntry kl = mi_list(args[0], r), vl = mi_list(args[1], r);
        if (kl.len != vl.len)
            return eddy__err(cx->err, EDDY_E_RUNTIME,
                             "Invalid function MAP_FROM_ARRAYS call:\nThe length of the keys array %u is not equal to "
                             "the length of the values array %u",
                             kl.len, vl.len);
        uint32_t off = mi_list_begin(out, r, kl.len);
        if (off == UINT32_MAX) return mi_nomem(cx);
        uint32_t used = 0;
        for (uint32_t j = 0; j < kl.len; j++)
            mi_map_put(out, off, &used, args[0]->child[0], kl.off + j, args[1]->child[0], vl.off + j);
        mi_list_end(out, r, used);
    }
    return EDDY_OK;
}
static const FuncDef fn_map_from_arrays = {"MAP_FROM_ARRAYS", 2, 2, FN_STRICT, infer_map_from_arrays, k_map_from_arrays,
                                           "MAP_FROM_ARRAYS(<ARRAY>, <ARRAY>)"};

static eddy_status infer_map_union(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                   const void **data, EdErr *err) {
    (void)data;
    const Type *t = NULL;
    for (int i = 0; i < nargs; i++) {
        if (args[i]->type->root != TY_MAP) return eddy__invalid_call_error(err, fn, args, nargs);
        t = t ? eddy__type_common(a, t, args[i]->type) : args[i]->type;
        if (!t) return eddy__invalid_call_error(err, fn, args, nargs);
    }
    t = eddy__type_with_nullable(a, t, eddy__args_nullable(args, nargs));
    eddy_status rc = eddy__coerce_all(a, args, nargs, t, err);
    if (rc) return rc;
    *out = t;
    return EDDY_OK;
}

static eddy_status k_map_union(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    FOR_ROWS(i, r) {
        uint32_t total = 0;
        for (int k = 0; k < e->nargs; k++) total += mi_list(args[k], r).len;
        uint32_t off = mi_list_begin(out, r, total);
        if (off == UINT32_MAX) return mi_nomem(cx);
        uint32_t used = 0;
        for (int k = 0; k < e->nargs; k++) {
            ListEntry le = mi_list(args[k], r);
            for (uint32_t j = 0; j < le.len; j++)
                mi_map_put(out, off, &used, args[k]->child[0], le.off + j, args[k]->child[1], le.off + j);
        }
        mi_list_end(out, r, used);
    }
    return EDDY_OK;
}
static const FuncDef fn_map_union = {"MAP_UNION", 1, -1, FN_STRICT, infer_map_union, k_map_union, "MAP_UNION(<MAP>, ...)"};

/* ---- PRINTF: java.util.Formatter ------------------------------------------------------------ */

/* The Java class of a PRINTF argument, for IllegalFormatConversionException. */
static const char *java_class_of(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: return "java.lang.Boolean";
    case TY_TINYINT: return "java.lang.Byte";
    case TY_SMALLINT: return "java.lang.Short";
    case TY_INT: return "java.lang.Integer";
    case TY_BIGINT: return "java.lang.Long";
    case TY_FLOAT: return "java.lang.Float";
    case TY_DOUBLE: return "java.lang.Double";
    case TY_DECIMAL: return "org.apache.flink.table.data.DecimalData";
    case TY_CHAR:
    case TY_VARCHAR: return "org.apache.flink.table.data.binary.BinaryStringData";
    case TY_BINARY:
    case TY_VARBINARY: return "[B";
    default: return "java.lang.Object";
    }
}

/* Java's shortest decimal of d as digits and an exponent: d = 0.D * 10^exp. */
static void java_digits(double d, Buf *digits, int *exp10) {
    Buf t;
    eddy__buf_init(&t);
    eddy__fmt_double(&t, fabs(d));
    const char *s = eddy__buf_cstr(&t);
    digits->len = 0;
    int point = -1, e = 0, nd = 0;
    for (const char *c = s; *c; c++) {
        if (*c == '.') point = nd;
        else if (*c == 'E') {
            e = atoi(c + 1);
            break;
        } else {
            eddy__buf_putc(digits, *c);
            nd++;
        }
    }
    if (point < 0) point = nd;
    /* strip leading zeros ("0.001" -> "1" with the exponent adjusted) */
    size_t lead = 0;
    while (lead + 1 < digits->len && digits->data[lead] == '0') lead++;
    memmove(digits->data, digits->data + lead, digits->len - lead);
    digits->len -= lead;
    digits->data[digits->len] = 0;
    *exp10 = point - (int)lead + e;
    eddy__buf_free(&t);
}

/* Rounds the digit string HALF_UP to keep `keep` digits (keep may be <= 0);
 * returns the new exponent adjustment (1 when 9.99 became 10.0). */
static int round_digits(Buf *d, int keep) {
    if (keep < 0) {
        d->len = 0;
        eddy__buf_putc(d, '0');
        return 0;
    }
    if ((size_t)keep >= d->len) return 0;
    bool up = d->data[keep] >= '5';
    d->len = (size_t)keep;
    int carry = 0;
    if (up) {
        int k = keep - 1;
        while (k >= 0 && d->data[k] == '9') d->data[k--] = '0';
        if (k >= 0) d->data[k]++;
        else {
            memmove(d->data + 1, d->data, d->len);
            d->data[0] = '1';
            d->len++;
            carry = 1;
        }
    }
    if (d->len == 0) eddy__buf_putc(d, '0');
    d->data[d->len] = 0;
    return carry;
}

static void group_thousands(Buf *o, const char *digits, size_t n) {
    for (size_t k = 0; k < n; k++) {
        if (k && (n - k) % 3 == 0) eddy__buf_putc(o, ',');
        eddy__buf_putc(o, digits[k]);
    }
}

/* %f, %e, %g of a double d with precision prec into o (no sign). */
static void format_float(Buf *o, double d, char conv, int prec, bool group) {
    Buf dg;
    eddy__buf_init(&dg);
    int e10;
    java_digits(d, &dg, &e10);
    bool zero = dg.len == 1 && dg.data[0] == '0';
    if (conv == 'g') {
        if (prec == 0) prec = 1;
        /* the value rounded to prec significant digits decides the form */
        Buf t;
        eddy__buf_init(&t);
        eddy__buf_put(&t, dg.data, dg.len);
        int te = e10 + round_digits(&t, prec);
        eddy__buf_free(&t);
        if (!zero && (te - 1 < -4 || te - 1 >= prec)) conv = 'e', prec = prec - 1;
        else conv = 'f', prec = zero ? prec - 1 : prec - te;
    }
    if (conv == 'f') {
        int keep = e10 + prec;
        e10 += round_digits(&dg, keep);
        if (zero) e10 = 1;
        /* integer part */
        Buf ip;
        eddy__buf_init(&ip);
        if (e10 <= 0) eddy__buf_putc(&ip, '0');
        for (int k = 0; k < e10; k++) eddy__buf_putc(&ip, (size_t)k < dg.len ? dg.data[k] : '0');
        if (group) group_thousands(o, ip.data, ip.len);
        else eddy__buf_put(o, ip.data, ip.len);
        eddy__buf_free(&ip);
        if (prec > 0) {
            eddy__buf_putc(o, '.');
            for (int k = 0; k < prec; k++) {
                int idx = e10 + k;
                eddy__buf_putc(o, idx >= 0 && (size_t)idx < dg.len ? dg.data[idx] : '0');
            }
        }
    } else { /* e */
        int ex = zero ? 0 : e10 - 1;
        ex += round_digits(&dg, prec + 1);
        eddy__buf_putc(o, dg.data[0]);
        if (prec > 0) {
            eddy__buf_putc(o, '.');
            for (int k = 1; k <= prec; k++) eddy__buf_putc(o, (size_t)k < dg.len ? dg.data[k] : '0');
        }
        eddy__buf_printf(o, "e%c%02d", ex < 0 ? '-' : '+', ex < 0 ? -ex : ex);
    }
    eddy__buf_free(&dg);
}

/* Formats row r of the PRINTF call into o; returns an error message (in
 * the scratch arena) or NULL. */
static const char *printf_row(EvalCtx *cx, const Expr *e, Vector *const *args, uint32_t r, Buf *o) {
    Str f = vec_str(args[0], r);
    int next_arg = 1, last_arg = 0;
    Buf piece;
    eddy__buf_init(&piece);
    const char *err = NULL;
    for (size_t i = 0; i < f.n && !err;) {
        if (f.p[i] != '%') {
            size_t j = i;
            while (j < f.n && f.p[j] != '%') j++;
            eddy__buf_put(o, f.p + i, j - i);
            i = j;
            continue;
        }
        size_t spec_start = i++;
        /* %[index$][flags][width][.precision]conversion */
        int index = 0;
        size_t save = i;
        int num = 0;
        bool have_num = false;
        while (i < f.n && f.p[i] >= '0' && f.p[i] <= '9') {
            num = num * 10 + (f.p[i++] - '0');
            if (num > 100000000) num = 100000000;
            have_num = true;
        }
        if (have_num && i < f.n && f.p[i] == '$') {
            index = num;
            i++;
        } else {
            i = save;
        }
        bool left = false, zero = false, plus = false, space = false, comma = false, alt = false, paren = false,
             prev = false;
        for (; i < f.n; i++) {
            char c = f.p[i];
            if (c == '-') left = true;
            else if (c == '0') zero = true;
            else if (c == '+') plus = true;
            else if (c == ' ') space = true;
            else if (c == ',') comma = true;
            else if (c == '#') alt = true;
            else if (c == '(') paren = true;
            else if (c == '<') prev = true;
            else break;
        }
        int width = -1, prec = -1;
        if (i < f.n && f.p[i] >= '1' && f.p[i] <= '9') {
            width = 0;
            while (i < f.n && f.p[i] >= '0' && f.p[i] <= '9') {
                width = width * 10 + (f.p[i++] - '0');
                if (width > 100000000) width = 100000000;
            }
        }
        if (i < f.n && f.p[i] == '.') {
            i++;
            prec = 0;
            while (i < f.n && f.p[i] >= '0' && f.p[i] <= '9') {
                prec = prec * 10 + (f.p[i++] - '0');
                if (prec > 100000000) prec = 100000000;
            }
        }
        if (i >= f.n) {
            err = eddy__arena_printf(cx->scratch, "java.util.UnknownFormatConversionException: Conversion = '%%'");
            break;
        }
        if (width > (1 << 20) || prec > (1 << 20)) {
            err = eddy__arena_printf(cx->scratch, "PRINTF width or precision too large (more than %d)", 1 << 20);
            break;
        }
        char conv = f.p[i++];
        piece.len = 0;
        const char *spec = eddy__arena_strndup(cx->scratch, f.p + spec_start, i - spec_start);
        if (conv == '%' || conv == 'n') {
            eddy__buf_puts(&piece, conv == '%' ? "%" : "\n");
        } else {
            int ai = prev ? last_arg : index ? index : next_arg++;
            if (ai < 1 || ai >= e->nargs) {
                err = eddy__arena_printf(cx->scratch, "java.util.MissingFormatArgumentException: Format specifier '%s'",
                                         spec ? spec : "%");
                break;
            }
            last_arg = ai;
            const Vector *v = args[ai];
            const Type *t = e->args[ai]->type;
            bool null = vec_is_null(v, r);
            char lc = (char)(conv | 0x20);
            piece.len = 0;
            bool upper = conv >= 'A' && conv <= 'Z';
            bool numeric_sign = false, negative = false, zero_pads = false; /* zero_pads: the 0 flag applies */
            const char *prefix = ""; /* "0x" of %#x, written between the sign and the zeros */
            if (lc == 's') {
                if (null) eddy__buf_puts(&piece, "null");
                else if (t->root == TY_BOOLEAN) eddy__buf_puts(&piece, ARG(v, uint8_t, r) ? "true" : "false");
                else eddy__fmt_value_java(&piece, v, r);
                if (prec >= 0) piece.len = eddy__utf8_offset(piece.data ? piece.data : "", piece.len, prec);
            } else if (lc == 'b') {
                bool val = !null && (t->root != TY_BOOLEAN || ARG(v, uint8_t, r));
                eddy__buf_puts(&piece, val ? "true" : "false");
                if (prec >= 0) piece.len = (size_t)ED_MIN((int)piece.len, prec);
            } else if (null) {
                eddy__buf_puts(&piece, "null");
            } else if (lc == 'c') {
                if (!eddy__type_is_integer(t) || t->root == TY_BIGINT) {
                    err = eddy__arena_printf(cx->scratch, "java.util.IllegalFormatConversionException: %c != %s", conv,
                                             java_class_of(t));
                    break;
                }
                int64_t cp = arg_int(v, r);
                if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) {
                    err = eddy__arena_printf(cx->scratch, "java.util.IllegalFormatCodePointException: Code point = 0x%llx",
                                             (unsigned long long)(uint32_t)cp);
                    break;
                }
                eddy__buf_put_utf8(&piece, (uint32_t)cp);
            } else if (lc == 'd' || lc == 'x' || lc == 'o') {
                if (!eddy__type_is_integer(t)) {
                    err = eddy__arena_printf(cx->scratch, "java.util.IllegalFormatConversionException: %c != %s", conv,
                                             java_class_of(t));
                    break;
                }
                int64_t x = arg_int(v, r);
                if (lc == 'd') {
                    numeric_sign = true;
                    negative = x < 0;
                    char digits[24];
                    snprintf(digits, sizeof digits, "%llu",
                             (unsigned long long)(negative ? 0 - (uint64_t)x : (uint64_t)x));
                    if (comma) group_thousands(&piece, digits, strlen(digits));
                    else eddy__buf_puts(&piece, digits);
                } else {
                    /* two's complement of the argument's own width */
                    int w = t->root == TY_TINYINT ? 8 : t->root == TY_SMALLINT ? 16 : t->root == TY_INT ? 32 : 64;
                    uint64_t u = (uint64_t)x & (w == 64 ? UINT64_MAX : ((1ULL << w) - 1));
                    char digits[32];
                    snprintf(digits, sizeof digits, lc == 'x' ? "%llx" : "%llo", (unsigned long long)u);
                    if (alt) prefix = lc == 'x' ? (upper ? "0X" : "0x") : "0";
                    zero_pads = true;
                    eddy__buf_puts(&piece, digits);
                }
            } else if (lc == 'f' || lc == 'e' || lc == 'g') {
                double d;
                if (t->root == TY_FLOAT || t->root == TY_DOUBLE) d = arg_dbl(v, r);
                else if (t->root == TY_DECIMAL) {
                    Buf db;
                    eddy__buf_init(&db);
                    eddy__fmt_decimal(&db, ARG(v, ed_i128, r), t->scale, true);
                    d = strtod(eddy__buf_cstr(&db), NULL);
                    eddy__buf_free(&db);
                } else {
                    err = eddy__arena_printf(cx->scratch, "java.util.IllegalFormatConversionException: %c != %s", conv,
                                             java_class_of(t));
                    break;
                }
                if (isnan(d) || isinf(d)) {
                    eddy__buf_puts(&piece, isnan(d) ? "NaN" : d < 0 ? "-Infinity" : (plus ? "+Infinity" : "Infinity"));
                } else {
                    numeric_sign = true;
                    negative = signbit(d) != 0;
                    format_float(&piece, d, lc, prec < 0 ? 6 : prec, comma);
                }
            } else {
                err = eddy__arena_printf(cx->scratch, "java.util.UnknownFormatConversionException: Conversion = '%c'",
                                         conv);
                break;
            }
            if (upper)
                for (size_t k = 0; k < piece.len; k++)
                    if (piece.data[k] >= 'a' && piece.data[k] <= 'z') piece.data[k] = (char)(piece.data[k] - 32);
            /* sign, then padding */
            const char *sign = "";
            if (numeric_sign) {
                if (negative) sign = paren ? "(" : "-";
                else if (plus) sign = "+";
                else if (space) sign = " ";
            }
            if (numeric_sign) zero_pads = true;
            size_t body = eddy__utf8_len(piece.data ? piece.data : "", piece.len) + strlen(sign) + strlen(prefix) +
                          (negative && paren ? 1 : 0);
            size_t pad = width > 0 && (size_t)width > body ? (size_t)width - body : 0;
            if (!left && !(zero && zero_pads)) eddy__buf_pad(o, ' ', pad);
            eddy__buf_puts(o, sign);
            eddy__buf_puts(o, prefix);
            if (!left && zero && zero_pads) eddy__buf_pad(o, '0', pad);
            eddy__buf_put(o, piece.data ? piece.data : "", piece.len);
            if (negative && paren) eddy__buf_putc(o, ')');
            if (left) eddy__buf_pad(o, ' ', pad);
            continue;
        }
        eddy__buf_put(o, piece.data, piece.len);
        piece.len = 0;
    }
    eddy__buf_free(&piece);
    return err;
}

static eddy_status k_printf(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        b.len = 0;
        const char *err = printf_row(cx, e, args, r, &b);
        if (err) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "%s", err);
            break;
        }
        /* each conversion's width is capped; their number is not */
        if ((rc = str_result_fits(cx, "PRINTF", b.len))) break;
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = mi_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}


static eddy_status infer_printf(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                const void **data, EdErr *err) {
    (void)data;
    if (args[0]->type->root == TY_NULL) {
        eddy_status rc = eddy__coerce(a, args, 0, eddy__type_string(true), err);
        if (rc) return rc;
    } else if (!eddy__type_is_string(args[0]->type)) {
        return eddy__invalid_call_error(err, fn, args, nargs);
    }
    *out = eddy__type_string(args[0]->type->nullable);
    return EDDY_OK;
}
static const FuncDef fn_printf = {"PRINTF", 1, -1, 0, infer_printf, k_printf, "PRINTF(format <CHARACTER_STRING>, obj...)"};

/* ---- HASH_CODE (the split of distinct aggregates buckets rows by it) ------------------------ */

static eddy_status infer_hash_code(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                   const void **data, EdErr *err) {
    (void)a, (void)fn, (void)nargs, (void)data, (void)err;
    *out = eddy__type_basic(TY_INT, args[0]->type->nullable);
    return EDDY_OK;
}

/* The 32-bit murmur3 of the bytes with seed 42 as Flink hashes strings and
 * binaries (MurmurHashUtil): the 4-byte words little-endian, then each
 * remaining byte, sign-extended, mixed as a word of its own. */
static uint32_t murmur_mix_k(uint32_t k) {
    k *= 0xcc9e2d51u;
    k = (k << 15) | (k >> 17);
    return k * 0x1b873593u;
}
static uint32_t murmur_mix_h(uint32_t h, uint32_t k) {
    h ^= k;
    h = (h << 13) | (h >> 19);
    return h * 5u + 0xe6546b64u;
}
static int32_t flink_murmur_bytes(const void *p, size_t n) {
    const unsigned char *b = p;
    uint32_t h = 42;
    size_t aligned = n - n % 4;
    for (size_t i = 0; i < aligned; i += 4)
        h = murmur_mix_h(h, murmur_mix_k((uint32_t)b[i] | (uint32_t)b[i + 1] << 8 | (uint32_t)b[i + 2] << 16 |
                                         (uint32_t)b[i + 3] << 24));
    for (size_t i = aligned; i < n; i++) h = murmur_mix_h(h, murmur_mix_k((uint32_t)(int32_t)(signed char)b[i]));
    h ^= (uint32_t)n;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return (int32_t)h;
}

/* Java's BigDecimal.hashCode of unscaled * 10^-scale: 31 * the BigInteger's
 * hash (its magnitude's 32-bit words, most significant first, h = 31 h + w;
 * times the sign) + scale. */
static int32_t decimal_hash(ed_i128 v, int scale) {
    unsigned __int128 m = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
    uint32_t h = 0;
    for (int w = 3; w >= 0; w--) h = 31u * h + (uint32_t)(m >> (32 * w));
    if (v < 0) h = -h;
    return (int32_t)(31u * h + (uint32_t)scale);
}

/* HASH_CODE as Flink computes it (so a bucket MOD(HASH_CODE(x), n) is
 * Flink's): Java's hashCode for booleans, numbers, dates, times and
 * intervals, TimestampData's for timestamps, BigDecimal's for decimals, the
 * murmur hash of the bytes for strings and binaries; for arrays, maps, rows
 * and RAW values a hash of eddy's own. */
static eddy_status k_hash_code(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)cx, (void)e;
    const Vector *v = args[0];
    PhysKind k = eddy__type_phys(v->type);
    int32_t *o = VEC_DATA(out, int32_t);
    FOR_ROWS(i, r) {
        uint32_t x = vidx(v, r);
        int64_t l;
        int32_t f;
        switch (k) {
        case PH_BOOL: o[r] = VEC_DATA(v, uint8_t)[x] ? 1231 : 1237; break;
        case PH_I8: o[r] = VEC_DATA(v, int8_t)[x]; break;
        case PH_I16: o[r] = VEC_DATA(v, int16_t)[x]; break;
        case PH_I32: o[r] = VEC_DATA(v, int32_t)[x]; break;
        case PH_I64:
            l = VEC_DATA(v, int64_t)[x];
            o[r] = (int32_t)(uint32_t)((uint64_t)l ^ ((uint64_t)l >> 32));
            break;
        case PH_F32:
            memcpy(&f, &VEC_DATA(v, float)[x], sizeof f);
            o[r] = VEC_DATA(v, float)[x] != VEC_DATA(v, float)[x] ? 0x7fc00000 : f;
            break;
        case PH_F64: {
            double d = VEC_DATA(v, double)[x];
            uint64_t u;
            memcpy(&u, &d, sizeof u);
            if (d != d) u = 0x7ff8000000000000ULL;
            o[r] = (int32_t)(uint32_t)(u ^ (u >> 32));
            break;
        }
        case PH_I128: o[r] = decimal_hash(VEC_DATA(v, ed_i128)[x], v->type->scale); break;
        case PH_TS: {
            const Ts *t = &VEC_DATA(v, Ts)[x];
            uint32_t ms = (uint32_t)(uint64_t)t->ms ^ (uint32_t)(uint64_t)(t->ms >> 32);
            o[r] = (int32_t)(31u * ms + (uint32_t)t->ns);
            break;
        }
        case PH_STR: {
            const StrView *sv = &VEC_DATA(v, StrView)[x];
            o[r] = flink_murmur_bytes(sv_data(sv), sv->len);
            break;
        }
        default: o[r] = (int32_t)(uint32_t)eddy__hash_slot(v, r); break;
        }
        vec_set_valid(out, r);
    }
    return EDDY_OK;
}
static const FuncDef fn_hash_code = {"HASH_CODE", 1, 1, FN_STRICT, infer_hash_code, k_hash_code, "HASH_CODE(<ANY>)"};

/* CURRENT_DATABASE(): the database the statement was planned in, which
 * the binder puts in fn_data (STRING NOT NULL). */
static eddy_status infer_current_database(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                          const void **data, EdErr *err) {
    (void)a, (void)fn, (void)args, (void)nargs, (void)data, (void)err;
    *out = eddy__type_string(false);
    return EDDY_OK;
}

static eddy_status k_current_database(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                      const uint32_t *rows, uint32_t nrows) {
    (void)cx, (void)args;
    const char *db = e->fn_data ? e->fn_data : "default_database";
    size_t n = strlen(db);
    FOR_ROWS(i, r) eddy__vec_set_str(out, r, db, n);
    return EDDY_OK;
}

static const FuncDef fn_current_database = {"CURRENT_DATABASE", 0, 0, FN_NONDETERMINISTIC, infer_current_database,
                                            k_current_database, "CURRENT_DATABASE()"};

const FuncDef *const eddy__fns_misc[] = {
    &fn_greatest,       &fn_least,          &fn_typeof,        &fn_array_contains, &fn_array_position,
    &fn_array_remove,   &fn_array_append,   &fn_array_prepend, &fn_array_distinct, &fn_array_reverse,
    &fn_array_slice,    &fn_array_sort,     &fn_array_union,   &fn_array_concat,   &fn_array_except,
    &fn_array_intersect, &fn_array_max,     &fn_array_min,     &fn_element,        &fn_array_join,
    &fn_map_keys,       &fn_map_values,     &fn_map_entries,   &fn_map_from_arrays, &fn_map_union,
    &fn_printf,         &fn_hash_code,      &fn_current_database, NULL,
};
