/*
 * test_sql_parser.c -- tests of the SQL front end (src/sql): every statement
 * and expression form is parsed and printed back, and the printed text is
 * compared exactly (which pins the AST down); printing is then checked to be
 * stable (parsing the output prints the same text again). Further tests cover
 * operator precedence, positions and byte spans, literal decoding, each error
 * message form, row-kind expression lists, depth limits and random input.
 */
#include "sql/parser.h"
#include "test.h"

static Arena A;

/* Copies b into the test arena and frees it. */
static const char *take(Buf *b) {
    const char *r = eddy__arena_strdup(&A, eddy__buf_cstr(b));
    eddy__buf_free(b);
    return r;
}

static const char *err_text(EdErr *e) {
    const char *r = eddy__arena_printf(&A, "ERR %d:%d %s", e->line, e->col, e->msg ? e->msg : "(null)");
    eddy__err_clear(e);
    return r;
}

/* The identifier tokens that close many of Calcite's "Was expecting one of"
 * lists (the last line, without its newline). */
#define EXPECTING_IDENTIFIER                       \
    "    <BRACKET_QUOTED_IDENTIFIER> ...\n"        \
    "    <QUOTED_IDENTIFIER> ...\n"                \
    "    <BACK_QUOTED_IDENTIFIER> ...\n"           \
    "    <BIG_QUERY_BACK_QUOTED_IDENTIFIER> ...\n" \
    "    <HYPHENATED_IDENTIFIER> ...\n"            \
    "    <IDENTIFIER> ...\n"                       \
    "    <UNICODE_QUOTED_IDENTIFIER> ..."

/* parse_stmt + unparse, or "ERR line:col message" */
static const char *S(const char *sql) {
    AstStmt *s;
    EdErr e = {0};
    if (eddy__sql_parse_stmt(&A, sql, strlen(sql), &s, &e) != EDDY_OK) return err_text(&e);
    Buf b;
    eddy__buf_init(&b);
    eddy__sql_unparse_stmt(&b, s);
    return take(&b);
}

/* parse_expr + the given unparse, or "ERR line:col message" */
static const char *expr_text(const char *sql, void (*unparse)(Buf *, const AstExpr *)) {
    AstExpr *x;
    EdErr e = {0};
    if (eddy__sql_parse_expr(&A, sql, strlen(sql), &x, &e) != EDDY_OK) return err_text(&e);
    Buf b;
    eddy__buf_init(&b);
    unparse(&b, x);
    return take(&b);
}

static const char *E(const char *sql) { return expr_text(sql, eddy__sql_unparse_expr); }

/* fully parenthesised */
static const char *F(const char *sql) { return expr_text(sql, eddy__sql_unparse_expr_full); }

static AstStmt *stmt(const char *sql) {
    AstStmt *s = NULL;
    EdErr e = {0};
    if (eddy__sql_parse_stmt(&A, sql, strlen(sql), &s, &e) != EDDY_OK) {
        fprintf(stderr, "unexpected error: %s\n", e.msg);
        eddy__err_clear(&e);
    }
    return s;
}

static AstExpr *expr(const char *sql) {
    AstExpr *x = NULL;
    EdErr e = {0};
    if (eddy__sql_parse_expr(&A, sql, strlen(sql), &x, &e) != EDDY_OK) {
        fprintf(stderr, "unexpected error: %s\n", e.msg);
        eddy__err_clear(&e);
    }
    return x;
}

/* The statement prints as `want`, and `want` prints as itself. */
#define RT(sql, want)                    \
    do {                                 \
        ASSERT_STR_EQ(S(sql), want);     \
        ASSERT_STR_EQ(S(want), want);    \
    } while (0)

#define RTE(sql, want)                   \
    do {                                 \
        ASSERT_STR_EQ(E(sql), want);     \
        ASSERT_STR_EQ(E(want), want);    \
    } while (0)

/* text of the source covered by pos */
static const char *span(const char *src, AstPos p) { return eddy__arena_strndup(&A, src + p.start, p.end - p.start); }

/* ---- lexer ------------------------------------------------------------------- */

TEST(keyword_tables_sorted) {
    ASSERT_TRUE(eddy__lex_keywords_sorted());
    ASSERT_EQ_INT(eddy__lex_keyword("select", 6), KW_SELECT);
    ASSERT_EQ_INT(eddy__lex_keyword("SeLeCt", 6), KW_SELECT);
    ASSERT_EQ_INT(eddy__lex_keyword("selec", 5), KW_NONE);
    ASSERT_TRUE(eddy__lex_is_reserved("value", 5));
    ASSERT_TRUE(eddy__lex_is_reserved("DATE", 4));
    ASSERT_TRUE(eddy__lex_is_reserved("count", 5));
    ASSERT_TRUE(eddy__lex_is_reserved("WATERMARK", 9));
    ASSERT_TRUE(eddy__lex_is_reserved("comment", 7));
    ASSERT_FALSE(eddy__lex_is_reserved("data", 4));
    ASSERT_FALSE(eddy__lex_is_reserved("name", 4));
    ASSERT_FALSE(eddy__lex_is_reserved("type", 4));
    ASSERT_FALSE(eddy__lex_is_reserved("metadata", 8));
    ASSERT_FALSE(eddy__lex_is_reserved("columns", 7));
    ASSERT_FALSE(eddy__lex_is_reserved("t", 1));
}

TEST(lexer_positions) {
    const char *src = "SELECT\r\n\t`a``b`, 'x''y' -- c\n  FROM t /* c */ WHERE 1.5e3<>.5";
    Lexed lx;
    ASSERT_EQ_INT(eddy__lex_all(&A, src, strlen(src), &lx), EDDY_OK);
    ASSERT_EQ_INT(lx.ntoks, 11);
    const Token *t = lx.toks;
    ASSERT_EQ_INT(t[0].kind, TK_IDENT);
    ASSERT_EQ_INT(t[0].kw, KW_SELECT);
    ASSERT_TRUE(t[0].reserved);
    ASSERT_EQ_INT(t[0].end_col, 6);
    ASSERT_EQ_INT(t[1].kind, TK_QIDENT);
    ASSERT_EQ_INT(t[1].line, 2);
    ASSERT_EQ_INT(t[1].col, 2); /* a tab is one column */
    ASSERT_EQ_INT(t[1].end_col, 7);
    ASSERT_EQ_INT(t[1].start, 9);
    ASSERT_EQ_INT(t[1].end, 15);
    ASSERT_EQ_INT(t[3].kind, TK_STRING);
    ASSERT_EQ_INT(t[3].col, 10);
    ASSERT_EQ_INT(t[4].kind, TK_IDENT);
    ASSERT_EQ_INT(t[4].kw, KW_FROM);
    ASSERT_EQ_INT(t[4].line, 3);
    ASSERT_EQ_INT(t[4].col, 3);
    ASSERT_EQ_INT(t[5].reserved, false);
    ASSERT_EQ_INT(t[7].kind, TK_APPROX);
    ASSERT_EQ_INT(t[8].kind, TK_NE);
    ASSERT_EQ_INT(t[9].kind, TK_DECIMAL);
    ASSERT_EQ_INT(t[10].kind, TK_EOF);
    ASSERT_EQ_INT(t[10].line, 3);
    ASSERT_EQ_INT(t[10].col, 32); /* EOF sits on the last character read */
}

TEST(lexer_unicode_columns) {
    /* columns count UTF-16 code units, as Java does */
    const char *src = "SELECT '\xc3\xa9', '\xf0\x9f\x98\x80', x";
    Lexed lx;
    ASSERT_EQ_INT(eddy__lex_all(&A, src, strlen(src), &lx), EDDY_OK);
    ASSERT_EQ_INT(lx.toks[1].end_col, 10);
    ASSERT_EQ_INT(lx.toks[3].col, 13);
    ASSERT_EQ_INT(lx.toks[3].end_col, 16);
    ASSERT_EQ_INT(lx.toks[5].col, 19);
    /* identifiers may hold letters outside ASCII */
    ASSERT_STR_EQ(E("\xe5\x90\x8d\xe5\xad\x97 + 1"), "`\xe5\x90\x8d\xe5\xad\x97` + 1");
}

TEST(lexer_longest_match) {
    Lexed lx;
    const char *src = "a<=>b<=c=>d..e||f|g!=h $ @p x'0A' N'n' _UTF8'u' U&'\\0041'";
    ASSERT_EQ_INT(eddy__lex_all(&A, src, strlen(src), &lx), EDDY_OK);
    static const int kinds[] = {TK_IDENT,  TK_NULLEQ, TK_IDENT,  TK_LE,     TK_IDENT,          TK_ARROW,
                                TK_IDENT,  TK_DOUBLE_PERIOD, TK_IDENT, TK_CONCAT, TK_IDENT,  TK_VBAR,
                                TK_IDENT,  TK_NE2,    TK_IDENT,  TK_DOLLAR, TK_PARAM,          TK_BINARY_STRING,
                                TK_PREFIXED_STRING, TK_PREFIXED_STRING, TK_UNICODE_STRING, TK_EOF};
    ASSERT_EQ_INT(lx.ntoks, (int)ED_ARRAY_LEN(kinds));
    for (int i = 0; i < lx.ntoks; i++) ASSERT_EQ_INT(lx.toks[i].kind, kinds[i]);
    /* an unterminated string falls back to a lone quote, as in JavaCC */
    ASSERT_EQ_INT(eddy__lex_all(&A, "'abc", 4, &lx), EDDY_OK);
    ASSERT_EQ_INT(lx.toks[0].kind, TK_QUOTE);
    ASSERT_EQ_INT(lx.toks[1].kind, TK_IDENT);
    /* 1e is a number and an identifier; // starts a comment */
    ASSERT_EQ_INT(eddy__lex_all(&A, "1e // x", 7, &lx), EDDY_OK);
    ASSERT_EQ_INT(lx.ntoks, 3);
    ASSERT_EQ_INT(lx.toks[0].kind, TK_UNSIGNED_INT);
    ASSERT_EQ_INT(lx.toks[1].kind, TK_IDENT);
}

/* ---- literals ------------------------------------------------------------------ */

TEST(literal_decoding) {
    AstExpr *e = expr("'it''s'");
    ASSERT_EQ_INT(e->kind, AST_LITERAL);
    ASSERT_EQ_INT(e->u.lit.lit_kind, AST_LIT_STRING);
    ASSERT_STR_EQ(e->u.lit.value, "it's");
    ASSERT_EQ_INT(e->u.lit.nfrags, 1);

    e = expr("'ab'\n  'cd'\n'e'");
    ASSERT_STR_EQ(e->u.lit.value, "abcde");
    ASSERT_EQ_INT(e->u.lit.nfrags, 3);
    ASSERT_EQ_INT(e->pos.end_line, 3);

    e = expr("U&'\\0041\\00e9\\+01F600\\\\'");
    ASSERT_STR_EQ(e->u.lit.value, "A\xc3\xa9\xf0\x9f\x98\x80\\");
    e = expr("U&'!0041!!' UESCAPE '!'");
    ASSERT_STR_EQ(e->u.lit.value, "A!");
    e = expr("_UTF16'x''y'");
    ASSERT_STR_EQ(e->u.lit.value, "x'y");
    e = expr("N'nat'");
    ASSERT_STR_EQ(e->u.lit.value, "nat");

    e = expr("X'0aFF' '01'");
    ASSERT_EQ_INT(e->u.lit.lit_kind, AST_LIT_BINARY);
    ASSERT_EQ_INT(e->u.lit.value_len, 3);
    ASSERT_EQ_INT((unsigned char)e->u.lit.value[0], 0x0A);
    ASSERT_EQ_INT((unsigned char)e->u.lit.value[1], 0xFF);
    ASSERT_EQ_INT((unsigned char)e->u.lit.value[2], 0x01);
    ASSERT_STR_EQ(e->u.lit.text, "0AFF01");

    e = expr("12345678901234567890");
    ASSERT_EQ_INT(e->u.lit.lit_kind, AST_LIT_INTEGER);
    ASSERT_STR_EQ(e->u.lit.text, "12345678901234567890");
    ASSERT_EQ_INT(expr("1.50")->u.lit.lit_kind, AST_LIT_DECIMAL);
    ASSERT_STR_EQ(expr("1.50")->u.lit.text, "1.50");
    ASSERT_EQ_INT(expr("1e10")->u.lit.lit_kind, AST_LIT_APPROX);
    ASSERT_STR_EQ(expr("1e10")->u.lit.text, "1E10");

    e = expr("TIMESTAMP '2021-04-13 20:12:11.123456789'");
    ASSERT_EQ_INT(e->u.lit.lit_kind, AST_LIT_TIMESTAMP);
    ASSERT_STR_EQ(e->u.lit.value, "2021-04-13 20:12:11.123456789");
    ASSERT_EQ_INT(expr("DATE '2020-01-01'")->u.lit.lit_kind, AST_LIT_DATE);
    ASSERT_EQ_INT(expr("TIME '20:12:11'")->u.lit.lit_kind, AST_LIT_TIME);
    ASSERT_EQ_INT(expr("TIMESTAMP_LTZ '2020-01-01 00:00:00'")->u.lit.lit_kind, AST_LIT_TIMESTAMP_LTZ);
    ASSERT_EQ_INT(expr("TRUE")->u.lit.lit_kind, AST_LIT_TRUE);
    ASSERT_EQ_INT(expr("false")->u.lit.lit_kind, AST_LIT_FALSE);
    ASSERT_EQ_INT(expr("UNKNOWN")->u.lit.lit_kind, AST_LIT_UNKNOWN);
    ASSERT_EQ_INT(expr("null")->u.lit.lit_kind, AST_LIT_NULL);
}

