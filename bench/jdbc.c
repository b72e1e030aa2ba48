/*
 * jdbc.c -- the 'jdbc' connector's sink against a plain libpq loop, in the
 * same run, on a PostgreSQL server of its own (bench/jdbc.sh starts one):
 *
 *   eddy  INSERT INTO t SELECT f0, 'user-' || f0, f0 % 1000 FROM Seq
 *         (BATCH; the jdbc sink's defaults: 100 rows per flush)
 *   base  the same INSERT prepared once, each row's parameters as text,
 *         sent in libpq's pipeline mode, a sync (one implicit transaction)
 *         per 100 rows: what the sink does, without eddy around it
 *
 * both for an append table (INSERT) and an upsert table (a primary key:
 * INSERT ... ON CONFLICT (id) DO UPDATE). No COPY on either side. Reports
 * rows per second of wall time (the server's work is most of it) and the
 * client's CPU per row, best of the repeats, with the ratios to the base;
 * the tables are checked (count and sum) after every run.
 *
 *   bench_jdbc PORT [rows] [repeats]      (defaults: 200000, 3)
 *
 * The server listens on 127.0.0.1:PORT, user eddy, password s3cret-Pw,
 * database postgres (scripts/pg-temp.sh).
 */
#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#ifndef EDDY_HAVE_LIBPQ
int main(void) {
    fprintf(stderr, "bench_jdbc: eddy was built without libpq\n");
    return 77;
}
#else
#include <libpq-fe.h>

#define FLUSH_ROWS 100

static int port;

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static double wall_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static PGconn *pg(void) {
    char info[160];
    snprintf(info, sizeof info, "host=127.0.0.1 port=%d user=eddy password=s3cret-Pw dbname=postgres", port);
    PGconn *c = PQconnectdb(info);
    if (PQstatus(c) != CONNECTION_OK) {
        fprintf(stderr, "bench_jdbc: %s", PQerrorMessage(c));
        exit(1);
    }
    return c;
}

static void exec(PGconn *c, const char *sql) {
    PGresult *r = PQexec(c, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK) {
        fprintf(stderr, "bench_jdbc: %s: %s", sql, PQerrorMessage(c));
        exit(1);
    }
    PQclear(r);
}

/* The results of a pipeline up to its sync. */
static void drain(PGconn *c) {
    for (;;) {
        PGresult *r = PQgetResult(c);
        if (!r) continue; /* the end of one statement's results */
        ExecStatusType st = PQresultStatus(r);
        PQclear(r);
        if (st == PGRES_PIPELINE_SYNC) return;
        if (st != PGRES_COMMAND_OK) {
            fprintf(stderr, "bench_jdbc: insert: %s", PQerrorMessage(c));
            exit(1);
        }
    }
}

static const char *insert_sql(const char *table, int upsert, char *buf, size_t n) {
    snprintf(buf, n, "INSERT INTO %s(id, name, amount) VALUES ($1, $2, $3)%s", table,
             upsert ? " ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id, name = EXCLUDED.name, amount = EXCLUDED.amount"
                    : "");
    return buf;
}

static void base_insert(const char *table, int upsert, long n) {
    PGconn *c = pg();
    char sql[256];
    PGresult *r = PQprepare(c, "ins", insert_sql(table, upsert, sql, sizeof sql), 3, NULL);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) {
        fprintf(stderr, "bench_jdbc: prepare: %s", PQerrorMessage(c));
        exit(1);
    }
    PQclear(r);
    if (!PQenterPipelineMode(c)) {
        fprintf(stderr, "bench_jdbc: pipeline mode: %s", PQerrorMessage(c));
        exit(1);
    }
    char id[24], name[32], amount[24];
    const char *vals[3] = {id, name, amount};
    for (long i = 0; i < n; i++) {
        snprintf(id, sizeof id, "%ld", i);
        snprintf(name, sizeof name, "user-%ld", i);
        snprintf(amount, sizeof amount, "%ld", i % 1000);
        if (!PQsendQueryPrepared(c, "ins", 3, vals, NULL, NULL, 0)) {
            fprintf(stderr, "bench_jdbc: send: %s", PQerrorMessage(c));
            exit(1);
        }
        if ((i + 1) % FLUSH_ROWS == 0 || i + 1 == n) {
            PQpipelineSync(c);
            drain(c);
        }
    }
    PQexitPipelineMode(c);
    PQfinish(c);
}

