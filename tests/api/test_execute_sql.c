/*
 * test_execute_sql.c -- executeSql through the C API: DDL, SHOW / DESCRIBE,
 * queries in both modes and print styles, INSERT into connector tables,
 * statement sets (including attachAsDataStream, reference §3a), options,
 * views, catalogs and databases, and the errors of each.
 */
#include "check.h"

/* What printing the statement's result shows (style CLIENT unless told),
 * or "ERROR: <message>" (the error is cleared). INSERTs are awaited first. */
static char *sql_styled(eddy_tenv *t, const char *sql, eddy_print_style style) {
    eddy_env *env = eddy_tenv_env(t);
    eddy_result *r = eddy_tenv_execute_sql(t, sql);
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    if (!r) {
        print_env_error(f, env);
    } else {
        if (eddy_result_statement_kind(r) == EDDY_STMT_INSERT && eddy_result_await(r) != EDDY_OK)
            print_env_error(f, env);
        eddy_print_options o = {EDDY_PRINT_OPTIONS_VERSION, style, 0, NULL, 0};
        if (eddy_result_print_with(r, f, &o) != EDDY_OK) print_env_error(f, env);
        eddy_result_free(r);
    }
    fclose(f);
    return out;
}

static char *sql(eddy_tenv *t, const char *s) { return sql_styled(t, s, EDDY_PRINT_CLIENT); }

#define OK_TABLE "+--------+\n| result |\n+--------+\n|     OK |\n+--------+\n1 row in set\n"
#define EXEC_OK(t, s) ASSERT_TEXT(sql((t), (s)), OK_TABLE)

static const char *ORDERS_DDL = "CREATE TABLE IF NOT EXISTS orders (\n"
                                " `user` BIGINT NOT NULl,\n"
                                " product VARCHAR(32),\n"
                                " amount INT,\n"
                                " ts TIMESTAMP(3),\n"
                                " ptime AS PROCTIME(),\n"
                                " PRIMARY KEY(`user`) NOT ENFORCED,\n"
                                " WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS\n"
                                ") with (\n"
                                " 'connector' = 'datagen'\n"
                                ")";

static const char *ORDERS_COLUMNS =
    "+---------+-----------------------------+-------+-----------+---------------+----------------------------+\n"
    "|    name |                        type |  null |       key |        extras |                  watermark |\n"
    "+---------+-----------------------------+-------+-----------+---------------+----------------------------+\n"
    "|    user |                      BIGINT | FALSE | PRI(user) |               |                            |\n"
    "| product |                 VARCHAR(32) |  TRUE |           |               |                            |\n"
    "|  amount |                         INT |  TRUE |           |               |                            |\n"
    "|      ts |      TIMESTAMP(3) *ROWTIME* |  TRUE |           |               | `ts` - INTERVAL '1' SECOND |\n"
    "|   ptime | TIMESTAMP_LTZ(3) *PROCTIME* | FALSE |           | AS PROCTIME() |                            |\n"
    "+---------+-----------------------------+-------+-----------+---------------+----------------------------+\n"
    "5 rows in set\n";

TEST(create_show_describe) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, ORDERS_DDL);
    EXEC_OK(t, ORDERS_DDL); /* IF NOT EXISTS */
    ASSERT_TEXT(sql(t, "show tables"), "+------------+\n| table name |\n+------------+\n|     orders |\n+------------+\n"
                                       "1 row in set\n");
    ASSERT_TEXT(sql(t, "describe orders"), ORDERS_COLUMNS);
    ASSERT_TEXT(sql(t, "desc orders"), ORDERS_COLUMNS);
    ASSERT_TEXT(sql(t, "show columns from orders"), ORDERS_COLUMNS);
    ASSERT_TEXT(sql(t, "show columns in orders like '%r'"),
                "+------+--------+-------+-----------+--------+-----------+\n"
                "| name |   type |  null |       key | extras | watermark |\n"
                "+------+--------+-------+-----------+--------+-----------+\n"
                "| user | BIGINT | FALSE | PRI(user) |        |           |\n"
                "+------+--------+-------+-----------+--------+-----------+\n"
                "1 row in set\n");
    ASSERT_TEXT(sql(t, "show columns from orders like '%u'"), "Empty set\n");
    char *got = sql(t, "show create table orders");
    ASSERT_STR_CONTAINS(got, "| CREATE TABLE `default_catalog`.`default_database`.`orders` (\n"
                             "  `user` BIGINT NOT NULL,\n"
                             "  `product` VARCHAR(32),\n"
                             "  `amount` INT,\n"
                             "  `ts` TIMESTAMP(3),\n"
                             "  `ptime` AS PROCTIME(),\n"
                             "  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n"
                             "  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n"
                             ")\n"
                             "WITH (\n"
                             "  'connector' = 'datagen'\n"
                             ")\n"
                             " |\n");
    free(got);
    /* the C API's TableResult.print() truncates at 30 columns; the client does not */
    got = sql_styled(t, "show create table orders", EDDY_PRINT_TABLEAU);
    ASSERT_STR_CONTAINS(got, "|                         result |\n");
    free(got);
    ASSERT_TEXT(sql(t, "drop table non_exist"),
                "ERROR: Table with identifier 'default_catalog.default_database.non_exist' does not exist.");
    ASSERT_TEXT(sql(t, "describe non_exist"),
                "ERROR: Tables or views with the identifier 'default_catalog.default_database.non_exist' doesn't exist.");
    ASSERT_TEXT(sql(t, "alter table non_exist rename to non_exist2"),
                "ERROR: Table `default_catalog`.`default_database`.`non_exist` doesn't exist or is a temporary table.");
    EXEC_OK(t, "alter table if exists non_exist rename to non_exist2");
    ASSERT_TEXT(sql(t, "CREATE TABLE orders (a INT) WITH ('connector' = 'datagen')"),
                "ERROR: Table (or view) default_database.orders already exists in Catalog default_catalog.");
    ASSERT_TEXT(sql(t, "CREATE TABLE k (a INT, PRIMARY KEY (a) ENFORCED) WITH ('connector' = 'datagen')"),
                "ERROR: Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls "
                "if the constraint checks are performed on the incoming/outgoing data. Flink does not own the data "
                "therefore the only supported mode is the NOT ENFORCED mode");
    EXEC_OK(t, "drop table orders");
    ASSERT_TEXT(sql(t, "show tables"), "Empty set\n");
    eddy_env_free(env);
}

