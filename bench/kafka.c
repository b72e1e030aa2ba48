/*
 * kafka.c -- the 'kafka' connector against librdkafka's own client loops,
 * in the same run, on librdkafka's in-process mock cluster (one broker,
 * a topic of 4 partitions):
 *
 *   sink:   eddy  INSERT INTO k SELECT f0, 'user-' || f0, f0 % 1000 FROM Seq  (json)
 *           base  a producer loop: snprintf the same JSON, rd_kafka_producev, flush
 *   source: eddy  SELECT COUNT(*), SUM(amount) FROM k  (bounded, json decoded)
 *           base  a consumer loop: assign the partitions, poll to their ends,
 *                 sum the payload bytes (no decoding)
 *
 * Reports messages/s per second of CPU time (best of the repeats) and the
 * ratio to the baseline. The broker runs in this process, so both sides'
 * CPU includes its share; the ratios understate the connector's own cost.
 *
 *   bench_kafka [messages] [repeats]      (defaults: 200000, 3)
 *
 * The mock cluster keeps a bounded log per partition (about 90,000 messages
 * here): past that both readers see fewer messages than were written and
 * the run stops with "mismatch", so keep messages under ~300,000.
 */
#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define PARTS 4

static const char *boot;

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static rd_kafka_t *client(rd_kafka_type_t type) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "bootstrap.servers", boot, why, sizeof why);
    rd_kafka_conf_set(c, "log_level", "0", why, sizeof why);
    if (type == RD_KAFKA_CONSUMER) {
        rd_kafka_conf_set(c, "group.id", "bench", why, sizeof why);
        rd_kafka_conf_set(c, "enable.partition.eof", "true", why, sizeof why);
        rd_kafka_conf_set(c, "enable.auto.commit", "false", why, sizeof why);
    } else {
        rd_kafka_conf_set(c, "linger.ms", "5", why, sizeof why);
    }
    rd_kafka_t *rk = rd_kafka_new(type, c, why, sizeof why);
    if (!rk) {
        fprintf(stderr, "rd_kafka_new: %s\n", why);
        exit(1);
    }
    return rk;
}

static void base_produce(const char *topic, long n) {
    rd_kafka_t *p = client(RD_KAFKA_PRODUCER);
    char msg[96];
    for (long i = 0; i < n; i++) {
        int len = snprintf(msg, sizeof msg, "{\"id\":%ld,\"name\":\"user-%ld\",\"amount\":%ld}", i, i, i % 1000);
        for (;;) {
            rd_kafka_resp_err_t e = rd_kafka_producev(p, RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                                                      RD_KAFKA_V_VALUE(msg, (size_t)len), RD_KAFKA_V_END);
            if (e == RD_KAFKA_RESP_ERR__QUEUE_FULL) {
                rd_kafka_poll(p, 10);
                continue;
            }
            if (e) {
                fprintf(stderr, "produce: %s\n", rd_kafka_err2str(e));
                exit(1);
            }
            break;
        }
    }
    rd_kafka_flush(p, 60000);
    rd_kafka_destroy(p);
}

/* Reads the topic to its end: the messages and payload bytes. */
static long base_consume(const char *topic, long *bytes) {
    rd_kafka_t *c = client(RD_KAFKA_CONSUMER);
    rd_kafka_poll_set_consumer(c);
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(PARTS);
    for (int i = 0; i < PARTS; i++)
        rd_kafka_topic_partition_list_add(l, topic, i)->offset = RD_KAFKA_OFFSET_BEGINNING;
    rd_kafka_assign(c, l);
    rd_kafka_topic_partition_list_destroy(l);
    long n = 0;
    int eof = 0;
    *bytes = 0;
    while (eof < PARTS) {
        rd_kafka_message_t *m = rd_kafka_consumer_poll(c, 1000);
        if (!m) continue;
        if (m->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) eof++;
        else if (!m->err) {
            n++;
            *bytes += (long)m->len;
        }
        rd_kafka_message_destroy(m);
    }
    rd_kafka_consumer_close(c);
    rd_kafka_destroy(c);
    return n;
}

static eddy_tenv *table_env(eddy_env **env, eddy_runtime_mode mode, const char *topic) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 1};
    *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, mode);
    char sql[600];
    snprintf(sql, sizeof sql,
             "CREATE TABLE k (id BIGINT, name STRING, amount BIGINT) WITH ('connector' = 'kafka', 'topic' = '%s', "
             "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = 'earliest-offset', "
             "'scan.bounded.mode' = 'latest-offset')",
             topic, boot);
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) {
        fprintf(stderr, "eddy: %s\n", eddy_env_errmsg(*env));
        exit(1);
    }
    eddy_result_free(r);
    return t;
}