TEST(literal_unparse) {
    RTE("'it''s'", "'it''s'");
    RTE("'a'\n'b'", "'ab'");
    RTE("U&'\\0041\\0042'", "'AB'");
    RTE("U&'!0041' UESCAPE '!'", "'A'");
    RTE("_UTF16'abc'", "'abc'");
    RTE("x'0aff'", "X'0AFF'");
    RTE("1.5e-3", "1.5E-3");
    RTE(".5", ".5");
    RTE("1.", "1.");
    RTE("DATE '2020-01-01'", "DATE '2020-01-01'");
    RTE("time '10:00:00'", "TIME '10:00:00'");
    RTE("TIMESTAMP '2020-01-01 00:00:00'", "TIMESTAMP '2020-01-01 00:00:00'");
    RTE("TIMESTAMP_LTZ '2020-01-01 00:00:00'", "TIMESTAMP_LTZ '2020-01-01 00:00:00'");
    RTE("true AND unknown OR null", "TRUE AND UNKNOWN OR NULL");
}

/* ---- identifiers ---------------------------------------------------------------- */

TEST(identifiers) {
    AstExpr *e = expr("cat.`my``db`.Tbl");
    ASSERT_EQ_INT(e->kind, AST_IDENT);
    ASSERT_EQ_INT(e->u.ident.name.nparts, 3);
    ASSERT_STR_EQ(e->u.ident.name.parts[0], "cat");
    ASSERT_FALSE(e->u.ident.name.quoted[0]);
    ASSERT_STR_EQ(e->u.ident.name.parts[1], "my`db");
    ASSERT_TRUE(e->u.ident.name.quoted[1]);
    ASSERT_STR_EQ(e->u.ident.name.parts[2], "Tbl"); /* case kept */
    RTE("cat.`my``db`.Tbl", "`cat`.`my``db`.`Tbl`");
    RTE("`value` + `date`", "`value` + `date`");
    RTE("data + name + type", "`data` + `name` + `type`");
    e = expr("t.*");
    ASSERT_EQ_INT(e->kind, AST_STAR);
    ASSERT_EQ_INT(e->u.ident.name.nparts, 1);
    ASSERT_STR_EQ(S("SELECT value FROM t"),
                  "ERR 1:8 SQL parse failed. Encountered \"value\" at line 1, column 8.\n"
                  "Was expecting one of:\n"
                  "    \"ALL\" ...\n"
                  "    \"CASE\" ...\n"
                  "    \"CAST\" ...\n"
                  "    \"DISTINCT\" ...\n"
                  "    \"EXISTS\" ...\n"
                  "    \"FALSE\" ...\n"
                  "    \"INTERVAL\" ...\n"
                  "    \"NOT\" ...\n"
                  "    \"NULL\" ...\n"
                  "    \"TRUE\" ...\n"
                  "    <UNSIGNED_INTEGER_LITERAL> ...\n"
                  "    <QUOTED_STRING> ...\n"
                  "    \"(\" ...\n"
                  "    \"+\" ...\n"
                  "    \"-\" ...\n"
                  "    \"*\" ...\n"
                  "    \"/*+\" ...\n"
                  EXPECTING_IDENTIFIER);
}

/* ---- expressions ---------------------------------------------------------------- */

TEST(precedence) {
    ASSERT_STR_EQ(F("a OR b AND c"), "(`a` OR (`b` AND `c`))");
    ASSERT_STR_EQ(F("a AND b OR c AND d OR e"), "((`a` AND `b`) OR (`c` AND `d`) OR `e`)");
    ASSERT_STR_EQ(F("NOT a AND b"), "((NOT `a`) AND `b`)");
    ASSERT_STR_EQ(F("NOT a = b"), "(NOT (`a` = `b`))");
    ASSERT_STR_EQ(F("NOT a IS NULL"), "(NOT (`a` IS NULL))");
    ASSERT_STR_EQ(F("a = b IS NULL"), "((`a` = `b`) IS NULL)");
    ASSERT_STR_EQ(F("a + b * c - d / e % f"), "((`a` + (`b` * `c`)) - ((`d` / `e`) % `f`))");
    ASSERT_STR_EQ(F("a - b - c"), "((`a` - `b`) - `c`)");
    ASSERT_STR_EQ(F("a || b + c"), "((`a` || `b`) + `c`)"); /* || binds like * (Calcite: 60) */
    ASSERT_STR_EQ(F("-a * b"), "((-`a`) * `b`)");
    ASSERT_STR_EQ(F("-a[1]"), "(-`a`[1])");
    ASSERT_STR_EQ(F("a < b = c"), "((`a` < `b`) = `c`)");
    ASSERT_STR_EQ(F("a = b LIKE c"), "(`a` = (`b` LIKE `c`))");
    ASSERT_STR_EQ(F("a BETWEEN 1 AND 2 AND b"), "((`a` BETWEEN 1 AND 2) AND `b`)");
    ASSERT_STR_EQ(F("a BETWEEN b + 1 AND c * 2"), "(`a` BETWEEN (`b` + 1) AND (`c` * 2))");
    ASSERT_STR_EQ(F("a + 1 IN (1, 2) = TRUE"), "(((`a` + 1) IN (1, 2)) = TRUE)");
    ASSERT_STR_EQ(F("a IS DISTINCT FROM b AND c"), "((`a` IS DISTINCT FROM `b`) AND `c`)");
    ASSERT_STR_EQ(F("a NOT LIKE 'x' || 'y' ESCAPE '!'"), "(`a` NOT LIKE ('x' || 'y') ESCAPE '!')");
    ASSERT_STR_EQ(F("a = NOT b"), "(`a` = (NOT `b`))");
    ASSERT_STR_EQ(F("(a OR b) AND c"), "((`a` OR `b`) AND `c`)");
    /* minimal parentheses */
    RTE("(a + b) * c", "(`a` + `b`) * `c`");
    RTE("a - (b - c)", "`a` - (`b` - `c`)");
    RTE("a AND (b OR c)", "`a` AND (`b` OR `c`)");
    RTE("- (a + b)", "-(`a` + `b`)");
    RTE("- -1", "- -1");
    RTE("NOT NOT a", "NOT NOT `a`");
    RTE("NOT (a AND b)", "NOT (`a` AND `b`)");
    RTE("(a = b) = c", "`a` = `b` = `c`");
    RTE("a = (b = c)", "`a` = (`b` = `c`)");
    RTE("(a IS NULL) IS NULL", "`a` IS NULL IS NULL");
}

TEST(and_or_chains_are_flat) {
    AstExpr *e = expr("a AND b AND c AND d");
    ASSERT_EQ_INT(e->kind, AST_CALL);
    ASSERT_STR_EQ(e->u.call.name, "AND");
    ASSERT_EQ_INT(e->u.call.nargs, 4);
    ASSERT_EQ_INT(e->depth, 2);
    e = expr("(a AND b) AND c");
    ASSERT_EQ_INT(e->u.call.nargs, 2);
    e = expr("a OR b AND c OR d");
    ASSERT_STR_EQ(e->u.call.name, "OR");
    ASSERT_EQ_INT(e->u.call.nargs, 3);
    ASSERT_STR_EQ(e->u.call.args[1]->u.call.name, "AND");
    e = expr("a <> b");
    ASSERT_STR_EQ(e->u.call.name, "<>");
    ASSERT_EQ_INT(e->u.call.syntax, AST_SYN_BINARY);
    ASSERT_STR_EQ(expr("a != b")->u.call.name, "<>");
    ASSERT_STR_EQ(expr("-a")->u.call.name, "MINUS_PREFIX");
    ASSERT_STR_EQ(expr("+a")->u.call.name, "PLUS_PREFIX");
    ASSERT_STR_EQ(expr("a IS NOT NULL")->u.call.name, "IS NOT NULL");
    ASSERT_STR_EQ(expr("a IS JSON")->u.call.name, "IS JSON VALUE");
}

TEST(predicates) {
    RTE("a BETWEEN 1 AND 2 AND b NOT BETWEEN SYMMETRIC 3 AND 4",
        "`a` BETWEEN 1 AND 2 AND `b` NOT BETWEEN SYMMETRIC 3 AND 4");
    RTE("a between asymmetric 1 and 2", "`a` BETWEEN ASYMMETRIC 1 AND 2");
    RTE("a NOT IN (1, 2, 3)", "`a` NOT IN (1, 2, 3)");
    RTE("a IN (SELECT b FROM t)", "`a` IN (SELECT `b`\nFROM `t`)");
    RTE("a IN ((SELECT 1) UNION (SELECT 2))", "`a` IN (SELECT 1\nUNION\nSELECT 2)");
    RTE("EXISTS (SELECT 1)", "EXISTS (SELECT 1)");
    RTE("NOT EXISTS (SELECT 1 FROM t)", "NOT EXISTS (SELECT 1\nFROM `t`)");
    RTE("s LIKE 'a%' ESCAPE '\\'", "`s` LIKE 'a%' ESCAPE '\\'");
    RTE("s NOT SIMILAR TO 'x'", "`s` NOT SIMILAR TO 'x'");
    RTE("a IS NOT DISTINCT FROM b", "`a` IS NOT DISTINCT FROM `b`");
    RTE("a is true or b is not unknown or c is false or d is not false", "`a` IS TRUE OR `b` IS NOT UNKNOWN OR `c` IS FALSE OR `d` IS NOT FALSE");
    RTE("x IS JSON", "`x` IS JSON VALUE");
    RTE("x IS NOT JSON OBJECT AND y IS JSON SCALAR AND z IS JSON ARRAY",
        "`x` IS NOT JSON OBJECT AND `y` IS JSON SCALAR AND `z` IS JSON ARRAY");
    AstExpr *e = expr("a NOT IN (SELECT 1)");
    ASSERT_EQ_INT(e->kind, AST_IN);
    ASSERT_TRUE(e->u.in.negated);
    ASSERT_TRUE(e->u.in.query != NULL);
    e = expr("s NOT SIMILAR TO 'x' ESCAPE '!'");
    ASSERT_EQ_INT(e->kind, AST_LIKE);
    ASSERT_TRUE(e->u.like.similar && e->u.like.negated && e->u.like.escape);
}

TEST(function_calls) {
    RTE("PROCTIME()", "PROCTIME()");
    RTE("SOURCE_WATERMARK()", "SOURCE_WATERMARK()");
    RTE("CURRENT_ROW_TIMESTAMP()", "CURRENT_ROW_TIMESTAMP()");
    RTE("count(*)", "COUNT(*)");
    RTE("COUNT(DISTINCT a) FILTER (WHERE b > 0)", "COUNT(DISTINCT `a`) FILTER (WHERE `b` > 0)");
    RTE("count(all a)", "COUNT(ALL `a`)");
    RTE("upper(s) || my_fn(s, 1)", "UPPER(`s`) || my_fn(`s`, 1)");
    RTE("mydb.`my fn`(1)", "mydb.`my fn`(1)");
    RTE("SUM(a) OVER (PARTITION BY b ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)",
        "SUM(`a`) OVER (PARTITION BY `b` ORDER BY `ts` ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)");
    RTE("SUM(a) OVER w", "SUM(`a`) OVER `w`");
    RTE("AVG(a) OVER (ORDER BY ts RANGE INTERVAL '1' HOUR PRECEDING)",
        "AVG(`a`) OVER (ORDER BY `ts` RANGE INTERVAL '1' HOUR PRECEDING)");
    RTE("ROW_NUMBER() OVER (w PARTITION BY a ORDER BY b DESC NULLS FIRST ROWS BETWEEN 2 PRECEDING AND 3 FOLLOWING)",
        "ROW_NUMBER() OVER (`w` PARTITION BY `a` ORDER BY `b` DESC NULLS FIRST ROWS BETWEEN 2 PRECEDING AND 3 FOLLOWING)");
    RTE("LAST_VALUE(a) OVER (ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)",
        "LAST_VALUE(`a`) OVER (ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)");
    RTE("LISTAGG(a, ',') WITHIN GROUP (ORDER BY b)", "LISTAGG(`a`, ',') WITHIN GROUP (ORDER BY `b`)");
    RTE("f(x).field.sub", "f(`x`).`field`.`sub`");
    RTE("f(a => 1, b => DEFAULT)", "f(`a` => 1, `b` => DEFAULT)");
    AstExpr *e = expr("mydb.fn(1)");
    ASSERT_STR_EQ(e->u.call.name, "fn");
    ASSERT_EQ_INT(e->u.call.fname.nparts, 2);
    e = expr("Count(x)");
    ASSERT_STR_EQ(e->u.call.name, "COUNT");
    ASSERT_EQ_INT(e->u.call.fname.nparts, 0);
    e = expr("COUNT(*) OVER (PARTITION BY a)");
    ASSERT_EQ_INT(e->u.call.args[0]->kind, AST_STAR);
    ASSERT_EQ_INT(e->u.call.over->npartition, 1);
}

TEST(niladic_and_context) {
    RTE("CURRENT_TIMESTAMP", "CURRENT_TIMESTAMP");
    RTE("current_date + 1", "CURRENT_DATE + 1");
    RTE("LOCALTIME", "LOCALTIME");
    RTE("LOCALTIMESTAMP", "LOCALTIMESTAMP");
    RTE("CURRENT_TIME", "CURRENT_TIME");
    RTE("USER", "USER");
    RTE("CURRENT_DATE()", "CURRENT_DATE()");
    ASSERT_EQ_INT(expr("CURRENT_TIMESTAMP")->u.call.syntax, AST_SYN_NILADIC);
    ASSERT_EQ_INT(expr("CURRENT_TIMESTAMP()")->u.call.syntax, AST_SYN_FUNCTION);
}

