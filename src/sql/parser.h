/*
 * parser.h -- entry points of the SQL front end: parse a script, a statement,
 * an expression or an expression list into the AST of ast.h, and print an AST
 * back as SQL text (unparse.c). The parser is hand-written recursive descent
 * over the tokens of lexer.h, following Calcite's grammar with Flink's
 * extensions (parserImpls.ftl); grammar actions only build nodes.
 *
 * Errors are EDDY_E_PARSE with Flink's messages ("SQL parse failed.
 * Encountered \"FROM\" at line 1, column 8.\nWas expecting one of:\n    ...")
 * and err->line/col at the offending token. Nesting deeper than
 * EDDY_SQL_MAX_DEPTH is refused with a parse error, so any input is safe.
 *
 * The second half of this header (EDDY_SQL_PARSER_INTERNAL) is shared by the
 * parser*.c files only.
 */
#ifndef EDDY_SQL_PARSER_H
#define EDDY_SQL_PARSER_H

#include "sql/ast.h"
#include "sql/lexer.h"

/* Deepest nesting of expressions / queries / table references accepted. */
#define EDDY_SQL_MAX_DEPTH 500

/* Parses a script: statements separated by ';' (the last ';' optional; empty
 * statements between semicolons are skipped). Needs an arena for all AST
 * memory (statement lifetime) and an empty err. Returns EDDY_OK with *out
 * set, EDDY_E_PARSE (err holds message and position) or EDDY_E_NOMEM;
 * *out is NULL on failure. */
eddy_status eddy__sql_parse_script(Arena *a, const char *sql, size_t len, AstStmtList **out, EdErr *err);

/* Parses exactly one statement with an optional trailing ';'. Same contract
 * as eddy__sql_parse_script. */
eddy_status eddy__sql_parse_stmt(Arena *a, const char *sql, size_t len, AstStmt **out, EdErr *err);

/* Parses one scalar expression (computed columns, watermark strategies,
 * Table API expression strings). Same contract. */
eddy_status eddy__sql_parse_expr(Arena *a, const char *sql, size_t len, AstExpr **out, EdErr *err);

/* Parses a comma-separated list of expressions, e.g. literal rows
 * "('Alice', 12), ('Bob', 10)" or "1, 2, 3"; a parenthesised list of several
 * expressions is a ROW. Each item may carry a row-kind prefix +I(...),
 * -U(...), +U(...), -D(...) (eddy's notation for Row.ofKind; the item is then
 * always a ROW and row_kind is set). Same contract. */
eddy_status eddy__sql_parse_expr_list(Arena *a, const char *sql, size_t len, AstExprList **out, EdErr *err);

/* Appends e as SQL text in Calcite's style (identifiers in back quotes,
 * keywords upper case, minimal parentheses). e may be NULL (prints nothing). */
void eddy__sql_unparse_expr(Buf *b, const AstExpr *e);

/* As eddy__sql_unparse_expr, but every operator call is parenthesised, which
 * shows the tree's shape (used by precedence tests). */
void eddy__sql_unparse_expr_full(Buf *b, const AstExpr *e);

/* Appends a query: clauses on separate lines ("SELECT ..\nFROM ..\nWHERE .."),
 * as Calcite's SqlNode.toString() prints them. */
void eddy__sql_unparse_query(Buf *b, const AstQuery *q);

/* Appends a statement (no trailing ';'). */
void eddy__sql_unparse_stmt(Buf *b, const AstStmt *s);

/* Appends a type as Flink prints it in SQL (the summary string). */
void eddy__sql_unparse_type(Buf *b, const Type *t);

/* Name of a time unit ("SECOND"); "" for AST_TU_NONE. Static string. */
const char *eddy__sql_time_unit_name(AstTimeUnit u);

#ifdef EDDY_SQL_PARSER_INTERNAL
/* ===========================================================================
 * Internal: parser state and helpers shared by parser.c, parser_expr.c,
 * parser_query.c and parser_ddl.c.
 * ======================================================================== */

/* Expected-item codes: token kinds below TK__COUNT, then keywords, then two
 * groups that expand to several lines in messages. */
#define EXP_KW(kw) (TK__COUNT + (int)(kw))
#define EXP_IDENT (TK__COUNT + KW__COUNT)
#define EXP_EXPR (TK__COUNT + KW__COUNT + 1)
#define EXP_MAX 96

typedef struct SqlParser {
    Arena *a;
    const char *src;
    size_t len;
    Token *toks;
    int ntoks;
    int pos;
    const char *lex_msg;
    EdErr *err;
    bool failed;
    int depth;
    int exp_pos;          /* token index of the furthest failed test */
    int nexp;
    int exp[EXP_MAX];
    bool row_kinds;       /* expression lists: +I(...) prefixes allowed */
} SqlParser;

/* Arena-backed growable array of pointers (never freed; growth wastes at
 * most the final size again). */
typedef struct PList {
    void **items;
    int len, cap;
} PList;

static inline const Token *p_cur(const SqlParser *p) { return &p->toks[p->pos]; }
static inline const Token *p_peek(const SqlParser *p, int k) {
    int i = p->pos + k;
    return &p->toks[i < p->ntoks ? (i < 0 ? 0 : i) : p->ntoks - 1];
}
/* Non-recording tests (lookahead): token kind / keyword at offset k. */
static inline bool p_is(const SqlParser *p, int k, TokKind kind) { return p_peek(p, k)->kind == kind; }
static inline bool p_is_kw(const SqlParser *p, int k, SqlKw kw) {
    const Token *t = p_peek(p, k);
    return t->kind == TK_IDENT && t->kw == kw;
}
/* Identifier (unquoted non-reserved word or back-quoted) at offset k. */
static inline bool p_is_ident(const SqlParser *p, int k) {
    const Token *t = p_peek(p, k);
    return t->kind == TK_QIDENT || (t->kind == TK_IDENT && !t->reserved);
}

