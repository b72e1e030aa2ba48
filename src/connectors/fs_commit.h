/*
 * fs_commit.h -- the commit protocol of the filesystem connector: how a job's
 * staged files become part of a table all at once, how the next access to
 * the table finishes (or rolls back) a commit that a crash interrupted, and
 * the lock that keeps readers from seeing a commit half done.
 *
 * Names in a table directory <root> (all hidden: '.' first):
 *   .staging_<token>/<subtask>/<partition dirs>part-<token>-<subtask>-<n>
 *       the files a job writes; <token> is the job's uuid. Each running sink
 *       instance holds a shared flock on .staging_<token>, so recovery can
 *       tell a live job's staging from a dead one's.
 *   .commit_<token>      the commit record: what to move, what to clear.
 *   .commit_<token>.tmp  the record being written.
 * Every change of the table happens under an exclusive flock on <root>
 * itself; readers list under a shared one. The steps are in
 * src/connectors/README.md ("The commit protocol").
 *
 * Every rename, unlink, rmdir, mkdir, file creation, fsync / syncfs and record
 * write made here is a "step". For tests, eddy__fs_fault_set makes a chosen
 * step fail (EIO) or end the process (_exit) -- the fault-injection hook that
 * tests/unit/test_fs_commit.c drives; nothing else sets it.
 */
#ifndef EDDY_FS_COMMIT_H
#define EDDY_FS_COMMIT_H

#include "util/util.h"

/* What the step-th step from now does (tests only). */
typedef enum FsFault {
    FS_FAULT_NONE,
    FS_FAULT_FAIL, /* the step fails with EIO */
    FS_FAULT_EXIT  /* the process ends there: _exit(FS_FAULT_EXIT_STATUS) */
} FsFault;
#define FS_FAULT_EXIT_STATUS 97

/* Arms the hook: the step-th step from now (1: the next one) fails or ends
 * the process; FS_FAULT_NONE disarms it. The hook fires once. Returns true
 * when the fault armed before had not fired yet. */
bool eddy__fs_fault_set(uint64_t step, FsFault mode);
/* The number of steps made by this process so far (thread-safe). */
uint64_t eddy__fs_steps(void);

/* Creates directory `path` and its missing parents (one step per mkdir
 * made). Returns 0, or -1 with errno set. An existing path counts as made,
 * whatever it is. */
int eddy__fs_mkdirs(const char *path);
/* fsyncs a file or directory by name (a step). Returns 0, or -1 with errno. */
int eddy__fs_fsync_path(const char *path);
/* Creates (truncating) a file for writing: a step. Returns the fd or -1. */
int eddy__fs_create(const char *path);
/* Removes path: a file, or a directory with everything in it (steps).
 * Returns 0 (also when it did not exist) or -1 with errno set. */
int eddy__fs_remove_tree(const char *path);

/* A staging directory for job `token` in table directory `root` (made with
 * its parents), after finishing whatever earlier commit a crash left half
 * done. Returns in *lock_fd an fd holding a shared lock on the staging
 * directory: keep it open while the job may still commit (close it when
 * done). Errors name the path. */
eddy_status eddy__fs_stage_begin(const char *root, const char *token, int *lock_fd, EdErr *err);

/* For a reader: finishes a commit a crash left half done, then takes the
 * shared lock on `root` under which the caller lists it. *lock_fd is the
 * fd to pass to eddy__fs_unlock afterwards (-1 when root cannot be opened;
 * the listing reports that). */
eddy_status eddy__fs_read_begin(const char *root, int *lock_fd, EdErr *err);
/* Releases a lock taken by eddy__fs_read_begin (accepts -1). */
void eddy__fs_unlock(int lock_fd);

/* One staged file: part-<token>-<subtask>-<seq> in dirs[dir]. */
typedef struct FsCommitFile {
    uint32_t dir;
    int subtask;
    uint32_t seq;
} FsCommitFile;

/* What one job commits to a table. */
typedef struct FsCommit {
    const char *root;
    const char *token;
    bool overwrite;      /* INSERT OVERWRITE: clear every dir first (after) */
    const char *success; /* a success file made in every dir, or NULL */
    size_t ndirs;        /* the directories written, "k=v/.../", or "" */
    const char *const *dirs;
    size_t nfiles;
    const FsCommitFile *files;
} FsCommit;

/* Commits c: makes its staged files visible and, for an overwrite, removes
 * the old files of its directories -- all or nothing for readers, and
 * completed by the next access when the process dies half way. On an
 * error the table is as before (and *recorded is false: the caller removes
 * its staging), or the record is written and the commit is completed by the
 * next access (*recorded is true: the caller must leave its staging). */
eddy_status eddy__fs_commit(const FsCommit *c, bool *recorded, EdErr *err);

#endif
