/*
 * test_watermarks.c -- DataStream watermark strategies through eddy.h:
 * monotonous and bounded out-of-orderness timestamps with periodic
 * emission on a manual clock, the interval option (0 disables periodic
 * watermarks), custom generators (punctuated, per-instance state),
 * idleness (an idle input is left out of the minimum downstream), BATCH
 * mode, and the misuse errors.
 *
 * A probe (a keyed process function over one key) shows what arrives: each
 * element with the watermark current when it came ("v=2 wm=0"), and an
 * event-time timer per element that fires when the watermark passes it
 * ("timer 1 wm=1"). Sources emit one record per call and move the manual
 * clock before it, so periodic emission happens at known points: the
 * runtime calls the assigner's clock hook before each source call.
 */
#include <stdatomic.h>

#include "check.h"

static void fmt_wm(char *buf, size_t n, int64_t wm) {
    if (wm == INT64_MIN) snprintf(buf, n, "MIN");
    else if (wm == INT64_MAX) snprintf(buf, n, "MAX");
    else snprintf(buf, n, "%lld", (long long)wm);
}

static eddy_status emit_line(eddy_out *out, const char *line) {
    eddy_status rc = eddy_out_set_string(out, 0, line, strlen(line));
    return rc ? rc : eddy_out_emit(out);
}

/* ctx (may be NULL): an atomic_int raised when the probe sees value 30 */
static eddy_status probe_element(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    int64_t v;
    eddy_status rc = eddy_row_get_long(in, 0, &v);
    if (rc) return rc;
    if (ctx && v == 30) atomic_store((atomic_int *)ctx, 1);
    char wm[32], line[96];
    fmt_wm(wm, sizeof wm, eddy_keyed_ctx_current_watermark(kc));
    snprintf(line, sizeof line, "v=%lld wm=%s", (long long)v, wm);
    if ((rc = eddy_keyed_ctx_register_event_timer(kc, v))) return rc;
    return emit_line(out, line);
}

static eddy_status probe_timer(void *ctx, eddy_keyed_ctx *kc, int64_t ts, eddy_out *out) {
    (void)ctx;
    char wm[32], line[96];
    fmt_wm(wm, sizeof wm, eddy_keyed_ctx_current_watermark(kc));
    snprintf(line, sizeof line, "timer %lld wm=%s", (long long)ts, wm);
    return emit_line(out, line);
}

static const eddy_keyed_process_fn probe_fn = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, probe_element, probe_timer, NULL};

static eddy_status one_key(void *ctx, const eddy_row *in, eddy_out *key) {
    (void)ctx;
    (void)in;
    return eddy_out_set_int(key, 0, 0);
}

static char *probe_with(eddy_stream *s, void *ctx) {
    eddy_keyed_stream *ks = eddy_stream_key_by_fn(s, "INT", one_key, NULL, NULL);
    return collect_stream(eddy_keyed_process(ks, &probe_fn, "STRING", ctx, NULL));
}

static char *probe(eddy_stream *s) { return probe_with(s, NULL); }

/* The value is the event time. */
static eddy_status value_as_ts(void *ctx, const eddy_row *in, int64_t record_ts, int64_t *out) {
    (void)ctx;
    (void)record_ts;
    return eddy_row_get_long(in, 0, out);
}

/* A source of BIGINT values, one per call, moving the env's manual clock
 * by step_ms before each. With a gate, record k waits until the gate
 * counts k (a downstream task has handled the records before it). */
typedef struct Script {
    eddy_env *env;
    const int64_t *vals;
    size_t n, pos;
    int64_t step_ms;
    atomic_int *gate;
} Script;

static eddy_status script_run(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    Script *s = ctx;
    if (s->pos == s->n) return EDDY_DONE;
    if (s->gate && (size_t)atomic_load(s->gate) < s->pos) return EDDY_OK;
    eddy_env_advance_clock(s->env, s->step_ms);
    eddy_out_set_long(out, 0, s->vals[s->pos++]);
    return eddy_out_emit(out);
}

static eddy_stream *script_stream(Script *s, const eddy_watermark_strategy *ws) {
    eddy_stream *src = eddy_from_source(s->env, "BIGINT", false, script_run, s, NULL);
    return eddy_stream_assign_timestamps_and_watermarks(src, ws);
}

static eddy_env *clock_env(const char *interval) {
    eddy_env *env = new_env(1);
    eddy_env_use_manual_clock(env, 0);
    if (interval && eddy_env_set_option(env, "pipeline.auto-watermark-interval", interval) != EDDY_OK) {
        eddy_env_free(env);
        return NULL;
    }
    return env;
}

