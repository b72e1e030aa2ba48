/*
 * table_expr.c -- the Table API's expression strings ("a + 1 as b",
 * "c_id = 'c_001' || c_id = 'c_003'", "a.upperCase()", "b.sum",
 * "10.minutes", "'x'.charLength()") parsed into the SQL AST, so that the
 * binder gives both APIs one meaning.
 *
 * The grammar is Flink's string expression grammar (the Scala DSL's):
 *   list       := item (',' item)*
 *   item       := logic [AS name | AS '(' name, ... ')'] | over-constant
 *   logic      := comparison (('&&' | '||') comparison)*   -- one precedence, left to right
 *   comparison := term [('===' | '==' | '=' | '!==' | '!=' | '<>' | '>=' | '<=' | '>' | '<') term]
 *   term       := product (('+' | '-') product)*
 *   product    := unary (('*' | '/' | '%') unary)*
 *   unary      := ['!' | '-' | '+'] composite
 *   composite  := primary ('.' suffix | OVER name)*
 *   primary    := '(' logic ')' | field | '*' | literal | prefix-call
 * Suffixes are methods (a.upperCase(), a.sum, a.cast(LONG), a.trim(),
 * a.as(x), a.asc, a.distinct, 10.minutes, 2.rows, ...); prefix calls are
 * functions (cast(a, INT), trim(BOTH, ' ', a), if/?(c, a, b), Null(INT),
 * any name(args)). Keywords are case-insensitive. Method names map to SQL
 * functions: a table for the ones whose names differ (upperCase -> UPPER,
 * like -> LIKE, isNull -> IS NULL, between -> BETWEEN, in -> IN, ...), the
 * rest by camelCase -> SNAKE_CASE (charLength -> CHAR_LENGTH).
 *
 * Errors are Flink's ExpressionParserException layout: "Could not parse
 * expression at column N: <what>" then the input and a caret line.
 */
#include <ctype.h>
#include <stdlib.h>

#define EDDY_SQL_PARSER_INTERNAL
#include "sql/parser.h"

typedef struct TP {
    Arena *a;
    const char *s;
    size_t n;
    size_t pos;
    int depth;
    EdErr *err;
    bool failed;
} TP;

/* ---- errors and nodes ------------------------------------------------------------------ */

static void *fail_at(TP *p, size_t at, const char *fmt, ...) ED_PRINTF(3, 4);
static void *fail_at(TP *p, size_t at, const char *fmt, ...) {
    if (p->failed) return NULL;
    p->failed = true;
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "Could not parse expression at column %zu: ", at + 1);
    va_list ap;
    va_start(ap, fmt);
    eddy__buf_vprintf(&b, fmt, ap);
    va_end(ap);
    eddy__buf_putc(&b, '\n');
    eddy__buf_put(&b, p->s, p->n);
    eddy__buf_putc(&b, '\n');
    eddy__buf_pad(&b, ' ', at);
    eddy__buf_putc(&b, '^');
    eddy__err(p->err, EDDY_E_PARSE, "%s", eddy__buf_cstr(&b));
    p->err->line = 1;
    p->err->col = (int)at + 1;
    eddy__buf_free(&b);
    return NULL;
}

static void *oom(TP *p) {
    if (!p->failed) eddy__err(p->err, EDDY_E_NOMEM, "out of memory");
    p->failed = true;
    return NULL;
}

static AstPos span(size_t from, size_t to) {
    AstPos ps = {1, (int)from + 1, 1, (int)(to > from ? to : from + 1), (uint32_t)from, (uint32_t)to};
    return ps;
}

static AstExpr *node(TP *p, AstExprKind kind, size_t from) {
    AstExpr *e = eddy__arena_alloc(p->a, sizeof *e);
    if (!e) return oom(p);
    e->kind = kind;
    e->pos = span(from, p->pos);
    e->depth = 1;
    return e;
}

static AstExpr *call(TP *p, const char *name, AstSyntax syn, AstExpr **args, int n, size_t from) {
    AstExpr *e = node(p, AST_CALL, from);
    AstExpr **copy = eddy__arena_alloc(p->a, sizeof(AstExpr *) * (size_t)(n + 1));
    if (!e || !copy) return oom(p);
    for (int i = 0; i < n; i++) {
        copy[i] = args[i];
        if (args[i] && args[i]->depth + 1 > e->depth) e->depth = args[i]->depth + 1;
    }
    e->u.call.name = name;
    e->u.call.syntax = syn;
    e->u.call.args = copy;
    e->u.call.nargs = n;
    return e;
}

static AstExpr *call1(TP *p, const char *name, AstSyntax syn, AstExpr *x, size_t from) {
    return call(p, name, syn, &x, 1, from);
}

static AstExpr *symbol(TP *p, const char *sym, AstTimeUnit unit, size_t from) {
    AstExpr *e = node(p, AST_SYMBOL, from);
    if (!e) return NULL;
    e->u.symbol.sym = sym;
    e->u.symbol.unit = unit;
    return e;
}

static AstExpr *cast_to(TP *p, AstExpr *x, const Type *t, size_t from) {
    AstExpr *e = node(p, AST_CAST, from);
    if (!e || !t) return e ? oom(p) : NULL;
    e->u.cast.operand = x;
    e->u.cast.type = t;
    e->depth = x->depth + 1;
    return e;
}

