/*
 * test_monitor.c -- the env's HTTP servers: the Prometheus endpoint scraped
 * twice during a running (rate-limited) INSERT shows the source's counter
 * grow, with Flink's metric names, HELP / TYPE lines and labels; the REST API
 * lists the running job and its operators, a finished job, a failed job's
 * exception and the configuration; bad option values, a port in use and
 * unknown paths give their errors.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>

#include "check.h"
#include "fs_check.h"

#define PROM_FACTORY "org.apache.flink.metrics.prometheus.PrometheusReporterFactory"

static void exec_ok(eddy_tenv *t, const char *sql) { eddy_result_free(eddy_tenv_execute_sql(t, sql)); }

static void sleep_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* GET path from 127.0.0.1:port: the status line's code in *status and the
 * body (malloc'd), or NULL when nothing answered. */
static char *http_get(int port, const char *path, int *status) {
    *status = 0;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return NULL;
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        close(fd);
        return NULL;
    }
    char req[512];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n", path);
    if (write(fd, req, (size_t)n) != n) {
        close(fd);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    ssize_t got;
    while (buf && (got = read(fd, buf + len, cap - len - 1)) > 0) {
        len += (size_t)got;
        if (cap - len < 4096) buf = realloc(buf, cap *= 2);
    }
    close(fd);
    if (!buf) return NULL;
    buf[len] = 0;
    sscanf(buf, "HTTP/1.%*d %d", status);
    char *body = strstr(buf, "\r\n\r\n");
    char *out = strdup(body ? body + 4 : "");
    free(buf);
    return out;
}

/* The value on the line of metric `name` whose labels contain `label`. */
static double prom_value(const char *text, const char *name, const char *label) {
    size_t n = strlen(name);
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (strncmp(p, name, n) || p[n] != '{') continue;
        const char *end = strchr(p, '}'), *nl = strchr(p, '\n');
        const char *hit = strstr(p, label);
        if (end && hit && hit < end && (!nl || end < nl)) return strtod(end + 2, NULL);
    }
    return -1;
}

static eddy_tenv *slow_insert(eddy_env *env, eddy_result **r) {
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '200', "
               "'number-of-rows' = '100000')");
    exec_ok(t, "CREATE TABLE snk (x BIGINT) WITH ('connector' = 'blackhole')");
    *r = eddy_tenv_execute_sql(t, "INSERT INTO snk SELECT x FROM g WHERE x IS NOT NULL");
    return t;
}

