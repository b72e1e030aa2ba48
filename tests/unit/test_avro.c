/*
 * test_avro.c -- the avro format below the connectors: the schema derived
 * from a table (exact JSON), the binary encoding against the Avro spec's
 * bytes (zig-zag varints, union branches, length-prefixed strings,
 * big-endian two's complement decimals), Flink's planning errors, malformed
 * messages, and object container files both ways with libavro: a file
 * libavro writes (other field order, an extra field) read by eddy, files
 * eddy writes (each codec) read by libavro.
 */
#include <avro.h>
#include <unistd.h>

#include "formats/formats.h"
#include "test.h"
#include "types/format.h"

static Arena arena;
static char why[4096];

#include "fmt_harness.h"

static void new_cols(Fmt *f, Vector **cols, uint32_t n) {
    for (int c = 0; c < f->ncols; c++) cols[c] = eddy__vec_new(f->types[c], n);
}
static void free_cols(Fmt *f, Vector **cols) {
    for (int c = 0; c < f->ncols; c++) eddy__vec_release(cols[c]);
}

/* Decodes all records of bytes (one message, or a whole file), rendering
 * rows as Row.toString and bad records as "BAD: reason". */
static const char *decode_all(Fmt *f, const void *bytes, size_t len) {
    static char res[8192];
    Buf out;
    eddy__buf_init(&out);
    size_t pos = 0;
    f->run.file_start = true;
    for (int guard = 0; guard < 1000; guard++) {
        Vector *cols[16];
        new_cols(f, cols, 1);
        size_t used = 0;
        uint32_t lines = 0;
        DecodeStatus st = f->fp.vt->decode(&f->fp, &f->run, (const char *)bytes + pos, len - pos, true, &used, &lines, cols, 0);
        if (st == DEC_ROW) {
            eddy__fmt_row_java(&out, RK_INSERT, cols, f->ncols, 0);
            eddy__buf_putc(&out, '\n');
        } else if (st == DEC_BAD) {
            eddy__buf_printf(&out, "BAD: %s\n", eddy__buf_cstr(&f->run.reason));
        }
        free_cols(f, cols);
        pos += used;
        if (pos >= len || st == DEC_MORE || (st == DEC_BAD && !used)) break;
    }
    snprintf(res, sizeof res, "%s", eddy__buf_cstr(&out));
    eddy__buf_free(&out);
    return res;
}

static const char *hex(const Buf *b) {
    static char h[4096];
    size_t k = 0;
    for (size_t i = 0; i < b->len && k + 4 < sizeof h; i++) k += (size_t)sprintf(h + k, "%s%02x", i ? " " : "", (uint8_t)b->data[i]);
    h[k] = 0;
    return h;
}

/* The schema text in the header of a file the plan writes. */
static void schema_of(Fmt *f, char *text, size_t cap) {
    Buf h;
    eddy__buf_init(&h);
    EdErr err = {0};
    f->fp.vt->frame(&f->fp, true, 0, &h, &h, &err);
    const char *at = strstr(eddy__buf_cstr(&h), "{\"type\":\"record\"");
    snprintf(text, cap, "%s", at ? at : "no schema");
    eddy__buf_free(&h);
}

static const char *msg_cols[] = {"id",  "INT NOT NULL", "name", "STRING", "amount", "DECIMAL(5, 2)",
                                 "big", "BIGINT",       "ok",   "BOOLEAN NOT NULL", NULL};

