/*
 * session.c -- one shell session: runs statements through eddy.h and
 * prints what the newest Flink SQL client prints for them.
 *
 * Most statements go to eddy_tenv_execute_sql. The shell itself handles
 * what Flink's client handles: QUIT / EXIT, HELP, CLEAR, BEGIN STATEMENT SET
 * and END (collecting INSERTs in an eddy_statement_set), the [WARNING] for
 * a SET of a key eddy does not use, and Ctrl-C: a watcher thread, woken
 * through a self-pipe by the SIGINT handler, cancels the statement that is
 * running (a query stops with "Query terminated, received a total of N
 * rows"; an INSERT waited for under table.dml-sync fails as cancelled).
 *
 * Job threads must never take SIGINT from the prompt's line editor, so
 * every call that can start a job runs with SIGINT blocked: the workers
 * inherit the mask and the signal always reaches the main thread.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "shell.h"

struct Shell {
    eddy_env *env;
    eddy_tenv *tenv;
    FILE *out;
    bool interactive, init, quit;
    bool sigint_cancels;        /* Ctrl-C cancels the running statement (interactive, -f, -e) */
    bool interrupted;           /* a script was stopped by Ctrl-C */
    bool gateway;               /* ShellOptions.gateway */
    bool in_set;                /* between BEGIN STATEMENT SET and END */
    eddy_statement_set *set;
    int set_count;
    eddy_result **jobs;         /* INSERT jobs left running (table.dml-sync off) */
    size_t njobs, jobs_cap;
    /* every job the session started, for SHOW JOBS / DESCRIBE JOB / STOP JOB */
    struct JobRec {
        char id[33];
        char *name;
        int64_t start_ms;
        eddy_result *r; /* still running (one of jobs), or NULL */
        eddy_job_state last; /* its state when r was freed */
        eddy_checkpoint_stats ck; /* its checkpoint figures then */
    } *recs;
    size_t nrecs, recs_cap;
    /* The column width option and its deprecated name are one option: the
     * one SET last gives the width (NULL: neither is set). */
    const char *width_key;
};

/* ---- messages -------------------------------------------------------------------------------------- */

#define MSG_EXECUTED "[INFO] Execute statement succeeded."
#define MSG_FINISHED "[INFO] Complete execution of the SQL update statement."
#define MSG_SUBMITTING "[INFO] Submitting SQL update statement to the cluster..."
#define MSG_SUBMITTED "[INFO] SQL update statement has been successfully submitted to the cluster:"
#define MSG_ERROR "[ERROR] Could not execute SQL statement. Reason:"
#define MSG_ONLY_INSERT                                                                                            \
    "Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement " \
    "Set."
#define MSG_NO_SET "No Statement Set to submit. 'END' statement should be used after 'BEGIN STATEMENT SET'."
#define DEPRECATED_WIDTH_KEY "sql-client.display.max-column-width"
#define WIDTH_KEY "table.display.max-column-width"

const char eddy__shell_help[] =
    "The following commands are available:\n"
    "\n"
    "CLEAR\t\tClears the current terminal.\n"
    "HELP\t\tPrints the available commands.\n"
    "QUIT/EXIT\t\tQuits the eddy shell.\n"
    "SET\t\tSets a session configuration property. Syntax: \"SET '<key>'='<value>';\". Use \"SET;\" for listing all "
    "properties.\n"
    "RESET\t\tResets a session configuration property. Syntax: \"RESET '<key>';\". Use \"RESET;\" for reset all "
    "session properties.\n"
    "BEGIN STATEMENT SET\t\tBegins a statement set. Syntax: \"BEGIN STATEMENT SET;\"\n"
    "END\t\tEnds a statement set and submits its INSERTs as one job. Syntax: \"END;\"\n"
    "EXECUTE STATEMENT SET\t\tRuns INSERTs as one job. Syntax: \"EXECUTE STATEMENT SET BEGIN INSERT ...; "
    "INSERT ...; END;\"\n"
    "\n"
    "Every other statement (CREATE, DROP, ALTER, USE, SHOW, DESCRIBE, SELECT, INSERT, ...) runs as Flink SQL.\n"
    "\n"
    "Hint: Make sure that a statement ends with \";\" for finalizing (multi-line) statements.\n"
    "Ctrl-C cancels the running query and returns to the prompt; Ctrl-D or QUIT; leaves.\n";

static bool fail(Shell *sh, const char *message) {
    fprintf(sh->out, "%s\n%s\n", MSG_ERROR, message);
    fflush(sh->out);
    return false;
}

/* Prints the env's pending error as the client does and clears it. A SQL
 * position the message does not already state is appended. */