TEST(test_prometheus_scrape_grows) {
    eddy_env *env = new_env(1);
    ASSERT_TRUE(eddy_env_prometheus_port(env) == 0);
    ASSERT_TRUE(eddy_env_set_option(env, "metrics.reporter.prom.port", "0") == EDDY_OK);
    ASSERT_TRUE(eddy_env_prometheus_port(env) == 0); /* the reporter is not on yet */
    ASSERT_TRUE(eddy_env_set_option(env, "metrics.reporter.prom.factory.class", PROM_FACTORY) == EDDY_OK);
    int port = eddy_env_prometheus_port(env);
    ASSERT_TRUE(port > 0);
    int status;
    char *empty = http_get(port, "/metrics", &status);
    ASSERT_TRUE(empty && status == 200);
    ASSERT_STR_EQ(empty, ""); /* no job yet */
    free(empty);

    eddy_result *r;
    eddy_tenv *t = slow_insert(env, &r);
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    char label[64];
    snprintf(label, sizeof label, "job_id=\"%s\"", eddy_job_id(job));
    sleep_ms(600);
    char *a = http_get(port, "/metrics", &status);
    sleep_ms(700);
    char *b = http_get(port, "/", &status);
    ASSERT_TRUE(a && b && status == 200);
    const char *name = "flink_taskmanager_job_task_operator_numRecordsOut";
    double va = prom_value(a, name, "operator_name=\"DataGenSource\""), vb = prom_value(b, name, "operator_name=\"DataGenSource\"");
    ASSERT_TRUE(va > 0);
    ASSERT_TRUE(vb > va);
    ASSERT_STR_CONTAINS(b, "# HELP flink_taskmanager_job_task_operator_numRecordsIn numRecordsIn (scope: "
                           "taskmanager_job_task_operator)\n# TYPE flink_taskmanager_job_task_operator_numRecordsIn "
                           "gauge\n");
    ASSERT_STR_CONTAINS(b, "# TYPE flink_jobmanager_job_numberOfCompletedCheckpoints gauge\n");
    ASSERT_STR_CONTAINS(b, label);
    /* label values filtered as Flink's default: "Sink: BlackHole" */
    ASSERT_STR_CONTAINS(b, "operator_name=\"Sink__BlackHole\",subtask_index=\"0\"} ");
    ASSERT_STR_CONTAINS(b, "job_name=\"insert_into_default_catalog_default_database_snk\"");
    ASSERT_TRUE(prom_value(b, "flink_taskmanager_job_task_operator_currentOutputWatermark", "DataGenSource") ==
                -9223372036854775808.0);
    ASSERT_STR_CONTAINS(b, "operator_name=\"DataGenSource\",subtask_index=\"0\"} -9.223372036854776E18\n");
    /* unfiltered: the values escaped as the exposition format wants */
    ASSERT_TRUE(eddy_env_set_option(env, "metrics.reporter.prom.filterLabelValueCharacters", "false") == EDDY_OK);
    char *c = http_get(port, "/metrics", &status);
    ASSERT_STR_CONTAINS(c, "operator_name=\"Sink: BlackHole\"");
    free(a), free(b), free(c);
    /* a job that ended is no longer exported */
    eddy_job_cancel(job);
    eddy_job_wait(job, -1);
    char *d = http_get(port, "/metrics", &status);
    ASSERT_TRUE(strstr(d, label) == NULL);
    free(d);
    eddy_result_free(r);
    /* turned off */
    ASSERT_TRUE(eddy_env_set_option(env, "metrics.reporter.prom.factory.class", "") == EDDY_OK);
    ASSERT_TRUE(eddy_env_prometheus_port(env) == 0);
    ASSERT_TRUE(http_get(port, "/metrics", &status) == NULL);
    (void)t;
    eddy_env_free(env);
}

static eddy_status fail_at_7(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t v = 0;
    eddy_row_get_long(in, 0, &v);
    if (v == 7) return eddy_out_error(out, "row %lld is bad", (long long)v);
    return eddy_out_set_long(out, 0, v);
}

static eddy_status drop(void *ctx, const eddy_row *in) {
    (void)ctx, (void)in;
    return EDDY_OK;
}

