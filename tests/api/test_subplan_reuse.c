/*
 * test_subplan_reuse.c -- sub-plan reuse at run time, as a user sees it: a
 * self-join of an aggregating view runs its GroupAggregate once (one
 * operator in the job's metrics, taking each input row once), twice with
 * table.optimizer.reuse-sub-plan-enabled off, with the same final table; and
 * the shared aggregation -- a diamond, its output going to both inputs of
 * the join, whose barrier alignment then waits on two channels from one
 * task -- checkpoints, is killed, and restored from that checkpoint ends
 * with the final table of an uninterrupted run; so does Nexmark q5's
 * shape, its HOP aggregation (in slices) under both sides of a window join.
 */
#include "fs_check.h"

/* ids 1..3000, paced: the job runs for about a second */
static const char *DDL =
    "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '3000', "
    "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3000')";
static const char *VIEW = "CREATE VIEW totals AS SELECT id % 5 AS k, SUM(id) AS s, COUNT(*) AS c FROM src GROUP BY id % 5";
static const char *SINK =
    "CREATE TABLE sink (k BIGINT, s BIGINT, c BIGINT, s2 BIGINT, c2 BIGINT) WITH ('connector' = 'blackhole')";
static const char *QUERY = "SELECT a.k, a.s, a.c, b.s, b.c FROM totals a JOIN totals b ON a.k = b.k";
/* Nexmark q5's shape over bids of 300 s of event time (10 a second, paced
 * as src), its hot auctions counted per auction % 3 on top: the HOP window
 * aggregation (in slices) shared by both sides of the window join */
static const char *BIDS =
    "CREATE TABLE bids (id BIGINT, auction AS id % 7, dateTime AS TIMESTAMPADD(SECOND, CAST(id / 10 AS INT), "
    "TIMESTAMP '2020-01-01 00:00:00'), WATERMARK FOR dateTime AS dateTime - INTERVAL '1' SECOND) WITH ("
    "'connector' = 'datagen', 'rows-per-second' = '3000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', "
    "'fields.id.end' = '3000')";
static const char *HOP_VIEW =
    "CREATE VIEW hop_counts AS SELECT auction, COUNT(*) AS num, window_start AS starttime, window_end AS endtime "
    "FROM TABLE(HOP(TABLE bids, DESCRIPTOR(dateTime), INTERVAL '2' SECOND, INTERVAL '10' SECOND)) "
    "GROUP BY auction, window_start, window_end";
static const char *Q5 =
    "SELECT a.auction % 3 AS k, COUNT(*) AS c, SUM(a.num) AS s FROM hop_counts a JOIN (SELECT MAX(num) AS maxn, "
    "starttime, endtime FROM hop_counts GROUP BY starttime, endtime) m ON a.starttime = m.starttime AND "
    "a.endtime = m.endtime AND a.num >= m.maxn GROUP BY a.auction % 3";
#define FINAL                                                                                                  \
    "[0, 901500, 600, 901500, 600]\n[1, 899100, 600, 899100, 600]\n[2, 899700, 600, 899700, 600]\n"            \
    "[3, 900300, 600, 900300, 600]\n[4, 900900, 600, 900900, 600]\n"

static eddy_tenv *new_tenv(eddy_env **env) {
    *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, EDDY_STREAMING);
    char *r = run(t, DDL);
    if (strcmp(r, "OK")) fprintf(stderr, "DDL: %s\n", r);
    free(r);
    r = run(t, VIEW);
    if (strcmp(r, "OK")) fprintf(stderr, "VIEW: %s\n", r);
    free(r);
    const char *more[] = {SINK, BIDS, HOP_VIEW};
    for (int i = 0; i < 3; i++) {
        r = run(t, more[i]);
        if (strcmp(r, "OK")) fprintf(stderr, "%s: %s\n", more[i], r);
        free(r);
    }
    return t;
}

static void set(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) fprintf(stderr, "SET %s failed\n", k);
}

/* ---- the operators that ran -------------------------------------------------------------------- */

typedef struct OpCount {
    const char *op;
    char ids[8][33]; /* distinct operator ids */
    int nids;
    int64_t rows_in; /* numRecordsIn over all instances */
} OpCount;

static void count_op(void *ud, const eddy_metric *m) {
    OpCount *c = ud;
    if (strcmp(m->operator_name, c->op) || strcmp(m->name, "numRecordsIn")) return;
    c->rows_in += m->int_value;
    for (int i = 0; i < c->nids; i++)
        if (!strcmp(c->ids[i], m->operator_id)) return;
    if (c->nids < 8) snprintf(c->ids[c->nids++], 33, "%s", m->operator_id);
}

/* The query's final table; *c the operators named op of the same
 * query's job INSERTed into a blackhole sink (a query's job hands out no
 * metrics once its rows are read). */
static char *run_counting(eddy_tenv *t, const char *op, OpCount *c) {
    char *log = rows(t, QUERY);
    char *fin = final_table(log);
    free(log);
    *c = (OpCount){.op = op};
    char insert[512];
    snprintf(insert, sizeof insert, "INSERT INTO sink %s", QUERY);
    eddy_result *r = eddy_tenv_execute_sql(t, insert);
    if (r && eddy_result_await(r) == EDDY_OK) eddy_job_metrics(eddy_result_job(r), count_op, c);
    else print_env_error(stderr, eddy_tenv_env(t));
    eddy_result_free(r);
    return fin;
}