TEST(monotonous_timestamps_emit_the_largest_minus_one_every_interval) {
    eddy_env *env = clock_env(NULL); /* the default 200 ms */
    static const int64_t vals[] = {1, 2, 3, 100};
    Script s = {env, vals, 4, 0, 200};
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_monotonous_timestamps(env), value_as_ts, NULL, NULL);
    ASSERT_TEXT(probe(script_stream(&s, ws)), "v=1 wm=MIN\n"
                                              "v=2 wm=0\n"
                                              "timer 1 wm=1\n"
                                              "v=3 wm=1\n"
                                              "timer 2 wm=2\n"
                                              "v=100 wm=2\n"
                                              "timer 3 wm=99\n"
                                              "timer 100 wm=MAX\n");
    /* a clock that moves less than the interval between records: the
     * watermark comes every second record */
    Script half = {env, vals, 4, 0, 100};
    ASSERT_TEXT(probe(script_stream(&half, ws)), "v=1 wm=MIN\n"
                                                 "v=2 wm=MIN\n"
                                                 "timer 1 wm=1\n"
                                                 "v=3 wm=1\n"
                                                 "v=100 wm=1\n"
                                                 "timer 2 wm=99\n"
                                                 "timer 3 wm=99\n"
                                                 "timer 100 wm=MAX\n");
    eddy_env_free(env);
}

TEST(bounded_out_of_orderness_lags_by_the_bound) {
    eddy_env *env = clock_env("200 ms");
    static const int64_t vals[] = {100, 90, 120, 105, 130, 95};
    Script s = {env, vals, 6, 0, 200};
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_bounded_out_of_orderness(env, 10), value_as_ts, NULL, NULL);
    /* 90 and 95 come late but within the bound of the watermark they see;
     * a timer registered behind the watermark fires at the next one */
    ASSERT_TEXT(probe(script_stream(&s, ws)), "v=100 wm=MIN\n"
                                              "v=90 wm=89\n"
                                              "v=120 wm=89\n"
                                              "timer 90 wm=109\n"
                                              "timer 100 wm=109\n"
                                              "v=105 wm=109\n"
                                              "v=130 wm=109\n"
                                              "timer 105 wm=119\n"
                                              "v=95 wm=119\n"
                                              "timer 95 wm=MAX\n"
                                              "timer 120 wm=MAX\n"
                                              "timer 130 wm=MAX\n");
    eddy_env_free(env);
}

TEST(interval_zero_disables_periodic_watermarks) {
    eddy_env *env = clock_env("0");
    static const int64_t vals[] = {1, 2, 3};
    Script s = {env, vals, 3, 0, 1000};
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_monotonous_timestamps(env), value_as_ts, NULL, NULL);
    ASSERT_TEXT(probe(script_stream(&s, ws)), "v=1 wm=MIN\nv=2 wm=MIN\nv=3 wm=MIN\n"
                                              "timer 1 wm=MAX\ntimer 2 wm=MAX\ntimer 3 wm=MAX\n");
    /* bad values of the option change nothing */
    ASSERT_EQ_INT(eddy_env_set_option(env, "pipeline.auto-watermark-interval", "soon"), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Could not parse value 'soon' for key 'pipeline.auto-watermark-interval'.");
    eddy_env_free(env);
}

TEST(no_watermarks_keeps_record_timestamps_without_watermarks) {
    eddy_env *env = clock_env(NULL);
    static const int64_t vals[] = {7, 3};
    Script s = {env, vals, 2, 0, 500};
    eddy_watermark_strategy *ws =
        eddy_watermark_with_timestamp_assigner(eddy_watermark_no_watermarks(env), value_as_ts, NULL, NULL);
    ASSERT_TEXT(probe(script_stream(&s, ws)), "v=7 wm=MIN\nv=3 wm=MIN\ntimer 3 wm=MAX\ntimer 7 wm=MAX\n");
    eddy_env_free(env);
}

/* ---- custom generators ---- */

typedef struct GenCounts {
    atomic_int created, destroyed, events;
} GenCounts;

typedef struct GenState {
    GenCounts *counts;
    int64_t max;
} GenState;

static void *gen_create(void *ctx, int subtask) {
    (void)subtask;
    GenCounts *c = ctx;
    atomic_fetch_add(&c->created, 1);
    GenState *g = calloc(1, sizeof *g);
    g->counts = c;
    g->max = INT64_MIN;
    return g;
}

