/*
 * check.c -- `eddy --check FILE.q...`: golden scripts in the format of
 * Flink's SQL client tests. A file is a sequence of blocks:
 *
 *     # comment lines and blank lines
 *     <statement, ending with ';'>          (or, in the SQL gateway layout,
 *     <expected output>                      statements up to a line '!output')
 *     !ok | !info | !warning | !error
 *
 * Each file runs in a fresh session. A block passes when the statement's
 * output equals the expected text once both are normalised: trailing
 * blanks and trailing empty lines dropped, [WARNING] lines ignored, the id
 * after "Job ID:" ignored. !error needs the statement to fail; its text is
 * compared (blanks collapsed) unless the expected text names a Java
 * exception class (org.apache...Exception: ...), whose message is Flink's
 * own. A $VAR_X placeholder takes the value of the environment variable
 * VAR_X, else X; a $VAR_..._PATH placeholder (VAR_STREAMING_PATH,
 * VAR_BATCH_PATH2, VAR_BATCH_CTAS_PATH, ...) that neither names defaults to
 * a fresh temporary directory, as Flink's harness makes them, and
 * VAR_X_RELATIVE_PATH to VAR_X_PATH relative to the working directory. A mismatch
 * prints a unified diff; the run ends with "N passed, N failed" (blocks).
 *
 * A file in the SQL gateway's result layout ('!output' blocks, none of
 * whose expected texts is a client [INFO] / [ERROR] message) runs the
 * session in that print layout (ShellOptions.gateway), and its !error texts
 * are compared without the client's "[ERROR] Could not execute SQL
 * statement. Reason:" line.
 *
 * With --flink (Flink's own scripts), a failing block that needs what a C
 * engine cannot have is counted as skipped, not failed, with its reason:
 *   needs Java    ADD JAR / REMOVE JAR / SHOW JARS or $VAR_UDF_JAR_PATH;
 *                 CREATE FUNCTION of a Java / Scala / Python class, and
 *                 the later blocks that name such a function (or such a
 *                 catalog or module, below) in their statement or expected
 *                 text; LOAD MODULE
 *                 of a module other than core; CALL (procedures come from
 *                 Java catalogs); a catalog of a type from Flink's test
 *                 jars or Hive ('hive', 'hive-test', 'test-catalog',
 *                 'jdbc', 'test_procedure_catalog'), and the blocks run
 *                 while USE CATALOG made one the current catalog; the
 *                 test connectors 'values', 'jdbc' and 'test-update-delete'
 *                 (and later blocks naming a table made with one).
 *   needs a cluster  output naming $VAR_REST_PORT,
 *                 $VAR_JOBMANAGER_RPC_ADDRESS or $VAR_PIPELINE_JARS_URL
 *                 (the cluster's settings SET lists); SHOW JOBS, STOP JOB.
 * A classified block that passes counts as passed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shell.h"

typedef struct Block {
    char *comment;   /* the comment and blank lines before the statement */
    char *sql;       /* the statement lines as written */
    char *expected;  /* the lines before the tag */
    char *tag;       /* "!ok", "!info", "!warning", "!error" */
    int line;        /* where the statement starts */
} Block;

typedef struct Script {
    Block *blocks;
    size_t n, cap;
    char *trailer;   /* what follows the last tag */
    bool gateway;    /* statements end at '!output', not at ';' */
    bool results;    /* the gateway's result layout: no expected text is a client
                      * [INFO] / [ERROR] message (sql/client/ files use '!output'
                      * with the client's messages) */
} Script;

static bool starts_with(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

/* The line at *p (without its '\n'); advances *p past it. */
static char *next_line(const char **p) {
    const char *s = *p, *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) : strlen(s);
    *p = s + n + (nl ? 1 : 0);
    return eddy__shell_xstrndup(s, n);
}

static bool blank(const char *s) {
    for (; *s; s++)
        if (!isspace((unsigned char)*s)) return false;
    return true;
}

static bool ends_with_semicolon(const char *line) {
    size_t n = strlen(line);
    while (n && isspace((unsigned char)line[n - 1])) n--;
    return n && line[n - 1] == ';';
}

