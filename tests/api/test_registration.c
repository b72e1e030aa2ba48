/*
 * test_registration.c -- the ctx / ctx_free rule of eddy.h, for every call
 * that registers callbacks, in a table: a registration that succeeds calls
 * ctx_free exactly once, when the env is freed; one that fails -- a bad
 * argument, an error already pending on the env, a NULL handle -- calls it
 * before it returns, and its callbacks never run (not even when the env's
 * pipelines are executed afterwards).
 */
#include "check.h"

typedef struct Ctx {
    int freed; /* ctx_free calls */
    int calls; /* callback calls */
} Ctx;

static void ctx_free_fn(void *p) { ((Ctx *)p)->freed++; }

/* ---- callbacks: each counts its calls ------------------------------------------------ */

static eddy_status map_cb(void *ctx, const eddy_row *in, eddy_out *out) {
    ((Ctx *)ctx)->calls++;
    return eddy_out_copy_field(out, 0, in, 0);
}
static eddy_status filter_cb(void *ctx, const eddy_row *in, bool *keep) {
    (void)in;
    ((Ctx *)ctx)->calls++;
    *keep = true;
    return EDDY_OK;
}
static eddy_status reduce_cb(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out) {
    (void)acc;
    ((Ctx *)ctx)->calls++;
    return eddy_out_copy_field(out, 0, in, 0);
}
static eddy_status sink_cb(void *ctx, const eddy_row *in) {
    (void)in;
    ((Ctx *)ctx)->calls++;
    return EDDY_OK;
}
static eddy_status source_cb(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    (void)out;
    ((Ctx *)ctx)->calls++;
    return EDDY_DONE;
}
static eddy_status scalar_cb(void *ctx, const eddy_row *args, eddy_out *result) {
    (void)args;
    ((Ctx *)ctx)->calls++;
    return eddy_out_set_long(result, 0, 1);
}
static eddy_status table_cb(void *ctx, const eddy_row *args, eddy_out *out) {
    (void)args;
    ((Ctx *)ctx)->calls++;
    return eddy_out_set_long(out, 0, 1) || eddy_out_emit(out);
}
static eddy_status agg_accumulate(void *ctx, eddy_agg_call *call, void *acc, const eddy_row *args) {
    (void)call;
    (void)acc;
    (void)args;
    ((Ctx *)ctx)->calls++;
    return EDDY_OK;
}
static eddy_status agg_get_value(void *ctx, eddy_agg_call *call, const void *acc, eddy_out *result) {
    (void)call;
    (void)acc;
    ((Ctx *)ctx)->calls++;
    return eddy_out_set_long(result, 0, 1);
}
static int raw_to_string(void *ctx, const void *obj, char *buf, size_t cap) {
    (void)obj;
    ((Ctx *)ctx)->calls++;
    return snprintf(buf, cap, "raw");
}

/* ---- the registering calls -------------------------------------------------------------- */

typedef enum Mode {
    SUCCEEDS,    /* a valid registration */
    BAD_ARGUMENT,/* a bad type string, a NULL callback, a name in use, ... */
    PENDING,     /* valid, but an error is pending on the env */
    NULL_HANDLE  /* the stream / keyed stream / tenv / env is NULL */
} Mode;
static const char *const MODE_NAMES[] = {"succeeds", "bad argument", "error pending", "NULL handle"};

/* Records an error on the env (when the mode asks for one) just before the call. */
static void maybe_pending(eddy_env *env, Mode m) {
    if (m == PENDING) eddy_type_parse(env, "NOT_A_TYPE");
}

static eddy_stream *input(eddy_env *env, Mode m) {
    eddy_stream *s = m == NULL_HANDLE ? NULL : eddy_from_sequence(env, 1, 3);
    maybe_pending(env, m);
    return s;
}

static eddy_keyed_stream *keyed_input(eddy_env *env, Mode m) {
    eddy_keyed_stream *ks = m == NULL_HANDLE ? NULL : eddy_stream_key_by(eddy_from_sequence(env, 1, 3), "*");
    maybe_pending(env, m);
    return ks;
}

static eddy_tenv *tenv_input(eddy_tenv *t, Mode m) {
    maybe_pending(eddy_tenv_env(t), m);
    return m == NULL_HANDLE ? NULL : t;
}

