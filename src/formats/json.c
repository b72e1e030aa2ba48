/*
 * json.c -- 'format' = 'json': one JSON object per line, read and written
 * as Flink's json format does (Jackson's tree model underneath, Flink's
 * JsonToRowDataConverters / RowDataToJsonConverters on top). The parser is
 * util/json.h's.
 *
 * Reading. Each line is parsed as a JSON value (text after the first value
 * is ignored, as Jackson's readTree does); a blank line or a JSON null is no
 * row. Object members are matched to columns by name; a missing member is
 * NULL, or an error with 'json.fail-on-missing-field'. Conversions follow
 * Flink: numbers from numbers or from their text (integers truncate
 * fractional JSON numbers), booleans from booleans or "true" text, strings
 * from any scalar's text or a container's compact JSON, bytes from Base64,
 * DATE as yyyy-MM-dd, TIME as HH:mm:ss (whole seconds), TIMESTAMP as
 * "yyyy-MM-dd HH:mm:ss[.f]" ('json.timestamp-format.standard' = 'SQL') or
 * "yyyy-MM-ddTHH:mm[:ss[.f]]" ('ISO-8601'), TIMESTAMP_LTZ the same with a
 * trailing 'Z' (UTC); ARRAY from arrays, MAP and MULTISET from objects, ROW
 * from objects. With 'json.ignore-parse-errors' a value that does not
 * convert is NULL and a line that does not parse is skipped.
 *
 * Writing. Compact JSON with the columns in order: numbers bare (FLOAT and
 * DOUBLE as Java prints them, NaN and Infinity quoted as Jackson does),
 * DECIMAL as Jackson writes a BigDecimal node (trailing zeros stripped,
 * 100 -> 1E+2, or plain with 'json.encode.decimal-as-plain-number'),
 * strings escaped as Jackson escapes them, bytes in Base64, the time types
 * in the texts above, maps as objects (a NULL key fails, is dropped or is
 * written as 'json.map-null-key.literal' per 'json.map-null-key.mode'),
 * NULL as null or left out with 'json.encode.ignore-null-fields'.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "formats/formats.h"
#include "types/format.h"
#include "util/json.h"

typedef enum NullKeyMode { NK_FAIL, NK_DROP, NK_LITERAL } NullKeyMode;

typedef struct JsonPlan {
    bool fail_on_missing, ignore, iso, plain_decimals, skip_nulls;
    NullKeyMode null_key;
    const char *null_key_literal;
    const Type *row; /* ROW of the file columns */
} JsonPlan;

static const char *const json_options[] = {"fail-on-missing-field",
                                           "ignore-parse-errors",
                                           "timestamp-format.standard",
                                           "map-null-key.mode",
                                           "map-null-key.literal",
                                           "encode.decimal-as-plain-number",
                                           "encode.ignore-null-fields",
                                           "decode.json-parser.enabled",
                                           NULL};

/* ---- planning ------------------------------------------------------------------------ */

static eddy_status check_type(const FormatCtx *fc, const Type *t, EdErr *err) {
    switch ((TypeRoot)t->root) {
    case TY_ARRAY: return check_type(fc, t->elem, err);
    case TY_MAP:
    case TY_MULTISET:
        if (!eddy__type_is_string(t->elem))
            return eddy__err(err, EDDY_E_VALIDATION,
                             "JSON format doesn't support non-string as key type of map. The type is: %s",
                             eddy__type_str(fc->a, t));
        return t->root == TY_MAP ? check_type(fc, t->value, err) : EDDY_OK;
    case TY_ROW:
        for (int i = 0; i < t->nfields; i++) {
            eddy_status rc = check_type(fc, t->fields[i].type, err);
            if (rc) return rc;
        }
        return EDDY_OK;
    case TY_STRUCTURED:
    case TY_RAW:
    case TY_SYMBOL:
        return eddy__err(err, EDDY_E_VALIDATION, "%s: %s", fc->sink ? "Not support to parse type" : "Unsupported type",
                         eddy__type_str(fc->a, t));
    default: return EDDY_OK;
    }
}

