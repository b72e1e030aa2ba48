/*
 * nexmark.c -- the Nexmark harness: runs q0-q22 of bench/nexmark/ (the
 * benchmark's Flink SQL) over N generated events in streaming and batch
 * mode, each into its blackhole sink, through the C API (executeSql for the
 * DDL and the INSERT, then await), and hand-written C baselines over the
 * same generator code without the engine: of the stateless q0, q1, q2, q14,
 * q21 and q22 here, of the stateful q3, q4, q5, q7, q8, q11, q17 and q20 in
 * nexmark/stateful.c (with their changelog row counts and state sizes).
 *
 *   bench_nexmark [options]
 *     --events N        events per run (env NEXMARK_EVENTS, default 20000000)
 *     --queries LIST    e.g. q0,q1,q21 (env NEXMARK_QUERIES, default all)
 *     --modes LIST      streaming,batch (default both)
 *     --parallelism P   (env NEXMARK_PARALLELISM, default 1: per-core figures)
 *     --tps R           first-event.rate (default 10000000, the V1 workload's)
 *     --sql DIR         the .sql files (default bench/nexmark)
 *     --csv FILE        results as CSV (default: none)
 *     --md FILE         results as Markdown tables (default: none)
 *     --dat FILE        per-core figures for the plot (gnuplot data)
 *     --check-events N  events of the result checks (default 200000)
 *   bench_nexmark --handwritten [--events N] [--queries LIST] [--tps R]
 *     the baselines alone: each timed, then its result's row count and
 *     checksum over the same N events (to test an operator against)
 *   bench_nexmark --write-csv DIR --events N
 *     writes the events as DIR/person.csv, auction.csv, bid.csv (for DuckDB)
 *   bench_nexmark --checksums [--handwritten] --queries LIST --events N
 *     batch mode: per query a line "qN SECONDS ROWS SUMS..." -- the time of
 *     the INSERT into the blackhole, then, over the query's collected rows,
 *     per column the count of non-NULL values and the sum of its integer
 *     value / string length / epoch millis / unscaled DECIMAL(p, 3) value;
 *     with --handwritten the same line from the baseline's result table
 *
 * Every run is a child process (fork), so a crash is a result, not the end
 * of the harness, and each run's CPU time and peak RSS are its own. CPU time
 * is getrusage over all threads of the run, around the INSERT only; events/s
 * per core = events / CPU seconds, as Flink's runner computes it. Before the
 * timed runs, each query that has a baseline is checked: the INSERT's query,
 * collected in batch mode over --check-events events, must give the same
 * rows as the baseline's final result table (an order-insensitive checksum
 * of their Row.toString fields); a query eddy cannot run yet is reported
 * with eddy's error beside the baseline's figures.
 */
#include <eddy.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "connectors/nexmark_gen.h"

#define NQUERIES 24 /* q0-q22, and "source": SELECT * FROM datagen into a blackhole */
#define SOURCE_QUERY 23
#define BASE_TIME 1700000000000LL /* 2023-11-14 22:13:20 UTC */
#define CHECK_EVENTS 200000 /* the default of --check-events */

/* Flink's published per-core figures, K events/s per core (reference
 * nexmark.md): A = nexmark V1 runner (Flink 1.13), B = V2 runner (Flink 2.0),
 * C = Flink in Feldera's run on 16 cores; 0 = not published. */
static const double flink_kps[NQUERIES][3] = {
    {155.0, 378.6, 165.2}, {157.9, 395.0, 162.8}, {175.2, 413.7, 195.1}, {152.1, 218.6, 127.5},
    {34.3, 28.2, 31.3},    {22.1, 74.5, 41.4},    {0, 0, 0},             {12.3, 22.9, 17.6},
    {146.1, 162.1, 131.5}, {14.2, 13.8, 13.1},    {57.8, 132.8, 0},      {39.7, 46.1, 34.2},
    {75.7, 194.4, 125.1},  {130.7, 188.2, 98.2},  {161.2, 259.3, 137.0}, {72.4, 167.9, 57.0},
    {18.7, 45.2, 14.6},    {116.8, 160.6, 107.1}, {53.7, 65.4, 31.9},    {44.0, 42.7, 63.2},
    {19.0, 17.8, 16.7},    {98.5, 147.2, 76.9},   {130.0, 211.7, 95.1},  {0, 0, 0}};

typedef struct Options {
    int64_t events, tps, check_events;
    int parallelism;
    bool query[NQUERIES];
    bool streaming, batch;
    const char *sql_dir, *csv, *md, *dat;
    char scratch[256];
} Options;

/* What a hand-written baseline reports beside its rows: the changelog
 * rows its streaming result has, by kind, and its state. */
typedef struct HwStats {
    uint64_t kinds[4];    /* +I, -U, +U, -D */
    double bytes_per_key; /* the headline state figure, 0 = none (see stateful.c per query) */
    char state[480];      /* each state table: keys, rows, bytes, bytes per key */
    char notes[320];      /* how the changelog count comes about */
    uint64_t touched;     /* the changelog rows' values, added up (so that they are made) */
} HwStats;

/* What one run measured (or why it did not run). */
typedef struct Run {
    bool ok;
    double wall, cpu, rss_mb;
    uint64_t rows, sum; /* row count and checksum */
    HwStats hw;         /* baselines only */
    char error[1024];
} Run;

/* "q7", or "source" for the connector's own run. */
static const char *qname(int q) {
    static char names[NQUERIES][8];
    if (q == SOURCE_QUERY) return "source";
    snprintf(names[q], sizeof names[q], "q%d", q);
    return names[q];
}

/* ---- files and statements --------------------------------------------------------------- */

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = 0;
    fclose(f);
    return s;
}

