/*
 * json.c -- the JSON parser, writer and JSONPath evaluator declared in
 * json.h.
 *
 * The parser is a recursive descent over the bytes with a depth limit; items
 * of open arrays and objects wait on one shared stack and move into the
 * arena when their container closes, so a value costs one arena allocation.
 * Messages follow Jackson's wording, because Flink shows Jackson's.
 *
 * JSONPath follows Jayway JsonPath 2.x as Flink configures it: strict mode
 * is Jayway's default configuration (missing leaves are "No results", a
 * missing inner property or a wrong container type is an error), lax mode
 * is Option.SUPPRESS_EXCEPTIONS.
 */
#include "util/json.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- building ------------------------------------------------------------------ */

JsonValue *eddy__json_new(Arena *a, JsonKind kind) {
    JsonValue *v = eddy__arena_alloc(a, sizeof *v);
    if (v) v->kind = (uint8_t)kind;
    return v;
}

JsonValue *eddy__json_text(Arena *a, JsonKind kind, const char *p, size_t n) {
    JsonValue *v = eddy__json_new(a, kind);
    char *c = eddy__arena_strndup(a, p ? p : "", p ? n : 0);
    if (!v || !c) return NULL;
    v->u.str.p = c;
    v->u.str.n = p ? n : 0;
    return v;
}

JsonValue *eddy__json_string(Arena *a, const char *p, size_t n) { return eddy__json_text(a, JSON_STRING, p, n); }

JsonValue *eddy__json_array(Arena *a, size_t n) {
    JsonValue *v = eddy__json_new(a, JSON_ARRAY);
    if (!v) return NULL;
    if (n) {
        v->u.arr.items = eddy__arena_alloc(a, n * sizeof(JsonValue *));
        if (!v->u.arr.items) return NULL;
    }
    v->u.arr.n = n;
    return v;
}

JsonValue *eddy__json_object(Arena *a, size_t n) {
    JsonValue *v = eddy__json_new(a, JSON_OBJECT);
    if (!v) return NULL;
    if (n) {
        v->u.obj.members = eddy__arena_alloc(a, n * sizeof(JsonMember));
        if (!v->u.obj.members) return NULL;
    }
    v->u.obj.n = n;
    return v;
}

const JsonValue *eddy__json_get(const JsonValue *v, const char *key, size_t key_len) {
    if (!v || v->kind != JSON_OBJECT) return NULL;
    for (size_t i = v->u.obj.n; i-- > 0;) {
        const JsonMember *m = &v->u.obj.members[i];
        if (m->key_len == key_len && memcmp(m->key, key, key_len) == 0) return m->value;
    }
    return NULL;
}

/* ---- UTF-8 helpers ------------------------------------------------------------------ */

/* Decodes one code point at s[*i] (advancing *i); invalid bytes decode as
 * themselves (Latin-1), so every input makes progress. Unlike
 * eddy__utf8_decode it checks the continuation bytes: a lead byte that is
 * not followed by them is one Latin-1 character, not the start of a longer
 * one. */
static uint32_t get_utf8(const char *s, size_t n, size_t *i) {
    const unsigned char *p = (const unsigned char *)s + *i;
    size_t rest = n - *i;
    uint32_t c = p[0];
    size_t len = 1;
    if (c >= 0xC0 && c < 0xE0 && rest >= 2 && (p[1] & 0xC0) == 0x80) {
        c = ((c & 0x1F) << 6) | (p[1] & 0x3F);
        len = 2;
    } else if (c >= 0xE0 && c < 0xF0 && rest >= 3 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
        c = ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        len = 3;
    } else if (c >= 0xF0 && c < 0xF8 && rest >= 4 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80 &&
               (p[3] & 0xC0) == 0x80) {
        c = ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        len = 4;
    }
    *i += len;
    return c;
}

/* ---- parser --------------------------------------------------------------------- */

typedef struct JsonParser {
    Arena *a;
    const char *s;
    size_t n, i;
    int flags;
    JsonError *err;
    eddy_status rc;
    ED_VEC(JsonValue *) items;
    ED_VEC(JsonMember) members;
    Buf sb;
} JsonParser;

static const char *const EXPECT_VALUE =
    "expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

static void fail_at(JsonParser *p, size_t pos, const char *fmt, ...) ED_PRINTF(3, 4);
static void fail_at(JsonParser *p, size_t pos, const char *fmt, ...) {
    if (p->rc) return;
    p->rc = EDDY_E_PARSE;
    if (!p->err) return;
    p->err->pos = pos;
    int line = 1, col = 1;
    for (size_t k = 0; k < pos && k < p->n;) {
        if (p->s[k] == '\n') {
            line++;
            col = 1;
            k++;
        } else {
            get_utf8(p->s, p->n, &k);
            col++;
        }
    }
    p->err->line = line;
    p->err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
    va_end(ap);
}

static void fail_nomem(JsonParser *p) {
    if (p->rc) return;
    p->rc = EDDY_E_NOMEM;
    if (p->err) {
        p->err->pos = p->i;
        p->err->line = p->err->col = 0;
        snprintf(p->err->msg, sizeof p->err->msg, "out of memory");
    }
}

/* "Unexpected character ('x' (code 120)): <what>" at the current byte. */
static void fail_char(JsonParser *p, const char *what) {
    if (p->i >= p->n) {
        fail_at(p, p->i, "Unexpected end-of-input: %s", what);
        return;
    }
    size_t k = p->i;
    uint32_t cp = get_utf8(p->s, p->n, &k);
    char enc[5] = {0};
    if (cp < 0x20) {
        fail_at(p, p->i, "Unexpected character ((CTRL-CHAR, code %u)): %s", cp, what);
        return;
    }
    eddy__utf8_encode(cp, enc);
    fail_at(p, p->i, "Unexpected character ('%s' (code %u)): %s", enc, cp, what);
}

static void skip_ws(JsonParser *p) {
    while (p->i < p->n) {
        char c = p->s[p->i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        p->i++;
    }
}

/* Consumes c if it is the next byte. */
static bool eat_char(JsonParser *p, char c) {
    if (p->i < p->n && p->s[p->i] == c) {
        p->i++;
        return true;
    }
    return false;
}

/* After an array element or object member: consumes the ',' before the next
 * one (1) or the closing `close` (0); anything else is Jackson's error for
 * the `container` ("Array" or "Object"), and -1. */
static int end_of_entry(JsonParser *p, char close, const char *container) {
    skip_ws(p);
    if (eat_char(p, ',')) return 1;
    if (eat_char(p, close)) return 0;
    if (p->i >= p->n) {
        fail_at(p, p->i, "Unexpected end-of-input: expected close marker for %s", container);
    } else {
        char what[64];
        snprintf(what, sizeof what, "was expecting comma to separate %s entries", container);
        fail_char(p, what);
    }
    return -1;
}

static bool is_ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           (unsigned char)c >= 0x80;
}

