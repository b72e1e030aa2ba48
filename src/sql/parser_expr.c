/*
 * parser_expr.c -- scalar expressions by precedence climbing with Calcite's
 * operator precedences (OR 13, AND 24, NOT 26, IS .. 28, comparisons 30,
 * BETWEEN / IN / LIKE / SIMILAR 32, + - 40, * / % || 60, unary + - 80,
 * [] and . 100), literals (numbers keep their text, strings are decoded),
 * identifiers and function calls with their decorations (DISTINCT, FILTER,
 * WITHIN GROUP, OVER), the calls with special syntax (CAST, TRIM, EXTRACT,
 * JSON functions, ...), intervals, window specifications and types (through
 * eddy__type_parse). Chains of AND / OR become one n-ary call so long
 * generated conditions stay shallow.
 */
#define EDDY_SQL_PARSER_INTERNAL
#include "sql/parser.h"

#include <stdlib.h>

enum {
    P_OR = 13,
    P_AND = 24,
    P_NOT = 26,
    P_IS = 28,
    P_CMP = 30,
    P_LIKE = 32,
    P_ADD = 40,
    P_MUL = 60,
    P_UNARY = 80
};

/* ---- node helpers ---------------------------------------------------------- */

static int dmax(const AstExpr *e) { return e ? e->depth : 0; }

int eddy__sql_p_expr_depth(const AstExpr *e) { return dmax(e); }

AstExpr *eddy__sql_p_new_expr(SqlParser *p, AstExprKind kind, int first_tok) {
    AstExpr *e = eddy__sql_p_alloc(p, sizeof *e);
    if (!e) return NULL;
    e->kind = kind;
    e->pos = eddy__sql_p_span(p, first_tok, first_tok);
    e->depth = 1;
    return e;
}

/* Position from `start` through the last consumed token. */
static AstPos pos_from(const SqlParser *p, AstPos start) {
    AstPos end = eddy__sql_p_span(p, p->pos - 1, p->pos - 1);
    AstPos r = start;
    r.end_line = end.end_line;
    r.end_col = end.end_col;
    r.end = end.end;
    return r;
}

/* Sets e's depth from a child and refuses trees deeper than the limit. */
static AstExpr *deepen(SqlParser *p, AstExpr *e, int child_depth) {
    if (!e) return NULL;
    if (child_depth + 1 > e->depth) e->depth = child_depth + 1;
    if (e->depth > EDDY_SQL_MAX_DEPTH)
        return eddy__sql_p_fail_msg(p, p_cur(p), "Expression nested deeper than %d levels at line %d, column %d.",
                                    EDDY_SQL_MAX_DEPTH, e->pos.line, e->pos.col);
    return e;
}

static AstExpr **args_array(SqlParser *p, AstExpr **src, int n) {
    if (n == 0) return NULL;
    AstExpr **a = eddy__sql_p_alloc(p, sizeof(AstExpr *) * (size_t)n);
    if (a) memcpy(a, src, sizeof(AstExpr *) * (size_t)n);
    return a;
}

/* A call node spanning from `start` to the last consumed token. */
static AstExpr *mk_call(SqlParser *p, const char *name, AstSyntax syn, AstExpr **args, int nargs, AstPos start) {
    AstExpr *e = eddy__sql_p_new_expr(p, AST_CALL, p->pos);
    if (!e) return NULL;
    e->pos = pos_from(p, start);
    e->u.call.name = name;
    e->u.call.syntax = syn;
    if (nargs) {
        e->u.call.args = args_array(p, args, nargs);
        if (!e->u.call.args) return NULL;
    }
    e->u.call.nargs = nargs;
    int d = 0;
    for (int i = 0; i < nargs; i++)
        if (dmax(args[i]) > d) d = dmax(args[i]);
    return deepen(p, e, d);
}

static AstExpr *mk_call_l(SqlParser *p, const char *name, AstSyntax syn, PList *l, AstPos start) {
    return mk_call(p, name, syn, (AstExpr **)l->items, l->len, start);
}

static AstExpr *mk_symbol(SqlParser *p, const char *sym, int first, int last) {
    AstExpr *e = eddy__sql_p_new_expr(p, AST_SYMBOL, first);
    if (!e) return NULL;
    e->pos = eddy__sql_p_span(p, first, last);
    e->u.symbol.sym = sym;
    return e;
}

AstExpr *eddy__sql_p_make_row(SqlParser *p, AstExpr **items, int n, bool implicit, int first_tok) {
    AstPos start = eddy__sql_p_span(p, first_tok, first_tok);
    return mk_call(p, "ROW", implicit ? AST_SYN_IMPLICIT_ROW : AST_SYN_ROW, items, n, start);
}

/* ---- literals -------------------------------------------------------------- */

AstExpr *eddy__sql_p_numeric_literal(SqlParser *p) {
    const Token *t = p_cur(p);
    AstLitKind k = t->kind == TK_UNSIGNED_INT ? AST_LIT_INTEGER : t->kind == TK_DECIMAL ? AST_LIT_DECIMAL : AST_LIT_APPROX;
    AstExpr *e = eddy__sql_p_new_expr(p, AST_LITERAL, p->pos);
    if (!e) return NULL;
    e->u.lit.lit_kind = k;
    char *txt = eddy__sql_p_strndup(p, p->src + t->start, t->end - t->start);
    if (!txt) return NULL;
    if (k == AST_LIT_APPROX)
        for (char *c = txt; *c; c++)
            if (*c == 'e') *c = 'E';
    e->u.lit.text = txt;
    p->pos++;
    return e;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Resolves U& escapes: <esc>XXXX, <esc>+XXXXXX, <esc><esc>. false on a bad
 * sequence (Calcite: "Unicode escape sequence starting at character N is
 * not exactly four hex digits"). */
static bool unicode_unescape(const char *s, size_t n, char esc, Buf *out, size_t *bad_at) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] != esc) {
            eddy__buf_putc(out, s[i]);
            continue;
        }
        if (i + 1 < n && s[i + 1] == esc) {
            eddy__buf_putc(out, esc);
            i++;
            continue;
        }
        size_t digits = 4, j = i + 1;
        if (j < n && s[j] == '+') {
            digits = 6;
            j++;
        }
        if (j + digits > n) {
            *bad_at = i;
            return false;
        }
        uint32_t v = 0;
        for (size_t k = 0; k < digits; k++) {
            int h = hexval(s[j + k]);
            if (h < 0) {
                *bad_at = i;
                return false;
            }
            v = v * 16 + (uint32_t)h;
        }
        if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
            *bad_at = i;
            return false;
        }
        eddy__buf_put_utf8(out, v);
        i = j + digits - 1;
    }
    return true;
}

/* String literal with adjacent fragments: '..' '..', N'..', _cs'..',
 * U&'..' [UESCAPE 'c'], X'..' '..'. */
AstExpr *eddy__sql_p_literal_string(SqlParser *p) {
    int first = p->pos;
    const Token *t = p_cur(p);
    bool binary = t->kind == TK_BINARY_STRING;
    bool unicode = t->kind == TK_UNICODE_STRING;
    size_t skip = 0;
    if (t->kind == TK_PREFIXED_STRING)
        while (p->src[t->start + skip] != '\'') skip++;
    else if (binary) skip = 1;
    else if (unicode) skip = 2;
    Buf b;
    eddy__buf_init(&b);
    int nfrags = 0;
    bool ok = true;
    for (;;) {
        const Token *f = p_cur(p);
        size_t n;
        const char *content = eddy__sql_p_unquote(p, f, '\'', nfrags == 0 ? skip : 0, &n);
        if (!content) {
            ok = false;
            break;
        }
        if (binary) {
            for (size_t i = 0; i < n; i++) {
                if (hexval(content[i]) < 0) {
                    eddy__buf_free(&b);
                    return eddy__sql_p_fail_msg(p, f, "Illegal binary string %.*s", (int)(f->end - f->start),
                                                p->src + f->start);
                }
            }
            eddy__buf_put(&b, content, n); /* hex digits; decoded below */
        } else {
            eddy__buf_put(&b, content, n);
        }
        nfrags++;
        p->pos++;
        if (!p_is(p, 0, TK_STRING)) break;
    }
    if (!ok) {
        eddy__buf_free(&b);
        return NULL;
    }
    AstExpr *e = eddy__sql_p_new_expr(p, AST_LITERAL, first);
    if (!e) {
        eddy__buf_free(&b);
        return NULL;
    }
    e->u.lit.nfrags = nfrags;
    const char *raw = b.data ? b.data : "";
    size_t rawn = b.len;
    if (binary) {
        e->u.lit.lit_kind = AST_LIT_BINARY;
        size_t nbytes = (rawn + 1) / 2;
        char *bytes = eddy__sql_p_alloc(p, nbytes + 1);
        char *txt = eddy__sql_p_alloc(p, rawn + 1);
        if (!bytes || !txt) {
            eddy__buf_free(&b);
            return NULL;
        }
        size_t j = 0, i = 0;
        if (rawn % 2) bytes[j++] = (char)hexval(raw[i++]);
        for (; i + 1 < rawn; i += 2) bytes[j++] = (char)(hexval(raw[i]) * 16 + hexval(raw[i + 1]));
        for (size_t k = 0; k < rawn; k++) txt[k] = (char)((raw[k] >= 'a' && raw[k] <= 'f') ? raw[k] - 32 : raw[k]);
        e->u.lit.value = bytes;
        e->u.lit.value_len = nbytes;
        e->u.lit.text = txt;
    } else {
        e->u.lit.lit_kind = AST_LIT_STRING;
        char esc = '\\';
        if (unicode && p_is_kw(p, 0, KW_UESCAPE)) {
            p->pos++;
            const Token *et = p_cur(p);
            if (!eddy__sql_p_expect(p, TK_STRING)) {
                eddy__buf_free(&b);
                return NULL;
            }
            size_t en;
            const char *ec = eddy__sql_p_unquote(p, et, '\'', 0, &en);
            if (!ec) {
                eddy__buf_free(&b);
                return NULL;
            }
            if (en != 1 || hexval(ec[0]) >= 0 || ec[0] == '+' || ec[0] == '"' || ec[0] == ' ' || ec[0] == '\t' ||
                ec[0] == '\n' || ec[0] == '\r' || ec[0] == '\f') {
                eddy__buf_free(&b);
                return eddy__sql_p_fail_msg(p, et, "Illegal Unicode escape character %.*s",
                                            (int)(et->end - et->start), p->src + et->start);
            }
            esc = ec[0];
        } else if (!unicode && p_is_kw(p, 0, KW_UESCAPE)) {
            eddy__buf_free(&b);
            return eddy__sql_p_fail_msg(p, p_cur(p), "UESCAPE cannot be specified without Unicode literal introducer");
        }
        if (unicode) {
            Buf u;
            eddy__buf_init(&u);
            size_t bad = 0;
            if (!unicode_unescape(raw, rawn, esc, &u, &bad)) {
                eddy__buf_free(&u);
                eddy__buf_free(&b);
                return eddy__sql_p_fail_msg(p, &p->toks[first],
                                            "Unicode escape sequence starting at character %zu is not exactly four "
                                            "hex digits",
                                            bad);
            }
            e->u.lit.value = eddy__sql_p_strndup(p, u.data ? u.data : "", u.len);
            e->u.lit.value_len = u.len;
            eddy__buf_free(&u);
        } else {
            e->u.lit.value = eddy__sql_p_strndup(p, raw, rawn);
            e->u.lit.value_len = rawn;
        }
    }
    bool bfailed = b.failed;
    eddy__buf_free(&b);
    if (bfailed || !e->u.lit.value) return eddy__sql_p_oom(p);
    e->pos = eddy__sql_p_span_from(p, first);
    return e;
}

