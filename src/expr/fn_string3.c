/*
 * fn_string3.c -- the newer string functions of Flink's core module, with
 * the results of its runtime classes: INET_ATON and INET_NTOA (IPv4
 * addresses as MySQL writes them), JSON_QUOTE and JSON_UNQUOTE, and
 * IS_VALID_UTF8 and MAKE_VALID_UTF8 over bytes.
 */
#include <stdio.h>

#include "expr/functions.h"
#include "util/json.h"

static eddy_status s3_nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

static eddy_status infer_s3(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                            EdErr *err) {
    (void)data;
    const char *n = fn->name;
    const Type *t = args[0]->type;
    bool nullable = eddy__args_nullable(args, nargs);
    bool ok;
    if (!strcmp(n, "INET_NTOA")) {
        ok = eddy__type_is_integer(t) || t->root == TY_NULL;
        if (ok && t->root == TY_NULL) ok = eddy__coerce(a, args, 0, eddy__type_basic(TY_BIGINT, true), err) == EDDY_OK;
    } else if (!strcmp(n, "IS_VALID_UTF8") || !strcmp(n, "MAKE_VALID_UTF8")) {
        ok = eddy__type_is_binary(t) ||
             (t->root == TY_NULL && eddy__coerce(a, args, 0, eddy__type_bytes(true), err) == EDDY_OK);
    } else {
        ok = eddy__str_arg(a, args, 0, err);
    }
    if (!ok) return eddy__err_is_set(err) ? err->code : eddy__invalid_call_error(err, fn, args, nargs);
    if (!strcmp(n, "INET_ATON")) *out = eddy__type_basic(TY_BIGINT, true);
    else if (!strcmp(n, "INET_NTOA")) *out = eddy__type_string(true);
    else if (!strcmp(n, "IS_VALID_UTF8")) *out = eddy__type_basic(TY_BOOLEAN, nullable);
    else *out = eddy__type_string(nullable);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

/* ---- INET_ATON, INET_NTOA ------------------------------------------------------------------ */

/* InetAtonFunction: one to four decimal parts of 0..255 (leading zeros are
 * decimal); a -> a, a.b -> a.0.0.b, a.b.c -> a.b.0.c; anything else NULL. */
static bool inet_aton(Str s, int64_t *out) {
    int64_t parts[4];
    int np = 0;
    size_t start = 0;
    for (size_t i = 0; i <= s.n; i++) {
        if (i < s.n && s.p[i] != '.') continue;
        if (np == 4 || start == i) return false;
        int64_t v = 0;
        for (size_t j = start; j < i; j++) {
            if (s.p[j] < '0' || s.p[j] > '9') return false;
            v = v * 10 + (s.p[j] - '0');
            if (v > 255) return false;
        }
        parts[np++] = v;
        start = i + 1;
    }
    switch (np) {
    case 1: *out = parts[0]; break;
    case 2: *out = parts[0] << 24 | parts[1]; break;
    case 3: *out = parts[0] << 24 | parts[1] << 16 | parts[2]; break;
    default: *out = parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3]; break;
    }
    return true;
}

static eddy_status k_inet_aton(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        int64_t v;
        if (inet_aton(vec_str(args[0], r), &v)) VEC_DATA(out, int64_t)[r] = v;
        else eddy__vec_set_null(out, r);
    }
    return EDDY_OK;
}

static eddy_status k_inet_ntoa(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        int64_t v = arg_int(args[0], r);
        if (v < 0 || v > 0xFFFFFFFFLL) {
            eddy__vec_set_null(out, r);
            continue;
        }
        char buf[16];
        int n = snprintf(buf, sizeof buf, "%d.%d.%d.%d", (int)(v >> 24 & 255), (int)(v >> 16 & 255),
                         (int)(v >> 8 & 255), (int)(v & 255));
        eddy__vec_set_str(out, r, buf, (size_t)n);
    }
    return EDDY_OK;
}

/* ---- JSON_QUOTE, JSON_UNQUOTE ---------------------------------------------------------------- */

/* JsonQuoteFunction: quotes, the JSON escapes (and "\/"), every other
 * non-ASCII character as \uXXXX in lower case. Flink walks the UTF-16 units
 * taking the code point at each: a character beyond the BMP gives its code
 * point (five or six digits), then its low surrogate. */
static void json_quote(Buf *b, Str s) {
    eddy__buf_putc(b, '"');
    for (size_t i = 0; i < s.n;) {
        uint32_t c = eddy__utf8_decode(s.p, s.n, &i);
        const char *esc = NULL;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '/': esc = "\\/"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        }
        if (esc) {
            eddy__buf_puts(b, esc);
        } else if (c < 0x80) {
            eddy__buf_putc(b, (char)c);
        } else {
            eddy__buf_printf(b, "\\u%04x", (unsigned)c);
            if (c >= 0x10000) eddy__buf_printf(b, "\\u%04x", (unsigned)(0xDC00 + ((c - 0x10000) & 0x3FF)));
        }
    }
    eddy__buf_putc(b, '"');
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* JsonUnquoteFunction: a valid JSON value that is a string loses its quotes
 * and escapes (a \uXXXX escape is one UTF-16 unit: a lone surrogate becomes
 * U+FFFD); any other input is returned as it is. False when the escapes are
 * malformed (the input is then returned as it is too). */
