/*
 * csv.c -- 'format' = 'csv': rows as lines of delimited text, read and
 * written the way Flink's csv format does it (Jackson's CSV parser and
 * generator underneath, Flink's converters on top).
 *
 * Reading. A record is one line, or several when a quoted value holds a
 * line break. Values are quoted only when the quote character is their
 * first character; inside quotes a doubled quote is a quote; the escape
 * character (none by default) takes the next character literally (\n, \r,
 * \t and \0 become control characters), inside or outside quotes; after a
 * closing quote only white space may come before the delimiter. With
 * 'csv.allow-comments', blank lines, leading blanks and lines starting with
 * '#' are skipped. One empty value more than the columns ("a,b,") is
 * allowed. A value equal to 'csv.null-literal' is NULL. Conversions follow
 * Flink's CsvToRowDataConverters: numbers and booleans are trimmed and
 * parsed as Java does (Boolean.parseBoolean: anything but "true" is false),
 * DATE with java.sql.Date.valueOf, TIME with LocalTime.parse, TIMESTAMP as
 * "yyyy-MM-dd HH:mm:ss[.f]" (TIMESTAMP_LTZ with a trailing 'Z', UTC), bytes
 * as Base64, a DECIMAL that does not fit its precision is NULL, ARRAY and
 * ROW values are split at 'csv.array-element-delimiter'.
 *
 * Writing. Jackson's generator: numbers and booleans bare; text values
 * (strings, dates, times, timestamps, decimals, Base64 bytes, joined arrays
 * and rows) quoted when they are longer than 24 characters or hold a
 * character below the "safe" one (one past the largest of the delimiter,
 * the quote character and '\n' -- with ',' that includes the space), with
 * quotes (and escape characters) doubled inside; NULL as the null literal
 * (empty by default); DECIMAL as Jackson writes a BigDecimal node (trailing
 * zeros stripped: 12.30 -> 12.3, 100 -> 1E+2 unless
 * 'csv.write-bigdecimal-in-scientific-notation' = 'false').
 */
#include "formats/formats.h"
#include "types/format.h"

#define MAX_QUOTE_CHECK 24 /* Jackson quotes longer text values without looking */

typedef struct CsvPlan {
    char delim;
    int quote;  /* -1: disabled */
    int escape; /* -1: none */
    bool comments, ignore, scientific;
    const char *adelim; /* array element delimiter */
    size_t adelim_len;
    const char *null_lit; /* NULL: no null literal */
    size_t null_len;
    unsigned min_safe; /* quote text holding a character below this */
} CsvPlan;

static const char *const csv_options[] = {"field-delimiter",
                                          "disable-quote-character",
                                          "quote-character",
                                          "allow-comments",
                                          "ignore-parse-errors",
                                          "array-element-delimiter",
                                          "escape-character",
                                          "null-literal",
                                          "write-bigdecimal-in-scientific-notation",
                                          NULL};

/* ---- planning ---------------------------------------------------------------------- */

/* CsvRowSchemaConverter's type categories. */
static bool simple_type(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY:
    case TY_DATE:
    case TY_TIME:
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ:
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
    case TY_FLOAT:
    case TY_DOUBLE:
    case TY_DECIMAL:
    case TY_BOOLEAN:
    case TY_NULL: return true;
    default: return false;
    }
}

static eddy_status check_type(const FormatCtx *fc, const char *name, const Type *t, EdErr *err) {
    if (simple_type(t)) {
        if (t->root == TY_TIME && t->precision > 3 && !fc->sink)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Csv does not support TIME type with precision: %d, it only supports precision 0 ~ 3.",
                             t->precision);
        return EDDY_OK;
    }
    int n = t->root == TY_ARRAY ? 1 : t->root == TY_ROW ? t->nfields : 0;
    if (!n)
        return eddy__err(err, EDDY_E_VALIDATION, "Unsupported type '%s' for field '%s'.", eddy__type_str(fc->a, t),
                         name);
    for (int i = 0; i < n; i++) {
        const Type *c = t->root == TY_ARRAY ? t->elem : t->fields[i].type;
        if (!simple_type(c))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Only simple types are supported in the second level nesting of fields '%s' but was: %s",
                             name, eddy__type_str(fc->a, c));
        eddy_status rc = check_type(fc, name, c, err);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* A single-character option ('csv.quote-character', ...): its character,
 * or -1 when absent. Flink's message when it is not one character. */