/* Whether text holds a finished statement: Flink's reader stops at the
 * first line ending in ';', which would cut a ';' inside a string or an
 * EXECUTE STATEMENT SET block; the shell's splitter knows better. */
static bool statement_complete(const char *text, size_t len) {
    SqlSpan *spans;
    size_t rest;
    bool pending;
    size_t n = eddy__shell_split(text, len, &spans, &rest, &pending);
    free(spans);
    return n > 0 && !pending;
}

/* Parses a .q text the way Flink's SqlScriptReader does. */
static void parse_script(const char *text, Script *sc) {
    memset(sc, 0, sizeof *sc);
    for (const char *p = text; *p;) {
        char *l = next_line(&p);
        bool is_output = !strcmp(l, "!output");
        free(l);
        if (is_output) sc->gateway = true;
    }
    const char *p = text;
    int lineno = 0;
    while (*p) {
        StrBuf comment = {0}, sql = {0}, expected = {0};
        const char *block_start = p;
        int block_line = lineno;
        char *tag = NULL;
        int sql_line = 0;
        enum { BEGIN, SQL, OUTPUT } state = BEGIN;
        while (*p && !tag) {
            char *l = next_line(&p);
            lineno++;
            if (state == BEGIN && (l[0] == '#' || blank(l))) {
                eddy__shell_sb_printf(&comment, "%s\n", l);
            } else if (state != OUTPUT) {
                if (state == BEGIN) sql_line = lineno;
                state = SQL;
                if (sc->gateway && !strcmp(l, "!output")) {
                    state = OUTPUT;
                } else {
                    eddy__shell_sb_printf(&sql, "%s\n", l);
                    if (!sc->gateway && ends_with_semicolon(l) && statement_complete(sql.s, sql.len)) state = OUTPUT;
                }
            } else if (l[0] == '!') {
                tag = eddy__shell_xstrndup(l, strlen(l));
            } else {
                eddy__shell_sb_printf(&expected, "%s\n", l);
            }
            free(l);
        }
        if (!tag) {
            /* no closing tag: the rest is kept as it is */
            sc->trailer = eddy__shell_xstrndup(block_start, strlen(block_start));
            lineno = block_line;
            eddy__shell_sb_free(&comment);
            eddy__shell_sb_free(&sql);
            eddy__shell_sb_free(&expected);
            break;
        }
        if (sc->n == sc->cap) {
            sc->cap = sc->cap ? sc->cap * 2 : 16;
            sc->blocks = eddy__shell_xrealloc(sc->blocks, sc->cap * sizeof *sc->blocks);
        }
        eddy__shell_sb_put(&comment, "", 0);
        eddy__shell_sb_put(&sql, "", 0);
        eddy__shell_sb_put(&expected, "", 0);
        sc->blocks[sc->n++] = (Block){comment.s, sql.s, expected.s, tag, sql_line};
    }
    sc->results = sc->gateway;
    for (size_t i = 0; i < sc->n && sc->results; i++)
        if (starts_with(sc->blocks[i].expected, "[INFO]") || starts_with(sc->blocks[i].expected, "[ERROR]"))
            sc->results = false;
}

static void free_script(Script *sc) {
    for (size_t i = 0; i < sc->n; i++) {
        free(sc->blocks[i].comment);
        free(sc->blocks[i].sql);
        free(sc->blocks[i].expected);
        free(sc->blocks[i].tag);
    }
    free(sc->blocks);
    free(sc->trailer);
}

/* ---- $VAR_ placeholders ----------------------------------------------------------------------------- */

typedef struct Vars {
    char *name[16], *value[16];
    char *tmpdir[16];
    int n, ntmp;
} Vars;

/* VAR_..._PATH or VAR_..._PATH<digits>, but not a jar's path: a directory
 * the harness makes for a script's files. */
static bool is_path_var(const char *name) {
    const char *p = strstr(name, "_PATH");
    if (!p || strstr(name, "JAR")) return false;
    for (p += 5; *p; p++)
        if (!isdigit((unsigned char)*p)) return false;
    return true;
}

/* abs (an absolute path) relative to the working directory, as Java's
 * Path.relativize gives it ("../../tmp/x"); NULL when there is no working
 * directory. The caller frees. */