/* Records that `code` was acceptable at the current token (for messages). */
void eddy__sql_p_expect_here(SqlParser *p, int code);
/* Recording tests and consumers. */
bool eddy__sql_p_at(SqlParser *p, TokKind kind);
bool eddy__sql_p_accept(SqlParser *p, TokKind kind);
bool eddy__sql_p_expect(SqlParser *p, TokKind kind);
bool eddy__sql_p_at_kw(SqlParser *p, SqlKw kw);
bool eddy__sql_p_accept_kw(SqlParser *p, SqlKw kw);
bool eddy__sql_p_expect_kw(SqlParser *p, SqlKw kw);
bool eddy__sql_p_at_ident(SqlParser *p);
/* Reports the parse error at the furthest failed test (or the lexical error
 * when that is where the tokens end). Always returns NULL / false. */
void *eddy__sql_p_fail(SqlParser *p);
/* Reports a parse error with a custom message at token t. */
void *eddy__sql_p_fail_msg(SqlParser *p, const Token *t, const char *fmt, ...) ED_PRINTF(3, 4);
/* Records EDDY_E_NOMEM (unless an error is already set); returns NULL. */
void *eddy__sql_p_oom(SqlParser *p);
/* Zeroed arena memory; reports EDDY_E_NOMEM and returns NULL on failure. */
void *eddy__sql_p_alloc(SqlParser *p, size_t n);
char *eddy__sql_p_strndup(SqlParser *p, const char *s, size_t n);
bool eddy__sql_p_push(SqlParser *p, PList *l, void *x);
/* Position covering tokens [first, last] (token indices). */
AstPos eddy__sql_p_span(const SqlParser *p, int first, int last);
/* Position of the tokens from `first` up to the last consumed one. */
AstPos eddy__sql_p_span_from(const SqlParser *p, int first);
/* Depth guard: enter fails (parse error) beyond EDDY_SQL_MAX_DEPTH. */
bool eddy__sql_p_enter(SqlParser *p);
void eddy__sql_p_leave(SqlParser *p);
/* Upper-case copy of the current token's text. */
bool eddy__sql_p_word_is(const Token *t, const SqlParser *p, const char *upper);

/* Identifiers. */
bool eddy__sql_p_ident(SqlParser *p, AstIdent *out);
AstIdent *eddy__sql_p_ident_new(SqlParser *p);
bool eddy__sql_p_name(SqlParser *p, AstName *out);
/* ( ident, ... ) */
bool eddy__sql_p_ident_list(SqlParser *p, AstIdent ***out, int *n);
/* A string literal token (with adjacent fragments); decoded content. */
const char *eddy__sql_p_string(SqlParser *p, AstPos *pos);
/* Decodes a quoted token's content ('..' with '' escapes). */
const char *eddy__sql_p_unquote(SqlParser *p, const Token *t, char q, size_t skip_prefix, size_t *out_len);

/* Expressions (parser_expr.c). */
AstExpr *eddy__sql_p_expr(SqlParser *p);
AstExpr *eddy__sql_p_expr_prec(SqlParser *p, int min_prec);
AstExpr *eddy__sql_p_new_expr(SqlParser *p, AstExprKind kind, int first_tok);
AstExpr *eddy__sql_p_literal_string(SqlParser *p);
AstExpr *eddy__sql_p_numeric_literal(SqlParser *p);
AstExpr *eddy__sql_p_interval(SqlParser *p);
bool eddy__sql_p_order_items(SqlParser *p, AstOrderItem ***out, int *n);
bool eddy__sql_p_expr_list(SqlParser *p, AstExpr ***out, int *n);
AstWindow *eddy__sql_p_window_spec(SqlParser *p);
const Type *eddy__sql_p_type(SqlParser *p, AstPos *pos, bool keep_null);
/* ( query | expr, expr, ... ): exactly one of *q / *list is set. */
bool eddy__sql_p_paren_query_or_list(SqlParser *p, AstQuery **q, AstExpr ***list, int *n);
AstExpr *eddy__sql_p_make_row(SqlParser *p, AstExpr **items, int n, bool implicit, int first_tok);
int eddy__sql_p_expr_depth(const AstExpr *e);

/* Queries (parser_query.c). */
bool eddy__sql_p_at_query_start(const SqlParser *p, int k);
AstQuery *eddy__sql_p_query(SqlParser *p);
AstQuery *eddy__sql_p_query_continue(SqlParser *p, AstQuery *left, int first_tok);
AstTableRef *eddy__sql_p_table_ref_list(SqlParser *p);
bool eddy__sql_p_hints(SqlParser *p, AstHint ***out, int *n);

/* Statements (parser.c, parser_ddl.c). */
AstStmt *eddy__sql_p_stmt(SqlParser *p);
AstStmt *eddy__sql_p_new_stmt(SqlParser *p, AstStmtKind kind, int first_tok);
AstStmt *eddy__sql_p_create(SqlParser *p);
AstStmt *eddy__sql_p_drop(SqlParser *p);
AstStmt *eddy__sql_p_alter(SqlParser *p);
AstStmt *eddy__sql_p_insert(SqlParser *p);
bool eddy__sql_p_properties(SqlParser *p, AstProperty ***out, int *n);
bool eddy__sql_p_partition_spec(SqlParser *p, AstPartSpec ***out, int *n, bool values_optional);
#endif

#endif
