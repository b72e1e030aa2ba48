/*
 * test_json.c -- the JSON library (util/json.h): parsing every JSON form
 * (escapes, surrogate pairs, numbers, nesting limits), errors with their
 * positions, Jackson-style writing (compact, sorted keys, Java numbers),
 * Java toString rendering, JSONPath with Jayway's semantics in strict
 * and lax mode, and the call layouts of the SQL JSON functions (the clause
 * arguments the binder passes), evaluated through the expression API.
 */
#include "expr/expr.h"
#include "test.h"
#include "types/format.h"
#include "util/json.h"

static Arena arena;

/* Parses s and writes it back with flags; "ERR: msg @line:col" on failure. */
static const char *roundtrip(const char *s, int pflags, int wflags) {
    static char out[4096];
    JsonValue *v;
    JsonError e = {0};
    eddy_status rc = eddy__json_parse(&arena, s, strlen(s), pflags, &v, &e);
    if (rc) {
        snprintf(out, sizeof out, "ERR: %s @%d:%d", e.msg, e.line, e.col);
        return out;
    }
    Buf b;
    eddy__buf_init(&b);
    eddy__json_write(&b, v, wflags);
    snprintf(out, sizeof out, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return out;
}

static const char *rt(const char *s) { return roundtrip(s, 0, 0); }

TEST(parses_all_forms) {
    ASSERT_STR_EQ(rt("null"), "null");
    ASSERT_STR_EQ(rt(" true "), "true");
    ASSERT_STR_EQ(rt("false"), "false");
    ASSERT_STR_EQ(rt("0"), "0");
    ASSERT_STR_EQ(rt("-12"), "-12");
    ASSERT_STR_EQ(rt("1.50"), "1.50");
    ASSERT_STR_EQ(rt("-2.5e-3"), "-2.5e-3");
    ASSERT_STR_EQ(rt("1E+10"), "1E+10");
    ASSERT_STR_EQ(rt("12345678901234567890123"), "12345678901234567890123");
    ASSERT_STR_EQ(rt("\"\""), "\"\"");
    ASSERT_STR_EQ(rt("[]"), "[]");
    ASSERT_STR_EQ(rt("{}"), "{}");
    ASSERT_STR_EQ(rt(" { \"a\" : 1 , \"b\" : [ true , null , { } ] } "), "{\"a\":1,\"b\":[true,null,{}]}");
    ASSERT_STR_EQ(rt("[1,[2,[3,[4]]]]"), "[1,[2,[3,[4]]]]");
    ASSERT_STR_EQ(rt("\t\r\n[\n1\n]\n"), "[1]");
}

TEST(string_escapes) {
    ASSERT_STR_EQ(rt("\"a\\\"b\\\\c\\/d\""), "\"a\\\"b\\\\c/d\"");
    ASSERT_STR_EQ(rt("\"\\b\\f\\n\\r\\t\""), "\"\\b\\f\\n\\r\\t\"");
    ASSERT_STR_EQ(rt("\"\\u0041\\u00e9\\u4e2d\""), "\"A\xc3\xa9\xe4\xb8\xad\"");
    /* a surrogate pair is one code point: U+1F600 */
    ASSERT_STR_EQ(rt("\"\\ud83d\\ude00\""), "\"\xf0\x9f\x98\x80\"");
    /* lone surrogates become U+FFFD */
    ASSERT_STR_EQ(rt("\"\\ud83dx\""), "\"\xef\xbf\xbdx\"");
    ASSERT_STR_EQ(rt("\"\\ude00\""), "\"\xef\xbf\xbd\"");
    ASSERT_STR_EQ(rt("\"\\u0001\""), "\"\\u0001\"");
    /* raw UTF-8 passes through */
    ASSERT_STR_EQ(rt("\"日本\""), "\"日本\"");
    /* keys are decoded too */
    ASSERT_STR_EQ(rt("{\"\\u0061\":1}"), "{\"a\":1}");
}

TEST(parse_errors_with_positions) {
    ASSERT_STR_EQ(rt(""), "ERR: No content to map due to end-of-input @1:1");
    ASSERT_STR_EQ(rt("   "), "ERR: No content to map due to end-of-input @1:4");
    ASSERT_STR_EQ(rt("abc"),
                  "ERR: Unrecognized token 'abc': was expecting (JSON String, Number, Array, Object or token 'null', "
                  "'true' or 'false') @1:1");
    ASSERT_STR_EQ(rt("tru"),
                  "ERR: Unrecognized token 'tru': was expecting (JSON String, Number, Array, Object or token 'null', "
                  "'true' or 'false') @1:1");
    ASSERT_STR_EQ(rt("truex"),
                  "ERR: Unrecognized token 'truex': was expecting (JSON String, Number, Array, Object or token "
                  "'null', 'true' or 'false') @1:1");
    ASSERT_STR_EQ(rt("[1,]"),
                  "ERR: Unexpected character (']' (code 93)): expected a valid value (JSON String, Number, Array, "
                  "Object or token 'null', 'true' or 'false') @1:4");
    ASSERT_STR_EQ(rt("[1 2]"), "ERR: Unexpected character ('2' (code 50)): was expecting comma to separate Array entries @1:4");
    ASSERT_STR_EQ(rt("{\"a\" 1}"),
                  "ERR: Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value @1:6");
    ASSERT_STR_EQ(rt("{a:1}"),
                  "ERR: Unexpected character ('a' (code 97)): was expecting double-quote to start field name @1:2");
    ASSERT_STR_EQ(rt("{\"a\":1"), "ERR: Unexpected end-of-input: expected close marker for Object @1:7");
    ASSERT_STR_EQ(rt("[\n1,\n\"x"), "ERR: Unexpected end-of-input: was expecting closing quote for a string value @3:3");
    ASSERT_STR_EQ(rt("\"a\nb\""),
                  "ERR: Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be "
                  "included in string value @1:3");
    ASSERT_STR_EQ(rt("\"\\x\""), "ERR: Unrecognized character escape 'x' (code 120) @1:3");
    ASSERT_STR_EQ(rt("\"\\u12g4\""),
                  "ERR: Unexpected character ('g' (code 103)): expected a hex-digit for character escape sequence @1:6");
    ASSERT_STR_EQ(rt("01"), "ERR: Invalid numeric value: Leading zeroes not allowed @1:1");
    ASSERT_STR_EQ(rt("-x"),
                  "ERR: Unexpected character ('x' (code 120)): expected digit (0-9) to follow minus sign, for valid "
                  "numeric value @1:2");
    ASSERT_STR_EQ(rt("1."), "ERR: Unexpected end-of-input: Decimal point not followed by a digit @1:3");
    ASSERT_STR_EQ(rt("1e+"), "ERR: Unexpected end-of-input: Exponent indicator not followed by a digit @1:4");
    ASSERT_STR_EQ(rt("1x"), "ERR: Unexpected character ('x' (code 120)): Expected space separating root-level values @1:2");
    ASSERT_STR_EQ(rt("{} x"),
                  "ERR: Unexpected character ('x' (code 120)): expected end of input after the JSON value @1:4");
    ASSERT_STR_EQ(rt("[é"),
                  "ERR: Unrecognized token 'é': was expecting (JSON String, Number, Array, Object or token 'null', "
                  "'true' or 'false') @1:2");
    ASSERT_STR_EQ(rt("[#"),
                  "ERR: Unexpected character ('#' (code 35)): expected a valid value (JSON String, Number, Array, "
                  "Object or token 'null', 'true' or 'false') @1:2");
    /* Jackson's readValue ignores what follows the first value */
    ASSERT_STR_EQ(roundtrip("{} x", JSON_PARSE_ALLOW_TRAILING, 0), "{}");
    ASSERT_STR_EQ(roundtrip("1 2", JSON_PARSE_ALLOW_TRAILING, 0), "1");
    ASSERT_STR_EQ(roundtrip("1x", JSON_PARSE_ALLOW_TRAILING, 0),
                  "ERR: Unexpected character ('x' (code 120)): Expected space separating root-level values @1:2");
}

TEST(nesting_limit) {
    char *deep = malloc(4096);
    size_t n = 0;
    for (int i = 0; i < JSON_MAX_DEPTH; i++) deep[n++] = '[';
    for (int i = 0; i < JSON_MAX_DEPTH; i++) deep[n++] = ']';
    deep[n] = 0;
    JsonValue *v;
    JsonError e = {0};
    ASSERT_EQ_INT(eddy__json_parse(&arena, deep, n, 0, &v, &e), EDDY_OK);
    n = 0;
    for (int i = 0; i <= JSON_MAX_DEPTH; i++) deep[n++] = '[';
    for (int i = 0; i <= JSON_MAX_DEPTH; i++) deep[n++] = ']';
    deep[n] = 0;
    ASSERT_EQ_INT(eddy__json_parse(&arena, deep, n, 0, &v, &e), EDDY_E_PARSE);
    ASSERT_STR_CONTAINS(e.msg, "Document nesting depth (1001) exceeds the maximum allowed (1000");
    ASSERT_EQ_INT(e.col, 1001);
    /* unclosed deep nesting fails cleanly too */
    n = 0;
    for (int i = 0; i < 500; i++) deep[n++] = '{', deep[n++] = '"', deep[n++] = 'a', deep[n++] = '"',
                                        deep[n++] = ':';
    deep[n] = 0;
    ASSERT_EQ_INT(eddy__json_parse(&arena, deep, n, 0, &v, &e), EDDY_E_PARSE);
    free(deep);
}

TEST(writer) {
    ASSERT_STR_EQ(roundtrip("{\"b\":1,\"a\":{\"d\":2,\"c\":3}}", 0, JSON_WRITE_SORT_KEYS), "{\"a\":{\"c\":3,\"d\":2},\"b\":1}");
    /* a repeated key keeps the last value, as a Java map would */
    ASSERT_STR_EQ(roundtrip("{\"a\":1,\"b\":2,\"a\":3}", 0, JSON_WRITE_SORT_KEYS), "{\"a\":3,\"b\":2}");
    /* Java String order: by UTF-16 units, so U+FF5E sorts after U+1F600 */
    ASSERT_STR_EQ(roundtrip("{\"\xef\xbd\x9e\":1,\"\xf0\x9f\x98\x80\":2,\"Z\":3,\"a\":4}", 0, JSON_WRITE_SORT_KEYS),
                  "{\"Z\":3,\"a\":4,\"\xf0\x9f\x98\x80\":2,\"\xef\xbd\x9e\":1}");
    ASSERT_STR_EQ(roundtrip("[1e2, 1.50, -0, 0.0000001, 100e-2, -0.0, 123.456e1, 1E-7, 12E5]", 0, JSON_WRITE_JAVA_NUMBERS),
                  "[1E+2,1.50,0,1E-7,1.00,0.0,1234.56,1E-7,1.2E+6]");
    Buf b;
    eddy__buf_init(&b);
    eddy__json_write_string(&b, "q\"\\\x1f\x7f/", 6);
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "\"q\\\"\\\\\\u001F\x7f/\"");
    b.len = 0;
    JsonValue *o = eddy__json_object(&arena, 2);
    o->u.obj.members[0] = (JsonMember){"k", 1, eddy__json_text(&arena, JSON_RAW, "{\"x\":[1]}", 9)};
    o->u.obj.members[1] = (JsonMember){"d", 1, eddy__json_text(&arena, JSON_DOUBLE, "1.0E10", 6)};
    eddy__json_write(&b, o, JSON_WRITE_SORT_KEYS);
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "{\"d\":1.0E10,\"k\":{\"x\":[1]}}");
    b.len = 0;
    JsonValue *v;
    const char *src = "{\"a\":[1,\"x\",null,{\"b\":2.50}],\"c\":true,\"a\":5}";
    ASSERT_EQ_INT(eddy__json_parse(&arena, src, strlen(src), 0, &v, NULL), EDDY_OK);
    eddy__json_write_java(&b, v);
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "{a=5, c=true}");
    b.len = 0;
    eddy__json_write_java(&b, v->u.obj.members[0].value);
    ASSERT_STR_EQ(eddy__buf_cstr(&b), "[1, x, null, {b=2.50}]");
    eddy__buf_free(&b);
    ASSERT_TRUE(eddy__json_get(v, "a", 1)->kind == JSON_INT);
    ASSERT_TRUE(eddy__json_get(v, "zz", 2) == NULL);
}

