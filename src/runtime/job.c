/*
 * job.c -- builds the job graph from the stream graph (resolving unions,
 * parallelism, partitioning and operator chaining), creates one task per
 * subtask with its operators and channels, and runs the tasks on a pool of
 * worker threads with a run queue. See job.h for the execution model.
 */
#include "runtime/job.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <time.h>

#include "runtime/checkpoint.h"
#include "runtime/hash.h"
#include "runtime/restart.h"

/* ---- channels ------------------------------------------------------------ */

typedef struct Channel {
    pthread_mutex_t mu;
    pthread_cond_t cv; /* client channels: signalled on push */
    Event *ring;
    uint32_t cap_slots, head, len;
    uint32_t batches;  /* batches queued (what counts toward capacity) */
    uint32_t capacity;
    Task *producer;
    Task *consumer;    /* NULL: the client */
    int input_index;
    /* the client channel of a job that restarts and checkpoints: its rows go
     * out only once a checkpoint after them completed (or the job ended), so
     * a restart never repeats what the client has seen (failover.c logic in
     * job.c, "failover"); after_barrier: batches behind the last barrier */
    bool gated;
    uint32_t after_barrier;
} Channel;

struct NetOut {
    PartKind part;
    int side; /* StreamInput.side of the edge */
    const KeySpec *key;
    int nch;
    Channel **ch;
    uint32_t rr;
    int max_par;
};

typedef enum { S_IDLE, S_QUEUED, S_RUNNING, S_RESCHED, S_DONE } SchedState;

struct Task {
    Job *job;
    int id;
    const char *name;
    int subtask, parallelism;
    Op *head;
    int nops;
    Op **ops; /* in chain order: a node before its chained successors */
    bool is_source;
    int nin;
    Channel **in;
    int64_t *in_wm;
    bool *in_ended;
    bool *in_idle; /* the channel's producer said its watermark status is IDLE */
    bool *in_barrier; /* the channel delivered the barrier being aligned: blocked */
    int64_t ck_id;    /* the last checkpoint this task took part in */
    int64_t ck_notified; /* the last completed checkpoint its operators were told of */
    int64_t align_id; /* the checkpoint being aligned (0: none) */
    int64_t align_begin_ns; /* when its first barrier came */
    int nended;
    int rr;
    int64_t cur_wm;
    int nout;
    Channel **out; /* every output channel, for the full check */
    atomic_int sched;
    bool opened, finished;
    int nopened; /* operators opened so far (closed at the end) */
    int idle_ms;
    int64_t wake_at_ns;
    /* metrics: time in task_step, and blocked on full outputs (ns; written
     * by the task's thread, read by any) */
    _Atomic int64_t busy_ns, bp_ns;
    int64_t bp_since_ns; /* when it stopped with full outputs (0: did not) */
    Task *timer_next;
    Task *rq_next;
    bool in_rq; /* in the run queue (under job->mu) */
    Arena arena;
    ArenaMark built; /* the arena once the job was built: a restart goes back to it */
    EdErr err;
};

/* An operator with a commit step and its instances, in subtask order. */
typedef struct CommitGroup {
    Op **ops;
    int n;
} CommitGroup;

/* The malformed records of one input (eddy__op_report_malformed), or the
 * late records one operator dropped (eddy__op_report_late: `where` is the
 * operator's name, `skipped` the count). */
typedef struct Malformed {
    char *where, *first_reason;
    uint64_t skipped, nulled;
    int64_t first_line;
    bool late;
} Malformed;

struct Job {
    JobConfig cfg;
    Arena arena;
    JobGraphNode *graph; /* the operators as built (eddy__job_graph) */
    size_t ngraph;
    int ntasks;
    Task **tasks;
    int nchannels;
    Channel **channels;
    Channel *client; /* collect sink's channel, or NULL */
    pthread_mutex_t mu; /* run queue, timers, error, lifecycle */
    pthread_cond_t cv;  /* workers wait on it for tasks */
    pthread_cond_t exit_cv; /* (CLOCK_MONOTONIC) the owner waits on it for the
                             * workers to exit; signalled on exit and on stop */
    Task *rq_head, *rq_tail;
    Task *timers;
    int tasks_done;
    atomic_bool stop;
    int64_t stop_ns;    /* eddy__mono_ns() when stop was set (the exit timeout
                         * runs from there; eddy__job_rearm moves it) */
    eddy_status status;
    EdErr err;
    bool reported;      /* eddy__job_wait handed out the end: cancel is a no-op */
    bool committing;    /* a worker runs the commit step (job_commit) */
    int exited;         /* workers that left worker_main */
    int nthreads;
    pthread_t *threads;
    bool started, joined;
    pthread_mutex_t mal_mu; /* guards mal */
    ED_VEC(Malformed) mal;
    MemBudget budget; /* managed memory of the operators' state */
    /* the operators with a commit step, each with its instances */
    int ncommits;
    CommitGroup *commits;
    bool unbounded;  /* a source is unbounded */
    bool commit_ran; /* the commit step ran (or is running) */
    /* the job's lifecycle for eddy__job_state: the first failure's status and
     * message kept (job->status / err are handed out by eddy__job_wait) */
    eddy_status final_status; /* under mu */
    char *final_msg;          /* under mu; set once */
    int64_t start_ns, end_ns; /* eddy__mono_ns() at start / when the workers left (under mu) */
    int64_t start_ms;         /* wall clock at start (ms since the epoch) */
    /* checkpointing: one checkpoint at a time, guarded by ck_mu */
    char job_id[33];
    pthread_mutex_t ck_mu;
    int64_t ck_triggered, ck_completed, ck_restored;
    bool ck_pending;
    int ck_acks;         /* tasks done with the pending checkpoint */
    int ck_sources_done; /* source tasks that finished: no new checkpoints */
    int64_t ck_next_ns;  /* eddy__mono_ns() of the next trigger */
    CkptWriter *ck_w;
    char *ck_shared;     /* incremental checkpoints: <dir>/<job id>/shared (NULL: full snapshots) */
    int64_t ck_begin_ns; /* when the pending checkpoint was triggered */
    int64_t ck_trigger_ms; /* the same, wall clock */
    int64_t ck_align_ns;   /* its longest alignment so far */
    JobCheckpointStats ck_stats;
    Checkpoint *restore;
    Buf restore_report;
    /* failover (restart strategies): under mu */
    RestartState rst;
    bool restarting;       /* a task failed and the job restarts: workers pause */
    int paused;            /* workers paused for the restart */
    int nplanned;          /* worker threads the job starts */
    int64_t restart_epoch; /* restarts done (the paused workers wait for it to move) */
    int64_t restart_delay_ms;
    /* savepoints (eddy__job_savepoint), under ck_mu: a request the sources
     * take up between batches as a checkpoint written to sp_dir */
    atomic_bool sp_wanted;
    atomic_bool sp_active; /* from the request until it ended: the sources look */
    char *sp_dir;        /* the request's directory */
    bool ck_is_sp;       /* the pending checkpoint is the savepoint */
    bool sp_done;        /* the request ended: sp_rc, sp_err, sp_path */
    eddy_status sp_rc;
    EdErr sp_err;
    char *sp_path;
    bool stopped_sp;     /* stopped with a savepoint: FINISHED (under mu) */
};

static void job_fail(Job *job, eddy_status code, EdErr *src);

static Channel *channel_new(Job *job, Task *producer, Task *consumer, int input_index) {
    Channel *c = eddy__calloc(1, sizeof *c);
    if (!c) return NULL;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    c->cap_slots = 8;
    c->ring = eddy__calloc(c->cap_slots, sizeof(Event));
    if (!c->ring) {
        eddy__free(c);
        return NULL;
    }
    c->capacity = (uint32_t)job->cfg.channel_capacity;
    c->producer = producer;
    c->consumer = consumer;
    c->input_index = input_index;
    job->channels[job->nchannels++] = c;
    return c;
}

static void channel_free(Channel *c) {
    for (uint32_t i = 0; i < c->len; i++) {
        Event *e = &c->ring[(c->head + i) % c->cap_slots];
        if (e->kind == EV_BATCH) eddy__batch_release(e->b);
    }
    eddy__free(c->ring);
    pthread_mutex_destroy(&c->mu);
    pthread_cond_destroy(&c->cv);
    eddy__free(c);
}

static void task_wake(Task *t);

/* Appends an event (taking ownership of ev->b). Never blocks: the capacity
 * is enforced by the scheduler, which does not run a producer whose output
 * channels are full. */
static bool channel_push(Channel *c, Event ev) {
    pthread_mutex_lock(&c->mu);
    if (c->len == c->cap_slots) {
        uint32_t ncap = c->cap_slots * 2;
        Event *nr = eddy__calloc(ncap, sizeof(Event));
        if (!nr) {
            pthread_mutex_unlock(&c->mu);
            if (ev.kind == EV_BATCH) eddy__batch_release(ev.b);
            return false;
        }
        for (uint32_t i = 0; i < c->len; i++) nr[i] = c->ring[(c->head + i) % c->cap_slots];
        eddy__free(c->ring);
        c->ring = nr;
        c->head = 0;
        c->cap_slots = ncap;
    }
    c->ring[(c->head + c->len) % c->cap_slots] = ev;
    c->len++;
    if (ev.kind == EV_BATCH) c->batches++;
    if (c->gated && ev.kind == EV_BATCH) c->after_barrier++;
    if (c->gated && ev.kind == EV_BARRIER) c->after_barrier = 0;
    if (!c->consumer) pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
    if (c->consumer) task_wake(c->consumer);
    return true;
}

/* Takes the next event if any; wakes the producer when the channel stops
 * being full. */
static bool channel_pop(Channel *c, Event *ev) {
    pthread_mutex_lock(&c->mu);
    if (c->len == 0) {
        pthread_mutex_unlock(&c->mu);
        return false;
    }
    *ev = c->ring[c->head];
    c->head = (c->head + 1) % c->cap_slots;
    c->len--;
    bool was_full = false;
    if (ev->kind == EV_BATCH) {
        was_full = c->batches >= c->capacity;
        c->batches--;
    }
    bool now_free = was_full && c->batches < c->capacity;
    pthread_mutex_unlock(&c->mu);
    if (now_free && c->producer) task_wake(c->producer);
    return true;
}

static bool channel_full(Channel *c) {
    pthread_mutex_lock(&c->mu);
    /* a gated channel holds what waits for its checkpoint without bound */
    bool full = c->batches - (c->gated ? c->after_barrier : 0) >= c->capacity;
    pthread_mutex_unlock(&c->mu);
    return full;
}

static bool channel_has_data(Channel *c) {
    pthread_mutex_lock(&c->mu);
    bool r = c->len > 0;
    pthread_mutex_unlock(&c->mu);
    return r;
}

/* ---- scheduling ---------------------------------------------------------- */

/* Caller holds job->mu. */
static void rq_push_locked(Job *job, Task *t) {
    if (t->in_rq) return;
    t->in_rq = true;
    t->rq_next = NULL;
    if (job->rq_tail) job->rq_tail->rq_next = t;
    else job->rq_head = t;
    job->rq_tail = t;
    pthread_cond_signal(&job->cv);
}

static void task_wake(Task *t) {
    for (;;) {
        int s = atomic_load(&t->sched);
        if (s == S_IDLE) {
            int exp = S_IDLE;
            if (atomic_compare_exchange_weak(&t->sched, &exp, S_QUEUED)) {
                pthread_mutex_lock(&t->job->mu);
                rq_push_locked(t->job, t);
                pthread_mutex_unlock(&t->job->mu);
                return;
            }
        } else if (s == S_RUNNING) {
            int exp = S_RUNNING;
            if (atomic_compare_exchange_weak(&t->sched, &exp, S_RESCHED)) return;
        } else {
            return; /* queued, already marked for a rerun, or done */
        }
    }
}

/* ---- operator output ------------------------------------------------------ */

static eddy_status send_net(Op *op, NetOut *no, Batch *b);

/* Fires the due timers of one domain of op (limit: the watermark, or the
 * clock). */
