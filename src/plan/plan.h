/*
 * plan.h -- logical plans (Rel trees), resolved schemas, the binder that
 * turns SQL ASTs into them, and the planner that turns them into stream
 * graph nodes.
 *
 * A Rel is an immutable relational operator with typed output columns.
 * Tables (eddy_table) hold a Rel and the ResolvedSchema printSchema shows.
 * Expressions inside Rels are expr.h trees whose column references index the
 * columns of the Rel's input (for a two-input Rel: left columns then right).
 * Everything is allocated in the env's arena and never changes once built,
 * so Rels are shared freely between tables, views and queries.
 */
#ifndef EDDY_PLAN_H
#define EDDY_PLAN_H

#include "connectors/connector.h"
#include "expr/expr.h"
#include "runtime/graph.h"
#include "sql/ast.h"
#include "types/schema.h"

/* ---- logical plans ----------------------------------------------------------------- */

typedef enum RelKind {
    REL_STREAM_SCAN, /* a DataStream read through fromDataStream's conversion */
    REL_TABLE_SCAN,  /* a catalog table read through its connector */
    REL_VALUES,      /* constant rows */
    REL_PROJECT,     /* exprs over the input */
    REL_FILTER,      /* cond over the input */
    REL_UNION,       /* UNION ALL of inputs with equal column types */
    REL_CORRELATE,   /* the input's columns, then the rows a table function (or
                      * UNNEST) gives for each input row (LATERAL TABLE, UNNEST) */
    /* The kinds below are bound and type-checked; the planner runs those it
     * has operators for and reports "not supported yet: <feature>" for the
     * others (Rel.feature names it). */
    REL_AGGREGATE,   /* GROUP BY / DISTINCT / group windows: keys, then aggregates, then window properties */
    REL_OVER,        /* the input's columns, then one column per OVER aggregate */
    REL_JOIN,        /* left columns then right columns, cond over both */
    REL_SORT,        /* ORDER BY keys with OFFSET / FETCH (either may be absent) */
    REL_SETOP,       /* UNION (distinct), INTERSECT [ALL], EXCEPT [ALL] of two inputs */
    REL_WINDOW_TVF,  /* TUMBLE / HOP / CUMULATE / SESSION table functions: the input's
                      * columns, then window_start, window_end, window_time */
    REL_MATCH,       /* MATCH_RECOGNIZE: the PARTITION BY keys (group), then the measures */
    /* Made only by the logical rewrite (rules.c), never by the binder: */
    REL_CALC,        /* a projection (exprs) of the rows where cond holds, both over the input */
    REL_RANK,        /* Top-N: the input's columns (then the rank number when output_rank), of the
                      * rows ranked rank_start..rank_end in each partition (group) by the order keys */
} RelKind;

/* An aggregate call of a REL_AGGREGATE or REL_OVER. Arguments are columns of
 * the input. */
typedef struct AggCall {
    const char *fn;       /* upper case: COUNT, SUM, AVG, ... */
    int nargs;
    const int *args;      /* input columns */
    bool star;            /* COUNT(*) */
    bool distinct;
    int filter;           /* input column of FILTER (WHERE ..), -1 when none */
    const Type *type;     /* result type */
    const char *name;     /* output column name */
    const FuncDef *user;  /* a C aggregate function (fn is its name), or NULL */
    int nulls;            /* JSON_*AGG's clause: 0 none written, 1 NULL ON NULL, 2 ABSENT ON NULL
                           * (AggSpec.nulls, expr/agg.h) */
} AggCall;

/* Legacy group windows (GROUP BY TUMBLE(ts, ..), Table API window(...)). */
typedef enum WindowKind { WIN_TUMBLE, WIN_HOP, WIN_SESSION, WIN_CUMULATE } WindowKind;
typedef enum WindowProp { WP_START, WP_END, WP_ROWTIME, WP_PROCTIME } WindowProp;
typedef struct GroupWindow {
    WindowKind kind;
    const char *alias;    /* the Table API window alias ('w), or NULL */
    int time_col;         /* input column of the time attribute */
    int64_t size_ms;      /* TUMBLE / HOP / CUMULATE size, SESSION gap */
    int64_t slide_ms;     /* HOP slide, CUMULATE step */
    int64_t offset_ms;    /* window TVFs: the window starts' offset (0: none) */
    int nprops;
    const WindowProp *props; /* output columns after the aggregates */
} GroupWindow;

