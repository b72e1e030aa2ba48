/*
 * agg.c -- the aggregate library's core: resolving a call (name, argument
 * types, DISTINCT, updating input) into an AggFn, the DISTINCT wrapper every
 * function can be put in, the canonical byte encoding of the values views
 * store, and the scratch context operators pass to every call.
 *
 * DISTINCT f(x) keeps a map view x -> count of the rows currently in the
 * group (its view 0; the wrapped function's views follow). A value reaches f
 * when its count rises from 0 to 1 and is retracted from f when it falls
 * from 1 to 0, so f sees each distinct value once, as Flink's distinct
 * aggregates do. Merging two DISTINCT accumulators adds their maps and feeds
 * f the values that became present (or absent) in the destination; the
 * source's own f state is not needed. Operators may instead put DISTINCT
 * calls over the same arguments into sets that share one map of per-call
 * counts (eddy__agg_distinct_set_update, agg.h).
 */
#include <math.h>

#include "expr/agg_int.h"

/* ---- the context ---------------------------------------------------------------------------- */

void eddy__agg_ctx_init(AggCtx *cx, const AggViewOps *views, void *views_ctx, EdErr *err) {
    memset(cx, 0, sizeof *cx);
    cx->views = views;
    cx->views_ctx = views_ctx;
    cx->err = err;
    eddy__buf_init(&cx->key);
    eddy__buf_init(&cx->val);
    eddy__buf_init(&cx->tmp);
    eddy__arena_init(&cx->scratch, 4096);
}

void eddy__agg_ctx_free(AggCtx *cx) {
    eddy__buf_free(&cx->key);
    eddy__buf_free(&cx->val);
    eddy__buf_free(&cx->tmp);
    eddy__free(cx->rows);
    eddy__free(cx->accs);
    eddy__free(cx->set_rows);
    eddy__free(cx->set_accs);
    cx->rows = NULL;
    cx->accs = NULL;
    cx->set_rows = NULL;
    cx->set_accs = NULL;
    cx->cap = cx->set_cap = 0;
    eddy__arena_destroy(&cx->scratch);
}

/* Grows a rows / accs pair of arrays to at least n entries (doubling). */
static bool grow_pair(uint32_t **rows_p, void ***accs_p, size_t *cap_p, size_t n) {
    if (n <= *cap_p) return true;
    size_t cap = *cap_p ? *cap_p : 256;
    while (cap < n) cap *= 2;
    uint32_t *rows = eddy__realloc(*rows_p, cap * sizeof *rows);
    if (rows) *rows_p = rows;
    void **accs = rows ? eddy__realloc(*accs_p, cap * sizeof *accs) : NULL;
    if (accs) *accs_p = accs;
    if (!rows || !accs) return false;
    *cap_p = cap;
    return true;
}

bool eddy__agg_reserve(AggCtx *cx, size_t n) { return grow_pair(&cx->rows, &cx->accs, &cx->cap, n); }

eddy_status eddy__agg_no_views(AggCtx *cx) {
    return eddy__err(cx->err, EDDY_E_INTERNAL, "An aggregate function with views was called without view callbacks.");
}

eddy_status eddy__agg_corrupt(AggCtx *cx, const AggFn *fn) {
    return eddy__err(cx->err, EDDY_E_INTERNAL, "The state of aggregate function %s could not be read back.", fn->name);
}

typedef struct CollectArg {
    AggEntries *e;
} CollectArg;

static eddy_status collect_one(void *arg, const void *key, size_t kn, const void *val, size_t vn) {
    AggEntries *e = ((CollectArg *)arg)->e;
    size_t off = e->bytes.len;
    if (kn) eddy__buf_put(&e->bytes, key, kn);
    if (vn) eddy__buf_put(&e->bytes, val, vn);
    if (e->bytes.failed || !ed_vec_push(&e->offs, off) || !ed_vec_push(&e->lens, (uint32_t)kn) ||
        !ed_vec_push(&e->lens, (uint32_t)vn))
        return EDDY_E_NOMEM;
    return EDDY_OK;
}