/* Replaces every ${NAME} that has a value; returns a new string. */
static char *substitute(const char *s, const char *const *names, const char *const *values, int n) {
    size_t cap = strlen(s) * 2 + 1024, len = 0;
    char *out = malloc(cap);
    while (*s) {
        int hit = -1;
        if (s[0] == '$' && s[1] == '{')
            for (int i = 0; i < n && hit < 0; i++)
                if (!strncmp(s + 2, names[i], strlen(names[i])) && s[2 + strlen(names[i])] == '}') hit = i;
        const char *add = hit >= 0 ? values[hit] : s;
        size_t an = hit >= 0 ? strlen(add) : 1;
        if (len + an + 1 > cap) out = realloc(out, cap = (len + an + 1) * 2);
        memcpy(out + len, add, an);
        len += an;
        s += hit >= 0 ? strlen(names[hit]) + 3 : 1;
    }
    out[len] = 0;
    return out;
}

/* Splits a script at the ';' outside quotes and comments; returns the
 * statements (without comment-only ones), NULL-terminated. */
static char **split_statements(const char *s) {
    char **out = calloc(64, sizeof(char *));
    int n = 0;
    const char *start = s;
    bool in_quote = false, has_code = false;
    for (const char *p = s;; p++) {
        if (!in_quote && p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n') p++;
        }
        if (*p == '\'') in_quote = !in_quote;
        if (!*p || (*p == ';' && !in_quote)) {
            if (has_code && n < 63) out[n++] = strndup(start, (size_t)(p - start));
            if (!*p) break;
            start = p + 1;
            has_code = false;
        } else if (*p && *p != ' ' && *p != '\n' && *p != '\t' && *p != '\r') {
            has_code = true;
        }
    }
    return out;
}

static void free_statements(char **st) {
    for (int i = 0; st && st[i]; i++) free(st[i]);
    free(st);
}

/* The script of the environment and query q with placeholders replaced. */
static char *script(const Options *o, int q) {
    char path[512], tps[32], num[32], base[32], dir[300];
    snprintf(tps, sizeof tps, "%lld", (long long)o->tps);
    snprintf(num, sizeof num, "%lld", (long long)o->events);
    snprintf(base, sizeof base, "%lld", (long long)BASE_TIME);
    snprintf(dir, sizeof dir, "%s", o->scratch);
    const char *names[] = {"TPS", "EVENTS_NUM", "PERSON_PROPORTION", "AUCTION_PROPORTION", "BID_PROPORTION",
                           "BASE_TIME", "NEXMARK_TABLE", "NEXMARK_DIR", "SUBMIT_TIME", "FLINK_HOME"};
    const char *values[] = {tps, num, "1", "3", "46", base, "datagen", dir, "run", dir};
    char *parts[3];
    const char *files[3] = {"ddl.sql", "views.sql", NULL};
    char qfile[16];
    snprintf(qfile, sizeof qfile, "%s.sql", qname(q));
    files[2] = qfile;
    size_t total = 0;
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", o->sql_dir, files[i]);
        char *raw = read_file(path);
        if (!raw) {
            fprintf(stderr, "bench_nexmark: cannot read %s: %s\n", path, strerror(errno));
            exit(2);
        }
        parts[i] = substitute(raw, names, values, 10);
        free(raw);
        total += strlen(parts[i]) + 2;
    }
    char *all = malloc(total + 1);
    all[0] = 0;
    for (int i = 0; i < 3; i++) {
        strcat(all, parts[i]);
        strcat(all, ";\n");
        free(parts[i]);
    }
    return all;
}

/* ---- row checksums ------------------------------------------------------------------------ */

static uint64_t mix(uint64_t h, const char *p, size_t n) {
    for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)p[i]) * 0x100000001b3ULL;
    return (h ^ 0xff) * 0x100000001b3ULL; /* field separator */
}

/* Per column of a result: the count of its non-NULL values and the sum of
 * their integer value / string length / epoch millis / unscaled DECIMAL(p, 3)
 * value (--checksums, the figures DuckDB's side computes too). */
typedef struct ColSums {
    __int128 v[64][2];
    size_t ncols;
} ColSums;

/* A row's checksum. With `full` it hashes each field's Row.toString text
 * (to compare with eddy's rows); without, it only touches the values, as
 * cheaply as a blackhole sink would take them (for the timed runs). With
 * `sums` each field is also added to its column's sums. */
typedef struct RowHash {
    uint64_t h;
    bool full;
    ColSums *sums;
    size_t col;
} RowHash;

static void rh_begin(RowHash *r, bool full) {
    r->h = 0xcbf29ce484222325ULL;
    r->full = full;
    r->sums = NULL;
    r->col = 0;
}
static void rh_sum(RowHash *r, __int128 v) {
    if (!r->sums || r->col >= 64) return;
    r->sums->v[r->col][0]++;
    r->sums->v[r->col++][1] += v;
    if (r->col > r->sums->ncols) r->sums->ncols = r->col;
}
/* The fields. Each is inline for the touch-only case (the timed runs),
 * with the text and the sums out of line. */
