/*
 * fn_string.c -- string functions: UPPER, LOWER, INITCAP, CONCAT, CONCAT_WS,
 * ||, CHAR_LENGTH, SUBSTRING, TRIM/LTRIM/RTRIM, REPLACE, POSITION, LOCATE,
 * LPAD, RPAD, REPEAT, REVERSE, LEFT, RIGHT, ASCII, CHR, SPLIT_INDEX, and
 * LIKE. Positions and lengths count code points (UTF-8), as Flink counts
 * Java chars for the Basic Multilingual Plane.
 */
#include "expr/functions.h"

/* Simple case mappings for Latin-1, Latin Extended-A, Greek and Cyrillic
 * besides ASCII. */
static uint32_t cp_upper(uint32_t c) {
    if (c >= 'a' && c <= 'z') return c - 32;
    if (c < 0x80) return c;
    if ((c >= 0xE0 && c <= 0xFE && c != 0xF7)) return c - 32;
    if (c == 0xFF) return 0x178;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F) {
        bool odd_lower = !((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E));
        if (odd_lower ? (c & 1) : !(c & 1)) return c - 1;
        return c;
    }
    if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) return c - 32;
    if (c == 0x3C2) return 0x3A3;
    if (c >= 0x430 && c <= 0x44F) return c - 32;
    if (c >= 0x450 && c <= 0x45F) return c - 80;
    return c;
}

static uint32_t cp_lower(uint32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c < 0x80) return c;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
    if (c == 0x178) return 0xFF;
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F) {
        bool odd_lower = !((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E));
        if (odd_lower ? !(c & 1) : (c & 1)) return c + 1;
        return c;
    }
    if (c >= 0x391 && c <= 0x3A9) return c + 32;
    if (c >= 0x410 && c <= 0x42F) return c + 32;
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    return c;
}

/* ---- inference -------------------------------------------------------------------------- */

static bool is_str_arg(const Expr *e) { return eddy__type_is_string(e->type) || e->type->root == TY_NULL; }

static eddy_status need_strings(Arena *a, const FuncDef *fn, Expr **args, int nargs, int from, int to, EdErr *err) {
    for (int i = from; i < to && i < nargs; i++) {
        if (!is_str_arg(args[i])) return eddy__infer_error(err, fn, args, nargs);
        if (args[i]->type->root == TY_NULL) {
            eddy_status rc = eddy__coerce(a, args, i, eddy__type_string(true), err);
            if (rc) return rc;
        }
    }
    return EDDY_OK;
}

