/*
 * rows.c -- the public row API: reading fields of an eddy_row view and
 * setting fields of an eddy_out being built. Row errors are local: they
 * return a status and never touch an env (rows are used on worker threads).
 */
#include <stdarg.h>

#include "api/api.h"
#include "plan/plan.h"
#include "sql/parser.h"
#include "types/format.h"

/* ---- reading ------------------------------------------------------------------------ */

eddy_row_kind eddy_row_get_kind(const eddy_row *row) { return row ? (eddy_row_kind)row->kind : EDDY_INSERT; }

size_t eddy_row_arity(const eddy_row *row) { return row ? (size_t)row->ncols : 0; }

const char *eddy_row_field_name(const eddy_row *row, size_t i) {
    if (!row || i >= (size_t)row->ncols) return NULL;
    return eddy__type_column_name(row->type, (int)i);
}

int eddy_row_field_index(const eddy_row *row, const char *name) {
    if (!row || !name) return -1;
    return eddy__type_field_index(row->type, name);
}

const eddy_type *eddy_row_field_type(const eddy_row *row, size_t i) {
    if (!row || i >= (size_t)row->ncols) return NULL;
    return ety(row->cols[i]->type);
}

static const Vector *field(const eddy_row *row, size_t i) {
    if (!row || i >= (size_t)row->ncols) return NULL;
    return row->cols[i];
}

bool eddy_row_is_null(const eddy_row *row, size_t i) {
    const Vector *v = field(row, i);
    return !v || vec_is_null(v, row->idx);
}

/* Common checks: the field exists and is not NULL. */
#define GET_FIELD(v)                                             \
    const Vector *v = field(row, i);                             \
    if (!v || !out) return EDDY_E_MISUSE;                        \
    if (vec_is_null(v, row->idx)) return EDDY_E_MISUSE;          \
    uint32_t r = vidx(v, row->idx)

eddy_status eddy_row_get_bool(const eddy_row *row, size_t i, bool *out) {
    GET_FIELD(v);
    if (v->type->root != TY_BOOLEAN) return EDDY_E_MISUSE;
    *out = VEC_DATA(v, uint8_t)[r] != 0;
    return EDDY_OK;
}

static bool read_int(const Vector *v, uint32_t r, int64_t *out) {
    switch ((TypeRoot)v->type->root) {
    case TY_TINYINT: *out = VEC_DATA(v, int8_t)[r]; return true;
    case TY_SMALLINT: *out = VEC_DATA(v, int16_t)[r]; return true;
    case TY_INT: *out = VEC_DATA(v, int32_t)[r]; return true;
    case TY_BIGINT: *out = VEC_DATA(v, int64_t)[r]; return true;
    default: return false;
    }
}

eddy_status eddy_row_get_int(const eddy_row *row, size_t i, int32_t *out) {
    if (row && out && i < (size_t)row->ncols) {
        const Vector *f = row->cols[i];
        if (f->type->root == TY_INT && !f->valid && !f->is_const) {
            *out = VEC_DATA(f, int32_t)[row->idx];
            return EDDY_OK;
        }
    }
    GET_FIELD(v);
    int64_t x;
    if (!read_int(v, r, &x) || v->type->root == TY_BIGINT) return EDDY_E_MISUSE;
    *out = (int32_t)x;
    return EDDY_OK;
}

eddy_status eddy_row_get_long(const eddy_row *row, size_t i, int64_t *out) {
    if (row && out && i < (size_t)row->ncols) {
        const Vector *f = row->cols[i];
        if (f->type->root == TY_BIGINT && !f->valid && !f->is_const) {
            *out = VEC_DATA(f, int64_t)[row->idx];
            return EDDY_OK;
        }
    }
    GET_FIELD(v);
    return read_int(v, r, out) ? EDDY_OK : EDDY_E_MISUSE;
}

