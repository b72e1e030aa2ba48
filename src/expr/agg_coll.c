/*
 * agg_coll.c -- the collecting aggregates, whose state lives in views:
 * LISTAGG, COLLECT, ARRAY_AGG, JSON_ARRAYAGG and JSON_OBJECTAGG, with
 * Flink's semantics (ListAggFunction / ListAggWsWithRetractAggFunction,
 * CollectAggFunction, ArrayAggFunction, JsonArrayAggFunction,
 * JsonObjectAggFunction):
 *
 *  - LISTAGG(x [, sep]) joins the non-NULL values with sep (default ",",
 *    a literal), NULL when there are none. Without retraction a list view
 *    keeps the values; with it a second list keeps the retractions that
 *    found no value to remove (merging cancels them against the other's).
 *  - COLLECT(x) counts each non-NULL value in a map view (a Java int) and
 *    gives the MULTISET of every entry, counts of zero or below included as
 *    Flink gives them; the elements come in ascending order (Flink's come in
 *    its hash map's order).
 *  - ARRAY_AGG(x) lists the values (NULLs too unless IGNORE NULLS), NULL
 *    when there are none; retractions remove the first equal value or are
 *    kept to cancel later in a merge.
 *  - JSON_ARRAYAGG(x) lists each value's JSON text (NULL: `null` under NULL
 *    ON NULL, skipped under ABSENT ON NULL, the default) and prints
 *    [v1,v2]; JSON_OBJECTAGG(KEY k VALUE v) maps keys to JSON texts (a
 *    duplicate key fails as in Flink) and prints {"k":v} with the keys in
 *    Java's String order. A value is JSON_STRING's text of it.
 *
 * Values in views use eddy__agg_enc (tagged when NULLs are kept).
 */
#include <stdlib.h>

#include "expr/agg_int.h"
#include "expr/functions.h"
#include "types/compare.h"
#include "util/json.h"

static inline eddy_status nomem(AggCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

/* A fixed part for functions that keep everything in views. */
typedef struct NoAcc {
    uint8_t unused;
} NoAcc;

static eddy_status no_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    ((NoAcc *)acc)->unused = 0;
    return EDDY_OK;
}

/* Appends each entry of a list to another (merging lists). */
static eddy_status append_all(AggCtx *cx, void *dst, int dview, const AggEntries *e) {
    for (size_t i = 0; i < agg_entries_count(e); i++) {
        size_t vn;
        const char *v = agg_entry_val(e, i, &vn);
        eddy_status rc = agg_list_add(cx, dst, dview, v, vn);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* A retraction of value p: the first equal value of list 0 goes, or it is
 * kept in list 1 to cancel one in a later merge. */
static eddy_status take_back(AggCtx *cx, void *acc, const void *p, size_t n) {
    bool removed;
    eddy_status rc = agg_list_remove(cx, acc, 0, p, n, &removed);
    return rc || removed ? rc : agg_list_add(cx, acc, 1, p, n);
}

/* Flink's merge of two (list, retract list) pairs: dst.list += src.list,
 * then each retraction of both removes its value from the list or stays. */
static eddy_status merge_with_retracts(AggCtx *cx, void *dst, void *src) {
    AggEntries list = {0}, rets = {0}, mine = {0};
    eddy_status rc = eddy__agg_collect(cx, src, 0, true, &list);
    if (!rc) rc = eddy__agg_collect(cx, src, 1, true, &rets);
    if (!rc && (agg_entries_count(&list) || agg_entries_count(&rets))) {
        if (!rc) rc = append_all(cx, dst, 0, &list);
        if (!rc) rc = eddy__agg_collect(cx, dst, 1, true, &mine);
        if (!rc) rc = agg_clear(cx, dst, 1);
        for (int side = 0; !rc && side < 2; side++) {
            const AggEntries *r = side ? &rets : &mine;
            for (size_t i = 0; !rc && i < agg_entries_count(r); i++) {
                size_t vn;
                const char *v = agg_entry_val(r, i, &vn);
                rc = take_back(cx, dst, v, vn);
            }
        }
    }
    eddy__agg_entries_free(&list);
    eddy__agg_entries_free(&rets);
    eddy__agg_entries_free(&mine);
    return rc;
}

/* ---- LISTAGG ------------------------------------------------------------------------------------- */

typedef struct ListAggData {
    bool sep_null;
    Str sep;
} ListAggData;

typedef struct ListAggAcc {
    uint8_t has; /* the concatenation is not NULL */
} ListAggAcc;

static eddy_status la_init(const AggFn *fn, AggCtx *cx, void *acc) {
    acc = (char *)acc + cx->acc_offset;
    (void)fn, (void)cx;
    ((ListAggAcc *)acc)->has = 0;
    return EDDY_OK;
}

static eddy_status la_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    const ListAggData *d = fn->data;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue;
        ListAggAcc *a = FX(accs[i]);
        eddy_status rc;
        if (a->has && d->sep_null) {
            /* acc || NULL || x is NULL: the next value starts again */
            a->has = 0;
            if ((rc = agg_clear(cx, a, 0))) return rc;
            continue;
        }
        Str s = vec_str(v, rows[i]);
        if ((rc = agg_list_add(cx, a, 0, s.p, s.n))) return rc;
        a->has = 1;
    }
    return EDDY_OK;
}

