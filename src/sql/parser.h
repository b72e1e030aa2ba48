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

/* One item of a Table API expression string ("a + 1 as b", "c.desc"):
 * the expression, its aliases (as x, as (x, y); none: naliases 0) and its
 * ordering (order_by: 0 none, 1 .asc, 2 .desc). Calls the SQL dialect has no
 * name for are markers the Table API layer interprets: #ROWS(n) (2.rows),
 * #CURRENT_ROW / #CURRENT_RANGE / #UNBOUNDED_ROW / #UNBOUNDED_RANGE,
 * #FLATTEN(x), and #AS(x, names...) when an alias
 * is nested inside an expression. */
typedef struct AstTableItem {
    AstExpr *expr;
    AstIdent **aliases;
    int naliases;
    int order;
    AstPos pos;
} AstTableItem;

/* The SQL function a Table API method or function name stands for:
 * upperCase -> UPPER, plus -> +, charLength -> CHAR_LENGTH (camelCase to
 * upper-case words); arena copy, NULL when memory runs out. */
const char *eddy__sql_table_api_name(Arena *a, const char *name);

/* Parses a comma-separated list of Table API expressions (Flink's string
 * expression grammar: && and || of one precedence, ===, ! for NOT, method
 * calls a.upperCase() / b.sum, 10.minutes, `as` aliases, *) into SQL AST
 * nodes. Errors: EDDY_E_PARSE "Could not parse expression at column N:
 * ..." followed by the input and a caret line. Same memory contract as the
 * other entry points. */
eddy_status eddy__sql_parse_table_exprs(Arena *a, const char *s, size_t n, AstTableItem ***out, int *nout,
                                        EdErr *err);

/* Appends e as SQL text in Calcite's style (identifiers in back quotes,
 * keywords upper case, minimal parentheses). e may be NULL (prints nothing). */
void eddy__sql_unparse_expr(Buf *b, const AstExpr *e);

/* As eddy__sql_unparse_expr, but every operator call is parenthesised, which
 * shows the tree's shape (used by precedence tests). */
void eddy__sql_unparse_expr_full(Buf *b, const AstExpr *e);

/* Appends a query: clauses on separate lines ("SELECT ..\nFROM ..\nWHERE .."),
 * as Calcite's SqlNode.toString() prints them. */
void eddy__sql_unparse_query(Buf *b, const AstQuery *q);

/* Resolves a table name for eddy__sql_unparse_query_expanded: its
 * catalog, database and name (path) and its column names (borrowed);
 * false when there is no such table or view. */
typedef struct SqlExpander {
    bool (*table)(void *ctx, const AstName *name, const char *path[3], const char *const **cols, int *ncols);
    void *ctx;
} SqlExpander;

/* Appends a query as Calcite's validator expands it (the text Flink keeps
 * for a view or a materialized table): tables fully qualified with an alias
 * (`c`.`db`.`t` AS `t`), columns qualified by it (`t`.`a`), * listed. Returns
 * false, and appends nothing, for a query whose names it cannot all expand
 * (WITH, ORDER BY or GROUP BY naming a select alias, table functions,
 * UNNEST, USING joins, an unknown table, ...). */
bool eddy__sql_unparse_query_expanded(Buf *b, const AstQuery *q, const SqlExpander *xp);

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

/* Contract of every eddy__sql_p_* function below: it needs a parser made
 * by the entry points (tokens lexed, arena set); it consumes the tokens of
 * what it parses and returns the node (or true). On a syntax error it records
 * the error in p (p->failed, p->err) and returns NULL / false; callers just
 * pass the failure up. Nodes live in p->a. */

/* Records that `code` (a TokKind, EXP_KW(kw), EXP_IDENT or EXP_EXPR) would
 * have been accepted at the current token; the error message lists these. */
