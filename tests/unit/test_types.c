/*
 * test_types.c -- type strings parse and print back as Flink prints them;
 * the relations between types (implicit casts, common types).
 */
#include "test.h"
#include "types/types.h"

static Arena arena;

static const char *roundtrip(const char *s) {
    static char out[512];
    EdErr err = {0};
    const Type *t = NULL;
    if (eddy__type_parse(&arena, s, strlen(s), NULL, &t, &err) != EDDY_OK) {
        snprintf(out, sizeof out, "ERROR: %s", err.msg);
        eddy__err_clear(&err);
        return out;
    }
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, t);
    snprintf(out, sizeof out, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return out;
}

TEST(parses_and_prints_atomic_types) {
    ASSERT_STR_EQ(roundtrip("INT"), "INT");
    ASSERT_STR_EQ(roundtrip("INT NOT NULL"), "INT NOT NULL");
    ASSERT_STR_EQ(roundtrip("integer"), "INT");
    ASSERT_STR_EQ(roundtrip("STRING"), "STRING");
    ASSERT_STR_EQ(roundtrip("VARCHAR(200)"), "VARCHAR(200)");
    ASSERT_STR_EQ(roundtrip("VARCHAR(2147483647)"), "STRING");
    ASSERT_STR_EQ(roundtrip("CHAR"), "CHAR(1)");
    ASSERT_STR_EQ(roundtrip("BYTES"), "BYTES");
    ASSERT_STR_EQ(roundtrip("BINARY(3)"), "BINARY(3)");
    ASSERT_STR_EQ(roundtrip("DECIMAL(10, 2)"), "DECIMAL(10, 2)");
    ASSERT_STR_EQ(roundtrip("DECIMAL"), "DECIMAL(10, 0)");
    ASSERT_STR_EQ(roundtrip("DECIMAL(38,18)"), "DECIMAL(38, 18)");
    ASSERT_STR_EQ(roundtrip("DOUBLE PRECISION"), "DOUBLE");
    ASSERT_STR_EQ(roundtrip("TIMESTAMP"), "TIMESTAMP(6)");
    ASSERT_STR_EQ(roundtrip("TIMESTAMP(3)"), "TIMESTAMP(3)");
    ASSERT_STR_EQ(roundtrip("TIMESTAMP(3) WITHOUT TIME ZONE"), "TIMESTAMP(3)");
    ASSERT_STR_EQ(roundtrip("TIMESTAMP_LTZ(3)"), "TIMESTAMP_LTZ(3)");
    ASSERT_STR_EQ(roundtrip("TIMESTAMP(9) WITH LOCAL TIME ZONE"), "TIMESTAMP_LTZ(9)");
    ASSERT_STR_EQ(roundtrip("TIME"), "TIME(0)");
    ASSERT_STR_EQ(roundtrip("DATE NOT NULL"), "DATE NOT NULL");
    ASSERT_STR_EQ(roundtrip("INTERVAL DAY TO SECOND(3)"), "INTERVAL DAY(2) TO SECOND(3)");
    ASSERT_STR_EQ(roundtrip("INTERVAL YEAR TO MONTH"), "INTERVAL YEAR(2) TO MONTH");
    ASSERT_STR_EQ(roundtrip("INTERVAL SECOND(3)"), "INTERVAL SECOND(3)");
    ASSERT_STR_EQ(roundtrip("INTERVAL HOUR TO MINUTE"), "INTERVAL HOUR TO MINUTE");
    ASSERT_STR_EQ(roundtrip("NULL"), "NULL");
}

TEST(parses_and_prints_nested_types) {
    ASSERT_STR_EQ(roundtrip("ROW<name STRING, score INT>"), "ROW<`name` STRING, `score` INT>");
    ASSERT_STR_EQ(roundtrip("ROW(a INT NOT NULL, `b c` BOOLEAN 'a note')"),
                  "ROW<`a` INT NOT NULL, `b c` BOOLEAN 'a note'>");
    ASSERT_STR_EQ(roundtrip("ARRAY<INT NOT NULL>"), "ARRAY<INT NOT NULL>");
    ASSERT_STR_EQ(roundtrip("INT ARRAY NOT NULL"), "ARRAY<INT> NOT NULL");
    ASSERT_STR_EQ(roundtrip("MAP<STRING, DOUBLE>"), "MAP<STRING, DOUBLE>");
    ASSERT_STR_EQ(roundtrip("MULTISET<STRING>"), "MULTISET<STRING>");
    ASSERT_STR_EQ(roundtrip("ROW<c ROW<BOOL1 BOOLEAN, f1 STRING>, a MAP<STRING, DOUBLE>> NOT NULL"),
                  "ROW<`c` ROW<`BOOL1` BOOLEAN, `f1` STRING>, `a` MAP<STRING, DOUBLE>> NOT NULL");
    ASSERT_STR_EQ(roundtrip("RAW('java.time.DayOfWeek', 'AAA')"), "RAW('java.time.DayOfWeek', '...')");
}

TEST(rejects_bad_types) {
    ASSERT_STR_CONTAINS(roundtrip("INTT"), "Unknown type 'INTT'");
    ASSERT_STR_CONTAINS(roundtrip("ROW<a INT"), "',' or '>' expected, but end of input found");
    ASSERT_STR_CONTAINS(roundtrip("DECIMAL(40, 2)"), "Decimal precision must be between 1 and 38");
    ASSERT_STR_CONTAINS(roundtrip("TIMESTAMP(10)"), "Timestamp precision must be between 0 and 9");
    ASSERT_STR_CONTAINS(roundtrip("INT INT"), "Unexpected token 'INT'");
    ASSERT_STR_CONTAINS(roundtrip("ROW<a INT, a STRING>"), "Field names must be unique. Found duplicates: [a]");
}

TEST(implicit_casts_and_common_types) {
    const Type *i = eddy__type_basic(TY_INT, true), *l = eddy__type_basic(TY_BIGINT, false);
    const Type *d = eddy__type_basic(TY_DOUBLE, true);
    ASSERT_TRUE(eddy__type_implicit_cast(i, l));
    ASSERT_FALSE(eddy__type_implicit_cast(l, i));
    ASSERT_TRUE(eddy__type_implicit_cast(l, d));
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, eddy__type_common(&arena, i, l));
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "BIGINT");
    b.len = 0;
    eddy__type_print(&b, eddy__type_common(&arena, i, eddy__type_decimal(&arena, 5, 2, false)));
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "DECIMAL(12, 2)");
    b.len = 0;
    eddy__type_print(&b, eddy__type_common(&arena, eddy__type_char(&arena, 3, false), eddy__type_char(&arena, 5, false)));
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "VARCHAR(5) NOT NULL");
    eddy__buf_free(&b);
}

int main(void) {
    eddy__arena_init(&arena, 0);
    RUN(parses_and_prints_atomic_types);
    RUN(parses_and_prints_nested_types);
    RUN(rejects_bad_types);
    RUN(implicit_casts_and_common_types);
    eddy__arena_destroy(&arena);
    return test_report();
}
