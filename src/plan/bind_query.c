/*
 * bind_query.c -- binding queries into Rels: FROM (catalog tables and
 * views, subqueries, VALUES, CTEs, relations the Table API names, joins),
 * WHERE, the select list (* and t.* expansion, Calcite's column naming:
 * alias, last identifier part, EXPR$n, made unique with a numeric suffix),
 * aggregation and OVER (bind_agg.c), DISTINCT, set operations, ORDER BY /
 * OFFSET / FETCH, and VALUES; plus literal value lists for
 * eddy_from_values. Query forms the binder cannot express yet fail with
 * "not supported yet: <feature>" at their position.
 */
#include <stdlib.h>

#include "plan/bind_int.h"
#include "sql/parser.h"

static eddy_status bind_q(Binder *b, const AstQuery *q, Rel **out);

#define NOMEM(b) eddy__err((b)->err, EDDY_E_NOMEM, "out of memory")

/* ---- Rels --------------------------------------------------------------------------------- */

Rel *eddy__rel_new(Arena *a, RelKind kind, int ncols, int nin) {
    Rel *r = eddy__arena_alloc(a, sizeof *r);
    if (!r) return NULL;
    r->kind = kind;
    r->ncols = ncols;
    r->nin = nin;
    r->names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(ncols ? ncols : 1));
    r->types = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(ncols ? ncols : 1));
    r->in = eddy__arena_alloc(a, sizeof(Rel *) * (size_t)(nin ? nin : 1));
    r->changelog = CL_INSERT;
    if (!r->names || !r->types || !r->in) return NULL;
    return r;
}

Rel *eddy__rel_project(Arena *a, Rel *in, int n, const Expr *const *exprs, const char *const *names) {
    Rel *r = eddy__rel_new(a, REL_PROJECT, n, 1);
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n ? n : 1));
    if (!r || !ex) return NULL;
    r->in[0] = in;
    for (int i = 0; i < n; i++) {
        ex[i] = exprs[i];
        r->names[i] = names[i];
        r->types[i] = exprs[i]->type;
    }
    r->exprs = ex;
    r->changelog = in->changelog;
    return r;
}

Rel *eddy__rel_filter(Arena *a, Rel *in, const Expr *cond) {
    Rel *f = eddy__rel_new(a, REL_FILTER, in->ncols, 1);
    if (!f) return NULL;
    f->in[0] = in;
    f->cond = cond;
    memcpy(f->names, in->names, sizeof(char *) * (size_t)in->ncols);
    memcpy(f->types, in->types, sizeof(Type *) * (size_t)in->ncols);
    f->changelog = in->changelog;
    return f;
}

bool eddy__rel_is_identity(const Rel *r) {
    if (r->kind != REL_PROJECT || r->ncols != r->in[0]->ncols) return false;
    for (int i = 0; i < r->ncols; i++)
        if (r->exprs[i]->kind != EX_COLUMN || r->exprs[i]->index != i ||
            !eddy__type_equals(r->exprs[i]->type, r->in[0]->types[i], false, false))
            return false;
    return true;
}

int eddy__rel_rowtime(const Rel *r) {
    int found = -1;
    for (int i = 0; i < r->ncols; i++)
        if (r->types[i]->timeattr == TA_ROWTIME) found = found == -1 ? i : -2;
    return found;
}

/* ---- FROM ---------------------------------------------------------------------------------- */

/* A bound table reference: its Rel and the tables it makes visible (one
 * per named input; a join makes those of both sides visible). */
typedef struct From {
    Rel *rel;
    int ntables;
    ScopeTable *tables;
} From;

/* A From of a single input under `alias` (may be NULL). */
static eddy_status from_single(Binder *b, Rel *r, const char *alias, From *out) {
    ScopeTable *t = eddy__arena_alloc(b->a, sizeof *t);
    if (!t) return NOMEM(b);
    *t = (ScopeTable){alias, 0, r->ncols, r->names, r->types};
    out->rel = r;
    out->ntables = 1;
    out->tables = t;
    return EDDY_OK;
}

/* VALUES of one row with no columns (SELECT without FROM, UNNEST alone). */
static eddy_status one_row(Binder *b, Rel **out) {
    Rel *v = eddy__rel_new(b->a, REL_VALUES, 0, 0);
    if (!v) return NOMEM(b);
    v->nrows = 1;
    v->values = eddy__batch_new(0, 1);
    if (!v->values || !eddy__arena_on_cleanup(b->a, (void (*)(void *))eddy__batch_release, v->values)) return NOMEM(b);
    v->changelog = CL_INSERT;
    *out = v;
    return EDDY_OK;
}

static eddy_status rename_columns(Binder *b, Rel *r, AstIdent *const *aliases, int n, const AstPos *pos, Rel **out) {
    if (n == 0) {
        *out = r;
        return EDDY_OK;
    }
    if (n != r->ncols)
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "List of column aliases must have same degree as table; table has "
                                                         "%d columns, whereas alias list has %d columns",
                              r->ncols, n);
    const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)n);
    const char **names = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)n);
    if (!ex || !names) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < n; i++) {
        ex[i] = eddy__expr_column(b->a, i, r->types[i]);
        names[i] = aliases[i]->name;
        if (!ex[i]) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    }
    *out = eddy__rel_project(b->a, r, n, ex, names);
    return *out ? EDDY_OK : eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
}

eddy_status eddy__plan_catalog_rel(const BindEnv *be, const CatalogEntry *ce, int nopts, const TableOption *opts,
                                   Rel **out, EdErr *err) {
    Arena *a = be->a;
    if (nopts && !ce->table)
        return eddy__err(err, EDDY_E_VALIDATION,
                         "View '%s' cannot be enriched with new options. Hints can only be applied to tables.",
                         eddy__path_quoted(a, ce->path));
    if (ce->table) {
        const TableEntry *te = ce->table;
        if (nopts) {
            /* the table's options with the hinted ones laid over them */
            TableEntry *copy = eddy__arena_alloc(a, sizeof *copy);
            TableOption *o = eddy__arena_alloc(a, sizeof(TableOption) * (size_t)(te->def.nopts + nopts));
            if (!copy || !o) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
            *copy = *te;
            int n = te->def.nopts;
            memcpy(o, te->def.opts, sizeof(TableOption) * (size_t)n);
            for (int i = 0; i < nopts; i++) {
                int k = 0;
                while (k < n && strcmp(o[k].key, opts[i].key)) k++;
                o[k] = opts[i];
                if (k == n) n++;
            }
            copy->def.opts = o;
            copy->def.nopts = n;
            te = copy;
        }
        *out = eddy__plan_table_scan(a, te, be->streaming);
        return *out ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    if (ce->view_query) {
        /* a SQL view: expanded from its text, as the session sees it now */
        if (be->view_depth >= 32)
            return eddy__err(err, EDDY_E_VALIDATION, "View '%s' is defined in terms of itself",
                             eddy__path_quoted(a, ce->path));
        BindEnv vbe = *be;
        vbe.sql = ce->view_text;
        vbe.view_depth++;
        Binder b;
        eddy__binder_init(&b, &vbe, err);
        Rel *r;
        eddy_status rc = bind_q(&b, ce->view_query, &r);
        if (!rc) rc = rename_columns(&b, r, ce->view_cols, ce->nview_cols, &ce->view_query->pos, &r);
        eddy__binder_done(&b);
        if (rc) return rc;
        *out = r;
        return EDDY_OK;
    }
    *out = ce->rel;
    return EDDY_OK;
}

static eddy_status bind_join(Binder *b, const AstTableRef *t, From *out);

static bool is_window_tvf(const AstTableRef *t) {
    const AstExpr *c = t->u.function.call;
    const char *fn = c && c->kind == AST_CALL ? c->u.call.name : "";
    return eddy__str_ieq(fn, "TUMBLE") || eddy__str_ieq(fn, "HOP") || eddy__str_ieq(fn, "CUMULATE") ||
           eddy__str_ieq(fn, "SESSION");
}

static eddy_status bind_tref(Binder *b, const AstTableRef *t, From *out);

/* A constant day-time interval argument of a window function, in ms
 * (positive unless it is an offset). */
static eddy_status tvf_interval_of(Binder *b, const AstExpr *e, bool offset, int64_t *out) {
    Scope empty = {0, NULL, 0};
    Expr *x;
    eddy_status rc = eddy__bind_scalar(b, &empty, e, &x);
    if (rc) return rc;
    if (x->kind != EX_LITERAL || x->type->root != TY_INTERVAL_DT || x->value.is_null || (!offset && x->value.u.i <= 0))
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "A window function expects a %sconstant interval of a day-time type.",
                              offset ? "" : "positive ");
    *out = x->value.u.i;
    return EDDY_OK;
}
static eddy_status tvf_interval(Binder *b, const AstExpr *e, int64_t *out) { return tvf_interval_of(b, e, false, out); }

