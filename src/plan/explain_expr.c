/*
 * explain_expr.c -- expressions as Flink's plans print them. Three forms:
 * Calcite's RexNode text in the abstract syntax tree ($0, +($1, 1),
 * _UTF-16LE'a', CAST($0):BIGINT NOT NULL), the digest form of the
 * optimized physical plan (input columns by name, >(a, 10),
 * CAST(a AS BIGINT)), and the infix form of the optimized execution plan
 * ((a > 10), 'a', a BIGINT 1 as 1). Types print with Calcite's names (INTEGER,
 * VARCHAR(2147483647) CHARACTER SET "UTF-16LE").
 */
#include <stdlib.h>

#include "plan/explain_int.h"
#include "types/format.h"

/* Calcite's type digest; charset: the CHARACTER SET suffix of strings. */
static void calcite_type(Buf *b, const Type *t, bool charset) {
    static const char *ir[] = {"YEAR", "YEAR TO MONTH", "MONTH", "DAY", "DAY TO HOUR", "DAY TO MINUTE", "DAY TO SECOND",
                               "HOUR", "HOUR TO MINUTE", "HOUR TO SECOND", "MINUTE", "MINUTE TO SECOND", "SECOND"};
    switch ((TypeRoot)t->root) {
    case TY_NULL: eddy__buf_puts(b, "NULL"); break;
    case TY_BOOLEAN: eddy__buf_puts(b, "BOOLEAN"); break;
    case TY_TINYINT: eddy__buf_puts(b, "TINYINT"); break;
    case TY_SMALLINT: eddy__buf_puts(b, "SMALLINT"); break;
    case TY_INT: eddy__buf_puts(b, "INTEGER"); break;
    case TY_BIGINT: eddy__buf_puts(b, "BIGINT"); break;
    case TY_FLOAT: eddy__buf_puts(b, "FLOAT"); break;
    case TY_DOUBLE: eddy__buf_puts(b, "DOUBLE"); break;
    case TY_DECIMAL: eddy__buf_printf(b, "DECIMAL(%d, %d)", t->precision, t->scale); break;
    case TY_CHAR:
    case TY_VARCHAR:
        eddy__buf_printf(b, "%s(%d)", t->root == TY_CHAR ? "CHAR" : "VARCHAR", t->length);
        if (charset) eddy__buf_puts(b, " CHARACTER SET \"UTF-16LE\"");
        break;
    case TY_BINARY: eddy__buf_printf(b, "BINARY(%d)", t->length); break;
    case TY_VARBINARY: eddy__buf_printf(b, "VARBINARY(%d)", t->length); break;
    case TY_DATE: eddy__buf_puts(b, "DATE"); break;
    case TY_TIME: eddy__buf_printf(b, "TIME(%d)", t->precision); break;
    case TY_TIMESTAMP:
        eddy__buf_printf(b, "TIMESTAMP(%d)", t->precision);
        if (t->timeattr == TA_ROWTIME) eddy__buf_puts(b, " *ROWTIME*");
        break;
    case TY_TIMESTAMP_LTZ:
        eddy__buf_printf(b, "TIMESTAMP_WITH_LOCAL_TIME_ZONE(%d)", t->precision);
        if (t->timeattr == TA_ROWTIME) eddy__buf_puts(b, " *ROWTIME*");
        else if (t->timeattr == TA_PROCTIME) eddy__buf_puts(b, " *PROCTIME*");
        break;
    case TY_INTERVAL_YM:
    case TY_INTERVAL_DT: eddy__buf_printf(b, "INTERVAL %s", ir[t->ires < ED_ARRAY_LEN(ir) ? t->ires : 0]); break;
    case TY_ARRAY:
    case TY_MULTISET:
        calcite_type(b, t->elem, charset);
        eddy__buf_puts(b, t->root == TY_ARRAY ? " ARRAY" : " MULTISET");
        break;
    case TY_MAP:
        eddy__buf_putc(b, '(');
        calcite_type(b, t->elem, charset);
        eddy__buf_puts(b, ", ");
        calcite_type(b, t->value, charset);
        eddy__buf_puts(b, ") MAP");
        break;
    case TY_ROW:
    case TY_STRUCTURED:
        eddy__buf_puts(b, "RecordType(");
        for (int i = 0; i < t->nfields; i++) {
            if (i) eddy__buf_puts(b, ", ");
            calcite_type(b, t->fields[i].type, charset);
            eddy__buf_printf(b, " %s", t->fields[i].name);
        }
        eddy__buf_putc(b, ')');
        break;
    default: eddy__type_print(b, t); break;
    }
}

