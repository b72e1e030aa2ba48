/*
 * eddy.h -- the public API of eddy, an embeddable stream and batch processing
 * engine with Apache Flink's semantics: the DataStream API, the Table API &
 * SQL, and the bridge between them (StreamTableEnvironment).
 *
 * ---------------------------------------------------------------------------
 * Conventions (they hold for every function unless its comment says otherwise)
 * ---------------------------------------------------------------------------
 *
 * Handles. Every object is an opaque handle. Handles made from an eddy_env
 * (streams, types, tables, schemas, results, iterators) are owned by that env:
 * eddy_env_free() releases all of them. Objects with their own _free function
 * may be released earlier.
 *
 * Errors are sticky on the env. A call that fails records a status code and a
 * message on its env (eddy_env_errcode / eddy_env_errmsg, plus a SQL position
 * for SQL errors) and returns NULL, or a non-EDDY_OK status. Every function
 * accepts NULL handles and then returns NULL / an error without touching
 * anything (a registering call runs the ctx_free it was given: see
 * Callbacks), so a pipeline can be built without checking each step; the first
 * error stays until eddy_env_clear_error(). While an error is pending, calls
 * that build (return a handle) return NULL. Nothing in the library prints
 * (except the print sinks, eddy_table_print_schema and eddy_result_print,
 * which write where they are told), aborts or exits.
 *
 * Strings passed in are copied before the call returns. Strings and rows
 * handed out are borrowed: each function says until when they stay valid.
 *
 * Types are written as Flink SQL type strings ("ROW<name STRING, score INT>",
 * "TIMESTAMP_LTZ(3)", "DECIMAL(10, 2)", "ARRAY<INT NOT NULL>"). Values are
 * written as SQL literals where a C value cannot serve.
 *
 * Callbacks take the user context first (void *ctx). A call that registers
 * callbacks (eddy_stream_map, eddy_from_source, eddy_tenv_create_function,
 * eddy_type_raw, ...) takes their ctx together with a ctx_free (may be
 * NULL), and with them the ownership of ctx whatever the call returns -- so
 * a pipeline built without checking each step (see Errors) leaks nothing:
 *   - when the registration succeeds, ctx_free is called exactly once, when
 *     the env is freed, after the last callback;
 *   - when it fails (a bad argument, an error already pending on the env, a
 *     NULL handle, memory running out), ctx_free is called before the call
 *     returns, and the callbacks are never called.
 * The one exception: a description struct (eddy_scalar_function,
 * eddy_table_function, eddy_raw_ops) that is NULL or of an unknown
 * abi_version is not read, so its ctx_free is not called either. Give a
 * ctx_free with one registration only.
 *
 * Threads. An env and everything made from it belongs to one thread at a
 * time; the exceptions are eddy_result_cancel, the print interrupt flag
 * (eddy_print_options.interrupt), meant for another thread or a signal
 * handler, and the job handle's status, error, metrics and cancel (see
 * eddy_job). Jobs run on a pool of worker threads: user callbacks (map,
 * filter, key selectors, reduce, sources, sinks) run on those threads, and
 * when an operator's parallelism is above 1 the same callback runs on
 * several threads at once with the same ctx -- a ctx that is written to
 * must be guarded.
 *
 * Stopping. Cancelling a job (eddy_result_cancel, freeing an iterator or a
 * result that is not drained, eddy_env_free) asks its tasks to stop; each
 * stops when its current callback returns. A callback that does not return
 * cannot be stopped: after task.cancellation.timeout (eddy_config.
 * task_cancellation_timeout_ms, SET 'task.cancellation.timeout'; 3 min by
 * default) the call waiting for it gives up with EDDY_E_RUNTIME and a
 * message naming the stuck task and subtask ("Task 'Source: Custom Source
 * (1/1)' did not exit gracefully within 3 min after the job was cancelled
 * ..."), and eddy leaks the job -- and at eddy_env_free the env -- rather
 * than free memory the running callback may still use.
 */
#ifndef EDDY_H
#define EDDY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The flag of eddy_print_options.interrupt: an atomic int. Raise it with
 * atomic_store(&flag, 1) from any thread, or from a signal handler (the
 * store is async-signal-safe: eddy builds only where atomic_int is
 * lock-free). In C++ it is std::atomic<int>, the same object. */
#ifdef __cplusplus
#include <atomic>
typedef std::atomic<int> eddy_interrupt_flag;
#else
#include <stdatomic.h>
typedef atomic_int eddy_interrupt_flag;
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define EDDY_API
#elif defined(__GNUC__)
#define EDDY_API __attribute__((visibility("default")))
#else
#define EDDY_API
#endif

/* EDDY_SENTINEL marks the functions whose variadic arguments end with a NULL
 * pointer: a compiler that knows the attribute warns when a call lacks it
 * ("missing sentinel in function call"). Pass NULL (a pointer), not 0. */
#if defined(__has_attribute)
#if __has_attribute(sentinel)
#define EDDY_SENTINEL __attribute__((sentinel))
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#define EDDY_SENTINEL __attribute__((sentinel))
#endif
#ifndef EDDY_SENTINEL
#define EDDY_SENTINEL
#endif

#define EDDY_VERSION_MAJOR 0
#define EDDY_VERSION_MINOR 1
#define EDDY_VERSION_PATCH 0

/* The library's version as "MAJOR.MINOR.PATCH". Static string. */
EDDY_API const char *eddy_version(void);

/* ===========================================================================
 * Status codes
 * ======================================================================== */

/* X(name, Flink exception class or "", one-line description) */
#define EDDY_STATUS_MAP(X)                                                                                    \
    X(OK, "", "success")                                                                                      \
    X(ROW, "", "a row is ready")                                                                              \
    X(DONE, "", "no more rows")                                                                               \
    X(E_NOMEM, "java.lang.OutOfMemoryError", "out of memory")                                                 \
    X(E_PARSE, "org.apache.flink.table.api.SqlParserException", "SQL parse error")                            \
    X(E_VALIDATION, "org.apache.flink.table.api.ValidationException", "validation error")                     \
    X(E_TABLE, "org.apache.flink.table.api.TableException", "table planning error")                           \
    X(E_UNSUPPORTED, "org.apache.flink.table.api.TableException", "feature not supported yet")                \
    X(E_RUNTIME, "org.apache.flink.util.FlinkRuntimeException", "job failed at run time")                     \
    X(E_UDF, "org.apache.flink.util.FlinkRuntimeException", "a user function failed")                         \
    X(E_IO, "java.io.IOException", "input/output error")                                                      \
    X(E_CANCELLED, "org.apache.flink.runtime.client.JobCancellationException", "job cancelled")               \
    X(E_MISUSE, "java.lang.IllegalArgumentException", "API misuse")                                           \
    X(E_INTERNAL, "java.lang.IllegalStateException", "internal error")

typedef enum eddy_status {
#define EDDY__STATUS_ENUM(name, cls, text) EDDY_##name,
    EDDY_STATUS_MAP(EDDY__STATUS_ENUM)
#undef EDDY__STATUS_ENUM
} eddy_status;

/* "EDDY_E_PARSE" for EDDY_E_PARSE. Static string. */
EDDY_API const char *eddy_status_name(eddy_status s);
/* A one-line description ("SQL parse error"). Static string. */
EDDY_API const char *eddy_status_str(eddy_status s);
/* The Java exception class Flink raises for this kind of error, used where
 * Flink's output names it ("org.apache.flink.table.api.ValidationException").
 * "" for the non-error codes. Static string. */
EDDY_API const char *eddy_status_exception(eddy_status s);

/* ===========================================================================
 * Row kinds, runtime modes
 * ======================================================================== */

typedef enum eddy_row_kind {
    EDDY_INSERT = 0,        /* +I */
    EDDY_UPDATE_BEFORE = 1, /* -U */
    EDDY_UPDATE_AFTER = 2,  /* +U */
    EDDY_DELETE = 3         /* -D */
} eddy_row_kind;

/* "+I", "-U", "+U", "-D". Static string; "??" for an invalid kind. */
EDDY_API const char *eddy_row_kind_short(eddy_row_kind k);

typedef enum eddy_runtime_mode { EDDY_STREAMING = 0, EDDY_BATCH = 1 } eddy_runtime_mode;

/* ===========================================================================
 * Handles
 * ======================================================================== */

typedef struct eddy_env eddy_env;                     /* StreamExecutionEnvironment */
typedef struct eddy_tenv eddy_tenv;                   /* StreamTableEnvironment */
typedef struct eddy_stream eddy_stream;               /* DataStream */
typedef struct eddy_keyed_stream eddy_keyed_stream;   /* KeyedStream */
typedef struct eddy_table eddy_table;                 /* Table */
typedef struct eddy_schema eddy_schema;               /* Schema (builder) */
typedef struct eddy_type eddy_type;                   /* DataType */
typedef struct eddy_row eddy_row;                     /* Row (read-only view) */
typedef struct eddy_out eddy_out;                     /* output row being built */
typedef struct eddy_result eddy_result;               /* TableResult */
typedef struct eddy_iter eddy_iter;                   /* CloseableIterator<Row> */

/* ===========================================================================
 * Environment
 * ======================================================================== */

/* Options for eddy_env_new. Zero fields take the defaults. */
typedef struct eddy_config {
    uint32_t abi_version;      /* set to EDDY_CONFIG_VERSION */
    int parallelism;           /* default operator parallelism; 0 = number of cores */
    int max_parallelism;       /* number of key groups; 0 = 128 */
    int worker_threads;        /* job worker pool size; 0 = number of cores */
    int channel_capacity;      /* batches buffered per channel before backpressure; 0 = 4 */
    int batch_size;            /* rows per batch; 0 = 1024 */
    eddy_runtime_mode mode;    /* EDDY_STREAMING (default) or EDDY_BATCH */
    /* Since version 2. task.cancellation.timeout: how long the tasks of a
     * cancelled (or failed) job get to return from their callbacks before
     * the call waiting for them gives up (see "Stopping" above); 0 = 180000
     * ms, negative = wait for ever (Flink's 0). */
    int64_t task_cancellation_timeout_ms;
} eddy_config;
/* Version 1 (the struct without task_cancellation_timeout_ms) is still
 * accepted. */
#define EDDY_CONFIG_VERSION 2

/* Creates an environment (StreamExecutionEnvironment). cfg may be NULL for the
 * defaults; it is copied. Returns NULL only when memory runs out or cfg has an
 * unknown abi_version. Free with eddy_env_free. */
EDDY_API eddy_env *eddy_env_new(const eddy_config *cfg);

/* Frees the env and every handle made from it (streams, tables, types, results,
 * iterators), cancelling any job still running (an iterator not drained) and
 * calling each registered ctx_free once. Accepts NULL. A job whose task did
 * not stop in time before (EDDY_E_RUNTIME from an earlier call) gets
 * task.cancellation.timeout once more; if a task still has not returned
 * then, or a job cancelled here does not stop in time, the env is not
 * freed at all (no ctx_free runs): it leaks rather than free what the
 * callback may still use. eddy_env_close says so. */
EDDY_API void eddy_env_free(eddy_env *env);
/* StreamExecutionEnvironment.close(): eddy_env_free, saying whether it
 * could free everything: EDDY_OK, or EDDY_E_RUNTIME when a task did not
 * stop (the env leaked, as above) with the message naming it written to
 * errbuf (errbuf_size bytes, NUL-terminated, truncated to fit; errbuf may
 * be NULL). Accepts NULL (EDDY_OK). The env is gone either way. */
EDDY_API eddy_status eddy_env_close(eddy_env *env, char *errbuf, size_t errbuf_size);

/* The bytes of memory the env holds for its handles, plans and catalog: its
 * own arena, the memory of every statement not released yet and the rows of
 * eddy_from_values sources (not the buffers of running jobs).
 * What eddy_tenv_execute_sql allocates for a statement -- its parse tree,
 * bound and physical plans, result names and types, VALUES rows -- is
 * released when its result (and an iterator taken from it, and its job)
 * is freed; a CREATE TABLE / CREATE VIEW keeps its statement's memory until
 * the object is dropped (and no statement that could still use the object
 * runs). A job that did not stop in time keeps its statement's memory
 * until it stops. Table API and DataStream handles live until
 * eddy_env_free. So an env that runs statement after statement, freeing
 * each result, stays flat. NULL env: 0. */
EDDY_API size_t eddy_env_memory_bytes(const eddy_env *env);

/* The first error recorded since the last clear: its status (EDDY_OK when
 * none), its message ("" when none; borrowed until the next clear or free),
 * and for SQL errors its 1-based line and column (0 when unknown). */
EDDY_API eddy_status eddy_env_errcode(const eddy_env *env);
EDDY_API const char *eddy_env_errmsg(const eddy_env *env);
EDDY_API void eddy_env_error_position(const eddy_env *env, int *line, int *column);
EDDY_API void eddy_env_clear_error(eddy_env *env);

/* env.setRuntimeMode. A table env created afterwards adopts the mode. */
EDDY_API eddy_status eddy_env_set_runtime_mode(eddy_env *env, eddy_runtime_mode mode);
EDDY_API eddy_runtime_mode eddy_env_get_runtime_mode(const eddy_env *env);
/* env.setParallelism: the default for operators created afterwards and for
 * operators without an explicit parallelism at execution. 1..32768. */
EDDY_API eddy_status eddy_env_set_parallelism(eddy_env *env, int parallelism);
EDDY_API int eddy_env_get_parallelism(const eddy_env *env);
/* env.setMaxParallelism: the number of key groups (1..32768, default 128). */
EDDY_API eddy_status eddy_env_set_max_parallelism(eddy_env *env, int max_parallelism);
EDDY_API int eddy_env_get_max_parallelism(const eddy_env *env);
/* env.configure(...): sets a Flink configuration option on the environment,
 * for the jobs it runs from then on. Keys:
 *   taskmanager.memory.managed.size      the managed memory the operators'
 *       state shares, as Flink's MemorySize ("512mb", "1 gb", "1048576";
 *       units b, k/kb, m/mb, g/gb, t/tb, powers of 1024);
 *   taskmanager.memory.managed.fraction  without a size: this fraction of
 *       the machine's physical memory (default 0.4), a number in (0, 1];
 *   pipeline.auto-watermark-interval     how often watermark assigners
 *       emit (a duration: "200 ms", "1 s", "0" disables; default 200 ms).
 * Checkpoints (STREAMING jobs; SET on a table environment sets them too):
 *   execution.checkpointing.interval     a duration: sources inject aligned
 *       barriers between batches that often ("0": off, the default);
 *   execution.checkpointing.dir          (Flink's state.checkpoints.dir is
 *       accepted) where checkpoints go, in Flink's layout
 *       <dir>/<job id>/chk-<n>/: one file per operator state part, then
 *       _metadata (fsync, rename): only a completed checkpoint has it;
 *       required with an interval ("not supported yet" otherwise);
 *   execution.checkpointing.num-retained completed checkpoints kept (>= 1,
 *       default 1); older and incomplete ones are removed;
 *   execution.state-recovery.path        (or execution.savepoint.path) a
 *       chk-<n> directory the next jobs start from: operator state by
 *       uid, source positions (datagen, nexmark, filesystem, collections,
 *       sequences). A damaged checkpoint ("Checkpoint file <path> is
 *       corrupt: ...") falls back to the newest older completed one of its
 *       job directory; state that no longer fits fails the job naming the
 *       operator, its uid and the state; state of an operator the program
 *       no longer has fails it with Flink's "Cannot map checkpoint/savepoint
 *       state for operator <uid> ..."; a STREAMING filesystem sink with
 *       checkpointing commits in two phases (files hidden until their
 *       checkpoint completes; a restore publishes the checkpoint's files
 *       and removes later ones: exactly once), while a print / collect sink
 *       may repeat what came after the checkpoint. Plain user sources
 *       (eddy_from_source) cannot report a position: their job fails at
 *       its start when restarts are on, else at the first checkpoint,
 *       "not supported yet"; eddy_from_checkpointed_source can. A job restarted with an empty ("") path starts fresh. A job
 *       may resume at another parallelism: keyed state goes to the new
 *       instances by key group, operator list state is split evenly; a
 *       source must keep the parallelism it was checkpointed with
 *       ("not supported yet: restoring the source '<name>' (uid <uid>) of
 *       checkpoint <path> with parallelism N (it was checkpointed with M)";
 *       SQL's scan.parallelism pins it).
 *   execution.checkpointing.savepoint-dir (Flink's state.savepoints.dir
 *       accepted) where eddy_job_stop_with_savepoint /
 *       eddy_job_trigger_savepoint and the shell's STOP JOB .. WITH
 *       SAVEPOINT write savepoints when given no directory.
 * Restarts after a task failure (Flink's restart strategies), in the process:
 *   restart-strategy.type                none (off, disable): the failure
 *       fails the job; fixed-delay (fixeddelay); exponential-delay
 *       (exponentialdelay); failure-rate (failurerate). Default:
 *       exponential-delay when checkpoints are on (Flink 1.19's default),
 *       else none. Options: restart-strategy.fixed-delay.attempts (default 1),
 *       .fixed-delay.delay (1 s); restart-strategy.exponential-delay.
 *       initial-backoff (1 s), .max-backoff (1 min), .backoff-multiplier
 *       (1.5, >= 1), .reset-backoff-threshold (1 h), .jitter-factor (0.1, in
 *       [0, 1]), .attempts-before-reset-backoff (2147483647);
 *       restart-strategy.failure-rate.max-failures-per-interval (1, >= 1),
 *       .failure-rate-interval (1 min, > 0), .delay (1 s): restarts as long
 *       as no more than that many failures fall within any interval.
 *   A failure of a user function or of the job at run time (EDDY_E_UDF,
 *   EDDY_E_RUNTIME, EDDY_E_IO) stops every task, which restarts from the
 *   job's latest completed checkpoint (from the start without one; a
 *   plain eddy_from_source is not rewound then, an
 *   eddy_from_checkpointed_source is) after the delay; other
 *   errors (unsupported, validation, out of memory) are not retried. When the
 *   attempts run out the job fails with "Recovery is suppressed by
 *   FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=N,
 *   backoffTimeMS=M): <the failure>" (ExponentialDelayRestartBackoff...
 *   with its settings; FailureRateRestartBackoffTimeStrategy(
 *   FailureRateRestartBackoffTimeStrategy(failuresIntervalMS=I,
 *   backoffTimeMS=D,maxFailuresPerInterval=N) as Flink prints it). A cancel during the delay ends the job CANCELED.
 *   eddy_job_restarts counts the restarts; what a failed attempt allocated
 *   is freed before the next, so restarts do not grow memory. With checkpoints and restarts on,
 *   a collect sink (query results, eddy_stream_execute_and_collect) hands
 *   out rows only once a checkpoint after them completed (or the job ended),
 *   so a restart repeats none of them: exactly once. Print and user sinks
 *   see the rows after the restored checkpoint again (at least once).
 * State backends (Flink's options):
 *   state.backend.type  hashmap (default: keyed state on the heap) or
 *       rocksdb (any case): keyed state of STREAMING jobs in an embedded
 *       RocksDB per operator instance, for state larger than memory. Its
 *       block cache and write buffers take a share of the managed memory
 *       (charged when the operator starts), the rest is on local disk.
 *       Another name is EDDY_E_VALIDATION "Cannot find configured state
 *       backend factory class: <name> ('state.backend.type' is 'hashmap'
 *       or 'rocksdb')." BATCH jobs always use the heap (Flink's batch
 *       execution ignores the option). Checkpoints are the same format on
 *       both: one taken on either restores into the other.
 *   state.backend.rocksdb.localdir  where each RocksDB instance makes its
 *       directory (created if missing; default TMPDIR, else /tmp); removed
 *       when the job ends. One that cannot be made fails the job (EDDY_E_IO
 *       "No local storage directories available. Local DB files directory
 *       '<dir>' does not exist and cannot be created
 *       (state.backend.rocksdb.localdir).").
 *   execution.checkpointing.incremental (Flink's state.backend.incremental
 *       accepted): true makes the checkpoints of operators on RocksDB
 *       incremental (default false): each flushes RocksDB, takes a RocksDB
 *       checkpoint and copies the SST files (immutable, uniquely named)
 *       that no earlier checkpoint of the job put there into
 *       <dir>/<job id>/shared/; the part file keeps the rest (timers,
 *       operator lists, RocksDB's MANIFEST / CURRENT / OPTIONS) and
 *       _metadata lists the shared files each part needs. The retention
 *       (num-retained) deletes a shared file once no retained checkpoint
 *       lists it. A restore checks every listed file (a missing, truncated
 *       or changed one is "Checkpoint file <path> is corrupt: ..." and the
 *       previous checkpoint is tried); at the same parallelism each
 *       instance takes the files as its database, at another one the key
 *       groups of its new range are read out of them. A job restored from
 *       another job's checkpoint uploads its files again into its own
 *       directory. The heap backend ignores the option (full snapshots, as
 *       Flink's hashmap backend); savepoints are always full snapshots.
 *       eddy_job_checkpoint_stats: last_size is what a checkpoint wrote,
 *       last_full_size what it references.
 * A STREAMING job whose heap state needs more fails with "The state of
 * operator ... needs N more bytes, but the job's managed memory ... is used
 * up" (RocksDB keeps it on disk instead); BATCH operators spill. A bad value is EDDY_E_VALIDATION ("Could not
 * parse value 'x' for key 'k'.") and changes nothing; an unknown key is
 * EDDY_E_VALIDATION too. */
