/*
 * test_format_input.c -- what the file formats make of awkward input, seen
 * through SQL over the filesystem connector: a huge malformed record is
 * quoted cut (Jackson's limits) in the job's error and in the report of
 * ignored records, bytes that are not UTF-8 make a csv / json record
 * malformed (skipped and counted when parse errors are ignored) and become
 * U+FFFD in the raw format, and a UTF-8 byte order mark at the start of a
 * csv file or of a json line is skipped.
 */
#include <sys/stat.h>

#include "check.h"

#define S_AND_LEN(lit) lit, sizeof(lit) - 1

typedef struct Dir {
    char path[64];
    char files[8][256];
    int nfiles;
} Dir;

/* Writes n bytes to <dir>/<table>/<name>, making the table's directory. */
static void put_file(Dir *d, const char *table, const char *name, const char *bytes, size_t n) {
    char p[128];
    snprintf(p, sizeof p, "%.63s/%.60s", d->path, table);
    mkdir(p, 0777);
    char file[sizeof d->files[0]];
    snprintf(file, sizeof file, "%.127s/%.100s", p, name);
    memcpy(d->files[d->nfiles++], file, sizeof d->files[0]);
    FILE *f = fopen(file, "wb");
    fwrite(bytes, 1, n, f);
    fclose(f);
}

static void remove_all(Dir *d, const char *const *tables) {
    for (int i = 0; i < d->nfiles; i++) unlink(d->files[i]);
    char p[256];
    for (; *tables; tables++) {
        snprintf(p, sizeof p, "%s/%s", d->path, *tables);
        rmdir(p);
    }
    rmdir(d->path);
}

static eddy_tenv *table_env(Dir *d) {
    snprintf(d->path, sizeof d->path, "/tmp/eddy-fmt-XXXXXX");
    d->nfiles = 0;
    if (!mkdtemp(d->path)) return NULL;
    return eddy_tenv_new_in_mode(new_env(1), EDDY_BATCH);
}

static char *create_table(eddy_tenv *t, Dir *d, const char *name, const char *cols, const char *opts) {
    char sql[1024];
    snprintf(sql, sizeof sql, "CREATE TABLE %s (%s) WITH ('connector' = 'filesystem', 'path' = '%s/%s', %s)", name,
             cols, d->path, name, opts);
    return exec_sql(t, sql);
}

/* Replaces the test's directory in s by "DIR". */
static void undir(const Dir *d, char *s) {
    size_t dl = strlen(d->path);
    for (char *p = strstr(s, d->path); p; p = strstr(p, d->path)) {
        memcpy(p, "DIR", 3);
        memmove(p + 3, p + dl, strlen(p + dl) + 1);
    }
}

/* The rows of SELECT * FROM name, or "ERROR: ..." with the directory as
 * DIR; *report (may be NULL) gets "<count>\n<report>". */
static char *select_all(eddy_tenv *t, Dir *d, const char *name, char **report) {
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT * FROM %s", name);
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, EDDY_PRINT_CHANGELOG, 0, NULL, 0};
    if (!r || eddy_result_print_with(r, f, &o) != EDDY_OK) print_env_error(f, eddy_tenv_env(t));
    fclose(f);
    if (report) {
        const char *rep = "";
        uint64_t n = eddy_result_malformed_records(r, &rep);
        *report = malloc(strlen(rep) + 32);
        sprintf(*report, "%llu\n%s", (unsigned long long)n, rep);
    }
    eddy_result_free(r);
    undir(d, text);
    if (report) undir(d, *report);
    return text;
}

#define BIG (2u << 20) /* a 2 MB record */

TEST(a_huge_malformed_record_is_quoted_cut) {
    Dir d;
    eddy_tenv *t = table_env(&d);
    ASSERT_TRUE(t != NULL);
    ASSERT_TEXT(create_table(t, &d, "j", "i INT, s STRING", "'format' = 'json'"), "OK\n");
    char *data = malloc(BIG + 64);
    size_t n = (size_t)sprintf(data, "{\"i\": 1}\n{\"s\": \"");
    memset(data + n, 'a', BIG);
    n += BIG;
    n += (size_t)sprintf(data + n, "\", \"i\": x}\n");
    put_file(&d, "j", "a.json", data, n);
    char want[1024];
    snprintf(want, sizeof want,
             "ERROR: DIR/j/a.json:2: Failed to deserialize JSON '{\"s\": \"%.*s'[truncated %u chars]: Unrecognized "
             "token 'x': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false') "
             "(column %u)",
             493, data + 16, BIG + 7 + 10 - 500, BIG + 7 + 9);
    ASSERT_TEXT(select_all(t, &d, "j", NULL), want);
    /* ignored: skipped, counted, and the report quotes it cut too */
    ASSERT_TEXT(create_table(t, &d, "c", "s STRING, i INT", "'format' = 'csv', 'csv.ignore-parse-errors' = 'true'"),
                "OK\n");
    n = (size_t)sprintf(data, "a,1\nb,");
    memset(data + n, '7', BIG);
    n += BIG;
    n += (size_t)sprintf(data + n, "\nc,3\n");
    put_file(&d, "c", "a.csv", data, n);
    char *report;
    ASSERT_TEXT(select_all(t, &d, "c", &report), "+I[a, 1]\n+I[b, null]\n+I[c, 3]\n");
    snprintf(want, sizeof want,
             "1\n1 malformed record in DIR/c/a.csv (1 with fields set to NULL); first at line 2: For "
             "input string: \"%.*s\"[truncated %u chars]\n",
             256, data + 6, BIG - 256);
    ASSERT_TEXT(report, want);
    free(data);
    eddy_env_free(eddy_tenv_env(t));
    remove_all(&d, (const char *[]){"j", "c", NULL});
}

