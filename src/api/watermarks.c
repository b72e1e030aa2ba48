/*
 * watermarks.c -- WatermarkStrategy (the built-in generators, custom ones,
 * timestamp assigners, idleness), assignTimestampsAndWatermarks, the
 * non-keyed ProcessFunction, and the env's processing-time clock (system or
 * manual). The operator is
 * runtime/ops/watermarks.c; a strategy is an immutable copy of its spec in
 * the env's arena, so every builder call makes a new one.
 */
#include "api/api.h"
#include "runtime/ops/window.h"
#include "runtime/ops/watermarks.h"

struct eddy_watermark_strategy {
    eddy_env *env;
    WmSpec spec;
};

static eddy_watermark_strategy *strategy_new(eddy_env *env, const WmSpec *spec) {
    eddy_watermark_strategy *ws = eddy__arena_alloc(&env->arena, sizeof *ws);
    if (!ws) return eddy__api_nomem(env);
    ws->env = env;
    ws->spec = *spec;
    return ws;
}

eddy_watermark_strategy *eddy_watermark_for_bounded_out_of_orderness(eddy_env *env, int64_t max_ms) {
    if (!env_ok(env)) return NULL;
    if (max_ms < 0)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "for_bounded_out_of_orderness: the maximum out-of-orderness must not be negative, "
                             "but is %lld ms.",
                             (long long)max_ms),
               NULL;
    return strategy_new(env, &(WmSpec){.kind = WM_BOUNDED, .bound = max_ms});
}

eddy_watermark_strategy *eddy_watermark_for_monotonous_timestamps(eddy_env *env) {
    return eddy_watermark_for_bounded_out_of_orderness(env, 0);
}

eddy_watermark_strategy *eddy_watermark_no_watermarks(eddy_env *env) {
    if (!env_ok(env)) return NULL;
    return strategy_new(env, &(WmSpec){.kind = WM_NONE});
}

eddy_watermark_strategy *eddy_watermark_for_generator(eddy_env *env, const eddy_watermark_generator_fn *fn, void *ctx,
                                                      void (*ctx_free)(void *)) {
    eddy_watermark_strategy *ws = NULL;
    if (!env_ok(env)) {
    } else if (!fn || (!fn->on_event && !fn->on_periodic_emit)) {
        eddy__api_err(env, EDDY_E_MISUSE, "for_generator: the generator needs on_event or on_periodic_emit.");
    } else if (fn->abi_version != EDDY_WATERMARK_GENERATOR_FN_VERSION) {
        eddy__api_err(env, EDDY_E_MISUSE, "for_generator: unknown abi_version %u (expected %u).", fn->abi_version,
                      EDDY_WATERMARK_GENERATOR_FN_VERSION);
    } else {
        ws = strategy_new(env, &(WmSpec){.kind = WM_CUSTOM, .gen = *fn, .gen_ctx = ctx});
    }
    return eddy__api_adopt_ctx(env, ws != NULL, ctx_free, ctx) ? ws : NULL;
}

eddy_watermark_strategy *eddy_watermark_with_timestamp_assigner(eddy_watermark_strategy *ws,
                                                                eddy_timestamp_assigner_fn fn, void *ctx,
                                                                void (*ctx_free)(void *)) {
    eddy_env *env = ws ? ws->env : NULL;
    eddy_watermark_strategy *r = NULL;
    if (!env_ok(env)) {
    } else if (!fn) {
        eddy__api_err(env, EDDY_E_MISUSE, "with_timestamp_assigner: the assigner is NULL.");
    } else {
        WmSpec spec = ws->spec;
        spec.assign = fn;
        spec.assign_ctx = ctx;
        r = strategy_new(env, &spec);
    }
    if (!env) {
        if (ctx_free) ctx_free(ctx);
        return NULL;
    }
    return eddy__api_adopt_ctx(env, r != NULL, ctx_free, ctx) ? r : NULL;
}

eddy_watermark_strategy *eddy_watermark_with_idleness(eddy_watermark_strategy *ws, int64_t timeout_ms) {
    eddy_env *env = ws ? ws->env : NULL;
    if (!env_ok(env)) return NULL;
    if (timeout_ms <= 0)
        return eddy__api_err(env, EDDY_E_MISUSE, "with_idleness: the idle timeout must be positive, but is %lld ms.",
                             (long long)timeout_ms),
               NULL;
    WmSpec spec = ws->spec;
    spec.idle_ms = timeout_ms;
    return strategy_new(env, &spec);
}

eddy_stream *eddy_stream_assign_timestamps_and_watermarks(eddy_stream *s, const eddy_watermark_strategy *ws) {
    eddy_env *env = s ? s->env : NULL;
    if (!env_ok(env)) return NULL;
    if (!ws) return eddy__api_err(env, EDDY_E_MISUSE, "assign_timestamps_and_watermarks: the strategy is NULL."), NULL;
    if (ws->env != env)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "assign_timestamps_and_watermarks: the strategy belongs to another env."),
               NULL;
    WatermarkPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
    if (!p) return eddy__api_nomem(env);
    p->spec = ws->spec;
    p->type = s->node->type;
    StreamNode *n = eddy__api_node(env, NODE_OPERATOR, "Timestamps/Watermarks", &eddy__op_watermarks, p,
                                   s->node->type, 1);
    if (!n) return NULL;
    n->in[0] = (StreamInput){s->node, PART_DEFAULT, NULL, 0};
    return eddy__api_stream(env, n);
}

