/*
 * bind_agg.c -- binding the aggregating forms of SELECT: GROUP BY with
 * HAVING, aggregates without GROUP BY, legacy group windows (GROUP BY
 * TUMBLE / HOP / SESSION with their _START / _END / _ROWTIME / _PROCTIME
 * properties), DISTINCT, and OVER aggregates.
 *
 * The shape follows Calcite's SqlToRelConverter: a projection of the group
 * keys and the aggregate arguments, an Aggregate over it (keys, then
 * aggregate calls, then window properties), an optional HAVING filter, and
 * the select list bound over the Aggregate's columns. Select expressions are
 * bound through a hook (Binder.hook) that maps group keys, aggregate calls
 * and window properties to the Aggregate's columns; everything else binds as
 * usual. Aggregate result types follow Flink's rules (SUM of DECIMAL(p, s) is
 * DECIMAL(38, s), COUNT is BIGINT NOT NULL, a global aggregate is nullable);
 * the user's C aggregate functions are aggregates too, typed by their
 * declared signature.
 */
#include <ctype.h>

#include "plan/bind_int.h"
#include "sql/parser.h"

#define AGG_BASE (1 << 20)  /* placeholder columns of aggregate calls */
#define PROP_BASE (1 << 21) /* placeholder columns of window properties */
#define NOMEM(b) eddy__err((b)->err, EDDY_E_NOMEM, "out of memory")

/* ---- AST walks ----------------------------------------------------------------------- */

typedef bool (*AstPred)(const Binder *b, const AstExpr *e);

/* Whether pred holds for e or a node below it (subqueries are not entered). */
static bool any_node(const Binder *b, const AstExpr *e, AstPred pred) {
    if (!e) return false;
    if (pred(b, e)) return true;
    switch (e->kind) {
    case AST_CALL:
        for (int i = 0; i < e->u.call.nargs; i++)
            if (any_node(b, e->u.call.args[i], pred)) return true;
        return any_node(b, e->u.call.filter, pred);
    case AST_CASE:
        if (any_node(b, e->u.case_.operand, pred) || any_node(b, e->u.case_.else_, pred)) return true;
        for (int i = 0; i < e->u.case_.nwhens; i++)
            if (any_node(b, e->u.case_.whens[i], pred) || any_node(b, e->u.case_.thens[i], pred)) return true;
        return false;
    case AST_CAST: return any_node(b, e->u.cast.operand, pred);
    case AST_INTERVAL: return any_node(b, e->u.interval.operand, pred);
    case AST_IN:
        if (any_node(b, e->u.in.operand, pred)) return true;
        for (int i = 0; i < e->u.in.nlist; i++)
            if (any_node(b, e->u.in.list[i], pred)) return true;
        return false;
    case AST_BETWEEN:
        return any_node(b, e->u.between.operand, pred) || any_node(b, e->u.between.low, pred) ||
               any_node(b, e->u.between.high, pred);
    case AST_LIKE:
        return any_node(b, e->u.like.operand, pred) || any_node(b, e->u.like.pattern, pred) ||
               any_node(b, e->u.like.escape, pred);
    case AST_NAMED_ARG: return any_node(b, e->u.named.value, pred);
    default: return false;
    }
}

const FuncDef *eddy__bind_user_aggregate(const Binder *b, const char *name) {
    if (!b->be->functions) return NULL;
    /* temporary system functions come before the built-ins, catalog functions after them */
    const FuncDef *fn = b->be->functions(b->be->functions_ctx, name, 0);
    if (!fn && !eddy__bind_is_aggregate(name)) fn = b->be->functions(b->be->functions_ctx, name, 1);
    return fn && (fn->flags & FN_AGGREGATE) ? fn : NULL;
}

static bool is_agg_call(const Binder *b, const AstExpr *e) {
    if (e->kind != AST_CALL || e->u.call.over || e->u.call.over_name || e->u.call.fname.nparts > 1) return false;
    if (eddy__bind_user_aggregate(b, e->u.call.name)) return true;
    /* a temporary system function shadows a built-in aggregate of its name */
    return eddy__bind_is_aggregate(e->u.call.name) &&
           !(b->be->functions && b->be->functions(b->be->functions_ctx, e->u.call.name, 0));
}

static bool is_over_call(const Binder *b, const AstExpr *e) {
    (void)b;
    return e->kind == AST_CALL && (e->u.call.over || e->u.call.over_name);
}

bool eddy__bind_has_agg(const Binder *b, const AstExpr *e) { return any_node(b, e, is_agg_call); }
bool eddy__bind_has_over(const Binder *b, const AstExpr *e) { return any_node(b, e, is_over_call); }

/* The expression as SQL text: group keys and repeated aggregate calls are
 * recognised by their text, as Calcite compares expressions structurally. */
static char *ast_text(Binder *b, const AstExpr *e) {
    Buf t;
    eddy__buf_init(&t);
    eddy__sql_unparse_expr(&t, e);
    char *s = eddy__arena_strndup(b->a, eddy__buf_cstr(&t), t.len);
    eddy__buf_free(&t);
    return s;
}

/* Rewrites placeholder column indexes in a freshly bound tree. */
static void remap(Expr *e, int ngroup, int naggs, int over_base) {
    if (!e) return;
    if (e->kind == EX_COLUMN) {
        if (e->index >= PROP_BASE) e->index = ngroup + naggs + (e->index - PROP_BASE);
        else if (e->index >= AGG_BASE) e->index = (over_base >= 0 ? over_base : ngroup) + (e->index - AGG_BASE);
    }
    for (int i = 0; i < e->nargs; i++) remap(e->args[i], ngroup, naggs, over_base);
}

/* ---- aggregate result types --------------------------------------------------------- */

/* Calcite's "Cannot apply 'F' to arguments of type 'F(<T>)'" message;
 * family is the supported argument family ("NUMERIC"). */
static eddy_status cannot_apply(Binder *b, const AstPos *pos, const char *fn, Expr *const *args, int n,
                                const char *family) {
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_printf(&t, "%s(", fn);
    for (int i = 0; i < n; i++) {
        if (i) eddy__buf_puts(&t, ", ");
        eddy__buf_putc(&t, '<');
        Type plain = *args[i]->type;
        plain.timeattr = TA_NONE;
        eddy__plan_type_text(&t, &plain);
        eddy__buf_putc(&t, '>');
    }
    eddy__buf_putc(&t, ')');
    eddy_status rc = eddy__bind_err(b, pos, EDDY_E_VALIDATION,
                                    "Cannot apply '%s' to arguments of type '%s'. Supported form(s): '%s(<%s>)'", fn,
                                    eddy__buf_cstr(&t), fn, family);
    eddy__buf_free(&t);
    return rc;
}