/* Each returns whether the registration succeeded. */
static bool reg_from_source(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    maybe_pending(env, m);
    return eddy_from_source(m == NULL_HANDLE ? NULL : env, m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT", false,
                            source_cb, c, ctx_free_fn) != NULL;
}
static bool reg_map(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_stream *s = input(env, m);
    return eddy_stream_map(s, m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT", map_cb, c, ctx_free_fn) != NULL;
}
static bool reg_flat_map(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_stream *s = input(env, m);
    return eddy_stream_flat_map(s, "BIGINT", m == BAD_ARGUMENT ? NULL : map_cb, c, ctx_free_fn) != NULL;
}
static bool reg_filter(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_stream *s = input(env, m);
    return eddy_stream_filter(s, m == BAD_ARGUMENT ? NULL : filter_cb, c, ctx_free_fn) != NULL;
}
static bool reg_key_by_fn(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_stream *s = input(env, m);
    return eddy_stream_key_by_fn(s, m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT", map_cb, c, ctx_free_fn) != NULL;
}
static bool reg_keyed_reduce(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_keyed_stream *ks = keyed_input(env, m);
    return eddy_keyed_reduce(ks, m == BAD_ARGUMENT ? NULL : reduce_cb, c, ctx_free_fn) != NULL;
}
static eddy_status process_cb(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)kc;
    ((Ctx *)ctx)->calls++;
    return eddy_out_copy_field(out, 0, in, 0) || eddy_out_emit(out);
}
static bool reg_keyed_process(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_keyed_stream *ks = keyed_input(env, m);
    eddy_keyed_process_fn fn = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, process_cb, NULL, NULL};
    return eddy_keyed_process(ks, &fn, m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT", c, ctx_free_fn) != NULL;
}
static bool reg_keyed_map(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_keyed_stream *ks = keyed_input(env, m);
    return eddy_keyed_map(ks, m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT", map_cb, c, ctx_free_fn) != NULL;
}
static bool reg_add_sink(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_stream *s = input(env, m);
    return eddy_stream_add_sink(s, m == BAD_ARGUMENT ? NULL : sink_cb, c, ctx_free_fn, 1) == EDDY_OK;
}
static bool reg_create_function(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)env;
    eddy_scalar_function f = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", scalar_cb, c, ctx_free_fn, false};
    if (m == BAD_ARGUMENT) { /* the name is in use */
        eddy_scalar_function other = f;
        other.ctx = NULL;
        other.ctx_free = NULL;
        eddy_tenv_create_function(t, "f", &other);
    }
    return eddy_tenv_create_function(tenv_input(t, m), "f", &f) == EDDY_OK;
}
static bool reg_register_function_impl(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)env;
    eddy_scalar_function f = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT",
                              scalar_cb, c, ctx_free_fn, false};
    return eddy_tenv_register_function_impl(tenv_input(t, m), "com.example.F", &f) == EDDY_OK;
}
static bool reg_create_table_function(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)env;
    eddy_table_function f = {EDDY_TABLE_FUNCTION_VERSION, "BIGINT", "BIGINT", table_cb, c, ctx_free_fn};
    if (m == BAD_ARGUMENT) { /* the name is in use by a scalar function */
        eddy_scalar_function other = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", scalar_cb, NULL, NULL, false};
        eddy_tenv_create_function(t, "tf", &other);
    }
    return eddy_tenv_create_table_function(tenv_input(t, m), "tf", &f) == EDDY_OK;
}
static eddy_aggregate_function agg_fn(Mode m, Ctx *c) {
    eddy_aggregate_function f = {EDDY_AGGREGATE_FUNCTION_VERSION, "BIGINT", m == BAD_ARGUMENT ? "NOT_A_TYPE" : "BIGINT"};
    f.acc_size = sizeof(long long);
    f.accumulate = agg_accumulate;
    f.get_value = agg_get_value;
    f.ctx = c;
    f.ctx_free = ctx_free_fn;
    return f;
}
static bool reg_create_aggregate_function(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)env;
    eddy_aggregate_function f = agg_fn(m, c);
    return eddy_tenv_create_aggregate_function(tenv_input(t, m), "agg", &f) == EDDY_OK;
}
static bool reg_register_aggregate_function_impl(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)env;
    eddy_aggregate_function f = agg_fn(m, c);
    return eddy_tenv_register_aggregate_function_impl(tenv_input(t, m), "com.example.Agg", &f) == EDDY_OK;
}
static bool reg_type_raw(eddy_env *env, eddy_tenv *t, Mode m, Ctx *c) {
    (void)t;
    eddy_raw_ops ops = {EDDY_RAW_OPS_VERSION, m == BAD_ARGUMENT ? 0 : sizeof(int), NULL, NULL, raw_to_string, c,
                        ctx_free_fn};
    maybe_pending(env, m);
    return eddy_type_raw(m == NULL_HANDLE ? NULL : env, "Opaque", &ops) != NULL;
}

