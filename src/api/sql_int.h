/*
 * sql_int.h -- what the parts of executeSql share: the statement being
 * executed and the helpers sql.c offers ddl_exec.c.
 */
#ifndef EDDY_SQL_INT_H
#define EDDY_SQL_INT_H

#include "api/api.h"

typedef struct SqlExec {
    eddy_tenv *tenv;
    eddy_env *env;
    Arena *a;        /* the env's arena */
    const char *sql; /* the statement's text (env arena) */
    bool oom;        /* an append failed (ddl_exec.c) */
} SqlExec;

/* A 1-3 part name qualified with the current catalog and database; NULL
 * with the error on the env for more parts. */
const char *eddy__sqlx_qualify(SqlExec *x, const AstName *n);
/* The "result | OK" result. */
eddy_result *eddy__sqlx_ok(SqlExec *x, eddy_statement_kind kind);
/* Binds an INSERT and plans its sink (not started). *path: the sink's
 * qualified path; item (may be NULL) gets what EXPLAIN needs. Errors on
 * the env. */
eddy_status eddy__sqlx_plan_insert(eddy_tenv *tenv, const char *sql, const AstStmt *st, StreamNode **sink,
                                   const char **path, ExplainItem *item);
/* Plans the INSERT of table t into the connector table at target_path
 * (Table.insertInto / executeInsert / StatementSet.addInsert). */
eddy_status eddy__sqlx_plan_table_insert(eddy_tenv *tenv, const char *target_path, eddy_table *t, StreamNode **sink,
                                         const char **path, ExplainItem *item);
/* EXPLAIN text of the items (env arena), or NULL with the error on the env. */
const char *eddy__sqlx_explain(eddy_tenv *tenv, const ExplainItem *items, int n, unsigned details);
/* CREATE / DROP / ALTER of tables, views, databases and catalogs, USE,
 * SHOW and DESCRIBE (ddl_exec.c). */
eddy_result *eddy__sqlx_ddl(SqlExec *x, const AstStmt *st);
/* CREATE / DROP / ALTER FUNCTION (udf.c). */
eddy_result *eddy__sqlx_function(SqlExec *x, const AstStmt *st);
/* DESCRIBE FUNCTION [EXTENDED] (udf.c): Flink's "info name | info value" rows. */
eddy_result *eddy__sqlx_describe_function(SqlExec *x, const AstStmt *st);
/* A DESCRIBE result of two string columns "info name", "info value" from
 * nrows pairs of cells (ddl_exec.c). */
eddy_result *eddy__sqlx_info_table(SqlExec *x, const char *const *cells, int nrows);

#endif
