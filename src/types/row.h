/*
 * row.h -- the user-facing row objects: eddy_row (a read-only view of one
 * row of a batch, handed to callbacks and iterators) and eddy_out (a row
 * being built by a callback, written straight into the vectors of an output
 * batch), plus the conversions between rows and C structs (STRUCTURED
 * types).
 *
 * A view never copies: its strings point into the batch. An eddy_out owns
 * the batch it fills until it hands it on through its flush callback.
 */
#ifndef EDDY_ROW_H
#define EDDY_ROW_H

#include "types/vector.h"

struct eddy_row {
    const Type *type;     /* record type: field names come from it */
    Vector *const *cols;  /* one vector per column */
    int ncols;
    uint32_t idx;         /* physical row */
    uint8_t kind;
    int64_t ts;           /* TS_NONE when the record has no timestamp */
    Arena *scratch;       /* for conversions that need memory (structs); may be NULL */
};

/* Points view r at physical row phys_row of batch b (record type t). */
static inline void eddy__row_view(eddy_row *r, const Type *t, const Batch *b, uint32_t phys_row, Arena *scratch) {
    r->type = t;
    r->cols = b->cols;
    r->ncols = b->ncols;
    r->idx = phys_row;
    r->kind = batch_kind(b, phys_row);
    r->ts = batch_ts(b, phys_row);
    r->scratch = scratch;
}

/* Called with each full batch (and the last one) of an eddy_out; takes a
 * reference it must release. */
typedef eddy_status (*OutFlushFn)(void *ctx, Batch *b);

struct eddy_out {
    const Type *type;
    int ncols;
    const Type *const *col_types;
    Batch *batch;     /* being filled; rows 0..row-1 are complete */
    uint32_t row;     /* the slot being written */
    uint32_t cap;
    bool open;        /* a row has been started at slot `row` */
    bool any_kind, any_ts;
    OutFlushFn flush;
    void *flush_ctx;
    EdErr *err;       /* eddy_out_error writes here */
    int64_t default_ts; /* record timestamp new rows start with (TS_NONE: none) */
    bool single;      /* map / reduce: exactly one row, eddy_out_emit is misuse */
    /* who fills the rows and how, for the NOT NULL check of eddy__out_commit
     * ("The user function of operator 'Map' returned"); NULL: committed rows
     * are not checked */
    const char *who;
    bool any_not_null; /* some column's type is NOT NULL */
    bool failed;       /* a row failed the check (sticky: the callback may ignore it) */
    /* fields set in the current row; the rest become NULL when it is sealed
     * (so a row that sets every field never allocates a validity bitmap) */
    uint64_t set_mask[4];
};

#define OUT_MAX_LAZY 256 /* columns tracked by set_mask; wider rows start all NULL */

/* Initializes an output for record type t (columns col_types) writing
 * batches of `cap` rows, flushed through fn. */
void eddy__out_init(eddy_out *o, const Type *t, int ncols, const Type *const *col_types, uint32_t cap, OutFlushFn fn,
                    void *ctx, EdErr *err);
/* Starts a new row (all fields NULL, kind +I, no timestamp). */
eddy_status eddy__out_begin(eddy_out *o);
/* Marks the fields not set in the current row NULL. */
void eddy__out_seal(eddy_out *o);
/* Records that every field of the current row was written directly. */
void eddy__out_set_all(eddy_out *o);
/* Checks the sealed current row against its types: a NULL in a column of a
 * NOT NULL type fails (EDDY_E_UDF on o->err, o->failed set) with "<who> NULL,
 * but its result type is T NOT NULL." (an atomic row type) or "<who> NULL for
 * field 'f', but its type is T NOT NULL." -- the forms of the scalar and
 * table function errors; who is subject and verb ("The user function of
 * operator 'Map' returned"). */
eddy_status eddy__out_check_not_null(eddy_out *o, const char *who);
/* Completes the current row (seals it, checks it when o->who is set, keeps
 * it in the batch, flushes when the batch is full). */
eddy_status eddy__out_commit(eddy_out *o);
/* Drops the current row. */
void eddy__out_discard(eddy_out *o);
/* Flushes the rows collected so far (if any). */
eddy_status eddy__out_flush(eddy_out *o);
/* Releases a partly filled batch. */
void eddy__out_free(eddy_out *o);
/* The vector and slot of field i of the current row (after begin); marks
 * the field as set. */
static inline Vector *eddy__out_field(eddy_out *o, size_t i) {
    if (!o->open || i >= (size_t)o->ncols) return NULL;
    if (i < OUT_MAX_LAZY) o->set_mask[i >> 6] |= 1ULL << (i & 63);
    return o->batch->cols[i];
}

/* ---- C structs (STRUCTURED types) --------------------------------------- */

/* Writes the fields of C struct `src` (of struct type st) into the vectors
 * `cols` (one per field of st) at slot i. Strings are copied. */
eddy_status eddy__struct_to_cols(const Type *st, const void *src, Vector *const *cols, uint32_t i, EdErr *err);
/* Writes struct value src into the struct vector v at slot i (nested). */
eddy_status eddy__struct_to_vec(const Type *st, const void *src, Vector *v, uint32_t i, EdErr *err);
/* Fills C struct dst of struct type st from a row view, matching fields by
 * name. Strings point into the view's batch; nested structs and DECIMAL
 * text are allocated in r->scratch. */
eddy_status eddy__struct_from_row(const Type *st, const eddy_row *r, void *dst, EdErr *err);
/* Fills dst from the struct vector v at slot i. */
eddy_status eddy__struct_from_vec(const Type *st, const Vector *v, uint32_t i, void *dst, Arena *scratch, EdErr *err);
/* Builds a STRUCTURED type from a C field table. */
eddy_status eddy__struct_type(Arena *a, const char *name, size_t size, const eddy_field *fields, size_t n,
                              const Type **out, EdErr *err);

#endif
