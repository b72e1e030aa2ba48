/*
 * api.h -- the handle structs behind eddy.h and the helpers the API files
 * share: sticky errors on the env, allocation in the env's arena, running
 * jobs.
 *
 * Invariants
 *  - Every handle points to its env. What executeSql allocates is in the
 *    statement's Lifetime (env->sa while it runs), released when the last
 *    of its result, iterator, stuck job or catalog object goes; everything
 *    else (Table API, DataStream API, registrations) is in env->arena and
 *    lives until eddy_env_free.
 *  - env->err holds the first error since the last clear. A builder call
 *    with an error pending returns NULL and does nothing.
 *  - env->sinks holds the sink nodes added since the last execute (the
 *    DataStream builder). Jobs started for iterators and results are in
 *    env->live and are cancelled and freed with the env.
 *  - A job is freed only once its workers are gone. One whose task did not
 *    stop within task.cancellation.timeout sits in env->stuck
 *    (eddy__api_job_release); eddy_env_free tries it once more and leaks
 *    the whole env if it is still running, since its operators use plan
 *    memory and user contexts the env owns.
 *  - eddy_result_cancel may run on another thread: it reaches a query's
 *    job only through the JobHook, which the iterator empties under its
 *    lock before it frees the job.
 */
#ifndef EDDY_API_H
#define EDDY_API_H

#include <pthread.h>

#include "catalog/catalog.h"
#include "runtime/job.h"
#include "runtime/ops/ops.h"
#include "types/row.h"

typedef struct LiveJob LiveJob;

/* A statement's memory (lifetime.c): an arena with a reference count, held
 * by what the statement made -- its result, the result's iterator, a job
 * that did not stop in time, the catalog object it created. The statement
 * itself holds one reference while it runs. When the count falls to 0 the
 * arena goes, unless the lifetime held a catalog object that was dropped
 * (`dead` set) and a statement still alive began while the object existed
 * (it may point into it): then it goes once those are gone. Marks are even
 * for lifetimes (their seq) and odd for bindings made outside statements
 * (the Table API; those live as long as the env and so keep every object
 * they could see). Every lifetime goes with the env at the latest. */
typedef struct Lifetime Lifetime;
struct Lifetime {
    Arena arena;
    int refs;
    uint64_t seq;  /* its mark: even, increasing */
    uint64_t dead; /* 0, or the mark of the statement that dropped its catalog object */
    Lifetime *prev, *next;
};

/* A new lifetime with one reference, or NULL (out of memory, on the env). */
Lifetime *eddy__lt_new(eddy_env *env);
/* Adds a reference (NULL ok: the env's own memory); returns lt. */
Lifetime *eddy__lt_ref(Lifetime *lt);
/* Drops a reference (NULL ok); frees what can be freed. */
void eddy__lt_unref(eddy_env *env, Lifetime *lt);
/* Marks lt's catalog object dropped by the statement running now and
 * drops the catalog's reference (the catalog's release hook). */
void eddy__lt_drop(eddy_env *env, Lifetime *lt);
/* Records that memory which lives as long as the env (a Table handle, a
 * Table API plan) may point into every catalog object now in the catalog. */
void eddy__lt_mark_permanent(eddy_env *env);
/* Frees every lifetime (eddy_env_free, after the jobs stopped). */
void eddy__lt_free_all(eddy_env *env);
/* Bytes held by the env's arena and every lifetime. */
size_t eddy__lt_bytes(const eddy_env *env);
/* Runs statement memory: sets env->sa / env->cur_lt to lt (NULL: back to
 * the env's arena); returns the previous lifetime. */
Lifetime *eddy__lt_enter(eddy_env *env, Lifetime *lt);

/* The way from a result to its query's job for eddy_result_cancel on
 * another thread: shared by the iterator that owns the job and the result
 * that made it (refs), job set to NULL under mu before the job is freed, so
 * a cancel either reaches a live job or none. */
typedef struct JobHook {
    pthread_mutex_t mu;
    Job *job;
    int refs; /* under mu */
    JobState final; /* the job's state when job was emptied (under mu) */
    char *final_error; /* a copy of its failure then, or NULL */
    int64_t final_restarts; /* its restart count then */
    JobCheckpointStats final_ck; /* its checkpoint figures then */
} JobHook;
typedef struct UserFunction UserFunction; /* udf.c */