/* "Unrecognized token 'abc'" for a run of identifier characters. */
static void fail_token(JsonParser *p) {
    size_t e = p->i;
    while (e < p->n && e - p->i < 256 && is_ident_char(p->s[e])) e++;
    if (e == p->i) e++;
    fail_at(p, p->i, "Unrecognized token '%.*s': was expecting (JSON String, Number, Array, Object or token 'null', "
                     "'true' or 'false')",
            (int)(e - p->i), p->s + p->i);
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads 4 hex digits after "\u" at p->i. */
static bool read_hex4(JsonParser *p, uint32_t *out) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        int h = p->i < p->n ? hexval(p->s[p->i]) : -1;
        if (h < 0) {
            fail_char(p, "expected a hex-digit for character escape sequence");
            return false;
        }
        v = v * 16 + (uint32_t)h;
        p->i++;
    }
    *out = v;
    return true;
}

/* Parses a string literal at p->i (on the opening quote); the decoded bytes
 * go to the arena. */
static bool parse_string(JsonParser *p, const char **out, size_t *out_n) {
    p->i++; /* opening quote */
    size_t start = p->i;
    /* fast path: no escapes */
    while (p->i < p->n) {
        unsigned char c = (unsigned char)p->s[p->i];
        if (c == '"' || c == '\\' || c < 0x20) break;
        p->i++;
    }
    if (p->i < p->n && p->s[p->i] == '"') {
        char *c = eddy__arena_strndup(p->a, p->s + start, p->i - start);
        if (!c) {
            fail_nomem(p);
            return false;
        }
        *out = c;
        *out_n = p->i - start;
        p->i++;
        return true;
    }
    p->sb.len = 0;
    eddy__buf_put(&p->sb, p->s + start, p->i - start);
    for (;;) {
        if (p->i >= p->n) {
            fail_at(p, p->i, "Unexpected end-of-input: was expecting closing quote for a string value");
            return false;
        }
        unsigned char c = (unsigned char)p->s[p->i];
        if (c == '"') {
            p->i++;
            break;
        }
        if (c < 0x20) {
            fail_at(p, p->i,
                    "Illegal unquoted character ((CTRL-CHAR, code %u)): has to be escaped using backslash to be "
                    "included in string value",
                    c);
            return false;
        }
        if (c != '\\') {
            size_t run = p->i;
            while (run < p->n && p->s[run] != '"' && p->s[run] != '\\' && (unsigned char)p->s[run] >= 0x20) run++;
            eddy__buf_put(&p->sb, p->s + p->i, run - p->i);
            p->i = run;
            continue;
        }
        p->i++;
        if (p->i >= p->n) {
            fail_at(p, p->i, "Unexpected end-of-input in character escape sequence");
            return false;
        }
        char e = p->s[p->i++];
        char one;
        switch (e) {
        case '"': one = '"'; break;
        case '\\': one = '\\'; break;
        case '/': one = '/'; break;
        case 'b': one = '\b'; break;
        case 'f': one = '\f'; break;
        case 'n': one = '\n'; break;
        case 'r': one = '\r'; break;
        case 't': one = '\t'; break;
        case 'u': {
            uint32_t cp;
            if (!read_hex4(p, &cp)) return false;
            if (cp >= 0xD800 && cp < 0xDC00) {
                /* a high surrogate: combine with a following low one */
                uint32_t lo;
                if (p->i + 1 < p->n && p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
                    size_t save = p->i;
                    p->i += 2;
                    if (!read_hex4(p, &lo)) return false;
                    if (lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    else {
                        p->i = save;
                        cp = 0xFFFD;
                    }
                } else {
                    cp = 0xFFFD;
                }
            } else if (cp >= 0xDC00 && cp < 0xE000) {
                cp = 0xFFFD; /* a lone low surrogate has no UTF-8 form */
            }
            eddy__buf_put_utf8(&p->sb, cp);
            continue;
        }
        default: {
            p->i--;
            size_t k = p->i;
            uint32_t cp = get_utf8(p->s, p->n, &k);
            char enc[5] = {0};
            eddy__utf8_encode(cp, enc);
            fail_at(p, p->i, "Unrecognized character escape '%s' (code %u)", enc, cp);
            return false;
        }
        }
        eddy__buf_putc(&p->sb, one);
    }
    if (p->sb.failed) {
        fail_nomem(p);
        return false;
    }
    char *c = eddy__arena_strndup(p->a, p->sb.data ? p->sb.data : "", p->sb.len);
    if (!c) {
        fail_nomem(p);
        return false;
    }
    *out = c;
    *out_n = p->sb.len;
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static JsonValue *parse_number(JsonParser *p, bool root) {
    size_t start = p->i;
    bool dec = false;
    if (p->s[p->i] == '-') {
        p->i++;
        if (p->i >= p->n || !is_digit(p->s[p->i])) {
            fail_char(p, "expected digit (0-9) to follow minus sign, for valid numeric value");
            return NULL;
        }
    }
    if (p->s[p->i] == '0' && p->i + 1 < p->n && is_digit(p->s[p->i + 1])) {
        fail_at(p, p->i, "Invalid numeric value: Leading zeroes not allowed");
        return NULL;
    }
    while (p->i < p->n && is_digit(p->s[p->i])) p->i++;
    if (p->i < p->n && p->s[p->i] == '.') {
        dec = true;
        p->i++;
        if (p->i >= p->n || !is_digit(p->s[p->i])) {
            fail_char(p, "Decimal point not followed by a digit");
            return NULL;
        }
        while (p->i < p->n && is_digit(p->s[p->i])) p->i++;
    }
    if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        dec = true;
        p->i++;
        if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
        if (p->i >= p->n || !is_digit(p->s[p->i])) {
            fail_char(p, "Exponent indicator not followed by a digit");
            return NULL;
        }
        while (p->i < p->n && is_digit(p->s[p->i])) p->i++;
    }
    if (root && p->i < p->n) {
        char c = p->s[p->i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            fail_char(p, "Expected space separating root-level values");
            return NULL;
        }
    }
    JsonValue *v = eddy__json_text(p->a, dec ? JSON_DEC : JSON_INT, p->s + start, p->i - start);
    if (!v) fail_nomem(p);
    return v;
}

static JsonValue *parse_value(JsonParser *p, int depth);

static JsonValue *parse_array(JsonParser *p, int depth) {
    size_t base = p->items.len;
    p->i++; /* [ */
    skip_ws(p);
    if (eat_char(p, ']')) {
        JsonValue *v = eddy__json_array(p->a, 0);
        if (!v) fail_nomem(p);
        return v;
    }
    for (;;) {
        JsonValue *item = parse_value(p, depth);
        if (!item) return NULL;
        if (!ed_vec_push(&p->items, item)) {
            fail_nomem(p);
            return NULL;
        }
        int more = end_of_entry(p, ']', "Array");
        if (more < 0) return NULL;
        if (!more) break;
    }
    size_t cnt = p->items.len - base;
    JsonValue *v = eddy__json_array(p->a, cnt);
    if (!v) {
        fail_nomem(p);
        return NULL;
    }
    memcpy(v->u.arr.items, p->items.items + base, cnt * sizeof(JsonValue *));
    p->items.len = base;
    return v;
}

static JsonValue *parse_object(JsonParser *p, int depth) {
    size_t base = p->members.len;
    p->i++; /* { */
    skip_ws(p);
    if (eat_char(p, '}')) {
        JsonValue *v = eddy__json_object(p->a, 0);
        if (!v) fail_nomem(p);
        return v;
    }
    for (;;) {
        skip_ws(p);
        if (p->i >= p->n) {
            fail_at(p, p->i, "Unexpected end-of-input: expected close marker for Object");
            return NULL;
        }
        if (p->s[p->i] != '"') {
            fail_char(p, "was expecting double-quote to start field name");
            return NULL;
        }
        JsonMember m = {0};
        if (!parse_string(p, &m.key, &m.key_len)) return NULL;
        skip_ws(p);
        if (p->i >= p->n || p->s[p->i] != ':') {
            if (p->i >= p->n) fail_at(p, p->i, "Unexpected end-of-input: expected close marker for Object");
            else fail_char(p, "was expecting a colon to separate field name and value");
            return NULL;
        }
        p->i++;
        if (!(m.value = parse_value(p, depth))) return NULL;
        if (!ed_vec_push(&p->members, m)) {
            fail_nomem(p);
            return NULL;
        }
        int more = end_of_entry(p, '}', "Object");
        if (more < 0) return NULL;
        if (!more) break;
    }
    size_t cnt = p->members.len - base;
    JsonValue *v = eddy__json_object(p->a, cnt);
    if (!v) {
        fail_nomem(p);
        return NULL;
    }
    memcpy(v->u.obj.members, p->members.items + base, cnt * sizeof(JsonMember));
    p->members.len = base;
    return v;
}

static JsonValue *parse_literal(JsonParser *p, const char *word, JsonKind kind) {
    size_t wl = strlen(word);
    if (p->n - p->i < wl || memcmp(p->s + p->i, word, wl) != 0 || (p->i + wl < p->n && is_ident_char(p->s[p->i + wl]))) {
        fail_token(p);
        return NULL;
    }
    p->i += wl;
    JsonValue *v = eddy__json_new(p->a, kind);
    if (!v) fail_nomem(p);
    return v;
}

static JsonValue *parse_value(JsonParser *p, int depth) {
    skip_ws(p);
    if (p->i >= p->n) {
        if (depth == 0) fail_at(p, p->i, "No content to map due to end-of-input");
        else fail_at(p, p->i, "Unexpected end-of-input: %s", EXPECT_VALUE);
        return NULL;
    }
    char c = p->s[p->i];
    switch (c) {
    case '{':
    case '[':
        if (depth + 1 > JSON_MAX_DEPTH) {
            fail_at(p, p->i,
                    "Document nesting depth (%d) exceeds the maximum allowed (%d, from "
                    "`StreamReadConstraints.getMaxNestingDepth()`)",
                    depth + 1, JSON_MAX_DEPTH);
            return NULL;
        }
        return c == '{' ? parse_object(p, depth + 1) : parse_array(p, depth + 1);
    case '"': {
        const char *s;
        size_t n;
        if (!parse_string(p, &s, &n)) return NULL;
        JsonValue *v = eddy__json_new(p->a, JSON_STRING);
        if (!v) {
            fail_nomem(p);
            return NULL;
        }
        v->u.str.p = s;
        v->u.str.n = n;
        return v;
    }
    case 't': return parse_literal(p, "true", JSON_TRUE);
    case 'f': return parse_literal(p, "false", JSON_FALSE);
    case 'n': return parse_literal(p, "null", JSON_NULL);
    default:
        if (c == '-' || is_digit(c)) return parse_number(p, depth == 0);
        if (is_ident_char(c)) fail_token(p);
        else fail_char(p, EXPECT_VALUE);
        return NULL;
    }
}

eddy_status eddy__json_parse(Arena *a, const char *s, size_t n, int flags, JsonValue **out, JsonError *err) {
    JsonParser p = {.a = a, .s = s ? s : "", .n = s ? n : 0, .flags = flags, .err = err};
    eddy__buf_init(&p.sb);
    JsonValue *v = parse_value(&p, 0);
    if (v && !(flags & JSON_PARSE_ALLOW_TRAILING)) {
        skip_ws(&p);
        if (p.i < p.n) {
            fail_char(&p, "expected end of input after the JSON value");
            v = NULL;
        }
    }
    ed_vec_free(&p.items);
    ed_vec_free(&p.members);
    eddy__buf_free(&p.sb);
    if (!v || p.rc) return p.rc ? p.rc : EDDY_E_PARSE;
    *out = v;
    return EDDY_OK;
}

/* ---- writing --------------------------------------------------------------------------- */

void eddy__json_write_string(Buf *b, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    eddy__buf_putc(b, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        eddy__buf_put(b, s + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': eddy__buf_puts(b, "\\\""); break;
        case '\\': eddy__buf_puts(b, "\\\\"); break;
        case '\n': eddy__buf_puts(b, "\\n"); break;
        case '\r': eddy__buf_puts(b, "\\r"); break;
        case '\t': eddy__buf_puts(b, "\\t"); break;
        case '\b': eddy__buf_puts(b, "\\b"); break;
        case '\f': eddy__buf_puts(b, "\\f"); break;
        default: {
            char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            eddy__buf_put(b, e, 6);
        }
        }
    }
    eddy__buf_put(b, s + run, n - run);
    eddy__buf_putc(b, '"');
}

/* Java's BigDecimal.toString of a JSON decimal literal: the digits as an
 * unscaled value with a scale, plain when the scale is >= 0 and the
 * adjusted exponent >= -6, else scientific ("1E+3", "1.5E-7"). */
static void write_bigdecimal(Buf *b, const char *t, size_t n) {
    size_t i = 0;
    bool neg = false;
    if (i < n && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
    Buf digits;
    eddy__buf_init(&digits);
    long scale = 0;
    for (; i < n && is_digit(t[i]); i++) eddy__buf_putc(&digits, t[i]);
    if (i < n && t[i] == '.')
        for (i++; i < n && is_digit(t[i]); i++) {
            eddy__buf_putc(&digits, t[i]);
            scale++;
        }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        bool eneg = false;
        if (i < n && (t[i] == '+' || t[i] == '-')) eneg = t[i++] == '-';
        long e = 0;
        for (; i < n && is_digit(t[i]); i++)
            if (e < 100000000) e = e * 10 + (t[i] - '0');
        scale += eneg ? e : -e;
    }
    const char *d = digits.data ? digits.data : "0";
    size_t dn = digits.len;
    while (dn > 1 && *d == '0') d++, dn--;
    if (dn == 0) d = "0", dn = 1;
    bool zero = dn == 1 && d[0] == '0';
    if (neg && !zero) eddy__buf_putc(b, '-');
    long adjusted = (long)dn - 1 - scale;
    if (scale >= 0 && adjusted >= -6) {
        if (scale == 0) {
            eddy__buf_put(b, d, dn);
        } else if ((long)dn > scale) {
            eddy__buf_put(b, d, dn - (size_t)scale);
            eddy__buf_putc(b, '.');
            eddy__buf_put(b, d + dn - (size_t)scale, (size_t)scale);
        } else {
            eddy__buf_puts(b, "0.");
            eddy__buf_pad(b, '0', (size_t)(scale - (long)dn));
            eddy__buf_put(b, d, dn);
        }
    } else {
        eddy__buf_putc(b, d[0]);
        if (dn > 1) {
            eddy__buf_putc(b, '.');
            eddy__buf_put(b, d + 1, dn - 1);
        }
        eddy__buf_printf(b, "E%s%ld", adjusted >= 0 ? "+" : "", adjusted);
    }
    eddy__buf_free(&digits);
}

void eddy__json_write_java_number(Buf *b, const char *t, size_t n, bool integer) {
    if (!integer) {
        write_bigdecimal(b, t, n);
        return;
    }
    size_t i = 0;
    bool neg = n && t[0] == '-';
    if (neg || (n && t[0] == '+')) i++;
    while (i + 1 < n && t[i] == '0') i++;
    if (neg && !(n - i == 1 && t[i] == '0')) eddy__buf_putc(b, '-');
    eddy__buf_put(b, t + i, n - i);
}

/* Compares two UTF-8 strings as Java compares Strings: by UTF-16 code units. */
static int cmp_java(const char *a, size_t an, const char *b, size_t bn) {
    size_t i = 0, j = 0;
    uint32_t pa = 0, pb = 0; /* pending low surrogates */
    for (;;) {
        uint32_t ua, ub;
        if (pa) ua = pa, pa = 0;
        else if (i < an) {
            uint32_t cp = get_utf8(a, an, &i);
            if (cp >= 0x10000) {
                ua = 0xD800 + ((cp - 0x10000) >> 10);
                pa = 0xDC00 + ((cp - 0x10000) & 0x3FF);
            } else ua = cp;
        } else ua = UINT32_MAX;
        if (pb) ub = pb, pb = 0;
        else if (j < bn) {
            uint32_t cp = get_utf8(b, bn, &j);
            if (cp >= 0x10000) {
                ub = 0xD800 + ((cp - 0x10000) >> 10);
                pb = 0xDC00 + ((cp - 0x10000) & 0x3FF);
            } else ub = cp;
        } else ub = UINT32_MAX;
        if (ua == UINT32_MAX || ub == UINT32_MAX) return ua == ub ? 0 : ua == UINT32_MAX ? -1 : 1;
        if (ua != ub) return ua < ub ? -1 : 1;
    }
}

/* Indices of the members a Java map built from v would hold: the first
 * position of each key, pointing at the last value given for it. */
static size_t map_entries(const JsonValue *v, size_t *idx) {
    size_t cnt = 0;
    for (size_t i = 0; i < v->u.obj.n; i++) {
        const JsonMember *m = &v->u.obj.members[i];
        bool seen = false;
        for (size_t k = 0; k < cnt && !seen; k++) {
            const JsonMember *o = &v->u.obj.members[idx[k]];
            if (o->key_len == m->key_len && memcmp(o->key, m->key, m->key_len) == 0) {
                idx[k] = i; /* later value wins, first position stays */
                seen = true;
            }
        }
        if (!seen) idx[cnt++] = i;
    }
    return cnt;
}

static void sort_entries(const JsonValue *v, size_t *idx, size_t cnt) {
    for (size_t i = 1; i < cnt; i++) { /* insertion sort: objects are small and this is stable */
        size_t x = idx[i], k = i;
        const JsonMember *mx = &v->u.obj.members[x];
        while (k > 0) {
            const JsonMember *mk = &v->u.obj.members[idx[k - 1]];
            if (cmp_java(mk->key, mk->key_len, mx->key, mx->key_len) <= 0) break;
            idx[k] = idx[k - 1];
            k--;
        }
        idx[k] = x;
    }
}

void eddy__json_write(Buf *b, const JsonValue *v, int flags) {
    switch ((JsonKind)v->kind) {
    case JSON_NULL: eddy__buf_puts(b, "null"); return;
    case JSON_FALSE: eddy__buf_puts(b, "false"); return;
    case JSON_TRUE: eddy__buf_puts(b, "true"); return;
    case JSON_INT:
    case JSON_DEC:
        if (flags & JSON_WRITE_JAVA_NUMBERS) eddy__json_write_java_number(b, v->u.str.p, v->u.str.n, v->kind == JSON_INT);
        else eddy__buf_put(b, v->u.str.p, v->u.str.n);
        return;
    case JSON_DOUBLE:
    case JSON_RAW: eddy__buf_put(b, v->u.str.p, v->u.str.n); return;
    case JSON_STRING: eddy__json_write_string(b, v->u.str.p, v->u.str.n); return;
    case JSON_ARRAY:
        eddy__buf_putc(b, '[');
        for (size_t i = 0; i < v->u.arr.n; i++) {
            if (i) eddy__buf_putc(b, ',');
            eddy__json_write(b, v->u.arr.items[i], flags);
        }
        eddy__buf_putc(b, ']');
        return;
    case JSON_OBJECT: {
        eddy__buf_putc(b, '{');
        if (!(flags & JSON_WRITE_SORT_KEYS)) {
            for (size_t i = 0; i < v->u.obj.n; i++) {
                if (i) eddy__buf_putc(b, ',');
                eddy__json_write_string(b, v->u.obj.members[i].key, v->u.obj.members[i].key_len);
                eddy__buf_putc(b, ':');
                eddy__json_write(b, v->u.obj.members[i].value, flags);
            }
        } else if (v->u.obj.n) {
            size_t *idx = eddy__malloc(v->u.obj.n * sizeof(size_t));
            if (!idx) {
                b->failed = true;
                return;
            }
            size_t cnt = map_entries(v, idx);
            sort_entries(v, idx, cnt);
            for (size_t i = 0; i < cnt; i++) {
                const JsonMember *m = &v->u.obj.members[idx[i]];
                if (i) eddy__buf_putc(b, ',');
                eddy__json_write_string(b, m->key, m->key_len);
                eddy__buf_putc(b, ':');
                eddy__json_write(b, m->value, flags);
            }
            eddy__free(idx);
        }
        eddy__buf_putc(b, '}');
        return;
    }
    }
}

void eddy__json_write_java(Buf *b, const JsonValue *v) {
    switch ((JsonKind)v->kind) {
    case JSON_STRING:
    case JSON_DOUBLE:
    case JSON_RAW: eddy__buf_put(b, v->u.str.p, v->u.str.n); return;
    case JSON_INT:
    case JSON_DEC: eddy__json_write_java_number(b, v->u.str.p, v->u.str.n, v->kind == JSON_INT); return;
    case JSON_ARRAY:
        eddy__buf_putc(b, '[');
        for (size_t i = 0; i < v->u.arr.n; i++) {
            if (i) eddy__buf_puts(b, ", ");
            eddy__json_write_java(b, v->u.arr.items[i]);
        }
        eddy__buf_putc(b, ']');
        return;
    case JSON_OBJECT: {
        eddy__buf_putc(b, '{');
        if (v->u.obj.n) {
            size_t *idx = eddy__malloc(v->u.obj.n * sizeof(size_t));
            if (!idx) {
                b->failed = true;
                return;
            }
            size_t cnt = map_entries(v, idx);
            for (size_t i = 0; i < cnt; i++) {
                const JsonMember *m = &v->u.obj.members[idx[i]];
                if (i) eddy__buf_puts(b, ", ");
                eddy__buf_put(b, m->key, m->key_len);
                eddy__buf_putc(b, '=');
                eddy__json_write_java(b, m->value);
            }
            eddy__free(idx);
        }
        eddy__buf_putc(b, '}');
        return;
    }
    default: eddy__json_write(b, v, 0); return;
    }
}

/* ---- JSONPath: compiling --------------------------------------------------------------- */

typedef enum PathTokKind {
    PT_PROPS,    /* ['a'] or ['a','b'] */
    PT_INDEXES,  /* [0] or [0,2] */
    PT_SLICE,    /* [a:b], [:b], [a:] */
    PT_WILDCARD, /* [*] or .* */
    PT_SCAN,     /* .. */
} PathTokKind;

typedef struct PathTok {
    PathTokKind kind;
    int n;                /* properties / indexes */
    const char **props;
    size_t *prop_lens;
    int64_t *idx;
    bool has_from, has_to;
    int64_t from, to;
    const char *text;     /* how Jayway prints the token: "['a']", "[0]", "[*]", ".." */
} PathTok;

struct JsonPath {
    JsonPathMode mode;
    int ntok;
    PathTok *tok;
    const char *text;  /* "$['a'][0]" */
    bool definite;
};

JsonPathMode eddy__json_path_mode(const JsonPath *p) { return p->mode; }
bool eddy__json_path_definite(const JsonPath *p) { return p->definite; }

typedef struct PathParser {
    Arena *a;
    const char *s;
    size_t n, i;
    JsonError *err;
    ED_VEC(PathTok) toks;
    eddy_status rc;
} PathParser;

static void path_fail(PathParser *pp, const char *fmt, ...) ED_PRINTF(2, 3);
static void path_fail(PathParser *pp, const char *fmt, ...) {
    if (pp->rc) return;
    pp->rc = EDDY_E_PARSE;
    if (!pp->err) return;
    pp->err->pos = pp->i;
    pp->err->line = 1;
    pp->err->col = (int)pp->i + 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pp->err->msg, sizeof pp->err->msg, fmt, ap);
    va_end(ap);
}

