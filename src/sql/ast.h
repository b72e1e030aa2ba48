/*
 * ast.h -- the abstract syntax tree of Flink SQL as the parser builds it:
 * expressions, queries, table references and statements. The tree is purely
 * syntactic: names are not resolved, types are only those written in the text
 * (CAST targets, column definitions), and nothing is checked beyond syntax.
 *
 * Memory: every node, string and array lives in the Arena given to the parser
 * (statement lifetime); nothing is freed individually and nothing points
 * outside the arena except Type pointers that the type parser returned (also
 * arena memory) and static strings. Strings are NUL-terminated. Lists are
 * arrays of pointers with a count; a count of 0 may come with a NULL array.
 *
 * Positions: every node has an AstPos with the 1-based line/column of its
 * first and last character (inclusive, as Calcite reports ranges) and the
 * byte range [start, end) in the source, so src + start .. src + end is the
 * text exactly as written (Flink prints computed columns that way).
 *
 * Identifiers keep their case as written; back-quoted parts are unquoted
 * (doubled back quotes collapsed) and flagged quoted. Keywords and builtin
 * operator names are upper case.
 */
#ifndef EDDY_SQL_AST_H
#define EDDY_SQL_AST_H

#include "types/types.h"
#include "util/util.h"

typedef struct AstPos {
    int line, col;         /* first character, 1-based */
    int end_line, end_col; /* last character, inclusive */
    uint32_t start, end;   /* byte offsets [start, end) */
} AstPos;

typedef struct AstExpr AstExpr;
typedef struct AstQuery AstQuery;
typedef struct AstTableRef AstTableRef;
typedef struct AstStmt AstStmt;
typedef struct AstWindow AstWindow;

/* One simple identifier (an alias, a column name in a list). */
typedef struct AstIdent {
    const char *name;
    bool quoted;
    AstPos pos;
} AstIdent;

/* A compound name a.b.c (table paths, column references, function names). */
typedef struct AstName {
    const char **parts;
    bool *quoted;
    int nparts;
    AstPos pos;
} AstName;

/* ===========================================================================
 * Expressions
 * ======================================================================== */

typedef enum AstExprKind {
    AST_LITERAL,   /* lit_kind, text, value */
    AST_IDENT,     /* name: a column or field path a.b.c (the binder decides) */
    AST_STAR,      /* * or t.* -- name holds the qualifier (0 parts for a bare *) */
    AST_CALL,      /* operator or function call; see "Calls" below */
    AST_CASE,      /* CASE [operand] WHEN .. THEN .. [ELSE ..] END */
    AST_CAST,      /* CAST / TRY_CAST (x AS type) */
    AST_INTERVAL,  /* INTERVAL '10' SECOND, INTERVAL x DAY */
    AST_SUBQUERY,  /* (query) used as a scalar or row value */
    AST_EXISTS,    /* EXISTS (query) */
    AST_IN,        /* x [NOT] IN (list) / (query) */
    AST_BETWEEN,   /* x [NOT] BETWEEN [ASYMMETRIC|SYMMETRIC] lo AND hi */
    AST_LIKE,      /* x [NOT] LIKE / SIMILAR TO pattern [ESCAPE e] */
    AST_NAMED_ARG, /* name => value (function and table function arguments) */
    AST_TABLE_ARG, /* TABLE t [PARTITION BY ..] [ORDER BY ..] as a function argument */
    AST_SYMBOL,    /* a keyword argument: time unit, TRIM flag, JSON clause */
    AST_DEFAULT,   /* DEFAULT as a function argument */
} AstExprKind;

typedef enum AstLitKind {
    AST_LIT_INTEGER,       /* 42 (text kept; the binder types it by magnitude) */
    AST_LIT_DECIMAL,       /* 1.5 (text kept) */
    AST_LIT_APPROX,        /* 1.5E3 (text kept) */
    AST_LIT_STRING,        /* value = decoded characters (UTF-8) */
    AST_LIT_BINARY,        /* value = decoded bytes, value_len their number */
    AST_LIT_TRUE,
    AST_LIT_FALSE,
    AST_LIT_UNKNOWN,
    AST_LIT_NULL,
    AST_LIT_DATE,          /* DATE '2020-01-01': value = the string's content */
    AST_LIT_TIME,          /* TIME '...' */
    AST_LIT_TIMESTAMP,     /* TIMESTAMP '...' */
    AST_LIT_TIMESTAMP_LTZ, /* TIMESTAMP_LTZ '...' */
} AstLitKind;