eddy_status eddy__json_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err) {
    JsonPlan *p = eddy__arena_alloc(fc->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool unused;
    eddy_status rc;
    if ((rc = eddy__format_bool(fc, "fail-on-missing-field", false, &p->fail_on_missing, err)) ||
        (rc = eddy__format_bool(fc, "ignore-parse-errors", false, &p->ignore, err)) ||
        (rc = eddy__format_bool(fc, "encode.decimal-as-plain-number", false, &p->plain_decimals, err)) ||
        (rc = eddy__format_bool(fc, "encode.ignore-null-fields", false, &p->skip_nulls, err)) ||
        (rc = eddy__format_bool(fc, "decode.json-parser.enabled", true, &unused, err)))
        return rc;
    if (!fc->sink && p->fail_on_missing && p->ignore)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "fail-on-missing-field and ignore-parse-errors shouldn't both be true.");
    const char *ts = eddy__format_option(fc, "timestamp-format.standard");
    if (ts && strcmp(ts, "SQL") && strcmp(ts, "ISO-8601"))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Unsupported value '%s' for timestamp-format.standard. Supported values are [SQL, ISO-8601].",
                         ts);
    p->iso = ts && !strcmp(ts, "ISO-8601");
    const char *mode = eddy__format_option(fc, "map-null-key.mode");
    p->null_key = NK_FAIL;
    if (mode) {
        if (eddy__str_ieq(mode, "DROP")) p->null_key = NK_DROP;
        else if (eddy__str_ieq(mode, "LITERAL")) p->null_key = NK_LITERAL;
        else if (!eddy__str_ieq(mode, "FAIL") && fc->sink)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Unsupported value '%s' for option map-null-key.mode. Supported values are [LITERAL, "
                             "FAIL, DROP].",
                             mode);
    }
    const char *lit = eddy__format_option(fc, "map-null-key.literal");
    p->null_key_literal = lit ? eddy__arena_strdup(fc->a, lit) : "null";
    for (int i = 0; i < fc->ncols; i++)
        if ((rc = check_type(fc, fc->types[i], err))) return rc;
    if (!(p->row = eddy__type_row(fc->a, fc->ncols, fc->names, fc->types, false)))
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    fp->data = p;
    fp->ignore_errors = p->ignore;
    return EDDY_OK;
}

/* ---- reading -------------------------------------------------------------------------- */

static const char *kind_name(const JsonValue *v) {
    switch ((JsonKind)v->kind) {
    case JSON_NULL: return "null";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_INT:
    case JSON_DEC:
    case JSON_DOUBLE: return "a number";
    case JSON_STRING: return "a string";
    case JSON_ARRAY: return "an array";
    default: return "an object";
    }
}

static bool is_number(const JsonValue *v) { return v->kind == JSON_INT || v->kind == JSON_DEC || v->kind == JSON_DOUBLE; }

/* Jackson's JsonNode.asText of a scalar; a container's compact JSON text
 * (what a STRING column takes from a container). Numbers with a fraction or
 * an exponent are doubles in Jackson's tree, so they print as Java doubles. */
static void node_text(Buf *b, const JsonValue *v) {
    switch ((JsonKind)v->kind) {
    case JSON_NULL: eddy__buf_puts(b, "null"); return;
    case JSON_TRUE: eddy__buf_puts(b, "true"); return;
    case JSON_FALSE: eddy__buf_puts(b, "false"); return;
    case JSON_INT: eddy__json_write_java_number(b, v->u.str.p, v->u.str.n, true); return;
    case JSON_DEC:
    case JSON_DOUBLE: eddy__fmt_double(b, strtod(v->u.str.p, NULL)); return;
    case JSON_STRING: eddy__buf_put(b, v->u.str.p, v->u.str.n); return;
    case JSON_RAW: eddy__buf_put(b, v->u.str.p, v->u.str.n); return;
    case JSON_ARRAY:
        eddy__buf_putc(b, '[');
        for (size_t i = 0; i < v->u.arr.n; i++) {
            if (i) eddy__buf_putc(b, ',');
            const JsonValue *e = v->u.arr.items[i];
            if (e->kind == JSON_STRING) eddy__json_write_string(b, e->u.str.p, e->u.str.n);
            else node_text(b, e);
        }
        eddy__buf_putc(b, ']');
        return;
    case JSON_OBJECT:
        eddy__buf_putc(b, '{');
        for (size_t i = 0; i < v->u.obj.n; i++) {
            if (i) eddy__buf_putc(b, ',');
            const JsonMember *m = &v->u.obj.members[i];
            eddy__json_write_string(b, m->key, m->key_len);
            eddy__buf_putc(b, ':');
            if (m->value->kind == JSON_STRING) eddy__json_write_string(b, m->value->u.str.p, m->value->u.str.n);
            else node_text(b, m->value);
        }
        eddy__buf_putc(b, '}');
        return;
    }
}

