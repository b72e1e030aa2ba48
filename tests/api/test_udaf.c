/*
 * test_udaf.c -- C aggregate functions through eddy.h: Flink's documented
 * WeightedAvg registered with eddy_tenv_create_aggregate_function and,
 * through an implementation name, with CREATE FUNCTION ... LANGUAGE C; the
 * binder treating calls as aggregates (GROUP BY queries, argument checks
 * and casts, aggregates where none may be); registration errors; the
 * ctx_free rule. (What the function computes is tested where the library
 * runs it, tests/unit/test_agg_udaf.c: no group aggregation operator runs
 * queries yet, so these queries stop at "not supported yet".)
 */
#include "check.h"
#include "weighted_avg.h"

static int freed;
static void count_free(void *ctx) {
    (void)ctx;
    freed++;
}

static eddy_tenv *scores(eddy_env *env) {
    eddy_tenv *t = eddy_tenv_new(env);
    char *r = exec_sql(t, "CREATE TEMPORARY VIEW Scores AS SELECT * FROM (VALUES ('Alice', 10, 2), ('Bob', 5, 1), "
                          "('Alice', 1, 1)) AS T(name, points, level)");
    free(r);
    return t;
}

TEST(registered_function_is_an_aggregate_in_sql) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = scores(env);
    eddy_aggregate_function f = wavg();
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "wAvg", &f), EDDY_OK);
    /* bound as an aggregate and run by the group aggregation: (10*2 + 1*1) / 3 */
    ASSERT_TEXT(exec_sql(t, "SELECT name, wAvg(points, level) FROM Scores GROUP BY name"),
                "+I[Alice, 10]\n+I[Bob, 5]\n-U[Alice, 10]\n+U[Alice, 7]\n");
    ASSERT_TEXT(exec_sql(t, "SELECT WAVG(points, level) FROM Scores"), "+I[10]\n-U[10]\n+U[8]\n-U[8]\n+U[6]\n");
    ASSERT_TEXT(exec_sql(t, "SELECT name FROM Scores GROUP BY name HAVING wavg(points, level) > 3"),
                "+I[Alice]\n+I[Bob]\n-U[Alice]\n+U[Alice]\n");
    /* an unknown function fails in the binder */
    ASSERT_TEXT(exec_sql(t, "SELECT nosuch(points, level) FROM Scores"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 28: No match found for function "
                "signature nosuch(<NUMERIC>, <NUMERIC>)");
    /* implicit casts into the parameters; other types are refused with the signature */
    ASSERT_TEXT(exec_sql(t, "SELECT wAvg(CAST(points AS TINYINT), level) FROM Scores"),
                "+I[10]\n-U[10]\n+U[8]\n-U[8]\n+U[6]\n");
    ASSERT_TEXT(exec_sql(t, "SELECT wAvg(name, level) FROM Scores"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 24: Invalid function call:\n"
                "wavg(VARCHAR(5) NOT NULL, INT NOT NULL)\n\nInvalid input arguments. Expected signatures are:\n"
                "wavg(BIGINT, INT)");
    ASSERT_TEXT(exec_sql(t, "SELECT wAvg(points) FROM Scores"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 19: Invalid function call:\n"
                "wavg(INT NOT NULL)\n\nInvalid input arguments. Expected signatures are:\nwavg(BIGINT, INT)");
    /* aggregates where no aggregate may be */
    ASSERT_TEXT(exec_sql(t, "SELECT name FROM Scores WHERE wAvg(points, level) > 1"),
                "ERROR: SQL validation failed. From line 1, column 31 to line 1, column 49: Aggregate expression is "
                "illegal in WHERE clause");
    ASSERT_TEXT(exec_sql(t, "SELECT wAvg(wAvg(points, level), 1) FROM Scores"),
                "ERROR: SQL validation failed. From line 1, column 13 to line 1, column 31: Aggregate expressions cannot "
                "be nested");
    eddy_env_free(env);
}

TEST(create_function_language_c) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = scores(env);
    eddy_aggregate_function f = wavg();
    ASSERT_EQ_INT(eddy_tenv_register_aggregate_function_impl(t, "com.example.WeightedAvg", &f), EDDY_OK);
    ASSERT_TEXT(exec_sql(t, "CREATE TEMPORARY SYSTEM FUNCTION wavg AS 'com.example.WeightedAvg' LANGUAGE C"),
                "OK\n");
    ASSERT_TEXT(exec_sql(t, "CREATE FUNCTION wavg2 AS 'com.example.WeightedAvg' LANGUAGE C"), "OK\n");
    ASSERT_TEXT(exec_sql(t, "SELECT name, wavg(points, level), wavg2(points, level) FROM Scores GROUP BY name"),
                "+I[Alice, 10, 10]\n+I[Bob, 5, 5]\n-U[Alice, 10, 10]\n+U[Alice, 7, 7]\n");
    ASSERT_TEXT(exec_sql(t, "SHOW USER FUNCTIONS"), "+I[wavg]\n+I[wavg2]\n");
    ASSERT_TEXT(exec_sql(t, "DROP TEMPORARY SYSTEM FUNCTION wavg"), "OK\n");
    ASSERT_TEXT(exec_sql(t, "SELECT wavg(points, level) FROM Scores"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 26: No match found for function "
                "signature wavg(<NUMERIC>, <NUMERIC>)");
    /* the implementation names are one name space for scalar and aggregate functions */
    ASSERT_EQ_INT(eddy_tenv_register_aggregate_function_impl(t, "com.example.WeightedAvg", &f), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "A function implementation named 'com.example.WeightedAvg' is already registered.");
    eddy_env_free(env);
}

TEST(registration_errors_and_ctx_free) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_aggregate_function f = wavg();
    f.ctx_free = count_free;
    freed = 0;
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "wavg", &f), EDDY_OK);
    /* a failed registration takes ctx too: it runs ctx_free before it returns */
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "WAVG", &f), EDDY_E_VALIDATION);
    ASSERT_EQ_INT(freed, 1);
    ASSERT_STR_EQ(eddy_env_errmsg(env),
                  "Could not register temporary system function. A function named 'WAVG' does already exist.");
    eddy_env_clear_error(env);
    eddy_aggregate_function bad = wavg();
    bad.get_value = NULL;
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "bad", &bad), EDDY_E_MISUSE);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "create_aggregate_function: get_value is NULL.");
    eddy_env_clear_error(env);
    bad = wavg();
    bad.acc_size = 0;
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "bad", &bad), EDDY_E_MISUSE);
    ASSERT_STR_EQ(eddy_env_errmsg(env), "create_aggregate_function: acc_size is 0 and create or destroy is NULL.");
    eddy_env_clear_error(env);
    bad = wavg();
    bad.abi_version = 99;
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "bad", &bad), EDDY_E_MISUSE);
    eddy_env_clear_error(env);
    bad = wavg();
    bad.arg_types = "BIGINT, NOT_A_TYPE";
    ASSERT_TRUE(eddy_tenv_create_aggregate_function(t, "bad", &bad) != EDDY_OK);
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env), "NOT_A_TYPE");
    eddy_env_clear_error(env);
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(NULL, "x", &f), EDDY_E_MISUSE);
    ASSERT_EQ_INT(eddy_tenv_create_aggregate_function(t, "", &f), EDDY_E_MISUSE);
    ASSERT_EQ_INT(freed, 3);
    eddy_env_clear_error(env);
    /* a scalar function's name is taken too */
    ASSERT_EQ_INT(eddy_tenv_drop_function(t, "wavg"), true);
    ASSERT_EQ_INT(eddy_tenv_drop_function(t, "wavg"), false);
    ASSERT_EQ_INT(freed, 3);
    eddy_env_free(env);
    /* the registration that succeeded: once, with the env */
    ASSERT_EQ_INT(freed, 4);
}

int main(void) {
    RUN(registered_function_is_an_aggregate_in_sql);
    RUN(create_function_language_c);
    RUN(registration_errors_and_ctx_free);
    return test_report();
}
