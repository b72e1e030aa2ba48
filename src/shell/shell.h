/*
 * shell.h -- the parts of the eddy SQL shell (src/shell/): the statement
 * splitter, the session that runs statements and prints what Flink's SQL
 * client prints, the interactive loop, the golden-script runner (--check)
 * and its unified diff. The shell is a client of include/eddy.h only.
 */
#ifndef EDDY_SHELL_H
#define EDDY_SHELL_H

#include <eddy.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- text buffers ------------------------------------------------------------------------------ */

/* A growable NUL-terminated string. Allocation failure aborts the shell
 * with a message (the shell is a program, not the library). */
typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;

void eddy__shell_sb_put(StrBuf *b, const char *s, size_t n);
void eddy__shell_sb_puts(StrBuf *b, const char *s);
void eddy__shell_sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void eddy__shell_sb_free(StrBuf *b);
/* malloc / realloc / strdup that exit(2) with a message when memory runs out. */
void *eddy__shell_xrealloc(void *p, size_t n);
char *eddy__shell_xstrndup(const char *s, size_t n);
/* Reads a whole file into a NUL-terminated string (caller frees), or NULL
 * with errno set. */
char *eddy__shell_read_file(const char *path, size_t *len);
/* The 1-based line and column of byte `upto` in t, counted as the SQL
 * lexer counts them (\n, \r\n and \r end a line; a column is a Java char). */
void eddy__shell_position(const char *t, size_t upto, int *line, int *col);

/* ---- statement splitting (split.c) ---------------------------------------------------------------- */

/* One statement found in a text: [start, end) excludes the terminating ';'
 * and surrounding blanks; line is the 1-based line of its first character. */
typedef struct SqlSpan {
    size_t start, end;
    int line;
} SqlSpan;

/* Splits text into statements ending in ';' -- a ';' inside '...', "...",
 * `...`, a -- comment or a block comment does not count, and in
 * EXECUTE STATEMENT SET BEGIN ... END only the ';' after END ends the
 * statement. Fills *spans (caller frees) with the complete statements and
 * returns their count. *rest is where the unfinished tail begins; *pending
 * tells whether that tail holds more than blanks and comments. */
size_t eddy__shell_split(const char *text, size_t len, SqlSpan **spans, size_t *rest, bool *pending);

/* The first n words of a statement, upper-cased, comments skipped, written
 * into words[i] (each up to 31 chars; "" when missing). Returns how many
 * words were found. A word is a run of letters, digits and '_'; anything
 * else stops the scan. *exact (may be NULL) tells whether nothing but
 * blanks and comments follows the words found. */
int eddy__shell_words(const char *sql, char words[][32], int n, bool *exact);

/* The option key of SET 'key' = 'value' / SET key = value (verb "SET") or
 * RESET 'key' (verb "RESET"), unquoted (caller frees); NULL when the
 * statement is not that verb with a key. */
char *eddy__shell_option_key(const char *sql, const char *verb);

/* ---- the session (session.c) ---------------------------------------------------------------------- */

typedef struct Shell Shell;

typedef struct ShellOptions {
    FILE *out;          /* where messages and results go (stdout) */
    bool interactive;   /* Ctrl-C cancels the running statement */
    /* -f / -e: Ctrl-C cancels the running statement (or the INSERT jobs
     * waited for at the end) and stops the script */
    bool cancel_on_sigint;
    /* Print as Flink's SQL gateway tests show results (the layout of .q
     * files whose blocks end in '!output'): a statement that succeeds
     * without rows prints the "result | OK" table, SHOW CREATE prints its
     * text as it is, not as a one-cell table. */
    bool gateway;
} ShellOptions;

/* A session: an env (parallelism 1, as Flink's parallelism.default), its
 * table env and the shell's own state (statement set, running INSERT jobs).
 * NULL when the env cannot be made. */
