/*
 * avro.c -- 'format' = 'avro': Avro's binary encoding of a table's rows.
 *
 * The writer schema is derived from the columns as Flink derives it: a
 * record named "record" (namespace org.apache.flink.avro.generated), a
 * nested ROW a record named "<parent>_<field>", a nullable type a union with
 * "null" first, TINYINT..INT int, BIGINT long, CHAR/VARCHAR string,
 * BINARY/VARBINARY bytes, DECIMAL bytes with logicalType decimal, DATE
 * int/date, TIME int/time-millis, TIMESTAMP(p <= 3) long/timestamp-millis,
 * ARRAY array, MAP and MULTISET map (string keys). With
 * 'avro.timestamp_mapping.legacy' = 'false' TIMESTAMP is
 * local-timestamp-millis/micros/nanos and TIMESTAMP_LTZ
 * timestamp-millis/micros/nanos (elements of arrays and maps keep the
 * legacy mapping, as Flink's converter passes no flag down there).
 *
 * Kafka: each message is one datum of that schema (no header). Files
 * ('connector' = 'filesystem'): Avro object container files -- a header
 * with the schema, the codec and a sync marker, then blocks of rows
 * ('avro.codec': null, deflate, snappy). A file is read with its own writer
 * schema (parsed by libavro), resolved to the table by field name: fields
 * the table lacks are skipped, columns the file lacks are NULL, the
 * spec's promotions (int -> long -> float -> double, string <-> bytes) apply.
 *
 * Decoding runs on the bytes directly (no per-row allocation): a "node"
 * tree describes the writer schema, each record node with the reader
 * column of each of its fields.
 */
#include <avro.h>
#include <snappy-c.h>
#include <sys/random.h>
#include <zlib.h>

#include "formats/formats.h"
#include "types/format.h"

enum { AV_NULL, AV_BOOL, AV_INT, AV_LONG, AV_FLOAT, AV_DOUBLE, AV_BYTES, AV_STRING, AV_FIXED, AV_ENUM,
       AV_ARRAY, AV_MAP, AV_RECORD, AV_UNION };
static const char *const av_names[] = {"null",  "boolean", "int",  "long", "float", "double", "bytes",
                                       "string", "fixed",  "enum", "array", "map",  "record", "union"};

typedef struct AvNode AvNode;
struct AvNode {
    uint8_t kind;
    int n;             /* record fields, union branches, enum symbols */
    AvNode **kids;     /* record fields / union branches; items or values in kids[0] */
    const char **syms; /* enum symbols */
    int32_t size;      /* fixed */
    /* record resolved to a ROW: the reader field of each writer field (-1:
     * skipped), and the reader fields no writer field fills (set NULL) */
    int *target;
    int nunset, *unset;
};

typedef enum Codec { CODEC_NULL, CODEC_DEFLATE, CODEC_SNAPPY } Codec;
static const char *const codec_names[] = {"null", "deflate", "snappy"};

typedef struct AvroPlan {
    bool legacy;
    bool container; /* files (object container files), else messages (one datum each) */
    Codec codec;
    const Type *row;  /* ROW of the file columns */
    AvNode *schema;   /* the derived schema (Kafka messages) */
    Str schema_json;  /* its JSON text (file headers) */
    uint8_t sync[16]; /* the sync marker of the files written */
} AvroPlan;

static const char *const avro_options[] = {"codec", "encoding", "timestamp_mapping.legacy", NULL};

/* ---- the schema of a table ---------------------------------------------------------- */

