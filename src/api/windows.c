/*
 * windows.c -- the DataStream window API: assigners, triggers, evictors,
 * allowed lateness and the late-data side output on a WindowedStream, and
 * the window functions (reduce, aggregate, process) that turn it into a
 * "Window" operator node (runtime/ops/window.c) on the keyed partitioning.
 */
#include "api/api.h"
#include "runtime/ops/watermarks.h"
#include "runtime/ops/window.h"

struct eddy_windowed_stream {
    eddy_keyed_stream *ks;
    WindowPlan plan;
    const char *assigner_name; /* for the node's name */
    bool used;                 /* a window function was applied */
};

/* ---- assigners and triggers (values) ---------------------------------------------- */

static eddy_window_assigner assigner(int kind, bool proc, int64_t size, int64_t slide, int64_t offset) {
    return (eddy_window_assigner){.kind = kind, .processing_time = proc, .size = size, .slide = slide, .offset = offset};
}

eddy_window_assigner eddy_tumbling_event_time_windows(int64_t size, int64_t offset) {
    return assigner(EDDY_WINDOW_TUMBLING, false, size, 0, offset);
}
eddy_window_assigner eddy_tumbling_processing_time_windows(int64_t size, int64_t offset) {
    return assigner(EDDY_WINDOW_TUMBLING, true, size, 0, offset);
}
eddy_window_assigner eddy_sliding_event_time_windows(int64_t size, int64_t slide, int64_t offset) {
    return assigner(EDDY_WINDOW_SLIDING, false, size, slide, offset);
}
eddy_window_assigner eddy_sliding_processing_time_windows(int64_t size, int64_t slide, int64_t offset) {
    return assigner(EDDY_WINDOW_SLIDING, true, size, slide, offset);
}
eddy_window_assigner eddy_global_windows(void) { return assigner(EDDY_WINDOW_GLOBAL, false, 0, 0, 0); }
eddy_window_assigner eddy_event_time_session_windows(int64_t gap) {
    eddy_window_assigner a = assigner(EDDY_WINDOW_SESSION, false, 0, 0, 0);
    a.gap = gap;
    return a;
}
eddy_window_assigner eddy_processing_time_session_windows(int64_t gap) {
    eddy_window_assigner a = assigner(EDDY_WINDOW_SESSION, true, 0, 0, 0);
    a.gap = gap;
    return a;
}
eddy_window_assigner eddy_event_time_session_windows_dynamic(eddy_session_gap_fn gap_fn, void *ctx) {
    eddy_window_assigner a = assigner(EDDY_WINDOW_SESSION, false, 0, 0, 0);
    a.gap_fn = gap_fn;
    a.gap_ctx = ctx;
    return a;
}
eddy_window_assigner eddy_processing_time_session_windows_dynamic(eddy_session_gap_fn gap_fn, void *ctx) {
    eddy_window_assigner a = assigner(EDDY_WINDOW_SESSION, true, 0, 0, 0);
    a.gap_fn = gap_fn;
    a.gap_ctx = ctx;
    return a;
}

eddy_trigger eddy_trigger_event_time(void) { return (eddy_trigger){EDDY_TRIGGER_EVENT_TIME, 0, false}; }
eddy_trigger eddy_trigger_processing_time(void) { return (eddy_trigger){EDDY_TRIGGER_PROCESSING_TIME, 0, false}; }
eddy_trigger eddy_trigger_count(int64_t count) { return (eddy_trigger){EDDY_TRIGGER_COUNT, count, false}; }
eddy_trigger eddy_trigger_continuous_event_time(int64_t interval_ms) {
    return (eddy_trigger){EDDY_TRIGGER_CONTINUOUS_EVENT_TIME, interval_ms, false};
}
eddy_trigger eddy_trigger_purging(eddy_trigger t) {
    t.purging = true;
    return t;
}

static int64_t abs64(int64_t v) { return v >= 0 ? v : v == INT64_MIN ? INT64_MAX : -v; }

/* ---- the windowed stream ------------------------------------------------------------ */