/* How a call was written; the unparser uses it, the binder may ignore it. */
typedef enum AstSyntax {
    AST_SYN_FUNCTION,    /* name(args) */
    AST_SYN_BINARY,      /* a op b (AND / OR may have more than 2 args: a AND b AND c) */
    AST_SYN_PREFIX,      /* op a */
    AST_SYN_POSTFIX,     /* a op */
    AST_SYN_SPECIAL,     /* keyword-argument syntax: TRIM(BOTH x FROM s), EXTRACT(..) */
    AST_SYN_NILADIC,     /* CURRENT_DATE without parentheses */
    AST_SYN_ITEM,        /* a[i] */
    AST_SYN_DOT,         /* expr.field where expr is not a plain identifier */
    AST_SYN_BRACKET,     /* ARRAY[..], MAP[..] */
    AST_SYN_ROW,         /* ROW(a, b) */
    AST_SYN_IMPLICIT_ROW /* (a, b) */
} AstSyntax;

/* Time units of intervals, EXTRACT, FLOOR/CEIL .. TO, TIMESTAMPADD/DIFF. */
typedef enum AstTimeUnit {
    AST_TU_NONE = 0,
    AST_TU_YEAR,
    AST_TU_QUARTER,
    AST_TU_MONTH,
    AST_TU_WEEK,
    AST_TU_DAY,
    AST_TU_HOUR,
    AST_TU_MINUTE,
    AST_TU_SECOND,
    AST_TU_MILLISECOND,
    AST_TU_MICROSECOND,
    AST_TU_NANOSECOND,
    AST_TU_DOW,
    AST_TU_DOY,
    AST_TU_ISODOW,
    AST_TU_ISOYEAR,
    AST_TU_EPOCH,
    AST_TU_DECADE,
    AST_TU_CENTURY,
    AST_TU_MILLENNIUM
} AstTimeUnit;

/* ORDER BY item. nulls: 0 not written, 1 NULLS FIRST, 2 NULLS LAST. */
typedef struct AstOrderItem {
    AstExpr *expr;
    bool desc;
    int nulls;
    AstPos pos;
} AstOrderItem;

/* A window frame bound. offset is set for PRECEDING / FOLLOWING. */
typedef enum AstBoundKind {
    AST_BOUND_NONE = 0, /* no upper bound written: ROWS <lower> */
    AST_BOUND_UNBOUNDED_PRECEDING,
    AST_BOUND_PRECEDING,
    AST_BOUND_CURRENT_ROW,
    AST_BOUND_FOLLOWING,
    AST_BOUND_UNBOUNDED_FOLLOWING
} AstBoundKind;

typedef struct AstBound {
    AstBoundKind kind;
    AstExpr *offset;
} AstBound;

/* A window specification: OVER (...) or WINDOW w AS (...). frame: 0 none,
 * 1 ROWS, 2 RANGE; with a frame, `between` says BETWEEN lower AND upper was
 * written, otherwise only `lower` is set. */
struct AstWindow {
    AstIdent *base;       /* (w PARTITION BY ..): the window it refines, or NULL */
    AstExpr **partition;
    int npartition;
    AstOrderItem **order;
    int norder;
    int frame;
    bool between;
    AstBound lower, upper;
    AstPos pos;
};

