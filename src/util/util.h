/*
 * util.h -- the base layer every other layer stands on: memory (the only
 * place that calls malloc), arenas with named lifetimes, growable buffers and
 * vectors, a string builder, hashing, UTF-8 steps, Base64, the clocks, and
 * the internal error record.
 *
 * Nothing here knows about types, batches or SQL. Functions that can fail on
 * allocation report it through a sticky flag on the object (arena, buffer)
 * rather than a return code on every call, as SQLite's mallocFailed does: a
 * phase boundary checks once.
 */
#ifndef EDDY_UTIL_H
#define EDDY_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "eddy.h"

#define ED_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define ED_MIN(a, b) ((a) < (b) ? (a) : (b))
#define ED_MAX(a, b) ((a) > (b) ? (a) : (b))
#define ED_UNUSED(x) ((void)(x))

#if defined(__GNUC__)
#define ED_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define ED_LIKELY(x) __builtin_expect(!!(x), 1)
#define ED_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ED_PRINTF(f, a)
#define ED_LIKELY(x) (x)
#define ED_UNLIKELY(x) (x)
#endif

/* 128-bit integers carry DECIMAL values (Flink's DECIMAL reaches 38 digits). */
__extension__ typedef __int128 ed_i128;
__extension__ typedef unsigned __int128 ed_u128;

/* ---- raw memory ------------------------------------------------------- */

/* The only allocator calls in eddy. They return NULL on failure (never
 * abort); eddy__free accepts NULL. */
void *eddy__malloc(size_t n);
void *eddy__calloc(size_t n, size_t size);
void *eddy__realloc(void *p, size_t n);
void eddy__free(void *p);
char *eddy__strndup(const char *s, size_t n);
char *eddy__strdup(const char *s);

/* ---- arenas ----------------------------------------------------------- */

/* Bump allocator in chunks: no per-object free; everything goes at reset or
 * destroy. `failed` is sticky once any allocation failed. Cleanup callbacks
 * run (in reverse order of registration) at reset and destroy, for resources
 * that are not memory (user ctx_free callbacks, file handles). */
typedef struct ArenaChunk ArenaChunk;
typedef struct ArenaCleanup ArenaCleanup;
typedef struct Arena {
    ArenaChunk *head;
    char *cur, *end;
    size_t chunk_size;
    size_t total;
    ArenaCleanup *cleanups;
    bool failed;
} Arena;

void eddy__arena_init(Arena *a, size_t chunk_size);
void *eddy__arena_alloc(Arena *a, size_t n);  /* 16-byte aligned, zeroed */
void *eddy__arena_dup(Arena *a, const void *p, size_t n);
char *eddy__arena_strndup(Arena *a, const char *s, size_t n);
char *eddy__arena_strdup(Arena *a, const char *s);
char *eddy__arena_printf(Arena *a, const char *fmt, ...) ED_PRINTF(2, 3);
char *eddy__arena_vprintf(Arena *a, const char *fmt, va_list ap);
/* Registers fn(arg) to run when the arena is reset or destroyed. Returns
 * false (and does not register) if memory ran out. */
bool eddy__arena_on_cleanup(Arena *a, void (*fn)(void *), void *arg);
void eddy__arena_reset(Arena *a);
void eddy__arena_destroy(Arena *a);
/* A point in an arena's life to go back to: eddy__arena_rewind frees every
 * chunk begun after the mark and runs the cleanups registered after it
 * (newest first); what was allocated before stays valid. */
typedef struct ArenaMark {
    ArenaChunk *head;
    char *cur, *end;
    size_t chunk_size, total;
    ArenaCleanup *cleanups;
} ArenaMark;
ArenaMark eddy__arena_mark(const Arena *a);
void eddy__arena_rewind(Arena *a, ArenaMark m);

/* ---- growable byte buffer / string builder ----------------------------- */

typedef struct Buf {
    char *data;
    size_t len, cap;
    bool failed;
} Buf;

void eddy__buf_init(Buf *b);
void eddy__buf_free(Buf *b);
bool eddy__buf_reserve(Buf *b, size_t extra);
void eddy__buf_put(Buf *b, const void *p, size_t n);
void eddy__buf_puts(Buf *b, const char *s);
void eddy__buf_putc(Buf *b, char c);
void eddy__buf_printf(Buf *b, const char *fmt, ...) ED_PRINTF(2, 3);
void eddy__buf_vprintf(Buf *b, const char *fmt, va_list ap);
void eddy__buf_pad(Buf *b, char c, size_t n);
/* Cuts the contents back to their first n bytes (n <= len). */
static inline void eddy__buf_truncate(Buf *b, size_t n) {
    b->len = n;
    if (b->data) b->data[n] = 0;
}
/* NUL-terminated view of the contents (valid until the next write). */
const char *eddy__buf_cstr(Buf *b);
/* Moves the contents out as a malloc'd NUL-terminated string. */
char *eddy__buf_take(Buf *b);