eddy_status eddy__agg_collect(AggCtx *cx, void *acc, int view, bool list, AggEntries *e) {
    e->bytes.len = 0;
    e->offs.len = 0;
    e->lens.len = 0;
    CollectArg ca = {e};
    eddy_status rc = list ? agg_list_iter(cx, acc, view, collect_one, &ca) : agg_map_iter(cx, acc, view, collect_one, &ca);
    if (rc == EDDY_E_NOMEM && !eddy__err_is_set(cx->err)) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    return rc;
}

void eddy__agg_entries_free(AggEntries *e) {
    eddy__buf_free(&e->bytes);
    ed_vec_free(&e->offs);
    ed_vec_free(&e->lens);
}

/* ---- type names and errors -------------------------------------------------------------------- */

const char *eddy__agg_root_name(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_NULL: return "NULL";
    case TY_BOOLEAN: return "BOOLEAN";
    case TY_TINYINT: return "TINYINT";
    case TY_SMALLINT: return "SMALLINT";
    case TY_INT: return "INTEGER";
    case TY_BIGINT: return "BIGINT";
    case TY_FLOAT: return "FLOAT";
    case TY_DOUBLE: return "DOUBLE";
    case TY_DECIMAL: return "DECIMAL";
    case TY_CHAR: return "CHAR";
    case TY_VARCHAR: return "VARCHAR";
    case TY_BINARY: return "BINARY";
    case TY_VARBINARY: return "VARBINARY";
    case TY_DATE: return "DATE";
    case TY_TIME: return "TIME_WITHOUT_TIME_ZONE";
    case TY_TIMESTAMP: return "TIMESTAMP_WITHOUT_TIME_ZONE";
    case TY_TIMESTAMP_LTZ: return "TIMESTAMP_WITH_LOCAL_TIME_ZONE";
    case TY_INTERVAL_YM: return "INTERVAL_YEAR_MONTH";
    case TY_INTERVAL_DT: return "INTERVAL_DAY_TIME";
    case TY_ARRAY: return "ARRAY";
    case TY_MAP: return "MAP";
    case TY_MULTISET: return "MULTISET";
    case TY_ROW: return "ROW";
    case TY_STRUCTURED: return "STRUCTURED_TYPE";
    case TY_RAW: return "RAW";
    default: return "SYMBOL";
    }
}

eddy_status eddy__agg_type_error(EdErr *err, const char *what, const Type *t) {
    return eddy__err(err, EDDY_E_TABLE, "%s aggregate function does not support type: ''%s''.\nPlease re-check the data type.",
                     what, eddy__agg_root_name(t));
}

const AggViewKind *eddy__agg_view_kinds(Arena *a, int n, const AggViewKind *kinds) {
    return eddy__arena_dup(a, kinds, sizeof(AggViewKind) * (size_t)n);
}

/* ---- encoding ---------------------------------------------------------------------------------- */

static void put_u32(Buf *b, uint32_t x) { eddy__buf_put(b, &x, 4); }

static void enc_value(Buf *b, const Vector *v, uint32_t r, bool inner);

static void enc_tagged(Buf *b, const Vector *v, uint32_t r) {
    if (vec_is_null(v, r)) {
        eddy__buf_putc(b, 0);
        return;
    }
    eddy__buf_putc(b, 1);
    enc_value(b, v, r, true);
}

static void enc_value(Buf *b, const Vector *v, uint32_t r, bool inner) {
    r = vidx(v, r);
    switch ((PhysKind)v->phys) {
    case PH_NONE: return;
    case PH_F32: {
        float f = VEC_DATA(v, float)[r];
        if (isnan(f)) f = NAN;
        eddy__buf_put(b, &f, 4);
        return;
    }
    case PH_F64: {
        double d = VEC_DATA(v, double)[r];
        if (isnan(d)) d = NAN;
        eddy__buf_put(b, &d, 8);
        return;
    }
    case PH_TS: {
        Ts t = VEC_DATA(v, Ts)[r];
        eddy__buf_put(b, &t.ms, 8);
        eddy__buf_put(b, &t.ns, 4);
        return;
    }
    case PH_STR: {
        Str s = vec_str(v, r);
        if (inner) put_u32(b, (uint32_t)s.n);
        eddy__buf_put(b, s.p, s.n);
        return;
    }
    case PH_RAW: {
        const StrView *s = &VEC_DATA(v, StrView)[r];
        put_u32(b, s->len);
        eddy__buf_put(b, raw_data(s), s->len);
        return;
    }
    case PH_LIST: {
        ListEntry e = VEC_DATA(v, ListEntry)[r];
        put_u32(b, e.len);
        for (uint32_t k = 0; k < e.len; k++)
            for (int c = 0; c < v->nchild; c++) enc_tagged(b, v->child[c], e.off + k);
        return;
    }
    case PH_STRUCT:
        for (int c = 0; c < v->nchild; c++) enc_tagged(b, v->child[c], r);
        return;
    default: {
        size_t w = eddy__phys_width((PhysKind)v->phys);
        eddy__buf_put(b, (const char *)v->data + (size_t)r * w, w);
        return;
    }
    }
}