static char *relative_to_cwd(const char *abs) {
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd) || abs[0] != '/') return NULL;
    /* the longest common prefix that ends at a component boundary */
    size_t common = 0;
    for (size_t i = 0;; i++) {
        bool end_c = cwd[i] == 0 || cwd[i] == '/', end_a = abs[i] == 0 || abs[i] == '/';
        if (end_c && end_a) common = i;
        if (cwd[i] != abs[i] || !cwd[i]) break;
    }
    StrBuf b = {0};
    eddy__shell_sb_put(&b, "", 0);
    for (const char *p = cwd + common; *p; p++)
        if (*p == '/' && p[1]) eddy__shell_sb_puts(&b, b.len ? "/.." : "..");
    const char *rest = abs + common;
    if (*rest == '/') rest++;
    if (*rest) eddy__shell_sb_printf(&b, "%s%s", b.len ? "/" : "", rest);
    return b.s;
}

static const char *var_value(Vars *v, const char *name) {
    for (int i = 0; i < v->n; i++)
        if (!strcmp(v->name[i], name)) return v->value[i];
    /* $VAR_X: the environment variable VAR_X, else X */
    const char *e = getenv(name);
    if (!e) e = getenv(name + 4);
    size_t nl = strlen(name);
    if (!e && nl > 14 && !strcmp(name + nl - 14, "_RELATIVE_PATH") && v->n < 16) {
        /* VAR_X_RELATIVE_PATH: VAR_X_PATH relative to the working directory */
        StrBuf target = {0};
        eddy__shell_sb_printf(&target, "%.*s_PATH", (int)(nl - 14), name);
        const char *abs = var_value(v, target.s);
        char *rel = abs ? relative_to_cwd(abs) : NULL;
        eddy__shell_sb_free(&target);
        if (!rel || v->n == 16) {
            free(rel);
            return NULL;
        }
        v->name[v->n] = eddy__shell_xstrndup(name, nl);
        v->value[v->n] = rel;
        return v->value[v->n++];
    }
    if (!e && v->ntmp < 16 && is_path_var(name)) {
        const char *base = getenv("TMPDIR");
        StrBuf t = {0};
        eddy__shell_sb_printf(&t, "%s/eddy-check-XXXXXX", base && *base ? base : "/tmp");
        if (mkdtemp(t.s)) {
            v->tmpdir[v->ntmp++] = t.s;
            e = t.s;
        } else {
            eddy__shell_sb_free(&t);
        }
    }
    if (!e || v->n == 16) return e;
    v->name[v->n] = eddy__shell_xstrndup(name, strlen(name));
    v->value[v->n++] = eddy__shell_xstrndup(e, strlen(e));
    return e;
}

/* text with each $VAR_NAME that has a value replaced by it (caller frees). */
static char *substitute(Vars *v, const char *text) {
    StrBuf b = {0};
    eddy__shell_sb_put(&b, "", 0);
    for (const char *p = text; *p;) {
        if (p[0] == '$' && starts_with(p + 1, "VAR_")) {
            const char *s = p + 1, *e = s;
            while (isalnum((unsigned char)*e) || *e == '_') e++;
            char *name = eddy__shell_xstrndup(s, (size_t)(e - s));
            const char *val = var_value(v, name);
            free(name);
            if (val) {
                eddy__shell_sb_puts(&b, val);
                p = e;
                continue;
            }
        }
        eddy__shell_sb_put(&b, p, 1);
        p++;
    }
    return b.s;
}

/* The reverse, for --rewrite: values put back as their $VAR_ names. */
static char *unsubstitute(Vars *v, const char *text) {
    char *cur = eddy__shell_xstrndup(text, strlen(text));
    for (int i = 0; i < v->n; i++) {
        size_t vl = strlen(v->value[i]);
        if (vl < 4) continue;
        StrBuf b = {0};
        eddy__shell_sb_put(&b, "", 0);
        for (const char *p = cur; *p;) {
            if (!strncmp(p, v->value[i], vl)) {
                eddy__shell_sb_printf(&b, "$%s", v->name[i]);
                p += vl;
            } else {
                eddy__shell_sb_put(&b, p++, 1);
            }
        }
        free(cur);
        cur = b.s;
    }
    return cur;
}