/* The text Flink's converters parse when a node is not of the natural kind
 * (asText()); allocated in run->arena. */
static Str as_text(FormatRun *run, const JsonValue *v) {
    if (v->kind == JSON_STRING) return (Str){v->u.str.p, v->u.str.n};
    if (v->kind == JSON_ARRAY || v->kind == JSON_OBJECT) return (Str){"", 0}; /* asText() of a container */
    Buf b;
    eddy__buf_init(&b);
    node_text(&b, v);
    char *c = eddy__arena_strndup(&run->arena, b.data ? b.data : "", b.len);
    Str s = {c ? c : "", c ? b.len : 0};
    eddy__buf_free(&b);
    return s;
}

/* Integers from JSON numbers: Jackson's canConvertToInt / asInt (a
 * fractional number within range truncates). */
static bool number_to_int(const JsonValue *v, int bits, int64_t *out) {
    if (!is_number(v)) return false;
    if (v->kind == JSON_INT) {
        errno = 0;
        char *end;
        long long x = strtoll(v->u.str.p, &end, 10);
        if (errno || *end) return false;
        if (bits == 32 && (x < INT32_MIN || x > INT32_MAX)) return false;
        *out = x;
        return true;
    }
    double d = strtod(v->u.str.p, NULL);
    double lo = bits == 32 ? (double)INT32_MIN : -9223372036854775808.0, hi = bits == 32 ? (double)INT32_MAX : 9223372036854775807.0;
    if (!(d >= lo && d <= hi)) return false;
    *out = (int64_t)d;
    return true;
}

static bool wrong_kind(Buf *why, const char *want, const JsonValue *v) {
    eddy__buf_printf(why, "Expected %s but was %s", want, kind_name(v));
    return false;
}

typedef struct JsonRead {
    const JsonPlan *jp;
    FormatRun *run;
} JsonRead;

static bool convert(JsonRead *rd, const Type *t, const JsonValue *v, Vector *out, uint32_t r);

/* Flink's nullable converter: null nodes are NULL; with ignore-parse-errors
 * a conversion error gives NULL (the record is marked), else it fails. */
static bool nullable(JsonRead *rd, const Type *t, const JsonValue *v, Vector *out, uint32_t r) {
    if (!v || v->kind == JSON_NULL) {
        eddy__vec_set_null(out, r);
        return true;
    }
    size_t mark = rd->run->reason.len;
    if (convert(rd, t, v, out, r)) return true;
    if (!rd->jp->ignore) return false;
    if (rd->run->nulled) eddy__buf_truncate(&rd->run->reason, mark);
    rd->run->nulled = true;
    eddy__vec_set_null(out, r);
    return true;
}

static bool convert_row(JsonRead *rd, const Type *t, const JsonValue *v, Vector *const *cols, uint32_t r) {
    for (int f = 0; f < t->nfields; f++) {
        const char *name = t->fields[f].name;
        const JsonValue *m = eddy__json_get(v, name, strlen(name));
        if (!m && rd->jp->fail_on_missing) {
            eddy__buf_printf(&rd->run->reason, "Could not find field with name '%s'.", name);
            return false;
        }
        if (!nullable(rd, t->fields[f].type, m, cols[f], r)) return false;
    }
    return true;
}