/* Appends x to an arena-backed list; false (out of memory recorded) on failure. */
static bool push(TP *p, PList *l, void *x) {
    if (l->len == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        void **items = eddy__arena_alloc(p->a, sizeof(void *) * (size_t)cap);
        if (!items) return oom(p);
        if (l->len) memcpy(items, l->items, sizeof(void *) * (size_t)l->len);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = x;
    return true;
}

/* ---- lexing --------------------------------------------------------------------------------- */

static void skip_ws(TP *p) {
    while (p->pos < p->n && isspace((unsigned char)p->s[p->pos])) p->pos++;
}

static bool id_start(unsigned char c) { return isalpha(c) || c == '_' || c == '$' || c >= 0x80; }
static bool id_part(unsigned char c) { return isalnum(c) || c == '_' || c == '$' || c >= 0x80; }

/* Consumes the symbol `sym` (after spaces) when it is next. */
static bool accept(TP *p, const char *sym) {
    skip_ws(p);
    size_t l = strlen(sym);
    if (p->n - p->pos < l || memcmp(p->s + p->pos, sym, l) != 0) return false;
    p->pos += l;
    return true;
}

static bool peek(TP *p, const char *sym) {
    size_t saved = p->pos;
    bool ok = accept(p, sym);
    p->pos = saved;
    return ok;
}

static bool expect(TP *p, const char *sym) {
    if (accept(p, sym)) return true;
    skip_ws(p);
    if (p->pos >= p->n) fail_at(p, p->pos, "'%s' expected but end of expression found.", sym);
    else fail_at(p, p->pos, "'%s' expected but '%c' found.", sym, p->s[p->pos]);
    return false;
}

/* Length of the identifier at the current position (after spaces), 0 if none. */
static size_t ident_len(TP *p) {
    skip_ws(p);
    if (p->pos >= p->n || !id_start((unsigned char)p->s[p->pos])) return 0;
    size_t e = p->pos + 1;
    while (e < p->n && id_part((unsigned char)p->s[e])) e++;
    return e - p->pos;
}

/* Consumes the keyword kw (any case, not followed by an identifier character). */
static bool accept_kw(TP *p, const char *kw) {
    size_t l = ident_len(p);
    if (l != strlen(kw) || !eddy__strn_ieq(p->s + p->pos, l, kw)) return false;
    p->pos += l;
    return true;
}

static bool peek_kw(TP *p, const char *kw) {
    size_t saved = p->pos;
    bool ok = accept_kw(p, kw);
    p->pos = saved;
    return ok;
}

/* An identifier (a copy in the arena), or NULL (no error recorded). */
static char *ident(TP *p) {
    size_t l = ident_len(p);
    if (!l) return NULL;
    char *s = eddy__arena_strndup(p->a, p->s + p->pos, l);
    if (!s) return oom(p);
    p->pos += l;
    return s;
}

/* ---- names of methods and functions ------------------------------------------------------------ */

/* Methods whose SQL function has another name. */
static const struct {
    const char *method, *sql;
} renames[] = {
    {"upperCase", "UPPER"},     {"lowerCase", "LOWER"},        {"initCap", "INITCAP"},
    {"ifThenElse", "IF"},       {"plus", "+"},                 {"minus", "-"},
    {"times", "*"},             {"divide", "/"},               {"mod", "MOD"},
    {"equals", "="},            {"notEquals", "<>"},           {"greaterThan", ">"},
    {"greaterThanOrEqual", ">="}, {"lessThan", "<"},           {"lessThanOrEqual", "<="},
    {"and", "AND"},             {"or", "OR"},                  {"not", "NOT"},
    {"isNull", "IS NULL"},      {"isNotNull", "IS NOT NULL"},  {"isTrue", "IS TRUE"},
    {"isFalse", "IS FALSE"},    {"isNotTrue", "IS NOT TRUE"},  {"isNotFalse", "IS NOT FALSE"},
    {"minusPrefix", "MINUS_PREFIX"}, {"at", "ITEM"},           {"stddev", "STDDEV"},
    {"concat_ws", "CONCAT_WS"},
};

const char *eddy__sql_table_api_name(Arena *a, const char *m) {
    for (size_t i = 0; i < ED_ARRAY_LEN(renames); i++)
        if (eddy__str_ieq(m, renames[i].method)) return renames[i].sql;
    Buf b;
    eddy__buf_init(&b);
    for (const char *c = m; *c; c++) {
        if (isupper((unsigned char)*c) && c > m && islower((unsigned char)c[-1])) eddy__buf_putc(&b, '_');
        eddy__buf_putc(&b, (char)toupper((unsigned char)*c));
    }
    char *s = b.failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(&b), b.len);
    eddy__buf_free(&b);
    return s;
}

/* The SQL name of a Table API method (arena copy). */
static const char *sql_name(TP *p, const char *m) {
    const char *s = eddy__sql_table_api_name(p->a, m);
    return s ? s : oom(p);
}

/* ---- types of cast(...), Null(...) -------------------------------------------------------------- */

static const Type *type_name(TP *p);

