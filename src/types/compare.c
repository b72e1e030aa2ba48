/*
 * compare.c -- hashing and ordering of vector slots, for keys, grouping and
 * sorting. See compare.h.
 */
#include "types/compare.h"

#include <math.h>

#define NULL_HASH 0x6a09e667f3bcc909ULL

static uint64_t hash_double(double d) {
    if (d == 0) d = 0; /* -0.0 and 0.0 are equal */
    if (isnan(d)) return 0x7ff8000000000000ULL * 31;
    /* Integral doubles hash as the integer, so 5 and 5.0 agree. */
    if (d >= -9.2e18 && d <= 9.2e18 && d == (double)(int64_t)d) return eddy__hash_u64((uint64_t)(int64_t)d);
    uint64_t bits;
    memcpy(&bits, &d, 8);
    return eddy__hash_u64(bits);
}

uint64_t eddy__hash_slot(const Vector *v, uint32_t i) {
    i = vidx(v, i);
    if (vec_is_null(v, i)) return NULL_HASH;
    switch ((PhysKind)v->phys) {
    case PH_NONE: return NULL_HASH;
    case PH_BOOL: return eddy__hash_u64(VEC_DATA(v, uint8_t)[i] ? 1 : 0);
    case PH_I8: return eddy__hash_u64((uint64_t)(int64_t)VEC_DATA(v, int8_t)[i]);
    case PH_I16: return eddy__hash_u64((uint64_t)(int64_t)VEC_DATA(v, int16_t)[i]);
    case PH_I32: return eddy__hash_u64((uint64_t)(int64_t)VEC_DATA(v, int32_t)[i]);
    case PH_I64: return eddy__hash_u64((uint64_t)VEC_DATA(v, int64_t)[i]);
    case PH_F32: return hash_double(VEC_DATA(v, float)[i]);
    case PH_F64: return hash_double(VEC_DATA(v, double)[i]);
    case PH_I128: {
        ed_i128 x = VEC_DATA(v, ed_i128)[i];
        if (x >= INT64_MIN && x <= INT64_MAX) return eddy__hash_u64((uint64_t)(int64_t)x);
        return eddy__hash_combine(eddy__hash_u64((uint64_t)(x >> 64)), (uint64_t)x);
    }
    case PH_TS: {
        Ts t = VEC_DATA(v, Ts)[i];
        return eddy__hash_combine(eddy__hash_u64((uint64_t)t.ms), (uint64_t)t.ns);
    }
    case PH_STR:
    case PH_RAW: {
        const StrView *s = &VEC_DATA(v, StrView)[i];
        return eddy__hash_bytes(slot_bytes(v, s), s->len, 0x51ed27);
    }
    case PH_LIST: {
        ListEntry e = VEC_DATA(v, ListEntry)[i];
        uint64_t h = eddy__hash_u64(e.len + 0x1234);
        for (uint32_t k = 0; k < e.len; k++)
            for (int c = 0; c < v->nchild; c++) h = eddy__hash_combine(h, eddy__hash_slot(v->child[c], e.off + k));
        return h;
    }
    case PH_STRUCT: {
        uint64_t h = 0x9b05688c2b3e6c1fULL;
        for (int c = 0; c < v->nchild; c++) h = eddy__hash_combine(h, eddy__hash_slot(v->child[c], i));
        return h;
    }
    }
    return 0;
}

static int cmp_i64(int64_t a, int64_t b) { return a < b ? -1 : a > b; }

static int cmp_dbl(double a, double b) {
    if (isnan(a) || isnan(b)) return isnan(a) ? (isnan(b) ? 0 : 1) : -1;
    return a < b ? -1 : a > b;
}

