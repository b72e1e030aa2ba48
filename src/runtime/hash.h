/*
 * hash.h -- keys of keyed streams: computing key columns from a batch and
 * routing rows by key group to subtasks (Flink's KeyGroupRangeAssignment:
 * group = hash % max_parallelism, subtask = group * parallelism /
 * max_parallelism). The hash and the key-group arithmetic are the state
 * layer's (state/state.h: eddy__state_key_hash, eddy__state_key_group,
 * eddy__state_group_subtask), so a row is routed to the subtask whose state
 * holds its key group -- there is one definition of each.
 */
#ifndef EDDY_RUNTIME_HASH_H
#define EDDY_RUNTIME_HASH_H

#include "runtime/graph.h"
#include "state/state.h"

/* Key columns of batch b: for column keys the batch's own vectors
 * (retained), for a key function fresh vectors. keys[] has ks->nkeys slots;
 * release each with eddy__vec_release. */
eddy_status eddy__key_compute(const KeySpec *ks, const Batch *b, Vector **keys, EdErr *err);
/* Target subtask of every visible row of b. */
eddy_status eddy__key_targets(const KeySpec *ks, const Batch *b, int max_par, int par, uint32_t *targets, EdErr *err);

#endif