TEST(show_create_table_parts) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, "CREATE TEMPORARY TABLE t (a STRING COMMENT 'it''s', b TIMESTAMP_LTZ(3), "
               "m TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL, p INT) COMMENT 'tbl' PARTITIONED BY (p) "
               "WITH ('number-of-rows' = '3', 'connector' = 'datagen')");
    char *got = sql(t, "show create table t");
    ASSERT_STR_CONTAINS(got, "| CREATE TEMPORARY TABLE `default_catalog`.`default_database`.`t` (\n"
                             "  `a` VARCHAR(2147483647) COMMENT 'it''s',\n"
                             "  `b` TIMESTAMP(3) WITH LOCAL TIME ZONE,\n"
                             "  `m` TIMESTAMP(3) WITH LOCAL TIME ZONE METADATA FROM 'timestamp' VIRTUAL,\n"
                             "  `p` INT\n"
                             ")\n"
                             "COMMENT 'tbl'\n"
                             "PARTITIONED BY (`p`)\n"
                             "WITH (\n"
                             "  'connector' = 'datagen',\n"
                             "  'number-of-rows' = '3'\n"
                             ")\n");
    free(got);
    /* datagen reads no metadata: the error comes when the table is read */
    ASSERT_TEXT(sql(t, "select * from t"),
                "ERROR: Table 'default_catalog.default_database.t' declares metadata columns, but the underlying "
                "DynamicTableSource doesn't implement the SupportsReadingMetadata interface. Therefore, metadata "
                "cannot be read from the given source.");
    ASSERT_TEXT(sql(t, "CREATE TABLE bad (a INT) PARTITIONED BY (x) WITH ('connector' = 'datagen')"),
                "ERROR: Partition column 'x' not defined in the table schema. Available columns: ['a']");
    eddy_env_free(env);
}

static const char *SEQ_DDL = "CREATE TABLE t (a INT, p INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3', "
                             "'fields.a.kind' = 'sequence', 'fields.a.start' = '1', 'fields.a.end' = '3', "
                             "'fields.p.min' = '0', 'fields.p.max' = '0')";

TEST(queries_in_both_modes) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, SEQ_DDL);
    const char *stream_client = "+----+-------------+-------------+\n"
                                "| op |           a |           p |\n"
                                "+----+-------------+-------------+\n"
                                "| +I |           1 |           0 |\n"
                                "| +I |           2 |           0 |\n"
                                "| +I |           3 |           0 |\n"
                                "+----+-------------+-------------+\n"
                                "Received a total of 3 rows\n";
    ASSERT_TEXT(sql(t, "select * from t"), stream_client);
    ASSERT_TEXT(sql_styled(t, "select * from t", EDDY_PRINT_TABLEAU),
                "+----+-------------+-------------+\n"
                "| op |           a |           p |\n"
                "+----+-------------+-------------+\n"
                "| +I |           1 |           0 |\n"
                "| +I |           2 |           0 |\n"
                "| +I |           3 |           0 |\n"
                "+----+-------------+-------------+\n"
                "3 rows in set\n");
    ASSERT_TEXT(sql_styled(t, "select * from t", EDDY_PRINT_CHANGELOG), "+I[1, 0]\n+I[2, 0]\n+I[3, 0]\n");
    ASSERT_TEXT(sql(t, "select * from t where a > 5"),
                "+----+-------------+-------------+\n"
                "| op |           a |           p |\n"
                "+----+-------------+-------------+\n"
                "Received a total of 0 row\n");
    EXEC_OK(t, "SET 'execution.runtime-mode' = 'batch'");
    ASSERT_EQ_INT(eddy_tenv_get_runtime_mode(t), EDDY_BATCH);
    ASSERT_TEXT(sql(t, "select a, p from t"),
                "+---+---+\n| a | p |\n+---+---+\n| 1 | 0 |\n| 2 | 0 |\n| 3 | 0 |\n+---+---+\n3 rows in set\n");
    ASSERT_TEXT(sql(t, "select * from t where a > 5"), "Empty set\n");
    /* OPTIONS hints lay options over the table's */
    ASSERT_TEXT(sql(t, "select * from t /*+ OPTIONS('number-of-rows' = '1') */"),
                "+---+---+\n| a | p |\n+---+---+\n| 1 | 0 |\n+---+---+\n1 row in set\n");
    /* an unbounded source cannot be read in batch mode */
    EXEC_OK(t, "CREATE TABLE u (a INT) WITH ('connector' = 'datagen')");
    char *got = sql(t, "select * from u");
    ASSERT_STR_CONTAINS(got, "ERROR: ");
    ASSERT_STR_CONTAINS(got, "unbounded");
    free(got);
    eddy_env_free(env);
}