TEST(test_rest_api) {
    eddy_env *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "SET 'pipeline.name' = 'x'");
    exec_ok(t, "SET 's3.secret-key' = 'hush'");
    exec_ok(t, "SET 'rest.port' = '0'");
    int port = eddy_env_rest_port(env);
    ASSERT_TRUE(port > 0);
    int status;
    char *page = http_get(port, "/", &status);
    ASSERT_TRUE(page && status == 200);
    ASSERT_STR_CONTAINS(page, "<title>eddy dashboard</title>");
    ASSERT_TRUE(strstr(page, "http://") == NULL && strstr(page, "https://") == NULL); /* nothing from elsewhere */
    free(page);

    eddy_result *r;
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '200', "
               "'number-of-rows' = '100000')");
    exec_ok(t, "CREATE TABLE snk (x BIGINT) WITH ('connector' = 'blackhole')");
    r = eddy_tenv_execute_sql(t, "INSERT INTO snk SELECT x FROM g WHERE x IS NOT NULL");
    eddy_job *job = eddy_result_job(r);
    char path[128];
    sleep_ms(400);
    char *ov = http_get(port, "/jobs/overview", &status);
    ASSERT_TRUE(ov && status == 200);
    ASSERT_STR_CONTAINS(ov, eddy_job_id(job));
    ASSERT_STR_CONTAINS(ov, "\"name\":\"insert-into_default_catalog.default_database.snk\",\"state\":\"RUNNING\"");
    free(ov);
    snprintf(path, sizeof path, "/v1/jobs/%s", eddy_job_id(job));
    char *det = http_get(port, path, &status);
    ASSERT_TRUE(det && status == 200);
    ASSERT_STR_CONTAINS(det, "\"state\":\"RUNNING\"");
    ASSERT_STR_CONTAINS(det, "\"name\":\"DataGenSource\",\"parallelism\":2,\"metrics\":{\"numRecordsIn\":0,");
    ASSERT_STR_CONTAINS(det, "\"name\":\"Sink: BlackHole\",\"parallelism\":2,");
    ASSERT_STR_CONTAINS(det, "\"backPressuredTimeMsPerSecond\":");
    ASSERT_STR_CONTAINS(det, "\"stateSize\":");
    free(det);
    eddy_job_cancel(job);
    eddy_job_wait(job, -1);
    eddy_result_free(r); /* the handle is gone: the dashboard keeps what it saw */
    char *ov2 = http_get(port, "/overview", &status);
    ASSERT_STR_CONTAINS(ov2, "\"jobs-running\":0,\"jobs-finished\":0,\"jobs-cancelled\":1,\"jobs-failed\":0");
    free(ov2);

    /* a failed job and its exception */
    eddy_stream_add_sink(eddy_stream_map(eddy_from_sequence(env, 1, 100), "BIGINT", fail_at_7, NULL, NULL), drop,
                         NULL, NULL, 1);
    eddy_job *fj = NULL;
    ASSERT_TRUE(eddy_env_execute_async(env, "fails", &fj) == EDDY_OK);
    ASSERT_TRUE(eddy_job_wait(fj, -1) == EDDY_JOB_FAILED);
    snprintf(path, sizeof path, "/jobs/%s/exceptions", eddy_job_id(fj));
    char *ex = http_get(port, path, &status);
    ASSERT_TRUE(ex && status == 200);
    ASSERT_STR_CONTAINS(ex, "\"root-exception\":\"");
    ASSERT_STR_CONTAINS(ex, "row 7 is bad");
    free(ex);
    eddy_job_free(fj);
    char *ov3 = http_get(port, "/overview", &status);
    ASSERT_STR_CONTAINS(ov3, "\"jobs-cancelled\":1,\"jobs-failed\":1");
    free(ov3);

    char *cfg = http_get(port, "/jobmanager/config", &status);
    ASSERT_STR_CONTAINS(cfg, "{\"key\":\"pipeline.name\",\"value\":\"x\"}");
    ASSERT_STR_CONTAINS(cfg, "{\"key\":\"s3.secret-key\",\"value\":\"****\"}");
    ASSERT_STR_CONTAINS(cfg, "{\"key\":\"parallelism.default\",\"value\":\"2\"}");
    free(cfg);
    char *nf = http_get(port, "/jobs/0123", &status);
    ASSERT_TRUE(status == 404);
    ASSERT_STR_EQ(nf, "{\"errors\":[\"Not found: /jobs/0123\"]}");
    free(nf);
    eddy_env_free(env);
}

/* A job with checkpoints: Flink's checkpoint metrics on the Prometheus
 * endpoint and its CheckpointingStatistics at /jobs/<id>/checkpoints,
 * agreeing with eddy_job_checkpoint_stats. */
