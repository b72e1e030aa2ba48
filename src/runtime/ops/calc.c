/*
 * calc.c -- projection and filter with compiled expressions (Flink's Calc),
 * also serving as the conversion operators at the DataStream/Table border:
 * input conversion (insert-only check, null records skipped, the record
 * timestamp as a column, generated watermarks) and output conversion (the
 * rowtime column written into the record timestamp).
 *
 * A batch is evaluated in place: filters narrow the selection, column
 * references pass the input vectors through, computed columns are new
 * vectors of the batch's physical size.
 */
#include "runtime/ops/ops.h"

typedef struct CalcState {
    ExprProg *filter;
    ExprProg **progs;
    ExprProg *wm;
    EvalCtx cx;
    Arena scratch;
    Arena progs_arena;
    EdErr *err;
    int64_t cur_wm;
    const Type *ts_type;
    /* idle_timeout_ms: the clock at the last row, and of the next check */
    int64_t last_row_ms, next_check_ms;
} CalcState;

static eddy_status calc_open(Op *op) {
    const CalcPlan *p = op->plan;
    CalcState *s = eddy__arena_alloc(op->arena, sizeof *s);
    if (!s) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    op->state = s;
    eddy__arena_init(&s->scratch, 16384);
    eddy__arena_init(&s->progs_arena, 4096);
    s->err = eddy__op_err(op);
    s->cx = (EvalCtx){.scratch = &s->scratch, .err = s->err, .tz = p->tz, .now_ms = eddy__wall_ms()};
    s->cx.proc_ms = s->cx.now_ms;
    s->cx.has_watermark = true;
    s->cur_wm = INT64_MIN;
    s->last_row_ms = eddy__clock_now(eddy__op_clock(op));
    s->next_check_ms = s->last_row_ms + eddy__op_auto_watermark_interval(op);
    s->progs = eddy__arena_alloc(&s->progs_arena, sizeof(ExprProg *) * (size_t)(p->nexprs ? p->nexprs : 1));
    s->ts_type = eddy__type_timestamp(&s->progs_arena, TY_TIMESTAMP_LTZ, 3, false);
    if (!s->progs || !s->ts_type) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = EDDY_OK;
    if (p->filter) rc = eddy__expr_compile(&s->progs_arena, p->filter, &s->cx, &s->filter);
    for (int i = 0; !rc && i < p->nexprs; i++) rc = eddy__expr_compile(&s->progs_arena, p->exprs[i], &s->cx, &s->progs[i]);
    if (!rc && p->watermark) rc = eddy__expr_compile(&s->progs_arena, p->watermark, &s->cx, &s->wm);
    eddy__arena_reset(&s->scratch);
    return rc;
}

static void calc_close(Op *op) {
    CalcState *s = op->state;
    if (!s) return;
    eddy__arena_destroy(&s->scratch);
    eddy__arena_destroy(&s->progs_arena);
}

static const char *kind_name(uint8_t k) {
    static const char *names[] = {"INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE"};
    return k < 4 ? names[k] : "UNKNOWN";
}

/* The input batch as the expressions see it: its columns plus, when the
 * plan reads it, the record timestamp as a TIMESTAMP_LTZ(3) column. */
static eddy_status with_ts_column(Op *op, CalcState *s, Batch *b, Batch **out) {
    Batch *x = eddy__batch_new(b->ncols + 1, b->n);
    if (!x) return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < b->ncols; i++) x->cols[i] = eddy__vec_retain(b->cols[i]);
    x->kinds = eddy__vec_retain(b->kinds);
    x->ts = eddy__vec_retain(b->ts);
    Vector *tv = eddy__vec_new(s->ts_type, b->n ? b->n : 1);
    if (!tv) {
        eddy__batch_release(x);
        return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
    }
    x->cols[b->ncols] = tv;
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t r = batch_row(b, i);
        int64_t ts = batch_ts(b, r);
        if (ts == TS_NONE) {
            eddy__batch_release(x);
            return eddy__op_fail(op, EDDY_E_RUNTIME,
                                 "Could not find timestamp in DataStream API record. Make sure that timestamps have been "
                                 "assigned before and the event-time characteristic is enabled.");
        }
        VEC_DATA(tv, Ts)[r] = (Ts){ts, 0};
    }
    if (b->sel) {
        x->sel = eddy__malloc(sizeof(uint32_t) * (b->count ? b->count : 1));
        if (!x->sel) {
            eddy__batch_release(x);
            return eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
        memcpy(x->sel, b->sel, sizeof(uint32_t) * b->count);
    }
    x->count = b->count;
    *out = x;
    return EDDY_OK;
}