/* TUMBLE(TABLE t, DESCRIPTOR(ts), size [, offset]), HOP(.., slide, size),
 * CUMULATE(.., step, size), SESSION(TABLE t [PARTITION BY k], DESCRIPTOR(ts),
 * gap), positionally or with DATA / TIMECOL / SIZE / SLIDE / STEP / GAP /
 * OFFSET names: the table's columns (the time column no longer a time
 * attribute) and window_start, window_end, window_time. */
static eddy_status bind_window_tvf(Binder *b, const AstExpr *call, Rel **out) {
    const char *fn = call->u.call.name;
    WindowKind kind = eddy__str_ieq(fn, "TUMBLE")     ? WIN_TUMBLE
                      : eddy__str_ieq(fn, "HOP")      ? WIN_HOP
                      : eddy__str_ieq(fn, "CUMULATE") ? WIN_CUMULATE
                                                      : WIN_SESSION;
    /* parameters in order: DATA, TIMECOL, then the intervals */
    static const char *names[][4] = {{"SIZE", "OFFSET", NULL, NULL},
                                     {"SLIDE", "SIZE", "OFFSET", NULL},
                                     {"GAP", NULL, NULL, NULL},
                                     {"STEP", "SIZE", "OFFSET", NULL}};
    const AstExpr *data = NULL, *timecol = NULL, *iv[3] = {NULL, NULL, NULL};
    int positional = 0;
    for (int i = 0; i < call->u.call.nargs; i++) {
        const AstExpr *a = call->u.call.args[i];
        int slot = positional++;
        if (a->kind == AST_NAMED_ARG) {
            const char *n = a->u.named.name.name;
            slot = eddy__str_ieq(n, "DATA") ? 0 : eddy__str_ieq(n, "TIMECOL") ? 1 : -1;
            for (int k = 0; slot < 0 && k < 3 && names[kind][k]; k++)
                if (eddy__str_ieq(n, names[kind][k])) slot = 2 + k;
            if (slot < 0)
                return eddy__bind_err(b, &a->pos, EDDY_E_VALIDATION, "Param '%s' not found in function '%s'", n, fn);
            a = a->u.named.value;
        }
        if (slot == 0) data = a;
        else if (slot == 1) timecol = a;
        else if (slot < 5 && (slot - 2 < 3) && names[kind][slot - 2]) iv[slot - 2] = a;
        else return eddy__bind_err(b, &a->pos, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'", fn);
    }
    int need = kind == WIN_TUMBLE || kind == WIN_SESSION ? 1 : 2;
    if (!data || !timecol || !iv[0] || (need == 2 && !iv[1]))
        return eddy__bind_err(b, &call->pos, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'", fn);
    if (data->kind != AST_TABLE_ARG)
        return eddy__bind_unsupported(b, &data->pos, "window table functions over anything but TABLE t");
    AstTableRef t = {.kind = AST_TREF_TABLE, .pos = data->pos};
    t.u.table.name = data->u.table_arg.table;
    From f;
    eddy_status rc = bind_tref(b, &t, &f);
    if (rc) return rc;
    Rel *in = f.rel;
    if (timecol->kind != AST_CALL || strcmp(timecol->u.call.name, "DESCRIPTOR") || timecol->u.call.nargs != 1 ||
        timecol->u.call.args[0]->kind != AST_IDENT)
        return eddy__bind_err(b, &timecol->pos, EDDY_E_VALIDATION,
                              "A window function expects the time column as DESCRIPTOR(column).");
    const AstName *tn = &timecol->u.call.args[0]->u.ident.name;
    int tc = -1;
    for (int i = 0; i < in->ncols; i++)
        if (!strcmp(in->names[i], tn->parts[tn->nparts - 1])) tc = i;
    if (tc < 0)
        return eddy__bind_err(b, &timecol->pos, EDDY_E_VALIDATION, "Column '%s' not found in any table",
                              tn->parts[tn->nparts - 1]);
    const Type *tt = in->types[tc];
    if (!eddy__type_is_timestamp(tt) || (b->be->streaming && !tt->timeattr))
        return eddy__bind_err(b, &timecol->pos, EDDY_E_VALIDATION,
                              "The window function requires the timecol is a time attribute type, but is %s.",
                              eddy__type_str(b->a, tt));
    GroupWindow *w = eddy__arena_alloc(b->a, sizeof *w);
    if (!w) return NOMEM(b);
    w->kind = kind;
    w->time_col = tc;
    if (kind == WIN_TUMBLE || kind == WIN_SESSION) {
        rc = tvf_interval(b, iv[0], &w->size_ms);
    } else if (!(rc = tvf_interval(b, iv[0], &w->slide_ms))) {
        rc = tvf_interval(b, iv[1], &w->size_ms);
    }
    const AstExpr *off = kind == WIN_TUMBLE ? iv[1] : kind == WIN_SESSION ? NULL : iv[2];
    if (!rc && off) rc = tvf_interval_of(b, off, true, &w->offset_ms);
    if (rc) return rc;
    Rel *r = eddy__rel_new(b->a, REL_WINDOW_TVF, in->ncols + 3, 1);
    if (!r) return NOMEM(b);
    r->in[0] = in;
    for (int i = 0; i < in->ncols; i++) {
        r->names[i] = in->names[i];
        r->types[i] = i == tc ? eddy__type_with_timeattr(b->a, in->types[i], TA_NONE) : in->types[i];
    }
    r->names[in->ncols] = "window_start";
    r->names[in->ncols + 1] = "window_end";
    r->names[in->ncols + 2] = "window_time";
    r->types[in->ncols] = eddy__type_timestamp(b->a, TY_TIMESTAMP, 3, false);
    r->types[in->ncols + 1] = r->types[in->ncols];
    const Type *wt = eddy__type_timestamp(b->a, (TypeRoot)tt->root, 3, false);
    r->types[in->ncols + 2] = b->be->streaming && wt ? eddy__type_with_timeattr(b->a, wt, (TimeAttr)tt->timeattr) : wt;
    /* SESSION(TABLE t PARTITION BY k, ...): the keys */
    int np = data->u.table_arg.npartition;
    int *keys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(np + 1));
    if (!keys) return NOMEM(b);
    ScopeTable st = {f.tables[0].alias, 0, in->ncols, in->names, in->types};
    Scope sc = {1, &st, in->ncols};
    for (int i = 0; i < np; i++) {
        Expr *k;
        if ((rc = eddy__bind_scalar(b, &sc, data->u.table_arg.partition[i], &k))) return rc;
        if (k->kind != EX_COLUMN)
            return eddy__bind_unsupported(b, &data->u.table_arg.partition[i]->pos, "PARTITION BY expressions");
        keys[i] = k->index;
    }
    r->ngroup = np;
    r->group = keys;
    r->window = w;
    r->changelog = in->changelog;
    r->feature = "window table functions (TUMBLE / HOP / CUMULATE / SESSION)";
    const char **knames = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(np + 1));
    if (!knames) return NOMEM(b);
    for (int i = 0; i < np; i++) knames[i] = in->names[keys[i]];
    Buf spec;
    eddy__buf_init(&spec);
    eddy__window_spec(&spec, w, in->names[tc], np, knames);
    r->digest = spec.failed ? NULL : eddy__arena_printf(b->a, "WindowTableFunction(window=[%s])", eddy__buf_cstr(&spec));
    eddy__buf_free(&spec);
    for (int i = 0; i < r->ncols; i++)
        if (!r->types[i] || !r->digest) return NOMEM(b);
    *out = r;
    return EDDY_OK;
}