static bool fail_env(Shell *sh) {
    const char *msg = eddy_env_errmsg(sh->env);
    int line = 0, col = 0;
    eddy_env_error_position(sh->env, &line, &col);
    char pos[64] = "";
    if (line > 0) snprintf(pos, sizeof pos, "line %d, column %d", line, col);
    if (line > 0 && !strstr(msg, pos)) {
        StrBuf b = {0};
        eddy__shell_sb_printf(&b, "%s (at %s)", *msg ? msg : eddy_status_str(eddy_env_errcode(sh->env)), pos);
        fail(sh, b.s);
        eddy__shell_sb_free(&b);
    } else {
        fail(sh, *msg ? msg : eddy_status_str(eddy_env_errcode(sh->env)));
    }
    eddy_env_clear_error(sh->env);
    return false;
}

static void info(Shell *sh, const char *line) {
    fprintf(sh->out, "%s\n", line);
    fflush(sh->out);
}

/* ---- Ctrl-C ------------------------------------------------------------------------------------------- */

static int sig_pipe[2] = {-1, -1};
static volatile sig_atomic_t sigint_seen;
static pthread_mutex_t cur_mu = PTHREAD_MUTEX_INITIALIZER;
static eddy_result *cur_result;   /* what Ctrl-C cancels; guarded by cur_mu */
static eddy_interrupt_flag cur_interrupt; /* handed to the tableau printer (atomic: the watcher sets it) */
static bool watcher_started;

static void on_sigint(int sig) {
    (void)sig;
    int saved = errno;
    sigint_seen = 1;
    if (sig_pipe[1] >= 0) {
        ssize_t w = write(sig_pipe[1], "c", 1);
        (void)w;
    }
    errno = saved;
}

static void *watch_sigint(void *arg) {
    (void)arg;
    for (;;) {
        char c;
        ssize_t n = read(sig_pipe[0], &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return NULL;
        pthread_mutex_lock(&cur_mu);
        if (cur_result) {
            cur_interrupt = 1;
            eddy_result_cancel(cur_result);
        }
        pthread_mutex_unlock(&cur_mu);
    }
}

static void block_sigint(sigset_t *old) {
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGINT);
    pthread_sigmask(SIG_BLOCK, &s, old);
}