static const struct {
    const char *name;
    bool (*reg)(eddy_env *, eddy_tenv *, Mode, Ctx *);
} REGISTRATIONS[] = {
    {"eddy_from_source", reg_from_source},
    {"eddy_stream_map", reg_map},
    {"eddy_stream_flat_map", reg_flat_map},
    {"eddy_stream_filter", reg_filter},
    {"eddy_stream_key_by_fn", reg_key_by_fn},
    {"eddy_keyed_reduce", reg_keyed_reduce},
    {"eddy_keyed_map", reg_keyed_map},
    {"eddy_keyed_process", reg_keyed_process},
    {"eddy_stream_add_sink", reg_add_sink},
    {"eddy_tenv_create_function", reg_create_function},
    {"eddy_tenv_register_function_impl", reg_register_function_impl},
    {"eddy_tenv_create_table_function", reg_create_table_function},
    {"eddy_tenv_create_aggregate_function", reg_create_aggregate_function},
    {"eddy_tenv_register_aggregate_function_impl", reg_register_aggregate_function_impl},
    {"eddy_type_raw", reg_type_raw},
};

/* Fails the test naming the registration and the mode. */
#define EXPECT(cond, what)                                                                                          \
    do {                                                                                                            \
        if (!(cond)) {                                                                                              \
            TEST_FAIL_HERE();                                                                                       \
            fprintf(stderr, "%s, %s: %s (freed %d, calls %d)\n", REGISTRATIONS[i].name, MODE_NAMES[m], what,        \
                    c.freed, c.calls);                                                                              \
        }                                                                                                           \
    } while (0)

TEST(ctx_free_once_whatever_the_registration_returns) {
    FILE *devnull = fopen("/dev/null", "w");
    ASSERT_TRUE(devnull != NULL);
    for (size_t i = 0; i < sizeof REGISTRATIONS / sizeof REGISTRATIONS[0]; i++) {
        for (int m = SUCCEEDS; m <= NULL_HANDLE; m++) {
            Ctx c = {0, 0};
            eddy_env *env = new_env(1);
            eddy_tenv *t = eddy_tenv_new(env);
            bool ok = REGISTRATIONS[i].reg(env, t, (Mode)m, &c);
            if (m == SUCCEEDS) {
                EXPECT(ok, "the registration failed");
                EXPECT(eddy_env_errcode(env) == EDDY_OK, eddy_env_errmsg(env));
                EXPECT(c.freed == 0, "ctx_free ran before the env was freed");
            } else {
                EXPECT(!ok, "the registration succeeded");
                EXPECT(m == NULL_HANDLE || eddy_env_errcode(env) != EDDY_OK, "no error on the env");
                EXPECT(c.freed == 1, "ctx_free did not run once before the call returned");
                /* what was built before still runs; the failed registration's callbacks do not */
                eddy_env_clear_error(env);
                eddy_stream_print_to(eddy_from_sequence(env, 1, 2), NULL, devnull, 1);
                eddy_status rc = eddy_env_execute(env, "after a failed registration");
                EXPECT(rc == EDDY_OK, eddy_env_errmsg(env));
            }
            eddy_env_free(env);
            EXPECT(c.freed == 1, "ctx_free did not run exactly once in all");
            EXPECT(m == SUCCEEDS || c.calls == 0, "a callback of the failed registration ran");
        }
    }
    fclose(devnull);
}

/* A description eddy cannot read (another abi_version) is not read, so its
 * ctx_free is not called: the caller keeps ctx. */
TEST(unreadable_description_keeps_ctx) {
    Ctx c = {0, 0};
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_scalar_function f = {99, "BIGINT", "BIGINT", scalar_cb, &c, ctx_free_fn, false};
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "f", &f), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    eddy_table_function tf = {99, "BIGINT", "BIGINT", table_cb, &c, ctx_free_fn};
    ASSERT_EQ_INT(eddy_tenv_create_table_function(t, "tf", &tf), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    eddy_raw_ops ops = {99, sizeof(int), NULL, NULL, NULL, &c, ctx_free_fn};
    ASSERT_TRUE(eddy_type_raw(env, "Opaque", &ops) == NULL);
    eddy_env_free(env);
    ASSERT_EQ_INT(c.freed, 0);
}

/* A pipeline built without checking each step, failing half-way: every
 * ctx is freed once, none leaks (the sanitizer build checks the memory). */
static void free_heap_ctx(void *p) { free(p); }

TEST(unchecked_pipeline_leaks_nothing) {
    eddy_env *env = new_env(1);
    eddy_stream *s = eddy_stream_map(eddy_from_sequence(env, 1, 3), "NOT_A_TYPE", map_cb, calloc(1, sizeof(Ctx)),
                                     free_heap_ctx);
    s = eddy_stream_filter(s, filter_cb, calloc(1, sizeof(Ctx)), free_heap_ctx);
    eddy_stream_add_sink(s, sink_cb, calloc(1, sizeof(Ctx)), free_heap_ctx, 1);
    ASSERT_ENV_ERROR(env, EDDY_E_PARSE, "NOT_A_TYPE");
    eddy_env_free(env);
}

int main(void) {
    RUN(ctx_free_once_whatever_the_registration_returns);
    RUN(unreadable_description_keeps_ctx);
    RUN(unchecked_pipeline_leaks_nothing);
    return test_report();
}