TEST(special_calls) {
    RTE("CAST(event_time AS TIMESTAMP_LTZ(3))", "CAST(`event_time` AS TIMESTAMP_LTZ(3))");
    RTE("TRY_CAST(a AS INT)", "TRY_CAST(`a` AS INT)");
    RTE("CAST(x AS ROW<a INT, b STRING>)", "CAST(`x` AS ROW<`a` INT, `b` STRING>)");
    RTE("CAST(x AS DECIMAL(10, 2))", "CAST(`x` AS DECIMAL(10, 2))");
    /* in SQL a bare VARCHAR / VARBINARY has the maximum length (FlinkTypeSystem) */
    RTE("CAST(x AS VARCHAR)", "CAST(`x` AS STRING)");
    RTE("CAST(x AS VARCHAR(1))", "CAST(`x` AS VARCHAR(1))");
    RTE("CAST(x AS CHARACTER VARYING)", "CAST(`x` AS STRING)");
    RTE("CAST(x AS ARRAY<VARBINARY>)", "CAST(`x` AS ARRAY<BYTES>)");
    RTE("CAST(x AS BINARY VARYING (3))", "CAST(`x` AS VARBINARY(3))");
    RTE("CAST(x AS CHAR)", "CAST(`x` AS CHAR(1))");
    RTE("CAST(x AS ARRAY<INT NOT NULL>)", "CAST(`x` AS ARRAY<INT NOT NULL>)");
    RTE("CAST(x AS TIMESTAMP(3) WITH LOCAL TIME ZONE)", "CAST(`x` AS TIMESTAMP_LTZ(3))");
    RTE("CAST(x AS /* a comment */ INT)", "CAST(`x` AS INT)");
    RTE("TRIM(BOTH 'x' FROM s)", "TRIM(BOTH 'x' FROM `s`)");
    RTE("TRIM(s)", "TRIM(`s`)");
    RTE("TRIM(LEADING FROM s)", "TRIM(LEADING FROM `s`)");
    RTE("TRIM(trailing 'a' from s)", "TRIM(TRAILING 'a' FROM `s`)");
    RTE("TRIM('x' FROM s)", "TRIM('x' FROM `s`)");
    RTE("SUBSTRING(s FROM 1 FOR 2)", "SUBSTRING(`s` FROM 1 FOR 2)");
    RTE("SUBSTRING(s, 1)", "SUBSTRING(`s` FROM 1)");
    RTE("SUBSTRING(s, 1, 3)", "SUBSTRING(`s` FROM 1 FOR 3)");
    RTE("POSITION('a' IN s)", "POSITION('a' IN `s`)");
    RTE("POSITION('a' IN s FROM 3)", "POSITION('a' IN `s` FROM 3)");
    RTE("OVERLAY(s PLACING 'x' FROM 1 FOR 2)", "OVERLAY(`s` PLACING 'x' FROM 1 FOR 2)");
    RTE("EXTRACT(YEAR FROM d)", "EXTRACT(YEAR FROM `d`)");
    RTE("extract(dow from d) + extract(millisecond from d)", "EXTRACT(DOW FROM `d`) + EXTRACT(MILLISECOND FROM `d`)");
    RTE("FLOOR(ts TO DAY)", "FLOOR(`ts` TO DAY)");
    RTE("CEIL(ts TO HOUR)", "CEIL(`ts` TO HOUR)");
    RTE("CEILING(1.5) + FLOOR(2.5)", "CEIL(1.5) + FLOOR(2.5)");
    RTE("TIMESTAMPADD(DAY, 1, ts)", "TIMESTAMPADD(DAY, 1, `ts`)");
    RTE("TIMESTAMPDIFF(SQL_TSI_SECOND, a, b)", "TIMESTAMPDIFF(SECOND, `a`, `b`)");
    RTE("DESCRIPTOR(ts)", "DESCRIPTOR(`ts`)");
    AstExpr *e = expr("TRIM(s)");
    ASSERT_EQ_INT(e->u.call.nargs, 3);
    ASSERT_TRUE(e->u.call.args[0]->u.symbol.implicit);
    ASSERT_STR_EQ(e->u.call.args[0]->u.symbol.sym, "BOTH");
    ASSERT_TRUE(e->u.call.args[1] == NULL);
    e = expr("EXTRACT(HOUR FROM ts)");
    ASSERT_EQ_INT(e->u.call.args[0]->kind, AST_SYMBOL);
    ASSERT_EQ_INT(e->u.call.args[0]->u.symbol.unit, AST_TU_HOUR);
    e = expr("CAST(x AS TIMESTAMP_LTZ(3))");
    ASSERT_EQ_INT(e->kind, AST_CAST);
    ASSERT_EQ_INT(e->u.cast.type->root, TY_TIMESTAMP_LTZ);
    ASSERT_EQ_INT(e->u.cast.type->precision, 3);
    ASSERT_EQ_INT(e->u.cast.type_pos.col, 11);
    ASSERT_EQ_INT(e->u.cast.type_pos.end_col, 26);
}

TEST(json_functions) {
    RTE("JSON_VALUE(j, '$.a' RETURNING INT DEFAULT 0 ON EMPTY NULL ON ERROR)",
        "JSON_VALUE(`j`, '$.a' RETURNING INT DEFAULT 0 ON EMPTY NULL ON ERROR)");
    RTE("JSON_VALUE(j, '$.a' RETURNING INT NULL ON EMPTY)", "JSON_VALUE(`j`, '$.a' RETURNING INT NULL ON EMPTY)");
    RTE("JSON_VALUE(j, '$.a' RETURNING STRING)", "JSON_VALUE(`j`, '$.a' RETURNING STRING)");
    RTE("JSON_QUERY(j, '$.a' WITH CONDITIONAL ARRAY WRAPPER EMPTY ARRAY ON EMPTY ERROR ON ERROR)",
        "JSON_QUERY(`j`, '$.a' WITH CONDITIONAL ARRAY WRAPPER EMPTY ARRAY ON EMPTY ERROR ON ERROR)");
    RTE("JSON_QUERY(j, '$' WITHOUT WRAPPER)", "JSON_QUERY(`j`, '$' WITHOUT ARRAY WRAPPER)");
    RTE("JSON_QUERY(j, '$' WITH WRAPPER EMPTY OBJECT ON ERROR)",
        "JSON_QUERY(`j`, '$' WITH UNCONDITIONAL ARRAY WRAPPER EMPTY OBJECT ON ERROR)");
    RTE("JSON_EXISTS(j, '$.a' FALSE ON ERROR)", "JSON_EXISTS(`j`, '$.a' FALSE ON ERROR)");
    RTE("JSON_EXISTS(j, '$.a')", "JSON_EXISTS(`j`, '$.a')");
    RTE("JSON_OBJECT(KEY 'a' VALUE 1, 'b' : 2 ABSENT ON NULL)", "JSON_OBJECT(KEY 'a' VALUE 1, KEY 'b' VALUE 2 ABSENT ON NULL)");
    RTE("JSON_OBJECT()", "JSON_OBJECT()");
    RTE("JSON_OBJECT(NULL ON NULL)", "JSON_OBJECT(NULL ON NULL)");
    RTE("JSON_OBJECT(key VALUE 1)", "JSON_OBJECT(KEY `key` VALUE 1)");
    RTE("JSON_ARRAY(1, 'a' NULL ON NULL)", "JSON_ARRAY(1, 'a' NULL ON NULL)");
    RTE("JSON_ARRAY()", "JSON_ARRAY()");
    RTE("JSON_ARRAYAGG(x ORDER BY y ABSENT ON NULL)", "JSON_ARRAYAGG(`x` ORDER BY `y` ABSENT ON NULL)");
    RTE("JSON_OBJECTAGG(KEY k VALUE v NULL ON NULL)", "JSON_OBJECTAGG(KEY `k` VALUE `v` NULL ON NULL)");
    AstExpr *e = expr("JSON_VALUE(j, '$.a' RETURNING BIGINT DEFAULT -1 ON ERROR)");
    ASSERT_EQ_INT(e->u.call.nargs, 3);
    ASSERT_EQ_INT(e->u.call.type->root, TY_BIGINT);
    ASSERT_STR_EQ(e->u.call.args[2]->u.symbol.sym, "DEFAULT ON ERROR");
    ASSERT_TRUE(e->u.call.args[2]->u.symbol.operand != NULL);
}

TEST(constructors_and_access) {
    RTE("a.b.c", "`a`.`b`.`c`");
    RTE("a[1]", "`a`[1]");
    RTE("m['k'][2].f", "`m`['k'][2].`f`");
    RTE("ARRAY[1, 2]", "ARRAY[1, 2]");
    RTE("ARRAY[]", "ARRAY[]");
    RTE("MAP['a', 1, 'b', 2]", "MAP['a', 1, 'b', 2]");
    RTE("ROW(a, b)", "ROW(`a`, `b`)");
    RTE("(a, b)", "(`a`, `b`)");
    RTE("ROW(1)", "ROW(1)");
    RTE("ARRAY(SELECT 1)", "ARRAY(SELECT 1)");
    RTE("MAP(SELECT a, b FROM t)", "MAP(SELECT `a`, `b`\nFROM `t`)");
    RTE("MULTISET[1, 2]", "MULTISET[1, 2]");
    RTE("(SELECT 1) + 1", "(SELECT 1) + 1");
    RTE("CASE WHEN a = 1 THEN 'x' WHEN a = 2 THEN 'y' ELSE 'z' END",
        "CASE WHEN `a` = 1 THEN 'x' WHEN `a` = 2 THEN 'y' ELSE 'z' END");
    RTE("CASE a WHEN 1, 2 THEN 'x' END", "CASE `a` WHEN 1, 2 THEN 'x' END");
    ASSERT_EQ_INT(expr("(a, b)")->u.call.syntax, AST_SYN_IMPLICIT_ROW);
    ASSERT_EQ_INT(expr("(a)")->kind, AST_IDENT);
    AstExpr *e = expr("m['k']");
    ASSERT_STR_EQ(e->u.call.name, "ITEM");
    ASSERT_EQ_INT(e->u.call.nargs, 2);
}

TEST(intervals) {
    RTE("rowtime - INTERVAL '10' SECOND", "`rowtime` - INTERVAL '10' SECOND");
    RTE("INTERVAL '1:30' MINUTE TO SECOND", "INTERVAL '1:30' MINUTE TO SECOND");
    RTE("INTERVAL '10' MINUTES", "INTERVAL '10' MINUTE");
    RTE("INTERVAL -'1' DAY", "INTERVAL -'1' DAY");
    RTE("INTERVAL +'1' DAY", "INTERVAL '1' DAY");
    RTE("-INTERVAL '1' DAY", "-INTERVAL '1' DAY");
    RTE("INTERVAL '1' DAY(3) TO SECOND(3)", "INTERVAL '1' DAY(3) TO SECOND(3)");
    RTE("INTERVAL '1.5' SECOND(2, 3)", "INTERVAL '1.5' SECOND(2, 3)");
    RTE("INTERVAL '1-2' YEAR TO MONTH", "INTERVAL '1-2' YEAR TO MONTH");
    RTE("INTERVAL 3 MONTHS", "INTERVAL 3 MONTH");
    RTE("INTERVAL x DAY", "INTERVAL `x` DAY");
    RTE("INTERVAL (a + 1) HOUR", "INTERVAL (`a` + 1) HOUR");
    AstExpr *e = expr("INTERVAL -'1:30' HOURS(2) TO MINUTES");
    ASSERT_EQ_INT(e->kind, AST_INTERVAL);
    ASSERT_STR_EQ(e->u.interval.value, "1:30");
    ASSERT_EQ_INT(e->u.interval.sign, -1);
    ASSERT_EQ_INT(e->u.interval.from, AST_TU_HOUR);
    ASSERT_EQ_INT(e->u.interval.to, AST_TU_MINUTE);
    ASSERT_EQ_INT(e->u.interval.precision, 2);
    ASSERT_EQ_INT(e->u.interval.frac_precision, -1);
    ASSERT_TRUE(e->u.interval.plural);
    ASSERT_STR_EQ(E("INTERVAL '1' YEAR TO DAY"),
                  "ERR 1:22 SQL parse failed. Encountered \"DAY\" at line 1, column 22.\n"
                  "Was expecting one of:\n"
                  "    \"MONTH\" ...\n"
                  "    \"MONTHS\" ...");
}

/* ---- queries --------------------------------------------------------------------- */

TEST(select_basics) {
    RT("SELECT a, b AS c, COUNT(*) FROM t WHERE a > 1 AND b < 2 OR c = 3 GROUP BY a ORDER BY a DESC LIMIT 10",
       "SELECT `a`, `b` AS `c`, COUNT(*)\nFROM `t`\nWHERE `a` > 1 AND `b` < 2 OR `c` = 3\nGROUP BY `a`\n"
       "ORDER BY `a` DESC\nFETCH NEXT 10 ROWS ONLY");
    RT("select distinct t.*, * from cat.db.t as x(a, b)", "SELECT DISTINCT `t`.*, *\nFROM `cat`.`db`.`t` AS `x` (`a`, `b`)");
    RT("SELECT ALL a x FROM t y", "SELECT ALL `a` AS `x`\nFROM `t` AS `y`");
    RT("SELECT 1", "SELECT 1");
    RT("SELECT a FROM t LIMIT 10 OFFSET 5", "SELECT `a`\nFROM `t`\nOFFSET 5 ROWS\nFETCH NEXT 10 ROWS ONLY");
    RT("SELECT a FROM t ORDER BY 1 NULLS LAST OFFSET 2 ROWS FETCH FIRST 3 ROWS ONLY",
       "SELECT `a`\nFROM `t`\nORDER BY 1 NULLS LAST\nOFFSET 2 ROWS\nFETCH NEXT 3 ROWS ONLY");
    RT("SELECT a FROM t LIMIT ALL", "SELECT `a`\nFROM `t`");
    RT("SELECT a FROM t OFFSET 1 ROW FETCH NEXT 1 ROW ONLY", "SELECT `a`\nFROM `t`\nOFFSET 1 ROWS\nFETCH NEXT 1 ROWS ONLY");
    RT("SELECT id, COUNT(*) as cnt, COUNT(DISTINCT str) as uv, max(ts) as max_ts\n"
       "FROM (VALUES\n"
       "  (1, 'Hello World', TIMESTAMP '2021-04-13 20:12:11.123456789'),\n"
       "  (2, 'Hi', TIMESTAMP '2021-04-13 19:12:11.123456789')) as T(id, str, ts)\n"
       "GROUP BY id;",
       "SELECT `id`, COUNT(*) AS `cnt`, COUNT(DISTINCT `str`) AS `uv`, MAX(`ts`) AS `max_ts`\n"
       "FROM (VALUES (1, 'Hello World', TIMESTAMP '2021-04-13 20:12:11.123456789'), (2, 'Hi', TIMESTAMP "
       "'2021-04-13 19:12:11.123456789')) AS `T` (`id`, `str`, `ts`)\n"
       "GROUP BY `id`");
    AstQuery *q = stmt("SELECT a FROM t LIMIT 10")->u.query.query;
    ASSERT_EQ_INT(q->kind, AST_Q_SELECT);
    ASSERT_STR_EQ(q->fetch->u.lit.text, "10");
    ASSERT_TRUE(q->offset == NULL);
}