TEST(result_api) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_result *r = eddy_tenv_execute_sql(t, SEQ_DDL);
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_get_kind(r), EDDY_RESULT_SUCCESS);
    ASSERT_EQ_INT(eddy_result_statement_kind(r), EDDY_STMT_DDL);
    ASSERT_TRUE(eddy_result_job_id(r) == NULL);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    ASSERT_EQ_INT(eddy_result_column_count(r), 1);
    ASSERT_STR_EQ(eddy_result_column_name(r, 0), "result");
    eddy_result_free(r);

    r = eddy_tenv_execute_sql(t, "SELECT a, CAST(p AS STRING) AS s FROM t");
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_get_kind(r), EDDY_RESULT_SUCCESS_WITH_CONTENT);
    ASSERT_EQ_INT(eddy_result_statement_kind(r), EDDY_STMT_QUERY);
    ASSERT_EQ_INT(strlen(eddy_result_job_id(r)), 32);
    ASSERT_STR_EQ(eddy_result_column_name(r, 1), "s");
    ASSERT_TRUE(eddy_result_column_type(r, 2) == NULL);
    ASSERT_STR_EQ(eddy_type_string(eddy_result_column_type(r, 0)), "INT");
    ASSERT_TEXT(iter_lines(eddy_result_collect(r)), "+I[1, 0]\n+I[2, 0]\n+I[3, 0]\n");
    /* collected: printing now is misuse */
    ASSERT_EQ_INT(eddy_result_print(r, stdout), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "already been consumed");
    eddy_result_free(r);

    /* a statement that does not parse: Flink's message and the position */
    ASSERT_TRUE(eddy_tenv_execute_sql(t, "SELECT a FROM t WHERE") == NULL);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_E_PARSE);
    ASSERT_STR_CONTAINS(eddy_env_errmsg(env), "SQL parse failed. Encountered \"<EOF>\" at line 1, column 21.");
    int line = 0, col = 0;
    eddy_env_error_position(env, &line, &col);
    ASSERT_EQ_INT(line, 1);
    ASSERT_EQ_INT(col, 21);
    eddy_env_clear_error(env);
    ASSERT_TRUE(eddy_tenv_execute_sql(t, "SELECT x FROM t") == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION,
                     "SQL validation failed. From line 1, column 8 to line 1, column 8: Column 'x' not found in any table");
    ASSERT_TRUE(eddy_tenv_execute_sql(t, NULL) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "NULL");
    ASSERT_TEXT(sql(t, "LOAD MODULE hive"),
                "ERROR: Could not find any factory for identifier 'hive' that implements "
                "'org.apache.flink.table.factories.ModuleFactory' in the classpath.\n\nAvailable factory identifiers "
                "are:\n\ncore");
    ASSERT_TEXT(sql(t, "BEGIN STATEMENT SET"),
                "ERROR: BEGIN STATEMENT SET and END are commands of the SQL client; in a program use "
                "eddy_tenv_create_statement_set or EXECUTE STATEMENT SET BEGIN ... END.");
    eddy_env_free(env);
}

/* ---- INSERT ------------------------------------------------------------------------------------------- */

typedef struct Run {
    eddy_tenv *t;
    const char *const *stmts;
} Run;

/* Runs the statements, awaiting each result; prints errors. */
static void run_stmts(void *arg) {
    Run *r = arg;
    eddy_env *env = eddy_tenv_env(r->t);
    for (const char *const *s = r->stmts; *s; s++) {
        eddy_result *res = eddy_tenv_execute_sql(r->t, *s);
        if (!res || eddy_result_await(res) != EDDY_OK) {
            printf("ERROR: %s\n", eddy_env_errmsg(env));
            eddy_env_clear_error(env);
        }
        eddy_result_free(res);
    }
}

static char *printed(eddy_tenv *t, const char *const *stmts) {
    Run r = {t, stmts};
    return capture_stdout(run_stmts, &r);
}

TEST(insert_into_tables) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, SEQ_DDL);
    EXEC_OK(t, "CREATE TABLE s (a INT, p INT) WITH ('connector' = 'print')");
    EXEC_OK(t, "CREATE TABLE b (a INT, p INT) WITH ('connector' = 'blackhole')");
    const char *s1[] = {"INSERT INTO s SELECT a * 10, p FROM t", "INSERT INTO s (p) SELECT a FROM t",
                        "INSERT INTO s VALUES (1, 2), (3, 4)", "INSERT INTO b SELECT * FROM t",
                        "EXECUTE INSERT INTO s VALUES (5, 5)", NULL};
    ASSERT_TEXT(printed(t, s1),
                "+I[10, 0]\n+I[20, 0]\n+I[30, 0]\n+I[null, 1]\n+I[null, 2]\n+I[null, 3]\n+I[1, 2]\n+I[3, 4]\n+I[5, 5]\n");
    /* the result of an INSERT: one column per sink, -1 affected rows */
    eddy_result *r = eddy_tenv_execute_sql(t, "INSERT INTO b SELECT * FROM t");
    ASSERT_TRUE(r != NULL);
    ASSERT_EQ_INT(eddy_result_statement_kind(r), EDDY_STMT_INSERT);
    ASSERT_EQ_INT(strlen(eddy_result_job_id(r)), 32);
    ASSERT_EQ_INT(eddy_result_await(r), EDDY_OK);
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    eddy_result_print(r, f);
    fclose(f);
    /* TableResult.print() caps every column, the header too, at 30 */
    ASSERT_TEXT(out, "+--------------------------------+\n"
                     "| default_catalog.default_dat... |\n"
                     "+--------------------------------+\n"
                     "|                             -1 |\n"
                     "+--------------------------------+\n"
                     "1 row in set\n");
    eddy_result_free(r);
    /* table.dml-sync: the call itself waits */
    ASSERT_EQ_INT(eddy_tenv_set_option(t, "table.dml-sync", "true"), EDDY_OK);
    const char *s2[] = {"INSERT INTO s VALUES (7, 7)", NULL};
    ASSERT_TEXT(printed(t, s2), "+I[7, 7]\n");
    /* static partitions need a partitioning sink */
    ASSERT_TEXT(sql(t, "INSERT INTO s PARTITION (p = 1) SELECT a FROM t"),
                "ERROR: Table 'default_catalog.default_database.s' is a partitioned table, but the underlying "
                "DynamicTableSink doesn't implement the SupportsPartitioning interface.");
    ASSERT_TEXT(sql(t, "INSERT INTO nope SELECT 1"),
                "ERROR: Cannot find table '`default_catalog`.`default_database`.`nope`' in any of the catalogs "
                "[default_catalog], nor as a temporary table.");
    ASSERT_TEXT(sql(t, "INSERT INTO s SELECT 1"),
                "ERROR: Column types of query result and sink for 'default_catalog.default_database.s' do not match.\n"
                "Cause: Different number of columns.\n\n"
                "Query schema: [EXPR$0: INT NOT NULL]\n"
                "Sink schema:  [a: INT, p: INT]");
    ASSERT_TEXT(sql(t, "INSERT INTO s (a, x) SELECT 1, 2"), "ERROR: Unknown target column 'x'");
    ASSERT_TEXT(sql(t, "INSERT INTO t SELECT 1, 2"),
                "ERROR: Connector 'datagen' can only be used as a source. It cannot be used as a sink.");
    /* a sink without SupportsOverwrite refuses in either mode */
    ASSERT_TEXT(sql(t, "INSERT OVERWRITE s SELECT * FROM t"),
                "ERROR: INSERT OVERWRITE requires that the underlying DynamicTableSink of table "
                "'default_catalog.default_database.s' implements the SupportsOverwrite interface.");
    EXEC_OK(t, "SET 'execution.runtime-mode' = 'batch'");
    ASSERT_TEXT(sql(t, "INSERT OVERWRITE s SELECT * FROM t"),
                "ERROR: INSERT OVERWRITE requires that the underlying DynamicTableSink of table "
                "'default_catalog.default_database.s' implements the SupportsOverwrite interface.");
    EXEC_OK(t, "CREATE VIEW v AS SELECT * FROM t");
    ASSERT_TEXT(sql(t, "INSERT INTO v SELECT 1, 2"),
                "ERROR: `default_catalog`.`default_database`.`v` is a view; INSERT needs a table backed by a connector "
                "(CREATE TABLE ... WITH ('connector' = ...)).");
    eddy_env_free(env);
}