static eddy_status bind_tref(Binder *b, const AstTableRef *t, From *out) {
    eddy_status rc;
    Rel *r = NULL;
    const char *alias = t->alias ? t->alias->name : NULL;
    switch (t->kind) {
    case AST_TREF_TABLE: {
        const AstName *n = &t->u.table.name;
        if (t->u.table.system_time) return eddy__bind_unsupported(b, &t->pos, "FOR SYSTEM_TIME AS OF outside a join (time travel)");
        if (n->nparts == 1)
            for (int i = 0; i < b->be->nbound && !r; i++)
                if (strcmp(b->be->bound_names[i], n->parts[0]) == 0) r = b->be->bound_rels[i];
        if (n->nparts == 1)
            for (int i = b->ncte - 1; i >= 0 && !r; i--)
                if (strcmp(b->cte_names[i], n->parts[0]) == 0) r = b->cte_rels[i];
        if (!r) {
            const CatalogEntry *ce = b->be->lookup ? b->be->lookup(b->be->lookup_ctx, n->parts, n->nparts) : NULL;
            if (!ce) {
                Buf pb;
                eddy__buf_init(&pb);
                for (int i = 0; i < n->nparts; i++) {
                    if (i) eddy__buf_putc(&pb, '.');
                    eddy__buf_puts(&pb, n->parts[i]);
                }
                rc = eddy__bind_err(b, &n->pos, EDDY_E_VALIDATION, "Object '%s' not found", eddy__buf_cstr(&pb));
                eddy__buf_free(&pb);
                return rc;
            }
            /* OPTIONS('k' = 'v') hints: dynamic table options */
            int nh = 0;
            TableOption *hopts = NULL;
            for (int h = 0; h < t->u.table.nhints; h++) {
                const AstHint *hint = t->u.table.hints[h];
                if (!eddy__str_ieq(hint->name.name, "OPTIONS")) continue;
                TableOption *grown = eddy__arena_alloc(b->a, sizeof(TableOption) * (size_t)(nh + hint->noptions + 1));
                if (!grown) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
                if (nh) memcpy(grown, hopts, sizeof(TableOption) * (size_t)nh);
                hopts = grown;
                for (int k = 0; k < hint->noptions; k++) {
                    if (!hint->options[k]->key)
                        return eddy__bind_err(b, &hint->pos, EDDY_E_VALIDATION,
                                              "Hint [OPTIONS] only support non empty key value options");
                    hopts[nh++] = (TableOption){hint->options[k]->key, hint->options[k]->value};
                }
            }
            if ((rc = eddy__plan_catalog_rel(b->be, ce, nh, hopts, &r, b->err))) {
                if (!b->err->line) {
                    b->err->line = n->pos.line;
                    b->err->col = n->pos.col;
                }
                return rc;
            }
        }
        if (!alias) alias = n->parts[n->nparts - 1];
        break;
    }
    case AST_TREF_SUBQUERY:
        if ((rc = bind_q(b, t->u.subquery.query, &r))) return rc;
        break;
    case AST_TREF_JOIN:
        if ((rc = bind_join(b, t, out))) return rc;
        if (!alias && !t->ncol_aliases) return EDDY_OK;
        /* (a JOIN b) AS j: one table under the new name */
        r = out->rel;
        break;
    case AST_TREF_FUNCTION:
    case AST_TREF_UNNEST: {
        if (t->kind == AST_TREF_FUNCTION && is_window_tvf(t)) {
            if ((rc = bind_window_tvf(b, t->u.function.call, &r))) return rc;
            break;
        }
        /* UNNEST / TABLE(f(..)) alone in FROM: over one row of no columns */
        Rel *one;
        if ((rc = one_row(b, &one))) return rc;
        Scope empty = {0, NULL, 0};
        if ((rc = eddy__bind_correlate(b, one, &empty, t, JOIN_INNER, &r))) return rc;
        return from_single(b, r, alias, out);
    }
    case AST_TREF_MATCH: {
        From in;
        if ((rc = bind_tref(b, t->u.match.input, &in))) return rc;
        Scope isc = {in.ntables, in.tables, in.rel->ncols};
        if ((rc = eddy__bind_match(b, in.rel, &isc, t->u.match.mr, &r))) return rc;
        break;
    }
    }
    if ((rc = rename_columns(b, r, t->col_aliases, t->ncol_aliases, &t->pos, &r))) return rc;
    return from_single(b, r, alias, out);
}

/* Binds a boolean condition of `clause` (WHERE, ON): aggregates are
 * illegal in it. */
static eddy_status bind_condition(Binder *b, const Scope *sc, const AstExpr *e, const char *clause, Expr **out) {
    const char *saved = b->clause;
    b->clause = clause;
    eddy_status rc = eddy__bind_scalar(b, sc, e, out);
    b->clause = saved;
    if (rc) return rc;
    if ((*out)->type->root != TY_BOOLEAN && (*out)->type->root != TY_NULL) {
        if (!b->be->table_api)
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "%s clause must be a condition", clause);
        /* the Table API's filter / join message, with the expression as written */
        Buf t;
        eddy__buf_init(&t);
        eddy__sql_unparse_expr(&t, e);
        char *text = eddy__arena_strndup(b->a, eddy__buf_cstr(&t), t.len);
        eddy__buf_free(&t);
        if (!text) return NOMEM(b);
        char *w = text;
        for (const char *r = text; *r; r++)
            if (*r != '`') *w++ = *r;
        *w = 0;
        rc = eddy__bind_err(b, NULL, EDDY_E_VALIDATION,
                            "Filter operator requires a boolean expression as input, but %s is of type %s", text,
                            eddy__type_str(b->a, (*out)->type));
        return rc;
    }
    return EDDY_OK;
}

static eddy_status temporal_join(Binder *b, const From *l, const AstExpr *as_of, Rel *j);

/* l JOIN LATERAL TABLE(ttf(l.t)) [ON cond] with a temporal table function:
 * the join of l with the function's table FOR SYSTEM_TIME AS OF l.t
 * (temporal_join), the condition the ON clause's or, for a comma join, the
 * WHERE clause's (filter_into_join moves it in). */
static eddy_status bind_temporal_function(Binder *b, const AstTableRef *t, const TableFunc *tf, const From *l,
                                          From *out) {
    const AstTableRef *rt = t->u.join.right;
    const AstExpr *call = rt->u.function.call;
    if (t->u.join.type != AST_JOIN_INNER && t->u.join.type != AST_JOIN_CROSS && t->u.join.type != AST_JOIN_COMMA)
        return eddy__bind_unsupported(b, &t->pos, "temporal table function joins other than INNER joins");
    if (call->u.call.nargs != 1)
        return eddy__bind_err(b, &call->pos, EDDY_E_VALIDATION,
                              "The temporal table function '%s' takes one argument, the time attribute of the left "
                              "table, but was called with %d.",
                              tf->name, call->u.call.nargs);
    if (rt->ncol_aliases)
        return eddy__bind_unsupported(b, &rt->pos, "column aliases of a temporal table function");
    Scope lsc = {l->ntables, l->tables, l->rel->ncols};
    Expr *time;
    eddy_status rc = eddy__bind_scalar(b, &lsc, call->u.call.args[0], &time);
    if (rc) return rc;
    /* the function's time attribute says which join it is: by event time
     * (a rowtime of the left table's), or by processing time (its proctime) */
    TimeAttr fta = (TimeAttr)tf->temporal->types[tf->temporal_time]->timeattr;
    if (time->kind == EX_COLUMN && time->type->timeattr && time->type->timeattr != fta)
        return eddy__bind_err(b, &call->pos, EDDY_E_VALIDATION,
                              "The temporal table function '%s' is defined on a %s attribute; it must be called with "
                              "a %s attribute of the left table.",
                              tf->name, fta == TA_ROWTIME ? "rowtime" : "proctime",
                              fta == TA_ROWTIME ? "rowtime" : "proctime");
    From r = {0};
    if ((rc = from_single(b, tf->temporal, rt->alias ? rt->alias->name : NULL, &r))) return rc;
    int n = l->ntables + 1;
    ScopeTable *tables = eddy__arena_alloc(b->a, sizeof(ScopeTable) * (size_t)n);
    if (!tables) return NOMEM(b);
    for (int i = 0; i < l->ntables; i++) {
        tables[i] = l->tables[i];
        if (rt->alias && l->tables[i].alias && !strcmp(rt->alias->name, l->tables[i].alias))
            return eddy__bind_err(b, &rt->alias->pos, EDDY_E_VALIDATION, "Duplicate relation name '%s' in FROM clause",
                                  rt->alias->name);
    }
    tables[l->ntables] = r.tables[0];
    tables[l->ntables].offset = l->rel->ncols;
    Scope sc = {n, tables, l->rel->ncols + r.rel->ncols};
    Expr *cond = NULL;
    const AstExpr *on = t->u.join.on;
    if (on && !(on->kind == AST_LITERAL && on->u.lit.lit_kind == AST_LIT_TRUE) &&
        (rc = bind_condition(b, &sc, on, "ON", &cond)))
        return rc;
    if ((rc = eddy__bind_join_rel(b, JOIN_INNER, l->rel, r.rel, cond, &out->rel))) return rc;
    if ((rc = temporal_join(b, l, call->u.call.args[0], out->rel))) return rc;
    out->rel->temporal_key = l->rel->ncols + tf->temporal_key;
    out->ntables = n;
    out->tables = tables;
    return EDDY_OK;
}