/*
 * Calls (AST_CALL). `name` is the operator or function name: upper case for
 * operators and for functions named by a keyword (COUNT, CAST, ...), as
 * written for functions named by an identifier (then `fname` has all the
 * parts of a compound name such as db.f). Operator names:
 *   binary   OR AND = <> < <= > >= "IS DISTINCT FROM" "IS NOT DISTINCT FROM"
 *            + - * / % ||        (!= is stored as <>)
 *   prefix   NOT MINUS_PREFIX PLUS_PREFIX, and RUNNING / FINAL in MEASURES
 *            (-1 is MINUS_PREFIX applied to the literal 1: nothing is folded)
 *   postfix  "IS NULL" "IS NOT NULL" "IS TRUE" "IS NOT TRUE" "IS FALSE"
 *            "IS NOT FALSE" "IS UNKNOWN" "IS NOT UNKNOWN" "IS JSON VALUE"
 *            "IS NOT JSON VALUE" (also SCALAR / ARRAY / OBJECT; a bare
 *            IS JSON is "IS JSON VALUE")
 *   ITEM     a[i] (2 args)
 *   DOT      expr.field (args: expr, AST_IDENT with the field path) and
 *            expr.method(args) (args: expr, the method's AST_CALL); a plain
 *            a.b.c is an AST_IDENT, never a DOT
 *   ROW      ROW(..) and (a, b)   ARRAY  ARRAY[..]   MAP  MAP[k, v, ..]
 *   ARRAY_QUERY / MAP_QUERY / MULTISET_QUERY  ARRAY(query): 1 AST_SUBQUERY arg
 *   MULTISET MULTISET[..]
 * Special-syntax calls and their fixed argument layouts (SYMBOL = AST_SYMBOL):
 *   TRIM        [SYMBOL BOTH|LEADING|TRAILING, chars or NULL, source]
 *               (the flag symbol has implicit=true when not written)
 *   SUBSTRING   [s, from, for?]              (SUBSTRING(s FROM a FOR b) or (s, a, b))
 *   POSITION    [needle, haystack, from?]    (POSITION(a IN b [FROM c]))
 *   OVERLAY     [s, replacement, from, for?]
 *   EXTRACT     [SYMBOL unit, x]
 *   FLOOR/CEIL  [x] or [x, SYMBOL unit]      (CEILING is stored as CEIL)
 *   TIMESTAMPADD  [SYMBOL unit, n, t]   TIMESTAMPDIFF  [SYMBOL unit, a, b]
 *               (FRAC_SECOND / SQL_TSI_* spellings are mapped to the unit)
 *   DESCRIPTOR  [AST_IDENT ...]
 *   JSON_EXISTS [json, path, SYMBOL "TRUE|FALSE|UNKNOWN|ERROR ON ERROR"?]
 *   JSON_VALUE  [json, path, behaviours...]; RETURNING type in `type`;
 *               behaviour = SYMBOL "NULL ON EMPTY", "ERROR ON ERROR",
 *               "DEFAULT ON EMPTY" (with the default in the symbol's operand)
 *   JSON_QUERY  [json, path, SYMBOL wrapper?, behaviours...]; RETURNING in
 *               `type`; wrapper "WITHOUT ARRAY WRAPPER" / "WITH CONDITIONAL
 *               ARRAY WRAPPER" / "WITH UNCONDITIONAL ARRAY WRAPPER";
 *               behaviours "NULL|ERROR|EMPTY ARRAY|EMPTY OBJECT ON EMPTY|ERROR"
 *   JSON_OBJECT [k1, v1, k2, v2, ..., SYMBOL "NULL ON NULL"|"ABSENT ON NULL"?]
 *   JSON_OBJECTAGG [k, v, SYMBOL?]
 *   JSON_ARRAY  [v1, v2, ..., SYMBOL?]
 *   JSON_ARRAYAGG [v, SYMBOL?]; its ORDER BY is kept in within_group
 *   CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP LOCALTIME LOCALTIMESTAMP
 *   USER (niladic when written without parentheses)
 *   MATCH_RECOGNIZE helpers PREV NEXT FIRST LAST CLASSIFIER MATCH_NUMBER are
 *   ordinary function calls; TUMBLE / HOP / SESSION / CUMULATE too (their
 *   TABLE t, DESCRIPTOR(..) and name => value arguments are the node kinds
 *   AST_TABLE_ARG, DESCRIPTOR calls and AST_NAMED_ARG).
 * Aggregate and window decorations: distinct (COUNT(DISTINCT x)), a `*`
 * argument is an AST_STAR, filter (FILTER (WHERE ..)), within_group
 * (WITHIN GROUP (ORDER BY ..)), over / over_name (OVER (..) / OVER w).
 */
struct AstExpr {
    AstExprKind kind;
    AstPos pos;
    int depth; /* nesting depth of this subtree (1 for a leaf) */
    union {
        struct { /* AST_LITERAL */
            AstLitKind lit_kind;
            const char *text;  /* numbers: the digits as written */
            const char *value; /* strings, binary, typed literals: decoded */
            size_t value_len;
            int nfrags;        /* strings: number of adjacent fragments joined */
        } lit;
        struct { /* AST_IDENT, AST_STAR */
            AstName name;
        } ident;
        struct { /* AST_CALL */
            const char *name;
            AstName fname;      /* identifier-named functions; nparts 0 otherwise */
            AstSyntax syntax;
            AstExpr **args;     /* TRIM's chars may be NULL; nothing else */
            int nargs;
            bool distinct;
            bool all;           /* f(ALL x) */
            AstExpr *filter;
            AstOrderItem **within_group;
            int nwithin_group;
            AstWindow *over;
            AstIdent *over_name;
            const Type *type;   /* JSON_VALUE / JSON_QUERY RETURNING type */
            AstPos type_pos;
        } call;
        struct { /* AST_CASE */
            AstExpr *operand;   /* simple CASE x WHEN ..; NULL for searched CASE */
            AstExpr **whens;    /* simple CASE with WHEN a, b: an implicit ROW */
            AstExpr **thens;
            int nwhens;
            AstExpr *else_;
        } case_;
        struct { /* AST_CAST */
            AstExpr *operand;
            const Type *type;
            AstPos type_pos;    /* the type as written */
            bool try_;          /* TRY_CAST */
        } cast;
        struct { /* AST_INTERVAL */
            const char *value;  /* literal form: the quoted string's content */
            AstExpr *operand;   /* expression form INTERVAL x DAY: x (value NULL) */
            int sign;           /* -1 for INTERVAL -'1' DAY, else +1 */
            AstTimeUnit from, to; /* to is AST_TU_NONE for a single unit */
            int precision;      /* leading field precision, -1 when not written */
            int frac_precision; /* fractional second precision, -1 when not written */
            bool plural;        /* a plural unit (MINUTES) was written */
        } interval;
        struct { /* AST_SUBQUERY, AST_EXISTS */
            AstQuery *query;
        } sub;
        struct { /* AST_IN */
            AstExpr *operand;
            bool negated;
            AstExpr **list;     /* value list, or NULL when query is set */
            int nlist;
            AstQuery *query;
        } in;
        struct { /* AST_BETWEEN */
            AstExpr *operand, *low, *high;
            bool negated;
            int symmetric;      /* 0 not written, 1 ASYMMETRIC, 2 SYMMETRIC */
        } between;
        struct { /* AST_LIKE */
            AstExpr *operand, *pattern, *escape;
            bool negated;
            bool similar;       /* SIMILAR TO */
        } like;
        struct { /* AST_NAMED_ARG */
            AstIdent name;
            AstExpr *value;
        } named;
        struct { /* AST_TABLE_ARG */
            AstName table;
            AstExpr **partition;
            int npartition;
            AstOrderItem **order;
            int norder;
        } table_arg;
        struct { /* AST_SYMBOL */
            const char *sym;    /* upper-case keyword text, words separated by one space */
            AstTimeUnit unit;   /* for time units */
            bool implicit;      /* not written (TRIM's default BOTH) */
            AstExpr *operand;   /* JSON "DEFAULT x ON EMPTY/ERROR": x */
        } symbol;
    } u;
};

