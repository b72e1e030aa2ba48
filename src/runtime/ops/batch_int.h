/*
 * batch_int.h -- what the BATCH operators (hash_agg.c, hash_join.c,
 * sort.c, batch_rank.c) share: spill files in the system temp folder, the
 * byte estimate of a buffered batch and the hash mixer of their tables.
 *
 * Memory. A batch operator charges what it buffers to its MemAccount
 * (soft in BATCH mode) and asks eddy__mem_should_spill before it grows;
 * when the job's managed memory (taskmanager.memory.managed.size /
 * .fraction, state.h) says no, it writes rows to spill files instead and
 * reads them back later, so an input larger than the budget still
 * finishes, with the same result.
 *
 * Spill files. Created in $TMPDIR (else /tmp) as eddy-spill-XXXXXX, one
 * writer then any number of readers; each row is [u32 length][the row in
 * types/serde.h's form]. They are removed when closed: the operators close
 * them when done with them and in their close member, which the runtime
 * calls after errors and cancellation too.
 */
#ifndef EDDY_BATCH_INT_H
#define EDDY_BATCH_INT_H

#include <stdio.h>

#include "runtime/ops/ops.h"
#include "state/state.h"

typedef struct SpillFile {
    FILE *f;
    char *path;     /* owned; removed at close */
    uint64_t rows;  /* rows written */
    bool reading;   /* rewound for reading */
    Buf buf;        /* row scratch */
} SpillFile;

/* Opens a new spill file (EDDY_E_IO naming the folder when it cannot). */
eddy_status eddy__spill_open(Op *op, SpillFile *sf);
/* Appends rows rows[0..n) (physical rows; NULL: the batch's visible rows, n
 * ignored) of the first ncols columns of b. */
eddy_status eddy__spill_write(Op *op, SpillFile *sf, const Batch *b, int ncols, const uint32_t *rows, uint32_t n);
/* Switches to reading from the start. */
eddy_status eddy__spill_rewind(Op *op, SpillFile *sf);
/* Reads up to cap rows into a new batch of the given column types (*out
 * NULL at the end of the file). */
eddy_status eddy__spill_read(Op *op, SpillFile *sf, int ncols, const Type *const *types, uint32_t cap, Batch **out);
/* Closes and removes the file (no-op when not open). */
void eddy__spill_close(SpillFile *sf);

extern const OpVtab eddy__op_batch_agg;
extern const OpVtab eddy__op_batch_join;

/* Bytes a buffered (compacted) batch holds, as charged to the account. */
int64_t eddy__batch_bytes(const Batch *b);

/* The operators' tables index by eddy__hash_u64 (util.h) of the key hash:
 * the key hashes of one subtask share their key-group bits. */

/* Spill partitions per level and the deepest level (recursion on the hash
 * bits 32 + 4 * level ..). */
#define SPILL_FANOUT 16
#define SPILL_MAX_LEVEL 7
static inline int eddy__spill_part(uint64_t mixed, int level) {
    return (int)((mixed >> (32 + 4 * level)) & (SPILL_FANOUT - 1));
}

#endif
