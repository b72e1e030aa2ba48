/*
 * test_fs_commit.c -- the filesystem connector's commit protocol under
 * faults (src/connectors/fs_commit.h). A partitioned table with known
 * contents takes an INSERT INTO and an INSERT OVERWRITE that write two
 * subtasks' files into old and new partitions. For every step N of the
 * statement (every mkdir, file creation, fsync, record write, rename,
 * unlink, rmdir), a forked child runs it and dies at step N; the parent
 * then reads the table -- which completes or rolls back what the child left
 * -- and its rows must be exactly the old contents or exactly the new ones,
 * never a mix, never a row twice, with no staging or record left behind.
 * One of those crashes is crashed again at every step of its recovery.
 * The same statements run in-process with step N failing (EIO): the error
 * leaves the table old (and a retry gives exactly the new rows) or, once
 * the commit is recorded, the next access completes it.
 */
#include <sys/wait.h>

#include "connectors/fs_commit.h"
#include "../api/fs_check.h"

static char table[4096], snapshot[4096];

/* The directory of the test: on tmpfs when there is one (fsync is free
 * there; the protocol's steps are the same). */
static char *test_dir(void) {
    char shm[] = "/dev/shm/eddy-fsc-XXXXXX";
    char *d = mkdtemp(shm);
    return d ? strdup(d) : tmpdir();
}

/* Partitions a, b and c, c with two files. */
static void reset_table(const char *dir) {
    rmtree(dir);
    write_file(dir, "p=a/old-0.csv", "1\n2\n");
    write_file(dir, "p=b/old-0.csv", "3\n");
    write_file(dir, "p=c/old-0.csv", "4\n");
    write_file(dir, "p=c/old-1.csv", "5\n");
}

static const char *OLD_ROWS = "+I[1, a]\n+I[2, a]\n+I[3, b]\n+I[4, c]\n+I[5, c]\n";
/* The statement's 36 rows, from two source subtasks into partitions b to j
 * (b and c are old ones): i = 10..45 into partition "bcdefghij"[i % 9]. */
static const char *NEW_ROWS = "+I[10, c]\n+I[11, d]\n+I[12, e]\n+I[13, f]\n+I[14, g]\n+I[15, h]\n+I[16, i]\n+I[17, j]\n"
                              "+I[18, b]\n+I[19, c]\n+I[20, d]\n+I[21, e]\n+I[22, f]\n+I[23, g]\n+I[24, h]\n+I[25, i]\n"
                              "+I[26, j]\n+I[27, b]\n+I[28, c]\n+I[29, d]\n+I[30, e]\n+I[31, f]\n+I[32, g]\n+I[33, h]\n"
                              "+I[34, i]\n+I[35, j]\n+I[36, b]\n+I[37, c]\n+I[38, d]\n+I[39, e]\n+I[40, f]\n+I[41, g]\n"
                              "+I[42, h]\n+I[43, i]\n+I[44, j]\n+I[45, b]\n";
static const char *SELECT = "SELECT i, SUBSTR('bcdefghij', MOD(i, 9) + 1, 1) FROM gen";

/* A batch env of parallelism 2 with table t over `table` and the source gen. */
static eddy_tenv *open_env(eddy_env **env) {
    *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new_in_mode(*env, EDDY_BATCH);
    char ddl[8192];
    if (snprintf(ddl, sizeof ddl,
             "CREATE TABLE t (i INT, p STRING) PARTITIONED BY (p) WITH ('connector' = 'filesystem', 'path' = '%s', "
             "'format' = 'csv')",
             table) < 0) abort();
    free(run(t, ddl));
    free(run(t, "CREATE TABLE gen (i INT) WITH ('connector' = 'datagen', 'fields.i.kind' = 'sequence', "
                "'fields.i.start' = '10', 'fields.i.end' = '45', 'rows-per-second' = '1000000')"));
    return t;
}

static char *read_rows(eddy_tenv *t) { return sorted_lines(rows(t, "SELECT i, p FROM t")); }

static char *joined(const char *a, const char *b) {
    char *s = malloc(strlen(a) + strlen(b) + 1);
    sprintf(s, "%s%s", a, b);
    return sorted_lines(s);
}

/* True when the table directory holds a name of the protocol (.staging_,
 * .commit_) -- what recovery must have removed. */
