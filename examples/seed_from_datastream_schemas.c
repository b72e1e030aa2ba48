/*
 * seed_from_datastream_schemas -- the five fromDataStream examples of the
 * "DataStream API Integration" page: a stream of User records (a C struct,
 * Flink's POJO) turned into tables with schemas derived automatically,
 * enriched with computed and metadata columns and watermarks, or declared.
 *
 * The documentation's output has two known mistakes that this example does
 * not repeat: example 2 shows `score` INT NOT NULL (an Integer field is
 * nullable: INT) and example 5 shows `name` VARCHAR(200) for a column
 * declared STRING.
 */
#include <eddy.h>
#include <stdio.h>

typedef struct User {
    const char *name;
    int32_t score;
    eddy_timestamp event_time;
} User;

int main(void) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *tenv = eddy_tenv_new(env);

    eddy_field fields[] = {
        EDDY_FIELD(User, name, "STRING"),
        EDDY_FIELD(User, score, "INT"),
        EDDY_FIELD(User, event_time, "TIMESTAMP_LTZ(9)"),
    };
    const eddy_type *user_type = eddy_type_struct(env, "User", sizeof(User), fields, 3);
    User users[] = {{"Alice", 4, {1000, 0}}, {"Bob", 6, {1001, 0}}, {"Alice", 10, {1002, 0}}};
    eddy_stream *ds = eddy_from_structs(env, user_type, users, 3);

    /* === EXAMPLE 1 === derive all physical columns automatically */
    eddy_table_print_schema(eddy_tenv_from_datastream(tenv, ds, NULL), stdout);

    /* === EXAMPLE 2 === ... and add a computed proctime attribute column */
    eddy_schema *s2 = eddy_schema_new(env);
    eddy_schema_column_by_expression(s2, "proc_time", "PROCTIME()");
    eddy_table_print_schema(eddy_tenv_from_datastream(tenv, ds, s2), stdout);

    /* === EXAMPLE 3 === ... a computed rowtime column and a watermark */
    eddy_schema *s3 = eddy_schema_new(env);
    eddy_schema_column_by_expression(s3, "rowtime", "CAST(event_time AS TIMESTAMP_LTZ(3))");
    eddy_schema_watermark(s3, "rowtime", "rowtime - INTERVAL '10' SECOND");
    eddy_table_print_schema(eddy_tenv_from_datastream(tenv, ds, s3), stdout);

    /* === EXAMPLE 4 === ... the stream record's timestamp as rowtime, and
     * the DataStream's own watermarks */
    eddy_schema *s4 = eddy_schema_new(env);
    eddy_schema_column_by_metadata(s4, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_watermark(s4, "rowtime", "SOURCE_WATERMARK()");
    eddy_table_print_schema(eddy_tenv_from_datastream(tenv, ds, s4), stdout);

    /* === EXAMPLE 5 === declare the physical columns: precision 9 -> 3, and
     * event_time first (the reordering projection hides the watermark) */
    eddy_schema *s5 = eddy_schema_new(env);
    eddy_schema_column(s5, "event_time", "TIMESTAMP_LTZ(3)");
    eddy_schema_column(s5, "name", "STRING");
    eddy_schema_column(s5, "score", "INT");
    eddy_schema_watermark(s5, "event_time", "SOURCE_WATERMARK()");
    eddy_table_print_schema(eddy_tenv_from_datastream(tenv, ds, s5), stdout);

    int rc = 0;
    if (eddy_env_errcode(env) != EDDY_OK) {
        fprintf(stderr, "error: %s\n", eddy_env_errmsg(env));
        rc = 1;
    }
    eddy_env_free(env);
    return rc;
}
