/*
 * env.c -- eddy_env: creation, configuration, sticky errors, execution of
 * the pending DataStream pipelines, and teardown of everything the env owns.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "api/api.h"
#include "api/monitor.h"
#include "runtime/checkpoint.h"
#include "runtime/restart.h"
#include "types/datetime.h"

static int cores(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* Flink's task.cancellation.timeout default. */
#define CANCEL_TIMEOUT_DEFAULT_MS 180000
/* Flink's pipeline.auto-watermark-interval default. */
#define AUTO_WATERMARK_INTERVAL_DEFAULT_MS 200
#define AUTO_WATERMARK_INTERVAL_OPTION "pipeline.auto-watermark-interval"

eddy_env *eddy_env_new(const eddy_config *cfg) {
    if (cfg && cfg->abi_version != EDDY_CONFIG_VERSION && cfg->abi_version != 1) return NULL;
    eddy_env *env = eddy__calloc(1, sizeof *env);
    if (!env) return NULL;
    eddy__arena_init(&env->arena, 16384);
    env->sa = &env->arena;
    /* version 1 ends before task_cancellation_timeout_ms */
    if (cfg) memcpy(&env->cfg, cfg, cfg->abi_version == 1 ? offsetof(eddy_config, task_cancellation_timeout_ms) : sizeof *cfg);
    env->cfg.abi_version = EDDY_CONFIG_VERSION;
    if (env->cfg.parallelism <= 0) env->cfg.parallelism = cores();
    if (env->cfg.max_parallelism <= 0) env->cfg.max_parallelism = 128;
    if (env->cfg.worker_threads <= 0) env->cfg.worker_threads = cores();
    if (env->cfg.channel_capacity <= 0) env->cfg.channel_capacity = 4;
    if (env->cfg.batch_size <= 0) env->cfg.batch_size = 1024;
    if (env->cfg.mode != EDDY_BATCH) env->cfg.mode = EDDY_STREAMING;
    if (env->cfg.task_cancellation_timeout_ms == 0) env->cfg.task_cancellation_timeout_ms = CANCEL_TIMEOUT_DEFAULT_MS;
    if (env->cfg.task_cancellation_timeout_ms < 0) env->cfg.task_cancellation_timeout_ms = -1;
    env->auto_watermark_interval_ms = AUTO_WATERMARK_INTERVAL_DEFAULT_MS;
    return env;
}

/* Stops the env's jobs; false (with err set) when a task of one still runs
 * after its timeout: then nothing of the env may be freed. */
static bool stop_jobs(eddy_env *env, EdErr *err) {
    /* jobs reported stuck before get one more full timeout, all at once */
    size_t before = env->stuck.len;
    for (size_t i = 0; i < before; i++) eddy__job_rearm(env->stuck.items[i]);
    /* jobs first: they may still call user callbacks */
    while (env->live.len) {
        void *obj = env->live.items[env->live.len - 1];
        env->live.len--;
        if (*(int *)obj == LIVE_RESULT) eddy__api_result_destroy(obj);
        else if (*(int *)obj == LIVE_JOB) eddy__api_job_destroy(obj);
        else eddy__api_iter_destroy(obj);
    }
    size_t keep = 0;
    for (size_t i = 0; i < env->stuck.len; i++) {
        Job *job = env->stuck.items[i];
        /* the ones just added were waited for already: this only checks */
        EdErr e = {0};
        Lifetime *lt = i < env->stuck_lts.len ? env->stuck_lts.items[i] : NULL;
        if (eddy__job_stop(job, &e) == EDDY_OK) {
            eddy__job_free(job);
            eddy__lt_unref(env, lt);
            continue;
        }
        eddy__err_move(err, &e);
        if (i < env->stuck_lts.len) env->stuck_lts.items[keep] = lt;
        env->stuck.items[keep++] = job;
    }
    env->stuck.len = keep;
    if (env->stuck_lts.len > keep) env->stuck_lts.len = keep;
    if (keep == 0 && !env->stuck_unlisted) return true;
    if (!err->code) eddy__err(err, EDDY_E_RUNTIME, "A task of a job did not stop in time.");
    return false;
}