static bool path_push(PathParser *pp, PathTok t) {
    if (!t.text || !ed_vec_push(&pp->toks, t)) {
        pp->rc = EDDY_E_NOMEM;
        if (pp->err) snprintf(pp->err->msg, sizeof pp->err->msg, "out of memory");
        return false;
    }
    return true;
}

static bool path_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void pp_skip_ws(PathParser *pp) {
    while (pp->i < pp->n && path_ws(pp->s[pp->i])) pp->i++;
}

static bool parse_props_token(PathParser *pp, PathTok *t) {
    /* at a quote inside [...] */
    ED_VEC(const char *) names = {0};
    ED_VEC(size_t) lens = {0};
    Buf text, name;
    eddy__buf_init(&text);
    eddy__buf_init(&name);
    eddy__buf_putc(&text, '[');
    bool ok = false;
    for (;;) {
        pp_skip_ws(pp);
        if (pp->i >= pp->n || (pp->s[pp->i] != '\'' && pp->s[pp->i] != '"')) {
            path_fail(pp, "Property must be separated by comma or Property must be terminated close square bracket "
                          "at index %zu",
                      pp->i);
            goto done;
        }
        char q = pp->s[pp->i++];
        name.len = 0;
        bool closed = false;
        while (pp->i < pp->n) {
            char c = pp->s[pp->i++];
            if (c == '\\' && pp->i < pp->n) {
                eddy__buf_putc(&name, pp->s[pp->i++]);
                continue;
            }
            if (c == q) {
                closed = true;
                break;
            }
            eddy__buf_putc(&name, c);
        }
        if (!closed) {
            path_fail(pp, "Property has not been closed - missing closing %c", q);
            goto done;
        }
        char *nm = eddy__arena_strndup(pp->a, name.data ? name.data : "", name.len);
        if (!nm || !ed_vec_push(&names, nm) || !ed_vec_push(&lens, name.len)) {
            path_fail(pp, "out of memory");
            goto done;
        }
        if (names.len > 1) eddy__buf_putc(&text, ',');
        eddy__buf_putc(&text, '\'');
        eddy__buf_put(&text, name.data ? name.data : "", name.len);
        eddy__buf_putc(&text, '\'');
        pp_skip_ws(pp);
        if (pp->i < pp->n && pp->s[pp->i] == ',') {
            pp->i++;
            continue;
        }
        if (pp->i < pp->n && pp->s[pp->i] == ']') {
            pp->i++;
            break;
        }
        path_fail(pp, "Property must be separated by comma or Property must be terminated close square bracket at "
                      "index %zu",
                  pp->i);
        goto done;
    }
    eddy__buf_putc(&text, ']');
    t->kind = PT_PROPS;
    t->n = (int)names.len;
    t->props = eddy__arena_dup(pp->a, names.items, names.len * sizeof(char *));
    t->prop_lens = eddy__arena_dup(pp->a, lens.items, lens.len * sizeof(size_t));
    t->text = eddy__arena_strndup(pp->a, text.data, text.len);
    ok = t->props && t->prop_lens && !text.failed && !name.failed;
    if (!ok) path_fail(pp, "out of memory");
done:
    ed_vec_free(&names);
    ed_vec_free(&lens);
    eddy__buf_free(&text);
    eddy__buf_free(&name);
    return ok;
}

