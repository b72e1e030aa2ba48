/*
 * fn_regex.c -- the regular-expression functions: REGEXP, REGEXP_EXTRACT,
 * REGEXP_REPLACE, REGEXP_COUNT, REGEXP_EXTRACT_ALL, REGEXP_INSTR,
 * REGEXP_SUBSTR, SIMILAR (SQL's SIMILAR TO) and STR_TO_MAP, whose
 * delimiters are regular expressions too.
 *
 * Flink uses java.util.regex; eddy uses PCRE2, whose syntax is a superset of
 * Java's for everything commonly written (classes, groups, quantifiers,
 * look-around, \d \w \s, inline flags). Matches are found and stepped over
 * exactly as java.util.regex.Matcher.find() does (after an empty match the
 * next search starts one character later), so counts, replacements and
 * splits agree with Flink.
 *
 * Patterns are compiled once per kernel call (per batch) and per distinct
 * pattern, never shared across calls: no lifetime outlives the batch.
 * Without PCRE2 (EDDY_HAVE_PCRE2 undefined) the functions still bind, and
 * fail when they run.
 */
#include "expr/functions.h"

#ifdef EDDY_HAVE_PCRE2
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif

static eddy_status rx_nomem(EvalCtx *cx) { return eddy__err(cx->err, EDDY_E_NOMEM, "out of memory"); }

#define RX_NO_PCRE "REGEXP functions need PCRE2; eddy was built without it"

/* ---- compiled patterns ----------------------------------------------------------------- */

/* A pattern compiled for one kernel call; reused while rows repeat it. */
typedef struct Rx {
    char *pat; /* malloc'd copy of the source */
    size_t pat_n;
    bool valid;
    char msg[128]; /* compile error when !valid */
#ifdef EDDY_HAVE_PCRE2
    pcre2_code *code;
    pcre2_match_data *md;
#endif
    int ngroups;
} Rx;

static void rx_free(Rx *rx) {
#ifdef EDDY_HAVE_PCRE2
    if (rx->md) pcre2_match_data_free(rx->md);
    if (rx->code) pcre2_code_free(rx->code);
    rx->md = NULL;
    rx->code = NULL;
#endif
    eddy__free(rx->pat);
    rx->pat = NULL;
}

/* Makes rx hold pattern p (options: full match for SIMILAR). Returns
 * EDDY_OK with rx->valid telling whether the pattern compiled, or an error
 * (no PCRE2, no memory). */
static eddy_status rx_get(EvalCtx *cx, Rx *rx, Str p, bool full) {
    if (rx->pat && rx->pat_n == p.n && memcmp(rx->pat, p.p, p.n) == 0) return EDDY_OK;
    rx_free(rx);
#ifndef EDDY_HAVE_PCRE2
    (void)full;
    return eddy__err(cx->err, EDDY_E_RUNTIME, "%s", RX_NO_PCRE);
#else
    rx->pat = eddy__strndup(p.p, p.n);
    if (!rx->pat) return rx_nomem(cx);
    rx->pat_n = p.n;
    int errcode;
    PCRE2_SIZE erroff;
    pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
    if (!cc) return rx_nomem(cx);
    /* Java's '.' and '$' know \r, \u0085, \u2028, \u2029 as line ends too */
    pcre2_set_newline(cc, PCRE2_NEWLINE_ANY);
    uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
    if (full) opts |= PCRE2_ANCHORED | PCRE2_ENDANCHORED;
    rx->code = pcre2_compile((PCRE2_SPTR)p.p, p.n, opts, &errcode, &erroff, cc);
    pcre2_compile_context_free(cc);
    if (!rx->code) {
        PCRE2_UCHAR buf[96];
        pcre2_get_error_message(errcode, buf, sizeof buf);
        snprintf(rx->msg, sizeof rx->msg, "%s near index %zu", (const char *)buf, (size_t)erroff);
        rx->valid = false;
        return EDDY_OK;
    }
    /* machine code for the pattern when PCRE2 has a JIT here (pcre2_match
     * then uses it); without one the interpreter runs, same results */
    (void)pcre2_jit_compile(rx->code, PCRE2_JIT_COMPLETE);
    uint32_t cap = 0;
    pcre2_pattern_info(rx->code, PCRE2_INFO_CAPTURECOUNT, &cap);
    rx->ngroups = (int)cap;
    rx->md = pcre2_match_data_create_from_pattern(rx->code, NULL);
    if (!rx->md) return rx_nomem(cx);
    rx->valid = true;
    return EDDY_OK;
#endif
}