static void remove_tree(const char *path) {
    /* the temporary directories hold what the scripts wrote: files, maybe partitions */
    StrBuf cmd = {0};
    eddy__shell_sb_printf(&cmd, "rm -rf '%s'", path);
    if (system(cmd.s) != 0) fprintf(stderr, "eddy: could not remove %s\n", path);
    eddy__shell_sb_free(&cmd);
}

static void free_vars(Vars *v) {
    for (int i = 0; i < v->n; i++) {
        free(v->name[i]);
        free(v->value[i]);
    }
    for (int i = 0; i < v->ntmp; i++) {
        remove_tree(v->tmpdir[i]);
        free(v->tmpdir[i]);
    }
}

/* ---- comparing ------------------------------------------------------------------------------------------ */

/* In a table row holding a job id (32 hex digits, SHOW JOBS / DESCRIBE
 * JOB), the id and the start time ("2026-12-02 16:35:18.816") become
 * '#'s: both differ from run to run. */
static void hide_job_row(char *l) {
    if (l[0] != '|') return;
    bool had = false;
    for (char *p = l; *p; p++) {
        size_t k = 0;
        while (isxdigit((unsigned char)p[k]) && !isupper((unsigned char)p[k])) k++;
        if (k == 32 && (p == l || p[-1] == ' ') && (p[k] == ' ' || !p[k])) {
            memset(p, '#', 32);
            had = true;
        }
        if (k) p += k - 1;
    }
    if (!had) return;
    for (char *p = l; *p; p++) {
        static const char shape[] = "dddd-dd-dd dd:dd:dd.ddd";
        size_t k = 0;
        while (shape[k] && p[k] && (shape[k] == 'd' ? isdigit((unsigned char)p[k]) != 0 : p[k] == shape[k])) k++;
        if (!shape[k])
            for (size_t i = 0; i < k; i++)
                if (isdigit((unsigned char)p[i])) p[i] = '#';
    }
}

/* The text as compared: trailing blanks cut, [WARNING] lines dropped, job
 * ids hidden (also in SHOW JOBS rows), trailing empty lines dropped. Caller
 * frees. */
static char *normalize(const char *text) {
    StrBuf b = {0};
    eddy__shell_sb_put(&b, "", 0);
    for (const char *p = text; *p;) {
        char *l = next_line(&p);
        size_t n = strlen(l);
        while (n && (l[n - 1] == ' ' || l[n - 1] == '\t' || l[n - 1] == '\r')) l[--n] = 0;
        if (!starts_with(l, "[WARNING]")) {
            if (starts_with(l, "Job ID:")) l[7] = 0;
            hide_job_row(l);
            eddy__shell_sb_printf(&b, "%s\n", l);
        }
        free(l);
    }
    while (b.len >= 2 && b.s[b.len - 1] == '\n' && b.s[b.len - 2] == '\n') b.s[--b.len] = 0;
    if (b.len == 1 && b.s[0] == '\n') b.s[--b.len] = 0;
    return b.s;
}

/* Whether a line starts with a Java exception class name followed by ':'
 * or the end ("org.apache.flink.table.api.ValidationException: ..."). */
static bool java_exception_line(const char *l) {
    const char *p = l;
    if (!islower((unsigned char)*p)) return false;
    bool dot = false;
    while (isalnum((unsigned char)*p) || *p == '.' || *p == '_' || *p == '$') dot |= *p++ == '.';
    size_t n = (size_t)(p - l);
    bool named = (n > 9 && !strncmp(p - 9, "Exception", 9)) || (n > 5 && !strncmp(p - 5, "Error", 5));
    return dot && named && (*p == ':' || *p == 0 || *p == '\n');
}

static bool names_java_exception(const char *text) {
    for (const char *p = text; *p;) {
        char *l = next_line(&p);
        bool yes = java_exception_line(l);
        free(l);
        if (yes) return true;
    }
    return false;
}

