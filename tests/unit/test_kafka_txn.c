/*
 * test_kafka_txn.c -- eddy__kafka_end_txn (src/connectors/kafka_txn.c)
 * against a fake broker of this test: a thread that answers
 * FindCoordinator (pointing at itself) and EndTxn with the error codes a
 * test scripts, and notes every request it decodes (API key and version,
 * the EndTxn fields). The mock cluster of librdkafka checks the producer
 * id and epoch but not the committed flag; here each field is seen.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

#include "connectors/kafka_txn.h"
#include "test.h"

#define MAXSCRIPT 8

/* The fake broker: answers in order from find_err / end_err (then 0). */
typedef struct Fake {
    int lfd, port;
    int16_t find_err[MAXSCRIPT], end_err[MAXSCRIPT];
    int nfind, nend;      /* requests seen */
    int16_t versions[16]; /* of each request, in order */
    int nreq;
    char txn_id[128];
    int64_t pid;
    int16_t epoch;
    int committed;
    volatile int stop;
    pthread_t th;
} Fake;

static int read_n(int fd, unsigned char *b, size_t n) {
    while (n) {
        ssize_t r = read(fd, b, n);
        if (r <= 0) return -1;
        b += r, n -= (size_t)r;
    }
    return 0;
}

static uint32_t be(const unsigned char *b, int n) {
    uint32_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | b[i];
    return v;
}

static void put_be(unsigned char *b, uint64_t v, int n) {
    for (int i = n - 1; i >= 0; i--, v >>= 8) b[i] = (unsigned char)v;
}

static void serve(Fake *f, int fd) {
    unsigned char hdr[4], req[1024], resp[256];
    while (read_n(fd, hdr, 4) == 0) {
        uint32_t len = be(hdr, 4);
        if (len > sizeof req || read_n(fd, req, len)) return;
        int16_t api = (int16_t)be(req, 2), ver = (int16_t)be(req + 2, 2);
        uint32_t corr = be(req + 4, 4);
        int16_t cl = (int16_t)be(req + 8, 2);
        const unsigned char *p = req + 10 + (cl > 0 ? cl : 0);
        if (f->nreq < 16) f->versions[f->nreq++] = ver;
        size_t n = 8; /* size, correlation id */
        put_be(resp + 4, corr, 4);
        put_be(resp + n, 0, 4), n += 4; /* throttle */
        if (api == 10) {
            int16_t e = f->nfind < MAXSCRIPT ? f->find_err[f->nfind] : 0;
            f->nfind++;
            put_be(resp + n, (uint16_t)e, 2), n += 2;
            put_be(resp + n, 0xFFFF, 2), n += 2; /* null message */
            put_be(resp + n, 1, 4), n += 4;      /* node */
            put_be(resp + n, 9, 2), n += 2;
            memcpy(resp + n, "127.0.0.1", 9), n += 9;
            put_be(resp + n, (uint32_t)f->port, 4), n += 4;
        } else if (api == 26) {
            int16_t il = (int16_t)be(p, 2);
            snprintf(f->txn_id, sizeof f->txn_id, "%.*s", il, (const char *)p + 2);
            p += 2 + il;
            f->pid = (int64_t)((uint64_t)be(p, 4) << 32 | be(p + 4, 4));
            f->epoch = (int16_t)be(p + 8, 2);
            f->committed = p[10];
            int16_t e = f->nend < MAXSCRIPT ? f->end_err[f->nend] : 0;
            f->nend++;
            put_be(resp + n, (uint16_t)e, 2), n += 2;
        } else {
            return;
        }
        put_be(resp, n - 4, 4);
        if (write(fd, resp, n) != (ssize_t)n) return;
    }
}

static void *fake_main(void *arg) {
    Fake *f = arg;
    while (!f->stop) {
        int fd = accept(f->lfd, NULL, NULL);
        if (fd < 0) continue;
        serve(f, fd);
        close(fd);
    }
    return NULL;
}

static void fake_start(Fake *f) {
    f->lfd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t al = sizeof a;
    bind(f->lfd, (struct sockaddr *)&a, sizeof a);
    listen(f->lfd, 8);
    getsockname(f->lfd, (struct sockaddr *)&a, &al);
    f->port = ntohs(a.sin_port);
    pthread_create(&f->th, NULL, fake_main, f);
}

static void fake_stop(Fake *f) {
    f->stop = 1;
    shutdown(f->lfd, SHUT_RDWR);
    close(f->lfd);
    /* wake accept() */
    pthread_join(f->th, NULL);
}

static KTxnEnd end_at(Fake *f, const char *prefix, int timeout_ms, char *why, size_t n) {
    char boot[128];
    snprintf(boot, sizeof boot, "%s127.0.0.1:%d", prefix, f->port);
    return eddy__kafka_end_txn(boot, "eo-2-17", 123456789012LL, 7, true, timeout_ms, why, n);
}