Shell *eddy__shell_new(const ShellOptions *opts);
/* Waits for INSERT jobs still running (Ctrl-C cancels them), then frees
 * everything. Returns whether a Ctrl-C stopped the session's script (-f /
 * -e: while it ran, or while its INSERT jobs were waited for). */
bool eddy__shell_free(Shell *sh);
/* Runs one statement (without its ';') and prints what Flink's SQL client
 * prints for it. Returns false when the statement failed. */
bool eddy__shell_run(Shell *sh, const char *sql);
/* The same for a statement of len bytes read from a script or the prompt:
 * a NUL byte in it is an error at its line and column (eddy_tenv_execute_sql
 * takes C strings: the statement would end there), and nothing runs. */
bool eddy__shell_run_n(Shell *sh, const char *sql, size_t len);
/* Sends the session's output to out (borrowed) and returns the previous
 * stream; init restricts the session to set-up statements (-i). */
FILE *eddy__shell_set_output(Shell *sh, FILE *out, bool init);
/* Whether a Ctrl-C stopped the script (-f / -e): says so once on the
 * session's output. */
bool eddy__shell_script_interrupted(Shell *sh);
/* --web: serves the web dashboard on port ("0": a free one) of loopback
 * (rest.port) and says where on stderr; false with the error on stderr. */
bool eddy__shell_serve_web(Shell *sh, const char *port);
/* Whether QUIT / EXIT was run. */
bool eddy__shell_quit(const Shell *sh);
/* Routes SIGINT to the session: while a statement runs Ctrl-C cancels it;
 * at the prompt it only sets the flag eddy__shell_take_sigint reports.
 * restart_syscalls false lets a blocking read() return EINTR (the prompt). */
void eddy__shell_sigint_install(bool restart_syscalls);
bool eddy__shell_take_sigint(void);

/* The HELP text. */
extern const char eddy__shell_help[];

/* ---- front ends ---------------------------------------------------------------------------------- */

typedef enum ScriptMode {
    SCRIPT_FILE, /* -f / -e: echo each statement after the prompt, stop at the first failure */
    SCRIPT_INIT, /* -i: no echo, stop at the first failure */
    SCRIPT_ALL   /* SQL piped into stdin: echo, run every statement */
} ScriptMode;

/* Runs every statement of a script of len bytes; a last statement without
 * ';' runs too. Returns false when a statement failed. */
bool eddy__shell_run_script(Shell *sh, const char *text, size_t len, ScriptMode mode);
/* The interactive loop (libedit when built with it). Returns the exit status. */
int eddy__shell_interactive(Shell *sh);
/* --check: runs golden .q scripts; rewrite regenerates their expected
 * output; flink (--flink) counts the failing blocks of Flink's own scripts
 * that need Java or a cluster as skipped (check.c names which). Returns
 * the exit status (0 when every block matched or was skipped). */
int eddy__shell_check(char **files, int nfiles, bool rewrite, bool flink);
/* Writes a unified diff of two texts (split at '\n') with 3 lines of
 * context; returns whether they differ. */
bool eddy__shell_diff(FILE *out, const char *label_a, const char *a, const char *label_b, const char *b);

#define EDDY_SHELL_PROMPT "Flink SQL> "
#define EDDY_SHELL_CONTINUATION "> "

/* ---- golden scripts and --verify (check.c, verify.c) ------------------------------------------ */

/* Calls fn for the statement of every block of a .q text, in order, with
 * its $VAR_ placeholders substituted (temporary directories made for the
 * paths and removed afterwards) and the line it starts on. Returns the
 * number of blocks. */
int eddy__shell_q_each(const char *text, void (*fn)(void *ctx, const char *sql, int line), void *ctx);
/* eddy --verify FILE...: every query of the scripts (.q golden scripts or
 * plain SQL files) in BATCH and STREAMING mode, final tables compared
 * (eddy_verifier). Prints one line per query and a summary; returns 1 when
 * some final tables differ or a file cannot be read, else 0. */
int eddy__shell_verify(char **files, int nfiles);

#endif /* EDDY_SHELL_H */
