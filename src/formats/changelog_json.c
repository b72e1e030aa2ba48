/*
 * changelog_json.c -- the changelog formats 'debezium-json', 'canal-json'
 * and 'maxwell-json': one JSON change message per line, read into rows with
 * row kinds and written from them, as Flink's Debezium / Canal / Maxwell
 * JSON formats do. The rows inside a message are converted by the json
 * format (json.c), with the same options under this format's prefix
 * (timestamp-format.standard, map-null-key.*, encode.*).
 *
 * Reading. debezium: {"before":{..},"after":{..},"op":"c|r|u|d"} (with
 * 'debezium-json.schema-include', the envelope sits in "payload"): c and r
 * are +I(after), u is -U(before) then +U(after), d is -D(before); an update
 * or delete without "before" fails with Flink's REPLICA IDENTITY FULL hint.
 * canal: {"data":[..],"old":[..],"type":"INSERT|UPDATE|DELETE"}: one row (or
 * two for an update) per element of "data"; "CREATE" (DDL) is no row; the
 * before row of an update takes the fields named in "old" from it and the
 * others from "data" (a field counts as named when any "old" element has
 * it: Jackson's findValue). maxwell: {"data":{..},"old":{..},
 * "type":"insert|update|delete"}, the before row built the same way. Any
 * other op / type is Flink's "Unknown ..." error; every error is Flink's
 * "Corrupt <X> JSON message '...'." with its cause; with ignore-parse-errors
 * such a message is skipped (and counted by the connector). A blank line is
 * no message (a tombstone).
 *
 * A message can hold several rows: the decoder says run->more and is called
 * again on the same bytes for the next one; the parsed message waits in the
 * run's state meanwhile (the connector does not move its buffer then).
 * FormatRun.emitted says how many rows of the message went out, and a
 * connector restoring a checkpoint taken inside the message sets
 * FormatRun.skip so that those rows are not read twice.
 *
 * Metadata (FormatVt.metadata): debezium's schema, ingestion-timestamp
 * (payload ts_ms), source.timestamp / .database / .schema / .table /
 * .properties (the "source" object); canal's database, table, sql-type,
 * pk-names, ingestion-timestamp (ts), event-timestamp (es); maxwell's
 * database, table, primary-key-columns, ingestion-timestamp (ts, seconds).
 *
 * Writing. Every row is one message: debezium {"before":null,"after":row,
 * "op":"c"} for +I / +U and {"before":row,"after":null,"op":"d"} for -U /
 * -D; canal {"data":[row],"type":"INSERT"|"DELETE"}; maxwell
 * {"data":row,"type":"insert"|"delete"} -- as Flink's serializers write them.
 */
#include <regex.h>
#include <stdlib.h>

#include "formats/formats.h"
#include "types/format.h"
#include "util/json.h"

typedef enum CdcKind { CDC_DEBEZIUM, CDC_CANAL, CDC_MAXWELL } CdcKind;

/* How a metadata value is taken from the message. */
typedef enum MetaConv {
    MC_VALUE,         /* the field, converted to the column's type */
    MC_MILLIS,        /* a number of epoch milliseconds -> TIMESTAMP_LTZ */
    MC_SECONDS,       /* a number of epoch seconds -> TIMESTAMP_LTZ */
    MC_SOURCE_VALUE,  /* source.<field> as text */
    MC_SOURCE_MILLIS, /* source.<field>, epoch milliseconds */
    MC_SOURCE_TABLE   /* source.table, else source.collection */
} MetaConv;

typedef struct CdcMeta {
    const char *key;
    const char *field;
    bool payload; /* in debezium's payload (else the message's root) */
    MetaConv conv;
} CdcMeta;

static const CdcMeta debezium_meta[] = {{"schema", "schema", false, MC_VALUE},
                                        {"ingestion-timestamp", "ts_ms", true, MC_MILLIS},
                                        {"source.timestamp", "ts_ms", true, MC_SOURCE_MILLIS},
                                        {"source.database", "db", true, MC_SOURCE_VALUE},
                                        {"source.schema", "schema", true, MC_SOURCE_VALUE},
                                        {"source.table", "table", true, MC_SOURCE_TABLE},
                                        {"source.properties", "source", true, MC_VALUE},
                                        {NULL, NULL, false, MC_VALUE}};
