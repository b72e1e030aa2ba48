/*
 * kafka_txn.c -- FindCoordinator + EndTxn over plain TCP (kafka_txn.h).
 *
 * Wire format (Kafka protocol, big-endian): a request is int32 size, then
 * the header v1 (int16 api key, int16 api version, int32 correlation id,
 * nullable string client id) and the body; a response is int32 size,
 * int32 correlation id, body. Strings are int16 length + bytes (-1: null).
 *   FindCoordinator v1 (key 10): string key, int8 key type (1: transaction)
 *     -> int32 throttle, int16 error, nullable string message, int32 node,
 *        string host, int32 port
 *   EndTxn v1 (key 26): string transactional id, int64 producer id,
 *     int16 epoch, int8 committed -> int32 throttle, int16 error
 * Both versions are served by every broker with transactions (0.11 on) and
 * by librdkafka's mock cluster.
 */
#include "connectors/kafka_txn.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>

#define API_FIND_COORDINATOR 10
#define API_END_TXN 26
#define KEY_TYPE_TRANSACTION 1
#define RETRY_MS 100
#define MAX_SERVERS 64

typedef struct HostPort {
    char host[256], port[16];
} HostPort;

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* host:port items of a bootstrap.servers list (PROTO:// prefixes dropped,
 * [v6]:port accepted); returns how many. */
static int parse_servers(const char *list, HostPort *out, int max) {
    int n = 0;
    const char *s = list;
    while (*s && n < max) {
        while (*s == ',' || *s == ' ') s++;
        const char *e = s;
        while (*e && *e != ',' && *e != ' ') e++;
        if (e == s) break;
        const char *item = s, *proto = strstr(s, "://");
        if (proto && proto < e) item = proto + 3;
        const char *colon = NULL;
        for (const char *c = item; c < e; c++)
            if (*c == ':') colon = c;
        const char *h = item, *he = colon ? colon : e;
        if (h < he && *h == '[' && he[-1] == ']') h++, he--;
        size_t hl = (size_t)(he - h), pl = colon ? (size_t)(e - colon - 1) : 0;
        if (hl && hl < sizeof out->host && pl < sizeof out->port) {
            memcpy(out[n].host, h, hl);
            out[n].host[hl] = 0;
            if (pl) memcpy(out[n].port, colon + 1, pl);
            else memcpy(out[n].port, "9092", 5), pl = 4;
            out[n].port[pl] = 0;
            n++;
        }
        s = e;
    }
    return n;
}

