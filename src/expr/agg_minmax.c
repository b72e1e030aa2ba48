/*
 * agg_minmax.c -- MIN and MAX, FIRST_VALUE and LAST_VALUE, each in a plain
 * and a retracting form, as Flink's factory picks them.
 *
 * MIN / MAX without retraction keep the extreme value inline (strings in a
 * map view under the empty key). MAX compares as Java's compareTo (NaN is
 * the largest double, -0.0 < 0.0), MIN as Flink's generated `<` (NaN is
 * never smaller). With retraction (Flink's MaxWithRetractAggFunction) a map
 * view counts each value, the fixed part keeps the extreme (strings: a
 * second map view) and the number of values with a positive count;
 * retracting the extreme searches the map for the next one. Counts below
 * zero (retractions of rows that never came) are kept as Flink keeps them.
 *
 * FIRST_VALUE / LAST_VALUE take the first / last non-NULL value. With
 * retraction (Flink's FirstValueWithRetractAggFunction) every accumulated
 * value gets an order -- a counter of the accumulator, where Flink uses the
 * wall clock, which only refines Flink's order -- in two map views: value
 * -> its orders, order -> value; retracting a value removes its oldest
 * occurrence, and the result is the value of the smallest (largest) live
 * order. They take the types Flink's factory lists (numbers, BOOLEAN,
 * VARCHAR, DECIMAL) and cannot merge, as in Flink.
 */
#include <math.h>

#include "expr/agg_int.h"

/* The value kept inline: any scalar but strings, as its encoding. */
typedef struct Scalar {
    uint8_t b[16];
    uint8_t len;
} Scalar;

static inline bool is_str(const AggFn *fn) { return fn->args[0]->root == TY_CHAR || fn->args[0]->root == TY_VARCHAR; }

static inline PhysKind arg_phys(const AggFn *fn) { return eddy__type_phys(fn->args[0]); }

/* Encodes the non-NULL value v[r] into cx->key. */
static inline void enc_key(AggCtx *cx, const Vector *v, uint32_t r) {
    cx->key.len = 0;
    eddy__agg_enc(&cx->key, v, r);
}

static inline eddy_status nomem(AggCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

/* Writes an encoded value into the output slot. */
static eddy_status put_enc(const AggFn *fn, AggCtx *cx, Vector *out, uint32_t slot, const void *p, size_t n) {
    if (!eddy__agg_dec(p, n, out, slot)) return out->failed ? nomem(cx) : eddy__agg_corrupt(cx, fn);
    return EDDY_OK;
}

/* ---- MIN / MAX without retraction ------------------------------------------------------------ */

/* The fixed part: the value (8 bytes; DECIMAL and TIMESTAMP 16), then `has`. */
typedef union MmVal {
    int64_t i;
    float f;
    double d;
    ed_i128 dec;
    Ts ts;
} MmVal;

static inline bool wide(PhysKind k) { return k == PH_I128 || k == PH_TS; }
static inline size_t mm_width(PhysKind k) { return wide(k) ? 16 : 8; }
static inline uint8_t *mm_has(void *acc, PhysKind k) { return (uint8_t *)acc + mm_width(k); }

typedef struct MmData {
    bool max;
} MmData;

static eddy_status mm_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)cx;
    memset(acc, 0, fn->acc_size);
    return EDDY_OK;
}

static inline int ts_cmp(Ts a, Ts b) {
    if (a.ms != b.ms) return a.ms < b.ms ? -1 : 1;
    return (a.ns > b.ns) - (a.ns < b.ns);
}

static inline int java_fcmp(double x, double y) {
    char a[8], b[8];
    memcpy(a, &x, 8);
    memcpy(b, &y, 8);
    return eddy__agg_cmp_enc(PH_F64, a, 8, b, 8);
}

/* One typed loop: takes x when the group has none or better(x, cur);
 * `cur` is the group's value as a T. */
