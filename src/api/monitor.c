/*
 * monitor.c -- the env's jobs over HTTP, served with libmicrohttpd on
 * loopback: the Prometheus text exposition of the job metrics (Flink's
 * PrometheusReporter: metrics.reporter.prom.factory.class / .port) and the
 * web dashboard (rest.port / rest.bind-address): a JSON REST API in the
 * shape of Flink's (/overview, /jobs/overview, /jobs/<id>,
 * /jobs/<id>/exceptions, /jobmanager/config) and one page that polls it.
 *
 * The registry (under mu) lists every job handle started while a server
 * runs; each entry keeps a copy of the last metrics read, so a job whose
 * handle is gone is still shown as it ended. Requests run on the servers'
 * own threads and read live handles only through the thread-safe job calls
 * (eddy_job_status, eddy_job_error, eddy_job_metrics) under mu.
 */
#include "api/monitor.h"

#include <arpa/inet.h>
#include <math.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/time.h>

#include "util/json.h"

#define PROM_FACTORY_OPTION "metrics.reporter.prom.factory.class"
#define PROM_CLASS_OPTION "metrics.reporter.prom.class" /* the deprecated name */
#define PROM_PORT_OPTION "metrics.reporter.prom.port"
#define PROM_FILTER_OPTION "metrics.reporter.prom.filterLabelValueCharacters"
#define PROM_FACTORY "org.apache.flink.metrics.prometheus.PrometheusReporterFactory"
#define PROM_CLASS "org.apache.flink.metrics.prometheus.PrometheusReporter"
#define REST_PORT_OPTION "rest.port"
#define REST_BIND_OPTION "rest.bind-address"
#define METRICS_OPTION "eddy.metrics.enabled"
#define MAX_FINISHED 100 /* forgotten jobs kept for the dashboard */

static const char *const options[] = {PROM_FACTORY_OPTION, PROM_CLASS_OPTION, PROM_PORT_OPTION,
                                      PROM_FILTER_OPTION,  REST_PORT_OPTION,  REST_BIND_OPTION,
                                      METRICS_OPTION};

/* The order eddy_job_metrics reports an operator instance's metrics in. */
enum { M_IN, M_OUT, M_IN_RATE, M_OUT_RATE, M_IN_WM, M_OUT_WM, M_LATE, M_BUSY, M_IDLE, M_BP, M_STATE, M_COUNT };
static const char *const metric_names[M_COUNT] = {
    "numRecordsIn",          "numRecordsOut",          "numRecordsInPerSecond", "numRecordsOutPerSecond",
    "currentInputWatermark", "currentOutputWatermark", "numLateRecordsDropped", "busyTimeMsPerSecond",
    "idleTimeMsPerSecond",   "backPressuredTimeMsPerSecond", "stateSize"};

typedef struct MonOp {
    char *task, *name, *id;
    int subtask, parallelism;
    double v[M_COUNT];
} MonOp;

typedef struct MonJob {
    eddy_job *h; /* the live handle, or NULL once forgotten */
    char id[33];
    char *name, *error;
    int64_t start_ms, end_ms; /* end: when a terminal state was first seen (0: not yet) */
    eddy_job_state state;
    JobCheckpointStats ck; /* its checkpoint figures */
    int64_t restarts;
    MonOp *ops;
    size_t nops;
    char *plan; /* its operators as Flink's JobPlanInfo nodes (JSON), once the job was built */
} MonJob;

typedef struct Server {
    struct MHD_Daemon *d;
    int port; /* bound */
} Server;

typedef struct Monitor {
    pthread_mutex_t mu;
    ED_VEC(MonJob *) jobs;
    Server prom, web;
    /* settings (env thread) */
    bool prom_on, filter_labels;
    char prom_ports[64];
    int rest_port; /* -1: dashboard off */
    char rest_bind[64];
    char *config_json; /* [{"key":..,"value":..}] at the last job start (under mu) */
} Monitor;

