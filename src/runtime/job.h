/*
 * job.h -- running a stream graph: the job graph (chains, subtasks,
 * channels), the worker pool and its scheduler, and the client side of a
 * collecting sink.
 *
 * Execution model. Every subtask is a Task: a chain of operators fed by
 * input channels (or, for sources, by the source operator's produce). Tasks
 * are never blocked in a thread: a worker takes a runnable task from the run
 * queue, lets it process a few input events (or produce a few batches), and
 * puts it back. A task is runnable when it has input (or is a source) and
 * none of its output channels is full -- that is backpressure: a slow
 * consumer leaves its input channels full, its producers stop being
 * scheduled, and memory stays bounded by the channel capacities (plus what
 * one step emits). Channels carry batches, watermarks and end-of-input, in
 * order, from one producer subtask to one consumer subtask.
 */
#ifndef EDDY_JOB_H
#define EDDY_JOB_H

#include "runtime/op.h"

/* restart-strategy.type (runtime/restart.h parses the options). */
typedef enum RestartKind {
    RESTART_DEFAULT,
    RESTART_NONE,
    RESTART_FIXED_DELAY,
    RESTART_EXPONENTIAL_DELAY,
    RESTART_FAILURE_RATE
} RestartKind;
typedef struct RestartStrategy {
    RestartKind kind;            /* DEFAULT: none without checkpoints, else exponential-delay */
    int64_t attempts;            /* fixed-delay.attempts */
    int64_t delay_ms;            /* fixed-delay.delay */
    int64_t initial_ms, max_ms;  /* exponential-delay.initial-backoff / max-backoff */
    double multiplier, jitter;   /* exponential-delay.backoff-multiplier / jitter-factor */
    int64_t reset_ms;            /* exponential-delay.reset-backoff-threshold */
    int64_t attempts_before_reset; /* exponential-delay.attempts-before-reset-backoff */
    int64_t max_failures;        /* failure-rate.max-failures-per-interval */
    int64_t interval_ms;         /* failure-rate.failure-rate-interval */
    int64_t rate_delay_ms;       /* failure-rate.delay */
    uint32_t set;                /* options given (bit per option; the others take the defaults) */
} RestartStrategy;

typedef struct JobConfig {
    const char *name;
    int parallelism;     /* default parallelism for nodes without one */
    int max_parallelism; /* key groups */
    int workers;         /* worker threads */
    int channel_capacity;/* batches per channel before backpressure */
    uint32_t batch_size; /* rows per batch operators aim for */
    bool batch_mode;     /* BATCH runtime mode */
    int64_t cancel_timeout_ms; /* task.cancellation.timeout: how long a stopped
                                * job's workers get to exit; <= 0: no limit */
    /* managed memory shared by the operators' state (bytes; <= 0:
     * unlimited). The API resolves it from taskmanager.memory.managed.size /
     * .fraction (state.h). */
    int64_t managed_memory;
    /* state.backend.type of STREAMING jobs' keyed state (NULL: the heap;
     * BATCH jobs always use the heap, as Flink's batch execution ignores the
     * option) and state.backend.rocksdb.localdir (NULL: the temp dir) */
    const StateBackendVtab *state_backend;
    const char *rocksdb_localdir;
    const Clock *clock;  /* processing time; NULL: the system clock */
    /* pipeline.auto-watermark-interval (ms): how often watermark assigners
     * emit periodically; 0: never */
    int64_t auto_watermark_interval_ms;
    /* checkpointing (runtime/checkpoint.h): execution.checkpointing.interval
     * in ms (<= 0: off; STREAMING only), the directory its chk-<n> go to
     * under <dir>/<job_id>/, and how many completed ones are kept (< 1: 1) */
    int64_t checkpoint_interval_ms;
    const char *checkpoint_dir;
    int checkpoint_retained;
    /* execution.checkpointing.incremental: operators on RocksDB snapshot
     * incrementally into <dir>/<job_id>/shared (the heap ignores it) */
    bool checkpoint_incremental;
    /* 32 hex digits naming the job's checkpoint directory; NULL: random */
    const char *job_id;
    /* execution.state-recovery.path: a chk-<n> directory the job's operator
     * state and source positions start from (NULL: none). Loaded by
     * eddy__job_create (with the fallback to an older checkpoint of its job
     * directory when it is damaged); errors fail the create. */
    const char *restore_path;
    /* eddy.metrics.enabled = false: no record counters and no busy /
     * back-pressure clock reads (what the metrics cost, bench/metrics.c) */
    bool metrics_off;
    /* what a task failure does (job.c's failover): restore every task in
     * the process from the latest completed checkpoint (or from the start
     * without one) after the strategy's delay, until its attempts run out */
    RestartStrategy restart;
} JobConfig;