eddy_status eddy_row_get_double(const eddy_row *row, size_t i, double *out) {
    GET_FIELD(v);
    int64_t x;
    if (v->type->root == TY_DOUBLE) *out = VEC_DATA(v, double)[r];
    else if (v->type->root == TY_FLOAT) *out = VEC_DATA(v, float)[r];
    else if (v->type->root == TY_DECIMAL) *out = (double)VEC_DATA(v, ed_i128)[r] / (double)eddy__i128_pow10(v->type->scale);
    else if (read_int(v, r, &x)) *out = (double)x;
    else return EDDY_E_MISUSE;
    return EDDY_OK;
}

eddy_status eddy_row_get_string(const eddy_row *row, size_t i, const char **out, size_t *len) {
    GET_FIELD(v);
    if (!eddy__type_is_string(v->type)) return EDDY_E_MISUSE;
    const StrView *s = &VEC_DATA(v, StrView)[r];
    *out = sv_data(s);
    if (len) *len = s->len;
    return EDDY_OK;
}

eddy_status eddy_row_get_bytes(const eddy_row *row, size_t i, eddy_bytes *out) {
    GET_FIELD(v);
    if (!eddy__type_is_binary(v->type) && v->type->root != TY_RAW) return EDDY_E_MISUSE;
    const StrView *s = &VEC_DATA(v, StrView)[r];
    out->data = (const uint8_t *)sv_data(s);
    out->len = s->len;
    return EDDY_OK;
}

eddy_status eddy_row_get_timestamp(const eddy_row *row, size_t i, eddy_timestamp *out) {
    GET_FIELD(v);
    if (!eddy__type_is_timestamp(v->type)) return EDDY_E_MISUSE;
    Ts t = VEC_DATA(v, Ts)[r];
    out->millis = t.ms;
    out->nanos = t.ns;
    return EDDY_OK;
}

eddy_status eddy_row_get_date(const eddy_row *row, size_t i, int32_t *out) {
    GET_FIELD(v);
    if (v->type->root != TY_DATE) return EDDY_E_MISUSE;
    *out = VEC_DATA(v, int32_t)[r];
    return EDDY_OK;
}

eddy_status eddy_row_get_time(const eddy_row *row, size_t i, int32_t *out) {
    GET_FIELD(v);
    if (v->type->root != TY_TIME) return EDDY_E_MISUSE;
    *out = VEC_DATA(v, int32_t)[r];
    return EDDY_OK;
}

/* snprintf-style copy of a Buf. */
static int buf_out(Buf *b, char *buf, size_t cap) {
    int n = (int)b->len;
    if (cap) {
        size_t k = b->len < cap - 1 ? b->len : cap - 1;
        if (k) memcpy(buf, b->data, k);
        buf[k] = 0;
    }
    eddy__buf_free(b);
    return n;
}

int eddy_row_field_to_string(const eddy_row *row, size_t i, char *buf, size_t cap) {
    const Vector *v = field(row, i);
    if (!v) return -1;
    Buf b;
    eddy__buf_init(&b);
    eddy__fmt_value_java(&b, v, row->idx);
    return buf_out(&b, buf, cap);
}

int eddy_row_to_string(const eddy_row *row, char *buf, size_t cap) {
    if (!row) return -1;
    Buf b;
    eddy__buf_init(&b);
    if (row->type && row->type->root == TY_STRUCTURED) {
        const char *name = strrchr(row->type->class_name, '.');
        eddy__buf_printf(&b, "%s(", name ? name + 1 : row->type->class_name);
        for (int c = 0; c < row->ncols; c++) {
            if (c) eddy__buf_puts(&b, ", ");
            eddy__buf_printf(&b, "%s=", row->type->fields[c].name);
            eddy__fmt_value_java(&b, row->cols[c], row->idx);
        }
        eddy__buf_putc(&b, ')');
    } else if (row->type && !eddy__type_is_composite(row->type)) {
        eddy__fmt_value_java(&b, row->cols[0], row->idx);
    } else {
        eddy__fmt_row_java(&b, row->kind, row->cols, row->ncols, row->idx);
    }
    return buf_out(&b, buf, cap);
}