/* l JOIN UNNEST(..) / LATERAL TABLE(f(..)): a Correlate over l; an INNER
 * join's ON condition filters it, a LEFT join's must be TRUE. */
static eddy_status bind_lateral(Binder *b, const AstTableRef *t, const From *l, From *out) {
    const AstTableRef *rt = t->u.join.right;
    AstJoinType ajt = t->u.join.type;
    const AstExpr *on = t->u.join.on;
    if (ajt == AST_JOIN_RIGHT || ajt == AST_JOIN_FULL)
        return eddy__bind_unsupported(b, &t->pos, "RIGHT and FULL joins with UNNEST or a table function");
    if (t->u.join.natural || t->u.join.nusing)
        return eddy__bind_unsupported(b, &t->pos, "NATURAL joins and joins with USING");
    if (ajt == AST_JOIN_LEFT && !on)
        return eddy__bind_err(b, &t->pos, EDDY_E_VALIDATION,
                              "INNER, LEFT, RIGHT or FULL join requires a condition (NATURAL keyword or ON or USING "
                              "clause)");
    bool on_true = on && on->kind == AST_LITERAL && on->u.lit.lit_kind == AST_LIT_TRUE;
    if (ajt == AST_JOIN_LEFT && !on_true)
        return eddy__bind_unsupported(b, &on->pos, "LEFT JOIN with UNNEST or a table function on a condition other "
                                                   "than TRUE");
    Scope lsc = {l->ntables, l->tables, l->rel->ncols};
    Rel *r;
    eddy_status rc = eddy__bind_correlate(b, l->rel, &lsc, rt, ajt == AST_JOIN_LEFT ? JOIN_LEFT : JOIN_INNER, &r);
    if (rc) return rc;
    ScopeTable *tables = eddy__arena_alloc(b->a, sizeof(ScopeTable) * (size_t)(l->ntables + 1));
    if (!tables) return NOMEM(b);
    memcpy(tables, l->tables, sizeof(ScopeTable) * (size_t)l->ntables);
    int off = l->rel->ncols;
    tables[l->ntables] = (ScopeTable){rt->alias ? rt->alias->name : NULL, off, r->ncols - off, r->names + off,
                                      r->types + off};
    for (int k = 0; rt->alias && k < l->ntables; k++)
        if (l->tables[k].alias && !strcmp(rt->alias->name, l->tables[k].alias))
            return eddy__bind_err(b, &rt->alias->pos, EDDY_E_VALIDATION, "Duplicate relation name '%s' in FROM clause",
                                  rt->alias->name);
    Scope sc = {l->ntables + 1, tables, r->ncols};
    if (on && !on_true) {
        Expr *cond;
        if ((rc = bind_condition(b, &sc, on, "ON", &cond))) return rc;
        if (!(r = eddy__rel_filter(b->a, r, cond))) return NOMEM(b);
    }
    out->rel = r;
    out->ntables = l->ntables + 1;
    out->tables = tables;
    return EDDY_OK;
}

/* COALESCE(x, y) as the binder desugars it: CASE WHEN x IS NOT NULL THEN x
 * ELSE y END, both cast to their common type. NULL on error (err set, or
 * out of memory). */
static Expr *coalesce(Arena *a, Expr *x, Expr *y, EdErr *err) {
    const Type *t = eddy__type_common(a, x->type, y->type);
    if (!t) {
        eddy__err(err, EDDY_E_VALIDATION, "Cannot join on columns of types %s and %s", eddy__type_str(a, x->type),
                  eddy__type_str(a, y->type));
        return NULL;
    }
    Expr *cx, *cy, *nn;
    if (eddy__expr_cast(a, x, t, false, &cx, err) || eddy__expr_cast(a, y, t, false, &cy, err) ||
        eddy__expr_call_name(a, "IS NOT NULL", &cx, 1, &nn, err))
        return NULL;
    Expr *c = eddy__arena_alloc(a, sizeof *c);
    Expr **args = eddy__arena_alloc(a, sizeof(Expr *) * 3);
    if (!c || !args) return NULL;
    args[0] = nn, args[1] = cx, args[2] = cy;
    c->kind = EX_CASE;
    c->type = t;
    c->args = args;
    c->nargs = 3;
    return c;
}

/* The one column of the inputs of a side named `name` (-1: none, -2: several). */
static int side_column(const From *f, const char *name) {
    int found = -1;
    for (int i = 0; i < f->ntables; i++)
        for (int c = 0; c < f->tables[i].ncols; c++)
            if (!strcmp(f->tables[i].names[c], name)) found = found == -1 ? f->tables[i].offset + c : -2;
    return found;
}

/* NATURAL JOIN / JOIN .. USING (c, ..): a join on the equality of the
 * common columns, under the projection Calcite's SELECT * gives it (each
 * common column once -- the left's, the right's for a RIGHT join, COALESCE
 * of both for a FULL join -- then the left's other columns, then the
 * right's). The common columns are seen as the left side's. */
static eddy_status bind_using(Binder *b, const AstTableRef *t, const From *l, const From *r, From *out) {
    Arena *a = b->a;
    int nl = l->rel->ncols, nr = r->rel->ncols;
    int *lcol = eddy__arena_alloc(a, sizeof(int) * (size_t)(nl + 1)), *rcol = eddy__arena_alloc(a, sizeof(int) * (size_t)(nl + 1));
    bool *lcommon = eddy__arena_alloc(a, (size_t)nl + 1), *rcommon = eddy__arena_alloc(a, (size_t)nr + 1);
    if (!lcol || !rcol || !lcommon || !rcommon) return NOMEM(b);
    int nc = 0;
    if (t->u.join.natural) {
        for (int i = 0; i < nl; i++) {
            int k = side_column(r, l->rel->names[i]);
            if (k == -1) continue;
            if (k == -2 || side_column(l, l->rel->names[i]) == -2)
                return eddy__bind_err(b, &t->pos, EDDY_E_VALIDATION, "Column name '%s' in NATURAL join or USING clause is "
                                                                     "not unique on one side of join",
                                      l->rel->names[i]);
            lcol[nc] = i;
            rcol[nc++] = k;
        }
    } else {
        for (int u = 0; u < t->u.join.nusing; u++) {
            const AstIdent *id = t->u.join.using_[u];
            int i = side_column(l, id->name), k = side_column(r, id->name);
            if (i == -1 || k == -1)
                return eddy__bind_err(b, &id->pos, EDDY_E_VALIDATION, "Column '%s' not found in any table", id->name);
            if (i == -2 || k == -2)
                return eddy__bind_err(b, &id->pos, EDDY_E_VALIDATION, "Column name '%s' in NATURAL join or USING clause is "
                                                                      "not unique on one side of join",
                                      id->name);
            lcol[nc] = i;
            rcol[nc++] = k;
        }
    }
    JoinType jt = t->u.join.type == AST_JOIN_LEFT    ? JOIN_LEFT
                  : t->u.join.type == AST_JOIN_RIGHT ? JOIN_RIGHT
                  : t->u.join.type == AST_JOIN_FULL  ? JOIN_FULL
                                                     : JOIN_INNER;
    /* the condition: l.c = r.c AND .. (TRUE without common columns) */
    Expr *cond = NULL;
    eddy_status rc;
    EdErr e2 = {0};
    for (int k = 0; k < nc; k++) {
        lcommon[lcol[k]] = rcommon[rcol[k]] = true;
        Expr *eq, *args[2] = {eddy__expr_column(a, lcol[k], l->rel->types[lcol[k]]),
                              eddy__expr_column(a, nl + rcol[k], r->rel->types[rcol[k]])};
        if (!args[0] || !args[1]) return NOMEM(b);
        if ((rc = eddy__expr_call_name(a, "=", args, 2, &eq, &e2))) break;
        Expr *both[2] = {cond, eq};
        if (!cond) cond = eq;
        else if ((rc = eddy__expr_call_name(a, "AND", both, 2, &cond, &e2))) break;
    }
    if (e2.code) {
        rc = eddy__bind_err(b, &t->pos, e2.code, "%s", e2.msg ? e2.msg : "invalid join condition");
        eddy__err_clear(&e2);
        return rc;
    }
    Rel *j;
    if ((rc = eddy__bind_join_rel(b, jt, l->rel, r->rel, cond, &j))) return rc;
    /* SELECT *'s layout */
    int n = nl + nr - nc, m = 0;
    const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(n + 1));
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    if (!ex || !names) return NOMEM(b);
    for (int k = 0; k < nc; k++) {
        Expr *le = eddy__expr_column(a, lcol[k], j->types[lcol[k]]), *re = eddy__expr_column(a, nl + rcol[k], j->types[nl + rcol[k]]);
        if (!le || !re) return NOMEM(b);
        Expr *x = jt == JOIN_RIGHT ? re : le;
        if (jt == JOIN_FULL && !(x = coalesce(a, le, re, &e2))) {
            rc = eddy__bind_err(b, &t->pos, e2.code ? e2.code : EDDY_E_NOMEM, "%s", e2.msg ? e2.msg : "out of memory");
            eddy__err_clear(&e2);
            return rc;
        }
        ex[m] = x;
        names[m++] = l->rel->names[lcol[k]];
    }
    for (int i = 0; i < nl; i++)
        if (!lcommon[i]) {
            if (!(ex[m] = eddy__expr_column(a, i, j->types[i]))) return NOMEM(b);
            names[m++] = j->names[i];
        }
    int rstart = m;
    for (int i = 0; i < nr; i++)
        if (!rcommon[i]) {
            if (!(ex[m] = eddy__expr_column(a, nl + i, j->types[nl + i]))) return NOMEM(b);
            names[m++] = j->names[nl + i];
        }
    Rel *p = eddy__rel_project(a, j, n, ex, names);
    ScopeTable *tables = eddy__arena_alloc(a, sizeof(ScopeTable) * 2);
    if (!p || !tables) return NOMEM(b);
    const char *la = l->ntables == 1 ? l->tables[0].alias : NULL, *ra = r->ntables == 1 ? r->tables[0].alias : NULL;
    if (la && ra && !strcmp(la, ra))
        return eddy__bind_err(b, &t->u.join.right->pos, EDDY_E_VALIDATION, "Duplicate relation name '%s' in FROM clause", ra);
    tables[0] = (ScopeTable){la, 0, rstart, p->names, p->types};
    tables[1] = (ScopeTable){ra, rstart, n - rstart, p->names + rstart, p->types + rstart};
    out->rel = p;
    out->ntables = 2;
    out->tables = tables;
    return EDDY_OK;
}