/* One match: the whole match and the groups as byte ranges (start -1 for a
 * group that did not take part). */
typedef struct RxMatch {
    size_t start, end;
} RxMatch;

/* Finds the next match in s at or after byte `from` (Matcher.find from a
 * position). Returns 1 found, 0 none, or -1 with an error set. */
static int rx_find(EvalCtx *cx, Rx *rx, Str s, size_t from, RxMatch *m) {
#ifndef EDDY_HAVE_PCRE2
    (void)rx;
    (void)s;
    (void)from;
    (void)m;
    eddy__err(cx->err, EDDY_E_RUNTIME, "%s", RX_NO_PCRE);
    return -1;
#else
    if (from > s.n) return 0;
    int rc = pcre2_match(rx->code, (PCRE2_SPTR)s.p, s.n, from, 0, rx->md, NULL);
    if (rc == PCRE2_ERROR_NOMATCH) return 0;
    if (rc < 0) {
        PCRE2_UCHAR buf[96];
        pcre2_get_error_message(rc, buf, sizeof buf);
        eddy__err(cx->err, EDDY_E_RUNTIME, "regular expression matching failed: %s", (const char *)buf);
        return -1;
    }
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(rx->md);
    m->start = ov[0];
    m->end = ov[1];
    return 1;
#endif
}

/* Group g of the last match, false when it did not participate. */
static bool rx_group(Rx *rx, int g, Str s, Str *out) {
#ifndef EDDY_HAVE_PCRE2
    (void)rx;
    (void)g;
    (void)s;
    (void)out;
    return false;
#else
    if (g < 0 || g > rx->ngroups) return false;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(rx->md);
    uint32_t pairs = pcre2_get_ovector_count(rx->md);
    if ((uint32_t)g >= pairs || ov[2 * g] == PCRE2_UNSET) return false;
    *out = (Str){s.p + ov[2 * g], ov[2 * g + 1] - ov[2 * g]};
    return true;
#endif
}

/* Where Matcher.find() searches after the match m: its end, or one code
 * point further after an empty match. */
static size_t rx_next_from(Str s, const RxMatch *m) {
    if (m->end != m->start) return m->end;
    return eddy__utf8_next(s.p, s.n, m->end);
}

/* ---- inference ---------------------------------------------------------------------------------- */

static eddy_status infer_rx(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                            EdErr *err) {
    (void)data;
    const char *n = fn->name;
    bool new_stack = !strcmp(n, "REGEXP_COUNT") || !strcmp(n, "REGEXP_EXTRACT_ALL") || !strcmp(n, "REGEXP_INSTR") ||
                     !strcmp(n, "REGEXP_SUBSTR");
    bool int_last = (!strcmp(n, "REGEXP_EXTRACT") || !strcmp(n, "REGEXP_EXTRACT_ALL")) && nargs == 3;
    for (int i = 0; i < nargs; i++) {
        const Type *t = args[i]->type;
        bool ok;
        if (int_last && i == 2) {
            ok = eddy__type_is_integer(t) || t->root == TY_NULL;
            if (ok && eddy__coerce(a, args, i, eddy__type_basic(TY_BIGINT, true), err)) return err->code;
        } else {
            ok = eddy__type_is_string(t) || t->root == TY_NULL;
            if (ok && t->root == TY_NULL && eddy__coerce(a, args, i, eddy__type_string(true), err)) return err->code;
        }
        if (!ok)
            return new_stack ? eddy__invalid_call_error(err, fn, args, nargs) : eddy__infer_error(err, fn, args, nargs);
    }
    bool nullable = eddy__args_nullable(args, nargs);
    if (!strcmp(n, "REGEXP") || !strcmp(n, "SIMILAR")) *out = eddy__type_basic(TY_BOOLEAN, nullable);
    else if (!strcmp(n, "REGEXP_COUNT") || !strcmp(n, "REGEXP_INSTR")) *out = eddy__type_basic(TY_INT, true);
    else if (!strcmp(n, "REGEXP_EXTRACT_ALL")) *out = eddy__type_array(a, eddy__type_string(true), true);
    else if (!strcmp(n, "STR_TO_MAP"))
        *out = eddy__type_map(a, eddy__type_string(true), eddy__type_string(true), args[0]->type->nullable);
    else *out = eddy__type_string(true);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

/* ---- kernels --------------------------------------------------------------------------------- */

/* REGEXP(s, re): whether any substring matches; an empty or invalid
 * pattern gives FALSE (Flink logs the error). */
static eddy_status k_regexp(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                            uint32_t nrows) {
    (void)e;
    Rx rx = {0};
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), p = vec_str(args[1], r);
        bool res = false;
        if (p.n) {
            if ((rc = rx_get(cx, &rx, p, false))) break;
            if (rx.valid) {
                RxMatch m;
                int f = rx_find(cx, &rx, s, 0, &m);
                if (f < 0) {
                    rc = cx->err->code;
                    break;
                }
                res = f == 1;
            }
        }
        VEC_DATA(out, uint8_t)[r] = res;
    }
    rx_free(&rx);
    return rc;
}

