/*
 * fuzz_execute_sql.c -- libFuzzer target for the whole SQL path: each input
 * is a script, split into statements by the shell's splitter
 * (src/shell/split.c), and every statement goes through
 * eddy_tenv_execute_sql in a fresh env, so the binder, the planner, the
 * expression compiler, the runtime, the connectors and the printers see
 * what the parser lets through. Results are printed (the three print
 * styles in turn) to /dev/null.
 *
 * Beyond the sanitizers it checks the API's contract: a failed call returns
 * NULL with an error code and a non-empty message on the env.
 *
 * Limits, so that a legitimate but expensive statement is not a finding and
 * nothing outside the run is touched:
 *  - files: every file call the library makes (open, fopen, opendir, stat, lstat,
 *    mkdir, rename, unlink, rmdir: the library's objects are linked into
 *    one with -Wl,--wrap, so they call the __wrap_ functions here, while
 *    libFuzzer and this file call libc) goes to a fresh temporary
 *    directory: a relative path is taken inside it, an absolute one must lie
 *    in it or, for reading, under /usr/share/zoneinfo (time zones), and a
 *    path with a ".." part is refused (EACCES), as is any other. The
 *    directory is emptied after each input; 'path' options thus work, on
 *    files the input made itself. The library's own socket / connect
 *    calls are refused (EACCES). scripts/check-fuzz-sandbox.sh fails the
 *    build when the library calls a file function that is not wrapped.
 *  - time: each input has a budget (EDDY_FUZZ_BUDGET_MS, default 500 ms;
 *    ctest sets 100 ms, as it runs every seed first)
 *    for all its statements; a watchdog thread then raises the printer's
 *    interrupt flag and cancels the running job (eddy_result_cancel), which
 *    is how unbounded datagen / nexmark sources end. A job that does not
 *    stop when cancelled is a hang libFuzzer reports (-timeout).
 *  - table.dml-sync is set back to false before each statement, so an INSERT
 *    returns at once and the watchdog can cancel it.
 *  - at most MAX_STMTS statements an input; memory by libFuzzer's
 *    -rss_limit_mb / -malloc_limit_mb (an argument that sizes an allocation
 *    past the limit is a finding).
 *
 * EDDY_FUZZ_TRACE=1 prints each statement, its time and its outcome (to see
 * what an input that crashed or hung did).
 *
 * The text given to eddy_tenv_execute_sql is a C string, so an input is read
 * up to its first NUL byte (the API's contract; the shell rejects a NUL in a
 * script with its line and column).
 *
 * Build: with clang (CMakeLists.txt); ctest runs it for a few seconds over
 * fuzz/corpus_sql (seeds made from the golden scripts tests/sql/ by
 * scripts/fuzz-seeds.py),
 * `make fuzz` for FUZZ_TIME seconds.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <ftw.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <eddy.h>

#include "shell/shell.h"

enum { MAX_STMTS = 16 };

static char sandbox[256];      /* the temporary directory the library's files go to */
static size_t sandbox_len;
static FILE *devnull;
static long budget_ms = 500;
static bool trace;             /* EDDY_FUZZ_TRACE: each statement, its time and outcome */

/* ---- the file sandbox ------------------------------------------------------------------------------ */

/* Whether path has a ".." component. */
static bool has_dotdot(const char *p) {
    for (const char *s = p; (s = strstr(s, "..")) != NULL; s += 2) {
        bool starts = s == p || s[-1] == '/';
        bool ends = s[2] == 0 || s[2] == '/';
        if (starts && ends) return true;
    }
    return false;
}

/* The path the library's call may use, in buf, or NULL (refused): a
 * relative path is taken inside the sandbox, an absolute one must lie in it
 * or, for reading, under /usr/share/zoneinfo. */
static const char *place(const char *path, bool write, char *buf, size_t cap) {
    if (!path || !*path || has_dotdot(path)) return NULL;
    if (path[0] != '/') {
        int n = snprintf(buf, cap, "%s/%s", sandbox, path);
        return n > 0 && (size_t)n < cap ? buf : NULL;
    }
    if (!strncmp(path, sandbox, sandbox_len) && (path[sandbox_len] == '/' || path[sandbox_len] == 0)) return path;
    return !write && !strncmp(path, "/usr/share/zoneinfo/", 20) ? path : NULL;
}