EDDY_API eddy_status eddy_env_set_option(eddy_env *env, const char *key, const char *value);

/* Monitoring over HTTP (options of eddy_env_set_option and SET; served by
 * libmicrohttpd on its own thread; jobs started while a server runs are
 * listed, up to 100 ended ones kept):
 *   metrics.reporter.prom.factory.class = org.apache.flink.metrics.prometheus.
 *       PrometheusReporterFactory (or the deprecated metrics.reporter.prom.class
 *       = ...PrometheusReporter) starts Flink's Prometheus endpoint at once on
 *       127.0.0.1 (always loopback), '' stops it; another reporter is
 *       EDDY_E_UNSUPPORTED. Any path answers the text exposition format of the
 *       running jobs: per operator instance
 *       flink_taskmanager_job_task_operator_<metric>{job_id,job_name,task_name,
 *       operator_id,operator_name,subtask_index} for the eddy_metric names, per
 *       job flink_jobmanager_job_{uptime,numRestarts,numberOfCompletedCheckpoints,
 *       numberOfFailedCheckpoints,numberOfInProgressCheckpoints,
 *       totalNumberOfCheckpoints,lastCompletedCheckpointId,lastCheckpointDuration,
 *       lastCheckpointSize,lastCheckpointFullSize,lastCheckpointRestoreTimestamp}{job_id,job_name}
 *       (see eddy_job_checkpoint_stats; -1 where there is none yet); all
 *       gauges, values as Java prints a double.
 *   metrics.reporter.prom.port: a port or a range "9250-9260" (the first free
 *       one), default 9249; 0 picks a free port. Setting it moves a running
 *       endpoint.
 *   metrics.reporter.prom.filterLabelValueCharacters: true (default) turns
 *       characters other than [a-zA-Z0-9_] in label values into '_'.
 *   rest.port: setting it starts the web dashboard at once (Flink's default
 *       8081 is not implied: eddy serves nothing unless asked; 0 picks a free
 *       port, '' stops it). GET / is the page; the JSON REST API has Flink's
 *       /overview, /jobs/overview, /jobs/<id> (vertices are tasks, with eddy's
 *       per-operator figures under "operators"), /jobs/<id>/exceptions,
 *       /jobs/<id>/plan, /jobs/<id>/checkpoints (Flink's
 *       CheckpointingStatistics: counts, min / max / avg of the last ten,
 *       the latest completed and restored, the history; no per-task details),
 *       /jobmanager/config (the options SET, secrets hidden), /config, also
 *       under /v1/. Other paths are 404 {"errors":["Not found: <path>"]}.
 *   rest.bind-address: an IPv4 address or localhost, default 127.0.0.1 (Flink
 *       binds every interface); set it before rest.port or set rest.port again.
 * A port that cannot be bound is EDDY_E_IO ("Could not start the web
 * dashboard on 127.0.0.1:8081 (the port may be in use)."); a bad value
 * EDDY_E_VALIDATION. The servers stop with the env.
 *   eddy.metrics.enabled: false makes the env's next jobs keep no record
 *       counters and read no clock for busy / back-pressure time (their
 *       eddy_job_metrics are then 0); true (default). eddy's own option, to
 *       measure what the metrics cost (bench/metrics.c). */
/* The port the Prometheus endpoint / the web dashboard listens on, or 0 when
 * it does not run. */
EDDY_API int eddy_env_prometheus_port(const eddy_env *env);
EDDY_API int eddy_env_rest_port(const eddy_env *env);

/* env.execute(jobName): runs every pipeline built since the last execution
 * (every print / sink / to_datastream branch that ends in a sink), waits for
 * the job to finish, and clears the builder. Streams built before stay usable
 * for new pipelines. Returns EDDY_OK, or the job's error (the message is on
 * the env). job_name may be NULL. Fails with "No operators defined in
 * streaming topology. Cannot execute." when nothing ends in a sink. */
EDDY_API eddy_status eddy_env_execute(eddy_env *env, const char *job_name);

/* ===========================================================================
 * Types
 * ======================================================================== */

/* Parses a Flink type string ("INT NOT NULL", "ROW<name STRING, score INT>",
 * "DECIMAL(10, 2)", "MAP<STRING, DOUBLE>", "TIMESTAMP_LTZ(3)"). Returns a type
 * owned by env, or NULL with EDDY_E_PARSE / EDDY_E_VALIDATION on the env. */
EDDY_API const eddy_type *eddy_type_parse(eddy_env *env, const char *type_string);

/* The type as Flink prints it (LogicalType.asSummaryString): "INT NOT NULL",
 * "ROW<`name` STRING, `score` INT>". Borrowed; valid while the env lives. */
EDDY_API const char *eddy_type_string(const eddy_type *type);

/* Describes one field of a C struct: its name, its offset, its Flink type
 * string, and optionally the offset of a bool that is true when the field is
 * NULL (for nullable numeric fields; -1 = none). C representations:
 *   BOOLEAN bool; TINYINT int8_t; SMALLINT int16_t; INT int32_t;
 *   BIGINT int64_t; FLOAT float; DOUBLE double;
 *   CHAR/VARCHAR/STRING and DECIMAL: const char * (NUL-terminated text; NULL = null);
 *   BINARY/VARBINARY/BYTES: eddy_bytes;
 *   DATE int32_t (days since 1970-01-01); TIME int32_t (milliseconds of day);
 *   TIMESTAMP(p) / TIMESTAMP_LTZ(p): eddy_timestamp;
 *   INTERVAL YEAR TO MONTH int32_t (months); INTERVAL DAY TO SECOND int64_t (ms);
 *   a nested struct type (eddy_field.struct_type): const void * to that struct (NULL = null);
 *   a RAW type (eddy_field.struct_type): the value itself, inline, of the RAW type's size
 *   (read back by a shallow copy of its bytes).
 */
typedef struct eddy_field {
    const char *name;
    size_t offset;
    const char *type;                 /* Flink type string; NULL when struct_type is set */
    ptrdiff_t null_offset;            /* offset of a bool null flag, or -1 */
    const eddy_type *struct_type;     /* for a nested struct field (pointer member) */
} eddy_field;

#define EDDY_FIELD(T, f, type_string) {#f, offsetof(T, f), type_string, -1, NULL}
#define EDDY_FIELD_NULLABLE(T, f, type_string, null_flag) {#f, offsetof(T, f), type_string, offsetof(T, null_flag), NULL}
#define EDDY_FIELD_STRUCT(T, f, nested_type) {#f, offsetof(T, f), NULL, -1, nested_type}

typedef struct eddy_bytes {
    const uint8_t *data;
    size_t len;
} eddy_bytes;

/* A point in time: milliseconds since 1970-01-01T00:00 plus nanoseconds
 * within that millisecond (0..999999). TIMESTAMP values are wall-clock values
 * read as if in UTC; TIMESTAMP_LTZ values are instants. */
typedef struct eddy_timestamp {
    int64_t millis;
    int32_t nanos;
} eddy_timestamp;

/* A structured type backed by a C struct (Flink's POJO): `name` is its class
 * name as printed (*User<`name` STRING,`score` INT>*), `size` is sizeof(T),
 * fields in the order given (that is the column order). The field table is
 * copied. NULL on an unknown type string or a repeated field name. */
EDDY_API const eddy_type *eddy_type_struct(eddy_env *env, const char *name, size_t size, const eddy_field *fields,
                                           size_t n_fields);

/* Callbacks of a RAW type (an opaque C value of fixed size). copy makes a deep
 * copy into dst (NULL: memcpy); free releases what copy made (NULL: nothing);
 * to_string writes a display text like snprintf and returns the length it
 * needs (NULL: the name and the address). All may run on worker threads. */
typedef struct eddy_raw_ops {
    uint32_t abi_version; /* EDDY_RAW_OPS_VERSION */
    size_t size;
    void (*copy)(void *ctx, void *dst, const void *src);
    void (*free)(void *ctx, void *obj);
    int (*to_string)(void *ctx, const void *obj, char *buf, size_t cap);
    void *ctx;
    void (*ctx_free)(void *ctx);
} eddy_raw_ops;
#define EDDY_RAW_OPS_VERSION 1

/* A RAW type (Flink's generic type) named `name`: printed RAW('name', '...').
 * ops is copied. */
EDDY_API const eddy_type *eddy_type_raw(eddy_env *env, const char *name, const eddy_raw_ops *ops);

/* ===========================================================================
 * Rows (read-only views) and output rows
 * ======================================================================== */

/* A row view handed to a callback or by an iterator. It is borrowed: valid
 * until the callback returns or the iterator moves on. Field indexes are
 * 0-based. The getters return EDDY_OK, or EDDY_E_MISUSE for a bad index or a
 * type the getter does not read (the env is not touched: row errors are
 * local), and set nothing when the field is NULL except *is_null... use
 * eddy_row_is_null first. Integer getters widen (TINYINT..BIGINT to int64);
 * eddy_row_get_double reads FLOAT, DOUBLE and the integer types. */
EDDY_API eddy_row_kind eddy_row_get_kind(const eddy_row *row);
EDDY_API size_t eddy_row_arity(const eddy_row *row);
/* Field name (borrowed, like the row), or NULL for a bad index. */
EDDY_API const char *eddy_row_field_name(const eddy_row *row, size_t i);
/* Index of the named field, or -1. */
EDDY_API int eddy_row_field_index(const eddy_row *row, const char *name);
/* The field's type (owned by the env). */
EDDY_API const eddy_type *eddy_row_field_type(const eddy_row *row, size_t i);
EDDY_API bool eddy_row_is_null(const eddy_row *row, size_t i);
EDDY_API eddy_status eddy_row_get_bool(const eddy_row *row, size_t i, bool *out);
EDDY_API eddy_status eddy_row_get_int(const eddy_row *row, size_t i, int32_t *out);
EDDY_API eddy_status eddy_row_get_long(const eddy_row *row, size_t i, int64_t *out);
EDDY_API eddy_status eddy_row_get_double(const eddy_row *row, size_t i, double *out);
/* CHAR/VARCHAR/STRING: borrowed NUL-terminated text and its byte length
 * (len may be NULL). */
EDDY_API eddy_status eddy_row_get_string(const eddy_row *row, size_t i, const char **out, size_t *len);
EDDY_API eddy_status eddy_row_get_bytes(const eddy_row *row, size_t i, eddy_bytes *out);
EDDY_API eddy_status eddy_row_get_timestamp(const eddy_row *row, size_t i, eddy_timestamp *out);
/* DATE (days since epoch) and TIME (ms of day). */
EDDY_API eddy_status eddy_row_get_date(const eddy_row *row, size_t i, int32_t *out);
EDDY_API eddy_status eddy_row_get_time(const eddy_row *row, size_t i, int32_t *out);
/* Any field as Flink's Row.toString renders it ("Alice", "2021-08-21T13:00",
 * "+I[false, hello]"), written like snprintf: returns the length needed. */
EDDY_API int eddy_row_field_to_string(const eddy_row *row, size_t i, char *buf, size_t cap);
/* The whole row as Row.toString renders it ("+I[Alice, 12]"), like snprintf. */
EDDY_API int eddy_row_to_string(const eddy_row *row, char *buf, size_t cap);
/* Fills the C struct `dst` of struct type `type` from the row's fields,
 * matched by name. Strings and nested structs point into memory borrowed like
 * the row. EDDY_E_MISUSE when a field is missing or of another type. */
EDDY_API eddy_status eddy_row_get_struct(const eddy_row *row, const eddy_type *type, void *dst);
/* The stream record timestamp (ms since epoch); false when the record has none. */
EDDY_API bool eddy_row_get_timestamp_ms(const eddy_row *row, int64_t *out);

/* An output row being built by a map / flat_map / source / reduce callback.
 * Fields start NULL. A row that leaves a field of a NOT NULL type NULL fails
 * the job (EDDY_E_UDF) as a scalar function's NULL result does: "The user
 * function of operator 'Map' returned NULL for field 'name', but its type is
 * STRING NOT NULL." ("returned NULL, but its result type is ..." for an
 * atomic type; "emitted" for flat_map and sources, whose eddy_out_emit
 * returns EDDY_E_UDF). The setters copy what they are given. For an atomic
 * output type ("STRING", "INT") the only field is 0. A setter with a value of
 * another type converts it when Flink would cast implicitly (an int into a
 * BIGINT or DOUBLE field) and returns EDDY_E_MISUSE otherwise. */
EDDY_API eddy_status eddy_out_set_null(eddy_out *out, size_t i);
EDDY_API eddy_status eddy_out_set_bool(eddy_out *out, size_t i, bool v);
EDDY_API eddy_status eddy_out_set_int(eddy_out *out, size_t i, int32_t v);
EDDY_API eddy_status eddy_out_set_long(eddy_out *out, size_t i, int64_t v);
EDDY_API eddy_status eddy_out_set_double(eddy_out *out, size_t i, double v);
EDDY_API eddy_status eddy_out_set_string(eddy_out *out, size_t i, const char *s, size_t len);
EDDY_API eddy_status eddy_out_set_cstring(eddy_out *out, size_t i, const char *s);
EDDY_API eddy_status eddy_out_set_bytes(eddy_out *out, size_t i, const void *p, size_t len);
EDDY_API eddy_status eddy_out_set_timestamp(eddy_out *out, size_t i, eddy_timestamp v);
EDDY_API eddy_status eddy_out_set_date(eddy_out *out, size_t i, int32_t days);
EDDY_API eddy_status eddy_out_set_time(eddy_out *out, size_t i, int32_t millis_of_day);
/* Sets a field from the text of one SQL literal or constant expression,
 * cast to the field's type as eddy_from_values casts its values ("DATE
 * '2021-08-21'", "12.30", "'text'", "ARRAY[1, 2]", "MAP['k', 1]", "NULL";
 * a ROW or struct field takes a row literal "(1, 'a')"). The text is parsed
 * on every call: the typed setters are faster. Errors (the field is left as
 * it was): EDDY_E_MISUSE for a bad index or NULL text or more than one value,
 * EDDY_E_PARSE for text that does not parse, EDDY_E_VALIDATION or
 * EDDY_E_RUNTIME for a value that does not cast to the field's type. */
EDDY_API eddy_status eddy_out_set_literal(eddy_out *out, size_t i, const char *sql_literal);
/* Copies field j of `row` into field i (types must match or cast implicitly). */
EDDY_API eddy_status eddy_out_copy_field(eddy_out *out, size_t i, const eddy_row *row, size_t j);
/* Sets all fields from a C struct of the output's struct type (or of a
 * struct type with the same field names when the output is a ROW). */
EDDY_API eddy_status eddy_out_set_struct(eddy_out *out, const void *src);
/* Sets the row kind of the output row (default +I). */
EDDY_API eddy_status eddy_out_set_kind(eddy_out *out, eddy_row_kind kind);
/* Sets the stream record timestamp of the output row. */
EDDY_API eddy_status eddy_out_set_timestamp_ms(eddy_out *out, int64_t ts);
/* flat_map and sources: emits the row built so far and starts a new one.
 * (map and reduce emit their one row when the callback returns.) */
EDDY_API eddy_status eddy_out_emit(eddy_out *out);

/* ===========================================================================
 * DataStream API
 * ======================================================================== */

/* env.fromElements(String...): a stream of STRING with parallelism 1. The
 * strings are copied; a NULL entry is a NULL record (skipped by
 * from_datastream, as Flink skips null records). */
EDDY_API eddy_stream *eddy_from_strings(eddy_env *env, const char *const *strings, size_t n);

/* env.fromElements(...) with typed values: `type` is a Flink type string for
 * the element type ("INT NOT NULL", "ROW<name STRING, score INT>",
 * "ROW<f0 BIGINT NOT NULL, f1 STRING>") and `values` a comma separated list
 * of SQL literals, each cast to the type (a ROW as "('Alice', 12)"). A row
 * literal may carry a row kind as in Row.ofKind: "-U('Alice', 12)". Parallelism
 * 1. Errors (parse, cast) name the value. The rows are kept columnar (a
 * few bytes more than their values: eddy_env_memory_bytes counts them);
 * the parsed text is not kept. */
EDDY_API eddy_stream *eddy_from_values(eddy_env *env, const char *type, const char *values);

/* env.fromElements(POJOs): copies n C structs of struct type `type` from
 * `items` (an array of n structs, strings deep-copied). Parallelism 1. A NULL
 * string in a field of a NOT NULL type is EDDY_E_VALIDATION ("from_structs:
 * item 0 has NULL for field 'name', but its type is STRING NOT NULL."). */
EDDY_API eddy_stream *eddy_from_structs(eddy_env *env, const eddy_type *type, const void *items, size_t n);

/* env.fromElements with RAW values: copies n objects (each ops.size bytes,
 * through ops.copy) of RAW type `type`. Parallelism 1. */