TEST(binary_encoding_is_the_specs) {
    Fmt f;
    const char *opts[] = {"format", "avro", "connector", "kafka", NULL};
    ASSERT_STR_EQ(plan(&f, true, msg_cols, opts), "OK");
    Vector *cols[16];
    new_cols(&f, cols, 2);
    /* row 0: -3, 'ab', 1.23, 300, true; row 1: 64, NULL, -1.28, NULL, false */
    VEC_DATA(cols[0], int32_t)[0] = -3;
    eddy__vec_set_str(cols[1], 0, "ab", 2);
    VEC_DATA(cols[2], ed_i128)[0] = 123;
    VEC_DATA(cols[3], int64_t)[0] = 300;
    VEC_DATA(cols[4], uint8_t)[0] = 1;
    VEC_DATA(cols[0], int32_t)[1] = 64;
    eddy__vec_set_null(cols[1], 1);
    VEC_DATA(cols[2], ed_i128)[1] = -128;
    eddy__vec_set_null(cols[3], 1);
    VEC_DATA(cols[4], uint8_t)[1] = 0;
    Buf out;
    eddy__buf_init(&out);
    EdErr err = {0};
    ASSERT_EQ_INT(f.fp.vt->encode(&f.fp, &f.run, cols, 0, &out, &err), EDDY_OK);
    /* int -3: zig-zag 5; union branch 1 (varint 2) then "ab" with length 2
     * (varint 4); decimal 123 = bytes [0x7b]; long 300: zig-zag 600 = d8 04;
     * boolean true: 01 */
    ASSERT_STR_EQ(hex(&out), "05 02 04 61 62 02 02 7b 02 d8 04 01");
    eddy__buf_truncate(&out, 0);
    ASSERT_EQ_INT(f.fp.vt->encode(&f.fp, &f.run, cols, 1, &out, &err), EDDY_OK);
    /* 64: zig-zag 128 = 80 01; NULL: branch 0; -128 = [0x80] (one byte, its
     * sign bit set); NULL; false */
    ASSERT_STR_EQ(hex(&out), "80 01 00 02 02 80 00 00");
    ASSERT_STR_EQ(decode_all(&f, out.data, out.len), "+I[64, null, -1.28, null, false]\n");
    eddy__buf_truncate(&out, 0);
    ASSERT_EQ_INT(f.fp.vt->encode(&f.fp, &f.run, cols, 0, &out, &err), EDDY_OK);
    ASSERT_STR_EQ(decode_all(&f, out.data, out.len), "+I[-3, ab, 1.23, 300, true]\n");
    /* a 0x0a last byte stays (the Kafka sink chops no line end of avro) */
    ASSERT_TRUE(f.fp.vt->binary);
    /* malformed: cut short, a bad union branch */
    ASSERT_STR_EQ(decode_all(&f, out.data, 4), "BAD: Failed to deserialize Avro record: the datum ends early.\n");
    ASSERT_STR_EQ(decode_all(&f, "\x05\x06", 2),
                  "BAD: Failed to deserialize Avro record: a union branch out of range.\n");
    ASSERT_STR_EQ(decode_all(&f, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 11),
                  "BAD: Failed to deserialize Avro record: a varint longer than 10 bytes.\n");
    eddy__buf_free(&out);
    free_cols(&f, cols);
    eddy__format_run_free(&f.run);
}

TEST(derived_schema) {
    Fmt f;
    const char *cols[] = {"a", "TINYINT NOT NULL", "b", "ROW<x DATE, y ARRAY<ROW<z TIME(3)>>>", "c",
                          "MAP<STRING, TIMESTAMP(3)>", "d", "MULTISET<VARCHAR(3)> NOT NULL", "e", "BYTES", NULL};
    const char *opts[] = {"format", "avro", "connector", "kafka", NULL};
    ASSERT_STR_EQ(plan(&f, true, cols, opts), "OK");
    char text[2048];
    schema_of(&f, text, sizeof text);
    ASSERT_STR_EQ(text,
                  "{\"type\":\"record\",\"name\":\"record\",\"namespace\":\"org.apache.flink.avro.generated\",\"fields\":["
                  "{\"name\":\"a\",\"type\":\"int\"},"
                  "{\"name\":\"b\",\"type\":[\"null\",{\"type\":\"record\",\"name\":\"record_b\",\"fields\":["
                  "{\"name\":\"x\",\"type\":[\"null\",{\"type\":\"int\",\"logicalType\":\"date\"}],\"default\":null},"
                  "{\"name\":\"y\",\"type\":[\"null\",{\"type\":\"array\",\"items\":[\"null\",{\"type\":\"record\","
                  "\"name\":\"record_b_y\",\"fields\":[{\"name\":\"z\",\"type\":[\"null\",{\"type\":\"int\","
                  "\"logicalType\":\"time-millis\"}],\"default\":null}]}]}],\"default\":null}]}],\"default\":null},"
                  "{\"name\":\"c\",\"type\":[\"null\",{\"type\":\"map\",\"values\":[\"null\",{\"type\":\"long\","
                  "\"logicalType\":\"timestamp-millis\"}]}],\"default\":null},"
                  "{\"name\":\"d\",\"type\":{\"type\":\"map\",\"values\":\"int\"}},"
                  "{\"name\":\"e\",\"type\":[\"null\",\"bytes\"],\"default\":null}]}");
    eddy__format_run_free(&f.run);
    const char *ltz[] = {"t", "TIMESTAMP(6)", "l", "TIMESTAMP_LTZ(3)", NULL};
    const char *nonlegacy[] = {"format", "avro", "avro.timestamp_mapping.legacy", "false", NULL};
    ASSERT_STR_EQ(plan(&f, true, ltz, nonlegacy), "OK");
    schema_of(&f, text, sizeof text);
    ASSERT_STR_CONTAINS(text, "{\"type\":\"long\",\"logicalType\":\"local-timestamp-micros\"}");
    ASSERT_STR_CONTAINS(text, "{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}");
    eddy__format_run_free(&f.run);
}

