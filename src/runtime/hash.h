/*
 * hash.h -- keys of keyed streams: computing key columns from a batch,
 * hashing them to key groups, and key groups to subtasks (Flink's
 * KeyGroupRangeAssignment: group = hash % max_parallelism, subtask =
 * group * parallelism / max_parallelism).
 */
#ifndef EDDY_RUNTIME_HASH_H
#define EDDY_RUNTIME_HASH_H

#include "runtime/graph.h"

/* Key columns of batch b: for column keys the batch's own vectors
 * (retained), for a key function fresh vectors. keys[] has ks->nkeys slots;
 * release each with eddy__vec_release. */
eddy_status eddy__key_compute(const KeySpec *ks, const Batch *b, Vector **keys, EdErr *err);
/* Hash of the key of physical row `row`. */
uint64_t eddy__key_hash(Vector *const *keys, int nkeys, uint32_t row);
static inline int eddy__key_group(uint64_t hash, int max_par) { return (int)(hash % (uint64_t)max_par); }
static inline int eddy__key_group_subtask(int group, int max_par, int par) {
    return (int)((int64_t)group * par / max_par);
}
/* Target subtask of every visible row of b. */
eddy_status eddy__key_targets(const KeySpec *ks, const Batch *b, int max_par, int par, uint32_t *targets, EdErr *err);

#endif