TEST(create_table_as_select) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, SEQ_DDL);
    const char *s1[] = {"CREATE TABLE c WITH ('connector' = 'print') AS SELECT a, CAST(a AS STRING) AS s FROM t", NULL};
    ASSERT_TEXT(printed(t, s1), "+I[1, 1]\n+I[2, 2]\n+I[3, 3]\n");
    ASSERT_TEXT(sql(t, "describe c"), "+------+--------+------+-----+--------+-----------+\n"
                                      "| name |   type | null | key | extras | watermark |\n"
                                      "+------+--------+------+-----+--------+-----------+\n"
                                      "|    a |    INT | TRUE |     |        |           |\n"
                                      "|    s | STRING | TRUE |     |        |           |\n"
                                      "+------+--------+------+-----+--------+-----------+\n"
                                      "2 rows in set\n");
    ASSERT_TEXT(sql(t, "CREATE TABLE c WITH ('connector' = 'print') AS SELECT 1"),
                "ERROR: Table `default_catalog`.`default_database`.`c` already exists.");
    /* the table is not left behind when the INSERT cannot be planned */
    ASSERT_TEXT(sql(t, "CREATE TABLE d WITH ('connector' = 'datagen') AS SELECT 1"),
                "ERROR: Connector 'datagen' can only be used as a source. It cannot be used as a sink.");
    ASSERT_TEXT(sql(t, "show tables like 'd'"), "Empty set\n");
    ASSERT_TEXT(sql(t, "REPLACE TABLE e WITH ('connector' = 'print') AS SELECT 1"),
                "ERROR: The table `default_catalog`.`default_database`.`e` to be replaced doesn't exist. You can try to "
                "use CREATE TABLE AS statement or CREATE OR REPLACE TABLE AS statement.");
    eddy_env_free(env);
}

/* ---- statement sets ---------------------------------------------------------------------------------------- */

typedef struct SetRun {
    eddy_statement_set *ss;
    const char *col1;
    int ncols;
    eddy_status status;
} SetRun;

static void run_set(void *arg) {
    SetRun *sr = arg;
    eddy_result *r = eddy_statement_set_execute(sr->ss);
    if (!r) {
        sr->status = EDDY_E_MISUSE;
        return;
    }
    sr->ncols = (int)eddy_result_column_count(r);
    sr->col1 = eddy_result_column_name(r, 1);
    sr->status = eddy_result_await(r);
    /* the names live as long as the env */
    eddy_result_free(r);
}

typedef struct InsertRun {
    eddy_table *table;
    const char *target;
    eddy_status status;
} InsertRun;

static void run_execute_insert(void *arg) {
    InsertRun *ir = arg;
    eddy_result *r = eddy_table_execute_insert(ir->table, ir->target);
    ir->status = r ? eddy_result_await(r) : EDDY_E_MISUSE;
    eddy_result_free(r);
}

TEST(statement_sets) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, SEQ_DDL);
    EXEC_OK(t, "CREATE TABLE s (a INT, p INT) WITH ('connector' = 'print', 'print-identifier' = 's')");
    EXEC_OK(t, "CREATE TABLE s2 (a INT) WITH ('connector' = 'print', 'print-identifier' = 's2')");
    const char *s1[] = {"EXECUTE STATEMENT SET BEGIN INSERT INTO s SELECT 7, 7; INSERT INTO s2 VALUES (8); END", NULL};
    ASSERT_TEXT(sorted_lines(printed(t, s1)), "s2> +I[8]\ns> +I[7, 7]\n");

    eddy_statement_set *ss = eddy_tenv_create_statement_set(t);
    ASSERT_EQ_INT(eddy_statement_set_add_insert_sql(ss, "INSERT INTO s SELECT * FROM t"), EDDY_OK);
    ASSERT_EQ_INT(eddy_statement_set_add_insert(ss, "s2", eddy_tenv_sql_query(t, "SELECT a + 100 FROM t")), EDDY_OK);
    ASSERT_EQ_INT(eddy_statement_set_add_insert_sql(ss, "SELECT * FROM t"), EDDY_E_TABLE);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE, "Only insert statement is supported now.");
    ASSERT_EQ_INT(eddy_statement_set_add_insert(ss, "nope", eddy_tenv_from(t, "t")), EDDY_E_TABLE);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE, "Cannot find table '`default_catalog`.`default_database`.`nope`'");
    SetRun sr = {ss, NULL, 0, 0};
    ASSERT_TEXT(sorted_lines(capture_stdout(run_set, &sr)),
                "s2> +I[101]\ns2> +I[102]\ns2> +I[103]\ns> +I[1, 0]\ns> +I[2, 0]\ns> +I[3, 0]\n");
    ASSERT_EQ_INT(sr.ncols, 2);
    ASSERT_STR_EQ(sr.col1, "default_catalog.default_database.s2");
    ASSERT_EQ_INT(sr.status, EDDY_OK);
    /* executing empties the set */
    ASSERT_TRUE(eddy_statement_set_execute(ss) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_TABLE, "No operators defined in streaming topology.");

    /* Table.executeInsert */
    InsertRun ir = {eddy_tenv_sql_query(t, "SELECT a FROM t"), "s2", 0};
    ASSERT_TEXT(capture_stdout(run_execute_insert, &ir), "s2> +I[1]\ns2> +I[2]\ns2> +I[3]\n");
    ASSERT_EQ_INT(ir.status, EDDY_OK);
    eddy_env_free(env);
}

