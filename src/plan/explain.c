/*
 * explain.c -- EXPLAIN: the plans of queries and INSERTs in Flink's layout.
 *
 *   == Abstract Syntax Tree ==        the logical plan (Rels) with Calcite's
 *                                     node names and RexNode expressions
 *   == Optimized Physical Plan ==     the physical plan (phys.h) as
 *                                     phys_explain.c prints it, expressions
 *                                     in digest form, with CHANGELOG_MODE and
 *                                     ESTIMATED_COST annotations
 *   == Optimized Execution Plan ==    the same tree, expressions in infix form
 *   == Physical Execution Plan ==     (JSON_EXECUTION_PLAN) the stream graph
 *                                     nodes eddy builds, as JSON
 *
 * UNNEST and LATERAL TABLE print as Calcite's LogicalCorrelate over the
 * left side and an Uncollect or LogicalTableFunctionScan; aggregates,
 * joins and OVER as LogicalAggregate, LogicalJoin and a LogicalProject of
 * RexOver calls. A plan with a node eddy has no operator for makes EXPLAIN
 * fail with "not supported yet: <feature>", unless the session sets
 * 'eddy.explain.show-unsupported' = 'true'.
 */
#include "plan/explain_int.h"
#include "plan/phys.h"
#include "types/format.h"

#define NOMEM() eddy__err(err, EDDY_E_NOMEM, "out of memory")

/* ---- a tree of lines, printed with Calcite's +- / :- prefixes --------------------------------- */

typedef struct TNode {
    char *text;
    struct TNode **kids;
    int nkids;
} TNode;

static TNode *tnode(Arena *a, char *text, int nkids) {
    TNode *t = eddy__arena_alloc(a, sizeof *t);
    TNode **kids = eddy__arena_alloc(a, sizeof(TNode *) * (size_t)(nkids + 1));
    if (!t || !kids || !text) return NULL;
    t->text = text;
    t->kids = kids;
    t->nkids = nkids;
    return t;
}

static void print_tree(Buf *b, const TNode *t, Buf *prefix, bool root, bool last) {
    size_t saved = prefix->len;
    if (!root) {
        eddy__buf_put(b, prefix->data, prefix->len);
        eddy__buf_puts(b, last ? "+- " : ":- ");
        eddy__buf_puts(prefix, last ? "   " : ":  ");
    }
    eddy__buf_puts(b, t->text);
    eddy__buf_putc(b, '\n');
    for (int i = 0; i < t->nkids; i++) print_tree(b, t->kids[i], prefix, false, i == t->nkids - 1);
    prefix->len = saved;
}

/* The same tree as Calcite's RelOptUtil.toString prints it: two spaces a level. */
static void print_plain(Buf *b, const TNode *t, int depth) {
    for (int i = 0; i < depth; i++) eddy__buf_puts(b, "  ");
    eddy__buf_puts(b, t->text);
    eddy__buf_putc(b, '\n');
    for (int i = 0; i < t->nkids; i++) print_plain(b, t->kids[i], depth + 1);
}

/* Arena copy of a Buf's text (freeing the Buf). */
static char *take(Arena *a, Buf *t) {
    char *s = t->failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(t), t->len);
    eddy__buf_free(t);
    return s;
}

/* ---- names and values shared by the sections --------------------------------------------------- */

void eddy__explain_table_list(Buf *b, const char *path) {
    const char *anon = strstr(path, "*anonymous_");
    if (anon) {
        eddy__buf_puts(b, anon);
        return;
    }
    for (const char *p = path; *p; p++) {
        if (*p == '.') eddy__buf_puts(b, ", ");
        else eddy__buf_putc(b, *p);
    }
}

void eddy__explain_names(Buf *b, int n, const char *const *names) {
    for (int i = 0; i < n; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", names[i]);
}

void eddy__explain_tuples(Buf *b, const Rel *r) {
    eddy__buf_putc(b, '[');
    for (int row = 0; row < r->nrows; row++) {
        eddy__buf_puts(b, row ? ", { " : "{ ");
        if (r->ncols == 0) eddy__buf_putc(b, '0'); /* Calcite's one-row VALUES of column ZERO */
        for (int c = 0; c < r->ncols; c++) {
            Value v;
            eddy__vec_get_value(r->values->cols[c], (uint32_t)row, &v);
            if (c) eddy__buf_puts(b, ", ");
            eddy__plan_literal_text(b, &v, r->types[c], !eddy__type_is_string(r->types[c]));
        }
        eddy__buf_puts(b, " }");
    }
    eddy__buf_putc(b, ']');
}

/* The input names of a scan's conversion: the stream's (or connector's)
 * columns, and "rowtime" for the record timestamp. */
static const char **scan_fields(Arena *a, const Rel *r, int *n) {
    if (r->kind == REL_STREAM_SCAN) {
        int k = r->stream->ncols;
        const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(k + 2));
        if (!names) return NULL;
        for (int i = 0; i < k; i++) names[i] = eddy__type_column_name(r->stream->type, i);
        names[k] = "rowtime";
        *n = r->uses_ts ? k + 1 : k;
        return names;
    }
    const TableEntry *t = r->table;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(t->nphys + t->nmeta + 1));
    if (!names) return NULL;
    for (int i = 0; i < t->nphys; i++) names[i] = t->phys_names[i];
    for (int i = 0; i < t->nmeta; i++) names[t->nphys + i] = t->meta_names[i];
    *n = t->nphys + t->nmeta;
    return names;
}