static void gen_destroy(void *state) {
    GenState *g = state;
    atomic_fetch_add(&g->counts->destroyed, 1);
    free(g);
}

/* punctuated: a multiple of 10 is a watermark at its timestamp */
static eddy_status gen_event(void *state, const eddy_row *in, int64_t ts, eddy_watermark_output *out) {
    (void)in;
    GenState *g = state;
    atomic_fetch_add(&g->counts->events, 1);
    if (ts > g->max) g->max = ts;
    if (ts % 10 == 0) eddy_watermark_output_emit(out, ts);
    return EDDY_OK;
}

/* periodic: the largest timestamp minus 2 (only where the interval is on) */
static eddy_status gen_periodic(void *state, eddy_watermark_output *out) {
    GenState *g = state;
    if (g->max != INT64_MIN) eddy_watermark_output_emit(out, g->max - 2);
    return EDDY_OK;
}

static const eddy_watermark_generator_fn punctuated = {EDDY_WATERMARK_GENERATOR_FN_VERSION, gen_create, gen_event,
                                                       gen_periodic, gen_destroy};

TEST(custom_generator_watermarks_follow_the_records_that_bring_them) {
    eddy_env *env = clock_env("0");
    GenCounts counts = {0};
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_generator(env, &punctuated, &counts, NULL), value_as_ts, NULL, NULL);
    /* one batch of five rows: the watermarks cut it where they come */
    eddy_stream *in = eddy_from_values(env, "BIGINT NOT NULL", "(5), (10), (7), (20), (25)");
    ASSERT_TEXT(probe(eddy_stream_assign_timestamps_and_watermarks(in, ws)),
                "v=5 wm=MIN\n"
                "v=10 wm=MIN\n"
                "timer 5 wm=10\n"
                "timer 10 wm=10\n"
                "v=7 wm=10\n"
                "v=20 wm=10\n"
                "timer 7 wm=20\n"
                "timer 20 wm=20\n"
                "v=25 wm=20\n"
                "timer 25 wm=MAX\n");
    ASSERT_EQ_INT(atomic_load(&counts.created), 1);
    ASSERT_EQ_INT(atomic_load(&counts.destroyed), 1);
    ASSERT_EQ_INT(atomic_load(&counts.events), 5);
    /* periodic emission on the clock, with the same generator */
    ASSERT_EQ_INT(eddy_env_set_option(env, "pipeline.auto-watermark-interval", "100 ms"), EDDY_OK);
    static const int64_t vals[] = {3, 4, 9};
    Script s = {env, vals, 3, 0, 100};
    ASSERT_TEXT(probe(script_stream(&s, ws)), "v=3 wm=MIN\nv=4 wm=1\nv=9 wm=2\n"
                                              "timer 3 wm=7\ntimer 4 wm=7\ntimer 9 wm=MAX\n");
    eddy_env_free(env);
}

static eddy_status quiet_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)ctx;
    (void)subtask;
    (void)parallelism;
    (void)out;
    return EDDY_DONE;
}

TEST(each_parallel_instance_has_its_own_generator) {
    eddy_env *env = new_env(3);
    GenCounts counts = {0};
    eddy_stream *src = eddy_from_source(env, "BIGINT", true, quiet_source, NULL, NULL);
    eddy_stream *s =
        eddy_stream_assign_timestamps_and_watermarks(src, eddy_watermark_for_generator(env, &punctuated, &counts, NULL));
    ASSERT_TEXT(collect_stream(s), "");
    ASSERT_EQ_INT(atomic_load(&counts.created), 3);
    ASSERT_EQ_INT(atomic_load(&counts.destroyed), 3);
    eddy_env_free(env);
}

/* ---- idleness ---- */

/* Two sources into one probe. A emits one record (ts 1), then nothing for
 * a while as its clock runs; once it has been quiet long enough it raises
 * a_quiet. B waits for that, then emits 10, 20, 30 with punctuated
 * watermarks. A ends once the probe has seen B's last record (so B's
 * watermark 20, which came before it, has arrived too). */
typedef struct Idle {
    eddy_env *env;
    atomic_int a_calls, a_quiet, b_pos, probe_saw_30;
} Idle;

static eddy_status idle_a(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    Idle *s = ctx;
    int call = atomic_fetch_add(&s->a_calls, 1);
    if (call == 0) {
        eddy_out_set_long(out, 0, 1);
        return eddy_out_emit(out);
    }
    if (call <= 12) {
        eddy_env_advance_clock(s->env, 100);
        /* the clock hook ran before this call: 11 steps of 100 ms with a
         * 300 ms timeout have marked the output idle */
        if (call == 12) atomic_store(&s->a_quiet, 1);
        return EDDY_OK;
    }
    return atomic_load(&s->probe_saw_30) ? EDDY_DONE : EDDY_OK;
}

