/*
 * test_udf.c -- C scalar functions: registration, calls from SQL with
 * implicit casts and NULLs, failures inside the function, CREATE / DROP /
 * ALTER FUNCTION over registered implementations, SHOW FUNCTIONS, and calls
 * from parallel subtasks.
 */
#include <stdatomic.h>

#include "check.h"

/* count_char(s, c): how many times the first character of c occurs in s
 * (nexmark's q14 function). */
static eddy_status count_char(void *ctx, const eddy_row *args, eddy_out *result) {
    atomic_long *calls = ctx;
    if (calls) atomic_fetch_add(calls, 1);
    const char *s, *c;
    size_t n, m;
    if (eddy_row_get_string(args, 0, &s, &n) != EDDY_OK || eddy_row_get_string(args, 1, &c, &m) != EDDY_OK || m == 0)
        return EDDY_OK; /* a NULL argument: NULL */
    int64_t k = 0;
    for (size_t i = 0; i < n; i++) k += s[i] == c[0];
    return eddy_out_set_long(result, 0, k);
}

/* twice(x BIGINT) = 2x; fails on 13 */
static eddy_status twice(void *ctx, const eddy_row *args, eddy_out *result) {
    (void)ctx;
    int64_t x;
    if (eddy_row_get_long(args, 0, &x) != EDDY_OK) return EDDY_OK;
    if (x == 13) return eddy_out_error(result, "13 is unlucky");
    return eddy_out_set_long(result, 0, 2 * x);
}

/* never sets its result */
static eddy_status nothing(void *ctx, const eddy_row *args, eddy_out *result) {
    (void)ctx;
    (void)args;
    (void)result;
    return EDDY_OK;
}

static int freed;
static void count_free(void *ctx) {
    (void)ctx;
    freed++;
}

/* The rows of a statement as Row.toString lines, "OK", or "ERROR: <message>". */
static char *query(eddy_tenv *t, const char *sql) { return exec_sql(t, sql); }

static const eddy_scalar_function COUNT_CHAR = {EDDY_SCALAR_FUNCTION_VERSION, "STRING, STRING", "BIGINT", count_char,
                                                NULL, NULL, false};

TEST(calls_from_sql) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "count_char", &COUNT_CHAR), EDDY_OK);
    ASSERT_TEXT(query(t, "SELECT count_char('banana', 'a'), COUNT_CHAR(s, 'n') FROM (VALUES ('nan'), "
                         "(CAST(NULL AS STRING))) AS T(s)"),
                "+I[3, 2]\n+I[3, null]\n");
    /* the result type is the declared one */
    eddy_result *r = eddy_tenv_execute_sql(t, "SELECT count_char('a', 'a') AS n");
    ASSERT_STR_EQ(eddy_type_string(eddy_result_column_type(r, 0)), "BIGINT");
    eddy_result_free(r);
    /* implicit casts into the parameters; others are refused with the signature */
    eddy_scalar_function tw = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", twice, NULL, NULL, false};
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "twice", &tw), EDDY_OK);
    ASSERT_TEXT(query(t, "SELECT twice(CAST(21 AS TINYINT)), twice(a) FROM (VALUES (1), (2)) AS T(a)"),
                "+I[42, 2]\n+I[42, 4]\n");
    ASSERT_TEXT(query(t, "SELECT twice('x')"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 17: Invalid function call:\n"
                "twice(CHAR(1) NOT NULL)\n\nInvalid input arguments. Expected signatures are:\ntwice(BIGINT)");
    ASSERT_TEXT(query(t, "SELECT twice(1, 2)"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 18: Invalid function call:\n"
                "twice(INT NOT NULL, INT NOT NULL)\n\nInvalid input arguments. Expected signatures are:\ntwice(BIGINT)");
    /* a failing function fails the job with its message */
    char *got = query(t, "SELECT twice(a) FROM (VALUES (1), (13)) AS T(a)");
    ASSERT_STR_CONTAINS(got, "13 is unlucky");
    free(got);
    /* a NOT NULL result left unset */
    eddy_scalar_function nn = {EDDY_SCALAR_FUNCTION_VERSION, "", "INT NOT NULL", nothing, NULL, NULL, true};
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "nothing", &nn), EDDY_OK);
    got = query(t, "SELECT nothing() FROM (VALUES (1)) AS T(a)");
    ASSERT_STR_CONTAINS(got, "The function 'nothing' returned NULL, but its result type is INT NOT NULL.");
    free(got);
    /* a temporary system function shadows a built-in one */
    eddy_scalar_function up = {EDDY_SCALAR_FUNCTION_VERSION, "BIGINT", "BIGINT", twice, NULL, NULL, false};
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "UPPER", &up), EDDY_OK);
    ASSERT_TEXT(query(t, "SELECT upper(4)"), "+I[8]\n");
    ASSERT_TRUE(eddy_tenv_drop_function(t, "upper"));
    ASSERT_FALSE(eddy_tenv_drop_function(t, "upper"));
    ASSERT_TEXT(query(t, "SELECT upper('x')"), "+I[X]\n");
    eddy_env_free(env);
}