/* One event of a channel. */
/* EV_STATUS: the producer's watermark status, wm 1 = idle, 0 = active;
 * EV_BARRIER: checkpoint barrier, wm = the checkpoint id */
typedef enum EventKind { EV_BATCH, EV_WATERMARK, EV_END, EV_STATUS, EV_BARRIER } EventKind;
typedef struct Event {
    EventKind kind;
    Batch *b;    /* EV_BATCH: owned reference */
    int64_t wm;  /* EV_WATERMARK */
} Event;

/* Builds a job from the nodes reachable upstream of `sinks`. The nodes must
 * stay alive (and unchanged) until the job is freed. */
eddy_status eddy__job_create(const JobConfig *cfg, StreamNode *const *sinks, int nsinks, Job **out, EdErr *err);
/* Starts the worker threads. */
eddy_status eddy__job_start(Job *job, EdErr *err);
/* Waits until the job ends; returns its status (its error moved to err).
 * A running job is waited for as long as it runs; once it is stopped
 * (cancelled, or failed) its workers get cfg.cancel_timeout_ms to exit: a
 * task still inside an operator call then (a user callback that does not
 * return) fails the wait with EDDY_E_RUNTIME naming it (see
 * eddy__job_stop); the job is left as it is. */
eddy_status eddy__job_wait(Job *job, EdErr *err);
/* Whether every task of the started job has ended (eddy__job_wait then
 * returns without blocking); *failed (may be NULL): whether the job failed
 * or was cancelled. Safe from any thread while the job exists. */
bool eddy__job_done(Job *job, bool *failed);
/* Asks the job to stop. Idempotent; safe from any thread while the job
 * exists (freeing it is the owner's); a no-op once the job has ended. */
void eddy__job_cancel(Job *job);
/* Cancels the job if it runs and waits for its worker threads to exit, at
 * most cfg.cancel_timeout_ms after the job was stopped (less when it was
 * stopped earlier; a job reported stuck before gets the full time again
 * after eddy__job_rearm). EDDY_OK: the workers are gone and the operators
 * closed, eddy__job_free frees without waiting. EDDY_E_RUNTIME: a task did
 * not come back from an operator call in time; err names it as
 *   "Task 'Source: Custom Source -> Map (1/2)' did not exit gracefully
 *    within 200 ms after the job was cancelled (task.cancellation.timeout)
 *    ..." (one line)
 * and the job must not be freed while that thread may still use it (the
 * owner keeps it, or leaks it). Owner thread only. */
eddy_status eddy__job_stop(Job *job, EdErr *err);
/* Restarts the stopped job's exit timeout from now (a last chance for the
 * workers of a job reported stuck, before the owner gives up on it). */
void eddy__job_rearm(Job *job);
/* Stops the job (eddy__job_stop) and frees everything. When a worker is
 * stuck, nothing is freed (the job leaks rather than pulling memory from
 * under a running thread). NULL ok. */
void eddy__job_free(Job *job);