/* A window table function's window as Flink's plans print it:
 * "TUMBLE(time_col=[ts], size=[10 min])", "HOP(.., size=[..], slide=[..])",
 * "CUMULATE(.., max_size=[..], step=[..])", "SESSION(time_col=[ts],
 * gap=[..], partition keys=[k])", with ", offset=[..]" when there is one. */
void eddy__window_spec(Buf *b, const GroupWindow *w, const char *time_col, int nkeys, const char *const *keys);

/* The frame and keys of one OVER aggregate (REL_OVER). */
typedef struct OverSpec {
    int npartition;
    const int *partition; /* input columns */
    int norder;
    const int *order;     /* input columns */
    const bool *desc;
    int frame;            /* 0 none, 1 ROWS, 2 RANGE */
    int64_t lower, upper; /* rows or ms; -1 unbounded preceding / following, 0 current row */
    const Type *lower_type, *upper_type; /* an interval bound's type (plans print it); else NULL */
} OverSpec;

/* JOIN_SEMI / JOIN_ANTI (the left side's columns only) come from rewrites. */
typedef enum JoinType { JOIN_INNER, JOIN_LEFT, JOIN_RIGHT, JOIN_FULL, JOIN_SEMI, JOIN_ANTI } JoinType;
/* The ranking functions of a REL_RANK. */
typedef enum RankFn { RANK_ROW_NUMBER, RANK_RANK, RANK_DENSE_RANK } RankFn;
typedef enum SetOpKind { SETOP_UNION, SETOP_INTERSECT, SETOP_EXCEPT } SetOpKind;


/* A C table function (eddy_tenv_create_table_function) as the binder and
 * planner see it. */
typedef struct TableFunc {
    const char *name;       /* as called (lower case) */
    const char *invocation; /* a built-in's name in Correlate's invocation, its arguments
                             * by position ($0); NULL: name, over the correlated row */
    const FuncDef *check;   /* types a call's arguments and casts them to the
                             * parameter types (its result type is unused) */
    const Type *args_row;   /* ROW<arg0 T0, ...>: the row the callback sees */
    int ncols;              /* the columns it produces */
    const char **names;
    const Type **types;
    const Type *row;        /* ROW of those columns: what the callback fills */
    eddy_table_fn eval;
    void *ctx;
    /* A temporal table function (Table.createTemporalTableFunction): not
     * called but joined -- LATERAL TABLE(f(l.time)) is l joined with the
     * version of `temporal` (a table's plan) valid at l.time, versions by
     * column temporal_key, their time column temporal_time. NULL: a C
     * function. */
    struct Rel *temporal;
    int temporal_time, temporal_key;
} TableFunc;