static eddy_status char_option(const FormatCtx *fc, const char *key, bool unescape, bool ascii, int *out,
                               EdErr *err) {
    const char *v = eddy__format_option(fc, key);
    *out = -1;
    if (!v) return EDDY_OK;
    Buf b;
    eddy__buf_init(&b);
    if (unescape) eddy__unescape_java(&b, v);
    else eddy__buf_puts(&b, v);
    const char *s = eddy__buf_cstr(&b);
    size_t n = b.len;
    bool one = eddy__utf8_len(s, n) == 1;
    int c = one ? (unsigned char)s[0] : -1;
    eddy__buf_free(&b);
    if (!one)
        return eddy__err(err, EDDY_E_VALIDATION, "Option 'csv.%s' must be a string with single character, but was: %s",
                         key, v);
    if (c >= 0x80 && ascii)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: a non-ASCII character for 'csv.%s' ('%s')", key,
                         v);
    *out = c;
    return EDDY_OK;
}

static eddy_status csv_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err) {
    CsvPlan *p = eddy__arena_alloc(fc->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool disable_quote;
    eddy_status rc = eddy__format_bool(fc, "disable-quote-character", false, &disable_quote, err);
    if (rc) return rc;
    if (disable_quote && eddy__format_option(fc, "quote-character"))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Format cannot define a quote character and disabled quote character at the same time.");
    int delim, adelim, quote, escape;
    if ((rc = char_option(fc, "field-delimiter", true, true, &delim, err)) ||
        (rc = char_option(fc, "array-element-delimiter", false, false, &adelim, err)) ||
        (rc = char_option(fc, "quote-character", false, true, &quote, err)) ||
        (rc = char_option(fc, "escape-character", false, true, &escape, err)) ||
        (rc = eddy__format_bool(fc, "allow-comments", false, &p->comments, err)) ||
        (rc = eddy__format_bool(fc, "ignore-parse-errors", false, &p->ignore, err)) ||
        (rc = eddy__format_bool(fc, "write-bigdecimal-in-scientific-notation", true, &p->scientific, err)))
        return rc;
    p->delim = delim < 0 ? ',' : (char)delim;
    p->quote = disable_quote ? -1 : quote < 0 ? '"' : quote;
    p->escape = escape;
    const char *ad = eddy__format_option(fc, "array-element-delimiter");
    p->adelim = ad ? eddy__arena_strdup(fc->a, ad) : ";";
    p->adelim_len = strlen(p->adelim);
    const char *nl = eddy__format_option(fc, "null-literal");
    if (nl) {
        p->null_lit = eddy__arena_strdup(fc->a, nl);
        p->null_len = strlen(nl);
    }
    unsigned m = (unsigned char)p->delim;
    if (p->quote > (int)m) m = (unsigned)p->quote;
    if ('\n' > m) m = '\n';
    p->min_safe = m + 1;
    for (int i = 0; i < fc->ncols; i++)
        if ((rc = check_type(fc, fc->names[i], fc->types[i], err))) return rc;
    (void)adelim;
    fp->data = p;
    fp->ignore_errors = p->ignore;
    return EDDY_OK;
}

/* ---- reading: splitting a record into values ------------------------------------------ */

/* One value of a record: bytes in the input window, or (quoted or escaped
 * values) in run->buf at `off`. */
typedef struct CsvVal {
    const char *p;
    size_t n, off;
    bool in_buf;
} CsvVal;

typedef struct Splitter {
    const CsvPlan *cp;
    FormatRun *run;
    const char *p;
    size_t n, i;
    bool eof;
    uint32_t lines;
} Splitter;

typedef enum { V_SEP, V_EOL, V_EOF, V_MORE, V_ERR } ValEnd;

/* Jackson's description of a character in messages: 'x' (code 120). */
static void char_desc(Buf *b, int c) {
    if (c < ' ') eddy__buf_printf(b, "(CTRL-CHAR, code %d)", c);
    else eddy__buf_printf(b, "'%c' (code %d)", c, c);
}

/* Consumes a line end at s->i (\r, \n or \r\n). V_MORE when a \r ends the
 * window and the next byte is unknown. */
static ValEnd line_end(Splitter *s) {
    if (s->p[s->i] == '\r') {
        if (s->i + 1 == s->n && !s->eof) return V_MORE;
        s->i++;
        if (s->i < s->n && s->p[s->i] == '\n') s->i++;
    } else {
        s->i++;
    }
    s->lines++;
    return V_EOL;
}

/* The character after an escape character, as Jackson unescapes it. */
static char unescape(char c) {
    switch (c) {
    case '0': return '\0';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return c;
    }
}

static ValEnd next_value(Splitter *s, CsvVal *v) {
    const CsvPlan *cp = s->cp;
    Buf *buf = &s->run->buf;
    memset(v, 0, sizeof *v);
    if (s->i == s->n) {
        if (!s->eof) return V_MORE;
        v->p = "";
        return V_EOF;
    }
    char c = s->p[s->i];
    if (c == '\r' || c == '\n') {
        v->p = "";
        return line_end(s);
    }
    if (cp->quote >= 0 && c == (char)cp->quote) {
        v->in_buf = true;
        v->off = buf->len;
        size_t i = s->i + 1;
        uint32_t lines = 0;
        for (;;) {
            if (i >= s->n) {
                if (!s->eof) return V_MORE;
                eddy__buf_puts(&s->run->reason, "Missing closing quote for value");
                s->i = s->n;
                return V_ERR;
            }
            char d = s->p[i];
            if (d == (char)cp->quote) {
                if (i + 1 >= s->n && !s->eof) return V_MORE;
                if (i + 1 < s->n && s->p[i + 1] == (char)cp->quote) {
                    eddy__buf_putc(buf, d);
                    i += 2;
                    continue;
                }
                i++;
                break;
            }
            if (cp->escape >= 0 && d == (char)cp->escape) {
                if (i + 1 >= s->n) {
                    if (!s->eof) return V_MORE;
                    eddy__buf_puts(&s->run->reason, "Unexpected EOF in escaped character");
                    s->i = s->n;
                    return V_ERR;
                }
                eddy__buf_putc(buf, unescape(s->p[i + 1]));
                i += 2;
                continue;
            }
            if (d == '\n' || (d == '\r' && (i + 1 >= s->n || s->p[i + 1] != '\n'))) lines++;
            eddy__buf_putc(buf, d);
            i++;
        }
        v->n = buf->len - v->off;
        /* white space may follow the closing quote; then a delimiter or the end */
        while (i < s->n && (unsigned char)s->p[i] <= ' ' && s->p[i] != '\r' && s->p[i] != '\n' && s->p[i] != cp->delim)
            i++;
        if (i >= s->n && !s->eof) return V_MORE;
        s->lines += lines;
        s->i = i;
        if (i >= s->n) return V_EOF;
        if (s->p[i] == cp->delim) {
            s->i++;
            return V_SEP;
        }
        if (s->p[i] == '\r' || s->p[i] == '\n') return line_end(s);
        Buf *why = &s->run->reason;
        eddy__buf_puts(why, "Unexpected character (");
        char_desc(why, (unsigned char)s->p[i]);
        eddy__buf_puts(why, "): Expected column separator character (");
        char_desc(why, (unsigned char)cp->delim);
        eddy__buf_puts(why, ") or end-of-line");
        return V_ERR;
    }
    /* unquoted: up to the delimiter or the line end */
    size_t i = s->i, start = i;
    bool escaped = false;
    while (i < s->n) {
        char d = s->p[i];
        if (d == cp->delim || d == '\r' || d == '\n') break;
        if (cp->escape >= 0 && d == (char)cp->escape) {
            escaped = true;
            if (i + 1 >= s->n) {
                if (!s->eof) return V_MORE;
                eddy__buf_puts(&s->run->reason, "Unexpected EOF in escaped character");
                s->i = s->n;
                return V_ERR;
            }
            i += 2;
            continue;
        }
        i++;
    }
    if (i == s->n && !s->eof) return V_MORE;
    if (escaped) {
        v->in_buf = true;
        v->off = buf->len;
        for (size_t k = start; k < i; k++) {
            if (cp->escape >= 0 && s->p[k] == (char)cp->escape) eddy__buf_putc(buf, unescape(s->p[++k]));
            else eddy__buf_putc(buf, s->p[k]);
        }
        v->n = buf->len - v->off;
    } else {
        v->p = s->p + start;
        v->n = i - start;
    }
    s->i = i;
    if (i == s->n) return V_EOF;
    if (s->p[i] == cp->delim) {
        s->i++;
        return V_SEP;
    }
    return line_end(s);
}

/* Skips to the end of the current line (error recovery). */
static ValEnd skip_line(Splitter *s) {
    while (s->i < s->n && s->p[s->i] != '\r' && s->p[s->i] != '\n') s->i++;
    if (s->i == s->n) return s->eof ? V_EOF : V_MORE;
    return line_end(s);
}

/* Blank lines, leading blanks and '#' lines before a record (allow-comments). */
static ValEnd skip_comments(Splitter *s) {
    for (;;) {
        while (s->i < s->n && s->p[s->i] == ' ') s->i++;
        if (s->i == s->n) return s->eof ? V_EOF : V_MORE;
        char c = s->p[s->i];
        if (c == '#') {
            ValEnd e = skip_line(s);
            if (e != V_EOL) return e;
        } else if (c == '\r' || c == '\n') {
            if (line_end(s) == V_MORE) return V_MORE;
        } else {
            return V_SEP;
        }
    }
}

/* ---- reading: values into vectors ------------------------------------------------------ */

static bool is_null_text(const CsvPlan *cp, const char *s, size_t n) {
    return cp->null_lit && n == cp->null_len && !memcmp(s, cp->null_lit, n);
}

/* Converts the text s[0..n) of a non-NULL scalar value into slot r of v.
 * False with the reason appended to why when it does not convert. */
static bool scalar(const Type *t, Vector *v, uint32_t r, const char *s, size_t n, FormatRun *run, Buf *why) {
    int64_t x;
    const char *ts = s;
    size_t tn = n;
    eddy__java_trim(&ts, &tn);
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: VEC_DATA(v, uint8_t)[r] = eddy__java_parse_bool(s, n); break;
    case TY_TINYINT:
        if (!eddy__java_parse_int(ts, tn, 8, &x, why)) return false;
        VEC_DATA(v, int8_t)[r] = (int8_t)x;
        break;
    case TY_SMALLINT:
        if (!eddy__java_parse_int(ts, tn, 16, &x, why)) return false;
        VEC_DATA(v, int16_t)[r] = (int16_t)x;
        break;
    case TY_INT:
        if (!eddy__java_parse_int(ts, tn, 32, &x, why)) return false;
        VEC_DATA(v, int32_t)[r] = (int32_t)x;
        break;
    case TY_BIGINT:
        if (!eddy__java_parse_int(ts, tn, 64, &x, why)) return false;
        VEC_DATA(v, int64_t)[r] = x;
        break;
    case TY_FLOAT: return eddy__java_parse_float(s, n, &VEC_DATA(v, float)[r], why);
    case TY_DOUBLE: return eddy__java_parse_double(s, n, &VEC_DATA(v, double)[r], why);
    case TY_DECIMAL: {
        bool overflow;
        if (!eddy__java_parse_decimal(s, n, t->precision, t->scale, &VEC_DATA(v, ed_i128)[r], &overflow, why))
            return false;
        if (overflow) { /* DecimalData.fromBigDecimal gives null */
            eddy__vec_set_null(v, r);
            return true;
        }
        break;
    }
    case TY_CHAR:
    case TY_VARCHAR: eddy__vec_set_str(v, r, s, n); break;
    case TY_BINARY:
    case TY_VARBINARY: {
        size_t mark = run->buf.len;
        if (!eddy__base64_decode(s, n, &run->buf)) {
            eddy__buf_truncate(&run->buf, mark);
            eddy__buf_puts(why, "Unable to deserialize byte array.");
            return false;
        }
        eddy__vec_set_str(v, r, run->buf.data + mark, run->buf.len - mark);
        eddy__buf_truncate(&run->buf, mark);
        break;
    }
    case TY_DATE: return eddy__sql_date_valueof(s, n, &VEC_DATA(v, int32_t)[r], why);
    case TY_TIME: {
        int64_t nod;
        if (!eddy__parse_time_text(s, n, false, &nod, why)) return false;
        int32_t ms = (int32_t)(nod / 1000000);
        static const int32_t keep[] = {1000, 100, 10, 1};
        int p = t->precision > 3 ? 3 : t->precision;
        VEC_DATA(v, int32_t)[r] = ms / keep[p] * keep[p];
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts *o = &VEC_DATA(v, Ts)[r];
        if (!eddy__parse_ts_text(ts, tn, t->root == TY_TIMESTAMP ? TS_SQL : TS_SQL_Z, &o->ms, &o->ns, why))
            return false;
        break;
    }
    case TY_NULL: eddy__vec_set_null(v, r); return true;
    default: eddy__buf_printf(why, "Unsupported type: %s", eddy__type_str(&run->arena, t)); return false;
    }
    vec_set_valid(v, r);
    return true;
}