eddy_status eddy__bind_agg_type(Binder *b, const AstPos *pos, const char *fn, Expr *const *args, int n, bool star,
                            bool global, bool over, const Type **out) {
    Arena *a = b->a;
    const Type *t0 = n > 0 ? eddy__type_with_timeattr(a, args[0]->type, TA_NONE) : NULL;
    bool nullable = global || over || (t0 && t0->nullable);
    if (!strcmp(fn, "COUNT")) {
        *out = eddy__type_basic(TY_BIGINT, false);
        return EDDY_OK;
    }
    if (!strcmp(fn, "ROW_NUMBER") || !strcmp(fn, "RANK") || !strcmp(fn, "DENSE_RANK") || !strcmp(fn, "NTILE")) {
        if (!over) return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "OVER clause is necessary for window functions");
        *out = eddy__type_basic(TY_BIGINT, false);
        return EDDY_OK;
    }
    if (!strcmp(fn, "CUME_DIST") || !strcmp(fn, "PERCENT_RANK")) {
        if (!over) return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "OVER clause is necessary for window functions");
        *out = eddy__type_basic(TY_DOUBLE, false);
        return EDDY_OK;
    }
    if ((!strcmp(fn, "LAG") || !strcmp(fn, "LEAD")) && !over)
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "OVER clause is necessary for window functions");
    if (star || n == 0)
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting 1 arguments",
                              fn);
    if (!strcmp(fn, "SUM") || !strcmp(fn, "SUM0") || !strcmp(fn, "AVG") || !strcmp(fn, "STDDEV") ||
        !strcmp(fn, "STDDEV_POP") || !strcmp(fn, "STDDEV_SAMP") || !strcmp(fn, "VARIANCE") || !strcmp(fn, "VAR_POP") ||
        !strcmp(fn, "VAR_SAMP")) {
        if (!eddy__type_is_numeric(t0)) return cannot_apply(b, pos, fn, args, 1, "NUMERIC");
        if (!strcmp(fn, "SUM0")) nullable = false;
        if (t0->root == TY_DECIMAL) {
            int scale = !strcmp(fn, "SUM") || !strcmp(fn, "SUM0") ? t0->scale : ED_MAX(6, t0->scale);
            *out = eddy__type_decimal(a, 38, scale, nullable);
        } else {
            /* integer and approximate types keep their type (AVG of INT is INT) */
            *out = eddy__type_with_nullable(a, t0, nullable);
        }
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (!strcmp(fn, "MIN") || !strcmp(fn, "MAX") || !strcmp(fn, "FIRST_VALUE") || !strcmp(fn, "LAST_VALUE") ||
        !strcmp(fn, "LAG") || !strcmp(fn, "LEAD") || !strcmp(fn, "BIT_AND") || !strcmp(fn, "BIT_OR") ||
        !strcmp(fn, "BIT_XOR")) {
        if (!strncmp(fn, "BIT_", 4) && !eddy__type_is_integer(t0))
            return cannot_apply(b, pos, fn, args, 1, "INTEGER");
        bool nl = nullable || !strcmp(fn, "FIRST_VALUE") || !strcmp(fn, "LAST_VALUE") || !strcmp(fn, "LAG") ||
                  !strcmp(fn, "LEAD");
        *out = eddy__type_with_nullable(a, t0, nl);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (!strcmp(fn, "LISTAGG")) {
        if (!eddy__type_is_string(t0)) return cannot_apply(b, pos, fn, args, n, "CHARACTER");
        *out = eddy__type_string(true);
        return EDDY_OK;
    }
    if (!strcmp(fn, "COLLECT")) {
        *out = eddy__type_multiset(a, t0, false);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (!strcmp(fn, "ARRAY_AGG")) {
        *out = eddy__type_array(a, t0, true);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (!strcmp(fn, "JSON_ARRAYAGG") || !strcmp(fn, "JSON_OBJECTAGG")) {
        *out = eddy__type_string(false);
        return EDDY_OK;
    }
    return eddy__bind_unsupported(b, pos, fn);
}

/* Types a call of the C aggregate function fn: its arguments are checked
 * and cast (in place) as for scalar C functions; the result is the declared
 * type. */
static eddy_status bind_user_agg(Binder *b, const AstPos *pos, const FuncDef *fn, Expr **args, int n, bool star,
                                 const Type **out) {
    if (star)
        return eddy__bind_err(b, pos, EDDY_E_VALIDATION, "Unknown identifier '*'");
    EdErr e2 = {0};
    const void *data = NULL;
    eddy_status rc = fn->infer(b->a, fn, args, n, out, &data, &e2);
    if (rc) {
        rc = eddy__bind_err(b, pos, e2.code ? e2.code : rc, "%s", e2.msg ? e2.msg : "invalid call");
        eddy__err_clear(&e2);
    }
    return rc;
}

/* Binds the arguments of an aggregate call (no aggregates allowed inside);
 * JSON_*AGG's NULL ON NULL / ABSENT ON NULL clause (a symbol argument) sets
 * *nulls (AGG_NULLS_* of expr/agg.h: 1 NULL ON NULL, 2 ABSENT ON NULL). */
static eddy_status bind_agg_args(Binder *b, const Scope *sc, const AstExpr *e, Expr ***args, int *nargs, bool *star,
                                 Expr **filter, int *nulls) {
    int n = 0;
    *nulls = 0;
    Expr **xs = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(e->u.call.nargs + 1));
    if (!xs) return NOMEM(b);
    *star = false;
    BindHook saved = b->hook;
    b->hook = NULL;
    const char *clause = b->clause;
    b->clause = "an aggregate";
    eddy_status rc = EDDY_OK;
    for (int i = 0; i < e->u.call.nargs && !rc; i++) {
        const AstExpr *arg = e->u.call.args[i];
        if (arg->kind == AST_STAR) {
            *star = true;
            continue;
        }
        if (arg->kind == AST_SYMBOL &&
            (!strcmp(arg->u.symbol.sym, "NULL ON NULL") || !strcmp(arg->u.symbol.sym, "ABSENT ON NULL"))) {
            *nulls = arg->u.symbol.sym[0] == 'N' ? 1 : 2;
            continue;
        }
        if (eddy__bind_has_agg(b, arg)) {
            rc = eddy__bind_err(b, &arg->pos, EDDY_E_VALIDATION, "Aggregate expressions cannot be nested");
            break;
        }
        rc = eddy__bind_scalar(b, sc, arg, &xs[n++]);
    }
    *filter = NULL;
    if (!rc && e->u.call.filter) {
        rc = eddy__bind_scalar(b, sc, e->u.call.filter, filter);
        if (!rc && (*filter)->type->root != TY_BOOLEAN)
            rc = eddy__bind_err(b, &e->u.call.filter->pos, EDDY_E_VALIDATION, "FILTER expression must be of type BOOLEAN");
        /* a nullable condition counts the rows where it is TRUE (Calcite's IS TRUE) */
        if (!rc && (*filter)->type->nullable) {
            Expr *arg[1] = {*filter};
            rc = eddy__expr_call_name(b->a, "IS TRUE", arg, 1, filter, b->err);
        }
    }
    b->hook = saved;
    b->clause = clause;
    *args = xs;
    *nargs = n;
    return rc;
}

/* ---- the aggregate context ------------------------------------------------------------ */

typedef struct AggEntry {
    const char *text;
    const char *fn;
    Expr **args;
    int nargs;
    bool star, distinct;
    Expr *filter;
    const Type *type;
    int *gkeys;         /* GROUPING(..): the keys (indices) it is over */
    const FuncDef *user; /* a C aggregate function */
    int nulls;           /* AggCall.nulls */
} AggEntry;

typedef struct PropEntry {
    const char *text;
    WindowProp prop;
    const Type *type;
} PropEntry;

typedef struct AggCtx {
    SelInput in;
    int ngroup;
    const char **gtext;
    Expr **gexpr;
    ED_VEC(AggEntry) aggs;
    ED_VEC(PropEntry) props;
    /* the group window, when GROUP BY has TUMBLE / HOP / SESSION */
    const char *win_fn;
    int win_col;
    int64_t win_size, win_slide;
    bool global;
    bool grouping_sets; /* GROUPING SETS / ROLLUP / CUBE */
    int nsets;          /* and its sets, as masks over the keys */
    uint64_t *sets;
} AggCtx;

static Expr *placeholder(Binder *b, int index, const Type *t, const AstPos *pos) {
    Expr *x = eddy__expr_column(b->a, index, t);
    if (x && pos) {
        x->line = pos->line;
        x->col = pos->col;
    }
    return x;
}

/* A window property call: TUMBLE_START(ts, ...), HOP_END, SESSION_ROWTIME... */
static bool window_prop(const AstExpr *e, const char **family, WindowProp *p) {
    if (e->kind != AST_CALL || e->u.call.fname.nparts > 1) return false;
    static const char *fams[] = {"TUMBLE", "HOP", "SESSION"};
    static const char *sfx[] = {"_START", "_END", "_ROWTIME", "_PROCTIME"};
    const char *n = e->u.call.name;
    for (size_t f = 0; f < 3; f++) {
        size_t fl = strlen(fams[f]);
        if (!eddy__strn_ieq(n, fl, fams[f]) || strlen(n) <= fl) continue;
        for (int s = 0; s < 4; s++)
            if (eddy__str_ieq(n + fl, sfx[s])) {
                *family = fams[f];
                *p = (WindowProp)s;
                return true;
            }
    }
    return false;
}

/* GROUPING(k, ..), GROUPING_ID(k, ..), GROUP_ID(): BIGINT NOT NULL, over
 * grouping keys; an aggregate call of the Aggregate. */
static eddy_status grouping_call(Binder *b, AggCtx *c, const AstExpr *e, const char *text, Expr **out) {
    bool group_id = eddy__str_ieq(e->u.call.name, "GROUP_ID");
    if (group_id != (e->u.call.nargs == 0))
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting %s",
                              group_id ? "GROUP_ID" : "GROUPING", group_id ? "0 arguments" : "1 or more arguments");
    int *gkeys = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(e->u.call.nargs + 1));
    if (!gkeys) return NOMEM(b);
    for (int i = 0; i < e->u.call.nargs; i++) {
        const char *at = ast_text(b, e->u.call.args[i]);
        if (!at) return NOMEM(b);
        int k = 0;
        while (k < c->ngroup && strcmp(c->gtext[k], at)) k++;
        if (k == c->ngroup)
            return eddy__bind_err(b, &e->u.call.args[i]->pos, EDDY_E_VALIDATION,
                                  "Argument to GROUPING operator must be a grouped expression");
        gkeys[i] = k;
    }
    for (size_t i = 0; i < c->aggs.len; i++)
        if (!strcmp(c->aggs.items[i].text, text)) {
            *out = placeholder(b, AGG_BASE + (int)i, c->aggs.items[i].type, &e->pos);
            return *out ? EDDY_OK : NOMEM(b);
        }
    char *fn = eddy__arena_strdup(b->a, e->u.call.name);
    if (!fn) return NOMEM(b);
    for (char *q = fn; *q; q++) *q = (char)toupper((unsigned char)*q);
    AggEntry ae = {.text = text, .fn = fn, .type = eddy__type_basic(TY_BIGINT, false), .nargs = e->u.call.nargs,
                   .gkeys = gkeys};
    if (!ed_vec_push(&c->aggs, ae)) return NOMEM(b);
    *out = placeholder(b, AGG_BASE + (int)c->aggs.len - 1, ae.type, &e->pos);
    return *out ? EDDY_OK : NOMEM(b);
}