static bool avro_name_ok(const char *s, Buf *why) {
    if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))) {
        eddy__buf_printf(why, "Illegal initial character: %s", s);
        return false;
    }
    for (const char *c = s; *c; c++)
        if (!(*c == '_' || (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9'))) {
            eddy__buf_printf(why, "Illegal character in: %s", s);
            return false;
        }
    return true;
}

static AvNode *node(Arena *a, int kind, int n) {
    AvNode *x = eddy__arena_alloc(a, sizeof *x);
    if (!x) return NULL;
    memset(x, 0, sizeof *x);
    x->kind = (uint8_t)kind;
    x->n = n;
    if (n && !(x->kids = eddy__arena_alloc(a, sizeof(AvNode *) * (size_t)n))) return NULL;
    return x;
}

/* The schema of type t as JSON into js and as a node tree into *out; false
 * with why (Flink's message) for a type Avro cannot hold, or no memory. */
static bool derive(Arena *a, const Type *t, const char *name, bool legacy, Buf *js, AvNode **out, Buf *why) {
    AvNode *base = NULL;
    bool nullable = t->nullable && t->root != TY_NULL;
    if (nullable) eddy__buf_puts(js, "[\"null\",");
    switch ((TypeRoot)t->root) {
    case TY_NULL: base = node(a, AV_NULL, 0); eddy__buf_puts(js, "\"null\""); break;
    case TY_BOOLEAN: base = node(a, AV_BOOL, 0); eddy__buf_puts(js, "\"boolean\""); break;
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT: base = node(a, AV_INT, 0); eddy__buf_puts(js, "\"int\""); break;
    case TY_BIGINT: base = node(a, AV_LONG, 0); eddy__buf_puts(js, "\"long\""); break;
    case TY_FLOAT: base = node(a, AV_FLOAT, 0); eddy__buf_puts(js, "\"float\""); break;
    case TY_DOUBLE: base = node(a, AV_DOUBLE, 0); eddy__buf_puts(js, "\"double\""); break;
    case TY_CHAR:
    case TY_VARCHAR: base = node(a, AV_STRING, 0); eddy__buf_puts(js, "\"string\""); break;
    case TY_BINARY:
    case TY_VARBINARY: base = node(a, AV_BYTES, 0); eddy__buf_puts(js, "\"bytes\""); break;
    case TY_DECIMAL:
        base = node(a, AV_BYTES, 0);
        eddy__buf_printf(js, "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":%d,\"scale\":%d}",
                         t->precision, t->scale);
        break;
    case TY_DATE: base = node(a, AV_INT, 0); eddy__buf_puts(js, "{\"type\":\"int\",\"logicalType\":\"date\"}"); break;
    case TY_TIME:
        if (t->precision > 3) {
            eddy__buf_printf(why, "Avro does not support TIME type with precision: %d, it only supports precision less than 3.",
                             t->precision);
            return false;
        }
        base = node(a, AV_INT, 0);
        eddy__buf_puts(js, "{\"type\":\"int\",\"logicalType\":\"time-millis\"}");
        break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        bool ltz = t->root == TY_TIMESTAMP_LTZ;
        if (legacy && ltz) {
            eddy__buf_printf(why, "Unsupported to derive Schema for type: %s", eddy__type_str(a, t));
            return false;
        }
        if (legacy && t->precision > 3) {
            eddy__buf_printf(why, "Avro does not support TIMESTAMP type with precision: %d, it only supports precision less than 3.",
                             t->precision);
            return false;
        }
        const char *unit = t->precision <= 3 ? "millis" : t->precision <= 6 ? "micros" : "nanos";
        base = node(a, AV_LONG, 0);
        eddy__buf_printf(js, "{\"type\":\"long\",\"logicalType\":\"%stimestamp-%s\"}", legacy || ltz ? "" : "local-",
                         unit);
        break;
    }
    case TY_ARRAY:
        if (!(base = node(a, AV_ARRAY, 1))) break;
        eddy__buf_puts(js, "{\"type\":\"array\",\"items\":");
        if (!derive(a, t->elem, name, true, js, &base->kids[0], why)) return false;
        eddy__buf_putc(js, '}');
        break;
    case TY_MAP:
    case TY_MULTISET: {
        if (!eddy__type_is_string(t->elem)) {
            eddy__buf_printf(why, "Avro format doesn't support non-string as key type of map. The key type is: %s",
                             eddy__type_str(a, t->elem));
            return false;
        }
        if (!(base = node(a, AV_MAP, 1))) break;
        eddy__buf_puts(js, "{\"type\":\"map\",\"values\":");
        const Type *vt = t->root == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        if (!derive(a, vt, name, true, js, &base->kids[0], why)) return false;
        eddy__buf_putc(js, '}');
        break;
    }
    case TY_ROW: {
        if (!(base = node(a, AV_RECORD, t->nfields))) break;
        if (!(base->target = eddy__arena_alloc(a, sizeof(int) * (size_t)(t->nfields + 1)))) return false;
        eddy__buf_printf(js, "{\"type\":\"record\",\"name\":\"%s\",", name);
        if (!strcmp(name, "record")) eddy__buf_puts(js, "\"namespace\":\"org.apache.flink.avro.generated\",");
        eddy__buf_puts(js, "\"fields\":[");
        for (int f = 0; f < t->nfields; f++) {
            const char *fname = t->fields[f].name;
            if (!avro_name_ok(fname, why)) return false;
            char *sub = eddy__arena_alloc(a, strlen(name) + strlen(fname) + 2);
            if (!sub) return false;
            sprintf(sub, "%s_%s", name, fname);
            eddy__buf_printf(js, "%s{\"name\":\"%s\",\"type\":", f ? "," : "", fname);
            if (!derive(a, t->fields[f].type, sub, legacy, js, &base->kids[f], why)) return false;
            if (t->fields[f].type->nullable) eddy__buf_puts(js, ",\"default\":null");
            eddy__buf_putc(js, '}');
            base->target[f] = f;
        }
        eddy__buf_puts(js, "]}");
        break;
    }
    default: eddy__buf_printf(why, "Unsupported to derive Schema for type: %s", eddy__type_str(a, t)); return false;
    }
    if (!base) return false;
    if (!nullable) {
        *out = base;
        return true;
    }
    eddy__buf_putc(js, ']');
    AvNode *u = node(a, AV_UNION, 2);
    if (!u || !(u->kids[0] = node(a, AV_NULL, 0))) return false;
    u->kids[1] = base;
    *out = u;
    return true;
}

static eddy_status avro_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err) {
    AvroPlan *p = eddy__arena_alloc(fc->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(p, 0, sizeof *p);
    eddy_status rc = eddy__format_bool(fc, "timestamp_mapping.legacy", true, &p->legacy, err);
    if (rc) return rc;
    const char *enc = eddy__format_option(fc, "encoding");
    if (enc && eddy__str_ieq(enc, "json"))
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: 'avro.encoding' = 'json' (Avro's JSON encoding); "
                                                  "eddy writes and reads the binary encoding only");
    if (enc && !eddy__str_ieq(enc, "binary"))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Could not parse value '%s' for key 'avro.encoding'. Possible values are [BINARY, JSON].", enc);
    const char *codec = eddy__format_option(fc, "codec");
    p->codec = CODEC_SNAPPY; /* Flink's default */
    if (codec) {
        int c = -1;
        for (int i = 0; i < (int)ED_ARRAY_LEN(codec_names); i++)
            if (!strcmp(codec, codec_names[i])) c = i;
        if (c < 0 && (!strcmp(codec, "bzip2") || !strcmp(codec, "xz") || !strcmp(codec, "zstandard")))
            return eddy__err(err, EDDY_E_UNSUPPORTED,
                             "not supported yet: 'avro.codec' = '%s' (eddy writes null, deflate and snappy)", codec);
        if (c < 0) return eddy__err(err, EDDY_E_VALIDATION, "Unrecognized codec: %s", codec);
        p->codec = (Codec)c;
    }
    const char *conn = eddy__table_option(fc->def, "connector");
    p->container = conn && !strcmp(conn, "filesystem");
    if (!(p->row = eddy__type_row(fc->a, fc->ncols, fc->names, fc->types, false)))
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    Buf js, why;
    eddy__buf_init(&js);
    eddy__buf_init(&why);
    bool ok = derive(fc->a, p->row, "record", p->legacy, &js, &p->schema, &why);
    if (!ok) {
        rc = why.len ? eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&why)) : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    } else {
        /* libavro checks the text is a schema (a failure is eddy's bug) */
        avro_schema_t s = NULL;
        if (avro_schema_from_json_length(eddy__buf_cstr(&js), js.len, &s))
            rc = eddy__err(err, EDDY_E_INTERNAL, "the Avro schema derived for the table does not parse: %s",
                           avro_strerror());
        if (s) avro_schema_decref(s);
        char *text = rc ? NULL : eddy__arena_alloc(fc->a, js.len + 1);
        if (!rc && !text) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
        if (!rc) {
            memcpy(text, js.data, js.len + 1);
            p->schema_json = (Str){text, js.len};
        }
    }
    eddy__buf_free(&js);
    eddy__buf_free(&why);
    if (rc) return rc;
    if (fc->sink && getrandom(p->sync, sizeof p->sync, 0) != (ssize_t)sizeof p->sync)
        for (int i = 0; i < 16; i++) p->sync[i] = (uint8_t)(eddy__hash_u64((uint64_t)(uintptr_t)p + (uint64_t)i) >> 7);
    fp->data = p;
    fp->ignore_errors = false; /* Flink's avro format has no ignore-parse-errors */
    return EDDY_OK;
}