static bool read_int(PathParser *pp, int64_t *out) {
    size_t start = pp->i;
    if (pp->i < pp->n && pp->s[pp->i] == '-') pp->i++;
    int64_t v = 0;
    size_t digits = 0;
    while (pp->i < pp->n && is_digit(pp->s[pp->i])) {
        if (v < 100000000000000LL) v = v * 10 + (pp->s[pp->i] - '0');
        pp->i++;
        digits++;
    }
    if (!digits) {
        pp->i = start;
        return false;
    }
    *out = pp->s[start] == '-' ? -v : v;
    return true;
}

static bool parse_index_token(PathParser *pp, PathTok *t) {
    /* inside [...], at a digit, '-' or ':' */
    size_t open = pp->i;
    ED_VEC(int64_t) idx = {0};
    bool ok = false;
    int64_t v;
    pp_skip_ws(pp);
    if (pp->i < pp->n && pp->s[pp->i] == ':') {
        pp->i++;
        pp_skip_ws(pp);
        t->kind = PT_SLICE;
        if (!read_int(pp, &t->to)) {
            path_fail(pp, "Failed to parse SliceOperation: %.*s", (int)(pp->n - open), pp->s + open);
            goto done;
        }
        t->has_to = true;
    } else {
        if (!read_int(pp, &v)) {
            path_fail(pp, "Could not parse token starting at position %zu. Expected ?, ', 0-9, * ", open - 1);
            goto done;
        }
        pp_skip_ws(pp);
        if (pp->i < pp->n && pp->s[pp->i] == ':') {
            pp->i++;
            pp_skip_ws(pp);
            t->kind = PT_SLICE;
            t->has_from = true;
            t->from = v;
            if (read_int(pp, &t->to)) t->has_to = true;
        } else {
            t->kind = PT_INDEXES;
            if (!ed_vec_push(&idx, v)) goto nomem;
            while (pp->i < pp->n && pp->s[pp->i] == ',') {
                pp->i++;
                pp_skip_ws(pp);
                if (!read_int(pp, &v)) {
                    path_fail(pp, "Failed to parse ArrayIndexOperation: %.*s", (int)(pp->n - open), pp->s + open);
                    goto done;
                }
                if (!ed_vec_push(&idx, v)) goto nomem;
                pp_skip_ws(pp);
            }
        }
    }
    pp_skip_ws(pp);
    if (pp->i >= pp->n || pp->s[pp->i] != ']') {
        path_fail(pp, "Could not parse token starting at position %zu. Expected ?, ', 0-9, * ", open - 1);
        goto done;
    }
    pp->i++;
    Buf text;
    eddy__buf_init(&text);
    eddy__buf_putc(&text, '[');
    if (t->kind == PT_SLICE) {
        if (t->has_from) eddy__buf_printf(&text, "%lld", (long long)t->from);
        eddy__buf_putc(&text, ':');
        if (t->has_to) eddy__buf_printf(&text, "%lld", (long long)t->to);
    } else {
        for (size_t k = 0; k < idx.len; k++) eddy__buf_printf(&text, "%s%lld", k ? "," : "", (long long)idx.items[k]);
        t->n = (int)idx.len;
        t->idx = eddy__arena_dup(pp->a, idx.items, idx.len * sizeof(int64_t));
    }
    eddy__buf_putc(&text, ']');
    t->text = text.failed ? NULL : eddy__arena_strndup(pp->a, text.data, text.len);
    eddy__buf_free(&text);
    if (!t->text || (t->kind == PT_INDEXES && !t->idx)) goto nomem;
    ok = true;
    goto done;
nomem:
    path_fail(pp, "out of memory");
done:
    ed_vec_free(&idx);
    return ok;
}

