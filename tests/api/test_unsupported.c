/*
 * test_unsupported.c -- every query form of Flink's SQL either runs or fails
 * with "not supported yet: <feature>". Forms the binder type-checks (GROUP
 * BY with GROUPING SETS / ROLLUP / CUBE, DISTINCT, joins including temporal,
 * NATURAL and USING ones, OVER, group windows, window table functions, set
 * operations, MATCH_RECOGNIZE, streaming ORDER BY) give a table with
 * Flink's schema and fail when the table is planned (execute, toDataStream,
 * EXPLAIN); subqueries (correlated ones too) and LATERAL subqueries plan as
 * joins and fail at the join operator (or, where Flink's planner cannot
 * decorrelate them, with its message); a few
 * variants without a type yet (ALL ROWS PER MATCH, RIGHT / FULL joins with
 * a table function, ...) fail at sqlQuery with the same kind of message.
 * Batch ORDER BY / LIMIT / OFFSET, LIMIT and ORDER BY ... LIMIT in streaming, UNNEST and table
 * functions run. Each case pins the exact message.
 */
#include "check.h"

static eddy_env *env;
static eddy_tenv *tenv;

static void setup(eddy_runtime_mode mode) {
    env = new_env(1);
    eddy_env_set_runtime_mode(env, mode);
    tenv = eddy_tenv_new(env);
    create_people_view(tenv);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column_by_metadata(sc, "rowtime", "TIMESTAMP_LTZ(3)", NULL, false);
    eddy_schema_watermark(sc, "rowtime", "SOURCE_WATERMARK()");
    eddy_stream *ev = eddy_from_values(env, "ROW<name STRING, score INT>", "('Alice', 1)");
    eddy_tenv_create_temporary_view_from_stream(tenv, "Events", ev, sc);
}

/* The schema of the query, or "ERROR: <message>" when sqlQuery fails. */
static char *schema_of(const char *sql) { return table_schema(env, eddy_tenv_sql_query(tenv, sql)); }

/* Executes the query: its rows as Row.toString lines (in order), or
 * "ERROR: <message>" from sqlQuery or from planning. */
static char *rows_of(const char *sql) { return table_rows(env, eddy_tenv_sql_query(tenv, sql)); }

/* EXPLAIN of sql, or "ERROR: <message>". */
static char *explain_of(const char *sql) { return text_or_error(env, eddy_tenv_explain_sql(tenv, sql, 0)); }

/* Asserts that sql binds (any schema) and fails at planning with
 * "not supported yet: <feature>". */
#define ASSERT_PLAN_UNSUPPORTED(sql, feature)                                                                \
    do {                                                                                                     \
        eddy_table *t_ = eddy_tenv_sql_query(tenv, (sql));                                                   \
        if (!t_) {                                                                                           \
            TEST_FAIL_HERE();                                                                                \
            fprintf(stderr, "sqlQuery failed: %s\n", eddy_env_errmsg(env));                                  \
            return;                                                                                          \
        }                                                                                                    \
        ASSERT_TRUE(eddy_table_execute(t_) == NULL);                                                         \
        ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_E_UNSUPPORTED);                                            \
        ASSERT_STR_EQ(eddy_env_errmsg(env), "not supported yet: " feature);                                  \
        eddy_env_clear_error(env);                                                                           \
    } while (0)

/* Asserts that sql runs (streaming joins, test_join.c has their rows). */
#define ASSERT_PLAN_RUNS(sql)                                                                                \
    do {                                                                                                     \
        char *rows_ = rows_of(sql);                                                                          \
        ASSERT_TRUE(strncmp(rows_, "ERROR", 5) != 0);                                                        \
        free(rows_);                                                                                         \
    } while (0)

/* Asserts that sql plans (EXPLAIN gives a plan). */
#define ASSERT_PLANS(sql)                                                                                    \
    do {                                                                                                     \
        char *plan_ = explain_of(sql);                                                                       \
        ASSERT_TRUE(strncmp(plan_, "ERROR", 5) != 0);                                                        \
        free(plan_);                                                                                         \
    } while (0)

/* Asserts that sqlQuery itself fails with "not supported yet: <feature>". */
#define ASSERT_BIND_UNSUPPORTED(sql, feature)                                                                \
    do {                                                                                                     \
        ASSERT_TRUE(eddy_tenv_sql_query(tenv, (sql)) == NULL);                                               \
        ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_E_UNSUPPORTED);                                            \
        ASSERT_STR_CONTAINS(eddy_env_errmsg(env), ": not supported yet: " feature);                          \
        eddy_env_clear_error(env);                                                                           \
    } while (0)

