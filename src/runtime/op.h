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
 *
 * State. An operator keeps what outlives a batch in its state backend
 * (eddy__op_state: keyed state for the subtask's key-group range, operator
 * state, timers), which the runtime creates on first use, snapshots and
 * frees after close; the operator includes state/state.h and
 * state/timers.h, nothing else of src/state/. Every operator has a stable
 * id (Op.uid) that names its state in snapshots.
 *
 * Time. Before an operator sees a new input watermark (push_watermark, or
 * the forwarding that replaces it) every event-time timer of its timer
 * service due at that watermark fires through on_timer -- timers first, then
 * the watermark, as in Flink. Due processing-time timers fire before the
 * task handles its next event; in BATCH mode the remaining ones fire at the
 * end of input, before finish.
 *
 * The optional members (NULL = none): snapshot, restore, on_timer,
 * end_input, commit, produce; and open / push_watermark / finish / close as
 * described below.
 */
#ifndef EDDY_OP_H
#define EDDY_OP_H

#include "runtime/graph.h"
#include "state/timers.h"

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
    /* Checkpoint `checkpoint_id`: the operator writes what it keeps outside
     * its state backend (a source's offsets, buffered rows) into its state
     * (operator list state); the runtime snapshots the backend afterwards.
     * NULL: everything is in the backend already. */
    eddy_status (*snapshot)(Op *op, int64_t checkpoint_id);
    /* Called once, after open, when the operator's backend was restored
     * from a snapshot: the operator rebuilds what it keeps outside the
     * backend. NULL: nothing to rebuild. */
    eddy_status (*restore)(Op *op);
    /* A timer of the operator's timer service is due (t and its key bytes
     * are borrowed for the call). The operator may register and delete
     * timers and use its state; a new timer that is due already fires in the
     * same round. NULL: the operator registers no timers. */
    eddy_status (*on_timer)(Op *op, const Timer *t);
    /* STREAMING: called before the task handles its next event with the
     * clock's time (periodic work of watermark assigners). NULL: none. */
    eddy_status (*on_processing_time)(Op *op, int64_t now);
    /* Logical input `input` has ended (every channel feeding it delivered
     * its end): called once per input, before finish, so a multi-input
     * operator (a join) can act when one side is complete. NULL: nothing. */
    eddy_status (*end_input)(Op *op, int input);
    /* Sources, for checkpoints: append the position reached -- where the
     * next produce continues (a file and offset, a generator's count) --
     * to out, in the source's own format. NULL: the source cannot take
     * part in checkpoints (a job with checkpointing fails with "not
     * supported yet"). */
    eddy_status (*position)(Op *op, Buf *out);
    /* Sources, on restore: continue from a position `position` wrote (bytes
     * borrowed for the call; called after open). */
    eddy_status (*seek)(Op *op, const void *pos, size_t len);
    /* Sources without `position`: what a job that would restart them from a
     * checkpoint suggests instead (NULL: nothing). */
    const char *rewind_hint;
    /* Checkpoint `checkpoint_id` completed: its _metadata is durable, so
     * what the operator staged for it (and for earlier ones) may be
     * published -- the second phase of a two-phase-commit sink. Called on
     * the operator's own task thread, between events, with increasing ids;
     * when several checkpoints complete before the task runs, only the
     * latest is passed (it covers the earlier ones). Not called after the
     * task finished (commit does the rest). An error fails the job. NULL:
     * the operator does not care. A sink with a commit member needs this one
     * to be restored from a checkpoint. */
    eddy_status (*checkpoint_complete)(Op *op, int64_t checkpoint_id);
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
    int side;        /* which output of its chained predecessor it takes (StreamInput.side) */
    int nchained;
    Op **chained;
    int nnet;
    NetOut **net;
    Arena *arena; /* the task's arena */
    uint32_t batch_size;
    bool batch_mode;
    int64_t watermark; /* last watermark emitted */
    int64_t input_watermark; /* last watermark received (INT64_MIN: none) */
    bool out_idle;           /* the watermark status emitted last is IDLE */
    /* metrics (eddy__job_metrics): written by the task's thread only, per
     * batch or watermark, read by any thread -- relaxed atomics, no lock
     * prefix (eddy__ctr_add) */
    _Atomic uint64_t rows_in, rows_out, late_dropped;
    _Atomic int64_t m_in_wm, m_out_wm; /* input_watermark / watermark mirrored */
    /* state */
    const char *uid;       /* stable operator id: 32 hex digits (graph.h) */
    StateBackend *backend; /* created by eddy__op_state; freed after close */
    MemAccount mem;        /* what the backend (and the operator) holds */
    _Atomic int64_t closed_bytes; /* mem's bytes when the backend was freed */
    uint32_t blocked;      /* logical inputs blocked (bit per input), chain heads only */
};

/* Adds n to a counter only one thread writes (a plain load and store). */
static inline void eddy__ctr_add(_Atomic uint64_t *c, uint64_t n) {
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n, memory_order_relaxed);
}

/* Emits a batch to all outputs of op (borrowed: callers keep ownership). */
eddy_status eddy__op_emit(Op *op, Batch *b);
/* An OutFlushFn (row.h) for operators that build rows with an eddy_out:
 * ctx is the Op; the batch is emitted and released. */
