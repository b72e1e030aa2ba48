/*
 * test_over_window.c -- the Table API's over windows (seed 004): the
 * bounded ROWS window (max price of the current and the two preceding items
 * of a type) and the bounded RANGE window (the last two minutes), over the
 * tutorial's item stream, in STREAMING and in BATCH mode, with the schema
 * and plan; the over-window builder's errors; and an unbounded window with
 * the default bounds (UNBOUNDED_RANGE .. CURRENT_RANGE); late rows dropped
 * and counted where Flink drops them.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;
static eddy_table *item;

/* The tutorial's items, on sale from 10:01 on; onSellTime is the rowtime. */
static void setup(eddy_runtime_mode mode) {
    env = new_env(1);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_watermark(sc, "onSellTime", "onSellTime");
    item = eddy_tenv_from_datastream(
        tenv,
        eddy_from_values(env, "ROW<itemID STRING, itemType STRING, onSellTime TIMESTAMP(3), price INT>",
                         "('ITEM001', 'Electronic', TIMESTAMP '2017-11-11 10:01:00', 20), "
                         "('ITEM002', 'Electronic', TIMESTAMP '2017-11-11 10:02:00', 50), "
                         "('ITEM003', 'Electronic', TIMESTAMP '2017-11-11 10:03:00', 30), "
                         "('ITEM004', 'Electronic', TIMESTAMP '2017-11-11 10:03:00', 60), "
                         "('ITEM005', 'Electronic', TIMESTAMP '2017-11-11 10:05:00', 40), "
                         "('ITEM006', 'Electronic', TIMESTAMP '2017-11-11 10:06:00', 20), "
                         "('ITEM007', 'Electronic', TIMESTAMP '2017-11-11 10:07:00', 70), "
                         "('ITEM008', 'Clothes', TIMESTAMP '2017-11-11 10:08:00', 20)"),
        sc);
}

static char *rows(eddy_table *t) { return table_rows(env, t); }
static char *schema(eddy_table *t) { return table_schema(env, t); }

/* Over.partitionBy('itemType).orderBy('rowtime).preceding(p).following(f) as 'w */
static eddy_window *over(const char *preceding, const char *following) {
    return eddy_window_as(
        eddy_over_following(eddy_over_preceding(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "onSellTime"),
                                                preceding),
                            following),
        "w");
}

static eddy_table *max_price(eddy_window *w) {
    const eddy_window *ws[] = {w};
    return eddy_windowed_table_select(eddy_table_over_window(item, ws, 1),
                                      "itemID, itemType, onSellTime, price, price.max over w as maxPrice");
}

/* Each type's rows in time order, the types in either order (the two
 * partitions run apart); BATCH sorts by type, STREAMING fires by time. */
static const char ROWS_ELECTRONIC[] = "+I[ITEM001, Electronic, 2017-11-11T10:01, 20, 20]\n"
                                      "+I[ITEM002, Electronic, 2017-11-11T10:02, 50, 50]\n"
                                      "+I[ITEM003, Electronic, 2017-11-11T10:03, 30, 50]\n"
                                      "+I[ITEM004, Electronic, 2017-11-11T10:03, 60, 60]\n"
                                      "+I[ITEM005, Electronic, 2017-11-11T10:05, 40, 60]\n"
                                      "+I[ITEM006, Electronic, 2017-11-11T10:06, 20, 60]\n"
                                      "+I[ITEM007, Electronic, 2017-11-11T10:07, 70, 70]\n";
/* RANGE: the two items of 10:03 are peers, each sees the other */
static const char RANGE_ELECTRONIC[] = "+I[ITEM001, Electronic, 2017-11-11T10:01, 20, 20]\n"
                                       "+I[ITEM002, Electronic, 2017-11-11T10:02, 50, 50]\n"
                                       "+I[ITEM003, Electronic, 2017-11-11T10:03, 30, 60]\n"
                                       "+I[ITEM004, Electronic, 2017-11-11T10:03, 60, 60]\n"
                                       "+I[ITEM005, Electronic, 2017-11-11T10:05, 40, 60]\n"
                                       "+I[ITEM006, Electronic, 2017-11-11T10:06, 20, 40]\n"
                                       "+I[ITEM007, Electronic, 2017-11-11T10:07, 70, 70]\n";
