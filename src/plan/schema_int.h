/*
 * schema_int.h -- the second half of schema resolution, shared by
 * fromDataStream (scan.c) and CREATE TABLE / table descriptors (ddl.c):
 * once the physical and metadata columns are known with the expressions
 * that read them, add the computed columns, check and bind the watermark,
 * check the primary key and build the ResolvedSchema.
 */
#ifndef EDDY_SCHEMA_INT_H
#define EDDY_SCHEMA_INT_H

#include "plan/plan.h"

typedef struct OutCol {
    const char *name;
    const Type *type;     /* as the schema shows it (time attributes included) */
    ColKind kind;
    const SpecPart *part; /* NULL for derived physical columns */
    Expr *expr;           /* over the source's columns */
} OutCol;

typedef ED_VEC(OutCol) OutCols;

/* The resolved table: schema text, per-column expressions, the watermark. */
typedef struct Resolved {
    ResolvedSchema *schema;
    const Expr **exprs;   /* one per column, over the source's columns */
    const Type **types;   /* column types (time attributes included) */
    const char **names;
    int ncols;
    const Expr *watermark;/* over the columns; NULL when none or SOURCE_WATERMARK */
    bool source_watermark;
} Resolved;

/* Completes `cols` (physical and metadata columns filled, computed columns
 * present with part set and expr NULL) with the spec's computed columns,
 * watermark and primary key. pk_not_null: make key columns NOT NULL first
 * (derived columns); reorder: the schema hides the watermark and key as
 * Flink's reordering projection does. */
eddy_status eddy__schema_resolve(const BindEnv *be, OutCols *cols, const SchemaSpec *spec, bool pk_not_null,
                                 bool reorder, Resolved *out, EdErr *err);

#endif
