/*
 * seed_keyed_dedup -- the custom operator of the "Changelog Unification"
 * example (seed 000): a KeyedProcessFunction with value state that keeps the
 * first name per key, written in C.
 *
 * In the seed its input is the interval join of UserTable and OrderTable;
 * here the joined rows come from fromElements, in the order the join emits
 * them, and are printed first, as the seed prints joinedStream. The program
 * runs the pipeline in BATCH and then in STREAMING mode: both print
 *   +I[Bob, 239]  +I[Alice, 122]  +I[Bob, 999]   and then   Bob  Alice
 */
#include <eddy.h>
#include <stdio.h>

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

static int run(eddy_runtime_mode mode) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_env_set_parallelism(env, 1);
    eddy_env_set_runtime_mode(env, mode);
    eddy_stream *joined =
        eddy_from_values(env, "ROW<name STRING, amount INT>", "('Bob', 239), ('Alice', 122), ('Bob', 999)");
    eddy_stream_print(joined);
    int ok = eddy_env_execute(env, "joined") == EDDY_OK;
    /* joinedStream.keyBy(r -> r.getFieldAs("name")).process(...).print() */
    const eddy_keyed_process_fn dedup = {EDDY_KEYED_PROCESS_FN_VERSION, open_fn, process_element, NULL, NULL};
    eddy_stream_print(eddy_keyed_process(eddy_stream_key_by(joined, "name"), &dedup, "STRING", NULL, NULL));
    ok = ok && eddy_env_execute(env, "dedup") == EDDY_OK;
    if (!ok) fprintf(stderr, "error: %s\n", eddy_env_errmsg(env));
    eddy_env_free(env);
    return ok ? 0 : 1;
}

int main(void) {
    if (run(EDDY_BATCH)) return 1;
    return run(EDDY_STREAMING);
}