static eddy_status idle_b(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    Idle *s = ctx;
    if (!atomic_load(&s->a_quiet)) return EDDY_OK;
    int pos = atomic_fetch_add(&s->b_pos, 1);
    if (pos >= 3) return EDDY_DONE;
    eddy_out_set_long(out, 0, 10 * (pos + 1));
    return eddy_out_emit(out);
}

static eddy_status every_ts(void *state, const eddy_row *in, int64_t ts, eddy_watermark_output *out) {
    (void)state;
    (void)in;
    eddy_watermark_output_emit(out, ts);
    return EDDY_OK;
}

static const eddy_watermark_generator_fn every_ts_fn = {EDDY_WATERMARK_GENERATOR_FN_VERSION, NULL, every_ts, NULL,
                                                        NULL};

/* The line of text saying when the timer of B's first record fired (all
 * of text when there is none); frees text. */
static char *timer_10_line(char *text) {
    char *t = strstr(text, "timer 10 ");
    char *line = strdup(t ? t : text);
    if (strchr(line, '\n')) *strchr(line, '\n') = 0;
    free(text);
    return line;
}

/* The probe's first timer line: when the timer of B's first record fired. */
static char *first_timer(bool idleness) {
    eddy_env *env = clock_env("100 ms");
    Idle s = {.env = env};
    eddy_watermark_strategy *wa = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_monotonous_timestamps(env), value_as_ts, NULL, NULL);
    if (idleness) wa = eddy_watermark_with_idleness(wa, 300);
    eddy_watermark_strategy *wb =
        eddy_watermark_with_timestamp_assigner(eddy_watermark_for_generator(env, &every_ts_fn, NULL, NULL), value_as_ts,
                                               NULL, NULL);
    eddy_stream *a = eddy_stream_assign_timestamps_and_watermarks(eddy_from_source(env, "BIGINT", false, idle_a, &s, NULL), wa);
    eddy_stream *b = eddy_stream_assign_timestamps_and_watermarks(eddy_from_source(env, "BIGINT", false, idle_b, &s, NULL), wb);
    char *text = probe_with(eddy_stream_union(a, b), &s.probe_saw_30);
    eddy_env_free(env);
    return timer_10_line(text);
}

/* The same through the Table API: A and B as tables with a watermark on
 * their rowtime, their UNION ALL back into a stream; idleness comes from
 * table.exec.source.idle-timeout (idle_timeout NULL: not set). */
static char *first_timer_sql(const char *idle_timeout) {
    eddy_env *env = clock_env("100 ms");
    eddy_tenv *tenv = eddy_tenv_new(env);
    if (idle_timeout) eddy_tenv_set_option(tenv, "table.exec.source.idle-timeout", idle_timeout);
    Idle s = {.env = env};
    eddy_watermark_strategy *ts_only =
        eddy_watermark_with_timestamp_assigner(eddy_watermark_no_watermarks(env), value_as_ts, NULL, NULL);
    eddy_source_fn fns[2] = {idle_a, idle_b};
    const char *names[2] = {"A", "B"};
    for (int i = 0; i < 2; i++) {
        eddy_stream *src = eddy_from_source(env, "BIGINT", false, fns[i], &s, NULL);
        eddy_schema *sc = eddy_schema_new(env);
        eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
        eddy_schema_watermark(sc, "rowtime", "rowtime");
        eddy_tenv_create_temporary_view_from_stream(tenv, names[i], eddy_stream_assign_timestamps_and_watermarks(src, ts_only),
                                                    sc);
    }
    eddy_table *u = eddy_tenv_sql_query(tenv, "SELECT * FROM A UNION ALL SELECT * FROM B");
    char *text = probe_with(eddy_tenv_to_datastream(tenv, u), &s.probe_saw_30);
    eddy_env_free(env);
    return timer_10_line(text);
}