/* A nullable converter: NULL text gives NULL; a failure gives NULL when
 * errors are ignored (marking the record) and false otherwise. */
static bool nullable(const CsvPlan *cp, const Type *t, Vector *v, uint32_t r, const char *s, size_t n, FormatRun *run) {
    if (is_null_text(cp, s, n)) {
        eddy__vec_set_null(v, r);
        return true;
    }
    size_t mark = run->reason.len;
    if (scalar(t, v, r, s, n, run, &run->reason)) return true;
    if (!cp->ignore) return false;
    /* the report keeps the record's first reason */
    if (run->nulled) eddy__buf_truncate(&run->reason, mark);
    run->nulled = true;
    eddy__vec_set_null(v, r);
    return true;
}

/* Splits an ARRAY / ROW value at the array element delimiter, as Jackson's
 * array columns do: a blank value has no elements. Returns the count; the
 * element bounds go to run->arena. */
static size_t split_elems(const CsvPlan *cp, FormatRun *run, const char *s, size_t n, Str **out) {
    size_t k = 1;
    bool blank = true;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] > ' ') blank = false;
    if (blank) return 0;
    for (size_t i = 0; i + cp->adelim_len <= n; i++)
        if (!memcmp(s + i, cp->adelim, cp->adelim_len)) k++, i += cp->adelim_len - 1;
    Str *e = eddy__arena_alloc(&run->arena, sizeof(Str) * k);
    if (!e) return (size_t)-1;
    size_t j = 0, start = 0;
    for (size_t i = 0; i + cp->adelim_len <= n; i++)
        if (!memcmp(s + i, cp->adelim, cp->adelim_len)) {
            e[j++] = (Str){s + start, i - start};
            i += cp->adelim_len - 1;
            start = i + 1;
        }
    e[j] = (Str){s + start, n - start};
    *out = e;
    return k;
}