static eddy_status la_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    const ListAggData *d = fn->data;
    AggEntries e = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t p = 0; !rc && p < n; p++) {
        ListAggAcc *a = FX(dst[p]);
        const ListAggAcc *b = FX(src[p]);
        if (!b->has) continue;
        if (a->has && d->sep_null) {
            a->has = 0;
            rc = agg_clear(cx, a, 0);
            continue;
        }
        if (!(rc = eddy__agg_collect(cx, FX(src[p]), 0, true, &e))) rc = append_all(cx, a, 0, &e);
        a->has = 1;
    }
    eddy__agg_entries_free(&e);
    return rc;
}

typedef struct JoinArg {
    Buf *out;
    Str sep;
    bool any;
} JoinArg;

static eddy_status join_visit(void *arg, const void *key, size_t kn, const void *val, size_t vn) {
    (void)key, (void)kn;
    JoinArg *j = arg;
    if (j->any) eddy__buf_put(j->out, j->sep.p, j->sep.n);
    eddy__buf_put(j->out, val, vn);
    j->any = true;
    return j->out->failed ? EDDY_E_NOMEM : EDDY_OK;
}

/* Joins list view 0 of acc with sep into out slot; *any: whether it had values. */
static eddy_status join_list(AggCtx *cx, void *acc, Str sep, Vector *out, uint32_t slot, bool *any) {
    cx->tmp.len = 0;
    JoinArg j = {&cx->tmp, sep, false};
    eddy_status rc = agg_list_iter(cx, acc, 0, join_visit, &j);
    if (rc == EDDY_E_NOMEM && !eddy__err_is_set(cx->err)) return nomem(cx);
    if (rc) return rc;
    *any = j.any;
    if (j.any) eddy__vec_set_str(out, slot, cx->tmp.data ? cx->tmp.data : "", cx->tmp.len);
    return out->failed ? nomem(cx) : EDDY_OK;
}

static eddy_status la_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    const ListAggData *d = fn->data;
    for (uint32_t i = 0; i < n; i++) {
        ListAggAcc *a = FX(accs[i]);
        bool any = false;
        if (a->has) {
            eddy_status rc = join_list(cx, a, d->sep, out, first + i, &any);
            if (rc) return rc;
        }
        if (!any) eddy__vec_set_null(out, first + i);
    }
    return EDDY_OK;
}

