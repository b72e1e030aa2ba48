/*
 * vector.c -- column vectors, their byte heaps, batches and single values.
 * See vector.h for the invariants.
 */
#include "types/vector.h"

#include <stdlib.h>

static atomic_long live_batches;

long eddy__batch_live_count(void) { return atomic_load(&live_batches); }

/* ---- heap ----------------------------------------------------------------- */

struct HeapChunk {
    HeapChunk *next;
    size_t size;
};

#define HEAP_HDR ((sizeof(HeapChunk) + 15) & ~(size_t)15)

char *eddy__heap_alloc(Heap *h, size_t n) {
    if ((size_t)(h->end - h->cur) < n || !h->cur) {
        size_t size = h->head ? h->head->size * 2 : 4096;
        if (size > (1u << 20)) size = 1u << 20;
        if (size < n) size = n;
        HeapChunk *c = eddy__malloc(HEAP_HDR + size);
        if (!c) return NULL;
        c->size = size;
        c->next = h->head;
        h->head = c;
        h->cur = (char *)c + HEAP_HDR;
        h->end = h->cur + size;
    }
    char *p = h->cur;
    h->cur += n;
    h->bytes += n;
    return p;
}

void eddy__heap_free(Heap *h) {
    HeapChunk *c = h->head;
    while (c) {
        HeapChunk *n = c->next;
        eddy__free(c);
        c = n;
    }
    memset(h, 0, sizeof *h);
}

/* ---- vectors ------------------------------------------------------------ */

static bool vec_alloc_children(Vector *v, uint32_t cap) {
    const Type *t = v->type;
    if (v->phys == PH_STRUCT) {
        v->nchild = t->nfields;
        v->child = eddy__calloc((size_t)(t->nfields ? t->nfields : 1), sizeof(Vector *));
        if (!v->child) return false;
        for (int i = 0; i < t->nfields; i++) {
            v->child[i] = eddy__vec_new(t->fields[i].type, cap);
            if (!v->child[i]) return false;
        }
    } else if (v->phys == PH_LIST) {
        v->nchild = t->root == TY_ARRAY ? 1 : 2;
        v->child = eddy__calloc(2, sizeof(Vector *));
        if (!v->child) return false;
        uint32_t ccap = cap ? cap : 1;
        v->child[0] = eddy__vec_new(t->elem, ccap);
        if (!v->child[0]) return false;
        if (t->root == TY_MAP) {
            v->child[1] = eddy__vec_new(t->value, ccap);
        } else if (t->root == TY_MULTISET) {
            v->child[1] = eddy__vec_new(eddy__type_basic(TY_INT, false), ccap);
        }
        if (v->nchild == 2 && !v->child[1]) return false;
    }
    return true;
}

Vector *eddy__vec_new(const Type *t, uint32_t cap) {
    Vector *v = eddy__calloc(1, sizeof *v);
    if (!v) return NULL;
    atomic_init(&v->refcnt, 1);
    v->type = t;
    v->phys = (uint8_t)eddy__type_phys(t);
    v->cap = cap;
    size_t w = eddy__phys_width((PhysKind)v->phys);
    if (w) {
        v->data = eddy__calloc(cap ? cap : 1, w);
        if (!v->data) goto fail;
    }
    if (t->root == TY_NULL) {
        /* every slot of the NULL type is NULL */
        v->valid = eddy__calloc((cap + 7) / 8 + 1, 1);
        if (!v->valid) goto fail;
    }
    if (!vec_alloc_children(v, cap)) goto fail;
    return v;
fail:
    eddy__vec_release(v);
    return NULL;
}

Vector *eddy__vec_new_const(const Type *t) {
    Vector *v = eddy__vec_new(t, 1);
    if (v) v->is_const = true;
    return v;
}

void eddy__vec_release(Vector *v) {
    if (!v) return;
    if (atomic_fetch_sub_explicit(&v->refcnt, 1, memory_order_acq_rel) != 1) return;
    if (v->owns_raw && v->type->raw && v->type->raw->free) {
        const RawOps *ops = v->type->raw;
        StrView *sv = v->data;
        for (uint32_t i = 0; i < v->cap; i++)
            if (sv[i].u.ext.ptr && !vec_is_null(v, i)) ops->free(ops->ctx, (void *)raw_data(&sv[i]));
    }
    for (int i = 0; i < v->nchild; i++) eddy__vec_release(v->child[i]);
    eddy__free(v->child);
    eddy__free(v->data);
    eddy__free(v->valid);
    eddy__heap_free(&v->heap);
    eddy__free(v);
}

