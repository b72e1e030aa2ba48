/*
 * agg_int.h -- what the files of the aggregate library share: the
 * constructors resolve dispatches to (one per function family), the
 * canonical byte encoding of values that views store, Java's comparison of
 * scalar values, and the thin wrappers through which functions reach their
 * views.
 */
#ifndef EDDY_AGG_INT_H
#define EDDY_AGG_INT_H

#include "expr/agg.h"
#include "expr/expr_int.h"

/* ---- constructors: fill fn (zeroed, name and args set) for spec --------------------------- */

typedef eddy_status (*AggMake)(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);

eddy_status eddy__agg_make_count(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_sum(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_sum0(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_avg(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_minmax(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_stddev(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_first_last(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_listagg(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_collect(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_array_agg(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_json(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_user(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
eddy_status eddy__agg_make_single_value(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err);
/* Wraps inner (already resolved) into its DISTINCT form. */
eddy_status eddy__agg_make_distinct(Arena *a, const AggFn *inner, AggFn *fn, EdErr *err);

/* Flink's LogicalTypeRoot name of t ("INTEGER", "TIMESTAMP_WITHOUT_TIME_ZONE"). */
const char *eddy__agg_root_name(const Type *t);
/* Flink's planning error for a type a function does not take:
 * "<what> aggregate function does not support type: ''<ROOT>''.\nPlease re-check the data type." */
eddy_status eddy__agg_type_error(EdErr *err, const char *what, const Type *t);
/* The views array of a function with n views of the given kinds (arena a). */
const AggViewKind *eddy__agg_view_kinds(Arena *a, int n, const AggViewKind *kinds);

/* ---- canonical encoding of values ---------------------------------------------------------- */

/* Appends the bytes of the non-NULL value v[r] (vidx applied): integers,
 * floats, DECIMAL as their native little-endian bytes (NaN canonical),
 * TIMESTAMP as 8 bytes of ms and 4 of ns, strings as their bytes, nested
 * values and RAW in a self-delimiting form. Equal values (Java's equals)
 * give equal bytes. */
void eddy__agg_enc(Buf *b, const Vector *v, uint32_t r);
/* A tag byte (0 = NULL, 1 = value) and the value, for nullable values. */
void eddy__agg_enc_tagged(Buf *b, const Vector *v, uint32_t r);
/* Decodes n bytes made by eddy__agg_enc into out[slot] (of the encoded
 * value's type); false when they are malformed. */
bool eddy__agg_dec(const char *p, size_t n, Vector *out, uint32_t slot);
/* The same for eddy__agg_enc_tagged. */
bool eddy__agg_dec_tagged(const char *p, size_t n, Vector *out, uint32_t slot);

/* Java's compareTo of two encoded scalar values of physical kind k
 * (Double.compare for floats: -0.0 < 0.0, NaN largest). */
int eddy__agg_cmp_enc(PhysKind k, const char *a, size_t an, const char *b, size_t bn);

/* The error for bytes in a view that do not decode. */
eddy_status eddy__agg_corrupt(AggCtx *cx, const AggFn *fn);

/* ---- the operator's pointers ---------------------------------------------------------------- */

/* A function's fixed part in the pointer p the operator passed: p +
 * cx->acc_offset (kernels keep `off = cx->acc_offset` in a local). Functions
 * work on fixed-part pointers; the view wrappers below give the operator its
 * own pointers back. */
#define FX(p) ((void *)((char *)(p) + off))

/* ---- views -------------------------------------------------------------------------------- */

eddy_status eddy__agg_no_views(AggCtx *cx);

/* The operator's pointer of fixed part acc. */
static inline void *agg_slot(const AggCtx *cx, void *acc) { return (char *)acc - cx->acc_offset; }

static inline eddy_status agg_map_get(AggCtx *cx, void *acc, int view, const void *k, size_t kn, const void **val,
                                      size_t *vn) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->map_get(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, k, kn, val, vn);
}
static inline eddy_status agg_map_put(AggCtx *cx, void *acc, int view, const void *k, size_t kn, const void *val,
                                      size_t vn) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->map_put(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, k, kn, val, vn);
}
static inline eddy_status agg_map_remove(AggCtx *cx, void *acc, int view, const void *k, size_t kn) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->map_remove(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, k, kn);
}
static inline eddy_status agg_map_iter(AggCtx *cx, void *acc, int view, AggVisitFn fn, void *arg) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->map_iter(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, fn, arg);
}
static inline eddy_status agg_list_add(AggCtx *cx, void *acc, int view, const void *val, size_t vn) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->list_add(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, val, vn);
}
static inline eddy_status agg_list_iter(AggCtx *cx, void *acc, int view, AggVisitFn fn, void *arg) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->list_iter(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, fn, arg);
}
static inline eddy_status agg_list_remove(AggCtx *cx, void *acc, int view, const void *val, size_t vn,
                                          bool *removed) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->list_remove(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view, val, vn, removed);
}
static inline eddy_status agg_clear(AggCtx *cx, void *acc, int view) {
    if (!cx->views) return eddy__agg_no_views(cx);
    return cx->views->clear(cx->views_ctx, agg_slot(cx, acc), cx->view_base + view);
}

/* A map value that is a 64-bit count (views of counts store 8 bytes). */
static inline int64_t agg_count_of(const void *val, size_t vn) {
    int64_t c = 0;
    if (val && vn == sizeof c) memcpy(&c, val, sizeof c);
    return c;
}

/* A collected copy of a view's entries (taken before the library modifies
 * the view it iterated): the bytes of all entries in one buffer. */
typedef struct AggEntries {
    Buf bytes;
    ED_VEC(size_t) offs; /* per entry: key offset; key length, value offset, value length follow in `lens` */
    ED_VEC(uint32_t) lens; /* per entry: key length, value length */
} AggEntries;
/* Collects every entry of a map or list view of acc into e (emptied first). */
eddy_status eddy__agg_collect(AggCtx *cx, void *acc, int view, bool list, AggEntries *e);
static inline size_t agg_entries_count(const AggEntries *e) { return e->offs.len; }
static inline const char *agg_entry_key(const AggEntries *e, size_t i, size_t *kn) {
    *kn = e->lens.items[2 * i];
    return e->bytes.data + e->offs.items[i];
}
static inline const char *agg_entry_val(const AggEntries *e, size_t i, size_t *vn) {
    *vn = e->lens.items[2 * i + 1];
    return e->bytes.data + e->offs.items[i] + e->lens.items[2 * i];
}
void eddy__agg_entries_free(AggEntries *e);

/* Room for n rows and accumulators in cx->rows / cx->accs. */
bool eddy__agg_reserve(AggCtx *cx, size_t n);

/* ---- output --------------------------------------------------------------------------------- */

/* Marks slot i of out valid (after writing its data). */
static inline void agg_out_valid(Vector *out, uint32_t i) { vec_set_valid(out, i); }

#endif