TEST(joins) {
    RT("SELECT a FROM t1 JOIN t2 ON t1.a = t2.a LEFT OUTER JOIN t3 USING (a) CROSS JOIN t4, t5 NATURAL RIGHT JOIN t6 "
       "FULL JOIN t7 ON TRUE INNER JOIN t8 ON x",
       "SELECT `a`\nFROM `t1`\nINNER JOIN `t2` ON `t1`.`a` = `t2`.`a`\nLEFT JOIN `t3` USING (`a`)\nCROSS JOIN `t4`,\n"
       "`t5`\nNATURAL RIGHT JOIN `t6`\nFULL JOIN `t7` ON TRUE\nINNER JOIN `t8` ON `x`");
    AstTableRef *f = stmt("SELECT * FROM a LEFT OUTER JOIN b ON x, c")->u.query.query->u.select.from;
    ASSERT_EQ_INT(f->kind, AST_TREF_JOIN);
    ASSERT_EQ_INT(f->u.join.type, AST_JOIN_COMMA);
    ASSERT_EQ_INT(f->u.join.left->kind, AST_TREF_JOIN);
    ASSERT_EQ_INT(f->u.join.left->u.join.type, AST_JOIN_LEFT);
    ASSERT_TRUE(f->u.join.left->u.join.outer_written);
    ASSERT_STR_EQ(f->u.join.right->u.table.name.parts[0], "c");
}

TEST(table_references) {
    RT("SELECT * FROM (SELECT 1) AS s, LATERAL TABLE(f(a)) AS T(x), UNNEST(arr) WITH ORDINALITY AS u(v, o)",
       "SELECT *\nFROM (SELECT 1) AS `s`,\nLATERAL TABLE(f(`a`)) AS `T` (`x`),\nUNNEST(`arr`) WITH ORDINALITY AS `u` (`v`, `o`)");
    RT("SELECT * FROM t, LATERAL (SELECT * FROM u WHERE u.a = t.a)",
       "SELECT *\nFROM `t`,\nLATERAL (SELECT *\nFROM `u`\nWHERE `u`.`a` = `t`.`a`)");
    RT("SELECT * FROM TABLE(TUMBLE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))",
       "SELECT *\nFROM TABLE(TUMBLE(TABLE `Bid`, DESCRIPTOR(`bidtime`), INTERVAL '10' MINUTE))");
    RT("SELECT * FROM TABLE(SESSION(TABLE Bid PARTITION BY item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES))",
       "SELECT *\nFROM TABLE(SESSION(TABLE `Bid` PARTITION BY `item`, DESCRIPTOR(`bidtime`), INTERVAL '5' MINUTE))");
    RT("SELECT * FROM TABLE(SESSION(TABLE Bid PARTITION BY (a, b), DESCRIPTOR(bidtime), INTERVAL '5' MINUTES))",
       "SELECT *\nFROM TABLE(SESSION(TABLE `Bid` PARTITION BY (`a`, `b`), DESCRIPTOR(`bidtime`), INTERVAL '5' MINUTE))");
    RT("SELECT * FROM TABLE(HOP(DATA => TABLE Bid, TIMECOL => DESCRIPTOR(bidtime), SLIDE => INTERVAL '5' MINUTES, "
       "SIZE => INTERVAL '10' MINUTES))",
       "SELECT *\nFROM TABLE(HOP(`DATA` => TABLE `Bid`, `TIMECOL` => DESCRIPTOR(`bidtime`), `SLIDE` => INTERVAL '5' "
       "MINUTE, `SIZE` => INTERVAL '10' MINUTE))");
    RT("SELECT * FROM TABLE(CUMULATE(TABLE Bid, DESCRIPTOR(bidtime), INTERVAL '2' MINUTES, INTERVAL '10' MINUTES))",
       "SELECT *\nFROM TABLE(CUMULATE(TABLE `Bid`, DESCRIPTOR(`bidtime`), INTERVAL '2' MINUTE, INTERVAL '10' MINUTE))");
    RT("SELECT * FROM Orders AS o JOIN Rates FOR SYSTEM_TIME AS OF o.proctime AS r ON o.c = r.c",
       "SELECT *\nFROM `Orders` AS `o`\nINNER JOIN `Rates` FOR SYSTEM_TIME AS OF `o`.`proctime` AS `r` ON `o`.`c` = `r`.`c`");
    RT("SELECT * FROM (VALUES (1), (2)) AS t(a)", "SELECT *\nFROM (VALUES (1), (2)) AS `t` (`a`)");
    RT("SELECT * FROM UNNEST(ARRAY[1, 2], m)", "SELECT *\nFROM UNNEST(ARRAY[1, 2], `m`)");
    AstTableRef *f = stmt("SELECT * FROM TABLE(TUMBLE(DATA => TABLE t, SIZE => INTERVAL '1' HOUR))")
                         ->u.query.query->u.select.from;
    ASSERT_EQ_INT(f->kind, AST_TREF_FUNCTION);
    AstExpr *call = f->u.function.call;
    ASSERT_STR_EQ(call->u.call.name, "TUMBLE");
    ASSERT_EQ_INT(call->u.call.args[0]->kind, AST_NAMED_ARG);
    ASSERT_STR_EQ(call->u.call.args[0]->u.named.name.name, "DATA");
    ASSERT_EQ_INT(call->u.call.args[0]->u.named.value->kind, AST_TABLE_ARG);
}

TEST(hints) {
    RT("SELECT /*+ BROADCAST(t1), OPTIONS('k'='v', 'a.b'='c') */ * FROM t1 /*+ OPTIONS('x' = 'y') */",
       "SELECT /*+ BROADCAST(t1), OPTIONS('k' = 'v', 'a.b' = 'c') */ *\nFROM `t1` /*+ OPTIONS('x' = 'y') */");
    RT("SELECT /*+ STATE_TTL('t' = '1d'), NO_HINT, EMPTYH(), LIT('a', 1, -2.5) */ 1",
       "SELECT /*+ STATE_TTL('t' = '1d'), NO_HINT, EMPTYH(), LIT('a', 1, -2.5) */ 1");
    RT("SELECT 1 FROM t /*+ OPTIONS(k = 'v') */", "SELECT 1\nFROM `t` /*+ OPTIONS(k = 'v') */");
    RT("SELECT /*+ `my hint`(`a b`, c), H(`k k` = 'v') */ 1", "SELECT /*+ `my hint`(`a b`, c), H(`k k` = 'v') */ 1");
    AstQuery *q = stmt("SELECT /*+ A(x, y), B('k'='v') */ 1")->u.query.query;
    ASSERT_EQ_INT(q->u.select.nhints, 2);
    ASSERT_EQ_INT(q->u.select.hints[0]->format, AST_HINT_IDS);
    ASSERT_EQ_INT(q->u.select.hints[0]->noptions, 2);
    ASSERT_EQ_INT(q->u.select.hints[1]->format, AST_HINT_KV);
    ASSERT_STR_EQ(q->u.select.hints[1]->options[0]->key, "k");
    ASSERT_STR_EQ(q->u.select.hints[1]->options[0]->value, "v");
}

TEST(grouping_and_windows) {
    RT("SELECT a, COUNT(*) FROM t GROUP BY GROUPING SETS ((a, b), a, ()), ROLLUP (a, b), CUBE (c) "
       "HAVING COUNT(*) > 1 WINDOW w AS (PARTITION BY a), w2 AS (w ORDER BY b)",
       "SELECT `a`, COUNT(*)\nFROM `t`\nGROUP BY GROUPING SETS ((`a`, `b`), `a`, ()), ROLLUP (`a`, `b`), CUBE (`c`)\n"
       "HAVING COUNT(*) > 1\nWINDOW `w` AS (PARTITION BY `a`), `w2` AS (`w` ORDER BY `b`)");
    RT("SELECT COUNT(*) FROM t GROUP BY ()", "SELECT COUNT(*)\nFROM `t`\nGROUP BY ()");
    AstQuery *q = stmt("SELECT 1 FROM t GROUP BY GROUPING SETS ((a, b), ()), c")->u.query.query;
    ASSERT_EQ_INT(q->u.select.ngroup_by, 2);
    AstGroupItem *g = q->u.select.group_by[0];
    ASSERT_EQ_INT(g->kind, AST_GROUP_SETS);
    ASSERT_EQ_INT(g->nitems, 2);
    ASSERT_EQ_INT(g->items[0]->kind, AST_GROUP_EXPR);
    ASSERT_EQ_INT(g->items[0]->expr->u.call.syntax, AST_SYN_IMPLICIT_ROW);
    ASSERT_EQ_INT(g->items[1]->kind, AST_GROUP_EMPTY);
    ASSERT_EQ_INT(q->u.select.group_by[1]->kind, AST_GROUP_EXPR);
}

TEST(set_operations) {
    RT("SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT DISTINCT SELECT 4 MINUS SELECT 5",
       "SELECT 1\nUNION ALL\nSELECT 2\nINTERSECT\nSELECT 3\nEXCEPT\nSELECT 4\nEXCEPT\nSELECT 5");
    RT("(SELECT 1 UNION SELECT 2) INTERSECT SELECT 3", "(SELECT 1\nUNION\nSELECT 2)\nINTERSECT\nSELECT 3");
    RT("SELECT 1 UNION (SELECT 2 UNION SELECT 3)", "SELECT 1\nUNION\n(SELECT 2\nUNION\nSELECT 3)");
    RT("(SELECT a FROM t ORDER BY a LIMIT 3) UNION ALL (SELECT b FROM u LIMIT 1)",
       "(SELECT `a`\nFROM `t`\nORDER BY `a`\nFETCH NEXT 3 ROWS ONLY)\nUNION ALL\n(SELECT `b`\nFROM `u`\nFETCH NEXT 1 ROWS ONLY)");
    RT("SELECT 1 UNION SELECT 2 ORDER BY 1", "SELECT 1\nUNION\nSELECT 2\nORDER BY 1");
    AstQuery *q = stmt("SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 UNION SELECT 4")->u.query.query;
    ASSERT_EQ_INT(q->kind, AST_Q_SETOP);
    ASSERT_EQ_INT(q->u.setop.op, AST_UNION);
    ASSERT_EQ_INT(q->u.setop.left->kind, AST_Q_SETOP);
    ASSERT_EQ_INT(q->u.setop.left->u.setop.right->kind, AST_Q_SETOP);
    ASSERT_EQ_INT(q->u.setop.left->u.setop.right->u.setop.op, AST_INTERSECT);
    ASSERT_EQ_INT(q->u.setop.right->kind, AST_Q_SELECT);
    q = stmt("SELECT 1 MINUS ALL SELECT 2")->u.query.query;
    ASSERT_EQ_INT(q->u.setop.op, AST_EXCEPT);
    ASSERT_TRUE(q->u.setop.minus && q->u.setop.all);
}

TEST(with_values_table) {
    RT("WITH a AS (SELECT 1), b (x) AS (SELECT 2) SELECT * FROM a ORDER BY 1",
       "WITH `a` AS (SELECT 1), `b` (`x`) AS (SELECT 2)\nSELECT *\nFROM `a`\nORDER BY 1");
    RT("VALUES (1, 'a'), (2, 'b')", "VALUES (1, 'a'), (2, 'b')");
    RT("VALUES 1, 2", "VALUES (1), (2)");
    RT("VALUES ROW(1, 2)", "VALUES ROW(1, 2)");
    /* a parenthesised query as a row (found by the fuzzer: the row pointed
     * to a variable out of scope) */
    RT("VALUES (SELECT 1), (2)", "VALUES ((SELECT 1)), (2)");
    RT("SELECT ROW(SELECT 1)", "SELECT ROW((SELECT 1))");
    RT("TABLE t", "TABLE `t`");
    RT("(SELECT a FROM t ORDER BY a LIMIT 3) ORDER BY a DESC",
       "SELECT *\nFROM (SELECT `a`\nFROM `t`\nORDER BY `a`\nFETCH NEXT 3 ROWS ONLY)\nORDER BY `a` DESC");
    AstQuery *q = stmt("VALUES 1, (2, 3)")->u.query.query;
    ASSERT_EQ_INT(q->kind, AST_Q_VALUES);
    ASSERT_EQ_INT(q->u.values.nrows, 2);
    ASSERT_EQ_INT(q->u.values.rows[0]->u.call.nargs, 1);
    ASSERT_EQ_INT(q->u.values.rows[1]->u.call.nargs, 2);
    ASSERT_STR_EQ(q->u.values.rows[1]->u.call.name, "ROW");
}

