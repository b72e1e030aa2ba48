/*
 * json.h -- a small JSON library with no dependencies: a DOM parser that
 * reports the position of the first error, a compact serializer in
 * Jackson's style, and JSONPath evaluation with the semantics Flink gets
 * from Jayway JsonPath (the engine behind JSON_VALUE / JSON_QUERY /
 * JSON_EXISTS), including its error texts.
 *
 * Values are trees allocated in an Arena: nothing is freed one by one, the
 * arena's lifetime is the tree's. Strings are stored decoded (escapes
 * resolved) as UTF-8 and NUL-terminated; numbers keep their text and their
 * kind (an integer, a decimal with fraction or exponent, or a double built
 * by a caller), so no precision is lost on a round trip. Objects keep their
 * members in input order, duplicates included; lookups see the last one,
 * as a Java LinkedHashMap filled by Jackson would.
 *
 * Nothing here prints or aborts. Allocation failure is reported as an error
 * ("out of memory") by the functions that can fail.
 */
#ifndef EDDY_JSON_H
#define EDDY_JSON_H

#include "util/util.h"

typedef enum JsonKind {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_INT,    /* integer number; text as written ("-12") */
    JSON_DEC,    /* number with a fraction or exponent; text as written ("1.50", "2e3") */
    JSON_DOUBLE, /* number made by a caller from a double; text as the caller formatted it */
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
    JSON_RAW,    /* caller-supplied JSON text written verbatim (nested JSON_OBJECT results) */
} JsonKind;

typedef struct JsonValue JsonValue;

typedef struct JsonMember {
    const char *key; /* decoded UTF-8, NUL-terminated */
    size_t key_len;
    JsonValue *value;
} JsonMember;

struct JsonValue {
    uint8_t kind; /* JsonKind */
    union {
        struct {
            const char *p; /* NUL-terminated; numbers: their text; RAW: the JSON text */
            size_t n;
        } str;
        struct {
            JsonValue **items;
            size_t n;
        } arr;
        struct {
            JsonMember *members;
            size_t n;
        } obj;
    } u;
};

/* The deepest nesting of arrays and objects the parser accepts (Jackson's
 * default StreamReadConstraints limit). */
#define JSON_MAX_DEPTH 1000

/* Where and why parsing failed: byte offset, 1-based line and column (in
 * code points), and a message in Jackson's words where it has one. */
typedef struct JsonError {
    size_t pos;
    int line, col;
    char msg[160];
} JsonError;

enum {
    /* Stop after the first complete value and ignore what follows, as
     * Jackson's ObjectMapper.readValue does (a root-level scalar must still
     * be followed by white space or the end). */
    JSON_PARSE_ALLOW_TRAILING = 1,
};

/* Parses s[0..n) into a tree in arena a. On success sets *out and returns
 * EDDY_OK. Malformed input gives EDDY_E_PARSE with *err filled (err may be
 * NULL); no memory gives EDDY_E_NOMEM. *out is untouched on failure. */
eddy_status eddy__json_parse(Arena *a, const char *s, size_t n, int flags, JsonValue **out, JsonError *err);

/* ---- building ------------------------------------------------------------- */

/* Constructors for trees made by callers (all allocate in a and copy the
 * bytes they are given; NULL when memory runs out). */
JsonValue *eddy__json_new(Arena *a, JsonKind kind);
JsonValue *eddy__json_string(Arena *a, const char *p, size_t n);
/* A number (JSON_INT, JSON_DEC, JSON_DOUBLE) or a RAW value with the given text. */
JsonValue *eddy__json_text(Arena *a, JsonKind kind, const char *p, size_t n);
/* An array / object with room for n items / members, all set by the caller. */
JsonValue *eddy__json_array(Arena *a, size_t n);
JsonValue *eddy__json_object(Arena *a, size_t n);

/* The member of object v named key (the last one when repeated), or NULL. */
const JsonValue *eddy__json_get(const JsonValue *v, const char *key, size_t key_len);
/* True for arrays and objects. */
static inline bool eddy__json_is_container(const JsonValue *v) {
    return v->kind == JSON_ARRAY || v->kind == JSON_OBJECT;
}

/* ---- writing ----------------------------------------------------------------- */

enum {
    /* Members in key order (Java String order), later duplicates replacing
     * earlier ones, as Jackson's ORDER_MAP_ENTRIES_BY_KEYS writes a Map. */
    JSON_WRITE_SORT_KEYS = 1,
    /* Numbers as Java prints the objects Jackson parsed them into
     * (BigInteger / BigDecimal.toString: "-0" -> "0", "1e2" -> "1E+2"). */
    JSON_WRITE_JAVA_NUMBERS = 2,
};

/* Appends v as compact JSON, Jackson's style: {"a":1,"b":[true,null]};
 * strings escape '"', '\\' and control characters only. */
void eddy__json_write(Buf *b, const JsonValue *v, int flags);
/* Appends s[0..n) as a JSON string literal with quotes. */
void eddy__json_write_string(Buf *b, const char *s, size_t n);
/* Appends v as Java's toString of the object Jackson parsed it into:
 * strings bare, numbers as BigInteger / BigDecimal print, {k=v, k2=[1, 2]}. */
void eddy__json_write_java(Buf *b, const JsonValue *v);
/* Appends the number text t[0..n) (JSON number syntax) as Java prints it:
 * an integer canonically, a decimal as BigDecimal.toString. */
void eddy__json_write_java_number(Buf *b, const char *t, size_t n, bool integer);

/* ---- JSONPath --------------------------------------------------------------- */

/* A compiled path: Jayway JsonPath syntax ($, .key, ['key'], ["key"],
 * ['a','b'], [n], [-n], [n,m], [a:b], [*], .*, ..key, ..*), optionally after a
 * "lax" / "strict" mode word as Flink's JSON functions accept it. A path that
 * does not start with '$' gets "$." put in front, as Jayway does. */
typedef struct JsonPath JsonPath;

typedef enum JsonPathMode { JSON_PATH_STRICT, JSON_PATH_LAX } JsonPathMode;

/* Compiles spec[0..n). With with_mode, a leading "lax " / "strict " (any
 * case, white space around) sets the mode; without it the mode is strict,
 * as in Flink. On failure returns EDDY_E_PARSE with Jayway's message in
 * err->msg. */
eddy_status eddy__json_path_compile(Arena *a, const char *spec, size_t n, bool with_mode, JsonPath **out,
                                    JsonError *err);
JsonPathMode eddy__json_path_mode(const JsonPath *p);
/* Definite paths name at most one value; others (wildcards, slices, deep
 * scans, lists) give a list of matches. */
bool eddy__json_path_definite(const JsonPath *p);

/* The outcome of evaluating a path. */
typedef struct JsonPathResult {
    /* Definite path: the value found (a JSON null is a JSON_NULL value), or
     * NULL when nothing was found. Indefinite path: an array of the matches
     * (possibly empty). */
    const JsonValue *value;
    /* Strict mode only: the error Jayway raises (for example "No results for
     * path: $['b']"); value is NULL then. NULL when there is none. */
    const char *error;
} JsonPathResult;

/* Evaluates p on root. In lax mode errors are suppressed (a definite path
 * then gives NULL, an indefinite one an empty array). Allocates the result
 * list and messages in a; returns EDDY_E_NOMEM when memory runs out. */
eddy_status eddy__json_path_eval(Arena *a, const JsonPath *p, const JsonValue *root, JsonPathResult *out);

#endif