/* eddy_env_free and eddy_env_close. */
static eddy_status env_close(eddy_env *env, EdErr *err) {
    eddy__monitor_free(env); /* its threads read the job handles stop_jobs frees */
    if (!stop_jobs(env, err)) {
        /* a worker still runs operators over plans in env->arena and user
         * contexts its cleanups free: leak the env whole */
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_printf(&b, "%s The environment is not freed either (no ctx_free runs).", err->msg ? err->msg : "");
        if (!b.failed) eddy__err_replace(err, err->code, eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return err->code;
    }
    ed_vec_free(&env->stuck);
    ed_vec_free(&env->stuck_lts);
    ed_vec_free(&env->live);
    ed_vec_free(&env->sinks);
    eddy__api_mal_free(&env->last_mal);
    eddy__err_clear(&env->err);
    eddy__lt_free_all(env);           /* statement memory first: it may point into the env's */
    eddy__arena_destroy(&env->arena); /* runs the ctx_free callbacks */
    eddy__free(env);
    return EDDY_OK;
}

void eddy_env_free(eddy_env *env) {
    if (!env) return;
    EdErr err = {0};
    env_close(env, &err);
    eddy__err_clear(&err);
}

eddy_status eddy_env_close(eddy_env *env, char *errbuf, size_t errbuf_size) {
    if (errbuf && errbuf_size) errbuf[0] = 0;
    if (!env) return EDDY_OK;
    EdErr err = {0};
    eddy_status rc = env_close(env, &err);
    if (rc && errbuf && errbuf_size) snprintf(errbuf, errbuf_size, "%s", err.msg ? err.msg : eddy_status_str(rc));
    eddy__err_clear(&err);
    return rc;
}

eddy_status eddy__api_err(eddy_env *env, eddy_status code, const char *fmt, ...) {
    if (!env) return code;
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(&env->err, code, fmt, ap);
    va_end(ap);
    return code;
}

eddy_status eddy__api_take(eddy_env *env, EdErr *e) {
    eddy_status code = e->code;
    if (code == EDDY_OK) return EDDY_OK;
    if (env) eddy__err_move(&env->err, e);
    else eddy__err_clear(e);
    return code;
}

void *eddy__api_nomem(eddy_env *env) {
    eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return NULL;
}

eddy_status eddy_env_errcode(const eddy_env *env) { return env ? env->err.code : EDDY_E_MISUSE; }

const char *eddy_env_errmsg(const eddy_env *env) {
    if (!env) return "NULL env";
    return env->err.msg ? env->err.msg : "";
}

void eddy_env_error_position(const eddy_env *env, int *line, int *column) {
    if (line) *line = env ? env->err.line : 0;
    if (column) *column = env ? env->err.col : 0;
}

void eddy_env_clear_error(eddy_env *env) {
    if (env) eddy__err_clear(&env->err);
}

eddy_status eddy_env_set_runtime_mode(eddy_env *env, eddy_runtime_mode mode) {
    if (!env) return EDDY_E_MISUSE;
    if (mode != EDDY_STREAMING && mode != EDDY_BATCH)
        return eddy__api_err(env, EDDY_E_MISUSE, "Unknown runtime mode %d.", (int)mode);
    env->cfg.mode = mode;
    return EDDY_OK;
}

eddy_runtime_mode eddy_env_get_runtime_mode(const eddy_env *env) { return env ? env->cfg.mode : EDDY_STREAMING; }

eddy_status eddy_env_set_parallelism(eddy_env *env, int parallelism) {
    if (!env) return EDDY_E_MISUSE;
    if (parallelism < 1 || parallelism > 32768)
        return eddy__api_err(env, EDDY_E_MISUSE, "The parallelism must be at least one, and lower or equal than 32768.");
    env->cfg.parallelism = parallelism;
    return EDDY_OK;
}

int eddy_env_get_parallelism(const eddy_env *env) { return env ? env->cfg.parallelism : 0; }

eddy_status eddy_env_set_max_parallelism(eddy_env *env, int max_parallelism) {
    if (!env) return EDDY_E_MISUSE;
    if (max_parallelism < 1 || max_parallelism > 32768)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "maxParallelism is out of bounds 0 < maxParallelism <= 32768. Found: %d", max_parallelism);
    env->cfg.max_parallelism = max_parallelism;
    return EDDY_OK;
}

int eddy_env_get_max_parallelism(const eddy_env *env) { return env ? env->cfg.max_parallelism : 0; }

bool eddy__api_adopt_ctx(eddy_env *env, bool ok, void (*ctx_free)(void *), void *ctx) {
    if (ok && (!ctx_free || eddy__arena_on_cleanup(&env->arena, ctx_free, ctx))) return true;
    if (ok) eddy__api_nomem(env);
    if (ctx_free) ctx_free(ctx);
    return false;
}

eddy_stream *eddy__api_stream(eddy_env *env, StreamNode *n) {
    if (!n) return eddy__api_nomem(env);
    eddy_stream *s = eddy__arena_alloc(&env->arena, sizeof *s);
    if (!s) return eddy__api_nomem(env);
    s->env = env;
    s->node = n;
    return s;
}

StreamNode *eddy__api_node(eddy_env *env, NodeKind kind, const char *name, const OpVtab *vt, const void *plan,
                           const Type *type, int nin) {
    StreamNode *n = eddy__node_new(env->sa, kind, name, vt, plan, type, nin);
    if (!n) return eddy__api_nomem(env);
    return n;
}

