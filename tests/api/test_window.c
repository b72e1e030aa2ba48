/*
 * test_window.c -- window aggregations as a program sees them: the rows of
 * windows over out-of-order input read one file (one batch, then its
 * watermark) at a time, the late rows dropped where Flink drops them and
 * the count the job reports for them (eddy_iter_late_records), at
 * parallelism 1 and 2, in both runtime modes.
 */
#include "fs_check.h"

static eddy_env *env;
static eddy_tenv *tenv;
static char *dir;

/* Table `ev` (ts, v) with a 1 s bounded watermark over two files read in
 * order: a.csv takes the watermark to 08:20:59, then b.csv brings rows of
 * windows that closed (08:09, 08:19:59.500) and newer ones. */
static void setup(eddy_runtime_mode mode, int parallelism) {
    env = new_env(parallelism);
    tenv = eddy_tenv_new_in_mode(env, mode);
    dir = tmpdir();
    write_file(dir, "ev/a.csv", "2020-04-15 08:05:00,1\n2020-04-15 08:21:00,4\n");
    write_file(dir, "ev/b.csv", "2020-04-15 08:09:00,8\n2020-04-15 08:19:59.500,64\n2020-04-15 08:22:00,16\n");
    char sql[4096];
    snprintf(sql, sizeof sql,
             "CREATE TABLE ev (ts TIMESTAMP(3), v INT, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH "
             "('connector' = 'filesystem', 'path' = '%s/ev', 'format' = 'csv')",
             dir);
    char *ok = exec_sql(tenv, sql);
    free(ok);
}

static void teardown(void) {
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

/* The query's rows (sorted when `sort`), and the job's late-record count
 * and report. */
static char *run_query(const char *sql, bool sort, uint64_t *late, char **report) {
    *late = 0;
    *report = NULL;
    eddy_table *t = eddy_tenv_sql_query(tenv, sql);
    if (!t) return env_error_text(env);
    eddy_result *r = eddy_table_execute(t);
    if (!r) return env_error_text(env);
    eddy_iter *it = eddy_result_collect(r);
    Lines l = lines_empty();
    const eddy_row *row;
    eddy_status st;
    char buf[4096];
    while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
        eddy_row_to_string(row, buf, sizeof buf);
        lines_add(&l, buf);
    }
    if (st != EDDY_DONE) {
        free(l.text);
        snprintf(buf, sizeof buf, "ERROR: %s", eddy_iter_errmsg(it));
        l.text = strdup(buf);
    }
    const char *rep;
    *late = eddy_iter_late_records(it, &rep);
    *report = strdup(rep ? rep : "");
    eddy_iter_free(it);
    eddy_result_free(r);
    return sort ? sorted_lines(l.text) : l.text;
}

static const char *TUMBLE_SQL = "SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE ev, "
                                "DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end";

TEST(tumble_drops_and_counts_late_rows) {
    setup(EDDY_STREAMING, 1);
    uint64_t late;
    char *report;
    /* [08:10, 08:20) closed before its only row (64) came: no row for it */
    ASSERT_TEXT(run_query(TUMBLE_SQL, false, &late, &report),
                "+I[2020-04-15T08:00, 2020-04-15T08:10, 1, 1]\n+I[2020-04-15T08:20, 2020-04-15T08:30, 20, 2]\n");
    ASSERT_EQ_INT(late, 2);
    ASSERT_TEXT(report, "2 late records dropped by WindowAggregate (behind the watermark)\n");
    teardown();
}

TEST(tumble_batch_keeps_every_row) {
    setup(EDDY_BATCH, 1);
    uint64_t late;
    char *report;
    ASSERT_TEXT(run_query(TUMBLE_SQL, false, &late, &report),
                "+I[2020-04-15T08:00, 2020-04-15T08:10, 9, 2]\n+I[2020-04-15T08:10, 2020-04-15T08:20, 64, 1]\n"
                "+I[2020-04-15T08:20, 2020-04-15T08:30, 20, 2]\n");
    ASSERT_EQ_INT(late, 0);
    ASSERT_TEXT(report, "");
    teardown();
}

TEST(views_in_windows) {
    /* DISTINCT and LISTAGG keep views in state under the key and the window */
    setup(EDDY_STREAMING, 1);
    uint64_t late;
    char *report;
    ASSERT_TEXT(run_query("SELECT window_start, COUNT(DISTINCT v > 4) AS d, LISTAGG(CAST(v AS STRING)) AS l FROM "
                          "TABLE(HOP(TABLE ev, DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) "
                          "GROUP BY window_start, window_end",
                          false, &late, &report),
                "+I[2020-04-15T08:00, 1, 1]\n+I[2020-04-15T08:05, 1, 1]\n+I[2020-04-15T08:15, 2, 4,64,16]\n"
                "+I[2020-04-15T08:20, 2, 4,16]\n");
    /* one row is in no open window (08:09); 08:19:59.500 still counts in [08:15, 08:25) */
    ASSERT_EQ_INT(late, 1);
    free(report);
    teardown();
}