TEST(match_recognize) {
    RT("SELECT * FROM Ticker MATCH_RECOGNIZE (PARTITION BY symbol ORDER BY rowtime MEASURES START_ROW.rowtime AS "
       "start_tstamp, FINAL LAST(PRICE_DOWN.rowtime) AS bottom, RUNNING AVG(price) AS ap ONE ROW PER MATCH AFTER "
       "MATCH SKIP TO LAST PRICE_UP PATTERN (^START_ROW PRICE_DOWN+ PRICE_UP{2,}? (A | B)* {- C -} D{3} E{,4} "
       "F{1,2} $) WITHIN INTERVAL '1' HOUR SUBSET S = (A, B) DEFINE PRICE_DOWN AS (LAST(PRICE_DOWN.price, 1) IS NULL "
       "AND PRICE_DOWN.price < START_ROW.price) OR PRICE_DOWN.price < LAST(PRICE_DOWN.price, 1), PRICE_UP AS "
       "PRICE_UP.price > LAST(PRICE_DOWN.price, 1)) AS T",
       "SELECT *\nFROM `Ticker` MATCH_RECOGNIZE (\nPARTITION BY `symbol`\nORDER BY `rowtime`\n"
       "MEASURES `START_ROW`.`rowtime` AS `start_tstamp`,\nFINAL LAST(`PRICE_DOWN`.`rowtime`) AS `bottom`,\n"
       "RUNNING AVG(`price`) AS `ap`\nONE ROW PER MATCH\nAFTER MATCH SKIP TO LAST `PRICE_UP`\n"
       "PATTERN (^`START_ROW` `PRICE_DOWN`+ `PRICE_UP`{2, }? (`A` | `B`)* {- `C` -} `D`{3} `E`{, 4} `F`{1, 2} $)\n"
       "WITHIN INTERVAL '1' HOUR\nSUBSET `S` = (`A`, `B`)\n"
       "DEFINE `PRICE_DOWN` AS LAST(`PRICE_DOWN`.`price`, 1) IS NULL AND `PRICE_DOWN`.`price` < `START_ROW`.`price` OR "
       "`PRICE_DOWN`.`price` < LAST(`PRICE_DOWN`.`price`, 1),\n`PRICE_UP` AS `PRICE_UP`.`price` > "
       "LAST(`PRICE_DOWN`.`price`, 1)) AS `T`");
    RT("SELECT * FROM t MATCH_RECOGNIZE (ALL ROWS PER MATCH AFTER MATCH SKIP PAST LAST ROW PATTERN (A B* | PERMUTE(C, D)) "
       "DEFINE A AS a > 0)",
       "SELECT *\nFROM `t` MATCH_RECOGNIZE (\nALL ROWS PER MATCH\nAFTER MATCH SKIP PAST LAST ROW\n"
       "PATTERN (`A` `B`* | PERMUTE(`C`, `D`))\nDEFINE `A` AS `a` > 0)");
    RT("SELECT * FROM t MATCH_RECOGNIZE (AFTER MATCH SKIP TO NEXT ROW PATTERN (A? B+?) DEFINE A AS TRUE)",
       "SELECT *\nFROM `t` MATCH_RECOGNIZE (\nAFTER MATCH SKIP TO NEXT ROW\nPATTERN (`A`? `B`+?)\nDEFINE `A` AS TRUE)");
    RT("SELECT * FROM t MATCH_RECOGNIZE (AFTER MATCH SKIP TO FIRST A PATTERN (A) DEFINE A AS TRUE)",
       "SELECT *\nFROM `t` MATCH_RECOGNIZE (\nAFTER MATCH SKIP TO FIRST `A`\nPATTERN (`A`)\nDEFINE `A` AS TRUE)");
    AstTableRef *f = stmt("SELECT * FROM t MATCH_RECOGNIZE (PATTERN (A B{2,3}) DEFINE B AS TRUE) AS m")
                         ->u.query.query->u.select.from;
    ASSERT_EQ_INT(f->kind, AST_TREF_MATCH);
    ASSERT_STR_EQ(f->alias->name, "m");
    AstPattern *pt = f->u.match.mr->pattern;
    ASSERT_EQ_INT(pt->kind, AST_PAT_CONCAT);
    ASSERT_EQ_INT(pt->nitems, 2);
    ASSERT_EQ_INT(pt->items[1]->kind, AST_PAT_QUANT);
    ASSERT_EQ_INT(pt->items[1]->min, 2);
    ASSERT_EQ_INT(pt->items[1]->max, 3);
}

/* ---- statements ----------------------------------------------------------------- */

TEST(insert_statements) {
    RT("INSERT INTO c.d.t SELECT * FROM s", "INSERT INTO `c`.`d`.`t`\nSELECT *\nFROM `s`");
    RT("INSERT OVERWRITE t /*+ OPTIONS('a'='b') */ PARTITION (dt='2020', hr=1) (a, b) VALUES (1, 2), (3, 4)",
       "INSERT OVERWRITE `t` /*+ OPTIONS('a' = 'b') */ PARTITION (`dt` = '2020', `hr` = 1) (`a`, `b`)\n"
       "VALUES (1, 2), (3, 4)");
    RT("UPSERT INTO t SELECT 1", "UPSERT INTO `t`\nSELECT 1");
    RT("INSERT INTO t (SELECT 1)", "INSERT INTO `t`\nSELECT 1");
    RT("INSERT INTO t VALUES ('Alice', 12)", "INSERT INTO `t`\nVALUES ('Alice', 12)");
    AstStmt *s = stmt("INSERT INTO t PARTITION (p = 1) (x, y) SELECT 1, 2");
    ASSERT_EQ_INT(s->kind, AST_STMT_INSERT);
    ASSERT_EQ_INT(s->u.insert.npartition, 1);
    ASSERT_EQ_INT(s->u.insert.ncolumns, 2);
    ASSERT_STR_EQ(s->u.insert.columns[1]->name, "y");
}

TEST(statement_sets_explain_execute) {
    RT("EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1; INSERT INTO b SELECT 2; END",
       "EXECUTE STATEMENT SET BEGIN\nINSERT INTO `a`\nSELECT 1;\nINSERT INTO `b`\nSELECT 2;\nEND");
    RT("BEGIN STATEMENT SET;", "BEGIN STATEMENT SET");
    RT("END", "END");
    RT("EXPLAIN PLAN FOR SELECT 1", "EXPLAIN PLAN FOR SELECT 1");
    RT("EXPLAIN ESTIMATED_COST, CHANGELOG_MODE, PLAN_ADVICE, JSON_EXECUTION_PLAN INSERT INTO t SELECT 1",
       "EXPLAIN ESTIMATED_COST, CHANGELOG_MODE, PLAN_ADVICE, JSON_EXECUTION_PLAN INSERT INTO `t`\nSELECT 1");
    RT("EXPLAIN SELECT 1", "EXPLAIN SELECT 1");
    /* EXPLAIN EXECUTE x explains x */
    RT("EXPLAIN EXECUTE SELECT 1", "EXPLAIN SELECT 1");
    RT("EXPLAIN PLAN FOR EXECUTE INSERT INTO a SELECT 1", "EXPLAIN PLAN FOR INSERT INTO `a`\nSELECT 1");
    RT("CREATE MATERIALIZED TABLE m PARTITIONED BY (d) WITH ('connector' = 'blackhole') FRESHNESS = INTERVAL '10' "
       "SECOND REFRESH_MODE = FULL AS SELECT d FROM t",
       "CREATE MATERIALIZED TABLE `m`\nPARTITIONED BY (`d`)\nWITH (\n  'connector' = 'blackhole'\n)\nFRESHNESS = "
       "INTERVAL '10' SECOND\nREFRESH_MODE = FULL\nAS SELECT `d`\nFROM `t`");
    RT("DROP MATERIALIZED TABLE IF EXISTS c.d.m", "DROP MATERIALIZED TABLE IF EXISTS `c`.`d`.`m`");
    RT("SHOW CREATE MATERIALIZED TABLE m", "SHOW CREATE MATERIALIZED TABLE `m`");
    RT("EXPLAIN STATEMENT SET BEGIN INSERT INTO a SELECT 1; END",
       "EXPLAIN STATEMENT SET BEGIN\nINSERT INTO `a`\nSELECT 1;\nEND");
    RT("EXECUTE SELECT 1", "EXECUTE SELECT 1");
    RT("EXECUTE INSERT INTO t SELECT 1", "EXECUTE INSERT INTO `t`\nSELECT 1");
    AstStmt *s = stmt("EXPLAIN CHANGELOG_MODE, ESTIMATED_COST SELECT 1");
    ASSERT_EQ_INT(s->u.explain.details, AST_EXPLAIN_CHANGELOG_MODE | AST_EXPLAIN_ESTIMATED_COST);
    ASSERT_EQ_INT(s->u.explain.stmt->kind, AST_STMT_QUERY);
    ASSERT_STR_EQ(S("EXPLAIN CHANGELOG_MODE, CHANGELOG_MODE SELECT 1"),
                  "ERR 1:25 SQL parse failed. Duplicate EXPLAIN KEY: CHANGELOG_MODE");
}

TEST(create_table) {
    RT("CREATE TABLE orders (\n"
       " `user` BIGINT NOT NULl,\n"
       " product VARCHAR(32) COMMENT 'the product',\n"
       " amount INT,\n"
       " ts TIMESTAMP(3),\n"
       " ptime AS PROCTIME(),\n"
       " meta TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,\n"
       " part INT METADATA COMMENT 'p',\n"
       " id INT PRIMARY KEY NOT ENFORCED,\n"
       " PRIMARY KEY(`user`) NOT ENFORCED,\n"
       " CONSTRAINT pk2 UNIQUE (a, b),\n"
       " WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS\n"
       ") COMMENT 'tbl' PARTITIONED BY (a, b) with (\n"
       " 'connector' = 'datagen', 'rows-per-second' = '5'\n"
       ") LIKE src (EXCLUDING ALL INCLUDING GENERATED OVERWRITING OPTIONS)",
       "CREATE TABLE `orders` (\n"
       "  `user` BIGINT NOT NULL,\n"
       "  `product` VARCHAR(32) COMMENT 'the product',\n"
       "  `amount` INT,\n"
       "  `ts` TIMESTAMP(3),\n"
       "  `ptime` AS PROCTIME(),\n"
       "  `meta` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,\n"
       "  `part` INT METADATA COMMENT 'p',\n"
       "  `id` INT PRIMARY KEY NOT ENFORCED,\n"
       "  PRIMARY KEY (`user`) NOT ENFORCED,\n"
       "  CONSTRAINT `pk2` UNIQUE (`a`, `b`),\n"
       "  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND\n"
       ")\n"
       "COMMENT 'tbl'\n"
       "PARTITIONED BY (`a`, `b`)\n"
       "WITH (\n"
       "  'connector' = 'datagen',\n"
       "  'rows-per-second' = '5'\n"
       ")\n"
       "LIKE `src` (\n"
       "  EXCLUDING ALL\n"
       "  INCLUDING GENERATED\n"
       "  OVERWRITING OPTIONS\n"
       ")");
    RT("CREATE TEMPORARY TABLE IF NOT EXISTS c.d.t WITH ('x'='y') AS SELECT 1",
       "CREATE TEMPORARY TABLE IF NOT EXISTS `c`.`d`.`t`\nWITH (\n  'x' = 'y'\n)\nAS SELECT 1");
    RT("CREATE OR REPLACE TABLE t AS SELECT * FROM s", "CREATE OR REPLACE TABLE `t`\nAS SELECT *\nFROM `s`");
    RT("REPLACE TABLE t WITH ('a'='b') AS SELECT 1", "REPLACE TABLE `t`\nWITH (\n  'a' = 'b'\n)\nAS SELECT 1");
    RT("CREATE TABLE t (a ROW<x INT, `y z` ARRAY<STRING>> NOT NULL, m MAP<STRING, INT>) WITH ('connector' = 'print')",
       "CREATE TABLE `t` (\n  `a` ROW<`x` INT, `y z` ARRAY<STRING>> NOT NULL,\n  `m` MAP<STRING, INT>\n)\n"
       "WITH (\n  'connector' = 'print'\n)");
    RT("CREATE TABLE t (a INT -- the key\n, b STRING /* c */ NOT NULL)",
       "CREATE TABLE `t` (\n  `a` INT,\n  `b` STRING NOT NULL\n)");
    RT("CREATE TABLE t WITH () LIKE s", "CREATE TABLE `t`\nWITH ()\nLIKE `s`");
    AstStmt *s = stmt("CREATE TABLE t (a INT NOT NULL, b AS a + 1, c BIGINT METADATA, "
                      "CONSTRAINT pk PRIMARY KEY (a) NOT ENFORCED, WATERMARK FOR a AS a)");
    ASSERT_EQ_INT(s->kind, AST_STMT_CREATE_TABLE);
    AstSchema *sc = &s->u.create_table.schema;
    ASSERT_EQ_INT(sc->ncolumns, 3);
    ASSERT_EQ_INT(sc->columns[0]->kind, AST_COL_PHYSICAL);
    ASSERT_EQ_INT(sc->columns[0]->type->root, TY_INT);
    ASSERT_FALSE(sc->columns[0]->type->nullable);
    ASSERT_EQ_INT(sc->columns[1]->kind, AST_COL_COMPUTED);
    ASSERT_EQ_INT(sc->columns[2]->kind, AST_COL_METADATA);
    ASSERT_FALSE(sc->columns[2]->has_metadata_key);
    ASSERT_EQ_INT(sc->nconstraints, 1);
    ASSERT_STR_EQ(sc->constraints[0]->name->name, "pk");
    ASSERT_EQ_INT(sc->constraints[0]->enforced, 2);
    ASSERT_EQ_INT(sc->nwatermarks, 1);
    ASSERT_FALSE(s->u.create_table.has_with);
    ASSERT_STR_EQ(S("CREATE TABLE t (a INT, WATERMARK FOR a AS a, WATERMARK FOR a AS a)"),
                  "ERR 1:46 SQL parse failed. Multiple WATERMARK statements is not supported yet.");
}

/* the Nexmark source table: nested ROW types, a CASE computed column, a
 * watermark; bare VARCHAR is STRING in SQL */
