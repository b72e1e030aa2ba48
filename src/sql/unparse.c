/*
 * unparse.c -- prints an AST back as SQL text in Calcite's style:
 * identifiers in back quotes, keywords and builtin names upper case,
 * operators with the parentheses precedence needs (or all of them in the
 * "full" mode tests use to show a tree's shape), query clauses on separate
 * lines as SqlNode.toString() prints them, and DDL laid out as Flink prints
 * it (one column per line, two-space indentation). Parsing the output again
 * gives the same tree, which is how the tests pin the AST down.
 */
#define EDDY_SQL_PARSER_INTERNAL
#include "sql/parser.h"

/* One FROM item of a SELECT being expanded: the name it is known by, its columns. */
typedef struct XItem {
    const AstTableRef *ref;
    const char *path[3]; /* a table's: catalog, database, name */
    const char *alias;
    const char **cols;
    int ncols;
} XItem;

/* The FROM items of a SELECT being expanded, and of the SELECTs around it. */
typedef struct XScope {
    XItem *items;
    int n;
    const struct XScope *outer;
} XScope;

typedef struct Up {
    Buf *b;
    bool full; /* parenthesise every operator call */
    /* eddy__sql_unparse_query_expanded: the table resolver, the scope, and
     * whether every name could be expanded */
    const SqlExpander *xp;
    const XScope *scope;
    bool failed;
    void **pool; /* what the expansion allocated, freed at its end */
    int npool, cap;
} Up;

enum { U_OR = 13, U_AND = 24, U_NOT = 26, U_IS = 28, U_CMP = 30, U_LIKE = 32, U_ADD = 40, U_MUL = 60, U_UNARY = 80,
       U_ATOM = 100 };

static void ex(Up *u, const AstExpr *e, int ctx);
static void query(Up *u, const AstQuery *q);
static void stmt(Up *u, const AstStmt *s);
static void select_body(Up *u, const AstQuery *q);

static void puts_(Up *u, const char *s) { eddy__buf_puts(u->b, s); }

static void ident(Up *u, const char *name) { eddy__print_ident(u->b, name ? name : ""); }

static void name(Up *u, const AstName *n) {
    for (int i = 0; i < n->nparts; i++) {
        if (i) eddy__buf_putc(u->b, '.');
        ident(u, n->parts[i]);
    }
}

/* ---- expansion (eddy__sql_unparse_query_expanded) ---- */

/* The item of the scope chain that has column col (the innermost), or NULL. */
static const XItem *x_find(const Up *u, const char *col) {
    for (const XScope *sc = u->scope; sc; sc = sc->outer)
        for (int i = 0; i < sc->n; i++)
            for (int k = 0; k < sc->items[i].ncols; k++)
                if (!strcmp(sc->items[i].cols[k], col)) return &sc->items[i];
    return NULL;
}

/* A column reference: `alias`.`col` for an unqualified column (Calcite's
 * expanded form); a qualified one as written. */
static void expanded_ident(Up *u, const AstName *n) {
    if (n->nparts == 1) {
        const XItem *it = x_find(u, n->parts[0]);
        if (!it) {
            u->failed = true; /* a select alias, a field of a row, ...: not expanded */
            name(u, n);
            return;
        }
        ident(u, it->alias);
        eddy__buf_putc(u->b, '.');
    }
    name(u, n);
}

/* * or t.*: every column of the FROM items (of t), qualified. */
static void expanded_star(Up *u, const AstName *q) {
    bool any = false;
    for (int i = 0; u->scope && i < u->scope->n; i++) {
        const XItem *it = &u->scope->items[i];
        if (q->nparts && (q->nparts != 1 || strcmp(q->parts[0], it->alias))) continue;
        for (int k = 0; k < it->ncols; k++) {
            if (any) puts_(u, ", ");
            any = true;
            ident(u, it->alias);
            eddy__buf_putc(u->b, '.');
            ident(u, it->cols[k]);
        }
    }
    if (!any) u->failed = true;
}

static void ident_list(Up *u, AstIdent *const *ids, int n) {
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        ident(u, ids[i]->name);
    }
}

static void string_lit(Up *u, const char *s, size_t n) {
    eddy__buf_putc(u->b, '\'');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') eddy__buf_putc(u->b, '\'');
        eddy__buf_putc(u->b, s[i]);
    }
    eddy__buf_putc(u->b, '\'');
}

static void cstring_lit(Up *u, const char *s) { string_lit(u, s ? s : "", s ? strlen(s) : 0); }

void eddy__sql_unparse_type(Buf *b, const Type *t) {
    if (t) eddy__type_print(b, t);
}

/* ---- expressions ----------------------------------------------------------- */

static int binary_prec(const char *op) {
    if (!strcmp(op, "OR")) return U_OR;
    if (!strcmp(op, "AND")) return U_AND;
    if (!strcmp(op, "+") || !strcmp(op, "-")) return U_ADD;
    if (!strcmp(op, "*") || !strcmp(op, "/") || !strcmp(op, "%") || !strcmp(op, "||")) return U_MUL;
    return U_CMP; /* = <> < <= > >= IS [NOT] DISTINCT FROM */
}

/* Precedence of e as an operand; U_ATOM when it never needs parentheses. */
static int prec_of(const AstExpr *e) {
    switch (e->kind) {
    case AST_IN:
    case AST_BETWEEN:
    case AST_LIKE: return U_LIKE;
    case AST_CALL:
        switch (e->u.call.syntax) {
        case AST_SYN_BINARY: return binary_prec(e->u.call.name);
        case AST_SYN_PREFIX:
            if (!strcmp(e->u.call.name, "NOT")) return U_NOT;
            return U_UNARY;
        case AST_SYN_POSTFIX: return U_IS;
        default: return U_ATOM;
        }
    default: return U_ATOM;
    }
}

static void args_list(Up *u, AstExpr *const *args, int n) {
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        ex(u, args[i], 0);
    }
}

static void order_items(Up *u, AstOrderItem *const *items, int n) {
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        ex(u, items[i]->expr, 0);
        if (items[i]->desc) puts_(u, " DESC");
        if (items[i]->nulls == 1) puts_(u, " NULLS FIRST");
        else if (items[i]->nulls == 2) puts_(u, " NULLS LAST");
    }
}

static void bound(Up *u, const AstBound *b) {
    switch (b->kind) {
    case AST_BOUND_UNBOUNDED_PRECEDING: puts_(u, "UNBOUNDED PRECEDING"); break;
    case AST_BOUND_UNBOUNDED_FOLLOWING: puts_(u, "UNBOUNDED FOLLOWING"); break;
    case AST_BOUND_CURRENT_ROW: puts_(u, "CURRENT ROW"); break;
    case AST_BOUND_PRECEDING:
        ex(u, b->offset, 0);
        puts_(u, " PRECEDING");
        break;
    case AST_BOUND_FOLLOWING:
        ex(u, b->offset, 0);
        puts_(u, " FOLLOWING");
        break;
    case AST_BOUND_NONE: break;
    }
}

static void window(Up *u, const AstWindow *w) {
    bool sp = false;
    eddy__buf_putc(u->b, '(');
    if (w->base) {
        ident(u, w->base->name);
        sp = true;
    }
    if (w->npartition) {
        puts_(u, sp ? " PARTITION BY " : "PARTITION BY ");
        args_list(u, w->partition, w->npartition);
        sp = true;
    }
    if (w->norder) {
        puts_(u, sp ? " ORDER BY " : "ORDER BY ");
        order_items(u, w->order, w->norder);
        sp = true;
    }
    if (w->frame) {
        if (sp) eddy__buf_putc(u->b, ' ');
        puts_(u, w->frame == 1 ? "ROWS " : "RANGE ");
        if (w->between) {
            puts_(u, "BETWEEN ");
            bound(u, &w->lower);
            puts_(u, " AND ");
            bound(u, &w->upper);
        } else {
            bound(u, &w->lower);
        }
    }
    eddy__buf_putc(u->b, ')');
}