/* Whether a scan's computed columns are its input columns as they are. */
static bool scan_identity(const Rel *r, int nfields) {
    if (r->ncols != nfields) return false;
    for (int i = 0; i < r->ncols; i++)
        if (r->exprs[i]->kind != EX_COLUMN || r->exprs[i]->index != i) return false;
    return true;
}

const char *eddy__explain_scan_table(const Rel *r) {
    if (r->kind == REL_TABLE_SCAN) return r->table->def.path;
    return r->scan_name ? r->scan_name : "*anonymous_datastream_source*";
}

static TNode *ast(Arena *a, const Rel *r, EdErr *err);

/* ---- correlates (UNNEST, LATERAL TABLE) ---------------------------------------------------------- */

const char **eddy__explain_cor_names(Arena *a, const Rel *in) {
    const char **n = eddy__arena_alloc(a, sizeof(char *) * (size_t)(in->ncols + 1));
    for (int i = 0; n && i < in->ncols; i++)
        if (!(n[i] = eddy__arena_printf(a, "$cor0.%s", in->names[i]))) return NULL;
    return n;
}

void eddy__explain_invocation(Buf *t, const Rel *r, const char *const *cor) {
    const char *inv = r->tfunc && r->tfunc->invocation ? r->tfunc->invocation : NULL;
    eddy__buf_printf(t, "%s(", inv ? inv : r->tfunc ? r->tfunc->name : "$UNNEST_ROWS$1");
    for (int i = 0; i < r->nargs; i++) {
        if (i) eddy__buf_puts(t, ", ");
        eddy__plan_expr_text(t, r->exprs[i], inv ? NULL : cor, XS_REX);
    }
    eddy__buf_putc(t, ')');
}

void eddy__explain_record_type(Buf *t, const Rel *r, int from, int to) {
    eddy__buf_puts(t, "RecordType(");
    for (int i = from; i < to; i++) {
        if (i > from) eddy__buf_puts(t, ", ");
        eddy__plan_type_text(t, r->types[i]);
        eddy__buf_printf(t, " %s", r->names[i]);
    }
    eddy__buf_putc(t, ')');
}

/* Marks the input columns e reads. */
static void used_columns(const Expr *e, bool *used) {
    if (e->kind == EX_COLUMN) used[e->index] = true;
    for (int i = 0; i < e->nargs; i++) used_columns(e->args[i], used);
}

/* LogicalCorrelate over the input and the function: a
 * LogicalTableFunctionScan, or UNNEST's Uncollect of the argument over
 * Calcite's one-row VALUES. */
static TNode *ast_correlate(Arena *a, const Rel *r, EdErr *err) {
    const Rel *in = r->in[0];
    bool *used = eddy__arena_alloc(a, (size_t)in->ncols + 1);
    const char **cor = eddy__explain_cor_names(a, in);
    if (!used || !cor) return NULL;
    memset(used, 0, (size_t)in->ncols + 1);
    for (int i = 0; i < r->nargs; i++) used_columns(r->exprs[i], used);
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_printf(&t, "LogicalCorrelate(correlation=[$cor0], joinType=[%s], requiredColumns=[{",
                     r->join == JOIN_LEFT ? "left" : "inner");
    bool first = true;
    for (int i = 0; i < in->ncols; i++)
        if (used[i]) {
            eddy__buf_printf(&t, "%s%d", first ? "" : ", ", i);
            first = false;
        }
    eddy__buf_puts(&t, "}])");
    TNode *node = tnode(a, take(a, &t), 2);
    if (!node || !(node->kids[0] = ast(a, in, err))) return NULL;
    eddy__buf_init(&t);
    if (r->tfunc) {
        eddy__buf_puts(&t, "LogicalTableFunctionScan(invocation=[");
        eddy__explain_invocation(&t, r, cor);
        eddy__buf_puts(&t, "], rowType=[");
        eddy__explain_record_type(&t, r, in->ncols, r->ncols);
        eddy__buf_puts(&t, "])");
        return (node->kids[1] = tnode(a, take(a, &t), 0)) ? node : NULL;
    }
    eddy__buf_puts(&t, r->ordinality ? "Uncollect(withOrdinality=[true])" : "Uncollect");
    TNode *un = tnode(a, take(a, &t), 1);
    const Expr *arg = r->exprs[0];
    const char *pname = arg->kind == EX_COLUMN ? in->names[arg->index] : "EXPR$0";
    eddy__buf_init(&t);
    eddy__buf_printf(&t, "LogicalProject(%s=[", pname);
    eddy__plan_expr_text(&t, arg, cor, XS_REX);
    eddy__buf_puts(&t, "])");
    TNode *proj = tnode(a, take(a, &t), 1);
    TNode *one = tnode(a, eddy__arena_strdup(a, "LogicalValues(tuples=[[{ 0 }]])"), 0);
    if (!un || !proj || !one) return NULL;
    proj->kids[0] = one;
    un->kids[0] = proj;
    node->kids[1] = un;
    return node;
}

