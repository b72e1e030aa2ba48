/*
 * util.c -- allocator wrappers, arenas, byte buffers, vector growth, hashing,
 * UTF-8 helpers, Base64 and the error record. The only file in eddy that
 * calls the C allocator directly.
 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- raw memory ------------------------------------------------------- */

void *eddy__malloc(size_t n) { return malloc(n ? n : 1); }
void *eddy__calloc(size_t n, size_t size) { return calloc(n ? n : 1, size ? size : 1); }
void *eddy__realloc(void *p, size_t n) { return realloc(p, n ? n : 1); }
void eddy__free(void *p) { free(p); }

char *eddy__strndup(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (!d) return NULL;
    if (n) memcpy(d, s, n);
    d[n] = 0;
    return d;
}

char *eddy__strdup(const char *s) { return s ? eddy__strndup(s, strlen(s)) : NULL; }

/* ---- arenas ----------------------------------------------------------- */

struct ArenaChunk {
    ArenaChunk *next;
    size_t size;
    /* data follows, 16-byte aligned */
};

struct ArenaCleanup {
    ArenaCleanup *next;
    void (*fn)(void *);
    void *arg;
};

#define CHUNK_HDR ((sizeof(ArenaChunk) + 15) & ~(size_t)15)

void eddy__arena_init(Arena *a, size_t chunk_size) {
    memset(a, 0, sizeof *a);
    a->chunk_size = chunk_size ? chunk_size : 8192;
}

static bool arena_new_chunk(Arena *a, size_t need) {
    size_t size = a->chunk_size;
    if (need > size) size = need;
    ArenaChunk *c = malloc(CHUNK_HDR + size);
    if (!c) {
        a->failed = true;
        return false;
    }
    c->size = size;
    c->next = a->head;
    a->head = c;
    a->cur = (char *)c + CHUNK_HDR;
    a->end = a->cur + size;
    a->total += size;
    /* Grow chunk sizes geometrically so large arenas do few mallocs. */
    if (a->chunk_size < (1u << 20)) a->chunk_size *= 2;
    return true;
}

void *eddy__arena_alloc(Arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    if (n == 0) n = 16;
    if ((size_t)(a->end - a->cur) < n || !a->cur) {
        if (!arena_new_chunk(a, n)) return NULL;
    }
    void *p = a->cur;
    a->cur += n;
    memset(p, 0, n);
    return p;
}

void *eddy__arena_dup(Arena *a, const void *p, size_t n) {
    void *d = eddy__arena_alloc(a, n);
    if (d && n && p) memcpy(d, p, n); /* a NULL source gives zeroed memory */
    return d;
}

char *eddy__arena_strndup(Arena *a, const char *s, size_t n) {
    char *d = eddy__arena_alloc(a, n + 1);
    if (!d) return NULL;
    if (n) memcpy(d, s, n);
    d[n] = 0;
    return d;
}

char *eddy__arena_strdup(Arena *a, const char *s) {
    return s ? eddy__arena_strndup(a, s, strlen(s)) : NULL;
}

char *eddy__arena_vprintf(Arena *a, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return NULL;
    char *d = eddy__arena_alloc(a, (size_t)n + 1);
    if (!d) return NULL;
    vsnprintf(d, (size_t)n + 1, fmt, ap);
    return d;
}

char *eddy__arena_printf(Arena *a, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *r = eddy__arena_vprintf(a, fmt, ap);
    va_end(ap);
    return r;
}

bool eddy__arena_on_cleanup(Arena *a, void (*fn)(void *), void *arg) {
    ArenaCleanup *c = malloc(sizeof *c);
    if (!c) {
        a->failed = true;
        return false;
    }
    c->fn = fn;
    c->arg = arg;
    c->next = a->cleanups;
    a->cleanups = c;
    return true;
}

static void arena_run_cleanups(Arena *a) {
    while (a->cleanups) {
        ArenaCleanup *c = a->cleanups;
        a->cleanups = c->next;
        c->fn(c->arg);
        free(c);
    }
}

void eddy__arena_reset(Arena *a) {
    arena_run_cleanups(a);
    /* Keep the newest (largest) chunk; free the rest. */
    ArenaChunk *keep = a->head;
    if (keep) {
        ArenaChunk *c = keep->next;
        while (c) {
            ArenaChunk *n = c->next;
            free(c);
            c = n;
        }
        keep->next = NULL;
        a->cur = (char *)keep + CHUNK_HDR;
        a->end = a->cur + keep->size;
        a->total = keep->size;
    }
    a->failed = false;
}

ArenaMark eddy__arena_mark(const Arena *a) {
    return (ArenaMark){a->head, a->cur, a->end, a->chunk_size, a->total, a->cleanups};
}

