/*
 * agg_views.c -- aggregate function views in keyed MAP / LIST state
 * (agg_views.h).
 */
#include "runtime/ops/agg_views.h"

/* The key and namespace of the group whose accumulator is acc. */
static StateKey rec_key(AggStateViews *s, const void *acc, StateNs *ns) {
    StateKey k;
    s->locate(s->owner, acc, &k, ns);
    return k;
}

static eddy_status v_map_get(void *ctx, void *acc, int view, const void *key, size_t klen, const void **val,
                             size_t *vlen) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    const void *v;
    uint32_t len;
    bool found;
    eddy_status rc = eddy__state_map_get(s->views[view], &k, ns, key, (uint32_t)klen, &v, &len, &found);
    if (rc) return rc;
    *val = found ? v : NULL;
    *vlen = found ? len : 0;
    return EDDY_OK;
}

static eddy_status v_map_put(void *ctx, void *acc, int view, const void *key, size_t klen, const void *val,
                             size_t vlen) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    return eddy__state_map_put(s->views[view], &k, ns, key, (uint32_t)klen, val, (uint32_t)vlen);
}

static eddy_status v_map_update(void *ctx, void *acc, int view, const void *key, size_t klen, size_t vlen,
                                AggMapUpdateFn fn, void *arg) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    return eddy__state_map_update(s->views[view], &k, ns, key, (uint32_t)klen, (uint32_t)vlen, fn, arg);
}

static eddy_status v_map_remove(void *ctx, void *acc, int view, const void *key, size_t klen) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    return eddy__state_map_remove(s->views[view], &k, ns, key, (uint32_t)klen, NULL);
}

static eddy_status v_map_iter(void *ctx, void *acc, int view, AggVisitFn visit, void *arg) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    StateIter *it;
    eddy_status rc = eddy__state_iter_map(s->views[view], &k, ns, &it);
    if (rc) return rc;
    for (;;) {
        StateEntry e;
        bool has;
        if ((rc = eddy__state_iter_next(it, &e, &has)) || !has) break;
        if ((rc = visit(arg, e.ukey, e.ukey_len, e.value, e.value_len))) break;
    }
    eddy__state_iter_close(it);
    return rc;
}

static eddy_status v_list_add(void *ctx, void *acc, int view, const void *val, size_t vlen) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    return eddy__state_list_add(s->views[view], &k, ns, val, (uint32_t)vlen);
}

/* The list blob of a view of the group of acc (*found false: empty). */
static eddy_status list_of(AggStateViews *s, void *acc, int view, StateKey *k, StateNs *ns, const void **blob,
                           uint32_t *len, bool *found) {
    *k = rec_key(s, acc, ns);
    return eddy__state_list_get(s->views[view], k, *ns, blob, len, found);
}

static eddy_status v_list_iter(void *ctx, void *acc, int view, AggVisitFn visit, void *arg) {
    StateKey k;
    StateNs ns;
    const void *blob;
    uint32_t len, pos = 0;
    bool found;
    eddy_status rc = list_of(ctx, acc, view, &k, &ns, &blob, &len, &found);
    if (rc || !found) return rc;
    const void *e;
    uint32_t elen;
    while (eddy__state_list_next(blob, len, &pos, &e, &elen))
        if ((rc = visit(arg, NULL, 0, e, elen))) return rc;
    return EDDY_OK;
}

static eddy_status v_list_remove(void *ctx, void *acc, int view, const void *val, size_t vlen, bool *removed) {
    AggStateViews *s = ctx;
    StateKey k;
    StateNs ns;
    const void *blob;
    uint32_t len, pos = 0;
    bool found;
    *removed = false;
    eddy_status rc = list_of(s, acc, view, &k, &ns, &blob, &len, &found);
    if (rc || !found) return rc;
    s->tmp.len = 0;
    const void *e;
    uint32_t elen;
    while (eddy__state_list_next(blob, len, &pos, &e, &elen)) {
        if (!*removed && elen == vlen && !memcmp(e, val, vlen)) {
            *removed = true;
            continue;
        }
        eddy__state_list_frame(&s->tmp, e, elen);
    }
    if (!*removed) return EDDY_OK;
    if (s->tmp.failed) return eddy__err(s->err, EDDY_E_NOMEM, "out of memory");
    return eddy__state_list_update(s->views[view], &k, ns, s->tmp.data, (uint32_t)s->tmp.len);
}

static eddy_status v_clear(void *ctx, void *acc, int view) {
    AggStateViews *s = ctx;
    StateNs ns;
    StateKey k = rec_key(s, acc, &ns);
    return eddy__state_remove(s->views[view], &k, ns, NULL);
}

const AggViewOps eddy__agg_state_view_ops = {v_map_get,  v_map_put,   v_map_remove,  v_map_iter, v_list_add,
                                             v_list_iter, v_list_remove, v_clear, v_map_update};

eddy_status eddy__agg_state_views_open(AggStateViews *s, Op *op, StateBackend *be, const Type *key_type, int nviews,
                                       const AggViewKind *kinds, StateTtl ttl) {
    eddy__buf_init(&s->tmp);
    s->err = eddy__op_err(op);
    s->views = eddy__arena_alloc(op->arena, sizeof(State *) * (size_t)(nviews + 1));
    if (!s->views) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    const Type *bytes = eddy__type_bytes(false);
    for (int v = 0; v < nviews; v++) {
        bool map = kinds[v] == AGG_VIEW_MAP;
        StateDesc vd = {.name = eddy__arena_printf(op->arena, "view%d", v),
                        .kind = map ? STATE_MAP : STATE_LIST,
                        .key_type = key_type,
                        .value_type = bytes,
                        .map_key_type = map ? bytes : NULL,
                        .ttl = ttl};
        if (!vd.name) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        eddy_status rc = eddy__state_register(be, &vd, &s->views[v]);
        if (rc) return rc;
    }
    return EDDY_OK;
}

void eddy__agg_state_views_free(AggStateViews *s) { eddy__buf_free(&s->tmp); }

eddy_status eddy__agg_state_views_clear(AggStateViews *s, void *acc, int view) { return v_clear(s, acc, view); }

