/*
 * planner.c -- compiling Rels into stream graph nodes: stream scans become
 * input-conversion Calcs, filters and projections fuse into one Calc, VALUES
 * becomes a collection source, UNION ALL a union, UNNEST and LATERAL TABLE
 * a Correlate. Also the output
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


/* The connector of a table, checked for the role it plays (a source, or a
 * sink) and against its options. */
static eddy_status table_connector(const TableDef *def, bool sink, const Connector **out, EdErr *err) {
    const char *cname = eddy__table_option(def, "connector");
    const Connector *c = eddy__connector_lookup(cname);
    if (!c) return eddy__connector_unknown(cname, def->path, err);
    if (sink ? !c->sink : !c->source)
        return eddy__err(err, EDDY_E_VALIDATION, "Connector '%s' can only be used as a %s. It cannot be used as a %s.",
                         c->name, sink ? "source" : "sink", sink ? "sink" : "source");
    *out = c;
    return eddy__connector_validate(c, def, err);
}

static bool deterministic(const Expr *e) {
    if (e->kind == EX_CALL && e->fn && (e->fn->flags & FN_NONDETERMINISTIC)) return false;
    for (int i = 0; i < e->nargs; i++)
        if (!deterministic(e->args[i])) return false;
    return true;
}

eddy_status eddy__plan_fuse_calc(Arena *a, const Rel *r, CalcFuse *out, EdErr *err) {
    const Rel *in = r->in[0];
    const Expr *filter = r->kind == REL_FILTER ? r->cond : NULL;
    const Expr **exprs = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(r->ncols + 1));
    if (!exprs) return NOMEM();
    for (int i = 0; i < r->ncols; i++)
        if (!(exprs[i] = r->kind == REL_PROJECT ? r->exprs[i] : eddy__expr_column(a, i, in->types[i]))) return NOMEM();
    for (;;) {
        if (in->kind == REL_FILTER) {
            /* the lower condition first, as Flink merges them */
            if (filter) {
                Expr *args[2] = {(Expr *)in->cond, (Expr *)filter}, *and;
                eddy_status rc = eddy__expr_call_name(a, "AND", args, 2, &and, err);
                if (rc) return rc;
                filter = and;
            } else {
                filter = in->cond;
            }
            in = in->in[0];
            continue;
        }
        if (in->kind != REL_PROJECT) break;
        bool det = true;
        for (int i = 0; i < in->ncols && det; i++) det = deterministic(in->exprs[i]);
        if (!det) break;
        for (int i = 0; i < r->ncols; i++)
            if (!(exprs[i] = eddy__expr_subst(a, exprs[i], in->exprs, in->ncols))) return NOMEM();
        if (filter && !(filter = eddy__expr_subst(a, filter, in->exprs, in->ncols))) return NOMEM();
        in = in->in[0];
    }
    bool identity = !filter && r->ncols == in->ncols;
    for (int i = 0; i < r->ncols && identity; i++)
        identity = exprs[i]->kind == EX_COLUMN && exprs[i]->index == i &&
                   eddy__type_equals(exprs[i]->type, in->types[i], false, false);
    *out = (CalcFuse){in, filter, exprs, identity};
    return EDDY_OK;
}

bool eddy__plan_calc_has_subquery(const CalcFuse *f, int n) {
    bool has = eddy__expr_has_subquery(f->filter);
    for (int i = 0; i < n && !has; i++) has = eddy__expr_has_subquery(f->exprs[i]);
    return has;
}