void eddy__agg_enc(Buf *b, const Vector *v, uint32_t r) { enc_value(b, v, r, false); }

void eddy__agg_enc_tagged(Buf *b, const Vector *v, uint32_t r) {
    if (vec_is_null(v, r)) {
        eddy__buf_putc(b, 0);
        return;
    }
    eddy__buf_putc(b, 1);
    enc_value(b, v, r, false);
}

typedef struct Cur {
    const char *p;
    size_t n;
    bool bad;
} Cur;

static const char *take(Cur *c, size_t k) {
    if (c->bad || c->n < k) {
        c->bad = true;
        return NULL;
    }
    const char *p = c->p;
    c->p += k;
    c->n -= k;
    return p;
}

static uint32_t take_u32(Cur *c) {
    const char *p = take(c, 4);
    uint32_t x = 0;
    if (p) memcpy(&x, p, 4);
    return x;
}

static void dec_value(Cur *c, Vector *out, uint32_t slot, bool inner);

static void dec_tagged(Cur *c, Vector *out, uint32_t slot) {
    const char *t = take(c, 1);
    if (!t) return;
    if (!*t) {
        eddy__vec_set_null(out, slot);
        return;
    }
    dec_value(c, out, slot, true);
}

static void dec_value(Cur *c, Vector *out, uint32_t slot, bool inner) {
    switch ((PhysKind)out->phys) {
    case PH_NONE: eddy__vec_set_null(out, slot); return;
    case PH_TS: {
        const char *p = take(c, 12);
        if (!p) return;
        Ts t;
        memcpy(&t.ms, p, 8);
        memcpy(&t.ns, p + 8, 4);
        VEC_DATA(out, Ts)[slot] = t;
        vec_set_valid(out, slot);
        return;
    }
    case PH_STR: {
        size_t n = inner ? take_u32(c) : c->n;
        const char *p = take(c, n);
        if (p) eddy__vec_set_str(out, slot, p, n);
        return;
    }
    case PH_RAW: {
        uint32_t n = take_u32(c);
        const char *p = take(c, n);
        if (!p) return;
        Value val = {.type = out->type};
        val.u.str.p = p;
        val.u.str.n = n;
        eddy__vec_set_value(out, slot, &val);
        return;
    }
    case PH_LIST: {
        uint32_t n = take_u32(c);
        if (c->bad) return;
        uint32_t off = eddy__vec_list_append(out, n);
        if (out->failed) {
            c->bad = true;
            return;
        }
        for (uint32_t k = 0; k < n && !c->bad; k++)
            for (int ch = 0; ch < out->nchild; ch++) dec_tagged(c, out->child[ch], off + k);
        VEC_DATA(out, ListEntry)[slot] = (ListEntry){off, n};
        vec_set_valid(out, slot);
        return;
    }
    case PH_STRUCT:
        for (int ch = 0; ch < out->nchild; ch++) dec_tagged(c, out->child[ch], slot);
        vec_set_valid(out, slot);
        return;
    default: {
        size_t w = eddy__phys_width((PhysKind)out->phys);
        const char *p = take(c, w);
        if (!p) return;
        memcpy((char *)out->data + (size_t)slot * w, p, w);
        vec_set_valid(out, slot);
        return;
    }
    }
}

bool eddy__agg_dec(const char *p, size_t n, Vector *out, uint32_t slot) {
    Cur c = {p, n, false};
    dec_value(&c, out, slot, false);
    return !c.bad && !out->failed && c.n == 0;
}

bool eddy__agg_dec_tagged(const char *p, size_t n, Vector *out, uint32_t slot) {
    if (n < 1) return false;
    if (!p[0]) {
        eddy__vec_set_null(out, slot);
        return n == 1;
    }
    return eddy__agg_dec(p + 1, n - 1, out, slot);
}