/* A grouping key's type as the aggregate outputs it: without time
 * attributes, except the window_time of a window grouped beside its
 * window_start and window_end (it stays a time attribute, for a later
 * window or interval join). */
static const Type *key_out_type(Binder *b, const AggCtx *c, int k) {
    const Expr *g = c->gexpr[k];
    if (g->kind == EX_COLUMN && g->type->timeattr) {
        int cols[64], n = 0;
        for (int i = 0; i < c->ngroup && n < 64; i++)
            if (c->gexpr[i]->kind == EX_COLUMN) cols[n++] = c->gexpr[i]->index;
        WindowInfo wi;
        const GroupWindow *w = eddy__rel_window_keys(c->in.rel, n, cols, NULL);
        if (w && eddy__rel_window_col(c->in.rel, g->index, &wi) == WP_ROWTIME && wi.window == w) return g->type;
    }
    return eddy__type_with_timeattr(b->a, g->type, TA_NONE);
}

static eddy_status agg_hook(Binder *b, const Scope *sc, const AstExpr *e, Expr **out, bool *done) {
    AggCtx *c = b->hook_ctx;
    (void)sc;
    *done = false;
    if (e->kind == AST_LITERAL || e->kind == AST_INTERVAL || e->kind == AST_SYMBOL) return EDDY_OK;
    const char *text = ast_text(b, e);
    if (!text) return NOMEM(b);
    for (int k = 0; k < c->ngroup; k++)
        if (!strcmp(c->gtext[k], text)) {
            *done = true;
            *out = placeholder(b, k, key_out_type(b, c, k), &e->pos);
            return *out ? EDDY_OK : NOMEM(b);
        }
    if (e->kind == AST_CALL && !e->u.call.over && (eddy__str_ieq(e->u.call.name, "GROUPING") ||
                                                   eddy__str_ieq(e->u.call.name, "GROUPING_ID") ||
                                                   eddy__str_ieq(e->u.call.name, "GROUP_ID"))) {
        *done = true;
        return grouping_call(b, c, e, text, out);
    }
    if (is_agg_call(b, e)) {
        *done = true;
        for (size_t i = 0; i < c->aggs.len; i++)
            if (!strcmp(c->aggs.items[i].text, text)) {
                *out = placeholder(b, AGG_BASE + (int)i, c->aggs.items[i].type, &e->pos);
                return *out ? EDDY_OK : NOMEM(b);
            }
        AggEntry ae = {.text = text};
        eddy_status rc = bind_agg_args(b, c->in.sc, e, &ae.args, &ae.nargs, &ae.star, &ae.filter, &ae.nulls);
        if (rc) return rc;
        ae.distinct = e->u.call.distinct;
        ae.user = eddy__bind_user_aggregate(b, e->u.call.name);
        if (ae.user) {
            ae.fn = ae.user->name;
            if ((rc = bind_user_agg(b, &e->pos, ae.user, ae.args, ae.nargs, ae.star, &ae.type))) return rc;
        } else {
            char *fn = eddy__arena_strdup(b->a, e->u.call.name);
            if (!fn) return NOMEM(b);
            for (char *p = fn; *p; p++)
                if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
            ae.fn = fn;
            if ((rc = eddy__bind_agg_type(b, &e->pos, fn, ae.args, ae.nargs, ae.star, c->global, false, &ae.type)))
                return rc;
        }
        if (!ed_vec_push(&c->aggs, ae)) return NOMEM(b);
        *out = placeholder(b, AGG_BASE + (int)c->aggs.len - 1, ae.type, &e->pos);
        return *out ? EDDY_OK : NOMEM(b);
    }
    const char *fam;
    WindowProp wp;
    if (window_prop(e, &fam, &wp)) {
        *done = true;
        if (!c->win_fn || strcmp(c->win_fn, fam))
            return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION,
                                  "Call to auxiliary group function '%s' must have matching call to group function '%s' "
                                  "in GROUP BY clause",
                                  e->u.call.name, fam);
        for (size_t i = 0; i < c->props.len; i++)
            if (c->props.items[i].prop == wp) {
                *out = placeholder(b, PROP_BASE + (int)i, c->props.items[i].type, &e->pos);
                return *out ? EDDY_OK : NOMEM(b);
            }
        const Type *tt = c->in.rel->types[c->win_col];
        const Type *t;
        if (wp == WP_ROWTIME) t = eddy__type_with_timeattr(b->a, eddy__type_timestamp(b->a, tt->root, 3, false), TA_ROWTIME);
        else if (wp == WP_PROCTIME)
            t = eddy__type_with_timeattr(b->a, eddy__type_timestamp(b->a, TY_TIMESTAMP_LTZ, 3, false), TA_PROCTIME);
        else t = eddy__type_timestamp(b->a, TY_TIMESTAMP, 3, false);
        PropEntry pe = {text, wp, t};
        if (!t || !ed_vec_push(&c->props, pe)) return NOMEM(b);
        *out = placeholder(b, PROP_BASE + (int)c->props.len - 1, t, &e->pos);
        return *out ? EDDY_OK : NOMEM(b);
    }
    if (e->kind == AST_IDENT) {
        /* a column: fine when it is a grouping key (written another way) */
        *done = true;
        BindHook saved = b->hook;
        b->hook = NULL;
        Expr *x;
        eddy_status rc = eddy__bind_scalar(b, c->in.sc, e, &x);
        b->hook = saved;
        if (rc) return rc;
        for (int k = 0; k < c->ngroup; k++)
            if (x->kind == EX_COLUMN && c->gexpr[k]->kind == EX_COLUMN && c->gexpr[k]->index == x->index) {
                *out = placeholder(b, k, key_out_type(b, c, k), &e->pos);
                return *out ? EDDY_OK : NOMEM(b);
            }
        const AstName *n = &e->u.ident.name;
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Expression '%s' is not being grouped",
                              n->parts[n->nparts - 1]);
    }
    /* a subquery is an expression over the aggregate's row (its references
     * to the FROM row would not be: bind_subquery.c refuses them) */
    return EDDY_OK;
}

