/*
 * test_kafka_restore.c -- the exactly-once Kafka sink across processes:
 * a job in a child process is killed (SIGKILL) after a checkpoint
 * completed and before its sink committed the checkpoint's transactions;
 * a second child restores the checkpoint. The mock cluster (librdkafka's,
 * 4 brokers) lives in this process, so both children reach it over TCP:
 * the children are this program again (argv[1] = "child").
 *
 * The kill point: every transactional id <prefix>-<subtask>-<n> has broker
 * subtask+1 as its coordinator (rd_kafka_mock_coordinator_set), and each
 * of those brokers holds back its answer to the first EndTxn for 10 s
 * (rd_kafka_mock_broker_push_request_error_rtts). The first EndTxn a
 * subtask sends is the commit of its first transaction with records,
 * after that checkpoint completed; once every coordinator has received
 * one (its error stack is empty) the child is killed.
 *
 * What the mock cluster shows: it checks the producer id and epoch of an
 * EndTxn against those its InitProducerId handed out for the id (a new
 * InitProducerId of an id gives a new producer id), but keeps no
 * transaction state for readers (read_committed sees aborted records too,
 * see test_kafka.c). Its debug log (this process's, "Broker <b>: Received
 * <Api>Request") gives the order in which each coordinator received EndTxn
 * and InitProducerId: the restored job must commit (EndTxn, accepted) the
 * prepared transactions before anything initializes an id, and must
 * initialize (abort) the ids of the next two checkpoints of every old
 * subtask, those of a higher parallelism too.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "fs_check.h"

extern char **environ;

static char sql[8192];
#define SQL(...) (snprintf(sql, sizeof sql, __VA_ARGS__), sql)

static void set(eddy_tenv *t, const char *k, const char *v) {
    if (eddy_tenv_set_option(t, k, v) != EDDY_OK) fprintf(stderr, "SET %s: %s\n", k, eddy_env_errmsg(eddy_tenv_env(t)));
}

/* ---- the child: one run of the job ------------------------------------------------------ */

/* child <boot> <ckdir> <sink parallelism> <rows> <restore path or -> */
static int child(char **argv) {
    const char *boot = argv[2], *dir = argv[3], *restore = argv[6];
    int par = atoi(argv[4]);
    long n = atol(argv[5]);
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_STREAMING);
    set(t, "execution.checkpointing.interval", "50 ms");
    set(t, "execution.checkpointing.dir", dir);
    set(t, "execution.checkpointing.num-retained", "1000");
    set(t, "restart-strategy.type", "none");
    if (strcmp(restore, "-")) set(t, "execution.state-recovery.path", restore);
    free(exec_sql(t, SQL("CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000', "
                         "'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%ld')",
                         n)));
    free(exec_sql(t, SQL("CREATE TABLE xp (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'xp', "
                         "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = "
                         "'exactly-once', 'sink.transactional-id-prefix' = 'xp', 'sink.parallelism' = '%d')",
                         boot, par)));
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO xp SELECT id FROM src");
    eddy_status st = r ? eddy_result_await(r) : EDDY_E_RUNTIME;
    if (st) printf("ERROR: %s\n", eddy_env_errmsg(env));
    else printf("OK\n");
    fflush(stdout);
    if (r) eddy_result_free(r);
    eddy_env_free(env);
    return st ? 1 : 0;
}

/* ---- the parent ------------------------------------------------------------------------ */

#define NBROKERS 4

static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;
static Lines mock_log; /* "<broker> EndTxn|Init|Fail" per request received */

static void on_mock_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf) {
    (void)rk, (void)level, (void)fac;
    int b = 0;
    const char *at = strstr(buf, "Broker ");
    const char *what = NULL;
    if (strstr(buf, "PID check failed")) what = "0 Fail";
    else if (at && sscanf(at, "Broker %d:", &b) == 1)
        what = strstr(at, ": Received EndTxnRequest") ? "EndTxn" : strstr(at, ": Received InitProducerIdRequest") ? "Init" : NULL;
    if (!what) return;
    char line[64];
    if (what[0] == '0') snprintf(line, sizeof line, "%s", what);
    else snprintf(line, sizeof line, "%d %s", b, what);
    pthread_mutex_lock(&log_mu);
    lines_add(&mock_log, line);
    pthread_mutex_unlock(&log_mu);
}

static char *take_log(void) {
    pthread_mutex_lock(&log_mu);
    char *t = mock_log.text ? mock_log.text : strdup("");
    mock_log = (Lines){0};
    pthread_mutex_unlock(&log_mu);
    return t;
}

