/*
 * op.h -- the operator interface every runtime operator implements, and what
 * an operator may call while it runs.
 *
 * Operators are push based. A running operator (Op) is the mutable twin of a
 * StreamNode's immutable OpSpec, owned by one task (one subtask): it is only
 * ever called from one thread at a time. Its memory comes from the task's
 * arena (released with the job) or from its own state object.
 *
 * Call order: open, then any number of push_batch / push_watermark (sources:
 * produce), then finish once at end of input (emit what is left), then close
 * (always, also after errors and cancellation; releases resources only).
 * An operator emits to its outputs with eddy__op_emit / eddy__op_emit_watermark.
 * A batch passed to push_batch is borrowed for the call: an operator that
 * keeps rows copies them; one that passes the batch on unchanged may emit it
 * directly (emit borrows too).
 */
#ifndef EDDY_OP_H
#define EDDY_OP_H

#include "runtime/graph.h"

typedef struct Op Op;
typedef struct Task Task;
typedef struct Job Job;

/* Why OpVtab.commit is called. */
typedef enum CommitKind {
    COMMIT_FINISHED,  /* the job finished */
    COMMIT_CANCELLED  /* an unbounded job was cancelled */
} CommitKind;

struct OpVtab {
    const char *name;
    /* Sets up op->state. May be NULL. */
    eddy_status (*open)(Op *op);
    /* A batch arrived on logical input `input`. */
    eddy_status (*push_batch)(Op *op, int input, Batch *b);
    /* The operator's input watermark advanced to wm. NULL: forward it. */
    eddy_status (*push_watermark)(Op *op, int64_t wm);
    /* End of all input. NULL: nothing to emit. */
    eddy_status (*finish)(Op *op);
    /* Releases resources. May be NULL. */
    void (*close)(Op *op);
    /* Sources: emit some data; return EDDY_OK for more, EDDY_DONE at the end,
     * EDDY_ROW when nothing is available right now (the task retries later). */
    eddy_status (*produce)(Op *op);
    /* Called once per operator -- not per instance -- with its n instances
     * in subtask order (ops[i]->subtask == i; an instance whose task never
     * opened has state NULL), before any close: sinks that publish their
     * output all at once (file sinks) do it here. COMMIT_FINISHED: every
     * task of the job finished without error (runs on the worker that
     * finished the last task). COMMIT_CANCELLED: the job was cancelled while
     * one of its sources was unbounded -- a final checkpoint -- after every
     * worker stopped (runs on the thread that waits for the job). Not called
     * for a failed job, nor for a cancelled bounded one. An error (recorded
     * with eddy__op_fail on any of the instances) fails the job. NULL:
     * nothing to commit. */
    eddy_status (*commit)(Op *const *ops, int n, CommitKind kind);
};

/* Where an operator's output goes: chained operators (called directly) and
 * network outputs (partitioned into channels). */
typedef struct NetOut NetOut;

struct Op {
    const OpVtab *vt;
    const StreamNode *node;
    const void *plan;
    void *state;
    Task *task;
    int subtask, parallelism, max_parallelism;
    int input_index; /* as seen by chained successors */
    int nchained;
    Op **chained;
    int nnet;
    NetOut **net;
    Arena *arena; /* the task's arena */
    uint32_t batch_size;
    bool batch_mode;
    int64_t watermark; /* last watermark emitted */
    uint64_t rows_in, rows_out;
};

/* Emits a batch to all outputs of op (borrowed: callers keep ownership). */
eddy_status eddy__op_emit(Op *op, Batch *b);
/* An OutFlushFn (row.h) for operators that build rows with an eddy_out:
 * ctx is the Op; the batch is emitted and released. */
eddy_status eddy__op_emit_owned(void *op, Batch *b);
/* Emits a watermark to all outputs. */
eddy_status eddy__op_emit_watermark(Op *op, int64_t wm);
/* Records an error for the job; returns code (idiom: return eddy__op_fail(...)). */
eddy_status eddy__op_fail(Op *op, eddy_status code, const char *fmt, ...) ED_PRINTF(3, 4);
/* The job's error record (for functions that take an EdErr). Errors set on it
 * must be reported by returning a non-OK status. */
EdErr *eddy__op_err(Op *op);
/* True when the job has been cancelled or has failed (long-running operators
 * check it). */
bool eddy__op_cancelled(const Op *op);

/* Reports the malformed records a source met in one input (`where`: a file
 * path) and did not fail on, as its format's ignore-parse-errors option
 * allows: `skipped` records dropped, `nulled` records read with fields set
 * to NULL; the first of them at `first_line` for `first_reason`. The job
 * sums them per input (eddy__job_malformed). Thread-safe; strings are
 * copied. Returns EDDY_E_NOMEM when the tally cannot grow. */
eddy_status eddy__op_report_malformed(Op *op, const char *where, uint64_t skipped, uint64_t nulled,
                                      int64_t first_line, const char *first_reason);

#endif