/* A connected socket to host:port before the deadline, or -1 (why set). */
static int dial(const char *host, const char *port, int64_t deadline, char *why, size_t n) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *ai = NULL;
    int gai = getaddrinfo(host, port, &hints, &ai);
    if (gai) {
        snprintf(why, n, "could not resolve %s:%s: %s", host, port, gai_strerror(gai));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        int rc = connect(fd, a->ai_addr, a->ai_addrlen);
        if (rc < 0 && errno == EINPROGRESS) {
            struct pollfd p = {fd, POLLOUT, 0};
            int64_t left = deadline - now_ms();
            int soerr = 0;
            socklen_t sl = sizeof soerr;
            if (left > 0 && poll(&p, 1, (int)left) == 1 && !getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) && !soerr)
                rc = 0;
            else errno = soerr ? soerr : ETIMEDOUT;
        }
        if (rc < 0) {
            snprintf(why, n, "could not connect to %s:%s: %s", host, port, strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(ai);
    return fd;
}

/* Waits until fd is ready for ev before the deadline. */
static bool wait_fd(int fd, short ev, int64_t deadline) {
    for (;;) {
        int64_t left = deadline - now_ms();
        if (left <= 0) return false;
        struct pollfd p = {fd, ev, 0};
        int r = poll(&p, 1, (int)left);
        if (r > 0) return true;
        if (r < 0 && errno != EINTR) return false;
    }
}

static bool send_all(int fd, const unsigned char *b, size_t len, int64_t deadline) {
    while (len) {
        ssize_t w = send(fd, b, len, MSG_NOSIGNAL);
        if (w > 0) {
            b += w, len -= (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EINTR) return false;
        if (!wait_fd(fd, POLLOUT, deadline)) return false;
    }
    return true;
}

static bool recv_all(int fd, unsigned char *b, size_t len, int64_t deadline) {
    while (len) {
        ssize_t r = recv(fd, b, len, 0);
        if (r > 0) {
            b += r, len -= (size_t)r;
            continue;
        }
        if (r == 0 || (errno != EAGAIN && errno != EINTR)) return false;
        if (!wait_fd(fd, POLLIN, deadline)) return false;
    }
    return true;
}

/* A request being written. */
typedef struct Req {
    unsigned char b[512];
    size_t len;
    bool over;
} Req;

static void put(Req *r, const void *p, size_t n) {
    if (r->len + n > sizeof r->b) {
        r->over = true;
        return;
    }
    memcpy(r->b + r->len, p, n);
    r->len += n;
}
static void put_u8(Req *r, uint8_t v) { put(r, &v, 1); }
static void put_i16(Req *r, int16_t v) {
    unsigned char b[2] = {(unsigned char)((uint16_t)v >> 8), (unsigned char)v};
    put(r, b, 2);
}
static void put_i32(Req *r, int32_t v) {
    uint32_t u = (uint32_t)v;
    unsigned char b[4] = {(unsigned char)(u >> 24), (unsigned char)(u >> 16), (unsigned char)(u >> 8), (unsigned char)u};
    put(r, b, 4);
}
static void put_i64(Req *r, int64_t v) {
    put_i32(r, (int32_t)((uint64_t)v >> 32));
    put_i32(r, (int32_t)(uint32_t)v);
}
static void put_str(Req *r, const char *s) {
    size_t n = strlen(s);
    if (n > 32767) {
        r->over = true;
        return;
    }
    put_i16(r, (int16_t)n);
    put(r, s, n);
}

/* Starts a request: room for the size, then header v1. */
static void req_start(Req *r, int16_t api, int32_t corr) {
    r->len = 0;
    r->over = false;
    put_i32(r, 0);
    put_i16(r, api);
    put_i16(r, 1);
    put_i32(r, corr);
    put_str(r, "eddy");
}

/* A response being read. */
typedef struct Resp {
    unsigned char *b;
    size_t len, at;
    bool bad;
} Resp;

static uint32_t get_u(Resp *r, int n) {
    uint32_t v = 0;
    if (r->at + (size_t)n > r->len) {
        r->bad = true;
        return 0;
    }
    for (int i = 0; i < n; i++) v = v << 8 | r->b[r->at++];
    return v;
}
static int16_t get_i16(Resp *r) { return (int16_t)get_u(r, 2); }
static int32_t get_i32(Resp *r) { return (int32_t)get_u(r, 4); }
/* A string into out (n bytes); null: "" */
static void get_str(Resp *r, char *out, size_t n) {
    int16_t l = get_i16(r);
    out[0] = 0;
    if (l < 0 || r->bad) return;
    if (r->at + (size_t)l > r->len) {
        r->bad = true;
        return;
    }
    size_t k = (size_t)l < n - 1 ? (size_t)l : n - 1;
    memcpy(out, r->b + r->at, k);
    out[k] = 0;
    r->at += (size_t)l;
}

/* Sends the request on a new connection to hp and reads the answer to
 * out (the body after the correlation id; the caller frees out->b). */
static bool call(const HostPort *hp, Req *rq, int32_t corr, Resp *out, int64_t deadline, char *why, size_t n) {
    *out = (Resp){0};
    int fd = dial(hp->host, hp->port, deadline, why, n);
    if (fd < 0) return false;
    uint32_t size = (uint32_t)(rq->len - 4);
    rq->b[0] = (unsigned char)(size >> 24), rq->b[1] = (unsigned char)(size >> 16);
    rq->b[2] = (unsigned char)(size >> 8), rq->b[3] = (unsigned char)size;
    unsigned char hdr[8];
    bool ok = send_all(fd, rq->b, rq->len, deadline) && recv_all(fd, hdr, 4, deadline);
    uint32_t rlen = ok ? (uint32_t)hdr[0] << 24 | (uint32_t)hdr[1] << 16 | (uint32_t)hdr[2] << 8 | hdr[3] : 0;
    if (ok && (rlen < 4 || rlen > (1u << 20))) ok = false;
    unsigned char *body = ok ? malloc(rlen) : NULL;
    if (ok && (!body || !recv_all(fd, body, rlen, deadline))) ok = false;
    close(fd);
    if (ok) {
        out->b = body, out->len = rlen;
        if ((int32_t)get_u(out, 4) == corr) return true;
    }
    free(body);
    *out = (Resp){0};
    snprintf(why, n, "no answer from %s:%s", hp->host, hp->port);
    return false;
}

static bool retriable(int16_t e) {
    return e == RD_KAFKA_RESP_ERR_COORDINATOR_NOT_AVAILABLE || e == RD_KAFKA_RESP_ERR_NOT_COORDINATOR ||
           e == RD_KAFKA_RESP_ERR_COORDINATOR_LOAD_IN_PROGRESS || e == RD_KAFKA_RESP_ERR_CONCURRENT_TRANSACTIONS ||
           e == RD_KAFKA_RESP_ERR_REQUEST_TIMED_OUT || e == RD_KAFKA_RESP_ERR_NETWORK_EXCEPTION;
}

static bool finished(int16_t e) {
    return e == RD_KAFKA_RESP_ERR_INVALID_PRODUCER_EPOCH || e == RD_KAFKA_RESP_ERR_PRODUCER_FENCED ||
           e == RD_KAFKA_RESP_ERR_INVALID_TXN_STATE || e == RD_KAFKA_RESP_ERR_UNKNOWN_PRODUCER_ID;
}

static void broker_error(int16_t e, char *why, size_t n) {
    snprintf(why, n, "%s", rd_kafka_err2str((rd_kafka_resp_err_t)e));
}

/* One attempt: 0 ended, 1 retry, 2 finished, 3 failed. */
static int attempt(const HostPort *boot, int nboot, const char *txn_id, int64_t pid, int16_t epoch, bool commit,
                   int32_t *corr, int64_t deadline, char *why, size_t n) {
    Req rq;
    Resp rs;
    HostPort coord;
    bool found = false;
    for (int i = 0; i < nboot && !found; i++) {
        req_start(&rq, API_FIND_COORDINATOR, ++*corr);
        put_str(&rq, txn_id);
        put_u8(&rq, KEY_TYPE_TRANSACTION);
        if (rq.over) {
            snprintf(why, n, "the transactional id is too long");
            return 3;
        }
        if (!call(&boot[i], &rq, *corr, &rs, deadline, why, n)) continue;
        get_i32(&rs); /* throttle */
        int16_t e = get_i16(&rs);
        char msg[256];
        get_str(&rs, msg, sizeof msg);
        get_i32(&rs); /* node id */
        get_str(&rs, coord.host, sizeof coord.host);
        int32_t port = get_i32(&rs);
        bool bad = rs.bad;
        free(rs.b);
        if (bad) {
            snprintf(why, n, "a malformed FindCoordinator answer from %s:%s", boot[i].host, boot[i].port);
            continue;
        }
        if (e) {
            broker_error(e, why, n);
            return retriable(e) ? 1 : 3;
        }
        snprintf(coord.port, sizeof coord.port, "%d", (int)port);
        found = true;
    }
    if (!found) return 1;
    req_start(&rq, API_END_TXN, ++*corr);
    put_str(&rq, txn_id);
    put_i64(&rq, pid);
    put_i16(&rq, epoch);
    put_u8(&rq, commit ? 1 : 0);
    if (!call(&coord, &rq, *corr, &rs, deadline, why, n)) return 1;
    get_i32(&rs); /* throttle */
    int16_t e = get_i16(&rs);
    bool bad = rs.bad;
    free(rs.b);
    if (bad) {
        snprintf(why, n, "a malformed EndTxn answer from %s:%s", coord.host, coord.port);
        return 1;
    }
    if (!e) return 0;
    broker_error(e, why, n);
    return retriable(e) ? 1 : finished(e) ? 2 : 3;
}

KTxnEnd eddy__kafka_end_txn(const char *bootstrap, const char *txn_id, int64_t pid, int16_t epoch, bool commit,
                            int timeout_ms, char *why, size_t n) {
    HostPort boot[MAX_SERVERS];
    int nboot = parse_servers(bootstrap ? bootstrap : "", boot, MAX_SERVERS);
    if (!nboot) {
        snprintf(why, n, "no bootstrap server in '%s'", bootstrap ? bootstrap : "");
        return KTXN_FAILED;
    }
    int64_t deadline = now_ms() + timeout_ms;
    int32_t corr = 0;
    why[0] = 0;
    for (;;) {
        int r = attempt(boot, nboot, txn_id, pid, epoch, commit, &corr, deadline, why, n);
        if (r == 0) return KTXN_DONE;
        if (r == 2) return KTXN_FINISHED;
        if (r == 3) return KTXN_FAILED;
        if (now_ms() + RETRY_MS >= deadline) {
            char last[256];
            snprintf(last, sizeof last, "%s", why);
            snprintf(why, n, "timed out after %d ms (%s)", timeout_ms, last);
            return KTXN_FAILED;
        }
        nanosleep(&(struct timespec){0, RETRY_MS * 1000000L}, NULL);
    }
}
