/*
 * test_agg_udaf.c -- C aggregate functions run by the aggregate library:
 * registered through eddy.h (eddy_tenv_create_aggregate_function), found as
 * the binder finds them, resolved into an AggFn and driven as an operator
 * drives it. Flink's WeightedAvg example with accumulate, retract and merge
 * (also randomized: retraction against recomputation, merge of split
 * accumulators), create/destroy accumulators, failures reported through
 * eddy_agg_error, and the planning error for a function without retract on
 * an updating input.
 */
#include "../api/weighted_avg.h"
#include "agg_harness.h"
#include "api/api.h"
#include "test.h"

/* ---- a function with create / destroy, which counts its objects ------------------------------------ */

static int live;

typedef struct Joined {
    char text[64];
} Joined;

static eddy_status j_create(void *ctx, eddy_agg_call *call, void **acc) {
    (void)ctx, (void)call;
    Joined *j = calloc(1, sizeof *j);
    if (!j) return EDDY_E_NOMEM;
    live++;
    *acc = j;
    return EDDY_OK;
}

static void j_destroy(void *ctx, void *acc) {
    (void)ctx;
    free(acc);
    live--;
}

static eddy_status j_acc(void *ctx, eddy_agg_call *call, void *acc, const eddy_row *args) {
    (void)ctx;
    Joined *j = acc;
    const char *s;
    size_t n;
    if (eddy_row_is_null(args, 0)) return EDDY_OK;
    eddy_row_get_string(args, 0, &s, &n);
    if (!strcmp(s, "boom")) return eddy_agg_error(call, "cannot take '%s'", s);
    if (!strcmp(s, "quiet")) return EDDY_E_UDF;
    if (strlen(j->text) + n + 2 < sizeof j->text) {
        if (*j->text) strcat(j->text, "+");
        strncat(j->text, s, n);
    }
    return EDDY_OK;
}

static eddy_status j_value(void *ctx, eddy_agg_call *call, const void *acc, eddy_out *result) {
    (void)ctx, (void)call;
    const Joined *j = acc;
    return *j->text ? eddy_out_set_cstring(result, 0, j->text) : EDDY_OK;
}

/* ---- the harness: a tenv with the functions, and their AggFns ----------------------------------------- */

typedef struct U {
    eddy_env *env;
    eddy_tenv *tenv;
    H h;
} U;

static void u_init(U *u) {
    u->env = eddy_env_new(NULL);
    u->tenv = eddy_tenv_new(u->env);
    h_init(&u->h);
    eddy_aggregate_function f = wavg();
    eddy_tenv_create_aggregate_function(u->tenv, "wAvg", &f);
    eddy_aggregate_function j = {EDDY_AGGREGATE_FUNCTION_VERSION, "STRING", "STRING", 0};
    j.create = j_create;
    j.destroy = j_destroy;
    j.accumulate = j_acc;
    j.get_value = j_value;
    eddy_tenv_create_aggregate_function(u->tenv, "joined", &j);
    eddy_aggregate_function nn = wavg();
    nn.result_type = "BIGINT NOT NULL";
    nn.retract = NULL;
    nn.merge = NULL;
    eddy_tenv_create_aggregate_function(u->tenv, "strict_wavg", &nn);
}

static void u_free(U *u) {
    h_free(&u->h);
    eddy_env_free(u->env);
}

/* The AggFn of the user function `name` over argument types `types`. */
static const AggFn *u_fn(U *u, const char *name, const char *types, bool retract) {
    const FuncDef *def = eddy__api_function_lookup(u->tenv, name, 0);
    if (!def) return NULL;
    const Type *args[4];
    int n = h_types(&u->h, types, args);
    AggSpec sp = {.nargs = n, .args = args, .retract = retract, .user = def};
    const AggFn *fn = NULL;
    eddy__err_clear(&u->h.err);
    if (eddy__agg_resolve(&u->h.a, &sp, &fn, &u->h.err)) return NULL;
    u->h.opts = 0;
    return fn;
}

TEST(weighted_avg) {
    U u;
    u_init(&u);
    H *h = &u.h;
    const AggFn *fn = u_fn(&u, "wavg", "BIGINT, INT", true);
    ASSERT_TRUE(fn != NULL);
    ASSERT_STR_EQ(fn->name, "wavg");
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->result), "BIGINT");
    ASSERT_TRUE((fn->flags & (AGG_RETRACT | AGG_MERGE)) == (AGG_RETRACT | AGG_MERGE));
    /* (10 * 2 + 1 * 1) / (2 + 1) */
    ASSERT_STR_EQ(h_run(h, fn, "+10=2 +1=1"), "7");
    ASSERT_STR_EQ(h_run(h, fn, "+10=2 +1=1 +NULL=5 +3=NULL"), "7");
    ASSERT_STR_EQ(h_run(h, fn, ""), "NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+10=2 +1=1 -10=2"), "1");
    ASSERT_STR_EQ(h_run(h, fn, "+10=2 -10=2"), "NULL");
    ASSERT_STR_EQ(h_merge(h, fn, "+10=2", "+1=1"), "7");
    ASSERT_STR_EQ(h_merge(h, fn, "+10=2 +4=4", "-10=2"), "4");
    u_free(&u);
}

