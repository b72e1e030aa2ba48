/*
 * fs_commit.c -- the filesystem connector's commit protocol (fs_commit.h):
 * staged files made durable, one commit record written atomically, moves
 * that can be redone, an overwrite's old files removed only once every new
 * file is in place, and recovery -- run by the next job that reads or
 * writes the table, under the table's exclusive lock -- that completes a
 * recorded commit and removes the staging of jobs that died before theirs.
 * The protocol is stated step by step in src/connectors/README.md.
 *
 * Durability: a file or directory entry counts only once fsynced. Up to
 * SYNC_EACH_MAX paths are fsynced one by one; a commit with more is made
 * durable with one syncfs(2) of the table's file system (one journal commit
 * instead of one per file and directory).
 */
#include "connectors/fs_commit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/formats.h"

#define SYNC_EACH_MAX 16 /* more paths to make durable than this: one syncfs */
#define RECORD_MAGIC "eddy-commit 1"

/* ---- steps and the fault-injection hook ------------------------------------------- */

static atomic_uint_fast64_t steps_made;
static atomic_uint_fast64_t fault_at; /* the step that fails; 0: none */
static atomic_int fault_mode;

bool eddy__fs_fault_set(uint64_t step, FsFault mode) {
    atomic_store(&fault_mode, (int)mode);
    return atomic_exchange(&fault_at, mode == FS_FAULT_NONE ? 0 : atomic_load(&steps_made) + step) != 0;
}

uint64_t eddy__fs_steps(void) { return atomic_load(&steps_made); }

/* Counts one step; false (errno EIO) when the hook makes it fail. */
static bool step(void) {
    uint64_t n = atomic_fetch_add(&steps_made, 1) + 1;
    uint_fast64_t want = n;
    if (!atomic_compare_exchange_strong(&fault_at, &want, 0)) return true;
    if (atomic_load(&fault_mode) == FS_FAULT_EXIT) _exit(FS_FAULT_EXIT_STATUS);
    errno = EIO;
    return false;
}

static int s_mkdir(const char *p) { return step() ? mkdir(p, 0777) : -1; }
static int s_rename(const char *a, const char *b) { return step() ? rename(a, b) : -1; }
static int s_unlink(const char *p) { return step() ? unlink(p) : -1; }
static int s_rmdir(const char *p) { return step() ? rmdir(p) : -1; }
static int s_fsync(int fd) { return step() ? fsync(fd) : -1; }
static int s_syncfs(int fd) { return step() ? syncfs(fd) : -1; }

int eddy__fs_create(const char *path) {
    return step() ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) : -1;
}

/* fsyncs a file or directory by name. */
static int fsync_path(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    int r = s_fsync(fd);
    int e = errno;
    close(fd);
    errno = e;
    return r;
}

int eddy__fs_fsync_path(const char *path) { return fsync_path(path); }

/* ---- directories -------------------------------------------------------------------- */

static int mkdirs_in(char *p) {
    if (s_mkdir(p) == 0 || errno == EEXIST) return 0;
    if (errno != ENOENT) return -1;
    char *slash = strrchr(p, '/');
    if (!slash || slash == p) return -1;
    *slash = 0;
    int r = mkdirs_in(p);
    *slash = '/';
    if (r) return -1;
    return s_mkdir(p) == 0 || errno == EEXIST ? 0 : -1;
}

int eddy__fs_mkdirs(const char *path) {
    char *p = eddy__strdup(path);
    if (!p) {
        errno = ENOMEM;
        return -1;
    }
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = 0;
    int r = mkdirs_in(p);
    int e = errno;
    eddy__free(p);
    errno = e;
    return r;
}