#define MM_LOOP(T, BETTER)                                                                         \
    do {                                                                                           \
        const T *d_ = VEC_DATA(v, T);                                                              \
        const uint8_t *valid_ = v->valid;                                                          \
        uint32_t m_ = v->is_const ? 0 : ~0u;                                                       \
        size_t w_ = sizeof(T) > 8 ? 16 : 8;                                                        \
        for (uint32_t i = 0; i < n; i++) {                                                         \
            uint32_t r_ = rows[i] & m_;                                                            \
            if (valid_ && !(valid_[r_ >> 3] & (1u << (r_ & 7)))) continue;                         \
            T *p_ = FX(accs[i]);                                                                   \
            uint8_t *has_ = (uint8_t *)p_ + w_;                                                    \
            T x = d_[r_], cur = *p_;                                                               \
            (void)cur;                                                                             \
            if (!*has_ || (BETTER)) {                                                              \
                *p_ = x;                                                                           \
                *has_ = 1;                                                                         \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static eddy_status mm_str_one(const AggFn *fn, AggCtx *cx, void *acc, const char *p, size_t n, bool max) {
    uint8_t *has = mm_has(acc, PH_STR);
    if (*has) {
        const void *cur;
        size_t cn;
        eddy_status rc = agg_map_get(cx, acc, 0, "", 0, &cur, &cn);
        if (rc) return rc;
        if (!cur) return eddy__agg_corrupt(cx, fn);
        int c = eddy__agg_cmp_enc(PH_STR, p, n, cur, cn);
        if (max ? c <= 0 : c >= 0) return EDDY_OK;
    }
    *has = 1;
    return agg_map_put(cx, acc, 0, "", 0, p, n);
}

/* Narrow integers are kept widened to an int64 in the fixed part; the
 * update is branch-free (the comparison rarely changes the value). */
#define MM_INT_LOOP(T, max)                                                                        \
    do {                                                                                           \
        const T *d_ = VEC_DATA(v, T);                                                              \
        const uint8_t *valid_ = v->valid;                                                          \
        uint32_t m_ = v->is_const ? 0 : ~0u;                                                       \
        for (uint32_t i = 0; i < n; i++) {                                                         \
            uint32_t r_ = rows[i] & m_;                                                            \
            if (valid_ && !(valid_[r_ >> 3] & (1u << (r_ & 7)))) continue;                         \
            int64_t *p_ = FX(accs[i]);                                                             \
            uint8_t *has_ = (uint8_t *)(p_ + 1);                                                   \
            int64_t x = d_[r_], cur = *p_;                                                         \
            bool take = (*has_ == 0) | ((max) ? x > cur : x < cur);                                 \
            *p_ = take ? x : cur;                                                                  \
            *has_ = 1;                                                                             \
        }                                                                                          \
    } while (0)

static eddy_status mm_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    bool max = ((const MmData *)fn->data)->max;
    const Vector *v = args[0];
    switch (arg_phys(fn)) {
    case PH_BOOL:
    case PH_I8: MM_INT_LOOP(int8_t, max); break;
    case PH_I16: MM_INT_LOOP(int16_t, max); break;
    case PH_I32: MM_INT_LOOP(int32_t, max); break;
    case PH_I64:
        if (max) MM_INT_LOOP(int64_t, true);
        else MM_INT_LOOP(int64_t, false);
        break;
    case PH_F32:
        if (max) MM_LOOP(float, java_fcmp(cur, x) < 0);
        else MM_LOOP(float, x < cur);
        break;
    case PH_F64:
        if (max) MM_LOOP(double, java_fcmp(cur, x) < 0);
        else MM_LOOP(double, x < cur);
        break;
    case PH_I128:
        if (max) MM_LOOP(ed_i128, x > cur);
        else MM_LOOP(ed_i128, x < cur);
        break;
    case PH_TS:
        if (max) MM_LOOP(Ts, ts_cmp(x, cur) > 0);
        else MM_LOOP(Ts, ts_cmp(x, cur) < 0);
        break;
    default:
        for (uint32_t i = 0; i < n; i++) {
            if (vec_is_null(v, rows[i])) continue;
            Str s = vec_str(v, rows[i]);
            eddy_status rc = mm_str_one(fn, cx, FX(accs[i]), s.p, s.n, max);
            if (rc) return rc;
        }
        break;
    }
    return EDDY_OK;
}

/* Whether b is better than a (both set) for MIN / MAX. */
static bool mm_better(PhysKind k, bool max, const MmVal *a, const MmVal *b) {
    switch (k) {
    case PH_F32: return max ? java_fcmp(a->f, b->f) < 0 : b->f < a->f;
    case PH_F64: return max ? java_fcmp(a->d, b->d) < 0 : b->d < a->d;
    case PH_I128: return max ? b->dec > a->dec : b->dec < a->dec;
    case PH_TS: return max ? ts_cmp(b->ts, a->ts) > 0 : ts_cmp(b->ts, a->ts) < 0;
    default: return max ? b->i > a->i : b->i < a->i;
    }
}

static eddy_status mm_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    bool max = ((const MmData *)fn->data)->max;
    PhysKind k = arg_phys(fn);
    for (uint32_t i = 0; i < n; i++) {
        if (!*mm_has(FX(src[i]), k)) continue;
        if (is_str(fn)) {
            const void *p;
            size_t pn;
            eddy_status rc = agg_map_get(cx, FX(src[i]), 0, "", 0, &p, &pn);
            if (rc) return rc;
            if (!p) return eddy__agg_corrupt(cx, fn);
            cx->tmp.len = 0;
            eddy__buf_put(&cx->tmp, p, pn);
            if (cx->tmp.failed) return nomem(cx);
            if ((rc = mm_str_one(fn, cx, FX(dst[i]), cx->tmp.data, cx->tmp.len, max))) return rc;
            continue;
        }
        if (!*mm_has(FX(dst[i]), k) || mm_better(k, max, FX(dst[i]), FX(src[i]))) memcpy(FX(dst[i]), FX(src[i]), mm_width(k) + 1);
    }
    return EDDY_OK;
}

static eddy_status mm_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    PhysKind k = arg_phys(fn);
    for (uint32_t i = 0; i < n; i++) {
        const MmVal *a = FX(accs[i]);
        uint32_t slot = first + i;
        if (!*mm_has(FX(accs[i]), k)) {
            eddy__vec_set_null(out, slot);
            continue;
        }
        switch ((PhysKind)out->phys) {
        case PH_BOOL:
        case PH_I8: VEC_DATA(out, int8_t)[slot] = (int8_t)a->i; break;
        case PH_I16: VEC_DATA(out, int16_t)[slot] = (int16_t)a->i; break;
        case PH_I32: VEC_DATA(out, int32_t)[slot] = (int32_t)a->i; break;
        case PH_I64: VEC_DATA(out, int64_t)[slot] = a->i; break;
        case PH_F32: VEC_DATA(out, float)[slot] = a->f; break;
        case PH_F64: VEC_DATA(out, double)[slot] = a->d; break;
        case PH_I128: VEC_DATA(out, ed_i128)[slot] = a->dec; break;
        case PH_TS: VEC_DATA(out, Ts)[slot] = a->ts; break;
        default: {
            const void *p;
            size_t pn;
            eddy_status rc = agg_map_get(cx, FX(accs[i]), 0, "", 0, &p, &pn);
            if (rc) return rc;
            if (!p) return eddy__agg_corrupt(cx, fn);
            eddy__vec_set_str(out, slot, p, pn);
            if (out->failed) return nomem(cx);
            continue;
        }
        }
        agg_out_valid(out, slot);
    }
    return EDDY_OK;
}