static const char CLOTHES[] = "+I[ITEM008, Clothes, 2017-11-11T10:08, 20, 20]\n";

/* got is a then b, or b then a. */
static bool either_order(const char *got, const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (strlen(got) != la + lb) return false;
    return (!strncmp(got, a, la) && !strcmp(got + la, b)) || (!strncmp(got, b, lb) && !strcmp(got + lb, a));
}

static void check_both(eddy_runtime_mode mode) {
    setup(mode);
    eddy_table *t = max_price(over("2.rows", "CURRENT_ROW"));
    ASSERT_TEXT(schema(t), mode == EDDY_STREAMING
                               ? "(\n  `itemID` STRING, \n  `itemType` STRING, \n  `onSellTime` TIMESTAMP(3) *ROWTIME*, \n"
                                 "  `price` INT, \n  `maxPrice` INT\n)"
                               : "(\n  `itemID` STRING, \n  `itemType` STRING, \n  `onSellTime` TIMESTAMP(3), \n"
                                 "  `price` INT, \n  `maxPrice` INT\n)");
    char *got = rows(t);
    if (!either_order(got, ROWS_ELECTRONIC, CLOTHES)) {
        TEST_FAIL_HERE();
        fprintf(stderr, "got:\n%s", got);
    }
    free(got);
    got = rows(max_price(over("2.minutes", "CURRENT_RANGE")));
    if (!either_order(got, RANGE_ELECTRONIC, CLOTHES)) {
        TEST_FAIL_HERE();
        fprintf(stderr, "got:\n%s", got);
    }
    free(got);
    eddy_env_free(env);
}

TEST(seed_over_windows_streaming) { check_both(EDDY_STREAMING); }

TEST(seed_over_windows_batch) { check_both(EDDY_BATCH); }

TEST(default_bounds_and_plan) {
    setup(EDDY_STREAMING);
    /* no preceding / following: UNBOUNDED_RANGE .. CURRENT_RANGE, a running count per type */
    eddy_window *w = eddy_window_as(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "onSellTime"), "w");
    const eddy_window *ws[] = {w};
    eddy_table *t = eddy_windowed_table_select(eddy_table_over_window(item, ws, 1),
                                               "itemID, price.count over w as n, price.sum over w as total");
    ASSERT_TEXT(rows(t), "+I[ITEM001, 1, 20]\n+I[ITEM002, 2, 70]\n+I[ITEM003, 4, 160]\n+I[ITEM004, 4, 160]\n"
                         "+I[ITEM005, 5, 200]\n+I[ITEM006, 6, 220]\n+I[ITEM007, 7, 290]\n+I[ITEM008, 1, 20]\n");
    const char *plan = eddy_table_explain(t, 0);
    ASSERT_TRUE(plan != NULL);
    ASSERT_TRUE(strstr(plan, "OverAggregate(partitionBy=[itemType], orderBy=[onSellTime ASC], window=[ RANGE BETWEEN "
                             "UNBOUNDED PRECEDING AND CURRENT ROW], select=[itemID, itemType, onSellTime, price, "
                             "COUNT(price) AS w0$o0, SUM(price) AS w0$o1])") != NULL);
    /* ROWS over a proctime-less, rowtime-less column: Flink's message at execution */
    eddy_window *bad = eddy_window_as(
        eddy_over_following(eddy_over_preceding(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "price"), "2.rows"),
                            "CURRENT_ROW"),
        "w");
    ASSERT_TEXT(rows(max_price(bad)), "ERROR: OVER windows' ordering in stream mode must be defined on a time attribute.");
    /* two windows in one select */
    eddy_window *w1 = eddy_window_as(eddy_over_order_by(eddy_over_partition_by(env, "itemType"), "onSellTime"), "w1");
    eddy_window *w2 = eddy_window_as(eddy_over_order_by(eddy_over_partition_by(env, NULL), "onSellTime"), "w2");
    const eddy_window *two[] = {w1, w2};
    ASSERT_TEXT(rows(eddy_windowed_table_select(eddy_table_over_window(item, two, 2),
                                                "itemID, price.count over w1, price.count over w2")),
                "ERROR: Over Agg: Unsupported use of OVER windows. All aggregates must be computed on the same window. "
                "please re-check the over window statement.");
    eddy_env_free(env);
}

