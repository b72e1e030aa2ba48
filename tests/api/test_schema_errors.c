/*
 * test_schema_errors.c -- every bridge mistake of reference section 5 that
 * insert-only streams can make, with Flink's exact messages: schema
 * declarations that do not fit the stream, bad watermarks, primary keys,
 * duplicate columns, records of the wrong kind or without timestamps at run
 * time, and target types that do not fit toDataStream.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;
static eddy_stream *users; /* ROW<name STRING, score INT> */

static void setup(void) {
    env = new_env(1);
    tenv = eddy_tenv_new(env);
    users = eddy_from_values(env, "ROW<name STRING, score INT>", "('Alice', 4), ('Bob', 6)");
}

static eddy_table *from(eddy_schema *s) { return eddy_tenv_from_datastream(tenv, users, s); }

TEST(unknown_physical_field) {
    setup();
    eddy_schema *s = eddy_schema_column(eddy_schema_new(env), "x", "INT");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Unable to find a field named 'x' in the physical data type derived from the given type "
                     "information for schema declaration. Make sure that the type information is not a generic raw "
                     "type. Currently available fields are: [name, score]");
    /* an atomic stream offers f0 only */
    eddy_stream *ints = eddy_from_values(env, "INT NOT NULL", "1");
    ASSERT_TRUE(eddy_tenv_from_datastream(tenv, ints, eddy_schema_column(eddy_schema_new(env), "v", "INT")) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Currently available fields are: [f0]");
    eddy_env_free(env);
}

TEST(watermark_errors) {
    setup();
    eddy_schema *s = eddy_schema_watermark(eddy_schema_new(env), "ts", "ts - INTERVAL '1' SECOND");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Invalid column name 'ts' for rowtime attribute in watermark declaration. Available columns are: "
                     "[name, score]");
    s = eddy_schema_watermark(eddy_schema_new(env), "score", "score");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) "
                     "or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is INT");
    s = eddy_schema_new(env);
    eddy_schema_column_by_expression(s, "ts", "CAST('2021-01-01 00:00:00' AS TIMESTAMP(9))");
    eddy_schema_watermark(s, "ts", "ts");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "but the time field type is TIMESTAMP(9)");
    s = eddy_schema_new(env);
    eddy_schema_column_by_expression(s, "ts", "CAST('2021-01-01 00:00:00' AS TIMESTAMP(3))");
    eddy_schema_watermark(s, "ts", "score");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Invalid data type of expression for watermark definition. The field must be of type TIMESTAMP(p) "
                     "or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the watermark expression "
                     "type is INT");
    s = eddy_schema_new(env);
    eddy_schema_column_by_expression(s, "ts", "CAST('2021-01-01 00:00:00' AS TIMESTAMP(3))");
    eddy_schema_watermark(s, "ts", "CAST(ts AS TIMESTAMP_LTZ(3))");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "The watermark declaration's output data type 'TIMESTAMP_LTZ(3) NOT NULL' is different from the "
                     "time field's data type 'TIMESTAMP(3) NOT NULL'.");
    s = eddy_schema_new(env);
    eddy_schema_column_by_expression(s, "pt", "PROCTIME()");
    eddy_schema_watermark(s, "pt", "pt");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "A watermark can not be defined for a processing-time attribute.");
    s = eddy_schema_new(env);
    eddy_schema_column_by_metadata(s, "rt", "TIMESTAMP_LTZ(3)", "rowtime", false);
    eddy_schema_watermark(s, "rt", "SOURCE_WATERMARK()");
    eddy_schema_watermark(s, "rt", "rt");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Multiple watermark definitions are not supported yet.");
    s = eddy_schema_new(env);
    eddy_schema_column_by_metadata(s, "rt", "TIMESTAMP_LTZ(3)", "rowtime", false);
    eddy_schema_watermark(s, "rt", "rt - INTERVAL 'x' SECOND");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Invalid expression for watermark 'WATERMARK FOR `rt` AS rt - INTERVAL 'x' SECOND'.");
    eddy_env_free(env);
}

TEST(computed_and_metadata_errors) {
    setup();
    eddy_schema *s = eddy_schema_column_by_expression(eddy_schema_new(env), "c", "UPPER(nope)");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Invalid expression for computed column 'c'.\nCaused by: From line 1, column 7 to line 1, column "
                     "10: Column 'nope' not found in any table");
    s = eddy_schema_column_by_metadata(eddy_schema_new(env), "m", "STRING", "topic", false);
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Invalid metadata key 'topic' in column 'm'");
    s = eddy_schema_column_by_metadata(eddy_schema_new(env), "rowtime", "INT", NULL, false);
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Invalid data type for metadata column 'rowtime'.");
    s = eddy_schema_column(eddy_schema_new(env), "name", "NOT A TYPE");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_PARSE, "Unknown type 'NOT'");
    eddy_env_free(env);
}