bool eddy__vec_reserve(Vector *v, uint32_t cap) {
    if (cap <= v->cap) return true;
    uint32_t nc = v->cap ? v->cap : 16;
    while (nc < cap) nc *= 2;
    size_t w = eddy__phys_width((PhysKind)v->phys);
    if (w) {
        void *d = eddy__realloc(v->data, (size_t)nc * w);
        if (!d) return v->failed = true, false;
        memset((char *)d + (size_t)v->cap * w, 0, (size_t)(nc - v->cap) * w);
        v->data = d;
    }
    if (v->valid) {
        size_t ob = (v->cap + 7) / 8 + 1, nb = (nc + 7) / 8 + 1;
        uint8_t *m = eddy__realloc(v->valid, nb);
        if (!m) return v->failed = true, false;
        /* new slots start valid, except for the NULL type */
        memset(m + ob, v->type->root == TY_NULL ? 0 : 0xff, nb - ob);
        if (v->type->root != TY_NULL)
            for (uint32_t i = v->cap; i < ED_MIN(nc, (uint32_t)(ob * 8)); i++) m[i >> 3] |= (uint8_t)(1u << (i & 7));
        v->valid = m;
    }
    if (v->phys == PH_STRUCT)
        for (int i = 0; i < v->nchild; i++)
            if (!eddy__vec_reserve(v->child[i], nc)) return v->failed = true, false;
    v->cap = nc;
    return true;
}

bool eddy__vec_ensure_validity(Vector *v) {
    if (v->valid) return true;
    size_t nb = (v->cap + 7) / 8 + 1;
    v->valid = eddy__malloc(nb);
    if (!v->valid) return v->failed = true, false;
    memset(v->valid, 0xff, nb);
    return true;
}

void eddy__vec_set_null(Vector *v, uint32_t i) {
    if (!eddy__vec_ensure_validity(v)) return;
    v->valid[i >> 3] &= (uint8_t) ~(1u << (i & 7));
    /* keep NULL slots of variable-length kinds empty, so copies stay cheap */
    if (v->phys == PH_STR || v->phys == PH_RAW) memset(&VEC_DATA(v, StrView)[i], 0, sizeof(StrView));
    else if (v->phys == PH_LIST) VEC_DATA(v, ListEntry)[i] = (ListEntry){0, 0};
    else if (v->phys == PH_STRUCT)
        for (int c = 0; c < v->nchild; c++) eddy__vec_set_null(v->child[c], i);
}

static void sv_fill(StrView *sv, const char *p, size_t n) {
    sv->len = (uint32_t)n;
    if (n <= STRV_INLINE) {
        memset(sv->u.inl, 0, sizeof sv->u.inl);
        if (n) memcpy(sv->u.inl, p, n);
    } else {
        memcpy(sv->u.ext.prefix, p, 4);
        sv->u.ext.ptr = p;
    }
}

void eddy__vec_set_str(Vector *v, uint32_t i, const char *p, size_t n) {
    StrView *sv = &VEC_DATA(v, StrView)[i];
    vec_set_valid(v, i);
    if (n > UINT32_MAX) {
        /* a length past 32 bits fails, never wraps */
        v->failed = true;
        memset(sv, 0, sizeof *sv);
        return;
    }
    if (n <= STRV_INLINE) {
        sv_fill(sv, p, n);
        return;
    }
    char *d = eddy__heap_alloc(&v->heap, n + 1);
    if (!d) {
        v->failed = true;
        sv->len = 0;
        return;
    }
    memcpy(d, p, n);
    d[n] = 0;
    sv_fill(sv, d, n);
}

void eddy__vec_set_str_owned(Vector *v, uint32_t i, const char *p, size_t n) {
    vec_set_valid(v, i);
    StrView *sv = &VEC_DATA(v, StrView)[i];
    if (n <= STRV_INLINE) {
        sv_fill(sv, p, n);
        return;
    }
    /* the bytes are not touched: a referenced string nobody reads (a
     * generator's table, a column the query drops) costs no cache miss; the
     * prefix is informational only */
    sv->len = (uint32_t)n;
    memset(sv->u.ext.prefix, 0, sizeof sv->u.ext.prefix);
    sv->u.ext.ptr = p;
}