void eddy__explain_calcite_type(Buf *b, const Type *t) { calcite_type(b, t, false); }

static void full_type(Buf *b, const Type *t, bool charset) {
    calcite_type(b, t, charset);
    if (!t->nullable && t->root != TY_NULL) eddy__buf_puts(b, " NOT NULL");
}

/* Calcite's Util.toScientificNotation of a double: "1.5E0", "1E2", "5E-1". */
static void scientific(Buf *b, double d) {
    Buf t;
    eddy__buf_init(&t);
    eddy__fmt_double(&t, d);
    const char *s = eddy__buf_cstr(&t);
    if (strchr(s, 'N') || strchr(s, 'I')) { /* NaN, Infinity */
        eddy__buf_puts(b, s);
        eddy__buf_free(&t);
        return;
    }
    char digits[64];
    int nd = 0, point = -1, exp = 0;
    bool neg = *s == '-';
    if (neg) s++;
    for (; *s && *s != 'E'; s++) {
        if (*s == '.') point = nd;
        else if (nd < 60) digits[nd++] = *s;
    }
    if (*s == 'E') exp = atoi(s + 1);
    if (point < 0) point = nd;
    /* leading zeros move the decimal point */
    int lead = 0;
    while (lead < nd - 1 && digits[lead] == '0') lead++;
    int e10 = point - lead - 1 + exp;
    while (nd - 1 > lead && digits[nd - 1] == '0') nd--;
    if (neg) eddy__buf_putc(b, '-');
    eddy__buf_putc(b, digits[lead]);
    if (nd - lead > 1) {
        eddy__buf_putc(b, '.');
        eddy__buf_put(b, digits + lead + 1, (size_t)(nd - lead - 1));
    }
    eddy__buf_printf(b, "E%d", e10);
    eddy__buf_free(&t);
}

static void quoted(Buf *b, const char *p, size_t n) {
    eddy__buf_putc(b, '\'');
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\'') eddy__buf_putc(b, '\'');
        eddy__buf_putc(b, p[i]);
    }
    eddy__buf_putc(b, '\'');
}

/* The literal's value without its type; explain: the execution plan's
 * form (strings in plain quotes; numbers bare, as Flink's plans print
 * COUNT's 1 AS a2). */
static void literal_value(Buf *b, const Value *v, const Type *t, bool explain) {
    switch ((TypeRoot)t->root) {
    case TY_BOOLEAN: eddy__buf_puts(b, v->u.b ? "true" : "false"); break;
    case TY_TINYINT:
    case TY_SMALLINT:
    case TY_INT:
    case TY_BIGINT:
        eddy__buf_printf(b, "%lld", (long long)v->u.i);
        break;
    case TY_FLOAT:
    case TY_DOUBLE: scientific(b, v->u.d); break;
    case TY_DECIMAL: eddy__fmt_decimal(b, v->u.dec, t->scale, true); break;
    case TY_CHAR:
    case TY_VARCHAR:
        if (!explain) eddy__buf_puts(b, "_UTF-16LE");
        quoted(b, v->u.str.p, v->u.str.n);
        break;
    case TY_BINARY:
    case TY_VARBINARY:
        eddy__buf_puts(b, "X'");
        for (size_t i = 0; i < v->u.str.n; i++) eddy__buf_printf(b, "%02x", (unsigned char)v->u.str.p[i]);
        eddy__buf_putc(b, '\'');
        break;
    case TY_DATE: eddy__fmt_date_sql(b, v->u.i); break;
    case TY_TIME: eddy__fmt_time_sql(b, (int32_t)v->u.i, t->precision); break;
    case TY_TIMESTAMP:
    case TY_TIMESTAMP_LTZ: eddy__fmt_timestamp_sql(b, v->u.ts.ms, v->u.ts.ns, t->precision); break;
    case TY_INTERVAL_YM:
    case TY_INTERVAL_DT: eddy__buf_printf(b, "%lld", (long long)v->u.i); break;
    default: eddy__buf_puts(b, "?"); break;
    }
}

