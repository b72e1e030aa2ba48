/*
 * row.c -- row views, the output row builder, and C struct conversions.
 * See row.h.
 */
#include "types/row.h"

#include "types/format.h"

/* ---- views ----------------------------------------------------------------- */


/* ---- output rows ------------------------------------------------------------ */

void eddy__out_init(eddy_out *o, const Type *t, int ncols, const Type *const *col_types, uint32_t cap, OutFlushFn fn,
                    void *ctx, EdErr *err) {
    memset(o, 0, sizeof *o);
    o->type = t;
    o->ncols = ncols;
    o->col_types = col_types;
    o->cap = cap ? cap : 1024;
    o->flush = fn;
    o->flush_ctx = ctx;
    o->err = err;
    o->default_ts = TS_NONE;
    for (int c = 0; c < ncols; c++)
        if (!col_types[c]->nullable) o->any_not_null = true;
}

static eddy_status out_new_batch(eddy_out *o) {
    o->batch = eddy__batch_new_typed(o->ncols, o->col_types, o->cap);
    if (!o->batch) return eddy__err(o->err, EDDY_E_NOMEM, "out of memory");
    o->row = 0;
    o->any_kind = o->any_ts = false;
    return EDDY_OK;
}

eddy_status eddy__out_begin(eddy_out *o) {
    if (!o->batch) {
        eddy_status rc = out_new_batch(o);
        if (rc) return rc;
    }
    if (o->ncols <= 64) o->set_mask[0] = 0;
    else memset(o->set_mask, 0, sizeof o->set_mask);
    if (o->ncols > OUT_MAX_LAZY)
        for (int c = 0; c < o->ncols; c++) eddy__vec_set_null(o->batch->cols[c], o->row);
    if (o->batch->kinds) VEC_DATA(o->batch->kinds, uint8_t)[o->row] = RK_INSERT;
    if (o->default_ts != TS_NONE && !o->batch->ts && !eddy__batch_ensure_ts(o->batch, o->cap))
        return eddy__err(o->err, EDDY_E_NOMEM, "out of memory");
    if (o->batch->ts) VEC_DATA(o->batch->ts, int64_t)[o->row] = o->default_ts;
    o->open = true;
    return EDDY_OK;
}

void eddy__out_seal(eddy_out *o) {
    if (!o->open || o->ncols > OUT_MAX_LAZY) return;
    for (int w = 0; w * 64 < o->ncols; w++) {
        int left = o->ncols - w * 64;
        uint64_t all = left >= 64 ? ~0ULL : (1ULL << left) - 1;
        uint64_t unset = ~o->set_mask[w] & all;
        while (unset) {
            int c = __builtin_ctzll(unset);
            unset &= unset - 1;
            eddy__vec_set_null(o->batch->cols[w * 64 + c], o->row);
        }
    }
}

void eddy__out_set_all(eddy_out *o) { memset(o->set_mask, 0xff, sizeof o->set_mask); }