TEST(aggregations_type_check_then_fail_at_planning) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(schema_of("SELECT city, COUNT(*) AS c, SUM(score), AVG(score), MAX(name) FROM People GROUP BY city "
                          "HAVING COUNT(*) > 1"),
                "(\n  `city` STRING, \n  `c` BIGINT NOT NULL, \n  `EXPR$2` INT, \n  `EXPR$3` INT, \n  `EXPR$4` STRING\n)");
    ASSERT_TEXT(schema_of("SELECT COUNT(DISTINCT city), SUM(score) + 1, SUM(CAST(score AS DECIMAL(10, 2))) FROM People"),
                "(\n  `EXPR$0` BIGINT NOT NULL, \n  `EXPR$1` INT, \n  `EXPR$2` DECIMAL(38, 2)\n)");
    /* streaming aggregations run (their changelogs: tests/sql/group_agg.q) */
    ASSERT_TEXT(rows_of("SELECT name, SUM(score) FROM People GROUP BY name"),
                "+I[Alice, 12]\n+I[Bob, 10]\n+I[Carol, null]\n+I[Dave, 7]\n");
    ASSERT_TEXT(rows_of("SELECT COUNT(*) FROM People"), "+I[1]\n-U[1]\n+U[2]\n-U[2]\n+U[3]\n-U[3]\n+U[4]\n");
    ASSERT_TEXT(rows_of("SELECT city FROM People GROUP BY city HAVING MIN(score) > 1"),
                "+I[Berlin]\n+I[null]\n-U[Berlin]\n+U[Berlin]\n");
    ASSERT_TEXT(rows_of("SELECT DISTINCT city FROM People"), "+I[Berlin]\n+I[null]\n+I[Paris]\n");
    /* Calcite's validation messages */
    ASSERT_TEXT(schema_of("SELECT name, score + 1 FROM People GROUP BY name"),
                "ERROR: SQL validation failed. From line 1, column 14 to line 1, column 18: Expression 'score' is not "
                "being grouped");
    ASSERT_TEXT(schema_of("SELECT * FROM People GROUP BY name"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 8: Expression 'score' is not "
                "being grouped");
    ASSERT_TEXT(schema_of("SELECT SUM(name) FROM People"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 16: Cannot apply 'SUM' to "
                "arguments of type 'SUM(<VARCHAR(2147483647)>)'. Supported form(s): 'SUM(<NUMERIC>)'");
    ASSERT_TEXT(schema_of("SELECT name FROM People WHERE SUM(score) > 1"),
                "ERROR: SQL validation failed. From line 1, column 31 to line 1, column 40: Aggregate expression is "
                "illegal in WHERE clause");
    ASSERT_TEXT(schema_of("SELECT SUM(MAX(score)) FROM People"),
                "ERROR: SQL validation failed. From line 1, column 12 to line 1, column 21: Aggregate expressions "
                "cannot be nested");
    eddy_env_free(env);
}

TEST(updating_tables_into_to_datastream) {
    /* reference section 5: the node that produces the updates is named */
    setup(EDDY_STREAMING);
    eddy_table *t = eddy_tenv_sql_query(tenv, "SELECT name, SUM(score) FROM People GROUP BY name");
    ASSERT_TRUE(eddy_tenv_to_datastream(tenv, t) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "Table sink '*anonymous_datastream_sink$1*' doesn't support consuming update changes which is "
                     "produced by node GroupAggregate(groupBy=[name], select=[name, SUM(score) AS EXPR$1])");
    t = eddy_tenv_sql_query(tenv, "SELECT * FROM People a LEFT JOIN People b ON a.name = b.name");
    ASSERT_TRUE(eddy_tenv_to_datastream(tenv, t) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "Table sink '*anonymous_datastream_sink$2*' doesn't support consuming update and delete changes "
                     "which is produced by node Join(joinType=[LeftOuterJoin], where=[(name = name0)], select=[name, "
                     "score, city, name0, score0, city0], leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey])");
    t = eddy_tenv_sql_query(tenv, "SELECT COUNT(*) AS c FROM People");
    ASSERT_TRUE(eddy_tenv_to_append_stream(tenv, t) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE,
                     "toAppendStream doesn't support consuming update changes which is produced by node "
                     "GroupAggregate(select=[COUNT(*) AS c])");
    /* insert-only joins pass the changelog check and run */
    t = eddy_tenv_sql_query(tenv, "SELECT a.name FROM People a, People b WHERE a.name = b.name");
    ASSERT_TRUE(eddy_tenv_to_datastream(tenv, t) != NULL);
    eddy_env_free(env);
    /* batch tables are insert-only: a batch aggregation converts (final rows) */
    setup(EDDY_BATCH);
    t = eddy_tenv_sql_query(tenv, "SELECT name, SUM(score) FROM People GROUP BY name");
    ASSERT_TRUE(eddy_tenv_to_datastream(tenv, t) != NULL);
    eddy_env_free(env);
}

TEST(joins) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(schema_of("SELECT * FROM People a FULL JOIN People b ON a.name = b.name"),
                "(\n  `name` STRING, \n  `score` INT, \n  `city` STRING, \n  `name0` STRING, \n  `score0` INT, \n"
                "  `city0` STRING\n)");
    ASSERT_PLAN_RUNS("SELECT a.name, b.city FROM People a JOIN People b ON a.name = b.name");
    ASSERT_PLAN_RUNS("SELECT a.name FROM People a INNER JOIN People b ON a.score > b.score");
    ASSERT_PLAN_RUNS("SELECT * FROM People a LEFT JOIN People b ON a.name = b.name");
    ASSERT_PLAN_RUNS("SELECT * FROM People a LEFT OUTER JOIN People b ON a.name = b.name");
    ASSERT_PLAN_RUNS("SELECT * FROM People a RIGHT JOIN People b ON a.name = b.name");
    ASSERT_PLAN_RUNS("SELECT * FROM People a FULL OUTER JOIN People b ON a.name = b.name");
    ASSERT_PLAN_RUNS("SELECT * FROM People a CROSS JOIN People b");
    ASSERT_PLAN_RUNS("SELECT * FROM People a, People b WHERE a.score = b.score");
    /* interval joins (the seed's changelog unification example; tests/sql/interval_join.q) */
    char *ij = rows_of("SELECT U.name FROM Events U, Events O WHERE U.name = O.name AND O.rowtime BETWEEN "
                       "U.rowtime AND U.rowtime + INTERVAL '5' MINUTES");
    ASSERT_TRUE(strstr(ij, "not supported yet") == NULL);
    free(ij);
    ASSERT_TEXT(schema_of("SELECT * FROM People a JOIN People a ON true"),
                "ERROR: SQL validation failed. From line 1, column 36 to line 1, column 36: Duplicate relation name 'a' "
                "in FROM clause");
    ASSERT_TEXT(schema_of("SELECT * FROM People a LEFT JOIN People b"),
                "ERROR: SQL validation failed. From line 1, column 15 to line 1, column 41: INNER, LEFT, RIGHT or FULL "
                "join requires a condition (NATURAL keyword or ON or USING clause)");
    /* NATURAL / USING: each common column once, then the left's, then the right's other columns */
    ASSERT_TEXT(schema_of("SELECT * FROM People a JOIN (SELECT name, score AS s FROM People) b USING (name)"),
                "(\n  `name` STRING, \n  `score` INT, \n  `city` STRING, \n  `s` INT\n)");
    ASSERT_TEXT(schema_of("SELECT name, a.city, s FROM People a NATURAL LEFT JOIN (SELECT name, score AS s FROM "
                          "People) b"),
                "(\n  `name` STRING, \n  `city` STRING, \n  `s` INT\n)");
    ASSERT_PLAN_RUNS("SELECT * FROM People a JOIN People b USING (name)");
    ASSERT_PLAN_RUNS("SELECT * FROM People a NATURAL FULL JOIN People b");
    ASSERT_TEXT(schema_of("SELECT * FROM People a JOIN People b USING (nope)"),
                "ERROR: SQL validation failed. From line 1, column 45 to line 1, column 48: Column 'nope' not found in "
                "any table");
    /* temporal joins type-check */
    ASSERT_TEXT(schema_of("SELECT * FROM Events e LEFT JOIN Events FOR SYSTEM_TIME AS OF e.rowtime AS v ON e.name = "
                          "v.name"),
                "(\n  `name` STRING, \n  `score` INT, \n  `rowtime` TIMESTAMP_LTZ(3) *ROWTIME*, \n  `name0` STRING, \n"
                "  `score0` INT, \n  `rowtime0` TIMESTAMP_LTZ(3)\n)");
    /* event-time temporal joins need a rowtime on the versioned side (tests/sql/temporal_join.q) */
    ASSERT_TEXT(rows_of("SELECT * FROM Events e JOIN People FOR SYSTEM_TIME AS OF e.rowtime AS p ON e.name = p.name"),
                "ERROR: Event-Time Temporal Table Join requires both primary key and row time attribute in versioned "
                "table, but no row time attribute can be found.");
    ASSERT_TEXT(schema_of("SELECT * FROM Events e JOIN People FOR SYSTEM_TIME AS OF e.score AS p ON e.name = p.name"),
                "ERROR: SQL validation failed. Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left "
                "table's time attribute field");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM Events e FULL JOIN People FOR SYSTEM_TIME AS OF e.rowtime AS p ON TRUE",
                            "temporal joins other than INNER and LEFT joins");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM People FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00'",
                            "FOR SYSTEM_TIME AS OF outside a join (time travel)");
    /* UNNEST and LATERAL TABLE run (test_correlate.c), but not in RIGHT / FULL joins */
    ASSERT_TEXT(rows_of("SELECT name, x FROM People CROSS JOIN UNNEST(ARRAY[1, 2]) AS T(x) WHERE score > 10"),
                "+I[Alice, 1]\n+I[Alice, 2]\n");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM People RIGHT JOIN UNNEST(ARRAY[1, 2]) AS T(x) ON TRUE",
                            "RIGHT and FULL joins with UNNEST or a table function");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM People FULL JOIN UNNEST(ARRAY[1, 2]) AS T(x) ON TRUE",
                            "RIGHT and FULL joins with UNNEST or a table function");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM People LEFT JOIN UNNEST(ARRAY[1, 2]) AS T(x) ON x > 1",
                            "LEFT JOIN with UNNEST or a table function on a condition other than TRUE");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM People, UNNEST(ARRAY[1], ARRAY[2])", "UNNEST of several arguments");
    eddy_env_free(env);
}

