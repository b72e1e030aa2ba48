/*
 * seed_changelog_sum -- the updating table of the bridge seed (seed 000,
 * "Examples for toChangelogStream"): a SUM per name over an insert-only
 * stream, whose second score for Alice retracts her first result.
 *
 *   fromElements(Row.of("Alice", 12), Row.of("Bob", 10), Row.of("Alice", 100))
 *   fromDataStream(dataStream).as("name", "score")
 *   SELECT name, SUM(score) FROM InputTable GROUP BY name
 *
 * STREAMING (the default) prints the changelog as the seed does:
 *   +I[Alice, 12]  +I[Bob, 10]  -U[Alice, 12]  +U[Alice, 112]
 * The rows are printed one Row.toString per change, which is what
 * toChangelogStream(...).print() shows at parallelism 1. With --batch the
 * same pipeline runs in BATCH mode, where the seed prints the final table:
 *   +I[Bob, 10]  +I[Alice, 112]
 */
#include <eddy.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    bool batch = argc > 1 && !strcmp(argv[1], "--batch");
    eddy_env *env = eddy_env_new(NULL);
    eddy_env_set_parallelism(env, 1);
    eddy_env_set_runtime_mode(env, batch ? EDDY_BATCH : EDDY_STREAMING);
    eddy_tenv *tenv = eddy_tenv_new(env);
    /* DataStream<Row> dataStream = env.fromElements(...) */
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 STRING, f1 INT>", "('Alice', 12), ('Bob', 10), ('Alice', 100)");
    /* Table inputTable = tableEnv.fromDataStream(dataStream).as("name", "score") */
    eddy_table *in = eddy_table_as(eddy_tenv_from_datastream(tenv, ds, NULL), "name", "score", NULL);
    eddy_tenv_create_temporary_view(tenv, "InputTable", in);
    eddy_table *res = eddy_tenv_sql_query(tenv, "SELECT name, SUM(score) FROM InputTable GROUP BY name");
    /* resultStream.print(): one change per line */
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_CHANGELOG};
    eddy_result *r = res ? eddy_table_execute(res) : NULL;
    int rc = 0;
    if (!r || eddy_result_print_with(r, stdout, &o) != EDDY_OK) {
        printf("%s\n", eddy_env_errmsg(env));
        rc = 1;
    }
    eddy_env_free(env);
    return rc;
}