/* The milliseconds of a constant interval argument of a group window. */
static eddy_status window_ms(Binder *b, const AstExpr *arg, int64_t *out) {
    Expr *x;
    BindHook saved = b->hook;
    b->hook = NULL;
    Scope empty = {0, NULL, 0};
    eddy_status rc = eddy__bind_scalar(b, &empty, arg, &x);
    b->hook = saved;
    if (rc) return rc;
    if (x->kind != EX_LITERAL || x->type->root != TY_INTERVAL_DT || x->value.is_null)
        return eddy__bind_err(b, &arg->pos, EDDY_E_VALIDATION,
                              "A group window expects a constant interval of a day-time type as its size.");
    *out = x->value.u.i;
    if (*out <= 0) return eddy__bind_err(b, &arg->pos, EDDY_E_VALIDATION, "A group window size must be positive.");
    return EDDY_OK;
}

/* GROUP BY TUMBLE(ts, size) / HOP(ts, slide, size) / SESSION(ts, gap). */
static eddy_status group_window(Binder *b, AggCtx *c, const AstExpr *e) {
    const char *n = e->u.call.name;
    int want = eddy__str_ieq(n, "HOP") ? 3 : 2;
    if (e->u.call.nargs != want)
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Invalid number of arguments to function '%s'. Was expecting %d arguments",
                              n, want);
    if (c->win_fn) return eddy__bind_unsupported(b, &e->pos, "more than one group window in GROUP BY");
    Expr *ts;
    eddy_status rc = eddy__bind_scalar(b, c->in.sc, e->u.call.args[0], &ts);
    if (rc) return rc;
    if (ts->kind != EX_COLUMN)
        return eddy__bind_err(b, &e->u.call.args[0]->pos, EDDY_E_VALIDATION, "A group window expects a time attribute for grouping.");
    if (b->be->streaming) {
        if (!ts->type->timeattr)
            return eddy__bind_err(b, &e->u.call.args[0]->pos, EDDY_E_VALIDATION,
                                  "A group window expects a time attribute for grouping in a stream environment.");
    } else if (!eddy__type_is_timestamp(ts->type) && ts->type->root != TY_BIGINT) {
        return eddy__bind_err(b, &e->u.call.args[0]->pos, EDDY_E_VALIDATION,
                              "A group window expects a time attribute for grouping in a batch environment.");
    }
    c->win_col = ts->index;
    if (want == 3) {
        if ((rc = window_ms(b, e->u.call.args[1], &c->win_slide)) || (rc = window_ms(b, e->u.call.args[2], &c->win_size)))
            return rc;
    } else if ((rc = window_ms(b, e->u.call.args[1], &c->win_size))) {
        return rc;
    }
    c->win_fn = eddy__str_ieq(n, "TUMBLE") ? "TUMBLE" : eddy__str_ieq(n, "HOP") ? "HOP" : "SESSION";
    return EDDY_OK;
}

static bool is_window_group(const AstExpr *e) {
    return e->kind == AST_CALL && e->u.call.fname.nparts <= 1 && !e->u.call.over &&
           (eddy__str_ieq(e->u.call.name, "TUMBLE") || eddy__str_ieq(e->u.call.name, "HOP") ||
            eddy__str_ieq(e->u.call.name, "SESSION"));
}

/* ---- digests: how Flink's plans name the node ------------------------------------------------ */

static void agg_call_text(Buf *t, const AggCall *ac, const char *const *in_names) {
    eddy__buf_printf(t, "%s(", ac->fn);
    if (ac->distinct) eddy__buf_puts(t, "DISTINCT ");
    if (ac->star) eddy__buf_putc(t, '*');
    for (int i = 0; i < ac->nargs; i++) eddy__buf_printf(t, "%s%s", i ? ", " : "", in_names[ac->args[i]]);
    eddy__buf_putc(t, ')');
}

static const char *agg_digest(Arena *a, const Rel *r) {
    const Rel *in = r->in[0];
    Buf t;
    eddy__buf_init(&t);
    eddy__buf_puts(&t, r->window ? "GroupWindowAggregate(" : "GroupAggregate(");
    if (r->ngroup) {
        eddy__buf_puts(&t, "groupBy=[");
        for (int i = 0; i < r->ngroup; i++) eddy__buf_printf(&t, "%s%s", i ? ", " : "", in->names[r->group[i]]);
        eddy__buf_puts(&t, "], ");
    }
    if (r->window) {
        static const char *wn[] = {"TumblingGroupWindow", "SlidingGroupWindow", "SessionGroupWindow",
                                   "CumulativeGroupWindow"};
        const GroupWindow *w = r->window;
        eddy__buf_printf(&t, "window=[%s('%s, %s, %lld", wn[w->kind], w->alias ? w->alias : "w$",
                         in->names[w->time_col], (long long)w->size_ms);
        if (w->kind == WIN_HOP) eddy__buf_printf(&t, ", %lld", (long long)w->slide_ms);
        eddy__buf_puts(&t, ")], ");
        for (int i = 0; i < w->nprops; i++)
            eddy__buf_printf(&t, "%s%s", i ? ", " : "properties=[", r->names[r->ngroup + r->naggs + i]);
        if (w->nprops) eddy__buf_puts(&t, "], ");
    }
    eddy__buf_puts(&t, "select=[");
    for (int i = 0; i < r->ncols; i++) {
        if (i) eddy__buf_puts(&t, ", ");
        if (i < r->ngroup) {
            eddy__buf_puts(&t, in->names[r->group[i]]);
        } else if (i < r->ngroup + r->naggs) {
            agg_call_text(&t, &r->aggs[i - r->ngroup], in->names);
            eddy__buf_printf(&t, " AS %s", r->names[i]);
        } else {
            static const char *pn[] = {"start", "end", "rowtime", "proctime"};
            eddy__buf_printf(&t, "%s('%s) AS %s", pn[r->window->props[i - r->ngroup - r->naggs]],
                             r->window->alias ? r->window->alias : "w$", r->names[i]);
        }
    }
    eddy__buf_puts(&t, "])");
    const char *s = eddy__arena_strndup(a, eddy__buf_cstr(&t), t.len);
    eddy__buf_free(&t);
    return s;
}

/* The changelog an aggregate produces: updates (and deletes when its input
 * has them); a group window emits final rows only. */
static unsigned agg_changelog(const Binder *b, const Rel *in, bool window) {
    if (!b->be->streaming) return CL_INSERT;
    if (window && in->changelog == CL_INSERT) return CL_INSERT;
    unsigned cl = CL_INSERT | CL_UPDATE_BEFORE | CL_UPDATE_AFTER;
    if (in->changelog & ~CL_INSERT) cl |= CL_DELETE;
    return cl;
}

/* ---- building the Rels --------------------------------------------------------------------- */

/* The projection below an aggregate: keys first, then each distinct
 * argument column. Returns the column of x in it (adding x). */
typedef struct ProjBuild {
    ED_VEC(Expr *) ex;
    ED_VEC(const char *) names;
} ProjBuild;

static int proj_col(Binder *b, ProjBuild *p, const Rel *in, Expr *x, bool dedupe) {
    if (dedupe && x->kind == EX_COLUMN)
        for (size_t i = 0; i < p->ex.len; i++)
            if (p->ex.items[i]->kind == EX_COLUMN && p->ex.items[i]->index == x->index) return (int)i;
    const char *name = x->kind == EX_COLUMN ? in->names[x->index] : eddy__arena_printf(b->a, "$f%zu", p->ex.len);
    if (!name || !ed_vec_push(&p->ex, x) || !ed_vec_push(&p->names, name)) return -1;
    return (int)p->ex.len - 1;
}

static void proj_free(ProjBuild *p) {
    ed_vec_free(&p->ex);
    ed_vec_free(&p->names);
}

/* The names the aggregate gives its calls: the select alias when an item is
 * exactly the call, EXPR$<item> otherwise (Calcite's naming). */
static const char *agg_name(Binder *b, const AggCtx *c, size_t k, const SelItem *items, int nitems) {
    for (int i = 0; i < nitems; i++) {
        const AstExpr *e = items[i].ast;
        bool grouping = e && e->kind == AST_CALL &&
                        (eddy__str_ieq(e->u.call.name, "GROUPING") || eddy__str_ieq(e->u.call.name, "GROUPING_ID") ||
                         eddy__str_ieq(e->u.call.name, "GROUP_ID"));
        if (!e || (!is_agg_call(b, e) && !grouping)) continue;
        const char *t = ast_text(b, items[i].ast);
        if (t && !strcmp(t, c->aggs.items[k].text))
            return items[i].alias ? items[i].alias : eddy__arena_printf(b->a, "EXPR$%d", i);
    }
    return eddy__arena_printf(b->a, "$f%zu", (size_t)c->ngroup + k);
}

