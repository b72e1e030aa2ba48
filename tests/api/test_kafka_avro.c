/*
 * test_kafka_avro.c -- 'value.format' / 'key.format' = 'avro' on the kafka
 * connector against librdkafka's in-process mock cluster: every type
 * written by the sink and read back (NULLs, nested rows, arrays, maps,
 * decimals, timestamps), a message's exact bytes (one Avro datum, no
 * header; a last byte 0x0a kept), a malformed message failing the job with
 * topic, partition and offset, and the options Flink's avro format lacks.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include "check.h"

static rd_kafka_t *mock_rk;
static rd_kafka_mock_cluster_t *mock;
static const char *boot;
static char sql[8192];

#define EXEC(t, s) ASSERT_TEXT(exec_sql((t), (s)), "OK\n")
#define SQL(...) (snprintf(sql, sizeof sql, __VA_ARGS__), sql)

/* Runs an INSERT to its end (the job awaited): "OK" or "ERROR: <message>". */
static char *insert(eddy_tenv *t, const char *q) {
    eddy_result *r = eddy_tenv_execute_sql(t, q);
    if (!r) return env_error_text(eddy_tenv_env(t));
    eddy_status st = eddy_result_await(r);
    eddy_result_free(r);
    return st ? env_error_text(eddy_tenv_env(t)) : strdup("OK");
}

/* Produces one message of n bytes to partition 0. */
static void produce_bytes(const char *topic, const void *value, size_t n) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "bootstrap.servers", boot, why, sizeof why);
    rd_kafka_t *p = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    rd_kafka_producev(p, RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_PARTITION(0), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                      RD_KAFKA_V_VALUE((void *)value, n), RD_KAFKA_V_END);
    rd_kafka_flush(p, 10000);
    rd_kafka_destroy(p);
}

/* The bytes of the first message of partition 0, as "[2, 4, ...]". */
static char *first_message(const char *topic) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "bootstrap.servers", boot, why, sizeof why);
    rd_kafka_conf_set(c, "group.id", "avro-test", why, sizeof why);
    rd_kafka_t *k = rd_kafka_new(RD_KAFKA_CONSUMER, c, why, sizeof why);
    rd_kafka_topic_partition_list_t *l = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(l, topic, 0)->offset = RD_KAFKA_OFFSET_BEGINNING;
    rd_kafka_assign(k, l);
    rd_kafka_topic_partition_list_destroy(l);
    char *out = strdup("none");
    for (int i = 0; i < 100; i++) {
        rd_kafka_message_t *m = rd_kafka_consumer_poll(k, 100);
        if (!m) continue;
        if (!m->err) {
            free(out);
            out = malloc(m->len * 5 + 3);
            size_t n = 0;
            out[n++] = '[';
            for (size_t b = 0; b < m->len; b++) n += (size_t)sprintf(out + n, "%s%u", b ? ", " : "", ((unsigned char *)m->payload)[b]);
            out[n++] = ']';
            out[n] = 0;
            rd_kafka_message_destroy(m);
            break;
        }
        rd_kafka_message_destroy(m);
    }
    rd_kafka_consumer_close(k);
    rd_kafka_destroy(k);
    return out;
}

#define BOUNDED "'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset'"

TEST(every_type_round_trip) {
    rd_kafka_mock_topic_create(mock, "avro_all", 2, 1);
    for (int mode = 0; mode < 2; mode++) {
        eddy_env *env = new_env(2);
        eddy_tenv *t = eddy_tenv_new_in_mode(env, mode ? EDDY_STREAMING : EDDY_BATCH);
        EXEC(t, SQL("CREATE TABLE all_t (k STRING NOT NULL, b BOOLEAN, ti TINYINT, i INT, bi BIGINT, f FLOAT, "
                    "d DOUBLE, dcm DECIMAL(38, 10), s STRING, bin BYTES, dt DATE, tm TIME(3), ts TIMESTAMP(3), "
                    "arr ARRAY<STRING>, m MAP<STRING, INT>, r ROW<x INT, y ARRAY<ROW<z DECIMAL(5, 2)>>>) WITH "
                    "('connector' = 'kafka', 'topic' = 'avro_all', 'properties.bootstrap.servers' = '%s', "
                    "'key.format' = 'avro', 'key.fields' = 'k', 'value.format' = 'avro', " BOUNDED ")",
                    boot));
        if (!mode) {
            ASSERT_TEXT(insert(t, "INSERT INTO all_t VALUES "
                                  "('a', true, CAST(7 AS TINYINT), -1, 1234567890123, CAST(0.25 AS FLOAT), 1e300, "
                                  "CAST('1234567890123456789012345678.0123456789' AS DECIMAL(38, 10)), 'x y', "
                                  "X'0a', DATE '1900-01-01', TIME '00:00:00.001', TIMESTAMP '2262-04-11 23:47:16.854', "
                                  "ARRAY['p', CAST(NULL AS STRING)], MAP['m', 1], ROW(1, ARRAY[ROW(-0.01)])), "
                                  "('b', CAST(NULL AS BOOLEAN), CAST(NULL AS TINYINT), CAST(NULL AS INT), "
                                  "CAST(NULL AS BIGINT), CAST(NULL AS FLOAT), CAST(NULL AS DOUBLE), "
                                  "CAST(NULL AS DECIMAL(38, 10)), CAST(NULL AS STRING), CAST(NULL AS BYTES), "
                                  "CAST(NULL AS DATE), CAST(NULL AS TIME(3)), CAST(NULL AS TIMESTAMP(3)), "
                                  "ARRAY[CAST(NULL AS STRING)], CAST(NULL AS MAP<STRING, INT>), "
                                  "ROW(CAST(NULL AS INT), CAST(NULL AS ARRAY<ROW<z DECIMAL(5, 2)>>)))"),
                        "OK");
        }
        ASSERT_TEXT(sorted_lines(exec_sql(t, "SELECT * FROM all_t")),
                    "+I[a, true, 7, -1, 1234567890123, 0.25, 1.0E300, 1234567890123456789012345678.0123456789, "
                    "x y, [10], 1900-01-01, 00:00:00.001, 2262-04-11T23:47:16.854, [p, null], {m=1}, "
                    "+I[1, [+I[-0.01]]]]\n"
                    "+I[b, null, null, null, null, null, null, null, null, null, null, null, null, [null], null, "
                    "+I[null, null]]\n");
        eddy_env_free(env);
    }
}