static void rh_text(RowHash *r, const char *p, size_t n) {
    if (r->full) r->h = mix(r->h, p, n);
    else r->h += n + (n ? (uint8_t)p[0] : 0);
}
static inline bool rh_touch_only(const RowHash *r) { return !r->full && !r->sums; }
static void rh_str_slow(RowHash *r, const char *p, size_t n) {
    rh_sum(r, (__int128)n);
    rh_text(r, p, n);
}
static inline void rh_str(RowHash *r, const char *p, size_t n) {
    if (rh_touch_only(r)) r->h += n + (n ? (uint8_t)p[0] : 0);
    else rh_str_slow(r, p, n);
}
/* A NULL field: "null" in the text, no count in the sums. */
static void rh_null(RowHash *r) {
    if (r->sums && ++r->col > r->sums->ncols) r->sums->ncols = r->col;
    rh_text(r, "null", 4);
}
static void rh_long_slow(RowHash *r, int64_t v) {
    char b[24];
    rh_sum(r, v);
    if (!r->full) r->h += (uint64_t)v;
    else rh_text(r, b, (size_t)snprintf(b, sizeof b, "%lld", (long long)v));
}
static inline void rh_long(RowHash *r, int64_t v) {
    if (rh_touch_only(r)) r->h += (uint64_t)v;
    else rh_long_slow(r, v);
}
/* Flink's DECIMAL(p, 3) text of unscaled value v (>= 0 here). */
static void rh_dec3_slow(RowHash *r, int64_t v) {
    char b[32];
    rh_sum(r, v);
    if (!r->full) r->h += (uint64_t)v;
    else rh_text(r, b, (size_t)snprintf(b, sizeof b, "%lld.%03lld", (long long)(v / 1000), (long long)(v % 1000)));
}
static inline void rh_dec3(RowHash *r, int64_t v) {
    if (rh_touch_only(r)) r->h += (uint64_t)v;
    else rh_dec3_slow(r, v);
}
/* Java's LocalDateTime.toString of a millisecond timestamp (UTC). */
static void rh_ts_slow(RowHash *r, int64_t ms) {
    rh_sum(r, ms);
    if (!r->full) {
        r->h += (uint64_t)ms;
        return;
    }
    time_t secs = (time_t)(ms / 1000);
    struct tm tm;
    gmtime_r(&secs, &tm);
    char b[40];
    int n = (int)strftime(b, sizeof b, "%Y-%m-%dT%H:%M", &tm);
    if (tm.tm_sec || ms % 1000) n += snprintf(b + n, sizeof b - (size_t)n, ":%02d", tm.tm_sec);
    if (ms % 1000) n += snprintf(b + n, sizeof b - (size_t)n, ".%03d", (int)(ms % 1000));
    rh_text(r, b, (size_t)n);
}
static inline void rh_ts(RowHash *r, int64_t ms) {
    if (rh_touch_only(r)) r->h += (uint64_t)ms;
    else rh_ts_slow(r, ms);
}

/* ---- the hand-written baselines ------------------------------------------------------------ */

/* count_char(s, 'c'): q14's user function, as a C scalar function. */
static int64_t count_char(const char *s, size_t n, char c) {
    int64_t k = 0;
    for (size_t i = 0; i < n; i++) k += s[i] == c;
    return k;
}

/* The same function for eddy (eddy_scalar_fn): count_char(s, c) counts the
 * first character of c in s; NULL arguments give NULL. */
static eddy_status count_char_udf(void *ctx, const eddy_row *args, eddy_out *result) {
    (void)ctx;
    const char *s, *c;
    size_t n, m;
    if (eddy_row_get_string(args, 0, &s, &n) != EDDY_OK || eddy_row_get_string(args, 1, &c, &m) != EDDY_OK || m == 0)
        return EDDY_OK;
    return eddy_out_set_long(result, 0, count_char(s, n, c[0]));
}

