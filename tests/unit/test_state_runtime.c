/*
 * test_state_runtime.c -- what the runtime does for stateful operators,
 * with hand-built stream graphs and test operators: timers fire before the
 * watermark that makes them due, end_input per logical input, a blocked
 * input is not read (and blocking every input is refused), operator uids are
 * stable and derived from the graph's shape only, and the job reports each
 * instance's state bytes; late records are tallied per operator name.
 */
#include <pthread.h>

#include "runtime/job.h"
#include "runtime/ops/ops.h"
#include "test.h"

static Arena arena;
static Buf event_log; /* what the test operators saw, in order */
static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;

static void logf_(const char *fmt, ...) ED_PRINTF(1, 2);
static void logf_(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&log_mu);
    eddy__buf_vprintf(&event_log, fmt, ap);
    pthread_mutex_unlock(&log_mu);
    va_end(ap);
}

static const Type *bigint(void) { return eddy__type_basic(TY_BIGINT, false); }

/* ---- a scripted source: batches of BIGINTs and watermarks -------------------------- */

typedef struct ScriptEvent {
    int64_t wm;         /* 0 = a batch */
    int n;
    int64_t values[8];
    int repeat;         /* emit the batch this many times (0 = once) */
} ScriptEvent;

typedef struct Script {
    int nevents;
    const ScriptEvent *events;
} Script;

typedef struct ScriptState {
    int next, repeated;
} ScriptState;

static eddy_status script_open(Op *op) {
    op->state = eddy__arena_alloc(op->arena, sizeof(ScriptState));
    return op->state ? EDDY_OK : EDDY_E_NOMEM;
}

static eddy_status script_produce(Op *op) {
    const Script *sc = op->plan;
    ScriptState *s = op->state;
    if (s->next >= sc->nevents) return EDDY_DONE;
    const ScriptEvent *e = &sc->events[s->next];
    eddy_status rc;
    if (e->wm) {
        rc = eddy__op_emit_watermark(op, e->wm);
        s->next++;
    } else {
        const Type *t = bigint();
        Batch *b = eddy__batch_new_typed(1, &t, (uint32_t)e->n);
        for (int i = 0; i < e->n; i++) VEC_DATA(b->cols[0], int64_t)[i] = e->values[i];
        b->n = b->count = (uint32_t)e->n;
        rc = eddy__op_emit(op, b);
        eddy__batch_release(b);
        if (++s->repeated > e->repeat) {
            s->repeated = 0;
            s->next++;
        }
    }
    return rc;
}

static const OpVtab script_vt = {.name = "Script", .open = script_open, .produce = script_produce};

static StreamNode *source(const ScriptEvent *ev, int n) {
    Script *sc = eddy__arena_alloc(&arena, sizeof *sc);
    sc->nevents = n;
    sc->events = ev;
    StreamNode *s = eddy__node_new(&arena, NODE_SOURCE, "Script", &script_vt, sc, bigint(), 0);
    s->parallelism = 1;
    s->bounded = true;
    return s;
}

static KeySpec *key0(void) {
    KeySpec *k = eddy__arena_alloc(&arena, sizeof *k);
    int *cols = eddy__arena_alloc(&arena, sizeof(int));
    const Type **types = eddy__arena_alloc(&arena, sizeof(Type *));
    types[0] = bigint();
    k->nkeys = 1;
    k->cols = cols;
    k->types = types;
    return k;
}

static eddy_status run(StreamNode *sink, JobConfig *cfg, Job **keep) {
    JobConfig def = {.name = "t", .parallelism = 1, .max_parallelism = 128, .workers = 2, .channel_capacity = 2};
    EdErr err = {0};
    Job *job;
    eddy_status rc = eddy__job_create(cfg ? cfg : &def, &sink, 1, &job, &err);
    if (!rc) rc = eddy__job_start(job, &err);
    if (!rc) rc = eddy__job_wait(job, &err);
    if (rc) fprintf(stderr, "job: %s\n", err.msg ? err.msg : "?");
    eddy__err_clear(&err);
    if (keep && !rc) *keep = job;
    else eddy__job_free(job);
    return rc;
}

/* ---- timers before the watermark --------------------------------------------------------- */

typedef struct TimerOpState {
    KeyBatch kb;
    TimerService *ts;
} TimerOpState;

static eddy_status timer_open(Op *op) {
    TimerOpState *s = eddy__arena_alloc(op->arena, sizeof *s);
    op->state = s;
    StateBackend *be;
    eddy_status rc = eddy__op_state(op, &be);
    if (!rc) rc = eddy__timers_get(be, &s->ts);
    return rc;
}