static void row_length_mismatch(Buf *why, int expected, size_t got) {
    eddy__buf_printf(why, "Row length mismatch. %d fields expected but was %zu.", expected, got);
}

/* One column value (not NULL text at the top level) into slot r of v. */
static bool column_value(const CsvPlan *cp, const Type *t, Vector *v, uint32_t r, const char *s, size_t n,
                         FormatRun *run, bool *nomem) {
    if (t->root != TY_ARRAY && t->root != TY_ROW) return nullable(cp, t, v, r, s, n, run);
    Str *e = NULL;
    size_t k = split_elems(cp, run, s, n, &e);
    if (k == (size_t)-1) {
        *nomem = true;
        return false;
    }
    if (t->root == TY_ARRAY) {
        uint32_t off = eddy__vec_list_append(v, (uint32_t)k);
        if (v->failed) {
            *nomem = true;
            return false;
        }
        for (size_t i = 0; i < k; i++)
            if (!nullable(cp, t->elem, v->child[0], off + (uint32_t)i, e[i].p, e[i].n, run)) return false;
        VEC_DATA(v, ListEntry)[r] = (ListEntry){off, (uint32_t)k};
        vec_set_valid(v, r);
        return true;
    }
    if (k == 0) { /* an empty nested row is NULL */
        eddy__vec_set_null(v, r);
        for (int f = 0; f < t->nfields; f++) eddy__vec_set_null(v->child[f], r);
        return true;
    }
    if (k != (size_t)t->nfields) {
        if (!cp->ignore) {
            row_length_mismatch(&run->reason, t->nfields, k);
            return false;
        }
        run->nulled = true;
    }
    for (int f = 0; f < t->nfields; f++) {
        if ((size_t)f >= k) eddy__vec_set_null(v->child[f], r);
        else if (!nullable(cp, t->fields[f].type, v->child[f], r, e[f].p, e[f].n, run)) return false;
    }
    vec_set_valid(v, r);
    return true;
}

