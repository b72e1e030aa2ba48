/*
 * lexer.c -- turns SQL text into tokens following Calcite's lexical rules in
 * the back-quoted-identifier state Flink uses (see lexer.h). Positions follow
 * JavaCC's SimpleCharStream: a column counts UTF-16 code units, a tab is one
 * column (Calcite sets tab size 1), and "\r", "\n" and "\r\n" each end a line.
 * Where JavaCC falls back to the longest complete token (an unterminated
 * 'string' lexes as a lone quote token), so does this lexer; where JavaCC
 * raises a lexical error (unterminated comment or back-quoted identifier, a
 * character no token starts with), the token array ends with TK_ERROR and
 * JavaCC's exact message.
 */
#include "sql/lexer.h"

#include <stdio.h>

/* ---- keyword tables ------------------------------------------------------ */

static const char *const kw_names[] = {
    "",
#define EDDY__KW_NAME(k) #k,
    EDDY_SQL_KEYWORDS(EDDY__KW_NAME, EDDY__KW_NAME)
#undef EDDY__KW_NAME
};

static const bool kw_flink[] = {
    false,
#define EDDY__KW_NO(k) false,
#define EDDY__KW_YES(k) true,
    EDDY_SQL_KEYWORDS(EDDY__KW_NO, EDDY__KW_YES)
#undef EDDY__KW_NO
#undef EDDY__KW_YES
};

/* Reserved words: Calcite's keywords plus Flink's added keywords, minus the
 * non-reserved list of Flink's Parser.tdd (nonReservedKeywords and
 * nonReservedKeywordsToAdd). Sorted for bisection. */