eddy_status eddy_row_get_struct(const eddy_row *row, const eddy_type *type, void *dst) {
    if (!row || !type || !dst || ty(type)->root != TY_STRUCTURED) return EDDY_E_MISUSE;
    EdErr err = {0};
    eddy_status rc = eddy__struct_from_row(ty(type), row, dst, &err);
    eddy__err_clear(&err);
    return rc;
}

bool eddy_row_get_timestamp_ms(const eddy_row *row, int64_t *out) {
    if (!row || row->ts == TS_NONE) return false;
    if (out) *out = row->ts;
    return true;
}

/* ---- writing ---------------------------------------------------------------------------- */

static Vector *out_field(eddy_out *out, size_t i) { return out ? eddy__out_field(out, i) : NULL; }

eddy_status eddy_out_set_null(eddy_out *out, size_t i) {
    Vector *v = out_field(out, i);
    if (!v) return EDDY_E_MISUSE;
    eddy__vec_set_null(v, out->row);
    return EDDY_OK;
}

eddy_status eddy_out_set_bool(eddy_out *out, size_t i, bool x) {
    Vector *v = out_field(out, i);
    if (!v || v->type->root != TY_BOOLEAN) return EDDY_E_MISUSE;
    vec_set_valid(v, out->row);
    VEC_DATA(v, uint8_t)[out->row] = x;
    return EDDY_OK;
}

/* Stores an integer into any numeric field, checking the range. */
static eddy_status set_integer(Vector *v, uint32_t r, int64_t x) {
    TypeRoot root = (TypeRoot)v->type->root;
    if (root == TY_BIGINT || (root == TY_INT && x >= INT32_MIN && x <= INT32_MAX)) {
        if (root == TY_BIGINT) VEC_DATA(v, int64_t)[r] = x;
        else VEC_DATA(v, int32_t)[r] = (int32_t)x;
        vec_set_valid(v, r);
        return EDDY_OK;
    }
    switch (root) {
    case TY_TINYINT:
        if (x < INT8_MIN || x > INT8_MAX) return EDDY_E_MISUSE;
        VEC_DATA(v, int8_t)[r] = (int8_t)x;
        break;
    case TY_SMALLINT:
        if (x < INT16_MIN || x > INT16_MAX) return EDDY_E_MISUSE;
        VEC_DATA(v, int16_t)[r] = (int16_t)x;
        break;
    case TY_INT:
        if (x < INT32_MIN || x > INT32_MAX) return EDDY_E_MISUSE;
        VEC_DATA(v, int32_t)[r] = (int32_t)x;
        break;
    case TY_BIGINT: VEC_DATA(v, int64_t)[r] = x; break;
    case TY_FLOAT: VEC_DATA(v, float)[r] = (float)x; break;
    case TY_DOUBLE: VEC_DATA(v, double)[r] = (double)x; break;
    case TY_DECIMAL: {
        ed_i128 m = eddy__i128_pow10(v->type->scale), z = (ed_i128)x * m;
        if (z >= eddy__i128_pow10(v->type->precision) || z <= -eddy__i128_pow10(v->type->precision)) return EDDY_E_MISUSE;
        VEC_DATA(v, ed_i128)[r] = z;
        break;
    }
    default: return EDDY_E_MISUSE;
    }
    vec_set_valid(v, r);
    return EDDY_OK;
}

eddy_status eddy_out_set_int(eddy_out *out, size_t i, int32_t x) {
    Vector *v = out_field(out, i);
    return v ? set_integer(v, out->row, x) : EDDY_E_MISUSE;
}

eddy_status eddy_out_set_long(eddy_out *out, size_t i, int64_t x) {
    Vector *v = out_field(out, i);
    return v ? set_integer(v, out->row, x) : EDDY_E_MISUSE;
}

eddy_status eddy_out_set_double(eddy_out *out, size_t i, double x) {
    Vector *v = out_field(out, i);
    if (!v) return EDDY_E_MISUSE;
    if (v->type->root == TY_DOUBLE) VEC_DATA(v, double)[out->row] = x;
    else if (v->type->root == TY_FLOAT) VEC_DATA(v, float)[out->row] = (float)x;
    else if (v->type->root == TY_DECIMAL) {
        Buf b;
        eddy__buf_init(&b);
        eddy__fmt_double(&b, x);
        ed_i128 d;
        eddy_status rc = eddy__parse_decimal(eddy__buf_cstr(&b), b.len, v->type->precision, v->type->scale, &d);
        eddy__buf_free(&b);
        if (rc) return EDDY_E_MISUSE;
        VEC_DATA(v, ed_i128)[out->row] = d;
    } else
        return EDDY_E_MISUSE;
    vec_set_valid(v, out->row);
    return EDDY_OK;
}

