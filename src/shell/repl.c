/*
 * repl.c -- the shell's two ways of reading statements: a script (-f, -e,
 * -i, or SQL piped into stdin), split once and run in order, and the
 * interactive prompt: libedit line editing (when eddy was built with it),
 * multi-line statements ending in ';' with a continuation prompt, history
 * kept in ~/.eddy_history, Ctrl-C clearing the line at the prompt and
 * cancelling a running statement, Ctrl-D or QUIT leaving.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef EDDY_HAVE_LIBEDIT
#include <histedit.h>
#endif

#include "shell.h"

/* Echoes a statement of len bytes after the prompt as it would have been
 * typed (a NUL byte shows as nothing, as the error about it says). */
static void echo(const char *sql, size_t len) {
    fputs(EDDY_SHELL_PROMPT, stdout);
    for (size_t i = 0; i < len; i++) {
        if (sql[i]) putchar(sql[i]);
        if (sql[i] == '\n') fputs(EDDY_SHELL_CONTINUATION, stdout);
    }
    fputs(";\n", stdout);
}

bool eddy__shell_run_script(Shell *sh, const char *text, size_t len, ScriptMode mode) {
    bool quiet = mode == SCRIPT_INIT, all_ok = true;
    size_t rest;
    bool pending, ok = true;
    SqlSpan *spans;
    size_t n = eddy__shell_split(text, len, &spans, &rest, &pending);
    for (size_t i = 0; i <= n && (ok || mode == SCRIPT_ALL) && !eddy__shell_quit(sh); i++) {
        size_t s, e;
        if (i < n) {
            s = spans[i].start;
            e = spans[i].end;
        } else {
            /* a last statement without ';' still runs, as in Flink's client */
            if (!pending) break;
            s = rest;
            e = len;
            while (e > rest && (text[e - 1] == ' ' || text[e - 1] == '\n' || text[e - 1] == '\t' || text[e - 1] == '\r'))
                e--;
        }
        char *sql = eddy__shell_xstrndup(text + s, e - s);
        if (!quiet) echo(sql, e - s);
        ok = eddy__shell_run_n(sh, sql, e - s);
        all_ok = all_ok && ok;
        if (!quiet) putchar('\n');
        fflush(stdout);
        free(sql);
        if (eddy__shell_script_interrupted(sh)) {
            all_ok = false;
            break;
        }
    }
    free(spans);
    return all_ok;
}

static const char welcome[] =
    "eddy %s -- Flink SQL in-process: no cluster, no JVM.\n"
    "\n"
    "Welcome! Enter 'HELP;' to list all available commands. 'QUIT;' to exit.\n"
    "\n";

/* Whether the text typed so far is a lone client command that Flink's
 * client also takes without ';' (QUIT, EXIT, HELP, CLEAR). */
static bool lone_command(const char *text) {
    char w[2][32];
    bool exact;
    int n = eddy__shell_words(text, w, 2, &exact);
    return n == 1 && exact &&
           (!strcmp(w[0], "QUIT") || !strcmp(w[0], "EXIT") || !strcmp(w[0], "HELP") || !strcmp(w[0], "CLEAR"));
}

/* Feeds what was typed so far: runs the statements it completes and keeps
 * the unfinished rest in *buf. add_history (may be NULL) records each
 * statement run. Returns whether the session goes on. */
static bool feed(Shell *sh, StrBuf *buf, void (*add_history)(void *ctx, const char *stmt), void *ctx) {
    SqlSpan *spans;
    size_t rest;
    bool pending;
    size_t n = eddy__shell_split(buf->s, buf->len, &spans, &rest, &pending);
    if (n == 0 && pending && lone_command(buf->s + rest)) {
        spans = eddy__shell_xrealloc(spans, sizeof *spans);
        spans[0] = (SqlSpan){rest, buf->len, 1};
        while (spans[0].end > rest && (buf->s[spans[0].end - 1] == '\n' || buf->s[spans[0].end - 1] == ' '))
            spans[0].end--;
        n = 1;
        rest = buf->len;
        pending = false;
    }
    for (size_t i = 0; i < n && !eddy__shell_quit(sh); i++) {
        size_t n_sql = spans[i].end - spans[i].start;
        char *sql = eddy__shell_xstrndup(buf->s + spans[i].start, n_sql);
        if (add_history) {
            StrBuf h = {0};
            eddy__shell_sb_printf(&h, "%s;", sql);
            add_history(ctx, h.s);
            eddy__shell_sb_free(&h);
        }
        eddy__shell_sigint_install(true);
        eddy__shell_run_n(sh, sql, n_sql);
        putchar('\n');
        fflush(stdout);
        free(sql);
    }
    free(spans);
    if (n > 0) {
        /* keep the unfinished tail only */
        size_t keep = pending ? buf->len - rest : 0;
        memmove(buf->s, buf->s + buf->len - keep, keep);
        buf->len = keep;
        buf->s[keep] = 0;
    }
    return !eddy__shell_quit(sh);
}

