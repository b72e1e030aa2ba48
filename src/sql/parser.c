/*
 * parser.c -- the core of the SQL parser: token tests that remember what
 * would have been accepted (for Calcite's "Was expecting one of:" messages),
 * error reporting, identifiers and string literals, the four entry points,
 * and the statements that are neither DDL nor queries: INSERT, statement
 * sets, EXPLAIN, EXECUTE, SET/RESET, USE, SHOW, DESCRIBE, modules, jars,
 * STOP JOB, TRUNCATE, DELETE, UPDATE and ANALYZE. DDL is in parser_ddl.c,
 * queries in parser_query.c, expressions in parser_expr.c.
 */
#define EDDY_SQL_PARSER_INTERNAL
#include "sql/parser.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- expected items and errors ------------------------------------------ */

void eddy__sql_p_expect_here(SqlParser *p, int code) {
    if (p->pos > p->exp_pos) {
        p->exp_pos = p->pos;
        p->nexp = 0;
    } else if (p->pos < p->exp_pos) {
        return;
    }
    for (int i = 0; i < p->nexp; i++)
        if (p->exp[i] == code) return;
    if (p->nexp < EXP_MAX) p->exp[p->nexp++] = code;
}

bool eddy__sql_p_at(SqlParser *p, TokKind kind) {
    if (p_cur(p)->kind == kind) return true;
    eddy__sql_p_expect_here(p, kind);
    return false;
}

bool eddy__sql_p_accept(SqlParser *p, TokKind kind) {
    if (!eddy__sql_p_at(p, kind)) return false;
    if (p->pos < p->ntoks - 1) p->pos++;
    return true;
}

bool eddy__sql_p_expect(SqlParser *p, TokKind kind) {
    if (eddy__sql_p_accept(p, kind)) return true;
    eddy__sql_p_fail(p);
    return false;
}

bool eddy__sql_p_at_kw(SqlParser *p, SqlKw kw) {
    const Token *t = p_cur(p);
    if (t->kind == TK_IDENT && t->kw == kw) return true;
    eddy__sql_p_expect_here(p, EXP_KW(kw));
    return false;
}

bool eddy__sql_p_accept_kw(SqlParser *p, SqlKw kw) {
    if (!eddy__sql_p_at_kw(p, kw)) return false;
    p->pos++;
    return true;
}

bool eddy__sql_p_expect_kw(SqlParser *p, SqlKw kw) {
    if (eddy__sql_p_accept_kw(p, kw)) return true;
    eddy__sql_p_fail(p);
    return false;
}

bool eddy__sql_p_at_ident(SqlParser *p) {
    if (p_is_ident(p, 0)) return true;
    eddy__sql_p_expect_here(p, EXP_IDENT);
    return false;
}

/* Sort key of an expected line: JavaCC lists token kinds in definition order:
 * <EOF>, Calcite's keywords, Flink's keywords, literals, separators and
 * operators, then the identifier tokens. */
static int exp_sort_key(int code) {
    if (code == TK_EOF) return 0;
    if (code >= TK__COUNT && code < TK__COUNT + KW__COUNT) {
        SqlKw kw = (SqlKw)(code - TK__COUNT);
        return 1000 + (eddy__lex_kw_is_flink(kw) ? 1000 : 0) + (int)kw;
    }
    if (code >= 1000000) return code; /* identifier lines, pre-ordered */
    return 5000 + code;
}

static const char *const ident_lines[] = {
    "<BRACKET_QUOTED_IDENTIFIER>",        "<QUOTED_IDENTIFIER>",   "<BACK_QUOTED_IDENTIFIER>",
    "<BIG_QUERY_BACK_QUOTED_IDENTIFIER>", "<HYPHENATED_IDENTIFIER>", "<IDENTIFIER>",
    "<UNICODE_QUOTED_IDENTIFIER>",
};

/* What an expression may start with, as listed in messages. */
static const int expr_start_codes[] = {
    EXP_KW(KW_CASE), EXP_KW(KW_CAST),  EXP_KW(KW_EXISTS), EXP_KW(KW_FALSE), EXP_KW(KW_INTERVAL),
    EXP_KW(KW_NOT),  EXP_KW(KW_NULL),  EXP_KW(KW_TRUE),   TK_UNSIGNED_INT,  TK_STRING,
    TK_LPAREN,       TK_PLUS,          TK_MINUS,
};

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

/* Builds "Was expecting ..." from the recorded items. */
static void append_expected(SqlParser *p, Buf *b) {
    int keys[EXP_MAX * 2 + 32];
    int n = 0;
    bool ident = false;
    for (int i = 0; i < p->nexp; i++) {
        int c = p->exp[i];
        if (c == EXP_IDENT) {
            ident = true;
        } else if (c == EXP_EXPR) {
            ident = true;
            for (size_t j = 0; j < ED_ARRAY_LEN(expr_start_codes); j++) keys[n++] = exp_sort_key(expr_start_codes[j]);
        } else {
            keys[n++] = exp_sort_key(c);
        }
    }
    if (ident)
        for (size_t j = 0; j < ED_ARRAY_LEN(ident_lines); j++) keys[n++] = 1000000 + (int)j;
    qsort(keys, (size_t)n, sizeof keys[0], cmp_int);
    /* drop duplicates, and (Calcite's cleanup) non-reserved keywords when an
     * identifier is acceptable anyway */
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m && keys[m - 1] == keys[i]) continue;
        if (ident && keys[i] >= 1000 && keys[i] < 5000) {
            SqlKw kw = (SqlKw)(keys[i] - 1000 - (keys[i] >= 2000 ? 1000 : 0));
            const char *name = eddy__lex_kw_name(kw);
            if (!eddy__lex_is_reserved(name, strlen(name))) continue;
        }
        keys[m++] = keys[i];
    }
    if (m == 0) return;
    eddy__buf_puts(b, m == 1 ? "\nWas expecting:" : "\nWas expecting one of:");
    for (int i = 0; i < m; i++) {
        int k = keys[i];
        eddy__buf_puts(b, "\n    ");
        if (k == 0) {
            eddy__buf_puts(b, "<EOF> ");
            continue;
        }
        if (k >= 1000000) {
            eddy__buf_puts(b, ident_lines[k - 1000000]);
        } else if (k >= 5000) {
            eddy__buf_puts(b, eddy__lex_kind_image((TokKind)(k - 5000)));
        } else {
            SqlKw kw = (SqlKw)(k - 1000 - (k >= 2000 ? 1000 : 0));
            eddy__buf_printf(b, "\"%s\"", eddy__lex_kw_name(kw));
        }
        eddy__buf_puts(b, " ...");
    }
}