static eddy_windowed_stream *new_windowed(eddy_keyed_stream *ks, const char *name) {
    eddy_env *env = ks->env;
    eddy_windowed_stream *ws = eddy__arena_alloc(&env->arena, sizeof *ws);
    if (!ws) return eddy__api_nomem(env);
    memset(ws, 0, sizeof *ws);
    ws->ks = ks;
    ws->assigner_name = name;
    WindowPlan *p = &ws->plan;
    p->key = ks->key;
    p->in_type = ks->input->type;
    p->key_type = ks->key_type;
    return ws;
}

eddy_windowed_stream *eddy_keyed_window(eddy_keyed_stream *ks, eddy_window_assigner a) {
    if (!ks || !env_ok(ks->env)) return NULL;
    eddy_env *env = ks->env;
    static const char *names[2][5] = {
        {"?", "TumblingEventTimeWindows", "SlidingEventTimeWindows", "GlobalWindows", "EventTimeSessionWindows"},
        {"?", "TumblingProcessingTimeWindows", "SlidingProcessingTimeWindows", "GlobalWindows",
         "ProcessingTimeSessionWindows"}};
    if (a.kind < EDDY_WINDOW_TUMBLING || a.kind > EDDY_WINDOW_SESSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "window: unknown window assigner kind %d.", a.kind), NULL;
    const char *name = names[a.processing_time ? 1 : 0][a.kind];
    if (a.kind == EDDY_WINDOW_TUMBLING && (a.size <= 0 || abs64(a.offset) >= a.size))
        return eddy__api_err(env, EDDY_E_MISUSE, "%s parameters must satisfy abs(offset) < size", name), NULL;
    if (a.kind == EDDY_WINDOW_SLIDING && (a.size <= 0 || a.slide <= 0 || abs64(a.offset) >= a.slide))
        return eddy__api_err(env, EDDY_E_MISUSE, "%s parameters must satisfy abs(offset) < slide and size > 0", name),
               NULL;
    if (a.kind == EDDY_WINDOW_SESSION && !a.gap_fn && a.gap <= 0)
        return eddy__api_err(env, EDDY_E_MISUSE, "%s parameters must satisfy 0 < size", name), NULL;
    eddy_windowed_stream *ws = new_windowed(ks, name);
    if (!ws) return NULL;
    WindowPlan *p = &ws->plan;
    static const WinAssignKind kinds[] = {WA_GLOBAL, WA_TUMBLING, WA_SLIDING, WA_GLOBAL, WA_SESSION};
    p->assign = kinds[a.kind];
    p->gap = a.gap;
    p->gap_fn = a.gap_fn;
    p->gap_ctx = a.gap_ctx;
    p->event_time = a.kind != EDDY_WINDOW_GLOBAL && !a.processing_time;
    p->size = a.size;
    p->slide = a.slide;
    p->offset = a.offset;
    p->trigger = a.kind == EDDY_WINDOW_GLOBAL ? WT_NEVER : a.processing_time ? WT_PROC : WT_EVENT;
    return ws;
}

eddy_windowed_stream *eddy_keyed_count_window(eddy_keyed_stream *ks, int64_t size, int64_t slide) {
    if (!ks || !env_ok(ks->env)) return NULL;
    if (size <= 0 || slide < 0)
        return eddy__api_err(ks->env, EDDY_E_MISUSE, "countWindow: the size (%lld) must be positive and the slide (%lld) "
                             "not negative.", (long long)size, (long long)slide),
               NULL;
    eddy_windowed_stream *ws = new_windowed(ks, "GlobalWindows");
    if (!ws) return NULL;
    WindowPlan *p = &ws->plan;
    p->assign = WA_GLOBAL;
    p->trigger = WT_COUNT;
    if (slide == 0) {
        p->trigger_count = size;
        p->purging = true;
    } else {
        p->trigger_count = slide;
        p->evictor = WE_COUNT;
        p->evict_n = size;
    }
    return ws;
}

/* windowAll: every element has the one key 0. */
static eddy_status all_key(void *ctx, const eddy_row *in, eddy_out *key) {
    (void)ctx;
    (void)in;
    return eddy_out_set_int(key, 0, 0);
}

