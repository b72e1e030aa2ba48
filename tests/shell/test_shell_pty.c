/*
 * test_shell_pty.c -- drives the interactive eddy shell in a pseudo-terminal
 * as a person would: types a multi-line statement and reads the result
 * table, presses Ctrl-C on an unbounded query and gets the prompt back,
 * presses Ctrl-C on an INSERT waited for under table.dml-sync (and then
 * types a statement that must run: the Ctrl-C must not be taken for one at
 * the prompt) after its progress line showed, stops a running INSERT with
 * STOP JOB, presses Ctrl-C on a half-typed line, recalls a statement with the up
 * arrow, and quits. The history file lands in a temporary HOME.
 *
 * Usage: test_shell_pty PATH_TO_EDDY
 */
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int master = -1;
static pid_t child;
static char seen[1 << 20]; /* everything the shell printed */
static size_t seen_len, mark; /* expectations search from mark on */
static int failures;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads what the shell printed for up to `wait` seconds (stops early when
 * `until` appears after mark). Returns whether `until` was seen. */
static bool pump(const char *until, double wait) {
    double end = now() + wait;
    for (;;) {
        if (until) {
            char *hit = memmem(seen + mark, seen_len - mark, until, strlen(until));
            if (hit) {
                mark = (size_t)(hit - seen) + strlen(until);
                return true;
            }
        }
        double left = end - now();
        if (left <= 0) return false;
        struct pollfd p = {master, POLLIN, 0};
        int r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        ssize_t n = read(master, seen + seen_len, sizeof seen - 1 - seen_len);
        if (n <= 0) return false; /* the shell is gone */
        seen_len += (size_t)n;
        seen[seen_len] = 0;
    }
}

static void expect(const char *what, const char *text, double wait) {
    if (pump(text, wait)) {
        printf("ok   %s\n", what);
        return;
    }
    failures++;
    printf("FAIL %s: did not see \"%s\" within %.0f s. The shell printed since the last match:\n%s\n", what, text,
           wait, seen + mark);
}