/* REGEXP_EXTRACT(s, re [, group]) and REGEXP_SUBSTR(s, re): the group (0 =
 * the whole match) of the first match; NULL for no match, a bad pattern or
 * a group that is out of range or did not take part. */
static eddy_status k_regexp_extract(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                    const uint32_t *rows, uint32_t nrows) {
    Rx rx = {0};
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), p = vec_str(args[1], r);
        int64_t g = e->nargs > 2 ? arg_int(args[2], r) : 0;
        if ((rc = rx_get(cx, &rx, p, false))) break;
        Str grp;
        RxMatch m;
        int f = rx.valid ? rx_find(cx, &rx, s, 0, &m) : 0;
        if (f < 0) {
            rc = cx->err->code;
            break;
        }
        if (f == 1 && g >= 0 && g <= INT32_MAX && rx_group(&rx, (int)g, s, &grp)) eddy__vec_set_str(out, r, grp.p, grp.n);
        else eddy__vec_set_null(out, r);
    }
    rx_free(&rx);
    return rc;
}

/* REGEXP_REPLACE(s, re, replacement): every match replaced by the
 * replacement taken literally (Flink quotes it with
 * Matcher.quoteReplacement); NULL for a bad pattern. */
static eddy_status k_regexp_replace(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                    const uint32_t *rows, uint32_t nrows) {
    (void)e;
    Rx rx = {0};
    Buf b;
    eddy__buf_init(&b);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), p = vec_str(args[1], r), rep = vec_str(args[2], r);
        if ((rc = rx_get(cx, &rx, p, false))) break;
        if (!rx.valid) {
            eddy__vec_set_null(out, r);
            continue;
        }
        b.len = 0;
        size_t last = 0, from = 0;
        RxMatch m;
        int f;
        while ((f = rx_find(cx, &rx, s, from, &m)) == 1) {
            /* each match may grow the result: check before it does */
            if ((rc = str_result_fits(cx, "REGEXP_REPLACE", (uint64_t)b.len + (m.start - last) + rep.n + (s.n - m.end))))
                break;
            eddy__buf_put(&b, s.p + last, m.start - last);
            eddy__buf_put(&b, rep.p, rep.n);
            last = m.end;
            from = rx_next_from(s, &m);
        }
        if (rc) break;
        if (f < 0) {
            rc = cx->err->code;
            break;
        }
        eddy__buf_put(&b, s.p + last, s.n - last);
        eddy__vec_set_str(out, r, b.data ? b.data : "", b.len);
    }
    if (!rc && b.failed) rc = rx_nomem(cx);
    eddy__buf_free(&b);
    rx_free(&rx);
    return rc;
}

/* REGEXP_COUNT(s, re) and REGEXP_INSTR(s, re): the number of matches / the
 * 1-based position of the first (0 without one); NULL for a bad pattern. */