static void literal(Up *u, const AstExpr *e) {
    switch (e->u.lit.lit_kind) {
    case AST_LIT_INTEGER:
    case AST_LIT_DECIMAL:
    case AST_LIT_APPROX: puts_(u, e->u.lit.text); break;
    case AST_LIT_STRING: string_lit(u, e->u.lit.value, e->u.lit.value_len); break;
    case AST_LIT_BINARY:
        puts_(u, "X'");
        puts_(u, e->u.lit.text);
        eddy__buf_putc(u->b, '\'');
        break;
    case AST_LIT_TRUE: puts_(u, "TRUE"); break;
    case AST_LIT_FALSE: puts_(u, "FALSE"); break;
    case AST_LIT_UNKNOWN: puts_(u, "UNKNOWN"); break;
    case AST_LIT_NULL: puts_(u, "NULL"); break;
    case AST_LIT_DATE:
    case AST_LIT_TIME:
    case AST_LIT_TIMESTAMP:
    case AST_LIT_TIMESTAMP_LTZ:
        puts_(u, e->u.lit.lit_kind == AST_LIT_DATE        ? "DATE "
                 : e->u.lit.lit_kind == AST_LIT_TIME      ? "TIME "
                 : e->u.lit.lit_kind == AST_LIT_TIMESTAMP ? "TIMESTAMP "
                                                          : "TIMESTAMP_LTZ ");
        string_lit(u, e->u.lit.value, e->u.lit.value_len);
        break;
    }
}

static void interval(Up *u, const AstExpr *e) {
    puts_(u, "INTERVAL ");
    if (e->u.interval.sign < 0) eddy__buf_putc(u->b, '-');
    if (e->u.interval.value) {
        cstring_lit(u, e->u.interval.value);
    } else {
        const AstExpr *v = e->u.interval.operand;
        bool simple = v->kind == AST_IDENT || v->kind == AST_LITERAL;
        if (!simple) eddy__buf_putc(u->b, '(');
        ex(u, v, 0);
        if (!simple) eddy__buf_putc(u->b, ')');
    }
    eddy__buf_putc(u->b, ' ');
    puts_(u, eddy__sql_time_unit_name(e->u.interval.from));
    int p = e->u.interval.precision, f = e->u.interval.frac_precision;
    if (e->u.interval.from == AST_TU_SECOND) {
        if (p >= 0 && f >= 0) eddy__buf_printf(u->b, "(%d, %d)", p, f);
        else if (p >= 0) eddy__buf_printf(u->b, "(%d)", p);
    } else if (p >= 0) {
        eddy__buf_printf(u->b, "(%d)", p);
    }
    if (e->u.interval.to) {
        puts_(u, " TO ");
        puts_(u, eddy__sql_time_unit_name(e->u.interval.to));
        if (e->u.interval.to == AST_TU_SECOND && f >= 0) eddy__buf_printf(u->b, "(%d)", f);
    }
}

static void symbol(Up *u, const AstExpr *e) {
    const char *s = e->u.symbol.sym;
    if (e->u.symbol.operand && !strncmp(s, "DEFAULT ", 8)) {
        puts_(u, "DEFAULT ");
        ex(u, e->u.symbol.operand, 0);
        eddy__buf_putc(u->b, ' ');
        puts_(u, s + 8);
        return;
    }
    puts_(u, s);
}

static void subquery(Up *u, const AstQuery *q) {
    eddy__buf_putc(u->b, '(');
    query(u, q);
    eddy__buf_putc(u->b, ')');
}

static void call_name(Up *u, const AstExpr *e) {
    if (e->u.call.fname.nparts) {
        for (int i = 0; i < e->u.call.fname.nparts; i++) {
            if (i) eddy__buf_putc(u->b, '.');
            if (e->u.call.fname.quoted[i]) ident(u, e->u.call.fname.parts[i]);
            else puts_(u, e->u.call.fname.parts[i]);
        }
    } else {
        puts_(u, e->u.call.name);
    }
}

static void decorations(Up *u, const AstExpr *e) {
    if (e->u.call.nwithin_group && strcmp(e->u.call.name, "JSON_ARRAYAGG") != 0) {
        puts_(u, " WITHIN GROUP (ORDER BY ");
        order_items(u, e->u.call.within_group, e->u.call.nwithin_group);
        eddy__buf_putc(u->b, ')');
    }
    if (e->u.call.filter) {
        puts_(u, " FILTER (WHERE ");
        ex(u, e->u.call.filter, 0);
        eddy__buf_putc(u->b, ')');
    }
    if (e->u.call.over_name) {
        puts_(u, " OVER ");
        ident(u, e->u.call.over_name->name);
    } else if (e->u.call.over) {
        puts_(u, " OVER ");
        window(u, e->u.call.over);
    }
}

/* JSON functions: (json, path [RETURNING t] clauses) and the constructors. */
static void json_call(Up *u, const AstExpr *e) {
    const char *n = e->u.call.name;
    AstExpr *const *a = e->u.call.args;
    int na = e->u.call.nargs;
    puts_(u, n);
    eddy__buf_putc(u->b, '(');
    if (!strcmp(n, "JSON_OBJECT") || !strcmp(n, "JSON_OBJECTAGG")) {
        int i = 0, pairs = 0;
        for (; i + 1 < na && a[i]->kind != AST_SYMBOL; i += 2) {
            if (pairs++) puts_(u, ", ");
            puts_(u, "KEY ");
            ex(u, a[i], 0);
            puts_(u, " VALUE ");
            ex(u, a[i + 1], 0);
        }
        for (; i < na; i++) {
            if (pairs++) eddy__buf_putc(u->b, ' ');
            symbol(u, a[i]);
        }
    } else if (!strcmp(n, "JSON_ARRAY") || !strcmp(n, "JSON_ARRAYAGG")) {
        int i = 0;
        for (; i < na && a[i]->kind != AST_SYMBOL; i++) {
            if (i) puts_(u, ", ");
            ex(u, a[i], 0);
        }
        if (e->u.call.nwithin_group) {
            puts_(u, " ORDER BY ");
            order_items(u, e->u.call.within_group, e->u.call.nwithin_group);
        }
        for (; i < na; i++) {
            if (i) eddy__buf_putc(u->b, ' ');
            symbol(u, a[i]);
        }
    } else {
        for (int i = 0; i < na; i++) {
            if (i == 1) puts_(u, ", ");
            else if (i > 1) eddy__buf_putc(u->b, ' ');
            if (i == 2 && e->u.call.type) {
                puts_(u, "RETURNING ");
                eddy__sql_unparse_type(u->b, e->u.call.type);
                eddy__buf_putc(u->b, ' ');
            }
            if (a[i]->kind == AST_SYMBOL) symbol(u, a[i]);
            else ex(u, a[i], 0);
        }
        if (na == 2 && e->u.call.type) {
            puts_(u, " RETURNING ");
            eddy__sql_unparse_type(u->b, e->u.call.type);
        }
    }
    eddy__buf_putc(u->b, ')');
}

static void special(Up *u, const AstExpr *e) {
    const char *n = e->u.call.name;
    AstExpr *const *a = e->u.call.args;
    int na = e->u.call.nargs;
    if (!strncmp(n, "JSON_", 5)) {
        json_call(u, e);
        return;
    }
    puts_(u, n);
    eddy__buf_putc(u->b, '(');
    if (!strcmp(n, "TRIM")) {
        bool any = false;
        if (!a[0]->u.symbol.implicit) {
            symbol(u, a[0]);
            eddy__buf_putc(u->b, ' ');
            any = true;
        }
        if (a[1]) {
            ex(u, a[1], 0);
            eddy__buf_putc(u->b, ' ');
            any = true;
        }
        if (any) puts_(u, "FROM ");
        ex(u, a[2], 0);
    } else if (!strcmp(n, "SUBSTRING") || !strcmp(n, "POSITION") || !strcmp(n, "OVERLAY")) {
        static const char *const kws[3][3] = {{"", " FROM ", " FOR "}, {"", " IN ", " FROM "},
                                              {"", " PLACING ", " FROM "}};
        int which = n[0] == 'S' ? 0 : n[0] == 'P' ? 1 : 2;
        for (int i = 0; i < na; i++) {
            puts_(u, i < 3 ? kws[which][i] : " FOR ");
            ex(u, a[i], 0);
        }
    } else if (!strcmp(n, "EXTRACT")) {
        symbol(u, a[0]);
        puts_(u, " FROM ");
        ex(u, a[1], 0);
    } else { /* FLOOR / CEIL (x TO unit) */
        ex(u, a[0], 0);
        if (na > 1) {
            puts_(u, " TO ");
            symbol(u, a[1]);
        }
    }
    eddy__buf_putc(u->b, ')');
    decorations(u, e);
}