/* ---- MIN / MAX with retraction --------------------------------------------------------------- */

typedef struct RmAcc {
    int64_t map_size; /* values with a positive count */
    Scalar cur;       /* the extreme (non-strings); strings keep it in view 1 */
} RmAcc;

enum { RM_COUNTS = 0, RM_CUR = 1 };

static eddy_status rm_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    memset(acc, 0, sizeof(RmAcc));
    return EDDY_OK;
}

/* The current extreme into cx->tmp (false: none). */
static eddy_status rm_cur(const AggFn *fn, AggCtx *cx, void *acc, bool *has) {
    RmAcc *a = acc;
    cx->tmp.len = 0;
    if (!is_str(fn)) {
        *has = a->cur.len > 0;
        eddy__buf_put(&cx->tmp, a->cur.b, a->cur.len);
    } else {
        const void *p;
        size_t pn;
        eddy_status rc = agg_map_get(cx, acc, RM_CUR, "", 0, &p, &pn);
        if (rc) return rc;
        *has = p != NULL;
        if (p) eddy__buf_put(&cx->tmp, p, pn);
    }
    return cx->tmp.failed ? nomem(cx) : EDDY_OK;
}

static eddy_status rm_set_cur(const AggFn *fn, AggCtx *cx, void *acc, const void *p, size_t n) {
    RmAcc *a = acc;
    if (!is_str(fn)) {
        a->cur.len = p ? (uint8_t)n : 0;
        if (p) memcpy(a->cur.b, p, n);
        return EDDY_OK;
    }
    return p ? agg_map_put(cx, acc, RM_CUR, "", 0, p, n) : agg_map_remove(cx, acc, RM_CUR, "", 0);
}

