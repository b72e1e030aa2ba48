/*
 * schema.h -- resolved table schemas as Flink's ResolvedSchema: columns
 * (physical, computed with their SQL text, metadata with key and VIRTUAL),
 * watermark specifications and the primary key; printSchema's text.
 * Pure data: the expressions behind computed columns and watermarks live
 * with the plans that use them.
 */
#ifndef EDDY_SCHEMA_H
#define EDDY_SCHEMA_H

#include "types/types.h"

typedef enum ColKind { COL_PHYSICAL, COL_COMPUTED, COL_METADATA } ColKind;

typedef struct SchemaCol {
    const char *name;
    const Type *type;
    ColKind kind;
    const char *expr_text; /* COMPUTED: the expression as written */
    const char *meta_key;  /* METADATA FROM 'key', or NULL when the key is the name */
    bool is_virtual;
    const char *comment;
} SchemaCol;

typedef struct WatermarkSpec {
    const char *column;
    const char *expr_text;
    const Type *type; /* the watermark expression's type */
} WatermarkSpec;

typedef struct ResolvedSchema {
    int ncols;
    SchemaCol *cols;
    int nwm;
    WatermarkSpec *wm;
    const char *pk_name; /* NULL: no primary key */
    int npk;
    const char **pk_cols;
} ResolvedSchema;

/* Appends printSchema's text (without a trailing newline). */
void eddy__schema_print(Buf *b, const ResolvedSchema *s);
/* A schema of plain physical columns. */
ResolvedSchema *eddy__schema_of_columns(Arena *a, int n, const char *const *names, const Type *const *types);

#endif
