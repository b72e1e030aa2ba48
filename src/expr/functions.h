/*
 * functions.h -- the tables of built-in functions of each family and the
 * coercion helpers their inference callbacks share.
 */
#ifndef EDDY_FUNCTIONS_H
#define EDDY_FUNCTIONS_H

#include "expr/expr_int.h"

extern const FuncDef *const eddy__fns_arith[];
extern const FuncDef *const eddy__fns_string[];
extern const FuncDef *const eddy__fns_time[];
extern const FuncDef *const eddy__fns_collection[];
extern const FuncDef *const eddy__fns_string2[];
extern const FuncDef *const eddy__fns_string3[];
extern const FuncDef *const eddy__fns_regex[];
extern const FuncDef *const eddy__fns_temporal[];
extern const FuncDef *const eddy__fns_datefmt[];
extern const FuncDef *const eddy__fns_json[];
extern const FuncDef *const eddy__fns_misc[];

/* Replaces args[i] by an implicit cast to t (keeping its nullability). */
eddy_status eddy__coerce(Arena *a, Expr **args, int i, const Type *t, EdErr *err);
/* eddy__coerce for each of args[0..nargs); stops at the first error. */
eddy_status eddy__coerce_all(Arena *a, Expr **args, int nargs, const Type *t, EdErr *err);
/* Whether args[i] is a string; a NULL literal is, cast to STRING first.
 * False either way when the cast fails (err is then set). */
bool eddy__str_arg(Arena *a, Expr **args, int i, EdErr *err);
/* The common type of the arguments (comparisons, IN, CASE branches). */
eddy_status eddy__common_arg_type(Arena *a, const FuncDef *fn, Expr **args, int nargs, const Type **out, EdErr *err);

/* Result type of decimal arithmetic, Flink's LogicalTypeMerging rules. */
const Type *eddy__decimal_add_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable);
const Type *eddy__decimal_mul_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable);
const Type *eddy__decimal_div_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable);
const Type *eddy__decimal_mod_type(Arena *a, int p1, int s1, int p2, int s2, bool nullable);

/* JSON for the aggregates (fn_json.c): the text JSON_STRING gives for
 * v[i] of type t appended to out (false with *err set, or *err NULL when
 * memory ran out), and the check that values of t convert at all. */
bool eddy__json_value_text(Arena *a, Buf *out, const Vector *v, uint32_t i, const Type *t, const char **err);
eddy_status eddy__json_check_type(const Type *t, EdErr *err);
/* Flink's error when JSON() is anywhere but a value of JSON_ARRAY or a
 * VALUE of JSON_OBJECT in e. */
eddy_status eddy__json_check_placement(const Expr *e, EdErr *err);

#endif