TEST(hop_group_window_counts_rows_in_no_open_window) {
    setup(EDDY_STREAMING, 1);
    uint64_t late;
    char *report;
    /* 08:09 is in [08:00, 08:10) and [08:05, 08:15), both closed: dropped and
     * counted; 08:19:59.500 misses [08:10, 08:20) but still counts in
     * [08:15, 08:25), which is open: not counted */
    ASSERT_TEXT(run_query("SELECT HOP_START(ts, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE) AS ws, SUM(v) AS s FROM ev "
                          "GROUP BY HOP(ts, INTERVAL '5' MINUTE, INTERVAL '10' MINUTE)",
                          false, &late, &report),
                "+I[2020-04-15T08:00, 1]\n+I[2020-04-15T08:05, 1]\n+I[2020-04-15T08:15, 84]\n+I[2020-04-15T08:20, 20]\n");
    ASSERT_EQ_INT(late, 1);
    ASSERT_TEXT(report, "1 late record dropped by GroupWindowAggregate (behind the watermark)\n");
    teardown();
}

/* HOP in slices (SUM and COUNT merge: a record per 5-minute slice) and with
 * a record per window (the DISTINCT call's view): the same rows and late
 * count, the late rows counted in the windows still open -- 08:19:59.500
 * comes after [08:10, 08:20) fired and its slice's record is made then, for
 * [08:15, 08:25) only. */
TEST(hop_slices_as_windows) {
    const char *sql[] = {"SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c FROM TABLE(HOP(TABLE ev, "
                         "DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end",
                         "SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c, COUNT(DISTINCT v) AS d FROM "
                         "TABLE(HOP(TABLE ev, DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY "
                         "window_start, window_end"};
    const char *want[2][2] = {{"+I[2020-04-15T08:00, 2020-04-15T08:10, 1, 1]\n+I[2020-04-15T08:05, 2020-04-15T08:15, 1, 1]\n"
                               "+I[2020-04-15T08:15, 2020-04-15T08:25, 84, 3]\n+I[2020-04-15T08:20, 2020-04-15T08:30, 20, 2]\n",
                               "+I[2020-04-15T08:00, 2020-04-15T08:10, 1, 1, 1]\n+I[2020-04-15T08:05, 2020-04-15T08:15, 1, 1, 1]\n"
                               "+I[2020-04-15T08:15, 2020-04-15T08:25, 84, 3, 3]\n"
                               "+I[2020-04-15T08:20, 2020-04-15T08:30, 20, 2, 2]\n"},
                              {"+I[2020-04-15T08:00, 2020-04-15T08:10, 9, 2]\n+I[2020-04-15T08:05, 2020-04-15T08:15, 9, 2]\n"
                               "+I[2020-04-15T08:10, 2020-04-15T08:20, 64, 1]\n+I[2020-04-15T08:15, 2020-04-15T08:25, 84, 3]\n"
                               "+I[2020-04-15T08:20, 2020-04-15T08:30, 20, 2]\n",
                               "+I[2020-04-15T08:00, 2020-04-15T08:10, 9, 2, 2]\n+I[2020-04-15T08:05, 2020-04-15T08:15, 9, 2, 2]\n"
                               "+I[2020-04-15T08:10, 2020-04-15T08:20, 64, 1, 1]\n"
                               "+I[2020-04-15T08:15, 2020-04-15T08:25, 84, 3, 3]\n"
                               "+I[2020-04-15T08:20, 2020-04-15T08:30, 20, 2, 2]\n"}};
    for (int mode = 0; mode < 2; mode++)
        for (int q = 0; q < 2; q++) {
            setup(mode ? EDDY_BATCH : EDDY_STREAMING, 1);
            uint64_t late;
            char *report;
            ASSERT_TEXT(run_query(sql[q], false, &late, &report), want[mode][q]);
            ASSERT_EQ_INT(late, mode ? 0 : 1); /* 08:09: both its windows had fired */
            free(report);
            teardown();
        }
}

TEST(parallel_keyed_windows) {
    /* BATCH at parallelism 2: the windows' rows come from both subtasks, in any order */
    setup(EDDY_BATCH, 2);
    uint64_t late;
    char *report;
    ASSERT_TEXT(run_query("SELECT window_start, v > 4 AS big, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE ev, DESCRIPTOR(ts), "
                          "INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, v > 4",
                          true, &late, &report),
                "+I[2020-04-15T08:00, false, 1]\n+I[2020-04-15T08:00, true, 1]\n+I[2020-04-15T08:10, true, 1]\n"
                "+I[2020-04-15T08:20, false, 1]\n+I[2020-04-15T08:20, true, 1]\n");
    ASSERT_EQ_INT(late, 0);
    free(report);
    teardown();
}