TEST(shared_aggregate_runs_once) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    /* STREAMING: the GroupAggregate; BATCH: the final HashAggregate over the
     * local ones' rows */
    const char *modes[] = {"streaming", "batch"}, *ops[] = {"GroupAggregate", "HashAggregate"};
    for (int m = 0; m < 2; m++) {
        set(t, "execution.runtime-mode", modes[m]);
        OpCount c[2];
        for (int off = 0; off < 2; off++) {
            set(t, "table.optimizer.reuse-sub-plan-enabled", off ? "false" : "true");
            char *got = run_counting(t, ops[m], &c[off]);
            ASSERT_STR_EQ(got, FINAL);
            free(got);
        }
        /* one operator (two instances), its rows in once; without reuse one
         * per side of the join */
        ASSERT_EQ_INT(c[0].nids, 1);
        ASSERT_EQ_INT(c[1].nids, 2);
        ASSERT_EQ_INT(c[1].rows_in, 2 * c[0].rows_in);
        if (m == 0) ASSERT_EQ_INT(c[0].rows_in, 3000);
    }
    eddy_env_free(env);
}

/* ---- checkpoint, kill, restore ----------------------------------------------------------------- */

/* The part files ("op-<uid>-<subtask>") of a checkpoint: how many, and
 * how many of the operator uid. */
static int count_parts(const char *chk, const char *uid, int *of_uid) {
    DIR *d = opendir(chk);
    struct dirent *e;
    int n = 0;
    char prefix[64];
    snprintf(prefix, sizeof prefix, "op-%s-", uid);
    *of_uid = 0;
    while (d && (e = readdir(d))) {
        if (strncmp(e->d_name, "op-", 3)) continue;
        n++;
        if (!strncmp(e->d_name, prefix, strlen(prefix))) (*of_uid)++;
    }
    if (d) closedir(d);
    return n;
}

static const char *checkpointed_query;

static void checkpointed_run(const char *dir) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    set(t, "execution.checkpointing.interval", "50 ms");
    set(t, "execution.checkpointing.dir", dir);
    /* the checkpoint the parent found stays while it kills this run */
    set(t, "execution.checkpointing.num-retained", "3");
    free(rows(t, checkpointed_query));
}

/* query checkpointed into dir in a child killed once checkpoint min_id or
 * a later one is complete (*chk: its path), then restored from it here: the
 * restored run's changelog (NULL: no checkpoint, or the child had ended). */
static char *kill_and_restore(const char *dir, const char *query, long min_id, char **chk) {
    bool killed;
    checkpointed_query = query;
    *chk = kill_after_checkpoint(dir, min_id, checkpointed_run, &killed);
    char *log = NULL;
    if (*chk && killed) {
        eddy_env *env;
        eddy_tenv *t = new_tenv(&env);
        set(t, "execution.state-recovery.path", *chk);
        log = rows(t, query);
        eddy_env_free(env);
    }
    return log;
}

TEST(shared_aggregate_checkpoints_and_restores) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    OpCount plain;
    char *expected = run_counting(t, "GroupAggregate", &plain);
    ASSERT_STR_EQ(expected, FINAL);
    eddy_env_free(env);

    char *dir = tmpdir(), *chk;
    char *log = kill_and_restore(dir, QUERY, 1, &chk);
    ASSERT_TRUE(log != NULL);
    /* two subtasks of three operators: the source (its position), the one
     * GroupAggregate -- the uid the same graph gets in this process -- and
     * the join */
    int agg_parts;
    ASSERT_EQ_INT(count_parts(chk, plain.ids[0], &agg_parts), 6);
    ASSERT_EQ_INT(agg_parts, 2);
    char *got = final_table(log);
    ASSERT_STR_EQ(got, expected);
    /* the restored run does not start over: key 1's first join row is not
     * emitted again */
    ASSERT_FALSE(strstr(log, "+I[1, 1, 1, 1, 1]") != NULL);
    free(log), free(got), free(expected), free(chk);
    rmtree(dir);
    free(dir);
}

/* The diamond of q5's shape: the shared HOP aggregation's slices, the
 * window join's sides and the aggregation on top restored from a
 * checkpoint taken while windows fired; the same final table. */
TEST(q5_shape_checkpoints_and_restores) {
    eddy_env *env;
    eddy_tenv *t = new_tenv(&env);
    char *plain = rows(t, Q5);
    int plain_lines = count_lines(plain);
    char *expected = final_table(plain);
    free(plain);
    ASSERT_EQ_INT(count_lines(expected), 3);
    eddy_env_free(env);

    char *dir = tmpdir(), *chk;
    char *log = kill_and_restore(dir, Q5, 4, &chk); /* a few checkpoints in: windows have fired */
    ASSERT_TRUE(log != NULL);
    char *got = final_table(log);
    ASSERT_STR_EQ(got, expected);
    /* resumed: fewer changes than a run from the start */
    ASSERT_TRUE(count_lines(log) < plain_lines);
    free(log), free(got), free(expected), free(chk);
    rmtree(dir);
    free(dir);
}

int main(void) {
    RUN(shared_aggregate_runs_once);
    RUN(shared_aggregate_checkpoints_and_restores);
    RUN(q5_shape_checkpoints_and_restores);
    return test_report();
}