/* Whether an aggregate groups by the window_start and window_end of one
 * window (window properties of its input): a window aggregation. Over the
 * windows of a window aggregation or rank below (Flink's "relax form" of a
 * cascaded window), processing-time windows stay a GroupAggregate. */
static bool window_keys(const Rel *agg) {
    WindowInfo wi;
    if (!eddy__rel_window_keys(agg->in[0], agg->ngroup, agg->group, &wi)) return false;
    return !(wi.derived && wi.time_type->timeattr == TA_PROCTIME);
}

static eddy_status build_aggregate(Binder *b, AggCtx *c, const SelItem *items, int nitems, Rel **out) {
    Rel *in = c->in.rel;
    ProjBuild p = {0};
    int ng = c->ngroup, na = (int)c->aggs.len, np = (int)c->props.len;
    int *group = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(ng + 1));
    AggCall *calls = eddy__arena_alloc(b->a, sizeof(AggCall) * (size_t)(na + 1));
    eddy_status rc = (group && calls) ? EDDY_OK : NOMEM(b);
    for (int k = 0; !rc && k < ng; k++)
        if ((group[k] = proj_col(b, &p, in, c->gexpr[k], false)) < 0) rc = NOMEM(b);
    int time_col = -1;
    if (!rc && c->win_fn) {
        Expr *tc = eddy__expr_column(b->a, c->win_col, in->types[c->win_col]);
        if (!tc || (time_col = proj_col(b, &p, in, tc, true)) < 0) rc = NOMEM(b);
    }
    for (int k = 0; !rc && k < na; k++) {
        const AggEntry *ae = &c->aggs.items[k];
        int *args = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(ae->nargs + 1));
        if (!args) {
            rc = NOMEM(b);
            break;
        }
        for (int i = 0; !rc && i < ae->nargs; i++)
            if (ae->gkeys) args[i] = group[ae->gkeys[i]]; /* GROUPING(k..): the keys' columns */
            else if ((args[i] = proj_col(b, &p, in, ae->args[i], true)) < 0) rc = NOMEM(b);
        int filter = -1;
        if (!rc && ae->filter && (filter = proj_col(b, &p, in, ae->filter, true)) < 0) rc = NOMEM(b);
        calls[k] = (AggCall){.fn = ae->fn, .nargs = ae->nargs, .args = args, .star = ae->star,
                             .distinct = ae->distinct, .filter = filter, .type = ae->type,
                             .name = agg_name(b, c, (size_t)k, items, nitems), .user = ae->user,
                             .nulls = ae->nulls};
        if (!calls[k].name) rc = NOMEM(b);
    }
    Rel *below = NULL, *r = NULL;
    if (!rc) {
        below = eddy__rel_project(b->a, in, (int)p.ex.len, (const Expr *const *)p.ex.items, p.names.items);
        r = below ? eddy__rel_new(b->a, REL_AGGREGATE, ng + na + np, 1) : NULL;
        if (!r) rc = NOMEM(b);
    }
    proj_free(&p);
    if (rc) return rc;
    r->in[0] = below;
    r->ngroup = ng;
    r->group = group;
    r->naggs = na;
    r->aggs = calls;
    r->nsets = c->nsets;
    r->sets = c->sets;
    for (int k = 0; k < ng; k++) {
        r->names[k] = below->names[group[k]];
        r->types[k] = key_out_type(b, c, k);
    }
    for (int k = 0; k < na; k++) {
        r->names[ng + k] = calls[k].name;
        r->types[ng + k] = calls[k].type;
    }
    if (c->win_fn) {
        GroupWindow *w = eddy__arena_alloc(b->a, sizeof *w);
        WindowProp *props = eddy__arena_alloc(b->a, sizeof(WindowProp) * (size_t)(np + 1));
        if (!w || !props) return NOMEM(b);
        w->kind = !strcmp(c->win_fn, "TUMBLE") ? WIN_TUMBLE : !strcmp(c->win_fn, "HOP") ? WIN_HOP : WIN_SESSION;
        w->time_col = time_col;
        w->size_ms = c->win_size;
        w->slide_ms = c->win_slide;
        w->nprops = np;
        w->props = props;
        static const char *pn[] = {"start", "end", "rowtime", "proctime"};
        for (int k = 0; k < np; k++) {
            props[k] = c->props.items[k].prop;
            r->names[ng + na + k] = eddy__arena_printf(b->a, "w$%s", pn[props[k]]);
            r->types[ng + na + k] = c->props.items[k].type;
        }
        r->window = w;
        r->feature = "group window aggregations (TUMBLE / HOP / SESSION)";
    } else {
        r->feature = c->grouping_sets ? "aggregations with GROUPING SETS / ROLLUP / CUBE"
                                      : "aggregations (GROUP BY and aggregate functions)";
    }
    r->changelog = agg_changelog(b, in, c->win_fn != NULL);
    r->digest = agg_digest(b->a, r);
    if (r->digest && !c->win_fn && window_keys(r)) {
        /* GROUP BY the window_start, window_end of a window: a window
         * aggregation, which emits final rows only */
        r->changelog = in->changelog;
        r->feature = "window aggregations (GROUP BY window_start, window_end)";

        r->digest = eddy__arena_printf(b->a, "WindowAggregate(%s", r->digest + strlen("GroupAggregate("));
    }
    *out = r;
    return r->digest ? EDDY_OK : NOMEM(b);
}

/* ---- GROUPING SETS / ROLLUP / CUBE ---------------------------------------------------------- */

/* Grouping sets as bit masks over a list of distinct key expressions. */
typedef ED_VEC(uint64_t) Masks;
typedef struct GSets {
    ED_VEC(const AstExpr *) keys;
    Masks sets;
} GSets;

/* The key bit of e ((a, b) as an element: both keys). */
static eddy_status key_bits(Binder *b, GSets *g, const AstExpr *e, uint64_t *bits) {
    if (e->kind == AST_CALL && !strcmp(e->u.call.name, "ROW") && e->u.call.syntax == AST_SYN_IMPLICIT_ROW) {
        for (int i = 0; i < e->u.call.nargs; i++) {
            eddy_status rc = key_bits(b, g, e->u.call.args[i], bits);
            if (rc) return rc;
        }
        return EDDY_OK;
    }
    const char *t = ast_text(b, e);
    if (!t) return NOMEM(b);
    size_t k = 0;
    while (k < g->keys.len && strcmp(ast_text(b, g->keys.items[k]), t)) k++;
    if (k == g->keys.len) {
        if (k >= 64) return eddy__bind_unsupported(b, &e->pos, "more than 64 grouping keys");
        if (!ed_vec_push(&g->keys, e)) return NOMEM(b);
    }
    *bits |= 1ULL << k;
    return EDDY_OK;
}