static const char *const debezium_meta_keys[] = {"schema",          "ingestion-timestamp", "source.timestamp",
                                                 "source.database", "source.schema",       "source.table",
                                                 "source.properties", NULL};
static const char *const debezium_meta_types[] = {"STRING",           "TIMESTAMP_LTZ(3)", "TIMESTAMP_LTZ(3)",
                                                  "STRING",           "STRING",           "STRING",
                                                  "MAP<STRING, STRING>", NULL};

static const CdcMeta canal_meta[] = {{"database", "database", false, MC_VALUE},
                                     {"table", "table", false, MC_VALUE},
                                     {"sql-type", "sqlType", false, MC_VALUE},
                                     {"pk-names", "pkNames", false, MC_VALUE},
                                     {"ingestion-timestamp", "ts", false, MC_MILLIS},
                                     {"event-timestamp", "es", false, MC_MILLIS},
                                     {NULL, NULL, false, MC_VALUE}};
static const char *const canal_meta_keys[] = {"database", "table", "sql-type", "pk-names", "ingestion-timestamp",
                                              "event-timestamp", NULL};
static const char *const canal_meta_types[] = {"STRING",           "STRING",           "MAP<STRING, INT>",
                                               "ARRAY<STRING>",    "TIMESTAMP_LTZ(3)", "TIMESTAMP_LTZ(3)",
                                               NULL};

static const CdcMeta maxwell_meta[] = {{"database", "database", false, MC_VALUE},
                                       {"table", "table", false, MC_VALUE},
                                       {"primary-key-columns", "primary_key_columns", false, MC_VALUE},
                                       {"ingestion-timestamp", "ts", false, MC_SECONDS},
                                       {NULL, NULL, false, MC_VALUE}};
static const char *const maxwell_meta_keys[] = {"database", "table", "primary-key-columns", "ingestion-timestamp",
                                                NULL};
static const char *const maxwell_meta_types[] = {"STRING", "STRING", "ARRAY<STRING>", "TIMESTAMP_LTZ(3)", NULL};

/* the json options every changelog format takes under its own prefix */
#define CDC_JSON_OPTIONS                                                                                           \
    "ignore-parse-errors", "timestamp-format.standard", "map-null-key.mode", "map-null-key.literal",             \
        "encode.decimal-as-plain-number", "encode.ignore-null-fields"

static const char *const debezium_options[] = {"schema-include", CDC_JSON_OPTIONS, NULL};
static const char *const canal_options[] = {CDC_JSON_OPTIONS, "database.include", "table.include", NULL};
static const char *const maxwell_options[] = {CDC_JSON_OPTIONS, NULL};

typedef struct CdcPlan {
    CdcKind kind;
    const char *title; /* "Debezium", "Canal", "Maxwell" (messages) */
    FormatPlan json;   /* the json format of the file columns */
    bool schema_include, ignore, skip_nulls;
    int nmeta;
    const CdcMeta *const *meta;
    const Type *const *meta_types;
    const regex_t *db_include, *table_include; /* canal's filters, or NULL */
    const TimeZone *tz; /* TIMESTAMP_LTZ metadata cast to TIMESTAMP in the session's zone */
} CdcPlan;

static CdcKind kind_of(const FormatVt *vt);

/* ---- planning ---------------------------------------------------------------------------- */

static void free_regex(void *r) { regfree(r); }