/* With retraction: list 0 the values, list 1 the unmatched retractions. */
static eddy_status lar_update(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                              void *const *accs, bool retract) {
    const size_t off = cx->acc_offset;
    (void)fn;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue;
        Str s = vec_str(v, rows[i]);
        eddy_status rc = retract ? take_back(cx, FX(accs[i]), s.p, s.n) : agg_list_add(cx, FX(accs[i]), 0, s.p, s.n);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status lar_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    return lar_update(fn, cx, args, rows, n, accs, false);
}

static eddy_status lar_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                           void *const *accs) {
    return lar_update(fn, cx, args, rows, n, accs, true);
}

static eddy_status lists_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)fn;
    for (uint32_t p = 0; p < n; p++) {
        eddy_status rc = merge_with_retracts(cx, FX(dst[p]), FX(src[p]));
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status lar_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    const ListAggData *d = fn->data;
    for (uint32_t i = 0; i < n; i++) {
        bool any = false;
        /* concatWs with a NULL separator is NULL */
        eddy_status rc = d->sep_null ? EDDY_OK : join_list(cx, FX(accs[i]), d->sep, out, first + i, &any);
        if (rc) return rc;
        if (!any) eddy__vec_set_null(out, first + i);
    }
    return EDDY_OK;
}

eddy_status eddy__agg_make_listagg(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    if (spec->nargs < 1 || spec->nargs > 2)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function 'LISTAGG'. Was expecting 1 or 2 arguments");
    for (int i = 0; i < spec->nargs; i++)
        if (!eddy__type_is_string(fn->args[i]) && fn->args[i]->root != TY_NULL)
            return eddy__agg_type_error(err, "LISTAGG", fn->args[i]);
    ListAggData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->sep.p = ",";
    d->sep.n = 1;
    if (spec->nargs == 2) {
        const Value *c = spec->consts ? spec->consts[1] : NULL;
        if (!c) return eddy__err(err, EDDY_E_VALIDATION, "The separator of LISTAGG must be a character literal.");
        d->sep_null = c->is_null;
        if (!c->is_null) {
            char *p = eddy__arena_strndup(a, c->u.str.p, c->u.str.n);
            if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
            d->sep.p = p;
            d->sep.n = c->u.str.n;
        }
    }
    static const AggViewKind lists[2] = {AGG_VIEW_LIST, AGG_VIEW_LIST};
    fn->name = "LISTAGG";
    fn->result = eddy__type_string(true);
    fn->views = lists;
    fn->data = d;
    fn->flags = AGG_MERGE | AGG_ORDERED;
    fn->get_value = spec->retract ? lar_value : la_value;
    if (!spec->retract) {
        fn->acc_size = sizeof(ListAggAcc);
        fn->acc_align = _Alignof(ListAggAcc);
        fn->nviews = 1;
        fn->init = la_init;
        fn->accumulate = la_acc;
        fn->merge = la_merge;
    } else {
        fn->acc_size = sizeof(NoAcc);
        fn->acc_align = _Alignof(NoAcc);
        fn->nviews = 2;
        fn->flags |= AGG_RETRACT;
        fn->init = no_init;
        fn->accumulate = lar_acc;
        fn->retract = lar_ret;
        fn->merge = lists_merge;
    }
    return EDDY_OK;
}

/* ---- ARRAY_AGG ------------------------------------------------------------------------------------ */

typedef struct ArrayAggData {
    bool ignore_nulls;
} ArrayAggData;

static eddy_status aa_update(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                             void *const *accs, bool retract) {
    const size_t off = cx->acc_offset;
    const ArrayAggData *d = fn->data;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (d->ignore_nulls && vec_is_null(v, rows[i])) continue;
        cx->key.len = 0;
        eddy__agg_enc_tagged(&cx->key, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        eddy_status rc = retract ? take_back(cx, FX(accs[i]), cx->key.data, cx->key.len)
                                 : agg_list_add(cx, FX(accs[i]), 0, cx->key.data, cx->key.len);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status aa_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    return aa_update(fn, cx, args, rows, n, accs, false);
}

static eddy_status aa_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    return aa_update(fn, cx, args, rows, n, accs, true);
}