/* A copy of a finished job's tallies (eddy__job_tally): what
 * eddy_*_malformed_records and eddy_*_late_records report once the job is
 * gone. */
typedef struct MalInfo {
    uint64_t count;
    char *report; /* malloc'd; NULL when count is 0 */
    uint64_t late;
    char *late_report; /* malloc'd; NULL when late is 0 */
} MalInfo;

/* Replaces *m with the tallies of job (NULL job: keeps *m). */
void eddy__api_mal_take(Job *job, MalInfo *m);
/* Replaces one of them (late: the late records), leaving the other's report
 * where it is (a caller may hold it). */
void eddy__api_tally_refresh(Job *job, MalInfo *m, bool late);
/* Frees the reports of *m. */
void eddy__api_mal_free(MalInfo *m);

struct eddy_env {
    eddy_config cfg;
    Arena arena;      /* memory that lives as long as the env */
    /* where the running statement allocates: its lifetime's arena, or
     * &arena outside a statement (lifetime.c) */
    Arena *sa;
    Lifetime *cur_lt;     /* the running statement's lifetime, or NULL */
    Lifetime *lts;        /* every lifetime not freed yet */
    uint64_t lt_seq;      /* the last lifetime's mark */
    ED_VEC(uint64_t) permanent_marks; /* odd marks, increasing */
    bool keep_dropped;    /* a mark could not be recorded: free no dropped object */
    size_t values_bytes;  /* rows of eddy_from_values sources (freed with the env) */
    EdErr err;
    ED_VEC(StreamNode *) sinks;
    ED_VEC(void *) live; /* eddy_iter / eddy_result objects with jobs */
    int bridge_sinks;    /* counter for '*anonymous_datastream_sink$N*' */
    int anon_tables;     /* counter for from(descriptor) tables "*anonymous_x$N*" */
    int anon_sources;    /* counter for fromDataStream tables "*anonymous_datastream_source$N*" */
    eddy_tenv *tenv_first;
    MalInfo last_mal;    /* of the last eddy_env_execute job */
    ED_VEC(Job *) stuck; /* jobs a task of which did not stop in time */
    ED_VEC(Lifetime *) stuck_lts; /* the lifetime each of them holds (or NULL) */
    bool stuck_unlisted; /* such a job could not be listed (no memory) */
    /* taskmanager.memory.managed.size / .fraction as set (env arena; NULL:
     * not set), resolved into each job's JobConfig.managed_memory */
    const char *managed_size, *managed_fraction;
    /* state.backend.type (NULL: heap) and state.backend.rocksdb.localdir
     * (env arena; NULL: the temp dir) */
    const StateBackendVtab *state_backend;
    const char *rocksdb_localdir;
    /* pipeline.auto-watermark-interval (ms; 0: no periodic watermarks) */
    int64_t auto_watermark_interval_ms;
    /* checkpointing (runtime/checkpoint.h options; eddy_env_set_option,
     * or SET on a table environment): interval 0 = off */
    int64_t ckpt_interval_ms;
    const char *ckpt_dir, *ckpt_recovery;
    int ckpt_retained;
    bool ckpt_incremental; /* execution.checkpointing.incremental */
    RestartStrategy restart; /* restart-strategy.* (runtime/restart.h) */
    const char *savepoint_dir; /* execution.checkpointing.savepoint-dir (env arena; NULL: none) */
    /* processing time of the env's jobs: the system clock, or the manual
     * clock of eddy_env_use_manual_clock (manual_clock_on) */
    Clock manual_clock;
    bool manual_clock_on;
    int output_tags; /* ids given to eddy_output_tag_new tags */
    struct Monitor *monitor; /* the HTTP servers and their job registry (monitor.c), or NULL */
    bool metrics_off;        /* eddy.metrics.enabled = false (monitor.c) */
};

struct eddy_stream {
    eddy_env *env;
    StreamNode *node;
};

struct eddy_keyed_stream {
    eddy_env *env;
    StreamNode *input;
    KeySpec *key;
    const Type *key_type;
};

typedef enum LiveKind { LIVE_ITER = 1, LIVE_RESULT = 2, LIVE_JOB = 3 } LiveKind;