static int64_t now_ms(void) {
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (int64_t)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

bool eddy__monitor_is_option(const char *key) {
    for (size_t i = 0; i < ED_ARRAY_LEN(options); i++)
        if (!strcmp(key, options[i])) return true;
    return false;
}

/* ---- the registry ------------------------------------------------------------------------------- */

static void ops_free(MonOp *ops, size_t n) {
    for (size_t i = 0; i < n; i++) {
        eddy__free(ops[i].task);
        eddy__free(ops[i].name);
        eddy__free(ops[i].id);
    }
    eddy__free(ops);
}

static void monjob_free(MonJob *j) {
    if (!j) return;
    eddy__free(j->name);
    eddy__free(j->error);
    eddy__free(j->plan);
    ops_free(j->ops, j->nops);
    eddy__free(j);
}

typedef struct Collect {
    ED_VEC(MonOp) ops;
    int k;       /* the metric within the current instance */
    bool failed;
} Collect;

static void collect_cb(void *ud, const eddy_metric *m) {
    Collect *c = ud;
    if (c->failed) return;
    if (!strcmp(m->name, metric_names[0])) {
        MonOp o = {eddy__strdup(m->task_name), eddy__strdup(m->operator_name), eddy__strdup(m->operator_id),
                   m->subtask_index, m->parallelism, {0}};
        if (!o.task || !o.name || !o.id || !ed_vec_push(&c->ops, o)) {
            eddy__free(o.task), eddy__free(o.name), eddy__free(o.id);
            c->failed = true;
            return;
        }
        c->k = 0;
    }
    if (c->ops.len && c->k < M_COUNT && !strcmp(m->name, metric_names[c->k]))
        c->ops.items[c->ops.len - 1].v[c->k++] = m->integral ? (double)m->int_value : m->value;
}

/* Reads a live entry's state, error, checkpoints and metrics into it
 * (holds mu). A handle whose job is gone (a query's rows freed) reports no
 * metrics: the copy read before stays. */
static void put_json_str(Buf *b, const char *s);

/* The job's operator graph as Flink's JobPlanInfo nodes: an id, the
 * parallelism, the operator as its description, and the inputs with their
 * ship strategies; the dashboard draws it. */
static void plan_cb(void *ud, const JobGraphNode *g, size_t n) {
    Buf *b = ud;
    eddy__buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        eddy__buf_puts(b, i ? ",{\"id\":" : "{\"id\":");
        put_json_str(b, g[i].uid);
        eddy__buf_printf(b, ",\"parallelism\":%d,\"operator\":", g[i].parallelism);
        put_json_str(b, g[i].name);
        eddy__buf_puts(b, ",\"operator_strategy\":\"\",\"description\":");
        put_json_str(b, g[i].name);
        eddy__buf_puts(b, ",\"inputs\":[");
        for (int k = 0; k < g[i].nin; k++) {
            eddy__buf_printf(b, "%s{\"num\":%d,\"id\":", k ? "," : "", k);
            put_json_str(b, g[g[i].in[k]].uid);
            eddy__buf_puts(b, ",\"ship_strategy\":");
            put_json_str(b, g[i].ship[k]);
            eddy__buf_puts(b, ",\"exchange\":\"pipelined_bounded\"}");
        }
        eddy__buf_puts(b, "],\"optimizer_properties\":{}}");
    }
    eddy__buf_putc(b, ']');
}

static void refresh(MonJob *j) {
    if (!j->h) return;
    if (!j->plan) {
        Buf b;
        eddy__buf_init(&b);
        eddy__api_job_graph(j->h, plan_cb, &b);
        if (b.len && !b.failed) j->plan = eddy__strdup(eddy__buf_cstr(&b));
        eddy__buf_free(&b);
    }
    j->state = eddy_job_status(j->h);
    const char *e = eddy_job_error(j->h);
    if (e && !j->error) j->error = eddy__strdup(e);
    if (eddy_job_state_terminal(j->state) && !j->end_ms) j->end_ms = now_ms();
    eddy__api_job_ck_stats(j->h, &j->ck);
    j->restarts = eddy_job_restarts(j->h);
    Collect c = {0};
    eddy_job_metrics(j->h, collect_cb, &c);
    if (c.failed || c.ops.len == 0) {
        ops_free(c.ops.items, c.ops.len);
        return;
    }
    ops_free(j->ops, j->nops);
    j->ops = c.ops.items;
    j->nops = c.ops.len;
}

/* The table environment's options as the dashboard shows them (secrets
 * hidden), JSON. Env thread. */
static char *config_json(eddy_env *env, eddy_tenv *t) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_putc(&b, '[');
    char par[16];
    snprintf(par, sizeof par, "%d", env->cfg.parallelism);
    const char *fixed[][2] = {{"execution.runtime-mode", env->cfg.mode == EDDY_BATCH ? "BATCH" : "STREAMING"},
                              {"parallelism.default", par}};
    size_t n = 0;
    for (size_t i = 0; i < ED_ARRAY_LEN(fixed); i++, n++) {
        bool set = false;
        for (size_t k = 0; t && k < t->options.len; k++) set |= !strcmp(t->options.items[k].key, fixed[i][0]);
        if (set) continue;
        eddy__buf_puts(&b, n ? ",{\"key\":" : "{\"key\":");
        eddy__json_write_string(&b, fixed[i][0], strlen(fixed[i][0]));
        eddy__buf_puts(&b, ",\"value\":");
        eddy__json_write_string(&b, fixed[i][1], strlen(fixed[i][1]));
        eddy__buf_putc(&b, '}');
    }
    for (size_t k = 0; t && k < t->options.len; k++, n++) {
        const TableOption *o = &t->options.items[k];
        const char *v = eddy__api_option_shown(o->key, o->value);
        eddy__buf_puts(&b, n ? ",{\"key\":" : "{\"key\":");
        eddy__json_write_string(&b, o->key, strlen(o->key));
        eddy__buf_puts(&b, ",\"value\":");
        eddy__json_write_string(&b, v, strlen(v));
        eddy__buf_putc(&b, '}');
    }
    eddy__buf_putc(&b, ']');
    return b.failed ? NULL : eddy__buf_take(&b);
}

static void take_config(eddy_env *env, eddy_tenv *t, Monitor *m) {
    if (!t && m->config_json) return; /* keep the table options seen last */
    char *c = config_json(env, t);
    pthread_mutex_lock(&m->mu);
    if (c) {
        eddy__free(m->config_json);
        m->config_json = c;
    }
    pthread_mutex_unlock(&m->mu);
}