static bool str_ieq(Str s, const char *lit) {
    size_t n = strlen(lit);
    if (s.n != n) return false;
    for (size_t i = 0; i < n; i++) {
        char c = s.p[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (c != lit[i]) return false;
    }
    return true;
}

/* REGEXP_EXTRACT(url, '(&|^)channel_id=([^&]*)', 2): the value after the
 * first "channel_id=" at the start or after '&'; false when none. */
static bool extract_channel_id(Str url, Str *out) {
    static const char key[] = "channel_id=";
    const size_t kn = sizeof key - 1;
    for (size_t i = 0; i + kn <= url.n; i++) {
        if ((i == 0 || url.p[i - 1] == '&') && !memcmp(url.p + i, key, kn)) {
            size_t j = i + kn;
            while (j < url.n && url.p[j] != '&') j++;
            *out = (Str){url.p + i + kn, j - i - kn};
            return true;
        }
    }
    return false;
}

/* SPLIT_INDEX(s, '/', k): the k-th (0-based) piece, or false. */
static bool split_index(Str s, int k, Str *out) {
    size_t start = 0;
    for (size_t i = 0; i <= s.n; i++) {
        if (i == s.n || s.p[i] == '/') {
            if (k-- == 0) {
                *out = (Str){s.p + start, i - start};
                return true;
            }
            start = i + 1;
        }
    }
    return false;
}

/* The generator's configuration for n events at rate tps, as the DDL sets
 * it, and an event with its scratch buffer (free ev->scratch). */
static void nexmark_setup(NexmarkConfig *c, NexmarkEvent *ev, int64_t tps, int64_t n) {
    eddy__nexmark_config_default(c);
    c->base_time = BASE_TIME;
    c->first_event_rate = c->next_event_rate = tps;
    c->events_num = n;
    if (!eddy__nexmark_config_finish(c)) exit(3);
    ev->scratch = malloc(c->scratch_size);
}

#include "nexmark/stateful.c"

static bool has_baseline(int q) { return q == 0 || q == 1 || q == 2 || q == 14 || q == 21 || q == 22 || is_stateful(q); }

/* One query's work over events 0..n-1 at rate tps, without the engine.
 * Returns the number of rows of its result and their order-insensitive
 * checksum (`full`: of their Row.toString fields; `sums`: also per-column
 * sums), and for the stateful queries the changelog and state figures. */
static void handwritten(int q, int64_t n, int64_t tps, bool full, ColSums *sums, Run *out) {
    NexmarkConfig c;
    NexmarkEvent ev;
    nexmark_setup(&c, &ev, tps, n);
    if (is_stateful(q)) {
        Sink sink = {.full = full, .sums = sums};
        stateful_baseline(q, &c, &ev, n, &sink, &out->hw);
        free(ev.scratch);
        out->rows = sink.rows;
        out->sum = sink.sum;
        out->hw.touched = sink.touched;
        return;
    }
    uint64_t count = 0, total = 0;
    RowHash r;
    for (int64_t k = 0; k < n; k++) {
        eddy__nexmark_event(&c, k, &ev);
        if (ev.kind != NEXMARK_BID) continue;
        const NexmarkBid *b = &ev.bid;
        rh_begin(&r, full);
        r.sums = sums;
        switch (q) {
        case 0:
        case 1:
            rh_long(&r, b->auction);
            rh_long(&r, b->bidder);
            if (q == 0) rh_long(&r, b->price);
            else rh_dec3(&r, b->price * 908);
            rh_ts(&r, b->date_time);
            rh_str(&r, b->extra.p, b->extra.n);
            break;
        case 2:
            if (b->auction % 123 != 0) continue;
            rh_long(&r, b->auction);
            rh_long(&r, b->price);
            break;
        case 14: {
            int64_t p = b->price * 908; /* 0.908 * price, scaled by 1000 */
            if (!(p > 1000000LL * 1000 && p < 50000000LL * 1000)) continue;
            int hour = (int)((b->date_time / 3600000) % 24);
            const char *type = hour >= 8 && hour <= 18 ? "dayTime" : hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
            rh_long(&r, b->auction);
            rh_long(&r, b->bidder);
            rh_dec3(&r, p);
            rh_str(&r, type, strlen(type));
            rh_ts(&r, b->date_time);
            rh_str(&r, b->extra.p, b->extra.n);
            rh_long(&r, count_char(b->extra.p, b->extra.n, 'c'));
            break;
        }
        case 21: {
            static const char *const ids[4][2] = {{"apple", "0"}, {"google", "1"}, {"facebook", "2"}, {"baidu", "3"}};
            Str id = {NULL, 0};
            bool have = false;
            for (int i = 0; i < 4 && !have; i++)
                if (str_ieq(b->channel, ids[i][0])) id = (Str){ids[i][1], 1}, have = true;
            if (!have && !extract_channel_id(b->url, &id)) continue;
            rh_long(&r, b->auction);
            rh_long(&r, b->bidder);
            rh_long(&r, b->price);
            rh_str(&r, b->channel.p, b->channel.n);
            rh_str(&r, id.p, id.n);
            break;
        }
        case 22: {
            rh_long(&r, b->auction);
            rh_long(&r, b->bidder);
            rh_long(&r, b->price);
            rh_str(&r, b->channel.p, b->channel.n);
            for (int d = 3; d <= 5; d++) {
                Str dir;
                if (split_index(b->url, d, &dir)) rh_str(&r, dir.p, dir.n);
                else rh_null(&r);
            }
            break;
        }
        default: exit(4);
        }
        count++;
        total += r.h;
    }
    free(ev.scratch);
    out->rows = count;
    out->sum = total;
    out->hw.kinds[KIND_INSERT] = count;
}

/* ---- running eddy --------------------------------------------------------------------------- */

static double cpu_seconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

static double wall_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void one_line(char *dst, size_t cap, const char *prefix, const char *msg) {
    snprintf(dst, cap, "%s%s", prefix, msg);
    for (char *p = dst; *p; p++)
        if (*p == '\n' || *p == '\t' || *p == '\r') *p = ' ';
}

/* The statement's first word, past blanks and comments. */
static const char *first_word(const char *st) {
    for (;;) {
        while (*st == ' ' || *st == '\n' || *st == '\t' || *st == '\r') st++;
        if (st[0] != '-' || st[1] != '-') return st;
        while (*st && *st != '\n') st++;
    }
}

static bool is_insert(const char *st) { return !strncasecmp(first_word(st), "INSERT", 6); }

/* Runs query q in this process: the setup statements, then the INSERT
 * timed -- or, when `check` is set, the INSERT's query collected and
 * checksummed. */
static void run_eddy(const Options *o, int q, bool batch, bool check, Run *out) {
    memset(out, 0, sizeof *out);
    Options mo = *o;
    if (check) mo.events = o->check_events;
    char *text = script(&mo, q);
    char **st = split_statements(text);
    free(text);
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = o->parallelism};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, batch ? EDDY_BATCH : EDDY_STREAMING);
    /* q14's CREATE FUNCTION names a Java class in Flink; here that name is
     * bound to the C function, and the statement runs unchanged */
    eddy_scalar_function cc = {EDDY_SCALAR_FUNCTION_VERSION, "STRING, STRING", "BIGINT", count_char_udf, NULL, NULL,
                               false};
    eddy_tenv_register_function_impl(t, "com.github.nexmark.flink.udf.CountChar", &cc);
    const char *udf_note = "";
    for (int i = 0; st[i]; i++) {
        if (is_insert(st[i]) && check) {
            const char *sel = strcasestr(st[i], "SELECT");
            eddy_table *tab = sel ? eddy_tenv_sql_query(t, sel) : NULL;
            eddy_iter *it = tab ? eddy_result_collect(eddy_table_execute(tab)) : NULL;
            if (!it) {
                one_line(out->error, sizeof out->error, udf_note, eddy_env_errmsg(env));
                break;
            }
            const eddy_row *row;
            eddy_status rc;
            char buf[4096];
            while ((rc = eddy_iter_next(it, &row)) == EDDY_ROW) {
                RowHash r;
                rh_begin(&r, true);
                for (size_t f = 0; f < eddy_row_arity(row); f++) {
                    int len = eddy_row_field_to_string(row, f, buf, sizeof buf);
                    rh_str(&r, buf, (size_t)len);
                }
                out->rows++;
                out->sum += r.h;
            }
            if (rc != EDDY_DONE) one_line(out->error, sizeof out->error, "", eddy_iter_errmsg(it));
            else out->ok = true;
            eddy_iter_free(it);
            break;
        }
        double c0 = cpu_seconds(), w0 = wall_seconds();
        eddy_result *res = eddy_tenv_execute_sql(t, st[i]);
        eddy_status rc = res ? eddy_result_await(res) : eddy_env_errcode(env);
        if (rc != EDDY_OK) {
            one_line(out->error, sizeof out->error, is_insert(st[i]) ? udf_note : "", eddy_env_errmsg(env));
            break;
        }
        if (is_insert(st[i])) {
            out->wall = wall_seconds() - w0;
            out->cpu = cpu_seconds() - c0;
            out->ok = true;
        }
    }
    eddy_env_free(env);
    free_statements(st);
}

