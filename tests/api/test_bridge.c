/*
 * test_bridge.c -- the bridge cases of Flink's DataStreamJavaITCase that
 * concern insert-only streams, reproduced in C with their exact expected
 * schemas and rows: atomic types, rows with nested types, structs (POJOs),
 * and RAW values, from DataStream to Table and back. Like the Flink tests
 * they run at parallelism 4 and compare rows as multisets.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(void) {
    env = new_env(4);
    tenv = eddy_tenv_new(env);
}

static void teardown(void) { eddy_env_free(env); }

TEST(from_datastream_atomic) {
    setup();
    eddy_stream *ds = eddy_from_values(env, "INT NOT NULL", "1, 2, 3, 4, 5");
    eddy_table *t = eddy_tenv_from_datastream(tenv, ds, NULL);
    ASSERT_STR_EQ(eddy_table_schema_string(t), "(\n  `f0` INT NOT NULL\n)");
    ASSERT_TEXT(sorted_lines(iter_lines(eddy_result_collect(eddy_table_execute(t)))),
                "+I[1]\n+I[2]\n+I[3]\n+I[4]\n+I[5]\n");
    teardown();
}

TEST(to_datastream_atomic) {
    setup();
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT * FROM (VALUES (1), (2), (3), (4), (5))");
    eddy_stream *s = eddy_tenv_to_datastream_as(tenv, t, eddy_type_parse(env, "INT"));
    ASSERT_STR_EQ(eddy_type_string(eddy_stream_type(s)), "INT");
    ASSERT_TEXT(sorted_lines(collect_stream(s)), "1\n2\n3\n4\n5\n");
    teardown();
}

TEST(from_datastream_with_row) {
    setup();
    eddy_stream *ds = eddy_from_values(env, "ROW<b INT, c ROW<f0 BOOLEAN, f1 STRING>, a MAP<STRING, DOUBLE>>",
                                       "(12, (false, 'hello'), MAP['world', 2.0]), "
                                       "(NULL, (false, NULL), MAP['world', NULL])");
    eddy_table *t = eddy_tenv_from_datastream(tenv, ds, NULL);
    ASSERT_STR_EQ(eddy_table_schema_string(t),
                  "(\n  `b` INT, \n  `c` ROW<`f0` BOOLEAN, `f1` STRING>, \n  `a` MAP<STRING, DOUBLE>\n)");
    ASSERT_TEXT(sorted_lines(iter_lines(eddy_result_collect(eddy_table_execute(t)))),
                "+I[12, +I[false, hello], {world=2.0}]\n+I[null, +I[false, null], {world=null}]\n");
    teardown();
}

TEST(to_datastream_with_row) {
    setup();
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT * FROM (VALUES "
                                              "(12, ROW(false, 'hello'), MAP['world', 2.0]), "
                                              "(CAST(NULL AS INT), ROW(false, CAST(NULL AS STRING)), MAP['world', 1.0])"
                                              ") AS t(b, c, a)");
    eddy_stream *s = eddy_tenv_to_datastream(tenv, t);
    ASSERT_TEXT(sorted_lines(collect_stream(s)),
                "+I[12, +I[false, hello], {world=2.0}]\n+I[null, +I[false, null], {world=1.0}]\n");
    teardown();
}

/* testFromAndToDataStreamWithPojo: a struct with a nested struct. */
typedef struct ImmutablePojo {
    double d;
    bool d_null;
    bool b;
    bool b_null;
} ImmutablePojo;

typedef struct ComplexPojo {
    int32_t c;
    const char *a;
    const ImmutablePojo *p;
} ComplexPojo;

TEST(from_and_to_datastream_with_pojo) {
    setup();
    eddy_field inner[] = {EDDY_FIELD_NULLABLE(ImmutablePojo, d, "DOUBLE", d_null),
                          EDDY_FIELD_NULLABLE(ImmutablePojo, b, "BOOLEAN", b_null)};
    const eddy_type *inner_t = eddy_type_struct(env, "ImmutablePojo", sizeof(ImmutablePojo), inner, 2);
    eddy_field outer[] = {EDDY_FIELD(ComplexPojo, c, "INT NOT NULL"), EDDY_FIELD(ComplexPojo, a, "STRING"),
                          EDDY_FIELD_STRUCT(ComplexPojo, p, inner_t)};
    const eddy_type *outer_t = eddy_type_struct(env, "ComplexPojo", sizeof(ComplexPojo), outer, 3);
    ImmutablePojo ip = {42.0, false, false, true};
    ComplexPojo in[] = {{42, "hello", &ip}, {42, NULL, NULL}};
    eddy_stream *ds = eddy_from_structs(env, outer_t, in, 2);

    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column(sc, "c", "INT");
    eddy_schema_column(sc, "a", "STRING");
    eddy_schema_column_typed(sc, "p", inner_t);
    eddy_table *t = eddy_tenv_from_datastream(tenv, ds, sc);
    ASSERT_STR_EQ(eddy_table_schema_string(t),
                  "(\n  `c` INT, \n  `a` STRING, \n  `p` *ImmutablePojo<`d` DOUBLE,`b` BOOLEAN>*\n)");
    eddy_tenv_create_temporary_view(tenv, "t", t);
    eddy_table *q = eddy_tenv_sql_query(tenv, "SELECT p, p.d, p.b FROM t");
    ASSERT_TEXT(sorted_lines(iter_lines(eddy_result_collect(eddy_table_execute(q)))),
                "+I[ImmutablePojo(d=42.0, b=null), 42.0, null]\n+I[null, null, null]\n");

    /* back to structs: the same values come out */
    eddy_stream *back = eddy_tenv_to_datastream_as(tenv, t, outer_t);
    eddy_iter *it = eddy_stream_execute_and_collect(back);
    const eddy_row *row;
    int seen = 0, hello = 0, nulls = 0;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        ComplexPojo out;
        ASSERT_EQ_INT(eddy_row_get_struct(row, outer_t, &out), EDDY_OK);
        ASSERT_EQ_INT(out.c, 42);
        if (out.a) {
            ASSERT_STR_EQ(out.a, "hello");
            ASSERT_TRUE(out.p != NULL);
            ASSERT_EQ_DBL(out.p->d, 42.0);
            ASSERT_FALSE(out.p->d_null);
            ASSERT_TRUE(out.p->b_null);
            hello++;
        } else {
            ASSERT_TRUE(out.p == NULL);
            nulls++;
        }
        seen++;
    }
    eddy_iter_free(it);
    ASSERT_EQ_INT(seen, 2);
    ASSERT_EQ_INT(hello, 1);
    ASSERT_EQ_INT(nulls, 1);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    teardown();
}

