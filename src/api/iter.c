/*
 * iter.c -- iterators over the rows a running job collects
 * (executeAndCollect, TableResult.collect). The job runs on the worker pool
 * while the caller pulls rows; freeing the iterator early cancels the job.
 * Also the release of the API's jobs (a job that does not stop in time is
 * kept on the env, never freed under a running thread) and the hook through
 * which eddy_result_cancel reaches an iterator's job from another thread.
 */
#include "api/api.h"

eddy_status eddy__api_job_release(eddy_env *env, Job *job, Lifetime *lt) {
    if (!job) return EDDY_OK;
    EdErr err = {0};
    eddy_status rc = eddy__job_stop(job, &err);
    if (rc == EDDY_OK) {
        eddy__job_free(job);
        return EDDY_OK;
    }
    eddy__api_take(env, &err);
    /* the job's operators still use its plan: the job keeps its memory
     * (when it cannot be listed, the reference is never dropped) */
    eddy__lt_ref(lt);
    if (!ed_vec_push(&env->stuck, job)) {
        env->stuck_unlisted = true;
    } else if (!ed_vec_push(&env->stuck_lts, lt)) {
        env->stuck.len--; /* the two lists stay parallel */
        env->stuck_unlisted = true;
    }
    return rc;
}

static JobHook *hook_new(Job *job) {
    JobHook *h = eddy__calloc(1, sizeof *h);
    if (!h) return NULL;
    pthread_mutex_init(&h->mu, NULL);
    h->job = job;
    h->refs = 1;
    return h;
}

void eddy__api_hook_cancel(JobHook *h) {
    pthread_mutex_lock(&h->mu);
    if (h->job) eddy__job_cancel(h->job);
    pthread_mutex_unlock(&h->mu);
}

void eddy__api_hook_unref(JobHook *h) {
    if (!h) return;
    pthread_mutex_lock(&h->mu);
    bool last = --h->refs == 0;
    pthread_mutex_unlock(&h->mu);
    if (!last) return;
    pthread_mutex_destroy(&h->mu);
    eddy__free(h->final_error);
    eddy__free(h);
}

/* The tally of one kind as a count and a malloc'd report (NULL when none). */
static uint64_t tally_take(Job *job, bool late, char **report) {
    Buf b;
    eddy__buf_init(&b);
    uint64_t n = eddy__job_tally(job, late, &b);
    *report = n && !b.failed && eddy__buf_cstr(&b) ? eddy__buf_take(&b) : NULL;
    eddy__buf_free(&b);
    return n;
}

void eddy__api_tally_refresh(Job *job, MalInfo *m, bool late) {
    if (!job) return;
    char **report = late ? &m->late_report : &m->report;
    eddy__free(*report);
    *(late ? &m->late : &m->count) = tally_take(job, late, report);
}

void eddy__api_mal_take(Job *job, MalInfo *m) {
    eddy__api_tally_refresh(job, m, false);
    eddy__api_tally_refresh(job, m, true);
}

void eddy__api_mal_free(MalInfo *m) {
    eddy__free(m->report);
    eddy__free(m->late_report);
    *m = (MalInfo){0};
}

uint64_t eddy_iter_malformed_records(eddy_iter *it, const char **report) {
    if (report) *report = "";
    if (!it) return 0;
    eddy__api_tally_refresh(it->job, &it->mal, false);
    if (report && it->mal.report) *report = it->mal.report;
    return it->mal.count;
}

uint64_t eddy_iter_late_records(eddy_iter *it, const char **report) {
    if (report) *report = "";
    if (!it) return 0;
    eddy__api_tally_refresh(it->job, &it->mal, true);
    if (report && it->mal.late_report) *report = it->mal.late_report;
    return it->mal.late;
}