typedef struct Rel Rel;
typedef struct PlanEnv PlanEnv;
struct Rel {
    RelKind kind;
    int ncols;
    const char **names;
    const Type **types;
    int nin;
    Rel **in;
    /* REL_PROJECT: one expression per output column; REL_STREAM_SCAN: one
     * per output column over the stream's columns plus the record timestamp
     * (as TIMESTAMP_LTZ(3), at index stream ncols) */
    const Expr **exprs;
    const Expr *cond;       /* REL_FILTER */
    int nrows;              /* REL_VALUES */
    Batch *values;          /* REL_VALUES: the rows, one batch (owned by the env) */
    StreamNode *stream;     /* REL_STREAM_SCAN */
    const struct TableEntry *table; /* REL_TABLE_SCAN */
    const Expr *watermark;  /* REL_STREAM_SCAN: over the output columns */
    bool source_watermark;  /* REL_STREAM_SCAN: WATERMARK ... AS SOURCE_WATERMARK() */
    bool uses_ts;           /* REL_STREAM_SCAN: reads the record timestamp */
    bool transposed;        /* REL_CALC: made by a rule moving a projection below a join or rank */
    int npk;                /* scans: the primary key, as output columns (0: none) */
    const int *pk;
    unsigned changelog;     /* CL_* bits produced */
    const char *digest;     /* short description for messages ("GroupAggregate(...)") */
    const char *scan_name;  /* REL_STREAM_SCAN: the table as EXPLAIN names it
                             * ("*anonymous_datastream_source$1*" or a view's path) */
    const char *feature;    /* kinds the planner may not support: the feature
                             * named in "not supported yet: <feature>" */
    /* REL_AGGREGATE (REL_WINDOW_TVF: window and SESSION's PARTITION BY keys;
     * REL_RANK: the PARTITION BY keys) */
    int ngroup;
    const int *group;       /* input columns of the keys */
    /* REL_AGGREGATE with GROUPING SETS / ROLLUP / CUBE: the sets, as masks
     * over the keys (bit k: key k is in the set); nsets 0 otherwise */
    int nsets;
    const uint64_t *sets;
    int naggs;
    const AggCall *aggs;
    const GroupWindow *window; /* NULL unless a group window */
    /* REL_OVER: naggs / aggs above, one OverSpec per aggregate */
    const OverSpec *over;
    /* REL_JOIN (cond: the ON condition over left + right columns, NULL = true) */
    JoinType join;
    int as_of;              /* REL_JOIN, temporal: the left column FOR SYSTEM_TIME AS OF names */
    int temporal_key;       /* REL_JOIN of a temporal table function: its primary key column (0: none) */
    /* REL_SORT (REL_RANK: the ORDER BY keys) */
    int nkeys;
    const int *keys;        /* input columns */
    const bool *desc;
    const bool *nulls_first;
    int64_t offset;         /* -1 when absent */
    int64_t fetch;          /* -1 when absent */
    /* REL_SETOP */
    SetOpKind setop;
    bool all;
    /* REL_RANK */
    RankFn rank_fn;
    int64_t rank_start, rank_end; /* 1-based, inclusive */
    bool output_rank;             /* the rank number is the last column */
    /* REL_CORRELATE: join (JOIN_INNER, or JOIN_LEFT: an input row the
     * function gives no rows for is kept with NULLs); the function's
     * arguments in exprs (nargs, over the input's columns); tfunc, or NULL
     * for UNNEST (one argument: an ARRAY, MAP or MULTISET; ROW elements give
     * one column per field; ordinality: WITH ORDINALITY's INT column) */
    const TableFunc *tfunc;
    int nargs;
    bool ordinality;
    /* REL_FILTER, REL_PROJECT (the WHERE / select list of a query whose
     * subqueries refer to its row) and REL_JOIN (LATERAL (query) referring
     * to the left side): the correlation variable those references use,
     * Calcite's variablesSet [$cor<cor - 1>]; 0 when there is none */
    int cor;
};

/* Window properties (Flink's RelWindowProperties, window_props.c): the
 * window a column's values are the window_start / window_end / window_time
 * of, followed through projections (renames too), filters, sorts, ranks and
 * window aggregations, never by name. */
typedef struct WindowInfo {
    const GroupWindow *window; /* the window table function's window */
    const Type *time_type;     /* the type of its time attribute (rowtime / proctime, LTZ) */
    bool derived;              /* the column passed a window aggregation or rank on its way up */
} WindowInfo;
/* WP_START, WP_END or WP_ROWTIME (window_time) when column col of r is a
 * window property (*wi its window, may be NULL), else -1. */
int eddy__rel_window_col(const Rel *r, int col, WindowInfo *wi);
/* Whether join j's condition equates the window_start and the window_end
 * of windows on its two sides (Flink's satisfyWindowJoin); wcol: the left
 * start, right start, left end, right end columns (of each input), -1 when
 * absent. */
bool eddy__rel_window_join(const Rel *j, int wcol[4]);
/* The window whose window_start and window_end are both among columns
 * cols[0..n) of in, or NULL. */
const GroupWindow *eddy__rel_window_keys(const Rel *in, int n, const int *cols, WindowInfo *wi);

/* Rel constructors (arena a). */
Rel *eddy__rel_new(Arena *a, RelKind kind, int ncols, int nin);
/* A projection of `in` with the given expressions and names. */
Rel *eddy__rel_project(Arena *a, Rel *in, int n, const Expr *const *exprs, const char *const *names);
/* Whether e contains a subquery (marker calls the binder makes for scalar
 * subqueries, EXISTS, IN (query) and correlated references; the logical
 * rewrite turns them into joins). */