TEST(an_idle_input_is_left_out_of_the_minimum) {
    /* A idle: B's watermark alone moves the probe's time */
    ASSERT_TEXT(first_timer(true), "timer 10 wm=10");
    /* A active at watermark 0 holds it back until A ends: by then B's
     * watermark is 20 at least */
    char *line = first_timer(false);
    ASSERT_TRUE(strcmp(line, "timer 10 wm=10") != 0);
    ASSERT_STR_CONTAINS(line, "timer 10 wm=");
    free(line);
    /* tables: table.exec.source.idle-timeout does for a table source what
     * withIdleness does for a stream */
    ASSERT_TEXT(first_timer_sql("300 ms"), "timer 10 wm=10");
    line = first_timer_sql(NULL);
    ASSERT_TRUE(strcmp(line, "timer 10 wm=10") != 0);
    ASSERT_STR_CONTAINS(line, "timer 10 wm=");
    free(line);
}

/* ---- sources that emit watermarks themselves ---- */

static eddy_status row_at(eddy_out *out, int64_t v) {
    eddy_out_set_long(out, 0, v);
    eddy_out_set_timestamp_ms(out, v);
    return eddy_out_emit(out);
}

static atomic_int source_calls;
static eddy_status wm_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)ctx;
    (void)subtask;
    (void)parallelism;
    eddy_status rc = EDDY_OK;
    switch (atomic_fetch_add(&source_calls, 1)) {
    case 0:
        if (!rc) rc = row_at(out, 5);
        if (!rc) rc = row_at(out, 3);
        if (!rc) rc = eddy_source_emit_watermark(out, 4);
        return rc;
    case 1:
        if (!rc) rc = row_at(out, 8);
        if (!rc) rc = eddy_source_emit_watermark(out, 2); /* not above 4: ignored */
        if (!rc) rc = eddy_source_emit_watermark(out, 9);
        if (!rc) rc = eddy_source_mark_idle(out);
        return rc;
    default:
        return EDDY_DONE;
    }
}

static eddy_status misuse_in_map(void *ctx, const eddy_row *in, eddy_out *out) {
    *(eddy_status *)ctx = eddy_source_emit_watermark(out, 1);
    return eddy_out_copy_field(out, 0, in, 0);
}

TEST(sources_emit_watermarks_between_their_rows) {
    eddy_env *env = new_env(1);
    eddy_stream *src = eddy_from_source(env, "BIGINT", false, wm_source, NULL, NULL);
    ASSERT_TEXT(probe(src), "v=5 wm=MIN\nv=3 wm=MIN\ntimer 3 wm=4\nv=8 wm=4\ntimer 5 wm=9\ntimer 8 wm=9\n");
    /* only a source's output takes them */
    eddy_status got = EDDY_OK;
    eddy_stream *m = eddy_stream_map(eddy_from_values(env, "BIGINT NOT NULL", "(1)"), "BIGINT", misuse_in_map, &got, NULL);
    ASSERT_TEXT(collect_stream(m), "1\n");
    ASSERT_EQ_INT(got, EDDY_E_MISUSE);
    ASSERT_EQ_INT(eddy_source_mark_idle(NULL), EDDY_E_MISUSE);
    eddy_env_free(env);
}

/* ---- processing-time timers on the manual clock ---- */

/* Each element registers a processing-time timer 100 ms ahead. */
static eddy_status ptimer_element(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    atomic_fetch_add((atomic_int *)ctx, 1);
    int64_t v, now = eddy_keyed_ctx_current_processing_time(kc);
    eddy_status rc = eddy_row_get_long(in, 0, &v);
    if (!rc) rc = eddy_keyed_ctx_register_processing_timer(kc, now + 100);
    char line[64];
    snprintf(line, sizeof line, "v=%lld now=%lld", (long long)v, (long long)now);
    return rc ? rc : emit_line(out, line);
}

static eddy_status ptimer_fire(void *ctx, eddy_keyed_ctx *kc, int64_t ts, eddy_out *out) {
    (void)ctx;
    char line[64];
    snprintf(line, sizeof line, "ptimer %lld now=%lld", (long long)ts,
             (long long)eddy_keyed_ctx_current_processing_time(kc));
    return emit_line(out, line);
}

static const eddy_keyed_process_fn ptimer_fn = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, ptimer_element, ptimer_fire,
                                                NULL};