char *eddy__vec_str_reserve(Vector *v, uint32_t i, size_t n) {
    StrView *sv = &VEC_DATA(v, StrView)[i];
    vec_set_valid(v, i);
    if (n > UINT32_MAX) {
        /* as in eddy__vec_set_str */
        v->failed = true;
        memset(sv, 0, sizeof *sv);
        return NULL;
    }
    if (n <= STRV_INLINE) {
        memset(sv, 0, sizeof *sv);
        sv->len = (uint32_t)n;
        return sv->u.inl;
    }
    char *d = eddy__heap_alloc(&v->heap, n + 1);
    if (!d) {
        v->failed = true;
        memset(sv, 0, sizeof *sv);
        return NULL;
    }
    d[n] = 0;
    sv->len = (uint32_t)n;
    sv->u.ext.ptr = d;
    /* the prefix is informational only (nothing compares by it) */
    return d;
}

uint32_t eddy__vec_list_append(Vector *v, uint32_t n) {
    uint32_t off = v->child_len;
    uint32_t need = off + n;
    for (int c = 0; c < v->nchild; c++) {
        Vector *ch = v->child[c];
        if (!eddy__vec_reserve(ch, need)) {
            v->failed = true;
            return off;
        }
    }
    v->child_len = need;
    return off;
}

static void raw_set(Vector *v, uint32_t i, const void *obj) {
    const RawOps *ops = v->type->raw;
    size_t size = ops ? ops->size : 0;
    StrView *sv = &VEC_DATA(v, StrView)[i];
    vec_set_valid(v, i);
    /* objects keep the alignment of malloc'd memory */
    size_t pad = (size_t)(-(uintptr_t)v->heap.cur & 15);
    if (v->heap.cur && (size_t)(v->heap.end - v->heap.cur) >= pad + size + 1) eddy__heap_alloc(&v->heap, pad);
    char *d = eddy__heap_alloc(&v->heap, size + 1);
    if (!d) {
        v->failed = true;
        memset(sv, 0, sizeof *sv);
        return;
    }
    if (ops && ops->copy) {
        ops->copy(ops->ctx, d, obj);
        v->owns_raw = true;
    } else {
        memcpy(d, obj, size);
    }
    d[size] = 0;
    sv->len = (uint32_t)size;
    /* RAW bytes always live in the heap (never inline) so that the object
     * keeps its alignment and address while the vector lives. */
    memcpy(sv->u.ext.prefix, d, size < 4 ? size : 4);
    sv->u.ext.ptr = d;
}

void eddy__vec_copy_value(Vector *dst, uint32_t di, const Vector *src, uint32_t si) {
    si = vidx(src, si);
    if (vec_is_null(src, si)) {
        eddy__vec_set_null(dst, di);
        return;
    }
    vec_set_valid(dst, di);
    switch ((PhysKind)dst->phys) {
    case PH_NONE: break;
    case PH_BOOL:
    case PH_I8: VEC_DATA(dst, uint8_t)[di] = VEC_DATA(src, uint8_t)[si]; break;
    case PH_I16: VEC_DATA(dst, int16_t)[di] = VEC_DATA(src, int16_t)[si]; break;
    case PH_I32:
    case PH_F32: VEC_DATA(dst, int32_t)[di] = VEC_DATA(src, int32_t)[si]; break;
    case PH_I64:
    case PH_F64: VEC_DATA(dst, int64_t)[di] = VEC_DATA(src, int64_t)[si]; break;
    case PH_I128: VEC_DATA(dst, ed_i128)[di] = VEC_DATA(src, ed_i128)[si]; break;
    case PH_TS: VEC_DATA(dst, Ts)[di] = VEC_DATA(src, Ts)[si]; break;
    case PH_STR: {
        const StrView *s = &VEC_DATA(src, StrView)[si];
        if (s->len <= STRV_INLINE) VEC_DATA(dst, StrView)[di] = *s;
        else eddy__vec_set_str(dst, di, s->u.ext.ptr, s->len);
        break;
    }
    case PH_RAW: raw_set(dst, di, raw_data(&VEC_DATA(src, StrView)[si])); break;
    case PH_LIST: {
        ListEntry e = VEC_DATA(src, ListEntry)[si];
        uint32_t off = eddy__vec_list_append(dst, e.len);
        if (dst->failed) return;
        for (int c = 0; c < dst->nchild; c++)
            for (uint32_t k = 0; k < e.len; k++) eddy__vec_copy_value(dst->child[c], off + k, src->child[c], e.off + k);
        VEC_DATA(dst, ListEntry)[di] = (ListEntry){off, e.len};
        break;
    }
    case PH_STRUCT:
        for (int c = 0; c < dst->nchild; c++) eddy__vec_copy_value(dst->child[c], di, src->child[c], si);
        break;
    }
}