static void set_error(SqlParser *p, eddy_status code, int line, int col, Buf *b) {
    p->failed = true;
    if (b->failed) {
        eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
    } else {
        eddy__err_at(p->err, code, line, col, "%s", eddy__buf_cstr(b));
    }
    eddy__buf_free(b);
}

void *eddy__sql_p_fail(SqlParser *p) {
    if (p->failed) return NULL;
    int at = p->exp_pos > p->pos ? p->exp_pos : p->pos;
    if (at >= p->ntoks) at = p->ntoks - 1;
    const Token *t = &p->toks[at];
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "SQL parse failed. ");
    if (t->kind == TK_ERROR) {
        eddy__buf_puts(&b, p->lex_msg ? p->lex_msg : "Lexical error");
        set_error(p, EDDY_E_PARSE, t->line, t->col, &b);
        return NULL;
    }
    eddy__buf_puts(&b, "Encountered \"");
    if (t->kind == TK_EOF) eddy__buf_puts(&b, "<EOF>");
    else eddy__lex_escape(&b, p->src + t->start, t->end - t->start);
    eddy__buf_printf(&b, "\" at line %d, column %d.", t->line, t->col);
    if (at == p->exp_pos) append_expected(p, &b);
    set_error(p, EDDY_E_PARSE, t->line, t->col, &b);
    if (p->err) {
        p->err->end_line = t->end_line;
        p->err->end_col = t->end_col;
    }
    return NULL;
}

void *eddy__sql_p_fail_msg(SqlParser *p, const Token *t, const char *fmt, ...) {
    if (p->failed) return NULL;
    if (t->kind == TK_ERROR) return eddy__sql_p_fail(p);
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_puts(&b, "SQL parse failed. ");
    va_list ap;
    va_start(ap, fmt);
    eddy__buf_vprintf(&b, fmt, ap);
    va_end(ap);
    set_error(p, EDDY_E_PARSE, t->line, t->col, &b);
    return NULL;
}

void *eddy__sql_p_oom(SqlParser *p) {
    if (!p->failed) {
        p->failed = true;
        eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
    }
    return NULL;
}

void *eddy__sql_p_alloc(SqlParser *p, size_t n) {
    void *r = eddy__arena_alloc(p->a, n);
    if (!r) eddy__sql_p_oom(p);
    return r;
}

char *eddy__sql_p_strndup(SqlParser *p, const char *s, size_t n) {
    char *r = eddy__arena_strndup(p->a, s, n);
    if (!r) eddy__sql_p_oom(p);
    return r;
}

bool eddy__sql_p_push(SqlParser *p, PList *l, void *x) {
    if (l->len == l->cap) {
        int ncap = l->cap ? l->cap * 2 : 4;
        void **ni = eddy__sql_p_alloc(p, sizeof(void *) * (size_t)ncap);
        if (!ni) return false;
        if (l->len) memcpy(ni, l->items, sizeof(void *) * (size_t)l->len);
        l->items = ni;
        l->cap = ncap;
    }
    l->items[l->len++] = x;
    return true;
}

AstPos eddy__sql_p_span(const SqlParser *p, int first, int last) {
    AstPos r;
    if (first >= p->ntoks) first = p->ntoks - 1;
    if (last >= p->ntoks) last = p->ntoks - 1;
    const Token *a = &p->toks[first];
    if (last < first) {
        r.line = r.end_line = a->line;
        r.col = r.end_col = a->col;
        r.start = r.end = a->start;
        return r;
    }
    const Token *b = &p->toks[last];
    r.line = a->line;
    r.col = a->col;
    r.end_line = b->end_line;
    r.end_col = b->end_col;
    r.start = a->start;
    r.end = b->end;
    return r;
}

AstPos eddy__sql_p_span_from(const SqlParser *p, int first) { return eddy__sql_p_span(p, first, p->pos - 1); }

bool eddy__sql_p_enter(SqlParser *p) {
    if (++p->depth > EDDY_SQL_MAX_DEPTH) {
        eddy__sql_p_fail_msg(p, p_cur(p), "Nesting deeper than %d levels at line %d, column %d.", EDDY_SQL_MAX_DEPTH,
                             p_cur(p)->line, p_cur(p)->col);
        return false;
    }
    return true;
}

void eddy__sql_p_leave(SqlParser *p) { p->depth--; }

int eddy__sql_p_token_uint(const SqlParser *p, const Token *t) {
    long v = 0;
    for (uint32_t i = t->start; i < t->end; i++) {
        char c = p->src[i];
        if (c < '0' || c > '9') break;
        v = v * 10 + (c - '0');
        if (v >= 1000000000) return 1000000000;
    }
    return (int)v;
}

bool eddy__sql_p_word_is(const Token *t, const SqlParser *p, const char *upper) {
    if (t->kind != TK_IDENT) return false;
    return eddy__strn_ieq(p->src + t->start, t->end - t->start, upper);
}

/* ---- identifiers and strings -------------------------------------------- */

const char *eddy__sql_p_unquote(SqlParser *p, const Token *t, char q, size_t skip_prefix, size_t *out_len) {
    const char *s = p->src + t->start + skip_prefix + 1;
    size_t n = t->end - t->start - skip_prefix - 2;
    char *d = eddy__sql_p_alloc(p, n + 1);
    if (!d) return NULL;
    size_t j = eddy__str_undouble(d, s, n, q);
    if (out_len) *out_len = j;
    return d;
}

bool eddy__sql_p_ident(SqlParser *p, AstIdent *out) {
    if (!eddy__sql_p_at_ident(p)) {
        eddy__sql_p_fail(p);
        return false;
    }
    const Token *t = p_cur(p);
    memset(out, 0, sizeof *out);
    if (t->kind == TK_QIDENT) {
        out->name = eddy__sql_p_unquote(p, t, '`', 0, NULL);
        out->quoted = true;
    } else {
        out->name = eddy__sql_p_strndup(p, p->src + t->start, t->end - t->start);
    }
    out->pos = eddy__sql_p_span(p, p->pos, p->pos);
    p->pos++;
    return out->name != NULL;
}

AstIdent *eddy__sql_p_ident_new(SqlParser *p) {
    AstIdent *id = eddy__sql_p_alloc(p, sizeof *id);
    if (!id || !eddy__sql_p_ident(p, id)) return NULL;
    return id;
}