/* Decodes the record at p (csv_decode without the file's byte order mark
 * and the UTF-8 check). */
static DecodeStatus decode_record(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof,
                                  size_t *used, uint32_t *lines, Vector *const *cols, uint32_t row) {
    const CsvPlan *cp = fp->data;
    Splitter s = {cp, run, p, n, 0, eof, 0};
    eddy__buf_truncate(&run->buf, 0);
    eddy__buf_truncate(&run->reason, 0);
    run->nulled = false;
    eddy__arena_reset(&run->arena);
    if (cp->comments) {
        ValEnd e = skip_comments(&s);
        if (e == V_MORE) return DEC_MORE;
        if (e == V_EOF || s.i == n) {
            *used = s.i;
            *lines = s.lines;
            return DEC_NONE;
        }
    }
    int ncols = fp->ncols;
    CsvVal *vals = eddy__arena_alloc(&run->arena, sizeof(CsvVal) * (size_t)(ncols + 1));
    if (!vals) return DEC_NOMEM;
    size_t nv = 0;
    ValEnd end;
    bool bad = false;
    do {
        CsvVal v;
        end = next_value(&s, &v);
        if (end == V_MORE) return DEC_MORE;
        if (end == V_ERR) {
            bad = true;
            if (s.i < s.n && skip_line(&s) == V_MORE) return DEC_MORE;
            break;
        }
        if (nv < (size_t)ncols) {
            vals[nv++] = v;
            continue;
        }
        /* one more value than columns: allowed when blank and last */
        const char *vp = v.in_buf ? run->buf.data + v.off : v.p;
        bool blank = true;
        for (size_t k = 0; k < v.n; k++)
            if ((unsigned char)vp[k] > ' ') blank = false;
        if (nv == (size_t)ncols && blank && end != V_SEP) break;
        eddy__buf_printf(&run->reason, "Too many entries: expected at most %d (value #%zu (%zu chars) ", ncols, nv,
                         eddy__java_length(vp, v.n));
        eddy__fmt_echo(&run->reason, '"', vp, v.n, FMT_ECHO_VALUE);
        eddy__buf_putc(&run->reason, ')');
        bad = true;
        if (end == V_SEP && skip_line(&s) == V_MORE) return DEC_MORE;
        break;
    } while (end == V_SEP);
    if (run->buf.failed) return DEC_NOMEM;
    *used = s.i;
    *lines = s.lines;
    if (bad) return DEC_BAD;
    if (nv != (size_t)ncols) {
        if (!cp->ignore) {
            row_length_mismatch(&run->reason, ncols, nv);
            return DEC_BAD;
        }
        /* the missing fields are NULL */
        row_length_mismatch(&run->reason, ncols, nv);
        run->nulled = true;
    }
    for (int c = 0; c < ncols; c++) {
        Vector *v = cols[c];
        if ((size_t)c >= nv) {
            eddy__vec_set_null(v, row);
            continue;
        }
        const char *vp = vals[c].in_buf ? run->buf.data + vals[c].off : vals[c].p;
        const Type *t = fp->types[c];
        if (t->root != TY_ARRAY && t->root != TY_ROW && is_null_text(cp, vp, vals[c].n)) {
            eddy__vec_set_null(v, row);
            continue;
        }
        bool nomem = false;
        if (!column_value(cp, t, v, row, vp, vals[c].n, run, &nomem)) return nomem ? DEC_NOMEM : DEC_BAD;
    }
    for (int c = 0; c < ncols; c++)
        if (cols[c]->failed) return DEC_NOMEM;
    return DEC_ROW;
}