static void eddy_sink(const char *topic, long n) {
    eddy_env *env;
    eddy_tenv *t = table_env(&env, EDDY_BATCH, topic);
    eddy_tenv_create_temporary_view_from_stream(t, "Seq", eddy_from_sequence(env, 0, n - 1), NULL);
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO k SELECT f0, CONCAT('user-', CAST(f0 AS STRING)), f0 % 1000 FROM Seq");
    if (!r || eddy_result_await(r) != EDDY_OK) {
        fprintf(stderr, "eddy sink: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
    eddy_result_free(r);
    eddy_env_free(env);
}

static long eddy_source(const char *topic, long *sum) {
    eddy_env *env;
    eddy_tenv *t = table_env(&env, EDDY_BATCH, topic);
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT COUNT(*), SUM(amount) FROM k");
    eddy_iter *it = r ? eddy_result_collect(r) : NULL;
    const eddy_row *row;
    long n = -1;
    eddy_status st = it ? EDDY_ROW : EDDY_E_RUNTIME;
    while (it && (st = eddy_iter_next(it, &row)) == EDDY_ROW) {
        int64_t c = 0, s = 0;
        eddy_row_get_long(row, 0, &c);
        eddy_row_get_long(row, 1, &s);
        n = (long)c;
        *sum = (long)s;
    }
    if (st != EDDY_DONE) {
        fprintf(stderr, "eddy source: %s\n", it ? eddy_iter_errmsg(it) : eddy_env_errmsg(env));
        exit(1);
    }
    eddy_iter_free(it);
    eddy_result_free(r);
    eddy_env_free(env);
    return n;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200000;
    int repeats = argc > 2 ? atoi(argv[2]) : 3;
    char why[256];
    rd_kafka_conf_t *mc = rd_kafka_conf_new();
    rd_kafka_conf_set(mc, "log_level", "0", why, sizeof why);
    rd_kafka_t *mrk = rd_kafka_new(RD_KAFKA_PRODUCER, mc, why, sizeof why);
    rd_kafka_mock_cluster_t *mock = rd_kafka_mock_cluster_new(mrk, 1);
    boot = rd_kafka_mock_cluster_bootstraps(mock);
    double best[4] = {1e30, 1e30, 1e30, 1e30};
    long want_sum = 0;
    for (long i = 0; i < n; i++) want_sum += i % 1000;
    for (int rep = 0; rep < repeats; rep++) {
        char base_topic[32], eddy_topic[32];
        snprintf(base_topic, sizeof base_topic, "base%d", rep);
        snprintf(eddy_topic, sizeof eddy_topic, "eddy%d", rep);
        rd_kafka_mock_topic_create(mock, base_topic, PARTS, 1);
        rd_kafka_mock_topic_create(mock, eddy_topic, PARTS, 1);
        double t0 = cpu_seconds();
        base_produce(base_topic, n);
        double t1 = cpu_seconds();
        eddy_sink(eddy_topic, n);
        double t2 = cpu_seconds();
        long bytes = 0, got = base_consume(base_topic, &bytes);
        double t3 = cpu_seconds();
        long sum = 0, egot = eddy_source(eddy_topic, &sum);
        double t4 = cpu_seconds();
        if (got != n || egot != n || sum != want_sum) {
            fprintf(stderr, "mismatch: base read %ld, eddy read %ld (sum %ld, want %ld) of %ld\n", got, egot, sum, want_sum, n);
            return 1;
        }
        double d[4] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3};
        for (int k = 0; k < 4; k++)
            if (d[k] < best[k]) best[k] = d[k];
    }
    printf("| | CPU s (best of %d) | messages/s per CPU s | ratio |\n|---|---|---|---|\n", repeats);
    printf("| producer loop (librdkafka) | %.3f | %.2f M | 1.00 |\n", best[0], n / best[0] / 1e6);
    printf("| eddy kafka sink (json) | %.3f | %.2f M | %.2fx |\n", best[1], n / best[1] / 1e6, best[1] / best[0]);
    printf("| consumer loop (librdkafka) | %.3f | %.2f M | 1.00 |\n", best[2], n / best[2] / 1e6);
    printf("| eddy kafka source (json) | %.3f | %.2f M | %.2fx |\n", best[3], n / best[3] / 1e6, best[3] / best[2]);
    rd_kafka_mock_cluster_destroy(mock);
    rd_kafka_destroy(mrk);
    return 0;
}
