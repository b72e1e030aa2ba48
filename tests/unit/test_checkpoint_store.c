/*
 * test_checkpoint_store.c -- checkpoint storage (runtime/checkpoint.h):
 * Flink's chk-<n> layout, _metadata written last, round trip, corrupted and
 * truncated files named in the error with the fallback to the previous
 * checkpoint, retention and cleanup of incomplete checkpoints.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "runtime/checkpoint.h"
#include "../api/fs_check.h"

static char *test_dir(void) {
    char shm[] = "/dev/shm/eddy-ckpt-XXXXXX";
    char *d = mkdtemp(shm);
    return d ? strdup(d) : tmpdir();
}

static bool exists(const char *dir, const char *rel) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    struct stat st;
    return stat(p, &st) == 0;
}

/* Completes the checkpoint w writes (keeping `retain`), or aborts it after
 * a failure rc; err (the writes' error) is cleared. */
static eddy_status finish(CkptWriter *w, eddy_status rc, int retain, EdErr *err) {
    if (rc != EDDY_OK) eddy__ckpt_abort(w);
    else rc = eddy__ckpt_complete(w, retain, err);
    eddy__err_clear(err);
    return rc;
}

/* Writes checkpoint `id` of job "job1" with two parts (uid "aa" subtasks 0
 * and 1, the second with a source position) whose bytes name the id. */
static eddy_status write_ckpt(const char *dir, int64_t id, int retain) {
    EdErr err = {0};
    CkptWriter *w;
    eddy_status rc = eddy__ckpt_begin(dir, "job1", id, &w, &err);
    if (rc != EDDY_OK) return rc;
    char a[64], pos[16];
    snprintf(a, sizeof a, "state of aa/0 at %lld", (long long)id);
    snprintf(pos, sizeof pos, "off=%lld", (long long)id * 10);
    rc = eddy__ckpt_write_part(w, "aa", 0, a, strlen(a), NULL, 0, NULL, 0, 0, &err);
    if (rc == EDDY_OK) rc = eddy__ckpt_write_part(w, "bb", 1, "", 0, pos, strlen(pos), NULL, 0, 0, &err);
    return finish(w, rc, retain, &err);
}

TEST(round_trip) {
    char *d = test_dir();
    ASSERT_EQ_INT(write_ckpt(d, 1, 1), EDDY_OK);
    ASSERT_TRUE(exists(d, "job1/chk-1/_metadata"));
    ASSERT_TRUE(exists(d, "job1/chk-1/op-aa-0"));
    ASSERT_FALSE(exists(d, "job1/chk-1/_metadata.tmp"));
    char p[4096];
    snprintf(p, sizeof p, "%s/job1/chk-1", d);
    Checkpoint *c;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__ckpt_load(p, &c, &err), EDDY_OK);
    ASSERT_EQ_INT(c->id, 1);
    ASSERT_STR_EQ(c->job_id, "job1");
    ASSERT_EQ_INT(c->nparts, 2);
    const CkptPart *a = eddy__ckpt_find(c, "aa", 0), *b = eddy__ckpt_find(c, "bb", 1);
    ASSERT_TRUE(a && b && !eddy__ckpt_find(c, "aa", 1));
    ASSERT_EQ_INT(a->len, strlen("state of aa/0 at 1"));
    ASSERT_TRUE(memcmp(a->data, "state of aa/0 at 1", a->len) == 0);
    ASSERT_EQ_INT(a->pos_len, 0);
    ASSERT_EQ_INT(b->len, 0);
    ASSERT_EQ_INT(b->pos_len, 6);
    ASSERT_TRUE(memcmp(b->pos, "off=10", 6) == 0);
    eddy__ckpt_free(c);
    char *latest;
    ASSERT_EQ_INT(eddy__ckpt_latest(d, "job1", &latest, &err), EDDY_OK);
    ASSERT_STR_EQ(latest, p);
    free(latest);
    ASSERT_EQ_INT(eddy__ckpt_latest(d, "nojob", &latest, &err), EDDY_OK);
    ASSERT_TRUE(latest == NULL);
    rmtree(d);
    free(d);
}