/* ---- binary encoding ---------------------------------------------------------------- */

static void put_long(Buf *out, int64_t v) {
    uint64_t z = ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
    char b[10];
    int n = 0;
    while (z >= 0x80) {
        b[n++] = (char)(z | 0x80);
        z >>= 7;
    }
    b[n++] = (char)z;
    eddy__buf_put(out, b, (size_t)n);
}

static void put_bytes(Buf *out, const char *p, size_t n) {
    put_long(out, (int64_t)n);
    eddy__buf_put(out, p, n);
}

/* BigInteger.toByteArray of an unscaled decimal: the shortest two's
 * complement, big-endian. */
static void put_decimal(Buf *out, ed_i128 v) {
    uint8_t b[16];
    for (int i = 15; i >= 0; i--) {
        b[i] = (uint8_t)(v & 0xff);
        v >>= 8;
    }
    int k = 0;
    while (k < 15 && ((b[k] == 0 && !(b[k + 1] & 0x80)) || (b[k] == 0xff && (b[k + 1] & 0x80)))) k++;
    put_bytes(out, (const char *)b + k, (size_t)(16 - k));
}

static int64_t ts_units(Ts ts, int precision) {
    if (precision <= 3) return ts.ms;
    if (precision <= 6) return ts.ms * 1000 + ts.ns / 1000;
    return ts.ms * 1000000 + ts.ns;
}

static eddy_status put_value(const Type *t, const Vector *v, uint32_t r, Buf *out, EdErr *err) {
    r = vidx(v, r);
    if (t->root == TY_NULL) return EDDY_OK;
    if (t->nullable) {
        if (vec_is_null(v, r)) {
            eddy__buf_putc(out, 0); /* union branch 0: null */
            return EDDY_OK;
        }
        eddy__buf_putc(out, 2); /* branch 1 */
    } else if (vec_is_null(v, r)) {
        return eddy__err(err, EDDY_E_RUNTIME, "Failed to serialize row: a NULL in a NOT NULL field");
    }
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: eddy__buf_putc(out, VEC_DATA(v, uint8_t)[r] ? 1 : 0); break;
    case TY_TINYINT: put_long(out, VEC_DATA(v, int8_t)[r]); break;
    case TY_SMALLINT: put_long(out, VEC_DATA(v, int16_t)[r]); break;
    case TY_INT:
    case TY_DATE:
    case TY_TIME: put_long(out, VEC_DATA(v, int32_t)[r]); break;
    case TY_BIGINT: put_long(out, VEC_DATA(v, int64_t)[r]); break;
    case TY_FLOAT: eddy__buf_put(out, &VEC_DATA(v, float)[r], 4); break; /* little-endian hosts */
    case TY_DOUBLE: eddy__buf_put(out, &VEC_DATA(v, double)[r], 8); break;
    case TY_DECIMAL: put_decimal(out, VEC_DATA(v, ed_i128)[r]); break;
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY: {
        Str s = vec_str(v, r);
        put_bytes(out, s.p, s.n);
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: put_long(out, ts_units(VEC_DATA(v, Ts)[r], t->precision)); break;
    case TY_ARRAY: {
        ListEntry le = VEC_DATA(v, ListEntry)[r];
        if (le.len) put_long(out, le.len);
        for (uint32_t i = 0; i < le.len; i++) {
            eddy_status rc = put_value(t->elem, v->child[0], le.off + i, out, err);
            if (rc) return rc;
        }
        eddy__buf_putc(out, 0);
        break;
    }
    case TY_MAP:
    case TY_MULTISET: {
        ListEntry le = VEC_DATA(v, ListEntry)[r];
        const Type *vt = t->root == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        if (le.len) put_long(out, le.len);
        for (uint32_t i = 0; i < le.len; i++) {
            if (vec_is_null(v->child[0], le.off + i))
                return eddy__err(err, EDDY_E_RUNTIME, "Failed to serialize row: a map with a NULL key (Avro's map keys are strings)");
            Str k = vec_str(v->child[0], le.off + i);
            put_bytes(out, k.p, k.n);
            eddy_status rc = put_value(vt, v->child[1], le.off + i, out, err);
            if (rc) return rc;
        }
        eddy__buf_putc(out, 0);
        break;
    }
    case TY_ROW:
        for (int f = 0; f < t->nfields; f++) {
            eddy_status rc = put_value(t->fields[f].type, v->child[f], r, out, err);
            if (rc) return rc;
        }
        break;
    default: return eddy__err(err, EDDY_E_RUNTIME, "Failed to serialize row: a type Avro cannot hold");
    }
    return EDDY_OK;
}