bool eddy__expr_has_subquery(const Expr *e);
/* Whether one of r's own expressions (not its inputs') has a subquery. */
bool eddy__rel_has_subquery(const Rel *r);

/* The marker calls the binder makes for subqueries (bind_subquery.c):
 * SQ_SCALAR (SELECT ..) as a value, SQ_EXISTS, SQ_IN (x IN (query): one
 * argument, a ROW for (x, y) IN ..) and SQ_COR, a column of an enclosing
 * query's row (a correlation variable's field). The rewrite (rules_subquery.c)
 * turns them into joins and aggregates. */
typedef enum SubqueryKind { SQ_NONE, SQ_SCALAR, SQ_EXISTS, SQ_IN, SQ_COR } SubqueryKind;
/* A correlated reference: field `col` (named `name`) of the row of the Rel
 * whose cor is `cor` ($cor<cor - 1>.name); cor 0: a scope no Rel takes. */
typedef struct CorVar {
    const char *name;
    int cor;
    int col;
} CorVar;
/* What e is: SQ_NONE unless e is a marker call. */
SubqueryKind eddy__expr_subquery_kind(const Expr *e);
/* The query of a SQ_SCALAR, SQ_EXISTS or SQ_IN marker. */
const Rel *eddy__expr_subquery_rel(const Expr *e);
/* The reference of a SQ_COR marker. */
const CorVar *eddy__expr_cor_var(const Expr *e);
/* Whether e holds a SQ_COR marker of correlation cor (markers' queries
 * included); cor 0: of any correlation. */
bool eddy__expr_refs_cor(const Expr *e, int cor);
/* Whether a Rel tree refers to correlation cor (0: to any) in its
 * expressions or in those of the subqueries they hold. */
bool eddy__rel_refs_cor(const Rel *r, int cor);
/* Whether e has no non-deterministic call (RAND, UUID, ...): a projection
 * of it may be merged into the expressions that use it. */
bool eddy__expr_deterministic(const Expr *e);
/* A REL_CALC of `in`: the rows where cond holds (NULL: all), projected to
 * exprs (n of them, over in's columns) named `names`. Arrays are copied. */
Rel *eddy__rel_calc(Arena *a, const Rel *in, int n, const Expr *const *exprs, const char *const *names,
                    const Expr *cond);
/* A filter of `in` by cond (columns as in's). */
Rel *eddy__rel_filter(Arena *a, Rel *in, const Expr *cond);
/* True for a REL_PROJECT that passes its input's columns through in order
 * (names may differ): it needs no operator. */
bool eddy__rel_is_identity(const Rel *r);
/* Index of the single rowtime column among the Rel's columns, -1 when
 * none; -2 when there are several. */
int eddy__rel_rowtime(const Rel *r);
/* ORDER BY / OFFSET / FETCH over `in` (keys are its columns; offset and
 * fetch -1 when absent), with the changelog and the feature name streaming
 * mode gives it. Arrays are copied. */
Rel *eddy__rel_sort(Arena *a, bool streaming, Rel *in, int nkeys, const int *keys, const bool *desc,
                    const bool *nulls_first, int64_t offset, int64_t fetch);

/* How Flink prints expressions in plans: XS_REX as Calcite's RexNode in the
 * abstract syntax tree ($0, +($1, 1), _UTF-16LE'a'), XS_DIGEST in the
 * optimized physical plan (>(a, 10), input columns by name), XS_INFIX in the
 * optimized execution plan ((a > 10), 'a'). names: the input's columns
 * (NULL: by position, as $0, in every style). */
typedef enum ExprStyle { XS_REX, XS_DIGEST, XS_INFIX } ExprStyle;
void eddy__plan_expr_text(Buf *b, const Expr *e, const char *const *names, ExprStyle style);
/* A type with Calcite's names (INTEGER, VARCHAR(2147483647)). */
void eddy__plan_type_text(Buf *b, const Type *t);
/* A literal value as Calcite prints it; typed: with its type suffix where
 * Calcite prints one (10:BIGINT), else the bare value as in VALUES tuples. */
void eddy__plan_literal_text(Buf *b, const Value *v, const Type *t, bool typed);

/* ---- the logical rewrite (rules.c) ------------------------------------------------------ */