/* ---- the abstract syntax tree -------------------------------------------------------------- */

static TNode *ast(Arena *a, const Rel *r, EdErr *err);

static TNode *ast1(Arena *a, char *text, const Rel *in, EdErr *err) {
    TNode *t = tnode(a, text, 1);
    if (!t || !(t->kids[0] = ast(a, in, err))) return NULL;
    return t;
}

/* LogicalProject(a=[$0], b=[+($1, 1)]); with the correlation variable
 * cor its subqueries see: LogicalProject(variablesSet=[[$cor0]], ..). */
static char *project_text(Arena *a, int n, const char *const *names, const Expr *const *exprs, int cor) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "LogicalProject(");
    if (cor) eddy__buf_printf(&t, "variablesSet=[[$cor%d]]%s", cor - 1, n ? ", " : "");
    for (int i = 0; i < n; i++) {
        eddy__buf_printf(&t, "%s%s=[", i ? ", " : "", names[i]);
        eddy__plan_expr_text(&t, exprs[i], NULL, XS_REX);
        eddy__buf_putc(&t, ']');
    }
    eddy__buf_putc(&t, ')');
    return take(a, &t);
}

/* A scan with its conversion: LogicalWatermarkAssigner over LogicalProject
 * over LogicalTableScan, as Flink's AST shows a source with computed
 * columns and a watermark. */
static TNode *ast_scan(Arena *a, const Rel *r) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "LogicalTableScan(table=[[");
    eddy__explain_table_list(&t, eddy__explain_scan_table(r));
    eddy__buf_puts(&t, "]])");
    TNode *node = tnode(a, take(a, &t), 0);
    int nf;
    const char **fields = scan_fields(a, r, &nf);
    if (!node || !fields) return NULL;
    if (!scan_identity(r, nf)) {
        TNode *p = tnode(a, project_text(a, r->ncols, r->names, r->exprs, 0), 1);
        if (!p) return NULL;
        p->kids[0] = node;
        node = p;
    }
    if (r->watermark && !r->source_watermark) {
        int rt = eddy__rel_rowtime(r);
        eddy__buf_init(&t);
        eddy__buf_printf(&t, "LogicalWatermarkAssigner(rowtime=[%s], watermark=[", rt >= 0 ? r->names[rt] : "?");
        eddy__plan_expr_text(&t, r->watermark, NULL, XS_REX);
        eddy__buf_puts(&t, "])");
        TNode *w = tnode(a, take(a, &t), 1);
        if (!w) return NULL;
        w->kids[0] = node;
        node = w;
    }
    return node;
}


/* A projection keeping its input's columns in order, by the same names. */
static bool named_identity(const Rel *p) {
    if (p->kind != REL_PROJECT || p->ncols != p->in[0]->ncols) return false;
    for (int i = 0; i < p->ncols; i++)
        if (p->exprs[i]->kind != EX_COLUMN || p->exprs[i]->index != i || strcmp(p->names[i], p->in[0]->names[i]))
            return false;
    return true;
}

/* {0, 1}: a set of columns as Calcite prints an ImmutableBitSet. */
static void bit_set(Buf *t, int n, const int *cols) {
    eddy__buf_putc(t, '{');
    bool first = true;
    for (int c = 0; c < 4096; c++)
        for (int i = 0; i < n; i++)
            if (cols[i] == c) {
                eddy__buf_printf(t, "%s%d", first ? "" : ", ", c);
                first = false;
                break;
            }
    eddy__buf_putc(t, '}');
}