void eddy__api_job_config(const eddy_env *env, JobConfig *cfg, const char *name) {
    memset(cfg, 0, sizeof *cfg);
    cfg->name = name;
    cfg->parallelism = env->cfg.parallelism;
    cfg->max_parallelism = env->cfg.max_parallelism;
    cfg->workers = env->cfg.worker_threads;
    cfg->channel_capacity = env->cfg.channel_capacity;
    cfg->batch_size = (uint32_t)env->cfg.batch_size;
    cfg->batch_mode = env->cfg.mode == EDDY_BATCH;
    cfg->cancel_timeout_ms = env->cfg.task_cancellation_timeout_ms;
    cfg->auto_watermark_interval_ms = env->auto_watermark_interval_ms;
    cfg->checkpoint_interval_ms = env->ckpt_interval_ms;
    cfg->checkpoint_dir = env->ckpt_dir;
    cfg->checkpoint_retained = env->ckpt_retained;
    cfg->checkpoint_incremental = env->ckpt_incremental;
    cfg->restore_path = env->ckpt_recovery;
    cfg->restart = env->restart;
    cfg->clock = env->manual_clock_on ? &env->manual_clock : NULL;
    cfg->state_backend = env->state_backend;
    cfg->rocksdb_localdir = env->rocksdb_localdir;
    cfg->metrics_off = env->metrics_off;
    /* the values were checked when set */
    EdErr err = {0};
    if (eddy__mem_budget_resolve(env->managed_size, env->managed_fraction, &cfg->managed_memory, &err))
        cfg->managed_memory = 0;
    eddy__err_clear(&err);
}

static const char *const ckpt_options[] = {CKPT_OPT_INTERVAL,       CKPT_OPT_DIR,           CKPT_OPT_DIR_ALIAS,
                                            CKPT_OPT_RETAINED,       CKPT_OPT_RECOVERY,      CKPT_OPT_RECOVERY_ALIAS,
                                            CKPT_OPT_SAVEPOINT_DIR, CKPT_OPT_SAVEPOINT_DIR_ALIAS,
                                            CKPT_OPT_INCREMENTAL,   CKPT_OPT_INCREMENTAL_ALIAS,
                                            STATE_BACKEND_OPTION,   STATE_ROCKSDB_LOCALDIR_OPTION};

bool eddy__api_is_checkpoint_option(const char *key) {
    for (size_t i = 0; i < ED_ARRAY_LEN(ckpt_options); i++)
        if (!strcmp(key, ckpt_options[i])) return true;
    return eddy__restart_is_option(key);
}

/* The checkpointing options; Flink's older names are aliases. An empty
 * directory or path unsets it. */
static eddy_status set_checkpoint_option(eddy_env *env, const char *key, const char *value) {
    if (eddy__restart_is_option(key)) {
        EdErr err = {0};
        eddy__restart_set_option(&env->restart, key, value, &err);
        return eddy__api_take(env, &err);
    }
    if (!strcmp(key, CKPT_OPT_INTERVAL)) {
        int64_t ms;
        if (!eddy__parse_duration_ms(value, &ms) || ms < 0)
            return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        env->ckpt_interval_ms = ms;
        return EDDY_OK;
    }
    if (!strcmp(key, CKPT_OPT_RETAINED)) {
        char *end;
        long n = strtol(value, &end, 10);
        if (end == value || *end || n < 1 || n > 1000000)
            return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        env->ckpt_retained = (int)n;
        return EDDY_OK;
    }
    if (!strcmp(key, CKPT_OPT_INCREMENTAL) || !strcmp(key, CKPT_OPT_INCREMENTAL_ALIAS)) {
        /* an empty value (a reset) is the default, false; the heap backend
         * takes full snapshots either way (as Flink's hashmap backend) */
        if (!*value || eddy__str_ieq(value, "false")) env->ckpt_incremental = false;
        else if (eddy__str_ieq(value, "true")) env->ckpt_incremental = true;
        else return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        return EDDY_OK;
    }
    if (!strcmp(key, STATE_BACKEND_OPTION)) {
        /* an empty value (a reset) is the default, the heap ('hashmap') */
        const StateBackendVtab *vt = NULL;
        EdErr err = {0};
        if (*value && eddy__state_backend_by_name(value, &vt, &err)) return eddy__api_take(env, &err);
        env->state_backend = vt == &eddy__state_heap_vtab ? NULL : vt;
        return EDDY_OK;
    }
    const char *copy = *value ? eddy__arena_strdup(&env->arena, value) : NULL;
    if (*value && !copy) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    if (!strcmp(key, STATE_ROCKSDB_LOCALDIR_OPTION)) env->rocksdb_localdir = copy;
    else if (!strcmp(key, CKPT_OPT_DIR) || !strcmp(key, CKPT_OPT_DIR_ALIAS)) env->ckpt_dir = copy;
    else if (!strcmp(key, CKPT_OPT_SAVEPOINT_DIR) || !strcmp(key, CKPT_OPT_SAVEPOINT_DIR_ALIAS)) env->savepoint_dir = copy;
    else env->ckpt_recovery = copy;
    return EDDY_OK;
}