static eddy_status need_ints(Arena *a, const FuncDef *fn, Expr **args, int nargs, int from, EdErr *err) {
    for (int i = from; i < nargs; i++) {
        const Type *t = args[i]->type;
        if (!eddy__type_is_integer(t) && t->root != TY_NULL) return eddy__infer_error(err, fn, args, nargs);
        eddy_status rc = eddy__coerce(a, args, i, eddy__type_basic(TY_BIGINT, true), err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* Same string type as the first argument (UPPER, LOWER, INITCAP, REVERSE, TRIM). */
static eddy_status infer_str_same(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                  const void **data, EdErr *err) {
    (void)data;
    int s = !strcmp(fn->name, "TRIM") ? 2 : 0; /* TRIM(flag, chars, s) */
    eddy_status rc = need_strings(a, fn, args, nargs, s == 2 ? 1 : 0, nargs, err);
    if (rc) return rc;
    const Type *t = args[s]->type;
    bool nullable = eddy__args_nullable(args, nargs);
    if (t->root == TY_CHAR && s == 2) t = eddy__type_varchar(a, t->length, nullable);
    *out = eddy__type_with_nullable(a, t, nullable);
    return EDDY_OK;
}

/* VARCHAR(2147483647) (REPLACE, LPAD, RPAD, REPEAT, CONCAT_WS, SPLIT_INDEX, CHR). */
static eddy_status infer_str_string(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    (void)data;
    eddy_status rc;
    const char *n = fn->name;
    if (!strcmp(n, "LPAD") || !strcmp(n, "RPAD")) {
        if ((rc = need_strings(a, fn, args, nargs, 0, 1, err)) || (rc = need_ints(a, fn, args, 2, 1, err)) ||
            (rc = need_strings(a, fn, args, nargs, 2, 3, err)))
            return rc;
    } else if (!strcmp(n, "REPEAT") || !strcmp(n, "LEFT") || !strcmp(n, "RIGHT")) {
        if ((rc = need_strings(a, fn, args, nargs, 0, 1, err)) || (rc = need_ints(a, fn, args, nargs, 1, err))) return rc;
    } else if (!strcmp(n, "SPLIT_INDEX")) {
        if ((rc = need_strings(a, fn, args, nargs, 0, 2, err)) || (rc = need_ints(a, fn, args, nargs, 2, err))) return rc;
    } else if (!strcmp(n, "CHR")) {
        if ((rc = need_ints(a, fn, args, nargs, 0, err))) return rc;
    } else {
        if ((rc = need_strings(a, fn, args, nargs, 0, nargs, err))) return rc;
    }
    bool nullable = eddy__args_nullable(args, nargs);
    if (!strcmp(n, "CONCAT_WS")) nullable = args[0]->type->nullable;
    if (!strcmp(n, "SPLIT_INDEX")) nullable = true;
    *out = eddy__type_string(nullable);
    return EDDY_OK;
}

static eddy_status infer_int_of_str(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                    const void **data, EdErr *err) {
    (void)data;
    bool locate = !strcmp(fn->name, "LOCATE");
    eddy_status rc = need_strings(a, fn, args, nargs, 0, locate ? 2 : nargs, err);
    if (!rc && locate) rc = need_ints(a, fn, args, nargs, 2, err);
    if (rc) return rc;
    *out = eddy__type_basic(TY_INT, eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

/* CONCAT and ||: CHAR(a+b) for CHARs, else VARCHAR(a+b). */
static eddy_status infer_concat(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                const void **data, EdErr *err) {
    (void)data;
    eddy_status rc = need_strings(a, fn, args, nargs, 0, nargs, err);
    if (rc) return rc;
    int64_t len = 0;
    bool all_char = true;
    for (int i = 0; i < nargs; i++) {
        len += args[i]->type->length;
        if (args[i]->type->root != TY_CHAR) all_char = false;
    }
    if (len > TY_MAX_LENGTH) len = TY_MAX_LENGTH;
    bool nullable = eddy__args_nullable(args, nargs);
    *out = all_char && fn->name[0] == '|' ? eddy__type_char(a, (int32_t)len, nullable)
                                          : eddy__type_varchar(a, (int32_t)len, nullable);
    return EDDY_OK;
}

static eddy_status infer_substring(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                   const void **data, EdErr *err) {
    (void)data;
    eddy_status rc = need_strings(a, fn, args, nargs, 0, 1, err);
    if (!rc) rc = need_ints(a, fn, args, nargs, 1, err);
    if (rc) return rc;
    *out = eddy__type_varchar(a, args[0]->type->length, eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

static eddy_status infer_like(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                              const void **data, EdErr *err) {
    (void)data;
    eddy_status rc = need_strings(a, fn, args, nargs, 0, nargs, err);
    if (rc) return rc;
    *out = eddy__type_basic(TY_BOOLEAN, eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

/* ---- kernels -------------------------------------------------------------------------------- */

static eddy_status nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

static eddy_status k_case_map(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    char k = e->fn->name[0]; /* U, L, I */
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        if (k != 'I') {
            /* ASCII: map the bytes straight into the output slot */
            size_t j = 0;
            while (j < s.n && (unsigned char)s.p[j] < 0x80) j++;
            if (j == s.n) {
                char *o = eddy__vec_str_reserve(out, r, s.n);
                if (!o && s.n) return nomem(cx);
                if (k == 'U')
                    for (j = 0; j < s.n; j++) o[j] = (char)(s.p[j] >= 'a' && s.p[j] <= 'z' ? s.p[j] - 32 : s.p[j]);
                else
                    for (j = 0; j < s.n; j++) o[j] = (char)(s.p[j] >= 'A' && s.p[j] <= 'Z' ? s.p[j] + 32 : s.p[j]);
                continue;
            }
        }
        b.len = 0;
        bool word_start = true;
        for (size_t j = 0; j < s.n;) {
            uint32_t cp = eddy__utf8_decode(s.p, s.n, &j);
            bool up = k == 'U' || (k == 'I' && word_start);
            uint32_t m = up ? cp_upper(cp) : cp_lower(cp);
            word_start = !(cp_upper(cp) != cp_lower(cp) || cp == 0xDF || (cp >= '0' && cp <= '9'));
            if (cp == 0xDF && k == 'U') {
                eddy__buf_puts(&b, "SS"); /* Java's toUpperCase: sharp s becomes SS */
            } else if (m < 0x80) {
                eddy__buf_putc(&b, (char)m);
            } else {
                eddy__buf_put_utf8(&b, m);
            }
        }
        /* a code point's case can take a byte more than it (U+0250 -> U+2C6F) */
        eddy_status rc = str_result_fits(cx, e->fn->name, b.len);
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? nomem(cx) : EDDY_OK;
}

static const FuncDef fn_upper = {"UPPER", 1, 1, FN_STRICT, infer_str_same, k_case_map, "UPPER(<CHARACTER>)"};
static const FuncDef fn_lower = {"LOWER", 1, 1, FN_STRICT, infer_str_same, k_case_map, "LOWER(<CHARACTER>)"};
static const FuncDef fn_initcap = {"INITCAP", 1, 1, FN_STRICT, infer_str_same, k_case_map, "INITCAP(<CHARACTER>)"};

static eddy_status k_concat(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    FOR_ROWS(i, r) {
        uint64_t n = 0;
        for (int k = 0; k < e->nargs; k++) n += vec_str(args[k], r).n;
        eddy_status rc = str_result_fits(cx, e->fn->name[0] == '|' ? "||" : "CONCAT", n);
        if (rc) return rc;
        char *o = eddy__vec_str_reserve(out, r, (size_t)n);
        if (!o) return nomem(cx);
        size_t w = 0;
        for (int k = 0; k < e->nargs; k++) {
            Str s = vec_str(args[k], r);
            memcpy(o + w, s.p, s.n);
            w += s.n;
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_concat = {"CONCAT", 1, -1, FN_STRICT, infer_concat, k_concat, "CONCAT(<CHARACTER>, ...)"};
static const FuncDef fn_concat_op = {"||", 2, 2, FN_STRICT, infer_concat, k_concat, "<CHARACTER> || <CHARACTER>"};

static eddy_status k_concat_ws(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        Str sep = vec_str(args[0], r);
        uint64_t n = 0;
        for (int k = 1; k < e->nargs; k++)
            if (!vec_is_null(args[k], r)) n += vec_str(args[k], r).n + (n ? sep.n : 0);
        eddy_status rc = str_result_fits(cx, "CONCAT_WS", n);
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        b.len = 0;
        bool first = true;
        for (int k = 1; k < e->nargs; k++) {
            if (vec_is_null(args[k], r)) continue;
            if (!first) eddy__buf_put(&b, sep.p, sep.n);
            Str s = vec_str(args[k], r);
            eddy__buf_put(&b, s.p, s.n);
            first = false;
        }
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? nomem(cx) : EDDY_OK;
}
static const FuncDef fn_concat_ws = {"CONCAT_WS", 2, -1, 0, infer_str_string, k_concat_ws, "CONCAT_WS(<CHARACTER>, ...)"};

static eddy_status k_char_length(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        VEC_DATA(out, int32_t)[r] = (int32_t)eddy__utf8_len(s.p, s.n);
    }
    return EDDY_OK;
}
static const FuncDef fn_char_length = {"CHAR_LENGTH", 1, 1, FN_STRICT, infer_int_of_str, k_char_length, "CHAR_LENGTH(<CHARACTER>)"};
static const FuncDef fn_character_length = {"CHARACTER_LENGTH", 1, 1, FN_STRICT, infer_int_of_str, k_char_length,
                                            "CHARACTER_LENGTH(<CHARACTER>)"};

/* SUBSTRING(s, pos [, len]) with Flink's rules: pos is 1-based, 0 means 1,
 * a negative pos counts from the end. */
static eddy_status k_substring(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                               uint32_t nrows) {
    (void)cx;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        int64_t len = (int64_t)eddy__utf8_len(s.p, s.n);
        int64_t pos = arg_int(args[1], r);
        int64_t cnt = e->nargs > 2 ? arg_int(args[2], r) : INT64_MAX;
        if (cnt < 0) {
            eddy__vec_set_str(out, r, "", 0);
            continue;
        }
        int64_t start = pos > 0 ? pos - 1 : pos < 0 ? len + pos : 0;
        int64_t end = cnt == INT64_MAX || start > INT64_MAX - cnt ? len : start + cnt;
        if (start < 0) start = 0;
        if (end > len) end = len;
        if (start >= end) {
            eddy__vec_set_str(out, r, "", 0);
            continue;
        }
        size_t b0 = eddy__utf8_offset(s.p, s.n, start), b1 = eddy__utf8_offset(s.p, s.n, end);
        eddy__vec_set_str(out, r, s.p + b0, b1 - b0);
    }
    return EDDY_OK;
}
static const FuncDef fn_substring = {"SUBSTRING", 2, 3, FN_STRICT, infer_substring, k_substring,
                                     "SUBSTRING(<CHARACTER> FROM <INTEGER> [FOR <INTEGER>])"};
static const FuncDef fn_substr = {"SUBSTR", 2, 3, FN_STRICT, infer_substring, k_substring, "SUBSTR(<CHARACTER>, <INTEGER>)"};

/* TRIM(flag, chars, s) where flag is 0 BOTH, 1 LEADING, 2 TRAILING; LTRIM /
 * RTRIM (s [, chars]) trim spaces (or chars) from one side. */
static eddy_status k_trim(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    (void)cx;
    const char *n = e->fn->name;
    bool is_trim = !strcmp(n, "TRIM");
    FOR_ROWS(i, r) {
        int flag;
        Str s, set;
        if (is_trim) {
            flag = (int)arg_int(args[0], r);
            set = vec_str(args[1], r);
            s = vec_str(args[2], r);
        } else {
            flag = n[0] == 'L' ? 1 : 2;
            s = vec_str(args[0], r);
            set = e->nargs > 1 ? vec_str(args[1], r) : (Str){" ", 1};
        }
        Str t = str_trim_set(s, set, flag != 2, flag != 1);
        eddy__vec_set_str(out, r, t.p, t.n);
    }
    return EDDY_OK;
}

static eddy_status infer_trim(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                              EdErr *err) {
    if (!strcmp(fn->name, "TRIM")) {
        if (!eddy__type_is_integer(args[0]->type)) return eddy__infer_error(err, fn, args, nargs);
        return infer_str_same(a, fn, args, nargs, out, data, err);
    }
    eddy_status rc = need_strings(a, fn, args, nargs, 0, nargs, err);
    if (rc) return rc;
    *out = eddy__type_with_nullable(a, args[0]->type->root == TY_CHAR
                                           ? eddy__type_varchar(a, args[0]->type->length, true)
                                           : args[0]->type,
                                    eddy__args_nullable(args, nargs));
    return EDDY_OK;
}

static const FuncDef fn_trim = {"TRIM", 3, 3, FN_STRICT, infer_trim, k_trim,
                                "TRIM([BOTH | LEADING | TRAILING] [<CHARACTER>] FROM <CHARACTER>)"};
static const FuncDef fn_ltrim = {"LTRIM", 1, 2, FN_STRICT, infer_trim, k_trim, "LTRIM(<CHARACTER>)"};
static const FuncDef fn_rtrim = {"RTRIM", 1, 2, FN_STRICT, infer_trim, k_trim, "RTRIM(<CHARACTER>)"};

static eddy_status k_replace(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    (void)e;
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), from = vec_str(args[1], r), to = vec_str(args[2], r);
        b.len = 0;
        if (from.n == 0) {
            eddy__vec_set_str(out, r, s.p, s.n);
            continue;
        }
        /* the result's size from the number of matches, before building it */
        uint64_t matches = 0;
        for (int64_t k = str_find(s, from, 0); k >= 0; k = str_find(s, from, (size_t)k + from.n)) matches++;
        eddy_status rc = str_result_fits_n(cx, "REPLACE", matches, to.n, s.n - matches * from.n);
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        size_t pos = 0;
        for (;;) {
            int64_t k = str_find(s, from, pos);
            if (k < 0) break;
            eddy__buf_put(&b, s.p + pos, (size_t)k - pos);
            eddy__buf_put(&b, to.p, to.n);
            pos = (size_t)k + from.n;
        }
        eddy__buf_put(&b, s.p + pos, s.n - pos);
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? nomem(cx) : EDDY_OK;
}
static const FuncDef fn_replace = {"REPLACE", 3, 3, FN_STRICT, infer_str_string, k_replace,
                                   "REPLACE(<CHARACTER>, <CHARACTER>, <CHARACTER>)"};

/* POSITION(needle, hay) and LOCATE(needle, hay [, start]): 1-based code point
 * index of the first occurrence, 0 when absent. */
static eddy_status k_position(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                              uint32_t nrows) {
    (void)cx;
    FOR_ROWS(i, r) {
        Str needle = vec_str(args[0], r), hay = vec_str(args[1], r);
        int64_t start = e->nargs > 2 ? arg_int(args[2], r) : 1;
        if (start < 1) {
            VEC_DATA(out, int32_t)[r] = 0;
            continue;
        }
        size_t from = eddy__utf8_offset(hay.p, hay.n, start - 1);
        int64_t k = str_find(hay, needle, from);
        VEC_DATA(out, int32_t)[r] = k < 0 ? 0 : (int32_t)eddy__utf8_len(hay.p, (size_t)k) + 1;
    }
    return EDDY_OK;
}
static const FuncDef fn_position = {"POSITION", 2, 2, FN_STRICT, infer_int_of_str, k_position,
                                    "POSITION(<CHARACTER> IN <CHARACTER>)"};
static const FuncDef fn_locate = {"LOCATE", 2, 3, FN_STRICT, infer_int_of_str, k_position,
                                  "LOCATE(<CHARACTER>, <CHARACTER> [, <INTEGER>])"};

/* LPAD / RPAD(s, len, pad): pads or truncates to len code points; NULL when
 * len is negative; an empty pad leaves a shorter string as it is. */
static eddy_status k_pad(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    bool left = e->fn->name[0] == 'L';
    Buf b;
    eddy__buf_init(&b);
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), pad = vec_str(args[2], r);
        int64_t len = arg_int(args[1], r);
        if (len < 0) {
            eddy__vec_set_null(out, r);
            continue;
        }
        int64_t sl = (int64_t)eddy__utf8_len(s.p, s.n);
        if (len <= sl) {
            eddy__vec_set_str(out, r, s.p, eddy__utf8_offset(s.p, s.n, len));
            continue;
        }
        if (pad.n == 0) {
            eddy__vec_set_str(out, r, s.p, s.n);
            continue;
        }
        b.len = 0;
        int64_t need = len - sl;
        int64_t pl = (int64_t)eddy__utf8_len(pad.p, pad.n);
        /* whole copies of the pad, and the one cut short */
        eddy_status rc = str_result_fits_n(cx, e->fn->name, (uint64_t)(need / pl), pad.n,
                                           s.n + eddy__utf8_offset(pad.p, pad.n, need % pl));
        if (rc) {
            eddy__buf_free(&b);
            return rc;
        }
        if (!left) eddy__buf_put(&b, s.p, s.n);
        while (need > 0) {
            int64_t take = need < pl ? need : pl;
            eddy__buf_put(&b, pad.p, eddy__utf8_offset(pad.p, pad.n, take));
            need -= take;
        }
        if (left) eddy__buf_put(&b, s.p, s.n);
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    bool failed = b.failed;
    eddy__buf_free(&b);
    return failed ? nomem(cx) : EDDY_OK;
}
static const FuncDef fn_lpad = {"LPAD", 3, 3, FN_STRICT, infer_str_string, k_pad, "LPAD(<CHARACTER>, <INTEGER>, <CHARACTER>)"};
static const FuncDef fn_rpad = {"RPAD", 3, 3, FN_STRICT, infer_str_string, k_pad, "RPAD(<CHARACTER>, <INTEGER>, <CHARACTER>)"};

static eddy_status k_repeat(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        int64_t n = arg_int(args[1], r);
        if (n <= 0 || s.n == 0) {
            eddy__vec_set_str(out, r, "", 0);
            continue;
        }
        eddy_status rc = str_result_fits_n(cx, "REPEAT", (uint64_t)n, s.n, 0);
        if (rc) return rc;
        size_t total = (size_t)n * s.n;
        char *o = eddy__vec_str_reserve(out, r, total);
        if (!o) return nomem(cx);
        for (int64_t k = 0; k < n; k++) memcpy(o + (size_t)k * s.n, s.p, s.n);
    }
    return EDDY_OK;
}
static const FuncDef fn_repeat = {"REPEAT", 2, 2, FN_STRICT, infer_str_string, k_repeat, "REPEAT(<CHARACTER>, <INTEGER>)"};

static eddy_status k_reverse(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        char *o = eddy__vec_str_reserve(out, r, s.n);
        if (!o && s.n) return nomem(cx);
        size_t w = s.n;
        for (size_t j = 0; j < s.n;) {
            size_t k = eddy__utf8_next(s.p, s.n, j);
            w -= k - j;
            memcpy(o + w, s.p + j, k - j);
            j = k;
        }
    }
    return EDDY_OK;
}
static const FuncDef fn_reverse = {"REVERSE", 1, 1, FN_STRICT, infer_str_same, k_reverse, "REVERSE(<CHARACTER>)"};

static eddy_status k_left_right(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    (void)cx;
    bool left = e->fn->name[0] == 'L';
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        int64_t n = arg_int(args[1], r), len = (int64_t)eddy__utf8_len(s.p, s.n);
        if (n <= 0) {
            eddy__vec_set_str(out, r, "", 0);
            continue;
        }
        if (n > len) n = len;
        size_t off = left ? 0 : eddy__utf8_offset(s.p, s.n, len - n);
        size_t end = left ? eddy__utf8_offset(s.p, s.n, n) : s.n;
        eddy__vec_set_str(out, r, s.p + off, end - off);
    }
    return EDDY_OK;
}
static const FuncDef fn_left = {"LEFT", 2, 2, FN_STRICT, infer_str_string, k_left_right, "LEFT(<CHARACTER>, <INTEGER>)"};
static const FuncDef fn_right = {"RIGHT", 2, 2, FN_STRICT, infer_str_string, k_left_right, "RIGHT(<CHARACTER>, <INTEGER>)"};

static eddy_status k_ascii(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                           uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r);
        VEC_DATA(out, int32_t)[r] = s.n ? (unsigned char)s.p[0] : 0;
    }
    return EDDY_OK;
}
static const FuncDef fn_ascii = {"ASCII", 1, 1, FN_STRICT, infer_int_of_str, k_ascii, "ASCII(<CHARACTER>)"};

static eddy_status k_chr(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        int64_t c = arg_int(args[0], r);
        char o[4];
        if (c < 0) {
            eddy__vec_set_null(out, r);
            continue;
        }
        size_t n = eddy__utf8_encode((uint32_t)(c % 256), o);
        eddy__vec_set_str(out, r, o, n);
    }
    return EDDY_OK;
}
static const FuncDef fn_chr = {"CHR", 1, 1, FN_STRICT, infer_str_string, k_chr, "CHR(<INTEGER>)"};

/* SPLIT_INDEX(s, sep, i): the i-th (0-based) piece, NULL when out of range. */
static eddy_status k_split_index(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                 uint32_t nrows) {
    (void)cx;
    (void)e;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), sep = vec_str(args[1], r);
        int64_t idx = arg_int(args[2], r);
        if (idx < 0 || sep.n == 0) {
            eddy__vec_set_null(out, r);
            continue;
        }
        size_t pos = 0;
        bool found = true;
        for (int64_t k = 0; k < idx; k++) {
            int64_t f = str_find(s, sep, pos);
            if (f < 0) {
                found = false;
                break;
            }
            pos = (size_t)f + sep.n;
        }
        if (!found) {
            eddy__vec_set_null(out, r);
            continue;
        }
        int64_t f = str_find(s, sep, pos);
        size_t end = f < 0 ? s.n : (size_t)f;
        eddy__vec_set_str(out, r, s.p + pos, end - pos);
    }
    return EDDY_OK;
}
static const FuncDef fn_split_index = {"SPLIT_INDEX", 3, 3, FN_STRICT, infer_str_string, k_split_index,
                                       "SPLIT_INDEX(<CHARACTER>, <CHARACTER>, <INTEGER>)"};