static bool convert(JsonRead *rd, const Type *t, const JsonValue *v, Vector *out, uint32_t r) {
    Buf *why = &rd->run->reason;
    FormatRun *run = rd->run;
    int64_t x;
    switch ((TypeRoot)t->root) {
    case TY_NULL: eddy__vec_set_null(out, r); return true;
    case TY_BOOLEAN: {
        bool b;
        if (v->kind == JSON_TRUE || v->kind == JSON_FALSE) b = v->kind == JSON_TRUE;
        else {
            Str s = as_text(run, v);
            b = eddy__java_parse_bool(s.p, s.n);
        }
        VEC_DATA(out, uint8_t)[r] = b;
        break;
    }
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_INTERVAL_YM:
    case TY_BIGINT:
    case TY_INTERVAL_DT: {
        int bits = t->root == TY_TINYINT ? 8 : t->root == TY_SMALLINT ? 16 : t->root == TY_BIGINT || t->root == TY_INTERVAL_DT ? 64 : 32;
        if (bits < 32 || !number_to_int(v, bits, &x)) {
            Str s = as_text(run, v);
            const char *tp = s.p;
            size_t tn = s.n;
            eddy__java_trim(&tp, &tn);
            if (!eddy__java_parse_int(tp, tn, bits, &x, why)) return false;
        }
        if (bits == 8) VEC_DATA(out, int8_t)[r] = (int8_t)x;
        else if (bits == 16) VEC_DATA(out, int16_t)[r] = (int16_t)x;
        else if (bits == 32) VEC_DATA(out, int32_t)[r] = (int32_t)x;
        else VEC_DATA(out, int64_t)[r] = x;
        break;
    }
    case TY_FLOAT:
    case TY_DOUBLE: {
        double d;
        if (v->kind == JSON_DEC || v->kind == JSON_DOUBLE) d = strtod(v->u.str.p, NULL);
        else {
            Str s = as_text(run, v);
            if (!eddy__java_parse_double(s.p, s.n, &d, why)) return false;
        }
        if (t->root == TY_FLOAT) VEC_DATA(out, float)[r] = (float)d;
        else VEC_DATA(out, double)[r] = d;
        break;
    }
    case TY_DECIMAL: {
        Str s = is_number(v) ? (Str){v->u.str.p, v->u.str.n} : as_text(run, v);
        bool overflow;
        if (!eddy__java_parse_decimal(s.p, s.n, t->precision, t->scale, &VEC_DATA(out, ed_i128)[r], &overflow, why))
            return false;
        if (overflow) {
            eddy__vec_set_null(out, r);
            return true;
        }
        break;
    }
    case TY_CHAR:
    case TY_VARCHAR: {
        if (v->kind == JSON_STRING) {
            eddy__vec_set_str(out, r, v->u.str.p, v->u.str.n);
        } else {
            eddy__buf_truncate(&run->buf, 0);
            node_text(&run->buf, v);
            eddy__vec_set_str(out, r, run->buf.data ? run->buf.data : "", run->buf.len);
        }
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        if (v->kind != JSON_STRING) { /* JsonNode.binaryValue() of other nodes is null */
            eddy__vec_set_null(out, r);
            return true;
        }
        eddy__buf_truncate(&run->buf, 0);
        if (!eddy__base64_decode(v->u.str.p, v->u.str.n, &run->buf)) {
            eddy__buf_puts(why, "Unable to deserialize byte array.");
            return false;
        }
        eddy__vec_set_str(out, r, run->buf.data ? run->buf.data : "", run->buf.len);
        break;
    }
    case TY_DATE: {
        Str s = as_text(run, v);
        if (!eddy__iso_parse_date(s.p, s.n, &VEC_DATA(out, int32_t)[r], why)) return false;
        break;
    }
    case TY_TIME: {
        Str s = as_text(run, v);
        int64_t nod;
        if (!eddy__parse_time_text(s.p, s.n, true, &nod, why)) return false;
        VEC_DATA(out, int32_t)[r] = (int32_t)(nod / 1000000000 * 1000);
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Str s = as_text(run, v);
        bool ltz = t->root == TY_TIMESTAMP_LTZ;
        TsText form = rd->jp->iso ? (ltz ? TS_ISO_Z : TS_ISO) : (ltz ? TS_SQL_Z : TS_SQL);
        Ts *o = &VEC_DATA(out, Ts)[r];
        if (!eddy__parse_ts_text(s.p, s.n, form, &o->ms, &o->ns, why)) return false;
        break;
    }
    case TY_ARRAY: {
        if (v->kind != JSON_ARRAY) return wrong_kind(why, "an array", v);
        uint32_t n = (uint32_t)v->u.arr.n;
        uint32_t off = eddy__vec_list_append(out, n);
        for (uint32_t i = 0; i < n && !out->failed; i++)
            if (!nullable(rd, t->elem, v->u.arr.items[i], out->child[0], off + i)) return false;
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, n};
        break;
    }
    case TY_MAP:
    case TY_MULTISET: {
        /* fields() of a non-object node is empty */
        uint32_t n = v->kind == JSON_OBJECT ? (uint32_t)v->u.obj.n : 0;
        uint32_t off = eddy__vec_list_append(out, n);
        const Type *vt = t->root == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        for (uint32_t i = 0; i < n && !out->failed; i++) {
            const JsonMember *m = &v->u.obj.members[i];
            eddy__vec_set_str(out->child[0], off + i, m->key, m->key_len);
            vec_set_valid(out->child[0], off + i);
            if (!nullable(rd, vt, m->value, out->child[1], off + i)) return false;
        }
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, n};
        break;
    }
    case TY_ROW: {
        if (v->kind != JSON_OBJECT) return wrong_kind(why, "an object", v);
        if (!convert_row(rd, t, v, out->child, r)) return false;
        break;
    }
    default: eddy__buf_printf(why, "Unsupported type: %s", eddy__type_str(&run->arena, t)); return false;
    }
    vec_set_valid(out, r);
    return true;
}