/* Java's Double.compare. */
static int java_dcmp(double x, double y) {
    if (x < y) return -1;
    if (x > y) return 1;
    if (isnan(x)) x = NAN;
    if (isnan(y)) y = NAN;
    int64_t bx, by;
    memcpy(&bx, &x, 8);
    memcpy(&by, &y, 8);
    return bx == by ? 0 : bx < by ? -1 : 1;
}

int eddy__agg_cmp_enc(PhysKind k, const char *a, size_t an, const char *b, size_t bn) {
    switch (k) {
    case PH_BOOL:
    case PH_I8: return (int)(int8_t)a[0] - (int)(int8_t)b[0];
    case PH_I16: {
        int16_t x, y;
        memcpy(&x, a, 2);
        memcpy(&y, b, 2);
        return (x > y) - (x < y);
    }
    case PH_I32: {
        int32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return (x > y) - (x < y);
    }
    case PH_I64: {
        int64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return (x > y) - (x < y);
    }
    case PH_F32: {
        float x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return java_dcmp(x, y);
    }
    case PH_F64: {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return java_dcmp(x, y);
    }
    case PH_I128: {
        ed_i128 x, y;
        memcpy(&x, a, 16);
        memcpy(&y, b, 16);
        return (x > y) - (x < y);
    }
    case PH_TS: {
        int64_t x, y;
        int32_t xn, yn;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        memcpy(&xn, a + 8, 4);
        memcpy(&yn, b + 8, 4);
        if (x != y) return x < y ? -1 : 1;
        return (xn > yn) - (xn < yn);
    }
    default: {
        size_t m = an < bn ? an : bn;
        int c = m ? memcmp(a, b, m) : 0;
        if (c) return c < 0 ? -1 : 1;
        return (an > bn) - (an < bn);
    }
    }
}

/* ---- DISTINCT ------------------------------------------------------------------------------------ */

/* Encodes the arguments of row r as the distinct key (into cx->key). */
static void distinct_key(AggCtx *cx, const AggFn *fn, Vector *const *args, uint32_t r) {
    cx->key.len = 0;
    for (int i = 0; i < fn->nargs; i++) enc_tagged(&cx->key, args[i], r);
}

/* Runs the wrapped function on a sub-selection, with its views after ours. */
static eddy_status inner_call(const AggFn *inner, AggCtx *cx, bool retract, Vector *const *args, uint32_t n) {
    if (!n) return EDDY_OK;
    cx->view_base += 1;
    eddy_status rc = retract ? inner->retract(inner, cx, args, cx->rows, n, cx->accs)
                             : inner->accumulate(inner, cx, args, cx->rows, n, cx->accs);
    cx->view_base -= 1;
    return rc;
}

static eddy_status distinct_update(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                                   void *const *accs, int64_t delta) {
    const AggFn *inner = fn->data;
    const size_t off = cx->acc_offset;
    if (!eddy__agg_reserve(cx, n)) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        distinct_key(cx, fn, args, rows[i]);
        if (cx->key.failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        const void *val;
        size_t vn;
        eddy_status rc = agg_map_get(cx, FX(accs[i]), 0, cx->key.data, cx->key.len, &val, &vn);
        if (rc) return rc;
        int64_t before = agg_count_of(val, vn), after = before + delta;
        rc = after ? agg_map_put(cx, FX(accs[i]), 0, cx->key.data, cx->key.len, &after, sizeof after)
                   : agg_map_remove(cx, FX(accs[i]), 0, cx->key.data, cx->key.len);
        if (rc) return rc;
        if ((delta > 0 && before == 0 && after == 1) || (delta < 0 && before == 1 && after == 0)) {
            cx->rows[m] = rows[i];
            cx->accs[m++] = accs[i];
        }
    }
    return inner_call(inner, cx, delta < 0, args, m);
}

static eddy_status distinct_accumulate(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows,
                                       uint32_t n, void *const *accs) {
    return distinct_update(fn, cx, args, rows, n, accs, 1);
}

static eddy_status distinct_retract(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows,
                                    uint32_t n, void *const *accs) {
    return distinct_update(fn, cx, args, rows, n, accs, -1);
}