void eddy__monitor_add(eddy_env *env, eddy_tenv *tenv, eddy_job *h) {
    Monitor *m = env ? env->monitor : NULL;
    if (!m || !h || (!m->prom.d && !m->web.d)) return;
    MonJob *j = eddy__calloc(1, sizeof *j);
    if (!j) return;
    j->h = h;
    snprintf(j->id, sizeof j->id, "%s", eddy_job_id(h));
    j->name = eddy__strdup(eddy_job_name(h));
    j->start_ms = eddy_job_start_time(h);
    j->state = EDDY_JOB_RUNNING;
    take_config(env, tenv, m);
    pthread_mutex_lock(&m->mu);
    if (!j->name || !ed_vec_push(&m->jobs, j)) {
        pthread_mutex_unlock(&m->mu);
        monjob_free(j);
        return;
    }
    pthread_mutex_unlock(&m->mu);
}

void eddy__monitor_forget(eddy_env *env, eddy_job *h) {
    Monitor *m = env ? env->monitor : NULL;
    if (!m || !h) return;
    pthread_mutex_lock(&m->mu);
    size_t gone = 0;
    for (size_t i = 0; i < m->jobs.len; i++) {
        MonJob *j = m->jobs.items[i];
        if (j->h != h) continue;
        refresh(j);
        j->h = NULL;
        if (!eddy_job_state_terminal(j->state)) j->state = EDDY_JOB_CANCELED; /* freed while running */
        if (!j->end_ms) j->end_ms = now_ms();
    }
    /* keep the newest MAX_FINISHED forgotten jobs */
    for (size_t i = m->jobs.len; i-- > 0;)
        if (!m->jobs.items[i]->h && ++gone > MAX_FINISHED) {
            monjob_free(m->jobs.items[i]);
            memmove(&m->jobs.items[i], &m->jobs.items[i + 1], (m->jobs.len - i - 1) * sizeof *m->jobs.items);
            m->jobs.len--;
        }
    pthread_mutex_unlock(&m->mu);
}

/* ---- text helpers ---------------------------------------------------------------------------------- */

/* A double as Java's Double.toString prints it (the Prometheus client's
 * format): shortest digits that read back, plain between 1e-3 and 1e7,
 * otherwise d.dddE<n>; NaN, +Inf, -Inf. */
static void put_java_double(Buf *b, double d) {
    if (isnan(d)) return eddy__buf_puts(b, "NaN");
    if (isinf(d)) return eddy__buf_puts(b, d > 0 ? "+Inf" : "-Inf");
    char s[64];
    double a = fabs(d);
    if (d == 0 || (a >= 1e-3 && a < 1e7)) {
        for (int p = 1; p <= 17; p++) {
            snprintf(s, sizeof s, "%.*f", p, d);
            if (strtod(s, NULL) == d) break;
        }
        return eddy__buf_puts(b, s);
    }
    int p = 1;
    for (; p < 17; p++) {
        snprintf(s, sizeof s, "%.*e", p, d);
        if (strtod(s, NULL) == d) break;
    }
    snprintf(s, sizeof s, "%.*e", p, d);
    char *e = strchr(s, 'e');
    int exp = atoi(e + 1);
    *e = 0;
    /* drop trailing zeros of the mantissa, keeping one digit after the point */
    size_t n = strlen(s);
    while (n > 3 && s[n - 1] == '0' && s[n - 2] != '.') s[--n] = 0;
    eddy__buf_printf(b, "%sE%d", s, exp);
}

/* A label value: characters other than [a-zA-Z0-9_] become '_' (Flink's
 * default, filterLabelValueCharacters), or escaped as the format asks. */
static void put_label(Buf *b, const char *v, bool filter) {
    for (; *v; v++) {
        char c = *v;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (filter) eddy__buf_putc(b, ok ? c : '_');
        else if (c == '\\' || c == '"') eddy__buf_putc(b, '\\'), eddy__buf_putc(b, c);
        else if (c == '\n') eddy__buf_puts(b, "\\n");
        else eddy__buf_putc(b, c);
    }
}

static void put_json_str(Buf *b, const char *s) { eddy__json_write_string(b, s ? s : "", s ? strlen(s) : 0); }

/* Opens an object with its id under key and its name: {"jid":..,"name":.. */
static void put_head(Buf *b, const char *key, const char *id, const char *name) {
    eddy__buf_printf(b, "{\"%s\":", key);
    put_json_str(b, id);
    eddy__buf_puts(b, ",\"name\":");
    put_json_str(b, name);
}

static const char *state_name(eddy_job_state s) { return eddy_job_status_name(s); }

/* ---- Prometheus -------------------------------------------------------------------------------------- */

static void prom_family(Buf *b, const char *scope, const char *metric) {
    eddy__buf_printf(b, "# HELP flink_%s_%s %s (scope: %s)\n# TYPE flink_%s_%s gauge\n", scope, metric, metric, scope,
                     scope, metric);
}

static void prom_job_labels(Buf *b, const MonJob *j, bool filter) {
    eddy__buf_puts(b, "job_id=\"");
    put_label(b, j->id, filter);
    eddy__buf_puts(b, "\",job_name=\"");
    put_label(b, j->name, filter);
    eddy__buf_putc(b, '"');
}

/* The metrics of the running jobs (Flink drops a job's metrics when it
 * ends). Holds mu. */