/* Blanks collapsed to one space, leading and trailing ones dropped. */
static char *collapse(const char *text) {
    StrBuf b = {0};
    eddy__shell_sb_put(&b, "", 0);
    bool space = false;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p)) {
            space = true;
            continue;
        }
        if (space && b.len) eddy__shell_sb_put(&b, " ", 1);
        space = false;
        eddy__shell_sb_put(&b, p, 1);
    }
    return b.s;
}

/* Compares one block; returns whether it passes. */
static bool block_passes(const char *tag, const char *expected, const char *actual, bool gateway) {
    bool is_error = starts_with(actual, "[ERROR]");
    if (!strcmp(tag, "!error")) {
        if (!is_error) return false;
        if (names_java_exception(expected)) return true;
        /* the gateway layout shows the error's text without the client's line */
        const char *nl = strchr(actual, '\n');
        if (gateway && !starts_with(expected, "[ERROR]") && nl) actual = nl + 1;
        char *a = collapse(expected), *b = collapse(actual);
        bool eq = !strcmp(a, b);
        free(a);
        free(b);
        return eq;
    }
    return !strcmp(expected, actual);
}

/* The tag a rewritten block gets for its output. */
static const char *tag_for(const char *normalized) {
    if (starts_with(normalized, "[ERROR]")) return "!error";
    if (starts_with(normalized, "[INFO]") || strstr(normalized, "\n[INFO]")) return "!info";
    return "!ok";
}

/* ---- blocks Flink's scripts need Java or a cluster for (--flink) ---------------------------------- */

typedef struct JavaNames {
    char **name; /* upper-cased names of functions made from Java classes, of Java catalogs,
                  * of tables of Java connectors */
    size_t n, cap;
    bool java_catalog; /* USE CATALOG made a Java catalog the current one */
} JavaNames;

static void remember(JavaNames *fns, const char *name) {
    if (!*name) return;
    if (fns->n == fns->cap) {
        fns->cap = fns->cap ? fns->cap * 2 : 8;
        fns->name = eddy__shell_xrealloc(fns->name, fns->cap * sizeof *fns->name);
    }
    fns->name[fns->n++] = eddy__shell_xstrndup(name, strlen(name));
}

static char *upper_dup(const char *s) {
    char *u = eddy__shell_xstrndup(s, strlen(s));
    for (char *p = u; *p; p++) *p = (char)toupper((unsigned char)*p);
    return u;
}

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Whether upper-cased text names `word` as a whole word. */
static bool has_word(const char *text, const char *word) {
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
        if ((p == text || !word_char(p[-1])) && !word_char(p[n])) return true;
    return false;
}

/* The value of 'key' = 'value' in upper-cased text, compared with want
 * (upper case); any of a NULL-ended list. */
static bool option_is_one_of(const char *text, const char *key, const char *const *want) {
    size_t kl = strlen(key);
    for (const char *p = strstr(text, key); p; p = strstr(p + 1, key)) {
        const char *q = p + kl;
        while (isspace((unsigned char)*q)) q++;
        if (*q++ != '=') continue;
        while (isspace((unsigned char)*q)) q++;
        if (*q++ != '\'') continue;
        for (int i = 0; want[i]; i++) {
            size_t wl = strlen(want[i]);
            if (!strncmp(q, want[i], wl) && q[wl] == '\'') return true;
        }
    }
    return false;
}

/* The last part of the (possibly qualified, back-quoted) name after the
 * words CREATE [TEMPORARY] [SYSTEM] FUNCTION [IF NOT EXISTS] in upper-cased
 * text ("C1.DB.FUNC3" and "`DEFAULT`.FUNC5" give FUNC3 and FUNC5), in out. */