/* Appends "Failed to deserialize JSON '<the line, cut as Jackson cuts
 * it>': " to b (Flink's message; the reason follows). */
static void failed_line(Buf *b, const char *p, size_t len) {
    eddy__buf_puts(b, "Failed to deserialize JSON ");
    eddy__fmt_echo(b, '\'', p, len, FMT_ECHO_RECORD);
    eddy__buf_puts(b, ": ");
}

/* Each line is one record, read as Flink reads it: Jackson over the line's
 * bytes, which skips a byte order mark at the start (when the line has 4
 * bytes or more: it looks at 4) and fails on bytes that are not UTF-8 --
 * eddy checks the whole line first, so a line with such bytes fails with
 * Jackson's reason wherever they are. */
DecodeStatus eddy__json_read_line(FormatRun *run, const char *p, size_t n, bool eof, size_t *used, uint32_t *lines,
                                  Str *line, JsonValue **out) {
    size_t len;
    *out = NULL;
    if (!eddy__format_line(run, p, n, eof, &len, used, lines)) return DEC_MORE;
    eddy__arena_reset(&run->arena);
    if (len >= 4 && eddy__utf8_bom(p, len)) {
        p += 3;
        len -= 3;
    }
    *line = (Str){p, len};
    size_t at;
    Buf why;
    eddy__buf_init(&why);
    if (!eddy__utf8_check(p, len, &at, &why)) {
        failed_line(&run->reason, p, len);
        eddy__buf_printf(&run->reason, "%s (column %zu)", eddy__buf_cstr(&why), eddy__utf8_columns(p, at) + 1);
        eddy__buf_free(&why);
        return DEC_BAD;
    }
    size_t k = 0;
    while (k < len && (p[k] == ' ' || p[k] == '\t' || p[k] == '\r')) k++;
    if (k == len) return DEC_NONE; /* Jackson reads no node: no row */
    JsonError je;
    eddy_status rc = eddy__json_parse(&run->arena, p, len, JSON_PARSE_ALLOW_TRAILING, out, &je);
    if (rc == EDDY_E_NOMEM) return DEC_NOMEM;
    if (rc) {
        failed_line(&run->reason, p, len);
        eddy__buf_printf(&run->reason, "%s (column %d)", je.msg, je.col);
        return DEC_BAD;
    }
    return (*out)->kind == JSON_NULL ? DEC_NONE : DEC_ROW;
}

bool eddy__json_read_row(const FormatPlan *fp, FormatRun *run, const JsonValue *v, Vector *const *cols, uint32_t row) {
    const JsonPlan *jp = fp->data;
    JsonRead rd = {jp, run};
    if (v->kind != JSON_OBJECT) return wrong_kind(&run->reason, "an object", v);
    return convert_row(&rd, jp->row, v, cols, row);
}

bool eddy__json_read_value(const FormatPlan *fp, FormatRun *run, const Type *t, const JsonValue *v, Vector *out,
                           uint32_t row) {
    JsonRead rd = {fp->data, run};
    return nullable(&rd, t, v, out, row);
}

void eddy__json_failed_line(Buf *b, Str line) { failed_line(b, line.p, line.n); }