TEST(set_operations) {
    for (int mode = 0; mode < 2; mode++) {
        setup(mode ? EDDY_BATCH : EDDY_STREAMING);
        /* INTERSECT ALL / EXCEPT ALL run in both modes (tests/sql/set_ops_all.q) */
        ASSERT_TEXT(sorted_lines(rows_of("SELECT city FROM People EXCEPT ALL SELECT name FROM People")),
                    mode ? "+I[Berlin]\n+I[Berlin]\n+I[Paris]\n+I[null]\n"
                         : "+I[Berlin]\n+I[Paris]\n+I[null]\n+U[Berlin]\n+U[Berlin]\n-U[Berlin]\n");
        ASSERT_TEXT(rows_of("SELECT name FROM People WHERE score > 10 UNION ALL SELECT city FROM People WHERE score > 10"),
                    "+I[Alice]\n+I[Berlin]\n");
        if (mode) {
            /* batch: the distinct forms run as aggregates and semi / anti joins (tests/sql/batch_join.q) */
            ASSERT_TEXT(rows_of("SELECT name FROM People WHERE score > 10 INTERSECT SELECT name FROM People"),
                        "+I[Alice]\n");
            eddy_env_free(env);
            continue;
        }
        /* streaming: UNION ALL under a GroupAggregate of every column */
        ASSERT_TEXT(rows_of("SELECT name FROM People WHERE score > 10 UNION SELECT name FROM People WHERE score > 10"),
                    "+I[Alice]\n");
        ASSERT_TEXT(rows_of("SELECT name FROM People WHERE score > 10 UNION ALL SELECT city FROM People WHERE score > 10"),
                    "+I[Alice]\n+I[Berlin]\n");
        eddy_env_free(env);
    }
}

