/*
 * checkpoint.c -- checkpoint storage (layout and format in checkpoint.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "runtime/checkpoint.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "EDDYCKPT"
#define META "_metadata"
#define META_TMP "_metadata.tmp"

typedef struct PartMeta {
    char *uid, *file;
    int subtask;
    uint64_t len, sum;
    void *pos;
    size_t pos_len;
    CkptRef *refs; /* shared files it references */
    size_t nrefs;
} PartMeta;

struct CkptWriter {
    char *job_dir, *path, *job_id;
    int64_t id;
    bool retained; /* a checkpoint (num-retained applies), not a savepoint */
    uint64_t uploaded; /* bytes the parts copied into shared/ */
    ED_VEC(PartMeta) parts;
};

const char *eddy__ckpt_writer_path(const CkptWriter *w) { return w->path; }

uint64_t eddy__ckpt_writer_bytes(const CkptWriter *w) {
    uint64_t n = w->uploaded;
    for (size_t i = 0; i < w->parts.len; i++) n += w->parts.items[i].len + w->parts.items[i].pos_len;
    return n;
}

uint64_t eddy__ckpt_writer_full_bytes(const CkptWriter *w) {
    uint64_t n = 0;
    for (size_t i = 0; i < w->parts.len; i++) {
        const PartMeta *p = &w->parts.items[i];
        n += p->len + p->pos_len;
        for (size_t r = 0; r < p->nrefs; r++) n += p->refs[r].size;
    }
    return n;
}

static void refs_free(CkptRef *refs, size_t n) {
    for (size_t i = 0; i < n; i++) eddy__free(refs[i].name);
    eddy__free(refs);
}


static eddy_status io_err(EdErr *err, const char *what, const char *path) {
    return eddy__err(err, EDDY_E_RUNTIME, "Could not %s %s: %s.", what, path, strerror(errno));
}

static eddy_status mkdirs(char *path, EdErr *err) {
    for (char *p = path + 1;; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            int rc = mkdir(path, 0777);
            int e = errno;
            *p = c;
            if (rc != 0 && e != EEXIST) {
                errno = e;
                return io_err(err, "create the checkpoint directory", path);
            }
            if (!c) break;
        }
    }
    return EDDY_OK;
}

static eddy_status fsync_path(const char *path, bool dir, EdErr *err) {
    int fd = open(path, dir ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0) return io_err(err, "open", path);
    int rc = fsync(fd);
    close(fd);
    return rc == 0 ? EDDY_OK : io_err(err, "sync", path);
}

/* Writes bytes to path (created or truncated) and fsyncs it. */
static eddy_status write_file(const char *path, const void *data, size_t len, EdErr *err) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) return io_err(err, "create", path);
    const char *p = data;
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR) continue;
            close(fd);
            return io_err(err, "write", path);
        }
        p += n, len -= (size_t)n;
    }
    if (fsync(fd) != 0) {
        close(fd);
        return io_err(err, "sync", path);
    }
    return close(fd) == 0 ? EDDY_OK : io_err(err, "write", path);
}

/* Removes the files of a directory (one level: checkpoint directories hold
 * no subdirectories) and the directory. */
static void remove_dir(const char *path) {
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char *f = eddy__path_join(path, e->d_name);
            if (f) unlink(f);
            eddy__free(f);
        }
        closedir(d);
    }
    rmdir(path);
}

static void parts_free(CkptWriter *w) {
    for (size_t i = 0; i < w->parts.len; i++) {
        eddy__free(w->parts.items[i].uid);
        eddy__free(w->parts.items[i].file);
        eddy__free(w->parts.items[i].pos);
        refs_free(w->parts.items[i].refs, w->parts.items[i].nrefs);
    }
    ed_vec_free(&w->parts);
}

static void writer_free(CkptWriter *w) {
    if (!w) return;
    parts_free(w);
    eddy__free(w->job_dir);
    eddy__free(w->path);
    eddy__free(w->job_id);
    eddy__free(w);
}

static eddy_status writer_dir(CkptWriter *w, CkptWriter **out, EdErr *err);