eddy_status eddy__plan_rel(const PlanEnv *pe, const Rel *r, StreamNode **out, EdErr *err) {
    Arena *a = pe->a;
    const Type *type = row_type(a, r->ncols, r->names, r->types);
    if (!type) return NOMEM();
    if (eddy__rel_has_subquery(r)) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: subqueries");
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
    case REL_TABLE_SCAN: {
        const TableEntry *t = r->table;
        const Connector *c;
        eddy_status rc = table_connector(&t->def, false, &c, err);
        if (rc) return rc;
        if (t->nmeta && !c->metadata)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Table '%s' declares metadata columns, but the underlying DynamicTableSource doesn't "
                             "implement the SupportsReadingMetadata interface. Therefore, metadata cannot be read from "
                             "the given source.",
                             t->def.path);
        for (int k = 0; k < t->nmeta; k++)
            if (!eddy__connector_metadata_type(c, t->meta_keys[k])) {
                Buf b;
                eddy__buf_init(&b);
                for (int m = 0; c->metadata[m]; m++) eddy__buf_printf(&b, "\n%s", c->metadata[m]);
                eddy__err(err, EDDY_E_VALIDATION,
                          "Invalid metadata key '%s' in column '%s' of table '%s'. The connector '%s' supports the "
                          "following metadata keys for reading:%s",
                          t->meta_keys[k], t->meta_names[k], t->def.path, c->name, eddy__buf_cstr(&b));
                eddy__buf_free(&b);
                return EDDY_E_VALIDATION;
            }
        int nsrc = t->nphys + t->nmeta;
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(nsrc ? nsrc : 1));
        const Type **types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(nsrc ? nsrc : 1));
        if (!names || !types) return NOMEM();
        for (int k = 0; k < t->nphys; k++) {
            names[k] = t->phys_names[k];
            types[k] = t->phys_types[k];
        }
        for (int k = 0; k < t->nmeta; k++) {
            names[t->nphys + k] = eddy__arena_printf(a, "$meta%d", k);
            types[t->nphys + k] = t->meta_types[k];
        }
        ConnectorCtx cx = {.a = a,
                           .def = &t->def,
                           .nphys = t->nphys,
                           .phys_names = t->phys_names,
                           .phys_types = t->phys_types,
                           .nmeta = t->nmeta,
                           .meta_keys = t->meta_keys,
                           .meta_types = t->meta_types,
                           .streaming = pe->streaming,
                           .tz = pe->tz};
        SourceSpec ss = {0};
        if ((rc = c->source(&cx, &ss, err))) return rc;
        if (!pe->streaming && !ss.bounded)
            return eddy__err(err, EDDY_E_VALIDATION,
                             "Querying an unbounded table '%s' in batch mode is not allowed. The table source is "
                             "unbounded.",
                             t->def.path);
        StreamNode *src = eddy__node_new(a, NODE_SOURCE, ss.name ? ss.name : "TableSourceScan", ss.vt, ss.plan,
                                         eddy__type_row(a, nsrc, names, types, false), 0);
        if (!src) return NOMEM();
        src->parallelism = ss.parallelism;
        src->fixed_parallelism = ss.parallelism == 1;
        src->bounded = ss.bounded;
        CalcPlan *cp = calc_plan(pe);
        if (!cp) return NOMEM();
        cp->nexprs = r->ncols;
        cp->exprs = r->exprs;
        cp->watermark = pe->streaming ? r->watermark : NULL;
        cp->drop_upstream_watermarks = true;
        *out = calc_node(pe, src, cp, "Calc", type);
        if (*out) (*out)->parallelism = ss.parallelism;
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
        CalcFuse f;
        eddy_status rc = eddy__plan_fuse_calc(a, r, &f, err);
        if (rc) return rc;
        if (eddy__plan_calc_has_subquery(&f, r->ncols)) return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: subqueries");
        StreamNode *child;
        if ((rc = eddy__plan_rel(pe, f.input, &child, err))) return rc;
        /* a projection that keeps its input as it is needs no operator */
        if (f.identity) {
            *out = child;
            return EDDY_OK;
        }
        CalcPlan *cp = calc_plan(pe);
        if (!cp) return NOMEM();
        cp->filter = f.filter;
        cp->nexprs = r->ncols;
        cp->exprs = f.exprs;
        *out = calc_node(pe, child, cp, "Calc", type);
        return *out ? EDDY_OK : NOMEM();
    }
    case REL_SORT: {
        if (pe->streaming && r->nkeys)
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s", r->feature ? r->feature : "ORDER BY");
        StreamNode *child;
        eddy_status rc = eddy__plan_rel(pe, r->in[0], &child, err);
        if (rc) return rc;
        SortPlan *sp = eddy__arena_alloc(a, sizeof *sp);
        if (!sp) return NOMEM();
        *sp = (SortPlan){r->nkeys, r->keys, r->desc, r->nulls_first, r->offset, r->fetch};
        StreamNode *n = eddy__node_new(a, NODE_OPERATOR, r->nkeys ? "SortLimit" : "Limit", &eddy__op_sort, sp, type, 1);
        if (!n) return NOMEM();
        /* one global subtask sees every row */
        n->in[0] = (StreamInput){child, PART_GLOBAL, NULL, 0};
        n->parallelism = 1;
        n->fixed_parallelism = true;
        *out = n;
        return EDDY_OK;
    }
    case REL_CORRELATE: {
        StreamNode *child;
        eddy_status rc = eddy__plan_rel(pe, r->in[0], &child, err);
        if (rc) return rc;
        CorrelatePlan *cp = eddy__arena_alloc(a, sizeof *cp);
        if (!cp) return NOMEM();
        const Rel *in = r->in[0];
        const TableFunc *tf = r->tfunc;
        *cp = (CorrelatePlan){.nin = in->ncols,
                              .nargs = r->nargs,
                              .args = r->exprs,
                              .tz = pe->tz,
                              .outer = r->join == JOIN_LEFT,
                              .ordinality = r->ordinality};
        if (tf) {
            cp->fn = tf->eval;
            cp->ctx = tf->ctx;
            cp->fn_name = tf->name;
            cp->args_row = tf->args_row;
            cp->fn_row = tf->row;
            cp->nfn = tf->ncols;
            cp->fn_types = tf->types;
        }
        StreamNode *n = eddy__node_new(a, NODE_OPERATOR, "Correlate", &eddy__op_correlate, cp, type, 1);
        if (!n) return NOMEM();
        n->in[0] = (StreamInput){child, PART_DEFAULT, NULL, 0};
        *out = n;
        return EDDY_OK;
    }
    case REL_AGGREGATE:
    case REL_OVER:
    case REL_JOIN:
    case REL_SETOP:
    case REL_WINDOW_TVF:
    case REL_MATCH:
        return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s", r->feature ? r->feature : "this operation");
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

