/*
 * fn_string2.c -- more string functions, with the results of Flink's
 * SqlFunctionUtils / EncodingUtils / BuiltInScalarFunction classes: OVERLAY,
 * INSTR, ELT, TRANSLATE, BTRIM, STARTSWITH, ENDSWITH, SPLIT, TO_BASE64,
 * FROM_BASE64, ENCODE, DECODE, MD5, SHA1, SHA224, SHA256, SHA384, SHA512,
 * SHA2, PARSE_URL, URL_ENCODE, URL_DECODE, UUID, BIN, HEX and UNHEX (PRINTF
 * lives in fn_misc.c). The hash functions are implemented here
 * (FIPS 180-4, RFC 1321); nothing is linked in.
 *
 * Positions and lengths count code points, as the rest of eddy does (Flink
 * counts UTF-16 units; the two agree on the Basic Multilingual Plane).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "expr/functions.h"
#include "types/format.h"

static eddy_status s2_nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

/* ---- inference helpers ---------------------------------------------------------------- */

/* eddy__str_arg for bytes: args[i] is BINARY / VARBINARY (or NULL, cast to BYTES). */
static bool s2_bin(Arena *a, Expr **args, int i, EdErr *err) {
    const Type *t = args[i]->type;
    if (t->root == TY_NULL) return eddy__coerce(a, args, i, eddy__type_bytes(true), err) == EDDY_OK;
    return eddy__type_is_binary(t);
}

static bool s2_int(Arena *a, Expr **args, int i, EdErr *err) {
    const Type *t = args[i]->type;
    if (!eddy__type_is_integer(t) && t->root != TY_NULL) return false;
    return eddy__coerce(a, args, i, eddy__type_basic(TY_BIGINT, true), err) == EDDY_OK;
}

static eddy_status s2_fail(EdErr *err, const FuncDef *fn, Expr **args, int nargs, bool new_stack) {
    if (eddy__err_is_set(err)) return err->code;
    return new_stack ? eddy__invalid_call_error(err, fn, args, nargs) : eddy__infer_error(err, fn, args, nargs);
}

/* Flink's functions from the new stack report "Invalid function call";
 * Calcite's ones "Cannot apply". */
static bool s2_new_stack(const char *n) {
    static const char *const names[] = {"ELT", "TRANSLATE", "BTRIM", "STARTSWITH", "ENDSWITH", "SPLIT",
                                        "URL_ENCODE", "URL_DECODE", "UNHEX"};
    for (size_t i = 0; i < ED_ARRAY_LEN(names); i++)
        if (!strcmp(n, names[i])) return true;
    return false;
}

/* One inference for the functions of this file, by name. */
static eddy_status infer_s2(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                            EdErr *err) {
    (void)data;
    const char *n = fn->name;
    bool ns = s2_new_stack(n);
    bool nullable = eddy__args_nullable(args, nargs);
#define NEED(c)                                                   \
    do {                                                          \
        if (!(c)) return s2_fail(err, fn, args, nargs, ns);       \
    } while (0)
    if (!strcmp(n, "OVERLAY")) {
        NEED(eddy__str_arg(a, args, 0, err) && eddy__str_arg(a, args, 1, err));
        for (int i = 2; i < nargs; i++) NEED(s2_int(a, args, i, err));
        int64_t len = (int64_t)args[0]->type->length + args[1]->type->length;
        *out = eddy__type_varchar(a, (int32_t)ED_MIN(len, TY_MAX_LENGTH), nullable);
    } else if (!strcmp(n, "INSTR")) {
        NEED(eddy__str_arg(a, args, 0, err) && eddy__str_arg(a, args, 1, err));
        for (int i = 2; i < nargs; i++) NEED(s2_int(a, args, i, err));
        *out = eddy__type_basic(TY_INT, nullable);
    } else if (!strcmp(n, "ELT")) {
        NEED(s2_int(a, args, 0, err));
        const Type *t = NULL;
        for (int i = 1; i < nargs; i++) {
            const Type *x = args[i]->type;
            NEED(eddy__type_is_string(x) || eddy__type_is_binary(x) || x->root == TY_NULL);
            t = t ? eddy__type_common(a, t, x) : x;
            NEED(t);
        }
        if (t->root == TY_NULL) t = eddy__type_string(true);
        for (int i = 1; i < nargs; i++) {
            eddy_status rc = eddy__coerce(a, args, i, t, err);
            if (rc) return rc;
        }
        *out = eddy__type_with_nullable(a, t, true);
    } else if (!strcmp(n, "TRANSLATE")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_string(args[0]->type->nullable);
    } else if (!strcmp(n, "BTRIM") || !strcmp(n, "URL_ENCODE") || !strcmp(n, "URL_DECODE") ||
               !strcmp(n, "FROM_BASE64")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_string(n[0] == 'U' ? true : nullable);
    } else if (!strcmp(n, "STARTSWITH") || !strcmp(n, "ENDSWITH")) {
        bool strs = eddy__type_is_string(args[0]->type) || eddy__type_is_string(args[1]->type);
        NEED(strs ? eddy__str_arg(a, args, 0, err) && eddy__str_arg(a, args, 1, err) : s2_bin(a, args, 0, err) && s2_bin(a, args, 1, err));
        *out = eddy__type_basic(TY_BOOLEAN, nullable);
    } else if (!strcmp(n, "SPLIT")) {
        NEED(eddy__str_arg(a, args, 0, err) && eddy__str_arg(a, args, 1, err));
        *out = eddy__type_array(a, eddy__type_string(true), nullable);
    } else if (!strcmp(n, "TO_BASE64") || !strcmp(n, "MD5") || !strncmp(n, "SHA", 3)) {
        NEED(eddy__type_is_binary(args[0]->type) || eddy__str_arg(a, args, 0, err));
        if (!strcmp(n, "SHA2")) NEED(s2_int(a, args, 1, err));
        *out = eddy__type_string(nullable);
    } else if (!strcmp(n, "ENCODE")) {
        NEED(eddy__str_arg(a, args, 0, err) && eddy__str_arg(a, args, 1, err));
        *out = eddy__type_bytes(nullable);
    } else if (!strcmp(n, "DECODE")) {
        NEED(s2_bin(a, args, 0, err) && eddy__str_arg(a, args, 1, err));
        *out = eddy__type_string(nullable);
    } else if (!strcmp(n, "PARSE_URL")) {
        for (int i = 0; i < nargs; i++) NEED(eddy__str_arg(a, args, i, err));
        *out = eddy__type_string(true);
    } else if (!strcmp(n, "UUID")) {
        *out = eddy__type_char(a, 36, false);
    } else if (!strcmp(n, "BIN")) {
        NEED(s2_int(a, args, 0, err));
        *out = eddy__type_string(nullable);
    } else if (!strcmp(n, "HEX")) {
        NEED(eddy__type_is_string(args[0]->type) || eddy__type_is_binary(args[0]->type) || s2_int(a, args, 0, err));
        *out = eddy__type_string(nullable);
    } else if (!strcmp(n, "UNHEX")) {
        NEED(eddy__str_arg(a, args, 0, err));
        *out = eddy__type_bytes(true);
    } else {
        return eddy__err(err, EDDY_E_INTERNAL, "no inference for %s", n);
    }
#undef NEED
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

/* ---- OVERLAY, INSTR, ELT, TRANSLATE, BTRIM, STARTSWITH, ENDSWITH, SPLIT --------------- */

/* SqlFunctionUtils.overlay: a start outside 1..len keeps s; the tail after
 * the replaced range is kept only when that range ends inside s and is not
 * empty. */
static eddy_status k_overlay(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), rep = vec_str(args[1], r);
        int64_t slen = (int64_t)eddy__utf8_len(s.p, s.n);
        int64_t start = arg_int(args[2], r);
        int64_t len = e->nargs > 3 ? arg_int(args[3], r) : (int64_t)eddy__utf8_len(rep.p, rep.n);
        if (start <= 0 || start > slen) {
            eddy__vec_set_str(out, r, s.p, s.n);
            continue;
        }
        size_t head = eddy__utf8_offset(s.p, s.n, start - 1), tail = s.n;
        if (len > 0 && len <= slen - start) tail = eddy__utf8_offset(s.p, s.n, start - 1 + len);
        eddy_status rc = str_result_fits(cx, "OVERLAY", (uint64_t)head + rep.n + (s.n - tail));
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        b.len = 0;
        eddy__buf_put(&b, s.p, head);
        eddy__buf_put(&b, rep.p, rep.n);
        eddy__buf_put(&b, s.p + tail, s.n - tail);
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? s2_nomem(cx) : EDDY_OK;
}