static eddy_status k_regexp_count(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                  uint32_t nrows) {
    bool instr = e->fn->name[7] == 'I';
    Rx rx = {0};
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), p = vec_str(args[1], r);
        if ((rc = rx_get(cx, &rx, p, false))) break;
        if (!rx.valid) {
            eddy__vec_set_null(out, r);
            continue;
        }
        RxMatch m;
        int f;
        int32_t res = 0;
        if (instr) {
            f = rx_find(cx, &rx, s, 0, &m);
            if (f == 1) res = (int32_t)eddy__utf8_len(s.p, m.start) + 1;
        } else {
            size_t from = 0;
            while ((f = rx_find(cx, &rx, s, from, &m)) == 1) {
                res++;
                from = rx_next_from(s, &m);
            }
        }
        if (f < 0) {
            rc = cx->err->code;
            break;
        }
        VEC_DATA(out, int32_t)[r] = res;
    }
    rx_free(&rx);
    return rc;
}

/* REGEXP_EXTRACT_ALL(s, re [, group = 1]): the group of every match; a bad
 * pattern or group fails the job, as in Flink. */
static eddy_status k_regexp_extract_all(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                        const uint32_t *rows, uint32_t nrows) {
    Rx rx = {0};
    eddy_status rc = EDDY_OK;
    ED_VEC(RxMatch) groups = {0};
    ED_VEC(uint8_t) present = {0};
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), p = vec_str(args[1], r);
        int64_t g = e->nargs > 2 ? arg_int(args[2], r) : 1;
        if ((rc = rx_get(cx, &rx, p, false))) break;
        if (!rx.valid) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "java.util.regex.PatternSyntaxException: %s", rx.msg);
            break;
        }
        if (g < 0 || g > rx.ngroups) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "Extract group index %lld is out of range [0, %d].", (long long)g,
                           rx.ngroups);
            break;
        }
        groups.len = present.len = 0;
        size_t from = 0;
        RxMatch m;
        int f;
        while ((f = rx_find(cx, &rx, s, from, &m)) == 1) {
            Str grp;
            bool has = rx_group(&rx, (int)g, s, &grp);
            RxMatch gm = {has ? (size_t)(grp.p - s.p) : 0, has ? (size_t)(grp.p - s.p) + grp.n : 0};
            if (!ed_vec_push(&groups, gm) || !ed_vec_push(&present, (uint8_t)has)) {
                rc = rx_nomem(cx);
                break;
            }
            from = rx_next_from(s, &m);
        }
        if (rc) break;
        if (f < 0) {
            rc = cx->err->code;
            break;
        }
        uint32_t off = eddy__vec_list_append(out, (uint32_t)groups.len);
        if (out->failed) {
            rc = rx_nomem(cx);
            break;
        }
        for (size_t k = 0; k < groups.len; k++) {
            if (present.items[k])
                eddy__vec_set_str(out->child[0], off + (uint32_t)k, s.p + groups.items[k].start,
                                  groups.items[k].end - groups.items[k].start);
            else eddy__vec_set_null(out->child[0], off + (uint32_t)k);
        }
        vec_set_valid(out, r);
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, (uint32_t)groups.len};
    }
    ed_vec_free(&groups);
    ed_vec_free(&present);
    rx_free(&rx);
    return rc;
}

/* ---- SIMILAR TO -------------------------------------------------------------------------------- */

/* Calcite's Like.sqlToRegexSimilar: SQL's %, _ and [] become regex, '\' and
 * '$' are quoted, the escape character quotes the next special character.
 * Returns NULL on success or an error message. */
