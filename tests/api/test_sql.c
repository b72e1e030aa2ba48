/*
 * test_sql.c -- sqlQuery over insert-only inputs: SELECT / FROM (views,
 * VALUES, subqueries, CTEs) / WHERE / UNION ALL, column naming, the scalar
 * expression subset (arithmetic, comparison, logic, NULL tests, CAST, CASE,
 * IN, BETWEEN, LIKE, string and math functions), Table.execute() with the
 * tableau print in both modes, and the errors with their SQL positions.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(eddy_runtime_mode mode) {
    env = new_env(1);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    create_people_view(tenv);
}

/* Executes sql and returns the tableau text (or "ERROR: ..."). */
static char *run_print(const char *sql) {
    eddy_table *t = eddy_tenv_sql_query(tenv, sql);
    if (!t) return env_error_text(env);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    eddy_status st = eddy_result_print(eddy_table_execute(t), f);
    fclose(f);
    if (st != EDDY_OK) {
        free(text);
        return env_error_text(env);
    }
    return text;
}

/* Executes sql and returns its rows, one Row.toString per line, sorted. */
static char *run_rows(const char *sql) { return sql_query_lines(tenv, sql); }

TEST(tableau_streaming_widths_from_types) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(run_print("SELECT name, score FROM People WHERE score > 8"),
                "+----+--------------------------------+-------------+\n"
                "| op |                           name |       score |\n"
                "+----+--------------------------------+-------------+\n"
                "| +I |                          Alice |          12 |\n"
                "| +I |                            Bob |          10 |\n"
                "+----+--------------------------------+-------------+\n"
                "2 rows in set\n");
    ASSERT_TEXT(run_print("SELECT name FROM People WHERE score > 100"), "Empty set\n");
    eddy_env_free(env);
}

/* A query's result through the API in BATCH mode: no op column, but the
 * widths still come from the types (Flink's executeQueryOperation), not
 * from the content as in the SQL client's batch results. */
TEST(tableau_batch_widths_from_types) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_print("SELECT name, score, city FROM People"),
                "+--------------------------------+-------------+--------------------------------+\n"
                "|                           name |       score |                           city |\n"
                "+--------------------------------+-------------+--------------------------------+\n"
                "|                          Alice |          12 |                         Berlin |\n"
                "|                            Bob |          10 |                         <NULL> |\n"
                "|                          Carol |      <NULL> |                          Paris |\n"
                "|                           Dave |           7 |                         Berlin |\n"
                "+--------------------------------+-------------+--------------------------------+\n"
                "4 rows in set\n");
    ASSERT_TEXT(run_print("SELECT 1 AS n, TRUE AS b, CAST('x' AS CHAR(3)) AS c, DATE '2024-01-02' AS d"),
                /* CHAR(n) is sized as STRING is: the max column width */
                "+-------------+--------+--------------------------------+------------+\n"
                "|           n |      b |                              c |          d |\n"
                "+-------------+--------+--------------------------------+------------+\n"
                "|           1 |   TRUE |                            x   | 2024-01-02 |\n"
                "+-------------+--------+--------------------------------+------------+\n"
                "1 row in set\n");
    ASSERT_TEXT(run_print("SELECT 'a ''quoted'' and a very long text that is cut at thirty cells' AS t"),
                "+--------------------------------+\n"
                "|                              t |\n"
                "+--------------------------------+\n"
                "| a 'quoted' and a very long ... |\n"
                "+--------------------------------+\n"
                "1 row in set\n");
    eddy_env_free(env);
}

TEST(column_names) {
    setup(EDDY_STREAMING);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT UPPER(name), score + 1, name, People.name, score AS s FROM People");
    ASSERT_STR_EQ(eddy_table_schema_string(t),
                  "(\n  `EXPR$0` STRING, \n  `EXPR$1` INT, \n  `name` STRING, \n  `name0` STRING, \n  `s` INT\n)");
    t = eddy_tenv_sql_query(tenv, "SELECT * FROM (VALUES (1, 'a'), (2, 'bc')) AS v(id, tag)");
    ASSERT_STR_EQ(eddy_table_schema_string(t), "(\n  `id` INT NOT NULL, \n  `tag` VARCHAR(2) NOT NULL\n)");
    t = eddy_tenv_sql_query(tenv, "VALUES (1, 2.5), (NULL, 3)");
    ASSERT_STR_EQ(eddy_table_schema_string(t), "(\n  `EXPR$0` INT, \n  `EXPR$1` DECIMAL(11, 1) NOT NULL\n)");
    eddy_env_free(env);
}