/* 1-based code point position of the nth occurrence of sub in s at or after
 * code point `from` (1-based), or 0. */
static int64_t instr_fwd(Str s, Str sub, int64_t from, int64_t nth) {
    int64_t index = 0, start = from;
    for (int64_t k = 0; k < nth; k++) {
        size_t boff = eddy__utf8_offset(s.p, s.n, start - 1);
        if (start - 1 > (int64_t)eddy__utf8_len(s.p, s.n)) return 0;
        int64_t f = str_find(s, sub, boff);
        if (f < 0) return 0;
        index = (int64_t)eddy__utf8_len(s.p, (size_t)f) + 1;
        start = index + 1;
    }
    return index;
}

static void s2_reverse(Buf *b, Str s) {
    b->len = 0;
    if (!eddy__buf_reserve(b, s.n)) return;
    size_t w = s.n;
    for (size_t j = 0; j < s.n;) {
        size_t k = eddy__utf8_next(s.p, s.n, j);
        w -= k - j;
        memcpy(b->data + w, s.p + j, k - j);
        j = k;
    }
    b->len = s.n;
    b->data[b->len] = 0;
}

static eddy_status k_instr(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    Buf rs, rsub;
    eddy__buf_init(&rs);
    eddy__buf_init(&rsub);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), sub = vec_str(args[1], r);
        int64_t start = e->nargs > 2 ? arg_int(args[2], r) : 1;
        int64_t nth = e->nargs > 3 ? arg_int(args[3], r) : 1;
        if (nth <= 0) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "java.lang.IllegalArgumentException: nthAppearance must be positive!");
            break;
        }
        int64_t pos;
        /* a start past either end finds nothing (and Long.MIN has no negation) */
        int64_t cps = (int64_t)eddy__utf8_len(s.p, s.n);
        if (start == 0 || start > cps + 1 || start < -(cps + 1)) pos = 0;
        else if (start > 0) pos = instr_fwd(s, sub, start, nth);
        else {
            s2_reverse(&rs, s);
            s2_reverse(&rsub, sub);
            int64_t p = instr_fwd((Str){rs.data ? rs.data : "", rs.len}, (Str){rsub.data ? rsub.data : "", rsub.len},
                                  -start, nth);
            pos = p == 0 ? 0
                         : (int64_t)eddy__utf8_len(s.p, s.n) + 2 - p - (int64_t)eddy__utf8_len(sub.p, sub.n);
        }
        VEC_DATA(out, int32_t)[r] = (int32_t)pos;
    }
    if (!rc && (rs.failed || rsub.failed)) rc = s2_nomem(cx);
    eddy__buf_free(&rs);
    eddy__buf_free(&rsub);
    return rc;
}

