/*
 * table_api.c -- Flink's Table API operations on eddy_table: select,
 * where, column operations, distinct, groupBy, joins, set operations,
 * orderBy / offset / fetch, group and over windows, lateral joins, and
 * insertInto; plus the expression builder.
 *
 * Each operation parses its expression strings into SQL AST (sql/parser.h),
 * builds the SQL query the operation stands for over its inputs -- which the
 * binder sees as already-bound relations named $t0, $t1 (BindEnv.bound_*) --
 * and binds it, so both APIs share one meaning. What is the Table API's own
 * lives here: its column names (_c<i>, EXPR$<n>, a-BIGINT), its checks and
 * messages (ambiguous names, join conditions, set operations in streaming
 * mode), window aliases (w.start -> TUMBLE_START(...)), and the merging of
 * offset / fetch into a preceding orderBy.
 */
#include <stdarg.h>

#include "api/sql_int.h"
#include "sql/parser.h"

struct eddy_expr {
    eddy_env *env;
    AstTableItem item;
};

struct eddy_grouped_table {
    eddy_table *t;
    AstTableItem **keys;
    int nkeys;
    const eddy_window *win; /* window(...).groupBy(...): the group window */
};

typedef enum WinKind { W_TUMBLE, W_SLIDE, W_SESSION, W_OVER } WinKind;

struct eddy_window {
    eddy_env *env;
    WinKind kind;
    AstExpr *size, *slide;   /* group windows (slide: Slide.every) */
    AstExpr *time;           /* .on(field); OVER: .orderBy(field) */
    bool order_desc;
    AstTableItem **partition;
    int npartition;
    AstExpr *preceding, *following;
    const char *alias;
};

struct eddy_windowed_table {
    eddy_table *t;
    const eddy_window *group;
    const eddy_window **over;
    size_t nover;
};

/* ---- helpers: errors, parsing, AST nodes -------------------------------------------------- */

#define NOMEM(env) eddy__api_nomem(env)

static eddy_env *env_of(const eddy_table *t) { return t ? t->tenv->env : NULL; }

/* Table API errors are ValidationExceptions. */
static void *fail(eddy_env *env, const char *fmt, ...) ED_PRINTF(2, 3);
static void *fail(eddy_env *env, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *msg = eddy__arena_vprintf(&env->arena, fmt, ap);
    va_end(ap);
    eddy__api_err(env, EDDY_E_VALIDATION, "%s", msg ? msg : "invalid Table API call");
    return NULL;
}

/* Parses an expression list; -1 with the error on the env. */
static int parse_items(eddy_env *env, const char *s, AstTableItem ***out) {
    if (!s) return eddy__api_err(env, EDDY_E_MISUSE, "Table API: an expression string is NULL."), -1;
    EdErr err = {0};
    int n;
    if (eddy__sql_parse_table_exprs(&env->arena, s, strlen(s), out, &n, &err)) {
        eddy__api_take(env, &err);
        return -1;
    }
    return n;
}

/* Parses exactly one expression (no alias, no ordering); NULL on error. */
static AstExpr *parse_one(eddy_env *env, const char *s, const char *what) {
    AstTableItem **items;
    int n = parse_items(env, s, &items);
    if (n < 0) return NULL;
    if (n != 1 || items[0]->naliases || items[0]->order)
        return fail(env, "%s expects a single expression, but was: %s", what, s);
    return items[0]->expr;
}

/* A one-part name; false when memory ran out. */
static bool simple_name(Arena *a, const char *name, AstName *out) {
    const char **parts = eddy__arena_alloc(a, sizeof(char *));
    bool *quoted = eddy__arena_alloc(a, sizeof(bool));
    if (!parts || !quoted) return false;
    parts[0] = name;
    out->parts = parts;
    out->quoted = quoted;
    out->nparts = 1;
    return true;
}

static AstExpr *ident_ast(Arena *a, const char *name) {
    AstExpr *e = eddy__arena_alloc(a, sizeof *e);
    if (!e || !simple_name(a, name, &e->u.ident.name)) return NULL;
    e->kind = AST_IDENT;
    e->depth = 1;
    return e;
}

static AstExpr *call_ast(Arena *a, const char *name, AstExpr *const *args, int n) {
    AstExpr *e = eddy__arena_alloc(a, sizeof *e);
    AstExpr **xs = eddy__arena_alloc(a, sizeof(AstExpr *) * (size_t)(n + 1));
    if (!e || !xs) return NULL;
    e->kind = AST_CALL;
    e->depth = 1;
    for (int i = 0; i < n; i++) {
        xs[i] = args[i];
        if (args[i]->depth + 1 > e->depth) e->depth = args[i]->depth + 1;
    }
    e->u.call.name = name;
    e->u.call.args = xs;
    e->u.call.nargs = n;
    return e;
}

static AstTableRef *tref(Arena *a, const char *name) {
    AstTableRef *t = eddy__arena_alloc(a, sizeof *t);
    if (!t || !simple_name(a, name, &t->u.table.name)) return NULL;
    t->kind = AST_TREF_TABLE;
    t->depth = 1;
    return t;
}

/* SELECT <items> FROM <from>: items are expressions with their names. */
static AstQuery *select_ast(Arena *a, AstTableRef *from, AstExpr *const *exprs, const char *const *names, int n) {
    AstQuery *q = eddy__arena_alloc(a, sizeof *q);
    AstSelectItem **items = eddy__arena_alloc(a, sizeof(AstSelectItem *) * (size_t)(n + 1));
    if (!q || !items || !from) return NULL;
    q->kind = AST_Q_SELECT;
    q->depth = 1;
    for (int i = 0; i < n; i++) {
        AstSelectItem *it = eddy__arena_alloc(a, sizeof *it);
        AstIdent *alias = names && names[i] ? eddy__arena_alloc(a, sizeof *alias) : NULL;
        if (!it || (names && names[i] && !alias)) return NULL;
        if (alias) alias->name = names[i];
        it->expr = exprs[i];
        it->alias = alias;
        items[i] = it;
    }
    q->u.select.items = items;
    q->u.select.nitems = n;
    q->u.select.from = from;
    return q;
}

/* SELECT * FROM <from>. */
static AstQuery *select_star(Arena *a, AstTableRef *from) {
    AstExpr *star = eddy__arena_alloc(a, sizeof *star);
    if (!star) return NULL;
    star->kind = AST_STAR;
    star->depth = 1;
    return select_ast(a, from, &star, NULL, 1);
}

/* Whether r is a projection passing its input through under the same names
 * (what SELECT * adds and the Table API's plans do not have). */
static bool star_project(const Rel *r) {
    if (!eddy__rel_is_identity(r)) return false;
    for (int i = 0; i < r->ncols; i++)
        if (strcmp(r->names[i], r->in[0]->names[i])) return false;
    return true;
}

/* Drops the SELECT * projections a Table API operation's query made at and
 * right below its top, so its plan has Flink's shape (LogicalFilter over
 * the input, not LogicalProject over LogicalFilter). Only Rels built for
 * this operation are changed. */
static Rel *tidy(Rel *r, eddy_table *const *ins, int nin) {
    for (int i = 0; i < nin; i++)
        if (r == ins[i]->rel) return r;
    if (star_project(r)) return tidy(r->in[0], ins, nin);
    for (int i = 0; i < r->nin; i++)
        if (star_project(r->in[i])) {
            bool input = false;
            for (int k = 0; k < nin; k++) input = input || r->in[i] == ins[k]->rel;
            if (!input) r->in[i] = r->in[i]->in[0];
        }
    return r;
}

/* Binds q over the input tables (visible as $t0, $t1, ...) with the Table
 * API's messages; a new table, or NULL with the error on the env. */
static eddy_table *bind_over(eddy_tenv *tenv, eddy_table *const *ins, int nin, const AstQuery *q) {
    eddy_env *env = tenv->env;
    if (!q) return NOMEM(env);
    static const char *const names[] = {"$t0", "$t1"};
    Rel *rels[2];
    for (int i = 0; i < nin; i++) rels[i] = ins[i]->rel;
    BindEnv be;
    eddy__api_bind_env(tenv, &be);
    be.table_api = true;
    be.nbound = nin;
    be.bound_names = names;
    be.bound_rels = rels;
    EdErr err = {0};
    Rel *rel;
    if (eddy__bind_query(&be, q, &rel, &err)) {
        eddy__api_take(env, &err);
        return NULL;
    }
    return eddy__api_table(tenv, q->kind == AST_Q_SELECT && q->u.select.nitems == 1 &&
                                         q->u.select.items[0]->expr->kind == AST_STAR
                                     ? tidy(rel, ins, nin)
                                     : q->kind == AST_Q_SETOP ? tidy(rel, ins, nin) : rel,
                           NULL);
}

