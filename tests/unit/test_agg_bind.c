/*
 * test_agg_bind.c -- what the binder hands the aggregate library: each
 * aggregate call of a bound query resolves (eddy__agg_resolve) into an AggFn
 * whose result type is the one the binder gave the call (the two places
 * that know Flink's result type rules must agree), for every function over
 * every type it takes; JSON_*AGG's ON NULL clause and a C aggregate
 * function's FuncDef arrive in the AggCall; LISTAGG's separator is a
 * constant of the projection below.
 */
#include "../api/weighted_avg.h"
#include "agg_harness.h"
#include "api/api.h"
#include "test.h"

typedef struct B {
    eddy_env *env;
    eddy_tenv *tenv;
    H h;
} B;

static void b_init(B *b) {
    b->env = eddy_env_new(NULL);
    b->tenv = eddy_tenv_new(b->env);
    h_init(&b->h);
    eddy_aggregate_function f = wavg();
    eddy_tenv_create_aggregate_function(b->tenv, "wAvg", &f);
    eddy_result *r = eddy_tenv_execute_sql(
        b->tenv, "CREATE TEMPORARY VIEW T AS SELECT * FROM (VALUES (CAST(1 AS TINYINT), CAST(1 AS SMALLINT), 1, "
                 "CAST(1 AS BIGINT), CAST(1.5 AS FLOAT), CAST(1.5 AS DOUBLE), CAST(1.25 AS DECIMAL(10, 2)), "
                 "CAST(1 AS DECIMAL(30, 20)), 'abc', TRUE, DATE '2021-01-01', TIMESTAMP '2021-01-01 00:00:00', "
                 "TIMESTAMP_LTZ '2021-01-01 00:00:00', TIME '10:00:00')) AS T(ti, si, i, bi, f, d, dc, dc20, s, b, "
                 "dt, ts, ltz, tm)");
    eddy_result_free(r);
}

static void b_free(B *b) {
    h_free(&b->h);
    eddy_env_free(b->env);
}

/* The aggregate under the bound query (through projections and filters). */
static const Rel *agg_rel(const Rel *r) {
    while (r && r->kind != REL_AGGREGATE) r = r->nin ? r->in[0] : NULL;
    return r;
}

/* Resolves aggregate k of `sql` as an operator will; "OK" or the error. */
static const char *resolve(B *b, const char *sql, int k, bool retract, const AggFn **out) {
    eddy_table *t = eddy_tenv_sql_query(b->tenv, sql);
    if (!t) {
        const char *m = eddy__arena_printf(&b->h.a, "BIND: %s", eddy_env_errmsg(b->env));
        eddy_env_clear_error(b->env);
        return m;
    }
    const Rel *r = agg_rel(t->rel);
    if (!r || k >= r->naggs) return "NO AGGREGATE";
    const AggCall *c = &r->aggs[k];
    const Rel *in = r->in[0];
    const Type *args[4];
    const Value *consts[4] = {0};
    for (int i = 0; i < c->nargs && i < 4; i++) {
        args[i] = in->types[c->args[i]];
        const Expr *x = in->kind == REL_PROJECT ? in->exprs[c->args[i]] : NULL;
        if (x && x->kind == EX_LITERAL) consts[i] = &x->value;
    }
    AggSpec sp = {.name = c->fn, .nargs = c->nargs, .args = args, .consts = consts, .star = c->star,
                  .distinct = c->distinct, .retract = retract, .nulls = (AggNulls)c->nulls, .user = c->user,
                  .expect = c->type};
    eddy__err_clear(&b->h.err);
    if (eddy__agg_resolve(&b->h.a, &sp, out, &b->h.err)) return eddy__arena_printf(&b->h.a, "ERROR: %s", b->h.err.msg);
    return "OK";
}