/* A source of three batches (one per call), the watermark (ts - 1 s)
 * moving between them: a@00:00:02 and b@00:00:02 of the second batch are
 * behind the watermark 00:00:02 of the first. */
static eddy_status three_batches(void *ctx, int subtask, int parallelism, eddy_out *out) {
    (void)subtask;
    (void)parallelism;
    int *call = ctx;
    static const struct {
        int batch;
        const char *k;
        int v;
        int64_t ms;
    } rows[] = {{0, "a", 1, 1000}, {0, "a", 2, 3000}, {1, "a", 3, 2000}, {1, "b", 4, 2000}, {2, "a", 5, 4000}};
    if (*call == 3) return EDDY_DONE;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].batch != *call) continue;
        eddy_out_set_string(out, 0, rows[i].k, strlen(rows[i].k));
        eddy_out_set_int(out, 1, rows[i].v);
        eddy_out_set_timestamp(out, 2, (eddy_timestamp){rows[i].ms, 0});
        eddy_out_emit(out);
    }
    ++*call;
    return EDDY_OK;
}

/* Runs sql: its rows (Row.toString lines) and, in *late, the late-record
 * count and report of its job. */
static char *run_late(const char *sql, uint64_t *late, char **report) {
    eddy_result *r = eddy_table_execute(eddy_tenv_sql_query(tenv, sql));
    eddy_iter *it = r ? eddy_result_collect(r) : NULL;
    if (!it) return env_error_text(env);
    char buf[4096], *text = strdup("");
    const eddy_row *row;
    while (eddy_iter_next(it, &row) == EDDY_ROW) {
        eddy_row_to_string(row, buf, sizeof buf);
        size_t n = strlen(text);
        text = realloc(text, n + strlen(buf) + 2);
        sprintf(text + n, "%s\n", buf);
    }
    const char *rep;
    *late = eddy_iter_late_records(it, &rep);
    *report = strdup(rep);
    eddy_iter_free(it);
    eddy_result_free(r);
    return text;
}

TEST(late_rows_counted) {
    env = new_env(1);
    tenv = eddy_tenv_new(env);
    int call = 0;
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_watermark(sc, "ts", "ts - INTERVAL '1' SECOND");
    eddy_stream *ds = eddy_from_source(env, "ROW<k STRING, v INT, ts TIMESTAMP(3)>", false, three_batches, &call, NULL);
    eddy_tenv_create_temporary_view(tenv, "T", eddy_tenv_from_datastream(tenv, ds, sc));
    /* unbounded: behind the watermark is late (a@2 s, b@2 s); bounded: not
     * past the key's last row is late (both kept: a had processed 1 s only,
     * b nothing) */
    uint64_t late;
    char *report;
    char *got = run_late("SELECT k, v, COUNT(*) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND "
                         "CURRENT ROW) FROM T",
                         &late, &report);
    ASSERT_STR_EQ(got, "+I[a, 1, 1]\n+I[a, 2, 2]\n+I[a, 5, 3]\n");
    ASSERT_EQ_INT((int)late, 2);
    ASSERT_STR_EQ(report, "2 late records dropped by OverAggregate (behind the watermark)\n");
    free(got);
    free(report);
    call = 0;
    got = run_late("SELECT k, v, COUNT(*) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM T",
                   &late, &report);
    ASSERT_STR_EQ(got, "+I[a, 1, 1]\n+I[a, 3, 2]\n+I[b, 4, 1]\n+I[a, 2, 2]\n+I[a, 5, 2]\n");
    ASSERT_EQ_INT((int)late, 0);
    free(got);
    free(report);
    eddy_env_free(env);
}

int main(void) {
    RUN(seed_over_windows_streaming);
    RUN(seed_over_windows_batch);
    RUN(default_bounds_and_plan);
    RUN(late_rows_counted);
    return test_report();
}