TEST(incomplete_is_not_a_checkpoint) {
    char *d = test_dir();
    EdErr err = {0};
    CkptWriter *w;
    ASSERT_EQ_INT(eddy__ckpt_begin(d, "job1", 3, &w, &err), EDDY_OK);
    ASSERT_EQ_INT(eddy__ckpt_write_part(w, "aa", 0, "x", 1, NULL, 0, NULL, 0, 0, &err), EDDY_OK);
    char p[4096];
    snprintf(p, sizeof p, "%s/job1/chk-3", d);
    Checkpoint *c;
    ASSERT_EQ_INT(eddy__ckpt_load(p, &c, &err), EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(err.msg, "is not a completed checkpoint: it has no _metadata file");
    eddy__err_clear(&err);
    char *latest;
    ASSERT_EQ_INT(eddy__ckpt_latest(d, "job1", &latest, &err), EDDY_OK);
    ASSERT_TRUE(latest == NULL);
    eddy__ckpt_abort(w);
    ASSERT_FALSE(exists(d, "job1/chk-3"));
    rmtree(d);
    free(d);
}

static void clobber(const char *path, long at, const char *bytes, bool truncate_there) {
    FILE *f = fopen(path, "r+b");
    if (!f) return;
    fseek(f, at, SEEK_SET);
    if (bytes) fwrite(bytes, 1, strlen(bytes), f);
    fclose(f);
    if (truncate_there && truncate(path, at) != 0) perror("truncate");
}

TEST(corrupt_part_falls_back) {
    char *d = test_dir();
    ASSERT_EQ_INT(write_ckpt(d, 1, 2), EDDY_OK);
    ASSERT_EQ_INT(write_ckpt(d, 2, 2), EDDY_OK);
    char part[4096], chk2[4096];
    snprintf(part, sizeof part, "%s/job1/chk-2/op-aa-0", d);
    snprintf(chk2, sizeof chk2, "%s/job1/chk-2", d);
    clobber(part, 3, "X", false);
    Checkpoint *c;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__ckpt_load(chk2, &c, &err), EDDY_E_RUNTIME);
    char want[8400];
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: checksum mismatch (the bytes were changed).", part);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    Buf skipped;
    eddy__buf_init(&skipped);
    ASSERT_EQ_INT(eddy__ckpt_load_fallback(chk2, &c, &skipped, &err), EDDY_OK);
    ASSERT_EQ_INT(c->id, 1);
    char line[17000];
    snprintf(line, sizeof line, "Skipping checkpoint %s: %s\n", chk2, want);
    ASSERT_STR_EQ(eddy__buf_cstr(&skipped), line);
    eddy__buf_free(&skipped);
    eddy__ckpt_free(c);
    rmtree(d);
    free(d);
}