/* eddy__sql_parse_expr_list result: one item per comma-separated element.
 * row_kind is -1 without a prefix, else an eddy_row_kind (+I -U +U -D). */
typedef struct AstExprItem {
    AstExpr *expr;
    int row_kind;
    AstPos pos;
} AstExprItem;

typedef struct AstExprList {
    AstExprItem **items;
    int nitems;
} AstExprList;

/* ===========================================================================
 * Queries
 * ======================================================================== */

/* A hint: NAME, NAME(), NAME('k' = 'v', ...), NAME(a, b), NAME('x', 1). */
typedef enum AstHintFormat {
    AST_HINT_EMPTY,   /* NAME or NAME() */
    AST_HINT_KV,      /* key = 'value' pairs */
    AST_HINT_IDS,     /* simple identifiers */
    AST_HINT_LITERALS /* string or numeric literals */
} AstHintFormat;

typedef struct AstHintOption {
    const char *key;       /* KV only (identifier or string content) */
    bool key_is_string;    /* key was written as a string literal */
    const char *value;     /* string content, identifier, or number text */
    bool value_is_string;  /* literal lists: string vs number */
    AstPos pos;
} AstHintOption;

typedef struct AstHint {
    AstIdent name;
    AstHintFormat format;
    bool parens;           /* written with parentheses */
    AstHintOption **options;
    int noptions;
    AstPos pos;
} AstHint;

typedef struct AstSelectItem {
    AstExpr *expr;        /* AST_STAR for * and t.* */
    AstIdent *alias;      /* NULL when none */
    AstPos pos;
} AstSelectItem;

typedef enum AstGroupKind {
    AST_GROUP_EXPR,   /* an expression ((a, b) is an implicit ROW: a composite element) */
    AST_GROUP_EMPTY,  /* () */
    AST_GROUP_SETS,   /* GROUPING SETS (elements) */
    AST_GROUP_ROLLUP, /* ROLLUP (exprs) */
    AST_GROUP_CUBE    /* CUBE (exprs) */
} AstGroupKind;

typedef struct AstGroupItem {
    AstGroupKind kind;
    AstExpr *expr;               /* EXPR */
    struct AstGroupItem **items; /* SETS / ROLLUP / CUBE elements */
    int nitems;
    AstPos pos;
} AstGroupItem;

typedef struct AstWindowDef {
    AstIdent name;
    AstWindow *spec;
    AstPos pos;
} AstWindowDef;

typedef struct AstCte {
    AstIdent name;
    AstIdent **columns;
    int ncolumns;
    AstQuery *query;
    AstPos pos;
} AstCte;

typedef enum AstQueryKind {
    AST_Q_SELECT,
    AST_Q_SETOP,  /* UNION / INTERSECT / EXCEPT (MINUS is stored as EXCEPT) */
    AST_Q_VALUES, /* VALUES row, row: each row a ROW call */
    AST_Q_TABLE   /* TABLE t (explicit table) */
} AstQueryKind;

typedef enum AstSetOp { AST_UNION, AST_INTERSECT, AST_EXCEPT } AstSetOp;

/* A query expression. with / order / offset / fetch apply to the whole node:
 * WITH ctes <body> ORDER BY .. OFFSET .. FETCH ... LIMIT n is stored as
 * fetch (Calcite's rule; OFFSET n ROWS / FETCH FIRST|NEXT n ROWS ONLY too). */
struct AstQuery {
    AstQueryKind kind;
    AstPos pos;
    int depth;
    AstCte **with;
    int nwith;
    AstOrderItem **order;
    int norder;
    AstExpr *offset;
    AstExpr *fetch;
    union {
        struct { /* AST_Q_SELECT */
            AstHint **hints;
            int nhints;
            bool distinct;
            bool all;           /* SELECT ALL written */
            AstSelectItem **items;
            int nitems;
            AstTableRef *from;  /* NULL without FROM */
            AstExpr *where;
            bool has_group_by;
            AstGroupItem **group_by;
            int ngroup_by;
            AstExpr *having;
            AstWindowDef **windows;
            int nwindows;
        } select;
        struct { /* AST_Q_SETOP */
            AstSetOp op;
            bool all;
            bool distinct_written;
            bool minus;          /* written as MINUS */
            AstQuery *left, *right;
        } setop;
        struct { /* AST_Q_VALUES */
            AstExpr **rows;
            int nrows;
        } values;
        struct { /* AST_Q_TABLE */
            AstName name;
        } table;
    } u;
};

