/*
 * vector.h -- the data that flows: typed column vectors with validity
 * bitmaps and string views, and batches of up to a few thousand rows with a
 * row-kind column, an event-timestamp column and an optional selection.
 *
 * Invariants
 *  - A Vector holds `cap` physical slots. Its data buffer has eddy__phys_width
 *    bytes per slot; `valid` is a bitmap (bit set = not NULL) or NULL when
 *    every slot is valid. String bytes live in the vector's own heap and are
 *    NUL-terminated, so a StrView's bytes are always a C string.
 *  - Vectors and batches are reference counted (atomically: they cross
 *    threads). Once a vector is shared (refcnt > 1) or handed downstream it
 *    is read-only; whoever wants to change it makes a new one.
 *  - All vectors of a batch have at least `n` physical slots. The rows of a
 *    batch are sel[0..count) when sel is set, else 0..n-1 (count == n).
 *  - Nested vectors: ROW/STRUCTURED keep one child per field at the same
 *    physical index; ARRAY/MULTISET/MAP keep ListEntry {offset, length} into
 *    child[0] (elements or keys) and child[1] (map values, multiset counts).
 *  - A constant vector (is_const) has one slot that stands for every row;
 *    only expression evaluation produces them, batches never hold them.
 */
#ifndef EDDY_VECTOR_H
#define EDDY_VECTOR_H

#include <stdatomic.h>

#include "types/types.h"

/* TIMESTAMP / TIMESTAMP_LTZ value: Flink's TimestampData. */
typedef struct Ts {
    int64_t ms;
    int32_t ns; /* nanoseconds within the millisecond, 0..999999 */
} Ts;

/* A string (or bytes) view, 16 bytes. Up to STRV_INLINE bytes are stored
 * inline (always followed by a NUL); longer ones point into a heap. */
#define STRV_INLINE 11
typedef struct StrView {
    uint32_t len;
    union {
        char inl[12];
        struct {
            char prefix[4]; /* informational only: nothing reads it, may be zeros */
            const char *ptr;
        } __attribute__((packed)) ext;
    } u;
} StrView;

static inline const char *sv_data(const StrView *s) { return s->len <= STRV_INLINE ? s->u.inl : s->u.ext.ptr; }
/* RAW objects always live in the heap (never inline), whatever their size,
 * so that they keep their alignment and address. */
static inline const char *raw_data(const StrView *s) { return s->u.ext.ptr; }


/* A view of bytes that are not owned (argument passing). */
typedef struct Str {
    const char *p;
    size_t n;
} Str;

typedef struct ListEntry {
    uint32_t off, len;
} ListEntry;

/* Heap: chunked byte storage for a vector's variable-length values. */
typedef struct HeapChunk HeapChunk;
typedef struct Heap {
    HeapChunk *head;
    char *cur, *end;
    size_t bytes;
} Heap;

typedef struct Vector Vector;
struct Vector {
    atomic_int refcnt;
    uint8_t phys;      /* PhysKind */
    bool is_const;
    bool failed;       /* an allocation failed while filling it */
    const Type *type;
    uint32_t cap;      /* physical slots */
    uint8_t *valid;    /* NULL = all valid */
    void *data;        /* cap * width bytes */
    Heap heap;         /* string / raw bytes */
    int nchild;
    Vector **child;    /* struct fields, or list elements (+ map values) */
    uint32_t child_len;/* list vectors: elements used in the children */
    bool owns_raw;     /* RAW values made by ops->copy; freed with ops->free */
};

/* The bytes of a slot of a PH_STR or PH_RAW vector. */
static inline const char *slot_bytes(const Vector *v, const StrView *s) {
    return v->phys == PH_RAW ? raw_data(s) : sv_data(s);
}

/* ---- vectors ------------------------------------------------------------ */

/* A new vector of `cap` slots, all NULL-free and zeroed (strings empty).
 * Nested types get their children (list children start with capacity cap).
 * Returns NULL when memory runs out. */
Vector *eddy__vec_new(const Type *t, uint32_t cap);
/* A constant vector: one slot standing for every row. */
Vector *eddy__vec_new_const(const Type *t);
static inline Vector *eddy__vec_retain(Vector *v) {
    if (v) atomic_fetch_add_explicit(&v->refcnt, 1, memory_order_relaxed);
    return v;
}
void eddy__vec_release(Vector *v);
/* Makes sure slots 0..cap-1 exist (keeps contents). */
bool eddy__vec_reserve(Vector *v, uint32_t cap);

static inline bool vec_is_null(const Vector *v, uint32_t i) {
    if (v->is_const) i = 0;
    return v->valid && !(v->valid[i >> 3] & (1u << (i & 7)));
}
/* Marks slot i NULL or valid (allocating the bitmap on first NULL). */
void eddy__vec_set_null(Vector *v, uint32_t i);
static inline void vec_set_valid(Vector *v, uint32_t i) {
    if (v->valid) v->valid[i >> 3] |= (uint8_t)(1u << (i & 7));
}
/* Allocates the validity bitmap (all valid) if missing. */
bool eddy__vec_ensure_validity(Vector *v);

#define VEC_DATA(v, T) ((T *)(v)->data)
static inline uint32_t vidx(const Vector *v, uint32_t i) { return v->is_const ? 0 : i; }

/* Bytes in the vector's heap; returns NULL (and sets failed) when memory
 * runs out. */
char *eddy__heap_alloc(Heap *h, size_t n);
void eddy__heap_free(Heap *h);