static void run_baseline(const Options *o, int q, bool check, Run *out) {
    memset(out, 0, sizeof *out);
    double c0 = cpu_seconds(), w0 = wall_seconds();
    handwritten(q, check ? o->check_events : o->events, o->tps, check, NULL, out);
    out->wall = wall_seconds() - w0;
    out->cpu = cpu_seconds() - c0;
    out->ok = true;
}

/* Runs fn in a child process and collects its Run (and peak RSS). */
typedef enum { JOB_EDDY, JOB_BASELINE } JobKind;

static void run_child(const Options *o, JobKind kind, int q, bool batch, bool check, Run *out) {
    int fd[2];
    if (pipe(fd)) exit(5);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        Run r;
        if (kind == JOB_EDDY) run_eddy(o, q, batch, check, &r);
        else run_baseline(o, q, check, &r);
        ssize_t w = write(fd[1], &r, sizeof r);
        _exit(w == (ssize_t)sizeof r ? 0 : 1);
    }
    close(fd[1]);
    memset(out, 0, sizeof *out);
    ssize_t got = read(fd[0], out, sizeof *out);
    close(fd[0]);
    int status = 0;
    struct rusage u;
    wait4(pid, &status, 0, &u);
    if (got != (ssize_t)sizeof *out) {
        memset(out, 0, sizeof *out);
        snprintf(out->error, sizeof out->error, "the run crashed (%s %d)",
                 WIFSIGNALED(status) ? "signal" : "exit status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    out->rss_mb = (double)u.ru_maxrss / 1024.0;
}

/* ---- DuckDB side by side ------------------------------------------------------------------ */

static void csv_ts(FILE *f, int64_t ms) {
    time_t secs = (time_t)(ms / 1000);
    struct tm tm;
    gmtime_r(&secs, &tm);
    char b[40];
    strftime(b, sizeof b, "%Y-%m-%d %H:%M:%S", &tm);
    fprintf(f, "%s.%03d", b, (int)(ms % 1000));
}

/* The events as three CSV files; no field contains a comma or a quote. */
static int write_csv(const Options *o, const char *dir) {
    char path[3][600];
    const char *names[3] = {"person.csv", "auction.csv", "bid.csv"};
    FILE *f[3];
    for (int i = 0; i < 3; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", dir, names[i]);
        if (!(f[i] = fopen(path[i], "w"))) {
            fprintf(stderr, "bench_nexmark: cannot write %s: %s\n", path[i], strerror(errno));
            return 2;
        }
    }
    fputs("id,name,emailAddress,creditCard,city,state,dateTime,extra\n", f[0]);
    fputs("id,itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra\n", f[1]);
    fputs("auction,bidder,price,channel,url,dateTime,extra\n", f[2]);
    NexmarkConfig c;
    eddy__nexmark_config_default(&c);
    c.base_time = BASE_TIME;
    c.first_event_rate = c.next_event_rate = o->tps;
    c.events_num = o->events;
    if (!eddy__nexmark_config_finish(&c)) return 2;
    NexmarkEvent ev;
    ev.scratch = malloc(c.scratch_size);
#define S(x) (int)(x).n, (x).p
    for (int64_t k = 0; k < o->events; k++) {
        eddy__nexmark_event(&c, k, &ev);
        FILE *out = f[ev.kind];
        if (ev.kind == NEXMARK_PERSON) {
            const NexmarkPerson *p = &ev.person;
            fprintf(out, "%lld,%.*s,%.*s,%.*s,%.*s,%.*s,", (long long)p->id, S(p->name), S(p->email_address),
                    S(p->credit_card), S(p->city), S(p->state));
            csv_ts(out, p->date_time);
            fprintf(out, ",%.*s\n", S(p->extra));
        } else if (ev.kind == NEXMARK_AUCTION) {
            const NexmarkAuction *a = &ev.auction;
            fprintf(out, "%lld,%.*s,%.*s,%lld,%lld,", (long long)a->id, S(a->item_name), S(a->description),
                    (long long)a->initial_bid, (long long)a->reserve);
            csv_ts(out, a->date_time);
            fputc(',', out);
            csv_ts(out, a->expires);
            fprintf(out, ",%lld,%lld,%.*s\n", (long long)a->seller, (long long)a->category, S(a->extra));
        } else {
            const NexmarkBid *b = &ev.bid;
            fprintf(out, "%lld,%lld,%lld,%.*s,%.*s,", (long long)b->auction, (long long)b->bidder,
                    (long long)b->price, S(b->channel), S(b->url));
            csv_ts(out, b->date_time);
            fprintf(out, ",%.*s\n", S(b->extra));
        }
    }
#undef S
    free(ev.scratch);
    for (int i = 0; i < 3; i++) fclose(f[i]);
    return 0;
}

static void print_i128(char *buf, size_t cap, __int128 v) {
    char tmp[48];
    int n = 0;
    bool neg = v < 0;
    unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
    do tmp[n++] = (char)('0' + (int)(u % 10)); while ((u /= 10) && n < 47);
    size_t k = 0;
    if (neg && k + 1 < cap) buf[k++] = '-';
    while (n && k + 1 < cap) buf[k++] = tmp[--n];
    buf[k] = 0;
}

/* The line of --checksums: "qN SECONDS ROWS" and per column its count and sum. */
static void print_sums(int q, double seconds, uint64_t rows, const ColSums *sums) {
    printf("%s %.3f %llu", qname(q), seconds, (unsigned long long)rows);
    for (size_t c = 0; c < sums->ncols; c++) {
        char a[48], b[48];
        print_i128(a, sizeof a, sums->v[c][0]);
        print_i128(b, sizeof b, sums->v[c][1]);
        printf(" %s %s", a, b);
    }
    printf("\n");
}

/* In this process: query q in batch mode, timed into its blackhole, then
 * collected for the column sums; or (`hw`) its hand-written baseline,
 * timed with the sums. Prints one line. */
static void checksums(const Options *o, int q, bool hw) {
    Run r;
    ColSums sums;
    memset(&sums, 0, sizeof sums);
    if (hw) {
        if (!has_baseline(q)) {
            printf("%s error no hand-written baseline\n", qname(q));
            return;
        }
        memset(&r, 0, sizeof r);
        double w0 = wall_seconds();
        handwritten(q, o->events, o->tps, false, &sums, &r);
        print_sums(q, wall_seconds() - w0, r.rows, &sums);
        return;
    }
    run_eddy(o, q, true, false, &r);
    if (!r.ok) {
        printf("%s error %s\n", qname(q), r.error);
        return;
    }
    char *text = script(o, q);
    char **st = split_statements(text);
    free(text);
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = o->parallelism};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new_in_mode(env, EDDY_BATCH);
    uint64_t rows = 0;
    bool ok = false;
    for (int i = 0; st[i]; i++) {
        if (!is_insert(st[i])) {
            eddy_result *res = eddy_tenv_execute_sql(t, st[i]);
            if (!res || eddy_result_await(res) != EDDY_OK) break;
            continue;
        }
        eddy_table *tab = eddy_tenv_sql_query(t, strcasestr(st[i], "SELECT"));
        eddy_iter *it = tab ? eddy_result_collect(eddy_table_execute(tab)) : NULL;
        const eddy_row *row;
        char buf[4096];
        while (it && eddy_iter_next(it, &row) == EDDY_ROW) {
            rows++;
            sums.ncols = ED_MIN(eddy_row_arity(row), (size_t)64);
            for (size_t c = 0; c < sums.ncols; c++) {
                if (eddy_row_is_null(row, c)) continue;
                const char *ty = eddy_type_string(eddy_row_field_type(row, c));
                __int128 v = 0;
                if (strstr(ty, "CHAR") || strstr(ty, "STRING")) {
                    size_t len = 0;
                    const char *sv;
                    eddy_row_get_string(row, c, &sv, &len);
                    v = (__int128)len;
                } else if (strstr(ty, "TIMESTAMP")) {
                    eddy_timestamp ts;
                    eddy_row_get_timestamp(row, c, &ts);
                    v = ts.millis;
                } else if (strstr(ty, "DECIMAL")) {
                    eddy_row_field_to_string(row, c, buf, sizeof buf);
                    for (const char *p = buf; *p; p++)
                        if (*p >= '0' && *p <= '9') v = v * 10 + (*p - '0');
                } else {
                    int64_t x = 0;
                    eddy_row_get_long(row, c, &x);
                    v = x;
                }
                sums.v[c][0]++;
                sums.v[c][1] += v;
            }
        }
        ok = it != NULL;
        if (it) eddy_iter_free(it);
        break;
    }
    if (!ok) {
        printf("%s error %s\n", qname(q), eddy_env_errmsg(env));
    } else {
        print_sums(q, r.wall, rows, &sums);
    }
    eddy_env_free(env);
    free_statements(st);
}