TEST(order_by_and_limit) {
    setup(EDDY_BATCH);
    ASSERT_TEXT(rows_of("SELECT name, score FROM People ORDER BY score DESC"),
                "+I[Alice, 12]\n+I[Bob, 10]\n+I[Dave, 7]\n+I[Carol, null]\n");
    ASSERT_TEXT(rows_of("SELECT name, score FROM People ORDER BY score"),
                "+I[Carol, null]\n+I[Dave, 7]\n+I[Bob, 10]\n+I[Alice, 12]\n");
    ASSERT_TEXT(rows_of("SELECT name, score FROM People ORDER BY score NULLS LAST"),
                "+I[Dave, 7]\n+I[Bob, 10]\n+I[Alice, 12]\n+I[Carol, null]\n");
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY score DESC LIMIT 2"), "+I[Alice]\n+I[Bob]\n");
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY 1 DESC OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY"),
                "+I[Carol]\n+I[Bob]\n");
    ASSERT_TEXT(rows_of("SELECT name AS n FROM People ORDER BY city, n DESC"),
                "+I[Bob]\n+I[Dave]\n+I[Alice]\n+I[Carol]\n");
    ASSERT_TEXT(rows_of("SELECT UPPER(name) FROM People ORDER BY CHAR_LENGTH(name), name LIMIT 3"),
                "+I[BOB]\n+I[DAVE]\n+I[ALICE]\n");
    ASSERT_TEXT(rows_of("SELECT name FROM People LIMIT 2"), "+I[Alice]\n+I[Bob]\n");
    ASSERT_TEXT(rows_of("SELECT name FROM People LIMIT 0"), "");
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY name OFFSET 3 ROWS"), "+I[Dave]\n");
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY 3"),
                "ERROR: SQL validation failed. From line 1, column 34 to line 1, column 34: Ordinal out of range");
    /* ordinals that do not fit an int are out of range too (they wrapped: to 1, to a hidden column) */
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY 4294967297"),
                "ERROR: SQL validation failed. From line 1, column 34 to line 1, column 43: Ordinal out of range");
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY 99999999999999"),
                "ERROR: SQL validation failed. From line 1, column 34 to line 1, column 47: Ordinal out of range");
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY 999999"),
                "ERROR: SQL validation failed. From line 1, column 34 to line 1, column 39: Ordinal out of range");
    ASSERT_TEXT(rows_of("SELECT DISTINCT name FROM People ORDER BY score"),
                "ERROR: SQL validation failed. From line 1, column 43 to line 1, column 47: Expression '`score`' is not "
                "in the select clause");
    eddy_env_free(env);
    setup(EDDY_STREAMING);
    ASSERT_TEXT(rows_of("SELECT name FROM People LIMIT 3"), "+I[Alice]\n+I[Bob]\n+I[Carol]\n");
    ASSERT_TEXT(rows_of("SELECT name FROM People OFFSET 2 ROWS"), "+I[Carol]\n+I[Dave]\n");
    /* ORDER BY alone (not led by an ascending time attribute): planned, refused when it runs */
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY score"),
                "ERROR: Sort on a non-time-attribute field is not supported.");
    /* ORDER BY with LIMIT is a streaming Top-N (rows that do not enter it change nothing) */
    ASSERT_TEXT(rows_of("SELECT name FROM People ORDER BY score DESC LIMIT 2"), "+I[Alice]\n+I[Bob]\n");
    ASSERT_TEXT(rows_of("SELECT * FROM (SELECT name, RANK() OVER (ORDER BY score) AS r FROM People) WHERE r <= 2"),
                "ERROR: RANK() on streaming table is not supported currently");
    eddy_env_free(env);
}