/* l JOIN v FOR SYSTEM_TIME AS OF l.t: j (the join) becomes a temporal join:
 * AS OF must name a time attribute of the left side; the versioned side's
 * time attributes become plain timestamps; it emits what its left side
 * does. */
static eddy_status temporal_join(Binder *b, const From *l, const AstExpr *as_of, Rel *j) {
    Scope lsc = {l->ntables, l->tables, l->rel->ncols};
    Expr *t;
    eddy_status rc = eddy__bind_scalar(b, &lsc, as_of, &t);
    if (rc) return rc;
    if (t->kind != EX_COLUMN || !t->type->timeattr)
        return eddy__err(b->err, EDDY_E_VALIDATION,
                         "Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time "
                         "attribute field");
    if (j->join != JOIN_INNER && j->join != JOIN_LEFT)
        return eddy__bind_unsupported(b, &as_of->pos, "temporal joins other than INNER and LEFT joins");
    for (int i = l->rel->ncols; i < j->ncols; i++)
        if (!(j->types[i] = eddy__type_with_timeattr(b->a, j->types[i], TA_NONE))) return NOMEM(b);
    j->changelog = l->rel->changelog;
    j->as_of = t->index;
    j->feature = "temporal joins (FOR SYSTEM_TIME AS OF)";
    j->digest = eddy__arena_printf(b->a, "Temporal%s", j->digest);
    return j->digest ? EDDY_OK : NOMEM(b);
}

/* [INNER | LEFT | RIGHT | FULL] JOIN ... ON, CROSS JOIN and comma joins. */
static eddy_status bind_join(Binder *b, const AstTableRef *t, From *out) {
    From l, r;
    eddy_status rc;
    if ((rc = bind_tref(b, t->u.join.left, &l))) return rc;
    const AstTableRef *rt = t->u.join.right;
    if (rt->kind == AST_TREF_FUNCTION && !is_window_tvf(rt) && rt->u.function.call->kind == AST_CALL &&
        b->be->table_functions) {
        const TableFunc *tf = b->be->table_functions(b->be->functions_ctx, rt->u.function.call->u.call.name);
        if (tf && tf->temporal) return bind_temporal_function(b, t, tf, &l, out);
    }
    if (rt->kind == AST_TREF_UNNEST || (rt->kind == AST_TREF_FUNCTION && !is_window_tvf(rt)))
        return bind_lateral(b, t, &l, out);
    const AstExpr *as_of = rt->kind == AST_TREF_TABLE ? rt->u.table.system_time : NULL;
    int lateral_cor = 0;
    if (as_of) {
        /* a temporal join: the versioned table as it is, AS OF checked below */
        AstTableRef plain = *rt;
        plain.u.table.system_time = NULL;
        rc = bind_tref(b, &plain, &r);
    } else if (rt->kind == AST_TREF_SUBQUERY && rt->u.subquery.lateral) {
        /* LATERAL (query): the left side's columns are visible in it */
        Scope lsc = {l.ntables, l.tables, l.rel->ncols, &lateral_cor};
        Rel *q;
        rc = eddy__bind_inner_query(b, &lsc, rt->u.subquery.query, &q);
        if (!rc) rc = rename_columns(b, q, rt->col_aliases, rt->ncol_aliases, &rt->pos, &q);
        if (!rc) rc = from_single(b, q, rt->alias ? rt->alias->name : NULL, &r);
    } else {
        rc = bind_tref(b, rt, &r);
    }
    if (rc) return rc;
    if (t->u.join.natural || t->u.join.nusing) return bind_using(b, t, &l, &r, out);
    int n = l.ntables + r.ntables;
    ScopeTable *tables = eddy__arena_alloc(b->a, sizeof(ScopeTable) * (size_t)n);
    if (!tables) return NOMEM(b);
    for (int i = 0; i < l.ntables; i++) tables[i] = l.tables[i];
    for (int i = 0; i < r.ntables; i++) {
        tables[l.ntables + i] = r.tables[i];
        tables[l.ntables + i].offset += l.rel->ncols;
        for (int k = 0; k < l.ntables; k++)
            if (r.tables[i].alias && l.tables[k].alias && !strcmp(r.tables[i].alias, l.tables[k].alias))
                return eddy__bind_err(b, rt->alias ? &rt->alias->pos : &rt->pos, EDDY_E_VALIDATION,
                                      "Duplicate relation name '%s' in FROM clause",
                                      r.tables[i].alias);
    }
    Scope sc = {n, tables, l.rel->ncols + r.rel->ncols};
    Expr *cond = NULL;
    JoinType jt = JOIN_INNER;
    switch (t->u.join.type) {
    case AST_JOIN_LEFT: jt = JOIN_LEFT; break;
    case AST_JOIN_RIGHT: jt = JOIN_RIGHT; break;
    case AST_JOIN_FULL: jt = JOIN_FULL; break;
    default: break;
    }
    if (t->u.join.on) {
        if ((rc = bind_condition(b, &sc, t->u.join.on, "ON", &cond))) return rc;
    } else if (jt != JOIN_INNER) {
        return eddy__bind_err(b, &t->pos, EDDY_E_VALIDATION, "INNER, LEFT, RIGHT or FULL join requires a condition (NATURAL keyword or ON or USING clause)");
    }
    if ((rc = eddy__bind_join_rel(b, jt, l.rel, r.rel, cond, &out->rel))) return rc;
    if (as_of && (rc = temporal_join(b, &l, as_of, out->rel))) return rc;
    /* LATERAL (query): the rewrite joins the query decorrelated */
    if (rt->kind == AST_TREF_SUBQUERY && rt->u.subquery.lateral) out->rel->cor = lateral_cor;
    out->ntables = n;
    out->tables = tables;
    return EDDY_OK;
}

/* ---- SELECT -------------------------------------------------------------------------------------- */

const char *eddy__bind_unique_name(Binder *b, const char *name, const char *const *used, int nused) {
    bool clash = false;
    for (int i = 0; i < nused && !clash; i++) clash = strcmp(used[i], name) == 0;
    if (!clash) return name;
    for (int k = 0;; k++) {
        const char *cand = eddy__arena_printf(b->a, "%s%d", name, k);
        if (!cand) return NULL;
        bool taken = false;
        for (int i = 0; i < nused && !taken; i++) taken = strcmp(used[i], cand) == 0;
        if (!taken) return cand;
    }
}

/* Expands the select list (* and t.* into input columns) and appends the
 * hidden ORDER BY expressions. */
