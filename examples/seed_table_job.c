/*
 * seed_table_job -- the end-to-end job of the Table API tutorial (seed 004):
 * a custom event-time source that emits page accesses with their timestamps
 * and, between them, watermarks (SourceContext.collectWithTimestamp /
 * emitWatermark); a table over it whose rowtime is the record timestamp and
 * whose watermarks are the source's (SOURCE_WATERMARK(), the seed's
 * PreserveWatermarks); a tumbling window of 2 minutes per region counting
 * the page views; and a CSV sink the result is inserted into. The seed's
 * CsvTableSink is gone from current Flink; its replacement, a filesystem
 * table in the csv format, takes its place. The program prints the sink's
 * path, as the seed's does, runs the job to its end and then prints what the
 * sink wrote (one part file: parallelism 1).
 *
 * STREAMING mode, parallelism 1. A window's rows come out when the
 * source's watermark passes its end, so the file holds the windows in time
 * order; the last window closes at the end of input.
 */
#include <dirent.h>
#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The seed's dataWithTimestampList: Left(timestamp, row) or Right(watermark). */
typedef struct Item {
    int64_t ts;           /* the record's timestamp, or the watermark */
    const char *region;   /* NULL: a watermark */
    const char *user_id;
} Item;

static const Item data[] = {
    {1510365660000, "ShangHai", "U0010"}, {1510365660000, NULL, NULL},
    {1510365660000, "BeiJing", "U1001"},  {1510365660000, NULL, NULL},
    {1510366200000, "BeiJing", "U2032"},  {1510366200000, NULL, NULL},
    {1510366260000, "BeiJing", "U1100"},  {1510366260000, NULL, NULL},
    {1510373400000, "ShangHai", "U0011"}, {1510373400000, NULL, NULL},
};

typedef struct Source {
    size_t next;
} Source;

/* MySourceFunction.run: the items in order, then the end of input. */
static eddy_status run_source(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    Source *src = ctx;
    for (; src->next < sizeof data / sizeof data[0]; src->next++) {
        const Item *it = &data[src->next];
        eddy_status st;
        if (!it->region) {
            st = eddy_source_emit_watermark(out, it->ts);
        } else if ((st = eddy_out_set_string(out, 0, it->region, strlen(it->region))) == EDDY_OK &&
                   (st = eddy_out_set_string(out, 1, it->user_id, strlen(it->user_id))) == EDDY_OK &&
                   (st = eddy_out_set_timestamp_ms(out, it->ts)) == EDDY_OK) {
            st = eddy_out_emit(out);
        }
        if (st != EDDY_OK) return st;
    }
    return EDDY_DONE;
}

/* Prints the lines of every file in dir (the sink's part files). */
static int print_files(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return perror(dir), 1;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue; /* in-progress files are hidden */
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        char line[1024];
        while (fgets(line, sizeof line, f)) fputs(line, stdout);
        fclose(f);
        remove(path);
    }
    closedir(d);
    return 0;
}

static int fail(eddy_env *env) {
    fprintf(stderr, "%s\n", eddy_env_errmsg(env));
    eddy_env_free(env);
    return 1;
}

int main(void) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_env_set_parallelism(env, 1);
    eddy_env_set_runtime_mode(env, EDDY_STREAMING);
    eddy_tenv *tenv = eddy_tenv_new(env);

    /* tEnv.registerTableSource("mySource", new MyTableSource): accessTime is
     * the record timestamp, the watermarks are the source's */
    Source *src = calloc(1, sizeof *src);
    if (!src) return 1;
    eddy_stream *s = eddy_from_source(env, "ROW<region STRING, userId STRING>", false, run_source, src, free);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "accessTime", "TIMESTAMP_LTZ(3)", "rowtime", false);
    eddy_schema_watermark(sc, "accessTime", "SOURCE_WATERMARK()");
    eddy_table *source = eddy_tenv_from_datastream(tenv, s, sc);
    if (!source || eddy_tenv_create_temporary_view(tenv, "mySource", source) != EDDY_OK) return fail(env);

    /* tEnv.registerTableSink("csvSink", getCsvTableSink): a fresh directory */
    char dir[] = "/tmp/csv_sink_XXXXXX";
    if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
    printf("Sink path : %s\n", dir);
    char ddl[512];
    snprintf(ddl, sizeof ddl,
             "CREATE TABLE csvSink (region STRING, winStart TIMESTAMP(3), winEnd TIMESTAMP(3), pv BIGINT) "
             "WITH ('connector' = 'filesystem', 'path' = '%s', 'format' = 'csv')",
             dir);
    if (!eddy_tenv_execute_sql(tenv, ddl)) return fail(env);

    /* tEnv.scan("mySource").window(Tumble.over(2.minute).on('accessTime) as 'w)
     *   .groupBy('w, 'region).select('region, 'w.start, 'w.end, 'region.count as 'pv)
     *   .insertInto("csvSink") */
    eddy_window *w = eddy_window_as(eddy_window_on(eddy_tumble_over(env, "2.minute"), "accessTime"), "w");
    eddy_table *result = eddy_grouped_table_select(
        eddy_windowed_table_group_by(eddy_table_window(eddy_tenv_from(tenv, "mySource"), w), "w, region"),
        "region, w.start, w.end, region.count as pv");
    eddy_result *r = eddy_table_execute_insert(result, "csvSink");
    if (!r || eddy_result_await(r) != EDDY_OK) return fail(env);

    int rc = print_files(dir);
    rmdir(dir);
    eddy_env_free(env);
    return rc;
}