eddy_status eddy_env_set_option(eddy_env *env, const char *key, const char *value) {
    if (!env) return EDDY_E_MISUSE;
    if (env->err.code) return env->err.code;
    if (!key || !value) return eddy__api_err(env, EDDY_E_MISUSE, "set_option: key and value are required.");
    if (!strcmp(key, AUTO_WATERMARK_INTERVAL_OPTION)) {
        int64_t ms;
        if (!eddy__parse_duration_ms(value, &ms) || ms < 0)
            return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        env->auto_watermark_interval_ms = ms;
        return EDDY_OK;
    }
    if (eddy__api_is_checkpoint_option(key)) return set_checkpoint_option(env, key, value);
    if (eddy__monitor_is_option(key)) return eddy__monitor_set_option(env, key, value);
    bool size = !strcmp(key, MEM_MANAGED_SIZE_OPTION), fraction = !strcmp(key, MEM_MANAGED_FRACTION_OPTION);
    if (!size && !fraction)
        return eddy__api_err(env, EDDY_E_VALIDATION, "The environment has no option '%s' (known: %s, %s, %s, %s, %s, %s, %s).",
                             key, MEM_MANAGED_SIZE_OPTION, MEM_MANAGED_FRACTION_OPTION, AUTO_WATERMARK_INTERVAL_OPTION,
                             CKPT_OPT_INTERVAL, CKPT_OPT_DIR, CKPT_OPT_RETAINED, CKPT_OPT_RECOVERY);
    EdErr err = {0};
    int64_t v;
    if (eddy__mem_budget_resolve(size ? value : NULL, size ? NULL : value, &v, &err)) return eddy__api_take(env, &err);
    const char *copy = eddy__arena_strdup(&env->arena, value);
    if (!copy) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    if (size) env->managed_size = copy;
    else env->managed_fraction = copy;
    return EDDY_OK;
}

const Type *eddy__api_type(eddy_env *env, const char *type_string) {
    if (!type_string) {
        eddy__api_err(env, EDDY_E_MISUSE, "A type string is required.");
        return NULL;
    }
    EdErr err = {0};
    const Type *t = NULL;
    if (eddy__type_parse(&env->arena, type_string, strlen(type_string), NULL, &t, &err) != EDDY_OK) {
        eddy__api_take(env, &err);
        return NULL;
    }
    return t;
}

eddy_status eddy_env_execute(eddy_env *env, const char *job_name) {
    if (!env) return EDDY_E_MISUSE;
    if (env->err.code) return env->err.code;
    if (env->sinks.len == 0)
        return eddy__api_err(env, EDDY_E_MISUSE, "No operators defined in streaming topology. Cannot execute.");
    JobConfig cfg;
    eddy__api_job_config(env, &cfg, job_name ? job_name : "Flink Streaming Job");
    EdErr err = {0};
    Job *job = NULL;
    eddy_status rc = eddy__job_create(&cfg, env->sinks.items, (int)env->sinks.len, &job, &err);
    /* the builder is cleared whether or not the job could run */
    env->sinks.len = 0;
    if (!rc) rc = eddy__job_start(job, &err);
    if (!rc) rc = eddy__job_wait(job, &err);
    eddy__api_mal_free(&env->last_mal);
    eddy__api_mal_take(job, &env->last_mal);
    if (rc) eddy__api_take(env, &err);
    eddy_status frc = eddy__api_job_release(env, job, NULL);
    return rc ? rc : frc;
}

size_t eddy_env_memory_bytes(const eddy_env *env) { return env ? eddy__lt_bytes(env) : 0; }

uint64_t eddy_env_malformed_records(eddy_env *env, const char **report) {
    if (report) *report = env && env->last_mal.report ? env->last_mal.report : "";
    return env ? env->last_mal.count : 0;
}

uint64_t eddy_env_late_records(eddy_env *env, const char **report) {
    if (report) *report = env && env->last_mal.late_report ? env->last_mal.late_report : "";
    return env ? env->last_mal.late : 0;
}

void eddy__api_unlive(eddy_env *env, void *obj) {
    for (size_t i = 0; i < env->live.len; i++)
        if (env->live.items[i] == obj) {
            env->live.items[i] = env->live.items[env->live.len - 1];
            env->live.len--;
            return;
        }
}