#ifdef EDDY_HAVE_LIBEDIT

static const char *cur_prompt = EDDY_SHELL_PROMPT;

static char *prompt_fn(EditLine *el) {
    (void)el;
    return (char *)cur_prompt;
}

static void history_add(void *ctx, const char *stmt) {
    HistEvent ev;
    history((History *)ctx, &ev, H_ENTER, stmt);
}

int eddy__shell_interactive(Shell *sh) {
    printf(welcome, eddy_version());
    EditLine *el = el_init("eddy", stdin, stdout, stderr);
    History *hist = history_init();
    if (!el || !hist) {
        fputs("eddy: could not start the line editor\n", stderr);
        if (el) el_end(el);
        if (hist) history_end(hist);
        return 1;
    }
    HistEvent ev;
    history(hist, &ev, H_SETSIZE, 1000);
    history(hist, &ev, H_SETUNIQUE, 1);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT, prompt_fn);
    el_set(el, EL_HIST, history, hist);
    el_source(el, NULL); /* ~/.editrc, as every libedit program */
    StrBuf path = {0};
    const char *home = getenv("HOME");
    if (home && *home) {
        eddy__shell_sb_printf(&path, "%s/.eddy_history", home);
        history(hist, &ev, H_LOAD, path.s);
        printf("Command history file path: %s\n\n", path.s);
    }
    fflush(stdout);
    StrBuf buf = {0};
    eddy__shell_sb_put(&buf, "", 0);
    for (;;) {
        cur_prompt = buf.len ? EDDY_SHELL_CONTINUATION : EDDY_SHELL_PROMPT;
        eddy__shell_sigint_install(false); /* Ctrl-C interrupts the read */
        eddy__shell_take_sigint();         /* forget a Ctrl-C that cancelled a statement */
        int count = 0;
        const char *line = el_gets(el, &count);
        if (eddy__shell_take_sigint()) {
            /* Ctrl-C at the prompt: drop what was typed */
            el_reset(el);
            buf.len = 0;
            buf.s[0] = 0;
            putchar('\n');
            fflush(stdout);
            continue;
        }
        if (!line || count <= 0) {
            if (count < 0 && errno == EINTR) continue;
            putchar('\n');
            break; /* Ctrl-D */
        }
        eddy__shell_sb_put(&buf, line, (size_t)count);
        if (!feed(sh, &buf, history_add, hist)) break;
    }
    if (path.s) history(hist, &ev, H_SAVE, path.s);
    eddy__shell_sb_free(&path);
    eddy__shell_sb_free(&buf);
    history_end(hist);
    el_end(el);
    return 0;
}

#else /* a plain line reader when libedit is missing */

int eddy__shell_interactive(Shell *sh) {
    printf(welcome, eddy_version());
    StrBuf buf = {0};
    eddy__shell_sb_put(&buf, "", 0);
    char *line = NULL;
    size_t cap = 0;
    for (;;) {
        fputs(buf.len ? EDDY_SHELL_CONTINUATION : EDDY_SHELL_PROMPT, stdout);
        fflush(stdout);
        eddy__shell_sigint_install(false);
        eddy__shell_take_sigint();
        /* by length: a NUL typed in a line is reported, not a cut */
        ssize_t got = getline(&line, &cap, stdin);
        if (got < 0) {
            if (eddy__shell_take_sigint()) {
                clearerr(stdin);
                buf.len = 0;
                buf.s[0] = 0;
                putchar('\n');
                continue;
            }
            putchar('\n');
            break;
        }
        eddy__shell_sb_put(&buf, line, (size_t)got);
        if (!feed(sh, &buf, NULL, NULL)) break;
    }
    free(line);
    eddy__shell_sb_free(&buf);
    return 0;
}

#endif