static eddy_status aa_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    AggEntries e = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t p = 0; !rc && p < n; p++) {
        uint32_t slot = first + p;
        if ((rc = eddy__agg_collect(cx, FX(accs[p]), 0, true, &e))) break;
        uint32_t cnt = (uint32_t)agg_entries_count(&e);
        if (!cnt) {
            eddy__vec_set_null(out, slot);
            continue;
        }
        uint32_t at = eddy__vec_list_append(out, cnt);
        if (out->failed) {
            rc = nomem(cx);
            break;
        }
        for (uint32_t k = 0; !rc && k < cnt; k++) {
            size_t vn;
            const char *v = agg_entry_val(&e, k, &vn);
            if (!eddy__agg_dec_tagged(v, vn, out->child[0], at + k))
                rc = out->child[0]->failed ? nomem(cx) : eddy__agg_corrupt(cx, fn);
        }
        VEC_DATA(out, ListEntry)[slot] = (ListEntry){at, cnt};
        agg_out_valid(out, slot);
    }
    eddy__agg_entries_free(&e);
    return rc;
}

eddy_status eddy__agg_make_array_agg(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    if (spec->nargs != 1)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function 'ARRAY_AGG'. Was expecting 1 arguments");
    ArrayAggData *d = eddy__arena_alloc(a, sizeof *d);
    fn->result = eddy__type_array(a, fn->args[0], true);
    if (!d || !fn->result) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->ignore_nulls = spec->nulls == AGG_NULLS_IGNORE;
    static const AggViewKind lists[2] = {AGG_VIEW_LIST, AGG_VIEW_LIST};
    fn->name = "ARRAY_AGG";
    fn->acc_size = sizeof(NoAcc);
    fn->acc_align = _Alignof(NoAcc);
    fn->nviews = 2;
    fn->views = lists;
    fn->flags = AGG_RETRACT | AGG_MERGE | AGG_ORDERED;
    fn->init = no_init;
    fn->accumulate = aa_acc;
    fn->retract = aa_ret;
    fn->merge = lists_merge;
    fn->get_value = aa_value;
    fn->data = d;
    return EDDY_OK;
}

/* ---- COLLECT -------------------------------------------------------------------------------------- */

static eddy_status co_update(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                             void *const *accs, bool retract) {
    const size_t off = cx->acc_offset;
    (void)fn;
    const Vector *v = args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (vec_is_null(v, rows[i])) continue;
        cx->key.len = 0;
        eddy__agg_enc(&cx->key, v, rows[i]);
        if (cx->key.failed) return nomem(cx);
        const void *p;
        size_t pn;
        eddy_status rc = agg_map_get(cx, FX(accs[i]), 0, cx->key.data, cx->key.len, &p, &pn);
        if (rc) return rc;
        int32_t c = 0;
        if (p && pn == sizeof c) memcpy(&c, p, sizeof c);
        if (!retract) {
            /* Integer arithmetic, as Java's */
            c = p ? (int32_t)((uint32_t)c + 1u) : 1;
            rc = agg_map_put(cx, FX(accs[i]), 0, cx->key.data, cx->key.len, &c, sizeof c);
        } else if (!p) {
            c = -1;
            rc = agg_map_put(cx, FX(accs[i]), 0, cx->key.data, cx->key.len, &c, sizeof c);
        } else if (c == 1) {
            rc = agg_map_remove(cx, FX(accs[i]), 0, cx->key.data, cx->key.len);
        } else {
            c = (int32_t)((uint32_t)c - 1u);
            rc = agg_map_put(cx, FX(accs[i]), 0, cx->key.data, cx->key.len, &c, sizeof c);
        }
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status co_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    return co_update(fn, cx, args, rows, n, accs, false);
}

static eddy_status co_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    return co_update(fn, cx, args, rows, n, accs, true);
}