TEST(from_forms) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_rows("WITH hi AS (SELECT name, score FROM People WHERE score >= 10) "
                         "SELECT h.name FROM hi AS h WHERE h.score < 12"),
                "+I[Bob]\n");
    ASSERT_TEXT(run_rows("SELECT x FROM (SELECT score * 2 AS x FROM People) WHERE x IS NOT NULL"),
                "+I[24]\n+I[20]\n+I[14]\n");
    ASSERT_TEXT(sorted_lines(run_rows("SELECT name FROM People WHERE city = 'Paris' UNION ALL "
                                      "SELECT city FROM People WHERE name = 'Alice' UNION ALL VALUES ('x')")),
                "+I[Berlin]\n+I[Carol]\n+I[x]\n");
    ASSERT_TEXT(run_rows("SELECT * FROM default_catalog.default_database.People WHERE name LIKE '_a%'"),
                "+I[Carol, null, Paris]\n+I[Dave, 7, Berlin]\n");
    eddy_env_free(env);
}

TEST(arithmetic_and_types) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_rows("SELECT 7 / 2, 7 % 3, -7 / 2, 2147483647 + 1, 2147483648, 1.5 * 2, 1 / 3.0, 2.0E0 / 4, "
                         "CAST(10 AS TINYINT) * CAST(20 AS TINYINT)"),
                "+I[3, 1, -3, -2147483648, 2147483648, 3.0, 0.333333, 0.5, -56]\n");
    ASSERT_TEXT(run_rows("SELECT 0.1 + 0.2, 1.5E10 * 2, CAST(1 AS DOUBLE) / 3, CAST(2 AS FLOAT) / 4, 5 - 7.25"),
                "+I[0.3, 3.0E10, 0.3333333333333333, 0.5, -2.25]\n");
    ASSERT_TEXT(run_rows("SELECT ABS(-4), MOD(17, 5), POWER(2, 10), SQRT(16), ROUND(2.567, 2), ROUND(2.5), "
                         "FLOOR(-1.5), CEIL(1.2), SIGN(-3), TRUNCATE(9.876, 1)"),
                "+I[4, 2, 1024.0, 4.0, 2.57, 3, -2, 2, -1, 9.8]\n");
    ASSERT_TEXT(run_rows("SELECT 1 / 0"), "ERROR: java.lang.ArithmeticException: / by zero");
    eddy_env_free(env);
}

TEST(logic_and_null_semantics) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_rows("SELECT name, score > 8 AND city IS NOT NULL, score > 8 OR city IS NULL, NOT (score > 8) "
                         "FROM People"),
                "+I[Alice, true, true, false]\n+I[Bob, false, true, false]\n+I[Carol, null, null, null]\n"
                "+I[Dave, false, false, true]\n");
    ASSERT_TEXT(run_rows("SELECT name FROM People WHERE score IN (7, 12) OR city IN ('Paris')"),
                "+I[Alice]\n+I[Carol]\n+I[Dave]\n");
    ASSERT_TEXT(run_rows("SELECT name FROM People WHERE score NOT BETWEEN 8 AND 11"), "+I[Alice]\n+I[Dave]\n");
    ASSERT_TEXT(run_rows("SELECT name, score IS DISTINCT FROM 10, COALESCE(score, -1), NULLIF(city, 'Berlin') "
                         "FROM People"),
                "+I[Alice, true, 12, null]\n+I[Bob, false, 10, null]\n+I[Carol, true, -1, Paris]\n"
                "+I[Dave, true, 7, null]\n");
    ASSERT_TEXT(run_rows("SELECT 1 = NULL, NULL IS NULL, TRUE AND NULL, FALSE AND NULL, TRUE OR NULL"),
                "+I[null, true, null, false, true]\n");
    eddy_env_free(env);
}