static const char *const reserved_words[] = {
    "ABS", "ALL", "ALLOCATE", "ALLOW", "ALTER", "AND", "ANY", "ARE", "ARRAY", "ARRAY_CONCAT_AGG",
    "ARRAY_MAX_CARDINALITY", "AS", "ASENSITIVE", "ASYMMETRIC", "AT", "ATOMIC", "AUTHORIZATION", "AVG", "BEGIN",
    "BEGIN_FRAME", "BEGIN_PARTITION", "BETWEEN", "BIGINT", "BINARY", "BIT", "BLOB", "BOOLEAN", "BOTH", "BY", "BYTES",
    "CALL", "CALLED", "CARDINALITY", "CASCADED", "CASE", "CAST", "CATALOGS", "CEIL", "CEILING", "CHAR", "CHARACTER",
    "CHARACTER_LENGTH", "CHAR_LENGTH", "CHECK", "CLASSIFIER", "CLOB", "CLOSE", "COALESCE", "COLLATE", "COLLECT",
    "COLUMN", "COMMENT", "COMMIT", "CONDITION", "CONNECT", "CONSTRAINT", "CONTAINS", "CONVERT", "CORR",
    "CORRESPONDING", "COUNT", "COVAR_POP", "COVAR_SAMP", "CREATE", "CROSS", "CUBE", "CUME_DIST", "CURRENT",
    "CURRENT_CATALOG", "CURRENT_DATE", "CURRENT_DEFAULT_TRANSFORM_GROUP", "CURRENT_PATH", "CURRENT_ROLE",
    "CURRENT_ROW", "CURRENT_SCHEMA", "CURRENT_TIME", "CURRENT_TIMESTAMP", "CURRENT_TRANSFORM_GROUP_FOR_TYPE",
    "CURRENT_USER", "CURSOR", "CYCLE", "DATABASES", "DATE", "DAY", "DEALLOCATE", "DEC", "DECIMAL", "DECLARE",
    "DEFAULT", "DEFINE", "DELETE", "DENSE_RANK", "DEREF", "DESCRIBE", "DETERMINISTIC", "DISALLOW", "DISCONNECT",
    "DISTINCT", "DOT", "DOUBLE", "DROP", "DYNAMIC", "EACH", "ELEMENT", "ELSE", "EMPTY", "END", "END_FRAME",
    "END_PARTITION", "EQUALS", "ESCAPE", "EVERY", "EXCEPT", "EXEC", "EXECUTE", "EXISTS", "EXP", "EXPLAIN", "EXTEND",
    "EXTENDED", "EXTERNAL", "EXTRACT", "FALSE", "FETCH", "FILTER", "FIRST_VALUE", "FLOAT", "FLOOR", "FOR", "FOREIGN",
    "FRAME_ROW", "FREE", "FROM", "FULL", "FUNCTION", "FUNCTIONS", "FUSION", "GET", "GLOBAL", "GRANT", "GROUP",
    "GROUPING", "GROUPS", "HAVING", "HOLD", "HOUR", "IDENTITY", "ILIKE", "IMPORT", "IN", "INCLUDE", "INDICATOR",
    "INITIAL", "INNER", "INOUT", "INSENSITIVE", "INSERT", "INT", "INTEGER", "INTERSECT", "INTERSECTION", "INTERVAL",
    "INTO", "IS", "JOIN", "JSON_ARRAY", "JSON_ARRAYAGG", "JSON_EXISTS", "JSON_OBJECT", "JSON_OBJECTAGG",
    "JSON_QUERY", "JSON_VALUE", "LAG", "LANGUAGE", "LARGE", "LAST_VALUE", "LATERAL", "LEAD", "LEADING", "LEFT",
    "LIKE", "LIKE_REGEX", "LIMIT", "LN", "LOCAL", "LOCALTIME", "LOCALTIMESTAMP", "LOWER", "MATCH", "MATCHES",
    "MATCH_NUMBER", "MATCH_RECOGNIZE", "MAX", "MEASURES", "MEMBER", "MERGE", "MERGE_INTO", "METHOD", "MIN", "MINUS",
    "MINUTE", "MOD", "MODIFIES", "MODIFY", "MODULE", "MODULES", "MONTH", "MULTISET", "NATIONAL", "NATURAL", "NCHAR",
    "NCLOB", "NEW", "NEXT", "NO", "NONE", "NORMALIZE", "NOT", "NTH_VALUE", "NTILE", "NULL", "NULLIF", "NUMERIC",
    "OCCURRENCES_REGEX", "OCTET_LENGTH", "OF", "OFFSET", "OLD", "OMIT", "ON", "ONE", "ONLY", "OPEN", "OR", "ORDER",
    "OUT", "OUTER", "OVER", "OVERLAPS", "OVERLAY", "PARAMETER", "PARTITION", "PATTERN", "PER", "PERCENT",
    "PERCENTILE_CONT", "PERCENTILE_DISC", "PERCENT_RANK", "PERIOD", "PERMUTE", "PIVOT", "PORTION", "POSITION",
    "POSITION_REGEX", "POWER", "PRECEDES", "PRECISION", "PREPARE", "PREV", "PRIMARY", "PROCEDURE", "PROCEDURES",
    "RANGE", "RANK", "RAW", "READS", "REAL", "RECURSIVE", "REF", "REFERENCES", "REFERENCING", "REGR_AVGX",
    "REGR_AVGY", "REGR_COUNT", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXX", "REGR_SXY", "REGR_SYY",
    "RELEASE", "RENAME", "RESET", "RESULT", "RETURN", "RETURNS", "REVOKE", "RIGHT", "RLIKE", "ROLLBACK", "ROLLUP",
    "ROW", "ROWS", "ROW_NUMBER", "RUNNING", "SAVEPOINT", "SCALA", "SCOPE", "SCROLL", "SEARCH", "SECOND", "SEEK",
    "SELECT", "SENSITIVE", "SEPARATOR", "SESSION_USER", "SET", "SHOW", "SIMILAR", "SKIP", "SMALLINT", "SOME",
    "SPECIFIC", "SPECIFICTYPE", "SQL", "SQLEXCEPTION", "SQLSTATE", "SQLWARNING", "SQRT", "START", "STATEMENT",
    "STATIC", "STDDEV_POP", "STDDEV_SAMP", "STREAM", "STRING", "STRING_AGG", "SUBMULTISET", "SUBSET", "SUBSTRING",
    "SUBSTRING_REGEX", "SUCCEEDS", "SUM", "SYMMETRIC", "SYSTEM", "SYSTEM_TIME", "SYSTEM_USER", "TABLE", "TABLES",
    "TABLESAMPLE", "THEN", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ", "TIMEZONE_HOUR", "TIMEZONE_MINUTE", "TINYINT", "TO",
    "TRAILING", "TRANSLATE", "TRANSLATE_REGEX", "TRANSLATION", "TREAT", "TRIGGER", "TRIM", "TRIM_ARRAY", "TRUE",
    "TRUNCATE", "UESCAPE", "UNION", "UNIQUE", "UNKNOWN", "UNNEST", "UNPIVOT", "UPDATE", "UPPER", "UPSERT", "USE",
    "USER", "USING", "VALUE", "VALUES", "VALUE_OF", "VARBINARY", "VARCHAR", "VARYING", "VAR_POP", "VAR_SAMP",
    "VERSIONING", "VIEWS", "WATERMARK", "WATERMARKS", "WHEN", "WHENEVER", "WHERE", "WINDOW", "WITH", "WITHIN",
    "WITHOUT", "YEAR",
};

