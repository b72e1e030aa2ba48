/*
 * translate_window.c -- the translate functions of the window table
 * functions (WindowTableFunction) and of the window aggregation over them
 * (WindowAggregate): their plans for runtime/ops/window_agg.c.
 */
#include "plan/phys.h"
#include "runtime/ops/window_agg.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* A duration in its largest whole unit, as Flink prints window sizes. */
static void duration(Buf *b, int64_t ms) {
    static const struct {
        int64_t ms;
        const char *unit;
    } units[] = {{86400000, "d"}, {3600000, "h"}, {60000, "min"}, {1000, "s"}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ms && ms % units[i].ms == 0) {
            eddy__buf_printf(b, "%lld %s", (long long)(ms / units[i].ms), units[i].unit);
            return;
        }
    eddy__buf_printf(b, "%lld ms", (long long)ms);
}

void eddy__window_spec(Buf *b, const GroupWindow *w, const char *time_col, int nkeys, const char *const *keys) {
    static const char *fn[] = {"TUMBLE", "HOP", "SESSION", "CUMULATE"};
    eddy__buf_printf(b, "%s(", fn[w->kind]);
    eddy__buf_printf(b, "time_col=[%s], ", time_col);
    static const char *first[] = {"size", "size", "gap", "max_size"};
    eddy__buf_printf(b, "%s=[", first[w->kind]);
    duration(b, w->size_ms);
    if (w->kind == WIN_HOP || w->kind == WIN_CUMULATE) {
        eddy__buf_puts(b, w->kind == WIN_HOP ? "], slide=[" : "], step=[");
        duration(b, w->slide_ms);
    }
    if (w->offset_ms) {
        eddy__buf_puts(b, "], offset=[");
        duration(b, w->offset_ms);
    }
    eddy__buf_puts(b, "]");
    if (nkeys) {
        eddy__buf_puts(b, ", partition keys=[");
        for (int i = 0; i < nkeys; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", keys[i]);
        eddy__buf_putc(b, ']');
    }
    eddy__buf_putc(b, ')');
}

/* The zone windows over a time column of type t align to: the session's
 * for TIMESTAMP_LTZ, none (NULL) for TIMESTAMP. */
static const TimeZone *window_zone(TranslateCtx *cx, const Type *t) {
    return t->root == TY_TIMESTAMP_LTZ ? (cx->pe->tz ? cx->pe->tz : eddy__tz_utc()) : NULL;
}

/* SESSION alone: the session operator keeps each row under its session
 * (per PARTITION BY key) and emits the rows when the session closes. */
static eddy_status session_tvf(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out, EdErr *err) {
    const Rel *r = p->rel;
    const PhysNode *inp = p->in[0];
    WinAggPlan *wp = eddy__arena_alloc(cx->a, sizeof *wp);
    WinProp *props = eddy__arena_alloc(cx->a, sizeof(WinProp) * 3);
    if (!wp || !props) return NOMEM();
    const Type *tt = inp->types[r->window->time_col];
    const Type *key_type = eddy__type_basic(TY_BOOLEAN, false); /* no keys: one constant key */
    if (r->ngroup == 1) {
        key_type = eddy__type_with_timeattr(cx->a, inp->types[r->group[0]], TA_NONE);
    } else if (r->ngroup > 1) {
        const Type **kt = eddy__arena_alloc(cx->a, sizeof(Type *) * (size_t)r->ngroup);
        const char **kn = eddy__arena_alloc(cx->a, sizeof(char *) * (size_t)r->ngroup);
        if (!kt || !kn) return NOMEM();
        for (int k = 0; k < r->ngroup; k++) {
            kt[k] = eddy__type_with_timeattr(cx->a, inp->types[r->group[k]], TA_NONE);
            kn[k] = inp->names[r->group[k]];
        }
        key_type = eddy__type_row(cx->a, r->ngroup, kn, kt, false);
    }
    if (!key_type) return NOMEM();
    *wp = (WinAggPlan){.ngroup = r->ngroup,
                       .group = r->group,
                       .key_type = key_type,
                       .assign = true,
                       .time_col = r->window->time_col,
                       .size_ms = r->window->size_ms,
                       .slide_ms = r->window->size_ms,
                       .proctime = tt->timeattr == TA_PROCTIME,
                       .ltz = window_zone(cx, tt),
                       .rec_size = sizeof(int64_t),
                       .tvf_cols = inp->ncols};
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "WindowTableFunction", &eddy__op_session_agg, wp, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    if (in[0].part == PART_GLOBAL || !r->ngroup) {
        n->parallelism = 1;
        n->fixed_parallelism = true;
    }
    out->node = n;
    return EDDY_OK;
}

eddy_status eddy__translate_window_tvf(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                       EdErr *err) {
    const Rel *r = p->rel;
    const GroupWindow *w = r->window;
    if (w->kind == WIN_SESSION) return session_tvf(cx, p, in, out, err);
    WinTvfPlan *tp = eddy__arena_alloc(cx->a, sizeof *tp);
    if (!tp) return NOMEM();
    const Type *tt = p->in[0]->types[w->time_col];
    *tp = (WinTvfPlan){.nin = p->in[0]->ncols,
                       .time_col = w->time_col,
                       .kind = w->kind == WIN_TUMBLE ? WTVF_TUMBLE : w->kind == WIN_HOP ? WTVF_HOP : WTVF_CUMULATE,
                       .size_ms = w->size_ms,
                       .slide_ms = w->kind == WIN_TUMBLE ? w->size_ms : w->slide_ms,
                       .offset_ms = w->offset_ms,
                       .ltz = window_zone(cx, tt)};
    if (tp->kind == WTVF_CUMULATE && w->size_ms % w->slide_ms)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "CUMULATE table function based aggregate requires maxSize must be an integral multiple of step, "
                         "but got maxSize %lld ms and step %lld ms",
                         (long long)w->size_ms, (long long)w->slide_ms);
    StreamNode *n = eddy__translate_node(cx, p, NODE_OPERATOR, "WindowTableFunction", &eddy__op_window_tvf, tp, 1);
    if (!n) return NOMEM();
    eddy__translate_connect(n, 0, &in[0]);
    out->node = n;
    return EDDY_OK;
}