/* The grouping sets one GROUP BY element stands for, appended to out. */
static eddy_status element_sets(Binder *b, GSets *g, const AstGroupItem *it, Masks *out) {
    eddy_status rc = EDDY_OK;
    switch (it->kind) {
    case AST_GROUP_EMPTY: return ed_vec_push(out, 0) ? EDDY_OK : NOMEM(b);
    case AST_GROUP_EXPR: {
        uint64_t m = 0;
        if ((rc = key_bits(b, g, it->expr, &m))) return rc;
        return ed_vec_push(out, m) ? EDDY_OK : NOMEM(b);
    }
    case AST_GROUP_SETS:
        for (int i = 0; i < it->nitems && !rc; i++) rc = element_sets(b, g, it->items[i], out);
        return rc;
    case AST_GROUP_ROLLUP:
    case AST_GROUP_CUBE: {
        int n = it->nitems;
        if (it->kind == AST_GROUP_CUBE && n > 12) return eddy__bind_unsupported(b, &it->pos, "CUBE of more than 12 elements");
        uint64_t *bits = eddy__arena_alloc(b->a, sizeof(uint64_t) * (size_t)(n + 1));
        if (!bits) return NOMEM(b);
        for (int i = 0; i < n && !rc; i++) rc = key_bits(b, g, it->items[i]->expr, &bits[i]);
        if (rc) return rc;
        if (it->kind == AST_GROUP_ROLLUP) {
            /* (e1..en), (e1..en-1), .., () */
            for (int len = n; len >= 0; len--) {
                uint64_t m = 0;
                for (int i = 0; i < len; i++) m |= bits[i];
                if (!ed_vec_push(out, m)) return NOMEM(b);
            }
            return EDDY_OK;
        }
        /* every subset, the larger ones first as Calcite lists them */
        for (int size = n; size >= 0; size--)
            for (uint32_t s = (1u << n); s-- > 0;) {
                if (__builtin_popcount(s) != size) continue;
                uint64_t m = 0;
                for (int i = 0; i < n; i++)
                    if (s & (1u << (n - 1 - i))) m |= bits[i];
                if (!ed_vec_push(out, m)) return NOMEM(b);
            }
        return EDDY_OK;
    }
    }
    return EDDY_OK;
}

/* The grouping sets of GROUP BY: the cross product of its elements'. */
static eddy_status grouping_sets(Binder *b, const AstQuery *q, GSets *g) {
    if (!ed_vec_push(&g->sets, 0)) return NOMEM(b);
    for (int i = 0; i < q->u.select.ngroup_by; i++) {
        Masks alt = {0}, prod = {0};
        eddy_status rc = element_sets(b, g, q->u.select.group_by[i], &alt);
        for (size_t x = 0; !rc && x < g->sets.len; x++)
            for (size_t y = 0; !rc && y < alt.len; y++)
                if (!ed_vec_push(&prod, g->sets.items[x] | alt.items[y])) rc = NOMEM(b);
        ed_vec_free(&alt);
        ed_vec_free(&g->sets);
        g->sets = prod;
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* GROUP BY with GROUPING SETS / ROLLUP / CUBE: its distinct keys are the
 * Aggregate's; a key missing from one of the sets is nullable. */
static eddy_status bind_grouping_sets(Binder *b, const AstQuery *q, AggCtx *c) {
    GSets g = {0};
    eddy_status rc = grouping_sets(b, q, &g);
    uint64_t all = ~0ULL;
    for (size_t i = 0; !rc && i < g.sets.len; i++) all &= g.sets.items[i];
    for (size_t k = 0; !rc && k < g.keys.len; k++) {
        const AstExpr *e = g.keys.items[k];
        if (is_window_group(e)) {
            rc = eddy__bind_unsupported(b, &e->pos, "group windows in GROUPING SETS / ROLLUP / CUBE");
            break;
        }
        if (eddy__bind_has_agg(b, e)) {
            rc = eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "Aggregate expression is illegal in GROUP BY clause");
            break;
        }
        Expr *x;
        if ((rc = eddy__bind_scalar(b, c->in.sc, e, &x))) break;
        if (!(all & (1ULL << k)) && !x->type->nullable) {
            Expr *n = eddy__arena_dup(b->a, x, sizeof *x);
            if (!n || !(n->type = eddy__type_with_nullable(b->a, x->type, true))) rc = NOMEM(b);
            x = n;
        }
        if (!rc && !(c->gtext[c->ngroup] = ast_text(b, e))) rc = NOMEM(b);
        if (!rc) c->gexpr[c->ngroup++] = x;
    }
    if (!rc) {
        c->sets = eddy__arena_alloc(b->a, sizeof(uint64_t) * (g.sets.len + 1));
        if (!c->sets) rc = NOMEM(b);
        for (size_t i = 0; !rc && i < g.sets.len; i++) c->sets[i] = g.sets.items[i];
        c->nsets = (int)g.sets.len;
    }
    ed_vec_free(&g.keys);
    ed_vec_free(&g.sets);
    c->grouping_sets = true;
    return rc;
}

eddy_status eddy__bind_aggregate(Binder *b, const AstQuery *q, SelInput in, const SelItem *items, int nitems,
                                 Expr **exprs, Rel **rel_out) {
    AggCtx c = {.in = in, .win_col = -1};
    int ng = q->u.select.ngroup_by;
    bool sets = false;
    for (int i = 0; i < ng; i++) sets = sets || q->u.select.group_by[i]->kind > AST_GROUP_EMPTY;
    int nkeys = sets ? 64 : ng;
    c.gtext = eddy__arena_alloc(b->a, sizeof(char *) * (size_t)(nkeys + 1));
    c.gexpr = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(nkeys + 1));
    if (!c.gtext || !c.gexpr) return NOMEM(b);
    eddy_status rc = EDDY_OK;
    const char *clause = b->clause;
    b->clause = "GROUP BY";
    if (sets) rc = bind_grouping_sets(b, q, &c);
    for (int i = 0; i < ng && !rc && !sets; i++) {
        const AstGroupItem *g = q->u.select.group_by[i];
        if (g->kind == AST_GROUP_EMPTY) continue;
        if (is_window_group(g->expr)) {
            rc = group_window(b, &c, g->expr);
            continue;
        }
        if (eddy__bind_has_agg(b, g->expr)) {
            rc = eddy__bind_err(b, &g->expr->pos, EDDY_E_VALIDATION, "Aggregate expression is illegal in GROUP BY clause");
            break;
        }
        Expr *x;
        if ((rc = eddy__bind_scalar(b, in.sc, g->expr, &x))) break;
        if (!(c.gtext[c.ngroup] = ast_text(b, g->expr))) rc = NOMEM(b);
        c.gexpr[c.ngroup++] = x;
    }
    b->clause = clause;
    if (rc) return rc;
    c.global = c.ngroup == 0 && !c.win_fn;
    BindHook saved_hook = b->hook;
    void *saved_ctx = b->hook_ctx;
    b->hook = agg_hook;
    b->hook_ctx = &c;
    for (int i = 0; i < nitems && !rc; i++) {
        if (items[i].ast) {
            rc = eddy__bind_scalar(b, in.sc, items[i].ast, &exprs[i]);
            continue;
        }
        /* a column from * expansion: it must be a grouping key */
        int k = 0;
        while (k < c.ngroup && !(c.gexpr[k]->kind == EX_COLUMN && c.gexpr[k]->index == items[i].col)) k++;
        if (k == c.ngroup) {
            rc = eddy__bind_err(b, items[i].pos, EDDY_E_VALIDATION, "Expression '%s' is not being grouped",
                                in.rel->names[items[i].col]);
            break;
        }
        exprs[i] = placeholder(b, k, key_out_type(b, &c, k), NULL);
        if (!exprs[i]) rc = NOMEM(b);
    }
    Expr *having = NULL;
    if (!rc && q->u.select.having) {
        rc = eddy__bind_scalar(b, in.sc, q->u.select.having, &having);
        if (!rc && having->type->root != TY_BOOLEAN && having->type->root != TY_NULL)
            rc = eddy__bind_err(b, &q->u.select.having->pos, EDDY_E_VALIDATION, "HAVING clause must be a condition");
    }
    b->hook = saved_hook;
    b->hook_ctx = saved_ctx;
    Rel *agg = NULL;
    if (!rc) rc = build_aggregate(b, &c, items, nitems, &agg);
    int na = (int)c.aggs.len;
    ed_vec_free(&c.aggs);
    ed_vec_free(&c.props);
    if (rc) return rc;
    for (int i = 0; i < nitems; i++) remap(exprs[i], c.ngroup, na, -1);
    if (having) {
        remap(having, c.ngroup, na, -1);
        if (!(agg = eddy__rel_filter(b->a, agg, having))) return NOMEM(b);
    }
    *rel_out = agg;
    return EDDY_OK;
}

