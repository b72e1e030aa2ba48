/*
 * fuzz_sql_parser.c -- libFuzzer target for the SQL front end (src/sql).
 *
 * Each input is fed, as it is, to every entry point that reads text from
 * users: a script of statements, one statement, one expression, a literal
 * list (eddy_from_values), the Table API's expression strings and Flink type
 * strings. Beyond "no crash, no leak, no undefined behaviour" (the
 * sanitizers), it checks the front end's contracts:
 *  - a failure returns an error with a message and leaves *out NULL;
 *  - every statement the parser accepts prints (unparse) as SQL that parses
 *    again, and printing that second tree gives the same text.
 * A violated contract aborts, so libFuzzer reports the input.
 *
 * Build: `make fuzz` (runs it for FUZZ_TIME seconds); ctest runs it briefly
 * over the seed corpus in fuzz/corpus when clang is installed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sql/parser.h"

static void check(bool ok, const char *what, const char *text, size_t n) {
    if (ok) return;
    fprintf(stderr, "contract violated: %s\ninput: %.*s\n", what, (int)n, text);
    abort();
}

/* A failed call must have set a message and left its result NULL. */
static void check_failure(eddy_status rc, const void *out, EdErr *err, const char *text, size_t n) {
    if (rc == EDDY_OK) return;
    check(out == NULL, "failure left an output", text, n);
    check(err->code != EDDY_OK && err->msg != NULL, "failure without an error message", text, n);
}

/* unparse(parse(x)) parses again and unparses to the same text. */
static void round_trip(const AstStmt *st, const char *text, size_t n) {
    Buf first;
    eddy__buf_init(&first);
    eddy__sql_unparse_stmt(&first, st);
    Arena a;
    eddy__arena_init(&a, 4096);
    EdErr err = {0};
    AstStmt *again = NULL;
    eddy_status rc = eddy__sql_parse_stmt(&a, first.data ? first.data : "", first.len, &again, &err);
    if (rc != EDDY_OK && rc != EDDY_E_NOMEM) {
        fprintf(stderr, "printed statement does not parse: %s\nprinted: %s\n", err.msg ? err.msg : "?",
                eddy__buf_cstr(&first));
        check(false, "printed SQL parses again", text, n);
    }
    if (rc == EDDY_OK) {
        Buf second;
        eddy__buf_init(&second);
        eddy__sql_unparse_stmt(&second, again);
        if (strcmp(eddy__buf_cstr(&first), eddy__buf_cstr(&second)) != 0) {
            fprintf(stderr, "printing is not stable:\n1: %s\n2: %s\n", eddy__buf_cstr(&first), eddy__buf_cstr(&second));
            check(false, "printing a reparsed statement gives the same text", text, n);
        }
        eddy__buf_free(&second);
    }
    eddy__err_clear(&err);
    eddy__arena_destroy(&a);
    eddy__buf_free(&first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    Arena a;
    eddy__arena_init(&a, 4096);

    EdErr err = {0};
    AstStmtList *script = NULL;
    eddy_status rc = eddy__sql_parse_script(&a, text, size, &script, &err);
    check_failure(rc, script, &err, text, size);
    if (rc == EDDY_OK)
        for (int i = 0; i < script->nstmts; i++) round_trip(script->stmts[i], text, size);
    eddy__err_clear(&err);

    AstStmt *st = NULL;
    rc = eddy__sql_parse_stmt(&a, text, size, &st, &err);
    check_failure(rc, st, &err, text, size);
    eddy__err_clear(&err);

    AstExpr *e = NULL;
    rc = eddy__sql_parse_expr(&a, text, size, &e, &err);
    check_failure(rc, e, &err, text, size);
    if (rc == EDDY_OK) {
        Buf b;
        eddy__buf_init(&b);
        eddy__sql_unparse_expr(&b, e);
        eddy__buf_free(&b);
    }
    eddy__err_clear(&err);

    AstExprList *list = NULL;
    rc = eddy__sql_parse_expr_list(&a, text, size, &list, &err);
    check_failure(rc, list, &err, text, size);
    eddy__err_clear(&err);

    AstTableItem **items = NULL;
    int nitems = 0;
    rc = eddy__sql_parse_table_exprs(&a, text, size, &items, &nitems, &err);
    check_failure(rc, items, &err, text, size);
    if (rc == EDDY_OK) {
        Buf b;
        eddy__buf_init(&b);
        for (int i = 0; i < nitems; i++) eddy__sql_unparse_expr(&b, items[i]->expr);
        eddy__buf_free(&b);
    }
    eddy__err_clear(&err);

    const Type *t = NULL;
    rc = eddy__type_parse(&a, text, size, NULL, &t, &err);
    check_failure(rc, t, &err, text, size);
    eddy__err_clear(&err);

    eddy__arena_destroy(&a);
    return 0;
}