/* The Table API's legacy type names, or a Flink SQL type string. */
static const Type *type_name(TP *p) {
    static const struct {
        const char *name, *type;
    } legacy[] = {{"BYTE", "TINYINT"},       {"SHORT", "SMALLINT"},       {"INT", "INT"},
                  {"LONG", "BIGINT"},        {"FLOAT", "FLOAT"},          {"DOUBLE", "DOUBLE"},
                  {"BOOLEAN", "BOOLEAN"},    {"STRING", "STRING"},        {"SQL_DATE", "DATE"},
                  {"SQL_TIME", "TIME(0)"},   {"SQL_TIMESTAMP", "TIMESTAMP(3)"},
                  {"DECIMAL", "DECIMAL(38, 18)"}, {"INTERVAL_MONTHS", "INTERVAL YEAR(2) TO MONTH"},
                  {"INTERVAL_MILLIS", "INTERVAL DAY(2) TO SECOND(3)"}};
    skip_ws(p);
    size_t start = p->pos;
    const Type *t = NULL;
    EdErr e2 = {0};
    if (accept_kw(p, "PRIMITIVE_ARRAY") || accept_kw(p, "OBJECT_ARRAY")) {
        bool prim = eddy__strn_ieq(p->s + start, 15, "PRIMITIVE_ARRAY");
        if (!expect(p, "(")) return NULL;
        const Type *el = type_name(p);
        if (!el || !expect(p, ")")) return NULL;
        return eddy__type_array(p->a, eddy__type_with_nullable(p->a, el, !prim), true);
    }
    if (accept_kw(p, "MAP")) {
        if (!expect(p, "(")) return NULL;
        const Type *k = type_name(p);
        if (!k || !expect(p, ",")) return NULL;
        const Type *v = type_name(p);
        if (!v || !expect(p, ")")) return NULL;
        return eddy__type_map(p->a, k, v, true);
    }
    size_t l = ident_len(p);
    for (size_t i = 0; i < ED_ARRAY_LEN(legacy) && l; i++)
        if (l == strlen(legacy[i].name) && eddy__strn_ieq(p->s + p->pos, l, legacy[i].name) &&
            !(p->pos + l < p->n && p->s[p->pos + l] == '(')) {
            p->pos += l;
            if (eddy__type_parse(p->a, legacy[i].type, strlen(legacy[i].type), NULL, &t, &e2)) {
                eddy__err_clear(&e2);
                return oom(p);
            }
            return t;
        }
    /* a Flink SQL type: up to the ',' or ')' that closes the argument */
    int nest = 0;
    size_t e = p->pos;
    while (e < p->n && !(nest == 0 && (p->s[e] == ')' || p->s[e] == ','))) {
        if (p->s[e] == '(' || p->s[e] == '<') nest++;
        else if (p->s[e] == ')' || p->s[e] == '>') nest--;
        e++;
    }
    if (e == p->pos) return fail_at(p, p->pos, "Data type expected.");
    if (eddy__type_parse_ex(p->a, p->s + p->pos, e - p->pos, NULL, &t, &e2, true)) {
        eddy__err_clear(&e2);
        return fail_at(p, p->pos, "Unknown data type '%.*s'.", (int)(e - p->pos), p->s + p->pos);
    }
    p->pos = e;
    return t;
}

/* ---- literals ------------------------------------------------------------------------------------ */

static AstExpr *number(TP *p) {
    skip_ws(p);
    size_t start = p->pos, i = p->pos;
    while (i < p->n && isdigit((unsigned char)p->s[i])) i++;
    bool frac = false, exp = false;
    if (i + 1 < p->n && p->s[i] == '.' && isdigit((unsigned char)p->s[i + 1])) {
        frac = true;
        i++;
        while (i < p->n && isdigit((unsigned char)p->s[i])) i++;
    }
    if (i == start) return NULL;
    if (i < p->n && (p->s[i] == 'e' || p->s[i] == 'E')) {
        size_t j = i + 1;
        if (j < p->n && (p->s[j] == '+' || p->s[j] == '-')) j++;
        if (j < p->n && isdigit((unsigned char)p->s[j])) {
            exp = true;
            i = j;
            while (i < p->n && isdigit((unsigned char)p->s[i])) i++;
        }
    }
    char *text = eddy__arena_strndup(p->a, p->s + start, i - start);
    if (!text) return oom(p);
    char suffix = i < p->n && !id_part((unsigned char)(i + 1 < p->n ? p->s[i + 1] : ' ')) ? p->s[i] : 0;
    p->pos = i;
    AstExpr *e = node(p, AST_LITERAL, start);
    if (!e) return NULL;
    e->u.lit.text = text;
    if ((suffix == 'L' || suffix == 'l') && !frac && !exp) {
        p->pos++;
        e->u.lit.lit_kind = AST_LIT_INTEGER;
        return cast_to(p, e, eddy__type_basic(TY_BIGINT, false), start);
    }
    if ((suffix == 'p' || suffix == 'P') && !exp) {
        p->pos++;
        e->u.lit.lit_kind = frac ? AST_LIT_DECIMAL : AST_LIT_INTEGER;
        if (!frac) {
            /* BigDecimal of an integer: DECIMAL(digits, 0) */
            int digits = (int)strlen(text);
            return cast_to(p, e, eddy__type_decimal(p->a, digits > 38 ? 38 : digits, 0, false), start);
        }
        return e;
    }
    if (suffix == 'f' || suffix == 'F') {
        p->pos++;
        e->u.lit.lit_kind = AST_LIT_APPROX;
        return cast_to(p, e, eddy__type_basic(TY_FLOAT, false), start);
    }
    if (suffix == 'd' || suffix == 'D') {
        p->pos++;
        e->u.lit.lit_kind = AST_LIT_APPROX;
        return e;
    }
    if (!frac && !exp) {
        /* an integer literal is an INT; Flink refuses larger ones */
        if (strlen(text) > 10 || strtoll(text, NULL, 10) > INT32_MAX)
            return fail_at(p, start, "Invalid number literal %s (use %sL for a BIGINT).", text, text);
        e->u.lit.lit_kind = AST_LIT_INTEGER;
        return e;
    }
    /* 1.5 and 1e3 are DOUBLE in the Table API */
    e->u.lit.lit_kind = AST_LIT_APPROX;
    return e;
}

