/*
 * fn_time.c -- temporal functions: the time attribute PROCTIME(), the
 * statement-time functions CURRENT_TIMESTAMP / NOW / LOCALTIMESTAMP /
 * CURRENT_DATE / CURRENT_TIME / LOCALTIME and CURRENT_ROW_TIMESTAMP
 * (TO_TIMESTAMP_LTZ is with the other conversions in fn_datefmt.c).
 * SOURCE_WATERMARK() is a marker the planner handles; it has no kernel of
 * its own. CURRENT_WATERMARK(rowtime) reads the watermark the evaluating
 * operator has seen (EvalCtx.watermark_ms, set by Calc before each batch).
 */
#include "expr/functions.h"
#include "types/datetime.h"

static eddy_status infer_now(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, const void **data,
                             EdErr *err) {
    (void)args;
    (void)nargs;
    (void)data;
    (void)err;
    const char *n = fn->name;
    if (!strcmp(n, "PROCTIME"))
        *out = eddy__type_with_timeattr(a, eddy__type_timestamp(a, TY_TIMESTAMP_LTZ, 3, false), TA_PROCTIME);
    else if (!strcmp(n, "LOCALTIMESTAMP"))
        *out = eddy__type_timestamp(a, TY_TIMESTAMP, 3, false);
    else if (!strcmp(n, "CURRENT_DATE"))
        *out = eddy__type_basic(TY_DATE, false);
    else if (!strcmp(n, "CURRENT_TIME") || !strcmp(n, "LOCALTIME"))
        *out = eddy__type_timestamp(a, TY_TIME, 0, false);
    else if (!strcmp(n, "SOURCE_WATERMARK"))
        *out = eddy__type_timestamp(a, TY_TIMESTAMP_LTZ, 3, true);
    else
        *out = eddy__type_timestamp(a, TY_TIMESTAMP_LTZ, 3, false);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status k_now(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out, const uint32_t *rows,
                         uint32_t nrows) {
    (void)args;
    const char *n = e->fn->name;
    bool proc = !strcmp(n, "PROCTIME") || !strcmp(n, "CURRENT_ROW_TIMESTAMP");
    int64_t ms = proc ? cx->proc_ms : cx->now_ms;
    const TimeZone *tz = cx->tz ? cx->tz : eddy__tz_utc();
    int64_t local = ms + eddy__tz_offset_utc(tz, ms);
    FOR_ROWS(i, r) {
        switch ((TypeRoot)e->type->root) {
        case TY_TIMESTAMP: VEC_DATA(out, Ts)[r] = (Ts){local, 0}; break;
        case TY_DATE: VEC_DATA(out, int32_t)[r] = (int32_t)eddy__dt_floor_div(local, 86400000); break;
        case TY_TIME: VEC_DATA(out, int32_t)[r] = (int32_t)(eddy__dt_floor_mod(local, 86400000) / 1000 * 1000); break;
        default: VEC_DATA(out, Ts)[r] = (Ts){ms, 0}; break;
        }
    }
    return EDDY_OK;
}

static eddy_status k_source_watermark(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                      const uint32_t *rows, uint32_t nrows) {
    (void)e;
    (void)args;
    (void)out;
    (void)rows;
    (void)nrows;
    return eddy__err(cx->err, EDDY_E_VALIDATION,
                     "SOURCE_WATERMARK() can only be used as the watermark expression of a source table.");
}

/* CURRENT_WATERMARK(ts): Flink's CurrentWatermarkInputTypeStrategy wants a
 * rowtime attribute (a type that cannot be one, or one that is not, is an
 * invalid call); the result is the argument's type without the time
 * attribute, precision 3, nullable (NULL before the first watermark). */
static eddy_status infer_current_watermark(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out,
                                           const void **data, EdErr *err) {
    (void)data;
    const Type *t = args[0]->type;
    if ((t->root != TY_TIMESTAMP && t->root != TY_TIMESTAMP_LTZ) || t->timeattr != TA_ROWTIME)
        return eddy__invalid_call_error(err, fn, args, nargs);
    *out = eddy__type_timestamp(a, (TypeRoot)t->root, 3, true);
    return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status k_current_watermark(EvalCtx *cx, const Expr *e, Vector *const *args, Vector *out,
                                       const uint32_t *rows, uint32_t nrows) {
    (void)e;
    (void)args;
    int64_t wm = cx->watermark_ms;
    FOR_ROWS(i, r) {
        if (!cx->has_watermark || wm == INT64_MIN) eddy__vec_set_null(out, r);
        else VEC_DATA(out, Ts)[r] = (Ts){wm, 0};
    }
    return EDDY_OK;
}

#define NOW_FN(id, nm) static const FuncDef id = {nm, 0, 0, FN_NONDETERMINISTIC, infer_now, k_now, nm "()"}
NOW_FN(fn_proctime, "PROCTIME");
NOW_FN(fn_current_timestamp, "CURRENT_TIMESTAMP");
NOW_FN(fn_now, "NOW");
NOW_FN(fn_localtimestamp, "LOCALTIMESTAMP");
NOW_FN(fn_current_date, "CURRENT_DATE");
NOW_FN(fn_current_time, "CURRENT_TIME");
NOW_FN(fn_localtime, "LOCALTIME");
NOW_FN(fn_current_row_timestamp, "CURRENT_ROW_TIMESTAMP");
static const FuncDef fn_source_watermark = {"SOURCE_WATERMARK", 0, 0, FN_NONDETERMINISTIC, infer_now,
                                            k_source_watermark, "SOURCE_WATERMARK()"};

static const FuncDef fn_current_watermark = {"CURRENT_WATERMARK", 1, 1, FN_NONDETERMINISTIC, infer_current_watermark,
                                             k_current_watermark, "CURRENT_WATERMARK(<TIMESTAMP *ROWTIME*>)"};

const FuncDef *const eddy__fns_time[] = {
    &fn_proctime, &fn_current_timestamp, &fn_now, &fn_localtimestamp, &fn_current_date, &fn_current_time,
    &fn_localtime, &fn_current_row_timestamp, &fn_source_watermark, &fn_current_watermark, NULL,
};