eddy_status eddy__ckpt_begin(const char *dir, const char *job_id, int64_t id, CkptWriter **out, EdErr *err) {
    *out = NULL;
    if (!dir || !*dir) return eddy__err(err, EDDY_E_VALIDATION, "No checkpoint directory (%s) is set.", CKPT_OPT_DIR);
    CkptWriter *w = eddy__calloc(1, sizeof *w);
    if (!w) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    char name[32];
    snprintf(name, sizeof name, "chk-%" PRId64, id);
    w->id = id;
    w->retained = true;
    w->job_id = eddy__strdup(job_id);
    w->job_dir = eddy__path_join(dir, job_id);
    w->path = w->job_dir ? eddy__path_join(w->job_dir, name) : NULL;
    return writer_dir(w, out, err);
}

eddy_status eddy__ckpt_begin_savepoint(const char *dir, const char *job_id, int64_t id, uint64_t random, CkptWriter **out,
                                       EdErr *err) {
    *out = NULL;
    CkptWriter *w = eddy__calloc(1, sizeof *w);
    if (!w) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    char name[64];
    snprintf(name, sizeof name, "savepoint-%.6s-%012llx", job_id, (unsigned long long)(random & 0xffffffffffffULL));
    w->id = id;
    w->job_id = eddy__strdup(job_id);
    w->job_dir = eddy__strdup(dir);
    w->path = eddy__path_join(dir, name);
    return writer_dir(w, out, err);
}