/* Each value v registers an event-time timer at v for key v. */
static eddy_status timer_push(Op *op, int input, Batch *b) {
    (void)input;
    TimerOpState *s = op->state;
    eddy_status rc = eddy__key_batch_encode(&s->kb, b->cols, 1, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        StateKey k = eddy__key_batch_key(&s->kb, i);
        rc = eddy__timers_register(s->ts, TIME_EVENT, &k, STATE_NO_NS, VEC_DATA(b->cols[0], int64_t)[batch_row(b, i)]);
    }
    return rc;
}

static eddy_status timer_fire(Op *op, const Timer *t) {
    logf_("timer %lld (input wm %lld) ", (long long)t->ts, (long long)op->input_watermark);
    /* a timer registered while firing, due already, fires in this round */
    if (t->ts == 20) {
        TimerOpState *s = op->state;
        return eddy__timers_register(s->ts, TIME_EVENT, &t->key, STATE_NO_NS, 21);
    }
    return EDDY_OK;
}

static eddy_status timer_wm(Op *op, int64_t wm) {
    if (wm == INT64_MAX) logf_("wm MAX ");
    else logf_("wm %lld ", (long long)wm);
    return eddy__op_emit_watermark(op, wm);
}

static void timer_close(Op *op) {
    TimerOpState *s = op->state;
    if (s) eddy__key_batch_free(&s->kb);
}

static const OpVtab timer_vt = {.name = "Timers",
                                .open = timer_open,
                                .push_batch = timer_push,
                                .push_watermark = timer_wm,
                                .on_timer = timer_fire,
                                .close = timer_close};

TEST(event_timers_fire_before_the_watermark_that_makes_them_due) {
    static const ScriptEvent ev[] = {{0, 3, {5, 20, 7}, 0}, {10, 0, {0}, 0}, {0, 1, {30}, 0}, {25, 0, {0}, 0}};
    StreamNode *src = source(ev, 4);
    StreamNode *op = eddy__node_new(&arena, NODE_SINK, "Timers", &timer_vt, NULL, bigint(), 1);
    op->in[0] = (StreamInput){src, PART_HASH, key0(), 0};
    event_log.len = 0;
    ASSERT_EQ_INT(run(op, NULL, NULL), EDDY_OK);
    ASSERT_STR_EQ(eddy__buf_cstr(&event_log), "timer 5 (input wm 10) timer 7 (input wm 10) wm 10 timer 20 (input wm 25) "
                                         "timer 21 (input wm 25) wm 25 timer 30 (input wm 9223372036854775807) wm MAX ");
}

/* ---- end_input and blocked inputs -------------------------------------------------------- */

static eddy_status two_open(Op *op) {
    /* input 1 waits until input 0 has ended */
    eddy_status rc = eddy__op_block_input(op, 1, true);
    if (rc) return rc;
    /* blocking the other one too would leave the task nothing to read */
    if (eddy__op_block_input(op, 0, true) != EDDY_E_INTERNAL) return eddy__op_fail(op, EDDY_E_INTERNAL, "blocked all");
    logf_("refused: %s\n", eddy__op_err(op)->msg);
    eddy__err_clear(eddy__op_err(op));
    return EDDY_OK;
}

static eddy_status two_push(Op *op, int input, Batch *b) {
    (void)op;
    for (uint32_t i = 0; i < b->count; i++) logf_("%d:%lld ", input, (long long)VEC_DATA(b->cols[0], int64_t)[batch_row(b, i)]);
    return EDDY_OK;
}

static eddy_status two_end(Op *op, int input) {
    logf_("end %d ", input);
    return input == 0 ? eddy__op_block_input(op, 1, false) : EDDY_OK;
}

static eddy_status two_finish(Op *op) {
    (void)op;
    logf_("finish");
    return EDDY_OK;
}

static const OpVtab two_vt = {.name = "Two", .open = two_open, .push_batch = two_push, .end_input = two_end,
                              .finish = two_finish};

TEST(a_blocked_input_waits_and_end_input_comes_per_input) {
    /* input 1 sends 10 batches, more than its channel holds: its producer
     * waits (backpressure) while the input is blocked, then goes on */
    static const ScriptEvent a[] = {{0, 2, {1, 2}, 2}};
    static const ScriptEvent b[] = {{0, 1, {9}, 9}};
    StreamNode *sa = source(a, 1), *sb = source(b, 1);
    StreamNode *op = eddy__node_new(&arena, NODE_SINK, "Two", &two_vt, NULL, bigint(), 2);
    op->in[0] = (StreamInput){sa, PART_FORWARD, NULL, 0};
    op->in[1] = (StreamInput){sb, PART_FORWARD, NULL, 1};
    event_log.len = 0;
    ASSERT_EQ_INT(run(op, NULL, NULL), EDDY_OK);
    ASSERT_STR_EQ(eddy__buf_cstr(&event_log), "refused: operator Two cannot block its every input\n"
                                         "0:1 0:2 0:1 0:2 0:1 0:2 end 0 "
                                         "1:9 1:9 1:9 1:9 1:9 1:9 1:9 1:9 1:9 1:9 end 1 finish");
}