/* c > 0 when a is better than b. */
static inline int rm_cmp(const AggFn *fn, const void *a, size_t an, const void *b, size_t bn) {
    int c = eddy__agg_cmp_enc(arg_phys(fn), a, an, b, bn);
    return ((const MmData *)fn->data)->max ? c : -c;
}

typedef struct BestArg {
    const AggFn *fn;
    Buf *best;
    bool found;
} BestArg;

static eddy_status best_visit(void *arg, const void *key, size_t kn, const void *val, size_t vn) {
    (void)val, (void)vn;
    BestArg *b = arg;
    if (!b->found || rm_cmp(b->fn, key, kn, b->best->data, b->best->len) > 0) {
        b->best->len = 0;
        eddy__buf_put(b->best, key, kn);
        b->found = true;
    }
    return b->best->failed ? EDDY_E_NOMEM : EDDY_OK;
}

/* Flink's updateMax: the best key of the map, whatever its count. */
static eddy_status rm_update(const AggFn *fn, AggCtx *cx, void *acc) {
    BestArg b = {fn, &cx->tmp, false};
    cx->tmp.len = 0;
    eddy_status rc = agg_map_iter(cx, acc, RM_COUNTS, best_visit, &b);
    if (rc == EDDY_E_NOMEM && !eddy__err_is_set(cx->err)) return nomem(cx);
    if (rc) return rc;
    if (!b.found) {
        ((RmAcc *)acc)->map_size = 0;
        return rm_set_cur(fn, cx, acc, NULL, 0);
    }
    return rm_set_cur(fn, cx, acc, cx->tmp.data, cx->tmp.len);
}

static eddy_status rm_get_count(AggCtx *cx, void *acc, const Buf *key, int64_t *count) {
    const void *p;
    size_t pn;
    eddy_status rc = agg_map_get(cx, acc, RM_COUNTS, key->data, key->len, &p, &pn);
    *count = agg_count_of(p, pn);
    return rc;
}

static eddy_status rm_put_count(AggCtx *cx, void *acc, const Buf *key, int64_t count) {
    return count ? agg_map_put(cx, acc, RM_COUNTS, key->data, key->len, &count, sizeof count)
                 : agg_map_remove(cx, acc, RM_COUNTS, key->data, key->len);
}

static eddy_status rm_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue;
        RmAcc *a = FX(accs[i]);
        enc_key(cx, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        bool has;
        eddy_status rc = rm_cur(fn, cx, a, &has);
        if (rc) return rc;
        if (a->map_size == 0 || !has || rm_cmp(fn, cx->key.data, cx->key.len, cx->tmp.data, cx->tmp.len) > 0)
            if ((rc = rm_set_cur(fn, cx, a, cx->key.data, cx->key.len))) return rc;
        int64_t count;
        if ((rc = rm_get_count(cx, a, &cx->key, &count))) return rc;
        count += 1;
        if ((rc = rm_put_count(cx, a, &cx->key, count))) return rc;
        if (count == 1) a->map_size++;
    }
    return EDDY_OK;
}

static eddy_status rm_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue;
        RmAcc *a = FX(accs[i]);
        enc_key(cx, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        int64_t count;
        eddy_status rc = rm_get_count(cx, a, &cx->key, &count);
        if (rc) return rc;
        count -= 1;
        if ((rc = rm_put_count(cx, a, &cx->key, count))) return rc;
        if (count != 0) continue; /* a negative count does not count in map_size */
        if (--a->map_size == 0) {
            if ((rc = rm_set_cur(fn, cx, a, NULL, 0))) return rc;
            continue;
        }
        bool has;
        if ((rc = rm_cur(fn, cx, a, &has))) return rc;
        if (has && cx->tmp.len == cx->key.len && !memcmp(cx->tmp.data, cx->key.data, cx->key.len) &&
            (rc = rm_update(fn, cx, a)))
            return rc;
    }
    return EDDY_OK;
}