/* Creates w's directory (emptied when it exists) and hands w out. */
static eddy_status writer_dir(CkptWriter *w, CkptWriter **out, EdErr *err) {
    if (!w->job_id || !w->job_dir || !w->path) {
        writer_free(w);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    struct stat st;
    if (stat(w->path, &st) == 0) remove_dir(w->path);
    eddy_status rc = mkdirs(w->path, err);
    if (rc != EDDY_OK) {
        writer_free(w);
        return rc;
    }
    *out = w;
    return EDDY_OK;
}

eddy_status eddy__ckpt_write_part(CkptWriter *w, const char *uid, int subtask, const void *data, size_t len,
                                  const void *pos, size_t pos_len, const CkptRef *refs, size_t nrefs, uint64_t uploaded,
                                  EdErr *err) {
    char name[256];
    snprintf(name, sizeof name, "op-%s-%d", uid, subtask);
    PartMeta pm = {eddy__strdup(uid), eddy__strdup(name), subtask, len, eddy__hash_bytes(data ? data : "", len, 0),
                   pos_len ? eddy__malloc(pos_len) : NULL, pos_len, nrefs ? eddy__calloc(nrefs, sizeof(CkptRef)) : NULL,
                   nrefs};
    bool ok = pm.uid && pm.file && (!pos_len || pm.pos) && (!nrefs || pm.refs);
    for (size_t i = 0; ok && i < nrefs; i++) {
        pm.refs[i] = refs[i];
        ok = (pm.refs[i].name = eddy__strdup(refs[i].name)) != NULL;
    }
    char *path = eddy__path_join(w->path, name);
    if (!ok || !path || !ed_vec_push(&w->parts, pm)) {
        eddy__free(pm.uid), eddy__free(pm.file), eddy__free(pm.pos), eddy__free(path);
        refs_free(pm.refs, pm.nrefs);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    w->uploaded += uploaded;
    if (pos_len) memcpy(pm.pos, pos, pos_len);
    eddy_status rc = write_file(path, data, len, err);
    eddy__free(path);
    return rc;
}

char *eddy__ckpt_shared_dir(const char *dir, const char *job_id) {
    Buf p;
    eddy__buf_init(&p);
    eddy__buf_printf(&p, "%s/%s/" CKPT_SHARED, dir, job_id);
    if (p.failed) {
        eddy__buf_free(&p);
        return NULL;
    }
    return eddy__buf_take(&p);
}

static void put_u32(Buf *b, uint32_t v) { eddy__buf_put(b, &v, 4); }
static void put_u64(Buf *b, uint64_t v) { eddy__buf_put(b, &v, 8); }
static void put_str(Buf *b, const void *s, size_t n) {
    put_u32(b, (uint32_t)n);
    eddy__buf_put(b, s, n);
}

static void encode_meta(const CkptWriter *w, Buf *b) {
    eddy__buf_put(b, MAGIC, 8);
    put_u32(b, CKPT_METADATA_VERSION);
    put_u64(b, 0); /* total length, patched below */
    put_u64(b, (uint64_t)w->id);
    put_str(b, w->job_id, strlen(w->job_id));
    put_u32(b, (uint32_t)w->parts.len);
    for (size_t i = 0; i < w->parts.len; i++) {
        const PartMeta *p = &w->parts.items[i];
        put_str(b, p->uid, strlen(p->uid));
        put_u32(b, (uint32_t)p->subtask);
        put_str(b, p->file, strlen(p->file));
        put_u64(b, p->len);
        put_u64(b, p->sum);
        put_str(b, p->pos, p->pos_len);
        put_u32(b, (uint32_t)p->nrefs);
        for (size_t r = 0; r < p->nrefs; r++) {
            put_str(b, p->refs[r].name, strlen(p->refs[r].name));
            put_u64(b, p->refs[r].size);
            put_u64(b, p->refs[r].sum);
        }
    }
    if (b->failed) return;
    uint64_t total = b->len + 8;
    memcpy(b->data + 12, &total, 8);
    put_u64(b, eddy__hash_bytes(b->data, b->len, 0));
}

typedef struct ChkEntry {
    int64_t id;
    bool complete;
} ChkEntry;
typedef ED_VEC(ChkEntry) ChkVec;

static bool parse_chk_name(const char *name, int64_t *id) {
    if (strncmp(name, "chk-", 4) != 0 || !name[4]) return false;
    char *end;
    errno = 0;
    long long v = strtoll(name + 4, &end, 10);
    if (*end || errno || v < 0) return false;
    *id = v;
    return true;
}

/* The chk-<n> directories of a job directory, ascending by n. */
static eddy_status list_chk(const char *job_dir, ChkVec *v, EdErr *err) {
    DIR *d = opendir(job_dir);
    if (!d) return errno == ENOENT ? EDDY_OK : io_err(err, "read the checkpoint directory", job_dir);
    struct dirent *e;
    while ((e = readdir(d))) {
        ChkEntry c = {0, false};
        if (!parse_chk_name(e->d_name, &c.id)) continue;
        char *p = eddy__path_join(job_dir, e->d_name);
        char *m = p ? eddy__path_join(p, META) : NULL;
        struct stat st;
        c.complete = m && stat(m, &st) == 0;
        eddy__free(p), eddy__free(m);
        if (!ed_vec_push(v, c)) {
            closedir(d);
            return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        }
    }
    closedir(d);
    for (size_t i = 1; i < v->len; i++) /* insertion sort: few entries */
        for (size_t j = i; j > 0 && v->items[j - 1].id > v->items[j].id; j--) {
            ChkEntry t = v->items[j];
            v->items[j] = v->items[j - 1], v->items[j - 1] = t;
        }
    return EDDY_OK;
}

static void remove_chk(const char *job_dir, int64_t id) {
    char name[32];
    snprintf(name, sizeof name, "chk-%" PRId64, id);
    char *p = eddy__path_join(job_dir, name);
    if (p) remove_dir(p);
    eddy__free(p);
}

static eddy_status load_meta(const char *chk_dir, bool data, Checkpoint **out, EdErr *err);

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Removes the files of <job_dir>/shared that no completed checkpoint of the
 * job directory references (no upload is under way: checkpoints complete
 * one at a time, after every part was written). When a checkpoint's
 * metadata cannot be read every file stays: it might need any. */
static void clean_shared(const char *job_dir) {
    char *sd = eddy__path_join(job_dir, CKPT_SHARED);
    struct stat st;
    if (!sd || stat(sd, &st) != 0) {
        eddy__free(sd);
        return;
    }
    ChkVec v = {0};
    ED_VEC(char *) refs = {0};
    EdErr e = {0};
    bool ok = list_chk(job_dir, &v, &e) == EDDY_OK;
    for (size_t i = 0; ok && i < v.len; i++) {
        if (!v.items[i].complete) continue;
        char name[32];
        snprintf(name, sizeof name, "chk-%" PRId64, v.items[i].id);
        char *p = eddy__path_join(job_dir, name);
        Checkpoint *c = NULL;
        ok = p && load_meta(p, false, &c, &e) == EDDY_OK;
        for (size_t k = 0; ok && k < c->nparts; k++)
            for (size_t r = 0; ok && r < c->parts[k].nrefs; r++) {
                char *n = eddy__strdup(c->parts[k].refs[r].name);
                ok = n && ed_vec_push(&refs, n);
                if (!ok) eddy__free(n);
            }
        eddy__ckpt_free(c);
        eddy__free(p);
    }
    if (refs.len > 1) qsort(refs.items, refs.len, sizeof(char *), cmp_str);
    DIR *d = ok ? opendir(sd) : NULL;
    struct dirent *de;
    while (d && (de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        const char *key = de->d_name;
        if (bsearch(&key, refs.items, refs.len, sizeof(char *), cmp_str)) continue;
        char *f = eddy__path_join(sd, de->d_name);
        if (f) unlink(f);
        eddy__free(f);
    }
    if (d) closedir(d);
    for (size_t i = 0; i < refs.len; i++) eddy__free(refs.items[i]);
    ed_vec_free(&refs);
    ed_vec_free(&v);
    eddy__err_clear(&e);
    eddy__free(sd);
}

static eddy_status apply_retention(const char *job_dir, int64_t current, int retain, EdErr *err) {
    ChkVec v = {0};
    eddy_status rc = list_chk(job_dir, &v, err);
    if (rc == EDDY_OK) {
        int kept = 0;
        for (size_t i = v.len; i-- > 0;) {
            const ChkEntry *c = &v.items[i];
            if (c->id > current) continue; /* not ours to judge */
            if (c->complete && kept < retain) kept++;
            else if (c->id != current) remove_chk(job_dir, c->id);
        }
        clean_shared(job_dir);
        rc = fsync_path(job_dir, true, err);
    }
    ed_vec_free(&v);
    return rc;
}

eddy_status eddy__ckpt_complete(CkptWriter *w, int retain, EdErr *err) {
    Buf b;
    eddy__buf_init(&b);
    encode_meta(w, &b);
    char *tmp = eddy__path_join(w->path, META_TMP), *meta = eddy__path_join(w->path, META);
    eddy_status rc = EDDY_OK;
    if (b.failed || !tmp || !meta) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (rc == EDDY_OK) rc = fsync_path(w->path, true, err);
    if (rc == EDDY_OK) rc = write_file(tmp, b.data, b.len, err);
    if (rc == EDDY_OK && rename(tmp, meta) != 0) rc = io_err(err, "rename to _metadata", tmp);
    if (rc == EDDY_OK) rc = fsync_path(w->path, true, err);
    if (rc == EDDY_OK && w->retained) rc = apply_retention(w->job_dir, w->id, retain < 1 ? 1 : retain, err);
    eddy__buf_free(&b);
    eddy__free(tmp), eddy__free(meta);
    writer_free(w);
    return rc;
}

void eddy__ckpt_abort(CkptWriter *w) {
    if (!w) return;
    remove_dir(w->path);
    writer_free(w);
}

/* ---- reading ------------------------------------------------------------------------------- */

static eddy_status corrupt(EdErr *err, const char *path, const char *what) {
    return eddy__err(err, EDDY_E_RUNTIME, "Checkpoint file %s is corrupt: %s.", path, what);
}

static eddy_status read_file(const char *path, char **out, size_t *len, EdErr *err) {
    *out = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return io_err(err, "open the checkpoint file", path);
    Buf b;
    eddy__buf_init(&b);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) eddy__buf_put(&b, chunk, n);
    bool bad = ferror(f);
    fclose(f);
    if (bad || b.failed) {
        eddy__buf_free(&b);
        return bad ? io_err(err, "read the checkpoint file", path) : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    *len = b.len;
    *out = b.len ? b.data : NULL;
    if (!b.len) eddy__buf_free(&b);
    return EDDY_OK;
}

typedef struct Rd {
    const char *p;
    size_t left;
    bool bad;
} Rd;
static uint32_t rd_u32(Rd *r) {
    uint32_t v = 0;
    if (r->left < 4) r->bad = true;
    else memcpy(&v, r->p, 4), r->p += 4, r->left -= 4;
    return v;
}
static uint64_t rd_u64(Rd *r) {
    uint64_t v = 0;
    if (r->left < 8) r->bad = true;
    else memcpy(&v, r->p, 8), r->p += 8, r->left -= 8;
    return v;
}
static const char *rd_str(Rd *r, size_t *n) {
    *n = rd_u32(r);
    if (r->bad || *n > r->left) {
        r->bad = true;
        return NULL;
    }
    const char *s = r->p;
    r->p += *n, r->left -= *n;
    return s;
}

void eddy__ckpt_free(Checkpoint *c) {
    if (!c) return;
    for (size_t i = 0; i < c->nparts; i++) {
        eddy__free(c->parts[i].uid);
        eddy__free(c->parts[i].data);
        eddy__free(c->parts[i].pos);
        refs_free(c->parts[i].refs, c->parts[i].nrefs);
    }
    eddy__free(c->parts);
    eddy__free(c->job_id);
    eddy__free(c->path);
    eddy__free(c->shared_dir);
    eddy__free(c);
}

/* The shared files a part references (metadata version 2). */
static eddy_status load_refs(CkptPart *part, Rd *r, const char *meta, EdErr *err) {
    uint32_t n = rd_u32(r);
    if (r->bad || n > r->left / 20) return corrupt(err, meta, "truncated part list");
    if (n && !(part->refs = eddy__calloc(n, sizeof *part->refs))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        size_t nl;
        const char *name = rd_str(r, &nl);
        uint64_t size = rd_u64(r), sum = rd_u64(r);
        if (r->bad || !nl || memchr(name, '/', nl) || memchr(name, 0, nl)) return corrupt(err, meta, "a malformed shared file name");
        if (!(part->refs[i].name = eddy__strndup(name, nl))) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        part->refs[i].size = size, part->refs[i].sum = sum;
        part->nrefs = i + 1;
    }
    return EDDY_OK;
}

/* A shared file as a part's metadata describes it: there, whole, unchanged. */
static eddy_status check_ref(const char *shared_dir, const CkptRef *ref, EdErr *err) {
    char *path = eddy__path_join(shared_dir, ref->name);
    if (!path) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    uint64_t size = 0, sum = 0;
    EdErr e = {0};
    struct stat st;
    eddy_status rc = EDDY_OK;
    char what[160];
    if (stat(path, &st) != 0) {
        snprintf(what, sizeof what, "the file is missing (%s)", strerror(errno));
        rc = corrupt(err, path, what);
    } else if (eddy__file_sum(path, &size, &sum, &e) != EDDY_OK) {
        rc = corrupt(err, path, e.msg ? e.msg : "it cannot be read");
    } else if (size != ref->size) {
        snprintf(what, sizeof what, "%" PRIu64 " bytes where the metadata says %" PRIu64 " (truncated?)", size, ref->size);
        rc = corrupt(err, path, what);
    } else if (sum != ref->sum) {
        rc = corrupt(err, path, "checksum mismatch (the bytes were changed)");
    }
    eddy__err_clear(&e);
    eddy__free(path);
    return rc;
}

/* One part of the metadata; data: read its file (and check it and the
 * shared files it references) too. */
static eddy_status load_part(Checkpoint *c, CkptPart *part, Rd *r, const char *meta, uint32_t version, bool data,
                             EdErr *err) {
    size_t n, fn, pn;
    const char *uid = rd_str(r, &n);
    part->subtask = (int)rd_u32(r);
    const char *file = rd_str(r, &fn);
    uint64_t len = rd_u64(r), sum = rd_u64(r);
    const char *pos = rd_str(r, &pn);
    if (r->bad) return corrupt(err, meta, "truncated part list");
    if (version >= 2) {
        eddy_status rc = load_refs(part, r, meta, err);
        if (rc) return rc;
    }
    part->uid = eddy__strndup(uid, n);
    char *fname = eddy__strndup(file, fn);
    part->pos = pn ? eddy__malloc(pn) : NULL;
    char *path = fname ? eddy__path_join(c->path, fname) : NULL;
    eddy__free(fname);
    if (!part->uid || !path || (pn && !part->pos)) {
        eddy__free(path);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    if (pn) memcpy(part->pos, pos, pn);
    part->pos_len = pn;
    if (!data) {
        eddy__free(path);
        return EDDY_OK;
    }
    char *bytes;
    size_t dlen;
    eddy_status rc = read_file(path, &bytes, &dlen, err);
    if (rc == EDDY_OK) {
        part->data = bytes;
        part->len = dlen;
        char what[128];
        if (dlen != len) {
            snprintf(what, sizeof what, "%zu bytes where the metadata says %" PRIu64 " (truncated?)", dlen, len);
            rc = corrupt(err, path, what);
        } else if (eddy__hash_bytes(bytes ? bytes : "", dlen, 0) != sum) {
            rc = corrupt(err, path, "checksum mismatch (the bytes were changed)");
        }
    }
    for (size_t i = 0; rc == EDDY_OK && i < part->nrefs; i++) rc = check_ref(c->shared_dir, &part->refs[i], err);
    eddy__free(path);
    return rc;
}

/* <chk_dir>/../shared (malloc'd). */
static char *shared_of(const char *chk_dir) {
    size_t n = strlen(chk_dir);
    while (n > 1 && chk_dir[n - 1] == '/') n--;
    while (n > 0 && chk_dir[n - 1] != '/') n--;
    Buf p;
    eddy__buf_init(&p);
    if (n) eddy__buf_put(&p, chk_dir, n);
    else eddy__buf_puts(&p, "./");
    eddy__buf_puts(&p, CKPT_SHARED);
    if (p.failed) {
        eddy__buf_free(&p);
        return NULL;
    }
    return eddy__buf_take(&p);
}

static eddy_status load_meta(const char *chk_dir, bool data, Checkpoint **out, EdErr *err);

eddy_status eddy__ckpt_load(const char *chk_dir, Checkpoint **out, EdErr *err) { return load_meta(chk_dir, true, out, err); }

static eddy_status load_meta(const char *chk_dir, bool with_data, Checkpoint **out, EdErr *err) {
    *out = NULL;
    char *meta = eddy__path_join(chk_dir, META);
    Checkpoint *c = eddy__calloc(1, sizeof *c);
    if (!meta || !c) {
        eddy__free(meta), eddy__free(c);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    c->path = eddy__strdup(chk_dir);
    c->shared_dir = shared_of(chk_dir);
    char *bytes = NULL;
    size_t len = 0;
    struct stat st;
    eddy_status rc;
    if (!c->path || !c->shared_dir) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
    else if (stat(meta, &st) != 0)
        rc = eddy__err(err, EDDY_E_RUNTIME,
                       "%s is not a completed checkpoint: it has no _metadata file (%s).", chk_dir, strerror(errno));
    else rc = read_file(meta, &bytes, &len, err);
    const char *data = bytes;
    uint32_t version = 0;
    if (rc == EDDY_OK) {
        Rd r = {data, len, false};
        uint64_t total = 0, sum = 0;
        if (len < 8 + 4 + 8 + 8 || memcmp(data, MAGIC, 8) != 0) rc = corrupt(err, meta, "not a checkpoint metadata file");
        else {
            r.p += 8, r.left -= 8;
            version = rd_u32(&r);
            total = rd_u64(&r);
            if (version < 1 || version > CKPT_METADATA_VERSION) {
                char what[96];
                snprintf(what, sizeof what, "unknown format version %u (this eddy reads %u)", version, CKPT_METADATA_VERSION);
                rc = corrupt(err, meta, what);
            } else if (total != len) {
                char what[96];
                snprintf(what, sizeof what, "%zu bytes where its header says %" PRIu64 " (truncated?)", len, total);
                rc = corrupt(err, meta, what);
            } else {
                memcpy(&sum, data + len - 8, 8);
                if (eddy__hash_bytes(data, len - 8, 0) != sum) rc = corrupt(err, meta, "checksum mismatch (the bytes were changed)");
            }
        }
        if (rc == EDDY_OK) {
            r.left -= 8; /* the checksum */
            c->id = (int64_t)rd_u64(&r);
            size_t n;
            const char *job = rd_str(&r, &n);
            uint32_t np = rd_u32(&r);
            if (r.bad || np > r.left / 32) rc = corrupt(err, meta, "truncated header");
            else if (!(c->job_id = eddy__strndup(job, n)) || (np && !(c->parts = eddy__calloc(np, sizeof *c->parts))))
                rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
            for (uint32_t i = 0; rc == EDDY_OK && i < np; i++) {
                c->nparts = i + 1;
                rc = load_part(c, &c->parts[i], &r, meta, version, with_data, err);
            }
        }
    }
    eddy__free(bytes);
    eddy__free(meta);
    if (rc != EDDY_OK) eddy__ckpt_free(c);
    else *out = c;
    return rc;
}

/* Splits ".../job/chk-<n>" into its job directory and n. */
static bool split_chk_path(const char *chk_dir, char **job_dir, int64_t *id) {
    size_t n = strlen(chk_dir);
    while (n > 1 && chk_dir[n - 1] == '/') n--;
    size_t s = n;
    while (s > 0 && chk_dir[s - 1] != '/') s--;
    char name[64];
    if (n - s >= sizeof name) return false;
    memcpy(name, chk_dir + s, n - s);
    name[n - s] = 0;
    if (!parse_chk_name(name, id)) return false;
    *job_dir = s ? eddy__strndup(chk_dir, s - 1 ? s - 1 : 1) : eddy__strdup(".");
    return *job_dir != NULL;
}

eddy_status eddy__ckpt_load_fallback(const char *chk_dir, Checkpoint **out, Buf *skipped, EdErr *err) {
    EdErr first = {0};
    eddy_status rc = eddy__ckpt_load(chk_dir, out, &first);
    if (rc == EDDY_OK || rc == EDDY_E_NOMEM) {
        eddy__err_move(err, &first);
        return rc;
    }
    if (skipped) eddy__buf_printf(skipped, "Skipping checkpoint %s: %s\n", chk_dir, first.msg ? first.msg : "");
    char *job_dir = NULL;
    int64_t id;
    ChkVec v = {0};
    if (split_chk_path(chk_dir, &job_dir, &id) && list_chk(job_dir, &v, err) == EDDY_OK) {
        for (size_t i = v.len; i-- > 0 && rc != EDDY_OK;) {
            if (v.items[i].id >= id || !v.items[i].complete) continue;
            char name[32];
            snprintf(name, sizeof name, "chk-%" PRId64, v.items[i].id);
            char *p = eddy__path_join(job_dir, name);
            EdErr e2 = {0};
            rc = p ? eddy__ckpt_load(p, out, &e2) : EDDY_E_NOMEM;
            if (rc != EDDY_OK && skipped && p) eddy__buf_printf(skipped, "Skipping checkpoint %s: %s\n", p, e2.msg ? e2.msg : "");
            eddy__err_clear(&e2);
            eddy__free(p);
        }
    }
    ed_vec_free(&v);
    eddy__free(job_dir);
    if (rc != EDDY_OK) eddy__err_move(err, &first);
    eddy__err_clear(&first);
    return rc;
}

eddy_status eddy__ckpt_latest(const char *dir, const char *job_id, char **out, EdErr *err) {
    *out = NULL;
    char *job_dir = eddy__path_join(dir, job_id);
    if (!job_dir) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    ChkVec v = {0};
    eddy_status rc = list_chk(job_dir, &v, err);
    for (size_t i = v.len; rc == EDDY_OK && i-- > 0;) {
        if (!v.items[i].complete) continue;
        char name[32];
        snprintf(name, sizeof name, "chk-%" PRId64, v.items[i].id);
        if (!(*out = eddy__path_join(job_dir, name))) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
        break;
    }
    ed_vec_free(&v);
    eddy__free(job_dir);
    return rc;
}

const CkptPart *eddy__ckpt_find(const Checkpoint *c, const char *uid, int subtask) {
    for (size_t i = 0; i < c->nparts; i++)
        if (c->parts[i].subtask == subtask && !strcmp(c->parts[i].uid, uid)) return &c->parts[i];
    return NULL;
}

const char *eddy__ckpt_local_path(const char *path) {
    if (!strncmp(path, "file://", 7)) return path + 7;
    if (!strncmp(path, "file:", 5)) return path + 5;
    return path;
}