/* MATCH_RECOGNIZE pattern. */
typedef enum AstPatternKind {
    AST_PAT_VAR,     /* a pattern variable */
    AST_PAT_CONCAT,  /* A B C */
    AST_PAT_ALTER,   /* A | B */
    AST_PAT_QUANT,   /* sub with a quantifier */
    AST_PAT_PERMUTE, /* PERMUTE(A, B) */
    AST_PAT_EXCLUDE, /* {- A -} */
    AST_PAT_GROUP    /* ( sub ) as written */
} AstPatternKind;

typedef struct AstPattern {
    AstPatternKind kind;
    AstIdent var;                /* VAR */
    struct AstPattern **items;   /* CONCAT, ALTER, PERMUTE */
    int nitems;
    struct AstPattern *sub;      /* QUANT, EXCLUDE, GROUP */
    int min, max;                /* QUANT: max -1 = unbounded, min -1 for {,n} */
    int qform;                   /* QUANT: '*', '+', '?' or '{' */
    bool reluctant;              /* QUANT followed by ? */
    AstPos pos;
} AstPattern;

typedef enum AstAfterMatch {
    AST_AFTER_NONE = 0,
    AST_AFTER_SKIP_TO_NEXT_ROW,
    AST_AFTER_SKIP_PAST_LAST_ROW,
    AST_AFTER_SKIP_TO_FIRST,
    AST_AFTER_SKIP_TO_LAST, /* AFTER MATCH SKIP TO LAST var */
    AST_AFTER_SKIP_TO       /* AFTER MATCH SKIP TO var */
} AstAfterMatch;

typedef struct AstMeasure { /* MEASURES expr AS name; DEFINE name AS expr */
    AstExpr *expr;
    AstIdent name;
    AstPos pos;
} AstMeasure;

typedef struct AstSubset {
    AstIdent name;
    AstIdent **vars;
    int nvars;
    AstPos pos;
} AstSubset;

typedef struct AstMatchRecognize {
    AstExpr **partition;
    int npartition;
    AstOrderItem **order;
    int norder;
    AstMeasure **measures;
    int nmeasures;
    int rows_per_match;        /* 0 not written, 1 ONE ROW PER MATCH, 2 ALL ROWS PER MATCH */
    AstAfterMatch after;
    AstIdent after_var;        /* SKIP TO [FIRST|LAST] var */
    bool strict_start, strict_end; /* ^ and $ in PATTERN */
    AstPattern *pattern;
    AstExpr *within;           /* WITHIN interval */
    AstSubset **subsets;
    int nsubsets;
    AstMeasure **defines;
    int ndefines;
    AstPos pos;
} AstMatchRecognize;

typedef enum AstJoinType {
    AST_JOIN_INNER, /* JOIN / INNER JOIN */
    AST_JOIN_LEFT,
    AST_JOIN_RIGHT,
    AST_JOIN_FULL,
    AST_JOIN_CROSS,
    AST_JOIN_COMMA  /* FROM a, b */
} AstJoinType;

typedef enum AstTableRefKind {
    AST_TREF_TABLE,    /* a named table */
    AST_TREF_SUBQUERY, /* [LATERAL] (query), including (VALUES ...) */
    AST_TREF_JOIN,
    AST_TREF_FUNCTION, /* [LATERAL] TABLE(f(args)), incl. TUMBLE/HOP/CUMULATE/SESSION */
    AST_TREF_UNNEST,   /* UNNEST(expr, ..) [WITH ORDINALITY] */
    AST_TREF_MATCH     /* input MATCH_RECOGNIZE (...) */
} AstTableRefKind;

/* A table reference. alias / column aliases (AS t(a, b)) apply to the node
 * as a whole (for a MATCH node they follow MATCH_RECOGNIZE(...)). */
struct AstTableRef {
    AstTableRefKind kind;
    AstPos pos;
    int depth;
    AstIdent *alias;
    AstIdent **col_aliases;
    int ncol_aliases;
    union {
        struct {
            AstName name;
            AstHint **hints;
            int nhints;
            AstExpr *system_time; /* FOR SYSTEM_TIME AS OF expr */
        } table;
        struct {
            AstQuery *query;
            bool lateral;
        } subquery;
        struct {
            AstJoinType type;
            bool natural;
            bool outer_written;   /* LEFT OUTER JOIN */
            AstTableRef *left, *right;
            AstExpr *on;
            AstIdent **using_;
            int nusing;
        } join;
        struct {
            AstExpr *call;        /* an AST_CALL */
            bool lateral;
        } function;
        struct {
            AstExpr **args;
            int nargs;
            bool with_ordinality;
        } unnest;
        struct {
            AstTableRef *input;
            AstMatchRecognize *mr;
        } match;
    } u;
};