void eddy__arena_rewind(Arena *a, ArenaMark m) {
    while (a->cleanups && a->cleanups != m.cleanups) {
        ArenaCleanup *c = a->cleanups;
        a->cleanups = c->next;
        c->fn(c->arg);
        free(c);
    }
    while (a->head && a->head != m.head) {
        ArenaChunk *c = a->head;
        a->head = c->next;
        free(c);
    }
    a->cur = m.cur;
    a->end = m.end;
    a->chunk_size = m.chunk_size;
    a->total = m.total;
}

void eddy__arena_destroy(Arena *a) {
    arena_run_cleanups(a);
    ArenaChunk *c = a->head;
    while (c) {
        ArenaChunk *n = c->next;
        free(c);
        c = n;
    }
    a->head = NULL;
    a->cur = a->end = NULL;
    a->total = 0;
}

/* ---- buffers ----------------------------------------------------------- */

void eddy__buf_init(Buf *b) { memset(b, 0, sizeof *b); }

void eddy__buf_free(Buf *b) {
    free(b->data);
    memset(b, 0, sizeof *b);
}

bool eddy__buf_reserve(Buf *b, size_t extra) {
    if (b->failed) return false;
    size_t need = b->len + extra + 1;
    if (need <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need) cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d) {
        b->failed = true;
        return false;
    }
    b->data = d;
    b->cap = cap;
    return true;
}

void eddy__buf_put(Buf *b, const void *p, size_t n) {
    if (!eddy__buf_reserve(b, n)) return;
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = 0;
}

void eddy__buf_puts(Buf *b, const char *s) { eddy__buf_put(b, s, strlen(s)); }

void eddy__buf_putc(Buf *b, char c) {
    if (!eddy__buf_reserve(b, 1)) return;
    b->data[b->len++] = c;
    b->data[b->len] = 0;
}

void eddy__buf_pad(Buf *b, char c, size_t n) {
    if (!eddy__buf_reserve(b, n)) return;
    memset(b->data + b->len, c, n);
    b->len += n;
    b->data[b->len] = 0;
}

void eddy__buf_vprintf(Buf *b, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !eddy__buf_reserve(b, (size_t)n)) return;
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void eddy__buf_printf(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    eddy__buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *eddy__buf_cstr(Buf *b) {
    if (!b->data) return "";
    return b->data;
}

char *eddy__buf_take(Buf *b) {
    char *d = b->data;
    if (!d) d = eddy__strdup("");
    memset(b, 0, sizeof *b);
    return d;
}

/* ---- vectors ----------------------------------------------------------- */

bool eddy__vec_grow(void **items, size_t *cap, size_t elem, size_t need) {
    size_t c = *cap ? *cap : 4;
    while (c < need) c *= 2;
    void *p = realloc(*items, c * elem);
    if (!p) return false;
    *items = p;
    *cap = c;
    return true;
}

/* ---- hashing ----------------------------------------------------------- */

/* A 64-bit hash over bytes: 8-byte words mixed with a multiply-xorshift,
 * finished with the murmur3 finalizer. Fast for short keys, good avalanche;
 * not cryptographic. */
uint64_t eddy__hash_bytes(const void *p, size_t n, uint64_t seed) {
    const unsigned char *s = p;
    uint64_t h = seed ^ (n * 0x9e3779b97f4a7c15ULL);
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h ^= eddy__hash_u64(w);
        h = (h << 27 | h >> 37) * 0x9fb21c651e98df25ULL;
        s += 8;
        n -= 8;
    }
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++) w |= (uint64_t)s[i] << (8 * i);
    h ^= eddy__hash_u64(w ^ 0x243f6a8885a308d3ULL);
    return eddy__hash_u64(h);
}

/* ---- strings ----------------------------------------------------------- */

static int lower(int c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

bool eddy__str_ieq(const char *a, const char *b) {
    while (*a && *b) {
        if (lower((unsigned char)*a) != lower((unsigned char)*b)) return false;
        a++;
        b++;
    }
    return *a == *b;
}

bool eddy__strn_ieq(const char *a, size_t alen, const char *b) {
    size_t i = 0;
    for (; i < alen && b[i]; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i])) return false;
    return i == alen && b[i] == 0;
}