/* testFromAndToDataStreamWithRaw: Tuple2<DayOfWeek, ZoneOffset>. */
typedef enum DayOfWeek { MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY } DayOfWeek;
typedef struct ZoneOffset {
    int32_t seconds;
} ZoneOffset;
typedef struct Tuple2 {
    DayOfWeek f0;
    ZoneOffset f1;
} Tuple2;

static int day_str(void *ctx, const void *o, char *buf, size_t cap) {
    (void)ctx;
    static const char *names[] = {"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"};
    return snprintf(buf, cap, "%s", names[*(const DayOfWeek *)o]);
}

static int zone_str(void *ctx, const void *o, char *buf, size_t cap) {
    (void)ctx;
    int s = ((const ZoneOffset *)o)->seconds;
    if (s == 0) return snprintf(buf, cap, "Z");
    return snprintf(buf, cap, "%c%02d:%02d", s < 0 ? '-' : '+', abs(s) / 3600, abs(s) % 3600 / 60);
}

TEST(from_and_to_datastream_with_raw) {
    setup();
    eddy_raw_ops dops = {.abi_version = EDDY_RAW_OPS_VERSION, .size = sizeof(DayOfWeek), .to_string = day_str};
    eddy_raw_ops zops = {.abi_version = EDDY_RAW_OPS_VERSION, .size = sizeof(ZoneOffset), .to_string = zone_str};
    const eddy_type *day_t = eddy_type_raw(env, "java.time.DayOfWeek", &dops);
    const eddy_type *zone_t = eddy_type_raw(env, "java.time.ZoneOffset", &zops);
    eddy_field f[] = {EDDY_FIELD_STRUCT(Tuple2, f0, day_t), EDDY_FIELD_STRUCT(Tuple2, f1, zone_t)};
    const eddy_type *tuple_t = eddy_type_struct(env, "Tuple2", sizeof(Tuple2), f, 2);
    Tuple2 in[] = {{MONDAY, {0}}, {FRIDAY, {5 * 3600}}};
    eddy_stream *ds = eddy_from_structs(env, tuple_t, in, 2);
    eddy_table *t = eddy_tenv_from_datastream(tenv, ds, NULL);
    ASSERT_STR_EQ(eddy_table_schema_string(t),
                  "(\n  `f0` RAW('java.time.DayOfWeek', '...'), \n  `f1` RAW('java.time.ZoneOffset', '...')\n)");
    ASSERT_TEXT(sorted_lines(iter_lines(eddy_result_collect(eddy_table_execute(t)))),
                "+I[FRIDAY, +05:00]\n+I[MONDAY, Z]\n");
    eddy_iter *it = eddy_stream_execute_and_collect(eddy_tenv_to_datastream_as(tenv, t, tuple_t));
    const eddy_row *row;
    int mask = 0;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        Tuple2 out;
        ASSERT_EQ_INT(eddy_row_get_struct(row, tuple_t, &out), EDDY_OK);
        if (out.f0 == MONDAY && out.f1.seconds == 0) mask |= 1;
        if (out.f0 == FRIDAY && out.f1.seconds == 5 * 3600) mask |= 2;
    }
    eddy_iter_free(it);
    ASSERT_EQ_INT(mask, 3);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    teardown();
}

/* toDataStream(table, User.class): columns mapped by name into the struct,
 * reordered, with implicit casts (INT -> BIGINT). */
typedef struct Person {
    int64_t age;
    const char *name;
} Person;

TEST(to_datastream_struct_by_name) {
    setup();
    eddy_field f[] = {EDDY_FIELD(Person, age, "BIGINT"), EDDY_FIELD(Person, name, "STRING")};
    const eddy_type *pt = eddy_type_struct(env, "Person", sizeof(Person), f, 2);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT * FROM (VALUES ('john', 35), ('sarah', 32)) AS t(name, age)");
    eddy_stream *s = eddy_tenv_to_datastream_as(tenv, t, pt);
    ASSERT_TEXT(sorted_lines(collect_stream(s)), "Person(age=32, name=sarah)\nPerson(age=35, name=john)\n");
    teardown();
}

TEST(to_append_stream_is_an_alias) {
    setup();
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT * FROM (VALUES ('john', 35), ('sarah', 32)) AS t(name, age)");
    ASSERT_TEXT(sorted_lines(collect_stream(eddy_tenv_to_append_stream(tenv, t))), "+I[john, 35]\n+I[sarah, 32]\n");
    teardown();
}

int main(void) {
    RUN(from_datastream_atomic);
    RUN(to_datastream_atomic);
    RUN(from_datastream_with_row);
    RUN(to_datastream_with_row);
    RUN(from_and_to_datastream_with_pojo);
    RUN(from_and_to_datastream_with_raw);
    RUN(to_datastream_struct_by_name);
    RUN(to_append_stream_is_an_alias);
    return test_report();
}