Vector *eddy__vec_expand_const(Vector *c, const uint32_t *rows, uint32_t nrows, uint32_t cap) {
    Vector *v = eddy__vec_new(c->type, cap ? cap : 1);
    if (!v) return NULL;
    for (uint32_t k = 0; k < nrows; k++) eddy__vec_copy_value(v, rows[k], c, 0);
    if (v->failed) {
        eddy__vec_release(v);
        return NULL;
    }
    return v;
}

/* ---- batches ------------------------------------------------------------ */

Batch *eddy__batch_new(int ncols, uint32_t n) {
    Batch *b = eddy__calloc(1, sizeof *b);
    if (!b) return NULL;
    b->cols = eddy__calloc((size_t)(ncols ? ncols : 1), sizeof(Vector *));
    if (!b->cols) {
        eddy__free(b);
        return NULL;
    }
    atomic_init(&b->refcnt, 1);
    b->ncols = ncols;
    b->n = b->count = n;
    atomic_fetch_add(&live_batches, 1);
    return b;
}

Batch *eddy__batch_new_typed(int ncols, const Type *const *types, uint32_t cap) {
    Batch *b = eddy__batch_new(ncols, 0);
    if (!b) return NULL;
    for (int i = 0; i < ncols; i++) {
        b->cols[i] = eddy__vec_new(types[i], cap);
        if (!b->cols[i]) {
            eddy__batch_release(b);
            return NULL;
        }
    }
    return b;
}

void eddy__batch_release(Batch *b) {
    if (!b) return;
    if (atomic_fetch_sub_explicit(&b->refcnt, 1, memory_order_acq_rel) != 1) return;
    for (int i = 0; i < b->ncols; i++) eddy__vec_release(b->cols[i]);
    eddy__vec_release(b->kinds);
    eddy__vec_release(b->ts);
    eddy__free(b->cols);
    eddy__free(b->sel);
    eddy__free(b);
    atomic_fetch_sub(&live_batches, 1);
}

Batch *eddy__batch_share(const Batch *b) {
    Batch *c = eddy__batch_new(b->ncols, b->n);
    if (!c) return NULL;
    for (int i = 0; i < b->ncols; i++) c->cols[i] = eddy__vec_retain(b->cols[i]);
    c->kinds = eddy__vec_retain(b->kinds);
    c->ts = eddy__vec_retain(b->ts);
    c->count = b->count;
    if (b->sel) {
        c->sel = eddy__malloc(sizeof(uint32_t) * (b->count ? b->count : 1));
        if (!c->sel) {
            eddy__batch_release(c);
            return NULL;
        }
        memcpy(c->sel, b->sel, sizeof(uint32_t) * b->count);
    }
    return c;
}

void eddy__batch_set_sel(Batch *b, uint32_t *sel, uint32_t count) {
    eddy__free(b->sel);
    b->sel = sel;
    b->count = count;
}

static bool fill_kinds(Vector **pv, uint32_t cap, const Type *t, int64_t fill, bool is64) {
    if (*pv) return eddy__vec_reserve(*pv, cap);
    Vector *v = eddy__vec_new(t, cap);
    if (!v) return false;
    if (is64)
        for (uint32_t i = 0; i < cap; i++) VEC_DATA(v, int64_t)[i] = fill;
    *pv = v;
    return true;
}

bool eddy__batch_ensure_kinds(Batch *b, uint32_t cap) {
    return fill_kinds(&b->kinds, cap, eddy__type_basic(TY_TINYINT, false), 0, false);
}

bool eddy__batch_ensure_ts(Batch *b, uint32_t cap) {
    return fill_kinds(&b->ts, cap, eddy__type_basic(TY_BIGINT, false), TS_NONE, true);
}

