/*
 * formats.h -- the record formats of the connectors ('format' = 'csv' |
 * 'json' | 'raw' | 'debezium-json' | 'canal-json' | 'maxwell-json' | 'avro'): how a row of a table becomes bytes in a file and
 * back, with Flink's option names ('csv.field-delimiter', ...), Flink's
 * texts for every type and Flink's messages for bad options and bad input.
 *
 * A format is a FormatVt: its option keys (without the "<name>." prefix), a
 * plan step that checks the options and column types once per table use
 * (errors in Flink's words) and builds immutable plan data, a decoder and an
 * encoder. The connector owns the files; a format only sees bytes:
 *
 *  - decode reads the next record from a window of a file's bytes and writes
 *    it into one row of the output vectors. A record may span lines (a
 *    quoted CSV value with a line break); when the window ends inside a
 *    record the decoder says DEC_MORE and the connector calls again with a
 *    larger window starting at the same byte. Decoders have no state
 *    between records other than the FormatRun scratch.
 *  - encode appends one row, with its line end, to a buffer.
 *
 * Malformed input: with the format's ignore-parse-errors option off, the
 * decoder returns DEC_BAD with Flink's reason and the connector fails the
 * job naming the file and line. With it on, a field that does not parse is
 * set NULL (the row comes back as DEC_ROW with run->nulled set) and a record
 * that cannot be read at all is DEC_BAD and skipped; the connector counts
 * both kinds (eddy__op_report_malformed).
 *
 * Also here: the Java-compatible text parsers the formats share (Java's
 * Integer.parseInt, Double.parseDouble, new BigDecimal(s), java.time's ISO
 * formats, java.sql.Date.valueOf) with the messages Java throws, Base64,
 * and the partition-path escaping of Flink's PartitionPathUtils.
 */
#ifndef EDDY_FORMATS_H
#define EDDY_FORMATS_H

#include "connectors/connector.h"

typedef struct FormatPlan FormatPlan;

/* What a format is planned for: the columns a file holds (the table's
 * physical columns without the partition keys) and the table's options. */
typedef struct FormatCtx {
    Arena *a; /* plan lifetime */
    const TableDef *def;
    int ncols;
    const char *const *names;
    const Type *const *types;
    bool sink; /* planned for writing (else for reading) */
    /* reading: the format's metadata columns wanted (keys of
     * FormatVt.metadata), decoded into cols[ncols + i] */
    int nmeta;
    const char *const *meta_keys;
    const Type *const *meta_types; /* the types the table declares for them */
    const TimeZone *tz; /* the session's (TIMESTAMP_LTZ metadata read as TIMESTAMP) */
} FormatCtx;

/* Scratch memory of one reader or writer (one subtask). */
typedef struct FormatRun {
    Buf buf;     /* decoded bytes of the value at hand */
    Buf reason;  /* why the record is malformed (DEC_BAD, or DEC_ROW + nulled) */
    Arena arena; /* per-record temporaries; the format resets it */
    bool nulled; /* the row decoded has fields set NULL for parse errors */
    /* the next record is the first of a file (the connector sets it when it
     * opens one; csv skips a byte order mark there and clears it) */
    bool file_start;
    /* a format's own state for this reader / writer (raw: iconv handles),
     * freed with state_free */
    void *state;
    void (*state_free)(void *state);
    /* changelog formats: the kind (RK_*) of the row decoded (set by the
     * decoder) or to be encoded (set by the connector), and whether
     * the record holds more rows -- then *used and *lines are 0 and the
     * connector calls again with the same bytes for the next row */
    uint8_t kind;
    bool more;
    /* multi-row records (changelog formats): `emitted` -- set by the
     * decoder -- counts the rows of the record at hand returned so far (0
     * once it is done), so a checkpoint taken inside it can say where it
     * is; `skip` -- set by a connector restoring such a position, before
     * the record is read again -- makes the decoder drop that many of the
     * next record's rows (the whole record when it has no more) */
    uint32_t emitted, skip;
} FormatRun;

void eddy__format_run_init(FormatRun *run);
void eddy__format_run_free(FormatRun *run);

typedef enum DecodeStatus {
    DEC_ROW,  /* a row was written (run->nulled: with fields set NULL) */
    DEC_NONE, /* bytes consumed without a row (a comment line) */
    DEC_BAD,  /* a record that cannot be read was consumed; run->reason */
    DEC_MORE, /* the record goes on past the window: call again with more */
    DEC_NOMEM /* out of memory */
} DecodeStatus;