int eddy__fs_remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode)) return s_unlink(path) == 0 || errno == ENOENT ? 0 : -1;
    DIR *d = opendir(path);
    if (!d) return -1;
    struct dirent *e;
    int rc = 0;
    while (!rc && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *c = eddy__malloc(strlen(path) + strlen(e->d_name) + 2);
        if (!c) {
            errno = ENOMEM;
            rc = -1;
            break;
        }
        sprintf(c, "%s/%s", path, e->d_name);
        rc = eddy__fs_remove_tree(c);
        eddy__free(c);
    }
    int err = errno;
    closedir(d);
    if (rc) {
        errno = err;
        return rc;
    }
    return s_rmdir(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* Opens dir and takes a flock on it (LOCK_SH / LOCK_EX, maybe | LOCK_NB);
 * returns the fd (closing it releases the lock) or -1 with errno set. */
static int lock_dir(const char *dir, int how) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    while (flock(fd, how) != 0) {
        if (errno == EINTR) continue;
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

void eddy__fs_unlock(int lock_fd) {
    if (lock_fd >= 0) close(lock_fd);
}

/* A list of malloc'd paths. */
typedef ED_VEC(char *) Paths;

static void paths_free(Paths *p) {
    for (size_t i = 0; i < p->len; i++) eddy__free(p->items[i]);
    ed_vec_free(p);
}

static bool paths_add(Paths *p, const char *s, size_t n) {
    char *c = eddy__strndup(s, n);
    if (!c || !ed_vec_push(p, c)) {
        eddy__free(c);
        return false;
    }
    return true;
}

static int cmp_path(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorts and removes duplicates. */
static void paths_unique(Paths *p) {
    if (p->len < 2) return;
    qsort(p->items, p->len, sizeof(char *), cmp_path);
    size_t k = 1;
    for (size_t i = 1; i < p->len; i++) {
        if (!strcmp(p->items[i], p->items[k - 1])) eddy__free(p->items[i]);
        else p->items[k++] = p->items[i];
    }
    p->len = k;
}

/* Makes the given paths durable: fsyncs each, or, when there are more than
 * SYNC_EACH_MAX (or `paths` is NULL: too many to list), syncfs of the file
 * system of root_fd. */
static bool make_durable(int root_fd, const char *root, Paths *paths, Buf *why) {
    if (paths) paths_unique(paths);
    if (!paths || paths->len > SYNC_EACH_MAX) {
        if (s_syncfs(root_fd) == 0) return true;
        eddy__buf_printf(why, "Could not sync the file system of %s: %s", root, strerror(errno));
        return false;
    }
    for (size_t i = 0; i < paths->len; i++)
        if (fsync_path(paths->items[i]) != 0) {
            eddy__buf_printf(why, "Could not sync %s: %s", paths->items[i], strerror(errno));
            return false;
        }
    return true;
}

/* ---- the commit record ---------------------------------------------------------------- */

/* A uuid as random_uuid in filesystem.c makes them (36 characters). */
static bool is_token(const char *s, size_t n) {
    if (n != 36) return false;
    for (size_t i = 0; i < n; i++) {
        bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    }
    return true;
}

/* Appends s with '%', CR and LF as %XX (eddy__partition_unescape reverses it). */
static void put_escaped(Buf *b, const char *s) {
    for (; *s; s++) {
        if (*s == '%' || *s == '\n' || *s == '\r') eddy__buf_printf(b, "%%%02X", (unsigned char)*s);
        else eddy__buf_putc(b, *s);
    }
}

static void record_text(const FsCommit *c, Buf *b) {
    eddy__buf_printf(b, RECORD_MAGIC "\ntoken %s\noverwrite %d\n", c->token, c->overwrite ? 1 : 0);
    if (c->success) {
        eddy__buf_puts(b, "success ");
        put_escaped(b, c->success);
        eddy__buf_putc(b, '\n');
    }
    eddy__buf_printf(b, "dirs %zu\n", c->ndirs);
    for (size_t i = 0; i < c->ndirs; i++) {
        eddy__buf_puts(b, "d ");
        put_escaped(b, c->dirs[i]);
        eddy__buf_putc(b, '\n');
    }
    eddy__buf_printf(b, "files %zu\n", c->nfiles);
    for (size_t i = 0; i < c->nfiles; i++)
        eddy__buf_printf(b, "f %u %d %u\n", c->files[i].dir, c->files[i].subtask, c->files[i].seq);
    eddy__buf_puts(b, "end\n");
}

/* The next line of [*p, end) without its '\n'; false at the end or when
 * the last line is not terminated. */
static bool next_line(const char **p, const char *end, const char **line, size_t *n) {
    if (*p >= end) return false;
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    if (!nl) return false;
    *line = *p;
    *n = (size_t)(nl - *p);
    *p = nl + 1;
    return true;
}

/* The text after `key ` when line starts with it, else NULL. */
static const char *field(const char *line, size_t n, const char *key, size_t *vn) {
    size_t k = strlen(key);
    if (n < k + 1 || memcmp(line, key, k) || line[k] != ' ') return NULL;
    *vn = n - k - 1;
    return line + k + 1;
}

static bool parse_count(const char *s, size_t n, uint64_t max, uint64_t *out) {
    if (!n || n > 19) return false;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        x = x * 10 + (uint64_t)(s[i] - '0');
    }
    if (x > max) return false;
    *out = x;
    return true;
}

/* Reads the record of `token` in root into c (memory from a). */
static bool read_record(const char *root, const char *token, Arena *a, FsCommit *c, Buf *why) {
    char *path = eddy__arena_printf(a, "%s/.commit_%s", root, token);
    if (!path) {
        eddy__buf_puts(why, "out of memory");
        return false;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        eddy__buf_printf(why, "Could not open %s: %s", path, strerror(errno));
        return false;
    }
    Buf text;
    eddy__buf_init(&text);
    char chunk[65536];
    ssize_t r;
    while ((r = read(fd, chunk, sizeof chunk)) != 0) {
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) break;
        eddy__buf_put(&text, chunk, (size_t)r);
    }
    int e = errno;
    close(fd);
    if (r < 0 || text.failed) {
        eddy__buf_printf(why, "Could not read %s: %s", path, r < 0 ? strerror(e) : "out of memory");
        eddy__buf_free(&text);
        return false;
    }
    const char *p = text.data ? text.data : "", *end = p + text.len, *line, *v;
    size_t n, vn;
    uint64_t x, ndirs = 0, nfiles = 0;
    bool ok = next_line(&p, end, &line, &n) && n == strlen(RECORD_MAGIC) && !memcmp(line, RECORD_MAGIC, n);
    ok = ok && next_line(&p, end, &line, &n) && (v = field(line, n, "token", &vn)) && vn == strlen(token) &&
         !memcmp(v, token, vn);
    ok = ok && next_line(&p, end, &line, &n) && (v = field(line, n, "overwrite", &vn)) && parse_count(v, vn, 1, &x);
    memset(c, 0, sizeof *c);
    c->root = root;
    c->token = eddy__arena_strdup(a, token);
    c->overwrite = ok && x == 1;
    ok = ok && next_line(&p, end, &line, &n);
    Buf val;
    eddy__buf_init(&val);
    if (ok && (v = field(line, n, "success", &vn))) {
        eddy__partition_unescape(&val, v, vn);
        c->success = eddy__arena_strdup(a, eddy__buf_cstr(&val));
        ok = next_line(&p, end, &line, &n);
    }
    ok = ok && (v = field(line, n, "dirs", &vn)) && parse_count(v, vn, UINT32_MAX, &ndirs);
    const char **dirs = ok ? eddy__arena_alloc(a, sizeof(char *) * (ndirs + 1)) : NULL;
    ok = ok && dirs;
    for (uint64_t i = 0; ok && i < ndirs; i++) {
        ok = next_line(&p, end, &line, &n) && n >= 1 && line[0] == 'd' && (n == 1 || line[1] == ' ');
        if (!ok) break;
        eddy__buf_truncate(&val, 0);
        if (n > 2) eddy__partition_unescape(&val, line + 2, n - 2);
        dirs[i] = eddy__arena_strdup(a, eddy__buf_cstr(&val));
    }
    ok = ok && next_line(&p, end, &line, &n) && (v = field(line, n, "files", &vn)) &&
         parse_count(v, vn, UINT32_MAX, &nfiles);
    FsCommitFile *files = ok ? eddy__arena_alloc(a, sizeof(FsCommitFile) * (nfiles + 1)) : NULL;
    ok = ok && files;
    for (uint64_t i = 0; ok && i < nfiles; i++) {
        ok = next_line(&p, end, &line, &n) && (v = field(line, n, "f", &vn));
        unsigned d, seq;
        int sub, used = 0;
        char tmp[64];
        ok = ok && vn < sizeof tmp;
        if (!ok) break;
        memcpy(tmp, v, vn);
        tmp[vn] = 0;
        ok = sscanf(tmp, "%u %d %u%n", &d, &sub, &seq, &used) == 3 && (size_t)used == vn && d < ndirs && sub >= 0;
        files[i] = (FsCommitFile){d, sub, seq};
    }
    ok = ok && next_line(&p, end, &line, &n) && n == 3 && !memcmp(line, "end", 3) && p == end;
    ok = ok && !a->failed && !val.failed && c->token;
    eddy__buf_free(&val);
    eddy__buf_free(&text);
    if (!ok) {
        eddy__buf_printf(why, "the commit record %s is damaged", path);
        return false;
    }
    c->ndirs = ndirs;
    c->dirs = dirs;
    c->nfiles = nfiles;
    c->files = files;
    return true;
}

/* Writes the record of c: to a temporary file, fsynced, renamed into place,
 * the directory fsynced. *pending turns true once the record is visible. */
static bool write_record(const FsCommit *c, int root_fd, bool *pending, Buf *why) {
    Buf text, tmp, path;
    eddy__buf_init(&text);
    eddy__buf_init(&tmp);
    eddy__buf_init(&path);
    record_text(c, &text);
    eddy__buf_printf(&tmp, "%s/.commit_%s.tmp", c->root, c->token);
    eddy__buf_printf(&path, "%s/.commit_%s", c->root, c->token);
    bool ok = !text.failed && !tmp.failed && !path.failed;
    if (!ok) eddy__buf_puts(why, "out of memory");
    int fd = ok ? eddy__fs_create(tmp.data) : -1;
    if (ok && fd < 0) {
        eddy__buf_printf(why, "Could not create %s: %s", tmp.data, strerror(errno));
        ok = false;
    }
    for (size_t off = 0; ok && off < text.len;) {
        ssize_t r = write(fd, text.data + off, text.len - off);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            eddy__buf_printf(why, "Could not write %s: %s", tmp.data, strerror(errno));
            ok = false;
        } else {
            off += (size_t)r;
        }
    }
    if (ok && s_fsync(fd) != 0) {
        eddy__buf_printf(why, "Could not sync %s: %s", tmp.data, strerror(errno));
        ok = false;
    }
    if (fd >= 0) close(fd);
    if (ok && s_rename(tmp.data, path.data) != 0) {
        eddy__buf_printf(why, "Could not move %s to %s: %s", tmp.data, path.data, strerror(errno));
        ok = false;
    }
    if (ok) *pending = true;
    if (ok && s_fsync(root_fd) != 0) {
        eddy__buf_printf(why, "Could not sync %s: %s", c->root, strerror(errno));
        ok = false;
    }
    if (!ok && !*pending && fd >= 0) unlink(tmp.data);
    eddy__buf_free(&text);
    eddy__buf_free(&tmp);
    eddy__buf_free(&path);
    return ok;
}

