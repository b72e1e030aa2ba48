/*
 * sinks.c -- the print sink (Flink's PrintSinkFunction: Row.toString per
 * record with the "id:3> " prefix rules), user sink callbacks, the collecting
 * sink behind executeAndCollect, and the pass-through operator.
 */
#include "runtime/ops/ops.h"
#include "types/format.h"

/* ---- print ----------------------------------------------------------------------- */

typedef struct PrintState {
    Buf buf;
    char prefix[128];
} PrintState;

static eddy_status print_open(Op *op) {
    const PrintPlan *p = op->plan;
    PrintState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy__buf_init(&s->buf);
    /* prefix: identifier, then ":" and the 1-based subtask when parallel */
    const char *id = p->id ? p->id : "";
    if (op->parallelism > 1)
        snprintf(s->prefix, sizeof s->prefix, "%s%s%d> ", id, *id ? ":" : "", op->subtask + 1);
    else if (*id)
        snprintf(s->prefix, sizeof s->prefix, "%s> ", id);
    op->state = s;
    return EDDY_OK;
}

/* Appends the Java toString of the record at physical row r: a Row prints
 * as +I[...], a struct as Name(f=v, ...), an atomic value as itself. */
static void format_record(Buf *b, const Type *t, const Batch *batch, uint32_t r) {
    if (t->root == TY_ROW) {
        eddy__fmt_row_java(b, batch_kind(batch, r), batch->cols, batch->ncols, r);
    } else if (t->root == TY_STRUCTURED) {
        const char *name = strrchr(t->class_name, '.');
        eddy__buf_printf(b, "%s(", name ? name + 1 : t->class_name);
        for (int c = 0; c < batch->ncols; c++) {
            if (c) eddy__buf_puts(b, ", ");
            eddy__buf_printf(b, "%s=", t->fields[c].name);
            eddy__fmt_value_java(b, batch->cols[c], r);
        }
        eddy__buf_putc(b, ')');
    } else {
        eddy__fmt_value_java(b, batch->cols[0], r);
    }
}

static eddy_status print_push(Op *op, int input, Batch *b) {
    (void)input;
    const PrintPlan *p = op->plan;
    PrintState *s = op->state;
    s->buf.len = 0;
    for (uint32_t i = 0; i < b->count; i++) {
        eddy__buf_puts(&s->buf, s->prefix);
        format_record(&s->buf, p->type, b, batch_row(b, i));
        eddy__buf_putc(&s->buf, '\n');
    }
    if (s->buf.failed) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    FILE *f = p->file ? p->file : p->to_err ? stderr : stdout;
    flockfile(f);
    size_t w = fwrite(s->buf.data, 1, s->buf.len, f);
    fflush(f);
    funlockfile(f);
    if (w != s->buf.len) return eddy__op_fail(op, EDDY_E_IO, "print sink: write failed");
    return EDDY_OK;
}

static void print_close(Op *op) {
    PrintState *s = op->state;
    if (s) eddy__buf_free(&s->buf);
}

const OpVtab eddy__op_print = {.name = "Sink: Print to Std. Out", .open = print_open, .push_batch = print_push, .close = print_close};

/* ---- user sink ------------------------------------------------------------------------ */

static eddy_status sink_push(Op *op, int input, Batch *b) {
    (void)input;
    const UserSinkPlan *p = op->plan;
    Arena scratch;
    eddy__arena_init(&scratch, 1024);
    eddy_status rc = EDDY_OK;
    for (uint32_t i = 0; i < b->count && !rc; i++) {
        eddy_row row;
        eddy__row_view(&row, p->type, b, batch_row(b, i), &scratch);
        rc = p->fn(p->ctx, &row);
        eddy__arena_reset(&scratch);
    }
    eddy__arena_destroy(&scratch);
    if (rc) {
        if (rc == EDDY_ROW || rc == EDDY_DONE) rc = EDDY_E_UDF;
        if (!eddy__err_is_set(eddy__op_err(op)))
            eddy__op_fail(op, rc, "The sink function of '%s' failed (%s).", op->node->name, eddy_status_name(rc));
    }
    return rc;
}

const OpVtab eddy__op_user_sink = {.name = "Sink: Unnamed", .push_batch = sink_push};

/* ---- collect and forward ------------------------------------------------------------------ */

static eddy_status forward_push(Op *op, int input, Batch *b) {
    (void)input;
    return eddy__op_emit(op, b);
}

const OpVtab eddy__op_collect = {.name = "Sink: Collect Stream Sink", .push_batch = forward_push};
const OpVtab eddy__op_forward = {.name = "Forward", .push_batch = forward_push};