static eddy_status k_elt(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    (void)cx;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        int64_t idx = arg_int(args[0], r);
        if (idx < 1 || idx >= e->nargs) eddy__vec_set_null(out, r);
        else eddy__vec_copy_value(out, r, args[idx], r);
    }
    return EDDY_OK;
}

/* TRANSLATE(expr, from, to): each character of expr found in `from` is
 * replaced by the one at the same position in `to`, or removed when `to` is
 * shorter; NULL from leaves expr as it is, NULL to removes. */
static eddy_status k_translate(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)e;
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        Str s = vec_str(args[0], r);
        if (vec_is_null(args[1], r) || vec_str(args[1], r).n == 0) {
            eddy__vec_set_str(out, r, s.p, s.n);
            continue;
        }
        Str from = vec_str(args[1], r);
        Str to = vec_is_null(args[2], r) ? (Str){"", 0} : vec_str(args[2], r);
        b.len = 0;
        for (size_t j = 0; j < s.n;) {
            size_t st = j;
            uint32_t cp = eddy__utf8_decode(s.p, s.n, &j);
            int64_t pos;
            if (!str_has_cp(from, cp, &pos)) {
                eddy__buf_put(&b, s.p + st, j - st);
                continue;
            }
            size_t o = eddy__utf8_offset(to.p, to.n, pos);
            if (o < to.n) eddy__buf_put(&b, to.p + o, eddy__utf8_next(to.p, to.n, o) - o);
        }
        /* a character may become a longer one */
        eddy_status rc = str_result_fits(cx, "TRANSLATE", b.len);
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? s2_nomem(cx) : EDDY_OK;
}

static eddy_status k_btrim(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    (void)cx;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        Str set = e->nargs > 1 ? vec_str(args[1], r) : (Str){" ", 1};
        Str t = str_trim_set(s, set, true, true);
        eddy__vec_set_str(out, r, t.p, t.n);
    }
    return EDDY_OK;
}

static eddy_status k_startswith(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    (void)cx;
    bool ends = e->fn->name[0] == 'E';
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), x = vec_str(args[1], r);
        bool res = x.n <= s.n && memcmp(ends ? s.p + s.n - x.n : s.p, x.p, x.n) == 0;
        VEC_DATA(out, uint8_t)[r] = res;
    }
    return EDDY_OK;
}

/* SPLIT(s, delim): StringUtils.splitByWholeSeparatorPreserveAllTokens; an
 * empty delimiter splits into code points; an empty string gives []. */
static eddy_status k_split(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), d = vec_str(args[1], r);
        uint32_t n = 0;
        if (s.n == 0) n = 0;
        else if (d.n == 0) n = (uint32_t)eddy__utf8_len(s.p, s.n);
        else {
            n = 1;
            for (int64_t f = str_find(s, d, 0); f >= 0; f = str_find(s, d, (size_t)f + d.n)) n++;
        }
        uint32_t off = eddy__vec_list_append(out, n);
        if (out->failed) return s2_nomem(cx);
        Vector *el = out->child[0];
        if (d.n == 0) {
            size_t j = 0;
            for (uint32_t k = 0; k < n; k++) {
                size_t nx = eddy__utf8_next(s.p, s.n, j);
                eddy__vec_set_str(el, off + k, s.p + j, nx - j);
                j = nx;
            }
        } else if (n) {
            size_t pos = 0;
            for (uint32_t k = 0; k < n; k++) {
                int64_t f = str_find(s, d, pos);
                size_t end = f < 0 ? s.n : (size_t)f;
                eddy__vec_set_str(el, off + k, s.p + pos, end - pos);
                pos = end + d.n;
            }
        }
        vec_set_valid(out, r);
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, n};
    }
    return EDDY_OK;
}

/* ---- base64, charsets ------------------------------------------------------------------ */

static eddy_status k_to_base64(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        size_t n = eddy__base64_len(s.n);
        eddy_status rc = str_result_fits(cx, "TO_BASE64", n);
        if (rc) return rc;
        char *o = eddy__vec_str_reserve(out, r, n);
        if (!o && n) return s2_nomem(cx);
        eddy__base64_write(o, (const uint8_t *)s.p, s.n);
    }
    return EDDY_OK;
}

/* java.util.Base64's basic decoder: padding optional, nothing else allowed.
 * Returns NULL on success or the exception's message. */
static const char *b64_decode(Str s, Buf *b, char *msg, size_t msg_cap) {
    b->len = 0;
    uint32_t bits = 0;
    int nbits = 0, unit = 0;
    size_t i = 0;
    for (; i < s.n; i++) {
        unsigned char c = (unsigned char)s.p[i];
        if (c == '=') break;
        int v = eddy__base64_value(c);
        if (v < 0) {
            snprintf(msg, msg_cap, "Illegal base64 character %x", c);
            return msg;
        }
        bits = bits << 6 | (uint32_t)v;
        nbits += 6;
        unit = (unit + 1) % 4;
        if (nbits >= 8) {
            nbits -= 8;
            eddy__buf_putc(b, (char)((bits >> nbits) & 0xFF));
        }
    }
    if (i < s.n) {
        /* padding: "xx==" or "xxx=" and then the end */
        size_t pads = 0;
        while (i < s.n && s.p[i] == '=') i++, pads++;
        if (!((unit == 2 && pads == 2) || (unit == 3 && pads == 1))) {
            snprintf(msg, msg_cap, "Input byte array has wrong 4-byte ending unit");
            return msg;
        }
        if (i < s.n) {
            snprintf(msg, msg_cap, "Input byte array has incorrect ending byte at %zu", i);
            return msg;
        }
    } else if (unit == 1) {
        snprintf(msg, msg_cap, "Last unit does not have enough valid bits");
        return msg;
    }
    return NULL;
}

