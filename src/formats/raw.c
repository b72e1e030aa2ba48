/*
 * raw.c -- 'format' = 'raw': a table of one column whose values are the
 * bytes of a record, as Flink's raw format. In files a record is a line
 * (Flink's filesystem connector reads row formats line by line and writes
 * each record followed by '\n'; a '\r' before the '\n' is dropped).
 * Strings are encoded in 'raw.charset' (UTF-8 by default; others through
 * iconv; malformed input is replaced by U+FFFD as Java does, and a byte
 * order mark is a character U+FEFF of the line, as in Java), bytes are
 * taken as they are, numbers are their fixed-size binary form in
 * 'raw.endianness' (big-endian by default), BOOLEAN one byte.
 */
#include <errno.h>
#include <iconv.h>

#include "formats/formats.h"

typedef struct RawPlan {
    const char *charset; /* NULL: UTF-8 */
    bool big_endian;
    bool utf16_bom; /* Java's "UTF-16" encoder writes a byte order mark, big-endian */
} RawPlan;

static const char *const raw_options[] = {"charset", "endianness", NULL};

static bool raw_type_ok(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY:
    case TY_BOOLEAN:
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE: return true;
    default: return false;
    }
}

static eddy_status raw_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err) {
    RawPlan *p = eddy__arena_alloc(fc->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    const char *cs = eddy__format_option(fc, "charset");
    if (cs && !eddy__str_ieq(cs, "UTF-8") && !eddy__str_ieq(cs, "UTF8")) {
        iconv_t cd = iconv_open("UTF-8", cs);
        if (cd == (iconv_t)-1) return eddy__err(err, EDDY_E_VALIDATION, "Unsupported 'raw.charset' name: %s.", cs);
        iconv_close(cd);
        p->utf16_bom = eddy__str_ieq(cs, "UTF-16");
        p->charset = eddy__arena_strdup(fc->a, p->utf16_bom ? "UTF-16BE" : cs);
    }
    const char *en = eddy__format_option(fc, "endianness");
    p->big_endian = true;
    if (en) {
        if (eddy__str_ieq(en, "little-endian")) p->big_endian = false;
        else if (!eddy__str_ieq(en, "big-endian"))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Unsupported endianness name: %s. Valid values of 'raw.endianness' option are "
                             "'big-endian' and 'little-endian'.",
                             en);
    }
    if (fc->ncols != 1) {
        Buf b;
        eddy__buf_init(&b);
        for (int i = 0; i < fc->ncols; i++) {
            if (i) eddy__buf_puts(&b, ", ");
            eddy__print_ident(&b, fc->names[i]);
            eddy__buf_putc(&b, ' ');
            eddy__type_print(&b, fc->types[i]);
        }
        eddy__err(err, EDDY_E_VALIDATION,
                  "The 'raw' format only supports single physical column. However the defined schema contains "
                  "multiple physical columns: [%s]",
                  eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return EDDY_E_VALIDATION;
    }
    if (!raw_type_ok(fc->types[0]))
        return eddy__err(err, EDDY_E_VALIDATION, "The 'raw' format doesn't supports '%s' as column type.",
                         eddy__type_str(fc->a, fc->types[0]));
    fp->data = p;
    fp->ignore_errors = false;
    return EDDY_OK;
}

/* ---- charsets ------------------------------------------------------------------ */

typedef struct RawState {
    iconv_t to_utf8, from_utf8;
} RawState;

static void raw_state_free(void *s) {
    RawState *st = s;
    if (st->to_utf8 != (iconv_t)-1) iconv_close(st->to_utf8);
    if (st->from_utf8 != (iconv_t)-1) iconv_close(st->from_utf8);
    eddy__free(st);
}

static RawState *raw_state(const RawPlan *p, FormatRun *run) {
    if (run->state) return run->state;
    RawState *st = eddy__calloc(1, sizeof *st);
    if (!st) return NULL;
    st->to_utf8 = iconv_open("UTF-8", p->charset);
    st->from_utf8 = iconv_open(p->charset, "UTF-8");
    run->state = st;
    run->state_free = raw_state_free;
    if (st->to_utf8 == (iconv_t)-1 || st->from_utf8 == (iconv_t)-1) return NULL;
    return st;
}

/* Converts s[0..n) with cd into out; a sequence that does not convert
 * becomes `bad` (U+FFFD or '?'), as Java's decoders and encoders replace. */
static bool convert(iconv_t cd, const char *s, size_t n, Buf *out, const char *bad, size_t bad_len) {
    iconv(cd, NULL, NULL, NULL, NULL);
    char *in = (char *)s;
    size_t left = n;
    while (left) {
        if (!eddy__buf_reserve(out, left * 4 + 16)) return false;
        char *o = out->data + out->len;
        size_t room = out->cap - out->len - 1;
        size_t r = iconv(cd, &in, &left, &o, &room);
        eddy__buf_truncate(out, (size_t)(o - out->data));
        if (r == (size_t)-1) {
            if (errno == E2BIG) continue;
            eddy__buf_put(out, bad, bad_len);
            in++;
            left--;
        }
    }
    return !out->failed;
}

/* ---- reading ---------------------------------------------------------------------- */

static uint64_t load(const unsigned char *p, int n, bool big) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v |= (uint64_t)p[big ? i : n - 1 - i] << (8 * (n - 1 - i));
    return v;
}

