/*
 * test_event_time.c -- the event-time bridge cases of Flink's
 * DataStreamJavaITCase, reproduced in C with their inputs, schemas and
 * rows: a watermarked DataStream (monotonous timestamps from f0) into a
 * table with the rowtime metadata column and SOURCE_WATERMARK(), back into
 * a DataStream whose record timestamps carry the rowtime, and 5 ms event-time
 * tumbling windows over it (written here as a keyed process function with
 * event-time timers, as a window operator does it); the same through
 * fromChangelogStream / toChangelogStream with a computed column and a sink
 * schema mapped by position; and a TIMESTAMP(3) rowtime written into the
 * record timestamp as UTC whatever the session time zone. Parallelism 4,
 * rows compared as multisets, as in the Flink tests. The schemas are
 * asserted as printSchema prints them (the watermark as the SQL text,
 * "AS SOURCE_WATERMARK()"; the Flink test compares the serialized form
 * "`SOURCE_WATERMARK`()" instead).
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(void) {
    env = new_env(4);
    tenv = eddy_tenv_new(env);
}

static void teardown(void) { eddy_env_free(env); }

static eddy_status f0_as_ts(void *ctx, const eddy_row *in, int64_t record_ts, int64_t *out) {
    (void)ctx;
    (void)record_ts;
    return eddy_row_get_long(in, 0, out);
}

/* getWatermarkedDataStream(): Tuple3<Long, Integer, String> with
 * forMonotonousTimestamps() and f0 as the timestamp. */
static eddy_stream *watermarked_stream(void) {
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 BIGINT NOT NULL, f1 INT NOT NULL, f2 STRING>",
                                       "(1, 42, 'a'), (2, 5, 'a'), (3, 1000, 'c'), (100, 1000, 'c')");
    eddy_watermark_strategy *ws =
        eddy_watermark_with_timestamp_assigner(eddy_watermark_for_monotonous_timestamps(env), f0_as_ts, NULL, NULL);
    return eddy_stream_assign_timestamps_and_watermarks(ds, ws);
}

/* keyBy(field).window(TumblingEventTimeWindows.of(5 ms)).apply(sum of
 * `sum_field`): per key a map window start -> sum, a timer at each window's
 * last millisecond; late elements (their window's end behind the
 * watermark) are dropped as the window operator drops them. */
#define WINDOW_MS 5

static eddy_status window_element(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)out;
    int sum_field = eddy_row_field_index(in, (const char *)ctx);
    int64_t ts;
    if (!eddy_keyed_ctx_timestamp(kc, &ts)) return eddy_out_error(out, "the record has no timestamp");
    int64_t start = ts - ((ts % WINDOW_MS) + WINDOW_MS) % WINDOW_MS;
    if (start + WINDOW_MS - 1 <= eddy_keyed_ctx_current_watermark(kc)) return EDDY_OK;
    int32_t v;
    eddy_status rc = eddy_row_get_int(in, (size_t)sum_field, &v);
    if (rc) return rc;
    eddy_map_state *sums = eddy_keyed_ctx_map_state(kc, "sums", "BIGINT", "INT");
    eddy_out_set_long(eddy_map_state_key(sums), 0, start);
    const eddy_row *cur;
    if ((rc = eddy_map_state_get(sums, &cur))) return rc;
    int32_t sum = 0;
    if (cur) eddy_row_get_int(cur, 0, &sum);
    eddy_out_set_int(eddy_map_state_value(sums), 0, sum + v);
    if ((rc = eddy_map_state_put(sums))) return rc;
    return eddy_keyed_ctx_register_event_timer(kc, start + WINDOW_MS - 1);
}