static const char *similar_to_regex(Str pat, int esc, Buf *o) {
    static const char *const sql_specials = "[]()|^-+*_%?{}";
    static const char *const java_specials = "[]()|^-+*?{}$\\.";
    bool in_class = false;
    for (size_t i = 0; i < pat.n; i++) {
        char c = pat.p[i];
        if (esc >= 0 && (unsigned char)c == esc) {
            if (i + 1 >= pat.n) return "Invalid escape sequence";
            char nx = pat.p[i + 1];
            if (nx && strchr(sql_specials, nx)) {
                if (strchr(java_specials, nx)) eddy__buf_putc(o, '\\');
                eddy__buf_putc(o, nx);
            } else if ((unsigned char)nx == esc) {
                if (strchr(java_specials, nx)) eddy__buf_putc(o, '\\');
                eddy__buf_putc(o, nx);
            } else {
                return "Invalid escape sequence";
            }
            i++;
            continue;
        }
        switch (c) {
        case '_': eddy__buf_putc(o, '.'); break;
        case '%': eddy__buf_puts(o, "(?s:.*)"); break;
        case '[':
            in_class = true;
            eddy__buf_putc(o, '[');
            break;
        case ']':
            if (!in_class) return "Invalid regular expression";
            in_class = false;
            eddy__buf_putc(o, ']');
            break;
        case '\\': eddy__buf_puts(o, "\\\\"); break;
        case '$': eddy__buf_puts(o, "\\$"); break;
        default: eddy__buf_putc(o, c);
        }
    }
    if (in_class) return "Invalid regular expression";
    return NULL;
}

static eddy_status k_similar(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                             uint32_t nrows) {
    Rx rx = {0};
    Buf re;
    eddy__buf_init(&re);
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        Str s = vec_str(args[0], r), p = vec_str(args[1], r);
        int esc = -1;
        if (e->nargs > 2) {
            Str es = vec_str(args[2], r);
            if (es.n != 1) {
                rc = eddy__err(cx->err, EDDY_E_RUNTIME, "Invalid escape character '%.*s'", (int)es.n, es.p);
                break;
            }
            esc = (unsigned char)es.p[0];
        }
        re.len = 0;
        const char *bad = similar_to_regex(p, esc, &re);
        if (bad) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "%s '%.*s'", bad, (int)p.n, p.p);
            break;
        }
        if ((rc = rx_get(cx, &rx, (Str){re.data ? re.data : "", re.len}, true))) break;
        if (!rx.valid) {
            rc = eddy__err(cx->err, EDDY_E_RUNTIME, "Invalid regular expression '%.*s': %s", (int)p.n, p.p, rx.msg);
            break;
        }
        RxMatch m;
        int f = rx_find(cx, &rx, s, 0, &m);
        if (f < 0) {
            rc = cx->err->code;
            break;
        }
        VEC_DATA(out, uint8_t)[r] = f == 1;
    }
    if (!rc && re.failed) rc = rx_nomem(cx);
    eddy__buf_free(&re);
    rx_free(&rx);
    return rc;
}

/* ---- STR_TO_MAP ------------------------------------------------------------------------------------ */

/* A delimiter java.lang.String.split treats as a literal (its fast path). */
static bool rx_literal(Str d) {
    static const char *const meta = ".$|()[{^?*+\\";
    for (size_t i = 0; i < d.n; i++)
        if (strchr(meta, d.p[i])) return false;
    return d.n > 0;
}

typedef struct Piece {
    size_t start, end;
} Piece;

/* String.split(regex, limit) into pieces (byte ranges of s). */
static eddy_status java_split(EvalCtx *cx, Rx *rx, Str s, Str delim, int limit, Piece *pieces, size_t cap,
                              size_t *count) {
    size_t n = 0, index = 0;
    bool literal = rx_literal(delim);
    if (!literal) {
        eddy_status rc = rx_get(cx, rx, delim, false);
        if (rc) return rc;
        if (!rx->valid)
            return eddy__err(cx->err, EDDY_E_RUNTIME, "java.util.regex.PatternSyntaxException: %s", rx->msg);
    }
    size_t from = 0;
    for (;;) {
        RxMatch m;
        if (literal) {
            const char *hit = NULL;
            for (size_t i = from; delim.n && i + delim.n <= s.n; i++)
                if (memcmp(s.p + i, delim.p, delim.n) == 0) {
                    hit = s.p + i;
                    break;
                }
            if (!hit) break;
            m.start = (size_t)(hit - s.p);
            m.end = m.start + delim.n;
        } else {
            int f = rx_find(cx, rx, s, from, &m);
            if (f < 0) return cx->err->code;
            if (f == 0) break;
        }
        from = rx_next_from(s, &m);
        if (limit > 0 && n >= (size_t)limit - 1) break;
        /* no empty leading piece for a zero-width match at the start */
        if (index == 0 && m.start == 0 && m.start == m.end) continue;
        if (n < cap) pieces[n] = (Piece){index, m.start};
        n++;
        index = m.end;
    }
    if (index == 0 && n == 0) {
        pieces[0] = (Piece){0, s.n};
        *count = 1;
        return EDDY_OK;
    }
    if (n < cap) pieces[n] = (Piece){index, s.n};
    n++;
    if (limit == 0)
        while (n > 0 && pieces[n - 1].start == pieces[n - 1].end) n--;
    *count = n;
    return EDDY_OK;
}