/* A job handle (job_api.c): an eddy_env_execute_async job (live_kind
 * LIVE_JOB, in env->live, owns job), or the job of a result (embedded in
 * it: live_kind 0; an INSERT's job through job, a query's through hook --
 * the iterator owns that one and empties the hook before freeing it, so the
 * handle keeps the last state it saw, under the hook's mutex). */
struct eddy_job {
    int live_kind;
    eddy_env *env;
    Job *job;
    JobHook *hook;
    const char *id;   /* 32 hex digits */
    char *name;       /* malloc'd */
    int64_t start_ms; /* ms since the epoch */
    JobState seen;    /* hook jobs: the last state seen (under hook->mu) */
    char *seen_error; /* hook jobs: a copy of the failure (under hook->mu, set once) */
    char own_id[33];
};
/* Fills the embedded handle of a result whose job just started. */
void eddy__api_result_job_init(eddy_result *r);
/* Frees what a handle holds (not the handle). */
void eddy__api_job_clear(eddy_job *j);
/* Destroys an eddy_env_execute_async handle at env teardown. */
eddy_status eddy__api_job_destroy(eddy_job *j);
/* The checkpoint figures of the handle's job (zeros when it has none, the
 * last ones once a query's job is gone). Any thread, as eddy_job_metrics. */
void eddy__api_job_ck_stats(eddy_job *j, JobCheckpointStats *out);
/* Calls cb with the job's operator graph (runtime/job.h eddy__job_graph) when
 * its job exists, under the lock that keeps it alive. Any thread. */
void eddy__api_job_graph(eddy_job *j, void (*cb)(void *ud, const JobGraphNode *nodes, size_t n), void *ud);
/* A random job id: 32 hex digits (Flink's JobID). */
void eddy__api_random_job_id(char out[33]);

/* An iterator over a running job's collected rows. */
struct eddy_iter {
    int live_kind; /* LIVE_ITER */
    eddy_env *env;
    Job *job;
    JobHook *hook;    /* the job for a result's cancel (NULL: static rows) */
    const Type *type; /* record type of the rows */
    Batch *cur;
    uint32_t pos;     /* next visible row of cur */
    eddy_row row;
    Arena scratch;
    bool done, started;
    bool is_static;   /* rows of a batch known up front (no job) */
    Lifetime *lt;     /* the statement's memory it holds (NULL: the env's) */
    eddy_status status;
    EdErr err;
    MalInfo mal;      /* the job's malformed records, taken when it ended */
};

struct eddy_tenv {
    eddy_env *env;
    eddy_runtime_mode mode, initial_mode;
    Catalog catalog;
    const TimeZone *tz;
    const char *tz_name;
    /* configuration (options.c): keys set, and the values eddy acts on */
    ED_VEC(TableOption) options;
    bool dml_sync;
    int max_column_width;
    eddy_print_style result_mode;
    int default_parallelism; /* the env's when the tenv was made (RESET) */
    int64_t default_cancel_timeout_ms; /* likewise, task.cancellation.timeout */
    char par_text[16];
    char timeout_text[32]; /* task.cancellation.timeout as get_option shows it */
    ED_VEC(UserFunction *) functions; /* C functions and their implementations (udf.c) */
    ED_VEC(TableFunc *) table_functions; /* C table functions (table_function.c) */
    ED_VEC(const char *) interned; /* option keys and values set (options.c) */
    const char *store_dir; /* the open file catalog store's folder (catalog_store.c), or NULL */
    bool store_replaying;  /* restoring the store: statements are not logged */
    bool core_unloaded;    /* UNLOAD MODULE core: SHOW [FULL] MODULES / FUNCTIONS omit it */
};

struct eddy_table {
    eddy_tenv *tenv;
    Rel *rel;
    const ResolvedSchema *schema;
    const char *schema_str; /* cached printSchema text */
};

struct eddy_schema {
    eddy_env *env;
    ED_VEC(SpecPart) parts;
    EdErr err; /* the first builder error, reported when the schema is used */
};