static eddy_status distinct_init(const AggFn *fn, AggCtx *cx, void *acc) {
    const AggFn *inner = fn->data;
    return inner->init(inner, cx, acc);
}

/* Feeds the values of one side (added: count crossed above 0; removed:
 * crossed down to 0 or below) to the wrapped function: decodes them into
 * argument vectors, then one call. */
static eddy_status feed_keys(const AggFn *fn, AggCtx *cx, void *dst, const AggEntries *e, const uint8_t *pick,
                             uint8_t which) {
    const AggFn *inner = fn->data;
    uint32_t cnt = 0;
    for (size_t i = 0; i < agg_entries_count(e); i++) cnt += pick[i] == which;
    if (!cnt) return EDDY_OK;
    /* not the scratch arena: the wrapped function may reset it */
    Vector **vs = eddy__calloc((size_t)fn->nargs + 1, sizeof(Vector *));
    if (!vs || !eddy__agg_reserve(cx, cnt)) {
        eddy__free(vs);
        return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    }
    eddy_status rc = EDDY_OK;
    for (int a = 0; a < fn->nargs; a++)
        if (!(vs[a] = eddy__vec_new(fn->args[a], cnt))) rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    uint32_t j = 0;
    for (size_t i = 0; !rc && i < agg_entries_count(e); i++) {
        if (pick[i] != which) continue;
        size_t kn;
        const char *k = agg_entry_key(e, i, &kn);
        Cur c = {k, kn, false};
        for (int a = 0; a < fn->nargs; a++) dec_tagged(&c, vs[a], j);
        if (c.bad || c.n) rc = eddy__agg_corrupt(cx, fn);
        cx->rows[j] = j;
        cx->accs[j++] = dst;
    }
    if (!rc) rc = inner_call(inner, cx, which == 2, vs, j);
    for (int a = 0; a < fn->nargs; a++) eddy__vec_release(vs[a]);
    eddy__free(vs);
    return rc;
}

static eddy_status distinct_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    AggEntries e = {0};
    uint8_t *pick = NULL;
    eddy_status rc = EDDY_OK;
    for (uint32_t p = 0; !rc && p < n; p++) {
        if ((rc = eddy__agg_collect(cx, FX(src[p]), 0, false, &e))) break;
        size_t ne = agg_entries_count(&e);
        /* not the scratch arena: the wrapped function may reset it */
        uint8_t *np = eddy__realloc(pick, ne + 1);
        if (!np) {
            rc = eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
            break;
        }
        pick = np;
        for (size_t i = 0; !rc && i < ne; i++) {
            size_t kn, vn;
            const char *k = agg_entry_key(&e, i, &kn);
            const char *v = agg_entry_val(&e, i, &vn);
            const void *cur;
            size_t cn;
            if ((rc = agg_map_get(cx, FX(dst[p]), 0, k, kn, &cur, &cn))) break;
            int64_t before = agg_count_of(cur, cn), after = before + agg_count_of(v, vn);
            rc = after ? agg_map_put(cx, FX(dst[p]), 0, k, kn, &after, sizeof after)
                       : agg_map_remove(cx, FX(dst[p]), 0, k, kn);
            pick[i] = before <= 0 && after > 0 ? 1 : before > 0 && after <= 0 ? 2 : 0;
        }
        if (!rc) rc = feed_keys(fn, cx, dst[p], &e, pick, 1);
        if (!rc) rc = feed_keys(fn, cx, dst[p], &e, pick, 2);
    }
    eddy__free(pick);
    eddy__agg_entries_free(&e);
    return rc;
}

static eddy_status distinct_get_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out,
                                      uint32_t first) {
    const AggFn *inner = fn->data;
    cx->view_base += 1;
    eddy_status rc = inner->get_value(inner, cx, accs, n, out, first);
    cx->view_base -= 1;
    return rc;
}

static void distinct_destroy(const AggFn *fn, AggCtx *cx, void *acc) {
    const AggFn *inner = fn->data;
    if (inner->destroy) inner->destroy(inner, cx, acc);
}