static eddy_status select_items(Binder *b, const AstQuery *q, const From *from, AstExpr *const *extra, int nextra,
                                SelItem **out, int *n) {
    ED_VEC(SelItem) items = {0};
    eddy_status rc = EDDY_OK;
    for (int i = 0; i < q->u.select.nitems && !rc; i++) {
        const AstSelectItem *it = q->u.select.items[i];
        if (it->expr->kind != AST_STAR) {
            SelItem si = {it->expr, -1, it->alias ? it->alias->name : NULL, &it->expr->pos};
            if (!ed_vec_push(&items, si)) rc = NOMEM(b);
            continue;
        }
        const AstName *qual = &it->expr->u.ident.name;
        if (!q->u.select.from && qual->nparts == 0) {
            rc = eddy__bind_err(b, &it->expr->pos, EDDY_E_VALIDATION, "SELECT * requires a FROM clause");
            break;
        }
        bool found = qual->nparts == 0;
        for (int t = 0; t < from->ntables && !rc; t++) {
            const ScopeTable *st = &from->tables[t];
            if (qual->nparts > 0 && (!st->alias || strcmp(qual->parts[qual->nparts - 1], st->alias) != 0)) continue;
            found = true;
            for (int c = 0; c < st->ncols; c++) {
                SelItem si = {NULL, st->offset + c, NULL, &it->expr->pos};
                if (!ed_vec_push(&items, si)) rc = NOMEM(b);
            }
        }
        if (!rc && !found)
            rc = eddy__bind_err(b, &it->expr->pos, EDDY_E_VALIDATION, "Unknown identifier '%s'", qual->parts[0]);
    }
    for (int i = 0; i < nextra && !rc; i++) {
        SelItem si = {extra[i], -1, NULL, &extra[i]->pos};
        if (!ed_vec_push(&items, si)) rc = NOMEM(b);
    }
    if (rc) {
        ed_vec_free(&items);
        return rc;
    }
    *out = items.items;
    *n = (int)items.len;
    return EDDY_OK;
}

/* Binds a SELECT. extra: ORDER BY expressions that are not select items;
 * they become trailing hidden columns of *out (the caller drops them). */
static eddy_status bind_select(Binder *b, const AstQuery *q, AstExpr *const *extra, int nextra, Rel **out) {
    eddy_status rc = EDDY_OK;
    From from = {0};
    if (q->u.select.from) {
        if ((rc = bind_tref(b, q->u.select.from, &from))) return rc;
    } else {
        /* SELECT without FROM: one row of no columns */
        Rel *v;
        if ((rc = one_row(b, &v)) || (rc = from_single(b, v, NULL, &from))) return rc;
    }
    Rel *in = from.rel;
    /* subqueries of the WHERE clause and of the select list refer to the
     * FROM row through a correlation variable each (the Filter's, the
     * Project's) */
    int where_cor = 0, select_cor = 0;
    Scope sc = {from.ntables, from.tables, in->ncols, &where_cor};
    if (q->u.select.where) {
        Expr *cond;
        if ((rc = bind_condition(b, &sc, q->u.select.where, "WHERE", &cond))) return rc;
        if (!(in = eddy__rel_filter(b->a, in, cond))) return NOMEM(b);
        in->cor = where_cor;
    }
    sc.cor = &select_cor;
    SelItem *items;
    int n;
    if ((rc = select_items(b, q, &from, extra, nextra, &items, &n))) return rc;
    bool agg = q->u.select.has_group_by || q->u.select.having != NULL, over = false;
    for (int i = 0; i < n; i++) {
        agg = agg || eddy__bind_has_agg(b, items[i].ast);
        over = over || eddy__bind_has_over(b, items[i].ast);
    }
    Expr **exprs = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(n + 1));
    const char **names = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(n + 1));
    if (!exprs || !names) rc = NOMEM(b);
    Rel *base = in;
    /* an aggregating or OVER select list binds over another row than FROM's:
     * a subquery's reference to it has no Rel to take it */
    if (agg || over) sc.cor = NULL;
    SelInput si = {in, &sc};
    if (!rc && agg && over) rc = eddy__bind_unsupported(b, &q->pos, "OVER aggregates in an aggregating query");
    else if (!rc && agg) rc = eddy__bind_aggregate(b, q, si, items, n, exprs, &base);
    else if (!rc && over) rc = eddy__bind_over(b, q, si, items, n, exprs, &base);
    else if (!rc && q->u.select.nwindows) rc = eddy__bind_unsupported(b, &q->pos, "WINDOW clauses without OVER");
    for (int i = 0; !rc && !agg && !over && i < n; i++) {
        if (items[i].ast) rc = eddy__bind_scalar(b, &sc, items[i].ast, &exprs[i]);
        else if (!(exprs[i] = eddy__expr_column(b->a, items[i].col, in->types[items[i].col]))) rc = NOMEM(b);
    }
    for (int i = 0; !rc && i < n; i++) {
        const char *name = items[i].alias;
        if (!name && items[i].ast) name = eddy__bind_derived_name(items[i].ast);
        if (!name && !items[i].ast) name = in->names[items[i].col];
        /* ORDER BY expressions the select list lacks: hidden columns named
         * as Calcite names them (the column's name, or EXPR$<i>) */
        if (!name) name = eddy__arena_printf(b->a, "EXPR$%d", i);
        if (!name) rc = NOMEM(b);
        names[i] = name;
    }
    for (int i = 0; !rc && i < n; i++) {
        names[i] = eddy__bind_unique_name(b, names[i], names, i);
        if (!names[i]) rc = NOMEM(b);
    }
    eddy__free(items);
    if (rc) return rc;
    Rel *r = eddy__rel_project(b->a, base, n, (const Expr *const *)exprs, names);
    if (!r) return NOMEM(b);
    r->cor = select_cor;
    if (q->u.select.distinct) {
        if (nextra) {
            Buf t;
            eddy__buf_init(&t);
            eddy__sql_unparse_expr(&t, extra[0]);
            rc = eddy__bind_err(b, &extra[0]->pos, EDDY_E_VALIDATION, "Expression '%s' is not in the select clause",
                                eddy__buf_cstr(&t));
            eddy__buf_free(&t);
            return rc;
        }
        if ((rc = eddy__bind_distinct(b, r, &r))) return rc;
    }
    *out = r;
    return EDDY_OK;
}

/* ---- VALUES ---------------------------------------------------------------------------------------- */

/* Evaluates a constant expression cast to t into slot i of v. */
static eddy_status put_const(Binder *b, const Expr *x, const Type *t, Vector *v, uint32_t i, const AstPos *pos) {
    Expr *c;
    EdErr e2 = {0};
    if (eddy__expr_cast(b->a, (Expr *)x, t, false, &c, &e2)) {
        eddy_status code = e2.code;
        eddy__bind_err(b, pos, code, "%s", e2.msg ? e2.msg : "cast failed");
        eddy__err_clear(&e2);
        return code;
    }
    if (!eddy__expr_is_constant(c) && c->kind != EX_LITERAL)
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Values must be constant expressions.");
    Value val;
    eddy_status rc = eddy__expr_eval_const(b->a, c, &b->cx, &val);
    if (rc) {
        /* a failing constant cast (e.g. 'abc' to INT) names its value */
        if (!b->err->line && pos) {
            b->err->line = pos->line;
            b->err->col = pos->col;
        }
        return rc;
    }
    eddy__vec_set_value(v, i, &val);
    if (v->failed) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

static eddy_status bind_values_query(Binder *b, const AstQuery *q, Rel **out) {
    int nrows = q->u.values.nrows;
    int ncols = -1;
    Scope empty = {0, NULL, 0};
    Expr ***cells = eddy__arena_alloc(b->a, sizeof(Expr **) * (size_t)(nrows ? nrows : 1));
    if (!cells) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    eddy_status rc;
    for (int r = 0; r < nrows; r++) {
        const AstExpr *row = q->u.values.rows[r];
        int n = (row->kind == AST_CALL && !strcmp(row->u.call.name, "ROW")) ? row->u.call.nargs : 1;
        AstExpr *const *items = n == 1 && !(row->kind == AST_CALL && !strcmp(row->u.call.name, "ROW")) ? &q->u.values.rows[r]
                                                                                                        : row->u.call.args;
        if (ncols < 0) ncols = n;
        else if (n != ncols)
            return eddy__bind_err(b, &row->pos, EDDY_E_VALIDATION, "Values passed to VALUES operator must have compatible types");
        cells[r] = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)n);
        if (!cells[r]) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
        for (int c = 0; c < n; c++)
            if ((rc = eddy__bind_scalar(b, &empty, items[c], &cells[r][c]))) return rc;
    }
    if (ncols < 0) ncols = 0;
    Rel *v = eddy__rel_new(b->a, REL_VALUES, ncols, 0);
    if (!v) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; c < ncols; c++) {
        const Type *t = cells[0][c]->type;
        for (int r = 1; r < nrows; r++) {
            const Type *u = eddy__type_common(b->a, t, cells[r][c]->type);
            if (!u)
                return eddy__bind_err(b, &q->u.values.rows[r]->pos, EDDY_E_VALIDATION,
                                      "Values passed to VALUES operator must have compatible types");
            t = u;
        }
        if (t->root == TY_NULL) t = eddy__type_basic(TY_NULL, true);
        v->types[c] = t;
        v->names[c] = eddy__arena_printf(b->a, "EXPR$%d", c);
    }
    v->values = eddy__batch_new_typed(ncols, v->types, (uint32_t)(nrows ? nrows : 1));
    if (!v->values || !eddy__arena_on_cleanup(b->a, (void (*)(void *))eddy__batch_release, v->values))
        return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    for (int r = 0; r < nrows; r++)
        for (int c = 0; c < ncols; c++)
            if ((rc = put_const(b, cells[r][c], v->types[c], v->values->cols[c], (uint32_t)r, &q->u.values.rows[r]->pos)))
                return rc;
    v->values->n = v->values->count = (uint32_t)nrows;
    v->nrows = nrows;
    *out = v;
    return EDDY_OK;
}