/* Whether Calcite prints the literal's type after its value: every type
 * but INTEGER, BOOLEAN, CHAR, DATE and TIME is not the natural type of its
 * value text. */
static bool literal_typed(const Type *t) {
    switch ((TypeRoot)t->root) {
    case TY_INT:
    case TY_BOOLEAN:
    case TY_CHAR:
    case TY_DATE: return false;
    default: return true;
    }
}

static void literal(Buf *b, const Value *v, const Type *t, ExprStyle style) {
    if (v->is_null || t->root == TY_NULL) {
        eddy__buf_puts(b, "null:");
        calcite_type(b, t, style != XS_INFIX);
        return;
    }
    literal_value(b, v, t, style == XS_INFIX);
    if (style == XS_INFIX) {
        if (t->root == TY_INTERVAL_YM || t->root == TY_INTERVAL_DT) {
            eddy__buf_putc(b, ':');
            calcite_type(b, t, false);
        }
        return;
    }
    if (literal_typed(t)) {
        eddy__buf_putc(b, ':');
        calcite_type(b, t, true);
    }
}

/* The name Calcite's operator prints as. */
static const char *op_name(const char *n) {
    if (!strcmp(n, "MINUS_PREFIX")) return "-";
    if (!strcmp(n, "PLUS_PREFIX")) return "+";
    if (!strcmp(n, "%")) return "MOD";
    if (!strcmp(n, "CHARACTER_LENGTH")) return "CHAR_LENGTH";
    if (!strcmp(n, "CEILING")) return "CEIL";
    return n;
}

static bool is_infix_op(const char *n) {
    static const char *ops[] = {"+", "-", "*", "/", "=", "<>", "<", "<=", ">", ">=", "AND", "OR"};
    for (size_t i = 0; i < ED_ARRAY_LEN(ops); i++)
        if (!strcmp(n, ops[i])) return true;
    return false;
}

static bool is_postfix_op(const char *n) { return !strncmp(n, "IS ", 3) && !strstr(n, "DISTINCT"); }

static void expr(Buf *b, const Expr *e, const char *const *names, ExprStyle style);

static void args(Buf *b, const Expr *e, int from, const char *const *names, ExprStyle style, const char *sep) {
    for (int i = from; i < e->nargs; i++) {
        if (i > from) eddy__buf_puts(b, sep);
        expr(b, e->args[i], names, style);
    }
}