/* Removes the record (the commit is complete, or rolled back). */
static bool remove_record(const FsCommit *c, int root_fd, Buf *why) {
    Buf path;
    eddy__buf_init(&path);
    eddy__buf_printf(&path, "%s/.commit_%s", c->root, c->token);
    bool ok = !path.failed;
    if (!ok) eddy__buf_puts(why, "out of memory");
    if (ok && s_unlink(path.data) != 0 && errno != ENOENT) {
        eddy__buf_printf(why, "Could not delete %s: %s", path.data, strerror(errno));
        ok = false;
    }
    if (ok && s_fsync(root_fd) != 0) {
        eddy__buf_printf(why, "Could not sync %s: %s", c->root, strerror(errno));
        ok = false;
    }
    eddy__buf_free(&path);
    return ok;
}

/* ---- applying a commit ---------------------------------------------------------------- */

static void staged_path(Buf *b, const FsCommit *c, const FsCommitFile *f) {
    eddy__buf_truncate(b, 0);
    eddy__buf_printf(b, "%s/.staging_%s/%d/%spart-%s-%d-%u", c->root, c->token, f->subtask, c->dirs[f->dir],
                     c->token, f->subtask, f->seq);
}

static void final_path(Buf *b, const FsCommit *c, const FsCommitFile *f) {
    eddy__buf_truncate(b, 0);
    eddy__buf_printf(b, "%s/%spart-%s-%d-%u", c->root, c->dirs[f->dir], c->token, f->subtask, f->seq);
}