/* ---- names and units ------------------------------------------------------- */

static const char *const reserved_functions[] = {
    "ABS",          "AVG",         "CARDINALITY",     "CHAR_LENGTH",     "CHARACTER_LENGTH", "COALESCE",
    "COLLECT",      "COVAR_POP",   "COVAR_SAMP",      "CUME_DIST",       "COUNT",            "CURRENT_DATE",
    "CURRENT_TIME", "CURRENT_TIMESTAMP", "DENSE_RANK", "ELEMENT",        "EVERY",            "EXP",
    "FIRST_VALUE",  "FUSION",      "INTERSECTION",    "GROUPING",        "HOUR",             "LAG",
    "LEAD",         "LEFT",        "LAST_VALUE",      "LN",              "LOCALTIME",        "LOCALTIMESTAMP",
    "LOWER",        "MAX",         "MIN",             "MINUTE",          "MOD",              "MONTH",
    "NTH_VALUE",    "NTILE",       "NULLIF",          "OCTET_LENGTH",    "PERCENT_RANK",     "PERCENTILE_CONT",
    "PERCENTILE_DISC", "POWER",    "RANK",            "REGR_COUNT",      "REGR_SXX",         "REGR_SYY",
    "RIGHT",        "ROW_NUMBER",  "SECOND",          "SOME",            "SQRT",             "STDDEV_POP",
    "STDDEV_SAMP",  "SUM",         "UPPER",           "TRUNCATE",        "USER",             "VAR_POP",
    "VAR_SAMP",     "YEAR",        "PREV",            "NEXT",            "CLASSIFIER",       "MATCH_NUMBER",
    "TRANSLATE",
};

static const char *const context_variables[] = {
    "CURRENT_CATALOG", "CURRENT_DATE", "CURRENT_DEFAULT_TRANSFORM_GROUP", "CURRENT_PATH", "CURRENT_ROLE",
    "CURRENT_SCHEMA",  "CURRENT_TIME", "CURRENT_TIMESTAMP", "CURRENT_USER", "LOCALTIME", "LOCALTIMESTAMP",
    "SESSION_USER",    "SYSTEM_USER",  "USER",
};

static const char *word_in(const SqlParser *p, const Token *t, const char *const *list, size_t n) {
    if (t->kind != TK_IDENT) return NULL;
    for (size_t i = 0; i < n; i++)
        if (eddy__strn_ieq(p->src + t->start, t->end - t->start, list[i])) return list[i];
    return NULL;
}

static const struct {
    SqlKw kw;
    AstTimeUnit unit;
    bool plural;
} unit_words[] = {
    {KW_YEAR, AST_TU_YEAR, false},       {KW_YEARS, AST_TU_YEAR, true},     {KW_QUARTER, AST_TU_QUARTER, false},
    {KW_MONTH, AST_TU_MONTH, false},     {KW_MONTHS, AST_TU_MONTH, true},   {KW_WEEK, AST_TU_WEEK, false},
    {KW_DAY, AST_TU_DAY, false},         {KW_DAYS, AST_TU_DAY, true},       {KW_HOUR, AST_TU_HOUR, false},
    {KW_HOURS, AST_TU_HOUR, true},       {KW_MINUTE, AST_TU_MINUTE, false}, {KW_MINUTES, AST_TU_MINUTE, true},
    {KW_SECOND, AST_TU_SECOND, false},   {KW_SECONDS, AST_TU_SECOND, true},
    {KW_MILLISECOND, AST_TU_MILLISECOND, false}, {KW_MICROSECOND, AST_TU_MICROSECOND, false},
    {KW_NANOSECOND, AST_TU_NANOSECOND, false},   {KW_DOW, AST_TU_DOW, false},
    {KW_DOY, AST_TU_DOY, false},         {KW_ISODOW, AST_TU_ISODOW, false}, {KW_ISOYEAR, AST_TU_ISOYEAR, false},
    {KW_EPOCH, AST_TU_EPOCH, false},     {KW_DECADE, AST_TU_DECADE, false}, {KW_CENTURY, AST_TU_CENTURY, false},
    {KW_MILLENNIUM, AST_TU_MILLENNIUM, false}, {KW_FRAC_SECOND, AST_TU_MICROSECOND, false},
    {KW_SQL_TSI_FRAC_SECOND, AST_TU_NANOSECOND, false}, {KW_SQL_TSI_MICROSECOND, AST_TU_MICROSECOND, false},
    {KW_SQL_TSI_SECOND, AST_TU_SECOND, false},   {KW_SQL_TSI_MINUTE, AST_TU_MINUTE, false},
    {KW_SQL_TSI_HOUR, AST_TU_HOUR, false},       {KW_SQL_TSI_DAY, AST_TU_DAY, false},
    {KW_SQL_TSI_WEEK, AST_TU_WEEK, false},       {KW_SQL_TSI_MONTH, AST_TU_MONTH, false},
    {KW_SQL_TSI_QUARTER, AST_TU_QUARTER, false}, {KW_SQL_TSI_YEAR, AST_TU_YEAR, false},
};

const char *eddy__sql_time_unit_name(AstTimeUnit u) {
    static const char *const names[] = {"",       "YEAR",        "QUARTER",     "MONTH",      "WEEK",
                                        "DAY",    "HOUR",        "MINUTE",      "SECOND",     "MILLISECOND",
                                        "MICROSECOND", "NANOSECOND", "DOW",     "DOY",        "ISODOW",
                                        "ISOYEAR", "EPOCH",      "DECADE",      "CENTURY",    "MILLENNIUM"};
    return (unsigned)u < ED_ARRAY_LEN(names) ? names[u] : "";
}

/* Parses one time unit out of `allowed` (keywords); records them as expected. */
static AstExpr *unit_symbol(SqlParser *p, const SqlKw *allowed, size_t nallowed) {
    const Token *t = p_cur(p);
    for (size_t i = 0; i < nallowed; i++) {
        if (eddy__sql_p_at_kw(p, allowed[i])) {
            for (size_t j = 0; j < ED_ARRAY_LEN(unit_words); j++) {
                if (unit_words[j].kw != (SqlKw)t->kw) continue;
                AstExpr *e = mk_symbol(p, eddy__sql_time_unit_name(unit_words[j].unit), p->pos, p->pos);
                if (!e) return NULL;
                e->u.symbol.unit = unit_words[j].unit;
                p->pos++;
                return e;
            }
        }
    }
    return eddy__sql_p_fail(p);
}

static const SqlKw extract_units[] = {KW_NANOSECOND, KW_MICROSECOND, KW_MILLISECOND, KW_SECOND, KW_MINUTE,
                                      KW_HOUR,       KW_DAY,         KW_DOW,         KW_DOY,    KW_ISODOW,
                                      KW_ISOYEAR,    KW_WEEK,        KW_MONTH,       KW_QUARTER, KW_YEAR,
                                      KW_EPOCH,      KW_DECADE,      KW_CENTURY,     KW_MILLENNIUM};
static const SqlKw tsdiff_units[] = {KW_FRAC_SECOND,     KW_MICROSECOND,        KW_NANOSECOND,
                                     KW_SQL_TSI_FRAC_SECOND, KW_SQL_TSI_MICROSECOND, KW_SECOND,
                                     KW_SQL_TSI_SECOND,  KW_MINUTE,             KW_SQL_TSI_MINUTE,
                                     KW_HOUR,            KW_SQL_TSI_HOUR,       KW_DAY,
                                     KW_SQL_TSI_DAY,     KW_WEEK,               KW_SQL_TSI_WEEK,
                                     KW_MONTH,           KW_SQL_TSI_MONTH,      KW_QUARTER,
                                     KW_SQL_TSI_QUARTER, KW_YEAR,               KW_SQL_TSI_YEAR};

/* ---- types --------------------------------------------------------------- */

/* Where the type text that starts at byte `from` ends for sure: the first
 * ',' / ';' at bracket depth 0 or an unmatched ')' / '>'; also reports the
 * deepest bracket nesting seen. Quotes are skipped. */
static size_t type_extent(const char *s, size_t n, size_t from, int *maxdepth) {
    int d = 0;
    *maxdepth = 0;
    for (size_t i = from; i < n; i++) {
        char c = s[i];
        if (c == '\'' || c == '`') {
            char q = c;
            for (i++; i < n && s[i] != q; i++) {
            }
            continue;
        }
        if (c == '(' || c == '<') {
            if (++d > *maxdepth) *maxdepth = d;
        } else if (c == ')' || c == '>') {
            if (--d < 0) return i;
        } else if ((c == ',' || c == ';') && d == 0) {
            return i;
        }
    }
    return n;
}

