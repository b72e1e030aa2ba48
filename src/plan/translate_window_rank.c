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

void eddy__attached_window_text(Buf *b, const GroupWindow *w, const char *ws, const char *we) {
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

eddy_status eddy__translate_window_rank(TranslateCtx *cx, const PhysNode *p, const TransOut *in, TransOut *out,
                                        EdErr *err) {
    bool dedup = p->kind == PK_WINDOW_DEDUPLICATE;
    if (p->rank_fn != RANK_ROW_NUMBER)
        return eddy__err(err, EDDY_E_UNSUPPORTED,
                         "%s() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.",
                         p->rank_fn == RANK_RANK ? "RANK" : "DENSE_RANK");
    const PhysNode *ip = p->in[0];
    WindowInfo wi;
    if (eddy__phys_window_col(ip, p->win_end[0], &wi) != WP_END)
        return eddy__err(err, EDDY_E_INTERNAL, "a window Top-N without a window below");
    const Type *tt = wi.time_type;
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
    for (int i = 0; i < p->ngroup; i++)
        if (p->group[i] != p->win_start[0] && p->group[i] != p->win_end[0]) keys[nk++] = p->group[i];
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
    rp->wend_col = p->win_end[0];
    rp->ltz = tt->root == TY_TIMESTAMP_LTZ ? (cx->pe->tz ? cx->pe->tz : eddy__tz_utc()) : NULL;
    rp->name = dedup ? "WindowDeduplicate" : "WindowRank";
    if (!(rp->key_type = ops_key_type(cx, ip, nk, keys))) return NOMEM();
    return ops_keyed_node(cx, p, rp->name, &eddy__op_window_rank, rp, nk, in, out, err);
}
