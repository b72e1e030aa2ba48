/*
 * test_print_time_cost.c -- eddy_print_options.time_cost_since_ns (the SQL
 * client's sql-client.display.print-time-cost): the footer line of a
 * printed query ends with " (S.SS seconds)", the time since the given
 * start; without it, and for callers of abi_version 1, it does not.
 */
#include <string.h>
#include <time.h>

#include "check.h"

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* What print_with writes for sql with the given options. */
static char *printed(eddy_tenv *t, const char *sql, const eddy_print_options *o) {
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    if (!r) return NULL;
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    eddy_status st = eddy_result_print_with(r, f, o);
    fclose(f);
    if (st != EDDY_OK) {
        free(out);
        return NULL;
    }
    return out;
}

/* The last line of text (without its '\n'). */
static const char *last_line(char *text) {
    size_t n = strlen(text);
    if (n && text[n - 1] == '\n') text[--n] = 0;
    char *nl = strrchr(text, '\n');
    return nl ? nl + 1 : text;
}

/* Whether s is prefix followed by " (D.DD seconds)" (any number of digits before the point). */
static bool timed(const char *s, const char *prefix) {
    size_t pl = strlen(prefix);
    if (strncmp(s, prefix, pl)) return false;
    s += pl;
    if (strncmp(s, " (", 2)) return false;
    s += 2;
    const char *d = s;
    while (*s >= '0' && *s <= '9') s++;
    if (s == d || *s++ != '.') return false;
    if (!(s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9')) return false;
    return !strcmp(s + 2, " seconds)");
}

TEST(footers_get_the_time_since_the_start) {
    eddy_config cfg = {EDDY_CONFIG_VERSION, 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    /* streaming: "Received a total of N rows" */
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_CLIENT,
                            .time_cost_since_ns = now_ns()};
    char *out = printed(t, "SELECT * FROM (VALUES (1), (2)) AS v(x)", &o);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(timed(last_line(out), "Received a total of 2 rows"));
    free(out);
    /* batch: "N rows in set", "Empty set" */
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.runtime-mode", "batch"), EDDY_OK);
    o.time_cost_since_ns = now_ns();
    out = printed(t, "SELECT * FROM (VALUES (1)) AS v(x)", &o);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(timed(last_line(out), "1 row in set"));
    free(out);
    o.time_cost_since_ns = now_ns();
    out = printed(t, "SELECT * FROM (VALUES (1)) AS v(x) WHERE x > 1", &o);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(timed(last_line(out), "Empty set"));
    free(out);
    /* no start given: no time */
    o.time_cost_since_ns = 0;
    out = printed(t, "SELECT * FROM (VALUES (1)) AS v(x)", &o);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(!strcmp(last_line(out), "1 row in set"));
    free(out);
    eddy_env_free(env);
}

/* A caller built against abi_version 1 (no time_cost_since_ns field) still prints. */
typedef struct PrintOptionsV1 {
    uint32_t abi_version;
    eddy_print_style style;
    int max_column_width;
    const eddy_interrupt_flag *interrupt;
} PrintOptionsV1;

TEST(abi_version_1_is_still_taken) {
    eddy_config cfg = {EDDY_CONFIG_VERSION, 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "execution.runtime-mode", "batch"), EDDY_OK);
    PrintOptionsV1 v1 = {1, EDDY_PRINT_CLIENT, 0, NULL};
    char *out = printed(t, "SELECT * FROM (VALUES (1)) AS v(x)", (const eddy_print_options *)&v1);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(!strcmp(last_line(out), "1 row in set"));
    free(out);
    eddy_print_options bad = {.abi_version = 99, .style = EDDY_PRINT_CLIENT};
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT 1");
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_print_with(r, stdout, &bad), EDDY_E_MISUSE);
    ASSERT_TRUE(strstr(eddy_env_errmsg(env), "unknown abi_version 99") != NULL);
    eddy_result_free(r);
    eddy_env_free(env);
}

/* A caller built against abi_version 2 (no no_op_column field). */
typedef struct PrintOptionsV2 {
    uint32_t abi_version;
    eddy_print_style style;
    int max_column_width;
    const eddy_interrupt_flag *interrupt;
    int64_t time_cost_since_ns;
} PrintOptionsV2;

/* EDDY_PRINT_GATEWAY: every row at the end, widths from the content, the op
 * column of a streaming query unless no_op_column (abi_version 3) says not,
 * NULL as an empty cell. */
TEST(gateway_style_and_its_op_column) {
    eddy_config cfg = {EDDY_CONFIG_VERSION, 1};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_tenv *t = eddy_tenv_new(env);
    const char *q = "SELECT * FROM (VALUES (1, CAST(NULL AS STRING)), (22, 'ab')) AS v(x, s)";
    eddy_print_options o = {.abi_version = EDDY_PRINT_OPTIONS_VERSION, .style = EDDY_PRINT_GATEWAY};
    char *out = printed(t, q, &o);
    ASSERT_TRUE(out != NULL);
    ASSERT_STR_EQ(out, "+----+----+----+\n| op |  x |  s |\n+----+----+----+\n| +I |  1 |    |\n| +I | 22 | ab |\n"
                       "+----+----+----+\n2 rows in set\n");
    free(out);
    o.no_op_column = true;
    out = printed(t, q, &o);
    ASSERT_TRUE(out != NULL);
    ASSERT_STR_EQ(out, "+----+----+\n|  x |  s |\n+----+----+\n|  1 |    |\n| 22 | ab |\n+----+----+\n2 rows in set\n");
    free(out);
    PrintOptionsV2 v2 = {2, EDDY_PRINT_GATEWAY, 0, NULL, 0};
    out = printed(t, q, (const eddy_print_options *)&v2);
    ASSERT_TRUE(out != NULL);
    ASSERT_TRUE(strstr(out, "| op |") != NULL);
    free(out);
    eddy_env_free(env);
}

int main(void) {
    RUN(footers_get_the_time_since_the_start);
    RUN(abi_version_1_is_still_taken);
    RUN(gateway_style_and_its_op_column);
    return test_report();
}