TEST(processing_time_timers_follow_the_manual_clock) {
    eddy_env *env = clock_env(NULL);
    ASSERT_EQ_INT(eddy_env_set_clock(env, 1000), EDDY_OK);
    /* the clock moves 60 ms before each record, once the one before has
     * been handled: the timer of the first (1160) is due once the third
     * has moved it to 1180, and fires before the task handles that record */
    static const int64_t vals[] = {1, 2, 3, 4};
    atomic_int handled = 0;
    Script s = {env, vals, 4, 0, 60, &handled};
    eddy_stream *src = eddy_from_source(env, "BIGINT", false, script_run, &s, NULL);
    eddy_keyed_stream *ks = eddy_stream_key_by_fn(src, "INT", one_key, NULL, NULL);
    ASSERT_TEXT(collect_stream(eddy_keyed_process(ks, &ptimer_fn, "STRING", &handled, NULL)),
                "v=1 now=1060\n"
                "v=2 now=1120\n"
                "ptimer 1160 now=1180\n"
                "v=3 now=1180\n"
                "ptimer 1220 now=1240\n"
                "v=4 now=1240\n");
    /* a STREAMING job that ends drops the timers still pending (1280, 1340) */
    eddy_env_free(env);
}

/* ---- ProcessFunction on a plain stream ---- */

typedef struct PfCounts {
    atomic_int opened, closed;
} PfCounts;

static eddy_status pf_open(void *ctx, eddy_process_ctx *pc) {
    atomic_fetch_add(&((PfCounts *)ctx)->opened, 1);
    eddy_process_ctx_set_local(pc, calloc(1, sizeof(int)));
    return eddy_process_ctx_timestamp(pc, NULL) ? EDDY_E_UDF : EDDY_OK;
}

/* emits "v ts=<record timestamp> wm=<watermark> n=<elements so far>" twice
 * for even values, nothing for odd ones */
static eddy_status pf_element(void *ctx, eddy_process_ctx *pc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int *n = eddy_process_ctx_local(pc);
    ++*n;
    int64_t v, ts;
    eddy_status rc = eddy_row_get_long(in, 0, &v);
    if (rc || v % 2) return rc;
    if (!eddy_process_ctx_timestamp(pc, &ts)) ts = -1;
    char wm[32], line[96];
    fmt_wm(wm, sizeof wm, eddy_process_ctx_current_watermark(pc));
    snprintf(line, sizeof line, "%lld ts=%lld wm=%s n=%d", (long long)v, (long long)ts, wm, *n);
    for (int k = 0; k < 2 && !rc; k++) rc = emit_line(out, line);
    return rc;
}

static eddy_status pf_close(void *ctx, eddy_process_ctx *pc) {
    atomic_fetch_add(&((PfCounts *)ctx)->closed, 1);
    free(eddy_process_ctx_local(pc));
    return EDDY_OK;
}

static const eddy_process_fn pf = {EDDY_PROCESS_FN_VERSION, pf_open, pf_element, pf_close};