static eddy_status co_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)fn;
    AggEntries e = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t p = 0; !rc && p < n; p++) {
        if ((rc = eddy__agg_collect(cx, FX(src[p]), 0, false, &e))) break;
        for (size_t i = 0; !rc && i < agg_entries_count(&e); i++) {
            size_t kn, vn;
            const char *k = agg_entry_key(&e, i, &kn);
            const char *v = agg_entry_val(&e, i, &vn);
            int32_t add = 0, old = 0;
            if (vn == sizeof add) memcpy(&add, v, sizeof add);
            const void *cp;
            size_t cn;
            if ((rc = agg_map_get(cx, FX(dst[p]), 0, k, kn, &cp, &cn))) break;
            if (cp && cn == sizeof old) memcpy(&old, cp, sizeof old);
            int32_t sum = (int32_t)((uint32_t)old + (uint32_t)add);
            rc = agg_map_put(cx, FX(dst[p]), 0, k, kn, &sum, sizeof sum);
        }
    }
    eddy__agg_entries_free(&e);
    return rc;
}

static int cmp_slots(const void *x, const void *y, void *arg) {
    const Vector *v = arg;
    return eddy__cmp_slot(v, *(const uint32_t *)x, v, *(const uint32_t *)y);
}

static eddy_status co_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    AggEntries e = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t p = 0; !rc && p < n; p++) {
        uint32_t slot = first + p;
        if ((rc = eddy__agg_collect(cx, FX(accs[p]), 0, false, &e))) break;
        uint32_t cnt = (uint32_t)agg_entries_count(&e);
        /* decode the elements, sort them, then copy them into out */
        Vector *els = eddy__vec_new(fn->args[0], cnt ? cnt : 1);
        uint32_t *order = eddy__arena_alloc(&cx->scratch, sizeof(uint32_t) * (cnt + 1));
        if (!els || !order) rc = nomem(cx);
        for (uint32_t k = 0; !rc && k < cnt; k++) {
            size_t kn;
            const char *key = agg_entry_key(&e, k, &kn);
            if (!eddy__agg_dec(key, kn, els, k)) rc = els->failed ? nomem(cx) : eddy__agg_corrupt(cx, fn);
            order[k] = k;
        }
        if (!rc && cnt > 1) qsort_r(order, cnt, sizeof *order, cmp_slots, els);
        uint32_t at = rc ? 0 : eddy__vec_list_append(out, cnt);
        if (!rc && out->failed) rc = nomem(cx);
        for (uint32_t k = 0; !rc && k < cnt; k++) {
            eddy__vec_copy_value(out->child[0], at + k, els, order[k]);
            size_t vn;
            const char *v = agg_entry_val(&e, order[k], &vn);
            int32_t c = 0;
            if (vn == sizeof c) memcpy(&c, v, sizeof c);
            VEC_DATA(out->child[1], int32_t)[at + k] = c;
            vec_set_valid(out->child[1], at + k);
        }
        eddy__vec_release(els);
        if (rc) break;
        VEC_DATA(out, ListEntry)[slot] = (ListEntry){at, cnt};
        agg_out_valid(out, slot);
    }
    eddy__arena_reset(&cx->scratch);
    eddy__agg_entries_free(&e);
    return rc;
}

eddy_status eddy__agg_make_collect(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    if (spec->nargs != 1)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function 'COLLECT'. Was expecting 1 arguments");
    fn->result = eddy__type_multiset(a, fn->args[0], false);
    if (!fn->result) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    static const AggViewKind maps[1] = {AGG_VIEW_MAP};
    fn->name = "COLLECT";
    fn->acc_size = sizeof(NoAcc);
    fn->acc_align = _Alignof(NoAcc);
    fn->nviews = 1;
    fn->views = maps;
    fn->flags = AGG_RETRACT | AGG_MERGE;
    fn->init = no_init;
    fn->accumulate = co_acc;
    fn->retract = co_ret;
    fn->merge = co_merge;
    fn->get_value = co_value;
    return EDDY_OK;
}