/* Checks a table handle before an operation: not NULL, no error pending. */
static bool usable(const eddy_table *t) { return t && env_ok(t->tenv->env); }

/* Two tables of one operation must share their table environment. */
static bool same_tenv(eddy_table *l, eddy_table *r, const char *verb) {
    if (!r) {
        eddy__api_err(l->tenv->env, EDDY_E_MISUSE, "Table API: the right table is NULL.");
        return false;
    }
    if (l->tenv != r->tenv) {
        fail(l->tenv->env, "Only tables from the same TableEnvironment can be %s.", verb);
        return false;
    }
    return true;
}

/* ---- Table API column names ------------------------------------------------------------- */

static const char *last_part(const AstExpr *e) { return e->u.ident.name.parts[e->u.ident.name.nparts - 1]; }

static bool is_window_prop(const AstExpr *e, const char *alias) {
    return alias && e->kind == AST_CALL && e->u.call.nargs == 1 && e->u.call.args[0]->kind == AST_IDENT &&
           !strcmp(last_part(e->u.call.args[0]), alias) &&
           (eddy__str_ieq(e->u.call.name, "START") || eddy__str_ieq(e->u.call.name, "END") ||
            eddy__str_ieq(e->u.call.name, "ROWTIME") || eddy__str_ieq(e->u.call.name, "PROCTIME"));
}

static bool is_agg(const AstExpr *e) {
    return e->kind == AST_CALL && !e->u.call.over_name && eddy__bind_is_aggregate(e->u.call.name);
}

static char *ast_text(Arena *a, const AstExpr *e) {
    Buf t;
    eddy__buf_init(&t);
    eddy__sql_unparse_expr(&t, e);
    char *s = eddy__arena_strndup(a, eddy__buf_cstr(&t), t.len);
    eddy__buf_free(&t);
    return s;
}

/* Aggregates and window properties in order of appearance, as Flink's
 * extractAggregationsAndProperties numbers them (EXPR$0, EXPR$1, ...). */
typedef struct Extracted {
    ED_VEC(const char *) texts;
} Extracted;

typedef ED_VEC(const char *) NameVec;

static bool extract(Arena *a, Extracted *x, const AstExpr *e, const char *win_alias) {
    if (!e) return true;
    if (is_agg(e) || is_window_prop(e, win_alias)) {
        const char *t = ast_text(a, e);
        if (!t) return false;
        for (size_t i = 0; i < x->texts.len; i++)
            if (!strcmp(x->texts.items[i], t)) return true;
        return ed_vec_push(&x->texts, t);
    }
    switch (e->kind) {
    case AST_CALL:
        for (int i = 0; i < e->u.call.nargs; i++)
            if (!extract(a, x, e->u.call.args[i], win_alias)) return false;
        return true;
    case AST_CAST: return extract(a, x, e->u.cast.operand, win_alias);
    case AST_BETWEEN:
        return extract(a, x, e->u.between.operand, win_alias) && extract(a, x, e->u.between.low, win_alias) &&
               extract(a, x, e->u.between.high, win_alias);
    case AST_LIKE: return extract(a, x, e->u.like.operand, win_alias) && extract(a, x, e->u.like.pattern, win_alias);
    case AST_IN:
        if (!extract(a, x, e->u.in.operand, win_alias)) return false;
        for (int i = 0; i < e->u.in.nlist; i++)
            if (!extract(a, x, e->u.in.list[i], win_alias)) return false;
        return true;
    case AST_INTERVAL: return extract(a, x, e->u.interval.operand, win_alias);
    default: return true;
    }
}

/* The name of select item i: its alias, a field's name, "a-TYPE" for a
 * cast of a field, "a$f" for a field access, EXPR$<n> for an extracted
 * aggregate or property, else _c<i>. */
static const char *item_name(Arena *a, const AstTableItem *it, int i, const Extracted *x, const char *win_alias,
                             int *uid, NameVec *used) {
    if (it->naliases) return it->aliases[0]->name;
    const AstExpr *e = it->expr;
    if (e->kind == AST_IDENT) return last_part(e);
    if (x && (is_agg(e) || is_window_prop(e, win_alias))) {
        const char *t = ast_text(a, e);
        size_t k = 0;
        while (t && k < x->texts.len && strcmp(x->texts.items[k], t)) k++;
        const char *name = eddy__arena_printf(a, "EXPR$%zu", k);
        bool taken = false;
        for (size_t j = 0; name && j < used->len; j++) taken = taken || !strcmp(used->items[j], name);
        if (taken) name = eddy__arena_printf(a, "EXPR$%zu_%d", k, (*uid)++);
        if (name && !ed_vec_push(used, name)) return NULL;
        return name;
    }
    if (e->kind == AST_CAST && e->u.cast.operand->kind == AST_IDENT) {
        Buf t;
        eddy__buf_init(&t);
        eddy__type_print(&t, e->u.cast.type);
        const char *name = eddy__arena_printf(a, "%s-%s", last_part(e->u.cast.operand), eddy__buf_cstr(&t));
        eddy__buf_free(&t);
        return name;
    }
    if (e->kind == AST_CALL && !strcmp(e->u.call.name, "DOT") && e->u.call.args[0]->kind == AST_IDENT)
        return eddy__arena_printf(a, "%s$%s", last_part(e->u.call.args[0]), last_part(e->u.call.args[1]));
    return eddy__arena_printf(a, "_c%d", i);
}

/* Expands * into the input's columns. */
typedef ED_VEC(AstTableItem *) ItemVec;

/* The items of v as an arena array in *out (v is freed); their number, or
 * -1 when memory runs out. */
static int items_out(eddy_env *env, ItemVec *v, AstTableItem ***out) {
    AstTableItem **copy = eddy__arena_alloc(&env->arena, sizeof(AstTableItem *) * (v->len + 1));
    int n = (int)v->len;
    if (copy && n) memcpy(copy, v->items, sizeof(AstTableItem *) * v->len);
    ed_vec_free(v);
    if (!copy) return NOMEM(env), -1;
    *out = copy;
    return n;
}

static int expand_star(eddy_env *env, AstTableItem **items, int n, const Rel *in, AstTableItem ***out) {
    ItemVec v = {0};
    for (int i = 0; i < n; i++) {
        if (items[i]->expr->kind != AST_STAR) {
            if (!ed_vec_push(&v, items[i])) goto oom;
            continue;
        }
        for (int c = 0; c < in->ncols; c++) {
            AstTableItem *it = eddy__arena_alloc(&env->arena, sizeof *it);
            if (!it || !(it->expr = ident_ast(&env->arena, in->names[c])) || !ed_vec_push(&v, it)) goto oom;
        }
    }
    return items_out(env, &v, out);
oom:
    ed_vec_free(&v);
    NOMEM(env);
    return -1;
}

/* Names the items (Flink's rules) and checks they are unique. names gets
 * n entries. aggregates: number aggregates and properties as EXPR$<n>. */
static bool name_items(eddy_env *env, AstTableItem *const *items, int n, bool aggregates, const char *win_alias,
                       const char **names) {
    Extracted x = {0};
    NameVec used = {0};
    bool ok = true;
    for (int i = 0; i < n && ok && aggregates; i++) ok = extract(&env->arena, &x, items[i]->expr, win_alias);
    int uid = 0;
    for (int i = 0; i < n && ok; i++) {
        if (items[i]->naliases > 1) {
            fail(env, "Invalid alias: only one name can be given to '%s'.", items[i]->aliases[0]->name);
            ok = false;
            break;
        }
        if (items[i]->order) {
            fail(env, "Ordering (asc / desc) is only allowed in orderBy.");
            ok = false;
            break;
        }
        names[i] = item_name(&env->arena, items[i], i, aggregates ? &x : NULL, win_alias, &uid, &used);
        if (!names[i]) {
            NOMEM(env);
            ok = false;
        }
    }
    for (int i = 0; i < n && ok; i++)
        for (int k = 0; k < i && ok; k++)
            if (!strcmp(names[i], names[k])) {
                fail(env, "Ambiguous column name: %s", names[i]);
                ok = false;
            }
    ed_vec_free(&x.texts);
    ed_vec_free(&used);
    return ok;
}

/* Rejects the markers of the expression grammar that only some operations
 * take (2.rows, current_row, flatten, proctime). */
static bool check_markers(eddy_env *env, const AstExpr *e) {
    if (!e) return true;
    if (e->kind == AST_CALL) {
        const char *n = e->u.call.name;
        if (n[0] == '#') {
            if (!strcmp(n, "#FLATTEN")) return eddy__api_err(env, EDDY_E_UNSUPPORTED, "not supported yet: flatten()"), false;
            if (!strcmp(n, "#AS")) return fail(env, "Alias is only allowed at the top level of an expression."), false;
            if (!strcmp(n, "#ASC") || !strcmp(n, "#DESC"))
                return fail(env, "Ordering (asc / desc) is only allowed in orderBy."), false;
            return fail(env, "%s is only allowed in window definitions.", n + 1), false;
        }
        for (int i = 0; i < e->u.call.nargs; i++)
            if (!check_markers(env, e->u.call.args[i])) return false;
    }
    return true;
}