void eddy__sql_p_expect_here(SqlParser *p, int code);
/* Whether the current token has this kind (recorded as expected if not). */
bool eddy__sql_p_at(SqlParser *p, TokKind kind);
/* Consumes the current token if it has this kind; false otherwise. */
bool eddy__sql_p_accept(SqlParser *p, TokKind kind);
/* Consumes a token of this kind or reports a parse error. */
bool eddy__sql_p_expect(SqlParser *p, TokKind kind);
/* The same three for a keyword. */
bool eddy__sql_p_at_kw(SqlParser *p, SqlKw kw);
bool eddy__sql_p_accept_kw(SqlParser *p, SqlKw kw);
bool eddy__sql_p_expect_kw(SqlParser *p, SqlKw kw);
/* Whether the current token can be an identifier (recorded if not). */
bool eddy__sql_p_at_ident(SqlParser *p);
/* Reports the parse error at the furthest failed test (or the lexical error
 * when that is where the tokens end). Always returns NULL. */
void *eddy__sql_p_fail(SqlParser *p);
/* Reports "SQL parse failed. <message>" at token t. Returns NULL. */
void *eddy__sql_p_fail_msg(SqlParser *p, const Token *t, const char *fmt, ...) ED_PRINTF(3, 4);
/* Records EDDY_E_NOMEM (unless an error is already set). Returns NULL. */
void *eddy__sql_p_oom(SqlParser *p);
/* Zeroed arena memory / an arena copy of s[0..n); NULL (and EDDY_E_NOMEM
 * recorded) when memory ran out. */
void *eddy__sql_p_alloc(SqlParser *p, size_t n);
char *eddy__sql_p_strndup(SqlParser *p, const char *s, size_t n);
/* Appends x to an arena-backed list; false when memory ran out. */
bool eddy__sql_p_push(SqlParser *p, PList *l, void *x);
/* Position covering tokens [first, last] (token indices); an empty span at
 * `first` when last < first. */
AstPos eddy__sql_p_span(const SqlParser *p, int first, int last);
/* Position of the tokens from `first` through the last consumed one. */
AstPos eddy__sql_p_span_from(const SqlParser *p, int first);
/* Depth guard around recursive productions: enter fails with a parse error
 * beyond EDDY_SQL_MAX_DEPTH; every successful enter needs one leave. */
bool eddy__sql_p_enter(SqlParser *p);
void eddy__sql_p_leave(SqlParser *p);
/* The value of an unsigned integer token, capped at 1000000000. Reads only
 * the token's bytes (the source need not be NUL-terminated). */
int eddy__sql_p_token_uint(const SqlParser *p, const Token *t);
/* Whether token t is an unquoted word spelling `upper` (any case). */
bool eddy__sql_p_word_is(const Token *t, const SqlParser *p, const char *upper);

/* A simple identifier into *out. */
bool eddy__sql_p_ident(SqlParser *p, AstIdent *out);
/* A simple identifier in a new node. */
AstIdent *eddy__sql_p_ident_new(SqlParser *p);
/* A compound identifier a.b.c into *out. */
bool eddy__sql_p_name(SqlParser *p, AstName *out);
/* A simple identifier as a one-part name (catalog and module names). */
bool eddy__sql_p_simple_name(SqlParser *p, AstName *out);
/* ( ident, ... ) */
bool eddy__sql_p_ident_list(SqlParser *p, AstIdent ***out, int *n);
/* A '...' string literal (with adjacent fragments); its decoded content, and
 * its position in *pos when pos is not NULL. */
const char *eddy__sql_p_string(SqlParser *p, AstPos *pos);
/* Decodes token t's quoted content (after skip_prefix bytes, quote char q,
 * doubled quotes collapsed); the length in *out_len when not NULL. Does not
 * consume the token. */
const char *eddy__sql_p_unquote(SqlParser *p, const Token *t, char q, size_t skip_prefix, size_t *out_len);

/* Expressions (parser_expr.c). */
/* A full expression. */
AstExpr *eddy__sql_p_expr(SqlParser *p);
/* An expression whose operators all bind at least as tightly as min_prec
 * (Calcite's precedences: OR 13 ... unary 80). */