static eddy_status avro_encode(const FormatPlan *fp, FormatRun *run, Vector *const *cols, uint32_t row, Buf *out,
                               EdErr *err) {
    (void)run;
    const AvroPlan *p = fp->data;
    for (int c = 0; c < fp->ncols; c++) {
        eddy_status rc = put_value(p->row->fields[c].type, cols[c], row, out, err);
        if (rc) return rc;
    }
    return out->failed ? eddy__err(err, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

/* ---- container files: header and blocks (writing) -------------------------------------- */

static eddy_status avro_frame(const FormatPlan *fp, bool first, uint32_t rows, const Buf *data, Buf *out, EdErr *err) {
    const AvroPlan *p = fp->data;
    if (first) {
        eddy__buf_put(out, "Obj\x01", 4);
        put_long(out, 2);
        put_bytes(out, "avro.codec", 10);
        put_bytes(out, codec_names[p->codec], strlen(codec_names[p->codec]));
        put_bytes(out, "avro.schema", 11);
        put_bytes(out, p->schema_json.p, p->schema_json.n);
        put_long(out, 0);
        eddy__buf_put(out, p->sync, 16);
    }
    if (!rows) return EDDY_OK;
    put_long(out, rows);
    if (p->codec == CODEC_NULL) {
        put_bytes(out, data->data, data->len);
    } else if (p->codec == CODEC_DEFLATE) {
        uLong cap = compressBound((uLong)data->len) + 64;
        Buf z;
        eddy__buf_init(&z);
        if (!eddy__buf_reserve(&z, cap)) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        z_stream zs = {0};
        int zr = deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
        if (zr == Z_OK) {
            zs.next_in = (Bytef *)data->data;
            zs.avail_in = (uInt)data->len;
            zs.next_out = (Bytef *)z.data;
            zs.avail_out = (uInt)cap;
            zr = deflate(&zs, Z_FINISH);
            deflateEnd(&zs);
        }
        if (zr != Z_STREAM_END) {
            eddy__buf_free(&z);
            return eddy__err(err, EDDY_E_RUNTIME, "Avro deflate compression failed (zlib %d)", zr);
        }
        put_bytes(out, z.data, zs.total_out);
        eddy__buf_free(&z);
    } else {
        size_t cap = snappy_max_compressed_length(data->len), zn = cap;
        Buf z;
        eddy__buf_init(&z);
        if (!eddy__buf_reserve(&z, cap + 4)) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
        if (snappy_compress(data->data ? data->data : "", data->len, z.data, &zn) != SNAPPY_OK) {
            eddy__buf_free(&z);
            return eddy__err(err, EDDY_E_RUNTIME, "Avro snappy compression failed");
        }
        uint32_t crc = (uint32_t)crc32(0, (const Bytef *)data->data, (uInt)data->len);
        uint8_t be[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
        memcpy(z.data + zn, be, 4);
        put_bytes(out, z.data, zn + 4);
        eddy__buf_free(&z);
    }
    eddy__buf_put(out, p->sync, 16);
    return out->failed ? eddy__err(err, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

/* ---- binary decoding -------------------------------------------------------------------- */

typedef struct Rd {
    const uint8_t *p, *end;
    Buf *why;
    Arena *a;
} Rd;

static bool bad(Rd *rd, const char *what) {
    if (!rd->why->len) eddy__buf_puts(rd->why, what);
    return false;
}

static bool get_long(Rd *rd, int64_t *out) {
    uint64_t z = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (rd->p == rd->end) return bad(rd, "the datum ends inside a varint");
        uint8_t b = *rd->p++;
        z |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *out = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
            return true;
        }
    }
    return bad(rd, "a varint longer than 10 bytes");
}

static bool get_fixed(Rd *rd, size_t n, const uint8_t **out) {
    if ((size_t)(rd->end - rd->p) < n) return bad(rd, "the datum ends early");
    *out = rd->p;
    rd->p += n;
    return true;
}

static bool get_bytes(Rd *rd, Str *out) {
    int64_t n;
    const uint8_t *q;
    if (!get_long(rd, &n)) return false;
    if (n < 0) return bad(rd, "a negative length");
    if (!get_fixed(rd, (size_t)n, &q)) return false;
    *out = (Str){(const char *)q, (size_t)n};
    return true;
}

/* The next block's item count of an array or map (a negative count is
 * followed by the block's size in bytes). */
static bool get_count(Rd *rd, int64_t *n) {
    if (!get_long(rd, n)) return false;
    if (*n < 0) {
        int64_t size;
        if (*n == INT64_MIN || !get_long(rd, &size)) return bad(rd, "a bad block count");
        *n = -*n;
    }
    if (*n > rd->end - rd->p) return bad(rd, "a block count past the datum's end");
    return true;
}

static bool skip(Rd *rd, const AvNode *w) {
    int64_t v;
    Str s;
    const uint8_t *q;
    switch (w->kind) {
    case AV_NULL: return true;
    case AV_BOOL: return get_fixed(rd, 1, &q);
    case AV_INT:
    case AV_LONG:
    case AV_ENUM: return get_long(rd, &v);
    case AV_FLOAT: return get_fixed(rd, 4, &q);
    case AV_DOUBLE: return get_fixed(rd, 8, &q);
    case AV_BYTES:
    case AV_STRING: return get_bytes(rd, &s);
    case AV_FIXED: return get_fixed(rd, (size_t)w->size, &q);
    case AV_ARRAY:
    case AV_MAP:
        for (;;) {
            int64_t n;
            if (!get_count(rd, &n)) return false;
            if (!n) return true;
            for (int64_t i = 0; i < n; i++)
                if ((w->kind == AV_MAP && !get_bytes(rd, &s)) || !skip(rd, w->kids[0])) return false;
        }
    case AV_RECORD:
        for (int f = 0; f < w->n; f++)
            if (!skip(rd, w->kids[f])) return false;
        return true;
    case AV_UNION:
        if (!get_long(rd, &v)) return false;
        if (v < 0 || v >= w->n) return bad(rd, "a union branch out of range");
        return skip(rd, w->kids[v]);
    }
    return false;
}

static bool read_value(Rd *rd, const AvNode *w, const Type *t, Vector *out, uint32_t r);

static bool read_record(Rd *rd, const AvNode *w, Vector *const *cols, uint32_t r) {
    for (int f = 0; f < w->n; f++) {
        int c = w->target[f];
        if (c < 0 ? !skip(rd, w->kids[f]) : !read_value(rd, w->kids[f], cols[c]->type, cols[c], r)) return false;
    }
    for (int i = 0; i < w->nunset; i++) eddy__vec_set_null(cols[w->unset[i]], r);
    return true;
}

static bool read_value(Rd *rd, const AvNode *w, const Type *t, Vector *out, uint32_t r) {
    if (w->kind == AV_UNION) {
        int64_t b;
        if (!get_long(rd, &b)) return false;
        if (b < 0 || b >= w->n) return bad(rd, "a union branch out of range");
        w = w->kids[b];
    }
    if (w->kind == AV_NULL) {
        eddy__vec_set_null(out, r);
        return true;
    }
    int64_t x = 0;
    double d = 0;
    Str s;
    const uint8_t *q;
    /* the physical value, promoted as the spec allows */
    switch (w->kind) {
    case AV_BOOL:
        if (!get_fixed(rd, 1, &q)) return false;
        x = *q != 0;
        break;
    case AV_INT:
    case AV_LONG:
        if (!get_long(rd, &x)) return false;
        d = (double)x;
        break;
    case AV_FLOAT: {
        float f;
        if (!get_fixed(rd, 4, &q)) return false;
        memcpy(&f, q, 4);
        d = f;
        break;
    }
    case AV_DOUBLE:
        if (!get_fixed(rd, 8, &q)) return false;
        memcpy(&d, q, 8);
        break;
    case AV_BYTES:
    case AV_STRING:
        if (!get_bytes(rd, &s)) return false;
        break;
    case AV_FIXED:
        if (!get_fixed(rd, (size_t)w->size, &q)) return false;
        s = (Str){(const char *)q, (size_t)w->size};
        break;
    case AV_ENUM:
        if (!get_long(rd, &x)) return false;
        if (x < 0 || x >= w->n) return bad(rd, "an enum symbol out of range");
        s = (Str){w->syms[x], strlen(w->syms[x])};
        break;
    default: break;
    }
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: VEC_DATA(out, uint8_t)[r] = (uint8_t)x; break;
    case TY_TINYINT: VEC_DATA(out, int8_t)[r] = (int8_t)x; break;
    case TY_SMALLINT: VEC_DATA(out, int16_t)[r] = (int16_t)x; break;
    case TY_INT:
    case TY_DATE: VEC_DATA(out, int32_t)[r] = (int32_t)x; break;
    case TY_TIME: VEC_DATA(out, int32_t)[r] = (int32_t)(w->kind == AV_LONG ? x / 1000 : x); break; /* micros */
    case TY_BIGINT: VEC_DATA(out, int64_t)[r] = x; break;
    case TY_FLOAT: VEC_DATA(out, float)[r] = (float)d; break;
    case TY_DOUBLE: VEC_DATA(out, double)[r] = d; break;
    case TY_CHAR:
    case TY_VARCHAR:
    case TY_BINARY:
    case TY_VARBINARY: eddy__vec_set_str(out, r, s.p, s.n); break;
    case TY_DECIMAL: {
        if (s.n > 16) return bad(rd, "a decimal of more than 16 bytes");
        ed_i128 v = s.n && (s.p[0] & 0x80) ? -1 : 0;
        for (size_t i = 0; i < s.n; i++) v = (ed_i128)(((unsigned __int128)v << 8) | (uint8_t)s.p[i]);
        VEC_DATA(out, ed_i128)[r] = v;
        break;
    }
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: {
        Ts *o = &VEC_DATA(out, Ts)[r];
        int64_t per = t->precision <= 3 ? 1 : t->precision <= 6 ? 1000 : 1000000;
        int64_t ms = x / per, rem = x % per;
        if (rem < 0) {
            ms--;
            rem += per;
        }
        o->ms = ms;
        o->ns = (int32_t)(rem * (1000000 / per));
        break;
    }
    case TY_ARRAY:
    case TY_MAP:
    case TY_MULTISET: {
        const Type *vt = t->root == TY_ARRAY ? t->elem : t->root == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        Vector *vals = out->child[t->root == TY_ARRAY ? 0 : 1];
        uint32_t off = out->child_len, len = 0;
        for (;;) {
            int64_t n;
            if (!get_count(rd, &n)) return false;
            if (!n) break;
            uint32_t at = eddy__vec_list_append(out, (uint32_t)n);
            if (out->failed) return false;
            for (int64_t i = 0; i < n; i++) {
                if (t->root != TY_ARRAY) {
                    if (!get_bytes(rd, &s)) return false;
                    eddy__vec_set_str(out->child[0], at + (uint32_t)i, s.p, s.n);
                    vec_set_valid(out->child[0], at + (uint32_t)i);
                }
                if (!read_value(rd, w->kids[0], vt, vals, at + (uint32_t)i)) return false;
            }
            len += (uint32_t)n;
        }
        VEC_DATA(out, ListEntry)[r] = (ListEntry){off, len};
        break;
    }
    case TY_ROW:
        if (!read_record(rd, w, out->child, r)) return false;
        break;
    default: break;
    }
    vec_set_valid(out, r);
    return true;
}

/* ---- resolving a file's writer schema to the table ------------------------------------- */

/* The node tree of libavro schema s resolved to reader type t; false with
 * why when a field's type does not convert. */
static bool resolve(Arena *a, avro_schema_t s, const Type *t, const char *path, AvNode **out, Buf *why) {
    AvNode *x = NULL;
    avro_type_t k = avro_typeof(s);
    switch (k) {
    case AVRO_UNION: {
        int n = (int)avro_schema_union_size(s);
        if (!(x = node(a, AV_UNION, n))) return false;
        for (int i = 0; i < n; i++)
            if (!resolve(a, avro_schema_union_branch(s, i), t, path, &x->kids[i], why)) return false;
        *out = x;
        return true;
    }
    case AVRO_NULL: *out = node(a, AV_NULL, 0); return *out != NULL;
    case AVRO_LINK: return resolve(a, avro_schema_link_target(s), t, path, out, why);
    default: break;
    }
    int kind;
    bool ok;
    TypeRoot tr = t ? (TypeRoot)t->root : TY_NULL; /* t NULL: a field the table lacks (skipped) */
    switch (k) {
    case AVRO_BOOLEAN: kind = AV_BOOL; ok = tr == TY_BOOLEAN; break;
    case AVRO_INT32:
        kind = AV_INT;
        ok = tr == TY_TINYINT || tr == TY_SMALLINT || tr == TY_INT || tr == TY_BIGINT || tr == TY_FLOAT ||
             tr == TY_DOUBLE || tr == TY_DATE || tr == TY_TIME;
        break;
    case AVRO_INT64:
        kind = AV_LONG;
        ok = tr == TY_BIGINT || tr == TY_FLOAT || tr == TY_DOUBLE || tr == TY_TIMESTAMP || tr == TY_TIMESTAMP_LTZ ||
             tr == TY_TIME;
        break;
    case AVRO_FLOAT: kind = AV_FLOAT; ok = tr == TY_FLOAT || tr == TY_DOUBLE; break;
    case AVRO_DOUBLE: kind = AV_DOUBLE; ok = tr == TY_DOUBLE; break;
    case AVRO_BYTES:
    case AVRO_STRING:
        kind = k == AVRO_BYTES ? AV_BYTES : AV_STRING;
        ok = (t && eddy__type_is_string(t)) || tr == TY_BINARY || tr == TY_VARBINARY || (k == AVRO_BYTES && tr == TY_DECIMAL);
        break;
    case AVRO_FIXED: kind = AV_FIXED; ok = tr == TY_BINARY || tr == TY_VARBINARY || tr == TY_DECIMAL; break;
    case AVRO_ENUM: kind = AV_ENUM; ok = t && eddy__type_is_string(t); break;
    case AVRO_ARRAY: kind = AV_ARRAY; ok = tr == TY_ARRAY; break;
    case AVRO_MAP: kind = AV_MAP; ok = tr == TY_MAP || tr == TY_MULTISET; break;
    case AVRO_RECORD: kind = AV_RECORD; ok = tr == TY_ROW; break;
    default: kind = AV_NULL; ok = false; break;
    }
    if (!t && kind != AV_NULL) ok = true;
    if (!ok) {
        eddy__buf_printf(why, "the file's %s of Avro type %s cannot be read as %s", path,
                         kind == AV_NULL ? avro_schema_type_name(s) : av_names[kind],
                         t ? eddy__type_str(a, t) : "anything");
        return false;
    }
    switch (kind) {
    case AV_FIXED:
        if (!(x = node(a, kind, 0))) return false;
        x->size = (int32_t)avro_schema_fixed_size(s);
        break;
    case AV_ENUM: {
        int n = (int)avro_schema_enum_number_of_symbols(s);
        if (!(x = node(a, kind, 0)) || !(x->syms = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1)))) return false;
        x->n = n;
        for (int i = 0; i < n; i++)
            if (!(x->syms[i] = eddy__arena_strdup(a, avro_schema_enum_get(s, i)))) return false;
        break;
    }
    case AV_ARRAY:
    case AV_MAP: {
        if (!(x = node(a, kind, 1))) return false;
        const Type *vt = !t ? NULL : tr == TY_ARRAY ? t->elem : tr == TY_MAP ? t->value : eddy__type_basic(TY_INT, false);
        avro_schema_t item = kind == AV_ARRAY ? avro_schema_array_items(s) : avro_schema_map_values(s);
        if (!resolve(a, item, vt, path, &x->kids[0], why)) return false;
        break;
    }
    case AV_RECORD: {
        int n = (int)avro_schema_record_size(s);
        if (!(x = node(a, kind, n))) return false;
        x->target = eddy__arena_alloc(a, sizeof(int) * (size_t)(n + 1));
        int nf = t ? t->nfields : 0;
        x->unset = eddy__arena_alloc(a, sizeof(int) * (size_t)(nf + 1));
        bool *seen = eddy__arena_alloc(a, (size_t)nf + 1);
        if (!x->target || !x->unset || !seen) return false;
        memset(seen, 0, (size_t)nf + 1);
        for (int i = 0; i < n; i++) {
            const char *fname = avro_schema_record_field_name(s, i);
            avro_schema_t fs = avro_schema_record_field_get_by_index(s, i);
            int c = -1;
            for (int f = 0; f < nf && c < 0; f++)
                if (!strcmp(t->fields[f].name, fname)) c = f;
            x->target[i] = c;
            if (c >= 0) seen[c] = true;
            /* skipped fields still need their node to be skipped */
            const Type *ft = c >= 0 ? t->fields[c].type : NULL;
            char *sub = eddy__arena_alloc(a, strlen(path) + strlen(fname) + 8);
            if (!sub) return false;
            sprintf(sub, "%s%sfield '%s'", !strcmp(path, "record") ? "" : path, !strcmp(path, "record") ? "" : " ", fname);
            if (!resolve(a, fs, ft, sub, &x->kids[i], why)) return false;
        }
        for (int f = 0; f < nf; f++) {
            if (seen[f]) continue;
            if (!t->fields[f].type->nullable) {
                eddy__buf_printf(why, "the file has no field '%s' for the NOT NULL column '%s'", t->fields[f].name,
                                 t->fields[f].name);
                return false;
            }
            x->unset[x->nunset++] = f;
        }
        break;
    }
    default:
        if (!(x = node(a, kind, 0))) return false;
        break;
    }
    *out = x;
    return true;
}

