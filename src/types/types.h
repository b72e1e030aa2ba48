/*
 * types.h -- Flink's logical types: the Type descriptor, parsing from Flink
 * type strings, printing as Flink prints them (asSummaryString), and the
 * rules that relate types (equality, implicit casts, common types).
 *
 * Types are immutable once built. They live in an arena with the lifetime of
 * whoever made them (the env for user types, a statement for planner types);
 * the built-in atomic types are static. A Type never points to memory of a
 * shorter lifetime than its own.
 */
#ifndef EDDY_TYPES_H
#define EDDY_TYPES_H

#include "util/util.h"

typedef enum TypeRoot {
    TY_NULL,
    TY_BOOLEAN,
    TY_TINYINT,
    TY_SMALLINT,
    TY_INT,
    TY_BIGINT,
    TY_FLOAT,
    TY_DOUBLE,
    TY_DECIMAL,
    TY_CHAR,
    TY_VARCHAR,
    TY_BINARY,
    TY_VARBINARY,
    TY_DATE,
    TY_TIME,
    TY_TIMESTAMP,
    TY_TIMESTAMP_LTZ,
    TY_INTERVAL_YM,
    TY_INTERVAL_DT,
    TY_ARRAY,
    TY_MAP,
    TY_MULTISET,
    TY_ROW,
    TY_STRUCTURED,
    TY_RAW,
    TY_SYMBOL, /* internal: flags such as TRIM's BOTH/LEADING, time units */
    TY__COUNT
} TypeRoot;

/* Time attribute marker carried by a column's type, as in Flink. */
typedef enum TimeAttr { TA_NONE = 0, TA_ROWTIME = 1, TA_PROCTIME = 2 } TimeAttr;

/* Interval resolutions (what INTERVAL ... TO ... a type spans). */
typedef enum IntervalRes {
    IR_YEAR,
    IR_YEAR_TO_MONTH,
    IR_MONTH,
    IR_DAY,
    IR_DAY_TO_HOUR,
    IR_DAY_TO_MINUTE,
    IR_DAY_TO_SECOND,
    IR_HOUR,
    IR_HOUR_TO_MINUTE,
    IR_HOUR_TO_SECOND,
    IR_MINUTE,
    IR_MINUTE_TO_SECOND,
    IR_SECOND
} IntervalRes;

/* Physical representation of one value in a column (see vector.h). */
typedef enum PhysKind {
    PH_NONE,   /* NULL type: no data */
    PH_BOOL,   /* uint8_t 0/1 */
    PH_I8,
    PH_I16,
    PH_I32,    /* INT, DATE (days), TIME (ms of day), INTERVAL YEAR TO MONTH (months) */
    PH_I64,    /* BIGINT, INTERVAL DAY TO SECOND (ms) */
    PH_F32,
    PH_F64,
    PH_I128,   /* DECIMAL: unscaled value */
    PH_TS,     /* TIMESTAMP, TIMESTAMP_LTZ: Ts */
    PH_STR,    /* CHAR, VARCHAR, BINARY, VARBINARY: StrView */
    PH_LIST,   /* ARRAY, MAP, MULTISET: ListEntry into child vectors */
    PH_STRUCT, /* ROW, STRUCTURED: one child vector per field */
    PH_RAW     /* RAW: StrView holding the object's bytes */
} PhysKind;

typedef struct Type Type;

/* A field of a ROW or STRUCTURED type. For STRUCTURED types backed by a C
 * struct, c_offset / c_null_offset say where the field lives in the struct. */
typedef struct Field {
    const char *name;
    const Type *type;
    const char *desc; /* ROW field description, or NULL */
    size_t c_offset;
    ptrdiff_t c_null_offset; /* -1 when none */
} Field;

/* Callbacks of a RAW type (copied from eddy_raw_ops). */
typedef struct RawOps {
    size_t size;
    void (*copy)(void *ctx, void *dst, const void *src);
    void (*free)(void *ctx, void *obj);
    int (*to_string)(void *ctx, const void *obj, char *buf, size_t cap);
    void *ctx;
} RawOps;

struct Type {
    uint8_t root;     /* TypeRoot */
    bool nullable;
    uint8_t timeattr; /* TimeAttr */
    uint8_t ires;     /* IntervalRes for intervals */
    int32_t length;   /* CHAR/VARCHAR/BINARY/VARBINARY length */
    int32_t precision;/* DECIMAL, TIME, TIMESTAMP(_LTZ); interval: year/day precision */
    int32_t scale;    /* DECIMAL scale; interval: fractional second precision */
    int32_t nfields;
    const Field *fields;  /* ROW / STRUCTURED */
    const Type *elem;     /* ARRAY / MULTISET element, MAP key */
    const Type *value;    /* MAP value */
    const char *class_name; /* STRUCTURED / RAW */
    size_t c_size;          /* STRUCTURED: sizeof the C struct (0 = none) */
    const RawOps *raw;      /* RAW */
};

#define TY_MAX_LENGTH 2147483647
#define TY_DECIMAL_MAX_PRECISION 38

/* ---- the built-in atomic types (static; never freed) ------------------- */

const Type *eddy__type_basic(TypeRoot root, bool nullable); /* BOOLEAN..DOUBLE, DATE, NULL */
const Type *eddy__type_string(bool nullable);               /* VARCHAR(2147483647) */
const Type *eddy__type_bytes(bool nullable);                /* VARBINARY(2147483647) */

/* ---- constructors (allocate in `a`) ------------------------------------ */