TEST(planning_errors) {
    Fmt f;
    const char *opts[] = {"format", "avro", NULL};
    const char *c1[] = {"l", "TIMESTAMP_LTZ(3)", NULL};
    ASSERT_STR_EQ(plan(&f, true, c1, opts), "Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)");
    eddy__format_run_free(&f.run);
    const char *c2[] = {"t", "TIMESTAMP(6)", NULL};
    ASSERT_STR_EQ(plan(&f, false, c2, opts),
                  "Avro does not support TIMESTAMP type with precision: 6, it only supports precision less than 3.");
    eddy__format_run_free(&f.run);
    const char *c3[] = {"t", "TIME(6)", NULL};
    ASSERT_STR_EQ(plan(&f, true, c3, opts),
                  "Avro does not support TIME type with precision: 6, it only supports precision less than 3.");
    eddy__format_run_free(&f.run);
    const char *c4[] = {"m", "MAP<INT, STRING>", NULL};
    ASSERT_STR_EQ(plan(&f, true, c4, opts),
                  "Avro format doesn't support non-string as key type of map. The key type is: INT");
    eddy__format_run_free(&f.run);
    const char *c5[] = {"my-col", "INT", NULL};
    ASSERT_STR_EQ(plan(&f, true, c5, opts), "Illegal character in: my-col");
    eddy__format_run_free(&f.run);
    const char *c6[] = {"i", "INTERVAL DAY", NULL};
    ASSERT_STR_CONTAINS(plan(&f, true, c6, opts), "Unsupported to derive Schema for type: INTERVAL");
    eddy__format_run_free(&f.run);
    const char *ok[] = {"i", "INT", NULL};
    const char *codec[] = {"format", "avro", "avro.codec", "lz4", NULL};
    ASSERT_STR_EQ(plan(&f, true, ok, codec), "Unrecognized codec: lz4");
    eddy__format_run_free(&f.run);
    const char *xz[] = {"format", "avro", "avro.codec", "xz", NULL};
    ASSERT_STR_EQ(plan(&f, true, ok, xz), "not supported yet: 'avro.codec' = 'xz' (eddy writes null, deflate and snappy)");
    eddy__format_run_free(&f.run);
    const char *json[] = {"format", "avro", "avro.encoding", "json", NULL};
    ASSERT_STR_CONTAINS(plan(&f, true, ok, json), "not supported yet: 'avro.encoding' = 'json'");
    eddy__format_run_free(&f.run);
    const char *enc[] = {"format", "avro", "avro.encoding", "xml", NULL};
    ASSERT_STR_EQ(plan(&f, true, ok, enc),
                  "Could not parse value 'xml' for key 'avro.encoding'. Possible values are [BINARY, JSON].");
    eddy__format_run_free(&f.run);
    const char *reg[] = {"format", "avro-confluent", NULL};
    ASSERT_STR_CONTAINS(plan(&f, true, ok, reg), "not supported yet: the format 'avro-confluent' (it needs a Confluent schema registry");
    eddy__format_run_free(&f.run);
    const char *dreg[] = {"format", "debezium-avro-confluent", NULL};
    ASSERT_STR_CONTAINS(plan(&f, false, ok, dreg), "not supported yet: the format 'debezium-avro-confluent'");
    eddy__format_run_free(&f.run);
}

static Buf slurp(const char *path) {
    Buf b;
    eddy__buf_init(&b);
    FILE *fp = fopen(path, "rb");
    char chunk[4096];
    size_t n;
    while (fp && (n = fread(chunk, 1, sizeof chunk, fp)) > 0) eddy__buf_put(&b, chunk, n);
    if (fp) fclose(fp);
    return b;
}

/* A file libavro writes: the fields in another order, one the table does
 * not have (skipped), a column the file does not have (NULL). */
