/*
 * agg_views.h -- an in-memory implementation of the aggregate library's view
 * callbacks (AggViewOps) for the unit tests and the benchmark: every view of
 * every accumulator is a plain array of (key, value) byte strings, searched
 * linearly. Slow, and obviously right: it is the tests' reference for what
 * an operator must provide.
 */
#ifndef EDDY_TEST_AGG_VIEWS_H
#define EDDY_TEST_AGG_VIEWS_H

#include "expr/agg.h"

typedef struct MemEntry {
    char *key, *val;
    size_t kn, vn;
} MemEntry;

typedef struct MemView {
    void *acc;
    int view;
    MemEntry *e;
    size_t n, cap;
} MemView;

typedef struct MemViews {
    MemView *v;
    size_t n, cap;
    /* what map_get returned last (valid until the next call, as the contract says) */
    char *last;
    long calls;
} MemViews;

static inline char *mv_dup(const void *p, size_t n) {
    char *d = eddy__malloc(n + 1);
    if (d && n) memcpy(d, p, n);
    if (d) d[n] = 0;
    return d;
}

static inline MemView *mv_find(MemViews *m, void *acc, int view, bool create) {
    for (size_t i = 0; i < m->n; i++)
        if (m->v[i].acc == acc && m->v[i].view == view) return &m->v[i];
    if (!create) return NULL;
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 16;
        MemView *nv = eddy__realloc(m->v, cap * sizeof *nv);
        if (!nv) return NULL;
        m->v = nv;
        m->cap = cap;
    }
    MemView *v = &m->v[m->n++];
    memset(v, 0, sizeof *v);
    v->acc = acc;
    v->view = view;
    return v;
}

static inline long mv_index(MemView *v, const void *key, size_t kn) {
    for (size_t i = 0; v && i < v->n; i++)
        if (v->e[i].kn == kn && (!kn || !memcmp(v->e[i].key, key, kn))) return (long)i;
    return -1;
}

static inline eddy_status mv_push(MemView *v, const void *key, size_t kn, const void *val, size_t vn) {
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        MemEntry *ne = eddy__realloc(v->e, cap * sizeof *ne);
        if (!ne) return EDDY_E_NOMEM;
        v->e = ne;
        v->cap = cap;
    }
    MemEntry *e = &v->e[v->n];
    e->key = mv_dup(key, kn);
    e->val = mv_dup(val, vn);
    e->kn = kn;
    e->vn = vn;
    if (!e->key || !e->val) return EDDY_E_NOMEM;
    v->n++;
    return EDDY_OK;
}

static inline void mv_drop(MemView *v, size_t i) {
    eddy__free(v->e[i].key);
    eddy__free(v->e[i].val);
    memmove(&v->e[i], &v->e[i + 1], (v->n - i - 1) * sizeof *v->e);
    v->n--;
}

static inline eddy_status mv_map_get(void *ctx, void *acc, int view, const void *key, size_t klen, const void **val,
                              size_t *vlen) {
    MemViews *m = ctx;
    m->calls++;
    eddy__free(m->last);
    m->last = NULL;
    MemView *v = mv_find(m, acc, view, false);
    long i = mv_index(v, key, klen);
    *val = NULL;
    *vlen = 0;
    if (i < 0) return EDDY_OK;
    /* hand out a copy that dies at the next call, so a caller relying on it longer fails under ASan */
    m->last = mv_dup(v->e[i].val, v->e[i].vn);
    *val = m->last;
    *vlen = v->e[i].vn;
    return m->last ? EDDY_OK : EDDY_E_NOMEM;
}

static inline eddy_status mv_map_put(void *ctx, void *acc, int view, const void *key, size_t klen, const void *val,
                              size_t vlen) {
    MemViews *m = ctx;
    m->calls++;
    MemView *v = mv_find(m, acc, view, true);
    if (!v) return EDDY_E_NOMEM;
    long i = mv_index(v, key, klen);
    if (i >= 0) {
        char *d = mv_dup(val, vlen);
        if (!d) return EDDY_E_NOMEM;
        eddy__free(v->e[i].val);
        v->e[i].val = d;
        v->e[i].vn = vlen;
        return EDDY_OK;
    }
    return mv_push(v, key, klen, val, vlen);
}

static inline eddy_status mv_map_remove(void *ctx, void *acc, int view, const void *key, size_t klen) {
    MemViews *m = ctx;
    m->calls++;
    MemView *v = mv_find(m, acc, view, false);
    long i = mv_index(v, key, klen);
    if (i >= 0) mv_drop(v, (size_t)i);
    return EDDY_OK;
}

static inline eddy_status mv_walk(MemViews *m, void *acc, int view, bool list, AggVisitFn visit, void *arg) {
    m->calls++;
    MemView *v = mv_find(m, acc, view, false);
    /* maps are visited backwards: nothing may depend on their order */
    for (size_t k = 0; v && k < v->n; k++) {
        size_t i = list ? k : v->n - 1 - k;
        eddy_status rc = visit(arg, list ? NULL : v->e[i].key, list ? 0 : v->e[i].kn, v->e[i].val, v->e[i].vn);
        if (rc == AGG_STOP) return EDDY_OK;
        if (rc) return rc;
    }
    return EDDY_OK;
}

static inline eddy_status mv_map_iter(void *ctx, void *acc, int view, AggVisitFn visit, void *arg) {
    return mv_walk(ctx, acc, view, false, visit, arg);
}

static inline eddy_status mv_list_iter(void *ctx, void *acc, int view, AggVisitFn visit, void *arg) {
    return mv_walk(ctx, acc, view, true, visit, arg);
}

static inline eddy_status mv_list_add(void *ctx, void *acc, int view, const void *val, size_t vlen) {
    MemViews *m = ctx;
    m->calls++;
    MemView *v = mv_find(m, acc, view, true);
    return v ? mv_push(v, "", 0, val, vlen) : EDDY_E_NOMEM;
}

static inline eddy_status mv_list_remove(void *ctx, void *acc, int view, const void *val, size_t vlen, bool *removed) {
    MemViews *m = ctx;
    m->calls++;
    MemView *v = mv_find(m, acc, view, false);
    *removed = false;
    for (size_t i = 0; v && i < v->n; i++)
        if (v->e[i].vn == vlen && (!vlen || !memcmp(v->e[i].val, val, vlen))) {
            mv_drop(v, i);
            *removed = true;
            break;
        }
    return EDDY_OK;
}

static inline eddy_status mv_clear(void *ctx, void *acc, int view) {
    MemViews *m = ctx;
    m->calls++;
    MemView *v = mv_find(m, acc, view, false);
    while (v && v->n) mv_drop(v, v->n - 1);
    return EDDY_OK;
}

static const AggViewOps mem_view_ops = {mv_map_get, mv_map_put,  mv_map_remove,  mv_map_iter,
                                        mv_list_add, mv_list_iter, mv_list_remove, mv_clear};

static inline void mem_views_free(MemViews *m) {
    for (size_t i = 0; i < m->n; i++) {
        while (m->v[i].n) mv_drop(&m->v[i], m->v[i].n - 1);
        eddy__free(m->v[i].e);
    }
    eddy__free(m->v);
    eddy__free(m->last);
    memset(m, 0, sizeof *m);
}

#endif