static void restore_sigmask(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

void eddy__shell_sigint_install(bool restart_syscalls) {
    if (!watcher_started) {
        if (pipe(sig_pipe) != 0) return;
        fcntl(sig_pipe[1], F_SETFL, O_NONBLOCK);
        fcntl(sig_pipe[0], F_SETFD, FD_CLOEXEC);
        fcntl(sig_pipe[1], F_SETFD, FD_CLOEXEC);
        sigset_t old;
        block_sigint(&old);
        pthread_t t;
        watcher_started = pthread_create(&t, NULL, watch_sigint, NULL) == 0;
        if (watcher_started) pthread_detach(t);
        restore_sigmask(&old);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = restart_syscalls ? SA_RESTART : 0;
    sigaction(SIGINT, &sa, NULL);
}

bool eddy__shell_take_sigint(void) {
    bool seen = sigint_seen;
    sigint_seen = 0;
    return seen;
}

/* Makes r what Ctrl-C cancels (NULL: nothing). A Ctrl-C that came while
 * the statement was being started cancels it at once. */
static void set_current(Shell *sh, eddy_result *r) {
    if (!sh->sigint_cancels) return;
    pthread_mutex_lock(&cur_mu);
    cur_result = r;
    if (r && sigint_seen) {
        cur_interrupt = 1;
        eddy_result_cancel(r);
    }
    pthread_mutex_unlock(&cur_mu);
}

/* ---- the session ------------------------------------------------------------------------------------- */

Shell *eddy__shell_new(const ShellOptions *opts) {
    Shell *sh = eddy__shell_xrealloc(NULL, sizeof *sh);
    memset(sh, 0, sizeof *sh);
    sh->out = opts->out ? opts->out : stdout;
    sh->interactive = opts->interactive;
    sh->sigint_cancels = opts->interactive || opts->cancel_on_sigint;
    sh->gateway = opts->gateway;
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1};
    sigset_t old;
    block_sigint(&old);
    sh->env = eddy_env_new(&cfg);
    sh->tenv = eddy_tenv_new(sh->env);
    restore_sigmask(&old);
    if (!sh->env || !sh->tenv) {
        eddy_env_free(sh->env);
        free(sh);
        return NULL;
    }
    return sh;
}

bool eddy__shell_quit(const Shell *sh) { return sh->quit; }

bool eddy__shell_script_interrupted(Shell *sh) {
    if (!sh->sigint_cancels || sh->interactive) return false;
    if (sigint_seen && !sh->interrupted) {
        sh->interrupted = true;
        fprintf(sh->out, "[ERROR] Interrupted (Ctrl-C): the statement was cancelled; the rest of the script does "
                         "not run.\n");
        fflush(sh->out);
    }
    return sh->interrupted;
}

bool eddy__shell_serve_web(Shell *sh, const char *port) {
    sigset_t old;
    block_sigint(&old); /* the server's threads leave SIGINT to the shell */
    eddy_status st = eddy_tenv_set_option(sh->tenv, "rest.port", port);
    restore_sigmask(&old);
    if (st != EDDY_OK) {
        fprintf(stderr, "eddy: %s\n", eddy_env_errmsg(sh->env));
        eddy_env_clear_error(sh->env);
        return false;
    }
    fprintf(stderr, "[INFO] Web dashboard: http://127.0.0.1:%d/\n", eddy_env_rest_port(sh->env));
    return true;
}

FILE *eddy__shell_set_output(Shell *sh, FILE *out, bool init) {
    FILE *was = sh->out;
    sh->out = out;
    sh->init = init;
    return was;
}

/* Prints each line of report as a [WARNING]. */
static void warn_lines(Shell *sh, const char *report) {
    for (const char *p = report; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(sh->out, "[WARNING] %.*s\n", (int)n, p);
        p += n + (nl ? 1 : 0);
    }
}

/* Malformed input records the job met (ignore-parse-errors): one
 * [WARNING] line per input file; late records its operators dropped: one
 * per operator -- so that none goes unnoticed. */
static void warn_malformed(Shell *sh, eddy_result *r) {
    const char *report = NULL;
    if (eddy_result_malformed_records(r, &report) && report) warn_lines(sh, report);
    if (eddy_result_late_records(r, &report) && report) warn_lines(sh, report);
    fflush(sh->out);
}

static eddy_status await_job(Shell *sh, eddy_result *r);

bool eddy__shell_free(Shell *sh) {
    if (!sh) return false;
    if (sh->njobs && sh->interactive)
        info(sh, "[INFO] Waiting for the INSERT jobs still running to finish (Ctrl-C cancels them)...");
    bool cancel_rest = sh->interrupted; /* a script stopped by Ctrl-C leaves no job running */
    for (size_t i = 0; i < sh->njobs; i++) {
        eddy_result *r = sh->jobs[i];
        if (cancel_rest) eddy_result_cancel(r);
        set_current(sh, r);
        eddy_status st = await_job(sh, r);
        set_current(sh, NULL);
        if (cur_interrupt && !cancel_rest && !sh->interactive) {
            sh->interrupted = true;
            info(sh, "[ERROR] Interrupted (Ctrl-C): the INSERT jobs still running are cancelled.");
        }
        if (cur_interrupt) cancel_rest = true;
        warn_malformed(sh, r);
        if (st != EDDY_OK && st != EDDY_E_CANCELLED) {
            fprintf(sh->out, "[ERROR] The INSERT job %s failed. Reason:\n%s\n", eddy_result_job_id(r),
                    eddy_env_errmsg(sh->env));
        }
        eddy_env_clear_error(sh->env);
    }
    fflush(sh->out);
    free(sh->jobs);
    for (size_t i = 0; i < sh->nrecs; i++) free(sh->recs[i].name);
    free(sh->recs);
    eddy_env_free(sh->env);
    bool interrupted = sh->interrupted;
    free(sh);
    return interrupted;
}

/* The value of an int option, or def when unset or not a number. */
static int int_option(Shell *sh, const char *key, int def) {
    const char *v = eddy_tenv_get_option(sh->tenv, key);
    if (!v) return def;
    char *end;
    long n = strtol(v, &end, 10);
    return end != v && n > 0 && n <= 1000000 ? (int)n : def;
}

static bool option_is(Shell *sh, const char *key, const char *value) {
    const char *v = eddy_tenv_get_option(sh->tenv, key);
    return v && !strcasecmp(v, value);
}

/* EXPLAIN and SHOW CREATE in the gateway layout: the text as it is (the
 * client prints both as its one-cell "result" table). */
static bool print_plan(Shell *sh, eddy_result *r) {
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    const char *plan = NULL;
    size_t len = 0;
    eddy_status st = eddy_iter_next(it, &row);
    if (st == EDDY_ROW) eddy_row_get_string(row, 0, &plan, &len);
    if (plan && len && plan[len - 1] == '\n') len--;
    if (plan) fprintf(sh->out, "%.*s\n", (int)len, plan);
    fflush(sh->out);
    eddy_iter_free(it);
    eddy_result_free(r);
    return plan ? true : fail_env(sh);
}

/* Now on CLOCK_MONOTONIC, in nanoseconds. */
static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Whether a query's footer gets its time: sql-client.display.print-time-cost
 * when set, else in interactive sessions only (--check and -f scripts print
 * none, as Flink's own test harness sets the option false). */
static bool print_time_cost(Shell *sh) {
    const char *v = eddy_tenv_get_option(sh->tenv, "sql-client.display.print-time-cost");
    return v ? !strcasecmp(v, "true") : sh->interactive;
}

/* Records the job of r (NULL: none) in the session's list; r kept (a
 * running INSERT) or about to be freed (its state taken now). */
static void record_job(Shell *sh, eddy_result *r, bool keep) {
    eddy_job *j = eddy_result_job(r);
    if (!j) return;
    if (sh->nrecs == sh->recs_cap) {
        sh->recs_cap = sh->recs_cap ? sh->recs_cap * 2 : 8;
        sh->recs = eddy__shell_xrealloc(sh->recs, sh->recs_cap * sizeof *sh->recs);
    }
    struct JobRec *rec = &sh->recs[sh->nrecs++];
    snprintf(rec->id, sizeof rec->id, "%s", eddy_job_id(j));
    rec->name = strdup(eddy_job_name(j));
    rec->start_ms = eddy_job_start_time(j);
    rec->r = keep ? r : NULL;
    rec->last = eddy_job_status(j);
    eddy_job_checkpoint_stats(j, &rec->ck);
}

/* r (a running INSERT's result) is about to be freed: keep its state. */
static void forget_result(Shell *sh, eddy_result *r) {
    for (size_t i = 0; i < sh->nrecs; i++)
        if (sh->recs[i].r == r) {
            sh->recs[i].last = eddy_job_status(eddy_result_job(r));
            eddy_job_checkpoint_stats(eddy_result_job(r), &sh->recs[i].ck);
            sh->recs[i].r = NULL;
        }
}

/* Prints a query's rows as the result mode says, cancellable with Ctrl-C;
 * started is when the statement began (now_ns). */
/* Whether sql begins with SELECT, as Flink's gateway tests tell a query
 * (StatementType.match) to print its op column. */
static bool begins_with_select(const char *sql) {
    while (isspace((unsigned char)*sql)) sql++;
    return !strncasecmp(sql, "SELECT", 6);
}

static bool print_query(Shell *sh, eddy_result *r, int64_t started, const char *sql) {
    int width = int_option(sh, sh->width_key ? sh->width_key : WIDTH_KEY, 30);
    eddy_print_options o = {
        .abi_version = EDDY_PRINT_OPTIONS_VERSION,
        .style = sh->gateway                                                        ? EDDY_PRINT_GATEWAY
                 : option_is(sh, "sql-client.execution.result-mode", "changelog") ? EDDY_PRINT_CHANGELOG
                 : option_is(sh, "sql-client.execution.result-mode", "table")   ? EDDY_PRINT_TABLE
                                                                                 : EDDY_PRINT_CLIENT,
        .max_column_width = width,
        .interrupt = sh->sigint_cancels ? &cur_interrupt : NULL,
        .time_cost_since_ns = print_time_cost(sh) ? started : 0,
        .no_op_column = sh->gateway && !begins_with_select(sql),
    };
    set_current(sh, r);
    eddy_status st = eddy_result_print_with(r, sh->out, &o);
    set_current(sh, NULL);
    fflush(sh->out);
    warn_malformed(sh, r);
    record_job(sh, r, false);
    eddy_result_free(r);
    if (st == EDDY_E_CANCELLED) {
        eddy_env_clear_error(sh->env);
        return true; /* "Query terminated, ..." was printed */
    }
    return st == EDDY_OK ? true : fail_env(sh);
}

/* Frees the INSERT jobs that ended well and have nothing left to say (no
 * malformed or late records), so that a long session stays flat; the others wait
 * for the end of the session, which reports them. */
static void reap_jobs(Shell *sh) {
    size_t keep = 0;
    for (size_t i = 0; i < sh->njobs; i++) {
        eddy_result *r = sh->jobs[i];
        bool failed = true;
        if (eddy_result_job_done(r, &failed) && !failed && eddy_result_malformed_records(r, NULL) == 0 &&
            eddy_result_late_records(r, NULL) == 0 && eddy_result_await(r) == EDDY_OK) {
            forget_result(sh, r);
            eddy_result_free(r);
            continue;
        }
        sh->jobs[keep++] = r;
    }
    sh->njobs = keep;
}

/* ---- the progress line (interactive sessions, stderr on a terminal) ------------------------------- */

typedef struct Progress {
    double in, out, last_in; /* last_in: numRecordsIn of the operator being reported */
} Progress;

/* Rows read: what the sources emitted (operators that take no input);
 * rows written: what the sinks took. */
static void progress_cb(void *ud, const eddy_metric *m) {
    Progress *p = ud;
    if (!strcmp(m->name, "numRecordsIn")) p->last_in = m->value;
    else if (!strcmp(m->name, "numRecordsOut") && p->last_in == 0) p->in += m->value;
    if (!strcmp(m->name, "numRecordsIn") && !strncmp(m->operator_name, "Sink", 4)) p->out += m->value;
}

/* Waits for r's job; in an interactive session a statement running longer
 * than a second draws "[rows in N, out M, R rows/s, T s]" on stderr (a
 * terminal only), cleared before anything else prints. Ctrl-C cancels. */
static eddy_status await_job(Shell *sh, eddy_result *r) {
    eddy_job *j = eddy_result_job(r);
    if (sh->interactive && j && isatty(STDERR_FILENO)) {
        int64_t t0 = now_ns();
        bool drawn = false;
        while (eddy_job_wait(j, 250) == EDDY_JOB_RUNNING) {
            double secs = (double)(now_ns() - t0) / 1e9;
            if (secs < 1) continue;
            Progress p = {0, 0, 0};
            eddy_job_metrics(j, progress_cb, &p);
            fprintf(stderr, "\r\033[K[rows in %.0f, out %.0f, %.0f rows/s, %.1f s]", p.in, p.out, p.in / secs, secs);
            fflush(stderr);
            drawn = true;
        }
        if (drawn) fputs("\r\033[K", stderr);
    }
    return eddy_result_await(r);
}

/* Reports a started INSERT job: waits for it under table.dml-sync (Ctrl-C
 * cancels it), else leaves it running and prints its id. */
static bool report_job(Shell *sh, eddy_result *r, bool sync) {
    if (sync) {
        set_current(sh, r);
        eddy_status st = await_job(sh, r);
        set_current(sh, NULL);
        warn_malformed(sh, r);
        record_job(sh, r, false);
        if (st != EDDY_OK) {
            eddy_result_free(r);
            return fail_env(sh);
        }
        if (sh->gateway) {
            /* the gateway answers an INSERT with its job's id, waited for or not */
            fprintf(sh->out, "Job ID: %s\n", eddy_result_job_id(r));
            fflush(sh->out);
        } else {
            info(sh, MSG_FINISHED);
        }
        eddy_result_free(r);
        return true;
    }
    reap_jobs(sh);
    if (sh->njobs == sh->jobs_cap) {
        sh->jobs_cap = sh->jobs_cap ? sh->jobs_cap * 2 : 8;
        sh->jobs = eddy__shell_xrealloc(sh->jobs, sh->jobs_cap * sizeof *sh->jobs);
    }
    sh->jobs[sh->njobs++] = r;
    record_job(sh, r, true);
    if (sh->gateway)
        fprintf(sh->out, "Job ID: %s\n", eddy_result_job_id(r));
    else
        fprintf(sh->out, "%s\n%s\nJob ID: %s\n\n", MSG_SUBMITTING, MSG_SUBMITTED, eddy_result_job_id(r));
    fflush(sh->out);
    return true;
}

/* A one-row, one-column table (name: the column's) printed in style. */
static bool print_cell(Shell *sh, const char *name, const char *value, eddy_print_style style) {
    const char *col[] = {name};
    const char *cell[] = {value};
    eddy_result *r = eddy_tenv_listing_result(sh->tenv, 1, col, 1, cell);
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = style};
    bool ok = r && eddy_result_print_with(r, sh->out, &o) == EDDY_OK;
    fflush(sh->out);
    eddy_result_free(r);
    return ok ? true : fail_env(sh);
}

/* The gateway layout's answer to a statement the shell runs itself
 * (BEGIN STATEMENT SET, an INSERT added to the set, an empty END): the
 * "result | OK" table; the client's [INFO] line otherwise. */
static bool executed(Shell *sh) {
    if (!sh->gateway) {
        info(sh, MSG_EXECUTED);
        return true;
    }
    return print_cell(sh, "result", "OK", EDDY_PRINT_GATEWAY);
}

/* A statement that succeeded without rows: the client's [INFO] line, or
 * the "result | OK" table in the gateway layout. */
static bool succeeded(Shell *sh, eddy_result *r) {
    if (!sh->gateway) {
        eddy_result_free(r);
        info(sh, MSG_EXECUTED);
        return true;
    }
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_CLIENT};
    eddy_status st = eddy_result_print_with(r, sh->out, &o);
    fflush(sh->out);
    eddy_result_free(r);
    return st == EDDY_OK ? true : fail_env(sh);
}

