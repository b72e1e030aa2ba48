/*
 * scan.c -- fromDataStream's schema translation: the table a DataStream
 * becomes, from the stream's type and an optional user Schema, with
 * Flink's rules and error messages (SchemaTranslator.createConsumingResult
 * and DefaultSchemaResolver). The result is a REL_STREAM_SCAN whose
 * expressions read the stream's columns and its record timestamp, and the
 * ResolvedSchema that printSchema shows.
 */
#include "plan/schema_int.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

eddy_status eddy__plan_from_stream(const BindEnv *be, StreamNode *stream, const SchemaSpec *spec, Rel **rel_out,
                                   ResolvedSchema **schema_out, EdErr *err) {
    Arena *a = be->a;
    const Type *st = stream->type;
    int nd = stream->ncols;
    OutCols cols = {0};
    eddy_status rc = EDDY_OK;
    int nparts = spec ? spec->n : 0;
    int nphys = 0;
    for (int i = 0; i < nparts; i++) nphys += spec->parts[i].kind == SPEC_PHYSICAL;
    /* the scope of scan expressions: stream columns, then the record timestamp */
    const Type *ts_type = eddy__type_timestamp(a, TY_TIMESTAMP_LTZ, 3, false);
    bool reorder = false, uses_ts = false;

    /* physical columns: derived, or declared (patching the derived type) */
    if (nphys == 0) {
        for (int i = 0; i < nd; i++) {
            OutCol c = {eddy__type_column_name(st, i), stream->col_types[i], COL_PHYSICAL, NULL, NULL};
            c.expr = eddy__expr_column(a, i, c.type);
            if (!c.expr || !ed_vec_push(&cols, c)) {
                rc = NOMEM();
                goto done;
            }
        }
    }
    int phys_seen = 0;
    for (int i = 0; i < nparts && !rc; i++) {
        const SpecPart *p = &spec->parts[i];
        if (p->kind == SPEC_PHYSICAL) {
            int src = eddy__type_field_index(st, p->name);
            if (!eddy__type_is_composite(st)) src = strcmp(p->name, "f0") == 0 ? 0 : -1;
            if (src < 0 || src >= nd) {
                Buf b;
                eddy__buf_init(&b);
                eddy__buf_putc(&b, '[');
                for (int k = 0; k < nd; k++) {
                    if (k) eddy__buf_puts(&b, ", ");
                    eddy__buf_puts(&b, eddy__type_column_name(st, k));
                }
                eddy__buf_putc(&b, ']');
                rc = eddy__err(err, EDDY_E_VALIDATION,
                               "Unable to find a field named '%s' in the physical data type derived from the given type "
                               "information for schema declaration. Make sure that the type information is not a generic "
                               "raw type. Currently available fields are: %s",
                               p->name, eddy__buf_cstr(&b));
                eddy__buf_free(&b);
                break;
            }
            if (src != phys_seen) reorder = true;
            phys_seen++;
            OutCol c = {p->name, p->type, COL_PHYSICAL, p, NULL};
            Expr *x = eddy__expr_column(a, src, stream->col_types[src]);
            if (!x) {
                rc = NOMEM();
                break;
            }
            EdErr ce = {0};
            if (eddy__expr_cast(a, x, p->type, false, &c.expr, &ce)) {
                rc = eddy__err(err, EDDY_E_VALIDATION, "Invalid data type for column '%s': %s", p->name,
                               ce.msg ? ce.msg : "");
                eddy__err_clear(&ce);
                break;
            }
            if (!ed_vec_push(&cols, c)) rc = NOMEM();
        } else if (p->kind == SPEC_METADATA) {
            const char *key = p->key ? p->key : p->name;
            if (strcmp(key, "rowtime") != 0) {
                rc = eddy__err(err, EDDY_E_VALIDATION,
                               "Invalid metadata key '%s' in column '%s' of table "
                               "'default_catalog.default_database.Unregistered_DataStream_Source_%d'. The DynamicTableSource "
                               "class 'org.apache.flink.table.planner.connectors.ExternalDynamicSource' supports the "
                               "following metadata keys for reading:\nrowtime",
                               key, p->name, stream->id);
                break;
            }
            OutCol c = {p->name, p->type, COL_METADATA, p, NULL};
            Expr *x = eddy__expr_column(a, nd, ts_type);
            EdErr ce = {0};
            if (!x) {
                rc = NOMEM();
                break;
            }
            if (!eddy__type_implicit_cast(ts_type, p->type) || eddy__expr_cast(a, x, p->type, false, &c.expr, &ce)) {
                eddy__err_clear(&ce);
                rc = eddy__err(err, EDDY_E_VALIDATION,
                               "Invalid data type for metadata column '%s'. The column cannot be declared as '%s' because "
                               "the type must be castable from metadata type '%s'.",
                               p->name, eddy__type_str(a, p->type), eddy__type_str(a, ts_type));
                break;
            }
            uses_ts = true;
            if (!ed_vec_push(&cols, c)) rc = NOMEM();
        } else if (p->kind == SPEC_COMPUTED) {
            OutCol c = {p->name, NULL, COL_COMPUTED, p, NULL};
            if (!ed_vec_push(&cols, c)) rc = NOMEM();
        }
    }
    if (rc) goto done;
    if (nphys && phys_seen != nd) reorder = true;

    {
        Resolved r;
        if ((rc = eddy__schema_resolve(be, &cols, spec, nphys == 0, reorder, &r, err))) goto done;
        Rel *rel = eddy__rel_new(a, REL_STREAM_SCAN, r.ncols, 0);
        if (!rel) {
            rc = NOMEM();
            goto done;
        }
        for (int i = 0; i < r.ncols; i++) {
            rel->names[i] = r.names[i];
            rel->types[i] = r.types[i];
        }
        rel->exprs = r.exprs;
        rel->stream = stream;
        rel->uses_ts = uses_ts;
        rel->watermark = r.watermark;
        rel->source_watermark = r.source_watermark;
        rel->npk = eddy__plan_pk_index(a, r.schema, rel->ncols, rel->names, &rel->pk);
        rel->digest = "DataStreamScan";
        *rel_out = rel;
        *schema_out = r.schema;
    }
done:
    ed_vec_free(&cols);
    return rc;
}
