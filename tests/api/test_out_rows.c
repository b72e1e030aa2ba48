/*
 * test_out_rows.c -- output rows built by user callbacks: the field setters
 * (eddy_out_set_literal with every kind of literal and its errors), and the
 * NOT NULL check of what map, flat_map, reduce, sources and key selectors
 * build (a field of a NOT NULL type left NULL fails the job with the
 * scalar-function message form) and of the structs eddy_from_structs copies.
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

/* ---- NOT NULL fields left NULL ------------------------------------------------------------ */

/* Sets only field 1 (score) of ROW<name STRING NOT NULL, score INT>. */
static eddy_status forget_name(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    return eddy_out_copy_field(out, 1, in, 0);
}

/* Sets field 0 NULL explicitly. */
static eddy_status null_result(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)in;
    return eddy_out_set_null(out, 0);
}

/* Emits a row without its NOT NULL field and ignores what emit says. */
static eddy_status flat_forget(void *ctx, const eddy_row *in, eddy_out *out) {
    eddy_status *emit_rc = ctx;
    eddy_out_copy_field(out, 1, in, 0);
    *emit_rc = eddy_out_emit(out);
    return EDDY_OK;
}

TEST(map_and_flat_map_not_null_fields) {
    eddy_env *env = new_env(1);
    const char *type = "ROW<name STRING NOT NULL, score BIGINT>";
    ASSERT_TEXT(collect_stream(eddy_stream_map(eddy_from_sequence(env, 1, 2), type, forget_name, NULL, NULL)),
                "ERROR: The user function of operator 'Map' returned NULL for field 'name', but its type is STRING "
                "NOT NULL.");
    /* the operator's name as set */
    ASSERT_TEXT(collect_stream(eddy_stream_name(
                    eddy_stream_map(eddy_from_sequence(env, 1, 2), "BIGINT NOT NULL", null_result, NULL, NULL),
                    "scores")),
                "ERROR: The user function of operator 'scores' returned NULL, but its result type is BIGINT NOT "
                "NULL.");
    eddy_status emit_rc = EDDY_OK;
    ASSERT_TEXT(collect_stream(eddy_stream_flat_map(eddy_from_sequence(env, 1, 2), type, flat_forget, &emit_rc, NULL)),
                "ERROR: The user function of operator 'Flat Map' emitted NULL for field 'name', but its type is "
                "STRING NOT NULL.");
    ASSERT_EQ_INT(emit_rc, EDDY_E_UDF);
    /* nullable fields left unset are NULL, as before */
    ASSERT_TEXT(collect_stream(eddy_stream_map(eddy_from_sequence(env, 1, 2), "ROW<name STRING, score BIGINT>",
                                               forget_name, NULL, NULL)),
                "+I[null, 1]\n+I[null, 2]\n");
    eddy_env_free(env);
}

/* Emits one row with nothing set. */
static eddy_status empty_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)ctx;
    (void)subtask;
    (void)parallelism;
    eddy_out_emit(out);
    return EDDY_DONE;
}

TEST(source_not_null_fields) {
    eddy_env *env = new_env(1);
    ASSERT_TEXT(collect_stream(eddy_from_source(env, "BIGINT NOT NULL", false, empty_source, NULL, NULL)),
                "ERROR: The source function of operator 'Source: Custom Source' emitted NULL, but its result type is "
                "BIGINT NOT NULL.");
    ASSERT_TEXT(collect_stream(eddy_from_source(env, "BIGINT", false, empty_source, NULL, NULL)), "null\n");
    eddy_env_free(env);
}

/* Keeps the key, forgets the value. */
static eddy_status forget_value(void *ctx, const eddy_row *acc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)acc;
    return eddy_out_copy_field(out, 0, in, 0);
}

/* A key selector that sets nothing. */
static eddy_status no_key(void *ctx, const eddy_row *in, eddy_out *key) {
    (void)ctx;
    (void)in;
    (void)key;
    return EDDY_OK;
}

TEST(reduce_and_key_selector_not_null_fields) {
    for (int batch = 0; batch < 2; batch++) {
        eddy_env *env = new_env(1);
        eddy_env_set_runtime_mode(env, batch ? EDDY_BATCH : EDDY_STREAMING);
        eddy_stream *s = eddy_from_values(env, "ROW<k BIGINT NOT NULL, v BIGINT NOT NULL>", "(1, 10), (1, 20)");
        ASSERT_TEXT(collect_stream(eddy_keyed_reduce(eddy_stream_key_by(s, "k"), forget_value, NULL, NULL)),
                    "ERROR: The reduce function of operator 'Keyed Reduce' returned NULL for field 'v', but its type "
                    "is BIGINT NOT NULL.");
        eddy_env_free(env);
    }
    eddy_env *env = new_env(1);
    eddy_keyed_stream *ks = eddy_stream_key_by_fn(eddy_from_sequence(env, 1, 2), "BIGINT NOT NULL", no_key, NULL, NULL);
    ASSERT_TEXT(collect_stream(eddy_keyed_reduce(ks, forget_value, NULL, NULL)),
                "ERROR: The key selector returned NULL, but its result type is BIGINT NOT NULL.");
    eddy_env_free(env);
}

/* Data with a declared type: a NULL string in a NOT NULL struct field. */
typedef struct Person {
    const char *name;
    int32_t age;
} Person;

TEST(from_structs_not_null_fields) {
    eddy_env *env = new_env(1);
    eddy_field f[] = {EDDY_FIELD(Person, name, "STRING NOT NULL"), EDDY_FIELD(Person, age, "INT NOT NULL")};
    const eddy_type *t = eddy_type_struct(env, "Person", sizeof(Person), f, 2);
    Person items[] = {{"Alice", 12}, {NULL, 7}};
    ASSERT_TRUE(eddy_from_structs(env, t, items, 2) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "from_structs: item 1 has NULL for field 'name', but its type is STRING NOT NULL.");
    ASSERT_TEXT(collect_stream(eddy_from_structs(env, t, items, 1)), "Person(name=Alice, age=12)\n");
    eddy_env_free(env);
}

/* The literal parsed on worker threads at once. */
static eddy_status date_literal(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)in;
    return eddy_out_set_literal(out, 0, "DATE '2021-08-21' + INTERVAL '1' DAY");
}

TEST(set_literal_on_parallel_subtasks) {
    eddy_env *env = new_env(4);
    eddy_stream *s = eddy_stream_map(eddy_stream_rebalance(eddy_from_sequence(env, 1, 4000)), "DATE", date_literal,
                                     NULL, NULL);
    char *got = collect_stream(eddy_stream_set_parallelism(s, 4));
    ASSERT_EQ_INT(count_lines(got), 4000);
    ASSERT_TRUE(!strncmp(got, "2021-08-22\n", 11));
    free(got);
    eddy_env_free(env);
}

int main(void) {
    RUN(set_literal_casts_to_the_field_type);
    RUN(set_literal_atomic_and_null);
    RUN(set_literal_on_parallel_subtasks);
    RUN(map_and_flat_map_not_null_fields);
    RUN(source_not_null_fields);
    RUN(reduce_and_key_selector_not_null_fields);
    RUN(from_structs_not_null_fields);
    return test_report();
}
