/*
 * verify.c -- eddy_verifier: one script, two runtime modes. Every query is
 * run in BATCH and in STREAMING mode (each in its own env and table
 * environment, which run the script's other statements too); the
 * streaming changelog is applied to a table (+I / +U add a row, -U / -D
 * remove an equal one) and the final table compared with the batch result
 * as multisets. Queries that fail in either mode are reported as not
 * verified (a batch source may be unbounded, a streaming ORDER BY may not
 * be on time): only a difference of final tables is a failure.
 *
 * BATCH runs first, so that a query over an unbounded source (which BATCH
 * refuses) is never started in STREAMING, where it would not end. INSERT
 * and EXECUTE statements run once, in BATCH mode: the tables they write
 * are the same files for both modes, and writing them twice would change
 * what the queries after them read. SET 'execution.runtime-mode' is
 * ignored: the modes are the verifier's.
 */
#include <stdlib.h>

#include "api/api.h"
#include "sql/parser.h"

struct eddy_verifier {
    eddy_env *env[2];   /* 0: BATCH, 1: STREAMING */
    eddy_tenv *tenv[2];
    eddy_verify_counts counts;
};

static const char *const mode_name[2] = {"BATCH", "STREAMING"};

eddy_verifier *eddy_verifier_new(const eddy_config *cfg) {
    eddy_verifier *v = eddy__calloc(1, sizeof *v);
    if (!v) return NULL;
    for (int m = 0; m < 2; m++) {
        eddy_config c = cfg ? *cfg : (eddy_config){.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1};
        if (!(v->env[m] = eddy_env_new(&c)) ||
            !(v->tenv[m] = eddy_tenv_new_in_mode(v->env[m], m == 0 ? EDDY_BATCH : EDDY_STREAMING))) {
            eddy_verifier_free(v);
            return NULL;
        }
    }
    return v;
}

void eddy_verifier_free(eddy_verifier *v) {
    if (!v) return;
    for (int m = 0; m < 2; m++) eddy_env_free(v->env[m]);
    eddy__free(v);
}

eddy_verify_counts eddy_verifier_counts(const eddy_verifier *v) {
    return v ? v->counts : (eddy_verify_counts){0};
}

/* ---- rows ---------------------------------------------------------------------------------- */

typedef struct Rows {
    char **s;
    size_t n, cap;
    char *error;    /* the query failed: its message */
    char *orphan;   /* STREAMING: the first retraction of a row not in the table */
} Rows;

static void rows_free(Rows *r) {
    for (size_t i = 0; i < r->n; i++) eddy__free(r->s[i]);
    eddy__free(r->s);
    eddy__free(r->error);
    eddy__free(r->orphan);
    memset(r, 0, sizeof *r);
}

static bool rows_push(Rows *r, char *s) {
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        char **p = eddy__realloc(r->s, cap * sizeof(char *));
        if (!p) return false;
        r->s = p;
        r->cap = cap;
    }
    r->s[r->n++] = s;
    return true;
}

/* The row without its kind: "[Alice, 12]" (malloc'd). */
static char *row_text(const eddy_row *row) {
    char small[256];
    int need = eddy_row_to_string(row, small, sizeof small);
    if (need < 0) return NULL;
    char *s = eddy__malloc((size_t)need + 1);
    if (!s) return NULL;
    eddy_row_to_string(row, s, (size_t)need + 1);
    size_t skip = need >= 2 && (s[0] == '+' || s[0] == '-') ? 2 : 0;
    memmove(s, s + skip, (size_t)need + 1 - skip);
    return s;
}

/* Runs the query in one mode: its final table (the changelog applied). */
static void run_query(eddy_verifier *v, int m, const char *sql, Rows *out) {
    eddy_env *env = v->env[m];
    eddy_result *r = eddy_tenv_execute_sql(v->tenv[m], sql);
    if (!r) {
        out->error = eddy__strdup(eddy_env_errmsg(env));
        eddy_env_clear_error(env);
        return;
    }
    eddy_iter *it = eddy_result_collect(r);
    const eddy_row *row;
    eddy_status st;
    while (it && (st = eddy_iter_next(it, &row)) == EDDY_ROW) {
        char *s = row_text(row);
        if (!s) {
            st = EDDY_E_NOMEM;
            break;
        }
        eddy_row_kind k = eddy_row_get_kind(row);
        if (k == EDDY_INSERT || k == EDDY_UPDATE_AFTER) {
            if (!rows_push(out, s)) {
                eddy__free(s);
                st = EDDY_E_NOMEM;
                break;
            }
            continue;
        }
        /* a retraction: the newest equal row goes */
        size_t j = out->n;
        while (j > 0 && strcmp(out->s[j - 1], s) != 0) j--;
        if (j == 0) {
            if (!out->orphan) out->orphan = s;
            else eddy__free(s);
            continue;
        }
        eddy__free(out->s[j - 1]);
        memmove(&out->s[j - 1], &out->s[j], sizeof(char *) * (out->n - j));
        out->n--;
        eddy__free(s);
    }
    if (!it) {
        out->error = eddy__strdup(eddy_env_errmsg(env));
        eddy_env_clear_error(env);
    } else if (st != EDDY_DONE) {
        out->error = eddy__strdup(st == EDDY_E_NOMEM ? "out of memory" : eddy_iter_errmsg(it));
    }
    eddy_iter_free(it);
    eddy_result_free(r);
    eddy_env_clear_error(env);
}

static int cmp_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The first line of a message. */
static int first_line(const char *s) {
    const char *nl = strchr(s, '\n');
    return nl ? (int)(nl - s) : (int)strlen(s);
}