/* "<root>/<dir>" of the i-th directory of c. */
static void dir_path(Buf *b, const FsCommit *c, size_t i) {
    eddy__buf_truncate(b, 0);
    eddy__buf_printf(b, "%s/%s", c->root, c->dirs[i]);
}

/* The directories of c ("<root>/<dir>"), for fsync. */
static bool add_target_dirs(const FsCommit *c, Paths *p) {
    Buf b;
    eddy__buf_init(&b);
    bool ok = true;
    for (size_t i = 0; ok && i < c->ndirs; i++) {
        dir_path(&b, c, i);
        ok = !b.failed && paths_add(p, b.data, b.len);
    }
    eddy__buf_free(&b);
    return ok;
}

/* Makes the target directories durable (NULL list when there are too many
 * to fsync one by one). */
static bool sync_targets(const FsCommit *c, int root_fd, Buf *why) {
    Paths p = {0};
    bool small = c->ndirs <= SYNC_EACH_MAX;
    if (small && !add_target_dirs(c, &p)) {
        paths_free(&p);
        eddy__buf_puts(why, "out of memory");
        return false;
    }
    bool ok = make_durable(root_fd, c->root, small ? &p : NULL, why);
    paths_free(&p);
    return ok;
}

/* Moves the staged files into place; a file already moved (by an earlier
 * attempt) counts as moved. *moved: how many were moved by this call. */