eddy_status eddy__plan_insert(const PlanEnv *pe, const Rel *query, const TableEntry *sink, const InsertSpec *ins,
                              StreamNode **out, EdErr *err) {
    Arena *a = pe->a;
    const Connector *c;
    eddy_status rc = table_connector(&sink->def, true, &c, err);
    if (rc) return rc;
    for (int k = 0; k < sink->nmeta; k++)
        if (!sink->meta_virtual[k])
            return eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: writing metadata column '%s' to a %s sink",
                             sink->meta_keys[k], c->name);
    const char *sink_id = ins->sink_name ? ins->sink_name : sink->def.path;
    if (ins->overwrite && !(c->sink_abilities & CONN_SINK_OVERWRITE))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "INSERT OVERWRITE requires that the underlying DynamicTableSink of table '%s' implements the "
                         "SupportsOverwrite interface.",
                         sink_id);
    if ((sink->def.npart || ins->nstatic) && !(c->sink_abilities & CONN_SINK_PARTITIONING))
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Table '%s' is a partitioned table, but the underlying DynamicTableSink doesn't implement the "
                         "SupportsPartitioning interface.",
                         sink_id);
    int np = sink->nphys;
    /* which query column feeds each physical sink column (-1: NULL, -2 - i:
     * static partition value i) */
    int *src = eddy__arena_alloc(a, sizeof(int) * (size_t)(np ? np : 1));
    if (!src) return NOMEM();
    for (int k = 0; k < np; k++) src[k] = -1;
    for (int i = 0; i < ins->nstatic; i++) {
        int k = -1;
        for (int m = 0; m < np; m++)
            if (!strcmp(sink->phys_names[m], ins->static_names[i])) k = m;
        bool part = false;
        for (int j = 0; j < sink->def.npart && !part; j++) part = !strcmp(sink->def.partition_keys[j], ins->static_names[i]);
        if (k < 0 || !part)
            return eddy__err(err, EDDY_E_VALIDATION, "Static partition column '%s' is not a partition key of table '%s'.",
                             ins->static_names[i], sink_id);
        if (src[k] != -1)
            return eddy__err(err, EDDY_E_VALIDATION, "Partition column '%s' is given more than once.", ins->static_names[i]);
        src[k] = -2 - i;
    }
    int expected = 0;
    if (ins->ncolumns) {
        for (int i = 0; i < ins->ncolumns; i++) {
            int k = -1;
            for (int m = 0; m < np; m++)
                if (!strcmp(sink->phys_names[m], ins->columns[i])) k = m;
            if (k < 0) return eddy__err(err, EDDY_E_VALIDATION, "Unknown target column '%s'", ins->columns[i]);
            if (src[k] != -1)
                return eddy__err(err, EDDY_E_VALIDATION, "Target column '%s' is assigned more than once", ins->columns[i]);
            src[k] = expected++;
        }
    } else {
        for (int k = 0; k < np; k++)
            if (src[k] == -1) src[k] = expected++;
    }
    if (query->ncols != expected)
        return mismatch(err, sink_id, "Different number of columns.", query, np, sink->phys_names, sink->phys_types);
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(np ? np : 1));
    if (!ex) return NOMEM();
    for (int k = 0; k < np; k++) {
        const Type *to = sink->phys_types[k];
        if (src[k] <= -2) {
            Expr *x;
            if ((rc = eddy__expr_cast(a, (Expr *)ins->static_values[-2 - src[k]], to, false, &x, err))) return rc;
            ex[k] = x;
            continue;
        }
        if (src[k] < 0) {
            if (!to->nullable)
                return eddy__err(err, EDDY_E_VALIDATION, "Column '%s' has no default value and does not allow NULLs",
                                 sink->phys_names[k]);
            ex[k] = eddy__expr_null(a, to);
            if (!ex[k]) return NOMEM();
            continue;
        }
        const Type *from = query->types[src[k]];
        if (!eddy__type_implicit_cast(from, to)) {
            char *cause = eddy__arena_printf(a, "Incompatible types for sink column '%s' at position %d.",
                                             sink->phys_names[k], k);
            return mismatch(err, sink_id, cause ? cause : "", query, np, sink->phys_names, sink->phys_types);
        }
        Expr *col = eddy__expr_column(a, src[k], eddy__type_with_timeattr(a, from, TA_NONE)), *x;
        if (!col) return NOMEM();
        if ((rc = eddy__expr_cast(a, col, to, false, &x, err))) return rc;
        ex[k] = x;
    }
    ConnectorCtx cx = {.a = a,
                       .def = &sink->def,
                       .nphys = np,
                       .phys_names = sink->phys_names,
                       .phys_types = sink->phys_types,
                       .streaming = pe->streaming,
                       .tz = pe->tz,
                       .overwrite = ins->overwrite};
    SinkSpec ss = {0};
    if ((rc = c->sink(&cx, &ss, err))) return rc;
    if (query->changelog & ~ss.accepts) {
        char *who = eddy__arena_printf(a, "Table sink '%s'", sink_id);
        return eddy__plan_check_insert_only(query, who ? who : sink_id, err);
    }
    StreamNode *in;
    if ((rc = eddy__plan_rel(pe, query, &in, err))) return rc;
    const Type *row = eddy__type_row(a, np, sink->phys_names, sink->phys_types, false);
    CalcPlan *cp = calc_plan(pe);
    if (!row || !cp) return NOMEM();
    cp->nexprs = np;
    cp->exprs = ex;
    StreamNode *conv = calc_node(pe, in, cp, "SinkConversion", row);
    if (!conv) return NOMEM();
    StreamNode *sn = eddy__node_new(a, NODE_SINK, ss.name ? ss.name : "Sink", ss.vt, ss.plan, row, 1);
    if (!sn) return NOMEM();
    sn->in[0] = (StreamInput){conv, PART_DEFAULT, NULL, 0};
    sn->parallelism = ss.parallelism;
    *out = sn;
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