static void function_name(const char *u, char out[32]) {
    out[0] = 0;
    const char *p = strstr(u, "FUNCTION");
    if (!p) return;
    p += 8;
    while (isspace((unsigned char)*p)) p++;
    if (!strncmp(p, "IF", 2) && isspace((unsigned char)p[2])) {
        const char *q = p + 2;
        while (isspace((unsigned char)*q)) q++;
        if (!strncmp(q, "NOT", 3) && isspace((unsigned char)q[3])) {
            q += 3;
            while (isspace((unsigned char)*q)) q++;
            if (!strncmp(q, "EXISTS", 6) && !word_char(q[6])) {
                p = q + 6;
                while (isspace((unsigned char)*p)) p++;
            }
        }
    }
    for (;;) {
        const char *s = p, *e;
        if (*p == '`') {
            s = ++p;
            while (*p && *p != '`') p++;
            e = p;
            if (*p) p++;
        } else {
            while (word_char(*p)) p++;
            e = p;
        }
        size_t n = (size_t)(e - s) < 31 ? (size_t)(e - s) : 31;
        memcpy(out, s, n);
        out[n] = 0;
        if (*p != '.') return;
        p++;
    }
}

/* Why a block of Flink's scripts cannot pass here ("needs Java", "needs a
 * cluster"), or NULL. sql and expected are as written (before $VAR_
 * substitution). A CREATE FUNCTION of a Java class adds its name to fns. */
static const char *skip_reason(const char *sql, const char *expected, JavaNames *fns) {
    static const char *const java_catalogs[] = {"HIVE", "HIVE-TEST", "TEST-CATALOG", "JDBC", "TEST_PROCEDURE_CATALOG", NULL};
    static const char *const java_connectors[] = {"VALUES", "JDBC", "TEST-UPDATE-DELETE", NULL};
    const char *why = NULL;
    char w[8][32];
    int nw = eddy__shell_words(sql, w, 8, NULL);
    char *u = upper_dup(sql);
    if (strstr(sql, "$VAR_UDF_JAR_PATH") || (nw >= 2 && !strcmp(w[1], "JAR") && (!strcmp(w[0], "ADD") || !strcmp(w[0], "REMOVE"))) ||
        (nw >= 2 && !strcmp(w[0], "SHOW") && !strcmp(w[1], "JARS")) || (nw >= 1 && !strcmp(w[0], "CALL")) ||
        option_is_one_of(u, "'TYPE'", java_catalogs) || option_is_one_of(u, "'CONNECTOR'", java_connectors))
        why = "needs Java";
    if (why && nw >= 3 && !strcmp(w[0], "CREATE") && !strcmp(w[1], "CATALOG"))
        remember(fns, nw >= 6 && !strcmp(w[2], "IF") ? w[5] : w[2]); /* a Java catalog: later blocks use it */
    if (why && nw >= 3 && !strcmp(w[0], "CREATE")) {
        /* a table of a Java connector: later blocks read or change it */
        int t = !strcmp(w[1], "TEMPORARY") ? 2 : 1;
        if (t + 1 < nw && !strcmp(w[t], "TABLE"))
            remember(fns, t + 4 < nw && !strcmp(w[t + 1], "IF") ? w[t + 4] : w[t + 1]);
    }
    if (nw >= 3 && !strcmp(w[0], "USE") && !strcmp(w[1], "CATALOG")) {
        /* the blocks after USE CATALOG of a Java catalog run in it */
        fns->java_catalog = false;
        for (size_t i = 0; i < fns->n; i++)
            if (!strcmp(fns->name[i], w[2])) fns->java_catalog = true;
    }
    if (fns->java_catalog) why = "needs Java";
    if (nw >= 3 && !strcmp(w[0], "LOAD") && !strcmp(w[1], "MODULE") && strcmp(w[2], "CORE")) {
        why = "needs Java";
        remember(fns, w[2]); /* a Java module: later blocks list or use it */
    }
    int f = 1;
    while (f < nw && (!strcmp(w[f], "TEMPORARY") || !strcmp(w[f], "SYSTEM"))) f++;
    if (nw > f && !strcmp(w[0], "CREATE") && !strcmp(w[f], "FUNCTION")) {
        char name[32];
        function_name(u, name);
        const char *lang = strstr(u, "LANGUAGE");
        bool java = !lang || !(has_word(lang, "SQL") || has_word(lang, "C"));
        if (java && *name) {
            why = "needs Java";
            remember(fns, name);
        }
    } else {
        /* a later block naming what came from Java (in its statement or, for
         * listings such as SHOW MODULES, in its expected text) */
        char *ue = upper_dup(expected);
        for (size_t i = 0; i < fns->n && !why; i++)
            if (has_word(u, fns->name[i]) || has_word(ue, fns->name[i])) why = "needs Java";
        free(ue);
    }
    if (!why && (strstr(expected, "$VAR_REST_PORT") || strstr(expected, "$VAR_JOBMANAGER_RPC_ADDRESS") ||
                 strstr(expected, "$VAR_PIPELINE_JARS_URL") ||
                 (nw >= 2 && ((!strcmp(w[0], "SHOW") && !strcmp(w[1], "JOBS")) ||
                              (!strcmp(w[0], "STOP") && !strcmp(w[1], "JOB"))))))
        why = "needs a cluster";
    free(u);
    return why;
}