/* ---- main ------------------------------------------------------------------------------------ */

static void parse_list(const char *s, Options *o) {
    memset(o->query, 0, sizeof o->query);
    char *copy = strdup(s);
    for (char *p = strtok(copy, ", "); p; p = strtok(NULL, ", ")) {
        int q = !strcmp(p, "source") ? SOURCE_QUERY : atoi(p[0] == 'q' || p[0] == 'Q' ? p + 1 : p);
        if (q >= 0 && q < NQUERIES) o->query[q] = true;
    }
    free(copy);
}

static void usage(void) {
    fprintf(stderr,
            "usage: bench_nexmark [--events N] [--queries q0,q1,...] [--modes streaming,batch] [--parallelism P]\n"
            "                     [--tps R] [--sql DIR] [--csv FILE] [--md FILE] [--dat FILE] [--check-events N]\n"
            "       bench_nexmark --handwritten [--events N] [--queries ...] [--tps R]\n"
            "       bench_nexmark --checksums [--handwritten] [--events N] [--queries ...]\n"
            "       bench_nexmark --write-csv DIR [--events N]\n");
    exit(2);
}

static void fmt_rate(char *b, size_t cap, double v) {
    if (v <= 0) snprintf(b, cap, "-");
    else snprintf(b, cap, "%.2f M", v / 1e6);
}

/* "+I 5 / -U 3 / +U 3 / -D 0". */
static void fmt_kinds(char *b, size_t cap, const uint64_t k[4]) {
    snprintf(b, cap, "+I %llu / -U %llu / +U %llu / -D %llu", (unsigned long long)k[0], (unsigned long long)k[1],
             (unsigned long long)k[2], (unsigned long long)k[3]);
}

/* A CSV field: quoted, its quotes doubled. */
static void csv_text(FILE *f, const char *s) {
    fputc('"', f);
    for (const char *p = s; *p; p++) fputs(*p == '"' ? "\"\"" : (char[]){*p, 0}, f);
    fputc('"', f);
}

/* A Markdown table cell: at most `max` characters, no '|'. */
static void md_text(char *dst, size_t cap, const char *s, size_t max) {
    snprintf(dst, cap, "%.*s%s", (int)max, s, strlen(s) > max ? " ..." : "");
    for (char *p = dst; *p; p++)
        if (*p == '|') *p = '/';
}

/* A baseline's run, its figures in one block of lines. */
static void print_baseline(const Options *o, int q, const Run *t, const Run *full) {
    char r[32], k[96];
    fmt_rate(r, sizeof r, (double)o->events / t->cpu);
    fmt_kinds(k, sizeof k, t->hw.kinds);
    printf("    hand-written: %.2f s CPU, %s ev/s/core, %.0f MB peak RSS; %llu result rows; changelog %s\n", t->cpu, r,
           t->rss_mb, (unsigned long long)t->rows, k);
    if (full)
        printf("    checksum over %lld events: %llu rows, %016llx\n", (long long)o->check_events,
               (unsigned long long)full->rows, (unsigned long long)full->sum);
    if (t->hw.state[0]) printf("    state (%.0f B/key): %s\n", t->hw.bytes_per_key, t->hw.state);
    if (t->hw.notes[0] && is_stateful(q)) printf("    changelog: %s\n", t->hw.notes);
}