static bool json_unquote(Buf *b, Str s) {
    for (size_t i = 1; i + 1 < s.n; i++) {
        if (s.p[i] != '\\') {
            eddy__buf_putc(b, s.p[i]);
            continue;
        }
        if (i + 2 >= s.n) return false;
        char c = s.p[++i];
        switch (c) {
        case '"':
        case '\\':
        case '/': eddy__buf_putc(b, c); break;
        case 'b': eddy__buf_putc(b, '\b'); break;
        case 'f': eddy__buf_putc(b, '\f'); break;
        case 'n': eddy__buf_putc(b, '\n'); break;
        case 'r': eddy__buf_putc(b, '\r'); break;
        case 't': eddy__buf_putc(b, '\t'); break;
        case 'u': {
            if (i + 5 >= s.n) return false;
            uint32_t u = 0;
            for (int k = 1; k <= 4; k++) {
                int h = hexval(s.p[i + k]);
                if (h < 0) return false;
                u = u << 4 | (uint32_t)h;
            }
            i += 4;
            /* a surrogate pair written as two escapes is one character */
            if (u >= 0xD800 && u < 0xDC00 && i + 6 < s.n && s.p[i + 1] == '\\' && s.p[i + 2] == 'u') {
                uint32_t lo = 0;
                bool hex = true;
                for (int k = 3; k <= 6 && hex; k++) {
                    int h = hexval(s.p[i + k]);
                    hex = h >= 0;
                    lo = lo << 4 | (uint32_t)(h < 0 ? 0 : h);
                }
                if (hex && lo >= 0xDC00 && lo < 0xE000) {
                    eddy__buf_put_utf8(b, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
                    i += 6;
                    break;
                }
            }
            eddy__buf_put_utf8(b, u >= 0xD800 && u < 0xE000 ? 0xFFFD : u);
            break;
        }
        default: return false;
        }
    }
    return true;
}

static eddy_status k_json_quote(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    bool quote = e->fn->name[5] == 'Q';
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        b.len = 0;
        if (quote) {
            /* \uXXXXXX\uXXXX for four bytes at most */
            if ((rc = str_result_fits_n(cx, e->fn->name, s.n, 6, 2))) break;
            json_quote(&b, s);
        } else {
            JsonValue *v;
            bool str = s.n >= 2 && s.p[0] == '"' && s.p[s.n - 1] == '"' &&
                       eddy__json_parse(cx->scratch, s.p, s.n, 0, &v, NULL) == EDDY_OK;
            if (!str || !json_unquote(&b, s)) {
                b.len = 0;
                eddy__buf_put(&b, s.p, s.n);
            }
        }
        if (b.failed) break;
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = s3_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}

/* ---- IS_VALID_UTF8, MAKE_VALID_UTF8 ------------------------------------------------------------ */

/* The length of the valid UTF-8 sequence at p, or 0 when it is malformed;
 * then *bad is how many bytes one U+FFFD replaces, as Java's decoder (new
 * String(bytes, UTF_8)) does: the maximal valid prefix (at least 1), and the
 * whole three bytes of an encoded surrogate (ED A0..BF xx). */
static size_t utf8_valid(const unsigned char *p, size_t n, size_t *bad) {
    unsigned c = p[0];
    size_t need;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) need = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        if (c == 0xE0) lo = 0xA0;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        *bad = 1;
        return 0;
    }
    size_t k = 1;
    for (; k < need && k < n; k++) {
        unsigned x = p[k];
        if (x < (k == 1 ? lo : 0x80) || x > (k == 1 ? hi : 0xBF)) break;
    }
    if (k == need && !(c == 0xED && p[1] >= 0xA0)) return need;
    *bad = k;
    return 0;
}

static eddy_status k_utf8(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    bool make = e->fn->name[0] == 'M';
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        const unsigned char *p = (const unsigned char *)s.p;
        bool valid = true;
        b.len = 0;
        if (make && (rc = str_result_fits_n(cx, e->fn->name, s.n, 3, 0))) break;
        for (size_t j = 0; j < s.n;) {
            size_t bad = 0, len = utf8_valid(p + j, s.n - j, &bad);
            if (len) {
                if (make) eddy__buf_put(&b, s.p + j, len);
                j += len;
                continue;
            }
            valid = false;
            if (!make) break;
            eddy__buf_puts(&b, "\xEF\xBF\xBD");
            j += bad;
        }
        if (!make) {
            VEC_DATA(out, uint8_t)[r] = valid;
            continue;
        }
        if (b.failed) break;
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = s3_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}

#define S3(id, nm, k, sig) static const FuncDef id = {nm, 1, 1, FN_STRICT, infer_s3, k, sig}
S3(fn_inet_aton, "INET_ATON", k_inet_aton, "INET_ATON(<CHARACTER_STRING>)");
S3(fn_inet_ntoa, "INET_NTOA", k_inet_ntoa, "INET_NTOA(<INTEGER_NUMERIC>)");
S3(fn_json_quote, "JSON_QUOTE", k_json_quote, "JSON_QUOTE(<CHARACTER_STRING>)");
S3(fn_json_unquote, "JSON_UNQUOTE", k_json_quote, "JSON_UNQUOTE(<CHARACTER_STRING>)");
S3(fn_is_valid_utf8, "IS_VALID_UTF8", k_utf8, "IS_VALID_UTF8(<BINARY_STRING>)");
S3(fn_make_valid_utf8, "MAKE_VALID_UTF8", k_utf8, "MAKE_VALID_UTF8(<BINARY_STRING>)");

const FuncDef *const eddy__fns_string3[] = {
    &fn_inet_aton, &fn_inet_ntoa, &fn_json_quote, &fn_json_unquote, &fn_is_valid_utf8, &fn_make_valid_utf8, NULL,
};