bool eddy__sql_p_name(SqlParser *p, AstName *out) {
    int first = p->pos;
    PList parts = {0};
    memset(out, 0, sizeof *out);
    for (;;) {
        AstIdent *id = eddy__sql_p_ident_new(p);
        if (!id || !eddy__sql_p_push(p, &parts, id)) return false;
        if (p_is(p, 0, TK_DOT) && p_is_ident(p, 1)) {
            p->pos++;
            continue;
        }
        if (p_is(p, 0, TK_DOT)) {
            /* a dot must be followed by an identifier here */
            p->pos++;
            eddy__sql_p_at_ident(p);
            eddy__sql_p_fail(p);
            return false;
        }
        eddy__sql_p_at(p, TK_DOT);
        break;
    }
    int n = parts.len;
    out->parts = eddy__sql_p_alloc(p, sizeof(char *) * (size_t)n);
    out->quoted = eddy__sql_p_alloc(p, sizeof(bool) * (size_t)n);
    if (!out->parts || !out->quoted) return false;
    for (int i = 0; i < n; i++) {
        out->parts[i] = ((AstIdent *)parts.items[i])->name;
        out->quoted[i] = ((AstIdent *)parts.items[i])->quoted;
    }
    out->nparts = n;
    out->pos = eddy__sql_p_span_from(p, first);
    return true;
}

bool eddy__sql_p_simple_name(SqlParser *p, AstName *out) {
    AstIdent id;
    memset(out, 0, sizeof *out);
    if (!eddy__sql_p_ident(p, &id)) return false;
    out->parts = eddy__sql_p_alloc(p, sizeof(char *));
    out->quoted = eddy__sql_p_alloc(p, sizeof(bool));
    if (!out->parts || !out->quoted) return false;
    out->parts[0] = id.name;
    out->quoted[0] = id.quoted;
    out->nparts = 1;
    out->pos = id.pos;
    return true;
}

bool eddy__sql_p_ident_list(SqlParser *p, AstIdent ***out, int *n) {
    PList l = {0};
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    do {
        AstIdent *id = eddy__sql_p_ident_new(p);
        if (!id || !eddy__sql_p_push(p, &l, id)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
    *out = (AstIdent **)l.items;
    *n = l.len;
    return true;
}

const char *eddy__sql_p_string(SqlParser *p, AstPos *pos) {
    int first = p->pos;
    if (!eddy__sql_p_at(p, TK_STRING)) {
        eddy__sql_p_fail(p);
        return NULL;
    }
    AstExpr *e = eddy__sql_p_literal_string(p);
    if (!e) return NULL;
    if (pos) *pos = eddy__sql_p_span_from(p, first);
    return e->u.lit.value;
}

/* ---- statements ----------------------------------------------------------- */

AstStmt *eddy__sql_p_new_stmt(SqlParser *p, AstStmtKind kind, int first_tok) {
    AstStmt *s = eddy__sql_p_alloc(p, sizeof *s);
    if (!s) return NULL;
    s->kind = kind;
    s->pos = eddy__sql_p_span(p, first_tok, first_tok);
    return s;
}

bool eddy__sql_p_properties(SqlParser *p, AstProperty ***out, int *n) {
    PList l = {0};
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    if (!p_is(p, 0, TK_RPAREN)) {
        do {
            int first = p->pos;
            AstProperty *pr = eddy__sql_p_alloc(p, sizeof *pr);
            if (!pr) return false;
            if (!(pr->key = eddy__sql_p_string(p, NULL))) return false;
            if (!eddy__sql_p_expect(p, TK_EQ)) return false;
            if (!(pr->value = eddy__sql_p_string(p, NULL))) return false;
            pr->pos = eddy__sql_p_span_from(p, first);
            if (!eddy__sql_p_push(p, &l, pr)) return false;
        } while (eddy__sql_p_accept(p, TK_COMMA));
    } else {
        eddy__sql_p_at(p, TK_STRING);
    }
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
    *out = (AstProperty **)l.items;
    *n = l.len;
    return true;
}

bool eddy__sql_p_partition_spec(SqlParser *p, AstPartSpec ***out, int *n, bool values_optional) {
    PList l = {0};
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    do {
        int first = p->pos;
        AstPartSpec *ps = eddy__sql_p_alloc(p, sizeof *ps);
        if (!ps || !eddy__sql_p_ident(p, &ps->name)) return false;
        if (values_optional ? eddy__sql_p_accept(p, TK_EQ) : eddy__sql_p_expect(p, TK_EQ)) {
            ps->value = eddy__sql_p_expr_prec(p, 81);
            if (!ps->value) return false;
        } else if (p->failed) {
            return false;
        }
        ps->pos = eddy__sql_p_span_from(p, first);
        if (!eddy__sql_p_push(p, &l, ps)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
    *out = (AstPartSpec **)l.items;
    *n = l.len;
    return true;
}

/* [INSERT | UPSERT] {INTO | OVERWRITE} t [hints] [PARTITION (..)] [(cols)] query */
AstStmt *eddy__sql_p_insert(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_INSERT, first);
    if (!s) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_UPSERT)) {
        s->u.insert.upsert = true;
    } else if (!eddy__sql_p_expect_kw(p, KW_INSERT)) {
        return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_OVERWRITE)) s->u.insert.overwrite = true;
    else if (!eddy__sql_p_expect_kw(p, KW_INTO)) return NULL;
    if (!eddy__sql_p_name(p, &s->u.insert.table)) return NULL;
    if (eddy__sql_p_accept(p, TK_HINT_BEG)) {
        if (!eddy__sql_p_hints(p, &s->u.insert.hints, &s->u.insert.nhints)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_PARTITION)) {
        if (!eddy__sql_p_partition_spec(p, &s->u.insert.partition, &s->u.insert.npartition, false)) return NULL;
    }
    if (p_is(p, 0, TK_LPAREN) && p_is_ident(p, 1) &&
        (p_is(p, 2, TK_COMMA) || p_is(p, 2, TK_RPAREN) || p_is(p, 2, TK_DOT))) {
        PList l = {0};
        p->pos++;
        do {
            AstName nm;
            if (!eddy__sql_p_name(p, &nm)) return NULL;
            AstIdent *id = eddy__sql_p_alloc(p, sizeof *id);
            if (!id) return NULL;
            /* a compound column (a.b) keeps its last part; Flink rejects it later */
            id->name = nm.parts[nm.nparts - 1];
            id->quoted = nm.quoted[nm.nparts - 1];
            id->pos = nm.pos;
            if (!eddy__sql_p_push(p, &l, id)) return NULL;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        s->u.insert.columns = (AstIdent **)l.items;
        s->u.insert.ncolumns = l.len;
    }
    s->u.insert.source = eddy__sql_p_query(p);
    if (!s->u.insert.source) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* STATEMENT SET BEGIN insert; ... END */
static AstStmt *statement_set(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_STATEMENT_SET, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_STATEMENT) || !eddy__sql_p_expect_kw(p, KW_SET) ||
        !eddy__sql_p_expect_kw(p, KW_BEGIN))
        return NULL;
    PList l = {0};
    do {
        if (!eddy__sql_p_at_kw(p, KW_INSERT) && !eddy__sql_p_at_kw(p, KW_UPSERT)) return eddy__sql_p_fail(p);
        AstStmt *ins = eddy__sql_p_insert(p);
        if (!ins || !eddy__sql_p_push(p, &l, ins)) return NULL;
        if (!eddy__sql_p_expect(p, TK_SEMICOLON)) return NULL;
    } while (!eddy__sql_p_accept_kw(p, KW_END));
    s->u.stmt_set.inserts = (AstStmt **)l.items;
    s->u.stmt_set.ninserts = l.len;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* What EXPLAIN and EXECUTE wrap: a query, an INSERT or a statement set;
 * after EXPLAIN also EXECUTE and one of those (Flink's SqlRichExplain takes
 * SqlExecute), explained as that statement. */
static AstStmt *explainable(SqlParser *p, bool after_explain) {
    int first = p->pos;
    if (after_explain && p_is_kw(p, 0, KW_EXECUTE) && !p_is_kw(p, 1, KW_PLAN)) {
        p->pos++;
        return explainable(p, false);
    }
    if (p_is_kw(p, 0, KW_STATEMENT)) return statement_set(p);
    if (p_is_kw(p, 0, KW_INSERT) || p_is_kw(p, 0, KW_UPSERT)) return eddy__sql_p_insert(p);
    if (after_explain) eddy__sql_p_at_kw(p, KW_EXECUTE);
    eddy__sql_p_at_kw(p, KW_STATEMENT);
    eddy__sql_p_at_kw(p, KW_INSERT);
    eddy__sql_p_at_kw(p, KW_UPSERT);
    AstQuery *q = eddy__sql_p_query(p);
    if (!q) return NULL;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_QUERY, first);
    if (!s) return NULL;
    s->u.query.query = q;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

static AstStmt *explain(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_EXPLAIN, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_EXPLAIN)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_PLAN)) {
        if (!eddy__sql_p_expect_kw(p, KW_FOR)) return NULL;
        s->u.explain.plan_for = true;
    } else {
        static const struct {
            SqlKw kw;
            int bit;
        } details[] = {{KW_ESTIMATED_COST, AST_EXPLAIN_ESTIMATED_COST},
                       {KW_CHANGELOG_MODE, AST_EXPLAIN_CHANGELOG_MODE},
                       {KW_JSON_EXECUTION_PLAN, AST_EXPLAIN_JSON_EXECUTION_PLAN},
                       {KW_PLAN_ADVICE, AST_EXPLAIN_PLAN_ADVICE}};
        for (;;) {
            int bit = 0;
            for (size_t i = 0; i < ED_ARRAY_LEN(details); i++)
                if (eddy__sql_p_at_kw(p, details[i].kw)) bit = details[i].bit;
            if (!bit) {
                if (s->u.explain.ndetails == 0) break;
                return eddy__sql_p_fail(p);
            }
            if (s->u.explain.details & (unsigned)bit)
                return eddy__sql_p_fail_msg(p, p_cur(p), "Duplicate EXPLAIN KEY: %.*s",
                                            (int)(p_cur(p)->end - p_cur(p)->start), p->src + p_cur(p)->start);
            p->pos++;
            s->u.explain.details |= (unsigned)bit;
            s->u.explain.detail_order[s->u.explain.ndetails++] = bit;
            if (!eddy__sql_p_accept(p, TK_COMMA)) break;
        }
    }
    if (!(s->u.explain.stmt = explainable(p, true))) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* A SET / RESET key or value written without quotes, taken as Flink's
 * extended parser takes it: the text of adjacent tokens (no blank between
 * them) up to '=' for a key or to the end for a value -- so hyphenated keys
 * such as execution.runtime-mode and values such as 10s work. */