TEST(test_checkpoint_metrics) {
    char *dir = tmpdir();
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    exec_ok(t, "SET 'rest.port' = '0'");
    exec_ok(t, "SET 'metrics.reporter.prom.port' = '0'");
    exec_ok(t, "SET 'metrics.reporter.prom.factory.class' = '" PROM_FACTORY "'");
    exec_ok(t, "SET 'execution.checkpointing.interval' = '30 ms'");
    char set_dir[4200];
    snprintf(set_dir, sizeof set_dir, "SET 'execution.checkpointing.dir' = '%s'", dir);
    exec_ok(t, set_dir);
    int rest = eddy_env_rest_port(env), prom = eddy_env_prometheus_port(env);
    ASSERT_TRUE(rest > 0 && prom > 0);
    exec_ok(t, "CREATE TABLE g (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '500', "
               "'fields.x.kind' = 'sequence', 'fields.x.start' = '1', 'fields.x.end' = '100000')");
    exec_ok(t, "CREATE TABLE snk (x BIGINT, n BIGINT) WITH ('connector' = 'blackhole')");
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO snk SELECT x % 10, COUNT(*) FROM g GROUP BY x % 10");
    ASSERT_TRUE(r != NULL);
    eddy_job *job = eddy_result_job(r);
    eddy_checkpoint_stats ck = {0};
    for (int i = 0; i < 200 && ck.completed < 3; i++) {
        sleep_ms(50);
        eddy_job_checkpoint_stats(job, &ck);
    }
    ASSERT_TRUE(ck.completed >= 3);
    ASSERT_TRUE(ck.last_size > 0);
    int status;
    char *m = http_get(prom, "/metrics", &status);
    ASSERT_TRUE(m && status == 200);
    char label[64];
    snprintf(label, sizeof label, "job_id=\"%s\"", eddy_job_id(job));
    double done = prom_value(m, "flink_jobmanager_job_numberOfCompletedCheckpoints", label);
    double last = prom_value(m, "flink_jobmanager_job_lastCompletedCheckpointId", label);
    ASSERT_TRUE(done >= 3);
    ASSERT_TRUE(last >= done); /* ids count from 1, none restored */
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_lastCheckpointSize", label) > 0);
    /* full snapshots (the heap): the full size is the size */
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_lastCheckpointFullSize", label) ==
                prom_value(m, "flink_jobmanager_job_lastCheckpointSize", label));
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_lastCheckpointDuration", label) >= 0);
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_totalNumberOfCheckpoints", label) >= done);
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_numberOfFailedCheckpoints", label) == 0);
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_numRestarts", label) == 0);
    ASSERT_STR_CONTAINS(m, "# TYPE flink_jobmanager_job_lastCheckpointRestoreTimestamp gauge\n");
    ASSERT_STR_CONTAINS(m, "flink_jobmanager_job_lastCheckpointRestoreTimestamp{");
    ASSERT_TRUE(prom_value(m, "flink_jobmanager_job_lastCheckpointRestoreTimestamp", label) == -1);
    free(m);
    char path[128];
    snprintf(path, sizeof path, "/jobs/%s/checkpoints", eddy_job_id(job));
    char *js = http_get(rest, path, &status);
    ASSERT_TRUE(js && status == 200);
    ASSERT_STR_CONTAINS(js, "{\"counts\":{\"restored\":0,\"total\":");
    ASSERT_STR_CONTAINS(js, "\"failed\":0},\"summary\":{\"checkpointed_size\":{\"min\":");
    ASSERT_STR_CONTAINS(js, "\"latest\":{\"completed\":{\"className\":\"completed\",\"id\":");
    ASSERT_STR_CONTAINS(js, "\"savepoint\":null,\"failed\":null,\"restored\":null},\"history\":[{");
    ASSERT_STR_CONTAINS(js, "\"status\":\"COMPLETED\",\"is_savepoint\":false,");
    free(js);
    eddy_job_cancel(job);
    eddy_job_wait(job, -1);
    eddy_result_free(r);
    eddy_env_free(env);
    rmtree(dir);
    free(dir);
}

