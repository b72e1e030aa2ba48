/*
 * seed_insert_only -- the first example of the "DataStream API Integration"
 * page: a DataStream of names becomes a table, is queried with SQL and goes
 * back to a DataStream that is printed.
 *
 * Flink's documentation shows the output of a run at parallelism 1 (a
 * multi-core run prefixes each line with its subtask, "1> +I[ALICE]"), so
 * the example sets parallelism 1. The documentation prints +I[Alice]: that
 * is a known mistake, UPPER gives +I[ALICE].
 */
#include <eddy.h>
#include <stdio.h>

int main(void) {
    /* create environments of both APIs */
    eddy_env *env = eddy_env_new(NULL);
    eddy_env_set_parallelism(env, 1);
    eddy_tenv *tenv = eddy_tenv_new(env);

    /* create a DataStream */
    const char *names[] = {"Alice", "Bob", "John"};
    eddy_stream *ds = eddy_from_strings(env, names, 3);

    /* interpret the insert-only DataStream as a Table */
    eddy_table *input = eddy_tenv_from_datastream(tenv, ds, NULL);

    /* register the Table object as a view and query it */
    eddy_tenv_create_temporary_view(tenv, "InputTable", input);
    eddy_table *result = eddy_tenv_sql_query(tenv, "SELECT UPPER(f0) FROM InputTable");

    /* interpret the insert-only Table as a DataStream again */
    eddy_stream *out = eddy_tenv_to_datastream(tenv, result);

    /* add a printing sink and execute in DataStream API */
    eddy_stream_print(out);
    if (eddy_env_execute(env, "insert-only") != EDDY_OK) {
        fprintf(stderr, "error: %s\n", eddy_env_errmsg(env));
        eddy_env_free(env);
        return 1;
    }
    eddy_env_free(env);
    return 0;
}