/* Outside windowed tables, w.start and the like are errors. */
static bool no_window_props(eddy_env *env, const eddy_table *t, AstTableItem *const *items, int n) {
    for (int i = 0; i < n; i++) {
        const AstExpr *e = items[i]->expr;
        if (e->kind != AST_CALL || e->u.call.nargs != 1 || e->u.call.args[0]->kind != AST_IDENT) continue;
        bool column = false;
        for (int c = 0; c < t->rel->ncols; c++) column = column || !strcmp(t->rel->names[c], last_part(e->u.call.args[0]));
        if (!column && is_window_prop(e, last_part(e->u.call.args[0])))
            return fail(env, "Window properties can only be used on windowed tables."), false;
    }
    return true;
}

/* ---- select and friends --------------------------------------------------------------------- */

/* A projection of items over t (already *-expanded). */
static eddy_table *project(eddy_table *t, AstTableItem **items, int n, bool allow_aggregates) {
    eddy_env *env = env_of(t);
    Arena *a = &env->arena;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    AstExpr **exprs = eddy__arena_alloc(a, sizeof(AstExpr *) * (size_t)(n + 1));
    if (!names || !exprs) return NOMEM(env);
    for (int i = 0; i < n; i++) {
        if (!check_markers(env, items[i]->expr)) return NULL;
        if (items[i]->expr->kind == AST_CALL && items[i]->expr->u.call.over_name)
            return fail(env, "Over window '%s' is not defined: use window(Over...as(\"%s\")) first.",
                        items[i]->expr->u.call.over_name->name, items[i]->expr->u.call.over_name->name);
        exprs[i] = items[i]->expr;
    }
    if (!no_window_props(env, t, items, n) || !name_items(env, items, n, allow_aggregates, NULL, names)) return NULL;
    return bind_over(t->tenv, &t, 1, select_ast(a, tref(a, "$t0"), exprs, names, n));
}

/* a.flatten(): one item per field of a composite column a, named a$field;
 * a column of another type stays as it is. */
static int expand_flatten(eddy_table *t, AstTableItem **items, int n, AstTableItem ***out) {
    eddy_env *env = env_of(t);
    Arena *a = &env->arena;
    ItemVec v = {0};
    for (int i = 0; i < n; i++) {
        const AstExpr *e = items[i]->expr;
        if (e->kind != AST_CALL || strcmp(e->u.call.name, "#FLATTEN") || e->u.call.nargs != 1) {
            if (!ed_vec_push(&v, items[i])) goto oom;
            continue;
        }
        AstExpr *arg = e->u.call.args[0];
        if (arg->kind != AST_IDENT) {
            ed_vec_free(&v);
            return eddy__api_err(env, EDDY_E_UNSUPPORTED, "not supported yet: flatten() of anything but a column"), -1;
        }
        if (items[i]->naliases) {
            ed_vec_free(&v);
            return fail(env, "Alias is not allowed after flatten()."), -1;
        }
        /* the column's type, as the binder sees it */
        const char *probe_name = "f";
        eddy_table *probe = bind_over(t->tenv, &t, 1, select_ast(a, tref(a, "$t0"), &arg, &probe_name, 1));
        if (!probe) {
            ed_vec_free(&v);
            return -1;
        }
        const Type *ty = probe->rel->types[0];
        if (ty->root != TY_ROW && ty->root != TY_STRUCTURED) {
            AstTableItem *it = eddy__arena_alloc(a, sizeof *it);
            if (!it || !ed_vec_push(&v, it)) goto oom;
            it->expr = arg;
            continue;
        }
        for (int f = 0; f < ty->nfields; f++) {
            /* r.field: the column's name with the field appended */
            AstTableItem *it = eddy__arena_alloc(a, sizeof *it);
            AstIdent **al = eddy__arena_alloc(a, sizeof(AstIdent *));
            AstExpr *x = eddy__arena_dup(a, arg, sizeof *arg);
            const AstName *an = &arg->u.ident.name;
            const char **parts = eddy__arena_alloc(a, sizeof(char *) * (size_t)(an->nparts + 1));
            bool *quoted = eddy__arena_alloc(a, (size_t)an->nparts + 1);
            if (!it || !al || !x || !parts || !quoted || !(al[0] = eddy__arena_alloc(a, sizeof(AstIdent)))) goto oom;
            memcpy(parts, an->parts, sizeof(char *) * (size_t)an->nparts);
            if (an->quoted) memcpy(quoted, an->quoted, (size_t)an->nparts);
            parts[an->nparts] = ty->fields[f].name;
            quoted[an->nparts] = true;
            x->u.ident.name.parts = parts;
            x->u.ident.name.quoted = quoted;
            x->u.ident.name.nparts = an->nparts + 1;
            it->expr = x;
            al[0]->name = eddy__arena_printf(a, "%s$%s", last_part(arg), ty->fields[f].name);
            if (!al[0]->name) goto oom;
            it->aliases = al;
            it->naliases = 1;
            if (!ed_vec_push(&v, it)) goto oom;
        }
    }
    return items_out(env, &v, out);
oom:
    ed_vec_free(&v);
    NOMEM(env);
    return -1;
}

static eddy_table *select_items(eddy_table *t, AstTableItem **items, int n) {
    eddy_env *env = env_of(t);
    if (n < 0 || (n = expand_star(env, items, n, t->rel, &items)) < 0) return NULL;
    if ((n = expand_flatten(t, items, n, &items)) < 0) return NULL;
    return project(t, items, n, true);
}

eddy_table *eddy_table_select(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    AstTableItem **items;
    int n = parse_items(env_of(t), fields, &items);
    return select_items(t, items, n);
}

static eddy_table *where_ast(eddy_table *t, AstExpr *pred) {
    eddy_env *env = env_of(t);
    if (!pred || !check_markers(env, pred)) return NULL;
    Arena *a = &env->arena;
    AstQuery *q = select_star(a, tref(a, "$t0"));
    if (!q) return NOMEM(env);
    q->u.select.where = pred;
    return bind_over(t->tenv, &t, 1, q);
}

eddy_table *eddy_table_where(eddy_table *t, const char *predicate) {
    if (!usable(t)) return NULL;
    return where_ast(t, parse_one(env_of(t), predicate, "where"));
}

eddy_table *eddy_table_filter(eddy_table *t, const char *predicate) { return eddy_table_where(t, predicate); }

/* Items of the input's columns, in order, in an array with room for
 * `extra` items more (for the column operations to add or replace). */
static AstTableItem **column_items(eddy_env *env, const Rel *in, int extra) {
    AstTableItem **items = eddy__arena_alloc(&env->arena, sizeof(AstTableItem *) * (size_t)(in->ncols + extra + 1));
    if (!items) return NULL;
    for (int c = 0; c < in->ncols; c++) {
        items[c] = eddy__arena_alloc(&env->arena, sizeof(AstTableItem));
        if (!items[c] || !(items[c]->expr = ident_ast(&env->arena, in->names[c]))) return NULL;
    }
    return items;
}

static eddy_table *add_columns(eddy_table *t, AstTableItem **add, int n) {
    eddy_env *env = env_of(t);
    if (n < 0) return NULL;
    const Rel *in = t->rel;
    AstTableItem **all = column_items(env, in, n);
    if (!all) return NOMEM(env);
    memcpy(all + in->ncols, add, sizeof(AstTableItem *) * (size_t)n);
    return select_items(t, all, in->ncols + n);
}

eddy_table *eddy_table_add_columns(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    AstTableItem **add;
    int n = parse_items(env_of(t), fields, &add);
    return add_columns(t, add, n);
}

eddy_table *eddy_table_add_or_replace_columns(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    AstTableItem **add;
    int n = parse_items(env, fields, &add);
    if (n < 0) return NULL;
    const Rel *in = t->rel;
    AstTableItem **all = column_items(env, in, n);
    const char **keys = eddy__arena_alloc(&env->arena, sizeof(char *) * (size_t)(in->ncols + n + 1));
    if (!all || !keys) return NOMEM(env);
    int m = in->ncols;
    for (int c = 0; c < m; c++) keys[c] = in->names[c];
    /* a new column named like an existing one takes its place */
    for (int i = 0; i < n; i++) {
        const AstTableItem *it = add[i];
        const char *key = it->naliases ? it->aliases[0]->name
                          : it->expr->kind == AST_IDENT ? last_part(it->expr)
                                                        : ast_text(&env->arena, it->expr);
        if (!key) return NOMEM(env);
        int k = 0;
        while (k < m && strcmp(keys[k], key)) k++;
        all[k] = add[i];
        if (k == m) keys[m++] = key;
    }
    return select_items(t, all, m);
}

