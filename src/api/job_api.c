/*
 * job_api.c -- eddy_job, Flink's JobClient: eddy_env_execute_async and the
 * jobs of results; status, wait with a timeout, cancel from any thread, the
 * error of a failed job, and the per-operator metrics.
 *
 * A handle reaches its Job in one of two ways: directly (an execute_async
 * job, owned by the handle; an INSERT's, owned by its result -- both live as
 * long as the handle), or through the JobHook of a query's iterator, which
 * empties the hook under its mutex before it frees the job. Everything a
 * hook handle reads it reads under that mutex, and it keeps the last state
 * and error it saw for when the job is gone.
 */
#include <time.h>

#include "api/api.h"
#include "api/monitor.h"
#include "runtime/checkpoint.h"

static const char *const STATE_NAMES[] = {"CREATED", "RUNNING", "FINISHED", "FAILED", "CANCELED", "RESTARTING"};

const char *eddy_job_status_name(eddy_job_state s) {
    return (unsigned)s < sizeof STATE_NAMES / sizeof *STATE_NAMES ? STATE_NAMES[s] : "UNKNOWN";
}

bool eddy_job_state_terminal(eddy_job_state s) {
    return s == EDDY_JOB_FINISHED || s == EDDY_JOB_FAILED || s == EDDY_JOB_CANCELED;
}

static void handle_init(eddy_job *j, eddy_env *env, Job *job, JobHook *hook, const char *id, const char *name) {
    j->env = env;
    j->job = job;
    j->hook = hook;
    j->id = id;
    j->name = eddy__strdup(name);
    j->start_ms = job ? eddy__job_start_ms(job) : 0;
    j->seen = JOB_RUNNING;
}

void eddy__api_result_job_init(eddy_result *r) {
    Job *job = r->job;
    const char *name = "collect";
    if (!job && r->hook) job = r->hook->job; /* owner thread, just started */
    Buf b;
    eddy__buf_init(&b);
    if (r->job) {
        eddy__buf_puts(&b, "insert-into_");
        for (int i = 0; i < r->ncols; i++) eddy__buf_printf(&b, "%s%s", i ? "," : "", r->names[i]);
        if (!b.failed) name = eddy__buf_cstr(&b);
    }
    handle_init(&r->jobh, r->tenv->env, r->job, r->job ? NULL : r->hook, r->job_id, name);
    if (job) r->jobh.start_ms = eddy__job_start_ms(job);
    eddy__buf_free(&b);
    eddy__monitor_add(r->tenv->env, r->tenv, &r->jobh);
}

void eddy__api_job_clear(eddy_job *j) {
    eddy__free(j->name);
    eddy__free(j->seen_error);
    j->name = j->seen_error = NULL;
}

eddy_status eddy_env_execute_async(eddy_env *env, const char *job_name, eddy_job **out) {
    if (out) *out = NULL;
    if (!env) return EDDY_E_MISUSE;
    if (!out) return eddy__api_err(env, EDDY_E_MISUSE, "execute_async: a place for the job handle is required.");
    if (env->err.code) return env->err.code;
    if (env->sinks.len == 0)
        return eddy__api_err(env, EDDY_E_MISUSE, "No operators defined in streaming topology. Cannot execute.");
    eddy_job *j = eddy__calloc(1, sizeof *j);
    if (!j || !ed_vec_push(&env->live, j)) {
        eddy__free(j);
        env->sinks.len = 0;
        return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    }
    j->live_kind = LIVE_JOB;
    eddy__api_random_job_id(j->own_id);
    JobConfig cfg;
    eddy__api_job_config(env, &cfg, job_name ? job_name : "Flink Streaming Job");
    cfg.job_id = j->own_id; /* names its checkpoint directory too */
    EdErr err = {0};
    Job *job = NULL;
    eddy_status rc = eddy__job_create(&cfg, env->sinks.items, (int)env->sinks.len, &job, &err);
    env->sinks.len = 0; /* the builder is cleared whether or not the job could run */
    if (!rc) rc = eddy__job_start(job, &err);
    handle_init(j, env, job, NULL, j->own_id, cfg.name);
    if (rc || !j->name) {
        if (!rc) eddy__err(&err, rc = EDDY_E_NOMEM, "out of memory");
        eddy__api_take(env, &err);
        eddy_job_free(j);
        return rc;
    }
    eddy__monitor_add(env, NULL, j);
    *out = j;
    return EDDY_OK;
}