static AstExpr *string_lit(TP *p) {
    skip_ws(p);
    size_t start = p->pos;
    char q = p->s[p->pos];
    Buf b;
    eddy__buf_init(&b);
    size_t i = p->pos + 1;
    for (;;) {
        if (i >= p->n) {
            eddy__buf_free(&b);
            return fail_at(p, start, "Unterminated string literal.");
        }
        if (p->s[i] == q) {
            if (i + 1 < p->n && p->s[i + 1] == q) {
                eddy__buf_putc(&b, q);
                i += 2;
                continue;
            }
            break;
        }
        eddy__buf_putc(&b, p->s[i++]);
    }
    p->pos = i + 1;
    AstExpr *e = node(p, AST_LITERAL, start);
    char *v = e ? eddy__arena_strndup(p->a, eddy__buf_cstr(&b), b.len) : NULL;
    size_t len = b.len;
    eddy__buf_free(&b);
    if (!e || !v) return oom(p);
    e->u.lit.lit_kind = AST_LIT_STRING;
    e->u.lit.value = v;
    e->u.lit.value_len = len;
    e->u.lit.nfrags = 1;
    return e;
}

/* ---- expressions --------------------------------------------------------------------------------- */

static AstExpr *logic(TP *p);
static AstExpr *composite(TP *p);

static bool enter(TP *p) {
    if (++p->depth > EDDY_SQL_MAX_DEPTH) {
        fail_at(p, p->pos, "Expression nested too deeply.");
        return false;
    }
    return true;
}

/* '(' args ')' after a name: a list of expressions (maybe empty). */
static bool arg_list(TP *p, AstExpr ***out, int *n) {
    PList l = {0};
    if (!accept(p, ")")) {
        do {
            AstExpr *x = logic(p);
            if (!x) return false;
            if (!push(p, &l, x)) return false;
        } while (accept(p, ","));
        if (!expect(p, ")")) return false;
    }
    *out = (AstExpr **)l.items;
    *n = l.len;
    return true;
}

static AstTimeUnit unit_of(const char *w, bool *ym) {
    static const struct {
        const char *name;
        AstTimeUnit u;
    } units[] = {{"YEAR", AST_TU_YEAR},       {"QUARTER", AST_TU_QUARTER}, {"MONTH", AST_TU_MONTH},
                 {"WEEK", AST_TU_WEEK},       {"DAY", AST_TU_DAY},         {"HOUR", AST_TU_HOUR},
                 {"MINUTE", AST_TU_MINUTE},   {"SECOND", AST_TU_SECOND},   {"MILLI", AST_TU_MILLISECOND},
                 {"MILLISECOND", AST_TU_MILLISECOND}};
    size_t l = strlen(w);
    for (size_t i = 0; i < ED_ARRAY_LEN(units); i++) {
        size_t ul = strlen(units[i].name);
        /* 10.minute, 10.minutes, 10.millis */
        if ((l == ul || (l == ul + 1 && (w[ul] == 's' || w[ul] == 'S'))) && eddy__strn_ieq(w, ul, units[i].name)) {
            if (ym) *ym = units[i].u <= AST_TU_MONTH;
            return units[i].u;
        }
    }
    return AST_TU_NONE;
}

/* 10.minutes: an interval of a literal number of units, or of an
 * expression (INTERVAL x MINUTE). Milliseconds become fractional seconds. */
static AstExpr *interval(TP *p, AstExpr *x, AstTimeUnit u, size_t from) {
    AstExpr *e = node(p, AST_INTERVAL, from);
    if (!e) return NULL;
    e->u.interval.sign = 1;
    e->u.interval.precision = -1;
    e->u.interval.frac_precision = -1;
    e->u.interval.plural = true;
    e->u.interval.from = u;
    if (x->kind == AST_LITERAL && x->u.lit.lit_kind == AST_LIT_INTEGER) {
        if (u == AST_TU_MILLISECOND) {
            long long ms = strtoll(x->u.lit.text, NULL, 10);
            e->u.interval.value = eddy__arena_printf(p->a, "%lld.%03lld", ms / 1000, ms % 1000);
            e->u.interval.from = AST_TU_SECOND;
        } else {
            e->u.interval.value = x->u.lit.text;
        }
        /* Flink's Table API intervals may have any number of digits */
        e->u.interval.precision = 10;
        return e->u.interval.value ? e : oom(p);
    }
    e->u.interval.operand = x;
    e->depth = x->depth + 1;
    return e;
}

/* TRIM's flag words. */
static const char *trim_mode(TP *p) {
    if (accept_kw(p, "LEADING")) return "LEADING";
    if (accept_kw(p, "TRAILING")) return "TRAILING";
    if (accept_kw(p, "BOTH")) return "BOTH";
    return NULL;
}

static AstExpr *trim_call(TP *p, const char *mode, AstExpr *chars, AstExpr *x, size_t from) {
    AstExpr *flag = symbol(p, mode ? mode : "BOTH", AST_TU_NONE, from);
    if (!flag) return NULL;
    flag->u.symbol.implicit = mode == NULL;
    AstExpr *args[3] = {flag, chars, x};
    return call(p, "TRIM", AST_SYN_SPECIAL, args, 3, from);
}

static AstTimeUnit unit_arg(TP *p, const char **name) {
    size_t at = (skip_ws(p), p->pos);
    char *w = ident(p);
    bool ym;
    AstTimeUnit u = w ? unit_of(w, &ym) : AST_TU_NONE;
    if (!u) {
        fail_at(p, at, "Time interval unit expected.");
        return AST_TU_NONE;
    }
    *name = eddy__sql_time_unit_name(u);
    return u;
}