const char *eddy__lex_kw_name(SqlKw kw) {
    if ((int)kw <= 0 || kw >= KW__COUNT) return "";
    return kw_names[kw];
}

bool eddy__lex_kw_is_flink(SqlKw kw) { return kw > 0 && kw < KW__COUNT && kw_flink[kw]; }

/* Upper-cases s[0..n) into buf (capacity cap); false when too long or not
 * plain ASCII letters/digits/underscore (no keyword can match then). */
static bool upper_word(const char *s, size_t n, char *buf, size_t cap) {
    if (n == 0 || n >= cap) return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        else if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
        buf[i] = c;
    }
    buf[n] = 0;
    return true;
}

static int find_word(const char *const *tab, int lo, int hi, const char *w) {
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(tab[mid], w);
        if (c == 0) return mid;
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

SqlKw eddy__lex_keyword(const char *s, size_t n) {
    char buf[48];
    if (!upper_word(s, n, buf, sizeof buf)) return KW_NONE;
    int i = find_word(kw_names, 1, KW__COUNT - 1, buf);
    return i < 0 ? KW_NONE : (SqlKw)i;
}

bool eddy__lex_is_reserved(const char *s, size_t n) {
    char buf[48];
    if (!upper_word(s, n, buf, sizeof buf)) return false;
    return find_word(reserved_words, 0, (int)ED_ARRAY_LEN(reserved_words) - 1, buf) >= 0;
}

bool eddy__lex_keywords_sorted(void) {
    for (int i = 2; i < KW__COUNT; i++)
        if (strcmp(kw_names[i - 1], kw_names[i]) >= 0) return false;
    for (size_t i = 1; i < ED_ARRAY_LEN(reserved_words); i++)
        if (strcmp(reserved_words[i - 1], reserved_words[i]) >= 0) return false;
    return true;
}

const char *eddy__lex_kind_image(TokKind k) {
    switch (k) {
    case TK_EOF: return "<EOF>";
    case TK_ERROR: return "<ERROR>";
    case TK_IDENT: return "<IDENTIFIER>";
    case TK_UNSIGNED_INT: return "<UNSIGNED_INTEGER_LITERAL>";
    case TK_APPROX: return "<APPROX_NUMERIC_LITERAL>";
    case TK_DECIMAL: return "<DECIMAL_NUMERIC_LITERAL>";
    case TK_BINARY_STRING: return "<BINARY_STRING_LITERAL>";
    case TK_STRING: return "<QUOTED_STRING>";
    case TK_PREFIXED_STRING: return "<PREFIXED_STRING_LITERAL>";
    case TK_UNICODE_STRING: return "<UNICODE_STRING_LITERAL>";
    case TK_LPAREN: return "\"(\"";
    case TK_RPAREN: return "\")\"";
    case TK_LBRACE: return "\"{\"";
    case TK_RBRACE: return "\"}\"";
    case TK_LBRACKET: return "\"[\"";
    case TK_RBRACKET: return "\"]\"";
    case TK_SEMICOLON: return "\";\"";
    case TK_DOT: return "\".\"";
    case TK_COMMA: return "\",\"";
    case TK_EQ: return "\"=\"";
    case TK_GT: return "\">\"";
    case TK_LT: return "\"<\"";
    case TK_HOOK: return "\"?\"";
    case TK_COLON: return "\":\"";
    case TK_LE: return "\"<=\"";
    case TK_GE: return "\">=\"";
    case TK_NE: return "\"<>\"";
    case TK_NE2: return "\"!=\"";
    case TK_NULLEQ: return "\"<=>\"";
    case TK_PLUS: return "\"+\"";
    case TK_MINUS: return "\"-\"";
    case TK_STAR: return "\"*\"";
    case TK_SLASH: return "\"/\"";
    case TK_PERCENT: return "\"%\"";
    case TK_CONCAT: return "\"||\"";
    case TK_ARROW: return "\"=>\"";
    case TK_DOUBLE_PERIOD: return "\"..\"";
    case TK_QUOTE: return "\"\\'\"";
    case TK_DQUOTE: return "\"\\\"\"";
    case TK_VBAR: return "\"|\"";
    case TK_CARET: return "\"^\"";
    case TK_DOLLAR: return "\"$\"";
    case TK_HINT_BEG: return "\"/*+\"";
    case TK_COMMENT_END: return "\"*/\"";
    case TK_QIDENT: return "<BACK_QUOTED_IDENTIFIER>";
    case TK_PARAM: return "<PARAM_IDENTIFIER>";
    case TK__COUNT: break;
    }
    return "<?>";
}

/* ---- UTF-8 -------------------------------------------------------------- */

/* Decodes the code point at s[i] (i < n); *len receives its byte length
 * (1 for an invalid byte, which decodes as U+FFFD). */
static uint32_t utf8_at(const char *s, size_t n, size_t i, int *len) {
    const unsigned char *u = (const unsigned char *)s;
    unsigned char c = u[i];
    if (c < 0x80) {
        *len = 1;
        return c;
    }
    int need;
    uint32_t cp;
    if ((c & 0xE0) == 0xC0) need = 1, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0) need = 2, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0) need = 3, cp = c & 0x07;
    else {
        *len = 1;
        return 0xFFFD;
    }
    if (i + (size_t)need >= n) {
        *len = 1;
        return 0xFFFD;
    }
    for (int k = 1; k <= need; k++) {
        unsigned char cc = u[i + (size_t)k];
        if ((cc & 0xC0) != 0x80) {
            *len = 1;
            return 0xFFFD;
        }
        cp = (cp << 6) | (cc & 0x3F);
    }
    *len = need + 1;
    return cp;
}