eddy_windowed_stream *eddy_stream_window_all(eddy_stream *s, eddy_window_assigner a) {
    eddy_keyed_stream *ks = s ? eddy_stream_key_by_fn(s, "INT", all_key, NULL, NULL) : NULL;
    eddy_windowed_stream *ws = ks ? eddy_keyed_window(ks, a) : NULL;
    if (ws) ws->plan.all = true;
    return ws;
}

eddy_windowed_stream *eddy_stream_count_window_all(eddy_stream *s, int64_t size, int64_t slide) {
    eddy_keyed_stream *ks = s ? eddy_stream_key_by_fn(s, "INT", all_key, NULL, NULL) : NULL;
    eddy_windowed_stream *ws = ks ? eddy_keyed_count_window(ks, size, slide) : NULL;
    if (ws) ws->plan.all = true;
    return ws;
}

static bool ws_ok(eddy_windowed_stream *ws) {
    if (!ws || !env_ok(ws->ks->env)) return false;
    if (ws->used) {
        eddy__api_err(ws->ks->env, EDDY_E_MISUSE, "This windowed stream already has its window function.");
        return false;
    }
    return true;
}

eddy_windowed_stream *eddy_windowed_trigger(eddy_windowed_stream *ws, eddy_trigger t) {
    if (!ws_ok(ws)) return NULL;
    eddy_env *env = ws->ks->env;
    WindowPlan *p = &ws->plan;
    switch (t.kind) {
    case EDDY_TRIGGER_EVENT_TIME: p->trigger = WT_EVENT; break;
    case EDDY_TRIGGER_PROCESSING_TIME: p->trigger = WT_PROC; break;
    case EDDY_TRIGGER_COUNT:
        if (t.count <= 0) return eddy__api_err(env, EDDY_E_MISUSE, "trigger: a count trigger needs a count > 0."), NULL;
        p->trigger = WT_COUNT;
        p->trigger_count = t.count;
        break;
    case EDDY_TRIGGER_CONTINUOUS_EVENT_TIME:
        if (t.count <= 0)
            return eddy__api_err(env, EDDY_E_MISUSE, "trigger: a continuous event-time trigger needs an interval > 0."),
                   NULL;
        p->trigger = WT_CONTINUOUS;
        p->trigger_count = t.count;
        break;
    default: return eddy__api_err(env, EDDY_E_MISUSE, "trigger: unknown trigger kind %d.", t.kind), NULL;
    }
    p->purging = t.purging;
    return ws;
}

static eddy_windowed_stream *custom_trigger(eddy_windowed_stream *ws, const eddy_trigger_fn *fn, bool purging,
                                            void *ctx) {
    if (!ws_ok(ws)) return NULL;
    eddy_env *env = ws->ks->env;
    if (!fn || !fn->on_element || !fn->on_event_time || !fn->on_processing_time)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "trigger: the trigger or one of on_element, on_event_time, on_processing_time is NULL."),
               NULL;
    if (fn->abi_version != EDDY_TRIGGER_FN_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "trigger: unknown eddy_trigger_fn abi_version %u (this eddy has %d).",
                             fn->abi_version, EDDY_TRIGGER_FN_VERSION),
               NULL;
    if (ws->plan.assign == WA_SESSION && !fn->on_merge)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "A merging window assigner cannot be used with a trigger that does not support merging."),
               NULL;
    WindowPlan *p = &ws->plan;
    p->trigger = WT_CUSTOM;
    p->custom = *fn;
    p->trigger_ctx = ctx;
    p->purging = purging;
    return ws;
}