/* x.extract(unit), x.floor(unit), x.ceil(unit) (the unit is next, then ')'). */
static AstExpr *unit_call(TP *p, const char *name, AstExpr *x, size_t from) {
    const char *un;
    AstTimeUnit tu = unit_arg(p, &un);
    if (!tu || !expect(p, ")")) return NULL;
    AstExpr *sym = symbol(p, un, tu, from);
    if (!sym) return NULL;
    if (eddy__str_ieq(name, "extract")) {
        AstExpr *args[2] = {sym, x};
        return call(p, "EXTRACT", AST_SYN_SPECIAL, args, 2, from);
    }
    AstExpr *args[2] = {x, sym};
    return call(p, eddy__str_ieq(name, "floor") ? "FLOOR" : "CEIL", AST_SYN_SPECIAL, args, 2, from);
}

/* x.name(args): the methods that take expressions. at: where the name is. */
static AstExpr *apply(TP *p, AstExpr *x, const char *name, AstExpr **args, int nargs, size_t from, size_t at) {
    if (eddy__str_ieq(name, "toDate") || eddy__str_ieq(name, "toTime") || eddy__str_ieq(name, "toTimestamp")) {
        const char *tn = eddy__str_ieq(name, "toDate") ? "DATE" : eddy__str_ieq(name, "toTime") ? "TIME(0)" : "TIMESTAMP(3)";
        const Type *t;
        EdErr e2 = {0};
        if (eddy__type_parse(p->a, tn, strlen(tn), NULL, &t, &e2)) return eddy__err_clear(&e2), oom(p);
        return cast_to(p, x, t, from);
    }
    if (eddy__str_ieq(name, "asc") || eddy__str_ieq(name, "desc") || eddy__str_ieq(name, "distinct") ||
        eddy__str_ieq(name, "flatten")) {
        if (nargs) return fail_at(p, at, "%s takes no arguments.", name);
        if (eddy__str_ieq(name, "distinct")) {
            if (x->kind != AST_CALL || x->u.call.distinct)
                return fail_at(p, at, "distinct can only be applied to an aggregate call.");
            x->u.call.distinct = true;
            return x;
        }
        const char *marker = eddy__str_ieq(name, "asc") ? "#ASC" : eddy__str_ieq(name, "desc") ? "#DESC" : "#FLATTEN";
        return call1(p, marker, AST_SYN_POSTFIX, x, from);
    }
    if (eddy__str_ieq(name, "as")) {
        /* x.as(name, ...) is an alias: kept as a marker the caller lifts */
        if (nargs == 0) return fail_at(p, at, "as(name, ...) expects field names.");
        AstExpr **all = eddy__arena_alloc(p->a, sizeof(AstExpr *) * (size_t)(nargs + 1));
        if (!all) return oom(p);
        all[0] = x;
        for (int i = 0; i < nargs; i++) {
            if (args[i]->kind != AST_IDENT) return fail_at(p, at, "as(name, ...) expects field names.");
            all[i + 1] = args[i];
        }
        return call(p, "#AS", AST_SYN_FUNCTION, all, nargs + 1, from);
    }
    if (eddy__str_ieq(name, "get")) {
        if (nargs != 1 || args[0]->kind != AST_LITERAL || args[0]->u.lit.lit_kind != AST_LIT_STRING)
            return fail_at(p, at, "get(...) expects a field name literal.");
        AstExpr *f = node(p, AST_IDENT, from);
        const char **parts = eddy__arena_alloc(p->a, sizeof(char *));
        if (!f || !parts) return oom(p);
        parts[0] = args[0]->u.lit.value;
        f->u.ident.name.parts = parts;
        f->u.ident.name.nparts = 1;
        AstExpr *dargs[2] = {x, f};
        return call(p, "DOT", AST_SYN_DOT, dargs, 2, from);
    }
    if (eddy__str_ieq(name, "log")) {
        /* x.log(base) is LOG(base, x) */
        if (nargs == 1) {
            AstExpr *largs[2] = {args[0], x};
            return call(p, "LOG", AST_SYN_FUNCTION, largs, 2, from);
        }
    }
    if (eddy__str_ieq(name, "?") || eddy__str_ieq(name, "if")) name = "ifThenElse";
    AstExpr **all = eddy__arena_alloc(p->a, sizeof(AstExpr *) * (size_t)(nargs + 1));
    if (!all) return oom(p);
    all[0] = x;
    for (int i = 0; i < nargs; i++) all[i + 1] = args[i];
    const char *sql = sql_name(p, name);
    if (!sql) return NULL;
    /* the forms SQL writes with their own syntax */
    if (!strcmp(sql, "LIKE") || !strcmp(sql, "SIMILAR")) {
        if (nargs != 1) return fail_at(p, at, "%s expects one pattern.", name);
        AstExpr *e = node(p, AST_LIKE, from);
        if (!e) return NULL;
        e->u.like.operand = x;
        e->u.like.pattern = args[0];
        e->u.like.similar = !strcmp(sql, "SIMILAR");
        return e;
    }
    if (!strcmp(sql, "BETWEEN") || !strcmp(sql, "NOT_BETWEEN")) {
        if (nargs != 2) return fail_at(p, at, "%s expects two bounds.", name);
        AstExpr *e = node(p, AST_BETWEEN, from);
        if (!e) return NULL;
        e->u.between.operand = x;
        e->u.between.low = args[0];
        e->u.between.high = args[1];
        e->u.between.negated = sql[0] == 'N';
        return e;
    }
    if (!strcmp(sql, "IN")) {
        AstExpr *e = node(p, AST_IN, from);
        if (!e) return NULL;
        e->u.in.operand = x;
        e->u.in.list = args;
        e->u.in.nlist = nargs;
        return e;
    }
    if (!strcmp(sql, "POSITION")) {
        /* needle.position(haystack) */
        return call(p, "POSITION", AST_SYN_SPECIAL, all, nargs + 1, from);
    }
    bool postfix = !strncmp(sql, "IS ", 3);
    return call(p, sql, postfix ? AST_SYN_POSTFIX : AST_SYN_FUNCTION, all, nargs + 1, from);
}