static bool move_files(const FsCommit *c, size_t *moved, Buf *why) {
    Buf from, to;
    eddy__buf_init(&from);
    eddy__buf_init(&to);
    bool ok = true;
    *moved = 0;
    for (size_t i = 0; ok && i < c->nfiles; i++) {
        staged_path(&from, c, &c->files[i]);
        final_path(&to, c, &c->files[i]);
        if (from.failed || to.failed) {
            eddy__buf_puts(why, "out of memory");
            ok = false;
        } else if (s_rename(from.data, to.data) == 0) {
            *moved = i + 1;
        } else {
            int e = errno;
            struct stat st;
            if (e == ENOENT && lstat(from.data, &st) != 0 && lstat(to.data, &st) == 0) continue;
            eddy__buf_printf(why, "Could not move %s to %s: %s", from.data, to.data, strerror(e));
            ok = false;
        }
    }
    eddy__buf_free(&from);
    eddy__buf_free(&to);
    return ok;
}

/* Moves the first n files back to staging (undoing move_files). */
static bool unmove_files(const FsCommit *c, size_t n) {
    Buf from, to;
    eddy__buf_init(&from);
    eddy__buf_init(&to);
    bool ok = true;
    while (ok && n-- > 0) {
        staged_path(&to, c, &c->files[n]);
        final_path(&from, c, &c->files[n]);
        ok = !from.failed && !to.failed && s_rename(from.data, to.data) == 0;
    }
    eddy__buf_free(&from);
    eddy__buf_free(&to);
    return ok;
}

static bool hidden_name(const char *name) { return name[0] == '.' || name[0] == '_'; }

/* INSERT OVERWRITE: removes the visible entries of every directory of c
 * except the files of c's job. */
static bool clear_dirs(const FsCommit *c, Buf *why) {
    char mine[64];
    snprintf(mine, sizeof mine, "part-%s-", c->token);
    size_t ml = strlen(mine);
    Buf dir, path;
    eddy__buf_init(&dir);
    eddy__buf_init(&path);
    bool ok = true;
    for (size_t i = 0; ok && i < c->ndirs; i++) {
        dir_path(&dir, c, i);
        if (dir.failed) break;
        DIR *d = opendir(dir.data);
        if (!d) {
            if (errno == ENOENT) continue;
            eddy__buf_printf(why, "Could not list %s: %s", dir.data, strerror(errno));
            ok = false;
            break;
        }
        struct dirent *e;
        while (ok && (e = readdir(d))) {
            if (hidden_name(e->d_name) || !strncmp(e->d_name, mine, ml)) continue;
            eddy__buf_truncate(&path, 0);
            eddy__buf_printf(&path, "%s%s%s", dir.data, dir.data[dir.len - 1] == '/' ? "" : "/", e->d_name);
            if (path.failed) break;
            if (eddy__fs_remove_tree(path.data) != 0) {
                eddy__buf_printf(why, "Could not delete %s: %s", path.data, strerror(errno));
                ok = false;
            }
        }
        closedir(d);
    }
    if (ok && (dir.failed || path.failed)) {
        eddy__buf_puts(why, "out of memory");
        ok = false;
    }
    eddy__buf_free(&dir);
    eddy__buf_free(&path);
    return ok;
}