static void call(Up *u, const AstExpr *e, int ctx) {
    const char *n = e->u.call.name;
    AstExpr *const *a = e->u.call.args;
    int na = e->u.call.nargs;
    int prec = prec_of(e);
    bool paren = prec != U_ATOM && (u->full || prec < ctx);
    if (paren) eddy__buf_putc(u->b, '(');
    switch (e->u.call.syntax) {
    case AST_SYN_BINARY:
        for (int i = 0; i < na; i++) {
            if (i) {
                eddy__buf_putc(u->b, ' ');
                puts_(u, n);
                eddy__buf_putc(u->b, ' ');
            }
            ex(u, a[i], i == 0 ? prec : prec + 1);
        }
        break;
    case AST_SYN_PREFIX:
        if (!strcmp(n, "MINUS_PREFIX") || !strcmp(n, "PLUS_PREFIX")) {
            eddy__buf_putc(u->b, n[0] == 'M' ? '-' : '+');
            const AstExpr *o = a[0];
            bool sign = o->kind == AST_CALL && o->u.call.syntax == AST_SYN_PREFIX && strcmp(o->u.call.name, "NOT");
            if (sign && !u->full) eddy__buf_putc(u->b, ' ');
            ex(u, o, U_UNARY);
        } else if (!strcmp(n, "NOT")) {
            puts_(u, "NOT ");
            ex(u, a[0], U_NOT);
        } else { /* RUNNING / FINAL */
            puts_(u, n);
            eddy__buf_putc(u->b, ' ');
            ex(u, a[0], U_ATOM);
        }
        break;
    case AST_SYN_POSTFIX:
        ex(u, a[0], U_IS);
        eddy__buf_putc(u->b, ' ');
        puts_(u, n);
        break;
    case AST_SYN_NILADIC: puts_(u, n); break;
    case AST_SYN_ITEM:
        ex(u, a[0], U_ATOM);
        eddy__buf_putc(u->b, '[');
        ex(u, a[1], 0);
        eddy__buf_putc(u->b, ']');
        break;
    case AST_SYN_DOT:
        ex(u, a[0], U_ATOM);
        eddy__buf_putc(u->b, '.');
        ex(u, a[1], U_ATOM);
        break;
    case AST_SYN_BRACKET:
        puts_(u, n);
        eddy__buf_putc(u->b, '[');
        args_list(u, a, na);
        eddy__buf_putc(u->b, ']');
        break;
    case AST_SYN_ROW:
        puts_(u, "ROW(");
        args_list(u, a, na);
        eddy__buf_putc(u->b, ')');
        break;
    case AST_SYN_IMPLICIT_ROW:
        eddy__buf_putc(u->b, '(');
        args_list(u, a, na);
        eddy__buf_putc(u->b, ')');
        break;
    case AST_SYN_SPECIAL: special(u, e); break;
    case AST_SYN_FUNCTION:
        /* ARRAY(query) and friends (not a function a user named so) */
        if (e->u.call.fname.nparts == 0 && na == 1 && a[0]->kind == AST_SUBQUERY &&
            (!strcmp(n, "ARRAY_QUERY") || !strcmp(n, "MAP_QUERY") || !strcmp(n, "MULTISET_QUERY"))) {
            puts_(u, n[0] == 'A' ? "ARRAY" : n[1] == 'A' ? "MAP" : "MULTISET");
            ex(u, a[0], U_ATOM);
            break;
        }
        call_name(u, e);
        eddy__buf_putc(u->b, '(');
        if (e->u.call.distinct) puts_(u, "DISTINCT ");
        else if (e->u.call.all) puts_(u, "ALL ");
        args_list(u, a, na);
        eddy__buf_putc(u->b, ')');
        decorations(u, e);
        break;
    }
    if (paren) eddy__buf_putc(u->b, ')');
}

static void ex(Up *u, const AstExpr *e, int ctx) {
    if (!e) return;
    int prec = prec_of(e);
    bool paren = e->kind != AST_CALL && prec != U_ATOM && (u->full || prec < ctx);
    if (paren) eddy__buf_putc(u->b, '(');
    switch (e->kind) {
    case AST_LITERAL: literal(u, e); break;
    case AST_IDENT:
        if (u->xp) expanded_ident(u, &e->u.ident.name);
        else name(u, &e->u.ident.name);
        break;
    case AST_STAR:
        if (e->u.ident.name.nparts) {
            name(u, &e->u.ident.name);
            eddy__buf_putc(u->b, '.');
        }
        eddy__buf_putc(u->b, '*');
        break;
    case AST_CALL: call(u, e, ctx); break;
    case AST_CASE:
        puts_(u, "CASE");
        if (e->u.case_.operand) {
            eddy__buf_putc(u->b, ' ');
            ex(u, e->u.case_.operand, 0);
        }
        for (int i = 0; i < e->u.case_.nwhens; i++) {
            const AstExpr *w = e->u.case_.whens[i];
            puts_(u, " WHEN ");
            if (e->u.case_.operand && w->kind == AST_CALL && w->u.call.syntax == AST_SYN_IMPLICIT_ROW)
                args_list(u, w->u.call.args, w->u.call.nargs);
            else ex(u, w, 0);
            puts_(u, " THEN ");
            ex(u, e->u.case_.thens[i], 0);
        }
        if (e->u.case_.else_) {
            puts_(u, " ELSE ");
            ex(u, e->u.case_.else_, 0);
        }
        puts_(u, " END");
        break;
    case AST_CAST:
        puts_(u, e->u.cast.try_ ? "TRY_CAST(" : "CAST(");
        ex(u, e->u.cast.operand, 0);
        puts_(u, " AS ");
        eddy__sql_unparse_type(u->b, e->u.cast.type);
        eddy__buf_putc(u->b, ')');
        break;
    case AST_INTERVAL: interval(u, e); break;
    case AST_SUBQUERY: subquery(u, e->u.sub.query); break;
    case AST_EXISTS:
        puts_(u, "EXISTS ");
        subquery(u, e->u.sub.query);
        break;
    case AST_IN:
        ex(u, e->u.in.operand, U_LIKE);
        puts_(u, e->u.in.negated ? " NOT IN " : " IN ");
        if (e->u.in.query) {
            subquery(u, e->u.in.query);
        } else {
            eddy__buf_putc(u->b, '(');
            args_list(u, e->u.in.list, e->u.in.nlist);
            eddy__buf_putc(u->b, ')');
        }
        break;
    case AST_BETWEEN:
        ex(u, e->u.between.operand, U_LIKE);
        puts_(u, e->u.between.negated ? " NOT BETWEEN " : " BETWEEN ");
        if (e->u.between.symmetric == 1) puts_(u, "ASYMMETRIC ");
        else if (e->u.between.symmetric == 2) puts_(u, "SYMMETRIC ");
        ex(u, e->u.between.low, U_LIKE + 1);
        puts_(u, " AND ");
        ex(u, e->u.between.high, U_LIKE + 1);
        break;
    case AST_LIKE:
        ex(u, e->u.like.operand, U_LIKE);
        if (e->u.like.negated) puts_(u, " NOT");
        puts_(u, e->u.like.similar ? " SIMILAR TO " : " LIKE ");
        ex(u, e->u.like.pattern, U_LIKE + 1);
        if (e->u.like.escape) {
            puts_(u, " ESCAPE ");
            ex(u, e->u.like.escape, U_UNARY);
        }
        break;
    case AST_NAMED_ARG:
        ident(u, e->u.named.name.name);
        puts_(u, " => ");
        ex(u, e->u.named.value, 0);
        break;
    case AST_TABLE_ARG:
        puts_(u, "TABLE ");
        name(u, &e->u.table_arg.table);
        if (e->u.table_arg.npartition) {
            puts_(u, " PARTITION BY ");
            if (e->u.table_arg.npartition > 1) eddy__buf_putc(u->b, '(');
            args_list(u, e->u.table_arg.partition, e->u.table_arg.npartition);
            if (e->u.table_arg.npartition > 1) eddy__buf_putc(u->b, ')');
        }
        if (e->u.table_arg.norder) {
            puts_(u, " ORDER BY ");
            if (e->u.table_arg.norder > 1) eddy__buf_putc(u->b, '(');
            order_items(u, e->u.table_arg.order, e->u.table_arg.norder);
            if (e->u.table_arg.norder > 1) eddy__buf_putc(u->b, ')');
        }
        break;
    case AST_SYMBOL: symbol(u, e); break;
    case AST_DEFAULT: puts_(u, "DEFAULT"); break;
    }
    if (paren) eddy__buf_putc(u->b, ')');
}

void eddy__sql_unparse_expr(Buf *b, const AstExpr *e) {
    Up u = {b, false};
    ex(&u, e, 0);
}

void eddy__sql_unparse_expr_full(Buf *b, const AstExpr *e) {
    Up u = {b, true};
    ex(&u, e, 0);
}

/* ---- queries ------------------------------------------------------------------ */

/* A hint name or option written as an identifier: bare when it can be read
 * back as one, else in back quotes. */