static bool parse_bracket(PathParser *pp) {
    size_t open = pp->i;
    pp->i++; /* [ */
    pp_skip_ws(pp);
    PathTok t = {0};
    if (pp->i >= pp->n) {
        path_fail(pp, "Path must not end with a '['");
        return false;
    }
    char c = pp->s[pp->i];
    if (c == '*') {
        pp->i++;
        pp_skip_ws(pp);
        if (pp->i >= pp->n || pp->s[pp->i] != ']') {
            path_fail(pp, "Expected wildcard token to end with ']' on position %zu", pp->i);
            return false;
        }
        pp->i++;
        t.kind = PT_WILDCARD;
        t.text = "[*]";
        return path_push(pp, t);
    }
    if (c == '?') {
        path_fail(pp, "JSONPath filter expressions are not supported: %.*s", (int)(pp->n - open), pp->s + open);
        return false;
    }
    if (c == '\'' || c == '"') return parse_props_token(pp, &t) && path_push(pp, t);
    if (c == '-' || c == ':' || is_digit(c)) return parse_index_token(pp, &t) && path_push(pp, t);
    path_fail(pp, "Could not parse token starting at position %zu. Expected ?, ', 0-9, * ", open);
    return false;
}

/* A property after '.' (or at the start after "$."): up to '.', '[', a space
 * or '('. */