TEST(binder_and_library_agree_on_result_types) {
    B b;
    b_init(&b);
    static const char *numeric[] = {"ti", "si", "i", "bi", "f", "d", "dc", "dc20"};
    static const char *numfns[] = {"SUM", "AVG", "STDDEV_POP", "STDDEV_SAMP", "STDDEV", "VAR_POP", "VAR_SAMP",
                                   "VARIANCE", "MIN", "MAX", "COUNT", "FIRST_VALUE", "LAST_VALUE", "COLLECT",
                                   "ARRAY_AGG", "JSON_ARRAYAGG", "SUM0"};
    char sql[256];
    int checked = 0;
    for (size_t f = 0; f < ED_ARRAY_LEN(numfns); f++)
        for (size_t c = 0; c < ED_ARRAY_LEN(numeric); c++)
            for (int retract = 0; retract < 2; retract++) {
                snprintf(sql, sizeof sql, "SELECT %s(%s) FROM T", numfns[f], numeric[c]);
                const AggFn *fn;
                const char *got = resolve(&b, sql, 0, retract, &fn);
                if (strcmp(got, "OK")) fprintf(stderr, "%s (retract %d): %s\n", sql, retract, got);
                ASSERT_STR_EQ(got, "OK");
                checked++;
            }
    static const char *other[] = {"s", "b", "dt", "ts", "ltz", "tm"};
    static const char *otherfns[] = {"MIN", "MAX", "COUNT", "COLLECT", "ARRAY_AGG"};
    for (size_t f = 0; f < ED_ARRAY_LEN(otherfns); f++)
        for (size_t c = 0; c < ED_ARRAY_LEN(other); c++) {
            snprintf(sql, sizeof sql, "SELECT %s(%s) FROM T GROUP BY i", otherfns[f], other[c]);
            const AggFn *fn;
            const char *got = resolve(&b, sql, 0, true, &fn);
            if (strcmp(got, "OK")) fprintf(stderr, "%s: %s\n", sql, got);
            ASSERT_STR_EQ(got, "OK");
            checked++;
        }
    const char *more[] = {"SELECT COUNT(*) FROM T", "SELECT COUNT(DISTINCT s) FROM T GROUP BY i",
                          "SELECT SUM(DISTINCT dc) FROM T", "SELECT LISTAGG(s) FROM T",
                          "SELECT FIRST_VALUE(CAST(s AS STRING)), LAST_VALUE(b) FROM T", "SELECT JSON_ARRAYAGG(s) FROM T",
                          "SELECT JSON_OBJECTAGG(KEY s VALUE d) FROM T", "SELECT wAvg(bi, i) FROM T GROUP BY s",
                          "SELECT wAvg(i, ti) FROM T"};
    for (size_t q = 0; q < ED_ARRAY_LEN(more); q++) {
        const AggFn *fn;
        const char *got = resolve(&b, more[q], 0, false, &fn);
        if (strcmp(got, "OK")) fprintf(stderr, "%s: %s\n", more[q], got);
        ASSERT_STR_EQ(got, "OK");
        checked++;
    }
    ASSERT_EQ_INT(checked, 17 * 8 * 2 + 5 * 6 + 9);
    /* Flink's factory takes VARCHAR, not CHAR, for FIRST_VALUE / LAST_VALUE */
    const AggFn *fn;
    ASSERT_STR_EQ(resolve(&b, "SELECT LAST_VALUE(s) FROM T", 0, false, &fn),
                  "ERROR: LAST_VALUE aggregate function does not support type: ''CHAR''.\nPlease re-check the data type.");
    b_free(&b);
}

TEST(clauses_constants_and_user_functions_reach_the_library) {
    B b;
    b_init(&b);
    H *h = &b.h;
    const AggFn *fn;
    /* ABSENT ON NULL binds (it was refused as an argument) and reaches the function */
    ASSERT_STR_EQ(resolve(&b, "SELECT JSON_OBJECTAGG(KEY s VALUE i ABSENT ON NULL) FROM T", 0, false, &fn), "OK");
    ASSERT_STR_EQ(h_run(h, fn, "+a=1 +b=NULL"), "{\"a\":1}");
    ASSERT_STR_EQ(resolve(&b, "SELECT JSON_OBJECTAGG(KEY s VALUE i NULL ON NULL) FROM T", 0, false, &fn), "OK");
    ASSERT_STR_EQ(h_run(h, fn, "+a=1 +b=NULL"), "{\"a\":1,\"b\":null}");
    ASSERT_STR_EQ(resolve(&b, "SELECT JSON_ARRAYAGG(i NULL ON NULL) FROM T", 0, false, &fn), "OK");
    ASSERT_STR_EQ(h_run(h, fn, "+1 +NULL"), "[1,null]");
    ASSERT_STR_EQ(resolve(&b, "SELECT JSON_ARRAYAGG(i) FROM T", 0, false, &fn), "OK");
    ASSERT_STR_EQ(h_run(h, fn, "+1 +NULL"), "[1]");
    /* LISTAGG's separator: a literal of the projection */
    ASSERT_STR_EQ(resolve(&b, "SELECT LISTAGG(s, '; ') FROM T", 0, false, &fn), "OK");
    ASSERT_STR_EQ(h_run(h, fn, "+x=; +y=;"), "x; y");
    ASSERT_STR_EQ(resolve(&b, "SELECT LISTAGG(s, s) FROM T", 0, false, &fn),
                  "ERROR: The separator of LISTAGG must be a character literal.");
    /* a C function: its FuncDef, arguments cast to its parameters */
    ASSERT_STR_EQ(resolve(&b, "SELECT s, wAvg(i, ti) FROM T GROUP BY s", 0, true, &fn), "OK");
    ASSERT_STR_EQ(fn->name, "wavg");
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->args[0]), "BIGINT NOT NULL");
    ASSERT_STR_EQ(eddy__type_str(&h->a, fn->args[1]), "INT NOT NULL");
    ASSERT_STR_EQ(h_run(h, fn, "+10=2 +1=1"), "7");
    b_free(&b);
}

int main(void) {
    RUN(binder_and_library_agree_on_result_types);
    RUN(clauses_constants_and_user_functions_reach_the_library);
    return test_report();
}