/* Jackson's CSV reader decodes a file as UTF-8 after skipping a byte order
 * mark at its start (when the file has 4 bytes or more: it looks at 4), and
 * fails on bytes that are not UTF-8. Here a record with such bytes is
 * malformed (skipped and counted under ignore-parse-errors), with
 * Jackson's reason and the column (code points from the record's start). */
static DecodeStatus csv_decode(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof, size_t *used,
                               uint32_t *lines, Vector *const *cols, uint32_t row) {
    size_t bom = 0;
    if (run->file_start) {
        if (n < 4 && !eof) return DEC_MORE;
        if (n >= 4 && eddy__utf8_bom(p, n)) bom = 3;
    }
    DecodeStatus st = decode_record(fp, run, p + bom, n - bom, eof, used, lines, cols, row);
    if (st == DEC_MORE || st == DEC_NOMEM) return st;
    run->file_start = false;
    size_t at;
    Buf why;
    eddy__buf_init(&why);
    if (!eddy__utf8_check(p + bom, *used, &at, &why)) {
        eddy__buf_truncate(&run->reason, 0);
        eddy__buf_printf(&run->reason, "%s (column %zu): check content encoding, does not look like UTF-8",
                         eddy__buf_cstr(&why), eddy__utf8_columns(p + bom, at) + 1);
        run->nulled = false;
        st = DEC_BAD;
    }
    eddy__buf_free(&why);
    *used += bom;
    return run->reason.failed ? DEC_NOMEM : st;
}