static eddy_status calc_push(Op *op, int input, Batch *in) {
    (void)input;
    const CalcPlan *p = op->plan;
    CalcState *s = op->state;
    eddy_status rc = EDDY_OK;
    if (in->count == 0) return EDDY_OK;
    if (p->idle_timeout_ms > 0) {
        s->last_row_ms = eddy__clock_now(eddy__op_clock(op));
        if (op->out_idle && (rc = eddy__op_emit_idle(op, false))) return rc;
    }
    if (p->insert_only_input && in->kinds) {
        for (uint32_t i = 0; i < in->count; i++) {
            uint8_t k = batch_kind(in, batch_row(in, i));
            if (k != RK_INSERT)
                return eddy__op_fail(op, EDDY_E_RUNTIME,
                                     "Error during input conversion. Conversion expects insert-only records but DataStream "
                                     "API record contains: %s",
                                     kind_name(k));
        }
    }
    s->cx.now_ms = s->cx.proc_ms = eddy__wall_ms();
    /* CURRENT_WATERMARK(): the watermark this operator has seen -- the one it
     * generated last when it assigns watermarks, else its input's */
    s->cx.watermark_ms = p->watermark ? s->cur_wm : op->input_watermark;
    Batch *b = in;
    if (p->ts_col >= 0 && (rc = with_ts_column(op, s, in, &b))) return rc;
    /* the rows to compute: the visible ones, minus skipped NULL records, minus filtered */
    uint32_t n = b->count;
    uint32_t *rows = eddy__arena_alloc(&s->scratch, sizeof(uint32_t) * (n ? n : 1));
    if (!rows) {
        rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        goto out;
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = batch_row(b, i);
        if (p->skip_null_records && vec_is_null(b->cols[0], r)) continue;
        rows[m++] = r;
    }
    if (s->filter && m) {
        uint32_t kept;
        if ((rc = eddy__expr_filter(s->filter, &s->cx, b, rows, m, rows, &kept))) goto out;
        m = kept;
    }
    if (m == 0) goto out;
    Batch *o = eddy__batch_new(p->nexprs, b->n);
    if (!o) {
        rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        goto out;
    }
    for (int i = 0; i < p->nexprs && !rc; i++) {
        rc = eddy__expr_eval(s->progs[i], &s->cx, b, rows, m, &o->cols[i]);
        if (!rc && o->cols[i]->is_const) {
            Vector *full = eddy__vec_expand_const(o->cols[i], rows, m, b->n);
            eddy__vec_release(o->cols[i]);
            o->cols[i] = full;
            if (!full) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
        }
    }
    if (!rc) {
        o->kinds = eddy__vec_retain(b->kinds);
        if (p->rowtime_out >= 0) {
            if (!eddy__batch_ensure_ts(o, b->n ? b->n : 1)) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            for (uint32_t i = 0; !rc && i < m; i++) {
                Vector *rt = o->cols[p->rowtime_out];
                uint32_t r = rows[i];
                VEC_DATA(o->ts, int64_t)[r] = vec_is_null(rt, r) ? TS_NONE : VEC_DATA(rt, Ts)[vidx(rt, r)].ms;
            }
        } else if (!p->drop_timestamps) {
            o->ts = eddy__vec_retain(b->ts);
        }
        if (m != b->n || b->sel) {
            uint32_t *sel = eddy__malloc(sizeof(uint32_t) * m);
            if (!sel) rc = eddy__op_fail(op, EDDY_E_NOMEM, "out of memory");
            else {
                memcpy(sel, rows, sizeof(uint32_t) * m);
                eddy__batch_set_sel(o, sel, m);
            }
        }
    }
    if (!rc) rc = eddy__op_emit(op, o);
    /* generated watermarks: the largest value of the watermark expression */
    if (!rc && s->wm) {
        Vector *w = NULL;
        rc = eddy__expr_eval(s->wm, &s->cx, o, o->sel, o->count, &w);
        if (!rc) {
            int64_t mx = INT64_MIN;
            for (uint32_t i = 0; i < o->count; i++) {
                uint32_t r = batch_row(o, i);
                if (!vec_is_null(w, r) && VEC_DATA(w, Ts)[vidx(w, r)].ms > mx) mx = VEC_DATA(w, Ts)[vidx(w, r)].ms;
            }
            eddy__vec_release(w);
            if (mx > s->cur_wm) {
                s->cur_wm = mx;
                rc = eddy__op_emit_watermark(op, mx);
            }
        }
    }
    eddy__batch_release(o);
out:
    if (b != in) eddy__batch_release(b);
    eddy__arena_reset(&s->scratch);
    return rc;
}

/* table.exec.source.idle-timeout: a quiet source is marked idle at the
 * first check after the timeout; its next row makes it active again */
static eddy_status calc_processing_time(Op *op, int64_t now) {
    const CalcPlan *p = op->plan;
    CalcState *s = op->state;
    int64_t interval = eddy__op_auto_watermark_interval(op);
    if (!s || p->idle_timeout_ms <= 0 || interval <= 0 || now < s->next_check_ms) return EDDY_OK;
    s->next_check_ms = now + interval;
    return now - s->last_row_ms > p->idle_timeout_ms ? eddy__op_emit_idle(op, true) : EDDY_OK;
}

static eddy_status calc_watermark(Op *op, int64_t wm) {
    const CalcPlan *p = op->plan;
    if (p->drop_upstream_watermarks && wm != INT64_MAX) return EDDY_OK;
    return eddy__op_emit_watermark(op, wm);
}

const OpVtab eddy__op_calc = {.name = "Calc",
                              .open = calc_open,
                              .push_batch = calc_push,
                              .push_watermark = calc_watermark,
                              .on_processing_time = calc_processing_time,
                              .close = calc_close};
