/*
 * spill.c -- spill files of the BATCH operators (batch_int.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime/ops/batch_int.h"
#include "types/serde.h"

eddy_status eddy__spill_open(Op *op, SpillFile *sf) {
    memset(sf, 0, sizeof *sf);
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    size_t n = strlen(dir);
    char *path = eddy__malloc(n + 32);
    if (!path) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    static _Atomic uint64_t seq;
    FILE *f = NULL;
    int e = 0;
    /* a fresh name: exclusive creation, retried on a clash */
    for (int tries = 0; !f && tries < 100; tries++) {
        uint64_t x = eddy__hash_u64(atomic_fetch_add(&seq, 1) + (uint64_t)(uintptr_t)sf + (uint64_t)eddy__wall_ms() * 1000003u);
        snprintf(path, n + 32, "%s%seddy-spill-%012llx", dir, dir[n - 1] == '/' ? "" : "/",
                 (unsigned long long)(x & 0xffffffffffffULL));
        f = fopen(path, "w+bx");
        e = errno;
        if (!f && e != EEXIST) break;
    }
    if (!f) {
        eddy__free(path);
        return eddy__op_fail(op, EDDY_E_IO, "Could not create a spill file in '%s' (the system temp folder, TMPDIR): %s",
                             dir, strerror(e));
    }
    sf->f = f;
    sf->path = path;
    eddy__buf_init(&sf->buf);
    return EDDY_OK;
}

void eddy__spill_close(SpillFile *sf) {
    if (!sf->f) return;
    fclose(sf->f);
    unlink(sf->path);
    eddy__free(sf->path);
    eddy__buf_free(&sf->buf);
    memset(sf, 0, sizeof *sf);
}

static eddy_status io_fail(Op *op, SpillFile *sf, const char *what) {
    return eddy__op_fail(op, EDDY_E_IO, "Could not %s spill file '%s': %s", what, sf->path, strerror(errno));
}

eddy_status eddy__spill_write(Op *op, SpillFile *sf, const Batch *b, int ncols, const uint32_t *rows, uint32_t n) {
    if (!rows) n = b->count;
    Buf *buf = &sf->buf;
    buf->len = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = rows ? rows[i] : batch_row(b, i);
        size_t at = buf->len;
        uint32_t len = 0;
        eddy__buf_put(buf, &len, sizeof len);
        eddy__serde_write(buf, b->cols, ncols, r);
        if (buf->failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        len = (uint32_t)(buf->len - at - sizeof len);
        memcpy(buf->data + at, &len, sizeof len);
        if (buf->len >= 1 << 16) {
            if (fwrite(buf->data, 1, buf->len, sf->f) != buf->len) return io_fail(op, sf, "write");
            buf->len = 0;
        }
    }
    if (buf->len && fwrite(buf->data, 1, buf->len, sf->f) != buf->len) return io_fail(op, sf, "write");
    buf->len = 0;
    sf->rows += n;
    return EDDY_OK;
}

eddy_status eddy__spill_rewind(Op *op, SpillFile *sf) {
    if (fflush(sf->f) || fseek(sf->f, 0, SEEK_SET)) return io_fail(op, sf, "rewind");
    sf->reading = true;
    return EDDY_OK;
}

eddy_status eddy__spill_read(Op *op, SpillFile *sf, int ncols, const Type *const *types, uint32_t cap, Batch **out) {
    *out = NULL;
    Batch *b = NULL;
    uint32_t m = 0;
    while (m < cap) {
        uint32_t len;
        size_t got = fread(&len, 1, sizeof len, sf->f);
        if (got == 0 && feof(sf->f)) break;
        if (got != sizeof len) goto bad;
        sf->buf.len = 0;
        if (!eddy__buf_reserve(&sf->buf, len + 1)) goto nomem;
        if (fread(sf->buf.data, 1, len, sf->f) != len) goto bad;
        if (!b && !(b = eddy__batch_new_typed(ncols, types, cap))) goto nomem;
        if (eddy__serde_read(sf->buf.data, len, b->cols, ncols, m) != len) goto bad;
        m++;
    }
    if (b) {
        for (int c = 0; c < ncols; c++)
            if (b->cols[c]->failed) goto nomem;
        b->n = b->count = m;
    }
    *out = b;
    return EDDY_OK;
bad:
    eddy__batch_release(b);
    if (ferror(sf->f)) return io_fail(op, sf, "read");
    return eddy__op_fail(op, EDDY_E_INTERNAL, "spill file '%s' is damaged", sf->path);
nomem:
    eddy__batch_release(b);
    return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
}

static int64_t vec_bytes(const Vector *v) {
    int64_t n = (int64_t)v->cap * 16 + (int64_t)v->heap.bytes + (v->valid ? v->cap / 8 + 1 : 0);
    for (int i = 0; i < v->nchild; i++) n += vec_bytes(v->child[i]);
    return n;
}

int64_t eddy__batch_bytes(const Batch *b) {
    int64_t n = 64 + (int64_t)b->ncols * 8;
    for (int i = 0; i < b->ncols; i++) n += vec_bytes(b->cols[i]);
    return n;
}