AstExpr *eddy__sql_p_expr_prec(SqlParser *p, int min_prec);
/* A new node of `kind` positioned at token first_tok (no token consumed). */
AstExpr *eddy__sql_p_new_expr(SqlParser *p, AstExprKind kind, int first_tok);
/* String / binary literal at the current token (any string token kind). */
AstExpr *eddy__sql_p_literal_string(SqlParser *p);
/* Numeric literal at the current token. */
AstExpr *eddy__sql_p_numeric_literal(SqlParser *p);
/* INTERVAL ... at the current token. */
AstExpr *eddy__sql_p_interval(SqlParser *p);
/* ORDER BY items (after ORDER BY). */
bool eddy__sql_p_order_items(SqlParser *p, AstOrderItem ***out, int *n);
/* expr, expr, ... */
bool eddy__sql_p_expr_list(SqlParser *p, AstExpr ***out, int *n);
/* ( [base] [PARTITION BY ..] [ORDER BY ..] [frame] ) */
AstWindow *eddy__sql_p_window_spec(SqlParser *p);
/* A data type at the current token through eddy__type_parse; its text span
 * in *pos. keep_null false leaves a trailing bare NULL unconsumed. */
const Type *eddy__sql_p_type(SqlParser *p, AstPos *pos, bool keep_null);
/* ( query ) or ( expr, expr, ... ): exactly one of *q / *list is set. */
bool eddy__sql_p_paren_query_or_list(SqlParser *p, AstQuery **q, AstExpr ***list, int *n);
/* A ROW call over items[0..n), positioned from first_tok to the last
 * consumed token. */
AstExpr *eddy__sql_p_make_row(SqlParser *p, AstExpr **items, int n, bool implicit, int first_tok);
/* Depth of e's subtree (0 for NULL). */
int eddy__sql_p_expr_depth(const AstExpr *e);

/* Queries (parser_query.c). */
/* Whether token k starts a query (SELECT, VALUES, WITH). */
bool eddy__sql_p_at_query_start(const SqlParser *p, int k);
/* A query expression with WITH, set operations, ORDER BY, LIMIT, ... */
AstQuery *eddy__sql_p_query(SqlParser *p);
/* The rest of a query whose first operand `left` was already parsed (from
 * token first_tok): set operations, ORDER BY, LIMIT, OFFSET, FETCH. */
AstQuery *eddy__sql_p_query_continue(SqlParser *p, AstQuery *left, int first_tok);
/* The FROM clause: table references with joins and commas. */
AstTableRef *eddy__sql_p_table_ref_list(SqlParser *p);
/* Hints after slash-star-plus up to and including the closing star-slash. */
bool eddy__sql_p_hints(SqlParser *p, AstHint ***out, int *n);

/* Statements (parser.c, parser_ddl.c). */
/* Any statement. */
AstStmt *eddy__sql_p_stmt(SqlParser *p);
/* A new statement of `kind` positioned at token first_tok. */
AstStmt *eddy__sql_p_new_stmt(SqlParser *p, AstStmtKind kind, int first_tok);
/* CREATE ... / REPLACE TABLE ... */
AstStmt *eddy__sql_p_create(SqlParser *p);
/* DROP ... */
AstStmt *eddy__sql_p_drop(SqlParser *p);
/* ALTER ... */
AstStmt *eddy__sql_p_alter(SqlParser *p);
/* INSERT / UPSERT ... */
AstStmt *eddy__sql_p_insert(SqlParser *p);
/* ( 'key' = 'value', ... ) */
bool eddy__sql_p_properties(SqlParser *p, AstProperty ***out, int *n);
/* ( name = literal, ... ); with values_optional the "= literal" may be left
 * out (ANALYZE TABLE). */
bool eddy__sql_p_partition_spec(SqlParser *p, AstPartSpec ***out, int *n, bool values_optional);
#endif

#endif
