/*
 * fs_check.h -- helpers for the tests of the filesystem connector (eddy.h
 * only): temporary directories, writing and removing files, the tree of a
 * table's directory as text (part-file uuids masked), and running SQL as
 * "OK" / "ERROR: <message>" or as changelog rows, waiting for a completed
 * checkpoint. Used by tests/api/test_filesystem.c, the checkpoint tests and
 * tests/unit/test_fs_commit.c.
 */
#ifndef EDDY_FS_CHECK_H
#define EDDY_FS_CHECK_H

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "check.h"

/* ---- files ------------------------------------------------------------------------- */

static inline char *tmpdir(void) {
    char tmpl[] = "/tmp/eddy-fs-XXXXXX";
    char *d = mkdtemp(tmpl);
    return d ? strdup(d) : NULL;
}

static inline void rmtree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char c[4096];
            if (snprintf(c, sizeof c, "%s/%s", path, e->d_name) < 0) abort();
            rmtree(c);
        }
        if (d) closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static inline void mkdirs(const char *path) {
    char p[4096];
    if (snprintf(p, sizeof p, "%s", path) < 0) abort();
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(p, 0777);
            *s = '/';
        }
    mkdir(p, 0777);
}

static inline void write_file(const char *dir, const char *rel, const char *content) {
    char p[4096];
    if (snprintf(p, sizeof p, "%s/%s", dir, rel) < 0) abort();
    char *slash = strrchr(p, '/');
    *slash = 0;
    mkdirs(p);
    *slash = '/';
    FILE *f = fopen(p, "w");
    fputs(content, f);
    fclose(f);
}

static inline char *read_all(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return strdup("(missing)");
    Lines l = {0};
    char buf[4096];
    size_t n;
    lines_add(&l, "");
    l.len = 0;
    l.text[0] = 0;
    while ((n = fread(buf, 1, sizeof buf - 1, f)) > 0) {
        buf[n] = 0;
        if (l.len + n + 2 > l.cap) {
            l.cap = (l.len + n + 2) * 2;
            l.text = realloc(l.text, l.cap);
        }
        memcpy(l.text + l.len, buf, n + 1);
        l.len += n;
    }
    fclose(f);
    return l.text;
}

/* A file name with the random uuid of part files masked:
 * part-1b2c...-0-1 -> part-*-0-1. */
static inline void mask_uuid(char *name) {
    char *p = strstr(name, "part-");
    if (!p || strlen(p) < 5 + 36) return;
    memmove(p + 6, p + 5 + 36, strlen(p + 5 + 36) + 1);
    p[5] = '*';
}

typedef struct Entry {
    char rel[1024];
    char path[4096];
} Entry;

static inline int cmp_entry(const void *a, const void *b) { return strcmp(((const Entry *)a)->rel, ((const Entry *)b)->rel); }

static inline void collect(const char *root, const char *rel, Entry **es, size_t *n, size_t *cap, bool all) {
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s%s%s", root, *rel ? "/" : "", rel) < 0) abort();
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (!all && (e->d_name[0] == '.' || e->d_name[0] == '_')) continue;
        char r[1024], p[4096];
        if (snprintf(r, sizeof r, "%s%s%s", rel, *rel ? "/" : "", e->d_name) < 0) abort();
        if (snprintf(p, sizeof p, "%s/%s", root, r) < 0) abort();
        struct stat st;
        stat(p, &st);
        if (S_ISDIR(st.st_mode)) {
            collect(root, r, es, n, cap, all);
            continue;
        }
        if (*n == *cap) *es = realloc(*es, (*cap = *cap * 2 + 8) * sizeof(Entry));
        if (snprintf((*es)[*n].rel, sizeof(*es)[*n].rel, "%s", r) < 0) abort();
        if (snprintf((*es)[*n].path, sizeof(*es)[*n].path, "%s", p) < 0) abort();
        mask_uuid((*es)[*n].rel);
        (*n)++;
    }
    if (d) closedir(d);
}

/* Every file below dir (hidden ones too when all), sorted, one per line
 * ("p=1/part-*-0-0"), with its content after a ':' when with_content. */
static inline char *tree(const char *dir, bool all, bool with_content) {
    Entry *es = NULL;
    size_t n = 0, cap = 0;
    collect(dir, "", &es, &n, &cap, all);
    if (n) qsort(es, n, sizeof(Entry), cmp_entry);
    Lines l = {0};
    lines_add(&l, "");
    l.len = 0;
    l.text[0] = 0;
    for (size_t i = 0; i < n; i++) {
        if (!with_content) {
            lines_add(&l, es[i].rel);
            continue;
        }
        char *c = read_all(es[i].path);
        size_t need = strlen(es[i].rel) + strlen(c) + 4;
        char *line = malloc(need);
        if (snprintf(line, need, "%s:\n%s", es[i].rel, c) < 0) abort();
        if (need > 2 && line[strlen(line) - 1] == '\n') line[strlen(line) - 1] = 0;
        lines_add(&l, line);
        free(line);
        free(c);
    }
    free(es);
    return l.text;
}