/* Stores a copy of p[0..n) (NUL-terminated) as slot i's string value. */
void eddy__vec_set_str(Vector *v, uint32_t i, const char *p, size_t n);
/* Makes slot i's StrView reference bytes already owned by this vector's
 * heap (p must be NUL-terminated at p[n]). */
void eddy__vec_set_str_owned(Vector *v, uint32_t i, const char *p, size_t n);
/* Reserves n+1 bytes for slot i's string and returns where to write them;
 * the caller writes exactly n bytes (the NUL is set here). */
char *eddy__vec_str_reserve(Vector *v, uint32_t i, size_t n);
static inline Str vec_str(const Vector *v, uint32_t i) {
    const StrView *s = &VEC_DATA(v, StrView)[vidx(v, i)];
    Str r = {sv_data(s), s->len};
    return r;
}

/* Copies the value at src[si] into dst[di] (deep: strings, nested values). */
void eddy__vec_copy_value(Vector *dst, uint32_t di, const Vector *src, uint32_t si);
/* A full vector of capacity cap with the constant c's value at the given
 * rows (batches never hold constant vectors). NULL when memory runs out. */
Vector *eddy__vec_expand_const(Vector *c, const uint32_t *rows, uint32_t nrows, uint32_t cap);
/* Appends room for n elements to a list vector's children; returns the
 * offset of the first. */
uint32_t eddy__vec_list_append(Vector *v, uint32_t n);

/* ---- batches ------------------------------------------------------------ */

/* Row kinds as stored in a batch's kinds vector (TINYINT NOT NULL). */
enum { RK_INSERT = 0, RK_UPDATE_BEFORE = 1, RK_UPDATE_AFTER = 2, RK_DELETE = 3 };
/* Changelog modes: the set of row kinds a stream carries, a bit per RK_*. */
enum { CL_INSERT = 1, CL_UPDATE_BEFORE = 2, CL_UPDATE_AFTER = 4, CL_DELETE = 8 };

/* No event timestamp (Long.MIN_VALUE in Flink's StreamRecord terms). */
#define TS_NONE INT64_MIN

typedef struct Batch {
    atomic_int refcnt;
    uint32_t n;       /* physical rows */
    uint32_t count;   /* rows visible (count of sel, or n) */
    uint32_t *sel;    /* owned; NULL = rows 0..n-1 */
    int ncols;
    Vector **cols;    /* owned references */
    Vector *kinds;    /* TINYINT per physical row, or NULL = all +I */
    Vector *ts;       /* BIGINT per physical row, or NULL = no timestamps */
} Batch;

/* A batch with `ncols` column slots (NULL until set) and n physical rows. */
Batch *eddy__batch_new(int ncols, uint32_t n);
/* A batch with fresh column vectors of the given types, capacity cap, n = 0. */
Batch *eddy__batch_new_typed(int ncols, const Type *const *types, uint32_t cap);
static inline Batch *eddy__batch_retain(Batch *b) {
    if (b) atomic_fetch_add_explicit(&b->refcnt, 1, memory_order_relaxed);
    return b;
}
void eddy__batch_release(Batch *b);
/* A new batch header sharing all vectors of b (retained), with a copy of
 * its selection. The result is exclusively owned by the caller. */
Batch *eddy__batch_share(const Batch *b);
/* Replaces the selection of an exclusively owned batch (takes sel). */
void eddy__batch_set_sel(Batch *b, uint32_t *sel, uint32_t count);
/* Physical row of the i-th visible row. */
static inline uint32_t batch_row(const Batch *b, uint32_t i) { return b->sel ? b->sel[i] : i; }
static inline uint8_t batch_kind(const Batch *b, uint32_t phys) {
    return b->kinds ? VEC_DATA(b->kinds, uint8_t)[phys] : RK_INSERT;
}
static inline int64_t batch_ts(const Batch *b, uint32_t phys) {
    return b->ts ? VEC_DATA(b->ts, int64_t)[phys] : TS_NONE;
}
/* Makes sure b->kinds / b->ts exist (filled with +I / TS_NONE) on an
 * exclusively owned batch with vectors of capacity >= cap. */
bool eddy__batch_ensure_kinds(Batch *b, uint32_t cap);
bool eddy__batch_ensure_ts(Batch *b, uint32_t cap);
/* A dense copy of the visible rows of b (no selection). */
Batch *eddy__batch_compact(const Batch *b);

/* Number of batches alive right now, across the process (for tests of
 * bounded memory). */
long eddy__batch_live_count(void);

/* ---- values ------------------------------------------------------------- */

/* A single value, used for literals, constant folding and row building.
 * Variable-length contents (str) point to memory owned elsewhere: the
 * arena the value was made in. Nested values (ROW, ARRAY, MAP) are held as a
 * one-slot Vector (vec, owned reference). */
typedef struct Value {
    const Type *type;
    bool is_null;
    union {
        bool b;
        int64_t i;   /* all integer kinds, DATE, TIME, intervals */
        double d;    /* FLOAT and DOUBLE */
        ed_i128 dec; /* DECIMAL unscaled */
        Ts ts;
        Str str;     /* CHAR/VARCHAR/BINARY/VARBINARY/RAW bytes */
    } u;
    Vector *vec;     /* nested values */
} Value;

/* Writes v into slot i of vector dst (dst->type must have v's physical
 * kind). */
void eddy__vec_set_value(Vector *dst, uint32_t i, const Value *v);
/* Reads slot i of src into *out; strings point into src (borrowed). */
void eddy__vec_get_value(const Vector *src, uint32_t i, Value *out);

#endif