static void free_java_names(JavaNames *fns) {
    for (size_t i = 0; i < fns->n; i++) free(fns->name[i]);
    free(fns->name);
}

/* ---- running -------------------------------------------------------------------------------------------- */

/* Runs the statements of a block with the process's standard output sent to
 * a temporary file, so that what print sinks write is caught as well. */
static char *run_captured(Shell *sh, const char *sql) {
    fflush(stdout);
    FILE *tmp = tmpfile();
    int saved = dup(STDOUT_FILENO);
    if (!tmp || saved < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0) {
        fprintf(stderr, "eddy: cannot capture output: %s\n", strerror(errno));
        exit(2);
    }
    size_t len = strlen(sql), rest;
    bool pending;
    SqlSpan *spans;
    size_t n = eddy__shell_split(sql, len, &spans, &rest, &pending);
    for (size_t i = 0; i < n && !eddy__shell_quit(sh); i++) {
        char *stmt = eddy__shell_xstrndup(sql + spans[i].start, spans[i].end - spans[i].start);
        eddy__shell_run(sh, stmt);
        free(stmt);
    }
    if (pending) {
        /* the block has text after its last ';': the client would wait for more */
        printf("[ERROR] Could not execute SQL statement. Reason:\nThe statement does not end with ';'.\n");
    }
    free(spans);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    StrBuf out = {0};
    eddy__shell_sb_put(&out, "", 0);
    rewind(tmp);
    char chunk[8192];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, tmp)) > 0) eddy__shell_sb_put(&out, chunk, got);
    fclose(tmp);
    return out.s;
}

static int first_line_len(const char *s) {
    const char *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) : strlen(s);
    return n > 100 ? 100 : (int)n;
}

typedef struct Counts {
    int passed, failed;
    int java, cluster; /* --flink: failing blocks that need Java / a cluster */
} Counts;