/* Rules rewrite Rels before physical planning. A rule looks at one Rel (its
 * inputs already rewritten) and returns an equivalent Rel, or NULL when it
 * does not apply; a rule that fails (out of memory) calls eddy__rule_fail and
 * returns NULL. eddy__plan_rewrite applies a rule set bottom-up until no
 * rule applies anywhere. */
typedef struct RuleCtx {
    Arena *a;
    const PlanEnv *pe;
    EdErr *err;
    bool failed;
    int fired;          /* rules applied so far (a bound guards against rule sets that loop) */
} RuleCtx;
typedef Rel *(*RelRuleFn)(RuleCtx *cx, const Rel *r);
typedef struct RelRule {
    const char *name;
    RelRuleFn fn;
} RelRule;
/* A rule set: the rules in the order they are tried at each Rel. */
typedef struct RuleSet {
    const RelRule *rules;
    int n;
} RuleSet;
/* The rules of rules_subquery.c, as initializers of the phases' rule
 * lists (rules.c): phase 0 removes subqueries, phase 2 moves conditions
 * and columns through the semi and anti joins it makes. */
Rel *eddy__rule_subquery_filter(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_subquery_project(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_lateral_join(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_subquery_join(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_semi_join_condition_push(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_calc_semi_join_transpose(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_semi_join_right_prune(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_left_join_to_inner(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_aggregate_input_prune(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_aggregate_call_prune(RuleCtx *cx, const Rel *r);
/* An Aggregate of `in` by its columns group[0..ng) with the calls aggs[0..na)
 * (copied), named after the columns and the calls (rules_subquery.c). */
Rel *eddy__rule_aggregate(RuleCtx *cx, const Rel *in, int ng, const int *group, int na, const AggCall *aggs);
/* rules_setop.c: GROUP BY over rows unique on its keys; INTERSECT ALL / EXCEPT ALL */
Rel *eddy__rule_aggregate_remove(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_intersect_all(RuleCtx *cx, const Rel *r);
Rel *eddy__rule_except_all(RuleCtx *cx, const Rel *r);
#define EDDY_PLAN_SUBQUERY_RULES                                                                                      \
    {"subquery_filter", eddy__rule_subquery_filter}, {"subquery_project", eddy__rule_subquery_project},             \
        {"lateral_join", eddy__rule_lateral_join}, {"subquery_join", eddy__rule_subquery_join}
#define EDDY_PLAN_SEMI_JOIN_RULES                                                                                     \
    {"semi_join_condition_push", eddy__rule_semi_join_condition_push},                                              \
        {"calc_semi_join_transpose", eddy__rule_calc_semi_join_transpose},                                          \
        {"semi_join_right_prune", eddy__rule_semi_join_right_prune},                                                \
        {"left_join_to_inner", eddy__rule_left_join_to_inner},                                                      \
        {"aggregate_input_prune", eddy__rule_aggregate_input_prune},                                                \
        {"aggregate_call_prune", eddy__rule_aggregate_call_prune}
/* The planner's rule sets, applied one after the other (rules.c). */
extern const RuleSet eddy__plan_rule_phases[];
extern const int eddy__plan_nphases;
/* Records a failure (err set by the caller, or out of memory) in a rule. */
Rel *eddy__rule_fail(RuleCtx *cx);
/* Applies each rule set in turn (nphases of them), bottom-up to a fixpoint.
 * *out may be r itself when nothing applies; unchanged subtrees are shared. */
eddy_status eddy__plan_rewrite(const PlanEnv *pe, const Rel *r, const RuleSet *phases, int nphases, const Rel **out,
                               EdErr *err);

/* ---- catalog objects as the binder sees them ------------------------------------------ */

/* A table backed by a connector (CREATE TABLE, TableDescriptor): its
 * definition, and how a scan computes its columns from what the connector
 * emits -- the physical columns, then the metadata columns, in schema
 * order. */
typedef struct TableEntry {
    TableDef def;
    int nphys;
    const char **phys_names;
    const Type **phys_types;
    int nmeta;
    const char **meta_keys;  /* the metadata key of each metadata column */
    const char **meta_names; /* and its column name */
    const Type **meta_types;
    bool *meta_virtual;
    /* per schema column, over [physical..., metadata...] */
    int ncols;
    const char **names;
    const Type **types;      /* with time attributes (streaming) */
    const Expr **exprs;
    const Expr *watermark;   /* over the schema's columns */
    bool source_watermark;
    const struct SchemaSpec *spec; /* as declared (CREATE TABLE ... LIKE copies it) */
} TableEntry;

/* What CREATE MATERIALIZED TABLE keeps with its table (Flink's
 * CatalogMaterializedTable): the freshness, the refresh mode, the query. */
typedef struct MaterializedDef {
    const char *freshness;      /* the interval's value: "3" */
    const char *freshness_unit; /* SECOND, MINUTE, HOUR or DAY */
    const char *refresh_mode;   /* CONTINUOUS or FULL */
    const char *query;          /* the defining query, as eddy prints it */
} MaterializedDef;

typedef struct CatalogEntry {
    const char *path;  /* fully qualified: default_catalog.default_database.name */
    const char *name;  /* the object name as registered */
    bool is_view;
    bool temporary;
    Rel *rel;          /* views (and DataStream tables): the query */
    const ResolvedSchema *schema;
    const TableEntry *table; /* connector tables */
    const char *view_text;   /* CREATE VIEW's query as written, for SHOW CREATE VIEW */
    const AstQuery *view_query; /* its AST (positions into view_text): bound anew at each use */
    const char *view_expanded;  /* the query as Flink expands it, for SHOW CREATE VIEW (NULL: not expandable) */
    AstIdent *const *view_cols; /* CREATE VIEW v (a, b): the column names */
    int nview_cols;
    const char *comment;
    const MaterializedDef *mt; /* a materialized table's definition; NULL for other tables */
    void *owner; /* the memory the entry lives in (set by the catalog: Catalog.owner) */
} CatalogEntry;

/* Looks up a table or view by its (1-3 part) path; NULL when absent. */
typedef const CatalogEntry *(*CatalogLookup)(void *ctx, const char *const *parts, int nparts);

/* ---- binding ------------------------------------------------------------------------ */

/* What the binder needs from its environment. */
typedef struct BindEnv {
    Arena *a;
    CatalogLookup lookup;
    void *lookup_ctx;
    bool streaming;       /* time attributes only exist in streaming mode */
    const TimeZone *tz;   /* session time zone for constant folding */
    const char *sql;      /* the text being bound (for expression summaries) */
    int64_t now_ms;
    const char *current_database; /* CURRENT_DATABASE(): the session's, as the statement is bound */
    int view_depth;       /* views being expanded (guards against cycles) */
    /* Relations already bound, visible by name to table references before
     * CTEs and the catalog (the Table API names its inputs this way). */
    int nbound;
    const char *const *bound_names;
    Rel *const *bound_rels;
    /* Table API expressions: errors without SQL positions and with the
     * Table API's texts ("Cannot resolve field [x], input field list:[a].") */
    bool table_api;
    /* user functions by name: pass 0 is asked before the built-ins
     * (temporary system functions), pass 1 after them (catalog functions);
     * NULL when there are none */
    const FuncDef *(*functions)(void *ctx, const char *name, int pass);
    void *functions_ctx;
    /* user table functions by name (same ctx); NULL when there are none */
    const TableFunc *(*table_functions)(void *ctx, const char *name);
} BindEnv;

/* The Rel a query reads a catalog object through: a connector table's scan
 * (with OPTIONS hints laid over its options), a SQL view expanded from its
 * text, or a DataStream view's plan. */
eddy_status eddy__plan_catalog_rel(const BindEnv *be, const CatalogEntry *ce, int nopts, const TableOption *opts,
                                   Rel **out, EdErr *err);
/* `cat`.`db`.`name` for a qualified path cat.db.name (arena a). */
const char *eddy__path_quoted(Arena *a, const char *qualified);

/* Whether name (any case) is an aggregate or ranking function. */
bool eddy__bind_is_aggregate(const char *name);

/* Binds a query AST into a Rel. Errors carry Flink's messages and the SQL
 * position (err->line/col). */
eddy_status eddy__bind_query(const BindEnv *be, const AstQuery *q, Rel **out, EdErr *err);

/* A column scope for binding a free-standing expression (computed columns,
 * watermarks, Table-API expressions). */
typedef struct BindCols {
    int n;
    const char *const *names;
    const Type *const *types;
} BindCols;
/* Binds a scalar expression over the columns. */
eddy_status eddy__bind_expr(const BindEnv *be, const BindCols *cols, const AstExpr *e, Expr **out, EdErr *err);
/* Binds a literal value list (eddy_from_values) to rows of type t: a batch.
 * Each item is cast (implicitly, or as CAST would for strings) to t. */
eddy_status eddy__bind_values(const BindEnv *be, const Type *t, const AstExprList *list, Batch **out, EdErr *err);

/* ---- fromDataStream: schema translation --------------------------------------------- */

/* The parts of a user's Schema (Schema.newBuilder()...), in the order given. */
typedef enum SpecKind { SPEC_PHYSICAL, SPEC_COMPUTED, SPEC_METADATA, SPEC_WATERMARK, SPEC_PK } SpecKind;
typedef struct SpecPart {
    SpecKind kind;
    const char *name;        /* column (or PK constraint name, may be NULL) */
    const Type *type;        /* PHYSICAL, METADATA */
    const char *expr;        /* COMPUTED, WATERMARK: SQL text */
    const char *key;         /* METADATA FROM key, or NULL */
    bool is_virtual;
    const char *comment;     /* column COMMENT, or NULL */
    int ncols;               /* PK */
    const char *const *cols; /* PK */
} SpecPart;
typedef struct SchemaSpec {
    int n;
    const SpecPart *parts;
} SchemaSpec;

/* Derives the table of a DataStream as fromDataStream(ds[, schema]) does
 * (Flink's SchemaTranslator and DefaultSchemaResolver): physical columns
 * from the stream's type, patched or reordered by declared physical
 * columns, then metadata (rowtime), computed columns, the watermark and the
 * primary key. spec may be NULL. */
eddy_status eddy__plan_from_stream(const BindEnv *be, StreamNode *stream, const SchemaSpec *spec, Rel **rel,
                                   ResolvedSchema **schema, EdErr *err);

/* ---- tables (ddl.c) -------------------------------------------------------------------- */

/* The schema parts of a CREATE TABLE column list (expressions as unparsed
 * SQL text, the form Flink keeps in its catalog). */
eddy_status eddy__plan_spec_from_ast(Arena *a, const AstSchema *s, SchemaSpec *out, EdErr *err);
/* Resolves a table definition: physical columns as declared, metadata
 * columns read from the connector, computed columns, watermark, key. */
eddy_status eddy__plan_table_entry(const BindEnv *be, const char *path, const SchemaSpec *spec, int nopts,
                                   const TableOption *opts, int npart, const char *const *partition_keys,
                                   const char *comment, TableEntry **out, EdErr *err);
/* A scan of a connector table. */
Rel *eddy__plan_table_scan(Arena *a, const TableEntry *t, bool streaming);
/* The primary key of schema s as indices into the n columns `names`:
 * their count (0 when s has no key or a key column is not among them),
 * the indices in *out (arena a). */
int eddy__plan_pk_index(Arena *a, const ResolvedSchema *s, int n, const char *const *names, const int **out);

/* ---- planning ---------------------------------------------------------------------- */

struct PlanEnv {
    Arena *a;                 /* nodes live here (the env's arena) */
    int max_parallelism;
    const TimeZone *tz;
    bool streaming;
    /* the session's options (table.exec.*, table.optimizer.*), as set */
    int nopts;
    const TableOption *opts;
    /* planning for EXPLAIN only: with 'eddy.explain.show-unsupported', plans
     * eddy cannot run yet are planned (and printed) without stream nodes */
    bool explain_only;
};

typedef struct PhysNode PhysNode;

/* Plans a query whose rows a client consumes with every kind of change (a
 * collect sink: TableResult.collect / print, the shell); returns the node
 * producing its rows (columns in Rel order). Node record types are ROW
 * types of the Rel's names and types. */
eddy_status eddy__plan_rel(const PlanEnv *pe, const Rel *r, StreamNode **out, EdErr *err);

/* The sinks of the bridge (toDataStream and friends). */
typedef enum StreamSinkKind {
    SSINK_DATASTREAM,     /* toDataStream: insert-only */
    SSINK_APPEND_STREAM,  /* the legacy toAppendStream: insert-only */
    SSINK_RETRACT_STREAM, /* the legacy toRetractStream: every kind, with -U */
    SSINK_CHANGELOG,      /* toChangelogStream: the kinds of `accepts` */
} StreamSinkKind;
typedef struct StreamSinkSpec {
    StreamSinkKind kind;
    const char *name;     /* the identifier, "*anonymous_datastream_sink$1*" */
    const Type *type;     /* the target record type; NULL: a ROW of the table's columns */
    unsigned accepts;     /* SSINK_CHANGELOG: CL_* kinds (all, upsert I|UA|D, insert-only) */
    int npk;              /* SSINK_CHANGELOG upsert: the primary key's columns (of the table) */
    const int *pk;
    /* toChangelogStream with a schema: the target column (of `type`) that is
     * the rowtime metadata column -- its value goes into the record
     * timestamp and it is not part of the records (when has_meta_rowtime);
     * no_rowtime: a schema without one, records get no timestamp */
    bool has_meta_rowtime;
    int meta_rowtime;
    bool no_rowtime;
} StreamSinkSpec;
/* The conversion at the end of toDataStream / toChangelogStream: the plan
 * of r checked against what the sink accepts (Flink's "Table sink '...'
 * doesn't support consuming update changes ..."), columns cast/reordered to
 * the target type (by name for structured types, else by position), the
 * single rowtime column written into the record timestamp. */
eddy_status eddy__plan_to_datastream(const PlanEnv *pe, const Rel *r, const StreamSinkSpec *sink, StreamNode **out,
                                     EdErr *err);

/* What an INSERT says besides its query. */
typedef struct InsertSpec {
    int ncolumns;                      /* the column list; 0: all columns */
    const char *const *columns;
    int nstatic;                       /* PARTITION (k = v, ...) */
    const char *const *static_names;
    const Expr *const *static_values;  /* constants */
    bool overwrite;                    /* INSERT OVERWRITE */
    const char *sink_name;             /* in messages; NULL: the table's path */
} InsertSpec;
/* INSERT INTO a connector table: casts the query's columns to the sink's
 * physical columns (the listed ones, or all but the static partition
 * columns, in order; unlisted columns are NULL) and adds the connector's
 * sink. Returns the sink node, and in *phys (when not NULL) the physical
 * plan EXPLAIN prints. With pe->explain_only and the show-unsupported
 * option, a plan eddy cannot run yet gives *out NULL and its *phys. */
eddy_status eddy__plan_insert(const PlanEnv *pe, const Rel *query, const TableEntry *sink, const InsertSpec *ins,
                              StreamNode **out, const PhysNode **phys, EdErr *err);

/* Checks a planner option when it is set (SET / set_option): Flink's
 * message for a bad value. Keys the planner does not read pass. */
eddy_status eddy__plan_check_option(const char *key, const char *value, EdErr *err);
/* Whether the planner reads option `key`. */
bool eddy__plan_option_known(const char *key);

/* ---- EXPLAIN (explain.c) ---------------------------------------------------------------- */

/* One statement of an EXPLAIN: a query, or an INSERT (sink_table set). */
typedef struct ExplainItem {
    const Rel *rel;                /* the query */
    const char *sink_table;        /* INSERT: the sink's path (catalog.db.name), else NULL */
    int nfields;                   /* INSERT: the sink's columns */
    const char *const *fields;
    StreamNode *node;              /* INSERT: the planned sink (for the JSON plan), else NULL */
    const PhysNode *phys;          /* INSERT: its physical plan (eddy__plan_insert), else NULL */
} ExplainItem;

/* Appends Flink's EXPLAIN text for the items to out: the abstract syntax
 * tree, the optimized physical plan and the optimized execution plan (one
 * tree per item, separated by blank lines), and with
 * EDDY_EXPLAIN_JSON_EXECUTION_PLAN the stream graph as JSON.
 * details: EDDY_EXPLAIN_* bits. Fails with the planner's "not supported
 * yet: <feature>" for plans eddy cannot run. */
eddy_status eddy__plan_explain(const PlanEnv *pe, const ExplainItem *items, int n, unsigned details,
                               int default_parallelism, Buf *out, EdErr *err);

#endif