eddy_status eddy__op_emit_owned(void *op, Batch *b);
/* Emits a batch to the consumers of op's side output `side` (> 0) only;
 * the main output (eddy__op_emit) does not reach them. */
eddy_status eddy__op_emit_side(Op *op, int side, Batch *b);
/* Emits a watermark to all outputs (an idle op becomes active first). */
eddy_status eddy__op_emit_watermark(Op *op, int64_t wm);
/* Emits the watermark status IDLE (idle = true) or ACTIVE to all outputs
 * when it changes: downstream tasks leave idle inputs out of the minimum
 * of their input watermarks. */
eddy_status eddy__op_emit_idle(Op *op, bool idle);
/* The job's pipeline.auto-watermark-interval in ms (0: no periodic
 * watermarks). */
int64_t eddy__op_auto_watermark_interval(const Op *op);
/* Records an error for the job; returns code (idiom: return eddy__op_fail(...)). */
eddy_status eddy__op_fail(Op *op, eddy_status code, const char *fmt, ...) ED_PRINTF(3, 4);
/* The job's error record (for functions that take an EdErr). Errors set on it
 * must be reported by returning a non-OK status. */
EdErr *eddy__op_err(Op *op);
/* True when the job has been cancelled or has failed (long-running operators
 * check it). */
bool eddy__op_cancelled(const Op *op);

/* The operator's state backend: keyed state for the subtask's key-group
 * range (eddy__state_group_range of subtask / parallelism /
 * max_parallelism), operator state and timers, created on the first call
 * (in open, or later) with the operator's uid, its MemAccount (charged
 * against the job's managed memory; for streaming jobs a hard limit) and the
 * job's clock. The runtime frees it after close. Errors (memory) are the
 * job's. */
eddy_status eddy__op_state(Op *op, StateBackend **out);
/* Snapshots the operator's state for checkpoint `checkpoint_id`: the
 * operator's snapshot member first (what it keeps outside its backend goes
 * in), then its backend's whole key-group range is appended to out
 * (state.h's format) -- or, with shared_dir and refs and a backend that
 * can (RocksDB), an incremental snapshot whose shared files go to
 * shared_dir and are listed in refs. An operator without a backend appends nothing. For
 * the checkpointing that calls it at barriers (the restore side --
 * eddy__state_restore before open, then the restore member -- comes with
 * it). */
eddy_status eddy__op_snapshot(Op *op, int64_t checkpoint_id, const char *shared_dir, StateFileRefs *refs, Buf *out);
/* Source positions made of n int64 values (the common case of OpVtab's
 * position / seek): appends them to out; reads them back from pos, failing
 * the job with "The position of source '<name>' in the checkpoint is not
 * valid (<len> bytes, expected <n * 8>)." when the length differs. */
eddy_status eddy__op_position_i64(Buf *out, const int64_t *v, size_t n);
eddy_status eddy__op_seek_i64(Op *op, const void *pos, size_t len, int64_t *v, size_t n);
/* The job's execution.checkpointing.interval in ms (0: no checkpoints). */
int64_t eddy__op_checkpoint_interval(const Op *op);
/* The id of the last checkpoint the job completed in this run (0: none
 * yet). Thread-safe. */
int64_t eddy__op_checkpoint_completed(const Op *op);
/* The job's processing-time clock (system, or a test's manual clock). */
const Clock *eddy__op_clock(const Op *op);

/* Blocks (blocked = true) or unblocks logical input `input` of a chain head:
 * while blocked, the task does not take events from that input's channels;
 * they queue up to the channel capacity and then hold back their producers
 * (backpressure). For barrier alignment: block an input whose barrier has
 * arrived until the others' arrive.
 *
 * The deadlock rule: block an input only to wait for events that are
 * already on their way on the other inputs -- sent before (in their
 * producers' order) whatever the blocked channels are holding back. Every
 * producer pushes a barrier (or watermark, end) to all its channels at once
 * and channel pushes never block, so barriers of one checkpoint satisfy it;
 * waiting for data that a blocked channel's producer has yet to produce
 * does not. Blocking every input of an operator is refused
 * (EDDY_E_INTERNAL): the task would never run again. Only the chain head
 * has inputs to block; a chained operator gets EDDY_E_INTERNAL too. */
eddy_status eddy__op_block_input(Op *op, int input, bool blocked);

/* Reports the malformed records a source met in one input (`where`: a file
 * path) and did not fail on, as its format's ignore-parse-errors option
 * allows: `skipped` records dropped, `nulled` records read with fields set
 * to NULL; the first of them at `first_line` for `first_reason`. The job
 * sums them per input (eddy__job_tally). Thread-safe; strings are
 * copied. Returns EDDY_E_NOMEM when the tally cannot grow. */
eddy_status eddy__op_report_malformed(Op *op, const char *where, uint64_t skipped, uint64_t nulled,
                                      int64_t first_line, const char *first_reason);

/* Reports n records the operator dropped because they came behind the
 * watermark (late records, where Flink drops them: a closed window, an OVER
 * or interval-join bound already passed). The job sums them per operator
 * name (eddy__job_tally); the API hands the count out and the shell prints
 * it as a [WARNING]. Call it once per batch with the batch's count, not per
 * row. Thread-safe. */
eddy_status eddy__op_report_late(Op *op, uint64_t n);

#endif
