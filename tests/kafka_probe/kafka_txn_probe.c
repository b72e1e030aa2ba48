/*
 * kafka_txn_probe.c -- a librdkafka interceptor plugin for tests/api/test_kafka.c
 * (a table loads it with 'properties.plugin.library.paths' and sets
 * 'properties.debug' = 'eos'): it watches the transactional producers a
 * sink makes and notes, for every EndTxn request (ApiKey 26), its
 * transactional id and whether, when the request went out, the checkpoint
 * the id names had completed -- whether
 * <$EDDY_PROBE_CKPT_DIR>/<job>/chk-<n>/_metadata existed for the id
 * <prefix>-<subtask>-<n> ("send <id> <1|0>") -- and, from librdkafka's
 * eos debug log, whether it committed or aborted ("end <id> commit|abort").
 * The mock cluster keeps no transaction state for readers, so this is how
 * the tests see what a real broker would make visible.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <librdkafka/rdkafka.h>

#define ENDTXN_API_KEY 26

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static char *log_text;
static size_t log_len;

/* Whether dir/<any job>/chk-<n>/_metadata exists. */
static int checkpoint_done(const char *dir, const char *n) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s/chk-%s/_metadata", dir, e->d_name, n);
        found = stat(path, &st) == 0;
    }
    if (d) closedir(d);
    return found;
}

static void add_line(const char *line, int len) {
    if (len <= 0 || (size_t)len >= 512) return;
    pthread_mutex_lock(&mu);
    char *t = realloc(log_text, log_len + (size_t)len + 1);
    if (t) {
        memcpy(t + log_len, line, (size_t)len + 1);
        log_text = t;
        log_len += (size_t)len;
    }
    pthread_mutex_unlock(&mu);
}

static void note(const char *id) {
    const char *dir = getenv("EDDY_PROBE_CKPT_DIR");
    const char *n = strrchr(id, '-');
    char line[512];
    add_line(line, snprintf(line, sizeof line, "send %s %d\n", id, dir && n ? checkpoint_done(dir, n + 1) : -1));
}

/* the producers watched and their transactional ids */
static struct {
    const rd_kafka_t *rk;
    char *id;
} watched[256];

/* librdkafka's log: "EndTxn returned NO_ERROR in state CommittingTransaction" (or AbortingTransaction) */
static void on_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf) {
    (void)level;
    if (strcmp(fac, "ENDTXN") || !strstr(buf, "EndTxn returned NO_ERROR")) return;
    const char *kind = strstr(buf, "CommittingTransaction") ? "commit" : strstr(buf, "AbortingTransaction") ? "abort" : NULL;
    char line[512];
    int len = 0;
    pthread_mutex_lock(&mu);
    for (size_t i = 0; kind && i < sizeof watched / sizeof watched[0]; i++)
        if (watched[i].rk == rk) len = snprintf(line, sizeof line, "end %s %s\n", watched[i].id, kind);
    pthread_mutex_unlock(&mu);
    if (len) add_line(line, len);
}

static rd_kafka_resp_err_t on_request_sent(rd_kafka_t *rk, int sockfd, const char *brokername, int32_t brokerid,
                                           int16_t api_key, int16_t api_version, int32_t corr_id, size_t size,
                                           void *ic_opaque) {
    (void)rk, (void)sockfd, (void)brokername, (void)brokerid, (void)api_version, (void)corr_id, (void)size;
    if (api_key == ENDTXN_API_KEY) note(ic_opaque);
    return RD_KAFKA_RESP_ERR_NO_ERROR;
}

static rd_kafka_resp_err_t on_destroy(rd_kafka_t *rk, void *ic_opaque) {
    pthread_mutex_lock(&mu);
    for (size_t i = 0; i < sizeof watched / sizeof watched[0]; i++)
        if (watched[i].rk == rk) watched[i].rk = NULL;
    pthread_mutex_unlock(&mu);
    free(ic_opaque);
    return RD_KAFKA_RESP_ERR_NO_ERROR;
}

static rd_kafka_resp_err_t on_new(rd_kafka_t *rk, const rd_kafka_conf_t *conf, void *ic_opaque, char *errstr,
                                  size_t errstr_size) {
    (void)ic_opaque, (void)errstr, (void)errstr_size;
    char id[256];
    size_t n = sizeof id;
    if (rd_kafka_conf_get(conf, "transactional.id", id, &n) != RD_KAFKA_CONF_OK || !id[0]) return 0;
    char *copy = strdup(id);
    if (!copy) return 0;
    pthread_mutex_lock(&mu);
    for (size_t i = 0; i < sizeof watched / sizeof watched[0]; i++)
        if (!watched[i].rk) {
            watched[i].rk = rk;
            watched[i].id = copy;
            break;
        }
    pthread_mutex_unlock(&mu);
    rd_kafka_interceptor_add_on_request_sent(rk, "txn_probe", on_request_sent, copy);
    rd_kafka_interceptor_add_on_destroy(rk, "txn_probe", on_destroy, copy);
    return RD_KAFKA_RESP_ERR_NO_ERROR;
}

/* librdkafka's plugin entry point */
rd_kafka_resp_err_t conf_init(rd_kafka_conf_t *conf, void **plug_opaquep, char *errstr, size_t errstr_size);
rd_kafka_resp_err_t conf_init(rd_kafka_conf_t *conf, void **plug_opaquep, char *errstr, size_t errstr_size) {
    (void)plug_opaquep, (void)errstr, (void)errstr_size;
    rd_kafka_conf_set_log_cb(conf, on_log);
    return rd_kafka_conf_interceptor_add_on_new(conf, "txn_probe", on_new, NULL);
}

/* For the test: the lines noted so far (malloc'd,
 * the caller frees), and the log starts anew. */
char *txn_probe_take(void);
char *txn_probe_take(void) {
    pthread_mutex_lock(&mu);
    char *t = log_text ? log_text : strdup("");
    log_text = NULL;
    log_len = 0;
    pthread_mutex_unlock(&mu);
    return t;
}