static eddy_status compile_include(const FormatCtx *fc, const char *key, const regex_t **out, EdErr *err) {
    const char *re = eddy__format_option(fc, key);
    *out = NULL;
    if (!re) return EDDY_OK;
    regex_t *r = eddy__arena_alloc(fc->a, sizeof *r);
    char *anchored = eddy__arena_printf(fc->a, "^(%s)$", re); /* Java's Matcher.matches */
    if (!r || !anchored) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    int e = regcomp(r, anchored, REG_EXTENDED | REG_NOSUB);
    if (e) {
        char msg[128];
        regerror(e, r, msg, sizeof msg);
        return eddy__err(err, EDDY_E_VALIDATION, "Invalid '%s.%s' '%s': %s", eddy__table_option(fc->def, "format"),
                         key, re, msg);
    }
    if (!eddy__arena_on_cleanup(fc->a, free_regex, r)) {
        regfree(r);
        return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    *out = r;
    return EDDY_OK;
}

static eddy_status cdc_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err) {
    CdcPlan *p = eddy__arena_alloc(fc->a, sizeof *p);
    if (!p) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    memset(p, 0, sizeof *p);
    p->kind = kind_of(fp->vt);
    p->title = p->kind == CDC_DEBEZIUM ? "Debezium" : p->kind == CDC_CANAL ? "Canal" : "Maxwell";
    eddy_status rc;
    if ((rc = eddy__format_bool(fc, "ignore-parse-errors", false, &p->ignore, err)) ||
        (rc = eddy__format_bool(fc, "encode.ignore-null-fields", false, &p->skip_nulls, err)))
        return rc;
    if (p->kind == CDC_DEBEZIUM) {
        if ((rc = eddy__format_bool(fc, "schema-include", false, &p->schema_include, err))) return rc;
        if (fc->sink && p->schema_include)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Debezium JSON serialization doesn't support 'debezium-json.schema-include' option been "
                             "set to true.");
    }
    if (p->kind == CDC_CANAL && ((rc = compile_include(fc, "database.include", &p->db_include, err)) ||
                                 (rc = compile_include(fc, "table.include", &p->table_include, err))))
        return rc;
    /* the rows inside the messages: json's plan of the same columns */
    FormatCtx jc = *fc;
    jc.nmeta = 0;
    jc.meta_keys = NULL;
    p->json = (FormatPlan){.vt = &eddy__format_json, .ncols = fc->ncols, .names = fc->names, .types = fc->types};
    if ((rc = eddy__json_plan(&jc, &p->json, err))) return rc;
    /* metadata columns, in the order the connector asks for them */
    const CdcMeta *table = p->kind == CDC_DEBEZIUM ? debezium_meta : p->kind == CDC_CANAL ? canal_meta : maxwell_meta;
    const CdcMeta **meta = eddy__arena_alloc(fc->a, sizeof(CdcMeta *) * (size_t)(fc->nmeta + 1));
    if (!meta) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < fc->nmeta; i++) {
        meta[i] = NULL;
        for (const CdcMeta *m = table; m->key; m++)
            if (!strcmp(m->key, fc->meta_keys[i])) meta[i] = m;
        if (!meta[i])
            return eddy__err(err, EDDY_E_VALIDATION, "Unknown metadata key '%s' of format '%s'.", fc->meta_keys[i],
                             fp->vt->name);
        bool ts = meta[i]->conv == MC_MILLIS || meta[i]->conv == MC_SECONDS || meta[i]->conv == MC_SOURCE_MILLIS;
        int root = fc->meta_types[i]->root;
        if (ts && root != TY_TIMESTAMP_LTZ && root != TY_TIMESTAMP)
            return eddy__err(err, EDDY_E_UNSUPPORTED,
                             "not supported yet: metadata '%s' of format '%s' as %s (declare it TIMESTAMP_LTZ(3) or "
                             "TIMESTAMP(3))",
                             fc->meta_keys[i], fp->vt->name, eddy__type_str(fc->a, fc->meta_types[i]));
    }
    p->nmeta = fc->nmeta;
    p->meta = meta;
    p->meta_types = fc->meta_types;
    p->tz = fc->tz ? fc->tz : eddy__tz_utc();
    fp->data = p;
    fp->ignore_errors = p->ignore;
    return EDDY_OK;
}

/* ---- reading ----------------------------------------------------------------------------- */

/* One row a message makes. */
typedef struct CdcRow {
    const JsonValue *row;  /* the object converted (NULL: all NULL) */
    const JsonValue *fill; /* update before-images: the fields not in `old` come from here */
    uint8_t kind;
} CdcRow;

/* The parsed message whose rows are being emitted (FormatRun.state). */
typedef struct CdcState {
    const char *at; /* the bytes it was read from */
    size_t used;
    uint32_t lines;
    const JsonValue *root, *payload, *old;
    ED_VEC(CdcRow) rows;
    size_t next;
} CdcState;

static void state_free(void *s) {
    CdcState *st = s;
    ed_vec_free(&st->rows);
    eddy__free(st);
}

/* Jackson's findValue: whether `name` is a member of v or of any object
 * below it. */