static void prom_text(Monitor *m, Buf *b) {
    for (size_t i = 0; i < m->jobs.len; i++) refresh(m->jobs.items[i]);
    static const char *const job_metrics[] = {"uptime",
                                              "numRestarts",
                                              "numberOfCompletedCheckpoints",
                                              "numberOfFailedCheckpoints",
                                              "numberOfInProgressCheckpoints",
                                              "totalNumberOfCheckpoints",
                                              "lastCompletedCheckpointId",
                                              "lastCheckpointDuration",
                                              "lastCheckpointSize",
                                              "lastCheckpointFullSize",
                                              "lastCheckpointRestoreTimestamp"};
    for (size_t k = 0; k < ED_ARRAY_LEN(job_metrics); k++) {
        bool head = false;
        for (size_t i = 0; i < m->jobs.len; i++) {
            const MonJob *j = m->jobs.items[i];
            if (!j->h || j->state != EDDY_JOB_RUNNING) continue;
            if (!head) prom_family(b, "jobmanager_job", job_metrics[k]), head = true;
            const JobCheckpointStats *ck = &j->ck;
            bool any = ck->completed > 0;
            int64_t v;
            switch (k) {
            case 0: v = now_ms() - j->start_ms; break;
            case 1: v = j->restarts; break;
            case 2: v = ck->completed; break;
            case 3: v = ck->failed; break;
            case 4: v = ck->in_progress; break;
            case 5: v = ck->completed + ck->failed + ck->in_progress; break;
            case 6: v = any ? ck->last_id : -1; break;
            case 7: v = any ? ck->last_duration_ns / 1000000 : -1; break;
            case 8: v = any ? (int64_t)ck->last_bytes : -1; break;
            case 9: v = any ? (int64_t)ck->last_full_bytes : -1; break;
            default: v = ck->restores ? ck->restore_ms : -1; break;
            }
            eddy__buf_printf(b, "flink_jobmanager_job_%s{", job_metrics[k]);
            prom_job_labels(b, j, m->filter_labels);
            eddy__buf_puts(b, "} ");
            put_java_double(b, (double)v);
            eddy__buf_putc(b, '\n');
        }
    }
    for (int k = 0; k < M_COUNT; k++) {
        bool head = false;
        for (size_t i = 0; i < m->jobs.len; i++) {
            const MonJob *j = m->jobs.items[i];
            if (!j->h || j->state != EDDY_JOB_RUNNING) continue;
            for (size_t o = 0; o < j->nops; o++) {
                const MonOp *op = &j->ops[o];
                if (!head) prom_family(b, "taskmanager_job_task_operator", metric_names[k]), head = true;
                eddy__buf_printf(b, "flink_taskmanager_job_task_operator_%s{", metric_names[k]);
                prom_job_labels(b, j, m->filter_labels);
                eddy__buf_puts(b, ",task_name=\"");
                put_label(b, op->task, m->filter_labels);
                eddy__buf_puts(b, "\",operator_id=\"");
                put_label(b, op->id, m->filter_labels);
                eddy__buf_puts(b, "\",operator_name=\"");
                put_label(b, op->name, m->filter_labels);
                eddy__buf_printf(b, "\",subtask_index=\"%d\"} ", op->subtask);
                put_java_double(b, op->v[k]);
                eddy__buf_putc(b, '\n');
            }
        }
    }
}

/* ---- REST ---------------------------------------------------------------------------------------------- */

static MonJob *find_job(Monitor *m, const char *id, size_t n) {
    for (size_t i = 0; i < m->jobs.len; i++)
        if (strlen(m->jobs.items[i]->id) == n && !memcmp(m->jobs.items[i]->id, id, n)) return m->jobs.items[i];
    return NULL;
}

static int64_t duration_of(const MonJob *j, int64_t now) { return (j->end_ms ? j->end_ms : now) - j->start_ms; }

/* The tasks of a job (its vertices): operators grouped by task in order. */
static size_t task_count(const MonJob *j) {
    size_t n = 0;
    for (size_t o = 0; o < j->nops; o++) {
        bool seen = false;
        for (size_t p = 0; p < o && !seen; p++) seen = !strcmp(j->ops[p].task, j->ops[o].task);
        n += !seen;
    }
    return n;
}

static void json_job_overview(Buf *b, const MonJob *j, int64_t now) {
    put_head(b, "jid", j->id, j->name);
    size_t nt = task_count(j);
    bool running = j->state == EDDY_JOB_RUNNING;
    eddy__buf_printf(b,
                     ",\"state\":\"%s\",\"start-time\":%lld,\"end-time\":%lld,\"duration\":%lld,"
                     "\"last-modification\":%lld,\"tasks\":{\"total\":%zu,\"running\":%zu,\"finished\":%zu,"
                     "\"canceled\":%zu,\"failed\":%zu}}",
                     state_name(j->state), (long long)j->start_ms, (long long)(j->end_ms ? j->end_ms : -1),
                     (long long)duration_of(j, now), (long long)(j->end_ms ? j->end_ms : j->start_ms), nt,
                     running ? nt : 0, j->state == EDDY_JOB_FINISHED ? nt : 0, j->state == EDDY_JOB_CANCELED ? nt : 0,
                     j->state == EDDY_JOB_FAILED ? nt : 0);
}

static void json_overview(Monitor *m, Buf *b) {
    size_t c[EDDY_JOB_RESTARTING + 1] = {0};
    for (size_t i = 0; i < m->jobs.len; i++)
        if ((unsigned)m->jobs.items[i]->state <= EDDY_JOB_RESTARTING) c[m->jobs.items[i]->state]++;
    eddy__buf_printf(b,
                     "{\"taskmanagers\":1,\"slots-total\":0,\"slots-available\":0,\"jobs-running\":%zu,"
                     "\"jobs-finished\":%zu,\"jobs-cancelled\":%zu,\"jobs-failed\":%zu,\"flink-version\":",
                     c[EDDY_JOB_RUNNING] + c[EDDY_JOB_CREATED] + c[EDDY_JOB_RESTARTING], c[EDDY_JOB_FINISHED],
                     c[EDDY_JOB_CANCELED],
                     c[EDDY_JOB_FAILED]);
    put_json_str(b, eddy_version());
    eddy__buf_puts(b, ",\"flink-commit\":\"\"}");
}

