/*
 * window_props.c -- window properties (Flink's RelWindowProperties): which
 * columns of a Rel or PhysNode are the window_start, window_end and
 * window_time of a window table function's windows, followed through
 * projections and renames, filters, correlates, per-window ranks, window
 * aggregations (whose window keys stay window properties) and window joins,
 * as Flink's FlinkRelMdWindowProperties. The window operators are chosen
 * and planned from these properties, never from column names.
 */
#include "plan/phys.h"

/* What a window property of a table function's output is: start, end, time. */
static int tvf_prop(int col, int nin) { return col - nin == 0 ? WP_START : col - nin == 1 ? WP_END : WP_ROWTIME; }

static bool is_window_agg(const Rel *r) {
    return r->kind == REL_AGGREGATE && !r->window && r->feature && !strncmp(r->feature, "window aggregations", 19);
}

static void flatten_and(const Expr *e, const Expr **out, int *n, int cap) {
    if (e && e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "AND")) {
        for (int i = 0; i < e->nargs; i++) flatten_and(e->args[i], out, n, cap);
    } else if (e && *n < cap) {
        out[(*n)++] = e;
    }
}

bool eddy__rel_window_join(const Rel *j, int wcol[4]) {
    for (int i = 0; i < 4; i++) wcol[i] = -1;
    if (j->kind != REL_JOIN) return false;
    const Expr *cs[64];
    int nc = 0, nl = j->in[0]->ncols;
    flatten_and(j->cond, cs, &nc, 64);
    for (int i = 0; i < nc; i++) {
        const Expr *c = cs[i];
        bool eq = c->kind == EX_CALL && c->fn && c->nargs == 2 &&
                  (!strcmp(c->fn->name, "=") || !strcmp(c->fn->name, "IS NOT DISTINCT FROM")) &&
                  c->args[0]->kind == EX_COLUMN && c->args[1]->kind == EX_COLUMN &&
                  (c->args[0]->index < nl) != (c->args[1]->index < nl);
        if (!eq) continue;
        int x = c->args[0]->index, y = c->args[1]->index;
        if (x >= nl) {
            int t = x;
            x = y;
            y = t;
        }
        /* window_start = window_start and window_end = window_end of windows on both sides */
        int pl = eddy__rel_window_col(j->in[0], x, NULL), pr = eddy__rel_window_col(j->in[1], y - nl, NULL);
        int slot = pl == WP_END ? 2 : 0;
        if (pl == pr && (pl == WP_START || pl == WP_END) && wcol[slot] < 0) {
            wcol[slot] = x;
            wcol[slot + 1] = y - nl;
        }
    }
    return wcol[0] >= 0 && wcol[2] >= 0;
}

/* Through a join satisfying a window join (Flink's getJoinWindowProperties):
 * a side's window columns unless the join can make them NULL; *col becomes
 * the column of input *side. */
static bool join_side(JoinType jt, int nl, int *col, int *side) {
    *side = *col >= nl;
    if (*side) *col -= nl;
    bool nulls = *side ? jt == JOIN_LEFT || jt == JOIN_FULL : jt == JOIN_RIGHT || jt == JOIN_FULL;
    return !nulls;
}

int eddy__rel_window_col(const Rel *r, int col, WindowInfo *wi) {
    bool derived = false;
    while (r && col >= 0 && col < r->ncols) {
        int side = 0, wcol[4];
        switch (r->kind) {
        case REL_WINDOW_TVF: {
            int nin = r->in[0]->ncols;
            if (col < nin || !r->window) return -1;
            if (wi) *wi = (WindowInfo){r->window, r->in[0]->types[r->window->time_col], derived};
            return tvf_prop(col, nin);
        }
        case REL_PROJECT:
        case REL_CALC:
            if (!r->exprs[col] || r->exprs[col]->kind != EX_COLUMN) return -1;
            col = r->exprs[col]->index;
            break;
        case REL_FILTER:
        case REL_SORT: break;
        case REL_RANK: /* a Top-N per window: its partition holds the window */
            if (col >= r->in[0]->ncols || !eddy__rel_window_keys(r->in[0], r->ngroup, r->group, NULL)) return -1;
            derived = true;
            break;
        case REL_CORRELATE:
            if (col >= r->in[0]->ncols) return -1;
            break;
        case REL_JOIN:
            if (!eddy__rel_window_join(r, wcol) || !join_side(r->join, r->in[0]->ncols, &col, &side)) return -1;
            derived = true;
            r = r->in[side];
            continue;
        case REL_AGGREGATE:
            if (!is_window_agg(r) || r->nsets || col >= r->ngroup) return -1;
            col = r->group[col];
            derived = true;
            break;
        default: return -1;
        }
        r = r->in[0];
    }
    return -1;
}