/* Whether r is SHOW CREATE's one-cell "result" table. */
static bool is_show_create(eddy_result *r) {
    return eddy_result_statement_kind(r) == EDDY_STMT_SHOW && eddy_result_column_count(r) == 1 &&
           !strcmp(eddy_result_column_name(r, 0), "result");
}

/* Runs a statement through eddy_tenv_execute_sql. An INSERT is started
 * without table.dml-sync so that the shell itself waits for it and Ctrl-C
 * can cancel it; the option is put back afterwards. */
static bool execute(Shell *sh, const char *sql, bool is_insert) {
    int64_t started = now_ns();
    bool sync = is_insert && option_is(sh, "table.dml-sync", "true");
    if (sync) eddy_tenv_set_option(sh->tenv, "table.dml-sync", "false");
    sigset_t old;
    block_sigint(&old);
    eddy_result *r = eddy_tenv_execute_sql(sh->tenv, sql);
    restore_sigmask(&old);
    if (sync) {
        eddy_status pending = eddy_env_errcode(sh->env);
        if (pending) {
            /* keep the statement's error while the option is put back */
            StrBuf msg = {0};
            eddy__shell_sb_puts(&msg, eddy_env_errmsg(sh->env));
            eddy_env_clear_error(sh->env);
            eddy_tenv_set_option(sh->tenv, "table.dml-sync", "true");
            fail(sh, msg.s);
            eddy__shell_sb_free(&msg);
            return false;
        }
        eddy_tenv_set_option(sh->tenv, "table.dml-sync", "true");
    }
    if (!r) return fail_env(sh);
    eddy_statement_kind kind = eddy_result_statement_kind(r);
    /* CREATE TABLE ... AS SELECT is an INSERT job too; the library waited
     * for it already when table.dml-sync is set */
    if (kind == EDDY_STMT_INSERT) return report_job(sh, r, sync || option_is(sh, "table.dml-sync", "true"));
    if (sh->init && kind == EDDY_STMT_QUERY) {
        eddy_result_free(r);
        return fail(sh, "A query cannot run from an init file (-i): it sets up the session only.");
    }
    if (kind == EDDY_STMT_QUERY) return print_query(sh, r, started, sql);
    if (sh->gateway && (kind == EDDY_STMT_EXPLAIN || is_show_create(r))) return print_plan(sh, r);
    if (eddy_result_get_kind(r) == EDDY_RESULT_SUCCESS) return succeeded(sh, r);
    /* SHOW, DESCRIBE, EXPLAIN, SET; ...: the rows as a table */
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_CLIENT};
    eddy_status st = eddy_result_print_with(r, sh->out, &o);
    fflush(sh->out);
    eddy_result_free(r);
    return st == EDDY_OK ? true : fail_env(sh);
}

