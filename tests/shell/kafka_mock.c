/*
 * kafka_mock.c -- a Kafka cluster for the shell's tests: librdkafka's mock
 * cluster (brokers on loopback ports of this process) that other processes
 * reach over TCP like real brokers.
 *
 *   kafka_mock FILE [BROKERS [TOPIC:PARTITIONS ...]]
 *
 * starts BROKERS brokers (default 1), creates the topics, writes the
 * cluster's bootstrap servers ("127.0.0.1:port,...") to FILE (atomically:
 * FILE appears complete) and runs until SIGTERM, SIGINT or SIGHUP. Topics a
 * client asks for that do not exist are created by the brokers.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: kafka_mock FILE [BROKERS [TOPIC:PARTITIONS ...]]\n");
        return 2;
    }
    int brokers = argc > 2 ? atoi(argv[2]) : 1;
    if (brokers < 1) brokers = 1;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    /* blocked before librdkafka starts its threads, so that they inherit the mask */
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    char why[256];
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    rd_kafka_conf_set(conf, "log_level", "0", why, sizeof why);
    rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof why);
    if (!rk) {
        fprintf(stderr, "kafka_mock: %s\n", why);
        return 1;
    }
    rd_kafka_mock_cluster_t *mock = rd_kafka_mock_cluster_new(rk, brokers);
    if (!mock) {
        fprintf(stderr, "kafka_mock: the mock cluster did not start\n");
        return 1;
    }
    for (int i = 3; i < argc; i++) {
        char topic[256];
        const char *colon = strrchr(argv[i], ':');
        size_t len = colon ? (size_t)(colon - argv[i]) : strlen(argv[i]);
        if (len >= sizeof topic) len = sizeof topic - 1;
        memcpy(topic, argv[i], len);
        topic[len] = 0;
        int parts = colon ? atoi(colon + 1) : 1;
        rd_kafka_resp_err_t e = rd_kafka_mock_topic_create(mock, topic, parts > 0 ? parts : 1, brokers < 3 ? brokers : 3);
        if (e) {
            fprintf(stderr, "kafka_mock: topic %s: %s\n", topic, rd_kafka_err2str(e));
            return 1;
        }
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[1]);
    FILE *f = fopen(tmp, "w");
    if (!f || fprintf(f, "%s\n", rd_kafka_mock_cluster_bootstraps(mock)) < 0 || fclose(f) || rename(tmp, argv[1])) {
        fprintf(stderr, "kafka_mock: cannot write %s\n", argv[1]);
        return 1;
    }
    int sig;
    sigwait(&set, &sig);
    rd_kafka_mock_cluster_destroy(mock);
    rd_kafka_destroy(rk);
    return 0;
}