/* Evaluates path on doc: "V: <json>" (definite), "L: [..]" (list), "E: msg",
 * "NONE", or "PATH: msg" when the path does not compile. */
static const char *jp(const char *doc, const char *path) {
    static char out[2048];
    JsonValue *v;
    JsonError e = {0};
    if (eddy__json_parse(&arena, doc, strlen(doc), 0, &v, &e)) return "bad doc";
    JsonPath *p;
    if (eddy__json_path_compile(&arena, path, strlen(path), true, &p, &e)) {
        snprintf(out, sizeof out, "PATH: %s", e.msg);
        return out;
    }
    JsonPathResult r;
    if (eddy__json_path_eval(&arena, p, v, &r)) return "nomem";
    if (r.error) {
        snprintf(out, sizeof out, "E: %s", r.error);
        return out;
    }
    if (!r.value) return "NONE";
    Buf b;
    eddy__buf_init(&b);
    eddy__json_write(&b, r.value, 0);
    snprintf(out, sizeof out, "%s: %s", eddy__json_path_definite(p) ? "V" : "L", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return out;
}

TEST(jsonpath_basic) {
    const char *d = "{\"a\":{\"b\":[10,20,{\"c\":\"x\"}]},\"k y\":1,\"n\":null,\"a.b\":[0.998,0.996]}";
    ASSERT_STR_EQ(jp(d, "$"), "V: {\"a\":{\"b\":[10,20,{\"c\":\"x\"}]},\"k y\":1,\"n\":null,\"a.b\":[0.998,0.996]}");
    ASSERT_STR_EQ(jp(d, "$.a.b[1]"), "V: 20");
    ASSERT_STR_EQ(jp(d, "$.a.b[-1].c"), "V: \"x\"");
    ASSERT_STR_EQ(jp(d, "$['a']['b'][0]"), "V: 10");
    ASSERT_STR_EQ(jp(d, "$[\"k y\"]"), "V: 1");
    ASSERT_STR_EQ(jp(d, "$.[\"a.b\"][0]"), "V: 0.998");
    ASSERT_STR_EQ(jp(d, "strict $.['k y']"), "V: 1");
    ASSERT_STR_EQ(jp(d, "$.n"), "V: null");
    ASSERT_STR_EQ(jp(d, "a.b[0]"), "V: 10"); /* Jayway adds "$." */
    ASSERT_STR_EQ(jp(d, "  LAX   $.a.b[0] "), "V: 10");
    ASSERT_STR_EQ(jp(d, "$.a.b[*]"), "L: [10,20,{\"c\":\"x\"}]");
    ASSERT_STR_EQ(jp(d, "$.a.b[*].c"), "L: [\"x\"]");
    ASSERT_STR_EQ(jp(d, "$.a.*"), "L: [[10,20,{\"c\":\"x\"}]]");
    ASSERT_STR_EQ(jp(d, "$.a.b[0,2]"), "L: [10,{\"c\":\"x\"}]");
    ASSERT_STR_EQ(jp(d, "$.a.b[1:]"), "L: [20,{\"c\":\"x\"}]");
    ASSERT_STR_EQ(jp(d, "$.a.b[:2]"), "L: [10,20]");
    ASSERT_STR_EQ(jp(d, "$.a.b[-2:]"), "L: [20,{\"c\":\"x\"}]");
    ASSERT_STR_EQ(jp(d, "$.a.b[0:1]"), "L: [10]");
    ASSERT_STR_EQ(jp(d, "$..c"), "L: [\"x\"]");
    ASSERT_STR_EQ(jp("{\"x\":{\"c\":1,\"y\":[{\"c\":2}]},\"c\":0}", "$..c"), "L: [0,1,2]");
    ASSERT_STR_EQ(jp(d, "$['a','k y']"), "V: {\"a\":{\"b\":[10,20,{\"c\":\"x\"}]},\"k y\":1}");
    ASSERT_STR_EQ(jp("[1,2,3]", "$[5]"), "E: No results for path: $[5]");
}

TEST(jsonpath_strict_and_lax_errors) {
    const char *d = "{\"a\":{\"b\":[1,2]},\"s\":\"str\",\"n\":null}";
    ASSERT_STR_EQ(jp(d, "$.x"), "E: No results for path: $['x']");
    ASSERT_STR_EQ(jp(d, "strict $.x"), "E: No results for path: $['x']");
    ASSERT_STR_EQ(jp(d, "lax $.x"), "NONE");
    ASSERT_STR_EQ(jp(d, "$.x.y"), "E: Missing property in path $['x']");
    ASSERT_STR_EQ(jp(d, "lax $.x.y"), "NONE");
    ASSERT_STR_EQ(jp(d, "$.a.b.c"),
                  "E: Expected to find an object with property ['c'] in path $['a']['b'] but found "
                  "'java.util.ArrayList'. This is not a json object according to the JsonProvider: "
                  "'org.apache.flink.shaded.com.jayway.jsonpath.spi.json.JacksonJsonProvider'.");
    ASSERT_STR_EQ(jp(d, "$.s.c"),
                  "E: Expected to find an object with property ['c'] in path $['s'] but found 'java.lang.String'. "
                  "This is not a json object according to the JsonProvider: "
                  "'org.apache.flink.shaded.com.jayway.jsonpath.spi.json.JacksonJsonProvider'.");
    ASSERT_STR_EQ(jp(d, "$.a[0]"), "E: Filter: [0] can only be applied to arrays. Current context is: {b=[1, 2]}");
    ASSERT_STR_EQ(jp(d, "$.n[0]"), "E: The path $['n'] is null");
    ASSERT_STR_EQ(jp(d, "lax $.a[0]"), "NONE");
    ASSERT_STR_EQ(jp(d, "$.a.b[7]"), "E: No results for path: $['a']['b'][7]");
    /* indefinite paths skip what does not fit; lax gives an empty list on errors */
    ASSERT_STR_EQ(jp(d, "$.*.b"), "L: [[1,2]]");
    ASSERT_STR_EQ(jp(d, "$.*[0]"), "L: []");
    ASSERT_STR_EQ(jp(d, "lax $.q[*]"), "L: []");
    ASSERT_STR_EQ(jp("[{\"a\":1},{\"b\":2},{\"a\":3}]", "$[*].a"), "L: [1,3]");
}

TEST(jsonpath_compile_errors) {
    ASSERT_STR_EQ(jp("{}", ""), "PATH: Path must not be null or empty");
    ASSERT_STR_EQ(jp("{}", "$."), "PATH: Path must not end with a '.' or '..'");
    ASSERT_STR_EQ(jp("{}", "$.a...b"), "PATH: Character '.' on position 5 is not valid.");
    ASSERT_STR_EQ(jp("{}", "$['a"), "PATH: Property has not been closed - missing closing '");
    ASSERT_STR_EQ(jp("{}", "$[x]"), "PATH: Could not parse token starting at position 1. Expected ?, ', 0-9, * ");
    ASSERT_STR_EQ(jp("{}", "$[?(@.a)]"), "PATH: JSONPath filter expressions are not supported: [?(@.a)]");
    ASSERT_STR_EQ(jp("{}", "$.a.length()"), "PATH: JSONPath functions are not supported: length()");
    ASSERT_STR_EQ(jp("{}", "$.a b"),
                  "PATH: Use bracket notion ['my prop'] if your property contains blank characters. position: 3");
    ASSERT_STR_EQ(jp("{}", "$[1"), "PATH: Could not parse token starting at position 1. Expected ?, ', 0-9, * ");
    /* "lax" alone is a property name, not a mode */
    ASSERT_STR_EQ(jp("{\"lax\":1}", "lax"), "V: 1");
    JsonPath *p;
    JsonError e;
    ASSERT_EQ_INT(eddy__json_path_compile(&arena, "lax $.a", 7, true, &p, &e), EDDY_OK);
    ASSERT_EQ_INT(eddy__json_path_mode(p), JSON_PATH_LAX);
    ASSERT_TRUE(eddy__json_path_definite(p));
    ASSERT_EQ_INT(eddy__json_path_compile(&arena, "$..a", 4, true, &p, &e), EDDY_OK);
    ASSERT_EQ_INT(eddy__json_path_mode(p), JSON_PATH_STRICT);
    ASSERT_FALSE(eddy__json_path_definite(p));
}

/* Throws arbitrary bytes at the parser and the path compiler: nothing may
 * crash, hang or leak (the arena takes everything). */
TEST(fuzz_smoke) {
    static const char alphabet[] = "{}[]\",:.\\u0123456789abcdeftrunlsE+-* $@?'\n\x80\xff";
    uint64_t x = 88172645463325252ULL;
    char buf[64];
    for (int iter = 0; iter < 20000; iter++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t n = x % sizeof buf;
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf[i] = alphabet[x % (sizeof alphabet - 1)];
        }
        JsonValue *v;
        JsonError e;
        if (eddy__json_parse(&arena, buf, n, iter & 1, &v, &e) == EDDY_OK) {
            Buf b;
            eddy__buf_init(&b);
            eddy__json_write(&b, v, JSON_WRITE_SORT_KEYS | JSON_WRITE_JAVA_NUMBERS);
            eddy__json_write_java(&b, v);
            eddy__buf_free(&b);
        }
        JsonPath *p;
        if (eddy__json_path_compile(&arena, buf, n, true, &p, &e) == EDDY_OK) {
            const char *doc = "{\"a\":[1,{\"b\":[2,3]}],\"c\":{\"a\":null}}";
            JsonValue *d;
            JsonPathResult r;
            if (eddy__json_parse(&arena, doc, strlen(doc), 0, &d, NULL) == EDDY_OK) eddy__json_path_eval(&arena, p, d, &r);
        }
        if (iter % 1000 == 0) eddy__arena_reset(&arena);
    }
}