/* COUNT(), SUM($1), COUNT(DISTINCT $0) FILTER $2: an aggregate call as RexNode text. */
static void agg_rex(Buf *t, const AggCall *ac) {
    eddy__buf_printf(t, "%s(%s", ac->fn, ac->distinct ? "DISTINCT " : "");
    for (int i = 0; i < ac->nargs; i++) eddy__buf_printf(t, "%s$%d", i ? ", " : "", ac->args[i]);
    eddy__buf_putc(t, ')');
    if (ac->filter >= 0) eddy__buf_printf(t, " FILTER $%d", ac->filter);
}

/* LogicalAggregate(group=[{0}], groups=[[{0}, {}]], EXPR$1=[COUNT()]). */
static char *aggregate_text(Arena *a, const Rel *r) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "LogicalAggregate(group=[");
    bit_set(&t, r->ngroup, r->group);
    eddy__buf_putc(&t, ']');
    if (r->nsets) {
        eddy__buf_puts(&t, ", groups=[[");
        for (int s = 0; s < r->nsets; s++) {
            int cols[64], m = 0;
            for (int k = 0; k < r->ngroup && k < 64; k++)
                if (r->sets[s] & (1ULL << k)) cols[m++] = r->group[k];
            if (s) eddy__buf_puts(&t, ", ");
            bit_set(&t, m, cols);
        }
        eddy__buf_puts(&t, "]]");
    }
    for (int i = 0; i < r->naggs; i++) {
        const AggCall *ac = &r->aggs[i];
        /* calls the query does not name are agg#<i> in Calcite's plan */
        if (!strncmp(ac->name, "$f", 2)) eddy__buf_printf(&t, ", agg#%d=[", i);
        else eddy__buf_printf(&t, ", %s=[", ac->name);
        agg_rex(&t, ac);
        eddy__buf_putc(&t, ']');
    }
    eddy__buf_putc(&t, ')');
    return take(a, &t);
}

/* ROW_NUMBER() OVER (PARTITION BY $0 ORDER BY $1 DESC NULLS LAST): a RexOver. */
static void over_rex(Buf *t, const AggCall *ac, const OverSpec *os) {
    agg_rex(t, ac);
    eddy__buf_puts(t, " OVER (");
    if (os->npartition) {
        eddy__buf_puts(t, "PARTITION BY ");
        for (int i = 0; i < os->npartition; i++) eddy__buf_printf(t, "%s$%d", i ? ", " : "", os->partition[i]);
    }
    if (os->norder) {
        eddy__buf_printf(t, "%sORDER BY ", os->npartition ? " " : "");
        for (int i = 0; i < os->norder; i++)
            eddy__buf_printf(t, "%s$%d%s", i ? ", " : "", os->order[i], os->desc[i] ? " DESC NULLS LAST" : " NULLS FIRST");
    }
    /* Calcite's RexWindow: the default frame (RANGE UNBOUNDED PRECEDING ..
     * CURRENT ROW with an ORDER BY, the whole partition without) is not
     * printed; a frame ending at the current row prints its lower bound
     * only; interval bounds print with their type */
    bool dflt = os->frame != 1 && os->lower < 0 && os->upper == (os->norder ? 0 : -1);
    if (os->frame && !dflt) {
        eddy__buf_puts(t, os->frame == 1 ? " ROWS " : " RANGE ");
        int64_t b[2] = {os->lower, os->upper};
        const Type *ty[2] = {os->lower_type, os->upper_type};
        int from = os->upper == 0 ? 0 : -1;
        if (from < 0) eddy__buf_puts(t, "BETWEEN ");
        for (int k = 0; k < (from < 0 ? 2 : 1); k++) {
            if (k) eddy__buf_puts(t, " AND ");
            if (b[k] == 0) {
                eddy__buf_puts(t, "CURRENT ROW");
            } else if (b[k] < 0) {
                eddy__buf_puts(t, k ? "UNBOUNDED FOLLOWING" : "UNBOUNDED PRECEDING");
            } else {
                eddy__buf_printf(t, "%lld", (long long)b[k]);
                if (ty[k]) {
                    eddy__buf_putc(t, ':');
                    eddy__plan_type_text(t, ty[k]);
                }
                eddy__buf_puts(t, k ? " FOLLOWING" : " PRECEDING");
            }
        }
    }
    eddy__buf_putc(t, ')');
}

/* The LogicalProject of an OVER's input columns and its RexOver calls
 * (proj: the projection above it, whose references to the calls are
 * replaced by them, as Calcite's plan has one projection). */
