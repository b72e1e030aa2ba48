/*
 * seed_datagen_batch -- the "Batch Runtime Mode" example of the DataStream
 * API Integration page: a bounded datagen table (TableDescriptor with
 * 'number-of-rows' = 10) becomes a DataStream, is keyed by uid and mapped to
 * "My custom operator: <payload>", and the result is collected.
 *
 * The payloads are random (datagen's default: 100 hex characters), so the
 * test compares the output with examples/seed_datagen_batch.pattern: ten
 * lines of the expected shape.
 */
#include <eddy.h>
#include <stdio.h>

/* r -> "My custom operator: " + r.getFieldAs("payload") */
static eddy_status custom_operator(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    const char *payload;
    size_t len;
    int i = eddy_row_field_index(in, "payload");
    if (i < 0 || eddy_row_get_string(in, (size_t)i, &payload, &len) != EDDY_OK)
        return eddy_out_error(out, "payload is missing");
    char buf[256];
    int n = snprintf(buf, sizeof buf, "My custom operator: %.*s", (int)len, payload);
    return eddy_out_set_string(out, 0, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

int main(void) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_env_set_runtime_mode(env, EDDY_BATCH);
    eddy_tenv *tenv = eddy_tenv_new(env);

    eddy_schema *schema = eddy_schema_new(env);
    eddy_schema_column(schema, "uid", "TINYINT");
    eddy_schema_column(schema, "payload", "STRING");
    eddy_table_descriptor *d = eddy_table_descriptor_for_connector(env, "datagen");
    eddy_table_descriptor_option(d, "number-of-rows", "10"); /* make the source bounded */
    eddy_table_descriptor_schema(d, schema);
    eddy_table *table = eddy_tenv_from_descriptor(tenv, d);

    /* convert the Table to a DataStream and further transform the pipeline */
    eddy_stream *rows = eddy_tenv_to_datastream(tenv, table);
    eddy_keyed_stream *keyed = eddy_stream_key_by(rows, "uid");
    eddy_stream *mapped = eddy_keyed_map(keyed, "STRING", custom_operator, NULL, NULL);
    eddy_iter *it = eddy_stream_execute_and_collect(mapped);
    if (!it) {
        fprintf(stderr, "error: %s\n", eddy_env_errmsg(env));
        eddy_env_free(env);
        return 1;
    }
    const eddy_row *row;
    eddy_status st;
    char line[512];
    while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
        eddy_row_field_to_string(row, 0, line, sizeof line);
        printf("%s\n", line);
    }
    int rc = st == EDDY_DONE ? 0 : 1;
    if (rc) fprintf(stderr, "error: %s\n", eddy_iter_errmsg(it));
    eddy_iter_free(it);
    eddy_env_free(env);
    return rc;
}