const Type *eddy__sql_p_type(SqlParser *p, AstPos *pos, bool keep_null) {
    int first = p->pos;
    const Token *t0 = p_cur(p);
    if (t0->kind != TK_IDENT) {
        eddy__sql_p_expect_here(p, EXP_IDENT);
        return eddy__sql_p_fail(p);
    }
    size_t start = t0->start;
    int maxdepth;
    size_t stop = type_extent(p->src, p->len, start, &maxdepth);
    if (maxdepth > 64)
        return eddy__sql_p_fail_msg(p, t0, "Type nested too deeply at line %d, column %d.", t0->line, t0->col);
    /* Hand the type parser a copy in which comments are blanked out. */
    size_t n = stop - start;
    char *copy = eddy__sql_p_alloc(p, n + 1);
    if (!copy) return NULL;
    memset(copy, ' ', n);
    for (int i = p->pos; i < p->ntoks && p->toks[i].start < stop; i++) {
        const Token *t = &p->toks[i];
        size_t e = t->end < stop ? t->end : stop;
        memcpy(copy + (t->start - start), p->src + t->start, e - t->start);
    }
    EdErr terr = {0};
    const Type *ty = NULL;
    size_t consumed = 0;
    /* SQL text: VARCHAR / VARBINARY without a length are STRING / BYTES */
    eddy_status rc = eddy__type_parse_ex(p->a, copy, n, &consumed, &ty, &terr, true);
    if (rc == EDDY_OK && !keep_null) {
        /* A trailing bare NULL belongs to the JSON clause (NULL ON EMPTY). */
        int last = p->pos;
        while (last + 1 < p->ntoks && p->toks[last + 1].end <= start + consumed) last++;
        const Token *lt = &p->toks[last];
        if (lt->kind == TK_IDENT && lt->kw == KW_NULL && last > first &&
            !(p->toks[last - 1].kind == TK_IDENT && p->toks[last - 1].kw == KW_NOT)) {
            rc = eddy__type_parse_ex(p->a, copy, lt->start - start, &consumed, &ty, &terr, true);
        }
    }
    if (rc != EDDY_OK) {
        if (rc == EDDY_E_NOMEM) {
            eddy__err_clear(&terr);
            return eddy__sql_p_oom(p);
        }
        /* "Could not parse type at position N: ..." -> SQL line/column */
        const char *m = terr.msg ? terr.msg : "Could not parse type.";
        const char *at = strstr(m, "at position ");
        const Token *et = t0;
        Buf b;
        eddy__buf_init(&b);
        if (at) {
            size_t off = (size_t)strtoul(at + 12, NULL, 10);
            size_t abs = start + (off ? off - 1 : 0);
            for (int i = p->pos; i < p->ntoks; i++) {
                et = &p->toks[i];
                if (et->end > abs) break;
            }
            const char *rest = strchr(at, ':');
            eddy__buf_put(&b, m, (size_t)(at - m));
            eddy__buf_printf(&b, "at line %d, column %d%s", et->line, et->col, rest ? rest : ".");
        } else {
            eddy__buf_puts(&b, m);
        }
        p->failed = true;
        if (b.failed) eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
        else if (rc == EDDY_E_PARSE) eddy__err_at(p->err, rc, et->line, et->col, "SQL parse failed. %s", eddy__buf_cstr(&b));
        else eddy__err_at(p->err, rc, et->line, et->col, "%s", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        eddy__err_clear(&terr);
        return NULL;
    }
    eddy__err_clear(&terr);
    size_t end = start + consumed;
    while (p->pos < p->ntoks - 1 && p->toks[p->pos].start < end) p->pos++;
    if (p->pos > first && p->toks[p->pos - 1].end > end) return eddy__sql_p_fail(p);
    if (pos) *pos = eddy__sql_p_span_from(p, first);
    return ty;
}

/* ---- lists and windows ------------------------------------------------------- */

bool eddy__sql_p_expr_list(SqlParser *p, AstExpr ***out, int *n) {
    PList l = {0};
    do {
        AstExpr *e = eddy__sql_p_expr(p);
        if (!e || !eddy__sql_p_push(p, &l, e)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    *out = (AstExpr **)l.items;
    *n = l.len;
    return true;
}

/* expr [ASC | DESC] [NULLS FIRST | NULLS LAST], ... (after ORDER BY) */
bool eddy__sql_p_order_items(SqlParser *p, AstOrderItem ***out, int *n) {
    PList l = {0};
    do {
        int first = p->pos;
        AstOrderItem *it = eddy__sql_p_alloc(p, sizeof *it);
        if (!it || !(it->expr = eddy__sql_p_expr(p))) return false;
        if (eddy__sql_p_accept_kw(p, KW_DESC)) it->desc = true;
        else eddy__sql_p_accept_kw(p, KW_ASC);
        if (p_is_kw(p, 0, KW_NULLS) && (p_is_kw(p, 1, KW_FIRST) || p_is_kw(p, 1, KW_LAST))) {
            it->nulls = p_is_kw(p, 1, KW_FIRST) ? 1 : 2;
            p->pos += 2;
        } else {
            eddy__sql_p_at_kw(p, KW_NULLS);
        }
        it->pos = eddy__sql_p_span_from(p, first);
        if (!eddy__sql_p_push(p, &l, it)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    *out = (AstOrderItem **)l.items;
    *n = l.len;
    return true;
}

static bool window_bound(SqlParser *p, AstBound *b) {
    if (p_is_kw(p, 0, KW_UNBOUNDED)) {
        p->pos++;
        if (eddy__sql_p_accept_kw(p, KW_PRECEDING)) b->kind = AST_BOUND_UNBOUNDED_PRECEDING;
        else if (eddy__sql_p_expect_kw(p, KW_FOLLOWING)) b->kind = AST_BOUND_UNBOUNDED_FOLLOWING;
        else return false;
        return true;
    }
    if (p_is_kw(p, 0, KW_CURRENT) && p_is_kw(p, 1, KW_ROW)) {
        p->pos += 2;
        b->kind = AST_BOUND_CURRENT_ROW;
        return true;
    }
    eddy__sql_p_at_kw(p, KW_UNBOUNDED);
    eddy__sql_p_at_kw(p, KW_CURRENT);
    if (!(b->offset = eddy__sql_p_expr(p))) return false;
    if (eddy__sql_p_accept_kw(p, KW_PRECEDING)) b->kind = AST_BOUND_PRECEDING;
    else if (eddy__sql_p_expect_kw(p, KW_FOLLOWING)) b->kind = AST_BOUND_FOLLOWING;
    else return false;
    return true;
}

/* ( [base] [PARTITION BY ..] [ORDER BY ..] [ROWS | RANGE frame] ) */
AstWindow *eddy__sql_p_window_spec(SqlParser *p) {
    int first = p->pos;
    AstWindow *w = eddy__sql_p_alloc(p, sizeof *w);
    if (!w || !eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
    if (p_is_ident(p, 0)) {
        if (!(w->base = eddy__sql_p_ident_new(p))) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_PARTITION)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_expr_list(p, &w->partition, &w->npartition)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_ORDER)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_order_items(p, &w->order, &w->norder)) return NULL;
    }
    if (eddy__sql_p_at_kw(p, KW_ROWS) || eddy__sql_p_at_kw(p, KW_RANGE)) {
        w->frame = p_cur(p)->kw == KW_ROWS ? 1 : 2;
        p->pos++;
        if (eddy__sql_p_accept_kw(p, KW_BETWEEN)) {
            w->between = true;
            if (!window_bound(p, &w->lower) || !eddy__sql_p_expect_kw(p, KW_AND) || !window_bound(p, &w->upper))
                return NULL;
        } else if (!window_bound(p, &w->lower)) {
            return NULL;
        }
    }
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    w->pos = eddy__sql_p_span_from(p, first);
    return w;
}

/* ---- parenthesised things ------------------------------------------------------ */

static bool at_query_tail(SqlParser *p) {
    const Token *t = p_cur(p);
    if (t->kind != TK_IDENT) return false;
    switch ((SqlKw)t->kw) {
    case KW_UNION:
    case KW_INTERSECT:
    case KW_EXCEPT:
    case KW_MINUS:
    case KW_ORDER:
    case KW_LIMIT:
    case KW_OFFSET:
    case KW_FETCH: return true;
    default: return false;
    }
}

bool eddy__sql_p_paren_query_or_list(SqlParser *p, AstQuery **q, AstExpr ***list, int *n) {
    int first = p->pos;
    *q = NULL;
    *list = NULL;
    *n = 0;
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    if (eddy__sql_p_at_query_start(p, 0)) {
        if (!(*q = eddy__sql_p_query(p))) return false;
        return eddy__sql_p_expect(p, TK_RPAREN);
    }
    AstExpr *e = eddy__sql_p_expr(p);
    if (!e) return false;
    if (e->kind == AST_SUBQUERY && at_query_tail(p)) {
        if (!(*q = eddy__sql_p_query_continue(p, e->u.sub.query, first + 1))) return false;
        return eddy__sql_p_expect(p, TK_RPAREN);
    }
    PList l = {0};
    if (!eddy__sql_p_push(p, &l, e)) return false;
    while (eddy__sql_p_accept(p, TK_COMMA)) {
        if (!(e = eddy__sql_p_expr(p)) || !eddy__sql_p_push(p, &l, e)) return false;
    }
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
    *list = (AstExpr **)l.items;
    *n = l.len;
    return true;
}

static AstExpr *subquery_expr(SqlParser *p, AstQuery *q, int first, AstExprKind kind) {
    AstExpr *e = eddy__sql_p_new_expr(p, kind, first);
    if (!e) return NULL;
    e->u.sub.query = q;
    e->pos = eddy__sql_p_span_from(p, first);
    return deepen(p, e, q->depth);
}

/* ( ... ): a subquery, a parenthesised expression, or an implicit ROW. */
static AstExpr *paren(SqlParser *p) {
    int first = p->pos;
    AstQuery *q;
    AstExpr **items;
    int n;
    if (!eddy__sql_p_paren_query_or_list(p, &q, &items, &n)) return NULL;
    if (q) return subquery_expr(p, q, first, AST_SUBQUERY);
    if (n == 1) return items[0];
    return eddy__sql_p_make_row(p, items, n, true, first);
}

/* ---- function calls ---------------------------------------------------------- */

static AstExpr *arg_value(SqlParser *p) {
    int first = p->pos;
    if (p_is_kw(p, 0, KW_DEFAULT)) {
        AstExpr *e = eddy__sql_p_new_expr(p, AST_DEFAULT, first);
        if (e) p->pos++;
        return e;
    }
    if (p_is_kw(p, 0, KW_TABLE) && p_is_ident(p, 1)) {
        AstExpr *e = eddy__sql_p_new_expr(p, AST_TABLE_ARG, first);
        if (!e) return NULL;
        p->pos++;
        if (!eddy__sql_p_name(p, &e->u.table_arg.table)) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_PARTITION)) {
            if (!eddy__sql_p_expect_kw(p, KW_BY)) return NULL;
            if (p_is(p, 0, TK_LPAREN)) {
                p->pos++;
                if (!eddy__sql_p_expr_list(p, &e->u.table_arg.partition, &e->u.table_arg.npartition) ||
                    !eddy__sql_p_expect(p, TK_RPAREN))
                    return NULL;
            } else {
                AstExpr *k = eddy__sql_p_expr_prec(p, P_LIKE + 1);
                if (!k) return NULL;
                e->u.table_arg.partition = args_array(p, &k, 1);
                e->u.table_arg.npartition = 1;
            }
        }
        if (eddy__sql_p_accept_kw(p, KW_ORDER)) {
            if (!eddy__sql_p_expect_kw(p, KW_BY)) return NULL;
            bool par = eddy__sql_p_accept(p, TK_LPAREN);
            if (!eddy__sql_p_order_items(p, &e->u.table_arg.order, &e->u.table_arg.norder)) return NULL;
            if (par && !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        }
        e->pos = eddy__sql_p_span_from(p, first);
        return e;
    }
    if (eddy__sql_p_at_query_start(p, 0)) {
        AstQuery *q = eddy__sql_p_query(p);
        if (!q) return NULL;
        return subquery_expr(p, q, first, AST_SUBQUERY);
    }
    return eddy__sql_p_expr(p);
}

/* [name =>] value */
static AstExpr *arg(SqlParser *p) {
    int first = p->pos;
    if (p_is_ident(p, 0) && p_is(p, 1, TK_ARROW)) {
        AstExpr *e = eddy__sql_p_new_expr(p, AST_NAMED_ARG, first);
        if (!e || !eddy__sql_p_ident(p, &e->u.named.name)) return NULL;
        p->pos++;
        if (!(e->u.named.value = arg_value(p))) return NULL;
        e->pos = eddy__sql_p_span_from(p, first);
        return deepen(p, e, dmax(e->u.named.value));
    }
    return arg_value(p);
}

/* After the arguments: WITHIN GROUP, FILTER, OVER. */
static AstExpr *call_decorations(SqlParser *p, AstExpr *e) {
    if (p_is_kw(p, 0, KW_WITHIN) && p_is_kw(p, 1, KW_GROUP)) {
        p->pos += 2;
        if (!eddy__sql_p_expect(p, TK_LPAREN) || !eddy__sql_p_expect_kw(p, KW_ORDER) || !eddy__sql_p_expect_kw(p, KW_BY) ||
            !eddy__sql_p_order_items(p, &e->u.call.within_group, &e->u.call.nwithin_group) ||
            !eddy__sql_p_expect(p, TK_RPAREN))
            return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_FILTER)) {
        if (!eddy__sql_p_expect(p, TK_LPAREN) || !eddy__sql_p_expect_kw(p, KW_WHERE) ||
            !(e->u.call.filter = eddy__sql_p_expr(p)) || !eddy__sql_p_expect(p, TK_RPAREN))
            return NULL;
        if (!deepen(p, e, dmax(e->u.call.filter))) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_OVER)) {
        if (p_is_ident(p, 0)) {
            if (!(e->u.call.over_name = eddy__sql_p_ident_new(p))) return NULL;
        } else {
            eddy__sql_p_at_ident(p);
            if (!(e->u.call.over = eddy__sql_p_window_spec(p))) return NULL;
        }
    }
    AstPos start = e->pos;
    e->pos = pos_from(p, start);
    return e;
}