static void hint_word(Up *u, const char *w) {
    bool plain = w[0] && !(w[0] >= '0' && w[0] <= '9') && !eddy__lex_is_reserved(w, strlen(w));
    for (const char *c = w; *c && plain; c++)
        plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
    if (plain) puts_(u, w);
    else ident(u, w);
}

static void hints(Up *u, AstHint *const *h, int n) {
    puts_(u, "/*+ ");
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        hint_word(u, h[i]->name.name);
        if (!h[i]->parens) continue;
        eddy__buf_putc(u->b, '(');
        for (int j = 0; j < h[i]->noptions; j++) {
            const AstHintOption *o = h[i]->options[j];
            if (j) puts_(u, ", ");
            if (h[i]->format == AST_HINT_KV) {
                if (o->key_is_string) cstring_lit(u, o->key);
                else hint_word(u, o->key);
                puts_(u, " = ");
            }
            if (o->value_is_string) cstring_lit(u, o->value);
            else if (h[i]->format == AST_HINT_IDS) hint_word(u, o->value);
            else puts_(u, o->value);
        }
        eddy__buf_putc(u->b, ')');
    }
    puts_(u, " */");
}

static void alias(Up *u, const AstTableRef *t) {
    if (!t->alias) return;
    puts_(u, " AS ");
    ident(u, t->alias->name);
    if (t->ncol_aliases) {
        puts_(u, " (");
        ident_list(u, t->col_aliases, t->ncol_aliases);
        eddy__buf_putc(u->b, ')');
    }
}

static void pattern(Up *u, const AstPattern *p) {
    switch (p->kind) {
    case AST_PAT_VAR: ident(u, p->var.name); break;
    case AST_PAT_CONCAT:
    case AST_PAT_ALTER:
        for (int i = 0; i < p->nitems; i++) {
            if (i) puts_(u, p->kind == AST_PAT_CONCAT ? " " : " | ");
            pattern(u, p->items[i]);
        }
        break;
    case AST_PAT_GROUP:
        eddy__buf_putc(u->b, '(');
        pattern(u, p->sub);
        eddy__buf_putc(u->b, ')');
        break;
    case AST_PAT_PERMUTE:
        puts_(u, "PERMUTE(");
        for (int i = 0; i < p->nitems; i++) {
            if (i) puts_(u, ", ");
            pattern(u, p->items[i]);
        }
        eddy__buf_putc(u->b, ')');
        break;
    case AST_PAT_EXCLUDE:
        puts_(u, "{- ");
        pattern(u, p->sub);
        puts_(u, " -}");
        break;
    case AST_PAT_QUANT:
        pattern(u, p->sub);
        if (p->qform == '{') {
            if (p->min < 0) eddy__buf_printf(u->b, "{, %d}", p->max);
            else if (p->max == p->min) eddy__buf_printf(u->b, "{%d}", p->min);
            else if (p->max < 0) eddy__buf_printf(u->b, "{%d, }", p->min);
            else eddy__buf_printf(u->b, "{%d, %d}", p->min, p->max);
        } else {
            eddy__buf_putc(u->b, (char)p->qform);
        }
        if (p->reluctant) eddy__buf_putc(u->b, '?');
        break;
    }
}

static void measures(Up *u, AstMeasure *const *m, int n, bool define) {
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ",\n");
        if (define) {
            ident(u, m[i]->name.name);
            puts_(u, " AS ");
            ex(u, m[i]->expr, 0);
        } else {
            ex(u, m[i]->expr, 0);
            puts_(u, " AS ");
            ident(u, m[i]->name.name);
        }
    }
}

static void match_recognize(Up *u, const AstMatchRecognize *mr) {
    puts_(u, " MATCH_RECOGNIZE (");
    if (mr->npartition) {
        puts_(u, "\nPARTITION BY ");
        args_list(u, mr->partition, mr->npartition);
    }
    if (mr->norder) {
        puts_(u, "\nORDER BY ");
        order_items(u, mr->order, mr->norder);
    }
    if (mr->nmeasures) {
        puts_(u, "\nMEASURES ");
        measures(u, mr->measures, mr->nmeasures, false);
    }
    if (mr->rows_per_match == 1) puts_(u, "\nONE ROW PER MATCH");
    else if (mr->rows_per_match == 2) puts_(u, "\nALL ROWS PER MATCH");
    switch (mr->after) {
    case AST_AFTER_NONE: break;
    case AST_AFTER_SKIP_TO_NEXT_ROW: puts_(u, "\nAFTER MATCH SKIP TO NEXT ROW"); break;
    case AST_AFTER_SKIP_PAST_LAST_ROW: puts_(u, "\nAFTER MATCH SKIP PAST LAST ROW"); break;
    case AST_AFTER_SKIP_TO_FIRST:
    case AST_AFTER_SKIP_TO_LAST:
    case AST_AFTER_SKIP_TO:
        puts_(u, mr->after == AST_AFTER_SKIP_TO_FIRST  ? "\nAFTER MATCH SKIP TO FIRST "
                 : mr->after == AST_AFTER_SKIP_TO_LAST ? "\nAFTER MATCH SKIP TO LAST "
                                                       : "\nAFTER MATCH SKIP TO ");
        ident(u, mr->after_var.name);
        break;
    }
    puts_(u, "\nPATTERN (");
    if (mr->strict_start) eddy__buf_putc(u->b, '^');
    pattern(u, mr->pattern);
    if (mr->strict_end) puts_(u, " $");
    eddy__buf_putc(u->b, ')');
    if (mr->within) {
        puts_(u, "\nWITHIN ");
        ex(u, mr->within, 0);
    }
    if (mr->nsubsets) {
        puts_(u, "\nSUBSET ");
        for (int i = 0; i < mr->nsubsets; i++) {
            if (i) puts_(u, ", ");
            ident(u, mr->subsets[i]->name.name);
            puts_(u, " = (");
            ident_list(u, mr->subsets[i]->vars, mr->subsets[i]->nvars);
            eddy__buf_putc(u->b, ')');
        }
    }
    puts_(u, "\nDEFINE ");
    measures(u, mr->defines, mr->ndefines, true);
    eddy__buf_putc(u->b, ')');
}

static void table_ref(Up *u, const AstTableRef *t) {
    switch (t->kind) {
    case AST_TREF_TABLE:
        if (u->xp) {
            /* `catalog`.`database`.`table` AS `alias` */
            const XItem *it = NULL;
            for (int i = 0; u->scope && i < u->scope->n && !it; i++)
                if (u->scope->items[i].ref == t) it = &u->scope->items[i];
            if (it) {
                for (int i = 0; i < 3; i++) {
                    if (i) eddy__buf_putc(u->b, '.');
                    ident(u, it->path[i]);
                }
                if (t->u.table.nhints || t->u.table.system_time || t->ncol_aliases) u->failed = true;
                puts_(u, " AS ");
                ident(u, it->alias);
                return;
            }
            u->failed = true;
        }
        name(u, &t->u.table.name);
        if (t->u.table.nhints) {
            eddy__buf_putc(u->b, ' ');
            hints(u, t->u.table.hints, t->u.table.nhints);
        }
        if (t->u.table.system_time) {
            puts_(u, " FOR SYSTEM_TIME AS OF ");
            ex(u, t->u.table.system_time, 0);
        }
        break;
    case AST_TREF_SUBQUERY:
        if (t->u.subquery.lateral) puts_(u, "LATERAL ");
        subquery(u, t->u.subquery.query);
        break;
    case AST_TREF_FUNCTION:
        if (t->u.function.lateral) puts_(u, "LATERAL ");
        puts_(u, "TABLE(");
        ex(u, t->u.function.call, 0);
        eddy__buf_putc(u->b, ')');
        break;
    case AST_TREF_UNNEST:
        puts_(u, "UNNEST(");
        args_list(u, t->u.unnest.args, t->u.unnest.nargs);
        eddy__buf_putc(u->b, ')');
        if (t->u.unnest.with_ordinality) puts_(u, " WITH ORDINALITY");
        break;
    case AST_TREF_MATCH:
        table_ref(u, t->u.match.input);
        match_recognize(u, t->u.match.mr);
        break;
    case AST_TREF_JOIN: {
        table_ref(u, t->u.join.left);
        static const char *const names[] = {"INNER JOIN ", "LEFT JOIN ", "RIGHT JOIN ", "FULL JOIN ", "CROSS JOIN ", ""};
        if (t->u.join.type == AST_JOIN_COMMA) {
            puts_(u, ",\n");
        } else {
            eddy__buf_putc(u->b, '\n');
            if (t->u.join.natural) puts_(u, "NATURAL ");
            puts_(u, names[t->u.join.type]);
        }
        table_ref(u, t->u.join.right);
        if (t->u.join.on) {
            puts_(u, " ON ");
            ex(u, t->u.join.on, 0);
        } else if (t->u.join.nusing) {
            puts_(u, " USING (");
            ident_list(u, t->u.join.using_, t->u.join.nusing);
            eddy__buf_putc(u->b, ')');
        }
        return; /* a join has no alias */
    }
    }
    alias(u, t);
}

