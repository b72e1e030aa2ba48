/*
 * seed_create_temporary_view -- the createTemporaryView examples: a stream
 * of (BIGINT, STRING) tuples -- Tuple2<Long, String>, so f0 is NOT NULL and
 * f1 nullable -- registered as a view three ways, each schema printed.
 */
#include <eddy.h>
#include <stdio.h>

static int fail(eddy_env *env) {
    fprintf(stderr, "error: %s\n", eddy_env_errmsg(env));
    eddy_env_free(env);
    return 1;
}

int main(void) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *tenv = eddy_tenv_new(env);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 BIGINT NOT NULL, f1 STRING>", "(12, 'Alice'), (0, 'Bob')");

    /* === EXAMPLE 1 === register the DataStream as view "MyView" in the
     * current session; all columns are derived automatically */
    eddy_tenv_create_temporary_view_from_stream(tenv, "MyView", ds, NULL);
    eddy_table_print_schema(eddy_tenv_from(tenv, "MyView"), stdout);

    /* === EXAMPLE 2 === the same with a schema: declared columns are
     * nullable, so f0 loses its NOT NULL */
    eddy_schema *schema = eddy_schema_new(env);
    eddy_schema_column(schema, "f0", "BIGINT");
    eddy_schema_column(schema, "f1", "STRING");
    eddy_tenv_create_temporary_view_from_stream(tenv, "MyView2", ds, schema);
    eddy_table_print_schema(eddy_tenv_from(tenv, "MyView2"), stdout);

    /* === EXAMPLE 3 === rename the columns before creating the view */
    eddy_tenv_create_temporary_view(tenv, "MyView3",
                                    eddy_table_as(eddy_tenv_from_datastream(tenv, ds, NULL), "id", "name", NULL));
    eddy_table_print_schema(eddy_tenv_from(tenv, "MyView3"), stdout);

    if (eddy_env_errcode(env) != EDDY_OK) return fail(env);
    eddy_env_free(env);
    return 0;
}