eddy_status eddy__bind_distinct(Binder *b, Rel *r, Rel **out) {
    Rel *a = eddy__rel_new(b->a, REL_AGGREGATE, r->ncols, 1);
    int *group = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(r->ncols + 1));
    if (!a || !group) return NOMEM(b);
    a->in[0] = r;
    a->ngroup = r->ncols;
    a->group = group;
    for (int i = 0; i < r->ncols; i++) {
        group[i] = i;
        a->names[i] = r->names[i];
        a->types[i] = eddy__type_with_timeattr(b->a, r->types[i], TA_NONE);
    }
    a->changelog = agg_changelog(b, r, false);
    a->feature = "DISTINCT";
    a->digest = agg_digest(b->a, a);
    *out = a;
    return a->digest ? EDDY_OK : NOMEM(b);
}

/* ---- OVER ------------------------------------------------------------------------------------ */

typedef struct OverEntry {
    const char *text;
    AggEntry agg;
    const AstWindow *win;
    Expr **part;
    int npart;
    Expr **order;
    bool *desc;
    int norder;
} OverEntry;

typedef struct OverCtx {
    SelInput in;
    const AstQuery *q;
    ED_VEC(OverEntry) calls;
} OverCtx;

/* The window an OVER call refers to (WINDOW w AS (...) definitions). */
static const AstWindow *find_window(const AstQuery *q, const char *name) {
    for (int i = 0; i < q->u.select.nwindows; i++)
        if (!strcmp(q->u.select.windows[i]->name.name, name)) return q->u.select.windows[i]->spec;
    return NULL;
}

/* A bound of a frame: rows (ROWS) or milliseconds (RANGE); -1 unbounded. */
static eddy_status frame_bound(Binder *b, const AstBound *bd, int64_t *out, const Type **type) {
    switch (bd->kind) {
    case AST_BOUND_NONE:
    case AST_BOUND_CURRENT_ROW: *out = 0; return EDDY_OK;
    case AST_BOUND_UNBOUNDED_PRECEDING:
    case AST_BOUND_UNBOUNDED_FOLLOWING: *out = -1; return EDDY_OK;
    default: break;
    }
    Expr *x;
    Scope empty = {0, NULL, 0};
    BindHook saved = b->hook;
    b->hook = NULL;
    eddy_status rc = eddy__bind_scalar(b, &empty, bd->offset, &x);
    b->hook = saved;
    if (rc) return rc;
    if (x->kind != EX_LITERAL || x->value.is_null || !(eddy__type_is_integer(x->type) || x->type->root == TY_INTERVAL_DT))
        return eddy__bind_err(b, &bd->offset->pos, EDDY_E_VALIDATION, "Window frame bounds must be constant");
    *out = x->value.u.i;
    if (x->type->root == TY_INTERVAL_DT) *type = x->type;
    return EDDY_OK;
}

/* CASE(COUNT > 0, SUM, NULL) over OVER calls sum and sum - 1 (its COUNT). */
static eddy_status sum_case(Binder *b, int sum, const Type *t, const AstPos *pos, Expr **out) {
    Value zero = {.type = eddy__type_basic(TY_INT, false)};
    zero.u.i = 0;
    Expr *args[2] = {placeholder(b, AGG_BASE + sum - 1, eddy__type_basic(TY_BIGINT, false), pos),
                     eddy__expr_literal(b->a, &zero)};
    const Type *nt = eddy__type_with_nullable(b->a, t, true);
    Expr *gt = NULL, *c = eddy__arena_alloc(b->a, sizeof *c);
    Expr **cargs = eddy__arena_alloc(b->a, sizeof(Expr *) * 3);
    if (!args[0] || !args[1] || !nt || !c || !cargs) return NOMEM(b);
    EdErr e2 = {0};
    if (eddy__expr_call_name(b->a, ">", args, 2, &gt, &e2)) {
        eddy__err_move(b->err, &e2);
        return b->err->code;
    }
    memset(c, 0, sizeof *c);
    cargs[0] = gt;
    cargs[1] = placeholder(b, AGG_BASE + sum, t, pos);
    cargs[2] = eddy__expr_null(b->a, nt);
    if (!cargs[1] || !cargs[2]) return NOMEM(b);
    c->kind = EX_CASE;
    c->type = nt;
    c->args = cargs;
    c->nargs = 3;
    c->line = pos->line;
    c->col = pos->col;
    *out = c;
    return EDDY_OK;
}

static eddy_status over_hook(Binder *b, const Scope *sc, const AstExpr *e, Expr **out, bool *done) {
    OverCtx *c = b->hook_ctx;
    *done = false;
    if (!is_over_call(b, e)) return EDDY_OK;
    *done = true;
    const char *text = ast_text(b, e);
    if (!text) return NOMEM(b);
    for (size_t i = 0; i < c->calls.len; i++)
        if (!strcmp(c->calls.items[i].text, text)) {
            if (!strcmp(c->calls.items[i].agg.fn, "SUM")) return sum_case(b, (int)i, c->calls.items[i].agg.type, &e->pos, out);
            *out = placeholder(b, AGG_BASE + (int)i, c->calls.items[i].agg.type, &e->pos);
            return *out ? EDDY_OK : NOMEM(b);
        }
    if (!eddy__bind_is_aggregate(e->u.call.name))
        return eddy__bind_err(b, &e->pos, EDDY_E_VALIDATION, "OVER must be applied to aggregate function");
    OverEntry oe = {.text = text};
    const AstWindow *w = e->u.call.over;
    if (!w) {
        w = find_window(c->q, e->u.call.over_name->name);
        if (!w)
            return eddy__bind_err(b, &e->u.call.over_name->pos, EDDY_E_VALIDATION, "Window '%s' not found",
                                  e->u.call.over_name->name);
    }
    if (w->base) {
        const AstWindow *base = find_window(c->q, w->base->name);
        if (!base) return eddy__bind_err(b, &w->base->pos, EDDY_E_VALIDATION, "Window '%s' not found", w->base->name);
        if (!w->npartition && !w->norder && !w->frame) w = base;
        else return eddy__bind_unsupported(b, &w->pos, "OVER windows refining another window");
    }
    oe.win = w;
    eddy_status rc = bind_agg_args(b, sc, e, &oe.agg.args, &oe.agg.nargs, &oe.agg.star, &oe.agg.filter, &oe.agg.nulls);
    if (rc) return rc;
    char *fn = eddy__arena_strdup(b->a, e->u.call.name);
    if (!fn) return NOMEM(b);
    for (char *p = fn; *p; p++)
        if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
    oe.agg.fn = fn;
    oe.agg.distinct = e->u.call.distinct;
    if ((rc = eddy__bind_agg_type(b, &e->pos, fn, oe.agg.args, oe.agg.nargs, oe.agg.star, false, true, &oe.agg.type))) return rc;
    oe.npart = w->npartition;
    oe.norder = w->norder;
    oe.part = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(oe.npart + 1));
    oe.order = eddy__arena_alloc(b->a, sizeof(Expr *) * (size_t)(oe.norder + 1));
    oe.desc = eddy__arena_alloc(b->a, sizeof(bool) * (size_t)(oe.norder + 1));
    if (!oe.part || !oe.order || !oe.desc) return NOMEM(b);
    BindHook saved = b->hook;
    b->hook = NULL;
    for (int i = 0; !rc && i < oe.npart; i++) rc = eddy__bind_scalar(b, sc, w->partition[i], &oe.part[i]);
    for (int i = 0; !rc && i < oe.norder; i++) {
        rc = eddy__bind_scalar(b, sc, w->order[i]->expr, &oe.order[i]);
        oe.desc[i] = w->order[i]->desc;
    }
    b->hook = saved;
    if (rc) return rc;
    if (!strcmp(fn, "SUM")) {
        /* Calcite's SUM over a window: CASE(COUNT(x) OVER w > 0, SUM(x) OVER w, NULL) */
        OverEntry cnt = oe;
        cnt.text = eddy__arena_printf(b->a, "%s\x01count", text);
        cnt.agg.fn = "COUNT";
        cnt.agg.type = eddy__type_basic(TY_BIGINT, false);
        if (!cnt.text || !ed_vec_push(&c->calls, cnt) || !ed_vec_push(&c->calls, oe)) return NOMEM(b);
        return sum_case(b, (int)c->calls.len - 1, oe.agg.type, &e->pos, out);
    }
    if (!ed_vec_push(&c->calls, oe)) return NOMEM(b);
    *out = placeholder(b, AGG_BASE + (int)c->calls.len - 1, oe.agg.type, &e->pos);
    return *out ? EDDY_OK : NOMEM(b);
}