TEST(case_and_cast) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_rows("SELECT name, CASE WHEN score >= 10 THEN 'high' WHEN score < 10 THEN 'low' ELSE 'none' END, "
                         "CASE city WHEN 'Berlin' THEN 1 WHEN 'Paris' THEN 2 END FROM People"),
                "+I[Alice, high, 1]\n+I[Bob, high, null]\n+I[Carol, none, 2]\n+I[Dave, low, 1]\n");
    ASSERT_TEXT(run_rows("SELECT CAST('42' AS INT), CAST(' 3.5 ' AS DOUBLE), CAST(12.345 AS DECIMAL(4, 2)), "
                         "CAST(3.99 AS INT), CAST(TRUE AS INT), CAST(0 AS BOOLEAN), CAST(1.5E0 AS VARCHAR), "
                         "CAST(DATE '2021-08-21' AS TIMESTAMP(3)), CAST('2021-08-21 13:00:05.5' AS TIMESTAMP(3))"),
                "+I[42, 3.5, 12.35, 3, 1, false, 1.5, 2021-08-21T00:00, 2021-08-21T13:00:05.500]\n");
    ASSERT_TEXT(run_rows("SELECT CAST('abc' AS INT)"), "ERROR: Cannot cast 'abc' to INT: not a number of that type.");
    ASSERT_TEXT(run_rows("SELECT TRY_CAST('abc' AS INT), CAST(123456 AS DECIMAL(4, 1)), CAST('x' AS CHAR(3)) || '|'"),
                "+I[null, null, x  |]\n");
    eddy_env_free(env);
}

TEST(string_functions) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_rows("SELECT UPPER(name), LOWER(name), CHAR_LENGTH(name), name || '!', CONCAT(name, '-', city), "
                         "SUBSTRING(name FROM 2 FOR 3), SUBSTRING(name, -2), POSITION('a' IN name) FROM People "
                         "WHERE name = 'Carol'"),
                "+I[CAROL, carol, 5, Carol!, Carol-Paris, aro, ol, 2]\n");
    ASSERT_TEXT(run_rows("SELECT TRIM('  x  '), TRIM(LEADING 'x' FROM 'xxaxx'), TRIM(TRAILING FROM 'a  '), "
                         "LTRIM('  a'), RTRIM('a  '), REPLACE('banana', 'an', 'AN'), LPAD('7', 3, '0'), "
                         "RPAD('ab', 5, 'xy'), REPEAT('ab', 3), REVERSE('abc'), INITCAP('hello wORLD'), "
                         "CONCAT_WS('-', 'a', NULL, 'b'), SPLIT_INDEX('a,b,c', ',', 1)"),
                "+I[x, axx, a, a, a, bANANa, 007, abxyx, ababab, cba, Hello World, a-b, b]\n");
    ASSERT_TEXT(run_rows("SELECT UPPER('straße èé'), CHAR_LENGTH('日本語'), CONCAT('a', CAST(NULL AS STRING))"),
                "+I[STRASSE ÈÉ, 3, null]\n");
    ASSERT_TEXT(run_rows("SELECT 'abc' LIKE 'a%', 'abc' LIKE '_b_', 'a%c' LIKE 'a\\%c' ESCAPE '\\', "
                         "'abc' NOT LIKE '%d'"),
                "+I[true, true, true, true]\n");
    eddy_env_free(env);
}

TEST(temporal_values) {
    setup(EDDY_BATCH);
    eddy_tenv_set_option(tenv, "table.local-time-zone", "UTC");
    ASSERT_TEXT(run_rows("SELECT DATE '2021-08-21', TIME '13:00:05', TIMESTAMP '2021-08-21 13:00:00', "
                         "TIMESTAMP '2021-08-21 13:00:00' + INTERVAL '5' MINUTE, "
                         "DATE '2021-01-31' + INTERVAL '1' MONTH, TO_TIMESTAMP_LTZ(1000, 3)"),
                "+I[2021-08-21, 13:00:05, 2021-08-21T13:00, 2021-08-21T13:05, 2021-02-28, 1970-01-01T00:00:01Z]\n");
    ASSERT_TEXT(run_print("SELECT TIMESTAMP '2021-04-13 20:12:11.123456789' AS ts, "
                          "CAST(TIMESTAMP '2021-04-13 20:12:11.123456789' AS TIMESTAMP_LTZ(9)) AS ltz, "
                          "TO_TIMESTAMP_LTZ(1, 0) AS l0"),
                "+-------------------------------+-------------------------------+-------------------------+\n"
                "|                            ts |                           ltz |                      l0 |\n"
                "+-------------------------------+-------------------------------+-------------------------+\n"
                "| 2021-04-13 20:12:11.123456789 | 2021-04-13 20:12:11.123456789 | 1970-01-01 00:00:01.000 |\n"
                "+-------------------------------+-------------------------------+-------------------------+\n"
                "1 row in set\n");
    eddy_tenv_set_option(tenv, "table.local-time-zone", "Asia/Shanghai");
    ASSERT_TEXT(run_print("SELECT TO_TIMESTAMP_LTZ(1, 0) AS l0, TO_TIMESTAMP_LTZ(1, 3) AS l3"),
                "+-------------------------+-------------------------+\n"
                "|                      l0 |                      l3 |\n"
                "+-------------------------+-------------------------+\n"
                "| 1970-01-01 08:00:01.000 | 1970-01-01 08:00:00.001 |\n"
                "+-------------------------+-------------------------+\n"
                "1 row in set\n");
    eddy_env_free(env);
}