/* ---- JSON_ARRAYAGG / JSON_OBJECTAGG ----------------------------------------------------------------- */

typedef struct JsonAggData {
    bool object;
    bool skip_nulls; /* ABSENT ON NULL */
} JsonAggData;

/* The JSON text of v[r] into b (not NULL). */
static eddy_status json_text(const AggFn *fn, AggCtx *cx, Buf *b, const Vector *v, uint32_t r, const Type *t) {
    (void)fn;
    b->len = 0;
    const char *msg;
    bool ok = eddy__json_value_text(&cx->scratch, b, v, r, t, &msg);
    if (!ok) return msg ? eddy__err(cx->err, EDDY_E_RUNTIME, "%s", msg) : nomem(cx);
    return EDDY_OK;
}

static eddy_status ja_update(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                             void *const *accs, bool retract) {
    const size_t off = cx->acc_offset;
    const JsonAggData *d = fn->data;
    const Vector *v = args[0];
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; !rc && i < n; i++) {
        const char *p = "null";
        size_t pn = 4;
        if (!vec_is_null(v, rows[i])) {
            if ((rc = json_text(fn, cx, &cx->val, v, rows[i], fn->args[0]))) break;
            p = cx->val.data;
            pn = cx->val.len;
        } else if (d->skip_nulls && !retract) {
            continue;
        }
        if (retract) {
            bool removed;
            rc = agg_list_remove(cx, FX(accs[i]), 0, p, pn, &removed);
        } else {
            rc = agg_list_add(cx, FX(accs[i]), 0, p, pn);
        }
    }
    eddy__arena_reset(&cx->scratch);
    return rc;
}

static eddy_status ja_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    return ja_update(fn, cx, args, rows, n, accs, false);
}

static eddy_status ja_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    return ja_update(fn, cx, args, rows, n, accs, true);
}

static eddy_status ja_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    (void)fn;
    for (uint32_t i = 0; i < n; i++) {
        cx->tmp.len = 0;
        JoinArg j = {&cx->tmp, {",", 1}, false};
        eddy_status rc = agg_list_iter(cx, FX(accs[i]), 0, join_visit, &j);
        if (rc == EDDY_E_NOMEM && !eddy__err_is_set(cx->err)) return nomem(cx);
        if (rc) return rc;
        char *s = eddy__vec_str_reserve(out, first + i, cx->tmp.len + 2);
        if (!s) return nomem(cx);
        s[0] = '[';
        if (cx->tmp.len) memcpy(s + 1, cx->tmp.data, cx->tmp.len);
        s[cx->tmp.len + 1] = ']';
    }
    return EDDY_OK;
}

/* JSON_OBJECTAGG: view 0 key -> value text ("" for a JSON null), view 1
 * the retractions that found no equal entry (key -> tagged value text). */
static eddy_status jo_dup(AggCtx *cx, const char *k, size_t kn) {
    return eddy__err(cx->err, EDDY_E_RUNTIME,
                     "Key '%.*s' is already present. Duplicate keys are not allowed in JSON_OBJECTAGG. Please ensure "
                     "that keys are unique.",
                     (int)kn, k);
}

static eddy_status jo_acc(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    const JsonAggData *d = fn->data;
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; !rc && i < n; i++) {
        uint32_t r = rows[i];
        if (vec_is_null(args[0], r)) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "The key of JSON_OBJECTAGG must not be NULL.");
            break;
        }
        Str k = vec_str(args[0], r);
        const void *p;
        size_t pn;
        if ((rc = agg_map_get(cx, FX(accs[i]), 0, k.p, k.n, &p, &pn))) break;
        if (p) {
            rc = jo_dup(cx, k.p, k.n);
            break;
        }
        if (vec_is_null(args[1], r)) {
            if (!d->skip_nulls) rc = agg_map_put(cx, FX(accs[i]), 0, k.p, k.n, "", 0);
            continue;
        }
        if ((rc = json_text(fn, cx, &cx->val, args[1], r, fn->args[1]))) break;
        rc = agg_map_put(cx, FX(accs[i]), 0, k.p, k.n, cx->val.data, cx->val.len);
    }
    eddy__arena_reset(&cx->scratch);
    return rc;
}