static eddy_status k_from_base64(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    (void)e;
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    char msg[96];
    FOR_ROWS(i, r) {
        const char *bad = b64_decode(vec_str(args[0], r), &b, msg, sizeof msg);
        if (bad) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "java.lang.IllegalArgumentException: %s", bad);
            break;
        }
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = s2_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}

typedef enum Charset { CS_UTF8, CS_LATIN1, CS_ASCII, CS_UTF16BE, CS_UTF16LE, CS_UTF16, CS_UNKNOWN } Charset;

static Charset charset_of(Str name) {
    static const struct {
        const char *name;
        Charset cs;
    } names[] = {{"UTF-8", CS_UTF8},         {"UTF8", CS_UTF8},        {"ISO-8859-1", CS_LATIN1},
                 {"ISO8859_1", CS_LATIN1},   {"LATIN1", CS_LATIN1},    {"US-ASCII", CS_ASCII},
                 {"ASCII", CS_ASCII},        {"UTF-16BE", CS_UTF16BE}, {"UTF-16LE", CS_UTF16LE},
                 {"UTF-16", CS_UTF16},       {"UTF_16", CS_UTF16}};
    for (size_t i = 0; i < ED_ARRAY_LEN(names); i++)
        if (eddy__strn_ieq(name.p, name.n, names[i].name)) return names[i].cs;
    return CS_UNKNOWN;
}

static void put16(Buf *b, uint32_t u, bool le) {
    char two[2] = {(char)(le ? u & 0xFF : u >> 8), (char)(le ? u >> 8 : u & 0xFF)};
    eddy__buf_put(b, two, 2);
}

/* String.getBytes(charset): unmappable characters become '?'. */
static void encode_cs(Buf *b, Str s, Charset cs) {
    b->len = 0;
    if (cs == CS_UTF8) {
        eddy__buf_put(b, s.p, s.n);
        return;
    }
    if (cs == CS_UTF16) put16(b, 0xFEFF, false);
    for (size_t j = 0; j < s.n;) {
        uint32_t cp = eddy__utf8_decode(s.p, s.n, &j);
        switch (cs) {
        case CS_LATIN1: eddy__buf_putc(b, (char)(cp <= 0xFF ? cp : '?')); break;
        case CS_ASCII: eddy__buf_putc(b, (char)(cp < 0x80 ? cp : '?')); break;
        default: {
            bool le = cs == CS_UTF16LE;
            if (cp >= 0x10000) {
                put16(b, 0xD800 + ((cp - 0x10000) >> 10), le);
                put16(b, 0xDC00 + ((cp - 0x10000) & 0x3FF), le);
            } else {
                put16(b, cp, le);
            }
        }
        }
    }
}

/* new String(bytes, charset): malformed input becomes U+FFFD. */
static void decode_cs(Buf *b, Str s, Charset cs) {
    b->len = 0;
    const unsigned char *p = (const unsigned char *)s.p;
    if (cs == CS_LATIN1 || cs == CS_ASCII) {
        for (size_t j = 0; j < s.n; j++) {
            uint32_t cp = p[j];
            if (cs == CS_ASCII && cp >= 0x80) cp = 0xFFFD;
            eddy__buf_put_utf8(b, cp);
        }
        return;
    }
    if (cs == CS_UTF8) {
        /* keep valid sequences, replace the rest */
        for (size_t j = 0; j < s.n;) {
            uint32_t c = p[j];
            size_t len = c < 0x80 ? 1 : c >= 0xC2 && c < 0xE0 ? 2 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xF0 && c < 0xF5 ? 4 : 0;
            bool ok = len && j + len <= s.n;
            for (size_t k = 1; ok && k < len; k++) ok = (p[j + k] & 0xC0) == 0x80;
            if (ok && len == 3) {
                uint32_t cp = ((c & 0x0F) << 12) | ((uint32_t)(p[j + 1] & 0x3F) << 6);
                ok = cp >= 0x800 && (cp < 0xD800 || cp >= 0xE000);
            }
            if (ok && len == 4) {
                uint32_t cp = ((c & 0x07) << 18) | ((uint32_t)(p[j + 1] & 0x3F) << 12);
                ok = cp >= 0x10000 && cp <= 0x10FFFF;
            }
            if (ok) {
                eddy__buf_put(b, s.p + j, len);
                j += len;
            } else {
                eddy__buf_put_utf8(b, 0xFFFD);
                j++;
            }
        }
        return;
    }
    bool le = cs == CS_UTF16LE;
    size_t j = 0;
    if (cs == CS_UTF16 && s.n >= 2) {
        if (p[0] == 0xFE && p[1] == 0xFF) j = 2;
        else if (p[0] == 0xFF && p[1] == 0xFE) j = 2, le = true;
    }
    for (; j + 1 < s.n; j += 2) {
        uint32_t u = le ? (uint32_t)p[j] | (uint32_t)p[j + 1] << 8 : (uint32_t)p[j] << 8 | p[j + 1];
        if (u >= 0xD800 && u < 0xDC00 && j + 3 < s.n) {
            uint32_t lo = le ? (uint32_t)p[j + 2] | (uint32_t)p[j + 3] << 8 : (uint32_t)p[j + 2] << 8 | p[j + 3];
            if (lo >= 0xDC00 && lo < 0xE000) {
                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                j += 2;
            } else {
                u = 0xFFFD;
            }
        } else if (u >= 0xD800 && u < 0xE000) {
            u = 0xFFFD;
        }
        eddy__buf_put_utf8(b, u);
    }
    if (j < s.n) eddy__buf_put_utf8(b, 0xFFFD);
}