TEST(errors_with_positions) {
    setup(EDDY_STREAMING);
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "SELECT x FROM People") == NULL);
    int line, col;
    eddy_env_error_position(env, &line, &col);
    ASSERT_EQ_INT(line, 1);
    ASSERT_EQ_INT(col, 8);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "SQL validation failed. From line 1, column 8 to line 1, column 8: Column 'x' not found in any table");
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "SELECT name\nFROM Nope") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "SQL validation failed. From line 2, column 6 to line 2, column 9: Object 'Nope' not found");
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "SELECT FOO(name) FROM People") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "No match found for function signature FOO(<CHARACTER>)");
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "SELECT name FROM People WHERE score") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "WHERE clause must be a condition");
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "SELECT name + 1 FROM People") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Cannot apply '+' to arguments of type '<VARCHAR(2147483647)> + <INTEGER>'");
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "SELECT name FROM") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_PARSE, "SQL parse failed. Encountered \"<EOF>\" at line 1, column 16.");
    ASSERT_TRUE(eddy_tenv_sql_query(tenv, "INSERT INTO People SELECT * FROM People") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Unsupported SQL query! sqlQuery() only accepts a single SQL query");
    eddy_env_free(env);
}

/* Literals past their type's range fail as Calcite's validator fails them,
 * at the literal; a DOUBLE literal that underflows is 0. */
TEST(literal_ranges) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(run_rows("SELECT 1e400"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 12: Numeric literal '1E400' out "
                "of range");
    ASSERT_TEXT(run_rows("SELECT 1,\n  -1.50E+400"),
                "ERROR: SQL validation failed. From line 2, column 4 to line 2, column 12: Numeric literal '1.50E400' "
                "out of range");
    ASSERT_TEXT(run_rows("SELECT 10e400"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 13: Numeric literal '1.0E401' out "
                "of range");
    ASSERT_TEXT(run_rows("SELECT 123456789012345678901234567e400"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 38: Numeric literal "
                "'1.2345678901234567890E426' out of range");
    ASSERT_TEXT(run_rows("SELECT 1.8E308"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 14: Numeric literal '1.8E308' out "
                "of range");
    ASSERT_TEXT(run_rows("SELECT 1.7976931348623157E308, 1e-400, 0e999"), "+I[1.7976931348623157E308, 0.0, 0.0]\n");
    ASSERT_TEXT(run_rows("SELECT 99999999999999999999999999999999999999, 9223372036854775808"),
                "+I[99999999999999999999999999999999999999, 9223372036854775808]\n");
    ASSERT_TEXT(run_rows("SELECT 123456789012345678901234567890123456789"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 46: Numeric literal "
                "'123456789012345678901234567890123456789' out of range");
    ASSERT_TEXT(run_rows("SELECT 0.1234567890123456789012345678901234567890"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 49: Numeric literal "
                "'0.1234567890123456789012345678901234567890' out of range");
    eddy_env_free(env);
}

int main(void) {
    RUN(tableau_streaming_widths_from_types);
    RUN(tableau_batch_widths_from_types);
    RUN(column_names);
    RUN(from_forms);
    RUN(arithmetic_and_types);
    RUN(logic_and_null_semantics);
    RUN(case_and_cast);
    RUN(string_functions);
    RUN(temporal_values);
    RUN(errors_with_positions);
    RUN(literal_ranges);
    return test_report();
}