eddy_status eddy__out_check_not_null(eddy_out *o, const char *who) {
    if (!o->any_not_null || !o->open) return EDDY_OK;
    for (int c = 0; c < o->ncols; c++) {
        const Type *t = o->col_types[c];
        if (t->nullable || !vec_is_null(o->batch->cols[c], o->row)) continue;
        Buf b;
        eddy__buf_init(&b);
        eddy__type_print(&b, t);
        eddy_status rc;
        if (eddy__type_is_composite(o->type))
            rc = eddy__err(o->err, EDDY_E_UDF, "%s NULL for field '%s', but its type is %s.", who,
                           eddy__type_column_name(o->type, c), eddy__buf_cstr(&b));
        else
            rc = eddy__err(o->err, EDDY_E_UDF, "%s NULL, but its result type is %s.", who, eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        o->failed = true;
        return rc;
    }
    return EDDY_OK;
}

eddy_status eddy__out_commit(eddy_out *o) {
    if (!o->open) return EDDY_OK;
    eddy__out_seal(o);
    if (o->who) {
        eddy_status rc = eddy__out_check_not_null(o, o->who);
        if (rc) return rc;
    }
    o->open = false;
    o->row++;
    o->batch->n = o->batch->count = o->row;
    if (o->row >= o->cap) return eddy__out_flush(o);
    return EDDY_OK;
}

void eddy__out_discard(eddy_out *o) { o->open = false; }

eddy_status eddy__out_flush(eddy_out *o) {
    if (!o->batch || o->row == 0) return EDDY_OK;
    for (int c = 0; c < o->ncols; c++)
        if (o->batch->cols[c]->failed) return eddy__err(o->err, EDDY_E_NOMEM, "out of memory");
    Batch *b = o->batch;
    o->batch = NULL;
    b->n = b->count = o->row;
    o->row = 0;
    return o->flush(o->flush_ctx, b);
}

void eddy__out_free(eddy_out *o) {
    eddy__batch_release(o->batch);
    o->batch = NULL;
}


/* ---- C structs ----------------------------------------------------------------- */

static bool c_null_flag(const Field *f, const void *src) {
    if (f->c_null_offset < 0) return false;
    return *(const bool *)((const char *)src + f->c_null_offset);
}

static eddy_status field_to_slot(const Field *f, const void *src, Vector *v, uint32_t i, EdErr *err) {
    const char *p = (const char *)src + f->c_offset;
    const Type *t = f->type;
    if (c_null_flag(f, src)) {
        eddy__vec_set_null(v, i);
        return EDDY_OK;
    }
    vec_set_valid(v, i);
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: VEC_DATA(v, uint8_t)[i] = *(const bool *)p ? 1 : 0; break;
    case TY_TINYINT: VEC_DATA(v, int8_t)[i] = *(const int8_t *)p; break;
    case TY_SMALLINT: VEC_DATA(v, int16_t)[i] = *(const int16_t *)p; break;
    case TY_INT:
    case TY_DATE:
    case TY_TIME:
    case TY_INTERVAL_YM: memcpy(&VEC_DATA(v, int32_t)[i], p, 4); break;
    case TY_BIGINT:
    case TY_INTERVAL_DT: memcpy(&VEC_DATA(v, int64_t)[i], p, 8); break;
    case TY_FLOAT: memcpy(&VEC_DATA(v, float)[i], p, 4); break;
    case TY_DOUBLE: memcpy(&VEC_DATA(v, double)[i], p, 8); break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        eddy_timestamp ts;
        memcpy(&ts, p, sizeof ts);
        VEC_DATA(v, Ts)[i] = (Ts){ts.millis, ts.nanos};
        break;
    }
    case TY_CHAR:
    case TY_VARCHAR: {
        const char *s = *(const char *const *)p;
        if (!s) eddy__vec_set_null(v, i);
        else eddy__vec_set_str(v, i, s, strlen(s));
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        eddy_bytes by;
        memcpy(&by, p, sizeof by);
        if (!by.data && by.len == 0 && t->nullable) eddy__vec_set_null(v, i);
        else eddy__vec_set_str(v, i, (const char *)by.data, by.len);
        break;
    }
    case TY_DECIMAL: {
        const char *s = *(const char *const *)p;
        if (!s) {
            eddy__vec_set_null(v, i);
            break;
        }
        ed_i128 d;
        if (eddy__parse_decimal(s, strlen(s), t->precision, t->scale, &d) != EDDY_OK)
            return eddy__err(err, EDDY_E_RUNTIME, "Field '%s': '%s' is not a valid DECIMAL(%d, %d).", f->name, s,
                             t->precision, t->scale);
        VEC_DATA(v, ed_i128)[i] = d;
        break;
    }
    case TY_STRUCTURED: {
        const void *nested = *(const void *const *)p;
        if (!nested) eddy__vec_set_null(v, i);
        else return eddy__struct_to_vec(t, nested, v, i, err);
        break;
    }
    case TY_RAW: {
        /* an opaque value stored inline in the struct */
        Value val = {.type = t};
        val.u.str.p = p;
        val.u.str.n = t->raw ? t->raw->size : 0;
        eddy__vec_set_value(v, i, &val);
        break;
    }
    default:
        return eddy__err(err, EDDY_E_MISUSE, "Field '%s': type not supported in C structs.", f->name);
    }
    if (v->failed) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