/* Whether two OVER calls share their window (one Calcite window group). */
static bool same_over(const OverSpec *a, const OverSpec *b) {
    if (a->npartition != b->npartition || a->norder != b->norder || a->frame != b->frame || a->lower != b->lower ||
        a->upper != b->upper)
        return false;
    for (int i = 0; i < a->npartition; i++)
        if (a->partition[i] != b->partition[i]) return false;
    for (int i = 0; i < a->norder; i++)
        if (a->order[i] != b->order[i] || a->desc[i] != b->desc[i]) return false;
    return true;
}

/* Whether two OVER calls compute the same (function and arguments). */
static bool same_call(const AggCall *a, const AggCall *b) {
    if (strcmp(a->fn, b->fn) || a->nargs != b->nargs || a->star != b->star || a->distinct != b->distinct ||
        a->user != b->user || a->nulls != b->nulls)
        return false;
    for (int i = 0; i < a->nargs; i++)
        if (a->args[i] != b->args[i]) return false;
    return true;
}

/* Renumbers the OVER placeholders of e: call k becomes call perm[k]. */
static void permute_over(Expr *e, const int *perm, int n) {
    if (!e) return;
    if (e->kind == EX_COLUMN && e->index >= AGG_BASE && e->index < AGG_BASE + n && e->index < PROP_BASE)
        e->index = AGG_BASE + perm[e->index - AGG_BASE];
    for (int i = 0; i < e->nargs; i++) permute_over(e->args[i], perm, n);
}

eddy_status eddy__bind_over(Binder *b, const AstQuery *q, SelInput in, const SelItem *items, int nitems, Expr **exprs,
                            Rel **rel_out) {
    OverCtx c = {.in = in, .q = q};
    BindHook saved_hook = b->hook;
    void *saved_ctx = b->hook_ctx;
    b->hook = over_hook;
    b->hook_ctx = &c;
    eddy_status rc = EDDY_OK;
    for (int i = 0; i < nitems && !rc; i++) {
        if (items[i].ast) rc = eddy__bind_scalar(b, in.sc, items[i].ast, &exprs[i]);
        else if (!(exprs[i] = eddy__expr_column(b->a, items[i].col, in.rel->types[items[i].col]))) rc = NOMEM(b);
    }
    b->hook = saved_hook;
    b->hook_ctx = saved_ctx;
    /* the input's columns, then the computed keys and arguments */
    Rel *src = in.rel;
    ProjBuild p = {0};
    for (int i = 0; !rc && i < src->ncols; i++) {
        Expr *x = eddy__expr_column(b->a, i, src->types[i]);
        if (!x || proj_col(b, &p, src, x, false) < 0) rc = NOMEM(b);
    }
    int n = (int)c.calls.len;
    AggCall *calls = eddy__arena_alloc(b->a, sizeof(AggCall) * (size_t)(n + 1));
    OverSpec *specs = eddy__arena_alloc(b->a, sizeof(OverSpec) * (size_t)(n + 1));
    if (!rc && (!calls || !specs)) rc = NOMEM(b);
    for (int k = 0; !rc && k < n; k++) {
        OverEntry *oe = &c.calls.items[k];
        int *args = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(oe->agg.nargs + 1));
        int *part = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(oe->npart + 1));
        int *order = eddy__arena_alloc(b->a, sizeof(int) * (size_t)(oe->norder + 1));
        if (!args || !part || !order) {
            rc = NOMEM(b);
            break;
        }
        for (int i = 0; !rc && i < oe->agg.nargs; i++)
            if ((args[i] = proj_col(b, &p, src, oe->agg.args[i], true)) < 0) rc = NOMEM(b);
        for (int i = 0; !rc && i < oe->npart; i++)
            if ((part[i] = proj_col(b, &p, src, oe->part[i], true)) < 0) rc = NOMEM(b);
        for (int i = 0; !rc && i < oe->norder; i++)
            if ((order[i] = proj_col(b, &p, src, oe->order[i], true)) < 0) rc = NOMEM(b);
        calls[k] = (AggCall){.fn = oe->agg.fn, .nargs = oe->agg.nargs, .args = args, .star = oe->agg.star,
                             .distinct = oe->agg.distinct, .filter = -1, .type = oe->agg.type,
                             .name = eddy__arena_printf(b->a, "w%d$o%d", 0, k), .nulls = oe->agg.nulls};
        specs[k] = (OverSpec){.npartition = oe->npart, .partition = part, .norder = oe->norder, .order = order,
                              .desc = oe->desc, .frame = oe->win->frame};
        if (!rc && oe->win->frame) {
            if (!(rc = frame_bound(b, &oe->win->lower, &specs[k].lower, &specs[k].lower_type)))
                rc = frame_bound(b, &oe->win->upper, &specs[k].upper, &specs[k].upper_type);
        }
        if (!rc && !calls[k].name) rc = NOMEM(b);
    }
    /* Calcite's window groups: the calls of one window (partition, order,
     * frame) side by side, the groups in the order they first appear, named
     * w<group>$o<call in the group> */
    int *perm = rc ? NULL : eddy__arena_alloc(b->a, sizeof(int) * (size_t)(n + 1)), nout = n;
    if (!rc && !perm) rc = NOMEM(b);
    if (!rc && n > 0) {
        AggCall *gc = eddy__arena_alloc(b->a, sizeof(AggCall) * (size_t)n);
        OverSpec *gs = eddy__arena_alloc(b->a, sizeof(OverSpec) * (size_t)n);
        int *grp = eddy__arena_alloc(b->a, sizeof(int) * (size_t)n);
        if (!gc || !gs || !grp) rc = NOMEM(b);
        int ngroups = 0;
        for (int k = 0; !rc && k < n; k++) {
            grp[k] = -1;
            for (int j = 0; j < k && grp[k] < 0; j++)
                if (same_over(&specs[j], &specs[k])) grp[k] = grp[j];
            if (grp[k] < 0) grp[k] = ngroups++;
        }
        int pos = 0;
        for (int g = 0; !rc && g < ngroups; g++)
            for (int k = 0, i = 0; !rc && k < n; k++) {
                if (grp[k] != g) continue;
                /* one call computed once per window (COUNT(x) of SUM(x) and COUNT(x)) */
                int j = 0;
                while (j < k && !(grp[j] == g && same_call(&calls[j], &calls[k]))) j++;
                if (j < k) {
                    perm[k] = perm[j];
                    continue;
                }
                perm[k] = pos;
                gc[pos] = calls[k];
                gs[pos] = specs[k];
                if (!(gc[pos].name = eddy__arena_printf(b->a, "w%d$o%d", g, i++))) rc = NOMEM(b);
                pos++;
            }
        if (!rc) {
            memcpy(calls, gc, sizeof(AggCall) * (size_t)pos);
            memcpy(specs, gs, sizeof(OverSpec) * (size_t)pos);
        }
        nout = pos;
    }
    Rel *below = NULL, *r = NULL;
    if (!rc) {
        below = (int)p.ex.len == src->ncols
                    ? src
                    : eddy__rel_project(b->a, src, (int)p.ex.len, (const Expr *const *)p.ex.items, p.names.items);
        r = below ? eddy__rel_new(b->a, REL_OVER, below->ncols + nout, 1) : NULL;
        if (!r) rc = NOMEM(b);
    }
    proj_free(&p);
    ed_vec_free(&c.calls);
    if (rc) return rc;
    r->in[0] = below;
    for (int i = 0; i < below->ncols; i++) {
        r->names[i] = below->names[i];
        r->types[i] = below->types[i];
    }
    for (int k = 0; k < nout; k++) {
        r->names[below->ncols + k] = calls[k].name;
        r->types[below->ncols + k] = calls[k].type;
    }
    r->naggs = nout;
    r->aggs = calls;
    r->over = specs;
    r->changelog = below->changelog;
    r->feature = "OVER aggregations";
    r->digest = "OverAggregate";
    for (int i = 0; i < nitems; i++) {
        permute_over(exprs[i], perm, n);
        remap(exprs[i], 0, 0, below->ncols);
    }
    *rel_out = r;
    return EDDY_OK;
}