/* ===========================================================================
 * Statements
 * ======================================================================== */

/* 'key' = 'value' in WITH (...), SET (...), and ALTER ... SET. */
typedef struct AstProperty {
    const char *key;
    const char *value;
    AstPos pos;
} AstProperty;

/* PARTITION (k = v, ...): value is a literal expression (NULL for ANALYZE's
 * PARTITION (k) without a value). */
typedef struct AstPartSpec {
    AstIdent name;
    AstExpr *value;
    AstPos pos;
} AstPartSpec;

typedef struct AstConstraint {
    AstIdent *name;      /* CONSTRAINT name, or NULL */
    bool unique;         /* UNIQUE instead of PRIMARY KEY */
    AstIdent **columns;  /* table constraint: the list; column constraint: the column */
    int ncolumns;
    int enforced;        /* 0 not written, 1 ENFORCED, 2 NOT ENFORCED */
    bool table_level;    /* written as a table constraint with a column list */
    AstPos pos;
} AstConstraint;

typedef enum AstColumnKind { AST_COL_PHYSICAL, AST_COL_COMPUTED, AST_COL_METADATA } AstColumnKind;

typedef struct AstColumn {
    AstColumnKind kind;
    AstIdent name;
    const Type *type;          /* PHYSICAL, METADATA (NOT NULL included) */
    AstPos type_pos;
    AstExpr *expr;             /* COMPUTED: expr.pos gives the text as written */
    bool has_metadata_key;
    const char *metadata_key;  /* METADATA FROM 'key' */
    bool is_virtual;
    AstConstraint *constraint; /* column-level PRIMARY KEY / UNIQUE */
    const char *comment;       /* NULL when none */
    int position;              /* ALTER TABLE ADD/MODIFY: 0 none, 1 FIRST, 2 AFTER */
    AstIdent after;            /* position == 2 */
    AstPos pos;
} AstColumn;

typedef struct AstWatermark {
    AstName column;
    AstExpr *expr;
    AstPos pos;
} AstWatermark;

/* Columns, constraints and watermarks of CREATE TABLE and ALTER TABLE
 * ADD/MODIFY. More than one watermark is a syntax error in CREATE TABLE. */
typedef struct AstSchema {
    AstColumn **columns;
    int ncolumns;
    AstConstraint **constraints;
    int nconstraints;
    AstWatermark **watermarks;
    int nwatermarks;
} AstSchema;

typedef enum AstLikeMode { AST_LIKE_INCLUDING, AST_LIKE_EXCLUDING, AST_LIKE_OVERWRITING } AstLikeMode;
typedef enum AstLikeFeature {
    AST_LIKE_ALL,
    AST_LIKE_CONSTRAINTS,
    AST_LIKE_GENERATED,
    AST_LIKE_OPTIONS,
    AST_LIKE_PARTITIONS,
    AST_LIKE_WATERMARKS
} AstLikeFeature;

typedef struct AstLikeOption {
    AstLikeMode mode;
    AstLikeFeature feature;
    AstPos pos;
} AstLikeOption;

typedef enum AstStmtKind {
    AST_STMT_QUERY,
    AST_STMT_INSERT,
    AST_STMT_STATEMENT_SET,       /* STATEMENT SET BEGIN insert; ... END (inside EXECUTE / EXPLAIN) */
    AST_STMT_BEGIN_STATEMENT_SET, /* BEGIN STATEMENT SET */
    AST_STMT_END,                 /* END */
    AST_STMT_EXPLAIN,
    AST_STMT_EXECUTE,
    AST_STMT_CREATE_TABLE,        /* also CTAS, CREATE OR REPLACE TABLE .. AS, REPLACE TABLE .. AS */
    AST_STMT_DROP_TABLE,
    AST_STMT_ALTER_TABLE,
    AST_STMT_CREATE_VIEW,
    AST_STMT_DROP_VIEW,
    AST_STMT_ALTER_VIEW,
    AST_STMT_CREATE_FUNCTION,
    AST_STMT_DROP_FUNCTION,
    AST_STMT_ALTER_FUNCTION,
    AST_STMT_CREATE_CATALOG,
    AST_STMT_DROP_CATALOG,
    AST_STMT_ALTER_CATALOG,
    AST_STMT_USE_CATALOG,
    AST_STMT_CREATE_DATABASE,
    AST_STMT_DROP_DATABASE,
    AST_STMT_ALTER_DATABASE,
    AST_STMT_USE_DATABASE,
    AST_STMT_USE_MODULES,
    AST_STMT_LOAD_MODULE,
    AST_STMT_UNLOAD_MODULE,
    AST_STMT_SHOW,
    AST_STMT_DESCRIBE,
    AST_STMT_SET,
    AST_STMT_RESET,
    AST_STMT_ADD_JAR,
    AST_STMT_REMOVE_JAR,
    AST_STMT_STOP_JOB,
    AST_STMT_CALL,         /* CALL proc(args) */
    AST_STMT_COMPILE_PLAN, /* COMPILE [AND EXECUTE] PLAN 'file' [IF NOT EXISTS] FOR stmt */
    AST_STMT_EXECUTE_PLAN, /* EXECUTE PLAN 'file' */
    AST_STMT_TRUNCATE,
    AST_STMT_DELETE,
    AST_STMT_UPDATE,
    AST_STMT_ANALYZE
} AstStmtKind;