static eddy_status jo_ret(const AggFn *fn, AggCtx *cx, Vector *const *args, const uint32_t *rows, uint32_t n,
                          void *const *accs) {
    const size_t off = cx->acc_offset;
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; !rc && i < n; i++) {
        uint32_t r = rows[i];
        if (vec_is_null(args[0], r)) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "The key of JSON_OBJECTAGG must not be NULL.");
            break;
        }
        Str k = vec_str(args[0], r);
        bool null = vec_is_null(args[1], r);
        cx->val.len = 0;
        if (!null && (rc = json_text(fn, cx, &cx->val, args[1], r, fn->args[1]))) break;
        const void *p;
        size_t pn;
        if ((rc = agg_map_get(cx, FX(accs[i]), 0, k.p, k.n, &p, &pn))) break;
        /* Flink compares the stored text with the (SQL) value: a NULL never matches */
        if (p && !null && pn == cx->val.len && !memcmp(p, cx->val.data, pn)) {
            rc = agg_map_remove(cx, FX(accs[i]), 0, k.p, k.n);
        } else {
            cx->tmp.len = 0;
            eddy__buf_putc(&cx->tmp, null ? 0 : 1);
            eddy__buf_put(&cx->tmp, cx->val.data, cx->val.len);
            rc = cx->tmp.failed ? nomem(cx) : agg_map_put(cx, FX(accs[i]), 1, k.p, k.n, cx->tmp.data, cx->tmp.len);
        }
    }
    eddy__arena_reset(&cx->scratch);
    return rc;
}

static eddy_status jo_merge(const AggFn *fn, AggCtx *cx, void *const *dst, void *const *src, uint32_t n) {
    const size_t off = cx->acc_offset;
    (void)fn;
    AggEntries rets = {0}, map = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t q = 0; !rc && q < n; q++) {
        if ((rc = eddy__agg_collect(cx, FX(src[q]), 1, false, &rets)) || (rc = eddy__agg_collect(cx, FX(src[q]), 0, false, &map)))
            break;
        for (size_t i = 0; !rc && i < agg_entries_count(&rets); i++) {
            size_t kn, vn;
            const char *k = agg_entry_key(&rets, i, &kn);
            const char *v = agg_entry_val(&rets, i, &vn);
            const void *p;
            size_t pn;
            if ((rc = agg_map_get(cx, FX(dst[q]), 0, k, kn, &p, &pn))) break;
            bool eq = p && vn >= 1 && v[0] == 1 && pn == vn - 1 && !memcmp(p, v + 1, pn);
            rc = eq ? agg_map_remove(cx, FX(dst[q]), 0, k, kn) : agg_map_put(cx, FX(dst[q]), 1, k, kn, v, vn);
        }
        for (size_t i = 0; !rc && i < agg_entries_count(&map); i++) {
            size_t kn, vn;
            const char *k = agg_entry_key(&map, i, &kn);
            const char *v = agg_entry_val(&map, i, &vn);
            const void *p;
            size_t pn;
            if ((rc = agg_map_get(cx, FX(dst[q]), 1, k, kn, &p, &pn))) break;
            /* a retraction of the other side cancels it (a NULL value never matches) */
            const char *pc = p;
            if (p && pn >= 1 && pc[0] == 1 && vn > 0 && pn - 1 == vn && !memcmp(pc + 1, v, vn)) {
                rc = agg_map_remove(cx, FX(dst[q]), 1, k, kn);
                continue;
            }
            if ((rc = agg_map_get(cx, FX(dst[q]), 0, k, kn, &p, &pn))) break;
            if (p) {
                rc = jo_dup(cx, k, kn);
                break;
            }
            rc = agg_map_put(cx, FX(dst[q]), 0, k, kn, v, vn);
        }
    }
    eddy__agg_entries_free(&rets);
    eddy__agg_entries_free(&map);
    return rc;
}