static void json_jobs_overview(Monitor *m, Buf *b) {
    int64_t now = now_ms();
    eddy__buf_puts(b, "{\"jobs\":[");
    /* newest first, as Flink lists them */
    for (size_t i = m->jobs.len, n = 0; i-- > 0; n++) {
        if (n) eddy__buf_putc(b, ',');
        json_job_overview(b, m->jobs.items[i], now);
    }
    eddy__buf_puts(b, "]}");
}

/* One operator summed over its subtasks: counts and rates added,
 * watermarks the minimum, busy / idle / backpressure the maximum. */
static void json_operator(Buf *b, const MonJob *j, size_t first) {
    const MonOp *f = &j->ops[first];
    double v[M_COUNT];
    memcpy(v, f->v, sizeof v);
    for (size_t o = first + 1; o < j->nops; o++) {
        const MonOp *op = &j->ops[o];
        if (strcmp(op->id, f->id) || strcmp(op->task, f->task)) continue;
        for (int k = 0; k < M_COUNT; k++) {
            if (k == M_IN_WM || k == M_OUT_WM) v[k] = op->v[k] < v[k] ? op->v[k] : v[k];
            else if (k == M_BUSY || k == M_IDLE || k == M_BP) v[k] = op->v[k] > v[k] ? op->v[k] : v[k];
            else v[k] += op->v[k];
        }
    }
    put_head(b, "id", f->id, f->name);
    eddy__buf_printf(b, ",\"parallelism\":%d,\"metrics\":{", f->parallelism);
    for (int k = 0; k < M_COUNT; k++) {
        eddy__buf_printf(b, "%s\"%s\":", k ? "," : "", metric_names[k]);
        if (k == M_IN_WM || k == M_OUT_WM || k == M_IN || k == M_OUT || k == M_LATE || k == M_STATE)
            eddy__buf_printf(b, "%lld", (long long)v[k]);
        else eddy__buf_printf(b, "%.3f", v[k]);
    }
    eddy__buf_puts(b, "}}");
}

static bool first_of(const MonJob *j, size_t o, bool by_task) {
    for (size_t p = 0; p < o; p++)
        if (!strcmp(j->ops[p].task, j->ops[o].task) && (by_task || !strcmp(j->ops[p].id, j->ops[o].id)))
            return false;
    return true;
}

/* "plan":{"jid","name","type","nodes"} (the nodes: the job's operators). */
static void json_plan_body(Buf *b, const MonJob *j) {
    eddy__buf_puts(b, "\"plan\":");
    put_head(b, "jid", j->id, j->name);
    eddy__buf_printf(b, ",\"type\":\"STREAMING\",\"nodes\":%s}", j->plan ? j->plan : "[]");
}

/* Flink's job details: the vertices are the tasks (chains), each with
 * eddy's per-operator figures under "operators". */
static void json_job(Buf *b, const MonJob *j) {
    int64_t now = now_ms();
    put_head(b, "jid", j->id, j->name);
    eddy__buf_printf(b,
                     ",\"isStoppable\":false,\"state\":\"%s\",\"start-time\":%lld,\"end-time\":%lld,"
                     "\"duration\":%lld,\"now\":%lld,\"checkpoints\":{\"completed\":%lld,\"restored-from\":%lld},"
                     "\"vertices\":[",
                     state_name(j->state), (long long)j->start_ms, (long long)(j->end_ms ? j->end_ms : -1),
                     (long long)duration_of(j, now), (long long)now, (long long)j->ck.completed,
                     (long long)(j->ck.restores ? j->ck.restored_id : 0));
    size_t nv = 0;
    for (size_t t = 0; t < j->nops; t++) {
        if (!first_of(j, t, true)) continue;
        const MonOp *tf = &j->ops[t];
        /* the task's records in: its first operator's; out: its last's */
        double in = 0, out = 0;
        const char *last_id = tf->id;
        for (size_t o = t; o < j->nops; o++)
            if (!strcmp(j->ops[o].task, tf->task) && j->ops[o].subtask == 0) last_id = j->ops[o].id;
        for (size_t o = t; o < j->nops; o++) {
            if (strcmp(j->ops[o].task, tf->task)) continue;
            if (!strcmp(j->ops[o].id, tf->id)) in += j->ops[o].v[M_IN];
            if (!strcmp(j->ops[o].id, last_id)) out += j->ops[o].v[M_OUT];
        }
        if (nv++) eddy__buf_putc(b, ',');
        put_head(b, "id", tf->id, tf->task);
        eddy__buf_printf(b,
                         ",\"parallelism\":%d,\"status\":\"%s\",\"start-time\":%lld,\"end-time\":%lld,"
                         "\"duration\":%lld,\"metrics\":{\"read-records\":%lld,\"write-records\":%lld},"
                         "\"operators\":[",
                         tf->parallelism, state_name(j->state), (long long)j->start_ms,
                         (long long)(j->end_ms ? j->end_ms : -1), (long long)duration_of(j, now), (long long)in,
                         (long long)out);
        size_t no = 0;
        for (size_t o = t; o < j->nops; o++) {
            if (strcmp(j->ops[o].task, tf->task) || !first_of(j, o, false)) continue;
            if (no++) eddy__buf_putc(b, ',');
            json_operator(b, j, o);
        }
        eddy__buf_puts(b, "]}");
    }
    eddy__buf_puts(b, "],");
    json_plan_body(b, j);
    eddy__buf_putc(b, '}');
}