/* ---- writing ----------------------------------------------------------------------------- */

/* Appends a text value as Jackson's CsvEncoder writes a String. */
static void put_text(const CsvPlan *cp, Buf *out, const char *s, size_t n) {
    bool quote = false;
    if (cp->quote >= 0) {
        if (eddy__java_length(s, n) > MAX_QUOTE_CHECK) {
            quote = true;
        } else {
            for (size_t i = 0; i < n && !quote; i++) {
                unsigned char c = (unsigned char)s[i];
                quote = c < cp->min_safe || (cp->escape >= 0 && c == (unsigned)cp->escape);
            }
        }
    }
    if (!quote) {
        eddy__buf_put(out, s, n);
        return;
    }
    char q = (char)cp->quote;
    eddy__buf_putc(out, q);
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == q || (cp->escape >= 0 && c == (char)cp->escape)) {
            eddy__buf_put(out, s + run, i + 1 - run);
            eddy__buf_putc(out, c); /* doubled */
            run = i + 1;
        }
    }
    eddy__buf_put(out, s + run, n - run);
    eddy__buf_putc(out, q);
}

/* The text of a non-NULL scalar value (what Flink's converters and Jackson
 * make of it). `bare` is set for numbers and booleans, which Jackson writes
 * without the quoting check. */