EDDY_API eddy_stream *eddy_from_raw(eddy_env *env, const eddy_type *type, const void *items, size_t n);

/* env.fromSequence(from, to): BIGINT NOT NULL values from..to inclusive, split
 * over the parallel source subtasks. */
EDDY_API eddy_stream *eddy_from_sequence(eddy_env *env, int64_t from, int64_t to);

/* A user source. `run` is called repeatedly on a worker thread; each call
 * emits zero or more rows through `out` (eddy_out_emit) and returns EDDY_OK
 * to be called again, EDDY_DONE when the source is exhausted, or an error to
 * fail the job (eddy_out_error sets the message). A call should return
 * promptly (emitting up to a few thousand rows) so the job stays responsive.
 * `subtask` and `parallelism` tell a parallel source which share to produce. */
typedef eddy_status (*eddy_source_fn)(void *ctx, int subtask, int parallelism, eddy_out *out);
/* Creates a source of element type `type` (a type string). parallel=false
 * gives a source of parallelism 1 (SourceFunction); true a parallel source
 * (ParallelSourceFunction) at the default parallelism. */
EDDY_API eddy_stream *eddy_from_source(eddy_env *env, const char *type, bool parallel, eddy_source_fn run, void *ctx,
                                       void (*ctx_free)(void *));

/* A user source that takes part in checkpoints (Flink's CheckpointedFunction
 * on a source, a source reader's split state): its position is opaque
 * bytes the source writes and reads back, per parallel instance.
 *   snapshot  at a checkpoint or savepoint, on the instance's thread between
 *             two run calls: write the position the next run continues from
 *             with eddy_source_position_write (one or more calls append;
 *             nothing written: the beginning). The bytes go to the
 *             checkpoint's _metadata.
 *   restore   before the instance's first run (and first snapshot) of each
 *             attempt, on its thread: data/len the position snapshot wrote
 *             when the job starts from a checkpoint (execution.state-
 *             recovery.path, or an in-process restart after a completed
 *             one; borrowed for the call), else NULL, 0 -- start from the
 *             beginning (a new job, or a restart before any checkpoint
 *             completed). Rows emitted after the snapshot are produced again.
 * Both return EDDY_OK, or an error (eddy_out_error is not available: the
 * job fails with "The source snapshot function of <name> failed: <status>"
 * / "... source restore function ..."). The instances share ctx; each gets
 * its subtask and the parallelism (a restore needs the parallelism it was
 * checkpointed with). NULL snapshot or restore: EDDY_E_MISUSE on the env
 * ("from_checkpointed_source: snapshot and restore must not be NULL", ctx
 * freed). A plain eddy_from_source cannot be rewound: a job with
 * checkpoints and a restart strategy (the default with checkpoints) fails
 * at its start with "not supported yet: restarting the source 'Source:
 * Custom Source' from a checkpoint (it cannot report or rewind its
 * position; eddy_from_checkpointed_source can)" (the same for the other
 * sources without a position: Kafka, JDBC). */
typedef struct eddy_source_position eddy_source_position;
typedef eddy_status (*eddy_source_snapshot_fn)(void *ctx, int subtask, int parallelism, eddy_source_position *pos);
typedef eddy_status (*eddy_source_restore_fn)(void *ctx, int subtask, int parallelism, const void *data, size_t len);
EDDY_API eddy_stream *eddy_from_checkpointed_source(eddy_env *env, const char *type, bool parallel, eddy_source_fn run,
                                                    eddy_source_snapshot_fn snapshot, eddy_source_restore_fn restore,
                                                    void *ctx, void (*ctx_free)(void *));
/* In a snapshot callback: appends len bytes of data (copied) to the
 * position. EDDY_E_MISUSE for a NULL pos (or NULL data with len > 0),
 * EDDY_E_NOMEM when out of memory. */
EDDY_API eddy_status eddy_source_position_write(eddy_source_position *pos, const void *data, size_t len);

/* Records a message for a failing callback (on the job's error); returns
 * EDDY_E_UDF so `return eddy_out_error(out, "...")` is the idiom. */