/* name ( [DISTINCT | ALL] args | * ) decorations; the name is already read. */
static AstExpr *function_call(SqlParser *p, const char *name, const AstName *fname, AstPos start) {
    PList args = {0};
    bool distinct = false, all = false;
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
    if (p_is(p, 0, TK_STAR) && p_is(p, 1, TK_RPAREN)) {
        AstExpr *star = eddy__sql_p_new_expr(p, AST_STAR, p->pos);
        if (!star || !eddy__sql_p_push(p, &args, star)) return NULL;
        p->pos += 2;
    } else if (!eddy__sql_p_accept(p, TK_RPAREN)) {
        if (eddy__sql_p_accept_kw(p, KW_DISTINCT)) distinct = true;
        else if (eddy__sql_p_accept_kw(p, KW_ALL)) all = true;
        do {
            AstExpr *a = arg(p);
            if (!a || !eddy__sql_p_push(p, &args, a)) return NULL;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    }
    AstExpr *e = mk_call_l(p, name, AST_SYN_FUNCTION, &args, start);
    if (!e) return NULL;
    if (fname) e->u.call.fname = *fname;
    e->u.call.distinct = distinct;
    e->u.call.all = all;
    return call_decorations(p, e);
}

/* ---- special syntax -------------------------------------------------------- */

static AstExpr *cast_expr(SqlParser *p, bool try_) {
    int first = p->pos;
    p->pos++;
    AstExpr *e = eddy__sql_p_new_expr(p, AST_CAST, first);
    if (!e || !eddy__sql_p_expect(p, TK_LPAREN) || !(e->u.cast.operand = eddy__sql_p_expr(p)) ||
        !eddy__sql_p_expect_kw(p, KW_AS))
        return NULL;
    if (!(e->u.cast.type = eddy__sql_p_type(p, &e->u.cast.type_pos, true))) return NULL;
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    e->u.cast.try_ = try_;
    e->pos = eddy__sql_p_span_from(p, first);
    return deepen(p, e, dmax(e->u.cast.operand));
}

static AstExpr *case_expr(SqlParser *p) {
    int first = p->pos;
    p->pos++;
    AstExpr *e = eddy__sql_p_new_expr(p, AST_CASE, first);
    if (!e) return NULL;
    PList whens = {0}, thens = {0};
    int d = 0;
    if (!p_is_kw(p, 0, KW_WHEN)) {
        if (!(e->u.case_.operand = eddy__sql_p_expr(p))) return NULL;
        d = dmax(e->u.case_.operand);
    }
    if (!eddy__sql_p_at_kw(p, KW_WHEN)) return eddy__sql_p_fail(p);
    while (eddy__sql_p_accept_kw(p, KW_WHEN)) {
        int wfirst = p->pos;
        AstExpr **items;
        int n;
        if (!eddy__sql_p_expr_list(p, &items, &n)) return NULL;
        AstExpr *w = n == 1 ? items[0] : eddy__sql_p_make_row(p, items, n, true, wfirst);
        if (!w || !eddy__sql_p_expect_kw(p, KW_THEN)) return NULL;
        AstExpr *t = eddy__sql_p_expr(p);
        if (!t || !eddy__sql_p_push(p, &whens, w) || !eddy__sql_p_push(p, &thens, t)) return NULL;
        if (dmax(w) > d) d = dmax(w);
        if (dmax(t) > d) d = dmax(t);
    }
    if (eddy__sql_p_accept_kw(p, KW_ELSE)) {
        if (!(e->u.case_.else_ = eddy__sql_p_expr(p))) return NULL;
        if (dmax(e->u.case_.else_) > d) d = dmax(e->u.case_.else_);
    }
    if (!eddy__sql_p_expect_kw(p, KW_END)) return NULL;
    e->u.case_.whens = (AstExpr **)whens.items;
    e->u.case_.thens = (AstExpr **)thens.items;
    e->u.case_.nwhens = whens.len;
    e->pos = eddy__sql_p_span_from(p, first);
    return deepen(p, e, d);
}

/* Time unit of an interval qualifier at the current token, or NONE; only
 * units in `allowed` (a bit per AstTimeUnit) are accepted. */
static AstTimeUnit interval_unit(SqlParser *p, bool *plural, unsigned allowed) {
    static const SqlKw ks[] = {KW_YEAR, KW_YEARS, KW_MONTH, KW_MONTHS, KW_DAY, KW_DAYS,
                               KW_HOUR, KW_HOURS, KW_MINUTE, KW_MINUTES, KW_SECOND, KW_SECONDS};
    for (size_t i = 0; i < ED_ARRAY_LEN(ks); i++) {
        for (size_t j = 0; j < ED_ARRAY_LEN(unit_words); j++) {
            if (unit_words[j].kw != ks[i] || !(allowed & (1u << unit_words[j].unit))) continue;
            if (eddy__sql_p_at_kw(p, ks[i])) {
                if (unit_words[j].plural) *plural = true;
                p->pos++;
                return unit_words[j].unit;
            }
        }
    }
    return AST_TU_NONE;
}

#define TU_BIT(u) (1u << (u))

static bool uint_in_parens(SqlParser *p, int *v, int *v2) {
    /* ( n [, m] ) -- v2 may be NULL when a second number is not allowed */
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return false;
    const Token *t = p_cur(p);
    if (!eddy__sql_p_expect(p, TK_UNSIGNED_INT)) return false;
    *v = eddy__sql_p_token_uint(p, t);
    if (v2 && eddy__sql_p_accept(p, TK_COMMA)) {
        t = p_cur(p);
        if (!eddy__sql_p_expect(p, TK_UNSIGNED_INT)) return false;
        *v2 = eddy__sql_p_token_uint(p, t);
    }
    return eddy__sql_p_expect(p, TK_RPAREN);
}

/* unit [(p)] [TO unit [(p)]]; start_only for interval expressions. */
static bool interval_qualifier(SqlParser *p, AstExpr *e, bool start_only) {
    bool plural = false;
    AstTimeUnit from = interval_unit(p, &plural, TU_BIT(AST_TU_YEAR) | TU_BIT(AST_TU_MONTH) | TU_BIT(AST_TU_DAY) |
                                                     TU_BIT(AST_TU_HOUR) | TU_BIT(AST_TU_MINUTE) | TU_BIT(AST_TU_SECOND));
    if (from == AST_TU_NONE) {
        eddy__sql_p_fail(p);
        return false;
    }
    e->u.interval.from = from;
    e->u.interval.precision = -1;
    e->u.interval.frac_precision = -1;
    if (p_is(p, 0, TK_LPAREN)) {
        if (!uint_in_parens(p, &e->u.interval.precision, from == AST_TU_SECOND ? &e->u.interval.frac_precision : NULL))
            return false;
    }
    if (!start_only && from != AST_TU_SECOND && p_is_kw(p, 0, KW_TO)) {
        p->pos++;
        unsigned allowed = from == AST_TU_YEAR ? TU_BIT(AST_TU_MONTH)
                           : from == AST_TU_DAY ? TU_BIT(AST_TU_HOUR) | TU_BIT(AST_TU_MINUTE) | TU_BIT(AST_TU_SECOND)
                           : from == AST_TU_HOUR ? TU_BIT(AST_TU_MINUTE) | TU_BIT(AST_TU_SECOND)
                                                 : TU_BIT(AST_TU_SECOND);
        AstTimeUnit to = interval_unit(p, &plural, allowed);
        if (to == AST_TU_NONE) {
            eddy__sql_p_fail(p);
            return false;
        }
        e->u.interval.to = to;
        if (to == AST_TU_SECOND && p_is(p, 0, TK_LPAREN)) {
            if (!uint_in_parens(p, &e->u.interval.frac_precision, NULL)) return false;
        }
    }
    e->u.interval.plural = plural;
    return true;
}

/* INTERVAL [+|-] 'text' qualifier | INTERVAL [+|-] (expr | number | name) unit */
AstExpr *eddy__sql_p_interval(SqlParser *p) {
    int first = p->pos;
    if (!eddy__sql_p_expect_kw(p, KW_INTERVAL)) return NULL;
    AstExpr *e = eddy__sql_p_new_expr(p, AST_INTERVAL, first);
    if (!e) return NULL;
    e->u.interval.sign = 1;
    if (eddy__sql_p_accept(p, TK_MINUS)) e->u.interval.sign = -1;
    else eddy__sql_p_accept(p, TK_PLUS);
    if (eddy__sql_p_at(p, TK_STRING)) {
        size_t n;
        if (!(e->u.interval.value = eddy__sql_p_unquote(p, p_cur(p), '\'', 0, &n))) return NULL;
        p->pos++;
        if (!interval_qualifier(p, e, false)) return NULL;
    } else {
        AstExpr *v;
        if (p_is(p, 0, TK_LPAREN)) {
            p->pos++;
            if (!(v = eddy__sql_p_expr(p)) || !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        } else if (p_is(p, 0, TK_UNSIGNED_INT) || p_is(p, 0, TK_DECIMAL) || p_is(p, 0, TK_APPROX)) {
            v = eddy__sql_p_numeric_literal(p);
        } else if (p_is_ident(p, 0)) {
            int f2 = p->pos;
            v = eddy__sql_p_new_expr(p, AST_IDENT, f2);
            if (!v || !eddy__sql_p_name(p, &v->u.ident.name)) return NULL;
            v->pos = eddy__sql_p_span_from(p, f2);
        } else {
            eddy__sql_p_at(p, TK_LPAREN);
            eddy__sql_p_at(p, TK_UNSIGNED_INT);
            eddy__sql_p_at_ident(p);
            return eddy__sql_p_fail(p);
        }
        if (!v) return NULL;
        e->u.interval.operand = v;
        if (!interval_qualifier(p, e, true)) return NULL;
        if (!deepen(p, e, dmax(v))) return NULL;
    }
    e->pos = eddy__sql_p_span_from(p, first);
    return e;
}

static bool expect_lparen(SqlParser *p) { return eddy__sql_p_expect(p, TK_LPAREN); }

static AstExpr *trim_call(SqlParser *p, AstPos start) {
    AstExpr *args[3] = {0};
    if (!expect_lparen(p)) return NULL;
    int ffirst = p->pos;
    AstExpr *flag = NULL;
    if (eddy__sql_p_at_kw(p, KW_BOTH) || eddy__sql_p_at_kw(p, KW_LEADING) || eddy__sql_p_at_kw(p, KW_TRAILING)) {
        SqlKw k = (SqlKw)p_cur(p)->kw;
        flag = mk_symbol(p, k == KW_BOTH ? "BOTH" : k == KW_LEADING ? "LEADING" : "TRAILING", p->pos, p->pos);
        if (!flag) return NULL;
        p->pos++;
    }
    if (!flag) {
        flag = mk_symbol(p, "BOTH", ffirst, ffirst - 1);
        if (!flag) return NULL;
        flag->u.symbol.implicit = true;
    }
    args[0] = flag;
    if (!flag->u.symbol.implicit && eddy__sql_p_accept_kw(p, KW_FROM)) {
        if (!(args[2] = eddy__sql_p_expr(p))) return NULL;
    } else {
        AstExpr *e = eddy__sql_p_expr(p);
        if (!e) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_FROM)) {
            args[1] = e;
            if (!(args[2] = eddy__sql_p_expr(p))) return NULL;
        } else {
            args[2] = e;
        }
    }
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    return mk_call(p, "TRIM", AST_SYN_SPECIAL, args, 3, start);
}

