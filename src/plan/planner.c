/*
 * planner.c -- compiling Rels into stream graph nodes: stream scans become
 * input-conversion Calcs, filters and projections fuse into one Calc, VALUES
 * becomes a collection source, UNION ALL a union. Also the output
 * conversion of toDataStream and the insert-only check of sinks that
 * cannot take updates.
 */
#include "plan/plan.h"
#include "runtime/ops/ops.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* The ROW type of a Rel's columns without time attributes (the layout of
 * the batches its node emits). */
static const Type *row_type(Arena *a, int n, const char *const *names, const Type *const *types) {
    const Type **plain = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(n ? n : 1));
    if (!plain) return NULL;
    for (int i = 0; i < n; i++) plain[i] = eddy__type_with_timeattr(a, types[i], TA_NONE);
    return eddy__type_row(a, n, names, plain, false);
}

static StreamNode *calc_node(const PlanEnv *pe, StreamNode *in, const CalcPlan *cp, const char *name,
                             const Type *type) {
    StreamNode *n = eddy__node_new(pe->a, NODE_OPERATOR, name, &eddy__op_calc, cp, type, 1);
    if (!n) return NULL;
    n->in[0] = (StreamInput){in, PART_DEFAULT, NULL, 0};
    return n;
}

static CalcPlan *calc_plan(const PlanEnv *pe) {
    CalcPlan *cp = eddy__arena_alloc(pe->a, sizeof *cp);
    if (!cp) return NULL;
    cp->tz = pe->tz;
    cp->ts_col = -1;
    cp->rowtime_out = -1;
    return cp;
}

eddy_status eddy__plan_rel(const PlanEnv *pe, const Rel *r, StreamNode **out, EdErr *err) {
    Arena *a = pe->a;
    const Type *type = row_type(a, r->ncols, r->names, r->types);
    if (!type) return NOMEM();
    switch (r->kind) {
    case REL_STREAM_SCAN: {
        CalcPlan *cp = calc_plan(pe);
        if (!cp) return NOMEM();
        cp->nexprs = r->ncols;
        cp->exprs = r->exprs;
        cp->insert_only_input = true;
        cp->ts_col = r->uses_ts ? r->stream->ncols : -1;
        cp->watermark = pe->streaming ? r->watermark : NULL;
        cp->source_watermark = r->source_watermark;
        cp->drop_upstream_watermarks = !r->source_watermark;
        cp->skip_null_records = !eddy__type_is_composite(r->stream->type) && r->stream->ncols == 1;
        *out = calc_node(pe, r->stream, cp, "SourceConversion", type);
        return *out ? EDDY_OK : NOMEM();
    }
    case REL_VALUES: {
        ValuesPlan *vp = eddy__arena_alloc(a, sizeof *vp);
        Batch **bs = eddy__arena_alloc(a, sizeof(Batch *));
        if (!vp || !bs) return NOMEM();
        bs[0] = r->values; /* owned by the arena that owns the Rel */
        vp->nbatches = r->nrows > 0 ? 1 : 0;
        vp->batches = bs;
        StreamNode *n = eddy__node_new(a, NODE_SOURCE, "Values", &eddy__op_values, vp, type, 0);
        if (!n) return NOMEM();
        n->fixed_parallelism = true;
        n->bounded = true;
        *out = n;
        return EDDY_OK;
    }
    case REL_FILTER:
    case REL_PROJECT: {
        const Rel *in = r->in[0];
        const Expr *filter = NULL;
        if (r->kind == REL_FILTER) {
            filter = r->cond;
        } else if (in->kind == REL_FILTER) {
            filter = in->cond;
            in = in->in[0];
        }
        StreamNode *child;
        eddy_status rc = eddy__plan_rel(pe, in, &child, err);
        if (rc) return rc;
        CalcPlan *cp = calc_plan(pe);
        if (!cp) return NOMEM();
        cp->filter = filter;
        cp->nexprs = r->ncols;
        if (r->kind == REL_PROJECT) {
            cp->exprs = r->exprs;
        } else {
            const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols ? r->ncols : 1));
            if (!ex) return NOMEM();
            for (int i = 0; i < r->ncols; i++)
                if (!(ex[i] = eddy__expr_column(a, i, in->types[i]))) return NOMEM();
            cp->exprs = ex;
        }
        *out = calc_node(pe, child, cp, "Calc", type);
        return *out ? EDDY_OK : NOMEM();
    }
    case REL_UNION: {
        StreamNode *u = eddy__node_new(a, NODE_UNION, "Union", NULL, NULL, type, r->nin);
        if (!u) return NOMEM();
        for (int i = 0; i < r->nin; i++) {
            StreamNode *child;
            eddy_status rc = eddy__plan_rel(pe, r->in[i], &child, err);
            if (rc) return rc;
            u->in[i] = (StreamInput){child, PART_DEFAULT, NULL, 0};
        }
        *out = u;
        return EDDY_OK;
    }
    }
    return eddy__err(err, EDDY_E_INTERNAL, "unknown plan node");
}