eddy_windowed_stream *eddy_windowed_custom_trigger(eddy_windowed_stream *ws, const eddy_trigger_fn *fn, bool purging,
                                                   void *ctx, void (*ctx_free)(void *)) {
    eddy_windowed_stream *r = custom_trigger(ws, fn, purging, ctx);
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

static eddy_windowed_stream *evictor(eddy_windowed_stream *ws, WinEvictKind k, int64_t n, const char *what) {
    if (!ws_ok(ws)) return NULL;
    if (n <= 0) return eddy__api_err(ws->ks->env, EDDY_E_MISUSE, "evictor: the %s must be positive.", what), NULL;
    ws->plan.evictor = k;
    ws->plan.evict_n = n;
    return ws;
}

eddy_windowed_stream *eddy_windowed_count_evictor(eddy_windowed_stream *ws, int64_t count) {
    return evictor(ws, WE_COUNT, count, "count");
}

eddy_windowed_stream *eddy_windowed_time_evictor(eddy_windowed_stream *ws, int64_t ms) {
    return evictor(ws, WE_TIME, ms, "window size");
}

static eddy_windowed_stream *delta_evictor(eddy_windowed_stream *ws, double threshold, eddy_delta_fn delta, void *ctx) {
    if (!ws_ok(ws)) return NULL;
    if (!delta) return eddy__api_err(ws->ks->env, EDDY_E_MISUSE, "evictor: the delta function is NULL."), NULL;
    ws->plan.evictor = WE_DELTA;
    ws->plan.delta = delta;
    ws->plan.delta_threshold = threshold;
    ws->plan.evict_ctx = ctx;
    return ws;
}

eddy_windowed_stream *eddy_windowed_delta_evictor(eddy_windowed_stream *ws, double threshold, eddy_delta_fn delta,
                                                  void *ctx, void (*ctx_free)(void *)) {
    eddy_windowed_stream *r = delta_evictor(ws, threshold, delta, ctx);
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

static eddy_windowed_stream *custom_evictor(eddy_windowed_stream *ws, const eddy_evictor_fn *fn, void *ctx) {
    if (!ws_ok(ws)) return NULL;
    eddy_env *env = ws->ks->env;
    if (!fn || (!fn->evict_before && !fn->evict_after))
        return eddy__api_err(env, EDDY_E_MISUSE, "evictor: the evictor or both evict_before and evict_after are NULL."),
               NULL;
    if (fn->abi_version != EDDY_EVICTOR_FN_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "evictor: unknown eddy_evictor_fn abi_version %u (this eddy has %d).",
                             fn->abi_version, EDDY_EVICTOR_FN_VERSION),
               NULL;
    ws->plan.evictor = WE_CUSTOM;
    ws->plan.custom_evictor = *fn;
    ws->plan.evict_ctx = ctx;
    return ws;
}

eddy_windowed_stream *eddy_windowed_evictor(eddy_windowed_stream *ws, const eddy_evictor_fn *fn, void *ctx,
                                            void (*ctx_free)(void *)) {
    eddy_windowed_stream *r = custom_evictor(ws, fn, ctx);
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

eddy_windowed_stream *eddy_windowed_allowed_lateness(eddy_windowed_stream *ws, int64_t ms) {
    if (!ws_ok(ws)) return NULL;
    if (ms < 0) return eddy__api_err(ws->ks->env, EDDY_E_MISUSE, "The allowed lateness cannot be negative."), NULL;
    ws->plan.lateness = ms;
    return ws;
}

eddy_windowed_stream *eddy_windowed_side_output_late_data(eddy_windowed_stream *ws, const eddy_output_tag *tag) {
    if (!ws_ok(ws)) return NULL;
    eddy_env *env = ws->ks->env;
    if (!tag) return eddy__api_err(env, EDDY_E_MISUSE, "sideOutputLateData: the tag is NULL."), NULL;
    if (tag->env != env) return eddy__api_err(env, EDDY_E_MISUSE, "sideOutputLateData: the tag belongs to another env."), NULL;
    if (!eddy__type_equals(tag->type, ws->plan.in_type, false, true)) {
        Buf b;
        eddy__buf_init(&b);
        eddy__buf_puts(&b, "sideOutputLateData: the tag's type ");
        eddy__type_print(&b, tag->type);
        eddy__buf_puts(&b, " is not the stream's type ");
        eddy__type_print(&b, ws->plan.in_type);
        eddy__api_err(env, EDDY_E_MISUSE, "%s.", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return NULL;
    }
    ws->plan.late_side = tag->id;
    ws->plan.late_type = tag->type;
    return ws;
}

/* ---- window functions ------------------------------------------------------------------ */

static eddy_stream *window_node(eddy_windowed_stream *ws, const Type *out_type, const char *fn_name) {
    eddy_env *env = ws->ks->env;
    WindowPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    eddy_stream *in = eddy__arena_alloc(&env->arena, sizeof *in);
    const char *name = eddy__arena_printf(&env->arena, "Window(%s, %s)", ws->assigner_name, fn_name);
    if (!p || !in || !name) return eddy__api_nomem(env);
    *p = ws->plan;
    in->env = env;
    in->node = ws->ks->input;
    StreamNode *n = eddy__api_node(env, NODE_OPERATOR, name, &eddy__op_window, p, out_type, 1);
    if (!n) return NULL;
    if (p->all) {
        /* windowAll: one instance, whatever the parallelism */
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    n->in[0] = (StreamInput){ws->ks->input, PART_HASH, ws->ks->key, 0};
    ws->used = true;
    return eddy__api_stream(env, n);
}

static eddy_stream *win_reduce(eddy_windowed_stream *ws, eddy_reduce_fn fn, void *ctx) {
    if (!ws_ok(ws)) return NULL;
    if (!fn) return eddy__api_err(ws->ks->env, EDDY_E_MISUSE, "reduce: the function is NULL."), NULL;
    ws->plan.fn_kind = WF_REDUCE;
    ws->plan.reduce = fn;
    ws->plan.ctx = ctx;
    return window_node(ws, ws->plan.in_type, "ReduceFunction");
}

eddy_stream *eddy_windowed_reduce(eddy_windowed_stream *ws, eddy_reduce_fn fn, void *ctx, void (*ctx_free)(void *)) {
    eddy_stream *r = win_reduce(ws, fn, ctx);
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

/* Checks an aggregate function and puts it into the plan; its result type,
 * or NULL (the error on the env). */
static const Type *agg_setup(eddy_windowed_stream *ws, const eddy_window_aggregate_fn *fn, const char *out_type,
                             void *ctx) {
    if (!ws_ok(ws)) return NULL;
    eddy_env *env = ws->ks->env;
    if (!fn || !fn->create_accumulator || !fn->add || !fn->get_result)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "aggregate: the function or one of create_accumulator, add, get_result is NULL."),
               NULL;
    if (fn->abi_version != 1 && fn->abi_version != EDDY_WINDOW_AGGREGATE_FN_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "aggregate: unknown eddy_window_aggregate_fn abi_version %u (this eddy has %d).",
                             fn->abi_version, EDDY_WINDOW_AGGREGATE_FN_VERSION),
               NULL;
    /* version 1 has no merge */
    if (ws->plan.assign == WA_SESSION && (fn->abi_version == 1 || !fn->merge))
        return eddy__api_err(env, EDDY_E_MISUSE, "aggregate: session windows merge accumulators: the merge function is NULL."),
               NULL;
    const Type *acc = eddy__api_type(env, fn->acc_type);
    const Type *t = acc ? eddy__api_type(env, out_type) : NULL;
    if (!t) return NULL;
    ws->plan.fn_kind = WF_AGGREGATE;
    /* version 1 ends before merge */
    memset(&ws->plan.agg, 0, sizeof ws->plan.agg);
    memcpy(&ws->plan.agg, fn,
           fn->abi_version == 1 ? offsetof(eddy_window_aggregate_fn, merge) : sizeof(eddy_window_aggregate_fn));
    ws->plan.acc_type = acc;
    ws->plan.ctx = ctx;
    return t;
}

static eddy_stream *win_aggregate(eddy_windowed_stream *ws, const eddy_window_aggregate_fn *fn, const char *out_type,
                                  void *ctx) {
    if (!ws_ok(ws)) return NULL;
    const Type *t = agg_setup(ws, fn, out_type, ctx);
    return t ? window_node(ws, t, "AggregateFunction") : NULL;
}

eddy_stream *eddy_windowed_aggregate(eddy_windowed_stream *ws, const eddy_window_aggregate_fn *fn, const char *out_type,
                                     void *ctx, void (*ctx_free)(void *)) {
    eddy_stream *r = win_aggregate(ws, fn, out_type, ctx);
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

/* Checks a process window function and copies it into the plan (version 1
 * ends before clear). */
static bool take_process(eddy_windowed_stream *ws, const eddy_process_window_fn *fn) {
    eddy_env *env = ws->ks->env;
    if (!fn || !fn->process) return eddy__api_err(env, EDDY_E_MISUSE, "process: the function or its process is NULL."), false;
    if (fn->abi_version != 1 && fn->abi_version != EDDY_PROCESS_WINDOW_FN_VERSION)
        return eddy__api_err(env, EDDY_E_MISUSE, "process: unknown eddy_process_window_fn abi_version %u (this eddy has %d).",
                             fn->abi_version, EDDY_PROCESS_WINDOW_FN_VERSION),
               false;
    memset(&ws->plan.process, 0, sizeof ws->plan.process);
    memcpy(&ws->plan.process, fn, fn->abi_version == 1 ? offsetof(eddy_process_window_fn, clear) : sizeof *fn);
    return true;
}

static eddy_stream *win_process(eddy_windowed_stream *ws, const eddy_process_window_fn *fn, const char *out_type,
                                void *ctx) {
    if (!ws_ok(ws)) return NULL;
    eddy_env *env = ws->ks->env;
    if (!take_process(ws, fn)) return NULL;
    const Type *t = eddy__api_type(env, out_type);
    if (!t) return NULL;
    ws->plan.fn_kind = WF_PROCESS;
    ws->plan.ctx = ctx;
    return window_node(ws, t, "ProcessWindowFunction");
}

eddy_stream *eddy_windowed_process(eddy_windowed_stream *ws, const eddy_process_window_fn *fn, const char *out_type,
                                   void *ctx, void (*ctx_free)(void *)) {
    eddy_stream *r = win_process(ws, fn, out_type, ctx);
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

/* reduce(f, process) / aggregate(f, process): the fold as above, then the
 * process function over its one result. */
eddy_stream *eddy_windowed_reduce_process(eddy_windowed_stream *ws, eddy_reduce_fn reduce,
                                          const eddy_process_window_fn *fn, const char *out_type, void *ctx,
                                          void (*ctx_free)(void *)) {
    eddy_stream *r = NULL;
    if (ws_ok(ws) && take_process(ws, fn)) {
        const Type *t = eddy__api_type(ws->ks->env, out_type);
        if (t && !reduce) eddy__api_err(ws->ks->env, EDDY_E_MISUSE, "reduce: the function is NULL.");
        else if (t) {
            ws->plan.fn_kind = WF_REDUCE;
            ws->plan.reduce = reduce;
            ws->plan.then_process = true;
            ws->plan.pre_type = ws->plan.in_type;
            ws->plan.ctx = ctx;
            r = window_node(ws, t, "ReduceFunction, ProcessWindowFunction");
        }
    }
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}

eddy_stream *eddy_windowed_aggregate_process(eddy_windowed_stream *ws, const eddy_window_aggregate_fn *agg,
                                             const char *agg_result_type, const eddy_process_window_fn *fn,
                                             const char *out_type, void *ctx, void (*ctx_free)(void *)) {
    eddy_stream *r = NULL;
    if (ws_ok(ws) && take_process(ws, fn)) {
        const Type *t = eddy__api_type(ws->ks->env, out_type);
        /* the aggregate's result type is the process function's element */
        const Type *pre = t ? agg_setup(ws, agg, agg_result_type, ctx) : NULL;
        if (pre) {
            ws->plan.then_process = true;
            ws->plan.pre_type = pre;
            r = window_node(ws, t, "AggregateFunction, ProcessWindowFunction");
        }
    }
    return eddy__api_adopt_ctx(ws ? ws->ks->env : NULL, r != NULL, ctx_free, ctx) ? r : NULL;
}