/* JSON behaviour clauses; `which` selects the allowed words. */
enum { JB_VALUE, JB_QUERY, JB_EXISTS };

static AstExpr *json_behaviour(SqlParser *p, int which) {
    int first = p->pos;
    const char *what;
    AstExpr *dflt = NULL;
    if (eddy__sql_p_at_kw(p, KW_ERROR)) {
        what = "ERROR";
        p->pos++;
    } else if (which != JB_EXISTS && eddy__sql_p_at_kw(p, KW_NULL)) {
        what = "NULL";
        p->pos++;
    } else if (which == JB_VALUE && eddy__sql_p_at_kw(p, KW_DEFAULT)) {
        what = "DEFAULT";
        p->pos++;
        if (!(dflt = eddy__sql_p_expr(p))) return NULL;
    } else if (which == JB_QUERY && p_is_kw(p, 0, KW_EMPTY) &&
               (p_is_kw(p, 1, KW_ARRAY) || p_is_kw(p, 1, KW_OBJECT))) {
        what = p_is_kw(p, 1, KW_ARRAY) ? "EMPTY ARRAY" : "EMPTY OBJECT";
        p->pos += 2;
    } else if (which == JB_EXISTS && (eddy__sql_p_at_kw(p, KW_TRUE) || eddy__sql_p_at_kw(p, KW_FALSE) ||
                                      eddy__sql_p_at_kw(p, KW_UNKNOWN))) {
        SqlKw k = (SqlKw)p_cur(p)->kw;
        what = k == KW_TRUE ? "TRUE" : k == KW_FALSE ? "FALSE" : "UNKNOWN";
        p->pos++;
    } else {
        if (which == JB_QUERY) eddy__sql_p_at_kw(p, KW_EMPTY);
        return NULL; /* no clause here */
    }
    if (!eddy__sql_p_expect_kw(p, KW_ON)) return NULL;
    const char *on;
    if (which != JB_EXISTS && eddy__sql_p_accept_kw(p, KW_EMPTY)) on = "EMPTY";
    else if (eddy__sql_p_expect_kw(p, KW_ERROR)) on = "ERROR";
    else return NULL;
    AstExpr *s = mk_symbol(p, eddy__arena_printf(p->a, "%s ON %s", what, on), first, p->pos - 1);
    if (!s) return NULL;
    if (!s->u.symbol.sym) return eddy__sql_p_oom(p);
    s->u.symbol.operand = dflt;
    return deepen(p, s, dmax(dflt));
}

/* NULL ON NULL | ABSENT ON NULL, or NULL when not here. */
static AstExpr *json_null_clause(SqlParser *p) {
    if ((p_is_kw(p, 0, KW_NULL) || p_is_kw(p, 0, KW_ABSENT)) && p_is_kw(p, 1, KW_ON) && p_is_kw(p, 2, KW_NULL)) {
        int first = p->pos;
        const char *s = p_is_kw(p, 0, KW_NULL) ? "NULL ON NULL" : "ABSENT ON NULL";
        p->pos += 3;
        return mk_symbol(p, s, first, p->pos - 1);
    }
    eddy__sql_p_at_kw(p, KW_ABSENT);
    return NULL;
}