static void scalar_text(const CsvPlan *cp, const Type *t, const Vector *v, uint32_t r, Buf *b, bool *bare) {
    *bare = true;
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: eddy__buf_puts(b, VEC_DATA(v, uint8_t)[r] ? "true" : "false"); return;
    case TY_TINYINT: eddy__fmt_int64(b, VEC_DATA(v, int8_t)[r]); return;
    case TY_SMALLINT: eddy__fmt_int64(b, VEC_DATA(v, int16_t)[r]); return;
    case TY_INT: eddy__fmt_int64(b, VEC_DATA(v, int32_t)[r]); return;
    case TY_BIGINT: eddy__fmt_int64(b, VEC_DATA(v, int64_t)[r]); return;
    case TY_FLOAT: eddy__fmt_float(b, VEC_DATA(v, float)[r]); return;
    case TY_DOUBLE: eddy__fmt_double(b, VEC_DATA(v, double)[r]); return;
    default: break;
    }
    *bare = false;
    switch ((TypeRoot)t->root) {
    case TY_DECIMAL: eddy__fmt_decimal_stripped(b, VEC_DATA(v, ed_i128)[r], t->scale, !cp->scientific); break;
    case TY_CHAR:
    case TY_VARCHAR: {
        Str s = vec_str(v, r);
        eddy__buf_put(b, s.p, s.n);
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        Str s = vec_str(v, r);
        eddy__base64_encode(b, (const uint8_t *)s.p, s.n);
        break;
    }
    case TY_DATE: eddy__fmt_date_text(b, VEC_DATA(v, int32_t)[r]); break;
    case TY_TIME: eddy__fmt_time_text(b, (int64_t)VEC_DATA(v, int32_t)[r] * 1000000); break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts ts = VEC_DATA(v, Ts)[r];
        eddy__fmt_ts_text(b, ts.ms, ts.ns, t->root == TY_TIMESTAMP ? TS_SQL : TS_SQL_Z);
        break;
    }
    default: break;
    }
}

static void put_null(const CsvPlan *cp, Buf *b) {
    if (cp->null_lit) eddy__buf_put(b, cp->null_lit, cp->null_len);
}

static eddy_status csv_encode(const FormatPlan *fp, FormatRun *run, Vector *const *cols, uint32_t row, Buf *out,
                              EdErr *err) {
    (void)err;
    const CsvPlan *cp = fp->data;
    for (int c = 0; c < fp->ncols; c++) {
        if (c) eddy__buf_putc(out, cp->delim);
        const Vector *v = cols[c];
        uint32_t r = vidx(v, row);
        const Type *t = fp->types[c];
        if (vec_is_null(v, r) || t->root == TY_NULL) {
            put_null(cp, out);
            continue;
        }
        Buf *b = &run->buf;
        eddy__buf_truncate(b, 0);
        bool bare;
        if (t->root == TY_ARRAY || t->root == TY_ROW) {
            /* elements joined with the array element delimiter, written as one text */
            uint32_t off = 0, k;
            if (t->root == TY_ARRAY) {
                ListEntry le = VEC_DATA(v, ListEntry)[r];
                off = le.off;
                k = le.len;
            } else {
                k = (uint32_t)t->nfields;
            }
            for (uint32_t i = 0; i < k; i++) {
                if (i) eddy__buf_put(b, cp->adelim, cp->adelim_len);
                const Vector *cv = t->root == TY_ARRAY ? v->child[0] : v->child[i];
                const Type *ct = t->root == TY_ARRAY ? t->elem : t->fields[i].type;
                uint32_t ci = t->root == TY_ARRAY ? off + i : r;
                if (vec_is_null(cv, ci) || ct->root == TY_NULL) put_null(cp, b);
                else scalar_text(cp, ct, cv, ci, b, &bare);
            }
            bare = false;
        } else {
            scalar_text(cp, t, v, r, b, &bare);
        }
        if (bare) eddy__buf_put(out, b->data, b->len);
        else put_text(cp, out, b->data ? b->data : "", b->len);
    }
    eddy__buf_putc(out, '\n');
    return out->failed || run->buf.failed ? EDDY_E_NOMEM : EDDY_OK;
}

const FormatVt eddy__format_csv = {
    .name = "csv",
    .options = csv_options,
    .plan = csv_plan,
    .decode = csv_decode,
    .encode = csv_encode,
};