TEST(nexmark_ddl) {
    RT("CREATE TABLE datagen (\n"
       "    event_type int,\n"
       "    person ROW<id BIGINT, name VARCHAR, dateTime TIMESTAMP(3)>,\n"
       "    bid ROW<auction BIGINT, price BIGINT, dateTime TIMESTAMP(3), extra VARCHAR>,\n"
       "    dateTime AS CASE WHEN event_type = 0 THEN person.dateTime ELSE bid.dateTime END,\n"
       "    WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND\n"
       ") WITH ('connector' = 'nexmark', 'first-event.rate' = '10000000')",
       "CREATE TABLE `datagen` (\n"
       "  `event_type` INT,\n"
       "  `person` ROW<`id` BIGINT, `name` STRING, `dateTime` TIMESTAMP(3)>,\n"
       "  `bid` ROW<`auction` BIGINT, `price` BIGINT, `dateTime` TIMESTAMP(3), `extra` STRING>,\n"
       "  `dateTime` AS CASE WHEN `event_type` = 0 THEN `person`.`dateTime` ELSE `bid`.`dateTime` END,\n"
       "  WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND\n"
       ")\n"
       "WITH (\n"
       "  'connector' = 'nexmark',\n"
       "  'first-event.rate' = '10000000'\n"
       ")");
    RT("INSERT INTO discard_sink SELECT B.auction, S.`value` FROM (SELECT *, PROCTIME() as p_time FROM bid) B "
       "JOIN side_input FOR SYSTEM_TIME AS OF B.p_time AS S ON mod(B.auction, 10000) = S.key",
       "INSERT INTO `discard_sink`\nSELECT `B`.`auction`, `S`.`value`\nFROM (SELECT *, PROCTIME() AS `p_time`\n"
       "FROM `bid`) AS `B`\nINNER JOIN `side_input` FOR SYSTEM_TIME AS OF `B`.`p_time` AS `S` ON MOD(`B`.`auction`, "
       "10000) = `S`.`key`");
    AstStmt *s = stmt("SELECT count(*) filter (where price < 10000) AS rank1_bids FROM bid "
                      "GROUP BY DATE_FORMAT(dateTime, 'yyyy-MM-dd')");
    Buf b;
    eddy__buf_init(&b);
    eddy__sql_unparse_query(&b, s->u.query.query);
    ASSERT_STR_EQ(take(&b), "SELECT COUNT(*) FILTER (WHERE `price` < 10000) AS `rank1_bids`\nFROM `bid`\n"
                            "GROUP BY DATE_FORMAT(`dateTime`, 'yyyy-MM-dd')");
}

TEST(alter_table) {
    RT("ALTER TABLE IF EXISTS t RENAME TO t2", "ALTER TABLE IF EXISTS `t` RENAME TO `t2`");
    RT("ALTER TABLE t SET ('k'='v')", "ALTER TABLE `t` SET ('k' = 'v')");
    RT("ALTER TABLE t RESET ('k', 'j')", "ALTER TABLE `t` RESET ('k', 'j')");
    RT("ALTER TABLE t ADD (c INT COMMENT 'x' AFTER b, d AS c + 1 FIRST, PRIMARY KEY (c) NOT ENFORCED, "
       "WATERMARK FOR ts AS ts)",
       "ALTER TABLE `t` ADD (\n  `c` INT COMMENT 'x' AFTER `b`,\n  `d` AS `c` + 1 FIRST,\n"
       "  PRIMARY KEY (`c`) NOT ENFORCED,\n  WATERMARK FOR `ts` AS `ts`\n)");
    RT("ALTER TABLE t ADD c STRING", "ALTER TABLE `t` ADD `c` STRING");
    RT("ALTER TABLE t ADD WATERMARK FOR ts AS ts - INTERVAL '1' SECOND",
       "ALTER TABLE `t` ADD WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND");
    RT("ALTER TABLE t ADD CONSTRAINT pk PRIMARY KEY (a) NOT ENFORCED",
       "ALTER TABLE `t` ADD CONSTRAINT `pk` PRIMARY KEY (`a`) NOT ENFORCED");
    RT("ALTER TABLE t MODIFY (c BIGINT NOT NULL)", "ALTER TABLE `t` MODIFY (\n  `c` BIGINT NOT NULL\n)");
    RT("ALTER TABLE t MODIFY c BIGINT FIRST", "ALTER TABLE `t` MODIFY `c` BIGINT FIRST");
    RT("ALTER TABLE t DROP (a, b)", "ALTER TABLE `t` DROP (`a`, `b`)");
    RT("ALTER TABLE t DROP a", "ALTER TABLE `t` DROP `a`");
    RT("ALTER TABLE t DROP PRIMARY KEY", "ALTER TABLE `t` DROP PRIMARY KEY");
    RT("ALTER TABLE t DROP CONSTRAINT pk", "ALTER TABLE `t` DROP CONSTRAINT `pk`");
    RT("ALTER TABLE t DROP WATERMARK", "ALTER TABLE `t` DROP WATERMARK");
    RT("ALTER TABLE t RENAME a TO b", "ALTER TABLE `t` RENAME `a` TO `b`");
    AstStmt *s = stmt("ALTER TABLE t ADD (x INT AFTER y)");
    ASSERT_EQ_INT(s->u.alter_table.action, AST_ALTER_TABLE_ADD);
    ASSERT_EQ_INT(s->u.alter_table.schema.columns[0]->position, 2);
    ASSERT_STR_EQ(s->u.alter_table.schema.columns[0]->after.name, "y");
}

TEST(views_functions_catalogs) {
    RT("CREATE TEMPORARY VIEW IF NOT EXISTS v (a, b) COMMENT 'c' AS SELECT 1, 2",
       "CREATE TEMPORARY VIEW IF NOT EXISTS `v` (\n  `a`,\n  `b`\n)\nCOMMENT 'c'\nAS SELECT 1, 2");
    RT("CREATE TEMPORARY SYSTEM VIEW v AS SELECT 1", "CREATE TEMPORARY SYSTEM VIEW `v`\nAS SELECT 1");
    RT("create temporary view v1 as select * from orders", "CREATE TEMPORARY VIEW `v1`\nAS SELECT *\nFROM `orders`");
    RT("DROP VIEW IF EXISTS v", "DROP VIEW IF EXISTS `v`");
    RT("DROP TEMPORARY VIEW v", "DROP TEMPORARY VIEW `v`");
    RT("ALTER VIEW v RENAME TO w", "ALTER VIEW `v` RENAME TO `w`");
    RT("ALTER VIEW v AS SELECT 2", "ALTER VIEW `v` AS SELECT 2");
    RT("CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS f AS 'com.x.F' LANGUAGE JAVA USING JAR '/a.jar', JAR '/b.jar'",
       "CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS `f` AS 'com.x.F' LANGUAGE JAVA USING JAR '/a.jar', JAR '/b.jar'");
    RT("CREATE FUNCTION db.f AS 'libx.so:fn' LANGUAGE C", "CREATE FUNCTION `db`.`f` AS 'libx.so:fn' LANGUAGE C");
    RT("CREATE FUNCTION f AS 'x' LANGUAGE scala", "CREATE FUNCTION `f` AS 'x' LANGUAGE SCALA");
    RT("DROP TEMPORARY SYSTEM FUNCTION IF EXISTS f", "DROP TEMPORARY SYSTEM FUNCTION IF EXISTS `f`");
    RT("DROP FUNCTION c.d.f", "DROP FUNCTION `c`.`d`.`f`");
    RT("ALTER TEMPORARY FUNCTION IF EXISTS f AS 'x' LANGUAGE PYTHON",
       "ALTER TEMPORARY FUNCTION IF EXISTS `f` AS 'x' LANGUAGE PYTHON");
    RT("CREATE CATALOG c WITH ('type'='generic_in_memory')",
       "CREATE CATALOG `c`\nWITH (\n  'type' = 'generic_in_memory'\n)");
    RT("DROP CATALOG IF EXISTS c", "DROP CATALOG IF EXISTS `c`");
    RT("CREATE DATABASE IF NOT EXISTS c.db COMMENT 'x' WITH ('k'='v')",
       "CREATE DATABASE IF NOT EXISTS `c`.`db`\nCOMMENT 'x'\nWITH (\n  'k' = 'v'\n)");
    RT("DROP DATABASE IF EXISTS db CASCADE", "DROP DATABASE IF EXISTS `db` CASCADE");
    RT("DROP DATABASE db RESTRICT", "DROP DATABASE `db` RESTRICT");
    RT("ALTER DATABASE db SET ('k'='v')", "ALTER DATABASE `db` SET ('k' = 'v')");
    RT("ALTER CATALOG c SET ('k'='v')", "ALTER CATALOG `c` SET ('k' = 'v')");
    RT("ALTER CATALOG c RESET ('k')", "ALTER CATALOG `c` RESET ('k')");
    RT("ALTER CATALOG c COMMENT 'it''s'", "ALTER CATALOG `c` COMMENT 'it''s'");
    RT("DROP TABLE IF EXISTS c.d.t", "DROP TABLE IF EXISTS `c`.`d`.`t`");
    AstStmt *s = stmt("CREATE VIEW v AS\n  SELECT a\n  FROM t");
    ASSERT_STR_EQ(span("CREATE VIEW v AS\n  SELECT a\n  FROM t", s->u.create_view.query->pos), "SELECT a\n  FROM t");
    s = stmt("CREATE TEMPORARY FUNCTION f AS 'x'");
    ASSERT_TRUE(s->u.function.temporary && !s->u.function.system);
    ASSERT_TRUE(s->u.function.language == NULL);
}

TEST(session_statements) {
    RT("USE CATALOG c", "USE CATALOG `c`");
    RT("USE db", "USE `db`");
    RT("USE c.db", "USE `c`.`db`");
    RT("USE MODULES hive, core", "USE MODULES `hive`, `core`");
    RT("SET", "SET");
    RT("SET 'a.b' = 'c'", "SET 'a.b' = 'c'");
    RT("SET pipeline.name = 'x'", "SET 'pipeline.name' = 'x'");
    RT("SET a.b = 10", "SET 'a.b' = '10'");
    /* unquoted keys and values as Flink's extended parser takes them */
    RT("SET execution.runtime-mode = batch", "SET 'execution.runtime-mode' = 'batch'");
    RT("SET table.exec.state.ttl=10s;", "SET 'table.exec.state.ttl' = '10s'");
    RT("RESET table.dml-sync", "RESET 'table.dml-sync'");
    RT("RESET", "RESET");
    RT("RESET 'a'", "RESET 'a'");
    RT("LOAD MODULE hive WITH ('hive-version'='3.1')", "LOAD MODULE `hive` WITH ('hive-version' = '3.1')");
    RT("UNLOAD MODULE hive", "UNLOAD MODULE `hive`");
    RT("ADD JAR '/x.jar'", "ADD JAR '/x.jar'");
    RT("REMOVE JAR '/x.jar'", "REMOVE JAR '/x.jar'");
    RT("STOP JOB 'abc' WITH SAVEPOINT WITH DRAIN", "STOP JOB 'abc' WITH SAVEPOINT WITH DRAIN");
    RT("STOP JOB 'abc'", "STOP JOB 'abc'");
    /* Flink's SQL parser alone stops an unquoted key at '-', but
     * executeSql tries its extended parser first (SetOperationParseStrategy:
     * key [^'\s]+, value 'quoted' or [^;\s]+), which takes hyphens, so
     * scripts' SET execution.runtime-mode = batch work; a missing value is
     * still an error. */
    RT("SET table.local-time-zone = Europe/Berlin", "SET 'table.local-time-zone' = 'Europe/Berlin'");
    ASSERT_STR_CONTAINS(S("SET execution.runtime-type="), "ERR 1:27 SQL parse failed. Encountered \"<EOF>\" at line 1, column 27.");
    AstStmt *s = stmt("SET 'execution.runtime-mode' = 'streaming';");
    ASSERT_EQ_INT(s->kind, AST_STMT_SET);
    ASSERT_STR_EQ(s->u.kv.key, "execution.runtime-mode");
    ASSERT_STR_EQ(s->u.kv.value, "streaming");
    s = stmt("RESET");
    ASSERT_TRUE(s->u.kv.key == NULL);
}

TEST(show_describe) {
    RT("SHOW CATALOGS", "SHOW CATALOGS");
    RT("SHOW CURRENT CATALOG", "SHOW CURRENT CATALOG");
    RT("SHOW DATABASES", "SHOW DATABASES");
    RT("SHOW CURRENT DATABASE", "SHOW CURRENT DATABASE");
    RT("SHOW TABLES FROM c.db NOT LIKE 'a%'", "SHOW TABLES FROM `c`.`db` NOT LIKE 'a%'");
    RT("SHOW TABLES IN db LIKE 'x'", "SHOW TABLES IN `db` LIKE 'x'");
    RT("SHOW TABLES", "SHOW TABLES");
    RT("SHOW VIEWS", "SHOW VIEWS");
    RT("SHOW FUNCTIONS", "SHOW FUNCTIONS");
    RT("SHOW USER FUNCTIONS", "SHOW USER FUNCTIONS");
    RT("SHOW COLUMNS FROM t LIKE '%u'", "SHOW COLUMNS FROM `t` LIKE '%u'");
    RT("show columns in v1 not like  '%r'", "SHOW COLUMNS IN `v1` NOT LIKE '%r'");
    RT("SHOW CREATE TABLE t", "SHOW CREATE TABLE `t`");
    RT("SHOW CREATE VIEW v", "SHOW CREATE VIEW `v`");
    RT("SHOW MODULES", "SHOW MODULES");
    RT("SHOW FULL MODULES", "SHOW FULL MODULES");
    RT("SHOW JOBS", "SHOW JOBS");
    RT("SHOW JARS", "SHOW JARS");
    RT("SHOW PARTITIONS t", "SHOW PARTITIONS `t`");
    RT("SHOW PARTITIONS t PARTITION (a='1')", "SHOW PARTITIONS `t` PARTITION (`a` = '1')");
    RT("DESCRIBE t", "DESCRIBE `t`");
    RT("DESC EXTENDED c.d.t", "DESC EXTENDED `c`.`d`.`t`");
    RT("DESCRIBE CATALOG c", "DESCRIBE CATALOG `c`");
    RT("DESCRIBE catalog", "DESCRIBE `catalog`");
    AstStmt *s = stmt("SHOW TABLES FROM db NOT LIKE 'x%'");
    ASSERT_EQ_INT(s->u.show.what, AST_SHOW_TABLES);
    ASSERT_STR_EQ(s->u.show.prep, "FROM");
    ASSERT_TRUE(s->u.show.not_like);
    ASSERT_STR_EQ(s->u.show.like, "x%");
}