static char *over_project_text(Arena *a, const Rel *o, const Rel *proj) {
    int nin = o->in[0]->ncols;
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "LogicalProject(");
    int n = proj ? proj->ncols : o->ncols;
    /* inside expressions (SUM's CASE), each call's column prints as its RexOver */
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(o->ncols + 1));
    for (int i = 0; names && i < o->ncols; i++) {
        Buf c;
        eddy__buf_init(&c);
        if (i >= nin) over_rex(&c, &o->aggs[i - nin], &o->over[i - nin]);
        else eddy__buf_printf(&c, "$%d", i);
        if (!(names[i] = take(a, &c))) names = NULL; /* out of memory: positions */
    }
    for (int i = 0; i < n; i++) {
        eddy__buf_printf(&t, "%s%s=[", i ? ", " : "", proj ? proj->names[i] : o->names[i]);
        const Expr *e = proj ? proj->exprs[i] : NULL;
        int col = e ? (e->kind == EX_COLUMN ? e->index : -1) : i;
        if (col >= nin) over_rex(&t, &o->aggs[col - nin], &o->over[col - nin]);
        else if (col >= 0) eddy__buf_printf(&t, "$%d", col);
        else eddy__plan_expr_text(&t, e, names, XS_REX);
        eddy__buf_putc(&t, ']');
    }
    eddy__buf_putc(&t, ')');
    return take(a, &t);
}

/* Marks the fields of correlation cor that expressions of the tree r
 * (subqueries' queries included) read. */
static void cor_expr_columns(const Expr *e, int cor, bool *used, int n);
static void cor_columns(const Rel *r, int cor, bool *used, int n) {
    cor_expr_columns(r->cond, cor, used, n);
    int k = r->kind == REL_PROJECT || r->kind == REL_CALC ? r->ncols : r->kind == REL_CORRELATE ? r->nargs : 0;
    for (int i = 0; i < k; i++) cor_expr_columns(r->exprs[i], cor, used, n);
    for (int i = 0; i < r->nin; i++) cor_columns(r->in[i], cor, used, n);
}

static void cor_expr_columns(const Expr *e, int cor, bool *used, int n) {
    if (!e) return;
    const CorVar *v = eddy__expr_cor_var(e);
    if (v && v->cor == cor && v->col < n) used[v->col] = true;
    const Rel *q = eddy__expr_subquery_rel(e);
    if (q) cor_columns(q, cor, used, n);
    for (int i = 0; i < e->nargs; i++) cor_expr_columns(e->args[i], cor, used, n);
}