static void type(const char *keys) {
    size_t n = strlen(keys);
    while (n) {
        ssize_t w = write(master, keys, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        keys += w;
        n -= (size_t)w;
    }
    usleep(50 * 1000); /* let the line editor take the keys in order */
}

static int count(const char *text, size_t from) {
    int n = 0;
    for (char *p = seen + from; (p = memmem(p, seen_len - (size_t)(p - seen), text, strlen(text))); p++) n++;
    return n;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH_TO_EDDY\n", argv[0]);
        return 2;
    }
    char home[] = "/tmp/eddy-pty-XXXXXX";
    if (!mkdtemp(home)) {
        perror("mkdtemp");
        return 2;
    }
    struct winsize ws = {.ws_row = 40, .ws_col = 160};
    child = forkpty(&master, NULL, NULL, &ws);
    if (child < 0) {
        perror("forkpty");
        return 2;
    }
    if (child == 0) {
        setenv("HOME", home, 1);
        setenv("TERM", "xterm", 1);
        execl(argv[1], argv[1], (char *)NULL);
        perror("exec");
        _exit(127);
    }

    expect("welcome and prompt", "Flink SQL> ", 20);

    /* a multi-line statement: the continuation prompt, then the result */
    type("CREATE TABLE gen (id INT) WITH ('connector' = 'datagen',\r");
    expect("continuation prompt", "> ", 10);
    type("  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3');\r");
    expect("CREATE TABLE succeeds", "[INFO] Execute statement succeeded.", 20);
    type("SELECT id,\r  id * 10 AS ten\rFROM gen;\r");
    expect("result header", "| op |          id |         ten |", 30);
    expect("first row", "| +I |           1 |          10 |", 30);
    expect("last row", "| +I |           3 |          30 |", 30);
    expect("footer", "Received a total of 3 rows", 30);
    expect("prompt after the query", "Flink SQL> ", 10);

    /* Ctrl-C on an unbounded query cancels it and gives the prompt back */
    type("CREATE TABLE endless (x BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '20');\r");
    expect("unbounded table created", "[INFO] Execute statement succeeded.", 20);
    type("SELECT x FROM endless;\r");
    expect("streaming rows arrive", "| +I |", 30);
    usleep(300 * 1000);
    type("\x03");
    expect("Ctrl-C stops the query", "Query terminated, received a total of ", 20);
    expect("prompt after Ctrl-C", "Flink SQL> ", 10);

    /* Ctrl-C on an INSERT waited for under table.dml-sync cancels its job */
    type("SET 'table.dml-sync' = 'true';\r");
    expect("dml-sync on", "[INFO] Execute statement succeeded.", 10);
    type("CREATE TABLE nowhere (x BIGINT) WITH ('connector' = 'blackhole');\r");
    expect("sink created", "[INFO] Execute statement succeeded.", 10);
    type("INSERT INTO nowhere SELECT x FROM endless;\r");
    /* a statement running longer than a second draws its progress line */
    expect("progress line of the INSERT", "[rows in ", 20);
    expect("progress line's rate", " rows/s, ", 5);
    type("\x03");
    expect("Ctrl-C cancels the INSERT", "[ERROR] Could not execute SQL statement. Reason:", 20);
    expect("the reason", "The job was cancelled.", 5);
    expect("prompt after the cancelled INSERT", "Flink SQL> ", 10);

    /* STOP JOB on a running INSERT cancels it; SHOW JOBS then says so */
    type("SET 'table.dml-sync' = 'false';\r");
    expect("dml-sync off", "[INFO] Execute statement succeeded.", 10);
    type("INSERT INTO nowhere SELECT x FROM endless;\r");
    expect("INSERT submitted", "Job ID: ", 20);
    char job_id[33] = "";
    pump("\n", 5);
    if (mark >= 34) memcpy(job_id, seen + mark - 34, 32); /* "<id>\r\n" */
    char stmt[128];
    snprintf(stmt, sizeof stmt, "DESCRIBE JOB '%s';\r", job_id);
    type(stmt);
    expect("the job runs", "RUNNING", 20);
    snprintf(stmt, sizeof stmt, "DESCRIBE JOB '%s' EXTENDED;\r", job_id);
    type(stmt);
    expect("DESCRIBE JOB EXTENDED's columns", "| restarts | restored from | checkpoints | failed checkpoints |", 20);
    expect("no checkpoints, no restarts", "|        0 |             - |           0 |                  0 |", 20);
    type("DESCRIBE JOB 'x' EXTRA;\r");
    expect("DESCRIBE JOB's bad word", "DESCRIBE JOB takes a job id and optionally EXTENDED, not 'EXTRA'.", 20);
    snprintf(stmt, sizeof stmt, "STOP JOB '%s';\r", job_id);
    type(stmt);
    expect("STOP JOB succeeds", "[INFO] Execute statement succeeded.", 20);
    snprintf(stmt, sizeof stmt, "DESCRIBE JOB '%s';\r", job_id);
    type(stmt);
    expect("the stopped job is CANCELED", "CANCELED", 20);
    expect("prompt after STOP JOB", "Flink SQL> ", 10);

    /* Ctrl-C at the prompt drops the half-typed line; the shell lives on */
    type("SELECT this is not sql");
    type("\x03");
    size_t before = seen_len;
    type("SHOW TABLES;\r");
    expect("SHOW TABLES after Ctrl-C at the prompt", "| table name |", 20);
    expect("tables listed", "3 rows in set", 20);
    if (count("[ERROR]", before) != 0) {
        failures++;
        printf("FAIL the half-typed line was not dropped:\n%s\n", seen + before);
    }

    /* arrow up recalls the last statement */
    before = seen_len;
    type("\x1b[A");
    type("\r");
    expect("recalled statement runs again", "3 rows in set", 20);
    if (count("| table name |", before) != 1) {
        failures++;
        printf("FAIL history recall did not rerun SHOW TABLES:\n%s\n", seen + before);
    }

    /* STOP JOB '<id>' WITH SAVEPOINT: Flink's one-column table of the
     * savepoint's path, in Flink's layout; the job ends FINISHED */
    char spdir[] = "/tmp/eddy-pty-sp-XXXXXX";
    if (!mkdtemp(spdir)) abort();
    char line[256];
    snprintf(line, sizeof line, "SET 'table.dml-sync' = 'false';\rSET 'state.savepoints.dir' = '%s';\r", spdir);
    type(line);
    type("INSERT INTO nowhere SELECT x FROM endless;\r");
    expect("INSERT submitted", "Job ID: ", 20);
    pump("\n", 5);
    char id[33] = {0};
    memcpy(id, seen + mark - 34 > seen ? seen + mark - 34 : seen, 32);
    for (int i = 0; i < 32; i++)
        if (!strchr("0123456789abcdef", id[i])) id[0] = 0;
    if (!id[0]) {
        failures++;
        printf("FAIL no job id after \"Job ID: \"\n");
    }
    snprintf(line, sizeof line, "STOP JOB '%s' WITH SAVEPOINT;\r", id);
    type(line);
    expect("savepoint path header", " savepoint path |", 30);
    char want[256];
    snprintf(want, sizeof want, "| file:%s/savepoint-%.6s-", spdir, id);
    expect("savepoint path row", want, 5);
    expect("one row", "1 row in set", 5);
    type("SHOW JOBS;\r");
    expect("the stopped job is FINISHED", "| FINISHED |", 20);
    snprintf(line, sizeof line, "rm -rf %s", spdir);
    if (system(line) != 0) printf("could not remove %s\n", spdir);

    type("QUIT;\r");
    expect("quit message", "[INFO] Exiting eddy shell...", 10);
    pump(NULL, 1);
    int status = 0;
    pid_t w = 0;
    for (int i = 0; i < 100 && (w = waitpid(child, &status, WNOHANG)) == 0; i++) usleep(100 * 1000);
    if (w != child) {
        failures++;
        printf("FAIL the shell did not exit after QUIT\n");
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        failures++;
        printf("FAIL the shell exited with status %d\n", status);
    } else {
        printf("ok   the shell exited with status 0\n");
    }

    char path[256];
    snprintf(path, sizeof path, "%s/.eddy_history", home);
    FILE *f = fopen(path, "r");
    char hist[8192] = "";
    size_t hn = f ? fread(hist, 1, sizeof hist - 1, f) : 0;
    hist[hn] = 0;
    if (f) fclose(f);
    if (!strstr(hist, "SHOW") || !strstr(hist, "endless")) {
        failures++;
        printf("FAIL the history file %s does not hold the statements:\n%s\n", path, hist);
    } else {
        printf("ok   history saved in ~/.eddy_history\n");
    }
    unlink(path);
    rmdir(home);
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