struct eddy_result {
    int live_kind; /* LIVE_RESULT */
    eddy_tenv *tenv;
    eddy_result_kind kind;
    eddy_statement_kind stmt;
    eddy_iter *it;      /* the rows (a running query, or static rows) */
    Job *job;           /* an INSERT's job (its rows are static) */
    JobHook *hook;      /* a query's job, also once `it` is handed out */
    char job_id[33];
    eddy_job jobh;      /* eddy_result_job (when job or hook is set) */
    int ncols;
    const char **names;
    const Type **types;
    bool streaming;     /* print with the op column */
    bool consumed;
    bool awaited;
    MalInfo mal;        /* the job's malformed records, once it ended */
    Lifetime *lt;       /* the statement's memory it holds (NULL: the env's) */
};

/* A result with rows known up front (DDL "OK", SHOW, DESCRIBE, an INSERT's
 * affected rows). rows may be NULL for no rows; the result takes it. */
eddy_result *eddy__api_static_result(eddy_tenv *tenv, eddy_result_kind kind, eddy_statement_kind stmt, int ncols,
                                     const char *const *names, const Type *const *types, Batch *rows);
/* The "result | OK" result of DDL and commands. */
eddy_result *eddy__api_ok_result(eddy_tenv *tenv, eddy_statement_kind stmt);
/* An iterator over the rows of a batch (takes it). */
eddy_iter *eddy__api_iter_static(eddy_env *env, const Type *type, Batch *rows);
/* A result over a query plan: starts its job. */
eddy_result *eddy__api_query_result(eddy_tenv *tenv, Rel *rel);
/* Starts a job of INSERT sinks; returns its result (rows: -1 per sink). */
eddy_result *eddy__api_insert_result(eddy_tenv *tenv, StreamNode *const *sinks, const char *const *sink_paths, int n);

/* The SET listing: a key | value table of the options set. */
eddy_result *eddy__api_options_result(eddy_tenv *tenv);
/* Whether an option's value is a secret that listings hide (SET, SHOW
 * CREATE TABLE / CATALOG, DESCRIBE CATALOG): its key, in any case, contains
 * one of Flink's sensitive words (password, secret, fs.azure.account.key,
 * apikey, api-key, auth-params, service-key, token, basic-auth, jaas.config,
 * http-headers). Such values print as EDDY__HIDDEN_VALUE. */
bool eddy__api_option_sensitive(const char *key);
#define EDDY__HIDDEN_VALUE "****"

/* The file catalog store (catalog_store.c). open: when
 * table.catalog-store.kind is `file` and the store is not open yet, checks
 * the folder and restores what it holds (an error on the env otherwise).
 * record: after statement st succeeded, keeps it in the open store when it
 * changed a permanent catalog object. */
struct AstStmt;
eddy_status eddy__store_open(eddy_tenv *tenv);
eddy_status eddy__store_record(eddy_tenv *tenv, const struct AstStmt *st, const char *statement);
/* The value to print for an option: hidden when it is sensitive. */
const char *eddy__api_option_shown(const char *key, const char *value);
/* The session zone "default" stands for: TZ, else UTC. */
const char *eddy__api_default_zone(void);

/* The binder's function lookup over a tenv's user functions (udf.c). */
const FuncDef *eddy__api_function_lookup(void *ctx, const char *name, int pass);
/* Parses a parameter list "T1, T2" (split at the commas outside <> and ())
 * into *n types (env arena; "" or NULL: none). Errors as eddy__api_type. */
eddy_status eddy__api_parse_type_list(eddy_env *env, const char *list, int *n, const Type ***out);
/* The binder's table function lookup (table_function.c): the tenv's C
 * table function called `name` (case-insensitive), or NULL. */
const TableFunc *eddy__api_table_function_lookup(void *ctx, const char *name);
/* Removes the table function called `name`; true when there was one. */
bool eddy__api_drop_table_function(eddy_tenv *tenv, const char *name);
/* Names of the user functions visible without a path (env arena). */
const char **eddy__api_user_function_names(eddy_tenv *tenv, int *n);
/* The core module's functions that eddy implements, by the names Flink's
 * SHOW FUNCTIONS prints (core_module.c); *n of them, allocated in a, in no
 * particular order. NULL when out of memory. */
const char **eddy__api_core_function_names(Arena *a, int *n);

/* The binding context of a table environment (arena: the env's). */
void eddy__api_bind_env(eddy_tenv *tenv, BindEnv *be);
/* The planning context of a table environment. */
void eddy__api_plan_env(eddy_tenv *tenv, PlanEnv *pe);
/* Parses an object path a user passed ("t", "db.t", "`a.b`.c") and
 * qualifies it against the current catalog and database: *out_path gets
 * "cat.db.name", *out_name (when not NULL) the last part, both in the env
 * arena. Errors are recorded on the env and returned. */