TEST(dml_statements) {
    RT("TRUNCATE TABLE t", "TRUNCATE TABLE `t`");
    RT("DELETE FROM t WHERE a = 1", "DELETE FROM `t`\nWHERE `a` = 1");
    RT("DELETE FROM t", "DELETE FROM `t`");
    RT("UPDATE t SET a = 1, b = b + 1 WHERE c", "UPDATE `t` SET `a` = 1, `b` = `b` + 1\nWHERE `c`");
    RT("ANALYZE TABLE t PARTITION (a='1', b) COMPUTE STATISTICS FOR COLUMNS x, y",
       "ANALYZE TABLE `t` PARTITION (`a` = '1', `b`) COMPUTE STATISTICS FOR COLUMNS `x`, `y`");
    RT("ANALYZE TABLE t COMPUTE STATISTICS FOR ALL COLUMNS", "ANALYZE TABLE `t` COMPUTE STATISTICS FOR ALL COLUMNS");
    RT("ANALYZE TABLE t COMPUTE STATISTICS", "ANALYZE TABLE `t` COMPUTE STATISTICS");
}

/* ---- scripts and expression lists -------------------------------------------------- */

TEST(scripts) {
    const char *src = "SET 'a' = 'b';\n\nSELECT 1;;\n  INSERT INTO t\n  SELECT 2";
    AstStmtList *l;
    EdErr e = {0};
    ASSERT_EQ_INT(eddy__sql_parse_script(&A, src, strlen(src), &l, &e), EDDY_OK);
    ASSERT_EQ_INT(l->nstmts, 3);
    ASSERT_EQ_INT(l->stmts[0]->kind, AST_STMT_SET);
    ASSERT_STR_EQ(span(src, l->stmts[0]->pos), "SET 'a' = 'b'");
    ASSERT_EQ_INT(l->stmts[1]->pos.line, 3);
    ASSERT_EQ_INT(l->stmts[2]->pos.line, 4);
    ASSERT_EQ_INT(l->stmts[2]->pos.col, 3);
    ASSERT_EQ_INT(l->stmts[2]->pos.end_line, 5);
    ASSERT_EQ_INT(l->stmts[2]->pos.end_col, 10);
    ASSERT_STR_EQ(span(src, l->stmts[2]->pos), "INSERT INTO t\n  SELECT 2");
    ASSERT_EQ_INT(eddy__sql_parse_script(&A, "", 0, &l, &e), EDDY_OK);
    ASSERT_EQ_INT(l->nstmts, 0);
    ASSERT_EQ_INT(eddy__sql_parse_script(&A, "SELECT 1 SELECT 2", 17, &l, &e), EDDY_E_PARSE);
    ASSERT_TRUE(l == NULL);
    ASSERT_EQ_INT(e.line, 1);
    ASSERT_EQ_INT(e.col, 10);
    eddy__err_clear(&e);
    /* a single statement takes one optional ';' */
    ASSERT_STR_EQ(S("SELECT 1;"), "SELECT 1");
    ASSERT_STR_EQ(S("SELECT 1; SELECT 2"), "ERR 1:11 SQL parse failed. Encountered \"SELECT\" at line 1, column 11.\n"
                                           "Was expecting:\n    <EOF> ");
}

TEST(expression_lists) {
    const char *src = "('Alice', 12), +I(1, 'a'), -U(2), +U(3, NULL), -D(4, 'x'), 5";
    AstExprList *l;
    EdErr e = {0};
    ASSERT_EQ_INT(eddy__sql_parse_expr_list(&A, src, strlen(src), &l, &e), EDDY_OK);
    ASSERT_EQ_INT(l->nitems, 6);
    ASSERT_EQ_INT(l->items[0]->row_kind, -1);
    ASSERT_EQ_INT(l->items[0]->expr->u.call.syntax, AST_SYN_IMPLICIT_ROW);
    ASSERT_EQ_INT(l->items[1]->row_kind, EDDY_INSERT);
    ASSERT_EQ_INT(l->items[1]->expr->u.call.nargs, 2);
    ASSERT_EQ_INT(l->items[2]->row_kind, EDDY_UPDATE_BEFORE);
    ASSERT_STR_EQ(l->items[2]->expr->u.call.name, "ROW"); /* always a row with a prefix */
    ASSERT_EQ_INT(l->items[2]->expr->u.call.nargs, 1);
    ASSERT_EQ_INT(l->items[3]->row_kind, EDDY_UPDATE_AFTER);
    ASSERT_EQ_INT(l->items[4]->row_kind, EDDY_DELETE);
    ASSERT_EQ_INT(l->items[5]->row_kind, -1);
    ASSERT_EQ_INT(l->items[5]->expr->kind, AST_LITERAL);
    ASSERT_STR_EQ(span(src, l->items[1]->pos), "+I(1, 'a')");
    ASSERT_EQ_INT(eddy__sql_parse_expr_list(&A, "1, 2, 3", 7, &l, &e), EDDY_OK);
    ASSERT_EQ_INT(l->nitems, 3);
    /* +I( only means a row kind in lists; elsewhere it is a unary plus */
    ASSERT_STR_EQ(E("+I(1)"), "+I(1)");
    ASSERT_EQ_INT(eddy__sql_parse_expr_list(&A, "+ I(1)", 6, &l, &e), EDDY_OK);
    ASSERT_EQ_INT(l->items[0]->row_kind, -1);
}

/* ---- positions --------------------------------------------------------------------- */

TEST(positions) {
    const char *src = "SELECT\n  a + b AS s,\n  f(x, 'y')\nFROM t\nWHERE c IS NULL";
    AstStmt *s = stmt(src);
    AstQuery *q = s->u.query.query;
    AstExpr *sum = q->u.select.items[0]->expr;
    ASSERT_EQ_INT(sum->pos.line, 2);
    ASSERT_EQ_INT(sum->pos.col, 3);
    ASSERT_EQ_INT(sum->pos.end_line, 2);
    ASSERT_EQ_INT(sum->pos.end_col, 7);
    ASSERT_STR_EQ(span(src, sum->pos), "a + b");
    ASSERT_STR_EQ(span(src, q->u.select.items[0]->pos), "a + b AS s");
    ASSERT_STR_EQ(span(src, q->u.select.items[0]->alias->pos), "s");
    AstExpr *call = q->u.select.items[1]->expr;
    ASSERT_STR_EQ(span(src, call->pos), "f(x, 'y')");
    ASSERT_EQ_INT(call->u.call.args[1]->pos.col, 8);
    ASSERT_EQ_INT(call->u.call.args[1]->pos.end_col, 10);
    ASSERT_STR_EQ(span(src, q->u.select.where->pos), "c IS NULL");
    ASSERT_EQ_INT(q->u.select.where->pos.end_line, 5);
    ASSERT_EQ_INT(q->u.select.where->pos.end_col, 15);
    ASSERT_STR_EQ(span(src, q->u.select.from->pos), "t");
    ASSERT_EQ_INT(q->pos.line, 1);
    ASSERT_EQ_INT(q->pos.end_line, 5);

    /* computed columns and watermarks keep their text as written */
    const char *ddl = "CREATE TABLE t (\n  a INT,\n  b AS CAST(a AS BIGINT)  +  1 COMMENT 'c',\n"
                      "  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND\n) WITH ('connector' = 'datagen')";
    s = stmt(ddl);
    AstColumn *b = s->u.create_table.schema.columns[1];
    ASSERT_STR_EQ(span(ddl, b->expr->pos), "CAST(a AS BIGINT)  +  1");
    ASSERT_STR_EQ(span(ddl, b->pos), "b AS CAST(a AS BIGINT)  +  1 COMMENT 'c'");
    ASSERT_STR_EQ(span(ddl, s->u.create_table.schema.watermarks[0]->expr->pos), "ts - INTERVAL '5' SECOND");
    ASSERT_STR_EQ(span(ddl, s->u.create_table.schema.columns[0]->type_pos), "INT");
    ASSERT_EQ_INT(s->u.create_table.schema.watermarks[0]->pos.line, 4);

    const char *w = "ts - INTERVAL '5' SECOND";
    AstExpr *x = expr(w);
    ASSERT_EQ_INT(x->pos.col, 1);
    ASSERT_EQ_INT(x->pos.end_col, 24);
    ASSERT_EQ_INT(x->u.call.args[1]->pos.col, 6);
    ASSERT_STR_EQ(span(w, x->u.call.args[1]->pos), "INTERVAL '5' SECOND");
}

/* ---- errors -------------------------------------------------------------------------- */

TEST(parse_error_messages) {
    ASSERT_STR_EQ(S("SELECT a FROM"), "ERR 1:13 SQL parse failed. Encountered \"<EOF>\" at line 1, column 13.\n"
                                      "Was expecting one of:\n"
                                      "    \"LATERAL\" ...\n"
                                      "    \"TABLE\" ...\n"
                                      "    \"UNNEST\" ...\n"
                                      "    \"(\" ...\n"
                                      EXPECTING_IDENTIFIER);
    /* as in Flink's sql-client .q files */
    ASSERT_STR_EQ(S("use database test_db"), "ERR 1:14 SQL parse failed. Encountered \"test_db\" at line 1, column 14.\n"
                                             "Was expecting one of:\n"
                                             "    <EOF> \n"
                                             "    \";\" ...\n"
                                             "    \".\" ...");
    ASSERT_STR_EQ(S("EXPLAIN STATEMENT SET BEGIN\nEND"),
                  "ERR 2:1 SQL parse failed. Encountered \"END\" at line 2, column 1.\n"
                  "Was expecting one of:\n"
                  "    \"INSERT\" ...\n"
                  "    \"UPSERT\" ...");
    ASSERT_STR_EQ(S("LOAD MODULE 'dummy'"),
                  "ERR 1:13 SQL parse failed. Encountered \"\\'dummy\\'\" at line 1, column 13.\n"
                  "Was expecting one of:\n"
                  EXPECTING_IDENTIFIER);
    ASSERT_STR_EQ(S("create catalog invalid.cat with ('type'='generic_in_memory')"),
                  "ERR 1:23 SQL parse failed. Encountered \".\" at line 1, column 23.\n"
                  "Was expecting one of:\n"
                  "    <EOF> \n"
                  "    \"WITH\" ...\n"
                  "    \"COMMENT\" ...\n"
                  "    \";\" ...");
    ASSERT_STR_EQ(S("alter table t1 drop constraint"),
                  "ERR 1:30 SQL parse failed. Encountered \"<EOF>\" at line 1, column 30.\n"
                  "Was expecting one of:\n"
                  EXPECTING_IDENTIFIER);
    ASSERT_STR_EQ(S("SELECT a b c FROM t"), "ERR 1:12 SQL parse failed. Encountered \"c\" at line 1, column 12.\n"
                                            "Was expecting one of:\n"
                                            "    <EOF> \n"
                                            "    \"EXCEPT\" ...\n"
                                            "    \"FETCH\" ...\n"
                                            "    \"FROM\" ...\n"
                                            "    \"INTERSECT\" ...\n"
                                            "    \"LIMIT\" ...\n"
                                            "    \"MINUS\" ...\n"
                                            "    \"OFFSET\" ...\n"
                                            "    \"ORDER\" ...\n"
                                            "    \"UNION\" ...\n"
                                            "    \";\" ...\n"
                                            "    \",\" ...");
    ASSERT_STR_EQ(S("SELECT f(1 FROM t"), "ERR 1:12 SQL parse failed. Encountered \"FROM\" at line 1, column 12.\n"
                                          "Was expecting one of:\n"
                                          "    \")\" ...\n"
                                          "    \",\" ...");
    ASSERT_STR_EQ(S("CREATE TABLE t (a INT) WITH ('k' = 1)"),
                  "ERR 1:36 SQL parse failed. Encountered \"1\" at line 1, column 36.\n"
                  "Was expecting:\n"
                  "    <QUOTED_STRING> ...");
    /* the error position is the offending token's, across lines */
    AstStmt *s;
    EdErr e = {0};
    ASSERT_EQ_INT(eddy__sql_parse_stmt(&A, "SELECT *\n  FROM t\n  WHERE a = = 1", 34, &s, &e), EDDY_E_PARSE);
    ASSERT_TRUE(s == NULL);
    ASSERT_EQ_INT(e.line, 3);
    ASSERT_EQ_INT(e.col, 13);
    ASSERT_EQ_INT(e.end_line, 3);
    ASSERT_EQ_INT(e.end_col, 13);
    eddy__err_clear(&e);
    ASSERT_STR_EQ(E("a +"), "ERR 1:3 SQL parse failed. Encountered \"<EOF>\" at line 1, column 3.\n"
                            "Was expecting one of:\n"
                            "    \"CASE\" ...\n"
                            "    \"CAST\" ...\n"
                            "    \"EXISTS\" ...\n"
                            "    \"FALSE\" ...\n"
                            "    \"INTERVAL\" ...\n"
                            "    \"NOT\" ...\n"
                            "    \"NULL\" ...\n"
                            "    \"TRUE\" ...\n"
                            "    <UNSIGNED_INTEGER_LITERAL> ...\n"
                            "    <QUOTED_STRING> ...\n"
                            "    \"(\" ...\n"
                            "    \"+\" ...\n"
                            "    \"-\" ...\n"
                            EXPECTING_IDENTIFIER);
    /* an unterminated string is a lone quote for JavaCC: a parse error */
    ASSERT_STR_CONTAINS(S("SELECT 'abc"), "ERR 1:8 SQL parse failed. Encountered \"\\'\" at line 1, column 8.\n");
    ASSERT_STR_EQ(S("SELECT a FROM t LIMIT 1, 2"),
                  "ERR 1:24 SQL parse failed. LIMIT start, count is not allowed under the current SQL conformance level");
}

