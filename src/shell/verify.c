/*
 * verify.c -- `eddy --verify FILE...`: runs every query of SQL scripts in
 * BATCH and in STREAMING mode and compares the final tables (the streaming
 * changelog applied to a table), through the library's eddy_verifier. A
 * file is a .q golden script (its statements; the expected outputs are not
 * read) or a plain SQL script. Each file runs in fresh environments; one
 * line per query ("FILE:LINE: same final table (3 rows)"), then
 * "N queries: N same, N differ, N not verified". Exit status 1 when some
 * final tables differ.
 *
 * A query whose two modes may rightly give different tables (processing
 * time, ties in an ORDER BY, a global aggregate over no rows: STREAMING
 * emits nothing, BATCH one row) is marked in a script by the line before
 * it: "# verify: skip <why>" ("-- verify: skip <why>" in a plain SQL script). It is reported as not verified, with the why.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shell.h"

typedef struct VerifyCtx {
    eddy_verifier *v;
    const char *path;
    const char *text; /* the script */
    int skipped;      /* queries marked "# verify: skip" */
} VerifyCtx;

static const char SKIP_MARK[] = "verify: skip ";

/* The reason of a "# verify: skip <why>" (or "--") line just before line `line` (1-based)
 * of text, its length in *n; NULL when there is none. */
static const char *skip_reason(const char *text, int line, size_t *n) {
    if (line < 2) return NULL;
    const char *p = text;
    for (int l = 1; l < line - 1 && p; l++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    if (!p) return NULL;
    if (*p == '#') p++;
    else if (p[0] == '-' && p[1] == '-') p += 2;
    else return NULL;
    if (*p == ' ') p++;
    if (strncmp(p, SKIP_MARK, sizeof SKIP_MARK - 1)) return NULL;
    p += sizeof SKIP_MARK - 1;
    *n = strcspn(p, "\r\n");
    return p;
}

static void verify_one(void *ctx, const char *sql, int line) {
    VerifyCtx *c = ctx;
    size_t n = strlen(sql);
    while (n && (sql[n - 1] == ';' || sql[n - 1] == ' ' || sql[n - 1] == '\n' || sql[n - 1] == '\r' || sql[n - 1] == '\t'))
        n--;
    char *stmt = eddy__shell_xstrndup(sql, n);
    StrBuf where = {0};
    eddy__shell_sb_printf(&where, "%s:%d", c->path, line);
    size_t why_len = 0;
    const char *why = skip_reason(c->text, line, &why_len);
    if (why) {
        printf("%s: not verified: %.*s\n", where.s, (int)why_len, why);
        c->skipped++;
    } else {
        eddy_verifier_run(c->v, stmt, where.s, stdout);
    }
    fflush(stdout);
    eddy__shell_sb_free(&where);
    free(stmt);
}

static bool has_suffix(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

int eddy__shell_verify(char **files, int nfiles) {
    eddy_verify_counts total = {0};
    int rc = 0;
    for (int i = 0; i < nfiles; i++) {
        size_t len;
        char *text = eddy__shell_read_file(files[i], &len);
        if (!text) {
            fprintf(stderr, "eddy: cannot read %s: %s\n", files[i], strerror(errno));
            rc = 1;
            continue;
        }
        eddy_verifier *v = eddy_verifier_new(NULL);
        if (!v) {
            fputs("eddy: could not create the environments\n", stderr);
            free(text);
            return 1;
        }
        VerifyCtx c = {v, files[i], text, 0};
        if (has_suffix(files[i], ".q")) {
            eddy__shell_q_each(text, verify_one, &c);
        } else {
            SqlSpan *spans;
            size_t rest;
            bool pending;
            size_t n = eddy__shell_split(text, len, &spans, &rest, &pending);
            for (size_t k = 0; k < n; k++) {
                char *stmt = eddy__shell_xstrndup(text + spans[k].start, spans[k].end - spans[k].start);
                verify_one(&c, stmt, spans[k].line);
                free(stmt);
            }
            free(spans);
        }
        eddy_verify_counts vc = eddy_verifier_counts(v);
        total.queries += vc.queries;
        total.same += vc.same;
        total.differ += vc.differ;
        total.not_verified += vc.not_verified + c.skipped;
        total.queries += c.skipped;
        eddy_verifier_free(v);
        free(text);
    }
    printf("%d queries: %d same, %d differ, %d not verified\n", total.queries, total.same, total.differ,
           total.not_verified);
    return rc || total.differ ? 1 : 0;
}
