/*
 * file.c -- whole-file copies and checksums (util.h: eddy__file_copy,
 * eddy__file_sum): what checkpoint storage moves state files with.
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define CHUNK (1u << 16)

static eddy_status file_err(EdErr *err, const char *what, const char *path) {
    return eddy__err(err, EDDY_E_IO, "Could not %s %s: %s.", what, path, strerror(errno));
}

/* Reads up to CHUNK bytes (fewer only at the end of the file). */
static ssize_t read_chunk(int fd, char *buf) {
    size_t got = 0;
    while (got < CHUNK) {
        ssize_t n = read(fd, buf + got, CHUNK - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

static bool write_all(int fd, const char *p, size_t n) {
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w, n -= (size_t)w;
    }
    return true;
}

/* Reads fd to its end, hashing (and, with out >= 0, copying to out). */
static eddy_status pump(int fd, int out, const char *src, const char *dst, uint64_t *size, uint64_t *sum, EdErr *err) {
    char *buf = eddy__malloc(CHUNK);
    if (!buf) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    uint64_t n = 0, h = EDDY_FILE_SUM_SEED;
    eddy_status rc = EDDY_OK;
    for (;;) {
        ssize_t got = read_chunk(fd, buf);
        if (got < 0) {
            rc = file_err(err, "read", src);
            break;
        }
        if (!got) break;
        h = eddy__hash_bytes(buf, (size_t)got, h);
        n += (uint64_t)got;
        if (out >= 0 && !write_all(out, buf, (size_t)got)) {
            rc = file_err(err, "write", dst);
            break;
        }
        if ((size_t)got < CHUNK) break;
    }
    eddy__free(buf);
    if (!rc) *size = n, *sum = h;
    return rc;
}

char *eddy__path_join(const char *a, const char *b) {
    Buf p;
    eddy__buf_init(&p);
    eddy__buf_printf(&p, "%s/%s", a, b);
    if (p.failed) {
        eddy__buf_free(&p);
        return NULL;
    }
    return eddy__buf_take(&p);
}

eddy_status eddy__file_sum(const char *path, uint64_t *size, uint64_t *sum, EdErr *err) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return file_err(err, "open", path);
    eddy_status rc = pump(fd, -1, path, NULL, size, sum, err);
    close(fd);
    return rc;
}

eddy_status eddy__file_copy(const char *src, const char *dst, bool sync, uint64_t *size, uint64_t *sum, EdErr *err) {
    int in = open(src, O_RDONLY);
    if (in < 0) return file_err(err, "open", src);
    Buf tmp;
    eddy__buf_init(&tmp);
    eddy__buf_printf(&tmp, "%s.tmp", dst);
    if (tmp.failed) {
        close(in);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    const char *t = eddy__buf_cstr(&tmp);
    int out = open(t, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    eddy_status rc = out < 0 ? file_err(err, "create", t) : EDDY_OK;
    if (!rc) rc = pump(in, out, src, t, size, sum, err);
    if (!rc && sync && fsync(out) != 0) rc = file_err(err, "sync", t);
    if (out >= 0 && close(out) != 0 && !rc) rc = file_err(err, "write", t);
    close(in);
    if (!rc && rename(t, dst) != 0) rc = file_err(err, "rename to its name", t);
    if (rc) unlink(t);
    eddy__buf_free(&tmp);
    return rc;
}