/* ---- uids ----------------------------------------------------------------------------------- */

static eddy_status keyed_open(Op *op) {
    StateBackend *be;
    State *st;
    StateDesc d = {.name = "v", .kind = STATE_VALUE, .value_type = bigint()};
    eddy_status rc = eddy__op_state(op, &be);
    if (!rc) rc = eddy__state_register(be, &d, &st);
    op->state = st;
    return rc;
}

static eddy_status keyed_push(Op *op, int input, Batch *b) {
    (void)input;
    KeyBatch kb;
    eddy__key_batch_init(&kb);
    eddy_status rc = eddy__key_batch_encode(&kb, b->cols, 1, b->sel, b->count, op->max_parallelism, eddy__op_err(op));
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        StateKey k = eddy__key_batch_key(&kb, i);
        rc = eddy__state_put(op->state, &k, STATE_NO_NS, "12345678", 8);
    }
    eddy__key_batch_free(&kb);
    return rc;
}

/* snapshot: what the operator keeps outside its backend goes in first */
static eddy_status keyed_snapshot(Op *op, int64_t id) {
    StateBackend *be;
    OpListState *l;
    eddy_status rc = eddy__op_state(op, &be);
    if (!rc) rc = eddy__state_op_list(be, "pending", bigint(), &l);
    if (!rc) rc = eddy__state_op_list_add(l, &id, 8);
    return rc;
}

static int snapshots_checked;

/* At the end: snapshot, restore into a fresh backend of the same range,
 * and compare what is there. */
static eddy_status keyed_finish(Op *op) {
    Buf snap;
    eddy__buf_init(&snap);
    eddy_status rc = eddy__op_snapshot(op, 7, NULL, NULL, &snap);
    StateBackend *copy = NULL;
    int first, last, mp;
    eddy__state_backend_range(op->backend, &first, &last, &mp);
    StateBackendConfig cfg = {.uid = op->uid, .op_name = "copy", .max_parallelism = mp, .first_group = first,
                              .last_group = last, .subtask = 0, .parallelism = 1, .err = eddy__op_err(op)};
    const void *p = snap.data;
    size_t n = snap.len;
    if (!rc) rc = eddy__state_backend_new(&cfg, &copy);
    if (!rc) rc = eddy__state_restore(copy, &p, &n, 1);
    StateStats a, b;
    if (!rc) {
        eddy__state_backend_stats(op->backend, &a);
        eddy__state_backend_stats(copy, &b);
        OpListState *l;
        rc = eddy__state_op_list(copy, "pending", bigint(), &l);
        if (!rc && (a.entries != b.entries || a.entries == 0 || eddy__state_op_list_count(l) != 1))
            rc = eddy__op_fail(op, EDDY_E_INTERNAL, "the restored copy differs");
        if (!rc) __atomic_add_fetch(&snapshots_checked, 1, __ATOMIC_RELAXED);
    }
    eddy__state_backend_free(copy);
    eddy__buf_free(&snap);
    return rc;
}

static const OpVtab keyed_vt = {.name = "Keyed", .open = keyed_open, .push_batch = keyed_push,
                                .snapshot = keyed_snapshot, .finish = keyed_finish};

static StreamNode *graph(const char *uid) {
    static const ScriptEvent ev[] = {{0, 8, {1, 2, 3, 4, 5, 6, 7, 8}, 99}};
    StreamNode *src = source(ev, 1);
    StreamNode *op = eddy__node_new(&arena, NODE_SINK, "Keyed", &keyed_vt, NULL, bigint(), 1);
    op->in[0] = (StreamInput){src, PART_HASH, key0(), 0};
    op->uid = uid;
    return op;
}

/* The uid and state bytes of the job's instances, as text. */
static char *stats_text(Job *job) {
    JobOpStats st[16];
    size_t n = eddy__job_op_stats(job, st, 16);
    Buf b;
    eddy__buf_init(&b);
    for (size_t i = 0; i < n && i < 16; i++)
        eddy__buf_printf(&b, "%s/%d %s %s\n", st[i].name, st[i].subtask, st[i].uid, st[i].state_bytes > 0 ? "state" : "-");
    return eddy__buf_take(&b);
}