TEST(truncated_files) {
    char *d = test_dir();
    ASSERT_EQ_INT(write_ckpt(d, 1, 1), EDDY_OK);
    char part[8192], meta[8192], chk[4096];
    snprintf(chk, sizeof chk, "%s/job1/chk-1", d);
    snprintf(part, sizeof part, "%s/op-aa-0", chk);
    snprintf(meta, sizeof meta, "%s/_metadata", chk);
    Checkpoint *c;
    EdErr err = {0};
    clobber(part, 5, NULL, true);
    ASSERT_EQ_INT(eddy__ckpt_load(chk, &c, &err), EDDY_E_RUNTIME);
    char want[8400];
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: 5 bytes where the metadata says 18 (truncated?).", part);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    clobber(meta, 40, NULL, true);
    ASSERT_EQ_INT(eddy__ckpt_load(chk, &c, &err), EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(err.msg, meta);
    ASSERT_STR_CONTAINS(err.msg, "is corrupt: 40 bytes where its header says");
    eddy__err_clear(&err);
    /* no older checkpoint: the fallback fails with the first error */
    ASSERT_EQ_INT(eddy__ckpt_load_fallback(chk, &c, NULL, &err), EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(err.msg, "40 bytes where its header says");
    eddy__err_clear(&err);
    clobber(meta, 0, NULL, true);
    ASSERT_EQ_INT(eddy__ckpt_load(chk, &c, &err), EDDY_E_RUNTIME);
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: not a checkpoint metadata file.", meta);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    rmtree(d);
    free(d);
}

TEST(corrupt_metadata_checksum) {
    char *d = test_dir();
    ASSERT_EQ_INT(write_ckpt(d, 1, 1), EDDY_OK);
    char meta[8192], chk[4096];
    snprintf(chk, sizeof chk, "%s/job1/chk-1", d);
    snprintf(meta, sizeof meta, "%s/_metadata", chk);
    clobber(meta, 36, "Z", false);
    Checkpoint *c;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__ckpt_load(chk, &c, &err), EDDY_E_RUNTIME);
    char want[8400];
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: checksum mismatch (the bytes were changed).", meta);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    rmtree(d);
    free(d);
}

TEST(retention) {
    char *d = test_dir();
    EdErr err = {0};
    /* an incomplete older checkpoint left by a crash */
    CkptWriter *w;
    ASSERT_EQ_INT(eddy__ckpt_begin(d, "job1", 1, &w, &err), EDDY_OK);
    ASSERT_EQ_INT(eddy__ckpt_write_part(w, "aa", 0, "x", 1, NULL, 0, NULL, 0, 0, &err), EDDY_OK);
    ASSERT_EQ_INT(write_ckpt(d, 2, 1), EDDY_OK);
    ASSERT_FALSE(exists(d, "job1/chk-1"));
    ASSERT_TRUE(exists(d, "job1/chk-2/_metadata"));
    ASSERT_EQ_INT(write_ckpt(d, 3, 1), EDDY_OK);
    ASSERT_FALSE(exists(d, "job1/chk-2"));
    ASSERT_TRUE(exists(d, "job1/chk-3/_metadata"));
    ASSERT_EQ_INT(write_ckpt(d, 4, 2), EDDY_OK);
    ASSERT_EQ_INT(write_ckpt(d, 5, 2), EDDY_OK);
    ASSERT_FALSE(exists(d, "job1/chk-3"));
    ASSERT_TRUE(exists(d, "job1/chk-4/_metadata"));
    ASSERT_TRUE(exists(d, "job1/chk-5/_metadata"));
    char *latest;
    ASSERT_EQ_INT(eddy__ckpt_latest(d, "job1", &latest, &err), EDDY_OK);
    ASSERT_TRUE(latest && strstr(latest, "/job1/chk-5"));
    free(latest);
    /* the writer handle of the removed chk-1 is still ours to free */
    eddy__ckpt_abort(w);
    rmtree(d);
    free(d);
}

TEST(bad_dir) {
    EdErr err = {0};
    CkptWriter *w;
    ASSERT_EQ_INT(eddy__ckpt_begin("/proc/no-such/ckpt", "job1", 1, &w, &err), EDDY_E_RUNTIME);
    ASSERT_STR_CONTAINS(err.msg, "Could not create the checkpoint directory /proc/no-such");
    eddy__err_clear(&err);
    ASSERT_EQ_INT(eddy__ckpt_begin("", "job1", 1, &w, &err), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(err.msg, "No checkpoint directory (execution.checkpointing.dir) is set.");
    eddy__err_clear(&err);
}

/* Writes <dir>/job1/shared/<name> with `content`; its ref. */
static CkptRef shared_file(const char *dir, const char *name, const char *content) {
    char rel[512];
    snprintf(rel, sizeof rel, "job1/shared/%s", name);
    write_file(dir, rel, content);
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    CkptRef r = {(char *)name, 0, 0};
    EdErr err = {0};
    eddy__file_sum(p, &r.size, &r.sum, &err);
    return r;
}

/* Checkpoint id with one part referencing refs[0..n), uploaded bytes up. */
static eddy_status write_incr(const char *dir, int64_t id, const CkptRef *refs, size_t n, uint64_t up, int retain) {
    EdErr err = {0};
    CkptWriter *w;
    eddy_status rc = eddy__ckpt_begin(dir, "job1", id, &w, &err);
    if (rc) return rc;
    rc = eddy__ckpt_write_part(w, "aa", 0, "meta", 4, NULL, 0, refs, n, up, &err);
    if (!rc && eddy__ckpt_writer_bytes(w) != 4 + up) rc = EDDY_E_INTERNAL;
    uint64_t full = 4;
    for (size_t i = 0; i < n; i++) full += refs[i].size;
    if (!rc && eddy__ckpt_writer_full_bytes(w) != full) rc = EDDY_E_INTERNAL;
    return finish(w, rc, retain, &err);
}

/* Incremental checkpoints: parts list the shared files they need; the
 * retention removes a shared file once no retained checkpoint lists it
 * (never one still listed), and a load checks every listed file (a missing
 * or truncated one names the file; the fallback takes the previous
 * checkpoint). */
TEST(shared_files) {
    char *d = test_dir();
    /* files are uploaded while their checkpoint is taken: before it completes */
    CkptRef a = shared_file(d, "n1-000010.sst", "aaaa"), b = shared_file(d, "n1-000011.sst", "bbbbbb");
    shared_file(d, "n1-000009.sst.tmp", "left by a crash"); /* an upload that never finished */
    CkptRef c1[] = {a, b};
    ASSERT_EQ_INT(write_incr(d, 1, c1, 2, a.size + b.size, 2), EDDY_OK);
    ASSERT_TRUE(exists(d, "job1/shared/n1-000009.sst.tmp") == false);
    CkptRef c = shared_file(d, "n1-000012.sst", "cc"), c2[] = {a, b, c}, c3[] = {b, c};
    ASSERT_EQ_INT(write_incr(d, 2, c2, 3, c.size, 2), EDDY_OK);
    ASSERT_TRUE(exists(d, "job1/shared/n1-000010.sst") && exists(d, "job1/shared/n1-000012.sst"));
    ASSERT_EQ_INT(write_incr(d, 3, c3, 2, 0, 2), EDDY_OK);
    /* chk-1 went; chk-2 still lists a */
    ASSERT_FALSE(exists(d, "job1/chk-1"));
    ASSERT_TRUE(exists(d, "job1/shared/n1-000010.sst"));
    ASSERT_EQ_INT(write_incr(d, 4, c3, 2, 0, 2), EDDY_OK);
    /* chk-2 went: nothing lists a any more */
    ASSERT_FALSE(exists(d, "job1/shared/n1-000010.sst"));
    ASSERT_TRUE(exists(d, "job1/shared/n1-000011.sst") && exists(d, "job1/shared/n1-000012.sst"));
    char chk4[4096], chk3[4096], fc[4096];
    snprintf(chk4, sizeof chk4, "%s/job1/chk-4", d);
    snprintf(chk3, sizeof chk3, "%s/job1/chk-3", d);
    snprintf(fc, sizeof fc, "%s/job1/shared/n1-000012.sst", d);
    Checkpoint *ck;
    EdErr err = {0};
    ASSERT_EQ_INT(eddy__ckpt_load(chk4, &ck, &err), EDDY_OK);
    ASSERT_EQ_INT(ck->nparts, 1);
    ASSERT_EQ_INT(ck->parts[0].nrefs, 2);
    ASSERT_STR_EQ(ck->parts[0].refs[1].name, "n1-000012.sst");
    char want[8400];
    snprintf(want, sizeof want, "%s/job1/shared", d);
    ASSERT_STR_EQ(ck->shared_dir, want);
    eddy__ckpt_free(ck);
    /* a shared file truncated: named; both checkpoints list it, so the
     * fallback finds none */
    clobber(fc, 1, NULL, true);
    ASSERT_EQ_INT(eddy__ckpt_load(chk4, &ck, &err), EDDY_E_RUNTIME);
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: 1 bytes where the metadata says 2 (truncated?).", fc);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    ASSERT_EQ_INT(eddy__ckpt_load_fallback(chk4, &ck, NULL, &err), EDDY_E_RUNTIME);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    /* changed bytes of the same length */
    clobber(fc, 0, "cX", false);
    ASSERT_EQ_INT(eddy__ckpt_load(chk3, &ck, &err), EDDY_E_RUNTIME);
    snprintf(want, sizeof want, "Checkpoint file %s is corrupt: checksum mismatch (the bytes were changed).", fc);
    ASSERT_STR_EQ(err.msg, want);
    eddy__err_clear(&err);
    /* chk-5 needs a new file d that goes missing: it falls back to chk-4 */
    clobber(fc, 0, "cc", false);
    CkptRef dd = shared_file(d, "n1-000013.sst", "dddd"), c5[] = {b, c, dd};
    ASSERT_EQ_INT(write_incr(d, 5, c5, 3, dd.size, 2), EDDY_OK);
    char fd[4096], chk5[4096];
    snprintf(fd, sizeof fd, "%s/job1/shared/n1-000013.sst", d);
    snprintf(chk5, sizeof chk5, "%s/job1/chk-5", d);
    ASSERT_EQ_INT(unlink(fd), 0);
    Buf skipped;
    eddy__buf_init(&skipped);
    ASSERT_EQ_INT(eddy__ckpt_load_fallback(chk5, &ck, &skipped, &err), EDDY_OK);
    ASSERT_EQ_INT(ck->id, 4);
    snprintf(want, sizeof want,
             "Skipping checkpoint %s: Checkpoint file %s is corrupt: the file is missing (No such file or directory).\n",
             chk5, fd);
    ASSERT_STR_EQ(eddy__buf_cstr(&skipped), want);
    eddy__buf_free(&skipped);
    eddy__ckpt_free(ck);
    rmtree(d);
    free(d);
}

int main(void) {
    RUN(round_trip);
    RUN(incomplete_is_not_a_checkpoint);
    RUN(corrupt_part_falls_back);
    RUN(truncated_files);
    RUN(corrupt_metadata_checksum);
    RUN(retention);
    RUN(bad_dir);
    RUN(shared_files);
    return test_report();
}