EDDY_API eddy_status eddy_out_error(eddy_out *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* map: one output row per input row; the callback fills `out` (of type
 * out_type, a type string) and returns EDDY_OK, or an error to fail the job. */
typedef eddy_status (*eddy_map_fn)(void *ctx, const eddy_row *in, eddy_out *out);
EDDY_API eddy_stream *eddy_stream_map(eddy_stream *s, const char *out_type, eddy_map_fn fn, void *ctx,
                                      void (*ctx_free)(void *));

/* flat_map: zero or more output rows per input (eddy_out_emit per row). */
typedef eddy_status (*eddy_flat_map_fn)(void *ctx, const eddy_row *in, eddy_out *out);
EDDY_API eddy_stream *eddy_stream_flat_map(eddy_stream *s, const char *out_type, eddy_flat_map_fn fn, void *ctx,
                                           void (*ctx_free)(void *));

/* filter: keep the row when *keep is set true. */
typedef eddy_status (*eddy_filter_fn)(void *ctx, const eddy_row *in, bool *keep);
EDDY_API eddy_stream *eddy_stream_filter(eddy_stream *s, eddy_filter_fn fn, void *ctx, void (*ctx_free)(void *));

/* union: the elements of both streams (same type). */
EDDY_API eddy_stream *eddy_stream_union(eddy_stream *s, eddy_stream *other);

/* Sets the parallelism of the operator that produced s (1..32768); returns s.
 * A source of parallelism 1 (from_strings, from_values, ...) cannot be
 * raised: "The parallelism of non parallel operator must be 1." */
EDDY_API eddy_stream *eddy_stream_set_parallelism(eddy_stream *s, int parallelism);
/* Names the operator that produced s (shown in plans and errors); returns s. */
EDDY_API eddy_stream *eddy_stream_name(eddy_stream *s, const char *name);
/* uid(String): the stable id of the operator that produced s, which names
 * its state in snapshots so a restarted (or changed) job finds it again.
 * Without one the job derives an id from the graph's shape: the same graph
 * gets the same ids in every run, a changed graph may not. uid is copied;
 * returns s. NULL or empty uid, or a union / partitioning (no operator of
 * its own): EDDY_E_MISUSE. Two operators of one job with the same uid fail
 * the job: "Hash collision on user-specified ID ...". */
EDDY_API eddy_stream *eddy_stream_uid(eddy_stream *s, const char *uid);
/* Partitioning: round-robin, to every subtask, to subtask 0, and 1:1. */
EDDY_API eddy_stream *eddy_stream_rebalance(eddy_stream *s);
EDDY_API eddy_stream *eddy_stream_broadcast(eddy_stream *s);
EDDY_API eddy_stream *eddy_stream_global(eddy_stream *s);
EDDY_API eddy_stream *eddy_stream_forward(eddy_stream *s);

/* The element type of the stream (owned by the env). */
EDDY_API const eddy_type *eddy_stream_type(const eddy_stream *s);

/* keyBy on a field of a ROW / struct stream ("name"), or "f0" / "*" for an
 * atomic stream. Records with equal keys go to the same subtask (by key
 * group: hash(key) % max_parallelism, spread over the subtasks). */
EDDY_API eddy_keyed_stream *eddy_stream_key_by(eddy_stream *s, const char *field);
/* keyBy with a key selector: fn fills `key` (of type key_type) from `in`. */
typedef eddy_status (*eddy_key_fn)(void *ctx, const eddy_row *in, eddy_out *key);
EDDY_API eddy_keyed_stream *eddy_stream_key_by_fn(eddy_stream *s, const char *key_type, eddy_key_fn fn, void *ctx,
                                                  void (*ctx_free)(void *));

/* reduce: fn combines the previous result for the key (acc) with the new
 * element (in) into out (of the stream's type). STREAMING emits every new
 * result; BATCH emits the final result per key at the end of input. */
typedef eddy_status (*eddy_reduce_fn)(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out);
EDDY_API eddy_stream *eddy_keyed_reduce(eddy_keyed_stream *ks, eddy_reduce_fn fn, void *ctx, void (*ctx_free)(void *));
/* sum(field): a reduce that adds the numeric field and keeps the other
 * fields of the first element, as Flink's KeyedStream.sum. */
EDDY_API eddy_stream *eddy_keyed_sum(eddy_keyed_stream *ks, const char *field);
/* map on a keyed stream (keyBy(...).map(...)): like eddy_stream_map, run on
 * the keyed partitioning. */
EDDY_API eddy_stream *eddy_keyed_map(eddy_keyed_stream *ks, const char *out_type, eddy_map_fn fn, void *ctx,
                                     void (*ctx_free)(void *));

/* ---- keyed process functions (KeyedProcessFunction) ------------------------ */

/* The Context a keyed process function is called with: the current key, the
 * record's timestamp, keyed state and the timer service. It is borrowed for
 * the callback. One per parallel instance: open, process_element, on_timer
 * and close of an instance get the same one, so a value stored with
 * eddy_keyed_ctx_set_local stays for the instance's life.
 *
 * Errors of the ctx calls below are sticky: a call that fails records its
 * message on the job and returns NULL / an error code; when the callback
 * returns, the job fails with that message whatever the callback returned. */
typedef struct eddy_keyed_ctx eddy_keyed_ctx;
typedef struct eddy_value_state eddy_value_state; /* ValueState<T> */
typedef struct eddy_list_state eddy_list_state;   /* ListState<T> */
typedef struct eddy_map_state eddy_map_state;     /* MapState<K, V> */

/* The callbacks of a keyed process function. Each takes the user context
 * first; every one but process_element may be NULL. They run on worker
 * threads, one parallel instance at a time per instance (instances share
 * ctx: see "Threads" at the top). A non-OK return fails the job.
 *   open             once per instance before any element: register the
 *                    states here (getRuntimeContext().getState(...));
 *   process_element  for each element, with the element's key current: emit
 *                    zero or more rows of the output type through out
 *                    (eddy_out_emit per row; their record timestamp starts as
 *                    the element's). The element's row kind is
 *                    eddy_row_get_kind(in); set an output row's kind with
 *                    eddy_out_set_kind;
 *   on_timer         a timer of the current key fired at `timestamp`
 *                    (eddy_keyed_ctx_timer_domain tells which kind); emit as
 *                    above (event-time: the rows carry the timer's timestamp);
 *   close            once per instance at the end (also after errors). */
typedef struct eddy_keyed_process_fn {
    uint32_t abi_version; /* EDDY_KEYED_PROCESS_FN_VERSION */
    eddy_status (*open)(void *ctx, eddy_keyed_ctx *kc);
    eddy_status (*process_element)(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out);
    eddy_status (*on_timer)(void *ctx, eddy_keyed_ctx *kc, int64_t timestamp, eddy_out *out);
    eddy_status (*close)(void *ctx, eddy_keyed_ctx *kc);
} eddy_keyed_process_fn;
#define EDDY_KEYED_PROCESS_FN_VERSION 1

/* keyBy(...).process(KeyedProcessFunction): runs fn over the keyed stream,
 * producing a stream of out_type (a type string). fn is copied; ctx and
 * ctx_free follow the callback conventions. Errors: NULL fn or
 * process_element, an unknown abi_version (EDDY_E_MISUSE), a bad out_type. */
EDDY_API eddy_stream *eddy_keyed_process(eddy_keyed_stream *ks, const eddy_keyed_process_fn *fn, const char *out_type,
                                         void *ctx, void (*ctx_free)(void *));

/* The current key as a row (field 0 for a one-field key; the key selector's
 * fields otherwise). Borrowed until the callback returns; NULL in open and
 * close. */
EDDY_API const eddy_row *eddy_keyed_ctx_current_key(eddy_keyed_ctx *kc);
/* ctx.timestamp(): the element's record timestamp, or in on_timer the
 * timer's timestamp. false when there is none (no timestamp, open/close). */
EDDY_API bool eddy_keyed_ctx_timestamp(eddy_keyed_ctx *kc, int64_t *out);
/* In on_timer: EDDY_EVENT_TIME or EDDY_PROCESSING_TIME. */
typedef enum eddy_time_domain { EDDY_EVENT_TIME = 0, EDDY_PROCESSING_TIME = 1 } eddy_time_domain;
EDDY_API eddy_time_domain eddy_keyed_ctx_timer_domain(eddy_keyed_ctx *kc);
/* A pointer the instance keeps between callbacks (instance fields of the
 * Java function); the instance frees what it points to in close. */
EDDY_API void eddy_keyed_ctx_set_local(eddy_keyed_ctx *kc, void *local);
EDDY_API void *eddy_keyed_ctx_local(eddy_keyed_ctx *kc);

/* The timer service of the current key (ctx.timerService()). Registering a
 * timer that exists changes nothing; deleting one that does not exist does
 * nothing. Event-time timers fire when the watermark reaches their time
 * (BATCH mode and the end of a bounded input bring the MAX watermark: all of
 * them fire then); processing-time timers when the clock passes theirs
 * (BATCH: at the end of input; a STREAMING job that ends drops those still
 * pending). Timers fire in timestamp order, ties by key. Not in open/close:
 * EDDY_E_MISUSE. */
EDDY_API eddy_status eddy_keyed_ctx_register_event_timer(eddy_keyed_ctx *kc, int64_t timestamp);
EDDY_API eddy_status eddy_keyed_ctx_delete_event_timer(eddy_keyed_ctx *kc, int64_t timestamp);
EDDY_API eddy_status eddy_keyed_ctx_register_processing_timer(eddy_keyed_ctx *kc, int64_t timestamp);
EDDY_API eddy_status eddy_keyed_ctx_delete_processing_timer(eddy_keyed_ctx *kc, int64_t timestamp);
/* The operator's current event time (the last watermark it saw; INT64_MIN
 * before the first) and processing time (ms since the epoch). */
EDDY_API int64_t eddy_keyed_ctx_current_watermark(eddy_keyed_ctx *kc);
EDDY_API int64_t eddy_keyed_ctx_current_processing_time(eddy_keyed_ctx *kc);

/* Keyed state by descriptor (getState(new ValueStateDescriptor<>(name, T))):
 * name is unique per operator and type a Flink type string. The first call
 * for a name registers the state, later calls (in any callback) return the
 * same handle; a name registered with another kind or type is an error
 * ("State 'x' is already registered as ..."). Handles live as long as the
 * instance. Every state call reads or writes the value of the current key;
 * outside process_element / on_timer they are EDDY_E_MISUSE. */
EDDY_API eddy_value_state *eddy_keyed_ctx_value_state(eddy_keyed_ctx *kc, const char *name, const char *type);
EDDY_API eddy_list_state *eddy_keyed_ctx_list_state(eddy_keyed_ctx *kc, const char *name, const char *element_type);
EDDY_API eddy_map_state *eddy_keyed_ctx_map_state(eddy_keyed_ctx *kc, const char *name, const char *key_type,
                                                  const char *value_type);

/* ValueState.value(): *out is the value as a row (field 0 for an atomic
 * type), or NULL when the key has none (Java's null). Borrowed until the
 * next call on this handle or the callback returns. */
EDDY_API eddy_status eddy_value_state_value(eddy_value_state *s, const eddy_row **out);
/* ValueState.update(v), in two steps: new_value starts a value (fields NULL)
 * to fill with the eddy_out setters, update stores it. */
EDDY_API eddy_out *eddy_value_state_new_value(eddy_value_state *s);
EDDY_API eddy_status eddy_value_state_update(eddy_value_state *s);
/* update(v) with v = field `field` of row (an atomic state type), or every
 * field of row (a ROW state type of the row's shape: field = (size_t)-1). */
EDDY_API eddy_status eddy_value_state_update_from(eddy_value_state *s, const eddy_row *row, size_t field);
/* ValueState.clear(). */
EDDY_API eddy_status eddy_value_state_clear(eddy_value_state *s);

/* ListState.get(): steps through the elements -- start with *cursor = 0;
 * returns EDDY_ROW with *out the next element (borrowed like a value), or
 * EDDY_DONE after the last. Changing the list while stepping restarts
 * nothing: the walk goes on over the elements as they were when it began. */
EDDY_API eddy_status eddy_list_state_next(eddy_list_state *s, size_t *cursor, const eddy_row **out);
/* ListState.add(v), two steps like values; add_from takes a row's field. */
EDDY_API eddy_out *eddy_list_state_new_element(eddy_list_state *s);
EDDY_API eddy_status eddy_list_state_add(eddy_list_state *s);
EDDY_API eddy_status eddy_list_state_add_from(eddy_list_state *s, const eddy_row *row, size_t field);
EDDY_API eddy_status eddy_list_state_clear(eddy_list_state *s);

/* MapState: the map key is built with map_key (an eddy_out over the key
 * type: set its fields, then call get / contains / put / remove); put stores
 * the value built with map_value. Values and iteration rows are borrowed
 * until the next call on this handle or the callback returns. */
EDDY_API eddy_out *eddy_map_state_key(eddy_map_state *s);
EDDY_API eddy_out *eddy_map_state_value(eddy_map_state *s);
/* get(key): *out the value, or NULL when the key is absent. */
EDDY_API eddy_status eddy_map_state_get(eddy_map_state *s, const eddy_row **out);
EDDY_API eddy_status eddy_map_state_contains(eddy_map_state *s, bool *out);
EDDY_API eddy_status eddy_map_state_put(eddy_map_state *s);
EDDY_API eddy_status eddy_map_state_remove(eddy_map_state *s);
EDDY_API eddy_status eddy_map_state_is_empty(eddy_map_state *s, bool *out);
/* entries(): start with *cursor = 0; EDDY_ROW with *key / *value, EDDY_DONE
 * at the end. Order unspecified. Writing the map while iterating is allowed:
 * an entry present throughout is seen exactly once. */
EDDY_API eddy_status eddy_map_state_next(eddy_map_state *s, size_t *cursor, const eddy_row **key,
                                         const eddy_row **value);
EDDY_API eddy_status eddy_map_state_clear(eddy_map_state *s);

/* ---- event time: watermark strategies and the processing-time clock ------ */

/* A WatermarkStrategy: how a stream's records get their timestamps and how
 * watermarks are generated from them. Strategies live as long as the env;
 * each builder call returns a new strategy (the argument is unchanged), or
 * NULL with the env's error set (EDDY_E_MISUSE for NULL callbacks, a
 * negative duration or a strategy of another env). */
typedef struct eddy_watermark_strategy eddy_watermark_strategy;
/* The WatermarkOutput a generator emits to (borrowed for the callback). */
typedef struct eddy_watermark_output eddy_watermark_output;

/* forMonotonousTimestamps(): the watermark is the largest timestamp seen
 * minus 1 ms. */
EDDY_API eddy_watermark_strategy *eddy_watermark_for_monotonous_timestamps(eddy_env *env);
/* forBoundedOutOfOrderness(Duration.ofMillis(max_ms)): the largest
 * timestamp seen minus max_ms minus 1 ms. max_ms >= 0. */
EDDY_API eddy_watermark_strategy *eddy_watermark_for_bounded_out_of_orderness(eddy_env *env, int64_t max_ms);
/* noWatermarks(): timestamps only (an assigner may set them). */
EDDY_API eddy_watermark_strategy *eddy_watermark_no_watermarks(eddy_env *env);

/* A custom WatermarkGenerator. create (may be NULL) makes the state of one
 * parallel instance from ctx (Flink creates a generator per instance); the
 * callbacks then get that state (ctx itself when create is NULL) and
 * destroy (may be NULL) frees it at the end. on_event sees each record and
 * its (assigned) timestamp; on_periodic_emit runs every
 * pipeline.auto-watermark-interval and once more at the end of input. Both
 * may emit (eddy_watermark_output_emit) or mark the output idle; both may
 * be NULL but not both. A non-OK return fails the job. */
typedef struct eddy_watermark_generator_fn {
    uint32_t abi_version; /* EDDY_WATERMARK_GENERATOR_FN_VERSION */
    void *(*create)(void *ctx, int subtask);
    eddy_status (*on_event)(void *state, const eddy_row *in, int64_t timestamp, eddy_watermark_output *out);
    eddy_status (*on_periodic_emit)(void *state, eddy_watermark_output *out);
    void (*destroy)(void *state);
} eddy_watermark_generator_fn;
#define EDDY_WATERMARK_GENERATOR_FN_VERSION 1
/* WatermarkStrategy.forGenerator(...): fn is copied; ctx and ctx_free
 * follow the callback conventions. */
EDDY_API eddy_watermark_strategy *eddy_watermark_for_generator(eddy_env *env, const eddy_watermark_generator_fn *fn,
                                                              void *ctx, void (*ctx_free)(void *));
/* WatermarkOutput.emitWatermark: a watermark not above the last one emitted
 * is ignored; emitting makes an idle output active again. */
EDDY_API void eddy_watermark_output_emit(eddy_watermark_output *out, int64_t watermark);
/* WatermarkOutput.markIdle / markActive: an idle output is left out of the
 * minimum downstream operators take over their inputs' watermarks. */
EDDY_API void eddy_watermark_output_mark_idle(eddy_watermark_output *out);
EDDY_API void eddy_watermark_output_mark_active(eddy_watermark_output *out);

/* withTimestampAssigner: fn sets *out to the record's event time (ms);
 * record_ts is the record's timestamp so far (INT64_MIN: none). Without an
 * assigner a record keeps the timestamp it has. A non-OK return fails the
 * job. */
typedef eddy_status (*eddy_timestamp_assigner_fn)(void *ctx, const eddy_row *in, int64_t record_ts, int64_t *out);
EDDY_API eddy_watermark_strategy *eddy_watermark_with_timestamp_assigner(eddy_watermark_strategy *ws,
                                                                        eddy_timestamp_assigner_fn fn, void *ctx,
                                                                        void (*ctx_free)(void *));
/* withIdleness(Duration.ofMillis(timeout_ms)): an instance that sees no
 * record for longer than timeout_ms of processing time (checked at each
 * periodic emission) marks its output idle until the next record.
 * timeout_ms > 0. */
EDDY_API eddy_watermark_strategy *eddy_watermark_with_idleness(eddy_watermark_strategy *ws, int64_t timeout_ms);

/* assignTimestampsAndWatermarks(strategy): an operator ("Timestamps/
 * Watermarks") that sets each record's timestamp and generates watermarks;
 * the watermarks coming from upstream are dropped, but for the final MAX
 * one at the end of input. Each parallel instance generates its own;
 * downstream operators take the minimum over their active inputs. Periodic
 * emission follows the env's pipeline.auto-watermark-interval (eddy_env_set_option;
 * Flink's default 200 ms; 0 disables it: a built-in strategy then emits its
 * watermark only at the end of input). BATCH mode: timestamps only, and the
 * MAX watermark at the end. Errors: NULL arguments, a strategy of another
 * env (EDDY_E_MISUSE). */
EDDY_API eddy_stream *eddy_stream_assign_timestamps_and_watermarks(eddy_stream *s, const eddy_watermark_strategy *ws);

/* process(ProcessFunction) on a plain (non-keyed) stream: process_element
 * is called for each element with a context (eddy_process_ctx, borrowed
 * for the callback; one per parallel instance, the same in open, every
 * process_element and close) and emits zero or more rows of out_type
 * through out; they start with the element's record timestamp. open and
 * close (may be NULL) run once per instance, close also after errors.
 * Timers and keyed state need a keyed stream (eddy_keyed_process). A
 * non-OK return fails the job. fn is copied; ctx and ctx_free follow the
 * callback conventions. Errors: NULL fn or process_element, an unknown
 * abi_version (EDDY_E_MISUSE), a bad out_type. */
typedef struct eddy_process_ctx eddy_process_ctx;
typedef struct eddy_process_fn {
    uint32_t abi_version; /* EDDY_PROCESS_FN_VERSION */
    eddy_status (*open)(void *ctx, eddy_process_ctx *pc);
    eddy_status (*process_element)(void *ctx, eddy_process_ctx *pc, const eddy_row *in, eddy_out *out);
    eddy_status (*close)(void *ctx, eddy_process_ctx *pc);
} eddy_process_fn;
#define EDDY_PROCESS_FN_VERSION 1
EDDY_API eddy_stream *eddy_stream_process(eddy_stream *s, const eddy_process_fn *fn, const char *out_type, void *ctx,
                                          void (*ctx_free)(void *));
/* ctx.timestamp(): the element's record timestamp; false when it has none
 * (and in open / close). */
EDDY_API bool eddy_process_ctx_timestamp(eddy_process_ctx *pc, int64_t *out);
/* ctx.timerService().currentWatermark() (INT64_MIN before the first) and
 * currentProcessingTime() (the job's clock, ms since the epoch). */
EDDY_API int64_t eddy_process_ctx_current_watermark(eddy_process_ctx *pc);
EDDY_API int64_t eddy_process_ctx_current_processing_time(eddy_process_ctx *pc);
/* The parallel instance's index (getRuntimeContext().getIndexOfThisSubtask()). */
EDDY_API int eddy_process_ctx_subtask(eddy_process_ctx *pc);
/* A pointer the instance keeps between callbacks (freed by the user in close). */
EDDY_API void eddy_process_ctx_set_local(eddy_process_ctx *pc, void *local);
EDDY_API void *eddy_process_ctx_local(eddy_process_ctx *pc);

/* Side outputs. An OutputTag names a side output and its record type (a
 * type string); it lives as long as the env. In process_element of a
 * ProcessFunction, eddy_process_ctx_output(pc, tag) (ctx.output(tag, v))
 * returns an eddy_out for a row of the tag's type: set its fields and
 * eddy_out_emit it (the row takes the element's record timestamp); the
 * out is borrowed for the callback, and fields set before a later call for
 * the same tag are dropped. NULL outside process_element or for a NULL tag.
 * eddy_stream_get_side_output(s, tag) (getSideOutput) is the stream of
 * that side output of the process function that produced s, at its
 * parallelism; rows of a side output nobody reads are dropped. Errors: NULL
 * arguments, a bad type, a tag of another env, s not made by
 * eddy_stream_process (EDDY_E_MISUSE). */
typedef struct eddy_output_tag eddy_output_tag;
EDDY_API eddy_output_tag *eddy_output_tag_new(eddy_env *env, const char *name, const char *type);
EDDY_API eddy_out *eddy_process_ctx_output(eddy_process_ctx *pc, const eddy_output_tag *tag);
EDDY_API eddy_stream *eddy_stream_get_side_output(eddy_stream *s, const eddy_output_tag *tag);

/* In the run callback of an eddy_from_source source (SourceContext
 * .emitWatermark / .markAsTemporarilyIdle): the rows emitted so far go on,
 * then the watermark (one not above the last is ignored; it makes an idle
 * source active again) or the idle status. Fields set for a row not
 * emitted yet are dropped. Downstream, eddy_stream_assign_timestamps_and_watermarks
 * replaces these watermarks; a table over the stream keeps them with
 * SOURCE_WATERMARK(). BATCH mode ignores them. EDDY_E_MISUSE on any other
 * eddy_out. */
EDDY_API eddy_status eddy_source_emit_watermark(eddy_out *out, int64_t watermark);
EDDY_API eddy_status eddy_source_mark_idle(eddy_out *out);

/* Processing time. By default the jobs of an env read the system clock;
 * eddy_env_use_manual_clock switches the env's jobs started from then on to
 * a manual clock starting at start_ms (ms since the epoch), which only
 * eddy_env_advance_clock / eddy_env_set_clock move -- for deterministic
 * tests of processing-time timers, periodic watermarks and idleness. The
 * clock may be moved from any thread while a job runs. */
EDDY_API eddy_status eddy_env_use_manual_clock(eddy_env *env, int64_t start_ms);
EDDY_API eddy_status eddy_env_advance_clock(eddy_env *env, int64_t delta_ms);
EDDY_API eddy_status eddy_env_set_clock(eddy_env *env, int64_t now_ms);
/* The env's processing time now (the manual clock's, or the system's). */
EDDY_API int64_t eddy_env_current_processing_time(eddy_env *env);

/* print(): a sink writing Row.toString of each record to stdout, one line
 * each, prefixed as Flink does ("3> " when the sink's parallelism is above 1).
 * print_id(s, "id") prefixes "id> " / "id:3> ". The _err variants write to
 * stderr; print_to writes to `file` (borrowed until the job ends). The sink
 * takes the stream's parallelism unless set with eddy_sink_set_parallelism. */
EDDY_API eddy_status eddy_stream_print(eddy_stream *s);
EDDY_API eddy_status eddy_stream_print_id(eddy_stream *s, const char *id);
EDDY_API eddy_status eddy_stream_print_to_err(eddy_stream *s);
EDDY_API eddy_status eddy_stream_print_to(eddy_stream *s, const char *id, FILE *file, int parallelism);

/* A user sink: fn is called for each record (on a worker thread). */
typedef eddy_status (*eddy_sink_fn)(void *ctx, const eddy_row *in);
EDDY_API eddy_status eddy_stream_add_sink(eddy_stream *s, eddy_sink_fn fn, void *ctx, void (*ctx_free)(void *),
                                          int parallelism);

/* executeAndCollect(): runs the pipeline that ends in s (and only it) with a
 * collecting sink and returns an iterator over the records as they arrive.
 * The job runs in the background until drained or the iterator is freed. */
EDDY_API eddy_iter *eddy_stream_execute_and_collect(eddy_stream *s);

/* Iterators. next returns EDDY_ROW with *row valid until the next call,
 * EDDY_DONE at the end, or the job's error (message: eddy_iter_errmsg).
 * Freeing an iterator that is not drained cancels its job and waits for its
 * tasks to stop; one that does not stop within task.cancellation.timeout
 * is reported on the env (EDDY_E_RUNTIME, "Task '...' did not exit
 * gracefully ...") and its job is left to eddy_env_free. */
EDDY_API eddy_status eddy_iter_next(eddy_iter *it, const eddy_row **row);
EDDY_API const char *eddy_iter_errmsg(const eddy_iter *it);
EDDY_API void eddy_iter_free(eddy_iter *it);

/* ===========================================================================
 * Table environment and the bridge
 * ======================================================================== */

/* StreamTableEnvironment.create(env): adopts the env's runtime mode. */
EDDY_API eddy_tenv *eddy_tenv_new(eddy_env *env);
/* StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode() / inStreamingMode()). */
EDDY_API eddy_tenv *eddy_tenv_new_in_mode(eddy_env *env, eddy_runtime_mode mode);
EDDY_API eddy_env *eddy_tenv_env(eddy_tenv *tenv);
EDDY_API eddy_runtime_mode eddy_tenv_get_runtime_mode(const eddy_tenv *tenv);
/* tableEnv.getConfig().set(key, value), also what SQL's SET does. The keys
 * eddy honours (eddy_option_is_known: execution.runtime-mode,
 * parallelism.default -- the env's parallelism --, table.local-time-zone,
 * table.dml-sync, sql-client.execution.result-mode, table.plan.force-recompile,
 * table.catalog-store.kind / .file.path (the file catalog store: read by
 * the first eddy_tenv_execute_sql after they are set, see the README),
 * table.display.max-column-width, the planner's table.exec.mini-batch.enabled /
 * .allow-latency / .size, table.optimizer.agg-phase-strategy,
 * table.exec.sink.upsert-materialize, table.exec.disabled-operators,
 * table.exec.source.idle-timeout -- a table source with a watermark that
 * gets no row for that long is idle, left out of the watermark minimum
 * downstream until its next row; checked every
 * pipeline.auto-watermark-interval --, and
 * eddy.explain.show-unsupported -- EXPLAIN prints plans eddy cannot run
 * yet instead of failing --, ...) are checked: a bad value is
 * EDDY_E_VALIDATION ("Could not parse value 'x' for key 'k'.") and changes
 * nothing. Other keys are kept as given (SET lists them) and change
 * nothing. */
EDDY_API eddy_status eddy_tenv_set_option(eddy_tenv *tenv, const char *key, const char *value);

/* Schema builder (Schema.newBuilder()...build()). Each call appends a part
 * and returns the schema; errors surface when the schema is used. */
EDDY_API eddy_schema *eddy_schema_new(eddy_env *env);
EDDY_API eddy_schema *eddy_schema_column(eddy_schema *sc, const char *name, const char *type);
EDDY_API eddy_schema *eddy_schema_column_typed(eddy_schema *sc, const char *name, const eddy_type *type);
EDDY_API eddy_schema *eddy_schema_column_by_expression(eddy_schema *sc, const char *name, const char *sql_expr);
/* metadata key may be NULL (= the column name); virtual as in Flink. */
EDDY_API eddy_schema *eddy_schema_column_by_metadata(eddy_schema *sc, const char *name, const char *type,
                                                     const char *key, bool is_virtual);
EDDY_API eddy_schema *eddy_schema_watermark(eddy_schema *sc, const char *column, const char *sql_expr);
/* primaryKey(cols...): a NULL-terminated list of column names; the
 * constraint is named PK_<cols joined by _>. */
EDDY_API eddy_schema *eddy_schema_primary_key(eddy_schema *sc, ...) EDDY_SENTINEL;
EDDY_API eddy_schema *eddy_schema_primary_key_named(eddy_schema *sc, const char *constraint_name, ...) EDDY_SENTINEL;

/* fromDataStream(ds [, schema]): an insert-only table over the stream. The
 * schema (may be NULL) enriches or declares columns as Flink's does. */
EDDY_API eddy_table *eddy_tenv_from_datastream(eddy_tenv *tenv, eddy_stream *s, const eddy_schema *schema);
/* createTemporaryView(path, table). */
EDDY_API eddy_status eddy_tenv_create_temporary_view(eddy_tenv *tenv, const char *path, eddy_table *table);
/* createTemporaryView(path, ds [, schema]). */
EDDY_API eddy_status eddy_tenv_create_temporary_view_from_stream(eddy_tenv *tenv, const char *path, eddy_stream *s,
                                                                 const eddy_schema *schema);
/* from(path): the registered table or view. */
EDDY_API eddy_table *eddy_tenv_from(eddy_tenv *tenv, const char *path);
/* sqlQuery(sql): a table for a SELECT / VALUES query. */
EDDY_API eddy_table *eddy_tenv_sql_query(eddy_tenv *tenv, const char *sql);

/* toDataStream(table): an insert-only stream of ROW records, in the table's
 * column order. Fails for updating tables with Flink's message. */
EDDY_API eddy_stream *eddy_tenv_to_datastream(eddy_tenv *tenv, eddy_table *table);
/* toDataStream(table, type): records of `type` -- a struct type (columns
 * mapped by name, cast implicitly), an atomic type (single column) or a ROW. */
EDDY_API eddy_stream *eddy_tenv_to_datastream_as(eddy_tenv *tenv, eddy_table *table, const eddy_type *type);

/* Deprecated: toAppendStream(table, Row.class) of the legacy bridge. The same
 * as eddy_tenv_to_datastream for insert-only tables; an updating table
 * fails with "toAppendStream doesn't support consuming update changes ...". */
EDDY_API eddy_stream *eddy_tenv_to_append_stream(eddy_tenv *tenv, eddy_table *table);
/* Deprecated (use eddy_tenv_to_changelog_stream): toRetractStream(table,
 * Row.class) of the legacy bridge, a stream of Flink's Tuple2<Boolean, Row>
 * as records ROW<f0 BOOLEAN NOT NULL, f1 ROW<the table's columns> NOT NULL>:
 * f0 true for a row added (+I, +U), false for one taken back (-U, -D), f1
 * the row. Every record is an insert (+I); the change is f0 (an update is a
 * false / true pair). Printed as eddy prints a ROW ("+I[false, +I[Bob,
 * 10]]"), where Java prints the tuple "(false,-U[Bob, 10])". Takes tables of
 * every kind, in both runtime modes. The stream is owned by the env. Errors:
 * NULL, the env's error (EDDY_E_MISUSE for a NULL table or one of another
 * tenv; planning errors as for eddy_tenv_to_changelog_stream). */
EDDY_API eddy_stream *eddy_tenv_to_retract_stream(eddy_tenv *tenv, eddy_table *table);

/* A changelog mode (Flink's ChangelogMode): the row kinds a changelog
 * stream carries. */
typedef enum eddy_changelog_mode {
    EDDY_CHANGELOG_ALL = 0,        /* ChangelogMode.all(): +I, -U, +U, -D (a retract stream) */
    EDDY_CHANGELOG_UPSERT = 1,     /* ChangelogMode.upsert(): +I, +U, -D by primary key, no -U */
    EDDY_CHANGELOG_INSERT_ONLY = 2 /* ChangelogMode.insertOnly(): +I only */
} eddy_changelog_mode;

/* fromChangelogStream(ds [, schema [, mode]]): a table over a stream whose
 * records carry row kinds (eddy_out_set_kind, "-U(...)" literals of
 * eddy_from_values). The schema (may be NULL) declares or enriches columns
 * as for eddy_tenv_from_datastream, incl. the rowtime metadata column and
 * SOURCE_WATERMARK(). EDDY_CHANGELOG_ALL reads every kind;
 * EDDY_CHANGELOG_UPSERT needs a primary key in the schema ("Table '...'
 * produces a changelog stream that contains UPDATE_AFTER but no
 * UPDATE_BEFORE. This requires defining a primary key constraint on the
 * table." when planned) and is normalized by ChangelogNormalize (keyed by
 * the key: the first row +I, a changed row -U old / +U new, a duplicate
 * dropped, -D with the stored row); EDDY_CHANGELOG_INSERT_ONLY fails the
 * job on a record of another kind ("Error during input conversion.
 * Conversion expects insert-only records but DataStream API record
 * contains: DELETE"). A table of a changelog other than insert-only fails
 * to plan in BATCH mode ("Querying a table in batch mode is currently only
 * possible for INSERT-only table sources. ..."). The stream and schema stay
 * owned by the env. Errors: NULL, the env's error. */
EDDY_API eddy_table *eddy_tenv_from_changelog_stream(eddy_tenv *tenv, eddy_stream *s, const eddy_schema *schema,
                                                     eddy_changelog_mode mode);
/* createTemporaryView(path, fromChangelogStream(ds, schema, mode)). */
EDDY_API eddy_status eddy_tenv_create_temporary_view_from_changelog_stream(eddy_tenv *tenv, const char *path,
                                                                           eddy_stream *s, const eddy_schema *schema,
                                                                           eddy_changelog_mode mode);

/* toChangelogStream(table [, schema [, mode]]): a stream of ROW records
 * with their row kinds (eddy_row_get_kind; print shows "-U[Alice, 12]").
 * schema NULL: the table's columns, a single rowtime column also written
 * into the record timestamp. A schema maps its physical columns by
 * position onto the table's columns (types cast implicitly, else "Column
 * types of query result and sink for '...' do not match."); a metadata
 * column with key "rowtime" (TIMESTAMP_LTZ(3)) takes the table's rowtime
 * into the record timestamp only; computed columns and watermarks are
 * ignored; a primary key is the sink's key. mode: EDDY_CHANGELOG_ALL sends
 * every kind; EDDY_CHANGELOG_UPSERT needs the schema's primary key (else
 * EDDY_E_VALIDATION) and sends no -U; EDDY_CHANGELOG_INSERT_ONLY fails for
 * an updating table with Flink's "Table sink '*anonymous_datastream_sink$N*'
 * doesn't support consuming update changes which is produced by node ...".
 * Errors: NULL, the env's error. */
EDDY_API eddy_stream *eddy_tenv_to_changelog_stream(eddy_tenv *tenv, eddy_table *table, const eddy_schema *schema,
                                                    eddy_changelog_mode mode);

/* Table.as(field, ...): renames the leading columns (fewer names keep the
 * remaining columns' names); NULL-terminated list. More names than columns
 * is an error ("Aliasing more fields than we actually have."). */
EDDY_API eddy_table *eddy_table_as(eddy_table *t, ...) EDDY_SENTINEL;
/* The resolved schema as printSchema prints it (borrowed; env lifetime). */
EDDY_API const char *eddy_table_schema_string(eddy_table *t);
/* printSchema(): writes the schema and a newline to `file`. */
EDDY_API eddy_status eddy_table_print_schema(eddy_table *t, FILE *file);

/* Table.execute(): runs the table's pipeline as its own job (pending
 * DataStream branches are not run) and returns its result. */
EDDY_API eddy_result *eddy_table_execute(eddy_table *t);
/* TableResult.print(): the rows as a tableau table, ending with "N rows in
 * set" / "Empty set". A query's columns are sized from their types in both
 * modes, as Flink's executeQueryOperation does (INT 11, BIGINT 20, DATE 10,
 * TIMESTAMP(3) 23, STRING and every other type the max column width, 30;
 * at least the name and "<NULL>"); streaming adds the op column. Static
 * results (SHOW, DESCRIBE, ...) are sized from their content. Rows are
 * printed as they arrive. Consumes the result. */
EDDY_API eddy_status eddy_result_print(eddy_result *r, FILE *file);
/* TableResult.collect(): an iterator over the result rows (with kinds).
 * Consumes the result: print and collect are exclusive. */
EDDY_API eddy_iter *eddy_result_collect(eddy_result *r);
/* The result's column count and names (borrowed; result lifetime). */
EDDY_API size_t eddy_result_column_count(const eddy_result *r);
EDDY_API const char *eddy_result_column_name(const eddy_result *r, size_t i);
/* Frees a result (cancelling its job when not drained; a job that does not
 * stop in time is reported on the env as for eddy_iter_free). Accepts NULL.
 * No other thread may use the result (eddy_result_cancel) from then on. */
EDDY_API void eddy_result_free(eddy_result *r);

/* ===========================================================================
 * executeSql, results, statement sets, table descriptors, options
 * ======================================================================== */

typedef struct eddy_statement_set eddy_statement_set;   /* StreamStatementSet */
typedef struct eddy_table_descriptor eddy_table_descriptor; /* TableDescriptor */

/* What a result holds (Flink's ResultKind). */
typedef enum eddy_result_kind {
    EDDY_RESULT_SUCCESS = 0,              /* DDL and commands: prints "OK" */
    EDDY_RESULT_SUCCESS_WITH_CONTENT = 1  /* queries, SHOW, DESCRIBE, EXPLAIN, INSERT */
} eddy_result_kind;

/* The kind of statement a result comes from (for clients such as the shell
 * that print different messages per kind). */
typedef enum eddy_statement_kind {
    EDDY_STMT_QUERY = 0,   /* SELECT, VALUES, WITH ...: rows */
    EDDY_STMT_INSERT,      /* INSERT INTO / OVERWRITE, EXECUTE STATEMENT SET: a job */
    EDDY_STMT_DDL,         /* CREATE / DROP / ALTER */
    EDDY_STMT_USE,         /* USE [CATALOG] */
    EDDY_STMT_SHOW,        /* SHOW ...: rows */
    EDDY_STMT_DESCRIBE,    /* DESCRIBE: rows */
    EDDY_STMT_EXPLAIN,     /* EXPLAIN: one row with the plan */
    EDDY_STMT_SET,         /* SET 'k' = 'v' / SET (rows: the options) */
    EDDY_STMT_RESET,       /* RESET ['k'] */
    EDDY_STMT_OTHER
} eddy_statement_kind;

/* TableEnvironment.executeSql(statement): runs one statement -- DDL
 * (CREATE / DROP / ALTER of tables, views, functions, databases, catalogs),
 * USE, SHOW, DESCRIBE, EXPLAIN, SET / RESET, INSERT (starts a job) or a
 * query (starts a job whose rows the result delivers). Returns a result
 * owned by the env (free it early with eddy_result_free), or NULL with the
 * error on the env (EDDY_E_PARSE / EDDY_E_VALIDATION with the SQL position,
 * EDDY_E_TABLE, EDDY_E_UNSUPPORTED, ...). An INSERT returns once its job has
 * started; eddy_result_await waits for it (with table.dml-sync = true the
 * call itself waits). statement is a C string, so it ends at its first NUL
 * byte (there is no length-taking variant): text that may hold one (a file
 * read by length) must be checked by the caller, as the shell does -- it
 * reports a NUL as a lexical error at its line and column and runs
 * nothing. */
EDDY_API eddy_result *eddy_tenv_execute_sql(eddy_tenv *tenv, const char *statement);

EDDY_API eddy_result_kind eddy_result_get_kind(const eddy_result *r);
EDDY_API eddy_statement_kind eddy_result_statement_kind(const eddy_result *r);
/* The column's type (borrowed: valid while the result lives), or NULL for a
 * bad index. */
EDDY_API const eddy_type *eddy_result_column_type(const eddy_result *r, size_t i);
/* The id of the job an INSERT or a query started (32 hex digits), or NULL.
 * Borrowed; result lifetime. */
EDDY_API const char *eddy_result_job_id(const eddy_result *r);
/* Waits until the result's job ends; returns its status (the message is on
 * the env). EDDY_OK at once for results without a job. Once the job is
 * cancelled or has failed, waits at most task.cancellation.timeout for its
 * tasks to stop (then EDDY_E_RUNTIME naming the stuck task). */
EDDY_API eddy_status eddy_result_await(eddy_result *r);
/* Cancels the result's job (a query's, also after eddy_result_collect
 * handed its rows to an iterator; an INSERT's). Safe to call from any
 * thread (e.g. a thread watching for Ctrl-C) while the owner prints,
 * iterates, awaits, or frees the iterator; a no-op once the job ended or
 * its rows were freed. It does not wait for the job. The result itself must
 * still exist: free it only after the cancelling thread is done with it. */
EDDY_API void eddy_result_cancel(eddy_result *r);
/* Whether an INSERT's job has ended, without waiting (JobClient.
 * getJobStatus() is terminal): true when every task of it returned -- then
 * eddy_result_await returns at once -- or the result has no job of its own
 * (a query's rows are read through print / collect). *failed (may be NULL)
 * is set to whether the job failed or was cancelled; the error itself is
 * reported by eddy_result_await. Lets a long-lived client free the results
 * of finished jobs as it goes. Safe from any thread while r lives. */
EDDY_API bool eddy_result_job_done(const eddy_result *r, bool *failed);

/* Malformed input. A filesystem source whose format has
 * 'csv.ignore-parse-errors' / 'json.ignore-parse-errors' = 'true' does not
 * fail on a record it cannot read: as Flink does, a field that does not parse
 * becomes NULL and a record that cannot be read at all is skipped. eddy
 * counts every such record so that none goes unnoticed. These return how
 * many records the job of a result, of an iterator, or the last
 * eddy_env_execute job met so far (all of them once the job ended: after
 * eddy_result_await, after the rows were printed or read to the end), and
 * set *report (may be NULL; borrowed until the next malformed-record call or
 * until the handle is freed; "" when there were none) to one line per input file:
 *   "2 malformed records in /data/t/a.csv (1 skipped, 1 with fields set to
 *    NULL); first at line 3: For input string: \"x\"" (one line, '\n'-ended).
 * A job that fails on a malformed record reports it as its error instead
 * ("/data/t/a.csv:3: ..."). */
EDDY_API uint64_t eddy_result_malformed_records(eddy_result *r, const char **report);
EDDY_API uint64_t eddy_iter_malformed_records(eddy_iter *it, const char **report);
EDDY_API uint64_t eddy_env_malformed_records(eddy_env *env, const char **report);

/* Late records. An event-time operator (window aggregation, OVER, interval
 * join, ...) drops a row that arrives behind the watermark where Flink drops
 * it (its window already fired, its bound already passed); Flink counts them
 * in the numLateRecordsDropped metric, eddy counts them per operator so
 * that none is dropped unseen. These return how many records the job of a
 * result, of an iterator, or the last eddy_env_execute job dropped so far
 * (all of them once the job ended), and set *report (may be NULL; borrowed
 * until the next late-record call or until the handle is freed; "" when
 * none) to one line per operator:
 *   "2 late records dropped by WindowAggregate (behind the watermark)\n".
 * The shell prints each line as a [WARNING] after the query's rows. */
EDDY_API uint64_t eddy_result_late_records(eddy_result *r, const char **report);
EDDY_API uint64_t eddy_iter_late_records(eddy_iter *it, const char **report);
EDDY_API uint64_t eddy_env_late_records(eddy_env *env, const char **report);

typedef enum eddy_print_style {
    EDDY_PRINT_TABLEAU = 0,  /* TableResult.print(): "N rows in set" */
    EDDY_PRINT_CLIENT,       /* the SQL client's tableau: streaming results end
                              * with "Received a total of N rows" */
    EDDY_PRINT_CHANGELOG,    /* one Row.toString line per change: "+I[a, 1]" */
    EDDY_PRINT_TABLE,        /* the result materialized, as the SQL client's 'table'
                              * result mode keeps it: +I / +U add a row, -U / -D
                              * remove the newest equal row; the final rows are
                              * printed at the end as a batch result ("N rows in
                              * set", widths from content, no op column) */
    EDDY_PRINT_GATEWAY       /* as the SQL gateway hands results to its clients
                              * (PrintStyle.tableauWithDataInferredColumnWidths):
                              * every result printed at its end with widths from
                              * the content, never cut; a streaming query gets the
                              * op column; NULL prints as an empty cell; "N rows
                              * in set" or "Empty set" */
} eddy_print_style;

typedef struct eddy_print_options {
    uint32_t abi_version;       /* EDDY_PRINT_OPTIONS_VERSION */
    eddy_print_style style;
    int max_column_width;       /* 0 = 30 */
    /* When non-NULL and it becomes non-zero while rows are printed, printing
     * stops, the job is cancelled and the SQL client's "Query terminated,
     * received a total of N rows" line ends the output (status
     * EDDY_E_CANCELLED). Raise it with atomic_store from another thread or
     * a signal handler; pair it with eddy_result_cancel from that thread
     * to end a print that waits for rows. Borrowed until print returns. */
    const eddy_interrupt_flag *interrupt;
    /* (abi_version 2) When non-zero: a CLOCK_MONOTONIC time in nanoseconds,
     * the statement's start; the footer line ("N rows in set", "Received a
     * total of N rows", "Empty set") then ends with the time from it to the
     * end of the print, " (0.12 seconds)", as the SQL client does under
     * sql-client.display.print-time-cost. */
    int64_t time_cost_since_ns;
    /* (abi_version 3) With EDDY_PRINT_GATEWAY: true leaves out the op column
     * of a streaming query (Flink's gateway tests print it only for a
     * statement whose text begins with SELECT, not for EXECUTE SELECT or
     * WITH ...). */
    bool no_op_column;
} eddy_print_options;
#define EDDY_PRINT_OPTIONS_VERSION 3 /* 1 and 2 are still taken (without time_cost_since_ns / no_op_column) */

/* Prints a result as opts say (NULL: as eddy_result_print). Consumes the
 * result like eddy_result_print. A DDL result prints the "result | OK"
 * table; an INSERT result the table of affected rows per sink. */
EDDY_API eddy_status eddy_result_print_with(eddy_result *r, FILE *file, const eddy_print_options *opts);

/* ---- options --------------------------------------------------------------- */

/* The value of an option as SET shows it (borrowed until the option
 * changes), or NULL when unset. */
EDDY_API const char *eddy_tenv_get_option(eddy_tenv *tenv, const char *key);
/* RESET 'key' (NULL: every option) back to its default. */
EDDY_API eddy_status eddy_tenv_reset_option(eddy_tenv *tenv, const char *key);
/* Whether eddy honours `key` (the shell warns about the others). */
EDDY_API bool eddy_option_is_known(const char *key);

/* ---- user-defined scalar functions ------------------------------------------------ */

/* A scalar function written in C: called once per row with the call's
 * arguments as the fields of `args` (arg0, arg1, ... of the declared types;
 * a NULL argument is a NULL field) and sets the result with the eddy_out_set_*
 * setters on field 0 (left unset: NULL). Returns EDDY_OK, or an error that
 * fails the job (eddy_out_error(result, ...) sets the message). It may be
 * called from several worker threads at once: ctx must allow that. */
typedef eddy_status (*eddy_scalar_fn)(void *ctx, const eddy_row *args, eddy_out *result);

typedef struct eddy_scalar_function {
    uint32_t abi_version;    /* EDDY_SCALAR_FUNCTION_VERSION */
    const char *arg_types;   /* the parameters: "STRING, STRING" ("" for none);
                              * arguments of other types are cast implicitly */
    const char *result_type; /* "BIGINT"; a NOT NULL result must never be left unset */
    eddy_scalar_fn eval;
    void *ctx;               /* passed to eval */
    void (*ctx_free)(void *ctx); /* may be NULL; called once (the rule at the top) */
    bool nondeterministic;   /* true: never evaluated ahead of time (as RAND) */
} eddy_scalar_function;
#define EDDY_SCALAR_FUNCTION_VERSION 1

/* createTemporarySystemFunction(name, f): makes f callable from SQL and the
 * Table API as name(...) (names are case-insensitive; it shadows a built-in
 * function of the same name). Errors: EDDY_E_VALIDATION for a name in use
 * or bad type strings, EDDY_E_MISUSE for a missing eval or abi_version.
 * The struct is copied; its ctx and ctx_free follow the rule at the top. */
EDDY_API eddy_status eddy_tenv_create_function(eddy_tenv *tenv, const char *name, const eddy_scalar_function *f);
/* Registers f under an implementation name for SQL's CREATE [TEMPORARY]
 * FUNCTION fname AS 'impl_name' [LANGUAGE C] (eddy's counterpart of a
 * function class). Same errors and ownership as eddy_tenv_create_function. */
EDDY_API eddy_status eddy_tenv_register_function_impl(eddy_tenv *tenv, const char *impl_name,
                                                      const eddy_scalar_function *f);
/* dropTemporarySystemFunction(name): true when a function was removed. */
EDDY_API bool eddy_tenv_drop_function(eddy_tenv *tenv, const char *name);

/* ---- user-defined aggregate functions --------------------------------------------- */

/* An aggregate function written in C (Flink's AggregateFunction): the
 * engine keeps one accumulator per group and calls
 *
 *   accumulate(acc, args)   for each row of the group (args: arg0, arg1, ...
 *                           of the declared types; a NULL argument is a NULL
 *                           field), in input order,
 *   retract(acc, args)      for each row taken back by an updating input,
 *   merge(acc, other)       to fold another accumulator of the same group
 *                           into acc (two-phase aggregation, session windows),
 *   get_value(acc, result)  to read the group's result: set field 0 of
 *                           `result` with the eddy_out_set_* setters (left
 *                           unset: NULL).
 *
 * The accumulator is either acc_size bytes of plain data that the engine
 * owns (zeroed, then init if given; it may be copied or moved as bytes and
 * is released without a call, so it must not hold pointers to resources),
 * or, with acc_size 0, an object made by create and released by destroy.
 * `call` is the call's handle: eddy_agg_error(call, ...) reports a failure
 * with a message. Every callback returns EDDY_OK or an error that fails the
 * job. retract and merge may be NULL: a query whose input updates needs
 * retract (else planning fails with Flink's "Function class '<name>' does not
 * implement at least one method named 'retract' ..."), and the planner only
 * splits an aggregation into local and global phases when every function
 * merges. Callbacks may run on several worker threads at once (different
 * accumulators, the same ctx): ctx must allow that.
 *
 * The weighted average of Flink's documentation, as a C function:
 *
 *   typedef struct { int64_t sum; int32_t count; } WAcc;
 *   static eddy_status w_acc(void *ctx, eddy_agg_call *c, void *acc, const eddy_row *args) {
 *       int64_t v; int32_t w; WAcc *a = acc;
 *       if (eddy_row_is_null(args, 0) || eddy_row_is_null(args, 1)) return EDDY_OK;
 *       eddy_row_get_long(args, 0, &v); eddy_row_get_int(args, 1, &w);
 *       a->sum += v * w; a->count += w; return EDDY_OK;
 *   }
 *   static eddy_status w_value(void *ctx, eddy_agg_call *c, const void *acc, eddy_out *r) {
 *       const WAcc *a = acc;
 *       return a->count ? eddy_out_set_long(r, 0, a->sum / a->count) : EDDY_OK;
 *   }
 *   eddy_aggregate_function f = {EDDY_AGGREGATE_FUNCTION_VERSION, "BIGINT, INT", "BIGINT",
 *                                sizeof(WAcc), .accumulate = w_acc, .get_value = w_value};
 *   eddy_tenv_create_aggregate_function(tenv, "wAvg", &f);
 *   ... SELECT name, wAvg(points, level) FROM t GROUP BY name ...
 */
typedef struct eddy_agg_call eddy_agg_call;

typedef struct eddy_aggregate_function {
    uint32_t abi_version;    /* EDDY_AGGREGATE_FUNCTION_VERSION */
    const char *arg_types;   /* the parameters: "BIGINT, INT" ("" for none); arguments of other
                              * types are cast implicitly */
    const char *result_type; /* "BIGINT"; a NOT NULL result must never be left unset */
    size_t acc_size;         /* > 0: plain accumulator bytes (aligned for any C type); 0: create/destroy */
    /* acc_size > 0: optional, called on the zeroed accumulator of a new group */
    eddy_status (*init)(void *ctx, eddy_agg_call *call, void *acc);
    /* acc_size == 0: makes a new group's accumulator (*acc) / releases it */
    eddy_status (*create)(void *ctx, eddy_agg_call *call, void **acc);
    void (*destroy)(void *ctx, void *acc);
    eddy_status (*accumulate)(void *ctx, eddy_agg_call *call, void *acc, const eddy_row *args);
    eddy_status (*retract)(void *ctx, eddy_agg_call *call, void *acc, const eddy_row *args); /* may be NULL */
    eddy_status (*merge)(void *ctx, eddy_agg_call *call, void *acc, const void *other);      /* may be NULL */
    eddy_status (*get_value)(void *ctx, eddy_agg_call *call, const void *acc, eddy_out *result);
    void *ctx;                   /* passed to every callback */
    void (*ctx_free)(void *ctx); /* may be NULL; called once (the rule at the top) */
} eddy_aggregate_function;
#define EDDY_AGGREGATE_FUNCTION_VERSION 1

/* Records the message of a failing aggregate callback (it becomes the job's
 * error); returns EDDY_E_UDF, so `return eddy_agg_error(call, "...")` is the
 * idiom. */
EDDY_API eddy_status eddy_agg_error(eddy_agg_call *call, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* createTemporarySystemFunction(name, aggregateFunction): makes f callable
 * as an aggregate from SQL, name(...) in a GROUP BY query or a query without
 * GROUP BY (names are case-insensitive). Errors: EDDY_E_VALIDATION for a
 * name in use (by a scalar, table or aggregate function) or bad type
 * strings, EDDY_E_MISUSE for a NULL handle, name, accumulate, get_value or
 * result_type, another abi_version, or neither acc_size nor create/destroy.
 * The struct is copied; its ctx and ctx_free follow the rule at the top. */
EDDY_API eddy_status eddy_tenv_create_aggregate_function(eddy_tenv *tenv, const char *name,
                                                         const eddy_aggregate_function *f);
/* Registers f under an implementation name for SQL's CREATE [TEMPORARY]
 * [SYSTEM] FUNCTION fname AS 'impl_name' [LANGUAGE C], which then defines
 * an aggregate function (the sibling of eddy_tenv_register_function_impl;
 * one name space for both). Same errors and ownership as
 * eddy_tenv_create_aggregate_function. */
EDDY_API eddy_status eddy_tenv_register_aggregate_function_impl(eddy_tenv *tenv, const char *impl_name,
                                                                const eddy_aggregate_function *f);

/* ---- user-defined table functions ------------------------------------------------- */

/* A table function written in C (Flink's TableFunction): called once per
 * input row with the call's arguments as the fields of `args` (as for
 * eddy_scalar_fn) and emits zero or more rows: set the fields of `out` with
 * the eddy_out_set_* setters, then eddy_out_emit(out) for each row (fields
 * left unset are NULL; a row begun but not emitted is dropped). The rows it
 * emits join the input row: they take its row kind and record timestamp
 * (eddy_out_set_kind / eddy_out_set_timestamp_ms on `out` are ignored).
 * Returns EDDY_OK, or an error that fails the job (eddy_out_error sets the
 * message). It may be called from several worker threads at once. */
typedef eddy_status (*eddy_table_fn)(void *ctx, const eddy_row *args, eddy_out *out);

typedef struct eddy_table_function {
    uint32_t abi_version;    /* EDDY_TABLE_FUNCTION_VERSION */
    const char *arg_types;   /* the parameters: "STRING, INT" ("" for none);
                              * arguments of other types are cast implicitly */
    const char *result_type; /* the rows: "ROW<word STRING, len INT>" gives the
                              * columns word and len; any other type one column f0 */
    eddy_table_fn eval;
    void *ctx;               /* passed to eval */
    void (*ctx_free)(void *ctx); /* may be NULL; called once (the rule at the top) */
} eddy_table_function;
#define EDDY_TABLE_FUNCTION_VERSION 1

/* createTemporarySystemFunction(name, tableFunction): makes f callable in
 * FROM clauses as LATERAL TABLE(name(...)) / TABLE(name(...)) and from the
 * Table API's join_lateral / left_outer_join_lateral (names are
 * case-insensitive). Errors: EDDY_E_VALIDATION for a name in use (by a
 * scalar or table function) or bad type strings, EDDY_E_MISUSE for a NULL
 * handle, name, eval or result_type, or another abi_version. The struct is
 * copied; its ctx and ctx_free follow the rule at the top. */
EDDY_API eddy_status eddy_tenv_create_table_function(eddy_tenv *tenv, const char *name, const eddy_table_function *f);
/* Table.createTemporalTableFunction(timeAttribute, primaryKey), registered
 * as a temporary system function `name`: LATERAL TABLE(name(l.t)) in SQL
 * (FROM l, LATERAL TABLE(Rates(l.t)) WHERE ..., or JOIN ... ON) and
 * eddy_table_join_lateral(l, "Rates(t)", condition) join each row of l with
 * the version of history (an append-only table of changes: a row per key
 * and time) valid at l.t, as a FOR SYSTEM_TIME AS OF temporal join does --
 * the latest row of its key with time_attribute <= l.t; the condition must
 * equate primary_key with a column of l. Inner joins only. time_attribute
 * is a rowtime attribute of history (l.t then a rowtime of l: each row of l
 * waits for the watermark to pass its time) or a proctime one (l.t a
 * proctime of l: each row of l joins the latest row of its key when it
 * arrives, as Flink's processing-time join). Errors (on the env): an
 * unknown field ("Cannot
 * resolve field [x], input field list:[...]."), a time attribute that is
 * not one ("Non rowtime timeAttribute [x] used to create
 * TemporalTableFunction"), a name in use (EDDY_E_VALIDATION); NULLs or a
 * table of another tenv (EDDY_E_MISUSE). The table must outlive the tenv's
 * use of the function. */
EDDY_API eddy_status eddy_tenv_create_temporal_table_function(eddy_tenv *tenv, const char *name, eddy_table *history,
                                                              const char *time_attribute, const char *primary_key);

/* ---- statement sets ------------------------------------------------------------- */

/* createStatementSet(): INSERTs collected to run as one job. */
EDDY_API eddy_statement_set *eddy_tenv_create_statement_set(eddy_tenv *tenv);
/* addInsertSql("INSERT INTO ..."): only INSERT statements. */
EDDY_API eddy_status eddy_statement_set_add_insert_sql(eddy_statement_set *ss, const char *insert_sql);
/* add(table.insertInto(target_path)) / addInsert(path, table). */
EDDY_API eddy_status eddy_statement_set_add_insert(eddy_statement_set *ss, const char *target_path, eddy_table *table);
/* execute(): runs all added INSERTs as one job (returns when it started;
 * await the result) and empties the set. "No operators defined..." when
 * nothing was added. */
EDDY_API eddy_result *eddy_statement_set_execute(eddy_statement_set *ss);
/* attachAsDataStream(): adds the pipelines to the env's DataStream builder
 * (they run with the next eddy_env_execute) and empties the set. */
EDDY_API eddy_status eddy_statement_set_attach_as_datastream(eddy_statement_set *ss);

/* Table.executeInsert(path): one INSERT job (returns when it started). */
EDDY_API eddy_result *eddy_table_execute_insert(eddy_table *t, const char *target_path);

/* ---- verify: STREAMING against BATCH ----------------------------------------------- */

/* A verifier runs a script's statements in two fresh envs (config cfg, or
 * parallelism 1 when NULL), one table environment in BATCH and one in
 * STREAMING mode, and checks every query: its streaming changelog,
 * applied to a table (+I / +U add a row, -U / -D remove an equal one),
 * must end as the batch result (compared as multisets of rows). This is
 * what `eddy --verify FILE` does per statement. */
typedef struct eddy_verifier eddy_verifier;

typedef enum eddy_verify_outcome {
    EDDY_VERIFY_SAME = 0,         /* a query: the same final table in both modes */
    EDDY_VERIFY_DIFFER,           /* a query: the final tables differ */
    EDDY_VERIFY_NOT_VERIFIED,     /* a query failing in one mode (or both): not compared */
    EDDY_VERIFY_STATEMENT,        /* not a query: it ran */
    EDDY_VERIFY_ERROR             /* not a query: it failed (in a mode) */
} eddy_verify_outcome;

typedef struct eddy_verify_counts {
    int queries, same, differ, not_verified;
} eddy_verify_counts;

/* NULL when an env cannot be made (memory, a bad cfg). Free with
 * eddy_verifier_free. */
EDDY_API eddy_verifier *eddy_verifier_new(const eddy_config *cfg);
/* Runs one statement (without its ';'). A query (SELECT, VALUES, WITH) runs
 * in BATCH mode first, then -- when BATCH could run it -- in STREAMING
 * mode, and the outcome line goes to `report` (may be NULL), after `where`
 * and ": " when where is non-empty (a "file:line"):
 *   same final table (3 rows)
 *   final tables differ (STREAMING 2 rows, BATCH 3 rows)
 *     only in STREAMING: [Alice, 12]
 *     only in BATCH:     [Alice, 112]
 *   not verified: fails in STREAMING mode: <the error's first line>
 * INSERT and EXECUTE statements run in BATCH mode only (the tables they
 * write serve both modes); SET / RESET of execution.runtime-mode is
 * ignored; every other statement runs in both modes, and a failure is
 * reported ("statement failed in BATCH mode: ..."). The verifier's envs
 * keep no error after the call. */
EDDY_API eddy_verify_outcome eddy_verifier_run(eddy_verifier *v, const char *statement, const char *where, FILE *report);
/* The queries seen so far and how they came out. */
EDDY_API eddy_verify_counts eddy_verifier_counts(const eddy_verifier *v);
/* Frees the verifier and its envs (waiting for their jobs). Accepts NULL. */
EDDY_API void eddy_verifier_free(eddy_verifier *v);

/* ---- table descriptors ----------------------------------------------------------- */

/* TableDescriptor.forConnector("datagen"). */
EDDY_API eddy_table_descriptor *eddy_table_descriptor_for_connector(eddy_env *env, const char *connector);
/* .option(key, value); returns d. */
EDDY_API eddy_table_descriptor *eddy_table_descriptor_option(eddy_table_descriptor *d, const char *key,
                                                             const char *value);
/* .schema(schema) (the schema is copied); returns d. */
EDDY_API eddy_table_descriptor *eddy_table_descriptor_schema(eddy_table_descriptor *d, const eddy_schema *schema);
/* .partitionedBy(cols...): NULL-terminated; returns d. */
EDDY_API eddy_table_descriptor *eddy_table_descriptor_partitioned_by(eddy_table_descriptor *d, ...) EDDY_SENTINEL;
/* .comment(text); returns d. */
EDDY_API eddy_table_descriptor *eddy_table_descriptor_comment(eddy_table_descriptor *d, const char *comment);
/* from(descriptor): an anonymous table over the connector. */
EDDY_API eddy_table *eddy_tenv_from_descriptor(eddy_tenv *tenv, const eddy_table_descriptor *d);
/* createTable / createTemporaryTable(path, descriptor). */
EDDY_API eddy_status eddy_tenv_create_table(eddy_tenv *tenv, const char *path, const eddy_table_descriptor *d);
EDDY_API eddy_status eddy_tenv_create_temporary_table(eddy_tenv *tenv, const char *path,
                                                      const eddy_table_descriptor *d);

/* ===========================================================================
 * Table API
 *
 * The operations of Flink's Table, each building a new table from its inputs
 * (the inputs stay usable). Expressions are strings in Flink's Table API
 * expression syntax:
 *   fields and literals   a, *, 12, 12L (BIGINT), 1.5 (DOUBLE), 1.5p (DECIMAL),
 *                         'text' or "text", true, Null(INT)
 *   operators             + - * / %, === == = !== != <> < <= > >=,
 *                         && (AND) and || (OR) -- one precedence, left to
 *                         right --, ! (NOT), -x
 *   calls                 a.upperCase(), a.substring(1, 3), upper(a), b.sum,
 *                         b.count.distinct, a.cast(LONG), cast(a, STRING),
 *                         a.isNull, a.like('x%'), a.in(1, 2), a.between(1, 5),
 *                         a.trim(), a.extract(DAY), any SQL function by name
 *   intervals             10.minutes, 2.hours, 1.day, 500.millis, 3.months
 *   aliases, ordering     a + 1 as b, a.as(b), a.desc, a.asc
 * Method names map to SQL functions (upperCase -> UPPER, charLength ->
 * CHAR_LENGTH). Columns are named as Flink's Table API names them: a field
 * keeps its name, an alias gives one, a cast "a-BIGINT", an aggregate
 * EXPR$<n>, any other expression _c<position>; a repeated name is the error
 * "Ambiguous column name: x".
 *
 * Every operation returns NULL with the error on the env when the table is
 * NULL, an error is pending, an expression does not parse (EDDY_E_PARSE,
 * "Could not parse expression at column N: ...") or does not validate
 * (EDDY_E_VALIDATION with Flink's Table API message, e.g. "Cannot resolve
 * field [x], input field list:[a, b]."). Operations eddy has no operator for
 * yet (aggregations, joins, windows, DISTINCT, set operations other than
 * UNION ALL, streaming ORDER BY) still give a table with Flink's schema; it
 * fails when executed or converted with "not supported yet: <feature>"
 * (EDDY_E_UNSUPPORTED). Returned tables, grouped tables and windows are
 * owned by the env.
 * ======================================================================== */

typedef struct eddy_grouped_table eddy_grouped_table; /* GroupedTable / WindowGroupedTable */
typedef struct eddy_window eddy_window;               /* GroupWindow / OverWindow (builder) */
typedef struct eddy_windowed_table eddy_windowed_table; /* GroupWindowedTable / OverWindowedTable */
typedef struct eddy_expr eddy_expr;                   /* Expression (builder) */

/* select(fields): a projection ("a, b + 1 as c, *"); aggregates without
 * group_by aggregate the whole table; "r.flatten()" gives one column per
 * field of a ROW column r, named r$field. */
EDDY_API eddy_table *eddy_table_select(eddy_table *t, const char *fields);
/* where(predicate) / filter(predicate): rows where the predicate is TRUE.
 * A predicate that is not BOOLEAN: "Filter operator requires a boolean
 * expression as input, but <expr> is of type <type>". */
EDDY_API eddy_table *eddy_table_where(eddy_table *t, const char *predicate);
EDDY_API eddy_table *eddy_table_filter(eddy_table *t, const char *predicate);
/* addColumns(fields): the table's columns then the new ones (a name that
 * exists already is "Ambiguous column name: x"). */
EDDY_API eddy_table *eddy_table_add_columns(eddy_table *t, const char *fields);
/* addOrReplaceColumns(fields): a new column whose name exists replaces that
 * column in place; the others are appended. */
EDDY_API eddy_table *eddy_table_add_or_replace_columns(eddy_table *t, const char *fields);
/* renameColumns("a as x, b as y"). */
EDDY_API eddy_table *eddy_table_rename_columns(eddy_table *t, const char *fields);
/* dropColumns("a, b"): "Field x does not exist in source table" when unknown. */
EDDY_API eddy_table *eddy_table_drop_columns(eddy_table *t, const char *fields);
/* distinct(): the table without duplicate rows. */
EDDY_API eddy_table *eddy_table_distinct(eddy_table *t);

/* groupBy(fields).select(fields): per group, the select list of keys and
 * aggregates (a.sum, b.count, c.avg, d.max, e.min, f.count.distinct, ...). */
EDDY_API eddy_grouped_table *eddy_table_group_by(eddy_table *t, const char *fields);
EDDY_API eddy_table *eddy_grouped_table_select(eddy_grouped_table *g, const char *fields);

/* join(right[, condition]): inner join; condition may be NULL (every pair,
 * then where(...)). leftOuterJoin (condition may be NULL), rightOuterJoin
 * and fullOuterJoin (condition required). The two tables must not share
 * column names ("join relations with ambiguous names: [a]") and must come
 * from the same table environment; a condition needs an equality between
 * the two sides ("Invalid join condition: ... At least one equi-join
 * predicate is required."). */
EDDY_API eddy_table *eddy_table_join(eddy_table *left, eddy_table *right, const char *condition);
EDDY_API eddy_table *eddy_table_left_outer_join(eddy_table *left, eddy_table *right, const char *condition);
EDDY_API eddy_table *eddy_table_right_outer_join(eddy_table *left, eddy_table *right, const char *condition);
EDDY_API eddy_table *eddy_table_full_outer_join(eddy_table *left, eddy_table *right, const char *condition);
/* joinLateral(call[, condition]) / leftOuterJoinLateral: each row joined
 * to the rows of a table function (eddy_tenv_create_table_function) called
 * over it: "split(c) as (w, n)" names the function's columns; the
 * condition (NULL: none) filters the joined rows. A left outer join keeps a
 * row the function gives nothing for, NULL-padded; its condition can only
 * be NULL or "true" (Flink's "Predicate for lateral left outer join with
 * table function can only be empty or literal true."). Errors: "A lateral
 * join expects a table function call, but was: ..." for anything but a
 * call; the binder's for unknown functions and wrong arguments. */
EDDY_API eddy_table *eddy_table_join_lateral(eddy_table *t, const char *table_function_call, const char *condition);
EDDY_API eddy_table *eddy_table_left_outer_join_lateral(eddy_table *t, const char *table_function_call,
                                                        const char *condition);

/* Set operations (same column count, types with a common type; the left
 * table's names). In streaming mode only union_all is allowed ("The UNION
 * operation on two unbounded tables is currently not supported."). */
EDDY_API eddy_table *eddy_table_union(eddy_table *left, eddy_table *right);
EDDY_API eddy_table *eddy_table_union_all(eddy_table *left, eddy_table *right);
EDDY_API eddy_table *eddy_table_intersect(eddy_table *left, eddy_table *right);
EDDY_API eddy_table *eddy_table_intersect_all(eddy_table *left, eddy_table *right);
EDDY_API eddy_table *eddy_table_minus(eddy_table *left, eddy_table *right);
EDDY_API eddy_table *eddy_table_minus_all(eddy_table *left, eddy_table *right);

/* orderBy("a.desc, b"); offset(n) / fetch(n) / limit(n) (= fetch) and
 * limit_offset(offset, fetch) merge into a preceding order_by. Batch mode
 * runs them; streaming runs offset / fetch without order_by. */
EDDY_API eddy_table *eddy_table_order_by(eddy_table *t, const char *fields);
EDDY_API eddy_table *eddy_table_offset(eddy_table *t, int offset);
EDDY_API eddy_table *eddy_table_fetch(eddy_table *t, int fetch);
EDDY_API eddy_table *eddy_table_limit(eddy_table *t, int fetch);
EDDY_API eddy_table *eddy_table_limit_offset(eddy_table *t, int offset, int fetch);

/* Group windows: Tumble.over(size), Slide.over(size).every(slide),
 * Session.withGap(gap), each .on(time_field).as(alias). Sizes are interval
 * expressions ("10.minutes"). Each call returns w. */
EDDY_API eddy_window *eddy_tumble_over(eddy_env *env, const char *size);
EDDY_API eddy_window *eddy_slide_over(eddy_env *env, const char *size);
EDDY_API eddy_window *eddy_window_every(eddy_window *w, const char *slide);
EDDY_API eddy_window *eddy_session_with_gap(eddy_env *env, const char *gap);
EDDY_API eddy_window *eddy_window_on(eddy_window *w, const char *time_field);
EDDY_API eddy_window *eddy_window_as(eddy_window *w, const char *alias);
/* Over windows: Over.partitionBy(fields) (may be NULL: no partitioning)
 * .orderBy(field).preceding(bound).following(bound).as(alias); bounds are
 * "2.rows", "10.minutes", "UNBOUNDED_ROW", "UNBOUNDED_RANGE", "CURRENT_ROW",
 * "CURRENT_RANGE". */
EDDY_API eddy_window *eddy_over_partition_by(eddy_env *env, const char *fields);
EDDY_API eddy_window *eddy_over_order_by(eddy_window *w, const char *field);
EDDY_API eddy_window *eddy_over_preceding(eddy_window *w, const char *bound);
EDDY_API eddy_window *eddy_over_following(eddy_window *w, const char *bound);

/* window(groupWindow).groupBy("w, a").select("a, w.start, w.end, b.count"):
 * w.start / w.end / w.rowtime / w.proctime are the window's properties. */
EDDY_API eddy_windowed_table *eddy_table_window(eddy_table *t, const eddy_window *group_window);
EDDY_API eddy_grouped_table *eddy_windowed_table_group_by(eddy_windowed_table *wt, const char *fields);
/* window(overWindow, ...).select("a, b.sum over w as s"): n over windows. */
EDDY_API eddy_windowed_table *eddy_table_over_window(eddy_table *t, const eddy_window *const *over_windows, size_t n);
EDDY_API eddy_table *eddy_windowed_table_select(eddy_windowed_table *wt, const char *fields);

/* insertInto(path): adds the INSERT of t into the connector table at path
 * to the env's pipelines; it runs with the next eddy_env_execute (as Flink's
 * Table.insertInto followed by env.execute()). */
EDDY_API eddy_status eddy_table_insert_into(eddy_table *t, const char *target_path);

/* ---- expression builder: the same expressions without strings ---------------------- */

/* $("a"): a column. */
EDDY_API eddy_expr *eddy_col(eddy_env *env, const char *name);
/* lit(...): a literal in SQL syntax ("12", "'text'", "DATE '2021-01-01'",
 * "TRUE", "1.5"), typed as SQL types it; or from C values. */
EDDY_API eddy_expr *eddy_lit(eddy_env *env, const char *sql_literal);
EDDY_API eddy_expr *eddy_lit_int(eddy_env *env, int32_t v);
EDDY_API eddy_expr *eddy_lit_long(eddy_env *env, int64_t v);
EDDY_API eddy_expr *eddy_lit_double(eddy_env *env, double v);
EDDY_API eddy_expr *eddy_lit_string(eddy_env *env, const char *v);
EDDY_API eddy_expr *eddy_lit_bool(eddy_env *env, bool v);
/* call(fn, args..., NULL): a function or operator: SQL names ("UPPER",
 * "SUM", "+", "=", "AND", "NOT", "IS NULL") or Table API method names
 * ("upperCase", "sum"). The arguments are taken (not reused elsewhere). */
EDDY_API eddy_expr *eddy_call(eddy_env *env, const char *fn, ...) EDDY_SENTINEL;
/* An expression from a Table API string ("a + 1"). */
EDDY_API eddy_expr *eddy_expr_parse(eddy_env *env, const char *expr);
/* e.as(name), e.asc(), e.desc(). Return e. */
EDDY_API eddy_expr *eddy_expr_as(eddy_expr *e, const char *name);
EDDY_API eddy_expr *eddy_expr_asc(eddy_expr *e);
EDDY_API eddy_expr *eddy_expr_desc(eddy_expr *e);
/* The operations taking built expressions (arrays of n expressions). */
EDDY_API eddy_table *eddy_table_select_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n);
EDDY_API eddy_table *eddy_table_where_expr(eddy_table *t, eddy_expr *predicate);
EDDY_API eddy_table *eddy_table_add_columns_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n);
EDDY_API eddy_table *eddy_table_order_by_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n);
EDDY_API eddy_grouped_table *eddy_table_group_by_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n);
EDDY_API eddy_table *eddy_grouped_table_select_exprs(eddy_grouped_table *g, eddy_expr *const *exprs, size_t n);
EDDY_API eddy_table *eddy_table_join_on(eddy_table *left, eddy_table *right, eddy_expr *condition);