/* A method applied to x: x.name or x.name(args). */
static AstExpr *method(TP *p, AstExpr *x, size_t from) {
    size_t at = (skip_ws(p), p->pos);
    const char *name = accept(p, "?") ? "?" : ident(p);
    if (!name) return p->failed ? NULL : fail_at(p, at, "Method name expected.");
    bool paren = accept(p, "(");
    bool ym = false;
    AstTimeUnit u;
    if (!paren && (u = unit_of(name, &ym)) != AST_TU_NONE) return interval(p, x, u, from);
    if (eddy__str_ieq(name, "rows") && !paren) return call1(p, "#ROWS", AST_SYN_FUNCTION, x, from);
    if (eddy__str_ieq(name, "cast") && paren) {
        const Type *t = type_name(p);
        if (!t || !expect(p, ")")) return NULL;
        return cast_to(p, x, t, from);
    }
    if (eddy__str_ieq(name, "trim")) {
        if (!paren || accept(p, ")")) return trim_call(p, NULL, NULL, x, from);
        const char *mode = trim_mode(p);
        if (!mode) return fail_at(p, p->pos, "LEADING, TRAILING or BOTH expected.");
        if (!expect(p, ",")) return NULL;
        AstExpr *chars = logic(p);
        if (!chars || !expect(p, ")")) return NULL;
        return trim_call(p, mode, chars, x, from);
    }
    if (p->failed) return NULL;
    if ((eddy__str_ieq(name, "extract") || eddy__str_ieq(name, "floor") || eddy__str_ieq(name, "ceil")) && paren &&
        !peek(p, ")"))
        return unit_call(p, name, x, from);
    AstExpr **args = NULL;
    int nargs = 0;
    if (paren && !arg_list(p, &args, &nargs)) return NULL;
    return apply(p, x, name, args, nargs, from, at);
}

/* A function written in front: name(args), with the special forms. */
static AstExpr *prefix_call(TP *p, const char *name, size_t from) {
    if (eddy__str_ieq(name, "cast")) {
        AstExpr *x = logic(p);
        if (!x || !expect(p, ",")) return NULL;
        const Type *t = type_name(p);
        if (!t || !expect(p, ")")) return NULL;
        return cast_to(p, x, t, from);
    }
    if (eddy__str_ieq(name, "Null") || eddy__str_ieq(name, "nullOf")) {
        const Type *t = type_name(p);
        if (!t || !expect(p, ")")) return NULL;
        AstExpr *n = node(p, AST_LITERAL, from);
        if (!n) return NULL;
        n->u.lit.lit_kind = AST_LIT_NULL;
        return cast_to(p, n, eddy__type_with_nullable(p->a, t, true), from);
    }
    if (eddy__str_ieq(name, "trim")) {
        const char *mode = trim_mode(p);
        if (mode) {
            if (!expect(p, ",")) return NULL;
            AstExpr *chars = logic(p);
            if (!chars || !expect(p, ",")) return NULL;
            AstExpr *x = logic(p);
            if (!x || !expect(p, ")")) return NULL;
            return trim_call(p, mode, chars, x, from);
        }
        AstExpr *x = logic(p);
        if (!x || !expect(p, ")")) return NULL;
        return trim_call(p, NULL, NULL, x, from);
    }
    if (eddy__str_ieq(name, "timestampDiff")) {
        const char *un;
        AstTimeUnit tu = unit_arg(p, &un);
        if (!tu || !expect(p, ",")) return NULL;
        AstExpr *a1 = logic(p);
        if (!a1 || !expect(p, ",")) return NULL;
        AstExpr *a2 = logic(p);
        if (!a2 || !expect(p, ")")) return NULL;
        AstExpr *sym = symbol(p, un, tu, from);
        AstExpr *args[3] = {sym, a1, a2};
        return sym ? call(p, "TIMESTAMPDIFF", AST_SYN_SPECIAL, args, 3, from) : NULL;
    }
    if (eddy__str_ieq(name, "extract") || eddy__str_ieq(name, "floor") || eddy__str_ieq(name, "ceil")) {
        /* extract(x, unit), floor(x, unit); floor(x) is the numeric function */
        AstExpr *x = logic(p);
        if (!x) return NULL;
        if (!eddy__str_ieq(name, "extract") && accept(p, ")"))
            return call1(p, eddy__str_ieq(name, "floor") ? "FLOOR" : "CEIL", AST_SYN_FUNCTION, x, from);
        if (!expect(p, ",")) return NULL;
        return unit_call(p, name, x, from);
    }
    if (eddy__str_ieq(name, "get") || eddy__str_ieq(name, "as") || eddy__str_ieq(name, "toDate") ||
        eddy__str_ieq(name, "toTime") || eddy__str_ieq(name, "toTimestamp") || eddy__str_ieq(name, "flatten")) {
        /* f(x, args...) is x.f(args...) */
        AstExpr **args = NULL;
        int nargs = 0;
        if (!arg_list(p, &args, &nargs)) return NULL;
        if (nargs < 1) return fail_at(p, from, "%s(...) expects an expression.", name);
        return apply(p, args[0], name, args + 1, nargs - 1, from, from);
    }
    /* name.distinct(args): a distinct aggregate */
    AstExpr **args = NULL;
    int nargs = 0;
    if (!arg_list(p, &args, &nargs)) return NULL;
    if (eddy__str_ieq(name, "?") || eddy__str_ieq(name, "if")) name = "ifThenElse";
    const char *sql = sql_name(p, name);
    if (!sql) return NULL;
    /* like(a, 'x%'), between(a, 1, 2), in(a, 1, 2): the method forms */
    if (nargs >= 1 && (!strcmp(sql, "LIKE") || !strcmp(sql, "SIMILAR") || !strcmp(sql, "BETWEEN") ||
                       !strcmp(sql, "NOT_BETWEEN") || !strcmp(sql, "IN")))
        return apply(p, args[0], name, args + 1, nargs - 1, from, from);
    bool postfix = !strncmp(sql, "IS ", 3);
    /* other names stay as written (a user function's, as registered); the
     * binder also tries the SQL form of camelCase ones (charLength) */
    bool renamed = false;
    for (size_t i = 0; !renamed && i < ED_ARRAY_LEN(renames); i++) renamed = eddy__str_ieq(name, renames[i].method);
    return call(p, renamed || postfix ? sql : name, postfix ? AST_SYN_POSTFIX : AST_SYN_FUNCTION, args, nargs, from);
}