typedef enum AstShowKind {
    AST_SHOW_CATALOGS,
    AST_SHOW_CURRENT_CATALOG,
    AST_SHOW_DATABASES,
    AST_SHOW_CURRENT_DATABASE,
    AST_SHOW_TABLES,
    AST_SHOW_VIEWS,
    AST_SHOW_FUNCTIONS,
    AST_SHOW_PROCEDURES,
    AST_SHOW_COLUMNS,
    AST_SHOW_CREATE_TABLE,
    AST_SHOW_CREATE_VIEW,
    AST_SHOW_CREATE_MATERIALIZED_TABLE,
    AST_SHOW_CREATE_CATALOG,
    AST_SHOW_MODULES,
    AST_SHOW_JOBS,
    AST_SHOW_JARS,
    AST_SHOW_PARTITIONS
} AstShowKind;

typedef enum AstDescribeKind {
    AST_DESCRIBE_TABLE,
    AST_DESCRIBE_CATALOG,
    AST_DESCRIBE_DATABASE,
    AST_DESCRIBE_FUNCTION
} AstDescribeKind;

typedef enum AstAlterTableKind {
    AST_ALTER_TABLE_RENAME,        /* RENAME TO new_name */
    AST_ALTER_TABLE_SET,           /* SET ('k' = 'v', ...) */
    AST_ALTER_TABLE_RESET,         /* RESET ('k', ...) */
    AST_ALTER_TABLE_ADD,           /* ADD column | (items) | constraint | watermark */
    AST_ALTER_TABLE_MODIFY,        /* MODIFY ... */
    AST_ALTER_TABLE_DROP_COLUMNS,  /* DROP col | DROP (col, ...) */
    AST_ALTER_TABLE_DROP_PRIMARY_KEY,
    AST_ALTER_TABLE_DROP_CONSTRAINT,
    AST_ALTER_TABLE_DROP_WATERMARK,
    AST_ALTER_TABLE_RENAME_COLUMN  /* RENAME old TO new */
} AstAlterTableKind;

/* Explain details (bit set). */
enum {
    AST_EXPLAIN_ESTIMATED_COST = 1,
    AST_EXPLAIN_CHANGELOG_MODE = 2,
    AST_EXPLAIN_JSON_EXECUTION_PLAN = 4,
    AST_EXPLAIN_PLAN_ADVICE = 8
};