static void group_item(Up *u, const AstGroupItem *g) {
    switch (g->kind) {
    case AST_GROUP_EXPR: ex(u, g->expr, 0); break;
    case AST_GROUP_EMPTY: puts_(u, "()"); break;
    case AST_GROUP_SETS:
    case AST_GROUP_ROLLUP:
    case AST_GROUP_CUBE:
        puts_(u, g->kind == AST_GROUP_SETS ? "GROUPING SETS (" : g->kind == AST_GROUP_ROLLUP ? "ROLLUP (" : "CUBE (");
        for (int i = 0; i < g->nitems; i++) {
            if (i) puts_(u, ", ");
            group_item(u, g->items[i]);
        }
        eddy__buf_putc(u->b, ')');
        break;
    }
}

/* ---- the scope of a SELECT being expanded ---- */

static void *x_alloc(Up *u, size_t n) {
    if (u->npool == u->cap) {
        int cap = u->cap ? u->cap * 2 : 16;
        void **p = eddy__realloc(u->pool, sizeof(void *) * (size_t)cap);
        if (!p) return NULL;
        u->pool = p;
        u->cap = cap;
    }
    void *m = eddy__calloc(1, n ? n : 1);
    if (m) u->pool[u->npool++] = m;
    return m;
}

static bool x_output_names(Up *u, const AstQuery *q, const char ***cols, int *n);

static bool x_push(Up *u, XScope *sc, const XItem *it) {
    XItem *items = x_alloc(u, sizeof(XItem) * (size_t)(sc->n + 1));
    if (!items) return false;
    if (sc->n) memcpy(items, sc->items, sizeof(XItem) * (size_t)sc->n);
    items[sc->n++] = *it;
    sc->items = items;
    return true;
}

/* Adds the items of a FROM clause to sc; false for what is not expanded
 * (table functions, UNNEST, MATCH_RECOGNIZE, USING / NATURAL joins, an
 * unknown table). */
static bool x_from(Up *u, XScope *sc, const AstTableRef *t) {
    XItem it = {.ref = t};
    switch (t->kind) {
    case AST_TREF_TABLE: {
        const char *const *cols;
        if (!u->xp->table(u->xp->ctx, &t->u.table.name, it.path, &cols, &it.ncols)) return false;
        it.cols = (const char **)cols;
        it.alias = t->alias ? t->alias->name : t->u.table.name.parts[t->u.table.name.nparts - 1];
        break;
    }
    case AST_TREF_SUBQUERY:
        if (!t->alias || t->u.subquery.lateral || !x_output_names(u, t->u.subquery.query, &it.cols, &it.ncols))
            return false;
        it.alias = t->alias->name;
        break;
    case AST_TREF_JOIN:
        return !t->u.join.natural && !t->u.join.nusing && x_from(u, sc, t->u.join.left) &&
               x_from(u, sc, t->u.join.right);
    default: return false;
    }
    if (t->ncol_aliases) {
        if (t->ncol_aliases != it.ncols) return false;
        it.cols = x_alloc(u, sizeof(char *) * (size_t)it.ncols);
        if (!it.cols) return false;
        for (int i = 0; i < it.ncols; i++) it.cols[i] = t->col_aliases[i]->name;
    }
    return x_push(u, sc, &it);
}

/* The column names of a query's result, as Calcite names them (an alias,
 * the column's own name, EXPR$i). */
static bool x_output_names(Up *u, const AstQuery *q, const char ***cols, int *n) {
    if (q->nwith) return false;
    if (q->kind == AST_Q_SETOP) return x_output_names(u, q->u.setop.left, cols, n);
    if (q->kind != AST_Q_SELECT) return false;
    XScope sc = {.outer = u->scope};
    if (q->u.select.from && !x_from(u, &sc, q->u.select.from)) return false;
    int cap = 0;
    for (int i = 0; i < q->u.select.nitems; i++) {
        const AstExpr *e = q->u.select.items[i]->expr;
        if (e->kind != AST_STAR) cap++;
        else
            for (int k = 0; k < sc.n; k++) cap += sc.items[k].ncols;
    }
    const char **out = x_alloc(u, sizeof(char *) * (size_t)(cap + 1));
    if (!out) return false;
    int m = 0;
    for (int i = 0; i < q->u.select.nitems; i++) {
        const AstSelectItem *it = q->u.select.items[i];
        const AstExpr *e = it->expr;
        if (e->kind == AST_STAR) {
            const AstName *qn = &e->u.ident.name;
            for (int k = 0; k < sc.n; k++) {
                if (qn->nparts && (qn->nparts != 1 || strcmp(qn->parts[0], sc.items[k].alias))) continue;
                for (int c = 0; c < sc.items[k].ncols; c++) out[m++] = sc.items[k].cols[c];
            }
        } else if (it->alias) {
            out[m++] = it->alias->name;
        } else if (e->kind == AST_IDENT) {
            out[m++] = e->u.ident.name.parts[e->u.ident.name.nparts - 1];
        } else {
            char *nm = x_alloc(u, 24);
            if (!nm) return false;
            snprintf(nm, 24, "EXPR$%d", i);
            out[m++] = nm;
        }
    }
    *cols = out;
    *n = m;
    return true;
}

static void select_core(Up *u, const AstQuery *q) {
    XScope sc = {.outer = u->scope};
    const XScope *saved = u->scope;
    if (u->xp) {
        if (q->u.select.from && !x_from(u, &sc, q->u.select.from)) u->failed = true;
        u->scope = &sc;
    }
    select_body(u, q);
    u->scope = saved;
}

static void select_body(Up *u, const AstQuery *q) {
    puts_(u, "SELECT ");
    if (q->u.select.nhints) {
        hints(u, q->u.select.hints, q->u.select.nhints);
        eddy__buf_putc(u->b, ' ');
    }
    if (q->u.select.distinct) puts_(u, "DISTINCT ");
    else if (q->u.select.all) puts_(u, "ALL ");
    for (int i = 0; i < q->u.select.nitems; i++) {
        const AstSelectItem *it = q->u.select.items[i];
        if (i) puts_(u, ", ");
        if (u->xp && it->expr->kind == AST_STAR) expanded_star(u, &it->expr->u.ident.name);
        else ex(u, it->expr, 0);
        if (it->alias) {
            puts_(u, " AS ");
            ident(u, it->alias->name);
        }
    }
    if (q->u.select.from) {
        puts_(u, "\nFROM ");
        table_ref(u, q->u.select.from);
    }
    if (q->u.select.where) {
        puts_(u, "\nWHERE ");
        ex(u, q->u.select.where, 0);
    }
    if (q->u.select.has_group_by) {
        puts_(u, "\nGROUP BY ");
        for (int i = 0; i < q->u.select.ngroup_by; i++) {
            if (i) puts_(u, ", ");
            group_item(u, q->u.select.group_by[i]);
        }
    }
    if (q->u.select.having) {
        puts_(u, "\nHAVING ");
        ex(u, q->u.select.having, 0);
    }
    if (q->u.select.nwindows) {
        puts_(u, "\nWINDOW ");
        for (int i = 0; i < q->u.select.nwindows; i++) {
            if (i) puts_(u, ", ");
            ident(u, q->u.select.windows[i]->name.name);
            puts_(u, " AS ");
            window(u, q->u.select.windows[i]->spec);
        }
    }
}

static bool has_clauses(const AstQuery *q) { return q->nwith || q->norder || q->offset || q->fetch; }

static int setop_level(const AstQuery *q) {
    if (q->kind != AST_Q_SETOP) return 3;
    return q->u.setop.op == AST_INTERSECT ? 2 : 1;
}

static void set_operand(Up *u, const AstQuery *q, bool paren) {
    if (paren || has_clauses(q)) {
        eddy__buf_putc(u->b, '(');
        query(u, q);
        eddy__buf_putc(u->b, ')');
    } else {
        query(u, q);
    }
}