static AstExpr *primary(TP *p) {
    skip_ws(p);
    size_t start = p->pos;
    if (p->pos >= p->n) return fail_at(p, p->pos, "Invalid expression: end of expression found.");
    char c = p->s[p->pos];
    if (c == '(') {
        p->pos++;
        AstExpr *x = logic(p);
        if (!x || !expect(p, ")")) return NULL;
        return x;
    }
    if (c == '\'' || c == '"') return string_lit(p);
    if (isdigit((unsigned char)c) || (c == '.' && p->pos + 1 < p->n && isdigit((unsigned char)p->s[p->pos + 1])))
        return number(p);
    if (c == '*') {
        p->pos++;
        return node(p, AST_STAR, start);
    }
    if (c == '?' && peek(p, "?(")) {
        accept(p, "?(");
        return prefix_call(p, "?", start);
    }
    char *name = ident(p);
    if (!name) return p->failed ? NULL : fail_at(p, start, "Invalid expression: unexpected '%c'.", c);
    if (eddy__str_ieq(name, "true") || eddy__str_ieq(name, "false")) {
        AstExpr *e = node(p, AST_LITERAL, start);
        if (e) e->u.lit.lit_kind = eddy__str_ieq(name, "true") ? AST_LIT_TRUE : AST_LIT_FALSE;
        return e;
    }
    static const char *constants[] = {"current_row", "current_range", "unbounded_row", "unbounded_range"};
    for (size_t i = 0; i < ED_ARRAY_LEN(constants); i++)
        if (eddy__str_ieq(name, constants[i])) {
            char *up = eddy__arena_printf(p->a, "#%s", constants[i]);
            if (!up) return oom(p);
            for (char *q = up; *q; q++) *q = (char)toupper((unsigned char)*q);
            return call(p, up, AST_SYN_NILADIC, NULL, 0, start);
        }
    if (accept(p, "(")) return prefix_call(p, name, start);
    /* name.distinct(...) is a prefix distinct call */
    if (peek(p, ".")) {
        size_t save = p->pos;
        accept(p, ".");
        if (accept_kw(p, "distinct") && accept(p, "(")) {
            AstExpr *x = prefix_call(p, name, start);
            if (!x) return NULL;
            if (x->kind != AST_CALL) return fail_at(p, start, "distinct can only be applied to an aggregate call.");
            x->u.call.distinct = true;
            return x;
        }
        p->pos = save;
    }
    AstExpr *e = node(p, AST_IDENT, start);
    const char **parts = eddy__arena_alloc(p->a, sizeof(char *));
    bool *quoted = eddy__arena_alloc(p->a, sizeof(bool));
    if (!e || !parts || !quoted) return oom(p);
    parts[0] = name;
    e->u.ident.name.parts = parts;
    e->u.ident.name.quoted = quoted;
    e->u.ident.name.nparts = 1;
    e->u.ident.name.pos = e->pos;
    return e;
}

static AstExpr *composite(TP *p) {
    if (!enter(p)) return NULL;
    skip_ws(p);
    size_t start = p->pos;
    AstExpr *x = primary(p);
    while (x) {
        if (peek(p, ".") && !peek(p, "..")) {
            accept(p, ".");
            x = method(p, x, start);
        } else if (peek_kw(p, "over")) {
            accept_kw(p, "over");
            size_t at = (skip_ws(p), p->pos);
            char *w = ident(p);
            if (!w) {
                x = p->failed ? NULL : fail_at(p, at, "Window alias expected after over.");
                break;
            }
            if (x->kind != AST_CALL) {
                x = fail_at(p, at, "over can only follow an aggregate call.");
                break;
            }
            AstIdent *id = eddy__arena_alloc(p->a, sizeof *id);
            if (!id) return oom(p);
            id->name = w;
            id->pos = span(at, p->pos);
            x->u.call.over_name = id;
        } else {
            break;
        }
    }
    p->depth--;
    return x;
}

static AstExpr *unary(TP *p) {
    if (!enter(p)) return NULL;
    skip_ws(p);
    size_t start = p->pos;
    AstExpr *x;
    if (peek(p, "!") && !peek(p, "!=")) {
        accept(p, "!");
        x = unary(p);
        if (x) x = call1(p, "NOT", AST_SYN_PREFIX, x, start);
    } else if (accept(p, "-")) {
        x = unary(p);
        if (x) x = call1(p, "MINUS_PREFIX", AST_SYN_PREFIX, x, start);
    } else if (accept(p, "+")) {
        x = unary(p);
    } else {
        x = composite(p);
    }
    p->depth--;
    return x;
}