/* ---- EXPLAIN ---------------------------------------------------------------------------- */

/* ExplainDetail flags. */
#define EDDY_EXPLAIN_ESTIMATED_COST 1u
#define EDDY_EXPLAIN_CHANGELOG_MODE 2u
#define EDDY_EXPLAIN_JSON_EXECUTION_PLAN 4u

/* Table.explain(details...): the plan as Flink prints it ("== Abstract
 * Syntax Tree ==", "== Optimized Physical Plan ==", "== Optimized Execution
 * Plan ==", with "== Physical Execution Plan ==" for
 * EDDY_EXPLAIN_JSON_EXECUTION_PLAN). Borrowed text, valid while the env
 * lives; NULL with the error on the env when the table cannot be planned
 * (e.g. "not supported yet: joins", unless the option
 * eddy.explain.show-unsupported is 'true'). */
EDDY_API const char *eddy_table_explain(eddy_table *t, unsigned details);
/* TableEnvironment.explainSql(statement, details...): a query, an INSERT or
 * a STATEMENT SET. Borrowed like eddy_table_explain. */
EDDY_API const char *eddy_tenv_explain_sql(eddy_tenv *tenv, const char *statement, unsigned details);
/* StatementSet.explain(details...). Borrowed like eddy_table_explain. */
EDDY_API const char *eddy_statement_set_explain(eddy_statement_set *ss, unsigned details);