static void eddy_insert(const char *table, int upsert, long n) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    char sql[512];
    snprintf(sql, sizeof sql,
             "CREATE TABLE s (id BIGINT, name STRING, amount BIGINT%s) WITH ('connector' = 'jdbc', "
             "'url' = 'jdbc:postgresql://127.0.0.1:%d/postgres', 'table-name' = '%s', 'username' = 'eddy', "
             "'password' = 's3cret-Pw')",
             upsert ? ", PRIMARY KEY (id) NOT ENFORCED" : "", port, table);
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) {
        fprintf(stderr, "eddy: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
    eddy_result_free(r);
    eddy_tenv_create_temporary_view_from_stream(t, "Seq", eddy_from_sequence(env, 0, n - 1), NULL);
    r = eddy_tenv_execute_sql(t, "INSERT INTO s SELECT f0, CONCAT('user-', CAST(f0 AS STRING)), f0 % 1000 FROM Seq");
    if (!r || eddy_result_await(r) != EDDY_OK) {
        fprintf(stderr, "eddy sink: %s\n", eddy_env_errmsg(env));
        exit(1);
    }
    eddy_result_free(r);
    eddy_env_free(env);
}

/* The table holds rows 0..n-1 with their amounts. */
static void check(const char *table, long n) {
    PGconn *c = pg();
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*), sum(amount) FROM %s", table);
    PGresult *r = PQexec(c, sql);
    long want = 0;
    for (long i = 0; i < n; i++) want += i % 1000;
    if (PQresultStatus(r) != PGRES_TUPLES_OK || atol(PQgetvalue(r, 0, 0)) != n || atol(PQgetvalue(r, 0, 1)) != want) {
        fprintf(stderr, "bench_jdbc: %s holds %s rows summing to %s, want %ld and %ld\n", table,
                PQresultStatus(r) == PGRES_TUPLES_OK ? PQgetvalue(r, 0, 0) : "?",
                PQresultStatus(r) == PGRES_TUPLES_OK ? PQgetvalue(r, 0, 1) : "?", n, want);
        exit(1);
    }
    PQclear(r);
    PQfinish(c);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: bench_jdbc PORT [rows] [repeats]\n");
        return 2;
    }
    port = atoi(argv[1]);
    long n = argc > 2 ? atol(argv[2]) : 200000;
    int repeats = argc > 3 ? atoi(argv[3]) : 3;
    PGconn *c = pg();
    exec(c, "CREATE TABLE IF NOT EXISTS base_t (id BIGINT, name VARCHAR(32), amount BIGINT)");
    exec(c, "CREATE TABLE IF NOT EXISTS eddy_t (id BIGINT, name VARCHAR(32), amount BIGINT)");
    exec(c, "CREATE TABLE IF NOT EXISTS base_u (id BIGINT PRIMARY KEY, name VARCHAR(32), amount BIGINT)");
    exec(c, "CREATE TABLE IF NOT EXISTS eddy_u (id BIGINT PRIMARY KEY, name VARCHAR(32), amount BIGINT)");
    static const char *const kind[2] = {"append (INSERT)", "upsert (ON CONFLICT)"};
    printf("%ld rows, best of %d, %d rows per flush\n", n, repeats, FLUSH_ROWS);
    printf("%-22s %14s %14s %14s %14s %10s %10s\n", "sink", "base rows/s", "eddy rows/s", "base CPU us/row",
           "eddy CPU us/row", "wall ratio", "CPU ratio");
    for (int upsert = 0; upsert < 2; upsert++) {
        const char *bt = upsert ? "base_u" : "base_t", *et = upsert ? "eddy_u" : "eddy_t";
        double bw = 1e30, ew = 1e30, bc = 1e30, ec = 1e30;
        for (int rep = 0; rep < repeats; rep++) {
            char sql[64];
            snprintf(sql, sizeof sql, "TRUNCATE %s, %s", bt, et);
            exec(c, sql);
            double w0 = wall_seconds(), c0 = cpu_seconds();
            base_insert(bt, upsert, n);
            double w1 = wall_seconds(), c1 = cpu_seconds();
            eddy_insert(et, upsert, n);
            double w2 = wall_seconds(), c2 = cpu_seconds();
            check(bt, n);
            check(et, n);
            if (w1 - w0 < bw) bw = w1 - w0;
            if (w2 - w1 < ew) ew = w2 - w1;
            if (c1 - c0 < bc) bc = c1 - c0;
            if (c2 - c1 < ec) ec = c2 - c1;
        }
        printf("%-22s %14.0f %14.0f %14.2f %14.2f %9.2fx %9.2fx\n", kind[upsert], n / bw, n / ew, bc * 1e6 / n,
               ec * 1e6 / n, ew / bw, ec / bc);
    }
    PQfinish(c);
    return 0;
}
#endif