void eddy__lex_escape(Buf *b, const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        int len;
        uint32_t c = utf8_at(s, n, i, &len);
        i += (size_t)len;
        switch (c) {
        case 0: continue; /* JavaCC's addEscapes drops a NUL */
        case '\b': eddy__buf_puts(b, "\\b"); continue;
        case '\t': eddy__buf_puts(b, "\\t"); continue;
        case '\n': eddy__buf_puts(b, "\\n"); continue;
        case '\f': eddy__buf_puts(b, "\\f"); continue;
        case '\r': eddy__buf_puts(b, "\\r"); continue;
        case '"': eddy__buf_puts(b, "\\\""); continue;
        case '\'': eddy__buf_puts(b, "\\'"); continue;
        case '\\': eddy__buf_puts(b, "\\\\"); continue;
        default: break;
        }
        if (c >= 0x20 && c <= 0x7e) {
            eddy__buf_putc(b, (char)c);
        } else if (c >= 0x10000) {
            uint32_t v = c - 0x10000;
            eddy__buf_printf(b, "\\u%04x\\u%04x", (unsigned)(0xD800 + (v >> 10)), (unsigned)(0xDC00 + (v & 0x3FF)));
        } else {
            eddy__buf_printf(b, "\\u%04x", (unsigned)c);
        }
    }
}

/* Calcite's LETTER and DIGIT character classes. */
static bool is_letter(uint32_t c) {
    return c == '$' || (c >= 'A' && c <= 'Z') || c == '_' || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0xD6) ||
           (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0xFF) || (c >= 0x100 && c <= 0x1FFF) ||
           (c >= 0x3040 && c <= 0x318F) || (c >= 0x3300 && c <= 0x337F) || (c >= 0x3400 && c <= 0x3D2D) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF);
}