/* SET 'key' = 'value': runs it, warning first about a key eddy does not
 * use (it is kept, SET lists it, but it changes nothing) or a deprecated
 * one. The SET's own output ("[INFO] Execute statement succeeded.")
 * follows. */
static bool set_with_warning(Shell *sh, const char *sql, const char *key) {
    eddy_result *r;
    sigset_t old;
    block_sigint(&old);
    r = eddy_tenv_execute_sql(sh->tenv, sql);
    restore_sigmask(&old);
    if (!r) return fail_env(sh);
    if (!strcmp(key, WIDTH_KEY)) sh->width_key = WIDTH_KEY;
    if (!strcmp(key, DEPRECATED_WIDTH_KEY)) sh->width_key = DEPRECATED_WIDTH_KEY;
    if (!eddy_option_is_known(key))
        fprintf(sh->out, "[WARNING] eddy does not use the option '%s': it is kept in the session but has no effect.\n",
                key);
    else if (!strcmp(key, DEPRECATED_WIDTH_KEY))
        fprintf(sh->out, "[WARNING] The specified key '%s' is deprecated. Please use '%s' instead.\n", key, WIDTH_KEY);
    return succeeded(sh, r);
}

static bool begin_set(Shell *sh) {
    if (sh->in_set) return fail(sh, MSG_ONLY_INSERT);
    sh->set = eddy_tenv_create_statement_set(sh->tenv);
    if (!sh->set) return fail_env(sh);
    sh->in_set = true;
    sh->set_count = 0;
    return executed(sh);
}