/* testAttachAsDataStream (reference §3a): two table pipelines attached to
 * the DataStream job, then a DataStream collected on its own. */
static void attach_job(void *arg) {
    eddy_env *env = arg;
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_tenv_execute_sql(t, "CREATE TEMPORARY VIEW InputTable1 AS SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS T(id, "
                             "name)");
    eddy_stream *s = eddy_from_values(env, "INT NOT NULL", "1, 2, 3");
    eddy_tenv_create_temporary_view_from_stream(t, "InputTable2", s, NULL);
    eddy_tenv_execute_sql(t, "CREATE TABLE OutputTable1 (id INT, name STRING) WITH ('connector' = 'print', "
                             "'print-identifier' = 'OutputTable1', 'sink.parallelism' = '1')");
    eddy_tenv_execute_sql(t, "CREATE TABLE OutputTable2 (id INT) WITH ('connector' = 'print', "
                             "'print-identifier' = 'OutputTable2', 'sink.parallelism' = '1')");
    eddy_statement_set *ss = eddy_tenv_create_statement_set(t);
    eddy_statement_set_add_insert(ss, "OutputTable1", eddy_tenv_from(t, "InputTable1"));
    eddy_statement_set_add_insert_sql(ss, "INSERT INTO OutputTable2 SELECT * FROM InputTable2");
    eddy_statement_set_attach_as_datastream(ss);
    /* the set is empty after attaching */
    if (eddy_statement_set_attach_as_datastream(ss) == EDDY_E_TABLE) eddy_env_clear_error(env);
    char *got = collect_stream(eddy_from_values(env, "INT NOT NULL", "3, 4, 5"));
    printf("collected:\n%s", got);
    free(got);
    if (eddy_env_execute(env, NULL) != EDDY_OK) printf("ERROR: %s\n", eddy_env_errmsg(env));
}

TEST(attach_as_datastream) {
    eddy_env *env = new_env(4);
    char *out = capture_stdout(attach_job, env);
    /* the collected stream first (its own job), then the attached pipelines */
    const char *collected = "collected:\n3\n4\n5\n";
    ASSERT_TRUE(strncmp(out, collected, strlen(collected)) == 0);
    ASSERT_TEXT(sorted_lines(strdup(out + strlen(collected))),
                "OutputTable1> +I[1, a]\nOutputTable1> +I[2, b]\nOutputTable2> +I[1]\nOutputTable2> +I[2]\n"
                "OutputTable2> +I[3]\n");
    free(out);
    ASSERT_EQ_INT(eddy_env_errcode(env), EDDY_OK);
    eddy_env_free(env);
}

/* ---- options -------------------------------------------------------------------------------------------------- */

TEST(options) {
    eddy_env *env = new_env(2);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_TRUE(eddy_option_is_known("table.local-time-zone"));
    ASSERT_TRUE(eddy_option_is_known("sql-client.execution.result-mode"));
    ASSERT_TRUE(eddy_option_is_known("table.exec.mini-batch.enabled")); /* the planner reads it */
    ASSERT_FALSE(eddy_option_is_known("pipeline.name"));
    ASSERT_FALSE(eddy_option_is_known(NULL));
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "execution.runtime-mode"), "STREAMING");
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "parallelism.default"), "2");
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "table.dml-sync"), "false");
    ASSERT_TRUE(eddy_tenv_get_option(t, "no.such.key") == NULL);
    ASSERT_TEXT(sql(t, "SET"), "Empty set\n");
    EXEC_OK(t, "SET 'table.exec.mini-batch.enabled' = 'true'");
    EXEC_OK(t, "SET 'parallelism.default' = '3'");
    ASSERT_EQ_INT(eddy_env_get_parallelism(env), 3);
    EXEC_OK(t, "SET 'table.local-time-zone' = 'Asia/Shanghai'");
    ASSERT_TEXT(sql(t, "SET"), "+-------------------------------+---------------+\n"
                               "|                           key |         value |\n"
                               "+-------------------------------+---------------+\n"
                               "|           parallelism.default |             3 |\n"
                               "| table.exec.mini-batch.enabled |          true |\n"
                               "|         table.local-time-zone | Asia/Shanghai |\n"
                               "+-------------------------------+---------------+\n"
                               "3 rows in set\n");
    ASSERT_TEXT(sql(t, "SET 'parallelism.default' = 'x'"), "ERROR: Could not parse value 'x' for key 'parallelism.default'.");
    ASSERT_TEXT(sql(t, "SET 'table.dml-sync' = 'maybe'"), "ERROR: Could not parse value 'maybe' for key 'table.dml-sync'.");
    ASSERT_TEXT(sql(t, "SET 'execution.runtime-mode' = 'fast'"),
                "ERROR: Could not parse value 'fast' for key 'execution.runtime-mode'. Possible values: [STREAMING, "
                "BATCH, AUTOMATIC]");
    ASSERT_TEXT(sql(t, "SET 'table.local-time-zone' = 'Mars/Base'"),
                "ERROR: The supported Zone ID is either a full name such as 'America/Los_Angeles', or a custom timezone "
                "id such as 'GMT-08:00', but configured Zone ID is 'Mars/Base'.");
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "table.local-time-zone"), "Asia/Shanghai");
    EXEC_OK(t, "RESET 'parallelism.default'");
    ASSERT_EQ_INT(eddy_env_get_parallelism(env), 2);
    EXEC_OK(t, "RESET");
    ASSERT_TEXT(sql(t, "SET"), "Empty set\n");
    ASSERT_STR_EQ(eddy_tenv_get_option(t, "table.local-time-zone"), "default");
    ASSERT_EQ_INT(eddy_tenv_set_option(t, NULL, "x"), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "key and value are required");
    eddy_env_free(env);
}

/* ---- views ------------------------------------------------------------------------------------------------------ */