Type *eddy__type_new(Arena *a, TypeRoot root, bool nullable);
const Type *eddy__type_varchar(Arena *a, int32_t len, bool nullable);
const Type *eddy__type_char(Arena *a, int32_t len, bool nullable);
const Type *eddy__type_decimal(Arena *a, int p, int s, bool nullable);
const Type *eddy__type_timestamp(Arena *a, TypeRoot root, int p, bool nullable); /* TIME/TIMESTAMP/_LTZ */
const Type *eddy__type_interval(Arena *a, TypeRoot root, IntervalRes res, int prec, int frac, bool nullable);
const Type *eddy__type_array(Arena *a, const Type *elem, bool nullable);
const Type *eddy__type_multiset(Arena *a, const Type *elem, bool nullable);
const Type *eddy__type_map(Arena *a, const Type *key, const Type *value, bool nullable);
/* ROW with n fields (names and types copied into the arena). */
const Type *eddy__type_row(Arena *a, int n, const char *const *names, const Type *const *types, bool nullable);
/* A copy of t with another nullability / time attribute (t itself if equal). */
const Type *eddy__type_with_nullable(Arena *a, const Type *t, bool nullable);
const Type *eddy__type_with_timeattr(Arena *a, const Type *t, TimeAttr ta);

/* ---- parsing ------------------------------------------------------------ */

/* Parses one type from s[0..n) (leading spaces allowed) and reports in
 * *consumed how many bytes it used (may be NULL: then the whole input must be
 * the type, trailing spaces allowed). Errors are EDDY_E_PARSE with the
 * 1-based column of the offending token in the message. */
eddy_status eddy__type_parse(Arena *a, const char *s, size_t n, size_t *consumed, const Type **out, EdErr *err);
/* The same for types inside SQL text, where Flink's planner takes VARCHAR
 * and VARBINARY without a length as unbounded (STRING, BYTES). */
eddy_status eddy__type_parse_ex(Arena *a, const char *s, size_t n, size_t *consumed, const Type **out, EdErr *err,
                                bool sql);

/* ---- printing ----------------------------------------------------------- */

/* Appends Flink's summary string (LogicalType.asSummaryString): "INT NOT
 * NULL", "ROW<`a` INT, `b` STRING>", "TIMESTAMP_LTZ(3) *ROWTIME*". */
void eddy__type_print(Buf *b, const Type *t);
/* Same in the serializable form used in SQL text (no time attributes,
 * TIMESTAMP(3) WITH LOCAL TIME ZONE). */
void eddy__type_print_sql(Buf *b, const Type *t);
/* As eddy__type_print_sql with STRING / BYTES spelt VARCHAR(2147483647) /
 * VARBINARY(2147483647) (LogicalType.asSerializableString; SHOW CREATE). */
void eddy__type_print_serializable(Buf *b, const Type *t);
/* Arena-allocated summary string. */
const char *eddy__type_str(Arena *a, const Type *t);
/* Appends `name` with backticks, doubling embedded backticks. */
void eddy__print_ident(Buf *b, const char *name);

/* ---- properties and relations ----------------------------------------- */

PhysKind eddy__type_phys(const Type *t);
size_t eddy__phys_width(PhysKind k); /* bytes per value in the data buffer */
bool eddy__type_is_numeric(const Type *t);      /* TINYINT..DECIMAL */
bool eddy__type_is_integer(const Type *t);      /* TINYINT..BIGINT */
bool eddy__type_is_approx(const Type *t);       /* FLOAT, DOUBLE */
bool eddy__type_is_string(const Type *t);       /* CHAR, VARCHAR */
bool eddy__type_is_binary(const Type *t);       /* BINARY, VARBINARY */
bool eddy__type_is_timestamp(const Type *t);    /* TIMESTAMP, TIMESTAMP_LTZ */
bool eddy__type_is_interval(const Type *t);
bool eddy__type_is_composite(const Type *t);    /* ROW, STRUCTURED */
/* Equal as logical types (names, nullability, precision; time attributes
 * ignored when ignore_ta). */
bool eddy__type_equals(const Type *a, const Type *b, bool ignore_nullability, bool ignore_ta);
/* Flink's implicit cast rule (supportsImplicitCast): can a value of `from`
 * be stored in `to` without an explicit CAST. Nullability not checked. */
bool eddy__type_implicit_cast(const Type *from, const Type *to);
/* A value of `from` can stand for `to` without a cast (Flink's
 * LogicalTypeCasts.supportsAvoidingCast): the same type, up to a nullable
 * target, CHAR/VARCHAR and BINARY/VARBINARY within bounds, intervals of
 * smaller precision, and composite types whose parts avoid casts. */
bool eddy__type_avoids_cast(const Type *from, const Type *to);
/* Whether CAST(from AS to) is allowed at all (supportsExplicitCast). */
bool eddy__type_explicit_cast(const Type *from, const Type *to);
/* The least restrictive common type of a and b (for UNION, CASE, IN,
 * comparisons), or NULL when there is none. Nullable when either is. */
const Type *eddy__type_common(Arena *a, const Type *x, const Type *y);
/* Digits needed for an integer type (TINYINT 3, SMALLINT 5, INT 10, BIGINT 19). */
int eddy__type_int_digits(TypeRoot r);
/* The columns of a stream record type: the fields of a ROW / STRUCTURED
 * type, else one column named f0 of the type itself. */
int eddy__type_column_count(const Type *t);
const char *eddy__type_column_name(const Type *t, int i);
const Type *eddy__type_column_type(const Type *t, int i);
/* Index of the field named `name` (case-sensitive), or -1. */
int eddy__type_field_index(const Type *t, const char *name);

/* The public handle is the internal descriptor. */
static inline const Type *ty(const eddy_type *t) { return (const Type *)t; }
static inline const eddy_type *ety(const Type *t) { return (const eddy_type *)t; }

#endif