static eddy_status rm_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    AggEntries e = {0};
    Buf other = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t p = 0; !rc && p < n; p++) {
        RmAcc *a = FX(dst[p]), *b = FX(src[p]);
        /* the extreme: the other's when ours is empty or worse */
        bool bh, ah;
        if ((rc = rm_cur(fn, cx, b, &bh))) break;
        other.len = 0;
        eddy__buf_put(&other, cx->tmp.data, cx->tmp.len);
        if ((rc = rm_cur(fn, cx, a, &ah))) break;
        if (other.failed) {
            rc = nomem(cx);
            break;
        }
        if (a->map_size == 0 || (b->map_size > 0 && bh && (!ah || rm_cmp(fn, other.data, other.len, cx->tmp.data,
                                                                          cx->tmp.len) > 0)))
            if ((rc = rm_set_cur(fn, cx, a, bh ? other.data : NULL, other.len))) break;
        if ((rc = eddy__agg_collect(cx, b, RM_COUNTS, false, &e))) break;
        bool update = false;
        for (size_t i = 0; !rc && i < agg_entries_count(&e); i++) {
            size_t kn, vn;
            const char *k = agg_entry_key(&e, i, &kn);
            const char *vv = agg_entry_val(&e, i, &vn);
            const void *cp;
            size_t cn;
            if ((rc = agg_map_get(cx, a, RM_COUNTS, k, kn, &cp, &cn))) break;
            int64_t mine = agg_count_of(cp, cn), merged = mine + agg_count_of(vv, vn);
            rc = merged ? agg_map_put(cx, a, RM_COUNTS, k, kn, &merged, sizeof merged)
                        : agg_map_remove(cx, a, RM_COUNTS, k, kn);
            if (rc) break;
            if (merged <= 0 && mine > 0) {
                a->map_size -= 1;
                if ((rc = rm_cur(fn, cx, a, &ah))) break;
                if (ah && cx->tmp.len == kn && !memcmp(cx->tmp.data, k, kn)) update = true;
            } else if (merged > 0 && mine <= 0) {
                a->map_size += 1;
            }
        }
        if (!rc && update) rc = rm_update(fn, cx, a);
    }
    eddy__agg_entries_free(&e);
    eddy__buf_free(&other);
    return rc;
}

static eddy_status rm_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        RmAcc *a = FX(accs[i]);
        bool has = false;
        eddy_status rc = a->map_size > 0 ? rm_cur(fn, cx, a, &has) : EDDY_OK;
        if (rc) return rc;
        if (!has) eddy__vec_set_null(out, first + i);
        else if ((rc = put_enc(fn, cx, out, first + i, cx->tmp.data, cx->tmp.len))) return rc;
    }
    return EDDY_OK;
}

static bool minmax_type(const Type *t, bool retract, bool max) {
    switch ((TypeRoot)t->root) {
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_BOOLEAN:
    case TY_VARCHAR:
    case TY_CHAR:
    case TY_DECIMAL:
    case TY_DATE:
    case TY_TIME:
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: return true;
    default: (void)retract, (void)max; return false;
    }
}

eddy_status eddy__agg_make_minmax(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    bool max = !strcmp(spec->name, "MAX");
    if (spec->nargs != 1)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting 1 arguments",
                         spec->name);
    const Type *t = fn->args[0];
    if (!minmax_type(t, spec->retract, max))
        return eddy__agg_type_error(err, spec->retract ? (max ? "Max with retract" : "Min with retract") : max ? "Max" : "Min",
                                    t);
    MmData *d = eddy__arena_alloc(a, sizeof *d);
    fn->result = eddy__type_with_nullable(a, t, true);
    if (!d || !fn->result) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->max = max;
    fn->data = d;
    static const AggViewKind maps[2] = {AGG_VIEW_MAP, AGG_VIEW_MAP};
    bool str = t->root == TY_CHAR || t->root == TY_VARCHAR;
    if (!spec->retract) {
        fn->name = max ? "MAX" : "MIN";
        PhysKind k = eddy__type_phys(t);
        fn->acc_size = (uint32_t)(mm_width(k) + 1);
        fn->acc_align = _Alignof(MmVal); /* the fixed part is read as an MmVal */
        fn->nviews = str ? 1 : 0;
        fn->flags = AGG_MERGE;
        fn->init = mm_init;
        fn->accumulate = mm_acc;
        fn->merge = mm_merge;
        fn->get_value = mm_value;
    } else {
        fn->name = max ? "MAX_RETRACT" : "MIN_RETRACT";
        fn->acc_size = sizeof(RmAcc);
        fn->acc_align = _Alignof(RmAcc);
        fn->nviews = str ? 2 : 1;
        fn->flags = AGG_RETRACT | AGG_MERGE | AGG_ORDERED; /* counts below zero make the order show */
        fn->init = rm_init;
        fn->accumulate = rm_acc;
        fn->retract = rm_ret;
        fn->merge = rm_merge;
        fn->get_value = rm_value;
    }
    fn->views = fn->nviews ? maps : NULL;
    return EDDY_OK;
}