TEST(views) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, SEQ_DDL);
    EXEC_OK(t, "CREATE VIEW v (x, y) AS SELECT a, p + 1 FROM t WHERE a > 1");
    ASSERT_TEXT(sql(t, "SELECT * FROM v"), "+----+-------------+-------------+\n"
                                           "| op |           x |           y |\n"
                                           "+----+-------------+-------------+\n"
                                           "| +I |           2 |           1 |\n"
                                           "| +I |           3 |           1 |\n"
                                           "+----+-------------+-------------+\n"
                                           "Received a total of 2 rows\n");
    EXEC_OK(t, "CREATE TEMPORARY VIEW v2 AS SELECT x FROM v");
    EXEC_OK(t, "CREATE TEMPORARY VIEW IF NOT EXISTS v2 AS SELECT 1");
    ASSERT_TEXT(sql(t, "CREATE TEMPORARY VIEW v2 AS SELECT 1"),
                "ERROR: Temporary table '`default_catalog`.`default_database`.`v2`' already exists");
    ASSERT_TEXT(sql(t, "CREATE VIEW v AS SELECT 1"),
                "ERROR: Table (or view) default_database.v already exists in Catalog default_catalog.");
    ASSERT_TEXT(sql(t, "CREATE VIEW w (a) AS SELECT 1, 2"),
                "ERROR: VIEW definition and input fields not match:\n\tDef fields: [a].\n\tInput fields: [EXPR$0, "
                "EXPR$1].");
    ASSERT_TEXT(sql(t, "SHOW VIEWS"), "+-----------+\n| view name |\n+-----------+\n|         v |\n|        v2 |\n"
                                      "+-----------+\n2 rows in set\n");
    ASSERT_TEXT(sql(t, "SHOW CREATE TABLE v"),
                "ERROR: SHOW CREATE TABLE is only supported for tables, but `default_catalog`.`default_database`.`v` "
                "is a view. Please use SHOW CREATE VIEW instead.");
    ASSERT_TEXT(sql(t, "SELECT * FROM v /*+ OPTIONS('number-of-rows' = '1') */"),
                "ERROR: SQL validation failed. View '`default_catalog`.`default_database`.`v`' cannot be enriched with "
                "new options. Hints can only be applied to tables.");
    /* a view is expanded in the session's current mode */
    EXEC_OK(t, "SET 'execution.runtime-mode' = 'batch'");
    ASSERT_TEXT(sql(t, "SELECT * FROM v2"), "+---+\n| x |\n+---+\n| 2 |\n| 3 |\n+---+\n2 rows in set\n");
    /* eddy_tenv_from reads views and tables */
    ASSERT_TEXT(iter_lines(eddy_result_collect(eddy_table_execute(eddy_tenv_from(t, "v2")))), "+I[2]\n+I[3]\n");
    EXEC_OK(t, "ALTER VIEW v RENAME TO vv");
    /* the position is in the view's text */
    ASSERT_TEXT(sql(t, "SELECT * FROM v2"),
                "ERROR: SQL validation failed. From line 1, column 43 to line 1, column 43: Object 'v' not found");
    EXEC_OK(t, "ALTER VIEW vv AS SELECT a AS x FROM t WHERE a = 3");
    ASSERT_TEXT(sql(t, "SELECT * FROM vv"), "+---+\n| x |\n+---+\n| 3 |\n+---+\n1 row in set\n");
    ASSERT_TEXT(sql(t, "DROP TABLE vv"), "ERROR: DROP TABLE for a view is not allowed; use DROP VIEW.");
    EXEC_OK(t, "DROP VIEW vv");
    EXEC_OK(t, "DROP TEMPORARY VIEW v2");
    EXEC_OK(t, "DROP VIEW IF EXISTS v2");
    ASSERT_TEXT(sql(t, "DROP VIEW v2"), "ERROR: View with identifier 'default_catalog.default_database.v2' does not exist.");
    /* a temporary view shadowing a permanent one must be dropped first */
    EXEC_OK(t, "CREATE VIEW shadowed AS SELECT 1 AS x");
    EXEC_OK(t, "CREATE TEMPORARY VIEW shadowed AS SELECT 2 AS x");
    ASSERT_TEXT(sql(t, "DROP VIEW shadowed"),
                "ERROR: Temporary view with identifier 'default_catalog.default_database.shadowed' exists. Drop it first "
                "before removing the permanent view.");
    ASSERT_TEXT(sql(t, "DROP VIEW IF EXISTS shadowed"),
                "ERROR: Temporary view with identifier 'default_catalog.default_database.shadowed' exists. Drop it first "
                "before removing the permanent view.");
    EXEC_OK(t, "DROP TEMPORARY VIEW shadowed");
    EXEC_OK(t, "DROP VIEW shadowed");
    eddy_env_free(env);
}

/* ---- ALTER TABLE and LIKE ------------------------------------------------------------------------------------ */

TEST(alter_table) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, "CREATE TABLE t (a INT, b STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '1')");
    EXEC_OK(t, "ALTER TABLE t ADD c DOUBLE");
    EXEC_OK(t, "ALTER TABLE t ADD (d BIGINT FIRST, e AS a + 1)");
    EXEC_OK(t, "ALTER TABLE t MODIFY b VARCHAR(10)");
    EXEC_OK(t, "ALTER TABLE t RENAME c TO cc");
    EXEC_OK(t, "ALTER TABLE t DROP d");
    ASSERT_TEXT(sql(t, "describe t"), "+------+-------------+------+-----+------------+-----------+\n"
                                      "| name |        type | null | key |     extras | watermark |\n"
                                      "+------+-------------+------+-----+------------+-----------+\n"
                                      "|    a |         INT | TRUE |     |            |           |\n"
                                      "|    b | VARCHAR(10) | TRUE |     |            |           |\n"
                                      "|   cc |      DOUBLE | TRUE |     |            |           |\n"
                                      "|    e |         INT | TRUE |     | AS `a` + 1 |           |\n"
                                      "+------+-------------+------+-----+------------+-----------+\n"
                                      "4 rows in set\n");
    ASSERT_TEXT(sql(t, "ALTER TABLE t ADD a INT"), "ERROR: Try to add a column `a` which already exists in the table.");
    ASSERT_TEXT(sql(t, "ALTER TABLE t MODIFY z INT"),
                "ERROR: Try to modify a column `z` which does not exist in the table.");
    ASSERT_TEXT(sql(t, "ALTER TABLE t DROP z"), "ERROR: The column `z` does not exist in the base table.");
    ASSERT_TEXT(sql(t, "ALTER TABLE t DROP PRIMARY KEY"), "ERROR: The base table does not define any primary key.");
    ASSERT_TEXT(sql(t, "ALTER TABLE t DROP WATERMARK"),
                "ERROR: The base table does not define any watermark strategy.");
    EXEC_OK(t, "ALTER TABLE t SET ('number-of-rows' = '2')");
    ASSERT_TEXT(sql_styled(t, "SELECT a IS NOT NULL FROM t", EDDY_PRINT_CHANGELOG), "+I[true]\n+I[true]\n");
    ASSERT_TEXT(sql(t, "ALTER TABLE t RESET ('connector')"), "ERROR: ALTER TABLE RESET does not support changing 'connector'");
    EXEC_OK(t, "ALTER TABLE t RENAME TO t2");
    ASSERT_TEXT(sql(t, "show tables"), "+------------+\n| table name |\n+------------+\n|         t2 |\n+------------+\n"
                                       "1 row in set\n");
    EXEC_OK(t, "CREATE TEMPORARY TABLE tmp (a INT) WITH ('connector' = 'datagen')");
    ASSERT_TEXT(sql(t, "ALTER TABLE tmp ADD b INT"),
                "ERROR: Table `default_catalog`.`default_database`.`tmp` doesn't exist or is a temporary table.");
    eddy_env_free(env);
}