/* ---- LIKE ------------------------------------------------------------------------------------- */

/* Matches s against a SQL LIKE pattern: % any sequence, _ one code point,
 * `esc` (or -1) escapes the next pattern character. Iterative with one
 * backtrack point, so it is linear-ish and never recurses. */
static bool like_match(Str s, Str p, int esc) {
    size_t si = 0, pi = 0, star_p = (size_t)-1, star_s = 0;
    while (si < s.n) {
        if (pi < p.n) {
            char c = p.p[pi];
            if (esc >= 0 && (unsigned char)c == esc && pi + 1 < p.n) {
                size_t pj = pi + 1, sj = si;
                uint32_t a = eddy__utf8_decode(p.p, p.n, &pj), b = eddy__utf8_decode(s.p, s.n, &sj);
                if (a == b) {
                    pi = pj;
                    si = sj;
                    continue;
                }
            } else if (c == '%') {
                star_p = ++pi;
                star_s = si;
                continue;
            } else if (c == '_') {
                pi++;
                si = eddy__utf8_next(s.p, s.n, si);
                continue;
            } else if (c == s.p[si]) {
                pi++;
                si++;
                continue;
            }
        }
        if (star_p == (size_t)-1) return false;
        pi = star_p;
        star_s = eddy__utf8_next(s.p, s.n, star_s);
        si = star_s;
    }
    while (pi < p.n && p.p[pi] == '%') pi++;
    return pi == p.n;
}