/* FindCoordinator v1 then EndTxn v1 with the transactional id, producer
 * id, epoch and committed = 1. */
TEST(commits_with_the_producer_id_and_epoch) {
    Fake f = {0};
    fake_start(&f);
    char why[256];
    ASSERT_EQ_INT(end_at(&f, "", 5000, why, sizeof why), KTXN_DONE);
    fake_stop(&f);
    ASSERT_EQ_INT(f.nfind, 1);
    ASSERT_EQ_INT(f.nend, 1);
    ASSERT_EQ_INT(f.versions[0], 1);
    ASSERT_EQ_INT(f.versions[1], 1);
    ASSERT_STR_EQ(f.txn_id, "eo-2-17");
    ASSERT_TRUE(f.pid == 123456789012LL);
    ASSERT_EQ_INT(f.epoch, 7);
    ASSERT_EQ_INT(f.committed, 1);
}

/* Retriable answers are tried again (the coordinator looked up anew);
 * a PLAINTEXT:// prefix is dropped. */
TEST(retries_retriable_answers) {
    Fake f = {.find_err = {15 /* COORDINATOR_NOT_AVAILABLE */}, .end_err = {51 /* CONCURRENT_TRANSACTIONS */, 16 /* NOT_COORDINATOR */}};
    fake_start(&f);
    char why[256];
    ASSERT_EQ_INT(end_at(&f, "PLAINTEXT://", 10000, why, sizeof why), KTXN_DONE);
    fake_stop(&f);
    ASSERT_EQ_INT(f.nfind, 4);
    ASSERT_EQ_INT(f.nend, 3);
}

/* A transaction ended before: its producer fenced, or another state. */
TEST(ended_before_is_finished) {
    int16_t codes[] = {47 /* INVALID_PRODUCER_EPOCH */, 90 /* PRODUCER_FENCED */, 48 /* INVALID_TXN_STATE */,
                       59 /* UNKNOWN_PRODUCER_ID */};
    const char *texts[] = {"Broker: Producer attempted an operation with an old epoch",
                           "Broker: There is a newer producer with the same transactionalId which fences the current one",
                           "Broker: Producer attempted a transactional operation in an invalid state",
                           "Broker: Unknown Producer Id"};
    for (int i = 0; i < 4; i++) {
        Fake f = {.end_err = {codes[i]}};
        fake_start(&f);
        char why[256];
        ASSERT_EQ_INT(end_at(&f, "", 5000, why, sizeof why), KTXN_FINISHED);
        fake_stop(&f);
        ASSERT_STR_EQ(why, texts[i]);
        ASSERT_EQ_INT(f.nend, 1);
    }
}

/* Other answers fail at once, with the broker's error. */
TEST(other_errors_fail) {
    Fake f = {.end_err = {53 /* TRANSACTIONAL_ID_AUTHORIZATION_FAILED */}};
    fake_start(&f);
    char why[256];
    ASSERT_EQ_INT(end_at(&f, "", 5000, why, sizeof why), KTXN_FAILED);
    fake_stop(&f);
    ASSERT_STR_EQ(why, "Broker: Transactional Id authorization failed");
    Fake g = {.find_err = {53}};
    fake_start(&g);
    ASSERT_EQ_INT(end_at(&g, "", 5000, why, sizeof why), KTXN_FAILED);
    fake_stop(&g);
    ASSERT_STR_EQ(why, "Broker: Transactional Id authorization failed");
    ASSERT_EQ_INT(g.nend, 0);
}

/* No broker: tried until the timeout; no server in the list at all. */
TEST(unreachable_and_empty) {
    Fake f = {0};
    fake_start(&f);
    int port = f.port;
    fake_stop(&f); /* nothing listens there now */
    char boot[64], why[256];
    snprintf(boot, sizeof boot, "127.0.0.1:%d", port);
    ASSERT_EQ_INT(eddy__kafka_end_txn(boot, "t", 1, 0, true, 300, why, sizeof why), KTXN_FAILED);
    char want[160];
    snprintf(want, sizeof want, "timed out after 300 ms (could not connect to 127.0.0.1:%d: Connection refused)", port);
    ASSERT_STR_EQ(why, want);
    ASSERT_EQ_INT(eddy__kafka_end_txn(" , ", "t", 1, 0, true, 300, why, sizeof why), KTXN_FAILED);
    ASSERT_STR_EQ(why, "no bootstrap server in ' , '");
}

int main(void) {
    RUN(commits_with_the_producer_id_and_epoch);
    RUN(retries_retriable_answers);
    RUN(ended_before_is_finished);
    RUN(other_errors_fail);
    RUN(unreachable_and_empty);
    return test_report();
}