/* ---- DataStream windows (KeyedStream.window / countWindow) ---------------------- */

/* A window assigner (WindowAssigner), a small value: make it with the
 * functions below and pass it to eddy_keyed_window. Sizes, slides, offsets
 * and gaps are milliseconds. Bad parameters are reported by
 * eddy_keyed_window, with Flink's messages ("TumblingEventTimeWindows
 * parameters must satisfy abs(offset) < size"). */
/* The dynamic gap of a session window (SessionWindowTimeGapExtractor): sets
 * *gap_ms for the element `in` (borrowed for the call). A gap <= 0 fails the
 * job with "Dynamic session time gap must satisfy 0 < gap"; a non-OK status
 * fails it naming the operator. */
typedef eddy_status (*eddy_session_gap_fn)(void *ctx, const eddy_row *in, int64_t *gap_ms);
typedef struct eddy_window_assigner {
    int kind; /* EDDY_WINDOW_* */
    bool processing_time;
    int64_t size, slide, offset, gap;
    eddy_session_gap_fn gap_fn; /* dynamic session gaps, else NULL */
    void *gap_ctx;              /* for gap_fn; borrowed: must outlive the job */
} eddy_window_assigner;
#define EDDY_WINDOW_TUMBLING 1
#define EDDY_WINDOW_SLIDING 2
#define EDDY_WINDOW_GLOBAL 3
#define EDDY_WINDOW_SESSION 4
/* TumblingEventTimeWindows.of(size, offset) / TumblingProcessingTimeWindows:
 * windows [start, start + size) with start = ts - (ts - offset) mod size. */