static bool has_protocol_names(const char *dir, const char *prefix) {
    char *all = tree(dir, true, false);
    bool found = strstr(all, prefix) != NULL;
    free(all);
    return found;
}

/* Copies a tree of directories and regular files. */
static void copy_tree(const char *from, const char *to) {
    struct stat st;
    if (lstat(from, &st) != 0) return;
    if (S_ISDIR(st.st_mode)) {
        mkdir(to, 0777);
        DIR *d = opendir(from);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char a[4096], b[4096];
            if (snprintf(a, sizeof a, "%s/%s", from, e->d_name) < 0) abort();
            if (snprintf(b, sizeof b, "%s/%s", to, e->d_name) < 0) abort();
            copy_tree(a, b);
        }
        if (d) closedir(d);
        return;
    }
    char *c = read_all(from);
    FILE *f = fopen(to, "w");
    fputs(c, f);
    fclose(f);
    free(c);
}

/* Runs stmt in a child whose step `step` ends it. Returns the child's exit
 * status: FS_FAULT_EXIT_STATUS (it died there), 0 (it finished and the
 * fault never fired), 2 (it finished and the fault fired on a step whose
 * failure is ignored), 1 (the statement failed). */
static int run_in_child(eddy_tenv *t, const char *stmt, uint64_t step) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        eddy__fs_fault_set(step, FS_FAULT_EXIT);
        char *r = strncmp(stmt, "SELECT", 6) ? run(t, stmt) : rows(t, stmt);
        bool unfired = eddy__fs_fault_set(0, FS_FAULT_NONE);
        _exit(strstr(r, "ERROR") ? 1 : unfired ? 0 : 2);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

typedef struct Tally {
    int kills, old, fresh, recorded, recovery_kills;
} Tally;

/* Reads the table (recovering it) and checks it is exactly old or new and
 * clean; counts which. False (after reporting) when it is neither. */
static bool check_table(eddy_tenv *t, const char *want_old, const char *want_new, Tally *tally, const char *what,
                        uint64_t n, uint64_t m) {
    char *got = read_rows(t);
    bool old = !strcmp(got, want_old), fresh = !strcmp(got, want_new);
    bool clean = !has_protocol_names(table, ".staging_") && !has_protocol_names(table, ".commit_");
    if (!(old || fresh) || !clean)
        fprintf(stderr, "%s: after a kill at step %llu (recovery killed at %llu): %s\n%s", what, (unsigned long long)n,
                (unsigned long long)m, clean ? "rows neither old nor new:" : "left-overs after recovery; rows:", got);
    free(got);
    tally->old += old;
    tally->fresh += fresh;
    return (old || fresh) && clean;
}

/* Kills the statement at every step; for one of the kills that leave a
 * commit record (the 13th: some files moved, some not), kills the recovery
 * (a read) at every step too. */
static void kill_everywhere(const char *stmt, const char *want_new, Tally *tally) {
    eddy_env *env;
    eddy_tenv *t = open_env(&env);
    int with_record = 0;
    for (uint64_t n = 1;; n++) {
        reset_table(table);
        int rc = run_in_child(t, stmt, n);
        if (rc != FS_FAULT_EXIT_STATUS && rc != 0 && rc != 2) {
            TEST_FAIL_HERE();
            fprintf(stderr, "%s: the child ended with status %d at step %llu\n", stmt, rc, (unsigned long long)n);
            break;
        }
        tally->kills += rc == FS_FAULT_EXIT_STATUS;
        if (rc == FS_FAULT_EXIT_STATUS && has_protocol_names(table, ".commit_")) {
            tally->recorded++;
            if (with_record++ == 12) {
                /* crash the recovery too, at each of its steps */
                rmtree(snapshot);
                copy_tree(table, snapshot);
                for (uint64_t m = 1;; m++) {
                    rmtree(table);
                    copy_tree(snapshot, table);
                    int rc2 = run_in_child(t, "SELECT i, p FROM t", m);
                    if (!check_table(t, OLD_ROWS, want_new, tally, stmt, n, m)) {
                        TEST_FAIL_HERE();
                        eddy_env_free(env);
                        return;
                    }
                    if (rc2 != FS_FAULT_EXIT_STATUS) break;
                    tally->recovery_kills++;
                }
                rmtree(table);
                copy_tree(snapshot, table);
            }
        }
        if (!check_table(t, OLD_ROWS, want_new, tally, stmt, n, 0)) {
            TEST_FAIL_HERE();
            break;
        }
        if (rc == 0) break; /* past the last step */
    }
    eddy_env_free(env);
}

