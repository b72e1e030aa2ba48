/*
 * checkpoint.h -- durable checkpoint storage in Flink's directory layout.
 *
 *   <execution.checkpointing.dir>/<job id>/chk-<n>/
 *       op-<uid>-<subtask>     one file per operator state part (raw bytes:
 *                              an operator's eddy__op_snapshot output)
 *       _metadata              written last: only a completed checkpoint has it
 *
 * Writing (CkptWriter): eddy__ckpt_begin creates chk-<n>/ (and the parents),
 * eddy__ckpt_write_part writes and fsyncs each part file, eddy__ckpt_complete
 * fsyncs the directory, writes _metadata.tmp, fsyncs it, renames it to
 * _metadata atomically and fsyncs the directory again, then applies the
 * retention (execution.checkpointing.num-retained): completed checkpoints
 * older than the newest `retain` and every incomplete chk-<m> with m < n are
 * removed, then every file of shared/ no remaining completed checkpoint
 * lists. eddy__ckpt_abort removes the unfinished directory.
 *
 *   <execution.checkpointing.dir>/<job id>/shared/
 *       files of incremental checkpoints (RocksDB's SST files), each kept
 *       while a completed checkpoint of the job directory lists it
 *
 * The metadata format (version 2, machine byte order; version 1, without
 * the shared files, is read too):
 *   "EDDYCKPT" u32 version u64 total length (whole file)
 *   u64 checkpoint id, u32 len + job id
 *   u32 nparts, per part:
 *     u32 len + operator uid, i32 subtask, u32 len + file name,
 *     u64 length of the file, u64 checksum of its bytes (eddy__hash_bytes),
 *     u32 len + source position bytes (empty for non-sources),
 *     u32 nrefs, per shared file it needs: u32 len + name in shared/,
 *       u64 size, u64 checksum (eddy__file_sum)
 *   u64 checksum of everything before it
 *
 * Reading (Checkpoint): eddy__ckpt_load reads _metadata and every part it
 * lists and checks lengths and checksums (of the shared files the parts
 * list too: a missing one is corrupt as well); a damaged or truncated file gives
 * "Checkpoint file <path> is corrupt: <what>." (EDDY_E_RUNTIME).
 * eddy__ckpt_load_fallback loads a chk-<n> directory and, when that fails,
 * the newest older completed checkpoint of the same job directory,
 * reporting what it skipped.
 */
#ifndef EDDY_CHECKPOINT_H
#define EDDY_CHECKPOINT_H

#include "util/util.h"

/* Flink's option names (the first of each pair is the current one). */
#define CKPT_OPT_DIR "execution.checkpointing.dir"
#define CKPT_OPT_DIR_ALIAS "state.checkpoints.dir"
#define CKPT_OPT_RETAINED "execution.checkpointing.num-retained"
#define CKPT_OPT_INTERVAL "execution.checkpointing.interval"
#define CKPT_OPT_RECOVERY "execution.state-recovery.path"
#define CKPT_OPT_RECOVERY_ALIAS "execution.savepoint.path"
#define CKPT_OPT_SAVEPOINT_DIR "execution.checkpointing.savepoint-dir"
#define CKPT_OPT_SAVEPOINT_DIR_ALIAS "state.savepoints.dir"
/* incremental checkpoints (Flink's name and its older one): RocksDB's SST
 * files shared between checkpoints in <dir>/<job id>/shared */
#define CKPT_OPT_INCREMENTAL "execution.checkpointing.incremental"
#define CKPT_OPT_INCREMENTAL_ALIAS "state.backend.incremental"

#define CKPT_METADATA_VERSION 2u
/* the directory of a job's checkpoints that holds the files incremental
 * checkpoints share */
#define CKPT_SHARED "shared"

/* A file of the shared directory a part references: name, bytes, checksum
 * (eddy__file_sum). */
typedef struct CkptRef {
    char *name;
    uint64_t size, sum;
} CkptRef;

typedef struct CkptWriter CkptWriter;

/* Creates <dir>/<job_id>/chk-<id>/ (parents too). A directory of that name
 * left by an earlier attempt is emptied first. Errors name the path. */
