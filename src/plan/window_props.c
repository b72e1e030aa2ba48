/*
 * window_props.c -- window properties (Flink's RelWindowProperties): which
 * columns of a Rel or PhysNode are the window_start, window_end and
 * window_time of a window table function's windows, followed through
 * projections and renames, filters, ranks and window aggregations (whose
 * window keys stay window properties). The window operators are chosen
 * and planned from these properties, never from column names.
 */
#include "plan/phys.h"

/* What a window property of a table function's output is: start, end, time. */
static int tvf_prop(int col, int nin) { return col - nin == 0 ? WP_START : col - nin == 1 ? WP_END : WP_ROWTIME; }

static bool is_window_agg(const Rel *r) {
    return r->kind == REL_AGGREGATE && !r->window && r->feature && !strncmp(r->feature, "window aggregations", 19);
}

int eddy__rel_window_col(const Rel *r, int col, WindowInfo *wi) {
    bool derived = false;
    while (r && col >= 0 && col < r->ncols) {
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
        case REL_RANK:
            if (col >= r->in[0]->ncols) return -1;
            derived = true;
            break;
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

int eddy__phys_window_col(const PhysNode *n, int col, WindowInfo *wi) {
    while (n && col >= 0 && col < n->ncols) {
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
            if (col >= n->in[0]->ncols) return -1;
            break;
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