/* ---- FIRST_VALUE / LAST_VALUE ------------------------------------------------------------------ */

typedef struct FlData {
    bool last;
} FlData;

/* Without retraction: the value inline (strings in view 0 under ""). */
typedef struct FlAcc {
    Scalar v;
    uint8_t has;
} FlAcc;

static eddy_status fl_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    memset(acc, 0, sizeof(FlAcc));
    return EDDY_OK;
}

static eddy_status fl_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    bool last = ((const FlData *)fn->data)->last;
    const Vector *v = args[0];
    bool str = is_str(fn);
    for (uint32_t i = 0; i < n; i++) {
        FlAcc *a = FX(accs[i]);
        if (vec_is_null(v, rows[i]) || (a->has && !last)) continue;
        enc_key(cx, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        a->has = 1;
        if (str) {
            eddy_status rc = agg_map_put(cx, a, 0, "", 0, cx->key.data, cx->key.len);
            if (rc) return rc;
        } else {
            a->v.len = (uint8_t)cx->key.len;
            memcpy(a->v.b, cx->key.data, cx->key.len);
        }
    }
    return EDDY_OK;
}

static eddy_status fl_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        FlAcc *a = FX(accs[i]);
        eddy_status rc = EDDY_OK;
        if (!a->has) {
            eddy__vec_set_null(out, first + i);
        } else if (is_str(fn)) {
            const void *p;
            size_t pn;
            if ((rc = agg_map_get(cx, a, 0, "", 0, &p, &pn))) return rc;
            if (!p) return eddy__agg_corrupt(cx, fn);
            rc = put_enc(fn, cx, out, first + i, p, pn);
        } else {
            rc = put_enc(fn, cx, out, first + i, a->v.b, a->v.len);
        }
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* With retraction. View 0: value -> its orders (int64s, oldest first);
 * view 1: order (8 bytes) -> value. */
typedef struct FlrAcc {
    int64_t next;  /* the next order to give */
    int64_t order; /* the order of the current first / last value; -1: none */
} FlrAcc;

enum { FL_ORDERS = 0, FL_VALUES = 1 };

static eddy_status flr_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    FlrAcc *a = acc;
    a->next = 0;
    a->order = -1;
    return EDDY_OK;
}

static eddy_status flr_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    const size_t off = cx->acc_offset;
    bool last = ((const FlData *)fn->data)->last;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue; /* NULLs are ignored, as Flink's default */
        FlrAcc *a = FX(accs[i]);
        enc_key(cx, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        int64_t order = a->next++;
        const void *p;
        size_t pn;
        eddy_status rc = agg_map_get(cx, a, FL_ORDERS, cx->key.data, cx->key.len, &p, &pn);
        if (rc) return rc;
        cx->val.len = 0;
        if (p) eddy__buf_put(&cx->val, p, pn);
        eddy__buf_put(&cx->val, &order, sizeof order);
        if (cx->val.failed) return nomem(cx);
        if ((rc = agg_map_put(cx, a, FL_ORDERS, cx->key.data, cx->key.len, cx->val.data, cx->val.len)) ||
            (rc = agg_map_put(cx, a, FL_VALUES, &order, sizeof order, cx->key.data, cx->key.len)))
            return rc;
        if (a->order < 0 || last) a->order = order;
    }
    return EDDY_OK;
}

typedef struct OrderArg {
    bool last, found;
    int64_t best;
} OrderArg;