/* ---- checkpoints ------------------------------------------------------------------ */

/* A completed checkpoint (chk-<n> with its _metadata) under dir/<job id>/
 * numbered min_id or later: the first one found, or with newest the one of
 * the highest number. Its path (malloc'd; NULL: none), *num its number
 * (when num is set; 0 for none). */
static inline char *find_checkpoint(const char *dir, long min_id, bool newest, long *num) {
    char *found = NULL;
    long best = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) && !(found && !newest)) {
        if (e->d_name[0] == '.') continue;
        char job[4096];
        snprintf(job, sizeof job, "%s/%s", dir, e->d_name);
        DIR *j = opendir(job);
        struct dirent *c;
        while (j && (c = readdir(j)) && !(found && !newest)) {
            long k;
            char meta[8192];
            struct stat st;
            if (sscanf(c->d_name, "chk-%ld", &k) != 1 || k < min_id || (found && k <= best)) continue;
            snprintf(meta, sizeof meta, "%s/%s/_metadata", job, c->d_name);
            if (stat(meta, &st)) continue;
            best = k;
            free(found);
            if ((found = malloc(8192))) snprintf(found, 8192, "%s/%s", job, c->d_name);
        }
        if (j) closedir(j);
    }
    if (d) closedir(d);
    if (num) *num = found ? best : 0;
    return found;
}

/* The first completed checkpoint under dir/<job id>/ numbered min_id or
 * later (chk-<n>), waiting up to 20 s. */
static inline char *wait_for_checkpoint(const char *dir, long min_id) {
    for (int tries = 0; tries < 2000; tries++) {
        char *r = find_checkpoint(dir, min_id, false, NULL);
        if (r) return r;
        nanosleep(&(struct timespec){0, 10 * 1000000}, NULL);
    }
    return NULL;
}

/* Runs child(dir) -- a job checkpointing into dir -- in a forked process and
 * kills it (SIGKILL) once checkpoint min_id or a later one is complete: that checkpoint's path
 * (NULL when none came in 20 s); *killed: whether the child was still
 * running then. */
static inline char *kill_after_checkpoint(const char *dir, long min_id, void (*child)(const char *dir), bool *killed) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        child(dir);
        _exit(3);
    }
    char *chk = wait_for_checkpoint(dir, min_id);
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
    *killed = WIFSIGNALED(st);
    return chk;
}

/* ---- SQL ---------------------------------------------------------------------------- */

/* Runs a statement: "OK" for DDL and a finished INSERT, or "ERROR: <message>"
 * (the error is cleared). */
static inline char *run(eddy_tenv *t, const char *stmt) {
    eddy_env *env = eddy_tenv_env(t);
    eddy_result *r = eddy_tenv_execute_sql(t, stmt);
    if (!r || (eddy_result_statement_kind(r) == EDDY_STMT_INSERT && eddy_result_await(r) != EDDY_OK)) {
        char *m = env_error_text(env);
        eddy_result_free(r);
        return m;
    }
    eddy_result_free(r);
    return strdup("OK");
}

#define RUN_OK(t, s) ASSERT_TEXT(run((t), (s)), "OK")

/* The rows a query returns as Row.toString lines ("+I[1, a]"), or
 * "ERROR: <message>"; *malformed (may be NULL) receives the result's
 * malformed-record report, "" when none. */
static inline char *rows_m(eddy_tenv *t, const char *query, char **malformed) {
    eddy_env *env = eddy_tenv_env(t);
    eddy_result *r = eddy_tenv_execute_sql(t, query);
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CHANGELOG, 0, NULL};
    if (!r || eddy_result_print_with(r, f, &o) != EDDY_OK) print_env_error(f, env);
    if (malformed) {
        const char *rep = "";
        uint64_t count = eddy_result_malformed_records(r, &rep);
        char *m = malloc(strlen(rep) + 32);
        sprintf(m, "%llu\n%s", (unsigned long long)count, rep);
        *malformed = m;
    }
    eddy_result_free(r);
    fclose(f);
    return out;
}

static inline char *rows(eddy_tenv *t, const char *query) { return rows_m(t, query, NULL); }

#endif
