/*
 * kvmap.h -- the heap state backend's core: a hash map from key bytes to
 * value bytes, owned by one operator instance (one subtask), so it needs no
 * locking. Keys and values are copied in; pointers handed out stay valid
 * until the entry is next written or deleted, or the map is freed.
 */
#ifndef EDDY_KVMAP_H
#define EDDY_KVMAP_H

#include "util/util.h"

typedef struct KvMap KvMap;

KvMap *eddy__kv_new(void);
void eddy__kv_free(KvMap *m);
/* Looks a key up (hash is any 64-bit hash of the key bytes, the same for
 * every call with that key). */
bool eddy__kv_get(const KvMap *m, const void *key, size_t klen, uint64_t hash, const void **val, size_t *vlen);
/* Inserts or replaces; false when memory ran out (the map is unchanged). */
bool eddy__kv_put(KvMap *m, const void *key, size_t klen, uint64_t hash, const void *val, size_t vlen);
/* Removes a key; false when it was absent. */
bool eddy__kv_delete(KvMap *m, const void *key, size_t klen, uint64_t hash);
size_t eddy__kv_count(const KvMap *m);
/* Iterates: start with *pos = 0; returns false at the end. */
bool eddy__kv_next(const KvMap *m, size_t *pos, const void **key, size_t *klen, const void **val, size_t *vlen);
/* Bytes held by keys and values (for memory reports). */
size_t eddy__kv_bytes(const KvMap *m);

#endif