static AstExpr *json_call(SqlParser *p, SqlKw kw, AstPos start) {
    PList args = {0};
    const char *name = eddy__lex_kw_name(kw);
    const Type *returning = NULL;
    AstPos rpos = {0};
    if (!expect_lparen(p)) return NULL;
    if (kw == KW_JSON_VALUE || kw == KW_JSON_QUERY || kw == KW_JSON_EXISTS) {
        AstExpr *j = eddy__sql_p_expr(p), *path;
        if (!j || !eddy__sql_p_push(p, &args, j) || !eddy__sql_p_expect(p, TK_COMMA) || !(path = eddy__sql_p_expr(p)) ||
            !eddy__sql_p_push(p, &args, path))
            return NULL;
        if ((kw == KW_JSON_VALUE || kw == KW_JSON_QUERY) && eddy__sql_p_accept_kw(p, KW_RETURNING)) {
            if (!(returning = eddy__sql_p_type(p, &rpos, false))) return NULL;
        }
        if (kw == KW_JSON_QUERY) {
            int wfirst = p->pos;
            const char *w = NULL;
            if (eddy__sql_p_accept_kw(p, KW_WITHOUT)) {
                eddy__sql_p_accept_kw(p, KW_ARRAY);
                w = "WITHOUT ARRAY WRAPPER";
            } else if (eddy__sql_p_accept_kw(p, KW_WITH)) {
                if (eddy__sql_p_accept_kw(p, KW_CONDITIONAL)) {
                    w = "WITH CONDITIONAL ARRAY WRAPPER";
                } else {
                    eddy__sql_p_accept_kw(p, KW_UNCONDITIONAL);
                    w = "WITH UNCONDITIONAL ARRAY WRAPPER";
                }
                eddy__sql_p_accept_kw(p, KW_ARRAY);
            }
            if (w) {
                if (!eddy__sql_p_expect_kw(p, KW_WRAPPER)) return NULL;
                AstExpr *s = mk_symbol(p, w, wfirst, p->pos - 1);
                if (!s || !eddy__sql_p_push(p, &args, s)) return NULL;
            }
        }
        int which = kw == KW_JSON_VALUE ? JB_VALUE : kw == KW_JSON_QUERY ? JB_QUERY : JB_EXISTS;
        for (int i = 0; i < 2; i++) {
            AstExpr *b = json_behaviour(p, which);
            if (!b) {
                if (p->failed) return NULL;
                break;
            }
            if (!eddy__sql_p_push(p, &args, b)) return NULL;
        }
    } else { /* JSON_OBJECT, JSON_OBJECTAGG: key-value pairs; JSON_ARRAY, JSON_ARRAYAGG: values */
        bool object = kw == KW_JSON_OBJECT || kw == KW_JSON_OBJECTAGG;
        bool agg = kw == KW_JSON_OBJECTAGG || kw == KW_JSON_ARRAYAGG;
        bool any = false;
        for (;;) {
            AstExpr *nc = json_null_clause(p);
            if (nc) {
                if (!eddy__sql_p_push(p, &args, nc)) return NULL;
                break;
            }
            if (p->failed) return NULL;
            if (any) {
                if (agg || !eddy__sql_p_accept(p, TK_COMMA)) break;
            } else if (!agg && p_is(p, 0, TK_RPAREN)) {
                break;
            }
            AstExpr *k = NULL, *v;
            if (object) {
                if (p_is_kw(p, 0, KW_KEY) && !p_is_kw(p, 1, KW_VALUE) && !p_is(p, 1, TK_COLON)) p->pos++;
                else eddy__sql_p_at_kw(p, KW_KEY);
                if (!(k = eddy__sql_p_expr(p))) return NULL;
                if (!eddy__sql_p_accept_kw(p, KW_VALUE) && !eddy__sql_p_accept(p, TK_COLON)) return eddy__sql_p_fail(p);
            }
            if (!(v = eddy__sql_p_expr(p)) || (k && !eddy__sql_p_push(p, &args, k)) || !eddy__sql_p_push(p, &args, v))
                return NULL;
            any = true;
        }
    }
    AstOrderItem **order = NULL;
    int norder = 0;
    if (kw == KW_JSON_ARRAYAGG && eddy__sql_p_accept_kw(p, KW_ORDER)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_order_items(p, &order, &norder)) return NULL;
        AstExpr *nc = json_null_clause(p);
        if (nc && !eddy__sql_p_push(p, &args, nc)) return NULL;
        if (p->failed) return NULL;
    }
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    AstExpr *e = mk_call_l(p, name, AST_SYN_SPECIAL, &args, start);
    if (!e) return NULL;
    e->u.call.type = returning;
    e->u.call.type_pos = rpos;
    e->u.call.within_group = order; /* JSON_ARRAYAGG(.. ORDER BY ..) */
    e->u.call.nwithin_group = norder;
    if (kw == KW_JSON_OBJECTAGG || kw == KW_JSON_ARRAYAGG) return call_decorations(p, e);
    return e;
}

/* Calls named by a keyword with special argument syntax. */
static AstExpr *special_call(SqlParser *p, SqlKw kw) {
    AstPos start = eddy__sql_p_span(p, p->pos, p->pos);
    p->pos++;
    AstExpr *a[4] = {0};
    int n = 0;
    switch (kw) {
    case KW_TRIM: return trim_call(p, start);
    case KW_SUBSTRING:
        if (!expect_lparen(p) || !(a[n++] = eddy__sql_p_expr(p))) return NULL;
        if (!eddy__sql_p_accept_kw(p, KW_FROM) && !eddy__sql_p_expect(p, TK_COMMA)) return NULL;
        if (!(a[n++] = eddy__sql_p_expr(p))) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_FOR) || eddy__sql_p_accept(p, TK_COMMA))
            if (!(a[n++] = eddy__sql_p_expr(p))) return NULL;
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        return mk_call(p, "SUBSTRING", AST_SYN_SPECIAL, a, n, start);
    case KW_POSITION:
        if (!expect_lparen(p) || !(a[n++] = eddy__sql_p_expr_prec(p, P_LIKE + 1)) || !eddy__sql_p_expect_kw(p, KW_IN) ||
            !(a[n++] = eddy__sql_p_expr(p)))
            return NULL;
        if (eddy__sql_p_accept_kw(p, KW_FROM) && !(a[n++] = eddy__sql_p_expr(p))) return NULL;
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        return mk_call(p, "POSITION", AST_SYN_SPECIAL, a, n, start);
    case KW_OVERLAY:
        if (!expect_lparen(p) || !(a[n++] = eddy__sql_p_expr(p)) || !eddy__sql_p_expect_kw(p, KW_PLACING) ||
            !(a[n++] = eddy__sql_p_expr(p)) || !eddy__sql_p_expect_kw(p, KW_FROM) || !(a[n++] = eddy__sql_p_expr(p)))
            return NULL;
        if (eddy__sql_p_accept_kw(p, KW_FOR) && !(a[n++] = eddy__sql_p_expr(p))) return NULL;
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        return mk_call(p, "OVERLAY", AST_SYN_SPECIAL, a, n, start);
    case KW_EXTRACT:
        if (!expect_lparen(p) || !(a[n++] = unit_symbol(p, extract_units, ED_ARRAY_LEN(extract_units))) ||
            !eddy__sql_p_expect_kw(p, KW_FROM) || !(a[n++] = eddy__sql_p_expr(p)) || !eddy__sql_p_expect(p, TK_RPAREN))
            return NULL;
        return mk_call(p, "EXTRACT", AST_SYN_SPECIAL, a, n, start);
    case KW_FLOOR:
    case KW_CEIL:
    case KW_CEILING:
        if (!expect_lparen(p) || !(a[n++] = eddy__sql_p_expr(p))) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_TO) && !(a[n++] = unit_symbol(p, extract_units + 2, ED_ARRAY_LEN(extract_units) - 2)))
            return NULL;
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        {
            AstExpr *e = mk_call(p, kw == KW_FLOOR ? "FLOOR" : "CEIL", n == 2 ? AST_SYN_SPECIAL : AST_SYN_FUNCTION, a, n,
                                 start);
            return e ? call_decorations(p, e) : NULL;
        }
    case KW_TIMESTAMPADD:
    case KW_TIMESTAMPDIFF:
        if (!expect_lparen(p) || !(a[n++] = unit_symbol(p, tsdiff_units, ED_ARRAY_LEN(tsdiff_units))) ||
            !eddy__sql_p_expect(p, TK_COMMA) || !(a[n++] = eddy__sql_p_expr(p)) || !eddy__sql_p_expect(p, TK_COMMA) ||
            !(a[n++] = eddy__sql_p_expr(p)) || !eddy__sql_p_expect(p, TK_RPAREN))
            return NULL;
        return mk_call(p, kw == KW_TIMESTAMPADD ? "TIMESTAMPADD" : "TIMESTAMPDIFF", AST_SYN_FUNCTION, a, n, start);
    case KW_DESCRIPTOR: {
        PList l = {0};
        if (!expect_lparen(p)) return NULL;
        do {
            int f = p->pos;
            AstExpr *id = eddy__sql_p_new_expr(p, AST_IDENT, f);
            if (!id || !eddy__sql_p_name(p, &id->u.ident.name) || !eddy__sql_p_push(p, &l, id)) return NULL;
            id->pos = eddy__sql_p_span_from(p, f);
        } while (eddy__sql_p_accept(p, TK_COMMA));
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        return mk_call_l(p, "DESCRIPTOR", AST_SYN_FUNCTION, &l, start);
    }
    case KW_JSON_VALUE:
    case KW_JSON_QUERY:
    case KW_JSON_EXISTS:
    case KW_JSON_OBJECT:
    case KW_JSON_OBJECTAGG:
    case KW_JSON_ARRAY:
    case KW_JSON_ARRAYAGG: return json_call(p, kw, start);
    default: break;
    }
    return eddy__sql_p_fail(p);
}