static void cast(Buf *b, const Expr *e, const char *const *names, ExprStyle style) {
    const Expr *x = e->args[0];
    /* Calcite folds the cast of a literal into a literal of the type; and
     * it needs no cast where eddy widens a numeric literal implicitly
     * (count > 10 with a BIGINT count prints >($0, 10)) */
    /* a character literal is as good as its cast to another character type */
    if (x->kind == EX_LITERAL && !x->value.is_null && !e->try_cast && eddy__type_is_string(x->type) &&
        eddy__type_is_string(e->type)) {
        expr(b, x, names, style);
        return;
    }
    if (x->kind == EX_LITERAL && (x->value.is_null || x->type->root == e->type->root)) {
        Value v = x->value;
        literal(b, &v, e->type, style);
        return;
    }
    if (x->kind == EX_LITERAL && !e->try_cast && eddy__type_is_numeric(x->type) && eddy__type_is_numeric(e->type) &&
        eddy__type_implicit_cast(x->type, e->type)) {
        expr(b, x, names, style);
        return;
    }
    const char *fn = e->try_cast ? "TRY_CAST" : "CAST";
    if (style == XS_REX) {
        eddy__buf_printf(b, "%s(", fn);
        expr(b, x, names, style);
        eddy__buf_puts(b, "):");
        full_type(b, e->type, true);
        return;
    }
    eddy__buf_printf(b, "%s(", fn);
    expr(b, x, names, style);
    eddy__buf_puts(b, " AS ");
    if (style == XS_DIGEST) full_type(b, e->type, true);
    else calcite_type(b, e->type, false);
    eddy__buf_putc(b, ')');
}

/* x = <integer literal> (either side): the column and the value. */
static bool eq_int(const Expr *e, const Expr **col, int64_t *v) {
    if (e->kind != EX_CALL || !e->fn || strcmp(e->fn->name, "=") || e->nargs != 2) return false;
    for (int k = 0; k < 2; k++) {
        const Expr *c = e->args[k], *l = e->args[1 - k];
        if (l->kind == EX_CAST) l = l->args[0];
        if (c->kind == EX_COLUMN && l->kind == EX_LITERAL && !l->value.is_null && eddy__type_is_integer(l->type)) {
            *col = c;
            *v = l->value.u.i;
            return true;
        }
    }
    return false;
}

static int cmp_i64(const void *x, const void *y) {
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return a < b ? -1 : a > b;
}

/* Collects the values of an OR of equalities of one column with integer
 * literals; false when e is not one. */
static bool eq_values(const Expr *e, const Expr **col, int64_t *vals, int *n, int cap) {
    if (e->kind == EX_CALL && e->fn && !strcmp(e->fn->name, "OR")) {
        for (int i = 0; i < e->nargs; i++)
            if (!eq_values(e->args[i], col, vals, n, cap)) return false;
        return true;
    }
    const Expr *c;
    int64_t v;
    if (!eq_int(e, &c, &v) || *n >= cap || (*col && (*col)->index != c->index)) return false;
    *col = c;
    vals[(*n)++] = v;
    return true;
}

/* OR(=(x, 1), =(x, 2)) as Calcite's simplified plans print it:
 * SEARCH(x, Sarg[1, 2]). */
static bool search(Buf *b, const Expr *e, const char *const *names, ExprStyle style) {
    int64_t vals[64];
    int n = 0;
    const Expr *col = NULL;
    if (!eq_values(e, &col, vals, &n, 64) || n < 2) return false;
    qsort(vals, (size_t)n, sizeof vals[0], cmp_i64);
    eddy__buf_puts(b, "SEARCH(");
    expr(b, col, names, style);
    eddy__buf_puts(b, ", Sarg[");
    for (int i = 0, printed = 0; i < n; i++) {
        if (i && vals[i] == vals[i - 1]) continue;
        eddy__buf_printf(b, "%s%lld", printed++ ? ", " : "", (long long)vals[i]);
    }
    eddy__buf_puts(b, "])");
    return true;
}

/* A subquery marker as Calcite prints a RexSubQuery (IN($0, {\n<plan>}),
 * EXISTS({..}), $SCALAR_QUERY({..})), a correlated reference as the field
 * of its correlation variable ($cor0.a). */