/* The two statements and the table each leaves (set by main). */
static char into[256], over[256];
static char *into_new, *over_new;

TEST(a_kill_at_any_step_leaves_old_or_new) {
    Tally ti = {0}, to = {0};
    kill_everywhere(into, into_new, &ti);
    kill_everywhere(over, over_new, &to);
    if (getenv("EDDY_TEST_VERBOSE"))
        fprintf(stderr,
                "INSERT INTO: %d kills (%d left a record), %d recovery kills; "
                "INSERT OVERWRITE: %d kills (%d left a record), %d recovery kills\n",
                ti.kills, ti.recorded, ti.recovery_kills, to.kills, to.recorded, to.recovery_kills);
    /* at least 200 kill points of the statements, on both sides of the commit
     * record, and more in the recoveries */
    ASSERT_TRUE(ti.kills + to.kills >= 200);
    ASSERT_TRUE(ti.recorded > 0 && to.recorded > 0 && ti.recovery_kills > 0 && to.recovery_kills > 0);
    ASSERT_TRUE(ti.old > 0 && ti.fresh > 0 && to.old > 0 && to.fresh > 0);
}

/* Step n fails (EIO), for n = first, first + 2, ...: the statement fails and
 * leaves the table old -- a retry then gives exactly the new rows -- or it is
 * recorded and the next access completes it. */
static void fail_everywhere(const char *stmt, const char *want_new, uint64_t first, int *failures) {
    eddy_env *env;
    eddy_tenv *t = open_env(&env);
    for (uint64_t n = first;; n += 2) {
        reset_table(table);
        eddy__fs_fault_set(n, FS_FAULT_FAIL);
        char *r = run(t, stmt);
        bool unfired = eddy__fs_fault_set(0, FS_FAULT_NONE);
        bool failed = strcmp(r, "OK") != 0;
        bool pending = strstr(r, "the next job that reads or writes the table completes it") != NULL;
        char *got = read_rows(t);
        bool ok = !strcmp(got, pending || !failed ? want_new : OLD_ROWS) && !has_protocol_names(table, ".staging_") &&
                  !has_protocol_names(table, ".commit_");
        if (ok && failed && !pending) {
            /* the retry adds each row once */
            free(run(t, stmt));
            free(got);
            got = read_rows(t);
            ok = !strcmp(got, want_new);
        }
        if (!ok) {
            TEST_FAIL_HERE();
            fprintf(stderr, "%s: step %llu failing gave %s and the rows\n%s", stmt, (unsigned long long)n, r, got);
        }
        *failures += failed;
        free(r);
        free(got);
        if (!ok || unfired) break;
    }
    eddy_env_free(env);
}

TEST(a_failing_step_fails_cleanly_and_a_retry_adds_once) {
    int failures = 0;
    /* every other step: the odd ones of one statement, the even ones of the other */
    fail_everywhere(into, into_new, 1, &failures);
    fail_everywhere(over, over_new, 2, &failures);
    ASSERT_TRUE(failures > 50);
}

int main(void) {
    char *dir = test_dir();
    if (snprintf(table, sizeof table, "%s/t", dir) < 0) abort();
    if (snprintf(snapshot, sizeof snapshot, "%s/snapshot", dir) < 0) abort();
    if (snprintf(into, sizeof into, "INSERT INTO t %s", SELECT) < 0) abort();
    if (snprintf(over, sizeof over, "INSERT OVERWRITE t %s", SELECT) < 0) abort();
    into_new = joined(OLD_ROWS, NEW_ROWS);
    over_new = joined("+I[1, a]\n+I[2, a]\n", NEW_ROWS); /* a stays, b and c replaced */
    RUN(a_kill_at_any_step_leaves_old_or_new);
    RUN(a_failing_step_fails_cleanly_and_a_retry_adds_once);
    rmtree(dir);
    free(dir);
    free(into_new);
    free(over_new);
    return test_report();
}