static eddy_status k_like(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                          uint32_t nrows) {
    FOR_ROWS(i, r) {
        int esc = -1;
        if (e->nargs > 2) {
            Str es = vec_str(args[2], r);
            if (es.n != 1)
                return eddy__err(cx->err, EDDY_E_RUNTIME, "Invalid escape character '%.*s'.", (int)es.n, es.p);
            esc = (unsigned char)es.p[0];
        }
        VEC_DATA(out, uint8_t)[r] = like_match(vec_str(args[0], r), vec_str(args[1], r), esc);
    }
    return EDDY_OK;
}
static const FuncDef fn_like = {"LIKE", 2, 3, FN_STRICT, infer_like, k_like, "<CHARACTER> LIKE <CHARACTER>"};

const FuncDef *const eddy__fns_string[] = {
    &fn_upper,   &fn_lower,  &fn_initcap, &fn_concat, &fn_concat_op, &fn_concat_ws, &fn_char_length,
    &fn_character_length, &fn_substring, &fn_substr, &fn_trim, &fn_ltrim, &fn_rtrim, &fn_replace,
    &fn_position, &fn_locate, &fn_lpad, &fn_rpad, &fn_repeat, &fn_reverse, &fn_left, &fn_right,
    &fn_ascii,   &fn_chr,    &fn_split_index, &fn_like, NULL,
};