eddy_status eddy_out_set_string(eddy_out *out, size_t i, const char *s, size_t len) {
    Vector *v = out_field(out, i);
    if (!v || (!s && len)) return EDDY_E_MISUSE;
    if (!s) {
        eddy__vec_set_null(v, out->row);
        return EDDY_OK;
    }
    if (eddy__type_is_string(v->type) || eddy__type_is_binary(v->type)) {
        eddy__vec_set_str(v, out->row, s, len);
    } else if (v->type->root == TY_DECIMAL) {
        ed_i128 d;
        if (eddy__parse_decimal(s, len, v->type->precision, v->type->scale, &d)) return EDDY_E_MISUSE;
        vec_set_valid(v, out->row);
        VEC_DATA(v, ed_i128)[out->row] = d;
    } else {
        return EDDY_E_MISUSE;
    }
    return v->failed ? EDDY_E_NOMEM : EDDY_OK;
}

eddy_status eddy_out_set_cstring(eddy_out *out, size_t i, const char *s) {
    return eddy_out_set_string(out, i, s, s ? strlen(s) : 0);
}

eddy_status eddy_out_set_bytes(eddy_out *out, size_t i, const void *p, size_t len) {
    Vector *v = out_field(out, i);
    if (!v || !eddy__type_is_binary(v->type) || (!p && len)) return EDDY_E_MISUSE;
    eddy__vec_set_str(v, out->row, p ? p : "", len);
    return v->failed ? EDDY_E_NOMEM : EDDY_OK;
}

eddy_status eddy_out_set_timestamp(eddy_out *out, size_t i, eddy_timestamp t) {
    Vector *v = out_field(out, i);
    if (!v || !eddy__type_is_timestamp(v->type) || t.nanos < 0 || t.nanos > 999999) return EDDY_E_MISUSE;
    VEC_DATA(v, Ts)[out->row] = (Ts){t.millis, t.nanos};
    vec_set_valid(v, out->row);
    return EDDY_OK;
}

eddy_status eddy_out_set_date(eddy_out *out, size_t i, int32_t days) {
    Vector *v = out_field(out, i);
    if (!v || v->type->root != TY_DATE) return EDDY_E_MISUSE;
    VEC_DATA(v, int32_t)[out->row] = days;
    vec_set_valid(v, out->row);
    return EDDY_OK;
}

eddy_status eddy_out_set_time(eddy_out *out, size_t i, int32_t ms) {
    Vector *v = out_field(out, i);
    if (!v || v->type->root != TY_TIME || ms < 0 || ms >= 86400000) return EDDY_E_MISUSE;
    VEC_DATA(v, int32_t)[out->row] = ms;
    vec_set_valid(v, out->row);
    return EDDY_OK;
}

/* Binds the one SQL literal of `text` to field type t in a scratch arena
 * (as eddy_from_values casts its values) and copies the value into v at
 * slot r. A ROW / structured field takes a ROW literal field by field. */