static eddy_status window_fire(void *ctx, eddy_keyed_ctx *kc, int64_t ts, eddy_out *out) {
    (void)ctx;
    eddy_map_state *sums = eddy_keyed_ctx_map_state(kc, "sums", "BIGINT", "INT");
    eddy_out_set_long(eddy_map_state_key(sums), 0, ts - (WINDOW_MS - 1));
    const eddy_row *cur;
    eddy_status rc = eddy_map_state_get(sums, &cur);
    if (rc || !cur) return rc;
    if ((rc = eddy_out_copy_field(out, 0, eddy_keyed_ctx_current_key(kc), 0))) return rc;
    if ((rc = eddy_out_copy_field(out, 1, cur, 0))) return rc;
    if ((rc = eddy_out_emit(out))) return rc;
    return eddy_map_state_remove(sums);
}

static const eddy_keyed_process_fn tumbling_sum = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, window_element, window_fire,
                                                   NULL};

static char *window_sums(eddy_stream *s, const char *key, const char *sum_field) {
    eddy_keyed_stream *ks = eddy_stream_key_by(s, key);
    return sorted_lines(
        collect_stream(eddy_keyed_process(ks, &tumbling_sum, "ROW<f0 STRING, f1 INT>", (void *)sum_field, NULL)));
}

TEST(from_and_to_datastream_event_time) {
    setup();
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    eddy_table *table = eddy_tenv_from_datastream(tenv, watermarked_stream(), sc);
    ASSERT_STR_EQ(eddy_table_schema_string(table), "(\n"
                                                   "  `f0` BIGINT NOT NULL, \n"
                                                   "  `f1` INT NOT NULL, \n"
                                                   "  `f2` STRING, \n"
                                                   "  `rowtime` TIMESTAMP_LTZ(3) *ROWTIME* METADATA, \n"
                                                   "  WATERMARK FOR `rowtime`: TIMESTAMP_LTZ(3) AS SOURCE_WATERMARK()\n"
                                                   ")");
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view(tenv, "t", table), EDDY_OK);
    /* the rowtime is the record timestamp; its watermarks came along */
    ASSERT_TEXT(sorted_lines(sql_query_lines(tenv, "SELECT f0, f2, rowtime FROM t")),
                "+I[1, a, 1970-01-01T00:00:00.001Z]\n+I[100, c, 1970-01-01T00:00:00.100Z]\n"
                "+I[2, a, 1970-01-01T00:00:00.002Z]\n+I[3, c, 1970-01-01T00:00:00.003Z]\n");
    /* Flink's SQL half: a legacy group window over the rowtime that came
     * with the stream, its windows fired by the stream's watermarks */
    ASSERT_TEXT(sorted_lines(sql_query_lines(
                    tenv, "SELECT f2, SUM(f1) FROM t GROUP BY f2, TUMBLE(rowtime, INTERVAL '0.005' SECOND)")),
                "+I[a, 47]\n+I[c, 1000]\n+I[c, 1000]\n");
    ASSERT_TEXT(window_sums(eddy_tenv_to_datastream(tenv, table), "f2", "f1"),
                "+I[a, 47]\n+I[c, 1000]\n+I[c, 1000]\n");
    teardown();
}

/* map(t -> Row.ofKind(INSERT, t.f1, t.f2)) */
static eddy_status to_insert_row(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    eddy_status rc = eddy_out_copy_field(out, 0, in, 1);
    return rc ? rc : eddy_out_copy_field(out, 1, in, 2);
}

TEST(from_and_to_changelog_stream_event_time) {
    setup();
    eddy_stream *changelog = eddy_stream_map(watermarked_stream(), "ROW<f0 INT, f1 STRING>", to_insert_row, NULL, NULL);
    /* derive physical columns and add a rowtime */
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_column_by_expression(sc, "computed", "UPPER(f1)");
    eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    eddy_table *table = eddy_tenv_from_changelog_stream(tenv, changelog, sc, EDDY_CHANGELOG_ALL);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view(tenv, "t", table), EDDY_OK);
    /* access and reorder columns */
    eddy_table *reordered = eddy_tenv_sql_query(tenv, "SELECT computed, rowtime, f0 FROM t");
    ASSERT_STR_EQ(eddy_table_schema_string(reordered),
                  "(\n  `computed` STRING, \n  `rowtime` TIMESTAMP_LTZ(3) *ROWTIME*, \n  `f0` INT\n)");
    /* write out the rowtime column with a fully declared schema: physical
     * columns by position, the rowtime into the record timestamp */
    eddy_schema *out = eddy_schema_new(env);
    eddy_schema_column(out, "f1", "STRING");
    eddy_schema_column_by_metadata(out, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_column_by_expression(out, "ignored", "UPPER(f1)");
    eddy_schema_column(out, "f0", "INT");
    eddy_stream *result = eddy_tenv_to_changelog_stream(tenv, reordered, out, EDDY_CHANGELOG_ALL);
    ASSERT_STR_EQ(eddy_type_string(eddy_stream_type(result)), "ROW<`f1` STRING, `f0` INT> NOT NULL");
    ASSERT_TEXT(window_sums(result, "f1", "f0"), "+I[A, 47]\n+I[C, 1000]\n+I[C, 1000]\n");
    teardown();
}