typedef struct FormatVt {
    const char *name;
    /* option keys, without the "<name>." prefix, NULL-terminated */
    const char *const *options;
    /* Checks the options and column types; fills fp->data (allocated in
     * fc->a) and fp->ignore_errors. Flink's messages. */
    eddy_status (*plan)(const FormatCtx *fc, FormatPlan *fp, EdErr *err);
    /* Decodes the record starting at p[0] (p[0..n) are the bytes known so
     * far; eof: nothing follows them) into row `row` of cols (one vector
     * per file column, every one of them set: a value or NULL). Sets *used
     * to the bytes the record took with its line end and *lines to the line
     * ends in them. Never returns DEC_MORE when eof is set. */
    DecodeStatus (*decode)(const FormatPlan *fp, FormatRun *run, const char *p, size_t n, bool eof, size_t *used,
                           uint32_t *lines, Vector *const *cols, uint32_t row);
    /* Appends row `row` of cols (one vector per file column) as a record
     * with its line end to out. Errors (values the format cannot write) go
     * to err. */
    eddy_status (*encode)(const FormatPlan *fp, FormatRun *run, Vector *const *cols, uint32_t row, Buf *out,
                          EdErr *err);
    /* Container formats (avro files), else NULL: wraps the `rows` records
     * encode wrote into `data` since the last call as one block of a file
     * into out, preceded by the file's header when `first` (the file's
     * first bytes). The filesystem sink calls it before each write(2). */
    eddy_status (*frame)(const FormatPlan *fp, bool first, uint32_t rows, const Buf *data, Buf *out, EdErr *err);
    /* records are bytes without a line end (a Kafka sink keeps every byte) */
    bool binary;
    /* the kinds (CL_*) of the rows it reads and writes; 0: insert-only */
    unsigned changelog;
    /* readable metadata keys and their types, NULL-terminated, or NULL */
    const char *const *metadata;
    const char *const *metadata_types;
} FormatVt;

/* A format planned for a table (immutable; shared by the subtasks). */
struct FormatPlan {
    const FormatVt *vt;
    const void *data;
    int ncols;
    const char *const *names;
    const Type *const *types;
    bool ignore_errors; /* ignore-parse-errors */
    int nmeta;          /* metadata columns decoded after the file columns */
};

/* The metadata type string of format fmt's readable key, or NULL. */
const char *eddy__format_metadata_type(const FormatVt *fmt, const char *key);
/* The format named `name`, or NULL. */
const FormatVt *eddy__format_lookup(const char *name);
/* Plans format `name` for fc's columns. Unknown names fail with Flink's
 * "Could not find any format factory for identifier '...' in the
 * classpath." */
eddy_status eddy__format_plan(const FormatCtx *fc, const char *name, FormatPlan *out, EdErr *err);
/* The value of the format option "<fmt>.<key>", or NULL. */
const char *eddy__format_option(const FormatCtx *fc, const char *key);
/* The line at p for the line-delimited formats (json, raw: Flink's
 * filesystem connector reads them line by line): false when p[0..n) holds
 * no '\n' and more bytes follow (the decoder says DEC_MORE); else the
 * line's length without its "\n" or "\r\n" in *len, the bytes it takes
 * in *used and its line ends in *lines. Clears run's reason and nulled. */
bool eddy__format_line(FormatRun *run, const char *p, size_t n, bool eof, size_t *len, size_t *used,
                       uint32_t *lines);
/* Option helpers for "<fmt>.<key>" with Flink's messages on bad values. */
eddy_status eddy__format_bool(const FormatCtx *fc, const char *key, bool def, bool *out, EdErr *err);

extern const FormatVt eddy__format_csv, eddy__format_json, eddy__format_raw;
extern const FormatVt eddy__format_debezium_json, eddy__format_canal_json, eddy__format_maxwell_json;
extern const FormatVt eddy__format_avro, eddy__format_avro_confluent, eddy__format_debezium_avro_confluent;

/* ---- the json format's parts the changelog formats build on (json.c) ---- */
typedef struct JsonValue JsonValue;
/* json's plan of fc's columns, with the options of fc's format prefix
 * (timestamp-format.standard, map-null-key.*, encode.*, ignore-parse-errors). */
eddy_status eddy__json_plan(const FormatCtx *fc, FormatPlan *fp, EdErr *err);
/* The line at p parsed (as json_decode reads it): DEC_ROW with *v, DEC_NONE
 * for a blank line or a JSON null, DEC_BAD (run->reason: "Failed to
 * deserialize JSON '...': why"), DEC_MORE, DEC_NOMEM. *line: the line's
 * text. Resets run->arena, where *v lives. */