static eddy_status set_literal(Vector *v, uint32_t r, const char *text) {
    Arena a;
    eddy__arena_init(&a, 1024);
    EdErr err = {0};
    AstExprList *list = NULL;
    Batch *b = NULL;
    const Type *t = v->type;
    eddy_status rc = eddy__sql_parse_expr_list(&a, text, strlen(text), &list, &err);
    if (!rc && (list->nitems != 1 || list->items[0]->row_kind > 0)) rc = EDDY_E_MISUSE;
    const AstExpr *e = rc ? NULL : list->items[0]->expr;
    if (e && e->kind == AST_LITERAL && e->u.lit.lit_kind == AST_LIT_NULL) {
        eddy__vec_set_null(v, r);
    } else if (e) {
        BindEnv be = {.a = &a, .sql = text};
        rc = eddy__bind_values(&be, t, list, &b, &err);
    }
    if (b) {
        if (eddy__type_is_composite(t)) {
            vec_set_valid(v, r);
            for (int c = 0; c < v->nchild; c++) eddy__vec_copy_value(v->child[c], r, b->cols[c], 0);
        } else {
            eddy__vec_copy_value(v, r, b->cols[0], 0);
        }
        eddy__batch_release(b);
        if (v->failed) rc = EDDY_E_NOMEM;
    }
    eddy__err_clear(&err);
    eddy__arena_destroy(&a);
    return rc;
}

eddy_status eddy_out_set_literal(eddy_out *out, size_t i, const char *sql_literal) {
    if (!out || !out->open || i >= (size_t)out->ncols || !sql_literal) return EDDY_E_MISUSE;
    /* a literal that fails leaves the field as it was */
    eddy_status rc = set_literal(out->batch->cols[i], out->row, sql_literal);
    if (!rc) eddy__out_field(out, i);
    return rc;
}

eddy_status eddy_out_copy_field(eddy_out *out, size_t i, const eddy_row *row, size_t j) {
    Vector *v = out_field(out, i);
    const Vector *src = field(row, j);
    if (!v || !src) return EDDY_E_MISUSE;
    if (!eddy__type_equals(v->type, src->type, true, true) &&
        !(eddy__type_is_string(v->type) && eddy__type_is_string(src->type))) {
        if (vec_is_null(src, row->idx)) {
            eddy__vec_set_null(v, out->row);
            return EDDY_OK;
        }
        int64_t x;
        if (read_int(src, vidx(src, row->idx), &x)) return set_integer(v, out->row, x);
        return EDDY_E_MISUSE;
    }
    eddy__vec_copy_value(v, out->row, src, row->idx);
    return v->failed ? EDDY_E_NOMEM : EDDY_OK;
}

eddy_status eddy_out_set_struct(eddy_out *out, const void *src) {
    if (!out || !out->open || !src) return EDDY_E_MISUSE;
    const Type *t = out->type;
    EdErr err = {0};
    eddy_status rc;
    if (t->root == TY_STRUCTURED) {
        eddy__out_set_all(out);
        rc = eddy__struct_to_cols(t, src, out->batch->cols, out->row, &err);
    } else {
        rc = EDDY_E_MISUSE;
    }
    eddy__err_clear(&err);
    return rc;
}

eddy_status eddy_out_set_kind(eddy_out *out, eddy_row_kind kind) {
    if (!out || !out->open || kind < EDDY_INSERT || kind > EDDY_DELETE) return EDDY_E_MISUSE;
    if (kind != EDDY_INSERT || out->batch->kinds) {
        if (!eddy__batch_ensure_kinds(out->batch, out->cap)) return EDDY_E_NOMEM;
        VEC_DATA(out->batch->kinds, uint8_t)[out->row] = (uint8_t)kind;
    }
    return EDDY_OK;
}

eddy_status eddy_out_set_timestamp_ms(eddy_out *out, int64_t ts) {
    if (!out || !out->open || ts == TS_NONE) return EDDY_E_MISUSE;
    if (!eddy__batch_ensure_ts(out->batch, out->cap)) return EDDY_E_NOMEM;
    VEC_DATA(out->batch->ts, int64_t)[out->row] = ts;
    return EDDY_OK;
}

eddy_status eddy_out_emit(eddy_out *out) {
    if (!out || !out->open) return EDDY_E_MISUSE;
    if (out->single) return EDDY_E_MISUSE;
    eddy_status rc = eddy__out_commit(out);
    if (rc) return rc;
    return eddy__out_begin(out);
}

eddy_status eddy_out_error(eddy_out *out, const char *fmt, ...) {
    if (!out || !out->err) return EDDY_E_UDF;
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(out->err, EDDY_E_UDF, fmt, ap);
    va_end(ap);
    return EDDY_E_UDF;
}