/* Java's String.hashCode over UTF-16 units. */
static int32_t java_hash(Str s) {
    uint32_t h = 0;
    for (size_t i = 0; i < s.n;) {
        const unsigned char *p = (const unsigned char *)s.p + i;
        uint32_t c = p[0];
        size_t len = 1;
        if (c >= 0xC0 && c < 0xE0 && i + 1 < s.n) c = ((c & 0x1F) << 6) | (p[1] & 0x3F), len = 2;
        else if (c >= 0xE0 && c < 0xF0 && i + 2 < s.n)
            c = ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F), len = 3;
        else if (c >= 0xF0 && i + 3 < s.n)
            c = ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F),
            len = 4;
        i += len;
        if (c >= 0x10000) {
            h = 31 * h + (0xD800 + ((c - 0x10000) >> 10));
            h = 31 * h + (0xDC00 + ((c - 0x10000) & 0x3FF));
        } else {
            h = 31 * h + c;
        }
    }
    return (int32_t)h;
}

typedef struct StrKV {
    Str k, v;
    bool has_v;
    uint32_t bucket;
} StrKV;

/* STR_TO_MAP(s [, pair_delim = ',', kv_delim = '=']): SqlFunctionUtils.strToMap
 * with both delimiters as regular expressions; the entries come in the
 * order of the java.util.HashMap Flink builds, so maps print alike. */
static eddy_status k_str_to_map(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                                uint32_t nrows) {
    Rx rx_pair = {0}, rx_kv = {0};
    eddy_status rc = EDDY_OK;
    FOR_ROWS(i, r) {
        if (vec_is_null(args[0], r)) {
            eddy__vec_set_null(out, r);
            continue;
        }
        bool null_delim = false;
        for (int k = 1; k < e->nargs; k++) null_delim |= vec_is_null(args[k], r);
        if (null_delim) {
            eddy__vec_set_null(out, r);
            continue;
        }
        Str s = vec_str(args[0], r);
        Str pd = e->nargs > 1 ? vec_str(args[1], r) : (Str){",", 1};
        Str kd = e->nargs > 2 ? vec_str(args[2], r) : (Str){"=", 1};
        if (s.n == 0) {
            uint32_t off0 = eddy__vec_list_append(out, 0);
            vec_set_valid(out, r);
            VEC_DATA(out, ListEntry)[r] = (ListEntry){off0, 0};
            continue;
        }
        size_t cap = s.n + 2, npairs;
        Piece *pairs = eddy__arena_alloc(cx->scratch, sizeof(Piece) * cap);
        StrKV *kvs = eddy__arena_alloc(cx->scratch, sizeof(StrKV) * cap);
        if (!pairs || !kvs) {
            rc = rx_nomem(cx);
            break;
        }
        if ((rc = java_split(cx, &rx_pair, s, pd, 0, pairs, cap, &npairs))) break;
        /* HashMap capacity for newHashMapWithExpectedSize(npairs) */
        uint64_t want = npairs <= 2 ? npairs + 1 : (uint64_t)((npairs * 4 + 2) / 3);
        uint32_t table = 1;
        while (table < want) table <<= 1;
        size_t nkv = 0;
        for (size_t k = 0; k < npairs; k++) {
            Str pair = {s.p + pairs[k].start, pairs[k].end - pairs[k].start};
            Piece kvp[3];
            size_t nk;
            if ((rc = java_split(cx, &rx_kv, pair, kd, 2, kvp, 3, &nk))) break;
            StrKV kv = {.k = {pair.p + kvp[0].start, kvp[0].end - kvp[0].start}};
            if (nk >= 2) {
                kv.has_v = true;
                kv.v = (Str){pair.p + kvp[1].start, kvp[1].end - kvp[1].start};
            } else {
                kv.k = pair;
            }
            uint32_t h = (uint32_t)java_hash(kv.k);
            kv.bucket = (h ^ (h >> 16)) & (table - 1);
            bool replaced = false;
            for (size_t j = 0; j < nkv && !replaced; j++)
                if (kvs[j].k.n == kv.k.n && memcmp(kvs[j].k.p, kv.k.p, kv.k.n) == 0) {
                    kvs[j].v = kv.v;
                    kvs[j].has_v = kv.has_v;
                    replaced = true;
                }
            if (!replaced) kvs[nkv++] = kv;
        }
        if (rc) break;
        uint32_t off = eddy__vec_list_append(out, (uint32_t)nkv);
        if (out->failed) {
            rc = rx_nomem(cx);
            break;
        }
        /* bucket order, insertion order within a bucket */
        uint32_t w = 0;
        for (uint32_t bkt = 0; bkt < table && w < nkv; bkt++)
            for (size_t j = 0; j < nkv; j++) {
                if (kvs[j].bucket != bkt) continue;
                eddy__vec_set_str(out->child[0], off + w, kvs[j].k.p, kvs[j].k.n);
                if (kvs[j].has_v) eddy__vec_set_str(out->child[1], off + w, kvs[j].v.p, kvs[j].v.n);
                else eddy__vec_set_null(out->child[1], off + w);
                w++;
            }
        vec_set_valid(out, r);
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, (uint32_t)nkv};
    }
    rx_free(&rx_pair);
    rx_free(&rx_kv);
    return rc;
}