/* --handwritten: the baselines alone, each timed and then checksummed
 * (Row.toString text) over the same events. */
static int handwritten_only(Options *o) {
    printf("hand-written baselines: %lld events, first-event.rate %lld\n", (long long)o->events, (long long)o->tps);
    o->check_events = o->events;
    for (int q = 0; q < NQUERIES; q++) {
        if (!o->query[q] || !has_baseline(q)) continue;
        Run t, full;
        run_child(o, JOB_BASELINE, q, false, false, &t);
        run_child(o, JOB_BASELINE, q, false, true, &full);
        printf("%s\n", qname(q));
        print_baseline(o, q, &t, &full);
    }
    return 0;
}

int main(int argc, char **argv) {
    Options o = {.events = 20000000, .tps = 10000000, .check_events = CHECK_EVENTS, .parallelism = 1,
                 .streaming = true, .batch = true, .sql_dir = "bench/nexmark"};
    for (int q = 0; q < NQUERIES; q++) o.query[q] = true;
    if (getenv("NEXMARK_EVENTS")) o.events = atoll(getenv("NEXMARK_EVENTS"));
    if (getenv("NEXMARK_QUERIES")) parse_list(getenv("NEXMARK_QUERIES"), &o);
    if (getenv("NEXMARK_PARALLELISM")) o.parallelism = atoi(getenv("NEXMARK_PARALLELISM"));
    const char *csv_dir = NULL;
    bool want_checksums = false, want_handwritten = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--checksums") || !strcmp(a, "--handwritten")) {
            *(a[2] == 'c' ? &want_checksums : &want_handwritten) = true;
            continue;
        }
        if (!v) usage();
        if (!strcmp(a, "--events")) o.events = atoll(v);
        else if (!strcmp(a, "--queries")) parse_list(v, &o);
        else if (!strcmp(a, "--modes")) o.streaming = strstr(v, "streaming") != NULL, o.batch = strstr(v, "batch") != NULL;
        else if (!strcmp(a, "--parallelism")) o.parallelism = atoi(v);
        else if (!strcmp(a, "--tps")) o.tps = atoll(v);
        else if (!strcmp(a, "--sql")) o.sql_dir = v;
        else if (!strcmp(a, "--csv")) o.csv = v;
        else if (!strcmp(a, "--md")) o.md = v;
        else if (!strcmp(a, "--dat")) o.dat = v;
        else if (!strcmp(a, "--check-events")) o.check_events = atoll(v);
        else if (!strcmp(a, "--write-csv")) csv_dir = v;
        else usage();
        i++;
    }
    if (o.events <= 0 || o.parallelism <= 0 || o.tps <= 0 || o.check_events <= 0) usage();
    if (csv_dir) return write_csv(&o, csv_dir);
    if (want_handwritten && !want_checksums) return handwritten_only(&o);
    snprintf(o.scratch, sizeof o.scratch, "/tmp/eddy-nexmark-%d", (int)getpid());
    mkdir(o.scratch, 0700);
    if (want_checksums) {
        for (int q = 0; q < NQUERIES; q++)
            if (o.query[q]) checksums(&o, q, want_handwritten);
        rmdir(o.scratch);
        return 0;
    }

    FILE *csv = o.csv ? fopen(o.csv, "w") : NULL, *md = o.md ? fopen(o.md, "w") : NULL;
    FILE *dat = o.dat ? fopen(o.dat, "w") : NULL;
    if ((o.csv && !csv) || (o.md && !md) || (o.dat && !dat)) {
        fprintf(stderr, "bench_nexmark: cannot write results: %s\n", strerror(errno));
        return 2;
    }
    if (csv)
        fprintf(csv, "query,mode,status,events,parallelism,wall_s,cpu_s,events_per_s,events_per_core_s,peak_rss_mb,"
                     "handwritten_events_per_core_s,cpu_ratio_eddy_over_handwritten,check,flink_v1_kps_core,"
                     "flink_v2_kps_core,flink_feldera_kps_core,error,handwritten_cpu_s,handwritten_peak_rss_mb,"
                     "handwritten_rows,changelog_insert,changelog_update_before,changelog_update_after,"
                     "changelog_delete,handwritten_state_bytes_per_key,handwritten_state,changelog_notes\n");
    if (dat)
        fprintf(dat, "# query, M events/s per core: eddy streaming, eddy batch, hand-written, Flink V1, V2, "
                     "16-core run (? = none)\n");
    if (md)
        fprintf(md, "| query | mode | eddy ev/s | eddy ev/s/core | CPU s | peak RSS | hand-written ev/s/core | "
                    "eddy CPU / hand-written | Flink K ev/s/core (V1 / V2 / 16-core run) | notes |\n"
                    "|---|---|---|---|---|---|---|---|---|---|\n");
    printf("nexmark: %lld events per run, parallelism %d, first-event.rate %lld; checks over %lld events\n",
           (long long)o.events, o.parallelism, (long long)o.tps, (long long)o.check_events);
    int failures = 0;
    static Run bases[NQUERIES];
    for (int q = 0; q < NQUERIES; q++) {
        if (!o.query[q]) continue;
        Run base = {0}, ck_eddy = {0}, ck_base = {0};
        char check[200] = "";
        if (has_baseline(q)) {
            run_child(&o, JOB_BASELINE, q, false, false, &base);
            run_child(&o, JOB_BASELINE, q, false, true, &ck_base);
            run_child(&o, JOB_EDDY, q, true, true, &ck_eddy);
            if (!ck_eddy.ok) snprintf(check, sizeof check, "not checked (eddy: %.120s)", ck_eddy.error);
            else if (ck_eddy.rows == ck_base.rows && ck_eddy.sum == ck_base.sum)
                snprintf(check, sizeof check, "same rows (%llu)", (unsigned long long)ck_eddy.rows);
            else {
                snprintf(check, sizeof check, "MISMATCH: eddy %llu rows (%016llx), hand-written %llu (%016llx)",
                         (unsigned long long)ck_eddy.rows, (unsigned long long)ck_eddy.sum,
                         (unsigned long long)ck_base.rows, (unsigned long long)ck_base.sum);
                failures++;
            }
            bases[q] = base;
            printf("%s\n", qname(q));
            print_baseline(&o, q, &base, NULL);
            printf("    check (batch mode, %lld events): %s\n", (long long)o.check_events, check);
        }
        double per_core[2] = {0, 0};
        for (int m = 0; m < 2; m++) {
            bool batch = m == 1;
            if (batch ? !o.batch : !o.streaming) continue;
            Run r;
            run_child(&o, JOB_EDDY, q, batch, false, &r);
            double eps = r.ok ? (double)o.events / r.wall : 0, epc = r.ok ? (double)o.events / r.cpu : 0;
            double bpc = has_baseline(q) ? (double)o.events / base.cpu : 0;
            double ratio = r.ok && has_baseline(q) ? r.cpu / base.cpu : 0;
            const char *mode = batch ? "batch" : "streaming";
            per_core[m] = epc;
            char a[32], b[32], c[32], rt[32], fl[64];
            fmt_rate(a, sizeof a, eps);
            fmt_rate(b, sizeof b, epc);
            fmt_rate(c, sizeof c, bpc);
            if (ratio > 0) snprintf(rt, sizeof rt, "%.2fx", ratio);
            else snprintf(rt, sizeof rt, "-");
            const double *f = flink_kps[q];
            if (f[0] || f[1] || f[2]) {
                int n = 0;
                for (int k = 0; k < 3; k++)
                    n += f[k] ? snprintf(fl + n, sizeof fl - (size_t)n, "%s%.1f", k ? " / " : "", f[k])
                              : snprintf(fl + n, sizeof fl - (size_t)n, "%s-", k ? " / " : "");
            } else {
                snprintf(fl, sizeof fl, q == SOURCE_QUERY ? "-" : "not runnable");
            }
            printf("%-6s %-9s %s\n", qname(q), mode, r.ok ? "" : r.error);
            if (r.ok)
                printf("    %s ev/s, %s ev/s/core, %.2f s CPU, %.0f MB peak RSS; hand-written %s ev/s/core, "
                       "ratio %s %s\n",
                       a, b, r.cpu, r.rss_mb, c, rt, check);
            if (csv) {
                fprintf(csv, "%s,%s,%s,%lld,%d,%.3f,%.3f,%.0f,%.0f,%.1f,%.0f,%.3f,", qname(q), mode, r.ok ? "ok" : "error",
                        (long long)o.events, o.parallelism, r.wall, r.cpu, eps, epc, r.rss_mb, bpc, ratio);
                csv_text(csv, check);
                fprintf(csv, ",%.1f,%.1f,%.1f,", f[0], f[1], f[2]);
                csv_text(csv, r.error);
                if (has_baseline(q)) {
                    fprintf(csv, ",%.3f,%.1f,%llu,%llu,%llu,%llu,%llu,%.1f,", base.cpu, base.rss_mb,
                            (unsigned long long)base.rows, (unsigned long long)base.hw.kinds[0],
                            (unsigned long long)base.hw.kinds[1], (unsigned long long)base.hw.kinds[2],
                            (unsigned long long)base.hw.kinds[3], base.hw.bytes_per_key);
                    csv_text(csv, base.hw.state);
                    fputc(',', csv);
                    csv_text(csv, is_stateful(q) ? base.hw.notes : "");
                } else {
                    fputs(",,,,,,,,,\"\",\"\"", csv);
                }
                fputc('\n', csv);
            }
            if (md) {
                char note[1100];
                md_text(note, sizeof note, r.ok ? check : r.error, 300);
                if (r.ok)
                    fprintf(md, "| %s | %s | %s | %s | %.2f | %.0f MB | %s | %s | %s | %s |\n", qname(q), mode, a, b, r.cpu,
                            r.rss_mb, c, rt, fl, note);
                else
                    fprintf(md, "| %s | %s | - | - | - | - | %s | - | %s | %s |\n", qname(q), mode, c, fl, note);
            }
        }
        if (dat) {
            double v[6] = {per_core[0], per_core[1], has_baseline(q) ? (double)o.events / base.cpu : 0,
                           flink_kps[q][0] * 1e3, flink_kps[q][1] * 1e3, flink_kps[q][2] * 1e3};
            fprintf(dat, "%s", qname(q));
            for (int i = 0; i < 6; i++)
                if (v[i] > 0) fprintf(dat, " %.4f", v[i] / 1e6);
                else fprintf(dat, " ?");
            fputc('\n', dat);
        }
    }
    if (md) {
        fprintf(md, "\nHand-written baselines of the stateful queries:\n\n"
                    "| query | CPU s | ev/s/core | peak RSS | result rows | changelog rows (+I / -U / +U / -D) | "
                    "state B/key | state | changelog |\n|---|---|---|---|---|---|---|---|---|\n");
        for (int q = 0; q < NQUERIES; q++) {
            if (!o.query[q] || !is_stateful(q)) continue;
            const Run *b = &bases[q];
            char r[32], k[96], st[600], nt[400], bpk[32] = "-";
            fmt_rate(r, sizeof r, (double)o.events / b->cpu);
            fmt_kinds(k, sizeof k, b->hw.kinds);
            md_text(st, sizeof st, b->hw.state[0] ? b->hw.state : "-", 560);
            md_text(nt, sizeof nt, b->hw.notes, 360);
            if (b->hw.bytes_per_key > 0) snprintf(bpk, sizeof bpk, "%.0f", b->hw.bytes_per_key);
            fprintf(md, "| %s | %.2f | %s | %.0f MB | %llu | %s | %s | %s | %s |\n", qname(q), b->cpu, r, b->rss_mb,
                    (unsigned long long)b->rows, k, bpk, st, nt);
        }
    }
    if (dat) fclose(dat);
    if (csv) fclose(csv);
    if (md) fclose(md);
    rmdir(o.scratch);
    return failures ? 1 : 0;
}