EDDY_API eddy_window_assigner eddy_tumbling_event_time_windows(int64_t size, int64_t offset);
EDDY_API eddy_window_assigner eddy_tumbling_processing_time_windows(int64_t size, int64_t offset);
/* SlidingEventTimeWindows.of(size, slide, offset) / SlidingProcessingTimeWindows:
 * an element belongs to the size/slide windows of `size` that start every
 * `slide` and contain it. */
EDDY_API eddy_window_assigner eddy_sliding_event_time_windows(int64_t size, int64_t slide, int64_t offset);
EDDY_API eddy_window_assigner eddy_sliding_processing_time_windows(int64_t size, int64_t slide, int64_t offset);
/* GlobalWindows.create(): one window per key, [INT64_MIN, INT64_MAX); its
 * default trigger never fires (set one with eddy_windowed_trigger). */
EDDY_API eddy_window_assigner eddy_global_windows(void);
/* EventTimeSessionWindows.withGap(gap) / ProcessingTimeSessionWindows.withGap:
 * an element at time t (event time: its timestamp; processing time: the
 * clock) opens the window [t, t + gap); windows of a key that overlap or
 * touch merge into one session (their contents, accumulators and trigger
 * state merge; the merged windows' timers go, the session's are set).
 * withDynamicGap(extractor): the gap comes from gap_fn per element (ctx
 * borrowed: it must outlive the job). Errors, from eddy_keyed_window: gap <= 0
 * ("EventTimeSessionWindows parameters must satisfy 0 < size"), a NULL
 * gap_fn. Sessions need a trigger that merges (the built-in ones do; custom
 * ones need on_merge), and an aggregate function needs its merge. */
EDDY_API eddy_window_assigner eddy_event_time_session_windows(int64_t gap);
EDDY_API eddy_window_assigner eddy_processing_time_session_windows(int64_t gap);
EDDY_API eddy_window_assigner eddy_event_time_session_windows_dynamic(eddy_session_gap_fn gap_fn, void *ctx);
EDDY_API eddy_window_assigner eddy_processing_time_session_windows_dynamic(eddy_session_gap_fn gap_fn, void *ctx);

/* A windowed stream (WindowedStream) being configured; owned by the env.
 * The configuring calls return ws (NULL with the error on the env). */
typedef struct eddy_windowed_stream eddy_windowed_stream;
/* keyBy(...).window(assigner). The default trigger is the assigner's: an
 * event-time trigger (fires when the watermark reaches the window's
 * max timestamp end - 1), a processing-time trigger, or none for global
 * windows. Errors (EDDY_E_MISUSE): NULL ks, sizes <= 0, |offset| >= size
 * (tumbling) or >= slide (sliding), a session gap <= 0. */
EDDY_API eddy_windowed_stream *eddy_keyed_window(eddy_keyed_stream *ks, eddy_window_assigner assigner);
/* countWindow(size) (slide 0): global windows fired and purged every `size`
 * elements of a key; countWindow(size, slide): fired every `slide` elements
 * over the last `size` (a count evictor). Errors: size or slide < 0, size 0. */
EDDY_API eddy_windowed_stream *eddy_keyed_count_window(eddy_keyed_stream *ks, int64_t size, int64_t slide);
/* DataStream.windowAll(assigner) / countWindowAll(size, slide): the same
 * windows, triggers, evictors, lateness and functions over a non-keyed
 * stream: every element falls into one window set, and the window operator
 * runs as one instance (parallelism 1, as Flink forces; setting another
 * parallelism on its result is an error). eddy_window_ctx_key is NULL for
 * its functions. Errors as eddy_keyed_window / eddy_keyed_count_window. */
EDDY_API eddy_windowed_stream *eddy_stream_window_all(eddy_stream *s, eddy_window_assigner assigner);
EDDY_API eddy_windowed_stream *eddy_stream_count_window_all(eddy_stream *s, int64_t size, int64_t slide);

/* Triggers: EventTimeTrigger, ProcessingTimeTrigger, CountTrigger.of(n) and
 * PurgingTrigger.of(t) (turns FIRE into FIRE_AND_PURGE). Values like the
 * assigner. */
typedef struct eddy_trigger {
    int kind; /* EDDY_TRIGGER_* */
    int64_t count;
    bool purging;
} eddy_trigger;
#define EDDY_TRIGGER_EVENT_TIME 1
#define EDDY_TRIGGER_PROCESSING_TIME 2
#define EDDY_TRIGGER_COUNT 3
#define EDDY_TRIGGER_CONTINUOUS_EVENT_TIME 4
EDDY_API eddy_trigger eddy_trigger_event_time(void);
EDDY_API eddy_trigger eddy_trigger_processing_time(void);
EDDY_API eddy_trigger eddy_trigger_count(int64_t count);
EDDY_API eddy_trigger eddy_trigger_purging(eddy_trigger t);
/* ContinuousEventTimeTrigger.of(interval): fires at the window's end like
 * the event-time trigger, and before it every `interval` ms of event time
 * (the first firing at the element's timestamp rounded down to the
 * interval, plus the interval; at most the window's max timestamp). */
EDDY_API eddy_trigger eddy_trigger_continuous_event_time(int64_t interval_ms);
/* WindowedStream.trigger: replaces the assigner's default trigger. Errors
 * (EDDY_E_MISUSE): a count or interval <= 0. */
EDDY_API eddy_windowed_stream *eddy_windowed_trigger(eddy_windowed_stream *ws, eddy_trigger t);

/* A custom trigger (Trigger), a vtable of C callbacks called on the window
 * operator's thread for one key and window at a time (the context says
 * which). Each of on_element, on_event_time, on_processing_time returns
 * what to do with the window: FIRE runs the window function over its
 * contents, PURGE clears them, FIRE_AND_PURGE both. on_event_time and
 * on_processing_time are called for the timers the trigger (or the
 * operator) registered in that window; the operator's own cleanup timer
 * (end - 1 + allowed lateness) reaches them too. on_merge (NULL: the
 * trigger cannot merge, and session windows refuse it) is called on the
 * session a merge made, before clear runs for each window merged into it.
 * clear (may be NULL) is called when a window goes: delete its timers and
 * state there. A return value outside the four results fails the job. */
typedef enum eddy_trigger_result {
    EDDY_TRIGGER_CONTINUE = 0,
    EDDY_TRIGGER_FIRE = 1,
    EDDY_TRIGGER_PURGE = 2,
    EDDY_TRIGGER_FIRE_AND_PURGE = 3
} eddy_trigger_result;
typedef struct eddy_trigger_ctx eddy_trigger_ctx;
typedef struct eddy_trigger_fn {
    uint32_t abi_version; /* EDDY_TRIGGER_FN_VERSION */
    eddy_trigger_result (*on_element)(void *ctx, eddy_trigger_ctx *tc, const eddy_row *in, int64_t timestamp);
    eddy_trigger_result (*on_event_time)(void *ctx, eddy_trigger_ctx *tc, int64_t time);
    eddy_trigger_result (*on_processing_time)(void *ctx, eddy_trigger_ctx *tc, int64_t time);
    void (*on_merge)(void *ctx, eddy_trigger_ctx *tc);
    void (*clear)(void *ctx, eddy_trigger_ctx *tc);
} eddy_trigger_fn;
#define EDDY_TRIGGER_FN_VERSION 1
/* WindowedStream.trigger(custom), PurgingTrigger.of(custom) with purging
 * (FIRE becomes FIRE_AND_PURGE). fn is copied; ctx / ctx_free follow the
 * callback conventions. Errors (EDDY_E_MISUSE): fn or one of on_element,
 * on_event_time, on_processing_time NULL, an unknown abi_version, and on
 * session windows a trigger without on_merge: "A merging window assigner
 * cannot be used with a trigger that does not support merging." */
EDDY_API eddy_windowed_stream *eddy_windowed_custom_trigger(eddy_windowed_stream *ws, const eddy_trigger_fn *fn,
                                                           bool purging, void *ctx, void (*ctx_free)(void *));
/* The trigger context, borrowed for the call: the window, the watermark and
 * the clock; timers in the window (for the current key); and one BIGINT of
 * state per key and window (TriggerContext.getPartitionedState):
 * state_get returns whether there is a value (*value set then), state_set
 * and state_clear write it. In on_merge, merge_state folds the values of
 * the windows merged into this one (EDDY_TRIGGER_MERGE_SUM / MIN / MAX;
 * Flink's mergePartitionedState of a reducing state); elsewhere it fails the
 * job. A state or timer call that fails fails the job after the callback. */
EDDY_API int64_t eddy_trigger_ctx_window_start(eddy_trigger_ctx *tc);
EDDY_API int64_t eddy_trigger_ctx_window_end(eddy_trigger_ctx *tc);
EDDY_API int64_t eddy_trigger_ctx_max_timestamp(eddy_trigger_ctx *tc);
EDDY_API int64_t eddy_trigger_ctx_current_watermark(eddy_trigger_ctx *tc);
EDDY_API int64_t eddy_trigger_ctx_current_processing_time(eddy_trigger_ctx *tc);
EDDY_API void eddy_trigger_ctx_register_event_time_timer(eddy_trigger_ctx *tc, int64_t time);
EDDY_API void eddy_trigger_ctx_delete_event_time_timer(eddy_trigger_ctx *tc, int64_t time);
EDDY_API void eddy_trigger_ctx_register_processing_time_timer(eddy_trigger_ctx *tc, int64_t time);
EDDY_API void eddy_trigger_ctx_delete_processing_time_timer(eddy_trigger_ctx *tc, int64_t time);
EDDY_API bool eddy_trigger_ctx_state_get(eddy_trigger_ctx *tc, int64_t *value);
EDDY_API void eddy_trigger_ctx_state_set(eddy_trigger_ctx *tc, int64_t value);
EDDY_API void eddy_trigger_ctx_state_clear(eddy_trigger_ctx *tc);
#define EDDY_TRIGGER_MERGE_SUM 1
#define EDDY_TRIGGER_MERGE_MIN 2
#define EDDY_TRIGGER_MERGE_MAX 3
EDDY_API void eddy_trigger_ctx_merge_state(eddy_trigger_ctx *tc, int how);
/* WindowedStream.evictor(CountEvictor.of(n)) / (TimeEvictor.of(ms)): before
 * the window function runs, drop all but the last n elements / the
 * elements more than ms older than the window's latest element; dropped
 * elements are gone from the window. Errors: n / ms <= 0 (EDDY_E_MISUSE). */
EDDY_API eddy_windowed_stream *eddy_windowed_count_evictor(eddy_windowed_stream *ws, int64_t count);
EDDY_API eddy_windowed_stream *eddy_windowed_time_evictor(eddy_windowed_stream *ws, int64_t ms);
/* allowedLateness(ms) (event time): a window is kept until the watermark
 * passes end - 1 + ms; an element arriving for it after it fired fires it
 * again with all its elements (a late firing, an updated result). Errors:
 * ms < 0: "The allowed lateness cannot be negative." */
EDDY_API eddy_windowed_stream *eddy_windowed_allowed_lateness(eddy_windowed_stream *ws, int64_t ms);
/* sideOutputLateData(tag): elements too late for every window they belong
 * to (ts + lateness <= watermark) go to the tag's side output (read it with
 * eddy_stream_get_side_output on the window's result stream) instead of
 * being dropped and counted as late. The tag's type must be the stream's. */
EDDY_API eddy_windowed_stream *eddy_windowed_side_output_late_data(eddy_windowed_stream *ws, const eddy_output_tag *tag);

/* The window function. Each result row's record timestamp is the window's
 * max timestamp (end - 1; INT64_MAX for global windows). ctx / ctx_free
 * follow the callback conventions; the returned stream is the result.
 *
 * reduce: fn (eddy_reduce_fn, as eddy_keyed_reduce) folds the window's
 * elements in arrival order; the result has the stream's type. */
