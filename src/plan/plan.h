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
} RelKind;


typedef struct Rel Rel;
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
    unsigned changelog;     /* CL_* bits produced */
    const char *digest;     /* short description for messages ("GroupAggregate(...)") */
};

/* Rel constructors (arena a). */
Rel *eddy__rel_new(Arena *a, RelKind kind, int ncols, int nin);
/* A projection of `in` with the given expressions and names. */
Rel *eddy__rel_project(Arena *a, Rel *in, int n, const Expr *const *exprs, const char *const *names);
/* Index of the single rowtime column among the Rel's columns, -1 when
 * none; -2 when there are several. */
int eddy__rel_rowtime(const Rel *r);

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
    AstIdent *const *view_cols; /* CREATE VIEW v (a, b): the column names */
    int nview_cols;
    const char *comment;
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
    int view_depth;       /* views being expanded (guards against cycles) */
    /* user functions by name: pass 0 is asked before the built-ins
     * (temporary system functions), pass 1 after them (catalog functions);
     * NULL when there are none */
    const FuncDef *(*functions)(void *ctx, const char *name, int pass);
    void *functions_ctx;
} BindEnv;

/* The Rel a query reads a catalog object through: a connector table's scan
 * (with OPTIONS hints laid over its options), a SQL view expanded from its
 * text, or a DataStream view's plan. */
eddy_status eddy__plan_catalog_rel(const BindEnv *be, const CatalogEntry *ce, int nopts, const TableOption *opts,
                                   Rel **out, EdErr *err);
/* `cat`.`db`.`name` for a qualified path cat.db.name (arena a). */
const char *eddy__path_quoted(Arena *a, const char *qualified);

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

/* ---- planning ---------------------------------------------------------------------- */

typedef struct PlanEnv {
    Arena *a;                 /* nodes live here (the env's arena) */
    int max_parallelism;
    const TimeZone *tz;
    bool streaming;
} PlanEnv;

/* Compiles a Rel into stream graph nodes; returns the node producing its
 * rows (columns in Rel order). Node record types are ROW types of the
 * Rel's names and types. */
eddy_status eddy__plan_rel(const PlanEnv *pe, const Rel *r, StreamNode **out, EdErr *err);
/* Adds the conversion at the end of toDataStream: columns cast/reordered to
 * the target record type t (a ROW of the Rel's columns when NULL), the single
 * rowtime column written into the record timestamp. */
eddy_status eddy__plan_to_stream(const PlanEnv *pe, const Rel *r, StreamNode *in, const Type *t, const char *sink_name,
                                 StreamNode **out, EdErr *err);
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
 * sink. Returns the sink node. */
eddy_status eddy__plan_insert(const PlanEnv *pe, const Rel *query, const TableEntry *sink, const InsertSpec *ins,
                              StreamNode **out, EdErr *err);
/* Checks that a sink accepting only inserts can consume r; else Flink's
 * "doesn't support consuming update changes" error naming `sink`. */
eddy_status eddy__plan_check_insert_only(const Rel *r, const char *sink, EdErr *err);

#endif