static bool find_value(const JsonValue *v, const char *name, size_t n) {
    if (!v) return false;
    if (v->kind == JSON_OBJECT) {
        for (size_t i = 0; i < v->u.obj.n; i++)
            if (v->u.obj.members[i].key_len == n && !memcmp(v->u.obj.members[i].key, name, n)) return true;
        for (size_t i = 0; i < v->u.obj.n; i++)
            if (find_value(v->u.obj.members[i].value, name, n)) return true;
    } else if (v->kind == JSON_ARRAY) {
        for (size_t i = 0; i < v->u.arr.n; i++)
            if (find_value(v->u.arr.items[i], name, n)) return true;
    }
    return false;
}

static const JsonValue *member(const JsonValue *v, const char *key) {
    return v && v->kind == JSON_OBJECT ? eddy__json_get(v, key, strlen(key)) : NULL;
}

static bool is_null(const JsonValue *v) { return !v || v->kind == JSON_NULL; }

/* Makes run->reason Flink's "Corrupt <X> JSON message '<line>'." with the
 * cause in `cause` (or already in run->reason when cause is NULL). */
static DecodeStatus corrupt(const CdcPlan *p, FormatRun *run, Str line, const char *cause) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "Corrupt %s JSON message ", p->title);
    eddy__fmt_echo(&b, '\'', line.p, line.n, FMT_ECHO_RECORD);
    eddy__buf_puts(&b, ".\nCaused by: ");
    eddy__buf_puts(&b, cause ? cause : eddy__buf_cstr(&run->reason));
    eddy__buf_truncate(&run->reason, 0);
    eddy__buf_puts(&run->reason, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return DEC_BAD;
}

/* The op / type text of a message (a string, or another scalar's text), or
 * NULL when absent or null. */
static const char *op_text(FormatRun *run, const JsonValue *v) {
    if (is_null(v)) return NULL;
    Buf b;
    eddy__buf_init(&b);
    if (v->kind == JSON_STRING) eddy__buf_put(&b, v->u.str.p, v->u.str.n);
    else eddy__json_write(&b, v, 0);
    char *s = eddy__arena_strndup(&run->arena, b.data ? b.data : "", b.len);
    eddy__buf_free(&b);
    return s ? s : "";
}

static DecodeStatus unknown_op(const CdcPlan *p, FormatRun *run, Str line, const char *field, const char *op) {
    Buf c;
    eddy__buf_init(&c);
    eddy__buf_printf(&c, "Unknown \"%s\" value \"%s\". The %s JSON message is ", field, op, p->title);
    eddy__fmt_echo(&c, '\'', line.p, line.n, FMT_ECHO_RECORD);
    DecodeStatus st = corrupt(p, run, line, eddy__buf_cstr(&c));
    eddy__buf_free(&c);
    return st;
}

static bool push_row(CdcState *st, const JsonValue *row, const JsonValue *fill, uint8_t kind) {
    return ed_vec_push(&st->rows, ((CdcRow){row, fill, kind}));
}

/* Whether a canal filter lets the message's database / table through
 * (asText of the member: a missing one is Flink's NullPointerException). */
static int include(const regex_t *re, FormatRun *run, const JsonValue *root, const char *key) {
    if (!re) return 1;
    const JsonValue *v = member(root, key);
    if (!v) return -1;
    const char *text = v->kind == JSON_STRING ? op_text(run, v) : v->kind == JSON_NULL ? "null" : op_text(run, v);
    return regexec(re, text, 0, NULL, 0) == 0;
}

/* The rows of a parsed message into st->rows; DEC_ROW, DEC_NONE (no rows)
 * or DEC_BAD. */