/* ---- reading messages and files -------------------------------------------------------- */

/* The reader of one container file: its writer schema resolved to the
 * table, codec and sync marker, and the block at hand. */
typedef struct AvFile {
    Arena a; /* the writer schema's nodes */
    AvNode *root;
    bool header;
    Codec codec;
    uint8_t sync[16];
    Buf block;          /* the block's records, decompressed */
    int64_t left;       /* records of the block not read yet */
    size_t at;          /* where the next one starts in the block's records */
    size_t data_off;    /* null codec: the records' offset in the window */
    size_t block_bytes; /* the block's bytes in the file, sync marker included */
    uint64_t offset;    /* the file offset of the window's first byte */
} AvFile;

static void av_file_free(void *x) {
    AvFile *f = x;
    eddy__arena_destroy(&f->a);
    eddy__buf_free(&f->block);
    eddy__free(f);
}

static DecodeStatus fail(FormatRun *run, const char *fmt, const char *detail) {
    eddy__buf_truncate(&run->reason, 0);
    eddy__buf_printf(&run->reason, fmt, detail);
    return DEC_BAD;
}

/* The file header at p: DEC_NONE with *used, DEC_MORE, DEC_BAD. */
static DecodeStatus read_header(const AvroPlan *p, FormatRun *run, AvFile *f, const char *win, size_t n, bool eof,
                                size_t *used) {
    Buf why;
    eddy__buf_init(&why);
    Rd rd = {(const uint8_t *)win, (const uint8_t *)win + n, &why, NULL};
    Str schema = {NULL, 0}, codec = {"null", 4};
    const uint8_t *q;
    bool ok = get_fixed(&rd, 4, &q) && !memcmp(q, "Obj\x01", 4);
    if (!ok && (n >= 4 || eof)) {
        eddy__buf_free(&why);
        return fail(run, "%s", "Not an Avro data file: it does not start with the bytes 'O' 'b' 'j' 1.");
    }
    for (int64_t cnt = 1; ok && cnt;) {
        ok = get_count(&rd, &cnt);
        for (int64_t i = 0; ok && i < cnt; i++) {
            Str k, v;
            ok = get_bytes(&rd, &k) && get_bytes(&rd, &v);
            if (ok && k.n == 11 && !memcmp(k.p, "avro.schema", 11)) schema = v;
            if (ok && k.n == 10 && !memcmp(k.p, "avro.codec", 10)) codec = v;
        }
    }
    ok = ok && get_fixed(&rd, 16, &q);
    if (!ok) {
        eddy__buf_free(&why);
        if (!eof) return DEC_MORE;
        return fail(run, "%s", "Not an Avro data file: the header ends early.");
    }
    eddy__buf_free(&why);
    memcpy(f->sync, q, 16);
    *used = (size_t)(rd.p - (const uint8_t *)win);
    int c = -1;
    for (int i = 0; i < (int)ED_ARRAY_LEN(codec_names); i++)
        if (codec.n == strlen(codec_names[i]) && !memcmp(codec.p, codec_names[i], codec.n)) c = i;
    if (c < 0) {
        eddy__buf_truncate(&run->reason, 0);
        eddy__buf_printf(&run->reason, "not supported yet: the Avro codec '%.*s' (eddy reads null, deflate and snappy)",
                         (int)codec.n, codec.p);
        return DEC_BAD;
    }
    f->codec = (Codec)c;
    if (!schema.p) return fail(run, "%s", "The Avro file's header has no avro.schema.");
    avro_schema_t s = NULL;
    if (avro_schema_from_json_length(schema.p, schema.n, &s)) {
        DecodeStatus st = fail(run, "The Avro file's schema does not parse: %s", avro_strerror());
        return st;
    }
    eddy__buf_init(&why);
    bool res = avro_typeof(s) == AVRO_RECORD && resolve(&f->a, s, p->row, "record", &f->root, &why);
    avro_schema_decref(s);
    if (!res) {
        DecodeStatus st = why.len ? fail(run, "The Avro file's schema does not match the table: %s", eddy__buf_cstr(&why))
                                  : fail(run, "%s", "The Avro file's schema is no record.");
        eddy__buf_free(&why);
        return st;
    }
    eddy__buf_free(&why);
    f->header = true;
    return DEC_NONE;
}

