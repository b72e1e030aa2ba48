/*
 * schema.c -- resolved schemas: printSchema's exact text (Flink's
 * ResolvedSchema.toString: components joined by ", \n", two-space indent,
 * backticked names, time attribute markers after NOT NULL, computed and
 * metadata extras, watermark specs, the primary key).
 */
#include "types/schema.h"

static void print_quoted(Buf *b, const char *s) {
    eddy__buf_putc(b, '\'');
    for (const char *c = s; *c; c++) {
        if (*c == '\'') eddy__buf_putc(b, '\'');
        eddy__buf_putc(b, *c);
    }
    eddy__buf_putc(b, '\'');
}

void eddy__schema_print(Buf *b, const ResolvedSchema *s) {
    eddy__buf_puts(b, "(\n");
    bool first = true;
#define SEP()                                         \
    do {                                              \
        if (!first) eddy__buf_puts(b, ", \n");        \
        first = false;                                \
        eddy__buf_puts(b, "  ");                      \
    } while (0)
    for (int i = 0; i < s->ncols; i++) {
        const SchemaCol *c = &s->cols[i];
        SEP();
        eddy__print_ident(b, c->name);
        eddy__buf_putc(b, ' ');
        eddy__type_print(b, c->type);
        if (c->kind == COL_COMPUTED) {
            eddy__buf_printf(b, " AS %s", c->expr_text);
        } else if (c->kind == COL_METADATA) {
            eddy__buf_puts(b, " METADATA");
            if (c->meta_key) {
                eddy__buf_puts(b, " FROM ");
                print_quoted(b, c->meta_key);
            }
            if (c->is_virtual) eddy__buf_puts(b, " VIRTUAL");
        }
        if (c->comment) {
            eddy__buf_puts(b, " COMMENT ");
            print_quoted(b, c->comment);
        }
    }
    for (int i = 0; i < s->nwm; i++) {
        SEP();
        eddy__buf_puts(b, "WATERMARK FOR ");
        eddy__print_ident(b, s->wm[i].column);
        eddy__buf_puts(b, ": ");
        eddy__type_print(b, s->wm[i].type);
        eddy__buf_printf(b, " AS %s", s->wm[i].expr_text);
    }
    if (s->pk_name) {
        SEP();
        eddy__buf_puts(b, "CONSTRAINT ");
        eddy__print_ident(b, s->pk_name);
        eddy__buf_puts(b, " PRIMARY KEY (");
        for (int i = 0; i < s->npk; i++) {
            if (i) eddy__buf_puts(b, ", ");
            eddy__print_ident(b, s->pk_cols[i]);
        }
        eddy__buf_puts(b, ") NOT ENFORCED");
    }
#undef SEP
    eddy__buf_puts(b, "\n)");
}

ResolvedSchema *eddy__schema_of_columns(Arena *a, int n, const char *const *names, const Type *const *types) {
    ResolvedSchema *s = eddy__arena_alloc(a, sizeof *s);
    SchemaCol *cols = eddy__arena_alloc(a, sizeof(SchemaCol) * (size_t)(n ? n : 1));
    if (!s || !cols) return NULL;
    for (int i = 0; i < n; i++) {
        cols[i].name = names[i];
        cols[i].type = types[i];
        cols[i].kind = COL_PHYSICAL;
    }
    s->ncols = n;
    s->cols = cols;
    return s;
}