static TNode *ast(Arena *a, const Rel *r, EdErr *err) {
    Buf t;
    eddy__buf_init(&t);
    TNode *node = NULL;
    switch (r->kind) {
    case REL_STREAM_SCAN:
    case REL_TABLE_SCAN: node = ast_scan(a, r); break;
    case REL_VALUES:
        eddy__buf_puts(&t, "LogicalValues(tuples=[");
        eddy__explain_tuples(&t, r);
        eddy__buf_puts(&t, "])");
        node = tnode(a, take(a, &t), 0);
        break;
    case REL_PROJECT:
        /* Calcite's RelBuilder drops a projection of an aggregate's columns as they are */
        if (named_identity(r) && (r->in[0]->kind == REL_AGGREGATE ||
                                  (r->in[0]->kind == REL_FILTER && r->in[0]->in[0]->kind == REL_AGGREGATE))) {
            eddy__buf_free(&t);
            return ast(a, r->in[0], err);
        }
        if (r->in[0]->kind == REL_OVER) {
            node = ast1(a, over_project_text(a, r->in[0], r), r->in[0]->in[0], err);
            break;
        }
        node = ast1(a, project_text(a, r->ncols, r->names, r->exprs, r->cor), r->in[0], err);
        break;
    case REL_FILTER:
        eddy__buf_puts(&t, "LogicalFilter(condition=[");
        eddy__plan_expr_text(&t, r->cond, NULL, XS_REX);
        if (r->cor) eddy__buf_printf(&t, "], variablesSet=[[$cor%d]", r->cor - 1);
        eddy__buf_puts(&t, "])");
        node = ast1(a, take(a, &t), r->in[0], err);
        break;
    case REL_UNION:
    case REL_SETOP: {
        static const char *ops[] = {"LogicalUnion", "LogicalIntersect", "LogicalMinus"};
        eddy__buf_printf(&t, "%s(all=[%s])", ops[r->kind == REL_UNION ? 0 : r->setop],
                         r->kind == REL_UNION || r->all ? "true" : "false");
        node = tnode(a, take(a, &t), r->nin);
        for (int i = 0; node && i < r->nin; i++)
            if (!(node->kids[i] = ast(a, r->in[i], err))) return NULL;
        break;
    }
    case REL_SORT:
        eddy__buf_puts(&t, "LogicalSort(");
        for (int i = 0; i < r->nkeys; i++) eddy__buf_printf(&t, "%ssort%d=[$%d]", i ? ", " : "", i, r->keys[i]);
        for (int i = 0; i < r->nkeys; i++)
            eddy__buf_printf(&t, ", dir%d=[%s-nulls-%s]", i, r->desc[i] ? "DESC" : "ASC", r->nulls_first[i] ? "first" : "last");
        if (r->offset >= 0) eddy__buf_printf(&t, "%soffset=[%lld]", r->nkeys ? ", " : "", (long long)r->offset);
        if (r->fetch >= 0) eddy__buf_printf(&t, "%sfetch=[%lld]", r->nkeys || r->offset >= 0 ? ", " : "", (long long)r->fetch);
        eddy__buf_putc(&t, ')');
        node = ast1(a, take(a, &t), r->in[0], err);
        break;
    case REL_CORRELATE: node = ast_correlate(a, r, err); break;
    case REL_AGGREGATE: {
        /* the projection of keys and arguments, as Calcite's RelBuilder makes
         * it: none when it keeps its input, merged into a projection below */
        const Rel *in = r->in[0];
        if (in->kind == REL_PROJECT && (in->ncols == 0 || named_identity(in))) {
            node = ast1(a, aggregate_text(a, r), in->in[0], err);
            break;
        }
        if (in->kind == REL_PROJECT && in->in[0]->kind == REL_PROJECT && in->in[0]->in[0]->kind != REL_OVER) {
            const Rel *lo = in->in[0];
            const Expr **ex = eddy__arena_alloc(a, sizeof(Expr *) * (size_t)(in->ncols + 1));
            bool det = ex != NULL;
            for (int i = 0; det && i < lo->ncols; i++) det = eddy__expr_deterministic(lo->exprs[i]);
            for (int i = 0; det && i < in->ncols; i++) det = (ex[i] = eddy__expr_subst(a, in->exprs[i], lo->exprs, lo->ncols));
            if (det) {
                TNode *p = tnode(a, project_text(a, in->ncols, in->names, ex, 0), 1);
                node = p ? tnode(a, aggregate_text(a, r), 1) : NULL;
                if (!node || !(p->kids[0] = ast(a, lo->in[0], err))) return NULL;
                node->kids[0] = p;
                break;
            }
        }
        node = ast1(a, aggregate_text(a, r), in, err);
        break;
    }
    case REL_OVER: node = ast1(a, over_project_text(a, r, NULL), r->in[0], err); break;
    case REL_JOIN: {
        static const char *jt[] = {"inner", "left", "right", "full", "semi", "anti"};
        if (r->cor) {
            /* LATERAL (query): Calcite's Correlate, the left columns the query reads */
            bool *used = eddy__arena_alloc(a, (size_t)r->in[0]->ncols + 1);
            if (!used) break;
            cor_columns(r->in[1], r->cor, used, r->in[0]->ncols);
            eddy__buf_printf(&t, "LogicalCorrelate(correlation=[$cor%d], joinType=[%s], requiredColumns=[{", r->cor - 1,
                             jt[r->join]);
            for (int i = 0, first = 1; i < r->in[0]->ncols; i++)
                if (used[i]) {
                    eddy__buf_printf(&t, "%s%d", first ? "" : ", ", i);
                    first = 0;
                }
            eddy__buf_puts(&t, "}])");
            node = tnode(a, take(a, &t), 2);
            for (int i = 0; node && i < 2; i++)
                if (!(node->kids[i] = ast(a, r->in[i], err))) return NULL;
            break;
        }
        eddy__buf_puts(&t, "LogicalJoin(condition=[");
        if (r->cond) eddy__plan_expr_text(&t, r->cond, NULL, XS_REX);
        else eddy__buf_puts(&t, "true");
        eddy__buf_printf(&t, "], joinType=[%s])", jt[r->join]);
        node = tnode(a, take(a, &t), 2);
        for (int i = 0; node && i < 2; i++)
            if (!(node->kids[i] = ast(a, r->in[i], err))) return NULL;
        break;
    }
    case REL_CALC: {
        TNode *f = NULL;
        if (r->cond) {
            eddy__buf_puts(&t, "LogicalFilter(condition=[");
            eddy__plan_expr_text(&t, r->cond, NULL, XS_REX);
            eddy__buf_puts(&t, "])");
            if (!(f = ast1(a, take(a, &t), r->in[0], err))) return NULL;
        }
        node = tnode(a, project_text(a, r->ncols, r->names, r->exprs, 0), 1);
        if (node && !(node->kids[0] = f ? f : ast(a, r->in[0], err))) return NULL;
        break;
    }
    case REL_WINDOW_TVF:
    case REL_MATCH:
    case REL_RANK:
        /* Calcite's forms of these are not reproduced: the node and its columns */
        eddy__buf_printf(&t, "%s(rowType=[", r->kind == REL_WINDOW_TVF ? "LogicalTableFunctionScan"
                                               : r->kind == REL_MATCH   ? "LogicalMatch"
                                                                        : "FlinkLogicalRank");
        eddy__explain_record_type(&t, r, 0, r->ncols);
        eddy__buf_puts(&t, "])");
        node = ast1(a, take(a, &t), r->in[0], err);
        break;
    }
    if (!node && !eddy__err_is_set(err)) NOMEM();
    return node;
}