static DecodeStatus json_decode(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof, size_t *used,
                                uint32_t *lines, Vector *const *cols, uint32_t row) {
    Str line;
    JsonValue *v;
    DecodeStatus st = eddy__json_read_line(run, p, n, eof, used, lines, &line, &v);
    if (st != DEC_ROW) return st;
    if (!eddy__json_read_row(fp, run, v, cols, row)) {
        /* the reason names the line, as Flink's "Failed to deserialize JSON" */
        Buf b;
        eddy__buf_init(&b);
        failed_line(&b, line.p, line.n);
        eddy__buf_puts(&b, eddy__buf_cstr(&run->reason));
        eddy__buf_truncate(&run->reason, 0);
        eddy__buf_puts(&run->reason, eddy__buf_cstr(&b));
        eddy__buf_free(&b);
        return DEC_BAD;
    }
    for (int c = 0; c < fp->ncols; c++)
        if (cols[c]->failed) return DEC_NOMEM;
    return DEC_ROW;
}

/* ---- writing ---------------------------------------------------------------------------- */

static eddy_status write_value(const JsonPlan *jp, const Type *t, const Vector *v, uint32_t r, Buf *out, EdErr *err);

static eddy_status write_fields(const JsonPlan *jp, int n, const char *const *names, const Type *const *types,
                                Vector *const *cols, uint32_t r, Buf *out, EdErr *err) {
    eddy__buf_putc(out, '{');
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (jp->skip_nulls && vec_is_null(cols[i], r)) continue;
        if (!first) eddy__buf_putc(out, ',');
        first = false;
        eddy__json_write_string(out, names[i], strlen(names[i]));
        eddy__buf_putc(out, ':');
        eddy_status rc = write_value(jp, types[i], cols[i], r, out, err);
        if (rc) return rc;
    }
    eddy__buf_putc(out, '}');
    return EDDY_OK;
}

static void write_fp(Buf *out, double d, bool is_float) {
    if (isnan(d) || isinf(d)) { /* Jackson quotes non-numeric numbers */
        eddy__buf_putc(out, '"');
        if (is_float) eddy__fmt_float(out, (float)d);
        else eddy__fmt_double(out, d);
        eddy__buf_putc(out, '"');
    } else if (is_float) {
        eddy__fmt_float(out, (float)d);
    } else {
        eddy__fmt_double(out, d);
    }
}