Batch *eddy__batch_compact(const Batch *b) {
    Batch *c = eddy__batch_new(b->ncols, b->count);
    if (!c) return NULL;
    for (int i = 0; i < b->ncols; i++) {
        Vector *src = b->cols[i];
        Vector *dst = eddy__vec_new(src->type, b->count);
        if (!dst) goto fail;
        c->cols[i] = dst;
        for (uint32_t r = 0; r < b->count; r++) eddy__vec_copy_value(dst, r, src, batch_row(b, r));
        if (dst->failed) goto fail;
    }
    if (b->kinds) {
        if (!eddy__batch_ensure_kinds(c, b->count)) goto fail;
        for (uint32_t r = 0; r < b->count; r++) VEC_DATA(c->kinds, uint8_t)[r] = batch_kind(b, batch_row(b, r));
    }
    if (b->ts) {
        if (!eddy__batch_ensure_ts(c, b->count)) goto fail;
        for (uint32_t r = 0; r < b->count; r++) VEC_DATA(c->ts, int64_t)[r] = batch_ts(b, batch_row(b, r));
    }
    return c;
fail:
    eddy__batch_release(c);
    return NULL;
}

/* ---- values ------------------------------------------------------------- */

void eddy__vec_set_value(Vector *dst, uint32_t i, const Value *v) {
    if (v->is_null) {
        eddy__vec_set_null(dst, i);
        return;
    }
    vec_set_valid(dst, i);
    switch ((PhysKind)dst->phys) {
    case PH_NONE: break;
    case PH_BOOL: VEC_DATA(dst, uint8_t)[i] = v->u.b ? 1 : 0; break;
    case PH_I8: VEC_DATA(dst, int8_t)[i] = (int8_t)v->u.i; break;
    case PH_I16: VEC_DATA(dst, int16_t)[i] = (int16_t)v->u.i; break;
    case PH_I32: VEC_DATA(dst, int32_t)[i] = (int32_t)v->u.i; break;
    case PH_I64: VEC_DATA(dst, int64_t)[i] = v->u.i; break;
    case PH_F32: VEC_DATA(dst, float)[i] = (float)v->u.d; break;
    case PH_F64: VEC_DATA(dst, double)[i] = v->u.d; break;
    case PH_I128: VEC_DATA(dst, ed_i128)[i] = v->u.dec; break;
    case PH_TS: VEC_DATA(dst, Ts)[i] = v->u.ts; break;
    case PH_STR: eddy__vec_set_str(dst, i, v->u.str.p, v->u.str.n); break;
    case PH_RAW: raw_set(dst, i, v->u.str.p); break;
    case PH_LIST:
    case PH_STRUCT:
        if (v->vec) eddy__vec_copy_value(dst, i, v->vec, 0);
        else eddy__vec_set_null(dst, i);
        break;
    }
}

void eddy__vec_get_value(const Vector *src, uint32_t i, Value *out) {
    memset(out, 0, sizeof *out);
    out->type = src->type;
    i = vidx(src, i);
    if (vec_is_null(src, i)) {
        out->is_null = true;
        return;
    }
    switch ((PhysKind)src->phys) {
    case PH_NONE: out->is_null = true; break;
    case PH_BOOL: out->u.b = VEC_DATA(src, uint8_t)[i] != 0; break;
    case PH_I8: out->u.i = VEC_DATA(src, int8_t)[i]; break;
    case PH_I16: out->u.i = VEC_DATA(src, int16_t)[i]; break;
    case PH_I32: out->u.i = VEC_DATA(src, int32_t)[i]; break;
    case PH_I64: out->u.i = VEC_DATA(src, int64_t)[i]; break;
    case PH_F32: out->u.d = VEC_DATA(src, float)[i]; break;
    case PH_F64: out->u.d = VEC_DATA(src, double)[i]; break;
    case PH_I128: out->u.dec = VEC_DATA(src, ed_i128)[i]; break;
    case PH_TS: out->u.ts = VEC_DATA(src, Ts)[i]; break;
    case PH_STR:
    case PH_RAW: {
        const StrView *s = &VEC_DATA(src, StrView)[i];
        out->u.str.p = slot_bytes(src, s);
        out->u.str.n = s->len;
        break;
    }
    case PH_LIST:
    case PH_STRUCT: break; /* nested values are read through the vector */
    }
}