TEST(process_function_sees_timestamps_and_watermarks) {
    eddy_env *env = clock_env("0");
    PfCounts counts = {0};
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_generator(env, &every_ts_fn, NULL, NULL), value_as_ts, NULL, NULL);
    eddy_stream *in = eddy_from_values(env, "BIGINT NOT NULL", "(2), (3), (4)");
    eddy_stream *p = eddy_stream_process(eddy_stream_assign_timestamps_and_watermarks(in, ws), &pf, "STRING",
                                         &counts, NULL);
    ASSERT_TEXT(collect_stream(p), "2 ts=2 wm=MIN n=1\n2 ts=2 wm=MIN n=1\n4 ts=4 wm=3 n=3\n4 ts=4 wm=3 n=3\n");
    ASSERT_EQ_INT(atomic_load(&counts.opened), 1);
    ASSERT_EQ_INT(atomic_load(&counts.closed), 1);
    /* records without a timestamp */
    p = eddy_stream_process(eddy_from_values(env, "BIGINT NOT NULL", "(6)"), &pf, "STRING", &counts, NULL);
    ASSERT_TEXT(collect_stream(p), "6 ts=-1 wm=MIN n=1\n6 ts=-1 wm=MIN n=1\n");
    /* misuse */
    eddy_process_fn none = {EDDY_PROCESS_FN_VERSION, NULL, NULL, NULL};
    ASSERT_TRUE(eddy_stream_process(in, &none, "STRING", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "process: the function or its process_element is NULL.");
    eddy_process_fn old = {7, NULL, pf_element, NULL};
    ASSERT_TRUE(eddy_stream_process(in, &old, "STRING", NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "process: unknown abi_version 7 (expected 1).");
    eddy_env_free(env);
}

/* ---- side outputs ---- */

static const eddy_output_tag *odd_tag;

/* evens to the main output as "even v", odds to the side output as v * 10 */
static eddy_status split_element(void *ctx, eddy_process_ctx *pc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t v;
    eddy_status rc = eddy_row_get_long(in, 0, &v);
    if (rc) return rc;
    if (v % 2 == 0) {
        char line[32];
        snprintf(line, sizeof line, "even %lld", (long long)v);
        return emit_line(out, line);
    }
    eddy_out *side = eddy_process_ctx_output(pc, odd_tag);
    if (!side) return EDDY_E_UDF;
    eddy_out_set_long(side, 0, v * 10);
    return eddy_out_emit(side);
}

static const eddy_process_fn split = {EDDY_PROCESS_FN_VERSION, NULL, split_element, NULL};

static eddy_status sink_line(void *ctx, const eddy_row *in) {
    char buf[128], line[160];
    eddy_row_to_string(in, buf, sizeof buf);
    int64_t ts;
    if (eddy_row_get_timestamp_ms(in, &ts)) snprintf(line, sizeof line, "%s @%lld", buf, (long long)ts);
    else snprintf(line, sizeof line, "%s", buf);
    lines_add(ctx, line);
    return EDDY_OK;
}

TEST(side_outputs_carry_their_own_rows) {
    eddy_env *env = new_env(1);
    odd_tag = eddy_output_tag_new(env, "odd", "BIGINT NOT NULL");
    eddy_watermark_strategy *ws =
        eddy_watermark_with_timestamp_assigner(eddy_watermark_no_watermarks(env), value_as_ts, NULL, NULL);
    eddy_stream *in = eddy_from_values(env, "BIGINT NOT NULL", "(1), (2), (3), (4), (5)");
    eddy_stream *main_out =
        eddy_stream_process(eddy_stream_assign_timestamps_and_watermarks(in, ws), &split, "STRING", NULL, NULL);
    eddy_stream *odd = eddy_stream_get_side_output(main_out, odd_tag);
    ASSERT_STR_EQ(eddy_type_string(eddy_stream_type(odd)), "BIGINT NOT NULL");
    Lines evens = lines_empty(), odds = lines_empty();
    eddy_status in_map = EDDY_OK;
    ASSERT_EQ_INT(eddy_stream_add_sink(main_out, sink_line, &evens, NULL, 1), EDDY_OK);
    ASSERT_EQ_INT(eddy_stream_add_sink(eddy_stream_map(odd, "BIGINT", misuse_in_map, &in_map, NULL), sink_line,
                                       &odds, NULL, 1),
                  EDDY_OK);
    ASSERT_EQ_INT(eddy_env_execute(env, "split"), EDDY_OK);
    ASSERT_TEXT(evens.text, "even 2 @2\neven 4 @4\n");
    ASSERT_TEXT(odds.text, "10 @1\n30 @3\n50 @5\n");
    ASSERT_EQ_INT(in_map, EDDY_E_MISUSE); /* a map's output takes no watermarks */
    /* misuse */
    ASSERT_TRUE(eddy_stream_get_side_output(in, odd_tag) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "get_side_output: the stream of 'Source: Collection Source' has no side outputs (only eddy_stream_process streams have).");
    ASSERT_TRUE(eddy_stream_get_side_output(main_out, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "get_side_output: the tag is NULL.");
    ASSERT_TRUE(eddy_output_tag_new(env, "", "INT") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "output_tag_new: the name is NULL or empty.");
    ASSERT_TRUE(eddy_process_ctx_output(NULL, odd_tag) == NULL);
    eddy_env_free(env);
}

/* ---- BATCH and misuse ---- */

TEST(batch_mode_has_timestamps_and_only_the_final_watermark) {
    eddy_env *env = new_env(1);
    eddy_env_set_runtime_mode(env, EDDY_BATCH);
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_monotonous_timestamps(env), value_as_ts, NULL, NULL);
    eddy_stream *in = eddy_from_values(env, "BIGINT NOT NULL", "(2), (1)");
    ASSERT_TEXT(probe(eddy_stream_assign_timestamps_and_watermarks(in, ws)),
                "v=2 wm=MIN\nv=1 wm=MIN\ntimer 1 wm=MAX\ntimer 2 wm=MAX\n");
    eddy_env_free(env);
}

static eddy_status failing_assigner(void *ctx, const eddy_row *in, int64_t record_ts, int64_t *out) {
    (void)ctx;
    (void)in;
    (void)record_ts;
    (void)out;
    return EDDY_E_UDF;
}

static int freed;
static void count_free(void *p) {
    (void)p;
    freed++;
}

TEST(misuse_is_refused_with_a_message) {
    eddy_env *env = new_env(1);
    ASSERT_TRUE(eddy_watermark_for_bounded_out_of_orderness(env, -1) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE,
                     "for_bounded_out_of_orderness: the maximum out-of-orderness must not be negative, but is -1 ms.");
    eddy_watermark_strategy *mono = eddy_watermark_for_monotonous_timestamps(env);
    ASSERT_TRUE(eddy_watermark_with_idleness(mono, 0) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "with_idleness: the idle timeout must be positive, but is 0 ms.");
    ASSERT_TRUE(eddy_watermark_with_timestamp_assigner(mono, NULL, &freed, count_free) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "with_timestamp_assigner: the assigner is NULL.");
    ASSERT_EQ_INT(freed, 1); /* the ctx is freed even when refused */
    ASSERT_TRUE(eddy_watermark_with_timestamp_assigner(NULL, value_as_ts, &freed, count_free) == NULL);
    ASSERT_EQ_INT(freed, 2);
    eddy_watermark_generator_fn none = {EDDY_WATERMARK_GENERATOR_FN_VERSION, NULL, NULL, NULL, NULL};
    ASSERT_TRUE(eddy_watermark_for_generator(env, &none, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "for_generator: the generator needs on_event or on_periodic_emit.");
    ASSERT_TRUE(eddy_watermark_for_generator(env, NULL, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "for_generator: the generator needs on_event or on_periodic_emit.");
    eddy_watermark_generator_fn old = {99, NULL, every_ts, NULL, NULL};
    ASSERT_TRUE(eddy_watermark_for_generator(env, &old, NULL, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "for_generator: unknown abi_version 99 (expected 1).");
    eddy_stream *in = eddy_from_values(env, "BIGINT NOT NULL", "(1)");
    ASSERT_TRUE(eddy_stream_assign_timestamps_and_watermarks(in, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "assign_timestamps_and_watermarks: the strategy is NULL.");
    ASSERT_TRUE(eddy_stream_assign_timestamps_and_watermarks(NULL, mono) == NULL);
    eddy_env *other = new_env(1);
    eddy_watermark_strategy *foreign = eddy_watermark_for_monotonous_timestamps(other);
    ASSERT_TRUE(eddy_stream_assign_timestamps_and_watermarks(in, foreign) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "assign_timestamps_and_watermarks: the strategy belongs to another env.");
    eddy_env_free(other);
    /* the clock: no manual clock to move, and it does not go back */
    ASSERT_EQ_INT(eddy_env_advance_clock(env, 5), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "advance_clock: the env has no manual clock (eddy_env_use_manual_clock).");
    ASSERT_EQ_INT(eddy_env_use_manual_clock(env, 1000), EDDY_OK);
    ASSERT_TRUE(eddy_env_current_processing_time(env) == 1000);
    ASSERT_EQ_INT(eddy_env_set_clock(env, 999), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "set_clock: processing time cannot go back (from 1000 to 999).");
    ASSERT_EQ_INT(eddy_env_advance_clock(env, -1), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "advance_clock: processing time cannot go back (-1 ms).");
    ASSERT_EQ_INT(eddy_env_set_clock(env, 1500), EDDY_OK);
    ASSERT_TRUE(eddy_env_current_processing_time(env) == 1500);
    /* a failing assigner fails the job naming the operator */
    eddy_watermark_strategy *bad = eddy_watermark_with_timestamp_assigner(mono, failing_assigner, NULL, NULL);
    ASSERT_TEXT(collect_stream(eddy_stream_assign_timestamps_and_watermarks(in, bad)),
                "ERROR: The timestamp assigner of operator 'Timestamps/Watermarks' failed (EDDY_E_UDF).");
    eddy_env_free(env);
}

int main(void) {
    RUN(monotonous_timestamps_emit_the_largest_minus_one_every_interval);
    RUN(bounded_out_of_orderness_lags_by_the_bound);
    RUN(interval_zero_disables_periodic_watermarks);
    RUN(no_watermarks_keeps_record_timestamps_without_watermarks);
    RUN(custom_generator_watermarks_follow_the_records_that_bring_them);
    RUN(each_parallel_instance_has_its_own_generator);
    RUN(an_idle_input_is_left_out_of_the_minimum);
    RUN(sources_emit_watermarks_between_their_rows);
    RUN(processing_time_timers_follow_the_manual_clock);
    RUN(process_function_sees_timestamps_and_watermarks);
    RUN(side_outputs_carry_their_own_rows);
    RUN(batch_mode_has_timestamps_and_only_the_final_watermark);
    RUN(misuse_is_refused_with_a_message);
    return test_report();
}
