/*
 * test_out_rows.c -- output rows built by user callbacks: the field setters
 * (eddy_out_set_literal with every kind of literal and its errors), and the
 * NOT NULL check of what map, flat_map, reduce, sources, key selectors and
 * table functions build: a field of a NOT NULL type left NULL fails the job
 * with the scalar-function message form.
 */
#include "check.h"

/* ---- eddy_out_set_literal ------------------------------------------------------------- */

#define NLIT 12
typedef struct LitCalls {
    eddy_status rc[NLIT];
} LitCalls;

/* Fills ROW<d DATE, x DECIMAL(5, 2), s STRING, a ARRAY<INT>, r ROW<p INT,
 * q STRING>, ts TIMESTAMP(3), n INT, m MAP<STRING, INT>> from literals and
 * records what each call returned (the test runs at parallelism 1). */
static eddy_status literal_map(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)in;
    LitCalls *c = ctx;
    c->rc[0] = eddy_out_set_literal(out, 0, "DATE '2021-08-21'");
    c->rc[1] = eddy_out_set_literal(out, 1, "12.30");
    c->rc[2] = eddy_out_set_literal(out, 2, "'text'");
    c->rc[3] = eddy_out_set_literal(out, 3, "ARRAY[1, 2]");
    c->rc[4] = eddy_out_set_literal(out, 4, "(1, 'a')");
    c->rc[5] = eddy_out_set_literal(out, 5, "'2021-08-21 13:00:00'");
    c->rc[6] = eddy_out_set_literal(out, 6, "NULL");
    c->rc[7] = eddy_out_set_literal(out, 7, "MAP['k', 1]");
    /* errors leave the field as it was */
    eddy_out_set_int(out, 6, 5);
    c->rc[8] = eddy_out_set_literal(out, 6, "'x'");   /* not an INT */
    c->rc[9] = eddy_out_set_literal(out, 6, "1 +");   /* not SQL */
    c->rc[10] = eddy_out_set_literal(out, 6, "1, 2"); /* two values */
    c->rc[11] = eddy_out_set_literal(out, 8, "1");    /* no field 8 */
    return EDDY_OK;
}

TEST(set_literal_casts_to_the_field_type) {
    eddy_env *env = new_env(1);
    LitCalls calls;
    memset(&calls, 0xff, sizeof calls);
    eddy_stream *s = eddy_stream_map(eddy_from_sequence(env, 1, 1),
                                     "ROW<d DATE, x DECIMAL(5, 2), s STRING, a ARRAY<INT>, r ROW<p INT, q STRING>, "
                                     "ts TIMESTAMP(3), n INT, m MAP<STRING, INT>>",
                                     literal_map, &calls, NULL);
    ASSERT_TEXT(collect_stream(s), "+I[2021-08-21, 12.30, text, [1, 2], +I[1, a], 2021-08-21T13:00, 5, {k=1}]\n");
    for (int i = 0; i < 8; i++) ASSERT_EQ_INT(calls.rc[i], EDDY_OK);
    ASSERT_EQ_INT(calls.rc[8], EDDY_E_RUNTIME);
    ASSERT_EQ_INT(calls.rc[9], EDDY_E_PARSE);
    ASSERT_EQ_INT(calls.rc[10], EDDY_E_MISUSE);
    ASSERT_EQ_INT(calls.rc[11], EDDY_E_MISUSE);
    eddy_env_free(env);
}

/* An atomic output and a literal NULL: "NULL" sets the field NULL. */
static eddy_status atomic_literal(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t v;
    eddy_row_get_long(in, 0, &v);
    return eddy_out_set_literal(out, 0, v == 1 ? "CAST(7 AS BIGINT) * 6" : "NULL");
}

TEST(set_literal_atomic_and_null) {
    eddy_env *env = new_env(1);
    eddy_stream *s = eddy_stream_map(eddy_from_sequence(env, 1, 2), "BIGINT", atomic_literal, NULL, NULL);
    ASSERT_TEXT(collect_stream(s), "42\nnull\n");
    ASSERT_EQ_INT(eddy_out_set_literal(NULL, 0, "1"), EDDY_E_MISUSE);
    eddy_env_free(env);
}

int main(void) {
    RUN(set_literal_casts_to_the_field_type);
    RUN(set_literal_atomic_and_null);
    return test_report();
}