static bool is_digit(uint32_t c) {
    static const uint32_t r[][2] = {{0x30, 0x39},     {0x660, 0x669},   {0x6F0, 0x6F9},   {0x966, 0x96F},
                                    {0x9E6, 0x9EF},   {0xA66, 0xA6F},   {0xAE6, 0xAEF},   {0xB66, 0xB6F},
                                    {0xBE7, 0xBEF},   {0xC66, 0xC6F},   {0xCE6, 0xCEF},   {0xD66, 0xD6F},
                                    {0xE50, 0xE59},   {0xED0, 0xED9},   {0x1040, 0x1049}};
    for (size_t i = 0; i < ED_ARRAY_LEN(r); i++)
        if (c >= r[i][0] && c <= r[i][1]) return true;
    return false;
}

static bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

/* ---- the scanner ---------------------------------------------------------- */

typedef struct Lx {
    Arena *a;
    const char *s;
    size_t n;
    size_t pos;      /* next byte to read */
    int line, col;   /* position of the last character read (JavaCC) */
    bool prev_lf, prev_cr;
    uint32_t last;   /* last character read */
    bool any;        /* any character read yet */
    Token *toks;
    int ntoks, cap;
    bool oom;
    const char *err_msg;
} Lx;

/* Reads one character, updating line/column as SimpleCharStream does. */
static void lx_take(Lx *L) {
    int len;
    uint32_t c = utf8_at(L->s, L->n, L->pos, &len);
    L->pos += (size_t)len;
    L->col++;
    if (L->prev_lf) {
        L->prev_lf = false;
        L->line++;
        L->col = 1;
    } else if (L->prev_cr) {
        L->prev_cr = false;
        if (c == '\n') {
            L->prev_lf = true;
        } else {
            L->line++;
            L->col = 1;
        }
    }
    if (c == '\r') L->prev_cr = true;
    else if (c == '\n') L->prev_lf = true;
    if (c >= 0x10000) L->col++; /* a surrogate pair is two Java chars */
    L->last = c;
    L->any = true;
}

static void lx_take_to(Lx *L, size_t end) {
    while (L->pos < end && L->pos < L->n) lx_take(L);
}

static Token *lx_push(Lx *L) {
    if (L->ntoks == L->cap) {
        int ncap = L->cap ? L->cap * 2 : 64;
        Token *nt = eddy__arena_alloc(L->a, sizeof(Token) * (size_t)ncap);
        if (!nt) {
            L->oom = true;
            return NULL;
        }
        if (L->ntoks) memcpy(nt, L->toks, sizeof(Token) * (size_t)L->ntoks);
        L->toks = nt;
        L->cap = ncap;
    }
    Token *t = &L->toks[L->ntoks++];
    memset(t, 0, sizeof *t);
    return t;
}

/* Emits a token for src[start..end): takes its characters. */
static Token *lx_emit(Lx *L, TokKind kind, size_t start, size_t end) {
    Token *t = lx_push(L);
    if (!t) return NULL;
    t->kind = (uint16_t)kind;
    t->start = (uint32_t)start;
    t->end = (uint32_t)end;
    lx_take(L);
    t->line = L->line;
    t->col = L->col;
    lx_take_to(L, end);
    t->end_line = L->line;
    t->end_col = L->col;
    return t;
}

/* Ends the token array with a lexical error. bad is the byte offset of the
 * offending character (n for end of input); tok_start where the failed token
 * began; comment says the error is inside a comment (JavaCC then shows an
 * empty "after" text). */