/* ROW(..), ARRAY[..], ARRAY(query), MAP[..], MAP(query), MULTISET[..] */
static AstExpr *constructor(SqlParser *p, SqlKw kw) {
    int first = p->pos;
    AstPos start = eddy__sql_p_span(p, first, first);
    p->pos++;
    if (kw == KW_ROW) {
        AstQuery *q;
        AstExpr **items;
        AstExpr *sub; /* outlives the block: items may point to it */
        int n;
        if (!eddy__sql_p_paren_query_or_list(p, &q, &items, &n)) return NULL;
        if (q) {
            sub = subquery_expr(p, q, first + 1, AST_SUBQUERY);
            if (!sub) return NULL;
            items = &sub;
            n = 1;
        }
        return mk_call(p, "ROW", AST_SYN_ROW, items, n, start);
    }
    const char *name = kw == KW_ARRAY ? "ARRAY" : kw == KW_MAP ? "MAP" : "MULTISET";
    if (eddy__sql_p_accept(p, TK_LBRACKET)) {
        AstExpr **items = NULL;
        int n = 0;
        if (!p_is(p, 0, TK_RBRACKET) && !eddy__sql_p_expr_list(p, &items, &n)) return NULL;
        if (!eddy__sql_p_expect(p, TK_RBRACKET)) return NULL;
        return mk_call(p, name, AST_SYN_BRACKET, items, n, start);
    }
    int qfirst = p->pos;
    if (!eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
    AstQuery *q = eddy__sql_p_query(p);
    if (!q || !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    AstExpr *sub = subquery_expr(p, q, qfirst, AST_SUBQUERY);
    if (!sub) return NULL;
    const char *qname = kw == KW_ARRAY ? "ARRAY_QUERY" : kw == KW_MAP ? "MAP_QUERY" : "MULTISET_QUERY";
    return mk_call(p, qname, AST_SYN_FUNCTION, &sub, 1, start);
}

static AstExpr *typed_literal(SqlParser *p, AstLitKind k) {
    int first = p->pos;
    p->pos++;
    size_t n;
    const char *v = eddy__sql_p_unquote(p, p_cur(p), '\'', 0, &n);
    if (!v) return NULL;
    p->pos++;
    AstExpr *e = eddy__sql_p_new_expr(p, AST_LITERAL, first);
    if (!e) return NULL;
    e->u.lit.lit_kind = k;
    e->u.lit.value = v;
    e->u.lit.value_len = n;
    e->u.lit.nfrags = 1;
    e->pos = eddy__sql_p_span_from(p, first);
    return e;
}

static AstExpr *keyword_literal(SqlParser *p, AstLitKind k) {
    AstExpr *e = eddy__sql_p_new_expr(p, AST_LITERAL, p->pos);
    if (!e) return NULL;
    e->u.lit.lit_kind = k;
    p->pos++;
    return e;
}

/* a.b.c, t.*, or name(args) for a compound name. */
static AstExpr *ident_or_call(SqlParser *p) {
    int first = p->pos;
    PList parts = {0};
    bool star = false;
    for (;;) {
        AstIdent *id = eddy__sql_p_ident_new(p);
        if (!id || !eddy__sql_p_push(p, &parts, id)) return NULL;
        if (p_is(p, 0, TK_DOT) && p_is_ident(p, 1)) {
            p->pos++;
            continue;
        }
        if (p_is(p, 0, TK_DOT) && p_is(p, 1, TK_STAR)) {
            p->pos += 2;
            star = true;
        }
        break;
    }
    AstName nm = {0};
    nm.nparts = parts.len;
    nm.parts = eddy__sql_p_alloc(p, sizeof(char *) * (size_t)parts.len);
    nm.quoted = eddy__sql_p_alloc(p, sizeof(bool) * (size_t)parts.len);
    if (!nm.parts || !nm.quoted) return NULL;
    for (int i = 0; i < parts.len; i++) {
        nm.parts[i] = ((AstIdent *)parts.items[i])->name;
        nm.quoted[i] = ((AstIdent *)parts.items[i])->quoted;
    }
    nm.pos = eddy__sql_p_span(p, first, star ? p->pos - 3 : p->pos - 1);
    if (!star && p_is(p, 0, TK_LPAREN)) {
        /* TRY_CAST(x AS t) is an identifier-named special form in Flink */
        if (nm.nparts == 1 && !nm.quoted[0] && eddy__strn_ieq(nm.parts[0], strlen(nm.parts[0]), "TRY_CAST")) {
            p->pos = first;
            return cast_expr(p, true);
        }
        return function_call(p, nm.parts[nm.nparts - 1], &nm, eddy__sql_p_span(p, first, first));
    }
    AstExpr *e = eddy__sql_p_new_expr(p, star ? AST_STAR : AST_IDENT, first);
    if (!e) return NULL;
    e->u.ident.name = nm;
    e->pos = eddy__sql_p_span_from(p, first);
    return e;
}

static bool next_is_string(const SqlParser *p) { return p_is(p, 1, TK_STRING); }

static AstExpr *primary(SqlParser *p) {
    const Token *t = p_cur(p);
    int first = p->pos;
    switch ((TokKind)t->kind) {
    case TK_UNSIGNED_INT:
    case TK_DECIMAL:
    case TK_APPROX: return eddy__sql_p_numeric_literal(p);
    case TK_STRING:
    case TK_PREFIXED_STRING:
    case TK_UNICODE_STRING:
    case TK_BINARY_STRING: return eddy__sql_p_literal_string(p);
    case TK_LPAREN: return paren(p);
    case TK_QIDENT: return ident_or_call(p);
    case TK_IDENT: break;
    default:
        eddy__sql_p_expect_here(p, EXP_EXPR);
        return eddy__sql_p_fail(p);
    }
    switch ((SqlKw)t->kw) {
    case KW_TRUE: return keyword_literal(p, AST_LIT_TRUE);
    case KW_FALSE: return keyword_literal(p, AST_LIT_FALSE);
    case KW_UNKNOWN: return keyword_literal(p, AST_LIT_UNKNOWN);
    case KW_NULL: return keyword_literal(p, AST_LIT_NULL);
    case KW_DATE:
        if (next_is_string(p)) return typed_literal(p, AST_LIT_DATE);
        break;
    case KW_TIME:
        if (next_is_string(p)) return typed_literal(p, AST_LIT_TIME);
        break;
    case KW_TIMESTAMP:
        if (next_is_string(p)) return typed_literal(p, AST_LIT_TIMESTAMP);
        break;
    case KW_TIMESTAMP_LTZ:
        if (next_is_string(p)) return typed_literal(p, AST_LIT_TIMESTAMP_LTZ);
        break;
    case KW_INTERVAL: return eddy__sql_p_interval(p);
    case KW_CASE: return case_expr(p);
    case KW_CAST: return cast_expr(p, false);
    case KW_EXISTS: {
        p->pos++;
        if (!eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
        AstQuery *q = eddy__sql_p_query(p);
        if (!q || !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        return subquery_expr(p, q, first, AST_EXISTS);
    }
    case KW_ROW:
        if (p_is(p, 1, TK_LPAREN)) return constructor(p, KW_ROW);
        break;
    case KW_ARRAY:
    case KW_MULTISET:
        if (p_is(p, 1, TK_LBRACKET) || p_is(p, 1, TK_LPAREN)) return constructor(p, (SqlKw)t->kw);
        break;
    case KW_MAP:
        if (p_is(p, 1, TK_LBRACKET) || p_is(p, 1, TK_LPAREN)) return constructor(p, KW_MAP);
        break;
    case KW_TRIM:
    case KW_SUBSTRING:
    case KW_POSITION:
    case KW_OVERLAY:
    case KW_EXTRACT:
    case KW_FLOOR:
    case KW_CEIL:
    case KW_CEILING:
    case KW_TIMESTAMPADD:
    case KW_TIMESTAMPDIFF:
    case KW_JSON_VALUE:
    case KW_JSON_QUERY:
    case KW_JSON_EXISTS:
    case KW_JSON_OBJECT:
    case KW_JSON_OBJECTAGG:
    case KW_JSON_ARRAY:
    case KW_JSON_ARRAYAGG:
        if (p_is(p, 1, TK_LPAREN)) return special_call(p, (SqlKw)t->kw);
        break;
    case KW_DESCRIPTOR:
        if (p_is(p, 1, TK_LPAREN)) return special_call(p, KW_DESCRIPTOR);
        break;
    case KW_RUNNING:
    case KW_FINAL:
        if (p_is_ident(p, 1) || (p_is(p, 1, TK_IDENT) && p_is(p, 2, TK_LPAREN))) {
            AstPos start = eddy__sql_p_span(p, first, first);
            const char *nm = t->kw == KW_RUNNING ? "RUNNING" : "FINAL";
            p->pos++;
            AstExpr *operand = primary(p);
            if (!operand) return NULL;
            return mk_call(p, nm, AST_SYN_PREFIX, &operand, 1, start);
        }
        break;
    default: break;
    }
    if (!t->reserved) return ident_or_call(p);
    if (p_is(p, 1, TK_LPAREN)) {
        const char *fn = word_in(p, t, reserved_functions, ED_ARRAY_LEN(reserved_functions));
        if (fn) {
            p->pos++;
            return function_call(p, fn, NULL, eddy__sql_p_span(p, first, first));
        }
    }
    const char *cv = word_in(p, t, context_variables, ED_ARRAY_LEN(context_variables));
    if (cv) {
        p->pos++;
        return mk_call(p, cv, AST_SYN_NILADIC, NULL, 0, eddy__sql_p_span(p, first, first));
    }
    eddy__sql_p_expect_here(p, EXP_EXPR);
    return eddy__sql_p_fail(p);
}

/* primary followed by [index] and .field */
static AstExpr *postfix(SqlParser *p) {
    AstExpr *e = primary(p);
    while (e) {
        if (p_is(p, 0, TK_LBRACKET)) {
            p->pos++;
            AstExpr *idx = eddy__sql_p_expr(p);
            if (!idx || !eddy__sql_p_expect(p, TK_RBRACKET)) return NULL;
            AstExpr *args[2] = {e, idx};
            e = mk_call(p, "ITEM", AST_SYN_ITEM, args, 2, e->pos);
        } else if (p_is(p, 0, TK_DOT) && p_is_ident(p, 1)) {
            p->pos++;
            int f = p->pos;
            AstExpr *field = eddy__sql_p_new_expr(p, AST_IDENT, f);
            if (!field || !eddy__sql_p_name(p, &field->u.ident.name)) return NULL;
            field->pos = eddy__sql_p_span_from(p, f);
            if (p_is(p, 0, TK_LPAREN)) {
                /* expr.method(args): Calcite's row expression extension */
                AstName nm = field->u.ident.name;
                AstExpr *call = function_call(p, nm.parts[nm.nparts - 1], &nm, field->pos);
                if (!call) return NULL;
                AstExpr *args[2] = {e, call};
                e = mk_call(p, "DOT", AST_SYN_DOT, args, 2, e->pos);
            } else {
                AstExpr *args[2] = {e, field};
                e = mk_call(p, "DOT", AST_SYN_DOT, args, 2, e->pos);
            }
        } else {
            break;
        }
    }
    return e;
}

/* NOT x, -x, +x, or a postfix expression */
static AstExpr *prefix(SqlParser *p) {
    const Token *t = p_cur(p);
    AstPos start = eddy__sql_p_span(p, p->pos, p->pos);
    if (t->kind == TK_IDENT && t->kw == KW_NOT) {
        if (!eddy__sql_p_enter(p)) return NULL;
        p->pos++;
        AstExpr *operand = eddy__sql_p_expr_prec(p, P_NOT + 1);
        eddy__sql_p_leave(p);
        if (!operand) return NULL;
        return mk_call(p, "NOT", AST_SYN_PREFIX, &operand, 1, start);
    }
    if (t->kind == TK_MINUS || t->kind == TK_PLUS) {
        if (!eddy__sql_p_enter(p)) return NULL;
        p->pos++;
        AstExpr *operand = prefix(p);
        eddy__sql_p_leave(p);
        if (!operand) return NULL;
        return mk_call(p, t->kind == TK_MINUS ? "MINUS_PREFIX" : "PLUS_PREFIX", AST_SYN_PREFIX, &operand, 1, start);
    }
    return postfix(p);
}

/* Binary operator at the current token: name, precedence; 0 when none. */
static int binary_op(const SqlParser *p, const char **name) {
    const Token *t = p_cur(p);
    switch ((TokKind)t->kind) {
    case TK_EQ: *name = "="; return P_CMP;
    case TK_NE:
    case TK_NE2: *name = "<>"; return P_CMP;
    case TK_LT: *name = "<"; return P_CMP;
    case TK_LE: *name = "<="; return P_CMP;
    case TK_GT: *name = ">"; return P_CMP;
    case TK_GE: *name = ">="; return P_CMP;
    case TK_PLUS: *name = "+"; return P_ADD;
    case TK_MINUS: *name = "-"; return P_ADD;
    case TK_STAR: *name = "*"; return P_MUL;
    case TK_SLASH: *name = "/"; return P_MUL;
    case TK_PERCENT: *name = "%"; return P_MUL;
    case TK_CONCAT: *name = "||"; return P_MUL;
    case TK_IDENT: break;
    default: return 0;
    }
    switch ((SqlKw)t->kw) {
    case KW_OR: *name = "OR"; return P_OR;
    case KW_AND: *name = "AND"; return P_AND;
    case KW_IS:
        if (p_is_kw(p, 1, KW_DISTINCT) || (p_is_kw(p, 1, KW_NOT) && p_is_kw(p, 2, KW_DISTINCT))) {
            *name = p_is_kw(p, 1, KW_NOT) ? "IS NOT DISTINCT FROM" : "IS DISTINCT FROM";
            return P_CMP;
        }
        *name = "IS";
        return P_IS;
    case KW_NOT:
        if (p_is_kw(p, 1, KW_BETWEEN) || p_is_kw(p, 1, KW_IN) || p_is_kw(p, 1, KW_LIKE) || p_is_kw(p, 1, KW_SIMILAR)) {
            *name = "NOT";
            return P_LIKE;
        }
        return 0;
    case KW_BETWEEN:
    case KW_IN:
    case KW_LIKE:
    case KW_SIMILAR: *name = ""; return P_LIKE;
    default: return 0;
    }
}

/* IS [NOT] NULL | TRUE | FALSE | UNKNOWN | JSON [VALUE|SCALAR|ARRAY|OBJECT] */
static AstExpr *is_postfix(SqlParser *p, AstExpr *left) {
    p->pos++;
    bool neg = eddy__sql_p_accept_kw(p, KW_NOT);
    const char *what;
    if (eddy__sql_p_accept_kw(p, KW_NULL)) what = "NULL";
    else if (eddy__sql_p_accept_kw(p, KW_TRUE)) what = "TRUE";
    else if (eddy__sql_p_accept_kw(p, KW_FALSE)) what = "FALSE";
    else if (eddy__sql_p_accept_kw(p, KW_UNKNOWN)) what = "UNKNOWN";
    else if (eddy__sql_p_accept_kw(p, KW_JSON)) {
        if (eddy__sql_p_accept_kw(p, KW_SCALAR)) what = "JSON SCALAR";
        else if (eddy__sql_p_accept_kw(p, KW_ARRAY)) what = "JSON ARRAY";
        else if (eddy__sql_p_accept_kw(p, KW_OBJECT)) what = "JSON OBJECT";
        else {
            eddy__sql_p_accept_kw(p, KW_VALUE);
            what = "JSON VALUE";
        }
    } else {
        if (!neg) eddy__sql_p_at_kw(p, KW_NOT);
        eddy__sql_p_at_kw(p, KW_DISTINCT);
        return eddy__sql_p_fail(p);
    }
    const char *name = eddy__arena_printf(p->a, "IS %s%s", neg ? "NOT " : "", what);
    if (!name) return eddy__sql_p_oom(p);
    return mk_call(p, name, AST_SYN_POSTFIX, &left, 1, left->pos);
}

/* [NOT] BETWEEN / IN / LIKE / SIMILAR TO after `left` */
static AstExpr *predicate(SqlParser *p, AstExpr *left) {
    bool neg = eddy__sql_p_accept_kw(p, KW_NOT);
    AstExpr *e;
    if (eddy__sql_p_accept_kw(p, KW_BETWEEN)) {
        e = eddy__sql_p_new_expr(p, AST_BETWEEN, p->pos);
        if (!e) return NULL;
        e->u.between.negated = neg;
        e->u.between.operand = left;
        if (eddy__sql_p_accept_kw(p, KW_SYMMETRIC)) e->u.between.symmetric = 2;
        else if (eddy__sql_p_accept_kw(p, KW_ASYMMETRIC)) e->u.between.symmetric = 1;
        if (!(e->u.between.low = eddy__sql_p_expr_prec(p, P_LIKE + 1)) || !eddy__sql_p_expect_kw(p, KW_AND) ||
            !(e->u.between.high = eddy__sql_p_expr_prec(p, P_LIKE + 1)))
            return NULL;
        e->pos = pos_from(p, left->pos);
        int d = dmax(left);
        if (dmax(e->u.between.low) > d) d = dmax(e->u.between.low);
        if (dmax(e->u.between.high) > d) d = dmax(e->u.between.high);
        return deepen(p, e, d);
    }
    if (eddy__sql_p_accept_kw(p, KW_IN)) {
        e = eddy__sql_p_new_expr(p, AST_IN, p->pos);
        if (!e) return NULL;
        e->u.in.negated = neg;
        e->u.in.operand = left;
        if (!eddy__sql_p_paren_query_or_list(p, &e->u.in.query, &e->u.in.list, &e->u.in.nlist)) return NULL;
        e->pos = pos_from(p, left->pos);
        int d = dmax(left);
        if (e->u.in.query && e->u.in.query->depth > d) d = e->u.in.query->depth;
        for (int i = 0; i < e->u.in.nlist; i++)
            if (dmax(e->u.in.list[i]) > d) d = dmax(e->u.in.list[i]);
        return deepen(p, e, d);
    }
    bool similar = false;
    if (eddy__sql_p_accept_kw(p, KW_SIMILAR)) {
        if (!eddy__sql_p_expect_kw(p, KW_TO)) return NULL;
        similar = true;
    } else if (!eddy__sql_p_expect_kw(p, KW_LIKE)) {
        return NULL;
    }
    e = eddy__sql_p_new_expr(p, AST_LIKE, p->pos);
    if (!e) return NULL;
    e->u.like.negated = neg;
    e->u.like.similar = similar;
    e->u.like.operand = left;
    if (!(e->u.like.pattern = eddy__sql_p_expr_prec(p, P_LIKE + 1))) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_ESCAPE)) {
        if (!(e->u.like.escape = prefix(p))) return NULL;
    }
    e->pos = pos_from(p, left->pos);
    int d = dmax(left);
    if (dmax(e->u.like.pattern) > d) d = dmax(e->u.like.pattern);
    if (dmax(e->u.like.escape) > d) d = dmax(e->u.like.escape);
    return deepen(p, e, d);
}

AstExpr *eddy__sql_p_expr_prec(SqlParser *p, int min_prec) {
    if (!eddy__sql_p_enter(p)) return NULL;
    AstExpr *left = prefix(p);
    const char *chain = NULL; /* AND / OR call built by this loop, extended in place */
    PList chain_args = {0};
    while (left) {
        const char *name = NULL;
        int prec = binary_op(p, &name);
        if (!prec || prec < min_prec) break;
        if (prec == P_IS && strcmp(name, "IS") == 0) {
            left = is_postfix(p, left);
            chain = NULL;
            continue;
        }
        if (prec == P_LIKE) {
            left = predicate(p, left);
            chain = NULL;
            continue;
        }
        bool distinct_from = strcmp(name, "IS DISTINCT FROM") == 0 || strcmp(name, "IS NOT DISTINCT FROM") == 0;
        p->pos += strcmp(name, "IS NOT DISTINCT FROM") == 0 ? 3 : distinct_from ? 2 : 1;
        if (distinct_from && !eddy__sql_p_expect_kw(p, KW_FROM)) {
            left = NULL;
            break;
        }
        AstExpr *right = eddy__sql_p_expr_prec(p, prec + 1);
        if (!right) {
            left = NULL;
            break;
        }
        if ((prec == P_AND || prec == P_OR) && chain && strcmp(chain, name) == 0) {
            /* extend a AND b AND c in place */
            if (!eddy__sql_p_push(p, &chain_args, right)) {
                left = NULL;
                break;
            }
            left->u.call.args = (AstExpr **)chain_args.items;
            left->u.call.nargs = chain_args.len;
            left->pos = pos_from(p, left->pos);
            left = deepen(p, left, dmax(right));
            continue;
        }
        AstExpr *args[2] = {left, right};
        left = mk_call(p, name, AST_SYN_BINARY, args, 2, left->pos);
        if (left && (prec == P_AND || prec == P_OR)) {
            chain = name;
            chain_args.items = NULL;
            chain_args.len = chain_args.cap = 0;
            if (!eddy__sql_p_push(p, &chain_args, args[0]) || !eddy__sql_p_push(p, &chain_args, args[1])) left = NULL;
        } else {
            chain = NULL;
        }
    }
    eddy__sql_p_leave(p);
    return left;
}

AstExpr *eddy__sql_p_expr(SqlParser *p) { return eddy__sql_p_expr_prec(p, 0); }