static const char *bare_option(SqlParser *p, bool is_value) {
    const Token *first = p_cur(p);
    size_t end = first->start;
    while (!p_is(p, 0, TK_EOF) && !p_is(p, 0, TK_SEMICOLON) && !p_is(p, 0, TK_STRING) &&
           (is_value || !p_is(p, 0, TK_EQ))) {
        const Token *t = p_cur(p);
        if (t->start != end) break;
        end = t->end;
        p->pos++;
    }
    if (end == first->start) return eddy__sql_p_fail(p);
    return eddy__sql_p_strndup(p, p->src + first->start, end - first->start);
}

/* SET ['key' = 'value'] / RESET ['key']; the key (and value) may also be
 * written without quotes (SET pipeline.name = 'x'), as Flink's parser allows. */
static AstStmt *set_reset(SqlParser *p, bool set) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, set ? AST_STMT_SET : AST_STMT_RESET, first);
    if (!s) return NULL;
    p->pos++;
    if (!p_is(p, 0, TK_EOF) && !p_is(p, 0, TK_SEMICOLON)) {
        bool quoted = p_is(p, 0, TK_STRING);
        s->u.kv.key = quoted ? eddy__sql_p_string(p, NULL) : bare_option(p, false);
        if (!s->u.kv.key) return NULL;
        if (set) {
            if (!eddy__sql_p_expect(p, TK_EQ)) return NULL;
            s->u.kv.value = p_is(p, 0, TK_STRING) ? eddy__sql_p_string(p, NULL) : bare_option(p, true);
            if (!s->u.kv.value) return NULL;
        }
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* [NOT] LIKE | ILIKE 'pattern' after SHOW ... */
static bool show_like(SqlParser *p, AstStmt *s, bool allow_ilike) {
    bool negated = false;
    if (p_is_kw(p, 0, KW_NOT) && (p_is_kw(p, 1, KW_LIKE) || (allow_ilike && eddy__sql_p_word_is(p_peek(p, 1), p, "ILIKE")))) {
        p->pos++;
        negated = true;
    } else {
        eddy__sql_p_at_kw(p, KW_NOT);
    }
    bool ilike = allow_ilike && eddy__sql_p_word_is(p_cur(p), p, "ILIKE");
    if (ilike || eddy__sql_p_at_kw(p, KW_LIKE)) {
        p->pos++;
        s->u.show.not_like = negated;
        s->u.show.ilike = ilike;
        if (!(s->u.show.like = eddy__sql_p_string(p, NULL))) return false;
    } else if (negated) {
        eddy__sql_p_fail(p);
        return false;
    }
    return true;
}

static bool show_from(SqlParser *p, AstStmt *s) {
    if (eddy__sql_p_at_kw(p, KW_FROM) || eddy__sql_p_at_kw(p, KW_IN)) {
        s->u.show.prep = p_cur(p)->kw == KW_FROM ? "FROM" : "IN";
        p->pos++;
        return eddy__sql_p_name(p, &s->u.show.name);
    }
    return true;
}

static AstStmt *show(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_SHOW, first);
    if (!s || !eddy__sql_p_expect_kw(p, KW_SHOW)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_CATALOGS)) {
        s->u.show.what = AST_SHOW_CATALOGS;
        if (!show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_CURRENT)) {
        if (eddy__sql_p_accept_kw(p, KW_CATALOG)) s->u.show.what = AST_SHOW_CURRENT_CATALOG;
        else if (eddy__sql_p_expect_kw(p, KW_DATABASE)) s->u.show.what = AST_SHOW_CURRENT_DATABASE;
        else return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_DATABASES)) {
        s->u.show.what = AST_SHOW_DATABASES;
        if (!show_from(p, s) || !show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_TABLES)) {
        s->u.show.what = AST_SHOW_TABLES;
        if (!show_from(p, s) || !show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_VIEWS)) {
        s->u.show.what = AST_SHOW_VIEWS;
        if (!show_from(p, s) || !show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_at_kw(p, KW_USER) || eddy__sql_p_at_kw(p, KW_FUNCTIONS)) {
        s->u.show.what = AST_SHOW_FUNCTIONS;
        if (eddy__sql_p_accept_kw(p, KW_USER)) s->u.show.user = true;
        if (!eddy__sql_p_expect_kw(p, KW_FUNCTIONS)) return NULL;
        if (!show_from(p, s) || !show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_word_is(p_cur(p), p, "PROCEDURES")) {
        p->pos++;
        s->u.show.what = AST_SHOW_PROCEDURES;
        if (!show_from(p, s) || !show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_COLUMNS)) {
        s->u.show.what = AST_SHOW_COLUMNS;
        if (eddy__sql_p_accept_kw(p, KW_FROM)) s->u.show.prep = "FROM";
        else if (eddy__sql_p_expect_kw(p, KW_IN)) s->u.show.prep = "IN";
        else return NULL;
        if (!eddy__sql_p_name(p, &s->u.show.name) || !show_like(p, s, true)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_CREATE)) {
        const Token *t = p_cur(p);
        if (t->kind == TK_IDENT && t->kw == KW_NONE && eddy__sql_p_word_is(t, p, "MATERIALIZED") &&
            p_is_kw(p, 1, KW_TABLE)) {
            p->pos += 2;
            s->u.show.what = AST_SHOW_CREATE_MATERIALIZED_TABLE;
        } else if (eddy__sql_p_accept_kw(p, KW_TABLE)) s->u.show.what = AST_SHOW_CREATE_TABLE;
        else if (eddy__sql_p_accept_kw(p, KW_VIEW)) s->u.show.what = AST_SHOW_CREATE_VIEW;
        else if (eddy__sql_p_expect_kw(p, KW_CATALOG)) s->u.show.what = AST_SHOW_CREATE_CATALOG;
        else return NULL;
        if (!eddy__sql_p_name(p, &s->u.show.name)) return NULL;
    } else if (eddy__sql_p_accept_kw(p, KW_MODULES)) {
        s->u.show.what = AST_SHOW_MODULES;
    } else if (p_is_kw(p, 0, KW_FULL) && p_is_kw(p, 1, KW_MODULES)) {
        p->pos += 2;
        s->u.show.what = AST_SHOW_MODULES;
        s->u.show.full = true;
    } else if (eddy__sql_p_accept_kw(p, KW_JOBS)) {
        s->u.show.what = AST_SHOW_JOBS;
    } else if (eddy__sql_p_accept_kw(p, KW_JARS)) {
        s->u.show.what = AST_SHOW_JARS;
    } else if (eddy__sql_p_accept_kw(p, KW_PARTITIONS)) {
        s->u.show.what = AST_SHOW_PARTITIONS;
        if (!eddy__sql_p_name(p, &s->u.show.name)) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_PARTITION) &&
            !eddy__sql_p_partition_spec(p, &s->u.show.partition, &s->u.show.npartition, false))
            return NULL;
    } else {
        eddy__sql_p_at_kw(p, KW_FULL);
        eddy__sql_p_at_kw(p, KW_MODULES);
        return eddy__sql_p_fail(p);
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

static AstStmt *describe(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_DESCRIBE, first);
    if (!s) return NULL;
    s->u.describe.desc_keyword = p_cur(p)->kw == KW_DESC;
    p->pos++;
    if (eddy__sql_p_at_kw(p, KW_CATALOG) && !p_is(p, 1, TK_DOT) && !p_is(p, 1, TK_EOF) && !p_is(p, 1, TK_SEMICOLON)) {
        p->pos++;
        s->u.describe.what = AST_DESCRIBE_CATALOG;
    } else if (eddy__sql_p_at_kw(p, KW_DATABASE) && !p_is(p, 1, TK_DOT) && !p_is(p, 1, TK_EOF) &&
               !p_is(p, 1, TK_SEMICOLON)) {
        p->pos++;
        s->u.describe.what = AST_DESCRIBE_DATABASE;
    } else if (eddy__sql_p_at_kw(p, KW_FUNCTION) && !p_is(p, 1, TK_DOT) && !p_is(p, 1, TK_EOF) &&
               !p_is(p, 1, TK_SEMICOLON)) {
        p->pos++;
        s->u.describe.what = AST_DESCRIBE_FUNCTION;
    }
    if (eddy__sql_p_accept_kw(p, KW_EXTENDED)) s->u.describe.extended = true;
    if (!eddy__sql_p_name(p, &s->u.describe.name)) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* TRUNCATE TABLE t / DELETE FROM t [[AS] a] [WHERE] / UPDATE t [[AS] a] SET .. [WHERE] */
static bool dml_alias(SqlParser *p, AstStmt *s) {
    if (eddy__sql_p_accept_kw(p, KW_AS)) return (s->u.dml.alias = eddy__sql_p_ident_new(p)) != NULL;
    if (p_is_ident(p, 0) && !(p_is_kw(p, 0, KW_SET))) return (s->u.dml.alias = eddy__sql_p_ident_new(p)) != NULL;
    eddy__sql_p_at_ident(p);
    return true;
}

static AstStmt *dml(SqlParser *p, SqlKw kw) {
    int first = p->pos;
    AstStmtKind k = kw == KW_TRUNCATE ? AST_STMT_TRUNCATE : kw == KW_DELETE ? AST_STMT_DELETE : AST_STMT_UPDATE;
    AstStmt *s = eddy__sql_p_new_stmt(p, k, first);
    if (!s) return NULL;
    p->pos++;
    if (kw == KW_TRUNCATE && !eddy__sql_p_expect_kw(p, KW_TABLE)) return NULL;
    if (kw == KW_DELETE && !eddy__sql_p_expect_kw(p, KW_FROM)) return NULL;
    if (!eddy__sql_p_name(p, &s->u.dml.table)) return NULL;
    if (kw != KW_TRUNCATE && !dml_alias(p, s)) return NULL;
    if (kw == KW_UPDATE) {
        PList cols = {0}, vals = {0};
        if (!eddy__sql_p_expect_kw(p, KW_SET)) return NULL;
        do {
            AstIdent *c = eddy__sql_p_ident_new(p);
            if (!c || !eddy__sql_p_expect(p, TK_EQ)) return NULL;
            AstExpr *v = eddy__sql_p_expr(p);
            if (!v || !eddy__sql_p_push(p, &cols, c) || !eddy__sql_p_push(p, &vals, v)) return NULL;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        s->u.dml.set_columns = (AstIdent **)cols.items;
        s->u.dml.set_values = (AstExpr **)vals.items;
        s->u.dml.nset = cols.len;
    }
    if (kw != KW_TRUNCATE && eddy__sql_p_accept_kw(p, KW_WHERE)) {
        if (!(s->u.dml.where = eddy__sql_p_expr(p))) return NULL;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* ANALYZE TABLE t [PARTITION (k [= v], ..)] COMPUTE STATISTICS
 * [FOR COLUMNS a, b | FOR ALL COLUMNS] */
static AstStmt *analyze(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_ANALYZE, first);
    if (!s) return NULL;
    p->pos++;
    if (!eddy__sql_p_expect_kw(p, KW_TABLE) || !eddy__sql_p_name(p, &s->u.dml.table)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_PARTITION) &&
        !eddy__sql_p_partition_spec(p, &s->u.dml.partition, &s->u.dml.npartition, true))
        return NULL;
    if (!eddy__sql_p_expect_kw(p, KW_COMPUTE) || !eddy__sql_p_expect_kw(p, KW_STATISTICS)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_FOR)) {
        if (eddy__sql_p_accept_kw(p, KW_ALL)) {
            if (!eddy__sql_p_expect_kw(p, KW_COLUMNS)) return NULL;
            s->u.dml.for_columns = 2;
        } else {
            if (!eddy__sql_p_expect_kw(p, KW_COLUMNS)) return NULL;
            PList l = {0};
            do {
                AstIdent *c = eddy__sql_p_ident_new(p);
                if (!c || !eddy__sql_p_push(p, &l, c)) return NULL;
            } while (eddy__sql_p_accept(p, TK_COMMA));
            s->u.dml.for_columns = 1;
            s->u.dml.columns = (AstIdent **)l.items;
            s->u.dml.ncolumns = l.len;
        }
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* USE CATALOG c / USE MODULES a, b / USE db */
static AstStmt *use(SqlParser *p) {
    int first = p->pos;
    p->pos++;
    AstStmt *s;
    if (p_is_kw(p, 0, KW_CATALOG) && p_is_ident(p, 1)) {
        p->pos++;
        s = eddy__sql_p_new_stmt(p, AST_STMT_USE_CATALOG, first);
        if (!s || !eddy__sql_p_simple_name(p, &s->u.object.name)) return NULL;
    } else if (p_is_kw(p, 0, KW_MODULES) && p_is_ident(p, 1)) {
        p->pos++;
        s = eddy__sql_p_new_stmt(p, AST_STMT_USE_MODULES, first);
        if (!s) return NULL;
        PList l = {0};
        do {
            AstIdent *m = eddy__sql_p_ident_new(p);
            if (!m || !eddy__sql_p_push(p, &l, m)) return NULL;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        s->u.modules.modules = (AstIdent **)l.items;
        s->u.modules.nmodules = l.len;
    } else {
        s = eddy__sql_p_new_stmt(p, AST_STMT_USE_DATABASE, first);
        if (!s) return NULL;
        eddy__sql_p_at_kw(p, KW_CATALOG);
        eddy__sql_p_at_kw(p, KW_MODULES);
        if (!eddy__sql_p_name(p, &s->u.object.name)) return NULL;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* LOAD MODULE m [WITH (..)] / UNLOAD MODULE m */
static AstStmt *module(SqlParser *p, bool load) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, load ? AST_STMT_LOAD_MODULE : AST_STMT_UNLOAD_MODULE, first);
    if (!s) return NULL;
    p->pos++;
    if (!eddy__sql_p_expect_kw(p, KW_MODULE) || !eddy__sql_p_simple_name(p, &s->u.object.name)) return NULL;
    if (load && eddy__sql_p_accept_kw(p, KW_WITH)) {
        s->u.object.has_with = true;
        if (!eddy__sql_p_properties(p, &s->u.object.props, &s->u.object.nprops)) return NULL;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* ADD JAR '..' / REMOVE JAR '..' */
static AstStmt *jar(SqlParser *p, bool add) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, add ? AST_STMT_ADD_JAR : AST_STMT_REMOVE_JAR, first);
    if (!s) return NULL;
    p->pos++;
    if (!eddy__sql_p_expect_kw(p, KW_JAR) || !(s->u.kv.key = eddy__sql_p_string(p, NULL))) return NULL;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* STOP JOB 'id' [WITH SAVEPOINT] [WITH DRAIN] */
static AstStmt *stop_job(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_STOP_JOB, first);
    if (!s) return NULL;
    p->pos++;
    if (!eddy__sql_p_expect_kw(p, KW_JOB) || !(s->u.kv.key = eddy__sql_p_string(p, NULL))) return NULL;
    if (p_is_kw(p, 0, KW_WITH) && p_is_kw(p, 1, KW_SAVEPOINT)) {
        p->pos += 2;
        s->u.kv.with_savepoint = true;
    }
    if (eddy__sql_p_accept_kw(p, KW_WITH)) {
        if (!eddy__sql_p_expect_kw(p, KW_DRAIN)) return NULL;
        s->u.kv.with_drain = true;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* CALL [catalog.][db.]procedure(args) */
static AstStmt *call_stmt(SqlParser *p) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, AST_STMT_CALL, first);
    if (!s) return NULL;
    p->pos++;
    const Token *at = p_cur(p);
    AstExpr *e = eddy__sql_p_expr(p);
    if (!e) return NULL;
    if (e->kind != AST_CALL || e->u.call.syntax != AST_SYN_FUNCTION) {
        eddy__sql_p_fail_msg(p, at, "CALL expects a procedure call such as `sys`.proc(1).");
        return NULL;
    }
    s->u.call.call = e;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* COMPILE [AND EXECUTE] PLAN 'file' [IF NOT EXISTS] FOR <INSERT | STATEMENT SET>,
 * EXECUTE PLAN 'file' (at EXECUTE PLAN) */
static AstStmt *plan_stmt(SqlParser *p, bool compile) {
    int first = p->pos;
    AstStmt *s = eddy__sql_p_new_stmt(p, compile ? AST_STMT_COMPILE_PLAN : AST_STMT_EXECUTE_PLAN, first);
    if (!s) return NULL;
    p->pos++;
    if (compile && eddy__sql_p_accept_kw(p, KW_AND)) {
        if (!eddy__sql_p_expect_kw(p, KW_EXECUTE)) return NULL;
        s->u.plan.and_execute = true;
    }
    if (!eddy__sql_p_expect_kw(p, KW_PLAN) || !(s->u.plan.file = eddy__sql_p_string(p, NULL))) return NULL;
    if (compile) {
        if (!s->u.plan.and_execute && p_is_kw(p, 0, KW_IF)) {
            p->pos++;
            if (!eddy__sql_p_expect_kw(p, KW_NOT) || !eddy__sql_p_expect_kw(p, KW_EXISTS)) return NULL;
            s->u.plan.if_not_exists = true;
        }
        if (!eddy__sql_p_expect_kw(p, KW_FOR)) return NULL;
        if (p_is_kw(p, 0, KW_STATEMENT)) s->u.plan.stmt = statement_set(p);
        else if (p_is_kw(p, 0, KW_INSERT) || p_is_kw(p, 0, KW_UPSERT)) s->u.plan.stmt = eddy__sql_p_insert(p);
        else {
            eddy__sql_p_at_kw(p, KW_STATEMENT);
            eddy__sql_p_at_kw(p, KW_INSERT);
            eddy__sql_p_at_kw(p, KW_UPSERT);
            eddy__sql_p_fail(p);
        }
        if (!s->u.plan.stmt) return NULL;
    }
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

AstStmt *eddy__sql_p_stmt(SqlParser *p) {
    int first = p->pos;
    const Token *t = p_cur(p);
    AstStmt *s = NULL;
    if (t->kind == TK_IDENT && t->kw == KW_NONE && eddy__sql_p_word_is(t, p, "CALL")) return call_stmt(p);
    if (t->kind == TK_IDENT && t->kw == KW_NONE && eddy__sql_p_word_is(t, p, "COMPILE") &&
        (p_is_kw(p, 1, KW_PLAN) || p_is_kw(p, 1, KW_AND)))
        return plan_stmt(p, true);
    if (t->kind == TK_IDENT && t->kw == KW_EXECUTE && p_is_kw(p, 1, KW_PLAN)) return plan_stmt(p, false);
    if (t->kind == TK_IDENT) {
        switch ((SqlKw)t->kw) {
        case KW_INSERT:
        case KW_UPSERT: return eddy__sql_p_insert(p);
        case KW_EXPLAIN: return explain(p);
        case KW_EXECUTE:
            s = eddy__sql_p_new_stmt(p, AST_STMT_EXECUTE, first);
            if (!s) return NULL;
            p->pos++;
            if (!(s->u.execute.stmt = explainable(p, false))) return NULL;
            s->pos = eddy__sql_p_span_from(p, first);
            return s;
        case KW_BEGIN:
            s = eddy__sql_p_new_stmt(p, AST_STMT_BEGIN_STATEMENT_SET, first);
            if (!s) return NULL;
            p->pos++;
            if (!eddy__sql_p_expect_kw(p, KW_STATEMENT) || !eddy__sql_p_expect_kw(p, KW_SET)) return NULL;
            s->pos = eddy__sql_p_span_from(p, first);
            return s;
        case KW_END:
            s = eddy__sql_p_new_stmt(p, AST_STMT_END, first);
            if (s) p->pos++;
            return s;
        case KW_CREATE: return eddy__sql_p_create(p);
        case KW_REPLACE:
            if (p_is_kw(p, 1, KW_TABLE)) return eddy__sql_p_create(p);
            break;
        case KW_DROP: return eddy__sql_p_drop(p);
        case KW_ALTER: return eddy__sql_p_alter(p);
        case KW_SET: return set_reset(p, true);
        case KW_RESET: return set_reset(p, false);
        case KW_USE: return use(p);
        case KW_SHOW: return show(p);
        case KW_DESCRIBE:
        case KW_DESC: return describe(p);
        case KW_LOAD:
            if (p_is_kw(p, 1, KW_MODULE)) return module(p, true);
            break;
        case KW_UNLOAD:
            if (p_is_kw(p, 1, KW_MODULE)) return module(p, false);
            break;
        case KW_ADD:
            if (p_is_kw(p, 1, KW_JAR)) return jar(p, true);
            break;
        case KW_REMOVE:
            if (p_is_kw(p, 1, KW_JAR)) return jar(p, false);
            break;
        case KW_STOP:
            if (p_is_kw(p, 1, KW_JOB)) return stop_job(p);
            break;
        case KW_TRUNCATE:
            if (p_is_kw(p, 1, KW_TABLE)) return dml(p, KW_TRUNCATE);
            break;
        case KW_DELETE: return dml(p, KW_DELETE);
        case KW_UPDATE: return dml(p, KW_UPDATE);
        case KW_ANALYZE:
            if (p_is_kw(p, 1, KW_TABLE)) return analyze(p);
            break;
        default: break;
        }
    }
    if (!eddy__sql_p_at_query_start(p, 0) && !p_is(p, 0, TK_LPAREN) && !(p_is_kw(p, 0, KW_TABLE) && p_is_ident(p, 1))) {
        static const SqlKw starts[] = {KW_ALTER,  KW_ANALYZE, KW_BEGIN,   KW_CREATE, KW_DELETE, KW_DESCRIBE,
                                       KW_DROP,   KW_END,     KW_EXECUTE, KW_EXPLAIN, KW_INSERT, KW_RESET,
                                       KW_SELECT, KW_SET,     KW_SHOW,    KW_UPDATE, KW_UPSERT, KW_USE,
                                       KW_VALUES, KW_WITH};
        for (size_t i = 0; i < ED_ARRAY_LEN(starts); i++) eddy__sql_p_at_kw(p, starts[i]);
        eddy__sql_p_at(p, TK_LPAREN);
        return eddy__sql_p_fail(p);
    }
    AstQuery *q = eddy__sql_p_query(p);
    if (!q) return NULL;
    s = eddy__sql_p_new_stmt(p, AST_STMT_QUERY, first);
    if (!s) return NULL;
    s->u.query.query = q;
    s->pos = eddy__sql_p_span_from(p, first);
    return s;
}

/* ---- entry points -------------------------------------------------------- */

static eddy_status p_init(SqlParser *p, Arena *a, const char *sql, size_t len, EdErr *err) {
    memset(p, 0, sizeof *p);
    p->a = a;
    p->src = sql ? sql : "";
    p->len = sql ? len : 0;
    p->err = err;
    if (len > 0x7fffffffu) return eddy__err(err, EDDY_E_PARSE, "SQL parse failed. Input too long.");
    Lexed lx;
    if (eddy__lex_all(a, p->src, p->len, &lx) != EDDY_OK) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    p->toks = lx.toks;
    p->ntoks = lx.ntoks;
    p->lex_msg = lx.err_msg;
    return EDDY_OK;
}

static eddy_status p_status(SqlParser *p) {
    if (p->err && eddy__err_is_set(p->err)) return p->err->code;
    return p->failed ? EDDY_E_PARSE : EDDY_OK;
}

/* Requires the end of input (after an optional ';' when allow_semi). */
static bool p_end(SqlParser *p, bool allow_semi) {
    if (allow_semi) eddy__sql_p_accept(p, TK_SEMICOLON);
    if (eddy__sql_p_at(p, TK_EOF)) return true;
    eddy__sql_p_fail(p);
    return false;
}

eddy_status eddy__sql_parse_script(Arena *a, const char *sql, size_t len, AstStmtList **out, EdErr *err) {
    *out = NULL;
    SqlParser p;
    eddy_status rc = p_init(&p, a, sql, len, err);
    if (rc) return rc;
    PList l = {0};
    for (;;) {
        while (eddy__sql_p_accept(&p, TK_SEMICOLON)) {
        }
        if (eddy__sql_p_at(&p, TK_EOF)) break;
        AstStmt *s = eddy__sql_p_stmt(&p);
        if (!s || !eddy__sql_p_push(&p, &l, s)) break;
        if (eddy__sql_p_accept(&p, TK_SEMICOLON)) continue;
        if (!eddy__sql_p_at(&p, TK_EOF)) {
            eddy__sql_p_fail(&p);
            break;
        }
    }
    if ((rc = p_status(&p))) return rc;
    AstStmtList *r = eddy__sql_p_alloc(&p, sizeof *r);
    if (!r) return p_status(&p);
    r->stmts = (AstStmt **)l.items;
    r->nstmts = l.len;
    *out = r;
    return EDDY_OK;
}

eddy_status eddy__sql_parse_stmt(Arena *a, const char *sql, size_t len, AstStmt **out, EdErr *err) {
    *out = NULL;
    SqlParser p;
    eddy_status rc = p_init(&p, a, sql, len, err);
    if (rc) return rc;
    AstStmt *s = eddy__sql_p_stmt(&p);
    if (s) p_end(&p, true);
    if ((rc = p_status(&p))) return rc;
    *out = s;
    return EDDY_OK;
}

eddy_status eddy__sql_parse_expr(Arena *a, const char *sql, size_t len, AstExpr **out, EdErr *err) {
    *out = NULL;
    SqlParser p;
    eddy_status rc = p_init(&p, a, sql, len, err);
    if (rc) return rc;
    AstExpr *e = eddy__sql_p_expr(&p);
    if (e) p_end(&p, false);
    if ((rc = p_status(&p))) return rc;
    *out = e;
    return EDDY_OK;
}

/* +I( / -U( / +U( / -D( at the current token: the row kind, else -1. */
static int row_kind_prefix(SqlParser *p) {
    const Token *sign = p_cur(p), *k = p_peek(p, 1);
    if ((sign->kind != TK_PLUS && sign->kind != TK_MINUS) || k->kind != TK_IDENT || k->end - k->start != 1 ||
        !p_is(p, 2, TK_LPAREN) || sign->end != k->start)
        return -1;
    char c = p->src[k->start];
    bool plus = sign->kind == TK_PLUS;
    if (plus && c == 'I') return EDDY_INSERT;
    if (!plus && c == 'U') return EDDY_UPDATE_BEFORE;
    if (plus && c == 'U') return EDDY_UPDATE_AFTER;
    if (!plus && c == 'D') return EDDY_DELETE;
    return -1;
}

eddy_status eddy__sql_parse_expr_list(Arena *a, const char *sql, size_t len, AstExprList **out, EdErr *err) {
    *out = NULL;
    SqlParser p;
    eddy_status rc = p_init(&p, a, sql, len, err);
    if (rc) return rc;
    PList l = {0};
    do {
        int first = p.pos;
        AstExprItem *it = eddy__sql_p_alloc(&p, sizeof *it);
        if (!it) break;
        it->row_kind = row_kind_prefix(&p);
        if (it->row_kind >= 0) {
            p.pos += 2;
            int row_first = p.pos;
            AstQuery *q = NULL;
            AstExpr **items = NULL;
            AstExpr *sub; /* outlives the block: items may point to it */
            int n = 0;
            if (!eddy__sql_p_paren_query_or_list(&p, &q, &items, &n)) break;
            if (q) {
                sub = eddy__sql_p_new_expr(&p, AST_SUBQUERY, row_first);
                if (!sub) break;
                sub->u.sub.query = q;
                sub->pos = eddy__sql_p_span_from(&p, row_first);
                items = &sub;
                n = 1;
            }
            it->expr = eddy__sql_p_make_row(&p, items, n, true, row_first);
        } else {
            it->expr = eddy__sql_p_expr(&p);
        }
        if (!it->expr) break;
        it->pos = eddy__sql_p_span_from(&p, first);
        if (!eddy__sql_p_push(&p, &l, it)) break;
    } while (eddy__sql_p_accept(&p, TK_COMMA));
    if (!p.failed) p_end(&p, false);
    if ((rc = p_status(&p))) return rc;
    AstExprList *r = eddy__sql_p_alloc(&p, sizeof *r);
    if (!r) return p_status(&p);
    r->items = (AstExprItem **)l.items;
    r->nitems = l.len;
    *out = r;
    return EDDY_OK;
}