DecodeStatus eddy__json_read_line(FormatRun *run, const char *p, size_t n, bool eof, size_t *used, uint32_t *lines,
                                  Str *line, JsonValue **v);
/* Object v into row `row` of cols (fp's columns, json's conversions);
 * false with run->reason when it does not convert. */
bool eddy__json_read_row(const FormatPlan *fp, FormatRun *run, const JsonValue *v, Vector *const *cols, uint32_t row);
/* v (NULL: absent) as type t into slot row of out, json's conversions. */
bool eddy__json_read_value(const FormatPlan *fp, FormatRun *run, const Type *t, const JsonValue *v, Vector *out,
                           uint32_t row);
/* Appends "Failed to deserialize JSON '<line>': ". */
void eddy__json_failed_line(Buf *b, Str line);
/* Row `row` of cols as a JSON object (no line end), json's encoding. */
eddy_status eddy__json_write_row(const FormatPlan *fp, Vector *const *cols, uint32_t row, Buf *out, EdErr *err);
eddy_status eddy__json_write_value(const FormatPlan *fp, const Type *t, const Vector *v, uint32_t row, Buf *out,
                                   EdErr *err);

/* ---- input in messages, and UTF-8 (text.c) -------------------------------
 * A message quotes the input it fails on, cut as Jackson cuts it
 * (ErrorReportConfiguration): a record after 500 characters, a value after
 * 256, then "[truncated N chars]" -- so a malformed 200 MB line costs its
 * error 500 characters. java.time's messages keep Java's own rule (64
 * characters and "..."). Characters are Java's (UTF-16 units); bytes that are
 * not UTF-8 show as U+FFFD, as in a Java String. */
#define FMT_ECHO_RECORD 500
#define FMT_ECHO_VALUE 256
/* Java's String.length() of UTF-8 text (a character past U+FFFF counts 2). */
size_t eddy__java_length(const char *s, size_t n);
/* Appends s[0..n) between two `quote`s, cut after max characters and then
 * followed by "[truncated N chars]". */
void eddy__fmt_echo(Buf *b, char quote, const char *s, size_t n, size_t max);
/* Appends s[0..n) as java.time's messages quote it: its first 64
 * characters and "..." when it is longer. */
void eddy__fmt_java_abbr(Buf *b, const char *s, size_t n);
/* Whether s[0..n) is well-formed UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF). If not, *at is the offset of the
 * offending byte and why gets Jackson's reason: "Invalid UTF-8 start byte
 * 0xff", "Invalid UTF-8 middle byte 0x41" (for a continuation byte that is
 * missing or wrong), "Unexpected end-of-input in the middle of a UTF-8
 * character". */
bool eddy__utf8_check(const char *s, size_t n, size_t *at, Buf *why);
/* Appends s[0..n) to out with each malformed part (a maximal subpart, as
 * Java's UTF-8 decoder sees it) replaced by U+FFFD: what new String(bytes,
 * UTF_8) holds. */
void eddy__utf8_replace_malformed(Buf *out, const char *s, size_t n);
/* The number of code points in s[0..n) (a byte that is not UTF-8 counts
 * one): 1 + this is the column of the byte at n. */
size_t eddy__utf8_columns(const char *s, size_t n);
/* A UTF-8 byte order mark (EF BB BF) at s[0..n). */
static inline bool eddy__utf8_bom(const char *s, size_t n) {
    return n >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF;
}

/* ---- Java-compatible text parsing (text.c) --------------------------------
 * Each parser reads all of s[0..n) (no trimming unless it says so), sets
 * its out-parameter and returns true, or returns false and appends the
 * message Java throws for that input to `why`. */

/* The bounds of s without the leading and trailing characters <= ' ', as
 * Java's String.trim(). */
void eddy__java_trim(const char **s, size_t *n);
/* Byte/Short/Integer/Long.parseXxx (bits 8, 16, 32, 64). */
bool eddy__java_parse_int(const char *s, size_t n, int bits, int64_t *out, Buf *why);
/* Double.parseDouble / Float.parseFloat (they trim): decimal and hex
 * forms, NaN, Infinity, an optional f/F/d/D suffix. */
