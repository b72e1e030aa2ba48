/*
 * formats.c -- how fast the filesystem connector reads and writes csv and
 * json, beside plain stdio moving the same bytes, measured in the same run
 * on one core (parallelism 1, one worker thread).
 *
 *   bench_formats [rows] [repeats]     (defaults: 2000000 rows, 3 repeats)
 *
 * The table: id BIGINT, name STRING (10 random characters), score DOUBLE,
 * amount DECIMAL(10, 2), ts TIMESTAMP(3), flag BOOLEAN, from datagen; then
 * the same without the DOUBLE column ("-nd"), because writing a random
 * double the way Java prints it costs more than everything else together.
 *
 *  - write: INSERT OVERWRITE INTO the table from datagen, minus the time of
 *    the same datagen into a blackhole sink (the generator is not the
 *    format); baseline: fputs of the written file's lines into a new file.
 *  - read: INSERT INTO a blackhole sink SELECT * FROM the table; baseline:
 *    fgets over the file.
 *
 * Reports CPU seconds (best of the repeats), rows/s and MB/s of file bytes,
 * and the ratio eddy / baseline. avro (container files, 'avro.codec' =
 * 'null' and 'snappy') has no line-by-line stdio baseline: its ratio is
 * against json's time in the same run (avro / json; below 1 is faster).
 */
#include <dirent.h>
#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void sql(eddy_tenv *t, const char *stmt) {
    eddy_result *r = eddy_tenv_execute_sql(t, stmt);
    if (!r || eddy_result_await(r) != EDDY_OK) {
        fprintf(stderr, "failed: %s\n%s\n", stmt, eddy_env_errmsg(eddy_tenv_env(t)));
        exit(1);
    }
    eddy_result_free(r);
}

static double timed(eddy_tenv *t, const char *stmt) {
    double c0 = cpu_seconds();
    sql(t, stmt);
    return cpu_seconds() - c0;
}

/* The one data file below dir. */
static void data_file(const char *dir, char *out, size_t cap) {
    DIR *d = opendir(dir);
    struct dirent *e;
    out[0] = 0;
    while (d && (e = readdir(d)))
        if (!strncmp(e->d_name, "part-", 5)) snprintf(out, cap, "%s/%s", dir, e->d_name);
    if (d) closedir(d);
    if (!out[0]) {
        fprintf(stderr, "no data file in %s\n", dir);
        exit(1);
    }
}

static double baseline_read(const char *file, long *lines) {
    double c0 = cpu_seconds();
    FILE *f = fopen(file, "r");
    char buf[1 << 16];
    long n = 0;
    while (fgets(buf, sizeof buf, f)) n++;
    fclose(f);
    *lines = n;
    return cpu_seconds() - c0;
}