static eddy_status k_encode(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    bool enc = e->fn->name[0] == 'E';
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str cs_name = vec_str(args[1], r);
        Charset cs = charset_of(cs_name);
        if (cs == CS_UNKNOWN) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "java.nio.charset.UnsupportedCharsetException: %.*s", (int)cs_name.n,
                           cs_name.p);
            break;
        }
        if (enc) encode_cs(&b, vec_str(args[0], r), cs);
        else decode_cs(&b, vec_str(args[0], r), cs);
        /* UTF-16 takes two bytes for an ASCII character */
        if ((rc = str_result_fits(cx, e->fn->name, b.len))) break;
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = s2_nomem(cx);
    eddy__buf_free(&b);
    return rc;
}

/* ---- hashes ------------------------------------------------------------------------------- */

#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define ROR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* Feeds msg with the Merkle-Damgard padding to block(), block by block.
 * bs is 64 or 128; big_endian_len selects the length encoding. */
static void md_pad_run(const unsigned char *msg, size_t n, size_t bs, bool be, void (*block)(void *, const unsigned char *),
                       void *st) {
    size_t full = n / bs * bs;
    for (size_t i = 0; i < full; i += bs) block(st, msg + i);
    unsigned char tail[256] = {0};
    size_t rest = n - full;
    memcpy(tail, msg + full, rest);
    tail[rest] = 0x80;
    size_t lenbytes = bs == 128 ? 16 : 8;
    size_t total = rest + 1 + lenbytes <= bs ? bs : 2 * bs;
    uint64_t bits = (uint64_t)n * 8;
    for (size_t k = 0; k < 8; k++) {
        unsigned char byte = (unsigned char)(bits >> (8 * k));
        if (be) tail[total - 1 - k] = byte;
        else tail[total - 8 + k] = byte;
    }
    for (size_t i = 0; i < total; i += bs) block(st, tail + i);
}

static void md5_block(void *vs, const unsigned char *p) {
    static const uint32_t K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
    static const int S[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9,  14, 20, 5, 9,
                              14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                              4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
    uint32_t *h = vs, m[16];
    for (int i = 0; i < 16; i++)
        m[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 | (uint32_t)p[4 * i + 3] << 24;
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) f = (b & c) | (~b & d), g = i;
        else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
        else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) % 16;
        else f = c ^ (b | ~d), g = (7 * i) % 16;
        uint32_t t = d;
        d = c;
        c = b;
        uint32_t x = a + f + K[i] + m[g];
        b = b + ROL32(x, S[i]);
        a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
}