/* ---- typed growable vectors (macro based, any element type) ----------- */

#define ED_VEC(T) struct { T *items; size_t len, cap; }
/* Appends; evaluates to false when memory ran out. */
#define ed_vec_push(v, x) \
    (((v)->len < (v)->cap || eddy__vec_grow((void **)&(v)->items, &(v)->cap, sizeof(*(v)->items), (v)->len + 1)) \
         ? ((v)->items[(v)->len++] = (x), true)                                                                   \
         : false)
#define ed_vec_free(v) (eddy__free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)
bool eddy__vec_grow(void **items, size_t *cap, size_t elem, size_t need);

/* ---- hashing ----------------------------------------------------------- */

uint64_t eddy__hash_bytes(const void *p, size_t n, uint64_t seed);
static inline uint64_t eddy__hash_u64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}
static inline uint64_t eddy__hash_combine(uint64_t h, uint64_t v) {
    return eddy__hash_u64(h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)));
}

/* ---- string helpers ---------------------------------------------------- */

bool eddy__str_ieq(const char *a, const char *b);
bool eddy__strn_ieq(const char *a, size_t alen, const char *b);
/* Copies s[0..n) to d (room for n + 1 bytes) with every doubled quote q
 * made single, as SQL reads the inside of '..' and `..`; NUL-terminates d
 * and returns the length written. */
size_t eddy__str_undouble(char *d, const char *s, size_t n, char q);
/* Number of UTF-8 code points in s[0..n). */
size_t eddy__utf8_len(const char *s, size_t n);

/* The small UTF-8 steps below are inline because the string kernels of
 * src/expr call them once per character. None of them validates: they keep
 * going over malformed input so that every scan makes progress. */

/* Byte index just past the code point that starts at s[i] (i < n): one byte
 * plus the continuation bytes that follow it. */
static inline size_t eddy__utf8_next(const char *s, size_t n, size_t i) {
    i++;
    while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
    return i;
}

/* Byte offset of code point number `cp` (0-based) in s[0..n), clamped to n;
 * 0 for cp <= 0. */
static inline size_t eddy__utf8_offset(const char *s, size_t n, int64_t cp) {
    size_t i = 0;
    while (cp > 0 && i < n) {
        i = eddy__utf8_next(s, n, i);
        cp--;
    }
    return i;
}

/* Decodes the code point at s[*i] (*i < n) and advances *i past it. The lead
 * byte alone decides the length (continuation bytes are not checked); a
 * stray continuation byte, a lead byte of 0xF8 or above, or a sequence cut
 * short by n decodes as that one byte's value. */
static inline uint32_t eddy__utf8_decode(const char *s, size_t n, size_t *i) {
    const unsigned char *p = (const unsigned char *)s + *i;
    size_t rest = n - *i;
    uint32_t c = p[0];
    size_t len = 1;
    if (c >= 0xC0 && c < 0xE0 && rest >= 2) {
        c = ((c & 0x1F) << 6) | (p[1] & 0x3F);
        len = 2;
    } else if (c >= 0xE0 && c < 0xF0 && rest >= 3) {
        c = ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        len = 3;
    } else if (c >= 0xF0 && c < 0xF8 && rest >= 4) {
        c = ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        len = 4;
    }
    *i += len;
    return c;
}

/* Writes cp as UTF-8 to o (room for 4 bytes) and returns the byte count
 * (1 to 4); cp is a code point, at most 0x10FFFF. */
