/*
 * translate_window_rank.c -- the translate functions of the window Top-N
 * (WindowRank) and the window deduplication (WindowDeduplicate): their
 * plans for runtime/ops/window_rank.c; and the window their input's rows
 * carry, as the window operators find and print it.
 */
#include "plan/phys.h"
#include "runtime/ops/keyed_rows.h"
#include "runtime/ops/window_rank.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

const GroupWindow *eddy__attached_window(const PhysNode *n, const Type **time_type) {
    while (n) {
        if ((n->kind == PK_EXCHANGE || n->kind == PK_CALC) && n->nin == 1) {
            n = n->in[0];
        } else if (n->kind == PK_WINDOW_TABLE_FUNCTION && n->rel && n->rel->window) {
            if (time_type) *time_type = n->in[0]->types[n->rel->window->time_col];
            return n->rel->window;
        } else if (n->kind == PK_WINDOW_AGGREGATE && n->window) {
            if (time_type) *time_type = n->in[0]->types[n->rowtime];
            return n->window;
        } else if (n->kind == PK_WINDOW_AGGREGATE && n->nin == 1) {
            n = n->in[0]; /* the windows are its input's columns */
        } else {
            return NULL;
        }
    }
    return NULL;
}

void eddy__attached_window_text(Buf *b, const PhysNode *in, const char *ws, const char *we) {
    const GroupWindow *w = eddy__attached_window(in, NULL);
    if (!w) return;
    Buf t;
    eddy__buf_init(&t);
    eddy__window_spec(&t, w, "\x01", 0, NULL);
    const char *s = eddy__buf_cstr(&t);
    const char *at = strstr(s, "time_col=[\x01]");
    if (at) {
        eddy__buf_put(b, s, (size_t)(at - s));
        if (ws) eddy__buf_printf(b, "win_start=[%s], win_end=[%s]", ws, we);
        eddy__buf_puts(b, at + strlen(ws ? "time_col=[\x01]" : "time_col=[\x01], "));
    }
    eddy__buf_free(&t);
}

static int column(const PhysNode *n, const char *name) {
    for (int i = 0; i < n->ncols; i++)
        if (!strcmp(n->names[i], name)) return i;
    return -1;
}

eddy_status eddy__translate_window_rank(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    bool dedup = p->kind == PK_WINDOW_DEDUPLICATE;
    if (p->rank_fn != RANK_ROW_NUMBER)
        return eddy__err(err, EDDY_E_UNSUPPORTED,
                         "%s() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.",
                         p->rank_fn == RANK_RANK ? "RANK" : "DENSE_RANK");
    const PhysNode *ip = p->in[0];
    const Type *tt = NULL;
    const GroupWindow *w = eddy__attached_window(ip, &tt);
    if (!w || !tt) return eddy__err(err, EDDY_E_INTERNAL, "a window Top-N without a window below");
    if (tt->timeattr == TA_PROCTIME)
        return eddy__err(err, EDDY_E_UNSUPPORTED, dedup ? "Processing time Window Deduplication is not supported yet."
                                                        : "Processing time Window TopN is not supported yet.");
    if (dedup && !p->on_rowtime)
        return eddy__err(err, EDDY_E_UNSUPPORTED, "Processing time Window Deduplication is not supported yet.");
    WinRankPlan *rp = eddy__arena_alloc(cx->a, sizeof *rp);
    int *keys = eddy__arena_alloc(cx->a, sizeof(int) * (size_t)(p->ngroup + 1));
    bool *nf = eddy__arena_alloc(cx->a, (size_t)p->norder + 1);
    if (!rp || !keys || !nf) return NOMEM();
    memset(rp, 0, sizeof *rp);
    int nk = 0;
    for (int i = 0; i < p->ngroup; i++) {
        const char *name = ip->names[p->group[i]];
        if (strcmp(name, "window_start") && strcmp(name, "window_end")) keys[nk++] = p->group[i];
    }
    for (int i = 0; i < p->norder; i++) nf[i] = p->nulls_first ? p->nulls_first[i] : !p->desc[i];
    rp->nin = ip->ncols;
    rp->ngroup = nk;
    rp->group = keys;
    rp->norder = p->norder;
    rp->order = p->order;
    rp->desc = p->desc;
    rp->nulls_first = nf;
    rp->start = p->rank_start;
    rp->end = p->rank_end;
    rp->output_rank = p->output_rank;
    rp->new_first = dedup && p->keep_last;
    rp->wend_col = column(ip, "window_end");
    rp->ltz = tt->root == TY_TIMESTAMP_LTZ ? (cx->pe->tz ? cx->pe->tz : eddy__tz_utc()) : NULL;
    rp->name = dedup ? "WindowDeduplicate" : "WindowRank";
    if (rp->wend_col < 0) return eddy__err(err, EDDY_E_INTERNAL, "a window Top-N without window_end");
    if (!(rp->key_type = ops_key_type(cx, ip, nk, keys))) return NOMEM();
    return ops_keyed_node(cx, p, rp->name, &eddy__op_window_rank, rp, nk, in, out, err);
}
