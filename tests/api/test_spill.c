/*
 * test_spill.c -- BATCH operators under a small memory budget
 * (taskmanager.memory.managed.size): a GROUP BY, joins and sorts over inputs
 * about ten times the budget finish with the same rows as with a large
 * budget. That they spilled shows two ways: with a temp folder (TMPDIR)
 * that does not exist the small-budget run fails naming it while the
 * large-budget one never touches it; with a real one the folder is empty
 * afterwards (spill files are removed).
 */
#include <dirent.h>
#include <unistd.h>

#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(const char *budget) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .mode = EDDY_BATCH};
    env = eddy_env_new(&cfg);
    ASSERT_EQ_INT(eddy_env_set_option(env, "taskmanager.memory.managed.size", budget), EDDY_OK);
    tenv = eddy_tenv_new(env);
    /* 60000 rows of (id, v): about 4 MB of groups and build rows */
    free(exec_sql(tenv, "CREATE TABLE big (id BIGINT, v BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = "
                        "'60000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = "
                        "'60000', 'fields.v.kind' = 'sequence', 'fields.v.start' = '1', 'fields.v.end' = '60000')"));
}

static const char *group_by2 = "SELECT COUNT(*), SUM(c), SUM(s), MIN(s), MAX(s) FROM (SELECT MOD(id, 30000) AS k, "
                               "COUNT(*) AS c, SUM(v) AS s, MAX(v) AS m FROM big GROUP BY MOD(id, 30000))";
static const char *distinct_agg = "SELECT COUNT(*), SUM(n) FROM (SELECT MOD(id, 20000) AS k, COUNT(DISTINCT v) AS n, "
                                  "LISTAGG(CAST(MOD(v, 7) AS STRING)) AS l FROM big GROUP BY MOD(id, 20000))";
static const char *join = "SELECT COUNT(*), SUM(a.v), SUM(b.v) FROM big a JOIN (SELECT id + 1 AS id2, v FROM big) b ON "
                          "a.id = b.id2";
static const char *outer = "SELECT COUNT(*), COUNT(b.v) FROM big a LEFT JOIN (SELECT * FROM big WHERE MOD(id, 3) = 0) b "
                           "ON a.id = b.id";
static const char *sorted = "SELECT id, v FROM (SELECT id, v FROM big ORDER BY v DESC) LIMIT 3";
static const char *sorted_all = "SELECT id FROM big ORDER BY MOD(id, 1000), id DESC OFFSET 59995 ROWS";
/* Top-N: the sort keeps each partition's first rows only; 40000 of them
 * are more than the small budget (the plain sort takes over and spills),
 * 1000 are not (the rows pushed out are compacted away as it goes) */
static const char *top2 = "SELECT COUNT(*), SUM(id), SUM(rn) FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY MOD(id, "
                          "20000) ORDER BY v DESC) AS rn FROM big) WHERE rn <= 2";
static const char *top1 = "SELECT COUNT(*), SUM(id), MIN(id) FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY MOD(id, "
                          "1000) ORDER BY v DESC) AS rn FROM big) WHERE rn = 1";

static char *run(const char *budget, const char *sql) {
    setup(budget);
    char *r = sql_query_lines(tenv, sql);
    eddy_env_free(env);
    return r;
}

static int files_in(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

TEST(same_rows_under_a_small_budget) {
    char dir[] = "/tmp/eddy-spill-test-XXXXXX";
    ASSERT_TRUE(mkdtemp(dir) != NULL);
    setenv("TMPDIR", dir, 1);
    const char *queries[] = {group_by2, distinct_agg, join, outer, sorted, sorted_all, top2, top1};
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        char *large = run("1 gb", queries[i]);
        char *small = run("400 kb", queries[i]);
        ASSERT_TRUE(strncmp(large, "ERROR", 5) != 0);
        ASSERT_TEXT(small, large); /* frees small */
        ASSERT_EQ_INT(files_in(dir), 0);
        free(large);
    }
    /* the expected values, computed by hand: ids 1..60000, v = id */
    ASSERT_TEXT(run("400 kb", group_by2), "+I[30000, 60000, 1800030000, 30002, 90000]\n");
    ASSERT_TEXT(run("400 kb", join), "+I[59999, 1800029999, 1799970000]\n");
    ASSERT_TEXT(run("400 kb", outer), "+I[60000, 20000]\n");
    ASSERT_TEXT(run("400 kb", sorted), "+I[60000, 60000]\n+I[59999, 59999]\n+I[59998, 59998]\n");
    ASSERT_TEXT(run("400 kb", sorted_all), "+I[4999]\n+I[3999]\n+I[2999]\n+I[1999]\n+I[999]\n");
    /* per id mod 20000 its two largest ids: all but the smallest (k, or 20000 for k = 0) */
    ASSERT_TEXT(run("400 kb", top2), "+I[40000, 1600020000, 60000]\n");
    ASSERT_TEXT(run("1 gb", top2), "+I[40000, 1600020000, 60000]\n");
    ASSERT_TEXT(run("400 kb", top1), "+I[1000, 59500500, 59001]\n");
    rmdir(dir);
}

TEST(spill_goes_to_the_temp_folder) {
    /* a temp folder that does not exist: only a run that spills notices */
    const char *dir = "/tmp/eddy-spill-test-missing/none";
    setenv("TMPDIR", dir, 1);
    char want[256];
    snprintf(want, sizeof want, "ERROR: Could not create a spill file in '%s' (the system temp folder, TMPDIR)", dir);
    const char *queries[] = {group_by2, distinct_agg, join, sorted_all, top2};
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        char *large = run("1 gb", queries[i]);
        ASSERT_TRUE(strncmp(large, "ERROR", 5) != 0);
        free(large);
        char *small = run("400 kb", queries[i]);
        ASSERT_TRUE(strncmp(small, want, strlen(want)) == 0);
        free(small);
    }
}

int main(void) {
    RUN(same_rows_under_a_small_budget);
    RUN(spill_goes_to_the_temp_folder);
    return test_report();
}