TEST(registration_errors) {
    freed = 0;
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "count_char", &COUNT_CHAR), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "COUNT_CHAR", &COUNT_CHAR), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "Could not register temporary system function. A function named 'COUNT_CHAR' does already exist.");
    eddy_scalar_function bad = {EDDY_SCALAR_FUNCTION_VERSION, "STRING, NOT_A_TYPE", "BIGINT", count_char, NULL,
                                count_free, false};
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "f", &bad), EDDY_E_PARSE);
    eddy_env_clear_error(env);
    bad.arg_types = "STRING";
    bad.eval = NULL;
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "f", &bad), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "eval is NULL");
    bad.abi_version = 99;
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "f", &bad), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "abi_version");
    ASSERT_EQ_INT(eddy_tenv_create_function(t, NULL, &COUNT_CHAR), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    eddy_env_free(env);
    /* ctx_free ran for both readable descriptions (when the call failed);
     * the one of abi_version 99 is not read */
    ASSERT_EQ_INT(freed, 2);
}

TEST(create_function_sql) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_EQ_INT(eddy_tenv_register_function_impl(t, "com.example.CountChar", &COUNT_CHAR), EDDY_OK);
    ASSERT_TEXT(query(t, "CREATE FUNCTION cc AS 'com.example.NoSuch'"),
                "ERROR: Function implementation 'com.example.NoSuch' is not registered: register it with "
                "eddy_tenv_register_function_impl before CREATE FUNCTION.");
    ASSERT_TEXT(query(t, "CREATE FUNCTION cc AS 'com.example.CountChar' LANGUAGE JAVA"),
                "ERROR: not supported yet: functions in LANGUAGE JAVA (eddy runs C functions registered with "
                "eddy_tenv_register_function_impl)");
    ASSERT_TEXT(query(t, "CREATE FUNCTION cc AS 'com.example.CountChar'"), "OK\n");
    ASSERT_TEXT(query(t, "CREATE FUNCTION cc AS 'com.example.CountChar'"),
                "ERROR: Function default_database.cc already exists in Catalog default_catalog.");
    ASSERT_TEXT(query(t, "CREATE FUNCTION IF NOT EXISTS cc AS 'com.example.CountChar'"), "OK\n");
    ASSERT_TEXT(query(t, "CREATE TEMPORARY FUNCTION tc AS 'com.example.CountChar' LANGUAGE C"), "OK\n");
    ASSERT_TEXT(query(t, "CREATE TEMPORARY SYSTEM FUNCTION sc AS 'com.example.CountChar'"), "OK\n");
    ASSERT_TEXT(query(t, "SELECT cc('aXa', 'a'), tc('bb', 'b'), SC('c', 'c')"), "+I[2, 2, 1]\n");
    ASSERT_TEXT(query(t, "SHOW USER FUNCTIONS"), "+I[cc]\n+I[sc]\n+I[tc]\n");
    char *all = query(t, "SHOW FUNCTIONS");
    ASSERT_STR_CONTAINS(all, "+I[cc]\n");
    ASSERT_STR_CONTAINS(all, "+I[upper]\n");
    free(all);
    /* without the core module SHOW FUNCTIONS lists the user's functions only; built-ins still resolve */
    ASSERT_TEXT(query(t, "UNLOAD MODULE core"), "OK\n");
    ASSERT_TEXT(query(t, "SHOW FUNCTIONS"), "+I[cc]\n+I[sc]\n+I[tc]\n");
    ASSERT_TEXT(query(t, "SELECT UPPER('x'), cc('aa', 'a')"), "+I[X, 2]\n");
    ASSERT_TEXT(query(t, "LOAD MODULE core"), "OK\n");
    all = query(t, "SHOW FUNCTIONS");
    ASSERT_STR_CONTAINS(all, "+I[upper]\n");
    free(all);
    /* functions live in the current database */
    ASSERT_TEXT(query(t, "CREATE DATABASE db2"), "OK\n");
    ASSERT_TEXT(query(t, "USE db2"), "OK\n");
    ASSERT_TEXT(query(t, "SELECT cc('a', 'a')"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 19: No match found for function "
                "signature cc(<CHARACTER>, <CHARACTER>)");
    ASSERT_TEXT(query(t, "SELECT sc('a', 'a')"), "+I[1]\n");
    ASSERT_TEXT(query(t, "USE default_database"), "OK\n");
    ASSERT_TEXT(query(t, "ALTER FUNCTION cc AS 'com.example.CountChar'"), "OK\n");
    ASSERT_TEXT(query(t, "ALTER FUNCTION nope AS 'com.example.CountChar'"),
                "ERROR: Function default_database.nope does not exist in Catalog default_catalog.");
    ASSERT_TEXT(query(t, "DROP FUNCTION cc"), "OK\n");
    ASSERT_TEXT(query(t, "DROP FUNCTION cc"),
                "ERROR: Function default_database.cc does not exist in Catalog default_catalog.");
    ASSERT_TEXT(query(t, "DROP FUNCTION IF EXISTS cc"), "OK\n");
    ASSERT_TEXT(query(t, "DROP TEMPORARY FUNCTION tc"), "OK\n");
    ASSERT_TEXT(query(t, "DROP TEMPORARY FUNCTION tc"),
                "ERROR: Temporary catalog function `default_catalog`.`default_database`.`tc` doesn't exist");
    ASSERT_TEXT(query(t, "DROP TEMPORARY SYSTEM FUNCTION sc"), "OK\n");
    ASSERT_TEXT(query(t, "DROP TEMPORARY SYSTEM FUNCTION sc"), "ERROR: Temporary system function sc doesn't exist");
    ASSERT_TEXT(query(t, "SHOW USER FUNCTIONS"), "");
    ASSERT_EQ_INT(eddy_tenv_register_function_impl(t, "com.example.CountChar", &COUNT_CHAR), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "already registered");
    eddy_env_free(env);
}