TEST(duplicate_columns) {
    setup();
    eddy_schema *s = eddy_schema_column_by_expression(eddy_schema_new(env), "score", "1");
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Schema must not contain duplicate column names. Found duplicates: [score]");
    eddy_env_free(env);
}

TEST(primary_keys) {
    setup();
    ASSERT_TRUE(from(eddy_schema_primary_key(eddy_schema_new(env), "x", NULL)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Invalid primary key 'PK_x'. Column 'x' does not exist.");
    ASSERT_TRUE(from(eddy_schema_primary_key(eddy_schema_new(env), "name", "name", NULL)) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Invalid primary key 'PK_name_name'. A primary key must not contain duplicate columns. Found: [name]");
    eddy_schema *s = eddy_schema_new(env);
    eddy_schema_column(s, "name", "STRING");
    eddy_schema_column(s, "score", "INT");
    eddy_schema_primary_key(s, "name", NULL);
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Invalid primary key 'PK_name'. Column 'name' is nullable.");
    s = eddy_schema_column_by_expression(eddy_schema_new(env), "c", "score + 1");
    eddy_schema_primary_key(s, "c", NULL);
    ASSERT_TRUE(from(s) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Invalid primary key 'PK_c'. Column 'c' is not a physical column.");
    /* a derived column becomes NOT NULL for its key */
    eddy_table *t = from(eddy_schema_primary_key_named(eddy_schema_new(env), "pk", "name", NULL));
    ASSERT_STR_EQ(eddy_table_schema_string(t),
                  "(\n  `name` STRING NOT NULL, \n  `score` INT, \n  CONSTRAINT `pk` PRIMARY KEY (`name`) NOT ENFORCED\n)");
    eddy_env_free(env);
}

TEST(runtime_conversion_errors) {
    setup();
    /* only inserts may enter fromDataStream */
    eddy_stream *changes = eddy_from_values(env, "ROW<name STRING, score INT>", "+I('Alice', 12), -U('Alice', 12)");
    eddy_table *t = eddy_tenv_from_datastream(tenv, changes, NULL);
    ASSERT_TEXT(iter_lines(eddy_result_collect(eddy_table_execute(t))),
                "ERROR: Error during input conversion. Conversion expects insert-only records but DataStream API "
                "record contains: UPDATE_BEFORE");
    /* rowtime metadata needs record timestamps */
    eddy_schema *s = eddy_schema_column_by_metadata(eddy_schema_new(env), "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    ASSERT_TEXT(iter_lines(eddy_result_collect(eddy_table_execute(from(s)))),
                "ERROR: Could not find timestamp in DataStream API record. Make sure that timestamps have been "
                "assigned before and the event-time characteristic is enabled.");
    eddy_env_free(env);
}

typedef struct Target {
    int32_t age;
    const char *name;
    int64_t cnt;
} Target;

TEST(sink_type_mismatch) {
    setup();
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT * FROM (VALUES ('a', 1, CAST(2 AS BIGINT))) AS v(name, age, cnt)");
    eddy_field f[] = {EDDY_FIELD(Target, age, "INT"), EDDY_FIELD(Target, name, "STRING"), EDDY_FIELD(Target, cnt, "BIGINT")};
    /* same names, another order: mapped by name */
    const eddy_type *ok = eddy_type_struct(env, "Target", sizeof(Target), f, 3);
    ASSERT_TRUE(eddy_tenv_to_datastream_as(tenv, t, ok) != NULL);
    /* positional with incompatible types */
    const eddy_type *row = eddy_type_parse(env, "ROW<age INT, name STRING, cnt BIGINT>");
    ASSERT_TRUE(eddy_tenv_to_datastream_as(tenv, t, row) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Column types of query result and sink for '*anonymous_datastream_sink$2*' do not match.\n"
                     "Cause: Incompatible types for sink column 'age' at position 0.\n\n"
                     "Query schema: [name: CHAR(1) NOT NULL, age: INT NOT NULL, cnt: BIGINT NOT NULL]\n"
                     "Sink schema:  [age: INT, name: STRING, cnt: BIGINT]");
    ASSERT_TRUE(eddy_tenv_to_datastream_as(tenv, t, eddy_type_parse(env, "INT")) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Cause: Different number of columns.");
    eddy_env_free(env);
}

int main(void) {
    RUN(unknown_physical_field);
    RUN(watermark_errors);
    RUN(computed_and_metadata_errors);
    RUN(duplicate_columns);
    RUN(primary_keys);
    RUN(runtime_conversion_errors);
    RUN(sink_type_mismatch);
    return test_report();
}