eddy_status eddy__agg_make_distinct(Arena *a, const AggFn *inner, AggFn *fn, EdErr *err) {
    AggViewKind *kinds = eddy__arena_alloc(a, sizeof(AggViewKind) * (size_t)(inner->nviews + 1));
    if (!kinds) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    kinds[0] = AGG_VIEW_MAP;
    for (int i = 0; i < inner->nviews; i++) kinds[i + 1] = inner->views[i];
    *fn = *inner;
    fn->nviews = inner->nviews + 1;
    fn->views = kinds;
    /* a value leaves the wrapped function only through its retract */
    fn->flags = (inner->flags & (AGG_ORDERED | AGG_HAS_DESTROY | AGG_RETRACT)) | AGG_MERGE;
    fn->init = distinct_init;
    fn->accumulate = distinct_accumulate;
    fn->retract = inner->retract ? distinct_retract : NULL;
    fn->merge = distinct_merge;
    fn->get_value = distinct_get_value;
    fn->destroy = inner->destroy ? distinct_destroy : NULL;
    fn->data = inner;
    return EDDY_OK;
}

/* ---- shared DISTINCT maps ---------------------------------------------------------------------- */

bool eddy__agg_distinct_shareable(const AggFn *fn) {
    if (fn->init != distinct_init || fn->nargs > 16) return false; /* the argument vectors are on the stack */
    const AggFn *inner = fn->data;
    return inner->nviews == 0;
}

eddy_status eddy__agg_distinct_sets(Arena *a, int ncalls, const AggFn *const *fns, const int *const *args,
                                    const int *filters, const size_t *offsets, const int *view_bases,
                                    AggDistinctSet **sets, int *nsets, bool *in_set, EdErr *err) {
    *nsets = 0;
    *sets = NULL;
    for (int i = 0; i < ncalls; i++) in_set[i] = false;
    int cand = 0;
    for (int i = 0; i < ncalls; i++) cand += eddy__agg_distinct_shareable(fns[i]);
    if (!cand) return EDDY_OK;
    AggDistinctSet *out = eddy__arena_alloc(a, sizeof *out * (size_t)cand);
    if (!out) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    int ns = 0;
    for (int i = 0; i < ncalls; i++) {
        if (in_set[i] || !eddy__agg_distinct_shareable(fns[i])) continue;
        AggDistinctSet *st = &out[ns++];
        *st = (AggDistinctSet){.nargs = fns[i]->nargs, .args = args[i]};
        st->calls = eddy__arena_alloc(a, sizeof(int) * AGG_DISTINCT_SET_MAX);
        st->fns = eddy__arena_alloc(a, sizeof(AggFn *) * AGG_DISTINCT_SET_MAX);
        st->offsets = eddy__arena_alloc(a, sizeof(size_t) * AGG_DISTINCT_SET_MAX);
        st->view_bases = eddy__arena_alloc(a, sizeof(int) * AGG_DISTINCT_SET_MAX);
        st->filters = eddy__arena_alloc(a, sizeof(int) * AGG_DISTINCT_SET_MAX);
        if (!st->calls || !st->fns || !st->offsets || !st->view_bases || !st->filters)
            return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        for (int j = i; j < ncalls && st->n < AGG_DISTINCT_SET_MAX; j++) {
            if (in_set[j] || !eddy__agg_distinct_shareable(fns[j]) || fns[j]->nargs != st->nargs) continue;
            bool same = true;
            for (int k = 0; same && k < st->nargs; k++)
                same = args[j][k] == st->args[k]; /* one column: one type */
            if (!same) continue;
            in_set[j] = true;
            st->calls[st->n] = j;
            st->fns[st->n] = fns[j];
            st->offsets[st->n] = offsets[j];
            st->view_bases[st->n] = view_bases[j];
            st->filters[st->n++] = filters[j];
        }
    }
    *sets = out;
    *nsets = ns;
    return EDDY_OK;
}

/* One row's update of a set's counts (the map value: one int64 per member). */
typedef struct SetUpd {
    int n;
    int64_t delta;
    uint64_t mask;  /* members the row counts for */
    uint64_t cross; /* out: members whose count went 0 -> 1 (1 -> 0 retracting) */
    bool empty;     /* out: every count is 0 */
} SetUpd;