/* Flink's JobPlanInfo: {"plan":{"jid","name","type","nodes"}}. */
static void json_plan(Buf *b, const MonJob *j) {
    eddy__buf_putc(b, '{');
    json_plan_body(b, j);
    eddy__buf_putc(b, '}');
}

/* One completed checkpoint as Flink's CompletedCheckpointStatistics
 * (the figures eddy has; the per-task details are not kept). */
static void json_ck_entry(Buf *b, const JobCheckpointRec *r) {
    eddy__buf_printf(b,
                     "{\"className\":\"completed\",\"id\":%lld,\"status\":\"COMPLETED\",\"is_savepoint\":false,"
                     "\"trigger_timestamp\":%lld,\"latest_ack_timestamp\":%lld,\"checkpointed_size\":%llu,"
                     "\"state_size\":%llu,\"end_to_end_duration\":%lld,\"alignment_duration\":%lld,"
                     "\"checkpoint_type\":\"CHECKPOINT\",\"discarded\":false}",
                     (long long)r->id, (long long)r->trigger_ms, (long long)(r->trigger_ms + r->duration_ns / 1000000),
                     (unsigned long long)r->bytes, (unsigned long long)r->full_bytes, (long long)(r->duration_ns / 1000000),
                     (long long)(r->alignment_ns / 1000000));
}

/* min / max / avg of one figure over the kept history (Flink's
 * StatsSummary; no percentiles): what 0 bytes written (checkpointed_size),
 * 3 bytes referenced (state_size: more for incremental checkpoints), 1
 * duration, 2 alignment. */
static void json_ck_summary(Buf *b, const char *name, const JobCheckpointStats *ck, int what) {
    int64_t mn = 0, mx = 0, sum = 0;
    for (int i = 0; i < ck->hist_len; i++) {
        const JobCheckpointRec *r = &ck->hist[i];
        int64_t v = what == 0   ? (int64_t)r->bytes
                    : what == 3 ? (int64_t)r->full_bytes
                    : what == 1 ? r->duration_ns / 1000000
                                : r->alignment_ns / 1000000;
        if (!i || v < mn) mn = v;
        if (!i || v > mx) mx = v;
        sum += v;
    }
    eddy__buf_printf(b, "\"%s\":{\"min\":%lld,\"max\":%lld,\"avg\":%lld}", name, (long long)mn, (long long)mx,
                     (long long)(ck->hist_len ? sum / ck->hist_len : 0));
}

/* Flink's CheckpointingStatistics: counts, a summary of the recent ones,
 * the latest completed and the restore, the history (newest first). */
static void json_checkpoints(Buf *b, const MonJob *j) {
    const JobCheckpointStats *ck = &j->ck;
    eddy__buf_printf(b,
                     "{\"counts\":{\"restored\":%lld,\"total\":%lld,\"in_progress\":%lld,\"completed\":%lld,"
                     "\"failed\":%lld},\"summary\":{",
                     (long long)ck->restores, (long long)(ck->completed + ck->failed + ck->in_progress),
                     (long long)ck->in_progress, (long long)ck->completed, (long long)ck->failed);
    json_ck_summary(b, "checkpointed_size", ck, 0);
    eddy__buf_putc(b, ',');
    json_ck_summary(b, "state_size", ck, 3);
    eddy__buf_putc(b, ',');
    json_ck_summary(b, "end_to_end_duration", ck, 1);
    eddy__buf_putc(b, ',');
    json_ck_summary(b, "alignment_duration", ck, 2);
    eddy__buf_puts(b, "},\"latest\":{\"completed\":");
    int newest = (ck->hist_next + JOB_CK_HISTORY - 1) % JOB_CK_HISTORY;
    if (ck->hist_len) json_ck_entry(b, &ck->hist[newest]);
    else eddy__buf_puts(b, "null");
    eddy__buf_puts(b, ",\"savepoint\":null,\"failed\":null,\"restored\":");
    if (ck->restores)
        eddy__buf_printf(b, "{\"id\":%lld,\"restore_timestamp\":%lld,\"is_savepoint\":false}",
                         (long long)ck->restored_id, (long long)ck->restore_ms);
    else eddy__buf_puts(b, "null");
    eddy__buf_puts(b, "},\"history\":[");
    for (int i = 0; i < ck->hist_len; i++) {
        if (i) eddy__buf_putc(b, ',');
        json_ck_entry(b, &ck->hist[(newest - i + JOB_CK_HISTORY) % JOB_CK_HISTORY]);
    }
    eddy__buf_puts(b, "]}");
}

static void json_exceptions(Buf *b, const MonJob *j) {
    eddy__buf_puts(b, "{\"root-exception\":");
    if (j->error) put_json_str(b, j->error);
    else eddy__buf_puts(b, "null");
    eddy__buf_printf(b, ",\"timestamp\":%lld,\"all-exceptions\":[],\"truncated\":false,\"exceptionHistory\":{"
                        "\"entries\":[",
                     (long long)(j->error ? j->end_ms : -1));
    if (j->error) {
        eddy__buf_puts(b, "{\"exceptionName\":\"JobExecutionException\",\"stacktrace\":");
        put_json_str(b, j->error);
        eddy__buf_printf(b, ",\"timestamp\":%lld,\"taskName\":null,\"location\":null,\"concurrentExceptions\":[]}",
                         (long long)j->end_ms);
    }
    eddy__buf_puts(b, "],\"truncated\":false}}");
}

