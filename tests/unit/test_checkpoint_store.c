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
    rc = eddy__ckpt_write_part(w, "aa", 0, a, strlen(a), NULL, 0, &err);
    if (rc == EDDY_OK) rc = eddy__ckpt_write_part(w, "bb", 1, "", 0, pos, strlen(pos), &err);
    if (rc != EDDY_OK) {
        eddy__ckpt_abort(w);
        eddy__err_clear(&err);
        return rc;
    }
    rc = eddy__ckpt_complete(w, retain, &err);
    eddy__err_clear(&err);
    return rc;
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
    ASSERT_EQ_INT(eddy__ckpt_write_part(w, "aa", 0, "x", 1, NULL, 0, &err), EDDY_OK);
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
    ASSERT_EQ_INT(eddy__ckpt_write_part(w, "aa", 0, "x", 1, NULL, 0, &err), EDDY_OK);
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

int main(void) {
    RUN(round_trip);
    RUN(incomplete_is_not_a_checkpoint);
    RUN(corrupt_part_falls_back);
    RUN(truncated_files);
    RUN(corrupt_metadata_checksum);
    RUN(retention);
    RUN(bad_dir);
    return test_report();
}