static bool parse_dot_property(PathParser *pp) {
    size_t start = pp->i;
    while (pp->i < pp->n) {
        char c = pp->s[pp->i];
        if (c == '.' || c == '[' || c == '(' || path_ws(c)) break;
        pp->i++;
    }
    if (pp->i < pp->n && pp->s[pp->i] == '(') {
        path_fail(pp, "JSONPath functions are not supported: %.*s", (int)(pp->n - start), pp->s + start);
        return false;
    }
    if (pp->i < pp->n && path_ws(pp->s[pp->i])) {
        path_fail(pp, "Use bracket notion ['my prop'] if your property contains blank characters. position: %zu",
                  pp->i);
        return false;
    }
    if (pp->i == start) {
        path_fail(pp, "Could not parse token starting at position %zu", start);
        return false;
    }
    PathTok t = {.kind = PT_PROPS, .n = 1};
    t.props = eddy__arena_alloc(pp->a, sizeof(char *));
    t.prop_lens = eddy__arena_alloc(pp->a, sizeof(size_t));
    char *nm = eddy__arena_strndup(pp->a, pp->s + start, pp->i - start);
    t.text = eddy__arena_printf(pp->a, "['%s']", nm ? nm : "");
    if (!t.props || !t.prop_lens || !nm) {
        path_fail(pp, "out of memory");
        return false;
    }
    t.props[0] = nm;
    t.prop_lens[0] = pp->i - start;
    return path_push(pp, t);
}