/* ---- the JSON functions' call layouts ------------------------------------------------------------ */

static EdErr fn_err;

static Expr *lit_str(const char *s) {
    Value v = {.type = eddy__type_char(&arena, (int32_t)(strlen(s) ? strlen(s) : 1), false)};
    v.u.str = (Str){s, strlen(s)};
    return eddy__expr_literal(&arena, &v);
}

static Expr *lit_null(const char *type) {
    const Type *t;
    if (eddy__type_parse_ex(&arena, type, strlen(type), NULL, &t, &fn_err, true)) return NULL;
    return eddy__expr_null(&arena, t);
}

static Expr *lit_bool(bool b) {
    Value v = {.type = eddy__type_basic(TY_BOOLEAN, false)};
    v.u.b = b;
    return eddy__expr_literal(&arena, &v);
}

/* Evaluates fn(args) with constant arguments: the value as Java prints it,
 * "ERROR: msg" or "BIND: msg". */
static const char *call_fn(const char *fn, int n, Expr **args) {
    static char out[1024];
    Arena scratch;
    eddy__arena_init(&scratch, 1 << 12);
    EvalCtx cx = {.scratch = &scratch, .err = &fn_err};
    eddy__err_clear(&fn_err);
    Expr *e;
    Value v;
    if (eddy__expr_call_name(&arena, fn, args, n, &e, &fn_err)) {
        snprintf(out, sizeof out, "BIND: %s", fn_err.msg);
    } else if (eddy__expr_eval_const(&arena, e, &cx, &v)) {
        snprintf(out, sizeof out, "ERROR: %s", fn_err.msg);
    } else {
        Vector *vec = eddy__vec_new_const(e->type);
        eddy__vec_set_value(vec, 0, &v);
        Buf b;
        eddy__buf_init(&b);
        eddy__fmt_value_java(&b, vec, 0);
        snprintf(out, sizeof out, "%s", eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        eddy__vec_release(vec);
    }
    eddy__err_clear(&fn_err);
    eddy__arena_destroy(&scratch);
    return out;
}

#define CALL(fn, ...) call_fn(fn, (int)(sizeof((Expr *[]){__VA_ARGS__}) / sizeof(Expr *)), (Expr *[]){__VA_ARGS__})

TEST(json_function_layouts) {
    const char *doc = "{\"a\": true, \"n\": 1.5, \"arr\": [1, 2]}";
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("lax $.b"), lit_str("DEFAULT ON EMPTY"), lit_bool(false)),
                  "false");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("strict $.b"), lit_str("NULL ON EMPTY"),
                       lit_str("DEFAULT ON ERROR"), lit_str("dflt")),
                  "dflt");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("strict $.b"), lit_str("ERROR ON ERROR")),
                  "ERROR: No results for path: $['b']");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("lax $.b"), lit_str("ERROR ON EMPTY")),
                  "ERROR: Empty result of JSON_VALUE function is not allowed");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$.arr"), lit_str("ERROR ON ERROR")),
                  "ERROR: Strict jsonpath mode requires scalar value, and the actual value is: '[1, 2]'");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$.a"), lit_str("RETURNING"), lit_null("BOOLEAN")), "true");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$.n"), lit_str("RETURNING"), lit_null("DOUBLE")), "1.5");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$.n"), lit_str("RETURNING"), lit_null("DECIMAL(5, 2)")),
                  "1.50");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$.n"), lit_str("RETURNING"), lit_null("INT"),
                       lit_str("ERROR ON ERROR")),
                  "ERROR: Cannot cast JSON value '1.5' to INT");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$"), lit_str("RETURNING"), lit_null("DATE")),
                  "BIND: Unsupported type 'DATE' for RETURNING in JSON_VALUE().");
    ASSERT_STR_EQ(CALL("JSON_VALUE", lit_str(doc), lit_str("$"), lit_str("MAYBE ON EMPTY")),
                  "BIND: Invalid clause argument 3 of JSON_VALUE.");
    ASSERT_STR_EQ(CALL("JSON_QUERY", lit_str("{}"), lit_str("$"), lit_str("WITH CONDITIONAL ARRAY WRAPPER")), "[{}]");
    ASSERT_STR_EQ(CALL("JSON_QUERY", lit_str("[1]"), lit_str("$"), lit_str("WITH UNCONDITIONAL ARRAY WRAPPER")),
                  "[[1]]");
    ASSERT_STR_EQ(CALL("JSON_QUERY", lit_str("{}"), lit_str("lax $.x"), lit_str("EMPTY OBJECT ON EMPTY")), "{}");
    ASSERT_STR_EQ(CALL("JSON_QUERY", lit_str("{}"), lit_str("strict $.x"), lit_str("EMPTY ARRAY ON ERROR")), "[]");
    ASSERT_STR_EQ(CALL("JSON_QUERY", lit_str("{\"a\":\"x\"}"), lit_str("$.a"), lit_str("ERROR ON ERROR")),
                  "ERROR: Strict jsonpath mode requires array or object value, and the actual value is: 'x'");
    ASSERT_STR_EQ(CALL("JSON_QUERY", lit_str("[1,{\"b\":2},null]"), lit_str("$"), lit_str("RETURNING"),
                       lit_null("ARRAY<STRING>")),
                  "[1, {\"b\":2}, null]");
    ASSERT_STR_EQ(CALL("JSON_EXISTS", lit_str(doc), lit_str("strict $.b"), lit_str("TRUE ON ERROR")), "true");
    ASSERT_STR_EQ(CALL("JSON_EXISTS", lit_str(doc), lit_str("strict $.b"), lit_str("UNKNOWN ON ERROR")), "null");
    ASSERT_STR_EQ(CALL("JSON_EXISTS", lit_str(doc), lit_str("strict $.b"), lit_str("ERROR ON ERROR")),
                  "ERROR: No results for path: $['b']");
    ASSERT_STR_EQ(CALL("JSON_EXISTS", lit_str(doc), lit_str("strict $.b")), "false");
    /* the ON NULL clause always comes first */
    ASSERT_STR_EQ(CALL("JSON_OBJECT", lit_str("ABSENT ON NULL"), lit_str("k"), lit_null("STRING"), lit_str("a"),
                       lit_str("v")),
                  "{\"a\":\"v\"}");
    ASSERT_STR_EQ(CALL("JSON_OBJECT", lit_str("NULL ON NULL"), lit_str("k"), lit_null("STRING")), "{\"k\":null}");
    ASSERT_STR_EQ(CALL("JSON_ARRAY", lit_str("NULL ON NULL"), lit_null("INT"), lit_str("ABSENT ON NULL")),
                  "[null,\"ABSENT ON NULL\"]");
    ASSERT_STR_EQ(CALL("JSON_ARRAY", lit_str("ABSENT ON NULL"), lit_null("INT")), "[]");
    ASSERT_STR_EQ(CALL("IS_JSON", lit_str("[1]"), lit_str("ARRAY")), "true");
    ASSERT_STR_EQ(CALL("IS_JSON", lit_str("[1]"), lit_str("SCALAR")), "false");
}

int main(void) {
    eddy__arena_init(&arena, 1 << 16);
    RUN(parses_all_forms);
    RUN(string_escapes);
    RUN(parse_errors_with_positions);
    RUN(nesting_limit);
    RUN(writer);
    RUN(jsonpath_basic);
    RUN(jsonpath_strict_and_lax_errors);
    RUN(jsonpath_compile_errors);
    RUN(fuzz_smoke);
    RUN(json_function_layouts);
    eddy__arena_destroy(&arena);
    return test_report();
}