eddy_status eddy__struct_to_cols(const Type *st, const void *src, Vector *const *cols, uint32_t i, EdErr *err) {
    for (int k = 0; k < st->nfields; k++) {
        eddy_status rc = field_to_slot(&st->fields[k], src, cols[k], i, err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

eddy_status eddy__struct_to_vec(const Type *st, const void *src, Vector *v, uint32_t i, EdErr *err) {
    vec_set_valid(v, i);
    return eddy__struct_to_cols(st, src, v->child, i, err);
}

static eddy_status slot_to_field(const Field *f, const Vector *v, uint32_t i, void *dst, Arena *scratch, EdErr *err) {
    char *p = (char *)dst + f->c_offset;
    const Type *t = f->type;
    bool null = vec_is_null(v, i);
    i = vidx(v, i);
    if (f->c_null_offset >= 0) *(bool *)((char *)dst + f->c_null_offset) = null;
    if (!eddy__type_equals(t, v->type, true, true) && !(eddy__type_is_string(t) && eddy__type_is_string(v->type)) &&
        !(eddy__type_is_timestamp(t) && eddy__type_is_timestamp(v->type)))
        return eddy__err(err, EDDY_E_MISUSE, "Field '%s' of %s: the row's column has type %s.", f->name,
                         eddy__type_str(scratch, t), eddy__type_str(scratch, v->type));
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: *(bool *)p = null ? false : VEC_DATA(v, uint8_t)[i] != 0; break;
    case TY_TINYINT: *(int8_t *)p = null ? 0 : VEC_DATA(v, int8_t)[i]; break;
    case TY_SMALLINT: *(int16_t *)p = null ? 0 : VEC_DATA(v, int16_t)[i]; break;
    case TY_INT:
    case TY_DATE:
    case TY_TIME:
    case TY_INTERVAL_YM: {
        int32_t x = null ? 0 : VEC_DATA(v, int32_t)[i];
        memcpy(p, &x, 4);
        break;
    }
    case TY_BIGINT:
    case TY_INTERVAL_DT: {
        int64_t x = null ? 0 : VEC_DATA(v, int64_t)[i];
        memcpy(p, &x, 8);
        break;
    }
    case TY_FLOAT: {
        float x = null ? 0 : VEC_DATA(v, float)[i];
        memcpy(p, &x, 4);
        break;
    }
    case TY_DOUBLE: {
        double x = null ? 0 : VEC_DATA(v, double)[i];
        memcpy(p, &x, 8);
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        eddy_timestamp ts = {0, 0};
        if (!null) ts = (eddy_timestamp){VEC_DATA(v, Ts)[i].ms, VEC_DATA(v, Ts)[i].ns};
        memcpy(p, &ts, sizeof ts);
        break;
    }
    case TY_CHAR:
    case TY_VARCHAR: {
        const char *s = null ? NULL : sv_data(&VEC_DATA(v, StrView)[i]);
        memcpy(p, &s, sizeof s);
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        eddy_bytes by = {NULL, 0};
        if (!null) by = (eddy_bytes){(const uint8_t *)sv_data(&VEC_DATA(v, StrView)[i]), VEC_DATA(v, StrView)[i].len};
        memcpy(p, &by, sizeof by);
        break;
    }
    case TY_DECIMAL: {
        const char *s = NULL;
        if (!null) {
            if (!scratch) return eddy__err(err, EDDY_E_MISUSE, "DECIMAL field '%s' needs scratch memory.", f->name);
            Buf b;
            eddy__buf_init(&b);
            eddy__fmt_decimal(&b, VEC_DATA(v, ed_i128)[i], v->type->scale, true);
            s = eddy__arena_strndup(scratch, eddy__buf_cstr(&b), b.len);
            eddy__buf_free(&b);
        }
        memcpy(p, &s, sizeof s);
        break;
    }
    case TY_RAW: {
        size_t size = t->raw ? t->raw->size : 0;
        if (null) memset(p, 0, size);
        else memcpy(p, raw_data(&VEC_DATA(v, StrView)[i]), size);
        break;
    }
    case TY_STRUCTURED: {
        void *nested = NULL;
        if (!null) {
            if (!scratch) return eddy__err(err, EDDY_E_MISUSE, "nested struct field '%s' needs scratch memory.", f->name);
            nested = eddy__arena_alloc(scratch, t->c_size);
            if (!nested) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
            eddy_status rc = eddy__struct_from_vec(t, v, i, nested, scratch, err);
            if (rc) return rc;
        }
        memcpy(p, &nested, sizeof nested);
        break;
    }
    default: return eddy__err(err, EDDY_E_MISUSE, "Field '%s': type not supported in C structs.", f->name);
    }
    return EDDY_OK;
}

eddy_status eddy__struct_from_vec(const Type *st, const Vector *v, uint32_t i, void *dst, Arena *scratch, EdErr *err) {
    for (int k = 0; k < st->nfields; k++) {
        eddy_status rc = slot_to_field(&st->fields[k], v->child[k], i, dst, scratch, err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

eddy_status eddy__struct_from_row(const Type *st, const eddy_row *r, void *dst, EdErr *err) {
    for (int k = 0; k < st->nfields; k++) {
        const Field *f = &st->fields[k];
        int c = eddy__type_field_index(r->type, f->name);
        if (c < 0 || c >= r->ncols)
            return eddy__err(err, EDDY_E_MISUSE, "The row has no field '%s' for struct %s.", f->name, st->class_name);
        eddy_status rc = slot_to_field(f, r->cols[c], r->idx, dst, r->scratch, err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static bool c_type_supported(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN:
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_DECIMAL:
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY:
    case TY_DATE:
    case TY_TIME:
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ:
    case TY_INTERVAL_YM:
    case TY_INTERVAL_DT:
    case TY_STRUCTURED: return true;
    default: return false;
    }
}

eddy_status eddy__struct_type(Arena *a, const char *name, size_t size, const eddy_field *fields, size_t n,
                              const Type **out, EdErr *err) {
    if (!name || !*name) return eddy__err(err, EDDY_E_MISUSE, "A struct type needs a name.");
    Type *t = eddy__type_new(a, TY_STRUCTURED, true);
    Field *fs = eddy__arena_alloc(a, sizeof(Field) * (n ? n : 1));
    if (!t || !fs) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const eddy_field *f = &fields[i];
        if (!f->name || !*f->name) return eddy__err(err, EDDY_E_MISUSE, "Field %zu of struct %s has no name.", i, name);
        for (size_t k = 0; k < i; k++)
            if (strcmp(fs[k].name, f->name) == 0)
                return eddy__err(err, EDDY_E_VALIDATION, "Field names must be unique. Found duplicates: [%s]", f->name);
        const Type *ft;
        if (f->struct_type) {
            ft = ty(f->struct_type);
            if (ft->root != TY_STRUCTURED && ft->root != TY_RAW)
                return eddy__err(err, EDDY_E_MISUSE,
                                 "Field '%s' of struct %s: struct_type must be a struct type or a RAW type.", f->name,
                                 name);
        } else {
            if (!f->type) return eddy__err(err, EDDY_E_MISUSE, "Field '%s' of struct %s has no type.", f->name, name);
            eddy_status rc = eddy__type_parse(a, f->type, strlen(f->type), NULL, &ft, err);
            if (rc) return rc;
            if (!c_type_supported(ft))
                return eddy__err(err, EDDY_E_MISUSE,
                                 "Field '%s' of struct %s: type %s has no C representation in a struct.", f->name,
                                 name, eddy__type_str(a, ft));
        }
        if (f->offset >= size && size > 0)
            return eddy__err(err, EDDY_E_MISUSE, "Field '%s' of struct %s: offset %zu is outside the struct (size %zu).",
                             f->name, name, f->offset, size);
        fs[i].name = eddy__arena_strdup(a, f->name);
        fs[i].type = ft;
        fs[i].c_offset = f->offset;
        fs[i].c_null_offset = f->null_offset;
    }
    t->class_name = eddy__arena_strdup(a, name);
    t->c_size = size;
    t->nfields = (int32_t)n;
    t->fields = fs;
    *out = t;
    return EDDY_OK;
}