eddy_status eddy__ckpt_begin(const char *dir, const char *job_id, int64_t id, CkptWriter **out, EdErr *err);
/* A savepoint: the same files, in <dir>/savepoint-<first 6 digits of the
 * job id>-<12 hex digits of random>/ (Flink's naming); no retention applies
 * to it when it completes. */
eddy_status eddy__ckpt_begin_savepoint(const char *dir, const char *job_id, int64_t id, uint64_t random, CkptWriter **out,
                                       EdErr *err);
/* Writes one state part of operator `uid`'s instance `subtask` (data may be
 * NULL when len is 0) and fsyncs it; pos/pos_len: the source position kept
 * in the metadata (NULL, 0 for none); refs[0..nrefs): the files of the
 * shared directory the part needs (an incremental snapshot's), listed in
 * the metadata; uploaded: the bytes it copied there for this checkpoint.
 * Bytes are copied as needed. */
eddy_status eddy__ckpt_write_part(CkptWriter *w, const char *uid, int subtask, const void *data, size_t len,
                                  const void *pos, size_t pos_len, const CkptRef *refs, size_t nrefs, uint64_t uploaded,
                                  EdErr *err);
/* <dir>/<job_id>/shared (malloc'd; NULL when out of memory). */
char *eddy__ckpt_shared_dir(const char *dir, const char *job_id);
/* Makes the checkpoint durable and complete (see above), then keeps the
 * newest `retain` (>= 1) completed checkpoints of the job directory. Frees w
 * in every case; on failure the directory stays incomplete. */
eddy_status eddy__ckpt_complete(CkptWriter *w, int retain, EdErr *err);
/* Removes the unfinished checkpoint directory and frees w. NULL ok. */
void eddy__ckpt_abort(CkptWriter *w);
/* The chk-<n> directory being written (borrowed). */
const char *eddy__ckpt_writer_path(const CkptWriter *w);
/* The bytes the checkpoint wrote so far: its parts (state and source
 * positions) and the shared files they uploaded (Flink's checkpointed
 * size). */
uint64_t eddy__ckpt_writer_bytes(const CkptWriter *w);
/* The bytes of its parts and of every shared file they reference (Flink's
 * full checkpoint size). */
uint64_t eddy__ckpt_writer_full_bytes(const CkptWriter *w);

typedef struct CkptPart {
    char *uid;
    int subtask;
    void *data; /* the part file's bytes */
    size_t len;
    void *pos;  /* the source position (NULL when pos_len is 0) */
    size_t pos_len;
    CkptRef *refs; /* shared files it references (checked when loaded) */
    size_t nrefs;
} CkptPart;

typedef struct Checkpoint {
    int64_t id;
    char *job_id;
    char *path; /* the chk-<n> directory */
    char *shared_dir; /* <job directory>/shared, where its parts' refs are */
    size_t nparts;
    CkptPart *parts;
} Checkpoint;

/* Loads the completed checkpoint in directory `chk_dir` (a chk-<n>). */
eddy_status eddy__ckpt_load(const char *chk_dir, Checkpoint **out, EdErr *err);
/* Loads `chk_dir`; when it is missing its _metadata or damaged, the newest
 * completed checkpoint of its parent directory with a smaller id that
 * loads. Each checkpoint skipped appends a line to `skipped` (may be NULL):
 * "Skipping checkpoint <path>: <error>\n". Fails with the first error when
 * none loads. */
eddy_status eddy__ckpt_load_fallback(const char *chk_dir, Checkpoint **out, Buf *skipped, EdErr *err);
/* The newest completed checkpoint's directory under <dir>/<job_id> (a
 * malloc'd path; *out NULL when there is none). */
eddy_status eddy__ckpt_latest(const char *dir, const char *job_id, char **out, EdErr *err);
/* path without Flink's "file://" or "file:" scheme (borrowed from path). */
const char *eddy__ckpt_local_path(const char *path);
/* The part of operator uid's instance `subtask`, or NULL. */
const CkptPart *eddy__ckpt_find(const Checkpoint *c, const char *uid, int subtask);
void eddy__ckpt_free(Checkpoint *c);

#endif