eddy_table *eddy_table_rename_columns(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    AstTableItem **ren;
    int n = parse_items(env, fields, &ren);
    if (n < 0) return NULL;
    const Rel *in = t->rel;
    AstTableItem **all = column_items(env, in, n);
    if (!all) return NOMEM(env);
    int m = in->ncols;
    for (int i = 0; i < n; i++) {
        const AstTableItem *it = ren[i];
        if (!it->naliases || it->expr->kind != AST_IDENT) {
            char *text = ast_text(&env->arena, it->expr);
            return fail(env,
                        "Invalid alias for a renaming column operation. Renaming must add an alias to an"
                        "existing field. E.g.: 'a as a1'. But was: %s",
                        text ? text : "?");
        }
        const char *key = last_part(it->expr);
        int k = 0;
        while (k < in->ncols && strcmp(in->names[k], key)) k++;
        if (k == in->ncols) k = m++; /* unknown: appended, and resolving it fails */
        all[k] = ren[i];
    }
    return select_items(t, all, m);
}

eddy_table *eddy_table_drop_columns(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    AstTableItem **drop;
    int n = parse_items(env, fields, &drop);
    if (n < 0) return NULL;
    const Rel *in = t->rel;
    bool *dropped = eddy__arena_alloc(&env->arena, sizeof(bool) * (size_t)(in->ncols + 1));
    if (!dropped) return NOMEM(env);
    for (int i = 0; i < n; i++) {
        if (drop[i]->expr->kind != AST_IDENT || drop[i]->naliases) {
            char *text = ast_text(&env->arena, drop[i]->expr);
            return fail(env, "Unexpected drop column expression: %s", text ? text : "?");
        }
        const char *name = last_part(drop[i]->expr);
        int k = 0;
        while (k < in->ncols && strcmp(in->names[k], name)) k++;
        if (k == in->ncols) return fail(env, "Field %s does not exist in source table", name);
        dropped[k] = true;
    }
    AstTableItem **cols = column_items(env, in, 0), **keep = cols;
    if (!cols) return NOMEM(env);
    int m = 0;
    for (int c = 0; c < in->ncols; c++)
        if (!dropped[c]) keep[m++] = cols[c];
    return select_items(t, keep, m);
}

eddy_table *eddy_table_distinct(eddy_table *t) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    AstQuery *q = select_star(&env->arena, tref(&env->arena, "$t0"));
    if (!q) return NOMEM(env);
    q->u.select.distinct = true;
    return bind_over(t->tenv, &t, 1, q);
}

/* ---- groupBy ---------------------------------------------------------------------------- */

static eddy_grouped_table *group_by(eddy_table *t, AstTableItem **keys, int n, const eddy_window *win) {
    eddy_env *env = env_of(t);
    if (n < 0) return NULL;
    for (int i = 0; i < n; i++) {
        if (!check_markers(env, keys[i]->expr)) return NULL;
        if (is_agg(keys[i]->expr)) return fail(env, "Aggregate functions are not allowed in groupBy.");
    }
    eddy_grouped_table *g = eddy__arena_alloc(&env->arena, sizeof *g);
    if (!g) return NOMEM(env);
    g->t = t;
    g->keys = keys;
    g->nkeys = n;
    g->win = win;
    return g;
}

eddy_grouped_table *eddy_table_group_by(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    AstTableItem **keys;
    int n = parse_items(env_of(t), fields, &keys);
    return group_by(t, keys, n, NULL);
}

/* The SQL call a window stands for in GROUP BY: TUMBLE(time, size),
 * HOP(time, slide, size), SESSION(time, gap); prop: the auxiliary function
 * of a property (TUMBLE_START, ...) instead. */
static AstExpr *window_call(Arena *a, const eddy_window *w, const char *prop) {
    static const char *fns[] = {"TUMBLE", "HOP", "SESSION"};
    const char *fn = prop ? eddy__arena_printf(a, "%s_%s", fns[w->kind], prop) : fns[w->kind];
    AstExpr *args[3] = {w->time, w->kind == W_SLIDE ? w->slide : w->size, w->size};
    return fn ? call_ast(a, fn, args, w->kind == W_SLIDE ? 3 : 2) : NULL;
}

/* Replaces w.start / w.end / w.rowtime / w.proctime by the window's
 * auxiliary functions (in place). */