static void set_apply(void *arg, void *val, bool found) {
    (void)found; /* absent: zeros */
    SetUpd *u = arg;
    char *v = val;
    bool any = false;
    u->cross = 0;
    for (int j = 0; j < u->n; j++) {
        int64_t x;
        memcpy(&x, v + 8 * j, 8);
        if (u->mask >> j & 1) {
            int64_t y = x + u->delta;
            if ((u->delta > 0 && x == 0 && y == 1) || (u->delta < 0 && x == 1 && y == 0)) u->cross |= 1ULL << j;
            x = y;
            memcpy(v + 8 * j, &x, 8);
        }
        any |= x != 0;
    }
    u->empty = !any;
}

/* The map update of one row: with the operator's map_update one lookup,
 * else a get and a put (or a remove once every count is 0). */
static eddy_status set_update_row(AggCtx *cx, void *acc, int view, size_t vlen, SetUpd *u) {
    const AggViewOps *vo = cx->views;
    eddy_status rc;
    if (vo->map_update) {
        if ((rc = vo->map_update(cx->views_ctx, acc, view, cx->key.data, cx->key.len, vlen, set_apply, u))) return rc;
    } else {
        const void *val;
        size_t vn;
        if ((rc = vo->map_get(cx->views_ctx, acc, view, cx->key.data, cx->key.len, &val, &vn))) return rc;
        cx->val.len = 0;
        if (val && vn == vlen) eddy__buf_put(&cx->val, val, vlen);
        else eddy__buf_pad(&cx->val, 0, vlen);
        if (cx->val.failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        set_apply(u, cx->val.data, val && vn == vlen);
        if (!u->empty) return vo->map_put(cx->views_ctx, acc, view, cx->key.data, cx->key.len, cx->val.data, vlen);
    }
    return u->empty ? vo->map_remove(cx->views_ctx, acc, view, cx->key.data, cx->key.len) : EDDY_OK;
}

eddy_status eddy__agg_distinct_set_update(AggCtx *cx, const AggDistinctSet *set, Vector *const *cols,
                                          const uint32_t *rows, uint32_t n, void *const *accs, bool retract) {
    if (!n) return EDDY_OK;
    if (!cx->views) return eddy__agg_no_views(cx);
    const int k = set->n;
    for (int j = 0; retract && j < k; j++)
        if (!set->fns[j]->retract)
            return eddy__err(cx->err, EDDY_E_INTERNAL, "the aggregate %s cannot retract", set->fns[j]->name);
    if (!grow_pair(&cx->set_rows, &cx->set_accs, &cx->set_cap, (size_t)n * (size_t)k) || !eddy__agg_reserve(cx, n)) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
    Vector *args[16];
    for (int a = 0; a < set->nargs; a++) args[a] = cols[set->args[a]];
    const Vector *filters[AGG_DISTINCT_SET_MAX];
    for (int j = 0; j < k; j++) filters[j] = set->filters[j] >= 0 ? cols[set->filters[j]] : NULL;
    uint32_t cnt[AGG_DISTINCT_SET_MAX] = {0};
    const int view = set->view_bases[0];
    const size_t vlen = 8 * (size_t)k;
    SetUpd u = {.n = k, .delta = retract ? -1 : 1};
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = rows[i];
        u.mask = 0;
        for (int j = 0; j < k; j++) {
            const Vector *f = filters[j];
            if (!f || (!vec_is_null(f, vidx(f, r)) && VEC_DATA(f, uint8_t)[vidx(f, r)])) u.mask |= 1ULL << j;
        }
        if (!u.mask) continue;
        cx->key.len = 0;
        for (int a = 0; a < set->nargs; a++) enc_tagged(&cx->key, args[a], r);
        if (cx->key.failed) return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory");
        eddy_status rc = set_update_row(cx, accs[i], view, vlen, &u);
        if (rc) return rc;
        for (uint64_t c = u.cross; c; c &= c - 1) {
            int j = __builtin_ctzll(c);
            size_t at = (size_t)j * n + cnt[j]++;
            cx->set_rows[at] = r;
            cx->set_accs[at] = accs[i];
        }
    }
    const size_t off0 = cx->acc_offset;
    const int vb0 = cx->view_base;
    eddy_status rc = EDDY_OK;
    for (int j = 0; j < k && !rc; j++) {
        if (!cnt[j]) continue;
        memcpy(cx->rows, cx->set_rows + (size_t)j * n, sizeof(uint32_t) * cnt[j]);
        memcpy(cx->accs, cx->set_accs + (size_t)j * n, sizeof(void *) * cnt[j]);
        cx->acc_offset = set->offsets[j];
        cx->view_base = set->view_bases[j];
        rc = inner_call(set->fns[j]->data, cx, retract, args, cnt[j]);
    }
    cx->acc_offset = off0;
    cx->view_base = vb0;
    return rc;
}