static void subquery(Buf *b, const Expr *e, SubqueryKind k, const char *const *names, ExprStyle style) {
    if (k == SQ_COR) {
        const CorVar *v = eddy__expr_cor_var(e);
        eddy__buf_printf(b, "$cor%d.%s", v->cor > 0 ? v->cor - 1 : 0, v->name);
        return;
    }
    eddy__buf_puts(b, k == SQ_SCALAR ? "$SCALAR_QUERY(" : k == SQ_EXISTS ? "EXISTS(" : "IN(");
    if (k == SQ_IN) {
        /* (a, b) IN (..): the row's fields are the operands */
        const Expr *x = e->args[0];
        if (x->kind == EX_CALL && x->fn && !strcmp(x->fn->name, "ROW")) args(b, x, 0, names, style, ", ");
        else expr(b, x, names, style);
        eddy__buf_puts(b, ", ");
    }
    eddy__buf_puts(b, "{\n");
    eddy__explain_rel_calcite(b, eddy__expr_subquery_rel(e));
    eddy__buf_puts(b, "})");
}

static void call(Buf *b, const Expr *e, const char *const *names, ExprStyle style) {
    SubqueryKind sk = eddy__expr_subquery_kind(e);
    if (sk != SQ_NONE) {
        subquery(b, e, sk, names, style);
        return;
    }
    const char *n = op_name(e->fn ? e->fn->name : "?");
    if (style != XS_REX && !strcmp(n, "OR") && search(b, e, names, style)) return;
    if (!strcmp(n, "TRIM") && e->nargs == 3 && e->args[0]->kind == EX_LITERAL) {
        static const char *flags[] = {"BOTH", "LEADING", "TRAILING"};
        int64_t f = e->args[0]->value.u.i;
        eddy__buf_printf(b, "TRIM(FLAG(%s), ", flags[f >= 0 && f < 3 ? f : 0]);
        args(b, e, 1, names, style, ", ");
        eddy__buf_putc(b, ')');
        return;
    }
    if (style == XS_INFIX) {
        if (e->nargs >= 2 && is_infix_op(n)) {
            char sep[16];
            snprintf(sep, sizeof sep, " %s ", n);
            eddy__buf_putc(b, '(');
            args(b, e, 0, names, style, sep);
            eddy__buf_putc(b, ')');
            return;
        }
        if (e->nargs == 1 && is_postfix_op(n)) {
            expr(b, e->args[0], names, style);
            eddy__buf_printf(b, " %s", n);
            return;
        }
    }
    eddy__buf_printf(b, "%s(", n);
    args(b, e, 0, names, style, ", ");
    eddy__buf_putc(b, ')');
}

static void expr(Buf *b, const Expr *e, const char *const *names, ExprStyle style) {
    switch (e->kind) {
    case EX_COLUMN:
        if (!names) eddy__buf_printf(b, "$%d", e->index);
        else eddy__buf_puts(b, names[e->index]);
        return;
    case EX_LITERAL: literal(b, &e->value, e->type, style); return;
    case EX_CALL: call(b, e, names, style); return;
    case EX_CAST: cast(b, e, names, style); return;
    case EX_CASE:
        eddy__buf_printf(b, "%s(", e->fn_data ? (const char *)e->fn_data : "CASE");
        args(b, e, 0, names, style, ", ");
        eddy__buf_putc(b, ')');
        return;
    case EX_FIELD: {
        expr(b, e->args[0], names, style);
        const Type *t = e->args[0]->type;
        eddy__buf_printf(b, ".%s", e->index < t->nfields ? t->fields[e->index].name : "?");
        return;
    }
    }
}

void eddy__plan_expr_text(Buf *b, const Expr *e, const char *const *names, ExprStyle style) {
    if (e) expr(b, e, names, style);
}

void eddy__plan_type_text(Buf *b, const Type *t) { calcite_type(b, t, false); }

void eddy__plan_literal_text(Buf *b, const Value *v, const Type *t, bool typed) {
    if (typed) literal(b, v, t, XS_REX);
    else if (v->is_null) eddy__buf_puts(b, "null");
    else literal_value(b, v, t, false);
}