/* Reads an integer-like slot as int64 (for mixed integer widths). */
static bool slot_int(const Vector *v, uint32_t i, int64_t *out) {
    switch ((PhysKind)v->phys) {
    case PH_BOOL: *out = VEC_DATA(v, uint8_t)[i]; return true;
    case PH_I8: *out = VEC_DATA(v, int8_t)[i]; return true;
    case PH_I16: *out = VEC_DATA(v, int16_t)[i]; return true;
    case PH_I32: *out = VEC_DATA(v, int32_t)[i]; return true;
    case PH_I64: *out = VEC_DATA(v, int64_t)[i]; return true;
    default: return false;
    }
}

static bool slot_dbl(const Vector *v, uint32_t i, double *out) {
    int64_t x;
    if (slot_int(v, i, &x)) {
        *out = (double)x;
        return true;
    }
    if (v->phys == PH_F32) {
        *out = VEC_DATA(v, float)[i];
        return true;
    }
    if (v->phys == PH_F64) {
        *out = VEC_DATA(v, double)[i];
        return true;
    }
    return false;
}

int eddy__cmp_slot(const Vector *a, uint32_t i, const Vector *b, uint32_t j) {
    i = vidx(a, i);
    j = vidx(b, j);
    bool an = vec_is_null(a, i), bn = vec_is_null(b, j);
    if (an || bn) return an && bn ? 0 : an ? -1 : 1;
    if (a->phys != b->phys) {
        int64_t x, y;
        if (slot_int(a, i, &x) && slot_int(b, j, &y)) return cmp_i64(x, y);
        double dx, dy;
        if (slot_dbl(a, i, &dx) && slot_dbl(b, j, &dy)) return cmp_dbl(dx, dy);
        return a->phys < b->phys ? -1 : 1;
    }
    switch ((PhysKind)a->phys) {
    case PH_NONE: return 0;
    case PH_BOOL:
    case PH_I8:
    case PH_I16:
    case PH_I32:
    case PH_I64: {
        int64_t x = 0, y = 0;
        slot_int(a, i, &x);
        slot_int(b, j, &y);
        return cmp_i64(x, y);
    }
    case PH_F32: return cmp_dbl(VEC_DATA(a, float)[i], VEC_DATA(b, float)[j]);
    case PH_F64: return cmp_dbl(VEC_DATA(a, double)[i], VEC_DATA(b, double)[j]);
    case PH_I128: {
        ed_i128 x = VEC_DATA(a, ed_i128)[i], y = VEC_DATA(b, ed_i128)[j];
        return x < y ? -1 : x > y;
    }
    case PH_TS: {
        Ts x = VEC_DATA(a, Ts)[i], y = VEC_DATA(b, Ts)[j];
        if (x.ms != y.ms) return cmp_i64(x.ms, y.ms);
        return cmp_i64(x.ns, y.ns);
    }
    case PH_STR:
    case PH_RAW: {
        const StrView *x = &VEC_DATA(a, StrView)[i], *y = &VEC_DATA(b, StrView)[j];
        uint32_t n = ED_MIN(x->len, y->len);
        int c = n ? memcmp(slot_bytes(a, x), slot_bytes(b, y), n) : 0;
        if (c) return c < 0 ? -1 : 1;
        return cmp_i64(x->len, y->len);
    }
    case PH_LIST: {
        ListEntry x = VEC_DATA(a, ListEntry)[i], y = VEC_DATA(b, ListEntry)[j];
        uint32_t n = ED_MIN(x.len, y.len);
        for (uint32_t k = 0; k < n; k++)
            for (int c = 0; c < a->nchild && c < b->nchild; c++) {
                int r = eddy__cmp_slot(a->child[c], x.off + k, b->child[c], y.off + k);
                if (r) return r;
            }
        return cmp_i64(x.len, y.len);
    }
    case PH_STRUCT:
        for (int c = 0; c < a->nchild && c < b->nchild; c++) {
            int r = eddy__cmp_slot(a->child[c], i, b->child[c], j);
            if (r) return r;
        }
        return cmp_i64(a->nchild, b->nchild);
    }
    return 0;
}