/* ---- resolving --------------------------------------------------------------------------------- */

typedef struct Builtin {
    const char *name;
    AggMake make;
} Builtin;

static const Builtin builtins[] = {
    {"COUNT", eddy__agg_make_count},
    {"SUM", eddy__agg_make_sum},
    {"SUM0", eddy__agg_make_sum0},
    {"$SUM0", eddy__agg_make_sum0},
    {"AVG", eddy__agg_make_avg},
    {"MIN", eddy__agg_make_minmax},
    {"MAX", eddy__agg_make_minmax},
    {"FIRST_VALUE", eddy__agg_make_first_last},
    {"LAST_VALUE", eddy__agg_make_first_last},
    {"LISTAGG", eddy__agg_make_listagg},
    {"COLLECT", eddy__agg_make_collect},
    {"ARRAY_AGG", eddy__agg_make_array_agg},
    {"JSON_OBJECTAGG", eddy__agg_make_json},
    {"JSON_ARRAYAGG", eddy__agg_make_json},
    {"STDDEV_POP", eddy__agg_make_stddev},
    {"STDDEV_SAMP", eddy__agg_make_stddev},
    {"STDDEV", eddy__agg_make_stddev},
    {"VAR_POP", eddy__agg_make_stddev},
    {"VAR_SAMP", eddy__agg_make_stddev},
    {"VARIANCE", eddy__agg_make_stddev},
    {"SINGLE_VALUE", eddy__agg_make_single_value},
};

static const Builtin *builtin(const char *name) {
    for (size_t i = 0; name && i < ED_ARRAY_LEN(builtins); i++)
        if (eddy__str_ieq(builtins[i].name, name)) return &builtins[i];
    return NULL;
}

bool eddy__agg_is_builtin(const char *name) { return builtin(name) != NULL; }

eddy_status eddy__agg_resolve(Arena *a, const AggSpec *spec, const AggFn **out, EdErr *err) {
    *out = NULL;
    const Builtin *bi = spec->user ? NULL : builtin(spec->name);
    if (!spec->user && !bi)
        return eddy__err(err, EDDY_E_TABLE, "Unsupported Function: '%s'", spec->name ? spec->name : "");
    for (int i = 0; i < spec->nargs; i++)
        if (!spec->args[i]) return eddy__err(err, EDDY_E_INTERNAL, "aggregate argument %d has no type", i);
    AggFn *fn = eddy__arena_alloc(a, sizeof *fn);
    const Type **args = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(spec->nargs + 1));
    if (!fn || !args) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < spec->nargs; i++) args[i] = eddy__type_with_timeattr(a, spec->args[i], TA_NONE);
    fn->nargs = spec->nargs;
    fn->args = args;
    fn->name = bi ? bi->name : "";
    eddy_status rc = bi ? bi->make(a, spec, fn, err) : eddy__agg_make_user(a, spec, fn, err);
    if (rc) return rc;
    if (spec->retract && !(fn->flags & AGG_RETRACT))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Function class '%s' does not implement at least one method named 'retract' which is public, "
                         "not abstract and (in case of table functions) not static.",
                         fn->name);
    if (spec->distinct) {
        AggFn *w = eddy__arena_alloc(a, sizeof *w);
        if (!w) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        if ((rc = eddy__agg_make_distinct(a, fn, w, err))) return rc;
        fn = w;
    }
    if (spec->expect && !eddy__type_equals(spec->expect, fn->result, true, true)) {
        Buf b1, b2;
        eddy__buf_init(&b1);
        eddy__buf_init(&b2);
        eddy__type_print(&b1, fn->result);
        eddy__type_print(&b2, spec->expect);
        rc = eddy__err(err, EDDY_E_INTERNAL, "The aggregate function %s gives %s where the plan expects %s.", fn->name,
                       eddy__buf_cstr(&b1), eddy__buf_cstr(&b2));
        eddy__buf_free(&b1);
        eddy__buf_free(&b2);
        return rc;
    }
    *out = fn;
    return EDDY_OK;
}