TEST(operator_uids_depend_on_the_graph_only) {
    JobConfig cfg = {.name = "t", .parallelism = 2, .max_parallelism = 128, .workers = 2, .channel_capacity = 2};
    Job *j1 = NULL, *j2 = NULL, *j3 = NULL;
    /* the same graph built twice (nodes get new process-wide ids) */
    ASSERT_EQ_INT(run(graph(NULL), &cfg, &j1), EDDY_OK);
    ASSERT_EQ_INT(run(graph(NULL), &cfg, &j2), EDDY_OK);
    ASSERT_EQ_INT(run(graph("my-op"), &cfg, &j3), EDDY_OK);
    char *a = stats_text(j1), *b = stats_text(j2), *c = stats_text(j3);
    ASSERT_STR_EQ(a, b);
    /* every subtask of a node shares its uid; the keyed one held state */
    char want[512];
    char src[33], op[33], user[33];
    OpUid usrc = eddy__uid_derive(0, NULL, 0);
    eddy__uid_hex(usrc, src);
    eddy__uid_hex(eddy__uid_derive(1, &usrc, 1), op);
    eddy__uid_hex(eddy__uid_user("my-op"), user);
    snprintf(want, sizeof want, "Script/0 %s -\nKeyed/0 %s state\nKeyed/1 %s state\n", src, op, op);
    ASSERT_STR_EQ(a, want);
    snprintf(want, sizeof want, "Script/0 %s -\nKeyed/0 %s state\nKeyed/1 %s state\n", src, user, user);
    ASSERT_STR_EQ(c, want);
    /* the derivation itself is pinned: snapshots of other processes and
     * earlier versions name operators by it */
    ASSERT_STR_EQ(src, "9ca066f1a4ab2eead8fc435872d6b976");
    /* each keyed instance snapshotted its state (after its snapshot member
     * added to it) and a restore of it held the same */
    ASSERT_EQ_INT(snapshots_checked, 6);
    free(a);
    free(b);
    free(c);
    eddy__job_free(j1);
    eddy__job_free(j2);
    eddy__job_free(j3);
}

/* ---- late records ------------------------------------------------------------------------ */

/* Drops the values behind the input watermark, reporting them once a batch. */
static eddy_status late_push(Op *op, int input, Batch *b) {
    (void)input;
    uint64_t late = 0;
    for (uint32_t i = 0; i < b->count; i++) late += VEC_DATA(b->cols[0], int64_t)[batch_row(b, i)] <= op->input_watermark;
    return eddy__op_report_late(op, late);
}

static const OpVtab late_vt = {.name = "Late", .push_batch = late_push};

TEST(late_records_are_tallied_per_operator) {
    static const ScriptEvent ev[] = {{0, 3, {1, 2, 3}, 0}, {10, 0, {0}, 0}, {0, 4, {5, 11, 10, 12}, 1},
                                     {20, 0, {0}, 0}, {0, 2, {19, 21}, 0}};
    StreamNode *src = source(ev, 5);
    StreamNode *op = eddy__node_new(&arena, NODE_SINK, "WindowAggregate", &late_vt, NULL, bigint(), 1);
    op->in[0] = (StreamInput){src, PART_FORWARD, NULL, 0};
    Job *job = NULL;
    ASSERT_EQ_INT(run(op, NULL, &job), EDDY_OK);
    Buf b;
    eddy__buf_init(&b);
    /* 5 and 10, twice (the batch is repeated), then 19; nothing before the first watermark */
    ASSERT_EQ_INT((int)eddy__job_tally(job, true, &b), 5);
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "5 late records dropped by WindowAggregate (behind the watermark)\n");
    b.len = 0;
    /* the malformed-record tally is apart */
    ASSERT_EQ_INT((int)eddy__job_tally(job, false, &b), 0);
    ASSERT_EQ_INT((int)b.len, 0);
    eddy__buf_free(&b);
    eddy__job_free(job);
}

int main(void) {
    eddy__arena_init(&arena, 4096);
    eddy__buf_init(&event_log);
    RUN(event_timers_fire_before_the_watermark_that_makes_them_due);
    RUN(a_blocked_input_waits_and_end_input_comes_per_input);
    RUN(operator_uids_depend_on_the_graph_only);
    RUN(late_records_are_tallied_per_operator);
    eddy__buf_free(&event_log);
    eddy__arena_destroy(&arena);
    return test_report();
}