static AstExpr *binary_loop(TP *p, AstExpr *(*next)(TP *), const char *const *ops, const char *const *names, int nops) {
    size_t start = (skip_ws(p), p->pos);
    AstExpr *x = next(p);
    while (x) {
        int k = -1;
        for (int i = 0; i < nops && k < 0; i++)
            if (accept(p, ops[i])) k = i;
        if (k < 0) break;
        AstExpr *y = next(p);
        if (!y) return NULL;
        AstExpr *args[2] = {x, y};
        x = call(p, names[k], AST_SYN_BINARY, args, 2, start);
    }
    return x;
}

static AstExpr *product(TP *p) {
    static const char *ops[] = {"*", "/", "%"};
    static const char *names[] = {"*", "/", "%"};
    return binary_loop(p, unary, ops, names, 3);
}

static AstExpr *term(TP *p) {
    static const char *ops[] = {"+", "-"};
    static const char *names[] = {"+", "-"};
    return binary_loop(p, product, ops, names, 2);
}

static AstExpr *comparison(TP *p) {
    /* longest operators first */
    static const char *ops[] = {"===", "!==", "==", "!=", "<>", ">=", "<=", "=", ">", "<"};
    static const char *names[] = {"=", "<>", "=", "<>", "<>", ">=", "<=", "=", ">", "<"};
    size_t start = (skip_ws(p), p->pos);
    AstExpr *x = term(p);
    if (!x) return NULL;
    for (int i = 0; i < 10; i++) {
        if (peek(p, "&&") || peek(p, "||")) break;
        if (accept(p, ops[i])) {
            AstExpr *y = term(p);
            if (!y) return NULL;
            AstExpr *args[2] = {x, y};
            return call(p, names[i], AST_SYN_BINARY, args, 2, start);
        }
    }
    return x;
}

static AstExpr *logic(TP *p) {
    static const char *ops[] = {"&&", "||"};
    static const char *names[] = {"AND", "OR"};
    if (!enter(p)) return NULL;
    AstExpr *x = binary_loop(p, comparison, ops, names, 2);
    p->depth--;
    return x;
}

/* One item: an expression with an optional alias (as x / as (x, y)) and
 * ordering (.asc / .desc) lifted out of it. */
static bool item(TP *p, AstTableItem *it) {
    skip_ws(p);
    size_t start = p->pos;
    AstExpr *x = logic(p);
    if (!x) return false;
    PList names = {0};
    if (accept_kw(p, "as")) {
        bool paren = accept(p, "(");
        do {
            AstIdent *id = eddy__arena_alloc(p->a, sizeof *id);
            size_t at = (skip_ws(p), p->pos);
            if (!id) return oom(p);
            if (!(id->name = ident(p))) {
                if (!p->failed) fail_at(p, at, "Field name expected after as.");
                return false;
            }
            id->pos = span(at, p->pos);
            if (!push(p, &names, id)) return false;
        } while (paren && accept(p, ","));
        if (paren && !expect(p, ")")) return false;
    }
    /* x.as(a, b) written as a method */
    if (!names.len && x->kind == AST_CALL && !strcmp(x->u.call.name, "#AS")) {
        int n = x->u.call.nargs - 1;
        AstIdent **ids = eddy__arena_alloc(p->a, sizeof(AstIdent *) * (size_t)(n + 1));
        if (!ids) return oom(p);
        for (int i = 0; i < n; i++) {
            const AstExpr *f = x->u.call.args[i + 1];
            if (!(ids[i] = eddy__arena_alloc(p->a, sizeof(AstIdent)))) return oom(p);
            ids[i]->name = f->u.ident.name.parts[0];
            ids[i]->pos = f->pos;
        }
        names.items = (void **)ids;
        names.len = n;
        x = x->u.call.args[0];
    }
    /* ordering */
    while (x->kind == AST_CALL && (!strcmp(x->u.call.name, "#ASC") || !strcmp(x->u.call.name, "#DESC"))) {
        it->order = !strcmp(x->u.call.name, "#DESC") ? 2 : 1;
        x = x->u.call.args[0];
    }
    it->expr = x;
    it->aliases = (AstIdent **)names.items;
    it->naliases = names.len;
    it->pos = span(start, p->pos);
    return true;
}

eddy_status eddy__sql_parse_table_exprs(Arena *a, const char *s, size_t n, AstTableItem ***out, int *nout,
                                        EdErr *err) {
    TP p = {.a = a, .s = s, .n = n, .err = err};
    *out = NULL;
    *nout = 0;
    PList l = {0};
    skip_ws(&p);
    if (p.pos >= p.n) {
        fail_at(&p, p.pos, "Invalid expression: end of expression found.");
        return err->code;
    }
    do {
        AstTableItem *it = eddy__arena_alloc(a, sizeof *it);
        if (!it) {
            oom(&p);
            break;
        }
        if (!item(&p, it)) break;
        if (!push(&p, &l, it)) break;
    } while (accept(&p, ","));
    if (!p.failed) {
        skip_ws(&p);
        if (p.pos < p.n) fail_at(&p, p.pos, "End of expression expected but '%c' found.", p.s[p.pos]);
    }
    if (p.failed) return err->code ? err->code : EDDY_E_PARSE;
    *out = (AstTableItem **)l.items;
    *nout = l.len;
    return EDDY_OK;
}