static double baseline_write(const char *file, const char *copy) {
    /* the lines in memory first: only the writing is timed */
    struct stat st;
    stat(file, &st);
    char *data = malloc((size_t)st.st_size + 1);
    FILE *f = fopen(file, "r");
    size_t got = fread(data, 1, (size_t)st.st_size, f);
    fclose(f);
    data[got] = 0;
    double c0 = cpu_seconds();
    FILE *o = fopen(copy, "w");
    for (char *line = data, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        *nl = 0;
        fputs(line, o);
        fputc('\n', o);
    }
    fclose(o);
    double t = cpu_seconds() - c0;
    free(data);
    return t;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    int repeats = argc > 2 ? atoi(argv[2]) : 3;
    char tmpl[] = "/tmp/eddy-bench-XXXXXX";
    char *dir = mkdtemp(tmpl);
    if (!dir) return 1;
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .worker_threads = 1,
                       .mode = EDDY_BATCH};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    char stmt[2048];
    snprintf(stmt, sizeof stmt,
             "CREATE TABLE gen (id BIGINT, name STRING, score DOUBLE, amount DECIMAL(10, 2), ts TIMESTAMP(3), "
             "flag BOOLEAN) WITH ('connector' = 'datagen', 'number-of-rows' = '%ld', 'rows-per-second' = "
             "'1000000000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%ld', "
             "'fields.name.length' = '10', 'fields.score.min' = '0', 'fields.score.max' = '1000', "
             "'fields.amount.min' = '0', 'fields.amount.max' = '100000')",
             n, n);
    sql(t, stmt);
    printf("%-8s %-5s %10s %12s %10s %10s %8s\n", "format", "op", "cpu s", "rows/s", "MB/s", "base s", "ratio");
    const char *fmts[] = {"csv", "json", "avro", "avro"};
    const char *fmt_opts[] = {"", "", ", 'avro.codec' = 'null'", ", 'avro.codec' = 'snappy'"};
    const char *fmt_names[] = {"csv", "json", "avro", "avro-sn"};
    for (int shape = 0; shape < 2; shape++) {
        const char *cols = shape == 0 ? "id BIGINT, name STRING, score DOUBLE, amount DECIMAL(10, 2), ts TIMESTAMP(3), flag BOOLEAN"
                                      : "id BIGINT, name STRING, amount DECIMAL(10, 2), ts TIMESTAMP(3), flag BOOLEAN";
        const char *sel = shape == 0 ? "*" : "id, name, amount, ts, flag";
        snprintf(stmt, sizeof stmt, "CREATE TABLE sink%d (%s) WITH ('connector' = 'blackhole')", shape, cols);
        sql(t, stmt);
        double gen = 1e30;
        for (int k = 0; k < repeats; k++) {
            snprintf(stmt, sizeof stmt, "INSERT INTO sink%d SELECT %s FROM gen", shape, sel);
            double g = timed(t, stmt);
            if (g < gen) gen = g;
        }
        double json_wr = 0, json_rd = 0;
        for (int f = 0; f < 4; f++) {
            char name[16];
            bool avro = f >= 2;
            snprintf(name, sizeof name, "%s%s", fmt_names[f], shape ? "-nd" : "");
            snprintf(stmt, sizeof stmt,
                     "CREATE TABLE t%d_%d (%s) WITH ('connector' = 'filesystem', 'path' = '%s/%s', 'format' = '%s'%s)",
                     shape, f, cols, dir, name, fmts[f], fmt_opts[f]);
            sql(t, stmt);
            double wr = 1e30, rd = 1e30, bw = 1e30, br = 1e30;
            char tdir[1024], file[4096], copy[2048];
            snprintf(tdir, sizeof tdir, "%s/%s", dir, name);
            snprintf(copy, sizeof copy, "%s/copy.%s", dir, name);
            long lines = 0;
            for (int k = 0; k < repeats; k++) {
                snprintf(stmt, sizeof stmt, "INSERT OVERWRITE t%d_%d SELECT %s FROM gen", shape, f, sel);
                double w = timed(t, stmt) - gen;
                snprintf(stmt, sizeof stmt, "INSERT INTO sink%d SELECT * FROM t%d_%d", shape, shape, f);
                double r = timed(t, stmt);
                data_file(tdir, file, sizeof file);
                double b1 = avro ? json_wr : baseline_write(file, copy), b2 = avro ? json_rd : baseline_read(file, &lines);
                if (avro) lines = n; /* no lines: the count is checked below */
                if (w < wr) wr = w;
                if (r < rd) rd = r;
                if (b1 < bw) bw = b1;
                if (b2 < br) br = b2;
            }
            if (avro) { /* every row read back */
                snprintf(stmt, sizeof stmt, "CREATE TABLE cnt%d_%d (c BIGINT) WITH ('connector' = 'filesystem', "
                         "'path' = '%s/cnt%d_%d', 'format' = 'csv')", shape, f, dir, shape, f);
                sql(t, stmt);
                snprintf(stmt, sizeof stmt, "INSERT INTO cnt%d_%d SELECT COUNT(*) FROM t%d_%d", shape, f, shape, f);
                sql(t, stmt);
                char cdir[1024], cfile[4096], line[64] = "";
                snprintf(cdir, sizeof cdir, "%s/cnt%d_%d", dir, shape, f);
                data_file(cdir, cfile, sizeof cfile);
                FILE *cf = fopen(cfile, "r");
                if (!cf || !fgets(line, sizeof line, cf)) line[0] = 0;
                if (cf) fclose(cf);
                lines = atol(line);
            }
            if (f == 1) {
                json_wr = wr;
                json_rd = rd;
            }
            if (lines != n) {
                fprintf(stderr, "%s: %ld lines, expected %ld\n", name, lines, n);
                return 1;
            }
            struct stat st;
            stat(file, &st);
            double mb = (double)st.st_size / 1e6;
            printf("%-8s %-5s %10.3f %12.0f %10.1f %10.3f %7.2fx\n", name, "write", wr, n / wr, mb / wr, bw, wr / bw);
            printf("%-8s %-5s %10.3f %12.0f %10.1f %10.3f %7.2fx\n", name, "read", rd, n / rd, mb / rd, br, rd / br);
            printf("%-8s file: %.1f MB, %.1f bytes/row; datagen alone %.3f s\n", name, mb, (double)st.st_size / n, gen);
        }
    }
    eddy_env_free(env);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) return 1;
    return 0;
}