eddy_status eddy__json_path_compile(Arena *a, const char *spec, size_t n, bool with_mode, JsonPath **out,
                                    JsonError *err) {
    PathParser pp = {.a = a, .s = spec ? spec : "", .n = spec ? n : 0, .err = err};
    JsonPathMode mode = JSON_PATH_STRICT;
    if (with_mode) {
        /* Flink: ^\s*(strict|lax)\s+(.+)$, case-insensitive; otherwise strict */
        size_t i = 0;
        while (i < pp.n && path_ws(pp.s[i])) i++;
        size_t w = i;
        while (w < pp.n && ((pp.s[w] | 0x20) >= 'a' && (pp.s[w] | 0x20) <= 'z')) w++;
        size_t after = w;
        while (after < pp.n && path_ws(pp.s[after])) after++;
        bool lax = eddy__strn_ieq(pp.s + i, w - i, "lax"), strict = eddy__strn_ieq(pp.s + i, w - i, "strict");
        if ((lax || strict) && after > w && after < pp.n) {
            mode = lax ? JSON_PATH_LAX : JSON_PATH_STRICT;
            pp.s += after;
            pp.n -= after;
        }
    }
    /* Jayway trims, and puts "$." before a path without a root */
    while (pp.n && path_ws(pp.s[0])) pp.s++, pp.n--;
    while (pp.n && path_ws(pp.s[pp.n - 1])) pp.n--;
    if (pp.n == 0) {
        path_fail(&pp, "Path must not be null or empty");
        return pp.rc;
    }
    if (pp.s[0] != '$') {
        if (pp.s[0] == '@') {
            path_fail(&pp, "Path must start with '$'");
            return pp.rc;
        }
        char *full = eddy__arena_printf(a, "$.%.*s", (int)pp.n, pp.s);
        if (!full) {
            if (err) snprintf(err->msg, sizeof err->msg, "out of memory");
            return EDDY_E_NOMEM;
        }
        pp.s = full;
        pp.n = strlen(full);
    }
    if (pp.s[pp.n - 1] == '.') {
        pp.i = pp.n - 1;
        path_fail(&pp, "Path must not end with a '.' or '..'");
        return pp.rc;
    }
    pp.i = 1;
    while (!pp.rc && pp.i < pp.n) {
        char c = pp.s[pp.i];
        if (c == '[') {
            parse_bracket(&pp);
        } else if (c == '.') {
            if (pp.i + 1 < pp.n && pp.s[pp.i + 1] == '.') {
                PathTok t = {.kind = PT_SCAN, .text = ".."};
                if (!path_push(&pp, t)) break;
                pp.i += 2;
            } else {
                pp.i++;
            }
            if (pp.i >= pp.n) {
                path_fail(&pp, "Path must not end with a '.' or '..'");
                break;
            }
            char d = pp.s[pp.i];
            if (d == '.') {
                path_fail(&pp, "Character '.' on position %zu is not valid.", pp.i);
            } else if (d == '*') {
                PathTok t = {.kind = PT_WILDCARD, .text = "[*]"};
                pp.i++;
                path_push(&pp, t);
            } else if (d == '[') {
                parse_bracket(&pp);
            } else {
                parse_dot_property(&pp);
            }
        } else if (path_ws(c)) {
            pp.i++;
        } else {
            path_fail(&pp, "Could not parse token starting at position %zu", pp.i);
        }
    }
    if (pp.rc) {
        ed_vec_free(&pp.toks);
        return pp.rc;
    }
    JsonPath *p = eddy__arena_alloc(a, sizeof *p);
    PathTok *toks = pp.toks.len ? eddy__arena_dup(a, pp.toks.items, pp.toks.len * sizeof(PathTok)) : NULL;
    Buf text;
    eddy__buf_init(&text);
    eddy__buf_putc(&text, '$');
    bool definite = true;
    for (size_t k = 0; k < pp.toks.len; k++) {
        const PathTok *t = &pp.toks.items[k];
        eddy__buf_puts(&text, t->text);
        if (t->kind == PT_WILDCARD || t->kind == PT_SCAN || t->kind == PT_SLICE || (t->kind == PT_INDEXES && t->n > 1))
            definite = false;
        /* ['a','b'] is definite only as the last token (Jayway merges the properties) */
        if (t->kind == PT_PROPS && t->n > 1 && k + 1 < pp.toks.len) definite = false;
    }
    const char *txt = text.failed ? NULL : eddy__arena_strndup(a, text.data, text.len);
    eddy__buf_free(&text);
    size_t ntok = pp.toks.len;
    ed_vec_free(&pp.toks);
    if (!p || (ntok && !toks) || !txt) {
        if (err) snprintf(err->msg, sizeof err->msg, "out of memory");
        return EDDY_E_NOMEM;
    }
    p->mode = mode;
    p->ntok = (int)ntok;
    p->tok = toks;
    p->text = txt;
    p->definite = definite;
    *out = p;
    return EDDY_OK;
}

/* ---- JSONPath: evaluating ------------------------------------------------------------------ */

typedef struct PathEval {
    Arena *a;
    const JsonPath *p;
    bool suppress; /* lax mode */
    ED_VEC(const JsonValue *) hits;
    const char *error;
    bool nomem;
} PathEval;

static const char *const JACKSON_PROVIDER = "org.apache.flink.shaded.com.jayway.jsonpath.spi.json.JacksonJsonProvider";

/* The Java class Jackson parses a value into. */
static const char *java_class(const JsonValue *v) {
    switch ((JsonKind)v->kind) {
    case JSON_NULL: return "null";
    case JSON_TRUE:
    case JSON_FALSE: return "java.lang.Boolean";
    case JSON_INT: {
        const char *d = v->u.str.p;
        size_t n = v->u.str.n;
        bool neg = n && d[0] == '-';
        if (neg) d++, n--;
        if (n < 10 || (n == 10 && memcmp(d, neg ? "2147483648" : "2147483647", 10) <= 0)) return "java.lang.Integer";
        if (n < 19 || (n == 19 && memcmp(d, neg ? "9223372036854775808" : "9223372036854775807", 19) <= 0))
            return "java.lang.Long";
        return "java.math.BigInteger";
    }
    case JSON_DEC: return "java.math.BigDecimal";
    case JSON_DOUBLE: return "java.lang.Double";
    case JSON_STRING: return "java.lang.String";
    case JSON_ARRAY: return "java.util.ArrayList";
    case JSON_OBJECT: return "java.util.LinkedHashMap";
    case JSON_RAW: return "java.lang.Object";
    }
    return "java.lang.Object";
}

/* "$" and the tokens before token k, as Jayway prints the current path. */
static const char *path_prefix(PathEval *ev, int k) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_putc(&b, '$');
    for (int i = 0; i < k; i++) eddy__buf_puts(&b, ev->p->tok[i].text);
    const char *s = b.failed ? NULL : eddy__arena_strndup(ev->a, b.data, b.len);
    eddy__buf_free(&b);
    if (!s) ev->nomem = true;
    return s ? s : "$";
}

static void eval_error(PathEval *ev, const char *fmt, ...) ED_PRINTF(2, 3);
static void eval_error(PathEval *ev, const char *fmt, ...) {
    if (ev->error) return;
    va_list ap;
    va_start(ap, fmt);
    char *m = eddy__arena_vprintf(ev->a, fmt, ap);
    va_end(ap);
    ev->error = m ? m : "out of memory";
    if (!m) ev->nomem = true;
}

static bool upstream_definite(const JsonPath *p, int k) {
    for (int i = 0; i < k; i++) {
        const PathTok *t = &p->tok[i];
        if (t->kind == PT_WILDCARD || t->kind == PT_SCAN || t->kind == PT_SLICE || t->n > 1) return false;
    }
    return true;
}

static bool token_definite(const PathTok *t, bool leaf) {
    if (t->kind == PT_PROPS) return t->n == 1 || leaf;
    return t->kind == PT_INDEXES && t->n == 1;
}

static void eval_tok(PathEval *ev, int k, const JsonValue *model);

static void hit(PathEval *ev, const JsonValue *v) {
    if (!ed_vec_push(&ev->hits, v)) ev->nomem = true;
}

/* Goes on with token k+1 on v, or records v when token k was the last. */
static void next_or_hit(PathEval *ev, int k, const JsonValue *v) {
    if (k + 1 >= ev->p->ntok) hit(ev, v);
    else eval_tok(ev, k + 1, v);
}

static void eval_props(PathEval *ev, int k, const JsonValue *model) {
    const PathTok *t = &ev->p->tok[k];
    bool leaf = k + 1 >= ev->p->ntok;
    if (model->kind != JSON_OBJECT) {
        if (!upstream_definite(ev->p, k) || ev->suppress) return;
        eval_error(ev,
                   "Expected to find an object with property %s in path %s but found '%s'. This is not a json "
                   "object according to the JsonProvider: '%s'.",
                   t->text, path_prefix(ev, k), java_class(model), JACKSON_PROVIDER);
        return;
    }
    if (t->n > 1 && leaf) {
        /* merge: an object with the properties that exist */
        JsonValue *o = eddy__json_object(ev->a, (size_t)t->n);
        if (!o) {
            ev->nomem = true;
            return;
        }
        size_t cnt = 0;
        for (int j = 0; j < t->n; j++) {
            const JsonValue *v = eddy__json_get(model, t->props[j], t->prop_lens[j]);
            if (!v) continue;
            o->u.obj.members[cnt++] = (JsonMember){t->props[j], t->prop_lens[j], (JsonValue *)v};
        }
        o->u.obj.n = cnt;
        hit(ev, o);
        return;
    }
    for (int j = 0; j < t->n && !ev->error; j++) {
        const JsonValue *v = eddy__json_get(model, t->props[j], t->prop_lens[j]);
        if (!v) {
            if (leaf) continue; /* no result; the definite check reports it */
            if (!(upstream_definite(ev->p, k) && token_definite(t, leaf)) || ev->suppress) continue;
            eval_error(ev, "Missing property in path %s['%s']", path_prefix(ev, k), t->props[j]);
            return;
        }
        next_or_hit(ev, k, v);
    }
}