static bool rewrite_props(Arena *a, AstExpr **slot, const eddy_window *w) {
    AstExpr *e = *slot;
    if (!e) return true;
    if (w && is_window_prop(e, w->alias)) {
        char up[16];
        size_t i = 0;
        for (const char *c = e->u.call.name; *c && i + 1 < sizeof up; c++) up[i++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
        up[i] = 0;
        return (*slot = window_call(a, w, eddy__arena_strdup(a, up))) != NULL;
    }
    if (e->kind == AST_CALL)
        for (int i = 0; i < e->u.call.nargs; i++)
            if (!rewrite_props(a, &e->u.call.args[i], w)) return false;
    if (e->kind == AST_CAST) return rewrite_props(a, &e->u.cast.operand, w);
    return true;
}

static bool refers_window(const AstExpr *e, const char *alias) {
    return alias && e->kind == AST_IDENT && !strcmp(last_part(e), alias);
}

static eddy_table *grouped_select(eddy_grouped_table *g, AstTableItem **items, int n) {
    eddy_table *t = g->t;
    eddy_env *env = env_of(t);
    if (n < 0 || (n = expand_star(env, items, n, t->rel, &items)) < 0) return NULL;
    Arena *a = &env->arena;
    const eddy_window *w = g->win;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    AstExpr **exprs = eddy__arena_alloc(a, sizeof(AstExpr *) * (size_t)(n + 1));
    AstGroupItem **group = eddy__arena_alloc(a, sizeof(AstGroupItem *) * (size_t)(g->nkeys + 1));
    if (!names || !exprs || !group) return NOMEM(env);
    for (int i = 0; i < n; i++)
        if (!check_markers(env, items[i]->expr)) return NULL;
    if (!name_items(env, items, n, true, w ? w->alias : NULL, names)) return NULL;
    if (!w && !no_window_props(env, t, items, n)) return NULL;
    for (int i = 0; i < n; i++) {
        exprs[i] = items[i]->expr;
        if (!rewrite_props(a, &exprs[i], w)) return NOMEM(env);
    }
    bool window_seen = false;
    int ng = 0;
    for (int k = 0; k < g->nkeys; k++) {
        AstGroupItem *gi = eddy__arena_alloc(a, sizeof *gi);
        if (!gi) return NOMEM(env);
        gi->kind = AST_GROUP_EXPR;
        gi->expr = g->keys[k]->expr;
        if (w && refers_window(gi->expr, w->alias)) {
            if (!(gi->expr = window_call(a, w, NULL))) return NOMEM(env);
            window_seen = true;
        }
        group[ng++] = gi;
    }
    if (w && !window_seen) return fail(env, "GroupBy must contain exactly one window alias.");
    AstQuery *q = select_ast(a, tref(a, "$t0"), exprs, names, n);
    if (!q) return NOMEM(env);
    q->u.select.has_group_by = true;
    q->u.select.group_by = group;
    q->u.select.ngroup_by = ng;
    return bind_over(t->tenv, &t, 1, q);
}

eddy_table *eddy_grouped_table_select(eddy_grouped_table *g, const char *fields) {
    if (!g || !usable(g->t)) return NULL;
    AstTableItem **items;
    int n = parse_items(env_of(g->t), fields, &items);
    return grouped_select(g, items, n);
}

/* ---- joins --------------------------------------------------------------------------------- */

/* Whether cond has an equality between a column of each side (under AND). */
static bool has_equi(const AstExpr *e, const Rel *l, const Rel *r) {
    if (e->kind != AST_CALL) return false;
    if (!strcmp(e->u.call.name, "AND")) {
        for (int i = 0; i < e->u.call.nargs; i++)
            if (has_equi(e->u.call.args[i], l, r)) return true;
        return false;
    }
    if (strcmp(e->u.call.name, "=") || e->u.call.nargs != 2) return false;
    const AstExpr *x = e->u.call.args[0], *y = e->u.call.args[1];
    if (x->kind != AST_IDENT || y->kind != AST_IDENT) return false;
    int sx = -1, sy = -1;
    for (int c = 0; c < l->ncols; c++) {
        if (!strcmp(l->names[c], last_part(x))) sx = 0;
        if (!strcmp(l->names[c], last_part(y))) sy = 0;
    }
    for (int c = 0; c < r->ncols; c++) {
        if (!strcmp(r->names[c], last_part(x))) sx = 1;
        if (!strcmp(r->names[c], last_part(y))) sy = 1;
    }
    return sx >= 0 && sy >= 0 && sx != sy;
}

static eddy_table *join(eddy_table *l, eddy_table *r, AstJoinType jt, AstExpr *cond, bool need_cond) {
    if (!usable(l) || !same_tenv(l, r, "joined")) return NULL;
    eddy_env *env = env_of(l);
    if (need_cond && !cond) return NULL; /* the parse error is on the env */
    /* the inputs must not share column names */
    Buf dup;
    eddy__buf_init(&dup);
    for (int i = 0; i < l->rel->ncols; i++)
        for (int k = 0; k < r->rel->ncols; k++)
            if (!strcmp(l->rel->names[i], r->rel->names[k]))
                eddy__buf_printf(&dup, "%s%s", dup.len ? ", " : "", l->rel->names[i]);
    if (dup.len) {
        fail(env, "join relations with ambiguous names: [%s]", eddy__buf_cstr(&dup));
        eddy__buf_free(&dup);
        return NULL;
    }
    eddy__buf_free(&dup);
    Arena *a = &env->arena;
    bool always_true = !cond || (cond->kind == AST_LITERAL && cond->u.lit.lit_kind == AST_LIT_TRUE);
    if (cond && !check_markers(env, cond)) return NULL;
    if (!always_true && !has_equi(cond, l->rel, r->rel)) {
        char *text = ast_text(a, cond);
        return fail(env, "Invalid join condition: %s. At least one equi-join predicate is required.", text ? text : "?");
    }
    AstTableRef *j = eddy__arena_alloc(a, sizeof *j);
    if (!j) return NOMEM(env);
    j->kind = AST_TREF_JOIN;
    j->u.join.type = jt;
    j->u.join.left = tref(a, "$t0");
    j->u.join.right = tref(a, "$t1");
    if (!cond) {
        AstExpr *t = eddy__arena_alloc(a, sizeof *t);
        if (!t) return NOMEM(env);
        t->kind = AST_LITERAL;
        t->u.lit.lit_kind = AST_LIT_TRUE;
        cond = t;
    }
    j->u.join.on = cond;
    eddy_table *ins[2] = {l, r};
    return bind_over(l->tenv, ins, 2, select_star(a, j));
}

static AstExpr *join_cond(eddy_table *l, const char *condition) {
    return condition ? parse_one(env_of(l), condition, "join") : NULL;
}

eddy_table *eddy_table_join(eddy_table *left, eddy_table *right, const char *condition) {
    if (!usable(left)) return NULL;
    AstExpr *c = join_cond(left, condition);
    if (condition && !c) return NULL;
    return join(left, right, AST_JOIN_INNER, c, false);
}

eddy_table *eddy_table_left_outer_join(eddy_table *left, eddy_table *right, const char *condition) {
    if (!usable(left)) return NULL;
    AstExpr *c = join_cond(left, condition);
    if (condition && !c) return NULL;
    return join(left, right, AST_JOIN_LEFT, c, false);
}

static eddy_table *outer_join_required(eddy_table *l, eddy_table *r, const char *condition, AstJoinType jt) {
    if (!usable(l)) return NULL;
    if (!condition)
        return eddy__api_err(env_of(l), EDDY_E_MISUSE, "Table API: %s joins need a join condition.",
                             jt == AST_JOIN_RIGHT ? "right outer" : "full outer"),
               NULL;
    return join(l, r, jt, join_cond(l, condition), true);
}

eddy_table *eddy_table_right_outer_join(eddy_table *left, eddy_table *right, const char *condition) {
    return outer_join_required(left, right, condition, AST_JOIN_RIGHT);
}

eddy_table *eddy_table_full_outer_join(eddy_table *left, eddy_table *right, const char *condition) {
    return outer_join_required(left, right, condition, AST_JOIN_FULL);
}

/* joinLateral: FROM $t0, LATERAL TABLE(f(args)) AS T(names). */
static eddy_table *join_lateral(eddy_table *t, const char *fn_call, const char *condition, AstJoinType jt) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    AstTableItem **items;
    int n = parse_items(env, fn_call, &items);
    if (n < 0) return NULL;
    if (n != 1 || items[0]->expr->kind != AST_CALL || items[0]->expr->u.call.syntax != AST_SYN_FUNCTION)
        return fail(env, "A lateral join expects a table function call, but was: %s", fn_call);
    if (jt == AST_JOIN_LEFT && condition && strcmp(condition, "true") != 0)
        return fail(env, "Predicate for lateral left outer join with table function can only be empty or literal true.");
    AstExpr *cond = condition ? parse_one(env, condition, "joinLateral") : NULL;
    if (condition && !cond) return NULL;
    if (!cond && jt == AST_JOIN_LEFT) {
        /* LEFT JOIN LATERAL TABLE(..) ON TRUE */
        if (!(cond = eddy__arena_alloc(&env->arena, sizeof *cond))) return NOMEM(env);
        cond->kind = AST_LITERAL;
        cond->depth = 1;
        cond->u.lit.lit_kind = AST_LIT_TRUE;
    }
    Arena *a = &env->arena;
    AstTableRef *fn = eddy__arena_alloc(a, sizeof *fn), *j = eddy__arena_alloc(a, sizeof *j);
    if (!fn || !j) return NOMEM(env);
    fn->kind = AST_TREF_FUNCTION;
    fn->u.function.call = items[0]->expr;
    fn->u.function.lateral = true;
    fn->col_aliases = items[0]->aliases;
    fn->ncol_aliases = items[0]->naliases;
    j->kind = AST_TREF_JOIN;
    j->u.join.type = jt;
    j->u.join.left = tref(a, "$t0");
    j->u.join.right = fn;
    j->u.join.on = cond;
    return bind_over(t->tenv, &t, 1, select_star(a, j));
}

eddy_table *eddy_table_join_lateral(eddy_table *t, const char *table_function_call, const char *condition) {
    return join_lateral(t, table_function_call, condition, AST_JOIN_INNER);
}

eddy_table *eddy_table_left_outer_join_lateral(eddy_table *t, const char *table_function_call, const char *condition) {
    return join_lateral(t, table_function_call, condition, AST_JOIN_LEFT);
}

/* ---- set operations ------------------------------------------------------------------------- */

static eddy_table *setop(eddy_table *l, eddy_table *r, AstSetOp op, bool all) {
    static const char *verbs[] = {"unioned", "intersected", "subtracted"};
    static const char *upper[] = {"UNION", "INTERSECT", "MINUS"};
    static const char *lower[] = {"union", "intersect", "minus"};
    if (!usable(l) || !same_tenv(l, r, verbs[op])) return NULL;
    eddy_env *env = env_of(l);
    if (l->tenv->mode == EDDY_STREAMING && (!all || op != AST_UNION))
        return fail(env, "The %s operation on two unbounded tables is currently not supported.", upper[op]);
    if (l->rel->ncols != r->rel->ncols)
        return fail(env, "The %s operation on two tables of different column sizes: %d and %d is not supported", lower[op],
                    l->rel->ncols, r->rel->ncols);
    for (int i = 0; i < l->rel->ncols; i++)
        if (!eddy__type_common(&env->arena, l->rel->types[i], r->rel->types[i])) {
            const char *lt = eddy__type_str(&env->arena, l->rel->types[i]);
            const char *rt = eddy__type_str(&env->arena, r->rel->types[i]);
            return fail(env,
                        "Incompatible types for %s operation. Could not find a common type at position %d for '%s' "
                        "and '%s'.",
                        lower[op], i, lt ? lt : "?", rt ? rt : "?");
        }
    Arena *a = &env->arena;
    AstQuery *q = eddy__arena_alloc(a, sizeof *q);
    if (!q) return NOMEM(env);
    q->kind = AST_Q_SETOP;
    q->u.setop.op = op;
    q->u.setop.all = all;
    q->u.setop.left = select_star(a, tref(a, "$t0"));
    q->u.setop.right = select_star(a, tref(a, "$t1"));
    if (!q->u.setop.left || !q->u.setop.right) return NOMEM(env);
    eddy_table *ins[2] = {l, r};
    return bind_over(l->tenv, ins, 2, q);
}

eddy_table *eddy_table_union(eddy_table *l, eddy_table *r) { return setop(l, r, AST_UNION, false); }
eddy_table *eddy_table_union_all(eddy_table *l, eddy_table *r) { return setop(l, r, AST_UNION, true); }
eddy_table *eddy_table_intersect(eddy_table *l, eddy_table *r) { return setop(l, r, AST_INTERSECT, false); }
eddy_table *eddy_table_intersect_all(eddy_table *l, eddy_table *r) { return setop(l, r, AST_INTERSECT, true); }
eddy_table *eddy_table_minus(eddy_table *l, eddy_table *r) { return setop(l, r, AST_EXCEPT, false); }
eddy_table *eddy_table_minus_all(eddy_table *l, eddy_table *r) { return setop(l, r, AST_EXCEPT, true); }