static DecodeStatus message_rows(const CdcPlan *p, FormatRun *run, CdcState *st, Str line) {
    const JsonValue *root = st->root;
    char cause[256];
    if (root->kind != JSON_OBJECT) {
        snprintf(cause, sizeof cause, "the message is no JSON object");
        return corrupt(p, run, line, cause);
    }
    if (p->kind == CDC_DEBEZIUM) {
        const JsonValue *payload = p->schema_include ? member(root, "payload") : root;
        st->payload = payload;
        const char *op = op_text(run, member(payload, "op"));
        if (!op) {
            bool hint = !p->schema_include && member(root, "schema") && member(root, "payload");
            snprintf(cause, sizeof cause, "the \"op\" field is missing or null%s",
                     hint ? " (the message has \"schema\" and \"payload\": set 'debezium-json.schema-include' = "
                            "'true')"
                          : "");
            return corrupt(p, run, line, cause);
        }
        const JsonValue *before = member(payload, "before"), *after = member(payload, "after");
        const char *op_name = NULL;
        if (!strcmp(op, "c") || !strcmp(op, "r")) {
            if (is_null(after)) return corrupt(p, run, line, "the \"after\" field of an INSERT message is null");
            return push_row(st, after, NULL, RK_INSERT) ? DEC_ROW : DEC_NOMEM;
        }
        if (!strcmp(op, "u")) op_name = "UPDATE";
        else if (!strcmp(op, "d")) op_name = "DELETE";
        else if (p->ignore) return DEC_NONE; /* Flink drops it without a word */
        else return unknown_op(p, run, line, "op", op);
        if (is_null(before)) {
            snprintf(cause, sizeof cause,
                     "The \"before\" field of %s message is null, if you are using Debezium Postgres Connector, "
                     "please check the Postgres table has been set REPLICA IDENTITY to FULL level.",
                     op_name);
            return corrupt(p, run, line, cause);
        }
        if (op_name[0] == 'D') return push_row(st, before, NULL, RK_DELETE) ? DEC_ROW : DEC_NOMEM;
        if (is_null(after)) return corrupt(p, run, line, "the \"after\" field of an UPDATE message is null");
        return push_row(st, before, NULL, RK_UPDATE_BEFORE) && push_row(st, after, NULL, RK_UPDATE_AFTER) ? DEC_ROW
                                                                                                          : DEC_NOMEM;
    }
    st->payload = root;
    if (p->kind == CDC_CANAL) {
        int in = include(p->db_include, run, root, "database");
        if (in > 0) in = include(p->table_include, run, root, "table");
        if (in < 0) return corrupt(p, run, line, "the message has no \"database\" or \"table\" field to filter on");
        if (!in) return DEC_NONE;
    }
    const char *type = op_text(run, member(root, "type"));
    if (!type) return corrupt(p, run, line, "the \"type\" field is missing or null");
    bool canal = p->kind == CDC_CANAL;
    const char *ins = canal ? "INSERT" : "insert", *upd = canal ? "UPDATE" : "update", *del = canal ? "DELETE" : "delete";
    bool is_ins = !strcmp(type, ins), is_upd = !strcmp(type, upd), is_del = !strcmp(type, del);
    if (!is_ins && !is_upd && !is_del) {
        if (canal && !strcmp(type, "CREATE")) return DEC_NONE; /* a DDL event */
        if (p->ignore) return DEC_NONE;
        return unknown_op(p, run, line, "type", type);
    }
    const JsonValue *data = member(root, "data"), *old = member(root, "old");
    st->old = old;
    uint8_t kind = is_ins ? RK_INSERT : RK_DELETE;
    if (!canal) {
        if (is_null(data)) return corrupt(p, run, line, "the \"data\" field is missing or null");
        if (!is_upd) return push_row(st, data, NULL, kind) ? DEC_ROW : DEC_NOMEM;
        if (is_null(old)) return corrupt(p, run, line, "the \"old\" field of an update message is missing or null");
        return push_row(st, old, data, RK_UPDATE_BEFORE) && push_row(st, data, NULL, RK_UPDATE_AFTER) ? DEC_ROW
                                                                                                      : DEC_NOMEM;
    }
    if (is_null(data) || data->kind != JSON_ARRAY)
        return corrupt(p, run, line, "the \"data\" field is missing or not an array");
    if (is_upd && (is_null(old) || old->kind != JSON_ARRAY || old->u.arr.n < data->u.arr.n))
        return corrupt(p, run, line, "the \"old\" field of an UPDATE message has fewer elements than \"data\"");
    for (size_t i = 0; i < data->u.arr.n; i++) {
        bool ok = is_upd ? push_row(st, old->u.arr.items[i], data->u.arr.items[i], RK_UPDATE_BEFORE) &&
                               push_row(st, data->u.arr.items[i], NULL, RK_UPDATE_AFTER)
                         : push_row(st, data->u.arr.items[i], NULL, kind);
        if (!ok) return DEC_NOMEM;
    }
    return st->rows.len ? DEC_ROW : DEC_NONE;
}