static void query(Up *u, const AstQuery *q) {
    if (q->nwith) {
        puts_(u, "WITH ");
        for (int i = 0; i < q->nwith; i++) {
            const AstCte *c = q->with[i];
            if (i) puts_(u, ", ");
            ident(u, c->name.name);
            if (c->ncolumns) {
                puts_(u, " (");
                ident_list(u, c->columns, c->ncolumns);
                eddy__buf_putc(u->b, ')');
            }
            puts_(u, " AS ");
            subquery(u, c->query);
        }
        eddy__buf_putc(u->b, '\n');
    }
    switch (q->kind) {
    case AST_Q_SELECT: select_core(u, q); break;
    case AST_Q_VALUES:
        puts_(u, "VALUES ");
        args_list(u, q->u.values.rows, q->u.values.nrows);
        break;
    case AST_Q_TABLE:
        puts_(u, "TABLE ");
        name(u, &q->u.table.name);
        break;
    case AST_Q_SETOP: {
        int lvl = setop_level(q);
        set_operand(u, q->u.setop.left, setop_level(q->u.setop.left) < lvl);
        static const char *const ops[] = {"UNION", "INTERSECT", "EXCEPT"};
        eddy__buf_putc(u->b, '\n');
        puts_(u, ops[q->u.setop.op]);
        if (q->u.setop.all) puts_(u, " ALL");
        eddy__buf_putc(u->b, '\n');
        set_operand(u, q->u.setop.right, setop_level(q->u.setop.right) <= lvl);
        break;
    }
    }
    if (q->norder) {
        puts_(u, "\nORDER BY ");
        order_items(u, q->order, q->norder);
    }
    if (q->offset) {
        puts_(u, "\nOFFSET ");
        ex(u, q->offset, 0);
        puts_(u, " ROWS");
    }
    if (q->fetch) {
        puts_(u, "\nFETCH NEXT ");
        ex(u, q->fetch, 0);
        puts_(u, " ROWS ONLY");
    }
}

void eddy__sql_unparse_query(Buf *b, const AstQuery *q) {
    Up u = {.b = b};
    if (q) query(&u, q);
}

bool eddy__sql_unparse_query_expanded(Buf *b, const AstQuery *q, const SqlExpander *xp) {
    Up u = {.b = b, .xp = xp};
    size_t start = b->len;
    if (q) query(&u, q);
    if (q && q->nwith) u.failed = true;
    for (int i = 0; i < u.npool; i++) eddy__free(u.pool[i]);
    eddy__free(u.pool);
    if (!u.failed) return true;
    b->len = start;
    if (b->data) b->data[start] = 0;
    return false;
}

/* ---- statements --------------------------------------------------------------- */

static void props_block(Up *u, AstProperty *const *props, int n) {
    puts_(u, "(");
    for (int i = 0; i < n; i++) {
        puts_(u, i ? ",\n  " : "\n  ");
        cstring_lit(u, props[i]->key);
        puts_(u, " = ");
        cstring_lit(u, props[i]->value);
    }
    puts_(u, n ? "\n)" : ")");
}

static void props_inline(Up *u, AstProperty *const *props, int n) {
    eddy__buf_putc(u->b, '(');
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        cstring_lit(u, props[i]->key);
        puts_(u, " = ");
        cstring_lit(u, props[i]->value);
    }
    eddy__buf_putc(u->b, ')');
}

static void keys_inline(Up *u, const char *const *keys, int n) {
    eddy__buf_putc(u->b, '(');
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        cstring_lit(u, keys[i]);
    }
    eddy__buf_putc(u->b, ')');
}

static void part_spec(Up *u, AstPartSpec *const *ps, int n) {
    puts_(u, " PARTITION (");
    for (int i = 0; i < n; i++) {
        if (i) puts_(u, ", ");
        ident(u, ps[i]->name.name);
        if (ps[i]->value) {
            puts_(u, " = ");
            ex(u, ps[i]->value, 0);
        }
    }
    eddy__buf_putc(u->b, ')');
}

static void constraint(Up *u, const AstConstraint *c) {
    if (c->name) {
        puts_(u, "CONSTRAINT ");
        ident(u, c->name->name);
        eddy__buf_putc(u->b, ' ');
    }
    puts_(u, c->unique ? "UNIQUE" : "PRIMARY KEY");
    if (c->table_level) {
        puts_(u, " (");
        ident_list(u, c->columns, c->ncolumns);
        eddy__buf_putc(u->b, ')');
    }
    if (c->enforced == 1) puts_(u, " ENFORCED");
    else if (c->enforced == 2) puts_(u, " NOT ENFORCED");
}

static void column(Up *u, const AstColumn *c) {
    ident(u, c->name.name);
    if (c->kind == AST_COL_COMPUTED) {
        puts_(u, " AS ");
        ex(u, c->expr, 0);
    } else {
        eddy__buf_putc(u->b, ' ');
        eddy__sql_unparse_type(u->b, c->type);
        if (c->kind == AST_COL_METADATA) {
            puts_(u, " METADATA");
            if (c->has_metadata_key) {
                puts_(u, " FROM ");
                cstring_lit(u, c->metadata_key);
            }
            if (c->is_virtual) puts_(u, " VIRTUAL");
        } else if (c->constraint) {
            eddy__buf_putc(u->b, ' ');
            constraint(u, c->constraint);
        }
    }
    if (c->comment) {
        puts_(u, " COMMENT ");
        cstring_lit(u, c->comment);
    }
    if (c->position == 1) puts_(u, " FIRST");
    else if (c->position == 2) {
        puts_(u, " AFTER ");
        ident(u, c->after.name);
    }
}

static void watermark(Up *u, const AstWatermark *w) {
    puts_(u, "WATERMARK FOR ");
    name(u, &w->column);
    puts_(u, " AS ");
    ex(u, w->expr, 0);
}

/* ( one item per line ) */
static void schema_block(Up *u, const AstSchema *s) {
    int n = 0;
    puts_(u, "(");
    for (int i = 0; i < s->ncolumns; i++, n++) {
        puts_(u, n ? ",\n  " : "\n  ");
        column(u, s->columns[i]);
    }
    for (int i = 0; i < s->nconstraints; i++, n++) {
        puts_(u, n ? ",\n  " : "\n  ");
        constraint(u, s->constraints[i]);
    }
    for (int i = 0; i < s->nwatermarks; i++, n++) {
        puts_(u, n ? ",\n  " : "\n  ");
        watermark(u, s->watermarks[i]);
    }
    puts_(u, "\n)");
}

static void schema_single(Up *u, const AstSchema *s) {
    if (s->ncolumns) column(u, s->columns[0]);
    else if (s->nconstraints) constraint(u, s->constraints[0]);
    else if (s->nwatermarks) watermark(u, s->watermarks[0]);
}

static void temporary(Up *u, bool temp, bool system) {
    if (temp) puts_(u, "TEMPORARY ");
    if (system) puts_(u, "SYSTEM ");
}

static void create_table(Up *u, const AstStmt *s) {
    const struct AstCreateTable *c = &s->u.create_table;
    if (c->replace) {
        puts_(u, "REPLACE TABLE ");
    } else if (c->materialized) {
        puts_(u, "CREATE MATERIALIZED TABLE ");
    } else {
        puts_(u, c->or_replace ? "CREATE OR REPLACE " : "CREATE ");
        temporary(u, c->temporary, false);
        puts_(u, "TABLE ");
    }
    if (c->if_not_exists) puts_(u, "IF NOT EXISTS ");
    name(u, &c->name);
    if (c->has_schema) {
        eddy__buf_putc(u->b, ' ');
        schema_block(u, &c->schema);
    }
    if (c->comment) {
        puts_(u, "\nCOMMENT ");
        cstring_lit(u, c->comment);
    }
    if (c->npartitioned_by) {
        puts_(u, "\nPARTITIONED BY (");
        ident_list(u, c->partitioned_by, c->npartitioned_by);
        eddy__buf_putc(u->b, ')');
    }
    if (c->has_with) {
        puts_(u, "\nWITH ");
        props_block(u, c->props, c->nprops);
    }
    if (c->has_like) {
        puts_(u, "\nLIKE ");
        name(u, &c->like);
        if (c->nlike_options) {
            static const char *const modes[] = {"INCLUDING", "EXCLUDING", "OVERWRITING"};
            static const char *const feats[] = {"ALL", "CONSTRAINTS", "GENERATED", "OPTIONS", "PARTITIONS", "WATERMARKS"};
            puts_(u, " (");
            for (int i = 0; i < c->nlike_options; i++) {
                puts_(u, "\n  ");
                puts_(u, modes[c->like_options[i]->mode]);
                eddy__buf_putc(u->b, ' ');
                puts_(u, feats[c->like_options[i]->feature]);
            }
            puts_(u, "\n)");
        }
    }
    if (c->freshness) {
        puts_(u, "\nFRESHNESS = INTERVAL ");
        cstring_lit(u, c->freshness);
        eddy__buf_putc(u->b, ' ');
        puts_(u, eddy__sql_time_unit_name(c->freshness_unit));
    }
    if (c->refresh_mode) puts_(u, c->refresh_mode == 1 ? "\nREFRESH_MODE = CONTINUOUS" : "\nREFRESH_MODE = FULL");
    if (c->as_query) {
        puts_(u, "\nAS ");
        query(u, c->as_query);
    }
}