eddy_job *eddy_result_job(eddy_result *r) { return r && (r->job || r->hook) ? &r->jobh : NULL; }

const char *eddy_job_id(const eddy_job *job) { return job && job->id ? job->id : ""; }
const char *eddy_job_name(const eddy_job *job) { return job && job->name ? job->name : ""; }
int64_t eddy_job_start_time(const eddy_job *job) { return job ? job->start_ms : 0; }

/* The state of a hook job, and (error not NULL) a copy of its failure kept
 * in the handle. Holds hook->mu. */
static JobState hook_state(eddy_job *j, const char **error) {
    pthread_mutex_lock(&j->hook->mu);
    if (j->hook->job) {
        const char *e = NULL;
        j->seen = eddy__job_state(j->hook->job, &e);
        if (e && !j->seen_error) j->seen_error = eddy__strdup(e);
    } else {
        j->seen = j->hook->final; /* the rows were freed: the state then */
        if (j->hook->final_error && !j->seen_error) j->seen_error = eddy__strdup(j->hook->final_error);
    }
    JobState st = j->seen;
    if (error) *error = st == JOB_FAILED ? j->seen_error : NULL;
    pthread_mutex_unlock(&j->hook->mu);
    return st;
}

static JobState state_of(eddy_job *j, const char **error) {
    if (error) *error = NULL;
    if (j->job) return eddy__job_state(j->job, error);
    if (j->hook) return hook_state(j, error);
    return JOB_CREATED;
}

eddy_job_state eddy_job_status(eddy_job *job) { return job ? (eddy_job_state)state_of(job, NULL) : EDDY_JOB_CREATED; }

const char *eddy_job_error(eddy_job *job) {
    if (!job) return NULL;
    const char *e = NULL;
    state_of(job, &e);
    return e;
}

int64_t eddy_job_restarts(eddy_job *job) {
    if (!job) return 0;
    if (job->job) return eddy__job_restarts(job->job);
    if (!job->hook) return 0;
    pthread_mutex_lock(&job->hook->mu);
    int64_t n = job->hook->job ? eddy__job_restarts(job->hook->job) : job->hook->final_restarts;
    pthread_mutex_unlock(&job->hook->mu);
    return n;
}

/* The savepoint of a handle's job (see eddy.h); the error goes to the env. */
static eddy_status savepoint(eddy_job *job, const char *dir, bool stop, char *path, size_t path_size) {
    if (path && path_size) path[0] = 0;
    if (!job) return EDDY_E_MISUSE;
    eddy_env *env = job->env;
    if (!dir || !*dir) dir = env->savepoint_dir;
    if (!dir || !*dir)
        return eddy__api_err(env, EDDY_E_VALIDATION,
                             "No savepoint directory configured. You can either specify a directory when triggering "
                             "the savepoint or configure a cluster-wide default via key '%s'.",
                             CKPT_OPT_SAVEPOINT_DIR);
    EdErr err = {0};
    char *got = NULL;
    eddy_status rc;
    if (job->job) {
        rc = eddy__job_savepoint(job->job, dir, stop, &got, &err);
    } else if (job->hook) {
        /* a query's job: it lives while its rows do (freed on the env's
         * thread, the one this call belongs to) */
        pthread_mutex_lock(&job->hook->mu);
        Job *j = job->hook->job;
        pthread_mutex_unlock(&job->hook->mu);
        rc = j ? eddy__job_savepoint(j, dir, stop, &got, &err)
               : eddy__err(&err, EDDY_E_VALIDATION, "Cannot take a savepoint of job %s: it is not running.", job->id);
    } else {
        rc = eddy__err(&err, EDDY_E_VALIDATION, "Cannot take a savepoint of job %s: it is not running.", eddy_job_id(job));
    }
    if (rc) return eddy__api_take(env, &err);
    /* Flink reports the savepoint's path as a file: URI */
    if (path && path_size) snprintf(path, path_size, "%s%s", got[0] == '/' ? "file:" : "", got);
    eddy__free(got);
    return EDDY_OK;
}

eddy_status eddy_job_trigger_savepoint(eddy_job *job, const char *dir, char *path, size_t path_size) {
    return savepoint(job, dir, false, path, path_size);
}

eddy_status eddy_job_stop_with_savepoint(eddy_job *job, const char *dir, char *path, size_t path_size) {
    return savepoint(job, dir, true, path, path_size);
}

void eddy_job_cancel(eddy_job *job) {
    if (!job) return;
    if (job->job) eddy__job_cancel(job->job);
    else if (job->hook) eddy__api_hook_cancel(job->hook);
}