static bool make_success_files(const FsCommit *c, Buf *why) {
    Buf path;
    eddy__buf_init(&path);
    bool ok = true;
    for (size_t i = 0; ok && c->success && i < c->ndirs; i++) {
        eddy__buf_truncate(&path, 0);
        eddy__buf_printf(&path, "%s/%s%s", c->root, c->dirs[i], c->success);
        int fd = path.failed ? -1 : eddy__fs_create(path.data);
        if (fd < 0) {
            eddy__buf_printf(why, "Could not create %s: %s", path.failed ? c->success : path.data,
                             path.failed ? "out of memory" : strerror(errno));
            ok = false;
        } else {
            close(fd);
        }
    }
    eddy__buf_free(&path);
    return ok;
}

static void remove_staging_of(const FsCommit *c) {
    Buf path;
    eddy__buf_init(&path);
    eddy__buf_printf(&path, "%s/.staging_%s", c->root, c->token);
    if (!path.failed) eddy__fs_remove_tree(path.data);
    eddy__buf_free(&path);
}

/* The part of a commit after its files are in place: an overwrite's old
 * files go (once the new ones are durable), success files, everything made
 * durable, then the record and the staging directory go. */
static bool finish_commit(const FsCommit *c, int root_fd, Buf *why) {
    bool ok = true;
    if (c->overwrite) ok = sync_targets(c, root_fd, why) && clear_dirs(c, why);
    ok = ok && make_success_files(c, why) && sync_targets(c, root_fd, why) && remove_record(c, root_fd, why);
    if (ok) remove_staging_of(c);
    return ok;
}

/* Completes a recorded commit (recovery): every step again, each one that
 * was done already is skipped. */
static bool redo_commit(const FsCommit *c, int root_fd, Buf *why) {
    Buf dir;
    eddy__buf_init(&dir);
    bool ok = true;
    for (size_t i = 0; ok && i < c->ndirs; i++) {
        dir_path(&dir, c, i);
        if (dir.failed || eddy__fs_mkdirs(dir.data) != 0) {
            eddy__buf_printf(why, "Could not create the directory %s: %s", dir.failed ? c->root : dir.data,
                             dir.failed ? "out of memory" : strerror(errno));
            ok = false;
        }
    }
    eddy__buf_free(&dir);
    size_t moved;
    return ok && move_files(c, &moved, why) && finish_commit(c, root_fd, why);
}

/* ---- recovery ------------------------------------------------------------------------ */

/* The hidden names of root that belong to the protocol. */
typedef struct RootScan {
    Paths records, temps, stagings; /* their tokens */
} RootScan;

static void scan_free(RootScan *s) {
    paths_free(&s->records);
    paths_free(&s->temps);
    paths_free(&s->stagings);
}

/* false: root cannot be listed (errno) or memory ran out (ENOMEM). */
static bool scan_root(const char *root, RootScan *s) {
    memset(s, 0, sizeof *s);
    DIR *d = opendir(root);
    if (!d) return false;
    struct dirent *e;
    bool ok = true;
    while (ok && (e = readdir(d))) {
        const char *n = e->d_name;
        if (n[0] != '.') continue;
        size_t len = strlen(n);
        if (!strncmp(n, ".commit_", 8) && is_token(n + 8, len - 8)) ok = paths_add(&s->records, n + 8, len - 8);
        else if (!strncmp(n, ".commit_", 8) && len > 12 && !strcmp(n + len - 4, ".tmp") && is_token(n + 8, len - 12))
            ok = paths_add(&s->temps, n + 8, len - 12);
        else if (!strncmp(n, ".staging_", 9) && is_token(n + 9, len - 9)) ok = paths_add(&s->stagings, n + 9, len - 9);
    }
    closedir(d);
    if (!ok) errno = ENOMEM;
    paths_unique(&s->records);
    return ok;
}

/* Removes the staging directory of a job that is gone (no instance holds
 * its lock); leaves a live job's alone. */
static void remove_dead_staging(const char *root, const char *token) {
    Buf path;
    eddy__buf_init(&path);
    eddy__buf_printf(&path, "%s/.staging_%s", root, token);
    int fd = path.failed ? -1 : lock_dir(path.data, LOCK_EX | LOCK_NB);
    if (fd >= 0) {
        eddy__fs_remove_tree(path.data);
        close(fd);
    }
    eddy__buf_free(&path);
}

/* With root locked exclusively: completes every recorded commit, removes
 * left-over temporary records and the staging of dead jobs (except own's). */
