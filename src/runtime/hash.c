/*
 * hash.c -- key computation and key-group routing for keyed exchanges, with
 * the state layer's key hash. See hash.h.
 */
#include "runtime/hash.h"

eddy_status eddy__key_compute(const KeySpec *ks, const Batch *b, Vector **keys, EdErr *err) {
    if (!ks->fn) {
        for (int k = 0; k < ks->nkeys; k++) keys[k] = eddy__vec_retain(b->cols[ks->cols[k]]);
        return EDDY_OK;
    }
    for (int k = 0; k < ks->nkeys; k++) {
        keys[k] = eddy__vec_new(ks->types[k], b->n ? b->n : 1);
        if (!keys[k]) {
            for (int j = 0; j < k; j++) eddy__vec_release(keys[j]);
            return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        }
    }
    eddy_status rc = ks->fn(ks, b, keys, err);
    if (rc) {
        for (int k = 0; k < ks->nkeys; k++) eddy__vec_release(keys[k]);
    }
    return rc;
}

eddy_status eddy__key_targets(const KeySpec *ks, const Batch *b, int max_par, int par, uint32_t *targets, EdErr *err) {
    Vector *keys[16];
    Vector **kv = ks->nkeys <= 16 ? keys : eddy__calloc((size_t)ks->nkeys, sizeof(Vector *));
    if (!kv) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__key_compute(ks, b, kv, err);
    if (!rc) {
        for (uint32_t i = 0; i < b->count; i++) {
            uint64_t h = eddy__state_key_hash(kv, ks->nkeys, batch_row(b, i));
            targets[i] = (uint32_t)eddy__state_group_subtask(eddy__state_key_group(h, max_par), max_par, par);
        }
        for (int k = 0; k < ks->nkeys; k++) eddy__vec_release(kv[k]);
    }
    if (kv != keys) eddy__free(kv);
    return rc;
}