TEST(create_table_like) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    EXEC_OK(t, "CREATE TABLE base (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', "
               "'number-of-rows' = '5')");
    EXEC_OK(t, "CREATE TABLE derived (b STRING) WITH ('number-of-rows' = '2') LIKE base");
    char *got = sql(t, "show create table derived");
    ASSERT_STR_CONTAINS(got, "  `a` INT,\n  `ts` TIMESTAMP(3),\n  `b` VARCHAR(2147483647),\n"
                             "  WATERMARK FOR `ts` AS `ts`\n)\nWITH (\n  'connector' = 'datagen',\n"
                             "  'number-of-rows' = '2'\n)\n");
    free(got);
    EXEC_OK(t, "CREATE TABLE d2 WITH ('connector' = 'blackhole') LIKE base (EXCLUDING OPTIONS EXCLUDING WATERMARKS)");
    got = sql(t, "show create table d2");
    ASSERT_STR_CONTAINS(got, "  `a` INT,\n  `ts` TIMESTAMP(3)\n)\nWITH (\n  'connector' = 'blackhole'\n)\n");
    free(got);
    ASSERT_TEXT(sql(t, "CREATE TABLE d3 (a INT) LIKE base"), "ERROR: A column named 'a' already exists in the base table.");
    ASSERT_TEXT(sql(t, "CREATE TABLE d4 WITH ('number-of-rows' = '1') LIKE base (INCLUDING OPTIONS)"),
                "ERROR: There already exists an option ['number-of-rows' -> '5']  in the base table. You might want to "
                "specify EXCLUDING OPTIONS or OVERWRITING OPTIONS.");
    ASSERT_TEXT(sql(t, "CREATE TABLE d5 (WATERMARK FOR ts AS ts) LIKE base"),
                "ERROR: There already exists a watermark spec for column 'ts' in the base table. You might want to "
                "specify EXCLUDING WATERMARKS or OVERWRITING WATERMARKS.");
    got = sql(t, "CREATE TABLE d6 LIKE nope");
    ASSERT_STR_CONTAINS(got, "ERROR: Source table '`default_catalog`.`default_database`.`nope`' of the LIKE clause not "
                             "found in the catalog");
    free(got);
    eddy_env_free(env);
}

/* ---- catalogs and databases ---------------------------------------------------------------------------------- */

TEST(catalogs_and_databases) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    ASSERT_TEXT(sql(t, "SHOW CURRENT CATALOG"),
                "+----------------------+\n| current catalog name |\n+----------------------+\n|      default_catalog |\n"
                "+----------------------+\n1 row in set\n");
    ASSERT_TEXT(sql(t, "SHOW CURRENT DATABASE"),
                "+-----------------------+\n| current database name |\n+-----------------------+\n"
                "|      default_database |\n+-----------------------+\n1 row in set\n");
    ASSERT_TEXT(sql(t, "CREATE CATALOG c2 WITH ('type' = 'hive')"),
                "ERROR: Could not find any factory for identifier 'hive' that implements "
                "'org.apache.flink.table.factories.CatalogFactory' in the classpath.\n\nAvailable factory identifiers "
                "are:\n\ngeneric_in_memory");
    ASSERT_TEXT(sql(t, "CREATE CATALOG c2"),
                "ERROR: Catalog options do not contain an option key 'type' for discovering a catalog.");
    EXEC_OK(t, "CREATE CATALOG c2 WITH ('type' = 'generic_in_memory')");
    ASSERT_TEXT(sql(t, "SHOW CATALOGS"), "+-----------------+\n|    catalog name |\n+-----------------+\n|              c2 |\n"
                                         "| default_catalog |\n+-----------------+\n2 rows in set\n");
    EXEC_OK(t, "CREATE DATABASE db1");
    EXEC_OK(t, "CREATE DATABASE IF NOT EXISTS db1");
    EXEC_OK(t, "CREATE TABLE db1.x (a INT) WITH ('connector' = 'datagen')");
    ASSERT_TEXT(sql(t, "SHOW TABLES FROM db1"),
                "+------------+\n| table name |\n+------------+\n|          x |\n+------------+\n1 row in set\n");
    ASSERT_TEXT(sql(t, "SHOW TABLES"), "Empty set\n");
    EXEC_OK(t, "USE db1");
    ASSERT_TEXT(sql(t, "SHOW TABLES"),
                "+------------+\n| table name |\n+------------+\n|          x |\n+------------+\n1 row in set\n");
    ASSERT_TEXT(sql(t, "DROP DATABASE db1"), "ERROR: Cannot drop a database which is currently in use.");
    EXEC_OK(t, "USE default_database");
    ASSERT_TEXT(sql(t, "DROP DATABASE db1"), "ERROR: Cannot drop a database which is not empty.");
    EXEC_OK(t, "DROP DATABASE db1 CASCADE");
    ASSERT_TEXT(sql(t, "USE db1"),
                "ERROR: A database with name [db1] does not exist in the catalog: [default_catalog].");
    EXEC_OK(t, "USE CATALOG c2");
    ASSERT_TEXT(sql(t, "SHOW DATABASES"),
                "+---------------+\n| database name |\n+---------------+\n|       default |\n+---------------+\n"
                "1 row in set\n");
    EXEC_OK(t, "CREATE TABLE y (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1', 'fields.a.min' = '4', "
               "'fields.a.max' = '4')");
    EXEC_OK(t, "USE CATALOG default_catalog");
    ASSERT_TEXT(sql_styled(t, "SELECT * FROM c2.`default`.y", EDDY_PRINT_CHANGELOG), "+I[4]\n");
    ASSERT_TEXT(sql(t, "USE CATALOG nope"), "ERROR: A catalog with name [nope] does not exist.");
    EXEC_OK(t, "DROP CATALOG c2");
    ASSERT_TEXT(sql(t, "DROP CATALOG default_catalog"), "ERROR: Cannot drop a catalog which is currently in use.");
    eddy_env_free(env);
}