const GroupWindow *eddy__rel_window_keys(const Rel *in, int n, const int *cols, WindowInfo *wi) {
    const GroupWindow *start = NULL, *end = NULL;
    WindowInfo s = {0}, e = {0};
    for (int i = 0; i < n; i++) {
        WindowInfo t;
        int p = eddy__rel_window_col(in, cols[i], &t);
        if (p == WP_START && !start) start = (s = t).window;
        if (p == WP_END && !end) end = (e = t).window;
    }
    if (!start || start != end) return NULL;
    if (wi) *wi = (WindowInfo){start, s.time_type, s.derived || e.derived};
    return start;
}

/* (BATCH's blocking operators -- Sort, Rank, the hash / sort-merge / nested
 * loop joins -- emit their rows after the end of input's watermark has
 * passed: their rows carry no window a window operator above could still
 * take; the aggregation over them is a plain one.) */
int eddy__phys_window_col(const PhysNode *n, int col, WindowInfo *wi) {
    while (n && col >= 0 && col < n->ncols) {
        int side = 0;
        switch (n->kind) {
        case PK_WINDOW_TABLE_FUNCTION: {
            int nin = n->in[0]->ncols;
            if (col < nin || !n->rel || !n->rel->window) return -1;
            if (wi) *wi = (WindowInfo){n->rel->window, n->in[0]->types[n->rel->window->time_col], false};
            return tvf_prop(col, nin);
        }
        case PK_CALC:
            if (!n->exprs[col] || n->exprs[col]->kind != EX_COLUMN) return -1;
            col = n->exprs[col]->index;
            break;
        case PK_EXCHANGE:
        case PK_WATERMARK_ASSIGNER:
        case PK_MINI_BATCH_ASSIGNER: break;
        case PK_EXPAND: /* the input's columns (a window's in every grouping set), then $e */
        case PK_RANK:
        case PK_DEDUPLICATE:
        case PK_WINDOW_RANK:
        case PK_WINDOW_DEDUPLICATE:
        case PK_CORRELATE:
            if (col >= n->in[0]->ncols) return -1;
            break;
        case PK_WINDOW_JOIN:
            if (!join_side(n->join, n->in[0]->ncols, &col, &side)) return -1;
            n = n->in[side];
            continue;
        case PK_WINDOW_AGGREGATE: {
            int first = n->ngroup + n->naggs;
            if (!n->window) {
                /* window columns among the keys (SESSION over a window table function) */
                if (col >= n->ngroup) return -1;
                col = n->group[col];
                break;
            }
            if (col < first || col >= first + n->window_props) return -1;
            if (wi) {
                const Type *tt = NULL;
                if (n->attached) {
                    WindowInfo below;
                    if (eddy__phys_window_col(n->in[0], n->win_end[0], &below) < 0) return -1;
                    tt = below.time_type;
                } else {
                    tt = n->in[0]->types[n->rowtime];
                }
                *wi = (WindowInfo){n->window, tt, true};
            }
            return col - first; /* start, end, window_time in this order */
        }
        default: return -1;
        }
        n = n->in[0];
    }
    return -1;
}

const GroupWindow *eddy__phys_window_keys(const PhysNode *in, int n, const int *cols, int *start, int *end,
                                          WindowInfo *wi) {
    int s = -1, e = -1;
    WindowInfo si = {0}, ei = {0};
    for (int i = 0; i < (cols ? n : in->ncols); i++) {
        int c = cols ? cols[i] : i;
        WindowInfo t;
        int p = eddy__phys_window_col(in, c, &t);
        if (p == WP_START && s < 0) s = c, si = t;
        if (p == WP_END && e < 0) e = c, ei = t;
    }
    if (start) *start = s;
    if (end) *end = e;
    if (e < 0 || (s >= 0 && si.window != ei.window)) return NULL;
    if (wi) *wi = ei;
    return ei.window;
}

bool eddy__phys_is_window_col(const PhysNode *in, int col) {
    int p = eddy__phys_window_col(in, col, NULL);
    return p == WP_START || p == WP_END;
}
