/*
 * kvmap.c -- open-addressing hash map (linear probing, tombstone-free
 * backward-shift deletion) from key bytes to value bytes. Each entry is one
 * allocation: [key bytes][value bytes].
 */
#include "state/kvmap.h"

typedef struct Entry {
    uint64_t hash;
    uint32_t klen, vlen;
    char *data; /* NULL = empty slot */
} Entry;

struct KvMap {
    Entry *slots;
    size_t cap, count, bytes;
};

KvMap *eddy__kv_new(void) {
    KvMap *m = eddy__calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cap = 16;
    m->slots = eddy__calloc(m->cap, sizeof(Entry));
    if (!m->slots) {
        eddy__free(m);
        return NULL;
    }
    return m;
}

void eddy__kv_free(KvMap *m) {
    if (!m) return;
    for (size_t i = 0; i < m->cap; i++) eddy__free(m->slots[i].data);
    eddy__free(m->slots);
    eddy__free(m);
}

static size_t find(const KvMap *m, const void *key, size_t klen, uint64_t hash, bool *found) {
    size_t mask = m->cap - 1, i = hash & mask;
    for (;;) {
        const Entry *e = &m->slots[i];
        if (!e->data) {
            *found = false;
            return i;
        }
        if (e->hash == hash && e->klen == klen && memcmp(e->data, key, klen) == 0) {
            *found = true;
            return i;
        }
        i = (i + 1) & mask;
    }
}

static bool grow(KvMap *m) {
    size_t ncap = m->cap * 2;
    Entry *ns = eddy__calloc(ncap, sizeof(Entry));
    if (!ns) return false;
    for (size_t i = 0; i < m->cap; i++) {
        Entry *e = &m->slots[i];
        if (!e->data) continue;
        size_t j = e->hash & (ncap - 1);
        while (ns[j].data) j = (j + 1) & (ncap - 1);
        ns[j] = *e;
    }
    eddy__free(m->slots);
    m->slots = ns;
    m->cap = ncap;
    return true;
}

bool eddy__kv_get(const KvMap *m, const void *key, size_t klen, uint64_t hash, const void **val, size_t *vlen) {
    bool found;
    size_t i = find(m, key, klen, hash, &found);
    if (!found) return false;
    *val = m->slots[i].data + m->slots[i].klen;
    *vlen = m->slots[i].vlen;
    return true;
}

bool eddy__kv_put(KvMap *m, const void *key, size_t klen, uint64_t hash, const void *val, size_t vlen) {
    if ((m->count + 1) * 4 > m->cap * 3 && !grow(m)) return false;
    bool found;
    size_t i = find(m, key, klen, hash, &found);
    Entry *e = &m->slots[i];
    if (found && e->vlen == vlen) {
        memcpy(e->data + klen, val, vlen);
        return true;
    }
    char *d = eddy__malloc(klen + vlen);
    if (!d) return false;
    memcpy(d, key, klen);
    memcpy(d + klen, val, vlen);
    if (found) {
        m->bytes -= e->klen + e->vlen;
        eddy__free(e->data);
    } else {
        m->count++;
    }
    e->hash = hash;
    e->klen = (uint32_t)klen;
    e->vlen = (uint32_t)vlen;
    e->data = d;
    m->bytes += klen + vlen;
    return true;
}

bool eddy__kv_delete(KvMap *m, const void *key, size_t klen, uint64_t hash) {
    bool found;
    size_t i = find(m, key, klen, hash, &found);
    if (!found) return false;
    m->bytes -= m->slots[i].klen + m->slots[i].vlen;
    eddy__free(m->slots[i].data);
    m->slots[i].data = NULL;
    m->count--;
    /* backward-shift the cluster that follows */
    size_t mask = m->cap - 1, j = i;
    for (;;) {
        j = (j + 1) & mask;
        Entry *e = &m->slots[j];
        if (!e->data) break;
        size_t home = e->hash & mask;
        bool between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (between) continue;
        m->slots[i] = *e;
        e->data = NULL;
        i = j;
    }
    return true;
}

size_t eddy__kv_count(const KvMap *m) { return m->count; }
size_t eddy__kv_bytes(const KvMap *m) { return m->bytes; }

bool eddy__kv_next(const KvMap *m, size_t *pos, const void **key, size_t *klen, const void **val, size_t *vlen) {
    while (*pos < m->cap) {
        const Entry *e = &m->slots[(*pos)++];
        if (!e->data) continue;
        *key = e->data;
        *klen = e->klen;
        *val = e->data + e->klen;
        *vlen = e->vlen;
        return true;
    }
    return false;
}