/* "[name: STRING, age: INT]" for sink schema messages. */
static void schema_list(Buf *b, int n, const char *const *names, const Type *const *types) {
    eddy__buf_putc(b, '[');
    for (int i = 0; i < n; i++) {
        if (i) eddy__buf_puts(b, ", ");
        eddy__buf_printf(b, "%s: ", names[i]);
        Type plain = *types[i];
        plain.timeattr = TA_NONE;
        eddy__type_print(b, &plain);
    }
    eddy__buf_putc(b, ']');
}

static eddy_status mismatch(EdErr *err, const char *sink, const char *cause, const Rel *r, int tn,
                            const char *const *tnames, const Type *const *ttypes) {
    Buf b;
    eddy__buf_init(&b);
    eddy__buf_printf(&b, "Column types of query result and sink for '%s' do not match.\nCause: %s\n\nQuery schema: ", sink,
                     cause);
    schema_list(&b, r->ncols, r->names, r->types);
    eddy__buf_puts(&b, "\nSink schema:  ");
    schema_list(&b, tn, tnames, ttypes);
    eddy__err(err, EDDY_E_VALIDATION, "%s", eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return EDDY_E_VALIDATION;
}

eddy_status eddy__plan_to_stream(const PlanEnv *pe, const Rel *r, StreamNode *in, const Type *t, const char *sink_name,
                                 StreamNode **out, EdErr *err) {
    Arena *a = pe->a;
    if (!t) t = row_type(a, r->ncols, r->names, r->types);
    if (!t) return NOMEM();
    int tn = eddy__type_column_count(t);
    const char **tnames = eddy__arena_alloc(a, sizeof(char *) * (size_t)(tn ? tn : 1));
    const Type **ttypes = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(tn ? tn : 1));
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(tn ? tn : 1));
    if (!tnames || !ttypes || !ex) return NOMEM();
    for (int i = 0; i < tn; i++) {
        tnames[i] = eddy__type_column_name(t, i);
        ttypes[i] = eddy__type_column_type(t, i);
    }
    /* map target fields to query columns: by name when every name matches,
     * else by position */
    int *src = eddy__arena_alloc(a, sizeof(int) * (size_t)(tn ? tn : 1));
    if (!src) return NOMEM();
    bool by_name = eddy__type_is_composite(t) && t->root == TY_STRUCTURED;
    for (int i = 0; i < tn && by_name; i++) {
        src[i] = -1;
        for (int k = 0; k < r->ncols; k++)
            if (strcmp(r->names[k], tnames[i]) == 0) src[i] = k;
        if (src[i] < 0) by_name = false;
    }
    if (!by_name) {
        if (tn != r->ncols) return mismatch(err, sink_name, "Different number of columns.", r, tn, tnames, ttypes);
        for (int i = 0; i < tn; i++) src[i] = i;
    }
    for (int i = 0; i < tn; i++) {
        const Type *from = r->types[src[i]];
        if (!eddy__type_implicit_cast(from, ttypes[i])) {
            char *cause = eddy__arena_printf(a, "Incompatible types for sink column '%s' at position %d.", tnames[i], i);
            return mismatch(err, sink_name, cause ? cause : "", r, tn, tnames, ttypes);
        }
        Expr *c = eddy__expr_column(a, src[i], eddy__type_with_timeattr(a, from, TA_NONE)), *x;
        if (!c) return NOMEM();
        if (eddy__expr_cast(a, c, ttypes[i], false, &x, err)) return err->code;
        ex[i] = x;
    }
    CalcPlan *cp = calc_plan(pe);
    if (!cp) return NOMEM();
    cp->nexprs = tn;
    cp->exprs = ex;
    int rt = eddy__rel_rowtime(r);
    if (rt >= 0) {
        /* the rowtime column goes into the record timestamp; it must be
         * read from the query's own column (the target may drop it) */
        int pos = -1;
        for (int i = 0; i < tn; i++)
            if (src[i] == rt) pos = i;
        if (pos < 0) {
            /* evaluate it in an extra hidden column */
            const Expr **ex2 = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(tn + 1));
            if (!ex2) return NOMEM();
            memcpy(ex2, ex, sizeof(Expr *) * (size_t)tn);
            ex2[tn] = eddy__expr_column(a, rt, eddy__type_with_timeattr(a, r->types[rt], TA_NONE));
            if (!ex2[tn]) return NOMEM();
            cp->exprs = ex2;
            cp->nexprs = tn + 1;
            pos = tn;
        }
        cp->rowtime_out = pos;
    } else {
        cp->drop_timestamps = true;
    }
    StreamNode *n = calc_node(pe, in, cp, "SinkConversion", t);
    if (!n) return NOMEM();
    if (cp->nexprs > tn) {
        /* a trailing projection drops the hidden rowtime column */
        CalcPlan *drop = calc_plan(pe);
        const Expr **dx = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(tn ? tn : 1));
        if (!drop || !dx) return NOMEM();
        for (int i = 0; i < tn; i++)
            if (!(dx[i] = eddy__expr_column(a, i, ttypes[i]))) return NOMEM();
        drop->nexprs = tn;
        drop->exprs = dx;
        /* the node's declared layout includes the hidden column */
        const char **nn = eddy__arena_alloc(a, sizeof(char *) * (size_t)(tn + 1));
        const Type **nt = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(tn + 1));
        if (!nn || !nt) return NOMEM();
        memcpy(nn, tnames, sizeof(char *) * (size_t)tn);
        memcpy(nt, ttypes, sizeof(Type *) * (size_t)tn);
        nn[tn] = "$rowtime";
        nt[tn] = eddy__type_with_timeattr(a, r->types[rt], TA_NONE);
        eddy__node_set_type(a, n, eddy__type_row(a, tn + 1, nn, nt, false));
        n = calc_node(pe, n, drop, "SinkConversion", t);
        if (!n) return NOMEM();
    }
    *out = n;
    return EDDY_OK;
}

static const char *kinds_text(unsigned bits) {
    bool upd = bits & (CL_UPDATE_BEFORE | CL_UPDATE_AFTER), del = bits & CL_DELETE;
    return upd && del ? "update and delete" : upd ? "update" : "delete";
}

eddy_status eddy__plan_check_insert_only(const Rel *r, const char *sink, EdErr *err) {
    if (!(r->changelog & ~CL_INSERT)) return EDDY_OK;
    /* the first node from the top that produces the changes */
    const Rel *n = r;
    while (n->nin == 1 && (n->in[0]->changelog & ~CL_INSERT) && (n->kind == REL_PROJECT || n->kind == REL_FILTER))
        n = n->in[0];
    return eddy__err(err, EDDY_E_TABLE, "%s doesn't support consuming %s changes which is produced by node %s", sink,
                     kinds_text(r->changelog & ~CL_INSERT), n->digest ? n->digest : "?");
}
