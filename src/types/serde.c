/*
 * serde.c -- binary row form for state: per value a presence byte, then the
 * value: fixed-width kinds as their bytes, strings and RAW as a 32-bit
 * length and the bytes, lists as a 32-bit count and the elements (and map
 * values), structs as their fields.
 */
#include "types/serde.h"

static void write_value(Buf *b, const Vector *v, uint32_t i) {
    i = vidx(v, i);
    if (vec_is_null(v, i)) {
        eddy__buf_putc(b, 0);
        return;
    }
    eddy__buf_putc(b, 1);
    switch ((PhysKind)v->phys) {
    case PH_NONE: break;
    case PH_STR:
    case PH_RAW: {
        const StrView *s = &VEC_DATA(v, StrView)[i];
        uint32_t n = s->len;
        eddy__buf_put(b, &n, 4);
        eddy__buf_put(b, slot_bytes(v, s), n);
        break;
    }
    case PH_LIST: {
        ListEntry e = VEC_DATA(v, ListEntry)[i];
        eddy__buf_put(b, &e.len, 4);
        for (uint32_t k = 0; k < e.len; k++)
            for (int c = 0; c < v->nchild; c++) write_value(b, v->child[c], e.off + k);
        break;
    }
    case PH_STRUCT:
        for (int c = 0; c < v->nchild; c++) write_value(b, v->child[c], i);
        break;
    default: {
        size_t w = eddy__phys_width((PhysKind)v->phys);
        eddy__buf_put(b, (const char *)v->data + (size_t)i * w, w);
    }
    }
}

void eddy__serde_write(Buf *b, Vector *const *cols, int n, uint32_t i) {
    for (int c = 0; c < n; c++) write_value(b, cols[c], i);
}

static size_t read_value(const char *p, size_t len, Vector *v, uint32_t j) {
    if (len < 1) return 0;
    if (!p[0]) {
        eddy__vec_set_null(v, j);
        return 1;
    }
    vec_set_valid(v, j);
    size_t used = 1;
    switch ((PhysKind)v->phys) {
    case PH_NONE: break;
    case PH_STR:
    case PH_RAW: {
        uint32_t n;
        if (len < used + 4) return 0;
        memcpy(&n, p + used, 4);
        used += 4;
        if (len < used + n) return 0;
        if (v->phys == PH_RAW) {
            /* RAW objects go back through the type's copy callback */
            Value val = {.type = v->type};
            val.u.str.p = p + used;
            val.u.str.n = n;
            eddy__vec_set_value(v, j, &val);
        } else {
            eddy__vec_set_str(v, j, p + used, n);
        }
        used += n;
        break;
    }
    case PH_LIST: {
        uint32_t n;
        if (len < used + 4) return 0;
        memcpy(&n, p + used, 4);
        used += 4;
        uint32_t off = eddy__vec_list_append(v, n);
        for (uint32_t k = 0; k < n; k++)
            for (int c = 0; c < v->nchild; c++) {
                size_t u = read_value(p + used, len - used, v->child[c], off + k);
                if (!u) return 0;
                used += u;
            }
        VEC_DATA(v, ListEntry)[j] = (ListEntry){off, n};
        break;
    }
    case PH_STRUCT:
        for (int c = 0; c < v->nchild; c++) {
            size_t u = read_value(p + used, len - used, v->child[c], j);
            if (!u) return 0;
            used += u;
        }
        break;
    default: {
        size_t w = eddy__phys_width((PhysKind)v->phys);
        if (len < used + w) return 0;
        memcpy((char *)v->data + (size_t)j * w, p + used, w);
        used += w;
    }
    }
    return used;
}

size_t eddy__serde_read(const char *p, size_t len, Vector *const *cols, int n, uint32_t j) {
    size_t used = 0;
    for (int c = 0; c < n; c++) {
        size_t u = read_value(p + used, len - used, cols[c], j);
        if (!u) return 0;
        used += u;
    }
    return used;
}

void eddy__vec_reset(Vector *v) {
    eddy__heap_free(&v->heap);
    if (v->valid && v->type->root != TY_NULL) memset(v->valid, 0xff, (v->cap + 7) / 8 + 1);
    v->child_len = 0;
    v->failed = false;
    for (int c = 0; c < v->nchild; c++) eddy__vec_reset(v->child[c]);
}
