/*
 * lexer.h -- the SQL tokenizer of Flink's dialect (Calcite's lexer in the
 * back-quoted-identifier state that Flink uses): token kinds, the keyword
 * table, and one entry point that turns a whole source text into an array of
 * tokens with 1-based line/column positions (Java/JavaCC rules: a column
 * counts UTF-16 code units, "\r\n" is one line break) and byte offsets.
 *
 * Lexical errors do not stop the caller at once: the token array ends with a
 * TK_ERROR token that carries JavaCC's message ("Lexical error at line 1,
 * column 11.  Encountered: <EOF> after : \"\""), so the parser reports it
 * only when it actually reaches that point, as JavaCC's lazy lexer does.
 */
#ifndef EDDY_SQL_LEXER_H
#define EDDY_SQL_LEXER_H

#include "util/util.h"

/* Token kinds. The order of the literal/punctuation kinds is Calcite's token
 * definition order; the parser lists expected tokens in this order. */
typedef enum TokKind {
    TK_EOF = 0,
    TK_ERROR,          /* lexical error; message in Lexed.err_msg */
    TK_IDENT,          /* unquoted identifier or keyword (see Token.kw) */
    TK_UNSIGNED_INT,   /* 123 */
    TK_APPROX,         /* 1.5E3 */
    TK_DECIMAL,        /* 1.5, .5, 1. */
    TK_BINARY_STRING,  /* X'0AFF' */
    TK_STRING,         /* 'text' */
    TK_PREFIXED_STRING,/* N'text', _UTF16'text' */
    TK_UNICODE_STRING, /* U&'\0041' */
    TK_LPAREN,
    TK_RPAREN,
    TK_LBRACE,
    TK_RBRACE,
    TK_LBRACKET,
    TK_RBRACKET,
    TK_SEMICOLON,
    TK_DOT,
    TK_COMMA,
    TK_EQ,
    TK_GT,
    TK_LT,
    TK_HOOK,           /* ? */
    TK_COLON,
    TK_LE,
    TK_GE,
    TK_NE,             /* <> */
    TK_NE2,            /* != */
    TK_NULLEQ,         /* <=> */
    TK_PLUS,
    TK_MINUS,
    TK_STAR,
    TK_SLASH,
    TK_PERCENT,
    TK_CONCAT,         /* || */
    TK_ARROW,          /* => */
    TK_DOUBLE_PERIOD,  /* .. */
    TK_QUOTE,          /* a lone ' (an unterminated string literal) */
    TK_DQUOTE,         /* " */
    TK_VBAR,           /* | */
    TK_CARET,          /* ^ */
    TK_DOLLAR,         /* a lone $ */
    TK_HINT_BEG,       /* slash-star-plus */
    TK_COMMENT_END,    /* star-slash outside a comment */
    TK_QIDENT,         /* `back quoted` identifier */
    TK_PARAM,          /* @name (never accepted by the grammar) */
    TK__COUNT
} TokKind;

/* Keywords the grammar refers to, in ASCII order (a unit test checks the
 * order; the table is searched by bisection). F marks keywords that Flink
 * adds to Calcite's list (they sort after Calcite's in expected lists).
 * Whether a word is reserved is a separate table (eddy__lex_is_reserved). */