/* checkArrayModel: false to skip (or after recording an error). */
static bool check_array(PathEval *ev, int k, const JsonValue *model) {
    if (model->kind == JSON_ARRAY) return true;
    if (!upstream_definite(ev->p, k) || ev->suppress) return false;
    if (model->kind == JSON_NULL) {
        eval_error(ev, "The path %s is null", path_prefix(ev, k));
        return false;
    }
    Buf b;
    eddy__buf_init(&b);
    eddy__json_write_java(&b, model);
    eval_error(ev, "Filter: %s can only be applied to arrays. Current context is: %s", ev->p->tok[k].text,
               eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return false;
}

static void eval_index(PathEval *ev, int k, const JsonValue *model, int64_t index) {
    int64_t len = (int64_t)model->u.arr.n;
    int64_t eff = index < 0 ? len + index : index;
    if (eff < 0 || eff >= len) return;
    next_or_hit(ev, k, model->u.arr.items[eff]);
}

static void scan(PathEval *ev, int k, const JsonValue *model, int depth);

static void eval_tok(PathEval *ev, int k, const JsonValue *model) {
    if (ev->error || ev->nomem) return;
    const PathTok *t = &ev->p->tok[k];
    switch (t->kind) {
    case PT_PROPS: eval_props(ev, k, model); return;
    case PT_INDEXES:
        if (!check_array(ev, k, model)) return;
        for (int j = 0; j < t->n && !ev->error; j++) eval_index(ev, k, model, t->idx[j]);
        return;
    case PT_SLICE: {
        if (!check_array(ev, k, model)) return;
        int64_t len = (int64_t)model->u.arr.n;
        if (t->has_from && !t->has_to) {
            int64_t from = t->from < 0 ? ED_MAX(0, len + t->from) : t->from;
            for (int64_t i = from; i < len && !ev->error; i++) eval_index(ev, k, model, i);
        } else if (!t->has_from) {
            int64_t to = t->to < 0 ? len + t->to : t->to;
            to = ED_MIN(len, to);
            for (int64_t i = 0; i < to && !ev->error; i++) eval_index(ev, k, model, i);
        } else {
            int64_t to = ED_MIN(len, t->to);
            if (t->from >= to || len == 0) return;
            for (int64_t i = t->from; i < to && !ev->error; i++) eval_index(ev, k, model, i);
        }
        return;
    }
    case PT_WILDCARD:
        if (model->kind == JSON_OBJECT) {
            size_t *idx = eddy__malloc((model->u.obj.n ? model->u.obj.n : 1) * sizeof(size_t));
            if (!idx) {
                ev->nomem = true;
                return;
            }
            size_t cnt = map_entries(model, idx);
            for (size_t i = 0; i < cnt && !ev->error; i++) next_or_hit(ev, k, model->u.obj.members[idx[i]].value);
            eddy__free(idx);
        } else if (model->kind == JSON_ARRAY) {
            for (size_t i = 0; i < model->u.arr.n && !ev->error; i++) next_or_hit(ev, k, model->u.arr.items[i]);
        }
        return;
    case PT_SCAN:
        if (k + 1 >= ev->p->ntok) {
            /* ".." at the end cannot be written (the path would end in '.') */
            return;
        }
        scan(ev, k + 1, model, 0);
        return;
    }
}

/* Whether the token after a deep scan applies to this node. */
static bool scan_matches(const PathTok *t, const JsonValue *v) {
    switch (t->kind) {
    case PT_PROPS:
        if (v->kind != JSON_OBJECT) return false;
        for (int j = 0; j < t->n; j++)
            if (eddy__json_get(v, t->props[j], t->prop_lens[j])) return true;
        return false;
    case PT_INDEXES:
    case PT_SLICE: return v->kind == JSON_ARRAY;
    default: return eddy__json_is_container(v);
    }
}

/* Jayway's ScanPathToken walk: the node itself first, then its children in
 * order, depth first. */
static void scan(PathEval *ev, int k, const JsonValue *model, int depth) {
    if (ev->error || ev->nomem || depth > JSON_MAX_DEPTH + 1) return;
    if (!eddy__json_is_container(model)) return;
    const PathTok *t = &ev->p->tok[k];
    if (t->kind == PT_WILDCARD) {
        /* ..* : every child value, then descend */
        if (model->kind == JSON_OBJECT) {
            for (size_t i = 0; i < model->u.obj.n; i++) {
                next_or_hit(ev, k, model->u.obj.members[i].value);
                scan(ev, k, model->u.obj.members[i].value, depth + 1);
            }
        } else {
            for (size_t i = 0; i < model->u.arr.n; i++) {
                next_or_hit(ev, k, model->u.arr.items[i]);
                scan(ev, k, model->u.arr.items[i], depth + 1);
            }
        }
        return;
    }
    if (scan_matches(t, model)) eval_tok(ev, k, model);
    if (model->kind == JSON_OBJECT) {
        for (size_t i = 0; i < model->u.obj.n; i++) scan(ev, k, model->u.obj.members[i].value, depth + 1);
    } else {
        for (size_t i = 0; i < model->u.arr.n; i++) scan(ev, k, model->u.arr.items[i], depth + 1);
    }
}

eddy_status eddy__json_path_eval(Arena *a, const JsonPath *p, const JsonValue *root, JsonPathResult *out) {
    PathEval ev = {.a = a, .p = p, .suppress = p->mode == JSON_PATH_LAX};
    if (p->ntok == 0) hit(&ev, root);
    else eval_tok(&ev, 0, root);
    JsonPathResult r = {0};
    if (ev.error) {
        if (!ev.suppress) r.error = ev.error;
    }
    if (!ev.nomem && !r.error) {
        if (p->definite) {
            if (ev.error && ev.suppress) r.value = NULL;
            else if (ev.hits.len == 0) {
                if (!ev.suppress) {
                    r.error = eddy__arena_printf(a, "No results for path: %s", p->text);
                    if (!r.error) ev.nomem = true;
                }
            } else {
                r.value = ev.hits.items[0];
            }
        } else {
            JsonValue *arr = eddy__json_array(a, ev.error ? 0 : ev.hits.len);
            if (!arr) ev.nomem = true;
            else {
                if (!ev.error && ev.hits.len) memcpy(arr->u.arr.items, ev.hits.items, ev.hits.len * sizeof(JsonValue *));
                r.value = arr;
            }
        }
    }
    ed_vec_free(&ev.hits);
    if (ev.nomem) return EDDY_E_NOMEM;
    *out = r;
    return EDDY_OK;
}