/* WindowAggregate (over a window table function merged into it, or over
 * the windows its input's rows carry) and GroupWindowAggregate (GROUP BY
 * TUMBLE / HOP (..): the operator assigns the windows). */
eddy_status eddy__translate_window_aggregate(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                             EdErr *err) {
    const PhysNode *inp = p->in[0];
    /* the windows of this operator: a group window's, a merged window table function's, an attached one's */
    const GroupWindow *gw = p->kind == PK_GROUP_WINDOW_AGGREGATE ? p->rel->window : p->window;
    WinAggPlan *wp = eddy__arena_alloc(cx->a, sizeof *wp);
    if (!wp) return NOMEM();
    memset(wp, 0, sizeof *wp);
    const Type *tt = NULL;
    WindowInfo wi;
    if (gw) {
        int time_col = p->attached ? -1 : p->window ? p->rowtime : gw->time_col;
        if (p->attached) {
            /* the rows carry their window: its end is their window_end column */
            if (eddy__phys_window_col(inp, p->win_end[0], &wi) != WP_END)
                return eddy__err(err, EDDY_E_INTERNAL, "a window aggregation without its window_end");
            tt = wi.time_type;
            wp->wend_col = p->win_end[0];
        } else {
            tt = inp->types[time_col];
            if (!eddy__type_is_timestamp(tt))
                return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: group windows over a %s time column",
                                 eddy__type_str(cx->a, tt));
            wp->assign = true;
            wp->time_col = time_col;
        }
        int np = p->window ? p->window_props : gw->nprops;
        WinProp *props = eddy__arena_alloc(cx->a, sizeof(WinProp) * (size_t)(np + 1));
        if (!props) return NOMEM();
        for (int i = 0; i < np; i++) {
            WindowProp wpr = p->window ? (WindowProp)i : gw->props[i]; /* merged: start, end, window_time */
            props[i] = wpr == WP_START ? WPROP_START : wpr == WP_END ? WPROP_END : wpr == WP_ROWTIME ? WPROP_ROWTIME : WPROP_PROCTIME;
        }
        wp->kind = gw->kind == WIN_HOP ? WTVF_HOP : gw->kind == WIN_CUMULATE ? WTVF_CUMULATE : WTVF_TUMBLE;
        wp->size_ms = gw->size_ms;
        wp->slide_ms = gw->kind == WIN_TUMBLE ? gw->size_ms : gw->slide_ms;
        wp->offset_ms = gw->offset_ms;
        wp->nprops = np;
        wp->props = props;
    } else {
        /* SESSION windows among the keys */
        wp->wend_col = -1;
        for (int k = 0; k < p->ngroup; k++)
            if (eddy__phys_window_col(inp, p->group[k], &wi) == WP_END) {
                wp->wend_col = p->group[k];
                tt = wi.time_type;
            }
        if (wp->wend_col < 0) return eddy__err(err, EDDY_E_INTERNAL, "a window aggregation without window_end");
    }
    GroupAggPlan *gp;
    eddy_status rc = eddy__group_agg_plan(cx, p, &gp, err);
    if (rc) return rc;
    wp->ngroup = p->ngroup;
    wp->group = p->group;
    wp->key_type = gp->key_type;
    wp->proctime = tt && tt->timeattr == TA_PROCTIME;
    wp->ltz = tt ? window_zone(cx, tt) : NULL;
    wp->naggs = gp->naggs;
    wp->aggs = gp->aggs;
    wp->rec_size = gp->rec_size;
    wp->nviews = gp->nviews;
    wp->views = gp->views;
    wp->has_destroy = gp->has_destroy;
    bool session = gw && gw->kind == WIN_SESSION;
    for (int a = 0; session && a < gp->naggs; a++)
        if (!(gp->aggs[a].fn->flags & AGG_MERGE))
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s in session windows (it cannot merge)",
                             gp->aggs[a].fn->name);
    return eddy__translate_agg_node(cx, p, p->kind == PK_GROUP_WINDOW_AGGREGATE ? "GroupWindowAggregate" : "WindowAggregate",
                                    session ? &eddy__op_session_agg : &eddy__op_window_agg, wp, in, out, err);
}