/* The block at p: its records in f->block (or the window), f->left. */
static DecodeStatus read_block(FormatRun *run, AvFile *f, const char *win, size_t n, bool eof) {
    Buf why;
    eddy__buf_init(&why);
    Rd rd = {(const uint8_t *)win, (const uint8_t *)win + n, &why, NULL};
    int64_t count, size;
    bool ok = get_long(&rd, &count) && get_long(&rd, &size);
    eddy__buf_free(&why);
    char at[48];
    snprintf(at, sizeof at, "%llu", (unsigned long long)f->offset);
    if (ok && (count < 0 || size < 0)) return fail(run, "A corrupt Avro block at byte %s: a negative count or size.", at);
    size_t hdr = (size_t)(rd.p - (const uint8_t *)win);
    if (!ok || n - hdr < (size_t)size + 16) {
        if (!eof) return DEC_MORE;
        return fail(run, "The Avro file ends inside the block at byte %s.", at);
    }
    if (memcmp(win + hdr + size, f->sync, 16))
        return fail(run, "A corrupt Avro block at byte %s: the sync marker does not match the header's.", at);
    f->left = count;
    f->at = 0;
    f->block_bytes = hdr + (size_t)size + 16;
    f->data_off = hdr;
    eddy__buf_truncate(&f->block, 0);
    if (f->codec == CODEC_DEFLATE) {
        z_stream zs = {0};
        if (inflateInit2(&zs, -15) != Z_OK) return DEC_NOMEM;
        zs.next_in = (Bytef *)(win + hdr);
        zs.avail_in = (uInt)size;
        int zr = Z_OK;
        while (zr == Z_OK) {
            if (!eddy__buf_reserve(&f->block, 65536)) {
                inflateEnd(&zs);
                return DEC_NOMEM;
            }
            zs.next_out = (Bytef *)f->block.data + f->block.len;
            zs.avail_out = 65536;
            zr = inflate(&zs, Z_NO_FLUSH);
            f->block.len = zs.total_out;
        }
        inflateEnd(&zs);
        if (zr != Z_STREAM_END) return fail(run, "A corrupt Avro block at byte %s: its deflate data does not inflate.", at);
    } else if (f->codec == CODEC_SNAPPY) {
        size_t len;
        if (size < 4 || snappy_uncompressed_length(win + hdr, (size_t)size - 4, &len) != SNAPPY_OK)
            return fail(run, "A corrupt Avro block at byte %s: its snappy data does not uncompress.", at);
        if (!eddy__buf_reserve(&f->block, len + 1)) return DEC_NOMEM;
        if (snappy_uncompress(win + hdr, (size_t)size - 4, f->block.data, &len) != SNAPPY_OK)
            return fail(run, "A corrupt Avro block at byte %s: its snappy data does not uncompress.", at);
        f->block.len = len;
        const uint8_t *c = (const uint8_t *)win + hdr + size - 4;
        uint32_t want = (uint32_t)c[0] << 24 | (uint32_t)c[1] << 16 | (uint32_t)c[2] << 8 | c[3];
        if ((uint32_t)crc32(0, (const Bytef *)f->block.data, (uInt)len) != want)
            return fail(run, "A corrupt Avro block at byte %s: the CRC of its snappy data does not match.", at);
    } else {
        /* null: the records stay in the window (not moved while the block is read) */
        f->block.len = (size_t)size;
    }
    return DEC_ROW;
}