TEST(weighted_avg_random_retraction_and_merge) {
    U u;
    u_init(&u);
    H *h = &u.h;
    const AggFn *fn = u_fn(&u, "wavg", "BIGINT, INT", true);
    uint64_t s = 12345;
    for (int trial = 0; trial < 50; trial++) {
        enum { N = 120 };
        Vector *v = eddy__vec_new(fn->args[0], N), *w = eddy__vec_new(fn->args[1], N);
        Vector *args[2] = {v, w};
        uint32_t rows[N], keep[N], gone[N], nk = 0, ng = 0;
        int64_t sum = 0, cnt = 0;
        for (uint32_t i = 0; i < N; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            VEC_DATA(v, int64_t)[i] = (int64_t)(s >> 40) % 1000 - 500;
            VEC_DATA(w, int32_t)[i] = (int32_t)((s >> 20) % 5) + 1;
            rows[i] = i;
            if ((s >> 8) % 3 == 0) gone[ng++] = i;
            else keep[nk++] = i;
        }
        for (uint32_t k = 0; k < nk; k++) {
            sum += VEC_DATA(v, int64_t)[keep[k]] * VEC_DATA(w, int32_t)[keep[k]];
            cnt += VEC_DATA(w, int32_t)[keep[k]];
        }
        void *one = h_acc(h, fn), *a = h_acc(h, fn), *b = h_acc(h, fn), *fresh = h_acc(h, fn);
        void *accs[N], *split[N];
        for (uint32_t i = 0; i < N; i++) {
            accs[i] = one;
            split[i] = i < N / 2 ? a : b;
        }
        ASSERT_EQ_INT(eddy__agg_accumulate(fn, &h->cx, args, rows, N, accs), EDDY_OK);
        ASSERT_EQ_INT(eddy__agg_retract(fn, &h->cx, args, gone, ng, accs), EDDY_OK);
        ASSERT_EQ_INT(eddy__agg_accumulate(fn, &h->cx, args, keep, nk, accs + N - nk), EDDY_OK);
        /* `one` saw everything, then lost `gone` and got `keep` again: compare with 2 * keep */
        void *faccs[N];
        for (uint32_t i = 0; i < N; i++) faccs[i] = fresh;
        ASSERT_EQ_INT(eddy__agg_accumulate(fn, &h->cx, args, keep, nk, faccs), EDDY_OK);
        ASSERT_EQ_INT(eddy__agg_accumulate(fn, &h->cx, args, keep, nk, faccs), EDDY_OK);
        ASSERT_STR_EQ(h_value(h, fn, one), h_value(h, fn, fresh));
        char want[32];
        snprintf(want, sizeof want, "%lld", (long long)(sum / cnt));
        ASSERT_STR_EQ(h_value(h, fn, fresh), want);
        /* split in two, retractions in the second half, merged */
        ASSERT_EQ_INT(eddy__agg_accumulate(fn, &h->cx, args, rows, N, split), EDDY_OK);
        void *bs[N];
        for (uint32_t i = 0; i < N; i++) bs[i] = b;
        ASSERT_EQ_INT(eddy__agg_retract(fn, &h->cx, args, gone, ng, bs), EDDY_OK);
        void *d[1] = {a}, *src[1] = {b};
        ASSERT_EQ_INT(eddy__agg_merge(fn, &h->cx, d, src, 1), EDDY_OK);
        ASSERT_STR_EQ(h_value(h, fn, a), want);
        eddy__vec_release(v);
        eddy__vec_release(w);
    }
    u_free(&u);
}

TEST(create_destroy_and_failures) {
    U u;
    u_init(&u);
    H *h = &u.h;
    live = 0;
    const AggFn *fn = u_fn(&u, "joined", "STRING", false);
    ASSERT_TRUE(fn != NULL);
    ASSERT_TRUE(fn->flags & AGG_HAS_DESTROY);
    ASSERT_FALSE(fn->flags & (AGG_RETRACT | AGG_MERGE));
    ASSERT_STR_EQ(h_run(h, fn, "+a +NULL +b"), "a+b");
    ASSERT_EQ_INT(live, 0);
    /* a failure with a message, and one without */
    ASSERT_STR_EQ(h_run(h, fn, "+a +boom"), "ERROR: cannot take 'boom'");
    ASSERT_EQ_INT(h->err.code, EDDY_E_UDF);
    eddy__err_clear(&h->err);
    ASSERT_STR_EQ(h_run(h, fn, "+quiet"), "ERROR: The aggregate function 'joined' failed (status 9).");
    /* every accumulator made was destroyed, failed runs' too */
    ASSERT_EQ_INT(live, 0);
    /* a function without retract on an updating input: Flink's planning error */
    ASSERT_TRUE(!u_fn(&u, "joined", "STRING", true));
    ASSERT_STR_EQ(h->err.msg, "Function class 'joined' does not implement at least one method named 'retract' which is "
                              "public, not abstract and (in case of table functions) not static.");
    ASSERT_EQ_INT(h->err.code, EDDY_E_VALIDATION);
    /* NULL for a NOT NULL result */
    const AggFn *nn = u_fn(&u, "strict_wavg", "BIGINT, INT", false);
    ASSERT_STR_EQ(h_run(h, nn, "+1=2"), "1");
    ASSERT_STR_EQ(h_run(h, nn, ""), "ERROR: The function 'strict_wavg' returned NULL, but its result type is BIGINT NOT NULL.");
    u_free(&u);
}

int main(void) {
    RUN(weighted_avg);
    RUN(weighted_avg_random_retraction_and_merge);
    RUN(create_destroy_and_failures);
    return test_report();
}
