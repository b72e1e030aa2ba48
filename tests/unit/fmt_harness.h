/*
 * fmt_harness.h -- planning a format over "name TYPE" columns and options
 * for the format unit tests (test_file_formats.c, test_avro.c). The
 * includer defines `static Arena arena` and `static char why[]` first.
 */
#ifndef EDDY_FMT_HARNESS_H
#define EDDY_FMT_HARNESS_H

typedef struct Fmt {
    TableDef def;
    TableOption opts[8];
    FormatPlan fp;
    FormatRun run;
    const char *names[16];
    const Type *types[16];
    int ncols;
} Fmt;

static const Type *typ(const char *s) {
    const Type *t = NULL;
    EdErr err = {0};
    eddy__type_parse(&arena, s, strlen(s), NULL, &t, &err);
    eddy__err_clear(&err);
    return t;
}

/* Plans format fmt over "name TYPE" columns (NULL-terminated pairs) with
 * extra "key", "value" options; returns the error message or "OK". */
static const char *plan(Fmt *f, bool sink, const char *const *cols, const char *const *opts) {
    memset(f, 0, sizeof *f);
    int no = 0;
    for (; opts[no * 2]; no++) f->opts[no] = (TableOption){opts[no * 2], opts[no * 2 + 1]};
    f->def.nopts = no;
    f->def.opts = f->opts;
    for (; cols[f->ncols * 2]; f->ncols++) {
        f->names[f->ncols] = cols[f->ncols * 2];
        f->types[f->ncols] = typ(cols[f->ncols * 2 + 1]);
    }
    FormatCtx fc = {&arena, &f->def, f->ncols, f->names, f->types, sink};
    EdErr err = {0};
    eddy_status rc = eddy__format_plan(&fc, eddy__table_option(&f->def, "format"), &f->fp, &err);
    snprintf(why, sizeof why, "%s", rc ? err.msg : "OK");
    eddy__err_clear(&err);
    eddy__format_run_init(&f->run);
    return why;
}

#endif