/* ---- orderBy / offset / fetch ---------------------------------------------------------------- */

static eddy_table *order_by(eddy_table *t, AstTableItem **items, int n) {
    eddy_env *env = env_of(t);
    if (n < 0) return NULL;
    Arena *a = &env->arena;
    AstQuery *q = select_star(a, tref(a, "$t0"));
    AstOrderItem **order = eddy__arena_alloc(a, sizeof(AstOrderItem *) * (size_t)(n + 1));
    if (!q || !order) return NOMEM(env);
    for (int i = 0; i < n; i++) {
        if (items[i]->naliases) return fail(env, "Aliases are not allowed in orderBy.");
        if (!check_markers(env, items[i]->expr)) return NULL;
        if (!(order[i] = eddy__arena_alloc(a, sizeof(AstOrderItem)))) return NOMEM(env);
        order[i]->expr = items[i]->expr;
        order[i]->desc = items[i]->order == 2;
    }
    q->order = order;
    q->norder = n;
    return bind_over(t->tenv, &t, 1, q);
}

eddy_table *eddy_table_order_by(eddy_table *t, const char *fields) {
    if (!usable(t)) return NULL;
    AstTableItem **items;
    int n = parse_items(env_of(t), fields, &items);
    return order_by(t, items, n);
}

/* offset / fetch merge into the sort the table ends with (possibly under
 * the projection that drops hidden ORDER BY columns), else start one. */
static eddy_table *limit(eddy_table *t, int64_t offset, int64_t fetch) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    if (offset < -1) return fail(env, "Offset should be greater or equal 0");
    if (fetch < -1) return fail(env, "Fetch should be greater or equal 0");
    Rel *r = t->rel, *top = NULL;
    if (r->kind == REL_PROJECT && r->in[0]->kind == REL_SORT) {
        top = r;
        r = r->in[0];
    }
    Rel *in = r;
    int nkeys = 0;
    const int *keys = NULL;
    const bool *desc = NULL, *nf = NULL;
    int64_t off = -1;
    if (r->kind == REL_SORT) {
        if (r->fetch >= 0) return fail(env, "FETCH is already defined.");
        if (offset >= 0 && r->offset >= 0) return fail(env, "OFFSET already defined");
        in = r->in[0];
        nkeys = r->nkeys;
        keys = r->keys;
        desc = r->desc;
        nf = r->nulls_first;
        off = r->offset;
    } else {
        top = NULL;
    }
    if (offset >= 0) off = offset;
    else if (fetch >= 0 && off < 0) off = 0;
    Rel *s = eddy__rel_sort(&env->arena, t->tenv->mode == EDDY_STREAMING, in, nkeys, keys, desc, nf, off, fetch);
    if (!s) return NOMEM(env);
    if (top) {
        s = eddy__rel_project(&env->arena, s, top->ncols, top->exprs, top->names);
        if (!s) return NOMEM(env);
    }
    return eddy__api_table(t->tenv, s, NULL);
}

eddy_table *eddy_table_offset(eddy_table *t, int offset) {
    return limit(t, offset < 0 ? (int64_t)offset - 1 : offset, -1);
}

eddy_table *eddy_table_fetch(eddy_table *t, int fetch) { return limit(t, -1, fetch < 0 ? (int64_t)fetch - 1 : fetch); }

eddy_table *eddy_table_limit(eddy_table *t, int fetch) { return eddy_table_fetch(t, fetch); }

eddy_table *eddy_table_limit_offset(eddy_table *t, int offset, int fetch) {
    return eddy_table_fetch(eddy_table_offset(t, offset), fetch);
}

/* ---- windows --------------------------------------------------------------------------------- */

static eddy_window *new_window(eddy_env *env, WinKind kind, const char *size) {
    if (!env_ok(env)) return NULL;
    eddy_window *w = eddy__arena_alloc(&env->arena, sizeof *w);
    if (!w) return NOMEM(env);
    w->env = env;
    w->kind = kind;
    if (size && !(w->size = parse_one(env, size, "A window size"))) return NULL;
    return w;
}

eddy_window *eddy_tumble_over(eddy_env *env, const char *size) { return new_window(env, W_TUMBLE, size); }
eddy_window *eddy_slide_over(eddy_env *env, const char *size) { return new_window(env, W_SLIDE, size); }
eddy_window *eddy_session_with_gap(eddy_env *env, const char *gap) { return new_window(env, W_SESSION, gap); }

eddy_window *eddy_window_every(eddy_window *w, const char *slide) {
    if (!w || !env_ok(w->env)) return NULL;
    if (w->kind != W_SLIDE) return fail(w->env, "every(...) is only defined for sliding windows.");
    return (w->slide = parse_one(w->env, slide, "A window slide")) ? w : NULL;
}

eddy_window *eddy_window_on(eddy_window *w, const char *time_field) {
    if (!w || !env_ok(w->env)) return NULL;
    return (w->time = parse_one(w->env, time_field, "A window time field")) ? w : NULL;
}

eddy_window *eddy_window_as(eddy_window *w, const char *alias) {
    if (!w || !env_ok(w->env)) return NULL;
    AstExpr *a = parse_one(w->env, alias, "A window alias");
    if (!a) return NULL;
    if (a->kind != AST_IDENT) return fail(w->env, "Only unresolved reference supported for alias of a group window.");
    w->alias = last_part(a);
    return w;
}

eddy_window *eddy_over_partition_by(eddy_env *env, const char *fields) {
    eddy_window *w = new_window(env, W_OVER, NULL);
    if (!w || !fields) return w;
    int n = parse_items(env, fields, &w->partition);
    if (n < 0) return NULL;
    w->npartition = n;
    return w;
}

eddy_window *eddy_over_order_by(eddy_window *w, const char *field) {
    if (!w || !env_ok(w->env)) return NULL;
    AstTableItem **items;
    int n = parse_items(w->env, field, &items);
    if (n < 0) return NULL;
    if (n != 1) return fail(w->env, "An over window orders by a single time attribute.");
    w->time = items[0]->expr;
    w->order_desc = items[0]->order == 2;
    return w;
}

eddy_window *eddy_over_preceding(eddy_window *w, const char *bound) {
    if (!w || !env_ok(w->env)) return NULL;
    return (w->preceding = parse_one(w->env, bound, "preceding")) ? w : NULL;
}

eddy_window *eddy_over_following(eddy_window *w, const char *bound) {
    if (!w || !env_ok(w->env)) return NULL;
    return (w->following = parse_one(w->env, bound, "following")) ? w : NULL;
}

/* A window with its parts checked. */
static bool window_complete(eddy_env *env, const eddy_window *w, bool over) {
    if (!w) return eddy__api_err(env, EDDY_E_MISUSE, "Table API: the window is NULL."), false;
    if (w->env != env) return eddy__api_err(env, EDDY_E_MISUSE, "Table API: the window belongs to another env."), false;
    if (over != (w->kind == W_OVER))
        return fail(env, over ? "A group window cannot be used as an over window."
                              : "An over window cannot be used as a group window."),
               false;
    if (!w->alias) return fail(env, "A window needs an alias: as(\"w\")."), false;
    if (!w->time) return fail(env, over ? "An over window needs orderBy(...)." : "A group window needs on(...) with its time attribute."), false;
    if (!over && w->size->kind == AST_CALL && !strcmp(w->size->u.call.name, "#ROWS"))
        return eddy__api_err(env, EDDY_E_UNSUPPORTED, "not supported yet: row-count group windows"), false;
    if (!over && w->kind == W_SLIDE && !w->slide) return fail(env, "A sliding window needs every(...)."), false;
    return true;
}

eddy_windowed_table *eddy_table_window(eddy_table *t, const eddy_window *group_window) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    if (!window_complete(env, group_window, false)) return NULL;
    eddy_windowed_table *wt = eddy__arena_alloc(&env->arena, sizeof *wt);
    if (!wt) return NOMEM(env);
    wt->t = t;
    wt->group = group_window;
    return wt;
}

eddy_windowed_table *eddy_table_over_window(eddy_table *t, const eddy_window *const *over_windows, size_t n) {
    if (!usable(t)) return NULL;
    eddy_env *env = env_of(t);
    if (!over_windows || n == 0) return eddy__api_err(env, EDDY_E_MISUSE, "Table API: no over windows given."), NULL;
    for (size_t i = 0; i < n; i++)
        if (!window_complete(env, over_windows[i], true)) return NULL;
    eddy_windowed_table *wt = eddy__arena_alloc(&env->arena, sizeof *wt);
    const eddy_window **ws = eddy__arena_alloc(&env->arena, sizeof(eddy_window *) * n);
    if (!wt || !ws) return NOMEM(env);
    memcpy(ws, over_windows, sizeof(eddy_window *) * n);
    wt->t = t;
    wt->over = ws;
    wt->nover = n;
    return wt;
}