/* Declares p, the placed form of path, and refuses the call (EACCES,
 * returning ret) when there is none. */
#define PLACE(p, path, write, ret)                             \
    char p##_buf[PATH_MAX];                                    \
    const char *p = place(path, write, p##_buf, sizeof p##_buf); \
    if (!p) {                                                  \
        errno = EACCES;                                        \
        return ret;                                            \
    }

int __wrap_open(const char *path, int flags, ...);
FILE *__wrap_fopen(const char *path, const char *mode);
DIR *__wrap_opendir(const char *path);
int __wrap_stat(const char *path, struct stat *st);
int __wrap_lstat(const char *path, struct stat *st);
int __wrap_access(const char *path, int mode);
int __wrap_mkdir(const char *path, mode_t mode);
int __wrap_rename(const char *from, const char *to);
int __wrap_unlink(const char *path);
int __wrap_rmdir(const char *path);
int __wrap_socket(int domain, int type, int protocol);
int __wrap_connect(int fd, const struct sockaddr *addr, socklen_t len);

int __wrap_open(const char *path, int flags, ...) {
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    PLACE(p, path, (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)), -1);
    return open(p, flags, mode);
}

FILE *__wrap_fopen(const char *path, const char *mode) {
    PLACE(p, path, strpbrk(mode, "wa+") != NULL, NULL);
    return fopen(p, mode);
}

DIR *__wrap_opendir(const char *path) {
    PLACE(p, path, false, NULL);
    return opendir(p);
}

int __wrap_stat(const char *path, struct stat *st) {
    PLACE(p, path, false, -1);
    return stat(p, st);
}

int __wrap_lstat(const char *path, struct stat *st) {
    PLACE(p, path, false, -1);
    return lstat(p, st);
}

int __wrap_access(const char *path, int mode) {
    PLACE(p, path, false, -1);
    return access(p, mode);
}

int __wrap_mkdir(const char *path, mode_t mode) {
    PLACE(p, path, true, -1);
    return mkdir(p, mode);
}

int __wrap_rename(const char *from, const char *to) {
    PLACE(f, from, true, -1);
    PLACE(t, to, true, -1);
    return rename(f, t);
}

int __wrap_unlink(const char *path) {
    PLACE(p, path, true, -1);
    return unlink(p);
}

int __wrap_rmdir(const char *path) {
    PLACE(p, path, true, -1);
    return rmdir(p);
}

/* The library's own network calls (the Kafka transaction client,
 * src/connectors/kafka_txn.c) reach nothing: an input cannot name a
 * server that the run may touch. */
int __wrap_socket(int domain, int type, int protocol) {
    (void)domain, (void)type, (void)protocol;
    errno = EACCES;
    return -1;
}

int __wrap_connect(int fd, const struct sockaddr *addr, socklen_t len) {
    (void)fd, (void)addr, (void)len;
    errno = EACCES;
    return -1;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st, (void)flag;
    if (ftw->level > 0) remove(path);
    return 0;
}