static rd_kafka_t *mock_rk;
static rd_kafka_mock_cluster_t *mock;
static const char *boot;

static void mock_start(void) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "debug", "mock", why, sizeof why);
    rd_kafka_conf_set_log_cb(c, on_mock_log);
    mock_rk = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    mock = rd_kafka_mock_cluster_new(mock_rk, NBROKERS);
    boot = rd_kafka_mock_cluster_bootstraps(mock);
    mock_log = (Lines){0};
}

static void mock_stop(void) {
    rd_kafka_mock_cluster_destroy(mock);
    rd_kafka_destroy(mock_rk);
    free(mock_log.text);
}

static const char *self_exe;

/* A child running the job; its stdout goes to `out` (NULL: ours). */
static pid_t spawn_child(const char *dir, int par, long n, const char *restore, const char *out) {
    char spar[16], sn[32];
    snprintf(spar, sizeof spar, "%d", par);
    snprintf(sn, sizeof sn, "%ld", n);
    char *args[] = {(char *)self_exe, "child", (char *)boot, (char *)dir, spar, sn, (char *)restore, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (out) posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int rc = posix_spawn(&pid, self_exe, &fa, NULL, args, environ);
    posix_spawn_file_actions_destroy(&fa);
    return rc ? -1 : pid;
}

static void sleep_ms(long ms) { nanosleep(&(struct timespec){ms / 1000, ms % 1000 * 1000000}, NULL); }

/* The ids of the first MAPPED checkpoints of each subtask go to broker
 * subtask+1 (each setting takes the mock a while: not more), whose first
 * EndTxn answer waits 10 s. */
#define MAPPED 25

static void hold_commits(const char *prefix, int par) {
    char id[64];
    for (int s = 0; s < par; s++) {
        for (int c = 1; c <= MAPPED; c++) {
            snprintf(id, sizeof id, "%s-%d-%d", prefix, s, c);
            rd_kafka_mock_coordinator_set(mock, "transaction", id, s + 1);
        }
        rd_kafka_mock_broker_push_request_error_rtts(mock, s + 1, 26, 1, RD_KAFKA_RESP_ERR_NO_ERROR, 10000);
    }
}

/* Which of brokers 1..par received their held EndTxn (bit b-1): waits
 * (up to 60 s) for one, then up to 1 s for all. (A subtask whose
 * transaction of that checkpoint was empty commits next at a checkpoint
 * that cannot complete while another subtask waits for its commit.) */
static unsigned commits_held(int par) {
    unsigned held = 0;
    int after = 0;
    for (int tries = 0; tries < 6000 && held != (1u << par) - 1 && after < 100; tries++) {
        held = 0;
        for (int s = 0; s < par; s++) {
            size_t cnt = 1;
            rd_kafka_mock_broker_error_stack_cnt(mock, s + 1, 26, &cnt);
            if (cnt == 0) held |= 1u << s;
        }
        if (held) after++;
        sleep_ms(10);
    }
    return held;
}

/* The child's exit: its stdout went to ours, so only the status is read. */
static int wait_child(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Checks the coordinators' log of the restored run: each broker of `held`
 * received an EndTxn before any InitProducerId (the prepared transactions
 * were committed before an id was initialized), none failed its producer
 * check, and each broker 1..old_par received at least `inits`
 * InitProducerId. */
static void check_restore_log(char *log, unsigned held, int old_par, int inits) {
    int first[NBROKERS + 1] = {0}, ninit[NBROKERS + 1] = {0}, nend[NBROKERS + 1] = {0};
    char *save = NULL;
    for (char *line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int b;
        char what[16];
        ASSERT_TRUE(strcmp(line, "0 Fail") != 0); /* an EndTxn with a producer id or epoch the cluster did not give */
        if (sscanf(line, "%d %15s", &b, what) != 2 || b < 1 || b > NBROKERS) continue;
        bool end = !strcmp(what, "EndTxn");
        if (!first[b]) first[b] = end ? 1 : 2;
        if (end) nend[b]++;
        else ninit[b]++;
    }
    for (int b = 1; b <= old_par; b++) {
        ASSERT_TRUE(ninit[b] >= inits);
        if (!(held & 1u << (b - 1))) continue;
        if (first[b] != 1) fprintf(stderr, "broker %d: first %d, %d EndTxn, %d InitProducerId\n", b, first[b], nend[b], ninit[b]);
        ASSERT_EQ_INT(first[b], 1);
    }
}

static char *read_back(const char *query) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    free(exec_sql(t, SQL("CREATE TABLE rd (id BIGINT) WITH ('connector' = 'kafka', 'topic' = 'xp', "
                         "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = "
                         "'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'properties.isolation.level' = "
                         "'read_committed')",
                         boot)));
    char *text = exec_sql(t, query);
    eddy_env_free(env);
    return text;
}

/* A run at parallelism `par` killed while its commits are held, then
 * restored at `new_par` and run to its end -- or, with `refuse`, the
 * restore's commit refused by the coordinator. */
static void kill_and_restore(int par, int new_par, long n, bool refuse) {
    mock_start();
    rd_kafka_mock_topic_create(mock, "xp", 2, 1);
    hold_commits("xp", par);
    char *dir = tmpdir();
    pid_t first = spawn_child(dir, par, n, "-", NULL);
    ASSERT_TRUE(first > 0);
    unsigned held = commits_held(par);
    if (getenv("EDDY_TEST_VERBOSE")) fprintf(stderr, "held: %x\n", held);
    kill(first, SIGKILL);
    ASSERT_EQ_INT(wait_child(first), -1);
    ASSERT_TRUE(held != 0);
    long ck;
    char *chk = find_checkpoint(dir, 1, true, &ck);
    if (!chk) rmtree(dir), free(dir);
    ASSERT_TRUE(chk != NULL);
    ASSERT_TRUE(ck + 2 <= MAPPED); /* the ids the restore aborts have a known coordinator */
    if (getenv("EDDY_TEST_VERBOSE")) fprintf(stderr, "restoring %s\n", chk);
    free(take_log());
    char out[4200];
    snprintf(out, sizeof out, "%s/out.txt", dir);
    /* the coordinator of the first old subtask's ids refuses the next EndTxn */
    int b = ffs((int)held);
    if (refuse)
        rd_kafka_mock_broker_push_request_error_rtts(mock, b, 26, 1, RD_KAFKA_RESP_ERR_TRANSACTIONAL_ID_AUTHORIZATION_FAILED, 0);
    pid_t second = spawn_child(dir, new_par, n, chk, out);
    ASSERT_TRUE(second > 0);
    int st = wait_child(second);
    char *said = read_all(out);
    if (refuse) {
        /* the job fails, naming the transaction */
        ASSERT_EQ_INT(st, 1);
        char want[128];
        snprintf(want, sizeof want, "ERROR: Failed to commit the Kafka transaction 'xp-%d-", b - 1);
        ASSERT_STR_CONTAINS(said, want);
        ASSERT_STR_CONTAINS(said, "': Broker: Transactional Id authorization failed\n");
        free(said);
        free(chk);
        free(take_log());
        rmtree(dir);
        free(dir);
        mock_stop();
        return;
    }
    ASSERT_EQ_INT(st, 0);
    ASSERT_TEXT(said, "OK\n");
    char *log = take_log();
    /* each old subtask's coordinator: the commit first, then the
     * initialization of the ids of the next two checkpoints */
    check_restore_log(log, held, par, 2);
    free(log);
    /* every row arrived (the mock shows aborted records too: at least once) */
    char want[128];
    snprintf(want, sizeof want, "+I[%ld, 1, %ld]\n", n, n);
    ASSERT_TEXT(read_back("SELECT COUNT(DISTINCT id), MIN(id), MAX(id) FROM rd"), want);
    free(chk);
    free(take_log());
    rmtree(dir);
    free(dir);
    mock_stop();
}

/* Restored in a new process: the checkpoint's prepared transaction is
 * committed with the producer id and epoch its producer had. */
TEST(restore_commits_prepared_transaction) { kill_and_restore(1, 1, 400, false); }

/* A commit the coordinator refuses fails the restored job. */
TEST(restore_commit_refused) { kill_and_restore(1, 1, 400, true); }

/* Restored at a lower parallelism (3 sink subtasks, then 1): the
 * transactions of the subtasks that no longer exist are committed, and
 * their next two ids aborted, as well. */
TEST(restore_at_lower_parallelism) { kill_and_restore(3, 1, 600, false); }

int main(int argc, char **argv) {
    if (argc == 7 && !strcmp(argv[1], "child")) return child(argv);
    self_exe = argv[0];
    RUN(restore_commits_prepared_transaction);
    RUN(restore_commit_refused);
    RUN(restore_at_lower_parallelism);
    return test_report();
}
