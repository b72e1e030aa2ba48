/*
 * seed_unified_interval_join -- the "Changelog Unification" example of the
 * bridge seed (seed 000): an interval join in SQL over two DataStreams with
 * event time, then a KeyedProcessFunction with value state that keeps the
 * first name per key.
 *
 *   UserTable  (ts TIMESTAMP(3), uid INT, name STRING), WATERMARK ts - 1 s
 *   OrderTable (ts TIMESTAMP(3), uid INT, amount INT),  WATERMARK ts - 1 s
 *   SELECT U.name, O.amount FROM UserTable U, OrderTable O
 *   WHERE U.uid = O.uid AND O.ts BETWEEN U.ts AND U.ts + INTERVAL '5' MINUTES
 *
 * Time-based operations that take the watermark as the completeness marker
 * give an insert-only changelog whatever the runtime mode: STREAMING (the
 * default) runs an IntervalJoin, --batch plans it as a regular join with the
 * time predicate, and both print the same rows the seed prints:
 *   +I[Alice, 122]  +I[Bob, 239]  +I[Bob, 999]   and then   Alice  Bob
 * The joined stream is printed first, as a job of its own, then the
 * deduplicated names (Flink's two prints interleave as its tasks run). The
 * seed lists Bob's row first: its rows come from parallel subtasks, in no
 * guaranteed order (reference §1.3). At parallelism 1 a join emits a pair
 * when its second row arrives, and each input keeps its order: Alice's pair
 * (13:00 / 13:02) completes before Bob's (13:05 / 13:07) in either mode, so
 * the first name seen per key is Alice's, then Bob's.
 */
#include <eddy.h>
#include <stdio.h>
#include <string.h>

/* open: seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", String.class)) */
static eddy_status open_fn(void *ctx, eddy_keyed_ctx *kc) {
    (void)ctx;
    return eddy_keyed_ctx_value_state(kc, "seen", "STRING") ? EDDY_OK : EDDY_E_UDF;
}

/* processElement: if (seen.value() == null) { seen.update(name); out.collect(name); } */
static eddy_status process_element(void *ctx, eddy_keyed_ctx *kc, const eddy_row *row, eddy_out *out) {
    (void)ctx;
    eddy_value_state *seen = eddy_keyed_ctx_value_state(kc, "seen", "STRING");
    const eddy_row *value;
    eddy_status rc = eddy_value_state_value(seen, &value);
    if (rc || value != NULL) return rc;
    size_t name = (size_t)eddy_row_field_index(row, "name");
    if ((rc = eddy_value_state_update_from(seen, row, name))) return rc;
    if ((rc = eddy_out_copy_field(out, 0, row, name))) return rc;
    return eddy_out_emit(out);
}

/* Schema.newBuilder().column("ts", TIMESTAMP(3)).column("uid", INT).column(third, type)
 *     .watermark("ts", "ts - INTERVAL '1' SECOND").build() */
static eddy_schema *schema(eddy_env *env, const char *third, const char *type) {
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column(sc, "ts", "TIMESTAMP(3)");
    eddy_schema_column(sc, "uid", "INT");
    eddy_schema_column(sc, third, type);
    return eddy_schema_watermark(sc, "ts", "ts - INTERVAL '1' SECOND");
}

int main(int argc, char **argv) {
    bool batch = argc > 1 && !strcmp(argv[1], "--batch");
    eddy_env *env = eddy_env_new(NULL);
    eddy_env_set_parallelism(env, 1);
    /* env.setRuntimeMode(RuntimeExecutionMode.BATCH or STREAMING) */
    eddy_env_set_runtime_mode(env, batch ? EDDY_BATCH : EDDY_STREAMING);
    eddy_tenv *tenv = eddy_tenv_new(env);
    eddy_stream *users = eddy_from_values(env, "ROW<ts TIMESTAMP(3), uid INT, name STRING>",
                                          "(TIMESTAMP '2021-08-21 13:00:00', 1, 'Alice'), "
                                          "(TIMESTAMP '2021-08-21 13:05:00', 2, 'Bob'), "
                                          "(TIMESTAMP '2021-08-21 13:10:00', 2, 'Bob')");
    eddy_stream *orders = eddy_from_values(env, "ROW<ts TIMESTAMP(3), uid INT, amount INT>",
                                           "(TIMESTAMP '2021-08-21 13:02:00', 1, 122), "
                                           "(TIMESTAMP '2021-08-21 13:07:00', 2, 239), "
                                           "(TIMESTAMP '2021-08-21 13:11:00', 2, 999)");
    int ok = eddy_tenv_create_temporary_view_from_stream(tenv, "UserTable", users, schema(env, "name", "STRING")) ==
                 EDDY_OK &&
             eddy_tenv_create_temporary_view_from_stream(tenv, "OrderTable", orders, schema(env, "amount", "INT")) ==
                 EDDY_OK;
    /* perform interval join */
    eddy_table *joined = ok ? eddy_tenv_sql_query(tenv, "SELECT U.name, O.amount "
                                                        "FROM UserTable U, OrderTable O "
                                                        "WHERE U.uid = O.uid AND O.ts BETWEEN U.ts AND U.ts + INTERVAL '5' MINUTES")
                            : NULL;
    eddy_stream *joined_stream = joined ? eddy_tenv_to_datastream(tenv, joined) : NULL;
    ok = joined_stream && eddy_stream_print(joined_stream) == EDDY_OK && eddy_env_execute(env, "joined") == EDDY_OK;
    /* joinedStream.keyBy(r -> r.getFieldAs("name")).process(...).print() */
    const eddy_keyed_process_fn dedup = {EDDY_KEYED_PROCESS_FN_VERSION, open_fn, process_element, NULL, NULL};
    eddy_stream *names = ok ? eddy_keyed_process(eddy_stream_key_by(joined_stream, "name"), &dedup, "STRING", NULL, NULL) : NULL;
    ok = names && eddy_stream_print(names) == EDDY_OK && eddy_env_execute(env, "dedup") == EDDY_OK;
    if (!ok) printf("error: %s\n", eddy_env_errmsg(env));
    eddy_env_free(env);
    return ok ? 0 : 1;
}