static void alter_table(Up *u, const AstStmt *s) {
    const struct AstAlterTable *a = &s->u.alter_table;
    puts_(u, "ALTER TABLE ");
    if (a->if_exists) puts_(u, "IF EXISTS ");
    name(u, &a->name);
    switch (a->action) {
    case AST_ALTER_TABLE_RENAME:
        puts_(u, " RENAME TO ");
        name(u, &a->new_name);
        break;
    case AST_ALTER_TABLE_RENAME_COLUMN:
        puts_(u, " RENAME ");
        name(u, &a->old_column);
        puts_(u, " TO ");
        ident(u, a->new_column.name);
        break;
    case AST_ALTER_TABLE_SET:
        puts_(u, " SET ");
        props_inline(u, a->props, a->nprops);
        break;
    case AST_ALTER_TABLE_RESET:
        puts_(u, " RESET ");
        keys_inline(u, a->keys, a->nkeys);
        break;
    case AST_ALTER_TABLE_ADD:
    case AST_ALTER_TABLE_MODIFY:
        puts_(u, a->action == AST_ALTER_TABLE_ADD ? " ADD " : " MODIFY ");
        if (a->parens) schema_block(u, &a->schema);
        else schema_single(u, &a->schema);
        break;
    case AST_ALTER_TABLE_DROP_COLUMNS:
        puts_(u, " DROP ");
        if (a->parens) eddy__buf_putc(u->b, '(');
        for (int i = 0; i < a->ncolumns; i++) {
            if (i) puts_(u, ", ");
            name(u, a->columns[i]);
        }
        if (a->parens) eddy__buf_putc(u->b, ')');
        break;
    case AST_ALTER_TABLE_DROP_PRIMARY_KEY: puts_(u, " DROP PRIMARY KEY"); break;
    case AST_ALTER_TABLE_DROP_CONSTRAINT:
        puts_(u, " DROP CONSTRAINT ");
        ident(u, a->constraint.name);
        break;
    case AST_ALTER_TABLE_DROP_WATERMARK: puts_(u, " DROP WATERMARK"); break;
    }
}

static void function_body(Up *u, const AstStmt *s) {
    puts_(u, " AS ");
    cstring_lit(u, s->u.function.class_name);
    if (s->u.function.language) {
        puts_(u, " LANGUAGE ");
        puts_(u, s->u.function.language);
    }
    for (int i = 0; i < s->u.function.njars; i++) {
        puts_(u, i ? ", JAR " : " USING JAR ");
        cstring_lit(u, s->u.function.jars[i]);
    }
}

static void show(Up *u, const AstStmt *s) {
    const struct AstShow *sh = &s->u.show;
    static const char *const what[] = {
        [AST_SHOW_CATALOGS] = "CATALOGS",       [AST_SHOW_CURRENT_CATALOG] = "CURRENT CATALOG",
        [AST_SHOW_DATABASES] = "DATABASES",     [AST_SHOW_CURRENT_DATABASE] = "CURRENT DATABASE",
        [AST_SHOW_TABLES] = "TABLES",           [AST_SHOW_VIEWS] = "VIEWS",
        [AST_SHOW_FUNCTIONS] = "FUNCTIONS",     [AST_SHOW_PROCEDURES] = "PROCEDURES",
        [AST_SHOW_COLUMNS] = "COLUMNS",         [AST_SHOW_CREATE_TABLE] = "CREATE TABLE",
        [AST_SHOW_CREATE_VIEW] = "CREATE VIEW", [AST_SHOW_CREATE_CATALOG] = "CREATE CATALOG",
        [AST_SHOW_CREATE_MATERIALIZED_TABLE] = "CREATE MATERIALIZED TABLE",
        [AST_SHOW_MODULES] = "MODULES",         [AST_SHOW_JOBS] = "JOBS",
        [AST_SHOW_JARS] = "JARS",               [AST_SHOW_PARTITIONS] = "PARTITIONS",
    };
    puts_(u, "SHOW ");
    if (sh->full) puts_(u, "FULL ");
    if (sh->user) puts_(u, "USER ");
    puts_(u, what[sh->what]);
    if (sh->prep) {
        eddy__buf_putc(u->b, ' ');
        puts_(u, sh->prep);
    }
    if (sh->name.nparts) {
        eddy__buf_putc(u->b, ' ');
        name(u, &sh->name);
    }
    if (sh->npartition) part_spec(u, sh->partition, sh->npartition);
    if (sh->like) {
        puts_(u, sh->not_like ? " NOT" : "");
        puts_(u, sh->ilike ? " ILIKE " : " LIKE ");
        cstring_lit(u, sh->like);
    }
}