static void sha1_block(void *vs, const unsigned char *p) {
    uint32_t *h = vs, w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 80; i++) w[i] = ROL32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) f = (b & c) | (~b & d), k = 0x5A827999;
        else if (i < 40) f = b ^ c ^ d, k = 0x6ED9EBA1;
        else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
        else f = b ^ c ^ d, k = 0xCA62C1D6;
        uint32_t t = ROL32(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = ROL32(b, 30);
        b = a;
        a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

static void sha256_block(void *vs, const unsigned char *p) {
    static const uint32_t K[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    uint32_t *h = vs, w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR32(w[i - 15], 7) ^ ROR32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR32(w[i - 2], 17) ^ ROR32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROR32(e, 6) ^ ROR32(e, 11) ^ ROR32(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        uint32_t t2 = (ROR32(a, 2) ^ ROR32(a, 13) ^ ROR32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

static void sha512_block(void *vs, const unsigned char *p) {
    static const uint64_t K[80] = {
        0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
        0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
        0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
        0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
        0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
        0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
        0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
        0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
        0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
        0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
        0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
        0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
        0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
        0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
        0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
        0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
        0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
        0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
        0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
        0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};
    uint64_t *h = vs, w[80];
    for (int i = 0; i < 16; i++) {
        w[i] = 0;
        for (int k = 0; k < 8; k++) w[i] = w[i] << 8 | p[8 * i + k];
    }
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = ROR64(w[i - 15], 1) ^ ROR64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = ROR64(w[i - 2], 19) ^ ROR64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 80; i++) {
        uint64_t t1 = hh + (ROR64(e, 14) ^ ROR64(e, 18) ^ ROR64(e, 41)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        uint64_t t2 = (ROR64(a, 28) ^ ROR64(a, 34) ^ ROR64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

/* Digest of p[0..n) with algorithm bits (0 = MD5, 1 = SHA-1, 224, 256,
 * 384, 512) into out; returns its length, 0 for an unknown algorithm. */
static size_t digest(int bits, const unsigned char *p, size_t n, unsigned char *out) {
    if (bits == 0) {
        uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
        md_pad_run(p, n, 64, false, md5_block, h);
        for (int i = 0; i < 16; i++) out[i] = (unsigned char)(h[i / 4] >> (8 * (i % 4)));
        return 16;
    }
    if (bits == 1 || bits == 224 || bits == 256) {
        uint32_t h[8];
        static const uint32_t h1[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
        static const uint32_t h224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                         0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
        static const uint32_t h256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        memcpy(h, bits == 1 ? h1 : bits == 224 ? h224 : h256, bits == 1 ? sizeof h1 : sizeof h256);
        md_pad_run(p, n, 64, true, bits == 1 ? sha1_block : sha256_block, h);
        size_t len = bits == 1 ? 20 : (size_t)bits / 8;
        for (size_t i = 0; i < len; i++) out[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
        return len;
    }
    if (bits == 384 || bits == 512) {
        static const uint64_t h384[8] = {0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL,
                                         0x152fecd8f70e5939ULL, 0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
                                         0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL};
        static const uint64_t h512[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                                         0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                                         0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
        uint64_t h[8];
        memcpy(h, bits == 384 ? h384 : h512, sizeof h);
        md_pad_run(p, n, 128, true, sha512_block, h);
        size_t len = (size_t)bits / 8;
        for (size_t i = 0; i < len; i++) out[i] = (unsigned char)(h[i / 8] >> (56 - 8 * (i % 8)));
        return len;
    }
    return 0;
}

static eddy_status k_hash(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    const char *n = e->fn->name;
    int fixed = !strcmp(n, "MD5") ? 0 : !strcmp(n, "SHA1") ? 1 : !strcmp(n, "SHA2") ? -1 : atoi(n + 3);
    static const char hex[] = "0123456789abcdef";
    FOR_ROWS(i, r) {
        int bits = fixed;
        if (bits < 0) {
            int64_t want = arg_int(args[1], r);
            bits = want == 224 || want == 256 || want == 384 || want == 512 ? (int)want : -1;
            if (bits < 0) return eddy__err(cx->err, EDDY_E_RUNTIME, "Unsupported algorithm: SHA-%lld", (long long)want);
        }
        Str s = vec_str(args[0], r);
        unsigned char d[64];
        size_t len = digest(bits, (const unsigned char *)s.p, s.n, d);
        char *o = eddy__vec_str_reserve(out, r, 2 * len);
        if (!o) return s2_nomem(cx);
        for (size_t k = 0; k < len; k++) {
            o[2 * k] = hex[d[k] >> 4];
            o[2 * k + 1] = hex[d[k] & 15];
        }
    }
    return EDDY_OK;
}

/* ---- URLs ---------------------------------------------------------------------------------- */

/* The parts java.net.URL gives for a URL; NULL parts are absent. */
typedef struct UrlParts {
    Str protocol, host, path, query, ref, authority, userinfo;
    bool has_query, has_ref, has_authority, has_userinfo;
} UrlParts;

static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Parses u as java.net.URL would; false for a MalformedURLException. */
static bool parse_url(Str u, UrlParts *o) {
    memset(o, 0, sizeof *o);
    /* java.net.URL trims spaces and control characters */
    u = str_java_trim(u);
    size_t i = 0;
    if (u.n == 0 || !is_alpha(u.p[0])) return false;
    while (i < u.n && (is_alpha(u.p[i]) || (u.p[i] >= '0' && u.p[i] <= '9') || u.p[i] == '+' || u.p[i] == '-' ||
                       u.p[i] == '.'))
        i++;
    if (i >= u.n || u.p[i] != ':') return false;
    o->protocol = (Str){u.p, i};
    static const char *const known[] = {"http", "https", "ftp", "file", "jar", "mailto"};
    bool ok = false;
    for (size_t k = 0; k < ED_ARRAY_LEN(known) && !ok; k++) ok = eddy__strn_ieq(u.p, i, known[k]);
    if (!ok) return false;
    i++;
    size_t end = u.n;
    const char *hash = memchr(u.p + i, '#', end - i);
    if (hash) {
        o->has_ref = true;
        o->ref = (Str){hash + 1, (size_t)(u.p + end - hash - 1)};
        end = (size_t)(hash - u.p);
    }
    if (end - i >= 2 && u.p[i] == '/' && u.p[i + 1] == '/') {
        i += 2;
        size_t a = i;
        while (i < end && u.p[i] != '/' && u.p[i] != '?') i++;
        o->has_authority = true;
        o->authority = (Str){u.p + a, i - a};
        Str auth = o->authority;
        const char *at = NULL;
        for (size_t k = auth.n; k-- > 0;)
            if (auth.p[k] == '@') {
                at = auth.p + k;
                break;
            }
        Str hostport = auth;
        if (at) {
            o->has_userinfo = true;
            o->userinfo = (Str){auth.p, (size_t)(at - auth.p)};
            hostport = (Str){at + 1, (size_t)(auth.p + auth.n - at - 1)};
        }
        size_t hl = hostport.n;
        if (hostport.n && hostport.p[0] == '[') {
            const char *close = memchr(hostport.p, ']', hostport.n);
            if (!close) return false;
            hl = (size_t)(close - hostport.p) + 1;
            if (hl < hostport.n && hostport.p[hl] != ':') return false;
        } else {
            const char *colon = memchr(hostport.p, ':', hostport.n);
            if (colon) hl = (size_t)(colon - hostport.p);
        }
        for (size_t k = hl + 1; k < hostport.n; k++)
            if (hostport.p[k] < '0' || hostport.p[k] > '9') return false;
        o->host = (Str){hostport.p, hl};
    } else {
        o->host = (Str){"", 0};
    }
    const char *q = memchr(u.p + i, '?', end - i);
    size_t pend = q ? (size_t)(q - u.p) : end;
    o->path = (Str){u.p + i, pend - i};
    if (q) {
        o->has_query = true;
        o->query = (Str){q + 1, end - pend - 1};
    }
    return true;
}

static eddy_status k_parse_url(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        UrlParts u;
        Str part = vec_str(args[1], r);
        if (!parse_url(vec_str(args[0], r), &u)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        bool has = true;
        Str v = {"", 0};
#define PART(name) (part.n == strlen(name) && !memcmp(part.p, name, part.n))
        if (e->nargs > 2) {
            has = false;
            if (PART("QUERY") && u.has_query) {
                /* (&|^)key=([^&]*) */
                Str key = vec_str(args[2], r);
                size_t p = 0;
                while (p <= u.query.n && !has) {
                    const char *amp = memchr(u.query.p + p, '&', u.query.n - p);
                    size_t se = amp ? (size_t)(amp - u.query.p) : u.query.n;
                    Str seg = {u.query.p + p, se - p};
                    if (seg.n > key.n && !memcmp(seg.p, key.p, key.n) && seg.p[key.n] == '=') {
                        v = (Str){seg.p + key.n + 1, seg.n - key.n - 1};
                        has = true;
                    }
                    p = se + 1;
                }
            }
        } else if (PART("HOST")) v = u.host;
        else if (PART("PATH")) v = u.path;
        else if (PART("QUERY")) v = u.query, has = u.has_query;
        else if (PART("REF")) v = u.ref, has = u.has_ref;
        else if (PART("PROTOCOL")) v = u.protocol;
        else if (PART("AUTHORITY")) v = u.authority, has = u.has_authority;
        else if (PART("USERINFO")) v = u.userinfo, has = u.has_userinfo;
        else if (PART("FILE")) {
            b.len = 0;
            eddy__buf_put(&b, u.path.p, u.path.n);
            if (u.has_query) {
                eddy__buf_putc(&b, '?');
                eddy__buf_put(&b, u.query.p, u.query.n);
            }
            v = (Str){b.data ? b.data : "", b.len};
        } else has = false;
#undef PART
        if (has) eddy__vec_set_str(out, r, v.p, v.n);
        else eddy__vec_set_null(out, r);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? s2_nomem(cx) : EDDY_OK;
}

static int s2_hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* URLEncoder.encode(s, UTF-8) / URLDecoder.decode (NULL on a bad escape). */
static eddy_status k_url_code(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    bool enc = e->fn->name[4] == 'E';
    static const char hex[] = "0123456789ABCDEF";
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        b.len = 0;
        bool bad = false;
        for (size_t j = 0; j < s.n && !bad; j++) {
            unsigned char c = (unsigned char)s.p[j];
            if (enc) {
                if (is_alpha((char)c) || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '*' || c == '_')
                    eddy__buf_putc(&b, (char)c);
                else if (c == ' ') eddy__buf_putc(&b, '+');
                else {
                    char t[3] = {'%', hex[c >> 4], hex[c & 15]};
                    eddy__buf_put(&b, t, 3);
                }
            } else if (c == '+') {
                eddy__buf_putc(&b, ' ');
            } else if (c == '%') {
                int h1 = j + 2 < s.n ? s2_hexval(s.p[j + 1]) : -1, h2 = j + 2 < s.n ? s2_hexval(s.p[j + 2]) : -1;
                if (h1 < 0 || h2 < 0) bad = true;
                else {
                    eddy__buf_putc(&b, (char)(h1 * 16 + h2));
                    j += 2;
                }
            } else {
                eddy__buf_putc(&b, (char)c);
            }
        }
        eddy_status rc = str_result_fits(cx, e->fn->name, b.len); /* %XX for a byte */
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        if (bad) eddy__vec_set_null(out, r);
        else eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? s2_nomem(cx) : EDDY_OK;
}

/* ---- UUID, BIN, HEX, UNHEX ------------------------------------------------------------------ */

static _Thread_local uint64_t uuid_state[2];

static uint64_t uuid_next(void) {
    /* xorshift128+, seeded from the clock and the thread's address */
    if (!uuid_state[0] && !uuid_state[1]) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uuid_state[0] = eddy__hash_u64((uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30)) | 1;
        uuid_state[1] = eddy__hash_u64((uint64_t)(uintptr_t)&uuid_state ^ 0x9e3779b97f4a7c15ULL);
    }
    uint64_t x = uuid_state[0], y = uuid_state[1];
    uuid_state[0] = y;
    x ^= x << 23;
    uuid_state[1] = x ^ y ^ (x >> 17) ^ (y >> 26);
    return uuid_state[1] + y;
}

static eddy_status k_uuid(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    (void)cx;
    (void)e;
    (void)args;
    static const char hex[] = "0123456789abcdef";
    FOR_ROWS(i, r) {
        unsigned char u[16];
        uint64_t a = uuid_next(), b = uuid_next();
        for (int k = 0; k < 8; k++) u[k] = (unsigned char)(a >> (8 * k)), u[8 + k] = (unsigned char)(b >> (8 * k));
        u[6] = (unsigned char)((u[6] & 0x0F) | 0x40); /* version 4 */
        u[8] = (unsigned char)((u[8] & 0x3F) | 0x80); /* IETF variant */
        char s[36];
        size_t w = 0;
        for (int k = 0; k < 16; k++) {
            if (k == 4 || k == 6 || k == 8 || k == 10) s[w++] = '-';
            s[w++] = hex[u[k] >> 4];
            s[w++] = hex[u[k] & 15];
        }
        eddy__vec_set_str(out, r, s, 36);
    }
    return EDDY_OK;
}

static eddy_status k_bin_hex(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    bool bin = e->fn->name[0] == 'B';
    static const char hex[] = "0123456789ABCDEF";
    bool bytes = !bin && (eddy__type_is_string(e->args[0]->type) || eddy__type_is_binary(e->args[0]->type));
    FOR_ROWS(i, r) {
        if (bytes) {
            Str s = vec_str(args[0], r);
            eddy_status rc = str_result_fits(cx, "HEX", 2 * (uint64_t)s.n);
            if (rc) return rc;
            char *o = eddy__vec_str_reserve(out, r, 2 * s.n);
            if (!o && s.n) return s2_nomem(cx);
            for (size_t k = 0; k < s.n; k++) {
                o[2 * k] = hex[(unsigned char)s.p[k] >> 4];
                o[2 * k + 1] = hex[(unsigned char)s.p[k] & 15];
            }
            continue;
        }
        /* Long.toBinaryString / toHexString: two's complement, no leading zeros */
        uint64_t v = (uint64_t)arg_int(args[0], r);
        char buf[65];
        int w = 64;
        buf[w] = 0;
        do {
            buf[--w] = bin ? (char)('0' + (v & 1)) : hex[v & 15];
            v = bin ? v >> 1 : v >> 4;
        } while (v);
        eddy__vec_set_str(out, r, buf + w, (size_t)(64 - w));
    }
    return EDDY_OK;
}

/* EncodingUtils.unhex: pairs from the right; an odd first character is
 * checked but dropped (the result starts with a zero byte). */
static eddy_status k_unhex(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        size_t n = (s.n + 1) / 2;
        bool bad = false;
        for (size_t k = 0; k < s.n && !bad; k++) bad = s2_hexval(s.p[k]) < 0;
        if (bad) {
            eddy__vec_set_null(out, r);
            continue;
        }
        char *o = eddy__vec_str_reserve(out, r, n);
        if (!o && n) return s2_nomem(cx);
        size_t odd = s.n & 1;
        if (odd) o[0] = 0;
        for (size_t k = odd; k < s.n; k += 2)
            o[(k + 1) / 2] = (char)(s2_hexval(s.p[k]) * 16 + s2_hexval(s.p[k + 1]));
    }
    return EDDY_OK;
}

/* ---- the table ---------------------------------------------------------------------------- */

#define S2(id, nm, mn, mx, fl, k, sig) static const FuncDef id = {nm, mn, mx, fl, infer_s2, k, sig}
S2(fn_overlay, "OVERLAY", 3, 4, FN_STRICT, k_overlay,
   "OVERLAY(<CHARACTER> PLACING <CHARACTER> FROM <INTEGER> [FOR <INTEGER>])");
S2(fn_instr, "INSTR", 2, 4, FN_STRICT, k_instr, "INSTR(<CHARACTER>, <CHARACTER>[, <INTEGER>[, <INTEGER>]])");
S2(fn_elt, "ELT", 2, -1, 0, k_elt, "ELT(index <INTEGER_NUMERIC>, expr <CHARACTER_STRING | BINARY_STRING>, ...)");
S2(fn_translate, "TRANSLATE", 3, 3, 0, k_translate, "TRANSLATE(expr <CHARACTER_STRING>, fromStr, toStr)");
S2(fn_btrim, "BTRIM", 1, 2, FN_STRICT, k_btrim, "BTRIM(str <CHARACTER_STRING>[, trimStr <CHARACTER_STRING>])");
S2(fn_startswith, "STARTSWITH", 2, 2, FN_STRICT, k_startswith, "STARTSWITH(expr, startExpr)");
S2(fn_endswith, "ENDSWITH", 2, 2, FN_STRICT, k_startswith, "ENDSWITH(expr, endExpr)");
S2(fn_split, "SPLIT", 2, 2, FN_STRICT, k_split, "SPLIT(string <CHARACTER_STRING>, delimiter <CHARACTER_STRING>)");
S2(fn_to_base64, "TO_BASE64", 1, 1, FN_STRICT, k_to_base64, "TO_BASE64(<CHARACTER>)");
S2(fn_from_base64, "FROM_BASE64", 1, 1, FN_STRICT, k_from_base64, "FROM_BASE64(<CHARACTER>)");
S2(fn_encode, "ENCODE", 2, 2, FN_STRICT, k_encode, "ENCODE(<CHARACTER>, <CHARACTER>)");
S2(fn_decode, "DECODE", 2, 2, FN_STRICT, k_encode, "DECODE(<BINARY>, <CHARACTER>)");
S2(fn_md5, "MD5", 1, 1, FN_STRICT, k_hash, "MD5(<CHARACTER>)");
S2(fn_sha1, "SHA1", 1, 1, FN_STRICT, k_hash, "SHA1(<CHARACTER>)");
S2(fn_sha224, "SHA224", 1, 1, FN_STRICT, k_hash, "SHA224(<CHARACTER>)");
S2(fn_sha256, "SHA256", 1, 1, FN_STRICT, k_hash, "SHA256(<CHARACTER>)");
S2(fn_sha384, "SHA384", 1, 1, FN_STRICT, k_hash, "SHA384(<CHARACTER>)");
S2(fn_sha512, "SHA512", 1, 1, FN_STRICT, k_hash, "SHA512(<CHARACTER>)");
S2(fn_sha2, "SHA2", 2, 2, FN_STRICT, k_hash, "SHA2(<CHARACTER>, <INTEGER>)");
S2(fn_parse_url, "PARSE_URL", 2, 3, FN_STRICT, k_parse_url, "PARSE_URL(<CHARACTER>, <CHARACTER>[, <CHARACTER>])");
S2(fn_url_encode, "URL_ENCODE", 1, 1, FN_STRICT, k_url_code, "URL_ENCODE(<CHARACTER_STRING>)");
S2(fn_url_decode, "URL_DECODE", 1, 1, FN_STRICT, k_url_code, "URL_DECODE(<CHARACTER_STRING>)");
S2(fn_uuid, "UUID", 0, 0, FN_NONDETERMINISTIC, k_uuid, "UUID()");
S2(fn_bin, "BIN", 1, 1, FN_STRICT, k_bin_hex, "BIN(<INTEGER>)");
S2(fn_hex, "HEX", 1, 1, FN_STRICT, k_bin_hex, "HEX(<INTEGER>) | HEX(<CHARACTER>)");
S2(fn_unhex, "UNHEX", 1, 1, FN_STRICT, k_unhex, "UNHEX(expr <CHARACTER_STRING>)");

const FuncDef *const eddy__fns_string2[] = {
    &fn_overlay, &fn_instr,   &fn_elt,        &fn_translate,  &fn_btrim,      &fn_startswith, &fn_endswith,
    &fn_split,   &fn_to_base64, &fn_from_base64, &fn_encode,  &fn_decode,     &fn_md5,        &fn_sha1,
    &fn_sha224,  &fn_sha256,  &fn_sha384,     &fn_sha512,     &fn_sha2,       &fn_parse_url,  &fn_url_encode,
    &fn_url_decode, &fn_uuid,     &fn_bin,        &fn_hex,        &fn_unhex,      NULL,
};