static bool end_set(Shell *sh) {
    if (!sh->in_set) return fail(sh, MSG_NO_SET);
    sh->in_set = false;
    if (sh->set_count == 0) {
        return executed(sh);
    }
    bool sync = option_is(sh, "table.dml-sync", "true");
    sigset_t old;
    block_sigint(&old);
    eddy_result *r = eddy_statement_set_execute(sh->set);
    restore_sigmask(&old);
    sh->set = NULL;
    if (!r) return fail_env(sh);
    return report_job(sh, r, sync);
}

static bool add_to_set(Shell *sh, const char *sql, const char *first_word) {
    if (strcmp(first_word, "INSERT")) return fail(sh, MSG_ONLY_INSERT);
    if (eddy_statement_set_add_insert_sql(sh->set, sql) != EDDY_OK) return fail_env(sh);
    sh->set_count++;
    return executed(sh);
}

/* ---- SHOW JOBS, DESCRIBE JOB, STOP JOB (Flink's job statements) ------------------------------------ */

static eddy_job_state rec_state(struct JobRec *rec) {
    return rec->r ? eddy_job_status(eddy_result_job(rec->r)) : rec->last;
}

/* The session's jobs (all, or the one with id) as Flink's table: job id,
 * job name, status, start time (local time, ms); extended (DESCRIBE JOB
 * ... EXTENDED, eddy's) adds the restarts and the checkpoint figures. */