/* ---- set operations ------------------------------------------------------------------------------- */

/* Casts r's columns to the given types with a projection (if needed). */
static eddy_status cast_columns(Binder *b, Rel *r, const Type *const *types, Rel **out) {
    bool same = true;
    for (int i = 0; i < r->ncols && same; i++) same = eddy__type_equals(r->types[i], types[i], false, false);
    if (same) {
        *out = r;
        return EDDY_OK;
    }
    const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)r->ncols);
    if (!ex) return eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
    for (int i = 0; i < r->ncols; i++) {
        Expr *c = eddy__expr_column(b->a, i, r->types[i]), *x;
        EdErr e2 = {0};
        if (!c || eddy__expr_cast(b->a, c, types[i], false, &x, &e2)) {
            eddy__err_move(b->err, &e2);
            return b->err->code ? b->err->code : eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
        }
        ex[i] = x;
    }
    *out = eddy__rel_project(b->a, r, r->ncols, ex, r->names);
    return *out ? EDDY_OK : eddy__err(b->err, EDDY_E_NOMEM, "out of memory");
}

static eddy_status bind_setop(Binder *b, const AstQuery *q, Rel **out) {
    static const char *opname[] = {"UNION", "INTERSECT", "EXCEPT"};
    Rel *l, *r;
    eddy_status rc;
    if ((rc = bind_q(b, q->u.setop.left, &l)) || (rc = bind_q(b, q->u.setop.right, &r))) return rc;
    const char *what = opname[q->u.setop.op];
    if (l->ncols != r->ncols)
        return eddy__bind_err(b, &q->pos, EDDY_E_VALIDATION, "Column count mismatch in %s", what);
    const Type **types = eddy__arena_alloc(b->a, sizeof(Type *) * (size_t)(l->ncols ? l->ncols : 1));
    if (!types) return NOMEM(b);
    for (int i = 0; i < l->ncols; i++) {
        const Type *t = eddy__type_common(b->a, l->types[i], r->types[i]);
        if (!t) return eddy__bind_err(b, &q->pos, EDDY_E_VALIDATION, "Type mismatch in column %d of %s", i + 1, what);
        /* a time attribute survives only when both sides have it */
        if (l->types[i]->timeattr && l->types[i]->timeattr == r->types[i]->timeattr)
            t = eddy__type_with_timeattr(b->a, t, (TimeAttr)l->types[i]->timeattr);
        types[i] = t;
    }
    if ((rc = cast_columns(b, l, types, &l)) || (rc = cast_columns(b, r, types, &r))) return rc;
    if (q->u.setop.op != AST_UNION || !q->u.setop.all) {
        SetOpKind k = q->u.setop.op == AST_UNION ? SETOP_UNION : q->u.setop.op == AST_INTERSECT ? SETOP_INTERSECT : SETOP_EXCEPT;
        return eddy__bind_setop_rel(b, k, q->u.setop.all, l, r, out);
    }
    Rel *u = eddy__rel_new(b->a, REL_UNION, l->ncols, 2);
    if (!u) return NOMEM(b);
    u->in[0] = l;
    u->in[1] = r;
    for (int i = 0; i < l->ncols; i++) {
        u->names[i] = l->names[i];
        u->types[i] = types[i];
    }
    u->changelog = l->changelog | r->changelog;
    *out = u;
    return EDDY_OK;
}

/* ---- queries --------------------------------------------------------------------------------------- */

/* The body of a query without its ORDER BY / OFFSET / FETCH. extra: ORDER
 * BY expressions a SELECT appends as hidden columns. */
static eddy_status bind_body(Binder *b, const AstQuery *q, AstExpr *const *extra, int nextra, Rel **out) {
    switch (q->kind) {
    case AST_Q_SELECT: return bind_select(b, q, extra, nextra, out);
    case AST_Q_SETOP: return bind_setop(b, q, out);
    case AST_Q_VALUES: return bind_values_query(b, q, out);
    case AST_Q_TABLE: {
        AstTableRef t = {.kind = AST_TREF_TABLE, .pos = q->pos};
        t.u.table.name = q->u.table.name;
        From f;
        eddy_status rc = bind_tref(b, &t, &f);
        if (!rc) *out = f.rel;
        return rc;
    }
    }
    return eddy__bind_err(b, &q->pos, EDDY_E_INTERNAL, "unknown query kind");
}

/* An OFFSET / FETCH count: a non-negative integer literal. */
static eddy_status row_count(Binder *b, const AstExpr *e, int64_t *out) {
    if (!e) {
        *out = -1;
        return EDDY_OK;
    }
    if (e->kind != AST_LITERAL || e->u.lit.lit_kind != AST_LIT_INTEGER)
        return eddy__bind_unsupported(b, &e->pos, "OFFSET / FETCH counts other than integer literals");
    char *end;
    long long v = strtoll(e->u.lit.text, &end, 10);
    if (*end || v < 0 || v > INT32_MAX)
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Numeric literal '%s' out of range", e->u.lit.text);
    *out = v;
    return EDDY_OK;
}

/* ORDER BY / OFFSET / FETCH: items name output columns (by alias or
 * ordinal); other expressions of a SELECT are computed as hidden columns
 * and dropped after the sort. */