eddy_grouped_table *eddy_windowed_table_group_by(eddy_windowed_table *wt, const char *fields) {
    if (!wt || !usable(wt->t)) return NULL;
    eddy_env *env = env_of(wt->t);
    if (!wt->group) return fail(env, "groupBy is only defined on tables with a group window.");
    AstTableItem **keys;
    int n = parse_items(env, fields, &keys);
    return group_by(wt->t, keys, n, wt->group);
}

/* A frame bound of an over window as SQL: n PRECEDING, INTERVAL PRECEDING,
 * UNBOUNDED PRECEDING, CURRENT ROW. rows: set when the bound counts rows. */
static bool over_bound(eddy_env *env, const AstExpr *e, bool preceding, AstBound *out, int *rows) {
    if (!e) {
        /* Flink's defaults: unbounded range preceding, current row/range following */
        out->kind = preceding ? AST_BOUND_UNBOUNDED_PRECEDING : AST_BOUND_CURRENT_ROW;
        return true;
    }
    if (e->kind == AST_CALL && e->u.call.nargs == 0 && e->u.call.name[0] == '#') {
        const char *n = e->u.call.name;
        bool is_rows = !strcmp(n, "#UNBOUNDED_ROW") || !strcmp(n, "#CURRENT_ROW");
        if (*rows < 0) *rows = is_rows;
        out->kind = !strncmp(n, "#UNBOUNDED", 10) ? (preceding ? AST_BOUND_UNBOUNDED_PRECEDING : AST_BOUND_UNBOUNDED_FOLLOWING)
                                                  : AST_BOUND_CURRENT_ROW;
        return true;
    }
    if (e->kind == AST_CALL && !strcmp(e->u.call.name, "#ROWS")) {
        *rows = 1;
        out->kind = preceding ? AST_BOUND_PRECEDING : AST_BOUND_FOLLOWING;
        out->offset = e->u.call.args[0];
        return true;
    }
    if (e->kind == AST_INTERVAL) {
        *rows = 0;
        out->kind = preceding ? AST_BOUND_PRECEDING : AST_BOUND_FOLLOWING;
        out->offset = (AstExpr *)e;
        return true;
    }
    fail(env, "An over window bound is a row count (2.rows), an interval (10.minutes), UNBOUNDED_ROW, "
              "UNBOUNDED_RANGE, CURRENT_ROW or CURRENT_RANGE.");
    return false;
}

static AstWindow *over_spec(eddy_env *env, const eddy_window *w) {
    Arena *a = &env->arena;
    AstWindow *s = eddy__arena_alloc(a, sizeof *s);
    AstExpr **part = eddy__arena_alloc(a, sizeof(AstExpr *) * (size_t)(w->npartition + 1));
    AstOrderItem **order = eddy__arena_alloc(a, sizeof(AstOrderItem *));
    AstOrderItem *o = eddy__arena_alloc(a, sizeof *o);
    if (!s || !part || !order || !o) return NOMEM(env);
    for (int i = 0; i < w->npartition; i++) part[i] = w->partition[i]->expr;
    s->partition = part;
    s->npartition = w->npartition;
    o->expr = w->time;
    o->desc = w->order_desc;
    order[0] = o;
    s->order = order;
    s->norder = 1;
    int rows = -1;
    if (!over_bound(env, w->preceding, true, &s->lower, &rows) || !over_bound(env, w->following, false, &s->upper, &rows))
        return NULL;
    s->frame = rows == 1 ? 1 : 2;
    s->between = true;
    return s;
}

/* Gives each `agg over w` the spec of window w (in place). */
static bool attach_over(eddy_env *env, AstExpr *e, const eddy_windowed_table *wt) {
    if (!e) return true;
    if (e->kind == AST_CALL && e->u.call.over_name) {
        const char *name = e->u.call.over_name->name;
        const eddy_window *w = NULL;
        for (size_t i = 0; i < wt->nover && !w; i++)
            if (!strcmp(wt->over[i]->alias, name)) w = wt->over[i];
        if (!w) return fail(env, "Over window '%s' is not defined.", name), false;
        if (!(e->u.call.over = over_spec(env, w))) return false;
        e->u.call.over_name = NULL;
    }
    if (e->kind == AST_CALL)
        for (int i = 0; i < e->u.call.nargs; i++)
            if (!attach_over(env, e->u.call.args[i], wt)) return false;
    if (e->kind == AST_CAST) return attach_over(env, e->u.cast.operand, wt);
    return true;
}

eddy_table *eddy_windowed_table_select(eddy_windowed_table *wt, const char *fields) {
    if (!wt || !usable(wt->t)) return NULL;
    eddy_table *t = wt->t;
    eddy_env *env = env_of(t);
    if (wt->group) return fail(env, "A table with a group window needs groupBy(...) before select(...).");
    AstTableItem **items;
    int n = parse_items(env, fields, &items);
    if (n < 0 || (n = expand_star(env, items, n, t->rel, &items)) < 0) return NULL;
    Arena *a = &env->arena;
    const char **names = eddy__arena_alloc(a, sizeof(char *) * (size_t)(n + 1));
    AstExpr **exprs = eddy__arena_alloc(a, sizeof(AstExpr *) * (size_t)(n + 1));
    if (!names || !exprs) return NOMEM(env);
    for (int i = 0; i < n; i++) {
        /* Flink names over aggregates like other expressions: _c<i> */
        const AstExpr *e = items[i]->expr;
        if (!check_markers(env, e)) return NULL;
        names[i] = items[i]->naliases ? items[i]->aliases[0]->name
                   : e->kind == AST_IDENT ? last_part(e)
                                          : eddy__arena_printf(a, "_c%d", i);
        for (int k = 0; k < i; k++)
            if (names[i] && !strcmp(names[i], names[k])) return fail(env, "Ambiguous column name: %s", names[i]);
        exprs[i] = items[i]->expr;
        if (!attach_over(env, exprs[i], wt)) return NULL;
    }
    return bind_over(t->tenv, &t, 1, select_ast(a, tref(a, "$t0"), exprs, names, n));
}

/* ---- insertInto ----------------------------------------------------------------------------- */

eddy_status eddy_table_insert_into(eddy_table *t, const char *target_path) {
    if (!t) return EDDY_E_MISUSE;
    eddy_env *env = env_of(t);
    if (env->err.code) return env->err.code;
    StreamNode *sink;
    const char *path;
    eddy_status rc = eddy__sqlx_plan_table_insert(t->tenv, target_path, t, &sink, &path, NULL);
    if (rc) return rc;
    if (!ed_vec_push(&env->sinks, sink)) return eddy__api_err(env, EDDY_E_NOMEM, "out of memory");
    return EDDY_OK;
}

/* ---- explain --------------------------------------------------------------------------------- */

const char *eddy_table_explain(eddy_table *t, unsigned details) {
    if (!usable(t)) return NULL;
    ExplainItem item = {.rel = t->rel};
    return eddy__sqlx_explain(t->tenv, &item, 1, details);
}

/* ---- the expression builder ----------------------------------------------------------------- */

static eddy_expr *new_expr(eddy_env *env, AstExpr *e) {
    if (!e) return NULL;
    eddy_expr *x = eddy__arena_alloc(&env->arena, sizeof *x);
    if (!x) return NOMEM(env);
    x->env = env;
    x->item.expr = e;
    return x;
}

eddy_expr *eddy_col(eddy_env *env, const char *name) {
    if (!env_ok(env)) return NULL;
    if (!name) return eddy__api_err(env, EDDY_E_MISUSE, "col: the name is NULL."), NULL;
    const char *copy = eddy__arena_strdup(&env->arena, name);
    AstExpr *e = copy ? ident_ast(&env->arena, copy) : NULL;
    return e ? new_expr(env, e) : NOMEM(env);
}

eddy_expr *eddy_lit(eddy_env *env, const char *sql_literal) {
    if (!env_ok(env)) return NULL;
    if (!sql_literal) return eddy__api_err(env, EDDY_E_MISUSE, "lit: the literal is NULL."), NULL;
    EdErr err = {0};
    AstExpr *e;
    if (eddy__sql_parse_expr(&env->arena, sql_literal, strlen(sql_literal), &e, &err))
        return eddy__api_take(env, &err), NULL;
    return new_expr(env, e);
}

eddy_expr *eddy_lit_int(eddy_env *env, int32_t v) {
    char buf[32];
    snprintf(buf, sizeof buf, "%d", (int)v);
    return eddy_lit(env, buf);
}

eddy_expr *eddy_lit_long(eddy_env *env, int64_t v) {
    char buf[64];
    snprintf(buf, sizeof buf, "CAST(%lld AS BIGINT)", (long long)v);
    return eddy_lit(env, buf);
}