extern const char eddy__dashboard_html[]; /* dashboard.c */

/* ---- HTTP ---------------------------------------------------------------------------------------------- */

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, const char *type, Buf *b) {
    if (b->failed) {
        eddy__buf_free(b);
        eddy__buf_init(b);
        status = MHD_HTTP_INTERNAL_SERVER_ERROR;
        type = "application/json";
        eddy__buf_puts(b, "{\"errors\":[\"out of memory\"]}");
    }
    size_t n = b->len;
    struct MHD_Response *r = MHD_create_response_from_buffer(n, eddy__buf_take(b), MHD_RESPMEM_MUST_FREE);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    enum MHD_Result rc = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result not_found(struct MHD_Connection *c, Buf *b, const char *url) {
    eddy__buf_truncate(b, 0);
    eddy__buf_puts(b, "{\"errors\":[");
    Buf msg;
    eddy__buf_init(&msg);
    eddy__buf_printf(&msg, "Not found: %s", url);
    put_json_str(b, msg.failed ? "Not found" : eddy__buf_cstr(&msg));
    eddy__buf_free(&msg);
    eddy__buf_puts(b, "]}");
    return reply(c, MHD_HTTP_NOT_FOUND, "application/json", b);
}

static enum MHD_Result only_get(struct MHD_Connection *c, const char *method) {
    if (!strcmp(method, "GET") || !strcmp(method, "HEAD")) return MHD_YES;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "{\"errors\":[\"Only GET requests are served.\"]}");
    reply(c, MHD_HTTP_METHOD_NOT_ALLOWED, "application/json", &b);
    return MHD_NO;
}

static enum MHD_Result prom_handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                    const char *version, const char *upload, size_t *upload_n, void **state) {
    (void)url, (void)version, (void)upload, (void)upload_n, (void)state;
    if (only_get(c, method) == MHD_NO) return MHD_YES;
    Monitor *m = cls;
    Buf b;
    eddy__buf_init(&b);
    pthread_mutex_lock(&m->mu);
    prom_text(m, &b);
    pthread_mutex_unlock(&m->mu);
    return reply(c, MHD_HTTP_OK, "text/plain; version=0.0.4; charset=utf-8", &b);
}

static enum MHD_Result web_handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                   const char *version, const char *upload, size_t *upload_n, void **state) {
    (void)version, (void)upload, (void)upload_n, (void)state;
    if (only_get(c, method) == MHD_NO) return MHD_YES;
    Monitor *m = cls;
    Buf b;
    eddy__buf_init(&b);
    if (!strcmp(url, "/") || !strcmp(url, "/index.html")) {
        eddy__buf_puts(&b, eddy__dashboard_html);
        return reply(c, MHD_HTTP_OK, "text/html; charset=utf-8", &b);
    }
    /* Flink's REST paths, with or without its /v1 prefix */
    if (!strncmp(url, "/v1/", 4)) url += 3;
    bool found = true;
    pthread_mutex_lock(&m->mu);
    for (size_t i = 0; i < m->jobs.len; i++) refresh(m->jobs.items[i]);
    if (!strcmp(url, "/overview")) json_overview(m, &b);
    else if (!strcmp(url, "/jobs/overview")) json_jobs_overview(m, &b);
    else if (!strcmp(url, "/jobmanager/config")) eddy__buf_puts(&b, m->config_json ? m->config_json : "[]");
    else if (!strcmp(url, "/config"))
        eddy__buf_printf(&b, "{\"refresh-interval\":1000,\"flink-version\":\"%s\",\"features\":{\"web-submit\":false,"
                             "\"web-cancel\":false}}",
                         eddy_version());
    else if (!strncmp(url, "/jobs/", 6)) {
        const char *id = url + 6, *slash = strchr(id, '/');
        size_t n = slash ? (size_t)(slash - id) : strlen(id);
        MonJob *j = find_job(m, id, n);
        if (!j) found = false;
        else if (!slash) json_job(&b, j);
        else if (!strcmp(slash, "/exceptions")) json_exceptions(&b, j);
        else if (!strcmp(slash, "/plan")) json_plan(&b, j);
        else if (!strcmp(slash, "/checkpoints")) json_checkpoints(&b, j);
        else found = false;
    } else found = false;
    pthread_mutex_unlock(&m->mu);
    if (!found) return not_found(c, &b, url);
    return reply(c, MHD_HTTP_OK, "application/json; charset=UTF-8", &b);
}

static void server_stop(Server *s) {
    if (s->d) MHD_stop_daemon(s->d);
    s->d = NULL;
    s->port = 0;
}

/* Starts s on host:port (loopback by default); false with the error on env. */
static bool server_start(eddy_env *env, Server *s, Monitor *m, const char *what, const char *host, int port,
                         MHD_AccessHandlerCallback handler) {
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) {
        eddy__api_err(env, EDDY_E_VALIDATION, "Could not start the %s: '%s' is not an IPv4 address.", what, host);
        return false;
    }
    s->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD, (uint16_t)port, NULL, NULL, handler, m,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa, MHD_OPTION_CONNECTION_TIMEOUT,
                            (unsigned)10, MHD_OPTION_END);
    if (!s->d) {
        eddy__api_err(env, EDDY_E_IO, "Could not start the %s on %s:%d (the port may be in use).", what, host, port);
        return false;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    return true;
}

