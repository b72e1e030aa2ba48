/*
 * check.h -- helpers for the C API tests (eddy.h only): running SQL and
 * collecting a stream's or a result's rows as Row.toString lines, comparing
 * them exactly or as multisets, capturing what a sink prints (stdout or
 * stderr), turning env errors into "ERROR: <message>" text, asserting
 * errors, and the People view several tests query.
 */
#ifndef EDDY_API_CHECK_H
#define EDDY_API_CHECK_H

#include <eddy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../unit/test.h"

/* Joined lines, each ending in '\n'. Caller frees. */
typedef struct Lines {
    char *text;
    size_t len, cap;
    int n;
} Lines;

static inline void lines_add(Lines *l, const char *s) {
    size_t n = strlen(s);
    if (l->len + n + 2 > l->cap) {
        l->cap = (l->len + n + 2) * 2;
        l->text = realloc(l->text, l->cap);
    }
    memcpy(l->text + l->len, s, n);
    l->len += n;
    l->text[l->len++] = '\n';
    l->text[l->len] = 0;
    l->n++;
}

/* No lines yet, but text allocated (""), so it can be returned as it is. */
static inline Lines lines_empty(void) {
    Lines l = {0};
    lines_add(&l, "");
    l.len = 0;
    l.text[0] = 0;
    l.n = 0;
    return l;
}

/* The number of '\n' in text. */
static inline int count_lines(const char *text) {
    int n = 0;
    for (const char *p = text; *p; p++) n += *p == '\n';
    return n;
}

/* "ERROR: <the env's message>" (malloc'd); clears the error. */
static inline char *env_error_text(eddy_env *env) {
    const char *msg = eddy_env_errmsg(env);
    char *m = malloc(strlen(msg) + 8);
    sprintf(m, "ERROR: %s", msg);
    eddy_env_clear_error(env);
    return m;
}

/* Writes "ERROR: <the env's message>" to f; clears the error. */
static inline void print_env_error(FILE *f, eddy_env *env) {
    fprintf(f, "ERROR: %s", eddy_env_errmsg(env));
    eddy_env_clear_error(env);
}

/* Drains an iterator into lines of eddy_row_to_string; on error returns
 * "ERROR: <message>" as the text. Frees the iterator. */
static inline char *iter_lines(eddy_iter *it) {
    Lines l = lines_empty();
    if (!it) {
        free(l.text);
        return strdup("ERROR: no iterator");
    }
    const eddy_row *row;
    eddy_status st;
    char buf[4096];
    while ((st = eddy_iter_next(it, &row)) == EDDY_ROW) {
        eddy_row_to_string(row, buf, sizeof buf);
        lines_add(&l, buf);
    }
    if (st != EDDY_DONE) {
        snprintf(buf, sizeof buf, "ERROR: %s", eddy_iter_errmsg(it));
        free(l.text);
        eddy_iter_free(it);
        return strdup(buf);
    }
    eddy_iter_free(it);
    return l.text;
}

/* Lines with their kind prefix: eddy_row_to_string already prints +I[...]
 * for rows; atomic values print as themselves. */
static inline char *collect_stream(eddy_stream *s) { return iter_lines(eddy_stream_execute_and_collect(s)); }

/* sqlQuery(sql) run with Table.execute(): its rows as Row.toString lines,
 * or "ERROR: <message>" (the error is cleared). */
static inline char *sql_query_lines(eddy_tenv *t, const char *sql) {
    eddy_table *table = eddy_tenv_sql_query(t, sql);
    if (!table) return env_error_text(eddy_tenv_env(t));
    return iter_lines(eddy_result_collect(eddy_table_execute(table)));
}

/* executeSql(sql): "OK\n" for a statement whose result is SUCCESS, else its
 * rows as Row.toString lines, or "ERROR: <message>" (the error is cleared). */
static inline char *exec_sql(eddy_tenv *t, const char *sql) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) return env_error_text(eddy_tenv_env(t));
    if (eddy_result_get_kind(r) == EDDY_RESULT_SUCCESS) {
        eddy_result_free(r);
        return strdup("OK\n");
    }
    char *text = iter_lines(eddy_result_collect(r));
    eddy_result_free(r);
    return text;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The lines of text sorted (for order-insensitive comparisons). Frees text. */
static inline char *sorted_lines(char *text) {
    size_t cap = 64, n = 0;
    char **lines = malloc(cap * sizeof(char *));
    for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
        if (n == cap) lines = realloc(lines, (cap *= 2) * sizeof(char *));
        lines[n++] = p;
    }
    qsort(lines, n, sizeof(char *), cmp_str);
    Lines l = lines_empty();
    for (size_t i = 0; i < n; i++) lines_add(&l, lines[i]);
    free(lines);
    free(text);
    return l.text;
}

/* Runs fn(arg) with `stream` (stdout or stderr) redirected into a
 * temporary file and returns what was written to it. */