eddy_job_state eddy_job_wait(eddy_job *job, int64_t timeout_ms) {
    if (!job) return EDDY_JOB_CREATED;
    if (job->job) {
        if (!eddy__job_wait_ended(job->job, timeout_ms)) return (eddy_job_state)state_of(job, NULL);
        /* an INSERT's job: eddy_result_await still reports its error */
        if (job->live_kind != LIVE_JOB) return (eddy_job_state)state_of(job, NULL);
        /* ended: join the workers and close the operators here (the error
         * stays in the job's state; this handle does not report it twice) */
        EdErr err = {0};
        eddy__job_wait(job->job, &err);
        eddy__err_clear(&err);
        eddy__api_mal_free(&job->env->last_mal);
        eddy__api_mal_take(job->job, &job->env->last_mal);
        return (eddy_job_state)state_of(job, NULL);
    }
    /* a query's job: it ends as its rows are read (on another thread) */
    int64_t deadline = eddy__mono_ns() + (timeout_ms > 0 ? timeout_ms : 0) * 1000000;
    for (;;) {
        JobState st = state_of(job, NULL);
        bool live = st == JOB_RUNNING || st == JOB_RESTARTING;
        if (!live || (timeout_ms >= 0 && eddy__mono_ns() >= deadline)) return (eddy_job_state)st;
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
}

eddy_status eddy__api_job_destroy(eddy_job *j) {
    eddy__monitor_forget(j->env, j);
    eddy_status rc = eddy__api_job_release(j->env, j->job, NULL);
    eddy__api_job_clear(j);
    eddy__free(j);
    return rc;
}

void eddy_job_free(eddy_job *job) {
    if (!job || job->live_kind != LIVE_JOB) return;
    eddy__api_unlive(job->env, job);
    eddy__api_job_destroy(job);
}

/* ---- metrics ------------------------------------------------------------------------------ */

static double per_second(uint64_t n, int64_t elapsed_ns) {
    return elapsed_ns > 0 ? (double)n * 1e9 / (double)elapsed_ns : 0.0;
}

static double ms_per_second(int64_t part_ns, int64_t elapsed_ns) {
    return elapsed_ns > 0 ? (double)part_ns * 1000.0 / (double)elapsed_ns : 0.0;
}

static size_t report_metrics(eddy_job *j, Job *job, eddy_metric_fn cb, void *ud) {
    JobOpMetrics small[32], *m = small;
    size_t n = eddy__job_metrics(job, small, 32);
    if (n > 32) {
        m = eddy__calloc(n, sizeof *m);
        if (!m) return 0;
        eddy__job_metrics(job, m, n);
    }
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const JobOpMetrics *o = &m[i];
        double busy = ms_per_second(o->busy_ns, o->elapsed_ns), bp = ms_per_second(o->backpressured_ns, o->elapsed_ns);
        double idle = o->elapsed_ns > 0 ? 1000.0 - busy - bp : 0.0;
        const struct {
            const char *name;
            double v;
            bool integral;
            int64_t i;
        } vals[] = {
            {"numRecordsIn", 0, true, (int64_t)o->records_in},
            {"numRecordsOut", 0, true, (int64_t)o->records_out},
            {"numRecordsInPerSecond", per_second(o->records_in, o->elapsed_ns), false, 0},
            {"numRecordsOutPerSecond", per_second(o->records_out, o->elapsed_ns), false, 0},
            {"currentInputWatermark", 0, true, o->input_watermark},
            {"currentOutputWatermark", 0, true, o->output_watermark},
            {"numLateRecordsDropped", 0, true, (int64_t)o->late_dropped},
            {"busyTimeMsPerSecond", busy, false, 0},
            {"idleTimeMsPerSecond", idle < 0 ? 0 : idle, false, 0},
            {"backPressuredTimeMsPerSecond", bp, false, 0},
            {"stateSize", 0, true, o->state_bytes},
        };
        for (size_t k = 0; k < sizeof vals / sizeof *vals; k++, count++) {
            double v = vals[k].integral ? (double)vals[k].i : vals[k].v;
            eddy_metric em = {eddy_job_id(j), eddy_job_name(j), o->task_name, o->name, o->uid, o->subtask,
                              o->parallelism, vals[k].name, v, vals[k].integral, vals[k].i};
            if (cb) cb(ud, &em);
        }
    }
    if (m != small) eddy__free(m);
    return count;
}