#define EDDY_SQL_KEYWORDS(X, F)                                                                              \
    X(ABSENT) X(ADD) X(AFTER) X(ALL) X(ALTER) F(ANALYZE) X(AND) X(ARRAY) X(AS) X(ASC) X(ASYMMETRIC)        \
    X(BEGIN) X(BETWEEN) X(BOTH) X(BY) X(CASCADE) X(CASE) X(CAST) X(CATALOG) F(CATALOGS) X(CEIL)            \
    X(CEILING) X(CENTURY) F(CHANGELOG_MODE) X(CLASSIFIER) F(COLUMNS) F(COMMENT) F(COMPUTE)                 \
    X(CONDITIONAL) X(CONSTRAINT) X(CONSTRAINTS) X(CREATE) X(CROSS) X(CUBE) X(CURRENT) X(CURRENT_DATE)      \
    X(CURRENT_TIME) X(CURRENT_TIMESTAMP) X(DATABASE) F(DATABASES) X(DATE) X(DAY) X(DAYS) X(DECADE)         \
    X(DEFAULT) X(DEFINE) X(DELETE) X(DESC) X(DESCRIBE) X(DESCRIPTOR) X(DISTINCT) X(DOW) X(DOY) F(DRAIN)    \
    X(DROP) X(ELSE) X(EMPTY) X(END) F(ENFORCED) X(EPOCH) X(ERROR) X(ESCAPE) F(ESTIMATED_COST) X(EXCEPT)    \
    X(EXCLUDING) X(EXECUTE) X(EXISTS) X(EXPLAIN) F(EXTENDED) X(EXTRACT) X(FALSE) X(FETCH) X(FILTER)        \
    X(FINAL) X(FIRST) X(FLOOR) X(FOLLOWING) X(FOR) X(FRAC_SECOND) X(FROM) X(FULL) X(FUNCTION)              \
    F(FUNCTIONS) X(GENERATED) X(GROUP) X(GROUPING) X(HAVING) X(HOUR) X(HOURS) F(IF) X(IN) X(INCLUDING)    \
    X(INNER) X(INSERT) X(INTERSECT) X(INTERVAL) X(INTO) X(IS) X(ISODOW) X(ISOYEAR) F(JAR) F(JARS)          \
    X(JAVA) F(JOB) F(JOBS) X(JOIN) X(JSON) X(JSON_ARRAY) X(JSON_ARRAYAGG) F(JSON_EXECUTION_PLAN)           \
    X(JSON_EXISTS) X(JSON_OBJECT) X(JSON_OBJECTAGG) X(JSON_QUERY) X(JSON_VALUE) X(KEY) X(LANGUAGE)         \
    X(LAST) X(LATERAL) X(LEADING) X(LEFT) X(LIKE) X(LIMIT) F(LOAD) X(LOCALTIME) X(LOCALTIMESTAMP) X(MAP)  \
    X(MATCH) X(MATCH_NUMBER) X(MATCH_RECOGNIZE) X(MEASURES) F(METADATA) X(MICROSECOND) X(MILLENNIUM)      \
    X(MILLISECOND) X(MINUS) X(MINUTE) X(MINUTES) F(MODIFY) X(MODULE) F(MODULES) X(MONTH) X(MONTHS)        \
    X(MULTISET) X(NANOSECOND) X(NATURAL) X(NEXT) X(NOT) X(NULL) X(NULLS) X(OBJECT) X(OF) X(OFFSET) X(ON)   \
    X(ONE) X(ONLY) X(OPTIONS) X(OR) X(ORDER) X(ORDINALITY) X(OUTER) X(OVER) X(OVERLAY) F(OVERWRITE)       \
    F(OVERWRITING) X(PARTITION) F(PARTITIONED) F(PARTITIONS) X(PAST) X(PATTERN) X(PER) X(PERMUTE)         \
    X(PLACING) X(PLAN) F(PLAN_ADVICE) X(POSITION) X(PRECEDING) X(PREV) X(PRIMARY) F(PYTHON) X(QUARTER)    \
    X(RANGE) F(REMOVE) F(RENAME) X(REPLACE) X(RESET) X(RESTRICT) X(RETURNING) X(RIGHT) X(ROLLUP) X(ROW)   \
    X(ROWS) X(RUNNING) X(SAVEPOINT) F(SCALA) X(SCALAR) X(SECOND) X(SECONDS) X(SELECT) X(SET) X(SETS)      \
    X(SHOW) X(SIMILAR) X(SKIP) X(SQL) X(SQL_TSI_DAY) X(SQL_TSI_FRAC_SECOND) X(SQL_TSI_HOUR)                \
    X(SQL_TSI_MICROSECOND) X(SQL_TSI_MINUTE) X(SQL_TSI_MONTH) X(SQL_TSI_QUARTER) X(SQL_TSI_SECOND)         \
    X(SQL_TSI_WEEK) X(SQL_TSI_YEAR) X(STATEMENT) F(STATISTICS) F(STOP) X(SUBSET) X(SUBSTRING)              \
    X(SYMMETRIC) X(SYSTEM) X(SYSTEM_TIME) X(TABLE) F(TABLES) X(TEMPORARY) X(THEN) X(TIME) X(TIMESTAMP)    \
    X(TIMESTAMPADD) X(TIMESTAMPDIFF) F(TIMESTAMP_LTZ) X(TO) X(TRAILING) X(TRIM) X(TRUE) X(TRUNCATE)        \
    X(UESCAPE) X(UNBOUNDED) X(UNCONDITIONAL) X(UNION) X(UNIQUE) X(UNKNOWN) F(UNLOAD) X(UNNEST) X(UPDATE)  \
    X(UPSERT) F(USE) X(USER) X(USING) X(VALUE) X(VALUES) X(VIEW) F(VIEWS) F(VIRTUAL) F(WATERMARK)         \
    F(WATERMARKS) X(WEEK) X(WHEN) X(WHERE) X(WINDOW) X(WITH) X(WITHIN) X(WITHOUT) X(WRAPPER) X(YEAR)      \
    X(YEARS)