static inline char *capture_output(FILE *stream, void (*fn)(void *), void *arg) {
    fflush(stream);
    FILE *tmp = tmpfile();
    int saved = dup(fileno(stream));
    dup2(fileno(tmp), fileno(stream));
    fn(arg);
    fflush(stream);
    dup2(saved, fileno(stream));
    close(saved);
    long n = ftell(tmp);
    char *buf = malloc((size_t)n + 1);
    rewind(tmp);
    size_t got = fread(buf, 1, (size_t)n, tmp);
    buf[got] = 0;
    fclose(tmp);
    return buf;
}

static inline char *capture_stdout(void (*fn)(void *), void *arg) { return capture_output(stdout, fn, arg); }
static inline char *capture_stderr(void (*fn)(void *), void *arg) { return capture_output(stderr, fn, arg); }

/* Asserts the env holds an error of `code` whose message contains `text`,
 * then clears it. */
#define ASSERT_ENV_ERROR(env, code, text)                          \
    do {                                                           \
        ASSERT_EQ_INT(eddy_env_errcode(env), (code));              \
        ASSERT_STR_CONTAINS(eddy_env_errmsg(env), (text));         \
        eddy_env_clear_error(env);                                 \
    } while (0)

/* Asserts a malloc'd string equals expected, then frees it. */
#define ASSERT_TEXT(got, expected)                                 \
    do {                                                           \
        char *got_ = (got);                                        \
        if (!got_ || strcmp(got_, (expected)) != 0) {              \
            TEST_FAIL_HERE();                                      \
            fprintf(stderr, "expected:\n%s\ngot:\n%s\n", (expected), got_ ? got_ : "(null)"); \
            free(got_);                                            \
            return;                                                \
        }                                                          \
        free(got_);                                                \
    } while (0)

/* A copy of s, or "ERROR: <the env's message>" (cleared) when s is NULL:
 * for the calls that return text or NULL on error (explain, schemas). */
static inline char *text_or_error(eddy_env *env, const char *s) { return s ? strdup(s) : env_error_text(env); }

/* Executes a table (NULL: it failed to build): its rows as Row.toString
 * lines in arrival order, or "ERROR: <message>" from the env (cleared). */
static inline char *table_rows(eddy_env *env, eddy_table *t) {
    eddy_result *r = t ? eddy_table_execute(t) : NULL;
    if (!r) return env_error_text(env);
    return iter_lines(eddy_result_collect(r));
}

/* The table's schema as printSchema prints it, or "ERROR: <message>" from
 * the env (cleared) when t is NULL. */
static inline char *table_schema(eddy_env *env, eddy_table *t) {
    return text_or_error(env, t ? eddy_table_schema_string(t) : NULL);
}

/* A fresh env with parallelism p (0 = default). */
static inline eddy_env *new_env(int p) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = p};
    return eddy_env_new(&cfg);
}

/* Registers the temporary view People (name STRING, score INT, city
 * STRING): Alice 12 Berlin, Bob 10 NULL, Carol NULL Paris, Dave 7 Berlin. */
static inline void create_people_view(eddy_tenv *t) {
    eddy_stream *ds = eddy_from_values(eddy_tenv_env(t), "ROW<name STRING, score INT, city STRING>",
                                       "('Alice', 12, 'Berlin'), ('Bob', 10, NULL), ('Carol', NULL, 'Paris'), "
                                       "('Dave', 7, 'Berlin')");
    eddy_tenv_create_temporary_view_from_stream(t, "People", ds, NULL);
}

/* Applies a changelog of "+I[..]" / "-U[..]" / "+U[..]" / "-D[..]" lines:
 * the final rows "[..]", sorted, one a line; a retraction of a row not
 * there counts in *bad; *nlines gets the changelog's length (nlines may be
 * NULL). Frees text. */
static inline char *changelog_table(char *text, int *bad, long *nlines) {
    size_t cap = 1024, n = 0;
    char **rows = malloc(cap * sizeof *rows);
    long count = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        count++;
        bool add = line[0] == '+';
        char *row = line + 2;
        if (add) {
            if (n == cap) rows = realloc(rows, (cap *= 2) * sizeof *rows);
            rows[n++] = row;
            continue;
        }
        size_t i = n;
        while (i > 0 && strcmp(rows[i - 1], row)) i--;
        if (i == 0) {
            (*bad)++;
            continue;
        }
        rows[i - 1] = rows[--n];
    }
    Lines l = lines_empty();
    for (size_t i = 0; i < n; i++) lines_add(&l, rows[i]);
    free(rows);
    free(text);
    if (nlines) *nlines = count;
    return sorted_lines(l.text);
}

/* The last row per key of a changelog of "[k, ...]" rows, keys 0..63 (-U /
 * -D drop it): the table it ends with, by key. Caller frees. */
static inline char *final_table(const char *changelog) {
    char *last[64] = {0};
    const char *p = changelog;
    while (p && *p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        long k;
        if (len > 3 && sscanf(p + 3, "%ld", &k) == 1 && k >= 0 && k < 64) {
            free(last[k]);
            last[k] = p[0] == '+' ? strndup(p + 2, len - 2) : NULL;
        }
        p = e ? e + 1 : NULL;
    }
    Lines out = lines_empty();
    for (int k = 0; k < 64; k++)
        if (last[k]) lines_add(&out, last[k]), free(last[k]);
    return out.text ? out.text : strdup("");
}

#endif