static eddy_status fire_timers(Op *op, TimeDomain d, int64_t limit) {
    TimerService *ts = op->vt->on_timer ? eddy__timers_peek(op->backend) : NULL;
    Timer t;
    while (ts && eddy__timers_pop(ts, d, limit, &t)) {
        eddy_status rc = op->vt->on_timer(op, &t);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* A new input watermark for op: its due event-time timers fire first, then
 * the operator sees (or forwards) the watermark -- Flink's order. */
static eddy_status op_watermark(Op *op, int64_t wm) {
    if (wm > op->input_watermark) {
        op->input_watermark = wm;
        atomic_store_explicit(&op->m_in_wm, wm, memory_order_relaxed);
    }
    eddy_status rc = fire_timers(op, TIME_EVENT, wm);
    if (rc) return rc;
    if (op->vt->push_watermark) return op->vt->push_watermark(op, wm);
    return eddy__op_emit_watermark(op, wm);
}

/* Due processing-time timers of the task's operators. In BATCH mode
 * processing time stands still until the end of input (finish_chain). */
static eddy_status fire_processing_timers(Task *t) {
    if (t->job->cfg.batch_mode) return EDDY_OK;
    for (int i = 0; i < t->nops; i++) {
        Op *op = t->ops[i];
        if (op->vt->on_processing_time) {
            eddy_status rc = op->vt->on_processing_time(op, eddy__clock_now(eddy__op_clock(op)));
            if (rc) return rc;
        }
        int64_t next;
        if (!op->vt->on_timer || !eddy__timers_next_time(eddy__timers_peek(op->backend), TIME_PROCESSING, &next))
            continue;
        int64_t now = eddy__clock_now(eddy__op_clock(op));
        if (next > now) continue;
        eddy_status rc = fire_timers(op, TIME_PROCESSING, now);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* A batch to the consumers of op's output `side` (0: the main one). */
static eddy_status emit_to(Op *op, int side, Batch *b) {
    if (b->count == 0) return EDDY_OK;
    bool counted = !op->task->job->cfg.metrics_off;
    if (counted) eddy__ctr_add(&op->rows_out, b->count);
    for (int i = 0; i < op->nchained; i++) {
        Op *c = op->chained[i];
        if (c->side != side) continue;
        if (counted) eddy__ctr_add(&c->rows_in, b->count);
        eddy_status rc = c->vt->push_batch(c, op->chained[i]->input_index, b);
        if (rc) return rc;
    }
    for (int i = 0; i < op->nnet; i++) {
        if (op->net[i]->side != side) continue;
        eddy_status rc = send_net(op, op->net[i], b);
        if (rc) return rc;
    }
    return EDDY_OK;
}

eddy_status eddy__op_emit(Op *op, Batch *b) { return emit_to(op, 0, b); }

eddy_status eddy__op_emit_side(Op *op, int side, Batch *b) { return emit_to(op, side, b); }

eddy_status eddy__op_emit_owned(void *op, Batch *b) {
    eddy_status rc = eddy__op_emit(op, b);
    eddy__batch_release(b);
    return rc;
}

/* A watermark or status event (no batch) to every channel of op's outputs. */
static eddy_status push_to_every_channel(Op *op, Event ev) {
    for (int i = 0; i < op->nnet; i++) {
        NetOut *no = op->net[i];
        for (int c = 0; c < no->nch; c++)
            if (!channel_push(no->ch[c], ev)) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    return EDDY_OK;
}

eddy_status eddy__op_emit_watermark(Op *op, int64_t wm) {
    if (op->batch_mode && wm != INT64_MAX) return EDDY_OK;
    if (wm <= op->watermark) return EDDY_OK;
    if (op->out_idle) {
        eddy_status rc = eddy__op_emit_idle(op, false);
        if (rc) return rc;
    }
    op->watermark = wm;
    atomic_store_explicit(&op->m_out_wm, wm, memory_order_relaxed);
    for (int i = 0; i < op->nchained; i++) {
        eddy_status rc = op_watermark(op->chained[i], wm);
        if (rc) return rc;
    }
    return push_to_every_channel(op, (Event){EV_WATERMARK, NULL, wm});
}

eddy_status eddy__op_emit_idle(Op *op, bool idle) {
    if (op->batch_mode || op->out_idle == idle) return EDDY_OK;
    op->out_idle = idle;
    /* a chained operator has this one input: its status is ours */
    for (int i = 0; i < op->nchained; i++) {
        eddy_status rc = eddy__op_emit_idle(op->chained[i], idle);
        if (rc) return rc;
    }
    return push_to_every_channel(op, (Event){EV_STATUS, NULL, idle});
}

int64_t eddy__op_auto_watermark_interval(const Op *op) { return op->task->job->cfg.auto_watermark_interval_ms; }

int64_t eddy__op_checkpoint_interval(const Op *op) { return op->task->job->cfg.checkpoint_interval_ms; }

int64_t eddy__op_checkpoint_completed(const Op *op) {
    Job *job = op->task->job;
    pthread_mutex_lock(&job->ck_mu);
    int64_t id = job->ck_completed;
    pthread_mutex_unlock(&job->ck_mu);
    return id;
}

eddy_status eddy__op_fail(Op *op, eddy_status code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(&op->task->err, code, fmt, ap);
    va_end(ap);
    return code;
}

EdErr *eddy__op_err(Op *op) { return &op->task->err; }

eddy_status eddy__op_position_i64(Buf *out, const int64_t *v, size_t n) {
    eddy__buf_put(out, v, n * sizeof *v);
    return EDDY_OK;
}

eddy_status eddy__op_seek_i64(Op *op, const void *pos, size_t len, int64_t *v, size_t n) {
    if (len != n * sizeof *v)
        return eddy__op_fail(op, EDDY_E_RUNTIME,
                             "The position of source '%s' in the checkpoint is not valid (%zu bytes, expected %zu).",
                             op->node->name, len, n * sizeof *v);
    memcpy(v, pos, len);
    return EDDY_OK;
}

const Clock *eddy__op_clock(const Op *op) {
    const Clock *c = op->task->job->cfg.clock;
    return c ? c : eddy__clock_system();
}

eddy_status eddy__op_state(Op *op, StateBackend **out) {
    if (!op->backend) {
        StateBackendConfig cfg = {.uid = op->uid,
                                  .op_name = op->mem.owner,
                                  .max_parallelism = op->max_parallelism,
                                  .subtask = op->subtask,
                                  .parallelism = op->parallelism,
                                  .account = &op->mem,
                                  .clock = eddy__op_clock(op),
                                  .err = &op->task->err,
                                  .vtab = op->task->job->cfg.batch_mode ? NULL : op->task->job->cfg.state_backend,
                                  .local_dir = op->task->job->cfg.rocksdb_localdir};
        eddy__state_group_range(op->max_parallelism, op->parallelism, op->subtask, &cfg.first_group, &cfg.last_group);
        eddy_status rc = eddy__state_backend_new(&cfg, &op->backend);
        if (rc) return rc;
    }
    *out = op->backend;
    return EDDY_OK;
}

eddy_status eddy__op_snapshot(Op *op, int64_t checkpoint_id, const char *shared_dir, StateFileRefs *refs, Buf *out) {
    if (op->vt->snapshot) {
        eddy_status rc = op->vt->snapshot(op, checkpoint_id);
        if (rc) return rc;
    }
    if (!op->backend) return EDDY_OK;
    int first, last, max_par;
    eddy__state_backend_range(op->backend, &first, &last, &max_par);
    if (first > last) return EDDY_OK; /* more subtasks than key groups: this one has none */
    if (shared_dir && refs && eddy__state_incremental_capable(op->backend))
        return eddy__state_snapshot_incremental(op->backend, shared_dir, out, refs);
    return eddy__state_snapshot(op->backend, first, last, out);
}

eddy_status eddy__op_block_input(Op *op, int input, bool blocked) {
    Task *t = op->task;
    if (op != t->head || input < 0 || input >= 32)
        return eddy__op_fail(op, EDDY_E_INTERNAL, "operator %s cannot block input %d", op->node->name, input);
    uint32_t bit = 1u << input, next = blocked ? op->blocked | bit : op->blocked & ~bit;
    if (blocked) {
        /* refuse to block the last input still open and unblocked */
        bool other = false;
        for (int i = 0; i < t->nin && !other; i++) {
            int in = t->in[i]->input_index;
            other = !t->in_ended[i] && (in >= 32 || !(next & (1u << in)));
        }
        if (!other) return eddy__op_fail(op, EDDY_E_INTERNAL, "operator %s cannot block its every input", op->node->name);
    }
    op->blocked = next;
    if (!blocked) task_wake(t); /* its channels may hold events already */
    return EDDY_OK;
}

bool eddy__op_cancelled(const Op *op) { return atomic_load(&op->task->job->stop); }

/* Adds to the job's tally of `where` (of kind `late`), creating it with
 * first_line / first_reason. */
static eddy_status job_tally_add(Op *op, bool late, const char *where, uint64_t skipped, uint64_t nulled,
                                 int64_t first_line, const char *first_reason) {
    Job *job = op->task->job;
    eddy_status rc = EDDY_OK;
    pthread_mutex_lock(&job->mal_mu);
    Malformed *m = NULL;
    for (size_t i = 0; i < job->mal.len && !m; i++)
        if (job->mal.items[i].late == late && !strcmp(job->mal.items[i].where, where)) m = &job->mal.items[i];
    if (!m) {
        Malformed fresh = {eddy__strdup(where), eddy__strdup(first_reason), 0, 0, first_line, late};
        if (!fresh.where || !fresh.first_reason || !ed_vec_push(&job->mal, fresh)) {
            eddy__free(fresh.where);
            eddy__free(fresh.first_reason);
            rc = EDDY_E_NOMEM;
        } else {
            m = &job->mal.items[job->mal.len - 1];
        }
    }
    if (m) {
        m->skipped += skipped;
        m->nulled += nulled;
    }
    pthread_mutex_unlock(&job->mal_mu);
    return rc ? eddy__op_fail(op, rc, "out of memory") : EDDY_OK;
}

eddy_status eddy__op_report_malformed(Op *op, const char *where, uint64_t skipped, uint64_t nulled,
                                      int64_t first_line, const char *first_reason) {
    if (!skipped && !nulled) return EDDY_OK;
    return job_tally_add(op, false, where, skipped, nulled, first_line, first_reason);
}

eddy_status eddy__op_report_late(Op *op, uint64_t n) {
    if (!n) return EDDY_OK;
    eddy__ctr_add(&op->late_dropped, n);
    return job_tally_add(op, true, op->node->name, n, 0, 0, "");
}

uint64_t eddy__job_tally(Job *job, bool late, Buf *report) {
    uint64_t total = 0;
    pthread_mutex_lock(&job->mal_mu);
    for (size_t i = 0; i < job->mal.len; i++) {
        const Malformed *m = &job->mal.items[i];
        if (m->late != late) continue;
        uint64_t n = m->skipped + m->nulled;
        total += n;
        if (!report) continue;
        if (late) {
            eddy__buf_printf(report, "%llu late record%s dropped by %s (behind the watermark)\n", (unsigned long long)n,
                             n == 1 ? "" : "s", m->where);
            continue;
        }
        eddy__buf_printf(report, "%llu malformed record%s in %s (", (unsigned long long)n, n == 1 ? "" : "s", m->where);
        if (m->skipped) eddy__buf_printf(report, "%llu skipped", (unsigned long long)m->skipped);
        if (m->skipped && m->nulled) eddy__buf_puts(report, ", ");
        if (m->nulled) eddy__buf_printf(report, "%llu with fields set to NULL", (unsigned long long)m->nulled);
        eddy__buf_printf(report, "); first at line %lld: %s\n", (long long)m->first_line, m->first_reason);
    }
    pthread_mutex_unlock(&job->mal_mu);
    return total;
}

/* Runs the commit step of every operator that has one (OpVtab.commit);
 * the first error fails the job. COMMIT_FINISHED: called by the worker that
 * finished the last task, without job->mu held; COMMIT_CANCELLED: by
 * job_join once the workers are gone. */
static void job_commit(Job *job, CommitKind kind) {
    job->commit_ran = true;
    for (int i = 0; i < job->ncommits; i++) {
        CommitGroup *g = &job->commits[i];
        eddy_status rc = g->ops[0]->vt->commit(g->ops, g->n, kind);
        if (!rc) continue;
        EdErr *e = NULL;
        for (int k = 0; k < g->n && !e; k++)
            if (eddy__err_is_set(&g->ops[k]->task->err)) e = &g->ops[k]->task->err;
        if (kind == COMMIT_FINISHED) {
            job_fail(job, rc, e);
        } else {
            /* the cancel is reported as the failure to commit */
            pthread_mutex_lock(&job->mu);
            job->status = rc;
            eddy__err_clear(&job->err);
            if (e) eddy__err_move(&job->err, e);
            else eddy__err(&job->err, rc, "%s", eddy_status_str(rc));
            pthread_mutex_unlock(&job->mu);
        }
        return;
    }
}

static eddy_status push_to(Op *op, Channel *c, Batch *b) {
    if (!channel_push(c, (Event){EV_BATCH, eddy__batch_retain(b), 0}))
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

static eddy_status send_net(Op *op, NetOut *no, Batch *b) {
    switch (no->part) {
    case PART_DEFAULT:
    case PART_FORWARD:
    case PART_GLOBAL: return push_to(op, no->ch[0], b);
    case PART_REBALANCE: {
        Channel *c = no->ch[(no->rr++) % (uint32_t)no->nch];
        return push_to(op, c, b);
    }
    case PART_BROADCAST:
        for (int i = 0; i < no->nch; i++) {
            eddy_status rc = push_to(op, no->ch[i], b);
            if (rc) return rc;
        }
        return EDDY_OK;
    case PART_HASH: break;
    }
    if (no->nch == 1) return push_to(op, no->ch[0], b);
    /* Hash partitioning: route each row by its key group. */
    uint32_t n = b->count;
    uint32_t *targets = eddy__malloc(sizeof(uint32_t) * (n ? n : 1));
    if (!targets) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = eddy__key_targets(no->key, b, no->max_par, no->nch, targets, &op->task->err);
    if (rc) {
        eddy__free(targets);
        return rc;
    }
    uint32_t first = n ? targets[0] : 0;
    bool single = true;
    for (uint32_t i = 1; i < n && single; i++) single = targets[i] == first;
    if (single) {
        eddy__free(targets);
        return push_to(op, no->ch[first], b);
    }
    uint32_t *counts = eddy__calloc((size_t)no->nch, sizeof(uint32_t));
    if (!counts) {
        eddy__free(targets);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    for (uint32_t i = 0; i < n; i++) counts[targets[i]]++;
    for (int t = 0; t < no->nch && !rc; t++) {
        if (!counts[t]) continue;
        Batch *part = eddy__batch_share(b);
        uint32_t *sel = eddy__malloc(sizeof(uint32_t) * counts[t]);
        if (!part || !sel) {
            eddy__batch_release(part);
            eddy__free(sel);
            rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            break;
        }
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (targets[i] == (uint32_t)t) sel[k++] = batch_row(b, i);
        eddy__batch_set_sel(part, sel, k);
        if (!channel_push(no->ch[t], (Event){EV_BATCH, part, 0})) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    eddy__free(counts);
    eddy__free(targets);
    return rc;
}

/* ---- task execution -------------------------------------------------------- */

static bool outputs_full(Task *t) {
    for (int i = 0; i < t->nout; i++)
        if (channel_full(t->out[i])) return true;
    return false;
}

static bool input_blocked(const Task *t, int i) {
    if (t->in_barrier && t->in_barrier[i]) return true;
    int in = t->in[i]->input_index;
    return t->head->blocked && in < 32 && (t->head->blocked & (1u << in));
}

static bool has_input(Task *t) {
    for (int i = 0; i < t->nin; i++)
        if (!t->in_ended[i] && !input_blocked(t, i) && channel_has_data(t->in[i])) return true;
    return false;
}

static bool task_runnable(Task *t) {
    if (t->finished) return false;
    if (outputs_full(t)) return false;
    if (t->is_source) return t->wake_at_ns == 0;
    return t->nin == 0 || has_input(t);
}

static eddy_status finish_chain(Task *t) {
    for (int i = 0; i < t->nops; i++) {
        Op *op = t->ops[i];
        /* BATCH: processing time does not advance; what is registered fires
         * now, before the operator finishes */
        if (t->job->cfg.batch_mode && op->vt->on_timer) {
            int64_t next;
            while (eddy__timers_next_time(eddy__timers_peek(op->backend), TIME_PROCESSING, &next)) {
                eddy_status rc = fire_timers(op, TIME_PROCESSING, INT64_MAX);
                if (rc) return rc;
            }
        }
        /* a chained operator's one input ends with its predecessor */
        if (op != t->head && op->vt->end_input) {
            eddy_status rc = op->vt->end_input(op, op->input_index);
            if (rc) return rc;
        }
        if (op->vt->finish) {
            eddy_status rc = op->vt->finish(op);
            if (rc) return rc;
        }
    }
    return EDDY_OK;
}

static eddy_status source_barrier(Task *t, bool finishing);

static eddy_status task_finish(Task *t) {
    eddy_status rc = EDDY_OK;
    if (t->is_source && !t->job->cfg.batch_mode) rc = source_barrier(t, true);
    if (!rc && t->is_source) rc = eddy__op_emit_watermark(t->head, INT64_MAX);
    if (!rc) rc = finish_chain(t);
    if (rc) return rc;
    for (int i = 0; i < t->nout; i++)
        if (!channel_push(t->out[i], (Event){EV_END, NULL, 0})) return eddy__err(&t->err, EDDY_E_NOMEM, "out of memory");
    t->finished = true;
    return EDDY_OK;
}

/* The minimum watermark of the inputs that are active and aligned: an
 * input back from idleness counts again once its watermark has caught up
 * with the task's (so the task's watermark never goes back). */
static int64_t min_input_wm(Task *t) {
    int64_t m = INT64_MAX;
    bool open = false, counted = false;
    for (int i = 0; i < t->nin; i++) {
        if (t->in_ended[i]) continue;
        open = true;
        if (t->in_idle[i] || t->in_wm[i] < t->cur_wm) continue;
        counted = true;
        if (t->in_wm[i] < m) m = t->in_wm[i];
    }
    /* inputs left but none counts (idle, or catching up): no progress */
    return open && !counted ? t->cur_wm : m;
}

static eddy_status advance_wm(Task *t);

/* An input's watermark status changed. Every input idle: the task's
 * watermark goes to the largest of theirs and the task is idle itself; an
 * input active again makes the task active. */
static eddy_status input_status(Task *t, int i, bool idle) {
    if (t->in_idle[i] == idle) return EDDY_OK;
    t->in_idle[i] = idle;
    bool all_idle = true;
    int64_t max = INT64_MIN;
    for (int k = 0; k < t->nin; k++) {
        if (t->in_ended[k]) continue;
        if (!t->in_idle[k]) all_idle = false;
        if (t->in_wm[k] > max) max = t->in_wm[k];
    }
    if (!all_idle) {
        eddy_status rc = eddy__op_emit_idle(t->head, false);
        if (rc) return rc;
        return advance_wm(t);
    }
    if (max > t->cur_wm) {
        t->cur_wm = max;
        eddy_status rc = op_watermark(t->head, max);
        if (rc) return rc;
    }
    return eddy__op_emit_idle(t->head, true);
}

static eddy_status advance_wm(Task *t) {
    int64_t m = min_input_wm(t);
    if (m > t->cur_wm) {
        t->cur_wm = m;
        return op_watermark(t->head, m);
    }
    return EDDY_OK;
}

/* The head's logical input `input` ended when every channel feeding it
 * has. */
static eddy_status end_logical_input(Task *t, int input) {
    if (!t->head->vt->end_input) return EDDY_OK;
    for (int i = 0; i < t->nin; i++)
        if (t->in[i]->input_index == input && !t->in_ended[i]) return EDDY_OK;
    return t->head->vt->end_input(t->head, input);
}

/* ---- checkpoints ------------------------------------------------------------ */

/* The savepoint's last ack: its _metadata written, the request answered
 * (its failure is the request's, not the job's). */
static eddy_status savepoint_complete(Job *job, CkptWriter *w) {
    char *path = eddy__strdup(eddy__ckpt_writer_path(w));
    EdErr err = {0};
    eddy_status rc = path ? eddy__ckpt_complete(w, 1, &err) : eddy__err(&err, EDDY_E_NOMEM, "out of memory");
    if (!path) eddy__ckpt_abort(w);
    pthread_mutex_lock(&job->ck_mu);
    job->ck_pending = job->ck_is_sp = false;
    job->sp_rc = rc;
    eddy__err_move(&job->sp_err, &err);
    eddy__free(job->sp_path);
    job->sp_path = rc ? NULL : path;
    if (rc) eddy__free(path);
    job->sp_done = true;
    job->ck_next_ns = eddy__mono_ns() + job->cfg.checkpoint_interval_ms * 1000000;
    pthread_mutex_unlock(&job->ck_mu);
    return EDDY_OK;
}

/* The pending checkpoint `id` is done for this task: the last ack completes
 * it (_metadata written, retention applied) on this worker. */
static eddy_status ck_ack(Task *t, int64_t id) {
    Job *job = t->job;
    CkptWriter *done = NULL;
    bool is_sp = false;
    pthread_mutex_lock(&job->ck_mu);
    if (job->ck_pending && job->ck_triggered == id && ++job->ck_acks == job->ntasks) {
        done = job->ck_w;
        job->ck_w = NULL;
        is_sp = job->ck_is_sp;
    }
    pthread_mutex_unlock(&job->ck_mu);
    if (!done) return EDDY_OK;
    if (is_sp) return savepoint_complete(job, done);
    uint64_t bytes = eddy__ckpt_writer_bytes(done), full = eddy__ckpt_writer_full_bytes(done);
    eddy_status rc = eddy__ckpt_complete(done, job->cfg.checkpoint_retained, &t->err);
    pthread_mutex_lock(&job->ck_mu);
    job->ck_pending = false;
    JobCheckpointStats *st = &job->ck_stats;
    if (!rc) {
        job->ck_completed = id;
        st->completed++;
        st->last_id = id;
        st->last_duration_ns = eddy__mono_ns() - job->ck_begin_ns;
        st->last_bytes = bytes;
        st->last_full_bytes = full;
        st->total_bytes += bytes;
        st->last_alignment_ns = job->ck_align_ns;
        st->last_trigger_ms = job->ck_trigger_ms;
        st->total_duration_ns += st->last_duration_ns;
        st->hist[st->hist_next] =
            (JobCheckpointRec){id, job->ck_trigger_ms, st->last_duration_ns, job->ck_align_ns, bytes, full};
        st->hist_next = (st->hist_next + 1) % JOB_CK_HISTORY;
        if (st->hist_len < JOB_CK_HISTORY) st->hist_len++;
    } else {
        st->failed++;
    }
    job->ck_next_ns = eddy__mono_ns() + job->cfg.checkpoint_interval_ms * 1000000;
    pthread_mutex_unlock(&job->ck_mu);
    if (!rc && job->client && job->client->gated) {
        /* rows the checkpoint covers may go to the client now */
        pthread_mutex_lock(&job->client->mu);
        pthread_cond_broadcast(&job->client->cv);
        pthread_mutex_unlock(&job->client->mu);
    }
    return rc;
}

/* Tells the task's operators that have a checkpoint_complete member of the
 * newest completed checkpoint, once (on the task's thread, between events). */
static eddy_status task_notify_checkpoints(Task *t) {
    if (t->job->cfg.checkpoint_interval_ms <= 0 || t->finished) return EDDY_OK;
    bool any = false;
    for (int i = 0; i < t->nops && !any; i++) any = t->ops[i]->vt->checkpoint_complete != NULL;
    if (!any) return EDDY_OK;
    int64_t id = eddy__op_checkpoint_completed(t->head);
    if (id <= t->ck_notified) return EDDY_OK;
    t->ck_notified = id;
    for (int i = 0; i < t->nops; i++)
        if (t->ops[i]->vt->checkpoint_complete) {
            eddy_status rc = t->ops[i]->vt->checkpoint_complete(t->ops[i], id);
            if (rc) return rc;
        }
    return EDDY_OK;
}

/* Snapshots every operator of the chain (in chain order: what one emits
 * from its snapshot hook reaches the next before that one is snapshotted)
 * into the pending checkpoint, forwards the barrier, acknowledges. */
static eddy_status task_checkpoint(Task *t, int64_t id) {
    Job *job = t->job;
    Buf b, pos;
    eddy__buf_init(&b);
    eddy__buf_init(&pos);
    eddy_status rc = EDDY_OK;
    int64_t ser_ns = 0, write_ns = 0;
    /* savepoints stay full (canonical) snapshots */
    pthread_mutex_lock(&job->ck_mu);
    const char *shared = job->ck_is_sp ? NULL : job->ck_shared;
    pthread_mutex_unlock(&job->ck_mu);
    StateFileRefs refs = {0};
    ED_VEC(CkptRef) crefs = {0};
    for (int i = 0; i < t->nops && !rc; i++) {
        Op *op = t->ops[i];
        eddy__buf_truncate(&b, 0);
        eddy__buf_truncate(&pos, 0);
        eddy__state_file_refs_free(&refs);
        crefs.len = 0;
        int64_t t0 = eddy__mono_ns();
        /* an incremental snapshot uploads its new files to shared/ here,
         * outside the lock (no other checkpoint runs meanwhile) */
        rc = eddy__op_snapshot(op, id, shared, &refs, &b);
        if (!rc && op == t->head && t->is_source) {
            if (!op->vt->position)
                rc = eddy__op_fail(op, EDDY_E_UNSUPPORTED,
                                   "not supported yet: checkpoints of a job with the source '%s' (it cannot report "
                                   "its position)",
                                   op->node->name);
            else rc = op->vt->position(op, &pos);
        }
        if (!rc && (b.failed || pos.failed)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        for (size_t k = 0; !rc && k < refs.files.len; k++) {
            CkptRef r = {refs.files.items[k].name, refs.files.items[k].size, refs.files.items[k].sum};
            if (!ed_vec_push(&crefs, r)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        int64_t t1 = eddy__mono_ns();
        ser_ns += t1 - t0;
        if (rc || (!b.len && !pos.len)) continue;
        pthread_mutex_lock(&job->ck_mu);
        if (job->ck_w && job->ck_triggered == id)
            rc = eddy__ckpt_write_part(job->ck_w, op->uid, op->subtask, b.data, b.len, pos.data, pos.len, crefs.items,
                                       crefs.len, refs.uploaded, &t->err);
        pthread_mutex_unlock(&job->ck_mu);
        write_ns += eddy__mono_ns() - t1;
    }
    eddy__state_file_refs_free(&refs);
    ed_vec_free(&crefs);
    eddy__buf_free(&b);
    eddy__buf_free(&pos);
    pthread_mutex_lock(&job->ck_mu);
    job->ck_stats.snapshot_ns += ser_ns;
    job->ck_stats.write_ns += write_ns;
    pthread_mutex_unlock(&job->ck_mu);
    if (rc) return rc;
    for (int i = 0; i < t->nout; i++)
        if (!channel_push(t->out[i], (Event){EV_BARRIER, NULL, id})) return eddy__err(&t->err, EDDY_E_NOMEM, "out of memory");
    t->ck_id = id;
    return ck_ack(t, id);
}

/* Sources, between batches: trigger a checkpoint when the interval has
 * passed (none while one is pending, none once a source has finished: its
 * position could not be taken any more), and take part in the pending one.
 * finishing: the source is at its end (its last chance). */
/* Starts the requested savepoint as the pending checkpoint (ck_mu held);
 * a job with a finished source cannot take one. */
static void savepoint_begin(Job *job) {
    atomic_store(&job->sp_wanted, false);
    int64_t nid = job->ck_triggered + 1;
    eddy_status rc;
    if (job->ck_sources_done)
        rc = eddy__err(&job->sp_err, EDDY_E_UNSUPPORTED,
                       "not supported yet: a savepoint of job %s after one of its sources finished", job->job_id);
    else
        rc = eddy__ckpt_begin_savepoint(job->sp_dir, job->job_id, nid,
                                        eddy__hash_u64((uint64_t)eddy__mono_ns() ^ (uint64_t)(uintptr_t)job), &job->ck_w,
                                        &job->sp_err);
    if (rc) {
        job->sp_rc = rc;
        job->sp_done = true;
        return;
    }
    job->ck_triggered = nid;
    job->ck_pending = true;
    job->ck_is_sp = true;
    job->ck_acks = 0;
}

static eddy_status source_barrier(Task *t, bool finishing) {
    Job *job = t->job;
    int64_t id = 0;
    eddy_status rc = EDDY_OK;
    pthread_mutex_lock(&job->ck_mu);
    if (finishing) {
        job->ck_sources_done++;
    } else if (!job->ck_pending && atomic_load(&job->sp_wanted)) {
        savepoint_begin(job);
    } else if (!job->ck_pending && !job->ck_sources_done && job->cfg.checkpoint_interval_ms > 0 &&
               eddy__mono_ns() >= job->ck_next_ns) {
        int64_t nid = job->ck_triggered + 1;
        rc = eddy__ckpt_begin(job->cfg.checkpoint_dir, job->job_id, nid, &job->ck_w, &t->err);
        if (!rc) {
            job->ck_begin_ns = eddy__mono_ns();
            job->ck_trigger_ms = eddy__wall_ms();
            job->ck_align_ns = 0;
            job->ck_triggered = nid;
            job->ck_pending = true;
            job->ck_is_sp = false;
            job->ck_acks = 0;
        }
    }
    if (job->ck_pending && job->ck_triggered > t->ck_id) id = job->ck_triggered;
    pthread_mutex_unlock(&job->ck_mu);
    if (rc) return rc;
    return id ? task_checkpoint(t, id) : EDDY_OK;
}

/* Aligned once every open channel delivered the barrier: then the blocked
 * channels open again and the task takes its checkpoint. */
static eddy_status try_align(Task *t) {
    for (int i = 0; i < t->nin; i++)
        if (!t->in_ended[i] && !t->in_barrier[i]) return EDDY_OK;
    int64_t id = t->align_id;
    for (int i = 0; i < t->nin; i++) t->in_barrier[i] = false;
    t->align_id = 0;
    if (t->nin > 1) {
        int64_t took = eddy__mono_ns() - t->align_begin_ns;
        pthread_mutex_lock(&t->job->ck_mu);
        if (t->job->ck_triggered == id && took > t->job->ck_align_ns) t->job->ck_align_ns = took;
        pthread_mutex_unlock(&t->job->ck_mu);
    }
    return task_checkpoint(t, id);
}

/* Barrier `id` arrived on channel i: block the channel until the others
 * deliver it (aligned barriers: nothing after the barrier is processed
 * before the snapshot). Blocking only waits for barriers already on their
 * way (every producer sends one to all its channels at once), the deadlock
 * rule of eddy__op_block_input. */
static eddy_status on_barrier(Task *t, int i, int64_t id) {
    if (id <= t->ck_id) return EDDY_OK;
    if (t->align_id != id) t->align_begin_ns = eddy__mono_ns();
    t->align_id = id;
    t->in_barrier[i] = true;
    return try_align(t);
}

/* Handles one input event; sets *progress when it found one. */
static eddy_status task_consume_one(Task *t, bool *progress) {
    *progress = false;
    for (int k = 0; k < t->nin; k++) {
        int i = (t->rr + k) % t->nin;
        if (t->in_ended[i] || input_blocked(t, i)) continue;
        Event ev;
        if (!channel_pop(t->in[i], &ev)) continue;
        t->rr = (i + 1) % t->nin;
        *progress = true;
        eddy_status rc = EDDY_OK;
        if (ev.kind == EV_BATCH) {
            if (!t->job->cfg.metrics_off) eddy__ctr_add(&t->head->rows_in, ev.b->count);
            rc = t->head->vt->push_batch(t->head, t->in[i]->input_index, ev.b);
            eddy__batch_release(ev.b);
        } else if (ev.kind == EV_WATERMARK) {
            /* a watermark on an idle input is ignored */
            if (!t->in_idle[i] && ev.wm > t->in_wm[i]) t->in_wm[i] = ev.wm;
            rc = advance_wm(t);
        } else if (ev.kind == EV_STATUS) {
            rc = input_status(t, i, ev.wm != 0);
        } else if (ev.kind == EV_BARRIER) {
            rc = on_barrier(t, i, ev.wm);
        } else {
            t->in_ended[i] = true;
            t->nended++;
            rc = end_logical_input(t, t->in[i]->input_index);
            if (rc) return rc;
            /* an ended channel counts as aligned */
            if (t->align_id && (rc = try_align(t))) return rc;
            if (t->nended == t->nin) {
                rc = task_finish(t);
            } else {
                rc = advance_wm(t);
            }
        }
        return rc;
    }
    return EDDY_OK;
}

/* Restores op's state from the job's checkpoint before open: every part of
 * its uid (key groups outside the instance's range are dropped, operator
 * list state is split evenly). *restored: whether there was any. */
static eddy_status op_restore_state(Op *op, bool *restored) {
    const Checkpoint *c = op->task->job->restore;
    *restored = false;
    size_t n = 0;
    for (size_t i = 0; i < c->nparts; i++) n += c->parts[i].len && !strcmp(c->parts[i].uid, op->uid);
    if (!n) return EDDY_OK;
    const void **data = eddy__arena_alloc(op->arena, n * sizeof *data);
    size_t *len = eddy__arena_alloc(op->arena, n * sizeof *len);
    if (!data || !len) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    n = 0;
    for (size_t i = 0; i < c->nparts; i++)
        if (c->parts[i].len && !strcmp(c->parts[i].uid, op->uid)) data[n] = c->parts[i].data, len[n++] = c->parts[i].len;
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (!rc) rc = eddy__state_restore_from(be, data, len, (int)n, c->shared_dir);
    *restored = rc == EDDY_OK;
    return rc;
}

static eddy_status task_open(Task *t) {
    t->opened = true;
    const Checkpoint *c = t->job->restore;
    for (int i = 0; i < t->nops; i++) {
        Op *op = t->ops[i];
        t->nopened = i + 1;
        bool restored = false;
        eddy_status rc = c ? op_restore_state(op, &restored) : EDDY_OK;
        if (!rc && op->vt->open) rc = op->vt->open(op);
        if (!rc && restored && op->vt->restore) rc = op->vt->restore(op);
        const CkptPart *p = c && !rc && op == t->head && t->is_source ? eddy__ckpt_find(c, op->uid, op->subtask) : NULL;
        if (p && p->pos_len) rc = op->vt->seek(op, p->pos, p->pos_len);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static void task_close(Task *t) {
    for (int i = t->nopened - 1; i >= 0; i--) {
        Op *op = t->ops[i];
        if (op->vt->close) op->vt->close(op);
        op->state = NULL;
        atomic_store(&op->closed_bytes, eddy__mem_bytes(&op->mem));
        eddy__state_backend_free(op->backend);
        op->backend = NULL;
    }
}

/* Runs a task for a bounded number of events. */
static eddy_status task_step(Task *t) {
    eddy_status rc = EDDY_OK;
    if (!t->opened && (rc = task_open(t))) return rc;
    for (int budget = 16; budget > 0 && !t->finished; budget--) {
        if (atomic_load(&t->job->stop)) return EDDY_OK;
        if (outputs_full(t)) break;
        if ((rc = fire_processing_timers(t))) break;
        if ((rc = task_notify_checkpoints(t))) break;
        if (t->is_source) {
            if (t->wake_at_ns) break;
            if ((t->job->cfg.checkpoint_interval_ms > 0 || atomic_load(&t->job->sp_active)) &&
                (rc = source_barrier(t, false)))
                break;
            rc = t->head->vt->produce(t->head);
            if (rc == EDDY_DONE) {
                rc = task_finish(t);
                break;
            }
            if (rc == EDDY_ROW) {
                /* nothing available now: back off (1..16 ms) */
                t->idle_ms = t->idle_ms ? ED_MIN(t->idle_ms * 2, 16) : 1;
                t->wake_at_ns = eddy__mono_ns() + (int64_t)t->idle_ms * 1000000;
                rc = EDDY_OK;
                break;
            }
            if (rc) break;
            t->idle_ms = 0;
        } else if (t->nin == 0) {
            rc = task_finish(t);
            break;
        } else {
            bool progress;
            rc = task_consume_one(t, &progress);
            if (rc || !progress) break;
        }
    }
    return rc;
}

static void job_fail(Job *job, eddy_status code, EdErr *src) {
    pthread_mutex_lock(&job->mu);
    if (job->reported || job->tasks_done == job->ntasks) {
        /* the job has ended: nothing to stop, nothing to fail */
        pthread_mutex_unlock(&job->mu);
        if (src) eddy__err_clear(src);
        return;
    }
    if (!atomic_load(&job->stop)) job->stop_ns = eddy__mono_ns();
    if (job->final_status == EDDY_OK) {
        job->final_status = code;
        const char *m = src && src->msg ? src->msg : eddy_status_str(code);
        job->final_msg = eddy__strdup(m);
    }
    if (job->status == EDDY_OK) {
        job->status = code;
        if (src) eddy__err_move(&job->err, src);
        if (job->err.code == EDDY_OK) eddy__err(&job->err, code, "%s", eddy_status_str(code));
    } else if (src) {
        eddy__err_clear(src);
    }
    atomic_store(&job->stop, true);
    job->restarting = false; /* a cancel during a restart ends the job */
    pthread_cond_broadcast(&job->cv);
    pthread_cond_broadcast(&job->exit_cv);
    pthread_mutex_unlock(&job->mu);
    if (job->client) {
        pthread_mutex_lock(&job->client->mu);
        pthread_cond_broadcast(&job->client->cv);
        pthread_mutex_unlock(&job->client->mu);
    }
}

static void worker_pause(Job *job);
static void job_task_failed(Job *job, eddy_status code, EdErr *src);

static void *worker_main(void *arg) {
    Job *job = arg;
    pthread_mutex_lock(&job->mu);
    for (;;) {
        if (atomic_load(&job->stop) || job->tasks_done == job->ntasks) {
            if (!job->restarting) break;
            worker_pause(job);
            continue;
        }
        /* due timers back into the run queue */
        int64_t now = eddy__mono_ns(), next = 0;
        Task **pp = &job->timers;
        while (*pp) {
            Task *t = *pp;
            if (t->wake_at_ns <= now) {
                *pp = t->timer_next;
                t->wake_at_ns = 0;
                atomic_store(&t->sched, S_QUEUED);
                rq_push_locked(job, t);
            } else {
                if (!next || t->wake_at_ns < next) next = t->wake_at_ns;
                pp = &t->timer_next;
            }
        }
        Task *t = job->rq_head;
        if (!t) {
            if (next) {
                struct timespec ts;
                clock_gettime(CLOCK_REALTIME, &ts);
                int64_t wait = next - now;
                ts.tv_sec += wait / 1000000000;
                ts.tv_nsec += wait % 1000000000;
                if (ts.tv_nsec >= 1000000000) {
                    ts.tv_sec++;
                    ts.tv_nsec -= 1000000000;
                }
                pthread_cond_timedwait(&job->cv, &job->mu, &ts);
            } else {
                pthread_cond_wait(&job->cv, &job->mu);
            }
            continue;
        }
        job->rq_head = t->rq_next;
        if (!job->rq_head) job->rq_tail = NULL;
        t->in_rq = false;
        atomic_store(&t->sched, S_RUNNING);
        pthread_mutex_unlock(&job->mu);

        bool timed = !job->cfg.metrics_off;
        int64_t t0 = timed ? eddy__mono_ns() : 0;
        if (timed && t->bp_since_ns) {
            atomic_store_explicit(&t->bp_ns, atomic_load_explicit(&t->bp_ns, memory_order_relaxed) + (t0 - t->bp_since_ns),
                                  memory_order_relaxed);
            t->bp_since_ns = 0;
        }
        eddy_status rc = task_step(t);
        if (rc) job_task_failed(job, rc, &t->err);
        if (timed) {
            int64_t t1 = eddy__mono_ns();
            atomic_store_explicit(&t->busy_ns, atomic_load_explicit(&t->busy_ns, memory_order_relaxed) + (t1 - t0),
                                  memory_order_relaxed);
            if (!t->finished && outputs_full(t)) t->bp_since_ns = t1;
        }

        pthread_mutex_lock(&job->mu);
        if (t->finished) {
            atomic_store(&t->sched, S_DONE);
            /* the last task to finish commits the job's output: every other
             * task has finished already, so nothing runs concurrently */
            if (job->tasks_done + 1 == job->ntasks && job->status == EDDY_OK) {
                job->committing = true;
                pthread_mutex_unlock(&job->mu);
                job_commit(job, COMMIT_FINISHED);
                pthread_mutex_lock(&job->mu);
                job->committing = false;
            }
            job->tasks_done++;
            if (job->tasks_done == job->ntasks) pthread_cond_broadcast(&job->cv);
            continue;
        }
        if (t->wake_at_ns) {
            atomic_store(&t->sched, S_QUEUED); /* owned by the timer list */
            t->timer_next = job->timers;
            job->timers = t;
            continue;
        }
        pthread_mutex_unlock(&job->mu);
        bool again = task_runnable(t);
        pthread_mutex_lock(&job->mu);
        if (again) {
            atomic_store(&t->sched, S_QUEUED);
            rq_push_locked(job, t);
        } else {
            int exp = S_RUNNING;
            if (!atomic_compare_exchange_strong(&t->sched, &exp, S_IDLE)) {
                /* woken while running: run again */
                atomic_store(&t->sched, S_QUEUED);
                rq_push_locked(job, t);
            }
        }
    }
    job->exited++;
    job->end_ns = eddy__mono_ns(); /* the last one's stays */
    pthread_cond_broadcast(&job->cv);
    pthread_cond_broadcast(&job->exit_cv);
    pthread_mutex_unlock(&job->mu);
    return NULL;
}

/* The client's next event of a gated channel: a batch only once a barrier
 * after it belongs to a completed checkpoint, or the end came after it. */
static bool client_take_gated(Job *job, Channel *c, Event *ev) {
    pthread_mutex_lock(&job->ck_mu);
    int64_t completed = job->ck_completed;
    pthread_mutex_unlock(&job->ck_mu);
    pthread_mutex_lock(&c->mu);
    bool ok = c->len > 0;
    if (ok && c->ring[c->head].kind == EV_BATCH) {
        ok = false;
        for (uint32_t i = 1; i < c->len && !ok; i++) {
            const Event *e = &c->ring[(c->head + i) % c->cap_slots];
            if (e->kind == EV_END || (e->kind == EV_BARRIER && e->wm <= completed)) ok = true;
            if (e->kind == EV_BARRIER) break;
        }
    }
    if (ok) {
        *ev = c->ring[c->head];
        c->head = (c->head + 1) % c->cap_slots;
        c->len--;
        if (ev->kind == EV_BATCH) c->batches--;
        if (c->after_barrier > c->batches) c->after_barrier = c->batches;
    }
    pthread_mutex_unlock(&c->mu);
    if (ok && ev->kind == EV_BATCH && c->producer) task_wake(c->producer);
    return ok;
}

/* ---- building the job graph ------------------------------------------------ */

/* A node in the job being built, with its resolved properties. */
typedef struct BNode {
    StreamNode *sn;
    int par;
    int nin;
    StreamInput *in;   /* effective inputs (unions expanded) */
    struct BNode **in_nodes;
    int chain_head;    /* index of the head of its chain */
    bool chained;      /* chained to its (single) input */
    int first_task;    /* index of its vertex's first task (heads only) */
    Op **ops;          /* per subtask */
    OpUid id;
    const char *uid;   /* id as 32 hex digits (job arena) */
} BNode;

typedef struct Builder {
    Job *job;
    EdErr *err;
    ED_VEC(BNode) nodes;
} Builder;

static int bnode_index(Builder *bd, StreamNode *sn) {
    for (size_t i = 0; i < bd->nodes.len; i++)
        if (bd->nodes.items[i].sn == sn) return (int)i;
    return -1;
}

/* Appends the effective inputs of `sn` (expanding unions) to vec. */
typedef ED_VEC(StreamInput) InVec;
static bool expand_inputs(InVec *v, const StreamInput *edge, int depth) {
    if (depth > 1000) return false;
    StreamNode *from = edge->from;
    if (from->kind != NODE_UNION) return ed_vec_push(v, *edge);
    for (int i = 0; i < from->nin; i++) {
        StreamInput e = *edge;
        e.from = from->in[i].from;
        e.side = from->in[i].side;
        if (e.part == PART_DEFAULT) e.part = from->in[i].part;
        if (!e.key) e.key = from->in[i].key;
        if (!expand_inputs(v, &e, depth + 1)) return false;
    }
    return true;
}

static eddy_status collect_nodes(Builder *bd, StreamNode *sn, int depth) {
    if (depth > 10000) return eddy__err(bd->err, EDDY_E_INTERNAL, "stream graph too deep");
    if (bnode_index(bd, sn) >= 0) return EDDY_OK;
    InVec ins = {0};
    for (int i = 0; i < sn->nin; i++)
        if (!expand_inputs(&ins, &sn->in[i], 0)) {
            ed_vec_free(&ins);
            return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
        }
    for (size_t i = 0; i < ins.len; i++) {
        eddy_status rc = collect_nodes(bd, ins.items[i].from, depth + 1);
        if (rc) {
            ed_vec_free(&ins);
            return rc;
        }
    }
    BNode bn = {0};
    bn.sn = sn;
    bn.nin = (int)ins.len;
    bn.in = eddy__arena_dup(&bd->job->arena, ins.items, sizeof(StreamInput) * (ins.len ? ins.len : 1));
    ed_vec_free(&ins);
    if (!bn.in || !ed_vec_push(&bd->nodes, bn)) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* Stable operator ids (graph.h): nodes are collected inputs first, so each
 * node's inputs have their ids when it gets its own. */
static eddy_status assign_uids(Builder *bd) {
    BNode *nodes = bd->nodes.items;
    int nn = (int)bd->nodes.len;
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        if (bn->sn->uid) {
            bn->id = eddy__uid_user(bn->sn->uid);
        } else {
            OpUid in[8], *ins = bn->nin <= 8 ? in : eddy__arena_alloc(&bd->job->arena, sizeof(OpUid) * (size_t)bn->nin);
            if (!ins) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
            for (int k = 0; k < bn->nin; k++) ins[k] = bn->in_nodes[k]->id;
            bn->id = eddy__uid_derive(i, ins, bn->nin);
        }
        for (int j = 0; j < i; j++)
            if (nodes[j].id.h[0] == bn->id.h[0] && nodes[j].id.h[1] == bn->id.h[1])
                return eddy__err(bd->err, EDDY_E_MISUSE,
                                 "Hash collision on user-specified ID \"%s\". Most likely cause is a non-unique ID. "
                                 "Please check that all IDs specified via `uid(String)` are unique.",
                                 bn->sn->uid ? bn->sn->uid : nodes[j].sn->uid ? nodes[j].sn->uid : "");
        char hex[33];
        eddy__uid_hex(bn->id, hex);
        if (!(bn->uid = eddy__arena_strdup(&bd->job->arena, hex))) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
    }
    return EDDY_OK;
}

static Op *make_op(Job *job, Task *t, BNode *bn, int subtask) {
    Op *op = eddy__arena_alloc(&t->arena, sizeof *op);
    if (!op) return NULL;
    op->vt = bn->sn->op.vt;
    op->node = bn->sn;
    op->plan = bn->sn->op.plan;
    op->task = t;
    op->subtask = subtask;
    op->parallelism = bn->par;
    op->max_parallelism = bn->sn->max_parallelism ? bn->sn->max_parallelism : job->cfg.max_parallelism;
    op->arena = &t->arena;
    op->batch_size = job->cfg.batch_size;
    op->batch_mode = job->cfg.batch_mode;
    op->watermark = INT64_MIN;
    op->input_watermark = INT64_MIN;
    atomic_init(&op->rows_in, 0);
    atomic_init(&op->rows_out, 0);
    atomic_init(&op->late_dropped, 0);
    atomic_init(&op->m_in_wm, INT64_MIN);
    atomic_init(&op->m_out_wm, INT64_MIN);
    op->uid = bn->uid;
    const char *owner = eddy__arena_printf(&t->arena, "'%s' (uid %s)", bn->sn->name, bn->uid);
    if (!owner) return NULL;
    eddy__mem_account_init(&op->mem, &job->budget, owner, !job->cfg.batch_mode);
    atomic_init(&op->closed_bytes, 0);
    return op;
}

static bool op_add_chained(Arena *a, Op *op, Op *succ) {
    Op **n = eddy__arena_alloc(a, sizeof(Op *) * (size_t)(op->nchained + 1));
    if (!n) return false;
    if (op->nchained) memcpy(n, op->chained, sizeof(Op *) * (size_t)op->nchained);
    n[op->nchained++] = succ;
    op->chained = n;
    return true;
}

static bool op_add_net(Arena *a, Op *op, NetOut *no) {
    NetOut **n = eddy__arena_alloc(a, sizeof(NetOut *) * (size_t)(op->nnet + 1));
    if (!n) return false;
    if (op->nnet) memcpy(n, op->net, sizeof(NetOut *) * (size_t)op->nnet);
    n[op->nnet++] = no;
    op->net = n;
    return true;
}

static bool task_add(Arena *a, void *arrp, int *n, void *item) {
    void ***arr = arrp;
    void **na = eddy__arena_alloc(a, sizeof(void *) * (size_t)(*n + 1));
    if (!na) return false;
    if (*n) memcpy(na, *arr, sizeof(void *) * (size_t)*n);
    na[(*n)++] = item;
    *arr = na;
    return true;
}

/* The operators as the dashboard draws them (Job.graph), once their
 * inputs' partitioning is resolved. */
static bool graph_of(Builder *bd) {
    static const char *ship[] = {"FORWARD", "FORWARD", "REBALANCE", "HASH", "BROADCAST", "GLOBAL"};
    Job *job = bd->job;
    size_t nn = bd->nodes.len;
    JobGraphNode *g = eddy__arena_alloc(&job->arena, sizeof(JobGraphNode) * (nn + 1));
    if (!g) return false;
    for (size_t i = 0; i < nn; i++) {
        const BNode *bn = &bd->nodes.items[i];
        int *in = eddy__arena_alloc(&job->arena, sizeof(int) * (size_t)(bn->nin + 1));
        const char **sh = eddy__arena_alloc(&job->arena, sizeof(char *) * (size_t)(bn->nin + 1));
        if (!in || !sh) return false;
        for (int k = 0; k < bn->nin; k++) {
            in[k] = (int)(bn->in_nodes[k] - bd->nodes.items);
            unsigned part = (unsigned)bn->in[k].part;
            sh[k] = part < ED_ARRAY_LEN(ship) ? ship[part] : "FORWARD";
        }
        g[i] = (JobGraphNode){bn->uid, bn->sn->name, bn->par, bn->nin, in, sh};
    }
    job->graph = g;
    job->ngraph = nn;
    return true;
}

size_t eddy__job_graph(const Job *job, const JobGraphNode **out) {
    *out = job->graph;
    return job->ngraph;
}

static eddy_status build(Builder *bd, StreamNode *const *sinks, int nsinks) {
    Job *job = bd->job;
    Arena *ja = &job->arena;
    for (int i = 0; i < nsinks; i++) {
        eddy_status rc = collect_nodes(bd, sinks[i], 0);
        if (rc) return rc;
    }
    int nn = (int)bd->nodes.len;
    BNode *nodes = bd->nodes.items;
    /* parallelism, inputs, partitioning */
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        bn->par = bn->sn->fixed_parallelism ? 1 : bn->sn->parallelism ? bn->sn->parallelism : job->cfg.parallelism;
        if (bn->sn->is_collect) bn->par = 1;
        bn->in_nodes = eddy__arena_alloc(ja, sizeof(BNode *) * (size_t)(bn->nin ? bn->nin : 1));
        if (!bn->in_nodes) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
        for (int k = 0; k < bn->nin; k++) bn->in_nodes[k] = &nodes[bnode_index(bd, bn->in[k].from)];
    }
    eddy_status urc = assign_uids(bd);
    if (urc) return urc;
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        for (int k = 0; k < bn->nin; k++) {
            StreamInput *e = &bn->in[k];
            int up = bn->in_nodes[k]->par;
            if (e->part == PART_DEFAULT) e->part = up == bn->par ? PART_FORWARD : PART_REBALANCE;
            if (e->part == PART_FORWARD && up != bn->par)
                return eddy__err(bd->err, EDDY_E_VALIDATION,
                                 "Forward partitioning does not allow change of parallelism. Upstream operation: %s "
                                 "parallelism: %d, downstream operation: %s parallelism: %d You must use another "
                                 "partitioning strategy, such as broadcast, rebalance, shuffle or global.",
                                 bn->in_nodes[k]->sn->name, up, bn->sn->name, bn->par);
        }
        bn->chained = bn->nin == 1 && bn->in[0].part == PART_FORWARD && bn->in_nodes[0]->par == bn->par &&
                      bn->sn->kind != NODE_SOURCE;
    }
    if (!graph_of(bd)) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
    /* chain heads and tasks, in topological order (nodes are collected
     * inputs-first) */
    int ntasks = 0;
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        bn->chain_head = bn->chained ? bn->in_nodes[0]->chain_head : i;
        if (!bn->chained) {
            bn->first_task = ntasks;
            ntasks += bn->par;
        }
    }
    job->tasks = eddy__arena_alloc(ja, sizeof(Task *) * (size_t)(ntasks ? ntasks : 1));
    if (!job->tasks) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
    job->ntasks = ntasks;
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        if (bn->chained) continue;
        for (int s = 0; s < bn->par; s++) {
            Task *t = eddy__arena_alloc(ja, sizeof *t);
            if (!t) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
            t->job = job;
            t->id = bn->first_task + s;
            t->name = bn->sn->name;
            t->subtask = s;
            t->parallelism = bn->par;
            t->is_source = bn->sn->kind == NODE_SOURCE;
            t->cur_wm = INT64_MIN;
            atomic_init(&t->sched, S_IDLE);
            eddy__arena_init(&t->arena, 16384);
            job->tasks[t->id] = t;
        }
    }
    /* operators */
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        BNode *head = &nodes[bn->chain_head];
        bn->ops = eddy__arena_alloc(ja, sizeof(Op *) * (size_t)bn->par);
        if (!bn->ops) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
        for (int s = 0; s < bn->par; s++) {
            Task *t = job->tasks[head->first_task + s];
            Op *op = make_op(job, t, bn, s);
            if (!op || !task_add(&t->arena, &t->ops, &t->nops, op)) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
            bn->ops[s] = op;
            if (bn->chained) {
                op->input_index = bn->in[0].input_index;
                op->side = bn->in[0].side;
                if (!op_add_chained(&t->arena, bn->in_nodes[0]->ops[s], op))
                    return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
            } else {
                t->head = op;
            }
        }
    }
    /* the commit steps; whether a source is unbounded */
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        if (bn->sn->kind == NODE_SOURCE && !bn->sn->bounded) job->unbounded = true;
        if (bn->sn->op.vt && bn->sn->op.vt->commit) job->ncommits++;
    }
    job->commits = eddy__arena_alloc(ja, sizeof(CommitGroup) * (size_t)(job->ncommits + 1));
    if (!job->commits) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0, k = 0; i < nn; i++)
        if (nodes[i].sn->op.vt && nodes[i].sn->op.vt->commit) job->commits[k++] = (CommitGroup){nodes[i].ops, nodes[i].par};
    /* network edges */
    job->channels = eddy__arena_alloc(ja, sizeof(Channel *) * 1);
    size_t chcap = 1;
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        if (bn->chained) continue;
        for (int k = 0; k < bn->nin; k++) {
            StreamInput *e = &bn->in[k];
            BNode *up = bn->in_nodes[k];
            BNode *uphead = &nodes[up->chain_head];
            for (int s = 0; s < up->par; s++) {
                Task *pt = job->tasks[uphead->first_task + s];
                NetOut *no = eddy__arena_alloc(&pt->arena, sizeof *no);
                if (!no) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
                no->part = e->part;
                no->side = e->side;
                no->key = e->key;
                no->max_par = up->sn->max_parallelism ? up->sn->max_parallelism : job->cfg.max_parallelism;
                if (bn->sn->max_parallelism) no->max_par = bn->sn->max_parallelism;
                int targets = (e->part == PART_FORWARD || e->part == PART_GLOBAL) ? 1 : bn->par;
                no->nch = targets;
                no->ch = eddy__arena_alloc(&pt->arena, sizeof(Channel *) * (size_t)targets);
                if (!no->ch) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
                if (job->nchannels + (size_t)targets > chcap) {
                    while (job->nchannels + (size_t)targets > chcap) chcap *= 2;
                    Channel **nc = eddy__arena_alloc(ja, sizeof(Channel *) * chcap);
                    if (!nc) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
                    memcpy(nc, job->channels, sizeof(Channel *) * (size_t)job->nchannels);
                    job->channels = nc;
                }
                for (int c = 0; c < targets; c++) {
                    int cs = e->part == PART_FORWARD ? s : e->part == PART_GLOBAL ? 0 : c;
                    Task *ct = job->tasks[bn->first_task + cs];
                    Channel *ch = channel_new(job, pt, ct, e->input_index);
                    if (!ch) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
                    no->ch[c] = ch;
                    if (!task_add(&pt->arena, &pt->out, &pt->nout, ch) || !task_add(&ct->arena, &ct->in, &ct->nin, ch))
                        return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
                }
                if (!op_add_net(&pt->arena, up->ops[s], no)) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
            }
        }
    }
    /* the client channel of a collecting sink */
    for (int i = 0; i < nn; i++) {
        BNode *bn = &nodes[i];
        if (!bn->sn->is_collect) continue;
        if (job->client) return eddy__err(bd->err, EDDY_E_INTERNAL, "a job has at most one collecting sink");
        Task *pt = job->tasks[nodes[bn->chain_head].first_task];
        if (job->nchannels + 1 > (int)chcap) {
            Channel **nc = eddy__arena_alloc(ja, sizeof(Channel *) * (chcap + 1));
            if (!nc) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
            memcpy(nc, job->channels, sizeof(Channel *) * (size_t)job->nchannels);
            job->channels = nc;
            chcap++;
        }
        Channel *ch = channel_new(job, pt, NULL, 0);
        NetOut *no = eddy__arena_alloc(&pt->arena, sizeof *no);
        Channel **chs = eddy__arena_alloc(&pt->arena, sizeof(Channel *));
        if (!ch || !no || !chs) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
        chs[0] = ch;
        no->part = PART_FORWARD;
        no->nch = 1;
        no->ch = chs;
        if (!op_add_net(&pt->arena, bn->ops[0], no) || !task_add(&pt->arena, &pt->out, &pt->nout, ch))
            return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
        job->client = ch;
    }
    /* per-task input bookkeeping */
    for (int i = 0; i < job->ntasks; i++) {
        Task *t = job->tasks[i];
        t->in_wm = eddy__arena_alloc(&t->arena, sizeof(int64_t) * (size_t)(t->nin + 1));
        t->in_ended = eddy__arena_alloc(&t->arena, sizeof(bool) * (size_t)(t->nin + 1));
        t->in_idle = eddy__arena_alloc(&t->arena, sizeof(bool) * (size_t)(t->nin + 1));
        t->in_barrier = eddy__arena_alloc(&t->arena, sizeof(bool) * (size_t)(t->nin + 1));
        if (!t->in_wm || !t->in_ended || !t->in_idle || !t->in_barrier) return eddy__err(bd->err, EDDY_E_NOMEM, "out of memory");
        for (int k = 0; k < t->nin; k++) t->in_wm[k] = INT64_MIN;
        /* a subtask no channel feeds (GLOBAL partitioning sends to subtask 0
         * only) has ended input from the start */
    }
    return EDDY_OK;
}

/* Every source instance of a restored job needs its position, and every
 * operator state of the checkpoint an operator to go to (Flink refuses to
 * drop state unless allowed to). */
static eddy_status check_restore(Job *job, EdErr *err) {
    const Checkpoint *c = job->restore;
    for (int k = 0; k < job->ntasks; k++)
        for (int j = 0; j < job->tasks[k]->nops; j++)
            if (job->tasks[k]->ops[j]->vt->commit && !job->tasks[k]->ops[j]->vt->checkpoint_complete)
                return eddy__err(err, EDDY_E_UNSUPPORTED,
                                 "not supported yet: restoring a job with the sink '%s' from a checkpoint (it "
                                 "publishes its output when the job ends, so what the interrupted run wrote was never "
                                 "committed)",
                                 job->tasks[k]->ops[j]->node->name);
    for (size_t i = 0; i < c->nparts; i++) {
        const CkptPart *p = &c->parts[i];
        const Op *found = NULL;
        int sources = 0;
        for (int k = 0; k < job->ntasks && !found; k++)
            for (int j = 0; j < job->tasks[k]->nops && !found; j++)
                if (!strcmp(job->tasks[k]->ops[j]->uid, p->uid)) found = job->tasks[k]->ops[j];
        if (!found)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Failed to rollback to checkpoint/savepoint %s. Cannot map checkpoint/savepoint state for "
                             "operator %s to the new program, because the operator is not available in the new program.",
                             c->path, p->uid);
        if (!p->pos_len) continue;
        for (size_t k = 0; k < c->nparts; k++) sources += c->parts[k].pos_len && !strcmp(c->parts[k].uid, p->uid);
        if (sources != found->parallelism || p->subtask >= found->parallelism || !found->vt->seek)
            return eddy__err(err, EDDY_E_UNSUPPORTED,
                             "not supported yet: restoring the source '%s' (uid %s) of checkpoint %s with parallelism "
                             "%d (it was checkpointed with %d)",
                             found->node->name, p->uid, c->path, found->parallelism, sources);
    }
    return EDDY_OK;
}

static eddy_status checkpoint_setup(Job *job, EdErr *err) {
    const JobConfig *cfg = &job->cfg;
    if (cfg->job_id && strlen(cfg->job_id) == 32) {
        memcpy(job->job_id, cfg->job_id, 33);
    } else {
        uint64_t x = eddy__hash_u64((uint64_t)eddy__mono_ns() ^ (uint64_t)time(NULL) << 20 ^ (uint64_t)(uintptr_t)job);
        uint64_t y = eddy__hash_u64(x ^ 0x9e3779b97f4a7c15ULL);
        snprintf(job->job_id, sizeof job->job_id, "%016llx%016llx", (unsigned long long)x, (unsigned long long)y);
    }
    if (cfg->batch_mode) job->cfg.checkpoint_interval_ms = 0; /* BATCH jobs take no checkpoints (as in Flink) */
    eddy__restart_resolve(&job->cfg.restart, job->cfg.checkpoint_interval_ms > 0);
    if (job->client && job->cfg.checkpoint_interval_ms > 0 && job->cfg.restart.kind != RESTART_NONE)
        job->client->gated = true;
    if (job->cfg.checkpoint_interval_ms > 0 && (!cfg->checkpoint_dir || !*cfg->checkpoint_dir))
        return eddy__err(err, EDDY_E_UNSUPPORTED,
                         "not supported yet: checkpoints without a checkpoint directory (%s is set, %s is not)",
                         CKPT_OPT_INTERVAL, CKPT_OPT_DIR);
    if (job->cfg.checkpoint_interval_ms > 0 && cfg->checkpoint_incremental &&
        !(job->ck_shared = eddy__ckpt_shared_dir(cfg->checkpoint_dir, job->job_id)))
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    /* a source that cannot be rewound would go on where the failed attempt
     * was: refused before it runs */
    for (int i = 0; i < job->ntasks && job->cfg.checkpoint_interval_ms > 0 && job->cfg.restart.kind != RESTART_NONE; i++) {
        const Op *h = job->tasks[i]->head;
        if (job->tasks[i]->is_source && !h->vt->position)
            return eddy__err(err, EDDY_E_UNSUPPORTED,
                             "not supported yet: restarting the source '%s' from a checkpoint (it cannot report or rewind "
                             "its position%s)",
                             h->node->name, h->vt->rewind_hint ? h->vt->rewind_hint : "");
    }
    if (!cfg->restore_path || !*cfg->restore_path) return EDDY_OK;
    eddy_status rc = eddy__ckpt_load_fallback(eddy__ckpt_local_path(cfg->restore_path), &job->restore,
                                              &job->restore_report, err);
    if (!rc) rc = check_restore(job, err);
    if (!rc) {
        job->ck_triggered = job->ck_restored = job->restore->id;
        job->ck_stats.restores = 1;
        job->ck_stats.restored_id = job->restore->id;
        job->ck_stats.restore_ms = eddy__wall_ms();
    }
    return rc;
}

const char *eddy__job_id(const Job *job) { return job->job_id; }

int64_t eddy__job_last_checkpoint(Job *job, int64_t *restored_from) {
    pthread_mutex_lock(&job->ck_mu);
    int64_t id = job->ck_completed;
    if (restored_from) *restored_from = job->ck_restored;
    pthread_mutex_unlock(&job->ck_mu);
    return id;
}

void eddy__job_checkpoint_stats(Job *job, JobCheckpointStats *out) {
    pthread_mutex_lock(&job->ck_mu);
    *out = job->ck_stats;
    out->in_progress = job->ck_pending && !job->ck_is_sp;
    pthread_mutex_unlock(&job->ck_mu);
}

const char *eddy__job_restore_report(const Job *job) { return job->restore_report.data ? job->restore_report.data : ""; }

/* ---- failover (restart strategies) ------------------------------------------
 *
 * A task failure whose strategy allows a restart (job_task_failed) stops the
 * job's workers without ending it: each one pauses at the top of its loop
 * (worker_pause); the last to pause closes every task, empties the channels
 * (the client's keeps what the checkpoint to restore covers), loads the
 * latest completed checkpoint, waits the strategy's delay and queues every
 * task again; task_open then restores them as a job started from that
 * checkpoint. A cancel during the delay ends the job. */

static bool restartable(eddy_status code) { return code == EDDY_E_RUNTIME || code == EDDY_E_UDF || code == EDDY_E_IO; }

static void job_task_failed(Job *job, eddy_status code, EdErr *src) {
    Buf why;
    eddy__buf_init(&why);
    pthread_mutex_lock(&job->mu);
    if (job->restarting) {
        /* a second failure while the job stops for its restart */
        pthread_mutex_unlock(&job->mu);
        eddy__err_clear(src);
        eddy__buf_free(&why);
        return;
    }
    bool live = !atomic_load(&job->stop) && !job->reported && job->tasks_done < job->ntasks;
    int64_t delay = 0;
    if (live && restartable(code) && job->cfg.restart.kind != RESTART_NONE &&
        eddy__restart_next(&job->cfg.restart, &job->rst, eddy__mono_ns() / 1000000, &delay, &why)) {
        job->restarting = true;
        job->restart_delay_ms = delay;
        job->stop_ns = eddy__mono_ns();
        atomic_store(&job->stop, true);
        pthread_cond_broadcast(&job->cv);
        pthread_mutex_unlock(&job->mu);
        eddy__err_clear(src);
        eddy__buf_free(&why);
        return;
    }
    pthread_mutex_unlock(&job->mu);
    if (why.len && !why.failed && src && src->msg) {
        /* the attempts ran out: Flink's reason, then the failure */
        eddy__buf_printf(&why, ": %s", src->msg);
        if (!why.failed) eddy__err_replace(src, code, eddy__buf_cstr(&why));
    }
    eddy__buf_free(&why);
    job_fail(job, code, src);
}

/* Keeps the client channel's events up to the barrier of checkpoint `id`
 * (what the client may still take), drops the rest. */
static void client_truncate(Channel *c, int64_t id) {
    pthread_mutex_lock(&c->mu);
    uint32_t keep = 0;
    for (uint32_t i = 0; i < c->len; i++) {
        const Event *e = &c->ring[(c->head + i) % c->cap_slots];
        if (e->kind == EV_BARRIER && e->wm <= id) keep = i + 1;
    }
    uint32_t batches = 0;
    for (uint32_t i = 0; i < c->len; i++) {
        Event *e = &c->ring[(c->head + i) % c->cap_slots];
        if (e->kind != EV_BATCH) continue;
        if (i < keep) batches++;
        else eddy__batch_release(e->b);
    }
    c->len = keep;
    c->batches = batches;
    c->after_barrier = 0;
    pthread_mutex_unlock(&c->mu);
}

static void channel_drain(Channel *c) {
    pthread_mutex_lock(&c->mu);
    for (uint32_t i = 0; i < c->len; i++) {
        Event *e = &c->ring[(c->head + i) % c->cap_slots];
        if (e->kind == EV_BATCH) eddy__batch_release(e->b);
    }
    c->len = c->batches = c->after_barrier = 0;
    c->head = 0;
    pthread_mutex_unlock(&c->mu);
}

static void task_reset(Task *t, int64_t ck_id) {
    t->opened = t->finished = false;
    t->nopened = t->nended = t->rr = 0;
    t->cur_wm = INT64_MIN;
    for (int k = 0; k < t->nin; k++) {
        t->in_wm[k] = INT64_MIN;
        t->in_ended[k] = t->in_idle[k] = t->in_barrier[k] = false;
    }
    t->ck_id = ck_id;
    t->align_id = 0;
    t->idle_ms = 0;
    t->wake_at_ns = t->bp_since_ns = 0;
    t->timer_next = NULL;
    eddy__err_clear(&t->err);
    for (int i = 0; i < t->nops; i++) {
        Op *op = t->ops[i];
        op->watermark = op->input_watermark = INT64_MIN;
        op->out_idle = false;
        op->blocked = 0;
        atomic_store_explicit(&op->m_in_wm, INT64_MIN, memory_order_relaxed);
        atomic_store_explicit(&op->m_out_wm, INT64_MIN, memory_order_relaxed);
    }
}

/* The latest completed checkpoint of this job, when it is newer than the
 * one the job holds. */
static eddy_status failover_checkpoint(Job *job, int64_t completed, EdErr *err) {
    int64_t have = job->restore ? job->restore->id : 0;
    if (completed <= have) return EDDY_OK;
    Buf path;
    eddy__buf_init(&path);
    eddy__buf_printf(&path, "%s/%s/chk-%lld", job->cfg.checkpoint_dir, job->job_id, (long long)completed);
    if (path.failed) {
        eddy__buf_free(&path);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    Checkpoint *c = NULL;
    eddy_status rc = eddy__ckpt_load_fallback(eddy__buf_cstr(&path), &c, &job->restore_report, err);
    eddy__buf_free(&path);
    if (rc) return rc;
    Checkpoint *old = job->restore;
    job->restore = c;
    rc = check_restore(job, err);
    if (rc) {
        job->restore = old;
        eddy__ckpt_free(c);
        return rc;
    }
    eddy__ckpt_free(old);
    return EDDY_OK;
}

/* Run by the last worker to pause, without job->mu: see above. */
static void job_failover(Job *job) {
    for (int i = 0; i < job->ntasks; i++) {
        Task *t = job->tasks[i];
        if (t->opened) task_close(t);
        t->opened = false; /* closed once, also when the restart fails below */
        t->nopened = 0;
        /* what this attempt's open and run allocated goes: restarts stay flat */
        eddy__arena_rewind(&t->arena, t->built);
    }
    pthread_mutex_lock(&job->ck_mu);
    eddy__ckpt_abort(job->ck_w);
    job->ck_w = NULL;
    if (job->ck_pending && !job->ck_is_sp) job->ck_stats.failed++;
    if (job->ck_is_sp && !job->sp_done) {
        job->sp_rc = eddy__err(&job->sp_err, EDDY_E_RUNTIME, "The savepoint of job %s was aborted: a task failed.",
                               job->job_id);
        job->sp_done = true;
    }
    job->ck_is_sp = false;
    job->ck_pending = false;
    job->ck_acks = job->ck_sources_done = 0;
    int64_t completed = job->ck_completed;
    pthread_mutex_unlock(&job->ck_mu);
    EdErr err = {0};
    eddy_status rc = failover_checkpoint(job, completed, &err);
    if (rc) {
        job_fail(job, rc, &err);
        return;
    }
    int64_t id = job->restore ? job->restore->id : 0;
    for (int i = 0; i < job->nchannels; i++) {
        if (job->channels[i] == job->client) client_truncate(job->client, id);
        else channel_drain(job->channels[i]);
    }
    pthread_mutex_lock(&job->ck_mu);
    job->ck_restored = id;
    if (id) {
        job->ck_stats.restores++;
        job->ck_stats.restored_id = id;
        job->ck_stats.restore_ms = eddy__wall_ms();
    }
    pthread_mutex_unlock(&job->ck_mu);
    pthread_mutex_lock(&job->mu);
    for (int i = 0; i < job->ntasks; i++) {
        atomic_store(&job->tasks[i]->sched, S_DONE); /* wakes leave it alone */
        task_reset(job->tasks[i], id);
    }
    int64_t deadline = eddy__mono_ns() + job->restart_delay_ms * 1000000;
    while (job->restarting && eddy__mono_ns() < deadline) {
        struct timespec ts = {(time_t)(deadline / 1000000000), (long)(deadline % 1000000000)};
        pthread_cond_timedwait(&job->exit_cv, &job->mu, &ts);
    }
    if (job->restarting) {
        job->rq_head = job->rq_tail = NULL;
        job->timers = NULL;
        for (int i = 0; i < job->ntasks; i++) {
            Task *t = job->tasks[i];
            t->in_rq = false;
            atomic_store(&t->sched, S_QUEUED);
            rq_push_locked(job, t);
        }
        pthread_mutex_lock(&job->ck_mu);
        job->ck_next_ns = eddy__mono_ns() + job->cfg.checkpoint_interval_ms * 1000000;
        pthread_mutex_unlock(&job->ck_mu);
        job->tasks_done = 0;
        job->commit_ran = false;
        job->restarting = false;
        job->restart_epoch++;
        atomic_store(&job->stop, false);
        pthread_cond_broadcast(&job->cv);
    }
    pthread_mutex_unlock(&job->mu);
}

/* A worker at the top of its loop while the job restarts (job->mu held). */
static void worker_pause(Job *job) {
    int64_t epoch = job->restart_epoch;
    if (++job->paused < job->nplanned) {
        while (job->restarting && job->restart_epoch == epoch) pthread_cond_wait(&job->cv, &job->mu);
        job->paused--;
        return;
    }
    pthread_mutex_unlock(&job->mu);
    job_failover(job);
    pthread_mutex_lock(&job->mu);
    job->paused--;
}

int64_t eddy__job_restarts(Job *job) {
    pthread_mutex_lock(&job->mu);
    int64_t n = job->restart_epoch;
    pthread_mutex_unlock(&job->mu);
    return n;
}

/* ---- savepoints ------------------------------------------------------------ */

eddy_status eddy__job_savepoint(Job *job, const char *dir, bool stop, char **path, EdErr *err) {
    *path = NULL;
    if (job->cfg.batch_mode)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: a savepoint of a BATCH job (%s)", job->job_id);
    if (eddy__job_state(job, NULL) != JOB_RUNNING)
        return eddy__err(err, EDDY_E_VALIDATION, "Cannot take a savepoint of job %s: it is not running.", job->job_id);
    char *d = eddy__strdup(eddy__ckpt_local_path(dir));
    if (!d) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    pthread_mutex_lock(&job->ck_mu);
    if (job->sp_dir && !job->sp_done) {
        pthread_mutex_unlock(&job->ck_mu);
        eddy__free(d);
        return eddy__err(err, EDDY_E_VALIDATION, "A savepoint of job %s is being taken already.", job->job_id);
    }
    eddy__free(job->sp_dir);
    job->sp_dir = d;
    job->sp_done = false;
    eddy__err_clear(&job->sp_err);
    atomic_store(&job->sp_active, true);
    atomic_store(&job->sp_wanted, true);
    pthread_mutex_unlock(&job->ck_mu);
    /* the sources take it up between batches; wake the idle ones */
    for (int i = 0; i < job->ntasks; i++)
        if (job->tasks[i]->is_source) task_wake(job->tasks[i]);
    /* Flink's execution.checkpointing.timeout default: 10 min */
    int64_t deadline = eddy__mono_ns() + (int64_t)600 * 1000000000;
    for (;;) {
        pthread_mutex_lock(&job->ck_mu);
        bool done = job->sp_done;
        pthread_mutex_unlock(&job->ck_mu);
        if (done) break;
        JobState now = eddy__job_state(job, NULL);
        bool ended = (now != JOB_RUNNING && now != JOB_RESTARTING) || eddy__job_done(job, NULL);
        if (ended || eddy__mono_ns() >= deadline) {
            pthread_mutex_lock(&job->ck_mu);
            if (!job->sp_done) {
                atomic_store(&job->sp_wanted, false);
                if (ended)
                    eddy__err(&job->sp_err, EDDY_E_RUNTIME,
                              "The savepoint of job %s was not completed: the job ended first.", job->job_id);
                else
                    eddy__err(&job->sp_err, EDDY_E_RUNTIME,
                              "The savepoint of job %s expired before completing (10 min).", job->job_id);
                job->sp_rc = EDDY_E_RUNTIME;
                job->sp_done = true;
            }
            pthread_mutex_unlock(&job->ck_mu);
            break;
        }
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
    pthread_mutex_lock(&job->ck_mu);
    atomic_store(&job->sp_active, false);
    eddy_status rc = job->sp_rc;
    if (rc) eddy__err_move(err, &job->sp_err);
    else *path = eddy__strdup(job->sp_path);
    pthread_mutex_unlock(&job->ck_mu);
    if (!rc && !*path) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (rc || !stop) return rc;
    pthread_mutex_lock(&job->mu);
    job->stopped_sp = true;
    pthread_mutex_unlock(&job->mu);
    eddy__job_cancel(job);
    return EDDY_OK;
}

eddy_status eddy__job_create(const JobConfig *cfg, StreamNode *const *sinks, int nsinks, Job **out, EdErr *err) {
    *out = NULL;
    Job *job = eddy__calloc(1, sizeof *job);
    if (!job) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    job->cfg = *cfg;
    if (job->cfg.parallelism < 1) job->cfg.parallelism = 1;
    if (job->cfg.max_parallelism < 1) job->cfg.max_parallelism = 128;
    if (job->cfg.workers < 1) job->cfg.workers = 1;
    if (job->cfg.channel_capacity < 1) job->cfg.channel_capacity = 4;
    if (job->cfg.batch_size < 1) job->cfg.batch_size = 1024;
    eddy__arena_init(&job->arena, 16384);
    eddy__mem_budget_init(&job->budget, job->cfg.managed_memory);
    pthread_mutex_init(&job->mu, NULL);
    pthread_cond_init(&job->cv, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&job->exit_cv, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&job->mal_mu, NULL);
    atomic_init(&job->stop, false);
    atomic_init(&job->sp_wanted, false);
    atomic_init(&job->sp_active, false);
    pthread_mutex_init(&job->ck_mu, NULL);
    eddy__buf_init(&job->restore_report);
    Builder bd = {.job = job, .err = err};
    eddy_status rc = build(&bd, sinks, nsinks);
    ed_vec_free(&bd.nodes);
    if (!rc) rc = checkpoint_setup(job, err);
    if (rc) {
        eddy__job_free(job);
        return rc;
    }
    for (int i = 0; i < job->ntasks; i++) job->tasks[i]->built = eddy__arena_mark(&job->tasks[i]->arena);
    *out = job;
    return EDDY_OK;
}

eddy_status eddy__job_start(Job *job, EdErr *err) {
    int n = ED_MIN(job->cfg.workers, job->ntasks);
    if (n < 1) n = 1;
    job->threads = eddy__calloc((size_t)n, sizeof(pthread_t));
    if (!job->threads) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    pthread_mutex_lock(&job->mu);
    for (int i = 0; i < job->ntasks; i++) {
        Task *t = job->tasks[i];
        atomic_store(&t->sched, S_QUEUED);
        rq_push_locked(job, t);
    }
    pthread_mutex_unlock(&job->mu);
    job->ck_next_ns = eddy__mono_ns() + job->cfg.checkpoint_interval_ms * 1000000;
    job->nplanned = n;
    job->started = true;
    job->start_ns = eddy__mono_ns();
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    job->start_ms = (int64_t)wall.tv_sec * 1000 + wall.tv_nsec / 1000000;
    for (int i = 0; i < n; i++) {
        if (pthread_create(&job->threads[i], NULL, worker_main, job) != 0) {
            eddy__job_cancel(job);
            /* the workers started may be in a user callback already: the
             * owner's eddy__job_free waits for them as for any stopped job */
            return eddy__err(err, EDDY_E_RUNTIME, "could not start a worker thread");
        }
        job->nthreads++;
    }
    return EDDY_OK;
}

/* The error of a stopped job whose workers did not all exit in time: names
 * the tasks still inside an operator call (Flink's task names: the chained
 * operators joined by " -> ", then "(subtask/parallelism)"). Caller holds
 * job->mu. */
static eddy_status stuck_error(Job *job, EdErr *err) {
    Buf b;
    eddy__buf_init(&b);
    int nstuck = 0;
    for (int i = 0; i < job->ntasks; i++) {
        Task *t = job->tasks[i];
        int st = atomic_load(&t->sched);
        if (st != S_RUNNING && st != S_RESCHED) continue;
        eddy__buf_puts(&b, nstuck++ ? ", '" : "'");
        for (int k = 0; k < t->nops; k++) eddy__buf_printf(&b, "%s%s", k ? " -> " : "", t->ops[k]->node->name);
        eddy__buf_printf(&b, " (%d/%d)'", t->subtask + 1, t->parallelism);
    }
    Buf m;
    eddy__buf_init(&m);
    if (nstuck) eddy__buf_printf(&m, "Task%s %s did not exit gracefully within ", nstuck > 1 ? "s" : "", eddy__buf_cstr(&b));
    else if (job->committing) eddy__buf_puts(&m, "The commit of the job's sinks did not end within ");
    else eddy__buf_puts(&m, "A worker thread of the job did not exit within ");
    eddy__buf_duration_ms(&m, job->cfg.cancel_timeout_ms);
    bool cancelled = job->status == EDDY_E_CANCELLED || job->status == EDDY_OK;
    eddy__buf_printf(&m, " after the job %s (task.cancellation.timeout): ", cancelled ? "was cancelled" : "failed");
    eddy__buf_printf(&m, "%s still inside a call to user code or an operator. ", nstuck > 1 ? "they are" : "it is");
    eddy__buf_puts(&m, "eddy cannot stop a thread: it is left running, and what the job holds is not freed.");
    if (!cancelled && job->err.msg) eddy__buf_printf(&m, " The job failed with: %s", job->err.msg);
    eddy__buf_free(&b);
    eddy_status rc = m.failed ? EDDY_E_NOMEM : EDDY_E_RUNTIME;
    eddy__err(err, rc, "%s", m.failed ? "out of memory" : eddy__buf_cstr(&m));
    eddy__buf_free(&m);
    return rc;
}

/* Waits for the worker threads to exit, then joins them and closes the
 * operators on this thread. A running job is waited for as long as it
 * runs; a stopped one until cfg.cancel_timeout_ms after stop_ns, then the
 * stuck tasks are reported (stuck_error) and the job is left as it is. */
static eddy_status job_join(Job *job, EdErr *err) {
    if (job->joined) return EDDY_OK;
    pthread_mutex_lock(&job->mu);
    while (job->exited < job->nthreads) {
        /* a timeout past the year 2262 of the monotonic clock is none */
        int64_t tmo = job->cfg.cancel_timeout_ms;
        if (!atomic_load(&job->stop) || job->restarting || tmo <= 0 || tmo > (INT64_MAX - job->stop_ns) / 1000000) {
            pthread_cond_wait(&job->exit_cv, &job->mu);
            continue;
        }
        int64_t deadline = job->stop_ns + tmo * 1000000;
        if (eddy__mono_ns() >= deadline) {
            eddy_status rc = stuck_error(job, err);
            pthread_mutex_unlock(&job->mu);
            return rc;
        }
        struct timespec ts = {(time_t)(deadline / 1000000000), (long)(deadline % 1000000000)};
        pthread_cond_timedwait(&job->exit_cv, &job->mu, &ts);
    }
    pthread_mutex_unlock(&job->mu);
    for (int i = 0; i < job->nthreads; i++) pthread_join(job->threads[i], NULL);
    job->joined = true;
    /* an unbounded job ends only by a cancel: its sinks commit what a final
     * checkpoint would */
    pthread_mutex_lock(&job->mu);
    bool cancelled = job->status == EDDY_E_CANCELLED;
    pthread_mutex_unlock(&job->mu);
    if (cancelled && job->unbounded && !job->commit_ran) job_commit(job, COMMIT_CANCELLED);
    /* close operators (on this thread: the workers are gone) */
    for (int i = 0; i < job->ntasks; i++)
        if (job->tasks[i]->opened) task_close(job->tasks[i]);
    return EDDY_OK;
}

eddy_status eddy__job_wait(Job *job, EdErr *err) {
    if (!job->started) return eddy__err(err, EDDY_E_INTERNAL, "job not started");
    eddy_status rc = job_join(job, err);
    if (rc) return rc;
    /* a canceller on another thread may be in job_fail: read under mu */
    pthread_mutex_lock(&job->mu);
    eddy_status st = job->status;
    if (st != EDDY_OK) {
        eddy__err_move(err, &job->err);
        job->status = EDDY_OK; /* reported once */
        job->err.code = EDDY_OK;
    }
    job->reported = true;
    pthread_mutex_unlock(&job->mu);
    return st;
}

bool eddy__job_done(Job *job, bool *failed) {
    pthread_mutex_lock(&job->mu);
    bool done = job->started && job->tasks_done == job->ntasks;
    if (failed) *failed = job->status != EDDY_OK;
    pthread_mutex_unlock(&job->mu);
    return done;
}

void eddy__job_cancel(Job *job) {
    if (!job) return;
    EdErr e = {0};
    eddy__err(&e, EDDY_E_CANCELLED, "The job was cancelled.");
    job_fail(job, EDDY_E_CANCELLED, &e);
}

eddy_status eddy__job_stop(Job *job, EdErr *err) {
    if (!job->started) return EDDY_OK;
    eddy__job_cancel(job);
    return job_join(job, err);
}

void eddy__job_rearm(Job *job) {
    pthread_mutex_lock(&job->mu);
    if (atomic_load(&job->stop)) job->stop_ns = eddy__mono_ns();
    pthread_mutex_unlock(&job->mu);
}

void eddy__job_free(Job *job) {
    if (!job) return;
    EdErr err = {0};
    eddy_status rc = eddy__job_stop(job, &err);
    eddy__err_clear(&err);
    if (rc) return; /* a worker may still use any of it: leak it all */
    for (int i = 0; i < job->nchannels; i++) channel_free(job->channels[i]);
    for (int i = 0; i < job->ntasks; i++) {
        eddy__err_clear(&job->tasks[i]->err);
        eddy__arena_destroy(&job->tasks[i]->arena);
    }
    eddy__free(job->threads);
    eddy__err_clear(&job->err);
    eddy__free(job->final_msg);
    for (size_t i = 0; i < job->mal.len; i++) {
        eddy__free(job->mal.items[i].where);
        eddy__free(job->mal.items[i].first_reason);
    }
    ed_vec_free(&job->mal);
    eddy__ckpt_abort(job->ck_w);
    eddy__ckpt_free(job->restore);
    eddy__free(job->ck_shared);
    eddy__restart_state_free(&job->rst);
    eddy__buf_free(&job->restore_report);
    eddy__free(job->sp_dir);
    eddy__free(job->sp_path);
    eddy__err_clear(&job->sp_err);
    pthread_mutex_destroy(&job->ck_mu);
    pthread_mutex_destroy(&job->mal_mu);
    pthread_mutex_destroy(&job->mu);
    pthread_cond_destroy(&job->cv);
    pthread_cond_destroy(&job->exit_cv);
    eddy__arena_destroy(&job->arena);
    eddy__free(job);
}

eddy_status eddy__job_client_next(Job *job, Event *ev, EdErr *err) {
    Channel *c = job->client;
    if (!c) return eddy__err(err, EDDY_E_INTERNAL, "job has no collecting sink");
    for (;;) {
        if (c->gated ? client_take_gated(job, c, ev) : channel_pop(c, ev)) {
            if (ev->kind == EV_BARRIER) continue; /* the client takes no part */
            return EDDY_OK;
        }
        pthread_mutex_lock(&c->mu);
        while (c->len == 0 || c->gated) {
            pthread_mutex_lock(&job->mu);
            bool stopped = atomic_load(&job->stop) && !job->restarting;
            bool all_done = job->tasks_done == job->ntasks;
            eddy_status st = job->status;
            pthread_mutex_unlock(&job->mu);
            if (stopped || (all_done && c->len == 0)) {
                pthread_mutex_unlock(&c->mu);
                if (st != EDDY_OK) {
                    eddy_status jrc = job_join(job, err);
                    if (jrc) return jrc;
                    pthread_mutex_lock(&job->mu);
                    eddy__err_replace(err, st, job->err.msg ? job->err.msg : eddy_status_str(st));
                    pthread_mutex_unlock(&job->mu);
                    return st;
                }
                if (all_done) {
                    ev->kind = EV_END;
                    ev->b = NULL;
                    return EDDY_OK;
                }
                return eddy__err(err, EDDY_E_CANCELLED, "The job was cancelled.");
            }
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 50 * 1000000;
            if (ts.tv_nsec >= 1000000000) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000;
            }
            pthread_cond_timedwait(&c->cv, &c->mu, &ts);
            if (c->gated) break; /* try to take again */
        }
        pthread_mutex_unlock(&c->mu);
    }
}

void eddy__job_describe(const Job *job, Buf *b) {
    for (int i = 0; i < job->ntasks; i++) {
        const Task *t = job->tasks[i];
        if (t->subtask != 0) continue;
        eddy__buf_printf(b, "%s (%d)", t->name, t->parallelism);
        for (int k = 1; k < t->nops; k++) eddy__buf_printf(b, " -> %s", t->ops[k]->node->name);
        eddy__buf_printf(b, ": inputs %d, outputs %d\n", t->nin, t->nout);
    }
}

int eddy__job_thread_count(const Job *job) { return job->nthreads; }

size_t eddy__job_op_stats(const Job *job, JobOpStats *out, size_t cap) {
    size_t n = 0;
    for (int i = 0; i < job->ntasks; i++) {
        const Task *t = job->tasks[i];
        for (int k = 0; k < t->nops; k++, n++) {
            Op *op = t->ops[k];
            if (n >= cap) continue;
            int64_t now = eddy__mem_bytes(&op->mem), closed = atomic_load(&op->closed_bytes);
            out[n] = (JobOpStats){op->node->name, op->uid, op->subtask, now > closed ? now : closed};
        }
    }
    return n;
}

/* ---- lifecycle and metrics for clients (eddy_job) --------------------------- */

JobState eddy__job_state(Job *job, const char **error) {
    if (error) *error = NULL;
    if (!job->started) return JOB_CREATED;
    pthread_mutex_lock(&job->mu);
    JobState st = JOB_RUNNING;
    if (job->exited == job->nthreads && (job->tasks_done == job->ntasks || atomic_load(&job->stop))) {
        if (job->final_status == EDDY_OK) st = JOB_FINISHED;
        else if (job->final_status == EDDY_E_CANCELLED) st = job->stopped_sp ? JOB_FINISHED : JOB_CANCELED;
        else st = JOB_FAILED;
    } else if (job->restarting) {
        st = JOB_RESTARTING;
    }
    if (error && st == JOB_FAILED) *error = job->final_msg ? job->final_msg : eddy_status_str(job->final_status);
    pthread_mutex_unlock(&job->mu);
    return st;
}

bool eddy__job_wait_ended(Job *job, int64_t timeout_ms) {
    if (!job->started) return false;
    int64_t deadline = timeout_ms < 0 ? 0 : eddy__mono_ns() + timeout_ms * 1000000;
    pthread_mutex_lock(&job->mu);
    while (job->exited < job->nthreads) {
        if (!deadline) {
            pthread_cond_wait(&job->exit_cv, &job->mu);
            continue;
        }
        if (eddy__mono_ns() >= deadline) break;
        struct timespec ts = {(time_t)(deadline / 1000000000), (long)(deadline % 1000000000)};
        pthread_cond_timedwait(&job->exit_cv, &job->mu, &ts);
    }
    bool ended = job->exited == job->nthreads;
    pthread_mutex_unlock(&job->mu);
    return ended;
}

int64_t eddy__job_start_ms(const Job *job) { return job->started ? job->start_ms : 0; }

size_t eddy__job_metrics(Job *job, JobOpMetrics *out, size_t cap) {
    int64_t elapsed = 0;
    if (job->started) {
        pthread_mutex_lock(&job->mu);
        int64_t end = job->exited == job->nthreads && job->end_ns ? job->end_ns : eddy__mono_ns();
        elapsed = end - job->start_ns;
        pthread_mutex_unlock(&job->mu);
    }
    size_t n = 0;
    for (int i = 0; i < job->ntasks; i++) {
        Task *t = job->tasks[i];
        int64_t busy = atomic_load_explicit(&t->busy_ns, memory_order_relaxed);
        int64_t bp = atomic_load_explicit(&t->bp_ns, memory_order_relaxed);
        if (busy > elapsed) busy = elapsed;
        if (bp > elapsed - busy) bp = elapsed - busy;
        for (int k = 0; k < t->nops; k++, n++) {
            Op *op = t->ops[k];
            if (n >= cap) continue;
            int64_t now = eddy__mem_bytes(&op->mem), closed = atomic_load(&op->closed_bytes);
            out[n] = (JobOpMetrics){
                .name = op->node->name,
                .uid = op->uid,
                .task_name = t->name,
                .subtask = op->subtask,
                .parallelism = op->parallelism,
                .records_in = atomic_load_explicit(&op->rows_in, memory_order_relaxed),
                .records_out = atomic_load_explicit(&op->rows_out, memory_order_relaxed),
                .late_dropped = atomic_load_explicit(&op->late_dropped, memory_order_relaxed),
                .input_watermark = atomic_load_explicit(&op->m_in_wm, memory_order_relaxed),
                .output_watermark = atomic_load_explicit(&op->m_out_wm, memory_order_relaxed),
                .state_bytes = now > closed ? now : closed,
                .elapsed_ns = elapsed,
                .busy_ns = busy,
                .backpressured_ns = bp,
            };
        }
    }
    return n;
}