static DecodeStatus raw_decode(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof, size_t *used,
                               uint32_t *lines, Vector *const *cols, uint32_t row) {
    const RawPlan *rp = fp->data;
    size_t len;
    if (!eddy__format_line(run, p, n, eof, &len, used, lines)) return DEC_MORE;
    Vector *v = cols[0];
    const Type *t = fp->types[0];
    static const struct {
        uint8_t root;
        int size;
        const char *name;
    } sizes[] = {{TY_BOOLEAN, 1, "BOOLEAN"}, {TY_TINYINT, 1, "TINYINT"}, {TY_SMALLINT, 2, "SMALLINT"},
                 {TY_INT, 4, "INT"},         {TY_BIGINT, 8, "BIGINT"},   {TY_FLOAT, 4, "FLOAT"},
                 {TY_DOUBLE, 8, "DOUBLE"}};
    for (size_t i = 0; i < ED_ARRAY_LEN(sizes); i++) {
        if (sizes[i].root != t->root) continue;
        if (len != (size_t)sizes[i].size) {
            eddy__buf_printf(&run->reason, "Size of data received for deserializing %s type is not %d.", sizes[i].name,
                             sizes[i].size);
            return DEC_BAD;
        }
        uint64_t x = load((const unsigned char *)p, sizes[i].size, rp->big_endian);
        switch ((TypeRoot)t->root) {
        case TY_BOOLEAN: VEC_DATA(v, uint8_t)[row] = p[0] != 0; break;
        case TY_TINYINT: VEC_DATA(v, int8_t)[row] = (int8_t)p[0]; break;
        case TY_SMALLINT: VEC_DATA(v, int16_t)[row] = (int16_t)(uint16_t)x; break;
        case TY_INT: VEC_DATA(v, int32_t)[row] = (int32_t)(uint32_t)x; break;
        case TY_BIGINT: VEC_DATA(v, int64_t)[row] = (int64_t)x; break;
        case TY_FLOAT: {
            uint32_t u = (uint32_t)x;
            memcpy(&VEC_DATA(v, float)[row], &u, 4);
            break;
        }
        default: memcpy(&VEC_DATA(v, double)[row], &x, 8); break;
        }
        vec_set_valid(v, row);
        return DEC_ROW;
    }
    if (rp->charset && eddy__type_is_string(t)) {
        RawState *st = raw_state(rp, run);
        eddy__buf_truncate(&run->buf, 0);
        if (!st || !convert(st->to_utf8, p, len, &run->buf, "\xEF\xBF\xBD", 3)) return DEC_NOMEM;
        eddy__vec_set_str(v, row, run->buf.data ? run->buf.data : "", run->buf.len);
    } else if (eddy__type_is_string(t) && !eddy__utf8_check(p, len, &(size_t){0}, &run->reason)) {
        /* as new String(bytes, UTF_8): what is not UTF-8 becomes U+FFFD */
        eddy__buf_truncate(&run->reason, 0);
        eddy__buf_truncate(&run->buf, 0);
        eddy__utf8_replace_malformed(&run->buf, p, len);
        if (run->buf.failed) return DEC_NOMEM;
        eddy__vec_set_str(v, row, run->buf.data, run->buf.len);
    } else {
        eddy__vec_set_str(v, row, p, len);
    }
    vec_set_valid(v, row);
    return v->failed ? DEC_NOMEM : DEC_ROW;
}

/* ---- writing ---------------------------------------------------------------------- */

static void store(Buf *out, uint64_t x, int n, bool big) {
    for (int i = 0; i < n; i++) {
        int shift = big ? 8 * (n - 1 - i) : 8 * i;
        eddy__buf_putc(out, (char)(x >> shift & 0xFF));
    }
}

static eddy_status raw_encode(const FormatPlan *fp, FormatRun *run, Vector *const *cols, uint32_t row, Buf *out,
                              EdErr *err) {
    const RawPlan *rp = fp->data;
    const Vector *v = cols[0];
    uint32_t r = vidx(v, row);
    const Type *t = fp->types[0];
    if (vec_is_null(v, r))
        return eddy__err(err, EDDY_E_RUNTIME,
                         "Cannot write a NULL value of column '%s' in the 'raw' format: a record of a file cannot be "
                         "NULL.",
                         fp->names[0]);
    bool big = rp->big_endian;
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: eddy__buf_putc(out, VEC_DATA(v, uint8_t)[r] ? 1 : 0); break;
    case TY_TINYINT: eddy__buf_putc(out, (char)VEC_DATA(v, int8_t)[r]); break;
    case TY_SMALLINT: store(out, (uint16_t)VEC_DATA(v, int16_t)[r], 2, big); break;
    case TY_INT: store(out, (uint32_t)VEC_DATA(v, int32_t)[r], 4, big); break;
    case TY_BIGINT: store(out, (uint64_t)VEC_DATA(v, int64_t)[r], 8, big); break;
    case TY_FLOAT: {
        uint32_t u;
        memcpy(&u, &VEC_DATA(v, float)[r], 4);
        store(out, u, 4, big);
        break;
    }
    case TY_DOUBLE: {
        uint64_t u;
        memcpy(&u, &VEC_DATA(v, double)[r], 8);
        store(out, u, 8, big);
        break;
    }
    default: {
        Str s = vec_str(v, r);
        if (rp->charset && eddy__type_is_string(t)) {
            RawState *st = raw_state(rp, run);
            if (rp->utf16_bom) eddy__buf_put(out, "\xFE\xFF", 2);
            if (!st || !convert(st->from_utf8, s.p, s.n, out, "?", 1))
                return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        } else {
            eddy__buf_put(out, s.p, s.n);
        }
    }
    }
    eddy__buf_putc(out, '\n');
    return out->failed ? eddy__err(err, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

const FormatVt eddy__format_raw = {
    .name = "raw",
    .options = raw_options,
    .plan = raw_plan,
    .decode = raw_decode,
    .encode = raw_encode,
};