static eddy_status order_visit(void *arg, const void *key, size_t kn, const void *val, size_t vn) {
    (void)val, (void)vn;
    OrderArg *o = arg;
    int64_t k;
    if (kn != sizeof k) return EDDY_E_INTERNAL;
    memcpy(&k, key, sizeof k);
    if (!o->found || (o->last ? k > o->best : k < o->best)) o->best = k;
    o->found = true;
    return EDDY_OK;
}

static eddy_status flr_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    const size_t off = cx->acc_offset;
    bool last = ((const FlData *)fn->data)->last;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue;
        FlrAcc *a = FX(accs[i]);
        enc_key(cx, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        const void *p;
        size_t pn;
        eddy_status rc = agg_map_get(cx, a, FL_ORDERS, cx->key.data, cx->key.len, &p, &pn);
        if (rc) return rc;
        if (!p || pn < sizeof(int64_t)) continue; /* never accumulated: nothing to take back */
        int64_t order;
        memcpy(&order, p, sizeof order);
        /* the oldest occurrence goes */
        cx->val.len = 0;
        eddy__buf_put(&cx->val, (const char *)p + sizeof order, pn - sizeof order);
        if (cx->val.failed) return nomem(cx);
        rc = cx->val.len ? agg_map_put(cx, a, FL_ORDERS, cx->key.data, cx->key.len, cx->val.data, cx->val.len)
                         : agg_map_remove(cx, a, FL_ORDERS, cx->key.data, cx->key.len);
        if (rc || (rc = agg_map_remove(cx, a, FL_VALUES, &order, sizeof order))) return rc;
        if (order != a->order) continue; /* the current value stays (see the file comment) */
        OrderArg o = {last, false, 0};
        if ((rc = agg_map_iter(cx, a, FL_VALUES, order_visit, &o)))
            return rc == EDDY_E_INTERNAL ? eddy__agg_corrupt(cx, fn) : rc;
        a->order = o.found ? o.best : -1;
    }
    return EDDY_OK;
}

static eddy_status flr_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    for (uint32_t i = 0; i < n; i++) {
        FlrAcc *a = FX(accs[i]);
        if (a->order < 0) {
            eddy__vec_set_null(out, first + i);
            continue;
        }
        const void *p;
        size_t pn;
        eddy_status rc = agg_map_get(cx, a, FL_VALUES, &a->order, sizeof a->order, &p, &pn);
        if (rc) return rc;
        if (!p) return eddy__agg_corrupt(cx, fn);
        if ((rc = put_enc(fn, cx, out, first + i, p, pn))) return rc;
    }
    return EDDY_OK;
}

eddy_status eddy__agg_make_first_last(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    bool last = !strcmp(spec->name, "LAST_VALUE");
    if (spec->nargs != 1)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting 1 arguments",
                         spec->name);
    const Type *t = fn->args[0];
    switch ((TypeRoot)t->root) {
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_BOOLEAN:
    case TY_VARCHAR:
    case TY_DECIMAL: break;
    default: {
        char what[40];
        snprintf(what, sizeof what, "%s%s", spec->name, spec->retract ? " with retract" : "");
        return eddy__agg_type_error(err, what, t);
    }
    }
    FlData *d = eddy__arena_alloc(a, sizeof *d);
    fn->result = eddy__type_with_nullable(a, t, true);
    if (!d || !fn->result) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->last = last;
    fn->data = d;
    static const AggViewKind maps[2] = {AGG_VIEW_MAP, AGG_VIEW_MAP};
    fn->name = last ? "LAST_VALUE" : "FIRST_VALUE";
    if (!spec->retract) {
        fn->acc_size = sizeof(FlAcc);
        fn->acc_align = _Alignof(FlAcc);
        fn->nviews = t->root == TY_VARCHAR ? 1 : 0;
        fn->flags = AGG_ORDERED;
        fn->init = fl_init;
        fn->accumulate = fl_acc;
        fn->get_value = fl_value;
    } else {
        fn->acc_size = sizeof(FlrAcc);
        fn->acc_align = _Alignof(FlrAcc);
        fn->nviews = 2;
        fn->flags = AGG_RETRACT | AGG_ORDERED;
        fn->init = flr_init;
        fn->accumulate = flr_acc;
        fn->retract = flr_ret;
        fn->get_value = flr_value;
    }
    fn->views = fn->nviews ? maps : NULL;
    return EDDY_OK;
}