/* The client side of the job's collecting sink (a node with is_collect):
 * blocks until the next event. Returns EDDY_OK with *ev filled (the caller
 * releases ev->b), or the job's error status when it failed or was
 * cancelled (message in err). After EV_END no more events come. */
eddy_status eddy__job_client_next(Job *job, Event *ev, EdErr *err);

/* A description of the job graph (vertices, parallelism, edges) for tests
 * and EXPLAIN-like output. */
void eddy__job_describe(const Job *job, Buf *b);

/* The job's tally so far: with late false, the malformed records its sources
 * reported (eddy__op_report_malformed); with late true, the records its
 * operators dropped behind the watermark (eddy__op_report_late). Returns
 * their number and, when report is not NULL, appends one line per input /
 * operator in the order they were first reported:
 *   "3 malformed records in /d/a.csv (1 skipped, 2 with fields set to NULL);
 *    first at line 4: <reason>\n" (one line);
 *   "2 late records dropped by WindowAggregate (behind the watermark)\n".
 * Thread-safe. */
uint64_t eddy__job_tally(Job *job, bool late, Buf *report);

/* The job's id (32 hex digits: JobConfig.job_id or a random one), which
 * names its checkpoint directory. Borrowed until the job is freed. */
const char *eddy__job_id(const Job *job);
/* The id of the job's last completed checkpoint (0: none) and, when
 * restored, the id of the checkpoint it started from (*restored_from, may be
 * NULL). Thread-safe. */
int64_t eddy__job_last_checkpoint(Job *job, int64_t *restored_from);
/* What the job's checkpoints cost so far (savepoints not counted): the
 * completed ones, the failed ones (their writing failed, or a task failure
 * abandoned them), whether one is in progress, the last completed one's id,
 * trigger time (wall clock, ms), duration (trigger at the first source to
 * its _metadata written), bytes (state parts and source positions) and
 * alignment (the longest time a multi-input task held inputs blocked for it,
 * first barrier to last), and the time tasks spent stopped for them,
 * serializing their operators' state (snapshot_ns) and writing + fsyncing
 * the part files (write_ns), summed over the tasks (savepoints included).
 * restores counts the job's starts from a checkpoint or savepoint (the
 * initial one and each restart's), restored_id / restore_ms the last one.
 * The ring holds the last JOB_CK_HISTORY completed checkpoints, newest at
 * (hist_next - 1) % JOB_CK_HISTORY. Thread-safe. */
#define JOB_CK_HISTORY 10
typedef struct JobCheckpointRec {
    int64_t id, trigger_ms, duration_ns, alignment_ns;
    uint64_t bytes, full_bytes; /* written; referenced (incremental checkpoints: more) */
} JobCheckpointRec;
typedef struct JobCheckpointStats {
    int64_t completed, failed, last_id, last_duration_ns, total_duration_ns;
    uint64_t total_bytes;     /* written by all completed ones */
    uint64_t last_bytes;      /* written by it: parts, positions, shared files uploaded */
    uint64_t last_full_bytes; /* parts, positions and every shared file they reference */
    int64_t last_alignment_ns, last_trigger_ms;
    bool in_progress;
    int64_t restores, restored_id, restore_ms;
    int64_t snapshot_ns, write_ns;
    JobCheckpointRec hist[JOB_CK_HISTORY];
    int hist_next, hist_len;
} JobCheckpointStats;
void eddy__job_checkpoint_stats(Job *job, JobCheckpointStats *out);
/* The checkpoints eddy__job_create skipped because they were damaged
 * ("Skipping checkpoint <path>: <error>\n" lines; "" when none). */
const char *eddy__job_restore_report(const Job *job);