eddy_stream *eddy_stream_process(eddy_stream *s, const eddy_process_fn *fn, const char *out_type, void *ctx,
                                 void (*ctx_free)(void *)) {
    eddy_env *env = s ? s->env : NULL;
    eddy_stream *r = NULL;
    const Type *t = NULL;
    if (!env_ok(env)) {
    } else if (!fn || !fn->process_element) {
        eddy__api_err(env, EDDY_E_MISUSE, "process: the function or its process_element is NULL.");
    } else if (fn->abi_version != EDDY_PROCESS_FN_VERSION) {
        eddy__api_err(env, EDDY_E_MISUSE, "process: unknown abi_version %u (expected %u).", fn->abi_version,
                      EDDY_PROCESS_FN_VERSION);
    } else if ((t = eddy__api_type(env, out_type)) != NULL) {
        StreamProcessPlan *p = eddy__arena_alloc(&env->arena, sizeof *p);
        StreamNode *n = p ? eddy__api_node(env, NODE_OPERATOR, "Process", &eddy__op_stream_process, p, t, 1) : NULL;
        if (!p) eddy__api_nomem(env);
        if (n) {
            p->in_type = s->node->type;
            p->fn = *fn;
            p->ctx = ctx;
            n->in[0] = (StreamInput){s->node, PART_DEFAULT, NULL, 0};
            r = eddy__api_stream(env, n);
        }
    }
    if (!env) {
        if (ctx_free) ctx_free(ctx);
        return NULL;
    }
    return eddy__api_adopt_ctx(env, r != NULL, ctx_free, ctx) ? r : NULL;
}

eddy_output_tag *eddy_output_tag_new(eddy_env *env, const char *name, const char *type) {
    if (!env_ok(env)) return NULL;
    if (!name || !*name) return eddy__api_err(env, EDDY_E_MISUSE, "output_tag_new: the name is NULL or empty."), NULL;
    const Type *t = eddy__api_type(env, type);
    if (!t) return NULL;
    eddy_output_tag *tag = eddy__arena_alloc(&env->arena, sizeof *tag);
    int ncols = eddy__type_column_count(t);
    const Type **ct = eddy__arena_alloc(&env->arena, sizeof(Type *) * (size_t)(ncols ? ncols : 1));
    const char *copy = eddy__arena_strdup(&env->arena, name);
    if (!tag || !ct || !copy) return eddy__api_nomem(env);
    for (int c = 0; c < ncols; c++) ct[c] = eddy__type_column_type(t, c);
    *tag = (eddy_output_tag){env, ++env->output_tags, copy, t, ncols, ct};
    return tag;
}

eddy_stream *eddy_stream_get_side_output(eddy_stream *s, const eddy_output_tag *tag) {
    eddy_env *env = s ? s->env : NULL;
    if (!env_ok(env)) return NULL;
    if (!tag) return eddy__api_err(env, EDDY_E_MISUSE, "get_side_output: the tag is NULL."), NULL;
    if (tag->env != env) return eddy__api_err(env, EDDY_E_MISUSE, "get_side_output: the tag belongs to another env."), NULL;
    if (s->node->op.vt != &eddy__op_stream_process && s->node->op.vt != &eddy__op_window)
        return eddy__api_err(env, EDDY_E_MISUSE,
                             "get_side_output: the stream of '%s' has no side outputs (only eddy_stream_process "
                             "streams have).",
                             s->node->name),
               NULL;
    StreamNode *n = eddy__api_node(env, NODE_OPERATOR, "SideOutput", &eddy__op_side_output, NULL, tag->type, 1);
    if (!n) return NULL;
    n->parallelism = s->node->parallelism;
    n->in[0] = (StreamInput){s->node, PART_DEFAULT, NULL, 0, tag->id};
    return eddy__api_stream(env, n);
}

/* ---- the processing-time clock ---- */

eddy_status eddy_env_use_manual_clock(eddy_env *env, int64_t start_ms) {
    if (!env) return EDDY_E_MISUSE;
    if (env->err.code) return env->err.code;
    eddy__clock_manual_init(&env->manual_clock, start_ms);
    env->manual_clock_on = true;
    return EDDY_OK;
}

static eddy_status manual_clock(eddy_env *env, const char *what) {
    if (!env) return EDDY_E_MISUSE;
    if (env->err.code) return env->err.code;
    if (!env->manual_clock_on)
        return eddy__api_err(env, EDDY_E_MISUSE, "%s: the env has no manual clock (eddy_env_use_manual_clock).", what);
    return EDDY_OK;
}

eddy_status eddy_env_advance_clock(eddy_env *env, int64_t delta_ms) {
    eddy_status rc = manual_clock(env, "advance_clock");
    if (rc) return rc;
    if (delta_ms < 0)
        return eddy__api_err(env, EDDY_E_MISUSE, "advance_clock: processing time cannot go back (%lld ms).",
                             (long long)delta_ms);
    eddy__clock_manual_advance(&env->manual_clock, delta_ms);
    return EDDY_OK;
}

eddy_status eddy_env_set_clock(eddy_env *env, int64_t now_ms) {
    eddy_status rc = manual_clock(env, "set_clock");
    if (rc) return rc;
    if (now_ms < eddy__clock_now(&env->manual_clock))
        return eddy__api_err(env, EDDY_E_MISUSE, "set_clock: processing time cannot go back (from %lld to %lld).",
                             (long long)eddy__clock_now(&env->manual_clock), (long long)now_ms);
    eddy__clock_manual_set(&env->manual_clock, now_ms);
    return EDDY_OK;
}

int64_t eddy_env_current_processing_time(eddy_env *env) {
    if (!env) return 0;
    return eddy__clock_now(env->manual_clock_on ? &env->manual_clock : eddy__clock_system());
}
