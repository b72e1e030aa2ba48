/*
 * explain_int.h -- text helpers shared by the abstract syntax tree
 * (explain.c) and the physical plan printer (phys_explain.c).
 */
#ifndef EDDY_EXPLAIN_INT_H
#define EDDY_EXPLAIN_INT_H

#include "plan/plan.h"

/* "default_catalog, default_database, t" for a path (anonymous tables by
 * their name only). */
void eddy__explain_table_list(Buf *b, const char *path);
/* "a, b, c". */
void eddy__explain_names(Buf *b, int n, const char *const *names);
/* VALUES tuples: [{ 1, _UTF-16LE'a' }, { 2, _UTF-16LE'b' }]. */
void eddy__explain_tuples(Buf *b, const Rel *r);
/* The input's column names as a correlated reference sees them ($cor0.a). */
const char **eddy__explain_cor_names(Arena *a, const Rel *in);
/* f($cor0.c, _UTF-16LE'x') or $UNNEST_ROWS$1($cor0.c): a Correlate's invocation. */
void eddy__explain_invocation(Buf *t, const Rel *r, const char *const *cor);
/* RecordType(INTEGER a, VARCHAR(2147483647) f0) of columns [from, to). */
void eddy__explain_record_type(Buf *t, const Rel *r, int from, int to);
/* The table a scan Rel reads, as plans name it. */
const char *eddy__explain_scan_table(const Rel *r);
/* A Rel tree as Calcite's RelOptUtil.toString prints the query of a
 * subquery (RexSubQuery): one node a line, two spaces deeper per level,
 * each line ending with a newline. */
void eddy__explain_rel_calcite(Buf *b, const Rel *r);
/* Calcite's RelDataType.toString of t: SQL names, no nullability, no
 * character set ("VARCHAR(11)", "RecordType(INTEGER a)"). */
void eddy__explain_calcite_type(Buf *b, const Type *t);

#endif