/* ProcessFunction: out.collect(ctx.timestamp()) */
static eddy_status collect_timestamp(void *ctx, eddy_process_ctx *pc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)in;
    int64_t ts;
    if (!eddy_process_ctx_timestamp(pc, &ts)) return eddy_out_error(out, "the record has no timestamp");
    eddy_status rc = eddy_out_set_long(out, 0, ts);
    return rc ? rc : eddy_out_emit(out);
}

static const eddy_process_fn timestamps = {EDDY_PROCESS_FN_VERSION, NULL, collect_timestamp, NULL};

TEST(to_datastream_custom_event_time) {
    setup();
    /* the session time zone has no effect on the conversion */
    ASSERT_EQ_INT(eddy_tenv_set_option(tenv, "table.local-time-zone", "Europe/Berlin"), EDDY_OK);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 TIMESTAMP(3), f1 STRING>",
                                       "(TIMESTAMP '1970-01-01 00:00:00.000', 'alice'), "
                                       "(TIMESTAMP '1970-01-01 01:00:00.000', 'bob')");
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column(sc, "f0", "TIMESTAMP(3)");
    eddy_schema_column(sc, "f1", "STRING");
    eddy_schema_watermark(sc, "f0", "SOURCE_WATERMARK()");
    eddy_table *table = eddy_tenv_from_datastream(tenv, ds, sc);
    ASSERT_STR_EQ(eddy_table_schema_string(table), "(\n"
                                                   "  `f0` TIMESTAMP(3) *ROWTIME*, \n"
                                                   "  `f1` STRING, \n"
                                                   "  WATERMARK FOR `f0`: TIMESTAMP(3) AS SOURCE_WATERMARK()\n"
                                                   ")");
    eddy_stream *rowtimes = eddy_stream_process(eddy_tenv_to_datastream(tenv, table), &timestamps, "BIGINT", NULL, NULL);
    ASSERT_TEXT(sorted_lines(collect_stream(rowtimes)), "0\n3600000\n");
    teardown();
}

/* ---- watermarks across the bridge ---- */

static eddy_status every_ts(void *state, const eddy_row *in, int64_t ts, eddy_watermark_output *out) {
    (void)state;
    (void)in;
    eddy_watermark_output_emit(out, ts);
    return EDDY_OK;
}

static const eddy_watermark_generator_fn punctuated = {EDDY_WATERMARK_GENERATOR_FN_VERSION, NULL, every_ts, NULL,
                                                       NULL};

/* a timer at f0 (the event time) */
static eddy_status timer_at_f0(void *ctx, eddy_keyed_ctx *kc, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    (void)out;
    int64_t ts;
    eddy_status rc = eddy_row_get_long(in, 0, &ts);
    return rc ? rc : eddy_keyed_ctx_register_event_timer(kc, ts);
}

static eddy_status timer_line(void *ctx, eddy_keyed_ctx *kc, int64_t ts, eddy_out *out) {
    (void)ctx;
    char line[64];
    int64_t wm = eddy_keyed_ctx_current_watermark(kc);
    if (wm == INT64_MAX) snprintf(line, sizeof line, "timer %lld wm=MAX", (long long)ts);
    else snprintf(line, sizeof line, "timer %lld wm=%lld", (long long)ts, (long long)wm);
    eddy_status rc = eddy_out_set_string(out, 0, line, strlen(line));
    return rc ? rc : eddy_out_emit(out);
}