static eddy_status jo_value(const AggFn *fn, AggCtx *cx, void *const *accs, uint32_t n, Vector *out, uint32_t first) {
    const size_t off = cx->acc_offset;
    AggEntries e = {0};
    eddy_status rc = EDDY_OK;
    for (uint32_t q = 0; !rc && q < n; q++) {
        if ((rc = eddy__agg_collect(cx, FX(accs[q]), 0, false, &e))) break;
        size_t cnt = agg_entries_count(&e);
        JsonValue *obj = eddy__json_object(&cx->scratch, cnt);
        for (size_t i = 0; obj && i < cnt; i++) {
            size_t kn, vn;
            const char *k = agg_entry_key(&e, i, &kn);
            const char *v = agg_entry_val(&e, i, &vn);
            char *kc = eddy__arena_strndup(&cx->scratch, k, kn);
            JsonValue *val = vn ? eddy__json_text(&cx->scratch, JSON_RAW, v, vn) : eddy__json_new(&cx->scratch, JSON_NULL);
            if (!kc || !val) obj = NULL;
            else obj->u.obj.members[i] = (JsonMember){kc, kn, val};
        }
        if (!obj) {
            rc = nomem(cx);
            break;
        }
        cx->tmp.len = 0;
        eddy__json_write(&cx->tmp, obj, JSON_WRITE_SORT_KEYS);
        if (cx->tmp.failed) rc = nomem(cx);
        else eddy__vec_set_str(out, first + q, cx->tmp.data, cx->tmp.len);
        if (!rc && out->failed) rc = nomem(cx);
        eddy__arena_reset(&cx->scratch);
    }
    (void)fn;
    eddy__agg_entries_free(&e);
    return rc;
}

eddy_status eddy__agg_make_json(Arena *a, const AggSpec *spec, AggFn *fn, EdErr *err) {
    bool object = !strcmp(spec->name, "JSON_OBJECTAGG");
    int want = object ? 2 : 1;
    if (spec->nargs != want)
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting %d arguments",
                         spec->name, want);
    if (object && !eddy__type_is_string(fn->args[0])) return eddy__agg_type_error(err, "JSON_OBJECTAGG", fn->args[0]);
    eddy_status rc = eddy__json_check_type(fn->args[want - 1], err);
    if (rc) return rc;
    JsonAggData *d = eddy__arena_alloc(a, sizeof *d);
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    d->object = object;
    /* JSON_OBJECTAGG is NULL ON NULL by default, JSON_ARRAYAGG ABSENT ON NULL */
    d->skip_nulls = spec->nulls == AGG_NULLS_IGNORE || (spec->nulls == AGG_NULLS_DEFAULT && !object);
    static const AggViewKind maps[2] = {AGG_VIEW_MAP, AGG_VIEW_MAP};
    static const AggViewKind list[1] = {AGG_VIEW_LIST};
    fn->name = object ? "JSON_OBJECTAGG" : "JSON_ARRAYAGG";
    fn->result = eddy__type_string(false);
    fn->acc_size = sizeof(NoAcc);
    fn->acc_align = _Alignof(NoAcc);
    fn->nviews = object ? 2 : 1;
    fn->views = object ? maps : list;
    fn->flags = AGG_RETRACT | (object ? AGG_MERGE : 0) | AGG_ORDERED;
    fn->init = no_init;
    fn->accumulate = object ? jo_acc : ja_acc;
    fn->retract = object ? jo_ret : ja_ret;
    fn->merge = object ? jo_merge : NULL;
    fn->get_value = object ? jo_value : ja_value;
    fn->data = d;
    return EDDY_OK;
}