/* ---- table descriptors --------------------------------------------------------------------------------------- */

TEST(table_descriptors) {
    eddy_env *env = new_env(1);
    eddy_tenv *t = eddy_tenv_new(env);
    eddy_schema *sc = eddy_schema_new(env);
    eddy_schema_column(sc, "f0", "INT");
    eddy_schema_column(sc, "f1", "STRING");
    eddy_table_descriptor *d = eddy_table_descriptor_for_connector(env, "datagen");
    eddy_table_descriptor_schema(d, sc);
    eddy_table_descriptor_option(d, "number-of-rows", "2");
    eddy_table_descriptor_option(d, "fields.f0.kind", "sequence");
    eddy_table_descriptor_option(d, "fields.f0.start", "5");
    eddy_table_descriptor_option(d, "fields.f0.end", "6");
    eddy_table_descriptor_option(d, "fields.f1.length", "3");
    eddy_table_descriptor_comment(d, "generated");
    /* from(descriptor): an anonymous table */
    eddy_table *a = eddy_tenv_from_descriptor(t, d);
    ASSERT_TRUE(a != NULL);
    ASSERT_STR_EQ(eddy_table_schema_string(a), "(\n  `f0` INT, \n  `f1` STRING\n)");
    ASSERT_EQ_INT(eddy_tenv_create_temporary_view(t, "anon", a), EDDY_OK);
    ASSERT_TEXT(sql_styled(t, "SELECT f0 FROM anon", EDDY_PRINT_CHANGELOG), "+I[5]\n+I[6]\n");
    /* createTemporaryTable / createTable */
    ASSERT_EQ_INT(eddy_tenv_create_temporary_table(t, "gen", d), EDDY_OK);
    ASSERT_EQ_INT(eddy_tenv_create_table(t, "db_gen", d), EDDY_OK);
    ASSERT_TEXT(sql_styled(t, "SELECT f0, CHAR_LENGTH(f1) FROM gen", EDDY_PRINT_CHANGELOG), "+I[5, 3]\n+I[6, 3]\n");
    char *got = sql(t, "SHOW CREATE TABLE db_gen");
    ASSERT_STR_CONTAINS(got, ")\nCOMMENT 'generated'\nWITH (\n  'connector' = 'datagen',\n");
    free(got);
    ASSERT_EQ_INT(eddy_tenv_create_temporary_table(t, "gen", d), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Temporary table '`default_catalog`.`default_database`.`gen`' already exists");
    /* a partitioned print table: the sink refuses it when used */
    eddy_table_descriptor *p = eddy_table_descriptor_for_connector(env, "print");
    eddy_table_descriptor_schema(p, sc);
    eddy_table_descriptor_partitioned_by(p, "f1", (const char *)NULL);
    ASSERT_EQ_INT(eddy_tenv_create_table(t, "sink_p", p), EDDY_OK);
    ASSERT_TEXT(sql(t, "INSERT INTO sink_p SELECT * FROM gen"),
                "ERROR: Table 'default_catalog.default_database.sink_p' is a partitioned table, but the underlying "
                "DynamicTableSink doesn't implement the SupportsPartitioning interface.");
    /* errors surface when the descriptor is used */
    eddy_table_descriptor *bad = eddy_table_descriptor_for_connector(env, "datagen");
    ASSERT_TRUE(eddy_tenv_from_descriptor(t, bad) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "has no schema");
    eddy_table_descriptor_schema(bad, sc);
    eddy_table_descriptor_option(bad, "no-such-option", "1");
    /* options are checked when the table is planned, as in Flink */
    eddy_table *lazy = eddy_tenv_from_descriptor(t, bad);
    ASSERT_TRUE(lazy != NULL);
    ASSERT_TRUE(eddy_table_execute(lazy) == NULL);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Unsupported options found for 'datagen'.");
    eddy_table_descriptor_option(bad, NULL, "1");
    ASSERT_EQ_INT(eddy_tenv_create_table(t, "x", bad), EDDY_E_MISUSE);
    ASSERT_ENV_ERROR(env, EDDY_E_MISUSE, "the key and the value are required");
    eddy_table_descriptor *bad_part = eddy_table_descriptor_for_connector(env, "print");
    eddy_table_descriptor_schema(bad_part, sc);
    eddy_table_descriptor_partitioned_by(bad_part, "zz", (const char *)NULL);
    ASSERT_EQ_INT(eddy_tenv_create_table(t, "y", bad_part), EDDY_E_VALIDATION);
    ASSERT_ENV_ERROR(env, EDDY_E_VALIDATION, "Partition column 'zz' not defined in the table schema. Available columns: "
                                             "['f0', 'f1']");
    eddy_env_free(env);
}

int main(void) {
    RUN(create_show_describe);
    RUN(show_create_table_parts);
    RUN(queries_in_both_modes);
    RUN(result_api);
    RUN(insert_into_tables);
    RUN(create_table_as_select);
    RUN(statement_sets);
    RUN(attach_as_datastream);
    RUN(options);
    RUN(views);
    RUN(alter_table);
    RUN(create_table_like);
    RUN(catalogs_and_databases);
    RUN(table_descriptors);
    return test_report();
}