void eddy__explain_rel_calcite(Buf *b, const Rel *r) {
    Arena a;
    eddy__arena_init(&a, 4096);
    EdErr err = {0};
    TNode *t = ast(&a, r, &err);
    if (t) print_plain(b, t, 0);
    else b->failed = true;
    eddy__err_clear(&err);
    eddy__arena_destroy(&a);
}

/* ---- the stream graph as JSON ---------------------------------------------------------------- */

static void json_string(Buf *b, const char *s) {
    eddy__buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') eddy__buf_putc(b, '\\');
        if ((unsigned char)*s < 0x20) eddy__buf_printf(b, "\\u%04x", (unsigned char)*s);
        else eddy__buf_putc(b, *s);
    }
    eddy__buf_putc(b, '"');
}

typedef struct JsonCtx {
    ED_VEC(const StreamNode *) order; /* real nodes, sources first */
    int default_par;
} JsonCtx;

static bool seen(const JsonCtx *j, const StreamNode *n) {
    for (size_t i = 0; i < j->order.len; i++)
        if (j->order.items[i] == n) return true;
    return false;
}

/* Post-order over the real nodes upstream of n (unions are virtual). */
static bool collect(JsonCtx *j, const StreamNode *n) {
    if (seen(j, n)) return true;
    for (int i = 0; i < n->nin; i++)
        if (!collect(j, n->in[i].from)) return false;
    if (n->kind == NODE_UNION) return true;
    return ed_vec_push(&j->order, n);
}

static int par_of(const JsonCtx *j, const StreamNode *n) {
    return n->fixed_parallelism ? 1 : n->parallelism ? n->parallelism : j->default_par;
}

static int json_id(const JsonCtx *j, const StreamNode *n) {
    for (size_t i = 0; i < j->order.len; i++)
        if (j->order.items[i] == n) return (int)i + 1;
    return 0;
}

/* The predecessors of n through virtual union nodes. */
static void preds(Buf *b, const JsonCtx *j, const StreamNode *n, const StreamNode *target, bool *first) {
    for (int i = 0; i < n->nin; i++) {
        const StreamInput *in = &n->in[i];
        if (in->from->kind == NODE_UNION) {
            preds(b, j, in->from, target, first);
            continue;
        }
        static const char *parts[] = {"FORWARD", "FORWARD", "REBALANCE", "HASH", "BROADCAST", "GLOBAL"};
        const char *ship = parts[in->part];
        if (in->part == PART_DEFAULT && par_of(j, in->from) != par_of(j, target)) ship = "REBALANCE";
        eddy__buf_printf(b, "%s{\n      \"id\" : %d,\n      \"ship_strategy\" : \"%s\",\n      \"side\" : \"second\"\n    }",
                         *first ? "" : ", ", json_id(j, in->from), ship);
        *first = false;
    }
}

static bool json_plan(Buf *b, StreamNode *const *tops, int ntops, int default_par) {
    JsonCtx j = {.default_par = default_par > 0 ? default_par : 1};
    for (int i = 0; i < ntops; i++)
        if (!collect(&j, tops[i])) {
            ed_vec_free(&j.order);
            return false;
        }
    eddy__buf_puts(b, "{\n  \"nodes\" : [ ");
    for (size_t i = 0; i < j.order.len; i++) {
        const StreamNode *n = j.order.items[i];
        bool src = n->kind == NODE_SOURCE, sink = n->kind == NODE_SINK;
        const char *prefix = src && strncmp(n->name, "Source: ", 8) ? "Source: " : sink && strncmp(n->name, "Sink: ", 6) ? "Sink: " : "";
        Buf name;
        eddy__buf_init(&name);
        eddy__buf_printf(&name, "%s%s", prefix, n->name);
        eddy__buf_printf(b, "%s{\n    \"id\" : %zu,\n    \"type\" : ", i ? ", " : "", i + 1);
        json_string(b, eddy__buf_cstr(&name));
        eddy__buf_printf(b, ",\n    \"pact\" : \"%s\",\n    \"contents\" : ", src ? "Data Source" : sink ? "Data Sink" : "Operator");
        json_string(b, eddy__buf_cstr(&name));
        eddy__buf_free(&name);
        eddy__buf_printf(b, ",\n    \"parallelism\" : %d", par_of(&j, n));
        if (n->nin) {
            eddy__buf_puts(b, ",\n    \"predecessors\" : [ ");
            bool first = true;
            preds(b, &j, n, n, &first);
            eddy__buf_puts(b, " ]");
        }
        eddy__buf_puts(b, "\n  }");
    }
    eddy__buf_puts(b, " ]\n}");
    ed_vec_free(&j.order);
    return true;
}