bool eddy__java_parse_double(const char *s, size_t n, double *out, Buf *why);
bool eddy__java_parse_float(const char *s, size_t n, float *out, Buf *why);
/* Boolean.parseBoolean(s.trim()): true only for "true" in any case. */
bool eddy__java_parse_bool(const char *s, size_t n);
/* new BigDecimal(s) rounded HALF_UP to DECIMAL(precision, scale) as
 * DecimalData.fromBigDecimal does; a value that needs more digits sets
 * *overflow (Flink's converters give NULL then). */
bool eddy__java_parse_decimal(const char *s, size_t n, int precision, int scale, ed_i128 *out, bool *overflow,
                              Buf *why);
/* java.time ISO_LOCAL_DATE (LocalDate.parse): "2021-08-21", STRICT. */
bool eddy__iso_parse_date(const char *s, size_t n, int32_t *days, Buf *why);
/* java.sql.Date.valueOf: "yyyy-[m]m-[d]d". */
bool eddy__sql_date_valueof(const char *s, size_t n, int32_t *days, Buf *why);
/* A time: ISO_LOCAL_TIME as LocalTime.parse reads it ("HH:mm[:ss[.f]]",
 * sql = false) or Flink's SQL_TIME_FORMAT ("HH:mm:ss[.f]", sql = true). */
bool eddy__parse_time_text(const char *s, size_t n, bool sql, int64_t *nano_of_day, Buf *why);

/* The timestamp texts of Flink's formats (flink-format-common TimeFormats):
 * date, separator, time, and a 'Z' for the TIMESTAMP_LTZ forms. */
typedef enum TsText {
    TS_SQL,   /* SQL_TIMESTAMP_FORMAT: "2021-08-21 13:00:05[.f]" (SMART: a day past
               * the month's end is clamped, 24:00:00 is the next day) */
    TS_SQL_Z, /* SQL_TIMESTAMP_WITH_LOCAL_TIMEZONE_FORMAT: the same + 'Z' */
    TS_ISO,   /* ISO_LOCAL_DATE_TIME (LocalDateTime.parse): "2021-08-21T13:00[:05[.f]]",
               * STRICT, 't' allowed */
    TS_ISO_Z  /* ISO8601_TIMESTAMP_WITH_LOCAL_TIMEZONE_FORMAT: "...T13:00[:05]Z", SMART */
} TsText;

/* Parses a timestamp text into local epoch ms + nanos within the ms. */
bool eddy__parse_ts_text(const char *s, size_t n, TsText form, int64_t *ms, int32_t *ns, Buf *why);
/* Writes it: the time always with seconds and the fraction without
 * trailing zeros, as these formatters print ("2021-08-21 13:00:05.12Z"). */
void eddy__fmt_ts_text(Buf *b, int64_t ms, int32_t ns, TsText form);
/* ISO_LOCAL_DATE: "2021-08-21" ("+10000-01-01", "-0001-01-01" beyond 4 digits). */
void eddy__fmt_date_text(Buf *b, int64_t days);
/* "HH:mm:ss" and the fraction without trailing zeros (ISO_LOCAL_TIME and
 * SQL_TIME_FORMAT print alike). */
void eddy__fmt_time_text(Buf *b, int64_t nano_of_day);

/* Appends v in decimal (a fast path for the encoders: no printf). */
void eddy__fmt_int64(Buf *b, int64_t v);

/* BigDecimal.stripTrailingZeros of a DECIMAL value, written as toString
 * (plain = false) or toPlainString (plain = true); zero is "0". What Jackson
 * writes for a DECIMAL node. */
void eddy__fmt_decimal_stripped(Buf *b, ed_i128 unscaled, int scale, bool plain);

/* Base64 as Jackson reads binary values (the encoder, eddy__base64_encode,
 * is util's): missing padding is accepted. */
bool eddy__base64_decode(const char *s, size_t n, Buf *out);

/* Java's StringEscapeUtils.unescapeJava (\t, \n, \uXXXX, octal, ...) of s
 * into out (how Flink reads 'csv.field-delimiter'). */
void eddy__unescape_java(Buf *out, const char *s);

/* ---- partition paths (Flink's PartitionPathUtils) ------------------------- */

/* Appends name with the characters Flink escapes in partition paths written
 * as %XX (control characters, '"', '#', '%', '\'', '*', '/', ':', '=', '?',
 * '\\', DEL, '{', '[', ']', '^'). */
void eddy__partition_escape(Buf *b, const char *s, size_t n);
/* Appends s with every %XX (two hex digits) decoded. */
void eddy__partition_unescape(Buf *b, const char *s, size_t n);

#endif