static const char *prefix(const char *where) { return where && *where ? where : ""; }
static const char *sep(const char *where) { return where && *where ? ": " : ""; }

/* Compares and reports a query's two final tables. */
static eddy_verify_outcome compare(eddy_verifier *v, const char *where, Rows *rows, FILE *report) {
    Rows *b = &rows[0], *s = &rows[1];
    if (b->n) qsort(b->s, b->n, sizeof(char *), cmp_text);
    if (s->n) qsort(s->s, s->n, sizeof(char *), cmp_text);
    bool same = !s->orphan && b->n == s->n;
    for (size_t i = 0; same && i < b->n; i++) same = strcmp(b->s[i], s->s[i]) == 0;
    if (same) {
        v->counts.same++;
        if (report)
            fprintf(report, "%s%ssame final table (%zu %s)\n", prefix(where), sep(where), b->n, b->n == 1 ? "row" : "rows");
        return EDDY_VERIFY_SAME;
    }
    v->counts.differ++;
    if (!report) return EDDY_VERIFY_DIFFER;
    fprintf(report, "%s%sfinal tables differ (STREAMING %zu %s, BATCH %zu %s)\n", prefix(where), sep(where), s->n,
            s->n == 1 ? "row" : "rows", b->n, b->n == 1 ? "row" : "rows");
    if (s->orphan) fprintf(report, "  STREAMING retracts a row it did not send: %s\n", s->orphan);
    size_t i = 0, j = 0;
    while (i < s->n || j < b->n) {
        int c = i == s->n ? 1 : j == b->n ? -1 : strcmp(s->s[i], b->s[j]);
        if (c == 0) {
            i++;
            j++;
        } else if (c < 0) {
            fprintf(report, "  only in STREAMING: %s\n", s->s[i++]);
        } else {
            fprintf(report, "  only in BATCH:     %s\n", b->s[j++]);
        }
    }
    return EDDY_VERIFY_DIFFER;
}

/* Runs a statement that is not a query in mode m; false (reported) on error. */
static bool run_statement(eddy_verifier *v, int m, const char *where, const char *sql, FILE *report) {
    eddy_result *r = eddy_tenv_execute_sql(v->tenv[m], sql);
    eddy_status st = EDDY_OK;
    const char *msg = NULL;
    if (!r) {
        msg = eddy_env_errmsg(v->env[m]);
        st = eddy_env_errcode(v->env[m]);
    } else if (eddy_result_statement_kind(r) == EDDY_STMT_INSERT) {
        st = eddy_result_await(r);
        if (st) msg = eddy_env_errmsg(v->env[m]);
    }
    if (st && report)
        fprintf(report, "%s%sstatement failed in %s mode: %.*s\n", prefix(where), sep(where), mode_name[m],
                first_line(msg ? msg : ""), msg ? msg : "");
    eddy_result_free(r);
    eddy_env_clear_error(v->env[m]);
    return st == EDDY_OK;
}

eddy_verify_outcome eddy_verifier_run(eddy_verifier *v, const char *sql, const char *where, FILE *report) {
    if (!v || !sql) return EDDY_VERIFY_ERROR;
    /* what the statement is */
    Arena a;
    eddy__arena_init(&a, 4096);
    AstStmt *st = NULL;
    EdErr err = {0};
    bool parsed = eddy__sql_parse_stmt(&a, sql, strlen(sql), &st, &err) == EDDY_OK;
    eddy__err_clear(&err);
    int kind = parsed ? (int)st->kind : -1;
    eddy__arena_destroy(&a);
    if (kind == AST_STMT_QUERY) {
        v->counts.queries++;
        Rows rows[2] = {{0}, {0}};
        run_query(v, 0, sql, &rows[0]);
        if (!rows[0].error) run_query(v, 1, sql, &rows[1]);
        eddy_verify_outcome o;
        if (rows[0].error || rows[1].error) {
            int m = rows[0].error ? 0 : 1;
            v->counts.not_verified++;
            if (report)
                fprintf(report, "%s%snot verified: fails in %s mode: %.*s\n", prefix(where), sep(where), mode_name[m],
                        first_line(rows[m].error), rows[m].error);
            o = EDDY_VERIFY_NOT_VERIFIED;
        } else {
            o = compare(v, where, rows, report);
        }
        rows_free(&rows[0]);
        rows_free(&rows[1]);
        return o;
    }
    if ((kind == AST_STMT_SET || kind == AST_STMT_RESET) && strstr(sql, "execution.runtime-mode"))
        return EDDY_VERIFY_STATEMENT;
    if (kind == AST_STMT_INSERT || kind == AST_STMT_EXECUTE || kind == AST_STMT_STATEMENT_SET ||
        kind == AST_STMT_BEGIN_STATEMENT_SET || kind == AST_STMT_END)
        return run_statement(v, 0, where, sql, report) ? EDDY_VERIFY_STATEMENT : EDDY_VERIFY_ERROR;
    /* DDL, SET, USE, SHOW, EXPLAIN, ...: both environments, quietly; an error in one mode only is reported */
    bool ok0 = run_statement(v, 0, where, sql, NULL), ok1 = run_statement(v, 1, where, sql, NULL);
    if (ok0 != ok1 && report)
        fprintf(report, "%s%sstatement fails in %s mode only\n", prefix(where), sep(where), mode_name[ok0 ? 1 : 0]);
    return ok0 && ok1 ? EDDY_VERIFY_STATEMENT : EDDY_VERIFY_ERROR;
}
