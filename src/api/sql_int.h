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
 * qualified path. Errors on the env. */
eddy_status eddy__sqlx_plan_insert(eddy_tenv *tenv, const char *sql, const AstStmt *st, StreamNode **sink,
                                   const char **path);
/* CREATE / DROP / ALTER of tables, views, databases and catalogs, USE,
 * SHOW and DESCRIBE (ddl_exec.c). */
eddy_result *eddy__sqlx_ddl(SqlExec *x, const AstStmt *st);
/* CREATE / DROP / ALTER FUNCTION (udf.c). */
eddy_result *eddy__sqlx_function(SqlExec *x, const AstStmt *st);

#endif