/* ---- the table ------------------------------------------------------------------------------------------ */

#define RX(id, nm, mn, mx, fl, k, sig) static const FuncDef id = {nm, mn, mx, fl, infer_rx, k, sig}
RX(fn_regexp, "REGEXP", 2, 2, FN_STRICT, k_regexp, "REGEXP(<CHARACTER>, <CHARACTER>)");
RX(fn_regexp_extract, "REGEXP_EXTRACT", 2, 3, FN_STRICT, k_regexp_extract,
   "REGEXP_EXTRACT(<CHARACTER>, <CHARACTER>[, <INTEGER>])");
RX(fn_regexp_substr, "REGEXP_SUBSTR", 2, 2, FN_STRICT, k_regexp_extract,
   "REGEXP_SUBSTR(str <CHARACTER_STRING>, regex <CHARACTER_STRING>)");
RX(fn_regexp_replace, "REGEXP_REPLACE", 3, 3, FN_STRICT, k_regexp_replace,
   "REGEXP_REPLACE(<CHARACTER>, <CHARACTER>, <CHARACTER>)");
RX(fn_regexp_count, "REGEXP_COUNT", 2, 2, FN_STRICT, k_regexp_count,
   "REGEXP_COUNT(str <CHARACTER_STRING>, regex <CHARACTER_STRING>)");
RX(fn_regexp_instr, "REGEXP_INSTR", 2, 2, FN_STRICT, k_regexp_count,
   "REGEXP_INSTR(str <CHARACTER_STRING>, regex <CHARACTER_STRING>)");
RX(fn_regexp_extract_all, "REGEXP_EXTRACT_ALL", 2, 3, FN_STRICT, k_regexp_extract_all,
   "REGEXP_EXTRACT_ALL(str <CHARACTER_STRING>, regex <CHARACTER_STRING>[, extractIndex <INTEGER_NUMERIC>])");
RX(fn_similar, "SIMILAR", 2, 3, FN_STRICT, k_similar, "<CHARACTER> SIMILAR TO <CHARACTER> [ESCAPE <CHARACTER>]");
RX(fn_str_to_map, "STR_TO_MAP", 1, 3, 0, k_str_to_map, "STR_TO_MAP(<CHARACTER>[, <CHARACTER>, <CHARACTER>])");

const FuncDef *const eddy__fns_regex[] = {
    &fn_regexp,       &fn_regexp_extract, &fn_regexp_substr,      &fn_regexp_replace, &fn_regexp_count,
    &fn_regexp_instr, &fn_regexp_extract_all, &fn_similar,        &fn_str_to_map,     NULL,
};