static eddy_status bind_ordered(Binder *b, const AstQuery *q, Rel **out) {
    int n = q->norder;
    int *keys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1));
    bool *desc = eddy__arena_alloc(b->a, sizeof(bool) * (size_t)(n + 1));
    bool *nf = eddy__arena_alloc(b->a, sizeof(bool) * (size_t)(n + 1));
    AstExpr **extra = eddy__arena_alloc(b->a, sizeof(AstExpr *) * (size_t)(n + 1));
    const AstExpr **pending = eddy__arena_alloc(b->a, sizeof(AstExpr *) * (size_t)(n + 1));
    if (!keys || !desc || !nf || !extra || !pending) return NOMEM(b);
    int nextra = 0;
    eddy_status rc = EDDY_OK;
    /* names of the visible columns, known before binding for SELECT lists */
    for (int i = 0; i < n; i++) {
        const AstOrderItem *o = q->order[i];
        desc[i] = o->desc;
        /* Flink sorts NULLs first ascending and last descending */
        nf[i] = o->nulls ? o->nulls == 1 : !o->desc;
        keys[i] = -1;
        const AstExpr *e = o->expr;
        if (e->kind == AST_LITERAL && e->u.lit.lit_kind == AST_LIT_INTEGER) {
            /* resolved below; a number past any column count is out of range
             * there (0), not an int it would wrap to */
            long ord = strtol(e->u.lit.text, NULL, 10);
            keys[i] = -2 - (ord >= 1 && ord < 900000 ? (int)ord : 0);
            continue;
        }
        pending[i] = e;
    }
    /* a name that is a select alias refers to that column */
    int nvis = -1;
    const char **vis_names = NULL;
    if (q->kind == AST_Q_SELECT) {
        bool star = false;
        for (int i = 0; i < q->u.select.nitems; i++) star = star || q->u.select.items[i]->expr->kind == AST_STAR;
        if (!star) {
            nvis = q->u.select.nitems;
            vis_names = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(nvis + 1));
            if (!vis_names) return NOMEM(b);
            for (int i = 0; i < nvis; i++) {
                const AstSelectItem *it = q->u.select.items[i];
                vis_names[i] = it->alias ? it->alias->name : eddy__bind_derived_name(it->expr);
            }
        }
    }
    for (int i = 0; i < n; i++) {
        const AstExpr *e = pending[i];
        if (!e) continue;
        if (e->kind == AST_IDENT && e->u.ident.name.nparts == 1 && vis_names)
            for (int k = 0; k < nvis && keys[i] == -1; k++)
                if (vis_names[k] && !strcmp(vis_names[k], e->u.ident.name.parts[0])) keys[i] = k;
    }
    /* a name the select list gives (through *) refers to that column */
    Rel *r;
    if ((rc = bind_body(b, q, NULL, 0, &r))) return rc;
    for (int i = 0; i < n; i++) {
        const AstExpr *e = pending[i];
        if (!e || keys[i] != -1 || e->kind != AST_IDENT || e->u.ident.name.nparts != 1) continue;
        int found = -1, count = 0;
        for (int k = 0; k < r->ncols; k++)
            if (!strcmp(r->names[k], e->u.ident.name.parts[0])) {
                found = k;
                count++;
            }
        if (count == 1) keys[i] = found;
    }
    /* other expressions of a SELECT become hidden columns */
    for (int i = 0; i < n && q->kind == AST_Q_SELECT; i++)
        if (pending[i] && keys[i] == -1) {
            keys[i] = -1000000 - nextra; /* hidden column nextra */
            extra[nextra++] = (AstExpr *)pending[i];
        }
    if (nextra && (rc = bind_body(b, q, extra, nextra, &r))) return rc;
    int visible = r->ncols - nextra;
    for (int i = 0; i < n; i++) {
        if (keys[i] <= -1000000) {
            keys[i] = visible + (-1000000 - keys[i]);
        } else if (keys[i] <= -2) {
            int ord = -2 - keys[i];
            if (ord < 1 || ord > visible)
                return eddy__bind_err(b, &q->order[i]->expr->pos, EDDY_E_VALIDATION, "Ordinal out of range");
            keys[i] = ord - 1;
        } else if (keys[i] == -1) {
            /* set operations and VALUES: by output column name */
            const AstExpr *e = pending[i];
            if (e->kind == AST_IDENT && e->u.ident.name.nparts == 1)
                for (int k = 0; k < visible && keys[i] == -1; k++)
                    if (!strcmp(r->names[k], e->u.ident.name.parts[0])) keys[i] = k;
            if (keys[i] == -1) {
                if (e->kind == AST_IDENT)
                    return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Column '%s' not found in any table",
                                          e->u.ident.name.parts[e->u.ident.name.nparts - 1]);
                return eddy__bind_unsupported(b, &e->pos, "ORDER BY expressions over a set operation");
            }
        }
    }
    int64_t offset, fetch;
    if ((rc = row_count(b, q->offset, &offset)) || (rc = row_count(b, q->fetch, &fetch))) return rc;
    Rel *s = eddy__rel_sort(b->a, b->be->streaming, r, n, keys, desc, nf, offset, fetch);
    if (!s) return NOMEM(b);
    if (nextra) {
        const Expr **ex = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(visible + 1));
        if (!ex) return NOMEM(b);
        for (int i = 0; i < visible; i++)
            if (!(ex[i] = eddy__expr_column(b->a, i, s->types[i]))) return NOMEM(b);
        if (!(s = eddy__rel_project(b->a, s, visible, ex, s->names))) return NOMEM(b);
    }
    *out = s;
    return EDDY_OK;
}

eddy_status eddy__bind_query_rel(Binder *b, const AstQuery *q, Rel **out) { return bind_q(b, q, out); }

static eddy_status bind_q(Binder *b, const AstQuery *q, Rel **out) {
    eddy_status rc = EDDY_OK;
    int saved = b->ncte;
    for (int i = 0; i < q->nwith && !rc; i++) {
        const AstCte *cte = q->with[i];
        Rel *r;
        if ((rc = bind_q(b, cte->query, &r))) break;
        AstIdent *const *cols = cte->columns;
        if ((rc = rename_columns(b, r, cols, cte->ncolumns, &cte->pos, &r))) break;
        const char **nn = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(b->ncte + 1));
        Rel **nr = eddy__arena_alloc(b->a, sizeof(Rel *) * (size_t)(b->ncte + 1));
        if (!nn || !nr) return NOMEM(b);
        if (b->ncte) {
            memcpy(nn, b->cte_names, sizeof(char *) * (size_t)b->ncte);
            memcpy(nr, b->cte_rels, sizeof(Rel *) * (size_t)b->ncte);
        }
        nn[b->ncte] = cte->name.name;
        nr[b->ncte] = r;
        b->cte_names = nn;
        b->cte_rels = nr;
        b->ncte++;
    }
    if (!rc) {
        if (q->norder || q->fetch || q->offset) rc = bind_ordered(b, q, out);
        else rc = bind_body(b, q, NULL, 0, out);
    }
    b->ncte = saved;
    return rc;
}

eddy_status eddy__bind_query(const BindEnv *be, const AstQuery *q, Rel **out, EdErr *err) {
    Binder b;
    eddy__binder_init(&b, be, err);
    eddy_status rc = bind_q(&b, q, out);
    eddy__binder_done(&b);
    return rc;
}

/* ---- literal value lists (eddy_from_values) ----------------------------------------------------------- */

static bool is_row_ast(const AstExpr *e) { return e->kind == AST_CALL && !strcmp(e->u.call.name, "ROW"); }

/* Casts a bound value to t: implicitly when allowed, else as CAST does (so
 * '2021-08-21 13:00:00' can fill a TIMESTAMP field). */
static eddy_status put_value(Binder *b, const AstExpr *ast, const Type *t, Vector *v, uint32_t i) {
    Scope empty = {0, NULL, 0};
    Expr *x;
    eddy_status rc = eddy__bind_scalar(b, &empty, ast, &x);
    if (rc) return rc;
    /* a ROW literal for a ROW / STRUCTURED field: field by field */
    if (eddy__type_is_composite(t) && x->type->root == TY_ROW && x->type->nfields != t->nfields)
        return eddy__bind_err(b, &ast->pos, EDDY_E_VALIDATION, "The row has %d fields but the type %s has %d.",
                              x->type->nfields, eddy__type_str(b->a, t), t->nfields);
    if (!x->type->nullable && x->type->root != TY_NULL && t->root != TY_NULL) t = eddy__type_with_nullable(b->a, t, true);
    return put_const(b, x, t, v, i, &ast->pos);
}

eddy_status eddy__bind_values(const BindEnv *be, const Type *t, const AstExprList *list, Batch **out, EdErr *err) {
    Binder b;
    eddy__binder_init(&b, be, err);
    int ncols = eddy__type_column_count(t);
    const Type **ct = eddy__arena_alloc(be->a, sizeof(Type *) * (size_t)(ncols ? ncols : 1));
    eddy_status rc = EDDY_OK;
    if (!ct) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
    for (int c = 0; !rc && c < ncols; c++) ct[c] = eddy__type_column_type(t, c);
    Batch *batch = rc ? NULL : eddy__batch_new_typed(ncols, ct, (uint32_t)(list->nitems ? list->nitems : 1));
    if (!rc && !batch) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool composite = eddy__type_is_composite(t);
    for (int r = 0; !rc && r < list->nitems; r++) {
        const AstExprItem *it = list->items[r];
        const AstExpr *e = it->expr;
        if (composite) {
            AstExpr *const *fields = is_row_ast(e) ? e->u.call.args : &list->items[r]->expr;
            int n = is_row_ast(e) ? e->u.call.nargs : 1;
            if (n != ncols) {
                rc = eddy__bind_err(&b, &e->pos, EDDY_E_VALIDATION, "Value %d has %d fields but the type %s has %d.", r + 1,
                                    n, eddy__type_str(be->a, t), ncols);
                break;
            }
            for (int c = 0; !rc && c < ncols; c++) rc = put_value(&b, fields[c], ct[c], batch->cols[c], (uint32_t)r);
        } else {
            rc = put_value(&b, e, t, batch->cols[0], (uint32_t)r);
        }
        if (!rc && it->row_kind > 0) {
            if (!eddy__batch_ensure_kinds(batch, (uint32_t)list->nitems)) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
            else VEC_DATA(batch->kinds, uint8_t)[r] = (uint8_t)it->row_kind;
        }
    }
    eddy__binder_done(&b);
    if (rc) {
        eddy__batch_release(batch);
        return rc;
    }
    batch->n = batch->count = (uint32_t)list->nitems;
    *out = batch;
    return EDDY_OK;
}