EDDY_API eddy_stream *eddy_windowed_reduce(eddy_windowed_stream *ws, eddy_reduce_fn fn, void *ctx,
                                           void (*ctx_free)(void *));
/* aggregate(AggregateFunction): the accumulator is a row of acc_type (a type
 * string). create_accumulator sets the fields of a new one in `acc`; add
 * sets in `acc_out` the accumulator after `in` was added to `acc`;
 * get_result sets the window's result row (out_type) in `out`; merge (may be
 * NULL, except for session windows) sets in `acc_out` the union of a and b.
 * create_accumulator, add and get_result are required; fields left unset are
 * NULL.
 *
 * Incremental: without an evictor, reduce and aggregate keep one running
 * value per key and window (the reduced element, the accumulator) in
 * reducing / aggregating state, folded as each element arrives; a firing
 * reads it. With an evictor (which needs the elements) the window keeps its
 * elements and the function folds them when the window fires. Version 1 of
 * the struct (no merge) is still accepted. */
typedef struct eddy_window_aggregate_fn {
    uint32_t abi_version; /* EDDY_WINDOW_AGGREGATE_FN_VERSION */
    const char *acc_type;
    eddy_status (*create_accumulator)(void *ctx, eddy_out *acc);
    eddy_status (*add)(void *ctx, const eddy_row *in, const eddy_row *acc, eddy_out *acc_out);
    eddy_status (*get_result)(void *ctx, const eddy_row *acc, eddy_out *out);
    /* version 2 */
    eddy_status (*merge)(void *ctx, const eddy_row *a, const eddy_row *b, eddy_out *acc_out);
} eddy_window_aggregate_fn;
#define EDDY_WINDOW_AGGREGATE_FN_VERSION 2
EDDY_API eddy_stream *eddy_windowed_aggregate(eddy_windowed_stream *ws, const eddy_window_aggregate_fn *fn,
                                              const char *out_type, void *ctx, void (*ctx_free)(void *));
/* process(ProcessWindowFunction): called once per firing with the window's
 * context and all its elements; emits zero or more rows of out_type
 * (eddy_out_emit per row). The context and the elements are borrowed for
 * the call. clear (version 2, may be NULL) is ProcessWindowFunction.clear:
 * called once per window when it is cleaned up (event time: the watermark
 * passes its end plus the allowed lateness; processing time: the clock
 * passes its end), to clear what the function keeps in the window's state
 * (eddy_window_ctx_window_state); it emits nothing. Version 1 (no clear) is
 * still accepted. */
typedef struct eddy_window_ctx eddy_window_ctx;
typedef struct eddy_window_elements eddy_window_elements;
typedef struct eddy_process_window_fn {
    uint32_t abi_version; /* EDDY_PROCESS_WINDOW_FN_VERSION */
    eddy_status (*process)(void *ctx, eddy_window_ctx *wc, eddy_window_elements *elements, eddy_out *out);
    /* version 2 */
    eddy_status (*clear)(void *ctx, eddy_window_ctx *wc);
} eddy_process_window_fn;
#define EDDY_PROCESS_WINDOW_FN_VERSION 2
EDDY_API eddy_stream *eddy_windowed_process(eddy_windowed_stream *ws, const eddy_process_window_fn *fn,
                                            const char *out_type, void *ctx, void (*ctx_free)(void *));
/* reduce(ReduceFunction, ProcessWindowFunction) and
 * aggregate(AggregateFunction, ProcessWindowFunction): the window is folded
 * incrementally as with eddy_windowed_reduce / eddy_windowed_aggregate (one
 * running value per key and window, or the elements when there is an
 * evictor), and when it fires the process function gets the one result --
 * the reduced element, or get_result's row of agg_result_type -- as its only
 * element (timestamp: the window's max timestamp), with the window's
 * context; it emits rows of out_type. One ctx for both functions. Errors
 * as the two calls they combine. */
EDDY_API eddy_stream *eddy_windowed_reduce_process(eddy_windowed_stream *ws, eddy_reduce_fn reduce,
                                                   const eddy_process_window_fn *fn, const char *out_type, void *ctx,
                                                   void (*ctx_free)(void *));
EDDY_API eddy_stream *eddy_windowed_aggregate_process(eddy_windowed_stream *ws, const eddy_window_aggregate_fn *agg,
                                                      const char *agg_result_type, const eddy_process_window_fn *fn,
                                                      const char *out_type, void *ctx, void (*ctx_free)(void *));
/* The key (as a row, like eddy_keyed_ctx_current_key; NULL for windowAll), the window's start,
 * end and max timestamp (end - 1), the operator's watermark and the clock. */
EDDY_API const eddy_row *eddy_window_ctx_key(eddy_window_ctx *wc);
EDDY_API int64_t eddy_window_ctx_start(eddy_window_ctx *wc);
EDDY_API int64_t eddy_window_ctx_end(eddy_window_ctx *wc);
EDDY_API int64_t eddy_window_ctx_max_timestamp(eddy_window_ctx *wc);
EDDY_API int64_t eddy_window_ctx_current_watermark(eddy_window_ctx *wc);
EDDY_API int64_t eddy_window_ctx_current_processing_time(eddy_window_ctx *wc);
/* Context.windowState() and Context.globalState(): state stores of the
 * current key for the process function, used with the keyed state calls
 * (eddy_keyed_ctx_value_state / list_state / map_state on the returned
 * context, then the eddy_*_state calls): window_state's values belong to
 * the window being processed or cleared (each window of the key has its
 * own), global_state's to the key across its windows. Valid during process
 * and clear only (elsewhere the state calls are EDDY_E_MISUSE); they have no
 * timers (EDDY_E_MISUSE). Session windows refuse per-window state as Flink
 * does: window_state returns NULL and the job fails with "Per-window state
 * is not allowed when using merging windows.". NULL wc: NULL. */
EDDY_API eddy_keyed_ctx *eddy_window_ctx_window_state(eddy_window_ctx *wc);
EDDY_API eddy_keyed_ctx *eddy_window_ctx_global_state(eddy_window_ctx *wc);
/* The elements in arrival order: *row is the next (borrowed until the next
 * call) and EDDY_ROW, or NULL and EDDY_DONE after the last. One pass. */
EDDY_API eddy_status eddy_window_elements_next(eddy_window_elements *it, const eddy_row **row);
EDDY_API size_t eddy_window_elements_count(const eddy_window_elements *it);
/* The record timestamp of the element next returned last (TS none:
 * INT64_MIN, also before the first). */
EDDY_API int64_t eddy_window_elements_timestamp(const eddy_window_elements *it);

/* Evictors (Evictor): DeltaEvictor.of(threshold, delta) drops, before the
 * window function, every element whose delta to the window's last element
 * is >= threshold. A custom evictor's evict_before / evict_after (either may
 * be NULL, not both) run before / after the window function, over the
 * window's elements: eddy_window_elements_evict drops the element `next`
 * returned last (EDDY_E_MISUSE before the first, and outside an evictor);
 * dropped elements are gone from the window. A non-OK status fails the job.
 * An evictor makes the window keep its elements (reduce and aggregate then
 * fold them at firing time). fn is copied; ctx / ctx_free as usual. Errors
 * (EDDY_E_MISUSE): a NULL function, an unknown abi_version. */
typedef double (*eddy_delta_fn)(void *ctx, const eddy_row *a, const eddy_row *b);
EDDY_API eddy_windowed_stream *eddy_windowed_delta_evictor(eddy_windowed_stream *ws, double threshold, eddy_delta_fn delta,
                                                          void *ctx, void (*ctx_free)(void *));
typedef struct eddy_evictor_fn {
    uint32_t abi_version; /* EDDY_EVICTOR_FN_VERSION */
    eddy_status (*evict_before)(void *ctx, eddy_window_ctx *wc, eddy_window_elements *elements);
    eddy_status (*evict_after)(void *ctx, eddy_window_ctx *wc, eddy_window_elements *elements);
} eddy_evictor_fn;
#define EDDY_EVICTOR_FN_VERSION 1
EDDY_API eddy_status eddy_window_elements_evict(eddy_window_elements *it);
EDDY_API eddy_windowed_stream *eddy_windowed_evictor(eddy_windowed_stream *ws, const eddy_evictor_fn *fn, void *ctx,
                                                    void (*ctx_free)(void *));

/* ===========================================================================
 * Jobs: handles, status, cancel, metrics (Flink's JobClient)
 * ======================================================================== */

typedef struct eddy_job eddy_job; /* JobClient */

/* Flink's JobStatus, as far as eddy has it. A job is CREATED before it
 * starts, RUNNING while any of its worker threads still runs (also while a
 * cancelled or failed job's tasks are stopping), RESTARTING from a task
 * failure until its tasks run again (restart-strategy.type), then FINISHED (every task
 * read its input to the end), CANCELED (eddy_job_cancel, eddy_result_cancel,
 * STOP JOB) or FAILED. */
typedef enum eddy_job_state {
    EDDY_JOB_CREATED = 0,
    EDDY_JOB_RUNNING,
    EDDY_JOB_FINISHED,
    EDDY_JOB_FAILED,
    EDDY_JOB_CANCELED,
    EDDY_JOB_RESTARTING /* a task failed; the job restarts (restart-strategy.type) */
} eddy_job_state;
/* "CREATED", "RUNNING", "FINISHED", "FAILED", "CANCELED", "RESTARTING" (Flink's names),
 * or "UNKNOWN". Static. */
EDDY_API const char *eddy_job_status_name(eddy_job_state s);
/* Whether s is FINISHED, FAILED or CANCELED. */
EDDY_API bool eddy_job_state_terminal(eddy_job_state s);

/* StreamExecutionEnvironment.executeAsync(jobName): starts the pipelines
 * built so far (as eddy_env_execute, which waits) and returns at once with
 * *job set to a handle the caller owns (free it with eddy_job_free; the env
 * frees, cancelling, the ones left at eddy_env_free). job_name NULL: "Flink
 * Streaming Job". Errors (nothing to run, a pipeline that cannot be built)
 * are returned and on the env, *job NULL. */
EDDY_API eddy_status eddy_env_execute_async(eddy_env *env, const char *job_name, eddy_job **job);
/* The job of an INSERT's or a query's result (executeSql, eddy_table_execute,
 * eddy_statement_set_execute), or NULL (a result without a job). Borrowed:
 * it lives as long as the result (eddy_job_free on it does nothing). A
 * query's job keeps running while its rows are read; once the rows are
 * freed (the iterator, the result) the handle reports the last state seen,
 * CANCELED if the rows were dropped before the job ended. */
EDDY_API eddy_job *eddy_result_job(eddy_result *r);

/* Threads. eddy_job_id, eddy_job_name, eddy_job_start_time, eddy_job_status,
 * eddy_job_error, eddy_job_metrics and eddy_job_cancel may be called from any
 * thread at any time while the handle exists -- also while the env's thread
 * prints, iterates the job's rows, waits or frees an iterator. eddy_job_wait
 * and eddy_job_free belong to the env's thread (they close operators and
 * release memory of the env). Free a handle only once the other threads are
 * done with it. */

/* The job's id: 32 lower-case hex digits, random (Flink's JobID). Borrowed;
 * handle lifetime. "" for NULL. */
EDDY_API const char *eddy_job_id(const eddy_job *job);
/* The job's name ("insert-into_<sink>" for INSERTs as Flink's, "collect"
 * for queries, or the name given to eddy_env_execute_async). Borrowed;
 * handle lifetime. */
EDDY_API const char *eddy_job_name(const eddy_job *job);
/* When the job started, in ms since the epoch (0: not started). */
EDDY_API int64_t eddy_job_start_time(const eddy_job *job);
/* The job's state now (JobClient.getJobStatus()). NULL: CREATED. */
EDDY_API eddy_job_state eddy_job_status(eddy_job *job);
/* Waits until the job ends, at most timeout_ms (< 0: as long as it runs;
 * 0: does not wait) and returns its state then: terminal, or RUNNING when
 * the time ran out. A query's job ends only as its rows are read. Once it
 * ended, the job's operators are closed, and for an eddy_env_execute_async
 * job its malformed and late records become eddy_env_malformed_records /
 * eddy_env_late_records. A cancelled job whose task does not stop within
 * task.cancellation.timeout stays RUNNING. */
EDDY_API eddy_job_state eddy_job_wait(eddy_job *job, int64_t timeout_ms);
/* How many times the job was restarted in the process after a task failure
 * (Flink's numRestarts metric): see restart-strategy.type at
 * eddy_env_set_option. 0 for NULL. Any thread. */
EDDY_API int64_t eddy_job_restarts(eddy_job *job);
/* A job's checkpoint figures, as Flink's job metrics of the same meaning
 * (savepoints are not counted). Times are ms since the epoch, durations ms;
 * -1 where there is nothing to say yet. */
typedef struct eddy_checkpoint_stats {
    int64_t completed;         /* numberOfCompletedCheckpoints (this process, restarts included) */
    int64_t failed;            /* numberOfFailedCheckpoints: writing failed, or a task failure abandoned it */
    int64_t in_progress;       /* numberOfInProgressCheckpoints: 0 or 1 */
    int64_t last_id;           /* lastCompletedCheckpointId */
    int64_t last_trigger_time; /* when it was triggered */
    int64_t last_duration_ms;  /* lastCheckpointDuration: trigger to _metadata written */
    int64_t last_size;         /* lastCheckpointSize: bytes it wrote -- its state parts and source positions,
                                * and the shared files an incremental one uploaded */
    int64_t last_alignment_ms; /* the longest a multi-input task held inputs blocked for it (0: none) */
    int64_t restores;          /* starts from a checkpoint or savepoint: the first one's and each restart's */
    int64_t restored_id;       /* the checkpoint the last of them started from */
    int64_t last_restore_time; /* lastCheckpointRestoreTimestamp */
    int64_t restarts;          /* numRestarts, as eddy_job_restarts */
    int64_t last_full_size;    /* lastCheckpointFullSize: its parts and positions plus every shared file
                                * they reference (incremental checkpoints; else last_size) */
    int64_t reserved[7];       /* zero; later figures */
} eddy_checkpoint_stats;
/* Fills *out with the job's checkpoint figures (a job without checkpoints:
 * zeros and -1s; a query's job whose rows were freed: the last figures).
 * EDDY_E_MISUSE for NULL job or out (out zeroed when given). Any thread. */
EDDY_API eddy_status eddy_job_checkpoint_stats(eddy_job *job, eddy_checkpoint_stats *out);
/* JobClient.triggerSavepoint / stopWithSavepoint: takes a savepoint of the
 * running STREAMING job -- a checkpoint the sources start between batches
 * (aligned barriers, also without execution.checkpointing.interval) written
 * to <dir>/savepoint-<first 6 digits of the job id>-<12 hex digits>/ with
 * _metadata last, as Flink names it -- waits until it is complete and
 * writes its path into path (path_size bytes, may be 0) as Flink reports it,
 * a file: URI ("file:/tmp/sp/savepoint-1a2b3c-0123456789ab"). dir NULL or
 * "": execution.checkpointing.savepoint-dir (Flink's state.savepoints.dir
 * accepted); a file: scheme is accepted. stop_with_savepoint then stops the
 * job, which ends FINISHED (its sinks see no end of input: a filesystem sink
 * does not commit). Resume with execution.state-recovery.path (or
 * execution.savepoint.path) set to the path. Errors (on the env): no
 * directory ("No savepoint directory configured. ..."), a job not running,
 * one already taking a savepoint (EDDY_E_VALIDATION), a BATCH job or one
 * whose source finished (EDDY_E_UNSUPPORTED), a task failure or the job
 * ending meanwhile, or 10 min without completing (EDDY_E_RUNTIME). The
 * env's thread; a query's rows must be read meanwhile (from another thread)
 * unless checkpoints and restarts are on, else its collect sink cannot take
 * part. */
EDDY_API eddy_status eddy_job_trigger_savepoint(eddy_job *job, const char *dir, char *path, size_t path_size);
EDDY_API eddy_status eddy_job_stop_with_savepoint(eddy_job *job, const char *dir, char *path, size_t path_size);
/* JobClient.cancel(): asks the job to stop (it does not wait; see
 * eddy_job_wait). A no-op once the job ended. Any thread. */
EDDY_API void eddy_job_cancel(eddy_job *job);
/* The error of a FAILED job ("<message>", as eddy_env_errmsg would say it),
 * or NULL when the job did not fail. Borrowed; handle lifetime. */
EDDY_API const char *eddy_job_error(eddy_job *job);
/* Frees an eddy_env_execute_async handle: cancels the job if it still runs
 * and waits at most task.cancellation.timeout for it (a job that does not
 * stop is kept by the env, its error on the env, as for iterators). NULL
 * and result-owned handles: no-op. */
EDDY_API void eddy_job_free(eddy_job *job);

/* One metric of one operator instance, with Flink's name and scope
 * (<job>.<task>.<operator>.<subtask>). Per operator: numRecordsIn,
 * numRecordsOut (counts), numRecordsInPerSecond, numRecordsOutPerSecond
 * (their rate averaged over the job's run so far), currentInputWatermark,
 * currentOutputWatermark (ms; -9223372036854775808, Long.MIN_VALUE, until
 * one came), numLateRecordsDropped, and of the operator's task (the chain it
 * runs in) busyTimeMsPerSecond, backPressuredTimeMsPerSecond (time its
 * outputs were full) and idleTimeMsPerSecond (the rest; the three add up to
 * 1000, averaged over the run so far), then stateSize (bytes its state
 * holds now, or held when it closed; eddy's, Flink has none per operator). */
typedef struct eddy_metric {
    const char *job_id;
    const char *job_name;
    const char *task_name;     /* "Source: t[1] -> Calc[2]" */
    const char *operator_name;
    const char *operator_id;   /* 32 hex digits, stable across runs */
    int subtask_index;         /* 0-based */
    int parallelism;
    const char *name;          /* "numRecordsIn", ... */
    double value;
    bool integral;             /* a count or a watermark: exactly int_value */
    int64_t int_value;
} eddy_metric;
typedef void (*eddy_metric_fn)(void *ud, const eddy_metric *m);
/* Calls cb once per metric of every operator instance, task by task, in
 * chain order, and returns how many metrics it reported (0 for NULL or a
 * query's job whose rows were freed). The strings are borrowed for the call.
 * The counters are kept per batch by the thread that runs the operator and
 * read without stopping it: a running job's figures are each a recent value;
 * once the job ended they are final (numRecordsIn of a sink then equals the
 * rows it wrote). Any thread; cb must not call into the job's env. */
EDDY_API size_t eddy_job_metrics(eddy_job *job, eddy_metric_fn cb, void *ud);

/* A result of nrows rows of ncols STRING columns (cells row-major, NULL for
 * a SQL NULL; copied), printed like a SHOW result: for clients listing what
 * they keep themselves (the shell's SHOW JOBS). Owned by the env like any
 * result; NULL with the error on the env for bad arguments (1..64 columns). */
EDDY_API eddy_result *eddy_tenv_listing_result(eddy_tenv *tenv, size_t ncols, const char *const *names, size_t nrows,
                                               const char *const *cells);

#ifdef __cplusplus
}
#endif

#endif /* EDDY_H */
