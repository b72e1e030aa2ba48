/*
 * explain.c -- EXPLAIN: the plans of queries and INSERTs in Flink's layout.
 *
 *   == Abstract Syntax Tree ==        the logical plan (Rels) with Calcite's
 *                                     node names and RexNode expressions
 *   == Optimized Physical Plan ==     what eddy runs, named as Flink names
 *                                     its physical nodes (filters and
 *                                     projections fused into one Calc,
 *                                     trivial projections dropped, ORDER BY /
 *                                     LIMIT on one global subtask behind an
 *                                     Exchange), expressions in digest form
 *   == Optimized Execution Plan ==    the same tree, expressions in infix form
 *   == Physical Execution Plan ==     (JSON_EXECUTION_PLAN) the stream graph
 *                                     nodes eddy builds, as JSON
 *
 * UNNEST and LATERAL TABLE print as Calcite's LogicalCorrelate over the
 * left side and an Uncollect or LogicalTableFunctionScan, and as Flink's
 * physical Correlate ($UNNEST_ROWS$1 for UNNEST).
 *
 * The physical tree mirrors planner.c's decisions; a node kind the planner
 * has no operator for makes EXPLAIN fail with the planner's "not supported
 * yet: <feature>". CHANGELOG_MODE appends each node's changelog
 * (changelogMode=[I,UB,UA,D]); ESTIMATED_COST appends row counts and
 * cumulative costs from Flink's default estimates (1.0E8 rows per source,
 * selectivities 0.5 for comparisons, 0.15 for equality, 0.05 for LIKE, row
 * sizes by type), which is what Flink prints for sources without
 * statistics.
 */
#include "plan/plan.h"
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

/* Arena copy of a Buf's text (freeing the Buf). */
static char *take(Arena *a, Buf *t) {
    char *s = t->failed ? NULL : eddy__arena_strndup(a, eddy__buf_cstr(t), t->len);
    eddy__buf_free(t);
    return s;
}

/* ---- names and values shared by the sections --------------------------------------------------- */

/* "default_catalog, default_database, t" for a path (anonymous tables by
 * their name only). */