/* Empties the sandbox (the harness's own calls go to libc). */
static void empty_sandbox(void) { nftw(sandbox, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

static void drop_sandbox(void) {
    empty_sandbox();
    rmdir(sandbox);
}

/* ---- the watchdog ---------------------------------------------------------------------------------- */

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static struct timespec deadline;  /* of the input being run; 0: none */
static bool armed;
static eddy_result *current;      /* the result being printed or awaited */
static eddy_interrupt_flag interrupt;    /* the printer's flag */

static void *watchdog(void *arg) {
    (void)arg;
    pthread_mutex_lock(&mu);
    for (;;) {
        if (!armed) {
            pthread_cond_wait(&cv, &mu);
            continue;
        }
        if (pthread_cond_timedwait(&cv, &mu, &deadline) == ETIMEDOUT && armed) {
            interrupt = 1;
            if (current) eddy_result_cancel(current);
            /* keep cancelling what starts after the deadline, every 10 ms */
            clock_gettime(CLOCK_REALTIME, &deadline);
            deadline.tv_nsec += 10000000;
            if (deadline.tv_nsec >= 1000000000) deadline.tv_sec++, deadline.tv_nsec -= 1000000000;
        }
    }
    return NULL;
}

static void arm(void) {
    pthread_mutex_lock(&mu);
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += budget_ms / 1000;
    deadline.tv_nsec += (budget_ms % 1000) * 1000000;
    if (deadline.tv_nsec >= 1000000000) deadline.tv_sec++, deadline.tv_nsec -= 1000000000;
    interrupt = 0;
    armed = true;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mu);
}

static void disarm(void) {
    pthread_mutex_lock(&mu);
    armed = false;
    current = NULL;
    pthread_mutex_unlock(&mu);
}

static void set_current(eddy_result *r) {
    pthread_mutex_lock(&mu);
    current = r;
    if (r && interrupt) eddy_result_cancel(r);
    pthread_mutex_unlock(&mu);
}

/* ---- the target ------------------------------------------------------------------------------------ */

static FILE *report; /* stderr as it was: runs pass -close_fd_mask=3 (print sinks) */

static void violated(const char *what, const char *stmt) {
    fprintf(report, "contract violated: %s\nstatement: %s\n", what, stmt);
    fflush(report);
    abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *b = getenv("EDDY_FUZZ_BUDGET_MS");
    if (b && atol(b) > 0) budget_ms = atol(b);
    trace = getenv("EDDY_FUZZ_TRACE") != NULL;
    const char *tmp = getenv("TMPDIR");
    snprintf(sandbox, sizeof sandbox, "%s/eddy-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(sandbox)) {
        perror("fuzz_execute_sql: sandbox");
        exit(1);
    }
    sandbox_len = strlen(sandbox);
    atexit(drop_sandbox);
    devnull = fopen("/dev/null", "w");
    /* print sinks write to stdout */
    if (!devnull || !freopen("/dev/null", "w", stdout)) {
        perror("fuzz_execute_sql: /dev/null");
        exit(1);
    }
    int fd = dup(2);
    report = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!report) report = stderr;
    pthread_t t;
    if (pthread_create(&t, NULL, watchdog, NULL) != 0) exit(1);
    pthread_detach(t);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t len = strnlen((const char *)data, size);
    char *text = malloc(len + 1);
    if (!text) return 0;
    memcpy(text, data, len);
    text[len] = 0;

    SqlSpan *spans;
    size_t rest;
    bool pending;
    size_t n = eddy__shell_split(text, len, &spans, &rest, &pending);
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .worker_threads = 2};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *tenv = eddy_tenv_new(env);
    arm();
    size_t nstmts = n + (pending ? 1 : 0);
    for (size_t i = 0; i < nstmts && i < MAX_STMTS && !interrupt; i++) {
        size_t s = i < n ? spans[i].start : rest, e = i < n ? spans[i].end : len;
        char *stmt = eddy__shell_xstrndup(text + s, e - s);
        eddy_tenv_set_option(tenv, "table.dml-sync", "false");
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        eddy_result *r = eddy_tenv_execute_sql(tenv, stmt);
        if (!r) {
            if (eddy_env_errcode(env) == EDDY_OK) violated("NULL result without an error code", stmt);
            if (!*eddy_env_errmsg(env)) violated("failure without a message", stmt);
        } else {
            set_current(r);
            if (eddy_result_statement_kind(r) == EDDY_STMT_INSERT) eddy_result_await(r);
            eddy_print_options po = {.abi_version = EDDY_PRINT_OPTIONS_VERSION,
                                     .style = (eddy_print_style)(i % 3),
                                     .interrupt = &interrupt};
            eddy_result_print_with(r, devnull, &po);
            set_current(NULL);
            eddy_result_free(r);
        }
        if (trace) {
            struct timespec t1;
            clock_gettime(CLOCK_MONOTONIC, &t1);
            fprintf(report, "[%ld ms] %s\n  -> %s\n",
                    (long)((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000), stmt,
                    r ? "ok" : eddy_env_errmsg(env));
            fflush(report);
        }
        eddy_env_clear_error(env);
        free(stmt);
    }
    disarm();
    eddy_env_free(env);
    free(spans);
    free(text);
    empty_sandbox();
    return 0;
}