/* Metadata column i of the message into out[row]. */
static bool read_meta(const CdcPlan *p, FormatRun *run, const CdcState *st, int i, Vector *out, uint32_t row) {
    const CdcMeta *m = p->meta[i];
    const JsonValue *base = m->payload ? st->payload : st->root;
    const JsonValue *v;
    switch (m->conv) {
    case MC_VALUE: return eddy__json_read_value(&p->json, run, p->meta_types[i], member(base, m->field), out, row);
    case MC_SOURCE_VALUE:
    case MC_SOURCE_TABLE: {
        const JsonValue *src = member(base, "source");
        v = member(src, m->field);
        if (m->conv == MC_SOURCE_TABLE && is_null(v)) v = member(src, "collection");
        return eddy__json_read_value(&p->json, run, p->meta_types[i], v, out, row);
    }
    case MC_MILLIS:
    case MC_SECONDS:
    case MC_SOURCE_MILLIS: {
        v = m->conv == MC_SOURCE_MILLIS ? member(member(base, "source"), m->field) : member(base, m->field);
        if (is_null(v)) {
            eddy__vec_set_null(out, row);
            return true;
        }
        Str s = {"", 0};
        if (v->kind == JSON_STRING || v->kind == JSON_INT) s = (Str){v->u.str.p, v->u.str.n};
        int64_t x;
        if (!eddy__java_parse_int(s.p, s.n, 64, &x, &run->reason)) return false;
        if (m->conv == MC_SECONDS) x *= 1000;
        if (p->meta_types[i]->root == TY_TIMESTAMP) x = eddy__tz_to_local(p->tz, x);
        VEC_DATA(out, Ts)[row] = (Ts){x, 0};
        vec_set_valid(out, row);
        return true;
    }
    }
    return false;
}

static DecodeStatus cdc_decode(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof, size_t *used,
                               uint32_t *lines, Vector *const *cols, uint32_t row) {
    const CdcPlan *cp = fp->data;
    CdcState *st = run->state;
    if (!st) {
        if (!(st = eddy__calloc(1, sizeof *st))) return DEC_NOMEM;
        run->state = st;
        run->state_free = state_free;
    }
    if (st->next >= st->rows.len || st->at != p) {
        /* a new message */
        st->rows.len = st->next = 0;
        st->at = NULL;
        Str line;
        JsonValue *v;
        DecodeStatus ds = eddy__json_read_line(run, p, n, eof, used, lines, &line, &v);
        if (ds == DEC_BAD) return corrupt(cp, run, line, NULL);
        /* a blank line is a tombstone; a JSON null converts to no row,
         * which Flink then fails on */
        if (ds == DEC_NONE && v) return corrupt(cp, run, line, "the message is null");
        if (ds != DEC_ROW) return ds;
        st->root = v;
        st->payload = st->old = NULL;
        ds = message_rows(cp, run, st, line);
        if (ds != DEC_ROW) return ds;
        st->at = p;
        st->used = *used;
        st->lines = *lines;
        if (run->skip) {
            /* a restore inside this message: its first rows went out */
            st->next = ED_MIN((size_t)run->skip, st->rows.len);
            run->skip = 0;
            if (st->next == st->rows.len) {
                st->rows.len = st->next = 0;
                run->emitted = 0;
                return DEC_NONE;
            }
        }
        /* the rows convert before any is emitted, as Flink converts the
         * whole message first: a bad field fails the message */
        for (size_t i = 0; i < st->rows.len; i++) {
            const JsonValue *r = st->rows.items[i].row;
            if (r->kind != JSON_OBJECT) {
                Buf c;
                eddy__buf_init(&c);
                eddy__json_failed_line(&c, line);
                eddy__buf_printf(&c, "Expected an object but was %s", r->kind == JSON_ARRAY ? "an array" : "a scalar");
                ds = corrupt(cp, run, line, eddy__buf_cstr(&c));
                eddy__buf_free(&c);
                st->rows.len = 0;
                return ds;
            }
        }
    }
    run->nulled = false;
    eddy__buf_truncate(&run->reason, 0);
    const CdcRow *r = &st->rows.items[st->next++];
    bool ok = eddy__json_read_row(&cp->json, run, r->row, cols, row);
    /* a before-image takes the fields "old" does not name from "data" */
    for (int f = 0; ok && r->fill && f < fp->ncols; f++) {
        const char *name = fp->names[f];
        if (vec_is_null(cols[f], row) && !find_value(st->old, name, strlen(name)))
            ok = eddy__json_read_value(&cp->json, run, fp->types[f], member(r->fill, name), cols[f], row);
    }
    for (int i = 0; ok && i < cp->nmeta; i++) ok = read_meta(cp, run, st, i, cols[fp->ncols + i], row);
    if (!ok) {
        Buf c;
        eddy__buf_init(&c);
        Str line = {st->at, st->used};
        while (line.n && (line.p[line.n - 1] == '\n' || line.p[line.n - 1] == '\r')) line.n--;
        eddy__json_failed_line(&c, line);
        eddy__buf_puts(&c, eddy__buf_cstr(&run->reason));
        DecodeStatus ds = corrupt(cp, run, line, eddy__buf_cstr(&c));
        eddy__buf_free(&c);
        st->rows.len = st->next = 0;
        *used = st->used;
        *lines = st->lines;
        run->more = false;
        run->emitted = 0;
        return ds;
    }
    for (int c = 0; c < fp->ncols + cp->nmeta; c++)
        if (cols[c]->failed) return DEC_NOMEM;
    run->kind = r->kind;
    run->more = st->next < st->rows.len;
    run->emitted = run->more ? (uint32_t)st->next : 0;
    *used = run->more ? 0 : st->used;
    *lines = run->more ? 0 : st->lines;
    return DEC_ROW;
}