TEST(windows) {
    setup(EDDY_STREAMING);
    ASSERT_TEXT(schema_of("SELECT name, TUMBLE_START(rowtime, INTERVAL '1' MINUTE) AS ws, TUMBLE_ROWTIME(rowtime, "
                          "INTERVAL '1' MINUTE) AS rt, COUNT(*) FROM Events GROUP BY name, TUMBLE(rowtime, INTERVAL '1' "
                          "MINUTE)"),
                "(\n  `name` STRING, \n  `ws` TIMESTAMP(3) NOT NULL, \n  `rt` TIMESTAMP_LTZ(3) NOT NULL *ROWTIME*, \n"
                "  `EXPR$3` BIGINT NOT NULL\n)");
    ASSERT_PLANS("SELECT name, COUNT(*) FROM Events GROUP BY name, TUMBLE(rowtime, INTERVAL '1' MINUTE)");
    ASSERT_PLANS("SELECT HOP_END(rowtime, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE), SUM(score) FROM Events "
                 "GROUP BY HOP(rowtime, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)");
    ASSERT_PLANS("SELECT SESSION_START(rowtime, INTERVAL '5' MINUTE), MAX(score) FROM Events GROUP BY "
                 "SESSION(rowtime, INTERVAL '5' MINUTE)");
    ASSERT_TEXT(schema_of("SELECT COUNT(*) FROM People GROUP BY TUMBLE(name, INTERVAL '1' MINUTE)"),
                "ERROR: SQL validation failed. From line 1, column 45 to line 1, column 48: A group window expects a time "
                "attribute for grouping in a stream environment.");
    ASSERT_TEXT(schema_of("SELECT TUMBLE_END(rowtime, INTERVAL '1' MINUTE) FROM Events GROUP BY HOP(rowtime, INTERVAL "
                          "'1' MINUTE, INTERVAL '2' MINUTE)"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 47: Call to auxiliary group "
                "function 'TUMBLE_END' must have matching call to group function 'TUMBLE' in GROUP BY clause");
    /* OVER windows */
    ASSERT_TEXT(schema_of("SELECT name, SUM(score) OVER (PARTITION BY name ORDER BY rowtime ROWS BETWEEN 2 PRECEDING AND "
                          "CURRENT ROW) AS s, ROW_NUMBER() OVER w AS rn FROM Events WINDOW w AS (ORDER BY rowtime)"),
                "(\n  `name` STRING, \n  `s` INT, \n  `rn` BIGINT NOT NULL\n)");
    ASSERT_PLAN_UNSUPPORTED("SELECT name, COUNT(DISTINCT score) OVER (PARTITION BY name ORDER BY rowtime RANGE BETWEEN "
                            "INTERVAL '2' MINUTE PRECEDING AND CURRENT ROW) FROM Events",
                            "COUNT with DISTINCT in OVER aggregations");
    ASSERT_TEXT(schema_of("SELECT ROW_NUMBER() FROM People"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 19: OVER clause is necessary for "
                "window functions");
    /* window table functions type-check and plan (tests/sql/window_tvf.q, session_window.q have their rows) */
    ASSERT_TEXT(schema_of("SELECT * FROM TABLE(TUMBLE(TABLE Events, DESCRIPTOR(rowtime), INTERVAL '10' MINUTES))"),
                "(\n  `name` STRING, \n  `score` INT, \n  `rowtime` TIMESTAMP_LTZ(3), \n"
                "  `window_start` TIMESTAMP(3) NOT NULL, \n  `window_end` TIMESTAMP(3) NOT NULL, \n"
                "  `window_time` TIMESTAMP_LTZ(3) NOT NULL *ROWTIME*\n)");
    ASSERT_PLANS("SELECT * FROM TABLE(TUMBLE(TABLE Events, DESCRIPTOR(rowtime), INTERVAL '10' MINUTES))");
    ASSERT_PLANS("SELECT * FROM TABLE(HOP(TABLE Events, DESCRIPTOR(rowtime), INTERVAL '5' MINUTES, INTERVAL "
                     "'10' MINUTES))");
    ASSERT_PLANS("SELECT * FROM TABLE(HOP(DATA => TABLE Events, TIMECOL => DESCRIPTOR(rowtime), SIZE => "
                     "INTERVAL '10' MINUTES, SLIDE => INTERVAL '5' MINUTES))");
    ASSERT_PLANS("SELECT * FROM TABLE(CUMULATE(TABLE Events, DESCRIPTOR(rowtime), INTERVAL '5' MINUTES, "
                     "INTERVAL '10' MINUTES))");
    ASSERT_PLANS("SELECT * FROM TABLE(SESSION(TABLE Events PARTITION BY name, DESCRIPTOR(rowtime), INTERVAL '5' MINUTES))");
    ASSERT_PLANS("SELECT window_start, window_end, name, SUM(score) AS s FROM TABLE(SESSION(TABLE Events PARTITION BY "
                 "name, DESCRIPTOR(rowtime), INTERVAL '5' MINUTES)) GROUP BY name, window_start, window_end");
    /* window aggregation: GROUP BY window_start, window_end */
    ASSERT_TEXT(schema_of("SELECT window_start, window_end, name, SUM(score) AS s FROM TABLE(TUMBLE(TABLE Events, "
                          "DESCRIPTOR(rowtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, name"),
                "(\n  `window_start` TIMESTAMP(3) NOT NULL, \n  `window_end` TIMESTAMP(3) NOT NULL, \n"
                "  `name` STRING, \n  `s` INT\n)");
    ASSERT_PLANS("SELECT window_start, window_end, name, SUM(score) AS s FROM TABLE(TUMBLE(TABLE Events, "
                     "DESCRIPTOR(rowtime), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end, name");
    ASSERT_TEXT(schema_of("SELECT * FROM TABLE(TUMBLE(TABLE People, DESCRIPTOR(score), INTERVAL '10' MINUTES))"),
                "ERROR: SQL validation failed. From line 1, column 42 to line 1, column 58: The window function requires "
                "the timecol is a time attribute type, but is INT.");
    ASSERT_TEXT(schema_of("SELECT * FROM TABLE(TUMBLE(TABLE Events, DESCRIPTOR(rowtime)))"),
                "ERROR: SQL validation failed. From line 1, column 21 to line 1, column 61: Invalid number of arguments "
                "to function 'TUMBLE'");
    ASSERT_TEXT(schema_of("SELECT * FROM TABLE(TUMBLE(TABLE Events, DESCRIPTOR(nope), INTERVAL '1' MINUTE))"),
                "ERROR: SQL validation failed. From line 1, column 42 to line 1, column 57: Column 'nope' not found in "
                "any table");
    eddy_env_free(env);
}

TEST(other_forms) {
    setup(EDDY_STREAMING);
    /* forms that run */
    ASSERT_TEXT(rows_of("WITH t AS (SELECT name, score FROM People WHERE score > 8) SELECT name FROM t"),
                "+I[Alice]\n+I[Bob]\n");
    ASSERT_TEXT(rows_of("VALUES (1, 'a'), (2, 'b')"), "+I[1, a]\n+I[2, b]\n");
    ASSERT_TEXT(rows_of("SELECT * FROM (VALUES (1), (2)) AS T(x) WHERE x > 1"), "+I[2]\n");
    /* forms the binder cannot type-check yet */
    /* GROUPING SETS / ROLLUP / CUBE type-check (a key missing from a set is nullable), then fail at planning */
    ASSERT_TEXT(schema_of("SELECT COALESCE(score, 0) AS s, city, COUNT(*) AS c, GROUPING(city) AS g, GROUP_ID() AS i "
                          "FROM People GROUP BY GROUPING SETS ((COALESCE(score, 0), city), (city), ())"),
                "(\n  `s` INT, \n  `city` STRING, \n  `c` BIGINT NOT NULL, \n  `g` BIGINT NOT NULL, \n"
                "  `i` BIGINT NOT NULL\n)");
    ASSERT_TEXT(schema_of("SELECT COALESCE(score, 0) AS s, city FROM People GROUP BY COALESCE(score, 0), ROLLUP (city)"),
                "(\n  `s` INT NOT NULL, \n  `city` STRING\n)");
    /* and run (streaming: Expand, then GroupAggregate) */
    ASSERT_TEXT(rows_of("SELECT name FROM People GROUP BY GROUPING SETS ((name), ())"),
                "+I[Alice]\n+I[null]\n+I[Bob]\n+I[Carol]\n+I[Dave]\n");
    ASSERT_TEXT(rows_of("SELECT name, GROUPING(name, city) FROM People GROUP BY CUBE ((name, city))"),
                "+I[Alice, 0]\n+I[null, 3]\n+I[Bob, 0]\n+I[Carol, 0]\n+I[Dave, 0]\n");
    ASSERT_TEXT(schema_of("SELECT score FROM People GROUP BY ROLLUP (name, city)"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 12: Expression 'score' is not "
                "being grouped");
    ASSERT_TEXT(schema_of("SELECT GROUPING(score) FROM People GROUP BY CUBE (name)"),
                "ERROR: SQL validation failed. From line 1, column 17 to line 1, column 21: Argument to GROUPING "
                "operator must be a grouped expression");
    /* subqueries type-check and plan as joins (semi / anti, left joins with
     * aggregates): the joins run, the aggregates wait for their operator */
    ASSERT_TEXT(schema_of("SELECT name, (SELECT MAX(score) FROM People) AS m, EXISTS (SELECT * FROM People) AS e, "
                          "score IN (SELECT score FROM People) AS i, name NOT IN (SELECT 'x') AS n FROM People"),
                "(\n  `name` STRING, \n  `m` INT, \n  `e` BOOLEAN NOT NULL, \n  `i` BOOLEAN, \n  `n` BOOLEAN\n)");
    ASSERT_PLAN_RUNS("SELECT name FROM People WHERE EXISTS (SELECT * FROM People)");
    ASSERT_PLAN_RUNS("SELECT name FROM People WHERE name IN (SELECT city FROM People)");
    ASSERT_PLAN_RUNS("SELECT name FROM People WHERE name NOT IN (SELECT city FROM People) AND score > 1");
    ASSERT_PLAN_RUNS("SELECT name, score IN (SELECT score FROM People) FROM People");
    ASSERT_PLAN_RUNS("SELECT name FROM People GROUP BY name HAVING MAX(score) > (SELECT MIN(score) FROM People)");
    /* correlated: the enclosing query's columns are visible inside */
    ASSERT_PLAN_RUNS("SELECT name FROM People p WHERE EXISTS (SELECT * FROM People q WHERE q.score > p.score)");
    ASSERT_PLAN_RUNS("SELECT name, (SELECT MAX(score) FROM People WHERE city = p.city) FROM People p");
    /* forms Flink's planner cannot decorrelate fail with its message */
    ASSERT_TEXT(explain_of("SELECT name FROM People p WHERE score IN (SELECT MIN(score) FROM People q WHERE q.city > "
                           "p.city)"),
                "ERROR: unexpected correlate variable $cor0 in the plan");
    ASSERT_TEXT(explain_of("SELECT name FROM People p WHERE EXISTS (SELECT * FROM People q WHERE q.city = p.city OR "
                           "q.score > 1)"),
                "ERROR: unexpected correlate variable $cor0 in the plan");
    /* a left join's NULL for a missing group is not what COUNT(*) + 1 gives */
    ASSERT_TEXT(explain_of("SELECT name, (SELECT COUNT(*) + 1 FROM People q WHERE q.city = p.city) FROM People p"),
                "ERROR: not supported yet: correlated scalar subqueries computing over COUNT");
    ASSERT_TEXT(explain_of("SELECT * FROM People p LEFT JOIN People q ON p.name = q.name AND q.score IN (SELECT "
                           "score FROM People)"),
                "ERROR: not supported yet: subqueries in the ON condition of an outer join");
    /* a correlated reference from a clause no correlation variable reaches */
    ASSERT_BIND_UNSUPPORTED("SELECT name FROM People p GROUP BY name HAVING COUNT(*) > (SELECT COUNT(*) FROM People q "
                            "WHERE q.name = p.name)",
                            "correlated subqueries outside WHERE, the select list and LATERAL");
    ASSERT_TEXT(schema_of("SELECT name, (SELECT MAX(score) FROM People WHERE city = p.city) AS m FROM People p"),
                "(\n  `name` STRING, \n  `m` INT\n)");
    ASSERT_TEXT(schema_of("SELECT name FROM People p WHERE EXISTS (SELECT * FROM People q WHERE q.score > p.nope)"),
                "ERROR: SQL validation failed. From line 1, column 80 to line 1, column 85: Column 'nope' not found in "
                "table 'p'");
    ASSERT_TEXT(schema_of("SELECT (SELECT name, score FROM People) FROM People"),
                "ERROR: SQL validation failed. From line 1, column 8 to line 1, column 39: Cannot apply "
                "'$SCALAR_QUERY' to arguments of type '$SCALAR_QUERY(<RECORDTYPE(VARCHAR(2147483647) NAME, INTEGER "
                "SCORE)>)'. Supported form(s): '$SCALAR_QUERY(<RECORDTYPE(SINGLE FIELD)>)'");
    ASSERT_TEXT(schema_of("SELECT name FROM People WHERE score IN (SELECT name, city FROM People)"),
                "ERROR: SQL validation failed. From line 1, column 31 to line 1, column 70: Values passed to IN "
                "operator must have compatible types");
    /* MATCH_RECOGNIZE: the PARTITION BY keys, then the measures */
    ASSERT_TEXT(schema_of("SELECT * FROM Events MATCH_RECOGNIZE (PARTITION BY name ORDER BY rowtime MEASURES "
                          "FIRST(A.rowtime) AS t0, LAST(B.score) AS s, MATCH_ROWTIME() AS mt, SUM(B.score) AS total, "
                          "COUNT(*) AS c ONE ROW PER MATCH AFTER MATCH SKIP PAST LAST ROW PATTERN (A B+) DEFINE B AS "
                          "B.score > PREV(B.score)) AS M"),
                "(\n  `name` STRING, \n  `t0` TIMESTAMP_LTZ(3), \n  `s` INT, \n  `mt` TIMESTAMP_LTZ(3) NOT NULL *ROWTIME*, "
                "\n  `total` INT, \n  `c` BIGINT NOT NULL\n)");
    ASSERT_PLAN_UNSUPPORTED("SELECT * FROM Events MATCH_RECOGNIZE (ORDER BY rowtime MEASURES A.name AS n PATTERN (A) "
                            "DEFINE A AS A.score > 0)",
                            "MATCH_RECOGNIZE");
    ASSERT_TEXT(schema_of("SELECT * FROM Events MATCH_RECOGNIZE (ORDER BY score MEASURES A.name AS n PATTERN (A) "
                          "DEFINE A AS A.score > 0)"),
                "ERROR: SQL validation failed. You must specify either rowtime or proctime for order by as the first "
                "one.");
    ASSERT_BIND_UNSUPPORTED("SELECT * FROM Events MATCH_RECOGNIZE (ORDER BY rowtime MEASURES A.name AS n ALL ROWS PER "
                            "MATCH PATTERN (A) DEFINE A AS A.score > 0)",
                            "MATCH_RECOGNIZE with ALL ROWS PER MATCH");
    /* LATERAL subqueries see the left side's columns */
    ASSERT_TEXT(schema_of("SELECT * FROM People p, LATERAL (SELECT score + 1, p.city FROM People WHERE name = p.name) "
                          "AS X(s, c)"),
                "(\n  `name` STRING, \n  `score` INT, \n  `city` STRING, \n  `s` INT, \n  `c` STRING\n)");
    ASSERT_PLAN_RUNS("SELECT * FROM People p LEFT JOIN LATERAL (SELECT city FROM People WHERE name = p.name) ON TRUE");
    ASSERT_TEXT(rows_of("SELECT * FROM LATERAL (SELECT 1 AS x)"), "+I[1]\n");
    eddy_env_free(env);
}

int main(void) {
    RUN(aggregations_type_check_then_fail_at_planning);
    RUN(updating_tables_into_to_datastream);
    RUN(joins);
    RUN(set_operations);
    RUN(order_by_and_limit);
    RUN(windows);
    RUN(other_forms);
    return test_report();
}