static void lx_error(Lx *L, size_t bad, size_t tok_start, bool comment) {
    lx_take_to(L, bad);
    bool eof;
    uint32_t ch = 0;
    size_t after_end = bad;
    if (bad >= L->n) {
        eof = true;
    } else {
        int len;
        ch = utf8_at(L->s, L->n, bad, &len);
        lx_take(L);
        eof = L->pos >= L->n;
        if (eof) after_end = L->n;
    }
    int line = L->line, col = L->col;
    if (eof) {
        if (L->any && (L->last == '\n' || L->last == '\r')) {
            line++;
            col = 0;
        } else {
            col++;
        }
    }
    /* JavaCC shows the text of the failed token only when more than one
     * character of it was matched. */
    size_t chars = 0;
    for (size_t i = tok_start; i < after_end && chars < 2;) {
        int len;
        (void)utf8_at(L->s, L->n, i, &len);
        i += (size_t)len;
        chars++;
    }
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "Lexical error at line %d, column %d.  Encountered: ", line, col);
    if (eof) {
        eddy__buf_puts(&b, "<EOF> ");
    } else {
        char tmp[8];
        int len;
        (void)utf8_at(L->s, L->n, bad, &len);
        memcpy(tmp, L->s + bad, (size_t)len);
        eddy__buf_putc(&b, '"');
        eddy__lex_escape(&b, tmp, (size_t)len);
        eddy__buf_printf(&b, "\" (%u), ", (unsigned)(ch >= 0x10000 ? 0xD800 + ((ch - 0x10000) >> 10) : ch));
    }
    eddy__buf_puts(&b, "after : \"");
    if (!comment && chars > 1) eddy__lex_escape(&b, L->s + tok_start, after_end - tok_start);
    eddy__buf_putc(&b, '"');
    const char *msg = b.failed ? NULL : eddy__arena_strndup(L->a, b.data ? b.data : "", b.len);
    eddy__buf_free(&b);
    if (!msg) {
        L->oom = true;
        return;
    }
    L->err_msg = msg;
    Token *t = lx_push(L);
    if (!t) return;
    t->kind = TK_ERROR;
    t->start = t->end = (uint32_t)(bad < L->n ? bad : L->n);
    t->line = t->end_line = line;
    t->col = t->end_col = col;
}

/* Byte offset just past a quoted run starting at i (s[i] == q) with doubled
 * quotes as escapes, or 0 when it never closes. */
static size_t scan_quoted(const char *s, size_t n, size_t i, char q) {
    i++;
    while (i < n) {
        if (s[i] == q) {
            if (i + 1 < n && s[i + 1] == q) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i++;
    }
    return 0;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

static bool ident_char_at(const char *s, size_t n, size_t i) {
    int len;
    uint32_t c = utf8_at(s, n, i, &len);
    return is_letter(c) || is_digit(c);
}

/* End of an identifier that starts at i (s[i] is a letter). */
static size_t scan_ident(const char *s, size_t n, size_t i) {
    while (i < n) {
        int len;
        uint32_t c = utf8_at(s, n, i, &len);
        if (!is_letter(c) && !is_digit(c)) break;
        i += (size_t)len;
    }
    return i;
}

/* Scans a number starting at i; sets *kind. */
static size_t scan_number(const char *s, size_t n, size_t i, TokKind *kind) {
    bool dot = false;
    while (i < n && is_ascii_digit(s[i])) i++;
    if (i < n && s[i] == '.') {
        dot = true;
        i++;
        while (i < n && is_ascii_digit(s[i])) i++;
    }
    *kind = dot ? TK_DECIMAL : TK_UNSIGNED_INT;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-')) j++;
        if (j < n && is_ascii_digit(s[j])) {
            while (j < n && is_ascii_digit(s[j])) j++;
            *kind = TK_APPROX;
            return j;
        }
    }
    return i;
}

static bool charset_char(char c, bool first) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return !first && (c == ':' || c == '.' || c == '-' || c == '_');
}