TEST(utf8_and_byte_order_marks) {
    Dir d;
    eddy_tenv *t = table_env(&d);
    ASSERT_TRUE(t != NULL);
    /* csv: the byte order mark of the file is skipped; a record that is not
     * UTF-8 fails the job with file and line ... */
    ASSERT_TEXT(create_table(t, &d, "c", "s STRING, i INT", "'format' = 'csv'"), "OK\n");
    put_file(&d, "c", "a.csv", S_AND_LEN("\xef\xbb\xbf" "a,1\nb,2\n"));
    ASSERT_TEXT(select_all(t, &d, "c", NULL), "+I[a, 1]\n+I[b, 2]\n");
    ASSERT_TEXT(create_table(t, &d, "u", "s STRING, i INT", "'format' = 'csv'"), "OK\n");
    put_file(&d, "u", "b.csv", S_AND_LEN("x,1\ny\xe9,2\n"));
    ASSERT_TEXT(select_all(t, &d, "u", NULL),
                "ERROR: DIR/u/b.csv:2: Invalid UTF-8 middle byte 0x2c (column 3): check content encoding, does not "
                "look like UTF-8");
    /* ... or, with parse errors ignored, is skipped and counted */
    ASSERT_TEXT(create_table(t, &d, "g", "s STRING, i INT", "'format' = 'csv', 'csv.ignore-parse-errors' = 'true'"),
                "OK\n");
    put_file(&d, "g", "a.csv", S_AND_LEN("x,1\ny\xff,2\nz,3\n"));
    char *report;
    ASSERT_TEXT(select_all(t, &d, "g", &report), "+I[x, 1]\n+I[z, 3]\n");
    ASSERT_TEXT(report, "1\n1 malformed record in DIR/g/a.csv (1 skipped); first at line "
                        "2: Invalid UTF-8 start byte 0xff (column 2): check content encoding, does not look like "
                        "UTF-8\n");
    /* json: a line's byte order mark is skipped; bytes that are not UTF-8 */
    ASSERT_TEXT(create_table(t, &d, "j", "s STRING", "'format' = 'json'"), "OK\n");
    put_file(&d, "j", "a.json", S_AND_LEN("\xef\xbb\xbf{\"s\": \"a\"}\n{\"s\": \"b\xff\"}\n"));
    ASSERT_TEXT(select_all(t, &d, "j", NULL),
                "ERROR: DIR/j/a.json:2: Failed to deserialize JSON '{\"s\": \"b\xef\xbf\xbd\"}': Invalid UTF-8 start "
                "byte 0xff (column 9)");
    ASSERT_TEXT(create_table(t, &d, "k", "s STRING", "'format' = 'json', 'json.ignore-parse-errors' = 'true'"),
                "OK\n");
    put_file(&d, "k", "a.json", S_AND_LEN("\xef\xbb\xbf{\"s\": \"a\"}\n{\"s\": \"b\xff\"}\n"));
    ASSERT_TEXT(select_all(t, &d, "k", &report), "+I[a]\n");
    ASSERT_STR_CONTAINS(report, "1\n1 malformed record in DIR/k/a.json (1 skipped); first at line 2: Failed to");
    free(report);
    /* raw: as Java's new String(bytes, UTF_8) -- the mark is a character, the rest U+FFFD */
    ASSERT_TEXT(create_table(t, &d, "r", "line STRING", "'format' = 'raw'"), "OK\n");
    put_file(&d, "r", "a.txt", S_AND_LEN("\xef\xbb\xbfx\na\xff" "b\n"));
    ASSERT_TEXT(select_all(t, &d, "r", NULL), "+I[\xef\xbb\xbfx]\n+I[a\xef\xbf\xbd" "b]\n");
    eddy_env_free(eddy_tenv_env(t));
    remove_all(&d, (const char *[]){"c", "u", "g", "j", "k", "r", NULL});
}

int main(void) {
    RUN(a_huge_malformed_record_is_quoted_cut);
    RUN(utf8_and_byte_order_marks);
    return test_report();
}