TEST(message_bytes) {
    rd_kafka_mock_topic_create(mock, "avro_bytes", 1, 1);
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE small (name STRING, id INT NOT NULL) WITH ('connector' = 'kafka', 'topic' = "
                "'avro_bytes', 'properties.bootstrap.servers' = '%s', 'format' = 'avro', " BOUNDED ")",
                boot));
    ASSERT_TEXT(insert(t, "INSERT INTO small VALUES ('ab', 5)"), "OK");
    /* union branch 1 (02), length 2 (04), "ab", 5 zig-zagged (0a): the
     * last byte, a line feed, is the datum's */
    ASSERT_TEXT(first_message("avro_bytes"), "[2, 4, 97, 98, 10]");
    ASSERT_TEXT(exec_sql(t, "SELECT * FROM small"), "+I[ab, 5]\n");
    eddy_env_free(env);
}

TEST(malformed_message) {
    rd_kafka_mock_topic_create(mock, "avro_bad", 1, 1);
    produce_bytes("avro_bad", "\x02\x04\x61\x62\x0a", 5);
    produce_bytes("avro_bad", "\x02\x08\x61", 3); /* a string cut short */
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    EXEC(t, SQL("CREATE TABLE bad (name STRING, id INT NOT NULL) WITH ('connector' = 'kafka', 'topic' = 'avro_bad', "
                "'properties.bootstrap.servers' = '%s', 'value.format' = 'avro', " BOUNDED ")",
                boot));
    char *got = exec_sql(t, "SELECT * FROM bad");
    ASSERT_STR_CONTAINS(got, "ERROR: Failed to deserialize consumer record ConsumerRecord(topic = avro_bad, partition = "
                             "0, offset = 1): Failed to deserialize Avro record: the datum ends early.");
    free(got);
    /* Flink's avro format has no ignore-parse-errors */
    got = exec_sql(t, "SELECT * FROM bad /*+ OPTIONS('value.avro.ignore-parse-errors' = 'true') */");
    ASSERT_STR_CONTAINS(got, "avro.ignore-parse-errors");
    free(got);
    EXEC(t, SQL("CREATE TABLE reg (id INT) WITH ('connector' = 'kafka', 'topic' = 'avro_bad', "
                "'properties.bootstrap.servers' = '%s', 'value.format' = 'avro-confluent', " BOUNDED ")",
                boot));
    got = exec_sql(t, "SELECT * FROM reg");
    ASSERT_STR_CONTAINS(got, "not supported yet: the format 'avro-confluent'");
    free(got);
    eddy_env_free(env);
}

int main(void) {
    char why[256];
    rd_kafka_conf_t *c = rd_kafka_conf_new();
    rd_kafka_conf_set(c, "log_level", "0", why, sizeof why);
    mock_rk = rd_kafka_new(RD_KAFKA_PRODUCER, c, why, sizeof why);
    mock = rd_kafka_mock_cluster_new(mock_rk, 3);
    boot = rd_kafka_mock_cluster_bootstraps(mock);
    RUN(every_type_round_trip);
    RUN(message_bytes);
    RUN(malformed_message);
    rd_kafka_mock_cluster_destroy(mock);
    rd_kafka_destroy(mock_rk);
    return test_report();
}