eddy_expr *eddy_lit_double(eddy_env *env, double v) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.17gE0", v);
    if (strchr(buf, 'e') || strchr(buf, 'n') || strchr(buf, 'i')) snprintf(buf, sizeof buf, "CAST('%.17g' AS DOUBLE)", v);
    return eddy_lit(env, buf);
}

eddy_expr *eddy_lit_string(eddy_env *env, const char *v) {
    if (!env_ok(env)) return NULL;
    if (!v) return eddy__api_err(env, EDDY_E_MISUSE, "lit_string: the string is NULL."), NULL;
    AstExpr *e = eddy__arena_alloc(&env->arena, sizeof *e);
    char *copy = eddy__arena_strdup(&env->arena, v);
    if (!e || !copy) return NOMEM(env);
    e->kind = AST_LITERAL;
    e->depth = 1;
    e->u.lit.lit_kind = AST_LIT_STRING;
    e->u.lit.value = copy;
    e->u.lit.value_len = strlen(copy);
    e->u.lit.nfrags = 1;
    return new_expr(env, e);
}

eddy_expr *eddy_lit_bool(eddy_env *env, bool v) { return eddy_lit(env, v ? "TRUE" : "FALSE"); }

eddy_expr *eddy_call(eddy_env *env, const char *fn, ...) {
    if (!env_ok(env)) return NULL;
    if (!fn) return eddy__api_err(env, EDDY_E_MISUSE, "call: the function name is NULL."), NULL;
    ED_VEC(AstExpr *) args = {0};
    va_list ap;
    va_start(ap, fn);
    bool bad = false;
    for (eddy_expr *x = va_arg(ap, eddy_expr *); x; x = va_arg(ap, eddy_expr *)) {
        if (x->env != env) bad = true;
        if (!ed_vec_push(&args, x->item.expr)) bad = true;
    }
    va_end(ap);
    if (bad) {
        ed_vec_free(&args);
        return eddy__api_err(env, EDDY_E_MISUSE, "call: an argument is from another env, or memory ran out."), NULL;
    }
    /* Table API method names and SQL operators alike: build "fn(args)" as
     * the Table API parser would see it, then put the arguments in */
    Buf text;
    eddy__buf_init(&text);
    eddy__buf_printf(&text, "%s(", fn);
    for (size_t i = 0; i < args.len; i++) eddy__buf_printf(&text, "%s$%zu", i ? ", " : "", i);
    eddy__buf_putc(&text, ')');
    AstExpr *e = NULL;
    static const char *ops[] = {"+", "-", "*", "/", "%", "=", "<>", "<", "<=", ">", ">=", "AND", "OR"};
    bool binary = false;
    for (size_t i = 0; i < ED_ARRAY_LEN(ops); i++) binary = binary || eddy__str_ieq(fn, ops[i]);
    if (binary && args.len == 2) {
        const char *name = eddy__str_ieq(fn, "AND") ? "AND" : eddy__str_ieq(fn, "OR") ? "OR" : eddy__arena_strdup(&env->arena, fn);
        e = name ? call_ast(&env->arena, name, args.items, 2) : NULL;
        if (e) e->u.call.syntax = AST_SYN_BINARY;
    } else if (eddy__str_ieq(fn, "NOT") && args.len == 1) {
        e = call_ast(&env->arena, "NOT", args.items, 1);
    } else {
        AstExpr *parsed = parse_one(env, eddy__buf_cstr(&text), "call");
        if (parsed) {
            /* put the argument trees where the parser saw $0, $1, ... */
            if (parsed->kind == AST_CALL) {
                for (int i = 0; i < parsed->u.call.nargs && (size_t)i < args.len; i++)
                    parsed->u.call.args[i] = args.items[i];
            } else if (parsed->kind == AST_LIKE && args.len == 2) {
                parsed->u.like.operand = args.items[0];
                parsed->u.like.pattern = args.items[1];
            } else if (parsed->kind == AST_BETWEEN && args.len == 3) {
                parsed->u.between.operand = args.items[0];
                parsed->u.between.low = args.items[1];
                parsed->u.between.high = args.items[2];
            } else if (parsed->kind == AST_IN && args.len >= 1) {
                parsed->u.in.operand = args.items[0];
                for (int i = 0; i < parsed->u.in.nlist; i++) parsed->u.in.list[i] = args.items[i + 1];
            }
            e = parsed;
        }
    }
    eddy__buf_free(&text);
    ed_vec_free(&args);
    if (!e) return env_ok(env) ? NOMEM(env) : NULL;
    return new_expr(env, e);
}

eddy_expr *eddy_expr_parse(eddy_env *env, const char *expr) {
    if (!env_ok(env)) return NULL;
    AstTableItem **items;
    int n = parse_items(env, expr, &items);
    if (n < 0) return NULL;
    if (n != 1) return fail(env, "expr_parse expects a single expression, but was: %s", expr);
    eddy_expr *x = new_expr(env, items[0]->expr);
    if (x) x->item = *items[0];
    return x;
}

eddy_expr *eddy_expr_as(eddy_expr *e, const char *name) {
    if (!e || !env_ok(e->env)) return NULL;
    if (!name) return eddy__api_err(e->env, EDDY_E_MISUSE, "as: the name is NULL."), NULL;
    AstIdent **ids = eddy__arena_alloc(&e->env->arena, sizeof(AstIdent *));
    AstIdent *id = eddy__arena_alloc(&e->env->arena, sizeof *id);
    if (!ids || !id || !(id->name = eddy__arena_strdup(&e->env->arena, name))) return NOMEM(e->env);
    ids[0] = id;
    e->item.aliases = ids;
    e->item.naliases = 1;
    return e;
}

eddy_expr *eddy_expr_asc(eddy_expr *e) {
    if (e) e->item.order = 1;
    return e;
}

eddy_expr *eddy_expr_desc(eddy_expr *e) {
    if (e) e->item.order = 2;
    return e;
}

/* The items of built expressions (all from t's env); n < 0 on error. */
static int expr_items(eddy_env *env, eddy_expr *const *exprs, size_t n, AstTableItem ***out) {
    if (!exprs && n) return eddy__api_err(env, EDDY_E_MISUSE, "Table API: the expression array is NULL."), -1;
    AstTableItem **items = eddy__arena_alloc(&env->arena, sizeof(AstTableItem *) * (n + 1));
    if (!items) return NOMEM(env), -1;
    for (size_t i = 0; i < n; i++) {
        if (!exprs[i]) return eddy__api_err(env, EDDY_E_MISUSE, "Table API: expression %zu is NULL.", i), -1;
        if (exprs[i]->env != env)
            return eddy__api_err(env, EDDY_E_MISUSE, "Table API: expression %zu belongs to another env.", i), -1;
        items[i] = &exprs[i]->item;
    }
    *out = items;
    return (int)n;
}

eddy_table *eddy_table_select_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n) {
    if (!usable(t)) return NULL;
    AstTableItem **items = NULL;
    int n_items = expr_items(env_of(t), exprs, n, &items); /* before items is read */
    return select_items(t, items, n_items);
}

eddy_table *eddy_table_where_expr(eddy_table *t, eddy_expr *predicate) {
    if (!usable(t)) return NULL;
    AstTableItem **items;
    if (expr_items(env_of(t), &predicate, 1, &items) < 0) return NULL;
    return where_ast(t, items[0]->expr);
}

eddy_table *eddy_table_add_columns_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n) {
    if (!usable(t)) return NULL;
    AstTableItem **items = NULL;
    int n_items = expr_items(env_of(t), exprs, n, &items); /* before items is read */
    return add_columns(t, items, n_items);
}

eddy_table *eddy_table_order_by_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n) {
    if (!usable(t)) return NULL;
    AstTableItem **items = NULL;
    int n_items = expr_items(env_of(t), exprs, n, &items); /* before items is read */
    return order_by(t, items, n_items);
}

eddy_grouped_table *eddy_table_group_by_exprs(eddy_table *t, eddy_expr *const *exprs, size_t n) {
    if (!usable(t)) return NULL;
    AstTableItem **items = NULL;
    int n_items = expr_items(env_of(t), exprs, n, &items); /* before items is read */
    return group_by(t, items, n_items, NULL);
}

eddy_table *eddy_grouped_table_select_exprs(eddy_grouped_table *g, eddy_expr *const *exprs, size_t n) {
    if (!g || !usable(g->t)) return NULL;
    AstTableItem **items = NULL;
    int n_items = expr_items(env_of(g->t), exprs, n, &items); /* before items is read */
    return grouped_select(g, items, n_items);
}

eddy_table *eddy_table_join_on(eddy_table *left, eddy_table *right, eddy_expr *condition) {
    if (!usable(left)) return NULL;
    AstTableItem **items;
    if (condition && expr_items(env_of(left), &condition, 1, &items) < 0) return NULL;
    return join(left, right, AST_JOIN_INNER, condition ? items[0]->expr : NULL, false);
}
