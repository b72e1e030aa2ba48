/*
 * metrics.c -- what the job metrics cost on the hot path: the same job run
 * with eddy.metrics.enabled = false (no record counters, no busy /
 * back-pressure clock reads), with the metrics on, and with the metrics on
 * plus the Prometheus endpoint scraped every 20 ms by a thread of the same
 * process (its CPU time counted too), interleaved in one run. Reports the
 * best CPU time of each and the ratios to "off"; the target is < 1.02.
 *
 *   bench_metrics [rows] [repeats]     (defaults: 10000000 rows, 5 repeats)
 *
 * The job: a sequence -> map -> filter -> SQL projection and filter ->
 * counting sink at parallelism 1, and the same with a keyed exchange
 * (GROUP BY, parallelism 2) so that channels and several tasks are timed.
 */
#include <arpa/inet.h>
#include <eddy.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

enum { OFF, ON, SCRAPED, MODES };
static const char *const mode_names[MODES] = {"metrics off", "metrics on", "on + Prometheus scraped every 20 ms"};

static eddy_status to_user(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t x;
    eddy_row_get_long(in, 0, &x);
    eddy_out_set_long(out, 0, x);
    return eddy_out_set_int(out, 1, (int32_t)(x % 100));
}

static eddy_status keep_low(void *ctx, const eddy_row *in, bool *keep) {
    (void)ctx;
    int32_t score;
    eddy_row_get_int(in, 1, &score);
    *keep = score < 80;
    return EDDY_OK;
}

static eddy_status count(void *ctx, const eddy_row *in) {
    (void)in;
    ++*(long *)ctx;
    return EDDY_OK;
}

static atomic_bool scraping;
static int scrape_port;

/* GETs /metrics every 20 ms while scraping is on. */
static void *scraper(void *arg) {
    (void)arg;
    char buf[1 << 16];
    while (atomic_load(&scraping)) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)scrape_port)};
        sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0) {
            const char req[] = "GET /metrics HTTP/1.0\r\n\r\n";
            if (write(fd, req, sizeof req - 1) > 0)
                while (read(fd, buf, sizeof buf) > 0) {
                }
        }
        if (fd >= 0) close(fd);
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    return NULL;
}

static long run(long n, int mode, bool keyed) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = keyed ? 2 : 1, .worker_threads = 2};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *tenv = eddy_tenv_new(env);
    if (mode == OFF) eddy_env_set_option(env, "eddy.metrics.enabled", "false");
    pthread_t th;
    if (mode == SCRAPED) {
        eddy_env_set_option(env, "metrics.reporter.prom.port", "0");
        eddy_env_set_option(env, "metrics.reporter.prom.factory.class",
                            "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        scrape_port = eddy_env_prometheus_port(env);
        atomic_store(&scraping, true);
        pthread_create(&th, NULL, scraper, NULL);
    }
    long rows = 0;
    eddy_stream *users = eddy_stream_map(eddy_from_sequence(env, 0, n - 1), "ROW<id BIGINT, score INT>", to_user, NULL,
                                         NULL);
    eddy_tenv_create_temporary_view_from_stream(tenv, "Users", eddy_stream_filter(users, keep_low, NULL, NULL), NULL);
    eddy_table *t = eddy_tenv_sql_query(tenv, keyed ? "SELECT score, COUNT(*) AS c FROM Users GROUP BY score"
                                                    : "SELECT id, score * 2 AS s2 FROM Users WHERE id % 3 <> 0");
    eddy_stream *out = keyed ? eddy_tenv_to_changelog_stream(tenv, t, NULL, EDDY_CHANGELOG_ALL) : eddy_tenv_to_datastream(tenv, t);
    eddy_stream_add_sink(out, count, &rows, NULL, 1);
    eddy_job *job = NULL;
    eddy_status st = eddy_env_execute_async(env, "bench", &job);
    eddy_job_state end = st ? EDDY_JOB_FAILED : eddy_job_wait(job, -1);
    if (end != EDDY_JOB_FINISHED) {
        fprintf(stderr, "the %s run failed: %s\n", mode_names[mode], st ? eddy_env_errmsg(env) : eddy_job_error(job));
        exit(1);
    }
    eddy_job_free(job);
    if (mode == SCRAPED) {
        atomic_store(&scraping, false);
        pthread_join(th, NULL);
    }
    eddy_env_free(env);
    return rows;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    int repeats = argc > 2 ? atoi(argv[2]) : 5;
    int bad = 0;
    for (int keyed = 0; keyed < 2; keyed++) {
        double best[MODES] = {1e30, 1e30, 1e30};
        long rows[MODES] = {0};
        for (int k = 0; k < repeats; k++)
            for (int m = 0; m < MODES; m++) {
                double c0 = cpu_seconds();
                rows[m] = run(n, m, keyed);
                double c = cpu_seconds() - c0;
                if (c < best[m]) best[m] = c;
            }
        if (rows[ON] != rows[OFF] || rows[SCRAPED] != rows[OFF]) {
            fprintf(stderr, "the runs disagree: %ld %ld %ld rows\n", rows[OFF], rows[ON], rows[SCRAPED]);
            return 1;
        }
        printf("%s, %ld rows, best of %d (CPU s):\n", keyed ? "keyed GROUP BY at parallelism 2" : "chained pipeline",
               n, repeats);
        for (int m = 0; m < MODES; m++)
            printf("  %-38s %7.3f s  ratio %.3f\n", mode_names[m], best[m], best[m] / best[OFF]);
        bad |= best[ON] / best[OFF] >= 1.02;
    }
    printf(bad ? "metrics cost 2%% or more on a run above\n" : "metrics cost under 2%%\n");
    return 0;
}