size_t eddy_job_metrics(eddy_job *job, eddy_metric_fn cb, void *ud) {
    if (!job) return 0;
    if (job->job) return report_metrics(job, job->job, cb, ud);
    if (!job->hook) return 0;
    pthread_mutex_lock(&job->hook->mu);
    size_t n = job->hook->job ? report_metrics(job, job->hook->job, cb, ud) : 0;
    pthread_mutex_unlock(&job->hook->mu);
    return n;
}

void eddy__api_job_graph(eddy_job *j, void (*cb)(void *ud, const JobGraphNode *nodes, size_t n), void *ud) {
    const JobGraphNode *g = NULL;
    if (j->job) {
        size_t n = eddy__job_graph(j->job, &g);
        if (n) cb(ud, g, n);
    } else if (j->hook) {
        pthread_mutex_lock(&j->hook->mu);
        size_t n = j->hook->job ? eddy__job_graph(j->hook->job, &g) : 0;
        if (n) cb(ud, g, n);
        pthread_mutex_unlock(&j->hook->mu);
    }
}

void eddy__api_job_ck_stats(eddy_job *j, JobCheckpointStats *out) {
    memset(out, 0, sizeof *out);
    if (j->job) {
        eddy__job_checkpoint_stats(j->job, out);
    } else if (j->hook) {
        pthread_mutex_lock(&j->hook->mu);
        if (j->hook->job) eddy__job_checkpoint_stats(j->hook->job, out);
        else *out = j->hook->final_ck;
        pthread_mutex_unlock(&j->hook->mu);
    }
}

static int64_t ms_or_none(int64_t ns, bool have) { return have ? ns / 1000000 : -1; }

eddy_status eddy_job_checkpoint_stats(eddy_job *job, eddy_checkpoint_stats *out) {
    if (!out) return EDDY_E_MISUSE;
    memset(out, 0, sizeof *out);
    if (!job) return EDDY_E_MISUSE;
    JobCheckpointStats st;
    eddy__api_job_ck_stats(job, &st);
    bool have = st.completed > 0;
    out->completed = st.completed;
    out->failed = st.failed;
    out->in_progress = st.in_progress ? 1 : 0;
    out->last_id = have ? st.last_id : -1;
    out->last_trigger_time = have ? st.last_trigger_ms : -1;
    out->last_duration_ms = ms_or_none(st.last_duration_ns, have);
    out->last_size = have ? (int64_t)st.last_bytes : -1;
    out->last_full_size = have ? (int64_t)st.last_full_bytes : -1;
    out->last_alignment_ms = ms_or_none(st.last_alignment_ns, have);
    out->restores = st.restores;
    out->restored_id = st.restores ? st.restored_id : -1;
    out->last_restore_time = st.restores ? st.restore_ms : -1;
    out->restarts = eddy_job_restarts(job);
    return EDDY_OK;
}

/* ---- a listing for clients (SHOW JOBS) ------------------------------------------------------- */

eddy_result *eddy_tenv_listing_result(eddy_tenv *tenv, size_t ncols, const char *const *names, size_t nrows,
                                      const char *const *cells) {
    if (!tenv || !names || ncols == 0 || ncols > 64 || (nrows && !cells)) {
        if (tenv) eddy__api_err(tenv->env, EDDY_E_MISUSE, "listing_result: names, cells and 1..64 columns are required.");
        return NULL;
    }
    eddy_env *env = tenv->env;
    const Type *types[64];
    const char *nn[64];
    for (size_t i = 0; i < ncols; i++) {
        types[i] = eddy__type_string(true);
        nn[i] = eddy__arena_strdup(env->sa, names[i] ? names[i] : "");
        if (!nn[i]) return eddy__api_nomem(env);
    }
    Batch *b = eddy__batch_new_typed((int)ncols, types, nrows ? (uint32_t)nrows : 1);
    if (!b) return eddy__api_nomem(env);
    for (size_t r = 0; r < nrows; r++)
        for (size_t c = 0; c < ncols; c++) {
            const char *v = cells[r * ncols + c];
            if (v) eddy__vec_set_str(b->cols[c], (uint32_t)r, v, strlen(v));
            else eddy__vec_set_null(b->cols[c], (uint32_t)r);
        }
    b->n = b->count = (uint32_t)nrows;
    return eddy__api_static_result(tenv, EDDY_RESULT_SUCCESS_WITH_CONTENT, EDDY_STMT_SHOW, (int)ncols, nn, types, b);
}