typedef enum SqlKw {
    KW_NONE = 0,
#define EDDY__KW_ENUM(k) KW_##k,
    EDDY_SQL_KEYWORDS(EDDY__KW_ENUM, EDDY__KW_ENUM)
#undef EDDY__KW_ENUM
    KW__COUNT
} SqlKw;

/* One token. Positions are 1-based; end_line/end_col name the last
 * character (inclusive), as Calcite reports ranges. start/end are byte
 * offsets [start, end) into the source. For TK_EOF both offsets are the
 * source length and the position is that of the last character read. */
typedef struct Token {
    uint16_t kind;    /* TokKind */
    uint16_t kw;      /* SqlKw for TK_IDENT that spells a grammar keyword, else KW_NONE */
    bool reserved;    /* TK_IDENT spelling a reserved word (cannot be an identifier) */
    uint32_t start, end;
    int line, col, end_line, end_col;
} Token;

/* The result of lexing a source text. toks[ntoks - 1] is TK_EOF or TK_ERROR. */
typedef struct Lexed {
    Token *toks;
    int ntoks;
    const char *err_msg; /* TK_ERROR only: JavaCC's lexical error message */
} Lexed;

/* Tokenizes src[0..len) into arena memory. Needs a valid arena; the source
 * need not be NUL-terminated and may hold any bytes. Returns EDDY_OK (a
 * lexical error is a TK_ERROR token, not a failure) or EDDY_E_NOMEM. */
eddy_status eddy__lex_all(Arena *a, const char *src, size_t len, Lexed *out);

/* Canonical upper-case spelling of a grammar keyword ("SELECT"); "" for
 * KW_NONE or an out-of-range value. Static string. */
const char *eddy__lex_kw_name(SqlKw kw);

/* Whether kw is one of the keywords Flink adds to Calcite's list. */
bool eddy__lex_kw_is_flink(SqlKw kw);

/* Whether the word s[0..n) (any case) is reserved in Flink SQL and so cannot
 * be an unquoted identifier. */
bool eddy__lex_is_reserved(const char *s, size_t n);

/* Grammar keyword spelled by s[0..n) (any case), or KW_NONE. */
SqlKw eddy__lex_keyword(const char *s, size_t n);

/* JavaCC's token image for a token kind in "Was expecting" lists:
 * "<EOF>", "\"(\"", "<QUOTED_STRING>". Static string. */
const char *eddy__lex_kind_image(TokKind k);

/* Appends s[0..n) with JavaCC's add_escapes rules (\n, \t, \", \', \\, and
 * \uXXXX for UTF-16 code units outside 0x20..0x7e). */
void eddy__lex_escape(Buf *b, const char *s, size_t n);

/* Self-check for tests: true when the keyword table is strictly sorted. */
bool eddy__lex_keywords_sorted(void);

#endif