/* DESCRIBE FUNCTION [EXTENDED]: Flink's info rows, resolved as calls are. */
TEST(describe_function) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_EQ_INT(eddy_tenv_register_function_impl(t, "com.example.CountChar", &COUNT_CHAR), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "sys_cc", &COUNT_CHAR), EDDY_OK);
    ASSERT_TEXT(query(t, "CREATE FUNCTION cc AS 'com.example.CountChar'"), "OK\n");
    ASSERT_TEXT(query(t, "CREATE TEMPORARY FUNCTION tc AS 'com.example.CountChar' LANGUAGE C"), "OK\n");
    ASSERT_TEXT(query(t, "DESCRIBE FUNCTION cc"),
                "+I[is system function, false]\n+I[is temporary, false]\n+I[class name, com.example.CountChar]\n"
                "+I[function language, JAVA]\n+I[resource uris, []]\n");
    ASSERT_TEXT(query(t, "DESC FUNCTION EXTENDED default_catalog.default_database.tc"),
                "+I[is system function, false]\n+I[is temporary, true]\n+I[class name, com.example.CountChar]\n"
                "+I[function language, C]\n+I[resource uris, []]\n+I[kind, SCALAR]\n+I[requirements, []]\n"
                "+I[is deterministic, true]\n+I[supports constant folding, true]\n"
                "+I[signature, tc(STRING, STRING)]\n");
    ASSERT_TEXT(query(t, "DESCRIBE FUNCTION EXTENDED sys_cc"),
                "+I[is system function, true]\n+I[is temporary, true]\n+I[kind, SCALAR]\n+I[requirements, []]\n"
                "+I[is deterministic, true]\n+I[supports constant folding, true]\n"
                "+I[signature, sys_cc(STRING, STRING)]\n");
    ASSERT_TEXT(query(t, "DESCRIBE FUNCTION `SUM`"), "+I[is system function, true]\n+I[is temporary, false]\n");
    ASSERT_TEXT(query(t, "DESCRIBE FUNCTION EXTENDED `SUM`"),
                "+I[is system function, true]\n+I[is temporary, false]\n+I[kind, AGGREGATE]\n+I[requirements, []]\n"
                "+I[is deterministic, true]\n+I[supports constant folding, true]\n+I[signature, SUM(<NUMERIC>)]\n");
    char *rand = query(t, "DESCRIBE FUNCTION EXTENDED rand");
    ASSERT_STR_CONTAINS(rand, "+I[kind, SCALAR]\n");
    ASSERT_STR_CONTAINS(rand, "+I[is deterministic, false]\n");
    free(rand);
    ASSERT_TEXT(query(t, "DESCRIBE FUNCTION nope"), "ERROR: Function with the identifier 'nope' doesn't exist.");
    ASSERT_TEXT(query(t, "DESCRIBE FUNCTION c.d.nope"), "ERROR: Function with the identifier 'c.d.nope' doesn't exist.");
    eddy_env_free(env);
}

TEST(parallel_calls) {
    eddy_env *env = new_env(4);
    eddy_tenv *t = eddy_tenv_new(env);
    atomic_long calls = 0;
    eddy_scalar_function f = COUNT_CHAR;
    f.ctx = &calls;
    ASSERT_EQ_INT(eddy_tenv_create_function(t, "count_char", &f), EDDY_OK);
    ASSERT_TEXT(query(t, "CREATE TABLE g (s STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '5000', "
                         "'fields.s.length' = '10')"),
                "OK\n");
    char *got = query(t, "SELECT count_char(s, 'a') <= 10 FROM g");
    ASSERT_EQ_INT(count_lines(got), 5000);
    ASSERT_TRUE(strstr(got, "false") == NULL);
    free(got);
    ASSERT_EQ_INT(atomic_load(&calls), 5000);
    eddy_env_free(env);
}

int main(void) {
    RUN(calls_from_sql);
    RUN(registration_errors);
    RUN(create_function_sql);
    RUN(describe_function);
    RUN(parallel_calls);
    return test_report();
}
