/*
 * format.c -- the registry of file formats, their option helpers and the
 * per-reader scratch. See formats.h.
 */
#include "formats/formats.h"

static const FormatVt *const formats[] = {&eddy__format_csv,           &eddy__format_json,
                                          &eddy__format_raw,           &eddy__format_debezium_json,
                                          &eddy__format_canal_json,    &eddy__format_maxwell_json,
                                          &eddy__format_avro,          &eddy__format_avro_confluent,
                                          &eddy__format_debezium_avro_confluent};

const FormatVt *eddy__format_lookup(const char *name) {
    for (size_t i = 0; name && i < ED_ARRAY_LEN(formats); i++)
        if (!strcmp(formats[i]->name, name)) return formats[i];
    return NULL;
}

const char *eddy__format_metadata_type(const FormatVt *fmt, const char *key) {
    for (int i = 0; fmt && fmt->metadata && fmt->metadata[i]; i++)
        if (!strcmp(fmt->metadata[i], key)) return fmt->metadata_types[i];
    return NULL;
}

eddy_status eddy__format_plan(const FormatCtx *fc, const char *name, FormatPlan *out, EdErr *err) {
    const FormatVt *vt = eddy__format_lookup(name);
    if (!vt)
        return eddy__err(err, EDDY_E_VALIDATION, "Could not find any format factory for identifier '%s' in the classpath.",
                         name ? name : "");
    memset(out, 0, sizeof *out);
    out->vt = vt;
    out->ncols = fc->ncols;
    out->names = fc->names;
    out->types = fc->types;
    out->nmeta = fc->nmeta;
    return vt->plan(fc, out, err);
}

const char *eddy__format_option(const FormatCtx *fc, const char *key) {
    const char *fmt = eddy__table_option(fc->def, "format");
    size_t fl = fmt ? strlen(fmt) : 0;
    for (int i = 0; fmt && i < fc->def->nopts; i++) {
        const char *k = fc->def->opts[i].key;
        if (!strncmp(k, fmt, fl) && k[fl] == '.' && !strcmp(k + fl + 1, key)) return fc->def->opts[i].value;
    }
    return NULL;
}

eddy_status eddy__format_bool(const FormatCtx *fc, const char *key, bool def, bool *out, EdErr *err) {
    char full[128];
    snprintf(full, sizeof full, "%s.%s", eddy__table_option(fc->def, "format"), key);
    return eddy__option_bool(fc->def, full, def, out, err);
}

bool eddy__format_line(FormatRun *run, const char *p, size_t n, bool eof, size_t *len, size_t *used,
                       uint32_t *lines) {
    const char *nl = memchr(p, '\n', n);
    if (!nl && !eof) return false;
    *len = nl ? (size_t)(nl - p) : n;
    *used = nl ? *len + 1 : n;
    *lines = nl ? 1 : 0;
    if (nl && *len && p[*len - 1] == '\r') (*len)--;
    eddy__buf_truncate(&run->reason, 0);
    run->nulled = false;
    return true;
}

void eddy__format_run_init(FormatRun *run) {
    memset(run, 0, sizeof *run);
    eddy__buf_init(&run->buf);
    eddy__buf_init(&run->reason);
    eddy__arena_init(&run->arena, 4096);
}

void eddy__format_run_free(FormatRun *run) {
    eddy__buf_free(&run->buf);
    eddy__buf_free(&run->reason);
    eddy__arena_destroy(&run->arena);
    if (run->state && run->state_free) run->state_free(run->state);
    run->state = NULL;
}