static const eddy_keyed_process_fn timers = {EDDY_KEYED_PROCESS_FN_VERSION, NULL, timer_at_f0, timer_line, NULL};

/* A punctuated watermark per record at parallelism 1, through
 * fromDataStream and toDataStream: with SOURCE_WATERMARK() each timer fires
 * at the watermark its record brought; without a watermark declaration the
 * table drops the stream's watermarks, and everything fires at the end. */
static eddy_table *punctuated_table(bool source_watermark) {
    env = new_env(1);
    tenv = eddy_tenv_new(env);
    eddy_stream *ds = eddy_from_values(env, "ROW<f0 BIGINT NOT NULL, f1 INT NOT NULL, f2 STRING>",
                                       "(1, 42, 'a'), (2, 5, 'a'), (3, 1000, 'c'), (100, 1000, 'c')");
    eddy_watermark_strategy *ws = eddy_watermark_with_timestamp_assigner(
        eddy_watermark_for_generator(env, &punctuated, NULL, NULL), f0_as_ts, NULL, NULL);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    if (source_watermark) eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    return eddy_tenv_from_datastream(tenv, eddy_stream_assign_timestamps_and_watermarks(ds, ws), sc);
}

static char *bridged_timers(bool source_watermark) {
    eddy_table *table = punctuated_table(source_watermark);
    eddy_stream *back = eddy_tenv_to_datastream(tenv, table);
    char *text = collect_stream(eddy_keyed_process(eddy_stream_key_by(back, "f2"), &timers, "STRING", NULL, NULL));
    teardown();
    return text;
}

TEST(source_watermarks_cross_the_bridge) {
    ASSERT_TEXT(bridged_timers(true), "timer 1 wm=1\ntimer 2 wm=2\ntimer 3 wm=3\ntimer 100 wm=100\n");
    ASSERT_TEXT(bridged_timers(false), "timer 1 wm=MAX\ntimer 2 wm=MAX\ntimer 3 wm=MAX\ntimer 100 wm=MAX\n");
}

/* CURRENT_WATERMARK(rowtime) in a query over the stream: each row sees the
 * watermark of the rows before it (the assigner emits a record, then the
 * watermark it brings), NULL before the first one. A column that is not a
 * rowtime attribute is an invalid call. */
TEST(current_watermark_is_the_watermark_seen_so_far) {
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view(tenv, "t", punctuated_table(true)), EDDY_OK);
    ASSERT_TEXT(sql_query_lines(tenv, "SELECT f0, CURRENT_WATERMARK(rowtime) FROM t"),
                "+I[1, null]\n+I[2, 1970-01-01T00:00:00.001Z]\n+I[3, 1970-01-01T00:00:00.002Z]\n"
                "+I[100, 1970-01-01T00:00:00.003Z]\n");
    /* Flink's late-data filter keeps the rows at or after the watermark */
    ASSERT_TEXT(sql_query_lines(tenv, "SELECT f0 FROM t WHERE CURRENT_WATERMARK(rowtime) IS NULL "
                                      "OR rowtime > CURRENT_WATERMARK(rowtime)"),
                "+I[1]\n+I[2]\n+I[3]\n+I[100]\n");
    eddy_table *bad = eddy_tenv_sql_query(tenv, "SELECT CURRENT_WATERMARK(f0) FROM t");
    ASSERT_TRUE(bad == NULL);
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env), "Invalid function call:\nCURRENT_WATERMARK(BIGINT NOT NULL)");
    teardown();
}

int main(void) {
    RUN(from_and_to_datastream_event_time);
    RUN(from_and_to_changelog_stream_event_time);
    RUN(to_datastream_custom_event_time);
    RUN(source_watermarks_cross_the_bridge);
    RUN(current_watermark_is_the_watermark_seen_so_far);
    return test_report();
}
