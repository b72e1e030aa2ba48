/*
 * keys.c -- the one key hash (eddy__state_key_hash: keyed exchanges route by
 * it, keyed state is addressed by it) and KeyBatch, the columnar encoding of
 * a batch's keys: contiguous key bytes, offsets, and per row the hash and
 * key group, computed once per batch and probed many times.
 *
 * The key bytes are types/serde.h's row form, so a key decodes back into
 * vectors. One key column of a fixed-width type (the common BIGINT / INT
 * key) takes a tight loop; anything else goes through eddy__serde_write and
 * eddy__state_key_hash row by row. Both paths give the same bytes and
 * hashes (test_state checks it).
 */
#include "state/state.h"

#include "types/compare.h"
#include "types/serde.h"

uint64_t eddy__state_key_hash(Vector *const *keys, int nkeys, uint32_t row) {
    if (nkeys == 1) return eddy__hash_slot(keys[0], row);
    uint64_t h = 0x2545f4914f6cdd1dULL;
    for (int k = 0; k < nkeys; k++) h = eddy__hash_combine(h, eddy__hash_slot(keys[k], row));
    return h;
}

void eddy__key_batch_init(KeyBatch *kb) { memset(kb, 0, sizeof *kb); }

void eddy__key_batch_free(KeyBatch *kb) {
    eddy__free(kb->hash);
    eddy__free(kb->group);
    eddy__free(kb->off);
    eddy__free(kb->bytes);
    memset(kb, 0, sizeof *kb);
}

static bool grow_rows(KeyBatch *kb, uint32_t n) {
    if (n <= kb->cap) return true;
    uint32_t cap = kb->cap ? kb->cap : 64;
    while (cap < n) cap *= 2;
    uint64_t *h = eddy__realloc(kb->hash, sizeof(uint64_t) * cap);
    if (h) kb->hash = h;
    uint16_t *g = eddy__realloc(kb->group, sizeof(uint16_t) * cap);
    if (g) kb->group = g;
    uint32_t *o = eddy__realloc(kb->off, sizeof(uint32_t) * (cap + 1));
    if (o) kb->off = o;
    if (!h || !g || !o) return false;
    kb->cap = cap;
    return true;
}

static bool fixed_width(const Vector *v) {
    switch ((PhysKind)v->phys) {
    case PH_BOOL: case PH_I8: case PH_I16: case PH_I32: case PH_I64: case PH_F32: case PH_F64: case PH_I128:
    case PH_TS: return !v->is_const;
    default: return false;
    }
}

eddy_status eddy__key_batch_encode(KeyBatch *kb, Vector *const *keys, int nkeys, const uint32_t *rows, uint32_t n,
                                   int max_par, EdErr *err) {
    kb->n = 0;
    if (!grow_rows(kb, n)) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    kb->off[0] = 0;
    if (nkeys == 1 && fixed_width(keys[0])) {
        const Vector *v = keys[0];
        size_t w = eddy__phys_width((PhysKind)v->phys);
        size_t need = (size_t)n * (1 + w);
        if (need > kb->bytes_cap) {
            size_t cap = kb->bytes_cap ? kb->bytes_cap : 1024;
            while (cap < need) cap *= 2;
            char *nb = eddy__realloc(kb->bytes, cap);
            if (!nb) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
            kb->bytes = nb;
            kb->bytes_cap = cap;
        }
        char *p = kb->bytes;
        const char *data = v->data;
        bool i64 = v->phys == PH_I64;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = rows ? rows[i] : i;
            if (vec_is_null(v, r)) {
                *p++ = 0;
                kb->hash[i] = eddy__hash_slot(v, r);
            } else {
                *p++ = 1;
                memcpy(p, data + (size_t)r * w, w);
                p += w;
                if (i64) {
                    int64_t x;
                    memcpy(&x, data + (size_t)r * 8, 8);
                    kb->hash[i] = eddy__hash_u64((uint64_t)x);
                } else {
                    kb->hash[i] = eddy__hash_slot(v, r);
                }
            }
            kb->off[i + 1] = (uint32_t)(p - kb->bytes);
        }
    } else {
        Buf b = {kb->bytes, 0, kb->bytes_cap, false};
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = rows ? rows[i] : i;
            eddy__serde_write(&b, keys, nkeys, r);
            if (b.len > UINT32_MAX) b.failed = true;
            kb->off[i + 1] = (uint32_t)b.len;
            kb->hash[i] = eddy__state_key_hash(keys, nkeys, r);
        }
        kb->bytes = b.data;
        kb->bytes_cap = b.cap;
        if (b.failed) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    for (uint32_t i = 0; i < n; i++) kb->group[i] = (uint16_t)eddy__state_key_group(kb->hash[i], max_par);
    kb->n = n;
    return EDDY_OK;
}

eddy_status eddy__state_key_from_bytes(const void *p, uint32_t len, const Type *const *key_types, int nkeys,
                                       int max_par, StateKey *out, EdErr *err) {
    Vector *vs[16];
    if (nkeys < 1 || nkeys > 16) return eddy__err(err, EDDY_E_INTERNAL, "a key of %d columns", nkeys);
    for (int k = 0; k < nkeys; k++) {
        vs[k] = eddy__vec_new(key_types[k], 1);
        if (!vs[k]) {
            for (int j = 0; j < k; j++) eddy__vec_release(vs[j]);
            return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        }
    }
    size_t used = eddy__serde_read(p, len, vs, nkeys, 0);
    eddy_status rc = EDDY_OK;
    if (used != len) {
        rc = eddy__err(err, EDDY_E_INTERNAL, "key bytes that do not decode as the key type");
    } else {
        uint64_t h = eddy__state_key_hash(vs, nkeys, 0);
        *out = (StateKey){p, len, eddy__state_key_group(h, max_par), h};
    }
    for (int k = 0; k < nkeys; k++) eddy__vec_release(vs[k]);
    return rc;
}