TEST(reads_a_file_libavro_wrote) {
    const char *js = "{\"type\":\"record\",\"name\":\"other\",\"fields\":["
                     "{\"name\":\"extra\",\"type\":{\"type\":\"array\",\"items\":\"string\"}},"
                     "{\"name\":\"score\",\"type\":\"float\"},"
                     "{\"name\":\"name\",\"type\":[\"null\",\"string\"]},"
                     "{\"name\":\"id\",\"type\":\"int\"}]}";
    avro_schema_t schema;
    ASSERT_EQ_INT(avro_schema_from_json_length(js, strlen(js), &schema), 0);
    char path[] = "/tmp/eddy-avro-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    unlink(path);
    for (int codec = 0; codec < 3; codec++) {
        const char *cname = codec == 0 ? "null" : codec == 1 ? "deflate" : "snappy";
        avro_file_writer_t w;
        ASSERT_EQ_INT(avro_file_writer_create_with_codec(path, schema, &w, cname, 0), 0);
        avro_value_iface_t *iface = avro_generic_class_from_schema(schema);
        avro_value_t rec, fv, br, item;
        avro_generic_value_new(iface, &rec);
        for (int i = 0; i < 3; i++) {
            avro_value_get_by_name(&rec, "extra", &fv, NULL);
            avro_value_reset(&fv);
            avro_value_append(&fv, &item, NULL);
            avro_value_set_string(&item, "skip me");
            avro_value_get_by_name(&rec, "score", &fv, NULL);
            avro_value_set_float(&fv, 1.5f * (float)i);
            avro_value_get_by_name(&rec, "name", &fv, NULL);
            avro_value_set_branch(&fv, i == 1 ? 0 : 1, &br);
            if (i != 1) avro_value_set_string(&br, i ? "two" : "zero");
            else avro_value_set_null(&br);
            avro_value_get_by_name(&rec, "id", &fv, NULL);
            avro_value_set_int(&fv, 10 + i);
            ASSERT_EQ_INT(avro_file_writer_append_value(w, &rec), 0);
        }
        avro_value_decref(&rec);
        avro_value_iface_decref(iface);
        avro_file_writer_close(w);
        Fmt f;
        const char *cols[] = {"id", "INT NOT NULL", "name", "STRING", "score", "DOUBLE", "missing", "BIGINT", NULL};
        const char *opts[] = {"format", "avro", "connector", "filesystem", NULL};
        ASSERT_STR_EQ(plan(&f, false, cols, opts), "OK");
        Buf file = slurp(path);
        ASSERT_STR_EQ(decode_all(&f, file.data, file.len),
                      "+I[10, zero, 0.0, null]\n+I[11, null, 1.5, null]\n+I[12, two, 3.0, null]\n");
        /* a corrupt sync marker, a cut file */
        file.data[file.len - 1] ^= 1;
        ASSERT_STR_CONTAINS(decode_all(&f, file.data, file.len), "the sync marker does not match the header's.");
        ASSERT_STR_CONTAINS(decode_all(&f, file.data, file.len - 20), "BAD: The Avro file ends inside the block at byte");
        eddy__buf_free(&file);
        eddy__format_run_free(&f.run);
        /* a NOT NULL column the file lacks; a type that does not convert */
        const char *cols2[] = {"id", "INT", "gone", "INT NOT NULL", NULL};
        ASSERT_STR_EQ(plan(&f, false, cols2, opts), "OK");
        file = slurp(path);
        ASSERT_STR_EQ(decode_all(&f, file.data, file.len),
                      "BAD: The Avro file's schema does not match the table: the file has no field 'gone' for the NOT "
                      "NULL column 'gone'\n");
        eddy__buf_free(&file);
        eddy__format_run_free(&f.run);
        const char *cols3[] = {"name", "INT", NULL};
        ASSERT_STR_EQ(plan(&f, false, cols3, opts), "OK");
        file = slurp(path);
        ASSERT_STR_EQ(decode_all(&f, file.data, file.len),
                      "BAD: The Avro file's schema does not match the table: the file's field 'name' of Avro type "
                      "string cannot be read as INT\n");
        eddy__buf_free(&file);
        eddy__format_run_free(&f.run);
        unlink(path);
    }
    avro_schema_decref(schema);
    Fmt f;
    const char *cols[] = {"id", "INT", NULL};
    const char *opts[] = {"format", "avro", "connector", "filesystem", NULL};
    ASSERT_STR_EQ(plan(&f, false, cols, opts), "OK");
    ASSERT_STR_EQ(decode_all(&f, "id\n1\n", 5),
                  "BAD: Not an Avro data file: it does not start with the bytes 'O' 'b' 'j' 1.\n");
    eddy__format_run_free(&f.run);
    /* a reader restored inside a file (from a checkpoint) has no header */
    ASSERT_STR_EQ(plan(&f, false, cols, opts), "OK");
    Vector *v[1];
    new_cols(&f, v, 1);
    size_t used;
    uint32_t lines;
    f.run.file_start = false;
    ASSERT_EQ_INT(f.fp.vt->decode(&f.fp, &f.run, "\x02\x02", 2, true, &used, &lines, v, 0), DEC_BAD);
    ASSERT_STR_EQ(eddy__buf_cstr(&f.run.reason),
                  "not supported yet: resuming the read of an Avro file in its middle (from a checkpoint)");
    free_cols(&f, v);
    eddy__format_run_free(&f.run);
}