static eddy_status write_value(const JsonPlan *jp, const Type *t, const Vector *v, uint32_t r, Buf *out, EdErr *err) {
    r = vidx(v, r);
    if (vec_is_null(v, r) || t->root == TY_NULL) {
        eddy__buf_puts(out, "null");
        return EDDY_OK;
    }
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: eddy__buf_puts(out, VEC_DATA(v, uint8_t)[r] ? "true" : "false"); break;
    case TY_TINYINT: eddy__fmt_int64(out, VEC_DATA(v, int8_t)[r]); break;
    case TY_SMALLINT: eddy__fmt_int64(out, VEC_DATA(v, int16_t)[r]); break;
    case TY_INT:
    case TY_INTERVAL_YM: eddy__fmt_int64(out, VEC_DATA(v, int32_t)[r]); break;
    case TY_BIGINT:
    case TY_INTERVAL_DT: eddy__fmt_int64(out, VEC_DATA(v, int64_t)[r]); break;
    case TY_FLOAT: write_fp(out, VEC_DATA(v, float)[r], true); break;
    case TY_DOUBLE: write_fp(out, VEC_DATA(v, double)[r], false); break;
    case TY_DECIMAL: eddy__fmt_decimal_stripped(out, VEC_DATA(v, ed_i128)[r], t->scale, jp->plain_decimals); break;
    case TY_CHAR:
    case TY_VARCHAR: {
        Str s = vec_str(v, r);
        eddy__json_write_string(out, s.p, s.n);
        break;
    }
    case TY_BINARY:
    case TY_VARBINARY: {
        Str s = vec_str(v, r);
        eddy__buf_putc(out, '"');
        eddy__base64_encode(out, (const uint8_t *)s.p, s.n);
        eddy__buf_putc(out, '"');
        break;
    }
    case TY_DATE:
        eddy__buf_putc(out, '"');
        eddy__fmt_date_text(out, VEC_DATA(v, int32_t)[r]);
        eddy__buf_putc(out, '"');
        break;
    case TY_TIME:
        /* LocalTime.ofSecondOfDay(ms / 1000): whole seconds */
        eddy__buf_putc(out, '"');
        eddy__fmt_time_text(out, (int64_t)(VEC_DATA(v, int32_t)[r] / 1000) * 1000000000);
        eddy__buf_putc(out, '"');
        break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        bool ltz = t->root == TY_TIMESTAMP_LTZ;
        Ts ts = VEC_DATA(v, Ts)[r];
        eddy__buf_putc(out, '"');
        eddy__fmt_ts_text(out, ts.ms, ts.ns, jp->iso ? (ltz ? TS_ISO_Z : TS_ISO) : (ltz ? TS_SQL_Z : TS_SQL));
        eddy__buf_putc(out, '"');
        break;
    }
    case TY_ARRAY: {
        ListEntry le = VEC_DATA(v, ListEntry)[r];
        eddy__buf_putc(out, '[');
        for (uint32_t i = 0; i < le.len; i++) {
            if (i) eddy__buf_putc(out, ',');
            eddy_status rc = write_value(jp, t->elem, v->child[0], le.off + i, out, err);
            if (rc) return rc;
        }
        eddy__buf_putc(out, ']');
        break;
    }
    case TY_MAP:
    case TY_MULTISET: {
        ListEntry le = VEC_DATA(v, ListEntry)[r];
        const Type *vt = t->root == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        eddy__buf_putc(out, '{');
        bool first = true;
        for (uint32_t i = 0; i < le.len; i++) {
            const Vector *kv = v->child[0];
            uint32_t k = le.off + i;
            Str key;
            if (vec_is_null(kv, k)) {
                if (jp->null_key == NK_DROP) continue;
                if (jp->null_key == NK_FAIL)
                    return eddy__err(err, EDDY_E_RUNTIME,
                                     "JSON format doesn't support to serialize map data with null keys. You can drop "
                                     "null key entries or encode null in literals by specifying map-null-key.mode "
                                     "option.");
                key = (Str){jp->null_key_literal, strlen(jp->null_key_literal)};
            } else {
                key = vec_str(kv, k);
            }
            if (!first) eddy__buf_putc(out, ',');
            first = false;
            eddy__json_write_string(out, key.p, key.n);
            eddy__buf_putc(out, ':');
            eddy_status rc = write_value(jp, vt, v->child[1], k, out, err);
            if (rc) return rc;
        }
        eddy__buf_putc(out, '}');
        break;
    }
    case TY_ROW: {
        const char **names = eddy__malloc(sizeof(char *) * (size_t)(t->nfields + 1));
        const Type **types = eddy__malloc(sizeof(Type *) * (size_t)(t->nfields + 1));
        eddy_status rc = EDDY_OK;
        if (!names || !types) {
            rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
        } else {
            for (int f = 0; f < t->nfields; f++) {
                names[f] = t->fields[f].name;
                types[f] = t->fields[f].type;
            }
            rc = write_fields(jp, t->nfields, names, types, v->child, r, out, err);
        }
        eddy__free(names);
        eddy__free(types);
        return rc;
    }
    default: return eddy__err(err, EDDY_E_RUNTIME, "Not support to parse type: %d", t->root);
    }
    return EDDY_OK;
}

eddy_status eddy__json_write_row(const FormatPlan *fp, Vector *const *cols, uint32_t row, Buf *out, EdErr *err) {
    return write_fields(fp->data, fp->ncols, fp->names, fp->types, cols, row, out, err);
}

eddy_status eddy__json_write_value(const FormatPlan *fp, const Type *t, const Vector *v, uint32_t row, Buf *out,
                                   EdErr *err) {
    return write_value(fp->data, t, v, row, out, err);
}

static eddy_status json_encode(const FormatPlan *fp, FormatRun *run, Vector *const *cols, uint32_t row, Buf *out,
                               EdErr *err) {
    (void)run;
    eddy_status rc = write_fields(fp->data, fp->ncols, fp->names, fp->types, cols, row, out, err);
    if (rc) return rc;
    eddy__buf_putc(out, '\n');
    return out->failed ? eddy__err(err, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

const FormatVt eddy__format_json = {
    .name = "json",
    .options = json_options,
    .plan = eddy__json_plan,
    .decode = json_decode,
    .encode = json_encode,
};