eddy_status eddy__api_qualify(eddy_tenv *tenv, const char *path, const char **out_path, const char **out_name);
/* A table handle over rel with the given schema (NULL: plain columns). */
eddy_table *eddy__api_table(eddy_tenv *tenv, Rel *rel, const ResolvedSchema *schema);
/* Records a binder/parser error on the env, prefixed as Flink's sqlQuery
 * does ("SQL parse failed. ..." / "SQL validation failed. ..."). */
eddy_status eddy__api_sql_err(eddy_env *env, EdErr *e);

/* True when the env can build (not NULL, no error pending). */
static inline bool env_ok(const eddy_env *env) { return env && env->err.code == EDDY_OK; }

/* Records an error on the env (unless one is pending) and returns code. */
eddy_status eddy__api_err(eddy_env *env, eddy_status code, const char *fmt, ...) ED_PRINTF(3, 4);
/* Moves an internal error record onto the env; returns its code. */
eddy_status eddy__api_take(eddy_env *env, EdErr *e);
/* Out of memory on the env; returns NULL for convenience. */
void *eddy__api_nomem(eddy_env *env);

/* Ends a registration by eddy.h's rule for the user ctx it was given:
 * when it succeeded (ok), ctx_free is kept to run once when the env is
 * freed; when it failed -- or keeping ctx_free runs out of memory, which is
 * recorded on the env -- ctx_free runs now. Returns whether the
 * registration stands; on false the caller undoes what it published (its
 * callbacks must never run). env may be NULL when ok is false (a NULL
 * handle); ctx_free may be NULL. */
bool eddy__api_adopt_ctx(eddy_env *env, bool ok, void (*ctx_free)(void *), void *ctx);

/* A stream handle for node n. */
eddy_stream *eddy__api_stream(eddy_env *env, StreamNode *n);
/* A new node with default parallelism / max parallelism from the env. */
StreamNode *eddy__api_node(eddy_env *env, NodeKind kind, const char *name, const OpVtab *vt, const void *plan,
                           const Type *type, int nin);
/* The job configuration of the env. */
void eddy__api_job_config(const eddy_env *env, JobConfig *cfg, const char *name);
/* Builds a pre-built-batches source node (fromElements) of type t taking
 * ownership of the batches. */
StreamNode *eddy__api_values_node(eddy_env *env, const Type *t, Batch **batches, int nbatches);

/* Starts a job for the collecting sink `collect` and returns an iterator
 * (registered in env->live). */
eddy_iter *eddy__api_iter_start(eddy_env *env, StreamNode *collect, const Type *type);
/* Removes an object from env->live (before it frees itself). */
void eddy__api_unlive(eddy_env *env, void *obj);
/* Frees an iterator's job and buffers (without unregistering); returns
 * EDDY_E_RUNTIME when its job did not stop in time (eddy__api_job_release). */
eddy_status eddy__api_iter_destroy(eddy_iter *it);
/* Stops and frees a job the API started (NULL ok). When a task does not
 * stop within task.cancellation.timeout, the error naming it goes on the
 * env (unless one is pending), the job into env->stuck with a reference
 * to lt (the memory its plan lives in; NULL: the env's), and the result is
 * EDDY_E_RUNTIME. */
eddy_status eddy__api_job_release(eddy_env *env, Job *job, Lifetime *lt);
/* Cancels the hook's job if it still has one (any thread). */
void eddy__api_hook_cancel(JobHook *h);
/* Drops one reference to the hook (NULL ok). */
void eddy__api_hook_unref(JobHook *h);

/* Parses a type string on behalf of the env (errors recorded on it). */
const Type *eddy__api_type(eddy_env *env, const char *type_string);

/* The result destructor for env teardown (results.c). */
void eddy__api_result_destroy(eddy_result *r);

/* Whether key is one of the checkpointing options (execution.checkpointing.*,
 * execution.state-recovery.path and their Flink aliases): the env's, which
 * SET on a table environment passes on. */
bool eddy__api_is_checkpoint_option(const char *key);

#endif