/* Files eddy writes (header + blocks, each codec) read back by libavro. */
TEST(libavro_reads_the_files_eddy_writes) {
    for (int codec = 0; codec < 3; codec++) {
        Fmt f;
        const char *cname = codec == 0 ? "null" : codec == 1 ? "deflate" : "snappy";
        const char *opts[] = {"format", "avro", "connector", "filesystem", "avro.codec", cname, NULL};
        ASSERT_STR_EQ(plan(&f, true, msg_cols, opts), "OK");
        Vector *cols[16];
        new_cols(&f, cols, 3);
        Buf recs, file;
        eddy__buf_init(&recs);
        eddy__buf_init(&file);
        EdErr err = {0};
        for (uint32_t r = 0; r < 3; r++) {
            VEC_DATA(cols[0], int32_t)[r] = (int32_t)r * 1000;
            eddy__vec_set_str(cols[1], r, "name", 4);
            VEC_DATA(cols[2], ed_i128)[r] = -12345;
            VEC_DATA(cols[3], int64_t)[r] = INT64_MIN + r;
            VEC_DATA(cols[4], uint8_t)[r] = r & 1;
            ASSERT_EQ_INT(f.fp.vt->encode(&f.fp, &f.run, cols, r, &recs, &err), EDDY_OK);
            if (r == 1) { /* two blocks */
                ASSERT_EQ_INT(f.fp.vt->frame(&f.fp, true, 2, &recs, &file, &err), EDDY_OK);
                eddy__buf_truncate(&recs, 0);
            }
        }
        ASSERT_EQ_INT(f.fp.vt->frame(&f.fp, false, 1, &recs, &file, &err), EDDY_OK);
        char path[] = "/tmp/eddy-avro-XXXXXX";
        int fd = mkstemp(path);
        ASSERT_EQ_INT(write(fd, file.data, file.len), (long)file.len);
        close(fd);
        avro_file_reader_t rd;
        ASSERT_EQ_INT(avro_file_reader(path, &rd), 0);
        avro_schema_t ws = avro_file_reader_get_writer_schema(rd);
        avro_value_iface_t *iface = avro_generic_class_from_schema(ws);
        avro_value_t rec;
        avro_generic_value_new(iface, &rec);
        int n = 0;
        Buf got;
        eddy__buf_init(&got);
        while (avro_file_reader_read_value(rd, &rec) == 0) {
            char *json;
            avro_value_to_json(&rec, 1, &json);
            eddy__buf_printf(&got, "%s\n", json);
            free(json);
            n++;
        }
        ASSERT_EQ_INT(n, 3);
        ASSERT_STR_CONTAINS(eddy__buf_cstr(&got),
                            "{\"id\": 1000, \"name\": {\"string\": \"name\"}, \"amount\": {\"bytes\": \"\\u00CF\\u00C7\"}, "
                            "\"big\": {\"long\": -9223372036854775807}, \"ok\": true}");
        avro_value_decref(&rec);
        avro_value_iface_decref(iface);
        avro_schema_decref(ws);
        avro_file_reader_close(rd);
        /* and eddy reads its own file */
        f.fp.data = f.fp.data;
        Fmt g;
        ASSERT_STR_EQ(plan(&g, false, msg_cols, opts), "OK");
        ASSERT_STR_EQ(decode_all(&g, file.data, file.len),
                      "+I[0, name, -123.45, -9223372036854775808, false]\n"
                      "+I[1000, name, -123.45, -9223372036854775807, true]\n"
                      "+I[2000, name, -123.45, -9223372036854775806, false]\n");
        eddy__format_run_free(&g.run);
        unlink(path);
        eddy__buf_free(&got);
        eddy__buf_free(&recs);
        eddy__buf_free(&file);
        free_cols(&f, cols);
        eddy__format_run_free(&f.run);
    }
}

int main(void) {
    eddy__arena_init(&arena, 4096);
    RUN(binary_encoding_is_the_specs);
    RUN(derived_schema);
    RUN(planning_errors);
    RUN(reads_a_file_libavro_wrote);
    RUN(libavro_reads_the_files_eddy_writes);
    eddy__arena_destroy(&arena);
    return test_report();
}