bool eddy__parse_duration_ms(const char *text, int64_t *ms) {
    static const struct {
        const char *label;
        int64_t num, den; /* ms = value * num / den */
    } units[] = {{"d", 86400000, 1},    {"day", 86400000, 1},    {"days", 86400000, 1},   {"h", 3600000, 1},
                 {"hour", 3600000, 1},  {"hours", 3600000, 1},   {"min", 60000, 1},       {"m", 60000, 1},
                 {"minute", 60000, 1},  {"minutes", 60000, 1},   {"s", 1000, 1},          {"sec", 1000, 1},
                 {"secs", 1000, 1},     {"second", 1000, 1},     {"seconds", 1000, 1},    {"ms", 1, 1},
                 {"milli", 1, 1},       {"millis", 1, 1},        {"millisecond", 1, 1},   {"milliseconds", 1, 1},
                 {"us", 1, 1000},       {"micro", 1, 1000},      {"micros", 1, 1000},     {"microsecond", 1, 1000},
                 {"microseconds", 1, 1000}, {"ns", 1, 1000000},  {"nano", 1, 1000000},    {"nanos", 1, 1000000},
                 {"nanosecond", 1, 1000000}, {"nanoseconds", 1, 1000000}};
    const char *p = text;
    while (*p == ' ' || *p == '\t') p++;
    if (*p < '0' || *p > '9') return false;
    int64_t v = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (INT64_MAX - (*p - '0')) / 10) return false;
        v = v * 10 + (*p - '0');
    }
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strlen(p);
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
    if (n == 0) {
        *ms = v;
        return true;
    }
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (!eddy__strn_ieq(p, n, units[i].label)) continue;
        if (v > INT64_MAX / units[i].num) return false;
        *ms = v * units[i].num / units[i].den;
        return true;
    }
    return false;
}

void eddy__buf_duration_ms(Buf *b, int64_t ms) {
    static const struct {
        int64_t ms;
        const char *label;
    } units[] = {{86400000, "d"}, {3600000, "h"}, {60000, "min"}, {1000, "s"}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ms != 0 && ms % units[i].ms == 0) {
            eddy__buf_printf(b, "%lld %s", (long long)(ms / units[i].ms), units[i].label);
            return;
        }
    eddy__buf_printf(b, "%lld ms", (long long)ms);
}

size_t eddy__str_undouble(char *d, const char *s, size_t n, char q) {
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        d[j++] = s[i];
        if (s[i] == q && i + 1 < n && s[i + 1] == q) i++;
    }
    d[j] = 0;
    return j;
}

size_t eddy__utf8_len(const char *s, size_t n) {
    size_t cnt = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) cnt++;
    return cnt;
}

/* Wide (2-cell) code points: the East-Asian Wide and Fullwidth ranges as a
 * terminal renders them (Hangul, CJK, fullwidth forms, emoji). */
static bool cp_is_wide(uint32_t cp) {
    return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) || (cp >= 0x3041 && cp <= 0x33FF) ||
           (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
           (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
           (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
           (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

size_t eddy__utf8_width(const char *s, size_t n) {
    size_t w = 0, i = 0;
    while (i < n) {
        uint32_t cp = eddy__utf8_decode(s, n, &i);
        w += cp_is_wide(cp) ? 2 : 1;
    }
    return w;
}

size_t eddy__utf8_prefix_for_width(const char *s, size_t n, size_t cells) {
    size_t w = 0, i = 0;
    while (i < n) {
        size_t next = i;
        uint32_t cp = eddy__utf8_decode(s, n, &next);
        size_t cw = cp_is_wide(cp) ? 2 : 1;
        if (w + cw > cells) break;
        w += cw;
        i = next;
    }
    return i;
}

/* ---- Base64 ----------------------------------------------------------- */

void eddy__base64_encode(Buf *b, const uint8_t *p, size_t n) {
    size_t len = eddy__base64_len(n);
    if (!eddy__buf_reserve(b, len + 1)) return;
    eddy__buf_truncate(b, b->len + eddy__base64_write(b->data + b->len, p, n));
}

/* ---- errors ------------------------------------------------------------ */

eddy_status eddy__verr(EdErr *e, eddy_status code, const char *fmt, va_list ap) {
    if (!e || e->code != EDDY_OK) return code;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_vprintf(&b, fmt, ap);
    e->code = code;
    e->line = e->col = e->end_line = e->end_col = 0;
    e->msg = eddy__buf_take(&b);
    return code;
}

eddy_status eddy__err(EdErr *e, eddy_status code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(e, code, fmt, ap);
    va_end(ap);
    return code;
}

eddy_status eddy__err_at(EdErr *e, eddy_status code, int line, int col, const char *fmt, ...) {
    if (!e || e->code != EDDY_OK) return code;
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(e, code, fmt, ap);
    va_end(ap);
    e->line = line;
    e->col = col;
    return code;
}

void eddy__err_replace(EdErr *e, eddy_status code, const char *msg) {
    eddy__err_clear(e);
    e->code = code;
    e->msg = eddy__strdup(msg ? msg : "");
}

void eddy__err_clear(EdErr *e) {
    free(e->msg);
    memset(e, 0, sizeof *e);
}

void eddy__err_move(EdErr *dst, EdErr *src) {
    if (dst->code == EDDY_OK && src->code != EDDY_OK) {
        *dst = *src;
        memset(src, 0, sizeof *src);
    } else {
        eddy__err_clear(src);
    }
}