/* ---- writing ----------------------------------------------------------------------------- */

static eddy_status cdc_encode(const FormatPlan *fp, FormatRun *run, Vector *const *cols, uint32_t row, Buf *out,
                              EdErr *err) {
    const CdcPlan *cp = fp->data;
    /* +I and +U are written as inserts, -U and -D as deletes */
    bool ins = run->kind == RK_INSERT || run->kind == RK_UPDATE_AFTER;
    eddy_status rc = EDDY_OK;
    switch (cp->kind) {
    case CDC_DEBEZIUM:
        eddy__buf_putc(out, '{');
        if (!ins) {
            eddy__buf_puts(out, "\"before\":");
            rc = eddy__json_write_row(&cp->json, cols, row, out, err);
            eddy__buf_puts(out, cp->skip_nulls ? ",\"op\":\"d\"}" : ",\"after\":null,\"op\":\"d\"}");
        } else {
            eddy__buf_puts(out, cp->skip_nulls ? "\"after\":" : "\"before\":null,\"after\":");
            rc = eddy__json_write_row(&cp->json, cols, row, out, err);
            eddy__buf_puts(out, ",\"op\":\"c\"}");
        }
        break;
    case CDC_CANAL:
        eddy__buf_puts(out, "{\"data\":[");
        rc = eddy__json_write_row(&cp->json, cols, row, out, err);
        eddy__buf_puts(out, ins ? "],\"type\":\"INSERT\"}" : "],\"type\":\"DELETE\"}");
        break;
    case CDC_MAXWELL:
        eddy__buf_puts(out, "{\"data\":");
        rc = eddy__json_write_row(&cp->json, cols, row, out, err);
        eddy__buf_puts(out, ins ? ",\"type\":\"insert\"}" : ",\"type\":\"delete\"}");
        break;
    }
    if (rc) return rc;
    eddy__buf_putc(out, '\n');
    return out->failed ? eddy__err(err, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

#define CDC_FORMAT(id, prefix)                                                                                     \
    {                                                                                                              \
        .name = id, .options = prefix##_options, .plan = cdc_plan, .decode = cdc_decode, .encode = cdc_encode,       \
        .changelog = CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER | CL_DELETE, .metadata = prefix##_meta_keys,     \
        .metadata_types = prefix##_meta_types,                                                                     \
    }

const FormatVt eddy__format_debezium_json = CDC_FORMAT("debezium-json", debezium);
const FormatVt eddy__format_canal_json = CDC_FORMAT("canal-json", canal);
const FormatVt eddy__format_maxwell_json = CDC_FORMAT("maxwell-json", maxwell);

static CdcKind kind_of(const FormatVt *vt) {
    return vt == &eddy__format_debezium_json ? CDC_DEBEZIUM : vt == &eddy__format_canal_json ? CDC_CANAL : CDC_MAXWELL;
}