static void table_list(Buf *b, const char *path) {
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

static void name_list(Buf *b, int n, const char *const *names) {
    for (int i = 0; i < n; i++) eddy__buf_printf(b, "%s%s", i ? ", " : "", names[i]);
}

/* VALUES tuples: [{ 1, _UTF-16LE'a' }, { 2, _UTF-16LE'b' }]. */
static void tuples(Buf *b, const Rel *r) {
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

static void changelog_text(Buf *b, unsigned cl) {
    if (!cl) {
        eddy__buf_puts(b, "NONE");
        return;
    }
    static const struct {
        unsigned bit;
        const char *s;
    } kinds[] = {{CL_INSERT, "I"}, {CL_UPDATE_BEFORE, "UB"}, {CL_UPDATE_AFTER, "UA"}, {CL_DELETE, "D"}};
    bool first = true;
    for (size_t i = 0; i < ED_ARRAY_LEN(kinds); i++)
        if (cl & kinds[i].bit) {
            eddy__buf_printf(b, "%s%s", first ? "" : ",", kinds[i].s);
            first = false;
        }
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

static const char *scan_table(const Rel *r) {
    if (r->kind == REL_TABLE_SCAN) return r->table->def.path;
    return r->scan_name ? r->scan_name : "*anonymous_datastream_source*";
}

static TNode *ast(Arena *a, const Rel *r, EdErr *err);

/* ---- correlates (UNNEST, LATERAL TABLE) ---------------------------------------------------------- */

/* The input's column names as a correlated reference sees them ($cor0.a). */
static const char **cor_names(Arena *a, const Rel *in) {
    const char **n = eddy__arena_alloc(a, sizeof(char *) * (size_t)(in->ncols + 1));
    for (int i = 0; n && i < in->ncols; i++)
        if (!(n[i] = eddy__arena_printf(a, "$cor0.%s", in->names[i]))) return NULL;
    return n;
}

/* f($cor0.c, _UTF-16LE'x') or $UNNEST_ROWS$1($cor0.c): the invocation. */
static void invocation(Buf *t, const Rel *r, const char *const *cor) {
    eddy__buf_printf(t, "%s(", r->tfunc ? r->tfunc->name : "$UNNEST_ROWS$1");
    for (int i = 0; i < r->nargs; i++) {
        if (i) eddy__buf_puts(t, ", ");
        eddy__plan_expr_text(t, r->exprs[i], cor, XS_REX);
    }
    eddy__buf_putc(t, ')');
}

/* RecordType(INTEGER a, VARCHAR(2147483647) f0) of columns [from, to). */
static void record_type(Buf *t, const Rel *r, int from, int to) {
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
    const char **cor = cor_names(a, in);
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
        invocation(&t, r, cor);
        eddy__buf_puts(&t, "], rowType=[");
        record_type(&t, r, in->ncols, r->ncols);
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

/* LogicalProject(a=[$0], b=[+($1, 1)]). */
static char *project_text(Arena *a, int n, const char *const *names, const Expr *const *exprs) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "LogicalProject(");
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
    table_list(&t, scan_table(r));
    eddy__buf_puts(&t, "]])");
    TNode *node = tnode(a, take(a, &t), 0);
    int nf;
    const char **fields = scan_fields(a, r, &nf);
    if (!node || !fields) return NULL;
    if (!scan_identity(r, nf)) {
        TNode *p = tnode(a, project_text(a, r->ncols, r->names, r->exprs), 1);
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

static TNode *ast(Arena *a, const Rel *r, EdErr *err) {
    Buf t;
    eddy__buf_init(&t);
    TNode *node = NULL;
    switch (r->kind) {
    case REL_STREAM_SCAN:
    case REL_TABLE_SCAN: node = ast_scan(a, r); break;
    case REL_VALUES:
        eddy__buf_puts(&t, "LogicalValues(tuples=[");
        tuples(&t, r);
        eddy__buf_puts(&t, "])");
        node = tnode(a, take(a, &t), 0);
        break;
    case REL_PROJECT: node = ast1(a, project_text(a, r->ncols, r->names, r->exprs), r->in[0], err); break;
    case REL_FILTER:
        eddy__buf_puts(&t, "LogicalFilter(condition=[");
        eddy__plan_expr_text(&t, r->cond, NULL, XS_REX);
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
    case REL_AGGREGATE:
    case REL_OVER:
    case REL_JOIN:
    case REL_WINDOW_TVF:
    case REL_MATCH:
        /* never reached: the physical plan refuses these first */
        eddy__buf_free(&t);
        eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s", r->feature ? r->feature : "this operation");
        return NULL;
    }
    if (!node && !eddy__err_is_set(err)) NOMEM();
    return node;
}

/* ---- the physical plan --------------------------------------------------------------------- */

typedef struct Cost {
    double rows, cpu, io, network;
} Cost;

/* A physical node: its name and arguments in both expression forms. */
typedef struct PNode {
    const char *name;
    char *digest_args; /* Optimized Physical Plan */
    char *exec_args;   /* Optimized Execution Plan */
    struct PNode **kids;
    int nkids;
    unsigned changelog; /* 0: NONE (sinks) */
    double rowcount;
    Cost self;
} PNode;

typedef struct PCtx {
    Arena *a;
    EdErr *err;
    bool streaming;
} PCtx;

static PNode *pnode(PCtx *c, const char *name, int nkids) {
    PNode *p = eddy__arena_alloc(c->a, sizeof *p);
    PNode **kids = eddy__arena_alloc(c->a, sizeof(PNode *) * (size_t)(nkids + 1));
    if (!p || !kids) return NULL;
    p->name = name;
    p->kids = kids;
    p->nkids = nkids;
    return p;
}

/* Bytes of a row as Flink estimates them (FlinkRelMdSize defaults). */
static double row_size(int n, const Type *const *types) {
    double s = 0;
    for (int i = 0; i < n; i++) {
        switch ((TypeRoot)types[i]->root) {
        case TY_BOOLEAN:
        case TY_TINYINT: s += 1; break;
        case TY_SMALLINT: s += 2; break;
        case TY_INT:
        case TY_FLOAT:
        case TY_DATE:
        case TY_TIME:
        case TY_INTERVAL_YM: s += 4; break;
        case TY_BIGINT:
        case TY_DOUBLE:
        case TY_INTERVAL_DT: s += 8; break;
        default: s += 12; break;
        }
    }
    return s;
}

/* Calcite's guessed selectivity of a condition. */
static double selectivity(const Expr *e) {
    if (!e) return 1.0;
    if (e->kind == EX_CALL && e->fn) {
        const char *n = e->fn->name;
        if (!strcmp(n, "AND")) {
            double s = 1.0;
            for (int i = 0; i < e->nargs; i++) s *= selectivity(e->args[i]);
            return s;
        }
        if (!strcmp(n, "OR")) {
            double s = 0.0;
            for (int i = 0; i < e->nargs; i++) s += selectivity(e->args[i]);
            return s > 1.0 ? 1.0 : s;
        }
        if (!strcmp(n, "NOT")) return 1.0 - selectivity(e->args[0]);
        if (!strcmp(n, "=")) return 0.15;
        if (!strcmp(n, "<") || !strcmp(n, "<=") || !strcmp(n, ">") || !strcmp(n, ">=") || !strcmp(n, "<>")) return 0.5;
        if (!strcmp(n, "LIKE")) return 0.05;
        if (!strcmp(n, "IS NOT NULL")) return 0.9;
        if (!strcmp(n, "IS NULL")) return 0.1;
    }
    return 0.25;
}

/* Calc(select=[a, +(b, 1) AS c], where=[>(a, 10)]) in both forms. */
static void calc_args(PCtx *c, PNode *p, int n, const char *const *out_names, const Expr *const *exprs,
                      const Expr *filter, const char *const *in_names) {
    for (int form = 0; form < 2; form++) {
        ExprStyle st = form ? XS_INFIX : XS_DIGEST;
        Buf t;
        eddy__buf_init(&t);
        eddy__buf_puts(&t, "select=[");
        for (int i = 0; i < n; i++) {
            if (i) eddy__buf_puts(&t, ", ");
            eddy__plan_expr_text(&t, exprs[i], in_names, st);
            bool same = exprs[i]->kind == EX_COLUMN && !strcmp(in_names[exprs[i]->index], out_names[i]);
            if (!same) eddy__buf_printf(&t, " AS %s", out_names[i]);
        }
        eddy__buf_putc(&t, ']');
        if (filter) {
            eddy__buf_puts(&t, ", where=[");
            eddy__plan_expr_text(&t, filter, in_names, st);
            eddy__buf_putc(&t, ']');
        }
        if (form) p->exec_args = take(c->a, &t);
        else p->digest_args = take(c->a, &t);
    }
}

/* The same argument text in both forms. */
static bool same_args(PCtx *c, PNode *p, Buf *t) {
    p->digest_args = take(c->a, t);
    p->exec_args = p->digest_args;
    return p->digest_args != NULL;
}

static PNode *phys(PCtx *c, const Rel *r);

/* A Calc node over `in`. */
static PNode *calc(PCtx *c, PNode *in, int n, const char *const *out_names, const Expr *const *exprs, const Expr *filter,
                   const char *const *in_names, unsigned cl) {
    PNode *p = pnode(c, "Calc", 1);
    if (!p) return NULL;
    p->kids[0] = in;
    calc_args(c, p, n, out_names, exprs, filter, in_names);
    p->changelog = cl;
    p->rowcount = in->rowcount * selectivity(filter);
    p->self = (Cost){p->rowcount, 0, 0, 0};
    return p->digest_args && p->exec_args ? p : NULL;
}

static PNode *phys_scan(PCtx *c, const Rel *r) {
    int nf;
    const char **fields = scan_fields(c->a, r, &nf);
    PNode *p = pnode(c, r->kind == REL_STREAM_SCAN ? "DataStreamScan" : "TableSourceScan", 0);
    if (!p || !fields) return NULL;
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "table=[[");
    table_list(&t, scan_table(r));
    eddy__buf_puts(&t, "]], fields=[");
    name_list(&t, nf, fields);
    eddy__buf_putc(&t, ']');
    if (!same_args(c, p, &t)) return NULL;
    p->changelog = r->kind == REL_STREAM_SCAN ? CL_INSERT : r->changelog;
    p->rowcount = 1.0e8;
    const Type **ftypes = eddy__arena_alloc(c->a, sizeof(Type *) * (size_t)(nf + 1));
    if (!ftypes) return NULL;
    for (int i = 0; i < nf; i++)
        ftypes[i] = r->kind == REL_STREAM_SCAN ? (i < r->stream->ncols ? r->stream->col_types[i] : r->types[0])
                                               : (i < r->table->nphys ? r->table->phys_types[i]
                                                                      : r->table->meta_types[i - r->table->nphys]);
    p->self = (Cost){p->rowcount, p->rowcount, p->rowcount * row_size(nf, ftypes), 0};
    if (!scan_identity(r, nf) && !(p = calc(c, p, r->ncols, r->names, r->exprs, NULL, fields, p->changelog)))
        return NULL;
    if (r->watermark && !r->source_watermark && c->streaming) {
        PNode *w = pnode(c, "WatermarkAssigner", 1);
        if (!w) return NULL;
        w->kids[0] = p;
        int rt = eddy__rel_rowtime(r);
        for (int form = 0; form < 2; form++) {
            eddy__buf_init(&t);
            eddy__buf_printf(&t, "rowtime=[%s], watermark=[", rt >= 0 ? r->names[rt] : "?");
            eddy__plan_expr_text(&t, r->watermark, r->names, form ? XS_INFIX : XS_DIGEST);
            eddy__buf_putc(&t, ']');
            if (form) w->exec_args = take(c->a, &t);
            else w->digest_args = take(c->a, &t);
        }
        w->changelog = p->changelog;
        w->rowcount = p->rowcount;
        w->self = (Cost){w->rowcount, w->rowcount, 0, 0};
        p = w;
    }
    return p;
}

static PNode *phys_sort(PCtx *c, const Rel *r) {
    PNode *in = phys(c, r->in[0]);
    if (!in) return NULL;
    PNode *ex = pnode(c, "Exchange", 1);
    if (!ex) return NULL;
    ex->kids[0] = in;
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "distribution=[single]");
    if (!same_args(c, ex, &t)) return NULL;
    ex->changelog = in->changelog;
    ex->rowcount = in->rowcount;
    ex->self = (Cost){0, 0, 0, in->rowcount * row_size(r->ncols, r->types)};
    bool limit_only = r->nkeys == 0, sort_only = r->offset < 0 && r->fetch < 0;
    PNode *p = pnode(c, limit_only ? "Limit" : sort_only ? "Sort" : "SortLimit", 1);
    if (!p) return NULL;
    p->kids[0] = ex;
    eddy__buf_init(&t);
    if (r->nkeys) {
        eddy__buf_puts(&t, "orderBy=[");
        for (int i = 0; i < r->nkeys; i++)
            eddy__buf_printf(&t, "%s%s %s", i ? ", " : "", r->in[0]->names[r->keys[i]], r->desc[i] ? "DESC" : "ASC");
        eddy__buf_putc(&t, ']');
    }
    if (!sort_only) {
        eddy__buf_printf(&t, "%soffset=[%lld], fetch=[", r->nkeys ? ", " : "", (long long)(r->offset > 0 ? r->offset : 0));
        if (r->fetch >= 0) eddy__buf_printf(&t, "%lld]", (long long)r->fetch);
        else eddy__buf_puts(&t, "unlimited]");
        if (!c->streaming) eddy__buf_puts(&t, ", global=[true]");
    }
    if (!same_args(c, p, &t)) return NULL;
    p->changelog = in->changelog;
    double rows = in->rowcount - (r->offset > 0 ? (double)r->offset : 0);
    if (rows < 0) rows = 0;
    if (r->fetch >= 0 && (double)r->fetch < rows) rows = (double)r->fetch;
    p->rowcount = rows;
    p->self = (Cost){in->rowcount, in->rowcount, 0, 0};
    return p;
}

/* Correlate(invocation=[..], correlate=[table(..)], select=[..], rowType=[..], joinType=[INNER]). */
static PNode *phys_correlate(PCtx *c, const Rel *r) {
    const Rel *in = r->in[0];
    PNode *child = phys(c, in);
    PNode *p = pnode(c, "Correlate", 1);
    const char **cor = cor_names(c->a, in);
    if (!child || !p || !cor) return NULL;
    p->kids[0] = child;
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, "invocation=[");
    invocation(&t, r, cor);
    eddy__buf_puts(&t, "], correlate=[table(");
    if (r->tfunc) {
        eddy__buf_printf(&t, "%s(", r->tfunc->name);
        for (int i = 0; i < r->nargs; i++) {
            if (i) eddy__buf_putc(&t, ',');
            eddy__plan_expr_text(&t, r->exprs[i], in->names, XS_INFIX);
        }
        eddy__buf_putc(&t, ')');
    } else {
        invocation(&t, r, cor);
    }
    eddy__buf_puts(&t, ")], select=[");
    for (int i = 0; i < r->ncols; i++) eddy__buf_printf(&t, "%s%s", i ? "," : "", r->names[i]);
    eddy__buf_puts(&t, "], rowType=[");
    record_type(&t, r, 0, r->ncols);
    eddy__buf_printf(&t, "], joinType=[%s]", r->join == JOIN_LEFT ? "LEFT" : "INNER");
    if (!same_args(c, p, &t)) return NULL;
    p->changelog = r->changelog;
    p->rowcount = child->rowcount;
    p->self = (Cost){p->rowcount, p->rowcount, 0, 0};
    return p;
}

static PNode *phys(PCtx *c, const Rel *r) {
    EdErr *err = c->err;
    if (eddy__rel_has_subquery(r)) {
        eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: subqueries");
        return NULL;
    }
    switch (r->kind) {
    case REL_STREAM_SCAN:
    case REL_TABLE_SCAN: return phys_scan(c, r);
    case REL_VALUES: {
        PNode *p = pnode(c, "Values", 0);
        if (!p) return NULL;
        for (int form = 0; form < 2; form++) {
            Buf t;
            eddy__buf_init(&t);
            eddy__buf_puts(&t, "tuples=[");
            tuples(&t, r);
            eddy__buf_putc(&t, ']');
            if (!form) {
                eddy__buf_puts(&t, ", values=[");
                if (r->ncols) name_list(&t, r->ncols, r->names);
                else eddy__buf_puts(&t, "ZERO");
                eddy__buf_putc(&t, ']');
                p->digest_args = take(c->a, &t);
            } else {
                p->exec_args = take(c->a, &t);
            }
        }
        p->changelog = CL_INSERT;
        p->rowcount = r->nrows;
        p->self = (Cost){p->rowcount, p->rowcount, 0, 0};
        return p->digest_args && p->exec_args ? p : NULL;
    }
    case REL_FILTER:
    case REL_PROJECT: {
        /* as planner.c runs it: one Calc for the whole chain */
        CalcFuse f;
        if (eddy__plan_fuse_calc(c->a, r, &f, err)) return NULL;
        if (eddy__plan_calc_has_subquery(&f, r->ncols)) {
            eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: subqueries");
            return NULL;
        }
        PNode *child = phys(c, f.input);
        if (!child || f.identity) return child;
        return calc(c, child, r->ncols, r->names, f.exprs, f.filter, f.input->names, r->changelog);
    }
    case REL_UNION: {
        PNode *p = pnode(c, "Union", r->nin);
        if (!p) return NULL;
        Buf t;
        eddy__buf_init(&t);
        eddy__buf_puts(&t, "all=[true], union=[");
        name_list(&t, r->ncols, r->names);
        eddy__buf_putc(&t, ']');
        if (!same_args(c, p, &t)) return NULL;
        for (int i = 0; i < r->nin; i++) {
            if (!(p->kids[i] = phys(c, r->in[i]))) return NULL;
            p->rowcount += p->kids[i]->rowcount;
        }
        p->changelog = r->changelog;
        p->self = (Cost){p->rowcount, p->rowcount, 0, 0};
        return p;
    }
    case REL_SORT:
        if (c->streaming && r->nkeys) break;
        return phys_sort(c, r);
    case REL_CORRELATE: return phys_correlate(c, r);
    case REL_AGGREGATE:
    case REL_OVER:
    case REL_JOIN:
    case REL_SETOP:
    case REL_WINDOW_TVF:
    case REL_MATCH: break;
    }
    if (!eddy__err_is_set(err))
        eddy__err(err, EDDY_E_UNSUPPORTED, "not supported yet: %s", r->feature ? r->feature : "this operation");
    return NULL;
}

/* Cumulative cost of a physical tree. */
static Cost cumulative(const PNode *p) {
    Cost s = p->self;
    for (int i = 0; i < p->nkids; i++) {
        Cost k = cumulative(p->kids[i]);
        s.rows += k.rows;
        s.cpu += k.cpu;
        s.io += k.io;
        s.network += k.network;
    }
    return s;
}

static void java_double(Buf *b, double d) { eddy__fmt_double(b, d); }

static TNode *phys_lines(Arena *a, const PNode *p, bool exec, unsigned details) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_printf(&t, "%s(%s", p->name, exec ? p->exec_args : p->digest_args);
    if (!exec && (details & EDDY_EXPLAIN_CHANGELOG_MODE)) {
        eddy__buf_puts(&t, ", changelogMode=[");
        changelog_text(&t, p->changelog);
        eddy__buf_putc(&t, ']');
    }
    eddy__buf_putc(&t, ')');
    if (!exec && (details & EDDY_EXPLAIN_ESTIMATED_COST)) {
        Cost cu = cumulative(p);
        eddy__buf_puts(&t, ": rowcount = ");
        java_double(&t, p->rowcount);
        eddy__buf_puts(&t, ", cumulative cost = {");
        java_double(&t, cu.rows);
        eddy__buf_puts(&t, " rows, ");
        java_double(&t, cu.cpu);
        eddy__buf_puts(&t, " cpu, ");
        java_double(&t, cu.io);
        eddy__buf_puts(&t, " io, ");
        java_double(&t, cu.network);
        eddy__buf_puts(&t, " network, 0.0 memory}");
    }
    TNode *n = tnode(a, take(a, &t), p->nkids);
    for (int i = 0; n && i < p->nkids; i++)
        if (!(n->kids[i] = phys_lines(a, p->kids[i], exec, details))) return NULL;
    return n;
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

eddy_status eddy__plan_explain(const PlanEnv *pe, const ExplainItem *items, int n, unsigned details,
                               int default_parallelism, Buf *out, EdErr *err) {
    Arena *a = pe->a;
    PCtx c = {a, err, pe->streaming};
    TNode **asts = eddy__arena_alloc(a, sizeof(TNode *) * (size_t)(n + 1));
    PNode **plans = eddy__arena_alloc(a, sizeof(PNode *) * (size_t)(n + 1));
    if (!asts || !plans) return NOMEM();
    for (int i = 0; i < n; i++) {
        const ExplainItem *it = &items[i];
        PNode *p = phys(&c, it->rel);
        if (!p) return eddy__err_is_set(err) ? err->code : NOMEM();
        TNode *t = ast(a, it->rel, err);
        if (!t) return eddy__err_is_set(err) ? err->code : NOMEM();
        if (it->sink_table) {
            Buf s;
            eddy__buf_init(&s);
            eddy__buf_printf(&s, "table=[%s], fields=[", it->sink_table);
            name_list(&s, it->nfields, it->fields);
            eddy__buf_putc(&s, ']');
            char *args = take(a, &s);
            PNode *sp = pnode(&c, "Sink", 1);
            TNode *st = args ? tnode(a, eddy__arena_printf(a, "LogicalSink(%s)", args), 1) : NULL;
            if (!sp || !st) return NOMEM();
            sp->digest_args = sp->exec_args = args;
            sp->kids[0] = p;
            sp->rowcount = p->rowcount;
            sp->self = (Cost){p->rowcount, p->rowcount, 0, 0};
            st->kids[0] = t;
            p = sp;
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
    for (int exec = 0; exec < 2; exec++) {
        eddy__buf_puts(out, exec ? "\n== Optimized Execution Plan ==\n" : "\n== Optimized Physical Plan ==\n");
        for (int i = 0; i < n; i++) {
            TNode *t = phys_lines(a, plans[i], exec, details);
            if (!t) {
                eddy__buf_free(&prefix);
                return NOMEM();
            }
            if (i) eddy__buf_putc(out, '\n');
            print_tree(out, t, &prefix, true, true);
        }
    }
    eddy__buf_free(&prefix);
    if (details & EDDY_EXPLAIN_JSON_EXECUTION_PLAN) {
        StreamNode **tops = eddy__arena_alloc(a, sizeof(StreamNode *) * (size_t)(n + 1));
        if (!tops) return NOMEM();
        for (int i = 0; i < n; i++) {
            if (items[i].node) {
                tops[i] = items[i].node;
                continue;
            }
            eddy_status rc = eddy__plan_rel(pe, items[i].rel, &tops[i], err);
            if (rc) return rc;
        }
        eddy__buf_puts(out, "\n== Physical Execution Plan ==\n");
        if (!json_plan(out, tops, n, default_parallelism)) return NOMEM();
    }
    return out->failed ? NOMEM() : EDDY_OK;
}