static const char *SESSION_SQL = "SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c, COUNT(DISTINCT v > 4) AS d, "
                                 "LISTAGG(CAST(v AS STRING)) AS l FROM TABLE(SESSION(TABLE ev, DESCRIPTOR(ts), "
                                 "INTERVAL '5' MINUTES)) GROUP BY window_start, window_end";

TEST(session_drops_and_counts_late_rows) {
    setup(EDDY_STREAMING, 1);
    uint64_t late;
    char *report;
    /* a.csv: [08:05, 08:10) and [08:21, 08:26); its watermark (08:20:59) closes the first. b.csv: 08:09 meets no
     * open session and its own [08:09, 08:14) is behind the watermark: dropped and counted; 08:19:59.500 meets
     * [08:21, 08:26) and widens it, 08:22 widens it to 08:27 */
    ASSERT_TEXT(run_query(SESSION_SQL, false, &late, &report),
                "+I[2020-04-15T08:05, 2020-04-15T08:10, 1, 1, 1, 1]\n"
                "+I[2020-04-15T08:19:59.500, 2020-04-15T08:27, 84, 3, 2, 4,64,16]\n");
    ASSERT_EQ_INT(late, 1);
    ASSERT_TEXT(report, "1 late record dropped by WindowAggregate (behind the watermark)\n");
    teardown();
}

TEST(session_batch_keeps_every_row) {
    setup(EDDY_BATCH, 1);
    uint64_t late;
    char *report;
    /* every row before the one watermark: 08:09 joins [08:05, 08:10) */
    ASSERT_TEXT(run_query("SELECT window_start, window_end, SUM(v) AS s, COUNT(*) AS c, COUNT(DISTINCT v > 4) AS d "
                          "FROM TABLE(SESSION(TABLE ev, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) "
                          "GROUP BY window_start, window_end",
                          false, &late, &report),
                "+I[2020-04-15T08:05, 2020-04-15T08:14, 9, 2, 2]\n+I[2020-04-15T08:19:59.500, 2020-04-15T08:27, 84, 3, 2]\n");
    ASSERT_EQ_INT(late, 0);
    ASSERT_TEXT(report, "");
    teardown();
}

TEST(parallel_keyed_sessions) {
    /* BATCH at parallelism 2: sessions per key, the keys on two subtasks */
    setup(EDDY_BATCH, 2);
    uint64_t late;
    char *report;
    ASSERT_TEXT(run_query("SELECT v > 4 AS big, SESSION_START(ts, INTERVAL '5' MINUTE) AS ws, "
                          "SESSION_END(ts, INTERVAL '5' MINUTE) AS we, SUM(v) AS s FROM ev "
                          "GROUP BY v > 4, SESSION(ts, INTERVAL '5' MINUTE)",
                          true, &late, &report),
                "+I[false, 2020-04-15T08:05, 2020-04-15T08:10, 1]\n+I[false, 2020-04-15T08:21, 2020-04-15T08:26, 4]\n"
                "+I[true, 2020-04-15T08:09, 2020-04-15T08:14, 8]\n"
                "+I[true, 2020-04-15T08:19:59.500, 2020-04-15T08:27, 80]\n");
    ASSERT_EQ_INT(late, 0);
    free(report);
    teardown();
}

TEST(session_alone_keeps_rows_until_the_session_closes) {
    setup(EDDY_STREAMING, 1);
    uint64_t late;
    char *report;
    /* 08:09 is late (dropped and counted); 08:19:59.500 and 08:22 join [08:21, 08:26) */
    ASSERT_TEXT(run_query("SELECT v, window_start, window_end, window_time FROM TABLE(SESSION(TABLE ev, DESCRIPTOR(ts), "
                          "INTERVAL '5' MINUTES))",
                          false, &late, &report),
                "+I[1, 2020-04-15T08:05, 2020-04-15T08:10, 2020-04-15T08:09:59.999]\n"
                "+I[4, 2020-04-15T08:19:59.500, 2020-04-15T08:27, 2020-04-15T08:26:59.999]\n"
                "+I[64, 2020-04-15T08:19:59.500, 2020-04-15T08:27, 2020-04-15T08:26:59.999]\n"
                "+I[16, 2020-04-15T08:19:59.500, 2020-04-15T08:27, 2020-04-15T08:26:59.999]\n");
    ASSERT_EQ_INT(late, 1);
    ASSERT_TEXT(report, "1 late record dropped by WindowTableFunction (behind the watermark)\n");
    teardown();
}

int main(void) {
    RUN(tumble_drops_and_counts_late_rows);
    RUN(tumble_batch_keeps_every_row);
    RUN(views_in_windows);
    RUN(hop_group_window_counts_rows_in_no_open_window);
    RUN(hop_slices_as_windows);
    RUN(parallel_keyed_windows);
    RUN(session_drops_and_counts_late_rows);
    RUN(session_batch_keeps_every_row);
    RUN(parallel_keyed_sessions);
    RUN(session_alone_keeps_rows_until_the_session_closes);
    return test_report();
}
