/*
 * main.c -- the eddy command: options, then the interactive shell, a
 * script (-f / -e, after the init scripts of -i), or the golden-script
 * runner (--check).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shell.h"

static const char usage[] =
    "Usage: eddy [OPTIONS]\n"
    "       eddy --check [--rewrite | --flink] FILE.q...\n"
    "       eddy --verify FILE...\n"
    "\n"
    "The eddy SQL shell: Flink SQL, run in this process.\n"
    "\n"
    "  -f, --file FILE      run the statements of FILE, then exit; stops at the first\n"
    "                       failing statement (exit status 1)\n"
    "  -e, --execute SQL    run the given statements (\"stmt; stmt\"), then exit\n"
    "  -i, --init FILE      set up the session first with FILE's statements (SET, CREATE,\n"
    "                       USE, ...), printing only errors; may be given more than once\n"
    "      --check FILE.q   run golden scripts in Flink's SQL client .q format and compare\n"
    "                       each statement's output with the expected block; prints a diff\n"
    "                       per mismatch and 'N passed, N failed'\n"
    "      --rewrite        with --check: write each file back with the actual output\n"
    "      --flink          with --check, for Flink's own scripts: a failing block that needs a\n"
    "                       Java class (jars, Java functions, Hive, test connectors) or a cluster\n"
    "                       counts as skipped; per file: passed / failed / skipped blocks\n"
    "      --verify FILE    run each query of SQL scripts (.q or plain) in BATCH and STREAMING mode\n"
    "                       and compare the final tables (the streaming changelog applied)\n"
    "      --web [PORT]     serve the web dashboard on 127.0.0.1:PORT (default 8081; 0: a free\n"
    "                       port, said on stderr): the session's jobs and their operators live\n"
    "  -h, --help           print this help\n"
    "  -v, --version        print the version\n"
    "\n"
    "Without -f or -e the shell is interactive (statements end with ';'; HELP; lists the\n"
    "commands; history in ~/.eddy_history). SQL piped into standard input is run like -f,\n"
    "but every statement runs even when one fails.\n";

static int bad_usage(const char *fmt, const char *arg) {
    fputs("eddy: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'eddy --help'.\n", stderr);
    return 2;
}

static char *read_or_complain(const char *path, size_t *len) {
    char *text = eddy__shell_read_file(path, len);
    if (!text) fprintf(stderr, "eddy: cannot read %s: %s\n", path, strerror(errno));
    return text;
}

int main(int argc, char **argv) {
    const char *file = NULL, *exec = NULL, *web = NULL;
    const char **inits = eddy__shell_xrealloc(NULL, sizeof(char *) * (size_t)argc);
    int ninits = 0;
    bool check = false, rewrite = false, verify = false, flink = false;
    char **check_files = eddy__shell_xrealloc(NULL, sizeof(char *) * (size_t)argc);
    int nchecks = 0, rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_next = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            goto done;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
            printf("eddy %s\n", eddy_version());
            goto done;
        } else if (!strcmp(a, "--check")) {
            check = true;
        } else if (!strcmp(a, "--verify")) {
            verify = true;
        } else if (!strcmp(a, "--rewrite")) {
            rewrite = true;
        } else if (!strcmp(a, "--flink")) {
            flink = true;
        } else if (!strcmp(a, "-f") || !strcmp(a, "--file")) {
            if (!has_next) return bad_usage("%s needs a file name.", a);
            file = argv[++i];
        } else if (!strcmp(a, "-e") || !strcmp(a, "--execute")) {
            if (!has_next) return bad_usage("%s needs SQL statements.", a);
            exec = argv[++i];
        } else if (!strcmp(a, "--web")) {
            web = "8081"; /* Flink's rest.port */
            if (has_next && argv[i + 1][0] >= '0' && argv[i + 1][0] <= '9') web = argv[++i];
        } else if (!strcmp(a, "-i") || !strcmp(a, "--init")) {
            if (!has_next) return bad_usage("%s needs a file name.", a);
            inits[ninits++] = argv[++i];
        } else if ((check || verify) && a[0] != '-') {
            check_files[nchecks++] = argv[i];
        } else {
            rc = bad_usage("unknown option or argument '%s'.", a);
            goto done;
        }
    }
    if (verify) {
        if (check || rewrite || flink) rc = bad_usage("%s cannot be combined with --check or --rewrite.", "--verify");
        else if (nchecks == 0) rc = bad_usage("%s needs at least one SQL file.", "--verify");
        else if (file || exec || ninits) rc = bad_usage("%s cannot be combined with -f, -e or -i.", "--verify");
        else rc = eddy__shell_verify(check_files, nchecks);
        goto done;
    }
    if (check) {
        if (nchecks == 0) {
            rc = bad_usage("%s needs at least one .q file.", "--check");
        } else if (file || exec || ninits) {
            rc = bad_usage("%s cannot be combined with -f, -e or -i.", "--check");
        } else if (rewrite && flink) {
            rc = bad_usage("%s cannot be combined with --flink (Flink's scripts are not ours to rewrite).", "--rewrite");
        } else {
            rc = eddy__shell_check(check_files, nchecks, rewrite, flink);
        }
        goto done;
    }
    if (rewrite || flink) {
        rc = bad_usage("%s works with --check only.", rewrite ? "--rewrite" : "--flink");
        goto done;
    }
    if (file && exec) {
        rc = bad_usage("%s: give either -f or -e, not both.", "-f/-e");
        goto done;
    }
    bool tty = isatty(STDIN_FILENO);
    bool interactive = !file && !exec && tty;
    bool script = file || exec;
    ShellOptions opts = {.out = stdout, .interactive = interactive, .cancel_on_sigint = script};
    if (interactive || script) eddy__shell_sigint_install(true);
    Shell *sh = eddy__shell_new(&opts);
    if (!sh) {
        fputs("eddy: could not create the environment\n", stderr);
        rc = 1;
        goto done;
    }
    if (web && !eddy__shell_serve_web(sh, web)) rc = 1;
    for (int k = 0; k < ninits && rc == 0; k++) {
        size_t len;
        char *text = read_or_complain(inits[k], &len);
        if (!text) {
            rc = 1;
            break;
        }
        /* an init file prints nothing unless it fails */
        char *said = NULL;
        size_t said_len = 0;
        FILE *quiet = open_memstream(&said, &said_len);
        FILE *was = eddy__shell_set_output(sh, quiet ? quiet : stdout, true);
        bool ok = eddy__shell_run_script(sh, text, len, SCRIPT_INIT);
        eddy__shell_set_output(sh, was, false);
        if (quiet) fclose(quiet);
        if (!ok) {
            fwrite(said, 1, said_len, stdout);
            fprintf(stderr, "eddy: the init file %s failed; see the error above.\n", inits[k]);
            rc = 1;
        }
        free(said);
        free(text);
    }
    if (rc == 0) {
        if (file) {
            size_t len;
            char *text = read_or_complain(file, &len);
            if (!text) {
                rc = 1;
            } else {
                printf("[INFO] Executing SQL from file.\n\n");
                rc = eddy__shell_run_script(sh, text, len, SCRIPT_FILE) ? 0 : 1;
                free(text);
            }
        } else if (exec) {
            rc = eddy__shell_run_script(sh, exec, strlen(exec), SCRIPT_FILE) ? 0 : 1;
        } else if (interactive) {
            rc = eddy__shell_interactive(sh);
        } else {
            /* SQL piped into stdin: every statement runs */
            StrBuf in = {0};
            char chunk[8192];
            size_t n;
            while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) eddy__shell_sb_put(&in, chunk, n);
            rc = eddy__shell_run_script(sh, in.s ? in.s : "", in.len, SCRIPT_ALL) ? 0 : 1;
            eddy__shell_sb_free(&in);
        }
    }
    /* waits for the INSERT jobs (Ctrl-C in a script cancels them) */
    if (eddy__shell_free(sh) && script) rc = 130;
done:
    free(inits);
    free(check_files);
    return rc;
}