TEST(test_option_errors) {
    eddy_env *env = new_env(1);
    eddy_env_set_option(env, "metrics.reporter.prom.port", "nine");
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value 'nine' for key 'metrics.reporter.prom.port'.");
    eddy_env_set_option(env, "metrics.reporter.prom.port", "9260-9250");
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value '9260-9250' for key 'metrics.reporter.prom.port'.");
    eddy_env_set_option(env, "metrics.reporter.prom.factory.class", "org.example.JmxReporterFactory");
    ASSERT_ENV_ERROR(env, EDDY_E_UNSUPPORTED, "not supported yet: the metric reporter 'org.example.JmxReporterFactory'");
    eddy_env_set_option(env, "metrics.reporter.prom.filterLabelValueCharacters", "maybe");
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value 'maybe' for key");
    eddy_env_set_option(env, "rest.bind-address", "example.org");
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Could not parse value 'example.org' for key 'rest.bind-address' (an IPv4 address or localhost).");
    eddy_env_set_option(env, "rest.port", "80-90");
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value '80-90' for key 'rest.port'.");
    /* a port in use: a second env asks for the first one's */
    ASSERT_TRUE(eddy_env_set_option(env, "rest.port", "0") == EDDY_OK);
    char port[16];
    snprintf(port, sizeof port, "%d", eddy_env_rest_port(env));
    eddy_env *other = new_env(1);
    eddy_env_set_option(other, "rest.port", port);
    char msg[128];
    snprintf(msg, sizeof msg, "Could not start the web dashboard on 127.0.0.1:%s (the port may be in use).", port);
    ASSERT_ENV_ERROR(other, EDDY_E_IO, msg);
    ASSERT_TRUE(eddy_env_rest_port(other) == 0);
    /* the same for the reporter; a range goes on to the next free port */
    ASSERT_TRUE(eddy_env_set_option(other, "metrics.reporter.prom.port", port) == EDDY_OK);
    eddy_env_set_option(other, "metrics.reporter.prom.factory.class", PROM_FACTORY);
    snprintf(msg, sizeof msg, "Could not start the Prometheus reporter on 127.0.0.1:%s (the port may be in use).",
             port);
    ASSERT_ENV_ERROR(other, EDDY_E_IO, msg);
    char range[40];
    int p = eddy_env_rest_port(env);
    snprintf(range, sizeof range, "%d-%d", p, p + 20);
    ASSERT_TRUE(eddy_env_set_option(other, "metrics.reporter.prom.port", range) == EDDY_OK);
    ASSERT_TRUE(eddy_env_prometheus_port(other) > p);
    ASSERT_TRUE(eddy_env_errcode(other) == EDDY_OK);
    /* SET on a table environment knows the options */
    ASSERT_TRUE(eddy_option_is_known("rest.port") && eddy_option_is_known("metrics.reporter.prom.port"));
    eddy_env_free(other);
    eddy_env_free(env);
}

static void sum_in(void *ud, const eddy_metric *m) {
    if (!strcmp(m->name, "numRecordsIn")) *(int64_t *)ud += m->int_value;
}

/* eddy.metrics.enabled = false: the job runs, its counters stay 0 */
TEST(test_metrics_off) {
    eddy_env *env = new_env(1);
    eddy_env_set_option(env, "eddy.metrics.enabled", "no");
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Could not parse value 'no' for key 'eddy.metrics.enabled'.");
    for (int off = 0; off < 2; off++) {
        ASSERT_TRUE(eddy_env_set_option(env, "eddy.metrics.enabled", off ? "false" : "true") == EDDY_OK);
        eddy_stream_add_sink(eddy_from_sequence(env, 1, 100), drop, NULL, NULL, 1);
        eddy_job *job = NULL;
        ASSERT_TRUE(eddy_env_execute_async(env, "counted", &job) == EDDY_OK);
        ASSERT_TRUE(eddy_job_wait(job, -1) == EDDY_JOB_FINISHED);
        int64_t in = 0;
        ASSERT_TRUE(eddy_job_metrics(job, sum_in, &in) > 0);
        ASSERT_TRUE(in == (off ? 0 : 100));
        eddy_job_free(job);
    }
    eddy_env_free(env);
}

int main(void) {
    RUN(test_metrics_off);
    RUN(test_prometheus_scrape_grows);
    RUN(test_rest_api);
    RUN(test_checkpoint_metrics);
    RUN(test_option_errors);
    return test_report();
}