eddy_iter *eddy__api_iter_start(eddy_env *env, StreamNode *collect, const Type *type) {
    eddy_iter *it = eddy__calloc(1, sizeof *it);
    if (!it) return eddy__api_nomem(env);
    it->live_kind = LIVE_ITER;
    it->env = env;
    it->type = type;
    it->lt = eddy__lt_ref(env->cur_lt);
    eddy__arena_init(&it->scratch, 1024);
    JobConfig cfg;
    eddy__api_job_config(env, &cfg, "collect");
    EdErr err = {0};
    eddy_status rc = eddy__job_create(&cfg, &collect, 1, &it->job, &err);
    if (!rc && !(it->hook = hook_new(it->job))) rc = eddy__err(&err, EDDY_E_NOMEM, "out of memory");
    if (!rc) rc = eddy__job_start(it->job, &err);
    if (rc || !ed_vec_push(&env->live, it)) {
        if (!rc) eddy__err(&err, EDDY_E_NOMEM, "out of memory");
        eddy__api_take(env, &err);
        eddy__api_job_release(env, it->job, it->lt);
        eddy__api_hook_unref(it->hook);
        eddy__arena_destroy(&it->scratch);
        eddy__lt_unref(env, it->lt);
        eddy__free(it);
        return NULL;
    }
    it->started = true;
    return it;
}

eddy_iter *eddy__api_iter_static(eddy_env *env, const Type *type, Batch *rows) {
    eddy_iter *it = eddy__calloc(1, sizeof *it);
    if (!it) {
        eddy__batch_release(rows);
        return eddy__api_nomem(env);
    }
    it->live_kind = LIVE_ITER;
    it->env = env;
    it->type = type;
    it->cur = rows;
    it->is_static = true;
    it->lt = eddy__lt_ref(env->cur_lt);
    eddy__arena_init(&it->scratch, 1024);
    return it;
}

eddy_status eddy_iter_next(eddy_iter *it, const eddy_row **row) {
    if (!it || !row) return EDDY_E_MISUSE;
    *row = NULL;
    if (it->status != EDDY_OK) return it->status;
    if (it->done) return EDDY_DONE;
    eddy__arena_reset(&it->scratch);
    for (;;) {
        if (it->cur && it->pos < it->cur->count) {
            eddy__row_view(&it->row, it->type, it->cur, batch_row(it->cur, it->pos++), &it->scratch);
            *row = &it->row;
            return EDDY_ROW;
        }
        eddy__batch_release(it->cur);
        it->cur = NULL;
        if (it->is_static) {
            it->done = true;
            return EDDY_DONE;
        }
        Event ev;
        eddy_status rc = eddy__job_client_next(it->job, &ev, &it->err);
        if (rc) {
            it->status = rc;
            return rc;
        }
        if (ev.kind == EV_BATCH) {
            it->cur = ev.b;
            it->pos = 0;
        } else if (ev.kind == EV_END) {
            /* join the workers; a failure after the last row still counts */
            rc = eddy__job_wait(it->job, &it->err);
            if (rc) {
                it->status = rc;
                return rc;
            }
            it->done = true;
            return EDDY_DONE;
        }
    }
}

const char *eddy_iter_errmsg(const eddy_iter *it) {
    if (!it) return "NULL iterator";
    return it->err.msg ? it->err.msg : "";
}

eddy_status eddy__api_iter_destroy(eddy_iter *it) {
    eddy__api_mal_free(&it->mal);
    eddy__batch_release(it->cur);
    if (it->hook) {
        /* from here on a cancel on another thread finds no job */
        pthread_mutex_lock(&it->hook->mu);
        /* what eddy_job_status reports from now on: a job not ended yet is
         * cancelled by the release below */
        const char *e = NULL;
        JobState st = it->hook->job ? eddy__job_state(it->hook->job, &e) : JOB_CANCELED;
        if (e && !it->hook->final_error) it->hook->final_error = eddy__strdup(e);
        it->hook->final = st == JOB_RUNNING || st == JOB_RESTARTING || st == JOB_CREATED ? JOB_CANCELED : st;
        if (it->hook->job) {
            it->hook->final_restarts = eddy__job_restarts(it->hook->job);
            eddy__job_checkpoint_stats(it->hook->job, &it->hook->final_ck);
        }
        it->hook->job = NULL;
        pthread_mutex_unlock(&it->hook->mu);
        eddy__api_hook_unref(it->hook);
    }
    eddy_status rc = eddy__api_job_release(it->env, it->job, it->lt);
    eddy__err_clear(&it->err);
    eddy__arena_destroy(&it->scratch);
    eddy__lt_unref(it->env, it->lt);
    eddy__free(it);
    return rc;
}

void eddy_iter_free(eddy_iter *it) {
    if (!it) return;
    eddy__api_unlive(it->env, it);
    eddy__api_iter_destroy(it);
}