static eddy_status recover_locked(const char *root, int root_fd, const char *own, EdErr *err) {
    RootScan s;
    if (!scan_root(root, &s)) {
        scan_free(&s);
        return eddy__err(err, errno == ENOMEM ? EDDY_E_NOMEM : EDDY_E_IO, "Could not list the directory %s: %s", root,
                         strerror(errno));
    }
    Buf why, path;
    eddy__buf_init(&why);
    eddy__buf_init(&path);
    eddy_status rc = EDDY_OK;
    for (size_t i = 0; i < s.temps.len; i++) {
        eddy__buf_truncate(&path, 0);
        eddy__buf_printf(&path, "%s/.commit_%s.tmp", root, s.temps.items[i]);
        if (!path.failed) s_unlink(path.data);
    }
    for (size_t i = 0; !rc && i < s.records.len; i++) {
        Arena a;
        eddy__arena_init(&a, 4096);
        FsCommit c;
        if (!read_record(root, s.records.items[i], &a, &c, &why) || !redo_commit(&c, root_fd, &why))
            rc = eddy__err(err, EDDY_E_IO,
                           "The table directory %s holds an unfinished commit (.commit_%s) that could not be "
                           "completed: %s",
                           root, s.records.items[i], eddy__buf_cstr(&why));
        eddy__arena_destroy(&a);
    }
    for (size_t i = 0; !rc && i < s.stagings.len; i++)
        if (!own || strcmp(s.stagings.items[i], own)) remove_dead_staging(root, s.stagings.items[i]);
    eddy__buf_free(&why);
    eddy__buf_free(&path);
    scan_free(&s);
    return rc;
}

eddy_status eddy__fs_stage_begin(const char *root, const char *token, int *lock_fd, EdErr *err) {
    *lock_fd = -1;
    if (eddy__fs_mkdirs(root) != 0)
        return eddy__err(err, EDDY_E_IO, "Could not create the directory %s: %s", root, strerror(errno));
    int lk = lock_dir(root, LOCK_EX);
    if (lk < 0) return eddy__err(err, EDDY_E_IO, "Could not lock the directory %s: %s", root, strerror(errno));
    eddy_status rc = recover_locked(root, lk, token, err);
    Buf staging;
    eddy__buf_init(&staging);
    eddy__buf_printf(&staging, "%s/.staging_%s", root, token);
    if (!rc && staging.failed) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (!rc && s_mkdir(staging.data) != 0 && errno != EEXIST)
        rc = eddy__err(err, EDDY_E_IO, "Could not create the directory %s: %s", staging.data, strerror(errno));
    if (!rc && (*lock_fd = lock_dir(staging.data, LOCK_SH)) < 0)
        rc = eddy__err(err, EDDY_E_IO, "Could not lock the directory %s: %s", staging.data, strerror(errno));
    eddy__buf_free(&staging);
    eddy__fs_unlock(lk);
    return rc;
}

eddy_status eddy__fs_read_begin(const char *root, int *lock_fd, EdErr *err) {
    *lock_fd = -1;
    for (int pass = 0;; pass++) {
        int lk = lock_dir(root, LOCK_SH);
        if (lk < 0) return EDDY_OK; /* the listing reports what is wrong */
        RootScan s;
        bool listed = scan_root(root, &s);
        /* a record: a commit to finish first; staging or a temporary
         * record: maybe a dead job's, removed once */
        bool recover = listed && (s.records.len || (pass == 0 && (s.temps.len || s.stagings.len)));
        scan_free(&s);
        if (!recover) {
            *lock_fd = lk;
            return EDDY_OK;
        }
        eddy__fs_unlock(lk);
        if (pass == 3)
            return eddy__err(err, EDDY_E_IO, "The table directory %s keeps an unfinished commit record", root);
        if ((lk = lock_dir(root, LOCK_EX)) < 0)
            return eddy__err(err, EDDY_E_IO, "Could not lock the directory %s: %s", root, strerror(errno));
        eddy_status rc = recover_locked(root, lk, NULL, err);
        eddy__fs_unlock(lk);
        if (rc) return rc;
    }
}

/* ---- committing ---------------------------------------------------------------------- */

/* Makes every directory of c exist (recording those it made in `made`, in
 * the order made); a non-directory in the way is an error. */