/* A port or a range "9250-9260" (Flink's reporter tries each in turn). */
static bool parse_ports(const char *v, int *lo, int *hi) {
    char *end;
    long a = strtol(v, &end, 10), b = a;
    if (end == v) return false;
    if (*end == '-') {
        const char *s = end + 1;
        b = strtol(s, &end, 10);
        if (end == s) return false;
    }
    if (*end || a < 0 || b < a || b > 65535) return false;
    *lo = (int)a, *hi = (int)b;
    return true;
}

static bool prom_start(eddy_env *env, Monitor *m) {
    server_stop(&m->prom);
    if (!m->prom_on) return true;
    int lo, hi;
    parse_ports(m->prom_ports, &lo, &hi); /* checked when set */
    for (int p = lo; p <= hi; p++) {
        if (p < hi) {
            eddy_status saved = env->err.code;
            if (server_start(env, &m->prom, m, "Prometheus reporter", "127.0.0.1", p, prom_handler)) return true;
            if (!saved) eddy_env_clear_error(env);
            continue;
        }
        return server_start(env, &m->prom, m, "Prometheus reporter", "127.0.0.1", p, prom_handler);
    }
    return false;
}

static Monitor *monitor_get(eddy_env *env) {
    if (env->monitor) return env->monitor;
    Monitor *m = eddy__calloc(1, sizeof *m);
    if (!m) return NULL;
    pthread_mutex_init(&m->mu, NULL);
    m->filter_labels = true;
    snprintf(m->prom_ports, sizeof m->prom_ports, "9249");
    m->rest_port = -1;
    snprintf(m->rest_bind, sizeof m->rest_bind, "127.0.0.1");
    env->monitor = m;
    return m;
}

eddy_status eddy__monitor_set_option(eddy_env *env, const char *key, const char *value) {
    Monitor *m = monitor_get(env);
    if (!m) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    if (!strcmp(key, PROM_FACTORY_OPTION) || !strcmp(key, PROM_CLASS_OPTION)) {
        bool on = !strcmp(value, PROM_FACTORY) || !strcmp(value, PROM_CLASS);
        if (!on && *value)
            return eddy__api_err(env, EDDY_E_UNSUPPORTED,
                                 "not supported yet: the metric reporter '%s' (eddy has %s; '' turns it off)", value,
                                 PROM_FACTORY);
        m->prom_on = on;
        take_config(env, NULL, m);
        return prom_start(env, m) ? EDDY_OK : env->err.code;
    }
    if (!strcmp(key, PROM_PORT_OPTION)) {
        int lo, hi;
        if (!parse_ports(value, &lo, &hi) || strlen(value) >= sizeof m->prom_ports)
            return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        snprintf(m->prom_ports, sizeof m->prom_ports, "%s", value);
        return !m->prom_on || prom_start(env, m) ? EDDY_OK : env->err.code;
    }
    if (!strcmp(key, PROM_FILTER_OPTION) || !strcmp(key, METRICS_OPTION)) {
        bool on = eddy__str_ieq(value, "true");
        if (!on && !eddy__str_ieq(value, "false"))
            return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        if (!strcmp(key, METRICS_OPTION)) {
            env->metrics_off = !on;
            return EDDY_OK;
        }
        pthread_mutex_lock(&m->mu);
        m->filter_labels = on;
        pthread_mutex_unlock(&m->mu);
        return EDDY_OK;
    }
    if (!strcmp(key, REST_BIND_OPTION)) {
        struct in_addr a;
        const char *host = !strcmp(value, "localhost") ? "127.0.0.1" : value;
        if (strlen(host) >= sizeof m->rest_bind || inet_pton(AF_INET, host, &a) != 1)
            return eddy__api_err(env, EDDY_E_VALIDATION,
                                 "Could not parse value '%s' for key '%s' (an IPv4 address or localhost).", value, key);
        snprintf(m->rest_bind, sizeof m->rest_bind, "%s", host);
    } else { /* rest.port */
        int lo, hi;
        if (!*value) m->rest_port = -1;
        else if (!parse_ports(value, &lo, &hi) || lo != hi)
            return eddy__api_err(env, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", value, key);
        else m->rest_port = lo;
    }
    server_stop(&m->web);
    if (m->rest_port < 0) return EDDY_OK;
    take_config(env, NULL, m);
    return server_start(env, &m->web, m, "web dashboard", m->rest_bind, m->rest_port, web_handler) ? EDDY_OK
                                                                                                 : env->err.code;
}

void eddy__monitor_free(eddy_env *env) {
    Monitor *m = env->monitor;
    if (!m) return;
    server_stop(&m->prom);
    server_stop(&m->web);
    for (size_t i = 0; i < m->jobs.len; i++) monjob_free(m->jobs.items[i]);
    ed_vec_free(&m->jobs);
    eddy__free(m->config_json);
    pthread_mutex_destroy(&m->mu);
    eddy__free(m);
    env->monitor = NULL;
}

int eddy_env_prometheus_port(const eddy_env *env) {
    return env && env->monitor && env->monitor->prom.d ? env->monitor->prom.port : 0;
}

int eddy_env_rest_port(const eddy_env *env) {
    return env && env->monitor && env->monitor->web.d ? env->monitor->web.port : 0;
}