/* ---- the whole text ------------------------------------------------------------------------- */

static bool reuse_option(const PlanEnv *pe, const char *key) {
    return !eddy__str_ieq(eddy__phys_option(pe, key, "true"), "false");
}

eddy_status eddy__plan_explain(const PlanEnv *pe, const ExplainItem *items, int n, unsigned details,
                               int default_parallelism, Buf *out, EdErr *err) {
    Arena *a = pe->a;
    bool show = eddy__str_ieq(eddy__phys_option(pe, "eddy.explain.show-unsupported", "false"), "true");
    TNode **asts = eddy__arena_alloc(a, sizeof(TNode *) * (size_t)(n + 1));
    const PhysNode **plans = eddy__arena_alloc(a, sizeof(PhysNode *) * (size_t)(n + 1));
    if (!asts || !plans) return NOMEM();
    for (int i = 0; i < n; i++) {
        const ExplainItem *it = &items[i];
        const PhysNode *p = it->phys;
        eddy_status rc;
        if (!p && (rc = eddy__phys_plan(pe, it->rel, NULL, &p, err))) return rc;
        if (!show && (rc = eddy__phys_check(p, err))) return rc;
        TNode *t = ast(a, it->rel, err);
        if (!t) return eddy__err_is_set(err) ? err->code : NOMEM();
        if (it->sink_table) {
            Buf s;
            eddy__buf_init(&s);
            eddy__buf_printf(&s, "table=[%s], fields=[", it->sink_table);
            eddy__explain_names(&s, it->nfields, it->fields);
            eddy__buf_putc(&s, ']');
            char *args = take(a, &s);
            TNode *st = args ? tnode(a, eddy__arena_printf(a, "LogicalSink(%s)", args), 1) : NULL;
            if (!st) return NOMEM();
            st->kids[0] = t;
            t = st;
        }
        plans[i] = p;
        asts[i] = t;
    }
    Buf prefix;
    eddy__buf_init(&prefix);
    eddy__buf_puts(out, "== Abstract Syntax Tree ==\n");
    for (int i = 0; i < n; i++) {
        if (i) eddy__buf_putc(out, '\n');
        print_tree(out, asts[i], &prefix, true, true);
    }
    eddy__buf_free(&prefix);
    for (int exec = 0; exec < 2; exec++) {
        eddy__buf_puts(out, exec ? "\n== Optimized Execution Plan ==\n" : "\n== Optimized Physical Plan ==\n");
        for (int i = 0; i < n; i++) {
            if (i) eddy__buf_putc(out, '\n');
            /* sub-plan reuse within each query, as translation shares them
             * (reuse.c; not across the queries of a statement set) */
            if (!exec) eddy__phys_print(out, plans[i], exec, details);
            else if (!eddy__phys_print_reused(out, a, plans[i], reuse_option(pe, "table.optimizer.reuse-sub-plan-enabled"),
                                              reuse_option(pe, "table.optimizer.reuse-source-enabled")))
                return NOMEM();
        }
    }
    if (details & EDDY_EXPLAIN_JSON_EXECUTION_PLAN) {
        StreamNode **tops = eddy__arena_alloc(a, sizeof(StreamNode *) * (size_t)(n + 1));
        if (!tops) return NOMEM();
        for (int i = 0; i < n; i++) {
            eddy_status rc;
            if (items[i].node) tops[i] = items[i].node;
            else if (items[i].phys) return eddy__phys_check(items[i].phys, err);
            else if ((rc = eddy__plan_rel(pe, items[i].rel, &tops[i], err))) return rc;
        }
        eddy__buf_puts(out, "\n== Physical Execution Plan ==\n");
        if (!json_plan(out, tops, n, default_parallelism)) return NOMEM();
    }
    return out->failed ? NOMEM() : EDDY_OK;
}