/* Takes a savepoint of the running STREAMING job: the sources start it
 * between batches as a checkpoint (aligned barriers) written to
 * <dir>/savepoint-<job id's first 6 digits>-<12 hex digits>/ (dir may carry
 * Flink's file: scheme); waits until it completed, failed, or the job ended.
 * *path: the savepoint's directory (malloc'd). stop: then cancels the job,
 * which reports FINISHED. Errors: the job is BATCH (UNSUPPORTED), not
 * running, a savepoint already under way (VALIDATION), a source finished
 * (UNSUPPORTED), a task failed or the job ended meanwhile (RUNTIME). Any
 * thread but a worker. */
eddy_status eddy__job_savepoint(Job *job, const char *dir, bool stop, char **path, EdErr *err);

/* How many times the job was restarted in the process after a task failure
 * (Flink's numRestarts). Thread-safe. */
int64_t eddy__job_restarts(Job *job);

/* Number of worker threads a job started (for tests). */
int eddy__job_thread_count(const Job *job);

/* One operator instance as the job reports it (job stats). */
typedef struct JobOpStats {
    const char *name;    /* the node's name; borrowed until the job is freed */
    const char *uid;     /* its stable id (32 hex digits); same lifetime */
    int subtask;
    int64_t state_bytes; /* what its state backend holds now, or held when it was closed */
} JobOpStats;
/* Fills out[0..cap) with the job's operator instances (task by task, in
 * chain order) and returns how many there are. Any thread, while the job
 * runs or after it ended (the bytes are read atomically). */
size_t eddy__job_op_stats(const Job *job, JobOpStats *out, size_t cap);

/* The lifecycle of a job as a client sees it (Flink's JobStatus): CREATED
 * until started, RUNNING until every worker left (RESTARTING while a task
 * failure restarts it), then FINISHED (every task
 * ended), CANCELED (eddy__job_cancel) or FAILED. */
typedef enum JobState { JOB_CREATED, JOB_RUNNING, JOB_FINISHED, JOB_FAILED, JOB_CANCELED, JOB_RESTARTING } JobState;
/* The job's state; *error (may be NULL) is set to the message of a FAILED
 * job (borrowed until the job is freed), else NULL. Any thread. */
JobState eddy__job_state(Job *job, const char **error);
/* Waits until the workers of the started job have left, at most
 * timeout_ms (< 0: no limit); whether they have. Any thread; it neither
 * joins the threads nor closes the operators (eddy__job_wait does). */
bool eddy__job_wait_ended(Job *job, int64_t timeout_ms);
/* When the job started (ms since the epoch, 0: not started). */
int64_t eddy__job_start_ms(const Job *job);

/* One operator instance's metrics (eddy__job_metrics). */
typedef struct JobOpMetrics {
    const char *name, *uid, *task_name; /* borrowed until the job is freed */
    int subtask, parallelism;
    uint64_t records_in, records_out, late_dropped;
    int64_t input_watermark, output_watermark; /* INT64_MIN: none yet */
    int64_t state_bytes;
    int64_t elapsed_ns;       /* since the job started (until it ended) */
    int64_t busy_ns, backpressured_ns; /* of the operator's task */
} JobOpMetrics;
/* Fills out[0..cap) (task by task, in chain order) and returns how many
 * operator instances there are. Any thread while the job exists: counters
 * are kept per batch by the task's thread and read relaxed. */
size_t eddy__job_metrics(Job *job, JobOpMetrics *out, size_t cap);

/* One operator of the job's graph: its stable id (32 hex digits, as its
 * metrics' uid), name and parallelism, and its inputs (the operators they
 * come from, by index in the graph's order, sources first) with how rows
 * are shipped: FORWARD, HASH, REBALANCE, BROADCAST or GLOBAL. */
typedef struct JobGraphNode {
    const char *uid, *name;
    int parallelism;
    int nin;
    const int *in;            /* indexes of the input operators */
    const char *const *ship;  /* per input */
} JobGraphNode;
/* The job's operators in topological order (*out: borrowed until the job
 * is freed); how many. Any thread. */
size_t eddy__job_graph(const Job *job, const JobGraphNode **out);

#endif