static inline size_t eddy__utf8_encode(uint32_t cp, char *o) {
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Appends cp to b as UTF-8 (see eddy__utf8_encode). */
static inline void eddy__buf_put_utf8(Buf *b, uint32_t cp) {
    char enc[4];
    eddy__buf_put(b, enc, eddy__utf8_encode(cp, enc));
}
/* Display cells of s[0..n): East-Asian wide characters count 2. */
size_t eddy__utf8_width(const char *s, size_t n);
/* Byte length of the longest prefix of s that fits in `cells` display cells. */
size_t eddy__utf8_prefix_for_width(const char *s, size_t n, size_t cells);

/* ---- clocks ------------------------------------------------------------ */

/* Milliseconds since the epoch (CLOCK_REALTIME): processing time, the
 * values of generators, file rolling. Inline: datagen reads it per value. */
static inline int64_t eddy__wall_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Nanoseconds of CLOCK_MONOTONIC: durations, rates and timeouts. */
static inline int64_t eddy__mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Flink's Duration syntax (TimeUtils.parseDuration): digits, then an
 * optional unit after optional blanks -- d/day(s), h/hour(s), min/m/
 * minute(s), s/sec(s)/second(s), ms/milli(s)/millisecond(s), us/micro(s)/
 * microsecond(s), ns/nano(s)/nanosecond(s), any case; none means ms.
 * Sets *ms (sub-millisecond values round down) and returns true, or returns
 * false for anything else (a sign, a fraction, an unknown unit, overflow). */
bool eddy__parse_duration_ms(const char *text, int64_t *ms);
/* Appends ms in its largest exact unit, as Flink prints a Duration option
 * (TimeUtils.formatWithHighestUnit): "3 min", "200 ms", "90 s", "1 d". */
void eddy__buf_duration_ms(Buf *b, int64_t ms);

/* ---- Base64 (RFC 4648 alphabet, '=' padding, no line breaks) ------------ */

/* The length of the Base64 text of n bytes. */
static inline size_t eddy__base64_len(size_t n) { return (n + 2) / 3 * 4; }

/* Writes the Base64 text of p[0..n) to o (room for eddy__base64_len(n)
 * bytes, no NUL written) and returns its length. Inline because TO_BASE64
 * calls it once per row. */
static inline size_t eddy__base64_write(char *o, const uint8_t *p, size_t n) {
    static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t i = 0, w = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        o[w++] = B64[v >> 18];
        o[w++] = B64[v >> 12 & 63];
        o[w++] = B64[v >> 6 & 63];
        o[w++] = B64[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0);
        o[w++] = B64[v >> 18];
        o[w++] = B64[v >> 12 & 63];
        o[w++] = i + 1 < n ? B64[v >> 6 & 63] : '=';
        o[w++] = '=';
    }
    return w;
}

/* Appends the Base64 text of p[0..n) to b (failure sticky). */
void eddy__base64_encode(Buf *b, const uint8_t *p, size_t n);

/* The 6-bit value of Base64 character c, -1 for any other byte ('=' too).
 * The decoders (a lenient one in formats, Java's strict one in expr) keep
 * their own rules and share this table. */
static inline int eddy__base64_value(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/* ---- errors ------------------------------------------------------------ */

/* An error record: status code, message, and (for SQL) a 1-based position;
 * line 0 means no position. The message is malloc'd; the first error set
 * stays unless the record is cleared. */
typedef struct EdErr {
    eddy_status code;
    int line, col;
    int end_line, end_col;
    char *msg;
    /* a validation error Flink raises when it plans the statement, after
     * Calcite's validation: the API does not prefix "SQL validation failed." */
    bool planning;
} EdErr;

/* Records an error unless one is already set; returns `code` either way, so
 * `return eddy__err(e, EDDY_E_BIND, "...")` is the idiom. */
eddy_status eddy__err(EdErr *e, eddy_status code, const char *fmt, ...) ED_PRINTF(3, 4);
eddy_status eddy__verr(EdErr *e, eddy_status code, const char *fmt, va_list ap);
eddy_status eddy__err_at(EdErr *e, eddy_status code, int line, int col, const char *fmt, ...) ED_PRINTF(5, 6);

/* ---- whole files (file.c) ------------------------------------------------ */

/* A file's checksum: eddy__hash_bytes chained over its 64 KiB chunks, the
 * first seeded with this. */
#define EDDY_FILE_SUM_SEED 0x66696c65ULL
/* "a/b" (malloc'd; NULL when out of memory). */
char *eddy__path_join(const char *a, const char *b);
/* Size and checksum of the file at path. EDDY_E_IO "Could not <what>
 * <path>: <reason>." when it cannot be read. */
eddy_status eddy__file_sum(const char *path, uint64_t *size, uint64_t *sum, EdErr *err);
/* Copies src to dst through dst.tmp (fsync'd when sync, then renamed: dst
 * appears only complete), giving the size and checksum of the bytes copied.
 * EDDY_E_IO naming the file on failure (dst.tmp removed). */
eddy_status eddy__file_copy(const char *src, const char *dst, bool sync, uint64_t *size, uint64_t *sum, EdErr *err);
/* Sets the error even if one is set (replacing it). */
void eddy__err_replace(EdErr *e, eddy_status code, const char *msg);
void eddy__err_clear(EdErr *e);
/* Moves src into dst if dst is empty; clears src. */
void eddy__err_move(EdErr *dst, EdErr *src);
static inline bool eddy__err_is_set(const EdErr *e) { return e->code != EDDY_OK; }

#endif