/* Runs one file; adds to the counts. */
static void check_file(const char *path, bool rewrite, bool flink, Counts *total) {
    Counts c = {0};
    size_t len;
    char *text = eddy__shell_read_file(path, &len);
    if (!text) {
        printf("FAIL %s: cannot read it: %s\n", path, strerror(errno));
        total->failed++;
        return;
    }
    const char *nul = memchr(text, 0, len);
    if (nul) {
        /* the blocks are read as text: the NUL would end the file there */
        int line, col;
        eddy__shell_position(text, (size_t)(nul - text), &line, &col);
        printf("FAIL %s: a NUL byte at line %d, column %d (a .q file is text)\n", path, line, col);
        total->failed++;
        free(text);
        return;
    }
    Script sc;
    parse_script(text, &sc);
    Vars vars = {0};
    ShellOptions opts = {.out = stdout, .interactive = false, .gateway = sc.results};
    Shell *sh = eddy__shell_new(&opts);
    if (!sh) {
        printf("FAIL %s: could not create the environment\n", path);
        total->failed++;
        free_script(&sc);
        free(text);
        return;
    }
    StrBuf rewritten = {0};
    JavaNames fns = {0};
    for (size_t i = 0; i < sc.n; i++) {
        Block *b = &sc.blocks[i];
        const char *skip = flink ? skip_reason(b->sql, b->expected, &fns) : NULL;
        char *sql = substitute(&vars, b->sql);
        char *want_raw = substitute(&vars, b->expected);
        char *got_raw = run_captured(sh, sql);
        char *want = normalize(want_raw), *got = normalize(got_raw);
        bool ok = !strcmp(b->tag, "!ok") || !strcmp(b->tag, "!info") || !strcmp(b->tag, "!warning") ||
                  !strcmp(b->tag, "!error");
        if (!ok) {
            printf("FAIL %s:%d: unknown command '%s' (expected !ok, !info, !warning or !error)\n", path, b->line,
                   b->tag);
        } else if (!(ok = block_passes(b->tag, want, got, sc.results))) {
            if (skip) printf("SKIP %s:%d (%s): %.*s\n", path, b->line, skip, first_line_len(b->sql), b->sql);
            else printf("FAIL %s:%d: %.*s\n", path, b->line, first_line_len(b->sql), b->sql);
            if (!strcmp(b->tag, "!error") && !starts_with(got, "[ERROR]"))
                printf("(the statement was expected to fail)\n");
            else if (strcmp(b->tag, "!error") && starts_with(got, "[ERROR]"))
                printf("(the statement failed; the block is tagged %s)\n", b->tag);
            if (!eddy__shell_diff(stdout, "expected", want, "actual", got) && !strcmp(b->tag, "!error"))
                printf("(the output matches, but it is not an error)\n");
        }
        if (ok) c.passed++;
        else if (skip && !strcmp(skip, "needs a cluster")) c.cluster++;
        else if (skip) c.java++;
        else c.failed++;
        if (rewrite) {
            /* a passing block stays as written; a failing one gets the actual output */
            char *raw_norm = normalize(got_raw);
            char *back = ok ? NULL : unsubstitute(&vars, raw_norm);
            eddy__shell_sb_printf(&rewritten, "%s%s%s%s%s\n", b->comment, b->sql, sc.gateway ? "!output\n" : "",
                                  ok ? b->expected : back, ok ? b->tag : tag_for(got));
            free(back);
            free(raw_norm);
        }
        free(sql);
        free(want_raw);
        free(got_raw);
        free(want);
        free(got);
        fflush(stdout);
    }
    eddy__shell_free(sh);
    if (flink)
        printf("%s %s (%zu blocks: %d passed, %d failed, %d skipped: %d need Java, %d need a cluster)\n",
               c.failed ? "FAIL" : "ok  ", path, sc.n, c.passed, c.failed, c.java + c.cluster, c.java, c.cluster);
    else
        printf("%s %s (%zu blocks%s)\n", c.failed ? "FAIL" : "ok  ", path, sc.n, c.failed ? ", some failed" : "");
    total->passed += c.passed;
    total->failed += c.failed;
    total->java += c.java;
    total->cluster += c.cluster;
    free_java_names(&fns);
    if (rewrite) {
        if (sc.trailer) eddy__shell_sb_puts(&rewritten, sc.trailer);
        FILE *f = fopen(path, "w");
        if (!f || fwrite(rewritten.s ? rewritten.s : "", 1, rewritten.len, f) != rewritten.len || fclose(f) != 0)
            fprintf(stderr, "eddy: cannot rewrite %s: %s\n", path, strerror(errno));
        else
            printf("rewrote %s\n", path);
    }
    eddy__shell_sb_free(&rewritten);
    free_vars(&vars);
    free_script(&sc);
    free(text);
}

int eddy__shell_check(char **files, int nfiles, bool rewrite, bool flink) {
    Counts t = {0};
    for (int i = 0; i < nfiles; i++) check_file(files[i], rewrite, flink, &t);
    if (flink)
        printf("%d passed, %d failed, %d skipped (%d need Java, %d need a cluster)\n", t.passed, t.failed,
               t.java + t.cluster, t.java, t.cluster);
    else
        printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}

int eddy__shell_q_each(const char *text, void (*fn)(void *ctx, const char *sql, int line), void *ctx) {
    Script sc;
    parse_script(text, &sc);
    Vars vars = {0};
    for (size_t i = 0; i < sc.n; i++) {
        char *sql = substitute(&vars, sc.blocks[i].sql);
        fn(ctx, sql, sc.blocks[i].line);
        free(sql);
    }
    int n = (int)sc.n;
    free_vars(&vars);
    free_script(&sc);
    return n;
}