enum { JOB_COLS = 4, JOB_XCOLS = 12 };
static bool print_jobs(Shell *sh, const char *id, bool extended) {
    static const char *const names[JOB_XCOLS] = {"job id",          "job name",        "status",
                                                 "start time",      "restarts",        "restored from",
                                                 "checkpoints",     "failed checkpoints", "last checkpoint",
                                                 "duration (ms)",   "size (bytes)",    "alignment (ms)"};
    size_t ncols = extended ? JOB_XCOLS : JOB_COLS, cap = sh->nrecs ? sh->nrecs : 1;
    char (*times)[32] = eddy__shell_xrealloc(NULL, cap * sizeof *times);
    char (*figs)[JOB_XCOLS - JOB_COLS][24] = eddy__shell_xrealloc(NULL, cap * sizeof *figs);
    const char **cells = eddy__shell_xrealloc(NULL, cap * ncols * sizeof *cells);
    size_t n = 0;
    for (size_t i = 0; i < sh->nrecs; i++) {
        struct JobRec *rec = &sh->recs[i];
        if (id && strcmp(rec->id, id)) continue;
        time_t secs = (time_t)(rec->start_ms / 1000);
        struct tm tm;
        localtime_r(&secs, &tm);
        size_t k = strftime(times[n], sizeof times[n], "%Y-%m-%d %H:%M:%S", &tm);
        snprintf(times[n] + k, sizeof times[n] - k, ".%03d", (int)(rec->start_ms % 1000));
        const char **row = cells + n * ncols;
        row[0] = rec->id;
        row[1] = rec->name;
        row[2] = eddy_job_status_name(rec_state(rec));
        row[3] = times[n];
        if (extended) {
            if (rec->r) eddy_job_checkpoint_stats(eddy_result_job(rec->r), &rec->ck);
            const eddy_checkpoint_stats *c = &rec->ck;
            int64_t v[JOB_XCOLS - JOB_COLS] = {c->restarts, c->restored_id,      c->completed,        c->failed,
                                               c->last_id,  c->last_duration_ms, c->last_size,        c->last_alignment_ms};
            for (int f = 0; f < JOB_XCOLS - JOB_COLS; f++) {
                /* -1: nothing yet (no checkpoint, no restore) */
                if (v[f] < 0) snprintf(figs[n][f], sizeof figs[n][f], "-");
                else snprintf(figs[n][f], sizeof figs[n][f], "%lld", (long long)v[f]);
                row[JOB_COLS + f] = figs[n][f];
            }
        }
        n++;
    }
    bool ok;
    if (id && n == 0) {
        StrBuf b = {0};
        eddy__shell_sb_printf(&b, "Failed to get job %s in the session: no job with this id was started here.", id);
        ok = fail(sh, b.s);
        eddy__shell_sb_free(&b);
    } else {
        eddy_result *r = eddy_tenv_listing_result(sh->tenv, ncols, names, n, cells);
        eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_CLIENT};
        ok = r && eddy_result_print_with(r, sh->out, &o) == EDDY_OK;
        fflush(sh->out);
        eddy_result_free(r);
        if (!ok) fail_env(sh);
    }
    free(times);
    free(figs);
    free(cells);
    return ok;
}

/* The first quoted string of sql ('<id>'), in out; false when there is
 * none (or it is empty). */
static bool job_id_arg(const char *sql, char *out, size_t cap) {
    const char *q = strchr(sql, '\'');
    const char *e = q ? strchr(q + 1, '\'') : NULL;
    if (!q || !e || e == q + 1 || (size_t)(e - q - 1) >= cap) return false;
    memcpy(out, q + 1, (size_t)(e - q - 1));
    out[e - q - 1] = 0;
    return true;
}

/* STOP JOB '<id>' WITH SAVEPOINT: Flink's one-column table of the
 * savepoint's path. */
static bool stop_with_savepoint(Shell *sh, struct JobRec *rec) {
    eddy_job *j = rec->r ? eddy_result_job(rec->r) : NULL;
    char path[4096];
    if (!j || eddy_job_stop_with_savepoint(j, NULL, path, sizeof path) != EDDY_OK) {
        if (j) return fail_env(sh);
        StrBuf b = {0};
        eddy__shell_sb_printf(&b, "Could not stop job %s with a savepoint: it is not running.", rec->id);
        fail(sh, b.s);
        eddy__shell_sb_free(&b);
        return false;
    }
    eddy_job_wait(j, -1);
    return print_cell(sh, "savepoint path", path, EDDY_PRINT_CLIENT);
}

static bool stop_job(Shell *sh, const char *sql) {
    char id[128];
    if (!job_id_arg(sql, id, sizeof id)) return fail(sh, "STOP JOB needs a job id: STOP JOB '<job id>'.");
    bool with_savepoint = strcasestr(sql, "SAVEPOINT") != NULL;
    for (size_t i = 0; i < sh->nrecs; i++) {
        struct JobRec *rec = &sh->recs[i];
        if (strcmp(rec->id, id)) continue;
        if (with_savepoint) return stop_with_savepoint(sh, rec);
        if (rec->r) {
            eddy_job *j = eddy_result_job(rec->r);
            eddy_job_cancel(j);
            /* Flink's cancel returns once the job is cancelled */
            eddy_job_wait(j, -1);
        }
        static const char *const col[] = {"result"}, *const ok_cell[] = {"OK"};
        eddy_result *ok = eddy_tenv_listing_result(sh->tenv, 1, col, 1, ok_cell);
        return ok ? succeeded(sh, ok) : fail_env(sh);
    }
    StrBuf b = {0};
    eddy__shell_sb_printf(&b, "Could not stop job %s: no job with this id was started in this session.", id);
    fail(sh, b.s);
    eddy__shell_sb_free(&b);
    return false;
}