/* A statement. `pos` spans the statement's text (without the ';'). */
struct AstStmt {
    AstStmtKind kind;
    AstPos pos;
    union {
        struct { /* QUERY */
            AstQuery *query;
        } query;
        struct { /* INSERT */
            bool overwrite;
            bool upsert;              /* written UPSERT INTO */
            AstName table;
            AstHint **hints;
            int nhints;
            AstPartSpec **partition;
            int npartition;
            AstIdent **columns;
            int ncolumns;
            AstQuery *source;         /* query or VALUES */
        } insert;
        struct { /* STATEMENT_SET */
            AstStmt **inserts;
            int ninserts;
        } stmt_set;
        struct { /* EXPLAIN */
            bool plan_for;            /* EXPLAIN PLAN FOR */
            unsigned details;         /* AST_EXPLAIN_* bits */
            int detail_order[4];      /* details in written order (AST_EXPLAIN_* values) */
            int ndetails;
            AstStmt *stmt;
        } explain;
        struct { /* EXECUTE */
            AstStmt *stmt;
        } execute;
        struct AstCreateTable { /* CREATE_TABLE */
            bool temporary, if_not_exists;
            bool or_replace;          /* CREATE OR REPLACE TABLE */
            bool replace;             /* REPLACE TABLE */
            AstName name;
            bool has_schema;          /* a parenthesised column list was written */
            AstSchema schema;
            const char *comment;
            AstIdent **partitioned_by;
            int npartitioned_by;
            bool has_with;
            AstProperty **props;
            int nprops;
            bool has_like;
            AstName like;
            AstLikeOption **like_options;
            int nlike_options;
            AstQuery *as_query;       /* CTAS */
            /* CREATE MATERIALIZED TABLE: FRESHNESS = INTERVAL '<freshness>' <freshness_unit>
             * (NULL: not written; freshness_pos where it was), REFRESH_MODE (0 not
             * written, 1 CONTINUOUS, 2 FULL) */
            bool materialized;
            const char *freshness;
            AstTimeUnit freshness_unit;
            AstPos freshness_pos;
            int refresh_mode;
        } create_table;
        struct { /* DROP_TABLE, DROP_VIEW, DROP_FUNCTION, DROP_CATALOG, DROP_DATABASE */
            bool temporary, system, if_exists;
            bool materialized;        /* DROP MATERIALIZED TABLE */
            AstName name;
            int drop_behavior;        /* DROP DATABASE: 0 none, 1 RESTRICT, 2 CASCADE */
        } drop;
        struct AstAlterTable { /* ALTER_TABLE */
            bool if_exists;
            AstName name;
            AstAlterTableKind action;
            AstName new_name;         /* RENAME TO */
            AstProperty **props;      /* SET */
            int nprops;
            const char **keys;        /* RESET */
            int nkeys;
            bool parens;              /* ADD / MODIFY / DROP written with ( ) */
            AstSchema schema;         /* ADD / MODIFY */
            AstName **columns;        /* DROP columns */
            int ncolumns;
            AstIdent constraint;      /* DROP CONSTRAINT name */
            AstName old_column;       /* RENAME col TO col */
            AstIdent new_column;
        } alter_table;
        struct { /* CREATE_VIEW */
            bool temporary, system, if_not_exists, or_replace;
            AstName name;
            AstIdent **columns;
            int ncolumns;
            const char *comment;
            AstQuery *query;          /* query->pos gives the original text */
        } create_view;
        struct { /* ALTER_VIEW */
            AstName name;
            AstName new_name;         /* RENAME TO; nparts 0 for AS */
            AstQuery *query;          /* AS query */
        } alter_view;
        struct { /* CREATE_FUNCTION, ALTER_FUNCTION */
            bool temporary, system, if_not_exists, if_exists, or_replace;
            AstName name;
            const char *class_name;
            const char *language;     /* "JAVA", "SCALA", "PYTHON", "SQL", "C", or NULL */
            const char **jars;        /* USING JAR '...', JAR '...' */
            int njars;
        } function;
        struct { /* CREATE_CATALOG, CREATE_DATABASE, ALTER_CATALOG, ALTER_DATABASE,
                  * LOAD_MODULE, USE_CATALOG, USE_DATABASE, UNLOAD_MODULE */
            bool if_not_exists;
            AstName name;
            const char *comment;      /* also ALTER CATALOG .. COMMENT '..' */
            bool has_with;
            AstProperty **props;      /* WITH (...) / SET (...) */
            int nprops;
            const char **keys;        /* ALTER CATALOG RESET (...) */
            int nkeys;
            bool reset;               /* ALTER CATALOG .. RESET */
        } object;
        struct { /* USE_MODULES */
            AstIdent **modules;
            int nmodules;
        } modules;
        struct AstShow { /* SHOW */
            AstShowKind what;
            bool full;                /* SHOW FULL MODULES */
            bool user;                /* SHOW USER FUNCTIONS */
            const char *prep;         /* "FROM" / "IN" when written, else NULL */
            AstName name;             /* db for TABLES/VIEWS/FUNCTIONS, catalog for DATABASES,
                                         table/view for COLUMNS/CREATE/PARTITIONS */
            bool not_like;
            bool ilike;
            const char *like;         /* pattern, or NULL */
            AstPartSpec **partition;  /* SHOW PARTITIONS t PARTITION (...) */
            int npartition;
        } show;
        struct { /* DESCRIBE */
            AstDescribeKind what;
            bool extended;
            bool desc_keyword;        /* written DESC */
            AstName name;
        } describe;
        struct { /* SET, RESET, ADD_JAR, REMOVE_JAR, STOP_JOB */
            const char *key;          /* SET/RESET key, jar path, job id; NULL for bare SET/RESET */
            const char *value;        /* SET value */
            bool with_savepoint, with_drain; /* STOP JOB */
        } kv;
        struct { /* TRUNCATE, DELETE, UPDATE, ANALYZE */
            AstName table;
            AstIdent *alias;
            AstExpr *where;
            AstIdent **set_columns;   /* UPDATE */
            AstExpr **set_values;
            int nset;
            AstPartSpec **partition;  /* ANALYZE */
            int npartition;
            int for_columns;          /* ANALYZE: 0 none, 1 FOR COLUMNS list, 2 FOR ALL COLUMNS */
            AstIdent **columns;
            int ncolumns;
        } dml;
        struct { /* CALL */
            AstExpr *call;            /* an AST_CALL */
        } call;
        struct { /* COMPILE_PLAN, EXECUTE_PLAN */
            const char *file;
            bool if_not_exists;
            bool and_execute;         /* COMPILE AND EXECUTE PLAN */
            AstStmt *stmt;            /* the INSERT or STATEMENT SET; NULL for EXECUTE PLAN */
        } plan;
    } u;
};

typedef struct AstStmtList {
    AstStmt **stmts;
    int nstmts;
} AstStmtList;

#endif