TEST(lexical_error_messages) {
    /* Flink's select.q */
    ASSERT_STR_EQ(S("SELECT /*;"), "ERR 1:11 SQL parse failed. Lexical error at line 1, column 11.  Encountered: <EOF> after : \"\"");
    ASSERT_STR_EQ(S("SELECT /* x\n"), "ERR 2:0 SQL parse failed. Lexical error at line 2, column 0.  Encountered: <EOF> after : \"\"");
    ASSERT_STR_EQ(S("SELECT `abc"), "ERR 1:12 SQL parse failed. Lexical error at line 1, column 12.  Encountered: <EOF> after : \"`abc\"");
    ASSERT_STR_EQ(S("SELECT `ab\ncd` FROM t"),
                  "ERR 1:11 SQL parse failed. Lexical error at line 1, column 11.  Encountered: \"\\n\" (10), after : \"`ab\"");
    ASSERT_STR_EQ(S("SELECT # FROM t"), "ERR 1:8 SQL parse failed. Lexical error at line 1, column 8.  Encountered: \"#\" (35), after : \"\"");
    /* JavaCC reports a bad last character as end of input */
    ASSERT_STR_EQ(S("SELECT #"), "ERR 1:9 SQL parse failed. Lexical error at line 1, column 9.  Encountered: <EOF> after : \"\"");
    ASSERT_STR_EQ(S("SELECT U&'abc"), "ERR 1:9 SQL parse failed. Lexical error at line 1, column 9.  Encountered: \"&\" (38), after : \"\"");
    ASSERT_STR_EQ(E("\xef\xbc\x91"), "ERR 1:2 SQL parse failed. Lexical error at line 1, column 2.  Encountered: <EOF> after : \"\"");
    /* a NUL byte (the text is read by length): JavaCC prints the character as nothing */
    AstStmt *st;
    EdErr nul = {0};
    ASSERT_EQ_INT(eddy__sql_parse_stmt(&A, "SELECT 1\0 FROM t", 17, &st, &nul), EDDY_E_PARSE);
    ASSERT_STR_EQ(err_text(&nul), "ERR 1:9 SQL parse failed. Lexical error at line 1, column 9.  Encountered: \"\" (0), after : \"\"");
    /* a parse error before the lexical error wins, as with JavaCC's lazy lexer */
    ASSERT_STR_CONTAINS(S("SELECT FROM /*"), "Encountered \"FROM\" at line 1, column 8.");
}

TEST(other_error_messages) {
    ASSERT_STR_EQ(E("CAST(a AS FOO)"), "ERR 1:11 SQL parse failed. Could not parse type at line 1, column 11: Unknown type 'FOO'.");
    ASSERT_STR_EQ(E("CAST(a AS DECIMAL(10, )"),
                  "ERR 1:23 SQL parse failed. Could not parse type at line 1, column 23: a number expected, but ')' found.");
    AstExpr *x;
    EdErr e = {0};
    ASSERT_EQ_INT(eddy__sql_parse_expr(&A, "CAST(a AS VARCHAR(0))", 21, &x, &e), EDDY_E_VALIDATION);
    ASSERT_STR_EQ(e.msg, "Variable character string length must be between 1 and 2147483647 (both inclusive).");
    ASSERT_EQ_INT(e.col, 11);
    eddy__err_clear(&e);
    ASSERT_STR_EQ(E("X'0G'"), "ERR 1:1 SQL parse failed. Illegal binary string X'0G'");
    ASSERT_STR_EQ(E("U&'\\00'"), "ERR 1:1 SQL parse failed. Unicode escape sequence starting at character 0 is not exactly four hex digits");
    ASSERT_STR_EQ(E("'a' UESCAPE '!'"), "ERR 1:5 SQL parse failed. UESCAPE cannot be specified without Unicode literal introducer");
    ASSERT_STR_EQ(E("U&'a' UESCAPE 'ab'"), "ERR 1:15 SQL parse failed. Illegal Unicode escape character 'ab'");
}

TEST(depth_limits) {
    Buf b;
    eddy__buf_init(&b);
    for (int i = 0; i < 600; i++) eddy__buf_putc(&b, '(');
    eddy__buf_putc(&b, '1');
    for (int i = 0; i < 600; i++) eddy__buf_putc(&b, ')');
    ASSERT_STR_EQ(E(eddy__buf_cstr(&b)), "ERR 1:501 SQL parse failed. Nesting deeper than 500 levels at line 1, column 501.");
    eddy__buf_free(&b);
    eddy__buf_init(&b);
    for (int i = 0; i < 400; i++) eddy__buf_puts(&b, "(");
    eddy__buf_puts(&b, "1");
    for (int i = 0; i < 400; i++) eddy__buf_puts(&b, ")");
    ASSERT_STR_EQ(E(eddy__buf_cstr(&b)), "1");
    eddy__buf_free(&b);
    /* a long left-deep chain is a deep tree */
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "1");
    for (int i = 0; i < 1000; i++) eddy__buf_puts(&b, " - 1");
    ASSERT_STR_CONTAINS(E(eddy__buf_cstr(&b)), "Expression nested deeper than 500 levels");
    eddy__buf_free(&b);
    /* ... but long AND / OR chains are flat */
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "a = 0");
    for (int i = 1; i < 5000; i++) eddy__buf_printf(&b, " OR a = %d", i);
    AstExpr *x = expr(eddy__buf_cstr(&b));
    ASSERT_TRUE(x != NULL);
    ASSERT_EQ_INT(x->u.call.nargs, 5000);
    eddy__buf_free(&b);
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "SELECT * FROM t0");
    for (int i = 1; i < 600; i++) eddy__buf_printf(&b, " JOIN t%d ON TRUE", i);
    ASSERT_STR_CONTAINS(S(eddy__buf_cstr(&b)), "FROM clause nested deeper than 500 levels");
    eddy__buf_free(&b);
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "CAST(x AS ");
    for (int i = 0; i < 100; i++) eddy__buf_puts(&b, "ARRAY<");
    eddy__buf_puts(&b, "INT");
    for (int i = 0; i < 100; i++) eddy__buf_puts(&b, ">");
    eddy__buf_puts(&b, ")");
    ASSERT_STR_EQ(E(eddy__buf_cstr(&b)), "ERR 1:11 SQL parse failed. Type nested too deeply at line 1, column 11.");
    eddy__buf_free(&b);
    eddy__buf_init(&b);
    for (int i = 0; i < 3000; i++) eddy__buf_puts(&b, "NOT ");
    eddy__buf_puts(&b, "a");
    ASSERT_STR_CONTAINS(E(eddy__buf_cstr(&b)), "Nesting deeper than 500 levels");
    eddy__buf_free(&b);
}

/* Random inputs never crash, and whatever parses prints stably. */
TEST(random_inputs) {
    static const char *const words[] = {
        "SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "LIMIT", "UNION", "ALL", "JOIN", "ON", "AS", "t", "a", "b",
        "(", ")", ",", ".", "*", "+", "-", "||", "=", "<>", "AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN", "LIKE",
        "CASE", "WHEN", "THEN", "END", "CAST", "INT", "INTERVAL", "'1'", "DAY", "1", "2.5", "'x'", "X'0A'", "`q`", "[",
        "]", "ARRAY", "ROW", "COUNT", "OVER", "PARTITION", "TRIM", "JSON_VALUE", "TABLE", "TUMBLE", "DESCRIPTOR",
        "=>", "VALUES", "CREATE", "VIEW", "WATERMARK", "FOR", "INSERT", "INTO", "EXPLAIN", "SET", "SHOW", "{", "}",
        "?", "^", "$", "|", "/*+", "*/", ";", "--c\n", "/*c*/", "MATCH_RECOGNIZE", "PATTERN", "DEFINE", "U&'\\0041'"};
    unsigned long long rs = 0x9E3779B97F4A7C15ULL;
    char buf[1024];
    int parsed = 0;
    for (int it = 0; it < 20000; it++) {
        size_t n = 0;
        rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
        int ntok = 1 + (int)(rs % 20);
        for (int k = 0; k < ntok; k++) {
            rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
            if (rs % 30 == 0) {
                buf[n++] = (char)(rs >> 20);
                continue;
            }
            const char *w = words[(rs >> 8) % ED_ARRAY_LEN(words)];
            size_t l = strlen(w);
            memcpy(buf + n, w, l);
            n += l;
            buf[n++] = ' ';
        }
        Arena a;
        eddy__arena_init(&a, 0);
        EdErr e = {0};
        AstStmtList *l;
        AstExpr *x;
        if (it % 2 == 0) {
            if (eddy__sql_parse_script(&a, buf, n, &l, &e) == EDDY_OK) {
                parsed++;
                Buf b;
                eddy__buf_init(&b);
                for (int i = 0; i < l->nstmts; i++) eddy__sql_unparse_stmt(&b, l->stmts[i]);
                eddy__buf_free(&b);
            } else {
                ASSERT_TRUE(e.msg != NULL);
                ASSERT_TRUE(e.line >= 1);
            }
        } else {
            if (eddy__sql_parse_expr(&a, buf, n, &x, &e) == EDDY_OK) {
                parsed++;
                Buf b1, b2;
                eddy__buf_init(&b1);
                eddy__buf_init(&b2);
                eddy__sql_unparse_expr(&b1, x);
                AstExpr *y;
                EdErr e2 = {0};
                ASSERT_EQ_INT(eddy__sql_parse_expr(&a, b1.data, b1.len, &y, &e2), EDDY_OK);
                eddy__sql_unparse_expr(&b2, y);
                ASSERT_STR_EQ(eddy__buf_cstr(&b1), eddy__buf_cstr(&b2));
                eddy__buf_free(&b1);
                eddy__buf_free(&b2);
            } else {
                ASSERT_TRUE(e.msg != NULL);
            }
        }
        eddy__err_clear(&e);
        eddy__arena_destroy(&a);
    }
    ASSERT_TRUE(parsed > 100);
}

/* Found by the fuzzer: a row of a single subquery pointed to a variable
 * out of scope (VALUES, ROW(...) and the row-kind lists of from_values). */
TEST(subquery_rows) {
    AstExprList *l = NULL;
    EdErr e = {0};
    ASSERT_EQ_INT(eddy__sql_parse_expr_list(&A, "+I(SELECT 1)", 12, &l, &e), EDDY_OK);
    ASSERT_EQ_INT(l->nitems, 1);
    ASSERT_EQ_INT(l->items[0]->expr->u.call.nargs, 1);
    ASSERT_EQ_INT(l->items[0]->expr->u.call.args[0]->kind, AST_SUBQUERY);
}

/* Found by the fuzzer: a function a user calls MAP_QUERY printed as the
 * parser's internal form of MAP(query). */
TEST(functions_named_like_internal_calls) {
    ASSERT_STR_EQ(S("SELECT MAP_QUERY (PEW)"), "SELECT MAP_QUERY(`PEW`)");
    ASSERT_STR_EQ(S("SELECT ARRAY_QUERY(1), MULTISET_QUERY(x)"), "SELECT ARRAY_QUERY(1), MULTISET_QUERY(`x`)");
    ASSERT_STR_EQ(S("SELECT MAP(SELECT a, b FROM t)"), "SELECT MAP(SELECT `a`, `b`\nFROM `t`)");
}

/* Found by the fuzzer: a NUL byte inside a back-quoted identifier made a
 * name that printed back as different SQL. It is a lexical error now. */
TEST(nul_in_identifiers) {
    static const char sql[] = "SELECT `a\0b` FROM t";
    AstStmt *st = NULL;
    EdErr e = {0};
    ASSERT_EQ_INT(eddy__sql_parse_stmt(&A, sql, sizeof sql - 1, &st, &e), EDDY_E_PARSE);
    ASSERT_TRUE(st == NULL);
    ASSERT_STR_EQ(e.msg, "SQL parse failed. Lexical error at line 1, column 10.  Encountered: \"\" (0), after : \"`a\"");
    eddy__err_clear(&e);
    /* in a string literal it is a character like any other */
    static const char lit[] = "SELECT 'a\0b'";
    ASSERT_EQ_INT(eddy__sql_parse_stmt(&A, lit, sizeof lit - 1, &st, &e), EDDY_OK);
    const AstExpr *x = st->u.query.query->u.select.items[0]->expr;
    ASSERT_EQ_INT((int)x->u.lit.value_len, 3);
}

/* Found by the fuzzer: numbers in parentheses (interval precisions,
 * pattern quantifiers) were read past the end of input that is not
 * NUL-terminated. The input here is an exact-size heap copy, so ASan sees
 * any read past it. */
TEST(input_without_terminator) {
    static const char *cases[] = {"SELECT INTERVAL '1' YEAR(3", "SELECT * FROM t MATCH_RECOGNIZE (PATTERN (A{2"};
    for (size_t k = 0; k < ED_ARRAY_LEN(cases); k++) {
        size_t n = strlen(cases[k]);
        char *exact = malloc(n);
        memcpy(exact, cases[k], n);
        AstStmt *st = NULL;
        EdErr e = {0};
        eddy_status rc = eddy__sql_parse_stmt(&A, exact, n, &st, &e);
        free(exact);
        ASSERT_EQ_INT(rc, EDDY_E_PARSE);
        ASSERT_STR_CONTAINS(e.msg, "Encountered \"<EOF>\"");
        eddy__err_clear(&e);
    }
}

int main(void) {
    eddy__arena_init(&A, 0);
    RUN(keyword_tables_sorted);
    RUN(lexer_positions);
    RUN(lexer_unicode_columns);
    RUN(lexer_longest_match);
    RUN(literal_decoding);
    RUN(literal_unparse);
    RUN(identifiers);
    RUN(precedence);
    RUN(and_or_chains_are_flat);
    RUN(predicates);
    RUN(function_calls);
    RUN(niladic_and_context);
    RUN(special_calls);
    RUN(json_functions);
    RUN(constructors_and_access);
    RUN(intervals);
    RUN(select_basics);
    RUN(joins);
    RUN(table_references);
    RUN(hints);
    RUN(grouping_and_windows);
    RUN(set_operations);
    RUN(with_values_table);
    RUN(match_recognize);
    RUN(insert_statements);
    RUN(statement_sets_explain_execute);
    RUN(create_table);
    RUN(nexmark_ddl);
    RUN(alter_table);
    RUN(views_functions_catalogs);
    RUN(session_statements);
    RUN(show_describe);
    RUN(dml_statements);
    RUN(scripts);
    RUN(expression_lists);
    RUN(positions);
    RUN(parse_error_messages);
    RUN(lexical_error_messages);
    RUN(other_error_messages);
    RUN(depth_limits);
    RUN(random_inputs);
    RUN(subquery_rows);
    RUN(functions_named_like_internal_calls);
    RUN(nul_in_identifiers);
    RUN(input_without_terminator);
    eddy__arena_destroy(&A);
    return test_report();
}