eddy_status eddy__lex_all(Arena *a, const char *src, size_t len, Lexed *out) {
    Lx L = {.a = a, .s = src ? src : "", .n = src ? len : 0, .line = 1, .col = 0};
    const char *s = L.s;
    size_t n = L.n;
    for (;;) {
        if (L.oom) break;
        /* white space and comments */
        size_t i = L.pos;
        if (i < n && is_space(s[i])) {
            lx_take(&L);
            continue;
        }
        if (i + 1 < n && ((s[i] == '-' && s[i + 1] == '-') || (s[i] == '/' && s[i + 1] == '/'))) {
            size_t j = i + 2;
            while (j < n && s[j] != '\n' && s[j] != '\r') j++;
            if (j < n) j += (s[j] == '\r' && j + 1 < n && s[j + 1] == '\n') ? 2 : 1;
            lx_take_to(&L, j);
            continue;
        }
        if (i + 1 < n && s[i] == '/' && s[i + 1] == '*' && !(i + 2 < n && s[i + 2] == '+')) {
            size_t j = i + 2;
            while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/')) j++;
            if (j + 1 >= n) {
                lx_error(&L, n, i, true);
                break;
            }
            lx_take_to(&L, j + 2);
            continue;
        }
        if (i >= n) {
            Token *t = lx_push(&L);
            if (!t) break;
            t->kind = TK_EOF;
            t->start = t->end = (uint32_t)n;
            t->line = t->end_line = L.any ? L.line : 1;
            t->col = t->end_col = L.any ? L.col : 1;
            break;
        }
        char c = s[i];
        int clen;
        uint32_t cp = utf8_at(s, n, i, &clen);
        size_t e;
        TokKind kind;
        /* literals with a letter prefix */
        if ((c == 'x' || c == 'X' || c == 'n' || c == 'N') && i + 1 < n && s[i + 1] == '\'') {
            e = scan_quoted(s, n, i + 1, '\'');
            if (e) {
                lx_emit(&L, (c == 'x' || c == 'X') ? TK_BINARY_STRING : TK_PREFIXED_STRING, i, e);
                continue;
            }
        }
        if ((c == 'u' || c == 'U') && i + 2 < n && s[i + 1] == '&' && s[i + 2] == '\'') {
            e = scan_quoted(s, n, i + 2, '\'');
            if (e) {
                lx_emit(&L, TK_UNICODE_STRING, i, e);
                continue;
            }
        }
        if (c == '_' && i + 1 < n && charset_char(s[i + 1], true)) {
            size_t j = i + 2;
            while (j < n && charset_char(s[j], false)) j++;
            if (j < n && s[j] == '\'' && (e = scan_quoted(s, n, j, '\'')) != 0) {
                lx_emit(&L, TK_PREFIXED_STRING, i, e);
                continue;
            }
        }
        if (cp == '$' && !(i + 1 < n && ident_char_at(s, n, i + 1))) {
            lx_emit(&L, TK_DOLLAR, i, i + 1);
            continue;
        }
        if (is_letter(cp)) {
            e = scan_ident(s, n, i);
            Token *t = lx_emit(&L, TK_IDENT, i, e);
            if (t) {
                t->kw = (uint16_t)eddy__lex_keyword(s + i, e - i);
                t->reserved = eddy__lex_is_reserved(s + i, e - i);
            }
            continue;
        }
        if (is_ascii_digit(c) || (c == '.' && i + 1 < n && is_ascii_digit(s[i + 1]))) {
            e = scan_number(s, n, i, &kind);
            lx_emit(&L, kind, i, e);
            continue;
        }
        switch (c) {
        case '\'':
            e = scan_quoted(s, n, i, '\'');
            if (e) lx_emit(&L, TK_STRING, i, e);
            else lx_emit(&L, TK_QUOTE, i, i + 1);
            continue;
        case '`': {
            /* `...` with `` escapes, no line breaks, at least one character */
            size_t j = i + 1;
            size_t bad = 0;
            bool done = false;
            while (!done) {
                if (j >= n) {
                    bad = n;
                    break;
                }
                /* identifiers are C strings: a NUL byte cannot be part of one */
                if (s[j] == '\n' || s[j] == '\r' || s[j] == '\0') {
                    bad = j;
                    break;
                }
                if (s[j] == '`') {
                    if (j + 1 < n && s[j + 1] == '`') {
                        j += 2;
                        continue;
                    }
                    if (j == i + 1) {
                        bad = j + 1 < n ? j + 1 : n;
                        break;
                    }
                    done = true;
                    j++;
                    break;
                }
                j++;
            }
            if (!done) {
                lx_error(&L, bad, i, false);
                goto finish;
            }
            lx_emit(&L, TK_QIDENT, i, j);
            continue;
        }
        case '(': lx_emit(&L, TK_LPAREN, i, i + 1); continue;
        case ')': lx_emit(&L, TK_RPAREN, i, i + 1); continue;
        case '{': lx_emit(&L, TK_LBRACE, i, i + 1); continue;
        case '}': lx_emit(&L, TK_RBRACE, i, i + 1); continue;
        case '[': lx_emit(&L, TK_LBRACKET, i, i + 1); continue;
        case ']': lx_emit(&L, TK_RBRACKET, i, i + 1); continue;
        case ';': lx_emit(&L, TK_SEMICOLON, i, i + 1); continue;
        case ',': lx_emit(&L, TK_COMMA, i, i + 1); continue;
        case '.':
            if (i + 1 < n && s[i + 1] == '.') lx_emit(&L, TK_DOUBLE_PERIOD, i, i + 2);
            else lx_emit(&L, TK_DOT, i, i + 1);
            continue;
        case '=':
            if (i + 1 < n && s[i + 1] == '>') lx_emit(&L, TK_ARROW, i, i + 2);
            else lx_emit(&L, TK_EQ, i, i + 1);
            continue;
        case '>':
            if (i + 1 < n && s[i + 1] == '=') lx_emit(&L, TK_GE, i, i + 2);
            else lx_emit(&L, TK_GT, i, i + 1);
            continue;
        case '<':
            if (i + 2 < n && s[i + 1] == '=' && s[i + 2] == '>') lx_emit(&L, TK_NULLEQ, i, i + 3);
            else if (i + 1 < n && s[i + 1] == '=') lx_emit(&L, TK_LE, i, i + 2);
            else if (i + 1 < n && s[i + 1] == '>') lx_emit(&L, TK_NE, i, i + 2);
            else lx_emit(&L, TK_LT, i, i + 1);
            continue;
        case '!':
            if (i + 1 < n && s[i + 1] == '=') {
                lx_emit(&L, TK_NE2, i, i + 2);
                continue;
            }
            break;
        case '?': lx_emit(&L, TK_HOOK, i, i + 1); continue;
        case ':': lx_emit(&L, TK_COLON, i, i + 1); continue;
        case '+': lx_emit(&L, TK_PLUS, i, i + 1); continue;
        case '-': lx_emit(&L, TK_MINUS, i, i + 1); continue;
        case '*':
            if (i + 1 < n && s[i + 1] == '/') lx_emit(&L, TK_COMMENT_END, i, i + 2);
            else lx_emit(&L, TK_STAR, i, i + 1);
            continue;
        case '/':
            if (i + 2 < n && s[i + 1] == '*' && s[i + 2] == '+') lx_emit(&L, TK_HINT_BEG, i, i + 3);
            else lx_emit(&L, TK_SLASH, i, i + 1);
            continue;
        case '%': lx_emit(&L, TK_PERCENT, i, i + 1); continue;
        case '|':
            if (i + 1 < n && s[i + 1] == '|') lx_emit(&L, TK_CONCAT, i, i + 2);
            else lx_emit(&L, TK_VBAR, i, i + 1);
            continue;
        case '"': lx_emit(&L, TK_DQUOTE, i, i + 1); continue;
        case '^': lx_emit(&L, TK_CARET, i, i + 1); continue;
        case '@':
            if (i + 1 < n && ((s[i + 1] >= 'a' && s[i + 1] <= 'z') || (s[i + 1] >= 'A' && s[i + 1] <= 'Z') ||
                              s[i + 1] == '_')) {
                size_t j = i + 2;
                while (j < n && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z') || s[j] == '_' ||
                                 is_ascii_digit(s[j])))
                    j++;
                lx_emit(&L, TK_PARAM, i, j);
                continue;
            }
            break;
        default: break;
        }
        lx_error(&L, i, i, false);
        break;
    }
finish:
    if (L.oom) return EDDY_E_NOMEM;
    out->toks = L.toks;
    out->ntoks = L.ntoks;
    out->err_msg = L.err_msg;
    return EDDY_OK;
}