static DecodeStatus avro_decode(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof, size_t *used,
                                uint32_t *lines, Vector *const *cols, uint32_t row) {
    const AvroPlan *ap = fp->data;
    *lines = 0;
    *used = 0;
    run->nulled = false;
    eddy__buf_truncate(&run->reason, 0);
    Buf why;
    if (!ap->container) { /* a message: one datum */
        *used = n;
        eddy__buf_init(&why);
        Rd rd = {(const uint8_t *)p, (const uint8_t *)p + n, &why, NULL};
        bool ok = read_record(&rd, ap->schema, cols, row);
        if (!ok) eddy__buf_printf(&run->reason, "Failed to deserialize Avro record: %s.", why.len ? eddy__buf_cstr(&why) : "out of memory");
        eddy__buf_free(&why);
        for (int c = 0; c < fp->ncols; c++)
            if (cols[c]->failed) return DEC_NOMEM;
        return ok ? DEC_ROW : DEC_BAD;
    }
    AvFile *f = run->state;
    if (!f) {
        if (!(f = eddy__malloc(sizeof *f))) return DEC_NOMEM;
        memset(f, 0, sizeof *f);
        eddy__arena_init(&f->a, 4096);
        eddy__buf_init(&f->block);
        run->state = f;
        run->state_free = av_file_free;
    }
    if (run->file_start) {
        eddy__arena_reset(&f->a);
        f->root = NULL;
        f->header = false;
        f->left = 0;
        f->offset = 0;
        DecodeStatus st = read_header(ap, run, f, p, n, eof, used);
        if (st == DEC_MORE) return st;
        run->file_start = false;
        if (st == DEC_BAD) *used = n; /* the rest of the file cannot be read */
        f->offset += *used;
        return st;
    }
    if (!f->header)
        return fail(run, "%s", "not supported yet: resuming the read of an Avro file in its middle (from a checkpoint)");
    if (!f->left) {
        DecodeStatus st = read_block(run, f, p, n, eof);
        if (st != DEC_ROW) {
            if (st == DEC_BAD) *used = n;
            return st;
        }
        if (!f->left) {
            *used = f->block_bytes;
            f->offset += *used;
            return DEC_NONE;
        }
    }
    const uint8_t *data = f->codec == CODEC_NULL ? (const uint8_t *)p + f->data_off : (const uint8_t *)f->block.data;
    eddy__buf_init(&why);
    Rd rd = {data + f->at, data + f->block.len, &why, NULL};
    bool ok = read_record(&rd, f->root, cols, row);
    if (!ok) {
        char at[32];
        snprintf(at, sizeof at, "%llu", (unsigned long long)f->offset);
        eddy__buf_printf(&run->reason, "Failed to deserialize Avro record in the block at byte %s: %s.", at,
                         why.len ? eddy__buf_cstr(&why) : "out of memory");
    }
    eddy__buf_free(&why);
    for (int c = 0; c < fp->ncols; c++)
        if (cols[c]->failed) return DEC_NOMEM;
    f->at = (size_t)(rd.p - data);
    f->left = ok ? f->left - 1 : 0;
    run->more = f->left > 0;
    run->emitted = run->more ? run->emitted + 1 : 0;
    if (!run->more) {
        *used = f->block_bytes;
        f->offset += *used;
    }
    return ok ? DEC_ROW : DEC_BAD;
}

const FormatVt eddy__format_avro = {
    .name = "avro",
    .options = avro_options,
    .plan = avro_plan,
    .decode = avro_decode,
    .encode = avro_encode,
    .frame = avro_frame,
    .binary = true,
};

/* The formats that need a schema registry. */
static eddy_status registry_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err) {
    (void)fp;
    return eddy__err(err, EDDY_E_UNSUPPORTED,
                     "not supported yet: the format '%s' (it needs a Confluent schema registry, which eddy does not "
                     "talk to yet); 'avro' reads and writes plain Avro datums",
                     eddy__table_option(fc->def, "format"));
}

static const char *const registry_options[] = {"url", "subject", "schema", "basic-auth.credentials-source",
                                               "basic-auth.user-info", "bearer-auth.credentials-source",
                                               "bearer-auth.token", "properties", "ssl.keystore.location",
                                               "ssl.keystore.password", "ssl.truststore.location",
                                               "ssl.truststore.password", NULL};

const FormatVt eddy__format_avro_confluent = {
    .name = "avro-confluent", .options = registry_options, .plan = registry_plan, .binary = true};
const FormatVt eddy__format_debezium_avro_confluent = {
    .name = "debezium-avro-confluent", .options = registry_options, .plan = registry_plan, .binary = true};