bool eddy__shell_run_n(Shell *sh, const char *sql, size_t len) {
    const char *nul = memchr(sql, 0, len);
    if (!nul) return eddy__shell_run(sh, sql);
    /* the message the SQL lexer gives a NUL outside a literal (JavaCC
     * prints the character as ""); inside one too: it cannot be passed on */
    int line, col;
    eddy__shell_position(sql, (size_t)(nul - sql), &line, &col);
    StrBuf b = {0};
    eddy__shell_sb_printf(&b, "SQL parse failed. Lexical error at line %d, column %d.  Encountered: \"\" (0), after : \"\"",
                          line, col);
    fail(sh, b.s);
    eddy__shell_sb_free(&b);
    return false;
}

bool eddy__shell_run(Shell *sh, const char *sql) {
    char w[4][32];
    bool exact;
    int nw = eddy__shell_words(sql, w, 4, &exact);
    /* a script keeps a Ctrl-C that came between statements: the next one
     * is cancelled as it starts and the script stops after it */
    if (!sh->sigint_cancels || sh->interactive) sigint_seen = 0;
    cur_interrupt = 0;
    if (nw == 1 && exact && (!strcmp(w[0], "QUIT") || !strcmp(w[0], "EXIT"))) {
        info(sh, "[INFO] Exiting eddy shell...");
        sh->quit = true;
        return true;
    }
    if (nw == 1 && exact && !strcmp(w[0], "HELP")) {
        fputs(eddy__shell_help, sh->out);
        fflush(sh->out);
        return true;
    }
    if (nw == 1 && exact && !strcmp(w[0], "CLEAR")) {
        if (isatty(fileno(sh->out))) fputs("\033[H\033[2J", sh->out);
        fflush(sh->out);
        return true;
    }
    if (nw == 3 && exact && !strcmp(w[0], "BEGIN") && !strcmp(w[1], "STATEMENT") && !strcmp(w[2], "SET"))
        return begin_set(sh);
    if (nw == 1 && exact && !strcmp(w[0], "END")) return end_set(sh);
    if (sh->in_set) return add_to_set(sh, sql, w[0]);
    if (nw == 2 && exact && !strcmp(w[0], "SHOW") && !strcmp(w[1], "JOBS")) return print_jobs(sh, NULL, false);
    if (nw >= 2 && (!strcmp(w[0], "DESCRIBE") || !strcmp(w[0], "DESC")) && !strcmp(w[1], "JOB")) {
        char id[128];
        if (!job_id_arg(sql, id, sizeof id)) return fail(sh, "DESCRIBE JOB needs a job id: DESCRIBE JOB '<job id>'.");
        /* eddy's EXTENDED: a word after the quoted id */
        const char *after = strchr(strchr(sql, '\'') + 1, '\'') + 1;
        while (*after == ' ' || *after == '\t' || *after == '\n' || *after == '\r') after++;
        size_t wl = strcspn(after, " \t\r\n;");
        bool extended = wl == 8 && !strncasecmp(after, "EXTENDED", 8);
        if (wl && !extended) {
            StrBuf b = {0};
            eddy__shell_sb_printf(&b, "DESCRIBE JOB takes a job id and optionally EXTENDED, not '%.*s'.", (int)wl, after);
            bool r = fail(sh, b.s);
            eddy__shell_sb_free(&b);
            return r;
        }
        return print_jobs(sh, id, extended);
    }
    if (nw >= 2 && !strcmp(w[0], "STOP") && !strcmp(w[1], "JOB")) return stop_job(sh, sql);
    bool is_insert = !strcmp(w[0], "INSERT") || (!strcmp(w[0], "EXECUTE") && strcmp(w[1], "PLAN"));
    if (sh->init && is_insert)
        return fail(sh, "An INSERT cannot run from an init file (-i): it sets up the session only.");
    if (!strcmp(w[0], "RESET")) {
        char *key = eddy__shell_option_key(sql, "RESET");
        bool ok = execute(sh, sql, false);
        if (ok && (!key || (sh->width_key && !strcmp(key, sh->width_key)))) sh->width_key = NULL;
        free(key);
        return ok;
    }
    char *key = !strcmp(w[0], "SET") && strchr(sql, '=') ? eddy__shell_option_key(sql, "SET") : NULL;
    bool ok = key ? set_with_warning(sh, sql, key) : execute(sh, sql, is_insert);
    free(key);
    return ok;
}