static bool prepare_dirs(const FsCommit *c, Paths *made, Buf *why) {
    Buf path;
    eddy__buf_init(&path);
    bool ok = true;
    for (size_t i = 0; ok && i < c->ndirs; i++) {
        const char *d = c->dirs[i];
        /* each component "k=v/" in turn */
        for (const char *slash = strchr(d, '/'); ok && slash; slash = strchr(slash + 1, '/')) {
            eddy__buf_truncate(&path, 0);
            eddy__buf_printf(&path, "%s/%.*s", c->root, (int)(slash - d), d);
            if (path.failed) break;
            struct stat st;
            if (stat(path.data, &st) == 0) {
                if (!S_ISDIR(st.st_mode)) {
                    eddy__buf_printf(why, "Could not create the directory %s: a file of that name is in the way",
                                     path.data);
                    ok = false;
                }
            } else if (errno != ENOENT || s_mkdir(path.data) != 0) {
                eddy__buf_printf(why, "Could not create the directory %s: %s", path.data, strerror(errno));
                ok = false;
            } else if (!paths_add(made, path.data, path.len)) {
                path.failed = true;
            }
        }
    }
    if (ok && path.failed) {
        eddy__buf_puts(why, "out of memory");
        ok = false;
    }
    eddy__buf_free(&path);
    return ok;
}

/* Removes the directories prepare_dirs made (when the commit did not happen). */
static void unprepare_dirs(Paths *made) {
    for (size_t i = made->len; i-- > 0;) s_rmdir(made->items[i]);
}

/* Makes the staged files durable, with every directory on their way from
 * root and the directories prepare_dirs made. */
static bool sync_staged(const FsCommit *c, int root_fd, const Paths *made, Buf *why) {
    if (c->nfiles + made->len > SYNC_EACH_MAX) return make_durable(root_fd, c->root, NULL, why);
    Paths p = {0};
    Buf b;
    eddy__buf_init(&b);
    bool ok = paths_add(&p, c->root, strlen(c->root));
    for (size_t i = 0; ok && i < made->len; i++) {
        const char *slash = strrchr(made->items[i], '/');
        ok = paths_add(&p, made->items[i], (size_t)(slash - made->items[i]));
    }
    for (size_t i = 0; ok && i < c->nfiles; i++) {
        staged_path(&b, c, &c->files[i]);
        ok = !b.failed && paths_add(&p, b.data, b.len);
        /* and each directory above it, up to .staging_<token> */
        size_t top = strlen(c->root) + 1;
        for (size_t k = b.len; ok && k-- > top;)
            if (b.data[k] == '/') ok = paths_add(&p, b.data, k);
    }
    if (!ok || b.failed) {
        eddy__buf_puts(why, "out of memory");
        ok = false;
    }
    ok = ok && make_durable(root_fd, c->root, &p, why);
    eddy__buf_free(&b);
    paths_free(&p);
    return ok;
}

eddy_status eddy__fs_commit(const FsCommit *c, bool *pending, EdErr *err) {
    *pending = false;
    int lk = lock_dir(c->root, LOCK_EX);
    if (lk < 0) return eddy__err(err, EDDY_E_IO, "Could not lock the directory %s: %s", c->root, strerror(errno));
    eddy_status rc = recover_locked(c->root, lk, c->token, err);
    if (rc) {
        eddy__fs_unlock(lk);
        return rc;
    }
    Buf why;
    eddy__buf_init(&why);
    Paths made = {0};
    size_t moved = 0;
    bool ok = prepare_dirs(c, &made, &why) && sync_staged(c, lk, &made, &why) && write_record(c, lk, pending, &why) &&
              move_files(c, &moved, &why);
    if (!ok && *pending) {
        /* recorded but not all moved: move back, then drop the record */
        Buf ignored;
        eddy__buf_init(&ignored);
        if (unmove_files(c, moved) && sync_targets(c, lk, &ignored) && remove_record(c, lk, &ignored)) *pending = false;
        eddy__buf_free(&ignored);
    }
    if (!ok && !*pending) unprepare_dirs(&made);
    if (ok && !finish_commit(c, lk, &why)) ok = false;
    if (!ok && *pending)
        eddy__buf_printf(&why, " (the commit is recorded in %s/.commit_%s: the next job that reads or writes the table "
                               "completes it)",
                         c->root, c->token);
    if (!ok) rc = eddy__err(err, why.failed ? EDDY_E_NOMEM : EDDY_E_IO, "%s", why.failed ? "out of memory" : why.data);
    else *pending = false;
    paths_free(&made);
    eddy__buf_free(&why);
    eddy__fs_unlock(lk);
    return rc;
}