static void stmt(Up *u, const AstStmt *s) {
    switch (s->kind) {
    case AST_STMT_QUERY: query(u, s->u.query.query); break;
    case AST_STMT_INSERT:
        puts_(u, s->u.insert.upsert ? "UPSERT " : "INSERT ");
        puts_(u, s->u.insert.overwrite ? "OVERWRITE " : "INTO ");
        name(u, &s->u.insert.table);
        if (s->u.insert.nhints) {
            eddy__buf_putc(u->b, ' ');
            hints(u, s->u.insert.hints, s->u.insert.nhints);
        }
        if (s->u.insert.npartition) part_spec(u, s->u.insert.partition, s->u.insert.npartition);
        if (s->u.insert.ncolumns) {
            puts_(u, " (");
            ident_list(u, s->u.insert.columns, s->u.insert.ncolumns);
            eddy__buf_putc(u->b, ')');
        }
        eddy__buf_putc(u->b, '\n');
        query(u, s->u.insert.source);
        break;
    case AST_STMT_STATEMENT_SET:
        puts_(u, "STATEMENT SET BEGIN\n");
        for (int i = 0; i < s->u.stmt_set.ninserts; i++) {
            stmt(u, s->u.stmt_set.inserts[i]);
            puts_(u, ";\n");
        }
        puts_(u, "END");
        break;
    case AST_STMT_BEGIN_STATEMENT_SET: puts_(u, "BEGIN STATEMENT SET"); break;
    case AST_STMT_END: puts_(u, "END"); break;
    case AST_STMT_EXPLAIN:
        puts_(u, "EXPLAIN ");
        if (s->u.explain.plan_for) puts_(u, "PLAN FOR ");
        for (int i = 0; i < s->u.explain.ndetails; i++) {
            int d = s->u.explain.detail_order[i];
            if (i) puts_(u, ", ");
            puts_(u, d == AST_EXPLAIN_ESTIMATED_COST   ? "ESTIMATED_COST"
                     : d == AST_EXPLAIN_CHANGELOG_MODE ? "CHANGELOG_MODE"
                     : d == AST_EXPLAIN_PLAN_ADVICE    ? "PLAN_ADVICE"
                                                       : "JSON_EXECUTION_PLAN");
            if (i == s->u.explain.ndetails - 1) eddy__buf_putc(u->b, ' ');
        }
        stmt(u, s->u.explain.stmt);
        break;
    case AST_STMT_EXECUTE:
        puts_(u, "EXECUTE ");
        stmt(u, s->u.execute.stmt);
        break;
    case AST_STMT_CREATE_TABLE: create_table(u, s); break;
    case AST_STMT_DROP_TABLE:
    case AST_STMT_DROP_VIEW:
    case AST_STMT_DROP_FUNCTION:
    case AST_STMT_DROP_CATALOG:
    case AST_STMT_DROP_DATABASE:
        puts_(u, "DROP ");
        temporary(u, s->u.drop.temporary, s->u.drop.system);
        if (s->u.drop.materialized) puts_(u, "MATERIALIZED ");
        puts_(u, s->kind == AST_STMT_DROP_TABLE      ? "TABLE "
                 : s->kind == AST_STMT_DROP_VIEW     ? "VIEW "
                 : s->kind == AST_STMT_DROP_FUNCTION ? "FUNCTION "
                 : s->kind == AST_STMT_DROP_CATALOG  ? "CATALOG "
                                                     : "DATABASE ");
        if (s->u.drop.if_exists) puts_(u, "IF EXISTS ");
        name(u, &s->u.drop.name);
        if (s->u.drop.drop_behavior) puts_(u, s->u.drop.drop_behavior == 1 ? " RESTRICT" : " CASCADE");
        break;
    case AST_STMT_ALTER_TABLE: alter_table(u, s); break;
    case AST_STMT_CREATE_VIEW:
        puts_(u, s->u.create_view.or_replace ? "CREATE OR REPLACE " : "CREATE ");
        temporary(u, s->u.create_view.temporary, s->u.create_view.system);
        puts_(u, "VIEW ");
        if (s->u.create_view.if_not_exists) puts_(u, "IF NOT EXISTS ");
        name(u, &s->u.create_view.name);
        if (s->u.create_view.ncolumns) {
            puts_(u, " (");
            for (int i = 0; i < s->u.create_view.ncolumns; i++) {
                puts_(u, i ? ",\n  " : "\n  ");
                ident(u, s->u.create_view.columns[i]->name);
            }
            puts_(u, "\n)");
        }
        if (s->u.create_view.comment) {
            puts_(u, "\nCOMMENT ");
            cstring_lit(u, s->u.create_view.comment);
        }
        puts_(u, "\nAS ");
        query(u, s->u.create_view.query);
        break;
    case AST_STMT_ALTER_VIEW:
        puts_(u, "ALTER VIEW ");
        name(u, &s->u.alter_view.name);
        if (s->u.alter_view.query) {
            puts_(u, " AS ");
            query(u, s->u.alter_view.query);
        } else {
            puts_(u, " RENAME TO ");
            name(u, &s->u.alter_view.new_name);
        }
        break;
    case AST_STMT_CREATE_FUNCTION:
    case AST_STMT_ALTER_FUNCTION:
        if (s->kind == AST_STMT_CREATE_FUNCTION) puts_(u, s->u.function.or_replace ? "CREATE OR REPLACE " : "CREATE ");
        else puts_(u, "ALTER ");
        temporary(u, s->u.function.temporary, s->u.function.system);
        puts_(u, "FUNCTION ");
        if (s->u.function.if_not_exists) puts_(u, "IF NOT EXISTS ");
        if (s->u.function.if_exists) puts_(u, "IF EXISTS ");
        name(u, &s->u.function.name);
        function_body(u, s);
        break;
    case AST_STMT_CREATE_CATALOG:
    case AST_STMT_CREATE_DATABASE:
        puts_(u, s->kind == AST_STMT_CREATE_CATALOG ? "CREATE CATALOG " : "CREATE DATABASE ");
        if (s->u.object.if_not_exists) puts_(u, "IF NOT EXISTS ");
        name(u, &s->u.object.name);
        if (s->u.object.comment) {
            puts_(u, "\nCOMMENT ");
            cstring_lit(u, s->u.object.comment);
        }
        if (s->u.object.has_with) {
            puts_(u, "\nWITH ");
            props_block(u, s->u.object.props, s->u.object.nprops);
        }
        break;
    case AST_STMT_ALTER_CATALOG:
    case AST_STMT_ALTER_DATABASE:
        puts_(u, s->kind == AST_STMT_ALTER_CATALOG ? "ALTER CATALOG " : "ALTER DATABASE ");
        name(u, &s->u.object.name);
        if (s->u.object.reset) {
            puts_(u, " RESET ");
            keys_inline(u, s->u.object.keys, s->u.object.nkeys);
        } else if (s->u.object.comment && !s->u.object.nprops) {
            puts_(u, " COMMENT ");
            cstring_lit(u, s->u.object.comment);
        } else {
            puts_(u, " SET ");
            props_inline(u, s->u.object.props, s->u.object.nprops);
        }
        break;
    case AST_STMT_USE_CATALOG:
        puts_(u, "USE CATALOG ");
        name(u, &s->u.object.name);
        break;
    case AST_STMT_USE_DATABASE:
        puts_(u, "USE ");
        name(u, &s->u.object.name);
        break;
    case AST_STMT_USE_MODULES:
        puts_(u, "USE MODULES ");
        ident_list(u, s->u.modules.modules, s->u.modules.nmodules);
        break;
    case AST_STMT_LOAD_MODULE:
        puts_(u, "LOAD MODULE ");
        name(u, &s->u.object.name);
        if (s->u.object.has_with) {
            puts_(u, " WITH ");
            props_inline(u, s->u.object.props, s->u.object.nprops);
        }
        break;
    case AST_STMT_UNLOAD_MODULE:
        puts_(u, "UNLOAD MODULE ");
        name(u, &s->u.object.name);
        break;
    case AST_STMT_SHOW: show(u, s); break;
    case AST_STMT_DESCRIBE:
        puts_(u, s->u.describe.desc_keyword ? "DESC " : "DESCRIBE ");
        if (s->u.describe.what == AST_DESCRIBE_CATALOG) puts_(u, "CATALOG ");
        else if (s->u.describe.what == AST_DESCRIBE_DATABASE) puts_(u, "DATABASE ");
        else if (s->u.describe.what == AST_DESCRIBE_FUNCTION) puts_(u, "FUNCTION ");
        if (s->u.describe.extended) puts_(u, "EXTENDED ");
        name(u, &s->u.describe.name);
        break;
    case AST_STMT_SET:
    case AST_STMT_RESET:
        puts_(u, s->kind == AST_STMT_SET ? "SET" : "RESET");
        if (s->u.kv.key) {
            eddy__buf_putc(u->b, ' ');
            cstring_lit(u, s->u.kv.key);
            if (s->u.kv.value) {
                puts_(u, " = ");
                cstring_lit(u, s->u.kv.value);
            }
        }
        break;
    case AST_STMT_ADD_JAR:
    case AST_STMT_REMOVE_JAR:
        puts_(u, s->kind == AST_STMT_ADD_JAR ? "ADD JAR " : "REMOVE JAR ");
        cstring_lit(u, s->u.kv.key);
        break;
    case AST_STMT_STOP_JOB:
        puts_(u, "STOP JOB ");
        cstring_lit(u, s->u.kv.key);
        if (s->u.kv.with_savepoint) puts_(u, " WITH SAVEPOINT");
        if (s->u.kv.with_drain) puts_(u, " WITH DRAIN");
        break;
    case AST_STMT_CALL:
        puts_(u, "CALL ");
        ex(u, s->u.call.call, 0);
        break;
    case AST_STMT_COMPILE_PLAN:
    case AST_STMT_EXECUTE_PLAN:
        puts_(u, s->kind == AST_STMT_EXECUTE_PLAN ? "EXECUTE PLAN " : s->u.plan.and_execute ? "COMPILE AND EXECUTE PLAN "
                                                                                             : "COMPILE PLAN ");
        cstring_lit(u, s->u.plan.file);
        if (s->u.plan.if_not_exists) puts_(u, " IF NOT EXISTS");
        if (s->u.plan.stmt) {
            puts_(u, " FOR ");
            stmt(u, s->u.plan.stmt);
        }
        break;
    case AST_STMT_TRUNCATE:
        puts_(u, "TRUNCATE TABLE ");
        name(u, &s->u.dml.table);
        break;
    case AST_STMT_DELETE:
    case AST_STMT_UPDATE:
        puts_(u, s->kind == AST_STMT_DELETE ? "DELETE FROM " : "UPDATE ");
        name(u, &s->u.dml.table);
        if (s->u.dml.alias) {
            puts_(u, " AS ");
            ident(u, s->u.dml.alias->name);
        }
        for (int i = 0; i < s->u.dml.nset; i++) {
            puts_(u, i ? ", " : " SET ");
            ident(u, s->u.dml.set_columns[i]->name);
            puts_(u, " = ");
            ex(u, s->u.dml.set_values[i], 0);
        }
        if (s->u.dml.where) {
            puts_(u, "\nWHERE ");
            ex(u, s->u.dml.where, 0);
        }
        break;
    case AST_STMT_ANALYZE:
        puts_(u, "ANALYZE TABLE ");
        name(u, &s->u.dml.table);
        if (s->u.dml.npartition) part_spec(u, s->u.dml.partition, s->u.dml.npartition);
        puts_(u, " COMPUTE STATISTICS");
        if (s->u.dml.for_columns == 2) puts_(u, " FOR ALL COLUMNS");
        else if (s->u.dml.for_columns == 1) {
            puts_(u, " FOR COLUMNS ");
            ident_list(u, s->u.dml.columns, s->u.dml.ncolumns);
        }
        break;
    }
}

void eddy__sql_unparse_stmt(Buf *b, const AstStmt *s) {
    Up u = {b, false};
    if (s) stmt(&u, s);
}
